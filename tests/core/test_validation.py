"""Validation: every error kind is reported with its line and field; good records still flow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from trajectory2gym.codecs import read_interactions
from trajectory2gym.validation import ReadReport, RecordError, RecordErrors, parse_interaction

GOOD = {
    "messages": [
        {"role": "user", "content": "cancel #W1"},
        {"role": "assistant", "tool_calls": [{"id": "c1", "function": {"name": "get_order_details", "arguments": '{"order_id": "#W1"}'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "{}"},
        {"role": "assistant", "content": "done"},
    ]
}


def _bad(mutate) -> dict:
    rec = orjson.loads(orjson.dumps(GOOD))
    mutate(rec)
    return rec


def _set_args(value):
    def f(rec):
        rec["messages"][1]["tool_calls"][0]["function"]["arguments"] = value
    return f


CORPUS = [
    ("unknown_role", "messages[0].role", _bad(lambda r: r["messages"][0].update(role="customer"))),
    ("invalid_arguments", "messages[1].tool_calls[0].function.arguments", _bad(_set_args('{"order_id": '))),
    ("non_object_arguments", "messages[1].tool_calls[0].function.arguments", _bad(_set_args("[1, 2]"))),
    ("non_object_arguments", "messages[1].tool_calls[0].function.arguments", _bad(_set_args(7))),
    ("dangling_tool_call_id", "messages[2].tool_call_id", _bad(lambda r: r["messages"][2].update(tool_call_id="zz"))),
    ("unanswered_tool_call", "messages[1].tool_calls[0].id", _bad(lambda r: r["messages"].pop(2))),
    ("wrong_type", "messages[3].content", _bad(lambda r: r["messages"][3].update(content=["x"]))),
    ("wrong_type", "reward", _bad(lambda r: r.update(reward="high"))),
    ("missing_field", "messages", _bad(lambda r: r.pop("messages"))),
    ("unknown_field", "rewards", _bad(lambda r: r.update(rewards=1))),
    ("duplicate_tool_call_id", "messages[4].tool_calls[0].id", _bad(lambda r: r["messages"].extend(
        [{"role": "assistant", "tool_calls": [{"id": "c1", "function": {"name": "f", "arguments": {}}}]},
         {"role": "tool", "tool_call_id": "c1", "content": "x"}]))),
]


@pytest.mark.parametrize(("kind", "path", "record"), CORPUS, ids=[f"{k}:{p}" for k, p, _ in CORPUS])
def test_each_error_kind_names_the_field(kind: str, path: str, record: dict) -> None:
    with pytest.raises(RecordErrors) as exc:
        parse_interaction(record, line=9)
    found = {(e.kind, e.path) for e in exc.value.errors}
    assert (kind, path) in found, found
    assert all(e.line == 9 for e in exc.value.errors)
    assert path in str(exc.value)


def _corpus_file(tmp_path: Path) -> tuple[Path, list[int]]:
    """Good records interleaved with every bad kind plus truncated and non-JSON lines."""
    lines: list[bytes] = []
    bad_lines: list[int] = []
    for i, (_, _, rec) in enumerate(CORPUS):
        good = dict(GOOD, task_id=str(i))
        lines.append(orjson.dumps(good))
        lines.append(orjson.dumps(rec))
        bad_lines.append(len(lines))
    full = orjson.dumps(dict(GOOD, task_id="t"))
    lines.append(full[: len(full) // 2])  # truncated line
    bad_lines.append(len(lines))
    lines.append(b"[1, 2, 3]")  # a JSON value that is not an object
    bad_lines.append(len(lines))
    lines.append(orjson.dumps(dict(GOOD, task_id="last")))
    path = tmp_path / "corpus.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path, bad_lines


def test_reader_reports_each_bad_line_and_keeps_the_good(tmp_path: Path) -> None:
    path, bad_lines = _corpus_file(tmp_path)
    report = ReadReport()
    good = list(read_interactions(path, report=report))
    assert [g.task_id for g in good] == [str(i) for i in range(len(CORPUS))] + ["last"]
    assert report.bad_records == len(bad_lines)
    assert sorted({e.line for e in report.errors}) == bad_lines
    assert report.by_kind()["invalid_json"] == 1


def _t2g(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trajectory2gym.cli", *args], capture_output=True, text=True, timeout=120)


def test_cli_validate_and_convert_keep_going(tmp_path: Path) -> None:
    path, bad_lines = _corpus_file(tmp_path)
    res = _t2g("validate", str(path))
    assert res.returncode == 1
    for line in bad_lines:
        assert f"line {line}" in res.stderr
    assert "messages[2].tool_call_id" in res.stderr
    out = tmp_path / "good.msgpack"
    res = _t2g("convert", str(path), str(out))
    assert res.returncode == 0, res.stderr
    assert len(list(read_interactions(out))) == len(CORPUS) + 1
    res = _t2g("validate", str(out))
    assert res.returncode == 0, res.stderr


def test_cli_help_lists_commands() -> None:
    res = _t2g("--help")
    assert res.returncode == 0
    assert "validate" in res.stdout and "convert" in res.stdout
    res = _t2g("convert", "--help")
    assert "--to" in res.stdout


def test_record_error_pickles_and_reports_merge() -> None:
    import pickle

    err = RecordError("invalid_json", "not valid JSON", "messages[0]", 7, "abc", "in.jsonl")
    back = pickle.loads(pickle.dumps(err))
    assert back == err and str(back) == str(err)  # worker processes send these back
    a, b = ReadReport(records=2, ok=1), ReadReport(records=3, ok=2, notes=["n"])
    a.add_bad([err])
    b.add_bad([back, back])
    a.merge(b)
    assert (a.records, a.ok, a.bad_records, len(a.errors), a.notes) == (5, 3, 2, 3, ["n"])
