"""Parsing Hermes-style tool calls out of generated text (Qwen, Hermes chat templates).

A model writes ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``
blocks, optionally after ``<think>...</think>`` reasoning. Pure functions: the
vLLM teacher uses them and they are unit-tested without a model. A block whose
JSON is broken is still returned as a call (name recovered when possible, the
text kept in ``raw_arguments``) so the environment can answer it with an error.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from trajectory2gym.envs.generator.llm import make_call
from trajectory2gym.interaction import Message

_CALL = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.DOTALL)
_THINK = re.compile(r"<think>(.*?)</think>", re.DOTALL)
_NAME = re.compile(r'"name"\s*:\s*"([^"]*)"')
_ARGS = re.compile(r'"arguments"\s*:\s*(.*?)\s*\}?\s*\Z', re.DOTALL)


def _one_call(block: str) -> tuple[str, Any]:
    """(name, arguments as dict or raw text) of one block's body."""
    body = block.strip()
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        name = _NAME.search(body)
        args = _ARGS.search(body)
        return (name.group(1) if name else ""), (args.group(1) if args else body)
    if not isinstance(value, dict):
        return "", body
    args = value.get("arguments", value.get("parameters", {}))
    return str(value.get("name") or ""), args


def parse_hermes(text: str, id_prefix: str = "call") -> Message:
    """An assistant message from generated text: reasoning, visible content, tool calls."""
    reasoning = "\n".join(m.strip() for m in _THINK.findall(text)) or None
    visible = _THINK.sub("", text)
    # A dangling "</think>" (the template opened the think block) ends the reasoning.
    if "</think>" in visible:
        head, _, visible = visible.partition("</think>")
        reasoning = "\n".join(x for x in (reasoning, head.strip()) if x) or None
    calls = [
        make_call(name, args, f"{id_prefix}_{i}")
        for i, (name, args) in enumerate(_one_call(b) for b in _CALL.findall(visible))
    ]
    content = _CALL.sub("", visible).strip()
    msg = Message(role="assistant", content=content or None, tool_calls=calls or None)
    if reasoning:
        msg.reasoning_content = reasoning
    return msg
