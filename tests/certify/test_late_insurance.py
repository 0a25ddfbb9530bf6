"""An offer to add insurance to a reservation already booked, where the policy allows it only at
booking (certify/late_insurance.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.late_insurance import late_insurance_rule, offers_late_insurance
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs

TAU_WORDS = "Change baggages and insurance: The user can add but not remove checked bags. The user cannot add " \
            "insurance after initial booking."


@pytest.mark.parametrize(("policy", "found"), [
    (POLICY, True),
    (TAU_WORDS, True),
    ("Travel insurance costs 30 dollars per passenger.", False),
])
def test_the_rule_is_read_from_each_policy(policy: str, found: bool) -> None:
    rule = late_insurance_rule(policy)
    assert bool(rule) is found
    assert not found or "insurance" in rule


@pytest.mark.parametrize(("text", "offered"), [
    ("Sure! I can add travel insurance for Lucas for $30. Which payment method should I use?", True),
    ("Would you like me to add insurance to HATHAT?", True),
    ("I'm sorry, insurance can't be added after booking.", False),
    ("Insurance can only be added when booking.", False),
    ("Shall I book it? You can also add travel insurance for $30 per passenger when I book it.", False),
])
def test_an_offer_to_add_insurance(text: str, offered: bool) -> None:
    assert bool(offers_late_insurance(text)) is offered


@pytest.mark.parametrize(("booked", "kinds"), [
    (True, ["text_contradicts_policy"]),  # blind audit a56_10: offered right after the booking
    (False, []),  # before a booking is made, insurance is part of it
])
def test_insurance_offered_after_the_booking(convo: Any, at: Any, booked: bool, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Book HAT069 on 2024-05-24 in economy for me, user mia_li_3668, with my credit_card_1.")
    if booked:
        c.say("I'll book HAT069 on 2024-05-24 in economy for Mia Li, paid with credit_card_1. Shall I?")
        c.user("yes")
        c.call("book_reservation", {"user_id": "mia_li_3668", "origin": "JFK", "destination": "SEA",
                                    "flight_type": "one_way", "cabin": "economy",
                                    "flights": [{"flight_number": "HAT069", "date": "2024-05-24"}],
                                    "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
                                    "payment_methods": [{"payment_id": "credit_card_1", "amount": 100}],
                                    "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"},
               {"reservation_id": "HATHAT", "insurance": "no"})
    c.user("Could I get travel insurance after all?")
    i = c.say("Sure! I can add travel insurance for $30.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 83, a83_12 32: the reservation looked up, named by a word
    ("Yes, since the reservation is now economy you can add travel insurance at $30 per passenger.",
     ["text_contradicts_policy"]),
    ("No, insurance can't be added to the reservation after booking.", []),
    ("A new booking would let you add travel insurance at $30 per passenger.", []),
])
def test_insurance_offered_on_a_reservation_looked_up(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("Can I get insurance on HATHAT? I'm mia_li_3668.")
    c.call("get_reservation_details", {"reservation_id": "HATHAT"},
           {"reservation_id": "HATHAT", "cabin": "economy", "insurance": "no"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
