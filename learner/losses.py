"""Token weights for the three SFT objectives, and the weighted cross-entropy.

The objective of one optimizer step is ``sum_i w_i * CE_i`` over every target
token i of the global batch (all rows of all gradient-accumulation micro-steps
on all data-parallel ranks). Weights are computed once, where the global batch
is formed:

- ``parent`` (default): parent p with selection weight s_p and N_p target tokens
  over all of its rows gets w = s_p / (sum_q s_q * N_p) on each of them: every
  parent's aggregate coefficient is s_p / sum_q s_q (1/P when unweighted) however
  many rows it renders into. A parent with more rows than one step holds is spread
  over several steps: each piece then counts as the share f_p of the parent's
  target tokens it carries, w = s_p / (sum_q s_q f_q * N_p), so over its steps the
  parent still gets one parent's mass (its shares sum to 1), not one per piece.
- ``row``: row r gets s_r / (sum_r s_r * n_r) per target token (a row mean, then
  a mean over rows).
- ``token``: every target token gets s / sum_i s_i (a plain token mean).

DeepSpeed divides the loss by the accumulation steps and averages gradients
over data-parallel ranks; ``ds_loss_scale`` is the factor that undoes both, so
the summed gradient is exactly that of the global objective.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Literal

import numpy as np

LossKind = Literal["parent", "row", "token"]
LOSS_KINDS: tuple[LossKind, ...] = ("parent", "row", "token")


def token_weights(
    masks: Sequence[Sequence[int]],
    parent_ids: Sequence[str],
    parent_weights: Sequence[float] | None = None,
    kind: LossKind = "parent",
    parent_tokens: Mapping[str, float] | None = None,
) -> list[np.ndarray]:
    """Per-token weights (float64, aligned with each row's tokens) for one global batch.

    ``parent_tokens``: each parent's target tokens over all of its rows, where some of them
    may be in other batches (a split parent); without it every parent is whole here."""
    if kind not in LOSS_KINDS:
        raise ValueError(f"loss must be one of {', '.join(LOSS_KINDS)}, got {kind!r}")
    if len(masks) != len(parent_ids):
        raise ValueError(f"{len(masks)} masks but {len(parent_ids)} parent ids")
    s = [1.0] * len(masks) if parent_weights is None else [float(w) for w in parent_weights]
    arrs = [np.asarray(m, dtype=np.float64) for m in masks]
    counts = [float(a.sum()) for a in arrs]
    out = [np.zeros_like(a) for a in arrs]
    live = [i for i, n in enumerate(counts) if n > 0 and s[i] > 0]
    if not live:
        return out
    if kind == "parent":
        n_here: dict[str, float] = defaultdict(float)
        s_parent: dict[str, float] = {}
        for i in live:
            n_here[parent_ids[i]] += counts[i]
            s_parent[parent_ids[i]] = s[i]
        n_all = n_here if parent_tokens is None else {p: max(parent_tokens[p], n) for p, n in n_here.items()}
        # A parent counts with the share of its target tokens that is in this batch (1 when whole).
        total = sum(sp * n_here[p] / n_all[p] for p, sp in s_parent.items())
        for i in live:
            out[i] = arrs[i] * (s[i] / (total * n_all[parent_ids[i]]))
    elif kind == "row":
        total = sum(s[i] for i in live)
        for i in live:
            out[i] = arrs[i] * (s[i] / (total * counts[i]))
    else:
        total = sum(s[i] * counts[i] for i in live)
        for i in live:
            out[i] = arrs[i] * (s[i] / total)
    return out


def all_token_weights(
    masks: Sequence[Sequence[int]],
    parent_ids: Sequence[str],
    parent_weights: Sequence[float] | None = None,
    parent_tokens: Mapping[str, float] | None = None,
) -> dict[LossKind, list[np.ndarray]]:
    return {k: token_weights(masks, parent_ids, parent_weights, k, parent_tokens) for k in LOSS_KINDS}


def ds_loss_scale(grad_accum: int, world_size: int) -> float:
    """Multiply each micro-step's weighted sum by this to cancel DeepSpeed's two averages."""
    return float(grad_accum * world_size)


def shifted_ce(logits, input_ids, weights):  # type: ignore[no-untyped-def]
    """Cross-entropy of each weighted target token, computed only where a weight is non-zero.

    ``weights[b, i]`` belongs to token ``input_ids[b, i]``, predicted from position i-1.
    Returns (per-token CE, their weights, the flat index of each) as 1-D tensors.
    """
    import torch
    import torch.nn.functional as F

    w = weights[:, 1:]
    idx = torch.nonzero(w.reshape(-1) != 0, as_tuple=True)[0]
    vocab = logits.shape[-1]
    flat_logits = logits[:, :-1, :].reshape(-1, vocab).index_select(0, idx)
    labels = input_ids[:, 1:].reshape(-1).index_select(0, idx)
    if flat_logits.dtype in (torch.bfloat16, torch.float16):
        flat_logits = flat_logits.float()  # CE in at least fp32
    ce = F.cross_entropy(flat_logits, labels, reduction="none")
    return ce, w.reshape(-1).index_select(0, idx), idx


def weighted_ce(logits, input_ids, weights):  # type: ignore[no-untyped-def]
    """``sum_i w_i * CE_i`` for one micro-batch (the caller multiplies by ``ds_loss_scale``)."""
    ce, w, _ = shifted_ce(logits, input_ids, weights)
    return (ce * w.to(ce.dtype)).sum()
