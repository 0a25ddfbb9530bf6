"""Two cabins offered on the flights of one itinerary, where the policy puts every flight of a
reservation in one cabin (certify/mixed_cabins.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.mixed_cabins import mixed_cabins_offered, one_cabin_rule
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("policy", "found"), [
    (POLICY, True),
    ("Cabin class must be the same across all the flights in the same reservation.", True),  # tau-bench's words
    ("Each extra bag costs 50 dollars.", False),
])
def test_the_rule_is_read_from_each_policy(policy: str, found: bool) -> None:
    assert bool(one_cabin_rule(policy)) is found


@pytest.mark.parametrize(("text", "offered"), [
    # blind set 81, a81_12 30
    ("That works: business on HAT072 ($282) and economy on HAT278 ($187) comes to $469.", True),
    ("HAT072 in business and HAT278 in economy would come to $469.", True),
    ("Business on HAT072 and economy on HAT278 isn't possible: one reservation has one cabin.", False),
    ("Business on HAT072 and HAT278 comes to $520; economy on both is $300.", False),  # a cabin each, all flights
    # a cabin on each leg (blind set 94, a94_09 10)
    ("Sure! I can upgrade just the outbound flights to business and leave the return in economy.", True),
    ("Upgrading the outbound flights to business while the return stays in economy isn't possible.", False),
    ("I can upgrade the outbound flights to business, and the return flights to business too.", False),
])
def test_two_cabins_offered(text: str, offered: bool) -> None:
    assert bool(mixed_cabins_offered(text)) is offered


@pytest.mark.parametrize(("said", "kinds"), [
    ("That works: business on HAT072 ($282) and economy on HAT278 ($187).", ["text_contradicts_policy"]),
    ("Every flight of a reservation has one cabin: business on both would be $564.", []),
])
def test_two_cabins_in_a_reply(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Business out on HAT072, economy back on HAT278? Fares are $282 and $187, I checked.")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_policy"] == kinds
