"""Descriptions that list several objects of one kind, as LLM agents write them (numbered lists,
statuses, phone numbers): which one a reply picks ("only the first one", by phone number), and
which one the description's action names."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs

LINES = [{"line_id": "L1004", "phone_number": "555-123-2004", "customer_id": "C1002", "roaming_enabled": True},
         {"line_id": "L1005", "phone_number": "555-123-2005", "customer_id": "C1002", "roaming_enabled": True}]
BOTH = ("Here's what I'll do:\n\n1. **Disable roaming** on line **L1004** (555-123-2004)\n"
        "2. **Disable roaming** on line **L1005** (555-123-2005)\n\nPlease confirm (yes/no) if you'd like me to "
        "proceed with both.")


def _kinds(decision: Any) -> list[str]:
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


def _roaming(convo: Any, reply: str, description: str = BOTH) -> list[list[str]]:
    """The workflow reasons of disabling roaming on L1004, then on L1005, after the reply."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1002 here. Please turn off roaming on 555-123-2004 and 555-123-2005.")
    for line in LINES:
        c.call("get_details_by_id", {"id": line["line_id"]}, line)
    c.say(description)
    c.user(reply)
    calls = [c.call("disable_roaming", {"customer_id": "C1002", "line_id": line["line_id"]}, {**line, "ok": True})
             for line in LINES]
    cert = certify_interaction(c.build())
    return [_kinds(next(d for d in cert.decisions if d.message_index == i)) for i in calls]


@pytest.mark.parametrize(("reply", "first", "second"), [
    ("Yes, both.", True, True),
    ("hmm ok but only the first one", True, False),
    ("Yes, just the second one.", False, True),
    # A line named by its phone number.
    ("Yes for 555-123-2004, but keep roaming on for 555-123-2005, he's still in Spain.", True, False),
    # By the last four digits of its number, and a correction after "wait".
    ("yes, but just the 2004 line", True, False),
    ("oh wait, only 2005. my son on 2004 is still in Spain", False, True),
])
def test_a_reply_picks_lines_from_the_list(convo, reply: str, first: bool, second: bool) -> None:
    assert [kinds == [] for kinds in _roaming(convo, reply)] == [first, second]


def test_a_line_is_described_by_its_phone_number(convo) -> None:
    said = "I can disable roaming on your number 555-123-2005 to avoid charges. Please confirm (yes/no)."
    assert _roaming(convo, "yes", description=said)[1] == []


def test_the_action_sentence_names_the_object_acted_on(convo) -> None:
    bills = [{"bill_id": "B1004", "customer_id": "C1002", "amount_due": 425.0, "status": "Paid"},
             {"bill_id": "B1005", "customer_id": "C1002", "amount_due": 425.0, "status": "Overdue"}]
    said = ("Here's what I found:\n\n- **B1004** (January 2025) — $425.00 — **Paid**\n- **B1005** (February 2025) "
            "— $425.00 — **Overdue**\n\nI can send a payment request for bill **B1005** ($425.00). Please confirm (yes/no).")
    for bill, ok in (("B1005", True), ("B1004", False)):
        assert (_payment_request(convo, bills, said, "sure thing", bill) == []) is ok, bill


def _payment_request(convo: Any, bills: list[dict[str, Any]], said: str, reply: str, bill: str) -> list[str]:
    """The workflow reasons of a payment request for ``bill`` after a bills lookup, ``said`` and ``reply``."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1002. Do I have unpaid bills?")
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, bills)
    c.say(said)
    c.user(reply)
    i = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": bill}, {"ok": True})
    return _kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i))


def test_a_description_naming_only_another_line_does_not_describe_this_one(convo) -> None:
    said = "Line 555-123-2005 (L1005) has roaming on. I'll disable it. Please confirm (yes/no)."
    first, second = _roaming(convo, "y", description=said)
    assert first == ["not_described"] and second == []


@pytest.mark.parametrize(("said", "second"), [
    # blind set 103, t103_11 46: the mistaken write on another line, owned up to, then the offer for this one
    ("I'm sorry - I disabled roaming on L1004 (555-123-2004) by mistake. Would you still like roaming off on "
     "555-123-2005 as well?", []),
    ("I can disable roaming on L1004 (555-123-2004). Would you like roaming off on 555-123-2005 as well?",
     ["not_described"]),  # the action sentence names the other line
])
def test_a_mistaken_write_owned_up_to_is_no_action_on_another_line(convo, said: str, second: list[str]) -> None:
    assert _roaming(convo, "yes", description=said)[1] == second


def test_an_action_on_another_line_by_its_phone_number_describes_not_this_one(convo) -> None:
    # Both numbers are named; the action's sentence names 2005 only: L1004 was not described.
    said = ("555-123-2004 still has roaming off where you are, but 555-123-2005 is abroad. I can disable roaming "
            "on 555-123-2005 now. Would you like that?")
    first, second = _roaming(convo, "yes please", description=said)
    assert first == ["not_described"] and second == []


BILLS = [{"bill_id": "B1004", "customer_id": "C1002", "amount_due": 160.5, "status": "Paid"},
         {"bill_id": "B1005", "customer_id": "C1002", "amount_due": 150.0, "status": "Issued"}]


@pytest.mark.parametrize(("bill", "ok"), [("B1005", True), ("B1004", False)])
def test_a_bill_in_the_passive_is_a_state_not_the_action(convo, bill: str, ok: bool) -> None:
    # "is issued" says what the bill is; the action's sentence names B1005 only.
    said = ("Your February bill B1005 for $150.00 is issued (January's B1004, $160.50, is already paid). "
            "I can send you a payment request for B1005. Shall I?")
    assert (_payment_request(convo, BILLS, said, "yes", bill) == []) is ok


def test_a_bill_is_no_rival_of_a_line(convo) -> None:
    said = ("Line 555-123-2004 is suspended. Your bill (B1005, $150.00) is issued, not overdue, so I can resume "
            "L1004. Shall I resume the line?")
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1002. Please reactivate my line 555-123-2004.")
    c.call("get_details_by_id", {"id": "L1004"}, {**LINES[0], "status": "Suspended"})
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, BILLS)
    c.say(said)
    c.user("looks good")
    i = c.call("resume_line", {"customer_id": "C1002", "line_id": "L1004"}, {"ok": True})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert _kinds(decision) == [], decision.reasons


PREMIUM = {"plan_id": "P1002", "name": "Premium Plan", "data_refueling_price_per_gb": 2.0}
LINE = {"line_id": "L1002", "phone_number": "555-123-2002", "customer_id": "C1001", "plan_id": "P1002"}


@pytest.mark.parametrize(("request_text", "question", "gb", "kinds"), [
    # The request says the action and the line; the question the amount: together a description.
    ("I ran out of data. 555-123-2002. Add 3 GB please.",
     "Your refuel price is $2/GB, so 3 GB costs **$6.00**, charged on your next bill. Shall I add it?", 3.0, []),
    ("add 3 gigs to 555-123-2002 please", "Line 555-123-2002: **3 GB = $6.00**, billed on your next statement. "
                                          "Confirm?", 3.0, []),
    # Not an amount the question never stated, nor a request that named no line.
    ("I ran out of data. 555-123-2002. Add 3 GB please.",
     "Your refuel price is $2/GB, so 3 GB costs **$6.00**. Shall I add it?", 2.0, ["amount_not_confirmed"]),
    ("I ran out of data, add some please.", "3 GB costs **$6.00**. Shall I add it?", 3.0, ["not_described"]),
    # The offer says the action but not the line: the only line the conversation names is it.
    ("my data stopped working. number 555-123-2002", "Option: refuel data at $2.00 per GB, charged on your next "
     "bill: 3 GB is $6.00, 5 GB is $10.00. How much would you like to add?", 3.0, []),
    ("my data stopped working. number 555-123-2002, my son's is 555-123-2001",
     "Option: refuel data at $2.00 per GB: 3 GB is $6.00. How much would you like to add?", 3.0, ["not_described"]),
])
def test_a_question_after_a_request_that_named_the_line_describes_the_refuel(convo, request_text: str, question: str,
                                                                             gb: float, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(request_text)
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001",
                                                                       "line_ids": ["L1001", "L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, LINE)
    c.call("get_details_by_id", {"id": "P1002"}, PREMIUM)
    c.say(question)
    c.user("yes")
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": gb}, {"charge": gb * 2})
    assert _kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


# A numbered plan answered by its numbers (certify/plan_picks.py).
ROAMING_PLAN = ("Here's what I'll do:\n\n1. **Disable roaming** on line **L1004** (555-123-2004)\n"
        "2. **Disable roaming** on line **L1005** (555-123-2005)\n\nShall I go ahead?")


@pytest.mark.parametrize(("reply", "first", "second"), [
    ("1 yes, 2 no", True, False),  # was a yes to both
    ("1 yes 2 no", True, False),
    ("only 1", True, False),  # was no yes at all
    ("just #2", False, True),
    ("1 and 2", True, True),
    ("2 only please", False, True),
    ("no to 1, yes to 2", False, True),
    ("yes", True, True),
])
def test_a_numbered_plan_answered_by_number(convo, reply: str, first: bool, second: bool) -> None:
    assert [kinds == [] for kinds in _roaming(convo, reply, description=ROAMING_PLAN)] == [first, second]


@pytest.mark.parametrize(("other_call", "kinds"), [
    (False, []),  # the usage of L1002 was looked up for the number the user gave, and no other line's
    (True, ["not_described"]),  # L1001 was looked up too: the offer must say which line
])
def test_an_offer_after_the_only_line_called_describes_the_refuel(convo, other_call: bool, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("how much data have i got left this month? 555-123-2002")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {
        "customer_id": "C1001", "phone_number": "555-123-2002", "line_ids": ["L1001", "L1002", "L1003"]})
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0})
    if other_call:
        c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1001"},
               {"line_id": "L1001", "data_used_gb": 1.0, "data_limit_gb": 5.0})
    c.user("Add 3 GB to be safe. How much is that?")
    c.call("get_details_by_id", {"id": "P1002"}, PREMIUM)
    c.say("On the Premium Plan refuels are $2.00 per GB, so 3 GB is $6.00 on your next bill. OK to add?")
    c.user("ok")
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 3.0}, {"charge": 6.0})
    assert _kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


ORDERS = [{"order_id": f"#W{n}", "user_id": "lei_li_6575", "status": status,
           "items": [{"name": name, "item_id": item, "price": 100.0}]}
          for n, status, name, item in [(5166363, "pending", "Laptop", "3334537816"),
                                        (3414433, "pending", "Digital Camera", "1804581713"),
                                        (3189752, "pending", "Electric Kettle", "5268233322"),
                                        (6289770, "delivered", "Grill", "1120917161")]]
NEW_ADDRESS = {"address1": "1420 Camelback Rd", "address2": "Apt 3B", "city": "Phoenix", "state": "AZ",
               "country": "USA", "zip": "85016"}


@pytest.mark.parametrize(("reply", "picked"), [
    ("only the laptop and the camera ones please, the kettle one is a gift", [True, True, False]),
    ("yes, all three", [True, True, True]),
    ("yes please. I'm still on the fence about the kettle though", [None, None, False]),  # a hedge, no scope
    ("just the kettle one", [False, False, True]),
])
def test_orders_picked_by_the_items_they_hold(convo, at, reply: str, picked: list[bool | None]) -> None:
    c = convo()
    c.user("I moved to 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016, USA. Update my orders please; I'm lei_li_6575.")
    for order in ORDERS:
        c.call("get_order_details", {"order_id": order["order_id"]}, order)
    # The aside ends in ".)": a sentence of its own, so the delivered order is not the action's.
    c.say("You have three pending orders: #W5166363 (Laptop), #W3414433 (Digital Camera) and #W3189752 "
          "(Electric Kettle). (#W6289770 is already delivered.) I would change the shipping address of all "
          "three to 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016, USA. Please confirm.")
    c.user(reply)
    calls = [c.call("modify_pending_order_address", {"order_id": o["order_id"], **NEW_ADDRESS}, o)
             for o in ORDERS[:3]]
    r = certify_interaction(c.build())
    assert [at(r, i).checks["workflow"] if want is not None else None for i, want in zip(calls, picked, strict=True)] == picked


SUSPEND_AND_ROAM = ("Here is what I would do:\n1. Suspend line L1004 (555-123-2004), reason: he is away for a few "
                    "months. A holding fee applies while it is suspended.\n2. Enable international roaming on line "
                    "L1005 (555-123-2005).\nShall I proceed with both?")


@pytest.mark.parametrize(("reply", "suspend", "roaming"), [
    # The deferral names the other action's object: it puts off roaming, not the suspension.
    ("Just the first one for now. I want to check the roaming prices with my husband before turning that on.",
     [], ["not_confirmed"]),
    ("Go ahead with the suspension. For the roaming, let me check with my husband first.", [], None),
    # ... or another action's verb (blind set 81: r81_07 33, "yes, go ahead with the boots. Let me think about
    # the cancellation")
    ("OK, yes, go ahead with the suspension. Let me think about enabling the other one though.", [], ["not_confirmed"]),
    # ... which, after a clause that named another object, puts off this action by its verb (r81_07 35)
    ("Yes, go ahead with L1004. Let me think about enabling for a second though.", [], ["not_confirmed"]),
    # Putting off the suspension, by its line or by its own verb, leaves it unconfirmed.
    ("Let me check with my husband about suspending L1004 first.", ["not_confirmed"], None),
    ("Yes. Actually let me check with my husband first.", ["not_confirmed"], None),
    # "I'll call back" puts the roaming off too.
    ("suspend it yes. roaming — I'll call back next week before I fly", [], ["not_confirmed"]),
])
def test_a_deferral_naming_another_actions_object_puts_off_that_action(convo, reply: str, suspend: list[str],
                                                                      roaming: list[str] | None) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1002. Please suspend my brother's line 555-123-2004 and turn on roaming on 555-123-2005.")
    for line in LINES:
        c.call("get_details_by_id", {"id": line["line_id"]}, {**line, "roaming_enabled": False})
    c.say(SUSPEND_AND_ROAM)
    c.user(reply)
    calls = [c.call("suspend_line", {"customer_id": "C1002", "line_id": "L1004", "reason": "he is away for a few months"},
                    "Line suspended")]
    if roaming is not None:
        calls.append(c.call("enable_roaming", {"customer_id": "C1002", "line_id": "L1005"}, "Roaming enabled"))
    cert = certify_interaction(c.build())
    got = [_kinds(next(d for d in cert.decisions if d.message_index == i)) for i in calls]
    assert got == [suspend] + ([roaming] if roaming is not None else [])


@pytest.mark.parametrize(("first", "kinds"), [
    ("my phone has had no service for days. 555-123-2004", [[], ["confirmation_not_covering"]]),
    ("my phone has had no service for days.", [["not_confirmed"], ["not_confirmed"]]),  # whose line is "mine"?
])
def test_my_number_is_the_one_the_user_gave_after_speaking_of_their_phone(convo, first: str,
                                                                        kinds: list[list[str]]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(first + " Customer C1002.")
    for line in LINES:
        c.call("get_details_by_id", {"id": line["line_id"]}, {**line, "status": "Suspended"})
    c.say("Two lines are suspended:\n1. 555-123-2004 (L1004)\n2. 555-123-2005 (L1005)\nI can resume both lines now. "
          "Shall I proceed?")
    c.user("just my number for now. the 2005 one is an old phone")
    calls = [c.call("resume_line", {"customer_id": "C1002", "line_id": line["line_id"]}, "Line resumed")
             for line in LINES]
    cert = certify_interaction(c.build())
    assert [_kinds(next(d for d in cert.decisions if d.message_index == i)) for i in calls] == kinds


@pytest.mark.parametrize(("reply", "picked"), [
    ("Actually only the laptop one, I still want the kettle. reason: ordered by mistake. yes cancel it.",
     [True, False]),
    ("reason: ordered by mistake. yes cancel them both.", [True, True]),
])
def test_a_yes_by_the_actions_verb_after_a_scope_is_the_scopes(convo, at, reply: str, picked: list[bool]) -> None:
    c = convo()
    c.user("I'm lei_li_6575, I want to cancel my pending orders.")
    for order in (ORDERS[0], ORDERS[2]):
        c.call("get_order_details", {"order_id": order["order_id"]}, order)
    c.say("You have two pending orders:\n- #W5166363: Laptop $100.00\n- #W3189752: Electric Kettle $100.00\n"
          "Cancelling both refunds $200.00. What is the reason, 'no longer needed' or 'ordered by mistake'? "
          "Shall I cancel both?")
    c.user(reply)
    calls = [c.call("cancel_pending_order", {"order_id": o["order_id"], "reason": "ordered by mistake"}, o)
             for o in (ORDERS[0], ORDERS[2])]
    r = certify_interaction(c.build())
    assert [at(r, i).checks["workflow"] for i in calls] == picked


@pytest.mark.parametrize(("reply", "ok"), [
    ("sure, as long as it's refunded to my PayPal", False),  # the description refunds the gift card
    ("Sure, as long as the money goes back to my PayPal rather than the gift card.", False),
    ("sure, as long as it goes back to my gift card", True),
    ("sure", True),
])
def test_a_yes_on_condition_of_another_refund_method_waits(convo, at, reply: str, ok: bool) -> None:
    c = convo()
    c.user("I'm lei_li_6575, please cancel #W5166363, I ordered it by mistake.")
    c.call("get_order_details", {"order_id": "#W5166363"}, {**ORDERS[0], "payment_history": [
        {"transaction_type": "payment", "amount": 100.0, "payment_method_id": "gift_card_4767338"}]})
    c.say("To confirm: cancel order #W5166363 with the reason 'ordered by mistake'. The $100.00 will be refunded "
          "to your gift card gift_card_4767338 immediately. Shall I proceed?")
    c.user(reply)
    i = c.call("cancel_pending_order", {"order_id": "#W5166363", "reason": "ordered by mistake"}, ORDERS[0])
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


DELIVERED = {"order_id": "#W9416655", "status": "delivered", "items": [
    {"name": "Printer", "product_id": "1", "item_id": "8927136705", "price": 386.07, "options": {"type": "laser"}},
    {"name": "Stand Mixer", "product_id": "2", "item_id": "9910400889", "price": 196.88, "options": {"color": "red"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 582.95, "payment_method_id": "gift_card_4903229"}]}
PENDING = {"order_id": "#W3418707", "status": "pending", "items": [
    {"name": "Dog Leash", "product_id": "3", "item_id": "5216517679", "price": 34.25, "options": {"length": "6ft"}},
    {"name": "Basketball", "product_id": "4", "item_id": "3761330360", "price": 30.0, "options": {"size": "7"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 64.25, "payment_method_id": "credit_card_6737120"}]}


def _plan_answered(convo: Any, reply: str) -> Any:
    """A plan of a return from DELIVERED and the cancellation of PENDING, both looked up, and the user's reply."""
    c = convo()
    c.user("I'm vera_diaz_3927. Return the printer and the stand mixer from #W9416655, and cancel #W3418707.")
    for order in (DELIVERED, PENDING):
        c.call("get_order_details", {"order_id": order["order_id"]}, order)
    c.say("Here's the plan:\n1. Return the Printer (8927136705, $386.07) and the Stand Mixer (9910400889, $196.88) "
          "from #W9416655; the $582.95 refund goes to gift_card_4903229.\n2. Cancel #W3418707 (Dog Leash and "
          "Basketball) with the reason 'no longer needed'; $64.25 goes back to credit_card_6737120.\nShall I proceed?")
    c.user(reply)
    return c


@pytest.mark.parametrize(("reply", "cancel_ok"), [
    ("Actually keep the mixer, just return the printer. The cancellation - yes, go ahead with that.", True),
    ("Actually keep the mixer, just return the printer.", False),  # nothing said of the cancellation
    ("Actually keep the mixer, just return the printer. I'll think about the cancellation.", False),
])
def test_a_yes_by_the_actions_verb_after_a_scope_to_another_actions_object(convo, at, reply: str,
                                                                           cancel_ok: bool) -> None:
    c = _plan_answered(convo, reply)
    cancel = c.call("cancel_pending_order", {"order_id": "#W3418707", "reason": "no longer needed"}, PENDING)
    both = c.call("return_delivered_order_items", {"order_id": "#W9416655", "item_ids": ["8927136705", "9910400889"],
                                                   "payment_method_id": "gift_card_4903229"}, DELIVERED)
    r = certify_interaction(c.build())
    assert at(r, cancel).checks["workflow"] is cancel_ok
    assert not at(r, both).checks["workflow"]  # the mixer is kept


@pytest.mark.parametrize(("reply", "return_ok", "cancel_ok"), [
    # the other action put off by its verb, then the user's own check (blind set 91, r91_08 24)
    ("Yes to the return. Give me a moment on the cancellation; I want to check something with my wife first.",
     True, False),
    ("Yes to the cancellation. Give me a moment on the return; I want to check something with my wife first.",
     False, True),
    ("Yes to the return. Can you tell me the refund timeline first?", False, False),  # an answer awaited
])
def test_a_yes_to_one_action_and_a_check_of_ones_own_put_off_for_the_other(convo, at, reply: str, return_ok: bool,
                                                                           cancel_ok: bool) -> None:
    c = _plan_answered(convo, reply)
    both = c.call("return_delivered_order_items", {"order_id": "#W9416655", "item_ids": ["8927136705", "9910400889"],
                                                   "payment_method_id": "gift_card_4903229"}, DELIVERED)
    cancel = c.call("cancel_pending_order", {"order_id": "#W3418707", "reason": "no longer needed"}, PENDING)
    r = certify_interaction(c.build())
    assert (at(r, both).checks["workflow"], at(r, cancel).checks["workflow"]) == (return_ok, cancel_ok)


SHELF_AND_VACUUM = {"order_id": "#W7128968", "status": "delivered", "items": [
    {"name": "Bookshelf", "product_id": "5", "item_id": "7539442683", "price": 461.49,
     "options": {"material": "metal", "color": "black", "height": "4 ft"}},
    {"name": "Vacuum Cleaner", "product_id": "6", "item_id": "6259501109", "price": 652.61,
     "options": {"type": "robotic", "bag type": "bagged", "features": "pet hair removal"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 1114.10, "payment_method_id": "paypal_3392566"}]}


@pytest.mark.parametrize(("updated", "ok"), [
    # an "Updated:" restatement whose items' names ("Bookshelf") and options ("pet hair removal") hold
    # other actions' stems (blind set 91, r91_10 24)
    ("Updated:\n- Order: #W7128968\n- Items: Bookshelf (metal, black, 4 ft), Vacuum Cleaner (robotic, bagged, "
     "pet hair removal)\n- Refund: $1,114.10 to your PayPal\n\nConfirm (yes/no)?", True),
    ("Updated:\n- Order: #W7128968\n- Items: Bookshelf, Vacuum Cleaner\n- Refund: $1,114.10 to your PayPal\n"
     "- I'll also cancel your pending order.\n\nConfirm (yes/no)?", False),
])
def test_an_updated_restatement_of_a_return_continues_its_description(convo, at, updated: str, ok: bool) -> None:
    c = convo()
    c.user("I'm yusuf_li_1234. Return everything from #W7128968 to my gift card.")
    c.call("get_order_details", {"order_id": "#W7128968"}, SHELF_AND_VACUUM)
    c.call("get_user_details", {"user_id": "yusuf_li_1234"}, {"user_id": "yusuf_li_1234", "payment_methods": {
        "paypal_3392566": {"source": "paypal", "id": "paypal_3392566"},
        "gift_card_1234567": {"source": "gift_card", "id": "gift_card_1234567"}}})
    c.say("Here's the return:\n- Order: #W7128968\n- Items: Bookshelf, Vacuum Cleaner (both)\n- Refund: $1,114.10 to "
          "your gift card\n\nConfirm (yes/no)?")
    c.user("Actually no. PayPal. Original payment. Same two items.")
    c.say(updated)
    c.user("Yes.")
    i = c.call("return_delivered_order_items", {"order_id": "#W7128968", "item_ids": ["7539442683", "6259501109"],
                                                "payment_method_id": "paypal_3392566"}, SHELF_AND_VACUUM)
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok, at(certify_interaction(c.build()), i).reasons


@pytest.mark.parametrize(("answer", "ok"), [
    # an answer that explains another action's rule, then asks to go on with this one (blind set 92:
    # r92_01 41, r92_12 38)
    ("The policy gives refund times for cancelled orders only; for a return I can't promise a date. Would you "
     "like me to proceed with the return as listed?", True),
    ("The policy gives refund times for cancelled orders only. Shall I submit the return as listed?", True),
    ("The policy gives refund times for cancelled orders only. Shall I cancel your pending order instead?", False),
])
def test_an_answer_that_goes_back_to_this_action(convo, at, answer: str, ok: bool) -> None:
    c = convo()
    c.user("I'm vera_diaz_3927. Return the printer and the stand mixer from #W9416655.")
    c.call("get_order_details", {"order_id": "#W9416655"}, DELIVERED)
    c.say("Return the Printer (8927136705, $386.07) and the Stand Mixer (9910400889, $196.88) from #W9416655; the "
          "$582.95 refund goes to gift_card_4903229. Shall I proceed?")
    c.user("wait, how long does the refund take?")
    c.say(answer)
    c.user("yes. do it.")
    i = c.call("return_delivered_order_items", {"order_id": "#W9416655", "item_ids": ["8927136705", "9910400889"],
                                                "payment_method_id": "gift_card_4903229"}, DELIVERED)
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok
