"""The collector-private plan: the assistant decisions a competent agent makes for a task.

A plan is a list of steps (plain dicts, stored in ``TaskSpec.plan``):

- ``{"kind": "text", "act": "ask"|"confirm"|"inform"|"report", "text": ...}``: say
  something to the user (the scripted user understands the phrasing, see
  envs/users.py). A ``confirm`` step asks for a yes/no before the writes that follow it.
- ``{"kind": "call", "name": ..., "arguments": {...}, "expect": "ok"|"error", "write": bool}``:
  one tool call. ``expect="error"`` marks an authentic obstacle the plan runs
  into on purpose (a stale email), which the following steps recover from.

Dual control (telecom): a text step may carry ``"user_actions": [{"name", "arguments",
"expect", "write", "shows"?}, ...]``, the device calls the customer makes when asked by that
step (run by the user simulator, never by the teacher). Their writes join the
gold actions, in plan order.

Every value a step uses is visible to the agent when the step runs (said by the
user or shown by an earlier observation): that is what the generator designs
and what validation and certification check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Step = dict[str, Any]

CLOSING = "Is there anything else I can help you with?"


def say(act: str, text: str) -> Step:
    return {"kind": "text", "act": act, "text": text}


def call(name: str, arguments: dict[str, Any], *, expect: str = "ok", write: bool = False) -> Step:
    return {"kind": "call", "name": name, "arguments": arguments, "expect": expect, "write": write}


def ask(text: str) -> Step:
    return say("ask", text)


def confirm(description: str) -> Step:
    return say("confirm", f"Here is what I am about to do: {description}. Do you confirm (yes/no)?")


def report(text: str) -> Step:
    return say("report", f"{text} {CLOSING}")


def user_action(name: str, arguments: dict[str, Any] | None = None, *, write: bool = False,
                expect: str = "ok", shows: str | None = None) -> dict[str, Any]:
    """A device call the customer makes when the step carrying it asks (dual control).
    ``shows``: text the device's answer must contain (validation: "Speed Test Result")."""
    out = {"name": name, "arguments": dict(arguments or {}), "expect": expect, "write": write}
    if shows is not None:
        out["shows"] = shows
    return out


def instruct(text: str, *actions: dict[str, Any]) -> Step:
    """Ask the customer to act on their own device."""
    return {"kind": "text", "act": "instruct", "text": text, "user_actions": list(actions)}


def user_actions(plan: list[Step]) -> list[dict[str, Any]]:
    """Every device call of the plan, in order (what the scripted customer will be asked for)."""
    return [a for s in plan for a in s.get("user_actions", ())]


def gold_writes(plan: list[Step]) -> list[dict[str, Any]]:
    """The writes that succeed (the agent's, and the customer's on the device), as tau-bench
    actions: the task's gold actions."""
    out = []
    for s in plan:
        if s["kind"] == "call" and s.get("write") and s.get("expect", "ok") == "ok":
            out.append({"name": s["name"], "kwargs": s["arguments"]})
        for a in s.get("user_actions", ()):
            if a.get("write") and a.get("expect", "ok") == "ok":
                out.append({"name": a["name"], "kwargs": a["arguments"]})
    return out


def gold_replay_plan(
    domain: str,
    gold_actions: Sequence[Mapping[str, Any]],
    outputs: Sequence[str] = (),
    *,
    tau2_actions: Sequence[Mapping[str, Any]] | None = None,
) -> list[Step]:
    """The plan of a privileged oracle for a task that has none (tau-bench's, tau2's): the gold
    actions replayed in order, one confirmation before the first write, the required outputs said.

    ``gold_actions`` are tau-bench actions (``{"name", "kwargs"}``). ``tau2_actions`` (tau2's
    ``{"name", "arguments", "requestor"}``, agent and device) replace them when given: a device
    action becomes a step asking the customer to run that tool on the phone. Such a plan knows
    the answer, so its trajectories measure the harness, not an agent.
    """
    from trajectory2gym.envs.registry import tool_metadata

    meta = tool_metadata(domain)
    if tau2_actions is not None:
        ordered = [(str(a["name"]), dict(a.get("arguments") or {}), a.get("requestor", "assistant") == "user")
                   for a in tau2_actions]
    else:
        ordered = [(str(a["name"]), dict(a.get("kwargs") or {}), False) for a in gold_actions]
    agent_names = [name for name, _, device in ordered if not device]
    steps: list[Step] = []
    confirmed = False
    for name, arguments, device in ordered:
        access = meta[name].access if name in meta else "write"
        write = access != "read"
        if device:
            steps.append(instruct(f"Please do {name} on your phone.",
                                  user_action(name, arguments, write=write)))
            continue
        if write and access != "handoff" and not confirmed:
            steps.append(confirm(f"{len(agent_names)} step(s) ending with {name}"))
            confirmed = True
        steps.append(call(name, arguments, write=write))
    # The reward also checks that required outputs were said.
    said = f" The numbers you asked for: {', '.join(outputs)}." if outputs else ""
    steps.append(report(f"All done.{said}"))
    return steps


def gold_replay_plan_of(task: Mapping[str, Any]) -> list[Step] | None:
    """``gold_replay_plan`` of a task given as its fields (``TaskSpec.private()``); tau2 tasks
    replay their agent and device actions. None when the task names no domain or gold actions."""
    domain, gold = task.get("domain"), task.get("gold_actions")
    if not isinstance(domain, str) or not isinstance(gold, list):
        return None
    tau2 = (task.get("metadata") or {}).get("tau2") or {}
    tau2_actions = tau2.get("actions") if isinstance(tau2.get("actions"), list) else None
    return gold_replay_plan(domain, gold, task.get("outputs") or [], tau2_actions=tau2_actions)
