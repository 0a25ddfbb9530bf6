"""Several bookings' changes described as one numbered list, then confirmed with one yes (blind set 95, a95_03)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.envs.registry import tool_specs

BOOKINGS = {"JG7FMM": ("HAT028", "credit_card_2929732"), "X7BYG1": ("HAT232", "credit_card_2929732"),
            "2FBBAH": ("HAT080", "gift_card_3481935")}


def _convo(convo: Any, description: str, booking: str, payment: str) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Please move all my business bookings down to economy.")
    for code, (flight, method) in BOOKINGS.items():
        c.call("get_reservation_details", {"reservation_id": code}, {
            "reservation_id": code, "cabin": "business", "payment_history": [{"payment_id": method, "amount": 900}],
            "flights": [{"flight_number": flight, "date": "2024-05-21", "price": 900}],
            "passengers": [{"first_name": "Omar", "last_name": "Davis"}]})
    c.say(description)
    c.user("yes. all three. do it.")
    i = c.call("update_reservation_flights", {
        "reservation_id": booking, "cabin": "economy",
        "flights": [{"flight_number": BOOKINGS[booking][0], "date": "2024-05-21"}], "payment_id": payment},
        {"reservation_id": booking, "cabin": "economy"})
    return next(d for d in certify_interaction(c.build()).decisions if d.message_index == i).reasons


LISTED = ("To confirm, I will change each of these three reservations to economy, keeping {kept} as they are:\n"
          "1. JG7FMM: refund to Visa (credit_card_2929732)\n"
          "2. 2FBBAH: refund to gift card gift_card_3481935\n"
          "3. X7BYG1: refund to Visa (credit_card_2929732)\n"
          "Shall I go ahead with all three?")


@pytest.mark.parametrize("kept", ["every flight and passenger", "the flights and passengers"])
def test_passengers_kept_as_they_are_name_no_passenger_change(convo: Any, kept: str) -> None:
    assert _convo(convo, LISTED.format(kept=kept), "JG7FMM", "credit_card_2929732") == []
    assert _convo(convo, LISTED.format(kept=kept), "X7BYG1", "credit_card_2929732") == []


def test_a_passenger_change_named_is_still_another_update(convo: Any) -> None:
    described = "To confirm, I will update the passengers on JG7FMM to Omar Davis and Mia Li. Shall I go ahead?"
    assert _convo(convo, described, "JG7FMM", "credit_card_2929732") != []


@pytest.mark.parametrize(("payment", "ok"), [("gift_card_3481935", True), ("credit_card_2929732", False)])
def test_the_method_on_the_bookings_own_line(convo: Any, payment: str, ok: bool) -> None:
    reasons = _convo(convo, LISTED.format(kept="every flight and passenger"), "2FBBAH", payment)
    assert (reasons == []) is ok
    if not ok:
        assert "line for it names gift_card_3481935" in reasons[0]


@pytest.mark.parametrize(("described", "ok"), [
    # blind set 99, a99_02 64: the booking "goes to economy", the call's cabin, with no verb of the change
    ("To confirm: 2FBBAH (HAT080/HAT076 on 2024-05-21) goes to economy with $3,925 back to gift card 3481935, and EQ1G6C "
     "(HAT084 on 2024-05-23) goes to economy with $2,452 back to gift card 6847880. Shall I proceed?", True),
    ("To confirm: 2FBBAH (HAT080/HAT076 on 2024-05-21) stays in business with $3,925 back to gift card 3481935, and EQ1G6C "
     "(HAT084 on 2024-05-23) stays too with $2,452 back to gift card 6847880. Shall I proceed?", False),
])
def test_a_booking_that_goes_to_the_calls_cabin_is_described(convo: Any, described: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm omar_davis_3817. The other two as well, and tell me the total.")
    c.call("get_reservation_details", {"reservation_id": "2FBBAH"}, {
        "reservation_id": "2FBBAH", "cabin": "business", "payment_history": [{"payment_id": "gift_card_3481935",
                                                                               "amount": 900}],
        "flights": [{"flight_number": "HAT080", "date": "2024-05-21", "price": 900},
                    {"flight_number": "HAT076", "date": "2024-05-21", "price": 900}],
        "passengers": [{"first_name": "Omar", "last_name": "Davis"}]})
    c.say(described)
    c.user("yes")
    i = c.call("update_reservation_flights", {
        "reservation_id": "2FBBAH", "cabin": "economy", "flights": [{"flight_number": "HAT080", "date": "2024-05-21"},
                                                                    {"flight_number": "HAT076", "date": "2024-05-21"}],
        "payment_id": "gift_card_3481935"}, {"reservation_id": "2FBBAH", "cabin": "economy"})
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["workflow"] is ok, decision.reasons
