"""Canonical paths: an interaction as the ordered type-level descriptors of its supervised decisions.

A descriptor holds the decision kind, the ordered call descriptors (access,
object class, sorted argument-role class), the observation shape that follows
each call, and whether visible error feedback occurred since the previous
supervised decision. Values never enter, only types. Ineligible decisions are
left out of the path, but their error observations flag the next descriptor.

Dual control (telecom): a supervised decision followed by user-side device
actions before the next agent decision ends with a hand-off marker naming their
object classes, ``...|clean->user_action(connectivity)``; the certifier lists
those actions in ``metadata["user_actions"]``.

The path key is blake2b-128 over the JSON array ``["t2g-path/1", d0, d1, ...]``
(orjson, UTF-8, no whitespace): the same bytes, hence the same key, on every
machine and Python version.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

import orjson

from trajectory2gym.certified import CallFacts, CertifiedInteraction, DecisionRecord

PATH_VERSION = "t2g-path/1"
HORIZON_BUCKETS: tuple[int, ...] = (1, 2, 4, 8, 16, 32)
RECOVERY_FLAG = "after_error"
CLEAN_FLAG = "clean"

_UNSAFE = re.compile(r"[^a-z0-9_]+")


@lru_cache(maxsize=4096)
def _token(text: str) -> str:
    """Lower-case token with separator characters removed, so descriptors parse back unambiguously."""
    return _UNSAFE.sub("_", text.strip().lower()) or "none"


def role_class(arg_roles: list[str]) -> str:
    """Argument roles as a composite class: distinct tokens, sorted, joined by '+' (``amount+identifier``)."""
    roles = sorted({_token(r) for r in arg_roles})
    return "+".join(roles) if roles else "none"


def observation_token(call: CallFacts) -> str:
    """Shape of the observation after a call; ok/empty results also name their object class."""
    if call.observation in ("ok", "empty"):
        return f"{call.observation}.{_token(call.object_class)}"
    return call.observation


_CALL_CACHE: dict[tuple[str, str, tuple[str, ...], str], str] = {}


def call_descriptor(call: CallFacts) -> str:
    # Pools repeat the same few thousand call shapes: memoize on the type-level facts.
    key = (call.access, call.object_class, tuple(call.arg_roles), call.observation)
    out = _CALL_CACHE.get(key)
    if out is None:
        out = (
            f"{_token(call.access)}.{_token(call.object_class)}({role_class(call.arg_roles)})"
            f"->{observation_token(call)}"
        )
        if len(_CALL_CACHE) < 100_000:
            _CALL_CACHE[key] = out
    return out


def descriptor(decision: DecisionRecord, error_flag: bool) -> str:
    """One supervised decision as a deterministic string, e.g.
    ``call|read.identity(identifier)->ok.identity|clean``."""
    calls = ";".join(call_descriptor(c) for c in decision.calls)
    return f"{decision.kind}|{calls}|{RECOVERY_FLAG if error_flag else CLEAN_FLAG}"


USER_ACTIONS_KEY = "user_actions"


def user_action_marker(object_classes: list[str]) -> str:
    """The hand-off suffix: the distinct object classes of the user's actions, sorted."""
    return f"->user_action({'+'.join(sorted({_token(c) for c in object_classes}))})"


def user_action_markers(cert: CertifiedInteraction, decisions: list[DecisionRecord]) -> list[str]:
    """Per decision (sorted by message index): the marker of the user-side actions between it
    and the next decision, or ''."""
    actions = cert.metadata.get(USER_ACTIONS_KEY) if cert.metadata else None
    if not actions:
        return [""] * len(decisions)
    classes: list[list[str]] = [[] for _ in decisions]
    starts = [d.message_index for d in decisions]
    for a in actions:
        if not isinstance(a, dict) or not isinstance(a.get("message_index"), int):
            continue
        k = bisect.bisect_left(starts, a["message_index"]) - 1  # the last decision before it
        if k >= 0:
            classes[k].append(str(a.get("object_class") or "generic"))
    return [user_action_marker(c) if c else "" for c in classes]


def decision_access(decision: DecisionRecord) -> str:
    """Access type of a decision for transition atoms: ``text``, or its distinct call accesses."""
    if not decision.calls:
        return "handoff" if decision.kind == "handoff" else "text"
    return "+".join(sorted({_token(c.access) for c in decision.calls}))


def had_error(decision: DecisionRecord) -> bool:
    return any(c.observation == "error" for c in decision.calls)


def error_flags(decisions: list[DecisionRecord]) -> list[bool]:
    """For each decision: did visible error feedback occur since the previous supervised decision?

    Feedback counts from every decision at or after the previous supervised one
    (its own failed call included) up to this one, plus this decision's own
    ``after_error`` flag from certification.
    """
    flags: list[bool] = []
    pending = False  # an error observation seen since the last supervised decision
    for d in decisions:
        flags.append(pending or d.after_error)
        if d.eligible:
            pending = False
        if had_error(d):
            pending = True
    return flags


def horizon_bucket(n: int) -> str:
    if n == 0:
        return "0"
    for b in HORIZON_BUCKETS:
        if n <= b:
            return str(b)
    return "overflow"


def path_key(descriptors: list[str]) -> str:
    payload = orjson.dumps([PATH_VERSION, *descriptors])
    return hashlib.blake2b(payload, digest_size=16).hexdigest()


@dataclass(frozen=True)
class PathFacts:
    """Everything the selector needs from one certified interaction."""

    descriptors: tuple[str, ...]
    key: str
    atoms: frozenset[str]
    recovery: bool

    @property
    def supervised(self) -> int:
        return len(self.descriptors)


_CALLS_ATOMS = ("calls_per_decision:0", "calls_per_decision:1", "calls_per_decision:2", "calls_per_decision:3+")
_ARGS_ATOMS = tuple(f"args_per_call:{n}" for n in range(4)) + ("args_per_call:4+",)


def path_facts(cert: CertifiedInteraction) -> PathFacts:
    """Descriptors, key, atoms and recovery indicator in one pass (the flags as in ``error_flags``)."""
    decisions = cert.decisions
    if any(a.message_index > b.message_index for a, b in zip(decisions, decisions[1:], strict=False)):
        decisions = sorted(decisions, key=lambda d: d.message_index)
    markers = user_action_markers(cert, decisions)
    descs: list[str] = []
    accesses: list[str] = []
    atoms: set[str] = set()
    pending = recovery = False
    for d, marker in zip(decisions, markers, strict=True):
        if d.eligible:
            flag = pending or d.after_error
            recovery = recovery or flag
            descs.append(descriptor(d, flag) + marker)
            accesses.append(decision_access(d))
            atoms.add(_CALLS_ATOMS[min(len(d.calls), 3)])
            for c in d.calls:
                atoms.add(_ARGS_ATOMS[min(len(c.arg_roles), 4)])
            pending = False
        if had_error(d):
            pending = True
    atoms.update(f"desc:{x}" for x in descs)
    atoms.add(f"horizon:{horizon_bucket(len(descs))}")
    atoms.add(f"recovery:{'yes' if recovery else 'no'}")
    for a, b in zip(accesses, accesses[1:], strict=False):
        atoms.add(f"trans:{a}>{b}")
    return PathFacts(tuple(descs), path_key(descs), frozenset(atoms), recovery)


def canonical_path(cert: CertifiedInteraction) -> tuple[list[str], str]:
    """The ordered descriptors of the supervised decisions, and their stable key."""
    facts = path_facts(cert)
    return list(facts.descriptors), facts.key


_MESSAGE_INDEX, _OBSERVATION = itemgetter("message_index"), itemgetter("observation")


def _dict_call_descriptor(call: dict[str, Any]) -> str:
    key = (call["access"], call["object_class"], tuple(call["arg_roles"]), call["observation"])
    out = _CALL_CACHE.get(key)
    if out is None:
        out = call_descriptor(CallFacts.model_validate(call))
    return out


def record_path(decisions: list[dict[str, Any]], metadata: dict[str, Any] | None = None) -> tuple[list[str], str]:
    """``canonical_path`` of a certified record still in plain dicts (``DecisionRecord`` fields),
    as the certifier builds it: the same descriptors and key, without models or atoms."""
    order = list(map(_MESSAGE_INDEX, decisions))
    if order != sorted(order):
        decisions = sorted(decisions, key=_MESSAGE_INDEX)
    actions = metadata.get(USER_ACTIONS_KEY) if metadata else None
    markers: list[str] | None = None
    if actions:
        markers = user_action_markers(
            CertifiedInteraction.model_validate({"id": "", "decisions": [], "summary": {},
                                                 "metadata": {USER_ACTIONS_KEY: actions}}),
            [DecisionRecord.model_validate(d) for d in decisions],
        )
    descs: list[str] = []
    pending = False
    for k, d in enumerate(decisions):
        calls = d["calls"]
        if d["eligible"]:
            flag = RECOVERY_FLAG if pending or d["after_error"] else CLEAN_FLAG
            body = ";".join(map(_dict_call_descriptor, calls))
            descs.append(f"{d['kind']}|{body}|{flag}" + (markers[k] if markers else ""))
            pending = False
        if calls and "error" in map(_OBSERVATION, calls):
            pending = True
    return descs, path_key(descs)


def atoms(cert: CertifiedInteraction) -> set[str]:
    """Set-valued coverage units: descriptors, call/argument-count and horizon buckets,
    adjacent access transitions and the error-recovery indicator."""
    return set(path_facts(cert).atoms)
