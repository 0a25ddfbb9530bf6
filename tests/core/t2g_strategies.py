"""Hypothesis strategies for valid interactions (shared by the core tests)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

text = st.text(min_size=0, max_size=30)
ident = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789#", min_size=1, max_size=12)
json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    text,
)
json_value = st.recursive(
    json_scalar,
    lambda children: st.one_of(st.lists(children, max_size=3), st.dictionaries(ident, children, max_size=3)),
    max_leaves=8,
)


@st.composite
def interactions(draw: Any) -> dict[str, Any]:
    """A valid interaction dict: every tool call answered, ids unique."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": draw(text)}]
    counter = 0
    for _ in range(draw(st.integers(0, 4))):
        messages.append({"role": "user", "content": draw(text)})
        if draw(st.booleans()):
            calls = []
            for _ in range(draw(st.integers(1, 3))):
                counter += 1
                calls.append(
                    {
                        "id": f"c{counter}",
                        "type": "function",
                        "function": {"name": draw(ident), "arguments": draw(st.dictionaries(ident, json_value, max_size=3))},
                    }
                )
            messages.append({"role": "assistant", "tool_calls": calls})
            for call in calls:
                tool: dict[str, Any] = {
                    "role": "tool",
                    "tool_call_id": call["id"],
                    "name": call["function"]["name"],
                    "content": draw(text),
                }
                if draw(st.booleans()):
                    tool["is_error"] = draw(st.booleans())
                messages.append(tool)
        messages.append({"role": "assistant", "content": draw(text)})
    record: dict[str, Any] = {
        "task_id": draw(st.one_of(st.none(), ident)),
        "domain": draw(st.sampled_from([None, "retail", "airline"])),
        "tools": [
            {"type": "function", "function": {"name": n, "description": draw(text), "parameters": {"type": "object", "properties": {}}}}
            for n in draw(st.lists(ident, max_size=3, unique=True))
        ],
        "messages": messages,
        "private": draw(st.dictionaries(ident, json_value, max_size=2)),
        "reward": draw(st.one_of(st.none(), st.floats(0, 1))),
        "metadata": draw(st.dictionaries(ident, json_value, max_size=2)),
    }
    if draw(st.booleans()):
        record["id"] = draw(ident)
    return record
