"""Run a policy on evaluation tasks k times each, score with the environment's reward, report pass^k.

Every episode is a fresh ``Env`` over the domain's database (copy-on-write, so
this is cheap), a fresh policy and a fresh user simulator: episodes are
independent and can run in threads (model endpoints are I/O bound). Trial t of
a task uses seed ``seed + t``; the trajectories are written in the interchange
format so they can be certified like any other log.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Interaction
from trajectory2gym.launch.eval.passk import pass_k_curve, success_counts

PolicyFactory = Callable[[], Any]
UserFactory = Callable[[], Any]
DbProvider = Callable[[str], dict[str, Any] | None]


def oracle_plan(task: TaskSpec) -> list[dict[str, Any]]:
    """A plan that replays the task's gold actions (for tasks without one, e.g. tau-bench's).

    It is the upper bound of the scripted policy on such tasks: privileged (it
    knows the gold actions), so its trajectories measure the harness, not an agent.
    The scripted teacher derives the same plan itself (envs/generator/plan.py).
    """
    from trajectory2gym.envs.generator.plan import gold_replay_plan_of

    return gold_replay_plan_of(task.private()) or []


def with_plan(task: TaskSpec) -> TaskSpec:
    return task if task.plan else task.model_copy(update={"plan": oracle_plan(task)})


@dataclass
class Episode:
    domain: str
    task_id: str
    trial: int
    seed: int
    reward: float | None
    end: str
    steps: int
    seconds: float
    error: str | None = None


@dataclass
class EvalResult:
    episodes: list[Episode] = field(default_factory=list)
    trials: int = 0
    settings: dict[str, Any] = field(default_factory=dict)
    # domain -> task id -> its failing gold actions: tasks that do not fit their database, not
    # run and left out of pass^k (failing_gold_actions).
    excluded: dict[str, dict[str, list[dict[str, str]]]] = field(default_factory=dict)

    def counts(self) -> dict[str, dict[str, tuple[int, int]]]:
        return success_counts((e.domain, e.task_id, e.reward) for e in self.episodes)

    def pass_k(self) -> dict[str, dict[int, float]]:
        out: dict[str, dict[int, float]] = {}
        for domain, counts in sorted(self.counts().items()):
            # Tasks whose episodes crashed before a reward have fewer trials; they count as failures.
            full = {t: (c, self.trials) for t, (c, _n) in counts.items()}
            out[domain] = pass_k_curve(full, self.trials)
        return out

    def to_dict(self) -> dict[str, Any]:
        counts = self.counts()
        return {
            "format": "t2g-eval/1",
            "trials": self.trials,
            "settings": self.settings,
            "pass_k": {d: {str(k): v for k, v in curve.items()} for d, curve in self.pass_k().items()},
            "tasks": {d: len(counts.get(d, {})) for d in sorted({*counts, *self.excluded})},
            # Tasks whose gold actions fail on the database used: their reward compares against a
            # gold state the task never reached, so they are not scored (see excluded_reason).
            "excluded_tasks": {d: len(t) for d, t in sorted(self.excluded.items())},
            "excluded_reason": EXCLUDED_REASON if self.excluded else None,
            "excluded": {d: dict(sorted(t.items())) for d, t in sorted(self.excluded.items())},
            "episodes": len(self.episodes),
            "mean_reward": {
                d: sum(e.reward or 0.0 for e in self.episodes if e.domain == d)
                / max(1, sum(1 for e in self.episodes if e.domain == d))
                for d in counts
            },
            "ends": _tally(e.end for e in self.episodes),
            "errors": [
                {"task_id": e.task_id, "trial": e.trial, "error": e.error} for e in self.episodes if e.error
            ],
            "per_task": {
                d: {t: {"successes": c, "trials": n} for t, (c, n) in sorted(tc.items())} for d, tc in counts.items()
            },
        }


def _tally(values: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return dict(sorted(out.items()))


def run_one(
    task: TaskSpec,
    trial: int,
    seed: int,
    *,
    db: dict[str, Any] | None,
    policy_factory: PolicyFactory,
    user_factory: UserFactory,
    max_steps: int,
) -> tuple[Episode, Interaction | None]:
    """One episode; a crash of the policy, the user or the environment is recorded, never raised."""
    from trajectory2gym.envs.env import Env
    from trajectory2gym.envs.rollout import run_episode

    start = time.perf_counter()
    try:
        env = Env(task.domain, db, user=user_factory(), max_steps=max_steps)
        inter = run_episode(env, policy_factory(), task, seed=seed)
    except Exception as exc:  # one broken episode must not end the evaluation
        ep = Episode(task.domain, task.id, trial, seed, None, "crashed", 0, time.perf_counter() - start,
                     f"{type(exc).__name__}: {exc}")
        return ep, None
    inter.metadata["eval"] = {"trial": trial}
    meta = inter.metadata
    ep = Episode(task.domain, task.id, trial, seed, inter.reward, str(meta.get("end", "")),
                 int(meta.get("steps", 0)), time.perf_counter() - start, meta.get("teacher_error"))
    return ep, inter


EXCLUDED_REASON = "gold actions name objects the database used lacks (the task does not fit this database)"


def _names_missing_object(error: dict[str, str]) -> bool:
    # The environments' lookups fail with "<object> not found" (order, user, reservation, item).
    return "not found" in error["error"].lower()


def failing_gold_actions(
    tasks: Sequence[TaskSpec], dbs: dict[str, dict[str, Any] | None]
) -> dict[str, dict[str, list[dict[str, str]]]]:
    """domain -> task id -> its gold actions that fail, for tasks whose gold actions name an object
    missing from the task's database.

    Such a task cannot be scored: the reward compares the episode's final state with the gold
    replay's, and when the gold replay finds nothing (tau-bench tasks on the generated database:
    "order not found") any episode that changes nothing "matches". A gold action that fails by a
    rule of the domain ("insufficient gift card balance", 19 of tau-bench's 500 retail train
    tasks) fails upstream too: those tasks are scored, as tau-bench scores them.
    """
    from trajectory2gym.envs.registry import make_tool_env

    out: dict[str, dict[str, list[dict[str, str]]]] = {}
    envs: dict[str, Any] = {}
    for task in tasks:
        if task.domain not in envs:
            envs[task.domain] = make_tool_env(task.domain, dbs.get(task.domain))
        env = envs[task.domain]
        errors = env.replay(task.gold_actions, env.fresh_state(task))
        if any(map(_names_missing_object, errors)):
            out.setdefault(task.domain, {})[task.id] = errors
    return out


def run_eval(
    tasks: Sequence[TaskSpec],
    *,
    trials: int,
    policy_factory: PolicyFactory,
    user_factory: UserFactory,
    db_provider: DbProvider,
    seed: int = 0,
    max_steps: int = 30,
    concurrency: int = 1,
    on_episode: Callable[[Episode, Interaction | None], None] | None = None,
    settings: dict[str, Any] | None = None,
    check_gold: bool = True,
) -> EvalResult:
    """Every task ``trials`` times; ``on_episode`` sees each finished episode (in completion order).

    With ``check_gold``, tasks whose gold actions name objects missing from their database are
    not run; they are listed in ``EvalResult.excluded`` instead of being scored.
    """
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    dbs: dict[str, dict[str, Any] | None] = {}
    for task in tasks:
        if task.domain not in dbs:
            dbs[task.domain] = db_provider(task.domain)
    excluded = failing_gold_actions(tasks, dbs) if check_gold else {}
    jobs = [(task, t, seed + t) for task in tasks if task.id not in excluded.get(task.domain, {})
            for t in range(trials)]
    result = EvalResult(trials=trials, settings=dict(settings or {}), excluded=excluded)

    def job(item: tuple[TaskSpec, int, int]) -> tuple[Episode, Interaction | None]:
        task, trial, s = item
        return run_one(task, trial, s, db=dbs[task.domain], policy_factory=policy_factory,
                       user_factory=user_factory, max_steps=max_steps)

    if concurrency <= 1:
        for item in jobs:
            ep, inter = job(item)
            result.episodes.append(ep)
            if on_episode:
                on_episode(ep, inter)
    else:
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            futures = [pool.submit(job, item) for item in jobs]
            for fut in as_completed(futures):
                ep, inter = fut.result()
                result.episodes.append(ep)
                if on_episode:
                    on_episode(ep, inter)
    result.episodes.sort(key=lambda e: (e.domain, e.task_id, e.trial))
    return result


# --------------------------------------------------------------------------- factories


def make_policy_factory(kind: str, options: dict[str, Any]) -> PolicyFactory:
    """``scripted`` (the plan-following oracle) or ``openai`` (any OpenAI-compatible endpoint)."""
    if kind == "scripted":
        from trajectory2gym.actors.teachers.scripted import ScriptedTeacher

        return lambda: ScriptedTeacher(**options)
    if kind == "openai":
        from trajectory2gym.actors.teachers.openai_teacher import OpenAITeacher
        from trajectory2gym.envs.generator.llm import ChatSettings

        settings = ChatSettings.model_validate(options)  # fail before the first episode, not in it
        return lambda: OpenAITeacher(settings)
    raise ValueError(f"unknown policy {kind!r} (scripted or openai)")


def make_user_factory(kind: str, options: dict[str, Any]) -> UserFactory:
    from trajectory2gym.envs import users

    if kind == "scripted":
        return lambda: users.ScriptedUser(**options)
    if kind == "llm":
        from trajectory2gym.envs.generator.llm import ChatSettings

        settings = ChatSettings.model_validate(options)
        return lambda: users.LLMUser(settings)
    raise ValueError(f"unknown user simulator {kind!r} (scripted or llm)")


def make_db_provider(db_dir: str | None, db_seed: int, db_size: str) -> DbProvider:
    """The database files in ``db_dir`` (``<dir>/<domain>/`` or ``<dir>`` itself), else the generated db."""

    def provide(domain: str) -> dict[str, Any] | None:
        from trajectory2gym.envs.db import default_db, load_db_dir

        if db_dir is None:
            return default_db(domain, seed=db_seed, size=db_size)
        return load_db_dir(domain, db_dir)

    return provide
