"""Retail descriptions that say a change without the usual verb or in one sentence with another
change, and payment methods said of an item change's money: each read as the user read it."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

KETTLE, BOTTLE = "5268233322", "6777246137"
BLACK_KETTLE, BLUE_BOTTLE = "2323972008", "7843064651"
PAYPAL, GIFT, CARD = "paypal_5914760", "gift_card_4129829", "credit_card_1016162"
USER = {"user_id": "lei_li_6575", "address": {"address1": "905 Highland Drive", "address2": "Suite 807",
                                              "city": "San Francisco", "country": "USA", "state": "CA",
                                              "zip": "94132"},
        "payment_methods": {PAYPAL: {"source": "paypal", "id": PAYPAL},
                            GIFT: {"source": "gift_card", "balance": 80, "id": GIFT},
                            CARD: {"source": "credit_card", "brand": "mastercard", "last_four": "7517", "id": CARD}},
        "orders": ["#W3189752"]}
ORDER = {"order_id": "#W3189752", "user_id": "lei_li_6575", "status": "pending",
         "address": {"address1": "604 Pine Lane", "address2": "Suite 907", "city": "Phoenix", "country": "USA",
                     "state": "AZ", "zip": "85033"},
         "items": [{"name": "Electric Kettle", "product_id": "1075968781", "item_id": KETTLE, "price": 155.99,
                    "options": {"capacity": "1L", "material": "glass", "color": "white"}},
                   {"name": "Water Bottle", "product_id": "8310926033", "item_id": BOTTLE, "price": 47.76,
                    "options": {"capacity": "750ml", "material": "stainless steel", "color": "red"}}],
         "payment_history": [{"transaction_type": "payment", "amount": 203.75, "payment_method_id": CARD}]}
KETTLES = {"name": "Electric Kettle", "product_id": "1075968781", "variants": {
    BLACK_KETTLE: {"item_id": BLACK_KETTLE, "options": {"capacity": "1L", "material": "glass", "color": "black"},
                   "available": True, "price": 146.98},
    "8142779083": {"item_id": "8142779083", "options": {"capacity": "1L", "material": "stainless steel",
                                                        "color": "black"}, "available": True, "price": 157.53}}}
BOTTLES = {"name": "Water Bottle", "product_id": "8310926033", "variants": {
    BLUE_BOTTLE: {"item_id": BLUE_BOTTLE, "options": {"capacity": "750ml", "material": "stainless steel",
                                                      "color": "blue"}, "available": True, "price": 50.14},
    "6469567736": {"item_id": "6469567736", "options": {"capacity": "750ml", "material": "glass", "color": "blue"},
                   "available": True, "price": 47.84}}}


def _convo(convo: Any) -> Any:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("hi, lei_li_6575 here. my order #W3189752")
    c.call("get_user_details", {"user_id": "lei_li_6575"}, USER)
    c.call("get_order_details", {"order_id": "#W3189752"}, ORDER)
    return c


def _reasons(c: Any, index: int) -> list[str]:
    return [reason_kind(r) for r in next(d for d in certify_interaction(c.build()).decisions
                                         if d.message_index == index).reasons]


def _two_items(convo: Any, bottle: str, pay: str = PAYPAL, said: str = "PayPal", sent: str = BLUE_BOTTLE) -> list[str]:
    c = _convo(convo)
    c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
    c.call("get_product_details", {"product_id": "8310926033"}, BOTTLES)
    c.say("The white glass kettle can become the 1L glass black one for $146.98, $9.01 back.")
    c.user("ok. and the bottle blue pls")
    c.say(f"The blue version of your bottle (750ml, {bottle}) is $50.14, so +$2.38. Changing it together with "
          f"the kettle, that is a net refund of $6.63 to {said}. Go ahead?")
    c.user("go ahead")
    i = c.call("modify_pending_order_items", {"order_id": "#W3189752", "item_ids": [KETTLE, BOTTLE],
                                              "new_item_ids": [BLACK_KETTLE, sent], "payment_method_id": pay},
               {**ORDER, "status": "pending (item modified)"})
    return _reasons(c, i)


def test_an_option_said_of_another_item_of_the_call_is_not_this_ones(convo: Any) -> None:
    # "stainless steel" is the bottle's, which is sent stainless steel: the kettle's glass stands
    assert _two_items(convo, "stainless steel") == []
    # where no item sent has them, they still tell the item apart: the bottle sent is the glass one
    assert _two_items(convo, "stainless steel", sent="6469567736") == ["not_described"]
    assert _two_items(convo, "glass", sent="6469567736") == []


def test_a_refund_method_said_of_an_item_change_is_the_calls_choice(convo: Any) -> None:
    assert _two_items(convo, "stainless steel", pay=GIFT) == ["argument_not_confirmed"]
    assert _two_items(convo, "stainless steel", pay=GIFT, said="your gift card") == []


def _harbor_blvd(convo: Any, asked: str, description: str, reply: str, state: str = "FL") -> list[str]:
    """The reasons of a move of #W3189752 to 1200 Harbor Blvd, asked, described and answered so."""
    c = _convo(convo)
    c.user(asked)
    c.say(description)
    c.user(reply)
    i = c.call("modify_pending_order_address", {
        "order_id": "#W3189752", "address1": "1200 Harbor Blvd", "address2": "Suite 400", "city": "Jacksonville",
        "state": state, "country": "USA", "zip": "32202"}, ORDER)
    return _reasons(c, i)


def test_a_new_value_recap_describes_the_change(convo: Any) -> None:
    def verdict(recap: str) -> list[str]:
        return _harbor_blvd(convo, "can you ship it to 1200 harbor blvd suite 400 jacksonville fl 32202", recap,
                            "yes thats right")

    assert verdict("Order #W3189752 (kettle and bottle) is pending. New shipping address: 1200 Harbor Blvd, "
                   "Suite 400, Jacksonville, FL 32202, USA. Confirm?") == []
    # without the new value said, or without the order, nothing describes it
    assert verdict("Order #W3189752 (kettle and bottle) is pending. Shipping address: 604 Pine Lane. "
                   "Confirm?") == ["not_described"]
    assert verdict("New shipping address: 1200 Harbor Blvd, Suite 400, Jacksonville, FL 32202. "
                   "Confirm?") == ["not_described"]
    # the new address under a bare label, after where the order ships now, asked to confirm
    assert verdict("#W3189752 (pending) ships to 604 Pine Lane, Suite 907, Phoenix, AZ 85033.\nNew: 1200 Harbor "
                   "Blvd, Suite 400, Jacksonville, FL 32202, USA. Confirm?") == []
    assert verdict("#W3189752 (pending) ships to 604 Pine Lane, Suite 907, Phoenix, AZ 85033.\nNew: 1200 Harbor "
                   "Blvd, Suite 400, Jacksonville, FL 32202, USA.") == ["not_described"]  # not asked


@pytest.mark.parametrize(("plan", "kinds"), [
    ("Here's the plan:\n1) Ship #W3189752 to 1200 Harbor Blvd, Suite 400, Jacksonville, FL 32202, USA.\n2) Exchange "
     "the lamp in #W2890441 for the black one.\nCould you please confirm (yes/no)?", []),
    ("Here's the plan:\n1) #W3189752 (pending): ship to 1200 Harbor Blvd, Suite 400, Jacksonville, FL 32202, USA.\n"
     "2) Exchange the lamp in #W2890441 for the black one.\nCould you please confirm (yes/no)?", []),
    # where it goes now is no change
    ("Here's the plan:\n1) #W3189752 ships to 604 Pine Lane.\n2) Exchange the lamp in #W2890441 for the black one."
     "\nCould you please confirm (yes/no)?", ["not_described"]),
])
def test_shipping_an_order_to_an_address_describes_the_change(convo: Any, plan: str, kinds: list[str]) -> None:
    assert _harbor_blvd(convo, "ship #W3189752 to 1200 harbor blvd suite 400 jacksonville fl 32202; and exchange "
                               "the lamp in #W2890441", plan, "Yes to all.") == kinds


def test_both_address_changes_in_one_sentence_describe_the_accounts(convo: Any) -> None:
    def verdict(description: str) -> list[str]:
        c = _convo(convo)
        c.user("put 48 palm court apt 2c orlando fl 32801 on the order and on my profile")
        c.say(description)
        c.user("yep both")
        address = {"address1": "48 Palm Court", "address2": "Apt 2C", "city": "Orlando", "state": "FL",
                   "country": "USA", "zip": "32801"}
        i = c.calls(("modify_pending_order_address", {"order_id": "#W3189752", **address}, ORDER),
                    ("modify_user_address", {"user_id": "lei_li_6575", **address}, USER))
        return _reasons(c, i)

    assert verdict("I'll set both the shipping address of #W3189752 and your default address to 48 Palm Court, "
                   "Apt 2C, Orlando, FL 32801, USA. Confirm?") == []
    # the account's first, the order after the "and"
    assert verdict("Change profile address and order #W3189752 to 48 Palm Court, Apt 2C, Orlando, FL 32801, "
                   "USA. Yes?") == []
    # the order's alone: the profile's address is no part of it
    assert verdict("I'll set the shipping address of #W3189752 to 48 Palm Court, Apt 2C, Orlando, FL 32801, USA. "
                   "Confirm?") == ["not_described"]


def test_the_zip_is_a_word_of_the_address_change() -> None:
    from trajectory2gym.certify.action_words import object_stems, tool_object

    tools = frozenset((name, frozenset()) for name in ("modify_pending_order_address", "modify_pending_order_items",
                                                       "modify_pending_order_payment"))
    own, _, rivals = tool_object("modify_pending_order_address", tools)
    assert "zip" in own and "zip" in object_stems("address") and "zip" not in rivals
    assert "zip" in tool_object("modify_pending_order_payment", tools)[2]  # a rival's word for the payment change


@pytest.mark.parametrize(("reply", "confirmed"), [
    ("Yes. Kettle refund to the gift card.", True),  # a payment choice for the other action, no scope
    ("Not yet. Kettle refund to the gift card.", False),  # a payment choice after a no: still no
])
def test_a_payment_choice_for_another_action_is_no_scope_of_the_yes(convo: Any, reply: str, confirmed: bool) -> None:
    c = _convo(convo)
    c.user("make the kettle black, and my default address is now 48 Palm Court, Apt 2C, Orlando, FL 32801")
    c.say("Pending order #W3189752: the white kettle would become the black one (1L glass black), $9.01 refunded; "
          "tell me which payment method. I'll also change your default address to 48 Palm Court, Apt 2C, Orlando, "
          "FL 32801, USA. Could you please confirm (yes/no)?")
    c.user(reply)
    i = c.call("modify_user_address", {"user_id": "lei_li_6575", "address1": "48 Palm Court", "address2": "Apt 2C",
                                       "city": "Orlando", "state": "FL", "country": "USA", "zip": "32801"}, USER)
    assert ([k for k in _reasons(c, i) if k in ("confirmation_not_covering", "not_confirmed")] == []) is confirmed


def test_a_charge_reported_on_the_orders_first_method_is_not_the_exchanges(convo: Any) -> None:
    def reasons(report: str) -> list[str]:
        c = _convo(convo)
        c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
        c.say("I can exchange the kettle for the 1L stainless steel black one (8142779083), $1.54 more, "
              "charged to PayPal. Yes?")
        c.user("yes")
        c.call("exchange_delivered_order_items", {"order_id": "#W3189752", "item_ids": [KETTLE],
                                                  "new_item_ids": ["8142779083"], "payment_method_id": PAYPAL},
               {**ORDER, "status": "exchange requested"})
        return _reasons(c, c.say(report))

    # the order's history shows the card it was paid with before; the exchange charges PayPal
    assert reasons("Exchange requested. $1.54 will be charged to your mastercard.") == [
        "text_misstated_charge_method"]
    assert reasons("Exchange requested. $1.54 will be charged to your PayPal.") == []


def test_a_state_code_in_lower_case_before_the_zip_is_said(convo: Any) -> None:
    def reasons(said: str, state: str) -> list[str]:
        return _harbor_blvd(convo, f"please ship it to 1200 harbor blvd suite 400 {said}",
                            "I'll change the shipping address of #W3189752 to 1200 Harbor Blvd, Suite 400. Confirm?",
                            "yes", state)

    assert reasons("jacksonville fl 32202", "FL") == []
    # a code that is also a word needs the address's comma: "in 32202" is no Indiana
    assert reasons("jacksonville in 32202", "IN") == ["not_visible"]
    assert reasons("jacksonville, in 32202", "IN") == []


SHELF_3, SHELF_4, SHELF_5 = "2989722512", "7373893106", "8895454203"
SHELVES_ORDER = {**ORDER, "items": [
    {"name": "Bookshelf", "product_id": "8600330539", "item_id": SHELF_3, "price": 455.34,
     "options": {"material": "glass", "color": "white", "height": "3 ft"}},
    {"name": "Bookshelf", "product_id": "8600330539", "item_id": SHELF_4, "price": 531.22,
     "options": {"material": "glass", "color": "white", "height": "4 ft"}},
    ORDER["items"][0]]}
SHELVES = {"name": "Bookshelf", "product_id": "8600330539", "variants": {
    SHELF_5: {"item_id": SHELF_5, "options": {"material": "glass", "color": "white", "height": "5 ft"},
              "available": True, "price": 504.65}}}


def _shelves(convo: Any, table_net: str, recap: str, reply: str) -> tuple[list[str], list[str]]:
    c = _convo(convo)
    c.call("get_order_details", {"order_id": "#W3189752"}, SHELVES_ORDER)
    c.call("get_product_details", {"product_id": "8600330539"}, SHELVES)
    c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
    table = c.say("| Item | Now | New | Change |\n|---|---|---|---|\n"
                  "| Bookshelf | 3 ft — $455.34 | 5 ft — $504.65 | +$49.31 |\n"
                  "| Bookshelf | 4 ft — $531.22 | 5 ft — $504.65 | −$26.57 |\n"
                  "| Electric Kettle | white — $155.99 | black — $146.98 | −$9.01 |\n\n"
                  f"Net: **+${table_net}** to pay. Which payment method?")
    c.user("paypal")
    c.say(recap)
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W3189752", "item_ids": [SHELF_3, SHELF_4, KETTLE],
                                              "new_item_ids": [SHELF_5, SHELF_5, BLACK_KETTLE],
                                              "payment_method_id": PAYPAL}, SHELVES_ORDER)
    return _reasons(c, table), _reasons(c, i)


def test_a_net_of_signed_changes_and_both_items_named_in_the_plural(convo: Any) -> None:
    recap = ("Final check for #W3189752: I will change both bookshelves → glass / white / 5 ft, the kettle → black; $13.73 charged "
             "to PayPal. Anything else on this order before I submit?")
    assert _shelves(convo, "13.73", recap, "no that's it, go for it") == ([], [])
    # a net the signed changes do not make is no derivation of them
    assert _shelves(convo, "15.73", recap, "no that's it, go for it")[0] == ["text_not_visible"]
    # one bookshelf named, and a plain refusal: neither covers the call
    one = recap.replace("both bookshelves", "the 3 ft bookshelf").replace("bookshelves", "bookshelf")
    assert _shelves(convo, "13.73", recap, "no, leave it")[1] == ["not_confirmed"]
    assert "not_described" in _shelves(convo, "13.73", one.replace(", the kettle → black", ""), "go for it")[1]


@pytest.mark.parametrize(("description", "kinds"), [
    ("Confirm please: 1) #W3189752 Electric Kettle 1L glass white -> 1L glass black, 9.01 back to PayPal. Yes?", []),
    # no arrow, but both items by their options: the one sent, and the one it replaces by its white
    ("Confirm please: #W3189752 Electric Kettle 1L glass white, 1L glass black, 9.01 back to PayPal. Yes?", []),
    ("Confirm please: #W3189752 Electric Kettle 1L glass black, 9.01 back to PayPal. Yes?", ["not_described"]),
])
def test_an_item_change_written_as_an_arrow(convo: Any, description: str, kinds: list[str]) -> None:
    assert _kettle_to_black(convo, description, "Yes") == kinds


def _kettle_to_black(convo: Any, description: str, reply: str) -> list[str]:
    """The reasons of changing the white kettle to the black one after the kettles' listing, the
    description and the reply."""
    c = _convo(convo)
    c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
    c.say(description)
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W3189752", "item_ids": [KETTLE],
                                              "new_item_ids": [BLACK_KETTLE], "payment_method_id": PAYPAL}, ORDER)
    return _reasons(c, i)


@pytest.mark.parametrize(("said", "kinds"), [("both bookshelves", []), ("both items", ["not_described"])])
def test_items_named_in_the_plural_name_the_call(convo: Any, said: str, kinds: list[str]) -> None:
    c = _convo(convo)
    c.call("get_order_details", {"order_id": "#W3189752"}, SHELVES_ORDER)
    c.call("get_product_details", {"product_id": "8600330539"}, SHELVES)
    c.user("both bookshelves to the 5 ft one please, paypal")
    c.say(f"Confirm: #W3189752 {said} changed as above, $22.74 charged to PayPal. Yes?")
    c.user("yes")
    i = c.call("modify_pending_order_items", {"order_id": "#W3189752", "item_ids": [SHELF_3, SHELF_4],
                                              "new_item_ids": [SHELF_5, SHELF_5], "payment_method_id": PAYPAL},
               SHELVES_ORDER)
    assert [k for k in _reasons(c, i) if k != "text_not_visible"] == kinds


@pytest.mark.parametrize(("offer", "kinds"), [
    # the new item by every option, the one it replaces by an option the new one lacks
    ("The only black one is 1L / glass / black at $146.98. Yours (1L glass white) was $155.99, so you'd get "
     "$9.01 back. Refund to PayPal?", []),
    ("The only black one is 1L / glass / black at $146.98, so you'd get $9.01 back. Refund to PayPal?",
     ["not_described"]),  # which item it replaces: not said
    ("Yours (1L glass white) was $155.99. There is also 1L / stainless steel / black at $157.53. Refund to "
     "PayPal?", ["not_described"]),  # another new item
])
def test_an_item_change_said_by_both_items_options(convo: Any, offer: str, kinds: list[str]) -> None:
    assert [k for k in _kettle_to_black(convo, offer, "paypal. yes do it") if k in ("not_described", "not_confirmed")] \
        == kinds


@pytest.mark.parametrize(("answer", "kinds"), [
    # the policy's alternative to the original method, said in an answer, chooses nothing (blind set 90, r90_08 39)
    ("I can't say what happens if the card is closed. Per policy, the refund can only go to the original method or "
     "a gift card, and there's no gift card on your account.", []),
    ("Then I'll put the refund on your gift card instead.", ["argument_not_confirmed"]),
])
def test_a_method_the_policy_allows_is_no_choice(convo: Any, answer: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("hi, lei_li_6575 here. I want to return the kettle of #W3189752")
    c.call("get_user_details", {"user_id": "lei_li_6575"}, USER)
    c.call("get_order_details", {"order_id": "#W3189752"}, {**ORDER, "status": "delivered"})
    c.say(f"Here's the return of the Electric Kettle {KETTLE} on #W3189752: $155.99 refunded to your Mastercard "
          f"ending 7517 ({CARD}). Go ahead? (yes/no)")
    c.user("What if the Mastercard is closed by then?")
    c.say(answer)
    c.user("Fine. Yes, do it.")
    i = c.call("return_delivered_order_items", {"order_id": "#W3189752", "item_ids": [KETTLE], "payment_method_id": CARD},
               {**ORDER, "status": "return requested"})
    assert [k for k in _reasons(c, i) if k == "argument_not_confirmed"] == kinds


@pytest.mark.parametrize(("described", "kinds"), [
    # thanks for an explanation that asked nothing is no yes (blind set 90, r90_05 41)
    (f"The payment change for #W3189752: it would be paid with your gift card ({GIFT}), and your Mastercard gets "
     "the $203.75 back.", ["not_confirmed"]),
    (f"The payment change for #W3189752: it would be paid with your gift card ({GIFT}), and your Mastercard gets "
     "the $203.75 back. Shall I go ahead?", []),
])
def test_thanks_for_an_explanation_is_no_yes(convo: Any, described: str, kinds: list[str]) -> None:
    c = _convo(convo)
    c.user("how would my balances look after that?")
    c.say(described)
    c.user("perfect, thanks for breaking that down")
    i = c.call("modify_pending_order_payment", {"order_id": "#W3189752", "payment_method_id": GIFT}, ORDER)
    assert [k for k in _reasons(c, i) if k == "not_confirmed"] == kinds, _reasons(c, i)


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 104, r104_03 26: the reply names what only the second side has, so it picks it
    ("ugh fine include the bottle too. go", []),
    ("ugh fine. go", ["not_confirmed"]),  # picks neither side
    ("kettle only. go", ["confirmation_not_covering"]),
    ("fine, just the kettle. go", ["confirmation_not_covering"]),
])
def test_a_reply_that_picks_a_side_of_an_either_or_question(convo: Any, reply: str, kinds: list[str]) -> None:
    c = _convo(convo)
    c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
    c.call("get_product_details", {"product_id": "8310926033"}, BOTTLES)
    c.say(f"To confirm: in #W3189752, kettle {KETTLE} -> {BLACK_KETTLE} ($146.98) and bottle {BOTTLE} -> "
          f"{BLUE_BOTTLE} ($50.14), a net refund of $6.63 to PayPal. Go ahead?")
    c.user("do just the kettle for now, not sure about the bottle")
    c.say("Understood. An order's items can be changed only once, so the bottle couldn't be changed later. "
          "Do you want the kettle only, or the kettle and bottle together?")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W3189752", "item_ids": [KETTLE, BOTTLE],
                                              "new_item_ids": [BLACK_KETTLE, BLUE_BOTTLE], "payment_method_id": PAYPAL},
               {**ORDER, "status": "pending (item modified)"})
    assert _reasons(c, i) == kinds


@pytest.mark.parametrize(("answer", "kinds"), [
    # blind set 104, r104_09 44: the item asked about is one of the order whose address changes
    ("Yes - it's the white glass Electric Kettle at $155.99. Shall I go ahead with the address change to "
     "1 Main St, Austin, TX 78701?", []),
    # an item of another order: the yes may be about that one
    ("Yes - your other order has the Desk Lamp. Shall I go ahead with the address change to "
     "1 Main St, Austin, TX 78701?", ["confirmation_not_covering"]),
])
def test_a_yes_after_an_answer_naming_an_item_of_the_order_whose_address_changes(convo: Any, answer: str,
                                                                                kinds: list[str]) -> None:
    c = _convo(convo)
    c.call("get_order_details", {"order_id": "#W7000000"}, {
        "order_id": "#W7000000", "status": "delivered", "items": [{"name": "Desk Lamp", "item_id": "1111111111",
                                                                   "price": 20.0}]})
    c.user("Send #W3189752 to 1 Main St, Austin, TX 78701 instead.")
    c.say("To confirm: change the shipping address of #W3189752 to 1 Main St, Austin, TX 78701, USA. Shall I proceed?")
    c.user("One moment - is the kettle in that order the white one?")
    c.say(answer)
    c.user("Yes, proceed.")
    i = c.call("modify_pending_order_address", {"order_id": "#W3189752", "address1": "1 Main St", "address2": "",
                                                "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"},
               {**ORDER, "address": {"address1": "1 Main St"}})
    assert _reasons(c, i) == kinds
