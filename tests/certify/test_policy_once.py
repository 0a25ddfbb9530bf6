"""Offering one more of an action the policy allows once ("we can make a separate change to the
watch later", once the order's items were changed) contradicts the policy (certify/policy_once.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.policy_once import agreed_again, made_once, offered_again, once_only
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY as AIRLINE_POLICY
from trajectory2gym.envs.registry import tool_specs
from trajectory2gym.envs.retail.policy import POLICY as RETAIL_POLICY
from trajectory2gym.envs.telecom.policy import POLICY as TELECOM_POLICY

RULES = once_only(RETAIL_POLICY)


def test_the_actions_each_policy_allows_once() -> None:
    assert {action: items for action, (items, _) in RULES.items()} == {
        "return": True, "exchange": True, "modify": True}
    assert once_only(TELECOM_POLICY) == {}  # "resumed only once its bill is paid": a condition, no count
    assert once_only(AIRLINE_POLICY) == {}
    assert once_only("Refunds to gift cards arrive at once; refunds to other methods take 5-7 days.") == {}


@pytest.mark.parametrize(("names", "done"), [
    (["modify_pending_order_items"], {"modify"}),
    (["modify_pending_order_address", "modify_pending_order_payment"], set()),  # not the items
    (["exchange_delivered_order_items", "get_order_details"], {"exchange"}),
    ([], set()),
])
def test_the_once_only_actions_that_went_through(names: list[str], done: set[str]) -> None:
    assert made_once(RULES, names) == done


@pytest.mark.parametrize(("text", "done", "found"), [
    ("Of course — just reach out any time while the order is pending and we can make a separate change to the "
     "watch.", {"modify"}, [("separate change", "modify")]),
    ("I can submit a new exchange for the 6 ft bookshelf.", {"exchange"}, [("new exchange", "exchange")]),
    ("You can modify it again later if you like.", {"modify"}, [("modify it again", "modify")]),
    # none went through, but the sentence prices one beside the offer
    ("No rush on the purifier — if you want to change it as well, we can always do that in a separate "
     "modification later.", set(), [("separate modification", "modify")]),
    ("Once it's delivered, you can request a separate return.", set(), []),  # none made or spoken of
    ("Since items can only be modified once, it can't be changed again.", {"modify"}, []),  # refused
    ("Your order was modified; a new return can be started once it is delivered.", {"modify"}, []),  # no return yet
    ("I've changed the items. Anything else?", {"modify"}, []),  # no offer
    # "again" of the items the rule counts, before any change
    ("Yes — as long as the order is still pending you can adjust the items again later, so there's no risk.",
     set(), [("adjust the items again", "modify")]),
    ("You can update the address again later if needed.", set(), []),  # no items, none made
])
def test_an_offer_of_one_more_once_only_action(text: str, done: set[str], found: list[tuple[str, str]]) -> None:
    assert offered_again(text, RULES, done) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Sure — reach out any time while it is pending and we can make a separate change to the watch.",
     ["text_contradicts_policy"]),
    ("Items of an order can be changed only once, so the watch has to stay as it is.", []),
])
def test_another_item_change_offered_after_one(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=RETAIL_POLICY)
    c.user("Change the backpack in #W1000001 to item 8054888773 and charge the difference to gift_card_7794233.")
    c.call("get_order_details", {"order_id": "#W1000001"}, {"order_id": "#W1000001", "status": "pending", "items": [
        {"name": "Backpack", "item_id": "5917587651", "price": 199.27}]})
    c.say("I'll change the backpack (item 5917587651) in #W1000001 to item 8054888773, paying the difference with "
          "gift_card_7794233. Shall I go ahead?")
    c.user("Yes please.")
    c.call("modify_pending_order_items", {"order_id": "#W1000001", "item_ids": ["5917587651"],
                                          "new_item_ids": ["8054888773"], "payment_method_id": "gift_card_7794233"},
           {"order_id": "#W1000001", "status": "pending (item modified)"})
    c.say("Done: the backpack in #W1000001 is now item 8054888773.")
    c.user("Could I change the watch in that order later too?")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("request_", "reply", "found"), [
    # blind audit r57_04: a return went through; "returned or exchanged, once" binds the exchange too
    ("Could I also exchange the security camera in that order?", "Yes, I can set that up — which version?",
     [("Yes, I can set that up — which version?", "exchange")]),
    ("Could I also exchange the security camera in that order?",
     "No, sorry: that order can't be exchanged now that a return is requested.", []),
    ("Could you tell me my balance?", "Sure, it's $40.", []),  # no once-only action asked
])
def test_a_reply_granting_an_action_the_rule_spent(request_: str, reply: str, found: list[tuple[str, str]]) -> None:
    rules = once_only(RETAIL_POLICY)
    assert agreed_again(reply, request_, rules, made_once(rules, ["return_delivered_order_items"])) == found



@pytest.mark.parametrize(("request_", "reply", "kinds"), [
    ("Could I also exchange the security camera in that order?", "", ["text_contradicts_policy"]),  # blind audit r57_04
    ("Could I also exchange something from my other order?", "", []),  # another order: its own once
    ("No problem! Oh, could I also exchange the hiking boots from that same order?", "",
     ["text_contradicts_policy"]),  # r58_06
    # "that order" of the one the reply names, no write's (blind set 92, r92_02 55)
    ("Could I exchange the wall clock from that order?", "Yes, #W6146740 is delivered, so the wall clock is eligible.",
     []),
    ("Could I exchange the wall clock from that order?", "Yes, #W3223435 is delivered, so the wall clock is eligible.",
     ["text_contradicts_policy"]),
])
def test_a_grant_of_an_action_is_read_of_the_order_written(convo: Any, at: Any, request_: str, reply: str,
                                                           kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=RETAIL_POLICY)
    c.user("I'm aarav_davis_4756; return the kettle from #W3223435 to my gift card.")
    c.call("find_user_id_by_email", {"email": "aarav@example.com"}, "aarav_davis_4756")
    c.call("get_order_details", {"order_id": "#W3223435"}, {"order_id": "#W3223435", "status": "delivered",
                                                            "items": [{"item_id": "3015420423", "price": 141.76}]})
    c.say("I'll return the kettle (item 3015420423) from #W3223435, refunding $141.76 to your gift card. OK?")
    c.user("Yes.")
    c.call("return_delivered_order_items", {"order_id": "#W3223435", "item_ids": ["3015420423"],
                                            "payment_method_id": "gift_card_1"},
           {"order_id": "#W3223435", "status": "return requested", "return_items": ["3015420423"]})
    c.say("The return is submitted.")
    c.user(request_)
    i = c.say(reply or "Yes, I can set that up for you — which one would you like instead?")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 99, r99_06 16 and r99_09 48: "can still be returned" of the order a return went through on
    ("Done: the return is requested. If you change your mind about the camera, it can still be returned from this "
     "order later.", ["text_contradicts_policy"]),
    ("Done: the return is requested. Your other order #W9999999 can still be returned later.", []),  # another order
    ("Done: the return is requested. This order can't be returned again.", []),
])
def test_an_action_said_still_possible_on_the_order_it_was_done_on(convo: Any, at: Any, said: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], system=RETAIL_POLICY)
    c.user("I'm aarav_davis_4756; return the kettle from #W3223435 to my gift card.")
    c.call("get_order_details", {"order_id": "#W3223435"}, {"order_id": "#W3223435", "status": "delivered",
                                                            "items": [{"item_id": "3015420423", "price": 141.76}]})
    c.call("get_order_details", {"order_id": "#W9999999"}, {"order_id": "#W9999999", "status": "delivered"})
    c.say("I'll return the kettle (item 3015420423) from #W3223435, refunding $141.76 to your gift card. OK?")
    c.user("Yes.")
    c.call("return_delivered_order_items", {"order_id": "#W3223435", "item_ids": ["3015420423"],
                                            "payment_method_id": "gift_card_1"},
           {"order_id": "#W3223435", "status": "return requested", "return_items": ["3015420423"]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_policy"] == kinds
