"""Learner benchmarks (CPU): loss-step overhead and rendering throughput.

1. Step time of the parent-normalized loss (weights formed per global batch,
   weighted CE on target positions) versus plain token-mean cross-entropy
   (Hugging Face ``labels=`` loss) on the same tiny Qwen3, the same batch, the
   same DeepSpeed engine. Goal: ratio <= 1.05.
2. Rows per second of rendering (decision and conversation, with and without
   the template check).

Run: ``OMP_NUM_THREADS=1 python bench/learner.py [--steps 30]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("DS_ACCELERATOR", "cpu")
os.environ.setdefault("OMP_NUM_THREADS", "1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=30, help="timed steps per loss (after 3 warm-up steps)")
    ap.add_argument("--parents", type=int, default=40, help="synthetic interactions to render")
    args = ap.parse_args()

    import torch
    from transformers import AutoTokenizer

    from trajectory2gym.learner.batching import (
        batch_weights,
        collate,
        deal,
        parent_targets,
        plan_epoch,
    )
    from trajectory2gym.learner.config import LearnerConfig
    from trajectory2gym.learner.losses import ds_loss_scale, shifted_ce
    from trajectory2gym.learner.render import Renderer, render_all
    from trajectory2gym.learner.samples import sample_set
    from trajectory2gym.learner.tiny import make_tiny
    from trajectory2gym.learner.trainer import build_engine, init_distributed

    tmp = tempfile.mkdtemp(prefix="t2g-bench-")
    model_dir = make_tiny(f"{tmp}/qwen3", "qwen3")
    tok = AutoTokenizer.from_pretrained(model_dir)
    inters, certs = sample_set(args.parents)

    print("== rendering throughput")
    for mode in ("decision", "conversation"):
        for verify in (True, False):
            renderer = Renderer(tok, mode, 4096, verify)  # type: ignore[arg-type]
            t0 = time.perf_counter()
            rows, report = render_all(renderer, inters, certs)
            dt = time.perf_counter() - t0
            print(f"{mode:12s} verify={verify!s:5s}: {len(rows):4d} rows in {dt:6.2f}s = {len(rows) / dt:8.1f} rows/s "
                  f"({report.parents_rendered / dt:6.1f} parents/s)")

    rows, _ = render_all(Renderer(tok, "decision", 4096), inters, certs)
    cfg = LearnerConfig(model_path=str(model_dir), zero_stage=0, bf16=False, micro_batch=4, grad_accum=1,
                        lr=1e-4, lr_schedule="constant", steps=1000, wandb_mode="disabled", progress=False)
    _, world = init_distributed()
    engine, _ = build_engine(cfg, 1000, world)
    targets = parent_targets(rows)
    idx = plan_epoch(rows, cfg.micro_batch * world, 0, 0)[0]
    scale = ds_loss_scale(1, world)

    def parent_step() -> None:
        gb = batch_weights(rows, idx, targets)  # weights formed with the batch, as in training
        mb = collate(gb, deal(gb, rows, world, 1, False, 4096)[0][0], rows, tok.pad_token_id, False)
        ids = torch.from_numpy(mb.input_ids)
        out = engine(input_ids=ids, attention_mask=torch.from_numpy(mb.attention_mask), use_cache=False)
        ce, w, _ = shifted_ce(out.logits, ids, torch.from_numpy(mb.weights["parent"]))
        engine.backward((ce * w).sum() * scale)
        engine.step()

    def token_mean_step() -> None:
        gb = batch_weights(rows, idx, targets)
        mb = collate(gb, deal(gb, rows, world, 1, False, 4096)[0][0], rows, tok.pad_token_id, False)
        ids = torch.from_numpy(mb.input_ids)
        labels = ids.clone()
        labels[torch.from_numpy(mb.weights["token"]) == 0] = -100
        out = engine(input_ids=ids, attention_mask=torch.from_numpy(mb.attention_mask), labels=labels,
                     use_cache=False)
        engine.backward(out.loss)
        engine.step()

    for _ in range(3):
        parent_step()
        token_mean_step()
    times: dict[str, list[float]] = {"parent": [], "token_mean": []}
    for k in range(args.steps):
        order = [("parent", parent_step), ("token_mean", token_mean_step)]
        for name, fn in order if k % 2 == 0 else order[::-1]:
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    p, t = statistics.median(times["parent"]), statistics.median(times["token_mean"])
    tokens = sum(len(rows[i].input_ids) for i in idx)
    print(f"== loss step time ({len(idx)} rows, {tokens} tokens, median of {args.steps})")
    print(f"parent-normalized : {p * 1000:8.2f} ms")
    print(f"token-mean CE     : {t * 1000:8.2f} ms")
    print(f"ratio parent/token-mean = {p / t:.3f} (goal <= 1.05)")


if __name__ == "__main__":
    main()
