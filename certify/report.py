"""Corpus statistics over certified interactions (the paper's table), per domain and overall.

Built from ``CertifiedInteraction`` records alone, so it can be recomputed from a
``t2g certify`` output file without the original logs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter, methodcaller
from typing import Any

from trajectory2gym.certified import CHECKS, CertifiedInteraction
from trajectory2gym.certify.reasons import reason_kind

_KIND, _ELIGIBLE, _CHECKS, _PRIVILEGED = (itemgetter(k) for k in ("kind", "eligible", "checks", "privileged"))
_AFTER_ERROR, _CALLS, _INFERRED = (itemgetter(k) for k in ("after_error", "calls", "inferred"))


@dataclass
class _Tally:
    interactions: int = 0
    decisions: int = 0
    eligible: int = 0
    passed: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    privileged: int = 0
    after_error: int = 0
    after_error_eligible: int = 0
    at_most_two: int = 0
    recovered: int = 0  # interactions with an eligible decision right after an error observation
    inferred_calls: int = 0
    calls: int = 0
    judge_errors: int = 0  # LLM judge calls that failed (the rule-based verdict stood in)
    rewards: list[float] = field(default_factory=list)

    def add(self, record: dict[str, Any]) -> None:
        """One certified record in its JSON form (``CertifiedInteraction`` fields).

        Counted column by column (``map`` over the decisions): ``t2g certify`` tallies every
        record it writes, so this runs once per interaction of a corpus."""
        decisions = record["decisions"]
        self.interactions += 1
        self.decisions += len(decisions)
        self.kinds.update(map(_KIND, decisions))
        eligible = sum(map(_ELIGIBLE, decisions))
        checks = list(map(_CHECKS, decisions))
        for check in CHECKS:
            self.passed[check] += sum(map(bool, map(methodcaller("get", check, False), checks)))
        for d in decisions:
            if d["reasons"]:
                self.reasons.update(map(reason_kind, d["reasons"]))
        self.privileged += sum(map(_PRIVILEGED, decisions))
        recovered = False
        for d in filter(_AFTER_ERROR, decisions):
            self.after_error += 1
            self.after_error_eligible += d["eligible"]
            recovered |= d["eligible"]
        calls = list(chain.from_iterable(map(_CALLS, decisions)))
        self.calls += len(calls)
        self.inferred_calls += sum(map(_INFERRED, calls))
        self.eligible += eligible
        self.at_most_two += eligible <= 2
        self.recovered += recovered
        if record["reward"] is not None:
            self.rewards.append(record["reward"])
        metadata = record.get("metadata")
        if metadata and "judge_errors" in metadata:
            self.judge_errors += metadata["judge_errors"]

    def merge(self, other: _Tally) -> None:
        """Add another tally's counts (a worker's share of the corpus), keeping reward order."""
        for name, value in vars(other).items():
            mine = getattr(self, name)
            if isinstance(value, Counter):
                mine.update(value)
            elif isinstance(value, list):
                mine.extend(value)
            else:
                setattr(self, name, mine + value)

    def to_dict(self) -> dict[str, Any]:
        def share(n: int, d: int) -> float | None:
            return round(n / d, 4) if d else None

        return {
            "interactions": self.interactions,
            "decisions": self.decisions,
            "eligible": self.eligible,
            "eligible_share": share(self.eligible, self.decisions),
            "check_pass_share": {c: share(self.passed[c], self.decisions) for c in CHECKS},
            "decision_kinds": dict(self.kinds.most_common()),
            "reasons": dict(self.reasons.most_common()),
            "privileged_decisions": self.privileged,
            "after_error_decisions": self.after_error,
            "after_error_eligible": self.after_error_eligible,
            "share_at_most_two_supervised": share(self.at_most_two, self.interactions),
            "share_grounded_after_error": share(self.recovered, self.interactions),
            "inferred_call_share": share(self.inferred_calls, self.calls),
            "judge_errors": self.judge_errors,
            # fsum: the same mean in whatever order the domains' rewards were summed
            "mean_reward": round(math.fsum(self.rewards) / len(self.rewards), 4) if self.rewards else None,
        }


class CorpusReport:
    """Accumulates certified interactions; ``to_dict`` gives overall and per-domain statistics.

    Each record is tallied once, in its domain; the overall figures are the domains' summed."""

    def __init__(self) -> None:
        self._tallies: dict[str, _Tally] = {}

    def add(self, cert: CertifiedInteraction | dict[str, Any]) -> None:
        """A certified interaction, as the model or as its JSON record (what ``t2g certify`` streams)."""
        record = cert.model_dump(mode="json") if isinstance(cert, CertifiedInteraction) else cert
        domain = record["domain"] or "unknown"
        tally = self._tallies.get(domain)
        if tally is None:
            tally = self._tallies[domain] = _Tally()
        tally.add(record)

    def merge(self, other: CorpusReport) -> None:
        """Fold in a report built elsewhere (``t2g certify --workers``: one per batch)."""
        for key, tally in other._tallies.items():
            self._tallies.setdefault(key, _Tally()).merge(tally)

    def to_dict(self) -> dict[str, Any]:
        overall = _Tally()
        domains = {}
        for key, tally in sorted(self._tallies.items()):
            overall.merge(tally)
            domains[key] = tally.to_dict()
        return {"overall": overall.to_dict(), "domains": domains}


def build_report(certs: Iterable[CertifiedInteraction | dict[str, Any]]) -> dict[str, Any]:
    report = CorpusReport()
    for cert in certs:
        report.add(cert)
    return report.to_dict()
