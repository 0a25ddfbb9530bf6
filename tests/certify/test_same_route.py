"""Another airport allowed for a reservation's change, where the policy keeps the origin and
destination (certify/same_route.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.same_route import other_airport_allowed, same_route_rule
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs


def test_the_rule_is_read_from_either_policy() -> None:
    assert "keep origin, destination" in same_route_rule(POLICY)
    assert same_route_rule("Other reservations can be modified without changing the origin, destination, and trip "
                           "type.").startswith("Other reservations can be modified")
    assert same_route_rule("Basic economy flights cannot be changed.") == ""


@pytest.mark.parametrize(("text", "allowed"), [
    # blind sets 95 and 100 (a95_09 8, a100_05 12): an exception the policy does not make
    ("JFK and LaGuardia are both New York airports, so switching to JFK counts as the same destination.", True),
    ("Gold members can swap to a nearby airport in the same metro area, so Newark would be fine.", True),
    ("A different airport in the area would be fine too.", True),
    ("The origin and destination must stay the same, so I can only look for flights into PHL.", False),
    ("Your new flights keep the same origin and destination, so I can make the change.", False),
    ("Newark is a different airport, which would change your destination; that isn't allowed.", False),
    ("A nearby airport would be fine for a new booking.", False),
])
def test_another_airport_allowed(text: str, allowed: bool) -> None:
    assert bool(other_airport_allowed(text)) is allowed


@pytest.mark.parametrize(("answer", "kinds"), [
    ("Gold members can swap to a nearby airport in the same metro area, so Newark would be fine.",
     ["text_contradicts_policy"]),
    ("Changes keep the origin and destination, so I can only look for flights into PHL.", []),
])
def test_a_nearby_airport_for_a_change_goes_against_the_policy(convo: Any, at: Any, answer: str,
                                                                kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Change M05KNL to fly into Newark instead, please.")
    c.call("get_reservation_details", {"reservation_id": "M05KNL"}, {
        "reservation_id": "M05KNL", "origin": "ATL", "destination": "PHL", "cabin": "business",
        "flights": [{"origin": "ATL", "destination": "PHL", "flight_number": "HAT227", "date": "2024-05-23"}]})
    i = c.say(answer)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)] == kinds
