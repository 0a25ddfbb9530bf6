"""A suspended line resumed while its bill is still overdue (certify/resume_rule.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.resume_rule import overdue_bill, resume_after_payment_rule
from trajectory2gym.envs.registry import tool_specs
from trajectory2gym.envs.telecom.policy import POLICY


@pytest.mark.parametrize(("policy", "found"), [
    (POLICY, True),
    ("Lines suspended for an unpaid bill must have the bill paid before you resume them.", True),
    ("You may suspend or resume a line when the customer asks.", False),
])
def test_the_rule_is_read_from_each_policy(policy: str, found: bool) -> None:
    assert bool(resume_after_payment_rule(policy)) is found


def test_an_overdue_bill_not_paid_since() -> None:
    statuses = {"b1001": "Paid", "b1002": "Overdue"}
    assert overdue_bill(["b1001", "b1002"], statuses.get, lambda bill: False) == "b1002"
    assert overdue_bill(["b1001", "b1002"], statuses.get, lambda bill: bill == "b1002") == ""  # paid by the user
    assert overdue_bill(["b1001"], statuses.get, lambda bill: False) == ""


@pytest.mark.parametrize(("status", "paid", "kinds"), [
    # blind set 92 (t92_06 67) and set 87 (t87_06 34): resumed while the bill still shows Overdue
    ("Overdue", False, ["against_policy"]),
    ("Overdue", True, []),  # the user paid it on the phone since
    ("Paid", False, []),
])
def test_a_line_resumed_while_its_bill_is_overdue(convo: Any, at: Any, status: str, paid: bool,
                                                  kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom", system=POLICY)
    c.user("I'm C1001. My grandson's tablet line L1003 is suspended, can you switch it back on?")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1002", "customer_id": "C1001", "total_due": 150.0, "status": status}])
    c.call("get_details_by_id", {"id": "L1003"}, {"line_id": "L1003", "status": "Suspended"})
    if paid:
        c.say("B1002 ($150.00) is overdue. I've sent a payment request to your phone; please pay it there.")
        c.user_runs("make_payment", {}, "Payment of 150.0 USD has been made for bill B1002.")
    c.say("Line L1003 is suspended. I can resume it so the tablet works again. Shall I resume line L1003?")
    c.user("Yes, please.")
    i = c.call("resume_line", {"customer_id": "C1001", "line_id": "L1003"}, "Line resumed successfully")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "against_policy"] == kinds, found
