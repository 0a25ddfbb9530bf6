"""A text that says when a booking was made must agree with the ``created_at`` its lookup shows."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.booked_on import misdated
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

CREATED = {"T6HMDP": "2024-05-07T13:02:11", "ZFA04Y": "2024-05-14T09:10:00"}


def _created_of(ident: str | None) -> list[str]:
    return list(CREATED.values()) if ident is None else [v for k, v in CREATED.items() if k == ident.upper()]


@pytest.mark.parametrize(("text", "found"), [
    ("Your reservation T6HMDP was booked on May 9, so it's past the 24-hour window.", [("May 9", "2024-05-07")]),
    ("Your reservation T6HMDP was booked on May 7.", []),
    ("T6HMDP was booked on May 14.", [("May 14", "2024-05-07")]),  # that is the other reservation's date
    ("It was booked on May 14, within 24 hours.", []),  # names none: it may be either reservation
    ("The reservation was made on Thursday, May 9th.", [("May 9th", "2024-05-07, 2024-05-14")]),
    ("It was booked on 2024-05-09.", [("2024-05-09", "2024-05-07, 2024-05-14")]),  # an ISO date is no identifier
    ("You're booked on May 20.", []),  # a new booking's flight, not when it was made
    ("You were booked on the May 20 flight.", []),
    ("Changing T6HMDP keeps you booked on May 20 and refunds $2,580.", []),  # the flight's (blind set 93, a93_06 24)
    ("Changing T6HMDP, which you booked on May 20, refunds $2,580.", [("May 20", "2024-05-07")]),
    ("Your flight on May 9 was booked with a credit card.", []),  # the date is the flight's
    ("I made a note on May 9 of the change.", []),  # says no booking
])
def test_a_booking_date_said_is_the_one_shown(text: str, found: list[tuple[str, str]]) -> None:
    assert misdated(text, _created_of) == found


def test_nothing_is_checked_without_a_booking_date_shown() -> None:
    assert misdated("It was booked on May 9.", lambda ident: []) == []


@pytest.mark.parametrize(("text", "kinds"), [
    ("Your reservation T6HMDP was booked on May 9, so it's outside the 24-hour window.",
     ["text_contradicts_booking_date"]),  # created on May 7; May 9 is the flight's date
    ("Your reservation T6HMDP was booked on May 7, so it's outside the 24-hour window.", []),
])
def test_a_text_misdating_the_booking_is_not_grounded(convo: Any, text: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="Airline agent.")
    c.user("Cancel my reservation T6HMDP please, I'm james_santos_9046.")
    c.call("get_reservation_details", {"reservation_id": "T6HMDP"}, {
        "reservation_id": "T6HMDP", "user_id": "james_santos_9046", "created_at": CREATED["T6HMDP"],
        "flights": [{"flight_number": "HAT136", "date": "2024-05-09", "price": 120}]})
    i = c.say(text)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds
