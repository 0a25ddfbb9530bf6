"""Amounts of data a text claims of a line or a plan are grounded by amounts of data only
(certify/data_amounts.py): not by a money amount or a credit that happens to share the number."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.data_amounts import DataAmountBook, derivable
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

CUSTOMER = {"customer_id": "C1089", "full_name": "Rosa Vargas", "goodwill_credit_used_this_year": 10.0,
            "line_ids": ["L1179"]}
LINE = {"line_id": "L1179", "phone_number": "555-407-1349", "status": "Active", "plan_id": "P1002",
        "data_used_gb": 0.0, "data_refueling_gb": 0.0}
PLAN = {"plan_id": "P1002", "name": "Everyday", "data_limit_gb": 10.0, "price_per_month": 50.0,
        "data_refueling_price_per_gb": 3.0}


def _misses(convo: Any, at: Any, said: str, plan: bool) -> list[str]:
    c = convo()
    c.user("How much data does my Everyday line get? It's 555-407-1349.")
    c.call("get_details_by_id", {"id": "C1089"}, CUSTOMER)
    c.call("get_details_by_id", {"id": "L1179"}, LINE)
    if plan:
        c.call("get_details_by_id", {"id": "P1002"}, PLAN)
    i = c.say(said)
    return at(certify_interaction(c.build()), i).reasons


@pytest.mark.parametrize(("said", "plan", "misses"), [
    # The 10.0 the customer record shows is a credit in dollars, not the plan's data.
    ("The Everyday plan includes 10 GB of data per month.", False, ["10 GB"]),
    ("The Everyday plan includes 10 GB of data per month.", True, []),
    ("Data you use abroad counts against your Everyday plan's 10 GB.", False, ["10 GB"]),
    ("Data you use abroad counts against your Everyday plan's 10 GB.", True, []),
    ("The Everyday plan includes 12 GB of data per month.", True, ["12 GB"]),
    # An offer is the user's to take: its amount is no claim.
    ("I can add 10 GB of data to the line if you like.", False, []),
    ("Would 10 GB be enough for your trip?", False, []),
    # A decimal amount offered, in a sentence that also speaks of the plan: still the user's to take.
    ("I can add 2.0 GB to your line at your plan's $3.0 per GB, which is $6.00. Shall I?", True, []),
    ("Your plan's limit is 12.0 GB; I can add 2.0 GB at $3.0 per GB.", True, ["12.0 GB"]),
    # the offer in another clause than the claim (blind set 73, t73_09)
    ("It gets 12 GB a month, so data stops until you add more.", True, ["12 GB"]),
    ("It gets 10 GB a month, so data stops until you add more.", True, []),
    ("It gets 10 GB a month, so data stops until you add more.", False, ["10 GB"]),
    ("It stops at the limit, so you could add 12 GB for the month.", True, []),  # the offer's own clause
])
def test_a_whole_number_of_gb_claimed_of_a_plan_must_be_shown_as_data(convo: Any, at: Any, said: str, plan: bool,
                                                                       misses: list[str]) -> None:
    assert _misses(convo, at, said, plan) == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ("Done! 3 GB has been added for $6.00. You now have 4.7 GB available for the rest of this cycle.", []),
    # 5.7 is no sum or difference of amounts of data (1.7 left + 3 added is 4.7), whatever the money gives.
    ("Done! 3 GB has been added for $6.00. You now have 5.7 GB available for the rest of this cycle.", ["5.7 GB"]),
    ("Done! 3 GB has been added for $6.00, which gives you about 4.7 GB to use.", []),
    ("Done! 3 GB has been added for $6.00, which gives you about 5.7 GB to use.", ["5.7 GB"]),
    # the amount left after another amount in the same clause: the one before the refuel (blind set 103, t103_04 38)
    ("Done! 3 GB has been added for $6.00. That gives you 20.0 GB with 1.7 GB left.", ["1.7 GB"]),
    ("Done! 3 GB has been added for $6.00. That gives you 23.0 GB with 4.7 GB left.", []),
])
def test_data_left_after_a_refuel_derives_from_amounts_of_data(convo: Any, at: Any, said: str,
                                                              misses: list[str]) -> None:
    c = convo()
    c.user("My data is almost gone on 555-526-7421, how much is left?")
    c.call("get_data_usage", {"customer_id": "C1006", "line_id": "L1009"},
           {"line_id": "L1009", "data_used_gb": 18.3, "data_limit_gb": 20.0, "data_refueling_gb": 0.0})
    c.call("get_details_by_id", {"id": "P1003"},
           {"plan_id": "P1003", "name": "Plus", "data_limit_gb": 20.0, "price_per_month": 70.0,
            "data_refueling_price_per_gb": 2.0})
    c.say("You've used 18.3 GB of your 20 GB allowance, so you have 1.7 GB left. Extra data is $2.00 per GB.")
    c.user("Add 3 GB please.")
    c.call("refuel_data", {"customer_id": "C1006", "line_id": "L1009", "gb_amount": 3.0},
           {"message": "Successfully added 3.0 GB of data for line L1009 for $6.00", "new_data_refueling_gb": 3.0,
            "charge": 6.0})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


def test_the_book_reads_unit_fields_and_written_units_not_prices() -> None:
    book = DataAmountBook()
    book.update(['{"data_limit_gb": 20.0, "data_refueling_price_per_gb": 2.0, "charge": 6.0, '
                 '"message": "successfully added 3.0 gb of data"}', '{"refund": 7.5}', "[1, 2]"])
    assert book.amounts == {2000, 300} and book.read == 3
    assert derivable(1700, book.amounts) and derivable(2300, book.amounts)
    assert not derivable(600, book.amounts)  # 3.0 doubled: no two amounts


@pytest.mark.parametrize(("told", "said", "kinds"), [
    # blind audits t60_06, t61_11, t65_07: a top-up the hidden task is willing to make, the user never said
    ("My data stopped working. Line 555-123-2002.",
     "Since you mentioned you'd be happy to add 2 GB, shall I add 2.0 GB for $4.00?", ["text_privileged"]),
    ("My data stopped working. Line 555-123-2002. I could add 2 GB if needed.",
     "Since you mentioned you'd be happy to add 2 GB, shall I add 2.0 GB for $4.00?", []),
    ("My data stopped working. Line 555-123-2002.", "I also see you're happy to top up 2.0 GB of data.",
     ["text_privileged"]),
    # blind audit t67_10: "OK with a 2.0 GB refuel"
    ("My data stopped working. Line 555-123-2002.",
     "You mentioned you'd be OK with a 2.0 GB refuel, so a refuel is the way to go.", ["text_privileged"]),
    ("My data stopped working. Line 555-123-2002. A 2 GB refuel would be ok.",
     "You mentioned you'd be OK with a 2.0 GB refuel, so a refuel is the way to go.", []),
    # blind set 72, t72_07: "fine refueling", no "to" or "with"
    ("My data stopped working. Line 555-123-2002.", "As you mentioned, you're fine refueling 2 GB. Shall I add 2 GB?",
     ["text_privileged"]),
    ("My data stopped working. Line 555-123-2002. 2 GB is fine.",
     "As you mentioned, you're fine refueling 2 GB. Shall I add 2 GB?", []),
    # blind set 86, t86_05 28: "up to"
    ("My data stopped working. Line 555-123-2002.", "Since you're willing to add up to 2 GB, I'll suggest that.",
     ["text_privileged"]),
    ("My data stopped working. Line 555-123-2002. I can add up to 2 GB.",
     "Since you're willing to add up to 2 GB, I'll suggest that.", []),
])
def test_data_the_user_is_said_to_want(convo: Any, at: Any, told: str, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              private={"task": {"instruction": "If asked, you are willing to refuel 2.0 GB of data."}})
    c.user(told)
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_refueling_price_per_gb": 2.0})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("text_privileged", "text_not_visible")] == kinds



@pytest.mark.parametrize(("said", "misses"), [
    # two lines' remainders added, said combined (blind set 88, t88_08 43): 1.8 + 5.0
    ("Combined, L1001 (3.2 GB used of 5.0) and L1003 (0.0 of 5.0) have **6.8 GB** left between them.", []),
    ("Combined, L1001 (3.2 GB used of 5.0) and L1003 (0.0 of 5.0) have **7.8 GB** left between them.", ["7.8 GB"]),
    ("L1001 has used 3.2 GB of 5.0, with **6.8 GB** left.", ["6.8 GB"]),  # one line: its own remainder only
])
def test_lines_remainders_said_combined(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("How much data do my other two lines have left, combined? I'm C1001.")
    for line, used in (("L1001", 3.2), ("L1003", 0.0)):
        c.call("get_data_usage", {"customer_id": "C1001", "line_id": line},
               {"line_id": line, "data_used_gb": used, "data_limit_gb": 5.0, "data_refueling_gb": 0.0})
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "not in visible" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a recap's line, the state before an arrow and its fix after (blind set 82, t82_06 51): the allowance,
    # never looked up, is read apart from the data the fix added
    ("Here's what was in the way:\n\n- Over the 15 GB allowance -> 2.0 GB added ($4.00)", ["15 GB"]),
    ("Here's what was in the way:\n\n- 15.1 GB used -> 2.0 GB added ($4.00)", []),
])
def test_a_recaps_state_before_an_arrow_is_read_apart_from_the_fix(convo: Any, at: Any, said: str,
                                                                   misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data stopped in France. I'm C1001, line L1002.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "data_used_gb": 15.1, "data_refueling_gb": 0.0})
    c.say("You've used 15.1 GB. I can add 2.0 GB for $4.00. Shall I?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1002 for $4.00"})
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "not in visible" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # an amount of data said as a rule, then taken back (blind set 89, t89_12 43)
    ("I also shouldn't have mentioned a 2 GB limit; that isn't a rule. Would you like me to add **2 GB for $4.00**?",
     []),
    ("Note the 2 GB limit per cycle; that is a rule. Would you like me to add **2 GB for $4.00**?", ["2 GB"]),
])
def test_an_amount_of_data_taken_back(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data stopped. I'm C1001, line L1002.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_refueling_price_per_gb": 2.0})
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "not in visible" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 98: the data refuelled said after a refuel, as the lookup before it showed (t98_04 38) or
    # as the user first asked (t98_07 50)
    ("You're at 8.7 GB used of 15.0 GB, with 0.0 GB refueled this cycle.", ["text_contradicts_status"]),
    ("You now have 2.0 GB of extra data on top of your plan.", ["text_contradicts_status"]),
    ("You're at 8.7 GB used of 15.0 GB, with 1.0 GB refueled this cycle.", []),
    ("Done: 1.0 GB refueled for $2.00 on your next bill.", []),  # the write's own amount
    ("If you add 2 GB more, you'd have 3.0 GB of extra data.", []),  # what would be
])
def test_the_data_refuelled_said_after_a_refuel(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1089. Add 2 GB to 555-407-1349.")
    c.call("get_details_by_id", {"id": "L1179"}, LINE)
    c.say("That's $6.00 for 2 GB. Add it?")
    c.user("Hmm, actually make it 1 GB.")
    c.call("refuel_data", {"customer_id": "C1089", "line_id": "L1179", "gb_amount": 1.0},
           {"message": "Successfully added 1.0 GB of data for line L1179 for $3.00", "new_data_refueling_gb": 1.0,
            "charge": 3.0})
    c.user("So where am I now?")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found


@pytest.mark.parametrize(("used", "said", "kinds"), [
    # blind set 103, t103_06 21: the usage just looked up shows 8.7 of 15.0 GB
    (8.7, "That's it - you've gone over your data limit for this cycle, which is why nothing loads.",
     ["text_contradicts_status"]),
    (8.7, "You've used up your data allowance, so data is paused.", ["text_contradicts_status"]),
    (8.7, "Your line has run out of data for this cycle.", ["text_contradicts_status"]),
    (15.2, "That's it - you've gone over your data limit for this cycle, which is why nothing loads.", []),
    (8.7, "You haven't gone over your data limit: 8.7 of 15.0 GB used.", []),
    (8.7, "If you've exceeded your data limit, data stops until you add more.", []),
    (8.7, "Have you run out of data before?", []),
    (8.7, "So about 6.3 GB are left. Running out of data isn't the problem.", []),  # blind set 98, t98_01 20
])
def test_a_line_said_to_be_over_its_data_limit(convo: Any, at: Any, used: float, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1089. Nothing loads on 555-407-1349.")
    c.call("get_data_usage", {"customer_id": "C1089", "line_id": "L1179"},
           {"line_id": "L1179", "data_used_gb": used, "data_limit_gb": 15.0, "data_refueling_gb": 0.0,
            "cycle_end_date": "2025-02-28"})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found
