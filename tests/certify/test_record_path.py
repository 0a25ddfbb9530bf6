"""The certifier's path from plain dicts (``record_path``) equals the selector's ``canonical_path``."""

from __future__ import annotations

import random
from typing import Any

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.selector.paths import canonical_path, record_path

CHECKS = {"execution": True, "visibility": True, "workflow": True, "novelty": True}
CALLS = [
    {"name": "get_order", "access": "read", "object_class": "commerce", "arg_roles": ["identifier"],
     "observation": "ok", "inferred": False},
    {"name": "get_order", "access": "read", "object_class": "commerce", "arg_roles": ["identifier"],
     "observation": "error", "inferred": False},
    {"name": "toggle_data", "access": "write", "object_class": "connectivity", "arg_roles": [],
     "observation": "empty", "inferred": True},
    {"name": "pay", "access": "irreversible", "object_class": "finance",
     "arg_roles": ["amount", "identifier"], "observation": "missing", "inferred": False},
]


def _random_record(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    decisions = []
    for i in range(rng.randint(0, 12)):
        calls = [rng.choice(CALLS) for _ in range(rng.choice([0, 1, 1, 2]))]
        kind = "text" if not calls else rng.choice(["call", "multi_call", "handoff"])
        decisions.append({"message_index": 2 * i + 1, "kind": kind, "eligible": rng.random() < 0.7,
                          "checks": CHECKS, "reasons": [], "after_error": rng.random() < 0.2,
                          "privileged": False, "calls": calls})
    if rng.random() < 0.3:
        rng.shuffle(decisions)  # out of order: both sort by message index
    metadata: dict[str, Any] = {}
    if rng.random() < 0.5:
        metadata["user_actions"] = [
            {"message_index": rng.randint(0, 26), "name": "t", "access": "write",
             "object_class": rng.choice(["connectivity", "finance"])} for _ in range(rng.randint(1, 3))]
    return decisions, metadata


def test_record_path_matches_canonical_path_of_the_validated_record() -> None:
    rng = random.Random(7)
    seen_markers = seen_recovery = 0
    for _ in range(300):
        decisions, metadata = _random_record(rng)
        cert = CertifiedInteraction.model_validate(
            {"id": "x", "decisions": decisions, "summary": {}, "metadata": metadata})
        got = record_path(decisions, metadata)
        assert got == canonical_path(cert)
        seen_markers += any("->user_action(" in d for d in got[0])
        seen_recovery += any(d.endswith("|after_error") for d in got[0])
    assert seen_markers and seen_recovery  # the cases that matter were exercised
