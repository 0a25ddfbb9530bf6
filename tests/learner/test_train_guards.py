"""What `train` refuses before DeepSpeed starts: missing inputs, a max_length beyond the model's
context; and what it says when every row is too long."""

from __future__ import annotations

from pathlib import Path

import pytest

from trajectory2gym.learner import trainer
from trajectory2gym.learner.checkpoint import resume_mismatches
from trajectory2gym.learner.config import LearnerConfig
from trajectory2gym.learner.render import Renderer, render_all
from trajectory2gym.learner.samples import sample_set, write_samples

COMMON = dict(bf16=False, wandb_mode="disabled", progress=False)


@pytest.fixture()
def no_deepspeed(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise AssertionError("DeepSpeed was started before the inputs were checked")

    monkeypatch.setattr(trainer, "init_distributed", refuse)
    monkeypatch.setattr(trainer, "build_engine", refuse)


@pytest.mark.parametrize("key", ["interactions", "certified", "selected"])
def test_missing_data_file_is_named_before_deepspeed(tiny_models, tmp_path: Path, key: str,
                                                     no_deepspeed: None) -> None:  # type: ignore[no-untyped-def]
    data = {k: str(p) for k, p in write_samples(tmp_path / "s", 2).items()}
    data[key] = str(tmp_path / "nope.jsonl")
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3"]), data=data, **COMMON)
    with pytest.raises(FileNotFoundError, match=rf"data\.{key}: '.*nope\.jsonl'"):
        trainer.train(cfg)


def test_max_length_beyond_the_model_context_is_refused(tiny_models, no_deepspeed: None) -> None:  # type: ignore[no-untyped-def]
    inters, certs = sample_set(1)
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3"]), max_length=40000, **COMMON)
    with pytest.raises(ValueError, match="max_length: 40000 exceeds the model's max_position_embeddings 32768"):
        trainer.train(cfg, inters, certs)
    assert cfg.model_copy(update={"max_length": 32768}).check_max_length() == 32768


def test_nothing_to_train_on_names_max_length_and_the_longest_row(tiny_models, tiny_tokenizer) -> None:  # type: ignore[no-untyped-def]
    inters, certs = sample_set(3)
    full, _ = render_all(Renderer(tiny_tokenizer, "decision", 32768), inters, certs)
    longest = max(len(r.input_ids) for r in full)
    rows, report = render_all(Renderer(tiny_tokenizer, "decision", 64), inters, certs)
    assert rows == [] and report.longest_skipped == longest
    cfg = LearnerConfig(model_path=str(tiny_models["qwen3"]), max_length=64, **COMMON)
    with pytest.raises(ValueError, match=rf"longest row .* has {longest} tokens: raise max_length \(now 64\)"):
        trainer.train(cfg, inters, certs)


def test_resume_mismatches_name_every_changed_key() -> None:
    saved = {"step": 6, "selected_identity": "a", "rows": 24, "loss": "parent", "rendering": "decision",
             "micro_batch": 2, "grad_accum": 2, "world_size": 1}
    same = {k: v for k, v in saved.items() if k != "step"}
    assert resume_mismatches(saved, {**same, "seed": 5}) == []  # older checkpoints lack some keys
    got = resume_mismatches(saved, {**same, "rows": 32, "loss": "token", "micro_batch": 1,
                                    "rendering": "conversation"})
    assert [g.split(":")[0] for g in got] == ["rows (rendered rows)", "loss", "rendering", "micro_batch"]
    assert "loss: checkpoint 'parent', this run 'token'" in got
