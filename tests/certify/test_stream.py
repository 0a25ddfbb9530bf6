"""``certified_lines`` with worker processes: the same output, read report and statistics
as one process, for JSONL (bad lines among good ones) and msgpack (a truncated record)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from trajectory2gym.certify import CertifyConfig, CorpusReport
from trajectory2gym.certify import stream as stream_mod
from trajectory2gym.certify.stream import certified_lines, resolve_workers
from trajectory2gym.codecs import write_records
from trajectory2gym.validation import ReadReport

pytest.importorskip("trajectory2gym.actors.teachers.synthesis")


@pytest.fixture(scope="module")
def records() -> list[dict]:
    from trajectory2gym.actors.teachers.scripted import Imperfections, ScriptedTeacher
    from trajectory2gym.actors.teachers.synthesis import expand_families, synthesize
    from trajectory2gym.envs.db import default_db

    out = []
    for domain in ("retail", "telecom"):
        db = default_db(domain, seed=0, size="small")
        teacher = ScriptedTeacher(Imperfections.all(0.4), seed=5)
        out += [i.model_dump(mode="json") for i in
                synthesize(domain, expand_families("all"), 4, teacher, seed=5, db=db, certify=False)]
    return out


def _run(path: Path, workers: int) -> tuple[bytes, dict, dict]:
    report, corpus = ReadReport(), CorpusReport()
    lines = certified_lines(str(path), None, report, corpus, CertifyConfig(), workers=workers)
    return b"".join(lines), report.to_dict(), corpus.to_dict()


def test_jsonl_same_for_any_worker_count(records, tmp_path, monkeypatch):
    monkeypatch.setattr(stream_mod, "BATCH", 3)  # many batches, bad lines inside some of them
    src = tmp_path / "in.jsonl"
    lines = [orjson.dumps(r) for r in records]
    lines.insert(2, b"{not json")
    lines.insert(7, orjson.dumps({"id": "bad-role", "messages": [{"role": "robot", "content": "hi"}]}))
    lines.append(b"")  # blank lines are not records
    src.write_bytes(b"\n".join(lines) + b"\n")
    one = _run(src, 1)
    assert one[1]["records"] == len(records) + 2 and one[1]["bad_records"] == 2
    assert [e["line"] for e in one[1]["errors"]] == [3, 8]
    assert one[0].count(b"\n") == len(records) == one[2]["overall"]["interactions"]
    for workers in (2, 3):
        assert _run(src, workers) == one, workers


def test_no_more_processes_than_batches(records, tmp_path, monkeypatch):
    pools: list[int] = []
    real = stream_mod.ProcessPoolExecutor

    def pool(workers, **kwargs):
        pools.append(workers)
        return real(workers, **kwargs)

    src = tmp_path / "in.jsonl"
    src.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    one = _run(src, 1)
    monkeypatch.setattr(stream_mod, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(stream_mod, "BATCH", len(records))
    assert _run(src, 3) == one and pools == []  # one batch: certified here, no pool
    monkeypatch.setattr(stream_mod, "BATCH", len(records) - 1)
    assert _run(src, 3) == one and pools == [2]  # two batches: two processes, not three
    monkeypatch.setattr(stream_mod, "BATCH", 2)
    assert _run(src, 3) == one and pools == [2, 3]


def test_msgpack_same_for_any_worker_count(records, tmp_path, monkeypatch):
    monkeypatch.setattr(stream_mod, "BATCH", 4)
    src = tmp_path / "in.msgpack"
    write_records(src, records)
    with open(src, "ab") as fh:  # a record cut short at the end of the file
        fh.write(b"\x82\xa2id")
    one = _run(src, 1)
    assert one[1]["bad_records"] == 1 and one[1]["errors"][0]["kind"] == "truncated_record"
    assert _run(src, 2) == one


def test_a_certifier_failure_is_reported_and_the_rest_lands(records, tmp_path, monkeypatch):
    from trajectory2gym.certify.certifier import Certifier

    victim = records[3]["id"]
    real = Certifier.certify_record

    def flaky(self, inter, **kw):
        if inter.id == victim:
            raise KeyError("boom")
        return real(self, inter, **kw)

    monkeypatch.setattr(Certifier, "certify_record", flaky)  # forked workers inherit it
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    one = _run(src, 1)
    written = [orjson.loads(x)["id"] for x in one[0].splitlines()]
    assert written == [r["id"] for r in records if r["id"] != victim]
    assert one[1]["bad_records"] == 1 and one[1]["ok"] == len(records) - 1 == one[1]["records"] - 1
    err = one[1]["errors"][0]
    assert (err["kind"], err["line"], err["id"]) == ("certification_failed", 4, victim)
    assert "KeyError" in err["message"]
    assert _run(src, 2) == one


def test_a_dead_worker_is_an_error_not_a_hang(records, tmp_path, monkeypatch):
    import os
    from concurrent.futures.process import BrokenProcessPool

    from trajectory2gym.certify.certifier import Certifier

    monkeypatch.setattr(stream_mod, "BATCH", 2)
    victim = records[-1]["id"]
    real = Certifier.certify_record

    def dies(self, inter, **kw):
        if inter.id == victim:
            os._exit(3)  # what the out-of-memory killer does to a worker
        return real(self, inter, **kw)

    monkeypatch.setattr(Certifier, "certify_record", dies)
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    got: list[bytes] = []
    with pytest.raises(BrokenProcessPool):
        for line in certified_lines(str(src), None, ReadReport(), CorpusReport(), CertifyConfig(), workers=2):
            got.append(line)
    # What came before the broken batch was delivered, in input order: with at most 2 x workers
    # batches in flight, all but the last (2 x 2 + 1) batches of 2 were collected before it died.
    assert len(got) >= len(records) - 2 * (2 * 2 + 1) > 0
    assert [orjson.loads(x)["id"] for x in got] == [r["id"] for r in records[: len(got)]]
    # The CLI says so and keeps what it wrote.
    from trajectory2gym.cli import main

    out = tmp_path / "out.jsonl"
    assert main(["certify", str(src), "-o", str(out), "--workers", "2", "-q"]) == 1
    assert len(out.read_bytes().splitlines()) >= len(records) - 2 * (2 * 2 + 1)


def test_resolve_workers(tmp_path, capsys):
    from trajectory2gym.cli import main

    assert resolve_workers(3) == 3
    assert resolve_workers(0) >= 1
    for bad in ("-3", "two"):
        with pytest.raises(SystemExit) as exc:
            main(["certify", str(tmp_path / "in.jsonl"), "-o", str(tmp_path / "o.jsonl"), "--workers", bad])
        assert exc.value.code == 2 and "expected a process count" in capsys.readouterr().err
