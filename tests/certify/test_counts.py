"""A text that says how many of something an object holds must agree with the list shown
(certify/counts.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.counts import listed_count, miscounted, status_counts
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

from .conftest import decision

# "" is the latest observation as a whole (a search's results); "one-stop search", the latest one-stop search's.
LISTS = {"T6HMDP": {"passengers": 3, "flights": 2}, "#W4404390": {"items": 5},
         None: {"reservations": 10, "payment_methods": 2, "": 2, "one-stop search": 2, "line_ids": 3}}


def _count_of(ident: str | None, keys: tuple[str, ...]) -> int | None:
    held = LISTS.get(ident, {})
    return next((held[k] for k in keys if k in held), None)


@pytest.mark.parametrize(("text", "found"), [
    ("You have 9 reservations on file.", [("9 reservations", 10)]),
    ("You have 10 reservations on file.", []),
    ("There are ten reservations on your profile.", []),
    ("T6HMDP has 2 passengers: Ana and Raj.", [("2 passengers", 3)]),
    ("T6HMDP has three passengers and 2 flights.", []),
    ("You have two saved payment methods.", []),
    ("I can return 2 items for you.", []),  # what to do, not what an object holds
    ("You have 3 bills.", []),  # no list of bills shown: nothing to say against it
    ("No direct flights. I found three one-stop options via SFO.", [("three options", 2)]),  # the search gave 2
    ("I found 2 one-stop flights via SFO.", []),
    # words before the count that take a part of the list (blind set 95, a95_01 16, a95_11 10)
    ("After noon there are three one-stop options via Atlanta.", []),
    ("Leaving after 2 pm there are three one-stop options via Atlanta.", []),
    ("Of those, you have 3 reservations.", []),
    ("There are three one-stop options via Atlanta, all after 11am.", [("three options", 2)]),
    ("You have 3 upcoming reservations.", []),  # a part of the list: which ones are upcoming is not counted here
    ("You have 3 other reservations.", []),
    ("You also have two watch reservations.", []),  # a kind of them: which ones is not counted here
    ("You have 3 saved reservations.", [("3 reservations", 10)]),  # the whole list
    # Counts the agent reads off what it sees, in bold too.
    ("Thanks, Liam! I see **9 reservations** on your profile.", [("9 reservations", 10)]),
    ("Thanks, Liam. I see **nine** reservations on your profile.", [("nine reservations", 10)]),
    ("The profile shows 10 reservations.", []),
    # "each of the N": the count of the object the text names
    ("T6HMDP: the total paid was $900, that is $300 for each of the three travellers.", []),
    ("T6HMDP: the total paid was $900, that is $225 for each of the four travellers.", [("four travellers", 3)]),
    # words after the kind that count a part of the list
    ("You have two reservations on the way:\n- T6HMDP", []),
    ("You have 2 reservations still to fly.", []),
    ("There are 3 reservations that can be cancelled.", []),
    ("You have 2 reservations on file.", [("2 reservations", 10)]),
    ("You have 2 reservations with us.", [("2 reservations", 10)]),
    # an order's items (blind audit retail_r08)
    ("Order #W4404390, delivered, has 4 items: two tents, sunscreen, a desk and a jacket.", [("4 items", 5)]),
    ("Order #W4404390 has 5 items.", []),
    ("Order #W4404390 has 2 items that can be returned.", []),
    # A list's line: the code, a colon, its count.
    ("Both can be cancelled:\n- #W4404390: 4 items (two tents, sunscreen, a desk and a jacket), $1,434.88.",
     [("4 items", 5)]),
    ("- **#W4404390:** 5 items, $1,434.88", []),
    ("- #W4404390: 2 items still to ship", []),  # a part of them
    # a sentence that names no object counts the one named before it (blind set 75, a75_04)
    ("T6HMDP has 4 checked bags. As a gold member, each of the 2 passengers gets 3 free bags.", [("2 passengers", 3)]),
    ("T6HMDP has 4 checked bags. As a gold member, each of the 3 passengers gets 3 free bags.", []),
    # passengers listed by name, then counted (blind set 75, a75_05)
    ("I found T6HMDP. The passengers are Mei Rossi and Raj Lopez, 2 in total.", [("2 passengers", 3)]),
    ("I found T6HMDP. The passengers are Mei Rossi, Raj Lopez and Noah Moore, 3 in total.", []),
    # a table's row, the count a cell of its own (blind set 86, a86_08 42), read with its columns' names too
    ("| Reservation | Cabin | Passengers |\n|---|---|---|\n| **T6HMDP** | Business | 2 passengers |", [("2 passengers", 3)]),
    ("Reservation **T6HMDP** | Cabin Business | Passengers 3 passengers", []),
    ("Reservation **T6HMDP** | Cabin Business | Passengers 4 passengers", [("4 passengers", 3)]),
    # an account "with" its count (blind set 98, t98_12 10)
    ("Thanks, John. I see your account with two lines, and 555-123-2002 is active.", [("two lines", 3)]),
    ("Thanks, John. I see your account with three lines, and 555-123-2002 is active.", []),
    # a count alone as the answer, of the latest list (blind set 100, r100_12 14: "Four items in total.")
    ("Nine reservations in total.", [("Nine reservations", 10)]),
    ("Ten reservations in total.", []),
])
def test_a_count_said_against_the_list_shown(text: str, found: list[tuple[str, int]]) -> None:
    assert miscounted(text, _count_of) == found


def test_a_listed_count_is_a_list_or_a_map_at_any_depth() -> None:
    assert listed_count({"user": {"reservations": ["A", "B"]}}, ("reservations",)) == 2
    assert listed_count({"payment_methods": {"a": {}, "b": {}, "c": {}}}, ("payment_methods",)) == 3
    assert listed_count({"reservations": 4}, ("reservations",)) is None  # a number is no list


@pytest.mark.parametrize(("said", "kinds"), [
    ("Thanks, Mia. You have 9 reservations on file. Which one is it?", ["text_miscounted"]),
    ("Thanks, Mia. You have 3 reservations on file. Which one is it?", []),
])
def test_a_text_miscounting_the_profiles_list_is_not_grounded(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Cancel my trip, I'm mia_jackson_2156.")
    c.call("get_user_details", {"user_id": "mia_jackson_2156"}, {"name": "Mia", "reservations": ["7TM0OA", "JBYKQ0",
                                                                                                "EJJRUB"]})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("booked", "kinds"), [
    # blind set 81, a81_04 60: the reservations just booked are not in the profile looked up before
    (True, []),
    (False, ["text_miscounted"]),
])
def test_a_count_of_a_list_bookings_since_may_have_grown_is_not_checked(convo: Any, booked: bool,
                                                                         kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book me JFK to SFO on May 26, economy. I'm mia_jackson_2156.")
    c.call("get_user_details", {"user_id": "mia_jackson_2156"}, {"name": "Mia", "reservations": ["7TM0OA"]})
    if booked:
        c.say("Booking HAT023 JFK → SFO on 2024-05-26, economy, for Mia Jackson, paid with gift_card_1. Proceed?")
        c.user("yes")
        c.call("book_reservation", {"user_id": "mia_jackson_2156", "origin": "JFK", "destination": "SFO",
                                    "flight_type": "one_way", "cabin": "economy",
                                    "flights": [{"flight_number": "HAT023", "date": "2024-05-26"}],
                                    "passengers": [{"first_name": "Mia", "last_name": "Jackson", "dob": "1990-01-01"}],
                                    "payment_methods": [{"payment_id": "gift_card_1", "amount": 100}],
                                    "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"},
               {"reservation_id": "HATHAT", "user_id": "mia_jackson_2156"})
    i = c.say("You have 2 reservations now.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "text_miscounted"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("On May 24 there are two nonstop flights: HAT170 at 3am and HAT124 at 7pm.", []),
    ("On May 24 there are three nonstop flights to choose from.", ["text_miscounted"]),
])
def test_flights_counted_right_after_a_search_are_its_results(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("move N62ITV to the 24th please")
    c.call("get_order_details", {"order_id": "N62ITV"}, {"reservation_id": "N62ITV", "flights": [
        {"flight_number": "HAT170", "date": "2024-05-17", "price": 108}]})
    c.call("get_product_details", {"product_id": "DFW-LAX"}, [
        {"flight_number": "HAT124", "scheduled_departure_time_est": "19:00:00", "prices": {"economy": 139}},
        {"flight_number": "HAT170", "scheduled_departure_time_est": "03:00:00", "prices": {"economy": 118}}])
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def test_a_count_of_the_objects_in_one_status(convo: Any) -> None:
    c = convo()
    c.user("My user id is ava_moore_4814. Which of my orders arrived?")
    c.call("get_user_details", {"user_id": "ava_moore_4814"},
           {"user_id": "ava_moore_4814", "orders": ["#W8331214", "#W8495163", "#W6257064", "#W9907310"]})
    for oid, status in (("#W8331214", "pending"), ("#W8495163", "delivered"), ("#W6257064", "delivered"),
                        ("#W9907310", "delivered")):
        c.call("get_order_details", {"order_id": oid}, {"order_id": oid, "status": status, "items": []})
    told = "You have 4 orders and {} of them are delivered."
    wrong, right = c.say(told.format(2)), c.say(told.format(3))
    pending = c.say("You have 1 pending order and 3 delivered ones.")
    cert = certify_interaction(c.build())
    assert [reason_kind(r) for r in decision(cert, wrong).reasons] == ["text_miscounted"]
    assert decision(cert, right).eligible and decision(cert, pending).eligible


def test_a_count_in_one_status_of_objects_never_looked_up_is_no_claim_to_check(convo: Any) -> None:
    c = convo()
    c.user("My user id is ava_moore_4814.")
    c.call("get_user_details", {"user_id": "ava_moore_4814"},
           {"user_id": "ava_moore_4814", "orders": ["#W8331214", "#W8495163"]})
    c.call("get_order_details", {"order_id": "#W8331214"}, {"order_id": "#W8331214", "status": "pending"})
    said = c.say("You have 2 orders and 2 of them are pending.")  # #W8495163 was never looked up
    assert status_counts("You have 2 orders and 2 of them are pending.") == [
        ("2 of them are pending", 2, "pending", ("orders",))]
    assert decision(certify_interaction(c.build()), said).eligible


@pytest.mark.parametrize(("user", "said", "kinds"), [
    # No order looked up: the profile lists ids only, so no count in a status is shown.
    ("My user id is ava_moore_4814.", "I see two orders on your account, one of which is still pending.",
     ["text_not_visible"]),
    ("My user id is ava_moore_4814.", "I see two orders on your account, one of them pending.", ["text_not_visible"]),
    ("My user id is ava_moore_4814. One of my two orders is still pending.",
     "I see two orders on your account, one of which is still pending.", []),  # what the user said
    ("My user id is ava_moore_4814.", "I see two orders on your account. Which one is it about?", []),
    # "were", and a split by status after the count (blind set 101, r101_11 8, r101_10 8)
    ("My user id is ava_moore_4814.", "You have two orders, #W8331214 and #W8495163, though one of them was "
     "cancelled.", ["text_not_visible"]),
    ("My user id is ava_moore_4814.", "You have two orders - #W8331214 and #W8495163 - one pending and one delivered.",
     ["text_not_visible", "text_not_visible"]),
    ("My user id is ava_moore_4814.", "You have two orders - #W8331214 and #W8495163. Which one, and what's wrong?",
     []),
])
def test_a_count_in_one_status_of_objects_none_of_which_was_looked_up(convo: Any, user: str, said: str,
                                                                      kinds: list[str]) -> None:
    c = convo()
    c.user(user)
    c.call("get_user_details", {"user_id": "ava_moore_4814"},
           {"user_id": "ava_moore_4814", "orders": ["#W8331214", "#W8495163"]})
    i = c.say(said)
    assert [reason_kind(r) for r in decision(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    ("You have 3 orders: 2 delivered on May 1 and 1 pending.", [("2 delivered", 2, "delivered", ("orders",)),
                                                                ("1 pending", 1, "pending", ("orders",))]),
    ("Two items, one delivered by Friday.", []),  # no kind counted of the kinds with a status list
    ("One of them was cancelled last week.", []),  # no kind named before it
])
def test_a_split_by_status_after_a_count_of_the_kind(text: str, found: list[tuple[str, int, str, tuple[str, ...]]]) -> None:
    assert status_counts(text) == found


def test_a_status_said_of_it_after_the_sentence_naming_the_object(convo: Any) -> None:
    c = convo()
    c.user("Please cancel my order #W3826449.")
    c.call("get_order_details", {"order_id": "#W3826449"}, {"order_id": "#W3826449", "status": "processed", "items": [
        {"name": name, "item_id": str(1000000000 + k), "price": 10.0}
        for k, name in enumerate(["Wireless Earbuds", "Espresso Machine", "Headphones", "Smartphone", "Tablet"])]})
    told = "Order #W3826449 is one of yours. It holds 5 items. It's still {}, so it can be changed."
    wrong_status, right = c.say(told.format("pending")), c.say(told.format("processed"))
    cert = certify_interaction(c.build())
    assert [reason_kind(r) for r in decision(cert, wrong_status).reasons] == ["text_contradicts_status"]
    assert decision(cert, right).eligible


@pytest.mark.parametrize(("text", "found"), [
    ("BD52GB (JFK to LAS on May 16-17 for 2 passengers) is in basic economy.", [("2 passengers", 3)]),
    ("BD52GB (JFK to LAS on May 16-17 for 3 passengers) is in basic economy.", []),
    ("I found BD52GB. With two passengers the certificate would be $200.", [("two passengers", 3)]),
    ("HAT037 has seats for 2 passengers in economy.", []),  # a flight's code: no passenger list of its own
    ("I can book HAT037 for 2 passengers.", []),  # a new booking: the count is the user's
    # a count listed in the booking's brackets (blind audit air50_11)
    ("Both have insurance: BD52GB (DEN to LAX on May 18-19, business, 5 passengers) and 64TPE1.", [("5 passengers", 3)]),
    ("Both have insurance: BD52GB (business, 3 passengers) and 64TPE1.", []),
    # one passenger, in the singular (blind audit a55_01)
    ("- **BD52GB** — Seattle (SEA) → Houston (IAH), one way, May 21–22, 1 passenger", [("1 passenger", 3)]),
    # a code of capitals only, after another's line (blind set 79, a79_11 52)
    ("- **COVE6R** — business.\n- **IIHXDG** — economy, 1 passenger (Raj Muller).", [("1 passenger", 3)]),
    ("- **COVE6R** — business.\n- **IIHXDG** — economy, 3 passengers (Raj Muller, Ivan Garcia, Fatima Moore).", []),
    # a booking yet to be made after the code (blind set 98, a98_07 32)
    ("You could cancel BD52GB with a full refund, and then book a new one for the two travellers.", []),
    ("You could cancel BD52GB with a full refund for the two travellers.", [("two travellers", 3)]),
])
def test_a_count_of_passengers_said_of_a_booking_named_by_its_code(text: str, found: list[tuple[str, int]]) -> None:
    from trajectory2gym.certify.counts import miscounted_people

    assert miscounted_people(text, {"BD52GB": 3, "IIHXDG": 3, "COVE6R": 1}.get) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Reservation QME7SJ (CLT to IAH, economy): with 3 passengers, each gets a $100 certificate.", ["text_miscounted"]),
    ("Reservation QME7SJ (CLT to IAH, economy): with 2 passengers, each gets a $100 certificate.", []),
])
def test_a_bookings_passengers_miscounted_in_text_is_not_grounded(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo(domain="airline")
    c.user("My flight QME7SJ was cancelled, what do I get? I'm a gold member, $100 per passenger, right?")
    c.call("get_reservation_details", {"reservation_id": "QME7SJ"}, {
        "reservation_id": "QME7SJ", "cabin": "economy", "flights": [{"flight_number": "HAT037", "price": 137}],
        "passengers": [{"first_name": "Elijah", "last_name": "Nakamura"}, {"first_name": "Amara", "last_name": "Ito"}]})
    c.call("get_reservation_details", {"reservation_id": "R18OX1"}, {
        "reservation_id": "R18OX1", "cabin": "economy", "flights": [{"flight_number": "HAT001", "price": 100}],
        "passengers": [{"first_name": n, "last_name": "Ito"} for n in ("A", "B", "C")]})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    ("M724JC: as a silver member, 3 passengers x $100 = $300.", [("3 passengers", 2)]),
    ("M724JC: as a silver member, 2 passengers x $100 = $200.", []),
])
def test_a_count_of_passengers_multiplied_is_the_bookings(text: str, found: list[tuple[str, int]]) -> None:
    from trajectory2gym.certify.counts import miscounted_people

    assert miscounted_people(text, {"M724JC": 2}.get) == found


@pytest.mark.parametrize(("text", "bags", "found"), [
    ("The reservation currently has 2 checked bags, so you can add 2 more for free.", {None: 1}, [("2 checked bags", 1)]),
    ("The reservation currently has 1 checked bag, so you can add 3 more for free.", {None: 1}, []),
    ("521WNC has three bags.", {"521WNC": 2, None: 3}, [("three bags", 2)]),  # the booking named, not the newest
    ("You can bring 2 checked bags for free.", {None: 1}, []),  # an allowance, not what the booking holds
    ("The reservation has 2 checked bags.", {}, []),  # no booking shown
    # "the reservation" named before by its code, not the newest shown (blind set 81: a81_02 60)
    ("With 2 passengers on JG7FMM the free allowance is 2 bags. The reservation currently lists 3 checked bags.",
     {"JG7FMM": 3, None: 1}, []),
    ("With 2 passengers on JG7FMM the free allowance is 2 bags. The reservation currently lists 2 checked bags.",
     {"JG7FMM": 3, None: 2}, [("2 checked bags", 3)]),
    # the code, a bracket of its trip, then its insurance first (blind set 88, a88_09 54)
    ("AAVMM8 (MCO→PHX→DTW, May 21–22, business) has insurance and **2 checked bags**.", {"AAVMM8": 3, None: 2},
     [("2 checked bags", 3)]),
    ("AAVMM8 (MCO→PHX→DTW, May 21–22, business) has insurance and **3 checked bags**.", {"AAVMM8": 3, None: 2}, []),
])
def test_the_bags_a_booking_is_said_to_have_are_the_ones_it_shows(text: str, bags: dict[str | None, int],
                                                                   found: list[tuple[str, int]]) -> None:
    from trajectory2gym.certify.counts import miscounted_bags

    assert miscounted_bags(text, bags.get) == found


def test_a_text_miscounting_a_bookings_bags_is_not_grounded(convo: Any) -> None:
    c = convo(domain="airline")
    c.user("How many bags do we have on 521WNC?")
    c.call("get_reservation_details", {"reservation_id": "521WNC"}, {
        "reservation_id": "521WNC", "cabin": "economy", "total_baggages": 1, "nonfree_baggages": 0,
        "passengers": [{"first_name": "Andre", "last_name": "Haddad"}, {"first_name": "Pablo", "last_name": "N"}]})
    wrong = c.say("The reservation currently has 2 checked bags, so you can add 2 more for free.")
    right = c.say("The reservation currently has 1 checked bag, so you can add 3 more for free.")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in decision(out, wrong).reasons] == ["text_miscounted"]
    assert decision(out, right).reasons == []


@pytest.mark.parametrize(("text", "totals"), [
    # blind audit air49_17: the new total, said by a verb that sets it or by an ordinal
    ("2. Set checked bags to 3 (0 paid), Visa ending 1896 on file.", {3}),
    ("As a gold member you get 3 free bags; you have 2, so a third bag is free.", {3}),
    ("You already have 2, so the 3rd bag costs $50.", {3}),  # in digits (blind set 62, a62_04)
    ("That's 109 + 30 insurance + 50 for the bag = 189 dollars.", set()),  # a price, no count (blind set 64, a64_08)
    ("Shall I update the bags to four?", {4}),
    ("Your bags go to 3 carousels at the airport.", set()),  # no verb that sets them
    ("I can add a bag for $50.", set()),  # an added one, not a total
    # a bold number right after the thing (blind audit a57_08)
    ("- Reservation **5JLTF1**: total checked bags **6**, of which **2** non-free", {6}),
    ("- Bags: 3 checked, all free", {3}),
    # a plain number after "total ... bags" (blind set 88, a88_01 38)
    ("2. **Baggage**: total checked bags 2 (0 paid), no charge.", {2}),
    ("Checked bags 2 times the fee.", set()),  # no "total"
])
def test_a_bag_total_set_to_a_number_or_said_by_an_ordinal(text: str, totals: set[int]) -> None:
    from trajectory2gym.certify.agreement import _counts_of

    assert _counts_of(text, ("bag", "luggag", "suitcas"), 1, False)[0] == totals


SEATS = {"HAT101": {"basic_economy": 16, "economy": 5, "business": 1}, "HAT102": {"economy": 1}}


@pytest.mark.parametrize(("text", "found"), [
    # blind audit air49_15: the cabin the sentence names
    ("On May 24 there is HAT101, 14:00 to 16:30, business $418, with 2 seats left.",
     [("2 seats left", "HAT101: basic_economy 16, economy 5, business 1")]),
    ("On May 24 there is HAT101, 14:00 to 16:30, business $418, with 1 seat left.", []),
    ("HAT101 has only five economy seats available.", []),
    ("HAT101 has only 4 economy seats available.", [("4 economy seats available", "HAT101: basic_economy 16, "
                                                                                   "economy 5, business 1")]),
    ("HAT101 has 16 seats left.", []),  # no cabin named: any of its cabins
    # the flight named right after the count is the one it is said of (blind audit a53_01)
    ("HAT102 and HAT101: $255 (only 1 economy seat left on HAT102)", []),
    ("HAT102 and HAT101: $255 (only 5 economy seats left on HAT102)", [("5 economy seats left", "HAT102: economy 1")]),
    ("HAT999 has 3 seats left.", []),  # no search shows it
    ("There are 2 seats left, I think.", []),  # no flight named
    # a list's line, of the cabin its lead line names (blind audit a57_10)
    ("Flights on 5/24 in economy (price per person):\n- **HAT101** — 7:00 AM — $166 (only 1 seat left)",
     [("1 seat left", "HAT101: basic_economy 16, economy 5, business 1")]),
    ("Flights on 5/24 in economy (price per person):\n- **HAT101** — 7:00 AM — $166 (only 5 seats left)", []),
    ("Flights on 5/24 (price per person):\n- **HAT101** — 7:00 AM — $166 (only 1 seat left)", []),  # no cabin led
    # seats the flight is said to have (blind set 93, a93_17 34)
    ("HAT101 has 11 economy seats that day, so plenty of room.", [("11 economy seats", "HAT101: basic_economy 16, "
                                                                                        "economy 5, business 1")]),
    ("HAT101 has 5 economy seats that day, so plenty of room.", []),
])
def test_seats_said_left_on_a_flight_against_its_search_result(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.counts import miscounted_seats

    assert miscounted_seats(text, SEATS.get) == found


def test_a_text_with_the_wrong_seats_left_is_not_grounded(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move my return to the 24th.")
    c.call("search_direct_flight", {"origin": "IAH", "destination": "EWR", "date": "2024-05-24"},
           [{"flight_number": "HAT101", "origin": "IAH", "destination": "EWR", "status": "available",
             "available_seats": SEATS["HAT101"], "prices": {"basic_economy": 79, "economy": 127, "business": 418}}])
    wrong = c.say("On May 24 there is HAT101 in business at $418, with 2 seats left.")
    right = c.say("On May 24 there is HAT101 in business at $418, with 1 seat left.")
    r = certify_interaction(c.build())
    assert [reason_kind(x) for x in at(r, wrong).reasons] == ["text_miscounted"] and at(r, right).eligible


@pytest.mark.parametrize(("text", "found"), [
    # blind audit air50_06: two counts added up in words
    ("D0DBNX has 5 checked bags and RX46C2 has 3, so 9 in total.", [("9", "5 checked bags and RX46C2 has 3, so 9 in total")]),
    ("D0DBNX has 5 checked bags and RX46C2 has 3, so 8 in total.", []),
    ("D0DBNX has five bags and RX46C2 has three, so eight bags in total.", []),
    ("X has 5 bags, Y has 3 and Z has 2, so 10 bags in total.", []),  # a longer sum: not read
    ("You have 1.5 GB and 2 GB, so 4 GB in total.", []),  # no counts
])
def test_two_counts_added_up_in_words(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.counts import miscounted_sum

    assert miscounted_sum(text) == found


@pytest.mark.parametrize(("text", "found"), [
    # blind audit a58_06: a cabin said open on every flight named, where one shows none
    ("- HAT101 JFK → MIA — business $370\n- HAT103 MIA → JFK — business $343\n\nBusiness seats are open on both flights.",
     [("Business seats are open on both flights", "HAT103: business 0")]),
    ("- HAT101 JFK → MIA\n- HAT102 MIA → JFK\n\nEconomy seats are available on both flights.", []),
    ("- HAT101 JFK → MIA\n- HAT103 MIA → JFK\n\nEconomy seats are open on both flights.", []),
])
def test_a_cabin_said_open_on_every_flight_named(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.counts import seats_denied

    assert seats_denied(text, {**SEATS, "HAT103": {"economy": 4, "business": 0}}.get) == found


FARES = {("HAT223", "basic_economy"): 8900, ("HAT223", "economy"): 14600, ("HAT278", "business"): 22100}


@pytest.mark.parametrize(("text", "found"), [
    # blind audits a62_08, a67_03: a cabin's fare given as an option where the search shows no seats in it
    ("HAT223, 14:00-16:00: basic economy $89, economy $146", [("HAT223", "basic_economy")]),
    ("HAT223, 14:00-16:00: economy $146 (basic economy is sold out)", []),
    ("1. Business fare on HAT278 that day: 221 dollars per person", [("HAT278", "business")]),
    ("HAT278 business has no seats left that day.", []),
    # blind set 68: a line of several flights gives each the amount right after it (a68_10) ...
    ("In basic economy the cheapest pairing is HAT223 ($89) + HAT278 ($58).", [("HAT223", "basic_economy")]),
    ("In economy the cheapest pairing is HAT223 ($146) + HAT278 ($89).", []),
    # ... and a line that names no cabin has the one the whole text names (a68_01)
    ("One-stop options, business fare $300 for the first leg:\n- + HAT278 15:00-17:00 ($221): $521 per person",
     [("HAT278", "business")]),
    ("Business and economy fares:\n- + HAT278 15:00-17:00 ($221): $521 per person", []),
    # a cabin's seats said available for the flights named (blind set 80, a80_02 28)
    ("The fastest is HAT223 (11:00–13:00) + HAT278 (13:00–16:00), with business seats available.",
     [("HAT278", "business")]),
    ("The fastest is HAT223 (11:00–13:00) + HAT278 (13:00–16:00), with economy seats available.", []),
    ("HAT223 + HAT278 has no business seats available.", []),
    # a table's row with its seats cell of 0, and the flight said full under it (blind set 92, a92_02 36)
    ("| Flight | Basic economy | Seats left |\n|---|---|---|\n| HAT223 | $89 | 0 |", []),
    ("| Flight | Basic economy | Seats left |\n|---|---|---|\n| HAT223 | $89 | 3 |", [("HAT223", "basic_economy")]),
    ("| Flight | Basic economy |\n|---|---|\n| HAT223 | $89 |\n\nHAT223 is sold out in basic economy.", []),
])
def test_a_cabin_with_no_seats_is_no_option(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.counts import sold_out_offered
    from trajectory2gym.certify.tables import with_headers

    seats = {"HAT223": {"basic_economy": 0, "economy": 15, "business": 9}, "HAT278": {"economy": 4, "business": 0}}
    assert sold_out_offered(with_headers(text), seats.get, lambda f, c: FARES.get((f, c))) == found


@pytest.mark.parametrize(("text", "found"), [
    # blind set 77, a77_11: the count of the search for the day the line names, not of the newest search
    ("- May 22: HAT101 has only 1 business seat left, not enough for 2 of you.", []),
    ("- May 22: HAT101 has only 3 business seats left.", [("3 business seats left", "HAT101: business 1")]),
    ("- May 23: HAT101 has 5 business seats left.", []),  # no search for that day: the newest one's
])
def test_seats_said_left_on_the_day_a_line_names(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.counts import miscounted_seats

    def on_day(flight: str, sentence: str) -> dict[str, int] | None:
        return {"business": 1} if flight == "HAT101" and "May 22" in sentence else None

    assert miscounted_seats(text, lambda flight: {"business": 5} if flight == "HAT101" else None, on_day) == found


@pytest.mark.parametrize(("count", "kinds"), [("only 1 business seat", []), ("5 business seats", ["text_miscounted"])])
def test_seats_of_an_earlier_days_search(convo: Any, at: Any, count: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Can we move LK3NLX (HAT298, business, 2 of us) to May 22 or 23?")
    for day, seats in (("2024-05-22", 1), ("2024-05-23", 5)):
        c.call("search_direct_flight", {"origin": "MCO", "destination": "MSP", "date": day}, [
            {"flight_number": "HAT298", "available_seats": {"economy": 12, "business": seats},
             "prices": {"economy": 110, "business": 363}}])
    i = c.say(f"- May 22: HAT298 has {count} left, not enough for 2 of you.\n- May 23: HAT298 has 5 business seats.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_miscounted"] == kinds, found


@pytest.mark.parametrize(("text", "people", "found"), [
    # blind sets 97 and 99 (a97_10 20, a99_06 22): 4 economy seats on HAT278 for 5 passengers, offered to go ahead
    ("Economy is $146 on HAT223 and $89 on HAT278. Shall I go ahead?", 5, [("HAT278", "economy")]),
    ("Economy is $146 on HAT223 and $89 on HAT278. Shall I go ahead?", 4, []),
    ("Economy is $146 on HAT223 and $89 on HAT278.", 5, []),  # no offer to go ahead: a listing
    ("Economy is $146 on HAT223 and $89 on HAT278 (4 seats left). Shall I go ahead?", 5, []),  # the seats said
])
def test_a_cabin_with_fewer_seats_than_the_passengers_is_no_offer(text: str, people: int,
                                                                  found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.counts import sold_out_offered

    seats = {"HAT223": {"basic_economy": 0, "economy": 15, "business": 9}, "HAT278": {"economy": 4, "business": 0}}
    fares = {**FARES, ("HAT278", "economy"): 8900}
    assert sold_out_offered(text, seats.get, lambda f, c: fares.get((f, c)), people) == found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 104, a104_01 16: the direct search gave two, the one-stop search after it four
    ("On May 20 there are two direct flights: HAT083 and HAT069. One-stop options connect via Atlanta.", []),
    ("On May 20 there are three direct flights to choose from.", ["text_miscounted"]),
    ("On May 20 there are four one-stop options via Atlanta.", []),
    ("On May 20 there are two one-stop options via Atlanta.", ["text_miscounted"]),
])
def test_flights_counted_as_direct_are_the_direct_searchs(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("What flights are there from JFK to SEA on May 20?")
    c.call("search_direct_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}, [
        {"flight_number": "HAT069", "origin": "JFK", "destination": "SEA", "prices": {"economy": 121}},
        {"flight_number": "HAT083", "origin": "JFK", "destination": "SEA", "prices": {"economy": 100}}])
    leg = {"flight_number": "HAT039", "origin": "ATL", "destination": "SEA", "prices": {"economy": 103}}
    c.call("search_onestop_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}, [
        [{"flight_number": n, "origin": "JFK", "destination": "ATL", "prices": {"economy": 141}}, leg]
        for n in ("HAT057", "HAT136", "HAT218", "HAT268")])
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "text_miscounted"] == kinds
