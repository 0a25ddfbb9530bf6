"""tau2 telecom tasks as ``TaskSpec``s, so the framework's episodes (``Env``) can run them.

The initialization actions are applied once, on a scratch state, and the
records they change become the spec's ``initial_overlay`` (so ``reset`` needs
no telecom-specific code). The agent's gold actions go to ``gold_actions``;
the full tau2 criteria (user actions, env assertions, reward basis) and the
customer's device actions stay in ``metadata["tau2"]`` for the reward and the
user simulator.
"""

from __future__ import annotations

from typing import Any

from trajectory2gym.envs.tasks import Action, TaskSpec
from trajectory2gym.envs.telecom.env import TelecomEnv
from trajectory2gym.envs.telecom.replay import apply_initial_state


def tau2_instruction(task: dict[str, Any]) -> str:
    """The user simulator's instruction of a tau2 task: its scenario's parts joined, one a line."""
    scenario = task.get("user_scenario") or {}
    ins = scenario.get("instructions") or {}
    if isinstance(ins, str):
        return ins
    parts = [ins.get(k) for k in ("reason_for_call", "known_info", "unknown_info", "task_instructions")]
    return "\n".join(p for p in parts if p)


def task_spec_from_tau2(task: dict[str, Any], env: TelecomEnv) -> TaskSpec:
    """A tau2 telecom task as a spec; ``env`` supplies the base database (its state is reset)."""
    env.reset()
    failed = apply_initial_state(env, task)
    if failed:
        raise ValueError(f"task {task.get('id')}: initial state cannot be built: {failed}")
    overlay = env.changed_records()
    env.reset()
    criteria = task.get("evaluation_criteria") or {}
    actions = criteria.get("actions") or []
    surroundings = (overlay.get("phone") or {}).get("surroundings") or {}
    return TaskSpec(
        id=str(task.get("id")),
        domain="telecom",
        instruction=tau2_instruction(task),
        facts={k: surroundings[k] for k in ("name", "phone_number") if surroundings.get(k)},
        gold_actions=[Action(name=a["name"], kwargs=a.get("arguments") or {})
                      for a in actions if a.get("requestor", "assistant") == "assistant"],
        initial_overlay={k: dict(v) for k, v in overlay.items()},
        metadata={"source": "tau2", "tau2": {
            "user_actions": [a for a in actions if a.get("requestor") == "user"],
            "actions": actions,
            "env_assertions": criteria.get("env_assertions") or [],
            "reward_basis": criteria.get("reward_basis") or [],
        }},
    )
