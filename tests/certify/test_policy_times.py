"""A time the policy gives one way of paying, stated for the kind it gives no waiting time ("refunded
to your gift card within 5-7 business days") contradicts it (certify/policy_times.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.policy_times import (
    identify_first,
    instant_for_slow,
    instant_kinds,
    slow_for_instant,
)
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs
from trajectory2gym.envs.retail.policy import POLICY

RETAIL_POLICY = ("- Cancelling: the reason must be 'no longer needed' or 'ordered by mistake'. Refunds to gift cards\n"
                 "  arrive at once; refunds to other methods take 5-7 business days.")


@pytest.mark.parametrize(("policy", "kinds"), [
    (RETAIL_POLICY, {"giftcard"}),
    (POLICY, {"giftcard"}),  # the retail domain's whole policy
    # tau-bench's own words: one sentence, the quick case first
    ("The total will be refunded via the original payment method immediately if it is gift card, otherwise in "
     "5 to 7 business days.", {"giftcard"}),
    ("Refunds take 5-7 business days.", set()),  # no quick case
    ("Gift cards can be used at once.", set()),  # no time set against it
])
def test_the_payment_kinds_a_policy_gives_no_waiting_time(policy: str, kinds: set[str]) -> None:
    assert set(instant_kinds(policy)) == kinds


@pytest.mark.parametrize(("text", "found"), [
    ("The $585.97 will be refunded to your gift card within 5–7 business days.", [("5–7 business days", "giftcard")]),
    ("Order #W9440076 is cancelled; $768.80 is refunded to your gift card (gift_card_2486551) and should show "
     "within 5–7 business days.", [("5–7 business days", "giftcard")]),
    ("The refund to your gift card arrives at once.", []),
    ("Gift card refunds are immediate; PayPal takes 5-7 business days.", []),  # each in its own clause
    ("$20 goes to your gift card and the rest to your card ending 4421 in 5-7 business days.", []),  # another card
    ("It goes to your Visa within 5-7 business days.", []),  # the slow kind
    ("Your gift card is refunded now, not in 5-7 business days.", []),  # taken back
    ("A gift card refund arrives at once, other methods take 5-7 business days.", []),
    # the method named in the clause before, "it" after (blind set 74, r74_02)
    ("Your gift card currently has $52.00 on it; the $153.81 refund will reach it in 5-7 business days.",
     [("5-7 business days", "giftcard")]),
    ("Your gift card currently has $52.00 on it; delivery takes 5-7 business days.", []),
])
def test_a_slow_time_said_of_an_instant_kind(text: str, found: list[tuple[str, str]]) -> None:
    assert slow_for_instant(text, instant_kinds(RETAIL_POLICY)) == found


def test_a_slow_time_said_of_the_refunds_in_focus() -> None:
    said = "Refunds for cancelled orders take 5-7 business days."
    assert slow_for_instant(said, instant_kinds(RETAIL_POLICY), frozenset({"giftcard"})) == [
        ("5-7 business days", "giftcard")]
    assert slow_for_instant(said, instant_kinds(RETAIL_POLICY), frozenset({"paypal"})) == []
    assert slow_for_instant(said, instant_kinds(RETAIL_POLICY), frozenset({"giftcard", "paypal"})) == []
    assert slow_for_instant("Delivery takes 5-7 business days.", instant_kinds(RETAIL_POLICY), frozenset({"giftcard"})) == []


@pytest.mark.parametrize(("text", "found"), [
    ("Your order #W8331214 is cancelled, and the $1,197.28 refund has already landed in your PayPal account.",
     [("already landed", "paypal")]),
    ("Done — the $299.02 refund has already been credited to your PayPal account.",
     [("already been credited", "paypal")]),
    ("The refund to your Visa shows up immediately.", [("immediately", "creditcard")]),
    ("The $50 refund is already back on your gift card.", []),  # the instant kind
    ("Your PayPal refund is on its way; it takes 5-7 business days.", []),
    ("The refund is not instantly visible on your Visa.", []),  # denied
    ("I've already cancelled it; the $20 goes to your gift card and the rest to PayPal.", []),  # two kinds
    ("Your PayPal is already on file.", []),  # no money moved
    # "it", back on a card (blind set 89, r89_11 32)
    ("Yes, it's already back on your Mastercard ending in 9677.", [("already back", "creditcard")]),
    ("Yes, it's already back on your gift card.", []),
    ("Your Mastercard is already in use for this order.", []),
    # a clause of its own, set apart from another way's span (blind set 85, r85_05 50)
    ("PayPal refunds are typically instant, usually showing up within a few minutes, while card refunds take 5-7 "
     "business days.", [("instant", "paypal")]),
    ("Gift card refunds are instant, while card refunds take 5-7 business days.", []),
    # likened to the instant kind (blind set 93, r93_12 24)
    ("PayPal refunds arrive immediately, just like gift card refunds.", [("immediately", "paypal")]),
    ("Gift card refunds arrive immediately, unlike PayPal refunds.", []),
    # "posted ... today" (blind set 101, r101_10 22)
    ("Yes, it was posted to your Mastercard today.", [("was posted", "creditcard")]),
    ("Yes, it was posted to your gift card today.", []),
    ("It was posted to your Mastercard on the order date.", []),  # no time said
])
def test_no_waiting_said_of_a_slow_kind(text: str, found: list[tuple[str, str]]) -> None:
    assert instant_for_slow(text, instant_kinds(RETAIL_POLICY)) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Order #W1000001 is cancelled; the $120.50 goes back to your gift card within 5-7 business days.",
     ["text_contradicts_policy"]),
    ("Order #W1000001 is cancelled; the $120.50 is back on your gift card already.", []),
    ("Order #W1000001 is cancelled; the $120.50 has already landed in your PayPal.", ["text_contradicts_policy"]),
    # no way of paying named: the refund of the order cancelled, paid by gift card (blind set 72: r72_01)
    ("Yes, but refunds for cancelled orders take 5-7 business days to show up.", ["text_contradicts_policy"]),
    ("Yes, and the refund is already back.", []),
    # "instant" (blind set 90, r90_02 52)
    ("Refunds to PayPal are instant, so the $120.50 will be back in your PayPal balance.", ["text_contradicts_policy"]),
    ("Refunds to gift cards are instant, so the $120.50 is back on it.", []),
])
def test_a_gift_card_refund_said_to_take_days_under_the_retail_policy(convo: Any, at: Any, said: str,
                                                                      kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("Please cancel order #W1000001, I ordered it by mistake.")
    c.call("get_order_details", {"order_id": "#W1000001"},
           {"order_id": "#W1000001", "status": "pending", "payment_history": [
               {"transaction_type": "payment", "amount": 120.5, "payment_method_id": "gift_card_1234567"}]})
    c.say("Order #W1000001 is pending ($120.50, paid with your gift card). Cancel it as ordered by mistake?")
    c.user("Yes.")
    c.call("cancel_pending_order", {"order_id": "#W1000001", "reason": "ordered by mistake"},
           {"order_id": "#W1000001", "status": "cancelled", "payment_history": [
               {"transaction_type": "payment", "amount": 120.5, "payment_method_id": "gift_card_1234567"},
               {"transaction_type": "refund", "amount": 120.5, "payment_method_id": "gift_card_1234567"}]})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("policy", "found"), [
    (POLICY, True),
    ("# Retail agent policy\n- The agent should first authenticate the user identity by locating their user id via "
     "email, or via name + zip code.", True),  # tau-bench's own wording
    # the user id had before acting: given by the user, or found by the profile's lookup (blind set 60, a60_04)
    ("# Airline agent policy\n- Get the customer's user id before acting.", True),
    ("# Airline agent policy\n- Get the flight number before searching.", False),
    # telecom's: the customer id, not a user id (blind set 70, t70_10)
    ("Identify the customer first: by the phone number they call about, their customer id, or their full name "
     "together with their date of birth.", True),
])
def test_the_identify_first_rule_is_read_from_the_policy(policy: str, found: bool) -> None:
    assert bool(identify_first(policy)) is found


@pytest.mark.parametrize(("said", "first", "kinds"), [
    ("hey can u cancel my trip AX3OXQ", "get_reservation_details", ["before_identification"]),
    ("hey can u cancel my trip AX3OXQ? I'm chen_nguyen_6691", "get_reservation_details", []),  # the id given
    ("hey can u cancel my trip AX3OXQ", "get_user_details", []),
])
def test_an_airline_call_before_the_user_id_is_had(convo: Any, at: Any, said: str, first: str,
                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="# Airline agent policy\n- Get the customer's user id before acting, and act only for that user.")
    c.user(said)
    if first == "get_user_details":
        c.say("Sure. What is your user id?")
        c.user("chen_nguyen_6691")
        i = c.call("get_user_details", {"user_id": "chen_nguyen_6691"}, {"user_id": "chen_nguyen_6691",
                                                                         "reservations": ["AX3OXQ"]})
        i = c.call("get_reservation_details", {"reservation_id": "AX3OXQ"}, {"reservation_id": "AX3OXQ"})
    else:
        i = c.call("get_reservation_details", {"reservation_id": "AX3OXQ"}, {"reservation_id": "AX3OXQ"})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "before_identification"] \
        == kinds


@pytest.mark.parametrize(("first", "kinds"), [
    # blind audits r57_08, r54_06: an order looked up before the customer's user id was found
    ("get_order_details", ["before_identification"]),
    ("find_user_id_by_email", []),
])
def test_a_call_before_the_customer_is_identified(convo: Any, at: Any, first: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("Hi, I want to cancel order #W5056519. My email is yara.muller@example.com.")
    if first == "get_order_details":
        i = c.call("get_order_details", {"order_id": "#W5056519"}, {"order_id": "#W5056519", "status": "pending"})
        c.call("find_user_id_by_email", {"email": "yara.muller@example.com"}, "yara_muller_8652")
    else:
        c.call("find_user_id_by_email", {"email": "yara.muller@example.com"}, "yara_muller_8652")
        i = c.call("get_order_details", {"order_id": "#W5056519"}, {"order_id": "#W5056519", "status": "pending"})
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("first_early", "kinds"), [
    # blind set 92, r92_12: the order read before the customer was identified, read again once they were
    (True, []),
    (False, ["repeated_call"]),  # both reads after: the second adds nothing
])
def test_a_read_made_again_once_the_customer_is_identified(convo: Any, at: Any, first_early: bool,
                                                           kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("Need to exchange a gaming mouse from order #W5056519. My email is yara.muller@example.com.")
    record = {"order_id": "#W5056519", "user_id": "yara_muller_8652", "status": "delivered"}
    if first_early:
        c.call("get_order_details", {"order_id": "#W5056519"}, record)
    c.call("find_user_id_by_email", {"email": "yara.muller@example.com"}, "yara_muller_8652")
    if not first_early:
        c.call("get_order_details", {"order_id": "#W5056519"}, record)
    i = c.call("get_order_details", {"order_id": "#W5056519"}, record)
    j = c.call("get_order_details", {"order_id": "#W5056519"}, record)  # a third read adds nothing either way
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, i).reasons] == kinds
    assert [reason_kind(r) for r in at(out, j).reasons] == ["repeated_call"]


@pytest.mark.parametrize(("order", "record", "kinds"), [
    # blind set 60, r60_08: "my wife has an order too, #W8668939", not among the customer's orders
    ("#W8668939", {"order_id": "#W8668939", "user_id": "ava_nguyen_6646", "status": "delivered"}, ["not_own_object"]),
    ("#W5061109", {"order_id": "#W5061109", "user_id": "chen_johnson_4204", "status": "pending"}, []),
    ("#W8668938", "Error: order not found", ["error_observation"]),  # a code that finds nothing: no one's
])
def test_an_object_none_of_the_customers_own(convo: Any, at: Any, order: str, record: Any, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("return puzzle. chen.johnson3889@example.com")
    c.call("find_user_id_by_email", {"email": "chen.johnson3889@example.com"}, "chen_johnson_4204")
    c.call("get_user_details", {"user_id": "chen_johnson_4204"}, {"orders": ["#W5797164", "#W5061109"]})
    c.user(f"my wife has an order too she wants checked, {order}, whats the status")
    i = c.call("get_order_details", {"order_id": order}, record)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("order", "owner", "said", "kinds"), [
    # blind set 61, r61_12: a write offered on another customer's order
    ("#W8668939", "ava_nguyen_6646", "#W8668939 is pending. I can cancel it for you. Shall I proceed?",
     ["text_offers_not_own"]),
    ("#W5061109", "chen_johnson_4204", "#W5061109 is pending. I can cancel it for you. Shall I proceed?", []),
    ("#W8668939", "ava_nguyen_6646", "#W8668939 belongs to another account, so I can't cancel it.", []),  # no offer
])
def test_a_write_offered_on_another_customers_object(convo: Any, at: Any, order: str, owner: str, said: str,
                                                     kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("cancel my order please. chen.johnson3889@example.com")
    c.call("find_user_id_by_email", {"email": "chen.johnson3889@example.com"}, "chen_johnson_4204")
    c.call("get_user_details", {"user_id": "chen_johnson_4204"}, {"orders": ["#W5797164", "#W5061109"]})
    c.user(f"it's {order}")
    c.call("get_order_details", {"order_id": order}, {"order_id": order, "user_id": owner, "status": "pending"})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("text_offers_not_own", "not_own_object")] == kinds


def test_a_reservation_booked_since_the_profile_was_read_is_the_customers(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="# Airline agent policy\n- Get the customer's user id before acting, and act only for that user.")
    c.user("I'm juan_rossi_7264, book HAT053 on May 27 for me")
    c.call("get_user_details", {"user_id": "juan_rossi_7264"}, {"reservations": ["ZURFLY"]})
    c.say("Booking HAT053 on 2024-05-27, economy, for Juan Rossi, $120 on certificate_6042896. Confirm?")
    c.user("yes")
    c.call("book_reservation", {"user_id": "juan_rossi_7264", "flights": [{"flight_number": "HAT053",
                                                                           "date": "2024-05-27"}]},
           {"reservation_id": "HATHAT", "user_id": "juan_rossi_7264"})
    i = c.call("get_reservation_details", {"reservation_id": "HATHAT"}, {"reservation_id": "HATHAT"})
    j = c.call("get_reservation_details", {"reservation_id": "MVFQYU"}, {"reservation_id": "MVFQYU",
                                                                          "user_id": "mia_li_3668"})
    cert = certify_interaction(c.build())
    assert "not_own_object" not in [reason_kind(r) for r in at(cert, i).reasons]
    assert "not_own_object" in [reason_kind(r) for r in at(cert, j).reasons]


@pytest.mark.parametrize(("user", "found", "kinds"), [
    # blind audits t60_06, t65_10, t66_10: once the caller's account is found, a lookup that reaches another's
    ("And my colleague Sarah Johnson, 555-123-1002, can you check her roaming?", "C1002", ["not_own_object"]),
    ("And my wife's line 555-123-2001, can you check it too?", "C1001", []),  # the caller's own account
    ("Sorry, wrong number before: mine is 555-123-1002.", "C1002", []),  # the caller puts their identity right
    ("Actually, my number is 555-123-1002, not that one.", "C1002", []),
    # "actually" of something else is no identity put right (blind set 102, t102_02 55)
    ("Actually yes, and my friend Sarah is here, 555-123-1002: can you check her line?", "C1002", ["not_own_object"]),
])
def test_a_lookup_that_reaches_another_customers_account(convo: Any, at: Any, user: str, found: str,
                                                         kinds: list[str]) -> None:
    from trajectory2gym.envs.telecom.policy import POLICY as TELECOM_POLICY

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom", system=TELECOM_POLICY)
    c.user("Hi, my number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
           {"customer_id": "C1001", "full_name": "John Smith", "line_ids": ["L1001", "L1002"]})
    c.say("Thanks John, I found your account. How can I help?")
    c.user(user)
    number = user.split("555-")[1][:8]
    i = c.call("get_customer_by_phone", {"phone_number": f"555-{number}"},
               {"customer_id": found, "full_name": "Sarah Johnson" if found == "C1002" else "John Smith"})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "not_own_object"] == kinds


@pytest.mark.parametrize(("line", "customer", "kinds"), [
    # blind sets 61, 74 (t61_12, t74_08): another customer's line, whose account a lookup showed since
    ("L1004", "C1002", ["not_own_object"]),
    ("L1002", "C1001", []),  # the caller's own
    ("L1004", "C1001", ["not_own_object"]),  # a line the caller's account does not list
])
def test_a_write_on_another_customers_line(convo: Any, at: Any, line: str, customer: str, kinds: list[str]) -> None:
    from trajectory2gym.envs.telecom.policy import POLICY as TELECOM_POLICY

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom", system=TELECOM_POLICY)
    c.user("Hi, my number is 555-123-2002. My wife's 555-123-2004 is out of data, add 1 GB to hers?")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
           {"customer_id": "C1001", "full_name": "John Smith", "line_ids": ["L1001", "L1002"]})
    c.call("get_customer_by_phone", {"phone_number": "555-123-2004"},
           {"customer_id": "C1002", "full_name": "Sarah Johnson", "line_ids": ["L1004", "L1005"]})
    c.say(f"I can add 1 GB to {line} for $2.00. Shall I?")
    c.user("yes do it")
    i = c.call("refuel_data", {"customer_id": customer, "line_id": line, "gb_amount": 1.0}, {"charge": 2.0})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "not_own_object"] == kinds


@pytest.mark.parametrize(("first", "kinds"), [
    # blind set 70, t70_10: "John Smith here, my line is L1002", and the line looked up before any customer lookup
    ("get_details_by_id", ["before_identification"]),
    ("get_customer_by_phone", []),
    # blind set 71, t71_10: a lookup by name and birth date that found no one ("[]") identifies no one
    ("get_customer_by_name", ["before_identification"]),
])
def test_a_telecom_line_looked_up_before_the_customer(convo: Any, at: Any, first: str, kinds: list[str]) -> None:
    from trajectory2gym.envs.telecom.policy import POLICY as TELECOM_POLICY

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom", system=TELECOM_POLICY)
    c.user("hi, John Smith here, my line is L1002, number 555-123-2002. i cant send pics")
    line = {"line_id": "L1002", "phone_number": "555-123-2002", "status": "Active"}
    if first == "get_details_by_id":
        i = c.call("get_details_by_id", {"id": "L1002"}, line)
    elif first == "get_customer_by_name":
        c.call("get_customer_by_name", {"full_name": "John Smith", "dob": "1985-05-16"}, [])
        i = c.call("get_details_by_id", {"id": "L1002"}, line)
    else:
        c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
               {"customer_id": "C1001", "full_name": "John Smith", "line_ids": ["L1001", "L1002"]})
        i = c.call("get_details_by_id", {"id": "L1002"}, line)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "before_identification"] \
        == kinds


@pytest.mark.parametrize(("text", "found"), [
    # the policy's 5-7 business days are for cancelling only (blind sets 79 and 80: r79_01 36, r80_03 32)
    ("The refund will reach your PayPal within 5-7 business days once the return has been processed.",
     ["5-7 business days"]),
    ("Your order now has the ceramic kettle (item modified). A refund of $4.76 was issued to PayPal and will "
     "arrive within 5-7 business days.", ["5-7 business days"]),
    ("Once the cancellation goes through, the refund takes 5-7 business days.", []),
    ("The return is submitted; you'll get an email with instructions.", []),
    # ... and its "at once" for gift cards (blind set 81, r81_01 38)
    ("A return can be refunded to a gift card. The refund would be $263.11, and it will be credited instantly.",
     ["instantly"]),
    ("A return can be refunded to a gift card. The refund would be $263.11, though not instantly.", []),
    ("Once the cancellation goes through, the refund is credited instantly.", []),
    # the adjective (blind set 83, r83_05 20)
    ("Gift card refunds are instant: as soon as I submit the return, your balance will show $223.79.", ["instant"]),
    ("Gift card refunds are not instant for a return: your balance will show $223.79 once it is processed.", []),
    # all things together, not a time (blind set 84, r84_03 44)
    ("You'd tell me all the items you want to exchange at once, and the price difference is refunded to one of "
     "your payment methods.", []),
    ("For an exchange, the price difference is refunded at once to one of your payment methods.", ["at once"]),
    # the rule quoted as the policy's (blind set 85, r85_05 52)
    ("Let me correct myself: per our policy, only gift card refunds arrive at once - refunds to other methods, "
     "**PayPal included**, take 5-7 business days. Here's the exchange to confirm.", []),
    ("Let me correct myself: gift card refunds arrive at once - refunds to other methods, PayPal included, take "
     "5-7 business days. Here's the exchange to confirm.", ["5-7 business days", "at once"]),
])
def test_a_span_the_policy_sets_for_another_action(text: str, found: list[str]) -> None:
    from trajectory2gym.certify.policy_times import span_of_another_action, span_topics

    assert [span for span, _, _ in span_of_another_action(text, span_topics(RETAIL_POLICY))] == found


def test_a_span_for_methods_other_than_the_instant_one() -> None:
    # blind set 83, r83_02 42: the policy's own words, the gift card set apart
    said = "Per our policy, refunds to payment methods other than gift cards take 5-7 business days."
    assert slow_for_instant(said, instant_kinds(RETAIL_POLICY)) == []
    assert slow_for_instant("Refunds to gift cards take 5-7 business days.", instant_kinds(RETAIL_POLICY)) == [
        ("5-7 business days", "giftcard")]
    # a kind denied (blind set 84, r84_09 22)
    denied = "The $1,657.25 goes back to PayPal. Since that's not a gift card, it takes **5-7 business days**."
    assert slow_for_instant(denied, instant_kinds(RETAIL_POLICY)) == []
