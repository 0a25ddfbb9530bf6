"""Airline calls whose arguments must agree with what the user confirmed: the card by its last four
digits, the cabin and insurance chosen, bag counts, a booking's split payment; a yes taken back by
"leave it as it is"; which of two moved flights a yes names ("only the outbound")."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs

USER = {"user_id": "raj_moore_8640", "membership": "silver", "payment_methods": {
    "credit_card_1": {"source": "credit_card", "brand": "visa", "last_four": "8862", "id": "credit_card_1"},
    "credit_card_2": {"source": "credit_card", "brand": "visa", "last_four": "8131", "id": "credit_card_2"},
    "credit_card_5": {"source": "credit_card", "brand": "mastercard", "last_four": "4118", "id": "credit_card_5"},
    "gift_card_3": {"source": "gift_card", "amount": 173, "id": "gift_card_3"},
    "certificate_4": {"source": "certificate", "amount": 150, "id": "certificate_4"}}}
RESERVATION = {"reservation_id": "PVUB64", "user_id": "raj_moore_8640", "cabin": "economy",
               "flights": [{"flight_number": "HAT173", "date": "2024-05-20", "price": 174}],
               "total_baggages": 2, "nonfree_baggages": 0, "insurance": "no",
               "payment_history": [{"payment_id": "gift_card_3", "amount": -3222}]}
SEARCH = [{"flight_number": "HAT173", "prices": {"economy": 174, "business": 457}}]


def _workflow(convo: Any, description: str, reply: str, name: str, args: dict[str, Any],
              request: str = "Hi, I'm raj_moore_8640, about reservation PVUB64.",
              search: list[dict[str, Any]] = SEARCH, user: dict[str, Any] = USER) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Each extra bag costs $50.")
    c.user(request)
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, user)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"}, search)
    c.say(description)
    c.user(reply)
    i = c.call(name, args, {**RESERVATION, "updated": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


def _bags(total: int, paid: int, card: str = "credit_card_1") -> tuple[str, dict[str, Any]]:
    return "update_reservation_baggages", {"reservation_id": "PVUB64", "total_baggages": total,
                                           "nonfree_baggages": paid, "payment_id": card}


def test_the_card_is_the_one_whose_last_four_digits_were_confirmed(convo) -> None:
    said = "I'll add 1 bag to PVUB64 (3 in total), free, with your Visa ending 8862 on file. Proceed?"
    assert _workflow(convo, said, "Yes.", *_bags(3, 0, "credit_card_1")) == []
    assert _workflow(convo, said, "Yes.", *_bags(3, 0, "credit_card_2")) == ["argument_not_confirmed"]


@pytest.mark.parametrize(("ending", "card", "kinds"), [
    # blind sets 72 and 75 (r72_12, a75_10): the card's last four miswritten, no card ending so
    ("8826", "credit_card_1", []),  # two neighbours swapped
    ("8863", "credit_card_1", []),  # one digit
    ("8826", "credit_card_2", ["argument_not_confirmed"]),  # the other Visa is not the one miswritten
    ("2868", "credit_card_1", ["argument_not_confirmed"]),  # more than a slip
])
def test_a_cards_last_four_miswritten_in_the_description(convo, ending: str, card: str, kinds: list[str]) -> None:
    said = f"I'll add 1 bag to PVUB64 (3 in total), free, with your Visa ending {ending} on file. Proceed?"
    assert _workflow(convo, said, "Yes.", *_bags(3, 0, card)) == kinds


@pytest.mark.parametrize(("total", "paid", "kinds"), [
    (3, 0, []), (4, 0, ["amount_not_confirmed"]),  # "adding 1 bag (3 in total)"
    (5, 0, ["amount_not_confirmed"]),
])
def test_bag_counts_are_the_ones_stated(convo, total: int, paid: int, kinds: list[str]) -> None:
    said = "PVUB64 has 2 checked bags now, so adding 1 bag (3 in total) is free. Shall I add it?"
    assert _workflow(convo, said, "Yes.", *_bags(total, paid)) == kinds


def test_a_count_follows_from_what_was_added_or_charged(convo) -> None:
    assert _workflow(convo, "I'll add one more bag to PVUB64, free. OK?", "Yes.", *_bags(3, 0)) == []
    charged = "I'll add 2 bags to PVUB64, charging $50 to your Visa ending 8862. Proceed?"
    assert _workflow(convo, charged, "Yes.", *_bags(4, 1)) == []
    assert _workflow(convo, charged, "Yes.", *_bags(4, 3)) == ["amount_not_confirmed"]  # 3 paid: $150


@pytest.mark.parametrize(("said", "reply", "kinds"), [
    ("First, add 1 bag to PVUB64 (3 in total), charging $50 to your Mastercard ending 4118; second, issue a $50 "
     "travel certificate for the delay. Shall I do both?",
     "Yes, add the bag. As for the certificate, let me first ask my wife.", []),
    ("I'll add 1 bag to PVUB64 (3 in total), paying the $50 with your travel certificate. Shall I?", "Yes.",
     ["argument_not_confirmed"]),  # a certificate to pay with
])
def test_a_certificate_given_is_no_way_to_pay(convo, said: str, reply: str, kinds: list[str]) -> None:
    assert _workflow(convo, said, reply, *_bags(3, 1, "credit_card_5")) == kinds


def _flights(cabin: str) -> tuple[str, dict[str, Any]]:
    return "update_reservation_flights", {"reservation_id": "PVUB64", "cabin": cabin, "payment_id": "gift_card_3",
                                          "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}]}


@pytest.mark.parametrize("said", ["I can move PVUB64 on HAT173 from business to economy, refunded to your gift card. OK?",
                                  "I can change HAT173 on PVUB64 to economy rather than business, gift card. OK?"])
def test_the_cabin_left_is_not_the_cabin_chosen(convo, said: str) -> None:
    assert _workflow(convo, said, "Yes.", *_flights("economy")) == []
    assert _workflow(convo, said, "Yes.", *_flights("business")) == ["argument_not_confirmed"]


@pytest.mark.parametrize(("said", "kinds"), [
    # an arrow between a flight's old and new price moves no flight (blind set 93, a93_02 82)
    ("**PVUB64**: HAT173 PHX → LAS on May 20 $457 → $174, HAT999 on May 22 $820 → $102. Refund to your gift card. "
     "Shall I downgrade it to economy?", []),
    ("**PVUB64**: HAT173 PHX → LAS on May 20 → HAT173 on May 22, economy. Refund to your gift card. Shall I?",
     ["not_described"]),  # an arrow that moves it
])
def test_an_arrow_between_prices_moves_no_flight(convo, said: str, kinds: list[str]) -> None:
    assert _workflow(convo, said, "Yes.", *_flights("economy")) == kinds


def test_one_objects_description_may_say_its_cabin_now_and_the_new_one(convo) -> None:
    # blind set 74, a74_10: the line naming the reservation gives its cabin now; the next, the new one
    said = ("PVUB64: HAT173 PHX→LAS 2024-05-20, business $520.\nEconomy on HAT173: $124.\n"
            "Refund: 520 − 124 = $396 to your gift card.\nConfirm downgrade?")
    assert _workflow(convo, said, "y", *_flights("economy")) == []


def _booking(insurance: str, payments: list[tuple[str, int]], bags: int = 0) -> tuple[str, dict[str, Any]]:
    return "book_reservation", {
        "user_id": "raj_moore_8640", "origin": "PHX", "destination": "LAS", "flight_type": "one_way",
        "cabin": "economy", "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}],
        "passengers": [{"first_name": "Raj", "last_name": "Moore", "dob": "1966-02-02"},
                       {"first_name": "Sophia", "last_name": "Nguyen", "dob": "1973-09-23"}],
        "payment_methods": [{"payment_id": p, "amount": a} for p, a in payments],
        "total_baggages": bags, "nonfree_baggages": 0, "insurance": insurance}


SPLIT = [("certificate_4", 150), ("gift_card_3", 173), ("credit_card_1", 25)]
BOOK = ("To confirm: one way PHX to LAS on HAT173, 2024-05-20, economy, for Raj Moore (1966-02-02) and Sophia "
        "Nguyen (1973-09-23), no insurance, no checked bags. Total $348: $150 certificate, $173 gift card, $25 on "
        "your Visa ending 8862. Shall I book it?")


def test_a_booking_agrees_with_the_insurance_bags_and_split_confirmed(convo) -> None:
    assert _workflow(convo, BOOK, "Yes, book it.", *_booking("no", SPLIT)) == []
    assert _workflow(convo, BOOK, "Yes, book it.", *_booking("yes", SPLIT)) == ["argument_not_confirmed"]
    assert _workflow(convo, BOOK, "Yes, book it.", *_booking("no", SPLIT, bags=2)) == ["amount_not_confirmed"]
    other = [("gift_card_3", 173), ("credit_card_1", 175)]
    assert _workflow(convo, BOOK, "Yes, book it.", *_booking("no", other)) == ["amount_not_confirmed"]
    with_it = BOOK.replace("no insurance", "with travel insurance")
    assert _workflow(convo, with_it, "Yes, book it.", *_booking("yes", SPLIT)) == []


@pytest.mark.parametrize(("payments", "kinds"), [
    ([("gift_card_3", 173), ("credit_card_1", 175)], []),  # the rest of $348 after the $173 stated
    ([("gift_card_3", 173), ("credit_card_1", 165)], ["amount_not_confirmed"]),  # leaves $10 unpaid
    ([("gift_card_3", 163), ("credit_card_1", 185)], ["amount_not_confirmed"]),  # $163 was never said
])
def test_a_split_payments_rest_is_what_the_stated_total_leaves(convo, payments: list[tuple[str, int]],
                                                               kinds: list[str]) -> None:
    said = ("One way PHX to LAS on HAT173, 2024-05-20, economy, for Raj Moore (1966-02-02) and Sophia Nguyen "
            "(1973-09-23), no insurance, no checked bags: $348 in total. You have $173 on your gift card. Shall I book it?")
    reply = "Yes, book it: use the gift card and put the rest on my Visa ending 8862."
    assert _workflow(convo, said, reply, *_booking("no", payments)) == kinds


SPLIT_LINES = ("Booking HAT173 on 2024-05-20, PHX to LAS, economy, for Raj Moore (1966-02-02) and Sophia Nguyen "
               "(1973-09-23), no bags, no insurance. Payment ($348 total):\n"
               "- certificate_4: $150\n- gift_card_3: $173\n- Visa ending 8862: **$25**\n\nMay I book it with this split?")


@pytest.mark.parametrize(("payments", "reply", "kinds"), [
    (SPLIT, "Yes, $25 on the Visa is fine. Book it.", []),  # one of the split's methods, said again
    ([("certificate_4", 150), ("gift_card_3", 173), ("credit_card_1", 35)], "Yes, book it.",
     ["amount_not_confirmed"]),  # the card's line says $25
    ([("certificate_4", 140), ("gift_card_3", 173), ("credit_card_1", 35)], "Yes, book it.",
     ["amount_not_confirmed"]),
])
def test_a_payment_splits_lines_state_its_amounts(convo, payments: list[tuple[str, int]], reply: str,
                                                  kinds: list[str]) -> None:
    # The lines name their methods, not the booking: their amounts are the offer's all the same.
    assert _workflow(convo, SPLIT_LINES, reply, *_booking("no", payments)) == kinds


def test_a_flight_of_the_booking_unsaid_is_not_replaced_by_a_reservation_code_said(convo, at) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent.")
    c.user("Hi, I'm raj_moore_8640. Keep PVUB64, and book HAT173 from PHX to LAS for me (1966-02-02) "
           "and Sophia Nguyen (1973-09-23).")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"}, SEARCH)
    c.say(BOOK)
    c.user("Yes.")
    c.call(*_booking("no", [("certificate_4", 150), ("gift_card_3", 183), ("credit_card_1", 15)]),
           "Error: not enough balance in payment method gift_card_3")
    # "PVUB64" has a flight number's length and digits, but it is the reservation just cancelled.
    c.say("Sorry, the gift card holds $173. PVUB64 is unchanged; the new booking has not been made yet. Corrected payment for the same itinerary "
          "($348 total):\n- certificate_4: $150\n- gift_card_3: $173\n- Visa ending 8862: $25\n\nMay I book it?")
    c.user("Yes.")
    i = c.call(*_booking("no", SPLIT), {**RESERVATION, "reservation_id": "NEW123"})
    assert at(certify_interaction(c.build()), i).eligible, at(certify_interaction(c.build()), i).reasons


def _one_each(certificate: str) -> tuple[str, dict[str, Any]]:
    name, args = _booking("no", [(certificate, 150), ("credit_card_1", 24)])
    return name, {**args, "passengers": args["passengers"][1:]}


@pytest.mark.parametrize(("certificate", "kinds"), [("certificate_4", []), ("certificate_6", ["argument_not_confirmed"])])
def test_a_passengers_own_entry_of_a_list_of_bookings_says_how_it_is_paid(convo, certificate: str,
                                                                          kinds: list[str]) -> None:
    user = {**USER, "payment_methods": {**USER["payment_methods"], "certificate_6": {
        "source": "certificate", "amount": 150, "id": "certificate_6"}}}
    said = ("One booking each, HAT173 on 2024-05-20, economy, no bags, no insurance:\n"
            "1. **Raj Moore** (1966-02-02): certificate_6 $150 + Visa ending 8862 $24\n"
            "2. **Sophia Nguyen** (1973-09-23): certificate_4 $150 + Visa ending 8862 $24\n\nShall I book both?")
    assert _workflow(convo, said, "Yes, book both.", *_one_each(certificate), user=user) == kinds


@pytest.mark.parametrize("reply", ["Yes, cancel it. Hmm, on second thought, my wife still wants to go. Leave it as it is.",
                                   "Yes, go ahead. Actually wait, leave everything as it is for now."])
def test_leaving_it_as_it_is_takes_the_yes_back(convo, reply: str) -> None:
    said = "To confirm: cancel PVUB64 (HAT173 on 2024-05-20); the refund goes to your gift card. Proceed?"
    assert _workflow(convo, said, reply, "cancel_reservation", {"reservation_id": "PVUB64"}) != []
    assert _workflow(convo, said, "Yes, cancel it.", "cancel_reservation", {"reservation_id": "PVUB64"}) == []


PEOPLE = [{"first_name": "Aarav", "last_name": "Rossi", "dob": "1957-11-10"},
          {"first_name": "Sophia", "last_name": "Nguyen", "dob": "1973-09-23"},
          {"first_name": "Sophia", "last_name": "Rossi", "dob": "1977-02-10"}]


def _passengers(convo: Any, description: str, reply: str, people: list[dict[str, str]]) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, I'm raj_moore_8640; a passenger on JT8DB7 needs a change.")
    c.call("get_reservation_details", {"reservation_id": "JT8DB7"}, {"reservation_id": "JT8DB7", "passengers": PEOPLE})
    c.say(description)
    c.user(reply)
    i = c.call("update_reservation_passengers", {"reservation_id": "JT8DB7", "passengers": people},
               {"reservation_id": "JT8DB7", "passengers": people})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


def _with(k: int, **changes: str) -> list[dict[str, str]]:
    return [{**p, **changes} if j == k else p for j, p in enumerate(PEOPLE)]


def test_the_passenger_changed_is_the_one_described(convo) -> None:
    dob = ("I'll update Sophia Rossi's date of birth on JT8DB7 from 1977-02-10 to 1977-02-12; Aarav Rossi and "
           "Sophia Nguyen stay unchanged. Shall I proceed?")
    assert _passengers(convo, dob, "Yes.", _with(2, dob="1977-02-12")) == []
    assert _passengers(convo, dob, "Yes.", _with(0, dob="1977-02-12")) == ["not_described"]  # Aarav's instead
    swap = ("To confirm: on JT8DB7 I'll replace Sophia Nguyen with Mia Taylor (1984-09-27); Aarav Rossi and "
            "Sophia Rossi stay. Proceed?")
    mia = {"first_name": "Mia", "last_name": "Taylor", "dob": "1984-09-27"}
    assert _passengers(convo, swap, "Yes, thanks.", _with(1, **mia)) == []
    assert _passengers(convo, swap, "Yes, thanks.", _with(2, **mia)) == ["not_described"]  # Rossi replaced


def test_a_passenger_named_as_the_one_replaced_takes_no_date(convo) -> None:
    # blind set 68, a68_11: the new passenger's row names the one replaced before its date
    table = ("JT8DB7 after the change:\n\n| # | Passenger | Date of birth |\n|---|---|---|\n"
             "| 1 | Aarav Rossi | 1957-11-10 |\n| 2 | Mia Taylor (replacing Sophia Nguyen) | 1984-09-27 |\n"
             "| 3 | Sophia Rossi | 1977-02-10 |\n\nConfirm and I'll update it?")
    mia = {"first_name": "Mia", "last_name": "Taylor", "dob": "1984-09-27"}
    assert _passengers(convo, table, "yes", _with(1, **mia)) == []
    assert _passengers(convo, table, "yes", _with(1, **{**mia, "dob": "1984-09-21"})) == ["not_described"]


@pytest.mark.parametrize(("reply", "dob", "kinds"), [
    # The user corrects the new date in the reply that says yes, after putting it off a moment.
    ("hmm wait, let me check... sorry it's 1977-02-18. yes change it to that", "1977-02-18", []),
    ("yes", "1977-02-18", ["not_described"]),  # nobody said the 18th
    ("hmm wait, let me check with my sister first.", "1977-02-12", ["not_confirmed"]),  # put off, not settled
    ("let me check. I'm not sure it's right.", "1977-02-12", ["not_confirmed"]),  # "sure", but denied
    # a yes right after the ellipsis that put it off (blind set 83, t83_06 62)
    ("Let me think... yes, change it.", "1977-02-12", []),
    ("Let me think... how old was she again?", "1977-02-12", ["not_confirmed"]),
    # the answer of the one asked, after the ellipsis (blind set 91, t91_07 24)
    ("Let me ask her... she says yes, go ahead.", "1977-02-12", []),
    ("Let me ask her... she says no, not yet.", "1977-02-12", ["not_confirmed"]),
    # "make sure" is no yes, and puts it off (blind set 91, a91_05 21)
    ("Hold on. Let me make sure she can actually go before you change anything.", "1977-02-12", ["not_confirmed"]),
    ("Let me make sure she can go first.", "1977-02-12", ["not_confirmed"]),
    ("Sure, change it.", "1977-02-12", []),
])
def test_a_detail_corrected_in_the_reply_that_says_yes(convo, reply: str, dob: str, kinds: list[str]) -> None:
    said = "JT8DB7: Sophia Rossi dob now 1977-02-10. change to 1977-02-12, other 2 passengers same. ok?"
    assert _passengers(convo, said, reply, _with(2, dob=dob)) == kinds


@pytest.mark.parametrize(("ask", "kinds"), [
    ("Shall I update the reservation?", []),  # the one reservation shown, by its kind
    ("Shall I update reservation PVUB64?", ["not_described"]),  # another reservation than the call's
])
def test_new_passengers_said_in_full_describe_the_update_of_the_one_reservation_shown(convo, ask: str,
                                                                                    kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm ava_davis_9130. A name on my booking YMMK5P is wrong.")
    people = [{"first_name": "Ava", "last_name": "Davis", "dob": "1985-11-24"},
              {"first_name": "Sofia", "last_name": "Smith", "dob": "1960-06-14"}]
    c.call("get_reservation_details", {"reservation_id": "YMMK5P"}, {
        "reservation_id": "YMMK5P", "user_id": "ava_davis_9130", "origin": "LAS", "destination": "LAX",
        "flights": [{"flight_number": "HAT115", "date": "2024-05-20", "price": 1084}], "passengers": people})
    c.say("I have YMMK5P with two passengers: Ava Davis (1985-11-24) and Sofia Smith (1960-06-14). What needs to be corrected?")
    c.user("Sofia's last name is Smyth, with a y, and she was born on the 4th of June 1960.")
    c.say(f"So the passengers would be: Ava Davis (1985-11-24) and Sofia Smyth (1960-06-04). {ask}")
    c.user("Yes please.")
    new = [people[0], {"first_name": "Sofia", "last_name": "Smyth", "dob": "1960-06-04"}]
    i = c.call("update_reservation_passengers", {"reservation_id": "YMMK5P", "passengers": new},
               {"reservation_id": "YMMK5P", "passengers": new})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


def test_a_yes_naming_one_of_two_replaced_passengers_covers_that_one(convo) -> None:
    two = ("I'll replace Sophia Nguyen with Mia Taylor (1984-09-27) and Sophia Rossi with Omar Ito (1976-09-10) "
           "on JT8DB7. Proceed?")
    both = [PEOPLE[0], {"first_name": "Mia", "last_name": "Taylor", "dob": "1984-09-27"},
            {"first_name": "Omar", "last_name": "Ito", "dob": "1976-09-10"}]
    assert _passengers(convo, two, "Yes, both.", both) == []
    reply = "Actually only replace Sophia Nguyen, Sophia Rossi is coming after all."
    assert _passengers(convo, two, reply, both) == ["confirmation_not_covering"]


def test_the_card_is_the_brand_named_and_not_the_one_refused(convo) -> None:
    brand = "I'll add 1 bag to PVUB64 (3 in total), free, with your Mastercard on file. Proceed?"
    assert _workflow(convo, brand, "Yes.", *_bags(3, 0, "credit_card_5")) == []
    assert _workflow(convo, brand, "Yes.", *_bags(3, 0, "credit_card_1")) == ["argument_not_confirmed"]
    said = "I'll add 1 bag to PVUB64 (3 in total), free, with your Visa ending 8862 on file. Proceed?"
    refused = "Yes. Just don't use the Visa ending 8131, it's blocked."
    assert _workflow(convo, said, refused, *_bags(3, 0, "credit_card_1")) == []
    assert _workflow(convo, said, refused, *_bags(3, 0, "credit_card_2")) == ["argument_not_confirmed"]
    aside = "I'll add 1 bag to PVUB64 (3 in total), free, with your Visa ending 8862 (your Visa ending 8131 is also on file)."
    assert _workflow(convo, aside, "Yes.", *_bags(3, 0, "credit_card_2")) == ["argument_not_confirmed"]
    but = "Yes, but not the Visa ending 8862, use the Mastercard."
    assert _workflow(convo, said, but, *_bags(3, 0, "credit_card_1")) == ["argument_not_confirmed"]


@pytest.mark.parametrize(("reply", "chosen"), [("Go ahead, but nothing less than business.", "business"),
                                               ("Economy is fine, we don't need business. Go ahead.", "economy"),
                                               ("Why not economy? We can save a lot. Yes, do it.", "economy"),
                                               ("Let's do economy, business is too pricey now. Go ahead.", "economy"),
                                               ("I'd rather stay in business than go economy. Go ahead.", "business"),
                                               ("No need for business, economy works. Go ahead.", "economy")])
def test_the_cabin_a_reply_chooses(convo, reply: str, chosen: str) -> None:
    ask = "I can move HAT173 on PVUB64: economy is $174, business $457, refunded to your gift card. Which cabin?"
    other = "business" if chosen == "economy" else "economy"
    assert _workflow(convo, ask, reply, *_flights(chosen)) == []
    assert _workflow(convo, ask, reply, *_flights(other)) == ["argument_not_confirmed"]


@pytest.mark.parametrize("skip", ["Yes, book it, but skip the insurance.", "Yes, but I'll pass on the insurance.",
                                  "Forget the insurance, just book it."])
def test_skipping_the_insurance_says_no(convo, skip: str) -> None:
    with_it = BOOK.replace("no insurance", "with travel insurance")
    assert _workflow(convo, with_it, skip, *_booking("yes", SPLIT)) == ["argument_not_confirmed"]
    assert _workflow(convo, with_it, skip, *_booking("no", SPLIT)) == []


@pytest.mark.parametrize(("description", "ok"), [
    ("I'll correct Aarav's date of birth on JT8DB7. The new date will be February 12, 1957; Sophia Nguyen stays as is. OK?",
     True),
    ("I'll update the passengers on JT8DB7: Aarav's date of birth becomes 1957-02-12. OK?", True),
    ("I'll change Sophia Nguyen's date of birth on JT8DB7 to 1957-02-12 while Aarav Rossi stays the same. OK?", False),
    ("I'll update JT8DB7: Aarav Rossi born 1973-09-23 and Sophia Nguyen born 1957-02-12. OK?", False),
    ("I'll update the passengers on JT8DB7 as follows:\n- **Sophia Nguyen**: 1957-02-12\n- **Aarav Rossi**: 1973-09-23",
     False),
    ("For Sophia Nguyen's booking JT8DB7, I'll correct Aarav's date of birth to 1957-02-12. OK?", True),
    ("I'll update Aarav's date of birth on JT8DB7. It will be February 12, 1957. OK?", True),
])
def test_a_new_birth_date_is_said_of_the_passenger_who_gets_it(convo, description: str, ok: bool) -> None:
    aarav = _with(0, dob="1957-02-12")
    assert (_passengers(convo, description, "Yes.", aarav) == []) is ok


def test_a_new_passenger_is_named_in_full_somewhere(convo) -> None:
    said = "On JT8DB7, Sophia Nguyen will be replaced by Olivia Brown. Olivia's date of birth is April 12, 1990. OK?"
    olivia = _with(1, first_name="Olivia", last_name="Brown", dob="1990-04-12")
    assert _passengers(convo, said, "Yes.", olivia) == []
    assert _passengers(convo, said.replace("Olivia Brown", "Olivia"), "Yes.", olivia) == ["not_described"]


@pytest.mark.parametrize(("said", "total", "ok"), [
    ("I can add a checked bag to PVUB64, free. Shall I?", 3, True),
    ("I can add another checked bag to PVUB64, free. Shall I?", 3, True),
    ("I can add a checked bag for each of you on PVUB64, free. Shall I?", 4, True),
    ("I can add one more checked bag for each of you on PVUB64, free. Shall I?", 3, False),
    ("I'll add one checked bag to PVUB64 for each of you, free. Shall I?", 4, True),  # "each" after an id
    # An aside with its own count per person: 4 in all, not 4 each.
    ("I can add 2 checked bags (one for each of you) to PVUB64, free. Shall I?", 4, True),
    ("I can add 2 checked bags to PVUB64, 4 in total; each passenger gets 3 free bags, so it's free. Shall I?", 3, False),
    ("I can add two suitcases to PVUB64, free. Shall I?", 4, True),
    ("You can check up to 6 bags at no cost. I'll add 1 bag to PVUB64, bringing you to 3. Shall I?", 6, False),
    ("I can add one more checked bag to PVUB64, free for both of you. Shall I?", 4, False),
    ("I can add one checked bag for Raj and one for Sophia on PVUB64, free. Shall I?", 4, True),
    ("Would you like me to add one more checked bag to PVUB64, free?", 3, True),
    ("PVUB64 has **2** checked bags right now; with one more for Sophia you'd have **3**. Free. Add it?", 3, True),
    # The count as it changes, in words, then a line of its own for the paid ones.
    ("The change would be:\n- Reservation PVUB64: total checked bags from 2 to 4\n- Non-free bags: 0, so no charge\n"
     "Shall I make this change?", 4, True),
    ("The change would be:\n- Reservation PVUB64: total checked bags from 2 to 4\n- Non-free bags: 0, so no charge\n"
     "Shall I make this change?", 5, False),
    ("Second, update the checked bags from two to five on PVUB64, all free. Shall I?", 5, True),
    ("Second, update the checked bags from two to five on PVUB64, all free. Shall I?", 4, False),
    # A count before the bags, then their parts after a colon: the total is the first.
    ("Update PVUB64 to 6 checked bags: 4 free and 2 free for the silver tier. Shall I?", 6, True),
    ("Update PVUB64 to 6 checked bags: 4 free and 2 free for the silver tier. Shall I?", 4, False),
    ("I can update the bags on PVUB64: you have 2 bags now, so going to 5 is free. Shall I?", 5, True),
    ("I can update the bags on PVUB64: you have 2 bags now, so going to 5 is free. Shall I?", 4, False),
    # a recap's "4 free checked bags" are the bags booked (blind set 68, a68_01), not an allowance
    ("Updated PVUB64 to confirm: Raj and Sophia, 4 free checked bags, no insurance. Shall I?", 4, True),
    ("Updated PVUB64 to confirm: Raj and Sophia, 4 free checked bags, no insurance. Shall I?", 3, False),
])
def test_bags_counted_by_what_the_description_says_of_bags(convo, said: str, total: int, ok: bool) -> None:
    two = {**RESERVATION, "passengers": [{"first_name": "Raj", "last_name": "Moore"},
                                         {"first_name": "Sophia", "last_name": "Nguyen"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, I'm raj_moore_8640; we need more bags on PVUB64.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, two)
    c.say(said)
    c.user("Yes.")
    i = c.call(*_bags(total, 0), {**two, "updated": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "bags", "unconfirmed"), [
    ("Yes, book it.", 1, False),  # the count holds from the description the yes answered
    ("Yes, book it.", 2, True),
    ("Yes, book it, and add a second bag.", 1, True),  # asks for more: said anew, with no count
])
def test_a_correction_after_a_failed_booking_keeps_the_rest_of_what_was_confirmed(convo, reply: str, bags: int,
                                                                                  unconfirmed: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Each extra bag costs $50.")
    c.user("Hi, I'm raj_moore_8640, book PHX to LAS on HAT173 on 2024-05-20 for me and Sophia Nguyen, one "
           "checked bag. Birth dates 1966-02-02 and 1973-09-23.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"}, SEARCH)
    c.say(BOOK.replace("no checked bags", "one checked bag"))
    c.user(reply)
    wrong = [("certificate_4", 150), ("gift_card_3", 173), ("credit_card_1", 15)]
    c.call(*_booking("no", wrong, bags=bags), "Error: payment amount does not add up, total price is 348, but paid 338")
    c.say("Sorry, that failed: the card share is $25, not $15. Shall I book it with $150 from the certificate, $173 "
          "from the gift card and $25 on the Visa ending 8862?")
    c.user("yes")
    i = c.call(*_booking("no", SPLIT, bags=bags), {**RESERVATION, "reservation_id": "NEW123"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert ("amount_not_confirmed" in [reason_kind(r) for r in decision.reasons]) is unconfirmed


@pytest.mark.parametrize(("details", "kinds"), [
    ("Here are the details:\n- One way PHX to LAS, HAT173 on 2024-05-20, economy.\n- Passengers: Raj Moore "
     "(1966-02-02) and Sophia Nguyen (1973-09-23).\n- No checked bags, no insurance.\n- Payment: $150 certificate, "
     "$173 gift card, $25 on your Visa ending 8862, total $348.\nCould you please confirm (yes/no)?", []),
    # the flight not on its date: no description of this booking
    ("Here are the details:\n- One way PHX to LAS, HAT173, economy.\n- Passengers: Raj Moore (1966-02-02) and "
     "Sophia Nguyen (1973-09-23).\n- Payment: $150 certificate, $173 gift card, $25 on your Visa ending 8862, total "
     "$348.\nCould you please confirm (yes/no)?", ["not_described"]),
])
def test_a_bookings_details_asked_to_confirm_describe_it(convo, details: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent.")
    c.user("I'm raj_moore_8640. I want to fly PHX to LAS on HAT173 on 2024-05-20 with Sophia Nguyen (1973-09-23).")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"}, SEARCH)
    c.say("HAT173 on 2024-05-20 has economy seats at $174 per person. Would you like travel insurance?")
    c.user("Can I get a discount on the insurance? If not, no insurance. Pay $150 certificate, $173 gift card, rest Visa.")
    c.say(details)
    c.user("Yes.")
    i = c.call(*_booking("no", SPLIT), {**RESERVATION, "reservation_id": "NEW123"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


def test_a_booking_counts_bags_per_passenger_and_not_one_way(convo) -> None:
    each = BOOK.replace("no checked bags", "one checked bag each")
    assert _workflow(convo, each, "Yes, book it.", *_booking("no", SPLIT, bags=2)) == []
    assert _workflow(convo, BOOK, "Yes, book it.", *_booking("no", SPLIT, bags=1)) == ["amount_not_confirmed"]


def test_a_new_passenger_gets_a_birth_date_said_of_them(convo) -> None:
    said = "Olivia Brown will replace Sophia Nguyen on JT8DB7. Aarav Rossi's date of birth stays 1957-11-10. OK?"
    olivia = _with(1, first_name="Olivia", last_name="Brown", dob="1957-11-10")
    assert _passengers(convo, said, "Yes.", olivia) == ["not_described"]


def test_the_latest_count_of_bags_decides(convo) -> None:
    two = "I can add 2 bags to PVUB64, one for you and one for Sophia, 4 checked bags in total, free. Shall I add both?"
    only = "Yes, but only Sophia's bag, I changed my mind about mine."
    assert _workflow(convo, two, only, *_bags(3, 0)) == []
    assert _workflow(convo, two, only, *_bags(4, 0)) == ["amount_not_confirmed"]


@pytest.mark.parametrize(("description", "request_", "kinds"), [
    # Nobody names how to pay: the agent picked the card alone.
    ("I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?", None, ["payment_not_named"]),
    # Its kind, its card, "the card on file", or the user's request.
    ("I'll add 2 bags to PVUB64 (4 in total), $100 on your Visa ending 8862. Shall I?", None, []),
    ("I'll add 2 bags to PVUB64 (4 in total), $100 on the card on file. Shall I?", None, []),
    ("I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?",
     "Hi, I'm raj_moore_8640, about reservation PVUB64; charge my Visa ending 8862.", []),
    # Raj has three credit cards: "my credit card" picks none of them.
    ("I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?",
     "Hi, I'm raj_moore_8640, about reservation PVUB64; charge my credit card.", ["payment_not_named"]),
    ("I'll add 2 bags to PVUB64 (4 in total), $100 on your card. Shall I?", None, ["payment_not_named"]),
    # Two Visas and one Mastercard: the brand names the Mastercard, not a Visa.
    ("I'll add 2 bags to PVUB64 (4 in total), $100 on your Visa. Shall I?", None, ["payment_not_named"]),
    # A present is no gift card.
    ("I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?",
     "Hi, I'm raj_moore_8640, about reservation PVUB64; the trip is a gift for my mother.", ["payment_not_named"]),
])
def test_a_payment_method_no_message_names_was_never_chosen(convo, description: str, request_: str | None,
                                                            kinds: list[str]) -> None:
    extra = {"request": request_} if request_ else {}
    assert _workflow(convo, description, "Yes.", *_bags(4, 2), **extra) == kinds


def test_a_free_change_needs_no_payment_method_named(convo) -> None:
    # The tool wants a payment id even for free bags; there is nothing to choose.
    for free in ("adding 1 bag (3 in total) is free", "adding 1 bag (3 in total) comes at no extra charge",
                 "adding 1 bag (3 in total) won't cost you anything"):
        assert _workflow(convo, f"PVUB64 has 2 checked bags now, so {free}. Shall I add it?", "Yes.",
                         *_bags(3, 0)) == [], free
    # Not free: a price beside "free", $0.93 is no $0, and "feel free to ask" is no free change.
    assert _workflow(convo, "A third bag on PVUB64 (3 in total): shall I add it? Feel free to ask anything.", "Yes.",
                     *_bags(3, 1)) == ["payment_not_named"]
    for priced in ("PVUB64 has 2 checked bags, both free; a third bag (3 in total) is $50. Shall I add it?",
                   "A third bag on PVUB64 (3 in total) is $0.93 more. Shall I add it?"):
        assert _workflow(convo, priced, "Yes.", *_bags(3, 1)) == ["payment_not_named"], priced


def _bag_call(convo: Any, turns: list[tuple[str, str]], call: tuple[str, dict[str, Any]],
              user: dict[str, Any] = USER) -> list[str]:
    """The workflow reasons of a bag call after a lookup of the user and PVUB64, then ``turns``
    (the first is the user's request, said before the lookups)."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Each extra bag costs $50.")
    first, *rest = turns
    c.user(first[1])
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, user)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    for role, text in rest:
        (c.user if role == "user" else c.say)(text)
    i = c.call(*call, {**RESERVATION, "updated": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


def test_a_kind_of_method_names_the_only_one_of_that_kind(convo) -> None:
    # One credit card in sight: "my credit card" is that one.
    one = {**USER, "payment_methods": {k: v for k, v in USER["payment_methods"].items()
                                       if k not in ("credit_card_2", "credit_card_5")}}
    turns = [("user", "Hi, I'm raj_moore_8640, about reservation PVUB64; charge my credit card."),
             ("assistant", "I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?"), ("user", "Yes.")]
    assert _bag_call(convo, turns, _bags(4, 2), user=one) == []


@pytest.mark.parametrize(("reply", "kinds"), [("Yes, use the gift card that has $71 on it.", []),
                                              ("Yes, use my gift card.", ["payment_not_named"])])
def test_a_gift_card_told_apart_by_its_balance(convo, reply: str, kinds: list[str]) -> None:
    two = {**USER, "payment_methods": {**USER["payment_methods"],
                                       "gift_card_7": {"source": "gift_card", "amount": 71, "id": "gift_card_7"}}}
    turns = [("user", "Hi, I'm raj_moore_8640, about reservation PVUB64."),
             ("assistant", "I'll add 1 bag to PVUB64 (3 in total), $50 for the extra one. Shall I?"), ("user", reply)]
    assert _bag_call(convo, turns, _bags(3, 1, "gift_card_7"), user=two) == kinds


@pytest.mark.parametrize("said", ["I'll add 2 bags to PVUB64 (4 in total), $100 to your original payment method. Shall I?",
                                  "I'll add 2 bags to PVUB64 (4 in total), $100, billed the same way you paid for the trip. "
                                  "Shall I?"])
def test_the_original_method_is_the_one_the_reservation_was_paid_with(convo, said: str) -> None:
    assert _workflow(convo, said, "Yes.", *_bags(4, 2, "gift_card_3")) == []  # PVUB64 was paid by gift card
    assert _workflow(convo, said, "Yes.", *_bags(4, 2)) == ["payment_not_named"]


def test_a_card_picked_by_its_last_four_digits(convo) -> None:
    asked = ("Adding 1 bag to PVUB64 (3 in total) is $50. You have two Visas, ending 8862 and ending 8131. "
             "Which one should I charge?")
    assert _workflow(convo, asked, "the 8131 one", *_bags(3, 1, "credit_card_2")) == []
    assert _workflow(convo, asked, "the 8131 one", *_bags(3, 1, "credit_card_1")) != []


@pytest.mark.parametrize(("reply", "card", "named"), [("2", "credit_card_5", True), ("the second one", "credit_card_5", True),
                                                      ("2", "credit_card_1", False),
                                                      ("option 0", "gift_card_3", False)])  # no line 0
def test_a_method_picked_from_a_numbered_list(convo, reply: str, card: str, named: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, I'm raj_moore_8640; add a bag to PVUB64.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.say("The third bag is $50. How would you like to pay?\n\n1. Visa ending 8862\n2. Mastercard ending 4118\n"
          "3. Gift card ($173 balance)")
    c.user(reply)
    c.say("I'll add 1 bag to PVUB64 (3 in total) for $50. Shall I?")
    c.user("yes")
    i = c.call(*_bags(3, 1, card), {**RESERVATION, "updated": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert ("payment_not_named" not in map(reason_kind, decision.reasons)) is named, decision.reasons


def test_free_bags_beside_a_paid_one_are_not_all_free(convo) -> None:
    said = "I'll update PVUB64 to 3 checked bags: 2 are free under your allowance and 1 is an extra bag on your Visa ending 8862. OK?"
    assert _workflow(convo, said, "Yes.", *_bags(3, 1)) == []


def test_a_brand_names_the_only_card_of_that_brand(convo) -> None:
    said = "I'll add 2 bags to PVUB64 (4 in total), $100 on your Mastercard. Shall I?"
    assert _workflow(convo, said, "Yes.", *_bags(4, 2, "credit_card_5")) == []
    # Words for other kinds beside it say nothing of the card: "$50 gift card, $50 on your Visa".
    split = "I'll add 2 bags to PVUB64 (4 in total): $50 from your gift card and $50 on your Visa. Shall I?"
    assert _workflow(convo, split, "Yes.", *_bags(4, 2)) == ["payment_not_named"]


@pytest.mark.parametrize(("first", "answer", "second"), [
    # A method said before the request must still tell which: Raj has three credit cards.
    ("Hi, I'm raj_moore_8640. Whatever we do today, I'll pay with my credit card.", "Sure, what can I do for you?",
     "Add 2 bags to PVUB64."),
    # The agent's list of methods answering an earlier question chooses none of them.
    ("Hi, I'm raj_moore_8640. What payment methods do I have?",
     "You have Visa cards ending 8862 and 8131, a Mastercard ending 4118, a gift card and a certificate.",
     "Thanks. Also, add 2 bags to PVUB64 please."),
])
def test_what_an_earlier_request_said_of_methods_chooses_none(convo, first: str, answer: str, second: str) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user(first)
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.say(answer)
    c.user(second)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.say("I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?")
    c.user("Yes.")
    i = c.call(*_bags(4, 2), {**RESERVATION, "updated": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == ["payment_not_named"], decision.reasons


def test_bags_described_as_free_are_not_paid(convo) -> None:
    said = "PVUB64 has 2 checked bags; adding 1 brings it to 3 checked bags, free of charge. Shall I add it?"
    assert _workflow(convo, said, "Yes.", *_bags(3, 0)) == []
    assert _workflow(convo, said, "Yes.", *_bags(3, 1)) == ["amount_not_confirmed"]


@pytest.mark.parametrize(("said", "kinds"), [
    ("I'll book HAT173, PHX → LAS on May 20", []),
    ("I'll book HAT173 from Phoenix to Las Vegas on May 20", []),
    ("I'll book HAT173, LAS → PHX on May 20", ["not_described"]),
    ("I'll book HAT173 from Las Vegas to Phoenix on May 20", ["not_described"]),
    # Codes in an aside, departures and arrivals, and another trip mentioned beside this one.
    ("I'll book HAT173, Phoenix (PHX) → Las Vegas (LAS) on May 20", []),
    ("I'll book HAT173, Las Vegas (LAS) → Phoenix (PHX) on May 20", ["not_described"]),
    ("I'll book HAT173, departing Phoenix and landing in Las Vegas on May 20", []),
    ("I'll book HAT173, departing Las Vegas and landing in Phoenix on May 20", ["not_described"]),
    ("Unlike your Las Vegas → Phoenix trip, I'll book HAT173 Phoenix → Las Vegas on May 20", []),
])
def test_a_one_way_booking_goes_the_way_it_was_described(convo, said: str, kinds: list[str]) -> None:
    rest = (", economy, for Raj Moore (1966-02-02) and Sophia Nguyen (1973-09-23), no insurance, no checked bags. "
            "Total $348: $150 certificate, $173 gift card, $25 on your Visa ending 8862. Shall I book it?")
    request = "Hi, I'm raj_moore_8640. I want to fly between Phoenix and Las Vegas on May 20 with Sophia."
    assert _workflow(convo, said + rest, "Yes, book it.", *_booking("no", SPLIT), request=request) == kinds


def test_a_booking_goes_from_where_its_first_flight_leaves_to_where_its_last_lands(convo) -> None:
    search = [{"flight_number": "HAT173", "origin": "PHX", "destination": "LAS", "prices": {"economy": 174}},
              {"flight_number": "HAT266", "origin": "LAS", "destination": "SEA", "prices": {"economy": 0}}]
    said = ("I'll book HAT173 and HAT266 on May 20, economy, for Raj Moore (1966-02-02) and Sophia Nguyen "
            "(1973-09-23), no insurance, no checked bags. Total $348: $150 certificate, $173 gift card, $25 on "
            "your Visa ending 8862. Shall I book it?")
    request = "Hi, I'm raj_moore_8640. I want to fly from Phoenix to Seattle on May 20 with Sophia."
    name, args = _booking("no", SPLIT)
    args["flights"] = [{"flight_number": "HAT173", "date": "2024-05-20"}, {"flight_number": "HAT266", "date": "2024-05-20"}]
    ok = {**args, "destination": "SEA"}
    assert _workflow(convo, said, "Yes.", name, ok, request=request, search=search) == []
    # The layover as the destination, or a round trip from somewhere its first flight does not leave.
    assert _workflow(convo, said, "Yes.", name, args, request=request, search=search) == ["not_described"]
    back = {**ok, "origin": "SEA", "destination": "PHX", "flight_type": "round_trip"}
    assert _workflow(convo, said, "Yes.", name, back, request=request, search=search) == ["not_described"]


def test_a_place_name_ending_in_a_dot_is_read_whole() -> None:
    from trajectory2gym.certify.evidence import EvidenceIndex
    from trajectory2gym.certify.routes import Route, route_disagrees

    la, sf = ("LAX", "Los Angeles", "LA", "L.A."), ("SFO", "San Francisco")
    assert route_disagrees("HAT034, L.A. → San Francisco. Book it?", Route(sf, la, True), [], EvidenceIndex())
    assert not route_disagrees("HAT034, L.A. → San Francisco. Book it?", Route(la, sf, True), [], EvidenceIndex())


def test_a_birth_date_beside_the_flight_is_no_flight_date(convo) -> None:
    said = ("I'll book HAT173 from PHX to LAS for Raj Moore (1966-02-02) and Sophia Nguyen (1973-09-23), economy, "
            "no insurance, no checked bags. Total $348: $150 certificate, $173 gift card, $25 on your Visa ending "
            "8862. Shall I book it?")
    request = "Hi, I'm raj_moore_8640. I want to fly PHX to LAS on May 20 with Sophia."
    assert _workflow(convo, said, "Yes, book it.", *_booking("no", SPLIT), request=request) == []


ROUND_TRIP = {**RESERVATION, "flight_type": "round_trip", "flights": [
    {"flight_number": "HAT173", "date": "2024-05-20", "price": 174, "origin": "PHX", "destination": "LAS"},
    {"flight_number": "HAT174", "date": "2024-05-27", "price": 180, "origin": "LAS", "destination": "PHX"}]}
NEW_RETURN = [{"flight_number": "HAT266", "prices": {"economy": 190, "business": 420}}]


def _recapped(convo: Any, first: str, recap: str, args: dict[str, Any], answer: str = "the gift card") -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, I'm raj_moore_8640. Can I move the return of PVUB64 to May 28?")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, ROUND_TRIP)
    c.call("search_direct_flight", {"origin": "LAS", "destination": "PHX", "date": "2024-05-28"}, NEW_RETURN)
    c.say(first)
    c.user(answer)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-21"},
           [{"flight_number": "HAT175", "prices": {"economy": 174}}])
    c.say(recap)
    c.user("yes")
    i = c.call("update_reservation_flights", {"reservation_id": "PVUB64", "payment_id": "gift_card_3", **args},
               {**ROUND_TRIP, "updated": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


FIRST = ("Here's the change for PVUB64:\n- Outbound (unchanged): HAT173 PHX → LAS on May 20\n"
         "- New return: HAT266 LAS → PHX on May 28\n- Cabin: Economy\n- Fare difference: $190 − $180 = $10\n\n"
         "Which payment method should I charge the $10 to?")
RECAP = "To confirm: change the return of PVUB64 to HAT266 on May 28, and charge $10 to your gift card. Proceed?"
BOTH_LEGS = [{"flight_number": "HAT173", "date": "2024-05-20"}, {"flight_number": "HAT266", "date": "2024-05-28"}]


@pytest.mark.parametrize(("args", "kinds"), [
    ({"cabin": "economy", "flights": BOTH_LEGS}, []),
    # What the recap leaves unsaid holds from the description it recaps: the cabin, the kept outbound.
    ({"cabin": "basic_economy", "flights": BOTH_LEGS}, ["argument_not_confirmed"]),
    ({"cabin": "economy", "flights": BOTH_LEGS[1:]}, ["not_described"]),
])
def test_a_recap_keeps_what_the_description_before_it_said(convo, args: dict[str, Any], kinds: list[str]) -> None:
    assert _recapped(convo, FIRST, RECAP, args) == kinds


def test_a_recap_that_says_it_again_decides(convo) -> None:
    business = RECAP.replace("on May 28,", "on May 28 in business,").replace("$10", "$240")
    assert _recapped(convo, FIRST, business, {"cabin": "business", "flights": BOTH_LEGS}) == []


TWO_CERTIFICATES = {**USER, "payment_methods": {
    **USER["payment_methods"], "certificate_6": {"source": "certificate", "amount": 250, "id": "certificate_6"}}}


@pytest.mark.parametrize(("certificate", "said", "kinds"), [
    ("certificate_4", "$150 certificate", []),
    ("certificate_6", "$150 certificate", ["argument_not_confirmed"]),  # the $250 one spent
    # $150 of the $250 certificate: the one said with its balance is the one spent.
    ("certificate_6", "$150 from your $250 certificate", []),
    ("certificate_6", "$150 from the certificate ($250)", []),
    ("certificate_4", "$150 from your $250 certificate", ["argument_not_confirmed"]),
    # An amount paid with a certificate is not its balance: "$150 to your certificate".
    ("certificate_6", "the full $150 to your certificate", []),
    # A signed amount after the noun is no balance of either, and no error.
    ("certificate_6", "$150 from the certificate -$250 left", []),
])
def test_of_two_certificates_the_one_told_by_its_balance_is_spent(convo, certificate: str, said: str,
                                                                   kinds: list[str]) -> None:
    book = BOOK.replace("$150 certificate", said)
    assert _workflow(convo, book, "Yes, book it.", *_booking("no", [(certificate, 150), *SPLIT[1:]]),
                     user=TWO_CERTIFICATES) == kinds


@pytest.mark.parametrize(("payments", "second", "kinds"), [
    ([("certificate_4", 150), ("certificate_6", 198)], "$198 on the other certificate", []),
    # the $150 one said, and only the $250 one spent
    ([("certificate_6", 150), ("credit_card_1", 198)], "$198 on your Visa ending 8862", ["argument_not_confirmed"]),
])
def test_a_balance_said_of_another_method_the_booking_also_pays_with(convo, payments: list[tuple[str, int]],
                                                                      second: str, kinds: list[str]) -> None:
    # "$150 certificate, $198 on the other certificate": the $150 one told by its balance, and the
    # $250 one spent too (blind set 60, a60_04)
    book = BOOK.replace("$150 certificate, $173 gift card, $25 on your Visa ending 8862", f"$150 certificate, {second}")
    assert _workflow(convo, book, "yes", *_booking("no", payments), user=TWO_CERTIFICATES) == kinds


@pytest.mark.parametrize(("said", "reply", "total", "paid", "kinds"), [
    # A count written as it changes, verb or none: the arrow says the update and the new total.
    ("I'll update PVUB64: checked bags 2 → **3**, free, Visa ending 8862. Proceed?", "Yes.", 3, 0, []),
    ("To confirm: **PVUB64** checked bags 2 → **4** (1 paid bag), $50 on Visa ending 8862. Proceed?", "yep",
     4, 1, []),
    ("To confirm: **PVUB64** checked bags 2 → **4** (1 paid bag), $50 on Visa ending 8862. Proceed?", "yep",
     5, 1, ["amount_not_confirmed"]),
    ("To confirm: PVUB64 goes to 4 checked bags, 1 of them paid, $50 on your Visa ending 8862. Proceed?", "Yes.",
     4, 1, []),
    ("Reservation PVUB64 has 2 bags. Going to **4 checked bags** means 1 extra bag at $50 on your Visa ending 8862. "
     "Want me to go ahead?", "yeah that's fine", 4, 1, []),
    ("To confirm: your reservation goes to 4 checked bags, $50 on your Visa ending 8862. Proceed?", "Yes.", 4, 1,
     ["not_described"]),
    # Without the reservation's identifier, a count and an arrow describe nothing.
    ("To confirm: checked bags 2 → 3, free, Visa ending 8862. Proceed?", "Yes.", 3, 0, ["not_described"]),
    # A reply that narrows what is added, without the noun.
    ("I'll add 2 bags to PVUB64 (4 in total), $50 on your Visa ending 8862. Proceed?",
     "yes but actually just one more, my wife is taking the other suitcase", 4, 1, ["amount_not_confirmed"]),
    ("I'll add 2 bags to PVUB64 (4 in total), free, Visa ending 8862. Proceed?", "yes but just one more please",
     3, 0, []),
    ("I'll add 2 bags to PVUB64 (4 in total), free, Visa ending 8862. Proceed?", "yes. just one more question",
     4, 0, []),
])
def test_bag_counts_said_with_an_arrow_or_narrowed_by_the_reply(convo, said: str, reply: str, total: int, paid: int,
                                                                kinds: list[str]) -> None:
    assert _workflow(convo, said, reply, *_bags(total, paid)) == kinds


def _replaced_by(convo: Any, said_by_user: str, reply: str, dob: str) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, I'm raj_moore_8640; a passenger on JT8DB7 needs a change.")
    c.call("get_reservation_details", {"reservation_id": "JT8DB7"}, {"reservation_id": "JT8DB7", "passengers": PEOPLE})
    c.say("Who should travel instead of Sophia Nguyen? I'll need their full name and date of birth.")
    c.user(said_by_user)
    c.say("To confirm, I'll replace Sophia Nguyen on JT8DB7 with James Taylor, born December 22, 1972. Is that correct?")
    c.user(reply)
    james = _with(1, first_name="James", last_name="Taylor", dob=dob)
    i = c.call("update_reservation_passengers", {"reservation_id": "JT8DB7", "passengers": james},
               {"reservation_id": "JT8DB7", "passengers": james})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return list(map(reason_kind, decision.reasons))


@pytest.mark.parametrize(("said", "dob", "visible"), [
    ("my brother James Taylor, dob 22 dec 72", "1972-12-22", True),  # a birth year in two digits
    ("my brother James Taylor, born Dec 22, 72", "1972-12-22", True),
    ("my brother James Taylor, dob 22 dec 72", "1972-12-23", False),
    ("my brother James Taylor, dob 22 dec", "1972-12-22", False),  # no year at all
])
def test_a_birth_year_in_two_digits_is_of_the_1900s(convo, said: str, dob: str, visible: bool) -> None:
    assert ("not_visible" not in _replaced_by(convo, said, "yes", dob)) is visible


def test_a_detail_corrected_after_the_yes_takes_it_back(convo) -> None:
    said = "my brother James Taylor, dob 22 dec 1972"
    assert _replaced_by(convo, said, "yes", "1972-12-22") == []
    assert _replaced_by(convo, said, "yes. oh wait his legal name is Jameson, James is a nickname", "1972-12-22")
    assert _replaced_by(convo, said, "yes. wait, only him, right?", "1972-12-22")  # a question: no yes yet
    assert _replaced_by(convo, said, "yes, thanks. wait for my email after?", "1972-12-22")
    # A "wait" that corrects nothing keeps the yes.
    for kept in ("Yes! Wait, that's it? That was easy.", "yes. wait, his name is spelled right, so all good, go ahead",
                 "Yes, go ahead. Wait, is there a fee for this? Either way is fine."):
        assert _replaced_by(convo, said, kept, "1972-12-22") == [], kept


def test_a_hyphenated_surname_is_the_passengers_full_name(convo) -> None:
    # Her new birth date is said of her by her full name, whose words are all other passengers' too.
    said = "I'll update JT8DB7:\n- Passenger 2: **Sophia Nguyen-Rossi**, DOB **1973-09-25**\n\nShall I proceed?"
    assert _passengers(convo, said, "yes", _with(1, last_name="Nguyen-Rossi", dob="1973-09-25")) == []
    assert _passengers(convo, said, "yes", _with(1, last_name="Nguyen-Ross", dob="1973-09-25")) == ["not_described"]


def test_an_answer_that_asks_for_more_of_the_action_leaves_the_recap_alone(convo) -> None:
    # The outbound the first description kept is moved too, at the user's word: the recap decides.
    answer = "the gift card. oh and actually move my outbound to May 21 as well"
    recap = ("To confirm: I'll change PVUB64 to HAT175 PHX → LAS on May 21 and HAT266 LAS → PHX on May 28, economy, "
             "$10 on your gift card. Proceed?")
    both_new = [{"flight_number": "HAT175", "date": "2024-05-21"}, {"flight_number": "HAT266", "date": "2024-05-28"}]
    assert _recapped(convo, FIRST, recap, {"cabin": "economy", "flights": both_new}, answer) == []


@pytest.mark.parametrize(("reply", "kinds"), [
    ("yes if it's under $10 extra", ["not_confirmed"]),  # the charge is $50: the agent must answer first
    ("yes if it's free", ["not_confirmed"]),
    ("yes, as long as it's less than $60", []),  # met
    ("Yes, provided it's the $50 on my Visa ending 8862.", []),  # restates the description's amount
    ("Yes, provided it's only $40.", ["not_confirmed"]),
    ("Yes, if possible.", []),  # no price condition
    ("fine if it's under 60 bucks", []),  # a yes on a condition, the amount in words
    ("ok but only if it's no more than 45 dollars", ["not_confirmed"]),
])
def test_a_yes_on_a_price_condition_confirms_only_if_the_description_meets_it(convo, reply: str,
                                                                              kinds: list[str]) -> None:
    said = "I'll add 2 bags to PVUB64 (4 in total), 1 paid: $50 on your Visa ending 8862. Proceed?"
    assert _workflow(convo, said, reply, *_bags(4, 1)) == kinds


def test_a_numbered_plan_describes_each_of_its_actions(convo) -> None:
    plan = ("Here's the plan for **PVUB64**:\n\n1. **Change flights** to **HAT173 on May 20** (business) — $283 on "
            "your gift card.\n2. **Update bags** from 2 to **3** — free.\n\nShall I do both?")
    assert _workflow(convo, plan, "yes to both", *_flights("business")) == []
    # An arrow is the line's verb where the message says the action elsewhere.
    arrows = ("Here's the plan for **PVUB64**:\n\n1. **Flight** → **HAT173 on May 20** (business) — $283 on your gift "
              "card.\n2. **Bags** 2 → **3** — free.\n\nShall I make both changes?")
    assert _workflow(convo, arrows, "yes to both", *_flights("business")) == []
    # The bags' line alone describes no flight change.
    bags_only = "Here's the plan for **PVUB64**: update bags from 2 to **3**, free. Shall I?"
    assert _workflow(convo, bags_only, "yes", *_flights("business")) == ["not_described"]
    # A plain yes answers "Shall I do both?", whatever the text asked before the plan ("which card").
    for opening, kinds in (("Sorry, I should have asked which card you meant. ", []),
                           ("", [])):
        assert _workflow(convo, opening + plan, "yes do that", *_flights("business")) == kinds
    # ... but picks none where the plan's own question asks which.
    which = plan.replace("Shall I do both?", "Which one should I do first?")
    assert _workflow(convo, which, "yes do that", *_flights("business")) == ["confirmation_not_covering"]


def test_a_reservation_code_that_starts_with_a_digit_is_a_rival_of_one_that_starts_with_a_letter(convo) -> None:
    # Airline reservation codes are random: "80BXW8" and "U86B6B" are of one kind.
    user = {**USER, "reservations": ["U86B6B", "80BXW8"]}
    said = ("Reservation **U86B6B** has 2 checked bags, so a 3rd bag is free.\n\nUpdate U86B6B to 3 checked bags? "
            "I'll note gift_card_3 as the payment method, but nothing will be charged.")
    # (80BXW8 was never looked up either: only the profile's list shows it.)
    for reservation, kinds in (("U86B6B", []), ("80BXW8", ["not_described", "order_violation"])):
        c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
        c.user("Add one more bag to my trip please. I'm raj_moore_8640.")
        c.call("get_user_details", {"user_id": "raj_moore_8640"}, user)
        c.call("get_reservation_details", {"reservation_id": "U86B6B"}, {**RESERVATION, "reservation_id": "U86B6B"})
        c.say(said)
        c.user("yes")
        i = c.call("update_reservation_baggages", {"reservation_id": reservation, "total_baggages": 3,
                                                   "nonfree_baggages": 0, "payment_id": "gift_card_3"}, RESERVATION)
        decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
        assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds, reservation


def test_a_flight_the_description_moves_by_an_arrow_is_not_kept_as_booked(convo) -> None:
    said = ("Change: HAT173 on 2024-05-20 → **HAT173 on 2024-05-21**. Fare difference: $0, on your gift card. OK?")
    kinds = {}
    for day in ("2024-05-20", "2024-05-21"):
        flights = {"reservation_id": "PVUB64", "cabin": "economy", "payment_id": "gift_card_3",
                   "flights": [{"flight_number": "HAT173", "date": day}]}
        kinds[day] = _workflow(convo, said, "ok", "update_reservation_flights", flights,
                               search=[*SEARCH, {"flight_number": "HAT173", "date": "2024-05-21",
                                                 "prices": {"economy": 174}}])
    assert kinds == {"2024-05-20": ["not_described"], "2024-05-21": []}


@pytest.mark.parametrize("summary_title", ["**Booking summary**", "**Round trip summary**"])
@pytest.mark.parametrize(("bags", "kinds"), [(2, []), (3, ["amount_not_confirmed"])])
def test_a_count_the_recap_leaves_unsaid_holds_from_the_summary_it_recaps(convo, summary_title: str, bags: int,
                                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book me EWR to MSP on May 21 and back on May 24, economy. I'm anya_brown_2655.")
    c.call("get_user_details", {"user_id": "anya_brown_2655"}, {"user_id": "anya_brown_2655", "membership": "gold",
           "payment_methods": {"gift_card_1": {"source": "gift_card", "amount": 220, "id": "gift_card_1"},
                               "gift_card_2": {"source": "gift_card", "amount": 285, "id": "gift_card_2"}}})
    c.call("search_direct_flight", {"origin": "EWR", "destination": "MSP", "date": "2024-05-21"},
           [{"flight_number": "HAT208", "prices": {"economy": 128}}])
    c.call("search_direct_flight", {"origin": "MSP", "destination": "EWR", "date": "2024-05-24"},
           [{"flight_number": "HAT196", "prices": {"economy": 161}}])
    c.say("HAT208 on 2024-05-21 ($128) and HAT196 on 2024-05-24 ($161). Any checked bags or insurance?")
    c.user("2 bags, no insurance")
    c.say(f"{summary_title}\n1. HAT208 EWR → MSP, 2024-05-21, economy — $128\n2. HAT196 MSP → EWR, 2024-05-24, "
          "economy — $161\n3. 2 checked bags — free\n4. No insurance\n\n**Total: $289.** How would you like to pay?")
    c.user("use the 220 card fully and the rest on the 285 one")
    c.say("Payment: gift_card_1 — $220 and gift_card_2 — $69 (total $289). Book it?")
    c.user("yes")
    i = c.call("book_reservation", {
        "user_id": "anya_brown_2655", "origin": "EWR", "destination": "MSP", "flight_type": "round_trip",
        "cabin": "economy", "flights": [{"flight_number": "HAT208", "date": "2024-05-21"},
                                        {"flight_number": "HAT196", "date": "2024-05-24"}],
        "passengers": [{"first_name": "Anya", "last_name": "Brown", "dob": "1982-07-05"}],
        "payment_methods": [{"payment_id": "gift_card_1", "amount": 220}, {"payment_id": "gift_card_2", "amount": 69}],
        "total_baggages": bags, "nonfree_baggages": 0, "insurance": "no"}, {"reservation_id": "ABC123"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("payments", "kinds"), [
    ([("credit_card_1", 174)], ["argument_not_confirmed"]),  # all on the Visa
    ([("gift_card_3", 173), ("credit_card_1", 1)], []),
])
def test_a_split_the_user_asks_for_is_one_the_call_makes(convo, payments: list[tuple[str, int]],
                                                         kinds: list[str]) -> None:
    said = "Booking HAT173 on 2024-05-20, economy, for Raj Moore: **$174**, charged to your Visa ending 8862. Book it?"
    booking = {"user_id": "raj_moore_8640", "origin": "PHX", "destination": "LAS", "flight_type": "one_way",
               "cabin": "economy", "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}],
               "passengers": [{"first_name": "Raj", "last_name": "Moore", "dob": "1970-01-01"}],
               "payment_methods": [{"payment_id": p, "amount": a} for p, a in payments],
               "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
    reply = "actually use my gift card for as much as it covers ($173) and the rest ($1) on the visa. then yes"
    assert _workflow(convo, said, reply, "book_reservation", booking,
                     request="I'm raj_moore_8640 (Raj Moore, born 1970-01-01). Book PHX to LAS on May 20.") == kinds


@pytest.mark.parametrize(("payments", "kinds"), [
    ([("credit_card_1", 174)], ["argument_not_confirmed"]),  # all on the Visa
    ([("gift_card_3", 173), ("credit_card_1", 1)], []),
])
def test_a_split_a_recap_adds_up_is_one_the_call_makes(convo, payments: list[tuple[str, int]], kinds: list[str]) -> None:
    # blind set 70, a70_10: the recap adds the parts, the user's "yes" after it
    said = ("Confirm booking:\n- HAT173 on 2024-05-20, economy, for Raj Moore\n- Pay: gift_card_3 $173 + Visa ending 8862 "
            "$1 = $174\nYes?")
    booking = {"user_id": "raj_moore_8640", "origin": "PHX", "destination": "LAS", "flight_type": "one_way",
               "cabin": "economy", "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}],
               "passengers": [{"first_name": "Raj", "last_name": "Moore", "dob": "1970-01-01"}],
               "payment_methods": [{"payment_id": p, "amount": a} for p, a in payments],
               "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
    assert _workflow(convo, said, "yes", "book_reservation", booking,
                     request="I'm raj_moore_8640 (Raj Moore, born 1970-01-01). Book PHX to LAS on May 20.") == kinds


@pytest.mark.parametrize(("reply", "kinds"), [("yes if it's under $12", []), ("yes if it's under $8", ["not_confirmed"])])
def test_a_price_condition_is_held_to_the_cost_not_a_rate(convo, reply: str, kinds: list[str]) -> None:
    said = "Bags are $5 per bag for you, so adding 2 paid bags to PVUB64 (4 in total) costs $10 on your Visa ending 8862. OK?"
    assert _workflow(convo, said, reply, *_bags(4, 2)) == kinds  # $5 is a rate: the cost is $10


@pytest.mark.parametrize(("total", "kinds"), [(4, []), (5, ["amount_not_confirmed"])])
def test_a_list_line_says_its_own_count(convo, total: int, kinds: list[str]) -> None:
    # The fare's "$921" on the line before is no count of bags; "Bags: 4" is.
    said = ("Here's the change for PVUB64:\n- Fare: ($165 + $142) x 3 = $921\n- Bags: 4 checked, 2 of them paid\n"
            "- Payment: $100 on your Visa ending 8862\n\nShall I go ahead?")
    assert _workflow(convo, said, "Yes.", *_bags(total, 2)) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [("8862. Go ahead and book it.", []), ("8862.", ["not_described"])])
def test_a_summary_of_every_flight_then_a_reply_that_says_the_action(convo, reply: str, kinds: list[str]) -> None:
    said = ("Summary: one way PHX -> LAS on 2024-05-20, economy: HAT173 (2024-05-20). Passenger Raj Moore "
            "(1970-01-01). No bags, no insurance. Total $174. Which card: Visa ending 8862 or ending 8131?")
    booking = {"user_id": "raj_moore_8640", "origin": "PHX", "destination": "LAS", "flight_type": "one_way",
               "cabin": "economy", "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}],
               "passengers": [{"first_name": "Raj", "last_name": "Moore", "dob": "1970-01-01"}],
               "payment_methods": [{"payment_id": "credit_card_1", "amount": 174}],
               "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
    assert _workflow(convo, said, reply, "book_reservation", booking,
                     request="I'm raj_moore_8640 (Raj Moore, born 1970-01-01). Flights PHX to LAS on May 20?") == kinds


def test_a_date_after_another_flight_is_that_flights(convo) -> None:
    said = ("To confirm: PVUB64 changes from HAT173 on 2024-05-20 to HAT201 on 2024-05-22 (economy $150 vs $174 "
            "paid), refunded to your gift card. Proceed?")
    search = [*SEARCH, {"flight_number": "HAT201", "date": "2024-05-22", "prices": {"economy": 150}},
              {"flight_number": "HAT173", "date": "2024-05-22", "prices": {"economy": 174}}]
    kinds = {}
    for flight in ("HAT201", "HAT173"):  # HAT173 on the 22nd: the 22nd is HAT201's
        args = {"reservation_id": "PVUB64", "cabin": "economy", "payment_id": "gift_card_3",
                "flights": [{"flight_number": flight, "date": "2024-05-22"}]}
        kinds[flight] = _workflow(convo, said, "yes", "update_reservation_flights", args, search=search)
    assert kinds == {"HAT201": [], "HAT173": ["not_described"]}


def test_another_tools_action_in_a_plan_names_no_rival_of_this_call(convo) -> None:
    said = ("PVUB64 is an economy trip with 2 checked bags.\n1) Bag: you have 3 free bags per passenger, so going to "
            "3 bags is free.\n2) Business upgrade: HAT173 $457 vs $174 paid, that's $283 extra.\nShall I do both, "
            "with your Visa ending 8862 for any charges?")
    assert _workflow(convo, said, "yes to both", *_bags(3, 0)) == []


@pytest.mark.parametrize(("description", "paid", "kinds"), [
    # Two bags added, but the description says one of them is paid: a call paying for two was not confirmed.
    ("Adding 2 bags brings PVUB64 to 4 bags; one of the new bags is free, so 1 bag costs $50 on credit_card_1. "
     "Shall I proceed?", 2, ["amount_not_confirmed"]),
    ("Adding 2 bags brings PVUB64 to 4 bags; one of the new bags is free, so 1 bag costs $50 on credit_card_1. "
     "Shall I proceed?", 1, []),
    ("Adding 2 bags brings PVUB64 to 4 bags, 2 x $50 = $100 on credit_card_1. Shall I proceed?", 2, []),
    ("Adding 2 bags brings PVUB64 to 4 bags, $100 on credit_card_1. Shall I proceed?", 2, []),
])
def test_a_paid_count_is_the_number_the_description_says_is_paid(convo, description: str, paid: int,
                                                                  kinds: list[str]) -> None:
    assert _workflow(convo, description, "Yes, fine.", *_bags(4, paid)) == kinds


@pytest.mark.parametrize(("total", "kinds"), [(6, []), (4, ["amount_not_confirmed"]), (10, ["amount_not_confirmed"])])
def test_a_count_after_the_number_added_is_the_new_total(convo, total: int, kinds: list[str]) -> None:
    # "After adding 4: 6 bags": 6 is the total, 4 the number added (PVUB64 has 2 now).
    said = "PVUB64 has 2 checked bags. After adding 4: **6 bags**, all free. Shall I add them?"
    assert _workflow(convo, said, "yes do it", *_bags(total, 0)) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # The deferral is of the other action on the same reservation, by its own topic.
    ("Go ahead with the bags. For the flight change, let me check with my wife first. I'll get back to you.", []),
    ("Go ahead with the bags. Actually wait, let me think about it first.", ["not_confirmed"]),
    ("Let me check with my wife first.", ["not_confirmed"]),
    # The topic put off after a comma, before its deferral: "the upgrade I'll decide later".
    ("ok add the bag now, the upgrade I'll decide later", []),
    ("ok add the bag now, the bag I'll decide later", ["not_confirmed"]),
    # A request added after the yes ("also ..."), then put off: the added request is what waits.
    ("Yes add the bag. Oh and also move me to business — actually wait, I'll decide on that later.", []),
    ("Yes add the bag. Oh actually wait, I'll decide on that later.", ["not_confirmed"]),
])
def test_a_deferral_of_the_other_action_on_one_reservation(convo, reply: str, kinds: list[str]) -> None:
    said = ("I can add 1 bag to PVUB64 (3 in total, free) on your Visa ending 8862, and I can also move HAT173 "
            "to business. Would you like me to add the bag, and do you want to change the flight?")
    assert _workflow(convo, said, reply, *_bags(3, 0)) == kinds


@pytest.mark.parametrize(("card", "kinds"), [("Visa ending 8862", []), ("Visa ending 8131", ["not_described"])])
def test_a_description_may_name_the_call_by_its_card(convo, card: str, kinds: list[str]) -> None:
    said = f"Going from 2 to 3 checked bags is free.\n- Card referenced for the update (no charge): {card}\nShall I add it?"
    assert _workflow(convo, said, "Yes.", *_bags(3, 0)) == kinds


@pytest.mark.parametrize(("request_", "description", "kinds"), [
    # A terse offer: the object and its terms, no verb, after the user asked for the change.
    ("Hi, raj_moore_8640. PVUB64 needs 4 checked bags in total.",
     "PVUB64 economy, silver: 2 free. 4 bags = 2 extra, 100. pay with gift_card_3 or credit_card_1?", []),
    ("Hi, raj_moore_8640, about PVUB64.",  # nobody asked for bags
     "PVUB64 economy, silver: 2 free. 4 bags = 2 extra, 100. pay with gift_card_3 or credit_card_1?",
     ["not_described"]),
    ("Hi, raj_moore_8640. PVUB64 needs 4 checked bags in total.",  # the question offers something else
     "PVUB64 economy, silver: 2 free, 4 bags = 2 extra. Would you also like me to go over the insurance?",
     ["not_described"]),
])
def test_a_terse_offer_after_the_users_request_describes_the_call(convo, request_: str, description: str,
                                                                   kinds: list[str]) -> None:
    bags = ("update_reservation_baggages", {"reservation_id": "PVUB64", "total_baggages": 4, "nonfree_baggages": 2,
                                            "payment_id": "credit_card_1"})
    assert _workflow(convo, description, "the credit card. yes go ahead", *bags, request=request_) == kinds


def test_a_terse_offer_may_come_before_an_answer_and_after_an_older_request(convo) -> None:
    # "upgrade my flight to business" ... "HAT173 business 457, you paid 174. difference 283 on gift_card_3.
    # ok?" ... "what time does it leave?" ... "HAT173 leaves 15:00." ... "ok. yes do the upgrade"
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("raj_moore_8640 here. upgrade PVUB64 to business please")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"},
           [{**SEARCH[0], "scheduled_departure_time_est": "15:00:00"}])
    c.say("HAT173 2024-05-20 business 457, you paid 174. difference 283 on gift_card_3. ok?")
    c.user("what time does it leave?")
    c.say("HAT173 leaves 15:00.")
    c.user("ok. yes do the upgrade")
    i = c.call(*_flights("business"), {**RESERVATION, "cabin": "business"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == []


@pytest.mark.parametrize(("said", "kinds"), [
    ("born 1977-02-12", ["not_described"]),  # the call keeps her 1977-02-10: the description misstated it
    ("born 1977-02-10", []),
    ("born 1977-02-12, sorry: 1977-02-10", []),  # the last date said counts
])
def test_a_kept_date_of_birth_the_description_states_otherwise(convo, said: str, kinds: list[str]) -> None:
    # Only Sophia Rossi's last name changes; the description restates her date of birth.
    description = (f"On JT8DB7 the passengers would be: Aarav Rossi, Sophia Rossi-Lee ({said}), Sophia Nguyen. "
                   "Shall I proceed?")
    assert _passengers(convo, description, "Yes.", _with(2, last_name="Rossi-Lee")) == kinds


@pytest.mark.parametrize(("people", "kinds"), [
    ([{**PEOPLE[0], "dob": "1957-11-12"}, {**PEOPLE[1], "last_name": "Nguyen-Tran"}, PEOPLE[2]],
     ["confirmation_not_covering"]),
    ([{**PEOPLE[0], "dob": "1957-11-12"}, PEOPLE[1], PEOPLE[2]], []),
])
def test_a_detail_the_reply_calls_right_as_it_is_stays(convo, people: list[dict[str, str]], kinds: list[str]) -> None:
    description = ("I'd update the passengers on JT8DB7 to: Aarav Rossi, 1957-11-12; Sophia Nguyen-Tran, 1973-09-23; "
                   "Sophia Rossi, 1977-02-10. Shall I proceed?")
    reply = "Actually, only fix Aarav's birthday. Sophia Nguyen's name is right as it is, I misremembered."
    assert _passengers(convo, description, reply, people) == kinds


@pytest.mark.parametrize(("sent", "kinds"), [("HAT011", []), ("HAT173", ["not_described"])])
def test_the_flight_sent_is_the_one_described_not_the_booked_numbers_next_day(convo, sent: str,
                                                                               kinds: list[str]) -> None:
    # PVUB64 holds HAT173 on the 20th; on the 21st both HAT011 and HAT173 fly. The description moves
    # it to HAT011: HAT173 on the 21st, the booked number on another day, is no flight it described.
    search = [{"flight_number": "HAT011", "date": "2024-05-21", "prices": {"economy": 142}},
              {"flight_number": "HAT173", "date": "2024-05-21", "prices": {"economy": 172}}]
    said = "To confirm: change PVUB64 to HAT011 on 2024-05-21, economy, charged to your Visa ending 8862. Proceed?"
    assert _workflow(convo, said, "yes please", "update_reservation_flights", {
        "reservation_id": "PVUB64", "cabin": "economy", "flights": [{"flight_number": sent, "date": "2024-05-21"}],
        "payment_id": "credit_card_1"}, search=search) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("PVUB64 has 2 checked bags; going to 3 is free. Shall I update it to 3 bags, none charged, on your Visa "
     "ending 8862?", []),
    ("PVUB64 has 2 checked bags; a third costs $50, charged to your Visa ending 8862. Shall I add it?",
     ["not_confirmed"]),  # the condition is not met: the agent must answer first
])
def test_a_yes_on_condition_of_no_charge_is_no_refusal(convo, said: str, kinds: list[str]) -> None:
    assert _workflow(convo, said, "Sure, as long as there's no charge.", *_bags(3, 0 if not kinds else 1)) == kinds


@pytest.mark.parametrize(("reservation", "ok"), [("RXY5OG", True), ("6VYHTQ", False)])
def test_the_first_one_of_two_reservations_whose_codes_hold_one_digit(convo, reservation: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm umar_singh_3503, I want to cancel two trips.")
    for code, flight in (("RXY5OG", "HAT201"), ("6VYHTQ", "HAT064")):
        c.call("get_reservation_details", {"reservation_id": code}, {
            "reservation_id": code, "cabin": "business", "flights": [{"flight_number": flight, "price": 382}]})
    c.say("Here they are: RXY5OG, HAT201 on 2024-05-17, business, $382 refunded; and 6VYHTQ, HAT064 on "
          "2024-05-16, business, $382 refunded. Shall I cancel both?")
    c.user("only the first one")
    i = c.call("cancel_reservation", {"reservation_id": reservation}, {"reservation_id": reservation, "status": "cancelled"})
    assert next(d for d in certify_interaction(c.build()).decisions if d.message_index == i).checks["workflow"] is ok


@pytest.mark.parametrize(("question", "ok"), [
    ("Is this the reservation you mean?", False),  # which one, not whether to cancel it
    ("Is that the trip you mean?", False),
    ("Shall I cancel it?", True),
])
def test_a_yes_to_which_reservation_is_no_yes_to_cancel_it(convo, question: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, this is farah_chen_1563. Please cancel my Newark to Las Vegas trip.")
    c.call("get_reservation_details", {"reservation_id": "IYLBEK"}, {
        "reservation_id": "IYLBEK", "origin": "EWR", "destination": "LAS", "cabin": "business",
        "flights": [{"flight_number": "HAT100", "date": "2024-05-29", "price": 206}]})
    c.say(f"I found IYLBEK: EWR to LAS one way in business, HAT100 on May 29. {question}")
    c.user("yes that's the one" if not ok else "yes")
    i = c.call("cancel_reservation", {"reservation_id": "IYLBEK"}, {"reservation_id": "IYLBEK", "status": "cancelled"})
    assert next(d for d in certify_interaction(c.build()).decisions if d.message_index == i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "last_name", "kinds"), [
    ("Yes.", "Nguyen-Tran", []),
    ("Yes.", "Nguyen", ["not_described"]),  # the surname the description gives her is Nguyen-Tran
    # the last mention of her first name counts: the user takes the new surname back
    ("Yes, but keep Sophia Nguyen as it is, she hasn't changed it yet.", "Nguyen", []),
])
def test_a_surname_the_description_gives_otherwise(convo, reply: str, last_name: str, kinds: list[str]) -> None:
    description = ("On JT8DB7 the passengers would be: Aarav Rossi (1957-11-10), Sophia Nguyen-Tran (1973-09-23), "
                   "Sophia Rossi (1977-02-10). Shall I proceed?")
    kept = _passengers(convo, description, reply, _with(1, last_name=last_name))
    assert [k for k in kept if k == "not_described"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [("Sophia Nguyen", []), ("Sophia Nguyen-Tran", ["not_described"])])
def test_a_word_in_capitals_after_a_name_is_no_surname(convo, said: str, kinds: list[str]) -> None:
    # blind set 76, a76_02: "Sophia Nguyen DOB 1973-09-23 -> 1973-09-25" names Sophia Nguyen; "DOB" is no surname
    description = f"Change: {said} DOB 1973-09-23 -> 1973-09-25. Aarav Rossi and Sophia Rossi unchanged. Confirm (yes/no)?"
    kept = _passengers(convo, description, "yes", _with(1, dob="1973-09-25"))
    assert [k for k in kept if k == "not_described"] == kinds


def test_a_passengers_birth_date_corrected_names_the_passenger_change(convo) -> None:
    # no "passenger" word: a birth date is a passenger's, so the update of passengers is described
    said = ("Sophia Rossi is listed with birth date 1977-02-10, which is wrong. I can correct it to 1977-02-12, "
            "keeping Aarav Rossi and Sophia Nguyen as they are. Shall I proceed?")
    assert _passengers(convo, said, "yes please fix it", _with(2, dob="1977-02-12")) == []


@pytest.mark.parametrize(("flight", "reply", "kinds"), [
    ("HAT040", "yes", []),
    # blind audit air49_06: the other flight of the list booked, the action's sentence named HAT040
    ("HAT012", "yes", ["not_described"]),
    ("HAT012", "yes, but make it HAT012 after all", []),  # the reply names the one booked
])
def test_a_flight_the_description_only_listed_is_not_the_one_it_said_to_change_to(
        convo, flight: str, reply: str, kinds: list[str]) -> None:
    said = ("On May 22 there are two flights:\n- HAT040: 03:00 to 05:30, economy $150\n- HAT012: 05:00 to 11:30, "
            "economy $168\nThe earliest is HAT040. To confirm: change PVUB64 to HAT040 on 2024-05-22, economy, "
            "$24 back to your gift card. Shall I proceed?")
    search = [*SEARCH, {"flight_number": "HAT040", "date": "2024-05-22", "prices": {"economy": 150}},
              {"flight_number": "HAT012", "date": "2024-05-22", "prices": {"economy": 168}}]
    args = {"reservation_id": "PVUB64", "cabin": "economy", "payment_id": "gift_card_3",
            "flights": [{"flight_number": flight, "date": "2024-05-22"}]}
    assert _workflow(convo, said, reply, "update_reservation_flights", args, search=search) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 78, a78_09: the sentence that reports the failure names the flight that failed, no action
    ("I'm sorry - that didn't go through: HAT012 has no economy seats left, and nothing was changed. The closest "
     "alternative is HAT040 on 2024-05-22, $150, $24 back to your gift card. Would you like that instead?", []),
    ("I can change PVUB64 to HAT012 on 2024-05-22, economy. Or HAT040 on 2024-05-22, $150, $24 back to your gift "
     "card. Would you like that instead?", ["not_described"]),
])
def test_a_failure_reported_names_no_flight_of_the_offer_after_it(convo, said: str, kinds: list[str]) -> None:
    search = [*SEARCH, {"flight_number": "HAT040", "date": "2024-05-22", "prices": {"economy": 150}},
              {"flight_number": "HAT012", "date": "2024-05-22", "prices": {"economy": 168}}]
    args = {"reservation_id": "PVUB64", "cabin": "economy", "payment_id": "gift_card_3",
            "flights": [{"flight_number": "HAT040", "date": "2024-05-22"}]}
    assert _workflow(convo, said, "ok yes, do that", "update_reservation_flights", args, search=search) == kinds


@pytest.mark.parametrize(("flight", "kinds"), [
    ("HAT131", []),
    # blind audit a57_06: the description's lines name HAT131 after a lead that says the change; the call
    # books HAT286, which it never names (the options before it listed both)
    ("HAT286", ["not_described"]),
])
def test_a_flight_the_description_never_names_is_not_the_one_it_lists(convo, flight: str, kinds: list[str]) -> None:
    reservation = {"reservation_id": "Q17Y7B", "user_id": "liam_sanchez_8204", "origin": "IAH", "destination": "LAS",
                   "flight_type": "round_trip", "cabin": "economy", "flights": [
                       {"flight_number": "HAT112", "date": "2024-05-27", "price": 166},
                       {"flight_number": "HAT175", "date": "2024-05-30", "price": 108}],
                   "passengers": [{"first_name": "Liam", "last_name": "Sanchez"}],
                   "payment_history": [{"payment_id": "gift_card_3", "amount": 274}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm liam_sanchez_8204. Move the outbound of Q17Y7B to an earlier flight on May 27.")
    c.call("get_user_details", {"user_id": "liam_sanchez_8204"}, {**USER, "user_id": "liam_sanchez_8204"})
    c.call("get_reservation_details", {"reservation_id": "Q17Y7B"}, reservation)
    c.call("search_direct_flight", {"origin": "IAH", "destination": "LAS", "date": "2024-05-27"}, [
        {"flight_number": "HAT131", "scheduled_departure_time_est": "18:00:00", "prices": {"economy": 198}},
        {"flight_number": "HAT286", "scheduled_departure_time_est": "22:00:00", "prices": {"economy": 170}}])
    c.say("Evening options on May 27 (economy):\n1. **HAT131** — 6:00 PM, $198\n2. **HAT286** — 10:00 PM, $170")
    c.user("The 6 PM one works. Put the difference on the Visa ending 8862.")
    c.say("Here's the change for your confirmation:\n- Reservation **Q17Y7B**, economy\n- New outbound: **HAT131**, "
          "IAH → LAS, 2024-05-27, 6:00 PM\n- Return unchanged: HAT175, LAS → IAH, 2024-05-30\n- Fare difference: "
          "**$32** charged to Visa ending 8862\n\nShall I make this change?")
    c.user("Yes, go ahead.")
    i = c.call("update_reservation_flights", {"reservation_id": "Q17Y7B", "cabin": "economy", "flights": [
        {"flight_number": flight, "date": "2024-05-27"}, {"flight_number": "HAT175", "date": "2024-05-30"}],
        "payment_id": "credit_card_1"}, reservation)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


TWO_CARDS = {**USER, "payment_methods": {k: v for k, v in USER["payment_methods"].items() if k != "credit_card_2"}}


@pytest.mark.parametrize(("reply", "card", "kinds"), [
    # blind audit air50_07: "3 passengers" is a count, not the passenger update's object; "my other card"
    # of two is the one the description did not name
    ("yes but put it on my other card", "credit_card_5", []),
    ("yes", "credit_card_1", []),
    ("yes", "credit_card_5", ["argument_not_confirmed"]),
])
def test_a_count_of_passengers_and_the_other_of_two_cards(convo, reply: str, card: str, kinds: list[str]) -> None:
    said = ("On PVUB64 (economy, 3 passengers) the flight is HAT173 on 2024-05-20. On 2024-05-22 HAT201 costs $150 "
            "in economy, so the difference is $24 for all three, charged to your Visa credit_card_1. Shall I make "
            "the change?")
    search = [*SEARCH, {"flight_number": "HAT201", "date": "2024-05-22", "prices": {"economy": 150}}]
    args = {"reservation_id": "PVUB64", "cabin": "economy", "payment_id": card,
            "flights": [{"flight_number": "HAT201", "date": "2024-05-22"}]}
    assert _workflow(convo, said, reply, "update_reservation_flights", args, search=search, user=TWO_CARDS) == kinds


@pytest.mark.parametrize(("description", "reply", "kinds"), [
    # A refusal names the action only as what cannot be done: nothing to confirm.
    ("Reservation PVUB64 is economy without insurance. Unfortunately it doesn't qualify for cancellation.",
     "This is ridiculous. Just cancel it right now.", ["not_described"]),
    ("I'm not able to cancel reservation PVUB64 under the policy.", "Cancel it anyway!", ["not_described"]),
    # A denial of something else beside the action: still a description.
    ("Reservation PVUB64: this can't be undone. Shall I cancel it?", "yes", []),
    ("Reservation PVUB64 doesn't qualify for a refund, but I can cancel it. Shall I cancel it?", "yes", []),
    # A denial on the line before ends with that line; a casual yes is a yes.
    ("- ULFY27: flown, can't be cancelled\nCancel PVUB64 (economy, insured)? Confirm?", "yes, that one", []),
    ("Reservation PVUB64 is economy and insured. Shall I cancel it?", "ya, that one", []),
    ("Reservation PVUB64 is economy and insured. Shall I cancel it?", "yea go", []),
    ("Reservation PVUB64 is economy and insured. Shall I cancel it?", "Obviously.", []),  # blind set 81: t81_05 26
    ("Reservation PVUB64 is economy and insured. Shall I cancel it?", "Of course.", []),
    ("Reservation PVUB64 is economy and insured. Shall I cancel it?", "Of course not.", ["not_confirmed"]),
    ("Reservation PVUB64 is economy and insured. Shall I cancel it?", "Obviously not!", ["not_confirmed"]),
    ("Reservation PVUB64 is economy and insured.\nIt can't be cancelled", "cancel it", ["not_described"]),
])
def test_a_refusal_describes_no_action_to_confirm(convo, description: str, reply: str, kinds: list[str]) -> None:
    assert _workflow(convo, description, reply, "cancel_reservation", {"reservation_id": "PVUB64"}) == kinds


def test_which_one_of_two_cards_asks_how_to_pay(convo) -> None:
    # blind set 61, a61_03: "which one" of two gift cards asks how to pay, not which reservation
    asked = ("PVUB64 is economy on HAT173. Business on it is $457. If you upgrade, the $283 difference goes on a "
             "gift card. You have gift_card_9443446 and gift_card_8525656, which one would you like it on?")
    cards = {k: {"source": "gift_card", "amount": 500, "id": k} for k in ("gift_card_9443446", "gift_card_8525656")}
    args = {"reservation_id": "PVUB64", "cabin": "business", "payment_id": "gift_card_9443446",
            "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}]}
    assert _workflow(convo, asked, "ok do it, the 9443446 one", "update_reservation_flights", args,
                     user={**USER, "payment_methods": cards}) == []


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audits a60_05, a61_06, a63_06: the policy lets one certificate pay a booking
    ("Done! certificate_3221322 for $100 is on your account. You can combine it with your $500 certificate on "
     "your next booking.", ["text_contradicts_policy"]),
    ("No problem, both certificates can be combined on one booking: $150 and $324.", ["text_contradicts_policy"]),
    ("Done! certificate_3221322 for $100 is on your account. Only one certificate can be used per booking.", []),
    ("Certificates can't be combined, so use the $500 one.", []),
    # the ones left unused (blind set 90, a90_06 32)
    ("Then both gift cards in full. A certificate is used up entirely when applied; the other two certificates "
     "($250 and $250) stay on your account.", []),
    ("Then both gift cards in full, and your two certificates ($250 and $250) go toward this booking.",
     ["text_contradicts_policy"]),
])
def test_certificates_said_to_pay_one_booking_together(convo, said: str, kinds: list[str]) -> None:
    from trajectory2gym.envs.airline.policy import POLICY

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("My flight was cancelled. I'm juan_rossi_1234.")
    c.call("get_user_details", {"user_id": "juan_rossi_1234"}, {"membership": "gold", "payment_methods": {
        "certificate_6042896": {"source": "certificate", "amount": 500, "id": "certificate_6042896"}}})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "text_contradicts_policy"] == kinds


@pytest.mark.parametrize(("told", "said", "kinds"), [
    # blind audits a60_03, a61_06, a61_12, a62_06: a budget only the hidden task holds
    ("Two economy seats JFK to ATL on May 20, please.", "within your $250 budget", ["text_privileged"]),
    ("Two economy seats JFK to ATL on May 20, please; I can spend $250 at most.", "within your $250 budget", []),
    # ... or what the user is said to be willing to pay (blind set 89, a89_11 26)
    ("Two economy seats JFK to ATL on May 20, please.", "and since you're willing to pay up to $250, it fits",
     ["text_privileged"]),
    ("Two economy seats JFK to ATL on May 20, please; I can spend $250 at most.",
     "and since you're willing to pay up to $250, it fits", []),
])
def test_a_budget_said_to_be_the_users(convo, told: str, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              private={"task": {"instruction": "You want to book two seats and keep it under $250."}})
    c.user(told)
    c.call("search_direct_flight", {"origin": "JFK", "destination": "ATL", "date": "2024-05-20"},
           [{"flight_number": "HAT268", "prices": {"economy": 101}, "available_seats": {"economy": 19}},
            {"flight_number": "HAT270", "prices": {"economy": 149}, "available_seats": {"economy": 3}}])  # 101 + 149
    i = c.say(f"HAT268 is $101 in economy. For 2: $202, {said}.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k in ("text_privileged", "text_not_visible")] == kinds


@pytest.mark.parametrize(("question", "kinds"), [
    # blind audit a66_05: the closing question asks for the call's own card, by its last four digits
    ("may I use your Visa ending 8862?", []),
    ("may I send you a $50 certificate as well?", ["confirmation_not_covering"]),  # offers something else
])
def test_a_yes_to_the_card_the_call_pays_with_confirms_it(convo, question: str, kinds: list[str]) -> None:
    said = f"PVUB64 has 2 checked bags; going to 3 bags is free. I need a payment method on file; {question}"
    assert _workflow(convo, said, "Sure.", *_bags(3, 0, "credit_card_1")) == kinds


WAY_BACK = {"reservation_id": "R4H4N6", "user_id": "raj_moore_8640", "cabin": "economy", "flight_type": "round_trip",
              "flights": [{"flight_number": "HAT127", "date": "2024-05-09", "price": 112},
                          {"flight_number": "HAT033", "date": "2024-05-16", "price": 144}],
              "payment_history": [{"payment_id": "gift_card_3", "amount": 256}]}


@pytest.mark.parametrize(("recap", "kinds"), [
    # blind audit a66_07: "the new return" is the trip's way back, no return of anything
    ("So the new return is HAT125 on 2024-05-17, economy. Your outbound flight stays as it is, and the $6 "
     "difference goes to gift_card_3. Confirm?", []),
    ("I can also start a return of your bags fee to gift_card_3. Confirm?", ["confirmation_not_covering"]),
])
def test_the_new_return_of_a_trip_continues_the_flight_change(convo, recap: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm raj_moore_8640. Move the way back of R4H4N6 to the 17th please.")
    c.call("get_reservation_details", {"reservation_id": "R4H4N6"}, WAY_BACK)
    c.call("search_direct_flight", {"origin": "JFK", "destination": "MSP", "date": "2024-05-17"},
           [{"flight_number": "HAT125", "prices": {"economy": 138}}])
    c.say("I can move R4H4N6's return from HAT033 on May 16 to HAT125 on May 17, keeping HAT127 on May 9.")
    c.user("the cheapest one, refund to my gift card")
    c.say(recap)
    c.user("yes")
    i = c.call("update_reservation_flights", {"reservation_id": "R4H4N6", "cabin": "economy", "flights": [
        {"flight_number": "HAT127", "date": "2024-05-09"}, {"flight_number": "HAT125", "date": "2024-05-17"}],
        "payment_id": "gift_card_3"}, WAY_BACK)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind audit a66_12: after a failed update, "send it again" offers this update once more
    ("I'm sorry, the update did not go through: the list has to include both passengers. Shall I send it again "
     "with Yusuf Hernandez (1975-03-18) and Harper Martin (1956-05-06)?", []),
    ("I'm sorry, the update did not go through. Shall I send you a $100 certificate for the trouble?",
     ["not_described"]),  # the yes went to a certificate: the list was last described with one passenger
])
def test_a_retry_offered_as_send_it_again_is_confirmed_by_a_yes(convo, offer: str, kinds: list[str]) -> None:
    passengers = {"reservation_id": "XZRB9Q", "passengers": [
        {"first_name": "Yusuf", "last_name": "Hernandez", "dob": "1975-03-18"},
        {"first_name": "Harper", "last_name": "Moore", "dob": "1984-06-25"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm raj_moore_8640. On XZRB9Q replace Harper Moore with Harper Martin, born 1956-05-06.")
    c.call("get_reservation_details", {"reservation_id": "XZRB9Q"}, passengers)
    c.say("XZRB9Q has Yusuf Hernandez (1975-03-18) and Harper Moore (1984-06-25). The new list would be Yusuf "
          "Hernandez (1975-03-18) and Harper Martin (1956-05-06). Confirm?")
    c.user("yes")
    c.call("update_reservation_passengers", {"reservation_id": "XZRB9Q", "passengers": [
        {"first_name": "Harper", "last_name": "Martin", "dob": "1956-05-06"}]}, "Error: number of passengers does not match")
    c.say("All set - Harper Martin is now on XZRB9Q in place of Harper Moore.")
    c.user("can you double check?")
    c.say(offer)
    c.user("yes")
    i = c.call("update_reservation_passengers", {"reservation_id": "XZRB9Q", "passengers": [
        {"first_name": "Yusuf", "last_name": "Hernandez", "dob": "1975-03-18"},
        {"first_name": "Harper", "last_name": "Martin", "dob": "1956-05-06"}]}, passengers)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("request_", "quote", "kinds"), [
    # blind set 69, a69_03: a quote for the upgrade the user asked the price of, then the user's go-ahead
    ("Hi, I'm raj_moore_8640. How much to upgrade PVUB64 to business?",
     "| Flight | Economy (paid) | Business now |\n|---|---|---|\n| HAT173 PHX-LAS | $174 | $457 |\n\n"
     "The difference is $283, on the Visa ending 8862.", []),
    # the user asked nothing of the price: the quote is no description of the action
    ("Hi, I'm raj_moore_8640, about reservation PVUB64.",
     "| Flight | Economy (paid) | Business now |\n|---|---|---|\n| HAT173 PHX-LAS | $174 | $457 |\n\n"
     "The difference is $283, on the Visa ending 8862.", ["not_described"]),
])
def test_a_quote_the_user_asked_for_describes_the_action(convo, request_: str, quote: str, kinds: list[str]) -> None:
    args = {"reservation_id": "PVUB64", "cabin": "business", "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}],
            "payment_id": "credit_card_1"}
    assert _workflow(convo, quote, "hmm ok do it, same visa", "update_reservation_flights", args, request=request_) == kinds


def test_a_routes_arrow_moves_no_flight_off_its_date(convo) -> None:
    # blind set 74, a74_08: a route's arrow, and a later date in the same sentence, move nothing
    flights = {"reservation_id": "PVUB64", "cabin": "business", "payment_id": "gift_card_3",
               "flights": [{"flight_number": "HAT173", "date": "2024-05-20"}]}
    for said, kinds in (
            ("Change PVUB64 to business: HAT173 stays on 2024-05-20 (PHX → LAS), and I'll note your May 21 return. "
             "Fare difference: $0, on your gift card. OK?", []),
            ("Change: HAT173 on 2024-05-20 → HAT173 on 2024-05-21, in business. Fare difference: $0, on your gift "
             "card. OK?", ["not_described"])):
        assert _workflow(convo, said, "ok", "update_reservation_flights", flights) == kinds, said


@pytest.mark.parametrize("code", ["DOBSMB", "BAGS4Q"])
def test_a_reservation_code_that_starts_like_another_objects_word(convo, code: str) -> None:
    # blind set 77, a77_12: "DOBSMB" starts like "dob" (a birth date), "BAGS4Q" like "bag": no other object
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm yusuf_gonzalez_6436. Can my denver trip leave on the 24th instead of the 23rd?")
    c.call("get_user_details", {"user_id": "yusuf_gonzalez_6436"}, {"payment_methods": {"credit_card_8843042": {
        "source": "credit_card", "brand": "visa", "last_four": "6613", "id": "credit_card_8843042"}}})
    c.call("get_reservation_details", {"reservation_id": code}, {
        "reservation_id": code, "cabin": "business", "flights": [
            {"origin": "PHL", "destination": "DEN", "flight_number": "HAT076", "date": "2024-05-23", "price": 1460},
            {"origin": "DEN", "destination": "PHL", "flight_number": "HAT158", "date": "2024-05-25", "price": 1343}]})
    c.call("search_onestop_flight", {"origin": "PHL", "destination": "DEN", "date": "2024-05-24"}, [[
        {"flight_number": "HAT269", "date": "2024-05-24", "prices": {"business": 301}},
        {"flight_number": "HAT262", "date": "2024-05-24", "prices": {"business": 389}}]])
    c.say("On May 24 these one-stop business connections via Charlotte have seats:\n\n| First leg | Departs | Fare |\n"
          "|---|---|---|\n| HAT269 PHL→CLT | 07:00 | $301 |\n\nWould you like it?")
    c.user("the 7am one. refund to my visa")
    c.say(f"Please confirm: {code} outbound becomes HAT269 PHL→CLT and HAT262 CLT→DEN on 2024-05-24, business; the "
          "return HAT158 on 2024-05-25 is unchanged. The fare difference of $1,540 is refunded to your Visa ending "
          "6613. Proceed?")
    c.user("yes")
    i = c.call("update_reservation_flights", {"reservation_id": code, "cabin": "business", "flights": [
        {"flight_number": "HAT269", "date": "2024-05-24"}, {"flight_number": "HAT262", "date": "2024-05-24"},
        {"flight_number": "HAT158", "date": "2024-05-25"}], "payment_id": "credit_card_8843042"}, {"reservation_id": code})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert "not_described" not in map(reason_kind, decision.reasons), decision.reasons


@pytest.mark.parametrize(("passenger", "payments", "kinds"), [
    # blind set 86, a86_05 43: one booking per passenger, each row of the table its own methods
    (("Raj", "Sanchez", "1986-09-12"), [("certificate_9984806", 250), ("credit_card_2198526", 621)], []),
    (("Raj", "Sanchez", "1986-09-12"), [("certificate_2765295", 250), ("credit_card_2198526", 621)],
     ["argument_not_confirmed"]),  # Liam's certificate
    # both gift cards, one of them also named as the cancellation's refund (blind set 86, a86_05 39)
    (("Mohamed", "Silva", "1960-11-26"), [("certificate_3765853", 500), ("gift_card_8020792", 198),
                                          ("gift_card_6136092", 129), ("credit_card_2198526", 44)], []),
])
def test_a_table_of_one_booking_per_passenger_after_a_cancellation(convo, passenger: tuple[str, str, str],
                                                                   payments: list[tuple[str, int]],
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm mohamed_silva_9265. Cancel K1NW8N and book us three business tickets JFK to SFO on May 26.")
    c.call("get_user_details", {"user_id": "mohamed_silva_9265"}, {"user_id": "mohamed_silva_9265", "payment_methods": {
        "certificate_3765853": {"source": "certificate", "amount": 500, "id": "certificate_3765853"},
        "certificate_9984806": {"source": "certificate", "amount": 250, "id": "certificate_9984806"},
        "certificate_2765295": {"source": "certificate", "amount": 250, "id": "certificate_2765295"},
        "gift_card_8020792": {"source": "gift_card", "amount": 198, "id": "gift_card_8020792"},
        "gift_card_6136092": {"source": "gift_card", "amount": 129, "id": "gift_card_6136092"},
        "credit_card_2198526": {"source": "credit_card", "brand": "mastercard", "last_four": "9363",
                                "id": "credit_card_2198526"}}})
    c.call("get_reservation_details", {"reservation_id": "K1NW8N"}, {
        "reservation_id": "K1NW8N", "user_id": "mohamed_silva_9265", "cabin": "basic_economy",
        "flights": [{"flight_number": "HAT023", "date": "2024-05-26", "price": 53}],
        "passengers": [{"first_name": "Mohamed", "last_name": "Silva", "dob": "1960-11-26"},
                       {"first_name": "Raj", "last_name": "Sanchez", "dob": "1986-09-12"},
                       {"first_name": "Liam", "last_name": "Wilson", "dob": "1980-03-27"}],
        "payment_history": [{"payment_id": "gift_card_6136092", "amount": 567}], "created_at": "2024-05-14T16:03:16"})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "SFO", "date": "2024-05-26"},
           [{"flight_number": "HAT023", "prices": {"business": 364}}])
    c.call("search_onestop_flight", {"origin": "SFO", "destination": "JFK", "date": "2024-05-28"},
           [[{"flight_number": "HAT204", "prices": {"business": 248}}, {"flight_number": "HAT100", "prices": {"business": 259}}]])
    c.say("Here's the plan, each a business round trip JFK ⇄ SFO (HAT023 on May 26; HAT204 + HAT100 on May 28), no "
          "bags, no insurance, $871 each:\n\n"
          "| Booking | Passenger | Certificate | Gift cards | Mastercard 9363 |\n|---|---|---|---|---|\n"
          "| 1 | Mohamed Silva (1960-11-26) | certificate_3765853 $500 | $198 + $129 | **$44** |\n"
          "| 2 | Raj Sanchez (1986-09-12) | certificate_9984806 $250 | — | **$621** |\n"
          "| 3 | Liam Wilson (1980-03-27) | certificate_2765295 $250 | — | **$621** |\n\n"
          "**Mastercard total: $1,286** — $500 less than a single booking. And first, K1NW8N would be cancelled "
          "with **$567** back to gift_card_6136092.\n\n"
          "Shall I cancel K1NW8N and make these three bookings? (yes/no)")
    c.user("Yes, please go ahead with all of it. The rest on the Mastercard, as you said.")
    c.call("cancel_reservation", {"reservation_id": "K1NW8N"}, {"reservation_id": "K1NW8N", "status": "cancelled"})
    first, last, dob = passenger
    i = c.call("book_reservation", {
        "user_id": "mohamed_silva_9265", "origin": "JFK", "destination": "SFO", "flight_type": "round_trip",
        "cabin": "business", "flights": [{"flight_number": "HAT023", "date": "2024-05-26"},
                                         {"flight_number": "HAT204", "date": "2024-05-28"},
                                         {"flight_number": "HAT100", "date": "2024-05-28"}],
        "passengers": [{"first_name": first, "last_name": last, "dob": dob}],
        "payment_methods": [{"payment_id": p, "amount": a} for p, a in payments],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}, {"reservation_id": "HATHAU"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds, decision.reasons


@pytest.mark.parametrize(("asked", "ok"), [
    # the certificate not used, asked about and said to stay (blind set 87, a87_01 37)
    ("Before I say yes, what happens to my other $100 certificate?", True),
    ("Actually, use the $100 certificate instead.", False),
])
def test_the_other_certificate_asked_about_is_not_the_one_chosen(convo, asked: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book me HAT136 on May 20, economy, I'm mia_li_3668.")
    c.call("get_user_details", {"user_id": "mia_li_3668"}, {"user_id": "mia_li_3668", "payment_methods": {
        "certificate_7504069": {"source": "certificate", "amount": 250, "id": "certificate_7504069"},
        "certificate_4856383": {"source": "certificate", "amount": 100, "id": "certificate_4856383"},
        "credit_card_4421486": {"source": "credit_card", "brand": "visa", "last_four": "7447", "id": "credit_card_4421486"}}})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "ATL", "date": "2024-05-20"},
           [{"flight_number": "HAT136", "prices": {"economy": 255}}])
    c.say("- **Flight:** HAT136 on 2024-05-20, economy, Mia Li (1990-04-05)\n- **Payment:** certificate_7504069 $250 + "
          "Visa ending 7447 $5 = $255\n\nShall I go ahead and book this? (yes/no)")
    c.user(asked)
    c.say("Your $100 certificate stays in your profile for a future booking. Shall I book it as summarized?")
    c.user("Yes, book it.")
    i = c.call("book_reservation", {
        "user_id": "mia_li_3668", "origin": "JFK", "destination": "ATL", "flight_type": "one_way", "cabin": "economy",
        "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}],
        "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
        "payment_methods": [{"payment_id": "certificate_7504069", "amount": 250}, {"payment_id": "credit_card_4421486", "amount": 5}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}, {"reservation_id": "HATHAT"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("said", "kinds"), [
    # the flight a new one replaces, on the line that keeps the other (blind set 87, a87_09 42)
    ("**HAT173** PHX → LAS on May 20 (unchanged), **HAT266** LAS → PHX on May 28 (replaces HAT174)", []),
    ("**HAT173** PHX → LAS on May 20 (unchanged), **HAT174** LAS → PHX on May 27 (unchanged)", ["not_described"]),
    # ... the second of two flights it replaces (blind set 103, a103_09 24)
    ("**HAT173** PHX → LAS on May 20 (unchanged), **HAT266** LAS → PHX on May 28 instead of HAT175 + HAT174", []),
    ("**HAT173** PHX → LAS on May 20 (unchanged), **HAT266** LAS → PHX on May 28 instead of HAT175, HAT174 unchanged",
     ["not_described"]),
])
def test_a_flight_said_replaced_beside_one_kept(convo, said: str, kinds: list[str]) -> None:
    first = (f"Here's the change for PVUB64:\n- Flights: {said}\n- Cabin: Economy\n- Fare difference: $190 − $180 = $10"
             "\n\nWhich payment method should I charge the $10 to?")
    assert _recapped(convo, first, RECAP, {"cabin": "economy", "flights": BOTH_LEGS}) == kinds


@pytest.mark.parametrize(("between", "kinds"), [
    # blind set 88, a88_11 33: the yes went to the flight change asked after the bags were talked of
    ("Here's the cabin change to confirm:\n- **PVUB64**, cabin business, HAT173\n- $283 on gift_card_3\n\n"
     "Shall I make this change?", ["confirmation_not_covering"]),
    # ... unless a later message speaks of the bags again
    ("Here's the cabin change to confirm:\n- **PVUB64**, cabin business, HAT173\n- $283 on gift_card_3\n\n"
     "Shall I make this change? The 3 bags stay free in business.", []),
    ("HAT173 leaves at 15:00 and has seats left in business.", []),  # no other change asked
])
def test_a_yes_after_another_change_was_asked_is_that_changes(convo, between: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("raj_moore_8640 here. On PVUB64 I want business and 3 checked bags.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.say("**PVUB64**: economy, HAT173 on 2024-05-20, 2 checked bags, no insurance. I'll add 1 bag (3 in total, "
          "free as a silver member) and price business.")
    c.user("How much is business?")
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"}, SEARCH)
    c.say(between)
    c.user("Ok. Yes, make the change.")
    c.call(*_flights("business"), {**RESERVATION, "cabin": "business"})
    i = c.call(*_bags(3, 0, "gift_card_3"), {**RESERVATION, "total_baggages": 3})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("closing", "kinds"), [
    # blind set 80, a80_02 44: the bags said, then the flight change put for a yes of its own
    ("Let me confirm the cabin change first: PVUB64 to business, $283 on gift_card_3. Shall I go ahead with "
     "the flight change?", ["confirmation_not_covering"]),
    ("Shall I go ahead with the bags?", []),
    ("Shall I go ahead?", []),
])
def test_a_yes_to_a_closing_question_that_goes_on_with_another_change(convo, closing: str, kinds: list[str]) -> None:
    said = f"As a silver member you get 2 free checked bags; adding one brings PVUB64 to 3 bags, one paid. {closing}"
    assert _workflow(convo, said, "yes go", *_bags(3, 1, "credit_card_1")) == kinds


@pytest.mark.parametrize(("aside", "kinds"), [
    # blind set 89, a89_02 62: the cabin the bookings are in, said in an answer after the description
    ("Because these are business-cabin reservations with nothing flown, they could be cancelled instead. Shall I "
     "proceed with the downgrade?", []),
    ("Or I could keep it in business instead. Shall I proceed?", ["argument_not_confirmed"]),
])
def test_the_cabin_a_booking_is_in_is_no_cabin_chosen(convo, aside: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("raj_moore_8640 here. Move PVUB64 down to economy, same flight.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, {**RESERVATION, "cabin": "business"})
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-20"}, SEARCH)
    c.say("PVUB64 on HAT173: only the cabin changes to economy ($174), and the difference goes back to gift_card_3. "
          "Shall I downgrade it?")
    c.user("Do I lose my insurance? Or should I cancel?")
    c.say(aside)
    c.user("Yes, downgrade it.")
    i = c.call(*_flights("economy"), {**RESERVATION, "cabin": "economy"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


SPLIT_TABLE = ("Booking HAT173 on 2024-05-20, PHX to LAS, economy, for Raj Moore (1966-02-02) and Sophia Nguyen "
               "(1973-09-23), no bags, no insurance, $348 in all:\n\n"
               "| Passengers | Certificate | Gift card | Visa ending 8862 |\n|---|---|---|---|\n"
               "| Raj, Sophia | $150 | $173 | **$25** |\n\nMay I book it?")


@pytest.mark.parametrize(("payments", "kinds"), [
    # blind set 89, a89_06 47: the split in a table's row, read with its headers
    (SPLIT, []),
    ([("certificate_4", 150), ("gift_card_3", 163), ("credit_card_1", 35)], ["amount_not_confirmed"]),
])
def test_a_split_in_a_tables_row(convo, payments: list[tuple[str, int]], kinds: list[str]) -> None:
    assert _workflow(convo, SPLIT_TABLE, "Yes, book it.", *_booking("no", payments)) == kinds


@pytest.mark.parametrize(("before", "reply", "card", "kinds"), [
    # blind set 97, a97_02 48: the bag offered right after the message that named the reservation, the card
    # picked by its last four in the yes
    ("Reservation PVUB64 has 2 checked bags, none of them charged.", "yes, add it on 8862", "credit_card_1", []),
    ("Reservation PVUB64 has 2 checked bags, none of them charged.", "yes, add it on 8862", "credit_card_2",
     ["argument_not_confirmed"]),
    # another reservation named just before: which one is not said
    ("PVUB64 has 2 checked bags and ZFA04Y has 1.", "yes, add it on 8862", "credit_card_1", ["not_described"]),
])
def test_a_bag_offered_of_the_reservation_just_named(convo, before: str, reply: str, card: str,
                                                     kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Each extra bag costs $50.")
    c.user("Hi, I'm raj_moore_8640, about reservation PVUB64.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.call("get_reservation_details", {"reservation_id": "ZFA04Y"}, {**RESERVATION, "reservation_id": "ZFA04Y"})
    c.say(before)
    c.user("can i add one more?")
    c.say("Yes. A 3rd bag costs $50. That would make 3 bags in total, 1 charged, $50 on a card or gift card. "
          "Which card, and shall I go ahead?")
    c.user(reply)
    i = c.call(*_bags(3, 1, card), {**RESERVATION, "total_baggages": 3, "nonfree_baggages": 1})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


def _downgrade(convo: Any, reply: str) -> list[str]:
    """Two reservations downgraded, a third held back, as blind set 101's a101_11 36 replies."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Confirm every change with the user first.")
    c.user("I'm omar_davis_3817. Only the trips where I'm travelling with someone else should go to economy.")
    c.call("get_user_details", {"user_id": "omar_davis_3817"}, {"user_id": "omar_davis_3817", "payment_methods": {
        "credit_card_2929732": {"source": "credit_card", "brand": "visa", "last_four": "7803"}}})
    for code in ("JG7FMM", "X7BYG1", "BOH180"):
        c.call("get_reservation_details", {"reservation_id": code}, {
            "reservation_id": code, "cabin": "business", "passengers": [{"first_name": "Omar"}, {"first_name": "Ana"}],
            "flights": [{"flight_number": "HAT028", "date": "2024-05-21", "price": 3538}]})
    c.say("Same flights and passengers, in economy:\n"
          "- JG7FMM: $241 vs $3,538 per passenger -> refund $6,594 to the Visa ending 7803\n"
          "- X7BYG1: $315 vs $3,024 per passenger -> refund $5,418 to the Visa ending 7803\n"
          "- BOH180: $219 vs $2,801 per passenger -> refund $5,164 to the Visa ending 2172\n"
          "Shall I make all three changes?")
    c.user(reply)
    i = c.call("update_reservation_flights", {
        "reservation_id": "JG7FMM", "cabin": "economy", "payment_id": "credit_card_2929732",
        "flights": [{"flight_number": "HAT028", "date": "2024-05-21"}]}, {"reservation_id": "JG7FMM", "cabin": "economy"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 101, a101_11 37: "same flights and passengers" keeps the passengers (no passenger change
    # described), "Do JG7FMM" orders it by its code, and the cabin said of BOH180 is not JG7FMM's
    ("Do JG7FMM and X7BYG1. Hold off on BOH180 - Anya might want to stay in business.", []),
    ("Yes.", []),
    ("Do JG7FMM.", []),
    ("Do JG7FMM and X7BYG1, in business.", ["argument_not_confirmed"]),  # a cabin said of JG7FMM itself
    ("Do X7BYG1 only.", ["not_confirmed"]),  # another reservation only
])
def test_a_cabin_change_confirmed_by_codes(convo: Any, reply: str, kinds: list[str]) -> None:
    assert _downgrade(convo, reply) == kinds


@pytest.mark.parametrize(("answer", "kinds"), [
    # blind set 101, a101_10 40: the answer states a rule of another action, offering none
    ("No - the policy doesn't link bags to flight changes. Bags can be added but not removed afterwards.", []),
    ("No. Bags can't be removed later, though.", []),
    ("No. I could also remove a bag from ZFA04Y if you like.", ["confirmation_not_covering"]),  # another action
])
def test_a_rule_in_an_answer_offers_no_other_action(convo: Any, answer: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Each extra bag costs $50.")
    c.user("Hi, I'm raj_moore_8640. Can you add a bag to PVUB64?")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, USER)
    c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
    c.say("To confirm: set PVUB64 to 3 checked bags, 1 charged ($50) on credit_card_1. Shall I go ahead?")
    c.user("Hmm, will adding bags stop me from changing flights later?")
    c.say(answer)
    c.user("OK, then yes, add them.")
    i = c.call(*_bags(3, 1), {**RESERVATION, "total_baggages": 3, "nonfree_baggages": 1})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds
