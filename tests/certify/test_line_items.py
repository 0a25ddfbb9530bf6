"""A text that gives a bill's line item to another object than the one its description names is not
grounded (certify/line_items.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.line_items import ItemBook, misassigned, misbilled, miskinded
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

BILL = {"bill_id": "B1001", "total_due": 160.5, "status": "Paid", "line_items": [
    {"description": "Basic Plan - Line 555-123-2001", "amount": 40.0, "item_type": "Plan Charge"},
    {"description": "Premium Plan - Line 555-123-2002", "amount": 65.0, "item_type": "Plan Charge"},
    {"description": "Basic Plan - Line 555-123-2003", "amount": 40.0, "item_type": "Plan Charge"},
    {"description": "Data Overage - Line 555-123-2002", "amount": 15.5, "item_type": "Overage"}]}


def _book(*observations: Any) -> ItemBook:
    index = EvidenceIndex()
    for obs in observations:
        index.add_observation(orjson.dumps(obs).decode(), True)
    return ItemBook(index)


@pytest.mark.parametrize(("text", "out"), [
    ("The bill included a $15.50 data overage on 555-123-2001.", [("$15.50", "555-123-2001", "5551232002")]),
    ("The bill included a $15.50 data overage on 555-123-2002.", []),
    ("Line 555-123-2003 is charged $40.00 for its plan.", []),  # two lines pay $40: its own is one
    ("Line 555-123-2001 pays $65.00 a month.", [("$65.00", "555-123-2001", "5551232002")]),
    ("555-123-2001 pays $40.00 and 555-123-2002 adds a $15.50 overage.", []),
    ("Bill B1001 totals $160.50.", []),  # no line item has that amount
    ("The $15.50 overage is on your account.", []),  # no object of the item's kind named
    # A sum of plan charges is said of no line; the overage after it is said of the line it names.
    ("B1001 had the plan charges ($40 + $65 + $40 = $145) plus a $15.50 data overage on 555-123-2002.", []),
    ("B1001 had the plan charges ($40 + $65 + $40 = $145) plus a $15.50 data overage on 555-123-2001.",
     [("$15.50", "555-123-2001", "5551232002")]),
    ("Plans cost $40 and 555-123-2002 had the overage.", []),  # "and": another clause's object
    # A charge foreseen by likeness is no claim about the bill.
    ("2002 had a $15.50 overage, so expect a $15.50 overage for 555-123-2001 as well.", []),
    # After "and", an amount goes with the object after it.
    ("It is $65.00 for Premium on 555-123-2002 and $40.00 for the Basic plan on 555-123-2003.", []),
    ("It is $65.00 for Premium on 555-123-2002 and $15.50 for the Basic plan on 555-123-2003.",
     [("$15.50", "555-123-2003", "5551232002")]),
    # A list of lines, each with its charge in brackets, and a line with the words of its plan between.
    ("B1001: Basic for 555-123-2001 ($40), Premium for 555-123-2002 ($65).", []),
    ("B1001: Basic for 555-123-2001 ($65), Premium for 555-123-2002 ($40).",
     [("$65", "555-123-2001", "5551232002"), ("$40", "555-123-2002", "5551232001, 5551232003")]),
    ("555-123-2001 is on the Premium plan at $65.00 a month.", [("$65.00", "555-123-2001", "5551232002")]),
    ("555-123-2002 is on the Premium plan at $65.00 a month.", []),
    # the bill named before the amount, the line after it: the line is the item's kind (blind set 61, t61_03)
    ("Your bill B1001 has a $15.50 data overage for line 555-123-2001, plus its $40.00 plan charge.",
     [("$15.50", "555-123-2001", "5551232002")]),
    ("Your bill B1001 has a $15.50 data overage for line 555-123-2002, plus its $65.00 plan charge.", []),
    # a list of lines, each item its own (blind set 86, t86_12 91)
    ("From the January bill:\n- 555-123-2002 (Premium Plan): **$65.00**\n- 555-123-2001 (Basic Plan): $40.00", []),
    ("From the January bill:\n- 555-123-2002: **$40.00**\n- 555-123-2001: $65.00",
     [("$40.00", "555-123-2002", "5551232001, 5551232003"), ("$65.00", "555-123-2001", "5551232002")]),
    # a table's rows, each its own (blind set 87, t87_11 61), as read with the columns' names
    ("Basic 555-123-2001 | January (B1001) $40.00\nPremium 555-123-2002 | January (B1001) $65.00", []),

])
def test_a_line_items_amount_given_to_another_line(text: str, out: list[tuple[str, str, str]]) -> None:
    assert misassigned(text, _book(BILL)) == out


def test_an_amount_shown_as_something_else_too_is_no_line_items_alone() -> None:
    plan = {"plan_id": "P1002", "name": "Premium Plan", "price_per_month": 65.0}
    fee = {"message": "Line suspended. A $15.50 fee applies.", "line_id": "L1001"}
    assert misassigned("Premium on 555-123-2001 is $65.00.", _book(BILL, plan)) == []
    assert misassigned("555-123-2001 now pays the $15.50 fee.", _book(BILL, fee)) == []


def test_items_shown_after_the_first_question_are_read_too() -> None:
    index = EvidenceIndex()
    book = ItemBook(index)
    assert misassigned("555-123-2001 has a $15.50 overage.", book) == []
    index.add_observation(orjson.dumps(BILL).decode(), True)
    assert [m[1] for m in misassigned("555-123-2001 has a $15.50 overage.", book)] == ["555-123-2001"]


@pytest.mark.parametrize(("line", "eligible"), [("555-123-2001", False), ("555-123-2002", True)])
def test_a_bill_summary_that_moves_a_charge_to_another_line(convo: Any, line: str, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Why was January so expensive? I'm customer C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [BILL])
    i = c.say(f"Your January bill B1001 came to $160.50. It included a $15.50 data overage on {line}.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.eligible is eligible
    assert [reason_kind(r) for r in decision.reasons] == ([] if eligible else ["text_misattributed"])


FEBRUARY = {"bill_id": "B1002", "total_due": 150.0, "status": "Issued", "line_items": [
    {"description": "Basic Plan - Line 555-123-2001", "amount": 40.0, "item_type": "Plan Charge"},
    {"description": "Suspension Fee - Line 555-123-2003", "amount": 5.0, "item_type": "Fee"}]}


@pytest.mark.parametrize(("text", "out"), [
    # blind audit t65_11: "That" is the bill the sentence before named
    ("Your February bill (B1002) is $150.00, still unpaid. That includes a $15.50 data overage on 555-123-2002.",
     [("$15.50", "B1002", "B1001")]),
    ("Your January bill (B1001) is $160.50. That includes a $15.50 data overage on 555-123-2002.", []),
    ("B1002 includes a $5.00 suspension fee.", []),
    ("B1001 includes a $5.00 suspension fee.", [("$5.00", "B1001", "B1002")]),
    # a list under one bill, then a line about another (blind set 65, t65_01)
    ("B1002 has four items:\n- Basic Plan, line 555-123-2001: $40.00\n- Suspension fee: $5.00\n\n"
     "January's bill (B1001) included a $15.50 data overage.", []),
    # two bills, one a clause (blind set 84: t84_02 74 and the same answer in t84_04, t84_06, t84_11)
    ("January (B1001, $160.50) had the plan charges plus a **$5.00 suspension fee**, and February (B1002, $150.00) "
     "added a $15.50 data overage.", [("$5.00", "B1001", "B1002"), ("$15.50", "B1002", "B1001")]),
    ("January (B1001, $160.50) had a $15.50 data overage, and February (B1002, $150.00) added a $5.00 suspension fee.",
     []),
])
def test_a_charge_said_to_be_on_another_bill(text: str, out: list[tuple[str, str, str]]) -> None:
    assert misbilled(text, _book([BILL, FEBRUARY])) == out


@pytest.mark.parametrize(("text", "out"), [
    # blind set 87, t87_11 59: the $15.50 item is a data overage
    ("January's B1001 was $160.50 because it included a **$15.50 roaming charge** on 555-123-2002.",
     [("$15.50", "roaming", "data overage - line 555-123-2002")]),
    ("January's B1001 was $160.50 because it included a **$15.50 data overage** on 555-123-2002.", []),
    ("It included a roaming charge of $15.50.", [("$15.50", "roaming", "data overage - line 555-123-2002")]),
    ("February added a $5.00 suspension fee.", []),
    ("February added a $5.00 late fee.", [("$5.00", "late", "suspension fee - line 555-123-2003")]),
    ("A $15.50 overage would apply again.", []),  # foreseen, not what a bill shows
    ("Roaming costs $40.00 more.", []),  # no kind of charge given to the amount
    ("A $12.00 roaming charge is not on any bill.", []),  # no line item of that amount
])
def test_a_charge_given_another_kind_than_its_line_items(text: str, out: list[tuple[str, str, str]]) -> None:
    assert miskinded(text, _book([BILL, FEBRUARY])) == out


@pytest.mark.parametrize(("kind", "eligible"), [("roaming charge", False), ("data overage", True)])
def test_a_bill_summary_that_calls_an_overage_a_roaming_charge(convo: Any, kind: str, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Why was January higher than February? I'm customer C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [BILL, FEBRUARY])
    i = c.say(f"January's **B1001** was **$160.50** because it included a **$15.50 {kind}** on 555-123-2002.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.eligible is eligible, decision.reasons
