"""A numbered plan answered by its numbers ("1 yes, 2 no", "only #2", "1 and 2"): the yes covers the
call its line describes, and no other."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.plan_picks import plan_lines, plan_picks
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs


def test_plan_lines_are_the_numbered_blocks_with_their_sub_bullets() -> None:
    text = ("Here is the plan:\n1. **Exchange** the lamp\n   - new: blue\n2) Return the kettle\n\nOK?")
    assert plan_lines(text) == {1: "**Exchange** the lamp\n   - new: blue\n", 2: "Return the kettle\n\nOK?"}
    assert plan_lines("1. Only one step here") == {}
    assert plan_lines("Your bill is $12.50 and 2.5 GB are left.") == {}


@pytest.mark.parametrize(("reply", "picks"), [
    ("1 yes, 2 no", {1: True, 2: False}),
    ("1 yes 2 no", {1: True, 2: False}),
    ("yes to 1, no to 2", {1: True, 2: False}),
    ("#2 only please", {2: True}),
    ("do number 1", {1: True}),
    ("1 and 3", {1: True, 3: True}),
    ("1 only, not 2", {1: True, 2: False}),
    ("no, just 3", {3: True}),
])
def test_a_reply_of_picks_says_yes_or_no_to_each_number(reply: str, picks: dict[int, bool]) -> None:
    assert plan_picks(reply, 3) == picks


@pytest.mark.parametrize("reply", ["yes", "2 bags please", "yes, $5 is fine", "4 and 1", "1 pm works",
                                   "yes to 1 but change the color to red"])
def test_a_reply_that_says_more_than_picks_is_not_read_as_picks(reply: str) -> None:
    assert plan_picks(reply, 3) is None


LINES = [{"line_id": "L1004", "phone_number": "555-123-2004", "customer_id": "C1002", "roaming_enabled": True},
         {"line_id": "L1005", "phone_number": "555-123-2005", "customer_id": "C1002", "roaming_enabled": True}]
PLAN = ("Here's what I'll do:\n\n1. **Disable roaming** on line **L1004** (555-123-2004)\n"
        "2. **Disable roaming** on line **L1005** (555-123-2005)\n\nShall I go ahead?")


def _roaming_ok(convo: Any, reply: str) -> list[bool]:
    """Whether disabling roaming on L1004, then on L1005, passes the workflow check after the reply."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1002 here. Please turn off roaming on 555-123-2004 and 555-123-2005.")
    for line in LINES:
        c.call("get_details_by_id", {"id": line["line_id"]}, line)
    c.say(PLAN)
    c.user(reply)
    calls = [c.call("disable_roaming", {"customer_id": "C1002", "line_id": line["line_id"]}, {**line, "ok": True})
             for line in LINES]
    decisions = {d.message_index: d for d in certify_interaction(c.build()).decisions}
    return [not [k for k in map(reason_kind, decisions[i].reasons) if reason_check(k) == "workflow"] for i in calls]


@pytest.mark.parametrize(("reply", "first", "second"), [
    ("1 yes, 2 no", True, False),  # was a yes to both
    ("1 yes 2 no", True, False),
    ("only 1", True, False),  # was no yes at all
    ("just #2", False, True),
    ("1 and 2", True, True),
    ("2 only please", False, True),
    ("no to 1, yes to 2", False, True),
    ("yes", True, True),
])
def test_a_numbered_plan_answered_by_number(convo, reply: str, first: bool, second: bool) -> None:
    assert _roaming_ok(convo, reply) == [first, second]


def test_a_retail_plan_answered_by_number(convo) -> None:
    order = {"order_id": "#W4794911", "user_id": "yusuf_garcia_3055", "status": "delivered", "items": [
        {"name": "Desk Lamp", "product_id": "6817146515", "item_id": "9190635437", "price": 153.23},
        {"name": "Electric Kettle", "product_id": "1075968781", "item_id": "5268233322", "price": 155.99}],
        "payment_history": [{"payment_method_id": "paypal_7503218", "amount": 309.22}]}
    plan = ("Here's the plan for order #W4794911:\n1. Return the **Desk Lamp** (9190635437), $153.23 back to "
            "PayPal\n2. Return the **Electric Kettle** (5268233322), $155.99 back to PayPal\nConfirm which to do?")
    verdicts = []
    for item in ("9190635437", "5268233322"):
        c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
        c.user("I want to return things from order #W4794911.")
        c.call("get_order_details", {"order_id": "#W4794911"}, order)
        c.say(plan)
        c.user("2 no, 1 yes")
        i = c.call("return_delivered_order_items", {"order_id": "#W4794911", "item_ids": [item],
                                                    "payment_method_id": "paypal_7503218"}, order)
        d = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
        verdicts.append(d.eligible)
    assert verdicts == [True, False]
