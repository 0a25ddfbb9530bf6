"""A scripted telecom customer who acts on their own phone when the agent asks.

It follows the task's device actions (tau2 tasks: ``metadata["tau2"]["user_actions"]``,
see ``tasks.task_spec_from_tau2``; generated tasks: ``metadata["user_actions"]``).
When the agent's message asks for pending actions (by tool name, or by everyday
words: "restart", "airplane mode", "speed test", ...), the customer answers with
a user message carrying those device ``tool_calls``; the environment runs them on
the user's side and the customer then reports what the phone showed. Identity
questions get the facts (a fact with an ``Obstacle`` is first given wrong),
confirmation requests a yes, and "anything else?" with nothing pending ends the
conversation.
"""

from __future__ import annotations

import random
from typing import Any

from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.envs.user_base import STOP_TOKEN
from trajectory2gym.interaction import FunctionCall, Message, ToolCall

# Everyday words that name a device action (lower case), besides the tool's own name.
ALIASES: dict[str, tuple[str, ...]] = {
    "toggle_airplane_mode": ("airplane mode", "flight mode"),
    "reboot_device": ("restart", "reboot"),
    "reseat_sim_card": ("reseat", "re-seat", "reinsert the sim", "re-insert the sim"),
    "reset_apn_settings": ("reset your apn", "reset the apn", "apn reset"),
    "toggle_data": ("mobile data", "turn on data", "cellular data"),
    "toggle_roaming": ("data roaming", "roaming on your phone"),
    "toggle_data_saver_mode": ("data saver",),
    "toggle_wifi_calling": ("wi-fi calling", "wifi calling"),
    "disconnect_vpn": ("vpn",),
    "grant_app_permission": ("permission",),
    "set_network_mode_preference": ("network mode", "preferred network"),
    "make_payment": ("pay the bill", "make the payment", "payment request"),
    "run_speed_test": ("speed test",),
    "check_network_status": ("network status",),
    "check_status_bar": ("status bar",),
}


def _words(name: str) -> list[str]:
    words = [name, name.replace("_", " "), *ALIASES.get(name, ())]
    return sorted(words, key=len, reverse=True)


def requested(text: str, pending: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pending actions ``text`` asks for, at most one per tool, in pending order.

    Longer tool names are matched first and their words removed, so asking for
    ``toggle_data_saver_mode`` does not also trigger ``toggle_data``.
    """
    left = text
    names: set[str] = set()
    for name in sorted({a["name"] for a in pending}, key=len, reverse=True):
        for word in _words(name):
            if word in left:
                left = left.replace(word, " | ")
                names.add(name)
                break
    chosen: list[dict[str, Any]] = []
    for action in pending:
        if action["name"] in names:
            names.discard(action["name"])
            chosen.append(action)
    return chosen


class TelecomScriptedUser:
    """``UserSimulator`` for telecom. ``env`` is accepted for older callers and not used: device
    calls go through the episode's ``Env``, which runs them on the user's side."""

    def __init__(self, env: Any = None, max_idle_turns: int = 3) -> None:
        self.max_idle_turns = max_idle_turns
        self.task: TaskSpec | None = None
        self.pending: list[dict[str, Any]] = []
        # The device calls this customer made: {"name", "arguments", "output", "is_error"}.
        self.calls: list[dict[str, Any]] = []
        self._obstacles: dict[str, Any] = {}
        self._idle = 0
        self._turn = 0

    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        self.task = task
        actions = (task.metadata.get("tau2") or {}).get("user_actions") or task.metadata.get("user_actions") or []
        self.pending = [dict(a) for a in actions]
        self.calls = []
        self._obstacles = {o.fact: o.wrong_value for o in task.obstacles}
        self._idle = 0
        self._turn = 0
        if task.metadata.get("source") == "generator":
            parts = [task.request or "My phone has a problem."]
            parts += [self._fact_text(k) for k in task.disclosed_upfront]
            return Message(role="user", content=" ".join(p for p in parts if p))
        who = task.facts.get("phone_number")
        first_line = task.instruction.splitlines()[0] if task.instruction else ""
        opening = task.request or first_line or "My phone has a problem."
        return Message(role="user", content=f"{opening} My number is {who}." if who else opening)

    def reply(self, history: list[Message]) -> Message:
        if self.task is None:
            raise RuntimeError("TelecomScriptedUser.reply before start()")
        report = self._report(history)
        if report is not None:
            return report
        said = next((m.content or "" for m in reversed(history) if m.role == "assistant" and m.content), "")
        text = said.lower()
        actions = requested(text, self.pending)
        if actions:
            self._idle = 0
            self._turn += 1
            calls = []
            for k, action in enumerate(actions):
                self.pending.remove(action)
                calls.append(ToolCall(id=f"device_{self._turn}_{k}", function=FunctionCall(
                    name=action["name"], arguments=dict(action.get("arguments") or {}))))
            return Message(role="user", content=None, tool_calls=calls)
        if "confirm" in text or "(yes/no)" in text or "shall i" in text:
            self._idle = 0
            return Message(role="user", content="Yes, please go ahead.")
        if not self.pending and "anything else" in text:
            return Message(role="user", content=f"No, that's all. Thanks! {STOP_TOKEN}")
        facts = [k for k, asked in (("phone_number", ("phone number", "your number")),
                                    ("name_dob", ("date of birth",)),
                                    ("name", ("your name", "full name"))) if any(w in text for w in asked)]
        if "name_dob" in facts and "name" in facts:
            facts.remove("name")
        answers = [a for a in (self._fact_text(k) for k in facts) if a]
        if answers:
            self._idle = 0
            return Message(role="user", content=" ".join(answers))
        self._idle += 1
        if (not self.pending and "resolved" in text) or self._idle >= self.max_idle_turns:
            return Message(role="user", content=f"Thanks, that's all. {STOP_TOKEN}")
        return Message(role="user", content="I'm not sure what to do on my phone. What should I do?")

    # -- helpers ------------------------------------------------------------------------------
    def _report(self, history: list[Message]) -> Message | None:
        """After the env ran this customer's device calls: what the phone showed, in words."""
        k = len(history)
        while k > 0 and history[k - 1].role == "tool":
            k -= 1
        if k == len(history) or k == 0 or history[k - 1].role != "user" or not history[k - 1].calls:
            return None
        results = {m.tool_call_id: m for m in history[k:]}
        parts = []
        for call in history[k - 1].calls:
            obs = results.get(call.id)
            out = obs.content or "" if obs is not None else "nothing"
            is_error = obs.is_error_observation if obs is not None else True
            self.calls.append({"name": call.name, "arguments": call.arguments, "output": out,
                               "is_error": is_error})
            parts.append(f"{call.name.replace('_', ' ')}: {out}")
        return Message(role="user", content="I did that on my phone. " + " ".join(parts))

    def _value(self, fact: str) -> Any:
        assert self.task is not None
        if fact in self._obstacles:
            return self._obstacles.pop(fact)
        return self.task.facts.get(fact)

    def _fact_text(self, key: str) -> str:
        assert self.task is not None
        facts = self.task.facts
        if key == "phone_number" and facts.get("phone_number"):
            return f"My phone number is {self._value('phone_number')}."
        if key == "name_dob" and facts.get("name") and facts.get("dob"):
            return f"My name is {facts['name']} and my date of birth is {self._value('dob')}."
        if key == "name" and facts.get("name"):
            return f"My name is {facts['name']}."
        return ""
