"""Run under torchrun (2 processes) by test_train.py: trains the tiny models at world size 2."""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("DS_ACCELERATOR", "cpu")


def main() -> None:
    dense, moe, out = sys.argv[1], sys.argv[2], sys.argv[3]
    from trajectory2gym.learner.config import LearnerConfig
    from trajectory2gym.learner.samples import sample_set
    from trajectory2gym.learner.trainer import train

    inters, certs = sample_set(6)
    common = dict(bf16=False, wandb_mode="disabled", progress=False, grad_clip=0.0, lr_schedule="constant")
    sgd = LearnerConfig(model_path=dense, zero_stage=2, optimizer="sgd", lr=0.5, micro_batch=2, grad_accum=2,
                        steps=3, **common)
    r1 = train(sgd, inters, certs)
    moe_cfg = LearnerConfig(model_path=moe, zero_stage=3, lr=5e-3, micro_batch=1, grad_accum=2, steps=3,
                            moe={}, **common)
    r2 = train(moe_cfg, inters, certs, selected=[inters[0].id])
    import torch.distributed as dist

    if dist.get_rank() == 0:
        with open(out, "w") as fh:
            json.dump({"world": dist.get_world_size(), "dense_sgd": r1.losses, "moe": r2.losses,
                       "parents": [h["parents"] for h in r1.history]}, fh)
    # Tear the group down before exit: its threads left running at interpreter shutdown can abort a
    # rank ("terminate called without an active exception"), failing the run after its work is done.
    dist.barrier()
    dist.destroy_process_group()
    # ... and skip the interpreter's own teardown: a rank still aborted there once, under load, after
    # the group was gone (CI on 9b9235f); the results are written, nothing is left to flush but the streams.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
