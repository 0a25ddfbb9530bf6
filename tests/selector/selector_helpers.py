"""Small builders for certified records in selector tests."""

from __future__ import annotations

from trajectory2gym.certified import CallFacts, CertifiedInteraction, DecisionRecord

PASS = {"execution": True, "visibility": True, "workflow": True, "novelty": True}


def call(name: str, access: str, cls: str, roles: list[str], obs: str = "ok") -> CallFacts:
    return CallFacts(name=name, access=access, object_class=cls, arg_roles=sorted(roles), observation=obs)


def decision(
    index: int,
    kind: str = "text",
    calls: list[CallFacts] | None = None,
    eligible: bool = True,
    after_error: bool = False,
) -> DecisionRecord:
    checks = dict(PASS, execution=eligible)
    return DecisionRecord(
        message_index=index, kind=kind, eligible=eligible, checks=checks, after_error=after_error, calls=calls or []
    )


def cert(cid: str, decisions: list[DecisionRecord], task_id: str | None = "t0", **kw) -> CertifiedInteraction:
    eligible = sum(d.eligible for d in decisions)
    return CertifiedInteraction(
        id=cid,
        task_id=task_id,
        domain=kw.pop("domain", "retail"),
        reward=kw.pop("reward", 1.0),
        decisions=decisions,
        summary={"eligible": eligible, "ineligible": len(decisions) - eligible},
        **kw,
    )


def on_path(cid: str, path: int, task: str | None, reward: float = 1.0) -> CertifiedInteraction:
    """An interaction whose canonical path is determined by the integer ``path``."""
    decisions = [decision(2, "call", [call("lookup", "read", f"class{path}", ["identifier"])]), decision(4)]
    return cert(cid, decisions, task_id=task, reward=reward)
