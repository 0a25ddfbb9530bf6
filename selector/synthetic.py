"""Synthetic pools of certified interactions, for tests and the selection benchmark.

A small grammar of customer-service episodes (identify the customer, look
things up, maybe fail and recover, confirm and write, maybe hand off) over
retail-, airline- and telecom-like tools produces distinct canonical paths;
candidates are drawn from them with Zipf weights, so a few paths are very
common and most are rare, as in collected data. Tasks cluster around a few
paths each, which makes the per-task cap bite. Every candidate also gets
path-neutral variation (extra ineligible repeats, rewards) so grounding ranks
differ between interactions that share a path.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trajectory2gym.certified import CallFacts, CertifiedInteraction, DecisionRecord
from trajectory2gym.selector.paths import descriptor, error_flags, path_key

ALL_PASS = {"execution": True, "visibility": True, "workflow": True, "novelty": True}


@dataclass(frozen=True)
class Tool:
    name: str
    access: str
    object_class: str
    required: tuple[str, ...]  # roles of required arguments
    optional: tuple[str, ...] = ()  # roles of optional arguments


DOMAINS: dict[str, dict[str, list[Tool]]] = {
    "retail": {
        "identify": [
            Tool("find_user_id_by_email", "read", "identity", ("contact",)),
            Tool("find_user_id_by_name_zip", "read", "identity", ("name", "name", "address")),
            Tool("get_user_details", "read", "identity", ("identifier",)),
        ],
        "read": [
            Tool("get_order_details", "read", "commerce", ("identifier",)),
            Tool("get_product_details", "read", "commerce", ("identifier",)),
            Tool("list_all_product_types", "read", "commerce", ()),
            Tool("calculate", "read", "generic", ("expression",)),
        ],
        "write": [
            Tool("cancel_pending_order", "write", "commerce", ("identifier", "enum")),
            Tool("modify_pending_order_items", "write", "commerce", ("identifier", "list", "list"), ("identifier",)),
            Tool("modify_pending_order_address", "write", "location", ("identifier", "address", "address"), ("address",)),
            Tool("return_delivered_order_items", "write", "commerce", ("identifier", "list", "identifier")),
            Tool("exchange_delivered_order_items", "write", "commerce", ("identifier", "list", "list", "identifier")),
            Tool("modify_user_address", "write", "identity", ("identifier", "address"), ("address", "address")),
        ],
        "handoff": [Tool("transfer_to_human_agents", "handoff", "generic", ("free_text",))],
    },
    "airline": {
        "identify": [Tool("get_user_details", "read", "identity", ("identifier",))],
        "read": [
            Tool("get_reservation_details", "read", "travel", ("identifier",)),
            Tool("search_direct_flight", "read", "travel", ("address", "address", "temporal")),
            Tool("search_onestop_flight", "read", "travel", ("address", "address", "temporal")),
            Tool("list_all_airports", "read", "location", ()),
            Tool("calculate", "read", "generic", ("expression",)),
        ],
        "write": [
            Tool("book_reservation", "write", "travel", ("identifier", "address", "address", "enum", "list", "list"), ("count", "flag")),
            Tool("cancel_reservation", "write", "travel", ("identifier",)),
            Tool("update_reservation_flights", "write", "travel", ("identifier", "enum", "list"), ("identifier",)),
            Tool("update_reservation_baggages", "write", "travel", ("identifier", "count", "count"), ("identifier",)),
            Tool("send_certificate", "irreversible", "finance", ("identifier", "amount")),
        ],
        "handoff": [Tool("transfer_to_human_agents", "handoff", "generic", ("free_text",))],
    },
    "telecom": {
        "identify": [
            Tool("get_customer_by_phone", "read", "identity", ("contact",)),
            Tool("get_customer_by_id", "read", "identity", ("identifier",)),
        ],
        "read": [
            Tool("get_line_details", "read", "connectivity", ("identifier",)),
            Tool("get_bills", "read", "finance", ("identifier",), ("temporal",)),
            Tool("get_data_usage", "read", "connectivity", ("identifier",), ("temporal",)),
        ],
        "write": [
            Tool("toggle_roaming", "write", "connectivity", ("identifier", "flag")),
            Tool("refuel_data", "write", "connectivity", ("identifier", "amount")),
            Tool("pay_bill", "irreversible", "finance", ("identifier", "amount")),
            Tool("send_payment_request", "write", "communication", ("identifier", "amount"), ("free_text",)),
        ],
        "handoff": [Tool("transfer_to_human_agents", "handoff", "generic", ("free_text",))],
    },
}


@dataclass(frozen=True)
class Step:
    """One decision of a template: kind, calls (tool, roles given, observation), eligibility."""

    kind: str
    calls: tuple[tuple[Tool, tuple[str, ...], str], ...]
    eligible: bool = True


def _roles(rng: random.Random, tool: Tool) -> tuple[str, ...]:
    extra = tuple(r for r in tool.optional if rng.random() < 0.4)
    return tuple(sorted(tool.required + extra))


def _call(rng: random.Random, tool: Tool, observation: str = "ok") -> tuple[Tool, tuple[str, ...], str]:
    return (tool, _roles(rng, tool), observation)


def _sample_template(rng: random.Random, domain: str) -> list[Step]:
    tools = DOMAINS[domain]
    steps: list[Step] = []
    if rng.random() < 0.6:
        steps.append(Step("text", ()))  # ask for identifying details
    ident = rng.choice(tools["identify"])
    if rng.random() < 0.15:  # failed lookup: the call errors, is not supervised, and flags the retry
        steps.append(Step("call", (_call(rng, ident, "error"),), eligible=False))
        if rng.random() < 0.5:
            steps.append(Step("text", ()))
        ident = rng.choice(tools["identify"])
    steps.append(Step("call", (_call(rng, ident),)))
    for _ in range(rng.choice((1, 1, 2, 2, 3, 4, 6))):
        r = rng.random()
        if r < 0.15:
            picks = rng.sample(tools["read"], k=min(2, len(tools["read"])))
            steps.append(Step("multi_call", tuple(_call(rng, t) for t in picks)))
        elif r < 0.25:
            steps.append(Step("call", (_call(rng, rng.choice(tools["read"]), "error"),), eligible=False))
        else:
            obs = "empty" if rng.random() < 0.1 else "ok"
            steps.append(Step("call", (_call(rng, rng.choice(tools["read"]), obs),)))
        if rng.random() < 0.2:
            steps.append(Step("text", ()))
    for _ in range(rng.choice((0, 1, 1, 1, 2))):
        steps.append(Step("text", ()))  # confirm the consequential action
        obs = "error" if rng.random() < 0.1 else "ok"
        steps.append(Step("call", (_call(rng, rng.choice(tools["write"]), obs),), eligible=obs == "ok"))
    if rng.random() < 0.1:
        steps.append(Step("handoff", (_call(rng, tools["handoff"][0]),)))
    else:
        steps.append(Step("text", ()))
    return steps


def _template_key(steps: list[Step]) -> str:
    # A cheap structural fingerprint (same facts the canonical path reads) for de-duplication.
    parts = [
        f"{s.kind}{int(s.eligible)}" + ";".join(f"{t.access}.{t.object_class}{r}{o}" for t, r, o in s.calls)
        for s in steps
    ]
    return path_key(parts)


def canonical_key(proto: Prototype) -> str:
    """The canonical path key every candidate of this prototype will have."""
    decisions = list(proto.decisions)
    flags = error_flags(decisions)
    return path_key([descriptor(d, f) for d, f in zip(decisions, flags, strict=True) if d.eligible])


def _decision(step: Step, index: int, after_error: bool) -> DecisionRecord:
    checks = dict(ALL_PASS)
    reasons: list[str] = []
    if not step.eligible:
        checks["execution"] = False
        reasons.append("the call returned an error")
    return DecisionRecord(
        message_index=index,
        kind=step.kind,
        eligible=step.eligible,
        checks=checks,
        reasons=reasons,
        after_error=after_error,
        calls=[
            CallFacts(name=t.name, access=t.access, object_class=t.object_class, arg_roles=list(r), observation=o)
            for t, r, o in step.calls
        ],
    )


_REPEAT_CHECKS = dict(ALL_PASS, novelty=False)


def _repeat(d: DecisionRecord, index: int) -> DecisionRecord:
    """A path-neutral extra: the same lookup again, rejected for bringing no new evidence."""
    return d.model_copy(
        update={
            "message_index": index,
            "eligible": False,
            "after_error": False,
            "checks": _REPEAT_CHECKS,
            "reasons": ["repeats a call without new evidence"],
        }
    )


@dataclass(frozen=True)
class Prototype:
    """A template's decision records, built once; candidates copy them with their own indices."""

    decisions: tuple[DecisionRecord, ...]
    repeatable: tuple[bool, ...]  # may be followed by a path-neutral repeat


def prototype(steps: list[Step]) -> Prototype:
    decisions, repeatable = [], []
    after_error = False
    for step in steps:
        decisions.append(_decision(step, 0, after_error))
        after_error = any(o == "error" for _, _, o in step.calls)
        repeatable.append(step.kind in ("call", "multi_call") and step.eligible and not after_error)
    return Prototype(tuple(decisions), tuple(repeatable))


def build_candidate(
    proto: Prototype, cid: str, task_id: str, domain: str, rng: random.Random
) -> CertifiedInteraction:
    decisions: list[DecisionRecord] = []
    index = 2  # system and first user message come first
    for d, repeatable in zip(proto.decisions, proto.repeatable, strict=True):
        decisions.append(d.model_copy(update={"message_index": index}))
        index += 2
        if repeatable and rng.random() < 0.2:
            decisions.append(_repeat(d, index))
            index += 2
    eligible = sum(d.eligible for d in decisions)
    return CertifiedInteraction(
        id=cid,
        task_id=task_id,
        domain=domain,
        reward=1.0 if rng.random() < 0.8 else 0.0,
        decisions=decisions,
        summary={"decisions": len(decisions), "eligible": eligible, "ineligible": len(decisions) - eligible},
    )


def synthetic_templates(n_paths: int, seed: int = 0) -> list[tuple[str, Prototype]]:
    """``n_paths`` (domain, prototype) templates with distinct canonical paths."""
    rng = random.Random(seed)
    seen: set[str] = set()  # canonical path keys
    tried: set[str] = set()  # template fingerprints
    out: list[tuple[str, Prototype]] = []
    domains = sorted(DOMAINS)
    attempts = 0
    while len(out) < n_paths:
        attempts += 1
        if attempts > 200 * n_paths + 1000:
            raise ValueError(f"grammar cannot produce {n_paths} distinct paths (got {len(out)})")
        domain = rng.choice(domains)
        steps = _sample_template(rng, domain)
        tkey = _template_key(steps)
        if tkey in tried:
            continue  # cheap pre-check before building the records
        tried.add(tkey)
        proto = prototype(steps)
        key = canonical_key(proto)
        if key not in seen:
            seen.add(key)
            out.append((domain, proto))
    return out


def synthetic_pool(
    n_candidates: int,
    n_paths: int,
    *,
    n_tasks: int | None = None,
    seed: int = 0,
    zipf: float = 1.1,
    task_locality: float = 0.8,
) -> list[CertifiedInteraction]:
    """``n_candidates`` certified interactions over about ``n_paths`` canonical paths.

    Every template gets one candidate, the rest follow Zipf(``zipf``) weights.
    With probability ``task_locality`` a candidate belongs to one of its
    template's two home tasks, otherwise to a uniformly drawn task.
    """
    if n_candidates < 1 or n_paths < 1:
        raise ValueError("n_candidates and n_paths must be >= 1")
    n_paths = min(n_paths, n_candidates)
    templates = synthetic_templates(n_paths, seed)
    n_tasks = n_tasks or max(1, n_candidates // 25)
    rng = random.Random(seed + 1)
    weights = [1.0 / (i + 1) ** zipf for i in range(n_paths)]
    picks = list(range(n_paths)) + rng.choices(range(n_paths), weights=weights, k=n_candidates - n_paths)
    rng.shuffle(picks)
    pool = []
    for j, t in enumerate(picks):
        if rng.random() < task_locality:
            task = (t * 7919 + rng.randrange(2) * 104729) % n_tasks
        else:
            task = rng.randrange(n_tasks)
        domain, proto = templates[t]
        pool.append(build_candidate(proto, f"syn-{seed}-{j:06d}", f"{domain}-task-{task:05d}", domain, rng))
    return pool
