"""The run config: the smoke config validates, bad keys are named, the learner section resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from trajectory2gym.config import ConfigError
from trajectory2gym.launch.config import (
    RunConfig,
    WandbConfig,
    changed_keys,
    check_learner,
    check_resources,
    load_run_config,
    resource_phases,
)

REPO = Path(__file__).resolve().parents[2]
SMOKE = REPO / "configs" / "smoke.yaml"
README = REPO / "launch" / "README.md"


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


def test_resources_of_the_readme_example() -> None:
    """The documented example asks for 3 EnvWorkers: on ray.num_cpus=2 it fails with the keys and
    numbers; the example as documented (ray.num_cpus=3) fits."""
    over = ["envs.retail.workers=2", "run.rounds=3", "wandb.mode=disabled"]
    cfg = load_run_config(SMOKE, over)
    with pytest.raises(ConfigError) as err:
        check_resources(cfg, cfg.ray.num_cpus, cfg.ray.num_gpus, where="ray")
    assert str(err.value).startswith(
        "the rounds need 3 CPUs: 3 for EnvWorkers (envs.retail.workers=2 + envs.airline.workers=1, "
        "workers.num_cpus=1), but ray.num_cpus=2: raise ray.num_cpus or lower"
    )
    assert "training" not in str(err.value)  # the learner's 2 CPUs come after the EnvWorkers are gone
    cfg = load_run_config(SMOKE, [*over, "ray.num_cpus=3"])
    check_resources(cfg, cfg.ray.num_cpus, cfg.ray.num_gpus, where="ray")
    assert "ray.num_cpus=3" in "\n".join(README.read_text().splitlines()[:10])  # the example as run
    # Certifiers and the selector reserve nothing: more of them change nothing.
    check_resources(load_run_config(SMOKE, ["stream.certifiers=8"]), 2, 0, where="ray")


def test_resources_per_phase_and_teacher_engine() -> None:
    cfg = load_run_config(SMOKE, ["learner.world_size=3"])
    with pytest.raises(ConfigError, match=r"the training need 3 CPUs: 3 for the learner \(learner.world_size=3 x "
                                          r"learner.num_cpus=1\), but the cluster at X has 2: lower learner"):
        check_resources(cfg, 2, 0, where="the cluster at X")
    check_resources(cfg, 2, 0, where="ray", train=False)  # training done: only the rounds count
    vllm = load_run_config(SMOKE, ["teacher.kind=vllm", "teacher.num_cpus=1", "teacher.num_gpus=1",
                                   "learner.num_gpus=1"])
    phases = {p.name: p for p in resource_phases(vllm)}
    # The engine (and its placement group) is stopped with the rounds: the learner gets its GPU.
    assert (phases["rounds"].need("CPU"), phases["rounds"].need("GPU")) == (3, 1)
    assert (phases["training"].need("CPU"), phases["training"].need("GPU")) == (2, 2)
    with pytest.raises(ConfigError, match=r"the training need 2 GPUs: 2 for the learner .*Ray found 1 on "
                                          r"this machine \(ray.num_gpus unset\)"):
        check_resources(vllm, None, 1, where="machine")
    check_resources(vllm, 3, 2, where="ray")
    check_resources(vllm, 3, 1, where="ray", train=False)


def test_empty_and_modelless_configs(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing yet\n")
    with pytest.raises(ConfigError, match="empty.yaml: the config is empty"):
        load_run_config(empty, ["run.rounds=1"])
    cfg = RunConfig.model_validate({"run": {"rounds": 1}})
    with pytest.raises(ConfigError, match="learner: no model to train: set learner.tiny_model"):
        check_learner(cfg)
    check_learner(RunConfig.model_validate({"learner": {"enabled": False}}))
    check_learner(load_run_config(SMOKE))
    bad = RunConfig.model_validate({"learner": {"config": {"model_path": "org/x", "steps": 1, "warmup_steps": 1}}})
    with pytest.raises(ConfigError) as err:
        check_learner(bad)
    assert str(err.value) == "learner: warmup_steps 1 must be below steps 1"


def test_run_level_learner_keys_match_the_learner_section() -> None:
    """t2g train tells a run config by these keys: they must be the run's learner section's own."""
    from trajectory2gym.launch.config import LearnerSection
    from trajectory2gym.learner.config import RUN_CONFIG_KEYS, RUN_LEARNER_KEYS, LearnerConfig

    assert set(LearnerSection.model_fields) - set(LearnerConfig.model_fields) == RUN_LEARNER_KEYS
    assert set(RunConfig.model_fields) >= RUN_CONFIG_KEYS and not RUN_CONFIG_KEYS & set(LearnerConfig.model_fields)


def test_changed_keys() -> None:
    base = load_run_config(SMOKE)
    other = load_run_config(SMOKE, ["run.rounds=3", "learner.config.steps=8", "envs.retail.workers=2",
                                    "envs.telecom.workers=1"])
    assert changed_keys(base, other) == ["envs.retail.workers", "envs.telecom", "learner.config.steps", "run.rounds"]
    assert changed_keys(base, base) == []
