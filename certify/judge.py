"""Optional LLM judge for the workflow check, behind an OpenAI-compatible endpoint.

The judge sees the visible conversation from the assistant's last description
of the action up to the call (never the private part) and answers whether the
user explicitly confirmed exactly this action. The client is built with the
``openai`` package so any compatible server works (vLLM, a hosted API).
"""

from __future__ import annotations

import os
import re
from typing import Any

import orjson

from trajectory2gym.certify.config import JudgeConfig

SYSTEM_PROMPT = (
    "You audit a customer-service agent. Given the conversation so far and one consequential tool "
    "call the agent is about to make, decide whether the user explicitly confirmed exactly this "
    "action after the agent described it. A confirmation that covers only some of the described "
    "actions does not cover the others. Answer with one JSON object and nothing else: "
    '{"confirmed": true or false, "reason": "<one short sentence>"}'
)

_JSON_OBJECT = re.compile(r"\{.*\}", re.S)


class JudgeError(RuntimeError):
    """The judge could not be reached or gave an answer that cannot be read."""


def _render(messages: list[dict[str, Any]], call: dict[str, Any]) -> str:
    lines = []
    for m in messages:
        text = m.get("content") or ""
        if m.get("tool_calls"):
            text += " [calls: " + "; ".join(
                f"{c['name']}({orjson.dumps(c['arguments']).decode()})" for c in m["tool_calls"]
            ) + "]"
        lines.append(f"{m['role']}: {text}".strip())
    lines.append(f"\nCall to judge: {call['name']}({orjson.dumps(call['arguments']).decode()})")
    return "\n".join(lines)


def parse_verdict(text: str) -> tuple[bool, str]:
    """``(confirmed, reason)`` from the judge's answer (a JSON object, possibly inside prose)."""
    text = re.sub(r"<think>.*?</think>", "", text or "", flags=re.S)  # reasoning models
    match = _JSON_OBJECT.search(text)
    if match:
        try:
            data = orjson.loads(match.group(0))
        except orjson.JSONDecodeError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("confirmed"), bool):
            return data["confirmed"], str(data.get("reason", "")).strip()
    raise JudgeError(f"unreadable judge answer: {text[:120]!r}")


class WorkflowJudge:
    """Asks the endpoint one question per consequential call."""

    def __init__(self, config: JudgeConfig):
        from openai import OpenAI

        self.config = config
        self.client = OpenAI(
            base_url=config.base_url,
            api_key=os.environ.get(config.api_key_env) or "EMPTY",
            timeout=config.timeout_s,
            max_retries=config.max_retries,
        )

    def judge(self, messages: list[dict[str, Any]], call: dict[str, Any]) -> tuple[bool, str]:
        """``messages``: visible context as ``{role, content, tool_calls?}``; ``call``: ``{name, arguments}``."""
        import openai

        try:
            response = self.client.chat.completions.create(
                model=self.config.model,
                messages=[
                    {"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "user", "content": _render(messages, call)},
                ],
                temperature=self.config.temperature,
                max_tokens=self.config.max_tokens,
            )
        except openai.OpenAIError as exc:
            raise JudgeError(f"{type(exc).__name__}: {exc}") from None
        if not response.choices:
            raise JudgeError("the judge returned no choices")
        return parse_verdict(response.choices[0].message.content or "")
