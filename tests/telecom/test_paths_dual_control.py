"""Canonical paths record hand-offs of control to the user (selector/paths.py)."""

from __future__ import annotations

from typing import Any

from trajectory2gym.certified import CallFacts, CertifiedInteraction, DecisionRecord
from trajectory2gym.selector.paths import canonical_path, path_facts, user_action_marker

CHECKS = {"execution": True, "visibility": True, "workflow": True, "novelty": True}


def _decision(index: int, *, eligible: bool = True, call: bool = False) -> DecisionRecord:
    calls = [CallFacts(name="get_customer_by_phone", access="read", object_class="identity",
                       arg_roles=["contact"])] if call else []
    return DecisionRecord(message_index=index, kind="call" if call else "text", eligible=eligible,
                          checks=CHECKS if eligible else {**CHECKS, "visibility": False}, calls=calls)


def _cert(decisions: list[DecisionRecord], user_actions: list[dict[str, Any]] | None) -> CertifiedInteraction:
    return CertifiedInteraction(id="x", decisions=decisions,
                                summary={"decisions": len(decisions), "eligible": len(decisions)},
                                metadata={"user_actions": user_actions} if user_actions else {})


def _act(index: int, object_class: str) -> dict[str, Any]:
    return {"message_index": index, "name": "t", "access": "write", "object_class": object_class}


def test_marker_goes_on_the_decision_that_handed_control_over() -> None:
    decisions = [_decision(2, call=True), _decision(4), _decision(9)]
    plain, plain_key = canonical_path(_cert(decisions, None))
    path, key = canonical_path(_cert(decisions, [_act(5, "connectivity"), _act(5, "finance"),
                                                 _act(7, "connectivity")]))
    assert path[0] == plain[0] and path[2] == plain[2]
    assert path[1] == plain[1] + "->user_action(connectivity+finance)"
    assert key != plain_key  # structure with dual control is distinguishable
    assert user_action_marker(["finance", "connectivity", "finance"]) == "->user_action(connectivity+finance)"


def test_actions_after_the_last_decision_and_before_the_first() -> None:
    decisions = [_decision(2), _decision(4)]
    path, _ = canonical_path(_cert(decisions, [_act(1, "connectivity"), _act(6, "connectivity")]))
    assert path == ["text||clean", "text||clean->user_action(connectivity)"]


def test_an_unsupervised_decision_keeps_its_hand_off_out_of_the_path() -> None:
    decisions = [_decision(2), _decision(4, eligible=False), _decision(8)]
    path, _ = canonical_path(_cert(decisions, [_act(5, "connectivity")]))
    assert path == ["text||clean", "text||clean"]


def test_malformed_listings_are_ignored_and_atoms_carry_the_marker() -> None:
    decisions = [_decision(2), _decision(6)]
    facts = path_facts(_cert(decisions, [{"name": "no index"}, "junk", _act(3, "connectivity")]))  # type: ignore[list-item]
    assert facts.descriptors == ("text||clean->user_action(connectivity)", "text||clean")
    assert "desc:text||clean->user_action(connectivity)" in facts.atoms
