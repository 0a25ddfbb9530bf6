"""A policy's rules on one turn's shape (certify/turn_rules.py): "Make one tool call at a time and do
not answer the customer in the same turn as a call" (blind set 81: r81_04 26, r81_10 53, r81_12 15)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.turn_rules import turn_rules
from trajectory2gym.envs.airline.policy import POLICY as AIRLINE
from trajectory2gym.envs.retail.policy import POLICY as RETAIL
from trajectory2gym.envs.telecom.policy import POLICY as TELECOM

TAU_BENCH = ("You should at most make one tool call at a time, and if you take a tool call, you should not "
             "respond to the user at the same time.")


@pytest.mark.parametrize(("policy", "one", "alone"), [
    (RETAIL, True, True),
    (AIRLINE, True, True),
    (TAU_BENCH, True, True),
    (TELECOM, False, False),  # the telecom policy sets neither
    ("Answer the customer in the same turn as the call when it helps.", False, False),
])
def test_the_rules_a_policy_sets(policy: str, one: bool, alone: bool) -> None:
    found = turn_rules(policy)
    assert (bool(found[0]), bool(found[1])) == (one, alone)


USER = {"user_id": "noah_brown_6181", "orders": ["#W123", "#W456"]}


def _kinds(convo: Any, order_w123: dict[str, Any], policy: str, *, two: bool, content: str | None) -> list[str]:
    c = convo(system=policy)
    c.user("My email is noah.brown@example.com. What's in my orders #W123 and #W456?")
    c.call("find_user_id_by_email", {"email": "noah.brown@example.com"}, "noah_brown_6181")
    c.call("get_user_details", {"user_id": "noah_brown_6181"}, USER)
    specs: list[tuple[str, dict[str, Any], Any]] = [("get_order_details", {"order_id": "#W123"}, order_w123)]
    if two:
        specs.append(("get_order_details", {"order_id": "#W456"}, {**order_w123, "order_id": "#W456"}))
    i = c.calls(*specs, content=content)
    d = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert d.eligible == (not d.reasons)
    return [reason_kind(r) for r in d.reasons]


@pytest.mark.parametrize(("policy", "two", "content", "kinds"), [
    (RETAIL, False, None, []),
    (RETAIL, True, None, ["several_calls"]),
    (RETAIL, False, "Let me pull up that order for you, one moment!", ["reply_with_call"]),
    (RETAIL, True, "Checking both now.", ["several_calls", "reply_with_call"]),
    (RETAIL, False, "  \n", []),  # no reply: only whitespace
    (AIRLINE, True, None, ["several_calls"]),
    (TELECOM, True, "Let me check both.", []),  # a policy without the rules allows both
])
def test_a_turn_that_breaks_them(convo, order_w123, policy: str, two: bool, content: str | None,
                                 kinds: list[str]) -> None:
    assert _kinds(convo, order_w123, policy, two=two, content=content) == kinds
