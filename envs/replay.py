"""Replaying tau-bench tasks' gold actions: the ``*_gold_final_state.json`` form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from pydantic import ValidationError

from trajectory2gym.envs.env import ToolEnv
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.validation import pydantic_errors


def load_tasks(path: str | Path, domain: str) -> tuple[list[TaskSpec], list[str]]:
    """Tasks from a tau-bench task file; bad entries are reported (index and field) and skipped."""
    try:
        raw = orjson.loads(Path(path).read_bytes())
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"{path}: not a JSON list of tau-bench tasks ({exc})") from None
    if not isinstance(raw, list):
        raise ValueError(f"{path}: expected a JSON list of tasks, got {type(raw).__name__}")
    tasks, problems = [], []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            problems.append(f"{path}: task [{i}]: expected an object, got {type(entry).__name__}")
            continue
        if "user_scenario" in entry or "evaluation_criteria" in entry:
            problems.append(f"{path}: task [{i}]: a tau2 task (user_scenario, evaluation_criteria), not a "
                            f"tau-bench {domain} task: replay it with --domain telecom")
            continue
        try:
            tasks.append(TaskSpec.from_tau_bench(entry, domain, index=i))
        except ValidationError as exc:
            problems.extend(f"{path}: task [{i}]: {loc or 'task'}: {msg}" for _, loc, msg in pydantic_errors(exc))
        except (ValueError, TypeError, KeyError) as exc:
            problems.append(f"{path}: task [{i}]: {exc}")
    return tasks, problems


def replay_task(env: ToolEnv, task: TaskSpec) -> dict[str, Any]:
    env.reset(task)
    errors = env.replay(task.gold_actions)
    changed = env.changed_records()
    return {
        "index": task.metadata.get("index"),
        "action_errors": errors,
        "db_unchanged": not changed,
        "changed_records": changed,
    }


def replay_all(env: ToolEnv, tasks: list[TaskSpec]) -> dict[str, Any]:
    return {"tasks": [replay_task(env, t) for t in tasks]}
