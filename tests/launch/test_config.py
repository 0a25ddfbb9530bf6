"""The run config: the smoke config validates, bad keys are named, the learner section resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from trajectory2gym.config import ConfigError
from trajectory2gym.launch.config import RunConfig, WandbConfig, load_run_config

REPO = Path(__file__).resolve().parents[2]
SMOKE = REPO / "configs" / "smoke.yaml"


def test_smoke_config_loads_with_overrides() -> None:
    cfg = load_run_config(SMOKE, ["envs.retail.workers=4", "run.rounds=3", "wandb.mode=disabled"])
    assert cfg.envs["retail"].workers == 4 and cfg.run.rounds == 3
    assert set(cfg.envs) == {"retail", "airline"}
    assert cfg.teacher.kind == "scripted" and cfg.learner.tiny_model is not None
    assert cfg.wandb.resolved_mode() == "disabled"
    assert cfg.selector.select.budget >= 1


@pytest.mark.parametrize(
    ("override", "needle"),
    [
        ("envs.mars.workers=1", "unknown domains ['mars']"),
        ("envs.retail.families=[cooking]", "unknown families"),
        ("envs.retail.workers=0", "envs.retail.workers"),
        ("workers.chunk=0", "workers.chunk"),
        ("selector.select.strategy=magic", "selector.select.strategy"),
        ("teacher.kind=oracle", "teacher.kind"),
        ("run.colour=red", "run.colour: unknown key"),
        ("run.name=a/b", "run.name"),
    ],
)
def test_bad_values_name_the_key(override: str, needle: str) -> None:
    with pytest.raises(ConfigError, match=None) as err:
        load_run_config(SMOKE, [override])
    assert needle in str(err.value)


def test_wandb_auto_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WANDB_API_KEY", raising=False)
    assert WandbConfig().resolved_mode() == "offline"
    monkeypatch.setenv("WANDB_API_KEY", "x" * 40)
    assert WandbConfig().resolved_mode() == "online"
    assert WandbConfig(mode="disabled").resolved_mode() == "disabled"


def test_learner_section_resolves(tmp_path: Path) -> None:
    file = tmp_path / "learner.yaml"
    file.write_text("learner:\n  model_path: org/base\n  lr: 0.5\n  steps: 10\n  zero_stage: 1\n")
    cfg = RunConfig.model_validate(
        {"learner": {"config_file": str(file), "config": {"lr": 0.25, "max_length": 2048}}}
    )
    resolved = cfg.learner.resolve(None, checkpoint_dir=str(tmp_path / "ckpt"), progress=False)
    assert resolved.model_path == "org/base" and resolved.lr == 0.25 and resolved.steps == 10
    assert resolved.max_length == 2048 and resolved.checkpoint_dir == str(tmp_path / "ckpt")
    model = tmp_path / "model"
    model.mkdir()
    assert cfg.learner.resolve(str(model)).model_path == str(model)
    missing = RunConfig.model_validate({"learner": {"config_file": "nope.yaml"}})
    with pytest.raises(ValueError, match="nope.yaml"):
        missing.learner.resolve(None)
    with pytest.raises(ConfigError, match="learner: lr"):
        RunConfig.model_validate({"learner": {"config": {"model_path": "org/x", "lr": -1}}}).learner.resolve(None)


@pytest.mark.parametrize("path", sorted((REPO / "configs" / "cluster").glob("*.yaml")), ids=lambda p: p.name)
def test_cluster_configs_validate(path: Path) -> None:
    cfg = load_run_config(path)
    assert cfg.ray.address == "auto" and cfg.teacher.kind in ("vllm", "openai")
    learner = cfg.learner.resolve(None, checkpoint_dir="/tmp/x")
    assert learner.scale is not None and cfg.learner.world_size == learner.scale.gpus_per_node
