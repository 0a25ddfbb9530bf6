"""Property tests of F_d and the greedy stages (hypothesis)."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from selector_helpers import on_path

from trajectory2gym.selector.greedy import deficit_stage
from trajectory2gym.selector.objective import capped_gain, capped_objective
from trajectory2gym.selector.pool import State, build_pool

depths = st.one_of(st.none(), st.integers(min_value=1, max_value=4))


@settings(max_examples=200, deadline=None)
@given(
    universe=st.lists(st.integers(0, 5), min_size=1, max_size=12),
    data=st.data(),
    depth=depths,
)
def test_capped_objective_is_monotone_and_submodular(universe, data, depth):
    idx = list(range(len(universe)))
    big = data.draw(st.sets(st.sampled_from(idx)))
    small = data.draw(st.sets(st.sampled_from(sorted(big)))) if big else set()
    x = data.draw(st.sampled_from(idx))

    def f(s: set[int]) -> int:
        return capped_objective([universe[i] for i in s], depth)

    assert f(small) <= f(big)  # monotone
    if x not in big:
        assert f(small | {x}) - f(small) >= f(big | {x}) - f(big)  # diminishing returns
        # The marginal gain formula agrees with the definition.
        n = Counter(universe[i] for i in big)[universe[x]]
        assert f(big | {x}) - f(big) == capped_gain(n, depth)


@given(st.lists(st.integers(0, 5), max_size=30))
def test_unbounded_depth_reduces_to_cardinality(paths):
    assert capped_objective(paths, None) == len(paths)
    assert capped_objective(paths, len(paths) + 1) == len(paths)


def instance(paths: list[int], tasks: list[int]):
    return [on_path(f"c{i}", p, f"task{t}") for i, (p, t) in enumerate(zip(paths, tasks, strict=True))]


def brute_force(paths, tasks, depth, budget, cap) -> int:
    best = 0
    n = len(paths)
    for size in range(min(budget, n) + 1):
        for s in itertools.combinations(range(n), size):
            if max(Counter(tasks[i] for i in s).values(), default=0) <= cap:
                best = max(best, capped_objective([paths[i] for i in s], depth))
    return best


def greedy_value(cands, depth, budget, cap) -> int:
    pool = build_pool(cands)
    state = State(pool, budget, cap, depth)
    deficit_stage(state)
    assert len(state.selected) <= budget
    return capped_objective([state.path[c] for c in state.selected], depth)


small_instances = st.integers(1, 8).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 3), min_size=n, max_size=n),
        st.lists(st.integers(0, 2), min_size=n, max_size=n),
        depths,
    )
)


@settings(max_examples=60, deadline=None)
@given(small_instances)
def test_deficit_greedy_is_optimal_for_every_budget(inst):
    paths, tasks, depth = inst
    cands = instance(paths, tasks)
    n = len(paths)
    for budget in range(1, n + 1):
        cap = n  # the cap does not bind: greedy is exact for F_d under a cardinality budget
        assert greedy_value(cands, depth, budget, cap) == brute_force(paths, tasks, depth, budget, cap)


@settings(max_examples=60, deadline=None)
@given(small_instances, st.integers(1, 2))
def test_deficit_greedy_with_a_binding_cap_is_within_half_of_optimum(inst, cap):
    # Budget plus per-task cap is one matroid (a truncated partition matroid); greedy gets >= 1/2.
    paths, tasks, depth = inst
    cands = instance(paths, tasks)
    for budget in range(1, len(paths) + 1):
        got = greedy_value(cands, depth, budget, cap)
        opt = brute_force(paths, tasks, depth, budget, cap)
        assert 2 * got >= opt and got <= opt
