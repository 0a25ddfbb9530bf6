"""A flight change offered on a basic economy reservation is against a policy that says basic economy
flights cannot be changed (certify/basic_changes.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.basic_changes import flight_change_offers, no_change_rule
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs


def test_the_policys_rule() -> None:
    assert no_change_rule(POLICY) == "Basic economy flights cannot be changed"
    assert no_change_rule("You are an airline agent. Flights can be changed for a fee.") == ""


@pytest.mark.parametrize(("text", "offers"), [
    # blind sets 77 (a77_12) and 62 (a62_09)
    ("EJCKIA can't be cancelled. But I can move it to later dates free of charge if that helps.", 1),
    ("Options on May 21:\n- HAT143 17:00, $54\n- HAT058 18:00, $79\nHAT143 would save $24 per person. Want me to "
     "switch it?", 1),
    ("Basic economy flights can't be changed, so I can't move it.", 0),  # a refusal
    ("I can upgrade the cabin to economy for $40. Shall I make that change?", 0),  # a cabin change
    ("I'll change the second passenger to Amelia Nguyen-Lee. Shall I make that change?", 0),  # a passenger's
    ("1. Emma Nguyen, 1950-04-26\n2. Chen Johnson, 1951-03-13\nShall I make that change?", 0),  # no flights said
    # said to be possible, the dates asked next (blind set 101, a101_02 26)
    ("Sure, that one can be moved as well. Which dates would you like for the outbound and the return?", 1),
    ("That one can't be moved: basic economy. Which dates did you want?", 0),
    ("Sure, that one can be moved as well. Which cabin would you like?", 0),  # a cabin change
])
def test_a_flight_change_offered(text: str, offers: int) -> None:
    assert len(flight_change_offers(text)) == offers


@pytest.mark.parametrize(("cabin", "kinds"), [("basic_economy", ["text_contradicts_policy"]), ("economy", [])])
def test_an_offer_to_move_a_basic_economy_booking(convo: Any, at: Any, cabin: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm yusuf_gonzalez_6436. Can you cancel EJCKIA?")
    c.call("get_reservation_details", {"reservation_id": "EJCKIA"}, {
        "reservation_id": "EJCKIA", "user_id": "yusuf_gonzalez_6436", "cabin": cabin, "insurance": "no",
        "flights": [{"flight_number": "HAT147", "date": "2024-05-16", "price": 74}],
        "created_at": "2024-05-10T11:49:34"})
    i = c.say("EJCKIA can't be cancelled: it has no travel insurance and was booked on May 10. But I can move it to "
              "later dates if that helps.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found


@pytest.mark.parametrize(("named", "kinds"), [
    # blind set 86, a86_03 53: the change offered is of the reservation the user just named, in economy
    ("5RJ7UH", []),
    ("EJCKIA", ["text_contradicts_policy"]),
])
def test_an_offer_for_the_reservation_the_user_named_last(convo: Any, at: Any, named: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm yusuf_gonzalez_6436. What do I have booked?")
    c.call("get_reservation_details", {"reservation_id": "EJCKIA"}, {
        "reservation_id": "EJCKIA", "user_id": "yusuf_gonzalez_6436", "cabin": "basic_economy", "insurance": "no",
        "flights": [{"flight_number": "HAT147", "date": "2024-05-16", "price": 74}],
        "created_at": "2024-05-10T11:49:34"})
    c.call("get_reservation_details", {"reservation_id": "5RJ7UH"}, {
        "reservation_id": "5RJ7UH", "user_id": "yusuf_gonzalez_6436", "cabin": "economy", "insurance": "no",
        "flights": [{"flight_number": "HAT148", "date": "2024-05-26", "price": 120}],
        "created_at": "2024-05-11T11:49:34"})
    c.say("You have two trips booked, on May 16 and May 26.")
    c.user(f"What if I change {named} to later dates?")
    c.say("I can look into that. Which dates would you like?")
    c.user("Never mind, I'll sort that out with my family first.")
    i = c.say("Of course. Whenever you're ready, just reach out with the new dates and I'll price the change for you.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_policy"] == kinds, found
