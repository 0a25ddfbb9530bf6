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
