"""A report after a write must name the payment methods it used: the kind the result refunded to,
a card by the last four digits of one it charged or refunded (certify/reported_payments.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.reported_payments import (
    misnamed_cancel_refunds,
    misnamed_cards,
    misnamed_method_ids,
    misnamed_refund_methods,
    misplaced_amounts,
    write_payments,
)
from trajectory2gym.envs.registry import tool_specs

ORDER = {"order_id": "#W9673784", "user_id": "omar_silva_7446", "status": "pending",
         "items": [{"name": "T-Shirt", "item_id": "8124970213", "price": 49.67}],
         "payment_history": [{"transaction_type": "payment", "amount": 49.67, "payment_method_id": "gift_card_5540683"}]}
CANCELLED = {**ORDER, "status": "cancelled", "payment_history": [
    *ORDER["payment_history"],
    {"transaction_type": "refund", "amount": 49.67, "payment_method_id": "gift_card_5540683"}]}


def test_the_methods_a_result_refunds_to() -> None:
    def refunded(result: str, arguments: dict[str, Any]) -> set[str]:
        return write_payments(result, arguments)[0]

    assert refunded(orjson.dumps(CANCELLED).decode(), {}) == {"gift_card_5540683"}
    assert refunded(orjson.dumps(ORDER).decode(), {}) == set()  # a payment is no refund
    # Airline: a refund is a negative amount.
    airline = {"payment_history": [{"payment_id": "credit_card_1", "amount": 454},
                                   {"payment_id": "credit_card_1", "amount": -454}]}
    assert refunded(orjson.dumps(airline).decode(), {}) == {"credit_card_1"}
    # A write that names its method refunds there: the history's older refunds are not its own
    # (blind set 60, r60_12: an item change refunded to PayPal, after a refund to the card long before).
    assert refunded(orjson.dumps(airline).decode(), {"payment_id": "paypal_2"}) == {"paypal_2"}
    assert refunded("Error: not JSON", {"payment_id": "paypal_2"}) == {"paypal_2"}
    # A payment moved to the method named: the old method is refunded (blind set 62, r62_05).
    moved = {**ORDER, "payment_history": [
        *ORDER["payment_history"],
        {"transaction_type": "payment", "amount": 49.67, "payment_method_id": "credit_card_7898168"},
        {"transaction_type": "refund", "amount": 49.67, "payment_method_id": "gift_card_5540683"}]}
    assert refunded(orjson.dumps(moved).decode(), {"payment_method_id": "credit_card_7898168"}) == {"gift_card_5540683"}
    assert refunded(orjson.dumps(moved).decode(), {"payment_method_id": "paypal_2"}) == {"paypal_2"}


@pytest.mark.parametrize(("text", "named"), [
    ("The $49.67 will be refunded to your PayPal account within 5-7 business days.", ["paypal"]),
    ("$49.67 goes back onto the original credit card.", ["credit card"]),
    ("$49.67 was credited to your card ending 2992.", ["card ending"]),
    ("The refund of $49.67 is going back to your Mastercard ending in 8081.", ["mastercard"]),
    ("We have credited $1,049.67 to your PayPal.", ["paypal"]),  # past the amount's decimal point
    ("The refund goes to the Visa on file.", ["visa"]),
    ("The refund goes to the visage of your gift card.", []),  # a brand is a whole word
    ("The $49.67 has been refunded to your gift card.", []),
    ("Refunded. Your PayPal account is unchanged.", []),  # names PayPal, not as where the refund went
    ("You paid with PayPal; the refund of $49.67 went to your gift card.", []),
    ("The **$54.04** will be refunded to your **Visa ending 3660** within 5–7 business days.", ["visa"]),  # in bold
    # a method the refund is said not to go to (blind set 88, r88_05 42)
    ("The $288.75 would go back to PayPal within 5–7 business days — I can't redirect it to the Visa.", []),
    ("The $288.75 would go back, as I can redirect it to the Visa.", ["visa"]),
])
def test_a_kind_named_as_where_a_refund_goes(text: str, named: list[str]) -> None:
    assert misnamed_refund_methods(text, {"gift_card_5540683"}) == named


def test_nothing_is_compared_without_a_known_kind_of_destination() -> None:
    assert misnamed_refund_methods("It was refunded to your PayPal.", set()) == []
    assert misnamed_refund_methods("It was refunded to your PayPal.", {"wallet_9"}) == []
    assert misnamed_refund_methods("It was refunded to your PayPal.", {"gift_card_1", "L1002"}) == []
    # Each kind of identifier (anchors.payment_kind) against the kind a phrase names.
    assert misnamed_refund_methods("It went back to your gift card.", {"certificate_7504069"}) == ["gift card"]
    assert misnamed_refund_methods("It went back to the travel certificate.", {"certificate_7504069"}) == []
    assert misnamed_refund_methods("It was refunded to your Amex.", {"credit_card_2641784"}) == []
    assert misnamed_refund_methods("It was refunded to your Amex.", {"paypal_8516781"}) == ["amex"]


@pytest.mark.parametrize(("text", "brands", "named"), [
    ("304.80 refunded to your Visa after the items arrive.", {"credit_card_1": "mastercard"}, ["visa"]),
    ("304.80 refunded to your Mastercard after the items arrive.", {"credit_card_1": "Mastercard"}, []),
    ("304.80 refunded to your American Express.", {"credit_card_1": "amex"}, []),
    ("304.80 refunded to your Visa.", {"credit_card_1": "mastercard", "credit_card_2": "visa"}, []),  # either
    ("304.80 refunded to your Visa.", {"credit_card_1": "mastercard", "credit_card_2": None}, []),  # one unknown
    ("304.80 refunded to your credit card.", {"credit_card_1": "mastercard"}, []),  # no brand said
])
def test_a_card_brand_named_as_where_a_refund_goes(text: str, brands: dict[str, str | None],
                                                   named: list[str]) -> None:
    assert misnamed_refund_methods(text, set(brands), brands.get) == named
    assert misnamed_refund_methods(text, set(brands)) == []  # no brands known


@pytest.mark.parametrize(("report", "kinds"), [
    ("I've cancelled #W9673784. The $49.67 will be refunded to your PayPal account soon.",
     ["text_misstated_refund_method"]),
    ("I've cancelled #W9673784. The $49.67 is back on your gift card already.", []),
    # a sentence about another order's refund (blind audit r59_12)
    ("I've cancelled #W9673784. The $49.67 is back on your gift card already. The $900.44 for #W9232383 goes back "
     "to your PayPal account within 5–7 business days.", []),
])
def test_a_report_after_a_cancellation_names_where_the_refund_went(convo: Any, at: Any, report: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel #W9673784 please, I no longer need it. I'm omar_silva_7446.")
    c.call("get_order_details", {"order_id": "#W9673784"}, ORDER)
    c.say("Cancel #W9673784 (reason: no longer needed)? The $49.67 goes back to your gift card. Confirm?")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W9673784", "reason": "no longer needed"}, CANCELLED)
    i = c.say(report)
    d = at(certify_interaction(c.build()), i)
    assert [k for k in map(reason_kind, d.reasons) if k == "text_misstated_refund_method"] == kinds
    if kinds:
        assert d.reasons == [
            "text names 'paypal' as where a refund goes, where the call's result refunds gift_card_5540683"]


def test_the_payment_methods_a_write_used() -> None:
    booking = {"user_id": "ethan_li_4016", "payment_methods": [{"payment_id": "credit_card_5430276", "amount": 221}]}
    result = {"reservation_id": "HATHAT", "payment_history": [{"payment_id": "credit_card_5430276", "amount": 221}]}
    assert write_payments(orjson.dumps(result).decode(), booking)[1] == {"credit_card_5430276"}
    assert write_payments("Error: not JSON", {"order_id": "#W1", "payment_method_id": "paypal_2"})[1] == {"paypal_2"}
    assert write_payments(orjson.dumps(CANCELLED).decode(), {"order_id": "#W9673784"})[1] == {"gift_card_5540683"}


@pytest.mark.parametrize(("text", "named"), [
    ("The $221 was charged to your Visa ending in 5735.", ["5735"]),
    ("$16.21 will be refunded to your card ending **5735**.", ["5735"]),
    ("The $221 was charged to your Visa ending in 8939.", []),
    ("You have a Visa ending in 5735 on file.", []),  # not named as what the write moved
    ("A refund of **$2,767.03** will go to your Visa ending 5735.", ["5735"]),  # past an amount's decimal point
    # blind audit a64_10: where a part of a payment came from
    ("500 dollars came from the certificate and 548 dollars from the Mastercard ending 5735.", ["5735"]),
    ("500 dollars came from the certificate and 548 dollars from the Mastercard ending 8939.", []),
])
def test_a_card_named_by_its_last_four_digits(text: str, named: list[str]) -> None:
    assert misnamed_cards(text, {"8939"}) == named
    assert misnamed_cards(text, set()) == []  # no card of the write's with known digits


def test_a_refund_named_by_a_card_the_write_did_not_refund() -> None:
    # A booking's history holds the card it was paid with (7969) and the one refunded now (6680).
    said = "The fare difference of $48 has been refunded to your Visa ending in 7969."
    assert misnamed_cards(said, {"7969", "6680"}, {"6680"}) == ["7969"]
    assert misnamed_cards(said.replace("7969", "6680"), {"7969", "6680"}, {"6680"}) == []
    assert misnamed_cards("The $48 was charged to your Visa ending in 7969.", {"7969", "6680"}, {"6680"}) == []
    # the word nearest the card says which it is: charged to one, refunded to the other (blind set 88, r88_01 18)
    moved = "The system shows $368.15 charged to the Mastercard and $368.15 refunded to the Visa ending {}."
    assert misnamed_cards(moved.format("5768"), {"7287"}, {"5768"}) == []
    assert misnamed_cards(moved.format("7287"), {"7287"}, {"5768"}) == ["7287"]


CARDS = {"user_id": "ethan_li_4016", "payment_methods": {
    "credit_card_4000001": {"source": "credit_card", "brand": "visa", "last_four": "5735", "id": "credit_card_4000001"},
    "credit_card_5430276": {"source": "credit_card", "brand": "visa", "last_four": "8939", "id": "credit_card_5430276"}}}


@pytest.mark.parametrize(("report", "kinds"), [
    ("You're booked! The $221 was charged to your Visa ending in 5735.", ["text_misnamed_card"]),
    ("You're booked! The $221 was charged to your Visa ending in 8939.", []),
])
def test_a_report_after_a_booking_names_the_card_it_charged(convo: Any, at: Any, report: str,
                                                            kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book HAT023 JFK to SFO on 2024-05-20, economy, for me. I'm ethan_li_4016, born 1979-02-28.")
    c.call("get_user_details", {"user_id": "ethan_li_4016"}, CARDS)
    c.call("search_direct_flight", {"origin": "JFK", "destination": "SFO", "date": "2024-05-20"},
           [{"flight_number": "HAT023", "prices": {"economy": 221}}])
    c.say("I'll book HAT023 (JFK to SFO, 2024-05-20, economy) for Ethan Li for $221 on your Visa ending 5735. "
          "Shall I book it?")
    c.user("Yes, but put it on my other Visa, the one ending in 8939.")
    args = {"user_id": "ethan_li_4016", "origin": "JFK", "destination": "SFO", "flight_type": "one_way",
            "cabin": "economy", "flights": [{"flight_number": "HAT023", "date": "2024-05-20"}],
            "passengers": [{"first_name": "Ethan", "last_name": "Li", "dob": "1979-02-28"}],
            "payment_methods": [{"payment_id": "credit_card_5430276", "amount": 221}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
    c.call("book_reservation", args, {"reservation_id": "HATHAT", "payment_history": [
        {"payment_id": "credit_card_5430276", "amount": 221}]})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("Your trip 79G8A9 was paid in full, $1,400, with your Mastercard.", ["text_misstated_payer"]),
    ("Your trip 79G8A9 was paid in full, $1,400, with your gift card.", []),
    ("Your trip 79G8A9 is $1,400; it can be paid with your Mastercard next time.", []),  # how it may be
    # how the policy says a difference is paid (blind set 79, a79_03 31)
    ("Moving 79G8A9 to economy costs more. The difference must be paid with a credit card or gift card.", []),
    ("You paid for 79G8A9 with your PayPal.", ["text_misstated_payer"]),
    # a list's field, capitalized (blind audit a54_04)
    ("Here's **79G8A9**:\n- Cabin: business\n- Paid: $1,400 with your credit card", ["text_misstated_payer"]),
    ("Here's **79G8A9**:\n- Cabin: business\n- Paid: $1,400 with your gift card", []),
    # the label's colon after "with" (blind set 93, r93_03 14)
    ("Here's **79G8A9**:\n- Cabin: business\n- **Paid with:** your Mastercard", ["text_misstated_payer"]),
    ("Here's **79G8A9**:\n- Cabin: business\n- **Paid with:** your gift card", []),
    # how many bags are paid for, then the method the update will use (blind audit a66_10, a66_12)
    ("I'll update 79G8A9 to 6 bags (0 paid) with your Visa as the method on file. Confirm?", []),
    ("Confirm: 79G8A9 to 7 checked bags (1 paid), charged on your Visa?", []),
    ("So: 79G8A9 goes to 3 checked bags, 1 of them paid, on your Mastercard. OK?", []),  # (a74_05)
    # a past charge, said of the one booking named (blind set 68, r68_05)
    ("79G8A9 is booked. The $1,400 for it was charged to your Mastercard.", ["text_misstated_payer"]),
    ("79G8A9 is booked. The $1,400 for it was charged to your gift card.", []),
    # nothing charged (blind set 82, a82_01 46)
    ("Done - 79G8A9 now has 3 checked bags, all free, so nothing was charged to your Mastercard.", []),
    # a clause of its own after "paid" (blind set 97, a97_08 38)
    ("79G8A9: business against the $1,400 you paid, so a difference would be payable by credit card.", []),
    ("79G8A9: the $1,400 you paid, all of it by credit card.", ["text_misstated_payer"]),
])
def test_how_a_looked_up_booking_was_paid_must_be_its_history(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How did I pay for my trip 79G8A9?")
    c.call("get_reservation_details", {"reservation_id": "79G8A9"}, {
        "reservation_id": "79G8A9", "payment_history": [{"payment_id": "gift_card_5309492", "amount": 1400}]})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # One line per booking: each line says how its own booking was paid.
    ("Both:\n- 79G8A9: $1,400 paid with your gift card.\n- K4DT2B: $300 paid with your Mastercard.", []),
    ("Both:\n- 79G8A9: $1,400 paid with your Mastercard.\n- K4DT2B: $300 paid with your Mastercard.",
     ["text_misstated_payer"]),
    ("79G8A9 was paid with your gift card and K4DT2B with your Mastercard.", []),  # one sentence, two: unclear
])
def test_how_each_listed_booking_was_paid_must_be_its_history(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How did I pay for my trips 79G8A9 and K4DT2B?")
    c.call("get_reservation_details", {"reservation_id": "79G8A9"}, {
        "reservation_id": "79G8A9", "payment_history": [{"payment_id": "gift_card_5309492", "amount": 1400}]})
    c.call("get_reservation_details", {"reservation_id": "K4DT2B"}, {
        "reservation_id": "K4DT2B", "payment_history": [{"payment_id": "credit_card_5430276", "amount": 300}]})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def _with_cards(convo: Any, asked: str, cards: dict[str, tuple[str, str]]) -> Any:
    """A retail conversation whose profile lookup shows these cards (id: brand, last four)."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user(asked)
    c.call("get_user_details", {"user_id": "someone_1234"}, {"payment_methods": {
        card: {"source": "credit_card", "brand": brand, "last_four": four, "id": card}
        for card, (brand, four) in cards.items()}})
    return c


@pytest.mark.parametrize(("said", "reasons"), [
    ("Order #W4689314 was paid with your Visa ending 6791.",
     ["text says #W4689314 was paid with 'the card ending 6791', where its payment history shows credit_card_8105988"]),
    ("Order #W4689314 was paid with your Mastercard ending 8484.", []),
    ("Order #W4689314 was paid with your PayPal.",
     ["text says #W4689314 was paid with 'paypal', where its payment history shows credit_card_8105988"]),
    ("Order #W4689314 can be paid with your Visa ending 6791 next time.", []),  # how it may be
])
def test_how_an_order_was_paid_by_its_cards_last_four(convo: Any, at: Any, said: str, reasons: list[str]) -> None:
    c = _with_cards(convo, "How did I pay for #W4689314? I'm sofia_li_9219.",
                    {"credit_card_8105988": ("mastercard", "8484"), "credit_card_1055108": ("visa", "6791")})
    c.call("get_order_details", {"order_id": "#W4689314"}, {"order_id": "#W4689314", "status": "delivered",
           "payment_history": [{"transaction_type": "payment", "amount": 2895.55,
                                "payment_method_id": "credit_card_8105988"}]})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("said", "reasons"), [
    ("Order #W4923227 is now paid with your Visa ending 4336.",
     ["text calls the card ending '4336' a Visa, where the observations show a mastercard"]),
    ("Order #W4923227 is now paid with your Mastercard (ending in 4336).", []),
    ("Your American Express card ending 8902 stays on file.",
     ["text calls the card ending '8902' a American Express, where the observations show a visa"]),
    ("Your Visa ending 1111 is not on file.", []),  # no card shown with those digits: the visibility check's
])
def test_a_card_named_by_brand_and_last_four_must_be_that_card(convo: Any, at: Any, said: str,
                                                              reasons: list[str]) -> None:
    c = _with_cards(convo, "Which cards do I have? I'm isabella_lopez_6490.",
                    {"credit_card_8897086": ("mastercard", "4336"), "credit_card_4784224": ("visa", "8902")})
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "calls the card" in r] == reasons


@pytest.mark.parametrize(("said", "reasons"), [
    ("The refund can go to your gift card or to your Mastercard ending 6913.",
     ["text gives a card the last four digits '6913', which end its identifier; its card shows 6193"]),
    ("The refund can go to your gift card or to your Mastercard ending 6193.", []),
])
def test_a_cards_identifier_ending_is_not_its_last_four(convo: Any, at: Any, said: str, reasons: list[str]) -> None:
    c = _with_cards(convo, "Where can the refund go? I'm mia_garcia_4516.", {"credit_card_8296913": ("mastercard", "6193")})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("said", "kinds"), [
    ("Yes, order #W8377068 was cancelled and its full 1613.76 was refunded to your PayPal account.",
     ["text_misstated_past_refund"]),
    ("Yes, order #W8377068 was cancelled and its full 1613.76 was refunded to your credit card.", []),
    ("Order #W8377068 is cancelled; a new refund would go to your PayPal if you like.", []),  # no refund said done
])
def test_a_refund_said_done_goes_where_the_payment_history_shows(convo: Any, at: Any, said: str,
                                                                 kinds: list[str]) -> None:
    c = convo()
    c.user("was my order #W8377068 refunded?")
    c.call("get_order_details", {"order_id": "#W8377068"}, {
        "order_id": "#W8377068", "status": "cancelled",
        "payment_history": [{"transaction_type": "payment", "amount": 1613.76, "payment_method_id": "credit_card_2641784"},
                            {"transaction_type": "refund", "amount": 1613.76, "payment_method_id": "credit_card_2641784"}]})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("The exchange is requested, and the 11.99 difference will be charged to your Mastercard.",
     ["text_misstated_charge_method"]),
    ("The exchange is requested, and the 11.99 difference will be charged to your gift card.", []),
    # An amount put on a method, without a verb of charging.
    ("The exchange is requested, with $11.99 on your Mastercard.", ["text_misstated_charge_method"]),
    ("The exchange is requested, with $11.99 on your gift card.", []),
])
def test_a_charge_reported_after_a_write_goes_to_the_method_it_used(convo: Any, at: Any, report: str,
                                                                    kinds: list[str]) -> None:
    order = {"order_id": "#W8632528", "status": "delivered", "items": [
        {"name": "Hiking Boots", "product_id": "7363354090", "item_id": "2185126308", "price": 241.9,
         "options": {"size": "10"}}], "payment_history": [{"amount": 241.9, "payment_method_id": "gift_card_7219486"}]}
    c = convo()
    c.user("exchange my boots in #W8632528 for item 1615379700, pay with my gift card gift_card_7219486")
    c.call("get_order_details", {"order_id": "#W8632528"}, order)
    c.say("Exchange the Hiking Boots (2185126308) in #W8632528 for item 1615379700, the 11.99 difference charged to "
          "gift card gift_card_7219486. Confirm?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W8632528", "item_ids": ["2185126308"],
                                              "new_item_ids": ["1615379700"], "payment_method_id": "gift_card_7219486"},
           {**order, "status": "exchange requested", "exchange_payment_method_id": "gift_card_7219486",
            "exchange_price_difference": 11.99})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Return requested; 49.67 refunded to your Visa after the items arrive.", ["text_misstated_refund_method"]),
    ("Return requested; 49.67 refunded to your Mastercard after the items arrive.", []),
])
def test_a_report_names_the_brand_of_the_card_refunded(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return the T-shirt from #W9673784, money back to my card. I'm omar_silva_7446.")
    c.call("get_user_details", {"user_id": "omar_silva_7446"}, {"user_id": "omar_silva_7446", "payment_methods": {
        "credit_card_1034663": {"source": "credit_card", "brand": "mastercard", "last_four": "2378",
                                "id": "credit_card_1034663"}}})
    c.call("get_order_details", {"order_id": "#W9673784"}, {**ORDER, "status": "delivered"})
    c.say("Return the T-Shirt from #W9673784, 49.67 back to your Mastercard 2378. Yes?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W9673784", "item_ids": ["8124970213"],
                                            "payment_method_id": "credit_card_1034663"},
           {**ORDER, "status": "return requested", "return_payment_method_id": "credit_card_1034663"})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_cards_by_id_finds_the_card_whose_identifier_ends_in_the_digits() -> None:
    from trajectory2gym.certify.reported_payments import CardsById

    book = CardsById()
    book.update([orjson.dumps({"payment_methods": {"credit_card_8296913": {
        "source": "credit_card", "brand": "mastercard", "last_four": "6193", "id": "credit_card_8296913"}}}).decode()])
    assert book.ending_in("6913") == "6193" and book.ending_in("1111") is None



GIFT_CARDS = {"user_id": "anya_brown_2655", "payment_methods": {
    "gift_card_9782382": {"source": "gift_card", "amount": 20, "id": "gift_card_9782382"},
    "gift_card_1285345": {"source": "gift_card", "amount": 45, "id": "gift_card_1285345"}}}
BOOKED = {"reservation_id": "9O1NCR", "user_id": "anya_brown_2655", "cabin": "business",
          "payment_history": [{"payment_id": "gift_card_9782382", "amount": 6930}]}


@pytest.mark.parametrize(("report", "kinds"), [
    # A gift card shows no last four: the end of its identifier names it
    ("9O1NCR has been cancelled, and the $6,930 refund is going back to your gift card ending 5345.",
     ["text_misnamed_card"]),
    ("9O1NCR has been cancelled, and the $6,930 refund is going back to your gift card ending 2382.", []),
])
def test_a_refund_named_by_the_end_of_a_gift_cards_id(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cancel 9O1NCR please, I'm anya_brown_2655.")
    c.call("get_user_details", {"user_id": "anya_brown_2655"}, GIFT_CARDS)
    c.call("get_reservation_details", {"reservation_id": "9O1NCR"}, BOOKED)
    c.say("9O1NCR is business class, so it can be cancelled: $6,930 goes back to gift_card_9782382. Cancel it?")
    c.user("Yes, cancel it.")
    c.call("cancel_reservation", {"reservation_id": "9O1NCR"}, {**BOOKED, "status": "cancelled", "payment_history": [
        *BOOKED["payment_history"], {"payment_id": "gift_card_9782382", "amount": -6930}]})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit r57_09: the order by its kind, right after the write on it; a method named without article
    ("The return is in: $804.28 goes to your gift card. (The order was originally paid with PayPal.)",
     ["text_misstated_payer"]),
    ("The return is in: $804.28 goes to your gift card. (The order was originally paid with a gift card.)", []),
])
def test_how_the_order_just_written_was_paid(convo: Any, said: str, kinds: list[str]) -> None:
    order = {"order_id": "#W6797115", "status": "delivered", "items": [{"item_id": "8302289002", "price": 804.28}],
             "payment_history": [{"transaction_type": "payment", "amount": 804.28,
                                  "payment_method_id": "gift_card_5979071"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")])
    c.user("Return the air purifier from #W6797115 to my gift card please.")
    c.call("get_order_details", {"order_id": "#W6797115"}, order)
    c.say("I'll return the Air Purifier (item 8302289002) from #W6797115 and refund $804.28 to gift_card_5979071. OK?")
    c.user("Yes.")
    c.call("return_delivered_order_items", {"order_id": "#W6797115", "item_ids": ["8302289002"],
                                            "payment_method_id": "gift_card_5979071"},
           {**order, "status": "return requested", "return_items": ["8302289002"]})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "text_misstated_payer"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("All set: bill B1002 is now Paid — $150.00 charged to your Visa ending in 1235.", ["text_not_visible"]),  # t59_03
    ("All set: bill B1002 is now Paid — $150.00 charged to your credit card ending in 1235.", []),
])
def test_a_card_brand_no_record_shows(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I want to pay my bill B1002. I'm 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001", "payment_methods": [
        {"method_type": "Credit Card", "account_number_last_4": "1235", "expiration_date": "12/2026"}]})
    c.call("get_details_by_id", {"id": "B1002"}, {"bill_id": "B1002", "total_due": 150.0, "status": "Paid"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "named"), [
    ("All set: N4SL3N is now on HAT231, and $9 was charged to gift_card_4816380.", ["gift_card_4816380"]),
    ("| Reservation | HATHAT |\n| Paid | $234, certificate_8159557 |", ["certificate_8159557"]),
    ("All set: $9 was charged to gift_card_7386173.", []),  # the method the write used
    # it names the used one too: the other may be named for its balance
    ("$9 was charged to gift_card_7386173; gift_card_4816380 still shows $40 charged earlier.", []),
    ("Your gift_card_4816380 shows a balance of $40.", []),  # no money moved in that sentence
    # a proposal of the next action names that action's method
    ("Next: $30 for insurance charged to gift_card_4816380. Do you confirm?", []),
    # ... asked by the action's verb (blind set 87, a87_02 34)
    ("**2FBBAH**: $3,925 refund to the original payment, gift_card_4816380.\n\nDowngrade 2FBBAH? (yes/no)", []),
    ("**2FBBAH**: $3,925 refunded to the original payment, gift_card_4816380.\n\nAnything else?", ["gift_card_4816380"]),
    # beside the one used, an amount put on another (blind audit a65_12)
    ("Booked. Paid $9 with gift_card_7386173 and $130 with gift_card_4816380.", ["gift_card_4816380"]),
    ("Booked. Paid $9 with gift_card_7386173; gift_card_4816380 still has $130.", []),
])
def test_a_method_named_by_identifier_as_where_money_moved(text: str, named: list[str]) -> None:
    assert misnamed_method_ids(text, {"gift_card_7386173"}) == named


def _omar(reservations: list[str]) -> dict[str, Any]:
    """The profile of the customer whose N4SL3N moves, with two gift cards."""
    return {"user_id": "omar_johansson_4368", "reservations": reservations, "payment_methods": {
        "gift_card_4816380": {"source": "gift_card", "amount": 40, "id": "gift_card_4816380"},
        "gift_card_7386173": {"source": "gift_card", "amount": 90, "id": "gift_card_7386173"}}}


def _move_n4sl3n(c: Any, reservation: dict[str, Any]) -> None:
    """N4SL3N moved to HAT231 on May 19, described, confirmed, and its $9 difference charged to gift_card_7386173."""
    c.say("Change N4SL3N to HAT231 on 2024-05-19, economy; the $9 difference on gift_card_7386173. Confirm?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "N4SL3N", "cabin": "economy", "flights": [
        {"flight_number": "HAT231", "date": "2024-05-19"}], "payment_id": "gift_card_7386173"},
           {**reservation, "flights": [{"flight_number": "HAT231", "date": "2024-05-19", "price": 123}],
            "payment_history": [*reservation["payment_history"], {"payment_id": "gift_card_7386173", "amount": 9}]})


@pytest.mark.parametrize(("report", "kinds"), [
    # (blind set 61, a61_05: the method confirmed, reported after an update that charged the other)
    ("All set: N4SL3N is now on HAT231, May 19, and $9 was charged to gift_card_4816380.",
     ["text_misstated_charge_method"]),
    ("All set: N4SL3N is now on HAT231, May 19, and $9 was charged to gift_card_7386173.", []),
    # the gift card by its whole number (blind set 74, a74_12)
    ("All set: N4SL3N is now on HAT231, May 19, and $9 was charged to gift card 4816380.",
     ["text_misstated_charge_method"]),
    ("All set: N4SL3N is now on HAT231, May 19, and $9 was charged to gift card 7386173.", []),
])
def test_a_report_names_the_method_the_update_charged(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    reservation = {"reservation_id": "N4SL3N", "user_id": "omar_johansson_4368", "cabin": "economy",
                   "flights": [{"flight_number": "HAT213", "date": "2024-05-18", "price": 120}],
                   "payment_history": [{"payment_id": "gift_card_4816380", "amount": 120}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm omar_johansson_4368. Move N4SL3N to HAT231 on May 19, pay with gift_card_7386173.")
    c.call("get_user_details", {"user_id": "omar_johansson_4368"}, _omar(["N4SL3N"]))
    c.call("get_reservation_details", {"reservation_id": "N4SL3N"}, reservation)
    _move_n4sl3n(c, reservation)
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # a recap's row of a write before the user's last reply, with that write's method (blind set 93, a93_02 86)
    ("All done:\n\n| Reservation | Refund | To |\n|---|---|---|\n| ZFA04Y | $60 | Gift card 4816380 |\n"
     "| N4SL3N | $9 | the other gift card |", []),
    ("All done:\n\n| Reservation | Refund | To |\n|---|---|---|\n| N4SL3N | $9 | Gift card 4816380 |",
     ["text_misstated_charge_method"]),  # no row of the earlier write's reservation
])
def test_a_recap_names_each_earlier_writes_own_method(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    reservation = {"reservation_id": "N4SL3N", "user_id": "omar_johansson_4368", "cabin": "economy",
                   "flights": [{"flight_number": "HAT213", "date": "2024-05-18", "price": 120}],
                   "payment_history": [{"payment_id": "gift_card_4816380", "amount": 120}]}
    other = {**reservation, "reservation_id": "ZFA04Y"}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm omar_johansson_4368. Downgrade ZFA04Y, then move N4SL3N to HAT231 on May 19.")
    c.call("get_user_details", {"user_id": "omar_johansson_4368"}, _omar(["N4SL3N", "ZFA04Y"]))
    c.call("get_reservation_details", {"reservation_id": "ZFA04Y"}, other)
    c.say("ZFA04Y to basic economy on HAT213, 2024-05-18; the $60 back to gift_card_4816380. Confirm?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "ZFA04Y", "cabin": "basic_economy", "flights": [
        {"flight_number": "HAT213", "date": "2024-05-18"}], "payment_id": "gift_card_4816380"},
           {**other, "cabin": "basic_economy", "payment_history": [*other["payment_history"],
                                                                   {"payment_id": "gift_card_4816380", "amount": -60}]})
    c.call("get_reservation_details", {"reservation_id": "N4SL3N"}, reservation)
    _move_n4sl3n(c, reservation)
    i = c.say(report)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "method" in k] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 75, a75_06: the certificate the last write made, said beside a change at no charge
    ("Done: WPK8DQ has 2 checked bags at no charge, and certificate_3221322 for $200 is on your account.", []),
    ("Done: WPK8DQ has 2 checked bags at no charge, and certificate_3221399 for $200 is on your account.",
     ["text_not_visible", "text_misstated_charge_method"]),  # one no write made: no result shows it either
])
def test_a_certificate_a_write_made_is_no_method_charged(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    booking = {"reservation_id": "WPK8DQ", "user_id": "mohamed_taylor_9830", "cabin": "economy", "total_baggages": 1,
               "flights": [{"flight_number": "HAT292", "date": "2024-05-19", "price": 418}],
               "payment_history": [{"payment_id": "credit_card_4104573", "amount": 418}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm mohamed_taylor_9830. Add a bag to WPK8DQ; my HAT069 flight on KY93IV was cancelled, too.")
    c.call("get_user_details", {"user_id": "mohamed_taylor_9830"}, {"user_id": "mohamed_taylor_9830", "membership": "gold",
           "reservations": ["WPK8DQ"], "payment_methods": {
               "credit_card_4104573": {"source": "credit_card", "brand": "visa", "last_four": "5644", "id": "credit_card_4104573"}}})
    c.call("get_reservation_details", {"reservation_id": "WPK8DQ"}, booking)
    c.say("WPK8DQ goes to 2 checked bags, free, on the card ending 5644; and a $200 certificate for the cancelled "
          "flight. OK?")
    c.user("yes to both")
    c.call("update_reservation_baggages", {"reservation_id": "WPK8DQ", "total_baggages": 2, "nonfree_baggages": 0,
                                            "payment_id": "credit_card_4104573"}, {**booking, "total_baggages": 2})
    c.call("send_certificate", {"user_id": "mohamed_taylor_9830", "amount": 200},
           "Certificate certificate_3221322 added to user mohamed_taylor_9830 with amount 200.")
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("then", "kinds"), [
    # blind set 62, r62_05: after an address change, the payment change proposed next
    ("The address is updated. Next: the $49.67 would be charged to your Mastercard ending in 9838, and the gift "
     "card refunded. Shall I proceed?", []),
    # ... or the plan said before (blind set 81, a81_04 47)
    ("The address is updated. The plan above is unchanged: the $49.67 on your Mastercard, and the "
     "gift card refunded. Shall I proceed?", []),
    # a report of the write itself, with the next step asked after it
    ("The address is updated, and the $49.67 was charged to your Mastercard ending in 9838. Shall I proceed "
     "with the return?", ["text_misstated_charge_method"]),
])
def test_what_the_next_action_would_do_is_no_report(convo: Any, at: Any, then: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Ship #W9673784 to 137 Willow Lane, Charlotte NC 28249, then pay it with my Mastercard. I'm omar_silva_7446.")
    c.call("get_user_details", {"user_id": "omar_silva_7446"}, {"user_id": "omar_silva_7446", "payment_methods": {
        "credit_card_7898168": {"source": "credit_card", "brand": "mastercard", "last_four": "9838",
                                "id": "credit_card_7898168"}}})
    c.call("get_order_details", {"order_id": "#W9673784"}, ORDER)
    c.say("Change the address of #W9673784 to 137 Willow Lane, Charlotte, NC 28249? Yes?")
    c.user("yes")
    c.call("modify_pending_order_address", {"order_id": "#W9673784", "address1": "137 Willow Lane", "address2": "",
                                            "city": "Charlotte", "state": "NC", "country": "USA", "zip": "28249"},
           {**ORDER, "address": {"address1": "137 Willow Lane", "city": "Charlotte", "state": "NC", "zip": "28249"}})
    i = c.say(then)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 62, a62_05: the sentence names the new flights, which the call sent (not other objects)
    ("Done, your return is now May 21 (HAT191 + HAT262) and $98 was refunded to the visa ending 6832.",
     ["text_misnamed_card"]),
    ("Done, your return is now May 21 (HAT191 + HAT262) and $98 was refunded to the visa ending 7414.", []),
])
def test_a_report_naming_the_flights_a_rebooking_sent(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    reservation = {"reservation_id": "20KH5U", "user_id": "yusuf_santos_9228", "cabin": "economy",
                   "flights": [{"flight_number": "HAT191", "date": "2024-05-20", "price": 175}],
                   "payment_history": [{"payment_id": "credit_card_7033490", "amount": 175}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm yusuf_santos_9228. Move 20KH5U to the 21st; refund to my visa.")
    c.call("get_user_details", {"user_id": "yusuf_santos_9228"}, {"user_id": "yusuf_santos_9228", "payment_methods": {
        "credit_card_7033490": {"source": "credit_card", "brand": "visa", "last_four": "6832", "id": "credit_card_7033490"},
        "credit_card_4262665": {"source": "credit_card", "brand": "visa", "last_four": "7414",
                                "id": "credit_card_4262665"}}})
    c.call("get_reservation_details", {"reservation_id": "20KH5U"}, reservation)
    c.say("Move 20KH5U to HAT191 + HAT262 on 2024-05-21, $98 back to the visa ending 7414. Confirm?")
    c.user("yes")
    flights = [{"flight_number": "HAT191", "date": "2024-05-21"}, {"flight_number": "HAT262", "date": "2024-05-21"}]
    c.call("update_reservation_flights", {"reservation_id": "20KH5U", "cabin": "economy", "flights": flights,
                                          "payment_id": "credit_card_4262665"},
           {**reservation, "flights": [{**f, "price": 77} for f in flights],
            "payment_history": [*reservation["payment_history"], {"payment_id": "credit_card_4262665", "amount": -98}]})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "named"), [
    ("It can be cancelled in full: $8,872 back to your credit card. Proceed?", ["credit card"]),
    ("It can be cancelled in full: $8,872 back to your gift card. Proceed?", []),
    ("Cancelling it refunds the $4,184 to gift_card_4072179. Cancel it?", ["gift_card_4072179"]),
    ("Cancelling it refunds the $4,184 to gift_card_8970607. Cancel it?", []),
    ("The $4,184 would be refunded to gift_card_4072179.", []),  # no cancellation spoken of
])
def test_where_a_cancellation_refunds(text: str, named: list[str]) -> None:
    assert misnamed_cancel_refunds(text, {"gift_card_8970607"}) == named


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind set 62, a62_12 and a62_06: a cancellation refunds where the reservation was paid
    # (the profile shows no card at all: "your credit card" is none of the user's either)
    ("XJUPNP can be cancelled in full: $8,872 back to your credit card. Proceed?",
     ["text_misstated_payer", "text_not_visible"]),
    ("XJUPNP can be cancelled in full: $8,872 back to your gift card. Proceed?", []),
    ("XJUPNP can be cancelled; the $8,872 would be refunded to gift_card_4072179. Cancel it?",
     ["text_misstated_payer"]),
    # the other gift card, by its last four digits (blind audit a66_12)
    ("XJUPNP can be cancelled, so you'd get a full refund of $8,872 to your gift card ending 2179. Confirm?",
     ["text_misstated_payer"]),
    ("XJUPNP can be cancelled, so you'd get a full refund of $8,872 to your gift card ending 6647. Confirm?", []),
])
def test_a_cancellation_offered_with_its_refund_elsewhere(convo: Any, at: Any, offer: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm mia_jackson_2156, cancel XJUPNP please, I booked it an hour ago.")
    c.call("get_user_details", {"user_id": "mia_jackson_2156"}, {"user_id": "mia_jackson_2156", "payment_methods": {
        "gift_card_4636647": {"source": "gift_card", "amount": 178, "id": "gift_card_4636647"},
        "gift_card_4072179": {"source": "gift_card", "amount": 294, "id": "gift_card_4072179"}}})
    c.call("get_reservation_details", {"reservation_id": "XJUPNP"}, {
        "reservation_id": "XJUPNP", "cabin": "business", "payment_history": [
            {"payment_id": "gift_card_4636647", "amount": 8872}]})
    i = c.say(offer)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audits t62_08, t63_11, t64_11: the refuel's charge goes on the next bill, no card was charged
    ("Done. 2 GB added; $4.00 was charged today to your credit card ending 1235.", ["text_misstated_charge_method"]),
    ("2.0 GB added. The 4.0 dollars has been charged to your credit card ending in 1235.",
     ["text_misstated_charge_method"]),
    ("Done! 2 GB added; the $4.00 charge will appear on your next bill.", []),
    ("Done! 2 GB added for $4.00. Your credit card ending 1235 is on file for paying the bill.", []),
])
def test_a_refuel_charged_to_a_card(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data ran out. I'm 555-123-2002; add 2 GB to that line please.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001", "line_ids": ["L1002"],
                                                                      "payment_methods": [
        {"method_type": "Credit Card", "account_number_last_4": "1235", "expiration_date": "12/2026"}]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "plan_id": "P1002", "data_used_gb": 15.1})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan", "data_limit_gb": 15.0,
                                                  "price_per_month": 65.0, "data_refueling_price_per_gb": 2.0})
    c.say("2 GB for line L1002 (555-123-2002) costs $4.00 ($2.00 per GB), charged on your next bill. Add it?")
    c.user("Yes, add it.")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1002 for $4.00", "new_data_refueling_gb": 2.0,
            "charge": 4.0})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_charge_method"] == kinds


@pytest.mark.parametrize(("methods", "said", "kinds"), [
    # blind audit a64_02: the profile shows only a certificate
    ({"certificate_2878399": {"source": "certificate", "amount": 100}},
     "I can apply your $100 certificate and charge the remaining $5 to your card on file.", ["text_not_visible"]),
    ({"certificate_2878399": {"source": "certificate", "amount": 100},
      "credit_card_1": {"source": "credit_card", "brand": "visa", "last_four": "1234"}},
     "I can apply your $100 certificate and charge the remaining $5 to your card on file.", []),
    ({"certificate_2878399": {"source": "certificate", "amount": 100}, "gift_card_2": {"source": "gift_card", "amount": 9}},
     "I can apply your $100 certificate and the rest to your gift card.", []),
    # the card the user spoke of, not said to be on file (blind set 75, a75_09)
    ({"certificate_2878399": {"source": "certificate", "amount": 100}},
     "A human agent can help you with adding your card.", []),
])
def test_a_card_of_the_users_where_the_profile_shows_none(convo: Any, at: Any, methods: dict[str, Any], said: str,
                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book HAT230 for me, I'm ava_sanchez_4455. It's $105 with insurance; I have a $100 certificate. "
           "I can put the rest on my card.")
    c.call("get_user_details", {"user_id": "ava_sanchez_4455"}, {"payment_methods": methods, "membership": "gold"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons if "card" in r] == kinds


ROWS = {4700: {"credit_card_2700485"}, 83000: {"gift_card_8190333"}, 2600: {"credit_card_7407366"}}
FOURS = {"credit_card_2700485": "6967", "credit_card_7407366": "6437", "credit_card_9999999": "3848"}


@pytest.mark.parametrize(("text", "found"), [
    # blind sets 64 and 71 (a64_09, a71_08): an amount the history records with one card, put on another
    ("The history shows $830 on gift card 8190333 and then $26 on your Mastercard ending 3848.",
     [("$26", "3848", "credit_card_7407366")]),
    ("The history shows $830 on gift card 8190333 and then $26 on your Visa ending 6437.", []),
    ("Sent, and the $47 refund is going to your Mastercard ending 3848.", [("$47", "3848", "credit_card_2700485")]),
    ("$55 went on your card ending 3848.", []),  # an amount no history records
    ("$26 on your card ending 1111.", []),  # no card shown ends so
    ("I'd put the $26 on your Mastercard ending 3848. Shall I?", []),  # an offer, not what was done
    ("I'll move the full $26 to Mastercard ending 3848. Confirm?", []),  # a plan (blind set 73, r73_06)
    ("The full $26 moved to Mastercard ending 3848.", [("$26", "3848", "credit_card_7407366")]),
    ("Refunds to gift_card_8190333 ($26) and Visa ending 3848 ($126).", []),  # the bracket is another method's
    # a table's cell that names its own method (blind set 75, r75_07)
    ("| Payment | Visa, $26 | Mastercard ending 3848; Visa refunded $26 |", []),
    ("| Payment | $26 | Mastercard ending 3848 |", [("$26", "3848", "credit_card_7407366")]),
    # methods each before its amount (blind set 84, a84_04 48)
    ("**Charged**: gift_card_8190333 $830, credit_card_7407366 $26, master card ending 3848 **$1,786** = $2,642.", []),
    ("**Charged**: gift_card_8190333 $830, $26 on master card ending 3848.", [("$26", "3848", "credit_card_7407366")]),
    # a list of the change offered, asked after it (blind set 95, r95_01 36)
    ("The change is:\n- pay the $26 with the Mastercard ending 3848 instead\n- the old payment refunded\nOK? (yes/no)", []),
    ("The change is done:\n- paid the $26 with the Mastercard ending 3848\n- the old payment refunded",
     [("$26", "3848", "credit_card_7407366")]),
])
def test_an_amount_put_on_another_card_than_the_history_records(text: str, found: list[tuple[str, str, str]]) -> None:
    assert misplaced_amounts(text, ROWS, FOURS) == found


def test_a_past_refund_said_to_go_to_another_card_is_not_grounded(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("was the seattle change charged to the visa? I'm omar_rossi_1241, UM3OG5")
    c.call("get_user_details", {"user_id": "omar_rossi_1241"}, {"user_id": "omar_rossi_1241", "payment_methods": {
        "credit_card_7407366": {"source": "credit_card", "brand": "visa", "last_four": "6437", "id": "credit_card_7407366"},
        "credit_card_1000001": {"source": "credit_card", "brand": "mastercard", "last_four": "3848",
                                "id": "credit_card_1000001"}}})
    c.call("get_reservation_details", {"reservation_id": "UM3OG5"}, {"reservation_id": "UM3OG5", "payment_history": [
        {"payment_id": "gift_card_8190333", "amount": 830}, {"payment_id": "credit_card_7407366", "amount": 26}]})
    wrong = c.say("Yes: the payment history shows $830 on gift card 8190333, then $26 on your Mastercard ending 3848.")
    right = c.say("Yes: the payment history shows $830 on gift card 8190333, then $26 on your Visa ending 6437.")
    found = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(found, wrong).reasons] == ["text_misplaced_amount"]
    assert at(found, right).eligible


@pytest.mark.parametrize(("text", "no_charge", "charged"), [
    # a charge denied after a failed try, in the clause after it (blind set 87, a87_12 39)
    ("(My first attempt errored because I used your certificate by mistake, so I reran it with the gift card; "
     "nothing was charged to the certificate.)", [], []),
    ("All set; nothing was charged to the certificate.", ["nothing was charged to the certificate."], []),
    ("All set: $186 was charged to your certificate.", [], ["certificate"]),
    # "went on" (blind set 100, a100_12 36)
    ("Your reservation HATHAT is booked. $1786 went on your Mastercard.", [], ["mastercard"]),
])
def test_a_charge_denied_names_no_method_and_no_report_after_a_failed_try(text: str, no_charge: list[str],
                                                                          charged: list[str]) -> None:
    from trajectory2gym.certify.charges import no_charge_claims
    from trajectory2gym.certify.reported_payments import charged_methods

    assert (no_charge_claims(text), charged_methods(text)) == (no_charge, charged)


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 99, a99_02 70: a report across every booking changed names the card an earlier turn's write used
    ("Both are done. Across both reservations: $98 back to Visa ending 6832 and $50 to gift card 3481935.", []),
    ("Both are done. Across both reservations: $98 back to Visa ending 7414 and $50 to gift card 3481935.",
     ["text_misnamed_card"]),  # neither write used it
    ("Done: $50 to gift card 3481935 and $98 back to Visa ending 6832.", ["text_misnamed_card"]),  # this write's
])
def test_a_report_across_all_writes_names_earlier_turns_cards(convo: Any, at: Any, report: str,
                                                               kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm yusuf_santos_9228. Downgrade 20KH5U to economy.")
    c.call("get_user_details", {"user_id": "yusuf_santos_9228"}, {"user_id": "yusuf_santos_9228", "payment_methods": {
        "credit_card_7033490": {"source": "credit_card", "brand": "visa", "last_four": "6832", "id": "credit_card_7033490"},
        "credit_card_4262665": {"source": "credit_card", "brand": "visa", "last_four": "7414", "id": "credit_card_4262665"},
        "gift_card_3481935": {"source": "gift_card", "amount": 10, "id": "gift_card_3481935"}}})
    flights = {"20KH5U": "HAT191", "2FBBAH": "HAT080"}
    paid = {"20KH5U": "credit_card_7033490", "2FBBAH": "gift_card_3481935"}
    back = {"20KH5U": 98, "2FBBAH": 50}
    for n, code in enumerate(flights):
        booked = {"reservation_id": code, "cabin": "business",
                  "flights": [{"flight_number": flights[code], "date": "2024-05-21", "price": 175}],
                  "payment_history": [{"payment_id": paid[code], "amount": 175}]}
        c.call("get_reservation_details", {"reservation_id": code}, booked)
        c.say(f"Downgrade {code} ({flights[code]} on 2024-05-21) to economy, ${back[code]} back to {paid[code]}. Confirm?")
        c.user("yes")
        c.call("update_reservation_flights", {"reservation_id": code, "cabin": "economy", "payment_id": paid[code],
                                              "flights": [{"flight_number": flights[code], "date": "2024-05-21"}]},
               {**booked, "cabin": "economy", "payment_history": [*booked["payment_history"],
                                                                  {"payment_id": paid[code], "amount": -back[code]}]})
        if not n:
            c.say("Done.")
            c.user("great, now 2FBBAH too")
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 100, a100_01 42: the history pays $338 with a Mastercard
    ("It was booked on 2024-05-03 and paid $338 with your Visa card.", ["text_misplaced_brand_amount"]),
    ("It was booked on 2024-05-03 and paid $338 with your Mastercard.", []),
    ("Shall I pay the $338 with your Visa card?", []),  # an offer, no report of the history
])
def test_an_amount_put_on_a_card_of_another_brand(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm olivia_gonzalez_2305. How did I pay for THY2DG?")
    c.call("get_user_details", {"user_id": "olivia_gonzalez_2305"}, {"user_id": "olivia_gonzalez_2305", "payment_methods": {
        "credit_card_9969263": {"source": "credit_card", "brand": "mastercard", "last_four": "9475",
                                "id": "credit_card_9969263"},
        "credit_card_1111111": {"source": "credit_card", "brand": "visa", "last_four": "1111", "id": "credit_card_1111111"}}})
    c.call("get_reservation_details", {"reservation_id": "THY2DG"}, {
        "reservation_id": "THY2DG", "created_at": "2024-05-03T10:00:00",
        "payment_history": [{"payment_id": "credit_card_9969263", "amount": 338}]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misplaced_brand_amount"] == kinds
