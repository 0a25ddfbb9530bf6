"""Selection properties on generated pools: cap, determinism, lazy == naive, budget."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory2gym.selector.inventory import Inventory
from trajectory2gym.selector.select import SelectConfig, select
from trajectory2gym.selector.synthetic import synthetic_pool

_POOLS: dict[tuple[int, int, int], list] = {}


def pool_of(n: int, paths: int, seed: int) -> list:
    key = (n, paths, seed)
    if key not in _POOLS:  # hypothesis revisits the same pools; building them is the slow part
        _POOLS[key] = synthetic_pool(n, paths, n_tasks=max(2, n // 10), seed=seed)
    return _POOLS[key]


pools = st.tuples(st.integers(20, 160), st.integers(5, 60), st.integers(0, 3))
configs = st.builds(
    SelectConfig,
    budget=st.integers(1, 120),
    depth=st.one_of(st.none(), st.integers(1, 5)),
    cap=st.integers(1, 6),
    strategy=st.sampled_from(["structural", "random"]),
    seed=st.integers(0, 2**16),
)


@settings(max_examples=40, deadline=None)
@given(pools, configs)
def test_task_cap_and_budget_are_never_exceeded(p, config):
    cands = pool_of(*p)
    result = select(cands, config)
    per_task = Counter(s.task_id for s in result.selected)
    assert max(per_task.values(), default=0) <= config.cap
    assert len(result.selected) <= config.budget
    assert len({s.id for s in result.selected}) == len(result.selected)
    if result.stop_reason == "no_gain":
        assert len(result.selected) < config.budget


@settings(max_examples=25, deadline=None)
@given(pools, configs)
def test_selection_is_deterministic_and_order_independent(p, config):
    cands = pool_of(*p)
    first = select(cands, config)
    assert select(cands, config) == first
    shuffled = list(cands)
    random.Random(1).shuffle(shuffled)
    assert select(shuffled, config).selected == first.selected


@settings(max_examples=25, deadline=None)
@given(pools, configs)
def test_lazy_greedy_matches_naive_greedy(p, config):
    cands = pool_of(*p)
    config = config.model_copy(update={"strategy": "structural"})
    assert select(cands, config).selected == select(cands, config, naive=True).selected


@settings(max_examples=20, deadline=None)
@given(pools, configs)
def test_prior_support_counts_toward_cap_and_coverage(p, config):
    cands = pool_of(*p)
    config = config.model_copy(update={"strategy": "structural"})
    first = select(cands, config)
    chosen = {s.id for s in first.selected}
    prior = Inventory.from_certs([c for c in cands if c.id in chosen])
    second = select(cands, config, prior=prior)
    assert not {s.id for s in second.selected} & chosen  # the prior's interactions are excluded
    per_task = Counter(s.task_id for s in first.selected) + Counter(s.task_id for s in second.selected)
    assert max(per_task.values(), default=0) <= config.cap
    covered = {s.path_key for s in first.selected}
    assert not any(s.stage == "exemplar" and s.path_key in covered for s in second.selected)
    assert not any(s.stage == "core" and s.task_id in {x.task_id for x in first.selected} for s in second.selected)


def test_random_depends_on_the_seed():
    cands = pool_of(150, 40, 0)
    a = select(cands, SelectConfig(budget=50, strategy="random", seed=1))
    b = select(cands, SelectConfig(budget=50, strategy="random", seed=2))
    assert a.ids != b.ids and a == select(cands, SelectConfig(budget=50, strategy="random", seed=1))


def test_config_rejects_bad_values():
    with pytest.raises(ValueError, match="budget"):
        SelectConfig(budget=0)
    with pytest.raises(ValueError, match="cap"):
        SelectConfig(budget=5, cap=0)
    with pytest.raises(ValueError, match="strategy"):
        SelectConfig(budget=5, strategy="greedy")
