"""An offer to take checked bags off a reservation, where the policy lets bags be added but not
removed (certify/bag_removal.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.bag_removal import bag_removal_rule, offers_bag_removal
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.registry import tool_specs

TAU_WORDS = "Change baggages and insurance: The user can add but not remove checked bags."


@pytest.mark.parametrize(("policy", "found"), [
    (POLICY, True),
    (TAU_WORDS, True),
    ("Each extra bag costs 50 dollars.", False),
])
def test_the_rule_is_read_from_each_policy(policy: str, found: bool) -> None:
    assert bool(bag_removal_rule(policy)) is found


@pytest.mark.parametrize(("text", "offered"), [
    # blind set 81, a81_10 8
    ("About the bag: I can remove the checked bag and refund you $50 for it.", True),
    ("Sure, the extra bag can be removed today.", True),
    ("I'm sorry, checked bags can't be removed once added.", False),
    ("Bags can only be added, not removed.", False),
    ("Would you like to add a bag?", False),
    ("Bags can be added (never removed).", False),  # the rule said (blind set 84, a84_01 29)
])
def test_an_offer_to_remove_bags(text: str, offered: bool) -> None:
    assert bool(offers_bag_removal(text)) is offered


@pytest.mark.parametrize(("said", "kinds"), [
    ("I can remove the checked bag from HATHAT and refund you $50 for it.", ["text_contradicts_policy"]),
    ("Checked bags can't be removed from HATHAT, I'm afraid.", []),
])
def test_bags_offered_off_a_reservation(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=POLICY)
    c.user("I'm mia_li_3668. Can I drop the bag on HATHAT? I'm not taking it.")
    c.call("get_reservation_details", {"reservation_id": "HATHAT"}, {"reservation_id": "HATHAT", "total_baggages": 1,
                                                                     "nonfree_baggages": 1})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_policy"] == kinds
