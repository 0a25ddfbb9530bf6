"""Workflow (confirmation covering the action, state-dependent order), novelty, recovery, kinds."""

from __future__ import annotations

import pytest

from trajectory2gym.certify import CertifyConfig, certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

BOTTLE_ORDER = {
    "order_id": "#W2611340", "status": "delivered",
    "items": [{"name": "Water Bottle", "product_id": "8310926033", "item_id": "6469567736", "price": 47.84,
               "options": {"capacity": "1000ml"}}],
}
LAMP_ORDER = {
    "order_id": "#W4817420", "status": "delivered",
    "items": [{"name": "Desk Lamp", "product_id": "6817146515", "item_id": "5320792178", "price": 135.24,
               "options": {"brightness": "high"}}],
}
BOTTLE_PRODUCT = {"name": "Water Bottle", "product_id": "8310926033", "variants": {
    "7533802601": {"item_id": "7533802601", "options": {"capacity": "1500ml"}, "available": True, "price": 48.59}}}
LAMP_PRODUCT = {"name": "Desk Lamp", "product_id": "6817146515", "variants": {
    "1569765161": {"item_id": "1569765161", "options": {"brightness": "low"}, "available": True, "price": 143.02}}}


def _bottle_and_lamp(convo, reply: str):
    c = convo()
    c.user("Hi! I want a larger water bottle and a dimmer desk lamp. Orders #W2611340 and #W4817420.")
    c.call("get_order_details", {"order_id": "#W2611340"}, BOTTLE_ORDER)
    c.call("get_order_details", {"order_id": "#W4817420"}, LAMP_ORDER)
    c.call("get_product_details", {"product_id": "8310926033"}, BOTTLE_PRODUCT)
    c.call("get_product_details", {"product_id": "6817146515"}, LAMP_PRODUCT)
    c.user("My user id is noah_brown_6181, use my paypal.")
    c.call("get_user_details", {"user_id": "noah_brown_6181"},
           {"payment_methods": {"paypal_5727330": {"source": "paypal", "id": "paypal_5727330"}}})
    c.say("I can exchange the water bottle (item 6469567736) in #W2611340 for the 1500ml bottle "
          "(item 7533802601), and exchange the desk lamp (item 5320792178) in #W4817420 for the low "
          "brightness lamp (item 1569765161), both paid with paypal_5727330. Shall I proceed?")
    c.user(reply)
    lamp = c.call("exchange_delivered_order_items", {
        "order_id": "#W4817420", "item_ids": ["5320792178"], "new_item_ids": ["1569765161"],
        "payment_method_id": "paypal_5727330"}, {"order_id": "#W4817420", "status": "exchange requested"})
    bottle = c.call("exchange_delivered_order_items", {
        "order_id": "#W2611340", "item_ids": ["6469567736"], "new_item_ids": ["7533802601"],
        "payment_method_id": "paypal_5727330"}, {"order_id": "#W2611340", "status": "exchange requested"})
    return c, lamp, bottle


def test_bottle_and_lamp_only_the_confirmed_exchange_is_eligible(convo, at):
    c, lamp, bottle = _bottle_and_lamp(
        convo, "Actually, only go ahead with the lamp exchange. Keep the bottle as it is.")
    cert = certify_interaction(c.build())
    assert at(cert, lamp).eligible, at(cert, lamp).reasons
    d = at(cert, bottle)
    assert d.checks["execution"] and d.checks["visibility"] and not d.checks["workflow"]
    assert [reason_kind(r) for r in d.reasons] == ["confirmation_not_covering"]
    assert "bottle" in d.reasons[0]


SPEAKERS = {"order_id": "#W3002300", "user_id": "noah_kovacs_1216", "status": "delivered", "items": [
    {"name": "Bluetooth Speaker", "product_id": "4768869376", "item_id": "9179378709", "price": 326.59,
     "options": {"color": "green", "battery life": "10 hours"}},
    {"name": "Bluetooth Speaker", "product_id": "4768869376", "item_id": "7597543861", "price": 310.47,
     "options": {"color": "black", "battery life": "10 hours"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 637.06, "payment_method_id": "gift_card_2486551"}]}
SPEAKER = {"name": "Bluetooth Speaker", "product_id": "4768869376", "variants": {
    "9440686670": {"item_id": "9440686670", "options": {"color": "green", "battery life": "20 hours"}, "price": 298.91},
    "1052700637": {"item_id": "1052700637", "options": {"color": "red", "battery life": "20 hours"}, "price": 285.81}}}


@pytest.mark.parametrize(("reply", "left_out"), [
    ("Yes, but only the green one.", "black red"),
    ("Hmm, let's do the green one for now, yes to that. I'm still not sure about the red one.", "black red"),
    ("Yes to the red one; hold off on the green one.", "green"),
    ("Yes, both please.", None),
    # a request for more after the yes names an item, no scope of it (blind set 69, r69_04)
    ("yes! and I also want to return the green one from my other order", None),
])
def test_items_of_one_name_are_told_apart_by_their_options(convo, at, reply: str, left_out: str | None) -> None:
    c = convo()
    c.user("I want 20-hour batteries on both speakers of order #W3002300.")
    c.call("get_order_details", {"order_id": "#W3002300"}, SPEAKERS)
    c.call("get_product_details", {"product_id": "4768869376"}, SPEAKER)
    c.say("Here's the exchange for #W3002300:\n- Green 10h ($326.59) -> Green 20h, item 9440686670 ($298.91)\n"
          "- Black 10h ($310.47) -> Red 20h, item 1052700637 ($285.81)\nYou'd get back $52.34 on your gift card "
          "gift_card_2486551. Confirm?")
    c.user(reply)
    i = c.call("exchange_delivered_order_items", {
        "order_id": "#W3002300", "item_ids": ["9179378709", "7597543861"], "new_item_ids": ["9440686670", "1052700637"],
        "payment_method_id": "gift_card_2486551"}, {"order_id": "#W3002300", "status": "exchange requested"})
    d = at(certify_interaction(c.build()), i)
    if left_out is None:
        assert d.eligible, d.reasons
    else:
        assert d.reasons == ["exchange_delivered_order_items: the user's confirmation does not cover this action "
                             f"(the user's yes leaves out: {left_out})"]


def test_bottle_and_lamp_scoped_without_negation(convo, at):
    c, lamp, bottle = _bottle_and_lamp(convo, "Yes, just the lamp please.")
    cert = certify_interaction(c.build())
    assert at(cert, lamp).eligible and not at(cert, bottle).eligible


def test_bare_yes_covers_everything_described(convo, at):
    c, lamp, bottle = _bottle_and_lamp(convo, "Yes, please do both.")
    cert = certify_interaction(c.build())
    assert at(cert, lamp).eligible and at(cert, bottle).eligible


def test_no_confirmation_and_refusal(convo, at):
    for reply in ("Hmm, let me think about what the new bottle looks like first.", "No, don't do anything."):
        c, lamp, bottle = _bottle_and_lamp(convo, reply)
        cert = certify_interaction(c.build())
        for i in (lamp, bottle):
            d = at(cert, i)
            assert not d.checks["workflow"]
            assert [reason_kind(r) for r in d.reasons] == ["not_confirmed"], (reply, d.reasons)


def test_write_never_described(convo, at, order_w123):
    c = convo()
    c.user("Return the water bottle of order #W123 to paypal_5727330, yes I confirm.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    i = c.call("return_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                                "payment_method_id": "paypal_5727330"}, {"status": "return requested"})
    d = at(certify_interaction(c.build()), i)
    assert d.reasons == ["return_delivered_order_items: the assistant never described this action before it "
                         "(a description names the action and one of: bottle, water)"]
    assert reason_kind(d.reasons[0]) == "not_described"
    # a record certified before the detail was added still counts as the same kind
    assert reason_kind("return_delivered_order_items: the assistant never described this action before it") \
        == "not_described"


def test_confirmation_to_another_description_does_not_cover(convo, at, order_w123):
    c = convo()
    c.user("Order #W123: return the bottle, and maybe the chair. Refund to paypal_5727330.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("I can return the Office Chair (item 8426249116) to paypal_5727330. Confirm?")
    c.user("yes")
    i = c.call("return_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                                "payment_method_id": "paypal_5727330"}, {"status": "return requested"})
    d = at(certify_interaction(c.build()), i)
    assert not d.checks["workflow"] and reason_kind(d.reasons[0]) == "not_described"


def test_state_dependent_order_write_before_lookup(convo, at):
    c = convo()
    c.user("Please cancel order #W123, I no longer need it.")
    c.say("I will cancel order #W123 (reason: no longer needed). Please confirm with yes.")
    c.user("yes")
    i = c.call("cancel_pending_order", {"order_id": "#W123", "reason": "no longer needed"}, {"status": "cancelled"})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["visibility"] and not d.checks["workflow"]
    assert d.reasons == ["cancel_pending_order: order_id='#W123' not established by an earlier successful lookup"]
    relaxed = certify_interaction(c.build(), config=CertifyConfig(require_lookup_before_write=False))
    assert at(relaxed, i).eligible


@pytest.mark.parametrize(("lookup", "ok"), [
    (False, False),  # the profile lists the order: its id, not its status
    (True, True),
])
def test_the_object_a_write_changes_must_have_been_looked_up(convo, at, lookup: bool, ok: bool) -> None:
    c = convo()
    c.user("Cancel my smart watch order, ordered by mistake. I'm anya_brown_2024.")
    c.call("get_user_details", {"user_id": "anya_brown_2024"}, {"user_id": "anya_brown_2024", "orders": ["#W8883368"],
                                                                "payment_methods": {"paypal_1": {"id": "paypal_1"}}})
    if lookup:
        c.call("get_order_details", {"order_id": "#W8883368"}, {"order_id": "#W8883368", "status": "pending"})
    c.say("To confirm: cancel order #W8883368 with reason 'ordered by mistake'. Yes?")
    c.user("yes")
    i = c.call("cancel_pending_order", {"order_id": "#W8883368", "reason": "ordered by mistake"},
               {"order_id": "#W8883368", "status": "cancelled"})
    # A payment method a profile shows needs no lookup of its own.
    j = c.call("modify_pending_order_payment", {"order_id": "#W8883368", "payment_method_id": "paypal_1"},
               {"order_id": "#W8883368"})
    r = certify_interaction(c.build())
    assert at(r, i).checks["workflow"] is ok
    assert not any("paypal_1" in x and "not established" in x for x in at(r, j).reasons)


# ---------------------------------------------------------------- novelty


def test_repeated_call_without_and_with_new_evidence(convo, at, order_w123):
    c = convo()
    c.user("Status of #W123?")
    first = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    again = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.user("I just got an email saying something changed, can you check again?")
    third = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    same_msg = c.calls(("get_product_details", {"product_id": "8310926033"}, {"name": "Water Bottle"}),
                       ("get_product_details", {"product_id": "8310926033"}, {"name": "Water Bottle"}))
    cert = certify_interaction(c.build())
    assert at(cert, first).eligible
    d = at(cert, again)
    assert not d.checks["novelty"] and d.checks["execution"] and d.checks["visibility"]
    assert d.reasons == [f"get_order_details: identical to the call at message {first} with no new evidence in between"]
    assert at(cert, third).eligible
    m = at(cert, same_msg)
    assert m.kind == "multi_call" and not m.checks["novelty"]


@pytest.mark.parametrize(("between", "novel"), [
    ("How many items are in it, by the way?", False),  # asks about what the lookup showed
    ("I just got an email saying it shipped.", True),  # says something changed
    ("Sorry, I meant #W124.", False),  # a new value, but #W123's lookup would show what it showed
    ("Right, and the phone on 2006?", False),  # a new value, about something else
    ("I just paid it, check it again?", True),  # says something changed
    ("Which item was the cheapest again?", False),  # asks to be reminded
    ("It's #W123, in case you didn't get it.", False),  # "didn't" says nothing was done
    ("My status bar says 5G, by the way.", False),  # a device read-out, not the order's status
    ("Can you look again? It should have shipped by now.", True),
    ("I really need it gone. Just cancel it and give me my refund.", False),  # a demand, nothing changed
    ("This is ridiculous. Cancel it.", False),
    ("The seller says they cancelled part of it.", True),  # says something changed
    ("Pending? You just said it shipped. That doesn't add up.", False),  # questions what was said
    # asks what was paid for the order as it was (blind audit r57_02)
    ("Could you remind me what else is in that order and what I paid?", False),
    ("How much I paid is on my statement, right?", False),
    ("Move it to the day after. Refund to whatever i paid with.", False),  # (blind set 98, a98_04 10)
    # what may be, no change told (blind set 98, r98_01 28)
    ("Oh wait, a robotic one might not work on my stairs. Would switching slow anything down?", False),
    ("My friend said if you 'modify' it to the same model it gets re-checked before shipping.", False),
    ("My friend checked it: it works now.", True),
    # a question with a participle after a comma (blind set 98, a98_09 42)
    ("What about just moving the date, staying in economy?", False),
    ("I just moved the date, staying in economy.", True),
    ("Hmm ok. What's the status of the order with the water bottle?", False),  # asks (blind audit r66_05)
    ("visa again. yes do it", False),  # a choice as before (blind audit r67_12)
    ("Please look again, it changed.", True),
    ("The status says shipped on my end.", True),
    # a question of its own, with a word of change in it (blind set 69: a69_01, t69_09)
    ("wait, one of the passengers broke her leg yesterday, does that change anything?", False),
    ("ok, resetting... will a reboot lose anything?", False),
    ("I rebooted it, will that change anything?", True),  # told, then asked
    # "work" names a phone, not a fix that worked (blind set 72: t72_04)
    ("Also, can you suspend my other line? It's my work phone, I won't need it.", False),
    ("I'm at work, so make it quick.", False),
    ("It works now, check it again?", True),
    # a question led by "then" (blind set 75, r75_06)
    ("Then can I change the clock to something else? what options?", False),
    ("Then I changed the address on my account.", True),
])
def test_a_user_message_is_new_evidence_when_it_says_something_new(convo, at, order_w123, between: str,
                                                                    novel: bool) -> None:
    c = convo()
    c.user("Status of #W123?")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("Order #W123 is pending.")
    c.user(between)
    again = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    assert at(certify_interaction(c.build()), again).checks["novelty"] is novel


def test_news_of_a_change_does_not_renew_a_lookup_of_what_no_tool_changes(convo, at, order_w123) -> None:
    # No retail tool changes a product listing, so the user's word of a change (with no tool of
    # theirs since) leaves its lookup as it was; an order's may have changed (blind set 72: t72_06).
    product = {"name": "Water Bottle", "product_id": "8310926033", "variants": {}}
    c = convo()
    c.user("Status of #W123? And what bottles do you have?")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.call("get_product_details", {"product_id": "8310926033"}, product)
    c.say("Order #W123 is pending.")
    c.user("I just got an email saying something changed, can you check again?")
    order = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    listing = c.call("get_product_details", {"product_id": "8310926033"}, product)
    cert = certify_interaction(c.build())
    assert at(cert, order).checks["novelty"]
    d = at(cert, listing)
    assert not d.checks["novelty"] and d.checks["visibility"]


@pytest.mark.parametrize(("between", "novel"), [
    ("Please try that again.", True),  # asks for a new attempt
    ("My zip code is 46220, in case that matters.", True),  # a value not seen before
    ("ok", False),
])
def test_a_repeated_write_is_novel_after_any_new_evidence(convo, at, order_w123, between: str, novel: bool) -> None:
    c = convo()
    c.user("Cancel #W123, no longer needed.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("Cancel order #W123 because it is no longer needed? (yes/no)")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W123", "reason": "no longer needed"},
           "Error: the order service is unavailable")
    c.say("Sorry, that did not go through. Shall I try to cancel order #W123 again (no longer needed)?")
    c.user(between)
    c.say("Retrying the cancellation of order #W123 now. Confirm? (yes/no)")
    c.user("yes")
    again = c.call("cancel_pending_order", {"order_id": "#W123", "reason": "no longer needed"}, {"status": "cancelled"})
    assert at(certify_interaction(c.build()), again).checks["novelty"] is novel


def test_repeat_after_state_change_is_novel(convo, at, order_w123):
    c = convo()
    c.user("Cancel #W123, no longer needed.")
    look = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("Cancel order #W123 because it is no longer needed? (yes/no)")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W123", "reason": "no longer needed"}, {"status": "cancelled"})
    c.say("Done, order #W123 is cancelled.")
    again = c.call("get_order_details", {"order_id": "#W123"}, {**order_w123, "status": "cancelled"})
    cert = certify_interaction(c.build())
    assert at(cert, look).eligible and at(cert, again).checks["novelty"]
    assert cert.summary == {"decisions": 5, "eligible": 5}, [d.reasons for d in cert.decisions]


# ---------------------------------------------------------------- recovery, kinds, dual control


def test_failed_lookup_then_grounded_alternative_lookup(convo, at, order_w123):
    c = convo()
    c.user("My order number is #W12 and my email is noah.brown7922@example.com")
    bad = c.call("get_order_details", {"order_id": "#W12"}, "Error: order not found")
    uid = c.call("find_user_id_by_email", {"email": "noah.brown7922@example.com"}, "noah_brown_6181")
    user = c.call("get_user_details", {"user_id": "noah_brown_6181"},
                  {"email": "noah.brown7922@example.com", "orders": ["#W123"]})
    good = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    cert = certify_interaction(c.build())
    assert not at(cert, bad).eligible
    rec = at(cert, uid)
    assert rec.after_error and rec.eligible
    assert at(cert, user).eligible and not at(cert, user).after_error
    assert at(cert, good).eligible


def test_decision_kinds_and_handoff_summary(convo, at, order_w123):
    c = convo()
    c.user("Order #W123, I want to talk to a human")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    multi = c.calls(("get_product_details", {"product_id": "8310926033"}, {"name": "Water Bottle"}),
                    ("get_product_details", {"product_id": "4794339885"}, {"name": "Office Chair"}))
    hand = c.call("transfer_to_human_agents", {"summary": "User wants a human for order #W123."},
                  "Transfer successful")
    leak = c.call("transfer_to_human_agents", {"summary": "User asks about order #W77777."}, "Transfer successful")
    cert = certify_interaction(c.build())
    assert at(cert, multi).kind == "multi_call" and at(cert, multi).eligible
    assert at(cert, hand).kind == "handoff" and at(cert, hand).eligible
    assert at(cert, leak).reasons == ["transfer_to_human_agents: summary='#W77777' not in visible history"]


def test_text_decision_states_unseen_identifier_and_amount(convo, at, order_w123):
    c = convo(private={"gold": {"refund": 99.99}})
    c.user("How much did I pay for #W123?")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    ok = c.say("You paid $536.65 for order #W123, tracking 6469567736.")
    bad = c.say("You will get $99.99 back on card credit_card_0000001.")
    cert = certify_interaction(c.build())
    assert at(cert, ok).eligible
    d = at(cert, bad)
    assert d.kind == "text" and d.privileged
    assert sorted(d.reasons) == ["text states '$99.99' found only in private (privileged)",
                                 "text states 'credit_card_0000001' not in visible history"]


def test_dual_control_user_tool_calls_are_evidence_not_decisions(convo, at):
    tools = [{"type": "function", "function": {"name": "check_sim_status", "parameters": {
        "type": "object", "properties": {"line_id": {"type": "string"}}, "required": ["line_id"]}}}]
    c = convo(tools=tools, domain="telecom")
    c.user("My phone has no signal.")
    u = c.user_runs("get_device_info", {}, '{"line_id": "L-5551234", "sim": "missing"}', text="Here's my device info")
    i = c.call("check_sim_status", {"line_id": "L-5551234"}, '{"status": "not inserted"}')
    cert = certify_interaction(c.build())
    assert [d.message_index for d in cert.decisions] == [i]
    assert u not in cert.eligible_indices
    assert at(cert, i).eligible, at(cert, i).reasons


# --------------------------------------------------------------------------- confirmation edge cases (audit)

PENDING = {"order_id": "#W8770097", "status": "pending", "items": [
    {"name": "Office Chair", "product_id": "4794339885", "item_id": "4274709903", "price": 544.29}]}
PENDING_2 = {"order_id": "#W5183325", "status": "pending", "items": [
    {"name": "Desk Lamp", "product_id": "6817146515", "item_id": "5320792178", "price": 135.24}]}


def _cancel_after(convo, *turns: tuple[str, str]):
    """A pending order looked up, the assistant offers to cancel it, then ``turns`` (role, text), then the call."""
    c = convo()
    c.user("I want to cancel order #W8770097, I no longer need it.")
    c.call("get_order_details", {"order_id": "#W8770097"}, PENDING)
    c.say("Order #W8770097 (Office Chair) is pending. I can cancel it with reason 'no longer needed'; "
          "$544.29 will be refunded. Do you want me to proceed?")
    for role, text in turns:
        (c.user if role == "user" else c.say)(text)
    return c, c.call("cancel_pending_order", {"order_id": "#W8770097", "reason": "no longer needed"},
                     {**PENDING, "status": "cancelled"})


def test_everyday_confirmations_count(convo, at):
    for reply in ("That works for me.", "Go for it.", "Affirmative.", "Yes, please do.", "Do that please."):
        c, i = _cancel_after(convo, ("user", reply))
        assert at(certify_interaction(c.build()), i).eligible, reply


@pytest.mark.parametrize(("reply", "ok"), [
    # blind set 96, r96_09 15: certainty of a fact, a correction of the agent's, is no yes
    ("mastercard? pretty sure I paid with paypal", False),
    ("I'm fairly sure it was paypal", False),
    ("Sure, I paid with paypal. Go ahead.", True),
])
def test_being_sure_of_a_fact_is_no_yes(convo, at, reply: str, ok: bool) -> None:
    c, i = _cancel_after(convo, ("user", reply))
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


def test_a_question_is_not_a_confirmation(convo, at):
    for reply in ("Can you confirm how long the refund will take first?",
                  "Sure, but first tell me: will I get the full amount back?"):
        c, i = _cancel_after(convo, ("user", reply))
        d = at(certify_interaction(c.build()), i)
        assert [reason_kind(r) for r in d.reasons] == ["not_confirmed"], (reply, d.reasons)
    # answered, then confirmed: eligible
    c, i = _cancel_after(convo, ("user", "Will I get the full amount back?"), ("assistant", "Yes, all of it."),
                         ("user", "Great, go ahead."))
    assert at(certify_interaction(c.build()), i).eligible


@pytest.mark.parametrize(("reply", "ok"), [
    ("yes do it, but quick question, when does the refund arrive?", True),  # marked as an aside
    ("Yes go ahead. By the way, what's my other order's status?", True),
    ("yes do it, but when does the refund arrive?", False),  # may wait for the answer
    ("yes. oh and can you also cancel my other order?", True),  # asks for more
    ("Yes. Also can I return something from my other order?", True),
    ("ugh, fine. yes cancel it. how long does the refund take?", True),  # ordered, then asked on its own
    ("yes cancel it, how long does the refund take?", False),  # one sentence: the answer may decide
    ("yes. how long does the refund take?", True),  # a yes on its own, then a question
    ("yes, how long does the refund take?", False),
    ("yes. but how long does the refund take?", False),
    # another matter brought up, then asked about (blind audit a58_03)
    ("Yes, please cancel it. Oh, and I also have a lamp order, the blue one - I probably need to cancel that too, "
     "right? Can you check it?", True),
    ("Yes, please cancel it. The lamp order - do I need to cancel that too? Can you check it?", False),
])
def test_a_question_marked_as_an_aside_does_not_hold_the_yes(convo, at, reply: str, ok: bool) -> None:
    c, i = _cancel_after(convo, ("user", reply))
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "ok"), [
    # a reason given after the yes is no refusal (blind audit a58_03)
    ("Yes, please cancel it, my wife won't use it without me.", True),
    ("Yes, go ahead, I don't need it anymore.", True),
    ("Yes, go ahead - we can't use it anyway.", True),
    ("Yes, but I don't want it cancelled until Friday.", False),  # what the user wants: a condition
    ("Yes, don't cancel it.", False),  # to the agent: a refusal
    ("Yes please. Hmm, no, cancel that.", False),  # taken back
    ("Yes please, and my other order - I think I'll cancel that one too.", True),  # more to cancel, no taking back
])
def test_a_reason_after_the_yes_is_no_refusal(convo, at, reply: str, ok: bool) -> None:
    c, i = _cancel_after(convo, ("user", reply))
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


def test_a_later_retraction_withdraws_the_yes(convo, at):
    c, i = _cancel_after(convo, ("user", "Yes."), ("assistant", "Note that the refund takes 5-7 days. Still fine?"),
                         ("user", "Hmm, in that case no. I'd rather not cancel it after all."))
    d = at(certify_interaction(c.build()), i)
    assert [reason_kind(r) for r in d.reasons] == ["confirmation_withdrawn"]
    # a "no" that withdraws nothing (no more questions) leaves the yes standing
    c, i = _cancel_after(convo, ("user", "Yes."), ("assistant", "Anything else before I do it?"), ("user", "No."))
    assert at(certify_interaction(c.build()), i).eligible


@pytest.mark.parametrize(("refusal", "ok"), [
    # blind set 75, a75_06: the agent refused, the user insisted, the agent did it anyway
    ("Sorry, #W8770097 has already been processed, so I can't cancel it.", False),
    ("Sorry, I can't cancel it online, but I can cancel #W8770097 for you here. Shall I?", True),  # an offer after it
    ("#W8770097 is pending, so I can cancel it.", True),
])
def test_an_action_the_agent_refused_is_not_confirmed_by_the_users_insistence(convo, at, refusal: str, ok: bool) -> None:
    c, i = _cancel_after(convo, ("user", "yes"), ("assistant", refusal), ("user", "come on, just cancel it"))
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("doubt", "ok"), [
    # blind set 75, t75_05: after the yes, a doubt that it was done already, where it was not
    ("Wait, are you sure it's cancelled already?", True),
    ("Wait, did you actually cancel it?", True),
    ("Wait, is it refundable? Hold on.", False),  # a hold, asked before it is done
])
def test_a_doubt_that_it_was_done_withdraws_no_yes(convo, at, doubt: str, ok: bool) -> None:
    c, i = _cancel_after(convo, ("user", "Yes."), ("assistant", "Great, it's all taken care of."), ("user", doubt))
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "ok"), [
    # blind set 96, a96_12: a hold taken back at once, in the same breath
    ("Wait — actually, yes, go ahead.", True),
    ("Wait, actually yes, do it.", True),
    ("Hmm, wait. Actually yes, do it.", True),
    ("Wait, actually, let me think about it.", False),
    ("Wait.", False),
])
def test_a_wait_taken_back_at_once_keeps_the_yes(convo, at, reply: str, ok: bool) -> None:
    c, i = _cancel_after(convo, ("user", reply))
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


def test_a_confirmation_scoped_by_another_orders_id_does_not_cover(convo, at):
    c = convo()
    c.user("Cancel my pending orders #W8770097 and #W5183325, I no longer need them.")
    c.call("get_order_details", {"order_id": "#W8770097"}, PENDING)
    c.call("get_order_details", {"order_id": "#W5183325"}, PENDING_2)
    c.say("I can cancel order #W8770097 and order #W5183325 with reason 'no longer needed'. Shall I proceed?")
    c.user("Hmm, on second thought just cancel #W8770097 please.")
    kept = c.call("cancel_pending_order", {"order_id": "#W8770097", "reason": "no longer needed"}, {"status": "cancelled"})
    other = c.call("cancel_pending_order", {"order_id": "#W5183325", "reason": "no longer needed"}, {"status": "cancelled"})
    cert = certify_interaction(c.build())
    assert at(cert, kept).eligible
    d = at(cert, other)
    assert [reason_kind(r) for r in d.reasons] == ["confirmation_not_covering"] and "#W5183325" in d.reasons[0]


def test_the_action_is_named_by_its_verb_not_its_object(convo, at, order_w123):
    # "reservation"/"order" in a message about something else does not describe a cancellation
    c = convo()
    c.user("What is the status of order #W8770097?")
    c.call("get_order_details", {"order_id": "#W8770097"}, PENDING)
    c.say("Order #W8770097 is pending. Would you like me to look up your other orders?")
    c.user("Yes please.")
    i = c.call("cancel_pending_order", {"order_id": "#W8770097", "reason": "no longer needed"}, {"status": "cancelled"})
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == ["not_described"]
    # an exchange whose difference "will be refunded" describes no return
    c = convo()
    c.user("Exchange the water bottle of order #W123 please; refund to paypal_5727330.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("I can exchange the Water Bottle (item 6469567736) in order #W123; the price difference will be "
          "refunded to paypal_5727330. Do you confirm?")
    c.user("Yes, please do.")
    i = c.call("return_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                                "payment_method_id": "paypal_5727330"}, {"status": "return requested"})
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == ["not_described"]


@pytest.mark.parametrize(("device", "said", "novel"), [
    (True, "OK, data roaming is on now. Speed test looks fine!", False),  # the device changed, not the account
    (False, "OK, data roaming is on now. Speed test looks fine!", False),
    (True, "Roaming is off again on my line, can you turn it back on?", True),  # the user says it is undone
])
def test_a_write_that_went_through_is_not_repeated_for_a_device_change(convo, at, device: bool, said: str,
                                                                      novel: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Turn on roaming on L1001 please, I'm C1001.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "roaming_enabled": False})
    c.say("Shall I enable roaming on L1001?")
    c.user("yes")
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, "Roaming enabled successfully")
    c.say("Roaming is now enabled on L1001. Please turn on Data Roaming on your phone too.")
    if device:
        c.messages.append({"role": "user", "content": None, "tool_calls": [
            {"id": "u1", "type": "function", "function": {"name": "toggle_roaming", "arguments": "{}"}}]})
        c.messages.append({"role": "tool", "tool_call_id": "u1", "name": "toggle_roaming",
                           "content": "Data Roaming is now ON."})
    c.user(said)
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, "Roaming enabled successfully")
    assert at(certify_interaction(c.build()), i).checks["novelty"] is novel


TRACKERS = {"order_id": "#W5606472", "status": "delivered", "items": [
    {"name": "Fitness Tracker", "product_id": "6638", "item_id": "5357016476", "price": 176.61,
     "options": {"color": "blue", "GPS": "yes"}},
    {"name": "Fitness Tracker", "product_id": "6638", "item_id": "3646709136", "price": 165.07,
     "options": {"color": "blue", "GPS": "no"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 341.68, "payment_method_id": "paypal_2973277"}]}


@pytest.mark.parametrize(("reply", "eligible"), [
    ("yes", True),  # a reply's yes, not the tracker with GPS "yes"
    ("yes, but only the blue one", True),  # both are blue
    ("no, wait", False),
])
def test_a_yes_names_no_item_whose_option_is_yes(convo, at, reply: str, eligible: bool) -> None:
    c = convo()
    c.user("I want to return both fitness trackers from #W5606472.")
    c.call("get_order_details", {"order_id": "#W5606472"}, TRACKERS)
    c.say("I'll return both fitness trackers (items 5357016476 and 3646709136) from order #W5606472. The refund of "
          "$341.68 goes to your PayPal account paypal_2973277. Shall I proceed?")
    c.user(reply)
    i = c.call("return_delivered_order_items", {"order_id": "#W5606472", "item_ids": ["5357016476", "3646709136"],
                                                "payment_method_id": "paypal_2973277"}, {"status": "return requested"})
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is eligible, d.reasons


@pytest.mark.parametrize(("between", "novel"), [
    ("Oh yes, sorry, Diaz with a z.", True),  # the user gives the spelling the agent had guessed
    ("Yes, that's me.", False),
    ("Isaac, like I said.", False),  # a word of the argument the user had said before
])
def test_a_read_repeated_after_the_user_gives_its_argument(convo, at, between: str, novel: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I want roaming turned off. Name is Isaac Dias, born June 17 1979.")
    c.call("get_customer_by_name", {"full_name": "Isaac Dias", "dob": "1979-06-17"}, [])
    guessed = [{"customer_id": "C1086", "full_name": "Isaac Diaz", "date_of_birth": "1979-06-17"}]
    c.call("get_customer_by_name", {"full_name": "Isaac Diaz", "dob": "1979-06-17"}, guessed)
    c.say("I couldn't find 'Isaac Dias', but there is an account for Isaac Diaz. Is your name spelled D-I-A-Z?")
    c.user(between)
    again = c.call("get_customer_by_name", {"full_name": "Isaac Diaz", "dob": "1979-06-17"}, guessed)
    assert at(certify_interaction(c.build()), again).checks["novelty"] is novel


@pytest.mark.parametrize(("described_again", "novel"), [
    (True, True),  # the same write, described and confirmed again after the first went through
    (False, False),
])
def test_a_write_that_went_through_is_new_when_described_and_confirmed_again(convo, at, described_again: bool,
                                                                           novel: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My flight was cancelled, I want compensation. I'm noah_silva_2256, 3 passengers.")
    c.say("You're eligible for $300 in all: a $150 travel certificate now, and the rest later. Shall I issue it?")
    c.user("yes")
    c.call("send_certificate", {"user_id": "noah_silva_2256", "amount": 150},
           "Certificate certificate_3221322 added to user noah_silva_2256 with amount 150.")
    c.say("Done: certificate_3221322 for $150 is on your account.")
    c.user("Hmm, is that everything I get?")
    if described_again:
        c.say("You're right. I can issue a second certificate for the remaining $150. Shall I do that?")
    else:
        c.say("You're right, sorry about that.")
    c.user("Yes.")
    i = c.call("send_certificate", {"user_id": "noah_silva_2256", "amount": 150},
               "Certificate certificate_3221323 added to user noah_silva_2256 with amount 150.")
    assert at(certify_interaction(c.build()), i).checks["novelty"] is novel


@pytest.mark.parametrize(("offer", "novel"), [
    # blind set 75, t75_09: the first write reported, then another one offered after the report
    ("You're right, sorry. I can add another 1.0 GB for $2.00, bringing the total to 2.0 GB. Go ahead?", True),
    ("You're right, sorry. That brings it to 1.0 GB for now.", False),
])
def test_the_same_write_offered_again_after_its_report(convo, at, offer: str, novel: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data stopped, number 555-123-2002, customer C1001. Add 1 GB... actually no, make it 2 GB.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    c.say("I'll add 1.0 GB to line L1002 for $2.00 on your next bill. Shall I?")
    c.user("yes")
    args = {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0}
    c.call("refuel_data", args, {"message": "Successfully added 1.0 GB of data for line L1002 for $2.00", "charge": 2.0})
    c.say("1. Added 1.0 GB to line L1002 for $2.00 (next bill).\n2. Please run the speed test.")
    c.user("I said 2 GB, not 1!")
    c.say(offer)
    c.user("yes")
    i = c.call("refuel_data", args, {"message": "Successfully added 1.0 GB of data for line L1002 for $2.00", "charge": 2.0})
    assert at(certify_interaction(c.build()), i).checks["novelty"] is novel


@pytest.mark.parametrize(("tool", "args", "shown", "novel"), [
    # An exchange changes orders (and, as far as the agent can tell, a gift card's balance); no listing.
    ("get_product_details", {"product_id": "8310926033"}, {"name": "Water Bottle", "variants": {}}, False),
    ("get_order_details", {"order_id": "#W123"}, None, True),
    ("get_user_details", {"user_id": "noah_brown_6181"}, {"user_id": "noah_brown_6181"}, True),
])
def test_a_lookup_after_an_exchange_is_new_only_for_records_it_may_change(convo, at, order_w123, tool: str,
                                                                          args: dict, shown: object, novel: bool):
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")])
    c.user("I'm noah_brown_6181. Swap the water bottle in #W123 for the 500ml one, refund to paypal_5727330.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.call("get_user_details", {"user_id": "noah_brown_6181"}, {"user_id": "noah_brown_6181"})
    c.call("get_product_details", {"product_id": "8310926033"}, {"name": "Water Bottle", "variants": {}})
    c.say("I'll exchange the Water Bottle (item 6469567736) in order #W123 for item 1111111111; the difference "
          "goes to paypal_5727330. Shall I go ahead?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                              "new_item_ids": ["1111111111"], "payment_method_id": "paypal_5727330"},
           {**order_w123, "status": "exchange requested"})
    c.say("Done: order #W123 is now exchange requested.")
    again = c.call(tool, args, shown if shown is not None else {**order_w123, "status": "exchange requested"})
    d = at(certify_interaction(c.build()), again)
    assert d.checks["novelty"] is novel, d.reasons


@pytest.mark.parametrize(("write", "shown", "novel"), [
    ("enable_roaming", "Roaming enabled successfully", False),  # a line's setting: no bill changes
    ("send_payment_request", "Payment request sent for bill B1002.", True),  # changes the bill
])
def test_a_bill_lookup_is_new_after_a_write_only_when_that_write_may_change_bills(
        convo, at, write: str, shown: str, novel: bool) -> None:
    bills = [{"bill_id": "B1002", "customer_id": "C1001", "total_due": 150.0, "status": "Overdue"}]
    args = {"customer_id": "C1001", "line_id": "L1001"} if write == "enable_roaming" else \
        {"customer_id": "C1001", "bill_id": "B1002"}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm customer C1001, line L1001. What do I owe? And I'd like roaming on, and to pay bill B1002.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, bills)
    c.say("Bill B1002 is overdue: $150.00. Shall I enable roaming on L1001 and send a payment request for "
          "bill B1002 to your phone?")
    c.user("yes")
    c.call(write, args, shown)
    c.say("Done.")
    again = c.call("get_bills_for_customer", {"customer_id": "C1001"}, bills)
    d = at(certify_interaction(c.build()), again)
    assert d.checks["novelty"] is novel, d.reasons


@pytest.mark.parametrize(("failed", "novel"), [(True, True), (False, False)])
def test_a_lookup_after_a_failed_write_may_check_what_stands(convo, at, order_w123, failed: bool, novel: bool):
    # blind audits r60_07, t61_06: the write's error is new information; looking again checks the state
    c = convo()
    c.user("Return the water bottle from #W123 to my paypal_5727330, please.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("I'll return the Water Bottle (item 6469567736) from #W123, refunding $47.84 to paypal_5727330. Go ahead?")
    c.user("yes")
    if failed:
        c.call("return_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                                "payment_method_id": "paypal_5727330"},
               "Error: payment method should be either the original payment method or a gift card")
        c.say("All set! The return is submitted.")
    else:
        c.say("Let me know when you are ready.")
    c.user("Really? could you double check?")
    again = c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    d = at(certify_interaction(c.build()), again)
    assert d.checks["novelty"] is novel, d.reasons


def test_the_items_a_yes_leaves_out_are_named_in_the_same_order_whatever_the_hash_seed(convo, tmp_path) -> None:
    # blind set 69, r69_04: the reason text listed the left-out items in an order that varied run to run
    import subprocess
    import sys

    blue = {"name": "Bluetooth Speaker", "product_id": "4768869376", "item_id": "2635605237", "price": 271.89,
            "options": {"color": "blue", "battery life": "10 hours"}}
    white = {"item_id": "4716977452", "options": {"color": "white", "battery life": "20 hours"}, "price": 289.69}
    c = convo()
    c.user("I want 20-hour batteries on all three speakers of order #W3002300.")
    c.call("get_order_details", {"order_id": "#W3002300"}, {**SPEAKERS, "items": [*SPEAKERS["items"], blue]})
    c.call("get_product_details", {"product_id": "4768869376"},
           {**SPEAKER, "variants": {**SPEAKER["variants"], "4716977452": white}})
    c.say("Here's the exchange for #W3002300:\n- Green 10h -> Green 20h, item 9440686670\n"
          "- Black 10h -> Red 20h, item 1052700637\n- Blue 10h -> White 20h, item 4716977452\n"
          "Paid with your gift card gift_card_2486551. Confirm?")
    c.user("Yes, but only the green one.")
    c.call("exchange_delivered_order_items", {
        "order_id": "#W3002300", "item_ids": ["9179378709", "7597543861", "2635605237"],
        "new_item_ids": ["9440686670", "1052700637", "4716977452"], "payment_method_id": "gift_card_2486551"},
        {"order_id": "#W3002300", "status": "exchange requested"})
    path = tmp_path / "speakers.json"
    path.write_text(c.build().model_dump_json())
    code = ("import sys; from trajectory2gym.certify import certify_interaction; "
            "from trajectory2gym.interaction import Interaction; "
            "d = certify_interaction(Interaction.model_validate_json(open(sys.argv[1]).read())).decisions[-1]; "
            "print(d.reasons)")
    runs = {subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": seed}).stdout for seed in ("0", "1", "2", "3", "4")}
    assert len(runs) == 1, runs
    assert "leaves out: black red, blue white" in runs.pop()
