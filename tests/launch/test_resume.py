"""``t2g run --resume RUN_DIR key=value``: overrides are checked against what the run already did,
so config.yaml never disagrees with state.json; raising run.rounds extends a finished run.

Run directories here are written by hand in the driver's layout (no Ray): what is checked is what
resume does to the directory before any actor starts. The extension itself runs in test_run_cli.py.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from rich.console import Console

from trajectory2gym.config import ConfigError, dump_config
from trajectory2gym.launch.config import load_run_config
from trajectory2gym.launch.driver import Driver
from trajectory2gym.launch.resume import plan_resume
from trajectory2gym.launch.rundir import RunDir, RunState, atomic_write_json

REPO = Path(__file__).resolve().parents[2]
SMOKE = REPO / "configs" / "smoke.yaml"


def _round(r: int, deficits: int = 3) -> dict:
    return {"round": r, "interactions": 10, "deficit_paths": deficits, "paths_known": 12, "paths_covered": 9}


def finished_run(root: Path, *, stopped: str = "round_budget", stages: tuple[str, ...] = ("select", "train", "report"),
                 deficits: int = 3) -> RunDir:
    """A finished 2-round smoke run's files, as the driver leaves them."""
    cfg = load_run_config(SMOKE, [f"run.root={root}"])
    run = RunDir.create(root, cfg.run.name)
    dump_config(cfg, run.config_path)
    for r in range(2):
        (run.round_dir(r) / "certified").mkdir(parents=True)
        atomic_write_json(run.inventory_path(r), {"paths": {}})
    stage_metrics = {"select": {"stage": "select", "selected": 5}, "train": {"stage": "train", "steps": 4}}
    run.save_state(RunState(completed_rounds=2, stopped=stopped, round_metrics=[_round(0), _round(1, deficits)],
                            stages_done=list(stages), stage_metrics={s: stage_metrics[s] for s in stages
                                                                     if s in stage_metrics}))
    if "select" in stages:
        run.selected_path.write_text('{"id": "a"}\n')
        atomic_write_json(run.selection_path, {"selected": [{"id": "a"}]})
    (run.learner_dir / "checkpoints" / "step-00000004").mkdir(parents=True)
    if "train" in stages:
        atomic_write_json(run.learner_dir / "train.json", {"steps": 4, "start_step": 0})
    (run.path / "tiny-model").mkdir()
    (run.path / "tiny-model" / "config.json").write_text("{}")
    if "report" in stages:
        run.report_dir.mkdir()
        (run.report_dir / "report.md").write_text("# report\n")
    return run


def resume(run: RunDir, *overrides: str) -> tuple[Driver, str]:
    out = io.StringIO()
    driver = Driver.resume(run.path, list(overrides), Console(file=out, width=400))
    return driver, out.getvalue()


def saved(run: RunDir) -> dict:
    return yaml.safe_load(run.config_path.read_text())


def test_extending_a_finished_run(tmp_path: Path) -> None:
    run = finished_run(tmp_path)
    driver, out = resume(run, "run.rounds=3", "learner.enabled=false")
    assert ": 2 rounds done; extending to 3 rounds, then select, report on all of them" in out
    state = run.load_state()
    # The checkpoint and config.yaml agree: round 2 is ahead, the old stages are to be redone.
    assert state.completed_rounds == 2 and state.stopped is None and state.stages_done == []
    assert state.stage_metrics == {} and driver.state.stopped is None
    assert saved(run)["run"]["rounds"] == 3 and saved(run)["learner"]["enabled"] is False
    # Outputs made from 2 rounds are gone (a stale learner checkpoint would be resumed, and refused,
    # on the new selection); the rounds, inventories and the tiny model stay.
    for gone in (run.selected_path, run.selection_path, run.learner_dir, run.report_dir):
        assert not gone.exists(), gone
    assert run.round_dir(1).is_dir() and run.inventory_path(1).exists() and (run.path / "tiny-model").is_dir()
    lines = run.metrics_path.read_text().splitlines()
    assert len(lines) == 2 and '"stage"' not in run.metrics_path.read_text()


@pytest.mark.parametrize(
    ("overrides", "needle"),
    [
        (["run.rounds=3", "learner.enabled=false", "envs.retail.workers=2"], "the rounds need 3 CPUs"),
        (["learner.enabled=false"], "learner.enabled: the learner already trained"),
        (["learner.config.steps=8"], "learner.config.steps: the learner already trained"),
        (["selector.select.budget=10"], "selector.select.budget: the selection is done"),
        (["run.seed=1"], "run.seed: 2 round(s) were played with the saved values"),
        (["envs.telecom.workers=1"], "envs.telecom: 2 round(s)"),
        (["teacher.options.seed=3"], "teacher.options.seed: 2 round(s)"),
        (["run.rounds=1"], "run.rounds=1: 2 rounds are already done"),
        (["run.name=other"], "run.name: the run directory already exists"),
    ],
)
def test_refused_changes_leave_the_run_alone(tmp_path: Path, overrides: list[str], needle: str) -> None:
    run = finished_run(tmp_path)
    before = {p: p.read_bytes() for p in run.path.rglob("*") if p.is_file()}
    with pytest.raises(ConfigError) as err:
        resume(run, *overrides)
    assert needle in str(err.value)
    assert {p: p.read_bytes() for p in run.path.rglob("*") if p.is_file()} == before


def test_operational_changes_are_saved(tmp_path: Path) -> None:
    run = finished_run(tmp_path)
    _, out = resume(run, "wandb.mode=disabled", "envs.retail.workers=2", "report.plots=false")
    assert "2 rounds done (stopped: round_budget), select, train, report done" in out
    assert saved(run)["envs"]["retail"]["workers"] == 2 and saved(run)["wandb"]["mode"] == "disabled"
    state = run.load_state()
    assert state.stopped == "round_budget" and state.stages_done == ["select", "train", "report"]
    assert (run.learner_dir / "train.json").exists() and run.selection_path.exists()


def test_learner_changes_before_training_finished_start_it_over(tmp_path: Path) -> None:
    run = finished_run(tmp_path, stages=("select",))
    _, out = resume(run, "learner.config.steps=8")
    assert saved(run)["learner"]["config"]["steps"] == 8
    assert not run.learner_dir.exists() and (run.path / "tiny-model").is_dir()  # same tiny model spec
    assert "removed" in out and run.selection_path.exists()
    run = finished_run(tmp_path / "b", stages=("select",))
    resume(run, "learner.tiny_model.seed=1")
    assert not (run.path / "tiny-model").exists() and not run.learner_dir.exists()
    # Switching the learner on for a run that never trained is no change to finished work.
    run = finished_run(tmp_path / "c", stages=("select", "report"))
    dump_config(load_run_config(run.config_path, ["learner.enabled=false"]), run.config_path)
    resume(run, "learner.enabled=true")
    assert saved(run)["learner"]["enabled"] is True and run.load_state().stages_done == ["select", "report"]


def test_no_deficits_left_is_not_extended_unless_asked(tmp_path: Path) -> None:
    run = finished_run(tmp_path, stopped="no_deficits", deficits=0)
    _, out = resume(run, "run.rounds=4")
    assert "no more rounds: no deficits were left after round 1" in out
    assert run.load_state().stopped == "no_deficits" and run.selection_path.exists()
    _, out = resume(run, "run.stop_when_no_deficits=false")
    assert "extending to 4 rounds" in out and run.load_state().stopped is None


def test_plan_of_an_interrupted_run(tmp_path: Path) -> None:
    cfg = load_run_config(SMOKE)
    state = RunState(completed_rounds=1, round_metrics=[_round(0)])
    plan = plan_resume(cfg, load_run_config(SMOKE, ["run.rounds=5"]), state)
    assert plan.stopped is None and plan.redo == [] and plan.notes == []
    # Before any round is checkpointed, the rounds' content may still change.
    assert plan_resume(cfg, load_run_config(SMOKE, ["run.seed=7"]), RunState()).stopped is None
