"""A budget smaller than the number of tasks is spent on structure, not on task order."""

from __future__ import annotations

from trajectory2gym.selector.select import SelectConfig, select
from trajectory2gym.selector.synthetic import synthetic_pool


def test_core_stage_under_a_small_budget_beats_random() -> None:
    # Many tasks, few paths each: the core stage alone fills the budget.
    pool = synthetic_pool(2000, 150, n_tasks=400, seed=3)
    budget = 60
    structural = select(pool, SelectConfig(budget=budget, depth=2, cap=4, seed=0))
    assert structural.stage_counts == {"core": budget}
    randoms = [
        select(pool, SelectConfig(budget=budget, depth=2, cap=4, strategy="random", seed=s)).paths_covered
        for s in range(5)
    ]
    assert structural.paths_covered > max(randoms)
    # Every core pick before the first repeated path added a new path.
    curve = structural.coverage_curve
    first_flat = next((i for i in range(1, len(curve)) if curve[i] == curve[i - 1]), len(curve))
    assert curve[first_flat - 1] == first_flat


def test_core_stage_under_a_small_budget_fills_paths_to_depth_not_beyond() -> None:
    """40 tasks on 4 paths, one path holding 30 of them, budget 12 < tasks, depth 2: once every path
    is covered, the core stage's picks go to paths still below depth, so F_d reaches its maximum
    (every pick counts) and no path is taken far past d while others wait."""
    from selector_helpers import on_path

    pool = [on_path(f"a{k}", 0, f"ta{k}") for k in range(30)]
    pool += [on_path(f"{p}{k}", p, f"t{p}-{k}") for p in (1, 2, 3) for k in range(3)]
    structural = select(pool, SelectConfig(budget=8, depth=2, cap=4, seed=0))
    assert structural.stage_counts == {"core": 8}
    assert structural.objective == 8  # 4 paths x depth 2
    assert max(structural.path_support.values()) == 2
    randoms = [select(pool, SelectConfig(budget=8, depth=2, cap=4, strategy="random", seed=s)).objective
               for s in range(5)]
    assert structural.objective > max(randoms)


def test_a_prior_sets_where_the_coverage_curve_starts() -> None:
    from trajectory2gym.selector.inventory import Inventory
    from trajectory2gym.selector.report import sampled_curve

    pool = synthetic_pool(400, 30, n_tasks=80, seed=1)
    first = select(pool, SelectConfig(budget=20, depth=2, cap=4, seed=0))
    assert first.covered_before == 0 and sampled_curve(first.coverage_curve)[0] == [0, 0]
    prior = Inventory()
    by_id = {c.id: c for c in pool}
    from trajectory2gym.selector.paths import path_facts

    for s in first.selected:
        prior.add_facts(path_facts(by_id[s.id]), s.task_id, by_id[s.id].domain, s.id)
    second = select(pool, SelectConfig(budget=20, depth=2, cap=4, seed=0), prior=prior)
    assert second.covered_before == first.paths_covered > 0
    curve = sampled_curve(second.coverage_curve, second.covered_before)
    assert curve[0] == [0, first.paths_covered] and curve[1][1] >= curve[0][1]
