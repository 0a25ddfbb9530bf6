"""A count of free checked bags a text gives a tier and cabin against the policy's table ("As a Gold
member you get 2 free checked bags per passenger in economy": gold gets 3) contradicts the policy
(certify/bag_allowance.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.bag_allowance import (
    bag_fee,
    charged_free_bags,
    free_bags,
    misfeed_bags,
    misfeed_per_bag,
    misstated_bags,
    misstated_free_left,
    overcharged_nth_bag,
    unknown_tier_bags,
)
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs

# tau-bench's airline policy words the same table as sentences
TAU_WORDS = ("If the booking user is a regular member, 0 free checked bag for each basic economy passenger, 1 free "
             "checked bag for each economy passenger, and 2 free checked bags for each business passenger. If the "
             "booking user is a silver member, 1 free checked bag for each basic economy passenger, 2 free checked bag "
             "for each economy passenger, and 3 free checked bags for each business passenger. If the booking user is "
             "a gold member, 2 free checked bag for each basic economy passenger, 3 free checked bag for each economy "
             "passenger, and 3 free checked bags for each business passenger. Each extra baggage is 50 dollars.")
TABLE = {("regular", "basic_economy"): 0, ("regular", "economy"): 1, ("regular", "business"): 2,
         ("silver", "basic_economy"): 1, ("silver", "economy"): 2, ("silver", "business"): 3,
         ("gold", "basic_economy"): 2, ("gold", "economy"): 3, ("gold", "business"): 3}


@pytest.mark.parametrize("policy", [POLICY, TAU_WORDS])
def test_the_free_bags_each_policy_gives_by_tier_and_cabin(policy: str) -> None:
    table, sentence = free_bags(policy)
    assert table == TABLE
    assert "regular" in sentence


def test_a_policy_without_a_table_gives_none() -> None:
    assert free_bags("Each extra bag costs 50 dollars. Gold members may board first.") == ({}, "")


@pytest.mark.parametrize(("text", "shown", "found"), [
    ("As a Gold member, economy includes 2 free checked bags per passenger, so 6 in total for the three of you.",
     set(), [("2 free checked bags", "gold economy", 3)]),
    ("As a Gold member you get **3 free checked bags** in economy.", set(), []),
    ("Basic economy doesn't include any free checked bags, so 3 bags would be 3 × $50 = $150.", {"gold"},
     [("any free checked bags", "gold basic economy", 2)]),  # the tier from the profile shown
    ("Basic economy doesn't include any free checked bags.", {"regular"}, []),
    ("As a Silver member in economy, each passenger gets 2 free checked bags (4 free bags for the two of you).",
     set(), []),  # a total: twice the count
    ("As a Silver member in economy, each passenger gets 4 free checked bags.", set(),
     [("4 free checked bags", "silver economy", 2)]),  # said per passenger
    ("Economy includes 2 free bags.", set(), []),  # no tier said or shown
    # a tier supposed, "with silver", against the profile's (blind set 88, a88_10 58)
    ("With silver, basic economy includes 1 free checked bag per passenger.", {"regular"}, []),
    ("With silver, basic economy includes 2 free checked bags per passenger.", {"regular"},
     [("2 free checked bags", "silver basic economy", 1)]),
    ("Economy includes 2 free bags.", {"gold", "silver"}, []),  # two profiles: whose is not clear
    ("Gold members get 3 in economy and 3 in business: 3 free bags.", set(), []),  # two cabins
    ("Do you have any free bags left in economy, as a gold member?", set(), []),  # denies nothing
    # a table row about bags, the count free per passenger (blind set 61, a61_11)
    ("| Bags | gold basic economy: 3 free per passenger |", {"gold"}, [("3 free", "gold basic economy", 2)]),
    ("| Bags | gold basic economy: 2 free per passenger |", {"gold"}, []),
    ("| Seats | gold economy: 3 free per passenger |", {"gold"}, []),  # not about bags
    # the bags booked, all free, fewer than the allowance (blind set 63, a63_04); an allowance said so still counts
    ("Sofia is booked in economy, insurance included, 1 free bag.", {"silver"}, []),
    ("As a silver member you get 1 free bag in economy.", {"silver"}, [("1 free bag", "silver economy", 2)]),
    # the most bags free, the count before "bags free" (blind set 68, a68_08)
    ("As a gold member you may bring up to 3 bags free on basic economy.", set(),
     [("up to 3 bags free", "gold basic economy", 2)]),
    ("As a gold member you may bring up to 2 bags free on basic economy.", set(), []),
    # bold marks inside the count (blind set 72, a72_01)
    ("As a **silver** member in **economy**, each passenger gets **4 free** checked bags.", set(),
     [("4 free checked bags", "silver economy", 2)]),
    ("As a **silver** member in **economy**, each passenger gets **2 free** checked bags.", set(), []),
    # "<tier> members get": the rule, per person; not a total for a party (blind set 76, a76_09)
    ("Silver members get 2 free bags in basic economy, so 1 bag is free.", set(),
     [("2 free bags", "silver basic economy", 1)]),
    ("Silver members get 1 free bag in basic economy, so 1 bag is free.", set(), []),
    ("As a silver member you get 2 free bags in basic economy for the two of you.", set(), []),
])
def test_a_count_of_free_bags_against_the_table(text: str, shown: set[str], found: list[tuple[str, str, int]]) -> None:
    assert misstated_bags(text, TABLE, shown) == found


@pytest.mark.parametrize(("text", "found"), [
    # the bags booked, all free, fewer than the party's allowance (blind set 83, a83_12 59): 2 each for three
    ("Summary: nonstop HAT041 on May 21 in economy with 4 free bags.", []),
    ("Summary: nonstop HAT041 on May 21 in economy with 7 free bags.", [("7 free bags", "silver economy", 2)]),
])
def test_the_bags_booked_for_a_party_all_free(text: str, found: list[tuple[str, str, int]]) -> None:
    assert misstated_bags(text, TABLE, {"silver"}, passengers=3) == found


@pytest.mark.parametrize(("cabins", "found"), [
    # the cabin of the one reservation shown, where the text names none (blind audit a56_09)
    ({"basic_economy"}, [("1 free checked bag", "regular basic economy", 0)]),
    ({"economy"}, []),
    ({"economy", "business"}, []),  # two cabins shown (or one a write set): which is meant is unclear
])
def test_a_count_of_free_bags_in_the_cabin_shown(cabins: set[str], found: list[tuple[str, str, int]]) -> None:
    text = "Your booking stays as paid, and each passenger has 1 free checked bag included."
    assert misstated_bags(text, TABLE, {"regular"}, cabins) == found


@pytest.mark.parametrize(("passengers", "found"), [
    # a count that is no total for the passengers the booking shows (blind set 79, a79_09 32)
    (1, [("2 free checked bags", "regular economy", 1)]),
    (2, []),  # two passengers: one free bag each
    (None, []),  # unknown: it may be a total
])
def test_a_count_of_free_bags_for_the_passengers_shown(passengers: int | None, found: list[tuple[str, str, int]]) -> None:
    text = "Sure. As a regular member in economy, you get 2 free checked bags, so 1 bag costs nothing."
    assert misstated_bags(text, TABLE, {"regular"}, (), passengers) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("As a Gold member you now get 2 free checked bags per passenger in economy.", ["text_contradicts_policy"]),
    ("As a Gold member you now get 3 free checked bags per passenger in economy.", []),
])
def test_a_misstated_bag_allowance_after_the_profile(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("How many bags can I check? My user id is daiki_ahmed_3272.")
    c.call("get_user_details", {"user_id": "daiki_ahmed_3272"},
           {"name": {"first_name": "Daiki", "last_name": "Ahmed"}, "membership": "gold", "reservations": ["06LL1M"]})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("cabin_set", "kinds"), [
    (None, ["text_contradicts_policy"]),  # the reservation shows economy: gold gets 3
    ("business", []),  # a write set business, where the reservation still shows economy: unclear
])
def test_free_bags_in_the_cabin_the_reservation_shows(convo: Any, at: Any, cabin_set: str | None,
                                                      kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("How many bags can I check on 06LL1M? My user id is daiki_ahmed_3272.")
    c.call("get_user_details", {"user_id": "daiki_ahmed_3272"}, {"membership": "gold", "reservations": ["06LL1M"]})
    c.call("get_reservation_details", {"reservation_id": "06LL1M"}, {"reservation_id": "06LL1M", "cabin": "economy"})
    if cabin_set:
        c.say("I'll upgrade 06LL1M to business with credit_card_1. Shall I?")
        c.user("yes")
        c.call("update_reservation_flights", {"reservation_id": "06LL1M", "cabin": cabin_set, "flights": [],
                                              "payment_id": "credit_card_1"}, {"reservation_id": "06LL1M", "cabin": "economy"})
    i = c.say("Each passenger has 2 free checked bags included.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds



@pytest.mark.parametrize("policy", [POLICY, TAU_WORDS])
def test_the_price_of_an_extra_bag_each_policy_gives(policy: str) -> None:
    assert bag_fee(policy) == 5000
    assert bag_fee("Bags are free.") is None


@pytest.mark.parametrize(("text", "before", "found"), [
    # blind audit a56_08: the paid bags times the fee, restated in a confirmation
    ("To confirm: update WPK8DQ to **5 checked bags (2 paid)**, charging **$150** to gift_card_6470207.", set(),
     [("$150", "2 paid bags", 10000)]),
    ("To confirm: update WPK8DQ to 5 checked bags (2 paid), charging $100 to gift_card_6470207.", set(), []),
    # one of the paid bags was paid before (a52_10): the charge is for the new one
    ("To confirm: 4 checked bags, 2 paid, $50 on the Mastercard.", {1}, []),
    ("To confirm: 4 checked bags, 2 paid, $50 on the Mastercard.", set(), [("$50", "2 paid bags", 10000)]),
    ("2 extra bags at $50 each.", set(), []),  # a rate, not what they come to
    # an amount paid is no count of bags (blind set 61: "1 checked bag; $360 paid")
    ("HAT213, May 18, 3 passengers; 1 checked bag; $360 paid.", set(), []),
    ("X3RR7T now has 2 checked bags, $50 paid with gift_card_4366692", set(), []),
    # a booking's recap: the amount pays the fare too (blind audit a67_11)
    ("Your reservation number is HATHAT: HAT218 on 2024-05-18, basic economy, 2 bags (1 paid), $100 on "
     "certificate_2633842.", set(), []),
    # the count on one line, the fee on the next (blind set 74, a74_07)
    ("- Currently 1 bag → 4 bags means 1 paid bag\n- Fee: **$100**\n\nWhich card?", set(), [("$100", "1 paid bags", 5000)]),
    ("- Currently 1 bag → 4 bags means 1 paid bag\n- Fee: **$50**\n\nWhich card?", set(), []),
    ("- 4 bags means 1 paid bag\n- Your fare was $100", set(), []),  # no fee's line
])
def test_paid_bags_cost_the_fee_each(text: str, before: set[int], found: list[tuple[str, str, int]]) -> None:
    assert misfeed_bags(text, 5000, before) == found


@pytest.mark.parametrize(("text", "found"), [
    ("Adding one more brings you to 2 bags, and the extra bag costs **$50**.", [("$50", 2)]),
    ("Adding two more brings you to 4 bags, and the extra bag costs $50.", []),  # past the 3 free
    ("Adding one more brings you to 2 bags, at no charge.", []),  # no fee said
    # the reservation by its code, and the fee in the sentence after (blind audit a65_10)
    ("Adding 1 bag brings HATHAT to 2 checked bags. That one costs $50.", [("$50", 2)]),
    ("Adding 1 bag brings HATHAT to 4 checked bags. That one costs $50.", []),
    # the fee of the bags past the free total (blind set 85, a85_05 46)
    ("You could add up to 3 bags at no charge; any beyond that would be $50 each.", []),
    ("You could add up to 3 bags for $50 each.", [("$50", 3)]),
])
def test_a_fee_for_a_bag_within_the_free_total(text: str, found: list[tuple[str, int]]) -> None:
    assert charged_free_bags(text, 5000, 3) == found


@pytest.mark.parametrize(("text", "held", "found"), [
    # a count added to the bags held (blind set 91, a91_09 18): 0 held, 1 free
    ("Each checked bag is **$50**, so adding one bag would cost $50.", 0, [("$50", 1)]),
    ("Each checked bag is **$50**, so adding one bag would cost $50.", 1, []),  # past the free one
    ("Each checked bag is **$50**, so adding one bag would cost $50.", None, []),  # held unknown
    ("You could add 1 more bag at no charge; any bag beyond 1 would cost $50 each.", 0, []),
])
def test_a_fee_for_a_count_of_bags_added_within_the_free_total(text: str, held: int | None,
                                                               found: list[tuple[str, int]]) -> None:
    assert charged_free_bags(text, 5000, 1, held) == found


@pytest.mark.parametrize(("text", "free_total", "found"), [
    # the n-th bag, then what the n together cost (blind set 93, a93_19 40): one travels free
    ("A second bag would be $50 per bag, so **$100** for the two.", 1, [("$100", 2)]),
    ("A second bag would be $50 per bag, so **$50** for the two.", 1, []),
    ("A second bag would be $50 per bag, so **$100** for the two.", 0, []),  # none free
    ("A third bag would be $50, so $100 for the two extra ones.", 1, []),  # another count
    ("A second bag is $50, so $100 for both of you.", 1, []),  # the passengers
    ("A third checked bag brings it to $100 for all three bags.", 1, []),
    ("A third checked bag brings it to $150 for all three bags.", 1, [("$150", 3)]),
])
def test_a_fee_for_the_nth_bag_and_those_before_it(text: str, free_total: int, found: list[tuple[str, int]]) -> None:
    assert overcharged_nth_bag(text, 5000, free_total) == found


@pytest.mark.parametrize(("tier", "kinds"), [
    ("gold", ["text_contradicts_policy"]),  # blind audit a57_02: gold in economy, 3 free per passenger
    ("regular", []),  # 1 free: the second bag is paid
])
def test_a_fee_for_a_bag_the_allowance_makes_free(convo: Any, at: Any, tier: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm evelyn_rossi_4078. Add a checked bag to 7SISHT; how much is it?")
    c.call("get_user_details", {"user_id": "evelyn_rossi_4078"}, {"user_id": "evelyn_rossi_4078", "membership": tier})
    c.call("get_reservation_details", {"reservation_id": "7SISHT"}, {
        "reservation_id": "7SISHT", "cabin": "economy", "total_baggages": 1, "nonfree_baggages": 0,
        "passengers": [{"first_name": "Evelyn", "last_name": "Rossi"}]})
    i = c.say("7SISHT has 1 checked bag. Adding one more brings you to 2 bags, and the extra bag costs $50.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("held", "kinds"), [(0, ["text_contradicts_policy"]), (1, [])])  # regular economy: 1 free
def test_a_fee_for_a_bag_added_to_the_one_booking_unnamed(convo: Any, at: Any, held: int, kinds: list[str]) -> None:
    # blind set 91, a91_09 18: the text names no code; the one reservation shown is the one meant
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm raj_brown_5782. Add a checked bag to VA5SGQ; how much is it?")
    c.call("get_user_details", {"user_id": "raj_brown_5782"}, {"user_id": "raj_brown_5782", "membership": "regular"})
    c.call("get_reservation_details", {"reservation_id": "VA5SGQ"}, {
        "reservation_id": "VA5SGQ", "cabin": "economy", "total_baggages": held, "nonfree_baggages": 0,
        "passengers": [{"first_name": "Raj", "last_name": "Brown"}]})
    i = c.say("Each checked bag is $50, so adding one bag would cost $50.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("bags", "kinds"), [(2, ["text_contradicts_policy"]), (4, [])])  # gold economy: 3 free
def test_a_fee_for_a_bag_on_a_booking_just_made(convo: Any, at: Any, bags: int, kinds: list[str]) -> None:
    # blind audit a65_10: the booking's own cabin, set by the write that made it, is the record's
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm evelyn_rossi_4078. Book HAT229 for me, economy, 1 bag; then add one more bag.")
    c.call("get_user_details", {"user_id": "evelyn_rossi_4078"}, {"user_id": "evelyn_rossi_4078", "membership": "gold"})
    booking = {"reservation_id": "HATHAT", "cabin": "economy", "total_baggages": 1, "nonfree_baggages": 0,
               "passengers": [{"first_name": "Evelyn", "last_name": "Rossi"}]}
    c.say("HAT229 in economy for Evelyn Rossi with 1 bag. Book it?")
    c.user("yes")
    c.call("book_reservation", {"user_id": "evelyn_rossi_4078", "cabin": "economy", "total_baggages": 1}, booking)
    i = c.say(f"Booked HATHAT. Adding 1 bag brings HATHAT to {bags} checked bags. That one costs $50.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("text", "cabins", "found"), [
    # blind audit a58_04: a count of free bags where the tier decides and none shows
    ("Basic economy doesn't include any free checked bags, so all 3 bags would be $50 each.", set(),
     [("any free checked bags", "basic economy")]),
    ("Each passenger has 1 free checked bag.", {"economy"}, [("1 free checked bag", "economy")]),
    ("As a silver member you get 1 free bag in basic economy.", set(), []),  # the tier said
    ("Do you have any free bags left in economy?", set(), []),  # no count
    ("Each passenger has 1 free checked bag.", {"economy", "business"}, []),  # which cabin: unclear
])
def test_a_count_of_free_bags_where_no_tier_shows(text: str, cabins: set[str], found: list[tuple[str, str]]) -> None:
    assert unknown_tier_bags(text, TABLE, cabins) == found


@pytest.mark.parametrize(("profile", "told", "kinds"), [
    (False, "", ["text_not_visible"]),
    (True, "", ["text_contradicts_policy"]),  # shown silver: 1 free, not 0
    (False, " I'm a silver member.", []),  # told by the user: visible (its count is not checked here)
])
def test_free_bags_said_before_the_membership_shows(convo: Any, at: Any, profile: bool, told: str,
                                                    kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user(f"I'll check 3 bags on 1YPYPO. How much is that?{told}")
    c.call("get_reservation_details", {"reservation_id": "1YPYPO"},
           {"reservation_id": "1YPYPO", "user_id": "raj_khan_7943", "cabin": "basic_economy", "total_baggages": 0})
    if profile:
        c.call("get_user_details", {"user_id": "raj_khan_7943"}, {"membership": "silver", "reservations": ["1YPYPO"]})
    i = c.say("Basic economy doesn't include any free checked bags, so all 3 bags would be charged.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind audit a64_08: the text's own allowance, then more bags said to be free
    ("Regular members get 2 free per passenger in business, 4 in total, so going to 5 bags both new bags are free.",
     [(4, 5)]),
    ("Regular members get 2 free per passenger in business, 4 in total, so going to 4 bags the new one is free.", []),
])
def test_more_bags_than_the_allowance_said_are_not_free(text: str, found: list[tuple[int, int]]) -> None:
    from trajectory2gym.certify.bag_allowance import free_beyond_allowance

    assert [(allowed, total) for _, allowed, total in free_beyond_allowance(text)] == found


RESERVATION = {"reservation_id": "ZXIYE7", "cabin": "business", "total_baggages": 5,
               "passengers": [{"first_name": "Anya"}, {"first_name": "Lei"}]}


@pytest.mark.parametrize(("text", "found"), [
    # blind sets 70 and 72 (a70_02, a72_01): the free bags left, 2 x 3 free less 5 booked
    ("All set. You still have room for 2 more free bags on this reservation.", [("2 more free bags", 1)]),
    ("All set. You still have room for **1 more free bag** on this reservation.", []),
    ("All set, 5 bags, all free.", []),  # no count left said
])
def test_the_free_bags_said_to_be_left(text: str, found: list[tuple[str, int]]) -> None:
    assert misstated_free_left(text, 3, RESERVATION) == found


@pytest.mark.parametrize(("left", "kinds"), [("3", ["text_miscalculated"]), ("2", [])])
def test_the_free_bags_left_after_a_bag_update(convo: Any, at: Any, left: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm ava_li_8840. Set 86BIW2 to 4 checked bags.")
    c.call("get_user_details", {"user_id": "ava_li_8840"}, {"user_id": "ava_li_8840", "membership": "gold"})
    record = {"reservation_id": "86BIW2", "cabin": "basic_economy", "total_baggages": 0, "nonfree_baggages": 0,
              "passengers": [{"first_name": "Ava"}, {"first_name": "Fatima"}, {"first_name": "Mei"}]}
    c.call("get_reservation_details", {"reservation_id": "86BIW2"}, record)
    c.say("As a gold member you get 2 free checked bags per passenger in basic economy: 6 free, so 4 bags cost $0. "
          "Shall I set 86BIW2 to 4 checked bags?")
    c.user("yes do it")
    c.call("update_reservation_baggages", {"reservation_id": "86BIW2", "total_baggages": 4, "nonfree_baggages": 0,
                                           "payment_id": "gift_card_1"}, {**record, "total_baggages": 4})
    i = c.say(f"All set: 86BIW2 now has 4 checked bags. You still have {left} more free bags if you need them.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] \
        == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind set 85, a85_03 30: the policy charges $50 a bag
    ("You can check 3 bags free per passenger. Any additional bag would be $35 each.", ["$35"]),
    ("You can check 3 bags free per passenger. Any additional bag would be **$50** each.", []),
    ("It's $35 per extra bag after the first three.", ["$35"]),
    ("Adding 2 extra bags would be $100 in total.", []),  # a total, not a fee per bag
])
def test_a_fee_per_extra_bag_is_the_policys(text: str, found: list[str]) -> None:
    assert misfeed_per_bag(text, 5000) == found


@pytest.mark.parametrize(("text", "held", "found"), [
    # blind set 99, a99_06 38: the 4th bag priced where 9 travel free (3 passengers, 3 each)
    ("Each passenger's free allowance is 3 bags, and the reservation already has 3, so the 4th bag would be $50.",
     3, [("$50", 4)]),
    ("The 10th bag would be $50.", 9, []),
    # a99_05 25: two bags priced each and in all, where none are held and one travels free
    ("Two bags would cost $50 each, so $100.", 0, [("$100", 2)]),
    ("Two bags would cost $50 each, so $100.", None, []),  # the bags held unknown
])
def test_a_bag_priced_within_what_travels_free(text: str, held: int | None, found: list[tuple[str, int]]) -> None:
    from trajectory2gym.certify.bag_allowance import charged_within_allowance

    assert charged_within_allowance(text, 5000, 9 if "4th" in text or "10th" in text else 1, held) == found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 99, a99_06 38: the booking the latest write changed, in the cabin that write set (its result
    # still shows business), among several bookings shown
    ("Each passenger's free allowance is 3 bags, and the reservation already has 3, so the 4th bag would be $50.",
     ["text_contradicts_policy"]),
    ("The reservation already has 3 bags; a 4th is free too, as 9 travel free.", []),
])
def test_a_bag_priced_on_the_booking_a_write_just_moved_to_economy(convo: Any, at: Any, said: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm sofia_kim_7287. Move GV1N64 down to economy.")
    c.call("get_user_details", {"user_id": "sofia_kim_7287"}, {"user_id": "sofia_kim_7287", "membership": "gold"})
    people = [{"first_name": n, "last_name": "Kim"} for n in ("Sofia", "Ava", "Ivan")]
    booked = {"reservation_id": "GV1N64", "cabin": "business", "total_baggages": 3, "nonfree_baggages": 0,
              "passengers": people, "flights": [{"flight_number": "HAT003", "date": "2024-05-19", "price": 561}]}
    c.call("get_reservation_details", {"reservation_id": "GV1N64"}, booked)
    c.call("get_reservation_details", {"reservation_id": "Y2WASI"}, {"reservation_id": "Y2WASI", "cabin": "business"})
    c.say("Move GV1N64 (HAT003 on 2024-05-19) to economy, refunding the difference to your gift card. Confirm?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "GV1N64", "cabin": "economy", "payment_id": "gift_card_1",
                                          "flights": [{"flight_number": "HAT003", "date": "2024-05-19"}]}, booked)
    c.say("Done.")
    c.user("Add one more bag then, 4 total.")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found
