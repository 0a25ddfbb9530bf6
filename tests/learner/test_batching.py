"""Global batches keep parents whole; dealing covers each row once; packing positions restart per row."""

from __future__ import annotations

import numpy as np

from trajectory2gym.learner.batching import (
    batch_weights,
    collate,
    deal,
    pack_lengths,
    parent_targets,
    plan_epoch,
)
from trajectory2gym.learner.render import Row


def rows_of(spec: list[tuple[str, int]]) -> list[Row]:
    rng = np.random.default_rng(0)
    out = []
    for pid, n in spec:
        for _ in range(n):
            L = int(rng.integers(5, 40))
            mask = [0] * (L // 2) + [1] * (L - L // 2)
            out.append(Row(pid, rng.integers(3, 100, size=L).tolist(), mask, [1]))
    return out


ROWS = rows_of([("a", 1), ("b", 3), ("c", 2), ("d", 5), ("e", 1), ("f", 9)])


def test_plan_keeps_parents_whole_and_is_deterministic() -> None:
    plan = plan_epoch(ROWS, slots=6, seed=1, epoch=0)
    assert plan == plan_epoch(ROWS, slots=6, seed=1, epoch=0)
    assert plan != plan_epoch(ROWS, slots=6, seed=1, epoch=1) or len(plan) == 1
    assert sorted(i for b in plan for i in b) == list(range(len(ROWS)))
    assert all(len(b) <= 6 for b in plan)
    counts = {p: sum(1 for r in ROWS if r.parent_id == p) for p in "abcdef"}
    for b in plan:
        parents = {ROWS[i].parent_id for i in b}
        whole = [p for p in parents if sum(1 for i in b if ROWS[i].parent_id == p) == counts[p]]
        assert len(parents - set(whole)) <= 1 and (parents - set(whole) <= {"f"})  # only f (9 rows) splits
    gb = batch_weights(ROWS, plan[0], parent_targets(ROWS))
    assert abs(sum(float(w.sum()) for w in gb.weights["parent"]) - 1.0) < 1e-12


def test_a_parent_spread_over_steps_gets_one_parents_mass() -> None:
    """f's 9 rows over steps of 4: each part weighs its share of f's target tokens, so over the
    epoch f gets one parent's mass (counted in units of one whole parent of each step), not one
    per part; whole parents keep exactly 1 per step. The share is by target tokens, not rows."""
    targets = parent_targets(ROWS)
    plan = plan_epoch(ROWS, slots=4, seed=3, epoch=0)
    mass: dict[str, float] = {}
    for idx in plan:
        gb = batch_weights(ROWS, idx, targets)
        here: dict[str, float] = {}
        for k, i in enumerate(idx):
            here[ROWS[i].parent_id] = here.get(ROWS[i].parent_id, 0.0) + float(gb.weights["parent"][k].sum())
        assert abs(sum(here.values()) - 1.0) < 1e-12  # each step's objective is still a weighted mean
        # Parents' worth in this step: whole ones count 1, a part its token share.
        worth = sum(sum(ROWS[i].n_targets for i in idx if ROWS[i].parent_id == p) / targets[p] for p in here)
        for p, m in here.items():
            mass[p] = mass.get(p, 0.0) + m * worth
        assert gb.split_parents == sorted(p for p in here
                                          if sum(ROWS[i].n_targets for i in idx if ROWS[i].parent_id == p) < targets[p])
    assert sum(1 for idx in plan if any(ROWS[i].parent_id == "f" for i in idx)) >= 3  # f really is spread
    assert all(abs(m - 1.0) < 1e-9 for m in mass.values()), mass


def test_deal_and_collate_cover_every_row_once() -> None:
    plan = plan_epoch(ROWS, slots=8, seed=0, epoch=0)
    for idx in plan:
        gb = batch_weights(ROWS, idx, parent_targets(ROWS))
        slots = deal(gb, ROWS, world_size=2, grad_accum=2, packing=False, max_length=64)
        seen = sorted(i for m in slots for r in m for u in r for _, i in u)
        assert seen == sorted(idx)
        total = 0.0
        for m in slots:
            for r in m:
                mb = collate(gb, r, ROWS, pad_id=0, packing=False)
                assert mb.input_ids.shape == mb.weights["parent"].shape and mb.attention_mask is not None
                assert (mb.weights["parent"][mb.attention_mask == 0] == 0).all()
                total += float(mb.weights["parent"].sum())
        assert abs(total - 1.0) < 1e-12


def test_packing_positions_and_capacity() -> None:
    bins = pack_lengths([30, 20, 15, 10, 40], 50)
    assert sorted(i for b in bins for i in b) == [0, 1, 2, 3, 4]
    assert all(sum([30, 20, 15, 10, 40][i] for i in b) <= 50 for b in bins)
    plan = plan_epoch(ROWS, slots=2, seed=0, epoch=0, packing=True, max_length=64)
    gb = batch_weights(ROWS, plan[0], parent_targets(ROWS))
    slots = deal(gb, ROWS, world_size=1, grad_accum=2, packing=True, max_length=64)
    for m in slots:
        mb = collate(gb, m[0], ROWS, pad_id=0, packing=True)
        assert mb.attention_mask is None and mb.position_ids is not None
        assert mb.input_ids.shape[1] <= 64
        starts = int((mb.position_ids == 0).sum())
        assert starts >= sum(len(u) for u in m[0])  # every packed row restarts at position 0
