"""Issue 6 acceptance: realization >= 90% per family and domain with a perfect teacher;
certification agrees with the teacher's labels (precision and recall >= 95% per kind)."""

from __future__ import annotations

import pytest

from trajectory2gym.actors.teachers.scripted import Imperfections, ScriptedTeacher
from trajectory2gym.actors.teachers.synthesis import SynthesisReport, expand_families, synthesize

pytest.importorskip("trajectory2gym.certify.certifier")
pytest.importorskip("trajectory2gym.selector.paths")


@pytest.mark.parametrize("domain", ["retail", "airline"])
def test_realized_path_equals_intended_path(dbs, domain):
    report = SynthesisReport()
    inters = list(synthesize(domain, expand_families("all"), 40, ScriptedTeacher(), seed=0,
                             db=dbs[domain], report=report))
    assert report.certified and not report.failures
    assert len(inters) == 120
    for family, row in report.realization.as_dict().items():
        print(domain, family, row)
        assert row["tasks"] == 40
        assert row["rate"] >= 0.9, f"{domain}/{family}: realization {row['rate']:.0%}"
        assert row["reward_1"] == 40  # a perfect teacher reaches the gold final state
    assert all(i.metadata["realized_path_key"] for i in inters)


@pytest.mark.parametrize("domain", ["retail", "airline"])
def test_certification_flags_the_labelled_decisions(dbs, domain):
    report = SynthesisReport()
    teacher = ScriptedTeacher(Imperfections.all(0.4), seed=1)
    for _ in synthesize(domain, expand_families("all"), 40, teacher, seed=1, db=dbs[domain], report=report):
        pass
    scores = report.labels.as_dict()
    for kind, row in scores.items():
        print(domain, kind, row)
        assert row["labelled"] >= 5, f"{kind}: too few labelled decisions to judge"
        assert row["precision"] >= 0.95 and row["recall"] >= 0.95, (kind, row, report.labels.misses[:3])
    # Imperfections move the realized path away from the intended one.
    assert min(r["rate"] for r in report.realization.as_dict().values()) < 0.9
