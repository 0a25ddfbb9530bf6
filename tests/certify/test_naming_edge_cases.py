"""Edge cases a code review of the payment-naming, bag-count, data-pick, route and place-name rules
found: each holds a verdict that a first version of those rules got wrong."""

from __future__ import annotations

import pytest

from tests.certify.test_workflow_airline_arguments import USER, _bag_call, _bags, _workflow
from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize("said", [
    "PVUB64 has 2 checked bags now, and it's free to add a third (3 in total). Shall I add it?",
    "PVUB64 has 2 checked bags now. As a Silver member it is free to add 1 more bag (3 in total). Shall I add it?",
])
def test_free_to_add_is_a_free_change(convo, said: str) -> None:
    assert _workflow(convo, said, "Yes.", *_bags(3, 0)) == []


@pytest.mark.parametrize("said", [
    "Your membership gives each passenger 2 free checked bags; PVUB64 already has 2, so the third bag (3 in total) "
    "will be 1 paid bag, on your Visa ending 8862. Shall I add it?",
    "I'll add 1 bag to PVUB64 (3 in total), 1 of them non-free, on your Visa ending 8862. Shall I?",
])
def test_an_allowance_or_a_non_free_bag_is_no_free_change(convo, said: str) -> None:
    assert _workflow(convo, said, "Yes.", *_bags(3, 1)) == []


def test_my_card_names_no_gift_card_beside_credit_cards(convo) -> None:
    said = "I'll add 2 bags to PVUB64 (4 in total), $100 on your card. Shall I?"
    assert _workflow(convo, said, "Yes.", *_bags(4, 2, "gift_card_3")) == ["payment_not_named"]


def test_two_brands_offered_name_neither(convo) -> None:
    said = "I'll add 2 bags to PVUB64 (4 in total), $100 on your Visa or your Mastercard. Shall I?"
    assert _workflow(convo, said, "Yes.", *_bags(4, 2, "credit_card_5")) == ["payment_not_named"]


def test_a_price_equal_to_a_balance_does_not_tell_the_gift_card(convo) -> None:
    two = {**USER, "payment_methods": {**USER["payment_methods"],
                                       "gift_card_7": {"source": "gift_card", "amount": 50, "id": "gift_card_7"}}}
    turns = [("user", "Hi, I'm raj_moore_8640, about PVUB64."),
             ("assistant", "I'll add 1 bag to PVUB64 (3 in total), $50 for the extra one, on your gift card. Shall I?"),
             ("user", "Yes.")]
    assert _bag_call(convo, turns, _bags(3, 1, "gift_card_7"), user=two) == ["payment_not_named"]


@pytest.mark.parametrize(("first", "card", "kinds"), [
    # A card named outright beside a word for the one already used, or refused with a colon.
    ("I paid for the ticket with a gift card; put the bag on my Mastercard ending 4118.", "credit_card_5", []),
    ("Not the same card as the booking: put the bag on my Mastercard ending 4118.", "credit_card_5", []),
    # A refused "same card" names nothing; "rather than" refuses like "instead of".
    ("Please don't use the same card I paid with for the booking.", "gift_card_3", ["payment_not_named"]),
    ("For anything today, charge my Mastercard ending 4118 rather than my Visa.", "credit_card_5", []),
])
def test_what_a_request_names_and_refuses(convo, first: str, card: str, kinds: list[str]) -> None:
    turns = [("user", f"Hi, I'm raj_moore_8640, about PVUB64. {first}"), ("assistant", "How many bags?"),
             ("user", "One."), ("assistant", "I'll add 1 bag to PVUB64 (3 in total), $50 for the extra one. Shall I?"),
             ("user", "Yes.")]
    assert _bag_call(convo, turns, _bags(3, 1, card)) == kinds


def test_the_original_method_said_before_a_clarifying_question(convo) -> None:
    turns = [("user", "Hi, I'm raj_moore_8640. Add bags to PVUB64 and charge them to my original payment method."),
             ("assistant", "Sure. How many bags would you like to add?"), ("user", "2."),
             ("assistant", "I'll add 2 bags to PVUB64 (4 in total), $100 for the 2 extra ones. Shall I?"),
             ("user", "Yes.")]
    assert _bag_call(convo, turns, _bags(4, 2, "gift_card_3")) == []  # PVUB64 was paid by gift card


@pytest.mark.parametrize("reply", ["No don't, gift card is wrong", "Cancel that. Gift card.",
                                   "I don't want the return anymore, and not to PayPal either, maybe the gift card later."])
def test_a_refusal_beside_a_method_picks_nothing(convo, reply: str) -> None:
    from tests.certify.test_workflow_retail_items import BOTH, GIFT, KETTLE, LAMP, _return
    from tests.certify.test_workflow_retail_items import _workflow as _retail

    ask = BOTH.replace("to your PayPal. Shall I proceed?", "to your PayPal or your gift card. Which would you like?")
    assert _retail(convo, ask, reply, *_return(LAMP, KETTLE, pay=GIFT)) != []


@pytest.mark.parametrize(("reply", "gb", "picked"), [("The first one please.", 2.0, True),
                                                     ("The first one please.", 3.2, False), ("1", 1.0, False)])
def test_facts_above_the_offers_are_no_options(convo, at, reply: str, gb: float, picked: bool) -> None:
    from tests.certify.test_amounts import _refuel

    offer = ("You've used:\n- Data: 3.2 GB of 5 GB\n\nI can add data to line L1002:\n- 2 GB for $4.00\n"
             "- 3 GB for $6.00\nWhich would you like?")
    assert _refuel(convo, at, offer, reply, {"gb_amount": gb}).eligible is picked


def test_a_reverse_trip_beside_the_booking_is_context(convo) -> None:
    from tests.certify.test_workflow_airline_arguments import SPLIT, _booking

    rest = (", economy, for Raj Moore (1966-02-02) and Sophia Nguyen (1973-09-23), no insurance, no checked bags. "
            "Total $348: $150 certificate, $173 gift card, $25 on your Visa ending 8862. Shall I book it?")
    request = "Hi, I'm raj_moore_8640. I want to fly from Phoenix to Las Vegas on May 20 with Sophia."
    for said in ("Your outbound Las Vegas → Phoenix is already on PVUB64, so I'll book HAT173 on May 20",
                 "Since you already fly LAS to PHX on PVUB64, I'll book the way back, HAT173 on May 20"):
        assert _workflow(convo, said + rest, "Yes, book it.", *_booking("no", SPLIT), request=request) == [], said


@pytest.mark.parametrize(("said", "visible"), [("Any flights from LA to Philly on May 20?", True),
                                               ("Any flights from La Jolla, I mean San Diego, to Philly on May 20?", False),
                                               ("Busco un vuelo de la ciudad de Phoenix a Philly el 20 de mayo.", False)])
def test_a_short_name_is_read_as_written(convo, at, said: str, visible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user(said)
    i = c.call("search_direct_flight", {"origin": "LAX", "destination": "PHL", "date": "2024-05-20"}, [])
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "misses"), [
    ("Your new reservation number will be HATHAT. Shall I book it?", ["HATHAT"]),
    ("Booked: reservation HATHAT.", ["HATHAT"]),
    ("Booked: reservation HATHAT. Your booking is ACTIVE.", ["HATHAT"]),  # a state, not a code
    ("Reservation YFTZFQ is now updated.", []),  # shown by the lookup
    ("The flight leaves SEATTLE at noon.", []),  # a letter word said of no booking
])
def test_a_letter_code_said_as_a_bookings_number_must_be_shown(convo, at, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm umar_singh_3503, book me on HAT067.")
    c.call("get_reservation_details", {"reservation_id": "YFTZFQ"}, {"reservation_id": "YFTZFQ", "status": "active"})
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible history" in r] == [f"text states '{m}' not in visible history"
                                                                      for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    ("I sent a confirmation to priya.larsen7030@example.com.", []),
    ("I sent a confirmation to priya.larsen@example.com.", ["priya.larsen@example.com"]),  # no digit, not shown
    ("I sent a confirmation to PRIYA.LARSEN7030@example.com.", []),  # case is no other address
])
def test_an_email_the_text_states_must_be_shown_with_or_without_digits(convo, at, said: str,
                                                                        misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm priya_larsen_6015.")
    c.call("get_user_details", {"user_id": "priya_larsen_6015"}, {"email": "priya.larsen7030@example.com"})
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "not in visible history" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "sent", "visible"), [
    ("My customer ID is 1047.", "C1047", True),  # the schema's "such as 'C1001'" gives the letter
    ("My customer ID is 1047.", "C1048", False),  # other digits
    ("My customer ID is 1047.", "L1047", False),  # another kind's letter
    # the end of a phone number is no customer's digits, nor a correction of a shown id's (blind audit t66_12)
    ("My sister's number is 555-123-1047.", "C1047", False),
])
def test_an_identifiers_letters_from_its_schemas_example(convo, at, said: str, sent: str, visible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Hi, I'm customer C1001.")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001"})
    c.user(said)
    i = c.call("get_customer_by_id", {"customer_id": sent}, {"customer_id": sent})
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("result", "private", "reasons"), [
    # the lookup by a guessed id went through: the id exists, and the text may say it
    ({"name": {"first_name": "Lucas", "last_name": "Kaur"}, "dob": "1960-12-14"}, {}, []),
    ("Error: user not found", {}, ["text_not_visible"]),  # a failed lookup shows no such id
    # known only from the private part: still privileged, a lookup does not launder it
    ({"name": {"first_name": "Lucas", "last_name": "Kaur"}}, {"user_id": "lucas_kaur_4280"}, ["text_privileged"]),
])
def test_an_id_a_successful_lookup_used_may_be_said(result, private, reasons: list[str]) -> None:
    from tests.certify.conftest import Convo
    from trajectory2gym.certify.reasons import reason_kind

    c = Convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", private=private)
    c.user("Hi, this is Lucas Kaur. I need to fix a passenger name on my Seattle trip.")
    c.call("get_user_details", {"user_id": "lucas_kaur_4280"}, result)
    i = c.say("I found a profile for Lucas Kaur with user id lucas_kaur_4280. Which reservation is it?")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == reasons


@pytest.mark.parametrize(("said", "visible"), [("It's 555 123 2002. John Smith.", True),
                                               ("It's (555) 123 2002.", True),
                                               ("It's 555.123.2002.", True),
                                               ("My phone number is 555 1232002.", True),  # blind set 61, t61_09
                                               ("It's 555 123 2003.", False),  # another number
                                               ("My zip is 555 and the code 123 2002.", False)])  # no number
def test_a_phone_number_said_in_groups_is_its_digits(convo, at, said: str, visible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(said)
    i = c.call("get_customer_by_phone", {"phone_number": "5551232002"}, {"customer_id": "C1001"})
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "reasons"), [
    ("Please choose **4G/5G preferred** (it may show as `4g_5g_preferred`), then run the speed test.", []),
    # a value the domain's device tools take: the agent's device know-how (blind set 62, t62_02)
    ("Please set it to `4g_5g_preferred`, then run the speed test.", []),
    ("Please set it to `4g_5g_only`, then run the speed test.",  # no device takes that value: made up
     ["text states '4g_5g_only' not in visible history"]),
    ("Please set it to `gift_card_7794233`.", ["text states 'gift_card_7794233' not in visible history"]),
])
def test_a_settings_code_written_from_the_name_beside_it(convo, at, said: str, reasons: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              private={"expected": {"mode": "4g_5g_preferred"}})
    c.user_runs("check_network_mode_preference", {}, "Network Mode Preference: 2g_only",
                "It says Network Mode Preference: 2g_only.")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("user", "said", "kinds"), [
    # blind sets 61 and 62 (t61_06, t62_07): a place only the hidden task names
    ("I'm travelling in Europe and my data stopped.", "Since you're in France, roaming must be on.",
     ["text_privileged"]),
    ("I'm in Paris at the moment and my data stopped.", "Since you're in France, roaming must be on.", []),  # its city
    ("I'm in France at the moment and my data stopped.", "Since you're in France, roaming must be on.", []),
    ("I'm travelling and my data stopped.", "Since you're abroad in May, roaming must be on.", []),  # a month
    # a table's cell, read with its column's name, is no word after another (blind set 83, t83_03 43)
    ("My data is slow.", "| Problem | Fix |\n|---|---|\n| Your data was off | Turned on |", []),
])
def test_a_name_only_the_hidden_task_holds(convo, at, user: str, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              private={"task": {"instructions": "You are in France since May. Your data does not work abroad."}})
    c.user(user)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
