"""A cause given for a flight's delay, which no tool reports: visible only where the user or an
observation states it (blind sets 95, 98 and 99: a95_07 14, a98_08 8, a99_07 10)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.stated_causes import unseen_causes
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("text", "seen", "found"), [
    ("The delay is due to a late-arriving aircraft from the previous rotation.", set(),
     ["a late-arriving aircraft from the previous rotation"]),
    ("The delay was caused by weather in Atlanta.", {"atlanta"}, ["weather in Atlanta"]),  # the head is unseen
    ("The delay was caused by weather in Atlanta.", {"weather"}, []),  # the user said it
    ("I can't see why it is delayed; it may be due to weather.", set(), []),  # not said as known
    ("Is the delay due to weather?", set(), []),  # asked
    ("Your refund is due to arrive in 5 days.", set(), []),  # no delay's cause
])
def test_a_cause_of_a_delay_needs_a_visible_head(text: str, seen: set[str], found: list[str]) -> None:
    assert unseen_causes(text, seen.__contains__) == found


@pytest.mark.parametrize(("user", "kinds"), [
    ("Yes. So why is it delayed?", ["text_not_visible"]),
    ("Yes. The pilot said it's a late-arriving aircraft, right?", []),
])
def test_a_delay_cause_in_a_conversation(convo: Any, at: Any, user: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My flight HAT039 today is delayed. Reservation M61CQM.")
    c.call("get_reservation_details", {"reservation_id": "M61CQM"}, {
        "reservation_id": "M61CQM", "cabin": "economy",
        "flights": [{"flight_number": "HAT039", "date": "2024-05-15", "price": 180}]})
    c.say("HAT039 is on reservation M61CQM, today (2024-05-15), economy.")
    c.user(user)
    i = c.say("The delay is due to a late-arriving aircraft.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_not_visible"] == kinds
