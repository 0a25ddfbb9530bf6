"""Small synthetic tool-use interactions with certificates, for smoke runs, tests and benchmarks.

They exercise every case the renderer must get right: tools, reasoning blocks,
multi-call turns, a failed call followed by recovery, a second user turn, and a
decision certified ineligible.
"""

from __future__ import annotations

import random

from trajectory2gym.certified import CertifiedInteraction, DecisionRecord
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


def sample_interaction(k: int, rng: random.Random | None = None) -> Interaction:
    rng = rng or random.Random(k)
    oid = f"#W{rng.randint(1000000, 9999999)}"
    bad = f"#W{rng.randint(100, 999)}"
    msgs = [
        {"role": "system", "content": "You are a retail support agent. Follow the policy."},
        {"role": "user", "content": f"Please cancel my order {oid}, I ordered it by mistake."},
        {"role": "assistant", "content": None, "reasoning_content": "Look the order up first.",
         "tool_calls": [{"id": f"c{k}a", "type": "function",
                         "function": {"name": "get_order_details", "arguments": {"order_id": bad}}}]},
        {"role": "tool", "tool_call_id": f"c{k}a", "name": "get_order_details", "content": "Error: order not found"},
        {"role": "assistant", "content": "Let me retry with the id you gave.",
         "tool_calls": [{"id": f"c{k}b", "type": "function",
                         "function": {"name": "get_order_details", "arguments": {"order_id": oid}}}]},
        {"role": "tool", "tool_call_id": f"c{k}b", "name": "get_order_details",
         "content": '{"status": "pending", "total": ' + str(rng.randint(10, 900)) + "}"},
        {"role": "assistant", "content": f"Order {oid} is pending. Shall I cancel it (reason: ordered by mistake)?",
         "reasoning_content": "Pending orders can be cancelled after confirmation."},
        {"role": "user", "content": "Yes, please."},
        {"role": "assistant", "content": None, "reasoning_content": "User confirmed.",
         "tool_calls": [{"id": f"c{k}c", "type": "function", "function": {
             "name": "cancel_pending_order", "arguments": {"order_id": oid, "reason": "ordered by mistake"}}}]},
        {"role": "tool", "tool_call_id": f"c{k}c", "name": "cancel_pending_order",
         "content": '{"status": "cancelled"}'},
        {"role": "assistant", "content": "Done: your order is cancelled." + " Thanks!" * rng.randint(0, 3)},
    ]
    return Interaction(id=f"sample-{k}", task_id=str(k), domain="retail", tools=TOOLS, messages=msgs, reward=1.0)


def certify_sample(inter: Interaction, ineligible: tuple[int, ...] = (4,)) -> CertifiedInteraction:
    """Eligible: every assistant decision except failed calls and those listed in ``ineligible``."""
    from trajectory2gym.learner.render import failed_call_decisions

    failed = failed_call_decisions(inter)
    decisions = []
    for i in inter.assistant_indices():
        m = inter.messages[i]
        ok = i not in failed and i not in ineligible
        decisions.append(DecisionRecord(
            message_index=i, kind="call" if m.tool_calls else "text", eligible=ok,
            checks={"execution": i not in failed, "visibility": i not in ineligible, "workflow": True,
                    "novelty": True}))
    return CertifiedInteraction(id=inter.id, task_id=inter.task_id, domain=inter.domain, decisions=decisions,
                                summary={"decisions": len(decisions), "eligible": sum(d.eligible for d in decisions)})


def sample_set(n: int, seed: int = 0) -> tuple[list[Interaction], list[CertifiedInteraction]]:
    rng = random.Random(seed)
    inters = [sample_interaction(k, rng) for k in range(n)]
    return inters, [certify_sample(i) for i in inters]
