"""Global batches of whole parents, their weights, and the per-rank micro-batches.

A global batch is formed from whole parents (all rows of an interaction go
into the same optimizer step) so parent-normalized weights are exact. It is
then dealt into ``grad_accum x world_size`` slots of ``micro_batch`` rows (or
packed sequences); empty places get a zero-weight padding row so every rank runs
the same number of micro-steps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from trajectory2gym.learner.losses import LOSS_KINDS, LossKind, all_token_weights
from trajectory2gym.learner.render import Row


@dataclass
class GlobalBatch:
    rows: list[int]  # indices into the row list
    weights: dict[LossKind, list[np.ndarray]]  # per kind, per row (same order as rows)
    parents: int
    split_parents: list[str] = field(default_factory=list)


def pack_lengths(lengths: Sequence[int], capacity: int) -> list[list[int]]:
    """First-fit decreasing: bins of item indices whose lengths sum to at most ``capacity``."""
    bins: list[list[int]] = []
    room: list[int] = []
    for i in sorted(range(len(lengths)), key=lambda k: (-lengths[k], k)):
        for b, r in enumerate(room):
            if lengths[i] <= r:
                bins[b].append(i)
                room[b] -= lengths[i]
                break
        else:
            bins.append([i])
            room.append(capacity - lengths[i])
    return bins


def plan_epoch(rows: Sequence[Row], slots: int, seed: int, epoch: int, packing: bool = False,
               max_length: int = 0) -> list[list[int]]:
    """Row indices of each global batch of one epoch (parents shuffled by seed and epoch).

    ``slots`` is the number of rows (or packed sequences) one global batch holds.
    A parent with more rows than fit in one batch is split over consecutive
    batches; each piece weighs its share of the parent (``batch_weights``).
    """
    by_parent: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        by_parent.setdefault(r.parent_id, []).append(i)
    order = sorted(by_parent)
    random.Random(f"{seed}:{epoch}").shuffle(order)

    def fits(idx: list[int]) -> bool:
        if not packing:
            return len(idx) <= slots
        return len(pack_lengths([len(rows[i].input_ids) for i in idx], max_length)) <= slots

    batches: list[list[int]] = []
    cur: list[int] = []
    for pid in order:
        pending = by_parent[pid]
        while pending:
            if fits(cur + pending):
                cur = cur + pending
                pending = []
                continue
            if cur:
                batches.append(cur)
                cur = []
                continue
            # The parent alone overflows a batch: take the largest prefix that fits.
            k = 1
            while k < len(pending) and fits(pending[: k + 1]):
                k += 1
            batches.append(pending[:k])
            pending = pending[k:]
    if cur:
        batches.append(cur)
    return batches


def parent_targets(rows: Sequence[Row]) -> dict[str, int]:
    """Target tokens of each parent over all of its rows."""
    out: dict[str, int] = {}
    for r in rows:
        out[r.parent_id] = out.get(r.parent_id, 0) + r.n_targets
    return out


def batch_weights(rows: Sequence[Row], idx: list[int], targets_of: dict[str, int]) -> GlobalBatch:
    """The weights of one global batch; ``targets_of`` (``parent_targets`` of every row) lets a
    parent split over batches weigh, in each, the share of its target tokens there."""
    sel = [rows[i] for i in idx]
    weights = all_token_weights([r.target_mask for r in sel], [r.parent_id for r in sel],
                                [r.parent_weight for r in sel], targets_of)
    here: dict[str, int] = {}
    for r in sel:
        here[r.parent_id] = here.get(r.parent_id, 0) + r.n_targets
    split = sorted(p for p, n in here.items() if n < targets_of[p])
    return GlobalBatch(idx, weights, len(here), split)


@dataclass
class MicroBatch:
    input_ids: np.ndarray  # (B, L) int64
    attention_mask: np.ndarray | None  # (B, L); None when packed (position ids delimit rows)
    position_ids: np.ndarray | None
    weights: dict[LossKind, np.ndarray]  # (B, L) float64 per kind
    real_tokens: int


Unit = list[tuple[int, int]]  # (position in the global batch, row index): one sequence


def deal(batch: GlobalBatch, rows: Sequence[Row], world_size: int, grad_accum: int,
         packing: bool, max_length: int) -> list[list[list[Unit]]]:
    """``slots[micro_step][rank]`` = the sequences that rank runs in that micro-step.

    A sequence is one row, or a packed bin of rows. Longest first, dealt
    round-robin over the ga x world slots so the work per rank is balanced.
    """
    if packing:
        bins = pack_lengths([len(rows[i].input_ids) for i in batch.rows], max_length)
    else:
        bins = [[k] for k in range(len(batch.rows))]
    bins.sort(key=lambda u: (-sum(len(rows[batch.rows[k]].input_ids) for k in u), u))
    n_slots = world_size * grad_accum
    flat: list[list[Unit]] = [[] for _ in range(n_slots)]
    for j, u in enumerate(bins):
        flat[j % n_slots].append([(k, batch.rows[k]) for k in u])
    return [[flat[m * world_size + r] for r in range(world_size)] for m in range(grad_accum)]


def collate(batch: GlobalBatch, units: list[Unit], rows: Sequence[Row], pad_id: int,
            packing: bool) -> MicroBatch:
    """Arrays of one rank's micro-step: padded rows, or packed sequences with per-row positions."""
    seqs: list[tuple[list[int], dict[LossKind, np.ndarray], list[int]]] = []
    for unit in units:
        ids: list[int] = []
        pos: list[int] = []
        w: dict[LossKind, list[np.ndarray]] = {kd: [] for kd in LOSS_KINDS}
        for k, i in unit:
            ids.extend(rows[i].input_ids)
            pos.extend(range(len(rows[i].input_ids)))
            for kd in LOSS_KINDS:
                w[kd].append(batch.weights[kd][k])
        seqs.append((ids, {kd: np.concatenate(w[kd]) for kd in LOSS_KINDS}, pos))
    if not seqs:  # an empty place: one zero-weight padding token keeps the ranks in step
        seqs.append(([pad_id], {kd: np.zeros(1) for kd in LOSS_KINDS}, [0]))
    width = max(len(s[0]) for s in seqs)
    n = len(seqs)
    input_ids = np.full((n, width), pad_id, dtype=np.int64)
    attn = np.zeros((n, width), dtype=np.int64)
    position = np.zeros((n, width), dtype=np.int64)
    weights = {kd: np.zeros((n, width), dtype=np.float64) for kd in LOSS_KINDS}
    real = 0
    for b, (ids, w, pos) in enumerate(seqs):
        L = len(ids)
        input_ids[b, :L] = ids
        attn[b, :L] = 1
        position[b, :L] = pos
        # Padding continues as its own packed segment so it never attends into real rows.
        position[b, L:] = np.arange(width - L)
        for kd in LOSS_KINDS:
            weights[kd][b, :L] = w[kd]
        real += L
    if packing:
        return MicroBatch(input_ids, None, position, weights, real)
    return MicroBatch(input_ids, attn, None, weights, real)
