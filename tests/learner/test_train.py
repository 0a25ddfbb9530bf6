"""Training through DeepSpeed on CPU: loss falls, stages and world sizes agree, exact resume."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trajectory2gym.learner.config import LearnerConfig
from trajectory2gym.learner.samples import sample_set
from trajectory2gym.learner.trainer import train

COMMON = dict(bf16=False, wandb_mode="disabled", progress=False, grad_clip=0.0, lr_schedule="constant")


@pytest.fixture(scope="module")
def data():  # type: ignore[no-untyped-def]
    return sample_set(6)


def test_loss_falls_on_a_repeated_batch(tiny_models, data) -> None:  # type: ignore[no-untyped-def]
    inters, certs = data
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3"]), zero_stage=2, lr=5e-3, micro_batch=2,
                        grad_accum=2, steps=4, **COMMON)
    res = train(cfg, inters, certs, selected={inters[0].id: 1.0})
    assert all(h["parents"] == 1 for h in res.history)
    assert all(b < a for a, b in zip(res.losses, res.losses[1:], strict=False)), res.losses
    assert res.losses[-1] < res.losses[0] - 0.3
    h = res.history[0]
    assert h["target_tokens"] > 0 and h["tokens_per_s"] > 0 and h["lr"] == pytest.approx(5e-3)
    # One parent per step: the three objectives are three different averages of the same CE.
    assert h["loss/parent"] == pytest.approx(h["loss/token"])


def test_moe_trains_at_zero3(tiny_models, data) -> None:  # type: ignore[no-untyped-def]
    inters, certs = data
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3_moe"]), zero_stage=3, lr=1e-2, micro_batch=2,
                        grad_accum=1, steps=4, moe={}, **COMMON)
    res = train(cfg, inters, certs, selected=[inters[1].id])
    assert res.losses[-1] < res.losses[0]
    assert all("aux_loss" in h for h in res.history)


def test_optimizer_offload_runs_deepspeed_cpu_adam(tiny_models, data) -> None:  # type: ignore[no-untyped-def]
    """The 14B and 30B-A3B presets offload the optimizer state to the CPU: DeepSpeed's CPU Adam
    (built on first use) steps the weights, exactly as torch's AdamW does without offload."""
    inters, certs = data
    kw = dict(model_path=str(tiny_models["qwen3"]), zero_stage=3, lr=5e-3, micro_batch=2, grad_accum=1, steps=4,
              **COMMON)
    offloaded = train(LearnerConfig(offload_optimizer=True, **kw), inters, certs, selected={inters[0].id: 1.0})
    plain = train(LearnerConfig(**kw), inters, certs, selected={inters[0].id: 1.0})
    assert offloaded.extra["optimizer"] == "DeepSpeedCPUAdam" and plain.extra["optimizer"] == "AdamW"
    assert offloaded.losses[-1] < offloaded.losses[0] - 0.3
    assert offloaded.losses == pytest.approx(plain.losses, rel=1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-30b-a3b"])
def test_each_scale_preset_trains_on_a_tiny_stand_in(preset, tiny_models, data) -> None:  # type: ignore[no-untyped-def]
    """Each preset's own DeepSpeed setup (ZeRO stage and its config file, bf16, gradient
    checkpointing, optimizer offload, MoE leaf modules) runs on CPU with a tiny model of the same
    architecture. Overridden: the model, the GPU-only attention kernel, warmup and steps, and the
    packed row length (the samples fill a small part of 2,048 tokens; bf16 attention over the presets'
    16k rows costs CPU CI about 90 s a preset and tests nothing more)."""
    from trajectory2gym.learner.config import load_preset

    inters, certs = data
    tiny = tiny_models["qwen3_moe" if preset.endswith("a3b") else "qwen3"]
    cfg = load_preset(preset, [f"model_path={tiny}", "steps=2", "warmup_steps=0", "attn_implementation=sdpa",
                               "wandb_mode=disabled", "progress=false", "max_length=2048"])
    assert cfg.bf16 and cfg.gradient_checkpointing  # what the row length is not
    res = train(cfg, inters, certs)
    assert len(res.losses) == 2 and all(0 < x < 20 for x in res.losses), res.losses
    assert res.extra["optimizer"] == ("DeepSpeedCPUAdam" if cfg.offload_optimizer else "AdamW")
    if cfg.moe is not None:
        assert all("aux_loss" in h for h in res.history)


def test_activation_checkpointing_is_enabled_without_deprecation(tiny_models) -> None:  # type: ignore[no-untyped-def]
    import warnings

    from transformers import AutoModelForCausalLM

    from trajectory2gym.learner.trainer import enable_checkpointing

    model = AutoModelForCausalLM.from_pretrained(tiny_models["qwen3"])
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)  # the old names warn in transformers 5
        on = getattr(type(model), "is_activation_checkpointing", None) or type(model).is_gradient_checkpointing
        assert not on.fget(model)
        enable_checkpointing(model)
        assert on.fget(model)


def sgd_losses(model: Path, data, micro: int, ga: int, stage: int, packing: bool = False,  # type: ignore[no-untyped-def]
               max_length: int = 2048) -> list[float]:
    inters, certs = data
    cfg = LearnerConfig(model_path=str(model), zero_stage=stage, optimizer="sgd", lr=0.5, micro_batch=micro,
                        grad_accum=ga, steps=3, packing=packing, max_length=max_length, **COMMON)
    return train(cfg, inters, certs).losses


def test_objective_is_independent_of_accumulation_and_stage(tiny_models, data) -> None:  # type: ignore[no-untyped-def]
    """SGD steps see the gradient's scale: equal losses mean DeepSpeed's averaging was undone exactly."""
    ref = sgd_losses(tiny_models["qwen3"], data, micro=8, ga=1, stage=0)
    assert ref[1] != pytest.approx(ref[0], rel=1e-3)  # the step moved the model
    for micro, ga, stage in [(2, 4, 2), (4, 2, 3)]:
        assert sgd_losses(tiny_models["qwen3"], data, micro, ga, stage) == pytest.approx(ref, rel=1e-5)


def test_packing_matches_padding(tiny_models, data) -> None:  # type: ignore[no-untyped-def]
    """Packed rows (per-row position ids) give the same objective as padded rows."""
    padded = sgd_losses(tiny_models["qwen3"], data, micro=4, ga=2, stage=2)
    # Same steps: 8 padded rows and two packs of 3072 tokens each hold two parents (4 rows, ~2.4k tokens).
    packed = sgd_losses(tiny_models["qwen3"], data, micro=2, ga=1, stage=2, packing=True, max_length=3072)
    assert packed == pytest.approx(padded, rel=1e-4)


def test_world_size_two_matches_one(tiny_models, data, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "w2.json"
    env = {**os.environ, "DS_ACCELERATOR": "cpu", "OMP_NUM_THREADS": "1"}
    for k in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"):
        env.pop(k, None)
    # --standalone: the rendezvous store binds a free port itself; a port probed here and
    # released could be taken by another process (Ray, a parallel test) before torchrun binds it.
    proc = subprocess.run(
        [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--standalone",
         str(Path(__file__).with_name("dist_worker.py")), str(tiny_models["qwen3"]), str(tiny_models["qwen3_moe"]),
         str(out)], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(out.read_text())
    assert got["world"] == 2
    # Same global batch (8 rows) on one process: identical SGD trajectory.
    assert got["dense_sgd"] == pytest.approx(sgd_losses(tiny_models["qwen3"], data, 2, 4, 2), rel=1e-5)
    inters, certs = data
    moe1 = LearnerConfig(model_path=str(tiny_models["qwen3_moe"]), zero_stage=3, lr=5e-3, micro_batch=1,
                         grad_accum=4, steps=3, moe={}, **COMMON)
    assert got["moe"] == pytest.approx(train(moe1, inters, certs, selected=[inters[0].id]).losses, rel=1e-5)
    assert max(got["parents"]) >= 2


def test_resume_is_exact(tiny_models, data, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    inters, certs = data
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3"]), zero_stage=2, lr=5e-3, micro_batch=2,
                        grad_accum=2, steps=4, checkpoint_dir=str(tmp_path / "ck"), checkpoint_interval=2,
                        keep_checkpoints=3, seed=3, **{**COMMON, "lr_schedule": "cosine"})
    sel = {i.id: 1.0 for i in inters[:4]}
    full = train(cfg, inters, certs, selected=sel)
    ck = tmp_path / "ck"
    assert (ck / "latest").read_text() == "step-00000004"
    assert not list(ck.glob(".tmp-*"))
    state = json.loads((ck / "step-00000002" / "trainer_state.json").read_text())
    assert state["step"] == 2 and state["selected_identity"] == full.selected_identity
    resumed = train(cfg, inters, certs, selected=sel, resume=ck / "step-00000002")
    assert resumed.start_step == 2
    assert resumed.losses == pytest.approx(full.losses[2:], rel=1e-7, abs=1e-9)
    with pytest.raises(ValueError, match="selected set"):
        train(cfg, inters, certs, selected={inters[0].id: 1.0}, resume=ck)
    # A changed schedule or objective is refused before DeepSpeed builds an engine, naming each key.
    from trajectory2gym.learner import trainer

    monkeypatch.setattr(trainer, "build_engine", lambda *_: pytest.fail("engine built before the check"))
    changed = cfg.model_copy(update={"loss": "token", "micro_batch": 1, "rendering": "conversation",
                                     "checkpoint_dir": str(tmp_path / "ck2")})
    with pytest.raises(ValueError, match="cannot resume") as err:
        train(changed, inters, certs, selected=sel, resume=ck)
    text = str(err.value)
    for key in ("rows_digest", "rows (rendered rows): checkpoint", "loss: checkpoint 'parent', this run 'token'",
                "rendering", "micro_batch: checkpoint 2, this run 1", "new checkpoint_dir"):
        assert key in text, text
    assert "grad_accum" not in text and "seed" not in text


def test_output_model_reloads(tiny_models, data, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from transformers import AutoModelForCausalLM

    inters, certs = data
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3"]), zero_stage=3, lr=1e-2, micro_batch=2, grad_accum=1,
                        steps=1, output_dir=str(tmp_path / "out"), **COMMON)
    train(cfg, inters, certs, selected=[inters[0].id])
    before = AutoModelForCausalLM.from_pretrained(tiny_models["qwen3"])
    after = AutoModelForCausalLM.from_pretrained(tmp_path / "out")
    diffs = [float((a - b).abs().max().detach()) for a, b in zip(before.parameters(), after.parameters(), strict=False)]
    assert max(diffs) > 0 and len(diffs) == len(list(before.parameters()))
