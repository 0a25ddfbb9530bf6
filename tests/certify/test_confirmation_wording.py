"""How descriptions and replies are worded does not change what was confirmed: a yes that also asks
for more, a description amended under an "Updated plan" heading, a passenger's change shown by an
arrow, a card ending in bold; and what a description states binds the call (its postal code)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs


def _specs(domain: str) -> list[dict[str, Any]]:
    return [s.model_dump(mode="json") for s in tool_specs(domain)]


BILLS = [{"bill_id": "B1006", "total_due": 0, "status": "Draft"},
         {"bill_id": "B1005", "total_due": 140.0, "status": "Issued"}]


def test_a_yes_that_also_asks_for_another_thing_still_confirms(convo: Any, at: Any) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1002 here, what do I owe?")
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, BILLS)
    c.say("The open one is B1005 ($140.00). Shall I send a payment request for it to your phone?")
    c.user("yes please. and can you send the march one too so im ahead of it?")
    sent = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1005"},
                  "Payment request sent to the customer for bill B1005")
    c.say("Sent. Would you like me to send one for B1006 ($0.00) too?")
    c.user("yes. but can you tell me when it is due?")
    again = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1006"}, "Payment request sent")
    out = certify_interaction(c.build())
    assert at(out, sent).eligible
    assert not at(out, again).checks["workflow"]  # a question about it: no yes yet


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 69, t69_06: a yes, then another request put as a question ("and can you ...?")
    ("yes fix it. and can you take the wrong one off?", True),
    ("yes fix it. can you take the wrong one off first?", False),  # waits for the answer
])
def test_a_yes_then_another_request_asked(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1001. you added the data to the wrong line!")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    c.say("My error. To fix your line: add 2 GB to L1002 for $4.00, on your next bill. OK?")
    c.user(reply)
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


ORDER = {"order_id": "#W8346517", "status": "delivered",
         "items": [{"name": "Yoga Mat", "product_id": "4635925001", "item_id": "7510236436", "price": 105.68,
                    "options": {"thickness": "6mm"}}],
         "payment_history": [{"amount": 105.68, "payment_method_id": "credit_card_6706014"}]}
USER = {"payment_methods": {"credit_card_6706014": {"source": "credit_card", "brand": "mastercard",
                                                    "last_four": "2181", "id": "credit_card_6706014"},
                            "gift_card_8883122": {"source": "gift_card", "balance": 67.0, "id": "gift_card_8883122"}}}


def test_an_updated_plan_continues_the_description_it_amends(convo: Any, at: Any) -> None:
    c = convo()
    c.user("I want to return the yoga mat from #W8346517, my user id is mia_johansson_7000")
    c.call("get_user_details", {"user_id": "mia_johansson_7000"}, USER)
    c.call("get_order_details", {"order_id": "#W8346517"}, ORDER)
    c.say("Here's the return: Yoga Mat (item 7510236436) from #W8346517, $105.68 to gift card "
          "gift_card_8883122. Confirm? (yes/no)")
    c.user("wait no, mastercard")
    c.say("No problem. Updated plan:\n\n- **Item:** Yoga Mat, item 7510236436\n- **Refund:** **$105.68** to your "
          "**Mastercard ending 2181** (credit_card_6706014)\n\nShall I submit it?")
    c.user("yes thats right")
    done = c.call("return_delivered_order_items", {"order_id": "#W8346517", "item_ids": ["7510236436"],
                                                   "payment_method_id": "credit_card_6706014"}, ORDER)
    out = certify_interaction(c.build())
    assert at(out, done).reasons == []


RESERVATION = {"reservation_id": "4WEVK0", "user_id": "evelyn_lee_2325", "origin": "PHX", "destination": "SFO",
               "flight_type": "one_way", "cabin": "economy",
               "flights": [{"flight_number": "HAT283", "date": "2024-05-22", "price": 147}],
               "passengers": [{"first_name": "Evelyn", "last_name": "Lee", "dob": "1954-07-05"},
                              {"first_name": "Daiki", "last_name": "Anderson", "dob": "1975-06-15"}],
               "payment_history": [{"payment_id": "credit_card_5787244", "amount": 294}]}


def test_a_passenger_change_shown_by_an_arrow_describes_the_update(convo: Any, at: Any) -> None:
    c = convo(tools=_specs("airline"), domain="airline")
    c.user("Hi, reservation 4WEVK0. Daiki's last name is actually spelled Andersen with an e")
    c.call("get_reservation_details", {"reservation_id": "4WEVK0"}, RESERVATION)
    passengers = [{"first_name": "Evelyn", "last_name": "Lee", "dob": "1954-07-05"},
                  {"first_name": "Daiki", "last_name": "Andersen", "dob": "1975-06-15"}]
    c.say("Easy fix. Here's the update:\n\n1. Evelyn Lee · 1954-07-05 (unchanged)\n"
          "2. Daiki **Anderson → Andersen** · 1975-06-15\n\nShall I save it?")
    c.user("yes")
    fixed = c.call("update_reservation_passengers", {"reservation_id": "4WEVK0", "passengers": passengers},
                   {**RESERVATION, "passengers": passengers})
    c.user("oh and the dob of Evelyn is 1954-07-06")
    c.say("Here's the update: Evelyn Lee 1954-07-06. Shall I save it?")  # no arrow, no passenger word
    c.user("yes")
    again = c.call("update_reservation_passengers", {"reservation_id": "4WEVK0", "passengers": [
        {"first_name": "Evelyn", "last_name": "Lee", "dob": "1954-07-06"}, passengers[1]]}, RESERVATION)
    out = certify_interaction(c.build())
    assert at(out, fixed).reasons == []
    assert not at(out, again).checks["workflow"]  # neither the passenger nor the change is said


def test_a_card_ending_in_bold_names_the_method(convo: Any, at: Any) -> None:
    c = convo(tools=_specs("airline"), domain="airline")
    c.user("reservation V10D9C, user james_santos_9046: we have 6 bags total for the 4 of us")
    c.call("get_user_details", {"user_id": "james_santos_9046"}, {"payment_methods": {
        "credit_card_4407306": {"source": "credit_card", "brand": "visa", "last_four": "1130",
                                "id": "credit_card_4407306"},
        "credit_card_1682000": {"source": "credit_card", "brand": "visa", "last_four": "1682",
                                "id": "credit_card_1682000"}}, "membership": "regular"})
    c.call("get_reservation_details", {"reservation_id": "V10D9C"}, {
        "reservation_id": "V10D9C", "cabin": "economy", "total_baggages": 4, "nonfree_baggages": 0,
        "passengers": [{"first_name": "James"}, {"first_name": "Juan"}, {"first_name": "Liam"}, {"first_name": "Ana"}],
        "payment_history": [{"payment_id": "credit_card_4407306", "amount": 1220}]})
    c.say("To confirm:\n\n- **Reservation:** V10D9C\n- **Checked bags:** 6 total (2 paid)\n"
          "- **Charge:** **$100** to Visa ending **1130**\n\nGo ahead?")
    c.user("yes")
    paid = c.call("update_reservation_baggages", {"reservation_id": "V10D9C", "total_baggages": 6,
                                                  "nonfree_baggages": 2, "payment_id": "credit_card_4407306"},
                  {"reservation_id": "V10D9C", "total_baggages": 6, "nonfree_baggages": 2})
    out = certify_interaction(c.build())
    assert at(out, paid).reasons == []


PROFILE = {"address": {"address1": "734 Oak Street", "address2": "Suite 397", "city": "San Antonio",
                       "country": "USA", "state": "TX", "zip": "78280"}, "orders": ["#W8346517"]}


def _address_change(convo: Any, zip_sent: str) -> tuple[Any, int]:
    tools = _specs("retail")
    c = convo(tools=tools)
    c.user("i'm moving, can u change my address on file? 1200 Elm St apt 5B, Austin TX. user mia_johansson_7000")
    c.call("get_user_details", {"user_id": "mia_johansson_7000"}, PROFILE)
    c.say("Sure thing! What's the zip code for the new place?")
    c.user("78701.. no wait its 78704, i always mix those up")
    c.say("Got it. I'll update your default address:\n\n| | Address |\n|---|---|\n"
          "| **Current** | 734 Oak Street, Suite 397, San Antonio, TX 78280, USA |\n"
          "| **New** | 1200 Elm St, Apt 5B, Austin, TX 78704, USA |\n\nConfirm? (yes/no)")
    c.user("yep")
    made = c.call("modify_user_address", {"user_id": "mia_johansson_7000", "address1": "1200 Elm St",
                                          "address2": "Apt 5B", "city": "Austin", "state": "TX", "country": "USA",
                                          "zip": zip_sent}, PROFILE)
    return c, made


def test_a_postal_code_the_description_does_not_give_is_not_confirmed(convo: Any, at: Any) -> None:
    c, wrong = _address_change(convo, "78701")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["not_described"]
    assert "zip" in at(out, wrong).reasons[0]
    c, right = _address_change(convo, "78704")
    assert at(certify_interaction(c.build()), right).reasons == []


def test_a_line_named_by_its_plan_and_an_offer_under_a_table(convo: Any, at: Any) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("my kids are out of data. customer C1100, lines L1187 and L1190")
    c.call("get_customer_by_id", {"customer_id": "C1100"}, {"customer_id": "C1100", "line_ids": ["L1187", "L1190"]})
    c.call("get_details_by_id", {"id": "L1187"}, {"line_id": "L1187", "plan_id": "P1005", "data_used_gb": 30.3})
    c.call("get_details_by_id", {"id": "L1190"}, {"line_id": "L1190", "plan_id": "P1002", "data_used_gb": 10.0})
    c.call("get_details_by_id", {"id": "P1005"}, {"plan_id": "P1005", "name": "Household", "data_limit_gb": 30.0,
                                                  "data_refueling_price_per_gb": 2.5})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Everyday", "data_limit_gb": 10.0,
                                                  "data_refueling_price_per_gb": 3.0})
    c.say("| Kid's line | Plan | Used / Limit | Refuel price |\n|---|---|---|---|\n"
          "| **L1187** | Household | 30.3 / 30.0 GB | $2.50 / GB |\n| **L1190** | Everyday | 10.0 / 10.0 GB | $3.00 / GB |"
          "\n\nMy suggestion: **2 GB each**\n\n- L1187: 2 × $2.50 = **$5.00**\n- L1190: 2 × $3.00 = **$6.00**\n\n"
          "Shall I go ahead?")
    c.user("just do the household one for now. the other kid can wait til friday")
    everyday = c.call("refuel_data", {"customer_id": "C1100", "line_id": "L1190", "gb_amount": 2.0},
                      {"message": "Successfully added 2.0 GB of data for line L1190 for $6.00", "charge": 6.0})
    household = c.call("refuel_data", {"customer_id": "C1100", "line_id": "L1187", "gb_amount": 2.0},
                       {"message": "Successfully added 2.0 GB of data for line L1187 for $5.00", "charge": 5.0})
    out = certify_interaction(c.build())
    assert at(out, household).reasons == []
    assert not at(out, everyday).checks["workflow"]  # "the other kid can wait"


def test_a_yes_with_its_reason_said_in_the_negative_still_confirms(convo: Any, at: Any) -> None:
    order = {"order_id": "#W5166363", "status": "pending", "items": [
        {"name": "Laptop", "product_id": "4760268021", "item_id": "3334537816", "price": 2749.56, "options": {}}]}
    for reply, confirmed in (("yes cancel, I just do not need it anymore", True),
                             ("yes cancel, I no longer need it", True),
                             ("hmm, I just do not want it cancelled", False)):
        c = convo()
        c.user("cancel my laptop order #W5166363")
        c.call("get_order_details", {"order_id": "#W5166363"}, order)
        c.say("Order #W5166363 (laptop, 2749.56) is pending. Do you want me to cancel it?")
        c.user(reply)
        done = c.call("cancel_pending_order", {"order_id": "#W5166363", "reason": "no longer needed"},
                      {**order, "status": "cancelled"})
        assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed, reply


def test_a_rebooking_paid_by_gift_cards_named_by_number(convo: Any, at: Any) -> None:
    c = convo(tools=_specs("airline"), domain="airline")
    c.user("i'm lei_ito_5790. cancel HATHAT and book HAT044 on 2024-05-25 again with my gift cards")
    c.call("get_user_details", {"user_id": "lei_ito_5790"}, {"payment_methods": {
        "gift_card_6553672": {"source": "gift_card", "amount": 130, "id": "gift_card_6553672"},
        "gift_card_4366692": {"source": "gift_card", "amount": 75, "id": "gift_card_4366692"},
        "gift_card_6405135": {"source": "gift_card", "amount": 38, "id": "gift_card_6405135"}}})
    c.call("get_reservation_details", {"reservation_id": "HATHAT"}, {
        "reservation_id": "HATHAT", "origin": "IAH", "destination": "ORD", "cabin": "economy",
        "flights": [{"flight_number": "HAT044", "date": "2024-05-25", "price": 105}],
        "passengers": [{"first_name": "Lei", "last_name": "Ito", "dob": "1966-01-18"},
                       {"first_name": "Mohamed", "last_name": "Thomas", "dob": "1977-11-20"}],
        "payment_history": [{"payment_id": "credit_card_7725969", "amount": 210}]})
    c.say("I can cancel HATHAT for a full refund and rebook the same flight, HAT044 on May 25 in economy for you and Mohamed Thomas, "
          "paid with $130 from gift card 6553672, $75 from gift card 4366692 and the remaining $5 from gift card "
          "6405135, which has $38 on it. Would you like me to cancel HATHAT "
          "and rebook that way?")
    c.user("yes do that. will it still be 105 each though?")
    booked = c.call("book_reservation", {
        "user_id": "lei_ito_5790", "origin": "IAH", "destination": "ORD", "flight_type": "one_way",
        "cabin": "economy", "flights": [{"flight_number": "HAT044", "date": "2024-05-25"}],
        "passengers": [{"first_name": "Lei", "last_name": "Ito", "dob": "1966-01-18"},
                       {"first_name": "Mohamed", "last_name": "Thomas", "dob": "1977-11-20"}],
        "payment_methods": [{"payment_id": "gift_card_6553672", "amount": 130},
                            {"payment_id": "gift_card_4366692", "amount": 75},
                            {"payment_id": "gift_card_6405135", "amount": 5}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}, {"reservation_id": "HATHAU"})
    out = certify_interaction(c.build())
    assert at(out, booked).checks["workflow"], at(out, booked).reasons


def test_a_payment_method_named_by_its_number() -> None:
    from trajectory2gym.certify.agreement import names_method_id
    from trajectory2gym.certify.turns import Turn

    said = Turn(0, "assistant", "$75 from gift card 4366692 and $5 from gift card 6405135")
    assert names_method_id(said, "gift_card_4366692")
    assert not names_method_id(said, "gift_card_4366693")
    assert not names_method_id(Turn(0, "assistant", "$75 from your card 1234"), "credit_card_1234")  # too short


def test_a_yes_to_the_action_then_a_question_of_its_own(convo: Any, at: Any) -> None:
    reservation = {"reservation_id": "CW6P7R", "cabin": "economy",
                   "flights": [{"flight_number": "HAT215", "date": "2024-05-25", "price": 190}],
                   "passengers": [{"first_name": "Omar", "last_name": "Khan", "dob": "1980-01-01"}],
                   "payment_history": [{"payment_id": "credit_card_1015271", "amount": 190}]}
    for reply, confirmed in (("yes to the upgrade, on the visa ending 1454. oh and does our insurance still apply?", True),
                             ("Yes please. Will the insurance still apply?", True),
                             # a yes, then several questions of its own (blind set 63, t63_12)
                             ("Yes please. is that safe? will it cost more than the $95?", True),
                             ("yes, if the insurance still applies?", False),
                             # The question comes first: the yes waits for its answer (blind audit a44-07).
                             ("Yes, but first tell me: does our insurance still apply? We travel a lot.", False),
                             ("yes. before that, will the insurance still apply? just asking", False),
                             ("yes but first tell me if the insurance still applies, otherwise I won't bother",
                              False),
                             # ... or after it (blind set 79, t79_12 25)
                             ("Okay, tell me more about what that involves first.", False),
                             # a grudging yes by the method asked about (blind audit a45-09)
                             ("fine, visa", True), ("fine, paypal", False)):
        c = convo(tools=_specs("airline"), domain="airline")
        c.user("upgrade CW6P7R to business please, user omar_khan_2363")
        c.call("get_user_details", {"user_id": "omar_khan_2363"}, {"payment_methods": {"credit_card_1015271": {
            "source": "credit_card", "brand": "visa", "last_four": "1454", "id": "credit_card_1015271"}}})
        c.call("get_reservation_details", {"reservation_id": "CW6P7R"}, reservation)
        c.say("In business HAT215 costs $285 against the $190 you paid, so the upgrade of CW6P7R comes to $95. "
              "Which card should the $95 go on, your Visa ending 1454?")
        c.user(reply)
        done = c.call("update_reservation_flights", {
            "reservation_id": "CW6P7R", "cabin": "business", "flights": [{"flight_number": "HAT215", "date": "2024-05-25"}],
            "payment_id": "credit_card_1015271"}, {**reservation, "cabin": "business"})
        assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed, reply


def test_a_line_described_by_the_last_four_digits_of_its_number(convo: Any, at: Any) -> None:
    for ending, described in (("8111", True), ("3198", False)):
        c = convo(tools=_specs("telecom"), domain="telecom")
        c.user("customer C1045. please turn my mother's line back on")
        c.call("get_customer_by_id", {"customer_id": "C1045"}, {"customer_id": "C1045", "line_ids": ["L1078", "L1079"]})
        c.call("get_details_by_id", {"id": "L1078"}, {"line_id": "L1078", "phone_number": "555-636-3198",
                                                      "status": "Suspended"})
        c.call("get_details_by_id", {"id": "L1079"}, {"line_id": "L1079", "phone_number": "555-537-8111",
                                                      "status": "Suspended"})
        c.say(f"I'll resume the line ending {ending} so it is active again; is that right?")
        c.user("Yes, go ahead.")
        done = c.call("resume_line", {"customer_id": "C1045", "line_id": "L1079"},
                      {"message": "Line resumed successfully", "line": {"line_id": "L1079", "status": "Active"}})
        assert at(certify_interaction(c.build()), done).checks["workflow"] is described, ending


def test_mine_and_my_wifes_but_not_the_watch_then_a_question_about_the_watch(convo: Any, at: Any) -> None:
    lines = {"L1038": "555-651-5549", "L1039": "555-882-9223", "L1040": "555-509-9873"}
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("Hi, we're back from our holiday so I'd like roaming switched off on our lines. I'm on 555-509-9873.")
    c.call("get_customer_by_phone", {"phone_number": "555-509-9873"}, {"customer_id": "C1021",
                                                                       "line_ids": list(lines)})
    for line, phone in lines.items():
        c.call("get_details_by_id", {"id": line}, {"line_id": line, "phone_number": phone, "roaming_enabled": True})
    c.say("All three lines, 555-651-5549, 555-882-9223 and 555-509-9873, have roaming enabled; shall I disable it "
          "on all three?")
    c.user("Do mine and my wife's, that's 9223. Leave the watch one alone, 5549, my granddaughter is still in France "
           "with it. How much data has the watch used?")
    mine = c.call("disable_roaming", {"customer_id": "C1021", "line_id": "L1040"}, "Roaming disabled")
    wife = c.call("disable_roaming", {"customer_id": "C1021", "line_id": "L1039"}, "Roaming disabled")
    watch = c.call("disable_roaming", {"customer_id": "C1021", "line_id": "L1038"}, "Roaming disabled")
    out = certify_interaction(c.build())
    assert at(out, mine).checks["workflow"], at(out, mine).reasons
    assert at(out, wife).checks["workflow"], at(out, wife).reasons
    assert not at(out, watch).checks["workflow"]


def test_a_question_about_another_action_or_an_aside_object_after_a_yes(convo: Any, at: Any) -> None:
    order = {"order_id": "#W7736708", "status": "delivered", "items": [
        {"name": "Notebook", "product_id": "2892623495", "item_id": "6574183535", "price": 28.14, "options": {}}],
        "payment_history": [{"amount": 28.14, "payment_method_id": "credit_card_4190576"}]}
    for reply, confirmed in (
            ("yes on the return. on the cancel, does the 826.70 come back in one go?", True),
            ("go. also separate thing, order #W6885344 has a backpack. does switching it change the price?", True),
            ("yes on the return. will the refund come back in one go?", False)):
        c = convo()
        c.user("return the notebook from #W7736708 please, and cancel #W6885344")
        c.call("get_order_details", {"order_id": "#W7736708"}, order)
        c.call("get_order_details", {"order_id": "#W6885344"}, {"order_id": "#W6885344", "status": "pending",
                                                                  "items": []})
        c.say("I'll request the return of the notebook (item 6574183535) from #W7736708 with the 28.14 refunded to "
              "credit_card_4190576, and cancel #W6885344. Can I go ahead with both?")
        c.user(reply)
        done = c.call("return_delivered_order_items", {"order_id": "#W7736708", "item_ids": ["6574183535"],
                                                       "payment_method_id": "credit_card_4190576"}, order)
        assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed, reply


def _abroad_without_roaming(convo: Any, country: str) -> Any:
    """A caller abroad whose line L1068 has roaming off and its data used up, looked up."""
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user(f"customer C1037, my phone won't send pictures in {country}, line L1068")
    c.call("get_customer_by_id", {"customer_id": "C1037"}, {"customer_id": "C1037", "line_ids": ["L1068"]})
    c.call("get_details_by_id", {"id": "L1068"}, {"line_id": "L1068", "roaming_enabled": False, "data_used_gb": 30.4})
    return c


@pytest.mark.parametrize(("reply", "roaming_ok", "data_ok"), [
    # a short yes naming roaming, then the data held by name (blind set 93, t93_11 28)
    ("Enable roaming, yes. Hold on the data for a moment - let me think about the size.", True, False),
    ("Enable roaming, yes. Hmm, let me think about it for a moment.", False, False),  # the whole put off
])
def test_a_short_yes_to_one_action_and_another_held_by_name(convo: Any, at: Any, reply: str, roaming_ok: bool,
                                                             data_ok: bool) -> None:
    c = _abroad_without_roaming(convo, "France")
    c.say("Two things to set up:\n\n1. **Enable roaming** on L1068\n2. **Add data**: e.g. **2 GB for $5.00**.\n\n"
          "Shall I do both?")
    c.user(reply)
    roaming = c.call("enable_roaming", {"customer_id": "C1037", "line_id": "L1068"}, "Roaming enabled")
    data = c.call("refuel_data", {"customer_id": "C1037", "line_id": "L1068", "gb_amount": 2.0}, "Refuelled")
    out = certify_interaction(c.build())
    assert at(out, roaming).checks["workflow"] is roaming_ok, at(out, roaming).reasons
    assert at(out, data).checks["workflow"] is data_ok, at(out, data).reasons


def test_a_yes_to_one_action_and_a_hold_on_another(convo: Any, at: Any) -> None:
    c = _abroad_without_roaming(convo, "Japan")
    c.say("International roaming is off on L1068, and you've used your data. I can enable roaming, and I can add data "
          "at $2.50 per GB. Would you like me to do both?")
    c.user("Please turn roaming on. Hold off on the extra data for now, I want to see if that alone fixes it.")
    roaming = c.call("enable_roaming", {"customer_id": "C1037", "line_id": "L1068"}, "Roaming enabled")
    c.user("still nothing")
    c.say("Shall I turn roaming on for L1068 again?")
    c.user("Hmm, hold off, I want to see if it fixes itself.")
    again = c.call("enable_roaming", {"customer_id": "C1037", "line_id": "L1068"}, "Roaming enabled")
    out = certify_interaction(c.build())
    assert at(out, roaming).checks["workflow"], at(out, roaming).reasons
    assert not at(out, again).checks["workflow"]


def test_a_reply_giving_each_order_its_own_cancellation_reason(convo: Any, at: Any) -> None:
    orders = {"#W1242543": 184.13, "#W9232383": 900.44, "#W8367380": 1003.22}
    c = convo()
    c.user("cancel all three of my pending orders")
    for order, total in orders.items():
        c.call("get_order_details", {"order_id": order}, {"order_id": order, "status": "pending", "items": [],
                                                          "payment_history": [{"amount": total}]})
    c.say("All three are pending, so they can be cancelled: #W1242543, #W9232383 and #W8367380. What's the reason for each: no longer "
          "needed, or ordered by mistake?")
    c.user("The first two I no longer need. W8367380 I ordered by mistake. Yes, please cancel all three.")
    first = c.call("cancel_pending_order", {"order_id": "#W1242543", "reason": "no longer needed"}, {"ok": True})
    third = c.call("cancel_pending_order", {"order_id": "#W8367380", "reason": "no longer needed"}, {"ok": True})
    right = c.call("cancel_pending_order", {"order_id": "#W8367380", "reason": "ordered by mistake"}, {"ok": True})
    out = certify_interaction(c.build())
    assert at(out, first).checks["workflow"], at(out, first).reasons
    assert [reason_kind(r) for r in at(out, third).reasons] == ["argument_not_confirmed"]
    assert at(out, right).checks["workflow"], at(out, right).reasons


def test_a_yes_then_a_fact_about_another_order_is_no_scope(convo: Any, at: Any) -> None:
    order = {"order_id": "#W1748126", "status": "delivered", "items": [
        {"name": "Tea Kettle", "product_id": "9832717871", "item_id": "8293778132", "price": 100.62, "options": {}}],
        "payment_history": [{"amount": 100.62, "payment_method_id": "gift_card_1139567"}]}
    for reply, confirmed in (("Yes. The tablet is from #W1326557.", True),
                             ("Yes for #W1326557.", False)):
        c = convo()
        c.user("I want to return my kettle from #W1748126 and a tablet from another order")
        c.call("get_order_details", {"order_id": "#W1748126"}, order)
        c.call("get_order_details", {"order_id": "#W1326557"}, {"order_id": "#W1326557", "status": "delivered"})
        c.say("Order #W1748126 can be returned: Tea Kettle – $100.62, refunded to gift_card_1139567. Shall I submit it?")
        c.user(reply)
        done = c.call("return_delivered_order_items", {"order_id": "#W1748126", "item_ids": ["8293778132"],
                                                       "payment_method_id": "gift_card_1139567"}, order)
        assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed, reply


def test_a_method_named_for_another_actions_money_is_not_this_calls(convo: Any, at: Any) -> None:
    order = {"order_id": "#W3510092", "status": "pending", "items": [],
             "payment_history": [{"amount": 2609.37, "payment_method_id": "credit_card_4466831"}]}
    for reply, confirmed in (("Charge the difference to my credit card. Yes to both changes.", True),
                             ("Use my credit card instead. Yes.", False)):
        c = convo(tools=_specs("retail"))
        c.user("switch #W3510092 to paypal, user mei_kim_3337, and change the laptop")
        c.call("get_user_details", {"user_id": "mei_kim_3337"}, {"payment_methods": {
            "paypal_6366157": {"source": "paypal", "id": "paypal_6366157"},
            "credit_card_4466831": {"source": "credit_card", "brand": "visa", "last_four": "1373"}}})
        c.call("get_order_details", {"order_id": "#W3510092"}, order)
        c.say("Proposed changes:\n1. Switch the payment of #W3510092 from your Visa to PayPal.\n2. Change the laptop. "
              "Which method should cover the price difference?")
        c.user(reply)
        done = c.call("modify_pending_order_payment", {"order_id": "#W3510092", "payment_method_id": "paypal_6366157"},
                      order)
        assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed, reply


def test_a_no_the_user_quotes_from_the_phone_takes_back_nothing(convo: Any, at: Any) -> None:
    for reply, confirmed in (("I looked, but it says 'No payment request has been made.' Could you send it again?", True),
                             ("I looked. No, don't send it again.", False)):
        c = convo(tools=_specs("telecom"), domain="telecom")
        c.user("customer C1038, my line is suspended")
        c.call("get_bills_for_customer", {"customer_id": "C1038"}, [{"bill_id": "B1113", "total_due": 30.0,
                                                                     "status": "Overdue"}])
        c.say("Bill B1113 for $30.00 is overdue. Shall I send a payment request to your phone for that bill?")
        c.user("Oh no. Yes, please send it.")
        c.call("send_payment_request", {"customer_id": "C1038", "bill_id": "B1113"}, "Error: request failed")
        c.user(reply)
        again = c.call("send_payment_request", {"customer_id": "C1038", "bill_id": "B1113"},
                       "Payment request sent to the customer for bill B1113")
        assert at(certify_interaction(c.build()), again).checks["workflow"] is confirmed, reply


MIXED_UP = "Oh dear, sorry. It's 555-428-5926, I mixed up the last two digits."


@pytest.mark.parametrize(("second", "found", "described"), [
    (MIXED_UP, False, True),
    # a line found under the first number: the user's correction names their own line last (blind set 102)
    (MIXED_UP, True, True),
    ("Mine is 555-428-5926; 555-428-5962 is my husband's, and his says No Service too.", True, False),
])
def test_a_mistyped_number_no_lookup_found_is_no_other_line(convo: Any, at: Any, second: str, found: bool,
                                                            described: bool) -> None:
    first = "555-428-5962"
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user(f"My phone says No Service. It's {first}.")
    other = {"customer_id": "C2000", "line_ids": ["L2000"]} if found else \
        f"Error: Customer with phone number {first} not found"
    c.call("get_customer_by_phone", {"phone_number": first}, other)
    if found:
        c.call("get_details_by_id", {"id": "L2000"}, {"line_id": "L2000", "phone_number": first})
    c.user(second)
    c.call("get_customer_by_phone", {"phone_number": "555-428-5926"}, {"customer_id": "C1038", "line_ids": ["L1072"]})
    c.call("get_details_by_id", {"id": "L1072"}, {"line_id": "L1072", "phone_number": "555-428-5926",
                                                  "status": "Suspended"})
    c.say("Thank you, that's the payment for your bill. May I resume your line now?")
    c.user("Yes please.")
    done = c.call("resume_line", {"customer_id": "C1038", "line_id": "L1072"}, {"message": "Line resumed"})
    assert at(certify_interaction(c.build()), done).checks["workflow"] is described


def test_a_question_put_first_after_the_yes_waits_though_it_names_another_item(convo: Any, at: Any) -> None:
    order = {"order_id": "#W7011565", "status": "delivered", "items": [
        {"name": "Floor Lamp", "item_id": "4388957877", "price": 236.26},
        {"name": "Electric Scooter", "item_id": "4086163753", "price": 286.78},
        {"name": "Sunscreen", "item_id": "5052031638", "price": 24.91}],
        "payment_history": [{"payment_method_id": "gift_card_2370163", "amount": 547.95}]}
    for reply, confirmed in (
            # blind audit retail_r07: the answer is wanted before the exchange
            ("yes do it - but first, will I still be able to return the sunscreen from that order later?", False),
            ("Yes, do it. Will I still be able to return the sunscreen later?", True),  # asked after, no condition
            ("yes do it", True)):
        c = convo(tools=_specs("retail"), domain="retail")
        c.user("I want to exchange the floor lamp and the scooter from order #W7011565.")
        c.call("get_order_details", {"order_id": "#W7011565"}, order)
        for product, item in (("1332886677", "3755379937"), ("6966583708", "9799944248")):
            c.call("get_product_details", {"product_id": product}, {"product_id": product, "variants": {
                item: {"item_id": item, "available": True, "price": 225.0}}})
        c.say("I can exchange the Floor Lamp (item 4388957877) for item 3755379937 and the Electric Scooter "
              "(item 4086163753) for item 9799944248, paid with gift_card_2370163. Shall I proceed?")
        c.user(reply)
        done = c.call("exchange_delivered_order_items", {
            "order_id": "#W7011565", "item_ids": ["4388957877", "4086163753"],
            "new_item_ids": ["3755379937", "9799944248"], "payment_method_id": "gift_card_2370163"},
            {**order, "status": "exchange requested"})
        assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed, reply


def _roaming_and_data(convo: Any, reply: str) -> tuple[Any, int, int]:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("I'm in France, customer C1001, line L1002, and my data doesn't work.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_refueling_price_per_gb": 2.0})
    c.say("Two things: international roaming is off on L1002, and you've used 15.1 GB of 15.0 GB. I can add 2 GB for "
          "$4.00 on your next bill. May I enable roaming and add the 2 GB?")
    c.user(reply)
    roaming = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    data = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"new_data_refueling_gb": 2.0})
    return certify_interaction(c.build()), roaming, data


def test_a_yes_to_one_action_while_the_other_is_asked_about(convo: Any, at: Any) -> None:
    # (blind audit t54_06) the refuel only asked about, an ellipsis trailing into the question
    out, roaming, data = _roaming_and_data(convo, "Turn on the roaming, yes. The data... how much did you say it was "
                                                  "again? I'm on a fixed income.")
    assert at(out, roaming).eligible
    assert [reason_kind(r) for r in at(out, data).reasons] == ["confirmation_not_covering"]
    out, roaming, data = _roaming_and_data(convo, "Yes to both, go ahead.")
    assert at(out, roaming).eligible and at(out, data).eligible


def _resume_after_payment(convo: Any, offer: str) -> tuple[Any, int]:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("My son's line L1003 on my account C1001 hasn't worked in weeks. Can you get it going again?")
    c.call("get_details_by_id", {"id": "L1003"}, {"line_id": "L1003", "status": "Suspended"})
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1002", "total_due": 150.0,
                                                                 "status": "Overdue"}])
    c.say(f"L1003 is suspended and bill B1002 ($150.00) is overdue. A suspended line can only be resumed once its "
          f"overdue bill is paid. {offer}")
    c.user("Yes, go ahead.")
    c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"}, "Payment request sent")
    c.user_runs("make_payment", {}, "Payment of 150.0 USD has been made for bill B1002.", "Paid it.")
    resume = c.call("resume_line", {"customer_id": "C1001", "line_id": "L1003"}, {"line_id": "L1003", "status": "Active"})
    return certify_interaction(c.build()), resume


def test_a_yes_to_the_offer_the_description_closes_with(convo: Any, at: Any) -> None:
    # (blind audit t54_05) the closing offer is the payment request; the resume was only the policy
    out, resume = _resume_after_payment(convo, "I can send a payment request for B1002 to your phone — shall I?")
    assert not at(out, resume).checks["workflow"]
    out, resume = _resume_after_payment(convo, "I can send a payment request for B1002 now and resume L1003 once "
                                               "it's paid — shall I?")
    assert at(out, resume).checks["workflow"]


def _two_changes(convo: Any, reply: str) -> tuple[Any, int]:
    c = convo(tools=_specs("retail"), domain="retail")
    c.user("Hi, I'm lei_anderson_8271. Ship order #W6002467 to 544 Sunset Drive, Suite 337, Jacksonville, FL 32205, "
           "USA, and swap its dumbbell set for the urethane one.")
    order = {"order_id": "#W6002467", "status": "pending", "items": [
        {"name": "Dumbbell Set", "item_id": "8140269513", "price": 528.12}]}
    c.call("get_order_details", {"order_id": "#W6002467"}, order)
    c.say("For #W6002467:\n1. Address change: ship to 544 Sunset Drive, Suite 337, Jacksonville, FL 32205, USA\n"
          "2. Item change: Dumbbell Set ($528.12) to the urethane set ($483.66), $44.64 refunded to PayPal\n"
          "Do you want me to go ahead with both?")
    c.user("wait, is the refund really $44.64?")
    c.say("Yes: $528.12 - $483.66 = $44.64. Shall I go ahead with both, the address change and the dumbbell swap?")
    c.user(reply)
    i = c.call("modify_pending_order_address", {"order_id": "#W6002467", "address1": "544 Sunset Drive",
                                                "address2": "Suite 337", "city": "Jacksonville", "state": "FL",
                                                "country": "USA", "zip": "32205"}, {**order, "updated": True})
    return c, i


@pytest.mark.parametrize(("reply", "eligible"), [("yes, both please", True), ("yes, just the swap", False)])
def test_a_yes_to_all_that_a_later_question_lists_covers_each(convo: Any, at: Any, reply: str, eligible: bool) -> None:
    c, i = _two_changes(convo, reply)
    assert at(certify_interaction(c.build()), i).eligible is eligible, at(certify_interaction(c.build()), i).reasons


@pytest.mark.parametrize(("method", "confirmed"), [("gift_card_7219486", False), ("credit_card_1020", True)])
def test_each_line_of_a_plan_names_its_own_method(convo: Any, at: Any, method: str, confirmed: bool) -> None:
    # blind audit r57_01: the line of the espresso change names the Mastercard, another line the gift card
    c = convo(tools=_specs("retail"))
    c.user("I'm ethan_lopez_6291; change the watch and the espresso machine in my pending orders.")
    c.call("get_user_details", {"user_id": "ethan_lopez_6291"}, {"payment_methods": {
        "gift_card_7219486": {"source": "gift_card", "balance": 49.0, "id": "gift_card_7219486"},
        "credit_card_1020": {"source": "credit_card", "brand": "mastercard", "last_four": "1020",
                             "id": "credit_card_1020"}}})
    for order, item, price in (("#W6426438", "8886009523", 1944.02), ("#W6779827", "3379843752", 3203.76)):
        c.call("get_order_details", {"order_id": order}, {"order_id": order, "status": "pending", "items": [
            {"item_id": item, "price": price}]})
    c.call("get_product_details", {"product_id": "6066914160"}, {"variants": {
        "9949163720": {"item_id": "9949163720", "price": 1908.15}, "2190871011": {"item_id": "2190871011",
                                                                               "price": 3105.60}}})
    c.say("To confirm, I'll:\n- change the Wristwatch on #W6426438 (item 8886009523) to 9949163720, with the "
          "$35.87 refund going to your gift card;\n- change the Espresso Machine on #W6779827 (item 3379843752) to "
          "2190871011, refunding $98.16 to your Mastercard ending in 1020.\nShall I go ahead with both?")
    c.user("Yes, go ahead with both.")
    done = c.call("modify_pending_order_items", {"order_id": "#W6779827", "item_ids": ["3379843752"],
                                                 "new_item_ids": ["2190871011"], "payment_method_id": method},
                  {"order_id": "#W6779827", "status": "pending (item modified)"})
    assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed


@pytest.mark.parametrize(("reply", "confirmed"), [
    # a yes to the other action of the plan, named by its object, without "just" (blind audit r57_07)
    ("The address change is fine — go ahead with that. For the luggage, is the 4-piece blue the softshell one?", False),
    ("Go ahead with the address change only.", False),
    ("Just the address change.", False),
    ("Yes to both.", True),
    ("Yes, change the address and the luggage set.", True),
])
def test_a_yes_to_the_plans_other_action_by_its_object(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    order = {"order_id": "#W4860251", "status": "pending", "address": {"address1": "221 Park Avenue"}, "items": [
        {"name": "Luggage Set", "product_id": "5426915165", "item_id": "5209958006", "price": 514.72,
         "options": {"piece count": "2-piece", "color": "silver"}}],
        "payment_history": [{"amount": 514.72, "payment_method_id": "credit_card_2112420"}]}
    c = convo(tools=_specs("retail"))
    c.user("I'm lucas_brown_6720. Move #W4860251 to 921 Park Avenue, Chicago, IL 60612 and change the luggage.")
    c.call("get_user_details", {"user_id": "lucas_brown_6720"}, {"payment_methods": {"credit_card_2112420": {
        "source": "credit_card", "brand": "mastercard", "last_four": "1276"}}})
    c.call("get_order_details", {"order_id": "#W4860251"}, order)
    c.call("get_product_details", {"product_id": "5426915165"}, {"variants": {"8759627937": {
        "item_id": "8759627937", "options": {"piece count": "4-piece", "color": "blue"}, "available": True,
        "price": 501.65}}})
    c.say("Here are the two changes:\n\n1. **Shipping address** → 921 Park Avenue, Chicago, IL 60612, USA\n"
          "2. **Luggage Set** 2-piece / silver ($514.72) → 4-piece / blue (item 8759627937, $501.65) — a $13.07 "
          "refund to your Mastercard ending in 1276.\n\nCan you confirm each of these?")
    c.user(reply)
    done = c.call("modify_pending_order_items", {"order_id": "#W4860251", "item_ids": ["5209958006"],
                                                 "new_item_ids": ["8759627937"],
                                                 "payment_method_id": "credit_card_2112420"}, order)
    assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed


@pytest.mark.parametrize(("reply", "confirmed"), [
    ("Data Roaming Enabled: Yes.", False),  # a screen's field read out (blind audit t57_02)
    ("Yes, please enable it.", True),
])
def test_a_field_read_out_says_yes_to_nothing(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("I'm abroad and my data doesn't work. I'm C1001, line L1002.")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "line_ids": ["L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "roaming_enabled": False})
    c.say("Roaming is off on L1002. I can enable roaming on that line. Can you also check whether Data Roaming is "
          "enabled on the phone?")
    c.user(reply)
    done = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind audit t57_12: the data named bare, then put off by a clause that names nothing
    ("Yes, turn on the roaming please. But the data... I'm not sure, let me think about that.", False),
    ("Yes, turn on the roaming and add the data please.", True),
    # ... or as the topic of the deferring clause (blind set 84, t84_07 21)
    ("Yes to roaming. For the data, let me think for a sec, I don't want to change my plan.", False),
    ("Yes to roaming and the data. For my profile, let me think for a sec.", True),
    # ... a topic of two words (blind set 94, t94_05 24)
    ("Turn on the roaming, yes. For the extra data, let me think for a sec.", False),
    ("Turn on the roaming and add the data, yes. For the extra bags, let me think for a sec.", True),
])
def test_a_deferral_right_after_the_object_named_bare(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("I'm abroad and my data doesn't work. I'm C1001, line L1002.")
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "line_ids": ["L1002"]})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "roaming_enabled": False, "plan_id": "P1002"})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_refueling_price_per_gb": 2.0})
    c.say("Roaming is disabled on L1002 - I can enable it. You've used all your data; I can add 2 GB for $4.00 on "
          "your next bill. Shall I enable roaming and add the 2 GB?")
    c.user(reply)
    done = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind set 62, r62_12: the address of another order, offered by "use ... for" the order to change
    ("The watch order #W8838515 was shipped to 707 Maple Drive, Suite 817, San Antonio, TX 78202, USA. Should I "
     "use exactly that address for #W1130240?", []),
    ("The watch order #W8838515 was shipped to 707 Maple Drive, Suite 817, San Antonio, TX 78202, USA.",
     ["not_described"]),  # no offer of the change
    # the other order named as whose address it takes (blind set 94, r94_11 40)
    ("#W1130240 is **pending** and currently ships to 229 Lakeview Drive, Chicago. I'll change it to the #W8838515 "
     "address:\n\n**707 Maple Drive, Suite 817, San Antonio, TX 78202, USA**\n\nShall I proceed?", []),
    ("#W1130240 is **pending** and currently ships to 229 Lakeview Drive, Chicago. I'll change #W8838515 to this "
     "address:\n\n**707 Maple Drive, Suite 817, San Antonio, TX 78202, USA**\n\nShall I proceed?", ["not_described"]),
])
def test_an_address_offered_by_use_that_address_for(convo: Any, at: Any, offer: str, kinds: list[str]) -> None:
    watch = {"order_id": "#W8838515", "status": "delivered", "address": {
        "address1": "707 Maple Drive", "address2": "Suite 817", "city": "San Antonio", "state": "TX",
        "country": "USA", "zip": "78202"}}
    c = convo(tools=_specs("retail"))
    c.user("ship #W1130240 to where my watch order #W8838515 went instead")
    c.call("get_order_details", {"order_id": "#W1130240"}, {"order_id": "#W1130240", "status": "pending"})
    c.call("get_order_details", {"order_id": "#W8838515"}, watch)
    c.say(offer)
    c.user("yes, that one")
    i = c.call("modify_pending_order_address", {"order_id": "#W1130240", "address1": "707 Maple Drive",
                                                "address2": "Suite 817", "city": "San Antonio", "state": "TX",
                                                "country": "USA", "zip": "78202"}, {"order_id": "#W1130240"})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("not_confirmed", "not_described", "confirmation_not_covering")] == kinds


@pytest.mark.parametrize(("described", "kinds"), [
    # blind set 63, r63_12: the account's word and the verb with the address's lines between them
    ("**Please confirm** the new default address:\n- 12 Birch Ct\n- Denver, CO 80220, USA\nYour current one is "
     "734 Oak Street, Suite 397, San Antonio, TX 78280. Update it?", []),
    ("**Please confirm** the new address:\n- 12 Birch Ct\n- Denver, CO 80220, USA\nUpdate it?", ["not_described"]),
    # the address itself for the word "address" (blind set 73, r73_10)
    ("Your profile currently shows 734 Oak Drive, San Antonio, TX 78280. I'd update it to 12 Birch Ct, "
     "Denver, CO 80220, USA. Confirm?", []),
    ("I'd update it to 12 Birch Ct, Denver, CO 80220, USA. Confirm?", ["not_described"]),
])
def test_the_default_address_described_across_its_lines(convo: Any, at: Any, described: str, kinds: list[str]) -> None:
    c = convo(tools=_specs("retail"))
    c.user("please change my address on file to 12 Birch Ct, Denver CO 80220. user mia_johansson_7000")
    c.call("get_user_details", {"user_id": "mia_johansson_7000"}, PROFILE)
    c.say(described)
    c.user("yes")
    i = c.call("modify_user_address", {"user_id": "mia_johansson_7000", "address1": "12 Birch Ct", "address2": "",
                                       "city": "Denver", "state": "CO", "country": "USA", "zip": "80220"}, PROFILE)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("not_described", "not_confirmed")] == kinds


@pytest.mark.parametrize(("address2", "kinds"), [
    # blind set 63, r63_08: the unit the description gave on the street's line, dropped from the call
    ("", ["argument_not_confirmed"]),
    ("Apt 12", []),
])
def test_a_unit_the_description_gave_must_be_sent(convo: Any, at: Any, address2: str, kinds: list[str]) -> None:
    asked = "change my address on file to 455 Grove St Apt 12, San Diego CA 92103. user mia_johansson_7000"
    described = ("Update default address to: 455 Grove St, Apt 12, San Diego, CA 92103, USA (now 734 Oak Street, "
                 "Suite 397, San Antonio). Yes?")
    sent = {"address1": "455 Grove St", "address2": address2, "city": "San Diego", "state": "CA", "zip": "92103"}
    assert _unit_kinds(convo, at, asked, described, sent) == kinds


def _unit_kinds(convo: Any, at: Any, asked: str, described: str, sent: dict[str, str]) -> list[str]:
    """The argument_not_confirmed reasons of a profile address change to ``sent``, described so and said yes to."""
    c = convo(tools=_specs("retail"))
    c.user(asked)
    c.call("get_user_details", {"user_id": "mia_johansson_7000"}, PROFILE)
    c.say(described)
    c.user("yes")
    i = c.call("modify_user_address", {"user_id": "mia_johansson_7000", **sent, "country": "USA"}, PROFILE)
    return [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "argument_not_confirmed"]


@pytest.mark.parametrize(("described", "address2", "kinds"), [
    # blind set 81, r81_03 48: a move within the building; the old address's line comes first
    ("I can update your default address. It would change from:\n\n734 Oak Street, **Suite 397**, San Antonio, TX "
     "78280, USA\n\nto:\n\n734 Oak Street, **Suite 400**, San Antonio, TX 78280, USA\n\nShall I make that change?",
     "Suite 400", []),
    ("Current: 734 Oak Street, Suite 397, San Antonio, TX 78280\nNew: 734 Oak Street, Suite 400, San Antonio, TX 78280"
     "\nShall I make that change?", "Suite 400", []),
    ("I can update your default address. It would change from:\n\n734 Oak Street, **Suite 397**, San Antonio, TX "
     "78280, USA\n\nto:\n\n734 Oak Street, **Suite 400**, San Antonio, TX 78280, USA\n\nShall I make that change?",
     "", ["argument_not_confirmed"]),
])
def test_a_move_within_the_building_gives_the_new_unit(convo: Any, at: Any, described: str, address2: str,
                                                      kinds: list[str]) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I moved within my building, suite 400 now. user mia_johansson_7000")
    c.call("get_user_details", {"user_id": "mia_johansson_7000"}, PROFILE)
    c.say(described)
    c.user("yes")
    i = c.call("modify_user_address", {"user_id": "mia_johansson_7000", "address1": "734 Oak Street",
                                       "address2": address2, "city": "San Antonio", "state": "TX", "country": "USA",
                                       "zip": "78280"}, PROFILE)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "argument_not_confirmed"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit r66_07: the unit after the new address is the old address's
    ("New default address: 10 Hudson Yards, Fl 5, New York, NY 10001, USA (replacing 644 Spruce Street, "
     "Suite 524). Confirm?", []),
    ("New default address: 10 Hudson Yards, Suite 524, New York, NY 10001, USA (replacing 644 Spruce Street). "
     "Confirm?", ["argument_not_confirmed"]),
])
def test_a_unit_of_the_old_address_beside_the_new_one_is_not_the_new_ones(convo: Any, at: Any, said: str,
                                                                          kinds: list[str]) -> None:
    c = convo(tools=_specs("retail"))
    c.user("can u change my address to 10 Hudson Yards, Fl 5, New York NY 10001. user mia_johansson_7000")
    c.call("get_user_details", {"user_id": "mia_johansson_7000"}, PROFILE)
    c.say(said)
    c.user("yep")
    i = c.call("modify_user_address", {"user_id": "mia_johansson_7000", "address1": "10 Hudson Yards",
                                       "address2": "Fl 5", "city": "New York", "state": "NY", "country": "USA",
                                       "zip": "10001"}, PROFILE)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "argument_not_confirmed"] == kinds


LUGGAGE_ORDER = {"order_id": "#W2818151", "status": "pending",
                 "items": [{"name": "Luggage Set", "product_id": "5426915165", "item_id": "9956648681",
                            "price": 452.62, "options": {"piece count": "4-piece", "color": "red"}},
                           {"name": "Tea Kettle", "product_id": "9832717871", "item_id": "9747045638",
                            "price": 94.01, "options": {"material": "glass"}}],
                 "payment_history": [{"amount": 546.63, "payment_method_id": "credit_card_5051208"}]}


@pytest.mark.parametrize(("reply", "eligible"), [
    ("no just the luggage. yes go ahead", True),  # no to "anything else?", then the scope
    ("nope, only the luggage set. go ahead", True),
    ("no, not the luggage", False),
])
def test_a_no_to_anything_else_followed_by_just_this_confirms(convo: Any, at: Any, reply: str,
                                                             eligible: bool) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I'm sofia_rossi_8776; change the luggage set in #W2818151 to the blue one please")
    c.call("get_order_details", {"order_id": "#W2818151"}, LUGGAGE_ORDER)
    c.call("get_product_details", {"product_id": "5426915165"}, {"name": "Luggage Set", "variants": {
        "6301799585": {"item_id": "6301799585", "options": {"piece count": "3-piece", "color": "blue"},
                       "available": True, "price": 495.87}}})
    c.say("Here is the change:\n- Order #W2818151: Luggage Set 4-piece/red (9956648681) -> 3-piece/blue "
          "(6301799585)\n- Price difference: $43.25, charged to credit_card_5051208\n\nItems can only be modified "
          "once, so if you want to change anything else in #W2818151 tell me now. Shall I go ahead (yes/no)?")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W2818151", "item_ids": ["9956648681"],
                                              "new_item_ids": ["6301799585"], "payment_method_id": "credit_card_5051208"},
               {**LUGGAGE_ORDER, "status": "pending (item modified)"})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["workflow"] is eligible, d.reasons


PUZZLE_ORDER = {"order_id": "#W5356919", "status": "pending",
                "items": [{"name": "Jigsaw Puzzle", "product_id": "1808611083", "item_id": "9370300555",
                           "price": 45.9, "options": {"pieces": "1000", "theme": "art", "difficulty level": "expert"}}],
                "payment_history": [{"amount": 45.9, "payment_method_id": "paypal_2684483"}]}
PUZZLES = {"name": "Jigsaw Puzzle", "product_id": "1808611083", "variants": {
    "4068787148": {"item_id": "4068787148", "options": {"pieces": "500", "theme": "art",
                                                         "difficulty level": "intermediate"},
                   "available": True, "price": 52.01},
    "1096508426": {"item_id": "1096508426", "options": {"pieces": "500", "theme": "art",
                                                         "difficulty level": "beginner"},
                   "available": True, "price": 46.13}}}


@pytest.mark.parametrize(("reply", "new_item", "eligible"), [
    ("nah intermediate. do it", "4068787148", True),  # back to the item the description gave
    ("nah intermediate. do it", "1096508426", False),  # the call takes the one turned down
    ("ok beginner then. do it", "4068787148", False),
])
def test_a_yes_that_turns_back_from_an_offered_variant_confirms_the_described_item(
        convo: Any, at: Any, reply: str, new_item: str, eligible: bool) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I'm james_lee_5010. The puzzle in #W5356919: I want 500 pieces intermediate, same art theme")
    c.call("get_order_details", {"order_id": "#W5356919"}, PUZZLE_ORDER)
    c.call("get_product_details", {"product_id": "1808611083"}, PUZZLES)
    c.say("500 pieces / art / intermediate (4068787148) is in stock at $52.01 - $6.11 more than your $45.90 "
          "puzzle, charged to PayPal (paypal_2684483). Items in an order can be changed only once. Swap 9370300555 "
          "for 4068787148?")
    c.user("what about the 500 beginner one")
    c.say("500 pieces / art / beginner (1096508426) is $46.13, in stock - $0.23 more than yours.")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W5356919", "item_ids": ["9370300555"],
                                              "new_item_ids": [new_item], "payment_method_id": "paypal_2684483"},
               {**PUZZLE_ORDER, "status": "pending (item modified)"})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["workflow"] is eligible, d.reasons


BOTTLE_ORDER = {"order_id": "#W6724985", "status": "pending",
                "items": [{"name": "Water Bottle", "product_id": "8310926033", "item_id": "7533802601", "price": 48.59,
                           "options": {"capacity": "500ml", "material": "stainless steel", "color": "green"}}],
                "payment_history": [{"amount": 48.59, "payment_method_id": "credit_card_3593714"}]}
BOTTLES = {"name": "Water Bottle", "product_id": "8310926033", "variants": {
    "3229676465": {"item_id": "3229676465", "options": {"capacity": "500ml", "material": "plastic", "color": "black"},
                   "available": True, "price": 51.94},
    "7199146548": {"item_id": "7199146548", "options": {"capacity": "750ml", "material": "plastic", "color": "black"},
                   "available": True, "price": 48.02}}}


@pytest.mark.parametrize(("reply", "eligible"), [
    # blind set 78, r78_07: "the 500" is the described 500ml bottle, its number without the unit
    ("no, stay with the 500. go ahead", True),
    ("ok the 750 then. go ahead", False),
])
def test_a_yes_that_turns_back_by_an_options_number(convo: Any, at: Any, reply: str, eligible: bool) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I'm lei_ahmed_1705. #W6724985 - the water bottle. Want plastic, black.")
    c.call("get_order_details", {"order_id": "#W6724985"}, BOTTLE_ORDER)
    c.call("get_product_details", {"product_id": "8310926033"}, BOTTLES)
    c.say("Current: Water Bottle 500ml, stainless steel, green, $48.59.\nOption: 500ml, plastic, black (item "
          "3229676465), $51.94, in stock.\nYou'd pay $3.35 more on credit_card_3593714. Proceed?")
    c.user("hm is there a 750ml plastic black? how much")
    c.say("Yes: 750ml, plastic, black (item 7199146548), $48.02, in stock. That's $0.57 less than your bottle.")
    c.user(reply)
    i = c.call("modify_pending_order_items", {"order_id": "#W6724985", "item_ids": ["7533802601"],
                                              "new_item_ids": ["3229676465"], "payment_method_id": "credit_card_3593714"},
               {**BOTTLE_ORDER, "status": "pending (item modified)"})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["workflow"] is eligible, d.reasons


ADDRESS_ORDER = {"order_id": "#W1092119", "status": "pending",
                 "address": {"address1": "592 Elm Avenue", "address2": "Suite 978", "city": "Houston", "state": "TX",
                             "country": "USA", "zip": "77242"},
                 "items": [{"name": "Luggage Set", "product_id": "5426915165", "item_id": "6690069155",
                            "price": 466.47, "options": {"piece count": "3-piece", "color": "silver"}}],
                 "payment_history": [{"amount": 466.47, "payment_method_id": "credit_card_5694100"}]}


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind audit r67_01: the yes is the address's; "and then the luggage" is the next request
    ("yes!! and then the luggage, i want a 4 piece one in blue", []),
    ("yes for the luggage, not the address", ["confirmation_not_covering"]),
    # news of another matter after the yes (blind set 69, a69_06)
    ("yes. And the luggage is the wrong color, it should be blue.", []),
])
def test_a_yes_then_the_next_request_confirms_the_described_action(convo: Any, at: Any, reply: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I'm sophia_martin_8570. Ship my luggage order #W1092119 to 760 Elm Avenue, Suite 564, Houston, TX 77034.")
    c.call("get_order_details", {"order_id": "#W1092119"}, ADDRESS_ORDER)
    c.say("Here's the change: order #W1092119 shipping address: 592 Elm Avenue, Suite 978, Houston, TX 77242 -> 760 Elm "
          "Avenue, Suite 564, Houston, TX 77034, USA. Shall I go ahead with that?")
    c.user(reply)
    i = c.call("modify_pending_order_address", {"order_id": "#W1092119", "address1": "760 Elm Avenue",
                                                "address2": "Suite 564", "city": "Houston", "state": "TX",
                                                "country": "USA", "zip": "77034"}, ADDRESS_ORDER)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if reason_check(k) == "workflow"] == kinds, found


PENDING = {"order_id": "#W2087737", "status": "pending", "items": [
    {"name": "Smartphone", "product_id": "1801728040", "item_id": "1631806422", "price": 1261.14},
    {"name": "Smart Watch", "product_id": "6945232052", "item_id": "2554056026", "price": 356.23}],
    "payment_history": [{"amount": 1617.37, "payment_method_id": "paypal_1504113"}]}


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 70 (r70_03, r70_10): a partial cancellation refused, then the whole one asked for
    ("fine cancel all", True),
    ("ok cancel the whole thing then", True),
    ("fine cancel all tomorrow", False),  # a time: no instruction to act now
    # "too" after another change done (blind set 98, a98_12 26)
    ("ok cancel it too", True),
    ("ok cancel it too tomorrow", False),
])
def test_an_instruction_to_cancel_all_after_the_options(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I'm user_1. Cancel the phone in #W2087737.")
    c.call("get_order_details", {"order_id": "#W2087737"}, PENDING)
    c.say("#W2087737, pending: Smartphone $1,261.14 + Smart Watch $356.23 = $1,617.37, PayPal. Cancel whole order, "
          "reason 'ordered by mistake'?")
    c.user("just the phone not the watch")
    c.say("Can't cancel part of an order. Options: cancel both, or keep both.")
    c.user(reply)
    i = c.call("cancel_pending_order", {"order_id": "#W2087737", "reason": "ordered by mistake"},
               {**PENDING, "status": "cancelled"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 70, t70_03: a no that takes back the user's own question, the choice after it
    ("Could I do 1.5? Actually no - 2 GB please, $4 is fine.", True),
    ("2 GB? Actually no - leave it for now.", False),
    # a no to the user's own wish, then the order (blind set 73, t73_09)
    ("ugh. honestly I just want a human. ... no, fine, forget that, add the 2 GB.", True),
    ("ugh. honestly I just want a human. ... no, fine, forget that.", False),
    ("no, don't add the 2 GB.", False),
])
def test_a_no_that_takes_back_the_users_own_words(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1001, my data ran out on L1002.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    c.say("Extra data on L1002 costs $2.00 per GB, charged on your next bill: 1 GB = $2.00, 2 GB = $4.00. How much "
          "would you like?")
    c.user(reply)
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


def _tablet_order_looked_up(convo: Any) -> Any:
    """A retail conversation up to the lookups for the exchange of the black tablet in #W7868134 (the
    gold one 6948061616, $0.25 less; a rose one 6948061617 too)."""
    c = convo(tools=_specs("retail"), domain="retail")
    c.user("exchange my black tablet in #W7868134 for the gold one")
    c.call("get_order_details", {"order_id": "#W7868134"},
           {"order_id": "#W7868134", "status": "delivered", "items": [
               {"name": "Tablet", "product_id": "8024098596", "item_id": "3788616824", "price": 951.21}],
            "payment_history": [{"amount": 951.21, "payment_method_id": "paypal_2143483"}]})
    c.call("get_product_details", {"product_id": "8024098596"},
           {"variants": {"6948061616": {"item_id": "6948061616", "options": {"color": "gold"}, "price": 950.96},
                         "6948061617": {"item_id": "6948061617", "options": {"color": "rose"}, "price": 950.0}}})
    return c


def _tablet_exchange_failed(convo: Any) -> tuple[Any, dict[str, Any]]:
    """The tablet exchange described, said yes to, and failed on a mistyped new item id; the
    conversation and the exchange's arguments other than the new item."""
    c = _tablet_order_looked_up(convo)
    c.say("#W7868134: exchange Tablet 3788616824 (black) -> 6948061616 (gold); $0.25 refunded to PayPal "
          "paypal_2143483. Go ahead?")
    c.user("yes!!")
    args = {"order_id": "#W7868134", "item_ids": ["3788616824"], "payment_method_id": "paypal_2143483"}
    c.call("exchange_delivered_order_items", {**args, "new_item_ids": ["6948061661"]},
           "Error: new item 6948061661 not found or available")
    return c, args


@pytest.mark.parametrize(("announced", "sent", "confirmed"), [
    # blind set 71, r71_06: the failed exchange (a mistyped item id) done again as the user confirmed it
    ("I'm sorry, the tablet exchange did not go through (I mistyped the new item id). I'll resubmit exactly what "
     "you confirmed: Tablet 3788616824 -> 6948061616, $0.25 back to PayPal.", "6948061616", True),
    # no word that the user confirmed it: a new description, with no yes after it
    ("I'm sorry, the tablet exchange did not go through. I'll resubmit it: Tablet 3788616824 -> 6948061616.",
     "6948061616", False),
    # another item than the one confirmed, said to be the one confirmed
    ("I'm sorry, the tablet exchange did not go through. I'll resubmit exactly what you confirmed: Tablet "
     "3788616824 -> 6948061617.", "6948061617", False),
])
def test_a_failed_write_done_again_as_the_user_confirmed_it(convo: Any, at: Any, announced: str, sent: str,
                                                            confirmed: bool) -> None:
    c, args = _tablet_exchange_failed(convo)
    c.say("All done!")
    c.user("wait can u double check the tablet one? my app doesn't show anything")
    c.say(announced)
    i = c.call("exchange_delivered_order_items", {**args, "new_item_ids": [sent]},
               {"order_id": "#W7868134", "status": "exchange requested"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("asked", "reply", "sent", "confirmed"), [
    # blind set 103, a103_04 44: the failed write offered again "as we agreed", and the user says yes to that
    ("The exchange did not go through: I mistyped the new item id. Shall I retry it as we agreed?", "Yes, fix it.",
     "6948061616", True),
    ("The exchange did not go through. Shall I resubmit exactly what you confirmed?", "yes", "6948061616", True),
    ("The exchange did not go through: I mistyped the new item id. Shall I retry it as we agreed?", "No, leave it.",
     "6948061616", False),
    ("The exchange did not go through: I mistyped the new item id. Shall I retry it as we agreed?", "Yes, fix it.",
     "6948061617", False),  # another item than the one agreed
    ("The exchange did not go through: I mistyped the new item id. Shall I retry it?", "Yes, fix it.",
     "6948061616", False),  # a new offer that says no action: nothing agreed is pointed to
])
def test_a_failed_write_offered_again_as_agreed_and_said_yes_to(convo: Any, at: Any, asked: str, reply: str,
                                                                sent: str, confirmed: bool) -> None:
    c, args = _tablet_exchange_failed(convo)
    c.say(asked)
    c.user(reply)
    i = c.call("exchange_delivered_order_items", {**args, "new_item_ids": [sent]},
               {"order_id": "#W7868134", "status": "exchange requested"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("offer", "kinds"), [
    # blind set 71, r71_07: the change of another order than the one the user asked about, said by "instead"
    ("#W4423731 already goes to Denver; it's #W3746173 that ships to 479 Park Avenue, Washington, DC 20344. Would "
     "you like #W3746173 sent to 400 Willow Lane, Suite 502, Denver, CO 80256, USA instead?", []),
    ("#W4423731 already goes to Denver; it's #W3746173 that ships to 479 Park Avenue, Washington, DC 20344. Would "
     "you like #W3746173 sent to 400 Willow Lane, Suite 502, Denver, CO 80256, USA?", ["not_described"]),
])
def test_an_address_change_offered_by_instead(convo: Any, at: Any, offer: str, kinds: list[str]) -> None:
    home = {"address1": "400 Willow Lane", "address2": "Suite 502", "city": "Denver", "state": "CO",
            "country": "USA", "zip": "80256"}
    c = convo(tools=_specs("retail"))
    c.user("could you change the shipping address of #W4423731 to my Denver home? it's going to Washington I think")
    c.call("get_order_details", {"order_id": "#W4423731"}, {"order_id": "#W4423731", "status": "pending",
                                                            "address": home})
    c.call("get_order_details", {"order_id": "#W3746173"}, {"order_id": "#W3746173", "status": "pending", "address": {
        "address1": "479 Park Avenue", "address2": "Suite 809", "city": "Washington", "state": "DC",
        "country": "USA", "zip": "20344"}})
    c.say(offer)
    c.user("Oh yes, that one. Please do.")
    i = c.call("modify_pending_order_address", {"order_id": "#W3746173", **home}, {"order_id": "#W3746173"})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("not_confirmed", "not_described", "confirmation_not_covering")] == kinds


@pytest.mark.parametrize(("kept", "kinds"), [
    # blind set 79, r79_08 36: the user's word on the item the description keeps is no scope
    ("\n- Office Chair: unchanged", []),
    ("\n- The Office Chair stays with you.", []),  # r79_10 31
    ("", ["confirmation_not_covering"]),
])
def test_a_yes_that_names_the_item_the_description_keeps(convo: Any, at: Any, order_w123: dict[str, Any], kept: str,
                                                       kinds: list[str]) -> None:
    c = convo()
    c.user("I want to exchange my water bottle in #W123 for the 500ml one, same color.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.call("get_product_details", {"product_id": "8310926033"}, {
        "name": "Water Bottle", "product_id": "8310926033", "variants": {"2366567022": {
            "item_id": "2366567022", "options": {"capacity": "500ml", "color": "blue"}, "available": True,
            "price": 54.04}}})
    c.say("Here's what I'll submit:\n- Order: #W123\n- Water Bottle 1000ml blue (item 6469567736) → 500ml blue "
          f"(item 2366567022)\n- You pay: $6.20 via PayPal (paypal_5727330){kept}\n\nDo you confirm?")
    c.user("Yes, I'm sure about the office chair. Go ahead.")
    i = c.call("exchange_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                                  "new_item_ids": ["2366567022"], "payment_method_id": "paypal_5727330"},
               {**order_w123, "status": "exchange requested"})
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("answer", "kinds"), [
    # blind set 79, a79_02 72: "business days" names no cabin
    ("Refunds to a gift card are instant; card refunds take 5–7 business days.", []),
    ("On second thought, the business fares are the ones I'd apply here.", ["argument_not_confirmed"]),
])
def test_business_days_name_no_cabin(convo: Any, at: Any, answer: str, kinds: list[str]) -> None:
    c = convo(tools=_specs("airline"), domain="airline")
    c.user("Downgrade my reservation EQ1G6C to economy, same flights. I'm omar_davis_3817.")
    c.call("get_user_details", {"user_id": "omar_davis_3817"}, {"user_id": "omar_davis_3817", "membership": "gold",
                                                               "payment_methods": {"gift_card_6847880": {
                                                                   "source": "gift_card", "id": "gift_card_6847880"}},
                                                               "reservations": ["EQ1G6C"]})
    c.call("get_reservation_details", {"reservation_id": "EQ1G6C"}, {
        "reservation_id": "EQ1G6C", "cabin": "business", "flights": [
            {"flight_number": "HAT084", "date": "2024-05-23", "price": 1820}]})
    c.call("search_direct_flight", {"origin": "DEN", "destination": "LAS", "date": "2024-05-23"}, [
        {"flight_number": "HAT084", "prices": {"basic_economy": 90, "economy": 172, "business": 1820}}])
    c.say("EQ1G6C: HAT084 $1,820 → $172 (economy). Refund: $1,648 to gift card 6847880. Proceed?")
    c.user("How long do refunds take?")
    c.say(answer)
    c.user("Fine. Yes, go ahead.")
    i = c.call("update_reservation_flights", {"reservation_id": "EQ1G6C", "cabin": "economy", "flights": [
        {"flight_number": "HAT084", "date": "2024-05-23"}], "payment_id": "gift_card_6847880"}, {"reservation_id": "EQ1G6C"})
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("reply", "n", "counted"), [
    # blind set 80, r80_02 50: a yes that counts the call's changes covers them all
    ("Fine, I'll read the email. Yes, I confirm the four swaps.", 4, True),
    ("Yes, I confirm the four swaps.", 3, False),
    ("Yes, all 3 changes please.", 3, True),
    ("Yes, the four of us.", 4, False),  # no changes counted
])
def test_a_yes_that_counts_the_changes(reply: str, n: int, counted: bool) -> None:
    from trajectory2gym.certify.confirmation import _all_counted

    assert _all_counted(reply, n) is counted


def _return_bottle(c: Any, order: dict[str, Any]) -> int:
    """The return of #W123's water bottle to PayPal, as confirmed: the call's message index."""
    return int(c.call("return_delivered_order_items", {"order_id": "#W123", "item_ids": ["6469567736"],
                                                       "payment_method_id": "paypal_5727330"},
                      {**order, "status": "return requested"}))


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 80, r80_06 32: a recap that cites the user's yes is judged by the description that yes answered
    ("Yes to the return.", []),
    ("Hmm, let me think about the return.", ["not_confirmed"]),
])
def test_a_recap_that_cites_the_users_yes(convo: Any, at: Any, order_w123: dict[str, Any], reply: str,
                                          kinds: list[str]) -> None:
    c = convo()
    c.user("I want to return the water bottle from #W123.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("To confirm: return the Water Bottle (item 6469567736) from #W123, $47.84 refunded to PayPal "
          "(paypal_5727330). Shall I go ahead?")
    c.user(reply)
    c.say("Now, you said yes to the return of the Water Bottle from #W123 with $47.84 refunded to PayPal. "
          "I'll submit that now.")
    i = _return_bottle(c, order_w123)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    # blind set 83, r83_04 28: keeping another item is no yes scoped to it
    ("Hm. The office chair is fine, I'm keeping it. Yes.", []),
    ("Yes. I'm keeping the office chair.", []),
    ("Just the office chair. Yes.", ["confirmation_not_covering"]),
])
def test_a_yes_beside_keeping_another_item(convo: Any, at: Any, order_w123: dict[str, Any], reply: str,
                                           kinds: list[str]) -> None:
    c = convo()
    c.user("I want to return my water bottle in #W123.")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    c.say("Here's the return:\n- Order: #W123\n- Water Bottle 1000ml blue (item 6469567736)\n"
          "- Refund: $47.84 to PayPal (paypal_5727330)\n\nThe office chair is not affected. Shall I go ahead?")
    c.user(reply)
    i = _return_bottle(c, order_w123)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("not_confirmed", "confirmation_not_covering")] == kinds


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 84, t84_05 21: a condition on the kind of action, which a refuel meets
    ("Yes. And 2 GB is fine, as long as it's not a plan change.", True),
    ("Yes. And 2 GB is fine, as long as it's not a refuel.", False),  # the very action: a refusal
    ("No, not a plan change.", False),
])
def test_a_yes_on_the_condition_that_it_is_not_another_kind_of_action(convo: Any, at: Any, reply: str,
                                                                     confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1001, my data on L1002 ran out.")
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan", "data_limit_gb": 15.0,
                                                 "price_per_month": 65.0, "data_refueling_price_per_gb": 2.0})
    c.say("The Premium Plan's refuel price is $2.00/GB, on your next bill; 2 GB on L1002 would be $4.00. Shall I?")
    c.user(reply)
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert (not {"not_confirmed", "confirmation_not_covering", "confirmation_withdrawn"} & set(found)) is confirmed, found


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 84, t84_11 33: a wrong call right after the yes, then the confirmed one, said as such
    ("Yes please enable it.", True),
    ("Hmm, what would it cost?", False),  # no yes before: a new description, with no yes after it
])
def test_the_confirmed_action_done_after_a_wrong_call(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1001, I'm abroad and L1002 has no data.")
    c.say("I'll enable roaming on line L1002 on our side. May I enable roaming on your line?")
    c.user(reply)
    c.call("disable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming was already disabled")
    c.say("Sorry, I called the wrong function there. I'll now do what you confirmed: **enable** roaming on L1002.")
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert ("not_confirmed" not in found) is confirmed, found


@pytest.mark.parametrize(("asked", "kinds"), [
    # the order named in the possessive (blind set 94, r94_08 22), after a plan for two orders one at a time
    ("Shall I update #W3579467's address to 48 Lakeshore Blvd, Apt 12, Dallas, TX 75201 now?", []),
    ("Shall I update the address of #W3579467 to 48 Lakeshore Blvd, Apt 12, Dallas, TX 75201 now?", []),
    ("Shall I update #W1787190's address to 48 Lakeshore Blvd, Apt 12, Dallas, TX 75201 now?",
     ["confirmation_not_covering"]),
])
def test_an_order_named_in_the_possessive(convo: Any, at: Any, asked: str, kinds: list[str]) -> None:
    c = convo(tools=_specs("retail"))
    c.user("I'm yusuf_khan_7091. Ship both my pending orders to 48 Lakeshore Blvd, Apt 12, Dallas, TX 75201.")
    for order, items in (("#W1787190", ["Water Bottle", "Laptop"]), ("#W3579467", ["Electric Kettle"])):
        c.call("get_order_details", {"order_id": order}, {"order_id": order, "status": "pending", "address": {
            "address1": "621 Highland Drive", "address2": "Suite 629", "city": "Dallas", "state": "TX", "country": "USA",
            "zip": "75313"}, "items": [{"name": name, "item_id": str(1000 + k), "price": 50.0} for k, name in enumerate(items)]})
    c.say("Both orders are **pending**, so their shipping addresses can be changed:\n\n- **#W1787190** (Water Bottle, "
          "Laptop)\n- **#W3579467** (Electric Kettle)\n\nLet's do them one at a time. First, change **#W1787190** to:"
          "\n\n48 Lakeshore Blvd, Apt 12, Dallas, TX 75201, USA\n\nShall I proceed with #W1787190? (yes/no)")
    c.user("yes")
    c.call("modify_pending_order_address", {"order_id": "#W1787190", "address1": "48 Lakeshore Blvd", "address2": "Apt 12",
                                            "city": "Dallas", "state": "TX", "country": "USA", "zip": "75201"},
           {"order_id": "#W1787190", "status": "pending"})
    c.say("#W1787190 now ships to 48 Lakeshore Blvd. Next, shall I change **#W3579467** to the same address?")
    c.user("wait, before that. I also want to change the kettle itself, to white. does the address change affect that?")
    c.say("No - changing the shipping address doesn't affect the items. You can still change the kettle afterwards "
          "(an order's items can be changed once). " + asked)
    c.user("yes please")
    i = c.call("modify_pending_order_address", {"order_id": "#W3579467", "address1": "48 Lakeshore Blvd",
                                                "address2": "Apt 12", "city": "Dallas", "state": "TX", "country": "USA",
                                                "zip": "75201"}, {"order_id": "#W3579467", "status": "pending"})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k in ("not_confirmed", "not_described", "confirmation_not_covering")] == kinds


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 98, a98_08 16: "I'll take the certificate" after a question about another remedy
    ("Fine, I'll take the certificate.", True),
    ("Fine, I'll take it.", True),
    ("Fine. I'll take it from here.", False),
    ("Fine, I'll think about the certificate.", False),
])
def test_ill_take_it_says_yes(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("airline"), domain="airline")
    c.user("My flight HAT039 on M61CQM was delayed. I'm ethan_martin_2396, a silver member.")
    c.say("As a silver member with 3 passengers on M61CQM, you can get a $150 travel certificate ($50 per passenger). "
          "Would you like me to issue it?")
    c.user("Can't I just get a refund to my card instead?")
    c.say("I'm not able to offer a refund to your card for a delay; the compensation available is the travel certificate.")
    c.user(reply)
    i = c.call("send_certificate", {"user_id": "ethan_martin_2396", "amount": 150},
               "Certificate certificate_3221322 added to user ethan_martin_2396 with amount 150.")
    reasons = at(certify_interaction(c.build()), i).reasons
    assert (not any("confirmation" in r for r in reasons)) is confirmed, reasons


@pytest.mark.parametrize(("change", "confirmed"), [
    # blind set 101, t101_07 46: "not now", then the user changes their mind back
    ("Actually, send it.", True),
    ("Oh wait, actually send me that payment request after all.", True),
    ("Wait, actually send it later.", False),  # put off
    ("Wait, send it.", False),  # a hold, then an order: which stands is not clear
    ("Actually, send the other one.", False),  # another bill
])
def test_a_no_taken_back_by_an_order(convo: Any, at: Any, change: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1002 here, is my bill paid?")
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, BILLS)
    c.say("B1005 ($140.00) shows Issued, so it isn't paid yet. Would you like me to send a payment request for it?")
    c.user("Not now, I'll pay it from home.")
    c.say("Understood, it's there whenever you're ready.")
    c.user(change)
    i = c.call("send_payment_request", {"customer_id": "C1002", "bill_id": "B1005"}, "Payment request sent")
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("answer", "confirmed"), [
    # blind set 102, r102_07 28: the items the user sends back are their part of the exchange, no other action
    ("It is refunded to your PayPal paypal_2143483, within 24 hours of the carrier scanning the items you send back.",
     True),
    ("It goes to PayPal paypal_2143483 once you send the tablet back.", True),
    ("It is refunded to your PayPal paypal_2143483. Shall I also send you a gift card?", False),
])
def test_the_items_the_user_sends_back_are_no_other_action(convo: Any, at: Any, answer: str, confirmed: bool) -> None:
    c = _tablet_order_looked_up(convo)
    c.say("#W7868134: exchange Tablet 3788616824 (black) -> 6948061616 (gold); $0.25 refunded to PayPal "
          "paypal_2143483. Go ahead?")
    c.user("Before I confirm: how does the refund get to me?")
    c.say(answer)
    c.user("Fine. Yes.")
    i = c.call("exchange_delivered_order_items", {"order_id": "#W7868134", "item_ids": ["3788616824"],
                                                  "new_item_ids": ["6948061616"], "payment_method_id": "paypal_2143483"},
               {"order_id": "#W7868134", "status": "exchange requested"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("described", "address2", "kinds"), [
    # blind set 104, r104_06 57: the old address's unit carried over into a new address described without one
    ("To confirm: set your default address to 77 Aspen Court, Denver, CO 80205, USA. Shall I go ahead?", "Suite 397",
     ["argument_not_confirmed"]),
    ("To confirm: set your default address to 77 Aspen Court, Denver, CO 80205, USA. Shall I go ahead?", "", []),
    ("To confirm: set your default address to 77 Aspen Court, Suite 397, Denver, CO 80205, USA. Shall I go ahead?",
     "Suite 397", []),
])
def test_a_unit_the_description_did_not_give_must_not_be_sent(convo: Any, at: Any, described: str, address2: str,
                                                              kinds: list[str]) -> None:
    asked = "I moved. Please update my address to 77 Aspen Court, Denver, CO 80205. user mia_johansson_7000"
    sent = {"address1": "77 Aspen Court", "address2": address2, "city": "Denver", "state": "CO", "zip": "80205"}
    assert _unit_kinds(convo, at, asked, described, sent) == kinds


@pytest.mark.parametrize(("reply", "confirmed"), [
    # blind set 104, t104_11 42: a later call about something else, after a plain yes
    ("Yes please, turn it back on. I'll call back once he agrees.", True),
    ("Yes please, turn it back on. I'll call back to confirm.", False),  # the call back decides it
    ("Hmm. I'll call back next week.", False),  # no yes before it
])
def test_a_call_back_after_a_plain_yes(convo: Any, at: Any, reply: str, confirmed: bool) -> None:
    c = convo(tools=_specs("telecom"), domain="telecom")
    c.user("customer C1045. my son's line 555-537-8111 was suspended by mistake")
    c.call("get_customer_by_id", {"customer_id": "C1045"}, {"customer_id": "C1045", "line_ids": ["L1079"]})
    c.call("get_details_by_id", {"id": "L1079"}, {"line_id": "L1079", "phone_number": "555-537-8111",
                                                  "status": "Suspended"})
    c.say("Line 555-537-8111 (L1079) is Suspended. If you like, I can resume it right away.")
    c.user(reply)
    done = c.call("resume_line", {"customer_id": "C1045", "line_id": "L1079"}, {"message": "Line resumed"})
    assert at(certify_interaction(c.build()), done).checks["workflow"] is confirmed
