"""Delivery days said where no record gives one (blind set 96, r96_07 49)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.delivery_days import delivery_days_said
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("text", "said"), [
    ("Order #W6447372 is scheduled to arrive by this Friday.", ["Friday"]),
    ("Your package should be delivered within 3-5 business days.", ["3-5 business days"]),
    ("The order ships tomorrow.", ["tomorrow"]),
    ("Your order will arrive on May 20.", ["May 20"]),
    # a question, a condition, a denial: no day given
    ("Will the order arrive by Friday?", []),
    ("If the order ships tomorrow, you can still change the address today.", []),
    ("I can't tell when the order will be delivered.", []),
    # not an order: a flight arrives at the time its search shows
    ("HAT041 arrives on May 20 at 12:30.", []),
    # an exchange's new item, "ships out" (blind set 101, r101_06 40)
    ("Exchange requested for the watch. The new watch ships out today.", ["today"]),
    ("The new plan starts today.", []),  # no delivery
])
def test_delivery_days_said_of_an_order(text: str, said: list[str]) -> None:
    assert delivery_days_said(text) == said


@pytest.mark.parametrize(("text", "asked", "said"), [
    # "it", where the user asked when their order arrives (blind set 98, r98_10 42)
    ("It's scheduled to arrive by next Friday.", True, ["Friday"]),
    ("It's scheduled to arrive by next Friday.", False, []),  # it may be a flight
    ("You land on Friday.", True, []),  # no "it"
])
def test_delivery_days_said_of_the_order_asked_about(text: str, asked: bool, said: list[str]) -> None:
    assert delivery_days_said(text, asked) == said


@pytest.mark.parametrize(("said", "kinds"), [
    ("Order #W6447372 is scheduled to arrive by this Friday.", ["text_not_visible"]),
    ("Order #W6447372 is still pending; no delivery date is shown yet.", []),
])
def test_an_arrival_day_no_record_gives_is_not_grounded(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("When will my order #W6447372 arrive?")
    c.call("get_order_details", {"order_id": "#W6447372"}, {"order_id": "#W6447372", "status": "pending",
                                                            "items": [], "fulfillments": []})
    # (another order shown as delivered gives no delivery day either: "delivered" is a status)
    c.call("get_order_details", {"order_id": "#W1000001"}, {"order_id": "#W1000001", "status": "delivered",
                                                            "items": [], "fulfillments": []})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
