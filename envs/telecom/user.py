"""A scripted telecom customer who acts on their own phone when the agent asks.

It follows the task's gold device actions (``metadata["tau2"]["user_actions"]``,
see ``tasks.task_spec_from_tau2``): when the agent's message asks for one of
the pending actions (by tool name, or by everyday words: "restart", "airplane
mode", "APN", ...), the customer runs it on the phone through the env's user
side and reports what the phone showed. Identity questions get the facts;
"anything else?" with nothing pending ends the conversation.
"""

from __future__ import annotations

import random
from typing import Any

from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.envs.telecom.env import TelecomEnv
from trajectory2gym.envs.user_base import STOP_TOKEN

from trajectory2gym.interaction import Message

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
}


def _asks_for(text: str, action: dict[str, Any]) -> bool:
    name = action["name"]
    words = (name, name.replace("_", " "), *ALIASES.get(name, ()))
    return any(w in text for w in words)


class TelecomScriptedUser:
    """``UserSimulator`` for telecom; ``env`` is the episode's ``TelecomEnv`` (the phone it acts on)."""

    def __init__(self, env: TelecomEnv, max_idle_turns: int = 3) -> None:
        self.env = env
        self.max_idle_turns = max_idle_turns
        self.task: TaskSpec | None = None
        self.pending: list[dict[str, Any]] = []
        # The device calls this customer made: {"name", "arguments", "output", "is_error"}.
        self.calls: list[dict[str, Any]] = []
        self._idle = 0

    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        self.task = task
        self.pending = [dict(a) for a in (task.metadata.get("tau2") or {}).get("user_actions", [])]
        self.calls = []
        self._idle = 0
        who = task.facts.get("phone_number")
        first_line = task.instruction.splitlines()[0] if task.instruction else ""
        opening = task.request or first_line or "My phone has a problem."
        return Message(role="user", content=f"{opening} My number is {who}." if who else opening)

    def reply(self, history: list[Message]) -> Message:
        if self.task is None:
            raise RuntimeError("TelecomScriptedUser.reply before start()")
        said = next((m.content or "" for m in reversed(history) if m.role == "assistant" and m.content), "")
        text = said.lower()
        action = next((a for a in self.pending if _asks_for(text, a)), None)
        if action is not None:
            self.pending.remove(action)
            self._idle = 0
            out, is_error = self.env.execute_user(action["name"], action.get("arguments") or {})
            self.calls.append({"name": action["name"], "arguments": action.get("arguments") or {},
                               "output": out, "is_error": is_error})
            return Message(role="user", content=f"I did that ({action['name']}). My phone shows: {out}")
        if "phone number" in text or "your number" in text:
            return Message(role="user", content=f"It is {self.task.facts.get('phone_number')}.")
        if "name" in text and self.task.facts.get("name"):
            return Message(role="user", content=f"My name is {self.task.facts['name']}.")
        if "confirm" in text or "(yes/no)" in text or "shall i" in text:
            return Message(role="user", content="Yes, please go ahead.")
        self._idle += 1
        if (not self.pending and ("anything else" in text or "resolved" in text)) or self._idle >= self.max_idle_turns:
            return Message(role="user", content=f"Thanks, that's all. {STOP_TOKEN}")
        return Message(role="user", content="I'm not sure what to do on my phone. What should I do?")
