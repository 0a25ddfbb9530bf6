"""tau-bench's reward: the final state must equal the gold-replay state, and every required
output must have been said to the user (case-insensitive, commas removed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trajectory2gym.envs.state import State, canonical


def states_equal(a: State, b: State) -> bool:
    """Same database contents (exact types: ``1`` differs from ``1.0``, as in tau-bench's hash)."""
    touched: set[tuple[str, str]] = set()
    for st in (a, b):
        for kind, ov in st.overlay.items():
            touched.update((kind, rid) for rid in ov)
    for kind, rid in touched:
        ra, rb = a.get(kind, rid), b.get(kind, rid)
        if (ra is None) != (rb is None):
            return False
        if ra is not None and ra is not rb and canonical(ra) != canonical(rb):
            return False
    return True


def outputs_said(outputs: list[str], said: list[str]) -> dict[str, bool]:
    texts = [s.lower().replace(",", "") for s in said if s]
    return {out: any(out.lower() in t for t in texts) for out in outputs}


@dataclass
class RewardInfo:
    reward: float
    state_match: bool
    outputs: dict[str, bool] = field(default_factory=dict)
    gold_action_errors: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"reward": self.reward, "state_match": self.state_match, "outputs": self.outputs,
                "gold_action_errors": self.gold_action_errors}
