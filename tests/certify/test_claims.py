"""A text that reports a write as done right after the write returned an error ("All set!" after
"Error: insufficient gift card balance") is not grounded; one that reports the failure is."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.claims import (
    action_nouns,
    claims_done,
    contact_claims,
    data_added_claims,
    forgiven_claims,
    unchecked_claims,
    unmade_claims,
    unreturned_items,
    verb_key,
)
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("text", "claims"), [
    ("All set! Order #W2307204 is now paid with your gift card.", True),
    ("All set! Order #W2307204 is now paid with your gift card. What's next?", True),  # an offer of more
    ("Order #W2307204 is now paid with your gift card? Can you check?", False),
    ("Your booking is confirmed! ✅ You are on HAT086.", True),
    ("Done — a payment request for B1001 has been sent to your phone.", True),
    ("I've cancelled the order.", True),
    ("Your line has been reactivated.", True),
    ("I have re-enabled roaming on your line.", True),
    ("Unfortunately the payment change failed: the gift card balance is insufficient.", False),
    ("The system says a request is already awaiting payment, so nothing new was sent.", False),
    ("I've just turned on international roaming for your line.", True),
    ("Would you like me to try your Visa instead?", False),
    ("Let me look up your order.", False),
    ("Your order #W7284266 will now ship to 320 Cedar Avenue. Would you also like me to update your profile?", True),
    ("I will now try the change again.", False),
    ("The change did not go through. Shall I try again?", False),
    ("Your order is now updated. Shall I try again?", False),  # a question about the action itself
    ("can't cancel. #W3288665 is processed, only pending orders can be cancelled.", False),  # "can't"
    ("We won't be able to change it: the order is processed.", False),
    # A terse report at a sentence's start, not a status read out in the middle of one.
    ("Roaming enabled on L3013. Now steps 2 and 3 on your phone.", True),
    ("Thanks. Refund sent.", True),
    ("Both requests sent — $85.00 in total waiting on your phone.", True),
    ("Your status bar shows Data Enabled, so that part is fine.", False),
    ("Roaming enabled or not, the line needs a reboot first.", False),
    # the report's first word, then a colon (blind audit tel-17)
    ("Sent: a payment request for B1182 ($114.00) is waiting on your phone.", True),
    ("Cancelled: #W2960010, refunded to your gift card.", True),
    ("Note: the request is not sent yet.", False),
    # what a condition says is still to come (blind set 60, t60_10)
    ("B1002 has to wait until that one is paid. Pay it on your phone.", False),
    ("Once the bill is paid, your line can be resumed.", False),
    ("Your line is resumed until the end of the month.", True),
])
def test_a_success_claim_is_one_that_says_nothing_of_a_failure(text: str, claims: bool) -> None:
    assert claims_done(text) is claims


ORDER = {"order_id": "#W2307204", "status": "pending", "payment_history": [
    {"payment_method_id": "paypal_1", "amount": 122.8}]}
CHANGE = ("modify_pending_order_payment", {"order_id": "#W2307204", "payment_method_id": "gift_card_7777844"})


def _text_kinds(convo: Any, results: list[Any], report: str, user_between: bool = False) -> list[str]:
    """The reasons' kinds of ``report``, said after the payment change was tried once per result."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Please pay order #W2307204 with my gift card gift_card_7777844 instead of PayPal.")
    c.call("get_order_details", {"order_id": "#W2307204"}, ORDER)
    c.say("I can switch order #W2307204 to your gift card gift_card_7777844. Proceed?")
    c.user("yes please")
    for result in results:
        c.call(*CHANGE, result)
    if user_between:
        c.user("hello?")
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    return [reason_kind(r) for r in decision.reasons]


ERROR = "Error: insufficient gift card balance to pay for the order"
CLAIM = "All set! Order #W2307204 is now paid with your gift card."


def test_a_claim_of_success_after_the_error_is_not_grounded(convo) -> None:
    assert _text_kinds(convo, [ERROR], CLAIM) == ["text_claims_failed_write"]
    assert _text_kinds(convo, [ERROR], "Sorry, that failed: the gift card balance is insufficient.") == []


def test_a_claim_after_a_retry_that_went_through_or_a_repeat_of_a_done_action_stands(convo) -> None:
    done = {**ORDER, "payment_history": [{"payment_method_id": "gift_card_7777844", "amount": 122.8}]}
    assert _text_kinds(convo, [ERROR, done], CLAIM) == []  # the retry went through
    assert _text_kinds(convo, [done, ERROR], CLAIM) == []  # the error is the repeat's


def test_the_failure_counts_until_the_user_speaks(convo) -> None:
    assert _text_kinds(convo, [ERROR], CLAIM, user_between=True) == []


def _lines_looked_up(convo: Any, request: str, lines: list[dict[str, Any]], description: str) -> Any:
    """A telecom conversation so far: the request, a lookup of each line, the description and a yes."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(request)
    for line in lines:
        c.call("get_details_by_id", {"id": line["line_id"]}, line)
    c.say(description)
    c.user("yes")
    return c


@pytest.mark.parametrize(("report", "kinds"), [
    ("Done: line 555-123-2006 is now suspended.", []),
    # the call suspended L1006; L1005, named by its number, shows Active
    ("Done: line 555-123-2005 is now suspended.", ["text_contradicts_status", "text_claims_other_object"]),
    ("Line 555-123-2005 stays active; 555-123-2006 is now suspended.", []),  # names the call's line too
])
def test_a_report_of_the_write_as_done_on_another_object(convo: Any, report: str, kinds: list[str]) -> None:
    lines = [{"line_id": "L1005", "phone_number": "555-123-2005", "status": "Active"},
             {"line_id": "L1006", "phone_number": "555-123-2006", "status": "Active"}]
    c = _lines_looked_up(convo, "Customer C1002. Please suspend my line 555-123-2006.", lines,
                         "I'll suspend line 555-123-2006 (L1006). Confirm?")
    c.call("suspend_line", {"customer_id": "C1002", "line_id": "L1006", "reason": "travel"},
           {**lines[1], "status": "Suspended"})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Bill B1006 is now Paid. I've also sent a payment request for February's $70.00.", []),  # a status of its own
    ("Done: I've sent the payment request for B1006.", ["text_claims_other_object"]),
])
def test_another_bills_status_beside_the_report_is_no_claim_of_the_write(convo: Any, report: str,
                                                                         kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1002. I paid January's bill B1006 on my phone; send me one for February too.")
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, [
        {"bill_id": "B1007", "total_due": 70.0, "status": "Issued"}, {"bill_id": "B1006", "total_due": 65.0,
                                                                       "status": "Paid"}])
    c.say("I'll send a payment request for February's bill B1007 ($70.00). Confirm?")
    c.user("yes")
    c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1007"},
           "Payment request sent to the customer for bill B1007")
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Done! 2 GB has been added to L1002; you now have 17 GB in all this cycle.", []),
    ("Done! 1 GB has been added to L1002.", ["text_claims_other_amount"]),  # the call added 2 GB
    ("Done! You now have 17 GB in all this cycle.", []),  # a total, not what was added
    # The charge said with the amount of data: "added 2.0 GB for $X" reports what was charged.
    ("Done! I've added 2.0 GB for $4.00.", []),
    ("Done! I've added 2.0 GB for $15.00.", ["text_misstated_charge"]),  # (visible: the limit)
    # what the refuels come to, not what this one added (blind audit t56_06): 2 GB in total after 1 GB and 1 GB
    ("Done: 3.0 GB refueled in total.", []),
    ("Done: 3.0 GB refueled.", ["text_claims_other_amount"]),
])
def test_a_report_of_a_refuel_states_the_amount_added(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1001. Add 2 GB to my line L1002 please.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "data_limit_gb": 15.0})
    c.say("Adding 2 GB to L1002 costs $4.00 on your next bill. Shall I add it?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 68, t68_08: the line's refuel data the result shows now, after a second top-up of 1 GB
    ("Done, your line now shows 2.0 GB of refuel data (total $4.00 on your next bill).", []),
    ("Done, 1 GB added; your line now shows 2.0 GB of refuel data.", []),
    ("Done, 1.5 GB of refuel data added to your line.", ["text_claims_other_amount"]),
])
def test_a_report_of_a_refuel_may_state_the_data_its_result_shows(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1001. Add 2 GB to my line L1002 please.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "data_limit_gb": 15.0, "data_refueling_gb": 1.0})
    c.say("L1002 has 1 GB of refuel data already. Adding 1 GB more to L1002 costs $2.00 on your next bill. Shall I?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0},
           {"message": "Successfully added 1.0 GB of data for line L1002 for $2.00", "new_data_refueling_gb": 2.0,
            "charge": 2.0})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("text", "claimed"), [
    ("Roaming is enabled. I've also added 2 GB of data to your line so you're covered.", True),  # blind audit t56_12
    ("Done: 2.0 GB has been added to L1002.", True),
    ("I've **refueled** your line with **1.5 GB**.", True),
    ("Once I've added 2 GB, you'll have 17 GB.", False),  # what would happen
    ("I've tried to add 2 GB, but it failed.", False),
    ("I can add 2 GB for $4.00. Shall I?", False),  # an offer
    # a recap's line (blind audit t53_04), not an option's ("- Add 2 GB"); "won't run short" tells no failure
    ("Summary of what we did:\n\n- Enabled roaming on line L1002\n- Added a 2 GB data top-up to your line as a "
     "courtesy, so you won't run short while abroad", True),
    ("Options:\n- Add 2 GB for $4.00\n- Add 3 GB for $6.00", False),
    # a usage line's field of none added (blind set 80, t80_06 28)
    ("Your data:\n- Used: **15.1 GB**\n- Refueled: **0.0 GB**\n- Cycle ends: **2025-02-28**", False),
    ("Your data:\n- Used: **15.1 GB**\n- Refueled: **2.0 GB**", True),
])
def test_a_claim_of_data_added(text: str, claimed: bool) -> None:
    assert bool(data_added_claims(text)) is claimed


@pytest.mark.parametrize(("refuel", "kinds"), [(False, ["text_claims_unmade_action"]), (True, [])])
def test_data_said_added_beside_another_write_on_the_line_needs_a_refuel(convo: Any, refuel: bool,
                                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1001. I'm abroad with line L1002 and have no data; add 2 GB too.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "data_limit_gb": 15.0, "roaming_enabled": False})
    c.say("Roaming is disabled on L1002. I'll enable roaming and add 2 GB ($4.00). Shall I?")
    c.user("Yes.")
    if refuel:
        c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    i = c.say("Roaming is enabled. I've also added 2 GB of data to your line so you're covered.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Done! A $150 travel certificate has been added to your account.", []),
    ("Done! A $100 travel certificate has been added to your account.", ["text_claims_other_amount"]),  # sent 150
    ("All set: I've issued a certificate for $100 to your profile.", ["text_claims_other_amount"]),
    ("Done! A $100 certificate (certificate_3221322) is now in your account.", ["text_claims_other_amount"]),
    ("Done: $50 per passenger has been added, as one certificate.", []),  # a share, not what was sent
    ("Sent! Your certificate is in your profile; it covers the $100 fare difference and more.", []),  # no amount given
])
def test_a_report_of_a_certificate_states_the_amount_sent(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="Airline agent. Cancelled flight: $100 per passenger. Delayed flight: $50 per passenger.")
    c.user("My flight was delayed. I'm james_santos_9046, three of us on T6HMDP.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"},
           {"reservation_id": "T6HMDP", "user_id": "james_santos_9046", "passengers": [{"first_name": n} for n in "ABC"]})
    c.say("For a delay it is $50 per passenger: a $150 certificate for the 3 of you. Shall I send it?")
    c.user("yes")
    c.call("send_certificate", {"user_id": "james_santos_9046", "amount": 150},
           "Certificate certificate_3221322 added to user james_santos_9046 with amount 150.")
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("You're booked! HAT136 in business on 2024-05-20.", []),
    ("You're booked! HAT136 in economy on 2024-05-20.", ["text_claims_other_choice"]),  # the call chose business
    ("Your one way trip is booked: HAT136 in business.", ["text_claims_other_choice"]),  # it was a round trip
    ("You're booked, upgraded from economy to business.", []),  # names the option chosen too
    ("Done! No insurance, as you asked.", []),  # yes/no options say nothing of which
    # a kind of several records, not this one's option (blind set 87, a87_02 66)
    ("You're booked, HAT136 on 2024-05-20. That makes three of your economy reservations.", []),
    ("You're booked, HAT136 on 2024-05-20. That makes it an economy reservation.", ["text_claims_other_choice"]),
])
def test_a_report_of_the_write_as_done_with_another_option(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm mia_li_3668. Book HAT136 JFK to ATL on 2024-05-20 and back on HAT137 on 2024-05-22, business, "
           "no insurance, on credit_card_4421486.")
    c.say("Round trip JFK-ATL: HAT136 on 2024-05-20 and HAT137 on 2024-05-22, business, no insurance, on "
          "credit_card_4421486. Book it?")
    c.user("yes")
    flights = [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT137", "date": "2024-05-22"}]
    args = {"user_id": "mia_li_3668", "origin": "JFK", "destination": "ATL", "flight_type": "round_trip",
            "cabin": "business", "flights": flights, "passengers": [], "payment_methods": [],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
    c.call("book_reservation", args, {"reservation_id": "HATHAT", **args})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def _two_pending(convo: Any, orders: tuple[str, str], request: str, offer: str, reply: str) -> Any:
    """Two pending orders looked up after the user's request, both offered for cancellation, and the reply."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user(request)
    for oid in orders:
        c.call("get_order_details", {"order_id": oid}, {"order_id": oid, "status": "pending"})
    c.say(offer)
    c.user(reply)
    return c


@pytest.mark.parametrize(("report", "kinds"), [
    ("Both are cancelled: #W2230795 (ordered by mistake) and #W2806889 (no longer needed).", []),
    # Each order's reason is said after it: the second's is not the one sent.
    ("Both are cancelled: #W2230795 (no longer needed) and #W2806889 (ordered by mistake).",
     ["text_claims_other_choice"]),
])
def test_a_report_of_two_writes_gives_each_object_its_own_option(convo: Any, report: str, kinds: list[str]) -> None:
    c = _two_pending(convo, ("#W2230795", "#W2806889"), "Cancel #W2230795 (ordered by mistake) and #W2806889 (no "
                     "longer needed).", "I'll cancel #W2230795 (ordered by mistake) and #W2806889 (no longer needed). "
                     "Shall I?", "yes")
    c.call("cancel_pending_order", {"order_id": "#W2230795", "reason": "ordered by mistake"},
           {"order_id": "#W2230795", "status": "cancelled"})
    c.call("cancel_pending_order", {"order_id": "#W2806889", "reason": "no longer needed"},
           {"order_id": "#W2806889", "status": "cancelled"})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Roaming is now enabled on your line 555-123-2004.", []),  # the first of the two writes
    ("Roaming is now enabled on 555-123-2005.", []),
    ("Roaming is now enabled on 555-123-2006.", ["text_claims_other_object"]),  # neither write's line
])
def test_a_report_after_two_writes_may_report_either(convo: Any, report: str, kinds: list[str]) -> None:
    lines = [{"line_id": f"L100{k}", "phone_number": f"555-123-200{k}", "roaming_enabled": False} for k in (4, 5, 6)]
    c = _lines_looked_up(convo, "Customer C1002. Please enable roaming on 555-123-2004 and 555-123-2005.", lines,
                         "I'll enable roaming on 555-123-2004 (L1004) and 555-123-2005 (L1005). Confirm?")
    c.calls(("enable_roaming", {"customer_id": "C1002", "line_id": "L1004"}, "Roaming enabled successfully"),
            ("enable_roaming", {"customer_id": "C1002", "line_id": "L1005"}, "Roaming enabled successfully"))
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def test_a_failed_write_on_a_second_object_is_not_the_first_ones_repeat(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1091 and I want to pay both overdue bills.")
    c.call("get_bills_for_customer", {"customer_id": "C1091"},
           [{"bill_id": "B1271", "status": "Overdue"}, {"bill_id": "B1272", "status": "Overdue"}])
    c.say("I'll send payment requests for bills B1271 and B1272. Shall I?")
    c.user("yes send both")
    c.call("send_payment_request", {"customer_id": "C1091", "bill_id": "B1271"}, "Payment request sent")
    c.call("send_payment_request", {"customer_id": "C1091", "bill_id": "B1272"},
           "Error: A bill is already awaiting payment for this customer")
    i = c.say("Both payment requests have been sent. Please approve them on your phone.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == ["text_claims_failed_write"]


@pytest.mark.parametrize(("report", "kinds"), [
    ("Roaming is now enabled on your daughter's line 555-675-7749.", ["text_claims_other_object"]),
    ("Roaming is now enabled on L1006.", []),
])
def test_a_report_naming_another_lines_number_where_the_written_lines_record_is_unseen(
        convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1004. Please turn on roaming for my daughter's line 555-675-7749.")
    c.call("get_customer_by_id", {"customer_id": "C1004"}, {"customer_id": "C1004", "line_ids": ["L1005", "L1006"]})
    c.call("get_details_by_id", {"id": "L1005"}, {"line_id": "L1005", "phone_number": "555-675-7749",
                                                 "roaming_enabled": False})
    c.say("Shall I enable roaming on L1006?")  # the wrong line, whose record was never shown
    c.user("yes please")
    c.call("enable_roaming", {"customer_id": "C1004", "line_id": "L1006"}, "Roaming was already enabled")
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


NOUNS = action_nouns([("cancel_reservation", ("reservation_id",)), ("send_certificate", ("user_id", "amount")),
                      ("book_reservation", ("user_id", "cabin", "insurance", "total_baggages"))])


@pytest.mark.parametrize(("text", "made", "found"), [
    # No write went through at all: any "I've <done>" is made up.
    ("I understand. I've submitted a refund request for OC39IW on your behalf.", None,
     ["I've submitted a refund request for OC39IW on your behalf."]),
    ("I've checked: OC39IW cannot be cancelled.", None, []),  # checking changes nothing
    # other verbs of filing something (blind audits a55_05, t55_12)
    # (with nothing gone through, no transfer either: said beside the transfer's call, the text is not read so)
    ("I've transferred you. I've also opened a refund request for the unused flights on XEWRD9.", None,
     ["I've transferred you.", "I've also opened a refund request for the unused flights on XEWRD9."]),
    ("Done — I've put in a change to the **Family Share** plan, starting next billing cycle.", None,
     ["Done — I've put in a change to the **Family Share** plan, starting next billing cycle."]),
    ("Once I've cancelled it, the refund takes 5 days.", None, []),  # what will be done
    ("I've tried to cancel it, but the system returned an error.", None, []),  # tells of the failure
    ("Shall I say I've cancelled it?", None, []),
    # Writes went through: a sentence naming another write's object is made up.
    ("H47EEF is cancelled. I've also added a $50 travel certificate for the trouble.", {"reservation"},
     ["I've also added a $50 travel certificate for the trouble."]),
    ("I've added the $50 certificate to your account.", {"certificate"}, []),
    ("I've cancelled your reservation and the refund is on its way.", {"reservation"}, []),
    ("I've cancelled it as you asked.", {"certificate"}, []),  # names no object of a write
    # A change reported as done on the user's own thing.
    ("Done, your cabin is now business.", {"baggage"}, ["Done, your cabin is now business."]),
    ("Done, your cabin is now business.", {"cabin"}, []),
    ("Your flight is now delayed, sorry.", {"baggage"}, []),  # no report of a change the agent made
    # A list after the "done": each line a report.
    ("Both done!\n\n- H47EEF is cancelled.\n- Your cabin is now business.", {"reservation"},
     ["- Your cabin is now business."]),
    ("Both done!\n\n- H47EEF is cancelled.\n- Your cabin is now business.", {"reservation", "cabin"}, []),
    ("Here is what I found:\n- Your flight is now delayed.", {"reservation"}, []),  # no "done": no report
    # A report in the passive, in a reply that opens by saying it is done.
    ("All done ✅ The small helmet has been swapped for the M one.", None,
     ["All done ✅ The small helmet has been swapped for the M one."]),
    ("All done ✅ The small helmet has been swapped for the M one.", {"order"}, []),
    ("Order #W1 has been cancelled, as the lookup shows.", None, []),  # a status shown, no report of a write
    # A report in the passive that opens on the user's object (blind audit r56_04).
    ("Your return has been submitted! The refund will go to your gift card.", None,
     ["Your return has been submitted!"]),
    ("Your return has been submitted! The refund will go to your gift card.", {"order"}, []),
    ("Your order #W1 has been cancelled, as the lookup shows.", None, []),  # a status a lookup shows
    # A method it paid with is no object acted on.
    ("I've booked it with the certificate covering $250 and your gift card $75.", {"reservation"}, []),
    ("I've booked it and added a $50 certificate.", {"reservation"}, ["I've booked it and added a $50 certificate."]),
])
def test_an_action_the_agent_claims_must_be_one_a_call_made(text: str, made: set[str] | None,
                                                           found: list[str]) -> None:
    assert unmade_claims(text, lambda: made, lambda: NOUNS) == found


@pytest.mark.parametrize(("text", "found"), [
    # whom it was for is no object acted on (blind set 98, a98_08 20)
    ("Sorry, it's $50 per passenger, and I've already issued $150 for the 3 passengers.", []),
    ("I've already updated the 3 passengers.", ["I've already updated the 3 passengers."]),
])
def test_whom_a_made_action_was_for_is_no_other_object(text: str, found: list[str]) -> None:
    nouns = action_nouns([("send_certificate", ("user_id", "amount")),
                          ("update_reservation_passengers", ("reservation_id", "passengers"))])
    assert unmade_claims(text, lambda: action_nouns([("send_certificate", ("user_id", "amount"))]), lambda: nouns) == found


@pytest.mark.parametrize(("made_tools", "found"), [
    # a feature said to be set now, which no write set (blind set 85, t85_05 20): only the user's own toggles
    ([("toggle_data", ())], ["Roaming is now enabled on your line, so you should be able to connect."]),
    ([("toggle_data", ()), ("enable_roaming", ("customer_id", "line_id"))], []),
])
def test_a_feature_said_to_be_set_now_needs_the_write(made_tools: list[tuple[str, tuple[str, ...]]],
                                                      found: list[str]) -> None:
    nouns = action_nouns([("enable_roaming", ("customer_id", "line_id")), ("refuel_data", ("customer_id", "line_id"))])
    made = action_nouns(made_tools)
    said = "Roaming is now enabled on your line, so you should be able to connect."
    assert unmade_claims(said, lambda: made, lambda: nouns, lambda: set()) == found
    assert unmade_claims(said, lambda: made, lambda: nouns) == []  # a write since the user spoke: its report


@pytest.mark.parametrize(("text", "found"), [
    # the bill a charge goes on is no object acted on (blind set 62, t62_11)
    ("I added 2 GB instead of the 1 GB you asked for, so the charge on your next bill will be $4.00.", []),
    ("I added 2 GB and sent the bill to you.", ["I added 2 GB and sent the bill to you."]),
])
def test_the_bill_a_charge_goes_on_is_no_object_acted_on(text: str, found: list[str]) -> None:
    nouns = action_nouns([("refuel_data", ("customer_id", "line_id", "gb_amount")),
                          ("send_payment_request", ("customer_id", "bill_id"))])
    made = action_nouns([("refuel_data", ("customer_id", "line_id", "gb_amount"))])
    assert unmade_claims(text, lambda: made, lambda: nouns) == found


@pytest.mark.parametrize(("text", "found"), [
    # a sum added up, not a thing added (blind set 94, r94_04 22); no write went through at all
    ("You're quite right, and I apologise - I added incorrectly. $88 + $626.14 = **$714.14**.", []),
    ("Sorry, I added the amounts up wrong: it's $714.14.", []),
    ("Sorry, I added a $50 credit to your account.", ["Sorry, I added a $50 credit to your account."]),
])
def test_adding_up_is_no_action(text: str, found: list[str]) -> None:
    nouns = action_nouns([("cancel_pending_order", ("order_id", "reason"))])
    assert unmade_claims(text, lambda: None, lambda: nouns) == found


@pytest.mark.parametrize(("text", "verbs", "found"), [
    # Nothing went through since the user spoke: a claim of a kind of action never made is made up.
    ("I've removed the Vacuum Cleaner from #W3130288.", {"chan"}, ["I've removed the Vacuum Cleaner from #W3130288."]),
    ("Apologies, I've removed the $100 certificate from your account.", {"sen"},
     ["Apologies, I've removed the $100 certificate from your account."]),
    ("I've cancelled it as you asked.", {"canc"}, []),  # a recap of the cancellation
    ("You're welcome! I've modified the order as discussed.", {"chan"}, []),  # "modified" recaps an update
    ("I've refunded $50 to your gift card.", {"canc"}, []),  # what the cancellation did
    ("I've added 2 more to the order.", {"chan"}, []),  # added by an update
    ("I've also set your order to express shipping on our side.", {"enab"},
     ["I've also set your order to express shipping on our side."]),
    ("I've set the order to the new address as you asked.", {"chan"}, []),  # "set" recaps an update
    # blind audit t52_08, t52_12: back-end actions no tool performs, the verb in bold or of its own
    ("Perfect. I've also **reset your network registration** on our side.", {"enab"},
     ["I've also **reset your network registration** on our side."]),
    ("Wonderful! I've also pushed a network refresh to your line from our side.", {"enab"},
     ["I've also pushed a network refresh to your line from our side."]),
    # blind audit r66_02: any request the agent made is one it "submitted" (here an exchange)
    ("I'm very sorry - you did, and I submitted it with the gift card.", {"exch"}, []),
    # blind audit r66_09: a transfer no call made
    ("I understand. I've transferred you to a human agent.", {"exch"}, ["I've transferred you to a human agent."]),
    ("I understand. I've transferred you to a human agent.", {"exch", "tran"}, []),
    # a certificate "issued" is one sent (blind set 84, a84_07 31)
    ("Our policy only provides the $50 per passenger, which I've already issued ($150).", {"sen"}, []),
    ("Our policy only provides the $50 per passenger, which I've already issued ($150).", {"canc"},
     ["Our policy only provides the $50 per passenger, which I've already issued ($150)."]),
    # what only the user's phone does, said done by the agent (blind set 87, t87_05 49)
    ("You have the 2 GB refuel now. I've also disconnected your VPN, so please run the test again.", {"refue"},
     ["I've also disconnected your VPN, so please run the test again."]),
    ("You have the 2 GB refuel now. Please disconnect your VPN and run the test again.", {"refue"}, []),
])
def test_a_claim_with_nothing_done_since_the_user_spoke_needs_an_action_of_its_kind(
        text: str, verbs: set[str], found: list[str]) -> None:
    assert unmade_claims(text, lambda: {"order", "certificate"}, lambda: NOUNS, lambda: verbs) == found
    assert unmade_claims(text, lambda: {"order", "certificate"}, lambda: NOUNS) == []  # a write since: no such claim


@pytest.mark.parametrize(("verb", "kind"), [("cancelled", "canc"), ("cancel", "canc"), ("modified", "chan"),
                                            ("update", "chan"), ("sent", "sen"), ("send", "sen"), ("issued", "sen"),
                                            ("refunded", "refun"), ("refuel", "refue"), ("re-booked", "book")])
def test_verb_keys_put_a_past_verb_with_its_tools_verb(verb: str, kind: str) -> None:
    assert verb_key(verb) == kind


@pytest.mark.parametrize(("reply", "kinds"), [
    ("I've removed the Vacuum Cleaner from #W3130288.", ["text_claims_unmade_action"]),
    ("I've updated the payment of #W3130288 to your credit card.", []),  # a recap of what went through
])
def test_a_removal_claimed_after_the_users_request_with_no_call_is_not_grounded(convo: Any, reply: str,
                                                                                kinds: list[str]) -> None:
    c = convo()
    c.user("Pay #W3130288 with my credit card instead, please. I'm mia_moore_8366.")
    c.call("get_order_details", {"order_id": "#W3130288"}, {"order_id": "#W3130288", "status": "pending"})
    c.say("Switch #W3130288 to credit_card_2641784? Please confirm.")
    c.user("yes")
    c.call("modify_pending_order_payment", {"order_id": "#W3130288", "payment_method_id": "credit_card_2641784"},
           {"order_id": "#W3130288", "status": "pending"})
    c.say("Done: #W3130288 is now paid with credit_card_2641784.")
    c.user("Also take the vacuum cleaner off that order, I don't need it.")
    i = c.say(reply)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def test_action_nouns_are_the_objects_and_changes_of_the_writes() -> None:
    assert {"certificate", "insurance", "cabin", "baggage", "reservation"} <= NOUNS
    assert not {"id", "user", "amount", "total", "send", "book"} & NOUNS  # verbs and plain words


@pytest.mark.parametrize(("certificate", "kinds"), [
    (False, ["text_claims_unmade_action"]),  # only the cancellation went through
    (True, []),
])
def test_a_text_claiming_an_action_no_call_made_is_not_grounded(convo: Any, certificate: bool,
                                                                kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="Airline agent. Cancelled flight: $50 certificate for the trouble, if the user asks.")
    c.user("I'm sick, cancel H47EEF please. I'm isabella_smith_2582.")
    c.call("get_reservation_details", {"reservation_id": "H47EEF"},
           {"reservation_id": "H47EEF", "user_id": "isabella_smith_2582", "insurance": "yes"})
    c.say("H47EEF has insurance, so I can cancel it with a full refund. Shall I? I can also send a $50 certificate.")
    c.user("yes to both")
    c.call("cancel_reservation", {"reservation_id": "H47EEF"}, {"reservation_id": "H47EEF", "status": "cancelled"})
    if certificate:
        c.call("send_certificate", {"user_id": "isabella_smith_2582", "amount": 50},
               "Certificate certificate_3221322 added to user isabella_smith_2582 with amount 50.")
    i = c.say("H47EEF is cancelled. I've also added a $50 travel certificate to your account.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("bags", "kinds"), [(False, ["text_claims_unmade_action"]), (True, [])])
def test_a_passive_claim_names_its_object_before_the_verb(convo: Any, bags: bool, kinds: list[str]) -> None:
    # (blind audit a54_03) "your 3 checked bags have been added", where only the cabin changed
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move FQ8APE to economy and add 3 checked bags, gift_card_8190333. I'm omar_rossi_1241.")
    c.call("get_reservation_details", {"reservation_id": "FQ8APE"},
           {"reservation_id": "FQ8APE", "cabin": "business", "total_baggages": 0, "nonfree_baggages": 0})
    c.say("I'll move FQ8APE to economy and add 3 checked bags (free), paid with gift_card_8190333. Shall I?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "FQ8APE", "cabin": "economy", "flights": [],
                                          "payment_id": "gift_card_8190333"}, {"reservation_id": "FQ8APE"})
    if bags:
        c.call("update_reservation_baggages", {"reservation_id": "FQ8APE", "total_baggages": 3,
                                               "nonfree_baggages": 0, "payment_id": "gift_card_8190333"},
               {"reservation_id": "FQ8APE", "total_baggages": 3})
    i = c.say("Done! FQ8APE is now in economy, and your 3 checked bags have been added at no charge.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [k for k in map(reason_kind, decision.reasons) if k == "text_claims_unmade_action"] == kinds


def test_a_text_beside_the_call_it_describes_claims_nothing_unmade(convo: Any) -> None:
    c = convo()
    c.user("Cancel order #W2611340, I ordered it by mistake. I'm yusuf_rossi_9620.")
    c.call("get_order_details", {"order_id": "#W2611340"}, {"order_id": "#W2611340", "status": "pending"})
    c.say("Cancel #W2611340 (pending), reason 'ordered by mistake'? Please confirm.")
    c.user("yes")
    i = c.calls(("cancel_pending_order", {"order_id": "#W2611340", "reason": "ordered by mistake"},
                 {"order_id": "#W2611340", "status": "cancelled"}), content="I've cancelled the order now.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.eligible, decision.reasons


@pytest.mark.parametrize(("report", "kinds"), [
    ("The bag is added: 3 checked bags. Your return flight is HAT298 on 2024-05-28.", []),  # a flight, no rival
    ("The bag is added to reservation EJTH83.", ["text_claims_other_object"]),  # another reservation
])
def test_a_flight_number_is_no_rival_of_a_reservation_code(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("One more bag on 05XIX4 please, gift_card_4714517. I'm yusuf_thomas_7802; my other trip is EJTH83.")
    flights = [{"flight_number": "HAT036", "date": "2024-05-20"}, {"flight_number": "HAT298", "date": "2024-05-28"}]
    c.call("get_reservation_details", {"reservation_id": "05XIX4"},
           {"reservation_id": "05XIX4", "flights": flights, "total_baggages": 2, "nonfree_baggages": 0})
    c.say("05XIX4 goes to 3 checked bags, 1 charged bag at $50 on gift_card_4714517. Confirm?")
    c.user("yes")
    c.call("update_reservation_baggages", {"reservation_id": "05XIX4", "total_baggages": 3, "nonfree_baggages": 1,
                                           "payment_id": "gift_card_4714517"},
           {"reservation_id": "05XIX4", "flights": flights, "total_baggages": 3, "nonfree_baggages": 1})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("I've just turned on international roaming for your line 555-123-2002.", ["text_claims_failed_write"]),
    ("Roaming was already on for 555-123-2002, so nothing needed changing.", []),
])
def test_a_change_reported_as_made_where_the_result_says_it_already_was(convo: Any, report: str,
                                                                      kinds: list[str]) -> None:
    c = _roaming_enabled(convo, "Roaming was already enabled")
    assert _kinds_of(c, c.say(report)) == kinds


def _roaming_enabled(convo: Any, result: str) -> Any:
    """A telecom conversation in which enabling roaming on L1002, confirmed, gave ``result``."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Roaming is not working on 555-123-2002. I'm C1001.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "roaming_enabled": True})
    c.say("Shall I enable roaming on L1002 (555-123-2002)?")
    c.user("yes")
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, result)
    return c


def _kinds_of(c: Any, i: int) -> list[str]:
    return [reason_kind(r) for r in next(d for d in certify_interaction(c.build()).decisions
                                         if d.message_index == i).reasons]


@pytest.mark.parametrize(("result", "recap", "kinds"), [
    # blind set 60, t60_07: a recap later claims the change the result said was already made
    ("Roaming was already enabled", "Summary: airplane mode off, I enabled roaming on your line.",
     ["text_claims_unmade_action"]),
    ("Roaming was already enabled", "Summary: I've enabled roaming on your line.", ["text_claims_unmade_action"]),
    ("Roaming enabled successfully", "Summary: airplane mode off, I enabled roaming on your line.", []),
    ("Roaming was already enabled", "Summary: roaming was already on for your line.", []),
])
def test_a_later_recap_of_a_change_the_result_said_was_already_made(convo: Any, result: str, recap: str,
                                                                     kinds: list[str]) -> None:
    c = _roaming_enabled(convo, result)
    c.say("Now turn on Data Roaming on your phone and run a speed test.")
    c.user("Works now, 275 Mbps. Thanks!")
    assert _kinds_of(c, c.say(recap)) == kinds


@pytest.mark.parametrize(("text", "tools", "claimed"), [
    ("You're booked! I've also emailed you the itinerary and your e-ticket.", ["book_reservation"], True),
    ("Done. I have sent you a confirmation email.", ["find_user_id_by_email", "cancel_pending_order"], True),
    ("I'll text you the tracking number.", ["get_order_details"], True),
    ("You'll receive the return instructions by email.", ["return_delivered_order_items"], False),  # the system's
    ("I've emailed you the receipt.", ["send_email_receipt"], False),  # a tool that sends mail
    ("I couldn't email you the receipt, sorry.", ["book_reservation"], False),
    # a document handed over (blind set 82, r82_09 38)
    ("I've attached a prepaid return label to this chat; just print it.", ["return_delivered_order_items"], True),
    ("You'll get a prepaid return label by email.", ["return_delivered_order_items"], False),
    # said as done to the thing sent (blind set 102, a102_11 45)
    ("Your new boarding passes have been emailed to ivan.rossi2633@example.com.", ["update_reservation_flights"], True),
    ("The receipt was just texted to your phone.", ["cancel_pending_order"], True),
    ("Your boarding passes will be emailed by the airline before the flight.", ["update_reservation_flights"], False),
])
def test_a_claim_of_mailing_the_user_needs_a_tool_that_does(text: str, tools: list[str], claimed: bool) -> None:
    assert bool(contact_claims(text, tools)) is claimed


def test_a_mailing_claim_is_an_unmade_action(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Thanks, that's all.")
    i = c.say("Great! I've also emailed you the itinerary.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == ["text_claims_unmade_action"]


@pytest.mark.parametrize(("text", "tools", "claimed"), [
    ("I've reactivated your line, and I've also waived the overdue $65.00 bill so you won't need to pay it.",
     ["resume_line"], True),
    ("Line L1002 is **Active** again, and I've removed the $5.00 suspension fee from your account.",
     ["resume_line"], True),
    ("Good news: the late fee has been waived.", ["get_bills_for_customer"], True),
    ("I've waived the late fee.", ["waive_fee", "get_bills_for_customer"], False),  # a tool that forgives
    ("I can't waive the fee, I'm afraid.", ["resume_line"], False),
    ("Once the bill is paid, the fee is removed.", ["resume_line"], False),  # no claim
    ("I've cancelled order #W1000001; its $50.00 charge goes back to your card.", ["cancel_pending_order"], False),
    ("I've removed the old lamp from the order.", ["modify_pending_order_items"], False),  # no charge
    # promised (blind audit t54_06, t54_05)
    ("Since I added it without your okay, the $4.00 will be waived.", ["refuel_data"], True),
    ("The $5.00 suspension fee from February will also be credited back on your next bill.", ["resume_line"], True),
    ("The $120.50 will be credited back to your card in 5-7 days.", ["cancel_pending_order"], False),  # a refund
    ("Your $50 charge will be refunded once the items arrive.", ["return_delivered_order_items"], False),
    # a credit given, a note put on the account (blind audit t55_07, t55_04)
    ("Of course — I've applied a **$2.00 credit** to your account to cover the extra gigabyte.", ["refuel_data"], True),
    ("I've also added a note to your account so you won't be charged for the roaming change.", ["enable_roaming"], True),
    ("I've added a note to your account.", ["add_account_note"], False),  # a tool that notes
    ("I've added your credit card ending 1234 as the payment method.", ["refuel_data"], False),
    # offered by the agent (blind sets 81 and 79: a81_12 22, a79_12 25)
    ("Alright, given that you have insurance I'll make an exception and waive the $222 for you.",
     ["update_reservation_flights"], True),
    ("I can make an exception this time and waive the $222 fare difference.", ["update_reservation_flights"], True),
    ("I can't waive the $222 fare difference, I'm afraid.", ["update_reservation_flights"], False),
    # under "there's no": nothing to do (blind set 93, a93_21 10)
    ("There's no change fee I could charge to make an exception; basic economy can't be changed.",
     ["update_reservation_flights"], False),
    ("There's a change rule, but I could make an exception for you.", ["update_reservation_flights"], True),
    # ... or a reduction as a courtesy, or a waiver said to hold (blind sets 80 and 79: a80_11 28, a79_09 10)
    ("Since you're a gold member, I can reduce the difference to **$200** as a one-time courtesy.",
     ["update_reservation_flights"], True),
    ("Since you purchased travel insurance, any change fees on VA5SGQ are waived.", ["update_reservation_flights"], True),
    ("Any change fees on VA5SGQ are charged to the card on file.", ["update_reservation_flights"], False),
    ("Since you're a gold member, I can issue a $100 certificate as a goodwill gesture.", ["send_certificate"],
     False),  # compensation: the policy's own rule judges it
    # the kindness said first (blind set 84, a84_12 27)
    ("As a courtesy I can reduce the difference to $200 so it fits a round number.", ["update_reservation_flights"], True),
    ("As a courtesy, I can issue a $100 certificate.", ["send_certificate"], False),
])
def test_a_charge_waived_needs_a_tool_that_forgives(text: str, tools: list[str], claimed: bool) -> None:
    assert bool(forgiven_claims(text, tools)) is claimed


@pytest.mark.parametrize(("report", "kinds"), [
    ("Line L1002 is active again, and I've also waived the overdue $65.00 bill.", ["text_claims_unmade_action"]),
    ("Line L1002 is active again; the overdue $65.00 bill still needs paying.", []),
])
def test_a_waived_bill_beside_a_write_that_went_through(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Please turn my line L1002 back on, customer C1001. I paid the $65.00 bill.")
    c.say("I'll resume line L1002 for customer C1001. Shall I go ahead?")
    c.user("Yes.")
    c.call("resume_line", {"customer_id": "C1001", "line_id": "L1002"},
           {"message": "Line resumed successfully", "line": {"line_id": "L1002", "status": "Active"}})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


TELECOM_LOOKS = ["check_apn_settings", "check_status_bar", "get_details_by_id", "suspend_line", "get_customer_by_phone"]


@pytest.mark.parametrize(("text", "called", "claimed"), [
    ("I've also checked your APN settings: the MMSC URL is set correctly.", set(), True),
    ("I've also checked your APN settings: the MMSC URL is set correctly.", {"check_apn_settings"}, False),
    ("I've checked your line L1002: it's active.", set(), False),  # only a write's name says "line"
    ("Once I've checked your APN settings, we'll know more.", set(), False),  # what will be done
    ("I've checked your account: all is well.", set(), False),  # no tool looks at that alone
    # How it is, said without "I've checked": only a look could tell.
    ("Thanks. Your **APN MMS settings are correct** (the MMSC URL is set), so let's look at Wi-Fi Calling.",
     set(), True),
    ("Your APN settings look fine.", {"check_apn_settings"}, False),
    ("Could you check if your APN settings are correct?", set(), False),  # a question
    ("Your account is all fine.", set(), False),  # no tool looks at that alone
    # a lookup's key is not what it looks at: get_customer_by_phone looks at no phone (blind set 70, t70_11)
    ("Your phone is fine, but roaming is off on our side.", set(), False),
])
def test_a_check_the_agent_claims_needs_a_call_of_a_tool_that_looks(text: str, called: set[str],
                                                                     claimed: bool) -> None:
    assert bool(unchecked_claims(text, TELECOM_LOOKS, called)) is claimed


@pytest.mark.parametrize(("text", "called", "seen", "claimed"), [
    # A switch's state, said before any check showed it (blind audit t54_12).
    ("Your **Wi-Fi Calling** is switched on, and that stops MMS from going out.", set(), set(), True),
    ("Your Wi-Fi Calling is switched on.", {"check_wifi_calling_status"}, set(), False),
    ("Your VPN is turned on.", set(), {"vpn", "connected"}, False),  # a status bar showed "VPN Connected"
    ("Your VPN is turned on.", set(), set(), True),
    ("Your account is enabled.", set(), set(), False),  # no tool looks at that alone
    # a bare "off", "also correct", a network mode "already on 4G/5G" (blind audit t56_05, t56_09, t56_10, t56_06)
    ("Your VPN is already off, so please just check whether **Data Saver** is on.", set(), set(), True),
    ("Your VPN is already off.", {"check_vpn_status"}, set(), False),
    ("Your Wi-Fi calling is off, so that's not the cause.", set(), set(), True),
    ("Your APN MMS settings are also correct, so let's check the permissions.", set(), set(), True),
    ("Your network mode is already on 4G/5G.", set(), {"network", "mode"}, True),  # words seen: no mode shown
    ("Your network mode is already on 4G/5G.", {"check_network_mode_preference"}, set(), False),
    ("Your plan is off the table.", set(), set(), False),  # "off the": no switch
    # the network the phone is on, as a status bar showed it (blind set 62, t62_03), not its mode
    ("The remaining issue is the network type: your phone is on 2G.", set(), {"2g", "signal"}, False),
    ("The remaining issue is the network type: your phone is on 2G.", set(), set(), True),
    ("Your network mode is set to 2G.", set(), {"2g", "signal"}, True),
])
def test_a_switch_said_on_needs_a_check_that_showed_it(text: str, called: set[str], seen: set[str],
                                                       claimed: bool) -> None:
    tools = [*TELECOM_LOOKS, "check_wifi_calling_status", "check_vpn_status", "check_network_mode_preference",
             "get_customer_by_phone"]
    assert bool(unchecked_claims(text, tools, called, seen)) is claimed



@pytest.mark.parametrize(("told", "claimed"), [
    # blind set 101, t101_03 22: the user read the network off the bar; no check ran
    ("Off now. I see one bar and 2G, but no data arrows.", False),
    ("Off now. I see one bar, but no data arrows.", True),
    ("Off now. It's set to 2G only.", True),  # a mode, not the network on the bar
])
def test_the_network_the_user_read_off_the_bar(convo: Any, at: Any, told: str, claimed: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My mobile internet is slow abroad. Airplane mode was on.")
    c.say("Please turn airplane mode off and tell me what the status bar shows.")
    c.user(told)
    i = c.say("Your phone is on 2G, which can't go faster than that. Please set the network mode to 4G/5G preferred.")
    reasons = at(certify_interaction(c.build()), i).reasons
    assert any(reason_kind(r) == "text_claims_unmade_action" for r in reasons) is claimed, reasons


@pytest.mark.parametrize("ran", [False, True])
def test_a_device_check_claimed_needs_the_user_to_have_run_it(convo: Any, at: Any, ran: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My picture messages fail.")
    if ran:
        c.user_runs("check_apn_settings", {}, "APN: internet, MMSC URL: http://mms.example.com", "Done, here it is.")
    i = c.say("I've also checked your APN settings: the MMSC URL is set correctly.")
    assert at(certify_interaction(c.build()), i).eligible is ran


@pytest.mark.parametrize(("said", "kinds"), [("HATHAU", []), ("HATHAT", ["text_claims_other_object"])])
def test_the_new_object_a_text_names_is_the_one_the_write_created(convo: Any, at: Any, said: str,
                                                                  kinds: list[str]) -> None:
    # HATHAT was cancelled and the same trip booked again as HATHAU: "new reservation HATHAT" is wrong.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cancel HATHAT and book the same trip again on my other card. Yes, do both.")
    c.call("cancel_reservation", {"reservation_id": "HATHAT"}, {"reservation_id": "HATHAT", "status": "cancelled"})
    c.call("book_reservation", {"user_id": "raj_9"}, {"reservation_id": "HATHAU", "user_id": "raj_9"})
    i = c.say(f"All fixed:\n- Old reservation **HATHAT**: cancelled\n- New reservation **{said}**: booked")
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [reason_kind(r) for r in reasons if "another object" in r] == kinds


def test_a_transfer_said_under_way_after_the_transfer_failed(convo) -> None:
    for obs, eligible in (("Error: unexpected argument 'reason' for transfer_to_human_agents", False),
                          ("Transfer successful", True)):
        c = convo()
        c.user("I want a human")
        c.call("transfer_to_human_agents", {"summary": "User asks for a human agent."}, obs)
        i = c.say("You're now being transferred to a human agent; please hold on.")
        d = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
        assert d.eligible is eligible, obs


@pytest.mark.parametrize(("text", "found"), [
    ("Done: roaming is disabled on L1121 and L1122 is suspended.",
     [("disable_roaming", "L1121"), ("suspend_line", "L1122")]),
    ("Done: roaming is disabled on L1122 and L1121 is suspended.", []),
    ("Done: L1122 is suspended, and roaming is off on L1121.", [("suspend_line", "L1122")]),
    ("Done: both changes went through on L1121 and L1122.", []),  # no one action said of one line
])
def test_a_report_that_swaps_the_objects_of_two_writes(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.claims import swapped_objects

    writes = {"disable_roaming": {"c1063", "l1122"}, "suspend_line": {"c1063", "l1121", "phoneisbroken"}}
    assert swapped_objects(text, writes) == found
    assert swapped_objects(text, {"suspend_line": writes["suspend_line"]}) == []  # one kind of write: not read


def test_a_report_of_two_writes_on_each_others_lines_is_not_grounded(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1063. Turn off roaming on L1121 and suspend L1122, the phone is broken.")
    c.call("get_customer_by_id", {"customer_id": "C1063"}, {"customer_id": "C1063", "line_ids": ["L1121", "L1122"]})
    c.say("I'll disable roaming on L1121 and suspend L1122 (reason: Phone is broken). Shall I proceed?")
    c.user("Yes to both.")
    c.call("disable_roaming", {"customer_id": "C1063", "line_id": "L1122"}, "Roaming was already disabled")
    c.call("suspend_line", {"customer_id": "C1063", "line_id": "L1121", "reason": "Phone is broken"},
           {"message": "Line suspended successfully.", "line": {"line_id": "L1121", "status": "Suspended"}})
    i = c.say("Done: roaming is disabled on L1121 and L1122 is suspended.")
    d = next(x for x in certify_interaction(c.build()).decisions if x.message_index == i)
    assert "text_claims_other_object" in [reason_kind(r) for r in d.reasons]


RECAP = ("Here's a recap of everything we changed:\n- ✈️ Airplane Mode → **off**\n- Mobile data → **on**\n"
         "- Data Saver → **off**\n- Wi-Fi Calling → **off**\n\nMMS is working again.")
DEVICE = ["toggle_airplane_mode", "toggle_data", "toggle_data_saver_mode", "toggle_wifi", "toggle_wifi_calling",
          "check_status_bar"]


@pytest.mark.parametrize(("called", "claimed"), [
    ({"toggle_airplane_mode", "toggle_data", "toggle_data_saver_mode", "toggle_wifi_calling"}, []),
    # Wi-Fi Calling never toggled (blind audit t55_11); toggling Wi-Fi is another setting's
    ({"toggle_airplane_mode", "toggle_data", "toggle_data_saver_mode", "toggle_wifi"}, ["- Wi-Fi Calling → **off**"]),
    # Data Saver is toggle_data_saver_mode's, not toggle_data's
    ({"toggle_airplane_mode", "toggle_data", "toggle_wifi_calling"}, ["- Data Saver → **off**"]),
])
def test_a_recap_of_changes_names_only_settings_a_call_changed(called: set[str], claimed: list[str]) -> None:
    from trajectory2gym.certify.claims import unmade_recap_lines

    assert unmade_recap_lines(RECAP, DEVICE, called) == claimed
    assert unmade_recap_lines(RECAP.replace("everything we changed", "your settings"), DEVICE, set()) == []


SUMMARY = ("### Summary\n- SIM reseated → service back\n- Data roaming turned on on the phone\n"
           "- Roaming enabled on line L1002 today\n- 1.0 GB added ($2.00 on next bill)")
ROAMING = ["enable_roaming", "disable_roaming", "toggle_roaming", "reseat_sim_card", "refuel_data"]


@pytest.mark.parametrize(("called", "claimed"), [
    # blind audit t66_10: the phone's switch was turned on, the line's roaming never enabled by a call
    ({"toggle_roaming", "reseat_sim_card", "refuel_data"}, ["- Roaming enabled on line L1002 today"]),
    ({"toggle_roaming", "reseat_sim_card", "refuel_data", "enable_roaming"}, []),
])
def test_a_summary_heading_lists_changes_each_a_call_made(called: set[str], claimed: list[str]) -> None:
    from trajectory2gym.certify.claims import unmade_recap_lines

    assert unmade_recap_lines(SUMMARY, ROAMING, called) == claimed


@pytest.mark.parametrize(("text", "called", "claimed"), [
    # the agent saying it changed a phone's setting itself, where no one did (blind audit t56_03)
    ("All set! While we were at it I also reset your APN settings to the defaults.", set(), True),
    ("All set! While we were at it I also reset your APN settings to the defaults.", {"reset_apn_settings"}, False),
    ("Once I've reset your APN settings, try again.", set(), False),  # what will be done
    ("I tried to reset your APN settings, but it failed.", set(), False),
])
def test_a_setting_the_agent_says_it_changed_needs_a_call(text: str, called: set[str], claimed: bool) -> None:
    from trajectory2gym.certify.claims import may_claim_change, unmade_recap_lines

    assert may_claim_change(text)
    assert bool(unmade_recap_lines(text, [*DEVICE, "reset_apn_settings"], called)) is claimed


@pytest.mark.parametrize(("report", "kinds"), [
    ("All set! You're now on HAT226 on May 23, departing 8:00 AM.", []),
    # the call moved the reservation to HAT226; HAT081, of the same search, is another flight (blind audit a56_06)
    ("All set! You're now on HAT081 on May 23, departing 12:00 PM.", ["text_claims_other_object"]),
    ("All set! HAT081 was also open, but HAT226 on May 23 is yours now.", []),  # names the call's flight too
])
def test_a_report_of_a_flight_change_names_the_flight_moved_to(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move my reservation 5XOFTB to a flight on May 23, please.")
    c.call("search_direct_flight", {"origin": "PHX", "destination": "LGA", "date": "2024-05-23"}, [
        {"flight_number": "HAT081", "scheduled_departure_time_est": "12:00:00", "prices": {"economy": 140}},
        {"flight_number": "HAT226", "scheduled_departure_time_est": "08:00:00", "prices": {"economy": 100}}])
    c.say("I can move 5XOFTB to HAT226 on May 23 (8:00 AM) in economy, paid with credit_card_3623927. Shall I?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "5XOFTB", "cabin": "economy", "flights": [
        {"flight_number": "HAT226", "date": "2024-05-23"}], "payment_id": "credit_card_3623927"},
        {"reservation_id": "5XOFTB", "flights": [{"flight_number": "HAT226", "date": "2024-05-23", "price": 100}]})
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind audit r58_04: what the human agent will do, promised after the transfer
    ("I've transferred you to a human agent. They'll switch the kettle to the glass version and refund you the $5.97 "
     "difference right away.", ["They'll switch the kettle to the glass version and refund you the $5.97 difference "
                                "right away"]),
    ("I've transferred you. The agent will refund the difference today.", ["The agent will refund the difference today"]),
    ("I've transferred you. They may be able to switch the kettle for you.", []),
    ("I've transferred you to a human agent, who will take it from here.", []),
    ("I've transferred you; they'll help you correct the return on #W5202795.", []),  # help, no promise (r61_03)
])
def test_what_others_will_do_promised(text: str, found: list[str]) -> None:
    from trajectory2gym.certify.claims import promised_for_others

    assert promised_for_others(text) == found


def test_what_the_transfer_asked_of_the_human_agent_is_no_promise_of_ones_own() -> None:
    from trajectory2gym.certify.claims import promised_for_others

    # blind set 73, t73_09: the summary asked the human agent to cancel it
    said = "Transferred. A human agent will cancel the wrong request and set up the February one."
    assert promised_for_others(said, "B1001 sent in error. Please cancel it and send B1002.") == []
    assert promised_for_others(said, "B1001 sent in error.") == [
        "A human agent will cancel the wrong request and set up the February one"]


@pytest.mark.parametrize(("transferred", "kinds", "summary"), [
    (True, ["text_promises_for_others"], "Wrong kettle variant; the customer wants the glass one."),
    (False, [], ""),
    (True, [], "Wrong kettle variant; please switch it to the glass one."),  # what the summary asked for
])
def test_a_promise_for_the_human_agent_after_the_transfer(convo: Any, at: Any, transferred: bool,
                                                          kinds: list[str], summary: str) -> None:
    c = convo()
    c.user("The kettle is the wrong one. I want a person.")
    if transferred:
        c.call("transfer_to_human_agents", {"summary": summary}, "Transfer successful")
    i = c.say("They'll switch the kettle to the glass version for you.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_promises_for_others"] == kinds, found


@pytest.mark.parametrize(("second", "kinds"), [(False, ["text_claims_unmade_action"]), (True, [])])
def test_both_requests_said_sent_need_two_sent(convo: Any, at: Any, second: bool, kinds: list[str]) -> None:
    # blind set 73, t73_03: the second request failed (one bill already awaits payment)
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm customer C1001. Send me payment requests for B1234321 and B1002, please.")
    c.say("I'll send payment requests for B1234321 ($65.00) and B1002 ($150.00). OK?")
    c.user("yes")
    c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1234321"},
           "Payment request sent to the customer for bill B1234321")
    c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"},
           "Payment request sent to the customer for bill B1002" if second
           else "Error: A bill is already awaiting payment for this customer")
    i = c.say("Both payment requests are on their way: B1234321 for $65.00 and B1002 for $150.00.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_unmade_action"] == kinds, found


@pytest.mark.parametrize(("second", "said", "kinds"), [
    (False, "Both orders have been cancelled.", ["text_claims_unmade_action"]),
    (True, "Both orders have been cancelled.", []),
    # what would be so, no claim (blind set 93, r93_12 22)
    (False, "If both were cancelled, $3,589.53 would go back to your PayPal.", []),
    (False, "Once both are cancelled, $3,589.53 goes back to your PayPal.", []),
])
def test_both_said_done_needs_two_writes(convo: Any, at: Any, second: bool, said: str, kinds: list[str]) -> None:
    # blind audit r59_12: one cancellation went through, "both" said cancelled
    c = _two_pending(convo, ("#W9232383", "#W6272294"), "Cancel #W9232383 and #W6272294, I'm ava_nguyen_6646.",
                     "I'll cancel #W9232383 and #W6272294, reason 'no longer needed'. Shall I?", "Yes, cancel both.")
    for oid in ("#W9232383", "#W6272294")[:2 if second else 1]:
        c.call("cancel_pending_order", {"order_id": oid, "reason": "no longer needed"}, {"order_id": oid, "status": "cancelled"})
    i = c.say(f"{said} Is there anything else I can help you with?")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_unmade_action"] == kinds, found


@pytest.mark.parametrize(("last", "kinds"), [
    # blind set 96, r96_11 52: "all" in a closing asks for nothing at once; the two earlier writes count
    ("Alright. That's all, thanks.", []),
    ("Now cancel all of them.", ["text_claims_unmade_action"]),  # several asked at once, none made since
])
def test_both_said_done_in_a_closing_counts_the_earlier_writes(convo: Any, at: Any, last: str,
                                                               kinds: list[str]) -> None:
    c = _two_pending(convo, ("#W9232383", "#W6272294"), "Cancel #W9232383 and #W6272294, I'm ava_nguyen_6646.",
                     "I'll cancel #W9232383 and #W6272294, reason 'no longer needed'. Shall I?", "Yes, cancel both.")
    for oid in ("#W9232383", "#W6272294"):
        c.call("cancel_pending_order", {"order_id": oid, "reason": "no longer needed"}, {"order_id": oid, "status": "cancelled"})
    c.say("Done: #W9232383 and #W6272294 are cancelled.")
    c.user(last)
    i = c.say("You're welcome. Both orders have been cancelled. Have a nice day!")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_unmade_action"] == kinds, found


@pytest.mark.parametrize(("transferred", "kinds"), [(True, []), (False, ["text_claims_unmade_action"])])
def test_a_transfer_claimed_needs_the_transfer_call(convo: Any, transferred: bool, kinds: list[str]) -> None:
    c = convo()
    c.user("That's ridiculous. Get me a human.")
    if transferred:
        c.call("transfer_to_human_agents", {"summary": "the user asks for a human agent"}, "Transfer successful")
    i = c.say("I understand. I've transferred you to a human agent - someone will be with you shortly.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("line", "report", "kinds"), [
    # blind set 71, t71_07: the write went to another line than the one the user called about
    ("L1001", "Roaming has been enabled on your line. Please turn on Data Roaming on your phone.",
     ["text_claims_other_object"]),
    ("L1002", "Roaming has been enabled on your line. Please turn on Data Roaming on your phone.", []),
    ("L1001", "Roaming has been enabled on L1001. Please turn on Data Roaming on your phone.", []),  # named
])
def test_a_write_on_another_line_reported_as_on_your_line(convo: Any, at: Any, line: str, report: str,
                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data doesn't work abroad. My number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
           {"customer_id": "C1001", "phone_number": "555-123-2002", "line_ids": ["L1001", "L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                   "roaming_enabled": False})
    c.say("Roaming is off on L1002 (555-123-2002). Shall I enable it?")
    c.user("Yes please.")
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": line}, "Roaming enabled successfully")
    i = c.say(report)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_claims_other_object"] == kinds


@pytest.mark.parametrize(("request_text", "write", "said", "kinds"), [
    # blind set 76, t76_12: "Done" right after the request, nothing called since
    ("can you turn roaming off on my son's line 2001?", False, "Done - roaming is off on 555-123-2001.",
     ["text_claims_unmade_action"]),
    ("can you turn roaming off on my son's line 2001?", True, "Done - roaming is off on 555-123-2001.", []),
    # blind set 73, a73_11: a service no tool gives
    ("Can you arrange wheelchair assistance at both airports?", False,
     "Done — I've added wheelchair assistance for Noah at Charlotte and Boston.", ["text_claims_unmade_action"]),
    ("Thanks, that's all.", False, "Done. Have a nice day!", []),  # no request: nothing claimed
    ("can you turn roaming off on my son's line 2001?", False, "Done? Let me check the line first.", []),
])
def test_done_said_right_after_a_request(convo: Any, at: Any, request_text: str, write: bool, said: str,
                                         kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm 555-123-2002, customer C1001.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                 "roaming_enabled": True})
    c.say("I see line L1001 (555-123-2001). Shall I turn roaming off on it?")
    c.user(request_text)
    if write:
        c.call("disable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, "Roaming disabled successfully")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_unmade_action"] == kinds, found


@pytest.mark.parametrize(("items", "kinds"), [(2, []), (1, ["text_claims_unmade_action"])])
def test_both_items_updated_by_one_write_on_two(convo: Any, at: Any, items: int, kinds: list[str]) -> None:
    # blind set 78, r78_05: one modify_pending_order_items call changes two items, "Both items are updated"
    c = _two_pending(convo, ("#W2904339",), "Change the kettle and the perfume in #W2904339, please.",
                     "Kettle 7274158061 → 7292993796 and Perfume 9447903288 → 9007697085, $25.85 charged to PayPal "
                     "(paypal_2613218). Confirm?", "yes")
    old, new = ["7274158061", "9447903288"][:items], ["7292993796", "9007697085"][:items]
    c.call("modify_pending_order_items", {"order_id": "#W2904339", "item_ids": old, "new_item_ids": new,
                                          "payment_method_id": "paypal_2613218"},
           {"order_id": "#W2904339", "status": "pending (item modified)"})
    i = c.say("Done. Both items are updated.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_unmade_action"] == kinds, found


@pytest.mark.parametrize(("sent", "kinds"), [("1689914594", []), ("2509076505", ["text_claims_other_object"])])
def test_an_item_reported_returned_that_the_return_left_out(convo: Any, at: Any, sent: str, kinds: list[str]) -> None:
    # blind set 76, r76_04: the report names the speaker; the return call sent the sneakers
    order = {"order_id": "#W7156413", "status": "delivered", "items": [
        {"name": "Sneakers", "item_id": "2509076505", "price": 189.5},
        {"name": "Bluetooth Speaker", "item_id": "1689914594", "price": 315.2}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the speaker from #W7156413 please, refund to my visa credit_card_6173085.")
    c.call("get_order_details", {"order_id": "#W7156413"}, order)
    c.say("I'll return the Bluetooth Speaker (1689914594) from #W7156413, $315.20 back to your Visa. Go ahead?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W7156413", "item_ids": [sent],
                                            "payment_method_id": "credit_card_6173085"},
           {**order, "status": "return requested", "return_items": [sent]})
    i = c.say("Done! The Bluetooth Speaker from #W7156413 will be refunded to your Visa.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_other_object"] == kinds, found


def test_unreturned_items_read_only_reports_of_a_return() -> None:
    returns = [("w7156413", {"2509076505"}, [("sneakers", "2509076505"), ("bluetooth speaker", "1689914594")])]
    assert unreturned_items("The Bluetooth Speaker from #W7156413 will be refunded.", returns) == ["bluetooth speaker"]
    assert unreturned_items("The Sneakers from #W7156413 will be refunded.", returns) == []
    assert unreturned_items("You keep the Bluetooth Speaker from #W7156413; the return is filed.", returns) == []
    assert unreturned_items("The Bluetooth Speaker in #W7156413 is great.", returns) == []  # no return said


@pytest.mark.parametrize(("handed_off", "kinds"), [
    # blind set 79, a79_09 60: the hand-off went through since the user spoke
    (True, []),
    (False, ["text_claims_unmade_action"]),
])
def test_a_transfer_said_after_the_hand_off_went_through(convo: Any, at: Any, handed_off: bool,
                                                         kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Add a checked bag to VA5SGQ, please.")
    c.call("update_reservation_baggages", {"reservation_id": "VA5SGQ", "total_baggages": 1, "nonfree_baggages": 0,
                                           "payment_id": "credit_card_1"}, {"reservation_id": "VA5SGQ",
                                                                            "total_baggages": 1})
    c.say("Done: VA5SGQ now has 1 checked bag.")
    c.user("I still want to talk to a human about the JFK change.")
    if handed_off:
        c.call("transfer_to_human_agents", {"summary": "User wants to change VA5SGQ to JFK."}, "Transfer successful")
    i = c.say("I've transferred you to a human agent with a summary of your request (the JFK change and the "
              "insurance question).")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("second", "kinds"), [("cancelled", []), ("pending", ["text_claims_unmade_action"])])
def test_both_said_done_of_orders_looked_up_so(convo: Any, at: Any, second: str, kinds: list[str]) -> None:
    # blind set 86, r86_10 37: the state two orders show, reported after the user asked what happened to them
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("What happened with my other two orders, #W7043598 and #W6111398? I remember cancelling something.")
    c.call("get_order_details", {"order_id": "#W7043598"}, {"order_id": "#W7043598", "status": "cancelled"})
    c.call("get_order_details", {"order_id": "#W6111398"}, {"order_id": "#W6111398", "status": second})
    i = c.say("Both are cancelled and fully refunded to PayPal:\n\n| Order | Refunded |\n|---|---|\n"
              "| #W7043598 | $3,420.45 |\n| #W6111398 | $818.31 |")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_claims_unmade_action"] == kinds, found


@pytest.mark.parametrize(("shown", "misses"), [
    # a size limit no message gives (blind set 86, t86_09 52)
    ("MMS is enabled for this line.", ["1 MB"]),
    ("MMS is enabled for this line; messages up to 1 MB.", []),
])
def test_a_size_said_as_a_limit_must_be_visible(convo: Any, at: Any, shown: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Why do my big photos get blurry when I send them?")
    c.user_runs("can_send_mms", {}, shown, text="I checked MMS.")
    i = c.say("Our network limits MMS messages to 1 MB each, so very large photos get compressed.")
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


FLIGHT_NOUNS = action_nouns([("update_reservation_flights", ("reservation_id", "cabin", "flights")),
                             ("update_reservation_passengers", ("reservation_id", "passengers"))])


@pytest.mark.parametrize(("text", "found"), [
    # what a bracket says of the object, and a rate, name no other action's object (blind set 87, a87_02 46)
    ("I've also downgraded X7BYG1 (MIA → EWR, 2 passengers): $2,709 per passenger × 2 = $5,418 refunded.", []),
    ("I've also updated the 2 passengers on X7BYG1.", ["I've also updated the 2 passengers on X7BYG1."]),
])
def test_a_claim_read_without_its_brackets_and_rates(text: str, found: list[str]) -> None:
    made = {n for n in FLIGHT_NOUNS if n.startswith(("cabin", "flight"))}
    assert unmade_claims(text, lambda: made, lambda: FLIGHT_NOUNS) == found
