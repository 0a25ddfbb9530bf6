"""An OpenAI-compatible chat client with retries, shared by the LLM teacher and the LLM user.

It lives in ``envs`` (not ``actors``) so the LLM user simulator can use it
without ``envs`` importing ``actors``. Retries are done here (the ``openai``
client's own retries are off) so every attempt, back-off and token count is
recorded. Tool calls come back as ``Message`` objects; a call whose arguments
are not a JSON object keeps the emitted text in ``raw_arguments`` so the
environment can answer it with an authentic error.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from pydantic import Field

from trajectory2gym.config import ConfigModel
from trajectory2gym.interaction import FunctionCall, Message, ToolCall, ToolSpec


class ChatSettings(ConfigModel):
    """Where and how to call a chat-completions endpoint (vLLM server, OpenAI, ...)."""

    model: str
    base_url: str | None = None
    api_key: str | None = None  # None: $OPENAI_API_KEY, else "EMPTY" (vLLM ignores it)
    temperature: float = 0.0
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    timeout_s: float = Field(60.0, gt=0)
    max_retries: int = Field(3, ge=0)
    backoff_s: float = Field(1.0, ge=0)  # first back-off; doubles per retry
    extra_body: dict[str, Any] = Field(default_factory=dict)


class ChatUnavailable(RuntimeError):
    """The endpoint failed on every attempt (timeouts, connection errors, 5xx, 429)."""


@dataclass
class Usage:
    """Token and call accounting of one client (per episode when reset)."""

    requests: int = 0
    attempts: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "requests": self.requests,
            "attempts": self.attempts,
            "retries": self.retries,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "seconds": round(self.seconds, 3),
            "failures": list(self.failures),
        }


def to_openai_message(msg: Message) -> dict[str, Any]:
    """A message in the chat-completions request format (arguments as JSON strings)."""
    out: dict[str, Any] = {"role": msg.role, "content": msg.content}
    if msg.role == "assistant" and msg.tool_calls:
        out["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {
                    "name": c.function.name,
                    "arguments": c.function.raw_arguments
                    if c.function.raw_arguments is not None
                    else orjson.dumps(c.function.arguments).decode(),
                },
            }
            for c in msg.tool_calls
        ]
    if msg.role == "tool":
        out["tool_call_id"] = msg.tool_call_id
        if msg.name:
            out["name"] = msg.name
        out["content"] = msg.content or ""
    return out


def parse_arguments(text: str | None) -> tuple[dict[str, Any], str | None]:
    """(arguments, raw text when the text is not a JSON object)."""
    if text is None or not text.strip():
        return {}, None
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return {}, text
    if isinstance(value, dict):
        return value, None
    return {}, text


def make_call(name: str, arguments: Any, call_id: str) -> ToolCall:
    """A tool call from a name and arguments given as text, a dict or anything else."""
    if isinstance(arguments, dict):
        args, raw = arguments, None
    elif isinstance(arguments, str):
        args, raw = parse_arguments(arguments)
    else:
        args, raw = {}, orjson.dumps(arguments).decode()
    return ToolCall(id=call_id, function=FunctionCall(name=name or "", arguments=args, raw_arguments=raw))


_RETRYABLE_NAMES = ("APITimeoutError", "APIConnectionError", "RateLimitError", "InternalServerError")


class ChatClient:
    """Chat completions with tools, retries with exponential back-off, usage accounting."""

    def __init__(self, settings: ChatSettings, *, sleep: Any = time.sleep):
        import os

        import openai

        self.settings = settings
        self._openai = openai
        self._sleep = sleep
        key = settings.api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.client = openai.OpenAI(
            base_url=settings.base_url, api_key=key, timeout=settings.timeout_s, max_retries=0
        )
        self.usage = Usage()
        self._retryable = tuple(getattr(openai, n) for n in _RETRYABLE_NAMES)

    def reset_usage(self) -> None:
        self.usage = Usage()

    def _request(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None) -> Any:
        s = self.settings
        kwargs: dict[str, Any] = {"model": s.model, "messages": messages, "temperature": s.temperature}
        if tools:
            kwargs["tools"] = tools
            kwargs["tool_choice"] = "auto"
        for key in ("top_p", "max_tokens", "seed"):
            if getattr(s, key) is not None:
                kwargs[key] = getattr(s, key)
        if s.extra_body:
            kwargs["extra_body"] = s.extra_body
        return self.client.chat.completions.create(**kwargs)

    def complete(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> Any:
        """One completion; retries transient failures, raises ``ChatUnavailable`` when exhausted."""
        self.usage.requests += 1
        delay = self.settings.backoff_s
        start = time.perf_counter()
        try:
            for attempt in range(self.settings.max_retries + 1):
                self.usage.attempts += 1
                try:
                    resp = self._request(messages, tools)
                except self._retryable as exc:
                    self.usage.failures.append(f"{type(exc).__name__}: {exc}")
                    if attempt == self.settings.max_retries:
                        raise ChatUnavailable(
                            f"{self.settings.base_url or 'openai'} model={self.settings.model}: "
                            f"{attempt + 1} attempts failed, last: {type(exc).__name__}: {exc}"
                        ) from exc
                    self.usage.retries += 1
                    self._sleep(delay)
                    delay *= 2
                    continue
                except self._openai.APIError as exc:
                    # A request the server rejects (400, 404, 422): retrying would not help.
                    self.usage.failures.append(f"{type(exc).__name__}: {exc}")
                    raise ChatUnavailable(
                        f"{self.settings.base_url or 'openai'} model={self.settings.model}: "
                        f"request rejected: {type(exc).__name__}: {exc}"
                    ) from exc
                if resp.usage is not None:
                    self.usage.prompt_tokens += resp.usage.prompt_tokens or 0
                    self.usage.completion_tokens += resp.usage.completion_tokens or 0
                return resp
        finally:
            self.usage.seconds += time.perf_counter() - start
        raise AssertionError("unreachable")

    def chat(self, messages: list[Message], tools: list[ToolSpec] | None = None) -> Message:
        """The assistant's reply as a ``Message`` (tool calls kept even when malformed)."""
        wire = [to_openai_message(m) for m in messages]
        tool_wire = [t.model_dump(mode="json", exclude_none=True) for t in tools] if tools else None
        resp = self.complete(wire, tool_wire)
        if not resp.choices:
            return Message(role="assistant", content="")
        msg = resp.choices[0].message
        calls = []
        for i, tc in enumerate(msg.tool_calls or []):
            fn = getattr(tc, "function", None)
            name = getattr(fn, "name", None) or ""
            calls.append(make_call(name, getattr(fn, "arguments", None), tc.id or f"call_{i}"))
        out = Message(role="assistant", content=msg.content, tool_calls=calls or None)
        reasoning = getattr(msg, "reasoning_content", None)
        if reasoning:
            out.reasoning_content = reasoning
        return out
