"""Amount derivations: a pair sum or difference counts only where a guess would rarely pass as one,
or where the conversation stated both amounts; a quantity the user asked for times a unit price;
numbers spelled in words."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import CertifyConfig, certify_interaction
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import spelled_numbers, word_split
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

# A flight search: many whole-dollar prices, so most whole-dollar amounts are some pair's sum.
SEARCH = [{"flight_number": f"HAT{100 + k}", "prices": {"basic_economy": 60 + 7 * k, "economy": 120 + 13 * k,
                                                        "business": 300 + 29 * k}} for k in range(10)]


def _text_visible(convo: Any, at: Any, observation: Any, said: str, user: str = "Hi, I need help.",
                  config: CertifyConfig | None = None) -> bool:
    c = convo()
    c.user(user)
    c.call("get_order_details", {"order_id": "#W123"}, observation)
    i = c.say(said)
    return at(certify_interaction(c.build(), config=config), i).checks["visibility"]


def test_pair_chance_is_high_among_many_round_prices_and_low_among_a_few_cent_prices() -> None:
    dense, sparse = EvidenceIndex(), EvidenceIndex()
    dense.add_observation(str(SEARCH).replace("'", '"'), True)
    sparse.add_observation('{"items": [{"price": 54.04}, {"price": 61.33}, {"price": 488.81}]}', True)
    assert dense.pair_chance(33300) > 0.2
    assert sparse.pair_chance(729) < 0.05
    assert sparse.amount_derivation(729, max_chance=0.1) == "difference"  # 61.33 - 54.04
    assert dense.amount_derivation(33300, max_chance=0.1) is None
    assert dense.amount_derivation(33300) is not None  # what the old rule accepted: a guess


def test_a_guessed_round_amount_after_a_flight_search_is_not_visible_unless_its_parts_were_stated(convo, at) -> None:
    guess = next(a + b for a in (60, 67, 74) for b in (300, 329, 358) if a + b not in
                 {p for f in SEARCH for p in f["prices"].values()})
    assert not _text_visible(convo, at, SEARCH, f"I can send you a ${guess} certificate.")
    # Stated with both parts (the message itself, or earlier turns): the derivation is the agent's own.
    a, b = 60, guess - 60
    assert _text_visible(convo, at, SEARCH, f"Economy is ${b} and you paid ${a}, so ${guess} in total.")
    # The old rule, by configuration: any pair counts.
    assert _text_visible(convo, at, SEARCH, f"I can send you a ${guess} certificate.",
                         config=CertifyConfig(max_pair_chance=1.0))


def test_a_price_difference_among_a_few_prices_stays_visible(convo, at) -> None:
    order = {"items": [{"name": "Water Bottle", "price": 54.04}, {"name": "Desk Lamp", "price": 61.33}]}
    assert _text_visible(convo, at, order, "You will pay the difference of $7.29.")
    assert not _text_visible(convo, at, order, "You will pay the difference of $7.31.")


def test_a_quantity_the_user_asked_for_times_a_unit_price(convo, at) -> None:
    plan = {"plan_id": "P1002", "data_refueling_price_per_gb": 2.0}
    assert _text_visible(convo, at, plan, "2 GB will cost $4.00.", user="Please add 2 GB of data.")
    assert _text_visible(convo, at, plan, "That will cost $4.00.", user="Please add two GB of data.")
    assert not _text_visible(convo, at, plan, "3 GB will cost $6.00.", user="Please add 2 GB of data.")
    # ... unless the sentence writes the rate it is worked out at (blind set 94, t94_10 63)
    short = "You'd be roughly 4.1 GB short. Adding that would cost about {} at $2.00/GB."
    assert _text_visible(convo, at, plan, short.format("$8.20"), user="Please add 2 GB of data.")
    assert not _text_visible(convo, at, plan, short.format("$8.40"), user="Please add 2 GB of data.")


def test_an_operator_minus_is_not_a_sign(convo, at) -> None:
    c = convo()
    c.user("My balance is $538 and the certificate is $250.")
    i = c.call("calculate", {"expression": "538 - 250"}, "288.0")
    assert at(certify_interaction(c.build()), i).checks["visibility"]


@pytest.mark.parametrize(("asked", "expression", "visible"), [
    # a share the user gave as a percentage, written as a fraction (blind set 93, a93_18 22)
    ("Fine, 10% then of the $124.", "124 * 0.1", True),
    ("Fine, 10 percent then of the $124.", "124 * 0.1", True),
    ("Fine, 10% then of the $124.", "124 * 0.15", False),
    ("Fine, a tenth then of the $124.", "124 * 0.2", False),
])
def test_a_percentage_said_as_a_fraction_in_a_calculation(convo: Any, at: Any, asked: str, expression: str,
                                                           visible: bool) -> None:
    c = convo()
    c.user(asked)
    i = c.call("calculate", {"expression": expression}, "12.4")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("text", "numbers"), [
    ("one hundred dollars", [100]), ("twenty-five", [25]), ("two thousand five hundred", [2500]),
    ("one hundred and fifty", [150]), ("a hundred", [100]), ("fifty five hundred", [5500]),
    ("one hundred twenty three", [123]), ("nineteen ninety", [19, 90]),
    # single words up to twelve are NUMBER_WORDS' own; two of them in a row are two numbers
    ("two", []), ("one two", []), ("me and two friends", []),
])
def test_spelled_numbers(text: str, numbers: list[int]) -> None:
    assert spelled_numbers(word_split(text)) == numbers


def test_spelled_numbers_with_singles_reads_every_number_once() -> None:
    assert spelled_numbers(word_split("gate twenty-two, and two bags"), singles=True) == [22, 2]


def test_a_negative_amount_shown_is_the_amount_stated(convo, at) -> None:
    refund = {"payment_history": [{"payment_id": "gift_card_1", "amount": -3222}]}
    assert _text_visible(convo, at, refund, "$3,222 goes back to your gift card.")
    assert not _text_visible(convo, at, refund, "$3,223 goes back to your gift card.")


def test_an_amount_of_data_is_no_money_amount(convo, at) -> None:
    plan = {"plan_id": "P1", "data_refueling_price_per_gb": 0.1}
    assert not _text_visible(convo, at, plan, "Adding 5 GB will cost $5.00.", user="Please add 5 GB.")
    assert _text_visible(convo, at, plan, "Adding 5 GB at $0.10/GB costs $0.50.", user="Please add 5 GB.")
    # Money inside an observation's message counts: "a $5/month holding fee".
    fee = {**plan, "note": "A $5/month holding fee will apply."}
    assert _text_visible(convo, at, fee, "A $5/month holding fee applies.")
    assert not _text_visible(convo, at, plan, "A $5/month holding fee applies.")


def test_an_amount_of_data_times_a_visible_price(convo, at) -> None:
    plan = {"plan_id": "P1", "data_refueling_price_per_gb": 5.0}
    assert _text_visible(convo, at, plan, "1.5 GB at $5 per GB comes to $7.50.", user="Please add some data.")
    assert _text_visible(convo, at, plan, "Options:\n1. 2 GB — $10\n2. 3 GB — $15", user="How much is data?")
    assert not _text_visible(convo, at, plan, "1.5 GB at $5 per GB comes to $8.50.", user="Please add some data.")


def _refuel(convo: Any, at: Any, offer: str, reply: str, args: dict[str, Any], private: dict | None = None) -> Any:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              private=private)
    c.user("I'm customer C1001 and line L1002 is out of data, can I buy more?")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "line_ids": ["L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "plan_id": "P1002"})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_limit_gb": 5.0, "data_used_gb": 3.2,
                                                  "data_refueling_price_per_gb": 2.0})
    c.say(offer)
    c.user(reply)
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", **args}, {"charge": 6.0})
    return at(certify_interaction(c.build()), i)


@pytest.mark.parametrize(("reply", "confirmed"), [
    ("Add 3 GB.", True),  # the action's verb, its amount and unit: an instruction
    ("Let's add 3 GB.", True),
    ("Add 3 GB to my son's line instead.", False),  # more than the instruction
])
def test_an_instruction_with_the_amount_of_data(convo, at, reply: str, confirmed: bool) -> None:
    offer = "If you need more, I can add data to L1002 at $2.00 per GB, charged on your next bill."
    assert _refuel(convo, at, offer, reply, {"gb_amount": 3.0}).checks["workflow"] is confirmed


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 62, t62_06: "do" with the amount, and a tag question on a price the offer stated
    ("do 3 GB, that's $6.00 right?", True),
    ("do 3 GB, that's $2.00 a GB right?", True),
    ("do 3 GB, that's $5.00 right?", False),  # a price never said: the answer may change the request
    ("do 3 GB, that's $6.00 right? and is it on this bill?", False),  # asks more
])
def test_an_instruction_with_a_tag_question_on_a_price_said(convo, at, reply: str, confirmed: bool) -> None:
    offer = "I can add data to L1002 at $2.00 per GB, so 3 GB would be $6.00, charged on your next bill. How much?"
    assert _refuel(convo, at, offer, reply, {"gb_amount": 3.0}).checks["workflow"] is confirmed


@pytest.mark.parametrize(("offer", "confirmed"), [
    ("If you'd like more, extra data on L1002 is $2.00 per GB, charged on your next bill.", True),
    ("Data on L1002 is charged on your next bill.", False),  # no offer of more
])
def test_extra_data_at_its_price_offers_a_refuel(convo, at, offer: str, confirmed: bool) -> None:
    assert _refuel(convo, at, offer, "yeah add 1 GB", {"gb_amount": 1.0}).checks["workflow"] is confirmed


def test_a_quantity_of_data_the_user_accepted_is_theirs_but_not_a_sum_of_money(convo, at) -> None:
    offer = "I can add 3 GB to line L1002 for $6.00. Would you like that?"
    accepted = _refuel(convo, at, offer, "Yes please.", {"gb_amount": 3.0})
    assert accepted.eligible, accepted.reasons
    # No yes, or a quantity the offer never named: the agent chose it alone.
    assert "refuel_data: gb_amount=3.0 not in visible history" in _refuel(
        convo, at, offer, "Hmm, let me think.", {"gb_amount": 3.0}).reasons
    assert "refuel_data: gb_amount=4.0 not in visible history" in _refuel(
        convo, at, offer, "Yes please.", {"gb_amount": 4.0}).reasons
    # The facts beside the offer are no offer ("You've used 3.2 GB"); a range or a choice of two is none.
    facts = "You've used 3.2 GB of your 5 GB. I can add 3 GB to line L1002 for $6.00. Want it?"
    assert _refuel(convo, at, facts, "Yes please.", {"gb_amount": 3.0}).eligible
    for unchosen in ("I can add anywhere from 1 to 3 GB to line L1002 at $2 per GB. Shall I?",
                     "I can add 2 GB for $4 or 3 GB for $6 to line L1002. Shall I?"):
        assert "refuel_data: gb_amount=3.0 not in visible history" in _refuel(
            convo, at, unchosen, "Yes please.", {"gb_amount": 3.0}).reasons, unchosen
    # In megabytes: 500 MB is the 0.5 GB sent, and $1.00 is 0.5 GB at the visible $2 per GB.
    small = _refuel(convo, at, "I can add 500 MB to line L1002 for $1.00. Would you like that?", "Yes please.",
                    {"gb_amount": 0.5})
    assert small.eligible, small.reasons
    # Picking one of two offers by its amount confirms that one, not the other.
    options = "I can add data to line L1002:\n1. 2 GB for $4.00\n2. 3 GB for $6.00\nWhich would you like?"
    picked = _refuel(convo, at, options, "The 3 GB one.", {"gb_amount": 3.0})
    assert picked.eligible, picked.reasons
    assert not _refuel(convo, at, options, "The 3 GB one.", {"gb_amount": 2.0}).checks["workflow"]
    # Known only from the private part: privileged, whatever the user answered.
    hidden = _refuel(convo, at, offer, "Yes please.", {"gb_amount": 3.0}, private={"grant_gb": 3.0})
    assert hidden.privileged and not hidden.checks["visibility"]


@pytest.mark.parametrize(("reply", "gb", "picked"), [
    ("Option 2 please", 1.0, True),  # the second line of the list
    ("the first one", 0.5, True),
    ("1.5 please", 1.5, True),  # a bare number that is one of the amounts
    ("2 please", 2.0, False),  # 2 GB, or line 2 (1 GB)? neither
    ("The $4 one please.", 2.0, False),  # a price is no amount of data
    ("500MB is enough", 0.5, True),  # in another unit, written as one word
    ("1.5 GB please", 1.5, True),  # the point of "1.5" ends no clause
    ("hmm, 2 GB for $10 is more than I wanted to spend.", 2.0, False),  # a remark, no pick
    ("Option 2 please", 2.0, False),
    ("Option 0 please", 2.0, False),
    ("two please. I travel a lot.", 2.0, False),  # 2 GB, or line 2? neither
    ("Just one, please.", 1.0, False),  # 1 GB, or line 1? neither
])
def test_a_pick_from_listed_options_confirms_that_option(convo, at, reply: str, gb: float, picked: bool) -> None:
    options = ("I can add data to line L1002:\n1. 500 MB for $1.00\n2. 1 GB for $2.00\n3. 1.5 GB for $3.00\n"
               "4. 2 GB for $4.00\nWhich would you like?")
    decision = _refuel(convo, at, options, reply, {"gb_amount": gb})
    assert decision.eligible is picked, decision.reasons


@pytest.mark.parametrize(("reply", "gb", "picked"), [
    ("Just one, please. It's only a few days till the new month.", 1.0, True),  # a pick, then a reason
    ("Just one, please. It's only a few days till the new month.", 2.0, False),
    ("Just one, please. Or maybe 2 GB.", 1.0, False),  # the rest names another amount
])
def test_a_pick_in_words_before_a_reason(convo, at, reply: str, gb: float, picked: bool) -> None:
    offer = "I can add data to L1002 at $5.00 per GB: 1 GB would be $5.00, 2 GB $10.00. How much would you like?"
    assert _refuel(convo, at, offer, reply, {"gb_amount": gb}).eligible is picked


def test_a_pick_by_place_is_the_amount_stated_not_the_last_line(convo, at) -> None:
    # The question's last line (3 GB) is no offer of its own: "2 please" picks line 2, 2 GB.
    options = "I can add data to line L1002:\n1. 1 GB — $5.00\n2. 2 GB — $10.00\n3. 3 GB — $15.00\n\nWhich one should I add?"
    assert _refuel(convo, at, options, "2 please", {"gb_amount": 2.0}).eligible
    assert not _refuel(convo, at, options, "2 please", {"gb_amount": 3.0}).eligible


ORDER = {"order_id": "#W123", "items": [
    {"name": "Desk Lamp", "item_id": "9190635437", "price": 153.23},
    {"name": "T-Shirt", "item_id": "9647292434", "price": 53.48},
    {"name": "Electric Kettle", "item_id": "5268233322", "price": 155.99},
    {"name": "Wall Clock", "item_id": "6508153405", "price": 191.43}]}  # the list's total is no refund of three


def test_a_total_of_the_prices_of_the_items_named(convo, at) -> None:
    said = ("Returning the lamp (9190635437), the T-shirt (9647292434) and the kettle (5268233322) gives a refund "
            "of $362.70. Confirm?")
    assert _text_visible(convo, at, ORDER, said)
    assert not _text_visible(convo, at, ORDER, said.replace("362.70", "362.07"))
    # Only the items the text names count: the lamp and the kettle alone are no $362.70.
    two = "Returning the lamp (9190635437) and the kettle (5268233322) gives a refund of $362.70. Confirm?"
    assert not _text_visible(convo, at, ORDER, two)


def test_a_total_built_from_amounts_stated_before_it(convo, at) -> None:
    plan = {"plan_id": "P1", "data_refueling_price_per_gb": 5.0, "other_plan_price_per_gb": 2.0}
    said = "2 GB at $5 per GB is $10.00 and 1 GB at $2 per GB is $2.00, so $12.00 in all."
    assert _text_visible(convo, at, plan, said, user="Please add 2 GB on one line and 1 GB on the other.")
    # In any order: the total first, its parts after it.
    first = "That is $12.00 in all: $10.00 for 2 GB at $5 per GB and $2.00 for 1 GB at $2 per GB."
    assert _text_visible(convo, at, plan, first, user="Please add 2 GB on one line and 1 GB on the other.")
    assert not _text_visible(convo, at, plan, said.replace("$12.00", "$13.00"),
                             user="Please add 2 GB on one line and 1 GB on the other.")


def test_a_sum_of_three_prices_the_text_lists(convo, at) -> None:
    said = "The lamp is $153.23, the T-shirt $53.48 and the kettle $155.99: $362.70 back in all."
    assert _text_visible(convo, at, ORDER, said)
    assert not _text_visible(convo, at, ORDER, said.replace("362.70", "363.70"))


USAGE = [{"line_id": "L1001", "data_used_gb": 3.2, "data_limit_gb": 5.0},
         {"line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0},
         {"line_id": "L1003", "data_used_gb": 12.9, "data_limit_gb": 999.0}]


@pytest.mark.parametrize(("said", "misses"), [
    ("You've used 8.7 GB of your 15 GB allowance.", []),
    ("You've used 7.8 GB of your 15 GB allowance; about 7.2 GB left.", ["7.8 GB", "7.2 GB"]),  # digits swapped
    ("You've used 3.2 GB of your 5 GB, so 1.8 GB remain.", []),  # a difference of two it states
    ("| L1001 | 3.2 GB |\n| L1002 | 8.7 GB |\n| L1003 | 12.9 GB |\n| Total used | 24.8 GB |", []),  # some of them
    ("| L1001 | 3.2 GB |\n| L1002 | 8.7 GB |\n| Total used | 12.1 GB |", ["12.1 GB"]),
    ("I can add 1.5 GB for $7.50 if you like.", []),  # an offer: the user's to take
    # Totals the text works out first (3.2 + 8.7 used of 5 + 15), then what is left of them.
    ("L1001 and L1002 together used 11.9 GB of their 20.0 GB (5.0 GB + 15.0 GB), so 8.1 GB are left.", []),
    ("L1001 and L1002 together used 11.9 GB of their 20.0 GB (5.0 GB + 15.0 GB), so 8.3 GB are left.", ["8.3 GB"]),
])
def test_an_amount_of_data_a_usage_sentence_states_must_be_visible(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("How much data have I used on my lines?")
    for line in USAGE:
        c.call("get_order_details", {"order_id": line["line_id"]}, line)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("after", "misses"), [
    ("Done: 2 GB added. You now have 3.8 GB left this cycle.", []),  # the 1.8 GB left before, plus 2
    ("Done: 2 GB added. You now have 4.8 GB left this cycle.", ["4.8 GB"]),
])
def test_data_left_may_build_on_an_amount_a_grounded_text_derived(convo, at, after: str, misses: list[str]) -> None:
    # (the refuel made: "Done" right after the request, with no call, would claim an unmade action)
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("How much data do I have left on L1001? I'm customer C1001.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1001"}, USAGE[0])
    c.say("You've used 3.2 GB of your 5 GB, so 1.8 GB is left.")
    c.user("Add 2 GB please.")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1001", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1001"})
    i = c.say(after)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("asked", "after", "misses"), [
    # blind set 95, t95_07 38: right after the refuel, what was left before it is stale
    (None, "Done: 3.0 GB added for $6.00. You now have 6.3 GB left this cycle.", ["6.3 GB"]),
    (None, "Done: 3.0 GB added for $6.00. You now have 9.3 GB left this cycle.", []),
    (None, "Done: 3.0 GB added for $6.00. Before it you had 6.3 GB left.", []),  # said of before
    # ... or asked after it (blind set 97, t97_03 42)
    ("So how much data do I have left?", "You've used 8.7 GB of your 15.0 GB, so you have 6.3 GB left.", ["6.3 GB"]),
    ("So how much data do I have left?", "You've used 8.7 GB of your 15.0 GB plus 3.0 GB added, so you have 9.3 GB "
     "left.", []),
])
def test_data_left_after_a_refuel_counts_it(convo, at, asked: str | None, after: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("How much data do I have left on L1002? I'm customer C1001.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"}, {
        "line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    c.say("You've used 8.7 GB of 15.0 GB. Extra data is $2.00 per GB; 3 GB would be $6.00. Shall I add 3 GB?")
    c.user("Yes, 3 GB for $6.")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 3.0}, {
        "message": "Successfully added 3.0 GB of data for line L1002 for $6.00", "new_data_refueling_gb": 3.0,
        "charge": 6.0})
    if asked is not None:
        c.say("Done: 3.0 GB added for $6.00.")
        c.user(asked)
    i = c.say(after)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


def test_one_more_gb_states_an_amount_of_data() -> None:
    from trajectory2gym.certify.agreement import stated_amounts

    assert stated_amounts("Make it one more GB on top of that.", data=True) == {100}
    assert stated_amounts("Add 3 extra gigs.", data=True) == {300}
    assert stated_amounts("Half a gig for five dollars will do.", data=True) == {50}
    assert stated_amounts("a quarter of a GB, or half a gigabyte", data=True) == {25, 50}
    assert stated_amounts("half the data is gone, half an hour ago", data=True) == set()


BILL = {"bill_id": "B1001", "total_due": 160.5, "line_items": [
    {"description": "Basic Plan", "amount": 40.0}, {"description": "Premium Plan", "amount": 65.0},
    {"description": "Basic Plan", "amount": 40.0}, {"description": "Data overage", "amount": 15.5}]}
OTHER_BILL = {"bill_id": "B1002", "total_due": 150.0}


@pytest.mark.parametrize(("said", "misses"), [
    ("Bill B1001: $40, $65, $40 and $15.50. Total $160.50.", []),
    # 165.50 = 150 + 15.50, two visible amounts; but not the sum of what the text lists.
    ("Bill B1001: $40, $65, $40 and $15.50. Total $165.50.", ["$165.50"]),
    ("Bill B1001: $40 and $65 so far. Total due: $160.50.", []),  # visible as itself
    ("Plans: $40 and $65, **total: $105**.", []),  # some of them
    # An aside after the total states no total itself.
    ("Plans: $40 and $65, so $105 in total ($25 more for the premium plan).", []),
    # Signed differences listed: the total is their signed sum.
    ("Swap one: (-$40.00), the other: (+$65.00). Total $25.00.", []),
    ("Swap one: (-$40.00), the other: (+$65.00). Total $24.50.", ["$24.50"]),  # 40 - 15.50: not theirs
    # a second total with its terms after it (blind set 101, a101_05 6)
    ("Plans total $105 ($40 and $65). The other charges total $55.50 ($40 and $15.50).", []),
    ("Plans total $105 ($40 and $65). The other charges total $165.50 ($40 and $15.50).", ["$165.50"]),
])
def test_a_total_after_listed_amounts_is_their_sum(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("What's on my bills?")
    c.call("get_order_details", {"order_id": "B1001"}, BILL)
    c.call("get_order_details", {"order_id": "B1002"}, OTHER_BILL)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("asked", "misses"), [
    # blind set 61, a61_10: one listed amount for as many people as the user named, without a number
    ("What do my bills come to? It's for me and my wife.", []),
    ("What do my bills come to?", ["$130"]),
])
def test_a_total_of_one_listed_amount_for_the_people_the_user_named(convo, at, asked: str,
                                                                    misses: list[str]) -> None:
    said = "Plans: $40, $65 and $40. For the two of you, the premium one comes to $130."
    c = convo()
    c.user(asked)
    c.call("get_order_details", {"order_id": "B1001"}, BILL)
    c.call("get_order_details", {"order_id": "B1002"}, OTHER_BILL)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


FARES = [{"flight_number": "HAT076", "prices": {"economy": 196, "business": 410}},
         {"flight_number": "HAT080", "prices": {"economy": 156, "business": 322}}]


@pytest.mark.parametrize(("said", "misses"), [
    ("HAT076 is $410 and HAT080 is $322 in business, versus $196 + $156 paid, so the difference is $380.", []),
    ("Business: $410 and $322 vs $196 and $156 paid: $380 per passenger; for 2 passengers: $760.", []),
    ("HAT076 is $410 and HAT080 is $322 in business, versus $196 + $156 paid, so the difference is $390.",
     ["$390"]),
])
def test_a_net_of_the_amounts_a_text_states(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("How much to upgrade both flights to business?")
    c.call("get_product_details", {"product_id": "1"}, FARES)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("back", "ok"), [("$6594", True), ("$6600", False)])
def test_a_net_on_a_list_line_may_use_an_amount_derived_before_it(convo, at, back: str, ok: bool) -> None:
    c = convo()
    c.user("Downgrade my trip R1 to economy, both of us.")
    c.call("get_order_details", {"order_id": "R1"}, {"flights": [{"price": 1500}, {"price": 2038}],
                                                     "passengers": [{"name": "A"}, {"name": "B"}]})
    c.call("get_order_details", {"order_id": "S1"}, [{"prices": {"economy": 140}}, {"prices": {"economy": 101}}])
    i = c.say("Here's the downgrade (2 passengers):\n- R1: economy is $140 + $101 = $241 per person instead of "
              f"$3538, so {back} back to your Visa.\nShall I?")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("both", "ok"), [("842", True), ("844", False)])
def test_a_share_written_without_a_dollar_sign_times_the_passengers(convo, at, both: str, ok: bool) -> None:
    # blind set 61, a61_04: "a difference of 421 per passenger, 842 dollars for both", 770 - 349
    c = convo()
    c.user("Upgrade O1DIJJ to business for both of us?")
    c.call("get_order_details", {"order_id": "O1DIJJ"}, {"flights": [{"price": 196}, {"price": 153}],
                                                         "passengers": [{"name": "A"}, {"name": "B"}]})
    c.say("You paid 196 + 153 = 349 dollars per passenger.")
    c.call("get_order_details", {"order_id": "S1"}, [{"prices": {"business": 482}}, {"prices": {"business": 288}}])
    i = c.say(f"In business: 482 + 288 = 770 dollars per passenger, a difference of 421 per passenger, {both} dollars "
              "for both.")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


def _after_device_action(convo: Any, request: str, tool: str, result: str, reply: str) -> Any:
    """A telecom conversation so far: the user asked, ran a tool on their phone, and told what it showed."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(request)
    c.messages.append({"role": "user", "content": None, "tool_calls": [
        {"id": "u1", "type": "function", "function": {"name": tool, "arguments": "{}"}}]})
    c.messages.append({"role": "tool", "tool_call_id": "u1", "name": tool, "content": result})
    c.user(reply)
    return c


SPEED = ("My data is slow: the speed test says 22 Mbps.", "run_speed_test",
         "Speed Test Result: 220.00 Mbps (Excellent).", "I ran it again after turning the VPN off.")
STATUS_BAR = ("I can't make calls.", "toggle_airplane_mode",
              "Airplane Mode is now OFF.\nStatus Bar: Signal: Excellent | 5G | Data Enabled", "ok done")
BAR_E = ("No data at all.", "toggle_airplane_mode", "Airplane Mode is now OFF.",
         "Done. Now it shows one bar and a little 'E'? Data is super slow.")


@pytest.mark.parametrize(("before", "said", "misses"), [
    # A connection speed must be a visible number.
    (SPEED, "Your speed is now 275 Mbps, which is excellent.", ["275 Mbps"]),  # the test showed 220
    (SPEED, "Your speed is now 220 Mbps, up from 22 Mbps.", []),  # "220.00" and the user's "22"
    (SPEED, "Plans go up to 1 Gbps.", ["1 Gbps"]),
    # A network generation a statement gives must be visible; a question may list them.
    (STATUS_BAR, "You should now see 4G with Good signal.", ["4G"]),  # the status bar shows 5G
    (STATUS_BAR, "Your status bar now shows 5G with Excellent signal.", []),
    (STATUS_BAR, "What does your status bar show (5G, LTE, 3G...)?", []),
    # What a feature needs, or a setting is to be, is no reading (blind audit telecom-r49-13)
    (STATUS_BAR, "Picture messages need 4G or better. Please set the preferred mode to 5G/4G.", []),
    (STATUS_BAR, "MMS requires 4G, so please switch it to 4G in your settings.", []),
    (STATUS_BAR, "You should now see 4G, or better.", ["4G"]),
    # the mode to change to (blind set 81: t81_02 51)
    (STATUS_BAR, "That's the bottleneck. Please change it to **4G only** and run a speed test.", []),
    (STATUS_BAR, "That's the bottleneck: it is on 4G only.", ["4G"]),
    # a generation of the mode the sentence names (blind set 95, t95_01 30)
    (SPEED, "Please change it to '4G/5G preferred' (or the option with 5G in it).", []),
    (SPEED, "Your phone will pick the option with 5G in it.", ["5G"]),
    # the generation of a bar letter the user read out (blind set 96, t96_02 31)
    (BAR_E, "That 'E' in the status bar means the phone is on a 2G connection.", []),
    (BAR_E, "That 'E' in the status bar means the phone is on a 3G connection.", ["3G"]),
    (BAR_E, "The phone is on a 2G connection.", ["2G"]),
    # modes by their names in a list of them (blind set 87, t87_01 29)
    (STATUS_BAR, "In plain terms:\n\n- **4G only** - never 5G.\n- **3G only / 2G only** - older, slower technologies.", []),
])
def test_what_a_device_showed_must_be_visible(convo, at, before: tuple[str, str, str, str], said: str,
                                              misses: list[str]) -> None:
    c = _after_device_action(convo, *before)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ("Your gift card ending 9469 has $58 left.", []),  # the end of gift_card_3799469
    ("Your gift card ending 9470 has $58 left.", ["9470"]),
    ("Your Visa ending 4652 is on file.", []),  # its last_four
])
def test_a_payment_method_named_by_the_end_of_its_id(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("What can I pay with?")
    c.call("get_user_details", {"user_id": "evelyn_khan_3990"}, {"payment_methods": {
        "gift_card_3799469": {"source": "gift_card", "amount": 58, "id": "gift_card_3799469"},
        "credit_card_3432394": {"source": "credit_card", "last_four": "4652", "id": "credit_card_3432394"}}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ("Adding 1.5 GB would raise her allowance to 4.5 GB, which leaves her 1.2 GB on top of the 3.3 GB used.", []),
    ("Adding 1.5 GB would raise her allowance to 5.5 GB, which leaves her 2.2 GB on top of the 3.3 GB used.",
     ["5.5 GB", "2.2 GB"]),
])
def test_an_amount_of_data_the_user_asked_about_in_a_usage_sentence(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("How much data has my daughter used? line L1085")
    c.call("get_order_details", {"order_id": "L1085"}, {"line_id": "L1085", "data_used_gb": 3.3, "data_limit_gb": 3.0})
    c.say("She has used 3.3 GB of her 3 GB allowance. How much would you like to add?")
    c.user("Would 1.5 GB get her to the end of the month?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ('Smartphone (black, 128GB, 6.5") – $1,128.99', []),  # a screen size in inches is no money
    ("The difference was $119.95. (Sorry, I quoted $129.95 earlier; the correct difference is $119.95.)", []),
    ("The difference was $119.95, or maybe $129.95.", ["$129.95"]),
    ("$119.95 was charged. I misstated the refund as $142.52 a moment ago.", []),
    ("The difference is **$119.95** (sorry, I mistyped it as $129.95 a moment ago).", []),  # blind audit a59_03
    ("Done. The actual charge is $119.95; I misquoted $129.95 earlier, I'm sorry.", []),
    ("The difference is $119.95. Sorry, I wrote $129.95 above.", []),  # blind audit a65_08
    ("One correction: a moment ago I said the refund was $129.95; it is $119.95.", []),  # blind set 79, r79_10 77
    ("One correction: a moment ago I said the refund was $119.95; it is $129.95.", ["$129.95"]),
    ("A correction: the difference is **$119.95**, not $129.95 ($1,248.94 - $1,128.99).", []),  # r80_10 43
    ("Quick correction: the difference is 119.95 dollars, not 129.95.", []),  # blind audit r65_06
    ("The difference is 119.95 dollars, not 129.95 dollars as such.", ["$129.95"]),  # its clause goes on (words read as "$")
    # "USD" after or before it, read as "$" too (blind set 73, r73_10)
    ("The difference is 119.95 USD, not 129.95 USD as such.", ["$129.95"]),
    ("The difference is USD 119.95, not USD 129.95 as such.", ["$129.95"]),
    ("The difference is 119.95 USD.", []),
    ("One more correction: the difference is $119.95, not $129.95 as I said.", []),
    ("You're right: the difference is $119.95, not $129.95.", []),
    ("Correction: the difference is $119.95, not $129.95 - sorry.", []),  # blind set 103, a103_03 26
    ("Correction: the difference is $119.95, not $129.95 -ish.", ["$129.95"]),  # no clause ended by a spaced dash
    ("The difference is not $129.95 but $119.95.", ["$129.95"]),  # not at a clause's end: read as stated
    ("The difference is actually $119.95 (I misstated it as $129.95).", []),
    ("The difference is actually $119.95 (I stated it as $129.95).", ["$129.95"]),  # no mistake owned up to
    # an amount called a slip (blind set 92, r92_09 47)
    ("You're right, I'm sorry: **$119.95** is correct. The $129.95 was a typo.", []),
    ("You're right: **$119.95** is correct. The $129.95 was charged.", ["$129.95"]),
    ("My apologies — the $129.95 I quoted earlier was a miscalculation.", []),  # (blind set 93, r93_02 38)
    # the slip owned up to, then what was said (blind set 97, r97_03 34)
    ("The difference is $119.95. (I misspoke earlier when I said $129.95.)", []),
    ("The difference is $119.95. (Earlier, when I said $129.95, it was for both.)", ["$129.95"]),
    ("Yes — the $129.95 I quoted earlier was the price.", ["$129.95"]),
    # a figure said to be corrected (blind set 93, t93_01 34)
    ("I also need to correct myself: I told you the fee is $129.95, but I have no such fee on record.", []),
    ("I also need to tell you: the fee is $129.95, but I have no such fee on record.", ["$129.95"]),
])
def test_sizes_and_figures_taken_back_are_no_amounts(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("what did the change cost?")
    c.call("get_order_details", {"order_id": "#W3510092"}, {"order_id": "#W3510092", "price": 1128.99,
                                                            "difference": 119.95})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ("Sorry, one correction: your cycle actually ends on **Feb 28, 2025**, not March 31.", []),
    ("Your cycle ends on Feb 28, 2025, not on **March 31**!", []),
    ("Your cycle ends on Feb 28, 2025 or March 31.", ["March 31"]),
    ("It is not March 31 but Feb 28, 2025.", ["March 31"]),  # not at a clause's end: read as stated
    ("It ends on Feb 28, 2025 (not March 31 as I said earlier, sorry).", []),  # owned up to (blind set 61)
    # a span of days taken back (blind audit r53_11)
    ("Paid by gift card, so the refund arrives **immediately**, not in 5–7 days.", []),
    ("Paid by gift card, so the refund arrives in 5–7 days.", ["5–7 days"]),
])
def test_a_day_or_span_taken_back_is_not_stated(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("when does my data reset?")
    c.call("get_order_details", {"order_id": "L1002"}, {"line_id": "L1002", "cycle_end_date": "2025-02-28"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


LINE_L1007 = {"line_id": "L1007", "phone_number": "555-123-2007", "status": "Active", "plan_id": "P1002",
              "data_used_gb": 9.5, "data_refueling_gb": 1.0, "roaming_enabled": False}
PLAN_P1002 = {"plan_id": "P1002", "name": "Premium Plan", "data_limit_gb": 15.0, "price_per_month": 65.0,
              "data_refueling_price_per_gb": 2.0}


@pytest.mark.parametrize(("plan_shown", "said", "misses"), [
    (True, "Ahmed has 6.5 GB left right now.", []),  # 15 + 1 refuelled - 9.5
    (True, "Ahmed has 5.5 GB left right now, before the 1 GB he added.", []),  # 15 - 9.5
    (True, "Ahmed has 4.5 GB left right now.", ["4.5 GB"]),
    (False, "Ahmed has 6.5 GB left right now.", ["6.5 GB"]),  # the plan's limit never shown
])
def test_data_left_is_a_lines_own_limit_less_its_usage(convo, at, plan_shown: bool, said: str,
                                                        misses: list[str]) -> None:
    c = convo()
    c.user("How much data does Ahmed have left? His line is L1007.")
    c.call("get_details_by_id", {"id": "L1007"}, LINE_L1007)
    if plan_shown:
        c.call("get_details_by_id", {"id": "P1002"}, PLAN_P1002)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ("Added 1.0 GB to L3007 for $5.00. He has 1.8 GB left this cycle.", []),  # 5.0 + 1.0 - 4.2
    ("Added 1.0 GB to L3007 for $5.00. He has 2.8 GB left this cycle.", ["2.8 GB"]),
])
def test_data_left_after_a_refuel_from_the_usage_shown(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("Is my son close to his limit on L3007? Add 1 GB.")
    c.call("get_data_usage", {"customer_id": "C3005", "line_id": "L3007"},
           {"line_id": "L3007", "data_used_gb": 4.2, "data_limit_gb": 5.0, "data_refueling_gb": 0.0})
    c.call("refuel_data", {"customer_id": "C3005", "line_id": "L3007", "gb_amount": 1.0},
           {"message": "Successfully added 1.0 GB of data for line L3007 for $5.00", "new_data_refueling_gb": 1.0,
            "charge": 5.0})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("rest", "ok"), [("$343", True), ("$353", False)])
def test_the_rest_of_a_split_payment_is_the_total_less_every_other_part(convo, at, rest: str, ok: bool) -> None:
    # A total worked out before ($435 + $401), paid with a certificate and two gift cards as shown,
    # the rest on a card: $836 - $100 - $176 - $217.
    profile = {"payment_methods": {"certificate_1": {"source": "certificate", "amount": 100},
                                   "gift_card_2": {"source": "gift_card", "amount": 176},
                                   "gift_card_3": {"source": "gift_card", "amount": 217}},
               "fares": [{"flight_number": "HAT072", "price": 435}, {"flight_number": "HAT097", "price": 401}]}
    c = convo()
    c.user("Book the Miami connection, pay with the certificate and both gift cards, the rest on my card.")
    c.call("get_order_details", {"order_id": "#W123"}, profile)
    c.say("HAT072 and HAT097: $435 + $401 = $836.")
    i = c.say(f"Total: $836. Payment: certificate_1 $100, gift_card_2 $176, gift_card_3 $217, card {rest}.")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("rest", "ok"), [("$239.00", True), ("$249.00", False)])
def test_the_rest_of_a_split_listed_above_its_total_line(convo, at, rest: str, ok: bool) -> None:
    # blind audit a65_06: the fare worked out above the payment lines is no part of the split
    profile = {"payment_methods": {"certificate_1": {"source": "certificate", "amount": 250},
                                   "gift_card_2": {"source": "gift_card", "amount": 113}},
               "fares": [{"flight_number": "HAT060", "price": 184}, {"flight_number": "HAT224", "price": 117}]}
    c = convo()
    c.user("Book HAT060 and HAT224 for two; the certificate, the gift card, the rest on my Mastercard.")
    c.call("get_order_details", {"order_id": "#W123"}, profile)
    i = c.say(f"- **Fare:** ($184 + $117) × 2 = $602.00\n\n**Payment**\n- certificate_1: $250.00\n"
              f"- gift_card_2: $113.00\n- Mastercard: {rest}\n- **Total: $602.00**\n\nShall I book this?")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("rest", "ok"), [("$239.00", True), ("$249.00", False)])
def test_the_rest_of_a_split_in_a_table_above_its_total_row(convo, at, rest: str, ok: bool) -> None:
    # blind set 87, a87_04 39: the split as a table's rows, its total the last row
    profile = {"payment_methods": {"certificate_1": {"source": "certificate", "amount": 250},
                                   "gift_card_2": {"source": "gift_card", "amount": 113}},
               "fares": [{"flight_number": "HAT060", "price": 184}, {"flight_number": "HAT224", "price": 117}],
               "refunds": [{"amount": 567}]}
    c = convo()
    c.user("Book HAT060 and HAT224 for two; the certificate, the gift card, the rest on my Mastercard.")
    c.call("get_order_details", {"order_id": "#W123"}, profile)
    c.say("The fare is ($184 + $117) × 2 = $602.00.")
    i = c.say(f"The $567 refund isn't on a card yet, so:\n\n| Method | Amount |\n|---|---|\n| certificate_1 | $250.00 |\n| gift_card_2 | $113.00 |\n"
              f"| **Mastercard** | **{rest}** |\n| Total | $602.00 |\n\nShall I book this?")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize("said", [
    # blind set 70, a70_02: the total worked out in a sentence, the split in a list after it
    "Sorry, I mis-added the total. The correct total is 2 x $378 + 2 x $30 insurance = **$816**. Gift card 2 only "
    "holds $259, so I'd need a third method:\n\n- certificate_1: $500\n- gift_card_2: $259\n- gift_card_3: {rest} "
    "(balance $221)\n\nIs that split OK?",
    # blind set 74, a74_11: the total a list's own line ("3. Total: $816.00"), the split in a list after it
    "Here's the plan:\n1. Fare: 2 × $378.00 = $756.00\n2. Insurance: 2 × $30.00 = $60.00\n3. Total: $816.00\n"
    "Payment:\n- certificate_1: $500.00\n- gift_card_2: $259.00\n- gift_card_3: {rest}\nBook it?",
    # blind set 92, a92_05 31: the total a lead line's one amount, the split a table after it
    "The fare is 2 × $378 + 2 × $30 = $816. A booking can use one certificate. For the booking ($816):\n\n"
    "| Method | Amount |\n|---|---|\n| certificate_1 | $500 |\n| gift_card_2 | $259 |\n| gift_card_3 | {rest} |",
])
@pytest.mark.parametrize(("rest", "ok"), [("$57", True), ("$67", False)])
def test_the_rest_of_a_split_listed_below_its_total(convo, at, said: str, rest: str, ok: bool) -> None:
    profile = {"payment_methods": {"certificate_1": {"source": "certificate", "amount": 500},
                                   "gift_card_2": {"source": "gift_card", "amount": 259},
                                   "gift_card_3": {"source": "gift_card", "amount": 221}},
               "fares": [{"flight_number": "HAT158", "price": 378}], "insurance": 30}
    c = convo()
    c.user("HAT158 for two, with insurance. The certificate, then gift cards.")
    c.call("get_order_details", {"order_id": "#W123"}, profile)
    i = c.say(said.format(rest=rest))
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("rest", "ok"), [("$44", True), ("$54", False)])
def test_the_rest_of_a_split_in_a_tables_row(convo, at, rest: str, ok: bool) -> None:
    # blind set 92, a92_05 33: a row's certificate and gift cards, the rest of the fare worked out before
    c = convo()
    c.user("Three separate bookings, one per person, so I can use all three certificates?")
    c.call("get_order_details", {"order_id": "#W123"}, {"fare": 871, "certificate_1": 500, "gift_card_2": 198,
                                                        "gift_card_3": 129})
    i = c.say(f"A possible split:\n\n| Booking | Certificate | Gift cards | Mastercard |\n|---|---|---|---|\n"
              f"| 1 | certificate_1 $500 | $198 + $129 | {rest} |")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("said", "ok"), [
    ("Your gift card has $53, so that covers $53 and the remaining $503 would go on your Mastercard.", True),
    ("Your gift card has $53, so that covers $53 and the remaining $609 would go on your Mastercard.", False),
    ("The total is $609, paid by card.", True),  # the same sum, said as a total
    ("Your remaining balance is $609.", True),  # a balance may grow (a refund): not read as a rest
])
def test_what_remains_is_a_difference_not_a_sum(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("Book it, gift card first, rest on my Mastercard.")
    c.call("get_order_details", {"order_id": "#W123"}, {"total": 556, "gift_card": {"balance": 53}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("said", "ok"), [
    ("Then the total is $688 in fares + $60 insurance + $50 for 1 extra bag (2 of the 3 are free) = $798.", True),
    ("Then the total is $688 in fares + $60 insurance + $50 for 1 extra bag (2 of the 3 are free) = $808.", False),
    ("Fares are $688 and insurance $60. With the $50 bag fee it's $798 for you both.", False),  # across sentences
])
def test_a_total_of_every_amount_its_sentence_states_in_words(convo, at, said: str, ok: bool) -> None:
    c = convo(system="Each extra bag costs $50. Travel insurance is $30 per passenger.")
    c.user("Two of us, me and Maya. Insurance yes. 3 bags.")
    c.call("get_order_details", {"order_id": "#W123"}, {"fare": 344})
    c.say("For 2 passengers it's 2 x $344 = $688.")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("total", "ok"), [("$29.33", True), ("$30.33", False)])
def test_a_net_of_differences_signed_in_words(convo, at, total: str, ok: bool) -> None:
    # Each difference is the new price less the old one (derived), the net 11.67 - 4.67 + 22.33.
    c = convo()
    c.user("Swap the three items please.")
    c.call("get_order_details", {"order_id": "#W123"}, {"items": [
        {"name": "Knife Set", "price": 341.36}, {"name": "Dinnerware Set", "price": 157.33},
        {"name": "Camping Tent", "price": 391.42}], "offers": [353.03, 152.66, 413.75]})
    i = c.say("- Knife Set: $353.03, $11.67 more\n- Dinnerware Set: $152.66, $4.67 less\n"
              f"- Camping Tent: $413.75, $22.33 more\nThat's {total} extra in total.")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("said", "visible"), [
    # $6.00 is two (the user's count) times 3.0, but a unit price is no count times a price
    ("You've used 2.1 GB of 3 GB. Extra data on your plan costs $6.00 per GB.", False),
    ("You've used 2.1 GB of 3 GB. Extra data on your plan costs $6.00/GB.", False),
    ("You've used 2.1 GB of 3 GB, so both lines together come to $6.00.", True),  # a total may be one
])
def test_a_unit_price_is_not_a_count_times_a_price(convo: Any, at: Any, said: str, visible: bool) -> None:
    c = convo(domain="telecom")
    c.user("Both of our phones need to work in Canada, my wife's and mine.")
    c.call("get_data_usage", {"customer_id": "C1063", "line_id": "L1120"},
           {"line_id": "L1120", "data_used_gb": 2.1, "data_limit_gb": 3.0, "cycle_end_date": "2025-02-28"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "visible"), [
    ("The rate works out to $2.50 per GB ($12.50 for 5 GB).", True),  # a visible charge over the data
    ("The rate works out to $3.50 per GB ($12.50 for 5 GB).", False),
    # to the cent (blind set 90: t90_01 53, t90_10 28)
    ("At $12.50 for 3 GB, the rate works out to about $4.17 per GB.", True),
    ("At $12.50 for 3 GB, the rate works out to about $4.19 per GB.", False),
    ("Per GB that's roughly $4.17 for the 3 GB you bought.", True),
])
def test_a_unit_price_may_be_a_visible_charge_shared_over_the_data(convo: Any, at: Any, said: str,
                                                                  visible: bool) -> None:
    c = convo(domain="telecom")
    c.user("Add 5 GB to my line please, yes go ahead.")
    c.call("refuel_data", {"customer_id": "C1055", "line_id": "L1106", "gb_amount": 5.0},
           {"message": "Successfully added 5.0 GB of data for line L1106", "charge": 12.5})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


DTW_SFO = [{"flight_number": "HAT009", "prices": {"basic_economy": 91, "economy": 180, "business": 380}},
           {"flight_number": "HAT028", "prices": {"basic_economy": 64, "economy": 153, "business": 217}},
           {"flight_number": "HAT041", "prices": {"basic_economy": 54, "economy": 106, "business": 499}}]


@pytest.mark.parametrize(("price", "visible"), [("$106", True), ("$160", False)])
def test_a_price_listed_beside_flights_is_no_net_of_their_fares(convo: Any, at: Any, price: str, visible: bool) -> None:
    # four flights named, three fares each: most whole-dollar amounts are some net of them
    c = convo(domain="airline")
    c.user("Can I move HAT009 on 6XO5TZ to May 16? What are the options?")
    c.call("get_reservation_details", {"reservation_id": "6XO5TZ"}, {
        "reservation_id": "6XO5TZ", "cabin": "economy", "flights": [
            {"flight_number": "HAT019", "price": 200}, {"flight_number": "HAT009", "price": 200}]})
    c.call("search_direct_flight", {"origin": "DTW", "destination": "SFO", "date": "2024-05-16"}, DTW_SFO)
    i = c.say(f"Direct DTW to SFO flights in economy:\n- HAT041, {price}\n"
              "- HAT028, $153\n- HAT009, $180\nYour current HAT009 fare is $200.")
    d = at(certify_interaction(c.build()), i)
    assert d.checks["visibility"] is visible, d.reasons


@pytest.mark.parametrize(("total", "visible"), [("$259", True), ("$323", True), ("$260", False)])
def test_a_total_of_the_flights_named(convo: Any, at: Any, total: str, visible: bool) -> None:
    c = convo(domain="airline")
    c.user("What would HAT028 then HAT041 cost?")
    c.call("search_direct_flight", {"origin": "DTW", "destination": "SFO", "date": "2024-05-16"}, DTW_SFO)
    # 153 + 106 in economy; 217 + 106 is no one cabin, but still one fare of each
    i = c.say(f"HAT028 and HAT041 together come to {total}.")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("total", "visible"), [("$1,407", True), ("$1,410", False), ("$1,400", False)])
def test_a_share_per_passenger_times_the_bookings_passengers(convo: Any, at: Any, total: str, visible: bool) -> None:
    c = convo(domain="airline")
    c.user("What if we move 4L30G8 to economy?")
    c.call("get_reservation_details", {"reservation_id": "4L30G8"}, {
        "reservation_id": "4L30G8", "cabin": "business", "flights": [{"flight_number": "HAT015", "price": 861}],
        "passengers": [{"first_name": n, "last_name": "Ali"} for n in ("Ana", "Raj", "Mia")]})
    c.call("search_direct_flight", {"origin": "LAS", "destination": "MSP", "date": "2024-05-24"},
           [{"flight_number": "HAT015", "prices": {"economy": 392, "business": 861}}])
    c.say("Economy would be $392 per passenger against $861 now.")
    c.user("So how much do we get back?")
    # 861 - 392 = 469 per passenger; 3 passengers on the booking
    i = c.say(f"Economy is $469 cheaper per passenger, so you would receive a refund of {total} in total.")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("fares", "kinds"), [
    ("$217 and $499", []),  # in the order the flights were named (blind audit a58_06)
    ("$217, and $499", []),
    ("$499 and $217", ["text_misattributed", "text_misattributed"]),
])
def test_flights_named_then_their_fares_in_order(convo: Any, at: Any, fares: str, kinds: list[str]) -> None:
    c = convo(domain="airline")
    c.user("Which business flights are there?")
    c.call("search_direct_flight", {"origin": "DTW", "destination": "SFO", "date": "2024-05-16"}, DTW_SFO)
    i = c.say(f"Your flights are now HAT028 on the first leg (DTW → SFO) and HAT041 on the second leg (DTW → SFO), "
              f"at the business fares of {fares}.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("fare", "kinds"), [
    ("$106", []),  # "Its" is the flight the sentence before named (blind audit a58_11)
    ("$153", ["text_misattributed"]),  # another flight's fare
])
def test_its_fare_is_the_fare_of_the_flight_named_before(convo: Any, at: Any, fare: str, kinds: list[str]) -> None:
    c = convo(domain="airline")
    c.user("Can I move to another economy flight?")
    c.call("search_direct_flight", {"origin": "DTW", "destination": "SFO", "date": "2024-05-16"}, DTW_SFO)
    i = c.say(f"I can move you to HAT041 (DTW → SFO), as you asked. Its fare is {fare} versus $153 on HAT028.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "misses"), [
    # blind set 64, t64_08: what would be left with the data the user asked about (15.0 - 15.1 + 1)
    ("1 GB would be $2.00. With 1 GB you'd have about 0.9 GB to use until the cycle ends.", []),
    ("1 GB would be $2.00. With 1 GB you'd have about 1.9 GB to use until the cycle ends.", ["1.9 GB"]),
])
def test_data_left_with_the_data_the_user_asked_about(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("My data stopped on L1002.")
    c.call("get_details_by_id", {"id": "L1002"}, {**LINE_L1007, "line_id": "L1002", "data_used_gb": 15.1,
                                                   "data_refueling_gb": 0.0})
    c.call("get_details_by_id", {"id": "P1002"}, PLAN_P1002)
    c.say("You've used 15.1 GB of your 15.0 GB. I can add data at $2.00 per GB.")
    c.user("What about just 1 GB?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # ... or with the refuel a table's row prices (blind set 90, t90_12 40)
    ("| Refuel | Price | Left this cycle |\n|---|---|---|\n| 1 GB | $2.00 | 0.9 GB |\n| 2 GB | $4.00 | 1.9 GB |", []),
    ("| Refuel | Price | Left this cycle |\n|---|---|---|\n| 1 GB | $2.00 | 1.9 GB |\n| 2 GB | $4.00 | 0.9 GB |",
     ["1.9 GB", "0.9 GB"]),  # (each of another row's refuel)
    # ... or a list's line (blind set 93, t93_12 35)
    ("On the Premium Plan, extra data is **$2.00 per GB**. Two sizes compare:\n\n- **2 GB** -> **$4.00**, about 1.9 GB to use\n"
     "- **4 GB** -> **$8.00**, about 3.9 GB", []),
    ("On the Premium Plan, extra data is **$2.00 per GB**. Two sizes compare:\n\n- **2 GB** -> **$4.00**, about 3.9 GB to use\n"
     "- **4 GB** -> **$8.00**, about 1.9 GB", ["3.9 GB", "1.9 GB"]),
])
def test_data_left_with_the_refuel_a_row_prices(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("My data stopped on L1002. What would a refuel leave me?")
    c.call("get_details_by_id", {"id": "L1002"}, {**LINE_L1007, "line_id": "L1002", "data_used_gb": 15.1,
                                                   "data_refueling_gb": 0.0})
    c.call("get_details_by_id", {"id": "P1002"}, PLAN_P1002)
    i = c.say(said)
    # (the amounts left only: a size offered is the offer's to judge)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if ".9 GB" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a wrong amount of data taken back (blind set 86, t86_11 66)
    ("This cycle:\n\n- **L1002**: 8.7 GB used of 15.0 GB, **6.3 GB** left\n\nSorry, earlier I said 7.3 GB for your "
     "line; the correct figure is 6.3 GB.", []),
    ("Your line has 7.3 GB left for this cycle.", ["7.3 GB"]),
])
def test_an_amount_of_data_taken_back(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("How much data is left on L1002?")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


def _onestop(first: tuple[str, int], second: tuple[str, int], day: str) -> list[dict[str, Any]]:
    return [{"flight_number": f, "origin": o, "destination": d, "date": day, "status": "available",
             "prices": {"basic_economy": p - 80, "economy": p, "business": p + 250}}
            for (f, p), o, d in ((first, "IAH", "JFK"), (second, "JFK", "MIA"))]


@pytest.mark.parametrize(("row", "misses"), [
    # blind audit a65_12: each row's legs in the cabin and on the day the text names, and the
    # difference from the fare paid per person for both passengers: (277 - 351) x 2
    ("| 1 | HAT025 + HAT060 | $277 | −$148 (refund) |", []),
    ("| 1 | HAT025 + HAT060 | $287 | −$128 (refund) |", ["$287", "$128"]),
    ("| 1 | HAT025 + HAT060 | $277 | −$158 (refund) |", ["$158"]),
    # 176 + 187: $277 is another itinerary's total the search shows (HAT025 + HAT060), so visible; the
    # row's legs do not make it (below)
    ("| 1 | HAT025 + HAT126 | $277 | −$148 (refund) |", []),
])
def test_a_rows_total_of_its_legs_and_its_difference_for_the_passengers(convo, at, row: str,
                                                                        misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move the return of Q4TE5I to May 18, please.")
    c.call("get_reservation_details", {"reservation_id": "Q4TE5I"}, {
        "reservation_id": "Q4TE5I", "cabin": "economy", "flights": [
            {"flight_number": "HAT025", "date": "2024-05-17", "price": 182},
            {"flight_number": "HAT060", "date": "2024-05-17", "price": 169}],
        "passengers": [{"first_name": "Harper", "last_name": "Santos"}, {"first_name": "Isabella", "last_name": "Santos"}]})
    c.call("search_onestop_flight", {"origin": "IAH", "destination": "MIA", "date": "2024-05-18"},
           [_onestop(("HAT025", 176), ("HAT060", 101), "2024-05-18"),
            _onestop(("HAT068", 176), ("HAT126", 187), "2024-05-18")])
    i = c.say("No direct flights on 2024-05-18. You paid $182 + $169 = $351 per person for the return. Economy "
              "connections via JFK:\n\n| Option | Flights | Fare / person | Difference (2 pax) |\n|---|---|---|---|\n"
              f"{row}\n\nWhich would you like?")
    reasons = at(certify_interaction(c.build()), i).reasons  # (a wrong row total is also miscalculated)
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]
    if "HAT126" in row:
        assert "text states '$277', which its own terms refute: the legs' fares: 176 + 187 = 363" in reasons


@pytest.mark.parametrize(("row", "flagged"), [
    # blind audit a65_05: a row's amount for its legs, not their fares' sum
    ("- HAT025 04:00 JFK + HAT060 14:00 MIA: $287", ["$287"]),
    ("- HAT025 04:00 JFK + HAT060 14:00 MIA: $277", []),
    ("- HAT025 04:00 JFK + HAT060 14:00 MIA: $554 for both of you", []),  # for two passengers
    ("- HAT025 04:00 JFK + HAT060 14:00 MIA: $74 more than you paid", []),  # a difference
])
def test_a_rows_amount_for_its_legs_is_their_fares_sum(convo, at, row: str, flagged: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Any connections from IAH to MIA on May 18?")
    c.call("search_onestop_flight", {"origin": "IAH", "destination": "MIA", "date": "2024-05-18"},
           [_onestop(("HAT025", 176), ("HAT060", 101), "2024-05-18")])
    i = c.say(f"Economy connections on May 18:\n{row}\nWhich would you like?")
    found = [r for r in at(certify_interaction(c.build()), i).reasons if reason_kind(r) == "text_miscalculated"]
    assert [r.split("'")[1] for r in found] == flagged


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit t67_03: twelve months of a monthly difference the text works out
    ("Correction: the difference is $20.00 per month ($85.00 vs $65.00), so $240.00 per year, not $300.", []),
    ("Correction: the difference is $20.00 per month ($85.00 vs $65.00), so $250.00 per year, not $300.",
     ["text_not_visible"]),
])
def test_a_yearly_amount_is_twelve_months_of_one_stated(convo, at, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("How much is the premium plan compared to mine, $65.00 vs $85.00 a month?")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "misses"), [
    # a share of a visible amount, worked out in brackets (blind set 83, a83_09 17)
    ("I can't issue any refund, including 10% ($12.40 of the $124), on this reservation.", []),
    ("I can't issue any refund, including 10% ($14.40 of the $124), on this reservation.", ["$14.40"]),
])
def test_a_share_of_a_visible_amount(convo, at, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Refund me at least 10% of SI5UKW.")
    c.call("get_reservation_details", {"reservation_id": "SI5UKW"}, {
        "reservation_id": "SI5UKW", "payment_history": [{"payment_id": "credit_card_1", "amount": 124}]})
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # four old-to-new fares, then their net (blind set 86, a86_01 49)
    ("**2FBBAH** (1 passenger): HAT080 $537 → $107, HAT076 $996 → $141, HAT255 $1,440 → $108, "
     "HAT148 $1,417 → $109. Difference **$3,925** back to your gift card.", []),
    ("**2FBBAH** (1 passenger): HAT080 $537 → $107, HAT076 $996 → $141, HAT255 $1,440 → $108, "
     "HAT148 $1,417 → $109. Difference **$3,952** back to your gift card.", ["$3,952"]),
    # paragraphs of one bold amount each, then their total
    ("**Outbound**: HAT080 $537 → $107, HAT076 $996 → $141. Difference **$1,285** back.\n\n"
     "**Return**: HAT255 $1,440 → $108. Difference **$1,332** back.\n\n"
     "**Second return**: HAT148 $1,417 → $109. Difference **$1,308** back.\n\n"
     "**Total you'd get back: $3,925.**", []),
    ("**Outbound**: HAT080 $537 → $107, HAT076 $996 → $141. Difference **$1,285** back.\n\n"
     "**Return**: HAT255 $1,440 → $108. Difference **$1,332** back.\n\n"
     "**Second return**: HAT148 $1,417 → $109. Difference **$1,308** back.\n\n"
     "**Total you'd get back: $3,952.**", ["$3,952"]),
])
def test_a_net_of_old_to_new_fares_and_a_total_of_bold_amounts(convo, at, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("What would I get back if 2FBBAH went to economy?")
    c.call("get_reservation_details", {"reservation_id": "2FBBAH"}, {
        "reservation_id": "2FBBAH", "cabin": "business", "flights": [
            {"flight_number": "HAT080", "price": 537}, {"flight_number": "HAT076", "price": 996},
            {"flight_number": "HAT255", "price": 1440}, {"flight_number": "HAT148", "price": 1417}]})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-28"}, [
        {"flight_number": n, "prices": {"economy": p}} for n, p in
        [("HAT080", 107), ("HAT076", 141), ("HAT255", 108), ("HAT148", 109)]])
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a bracket of the calculator's grounded expression is a step a text may state (blind set 86, a86_05 35)
    ("Your own booking puts **$44** on the Mastercard.", []),
    ("Your own booking puts **$45** on the Mastercard.", ["$45"]),
])
def test_a_step_of_the_calculators_expression(convo, at, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("The fare is 871 each. Use my $500 certificate and my gift cards of 198 and 129, the rest on the card. "
           "The others pay 871 minus a 250 certificate each.")
    c.call("calculate", {"expression": "(871 - 500 - 198 - 129) + (871 - 250) + (871 - 250)"}, "1286.0")
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # half of a total worked out before (blind set 87, a87_07 30)
    ("The gift card only has $128, so it can't cover half ($187.50) of the $375.", []),
    ("The gift card only has $128, so it can't cover half ($177.50) of the $375.", ["$177.50"]),
])
def test_half_of_a_total_worked_out_before(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("What do HAT097 and HAT251 cost?")
    c.call("get_order_details", {"order_id": "#W123"}, {"fares": [{"flight_number": "HAT097", "price": 175},
                                                                  {"flight_number": "HAT251", "price": 200}],
                                                       "gift_card": {"balance": 128}})
    c.say("HAT097 $175 + HAT251 $200 = $375.")
    c.user("Could I put half on my gift card?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a multiple of one rate over another, both the text's (blind set 88, t88_12 70)
    ("Basic refuels at **$5.00 per GB**. That's 2.5× your Premium rate of $2.00/GB.", []),
    ("Basic refuels at **$5.00 per GB**. That's 3.5× your Premium rate of $2.00/GB.", ["3.5"]),
    ("Basic refuels at **$5.00 per GB**, 2.5 times the Premium rate of $2.00/GB.", []),
])
def test_a_multiple_of_one_amount_over_another(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("What do the Basic ($5.00/GB) and Premium ($2.00/GB) plans charge for extra data?")
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a percentage with decimals, one amount of data over another the text states (blind set 88, t88_03 29)
    ("- **Used:** 15.1 GB\n- **Limit:** 15.0 GB\n\nYou're 0.1 GB over, about 100.7% of it.", []),
    ("- **Used:** 15.1 GB\n- **Limit:** 15.0 GB\n\nYou're 0.1 GB over, about 101.7% of it.", ["101.7"]),
    # ... or of money (blind set 90: t90_04 42, t90_12 40)
    ("Premium is $65.00 a month; a 2 GB refuel at $4.00 is about **6.2%** of that.", []),
    ("Premium is $65.00 a month; a 2 GB refuel at $4.00 is about **6.9%** of that.", ["6.9"]),
])
def test_a_percentage_of_two_amounts_of_data(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("How much of my data have I used? The app says 15.1 GB of 15.0 GB, and 0.1 GB over. "
           "Premium costs $65.00 and a 2 GB refuel $4.00, right?")
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("total", "misses"), [
    # a table's total row, the sum of the amount each row above gives (blind set 89: t89_01 45, t89_07 54)
    ("$145.00", []),
    ("$199.00", ["$199.00"]),
])
def test_a_tables_total_row_sums_its_rows(convo, at, total: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("What does each of my lines cost a month? I'm C1001. And what would Unlimited Plus cost me?")
    for line, plan, price in (("L1001", "P1001", 40.0), ("L1002", "P1002", 65.0), ("L1003", "P1001", 40.0)):
        c.call("get_details_by_id", {"id": line}, {"line_id": line, "plan_id": plan})
        c.call("get_details_by_id", {"id": plan}, {"plan_id": plan, "price_per_month": price, "data_limit_gb": 5.0})
    c.call("get_details_by_id", {"id": "P1003"}, {"plan_id": "P1003", "price_per_month": 85.0})
    i = c.say("| Line | Data | Price |\n|---|---|---|\n| L1001 | 5.0 GB | $40.00 |\n| L1002 | 5.0 GB | $65.00 |\n"
              f"| L1003 | 5.0 GB | $40.00 |\n| **Total** | | **{total}** |\n\n"
              "If L1002 moved to P1003, you'd pay $40.00 + $85.00 + $40.00 = **$165.00/month**.")
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("lead", "refuted"), [
    # the booking's own legs, what they cost when bought (blind set 89, a89_04 45): 182 + 169, not today's fares
    ("Your current return (HAT025 + HAT060) cost $351 per person.", False),
    ("Today the same legs (HAT025 + HAT060) cost $351 per person.", True),
])
def test_a_bookings_legs_priced_as_bought(convo, at, lead: str, refuted: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move the return of Q4TE5I to May 18, please.")
    c.call("get_reservation_details", {"reservation_id": "Q4TE5I"}, {
        "reservation_id": "Q4TE5I", "cabin": "economy", "flights": [
            {"flight_number": "HAT025", "date": "2024-05-17", "price": 182},
            {"flight_number": "HAT060", "date": "2024-05-17", "price": 169}]})
    c.call("search_onestop_flight", {"origin": "IAH", "destination": "MIA", "date": "2024-05-18"},
           [_onestop(("HAT025", 176), ("HAT060", 101), "2024-05-18")])
    i = c.say(f"For May 18 in economy: {lead}\nHAT025 + HAT060: $277.")
    reasons = at(certify_interaction(c.build()), i).reasons
    assert any("the legs' fares: 176 + 101 = 277" in r for r in reasons) is refuted


@pytest.mark.parametrize(("said", "misses"), [
    # a round amount said as a bound an amount the text states keeps (blind set 90, r90_09 20)
    ("The cheapest in stock is $2,709.83, so even the cheapest is still over $2,700.", []),
    ("The cheapest in stock is $2,709.83, so even the cheapest is still over $2,800.", ["$2,800"]),
    ("The cheapest in stock is $2,709.83, so it's nearly $3,000.", []),
    ("The cheapest in stock is $2,709.83, so it's nearly $2,000.", ["$2,000"]),  # below it: no bound it keeps
])
def test_a_round_bound_an_amount_stated_keeps(convo, at, said: str, misses: list[str]) -> None:
    c = convo()
    c.user("What espresso machines are there? Anything cheaper?")
    c.call("get_product_details", {"product_id": "4354588079"}, {"name": "Espresso Machine", "product_id": "4354588079",
                                                                 "variants": {"3714494375": {"item_id": "3714494375",
                                                                                             "available": True,
                                                                                             "price": 2709.83}}})
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


SEARCH_A = [{"flight_number": "HAT214", "prices": {"basic_economy": 65, "economy": 117, "business": 479}},
            {"flight_number": "HAT048", "prices": {"basic_economy": 64, "economy": 165, "business": 257}}]
SEARCH_B = [{"flight_number": "HAT265", "prices": {"basic_economy": 96, "economy": 158, "business": 328}},
            {"flight_number": "HAT073", "prices": {"basic_economy": 53, "economy": 114, "business": 416}}]


@pytest.mark.parametrize(("expression", "ok"), [
    # a booking's flights re-priced in a cabin, each from its own search (blind set 90, a90_04 46): 117 + 158
    ("(275 - 174) * 2", True),
    ("(807 - 174) * 2", True),  # business: 479 + 328
    ("(276 - 174) * 2", False),
    ("(282 - 174) * 2", False),  # 117 + 165: another flight's fare
])
def test_a_bookings_flights_at_the_fares_searched(convo, at, expression: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("What would it cost to upgrade both of us on QKRY03 to economy?")
    c.call("get_reservation_details", {"reservation_id": "QKRY03"}, {
        "reservation_id": "QKRY03", "cabin": "basic_economy", "flights": [
            {"flight_number": "HAT214", "date": "2024-05-24", "price": 84},
            {"flight_number": "HAT265", "date": "2024-05-25", "price": 90}]})
    c.call("search_direct_flight", {"origin": "MCO", "destination": "PHX", "date": "2024-05-24"}, SEARCH_A)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "DTW", "date": "2024-05-25"}, SEARCH_B)
    i = c.call("calculate", {"expression": expression}, "202")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


def _qkry03_searched(convo: Any) -> Any:
    """A business booking of two passengers (fares 479 + 328), its flights searched in economy (117 + 158)."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("What would I get back for moving both of us on QKRY03 down to economy?")
    c.call("get_reservation_details", {"reservation_id": "QKRY03"}, {
        "reservation_id": "QKRY03", "cabin": "business", "flights": [
            {"flight_number": "HAT214", "date": "2024-05-24", "price": 479},
            {"flight_number": "HAT265", "date": "2024-05-25", "price": 328}],
        "passengers": [{"first_name": "Ana", "last_name": "Li"}, {"first_name": "Raj", "last_name": "Li"}]})
    c.call("search_direct_flight", {"origin": "MCO", "destination": "PHX", "date": "2024-05-24"}, SEARCH_A)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "DTW", "date": "2024-05-25"}, SEARCH_B)
    return c


@pytest.mark.parametrize(("said", "misses"), [
    # a cabin change's refund, of the fares the booking paid and those searched, for its two passengers
    # (blind set 95, a95_03 44): (479 + 328) - (117 + 158) = 532, times 2
    ("QKRY03 to economy: $1,064 back to your card.", []),
    ("QKRY03 to economy: $532 per passenger, $1,064 back to your card.", []),
    ("QKRY03 to economy: $1,046 back to your card.", ["$1,046"]),
])
def test_a_cabin_changes_refund_of_the_fares_paid_and_searched(convo, at, said: str, misses: list[str]) -> None:
    c = _qkry03_searched(convo)
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible" in r] == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misattributed"), [
    # one passenger's difference given as the booking's refund, for its two (blind sets 95, 96: a95_03 40,
    # a96_02 60): (479 + 328) - (117 + 158) = 532 each, 1,064 for both
    ("- QKRY03 (HAT214, HAT265): refund $532 to your card", True),
    ("- QKRY03 (HAT214, HAT265): refund $1,064 to your card", False),
    ("- QKRY03 (HAT214, HAT265): $532 per passenger back to your card", False),
    ("QKRY03 costs $532 less in economy.", False),  # no refund said
    # the refunded amount after the fares it comes from (blind set 101, a101_01 46)
    ("- QKRY03: economy $117 + $158 = $275 vs $807 -> refund $532 to your card", True),
    ("- QKRY03: economy $117 + $158 = $275 vs $807 -> refund $1,064 to your card", False),
])
def test_one_passengers_difference_as_a_bookings_refund(convo, at, said: str, misattributed: bool) -> None:
    c = _qkry03_searched(convo)
    i = c.say(said)
    kinds = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert ("text_misattributed" in kinds) is misattributed


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 99, a99_08 24: the calculator's difference of the fares, which are per passenger, said as the total
    ("Business on both flights (HAT190 and HAT047 on 2024-05-24) would cost $314 more in total.", ["text_miscalculated"]),
    ("Business on both flights (HAT190 and HAT047 on 2024-05-24) would cost $314 more per person, $942 in total.", []),
])
def test_a_calculated_difference_of_fares_said_as_the_total(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How much to put all three of us in business on M20IZO?")
    c.call("get_reservation_details", {"reservation_id": "M20IZO"}, {
        "reservation_id": "M20IZO", "cabin": "economy", "passengers": [
            {"first_name": "Ava", "last_name": "Li"}, {"first_name": "Noah", "last_name": "Li"},
            {"first_name": "Mia", "last_name": "Li"}],
        "flights": [{"flight_number": "HAT190", "date": "2024-05-24", "price": 126},
                    {"flight_number": "HAT047", "date": "2024-05-24", "price": 139}]})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "ORD", "date": "2024-05-24"}, [
        {"flight_number": "HAT190", "prices": {"economy": 126, "business": 377}},
        {"flight_number": "HAT047", "prices": {"economy": 139, "business": 202}}])
    c.call("calculate", {"expression": "(377 + 202) - (126 + 139)"}, "314.0")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 101, a101_07 14: the calculator multiplied the whole by the two passengers; the text says one's share
    ("In business HAT190 is $377 (you paid $126), so the upgrade comes to $251.", ["text_miscalculated"]),
    ("In business HAT190 is $377 (you paid $126), so the upgrade is $251 per passenger, $502 in all.", []),
    ("In business HAT190 is $377 (you paid $126), so the upgrade comes to $502.", []),
])
def test_a_calculation_for_all_passengers_said_as_one_share(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    assert _share_said(convo, at, said, "2 * (377 - 126)") == kinds


def test_a_count_that_multiplies_one_bracket_only_is_no_count_of_the_whole(convo: Any, at: Any) -> None:
    # "2 * (377 - 126) + (126 - 126)" doubles its first bracket only: $251 is no share of the whole
    said = "In business HAT190 is $377 (you paid $126), so the upgrade comes to $251."
    assert _share_said(convo, at, said, "2 * (377 - 126) + (126 - 126)") == []


def _share_said(convo: Any, at: Any, said: str, expression: str) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How much to put both of us in business on M20IZO?")
    c.call("get_reservation_details", {"reservation_id": "M20IZO"}, {
        "reservation_id": "M20IZO", "cabin": "economy", "passengers": [
            {"first_name": "Ava", "last_name": "Li"}, {"first_name": "Noah", "last_name": "Li"}],
        "flights": [{"flight_number": "HAT190", "date": "2024-05-24", "price": 126}]})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "ORD", "date": "2024-05-24"}, [
        {"flight_number": "HAT190", "prices": {"economy": 126, "business": 377}}])
    c.call("calculate", {"expression": expression}, "502.0")
    i = c.say(said)
    return [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"]


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 100, a100_03 22 and 30: the fares of the round trip's return legs, $122 + $131
    ("HAT229 then HAT266 in economy is $109 + $130 = $239, compared with $253 for your current return.", []),
    ("HAT229 then HAT266 in economy is $109 + $130 = $239, compared with $263 for your current return.",
     ["text_not_visible"]),
    ("HAT229 then HAT266 in economy is $109 + $130 = $239, compared with $313 for your current outbound.", []),
])
def test_the_fares_of_one_way_of_a_round_trip(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Can I take an earlier return on OBUT9V?")
    c.call("get_reservation_details", {"reservation_id": "OBUT9V"}, {
        "reservation_id": "OBUT9V", "origin": "IAH", "destination": "DEN", "flight_type": "round_trip",
        "cabin": "economy", "passengers": [{"first_name": "Sofia", "last_name": "Kim"}], "flights": [
            {"origin": "IAH", "destination": "ORD", "flight_number": "HAT078", "date": "2024-05-27", "price": 146},
            {"origin": "ORD", "destination": "DEN", "flight_number": "HAT118", "date": "2024-05-27", "price": 167},
            {"origin": "DEN", "destination": "LAS", "flight_number": "HAT084", "date": "2024-05-28", "price": 122},
            {"origin": "LAS", "destination": "IAH", "flight_number": "HAT266", "date": "2024-05-28", "price": 131}]})
    c.call("search_onestop_flight", {"origin": "DEN", "destination": "IAH", "date": "2024-05-27"}, [[
        {"flight_number": "HAT229", "prices": {"economy": 109}}, {"flight_number": "HAT266", "prices": {"economy": 130}}]])
    # (many fares shown: a sum of two of them is no derivation on its own)
    c.call("search_direct_flight", {"origin": "DEN", "destination": "LAS", "date": "2024-05-27"}, [
        {"flight_number": f"HAT{300 + k}", "prices": {"basic_economy": 60 + 3 * k, "economy": 100 + 7 * k,
                                                     "business": 200 + 11 * k}} for k in range(12)])
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_not_visible"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 100, a100_06 32: what is left of the $2,613 worked out before, after the three other parts
    ("Using certificate_3765853 ($500), plus gift cards gift_card_8020792 ($198) and gift_card_6136092 ($129), the "
     "Mastercard would be charged $1786.", []),
    ("Using certificate_3765853 ($500), plus gift cards gift_card_8020792 ($198) and gift_card_6136092 ($129), the "
     "Mastercard would be charged $1886.", ["text_not_visible"]),
])
def test_the_rest_of_a_total_worked_out_before(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How much for three of us in business, and what goes on my Mastercard?")
    c.call("get_user_details", {"user_id": "mohamed_silva_9265"}, {"user_id": "mohamed_silva_9265", "payment_methods": {
        "certificate_3765853": {"source": "certificate", "amount": 500, "id": "certificate_3765853"},
        "gift_card_8020792": {"source": "gift_card", "amount": 198, "id": "gift_card_8020792"},
        "gift_card_6136092": {"source": "gift_card", "amount": 129, "id": "gift_card_6136092"}}})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "SFO", "date": "2024-05-26"}, [
        {"flight_number": "HAT023", "prices": {"business": 364}}, {"flight_number": "HAT204", "prices": {"business": 248}},
        {"flight_number": "HAT100", "prices": {"business": 259}}])
    c.say("HAT023, HAT204 and HAT100 in business: ($364 + $248 + $259) x 3 = $2613 for the three of you.")
    c.user("ok, and on the card?")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_not_visible"] == kinds
