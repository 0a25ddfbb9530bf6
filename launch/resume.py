"""What ``t2g run --resume RUN_DIR key=value`` may change, and what it then redoes.

Finished work is kept, so a key that shaped it cannot change; keys that only say how the run
executes (cluster, workers, logging) always can; raising ``run.rounds`` extends a finished run
and redoes the stages after the rounds. Pure logic over the saved config and state (no Ray):
the driver applies the plan to the run directory before any actor starts.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from trajectory2gym.config import ConfigError
from trajectory2gym.launch.config import RunConfig, changed_keys
from trajectory2gym.launch.rundir import RunDir, RunState

# Keys that change how a run executes, not what it produces: any resume may change them.
OPERATIONAL_KEYS: tuple[str, ...] = (
    "ray", "workers", "stream", "wandb", "report",
    "teacher.num_cpus", "teacher.num_gpus", "teacher.max_concurrency",
    "learner.num_cpus", "learner.num_gpus",
)
# Downstream stages in order: redoing one redoes the ones after it.
STAGES: tuple[str, ...] = ("select", "train", "report")


def _stage_of(key: str, old: RunConfig, new: RunConfig) -> str:
    """What a config key shapes: "dir", "budget", "operational", "rounds", "select" or "train"."""
    if key in ("run.name", "run.root"):
        return "dir"
    if key in ("run.rounds", "run.stop_when_no_deficits"):
        return "budget"
    if any(key == k or key.startswith(k + ".") for k in OPERATIONAL_KEYS):
        return "operational"
    m = re.fullmatch(r"envs\.([^.]+)\.workers", key)
    if m and m.group(1) in old.envs and m.group(1) in new.envs:
        return "operational"
    if key.startswith(("selector.select.", "selector.group_by")) or key == "selector.select":
        return "select"
    if key.startswith("learner."):
        return "train"
    return "rounds"  # run.seed, envs.*, teacher.kind/options, certify.*, selector.depth/targets_per_round


@dataclass
class ResumePlan:
    """What ``--resume`` with overrides does to a run: the checkpoint's new stop reason, the finished
    stages that are redone, and lines to tell the user."""

    stopped: str | None
    redo: list[str] = field(default_factory=list)
    # Learner keys changed before training finished: its checkpoints (and the tiny model, when its
    # spec changed) belong to the old keys, so training starts over.
    restart_learner: bool = False
    rebuild_tiny_model: bool = False
    notes: list[str] = field(default_factory=list)


def _stop_reason(cfg: RunConfig, state: RunState) -> str | None:
    """Why rounds are over for ``cfg`` after the checkpointed rounds (the driver's own rule), or None."""
    done = state.completed_rounds
    if done and cfg.run.stop_when_no_deficits:
        last = state.round_metrics[-1] if state.round_metrics else {}
        if last.get("deficit_paths") == 0 and last.get("paths_known", 0) > 0:
            return "no_deficits"
    return "round_budget" if done >= cfg.run.rounds else None


def plan_resume(saved: RunConfig, cfg: RunConfig, state: RunState) -> ResumePlan:
    """Check the overrides given to ``--resume`` against what the run already did.

    Finished work is kept, so a key that shaped it cannot change: the rounds' content once a round
    is checkpointed, the selection once it ran, the learner once it trained. Raising ``run.rounds``
    extends the run: the extra rounds run, then the selection, training and report are redone on
    all rounds (the previous ones are replaced), as if the run had been started with that budget.
    """
    keys = changed_keys(saved, cfg)
    by_stage: dict[str, list[str]] = {}
    for key in keys:
        by_stage.setdefault(_stage_of(key, saved, cfg), []).append(key)
    done = state.completed_rounds
    problems: list[str] = []
    if by_stage.get("dir"):
        problems.append(f"{', '.join(by_stage['dir'])}: the run directory already exists")
    if done and by_stage.get("rounds"):
        problems.append(f"{', '.join(by_stage['rounds'])}: {done} round(s) were played with the saved values")
    if cfg.run.rounds < done:
        problems.append(f"run.rounds={cfg.run.rounds}: {done} rounds are already done")
    stopped = state.stopped
    if by_stage.get("budget") and cfg.run.rounds >= done:
        stopped = _stop_reason(cfg, state)
    plan = ResumePlan(stopped)
    extended = state.stopped is not None and stopped is None
    if extended:
        plan.redo = [s for s in STAGES if s in state.stages_done]
        ahead = ["select"] + (["train"] if cfg.learner.enabled else []) + (["report"] if cfg.report.enabled else [])
        plan.notes.append(f"extending to {cfg.run.rounds} rounds, then {', '.join(ahead)} on all of them")
    elif by_stage.get("budget") and stopped == "no_deficits" and cfg.run.rounds > done:
        plan.notes.append(f"no more rounds: no deficits were left after round {done - 1} "
                          "(run.stop_when_no_deficits=false plays them anyway)")
    if by_stage.get("select") and "select" in state.stages_done and not extended:
        problems.append(f"{', '.join(by_stage['select'])}: the selection is done (selection.json)")
    if by_stage.get("train") and "train" in state.stages_done and not extended:
        problems.append(f"{', '.join(by_stage['train'])}: the learner already trained (learner/train.json)")
    if problems:
        raise ConfigError(
            "cannot resume with these changes: " + "; ".join(problems)
            + ". Start a new run for different results"
            + ("" if extended or cfg.run.rounds > done else ", or raise run.rounds to extend this one")
        )
    learner_keys = [k for k in by_stage.get("train", []) if k != "learner.enabled"]
    plan.restart_learner = bool(learner_keys) and "train" not in state.stages_done
    plan.rebuild_tiny_model = any(k.startswith("learner.tiny_model") for k in learner_keys)
    return plan


def drop_stages(run_dir: RunDir, plan: ResumePlan) -> list[Path]:
    """Remove the outputs of the stages ``plan`` redoes (a stale learner checkpoint would be resumed,
    a stale selection reported); returns what was removed."""
    paths: list[Path] = []
    if "select" in plan.redo:
        paths += [run_dir.selected_path, run_dir.selection_path]
    if "train" in plan.redo or plan.restart_learner:
        paths.append(run_dir.learner_dir)
    if plan.rebuild_tiny_model:
        paths.append(run_dir.path / "tiny-model")
    if "report" in plan.redo:
        paths.append(run_dir.report_dir)
    removed = []
    for p in paths:
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            os.unlink(p)
        else:
            continue
        removed.append(p)
    return removed
