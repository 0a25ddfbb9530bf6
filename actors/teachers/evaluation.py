"""How well synthesis does what it intends: realization rate and label agreement.

- **Realization**: an interaction realizes its task when the canonical path of
  its certification equals the task's intended path (imperfections off).
- **Label agreement**: the scripted teacher's imperfection labels are ground
  truth for certification. Each kind has the check that must catch it
  (``CHECK_OF``); recall = labelled decisions whose check failed / labelled
  decisions; precision = labelled decisions among all decisions that check
  failed on (decisions the plan made fail on purpose, ``planned_errors``, are
  authentic obstacles and are left out of the execution check's count). A decision
  labelled with another kind is wrong on purpose, so a second check failing on it
  is no false flag (a privileged ``get_user_details`` that skips identifying the
  customer also breaks the policy's order) and is left out of that check's count.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from trajectory2gym.certified import CertifiedInteraction, DecisionRecord
from trajectory2gym.interaction import Interaction

CHECK_OF: dict[str, str] = {
    "privileged": "privileged",  # the decision's privileged flag: a value found only in `private`
    "wrong_lookup": "execution",
    "unconfirmed_write": "workflow",
    "repeated_call": "novelty",
}


def _fails(d: DecisionRecord, check: str) -> bool:
    return d.privileged if check == "privileged" else not d.checks.get(check, True)


@dataclass
class Realization:
    total: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    realized: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    rewarded: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, family: str, inter: Interaction, cert: CertifiedInteraction) -> bool:
        intended = inter.metadata.get("intended_path")
        ok = intended is not None and cert.path == intended
        self.total[family] += 1
        self.realized[family] += ok
        self.rewarded[family] += (inter.reward or 0.0) >= 1.0
        return ok

    def rate(self, family: str) -> float:
        return self.realized[family] / self.total[family] if self.total[family] else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {f: {"tasks": self.total[f], "realized": self.realized[f], "rate": round(self.rate(f), 4),
                    "reward_1": self.rewarded[f]} for f in sorted(self.total)}


@dataclass
class LabelAgreement:
    tp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    labelled: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    flagged: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    misses: list[dict[str, Any]] = field(default_factory=list)

    def add(self, inter: Interaction, cert: CertifiedInteraction) -> None:
        teacher = inter.metadata.get("teacher", {})
        labels = teacher.get("labels", [])
        planned = set(teacher.get("planned_errors", []))
        by_index = {d.message_index: d for d in cert.decisions}
        labelled_at: dict[str, set[int]] = defaultdict(set)
        for lab in labels:
            labelled_at[lab["kind"]].add(lab["message_index"])
        any_label = {i for at in labelled_at.values() for i in at}
        for kind, check in CHECK_OF.items():
            for idx in labelled_at[kind]:
                self.labelled[kind] += 1
                d = by_index.get(idx)
                if d is not None and _fails(d, check):
                    self.tp[kind] += 1
                else:
                    self.misses.append({"id": inter.id, "kind": kind, "message_index": idx,
                                        "reasons": d.reasons if d else ["no decision"]})
            for d in cert.decisions:
                if not _fails(d, check):
                    continue
                if kind == "wrong_lookup" and d.message_index in planned:
                    continue
                if d.message_index in any_label and d.message_index not in labelled_at[kind]:
                    continue  # wrong on purpose, for another kind
                self.flagged[kind] += 1
                if d.message_index not in labelled_at[kind]:
                    self.misses.append({"id": inter.id, "kind": kind, "message_index": d.message_index,
                                        "unlabelled": True, "reasons": d.reasons})

    def precision(self, kind: str) -> float:
        return self.tp[kind] / self.flagged[kind] if self.flagged[kind] else 1.0

    def recall(self, kind: str) -> float:
        return self.tp[kind] / self.labelled[kind] if self.labelled[kind] else 1.0

    def as_dict(self) -> dict[str, Any]:
        return {k: {"labelled": self.labelled[k], "flagged": self.flagged[k], "true_positive": self.tp[k],
                    "precision": round(self.precision(k), 4), "recall": round(self.recall(k), 4)}
                for k in CHECK_OF}
