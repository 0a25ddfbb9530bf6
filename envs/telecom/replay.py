"""Replaying tau2 telecom tasks: initial-state actions, then gold actions (agent and user), then assertions.

``replay_tasks`` backs ``t2g env replay --domain telecom``. A task passes when
every set-up and gold call succeeds and every env assertion returns its
expected value; ``failed`` names each call or assertion that did not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from trajectory2gym.envs.telecom.data import load_tau2_db
from trajectory2gym.envs.telecom.env import TelecomEnv


def load_tasks(tasks_path: str | Path) -> list[dict[str, Any]]:
    data = json.loads(Path(tasks_path).read_text())
    if isinstance(data, dict) and "tasks" in data:
        data = data["tasks"]
    if not isinstance(data, list):
        raise ValueError(f"{tasks_path}: expected a JSON list of tau2 tasks")
    return data


def _call_text(side: str, name: str, args: dict[str, Any]) -> str:
    return f"{side}.{name}({json.dumps(args, sort_keys=True)})"


def apply_initial_state(env: TelecomEnv, task: dict[str, Any]) -> list[str]:
    """Run a task's initialization actions on the env's current state; the failures."""
    failed: list[str] = []
    initial = task.get("initial_state") or {}
    if initial.get("initialization_data"):
        failed.append("initialization_data is not supported (no tau2 telecom task uses it)")
    for action in initial.get("initialization_actions") or []:
        _, err = env.run_function(action["env_type"], action["func_name"], action.get("arguments"))
        if err:
            failed.append(f"init {_call_text(action['env_type'], action['func_name'], action.get('arguments') or {})}: {err}")
    return failed


def apply_actions(env: TelecomEnv, actions: list[dict[str, Any]]) -> list[str]:
    failed = []
    for action in actions:
        requestor = action.get("requestor", "assistant")
        out, is_error = env.execute(action["name"], action.get("arguments") or {}, requestor=requestor)
        if is_error:
            failed.append(f"action {_call_text(requestor, action['name'], action.get('arguments') or {})}: {out}")
    return failed


def check_assertions(env: TelecomEnv, assertions: list[dict[str, Any]]) -> list[str]:
    failed = []
    for a in assertions:
        text = _call_text(a["env_type"], a["func_name"], a.get("arguments") or {})
        result, err = env.run_function(a["env_type"], a["func_name"], a.get("arguments"))
        expected = a.get("assert_value", True)
        if err:
            failed.append(f"assertion {text}: {err}")
        elif not isinstance(result, bool):
            failed.append(f"assertion {text}: returned {type(result).__name__}, not a bool")
        elif result != expected:
            failed.append(f"assertion {text} is {result}, expected {expected}")
    return failed


def _matches(gold: dict[str, Any], done: dict[str, Any]) -> bool:
    """tau2's action match: same name (and requestor), equal values on ``compare_args`` (default: all)."""
    if gold["name"] != done["name"] or gold.get("requestor", "assistant") != done.get("requestor", "assistant"):
        return False
    gold_args, done_args = gold.get("arguments") or {}, done.get("arguments") or {}
    keys = gold.get("compare_args")
    keys = list(gold_args) if keys is None else keys
    return all(done_args.get(k) == gold_args.get(k) for k in keys)


def check_actions(gold: list[dict[str, Any]], done: list[dict[str, Any]]) -> list[str]:
    """For tasks scored on actions too: every gold action must have been performed."""
    return [f"missing action {_call_text(g.get('requestor', 'assistant'), g['name'], g.get('arguments') or {})}"
            for g in gold if not any(_matches(g, d) for d in done)]


def replay_task(env: TelecomEnv, task: dict[str, Any], actions: list[dict[str, Any]] | None = None) -> list[str]:
    """Fresh state, set-up, ``actions`` (default: the task's gold actions), assertions: the failures.

    When the task is scored on actions too (``reward_basis`` has ACTION), the gold actions must
    appear among the performed ones.
    """
    env.reset()
    criteria = task.get("evaluation_criteria") or {}
    gold = criteria.get("actions") or []
    done = gold if actions is None else actions
    failed = apply_initial_state(env, task)
    failed += apply_actions(env, done)
    failed += check_assertions(env, criteria.get("env_assertions") or [])
    if "ACTION" in (criteria.get("reward_basis") or []):
        failed += check_actions(gold, done)
    return failed


# tau2 task fields that must be objects when present (a string or number there is a broken file).
_OBJECT_FIELDS = ("user_scenario", "evaluation_criteria", "initial_state")


def _shape_error(task: Any) -> str | None:
    """The first top-level field of a tau2 task with the wrong type, named; None when they fit."""
    if not isinstance(task, dict):
        return f"expected an object, got {type(task).__name__}"
    for key in _OBJECT_FIELDS:
        value = task.get(key)
        if value is not None and not isinstance(value, dict):
            return f"{key}: expected an object, got {type(value).__name__}"
    actions = (task.get("evaluation_criteria") or {}).get("actions")
    if actions is not None and not isinstance(actions, list):
        return f"evaluation_criteria.actions: expected a list, got {type(actions).__name__}"
    return None


def replay_tasks(
    db: str | Path | dict[str, Any] | None, tasks_path: str | Path, *, tau_bench_compat: bool = True
) -> dict[str, Any]:
    """``{"tasks": [{"index", "id", "assertions_passed", "failed"}]}`` in file order (``index``: the
    position in the file). ``db``: a tau2 database directory, a loaded database, or None for the
    generated default (seed 0, small)."""
    if isinstance(db, (str, Path)):
        db = load_tau2_db(db)
    env = TelecomEnv(db, tau_bench_compat=tau_bench_compat)
    out = []
    for i, task in enumerate(load_tasks(tasks_path)):
        task_id = str(task.get("id", i))
        shape = _shape_error(task)
        try:
            failed = [f"malformed task {task_id}: {shape}"] if shape else replay_task(env, task)
        except (KeyError, TypeError, AttributeError) as exc:  # a malformed task is reported, not fatal
            failed = [f"malformed task {task_id}: {type(exc).__name__}: {exc}"]
        out.append({"index": i, "id": task_id, "assertions_passed": not failed, "failed": failed})
    return {"tasks": out}
