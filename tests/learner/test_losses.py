"""Loss weights: rendering invariance of the parent-normalized loss, and agreement of the three losses."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory2gym.learner.losses import LOSS_KINDS, ds_loss_scale, token_weights, weighted_ce


def _model():  # type: ignore[no-untyped-def]
    from transformers import Qwen3Config, Qwen3ForCausalLM

    torch.manual_seed(0)
    cfg = Qwen3Config(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, head_dim=8)
    return Qwen3ForCausalLM(cfg).double().eval()


MODEL = None
# The model runs in float64, but Qwen3's RMSNorm computes in float32: float32 tolerance.
TOL = 1e-7


def model():  # type: ignore[no-untyped-def]
    global MODEL
    if MODEL is None:
        MODEL = _model()
    return MODEL


def grad_of(rows: list[tuple[list[int], list[int], str]], kind: str) -> torch.Tensor:
    """Total gradient of sum_i w_i CE_i over rows given as (ids, mask, parent)."""
    m = model()
    m.zero_grad()
    weights = token_weights([r[1] for r in rows], [r[2] for r in rows], None, kind)  # type: ignore[arg-type]
    for (ids, _, _), w in zip(rows, weights, strict=False):
        x = torch.tensor([ids])
        logits = m(input_ids=x).logits
        weighted_ce(logits, x, torch.from_numpy(w)[None]).backward()
    return torch.cat([p.grad.reshape(-1).clone() for p in m.parameters() if p.grad is not None])


def split_parent(ids: list[int], mask: list[int], cuts: list[int], pid: str):  # type: ignore[no-untyped-def]
    """Split a row's targets at ``cuts``: row j keeps the prefix up to its last target (same context)."""
    bounds = [0, *sorted(set(cuts)), len(ids)]
    rows = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        sub = [mk if a <= i < b else 0 for i, mk in enumerate(mask)]
        if sum(sub):
            rows.append((ids[:b], sub[:b], pid))
    return rows


rng = np.random.default_rng(0)
IDS_A = rng.integers(1, 64, size=40).tolist()
MASK_A = [1 if (8 <= i < 14 or 20 <= i < 23 or 30 <= i < 38) else 0 for i in range(40)]
IDS_B = rng.integers(1, 64, size=25).tolist()
MASK_B = [1 if 10 <= i < 20 else 0 for i in range(25)]
OTHER = [(IDS_B, MASK_B, "B")]


@settings(max_examples=12, deadline=None)
@given(cuts=st.lists(st.integers(min_value=1, max_value=39), min_size=0, max_size=6))
def test_splitting_a_parent_leaves_its_gradient_unchanged(cuts: list[int]) -> None:
    whole = grad_of([(IDS_A, MASK_A, "A"), *OTHER], "parent")
    split = grad_of([*split_parent(IDS_A, MASK_A, cuts, "A"), *OTHER], "parent")
    torch.testing.assert_close(split, whole, rtol=TOL, atol=TOL)


@pytest.mark.parametrize("k", [1, 2, 3, 17])
def test_split_into_k_rows(k: int) -> None:
    targets = [i for i, m in enumerate(MASK_A) if m]
    cuts = [targets[len(targets) * j // k] for j in range(1, k)]
    rows = split_parent(IDS_A, MASK_A, cuts, "A")
    assert len(rows) == k
    torch.testing.assert_close(grad_of([*rows, *OTHER], "parent"),
                               grad_of([(IDS_A, MASK_A, "A"), *OTHER], "parent"), rtol=TOL, atol=TOL)


def test_row_average_is_not_split_invariant() -> None:
    """The baseline the parent loss fixes: splitting changes the row-averaged gradient."""
    rows = split_parent(IDS_A, MASK_A, [16, 28], "A")
    diff = grad_of([*rows, *OTHER], "row") - grad_of([(IDS_A, MASK_A, "A"), *OTHER], "row")
    assert diff.abs().max() > 1e3 * TOL


def test_three_losses_agree_on_one_equal_row_per_parent() -> None:
    rng2 = np.random.default_rng(1)
    rows = []
    for p in range(4):
        ids = rng2.integers(1, 64, size=30).tolist()
        mask = [0] * 30
        for i in sorted(rng2.choice(np.arange(5, 30), size=9, replace=False)):
            mask[int(i)] = 1
        rows.append((ids, mask, f"p{p}"))
    grads = [grad_of(rows, k) for k in LOSS_KINDS]
    for g in grads[1:]:
        torch.testing.assert_close(g, grads[0], rtol=TOL, atol=TOL)
    ws = {k: token_weights([r[1] for r in rows], [r[2] for r in rows], None, k) for k in LOSS_KINDS}
    for k in LOSS_KINDS:
        for a, b in zip(ws[k], ws["parent"], strict=False):
            np.testing.assert_allclose(a, b)


def test_parent_weights_sum_to_selection_share() -> None:
    masks = [[1, 1, 0], [0, 1, 1, 1], [1, 0], [1, 1, 1, 1]]
    pids = ["a", "a", "b", "c"]
    sw = [2.0, 2.0, 1.0, 1.0]
    w = token_weights(masks, pids, sw, "parent")
    per = {p: sum(float(x.sum()) for x, q in zip(w, pids, strict=False) if q == p) for p in "abc"}
    assert per == pytest.approx({"a": 0.5, "b": 0.25, "c": 0.25})
    assert all((x[np.asarray(m) == 0] == 0).all() for x, m in zip(w, masks, strict=False))
    tok = token_weights(masks, pids, None, "token")
    assert all(np.allclose(x[np.asarray(m) == 1], 1 / 10) for x, m in zip(tok, masks, strict=False))
    row = token_weights(masks, pids, None, "row")
    assert [float(x.sum()) for x in row] == pytest.approx([0.25] * 4)


def test_rows_without_targets_and_bad_kind() -> None:
    w = token_weights([[0, 0], [0, 1]], ["a", "b"], None, "parent")
    assert w[0].sum() == 0 and w[1].sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="loss must be one of"):
        token_weights([[1]], ["a"], None, "mean")  # type: ignore[arg-type]
    assert ds_loss_scale(4, 2) == 8.0
