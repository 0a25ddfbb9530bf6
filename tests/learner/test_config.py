"""Learner config and the five scale presets."""

from __future__ import annotations

import pytest

from trajectory2gym.config import CONFIG_HOME, ConfigError
from trajectory2gym.learner.config import load_learner_config, load_preset, preset_paths
from trajectory2gym.learner.trainer import deepspeed_config

PRESETS = ["qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-30b-a3b"]


def test_five_presets_validate() -> None:
    assert sorted(p.stem for p in preset_paths()) == sorted(PRESETS)
    for name in PRESETS:
        cfg = load_preset(name)
        assert cfg.scale is not None and cfg.scale.support_depth >= 1
        assert cfg.model_path.startswith("Qwen/Qwen3-")
        ds = deepspeed_config(cfg, cfg.scale.world_size)
        assert ds["train_batch_size"] == cfg.micro_batch * cfg.grad_accum * cfg.scale.world_size
        assert ds["zero_optimization"]["stage"] == cfg.zero_stage


def test_moe_preset_has_moe_settings() -> None:
    cfg = load_preset("qwen3-30b-a3b")
    assert cfg.moe is not None and "Qwen3MoeSparseMoeBlock" in cfg.moe.leaf_modules
    assert cfg.zero_stage == 3 and cfg.moe.output_router_logits
    dense = [load_preset(n) for n in PRESETS[:-1]]
    assert all(c.moe is None for c in dense)


def test_preset_overrides_and_local_model_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cfg = load_preset("qwen3-8b", [f"model_path={tmp_path}", "loss=row", "micro_batch=2"])
    assert cfg.model_path == str(tmp_path) and cfg.loss == "row" and cfg.micro_batch == 2


@pytest.mark.parametrize(("override", "needle"), [
    ("loss=mean", "loss"),
    ("zero_stage=4", "zero_stage"),
    ("offload_params=true", "offload_params needs zero_stage 3"),
    ("moe=null", "MoE model"),
    ("zero_config=configs/zero/nope.json", "zero_config"),
    ("bogus=1", "bogus: unknown key"),
])
def test_bad_values_name_the_key(override: str, needle: str) -> None:
    base = "qwen3-30b-a3b" if override.startswith("moe") else "qwen3-1.7b"
    with pytest.raises(ConfigError, match=needle):
        load_preset(base, [override])


def test_tiny_config_loads_and_section_form(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cfg = load_learner_config(CONFIG_HOME / "configs" / "learner_tiny.yaml")
    assert cfg.bf16 is False and cfg.data.interactions
    wrapped = tmp_path / "run.yaml"
    wrapped.write_text("learner:\n  model_path: org/model\n  loss: token\nother_stage: {x: 1}\n")
    assert load_learner_config(wrapped).loss == "token"
    with pytest.raises(ValueError, match="model_path"):
        load_learner_config(CONFIG_HOME / "configs" / "learner_tiny.yaml",
                            ["model_path=/no/such/dir/at/all"]).check_model_path()


def test_run_config_is_refused_with_a_pointer(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ConfigError) as err:
        load_learner_config(CONFIG_HOME / "configs" / "smoke.yaml")
    text = str(err.value)
    assert "is a run config" in text and "t2g run" in text and "configs/learner_tiny.yaml" in text
    assert "unknown key" not in text and "Field required" not in text
    # Only a learner section with run-level keys (here `config:`) marks a run config.
    run_only = tmp_path / "run.yaml"
    run_only.write_text("learner:\n  config: {model_path: org/x}\n")
    with pytest.raises(ConfigError, match=r"is a run config \(it has learner.config\)"):
        load_learner_config(run_only)


def test_train_help_and_cli_on_a_run_config(capsys) -> None:  # type: ignore[no-untyped-def]
    from trajectory2gym.cli import main

    assert main(["train", str(CONFIG_HOME / "configs" / "smoke.yaml")]) == 2
    assert "is a run config" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    assert "not a `t2g run` config" in " ".join(capsys.readouterr().out.split())
