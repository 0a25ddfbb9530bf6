"""Structural-support selection (core, exemplars, atom coverage, deficit reduction) and its random baseline."""

from __future__ import annotations

from collections import Counter
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.config import ConfigModel
from trajectory2gym.selector.greedy import RANDOM, run_structural
from trajectory2gym.selector.inventory import Inventory
from trajectory2gym.selector.naive import run_structural_naive
from trajectory2gym.selector.paths import PathFacts
from trajectory2gym.selector.pool import Pool, State, build_pool

DeficitReason = Literal["task_cap", "no_candidate", "budget"]


class SelectConfig(ConfigModel):
    budget: int = Field(ge=1, description="number of interactions to select (B)")
    depth: int | None = Field(
        default=4, ge=1, description="support depth d of F_d; null = unbounded (F reduces to |S|)"
    )
    cap: int = Field(default=32, ge=1, description="most interactions per task (K)")
    strategy: Literal["structural", "random"] = "structural"
    seed: int = 0


class Selected(BaseModel):
    id: str
    stage: str
    path_key: str
    task_id: str | None = None


class Deficit(BaseModel):
    path_key: str
    descriptors: list[str]
    support: int
    deficit: int
    reason: DeficitReason


class SkippedCandidate(BaseModel):
    id: str
    reason: str


class SelectionResult(BaseModel):
    strategy: str
    budget: int
    depth: int | None
    cap: int
    seed: int
    selected: list[Selected]
    deficits: list[Deficit]
    coverage_curve: list[int]  # paths covered after 1, 2, ... selections
    covered_before: int = 0  # pool paths the prior already covered: the curve's start
    path_support: dict[str, int]  # every pool path -> support in the selection (prior included)
    paths_in_pool: int
    paths_covered: int
    objective: int  # F_d of the selection (prior included)
    stage_counts: dict[str, int]
    skipped: list[SkippedCandidate]
    stop_reason: Literal["budget", "no_gain"]

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.selected]


def random_order(state: State, seed: int) -> None:
    """Uniform draw of the budget, respecting the task cap (order-independent: ids sorted first)."""
    pool = state.pool
    by_id = sorted(range(pool.size), key=pool.ids.__getitem__)
    rng = np.random.default_rng(seed)
    for j in rng.permutation(len(by_id)).tolist():
        if state.full():
            return
        c = by_id[j]
        if state.available(c):
            state.take(c, RANDOM)


def covered_by_prior(state: State) -> set[int]:
    """Pool paths the prior inventory covered before this selection."""
    added = Counter(state.path[c] for c in state.selected)
    return {p for p, n in enumerate(state.path_count) if n - added.get(p, 0) > 0}


def coverage_curve(state: State) -> list[int]:
    """Distinct pool paths covered (prior included) after each selection."""
    seen = covered_by_prior(state)
    curve = []
    for c in state.selected:
        seen.add(state.path[c])
        curve.append(len(seen))
    return curve


def remaining_deficits(state: State) -> list[Deficit]:
    if state.depth is None:
        return []
    pool = state.pool
    out = []
    for p, cands in enumerate(pool.by_path()):
        n = state.path_count[p]
        if n >= state.depth:
            continue
        left = [c for c in cands if not state.taken[c]]
        if not left:
            reason: DeficitReason = "no_candidate"
        elif all(state.task_count[state.task[c]] >= state.cap for c in left):
            reason = "task_cap"
        else:
            reason = "budget"
        out.append(
            Deficit(
                path_key=pool.path_keys[p],
                descriptors=list(pool.path_descriptors[p]),
                support=n,
                deficit=state.depth - n,
                reason=reason,
            )
        )
    out.sort(key=lambda d: (-d.deficit, d.path_key))
    return out


def result_of(state: State, config: SelectConfig) -> SelectionResult:
    pool = state.pool
    selected = [
        Selected(id=pool.ids[c], stage=s, path_key=pool.path_keys[state.path[c]], task_id=pool.task_ids[c])
        for c, s in zip(state.selected, state.stages, strict=True)
    ]
    return SelectionResult(
        strategy=config.strategy,
        budget=config.budget,
        depth=config.depth,
        cap=config.cap,
        seed=config.seed,
        selected=selected,
        deficits=remaining_deficits(state),
        coverage_curve=coverage_curve(state),
        covered_before=len(covered_by_prior(state)),
        path_support={k: state.path_count[p] for p, k in enumerate(pool.path_keys)},
        paths_in_pool=len(pool.path_keys),
        paths_covered=sum(1 for n in state.path_count if n > 0),
        objective=capped_objective_counts(state.path_count, config.depth),
        stage_counts=dict(Counter(state.stages)),
        skipped=[SkippedCandidate(id=s.id, reason=s.reason) for s in pool.skipped],
        stop_reason="budget" if state.full() else "no_gain",
    )


def capped_objective_counts(counts: list[int], depth: int | None) -> int:
    return sum(counts) if depth is None else sum(min(n, depth) for n in counts)


def select(
    candidates: list[CertifiedInteraction],
    config: SelectConfig,
    *,
    prior: Inventory | None = None,
    facts: list[PathFacts] | None = None,
    pool: Pool | None = None,
    naive: bool = False,
) -> SelectionResult:
    """Choose up to ``config.budget`` candidates.

    ``prior``: support already selected (earlier rounds) counts toward coverage,
    depth and the task cap. ``facts``/``pool``: precomputed paths, to share work
    between strategies. ``naive``: the non-lazy reference (same result, slower).
    """
    if pool is None:
        pool = build_pool(candidates, facts, prior.ids if prior is not None else frozenset())
    state = State(pool, config.budget, config.cap, config.depth, prior)
    if config.strategy == "random":
        random_order(state, config.seed)
    elif naive:
        run_structural_naive(state)
    else:
        run_structural(state)
    return result_of(state, config)
