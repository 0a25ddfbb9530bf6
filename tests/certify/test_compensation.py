"""A compensation certificate offered to a customer the policy does not make eligible
(certify/compensation.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.compensation import (
    bag_certificate_rule,
    certificate_for_bags,
    certificate_for_change,
    certificates_offered,
    compensation_rule,
    difference_rule,
    flight_cases_rule,
    flight_trouble_said,
    ineligible,
    offer_first_rule,
)
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs


def test_the_rule_is_read_from_the_policy() -> None:
    assert compensation_rule(POLICY).startswith("Offer a certificate only when the customer complains")
    assert compensation_rule("Certificates can pay for flights.") == ""


@pytest.mark.parametrize(("text", "offered"), [
    ("And to make up for the inconvenience, I can also issue you a **$100 travel certificate**.", True),
    ("Would you like a voucher? I can offer you a $50 certificate.", True),
    ("Unfortunately you're not eligible for a compensation certificate.", False),
    ("The $100 certificate you hold can pay for it.", False),  # a certificate the user has, no offer
    ("I can offer a 50 dollar travel certificate for the delay.", True),  # the amount in words (blind set 70, a70_03)    # (blind set 90, a90_10 26)
    ("Since you have insurance, I'd like to make it up to you with a $50 travel certificate for the inconvenience.",
     True),
    ("I can't make it up to you with a certificate, I'm afraid.", False),
])
def test_a_certificate_offered(text: str, offered: bool) -> None:
    assert bool(certificates_offered(text)) is offered


@pytest.mark.parametrize(("tiers", "cabin", "insurance", "out"), [
    ({"regular"}, "economy", "no", True),
    ({"silver"}, "economy", "no", False),
    ({"regular"}, "business", "no", False),
    ({"regular"}, "economy", "yes", False),
    ({"regular", "gold"}, "economy", "no", False),  # two profiles: whose is unclear
    ({"regular"}, None, "no", False),  # no cabin shown
])
def test_eligibility_by_the_record(tiers: set[str], cabin: Any, insurance: Any, out: bool) -> None:
    assert ineligible(tiers, cabin, insurance) is out


@pytest.mark.parametrize(("membership", "kinds"), [
    ("regular", ["text_contradicts_policy"]),  # blind audit a56_02, a54_10
    ("gold", []),
])
def test_a_certificate_offered_against_the_policy(convo: Any, at: Any, membership: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Your airline cancelled my flight! I'm isabella_davis_2143, reservation 521ARH.")
    c.call("get_user_details", {"user_id": "isabella_davis_2143"}, {"membership": membership, "reservations": ["521ARH"]})
    c.call("get_reservation_details", {"reservation_id": "521ARH"},
           {"reservation_id": "521ARH", "cabin": "economy", "insurance": "no", "created_at": "2024-05-08T13:25:59"})
    i = c.say("I'm sorry. I can also issue you a $100 travel certificate for the trouble.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("cabin", "insurance", "said", "kinds"), [
    # blind audit a66_08: refused by membership alone, where the booking's cabin and insurance make her eligible
    ("business", "yes", "I'm sorry, but compensation certificates are only available to silver and gold members, "
                        "and your account is a regular membership.", ["text_contradicts_policy"]),
    ("economy", "no", "I'm sorry, but compensation certificates are only available to silver and gold members, "
                      "and your account is a regular membership.", []),
    # another condition (delay compensation needs a change or cancellation): no eligibility refused
    ("business", "yes", "Delay compensation is only given when the reservation is changed or cancelled.", []),
    # no reservation named: the one looked up last (blind audit a64_12)
    ("business", "yes", "Since you're a regular member, you aren't eligible for compensation.",
     ["text_contradicts_policy"]),
    ("economy", "no", "Since you're a regular member, you aren't eligible for compensation.", []),
])
def test_a_certificate_refused_against_the_policy(convo: Any, at: Any, cabin: str, insurance: str, said: str,
                                                  kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Your airline cancelled my flight on 521ARH and nobody offered me anything! I'm isabella_davis_2143.")
    c.call("get_user_details", {"user_id": "isabella_davis_2143"}, {"membership": "regular", "reservations": ["521ARH"]})
    c.call("get_reservation_details", {"reservation_id": "521ARH"},
           {"reservation_id": "521ARH", "cabin": cabin, "insurance": insurance, "created_at": "2024-05-08T13:25:59"})
    i = c.say(said if said.startswith("Since") else f"I see 521ARH. {said}")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


def test_the_offer_first_rule_is_read_from_the_policy() -> None:
    assert offer_first_rule(POLICY).startswith("Offer a certificate only when the customer complains")
    assert offer_first_rule("Offer a certificate to eligible customers.") == ""


@pytest.mark.parametrize(("user", "kinds"), [
    # blind audit a57_01: a cancellation the user asked for, then a certificate offered unasked
    ("Please cancel JEPRZB, my plans changed.", ["text_contradicts_policy"]),
    # a complaint, but of no flight cancelled, delayed or moved: none the policy compensates (blind set 77, a77_07)
    ("Please cancel JEPRZB. Your service has ruined my trip, this is unacceptable.", ["text_contradicts_policy"]),
    # words between the flight and its cancellation (blind set 62, a62_08)
    ("Also, my own flight with you back in April got cancelled and I never got anything for it.", []),
    ("Also, my own flight with you back in April went fine, thanks.", ["text_contradicts_policy"]),
    # blind audit a66_08: nine words between, and "nobody offered me anything"
    ("my flight on may 11 from phoenix to new york got cancelled and nobody offered me anything.", []),
    ("my flight on may 11 from phoenix to new york is on time.", ["text_contradicts_policy"]),
    # "no complaints" complains of nothing (blind set 75, a75_06)
    ("the JFK-Seattle leg got moved on the 11th and they rebooked me, worked out fine, no complaints.",
     ["text_contradicts_policy"]),
    ("the JFK-Seattle leg got moved on the 11th and they rebooked me; I have complaints about that.", []),
])
def test_a_certificate_offered_first(convo: Any, at: Any, user: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user(f"I'm anya_brown_2655. {user}")
    c.call("get_user_details", {"user_id": "anya_brown_2655"}, {"user_id": "anya_brown_2655", "membership": "gold"})
    c.call("get_reservation_details", {"reservation_id": "JEPRZB"},
           {"reservation_id": "JEPRZB", "cabin": "economy", "insurance": "no"})
    i = c.say("Since you're a Gold member, I can also add a $100 travel certificate to your account.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("user", "kinds"), [
    # blind set 103, a103_10 37: a certificate held out on a condition, the user having asked for none
    ("Please cancel JEPRZB, my plans changed.", ["text_contradicts_policy"]),
    ("Please cancel JEPRZB. My last flight with you got cancelled and I never got anything for it.", []),
    ("Does the insurance cover anything if my flight is late?", []),  # asked about (blind set 102, a102_10 33)
])
def test_a_certificate_held_out_on_a_condition_unasked(convo: Any, at: Any, user: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user(f"I'm anya_brown_2655. {user}")
    c.call("get_user_details", {"user_id": "anya_brown_2655"}, {"user_id": "anya_brown_2655", "membership": "gold"})
    i = c.say("Sure. Also, if HAT175 ends up delayed you'd be entitled to a $50 certificate per passenger - just let "
              "us know.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


def _book_with_certificate(c: Any, user_id: str, person: tuple[str, str, str], certificate: str,
                           book: bool = True) -> None:
    """The profile with one $500 certificate, then (with ``book``) HAT135 booked for $190 with it."""
    first, last, dob = person
    c.call("get_user_details", {"user_id": user_id}, {"user_id": user_id, "dob": dob, "payment_methods": {
        certificate: {"source": "certificate", "amount": 500}}})
    if not book:
        return
    c.call("search_direct_flight", {"origin": "PHL", "destination": "LGA", "date": "2024-05-25"},
           [{"flight_number": "HAT135", "prices": {"basic_economy": 190}}])
    c.say(f"Book HAT135 PHL -> LGA on May 25, basic economy, one way, no bags, no insurance, $190 on {certificate}?")
    c.user("yes")
    c.call("book_reservation", {
        "user_id": user_id, "origin": "PHL", "destination": "LGA", "flight_type": "one_way",
        "cabin": "basic_economy", "flights": [{"flight_number": "HAT135", "date": "2024-05-25"}],
        "passengers": [{"first_name": first, "last_name": last, "dob": dob}],
        "payment_methods": [{"payment_id": certificate, "amount": 190}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"},
        {"reservation_id": "HATHAT", "payment_history": [{"payment_id": certificate, "amount": 190}]})


@pytest.mark.parametrize(("report", "kinds"), [
    # blind audits a66_11, a65_07: the booking tool says a used certificate is consumed
    ("Booked: HATHAT. $190 was paid with certificate_6366355; the remaining $310 stays on the certificate for a "
     "future booking.", ["text_contradicts_policy"]),
    ("Booked: HATHAT. The $190 was paid with your certificate, and the remaining $310 stays on it for your next "
     "trip.", ["text_contradicts_policy"]),
    ("Booked: HATHAT. $190 was paid with certificate_6366355, which is now used up.", []),
    ("Booked: HATHAT. $190 was paid with your certificate, which still has $310 left for a future trip.",
     ["text_contradicts_policy"]),  # blind audit a60_03
    # what is left of another method, a gift card (blind set 77, a77_05)
    ("Booked: HATHAT. The $190 certificate has been used and gift card 8364520 now has $152 left.", []),
    ("Booked: HATHAT. $190 was paid with your certificate, which now has $310 left.", ["text_contradicts_policy"]),
    # what is left said not to stay (blind set 76, a76_04)
    ("Booked: HATHAT. $190 was paid with your certificate, and the remaining $310 would not stay on it.", []),
    ("Booked: HATHAT. $190 was paid with your certificate, so the remaining $310 won't stay on it.", []),
])
def test_what_is_left_of_a_used_certificate_does_not_stay(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm olivia_li_1537; book HAT135 for me on May 25, basic economy, paid with my $500 certificate.")
    _book_with_certificate(c, "olivia_li_1537", ("Olivia", "Li", "1954-11-18"), "certificate_6366355")
    i = c.say(report)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


def test_what_is_left_of_a_certificate_offered_for_a_booking_does_not_stay(convo: Any, at: Any) -> None:
    # blind audit a62_07: said of a booking offered, before any write
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm olivia_li_1537; book HAT135 on May 25 with my certificate.")
    offer = c.say("Use the $250 certificate for $155; the unused $95 stays on that certificate for a future booking.")
    plain = c.say("Use the $250 certificate for $155; a used certificate is consumed, so the other $95 is lost.")
    cert = certify_interaction(c.build())
    assert "text_contradicts_policy" in [reason_kind(r) for r in at(cert, offer).reasons]
    assert "text_contradicts_policy" not in [reason_kind(r) for r in at(cert, plain).reasons]


@pytest.mark.parametrize(("said", "kinds"), [
    # "would remain on it", the certificate in the sentence before (blind set 90, a90_08 19)
    ("Your certificate certificate_6366355 has $500. After paying $375, **$125** would remain on it for your next "
     "booking.", ["text_contradicts_policy"]),
    # what is left to pay, no certificate's (blind set 87, a87_01 25)
    ("If you use the $250 certificate, $5 would remain; the remainder can go on a credit card.", []),
    # "you'd have $125 left on the certificate" (blind set 91, a91_04 13; blind set 79, a79_06 22)
    ("Your certificate has $500. After paying $375, you'd have **$125** left on the certificate for a future trip.",
     ["text_contradicts_policy"]),
    # other certificates, not the rest of the one used (blind set 91, a91_03 51)
    ("A booking can use only one certificate. The remaining two certificates stay on your profile for future "
     "bookings.", []),
])
def test_what_would_remain_on_a_certificate_offered(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm olivia_li_1537; book HAT135 on May 25 with my certificate.")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


def test_a_refusal_naming_no_booking_is_read_of_the_one_looked_up_last(convo: Any, at: Any) -> None:
    # blind audit a64_12: two reservations looked up, the complaint about the second, a business one
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm isabella_davis_2143. First, is UEMRO5 all right? And my flight on QYVGUS was delayed, it's unacceptable.")
    c.call("get_user_details", {"user_id": "isabella_davis_2143"}, {"membership": "regular"})
    c.call("get_reservation_details", {"reservation_id": "UEMRO5"},
           {"reservation_id": "UEMRO5", "cabin": "economy", "insurance": "no", "created_at": "2024-05-08T13:25:59"})
    c.call("get_reservation_details", {"reservation_id": "QYVGUS"},
           {"reservation_id": "QYVGUS", "cabin": "business", "insurance": "yes", "created_at": "2024-05-01T10:00:00"})
    i = c.say("I'm sorry about the delay. Since you're a regular member, you aren't eligible for compensation.")
    assert "text_contradicts_policy" in [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]


@pytest.mark.parametrize(("used", "kinds"), [(True, ["text_contradicts_policy"]), (False, [])])
def test_a_certificate_an_earlier_booking_used_does_not_still_hold_its_amount(convo: Any, at: Any, used: bool,
                                                                              kinds: list[str]) -> None:
    # blind audit a67_12: the first booking used certificate_7924117
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm juan_sanchez_6008; book HAT135 on May 25 with my certificate.")
    _book_with_certificate(c, "juan_sanchez_6008", ("Juan", "Sanchez", "1968-04-19"), "certificate_7924117", book=used)
    i = c.say("Next: $130 on certificate_7924117, which still has its $500. Confirm?")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("certificates", "kinds"), [
    # blind audit a63_06: two certificates pay one booking, where the policy allows at most one
    (["certificate_6042896", "certificate_2002785"], ["against_policy"]),
    (["certificate_6042896", "gift_card_2002785"], []),
])
def test_a_booking_paid_with_two_certificates_is_against_the_policy(convo: Any, at: Any, certificates: list[str],
                                                                    kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm olivia_li_1537; book HAT135 PHL -> LGA on May 25, basic economy, and use both my $100 balances.")
    c.call("get_user_details", {"user_id": "olivia_li_1537"}, {"user_id": "olivia_li_1537", "dob": "1954-11-18",
           "payment_methods": {p: {"source": p.rsplit("_", 1)[0], "amount": 100} for p in certificates}})
    c.call("search_direct_flight", {"origin": "PHL", "destination": "LGA", "date": "2024-05-25"},
           [{"flight_number": "HAT135", "prices": {"basic_economy": 190}}])
    c.say(f"Book HAT135 PHL -> LGA on May 25, basic economy, one way, no bags, no insurance, $190: $100 on "
          f"{certificates[0]} and $90 on {certificates[1]}?")
    c.user("yes")
    i = c.call("book_reservation", {
        "user_id": "olivia_li_1537", "origin": "PHL", "destination": "LGA", "flight_type": "one_way",
        "cabin": "basic_economy", "flights": [{"flight_number": "HAT135", "date": "2024-05-25"}],
        "passengers": [{"first_name": "Olivia", "last_name": "Li", "dob": "1954-11-18"}],
        "payment_methods": [{"payment_id": certificates[0], "amount": 100}, {"payment_id": certificates[1], "amount": 90}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}, {"reservation_id": "HATHAT"})
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "against_policy"] == kinds, found


def _delay_complaint(convo: Any, complaint: str, change: bool, promise: str = "I'm sorry. As a Gold member you're "
                     "eligible for a $50 certificate for the delay on SA7J19. Shall I issue it?") -> tuple[Any, int]:
    """A gold member's complaint about SA7J19, which is cancelled first with ``change``, then a $50
    certificate offered; returns the conversation and the offer's index."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user(f"I'm harper_jackson_1850. {complaint}")
    c.call("get_user_details", {"user_id": "harper_jackson_1850"}, {"membership": "gold", "reservations": ["SA7J19"]})
    c.call("get_reservation_details", {"reservation_id": "SA7J19"}, {
        "reservation_id": "SA7J19", "cabin": "business", "insurance": "no", "created_at": "2024-05-01T10:00:00",
        "passengers": [{"first_name": "Harper", "last_name": "Jackson", "dob": "1980-01-01"}]})
    if change:
        c.say("I can cancel SA7J19 with a full refund, as its cabin is business. Shall I?")
        c.user("yes")
        c.call("cancel_reservation", {"reservation_id": "SA7J19"}, {"reservation_id": "SA7J19", "status": "cancelled"})
    return c, c.say(promise)


@pytest.mark.parametrize(("complaint", "change", "kinds"), [
    # blind audits a61_07, a63_04, a64_01, a68_09: a delay is compensated only after a change or cancellation
    ("My flight on SA7J19 was delayed 4 hours. I want compensation.", False, ["text_contradicts_policy"]),
    ("My flight on SA7J19 was delayed 4 hours, so cancel it. And I want compensation.", True, []),
    ("The airline cancelled my flight on SA7J19 and then it was delayed. I want compensation.", False, []),
    # a delay said as lateness (blind set 72, a72_06)
    ("also SA7J19's ATL to LGA leg on the 8th was late. want compensation", False, ["text_contradicts_policy"]),
    # ... or as running late (blind set 78, a78_01)
    ("my flight today on SA7J19 is running 3 hours late. that's ridiculous", False, ["text_contradicts_policy"]),
])
@pytest.mark.parametrize("promise", [
    "I'm sorry. As a Gold member you're eligible for a $50 certificate for the delay on SA7J19. Shall I issue it?",
    # the amount one is due, and the certificate in a question of its own (blind set 69, a69_04)
    "I'm sorry about the delay on SA7J19. As a gold member you're eligible for 50 dollars per passenger for a delayed "
    "flight. Shall I send it as a certificate?",
])
def test_a_delay_is_compensated_only_after_a_change_or_cancellation(convo: Any, at: Any, complaint: str, change: bool,
                                                                     kinds: list[str], promise: str) -> None:
    c, offer = _delay_complaint(convo, complaint, change, promise)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), offer).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("change", "kinds"), [(False, ["against_policy"]), (True, [])])
def test_a_certificate_sent_for_a_delay_needs_the_change_first(convo: Any, at: Any, change: bool,
                                                                kinds: list[str]) -> None:
    c, _ = _delay_complaint(convo, "My flight on SA7J19 was delayed 4 hours, change or cancel it if needed.", change)
    c.user("yes please")
    i = c.call("send_certificate", {"user_id": "harper_jackson_1850", "amount": 50},
               "Certificate certificate_3221322 added to user harper_jackson_1850 with amount 50.")
    report = c.say("I've added a $50 travel certificate (certificate_3221322) to your account for the delay.")
    cert = certify_interaction(c.build())
    assert [k for k in map(reason_kind, at(cert, i).reasons) if k == "against_policy"] == kinds
    assert "text_contradicts_policy" not in [reason_kind(r) for r in at(cert, report).reasons]  # a report, no offer


CHANGE = "Confirming: change M9OL3W to business on the same four flights, charging $3,210 to the Mastercard. Go ahead?"


def test_the_fare_difference_rule_is_read_from_the_policy() -> None:
    assert difference_rule(POLICY) == ("A fare difference is paid or refunded with a credit card or gift card, never "
                                       "with a certificate")
    assert difference_rule("Payment: at most one certificate per booking.") == ""


@pytest.mark.parametrize(("text", "before", "said"), [
    # blind sets 63 and 71 (a63_02, a71_09): a certificate said to pay a change's fare difference
    ("Yes — you can apply certificate 8482931 ($250), and the remaining $2,960 would go on the Mastercard.", CHANGE,
     True),
    ("Yes, certificates can be applied to an upgrade: I'd take $100 from certificate_1959696.", "", True),
    ("A certificate can't be used for the fare difference; the $3,210 goes on a card.", CHANGE, False),
    ("You can apply certificate 8482931 ($250) to the new booking.", "", False),  # a booking may use one
    ("You can apply certificate 8482931 ($250) and pay the rest by card.", "Shall I book HAT014 for you?", False),
    # "can pay for ... fare differences" (blind set 74, a74_11)
    ("Tip: your other certificate, certificate_9932251 ($250.00), can pay for bag fees or fare differences next "
     "time.", "", True),
    ("Tip: certificate_9932251 ($250.00) can't pay for fare differences.", "", False),
    # "it", beside a booking it may pay (blind set 75, a75_04)
    ("Certificate certificate_3221322 for 200 dollars has been added. You can use it toward a new booking or to pay "
     "the fare difference on a flight change.", "", True),
    ("Certificate certificate_3221322 for 200 dollars has been added. You can use it toward a new booking, but not "
     "to pay the fare difference on a flight change.", "", False),
    # a list after "toward" (blind set 95, a95_07 24)
    ("Done: certificate_3221322 for $150 was added. You can use it toward any future booking, fare difference or "
     "extra bags.", "", True),
    ("Done: certificate_3221322 for $150 was added. You can use it toward any future booking.", "", False),
    # the difference said as "$N extra", no word of a change (blind set 100, a100_09 28)
    ("HAT286 and HAT047 would be $1815 extra. You could also use your $500 certificate to bring it down to $1315.",
     "With HAT190 the cost is $2010 for the three of you.", True),
    ("HAT286 and HAT047 would be $1815 in all. You could also use your $500 certificate to bring it down to $1315.",
     "Shall I book HAT286 and HAT047?", False),
])
def test_a_certificate_said_to_pay_a_change(text: str, before: str, said: bool) -> None:
    assert bool(certificate_for_change(text, before)) is said


def test_the_bag_tool_rules_certificates_out() -> None:
    descriptions = {s.name: s.function.description or "" for s in tool_specs("airline")}
    assert "certificates cannot be used" in bag_certificate_rule(descriptions)
    assert bag_certificate_rule({"update_reservation_baggages": "Change the number of checked bags."}) == ""
    # the words on another tool than the bags' say nothing of bags
    assert bag_certificate_rule({"update_reservation_flights": "(certificates cannot be used)"}) == ""


@pytest.mark.parametrize(("text", "said"), [
    # blind sets 95 and 99 (a95_01 36, a99_03 38): a certificate said to pay for bags added later
    ("certificate_4856383 still has $100, and yes, you can use it later to pay for any extra bags you add.", True),
    ("Yes, your $150 certificate (certificate_7473723) can be used for bag fees.", True),
    ("No, a certificate can't be used for bag fees; bags go on a card or gift card.", False),
    ("certificate_4856383 still has $100. Bags you add later go on a card.", False),
    ("You can use the certificate when you book, bags included.", False),  # a booking's total may use one
])
def test_a_certificate_said_to_pay_for_bags(text: str, said: bool) -> None:
    assert bool(certificate_for_bags(text)) is said


@pytest.mark.parametrize(("answer", "kinds"), [
    ("Yes, your $150 certificate (certificate_7473723) can be used for bag fees.", ["text_contradicts_policy"]),
    ("No, certificate_7473723 can't pay for bags; a card or gift card can.", []),
])
def test_a_certificate_for_bags_goes_against_the_bag_tool(convo: Any, at: Any, answer: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm ivan_1. Can my certificate pay for extra bags later?")
    c.call("get_user_details", {"user_id": "ivan_1"}, {"user_id": "ivan_1", "payment_methods": {
        "certificate_7473723": {"source": "certificate", "amount": 150, "id": "certificate_7473723"}}})
    i = c.say(answer)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)] == kinds


@pytest.mark.parametrize(("method", "kinds"), [("certificate_8482931", ["against_policy"]), ("credit_card_1", [])])
def test_a_change_paid_with_a_certificate_goes_against_the_policy(convo: Any, at: Any, method: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Upgrade M9OL3W to business, pay with my certificate_8482931 or credit_card_1. I'm ivan_1.")
    c.call("get_user_details", {"user_id": "ivan_1"}, {"user_id": "ivan_1", "payment_methods": {
        "certificate_8482931": {"source": "certificate", "amount": 250, "id": "certificate_8482931"},
        "credit_card_1": {"source": "credit_card", "last_four": "7345", "id": "credit_card_1"}}})
    c.call("get_reservation_details", {"reservation_id": "M9OL3W"}, {
        "reservation_id": "M9OL3W", "cabin": "economy", "flights": [{"flight_number": "HAT275", "date": "2024-05-19"}]})
    c.say(f"Change M9OL3W to business on HAT275, paid with {method}. Go ahead?")
    c.user("yes")
    i = c.call("update_reservation_flights", {"reservation_id": "M9OL3W", "cabin": "business", "payment_id": method,
                                              "flights": [{"flight_number": "HAT275", "date": "2024-05-19"}]},
               {"reservation_id": "M9OL3W", "cabin": "business"})
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "against_policy"] == kinds


def test_the_policy_compensates_cancelled_and_delayed_flights_only() -> None:
    assert "Cancelled flight" in flight_cases_rule(POLICY)
    assert flight_cases_rule("Offer a certificate to gold members who complain.") == ""
    assert flight_trouble_said("my flight got cancelled") and flight_trouble_said("it was delayed 3 hours")
    assert not flight_trouble_said("I want to cancel my trip. That's inconvenient.")


@pytest.mark.parametrize(("complaint", "kinds"), [
    # blind set 77, a77_07: a certificate for the inconvenience of a rule, no flight cancelled or delayed
    ("That's inconvenient.", ["text_contradicts_policy", "against_policy"]),
    ("That's inconvenient, and my last flight was delayed 4 hours after you changed it.", []),
])
def test_a_certificate_for_no_cancelled_or_delayed_flight(convo: Any, complaint: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm omar_sanchez_7760. I'd like to add my son to booking OCXNIX.")
    c.call("get_user_details", {"user_id": "omar_sanchez_7760"}, {"user_id": "omar_sanchez_7760", "membership": "silver"})
    c.say("I'm sorry, the number of passengers on a reservation can't be changed. He would need a separate booking.")
    c.user(complaint)
    offer = c.say("I understand. As a Silver member, I can offer you a $50 travel certificate for the inconvenience. "
                  "Would you like that?")
    c.user("Well, sure.")
    sent = c.call("send_certificate", {"user_id": "omar_sanchez_7760", "amount": 50}, "Certificate sent")
    cert = certify_interaction(c.build())
    found = [reason_kind(r) for i in (offer, sent) for r in next(d for d in cert.decisions if d.message_index == i).reasons]
    assert [k for k in found if k in ("text_contradicts_policy", "against_policy")] == kinds, found


@pytest.mark.parametrize(("sent", "kinds"), [
    # blind set 103, a103_05 42: the certificate the call just sent, reported; the call is what breaks the policy
    (True, []),
    (False, ["text_contradicts_policy"]),  # none sent: a claim of compensation the policy does not give
])
def test_a_certificate_sent_then_reported_is_no_promise(convo: Any, at: Any, sent: bool, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm omar_sanchez_7760. I'd like to add my son to booking OCXNIX.")
    c.call("get_user_details", {"user_id": "omar_sanchez_7760"}, {"user_id": "omar_sanchez_7760", "membership": "gold"})
    c.say("I'm sorry, the number of passengers on a reservation can't be changed. He would need a separate booking.")
    c.user("This is terrible service for a gold member. I want compensation.")
    if sent:
        c.call("send_certificate", {"user_id": "omar_sanchez_7760", "amount": 100},
               "Certificate certificate_3221322 added to user omar_sanchez_7760 with amount 100.")
    i = c.say("I've added a $100 travel certificate to your profile.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("complaint", "kinds"), [
    # blind set 78, a78_07: the certificate named at the call's amount, then "Want it?": an offer to send it
    ("my flight HAT021 on the 13th got cancelled and I had to rebook with another airline. what do you offer", []),
    # blind set 75, a75_06: the user complained of nothing, so the certificate sent is against the policy
    ("the HAT021 leg got moved on the 13th and they rebooked me, worked out fine, no complaints",
     ["against_policy"]),
])
def test_a_certificate_offered_by_its_word_and_amount(convo: Any, complaint: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user(f"I'm mohamed_taylor_9830. Last week, on KY93IV, {complaint}")
    c.call("get_user_details", {"user_id": "mohamed_taylor_9830"}, {"user_id": "mohamed_taylor_9830", "membership": "gold"})
    c.call("get_reservation_details", {"reservation_id": "KY93IV"}, {
        "reservation_id": "KY93IV", "cabin": "economy", "insurance": "no", "flights": [
            {"flight_number": "HAT021", "date": "2024-05-13", "price": 151}],
        "passengers": [{"first_name": "Mohamed", "last_name": "Taylor"}, {"first_name": "Daiki", "last_name": "Martin"}]})
    c.say("Sorry about that. Gold member + cancelled flight = $100 per passenger. KY93IV had 2 passengers, so $200 as "
          "a travel certificate. Want it?")
    c.user("yes")
    i = c.call("send_certificate", {"user_id": "mohamed_taylor_9830", "amount": 200}, "Certificate sent")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    found = [reason_kind(r) for r in decision.reasons]
    assert "not_described" not in found, found
    assert [k for k in found if k == "against_policy"] == kinds, found


@pytest.mark.parametrize("words", ["I am really unhappy about it.", "Honestly very annoying.", "I'm fed up."])
def test_more_words_of_a_complaint(words: str) -> None:
    from trajectory2gym.certify.compensation import complained

    assert complained(words.lower())


def test_the_policys_certificate_per_passenger_for_each_case() -> None:
    from trajectory2gym.certify.compensation import case_rates, complaint_case

    assert case_rates(flight_cases_rule(POLICY)) == {"cancelled": 10000, "delayed": 5000}
    assert complaint_case(["my flight HAT255 was delayed by 5 hours"]) == "delayed"
    assert complaint_case(["my flight HAT255 got cancelled yesterday"]) == "cancelled"
    assert complaint_case(["I'd like to change my flight"]) is None


@pytest.mark.parametrize(("amount", "kinds"), [
    (50, []),
    # blind set 78, a78_06: one passenger's delay after a change is $50, not $100
    (100, ["text_contradicts_policy", "against_policy"]),
])
def test_a_certificate_of_the_amount_the_case_gives(convo: Any, amount: int, kinds: list[str]) -> None:
    c, _ = _delay_complaint(convo, "My flight on SA7J19 was delayed 5 hours, so cancel it.", True,
                            f"I'm sorry. As a Gold member whose flight was delayed and then cancelled, you qualify for a "
                            f"${amount} travel certificate. Shall I send it?")
    c.user("yes")
    i = c.call("send_certificate", {"user_id": "harper_jackson_1850", "amount": amount}, "Certificate sent")
    cert = certify_interaction(c.build())
    found = [reason_kind(r) for d in cert.decisions if d.message_index in (i - 2, i) for r in d.reasons]
    assert [k for k in found if k in ("text_contradicts_policy", "against_policy")] == kinds, found


@pytest.mark.parametrize(("complaint", "said", "kinds"), [
    # blind sets 97 and 99 (a97_04 78, a99_11 38): a certificate said to be due, for no cancelled or delayed flight
    ("Since my mother is sick, is there any compensation?",
     "As a silver member you're eligible for a $50 certificate per passenger, $150 in total, for the trouble.",
     ["text_contradicts_policy"]),
    ("My flight was delayed 4 hours. Is there any compensation?",
     "As a silver member you're eligible for a $50 certificate per passenger, $150 in total, for the delay.", []),
])
def test_a_certificate_said_to_be_due_for_no_flight_trouble(convo: Any, at: Any, complaint: str, said: str,
                                                            kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm omar_sanchez_7760. Add three bags to OWZ4XL.")
    c.call("get_user_details", {"user_id": "omar_sanchez_7760"}, {"user_id": "omar_sanchez_7760", "membership": "silver"})
    c.say("Done, OWZ4XL has 3 checked bags at no charge.")
    c.user(complaint)
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_policy"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 100, a100_06 30: "all three certificates" to pay one booking
    ("You can apply all three certificates ($1000) plus both gift cards ($327), leaving $1286 on your Mastercard.",
     ["text_contradicts_policy"]),
    ("You can apply one certificate ($500) plus both gift cards ($327), leaving $1786 on your Mastercard.", []),
])
def test_all_certificates_said_to_pay_one_booking(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm mohamed_silva_9265; book the business round trip, certificates first, then gift cards.")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_policy"] == kinds
