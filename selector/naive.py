"""Naive (non-lazy) greedy: the same stages and priorities, every candidate re-evaluated each step.

The baseline ``bench/selection.py`` times against, and the reference the tests
compare the lazy stages with (identical sequences).
"""

from __future__ import annotations

from trajectory2gym.selector.greedy import (
    COVERAGE,
    DEFICIT,
    EXEMPLAR,
    core_stage,
    coverage_priority,
    exemplar_priority,
)
from trajectory2gym.selector.pool import State


def _naive(state: State, stage: str, priority) -> None:
    while not state.full():
        best = None
        for c in range(state.pool.size):
            pr = priority(state, c)
            if pr is not None and (best is None or pr < best[0]):
                best = (pr, c)
        if best is None:
            return
        state.take(best[1], stage)


def deficit_priority(state: State, c: int) -> tuple[int, int] | None:
    if not state.available(c):
        return None
    n = state.path_count[state.path[c]]
    if state.depth is not None and n >= state.depth:
        return None
    return (n, state.rank[c])


def run_structural_naive(state: State) -> None:
    core_stage(state)
    _naive(state, EXEMPLAR, exemplar_priority)
    _naive(state, COVERAGE, coverage_priority)
    _naive(state, DEFICIT, deficit_priority)
