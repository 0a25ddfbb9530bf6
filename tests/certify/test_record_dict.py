"""``certify_record`` is the JSON form of ``certify``: same keys, same order, same values.

``t2g certify`` and the certifier actor stream this dict without building the model,
so any drift from ``CertifiedInteraction.model_dump(mode="json")`` would change the files.
"""

from __future__ import annotations

import orjson
import pytest

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.certify import Certifier
from trajectory2gym.certify.report import CorpusReport, _Tally

pytest.importorskip("trajectory2gym.selector.paths")


def _synthesized(domain: str, imperfect: float | None) -> list:
    from trajectory2gym.actors.teachers.scripted import Imperfections, ScriptedTeacher
    from trajectory2gym.actors.teachers.synthesis import expand_families, synthesize
    from trajectory2gym.envs.db import default_db

    teacher = ScriptedTeacher(Imperfections.all(imperfect), seed=3) if imperfect else ScriptedTeacher()
    db = default_db(domain, seed=0, size="small")
    return list(synthesize(domain, expand_families("all"), 3, teacher, seed=3, db=db, certify=False))


@pytest.fixture(scope="module")
def corpus() -> list:
    inters = _synthesized("retail", 0.5) + _synthesized("telecom", None) + _synthesized("airline", 0.5)
    # Records with a user action (telecom), an inferred tool and an error observation must be among them.
    return inters


def test_record_equals_model_dump_byte_for_byte(corpus, convo):
    c = convo(domain=None, tools=[])
    c.user("my email is ava@example.com")
    c.call("lookup_customer", {"email": "ava@example.com"}, "Error: no such customer")
    c.call("lookup_customer", {"email": "AVA@example.com"}, {"id": "cust_1", "total": 12.5})
    c.say("You owe $99.10 on cust_1.")
    inters = [*corpus, c.build()]
    certifier = Certifier()
    seen = {"user_actions": 0, "inferred": 0, "error": 0, "path": 0}
    for inter in inters:
        record = certifier.certify_record(inter)
        dumped = certifier.certify(inter).model_dump(mode="json")
        assert orjson.dumps(record) == orjson.dumps(dumped), inter.id
        # And the record validates as the model without any change.
        assert CertifiedInteraction.model_validate(record).model_dump(mode="json") == record
        seen["user_actions"] += "user_actions" in record["metadata"]
        seen["inferred"] += "inferred_tools" in record["metadata"]
        seen["error"] += any(f["observation"] == "error" for d in record["decisions"] for f in d["calls"])
        seen["path"] += record["path_key"] is not None
    assert all(seen.values()), seen  # every optional part was exercised


def test_corpus_report_same_from_models_and_records(corpus):
    certifier = Certifier()
    from_models, from_records = CorpusReport(), CorpusReport()
    whole = _Tally()  # the overall figures by definition: every record in one tally
    for inter in corpus:
        from_models.add(certifier.certify(inter))
        from_records.add(certifier.certify_record(inter))
        whole.add(certifier.certify_record(inter))
    stats = from_records.to_dict()
    assert stats == from_models.to_dict()
    assert stats["overall"]["interactions"] == len(corpus)
    assert set(stats["domains"]) == {"retail", "telecom", "airline"}
    assert stats["overall"] == whole.to_dict()  # each record is tallied once, in its domain
