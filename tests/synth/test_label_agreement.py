"""Label agreement: precision counts clean decisions a check fails on, not decisions wrong on purpose
for another kind."""

from __future__ import annotations

from trajectory2gym.actors.teachers.evaluation import LabelAgreement
from trajectory2gym.certified import CertifiedInteraction, DecisionRecord
from trajectory2gym.interaction import Interaction


def _decision(index: int, *, workflow: bool = True, privileged: bool = False) -> DecisionRecord:
    checks = {"execution": True, "visibility": not privileged, "workflow": workflow, "novelty": True}
    return DecisionRecord(message_index=index, kind="call", eligible=all(checks.values()), checks=checks,
                          privileged=privileged)


def _agreement(decisions: list[DecisionRecord], labels: list[dict]) -> LabelAgreement:
    inter = Interaction.model_validate({
        "id": "x", "messages": [{"role": "user", "content": "hi"}],
        "metadata": {"teacher": {"labels": labels, "planned_errors": []}}})
    cert = CertifiedInteraction(id="x", decisions=decisions, summary={})
    agreement = LabelAgreement()
    agreement.add(inter, cert)
    return agreement


def test_a_second_check_failing_on_a_decision_labelled_otherwise_is_no_false_flag():
    # A privileged call that also skips identifying the customer fails the workflow check too.
    agreement = _agreement([_decision(2, workflow=False, privileged=True), _decision(4, workflow=False)],
                           [{"kind": "privileged", "message_index": 2}, {"kind": "unconfirmed_write", "message_index": 4}])
    assert agreement.as_dict()["unconfirmed_write"]["flagged"] == 1
    assert agreement.precision("unconfirmed_write") == 1.0
    assert agreement.precision("privileged") == 1.0


def test_a_clean_decision_a_check_fails_on_still_lowers_precision():
    agreement = _agreement([_decision(2, workflow=False), _decision(4, workflow=False)],
                           [{"kind": "unconfirmed_write", "message_index": 4}])
    assert agreement.precision("unconfirmed_write") == 0.5
    assert any(m.get("unlabelled") and m["message_index"] == 2 for m in agreement.misses)
