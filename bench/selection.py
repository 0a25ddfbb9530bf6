"""Selection benchmark: structural selection over 35,000 candidates on about 6,000 paths.

Times canonical-path extraction, pool indexing and structural selection
(budget 14,819, depth 4, cap 32, the paper's budget) on one core, compares
coverage with random selection, and on a subsample times the lazy greedy
against the naive greedy that re-evaluates every candidate at every step (same
stages, same priorities; the bench checks both choose the same sequence).

Goals: structural selection of 35,000 under 10 s; lazy 20x or more faster than naive.

    OMP_NUM_THREADS=1 python bench/selection.py [--n 35000 --paths 6000 --budget 14819 --sub 2500]
"""

from __future__ import annotations

import os
import sys

# This file is named select.py: drop its folder from the path so it does not shadow the
# standard library's ``select`` module (imported indirectly by pydantic).
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    sys.path.pop(0)

import argparse  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402

from trajectory2gym.selector.paths import path_facts  # noqa: E402
from trajectory2gym.selector.pool import build_pool  # noqa: E402
from trajectory2gym.selector.select import SelectConfig, select  # noqa: E402
from trajectory2gym.selector.synthetic import synthetic_pool  # noqa: E402

CPU: dict[str, float] = {}


def timed(fn, name: str = ""):
    """Run ``fn``; return its result and wall seconds (CPU seconds go to CPU[name]: the machine is shared)."""
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn()
    CPU[name] = time.process_time() - c0
    return out, time.perf_counter() - t0


def task_subsample(candidates: list, size: int, seed: int) -> list:
    """Whole tasks drawn at random until ``size`` candidates: keeps the per-task structure."""
    by_task: dict[str, list] = {}
    for c in candidates:
        by_task.setdefault(c.task_id, []).append(c)
    tasks = sorted(by_task)
    random.Random(seed).shuffle(tasks)
    out: list = []
    for t in tasks:
        if len(out) >= size:
            break
        out.extend(by_task[t])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=35_000, help="candidates")
    ap.add_argument("--paths", type=int, default=6_000, help="distinct canonical paths")
    ap.add_argument("--budget", type=int, default=14_819)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--cap", type=int, default=32)
    ap.add_argument("--sub", type=int, default=2_500, help="subsample size for the naive comparison")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    candidates, t_gen = timed(lambda: synthetic_pool(args.n, args.paths, seed=args.seed))
    print(f"generated {len(candidates)} candidates in {t_gen:.1f} s (not part of selection)")
    facts, t_facts = timed(lambda: [path_facts(c) for c in candidates], "facts")
    pool, t_pool = timed(lambda: build_pool(candidates, facts), "pool")
    print(f"pool: {pool.size} candidates, {len(pool.path_keys)} paths, {len(pool.atom_names)} atoms, "
          f"{len(set(pool.task_names))} tasks")
    config = SelectConfig(budget=args.budget, depth=args.depth, cap=args.cap)
    structural, t_sel = timed(lambda: select(candidates, config, pool=pool), "select")
    rand, t_rand = timed(
        lambda: select(candidates, config.model_copy(update={"strategy": "random"}), pool=pool)
    )
    total = t_facts + t_pool + t_sel
    cpu = CPU["facts"] + CPU["pool"] + CPU["select"]
    print(f"wall: canonical paths + atoms {t_facts:.2f} s, pool index {t_pool:.2f} s, "
          f"structural selection {t_sel:.2f} s; total {total:.2f} s wall, {cpu:.2f} s CPU (goal < 10 s)")
    print(f"structural: {len(structural.selected)} selected, stages {structural.stage_counts}, "
          f"{structural.paths_covered} paths covered, F_d = {structural.objective}, stop: {structural.stop_reason}")
    print(f"random:     {len(rand.selected)} selected, {rand.paths_covered} paths covered, "
          f"F_d = {rand.objective} ({t_rand:.2f} s)")
    print(f"structural covered {structural.paths_covered - rand.paths_covered} more paths than random")

    sub = task_subsample(candidates, args.sub, args.seed)
    sub_budget = max(1, round(args.budget * len(sub) / len(candidates)))
    sub_config = config.model_copy(update={"budget": sub_budget})
    sub_pool = build_pool(sub)
    lazy, t_lazy = timed(lambda: select(sub, sub_config, pool=sub_pool), "lazy")
    naive, t_naive = timed(lambda: select(sub, sub_config, pool=sub_pool, naive=True), "naive")
    same = lazy.selected == naive.selected
    print(f"subsample of whole tasks: {len(sub)} candidates, budget {sub_budget}, "
          f"{len(sub_pool.path_keys)} paths, stages {lazy.stage_counts}")
    print(f"lazy {t_lazy * 1000:.0f} ms, naive {t_naive * 1000:.0f} ms wall: ratio {t_naive / t_lazy:.0f}x; "
          f"CPU ratio {CPU['naive'] / CPU['lazy']:.0f}x (goal >= 20x); same selection: {same}")
    if not same:
        raise SystemExit("lazy and naive greedy disagree")


if __name__ == "__main__":
    main()
