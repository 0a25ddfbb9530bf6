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
