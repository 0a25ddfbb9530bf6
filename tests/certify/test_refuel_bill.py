"""A refuel is charged on the next bill where the policy says so: a text that puts it on another bill
is against the policy (certify/refuel_bill.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.refuel_bill import next_bill_rule, refuel_billed_elsewhere
from trajectory2gym.envs.registry import tool_specs

POLICY = ("You are a telecom agent. Account actions: add data to a line (the refuel is charged on the next bill; "
          "tell the customer the price and get their yes first).")
STATUS = {"B1002": "Issued", "B1003": "Draft"}
MONTHS = {"february": "B1002", "march": "B1003"}


def test_the_policys_next_bill_rule() -> None:
    assert next_bill_rule(POLICY) == "refuel is charged on the next bill"
    assert next_bill_rule("You are a telecom agent. Refuels cost $2 per GB.") == ""


@pytest.mark.parametrize(("text", "found"), [
    # blind sets 77 (t77_09) and 67 (t67_01): the current bill, an issued one, one never shown
    ("Added. The $2.00 will show up on your current February bill (B1002).", 1),
    ("- Charge: $2.00, on your February bill (B1002)", 1),
    ("The $2.00 is on bill B1009.", 1),  # never shown
    ("The $2.00 goes on your next bill.", 0),
    ("The $2.00 will be on your March bill.", 0),  # the Draft one
    ("The $2.00 is on bill B1003.", 0),
    ("The $5.00 suspension fee on your February bill belongs to L1003.", 0),  # another charge
    # an overage's amount, "Data" in its line's name (blind set 86, t86_05 61)
    ("I can't tell you how the $15.50 was calculated, only that it's listed as Data Overage on the February bill.", 0),
    ("The $2.00 for the data is on your February bill.", 1),
])
def test_a_refuels_charge_on_another_bill(text: str, found: int) -> None:
    assert len(refuel_billed_elsewhere(text, STATUS.get, MONTHS.get, {200})) == found


@pytest.mark.parametrize(("text", "found"), [
    # blind set 81, t81_03 64: charged at once, or to a card, not on a bill
    ("Yes - refuels are charged immediately to the Credit Card ending in 1235 on your account.", 1),
    ("The 2 GB refuel is charged to your card on file.", 1),
    ("The 2 GB refuel is charged on your next bill, not to your card.", 0),
    ("Your data is working now.", 0),
])
def test_a_refuel_charged_at_once_or_to_a_card(text: str, found: int) -> None:
    from trajectory2gym.certify.refuel_bill import refuel_charged_now

    assert len(refuel_charged_now(text)) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Added. The $2.00 will show up on your current February bill (B1002).", ["text_contradicts_policy"]),
    ("Added. The $2.00 will show up on your next bill.", []),
])
def test_a_refuel_reported_on_the_current_bill(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom", system=POLICY)
    c.user("I'm out of data on L1002, customer C1001. Add 1 GB please.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1002", "period_start": "2025-02-01", "status": "Issued", "total_due": 150.0}])
    c.say("1 GB costs $2.00, charged on your next bill. Shall I add it?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0},
           {"message": "Successfully added 1.0 GB of data for line L1002 for $2.00", "charge": 2.0})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found
