"""A reservation said to be flown before its first flight's day has come (certify/flown.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.flown import misflown
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

FIRST = {"XL2C75": date(2024, 5, 16), "C4GP7M": date(2024, 5, 14)}


@pytest.mark.parametrize(("text", "found"), [
    # blind set 88, a88_06 56: today is May 15
    ("XL2C75 is already partly flown (the first leg was May 16), so it can no longer be cancelled.",
     [("XL2C75", date(2024, 5, 16))]),
    ("C4GP7M is already partly flown, so it can no longer be cancelled.", []),  # its first leg was yesterday
    ("XL2C75 is business and nothing has been flown, so it can be cancelled.", []),  # denied
    ("If XL2C75 were already flown, it could not be cancelled.", []),  # a condition
    ("XL2C75 and C4GP7M are already partly flown.", []),  # two reservations: which is not said
    ("XL2C75 is partly flown.", [("XL2C75", date(2024, 5, 16))]),
    # "departed" says it flown too (blind set 104, a104_04 38)
    ("XL2C75 (DFW round trip, business) departed on May 16 as scheduled.", [("XL2C75", date(2024, 5, 16))]),
    ("C4GP7M departed on May 14.", []),
    ("XL2C75 has not departed yet.", []),
])
def test_a_reservation_said_flown(text: str, found: list[tuple[str, date]]) -> None:
    assert misflown(text, FIRST.__contains__, FIRST.get, date(2024, 5, 15)) == found


@pytest.mark.parametrize(("day", "kinds"), [("2024-05-16", ["text_contradicts_status"]), ("2024-05-14", [])])
def test_a_recap_calling_a_future_trip_flown_is_not_grounded(convo: Any, at: Any, day: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user("Can I still cancel XL2C75?")
    c.call("get_reservation_details", {"reservation_id": "XL2C75"}, {
        "reservation_id": "XL2C75", "cabin": "business", "created_at": "2024-05-09T23:34:07",
        "flights": [{"flight_number": "HAT127", "date": day}, {"flight_number": "HAT210", "date": "2024-05-21"}]})
    i = c.say("XL2C75 is already partly flown, so it can no longer be cancelled.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
