"""Task synthesis: a family (or a selector target) -> a validated ``TaskSpec``.

A template drafts the task from the database; the draft becomes a spec whose
gold actions are the plan's successful writes; validation replays the plan on
the task's initial state (every ``ok`` step must succeed, every ``error`` step
must fail with an authentic error); the intended path is computed from the plan
and the tool metadata with the selector's canonical-path code (when installed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trajectory2gym.certified import CallFacts, CertifiedInteraction, DecisionRecord
from trajectory2gym.envs.env import ToolEnv
from trajectory2gym.envs.generator import airline, retail, telecom
from trajectory2gym.envs.generator.common import FAMILIES, FAMILY_HINTS, Draft, Skip
from trajectory2gym.envs.generator.plan import Step, gold_writes, user_actions
from trajectory2gym.envs.tasks import Action, Obstacle, TaskSpec
from trajectory2gym.toolmeta import ToolMeta

Template = Callable[[dict[str, Any], random.Random], Draft]
TEMPLATES: dict[str, dict[str, dict[str, Template]]] = {
    "retail": retail.TEMPLATES,
    "airline": airline.TEMPLATES,
    "telecom": telecom.TEMPLATES,
}
_EMPTY = ("", "[]", "{}", "null", '""')  # the certifier's "empty observation" rule


class GenerationError(RuntimeError):
    """No valid task could be drawn for a family after the allowed attempts."""


def templates(domain: str, family: str) -> dict[str, Template]:
    if domain not in TEMPLATES:
        raise ValueError(f"no task templates for domain {domain!r} (have: {', '.join(TEMPLATES)})")
    family = FAMILY_HINTS.get(family, family)
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r} (families: {', '.join(FAMILIES)})")
    return TEMPLATES[domain][family]


def observation_shape(content: str, is_error: bool) -> str:
    if is_error:
        return "error"
    return "empty" if content.strip() in _EMPTY else "ok"


@dataclass
class Replay:
    """What replaying a plan produced: per step the (observation, is_error), and the problems.
    ``user`` holds, per step, the observations of the device calls the customer makes after it."""

    observations: list[tuple[str, bool] | None] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    user: list[list[tuple[str, bool]]] = field(default_factory=list)


def _expect(out: Replay, where: str, name: str, content: str, is_error: bool, expect: str) -> None:
    if is_error and expect == "ok":
        out.problems.append(f"{where} {name}: unexpected {content[:120]}")
    elif not is_error and expect == "error":
        out.problems.append(f"{where} {name}: expected an error, got success")


def replay_plan(env: ToolEnv, task: TaskSpec) -> Replay:
    """Replay the plan's calls on the task's initial state; every expectation must hold."""
    env.reset(task)
    out = Replay()
    for i, step in enumerate(task.plan):
        if step["kind"] != "call":
            out.observations.append(None)
        else:
            content, is_error = env.execute(step["name"], step["arguments"])
            out.observations.append((content, is_error))
            _expect(out, f"plan[{i}]", step["name"], content, is_error, step.get("expect", "ok"))
        device: list[tuple[str, bool]] = []
        for k, action in enumerate(step.get("user_actions", ())):
            content, is_error = env.execute(action["name"], action["arguments"], requestor="user")
            device.append((content, is_error))
            where = f"plan[{i}].user_actions[{k}]"
            _expect(out, where, action["name"], content, is_error, action.get("expect", "ok"))
            if action.get("shows") and action["shows"] not in content:
                out.problems.append(f"{where} {action['name']}: shows {content[:80]!r}, "
                                    f"not {action['shows']!r}")
        out.user.append(device)
    return out


def intended_user_actions(plan: list[Step], meta: dict[str, ToolMeta]) -> list[dict[str, Any]]:
    """The certifier's ``user_actions`` listing the plan should produce (dual control): the
    customer's device calls, placed between the decision asking for them and the next one."""
    out = []
    for i, step in enumerate(plan):
        for action in step.get("user_actions", ()):
            m = meta[action["name"]]
            out.append({"message_index": 3 + 2 * i, "name": action["name"], "access": m.access,
                        "object_class": m.object_class})
    return out


def intended_decisions(plan: list[Step], replay: Replay, meta: dict[str, ToolMeta]) -> list[DecisionRecord]:
    """The certified decisions the plan should produce when played faithfully."""
    decisions: list[DecisionRecord] = []
    after_error = False
    for i, step in enumerate(plan):
        ok = True
        calls: list[CallFacts] = []
        if step["kind"] == "call":
            m = meta[step["name"]]
            obs = replay.observations[i]
            shape = observation_shape(*obs) if obs is not None else "missing"
            calls.append(CallFacts(
                name=step["name"], access=m.access, object_class=m.object_class,
                arg_roles=sorted(m.arg_roles.get(a, "other") for a in step["arguments"]),
                observation=shape,
            ))
            ok = shape != "error"
        kind = "text" if not calls else ("handoff" if calls[0].access == "handoff" else "call")
        checks = {"execution": ok, "visibility": True, "workflow": True, "novelty": True}
        decisions.append(DecisionRecord(message_index=2 + 2 * i, kind=kind, eligible=ok, checks=checks,
                                        after_error=after_error, calls=calls))
        after_error = not ok
    return decisions


def intended_path(task_id: str, decisions: list[DecisionRecord],
                  device_actions: list[dict[str, Any]] | None = None) -> tuple[list[str], str] | None:
    """The canonical path of the intended decisions (None when the selector is not installed);
    ``device_actions`` as from ``intended_user_actions`` (dual control)."""
    try:
        from trajectory2gym.selector.paths import canonical_path
    except ModuleNotFoundError:
        return None
    cert = CertifiedInteraction(id=task_id, decisions=decisions,
                                summary={"decisions": len(decisions),
                                         "eligible": sum(d.eligible for d in decisions)},
                                metadata={"user_actions": device_actions} if device_actions else {})
    return canonical_path(cert)


def instruction_text(draft: Draft) -> str:
    """The LLM user's instruction for a generated task (the scripted user reads the fields)."""
    facts = "; ".join(f"{k}: {v}" for k, v in draft.facts.items())
    text = f"You contact customer service. Your request: {draft.request} What you know: {facts}."
    for ob in draft.obstacles:
        text += f" At first you give the wrong {ob['fact']} {ob['wrong_value']!r}; correct it when told."
    return text


class TaskGenerator:
    """Draws validated tasks of a domain from a database (one ``ToolEnv`` reused for validation)."""

    def __init__(self, domain: str, db: dict[str, Any] | None = None, *, max_attempts: int = 60):
        from trajectory2gym.envs.registry import make_tool_env

        self.env: ToolEnv = make_tool_env(domain, db)  # telecom: the dual-control executor
        self.domain = domain
        self.db = self.env.db
        self.meta = self.env.metadata
        self.max_attempts = max_attempts
        self.rejected: dict[str, int] = {}

    def generate(self, family: str, rng: random.Random, *, task_id: str,
                 template: str | None = None) -> TaskSpec:
        table = templates(self.domain, family)
        family = FAMILY_HINTS.get(family, family)
        names = [template] if template else sorted(table)
        for name in names:
            if name not in table:
                raise ValueError(f"unknown template {name!r} for {self.domain}/{family} (have: {', '.join(table)})")
        first = rng.choice(names)
        for attempt in range(self.max_attempts):
            # Stay with the drawn template for most attempts, so rarely-fitting templates keep
            # their share; then let the others in.
            name = first if attempt < self.max_attempts // 2 else rng.choice(names)
            try:
                draft = table[name](self.db, rng)
            except Skip as why:
                self.rejected[f"{name}: {why}"] = self.rejected.get(f"{name}: {why}", 0) + 1
                continue
            task = self._spec(draft, family, name, task_id)
            replay = replay_plan(self.env, task)
            if replay.problems:
                key = f"{name}: {replay.problems[0].split(':', 2)[-1].strip()[:60]}"
                self.rejected[key] = self.rejected.get(key, 0) + 1
                continue
            decisions = intended_decisions(task.plan, replay, self.meta)
            path = intended_path(task.id, decisions, intended_user_actions(task.plan, self.meta))
            if path is not None:
                task.intended_path = path[0]
                task.metadata["intended_path_key"] = path[1]
            task.metadata["intended_decisions"] = len(decisions)
            return task
        raise GenerationError(
            f"{self.domain}/{family}: no valid task in {self.max_attempts} attempts "
            f"(rejections: {dict(sorted(self.rejected.items(), key=lambda kv: -kv[1])[:5])})"
        )

    def _spec(self, draft: Draft, family: str, template: str, task_id: str) -> TaskSpec:
        return TaskSpec(
            id=task_id,
            domain=self.domain,
            instruction=instruction_text(draft),
            user_id=draft.user_id,
            facts=draft.facts,
            disclosed_upfront=draft.disclosed_upfront,
            request=draft.request,
            confirmation="all",
            obstacles=[Obstacle.model_validate(o) for o in draft.obstacles],
            gold_actions=[Action.model_validate(a) for a in gold_writes(draft.plan)],
            initial_overlay=draft.initial_overlay,
            family=family,
            template=template,
            plan=draft.plan,
            metadata={"source": "generator", **({"user_actions": user_actions(draft.plan)}
                                                if user_actions(draft.plan) else {})},
        )

    def for_target(self, target: Any, rng: random.Random, *, task_id: str, tries: int = 4) -> TaskSpec:
        """A task for a selector ``Target``: its family hint picks the family; among a few
        drafts the one whose intended path matches the target (or shares most of its
        descriptors) wins."""
        family = FAMILY_HINTS.get(getattr(target, "family", "discover"), "information")
        wanted = list(getattr(target, "descriptors", []) or [])
        key = getattr(target, "key", None)
        best: tuple[int, TaskSpec] | None = None
        for k in range(tries):
            task = self.generate(family, rng, task_id=f"{task_id}" if k == 0 else f"{task_id}.{k}")
            if task.metadata.get("intended_path_key") == key:
                task.id = task_id
                task.metadata["target"] = key
                return task
            path = task.intended_path or []
            score = len(set(path) & set(wanted)) if wanted else 0
            if getattr(target, "kind", "") == "atom" and key and key.startswith("recovery:yes"):
                score += 10 * any("after_error" in d for d in path)
            if best is None or score > best[0]:
                best = (score, task)
        assert best is not None
        task = best[1]
        task.id = task_id
        task.metadata["target"] = key
        return task
