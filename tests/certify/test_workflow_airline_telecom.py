"""Workflow verdicts on airline and telecom conversations, with the domains' real tool schemas:
tools sharing a verb (update_reservation_flights / _baggages / _passengers), acknowledgements and
deferrals that are no yes, an amount other than the one confirmed, and everyday wording ("add")."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs


def _tools(domain: str) -> list[dict[str, Any]]:
    return [spec.model_dump(mode="json") for spec in tool_specs(domain)]


RESERVATION = {
    "reservation_id": "T6HMDP", "user_id": "james_santos_9046", "origin": "DEN", "destination": "LAS",
    "cabin": "economy", "flights": [{"flight_number": "HAT229", "date": "2024-05-19", "price": 177}],
    "passengers": [{"first_name": "James", "last_name": "Santos", "dob": "1990-01-01"}],
    "payment_history": [{"payment_id": "credit_card_6899560", "amount": 177}],
    "total_baggages": 0, "nonfree_baggages": 0,
}
BAGS = {"reservation_id": "T6HMDP", "total_baggages": 1, "nonfree_baggages": 1, "payment_id": "credit_card_6899560"}
PASSENGERS = {"reservation_id": "T6HMDP",
              "passengers": [{"first_name": "Jim", "last_name": "Santos", "dob": "1990-01-01"}]}
FLIGHTS = {"reservation_id": "T6HMDP", "cabin": "business", "payment_id": "credit_card_6899560",
           "flights": [{"flight_number": "HAT229", "date": "2024-05-19"}]}


def _airline(convo: Any, description: str, reply: str, name: str, args: dict[str, Any],
             request: str = "Anything to pay goes on my credit card.") -> tuple[Any, int]:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user(f"Hi, I'm james_santos_9046, about reservation T6HMDP. {request}")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say(description)
    c.user(reply)
    return c, c.call(name, args, {**RESERVATION, "updated": True})


def _airline_paying(convo: Any, request: str, methods: dict[str, Any]) -> Any:
    """An airline conversation up to T6HMDP's lookup: the request, then the profile with ``methods``."""
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user(request)
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"payment_methods": methods})
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    return c


def _workflow_kinds(decision: Any) -> list[str]:
    return [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"]


def _workflow(convo: Any, at: Any, *parts: Any) -> list[str]:
    c, i = _airline(convo, *parts)
    return _workflow_kinds(at(certify_interaction(c.build()), i))


@pytest.mark.parametrize(("name", "args"), [("update_reservation_passengers", PASSENGERS),
                                            ("update_reservation_flights", FLIGHTS)])
def test_describing_one_update_does_not_describe_its_siblings(convo, at, name, args) -> None:
    kinds = _workflow(convo, at, "I will update reservation T6HMDP to 1 checked bag, paid with "
                      "credit_card_6899560. OK?", "Yes.", name, args)
    assert kinds == ["not_described"]


def test_each_update_is_described_by_its_object_or_an_identifier_of_it(convo, at) -> None:
    cases = [
        ("I will add 1 checked bag to reservation T6HMDP, $50 on credit_card_6899560. OK?", BAGS,
         "update_reservation_baggages"),
        ("I will update the passenger on T6HMDP to Jim Santos. OK?", PASSENGERS, "update_reservation_passengers"),
        ("I can change reservation T6HMDP to business; HAT229 stays the same. Shall I?", FLIGHTS,
         "update_reservation_flights"),
        ("I can upgrade reservation T6HMDP to business class. Shall I?", FLIGHTS, "update_reservation_flights"),
    ]
    for description, args, name in cases:
        assert _workflow(convo, at, description, "Yes, please.", name, args) == [], description


def test_an_acknowledgement_or_a_deferral_is_no_confirmation(convo, at) -> None:
    cancel = ("cancel_reservation", {"reservation_id": "T6HMDP"})
    said = "Reservation T6HMDP is refundable, so you can cancel it for a full refund."
    assert _workflow(convo, at, said, "Okay, thanks.", *cancel) == ["not_confirmed"]
    asked = "Shall I cancel reservation T6HMDP?"
    assert _workflow(convo, at, asked, "Okay.", *cancel) == []
    deferred = "Ok, let me check with my wife first and I'll get back to you."
    assert _workflow(convo, at, asked, deferred, *cancel) == ["not_confirmed"]


def test_an_amount_other_than_the_one_stated_is_not_confirmed(convo, at) -> None:
    offer = "I can send a $100 certificate to james_santos_9046. Would you like that?"
    send = "send_certificate"
    c, i = _airline(convo, offer, "Yes.", send, {"user_id": "james_santos_9046", "amount": 200})
    d = at(certify_interaction(c.build()), i)
    assert _workflow_kinds(d) == ["amount_not_confirmed"]
    assert "amount=200" in d.reasons[-1] and "$100" in d.reasons[-1]
    c, i = _airline(convo, offer, "Yes.", send, {"user_id": "james_santos_9046", "amount": 100})
    assert at(certify_interaction(c.build()), i).checks["workflow"]
    # The user may name another amount themselves: then that one is confirmed.
    c, i = _airline(convo, offer, "Yes, but make it $200.", send, {"user_id": "james_santos_9046", "amount": 200})
    assert at(certify_interaction(c.build()), i).checks["workflow"]


def test_a_flight_number_confirms_the_flight_change_and_a_comma_keep_clause_stands_apart(convo, at) -> None:
    description = "I will change reservation T6HMDP: HAT229 moves to business class. Confirm?"
    for reply in ("Yes, change HAT229.", "Yes, just change HAT229, keep the other details."):
        assert _workflow(convo, at, description, reply, "update_reservation_flights", FLIGHTS) == [], reply


def _telecom(convo: Any, description: str, name: str, args: dict[str, Any],
             user: str = "My customer id is C1001, line L1002 is out of data.", reply: str = "Yes, please.") -> list[str]:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user(user)
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "customer_id": "C1001", "roaming": True})
    c.say(description)
    c.user(reply)
    i = c.call(name, args, {"line_id": "L1002", "status": "ok"})
    return _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i))


@pytest.mark.parametrize(("offer", "report", "kinds"), [
    # blind set 60, t60_07: a report of the failed top-up as done is no new description, so the yes
    # to the offer before it still covers the retry
    ("I can add 2 GB to line L1002 for $4.00. Shall I?", "Done - 2 GB added to line L1002, $4.00 on your bill.", []),
    ("I can add 2 GB for $4.00. Want me to add 2 GB?", "Done - 2 GB added, $4.00 on your next bill.", []),
    # a new offer after the failure needs its own yes
    ("I can add 2 GB to line L1002 for $4.00. Shall I?", "That failed. I can add 2 GB to line L1002 again, shall I?",
     ["not_confirmed"]),
])
def test_a_report_of_a_failed_write_as_done_is_no_new_description(convo, offer: str, report: str,
                                                                  kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My number is 555-123-2002, customer C1001. No data.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "customer_id": "C1001"})
    c.say(offer)
    c.user("Yes, 2 GB.")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": "2 GB"},
           "Error: argument 'gb_amount' must be a number, got str")
    c.say(report)
    c.user("Still no connection?? I thought you fixed it.")
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
               {"line_id": "L1002", "data_refueling_gb": 2.0})
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 68, t68_04: the write reported as done before its call, then a question of another thing
    ("I've added 2 GB to L1002 for $4.00. Run the speed test again?", []),
    ("I've added 2 GB to L1002 for $4.00, and it goes on your next bill. Then check your speed, ok?", []),
    # a question of the action itself is a new description, which needs its own yes
    ("I've added 2 GB to L1002 for $4.00. Shall I add 2 GB more?", ["not_confirmed"]),
    ("Would it be ok if I added 2 GB more? I've added 2 GB to L1002 for $4.00.", ["not_confirmed"]),
    # ... or a sentence after the report that names the action, the question after it (blind set 69, r69_04)
    ("I've added 2 GB to L1002 for $4.00. Next I'd add 2 GB more to line L1002. Go ahead?", ["not_confirmed"]),
])
def test_a_report_as_done_before_the_call_is_no_new_description(convo, report: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My number is 555-123-2002, customer C1001. No data.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "customer_id": "C1001"})
    c.say("I can add 2 GB to line L1002 for $4.00. Shall I?")
    c.user("2gb yes")
    c.say(report)
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
               {"line_id": "L1002", "data_refueling_gb": 2.0})
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind set 61, t61_01: "back on" says enabling, and the line's number names it, though its plan has a name
    ("Shall I turn international roaming back on for 555-123-2002?", []),
    ("Shall I turn international roaming back on for 555-123-2001?", ["not_described"]),  # another line
])
def test_turning_roaming_back_on_for_a_line_named_by_its_number(convo, offer: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My number is 555-123-2002, customer C1001. Leave roaming on please.")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "line_ids": ["L1001", "L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "plan_id": "P1002", "roaming_enabled": False})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan"})
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                  "plan_id": "P1001", "roaming_enabled": False})
    c.say(offer)
    c.user("yes")
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


def test_add_describes_a_refuel_and_turn_off_never_describes_enabling(convo) -> None:
    refuel = {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2}
    assert _telecom(convo, "I can add 2 GB of data to line L1002 for C1001. Shall I?", "refuel_data", refuel) == []
    assert _telecom(convo, "I can top you up with 2 GB of data on line L1002 for C1001. Shall I?", "refuel_data",
                    refuel) == []
    roaming = {"customer_id": "C1001", "line_id": "L1002"}
    assert _telecom(convo, "I can turn off roaming on line L1002 for C1001. Shall I?", "enable_roaming",
                    roaming) == ["not_described"]
    assert _telecom(convo, "I can turn on roaming on line L1002 for C1001. Shall I?", "enable_roaming", roaming) == []


def test_a_bag_description_naming_the_flight_does_not_describe_a_flight_change(convo, at) -> None:
    for description in ("I'll add 1 bag to your flight HAT229 on T6HMDP, $50 on credit_card_6899560. OK?",
                        "I'll add 1 bag to your economy class booking T6HMDP, $50 on credit_card_6899560. OK?"):
        assert _workflow(convo, at, description, "Yes.", "update_reservation_flights", FLIGHTS) == ["not_described"]
    same = "I'll change reservation T6HMDP to business class on the same flights. Do you confirm?"
    assert _workflow(convo, at, same, "Yes.", "update_reservation_flights", FLIGHTS) == []


def test_a_deferral_anywhere_in_the_reply_is_no_yes(convo, at) -> None:
    cancel = ("cancel_reservation", {"reservation_id": "T6HMDP"})
    asked = "Shall I cancel reservation T6HMDP?"
    for reply in ("Sounds good, but I want to talk to my wife first.", "Okay, I'll confirm with my husband first.",
                  "Yes, but let me check with my wife first.", "Ok. Let me first ask Liam whether he wants it."):
        assert _workflow(convo, at, asked, reply, *cancel) == ["not_confirmed"], reply
    for reply in ("Yes, cancel it, I don't need it anymore.", "Yes please, no rush.",
                  "Don't worry about the refund, cancel it."):
        assert _workflow(convo, at, asked, reply, *cancel) == [], reply
    assert _workflow(convo, at, asked, "Don't worry about it.", *cancel) == ["not_confirmed"]
    # A yes taken back by a bare "no" after a filler: "yes. hmm no, wait. keep that one."
    for reply in ("yes. hmm no, wait. keep that one.", "Yes. Oh no, wait."):
        assert _workflow(convo, at, asked, reply, *cancel) == ["not_confirmed"], reply
    assert _workflow(convo, at, asked, "Yes. No problem at all.", *cancel) == []
    # A hand-off asked for after the yes puts nothing off (blind audit telecom-r49-06)
    for reply in ("ok do it. and then yes, I want to talk to someone about switching plans",
                  "Yes, cancel it. Then I'd like to speak to a human agent about my refund."):
        assert _workflow(convo, at, asked, reply, *cancel) == [], reply
    assert _workflow(convo, at, asked, "ok, but I want to talk to someone at home first", *cancel) == ["not_confirmed"]


def test_the_confirmed_amount_is_the_offered_one_in_its_unit(convo, at) -> None:
    send = "send_certificate"
    offer = "Your fare was $177. I can send you a $50 certificate. Would you like that?"
    c, i = _airline(convo, offer, "Yes.", send, {"user_id": "james_santos_9046", "amount": 177})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == ["amount_not_confirmed"]
    # no user id said, an amount per passenger times the passengers
    per = "I can send you a certificate of $50 per passenger for the 2 passengers. Would you like that?"
    c, i = _airline(convo, per, "Yes.", send, {"user_id": "james_santos_9046", "amount": 100})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == []
    refuel = {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 5}
    assert _telecom(convo, "I can add 1 GB to line L1002 for $5. Shall I?", "refuel_data",
                    refuel) == ["amount_not_confirmed"]
    asked = _telecom(convo, "That data costs $10 on line L1002. Shall I add it?", "refuel_data",
                     {**refuel, "gb_amount": 2}, user="Line L1002 of C1001 is out of data: can you add 2 GB?")
    assert asked == []


def test_a_card_brand_names_the_payment_object(convo, at) -> None:
    from trajectory2gym.certify.reasons import reason_kind as kind

    c = convo(tools=_tools("retail"), domain="retail")
    c.user("Please pay order #W6779827 with my other card; I'm ann_lee_1.")
    c.call("get_order_details", {"order_id": "#W6779827"}, {"order_id": "#W6779827", "status": "pending"})
    c.call("get_user_details", {"user_id": "ann_lee_1"}, {"payment_methods": {
        "credit_card_1": {"id": "credit_card_1", "brand": "mastercard", "last_four": "1020"}}})
    c.say("I'll switch order #W6779827 to your Mastercard ending 1020. Shall I?")
    c.user("Yes.")
    i = c.call("modify_pending_order_payment", {"order_id": "#W6779827", "payment_method_id": "credit_card_1"},
               {"order_id": "#W6779827", "status": "pending"})
    assert [kind(r) for r in at(certify_interaction(c.build()), i).reasons] == []


def test_an_instruction_to_take_the_action_confirms_it(convo) -> None:
    roaming = {"customer_id": "C1001", "line_id": "L1002"}
    offer = "I can turn on roaming for line L1002 of C1001 whenever you're ready; just say the word."
    for reply in ("Okay, turn it on.", "Turn it on please", "Alright then, enable it."):
        assert _telecom(convo, offer, "enable_roaming", roaming, reply=reply) == [], reply
    # Agreeing to hear it, stating one's own plan, the opposite, a later time or a condition, another
    # line, a noun or another form of the verb, or an instruction taken back: no instruction to do this now.
    for reply in ("Okay, thanks.", "Okay, I'll turn it on myself later.", "Okay, turn it off.",
                  "Please turn data off on this line.", "Turn it on when I land in Paris.", "Enable it if it's free.",
                  "Turn it on for my wife's line instead.", "Enabling it seems risky.", "Turn it on. No wait, don't."):
        assert _telecom(convo, offer, "enable_roaming", roaming, reply=reply) == ["not_confirmed"], reply
    # An "Okay" to a question is a yes, but not when the user says they will do it themselves.
    asked = "I can turn on roaming for line L1002 of C1001. Would you like that?"
    assert _telecom(convo, asked, "enable_roaming", roaming, reply="Okay.") == []
    assert _telecom(convo, asked, "enable_roaming", roaming,
                    reply="Okay, I'll turn it on myself later.") == ["not_confirmed"]


def test_a_spelled_amount_is_visible_and_confirms_that_amount(convo, at) -> None:
    send = "send_certificate"
    offer = "I can send you a travel certificate of one hundred dollars. Would you like that?"
    c, i = _airline(convo, offer, "Yes, one hundred dollars is fine.", send,
                    {"user_id": "james_santos_9046", "amount": 100})
    d = at(certify_interaction(c.build()), i)
    assert d.eligible, d.reasons
    c, i = _airline(convo, offer, "Yes.", send, {"user_id": "james_santos_9046", "amount": 150})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == ["amount_not_confirmed"]
    # What the description offers is what a yes confirms, whatever the user asked for before it;
    # "a fifty-dollar certificate" offers 50.
    for demand in ("I want one hundred fifty dollars for this.", "I want $150 for this."):
        c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
        c.user("Hi, I'm james_santos_9046, about reservation T6HMDP. I pay by credit card.")
        c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
        c.user(demand)
        c.say("I can send james_santos_9046 a $50 certificate. Would you like that?")
        c.user("Yes.")
        i = c.call(send, {"user_id": "james_santos_9046", "amount": 150}, {"ok": True})
        assert _workflow_kinds(at(certify_interaction(c.build()), i)) == ["amount_not_confirmed"], demand
    hyphen = "I can send you a fifty-dollar certificate. Would you like that?"
    c, i = _airline(convo, hyphen, "Yes.", send, {"user_id": "james_santos_9046", "amount": 100})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == ["amount_not_confirmed"]
    # The two of "twenty-two" is no count to multiply an amount by.
    gate = "Your flight left from gate twenty-two. I can send you a $50 certificate. Would you like that?"
    c, i = _airline(convo, gate, "Yes.", send, {"user_id": "james_santos_9046", "amount": 100})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == ["amount_not_confirmed"]
    # The user's own spelled amount is visible evidence for the call's argument.
    c, i = _airline(convo, "I can send you a certificate. How much would you like?",
                    "Twenty-five dollars would be fair, yes.", send, {"user_id": "james_santos_9046", "amount": 25})
    assert at(certify_interaction(c.build()), i).checks["visibility"]


def test_the_account_names_the_account_holders_address_beside_an_orders(convo, at) -> None:
    new = {"user_id": "james_santos_9046", "address1": "1 Elm St", "address2": "", "city": "Austin",
           "state": "TX", "country": "USA", "zip": "78701"}
    for description, want in [
        ("I'll update the default address on your account to 1 Elm St, Austin, TX 78701. Please confirm.", []),
        ("I'll update the address on your profile to 1 Elm St, Austin, TX 78701. Shall I?", []),
        ("I'll change your address on file to 1 Elm St, Austin, TX 78701. Please confirm.", []),
        ("I'll set the default address on your account to 1 Elm St, Austin, TX 78701. Please confirm.", []),
        ("I can update the shipping address of order #W2443586 to 1 Elm St, and I can also update the default "
         "address on your account to it. Which would you like?", []),
        # "Your address" is the user's own where the message names no order.
        ("I'll update your address to 1 Elm St, Austin, TX 78701. Please confirm.", []),
        ("Shall I change your new home address to 1 Elm St, Austin, TX 78701?", []),
        ("I'll update the address of your order to 1 Elm St, Austin, TX 78701. Please confirm.", ["not_described"]),
        # The object in one sentence, the verb in the next.
        ("Your current default address is 2 Oak Ave, Dallas, TX 75201. I'll change it to:\n1 Elm St, Austin, TX "
         "78701\nIs that correct?", []),
        ("Order #W2443586 ships to 2 Oak Ave. I'll change it to 1 Elm St, Austin, TX 78701. OK?", ["not_described"]),
        # A numbered plan whose lines have an arrow for a verb.
        ("I'll make these two updates:\n\n1. **Default address** on your profile → 1 Elm St, Austin, TX 78701\n"
         "2. **Shipping address** of pending order **#W2443586** → same address\n\nShall I go ahead with both?", []),
        ("I'll make these two changes:\n\n1. **Shipping address of order #W2443586** -> 1 Elm St, Austin, TX 78701\n"
         "2. **Default address on your profile** -> the same address\n\nDo you confirm both changes?", []),
        ("I'll make these two updates:\n\n1. **Shipping address** of pending order **#W2443586** → 1 Elm St, Austin, "
         "TX 78701\n2. Send you a receipt at the address on your profile\n\nShall I go ahead?", ["not_described"]),
        # A plan entry with no verb of its own, in a message that says the action.
        ("Here's what I'll update:\n**New address** 1 Elm St, Austin, TX 78701\n**Changes**\n1. Shipping address of "
         "order **#W2443586**\n2. The default address on your profile\n\nYour other order #W1654931 keeps the old "
         "address. Shall I make both changes?", []),
        ("Here's what I'll update:\n1. Shipping address of order **#W2443586** to 1 Elm St\n2. The receipt for "
         "your profile\n\nShall I?", ["not_described"]),
        # Which address is meant is not said: an order's address (modify_pending_order_address) too.
        ("I'll update the address to 1 Elm St, Austin, TX 78701. Please confirm.", ["not_described"]),
        # The account mentioned in passing, in a change of an order's address.
        ("I'll update order #W2443586 to ship to 1 Elm St; the address on your account will get the receipt. OK?",
         ["not_described"]),
        ("I'll update order #W2443586 to ship to 1 Elm St. The default address on your profile stays as it is. OK?",
         ["not_described"]),
    ]:
        c = convo(tools=_tools("retail"), domain="retail")
        c.user("I'm james_santos_9046 and I moved to 1 Elm St, Austin, TX 78701, USA.")
        c.call("get_user_details", {"user_id": "james_santos_9046"}, {"address": {"city": "Dallas"}})
        c.call("get_order_details", {"order_id": "#W2443586"}, {"order_id": "#W2443586", "status": "pending"})
        c.say(description)
        c.user("Ok.")
        i = c.call("modify_user_address", new, {"address": {"city": "Austin"}})
        assert _workflow_kinds(at(certify_interaction(c.build()), i)) == want, description


TRIP = {**RESERVATION, "reservation_id": "TI7NSI", "flight_type": "round_trip", "flights": [
    {"flight_number": "HAT145", "date": "2024-05-23", "price": 1109},
    {"flight_number": "HAT217", "date": "2024-05-28", "price": 1018}]}


def _trip(convo: Any, at: Any, description: str, reply: str, flights: list[tuple[str, str]]) -> list[str]:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Please move my trip TI7NSI: HAT145 to May 24, and maybe HAT217 to May 29. Charge my credit card.")
    c.call("get_reservation_details", {"reservation_id": "TI7NSI"}, TRIP)
    # A one-stop search shows flights with dates too: not the reservation's, so not "as booked".
    c.call("search_onestop_flight", {"origin": "BOS", "destination": "MCO", "date": "2024-05-24"},
           [[{"flight_number": "HAT217", "date": "2024-05-29", "prices": {"business": 305}}],
            [{"flight_number": "HAT150", "date": "2024-05-24", "prices": {"business": 250}}]])
    c.say(description)
    c.user(reply)
    i = c.call("update_reservation_flights", {
        "reservation_id": "TI7NSI", "cabin": "business", "payment_id": "credit_card_6899560",
        "flights": [{"flight_number": f, "date": d} for f, d in flights]}, {**TRIP, "updated": True})
    return _workflow_kinds(at(certify_interaction(c.build()), i))


BOTH_MOVED = [("HAT145", "2024-05-24"), ("HAT217", "2024-05-29")]
OUTBOUND_MOVED = [("HAT145", "2024-05-24"), ("HAT217", "2024-05-28")]
MOVE_BOTH = "I can move HAT145 to May 24 and HAT217 to May 29 on TI7NSI, in business. Shall I change both flights?"


def test_flights_the_call_moves_are_the_ones_described_and_confirmed(convo, at) -> None:
    assert _trip(convo, at, MOVE_BOTH, "Yes, change both.", BOTH_MOVED) == []
    # A flight kept as booked needs no word; a moved one does, with its new date.
    only = "I can move HAT145 to 2024-05-24 on TI7NSI, in business; your return HAT217 on 2024-05-28 stays. OK?"
    assert _trip(convo, at, only, "Yes, go ahead.", OUTBOUND_MOVED) == []
    assert _trip(convo, at, only, "Yes, go ahead.", BOTH_MOVED) == ["not_described"]
    assert _trip(convo, at, only, "Yes, go ahead.", OUTBOUND_MOVED[:1]) == ["not_described"]  # drops HAT217
    # The user keeps one of two moved flights: the yes does not cover a call moving both.
    keep = "Just the departing flight on HAT145 please, keep HAT217 as it is."
    assert _trip(convo, at, MOVE_BOTH, keep, BOTH_MOVED) == ["confirmation_not_covering"]
    assert _trip(convo, at, MOVE_BOTH, keep, OUTBOUND_MOVED) == []


def test_a_new_date_said_only_in_the_request_counts(convo, at) -> None:
    same_day = "I can put HAT145 on TI7NSI one day later, in business, and HAT217 too. Shall I?"
    assert _trip(convo, at, same_day, "Yes.", BOTH_MOVED) == []
    assert _trip(convo, at, same_day, "Yes.", [("HAT145", "2024-05-25"), ("HAT217", "2024-05-29")]) == [
        "not_described"]


def test_the_outbound_or_the_return_names_one_of_two_moved_flights(convo, at) -> None:
    reply = "Yes, but only the outbound flight. The return has to stay on the 28th."
    assert _trip(convo, at, MOVE_BOTH, reply, BOTH_MOVED) == ["confirmation_not_covering"]
    # Keeping a flight the call leaves as booked is no refusal.
    only = "I can move HAT145 on TI7NSI to May 24 in business. Shall I change it?"
    keep = "Yes, as long as my return HAT217 on the 28th stays exactly as it is."
    assert _trip(convo, at, only, keep, OUTBOUND_MOVED) == []


def test_a_price_per_passenger_does_not_make_a_flight_change_a_passenger_change(convo, at) -> None:
    fare = "I can change T6HMDP to business on HAT229 ($361 per passenger instead of $177). Shall I?"
    assert _workflow(convo, at, fare, "Yes.", "update_reservation_flights", FLIGHTS) == []
    added = "I can add a passenger to T6HMDP on HAT229, $177 per passenger. Shall I?"
    assert _workflow(convo, at, added, "Yes.", "update_reservation_flights", FLIGHTS) == ["not_described"]
    # "same passenger" says who, not a passenger change (blind set 78, a78_02)
    same = "To confirm: change T6HMDP to business on HAT229, same passenger. Proceed?"
    assert _workflow(convo, at, same, "Yes.", "update_reservation_flights", FLIGHTS) == []


@pytest.mark.parametrize("offer", ["I can offer you a $100 certificate for the delay. Would you like it?",
                                   "Shall I add a $100 certificate to your account?",
                                   # a heading names the action (blind audit a45-09)
                                   "**Compensation**: you're eligible for a **$100** travel certificate. Shall I "
                                   "proceed?"])
def test_offering_a_certificate_describes_sending_it(convo, at, offer: str) -> None:
    c, i = _airline(convo, offer, "Yes.", "send_certificate", {"user_id": "james_santos_9046", "amount": 100})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == []


@pytest.mark.parametrize(("description", "flights", "ok"), [
    # Each date goes to the flight it is written next to: swapped dates are not the ones described.
    ("I can move HAT145 on TI7NSI to May 24 and the return HAT217 to May 29, in business. Shall I?", BOTH_MOVED, True),
    ("I can move HAT145 on TI7NSI to May 24 and the return HAT217 to May 29, in business. Shall I?",
     [("HAT145", "2024-05-29"), ("HAT217", "2024-05-24")], False),
    ("I can move both flights on TI7NSI to May 24 and 29, in business. Shall I?", BOTH_MOVED, True),
    # The action sentence decides among dates listed before it.
    ("HAT145 is $211 on May 24 and $230 on May 25. I can move your outbound on TI7NSI to May 25 instead. Shall I?",
     [("HAT145", "2024-05-24"), ("HAT217", "2024-05-28")], False),
    ("HAT145 is $211 on May 24 and $230 on May 25. I can move your outbound on TI7NSI to May 25 instead. Shall I?",
     [("HAT145", "2024-05-25"), ("HAT217", "2024-05-28")], True),
    # No flight named: the dates of the action sentence.
    ("I can move your outbound flight on TI7NSI to the 24th, in business. Shall I?", OUTBOUND_MOVED, True),
    ("I can move your outbound flight on TI7NSI to the 24th, in business. Shall I?",
     [("HAT145", "2024-05-28"), ("HAT217", "2024-05-28")], False),
    # Another flight on a day the reservation already holds: "the same day".
    ("I can switch your outbound on TI7NSI from HAT145 to HAT150, same day, business. Shall I?",
     [("HAT150", "2024-05-23"), ("HAT217", "2024-05-28")], True),
    # ...but not on the day of the flight it keeps.
    ("I can switch your outbound on TI7NSI from HAT145 to HAT150, business. Shall I?",
     [("HAT150", "2024-05-28"), ("HAT217", "2024-05-28")], False),
    # "from" a date "to" a date: each flight's dates follow it.
    ("I'll move HAT145 from May 23 to May 24 and HAT217 from May 28 to May 29 on TI7NSI, business. OK?",
     BOTH_MOVED, True),
])
def test_a_moved_flight_has_the_date_described_for_it(convo, at, description: str, flights, ok: bool) -> None:
    assert (_trip(convo, at, description, "Yes.", flights) == []) is ok


@pytest.mark.parametrize(("reply", "ok"), [
    ("Yes please, we want to stay a day longer.", True),
    ("Yes, move it, and keep everything else as it is.", True),
    ("Yes to the date change, no to the lounge pass.", True),
    ("Yes. No, sorry: HAT217 stays and so does everything, I'm not changing anything.", False),
    ("Yes, move it. I'm not changing anything else on the booking.", True),
])
def test_what_a_reply_keeps_or_refuses_besides_its_yes(convo, at, reply: str, ok: bool) -> None:
    only = "I can move HAT145 on TI7NSI to May 24 in business. Shall I change it?"
    assert (_trip(convo, at, only, reply, OUTBOUND_MOVED) == []) is ok


def test_a_data_amount_written_against_its_unit_and_turning_it_off(convo) -> None:
    refuel = {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2}
    said = "I can add 2 GB of data to line L1002 for $10. Shall I?"
    assert _telecom(convo, said, "refuel_data", refuel, user="Please add 2GB to line L1002, customer C1001.") == []
    off = {"customer_id": "C1001", "line_id": "L1002"}
    said = "Roaming is currently on for line L1002. I'll turn it off. Okay?"
    assert _telecom(convo, said, "disable_roaming", off) == []


def test_the_last_amount_of_data_said_is_the_one_confirmed(convo) -> None:
    for gb, kinds in ((3, []), (5, ["amount_not_confirmed"])):
        c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
        c.user("My customer id is C1001, line L1002 is out of data.")
        c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "customer_id": "C1001",
                                                     "data_refueling_price_per_gb": 0.1})
        c.say("I can add 5 GB to line L1002 for $0.50. Shall I?")
        c.user("make it 3 GB actually")
        c.say("**3 GB** on line L1002 for **$0.30**. Please confirm.")
        c.user("yes")
        i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": gb}, {"ok": True})
        decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
        assert _workflow_kinds(decision) == kinds, gb


@pytest.mark.parametrize("offer", [
    "You are eligible for a certificate of $100 per passenger; for the 2 passengers on T6HMDP that is $200. "
    "Would you like me to send it?",
    # the count not written: the total is said beside the share (blind set 72, a72_08)
    "You're eligible: $100 per passenger for a cancelled flight → **$200** certificate. Shall I issue it?",
])
def test_a_certificate_per_passenger_offers_the_total(convo, at, offer: str) -> None:
    for amount, kinds in ((200, []), (100, ["amount_not_confirmed"])):
        c, i = _airline(convo, offer, "Yes please.", "send_certificate", {"user_id": "james_santos_9046", "amount": amount})
        assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds, amount


@pytest.mark.parametrize(("reply", "kinds"), [
    ("fine, send the 200 certificate", []),  # a lead-in, then the action by its verb and its own amount
    ("good, send it", []),
    ("fine, send the 300 certificate", ["not_confirmed"]),  # another amount than the call's
])
def test_an_instruction_after_a_lead_in_names_the_calls_amount(convo, at, reply: str, kinds: list[str]) -> None:
    offer = ("You are eligible for a certificate of $100 per passenger; for the 2 passengers on T6HMDP that is $200. "
             "Would you like me to issue it?")
    c, i = _airline(convo, offer, reply, "send_certificate", {"user_id": "james_santos_9046", "amount": 200})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 62, t62_05: the bill by the amount its record shows
    ("Ugh. Fine, I'll pay the 150 one, it was due anyway. Then send the 65.", []),
    ("Ugh. Fine, I'll pay the 150 one, it was due anyway. Then send the 150.", ["not_confirmed"]),  # the other's
])
def test_an_instruction_names_the_object_by_an_amount_of_its_record(convo, at, reply: str, kinds: list[str]) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My line is suspended, I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1234321", "total_due": 65.0, "status": "Overdue"},
        {"bill_id": "B1002", "total_due": 150.0, "status": "Awaiting Payment"}])
    c.say("B1002 ($150.00) is awaiting payment. Once it is paid, I'll send the $65.00 request for the overdue "
          "B1234321. How would you like to proceed?")
    c.user(reply)
    c.user_runs("make_payment", {}, "Payment of 150.0 USD has been made for bill B1002.", "Paid.")
    i = c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1234321"}, "Payment request sent")
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


def test_a_certificate_per_passenger_for_one_passenger_is_the_amount_said(convo, at) -> None:
    # Counts said elsewhere (2 bags, 5 days) make no total of this offer.
    offer = ("T6HMDP: HAT232 and HAT155, both on 2024-05-12, 1 passenger. As a gold member you're eligible for a "
             "certificate of $100 per passenger, so $100 for this reservation. Shall I issue a $100 certificate?")
    for amount, kinds in ((100, []), (150, ["amount_not_confirmed"])):
        c, i = _airline(convo, offer, "Well, it's something. Yes please.", "send_certificate",
                        {"user_id": "james_santos_9046", "amount": amount},
                        request="My flight was cancelled after 5 days of waiting, with 2 bags checked.")
        assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds, amount


@pytest.mark.parametrize("reply", ["y", "please"])
def test_a_one_word_answer_to_a_question_confirms(convo, at, reply: str) -> None:
    assert _trip(convo, at, MOVE_BOTH, reply, BOTH_MOVED) == []


def test_who_the_change_is_for_is_no_other_tool_object(convo, at) -> None:
    said = "I can move HAT145 to May 24 and HAT217 to May 29 on TI7NSI for both passengers, in business. Shall I?"
    assert _trip(convo, at, said, "Yes.", BOTH_MOVED) == []


@pytest.mark.parametrize("asked", ["Please push my return on TI7NSI back one day.", "Move my return on TI7NSI to 5/29.",
                                   "Move my return on TI7NSI to the 29th."])
def test_a_new_date_said_relative_or_short_is_visible(convo, at, asked: str) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent. Today is 2024-05-15.")
    c.user(asked + " It goes from MCO to BOS.")
    c.call("get_reservation_details", {"reservation_id": "TI7NSI"}, TRIP)
    i = c.call("search_direct_flight", {"origin": "MCO", "destination": "BOS", "date": "2024-05-29"}, [])
    j = c.call("search_direct_flight", {"origin": "MCO", "destination": "BOS", "date": "2024-05-30"}, [])
    cert = certify_interaction(c.build())
    assert at(cert, i).checks["visibility"] and not at(cert, j).checks["visibility"]


@pytest.mark.parametrize(("description", "kinds"), [
    # blind set 82, t82_02 29: the action's word only as a state in place describes nothing to confirm
    ("Your line L1002 is **Active** and in good standing. Could you check your phone's settings?", ["not_described"]),
    ("I can see roaming is **already enabled** on L1002 for C1001. Could you check your phone's settings?",
     ["not_described"]),
    ("I can enable roaming on L1002 for C1001. Shall I?", []),
])
def test_the_actions_word_as_a_state_describes_nothing(convo, description: str, kinds: list[str]) -> None:
    assert _telecom(convo, description, "enable_roaming", {"customer_id": "C1001", "line_id": "L1002"},
                    reply="okay") == kinds


@pytest.mark.parametrize(("description", "kinds"), [
    # The line the description leaves as it is is not the one it acts on.
    ("I'll only disable roaming on line L1001 and leave L1002 as is. Okay?", ["not_described"]),
    ("I'll disable roaming on L1001; L1002 stays as it is. Okay?", ["not_described"]),
    ("I'll disable roaming on L1002 and leave L1001 as is. Okay?", []),
    ("I'll disable roaming on L1002 for C1001, keeping everything else as is. Okay?", []),
    # the change restated after what else stays (blind set 81, r81_12 60)
    ("That's the price. Everything else stays the same: I'll disable roaming on L1002 for C1001. Okay?", []),
    ("That's the price. Everything else stays the same, L1002 included: roaming off on L1001. Okay?", ["not_described"]),
    # the user's wish, reported, then the action offered (blind set 95, t95_04 50)
    ("I'm sorry: I changed L1002 even though you asked me to leave it as is. Shall I disable roaming on it again?", []),
])
def test_a_line_the_description_leaves_as_it_is_is_not_acted_on(convo, description: str, kinds: list[str]) -> None:
    assert _telecom(convo, description, "disable_roaming", {"customer_id": "C1001", "line_id": "L1002"}) == kinds


BAGS_AND_UPGRADE = ("I can do two things on T6HMDP: add 1 checked bag, and upgrade the cabin to business, both on "
                    "credit_card_6899560. Shall I go ahead with both?")


@pytest.mark.parametrize(("reply", "bag"), [
    ("ok the fee is fine, do the bag.", True),  # "do" and the object after a comma
    ("ok the fee is fine.", False),  # an "ok" to no question
])
def test_do_the_object_after_a_comma_is_an_instruction(convo, at, reply: str, bag: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I'm james_santos_9046, reservation T6HMDP. I'd like a checked bag and maybe business. "
           "Use my credit card.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say(BAGS_AND_UPGRADE)
    c.user("is there a fee for the bag?")
    c.say("The bag is $50. Both changes are on hold until you decide.")
    c.user(reply)
    i = c.call("update_reservation_baggages", BAGS, {**RESERVATION, "total_baggages": 1})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is bag


@pytest.mark.parametrize(("reply", "bag", "cabin"), [
    ("yes for the bag, no upgrade", True, False),
    ("the bag yes, skip the upgrade", True, False),
    ("No upgrade, just the bag.", True, False),
    ("No, just the bag.", True, False),
    ("Yes to the bag. No to the upgrade.", True, False),
    ("Please add the bag. I'll pass on the upgrade.", True, False),
    ("Go ahead with the bag but not the upgrade.", True, False),
    ("The upgrade yes, no bag.", False, True),
    ("Upgrade only, skip the bag", False, True),
    ("only the upgrade", False, True),
    ("Yes, both please.", True, True),
    ("yes do both, no need to email me", True, True),
    ("No thanks to both", False, False),
    # A deferral covers the update its clause names, and only that one.
    ("Yes to the bag, but let me think about the upgrade.", True, False),
    ("Go ahead with the bag. I'll think about the upgrade and get back to you.", True, False),
    ("Let me think about the bag, but yes to the upgrade.", False, True),
    ("Yes, but let me think about it", False, False),
    ("just the bags for now, I need to think about the upgrade", True, False),  # the comma ends the yes
    ("Do the bag. Hold off on the upgrade for now.", True, False),  # "do" and the object: an instruction
    # Object words are prefixes ("bags"); a clause naming both objects covers both.
    ("Go ahead with the upgrade. The bags, let me think about that, I'll get back to you.", False, True),
    # "flight" is the cabin change's word only weakly, but a clause naming no bag says it
    ("Please do the flight change. For the bags, hold on, I need to check with my wife.", False, True),
    ("Yes to the upgrade and the bags.", True, True),
])
def test_a_reply_to_two_updates_says_yes_or_no_to_each_by_its_object(convo, at, reply: str, bag: bool,
                                                                       cabin: bool) -> None:
    """Same-verb tools described together are told apart in the reply by their objects: the bag
    update is confirmed by "yes for the bag", the cabin change is refused by "no upgrade"."""
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I'm james_santos_9046, reservation T6HMDP. I'd like a checked bag and maybe business. "
           "Use my credit card.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say(BAGS_AND_UPGRADE)
    c.user(reply)
    i = c.call("update_reservation_baggages", BAGS, {**RESERVATION, "total_baggages": 1})
    j = c.call("update_reservation_flights", FLIGHTS, {**RESERVATION, "cabin": "business"})
    r = certify_interaction(c.build())
    assert (at(r, i).checks["workflow"], at(r, j).checks["workflow"]) == (bag, cabin)
    if reply == "yes for the bag, no upgrade":  # the reason says the yes went to another update
        assert at(r, j).reasons == ["update_reservation_flights: the user's confirmation does not cover this "
                                    "action (confirmed for another update, not the flights)"]


@pytest.mark.parametrize("reply", ["Yes, no cancellation then.", "Okay, I'll pass on that."])
def test_a_yes_taken_back_in_a_short_refusal_confirms_nothing(convo, order_w123, at, reply: str) -> None:
    c = convo()
    c.user("Please cancel order #W123, I ordered it by mistake.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("I can cancel order #W123 (reason: ordered by mistake). Shall I proceed?")
    c.user(reply)
    i = c.call("cancel_pending_order", {"order_id": "#W123", "reason": "ordered by mistake"}, {"status": "cancelled"})
    assert not at(certify_interaction(c.build()), i).checks["workflow"]


@pytest.mark.parametrize(("request_", "description", "ok"), [
    ("On reservation T6HMDP my first name is wrong, it should be Jim.",
     "I'll update the passenger name from James Santos to Jim Santos. Shall I proceed?", True),
    ("On reservation T6HMDP my first name is wrong, it should be Jim.",
     "Updated passenger: Jim Santos, born 1990-01-01. Shall I make this change?", True),
    # The new record unnamed: no description of what changes.
    ("On reservation T6HMDP my first name is wrong, it should be Jim.",
     "I'll update the passenger details. Shall I proceed?", False),
    # Two reservations talked about: the description must say which one.
    ("I have T6HMDP and ZZ9ABC; on one my first name is wrong, it should be Jim.",
     "I'll update the passenger name from James Santos to Jim Santos. Shall I proceed?", False),
])
def test_a_passenger_fix_of_the_only_reservation_talked_about_need_not_name_it(
        convo, at, request_: str, description: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user(f"I'm james_santos_9046. {request_}")
    c.call("get_user_details", {"user_id": "james_santos_9046"},
           {"user_id": "james_santos_9046", "reservations": ["T6HMDP", "ZZ9ABC"]})
    c.call("get_reservation_details", {"reservation_id": "ZZ9ABC"}, {**RESERVATION, "reservation_id": "ZZ9ABC"})
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say(description)
    c.user("Yes please.")
    i = c.call("update_reservation_passengers", PASSENGERS, {**RESERVATION, **PASSENGERS})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("asked", "ok"), [
    # blind set 84, a84_02 37: the profile's reservations looked up and listed, then one taken up alone
    ("Replace me with my brother Omar Rossi, born 1970-06-06.", True),
    ("Replace me with my brother Omar Rossi, born 1970-06-06, on ZZ9ABC too.", False),  # which one: unsaid
])
def test_a_passenger_fix_after_one_reservation_of_the_list_was_taken_up(convo, at, asked: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. I need to fix a passenger on my Denver trip.")
    c.call("get_user_details", {"user_id": "james_santos_9046"},
           {"user_id": "james_santos_9046", "reservations": ["T6HMDP", "ZZ9ABC"]})
    c.call("get_reservation_details", {"reservation_id": "ZZ9ABC"}, {**RESERVATION, "reservation_id": "ZZ9ABC",
                                                                    "origin": "JFK"})
    c.say("Your profile has two reservations: T6HMDP and ZZ9ABC. ZZ9ABC leaves from JFK. Let me check the other.")
    c.user("ok")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say("Found it: T6HMDP, passenger James Santos (1990-01-01). What should change?")
    c.user(asked)
    c.say("Next, the passenger change:\n- Replace **James Santos (1990-01-01)** with **Omar Rossi (1970-06-06)**\n\n"
          "Confirm with yes and I'll update it.")
    c.user("Yes.")
    omar = {"reservation_id": "T6HMDP", "passengers": [{"first_name": "Omar", "last_name": "Rossi", "dob": "1970-06-06"}]}
    i = c.call("update_reservation_passengers", omar, {**RESERVATION, **omar})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "mine", "hers"), [
    ("Just mine for now, my daughter won't use data abroad. Yes, enable it on my line.", True, False),
    ("Yes, both please.", True, True),
    ("Only hers, actually: 555-123-2005.", False, True),
])
def test_mine_names_the_line_the_user_called_theirs(convo, at, reply: str, mine: bool, hers: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm customer C1002. My line is 555-123-2004 and hers is 555-123-2005. Can you check roaming on both?")
    c.call("get_customer_by_id", {"customer_id": "C1002"}, {"customer_id": "C1002", "line_ids": ["L1004", "L1005"]})
    for k in (4, 5):
        c.call("get_details_by_id", {"id": f"L100{k}"},
               {"line_id": f"L100{k}", "phone_number": f"555-123-200{k}", "roaming_enabled": False})
    c.say("Roaming is off on 555-123-2004 (L1004) and 555-123-2005 (L1005). Shall I enable roaming on both?")
    c.user(reply)
    i = c.call("enable_roaming", {"customer_id": "C1002", "line_id": "L1004"}, "Roaming enabled successfully")
    j = c.call("enable_roaming", {"customer_id": "C1002", "line_id": "L1005"}, "Roaming enabled successfully")
    r = certify_interaction(c.build())
    assert (at(r, i).checks["workflow"], at(r, j).checks["workflow"]) == (mine, hers)


def _two_lines(convo: Any) -> Any:
    """A telecom conversation so far: customer C1001, out of data on L1002 (555-123-2002), also holds L1003."""
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My data is not working. 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
           {"customer_id": "C1001", "line_ids": ["L1002", "L1003"]})
    for k in (2, 3):
        c.call("get_details_by_id", {"id": f"L100{k}"}, {"line_id": f"L100{k}", "phone_number": f"555-123-200{k}",
                                                      "plan_id": "P1002"})
    return c


@pytest.mark.parametrize(("offer", "ok"), [
    ("Your Premium Plan charges $2.00 per GB, billed on your next invoice; 1 GB would be $2.00. Shall I add 1 GB?",
     True),
    ("Your Premium Plan charges $2.00 per GB, billed on your next invoice. Shall I add 2 GB?", False),  # not the call's
    ("Your Premium Plan charges $2.00 per GB. Shall I add 1 GB to 555-123-2003?", False),  # another line
])
def test_a_later_offer_of_the_action_with_its_amount_is_what_the_yes_answers(convo, at, offer: str, ok: bool) -> None:
    c = _two_lines(convo)
    c.say("You've used 15.0 GB of 15.0 GB on line 555-123-2002. Before adding data, is Data Saver on?")
    c.user("It's off.")
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                 "data_refueling_price_per_gb": 2.0})
    c.say(offer)
    c.user("Yes please.")
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0}, {"charge": 2.0})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("answer", "ok"), [
    # Another line named in a sentence before the offer's: not the line offered.
    ("A human agent can review the $10.00 charge on 555-123-2003 later. Shall I go ahead and add 1 GB for $2.00 to "
     "your line now?", True),
    ("A human agent can review the $10.00 charge later. Shall I go ahead and add 1 GB for $2.00 to 555-123-2003 now?",
     False),
])
def test_an_offer_after_an_answer_about_another_line_is_this_lines(convo, at, answer: str, ok: bool) -> None:
    c = _two_lines(convo)
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                 "data_refueling_price_per_gb": 2.0})
    c.say("On your Premium Plan I can add 1 GB to line 555-123-2002 for $2.00. Would you like me to do that?")
    c.user("Yes, but what happens with the $10 charge on my other line?")
    c.say(answer)
    c.user("Okay, yes, add it.")
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0}, {"charge": 2.0})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


def _suspended_line(convo: Any) -> Any:
    """A telecom conversation so far: the user's line L1002 is suspended for its bill B1007."""
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My line 555-123-2002 got cut off. I'm C1001.")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "line_ids": ["L1002"],
                                                           "bill_ids": ["B1007"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                 "status": "Suspended"})
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1007", "total_due": 65.0,
                                                                 "status": "Overdue"}])
    return c


@pytest.mark.parametrize(("description", "paid", "ok"), [
    ("L1002 is suspended for bill B1007 ($65.00). I can send a payment request for B1007, and once it's paid "
     "I'll resume the line. Shall I do both?", "", False),
    ("L1002 is suspended for bill B1007 ($65.00). I'll send a payment request for B1007 and resume the line "
     "once it's paid. OK?", "", False),
    ("L1002 is suspended for bill B1007 ($65.00). I can send a payment request for B1007, and once it's paid "
     "I'll resume the line. Shall I do both?", "Done, I've paid it.", True),
    ("L1002 is suspended for bill B1007 ($65.00). I can send a payment request for B1007 and resume the line. "
     "Shall I do both?", "", True),
    # the wait said met in the same message (blind set 80, t80_02 38)
    ("L1002 is suspended for bill B1007 ($65.00). A suspended line is resumed once its overdue bill is paid, and "
     "yours is now paid. I'll send a request for B1007 and resume the line. OK?", "", True),
])
def test_an_action_put_off_until_a_payment_waits_for_it(convo, at, description: str, paid: str, ok: bool) -> None:
    c = _suspended_line(convo)
    c.say(description)
    c.user("Yes, do both.")
    i = c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1007"}, "Payment request sent")
    if paid:
        c.say("The request is on your phone.")
        c.user(paid)
    j = c.call("resume_line", {"customer_id": "C1001", "line_id": "L1002"}, {"message": "Line resumed successfully"})
    r = certify_interaction(c.build())
    assert at(r, i).checks["workflow"] and at(r, j).checks["workflow"] is ok
    if not ok:
        assert at(r, j).reasons == ["resume_line: the description put it off (once it's paid), and nothing since says so"]


@pytest.mark.parametrize(("wait", "ok"), [
    # blind audit telecom-r49-07: another line's wait
    ("555-123-2003 (L1003) is suspended and bill B1007 is overdue. The line can only be resumed once that bill "
     "is paid.", True),
    ("555-123-2002 (L1002) is suspended and bill B1007 is overdue. The line can only be resumed once that bill "
     "is paid.", False),
])
def test_a_wait_for_a_payment_said_of_another_line_is_not_this_ones(convo, at, wait: str, ok: bool) -> None:
    c = _suspended_line(convo)
    c.call("get_details_by_id", {"id": "L1003"}, {"line_id": "L1003", "phone_number": "555-123-2003",
                                                 "status": "Suspended"})
    c.say(wait)
    c.user("Not now. But can you turn 2002 back on?")
    c.say("I'll resume 555-123-2002 (L1002). Shall I proceed?")
    c.user("yes")
    j = c.call("resume_line", {"customer_id": "C1001", "line_id": "L1002"}, {"message": "Line resumed successfully"})
    assert at(certify_interaction(c.build()), j).checks["workflow"] is ok


@pytest.mark.parametrize(("plan", "ok"), [
    ("I send B1007 ($65.00) first, and after you've paid it I send B1008 ($150.00). Okay?", True),
    ("I send B1008 ($150.00) first, and after you've paid it I send B1007 ($65.00). Okay?", False),
])
def test_a_payment_put_off_for_another_bill_is_not_this_ones(convo, at, plan: str, ok: bool) -> None:
    c = _suspended_line(convo)
    c.call("get_details_by_id", {"id": "B1008"}, {"bill_id": "B1008", "total_due": 150.0, "status": "Overdue"})
    c.say(plan)
    c.user("Ok go.")
    i = c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1007"}, "Payment request sent")
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


DALLAS = {"reservation_id": "NO6JO3", "user_id": "mia_li_3668", "origin": "JFK", "destination": "DFW",
          "flights": [{"origin": "JFK", "destination": "SEA", "flight_number": "HAT083", "date": "2024-05-16"},
                      {"origin": "SEA", "destination": "DFW", "flight_number": "HAT221", "date": "2024-05-16"}]}
VEGAS = {"reservation_id": "HKEG34", "user_id": "mia_li_3668", "origin": "DEN", "destination": "LAS",
         "flights": [{"origin": "DEN", "destination": "LAS", "flight_number": "HAT290", "date": "2024-05-27"}]}


@pytest.mark.parametrize(("reply", "vegas", "dallas"), [
    ("hmm actually just cancel the vegas one for now. i might still do dallas, need to check with my boss", True, False),
    ("Cancel the Dallas trip, but keep Las Vegas.", False, True),
    ("yes both", True, True),
    ("I'm in Chicago this week anyway, so yes, cancel both.", True, True),  # a place of neither reservation
    # A question about the other reservation leaves the yes to this one standing.
    ("Yes, cancel the vegas one now. For the Dallas one, would the refund go to my Visa too?", True, False),
])
def test_a_reply_names_a_reservation_by_its_city(convo, at, reply: str, vegas: bool, dallas: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I need to cancel two trips: the Dallas one and the Vegas one. My user id is mia_li_3668.")
    c.call("get_reservation_details", {"reservation_id": "NO6JO3"}, DALLAS)
    c.call("get_reservation_details", {"reservation_id": "HKEG34"}, VEGAS)
    c.say("Both can be cancelled with a full refund:\n| **NO6JO3** | JFK → DFW | May 16 |\n"
          "| **HKEG34** | DEN → LAS | May 27 |\nDo you want me to cancel **both** reservations? (yes/no)")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "HKEG34"}, {**VEGAS, "status": "cancelled"})
    j = c.call("cancel_reservation", {"reservation_id": "NO6JO3"}, {**DALLAS, "status": "cancelled"})
    r = certify_interaction(c.build())
    assert (at(r, i).checks["workflow"], at(r, j).checks["workflow"]) == (vegas, dallas)


def test_a_trip_goes_by_its_ends_not_where_it_connects(convo, at) -> None:
    # The Dallas trip (JFK -> SEA -> DFW) connects in Seattle; "the Seattle one" is the other trip.
    seattle = {"reservation_id": "Q69X3R", "user_id": "mia_li_3668", "origin": "LAS", "destination": "SEA",
               "flights": [{"origin": "LAS", "destination": "SEA", "flight_number": "HAT100", "date": "2024-05-20"}]}
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I need to cancel two trips: the Dallas one and the Seattle one. My user id is mia_li_3668.")
    c.call("get_reservation_details", {"reservation_id": "NO6JO3"}, DALLAS)
    c.call("get_reservation_details", {"reservation_id": "Q69X3R"}, seattle)
    c.say("Both can be cancelled with a full refund: NO6JO3 (JFK → DFW) and Q69X3R (LAS → SEA). Cancel both?")
    c.user("Cancel Dallas. I need to check with my wife first about the Seattle one.")
    i = c.call("cancel_reservation", {"reservation_id": "NO6JO3"}, {**DALLAS, "status": "cancelled"})
    j = c.call("cancel_reservation", {"reservation_id": "Q69X3R"}, {**seattle, "status": "cancelled"})
    r = certify_interaction(c.build())
    assert (at(r, i).checks["workflow"], at(r, j).checks["workflow"]) == (True, False)


@pytest.mark.parametrize(("reply", "ok"), [
    # A question naming a place the reservation does not hold asks about another (not looked up yet).
    ("Yes please cancel it. And the Phoenix trip on the 28th, could that be cancelled too?", True),
    ("Yes please cancel it. But could the Denver leg be kept?", False),  # its own place: a condition
    ("Yes please cancel it. But is the refund immediate?", False),  # no place: it may wait for the answer
])
def test_a_question_about_a_trip_elsewhere_leaves_the_yes(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Cancel my Denver - Las Vegas trip HKEG34 please. I'm mia_li_3668.")
    c.call("get_reservation_details", {"reservation_id": "HKEG34"}, VEGAS)
    c.say("HKEG34 is DEN → LAS on May 27 (HAT290); I can cancel it with a full refund. Shall I cancel it?")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "HKEG34"}, {**VEGAS, "status": "cancelled"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("description", "kinds"), [
    # Each line of a list is a part of its own: "(unchanged)" on the outbound's line keeps only the outbound.
    ("Here's the change for TI7NSI:\n- Outbound: **HAT145**, May 23 (unchanged)\n- Return: **HAT217 (May 28)** → "
     "**HAT150 (May 29)**, business\n\nShall I make this change?", []),
    ("Here's the change for TI7NSI:\n- Outbound: **HAT145**, May 23, and HAT217 (May 28) unchanged\n- Return: "
     "**HAT150 (May 29)**, business\n\nShall I make this change?", ["not_described"]),
    # "becomes" says the change; ", and" turns from the replaced flight to the one kept.
    ("To confirm: on TI7NSI the return becomes HAT150 on 2024-05-29 instead of HAT217, and the outbound HAT145 "
     "on 2024-05-23 is unchanged. Proceed?", []),
    # A verb's -ing form names the change as its base form does.
    ("Understood. Moving the return on TI7NSI to HAT150 on 2024-05-29, business; HAT145 on 2024-05-23 stays. "
     "Do you confirm?", []),
])
def test_a_list_line_that_keeps_one_flight_keeps_no_other(convo, at, description: str, kinds: list[str]) -> None:
    assert _trip(convo, at, description, "yes please do it", [("HAT145", "2024-05-23"), ("HAT150", "2024-05-29")]) \
        == kinds


@pytest.mark.parametrize(("amount", "ok"), [(300, True), (987, False)])
def test_an_amount_a_text_derived_from_a_count_grounds_the_call(convo, at, amount: int, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline",
              system="You are an airline agent. Cancelled flight: 100 dollars per passenger.")
    c.user("My flight got cancelled! I'm james_santos_9046, reservation T6HMDP.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    said = c.say("You're eligible for $100 per passenger, so a certificate of **$300** (3 × $100) for the 3 "
                 "passengers. Would you like me to issue it?")
    c.user("yes go ahead")
    i = c.call("send_certificate", {"user_id": "james_santos_9046", "amount": amount}, "Certificate sent")
    r = certify_interaction(c.build())
    assert at(r, said).eligible and at(r, i).checks["visibility"] is ok


@pytest.mark.parametrize(("between", "ok"), [
    # The agent's own word stands though a later offer skips it.
    ([("assistant", "Payment request sent. I can also resume L1002 right now, before the payment goes through. "
       "Shall I?")], False),
    ([("user", "Done, it says the payment of 65 went through."),
      ("assistant", "Thanks. Shall I resume L1002 now?")], True),
    ([("user", "ok"), ("assistant", "Bill B1007 now shows as paid. Shall I resume L1002?")], True),
    # what the phone reports, and the status in bold (blind set 75, t75_04)
    ([("user", "Payment of 65.0 USD has been made for bill B1007."), ("assistant", "Shall I resume L1002 now?")], True),
    ([("user", "ok"), ("assistant", "Thank you, B1007 now shows **Paid**. Shall I resume L1002 now?")], True),
    ([("user", "The payment of 65.0 USD has not been made yet."), ("assistant", "Shall I resume L1002 now?")], False),
])
def test_a_wait_for_payment_said_earlier_holds_until_it_is_paid(convo, at, between: list[tuple[str, str]],
                                                                ok: bool) -> None:
    c = _suspended_line(convo)
    c.say("L1002 is suspended for bill B1007 ($65.00). Once B1007 is paid, I can resume the line. Shall I send a "
          "payment request for B1007?")
    c.user("yes send it")
    c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1007"}, "Payment request sent")
    for role, text in between:
        (c.user if role == "user" else c.say)(text)
    c.user("yes")
    i = c.call("resume_line", {"customer_id": "C1001", "line_id": "L1002"}, {"message": "Line resumed successfully"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "roaming", "data"), [
    ("Hmm, 5 bucks for one gig is steep. Just the roaming, thanks.", True, False),
    ("Just the data.", False, True),
    ("Both please.", True, True),
    # The data offer by its amount, beside the other offer by its tool's word
    ("No, no plan change. Just do the roaming and the 1 GB.", True, True),
    ("Just the roaming, not the 1 GB.", True, False),
    # A yes to both, then a question with no condition in it: the yes stands
    ("Yes to both, thank you! Will the $5.00 be on my next bill?", True, True),
    ("Yes to both, but will the $5.00 be on my next bill?", False, False),
])
def test_a_yes_naming_one_of_two_offers_by_its_tools_word(convo, at, reply: str, roaming: bool, data: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm C1001. My daughter's line L1001 goes abroad; she needs roaming and maybe more data.")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "line_ids": ["L1001"]})
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                 "roaming_enabled": False, "data_used_gb": 3.2, "data_limit_gb": 5.0})
    c.say("For line 555-123-2001 (L1001) I can: 1) enable international roaming, and 2) add 1.0 GB of data at "
          "$5.00 on your next bill. Shall I do both?")
    c.user(reply)
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, "Roaming enabled successfully")
    j = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1001", "gb_amount": 1.0}, {"charge": 5.0})
    r = certify_interaction(c.build())
    assert (at(r, i).checks["workflow"], at(r, j).checks["workflow"]) == (roaming, data)


@pytest.mark.parametrize(("recap", "ok"), [
    ("To confirm: reservation T6HMDP, 3 checked bags in total, 1 of them paid ($50), on credit_card_4421486. "
     "Proceed?", True),
    ("To confirm: reservation T6HMDP, 3 checked bags in total, 2 of them paid ($100), on credit_card_4421486. "
     "Proceed?", False),  # the counts are still the call's to match
    ("To confirm: reservation T6HMDP, 3 checked bags, and business class. Proceed?", False),  # an upgrade too
    ("Reservation T6HMDP has 3 checked bags in total. Anything else?", False),  # no recap of a change
])
def test_a_recap_without_a_verb_describes_the_change_it_names(convo, at, recap: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I'm james_santos_9046. Add 2 bags to T6HMDP please, on my credit card.")
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"user_id": "james_santos_9046", "payment_methods": {
        "credit_card_4421486": {"source": "credit_card", "id": "credit_card_4421486"}}})
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, {**RESERVATION, "total_baggages": 1})
    c.say(recap)
    c.user("yes")
    i = c.call("update_reservation_baggages", {"reservation_id": "T6HMDP", "total_baggages": 3, "nonfree_baggages": 1,
                                               "payment_id": "credit_card_4421486"}, {**RESERVATION, "total_baggages": 3})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


def test_a_payment_request_offered_by_its_name_is_described(convo, at) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm C1002. Is my February bill overdue?")
    c.call("get_customer_by_id", {"customer_id": "C1002"}, {"customer_id": "C1002", "bill_ids": ["B1005"]})
    c.call("get_details_by_id", {"id": "B1005"}, {"bill_id": "B1005", "status": "Overdue", "total_due": 425.0})
    c.say("Bill B1005 ($425.00) is overdue. Would you like a payment request for B1005?")
    c.user("yes send it")
    i = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1005"}, "Payment request sent")
    assert at(certify_interaction(c.build()), i).checks["workflow"]


@pytest.mark.parametrize(("searched", "said", "ok", "said_ok"), [
    ("2024-05-20", "On May 20 there is HAT266 at 13:00.", True, True),  # the day after, as the user asked
    ("2024-05-20", "On the 20th of May there is HAT266 at 13:00.", True, True),
    ("2024-05-20", "On May 21 there is HAT266 at 13:00.", True, False),  # a day neither derived nor searched
    # A day nothing gives is no grounded search; a text that reports what that search answered is.
    ("2024-05-27", "On May 27 there is HAT266 at 13:00.", False, True),
])
def test_a_day_a_grounded_call_derived_is_visible_to_later_texts(convo, at, searched: str, said: str,
                                                                  ok: bool, said_ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline")
    c.user("Please move my flight on 2024-05-19 from LAS to IAH one day later.")
    search = c.call("search_direct_flight", {"origin": "LAS", "destination": "IAH", "date": searched},
                    [{"flight_number": "HAT266", "scheduled_departure_time_est": "13:00:00",
                      "prices": {"business": 385}}])
    i = c.say(said)
    r = certify_interaction(c.build())
    assert at(r, search).checks["visibility"] is ok and at(r, i).eligible is said_ok


@pytest.mark.parametrize(("closing", "confirmed"), [
    ("Would you like me to explain how that works first?", False),  # the yes answers another offer
    ("Would you like me to send the payment request now?", True),
    ("Shall I go ahead?", True),
    ("Do you want me to check your other bills too?", False),
])
def test_a_yes_to_a_closing_offer_of_something_else_confirms_nothing(convo, at, closing: str, confirmed: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm C1002. I want to pay my overdue bill.")
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, [{"bill_id": "B1005", "status": "Overdue",
                                                                 "total_due": 425.0}])
    c.say(f"Bill B1005 ($425.00) is overdue. You can pay it through a payment request sent to your phone. {closing}")
    c.user("Yes please.")
    i = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1005"}, "Payment request sent")
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("line", "confirmed"), [("L1008", True), ("L1007", False)])
def test_a_scoped_yes_by_a_lines_last_four_digits_is_the_last_word(convo, at, line: str, confirmed: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm C1002. Suspend two lines for the summer: 555-123-2007 and 555-123-2008.")
    c.call("get_customer_by_id", {"customer_id": "C1002"}, {"customer_id": "C1002", "line_ids": ["L1007", "L1008"]})
    c.call("get_details_by_id", {"id": "L1007"}, {"line_id": "L1007", "phone_number": "555-123-2007", "status": "Active"})
    c.call("get_details_by_id", {"id": "L1008"}, {"line_id": "L1008", "phone_number": "555-123-2008", "status": "Active"})
    c.say("Both lines are active: L1007 (555-123-2007) and L1008 (555-123-2008). Do you want me to suspend both?")
    c.user("Hmm, actually my son still uses 2007. Just suspend 2008, the iPad line.")
    i = c.call("suspend_line", {"customer_id": "C1002", "line_id": line, "reason": "summer"}, "Line suspended")
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("bills_shown", "ok"), [(True, True), (False, False)])
def test_a_payment_request_needs_its_bill_shown_with_its_status(convo, at, bills_shown: bool, ok: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I want to pay my overdue bill. I'm C1002.")
    c.call("get_customer_by_id", {"customer_id": "C1002"}, {"customer_id": "C1002", "bill_ids": ["B1004", "B1005"]})
    if bills_shown:  # not only its id in the profile's list: which bill is overdue
        c.call("get_bills_for_customer", {"customer_id": "C1002"}, [
            {"bill_id": "B1005", "total_due": 425.0, "status": "Overdue"},
            {"bill_id": "B1004", "total_due": 425.0, "status": "Paid"}])
    c.say("I'll send a payment request for bill B1005 to your phone - shall I?")
    c.user("Yes.")
    i = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1005"}, "Payment request sent")
    d = at(certify_interaction(c.build()), i)
    assert d.checks["workflow"] is ok
    assert ok or d.reasons == ["send_payment_request: bill_id='B1005' not established by an earlier successful lookup"]


@pytest.mark.parametrize(("reply", "confirmed"), [
    # The questions after the yes are about another reservation: the yes stands.
    ("Yes please cancel it. Oh and my Dallas trip, 48HKTU, does that one have insurance? And how many bags?", True),
    # A question about this one waits for its answer.
    ("Yes please cancel it. But will I get the whole refund?", False),
])
def test_questions_about_another_reservation_after_a_yes(convo, at, reply: str, confirmed: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Cancel my reservation 9G6CN3 please. I'm raj_lopez_5873.")
    c.call("get_user_details", {"user_id": "raj_lopez_5873"}, {"user_id": "raj_lopez_5873",
                                                              "reservations": ["9G6CN3", "48HKTU"]})
    c.call("get_reservation_details", {"reservation_id": "9G6CN3"}, {"reservation_id": "9G6CN3", "cabin": "business"})
    c.say("Reservation 9G6CN3 is business class, so it can be cancelled in full. Would you like me to cancel it?")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "9G6CN3"}, {"reservation_id": "9G6CN3", "status": "cancelled"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("cancelled", "kinds"), [("MVFQYU", []), ("IYLBEK", ["not_described"])])
def test_a_plan_cancels_the_reservation_its_cancel_line_names_by_a_code_of_letters(convo, cancelled: str,
                                                                                  kinds: list[str]) -> None:
    # Codes of letters only ("MVFQYU") are identifiers too: the cancel line names the other one.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, farah_chen_1563. Cancel my Dallas to New York flight and add two bags to the Las Vegas trip.")
    for code, route in (("MVFQYU", ("DFW", "JFK")), ("IYLBEK", ("EWR", "LAS"))):
        c.call("get_reservation_details", {"reservation_id": code}, {
            "reservation_id": code, "user_id": "farah_chen_1563", "origin": route[0], "destination": route[1],
            "flight_type": "one_way", "cabin": "business", "total_baggages": 0, "nonfree_baggages": 0})
    c.say("Here's what I'll do:\n1. Cancel MVFQYU: Dallas (DFW) to New York (JFK), refunded to your Visa.\n"
          "2. Add 2 checked bags to IYLBEK: Newark (EWR) to Las Vegas (LAS), free for business.\n"
          "Shall I proceed with both?")
    c.user("Yes to both.")
    i = c.call("cancel_reservation", {"reservation_id": cancelled}, {"reservation_id": cancelled, "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


def test_a_cabin_change_line_is_another_actions_for_a_bag_update(convo) -> None:
    # "switch to economy on the same flights" changes the cabin, which update_reservation_baggages
    # does not take: that line's reservation is no rival the bag update names instead of its own.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm farah_chen_1563: downgrade TEQXIC to economy and add a bag to IYLBEK.")
    c.call("get_user_details", {"user_id": "farah_chen_1563"}, {"payment_methods": {"credit_card_9978304": {
        "source": "credit_card", "brand": "visa", "last_four": "6697", "id": "credit_card_9978304"}}})
    for code in ("TEQXIC", "IYLBEK"):
        c.call("get_reservation_details", {"reservation_id": code}, {
            "reservation_id": code, "user_id": "farah_chen_1563", "cabin": "business" if code == "TEQXIC" else "economy",
            "total_baggages": 1, "nonfree_baggages": 0})
    c.say("Here's what I can do:\n1. TEQXIC: switch to economy on the same flights.\n"
          "2. IYLBEK: you have 1 bag now, so going to 2 bags is free.\nShall I proceed with both?")
    c.user("Go ahead with the bag. For the downgrade, let me check with my partner first.")
    i = c.call("update_reservation_baggages", {"reservation_id": "IYLBEK", "total_baggages": 2, "nonfree_baggages": 0,
                                               "payment_id": "credit_card_9978304"}, {"reservation_id": "IYLBEK"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert "not_described" not in list(map(reason_kind, decision.reasons)), decision.reasons


@pytest.mark.parametrize(("reply", "kinds"), [
    ("Fine, cancel the one you can. And then get me a human for the other one.", []),
    ("Fine, cancel the one that's eligible.", []),
    ("Fine, cancel the other one.", ["not_confirmed"]),  # the one the agent would not cancel
    ("ugh fine, cancel it", []),  # an interjection first (blind audit tel-02)
    ("hmm well ok, cancel it then", []),
    ("Are you kidding me? Cancel it like I asked.", []),  # the request said again
])
def test_cancel_the_one_you_can_is_an_instruction_for_the_offered_one(convo, reply: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm omar_rossi_1241. Cancel UJ7Y4B and WBBAAI.")
    for code in ("UJ7Y4B", "WBBAAI"):
        c.call("get_reservation_details", {"reservation_id": code}, {"reservation_id": code, "user_id": "omar_rossi_1241"})
    c.say("I'm not able to cancel WBBAAI under our policy. I can cancel UJ7Y4B now. Shall I do that?")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "UJ7Y4B"}, {"reservation_id": "UJ7Y4B", "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    ("do the dallas one. the seattle one only if you can put it on my certificate", []),
    ("do the dallas one, on my certificate", ["argument_not_confirmed"]),
])
def test_a_condition_and_a_method_for_the_other_reservation(convo, reply: str, kinds: list[str]) -> None:
    # "only if" sets a condition, no scope, and the certificate is said of the Seattle trip, not Dallas.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm julia_olsen_6319, add bags to both my trips please.")
    c.call("get_user_details", {"user_id": "julia_olsen_6319"}, {"payment_methods": {
        "gift_card_3672455": {"source": "gift_card", "amount": 81, "id": "gift_card_3672455"},
        "certificate_9262093": {"source": "certificate", "amount": 150, "id": "certificate_9262093"}}})
    for code, (origin, destination) in (("P25KMG", ("SEA", "DEN")), ("SR3IRR", ("DFW", "MIA"))):
        c.call("get_reservation_details", {"reservation_id": code}, {
            "reservation_id": code, "user_id": "julia_olsen_6319", "origin": origin, "destination": destination,
            "flight_type": "round_trip", "cabin": "economy", "total_baggages": 0, "nonfree_baggages": 0})
    c.say("Here's the plan:\n1. **P25KMG** (SEA to DEN): going to 3 bags means 1 extra bag at $50.\n"
          "2. **SR3IRR** (DFW to MIA): 2 bags, both free, no charge.\n"
          "Anything due goes on your gift card. Shall I proceed with both?")
    c.user(reply)
    i = c.call("update_reservation_baggages", {"reservation_id": "SR3IRR", "total_baggages": 2, "nonfree_baggages": 0,
                                               "payment_id": "gift_card_3672455"}, {"reservation_id": "SR3IRR"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("reply", "paid_by", "kinds"), [
    ("put the bag on the gift card then", "gift_card_3672455", []),
    ("put the bag on the gift card then", "certificate_9262093", ["not_confirmed"]),  # no instruction for it
])
def test_an_instruction_may_name_the_calls_payment_method(convo, reply: str, paid_by: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm julia_olsen_6319, one more bag on P25KMG please.")
    c.call("get_user_details", {"user_id": "julia_olsen_6319"}, {"payment_methods": {
        "gift_card_3672455": {"source": "gift_card", "amount": 81, "id": "gift_card_3672455"},
        "certificate_9262093": {"source": "certificate", "amount": 150, "id": "certificate_9262093"}}})
    c.call("get_reservation_details", {"reservation_id": "P25KMG"}, {
        "reservation_id": "P25KMG", "user_id": "julia_olsen_6319", "cabin": "economy", "total_baggages": 2,
        "nonfree_baggages": 0})
    c.say("Going to 3 bags on P25KMG means 1 extra bag at $50. Would you like to use your gift card for the $50?")
    c.user(reply)
    i = c.call("update_reservation_baggages", {"reservation_id": "P25KMG", "total_baggages": 3, "nonfree_baggages": 1,
                                               "payment_id": paid_by}, {"reservation_id": "P25KMG"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("line", "kinds"), [("L1005", []), ("L1006", ["not_described"])])
def test_a_line_said_to_have_the_setting_already_is_not_the_one_the_action_names(convo, line: str,
                                                                                 kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm C1004. I need roaming on my phone, 555-675-7749; my son's is 555-372-1610.")
    c.call("get_customer_by_id", {"customer_id": "C1004"}, {"customer_id": "C1004", "line_ids": ["L1005", "L1006"]})
    c.call("get_details_by_id", {"id": "L1005"}, {"line_id": "L1005", "phone_number": "555-675-7749",
                                                  "roaming_enabled": False})
    c.call("get_details_by_id", {"id": "L1006"}, {"line_id": "L1006", "phone_number": "555-372-1610",
                                                  "roaming_enabled": True})
    c.say("Your line 555-675-7749 (L1005) has roaming off, while your son's line 555-372-1610 (L1006) already has "
          "roaming enabled. I'll enable international roaming on 555-675-7749 (L1005). Shall I proceed?")
    c.user("yes")
    i = c.call("enable_roaming", {"customer_id": "C1004", "line_id": line}, {"line_id": line, "status": "ok"})
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("reply", "gb", "kinds"), [
    ("Make it 4 instead, that should do. Yes, go ahead.", 4.0, []),
    ("Make it 4 instead, that should do. Yes, go ahead.", 5.0, ["amount_not_confirmed"]),  # the change ignored
    ("Actually make it 4, yes.", 4.0, []),
    ("Yes, go ahead.", 4.0, ["amount_not_confirmed"]),
    ("Ugh. OK, but just 2 then, yes.", 5.0, ["amount_not_confirmed"]),
    ("Ugh. OK, but just 2 then, yes.", 2.0, []),
    ("Yes, just 2 lines need it, go ahead.", 5.0, []),  # a count of something else: the offer stands
    # an amount taken back for a bare one said fine (blind set 98, t98_04 34)
    ("Make it 3 GB actually... no wait, 5 is fine. Yes.", 5.0, []),
    ("Make it 3 GB actually... no wait, 5 is fine. Yes.", 3.0, ["confirmation_not_covering"]),
    ("5 is fine... no, make it 3 GB. Yes.", 5.0, ["amount_not_confirmed"]),
])
def test_a_bare_number_in_the_yes_changes_the_amount_of_data(convo, reply: str, gb: float, kinds: list[str]) -> None:
    said = "I can add data to line L1002 for C1001 at $2.50 per GB, charged on your next bill: 5 GB would cost $12.50. Shall I?"
    assert _telecom(convo, said, "refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": gb},
                    reply=reply) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    ("Resume my son's line, yes. The watch, hold off on that, I need to check with my husband which one.", []),
    # The topic put first is this call's line: its deferral holds.
    ("Yes. 555-297-6687, hold off on that, I need to check with my husband.", ["not_confirmed"]),
])
def test_a_topic_put_first_then_put_off_is_not_this_call(convo, reply: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm C1018. Please resume my son's line 555-297-6687 and suspend one of my watches.")
    c.call("get_customer_by_id", {"customer_id": "C1018"}, {"customer_id": "C1018", "line_ids": ["L1033", "L1035"]})
    c.call("get_details_by_id", {"id": "L1033"}, {"line_id": "L1033", "phone_number": "555-297-6687",
                                                  "status": "Suspended"})
    c.call("get_details_by_id", {"id": "L1035"}, {"line_id": "L1035", "phone_number": "555-644-2554",
                                                  "plan_name": "Connect Watch", "status": "Active"})
    c.say("Your son's line 555-297-6687 has been suspended since 2025-02-23. I can resume 555-297-6687 for you. "
          "Your watch line is 555-644-2554. Should I go ahead with resuming 555-297-6687, and should the watch be "
          "suspended?")
    c.user(reply)
    i = c.call("resume_line", {"customer_id": "C1018", "line_id": "L1033"}, {"line_id": "L1033", "status": "Active"})
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("2 GB on line L1002 for C1001 is $6.00, added to your next bill. Shall I add it?", []),
    ("2 GB on line L1002 for C1001 is $6.00, charged to your card today. Shall I add it?", ["not_confirmed"]),
])
def test_a_yes_on_a_condition_the_description_states_in_its_words(convo, said: str, kinds: list[str]) -> None:
    assert _telecom(convo, said, "refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
                    reply="Sure, as long as it goes on the next bill and isn't charged right now.") == kinds


@pytest.mark.parametrize(("description", "ok"), [
    ("I'm sorry. I'll restore James Santos's date of birth to 1990-01-01. Shall I proceed?", True),
    ("I'm sorry. I'll revert James Santos's date of birth to 1990-01-01. Shall I proceed?", True),
    ("I'm sorry. I'll restore James Santos's date of birth to 1990-01-02. Shall I proceed?", False),
])
def test_a_passenger_detail_put_back_is_described_by_restore(convo, at, description: str, ok: bool) -> None:
    # blind audit air49_05: the report of the change before is no description of putting it back
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("On reservation T6HMDP my birth date is wrong, it should be 1990-01-10.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say("I'll update James Santos's date of birth on T6HMDP to 1990-01-10. Shall I proceed?")
    c.user("yes")
    changed = [{"first_name": "James", "last_name": "Santos", "dob": "1990-01-10"}]
    c.call("update_reservation_passengers", {"reservation_id": "T6HMDP", "passengers": changed},
           {**RESERVATION, "passengers": changed})
    c.say("I've updated James Santos's date of birth to 1990-01-10 on T6HMDP.")
    c.user("Oh no, the old one was right after all. Please put it back the way it was.")
    c.say(description)
    c.user("yes put it back")
    i = c.call("update_reservation_passengers", {"reservation_id": "T6HMDP", "passengers": RESERVATION["passengers"]},
               RESERVATION)
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("offer", "ok"), [
    ("Your gift card has $0 left after the $277 used for the booking, so it can't cover the $50. Shall I charge "
     "the $50 for the extra bag to your Mastercard ending 0687 instead?", True),
    # an offer of something else is no offer of this write
    ("Your gift card has $0 left, so it can't cover the $50. Shall I cancel the booking instead?", False),
])
def test_a_write_offered_again_with_another_payment_after_it_failed(convo, at, offer: str, ok: bool) -> None:
    # blind audit air49_14: "the booking" is the reservation, "charge" pays for this action, and "$50"
    # is no count of bags
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Can we have bags on HATHAT after all? 3 in total. I'm nina_garcia_9519.")
    c.call("get_user_details", {"user_id": "nina_garcia_9519"}, {"user_id": "nina_garcia_9519", "payment_methods": {
        "gift_card_6507047": {"source": "gift_card", "amount": 0, "id": "gift_card_6507047"},
        "credit_card_3431547": {"source": "credit_card", "brand": "mastercard", "last_four": "0687",
                                "id": "credit_card_3431547"}}})
    reservation = {**RESERVATION, "reservation_id": "HATHAT", "total_baggages": 0, "nonfree_baggages": 0,
                   "passengers": [*RESERVATION["passengers"], {"first_name": "Hugo", "last_name": "Bennett",
                                                               "dob": "1989-09-02"}]}
    c.call("get_reservation_details", {"reservation_id": "HATHAT"}, reservation)
    c.say("With 1 free bag per passenger, 2 of the 3 bags are free and 1 costs $50. To confirm: set HATHAT to 3 "
          "checked bags (1 paid) and charge $50 to your Mastercard ending 0687. Shall I proceed?")
    c.user("put it on the gift card")
    c.call("update_reservation_baggages", {"reservation_id": "HATHAT", "total_baggages": 3, "nonfree_baggages": 1,
                                           "payment_id": "gift_card_6507047"}, "Error: gift card balance is not enough")
    c.say(offer)
    c.user("ugh fine, yes")
    i = c.call("update_reservation_baggages", {"reservation_id": "HATHAT", "total_baggages": 3, "nonfree_baggages": 1,
                                               "payment_id": "credit_card_3431547"},
               {**reservation, "total_baggages": 3, "nonfree_baggages": 1})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


def test_a_plan_name_shared_with_the_line_named_by_number_does_not_name_this_line(convo, at) -> None:
    # blind audit telecom-r49-05: "On 555-526-7421 ... your Plus plan" describes that line's refuel only
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm customer C1006, almost out of data.")
    c.call("get_customer_by_id", {"customer_id": "C1006"}, {"customer_id": "C1006", "line_ids": ["L1009", "L1011"]})
    for line, phone in (("L1009", "555-526-7421"), ("L1011", "555-378-1975")):
        c.call("get_details_by_id", {"id": line}, {"line_id": line, "phone_number": phone, "plan_id": "P1003"})
    c.call("get_details_by_id", {"id": "P1003"}, {"plan_id": "P1003", "name": "Plus", "data_limit_gb": 20.0,
                                                 "data_refueling_price_per_gb": 2.0})
    c.say("On 555-526-7421 you've used 18.3 GB of the 20.0 GB in your Plus plan. Extra data is $2.00 per GB. "
          "Would you like to add some?")
    c.user("add 3 GB")
    c.say("I'll add 3 GB to 555-526-7421 (L1009) for $6.00. Shall I proceed?")
    c.user("yes")
    first = c.call("refuel_data", {"customer_id": "C1006", "line_id": "L1009", "gb_amount": 3.0},
                   {"message": "Successfully added 3.0 GB of data for line L1009 for $6.00", "charge": 6.0})
    c.say("Done: 3 GB added for $6.00.")
    c.user("Great. Do the same for my other Plus line too")
    other = c.call("refuel_data", {"customer_id": "C1006", "line_id": "L1011", "gb_amount": 3.0},
                   {"message": "Successfully added 3.0 GB of data for line L1011 for $6.00", "charge": 6.0})
    r = certify_interaction(c.build())
    assert at(r, first).checks["workflow"] and not at(r, other).checks["workflow"]


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind audit air50_15: after a cancellation of the wrong reservation
    ("seriously?? ok first cancel the right one, then get me someone.", []),
    ("ok, cancel the correct one and then transfer me", []),
    ("ok first cancel the other one, then get me someone.", ["not_confirmed"]),  # which one is not said
])
def test_cancel_the_right_one_after_a_wrong_write_is_an_instruction(convo, reply: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm omar_rossi_1241. Cancel UJ7Y4B, the airline cancelled my flight.")
    c.call("get_reservation_details", {"reservation_id": "UJ7Y4B"}, {"reservation_id": "UJ7Y4B", "user_id": "omar_rossi_1241"})
    c.say("Would you like me to cancel UJ7Y4B with a full refund?")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "WBBAAI"}, {"reservation_id": "WBBAAI", "status": "cancelled"})
    c.say("I need to correct myself: I just cancelled WBBAAI instead of UJ7Y4B. I'm very sorry.")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "UJ7Y4B"}, {"reservation_id": "UJ7Y4B", "status": "cancelled"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("answer", "ok"), [
    # blind audit tel-10: a state said in the answer is no other action offered
    ("It was suspended on 2025-02-01.", True),
    ("It has been suspended since 2025-02-01.", True),
    ("I can also suspend your other line if you like.", False),  # another action offered: the yes may be its
])
def test_a_yes_after_an_answer_that_states_a_state(convo, at, answer: str, ok: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm customer C1056, please turn my line 555-201-8910 back on.")
    c.call("get_customer_by_id", {"customer_id": "C1056"}, {"customer_id": "C1056", "line_ids": ["L1107", "L1108"]})
    c.call("get_details_by_id", {"id": "L1107"}, {"line_id": "L1107", "phone_number": "555-201-8910",
                                                 "status": "Suspended", "suspension_start_date": "2025-02-01"})
    c.say("555-201-8910 (L1107) is suspended. I can resume 555-201-8910 now. Shall I proceed?")
    c.user("when did I suspend it again?")
    c.say(answer)
    c.user("whatever. yes")
    i = c.call("resume_line", {"customer_id": "C1056", "line_id": "L1107"}, {"message": "Line resumed successfully"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("sent", "ok"), [
    # blind audits tel-07 and t46-02: a free-text reason other than the one described
    ("traveling overseas", True),
    ("Traveling overseas for six months", True),
    ("device lost", False),
])
def test_a_free_text_reason_is_the_one_described(convo, at, sent: str, ok: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm customer C1037, suspend 555-255-4444 while I'm away.")
    c.call("get_customer_by_id", {"customer_id": "C1037"}, {"customer_id": "C1037", "line_ids": ["L1070"]})
    c.call("get_details_by_id", {"id": "L1070"}, {"line_id": "L1070", "phone_number": "555-255-4444", "status": "Active"})
    c.say("I'll suspend 555-255-4444 (L1070), reason: traveling overseas. Shall I proceed?")
    c.user("yep")
    i = c.call("suspend_line", {"customer_id": "C1037", "line_id": "L1070", "reason": sent},
               {"message": "Line suspended successfully"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("asked", "ok"), [
    # blind set 60, t60_03: a question for the reason gives none; the user's answer does
    ("Shall I suspend it? And what reason should I note?", True),
    ("Which reason should I put down?", True),
    ("Reason: device lost. Shall I suspend it?", False),  # a reason given, another sent
])
def test_a_question_for_the_reason_gives_none(convo, at, asked: str, ok: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm customer C1037, suspend 555-255-4444, I won't use it for a few months.")
    c.call("get_customer_by_id", {"customer_id": "C1037"}, {"customer_id": "C1037", "line_ids": ["L1070"]})
    c.call("get_details_by_id", {"id": "L1070"}, {"line_id": "L1070", "phone_number": "555-255-4444", "status": "Active"})
    c.say(f"Line 555-255-4444 (L1070) is Active. {asked}")
    c.user("Yes, suspend it. Reason: not in use for a few months.")
    i = c.call("suspend_line", {"customer_id": "C1037", "line_id": "L1070", "reason": "Not in use for a few months"},
               {"message": "Line suspended successfully"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "ok"), [
    ("Yes, cancel it. And cancel the Dallas one you just looked at too.", True),  # more, not a scope
    ("Yes, cancel it and the Dallas one too.", True),
    ("Just cancel the Dallas one.", False),
])
def test_a_yes_that_adds_another_reservation_by_its_city_still_covers_this_one(convo, at, reply: str,
                                                                                ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I need to cancel my Vegas trip, I'm mia_li_3668.")
    c.call("get_reservation_details", {"reservation_id": "NO6JO3"}, DALLAS)
    c.call("get_reservation_details", {"reservation_id": "HKEG34"}, VEGAS)
    c.say("Found it: **HKEG34**, Denver → Las Vegas on May 27. Would you like me to cancel HKEG34?")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "HKEG34"}, {**VEGAS, "status": "cancelled"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("described", "ok"), [(False, False), (True, True)])
def test_a_question_which_of_several_to_act_on_describes_none_of_them(convo, at, described: bool, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I need to cancel a trip, I'm mia_li_3668.")
    c.say("I see two reservations on your account: NO6JO3 and HKEG34. Which trip would you like to cancel?")
    c.user("The Vegas one.")
    c.call("get_reservation_details", {"reservation_id": "HKEG34"}, VEGAS)
    c.call("get_reservation_details", {"reservation_id": "NO6JO3"}, DALLAS)
    c.say("HKEG34, Denver → Las Vegas on May 27, can be cancelled with a full refund. Shall I cancel HKEG34?")
    c.user("Yes, cancel it. And cancel the Dallas one too.")
    c.call("cancel_reservation", {"reservation_id": "HKEG34"}, {**VEGAS, "status": "cancelled"})
    if described:
        c.say("HKEG34 is cancelled. NO6JO3, New York → Dallas on May 16, can be cancelled with a full refund too. "
              "Shall I cancel NO6JO3?")
        c.user("yes")
    i = c.call("cancel_reservation", {"reservation_id": "NO6JO3"}, {**DALLAS, "status": "cancelled"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("description", "kinds"), [
    # blind set 62, a62_01: the flight replaced named as "current" in the sentence that says the move
    ("The earliest is HAT169, economy fare $158. Her current HAT229 fare is $177, so moving her would refund the "
     "$19 difference to your credit card. New itinerary: HAT169 (May 19), economy. Shall I make the change?", []),
    ("The earliest is HAT169, economy fare $158. So moving her to HAT170 would refund the $19 difference to your "
     "credit card. New itinerary: HAT169 (May 19), economy. Shall I make the change?", ["not_described"]),
])
def test_the_flight_a_move_replaces_is_not_the_one_it_books(convo, at, description: str, kinds: list[str]) -> None:
    args = {"reservation_id": "T6HMDP", "cabin": "economy", "payment_id": "credit_card_6899560",
            "flights": [{"flight_number": "HAT169", "date": "2024-05-19"}]}
    assert _workflow(convo, at, description, "yes please", "update_reservation_flights", args) == kinds


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 62, a62_02: a question about paying, answered; then the method the description named, picked
    ("fine, use the visa. go ahead", True),
    ("fine, use the gift card then. go ahead", False),  # a method the description did not name
])
def test_the_method_the_description_named_picked_after_an_answer(convo, at, reply: str, confirmed: bool) -> None:
    args = {"reservation_id": "T6HMDP", "cabin": "economy", "payment_id": "credit_card_6899560",
            "flights": [{"flight_number": "HAT169", "date": "2024-05-19"}]}
    c = _airline_paying(convo, "Hi, I'm james_santos_9046, about reservation T6HMDP: move me to HAT169.", {"credit_card_6899560": {
        "source": "credit_card", "brand": "visa", "last_four": "2934", "id": "credit_card_6899560"},
        "certificate_1": {"source": "certificate", "amount": 500, "id": "certificate_1"}})
    c.say("Shall I change T6HMDP to HAT169 on May 19 (economy) and charge the $33 difference to the visa ending 2934?")
    c.user("Can't I use one of my certificates?")
    c.say("A fare difference can only be paid with a credit card or a gift card, never with a certificate. Your "
          "$500 certificate can be used for a new booking, but not for this change.")
    c.user(reply)
    i = c.call("update_reservation_flights", args, {**RESERVATION, "updated": True})
    assert (_workflow_kinds(at(certify_interaction(c.build()), i)) == []) is confirmed


@pytest.mark.parametrize(("card", "kinds"), [
    # blind set 62, a62_05: of two visas, the user picks one by its digits alone
    ("credit_card_7033490", []),
    ("credit_card_4262665", ["argument_not_confirmed"]),
])
def test_a_card_picked_by_its_four_digits_alone(convo, at, card: str, kinds: list[str]) -> None:
    args = {"reservation_id": "T6HMDP", "cabin": "economy", "payment_id": card,
            "flights": [{"flight_number": "HAT169", "date": "2024-05-19"}]}
    c = _airline_paying(convo, "Hi, I'm james_santos_9046, about reservation T6HMDP: move me to HAT169.", {
        "credit_card_7033490": {"source": "credit_card", "brand": "visa", "last_four": "6832", "id": "credit_card_7033490"},
        "credit_card_4262665": {"source": "credit_card", "brand": "visa", "last_four": "7414",
                                "id": "credit_card_4262665"}})
    c.say("HAT169 on May 19 is $158 in economy, so you'd get $19 back. Which card should the refund go to: visa "
          "ending 6832 or visa ending 7414?")
    c.user("yeah do it, the 6832 card")
    i = c.call("update_reservation_flights", args, {**RESERVATION, "updated": True})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("said", "nonfree", "kinds"), [
    # blind set 61, a61_02: the description says one is paid; the call sends the count as it was
    ("4 bags means 3 free plus 1 extra at $50. Shall I update T6HMDP to 4 checked bags, 1 of them paid?", 0,
     ["amount_not_confirmed"]),
    ("4 bags means 3 free plus 1 extra at $50. Shall I update T6HMDP to 4 checked bags, 1 of them paid?", 1, []),
    ("Going to 4 bags costs nothing. Shall I update T6HMDP to 4 checked bags, none of them paid?", 0, []),
    # a count priced at nothing (blind set 63, a63_01)
    ("Going from 1 to 4 bags costs $0. Want me to update T6HMDP to 4 checked bags?", 0, []),
])
def test_a_paid_count_left_as_it_was_against_the_description(convo, at, said: str, nonfree: int,
                                                              kinds: list[str]) -> None:
    args = {"reservation_id": "T6HMDP", "total_baggages": 4, "nonfree_baggages": nonfree,
            "payment_id": "credit_card_6899560"}
    assert _workflow(convo, at, said, "Yes.", "update_reservation_baggages", args) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 61, a61_01: no verb, the new count priced and a question of how to pay it
    ("T6HMDP: checked bags now: 0. 2 bags → 1 free + 1 extra at $50. Pay the $50 with: Visa ending 2018, or a gift "
     "card (gift_card_6405135, gift_card_4366692)?", []),
    ("T6HMDP: checked bags now: 0. 2 bags → 1 free + 1 extra at $50. Visa ending 2018, or a gift card "
     "(gift_card_6405135, gift_card_4366692).", ["not_described"]),  # no question
])
def test_a_count_priced_and_asked_how_to_pay_describes_it(convo, at, said: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I'm james_santos_9046. Cancel 6ZQNOS, then I need bags on another trip.")
    c.call("get_reservation_details", {"reservation_id": "6ZQNOS"}, {"reservation_id": "6ZQNOS", "cabin": "business"})
    c.say("6ZQNOS is business, so it can be cancelled. Cancel 6ZQNOS? (yes/no)")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "6ZQNOS"}, {"reservation_id": "6ZQNOS", "status": "cancelled"})
    c.say("Done, 6ZQNOS is cancelled. Which trip needs bags?")
    c.user("the other trip. I need 2 checked bags")
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"payment_methods": {
        "credit_card_6899560": {"source": "credit_card", "brand": "visa", "last_four": "2018", "id": "credit_card_6899560"},
        "gift_card_6405135": {"source": "gift_card", "amount": 38, "id": "gift_card_6405135"},
        "gift_card_4366692": {"source": "gift_card", "amount": 75, "id": "gift_card_4366692"}}})
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say(said)
    c.user("yes, use the 75 dollar gift card")
    i = c.call("update_reservation_baggages", {"reservation_id": "T6HMDP", "total_baggages": 2, "nonfree_baggages": 1,
                                               "payment_id": "gift_card_4366692"}, {**RESERVATION, "updated": True})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind set 63, a63_08: after a failed write, the action offered again by its verb, the object not named
    ("That didn't go through: your gift card only has $73. I could add 1 bag for $50 instead. Want that?", []),
    ("Your gift card only has $73. I could add 1 bag for $50. Want that?", ["not_described"]),  # no failure told
])
def test_an_offer_after_a_failed_write_on_the_same_object(convo, at, offer: str, kinds: list[str]) -> None:
    c = _airline_paying(convo, "Hi, I'm james_santos_9046. Add 2 bags to T6HMDP.", {
        "gift_card_1406984": {"source": "gift_card", "amount": 73, "id": "gift_card_1406984"}})
    c.say("T6HMDP: 2 bags are $50 each, $100 in total, charged to gift_card_1406984. Confirm?")
    c.user("yes")
    c.call("update_reservation_baggages", {"reservation_id": "T6HMDP", "total_baggages": 2, "nonfree_baggages": 2,
                                           "payment_id": "gift_card_1406984"}, "Error: gift card balance is not enough")
    c.say(offer)
    c.user("ok just one then")
    i = c.call("update_reservation_baggages", {"reservation_id": "T6HMDP", "total_baggages": 1, "nonfree_baggages": 1,
                                               "payment_id": "gift_card_1406984"}, {**RESERVATION, "updated": True})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 64, a64_03: a fact of the other change, then a yes to both
    ("yes his dob is right. both yes", []),
    ("yes his dob is right.", ["confirmation_not_covering"]),  # a yes of the passenger change only
])
def test_a_yes_to_both_after_a_word_on_the_other_change(convo, at, reply: str, kinds: list[str]) -> None:
    description = ("Proposed changes to T6HMDP:\n- Replace James Santos with James Martin, DOB 1985-12-20\n"
                   "- Bags 0 → 1, free for you, no charge; I'd reference credit_card_6899560.\nConfirm both?")
    args = {"reservation_id": "T6HMDP", "total_baggages": 1, "nonfree_baggages": 0, "payment_id": "credit_card_6899560"}
    assert _workflow(convo, at, description, reply, "update_reservation_baggages", args) == kinds


def test_a_certificate_offered_as_what_the_user_is_eligible_for(convo, at) -> None:
    # blind set 64, a64_09: "eligible" offers the certificate, with no verb of sending
    offer = ("Sorry to hear that. T6HMDP had 2 passengers. As a silver member you're eligible: $100 per passenger for "
             "a cancelled flight = a $200 certificate. Want it?")
    c, i = _airline(convo, offer, "yes please", "send_certificate", {"user_id": "james_santos_9046", "amount": 200},
                    request="My flight was cancelled and we got stuck, me and Noah.")
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == []


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind set 64, a64_08: the agent corrects its own write and asks to charge for the bag
    ("I have to correct myself on the bags: with 2 bags 1 bag costs $50, and I recorded it as free. "
     "May I charge the 50 dollars for that bag to your Visa ending 2934?", []),
    ("May I also send you a travel certificate for the trouble?", ["amount_not_confirmed"]),  # another offer
])
def test_a_correction_of_the_agents_own_write_asked_again(convo, at, offer: str, kinds: list[str]) -> None:
    c = _airline_paying(convo, "Hi, I'm james_santos_9046. Add 2 bags to T6HMDP.", {"credit_card_6899560": {
        "source": "credit_card", "brand": "visa", "last_four": "2934", "id": "credit_card_6899560"}})
    c.say("T6HMDP: going to 2 bags, both free; referenced on your Visa ending 2934. Shall I update it?")
    c.user("yes")
    c.call("update_reservation_baggages", {"reservation_id": "T6HMDP", "total_baggages": 2, "nonfree_baggages": 0,
                                           "payment_id": "credit_card_6899560"}, {**RESERVATION, "total_baggages": 2})
    c.say(offer)
    c.user("ugh ok yes")
    i = c.call("update_reservation_baggages", {"reservation_id": "T6HMDP", "total_baggages": 2, "nonfree_baggages": 1,
                                               "payment_id": "credit_card_6899560"}, {**RESERVATION, "updated": True})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 64, a64_06: a failed booking reported as booked is no new description; the yes before covers the retry
    ("Booked. HAT229 on 2024-05-19 for you is confirmed.", []),
    ("That failed. Shall I book HAT229 on 2024-05-19 again with $177 on the card?", ["not_confirmed"]),
])
def test_a_failed_booking_reported_as_booked_is_no_new_description(convo, at, report: str, kinds: list[str]) -> None:
    args = {"user_id": "james_santos_9046", "origin": "DEN", "destination": "LAS", "flight_type": "one_way",
            "cabin": "economy", "flights": [{"flight_number": "HAT229", "date": "2024-05-19"}],
            "passengers": [{"first_name": "James", "last_name": "Santos", "dob": "1990-01-01"}],
            "payment_methods": [{"payment_id": "credit_card_6899560", "amount": 177}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I'm james_santos_9046. Book HAT229 DEN to LAS on 2024-05-19 for me, economy, on my card.")
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"payment_methods": {"credit_card_6899560": {
        "source": "credit_card", "brand": "visa", "last_four": "2934", "id": "credit_card_6899560"}}, "dob": "1990-01-01"})
    c.call("search_direct_flight", {"origin": "DEN", "destination": "LAS", "date": "2024-05-19"},
           [{"flight_number": "HAT229", "prices": {"economy": 177}}])
    c.say("Book HAT229 DEN to LAS on 2024-05-19, economy, James Santos (1990-01-01), $177 on credit_card_6899560, "
          "no bags, no insurance. Confirm?")
    c.user("yes book it")
    c.call("book_reservation", {**args, "payment_methods": [{"payment_id": "credit_card_6899560", "amount": 170}]},
           "Error: payment amount does not add up, total price is 177, but paid 170")
    c.say(report)
    c.user("reservation number?")
    i = c.call("book_reservation", args, {"reservation_id": "HATHAT", "user_id": "james_santos_9046"})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("description", "kinds"), [
    # blind set 64, a64_10: "keep X and replace Y with Z": Y is replaced, not kept
    ("To confirm: on Z7ZQMT, keep HAT009 on May 13 and replace the return HAT123 on May 18 with HAT134 on May 20, "
     "business. Shall I proceed?", []),
    ("To confirm: on Z7ZQMT, keep HAT009 on May 13 and the return HAT123 on May 18 as they are, and move to business. "
     "Shall I proceed?", ["not_described"]),
])
def test_keep_one_flight_and_replace_the_other(convo, at, description: str, kinds: list[str]) -> None:
    reservation = {"reservation_id": "Z7ZQMT", "cabin": "business", "flights": [
        {"flight_number": "HAT009", "date": "2024-05-13", "price": 500},
        {"flight_number": "HAT123", "date": "2024-05-18", "price": 479}],
        "payment_history": [{"payment_id": "credit_card_2064518", "amount": 1958}]}
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Move the return of Z7ZQMT to HAT134 on May 20.")
    c.call("get_reservation_details", {"reservation_id": "Z7ZQMT"}, reservation)
    c.call("search_direct_flight", {"origin": "LAS", "destination": "DEN", "date": "2024-05-20"},
           [{"flight_number": "HAT134", "prices": {"business": 473}}])
    c.say(description)
    c.user("Yes.")
    i = c.call("update_reservation_flights", {"reservation_id": "Z7ZQMT", "cabin": "business", "flights": [
        {"flight_number": "HAT009", "date": "2024-05-13"}, {"flight_number": "HAT134", "date": "2024-05-20"}],
        "payment_id": "credit_card_2064518"}, {**reservation, "updated": True})
    assert [k for k in _workflow_kinds(at(certify_interaction(c.build()), i)) if k == "not_described"] == kinds


@pytest.mark.parametrize(("offer", "reply", "kinds"), [
    # blind set 69, t69_12: the feature between the verb and "on"; the user's report of their own step after the yes
    ("May I turn international roaming on for 555-123-2002 on your account? And please switch mobile data on.",
     "Yes, please turn it on. And I've pressed the mobile data button.", []),
    ("May I turn international roaming on for 555-123-2002 on your account?", "Yes, please.", []),
    ("Please switch mobile data on.", "Yes, I've pressed the mobile data button.", ["not_described"]),
])
def test_roaming_turned_on_by_a_description_between_its_words(convo, offer: str, reply: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My number is 555-123-2002, customer C1001. I'm abroad with no data.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "customer_id": "C1001", "roaming_enabled": False})
    c.say(offer)
    c.user(reply)
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, {"line_id": "L1002", "roaming_enabled": True})
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("description", "kinds"), [
    # blind set 82, a82_04 28: the day the arrival time falls on is no date of the flight
    ("Here's the change: T6HMDP, new flights (economy), May 20: HAT229 DEN 20:00 → LAS 21:00, then HAT230 LAS 23:00 "
     "→ SFO 00:30 (May 21). Shall I make this change?", []),
    ("Here's the change: T6HMDP, new flights (economy), May 20: HAT229 DEN 20:00 → LAS 21:00, then HAT230 on May 21, "
     "LAS 23:00 → SFO 00:30. Shall I make this change?", ["not_described"]),
    # ... without brackets (a82_01 34)
    ("Here's the change: T6HMDP, new flights (economy), May 20: HAT229 DEN 20:00 → LAS 21:00, then HAT230 LAS 23:00 "
     "→ SFO 00:30 May 21. Shall I make this change?", []),
])
def test_the_day_an_arrival_falls_on_is_no_date_of_the_flight(convo, at, description: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("Hi, I'm james_santos_9046. Move T6HMDP to May 20 via LAS, on my credit card.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.call("search_onestop_flight", {"origin": "DEN", "destination": "SFO", "date": "2024-05-20"}, [[
        {"flight_number": "HAT229", "origin": "DEN", "destination": "LAS", "date": "2024-05-20",
         "scheduled_departure_time_est": "20:00:00", "scheduled_arrival_time_est": "21:00:00",
         "prices": {"economy": 100}, "available_seats": {"economy": 5}},
        {"flight_number": "HAT230", "origin": "LAS", "destination": "SFO", "date": "2024-05-20",
         "scheduled_departure_time_est": "23:00:00", "scheduled_arrival_time_est": "00:30:00+1",
         "prices": {"economy": 90}, "available_seats": {"economy": 5}}]])
    c.say(description)
    c.user("Yes please.")
    i = c.call("update_reservation_flights", {**FLIGHTS, "cabin": "economy", "flights": [
        {"flight_number": "HAT229", "date": "2024-05-20"}, {"flight_number": "HAT230", "date": "2024-05-20"}]},
               {**RESERVATION, "updated": True})
    assert _workflow_kinds(at(certify_interaction(c.build()), i)) == kinds


@pytest.mark.parametrize(("asked", "ok"), [
    # blind set 84, a84_11 26: after a yes to both steps, the agent asks for step 1 alone, then does step 2 too
    ("Please confirm **step 1**:\n- **T6HMDP** cabin: economy → **business**, same flight HAT229 on 2024-05-19\n"
     "- Charge: **$396** to visa ending 1777\n\nYes?", False),
    ("Please confirm **step 2**:\n- **T6HMDP**: move to **HAT041** on 2024-05-19\n\nYes?", True),
])
def test_a_step_asked_apart_after_a_yes_to_both(convo, at, asked: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Upgrade T6HMDP to business, and then move it to the nonstop HAT041.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say("Step 1: T6HMDP to business on HAT229; step 2: move it to HAT041 on 2024-05-19, both on your visa "
          "credit_card_6899560. Shall I do both?")
    c.user("Yes, both.")
    c.say(asked)
    c.user("Yes.")
    move = {"reservation_id": "T6HMDP", "cabin": "business", "payment_id": "credit_card_6899560",
            "flights": [{"flight_number": "HAT041", "date": "2024-05-19"}]}
    i = c.call("update_reservation_flights", move, {**RESERVATION, **move})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("reply", "ok"), [
    # blind set 85, a85_12 35: "the original gift card" is the one the description called the original payment
    ("Actually no, keep it simple. Use the original gift card. Yes, do both.", True),
    ("Yes, put it on gift card 1646646 then, and do both.", False),
])
def test_the_original_method_picked_after_another_was_offered(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Move T6HMDP to HAT041 on 2024-05-19.")
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"user_id": "james_santos_9046", "payment_methods": {
        "gift_card_6941833": {"source": "gift_card", "amount": 20, "id": "gift_card_6941833"},
        "gift_card_1646646": {"source": "gift_card", "amount": 40, "id": "gift_card_1646646"}}})
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say("Here's the plan to confirm:\n\n1. **Change flights** on T6HMDP (economy):\n   - **HAT041** on **May 19**\n"
          "   - **Refund $12** to gift_card_6941833 (original payment)\n2. **Add bags:** 2 checked bags total, no charge\n\n"
          "Shall I proceed with both? (yes/no)")
    c.user("Hmm, wait. If I get a refund, could I put it on my other gift card, the 1646646 one?")
    c.say("Yes — for a flight change, the fare difference can be refunded to a gift card or credit card on your "
          "profile, so I could send the $12 to **gift_card_1646646** instead. Which would you like?")
    c.user(reply)
    move = {"reservation_id": "T6HMDP", "cabin": "economy", "payment_id": "gift_card_6941833",
            "flights": [{"flight_number": "HAT041", "date": "2024-05-19"}]}
    i = c.call("update_reservation_flights", move, {**RESERVATION, **move})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("aside", "ok"), [
    # blind set 85, a85_07 27: a card named in brackets as the payment for a free change
    ("(Visa ending 6899 on file as the payment reference)", True),
    ("(your Visa ending 6899 is also on file)", False),  # an aside naming what is on file
])
def test_a_card_named_in_brackets_as_the_payment(convo, at, aside: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Add 2 bags to T6HMDP; I'm gold.")
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"user_id": "james_santos_9046", "payment_methods": {
        "credit_card_6899560": {"source": "credit_card", "brand": "visa", "last_four": "6899", "id": "credit_card_6899560"},
        "gift_card_1646646": {"source": "gift_card", "amount": 40, "id": "gift_card_1646646"}}})
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.say(f"To confirm: update T6HMDP to **2 total checked bags, 0 paid**, no charge {aside}. Shall I proceed?")
    c.user("Actually wait, would business be cheaper on the first flight only?")
    c.say("That's not possible: every flight must share a cabin. The full upgrade remains $1,200.")
    c.user("Ok. Then yes, add the 2 bags.")
    bags = {"reservation_id": "T6HMDP", "total_baggages": 2, "nonfree_baggages": 0, "payment_id": "credit_card_6899560"}
    i = c.call("update_reservation_baggages", bags, {**RESERVATION, **bags})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


# A business booking of T6HMDP, and its change to economy on the same flight (the downgrades below).
BUSINESS = {**RESERVATION, "cabin": "business", "flights": [{"flight_number": "HAT229", "date": "2024-05-19", "price": 577}]}
TO_ECONOMY = {"reservation_id": "T6HMDP", "cabin": "economy", "payment_id": "credit_card_6899560",
              "flights": [{"flight_number": "HAT229", "date": "2024-05-19"}]}


def _two_in_business(convo: Any, boh180_day: str) -> Any:
    """A customer asking to put T6HMDP and BOH180 (HAT080 on ``boh180_day``) in economy, both looked up."""
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Put T6HMDP and BOH180 in economy.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, BUSINESS)
    c.call("get_reservation_details", {"reservation_id": "BOH180"}, {**BUSINESS, "reservation_id": "BOH180", "flights": [
        {"flight_number": "HAT080", "date": boh180_day, "price": 407}]})
    return c


def _downgrade_workflow(c: Any, at: Any) -> tuple[bool, list[str]]:
    """The workflow check of T6HMDP's change to economy made now, and the decision's reasons."""
    i = c.call("update_reservation_flights", TO_ECONOMY, {**BUSINESS, **TO_ECONOMY})
    d = at(certify_interaction(c.build()), i)
    return d.checks["workflow"], d.reasons


@pytest.mark.parametrize(("listed", "ok"), [
    # blind set 86, a86_01 57: the other reservations a list names are no other flights of this one
    ("1. T6HMDP: refund $400 to your Visa ending 9560\n2. BOH180: refund $300 to your Visa ending 9560", True),
    # another flight of T6HMDP's route, not the one it keeps, is another change
    ("1. T6HMDP on HAT230: refund $400 to your Visa ending 9560\n2. BOH180: refund $300 to your Visa "
     "ending 9560", False),
])
def test_a_list_of_reservations_to_downgrade_on_their_same_flights(convo, at, listed: str, ok: bool) -> None:
    c = _two_in_business(convo, "2024-05-28")
    c.call("search_direct_flight", {"origin": "DEN", "destination": "LAS", "date": "2024-05-19"}, [
        {"flight_number": "HAT229", "prices": {"economy": 177}}, {"flight_number": "HAT230", "prices": {"economy": 150}}])
    c.say("Changing both to economy: T6HMDP on HAT229 $577 → $177, so $400 back; BOH180 on HAT080 $407 → $107, "
          "so $300 back.")
    c.user("No, I need both trips. Just downgrade them. Both.")
    c.say("To confirm, I'll change these two reservations to **economy**, keeping the same flights, dates and "
          f"passengers:\n\n{listed}\n\nShall I go ahead with both? (yes/no)")
    c.user("Yes. Do it.")
    workflow, reasons = _downgrade_workflow(c, at)
    assert workflow is ok, reasons


@pytest.mark.parametrize(("reply", "ok"), [
    # a reservation put off by its id, which reads like a flight number (blind set 91, a91_01 44)
    ("Yes for T6HMDP. Hold off on BOH180 for now, I want to think about it.", True),
    ("Yes for BOH180. Hold off on T6HMDP for now, I want to think about it.", False),
])
def test_a_reservation_put_off_by_an_id_shaped_like_a_flight(convo, at, reply: str, ok: bool) -> None:
    c = _two_in_business(convo, "2024-05-28")
    c.say("To confirm, I'll change both to **economy** on the same flights: T6HMDP ($400 back) and BOH180 ($300 "
          "back), refunds to your Visa ending 9560. Shall I go ahead? (yes/no)")
    c.user(reply)
    workflow, reasons = _downgrade_workflow(c, at)
    assert workflow is ok, reasons


@pytest.mark.parametrize(("reply", "ok"), [
    # the call's reservation reads like a flight number, the one asked about is a random code (blind set 103,
    # a103_01 61): the question is about another reservation, the yes to this one stands
    ("Do BOH180 please. T6HMDP - hang on, which trip was that one again?", True),
    ("Do T6HMDP please. BOH180 - hang on, which trip was that one again?", False),
])
def test_a_question_about_a_random_code_reservation_beside_a_yes_to_one_shaped_like_a_flight(
        convo, at, reply: str, ok: bool) -> None:
    c = _two_in_business(convo, "2024-05-28")
    c.say("To confirm, I'll change both to **economy** on the same flights: T6HMDP ($400 back) and BOH180 ($300 "
          "back), refunds to your Visa ending 9560. Shall I go ahead? (yes/no)")
    c.user(reply)
    move = {"reservation_id": "BOH180", "cabin": "economy", "payment_id": "credit_card_6899560",
            "flights": [{"flight_number": "HAT080", "date": "2024-05-28"}]}
    i = c.call("update_reservation_flights", move, {**BUSINESS, **move})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["workflow"] is ok, d.reasons


@pytest.mark.parametrize(("replaced", "kinds"), [
    # the flights a new one replaces, named on its line, are no other flight the description books
    # (blind set 87, a87_12 35)
    ("replaces HAT145 + HAT144", []),
    ("instead of HAT145 + HAT144", []),
])
def test_the_flights_a_new_one_replaces(convo, at, replaced: str, kinds: list[str]) -> None:
    description = ("Here's what I'll do on TI7NSI, please confirm:\n1. **Change flights** (business):\n"
                   f"   - Outbound **HAT150** BOS → MCO, **May 24** (nonstop, {replaced})\n"
                   "   - Return **HAT217**, **May 29** (was May 28)\n\nShall I proceed? (yes/no)")
    assert _trip(convo, at, description, "Yes, go ahead.", [("HAT150", "2024-05-24"), ("HAT217", "2024-05-29")]) == kinds


@pytest.mark.parametrize(("aside", "kinds"), [
    # blind set 87, t87_03 57: "fine" goes on with another matter the answer offers, not the roaming
    ("Roaming stays as it is on your line. Shall we continue with the speed issue? Please run a speed test.",
     ["confirmation_not_covering"]),
    ("Roaming stays as it is on your line until then. Shall we continue with the roaming change?", []),
])
def test_a_yes_to_going_on_with_another_matter(convo, aside: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My customer id is C1001, line L1002. I'm going abroad.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "customer_id": "C1001", "roaming_enabled": False})
    c.say("I can turn on roaming on line L1002 for C1001. Shall I?")
    c.user("How much does roaming cost per day?")
    c.say(aside)
    c.user("fine")
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("name", "kinds"), [
    # blind set 84, t84_11 30: the call the user confirmed is enabling; disabling was never described, and
    # "mobile data is disabled" says a state, no action
    ("disable_roaming", ["not_described"]),
    ("enable_roaming", []),
])
def test_a_state_said_by_the_actions_word_describes_no_action_on_the_sole_line(convo, name: str,
                                                                             kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("I'm abroad and my data doesn't work. My number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001", "line_ids": ["L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "roaming_enabled": False})
    c.say("Two things: **mobile data is disabled** and you're on **2G**. Please turn Mobile Data on.")
    c.user("Done.")
    c.say("May I enable roaming on your line?")
    c.user("Yes please enable it.")
    i = c.call(name, {"customer_id": "C1001", "line_id": "L1002"}, "done")
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("reply", "answer", "kinds"), [
    # blind set 89, t89_06 30: a yes, then a question of another matter; the answer ends by sending it
    ("Yes, send it. But what else is on my account, am I behind on anything else?",
     "Only B1234321 is overdue; B1002 is issued. Sending the payment request for B1234321 now.", []),
    ("Yes, send it, but only if nothing else is overdue?",  # a condition: the answer needs its own yes
     "Only B1234321 is overdue; B1002 is issued. Sending the payment request for B1234321 now.", ["not_confirmed"]),
    ("Yes, send it. But what else is on my account?",  # a new offer in the answer waits for its own yes
     "Only B1234321 is overdue. Shall I send the payment request for B1234321 now?", ["not_confirmed"]),
])
def test_a_yes_then_a_question_of_another_matter(convo, reply: str, answer: str, kinds: list[str]) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My line is suspended. I'm customer C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1234321", "status": "Overdue", "total_due": 65.0},
        {"bill_id": "B1002", "status": "Issued", "total_due": 150.0}])
    c.say("Bill B1234321 ($65.00) is overdue. I can send a payment request for B1234321 to your phone. Would you like "
          "me to send it?")
    c.user(reply)
    c.say(answer)
    i = c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1234321"}, "Payment request sent.")
    assert _workflow_kinds(next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)) == kinds


@pytest.mark.parametrize(("offer", "ok"), [
    # after a failed change, an offer of it again by its flights and the new method (blind set 91, a91_10 25)
    ("I'm sorry — that didn't go through: a fare difference can't be refunded to a certificate. The refund can go "
     "to your credit card 6899560. Shall I proceed with that — HAT230 on May 19, $27 back to the card?", True),
    ("I'm sorry — that didn't go through: a fare difference can't be refunded to a certificate. Shall I proceed "
     "with something else instead?", False),
])
def test_a_flight_change_offered_again_after_a_failure_by_its_flights(convo, at, offer: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Move T6HMDP to HAT230 and refund the difference to my certificate.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, RESERVATION)
    c.call("search_direct_flight", {"origin": "DEN", "destination": "LAS", "date": "2024-05-19"}, [
        {"flight_number": "HAT230", "prices": {"economy": 150}}])
    c.say("Here's the change for T6HMDP: HAT229 → HAT230 on May 19, economy, $27 back. To your certificate?")
    c.user("Yes, the certificate.")
    move = {"reservation_id": "T6HMDP", "cabin": "economy", "flights": [{"flight_number": "HAT230", "date": "2024-05-19"}]}
    c.call("update_reservation_flights", {**move, "payment_id": "certificate_9380982"},
           "Error: certificate cannot be used to update reservation")
    c.say(offer)
    c.user("Yes, the card is fine.")
    i = c.call("update_reservation_flights", {**move, "payment_id": "credit_card_6899560"}, {**RESERVATION, **move})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok, at(certify_interaction(c.build()), i).reasons


@pytest.mark.parametrize(("reply", "ok"), [
    # a yes to all the rows of a table by their count, after a side question answered (blind set 92, a92_03 64)
    ("Ok yes. Do all three.", True),
    ("Ok yes. Do all two.", False),  # not the table's count: which two is unclear
    ("Ok.", False),
])
def test_a_yes_to_all_the_rows_listed_by_their_count(convo, at, reply: str, ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline", system="You are an airline agent.")
    c.user("I'm james_santos_9046. Put T6HMDP, BOH180 and EQ1G6C in economy.")
    business = {**RESERVATION, "cabin": "business", "total_baggages": 3}
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, business)
    for code in ("BOH180", "EQ1G6C"):
        c.call("get_reservation_details", {"reservation_id": code}, {**business, "reservation_id": code})
    c.say("| Reservation | Flights | Refund | To |\n|---|---|---|---|\n| T6HMDP | HAT229 (May 19) | $400 | Visa 9560 |\n"
          "| BOH180 | HAT229 (May 19) | $400 | Visa 9560 |\n| EQ1G6C | HAT229 (May 19) | $400 | Visa 9560 |\n\n"
          "Flights, dates and passengers stay the same. Shall I change all three to economy?")
    c.user("Wait. Will I lose my bags? T6HMDP has 3 bags on it.")
    c.say("Your bags stay on T6HMDP: bags can't be removed, and the cabin change doesn't touch the bag count.")
    c.user("And BOH180 has 1 bag, so that's fine, right?")
    c.say("Right — BOH180 has 1 bag, within the economy allowance. EQ1G6C has no checked bags.")
    c.user(reply)
    workflow, reasons = _downgrade_workflow(c, at)
    assert workflow is ok, reasons


@pytest.mark.parametrize(("day", "ok"), [("2024-05-19", True), ("2024-05-20", False)])
def test_a_flights_date_in_a_tables_row_under_an_action_with_no_date(convo, at, day: str, ok: bool) -> None:
    # blind set 92, a92_03 70: "Would you like me to downgrade all three?" dates nothing; each row dates its flight
    c = _two_in_business(convo, "2024-05-20")
    c.say("| Reservation | Flights | Refund |\n|---|---|---|\n| T6HMDP | HAT229 (May 19) | $400 |\n"
          "| BOH180 | HAT080 (May 20) | $300 |\n\nRefunds go to your Visa ending 9560. Would you like me to downgrade "
          "both to economy with these refunds?")
    c.user("Yes, both.")
    move = {**TO_ECONOMY, "flights": [{"flight_number": "HAT229", "date": day}]}
    i = c.call("update_reservation_flights", move, {**BUSINESS, **move})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok, at(certify_interaction(c.build()), i).reasons


@pytest.mark.parametrize(("asked", "covered"), [
    # a yes asked for step 1 only, then step 2 made too (blind set 94, a94_12 27)
    ("Please confirm **step 1**: change OWZ4XL's cabin to economy on the same flights (HAT202 and HAT232, May 21) "
     "for all 3 passengers, with $396 charged to Visa 1777. Yes to proceed?", False),
    ("Please confirm both steps: economy on HAT202 and HAT232, then the switch to HAT041, Visa 1777. Yes to proceed?",
     True),
])
def test_a_yes_asked_for_one_step_of_two(convo: Any, asked: str, covered: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move OWZ4XL to economy and then onto the nonstop HAT041, please.")
    c.call("get_reservation_details", {"reservation_id": "OWZ4XL"}, {
        "reservation_id": "OWZ4XL", "cabin": "basic_economy", "flights": [
            {"flight_number": "HAT202", "date": "2024-05-21", "price": 58},
            {"flight_number": "HAT232", "date": "2024-05-21", "price": 58}]})
    c.say("**Step 1 - upgrade OWZ4XL to economy** on HAT202 and HAT232: $396 charged.\n\n**Step 2 - switch to the "
          "nonstop HAT041** EWR → LAX, May 21: $510 refunded.\n\nBoth go to a credit card or gift card.")
    c.user("Oh nice. Use my Visa.")
    c.say(asked)
    c.user("Yes.")
    c.call("update_reservation_flights", {"reservation_id": "OWZ4XL", "cabin": "economy", "flights": [
        {"flight_number": "HAT202", "date": "2024-05-21"}, {"flight_number": "HAT232", "date": "2024-05-21"}],
        "payment_id": "credit_card_9659780"}, {"reservation_id": "OWZ4XL", "cabin": "economy"})
    i = c.call("update_reservation_flights", {"reservation_id": "OWZ4XL", "cabin": "economy", "flights": [
        {"flight_number": "HAT041", "date": "2024-05-21"}], "payment_id": "credit_card_9659780"},
        {"reservation_id": "OWZ4XL", "cabin": "economy"})
    found = [reason_kind(r) for r in next(d for d in certify_interaction(c.build()).decisions
                                          if d.message_index == i).reasons]
    assert ("confirmation_not_covering" in found or "not_confirmed" in found) is not covered, found


@pytest.mark.parametrize(("said", "kinds"), [
    # a record's field read out, then a question of fact, is no offer to change it (blind set 94, t94_02 19)
    ("On our side, line L1002 shows **roaming_enabled: false**. Are you travelling outside the US right now?",
     ["not_described"]),
    ("On our side, roaming is off on line L1002. Shall I enable roaming on it now?", []),
])
def test_a_field_read_out_is_no_offer(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My mobile data and roaming don't work. I'm C1001, line L1002.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "status": "Active", "roaming_enabled": False})
    c.say(said)
    c.user("Yes, I'm in France.")
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    found = [reason_kind(r) for r in next(d for d in certify_interaction(c.build()).decisions
                                          if d.message_index == i).reasons]
    assert [k for k in found if k in ("not_described", "not_confirmed")] == kinds, found


@pytest.mark.parametrize(("nonfree", "kinds"), [
    # a bag priced at nothing is no paid bag (blind set 92, a92_10 37)
    (1, ["amount_not_confirmed"]),
    (0, []),
])
def test_a_bag_added_at_no_charge_is_not_paid(convo, at, nonfree: int, kinds: list[str]) -> None:
    said = ("As a regular member in economy, you get **1 free checked bag**, so adding 1 bag costs **$0**. To confirm: "
            "update T6HMDP to **1 checked bag (0 paid)** with credit_card_6899560 on file. Proceed? (yes/no)")
    args = {"reservation_id": "T6HMDP", "total_baggages": 1, "nonfree_baggages": nonfree,
            "payment_id": "credit_card_6899560"}
    assert _workflow(convo, at, said, "Yes.", "update_reservation_baggages", args) == kinds



LINES = {"customer_id": "C1001", "phone_number": "555-123-2002", "line_ids": ["L1001", "L1002"]}


@pytest.mark.parametrize(("request_", "line", "confirmed"), [
    # blind sets 101 and 102 (t101_09 29, t102_01 50): extra data on the line just checked, named by none
    ("can i get 2 gb more data? how much", "L1002", True),
    ("can i get 2 gb more data? how much", "L1001", False),  # another line than the one in focus
    # ... or the line the request names, after a call on another line (t102_04 60)
    ("Could you add 2 GB to 2001 while I'm here?", "L1001", True),
    ("Could you add 2 GB to 2001 while I'm here?", "L1002", False),
])
def test_a_refuel_described_without_its_line_covers_the_line_in_focus(convo, at, request_: str, line: str,
                                                                      confirmed: bool) -> None:
    c = convo(tools=_tools("telecom"), domain="telecom", system="You are a telecom agent.")
    c.user("My data is slow. My number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, LINES)
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001", "plan_id": "P1001"})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002", "plan_id": "P1002"})
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0})
    c.say("You've used 8.7 GB of 15.0 GB.")
    c.user(request_)
    c.say("Extra data is $2.00 per GB, so 2 GB would be $4.00 on your next bill. Would you like me to add it?")
    c.user("Yes, go ahead.")
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": line, "gb_amount": 2.0},
               {"message": f"Successfully added 2.0 GB of data for line {line} for $4.00"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("offer", "reply", "ok"), [
    # blind set 102, a102_01 18: the agent offers the next day, the user takes it up
    ("There is no later flight that day. Would you like me to look at the next day?", "Yes. The earliest one.", True),
    ("There is no later flight that day. Would you like me to look at the next day?", "No, keep it.", False),
    ("There is no later flight that day. Anything else?", "Yes. The earliest one.", False),  # no day offered
])
def test_a_day_shift_the_agent_offers_and_the_user_takes_grounds_the_day(convo, at, offer: str, reply: str,
                                                                          ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline")
    c.user("I want a later flight back from IAH to EWR on 2024-05-28.")
    c.call("search_direct_flight", {"origin": "IAH", "destination": "EWR", "date": "2024-05-28"},
           [{"flight_number": "HAT149", "scheduled_departure_time_est": "08:00:00", "prices": {"economy": 158}}])
    c.say(offer)
    c.user(reply)
    search = c.call("search_direct_flight", {"origin": "IAH", "destination": "EWR", "date": "2024-05-29"},
                    [{"flight_number": "HAT149", "scheduled_departure_time_est": "08:00:00", "prices": {"economy": 126}}])
    assert at(certify_interaction(c.build()), search).checks["visibility"] is ok


DIRECT, ONE_STOP, ON = "search_direct_flight", "search_onestop_flight", "Then what can I change to?"
HAT039 = [{"flight_number": "HAT039", "scheduled_departure_time_est": "22:00:00"}]


@pytest.mark.parametrize(("first", "tool", "route", "reply", "day", "ok"), [
    # blind set 102, a102_07 20: no flight left that day, so the next day's, on the same route
    ([], DIRECT, ("ATL", "SEA"), ON, "2024-05-16", True),
    ([], DIRECT, ("ATL", "SEA"), "Then what about May 18?", "2024-05-16", False),  # the user names another day
    ([], DIRECT, ("ATL", "SEA"), ON, "2024-05-17", False),  # not the day after
    ([], DIRECT, ("SEA", "ATL"), ON, "2024-05-16", False),  # another route
    # another search: a one-stop search of the same day may still find one (blind sets 101, 102: a101_09 18, a102_08 9)
    ([], ONE_STOP, ("ATL", "SEA"), ON, "2024-05-16", False),
    (HAT039, DIRECT, ("ATL", "SEA"), ON, "2024-05-16", False),  # that day had a flight
])
def test_the_day_after_a_search_that_found_no_flight_is_grounded(convo, at, first: list[Any], tool: str,
                                                                  route: tuple[str, str], reply: str, day: str,
                                                                  ok: bool) -> None:
    c = convo(tools=_tools("airline"), domain="airline")
    c.user("My flight from ATL to SEA on 2024-05-15 was delayed. What else is there?")
    c.call(DIRECT, {"origin": "ATL", "destination": "SEA", "date": "2024-05-15"}, first)
    c.say("Here is what I found.")
    c.user(reply)
    search = c.call(tool, {"origin": route[0], "destination": route[1], "date": day},
                    [{"flight_number": "HAT239", "scheduled_departure_time_est": "08:00:00", "prices": {"economy": 158}}])
    said = c.say(f"On {day} there is HAT239 at 08:00.")  # the day that search derived, written the ISO way (a102_07 22)
    found = certify_interaction(c.build())
    assert at(found, search).checks["visibility"] is ok and at(found, said).eligible is ok
