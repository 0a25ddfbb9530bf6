"""A refund on cancellation that the policy does not give (certify/cancel_refund.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.cancel_refund import (
    any_reason_said,
    cancel_offered,
    cancellation_rule,
    covered_words,
    gives_covered_reason,
    insurance_rule,
    insured_change_said,
    insured_refunds_said,
    refund_unowed,
    refunds_said,
)
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs

TODAY = date(2024, 5, 15)


def test_the_rule_is_read_from_the_policy() -> None:
    rule = cancellation_rule(POLICY)
    assert rule.startswith("Cancel the whole reservation") and "24 hours" in rule
    assert cancellation_rule("Refunds go back to the original payment methods.") == ""


@pytest.mark.parametrize(("text", "said"), [
    ("Since the flight is still a week away, you can cancel and receive a full refund of **$280**. Shall I?", True),
    ("I can cancel it and refund $280 to your Mastercard.", True),
    ("Unfortunately it can't be cancelled for a refund.", False),
    ("If it had been booked within 24 hours, you could cancel for a full refund.", False),
    ("Would you like me to cancel it for a full refund?", False),
    # where the rule allows it (blind set 81, a81_05 18)
    ("When a cancellation is allowed, refunds go back to the original payment methods.", False),
    ("When you cancel, refunds go back to the original payment methods.", True),
    # ... or of one that would be allowed (blind set 84, a84_05 10)
    ("It was paid with gift_card_7359776, so an eligible cancellation would be refunded to that gift card.", False),
    ("It was paid with gift_card_7359776, so the cancellation would be refunded to that gift card.", True),
    # where a cancellation's refund goes, as a rule (blind set 89, a89_07 12)
    ("Under our policy, refunds from a cancellation **go back to the original payment methods**.", False),
    ("Under our policy, a cancellation gets you a full refund to the original payment methods.", True),
    # ... or of any one cancelled (blind set 96, a96_05 10)
    ("When a reservation is cancelled, refunds go back to the original payment methods.", False),
    ("When the reservation is cancelled, the refund goes back to gift_card_7359776.", True),
    # the rule's terms told (blind set 91, a91_05 8)
    ("A cancellation with refund requires one of: booking within the last 24 hours, a flight cancelled by the "
     "airline, a business cabin, or insurance with a covered reason.", False),
    ("A cancellation with refund is yours: it was booked within the last 24 hours.", True),
])
def test_a_cancellation_said_to_bring_a_refund(text: str, said: bool) -> None:
    assert bool(refunds_said(text)) is said


@pytest.mark.parametrize(("text", "offered"), [
    # blind audit a58_04: the cancellation itself offered, after a denial of something else
    ("Basic economy fares aren't refundable to your card, but I can cancel it and return the full $152 to you as a "
     "travel certificate.", ["I can cancel it and return the full $152 to you as a travel certificate."]),
    ("It can be cancelled today.", ["It can be cancelled today."]),
    ("Unfortunately I can't cancel it.", []),
    ("I can cancel it only if the airline cancelled the flight.", []),
    ("Can I cancel it for you?", []),
    # a question put in a statement (blind set 89, a89_10 22)
    ("Let me go through your reservations and tell you exactly which can be cancelled and what you'd get back.", []),
    ("Let me go through your reservations: HATHAT can be cancelled.", ["Let me go through your reservations: HATHAT can "
                                                                      "be cancelled."]),
])
def test_a_cancellation_offered(text: str, offered: list[str]) -> None:
    assert cancel_offered(text) == offered


@pytest.mark.parametrize(("cabin", "insurance", "booked", "user", "unowed"), [
    ("basic_economy", "no", "2024-05-09T10:00:00", "Cancel my trip, plans changed.", True),
    ("business", "no", "2024-05-09T10:00:00", "Cancel my trip, plans changed.", False),
    ("economy", "yes", "2024-05-09T10:00:00", "Cancel my trip, I'm sick.", False),  # a covered reason may hold
    ("economy", "no", "2024-05-14T20:00:00", "Cancel my trip.", False),  # maybe within 24 hours
    ("economy", "no", "2024-05-09T10:00:00", "My flight was cancelled by the airline!", False),
])
def test_a_record_that_meets_no_condition(cabin: str, insurance: str, booked: str, user: str, unowed: bool) -> None:
    assert refund_unowed(cabin, insurance, booked, TODAY, user.lower()) is unowed


@pytest.mark.parametrize(("booked", "unowed"), [
    # with the conversation's time: more than 24 hours, though the day before (blind set 72, a72_10)
    ("2024-05-14t13:20:33", True),  # 25.7 hours before 2024-05-15 15:00 (as the index lower-cases it)
    ("2024-05-14T16:00:00", False),  # 23 hours
])
def test_a_booking_older_than_a_day_by_the_hour(booked: str, unowed: bool) -> None:
    from datetime import datetime

    now = datetime(2024, 5, 15, 15, 0)
    assert refund_unowed("basic_economy", "no", booked, TODAY, "cancel it, booked by mistake.", now) is unowed


@pytest.mark.parametrize(("cabin", "kinds"), [
    ("basic_economy", ["text_contradicts_policy"]),  # blind audit a56_05
    ("business", []),
])
def test_a_full_refund_promised_against_the_policy(convo: Any, at: Any, cabin: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system=POLICY + "\nThe current time is 2024-05-15 15:00:00 EST.")
    c.user("Please cancel reservation T1QOBS, plans changed. I'm harper_lopez_1234.")
    c.call("get_reservation_details", {"reservation_id": "T1QOBS"},
           {"reservation_id": "T1QOBS", "cabin": cabin, "insurance": "no", "created_at": "2024-05-09T10:00:00",
            "payment_history": [{"payment_id": "credit_card_1", "amount": 280}]})
    i = c.say("You can cancel T1QOBS and receive a full refund of $280. Shall I go ahead?")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
    # the cancellation offered for a certificate, no refund said (blind audit a58_04)
    j = c.say("T1QOBS isn't refundable to your card, but I can cancel it and give you a travel certificate instead.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), j).reasons] == kinds


@pytest.mark.parametrize(("status", "kinds"), [
    ("cancelled", []),  # blind sets 64 and 70 (a64_04, a70_09): the report of a cancellation done is true
    (None, ["text_contradicts_policy"]),  # the same words before any cancellation
])
def test_a_cancellation_against_the_rule_reported_as_done(convo: Any, at: Any, status: str | None,
                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system=POLICY + "\nThe current time is 2024-05-15 15:00:00 EST.")
    c.user("Can I cancel AQ12FI? Plans changed. I'm ava_davis_9130.")
    record = {"reservation_id": "AQ12FI", "cabin": "basic_economy", "insurance": "no",
              "created_at": "2024-05-03T02:22:32", "payment_history": [{"payment_id": "credit_card_1", "amount": 292}]}
    c.call("get_reservation_details", {"reservation_id": "AQ12FI"}, record)
    if status:
        c.call("cancel_reservation", {"reservation_id": "AQ12FI"}, {
            **record, "status": status, "payment_history": [{"payment_id": "credit_card_1", "amount": 292},
                                                          {"payment_id": "credit_card_1", "amount": -292}]})
    i = c.say("AQ12FI has been cancelled and the $292 will be refunded to your card.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_contradicts_policy"] \
        == kinds


def test_the_insurance_rule_is_read_from_the_policy() -> None:
    assert "health or weather reasons" in insurance_rule(POLICY)
    assert insurance_rule("Travel insurance costs 30 dollars per passenger.") == ""  # names no reasons


@pytest.mark.parametrize(("text", "said"), [
    ("You have travel insurance, so it lets you cancel for a full refund for any reason.", True),  # blind audit a56_08
    ("With insurance you get your money back no matter the reason.", True),
    ("Insurance refunds you regardless of why you cancel.", True),
    ("Insurance doesn't cover cancelling for any reason: only health or weather.", False),
    ("Does insurance cover any reason?", False),
    ("You can cancel for any reason within 24 hours of booking.", False),  # no insurance said
    ("Your insurance covers health or weather reasons.", False),
    # the cabin refunds any reason, insurance is needed for none (blind set 86, a86_09 44)
    ("UUN48W is business class, so it can be cancelled for a full refund for any reason — no need for an insurance "
     "reason.", False),
])
def test_insurance_said_to_cover_any_reason(text: str, said: bool) -> None:
    assert bool(any_reason_said(text)) is said


@pytest.mark.parametrize(("said", "kinds"), [
    ("This reservation already has travel insurance, so you're covered — it lets you cancel for a full refund for "
     "any reason.", ["text_contradicts_policy"]),
    ("This reservation already has travel insurance, which covers cancelling for health or weather reasons.", []),
])
def test_insurance_said_to_cover_more_than_the_policy(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Can I add travel insurance to T1QOBS?")
    c.call("get_reservation_details", {"reservation_id": "T1QOBS"},
           {"reservation_id": "T1QOBS", "cabin": "economy", "insurance": "yes", "created_at": "2024-05-09T10:00:00"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("cabin", "insurance", "user", "kinds"), [
    # blind audit a57_02: economy, no insurance, booked nine days ago; the user's yes does not make it allowed
    ("economy", "no", "I can't make it, work came up.", ["against_policy"]),
    ("business", "no", "I can't make it, work came up.", []),
    ("economy", "yes", "I'm sick and can't fly.", []),  # a covered reason may hold
    ("economy", "no", "The airline cancelled my flight!", []),  # no record shows that: the user's word
])
def test_a_cancellation_the_record_meets_no_condition_for(convo: Any, at: Any, cabin: str, insurance: str, user: str,
                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system=POLICY + "\nThe current time is 2024-05-15 15:00:00 EST.")
    c.user(f"Please cancel reservation QMLLG3. {user} I'm evelyn_rossi_4078.")
    c.call("get_reservation_details", {"reservation_id": "QMLLG3"},
           {"reservation_id": "QMLLG3", "cabin": cabin, "insurance": insurance, "created_at": "2024-05-06T13:28:51",
            "payment_history": [{"payment_id": "credit_card_7800202", "amount": 234}]})
    c.say("I can cancel QMLLG3 and refund $234 to your Mastercard. Shall I cancel it?")
    c.user("Yes please cancel.")
    i = c.call("cancel_reservation", {"reservation_id": "QMLLG3"}, {"reservation_id": "QMLLG3", "status": "cancelled"})
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert found == kinds, found



def test_the_covered_reasons_are_read_from_the_rule() -> None:
    covered = covered_words(insurance_rule(POLICY))
    assert "sick" in covered and "storm" in covered
    assert covered_words("Insurance refunds cancellations for personal reasons.") == ()  # no words known for it
    assert gives_covered_reason("I'm sick and can't fly", covered)
    assert not gives_covered_reason("It's still delayed and I will fly tomorrow", covered)  # not "ill"


@pytest.mark.parametrize(("text", "said"), [
    ("Since it has travel insurance, I can cancel it with a **full refund of $696**. Shall I go ahead?", True),
    ("And because it's insured, you can claim a full refund for the delay if you'd like.", True),  # blind audit a57_11
    ("Your insurance covers a full refund if you cancel for health reasons.", False),  # a condition
    ("Since it has no insurance, I can't refund it.", False),
    # the cancellation itself, done for the insurance (blind set 75, a75_06)
    ("OK, since you have travel insurance I went ahead and cancelled V4D9ZA.", True),
    ("Because it has insurance, you're eligible for compensation for a cancelled flight.", False),  # (blind set 71, a71_06)
])
def test_insurance_given_as_what_brings_a_refund(text: str, said: bool) -> None:
    assert bool(insured_refunds_said(text)) is said


@pytest.mark.parametrize(("user", "kinds"), [
    # blind audits a54_12, a52_13: insurance alone brings no refund; a covered reason must be given
    ("My plans changed, please cancel it.", ["text_contradicts_policy"]),
    ("I'm sick and can't travel, please cancel it.", []),
])
def test_insurance_as_the_refunds_ground_needs_a_covered_reason(convo: Any, at: Any, user: str,
                                                               kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user(f"Reservation FEQPKI. {user}")
    c.call("get_reservation_details", {"reservation_id": "FEQPKI"},
           {"reservation_id": "FEQPKI", "cabin": "economy", "insurance": "yes", "created_at": "2024-05-01T10:00:00",
            "payment_history": [{"payment_id": "credit_card_1", "amount": 679}]})
    i = c.say("Since FEQPKI has travel insurance, you're covered — I can cancel it and refund the full $679. Proceed?")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # the rule said with its own reasons (blind set 90, a90_12 16)
    ("Travel insurance covers a full refund when a trip is cancelled for health or weather reasons; it doesn't "
     "cover fare differences on changes.", []),
    ("Travel insurance covers a full refund when a trip is cancelled; it doesn't cover fare differences on changes.",
     ["text_contradicts_policy"]),
])
def test_the_insurance_rule_said_with_its_reasons(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Reservation FEQPKI. Would the insurance pay for the change?")
    c.call("get_reservation_details", {"reservation_id": "FEQPKI"},
           {"reservation_id": "FEQPKI", "cabin": "economy", "insurance": "yes", "created_at": "2024-05-01T10:00:00",
            "payment_history": [{"payment_id": "credit_card_1", "amount": 679}]})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("said", "found"), [
    # blind set 61, a61_09: a full refund of less than was paid (the fares, not the insurance)
    ("I can cancel RXBE5Q with a full refund of $142 to gift_card_1584929. Confirm?", [("$142", "RXBE5Q", 20200)]),
    ("I can cancel RXBE5Q with a full refund of $202 to gift_card_1584929. Confirm?", []),
    ("A full $142 refund for RXBE5Q.", [("$142", "RXBE5Q", 20200)]),
    ("A full refund of $142 would go back to you.", []),  # no object named: whose is unclear
    # the object named in the sentence before it (blind audit a67_07)
    ("I'll cancel RXBE5Q (2 passengers). Since it's insured, you get a full refund of $142 to gift_card_1584929.",
     [("$142", "RXBE5Q", 20200)]),
    ("I'll cancel RXBE5Q (2 passengers). Since it's insured, you get a full refund of $202 to gift_card_1584929.", []),
    # a cancellation's refund, of the object its list line names (blind set 68, a68_03)
    ("- RXBE5Q: one way, business. So I can cancel it with a refund of $142 to gift_card_1584929.\n- H6TTA1: flown.",
     [("$142", "RXBE5Q", 20200)]),
    ("- RXBE5Q: one way, business. So I can cancel it with a refund of $202 to gift_card_1584929.\n- H6TTA1: flown.",
     []),
    ("If you cancel RXBE5Q you get a refund of $142 now and $60 later.", []),  # two amounts: parts of the refund
    # a cancellation's list with a "Refund:" line (blind set 75, a75_08)
    ("RXBE5Q:\n- HAT049, economy\n- Travel insurance: yes\n- Refund: $142 USD back to gift_card_1584929\n\nCancel it?",
     [("$142", "RXBE5Q", 20200)]),
    ("RXBE5Q:\n- HAT049, economy\n- Travel insurance: yes\n- Refund: $202 USD back to gift_card_1584929\n\nCancel it?",
     []),
    ("RXBE5Q:\n- HAT049, economy\n- Refund: $142 USD back to gift_card_1584929\n\nReturn it?", []),  # no cancellation
    # ... or "Refund of" (blind set 92, a92_02 22)
    ("- Cancel reservation RXBE5Q (HAT049, May 28)\n- Refund of **$142** to your gift card — the $30 insurance premium "
     "itself isn't refundable.\n\nShall I proceed?", [("$142", "RXBE5Q", 20200)]),
    ("- Cancel reservation RXBE5Q (HAT049, May 28)\n- Refund of **$202** to your gift card.\n\nShall I proceed?", []),
    # cancellations spoken of in general, beside an item change's refund (blind set 91, r91_01 26)
    ("The policy gives refund timelines for cancellations only.\n\n- Order: RXBE5Q\n- Refund: $142 to Visa\n\n"
     "Proceed?", []),
    ("The policy gives refund timelines for a cancellation.\n\n- Order: RXBE5Q\n- Refund: $142 to Visa\n\n"
     "Proceed?", [("$142", "RXBE5Q", 20200)]),
])
def test_a_full_refund_is_all_that_was_paid(said: str, found: list[tuple[str, str, int]]) -> None:
    from trajectory2gym.certify.cancel_refund import misstated_full_refunds

    assert misstated_full_refunds(said, {"RXBE5Q": 20200}.get) == found


@pytest.mark.parametrize(("amount", "ok"), [("$202", True), ("$142", False)])
def test_a_full_refund_is_held_to_the_payment_history(convo: Any, at: Any, amount: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cancel RXBE5Q please, Fatima broke her ankle.")
    c.call("get_reservation_details", {"reservation_id": "RXBE5Q"},
           {"reservation_id": "RXBE5Q", "cabin": "basic_economy", "insurance": "yes",
            "flights": [{"flight_number": "HAT101", "price": 71}],
            "payment_history": [{"payment_id": "gift_card_1584929", "amount": 202}]})
    i = c.say(f"A health reason is covered by the insurance, so I can cancel RXBE5Q with a full refund of {amount} "
              "to gift_card_1584929. Confirm?")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("text", "said"), [
    # insurance said to pay for a change (blind set 86, a86_12 21)
    ("That's right — because HXDUBJ has travel insurance, the fare difference is waived, so the change is free.", True),
    ("Since you have travel insurance, it covers the change fee.", True),
    ("Travel insurance doesn't waive the fare difference; it refunds a cancellation for health or weather.", False),
    ("The fare difference is waived for nobody; HXDUBJ has travel insurance for cancellations.", False),
])
def test_insurance_said_to_pay_for_a_change(text: str, said: bool) -> None:
    assert bool(insured_change_said(text)) is said
