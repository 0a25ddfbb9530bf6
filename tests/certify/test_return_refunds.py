"""A return's refund said to go to a method the policy does not allow (certify/return_refunds.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.return_refunds import (
    misdirected_cancel_refunds,
    misdirected_refunds,
    paid_kinds,
    return_refund_rule,
)
from trajectory2gym.envs.registry import tool_specs
from trajectory2gym.envs.retail.policy import POLICY

ORDER = {"order_id": "#W9077205", "status": "delivered", "items": [{"name": "Jigsaw Puzzle", "item_id": "1",
                                                                   "price": 45.9}],
         "payment_history": [{"transaction_type": "payment", "amount": 45.9, "payment_method_id": "gift_card_1"}]}


def test_the_rule_is_read_from_the_policy() -> None:
    assert return_refund_rule(POLICY) == "Returns are refunded to the original payment method or to a gift card of the customer"
    assert return_refund_rule("Refunds take 5-7 business days.") == ""


@pytest.mark.parametrize(("text", "asked", "found"), [
    # blind sets 60 and 64 (r60_07, r64_12): a return's refund sent to a kind of method the order was not paid with
    ("I can return the puzzle and refund the $45.90 to your PayPal account. Shall I go ahead?", "",
     [("PayPal", "W9077205")]),
    ("I can return the puzzle and refund the $45.90 to your gift card. Shall I go ahead?", "", []),
    ("Order #W9077205: the refund of $45.90 would go to your Mastercard ending 9212.", "return the puzzle",
     [("Mastercard", "W9077205")]),
    ("Order #W9077205: the refund of $45.90 would go to your Mastercard ending 9212.", "", []),  # no return said
    ("Exchanging it, the $2.00 difference is refunded to your PayPal.", "return it", []),  # an exchange's
    ("A return can only be refunded to the original method, not to your PayPal.", "", []),  # the rule said
    # another action's money in a sentence of its own (blind set 90, r90_10 70)
    ("Only the return goes to the gift card. The cancellation refund ($1,484.51) goes to PayPal and the T-shirt "
     "difference ($0.05) to your Mastercard.", "return the puzzle", []),
    ("Only the return goes to the gift card. The rest of the refund ($1,484.51) goes to your PayPal.", "return it",
     [("PayPal", "W9077205")]),
])
def test_a_returns_refund_sent_where_the_policy_does_not_allow(text: str, asked: str,
                                                                found: list[tuple[str, str]]) -> None:
    assert misdirected_refunds(text, "W9077205", paid_kinds(ORDER["payment_history"]), asked) == found


def test_the_kinds_a_history_paid_with() -> None:
    history = [*ORDER["payment_history"],
               {"transaction_type": "refund", "amount": 2.0, "payment_method_id": "paypal_1"}]  # a refund pays nothing
    assert paid_kinds(history) == {"giftcard"}
    assert paid_kinds(None) == set()


def test_a_returns_refund_offered_to_another_method_is_against_the_policy(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail", system=POLICY)
    c.user("I want to return the puzzle in #W9077205. I'm ava_1, ava@example.com")
    c.call("find_user_id_by_email", {"email": "ava@example.com"}, "ava_1")
    c.call("get_order_details", {"order_id": "#W9077205"}, ORDER)
    wrong = c.say("I can return the puzzle and refund the $45.90 to your PayPal account. Shall I go ahead?")
    right = c.say("I can return the puzzle and refund the $45.90 to your gift card. Shall I go ahead?")
    found = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(found, wrong).reasons] == ["text_contradicts_policy"]
    assert "text_contradicts_policy" not in [reason_kind(r) for r in at(found, right).reasons]
    # the text names no order: the one looked up last
    assert "the refund of W9077205" in at(found, wrong).reasons[0]


CARD_ORDER = {**ORDER, "payment_history": [{"transaction_type": "payment", "amount": 45.9,
                                            "payment_method_id": "credit_card_6361025"}]}


@pytest.mark.parametrize(("said", "kinds"), [
    # another card of the customer's, by its id (blind set 90, r90_08 15)
    ("Sure, I can send the $45.90 to your Visa ending in 6169 (credit_card_5788451) instead.",
     ["text_contradicts_policy"]),
    ("Sure, I can send the $45.90 back to your Mastercard (credit_card_6361025).", []),
    ("Sure, I can send the $45.90 to your gift card (gift_card_1234567) instead.", []),
])
def test_a_returns_refund_offered_to_another_card_by_its_id(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail", system=POLICY)
    c.user("I want to return the puzzle in #W9077205. I'm ava_1, ava@example.com. Can it go to my Visa?")
    c.call("find_user_id_by_email", {"email": "ava@example.com"}, "ava_1")
    c.call("get_user_details", {"user_id": "ava_1"}, {"user_id": "ava_1", "payment_methods": {
        "credit_card_5788451": {"source": "credit_card", "brand": "visa", "last_four": "6169", "id": "credit_card_5788451"},
        "credit_card_6361025": {"source": "credit_card", "brand": "mastercard", "last_four": "4275",
                                "id": "credit_card_6361025"},
        "gift_card_1234567": {"source": "gift_card", "balance": 10, "id": "gift_card_1234567"}}})
    c.call("get_order_details", {"order_id": "#W9077205"}, CARD_ORDER)
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_policy"] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind set 72, r72_05: one of the two orders was paid by gift card
    ("#W1620235 and #W9903153: reason 'ordered by mistake'. Both refunds go to your Mastercard ending 6380. Cancel both?",
     [("Mastercard", "#W9903153", "giftcard")]),
    ("Cancelled: #W1620235's $1,077.71 goes to the Mastercard; #W9903153's $3,437.25 goes back to the gift card.", []),
    ("Cancel #W1620235? The refund goes to your Mastercard.", []),
    ("Cancel both? Refunds go back to the original payment methods.", []),  # no kind named
    # a recap's row of an order cancelled already, which the orders still pending do not share (r79_10 77)
    ("| #W6272294 | Cancelled | $3,541.06 refunded to gift card |\n| #W1620235 | No change | — |", []),
    # a line under another order's heading is that order's, not of every order the text names (blind set 84,
    # r84_04 60)
    ("**Cancelled** #W1620235: refund to your credit card.\n\n**Changed on #W1111111**\n- Payment: PayPal -> "
     "Mastercard ($775.40 charged to the card, $775.40 refunded to PayPal).\n\n**Unchanged**\n- #W9903153 (pending).",
     []),
    ("Cancel #W1620235 and #W9903153?\n- Both refunds go back to your PayPal.",
     [("PayPal", "#W1620235", "creditcard"), ("PayPal", "#W9903153", "giftcard")]),
])
def test_a_cancellations_refund_goes_to_the_method_that_paid(text: str, found: list[tuple[str, str, str]]) -> None:
    paid = {"#W1620235": {"creditcard"}, "#W9903153": {"giftcard"}}
    named = {order: kinds for order, kinds in paid.items() if order in text}
    assert misdirected_cancel_refunds(text, named) == found



@pytest.mark.parametrize(("status", "kinds"), [("pending", ["text_misdirected_cancel_refund"]), ("cancelled", [])])
def test_a_cancellations_refund_sent_to_another_kind_in_a_conversation(convo: Any, at: Any, status: str,
                                                                       kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("Cancel #W9903153, ordered by mistake. I'm emma_santos_9753.")
    c.call("get_order_details", {"order_id": "#W9903153"}, {"order_id": "#W9903153", "status": status, "payment_history": [
        {"transaction_type": "payment", "amount": 3437.25, "payment_method_id": "gift_card_6023546"}]})
    i = c.say("Reason: 'ordered by mistake'. The refund goes to your Mastercard ending 6380. Cancel #W9903153?")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misdirected_cancel_refund"] == kinds, found


@pytest.mark.parametrize(("before", "said", "kinds"), [
    # blind sets 82, 83 (r82_12 14, r83_11 16): the answer to "where would the money go?" names no order
    ("#W9903153 is still pending, so it can be cancelled. It contains a Tea Kettle ($3,437.25).",
     "Yes, the $3,437.25 would be refunded to your Visa ending in 8674, within 5-7 business days.",
     ["text_misdirected_cancel_refund"]),
    ("#W9903153 is still pending, so it can be cancelled. It contains a Tea Kettle ($3,437.25).",
     "You'd get the full $3,437.25 back, refunded to the gift card you paid with, at once.", []),
    # the message before is about no cancellation
    ("#W9903153 is still pending. It contains a Tea Kettle ($3,437.25).",
     "Yes, the $3,437.25 would be refunded to your Visa ending in 8674, within 5-7 business days.", []),
    # ... or about cancelling, the order named in the one before it (blind set 84, r84_09 20)
    ("Cancellation applies to the whole order; there's no way to cancel single items.",
     "The refund of $3,437.25 would go back to your Visa ending in 8674, within 5-7 business days.",
     ["text_misdirected_cancel_refund"]),
])
def test_a_cancellations_refund_asked_after_the_order_was_named(convo: Any, at: Any, before: str, said: str,
                                                               kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("Cancel #W9903153, I'm emma_santos_9753.")
    c.call("get_order_details", {"order_id": "#W9903153"}, {"order_id": "#W9903153", "status": "pending", "payment_history": [
        {"transaction_type": "payment", "amount": 3437.25, "payment_method_id": "gift_card_6023546"}],
        "items": [{"name": "Tea Kettle", "item_id": "1", "price": 3437.25}]})
    c.say("#W9903153 is pending: a Tea Kettle ($3,437.25).")
    c.user("can I cancel just part of it?")
    c.say(before)
    c.user("where would the money go? my visa ending in 8674?")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misdirected_cancel_refund"] == kinds, found


@pytest.mark.parametrize(("status", "said", "kinds"), [
    # blind sets 73, 74 (r73_12, r74_07): a change offered on an order that is no longer pending
    ("processed", "Order #W3386455: Vacuum Cleaner, $602.11. I can cancel it for you. Reason?", ["text_contradicts_policy"]),
    ("pending", "Order #W3386455: Vacuum Cleaner, $602.11. I can cancel it for you. Reason?", []),
    ("processed", "#W3386455 is already processed, so it can't be cancelled - but I can still update its shipping "
                  "address if you give me the new one.", ["text_contradicts_policy"]),
    ("processed", "#W3386455 is already processed, so it can't be cancelled or changed.", []),
    # the offer's sentence names another order, a pending one (blind set 94, r94_03 14)
    ("processed", "- **#W3386455** (processed) - the vacuum\n- **#W4284542** (pending) - a speaker\n\nSince #W4284542 "
                  "is pending, I can change its shipping address to:\n\n**894 Hickory Lane**", []),
    ("processed", "- **#W4284542** (pending) - a speaker\n\nSince #W3386455 is open, I can change its shipping address.",
     ["text_contradicts_policy"]),
    # the user's own address offered, not the order's (blind set 82, r82_01 40)
    ("processed", "I can update your default address whenever you like. #W3386455 is processed, so no pending "
                  "shipment's address would change.", []),
])
def test_a_change_offered_on_an_order_no_longer_pending(convo: Any, at: Any, status: str, said: str,
                                                       kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=POLICY)
    c.user("Cancel #W3386455 please, I'm emma_santos_9753.")
    c.call("get_order_details", {"order_id": "#W3386455"}, {"order_id": "#W3386455", "status": status, "items": [
        {"name": "Vacuum Cleaner", "item_id": "1", "price": 602.11}]})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found
