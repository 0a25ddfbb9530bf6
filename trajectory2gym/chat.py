"""Messages in the shape Hugging Face chat templates take (the teacher's prompt, the learner's rows)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trajectory2gym.interaction import Message


def chat_template_messages(
    messages: Iterable[Message], *, empty_content: str | None = None, reasoning: bool = True
) -> list[dict[str, Any]]:
    """OpenAI-shaped dicts for ``apply_chat_template``.

    Tool-call arguments go in as objects, except a malformed call, whose text is
    kept verbatim (the model said it; the template must show it). ``empty_content``
    replaces a missing content (some templates print ``None`` otherwise).
    """
    out: list[dict[str, Any]] = []
    for m in messages:
        d: dict[str, Any] = {"role": m.role, "content": m.content if m.content is not None else empty_content}
        if reasoning and m.reasoning_content:
            d["reasoning_content"] = m.reasoning_content
        if m.role == "assistant" and m.tool_calls:
            d["tool_calls"] = [
                {
                    "id": c.id,
                    "type": "function",
                    "function": {
                        "name": c.name,
                        "arguments": c.function.raw_arguments
                        if c.function.raw_arguments is not None
                        else c.arguments,
                    },
                }
                for c in m.tool_calls
            ]
        if m.role == "tool":
            d["tool_call_id"] = m.tool_call_id
            if m.name:
                d["name"] = m.name
        out.append(d)
    return out
