"""Small synthetic tool-use interactions, certified by the real certifier, for smoke runs, tests
and benchmarks.

They exercise every case the renderer must get right: tools, reasoning blocks,
multi-call turns, a failed call followed by recovery (the failed call is certified
ineligible, so masking is exercised), a second user turn, and a confirmed write
whose arguments the user stated before the call (so the certifier grounds it).
"""

from __future__ import annotations

import json
import os
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.interaction import Interaction

TOOLS = [
    {"type": "function", "function": {
        "name": "get_order_details", "description": "Look up an order.",
        "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                       "required": ["order_id"]}}},
    {"type": "function", "function": {
        "name": "cancel_pending_order", "description": "Cancel a pending order.",
        "parameters": {"type": "object", "properties": {
            "order_id": {"type": "string"}, "reason": {"type": "string"}}, "required": ["order_id"]}}},
]

ITEMS = ["desk lamp", "water bottle", "hiking boots", "t-shirt", "bluetooth speaker", "backpack"]
REASONS = ["ordered by mistake", "no longer needed"]  # the retail domain's cancel reasons
# How the user asks: the reason is stated verbatim, so the call's `reason` is grounded.
ASKS = ["Please cancel my order {oid} with the {item}, reason: {reason}.",
        "Hi, I want to cancel order {oid} (the {item}). The reason is {reason}.",
        "Cancel {oid} please, the {item}; {reason}."]
CONFIRMS = ["Yes, please.", "Yes, go ahead.", "Yes, that's right, cancel it."]


def sample_interaction(k: int, rng: random.Random | None = None) -> Interaction:
    rng = rng or random.Random(k)
    oid = f"#W{rng.randint(1000000, 9999999)}"
    bad = f"#W{rng.randint(100, 999)}"  # a mistyped id: the lookup fails
    item = rng.choice(ITEMS)
    reason = rng.choice(REASONS)
    total = rng.randint(10, 900)
    ask = rng.choice(ASKS).format(oid=oid, item=item, reason=reason)
    order = json.dumps({"status": "pending", "items": [{"name": item, "price": total}], "total": total})
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a retail support agent. Follow the policy."},
        {"role": "user", "content": ask},
        {"role": "assistant", "content": None, "reasoning_content": "Look the order up first.",
         "tool_calls": [{"id": f"c{k}a", "type": "function",
                         "function": {"name": "get_order_details", "arguments": {"order_id": bad}}}]},
        {"role": "tool", "tool_call_id": f"c{k}a", "name": "get_order_details", "content": "Error: order not found"},
        {"role": "assistant", "content": "Let me retry with the id you gave.",
         "tool_calls": [{"id": f"c{k}b", "type": "function",
                         "function": {"name": "get_order_details", "arguments": {"order_id": oid}}}]},
        {"role": "tool", "tool_call_id": f"c{k}b", "name": "get_order_details", "content": order},
        {"role": "assistant", "content": f"Order {oid} ({item}, ${total}) is pending. "
                                         f"Shall I cancel it (reason: {reason})?",
         "reasoning_content": "Pending orders can be cancelled after confirmation."},
        {"role": "user", "content": rng.choice(CONFIRMS)},
        {"role": "assistant", "content": None, "reasoning_content": "User confirmed.",
         "tool_calls": [{"id": f"c{k}c", "type": "function", "function": {
             "name": "cancel_pending_order", "arguments": {"order_id": oid, "reason": reason}}}]},
        {"role": "tool", "tool_call_id": f"c{k}c", "name": "cancel_pending_order",
         "content": json.dumps({"status": "cancelled", "cancel_reason": reason})},
        {"role": "assistant", "content": "Done: your order is cancelled." + " Thanks!" * rng.randint(0, 3)},
    ]
    return Interaction(id=f"sample-{k}", task_id=str(k), domain="retail", tools=TOOLS, messages=msgs, reward=1.0)


@lru_cache(maxsize=1)
def _certifier() -> Any:
    from trajectory2gym.certify.certifier import Certifier

    return Certifier()


def certify_sample(inter: Interaction) -> CertifiedInteraction:
    """The record `t2g certify` writes for this interaction (the real certifier, not a stand-in)."""
    return _certifier().certify(inter)


def sample_set(n: int, seed: int = 0) -> tuple[list[Interaction], list[CertifiedInteraction]]:
    rng = random.Random(seed)
    inters = [sample_interaction(k, rng) for k in range(n)]
    return inters, [certify_sample(i) for i in inters]


def write_samples(out_dir: str | os.PathLike[str], n: int, seed: int = 0) -> dict[str, Path]:
    """``interactions.jsonl``, ``certified.jsonl`` and ``selected.jsonl`` (every sample) in ``out_dir``."""
    from trajectory2gym.codecs import write_records

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    inters, certs = sample_set(n, seed=seed)
    paths = {name: out / f"{name}.jsonl" for name in ("interactions", "certified", "selected")}
    write_records(paths["interactions"], inters)
    write_records(paths["certified"], [c.model_dump(mode="json") for c in certs])
    write_records(paths["selected"], [{"id": i.id, "stage": "core", "path_key": c.path_key}
                                      for i, c in zip(inters, certs, strict=True)])
    return paths
