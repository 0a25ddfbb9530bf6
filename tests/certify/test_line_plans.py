"""The plan a text puts a line on must be the one its records show (certify/line_plans.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.line_plans import LinePlans, misplanned_labels, misplanned_lines
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

LINE = {"line_id": "L1003", "phone_number": "555-123-2003", "status": "Active", "plan_id": "P1001"}
BILL = {"bill_id": "B1002", "line_items": [
    {"description": "Premium Plan - Line 555-123-2002", "amount": 65.0, "item_type": "Plan Charge"},
    {"description": "Basic Plan - Line 555-123-2003", "amount": 40.0, "item_type": "Plan Charge"}]}


def _book(*records: Any) -> LinePlans:
    book = LinePlans()
    book.update([orjson.dumps(r).decode().lower() for r in records])
    return book


@pytest.mark.parametrize(("text", "found"), [
    # blind set 61, t61_09: the plan of the other line on the bill
    ("Done. Line 555-123-2003 is active again on the Premium Plan, so your son can use it.",
     [("555-123-2003", "Premium Plan", "basic plan")]),
    ("Done. Line 555-123-2003 is active again on the Basic Plan.", []),
    ("Line 555-123-2003 (L1003) is on the **Premium Plan**.", [("555-123-2003", "Premium Plan", "basic plan")]),
    ("Line 555-123-2002 is on the Premium Plan.", []),  # that line's own plan
    ("I can move 555-123-2003 to the Premium Plan if you like.", []),  # an option, not its plan now
    ("555-123-2003 is on the Basic Plan and 555-123-2002 on the Premium Plan.", []),  # two of each
    # blind audit t63_04: the plan listed among what the line is
    ("Line L1003 is 555-123-2003, Active, Premium Plan, and roaming is currently disabled.",
     [("L1003", "Premium Plan", "basic plan")]),
    ("Line L1003 is 555-123-2003, Active, Basic Plan, and roaming is currently disabled.", []),
    ("Line L1003 is active, and the Premium Plan would give it 15 GB.", []),  # an option
])
def test_a_line_put_on_a_plan(text: str, found: list[tuple[str, str, str]]) -> None:
    assert misplanned_lines(text, _book(LINE, BILL)) == found


def test_the_plans_own_record_names_it_and_the_latest_record_wins() -> None:
    plans = [{"plan_id": "P1001", "name": "Starter"}, {"plan_id": "P1002", "name": "Premium Plan"}]
    text = "Line L1003 is on the Premium Plan now."
    assert misplanned_lines(text, _book(LINE, *plans)) == [("L1003", "Premium Plan", "starter")]
    assert misplanned_lines(text, _book(LINE, *plans, {**LINE, "plan_id": "P1002"})) == []  # changed since


LINES = [{"line_id": "L1001", "phone_number": "555-123-2001", "status": "Active", "plan_id": "P1001"},
         {"line_id": "L1002", "phone_number": "555-123-2002", "status": "Active", "plan_id": "P1002"}]
PREMIUM = {"plan_id": "P1002", "name": "Premium Plan", "data_limit_gb": 15.0, "price_per_month": 65.0}


@pytest.mark.parametrize(("text", "found"), [
    # blind set 74, t74_06: a line named by its last four digits, P1001's own name never read
    ("Your number 555-123-2002 is on the Premium Plan. The 2001 number is on the same Premium Plan.",
     [("L1001", "Premium Plan", "P1001")]),
    ("The line ending in 2001 is on the Premium Plan.", [("L1001", "Premium Plan", "P1001")]),
    ("The 2002 number is on the Premium Plan.", []),  # its own plan
    ("The 2009 number is on the Premium Plan.", []),  # no line ends so
    ("The 2001 number is on the Basic Plan.", []),  # a plan no record names: nothing to compare
])
def test_a_line_by_its_last_digits_on_a_plan_named_for_another(text: str, found: list[tuple[str, str, str]]) -> None:
    assert misplanned_lines(text, _book(*LINES, PREMIUM)) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Done. Line 555-123-2003 is active again on the Premium Plan.", ["text_misplanned_line"]),
    ("Done. Line 555-123-2003 is active again on the Basic Plan.", []),
])
def test_a_report_after_resuming_a_line(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Please resume my son's line 555-123-2003. I'm C1001.")
    c.call("get_details_by_id", {"id": "L1003"}, {**LINE, "status": "Suspended"})
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [BILL])
    c.say("Line 555-123-2003 (L1003) is suspended; no bill is overdue. Resume it now?")
    c.user("Yes, please do.")
    c.call("resume_line", {"customer_id": "C1001", "line_id": "L1003"},
           {"message": "Line resumed successfully", "line": LINE})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind set 62, t62_07: a summary of one line, its plan on a label line
    ("### Line 555-123-2003\n- **Status:** Suspended\n- **Plan:** P1002\nShall I resume it?",
     [("555-123-2003", "P1002", "P1001")]),
    ("### Line 555-123-2003\n- **Status:** Suspended\n- **Plan:** P1001\nShall I resume it?", []),
    ("### Line 555-123-2003 (L1003)\n- Plan: Premium Plan", [("555-123-2003", "Premium Plan", "basic plan")]),
    ("### Line 555-123-2003 (L1003)\n- Plan: Basic Plan", []),
    ("Lines 555-123-2002 and 555-123-2003\n- Plan: P1002", []),  # two lines: whose plan is unclear
    # what a change leaves the plan (blind set 90, t90_08 37)
    ("To confirm:\n- **Line:** 555-123-2003\n- **Refuel:** 2.0 GB\n- **Plan:** unchanged (Basic)", []),
    ("To confirm:\n- **Line:** 555-123-2003\n- **Refuel:** 2.0 GB\n- **Plan:** Unlimited (Basic)",
     [("555-123-2003", "Unlimited", "basic plan")]),
])
def test_a_lines_plan_on_a_label_line(text: str, found: list[tuple[str, str, str]]) -> None:
    line2 = {"line_id": "L1002", "phone_number": "555-123-2002", "plan_id": "P1002"}
    assert misplanned_labels(text, _book(LINE, line2, BILL)) == found
