"""Workflow verdicts on retail calls that touch several items, a payment method or a reason: a yes
that names some of the items covers only a call on those, a description names every item and the
variant the call sends, and the confirmed payment method and reason are the ones the call uses."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs

LAMP, KETTLE, SHIRT = "9190635437", "5268233322", "9612497925"
PAYPAL, CARD, GIFT = "paypal_7503218", "credit_card_8405687", "gift_card_7588375"
USER = {"user_id": "yusuf_garcia_3055", "payment_methods": {
    PAYPAL: {"source": "paypal", "id": PAYPAL},
    CARD: {"source": "credit_card", "brand": "mastercard", "last_four": "3762", "id": CARD},
    GIFT: {"source": "gift_card", "balance": 15, "id": GIFT}}}
ORDER = {"order_id": "#W4794911", "user_id": "yusuf_garcia_3055", "status": "delivered", "items": [
    {"name": "Desk Lamp", "product_id": "6817146515", "item_id": LAMP, "price": 153.23},
    {"name": "Electric Kettle", "product_id": "1075968781", "item_id": KETTLE, "price": 155.99},
    {"name": "T-Shirt", "product_id": "9523456873", "item_id": SHIRT, "price": 50.88,
     "options": {"color": "blue", "size": "M"}}],
    "payment_history": [{"payment_method_id": PAYPAL, "amount": 360.10}]}
SHIRTS = {"name": "T-Shirt", "product_id": "9523456873", "variants": {
    "8349118980": {"item_id": "8349118980", "options": {"color": "blue", "size": "S"}, "available": True},
    "1111111111": {"item_id": "1111111111", "options": {"color": "red", "size": "M"}, "available": True}}}
BOTH = "I can return the Desk Lamp (9190635437) and the Electric Kettle (5268233322) from order #W4794911, " \
       "refunding $309.22 to your PayPal. Shall I proceed?"


def _decision(convo: Any, description: str, reply: str, name: str, args: dict[str, Any],
              order: dict[str, Any] = ORDER, product: dict[str, Any] = SHIRTS) -> Any:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return some things from order #W4794911. My user id is yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4794911"}, order)
    c.call("get_product_details", {"product_id": product["product_id"]}, product)
    c.say(description)
    c.user(reply)
    i = c.call(name, args, {**order, "status": "return requested"})
    return next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)


def _looked_up(convo: Any, request: str, *products: dict[str, Any]) -> Any:
    """A retail conversation: the request, then the user's profile, order #W4794911 and ``products``."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user(request)
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4794911"}, ORDER)
    for product in products:
        c.call("get_product_details", {"product_id": product["product_id"]}, product)
    return c


def _workflow(convo: Any, description: str, reply: str, name: str, args: dict[str, Any],
              order: dict[str, Any] = ORDER) -> list[str]:
    decision = _decision(convo, description, reply, name, args, order)
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


def _return(*items: str, pay: str = PAYPAL) -> tuple[str, dict[str, Any]]:
    return "return_delivered_order_items", {"order_id": "#W4794911", "item_ids": list(items),
                                            "payment_method_id": pay}


@pytest.mark.parametrize("reply", ["Just the lamp, actually.", "Yes, both. Oh wait, actually keep the kettle.",
                                   "No, just the lamp.", "Yes to the lamp. Keep the kettle as it is.",
                                   "Oh, then only the lamp, I threw away the kettle box.",
                                   "The lamp yes, the kettle no."])
def test_a_yes_to_some_items_does_not_cover_a_call_on_all(convo, reply: str) -> None:
    assert _workflow(convo, BOTH, reply, *_return(LAMP, KETTLE)) == ["confirmation_not_covering"]


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 81, r81_12 25: an item named only to doubt it, then a yes to all
    ("Hmm, am I sure about the lamp... yes. Yes, do it.", []),
    ("Hmm, just the lamp. Yes, do it.", ["confirmation_not_covering"]),
])
def test_an_item_named_in_doubt_does_not_narrow_the_yes(convo, reply: str, kinds: list[str]) -> None:
    assert _workflow(convo, BOTH, reply, *_return(LAMP, KETTLE)) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 74, r74_04: "the bike" is the Bicycle
    ("OK yes, please go ahead with the return of the lamp and the bike.", []),
    ("OK yes, please go ahead with the return of the lamp.", ["confirmation_not_covering"]),
])
def test_an_item_named_by_its_short_name(convo, reply: str, kinds: list[str]) -> None:
    bike = "3624655057"
    order = {**ORDER, "items": [ORDER["items"][0], {"name": "Bicycle", "product_id": "9783735446", "item_id": bike,
                                                    "price": 2195.04}]}
    said = ("I can return the Desk Lamp (9190635437) and the Bicycle (3624655057) from order #W4794911, refunding "
            "$2,348.27 to your PayPal. Shall I proceed?")
    assert _workflow(convo, said, reply, *_return(LAMP, bike), order=order) == kinds


def test_a_yes_to_all_items_covers_them(convo) -> None:
    assert _workflow(convo, BOTH, "No, just the lamp.", *_return(LAMP)) == []
    for lamp_only in ("The lamp yes, the kettle no.", "No to the kettle, yes to the lamp.",
                      "The lamp yes and the kettle no.", "Lamp yes, kettle no.", "Kettle no, lamp yes.",
                      "The lamp is fine to return, the kettle I'll keep."):
        assert _workflow(convo, BOTH, lamp_only, *_return(LAMP)) == [], lamp_only
    assert _workflow(convo, BOTH, "Yes, no to anything else.", *_return(LAMP, KETTLE)) == []
    for both in ("Yes, both, the kettle is no good anyway.", "Yes, both. The kettle is not working anyway.",
                 "No changes, please go ahead."):
        assert _workflow(convo, BOTH, both, *_return(LAMP, KETTLE)) == [], both
    narrowed = "Yes, both. Oh wait, actually keep the kettle, I'll use it after all. Just the lamp."
    assert _workflow(convo, BOTH, narrowed, *_return(LAMP, KETTLE)) == ["confirmation_not_covering"]
    assert _workflow(convo, BOTH, "Yes, both.", *_return(LAMP, KETTLE)) == []
    asked = ("Which would you like to return, with the refund to your PayPal: the Desk Lamp (9190635437) or "
             "the Electric Kettle (5268233322)?")
    assert _workflow(convo, asked, "Both, please.", *_return(LAMP, KETTLE)) == []


def test_a_call_on_an_item_the_description_never_named(convo) -> None:
    assert _workflow(convo, BOTH, "Yes.", *_return(LAMP, KETTLE, SHIRT)) == ["not_described"]


def test_the_payment_method_is_the_one_confirmed_last(convo) -> None:
    gift = BOTH.replace("to your PayPal", "to your gift card")
    assert _workflow(convo, gift, "Yes.", *_return(LAMP, KETTLE, pay=PAYPAL)) == ["argument_not_confirmed"]
    assert _workflow(convo, gift, "Yes.", *_return(LAMP, KETTLE, pay=GIFT)) == []
    card = BOTH.replace("to your PayPal", "to your Mastercard ending 3762")
    assert _workflow(convo, card, "Yes.", *_return(LAMP, KETTLE, pay=CARD)) == []
    # "Your card", of no kind: a card, not PayPal.
    some_card = BOTH.replace("to your PayPal", "back to your card")
    assert _workflow(convo, some_card, "Yes.", *_return(LAMP, KETTLE, pay=PAYPAL)) == ["argument_not_confirmed"]
    assert _workflow(convo, some_card, "Yes.", *_return(LAMP, KETTLE, pay=CARD)) == []
    # The user may choose: the last message naming a method counts.
    choose = BOTH.replace("to your PayPal. Shall I proceed?", "to your PayPal or your gift card?")
    assert _workflow(convo, choose, "The gift card, yes.", *_return(LAMP, KETTLE, pay=PAYPAL)) == [
        "argument_not_confirmed"]


def test_the_cancellation_reason_is_the_one_confirmed(convo) -> None:
    pending = {**ORDER, "status": "pending"}
    said = "I'll cancel pending order #W4794911 because it was ordered by mistake. Shall I?"
    cancel = "cancel_pending_order"
    assert _workflow(convo, said, "Yes.", cancel, {"order_id": "#W4794911", "reason": "no longer needed"},
                     pending) == ["argument_not_confirmed"]
    assert _workflow(convo, said, "Yes.", cancel, {"order_id": "#W4794911", "reason": "ordered by mistake"},
                     pending) == []


def test_the_variant_sent_is_the_one_described(convo) -> None:
    said = "I can exchange the T-Shirt 9612497925 for the blue S (8349118980) at no cost. Shall I?"
    exchange = "exchange_delivered_order_items"
    args = {"order_id": "#W4794911", "item_ids": [SHIRT], "payment_method_id": PAYPAL}
    assert _workflow(convo, said, "Yes.", exchange, {**args, "new_item_ids": ["1111111111"]}) == ["not_described"]
    assert _workflow(convo, said, "Yes.", exchange, {**args, "new_item_ids": ["8349118980"]}) == []
    # The order by identifier and the new item by every option value, not by name: described.
    by_options = "Option 2 (blue, size S): no cost, PayPal. Exchange it on #W4794911?"
    assert _workflow(convo, by_options, "Yes.", exchange, {**args, "new_item_ids": ["8349118980"]}) == []
    assert _workflow(convo, by_options.replace("#W4794911", "your order"), "Yes.", exchange,
                     {**args, "new_item_ids": ["8349118980"]}) == ["not_described"]


KETTLE_VARIANTS = {"name": "Electric Kettle", "product_id": "1075968781", "variants": {
    "4064702754": {"item_id": "4064702754", "options": {"capacity": "2L", "material": "glass"}, "available": True},
    "4458619711": {"item_id": "4458619711", "options": {"capacity": "2L", "material": "steel"}, "available": True}}}


@pytest.mark.parametrize(("kettle", "kinds"), [("4064702754", []), ("4458619711", ["not_described"])])
def test_a_tables_row_names_the_variant_of_the_item_it_changes(convo, kettle: str, kinds: list[str]) -> None:
    # blind audit r58_04: the kettle's row names 4064702754; the call sends its sibling 4458619711
    c = _looked_up(convo, "I want to exchange two things from order #W4794911. My user id is yusuf_garcia_3055.",
                   SHIRTS, KETTLE_VARIANTS)
    c.say("Here are the changes:\n\n| Item | New |\n|---|---|\n| T-Shirt | blue, S (8349118980) |\n"
          "| Electric Kettle | item 4064702754 |\n\nBoth exchanges on #W4794911, the difference to your "
          "PayPal. Do you want me to make these changes?")
    c.user("Yes.")
    i = c.call("exchange_delivered_order_items", {"order_id": "#W4794911", "item_ids": [SHIRT, KETTLE],
                                                  "new_item_ids": ["8349118980", kettle], "payment_method_id": PAYPAL},
               {**ORDER, "status": "exchange requested"})
    d = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, d.reasons) if reason_check(k) == "workflow"] == kinds, d.reasons


def test_a_yes_taken_back_by_the_actions_verb_in_the_same_reply(convo) -> None:
    pending = {**ORDER, "status": "pending"}
    said = "I'll cancel pending order #W4794911 because it is no longer needed. Shall I?"
    args = {"order_id": "#W4794911", "reason": "no longer needed"}
    assert _workflow(convo, said, "Hmm, yes... actually no, don't cancel it.", "cancel_pending_order", args,
                     pending) == ["not_confirmed"]
    assert _workflow(convo, said, "Yes, cancel it, don't send me any emails about it.", "cancel_pending_order",
                     args, pending) == []


@pytest.mark.parametrize("reply", ["Yes, no.", "Okay, no to that.", "Okay, no to the whole thing.",
                                   "Hmm, the lamp, no.", "Sure, no to the return."])
def test_a_no_after_a_comma_still_refuses(convo, reply: str) -> None:
    # Only "..., no to <something>" and "..., the <thing> no" start a clause of their own.
    assert _workflow(convo, BOTH, reply, *_return(LAMP, KETTLE)) != []


def test_yes_to_one_action_no_to_the_other(convo) -> None:
    two = ("I can (1) return the Desk Lamp (9190635437) from order #W4794911, refunded to your PayPal, and "
           "(2) exchange the T-Shirt (9612497925) for the blue size S one (8349118980). Shall I do both?")
    reply = "Yes to the return, no to the exchange."
    assert _workflow(convo, two, reply, *_return(LAMP)) == []
    swap = {"order_id": "#W4794911", "item_ids": [SHIRT], "new_item_ids": ["8349118980"],
            "payment_method_id": PAYPAL}
    assert _workflow(convo, two, reply, "exchange_delivered_order_items", swap) != []


def test_picking_an_offered_payment_method_confirms(convo) -> None:
    ask = BOTH.replace("to your PayPal. Shall I proceed?",
                       "to your PayPal or your gift card. Which would you like, and shall I proceed?")
    assert _workflow(convo, ask, "Use my gift card then.", *_return(LAMP, KETTLE, pay=GIFT)) == []
    assert _workflow(convo, ask, "Use my gift card then.", *_return(LAMP, KETTLE, pay=PAYPAL)) == [
        "argument_not_confirmed"]
    # Refusing one offered method picks the other.
    assert _workflow(convo, ask, "Not PayPal, the gift card.", *_return(LAMP, KETTLE, pay=GIFT)) == []
    assert _workflow(convo, ask, "Not PayPal, no.", *_return(LAMP, KETTLE, pay=GIFT)) != []
    # Not a pick: a method the question did not offer, a question back, or no choice offered at all.
    assert _workflow(convo, ask, "Use my mastercard then.", *_return(LAMP, KETTLE, pay=CARD)) != []
    assert _workflow(convo, ask, "PayPal or gift card, which is faster?", *_return(LAMP, KETTLE)) != []
    assert _workflow(convo, BOTH, "Use my gift card then.", *_return(LAMP, KETTLE, pay=GIFT)) != []
    # Where only the method was asked, no go-ahead, the pick answers that and confirms nothing (blind sets 98
    # and 101: r98_09 32, r101_05 38)
    which = BOTH.replace("to your PayPal. Shall I proceed?", "to your PayPal or your gift card. Which would you like?")
    assert _workflow(convo, which, "Use my gift card then.", *_return(LAMP, KETTLE, pay=GIFT)) != []
    assert _workflow(convo, which, "The gift card please.", *_return(LAMP, KETTLE, pay=GIFT)) != []
    assert _workflow(convo, which, "The gift card. Yes, go ahead.", *_return(LAMP, KETTLE, pay=GIFT)) == []


def test_a_payment_method_said_after_instead_of_is_the_one_left(convo) -> None:
    gift = BOTH.replace("to your PayPal", "to your gift card instead of PayPal")
    assert _workflow(convo, gift, "Yes.", *_return(LAMP, KETTLE, pay=PAYPAL)) == ["argument_not_confirmed"]
    assert _workflow(convo, gift, "Yes.", *_return(LAMP, KETTLE, pay=GIFT)) == []
    back = "yes, but refund my gift card instead of paypal"
    assert _workflow(convo, BOTH, back, *_return(LAMP, KETTLE, pay=PAYPAL)) == ["argument_not_confirmed"]


def test_what_the_user_keeps_after_a_comma(convo) -> None:
    reply = "hmm ok but only the lamp, I'll keep the kettle as is"
    assert _workflow(convo, BOTH, reply, *_return(LAMP)) == []
    assert _workflow(convo, BOTH, reply, *_return(LAMP, KETTLE)) == ["confirmation_not_covering"]


def test_a_replacement_is_the_one_whose_options_were_described(convo) -> None:
    said = ("I can exchange the T-Shirt (9612497925) from order #W4794911 for the blue size S one, any "
            "difference on your PayPal. Shall I?")
    swap = {"order_id": "#W4794911", "item_ids": [SHIRT], "payment_method_id": PAYPAL}
    assert _workflow(convo, said, "Yes.", "exchange_delivered_order_items", {**swap, "new_item_ids": ["8349118980"]}) == []
    assert _workflow(convo, said, "Yes.", "exchange_delivered_order_items", {**swap, "new_item_ids": ["1111111111"]}) == [
        "not_described"]


@pytest.mark.parametrize(("later", "ok"), [
    ("The refund usually takes 5-7 business days. Shall I proceed?", True),  # goes on with the return
    ("Would you like me to list the other colors of the kettle first?", False),  # offers something else
    ("Should I check whether the lamp comes in white too?", False),
])
def test_a_yes_to_a_later_question_covers_the_action_only_if_it_goes_on_with_it(convo, later: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return some things from order #W4794911. My user id is yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4794911"}, ORDER)
    c.say(BOTH)
    c.user("How long does the refund take?")
    c.say(later)
    c.user("yes")
    i = c.call(*_return(LAMP, KETTLE), {"ok": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize("reply", ["looks good", "Looks right to me.", "all good", "k", "go.", "fine", "👍", "pls do",
                                   "make it so", "sounds like a plan", "sí, please", "oui merci"])
def test_everyday_yes_phrases_confirm(convo, reply: str) -> None:
    assert _workflow(convo, BOTH, reply, *_return(LAMP, KETTLE)) == []


CHAIRS = {"order_id": "#W4862767", "user_id": "yusuf_garcia_3055", "status": "pending", "items": [
    {"name": "Office Chair", "product_id": "4794339885", "item_id": "8323284863", "price": 511.24,
     "options": {"material": "fabric", "color": "blue", "backrest height": "standard"}},
    {"name": "Office Chair", "product_id": "4794339885", "item_id": "1071497737", "price": 483.95,
     "options": {"material": "leather", "color": "gray", "backrest height": "high-back"}}]}
BLACK = {"name": "Office Chair", "product_id": "4794339885", "variants": {"1793929609": {
    "item_id": "1793929609", "options": {"material": "fabric", "color": "black", "backrest height": "high-back"},
    "available": True, "price": 514.34}}}


def _chair_changed(convo: Any, product: dict[str, Any], description: str, item: str) -> Any:
    """The decision on changing one of the two office chairs of CHAIRS for the one ``product`` lists,
    after ``description`` and a yes."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to change an office chair in order #W4862767. My user id is yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4862767"}, CHAIRS)
    c.call("get_product_details", {"product_id": "4794339885"}, product)
    c.say(description)
    c.user("yes")
    new = next(iter(product["variants"]))
    i = c.call("modify_pending_order_items", {"order_id": "#W4862767", "item_ids": [item],
                                              "new_item_ids": [new], "payment_method_id": CARD}, {"ok": True})
    return next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)


@pytest.mark.parametrize(("item", "ok"), [("8323284863", True), ("1071497737", False)])
def test_of_two_items_of_one_name_the_one_described_is_changed(convo, item: str, ok: bool) -> None:
    decision = _chair_changed(convo, BLACK, "I'll change your Office Chair (blue fabric, standard back) to the black "
                              "fabric high-back one (1793929609), $3.10 more on your Mastercard ending 3762. Shall I?", item)
    assert (reason_kind(decision.reasons[0]) if decision.reasons else None) == (None if ok else "not_described")


@pytest.mark.parametrize(("items", "ok"), [(["8323284863", "1071497737"], True), (["1071497737"], False)])
def test_two_items_of_one_name_both_described_may_both_be_returned(convo, items: list[str], ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return both office chairs from #W4862767 please. My user id is yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4862767"}, {**CHAIRS, "status": "delivered"})
    c.say("From #W4862767: Office Chair (blue fabric, standard back) at $511.24 and Office Chair (gray leather) "
          "at $483.95 - a refund of $995.19 to your Mastercard ending 3762. Shall I submit the return?"
          if ok else "From #W4862767: Office Chair (blue fabric, standard back) at $511.24, refunded to your "
          "Mastercard ending 3762. Shall I submit the return?")
    c.user("Yes.")
    i = c.call("return_delivered_order_items", {"order_id": "#W4862767", "item_ids": items,
                                                 "payment_method_id": CARD}, {"ok": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


TABLE = ("Found it! Order #W4794911:\n\n| Item | Price |\n|---|---|\n| Desk Lamp | $153.23 |\n"
         "| Electric Kettle | $155.99 |\n| T-Shirt | $50.88 |\n\n")


@pytest.mark.parametrize(("action", "items", "ok"), [
    # A table of the whole order names every item: the action's sentence says which are returned.
    ("Just to confirm: you'd like to return the Desk Lamp and the T-Shirt, refund to PayPal?", (LAMP, KETTLE), False),
    ("Just to confirm: you'd like to return the T-Shirt, refund to PayPal?", (KETTLE,), False),
    ("Just to confirm: you'd like to return the Desk Lamp and the Electric Kettle, refund to PayPal?",
     (LAMP, KETTLE), True),
    ("The T-Shirt can't be returned anymore. I'll return the Desk Lamp and the kettle to your PayPal. Okay?",
     (LAMP, KETTLE), True),
    # Clause by clause: what the sentence keeps is not what it acts on.
    ("So: return the Desk Lamp and the T-Shirt and keep the Electric Kettle, refund to PayPal?", (LAMP, KETTLE), False),
    ("So: return the Desk Lamp and the Electric Kettle, but keep the T-Shirt, refund to PayPal?", (LAMP, KETTLE), True),
    ("Got it, the Desk Lamp. Returning the T-Shirt would need a separate request. Shall I return the lamp to PayPal?",
     (LAMP,), True),
    # An arrow line is the change; a later sentence of what can no longer be done is no action on the others.
    ("Please confirm the return:\n- Desk Lamp ($153.23) → refund to PayPal\n\nAn order's items can be returned "
     "only once, so the kettle and T-Shirt couldn't be returned afterwards. Go ahead?", (LAMP,), True),
    # The same said of the whole message after a table of the change (blind audit r54_12).
    ("Here's the return:\n| Item | Price |\n|---|---|\n| Desk Lamp | $153.23 |\n\nThis uses the one return allowed "
     "on the order, so the kettle and T-Shirt couldn't be returned afterwards. Refund to PayPal. Shall I proceed?",
     (LAMP,), True),
    # A run of names shares the clause that ends it (blind audit r67_02).
    ("Confirm return:\n- Order #W4794911, the Desk Lamp\n- Refund $153.23 to PayPal\n- Returns on a delivered "
     "order happen once, so the kettle, T-Shirt and the rest can't be returned later.\nYes/no?", (LAMP,), True),
    # An offer of more is no action: "if you want to return anything else (the T-Shirt), now's the time".
    ("Here's the return request:\n| Item | Price |\n|---|---|\n| Desk Lamp | $153.23 |\n| Electric Kettle | $155.99 |"
     "\n\nRefund to PayPal. If you want to return anything else from this order (T-Shirt), now's the time. Shall I "
     "submit the return for these two items?", (LAMP, KETTLE), True),
])
def test_the_action_sentence_not_the_order_table_names_the_items(convo, action: str, items: tuple[str, ...],
                                                                 ok: bool) -> None:
    assert _workflow(convo, TABLE + action, "yep thats right", *_return(*items)) == ([] if ok else ["not_described"])


@pytest.mark.parametrize(("note", "kinds"), [
    # blind set 103, r103_08 42: the arrow line is the change; the once-only note after it denies a change of
    # another item only
    ("Note that items in a pending order can be changed only once, so the kettle couldn't be changed afterwards.",
     []),
    ("", []),
])
def test_an_arrow_change_beside_a_note_of_what_could_not_be_changed_after(convo, note: str, kinds: list[str]) -> None:
    c = _looked_up(convo, "The T-shirt in #W4794911: I want it in size S, the rest the same. I'm yusuf_garcia_3055.", SHIRTS)
    c.say(f"To confirm:\n- Order #W4794911\n- T-Shirt item {SHIRT} -> item 8349118980\n- $0.00 on {PAYPAL}\n"
          f"The kettle stays. {note} Shall I proceed?")
    c.user("Go ahead with just the shirt change you described, yes.")
    i = c.call("modify_pending_order_items", {"order_id": "#W4794911", "item_ids": [SHIRT], "new_item_ids": ["8349118980"],
                                              "payment_method_id": PAYPAL}, {**ORDER, "status": "pending (item modified)"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


CHANGES = ("Here's the return for order #W4794911:\n\n- Desk Lamp: $153.23\n- Electric Kettle: $155.99\n\n"
           "Refund to your PayPal. Shall I proceed?")


@pytest.mark.parametrize(("description", "reply", "items", "ok"), [
    (CHANGES, "yes", (LAMP,), False),  # the kettle confirmed, and left out of the one return
    (CHANGES, "yes", (LAMP, KETTLE), True),
    (CHANGES, "yes, but just the lamp", (LAMP,), True),  # the user narrowed it: the yes's scope decides
    (CHANGES.replace("Electric Kettle: $155.99", "Electric Kettle: stays in the order"), "yes", (LAMP,), True),
    (TABLE + "I'll return the Desk Lamp to your PayPal. Shall I proceed?", "yes", (LAMP,), True),  # the order
    # A list under the order's table is the selection; a list under "Keeping:" keeps its items.
    (TABLE + "Here's what I'll return:\n- Desk Lamp\n- T-Shirt\n\nShall I?", "yes", (LAMP, KETTLE), False),
    ("**Returning:**\n- Desk Lamp\n\n**Keeping:**\n- Electric Kettle\n\nRefund to PayPal for order #W4794911. OK?",
     "yes", (LAMP,), True),
    # Every item of the order, under a line that says the action: the change, not the order.
    ("Here's the return for order #W4794911:\n- Desk Lamp\n- Electric Kettle\n- T-Shirt\n\nShall I?", "yes",
     (LAMP, KETTLE), False),
])
def test_a_call_leaves_out_no_item_of_the_described_list(convo, description: str, reply: str,
                                                         items: tuple[str, ...], ok: bool) -> None:
    assert _workflow(convo, description, reply, *_return(*items)) == ([] if ok else ["not_described"])


def test_the_items_left_out_are_read_from_the_order_not_a_product_listing(convo) -> None:
    # The lamp's product listing, seen after the order, holds the lamp's id among its variants.
    lamps = {"name": "Desk Lamp", "product_id": "6817146515", "variants": {
        LAMP: {"item_id": LAMP, "options": {"color": "black"}, "available": True, "price": 153.23}}}
    decision = _decision(convo, CHANGES, "yes", *_return(LAMP), product=lamps)
    assert [reason_kind(r) for r in decision.reasons] == ["not_described"]
    assert "electric kettle" in decision.reasons[0]


@pytest.mark.parametrize(("sent", "kinds"), [("8349118980", []), ("1111111111", ["not_described"])])
def test_the_option_chosen_last_decides_not_any_one_said_after(convo, sent: str, kinds: list[str]) -> None:
    # Blue S described, red M asked for and restated, then back to blue S: the middle choice is not it.
    c = _looked_up(convo, "I want to exchange my T-Shirt from order #W4794911. My user id is yusuf_garcia_3055.", SHIRTS)
    c.say("I can exchange your T-Shirt from order #W4794911 for the blue one in size S, at no cost, PayPal. Shall I?")
    c.user("hmm actually the red M one")
    c.say("Updated: the red T-Shirt in size M instead. Go ahead with this one?")
    c.user("no wait, go back to the first one")
    c.say("Back to the first: the blue T-Shirt in size S. Confirm?")
    c.user("yes confirm")
    i = c.call("exchange_delivered_order_items", {"order_id": "#W4794911", "item_ids": [SHIRT], "new_item_ids": [sent],
                                                  "payment_method_id": PAYPAL}, {**ORDER, "status": "exchange requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


# Two pending orders of one user: the lamp's and the kettle's.
PENDING_LAMP = {**ORDER, "order_id": "#W2230795", "status": "pending", "items": ORDER["items"][:1]}
PENDING_KETTLE = {**ORDER, "order_id": "#W2806889", "status": "pending", "items": ORDER["items"][1:2]}


@pytest.mark.parametrize(("reply", "kinds"), [
    ("yes to the first one. let me think about the kettle", []),  # the deferral is about the other order's kettle
    ("yes to the first one. let me think about it", ["not_confirmed"]),  # about nothing named: the whole reply
    # the other entry by its place, put off (blind set 96, r96_02 20)
    ("Yes to the first one. For the second... let me just double check something first.", []),
    ("Yes to the second one. For the first... let me just double check something first.", ["not_confirmed"]),
    # The other order named by its id just before a bare deferral: "it" is that order.
    ("Yes, please cancel #W2230795. For #W2806889... let me think about it for a second.", []),
    ("Yes, please cancel #W2806889. For #W2230795... let me think about it for a second.", ["not_confirmed"]),
    ("yes to the second one", ["confirmation_not_covering"]),
    ("yes, and go ahead with the kettle too", []),  # more, not a scope
    ("Yes, please go ahead with that. And while you're at it, I'd like the kettle in white.", []),  # more too
    ("Yes. Next: in #W2806889 I want the kettle in white.", []),  # the next request (blind audit r59_09)
    ("Yes. Then the kettle: white, in #W2806889.", []),  # ... after "then" (blind set 99, r99_04 14)
    ("Yes. In #W2806889 I want the kettle in white.", ["confirmation_not_covering"]),
    ("yes, but only the kettle", ["confirmation_not_covering"]),
])
def test_a_deferral_about_another_object_leaves_the_yes_to_this_one(convo, reply: str, kinds: list[str]) -> None:
    pending, kettle = PENDING_LAMP, PENDING_KETTLE
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel #W2230795, I ordered it by mistake, and change the kettle in #W2806889. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W2230795"}, pending)
    c.call("get_order_details", {"order_id": "#W2806889"}, kettle)
    c.say("Here's the plan:\n\n1. **Cancel order #W2230795** (Desk Lamp), reason: ordered by mistake.\n2. **Modify "
          "order #W2806889**: Electric Kettle → white.\n\nShall I go ahead with both?")
    c.user(reply)
    i = c.call("cancel_pending_order", {"order_id": "#W2230795", "reason": "ordered by mistake"},
               {**pending, "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 104, r104_07 17: the second order put off by its item, "the kettle one"
    ("yes cancel the first one. the kettle one... hmm actually let me think a sec", ["not_confirmed"]),
    ("yes cancel both. the kettle one too", []),
    ("yes cancel the first one. the lamp one... hmm actually let me think a sec", []),  # the other order's item
])
def test_a_deferral_of_an_order_by_its_item(convo, reply: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel both my pending orders, #W2230795 and #W2806889, no longer needed. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W2230795"}, PENDING_LAMP)
    c.call("get_order_details", {"order_id": "#W2806889"}, PENDING_KETTLE)
    c.say("Both are pending:\n- #W2230795: Desk Lamp\n- #W2806889: Electric Kettle\nReason 'no longer needed'. "
          "Shall I cancel both?")
    c.user(reply)
    i = c.call("cancel_pending_order", {"order_id": "#W2806889", "reason": "no longer needed"},
               {**PENDING_KETTLE, "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("reason", "reply", "kinds"), [
    ("ordered by mistake", "Yes, both please.", []),
    ("no longer needed", "Yes, both please.", ["argument_not_confirmed"]),  # the other order's reason
    ("no longer needed", "Yes, both please, and both are no longer needed.", []),  # said after the list
])
def test_each_order_of_a_listed_description_has_the_reason_its_line_gives(convo, reason: str, reply: str,
                                                                          kinds: list[str]) -> None:
    first, second = PENDING_LAMP, PENDING_KETTLE
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel #W2230795 and #W2806889 please. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W2230795"}, first)
    c.call("get_order_details", {"order_id": "#W2806889"}, second)
    c.say("Both orders are pending:\n- #W2230795: Desk Lamp. Reason: no longer needed.\n- #W2806889: Electric "
          "Kettle. Reason: ordered by mistake.\nShall I cancel both?")
    c.user(reply)
    c.call("cancel_pending_order", {"order_id": "#W2230795", "reason": "no longer needed"},
           {**first, "status": "cancelled"})
    i = c.call("cancel_pending_order", {"order_id": "#W2806889", "reason": reason}, {**second, "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("description", "times", "kinds"), [
    ("I'll return 1 Desk Lamp from order #W4794911, refund to your PayPal. Shall I proceed?", 2, ["not_described"]),
    ("I'll return 1 Desk Lamp from order #W4794911, refund to your PayPal. Shall I proceed?", 1, []),
    ("I'll return both Desk Lamps from order #W4794911, refund to your PayPal. Shall I proceed?", 2, []),
    ("I'll return one of the desk lamps from order #W4794911, refund to your PayPal. Shall I proceed?", 2,
     ["not_described"]),
])
def test_an_item_sent_twice_is_two_of_it(convo, description: str, times: int, kinds: list[str]) -> None:
    two = {**ORDER, "items": [ORDER["items"][0], ORDER["items"][0]]}  # two of one lamp, one item id
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return a lamp from #W4794911. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W4794911"}, two)
    c.say(description)
    c.user("yes")
    i = c.call("return_delivered_order_items", {"order_id": "#W4794911", "item_ids": [LAMP] * times,
                                                "payment_method_id": PAYPAL}, {**two, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


def test_an_item_exchanged_for_its_own_kind_is_one_of_it(convo) -> None:
    # blind set 82, r82_04 28: an item exchanged for a new one of its own kind is sent once among the items
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("My lamp from #W4794911 is broken, I want a new one of the same. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W4794911"}, ORDER)
    c.say(f"I'll exchange 1 Desk Lamp ({LAMP}) from order #W4794911 for a new Desk Lamp ({LAMP}), $0.00 difference, "
          "on your PayPal. Shall I proceed?")
    c.user("yes")
    i = c.call("exchange_delivered_order_items", {"order_id": "#W4794911", "item_ids": [LAMP], "new_item_ids": [LAMP],
                                                  "payment_method_id": PAYPAL}, {**ORDER, "status": "exchange requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == []


def test_a_method_named_by_its_id_yields_to_a_later_kind_the_user_names(convo) -> None:
    by_id = BOTH.replace("to your PayPal", f"to your PayPal ({PAYPAL})")
    instead = "put it on my mastercard instead. then yes go ahead"
    assert _workflow(convo, by_id, instead, *_return(LAMP, KETTLE, pay=PAYPAL)) == ["argument_not_confirmed"]
    assert _workflow(convo, by_id, instead, *_return(LAMP, KETTLE, pay=CARD)) == []
    assert _workflow(convo, by_id, "yes", *_return(LAMP, KETTLE, pay=PAYPAL)) == []


@pytest.mark.parametrize("reply", ["don't go", "k no", "go away", "fine, no", "ok, never mind",
                                   "Hmm, ok. For the address — actually no, leave it, my brother will pick it up."])
def test_terse_replies_that_refuse_do_not_confirm(convo, reply: str) -> None:
    assert _workflow(convo, BOTH, reply, *_return(LAMP, KETTLE)) == ["not_confirmed"]


@pytest.mark.parametrize(("reply", "ok"), [
    # The yes names the action by its verb; the next sentence is about another order, not a scope.
    ("Yes, do the return. The order I want cancelled is #W5765741, I ordered it by mistake.", True),
    ("Yes, do the return for #W5765741.", False),  # the return named for another order
])
def test_a_yes_naming_the_action_by_its_verb_beside_another_order(convo, reply: str, ok: bool) -> None:
    order = {**ORDER, "items": ORDER["items"][:2]}
    other = {"order_id": "#W5765741", "user_id": "yusuf_garcia_3055", "status": "pending"}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return the lamp and kettle from #W4794911 and cancel another order. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W4794911"}, order)
    c.call("get_order_details", {"order_id": "#W5765741"}, other)
    c.say(BOTH)
    c.user(reply)
    i = c.call(*_return(LAMP, KETTLE), {**order, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("reply", "lamp", "bottle"), [
    ("Go ahead with the lamp. I'll think about the bottle.", True, False),
    ("Yes, submit both.", True, True),
])
def test_a_plan_of_two_exchanges_names_each_by_its_order_and_new_item(convo: Any, reply: str, lamp: bool,
                                                                      bottle: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Exchange my water bottle (#W2922379) for a red one and my lamp (#W5254379) for a dimmer one. "
           "I'm mia_smith_1623.")
    c.call("get_user_details", {"user_id": "mia_smith_1623"}, {"user_id": "mia_smith_1623", "payment_methods": {
        "paypal_3839332": {"source": "paypal", "id": "paypal_3839332"}}})
    c.call("get_order_details", {"order_id": "#W2922379"}, {"order_id": "#W2922379", "status": "delivered", "items": [
        {"name": "Water Bottle", "product_id": "8310926033", "item_id": "7533802601", "price": 46.51}]})
    c.call("get_order_details", {"order_id": "#W5254379"}, {"order_id": "#W5254379", "status": "delivered", "items": [
        {"name": "Desk Lamp", "product_id": "6817146515", "item_id": "7624783998", "price": 154.17}]})
    c.call("get_product_details", {"product_id": "8310926033"}, {"name": "Water Bottle", "variants": {
        "2439754078": {"item_id": "2439754078", "options": {"color": "red"}, "available": True, "price": 49.51}}})
    c.call("get_product_details", {"product_id": "6817146515"}, {"name": "Desk Lamp", "variants": {
        "5320792178": {"item_id": "5320792178", "options": {"brightness": "medium"}, "available": True,
                       "price": 135.24}}})
    c.say("Here are the two exchanges (both paid with PayPal):\n"
          "1. Order #W2922379: Water Bottle ($46.51) -> red (item 2439754078, $49.51). You'd pay $3.00 more.\n"
          "2. Order #W5254379: Desk Lamp ($154.17) -> medium brightness (item 5320792178, $135.24). You'd get "
          "$18.93 back.\nPrice differences go to or from your PayPal. Shall I submit both?")
    c.user(reply)
    i = c.call("exchange_delivered_order_items", {"order_id": "#W5254379", "item_ids": ["7624783998"],
                                                  "new_item_ids": ["5320792178"], "payment_method_id": "paypal_3839332"},
               {"order_id": "#W5254379", "status": "exchange requested"})
    j = c.call("exchange_delivered_order_items", {"order_id": "#W2922379", "item_ids": ["7533802601"],
                                                  "new_item_ids": ["2439754078"], "payment_method_id": "paypal_3839332"},
               {"order_id": "#W2922379", "status": "exchange requested"})
    r = certify_interaction(c.build())
    kinds = [[reason_kind(x) for x in d.reasons if reason_check(reason_kind(x)) == "workflow"]
             for d in r.decisions if d.message_index in (i, j)]
    assert [not k for k in kinds] == [lamp, bottle], [d.reasons for d in r.decisions if d.message_index in (i, j)]


ADDRESS = {"address1": "4 Ocean Drive", "address2": "Apt 12B", "city": "Miami Beach", "state": "FL",
           "country": "USA", "zip": "33139"}


@pytest.mark.parametrize(("reply", "order", "profile"), [
    ("Yes for the order. For my profile, maybe later. When will it ship, by the way?", True, False),
    ("Yes for both.", True, True),
    ("Maybe later.", False, False),
])
def test_a_yes_for_one_and_maybe_later_for_the_other(convo, reply: str, order: bool, profile: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I moved to 4 Ocean Drive, Apt 12B, Miami Beach, FL 33139. Update order #W7017301. I'm mei_martin_4260.")
    c.call("get_user_details", {"user_id": "mei_martin_4260"}, {"user_id": "mei_martin_4260", "orders": ["#W7017301"]})
    c.call("get_order_details", {"order_id": "#W7017301"}, {"order_id": "#W7017301", "status": "pending"})
    c.say("I'll change the shipping address of order #W7017301 to 4 Ocean Drive, Apt 12B, Miami Beach, FL 33139, USA. "
          "Shall I update the order? Also, would you like me to update the default address on your profile as well?")
    c.user(reply)
    i = c.call("modify_pending_order_address", {"order_id": "#W7017301", **ADDRESS}, {"order_id": "#W7017301"})
    j = c.call("modify_user_address", {"user_id": "mei_martin_4260", **ADDRESS}, {"user_id": "mei_martin_4260"})
    out = {d.message_index: d for d in certify_interaction(c.build()).decisions}
    assert (out[i].checks["workflow"], out[j].checks["workflow"]) == (order, profile)


@pytest.mark.parametrize(("card", "ok"), [("Visa ending 8902", True), ("Visa ending 1111", False)])
def test_a_recap_may_name_the_new_payment_method_by_its_last_four(convo, card: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Please pay order #W4923227 with my Visa instead. I'm omar_li_3325.")
    c.call("get_user_details", {"user_id": "omar_li_3325"}, {"user_id": "omar_li_3325", "payment_methods": {
        "credit_card_8897086": {"source": "credit_card", "brand": "visa", "last_four": "8902",
                                "id": "credit_card_8897086"}}})
    c.call("get_order_details", {"order_id": "#W4923227"}, {"order_id": "#W4923227", "status": "pending"})
    c.say(f"To confirm:\n\n- **Order:** #W4923227 ($321.18)\n- **New payment method:** {card}\n\nShall I proceed?")
    c.user("Yes.")
    i = c.call("modify_pending_order_payment", {"order_id": "#W4923227", "payment_method_id": "credit_card_8897086"},
               {"order_id": "#W4923227"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok


@pytest.mark.parametrize(("request_", "kinds"), [("also update my account address to the new one", []),
                                                 ("thanks, that's all for the orders", ["not_described"])])
def test_a_terse_offer_of_the_profile_change_after_the_request(convo: Any, request_: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm ivan_santos_6635. My orders go to 2210 Lakeview Dr, Apt 5, Austin, TX 78704, USA now.")
    c.call("get_user_details", {"user_id": "ivan_santos_6635"}, {"user_id": "ivan_santos_6635", "address": {
        "address1": "477 Park Avenue", "city": "Dallas", "state": "TX", "zip": "75277", "country": "USA"}})
    c.user(request_)
    c.say("profile address -> 2210 Lakeview Dr, Apt 5, Austin, TX, USA, 78704. confirm?")
    c.user("yes")
    i = c.call("modify_user_address", {"user_id": "ivan_santos_6635", "address1": "2210 Lakeview Dr", "address2": "Apt 5",
                                       "city": "Austin", "state": "TX", "country": "USA", "zip": "78704"}, {"ok": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


KETTLE_ORDER = {"order_id": "#W4794911", "user_id": "yusuf_garcia_3055", "status": "pending", "items": [
    {"name": "Electric Kettle", "product_id": "1075968781", "item_id": KETTLE, "price": 155.99,
     "options": {"capacity": "1L"}}], "payment_history": [{"payment_method_id": PAYPAL, "amount": 155.99}]}
KETTLES = {"name": "Electric Kettle", "product_id": "1075968781", "variants": {
    "7777777777": {"item_id": "7777777777", "options": {"capacity": "1.5L"}, "available": True, "price": 160.99}}}
NEW_ADDRESS = {"address1": "99 Oak Ave", "address2": "", "city": "Boulder", "state": "CO", "zip": "80301",
               "country": "USA"}


def _kettle_and_address(convo: Any, *replies: str) -> dict[str, list[str]]:
    """The workflow reasons of the kettle change and the account address change one message
    described together, after the user's replies."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm yusuf_garcia_3055. I want the bigger kettle in order #W4794911, and my address is now "
           "99 Oak Ave, Boulder, CO 80301.")
    # The user's record as get_user_details shows it: no user_id of its own; the order holds it.
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, {
        "name": {"first_name": "Yusuf", "last_name": "Garcia"}, "address": {**NEW_ADDRESS, "address1": "1 Elm St"},
        "payment_methods": USER["payment_methods"], "orders": ["#W4794911"]})
    c.call("get_order_details", {"order_id": "#W4794911"}, KETTLE_ORDER)
    c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
    c.say(f"I can change the Electric Kettle ({KETTLE}) in order #W4794911 to the 1.5L one (7777777777), "
          "$5.00 more charged to your PayPal, and update the address on your account to 99 Oak Ave, Boulder, "
          "CO 80301, USA. Shall I go ahead with both?")
    for reply in replies:
        c.user(reply)
    calls = {"kettle": c.call("modify_pending_order_items", {
        "order_id": "#W4794911", "item_ids": [KETTLE], "new_item_ids": ["7777777777"], "payment_method_id": PAYPAL},
        KETTLE_ORDER),
        "address": c.call("modify_user_address", {"user_id": "yusuf_garcia_3055", **NEW_ADDRESS}, {"ok": True})}
    return _workflow_by_call(c, calls)


NOT_COVERED = ["confirmation_not_covering"]


def _workflow_by_call(c: Any, calls: dict[str, int]) -> dict[str, list[str]]:
    """The workflow reasons of each named call of a built conversation."""
    decisions = {d.message_index: d for d in certify_interaction(c.build()).decisions}
    return {name: [k for k in map(reason_kind, decisions[i].reasons) if reason_check(k) == "workflow"]
            for name, i in calls.items()}


@pytest.mark.parametrize(("replies", "kettle", "address"), [
    (["Only the kettle."], [], NOT_COVERED),
    (["Just the kettle, keep my address as it is."], [], NOT_COVERED),
    (["Yes, both.", "Actually, only the kettle."], [], NOT_COVERED),
    (["Yes, both."], [], []),
    # The other action by its object's word: the address of modify_user_address.
    (["Just the address change."], NOT_COVERED, []),
    # A condition naming the other object is no scope: it covers both ...
    (["Yes to both, as long as the kettle is still the 1.5L one."], [], []),
    # ... and a condition on the other action leaves the yes to this one standing.
    (["Yes to the address change. The kettle only if the PayPal refund comes back today, I can't have both "
      "charged at once."], ["not_confirmed"], []),
    # A deferral right after a sentence about the other object puts off that one.
    (["Yes to the address. The kettle might still work. I'll check with my wife."], ["not_confirmed"], []),
    (["Yes to the address. The kettle might still work, I'll check with my wife."], ["not_confirmed"], []),
])
def test_a_yes_limited_to_one_of_two_described_actions_leaves_out_the_other(
        convo: Any, replies: list[str], kettle: list[str], address: list[str]) -> None:
    # The order's record holds the user's id, but its kettle is no part of the user's record:
    # "only the kettle" names the order, not the account whose address changes.
    assert _kettle_and_address(convo, *replies) == {"kettle": kettle, "address": address}


@pytest.mark.parametrize(("stated", "used", "ok"), [
    ("refunded to gift card gift_card_3504862", "gift_card_3354242", False),
    ("refunded to gift card gift_card_3504862", "gift_card_3504862", True),
    ("refunded to your gift card ending 4862", "gift_card_3354242", False),
    ("refunded to your gift card ending 4242", "gift_card_3354242", True),
    # four digits right after the kind (blind audit a53_09)
    ("refunded to gift card 4862", "gift_card_3354242", False),
    ("refunded to gift card 4242", "gift_card_3354242", True),
    # Beside another action's refund to another kind (the blind audit's r44-04)
    ("refunded to gift card gift_card_3504862, and the kettle's $155.99 to your PayPal", "gift_card_3354242", False),
])
def test_of_two_gift_cards_the_refund_goes_to_the_one_stated(convo: Any, stated: str, used: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the lamp from #W4794911 please, I'm yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, {"payment_methods": {
        "gift_card_3504862": {"source": "gift_card", "balance": 22, "id": "gift_card_3504862"},
        "gift_card_3354242": {"source": "gift_card", "balance": 54, "id": "gift_card_3354242"}}})
    c.call("get_order_details", {"order_id": "#W4794911"}, ORDER)
    c.say(f"I can return the Desk Lamp ({LAMP}) from order #W4794911, $153.23 {stated}. Shall I proceed?")
    c.user("Yes.")
    i = c.call(*_return(LAMP, pay=used), {**ORDER, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("reply", "used", "ok"), [
    ("yes but put it on my other visa", "credit_card_9339", True),
    ("yes but put it on my other visa", "credit_card_2353", False),  # the one the description named
    ("yes", "credit_card_9339", False),
])
def test_my_other_visa_is_the_visa_the_description_did_not_name(convo: Any, reply: str, used: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the lamp from #W4794911 please, I'm yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, {"payment_methods": {
        f"credit_card_{four}": {"source": "credit_card", "brand": "visa", "last_four": four, "id": f"credit_card_{four}"}
        for four in ("2353", "9339")}})
    c.call("get_order_details", {"order_id": "#W4794911"}, ORDER)
    c.say(f"I can return the Desk Lamp ({LAMP}) from order #W4794911, $153.23 back to your Visa ending 2353. "
          "Shall I proceed?")
    c.user(reply)
    i = c.call(*_return(LAMP, pay=used), {**ORDER, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


def test_a_refund_line_of_another_order_names_no_method_for_a_payment_change(convo: Any) -> None:
    # The gift card the cancelled order's money goes back to is not what the payment change uses.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel #W5663516 and pay #W4285041 with PayPal instead, I'm yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, {"payment_methods": {
        PAYPAL: {"source": "paypal", "id": PAYPAL}, GIFT: {"source": "gift_card", "balance": 42, "id": GIFT}}})
    for order in ("#W5663516", "#W4285041"):
        c.call("get_order_details", {"order_id": order}, {"order_id": order, "status": "pending", "payment_history": [
            {"payment_method_id": GIFT, "amount": 372.99}]})
    c.say("Here's what I'll do:\n\n1. **Cancel #W5663516**, reason: no longer needed. $372.99 goes back to your gift "
          "card immediately.\n2. **Change payment of #W4285041** from your gift card to PayPal: $372.99 is charged "
          "to PayPal and refunded to your gift card.\n\nShall I proceed with both?")
    c.user("yes")
    i = c.call("modify_pending_order_payment", {"order_id": "#W4285041", "payment_method_id": PAYPAL},
               {"order_id": "#W4285041"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"], decision.reasons


def test_a_narrowed_exchange_is_described_by_its_own_line_of_the_list(convo: Any) -> None:
    # The kettle's line offers another new item; the reply keeps the kettle, the call swaps the shirt.
    description = ("I'd do both in one exchange:\n"
                   "- T-Shirt (blue, M) → T-Shirt (blue, S), item 8349118980\n"
                   "- Electric Kettle → the other model, item 1111111111\n"
                   "Refunded to your PayPal. Shall I proceed?")
    exchange = ("exchange_delivered_order_items", {"order_id": "#W4794911", "item_ids": [SHIRT],
                                                   "new_item_ids": ["8349118980"], "payment_method_id": PAYPAL})
    assert _workflow(convo, description, "hmm actually just the shirt, keep the kettle. ok do it", *exchange) == []


def _kettle_and_shipping(convo: Any, reply: str) -> dict[str, list[str]]:
    """The workflow reasons of an item change and a shipping address change of one pending order,
    described together, after the user's reply."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm yusuf_garcia_3055. I want the bigger kettle in order #W4794911 and ship it to 99 Oak Ave, "
           "Boulder, CO 80301.")
    c.call("get_order_details", {"order_id": "#W4794911"}, KETTLE_ORDER)
    c.call("get_product_details", {"product_id": "1075968781"}, KETTLES)
    c.say("Order #W4794911 is pending, so I can do both:\n1. Change item: Electric Kettle (1L, $155.99) -> "
          "Electric Kettle (1.5L, item 7777777777, $160.99), $5.00 more charged to your PayPal.\n2. Change the "
          "shipping address of #W4794911 to 99 Oak Ave, Boulder, CO 80301, USA.\nShall I proceed with both?")
    c.user(reply)
    calls = {"kettle": c.call("modify_pending_order_items", {
        "order_id": "#W4794911", "item_ids": [KETTLE], "new_item_ids": ["7777777777"], "payment_method_id": PAYPAL},
        KETTLE_ORDER),
        "address": c.call("modify_pending_order_address", {"order_id": "#W4794911", **NEW_ADDRESS},
                          KETTLE_ORDER)}
    return _workflow_by_call(c, calls)


@pytest.mark.parametrize(("reply", "kettle", "address"), [
    ("yes for the kettle, put the difference on paypal. no for the address, I'll be home that week",
     [], NOT_COVERED),
    ("Yes for the kettle. No to the address change.", [], NOT_COVERED),
    ("yes, both", [], []),
    ("yes for the kettle and the address", [], []),
])
def test_an_item_named_beside_its_orders_address_is_the_item_change(
        convo: Any, reply: str, kettle: list[str], address: list[str]) -> None:
    # The kettle is part of the order whose address changes, but a reply that names the address
    # on its own says which of the two actions the kettle's yes is for.
    assert _kettle_and_shipping(convo, reply) == {"kettle": kettle, "address": address}


@pytest.mark.parametrize(("other_line", "ok"), [
    # blind audit retail_r50_17: the kettle in the other line is another order's
    ("2. Cancel pending order #W1000001 (Electric Kettle and Sunscreen), refunded to PayPal.", True),
    ("2. Return the Electric Kettle, refunded to PayPal.", False),  # this order's kettle, left out of the call
])
def test_a_plan_line_about_another_order_names_none_of_this_orders_items(convo, other_line: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the lamp from #W4794911 and cancel #W1000001. My user id is yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4794911"}, ORDER)
    c.call("get_order_details", {"order_id": "#W1000001"}, {"order_id": "#W1000001", "status": "pending", "items": [
        {"name": "Electric Kettle", "item_id": "1000000001", "price": 99.0},
        {"name": "Sunscreen", "item_id": "1000000002", "price": 16.22}]})
    c.say(f"Here's what I found:\n1. Return the Desk Lamp from delivered order #W4794911, refunded to your PayPal.\n"
          f"{other_line}\nShall I go ahead with both?")
    c.user("yep both")
    i = c.call(*_return(LAMP), {**ORDER, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    kinds = [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]
    assert kinds == ([] if ok else ["not_described"]), decision.reasons


LEATHER = {"name": "Office Chair", "product_id": "4794339885", "variants": {"1793929610": {
    "item_id": "1793929610", "options": {"material": "leather", "color": "blue", "backrest height": "high-back"},
    "available": True, "price": 514.34}}}


@pytest.mark.parametrize(("item", "ok"), [("1071497737", True), ("8323284863", False)])
def test_your_items_options_tell_it_apart_though_the_replacement_shares_one(convo, item: str, ok: bool) -> None:
    # blind audit retail_r50_05: "your gray leather chair" is the old one, though the new one is leather too
    decision = _chair_changed(convo, LEATHER, "The blue leather high-back one (1793929610) is available at $514.34. "
                              "Exchanging your gray leather office chair for it is $30.39 more on your Mastercard "
                              "ending 3762. Shall I?", item)
    kinds = [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]
    assert kinds == ([] if ok else ["not_described"]), decision.reasons


@pytest.mark.parametrize(("report", "kinds"), [
    # blind audit retail_r50_11: the item by its name, in another order than the one written
    ("Done! The Office Chair in your order #W4862768 is now the black fabric one.", ["text_claims_other_object"]),
    ("Done! The Office Chair in your order #W4862767 is now the black fabric one.", []),
    ("Done! Your Office Chair is now the black fabric one.", []),
])
def test_a_report_of_the_item_in_another_order(convo, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Change the blue office chair in order #W4862767. My user id is yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W4862767"}, CHAIRS)
    c.call("get_order_details", {"order_id": "#W4862768"}, {**CHAIRS, "order_id": "#W4862768"})
    c.call("get_product_details", {"product_id": "4794339885"}, BLACK)
    c.say("I'll change your Office Chair (blue fabric, standard back) in #W4862767 to the black fabric high-back one "
          "(1793929609), $3.10 more on your Mastercard ending 3762. Shall I?")
    c.user("yes")
    c.call("modify_pending_order_items", {"order_id": "#W4862767", "item_ids": ["8323284863"],
                                          "new_item_ids": ["1793929609"], "payment_method_id": CARD},
           {**CHAIRS, "status": "pending (item modified)"})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "text_claims_other_object"] == kinds, decision.reasons


PUZZLE_BIKE = {"order_id": "#W3916020", "status": "delivered", "items": [
    {"name": "Jigsaw Puzzle", "item_id": "4068787148", "price": 52.01, "options": {"pieces": "500"}},
    {"name": "Bicycle", "item_id": "7758198585", "price": 1917.21, "options": {"color": "green"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 1969.22, "payment_method_id": "credit_card_8105988"}]}
BED_WATCH = {"order_id": "#W5416052", "status": "delivered", "items": [
    {"name": "Pet Bed", "item_id": "6942241102", "price": 180.93, "options": {"size": "large"}},
    {"name": "Smart Watch", "item_id": "1631806422", "price": 339.85, "options": {"color": "black"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 520.78, "payment_method_id": "credit_card_8105988"}]}


@pytest.mark.parametrize(("reply", "ok"), [
    # "The first one, yes" picks the first of the returns the description listed, as "yes to the first one" does
    ("The first one, yes. For the second one I'm still deciding about the smart watch.", True),
    ("The second one, yes. For the first one I'm still deciding about the bicycle.", False),
    ("Yes to the first one. For the second I'm still deciding about the smart watch.", True),
])
def test_the_first_of_two_listed_returns_picked_by_its_place(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("From W3916020 the puzzle and the bicycle, and from W5416052 the pet bed and the smart watch. Refunds to "
           "my Mastercard.")
    c.call("get_order_details", {"order_id": "#W3916020"}, PUZZLE_BIKE)
    c.call("get_order_details", {"order_id": "#W5416052"}, BED_WATCH)
    c.say("Here's what I'd submit, refunds to credit_card_8105988:\n\n**Return 1 — #W3916020**\n- Jigsaw Puzzle — "
          "$52.01\n- Bicycle — $1,917.21\n\n**Return 2 — #W5416052**\n- Pet Bed — $180.93\n- Smart Watch — $339.85"
          "\n\nPlease confirm both returns.")
    c.user(reply)
    i = c.call("return_delivered_order_items", {"order_id": "#W3916020", "item_ids": ["4068787148", "7758198585"],
                                                "payment_method_id": "credit_card_8105988"},
               {**PUZZLE_BIKE, "status": "return requested"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


PERFUME = {"order_id": "#W6353188", "status": "delivered", "items": [
    {"name": "Perfume", "product_id": "6858788497", "item_id": "5081446110", "price": 322.52,
     "options": {"scent family": "woody", "size": "30ml", "gender": "men"}}]}
SPEAKER = {"order_id": "#W7156413", "status": "delivered", "items": [
    {"name": "Bluetooth Speaker", "product_id": "4768869376", "item_id": "1689914594", "price": 315.20,
     "options": {"color": "red", "battery life": "10 hours", "water resistance": "no"}}]}


@pytest.mark.parametrize(("first", "ok"), [
    # The other order's exchange reported as done is no action of the description's
    ("The perfume exchange for #W6353188 is submitted — $33.77 back to your Visa ending 4491.", True),
    ("The perfume exchange for #W6353188 is submitted.", True),
])
def test_a_report_of_another_orders_exchange_beside_the_description(convo, at, first: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Exchange my perfume in #W6353188 and my speaker in #W7156413 for the 20-hour one, on credit_card_6173085.")
    c.call("get_order_details", {"order_id": "#W6353188"}, PERFUME)
    c.call("get_order_details", {"order_id": "#W7156413"}, SPEAKER)
    c.call("get_user_details", {"user_id": "ethan_moore_3587"}, {"user_id": "ethan_moore_3587", "payment_methods": {
        "credit_card_6173085": {"source": "credit_card", "id": "credit_card_6173085"}}})
    c.call("get_product_details", {"product_id": "4768869376"}, {"name": "Bluetooth Speaker", "variants": {
        "7617930199": {"item_id": "7617930199", "options": {"color": "red", "battery life": "20 hours",
                                                            "water resistance": "yes"}, "price": 285.94}}})
    c.say(f"{first}\n\nFor **#W7156413**, here's what I can do:\n- Bluetooth Speaker (red, 10 hours, $315.20) → "
          "**red, 20 hours, water-resistant** — $285.94.\n\nYou would get $29.26 back to your Visa ending 4491. "
          "Should I go ahead?")
    c.user("yes")
    i = c.call("exchange_delivered_order_items", {"order_id": "#W7156413", "item_ids": ["1689914594"],
                                                  "new_item_ids": ["7617930199"],
                                                  "payment_method_id": "credit_card_6173085"},
               {**SPEAKER, "status": "exchange requested"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("speaker", "kinds"), [
    # blind sets 61, 64 (r61_07, r64_01): "water resistant" is the speaker's option, not the order's Water Bottle
    ("red / 20 hours / water resistant", []),
    ("red / 20 hours / with the Water Bottle", ["not_described"]),
])
def test_an_option_word_is_no_other_item_of_the_order(convo, speaker: str, kinds: list[str]) -> None:
    order = {"order_id": "#W4556683", "status": "delivered", "items": [
        {"name": "Wireless Earbuds", "item_id": "8555936349", "price": 226.49},
        {"name": "Bluetooth Speaker", "item_id": "4716977452", "price": 289.69},
        {"name": "Water Bottle", "item_id": "5758737025", "price": 45.09}]}
    description = ("Here's the exchange:\n- Wireless Earbuds, blue / 6 hours / IPX4 (item 1646531091): $232.49\n"
                   f"- Bluetooth Speaker, {speaker} (item 7617930199): $285.94\nNet, you'd pay $2.25 on PayPal. OK?")
    args = {"order_id": "#W4556683", "item_ids": ["8555936349", "4716977452"],
            "new_item_ids": ["1646531091", "7617930199"], "payment_method_id": PAYPAL}
    found = _workflow(convo, description, "yes do both", "exchange_delivered_order_items", args, order)
    assert [k for k in found if k == "not_described"] == kinds  # (the new items' lookups are not this test's)


@pytest.mark.parametrize(("line", "kinds"), [
    # blind audit r65_04: "wireless" is the mouse's option, not the order's Wireless Earbuds
    ("Gaming Mouse white/laser/wireless (7420906769) → white/optical/wireless (8896479688)", []),
    ("Gaming Mouse white/laser/wireless (7420906769) → white/optical/wireless (8896479688)\n"
     "2. Wireless Earbuds → the blue ones", ["not_described"]),
])
def test_an_option_of_the_changed_item_names_no_other_item(convo, line: str, kinds: list[str]) -> None:
    order = {"order_id": "#W4794911", "status": "pending", "items": [
        {"name": "Gaming Mouse", "item_id": "7420906769", "price": 138.47},
        {"name": "Headphones", "item_id": "7493556126", "price": 346.97},
        {"name": "Wireless Earbuds", "item_id": "8555936349", "price": 226.49}]}
    mice = {"name": "Gaming Mouse", "product_id": "5713490933", "variants": {
        "7420906769": {"item_id": "7420906769", "options": {"color": "white", "sensor type": "laser",
                                                            "connectivity": "wireless"}, "price": 138.47},
        "8896479688": {"item_id": "8896479688", "options": {"color": "white", "sensor type": "optical",
                                                            "connectivity": "wireless"}, "price": 143.15}}}
    description = f"Here's the change:\n1. Order #W4794911: {line}\n\nShall I make it? (yes/no)"
    args = {"order_id": "#W4794911", "item_ids": ["7420906769"], "new_item_ids": ["8896479688"],
            "payment_method_id": PAYPAL}
    decision = _decision(convo, description, "Yes.", "modify_pending_order_items", args, order, mice)
    assert [k for k in map(reason_kind, decision.reasons) if k == "not_described"] == kinds


@pytest.mark.parametrize(("items", "kinds"), [
    # blind audit r67_07: the description keeps the kettle as it is; the call lists it too
    ((SHIRT, KETTLE), ["not_described"]),
    ((SHIRT,), []),
])
def test_an_item_the_description_keeps_as_it_is_is_no_part_of_the_change(convo, items: tuple[str, ...],
                                                                          kinds: list[str]) -> None:
    c = _looked_up(convo, "I want to exchange my T-shirt from order #W4794911. My user id is yusuf_garcia_3055.",
                   SHIRTS, KETTLE_VARIANTS)
    c.say("Here is the change for order #W4794911: the T-Shirt 9612497925 becomes 8349118980. The Electric Kettle "
          "stays as is. The difference goes to your PayPal. Shall I go ahead?")
    c.user("Yes, go ahead.")
    new = {SHIRT: "8349118980", KETTLE: KETTLE}
    i = c.call("exchange_delivered_order_items", {"order_id": "#W4794911", "item_ids": list(items),
                                                  "new_item_ids": [new[k] for k in items], "payment_method_id": PAYPAL},
               {**ORDER, "status": "exchange requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("owned", "kinds"), [
    # blind set 77, r77_06: the id owned to as mistyped names no other variant
    ("I mistyped the new item id (8349118981 instead of 8349118980).", []),
    ("I can also offer 8349118981 instead of 8349118980.", ["not_described"]),  # no slip owned to: offered
])
def test_an_identifier_owned_to_as_mistyped_is_no_other_variant(convo: Any, owned: str, kinds: list[str]) -> None:
    shirts = {**SHIRTS, "variants": {**SHIRTS["variants"], "8349118981": {
        "item_id": "8349118981", "options": {"color": "blue", "size": "L"}, "available": True}}}
    order = {**ORDER, "status": "pending"}
    args = {"order_id": "#W4794911", "item_ids": [SHIRT], "new_item_ids": ["8349118980"], "payment_method_id": PAYPAL}
    c = _looked_up(convo, "Change my shirt in #W4794911 to a size S. I'm yusuf_garcia_3055.", shirts)
    c.say(f"{owned} Shall I change the T-Shirt (blue, M) in #W4794911 to blue S (8349118980), paid with PayPal?")
    c.user("yes")
    i = c.call("modify_pending_order_items", args, {**order, "status": "pending (item modified)"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "not_described"] == kinds, decision.reasons


@pytest.mark.parametrize(("method", "kinds"), [(CARD, []), (GIFT, ["argument_not_confirmed"])])
def test_how_the_order_was_paid_is_not_the_method_chosen(convo: Any, method: str, kinds: list[str]) -> None:
    # blind set 78, r78_11: "was paid ... with the gift card" says the old method; the card is the choice
    order = {**ORDER, "status": "pending", "payment_history": [{"payment_method_id": GIFT, "amount": 360.10}]}
    c = _looked_up(convo, "Pay #W4794911 with my mastercard instead, I'm yusuf_garcia_3055.")
    c.say("#W4794911 is pending and was paid $360.10 with the gift card. Here's what I'd do:\n- Change the payment "
          "to Mastercard ending 3762: the card is charged $360.10 and $360.10 goes back to the gift card (new "
          "balance $375.10)\nConfirm?")
    c.user("yes")
    i = c.call("modify_pending_order_payment", {"order_id": "#W4794911", "payment_method_id": method}, order)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "argument_not_confirmed"] == kinds, decision.reasons


@pytest.mark.parametrize(("reply", "kinds"), [
    # a question of what the gift card will hold picks no method (blind set 94, r94_11 53)
    ("Yes please. What will the gift card have after that?", []),
    ("Yes please, but put it on the gift card.", ["argument_not_confirmed"]),
])
def test_a_question_of_a_balance_in_the_yes_picks_no_method(convo: Any, reply: str, kinds: list[str]) -> None:
    order = {**ORDER, "status": "pending", "payment_history": [{"payment_method_id": GIFT, "amount": 360.10}]}
    c = _looked_up(convo, "Pay #W4794911 with my mastercard instead, I'm yusuf_garcia_3055.")
    c.say(f"Right - #W4794911 was paid with the gift card ($360.10). I can switch it to your Mastercard ending 3762 "
          f"({CARD}); the $360.10 would go back to the gift card. Shall I proceed?")
    c.user(reply)
    i = c.call("modify_pending_order_payment", {"order_id": "#W4794911", "payment_method_id": CARD}, order)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "argument_not_confirmed"] == kinds, decision.reasons


ITEMS_FIVE = [("Espresso Machine", "7441167885", 2866.37), ("Bookshelf", "8895454203", 504.65),
              ("Digital Camera", "7583936705", 3101.43), ("Garden Hose", "1518544029", 95.39),
              ("Gaming Mouse", "8896479688", 143.15)]


@pytest.mark.parametrize(("reply", "ok"), [
    # a question of when after the yes waits for nothing (blind set 86, r86_04 29)
    ("Yes, all five. How fast do I get the money back?", True),
    ("Yes, all five. But first, how fast do I get the money back?", False),  # asked first: the yes waits
    ("All five? How fast do I get the money back?", False),  # no yes at all
])
def test_a_question_of_when_after_a_yes(convo, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return everything from order #W2435638. I'm fatima_muller_6713.")
    c.call("get_order_details", {"order_id": "#W2435638"}, {"order_id": "#W2435638", "status": "delivered", "items": [
        {"name": n, "item_id": i, "price": p} for n, i, p in ITEMS_FIVE],
        "payment_history": [{"transaction_type": "payment", "amount": 6710.99, "payment_method_id": "paypal_5541158"}]})
    c.say("It contains the Espresso Machine, Bookshelf, Digital Camera, Garden Hose and Gaming Mouse. Returning all five "
          "items would refund the full $6,710.99 to your PayPal (paypal_5541158). Shall I submit the return for all five?")
    c.user(reply)
    i = c.call("return_delivered_order_items", {"order_id": "#W2435638", "item_ids": [i for _, i, _ in ITEMS_FIVE],
                                                 "payment_method_id": "paypal_5541158"}, {"order_id": "#W2435638"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("reply", "ok"), [
    # a request of its own after the yes, about another item of the order (blind set 86, r86_04 37)
    ("Yes. And in that same order, I want the espresso machine to become a 15 bar manual one.", True),
    ("And in that same order, I want the espresso machine to become a 15 bar manual one.", False),  # no yes
])
def test_a_new_request_after_a_yes_leaves_the_yes_to_what_was_asked(convo, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Order #W2040365 should go to 4 Ocean Drive, Apt 12B, Miami Beach, FL 33139. I'm fatima_muller_6713.")
    c.call("get_order_details", {"order_id": "#W2040365"}, {"order_id": "#W2040365", "status": "pending", "items": [
        {"name": "Espresso Machine", "item_id": "9884666842", "price": 2794.7},
        {"name": "Tea Kettle", "item_id": "2820119811", "price": 94.68}]})
    c.say("So the change would be: shipping address of **#W2040365** -> **4 Ocean Drive, Apt 12B, Miami Beach, FL "
          "33139, USA**. Shall I go ahead?")
    c.user(reply)
    i = c.call("modify_pending_order_address", {"order_id": "#W2040365", **ADDRESS}, {"order_id": "#W2040365"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("reply", "ok"), [
    # the yes picks the helmet; the camera is the next request, not yet described (blind set 87, r87_10 28)
    ("Yes, that helmet. Now the camera: 24MP with an SD card, same zoom.", False),
    ("Yes, that helmet and the 24MP SD card camera, go ahead with both.", True),
])
def test_the_next_request_after_a_yes_to_one_item_is_no_yes_to_it(convo, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm amelia_ito_8772. In #W3883329 I want the helmet red with low ventilation, and another camera.")
    c.call("get_user_details", {"user_id": "amelia_ito_8772"}, {"user_id": "amelia_ito_8772", "payment_methods": {
        "paypal_2767694": {"source": "paypal", "id": "paypal_2767694"}}, "orders": ["#W3883329"]})
    c.call("get_order_details", {"order_id": "#W3883329"}, {"order_id": "#W3883329", "status": "pending", "items": [
        {"name": "Cycling Helmet", "item_id": "5537798301", "price": 204.47},
        {"name": "Digital Camera", "item_id": "7255224608", "price": 2922.97}]})
    c.call("get_product_details", {"product_id": "8940227892"}, {"name": "Digital Camera", "variants": {
        "5996159312": {"item_id": "5996159312", "options": {"resolution": "24MP", "zoom": "3x", "storage": "SD card"},
                       "available": True, "price": 2895.55}}})
    c.call("get_product_details", {"product_id": "7765186836"}, {"name": "Cycling Helmet", "variants": {
        "3358616356": {"item_id": "3358616356", "options": {"size": "S", "color": "red", "ventilation": "low"},
                       "available": True, "price": 197.33}}})
    c.say("Both items of **#W3883329** would change: the Cycling Helmet to S / red / low ventilation ($197.33), and "
          "the Digital Camera to the one you pick. The helmet is $7.14 less than yours, refunded to your PayPal. Is that "
          "the helmet you want?")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W3883329", "item_ids": ["5537798301", "7255224608"],
                                              "new_item_ids": ["3358616356", "5996159312"],
                                              "payment_method_id": "paypal_2767694"}, {"order_id": "#W3883329"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("report", "ok"), [
    # a report of the other order's change, between two yeses, names its own refund (blind set 88, r88_04 42)
    ("The watch change on #W7941031 is done — $77.15 will be refunded to your PayPal. I'll do the camera next.", True),
    ("The camera's $36.76 will be charged to your PayPal instead. I'll do the camera next.", False),
])
def test_a_report_of_another_orders_refund_names_no_method_for_this_one(convo, report: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm olivia_ito_3591. Change the watch in #W7941031 and the camera in #W3657213.")
    c.call("get_user_details", {"user_id": "olivia_ito_3591"}, {"user_id": "olivia_ito_3591", "payment_methods": {
        "paypal_8049766": {"source": "paypal", "id": "paypal_8049766"},
        "gift_card_7794233": {"source": "gift_card", "balance": 56.0, "id": "gift_card_7794233"}},
        "orders": ["#W7941031", "#W3657213"]})
    for order, name, item in (("#W7941031", "Wristwatch", "1355937109"), ("#W3657213", "Action Camera", "6700049080")):
        c.call("get_order_details", {"order_id": order}, {"order_id": order, "status": "pending", "items": [
            {"name": name, "item_id": item, "price": 466.75}]})
    c.call("get_product_details", {"product_id": "6066914160"}, {"name": "Wristwatch", "variants": {
        "9949163720": {"item_id": "9949163720", "options": {"dial color": "black"}, "available": True, "price": 1908.15}}})
    c.call("get_product_details", {"product_id": "3377618313"}, {"name": "Action Camera", "variants": {
        "5925362855": {"item_id": "5925362855", "options": {"resolution": "1080p"}, "available": True, "price": 503.51}}})
    c.say("**1. Order #W7941031**\n- Wristwatch (1355937109) → leather/black (9949163720)\n- Refund of **$77.15** to "
          "**PayPal** (paypal_8049766)\n\n**2. Order #W3657213**\n- Action Camera (6700049080) → 1080p/waterproof/black "
          "(5925362855)\n- Charge of **$36.76** to your **gift card** (gift_card_7794233)\n\nMay I go ahead with both?")
    c.user("Yes, please do both.")
    c.call("modify_pending_order_items", {"order_id": "#W7941031", "item_ids": ["1355937109"],
                                          "new_item_ids": ["9949163720"], "payment_method_id": "paypal_8049766"},
           {"order_id": "#W7941031", "status": "pending (item modified)"})
    c.say(report)
    c.user("Lovely, go on.")
    i = c.call("modify_pending_order_items", {"order_id": "#W3657213", "item_ids": ["6700049080"],
                                              "new_item_ids": ["5925362855"], "payment_method_id": "gift_card_7794233"},
               {"order_id": "#W3657213"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


@pytest.mark.parametrize(("aside", "ok"), [
    # another order named as the one left out of what can be cancelled (blind set 89, r89_01 22)
    ("Only pending orders can be cancelled, so everything except #W4432568 is still open.", True),
    ("I can cancel #W4432568 as well.", False),
])
def test_another_order_named_as_the_exception_is_not_the_action_s(convo, aside: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm lei_ahmed_1705. Cancel #W9132840, I ordered it by mistake.")
    c.call("get_order_details", {"order_id": "#W9132840"}, {"order_id": "#W9132840", "status": "pending"})
    c.call("get_order_details", {"order_id": "#W4432568"}, {"order_id": "#W4432568", "status": "processed"})
    c.say(f"{aside}\n\nFor the cancellation:\n- **Order:** #W9132840\n- **Reason:** ordered by mistake\n\n"
          "Shall I go ahead and cancel it? (yes/no)")
    c.user("Yes, cancel it.")
    i = c.call("cancel_pending_order", {"order_id": "#W9132840", "reason": "ordered by mistake"},
               {"order_id": "#W9132840", "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons


TWO_BOTTLES = {"order_id": "#W3977493", "status": "delivered", "items": [
    {"name": "Laptop", "product_id": "4760268021", "item_id": "2216662955", "price": 2520.52},
    {"name": "Water Bottle", "product_id": "8310926033", "item_id": "7533802601", "price": 48.59},
    {"name": "Water Bottle", "product_id": "8310926033", "item_id": "7533802601", "price": 48.59},
    {"name": "Action Camera", "product_id": "3377618313", "item_id": "6700049080", "price": 497.39}],
    "payment_history": [{"payment_method_id": "credit_card_6748580", "amount": 3115.09}]}


@pytest.mark.parametrize(("reply", "ok"), [
    # blind set 96, r96_06 20: the other unit of an item the call returns one of is kept
    ("Keep the camera and the other bottle. Go ahead.", True),
    ("Keep the camera and the bottle. Go ahead.", False),
    ("Keep the other bottle and the laptop. Go ahead.", False),  # the laptop is the call's
])
def test_keeping_the_other_unit_of_an_item_returned(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return the laptop and one water bottle from #W3977493.")
    c.call("get_order_details", {"order_id": "#W3977493"}, TWO_BOTTLES)
    c.say("Here's the return I'd submit:\n- Order #W3977493: return Laptop 2216662955 and one Water Bottle "
          "7533802601\n- Refund $2,569.11 to credit_card_6748580\nShall I proceed?")
    c.user(reply)
    i = c.call("return_delivered_order_items", {"order_id": "#W3977493", "item_ids": ["2216662955", "7533802601"],
                                                "payment_method_id": "credit_card_6748580"},
               {**TWO_BOTTLES, "status": "return requested"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


DUMBBELLS = {"order_id": "#W6002467", "status": "pending", "items": [
    {"name": "Dumbbell Set", "product_id": "7233192239", "item_id": "8140269513", "price": 528.12,
     "options": {"weight range": "55-75 lbs", "material": "rubber", "set type": "adjustable"}}],
    "payment_history": [{"payment_method_id": "paypal_1808675", "amount": 528.12}]}
DUMBBELL_SETS = {"name": "Dumbbell Set", "product_id": "7233192239", "variants": {
    k: {"item_id": k, "options": {"weight range": "30-50 lbs", "material": m, "set type": t}, "available": True, "price": p}
    for k, m, t, p in (("3333391894", "iron", "fixed", 534.14), ("4422467033", "urethane", "adjustable", 483.47),
                       ("6171242004", "rubber", "fixed", 462.84), ("7159180318", "urethane", "fixed", 512.88))}}


@pytest.mark.parametrize(("reply", "ok"), [
    # blind set 97, r97_04 34: the list of other options asked for is no description of the change (it
    # names every option), and the item described before is picked again by its own option values
    ("no the urethane fixed is fine. do it", True),
    ("do it", False),  # which of the listed ones?
    ("the fixed one is fine. do it", False),  # three listed are fixed
])
def test_the_described_item_picked_again_after_a_list_of_options(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("In #W6002467 I want the dumbbell set as 30-50 lbs, urethane, fixed.")
    c.call("get_order_details", {"order_id": "#W6002467"}, DUMBBELLS)
    c.call("get_product_details", {"product_id": "7233192239"}, DUMBBELL_SETS)
    c.say("The Dumbbell Set 30-50 lbs / urethane / fixed (item 7159180318) is available at $512.88. Your current "
          "set is $528.12, so $15.24 would be refunded to your PayPal (paypal_1808675). Anything else in #W6002467?")
    c.user("just that. what other 30-50 options are there?")
    c.say("Available 30-50 lbs sets: iron / fixed (3333391894) $534.14, urethane / adjustable (4422467033) $483.47, "
          "rubber / fixed (6171242004) $462.84, and urethane / fixed (7159180318) $512.88.")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W6002467", "item_ids": ["8140269513"],
                                              "new_item_ids": ["7159180318"], "payment_method_id": "paypal_1808675"},
               {**DUMBBELLS, "status": "pending (item modified)"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


HELMET_ORDER = {"order_id": "#W6958840", "status": "pending", "items": [
    {"name": "Cycling Helmet", "product_id": "7765186836", "item_id": "6048672633", "price": 208.05,
     "options": {"size": "L", "color": "black", "ventilation": "low"}}],
    "payment_history": [{"payment_method_id": "credit_card_1687024", "amount": 208.05}]}
HELMETS = {"name": "Cycling Helmet", "product_id": "7765186836", "variants": {
    "7811981098": {"item_id": "7811981098", "options": {"size": "S", "color": "white", "ventilation": "medium"},
                   "available": True, "price": 213.86},
    "5537798301": {"item_id": "5537798301", "options": {"size": "S", "color": "black", "ventilation": "medium"},
                   "available": True, "price": 204.47}}}


@pytest.mark.parametrize(("reply", "ok"), [
    # blind set 97, r97_12 24: one option value picks it among the two listed, and a bare "go" says yes
    ("black. refund to visa. go.", True),
    ("white. refund to visa. go.", False),  # the other one
    ("medium. go.", False),  # both listed have medium vents
])
def test_one_value_picks_the_described_item_among_the_listed(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("In #W6958840 I want the black L helmet as S with medium vents.")
    c.call("get_order_details", {"order_id": "#W6958840"}, HELMET_ORDER)
    c.call("get_product_details", {"product_id": "7765186836"}, HELMETS)
    c.say("Cycling Helmet S / black / medium ventilation (item 5537798301) is available at $204.47. Your L / black / "
          "low helmet is $208.05, so $3.58 would be refunded to your Visa (credit_card_1687024). Anything else?")
    c.user("what colors come in S with medium?")
    c.say("In S / medium ventilation there's white (7811981098) at $213.86 and black (5537798301) at $204.47.")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W6958840", "item_ids": ["6048672633"],
                                              "new_item_ids": ["5537798301"], "payment_method_id": "credit_card_1687024"},
               {**HELMET_ORDER, "status": "pending (item modified)"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


THREE_ITEMS = {"order_id": "#W7293142", "status": "delivered", "items": [
    {"name": "Wireless Earbuds", "product_id": "9924732112", "item_id": "3694871183", "price": 256.67},
    {"name": "Hiking Boots", "product_id": "7363354090", "item_id": "2185126308", "price": 241.90,
     "options": {"size": "10", "material": "leather", "waterproof": "no"}},
    {"name": "Skateboard", "product_id": "1968349452", "item_id": "6956751343", "price": 217.06}],
    "payment_history": [{"payment_method_id": "gift_card_9909795", "amount": 715.63}]}


@pytest.mark.parametrize(("description", "kinds"), [
    # blind set 97, r97_03 40: three items described and confirmed, two returned
    ("The items I'd return: Wireless Earbuds (item 3694871183, $256.67), Hiking Boots 10 / leather / not waterproof "
     "(item 2185126308, $241.90) and Skateboard (item 6956751343, $217.06). Refund $715.63 to gift_card_9909795. "
     "Confirm?", ["not_described"]),
    ("I'll return Wireless Earbuds (item 3694871183) and Hiking Boots (item 2185126308), refund $498.57 to "
     "gift_card_9909795. The Skateboard (item 6956751343) stays. Confirm?", []),
    ("I'll return Wireless Earbuds (item 3694871183) and Hiking Boots (item 2185126308), not the Skateboard "
     "(item 6956751343); refund $498.57 to gift_card_9909795. Confirm?", []),
])
def test_an_item_the_description_returns_that_the_call_leaves_out(convo, description: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("From #W7293142 I want to return the earbuds, the hiking boots and maybe the skateboard.")
    c.call("get_order_details", {"order_id": "#W7293142"}, THREE_ITEMS)
    c.say(description)
    c.user("Yes.")
    i = c.call("return_delivered_order_items", {"order_id": "#W7293142", "item_ids": ["3694871183", "2185126308"],
                                                "payment_method_id": "gift_card_9909795"},
               {**THREE_ITEMS, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("rule", "kinds"), [
    # blind set 98, r98_11 20: the once-only rule names the return beside the exchange options listed, which
    # describes no return; the yes answers the return described before it
    ("However, an order can have either a return or an exchange, only once - so you couldn't return the lamp and "
     "exchange the T-shirt on #W4794911.", []),
    ("Note that a delivered order can be returned or exchanged only once, so you can't return the lamp and "
     "exchange the T-shirt on #W4794911.", []),
])
def test_a_rule_that_names_the_action_beside_a_listing_describes_nothing(convo, rule: str, kinds: list[str]) -> None:
    c = _looked_up(convo, "I want to return the desk lamp from #W4794911. User yusuf_garcia_3055.", SHIRTS)
    c.say("The return would be: Desk Lamp (item 9190635437), refund of $153.23 to your PayPal (paypal_7503218). "
          "Shall I submit it (yes/no)?")
    c.user("what about exchanging the shirt for a smaller one instead?")
    c.say(f"Other T-shirts: blue S (8349118980) and red M (1111111111).\n{rule}")
    c.user("ok, forget the shirt. just the lamp. yes, return it to paypal")
    i = c.call("return_delivered_order_items", {"order_id": "#W4794911", "item_ids": [LAMP],
                                                "payment_method_id": PAYPAL}, {**ORDER, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


TWO_RETURNS = "Both orders are delivered. Here are the two returns:\n1. #W5220869: Desk Lamp ($153.23), Backpack " \
              "($202.39), refund $355.62. The luggage set stays.\n2. #W5202795: Office Chair ($488.81), refund $488.81. " \
              "The garden hose and green backpack stay.\nBoth refunds go to your Mastercard ending 3762, the original " \
              "payment method. " \
              "Each order can only be returned once. Shall I submit both?"


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 99, r99_07 20: the plan's first entry names the call's order by id and no verb; the last entry
    # runs on into the question, which names the verb and the call's card
    ("Yes to the first one. For the second... hmm, let me think about the chair.", []),
    ("Yes to the second one. For the first... hmm, let me think about the lamp.", ["confirmation_not_covering"]),
])
def test_a_plan_entry_that_names_the_calls_order_by_id_is_its_entry(convo, reply: str, kinds: list[str]) -> None:
    first = {**ORDER, "order_id": "#W5220869", "items": [ORDER["items"][0], {
        "name": "Backpack", "item_id": "6906307980", "price": 202.39}]}
    second = {**ORDER, "order_id": "#W5202795", "items": [{"name": "Office Chair", "item_id": "8426249116",
                                                           "price": 488.81},
                                                          {"name": "Backpack", "item_id": "8084436579", "price": 219.43}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the lamp and backpack from #W5220869 and the chair from #W5202795. I'm yusuf_garcia_3055.")
    c.call("get_user_details", {"user_id": "yusuf_garcia_3055"}, USER)
    c.call("get_order_details", {"order_id": "#W5220869"}, first)
    c.call("get_order_details", {"order_id": "#W5202795"}, second)
    c.say(TWO_RETURNS)
    c.user(reply)
    i = c.call("return_delivered_order_items", {"order_id": "#W5220869", "item_ids": [LAMP, "6906307980"],
                                                "payment_method_id": CARD}, {**first, "status": "return requested"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 99, r99_06 26: "also" asks for more; the clause after it goes on with that list
    ("confirmed. also the kettle in that order: 1.5L, same color. and the lamp: white.", []),
    ("confirmed. also the kettle in that order: 1.5L, same color.", []),
])
def test_a_list_of_more_requests_after_a_yes_is_no_scope(convo, reply: str, kinds: list[str]) -> None:
    pending = {**ORDER, "status": "pending"}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Ship #W4794911 to 99 Oak Ave, Boulder, CO 80301. I'm yusuf_garcia_3055.")
    c.call("get_order_details", {"order_id": "#W4794911"}, pending)
    c.say("#W4794911 is pending, so I can change its address to 99 Oak Ave, Boulder, CO 80301, USA. Please confirm.")
    c.user(reply)
    i = c.call("modify_pending_order_address", {"order_id": "#W4794911", **NEW_ADDRESS}, pending)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds
