"""A numbered plan or lettered options answered by their labels ("1 yes, 2 no", "only #2", "1 and
2", "Option B please"): the yes covers the call its entry describes, and no other; a bare "yes" to
"Which option would you like?" picks none."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.plan_picks import picks_by_sentence, plain_yes, plan_lines, plan_picks
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs


def test_plan_lines_are_the_numbered_blocks_with_their_sub_bullets() -> None:
    text = ("Here is the plan:\n1. **Exchange** the lamp\n   - new: blue\n2) Return the kettle\n\nOK?")
    assert plan_lines(text) == ({1: "**Exchange** the lamp\n   - new: blue\n", 2: "Return the kettle\n\nOK?"}, False)
    assert plan_lines("1. Only one step here") == ({}, False)
    assert plan_lines("Your bill is $12.50 and 2.5 GB are left.") == ({}, False)
    options = "Two options:\n**Option A:** HAT201, $150\n- Option B - HAT259, $190\nWhich one?"
    assert plan_lines(options) == ({1: "HAT201, $150\n", 2: "HAT259, $190\nWhich one?"}, True)
    assert plan_lines("A) blue\nB) red")[0] == {1: "blue\n", 2: "red"}


@pytest.mark.parametrize(("reply", "picks"), [
    ("1 yes, 2 no", {1: True, 2: False}),
    ("1 yes 2 no", {1: True, 2: False}),
    ("yes to 1, no to 2", {1: True, 2: False}),
    ("#2 only please", {2: True}),
    ("do number 1", {1: True}),
    ("1 and 3", {1: True, 3: True}),
    ("1 only, not 2", {1: True, 2: False}),
    ("no, just 3", {3: True}),
    ("the second one", {2: True}),
])
def test_a_reply_of_picks_says_yes_or_no_to_each_number(reply: str, picks: dict[int, bool]) -> None:
    assert plan_picks(reply, 3) == picks


@pytest.mark.parametrize("reply", ["yes", "2 bags please", "yes, $5 is fine", "4 and 1", "1 pm works",
                                   "yes to 1 but change the color to red"])
def test_a_reply_that_says_more_than_picks_is_not_read_as_picks(reply: str) -> None:
    assert plan_picks(reply, 3) is None


@pytest.mark.parametrize(("reply", "read"), [
    ("1 yes. For 2, hold on, let me ask my wife first. Skip 2 for now.", ({1: True, 2: False}, set())),
    ("Go ahead with 2. On 1, I still need to measure the door.", ({2: True, 1: False}, set())),
    ("2 yes. 1, yes of course, once the refund is through.", ({2: True}, {1})),  # more than a pick: read whole
    ("1 and 3 yes please. 2... I don't know, I might still wear them.", ({1: True, 3: True, 2: False}, set())),
    ("1 yes. Actually, wait.", None),  # a sentence about no entry in particular may take back all
    ("1 yes", None),  # one sentence: plan_picks reads it
    ("Let me think about 1. And 2 too.", None),  # no sentence of picks alone
    # an entry by its place, put first (blind set 96, r96_02 20)
    ("Yes to the first one. For the second, I still need to measure the door.", ({1: True, 2: False}, set())),
    ("2 yes. As for the last one, hold on.", ({2: True, 3: False}, set())),
    ("Yes to the first one. For the fourth, hold on.", None),  # no such entry: a sentence about none
])
def test_picks_read_sentence_by_sentence(reply: str, read: tuple[dict[int, bool], set[int]] | None) -> None:
    entries = {1: "Exchange the lamp", 2: "Return the kettle", 3: "Cancel the order"}
    assert picks_by_sentence(reply, entries) == read
    assert picks_by_sentence(reply, entries, lettered=True) is None


SHOES_AND_SHIRT = {1: "#W4503264 (pending): Running Shoes size 9 white mesh -> size 10 white leather; $5.80 paid "
                      "from the gift card.\n",
                   2: "#W7554786 (delivered): return the T-Shirt (blue, S), $54.84 refunded to the gift card.\n"}


@pytest.mark.parametrize(("reply", "read"), [
    ("just 2 for now. leather shoes, not sure.", ({2: True, 1: False}, set())),  # by its words, with a no
    ("ok I checked the leather ones online, they look fine. go ahead with 1.", ({1: True}, set())),  # a comment
    ("just 2 for now. the gift card one, not sure.", None),  # words both entries have name neither
])
def test_a_sentence_may_name_an_entry_by_words_only_it_has(reply: str, read: Any) -> None:
    assert picks_by_sentence(reply, SHOES_AND_SHIRT) == read


def test_lettered_options_are_picked_by_letter() -> None:
    assert plan_picks("Option B please", 2, lettered=True) == {2: True}
    assert plan_picks("let's do a", 2, lettered=True) == {1: True}
    assert plan_picks("2", 2, lettered=True) is None  # a number is no letter
    assert plan_picks("C", 2, lettered=True) is None  # no such option
    assert plain_yes("ok sounds good") and not plain_yes("yes both") and not plain_yes("yes, the red one")


LAMP_AND_KETTLE = {"order_id": "#W4794911", "user_id": "yusuf_garcia_3055", "status": "delivered", "items": [
    {"name": "Desk Lamp", "product_id": "6817146515", "item_id": "9190635437", "price": 153.23},
    {"name": "Electric Kettle", "product_id": "1075968781", "item_id": "5268233322", "price": 155.99}],
    "payment_history": [{"payment_method_id": "paypal_7503218", "amount": 309.22}]}
RETURN_PLAN = ("Here's the plan for order #W4794911:\n1. Return the **Desk Lamp** (9190635437), $153.23 back to "
               "PayPal\n2. Return the **Electric Kettle** (5268233322), $155.99 back to PayPal\nWhich should I do?")
LAMP, KETTLE = "9190635437", "5268233322"


def _planned_returns(convo: Any, *steps: tuple[str, str]) -> list[bool]:
    """Whether each return is eligible, after the plan: each step is (the user's reply, the item then
    returned), with a word from the agent between steps."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return things from order #W4794911.")
    c.call("get_order_details", {"order_id": "#W4794911"}, LAMP_AND_KETTLE)
    c.say(RETURN_PLAN)
    calls = []
    for k, (reply, item) in enumerate(steps):
        if k:
            c.say("That return is requested. The other item is unchanged.")
        c.user(reply)
        calls.append(c.call("return_delivered_order_items", {"order_id": "#W4794911", "item_ids": [item],
                                                            "payment_method_id": "paypal_7503218"}, LAMP_AND_KETTLE))
    decisions = {d.message_index: d.eligible for d in certify_interaction(c.build()).decisions}
    return [decisions[i] for i in calls]


@pytest.mark.parametrize("reply", ["2 no, 1 yes",
                                   "1 yes. For 2, hold on, let me ask my wife first, she might want the kettle. Skip 2 for now."])
def test_a_retail_plan_answered_by_number(convo, reply: str) -> None:
    assert [_planned_returns(convo, (reply, item))[0] for item in (LAMP, KETTLE)] == [True, False]


@pytest.mark.parametrize(("ask", "eligible"), [
    # blind set 69, r69_06: a plan of one action's steps, "which" in a clause that asks nothing
    ("Shall I proceed (yes/no)?", True),
    ("Which of these should I do?", False),  # a bare yes picks none
])
def test_a_bare_yes_to_a_plan_that_asks_no_which(convo, ask: str, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the desk lamp from order #W4794911 please.")
    c.call("get_order_details", {"order_id": "#W4794911"}, LAMP_AND_KETTLE)
    c.say(f"To confirm, I will:\n1. Return the Desk Lamp ({LAMP}) from order #W4794911\n2. Refund $153.23 to your "
          f"PayPal, which takes 5-7 business days\n\n{ask}")
    c.user("yes")
    i = c.call("return_delivered_order_items", {"order_id": "#W4794911", "item_ids": [LAMP],
                                                "payment_method_id": "paypal_7503218"}, LAMP_AND_KETTLE)
    assert next(d for d in certify_interaction(c.build()).decisions if d.message_index == i).checks["workflow"] is eligible


AIRLINE_USER = {"user_id": "raj_moore_8640", "payment_methods": {
    "gift_card_3": {"source": "gift_card", "amount": 173, "id": "gift_card_3"}}}
RESERVATION = {"reservation_id": "PVUB64", "user_id": "raj_moore_8640", "cabin": "economy", "origin": "PHX",
               "destination": "LAS", "flights": [{"flight_number": "HAT173", "date": "2024-05-20", "price": 174,
                                                  "origin": "PHX", "destination": "LAS"}],
               "payment_history": [{"payment_id": "gift_card_3", "amount": 174}]}
FLIGHTS = [{"flight_number": n, "origin": "PHX", "destination": "LAS", "date": "2024-05-22", "prices": {"economy": p}}
           for n, p in (("HAT201", 150), ("HAT259", 190))]
OPTIONS = ("I found two options for PVUB64 on May 22:\n\n**Option A:** HAT201, economy, $150 (refund of $24 to your "
           "gift card)\n**Option B:** HAT259, economy, $190 ($16 charged to your gift card)\n\nWhich option would "
           "you like me to change your flight to?")


def _moved_to(convo: Any, reply: str) -> list[list[str]]:
    """The reasons' kinds of moving PVUB64 to HAT201, then (in another log) to HAT259, after the reply."""
    out = []
    for flight in ("HAT201", "HAT259"):
        c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
        c.user("I'm raj_moore_8640, move my PVUB64 flight to May 22 please.")
        c.call("get_user_details", {"user_id": "raj_moore_8640"}, AIRLINE_USER)
        c.call("get_reservation_details", {"reservation_id": "PVUB64"}, RESERVATION)
        c.call("search_direct_flight", {"origin": "PHX", "destination": "LAS", "date": "2024-05-22"}, FLIGHTS)
        c.say(OPTIONS)
        c.user(reply)
        i = c.call("update_reservation_flights", {"reservation_id": "PVUB64", "cabin": "economy", "payment_id":
                                                  "gift_card_3", "flights": [{"flight_number": flight,
                                                                              "date": "2024-05-22"}]}, RESERVATION)
        decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
        out.append([reason_kind(r) for r in decision.reasons])
    return out


NOT_COVERED = ["confirmation_not_covering"]


@pytest.mark.parametrize(("reply", "kinds"), [
    ("A", [[], NOT_COVERED]),  # was no yes at all; the payment said in "(... to your gift card)" counts
    ("Option B please", [NOT_COVERED, []]),
    ("the second one", [NOT_COVERED, []]),
    ("B, please go ahead", [NOT_COVERED, []]),  # was a yes to either flight
    ("yes", [NOT_COVERED, NOT_COVERED]),  # picks neither: was a yes to either
])
def test_lettered_options_answered_by_letter(convo, reply: str, kinds: list[list[str]]) -> None:
    assert _moved_to(convo, reply) == kinds


def test_an_arrow_entry_names_its_change_beside_another_orders_exchange(convo) -> None:
    shirt = {"order_id": "#W8882972", "user_id": "isabella_johansson_7408", "status": "pending", "items": [
        {"name": "T-Shirt", "product_id": "9523456873", "item_id": "3799046073", "price": 53.27,
         "options": {"color": "black", "size": "XXL", "material": "cotton", "style": "crew neck"}}]}
    variants = {"name": "T-Shirt", "product_id": "9523456873", "variants": {
        "2060066974": {"item_id": "2060066974", "options": {"color": "black", "size": "XL", "material": "cotton",
                                                            "style": "crew neck"}, "available": True, "price": 51.05}}}
    boots = {"order_id": "#W3489690", "user_id": "isabella_johansson_7408", "status": "delivered", "items": [
        {"name": "Hiking Boots", "product_id": "7363354090", "item_id": "4127323219", "price": 251.82}]}
    plan = ("Here's the full plan, everything with your PayPal account:\n"
            "1. #W8882972: T-Shirt black XXL ($53.27) -> black XL ($51.05); $2.22 refunded to PayPal.\n"
            "2. #W3489690: exchange Hiking Boots size 10 ($251.82) for size 11 leather ($245.99); $5.83 refunded.\n"
            "Please confirm.")

    def eligible(reply: str) -> bool:
        c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
        c.user("I'm isabella_johansson_7408: the T-shirt in #W8882972 should be XL, and the boots in #W3489690 "
               "a size 11. Pay with PayPal.")
        c.call("get_user_details", {"user_id": "isabella_johansson_7408"}, {"payment_methods": {
            "paypal_8540436": {"source": "paypal", "id": "paypal_8540436"}}})
        c.call("get_order_details", {"order_id": "#W8882972"}, shirt)
        c.call("get_product_details", {"product_id": "9523456873"}, variants)
        c.call("get_order_details", {"order_id": "#W3489690"}, boots)
        c.say(plan)
        c.user(reply)
        i = c.call("modify_pending_order_items", {"order_id": "#W8882972", "item_ids": ["3799046073"],
                                                  "new_item_ids": ["2060066974"],
                                                  "payment_method_id": "paypal_8540436"}, shirt)
        return next(d for d in certify_interaction(c.build()).decisions if d.message_index == i).eligible

    assert eligible("1 and 2 yes please.")
    assert not eligible("2 yes please. 1, I don't know yet.")


def test_a_later_reply_picks_from_the_plan_by_number(convo) -> None:
    first = ("just 2 for now. the lamp, not sure.", KETTLE)
    assert _planned_returns(convo, first, ("ok I looked again, it can go. go ahead with 1.", LAMP)) == [True, True]
    assert _planned_returns(convo, first, ("ok I looked again. 1, I still don't know.", LAMP)) == [True, False]


@pytest.mark.parametrize(("reply", "read"), [
    # blind audit retail_r50_04: the reason the plan asked for, quoted, is no refusal of anything
    ("yes to 1 and 3. no longer needed. I'll think about the router one", ({1: True, 3: True}, set())),
    ("yes to 1 and 3. Ordered by mistake!", ({1: True, 3: True}, set())),
    ("yes to 1 and 3. no.", None),  # a bare "no" may take back all
])
def test_an_option_the_plan_quoted_is_an_answer_not_a_pick(reply: str, read: Any) -> None:
    entries = {1: "Cancel #W2960010 (Cat Tree).\n", 2: "Cancel #W6915770 (Router, Basketball).\n",
               3: "Change the shipping address of #W9683879.\nFor cancellations I need a reason: 'no longer needed' "
                  "or 'ordered by mistake'. Which of these should I go ahead with?"}
    assert picks_by_sentence(reply, entries) == read
