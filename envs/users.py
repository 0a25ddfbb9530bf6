"""User simulators: a scripted customer driven by a ``TaskSpec``, and an LLM customer.

Both implement ``UserSimulator`` (envs/user_base.py, re-exported here).

The scripted user opens with the task's ``request`` (and the facts disclosed up front);
a task without one (tau-bench's) gets ``NEUTRAL_OPENING``, never the ``instruction``, which
is the hidden brief of an LLM user.

The scripted user's keyword protocol (what it understands in the agent's latest
text message, matched case-insensitively; the scripted teacher speaks it):

- **a confirmation request**: the text contains ``confirm`` or ``(yes/no)``.
  The k-th request of an episode is about the k-th write of the task's
  ``gold_actions``. ``confirmation="all"`` answers "Yes, please go ahead.";
  ``"decline"`` answers "No, please do not do that."; ``"subset"`` says yes
  only when k-1 is in ``confirm_subset``.
- **a question for facts**: each fact has keywords (``FACT_KEYWORDS``): "email",
  "user id", "name and zip", "order id", "reservation id", "address", ...
  Every fact whose keyword occurs is disclosed in one reply. A fact with an
  ``Obstacle`` is first given with its wrong value, the true one next time it is asked.
- **the end**: "anything else" ends the episode with "###STOP###" (checked
  before fact questions, so a closing report may name ids); so does a third agent turn in a row that the user cannot
  answer, so a confused agent cannot loop forever.
"""

from __future__ import annotations

import random
from typing import Any

from trajectory2gym.envs.generator.llm import ChatClient, ChatSettings
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.envs.user_base import STOP_TOKEN, UserSimulator
from trajectory2gym.interaction import Message, ToolSpec

__all__ = ["FACT_KEYWORDS", "NEUTRAL_OPENING", "STOP_TOKEN", "LLMUser", "ScriptedUser", "UserSimulator"]

# The scripted user's first message for a task without a ``request`` (tau-bench's tasks).
NEUTRAL_OPENING = "Hi, I need help with something."

# fact key -> phrases that mean the agent asks for it (first match wins per fact).
FACT_KEYWORDS: dict[str, tuple[str, ...]] = {
    "email": ("email",),
    "name_zip": ("name and zip", "zip code"),
    "user_id": ("user id",),
    "order_id": ("order id",),
    "reservation_id": ("reservation id",),
    "new_address": ("new address",),
    "payment": ("payment method", "pay with"),
    "options": ("which options", "which variant"),
    "reason": ("reason",),
    "bags": ("how many bags", "baggage"),
    "date": ("which date", "travel date"),
}

_PHRASES: dict[str, str] = {
    "email": "My email is {email}.",
    "user_id": "My user id is {user_id}.",
    "order_id": "The order id is {order_id}.",
    "reservation_id": "The reservation id is {reservation_id}.",
    "payment": "I'd like to use {payment}.",
    "options": "I want {options}.",
    "reason": "The reason is: {reason}.",
    "bags": "{bags}",
    "date": "The date is {date}.",
}


def _fmt_address(addr: dict[str, Any]) -> str:
    parts = [addr.get("address1"), addr.get("address2"), addr.get("city"), addr.get("state"),
             addr.get("zip"), addr.get("country")]
    return ", ".join(str(p) for p in parts if p)


class ScriptedUser:
    """A deterministic customer that follows its ``TaskSpec`` (see the module doc for the protocol)."""

    def __init__(self, max_confused_turns: int = 3) -> None:
        self.max_confused_turns = max_confused_turns
        self.task: TaskSpec | None = None
        self.rng = random.Random(0)
        self._obstacles: dict[str, Any] = {}
        self._confirmations = 0
        self._confused = 0

    # -- protocol -----------------------------------------------------------------------------
    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        self.task = task
        self.rng = rng
        self._obstacles = {o.fact: o.wrong_value for o in task.obstacles}
        self._confirmations = 0
        self._confused = 0
        # Never the instruction: it is the hidden brief of an LLM customer (tau-bench's holds the
        # user's name, zip and goal); said verbatim it would put private facts into the evidence.
        parts = [task.request or NEUTRAL_OPENING]
        parts += [self._disclose(key) for key in task.disclosed_upfront]
        return Message(role="user", content=" ".join(p for p in parts if p))

    def reply(self, history: list[Message]) -> Message:
        if self.task is None:
            raise RuntimeError("ScriptedUser.reply before start()")
        said = next((m.content or "" for m in reversed(history) if m.role == "assistant" and m.content), "")
        text = said.lower()
        if "confirm" in text or "(yes/no)" in text:
            self._confused = 0
            return Message(role="user", content=self._confirm())
        if "anything else" in text:
            return Message(role="user", content=f"No, that's all. Thank you! {STOP_TOKEN}")
        asked = [key for key, words in FACT_KEYWORDS.items() if any(w in text for w in words)]
        answers = [self._disclose(key) for key in asked if self._knows(key)]
        answers = [a for a in answers if a]
        if answers:
            self._confused = 0
            return Message(role="user", content=" ".join(answers))
        self._confused += 1
        if self._confused >= self.max_confused_turns:
            return Message(role="user", content=f"I don't think this is going anywhere. {STOP_TOKEN}")
        return Message(role="user", content="Okay.")

    # -- helpers ------------------------------------------------------------------------------
    def _knows(self, key: str) -> bool:
        facts = self.task.facts if self.task else {}
        if key == "name_zip":
            return all(k in facts for k in ("first_name", "last_name", "zip"))
        return key in facts

    def _value(self, fact: str) -> Any:
        """The value to say now: an obstacle's wrong value once, then the true one."""
        assert self.task is not None
        if fact in self._obstacles:
            return self._obstacles.pop(fact)
        return self.task.facts.get(fact)

    def _disclose(self, key: str) -> str:
        assert self.task is not None
        facts = self.task.facts
        if key == "name_zip":
            if not self._knows("name_zip"):
                return ""
            return (f"My name is {facts['first_name']} {facts['last_name']} "
                    f"and my zip code is {self._value('zip')}.")
        if key in ("first_name", "last_name", "zip"):
            return self._disclose("name_zip")
        if key not in facts:
            return ""
        value = self._value(key)
        if key == "new_address" and isinstance(value, dict):
            return f"The new address is {_fmt_address(value)}."
        template = _PHRASES.get(key, f"My {key.replace('_', ' ')} is {{{key}}}.")
        return template.format(**{key: value})

    def _confirm(self) -> str:
        assert self.task is not None
        k = self._confirmations
        self._confirmations += 1
        mode = self.task.confirmation
        if mode == "all" or (mode == "subset" and k in self.task.confirm_subset):
            return "Yes, please go ahead."
        return "No, please do not do that."


class LLMUser:
    """A customer played by a model behind an OpenAI-compatible endpoint.

    The model gets the task's instruction (or, for generated tasks, the request
    and facts) as its system prompt and sees the conversation with roles swapped:
    the agent's text as ``user``, its own lines as ``assistant``. The agent's tool
    traffic is not shown to the customer. In dual-control domains (telecom) the
    customer also gets the device tools: its own calls and their results stay in
    its view, and a reply with tool calls is returned for the env to run.
    """

    def __init__(
        self,
        settings: ChatSettings | dict[str, Any],
        *,
        client: ChatClient | None = None,
        device_tools: list[ToolSpec] | None = None,
    ):
        if isinstance(settings, dict):
            settings = ChatSettings.model_validate(settings)
        self.client = client or ChatClient(settings)
        self.task: TaskSpec | None = None
        # None: the task's domain decides (its user-side tools, if any).
        self._device_tools_given = device_tools
        self.device_tools: list[ToolSpec] = list(device_tools or [])

    @staticmethod
    def system_prompt(task: TaskSpec, device: bool = False) -> str:
        if task.instruction:
            goal = task.instruction
        else:
            facts = "; ".join(f"{k}: {v}" for k, v in task.facts.items())
            goal = f"Your request: {task.request}\nWhat you know: {facts}"
        phone = (
            "You can act on your own phone with the tools you have; use them when the agent asks "
            "you to check or change something, then tell the agent what you saw. "
            if device
            else ""
        )
        return (
            "You are a customer talking to a customer-service agent. Play the customer described "
            "below. Say one short message at a time, reveal information only when it is needed or "
            f"asked for, and never invent facts you were not given. {phone}When your request is "
            f"handled (or cannot be), end your message with {STOP_TOKEN}.\n\n{goal}"
        )

    def _flipped(self, history: list[Message]) -> list[Message]:
        assert self.task is not None
        out = [Message(role="system", content=self.system_prompt(self.task, bool(self.device_tools)))]
        own_calls: set[str] = set()
        for m in history:
            if m.role == "assistant" and m.content:
                out.append(Message(role="user", content=m.content))
            elif m.role == "user" and m.tool_calls:
                own_calls.update(c.id for c in m.tool_calls)
                out.append(Message(role="assistant", content=m.content, tool_calls=m.tool_calls))
            elif m.role == "user" and m.content:
                out.append(Message(role="assistant", content=m.content))
            elif m.role == "tool" and m.tool_call_id in own_calls:
                out.append(m)
        return out

    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        self.task = task
        if self._device_tools_given is None:
            from trajectory2gym.envs.registry import user_tool_specs

            try:
                self.device_tools = user_tool_specs(task.domain)
            except (KeyError, ValueError):  # a domain the registry does not know
                self.device_tools = []
        self.client.reset_usage()
        greeting = Message(role="assistant", content="Hi! How can I help you today?")
        reply = self.client.chat(self._flipped([greeting]))
        return Message(role="user", content=(reply.content or "").strip() or "Hi.")

    def reply(self, history: list[Message]) -> Message:
        if self.task is None:
            raise RuntimeError("LLMUser.reply before start()")
        reply = self.client.chat(self._flipped(history), tools=self.device_tools or None)
        if reply.tool_calls and self.device_tools:
            return Message(role="user", content=(reply.content or "").strip() or None, tool_calls=reply.tool_calls)
        return Message(role="user", content=(reply.content or "").strip() or STOP_TOKEN)

    @property
    def usage(self) -> dict[str, Any]:
        return self.client.usage.as_dict()
