"""The command line refuses, before any work, what would lose data or fail late, and says
why in one line: an output that is the input, a name whose format cannot be told, a
directory where a file belongs; overrides may follow the options."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from trajectory2gym.cli import build_parser, parse_args
from trajectory2gym.outputs import OutputError, check_not_input, check_output

RECORDS = [
    {"id": f"r{k}", "messages": [{"role": "user", "content": f"hello {k}"},
                                 {"role": "assistant", "content": "Hi, how can I help?"}]}
    for k in range(3)
]


def _t2g(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trajectory2gym.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def _write(path: Path, records: list[dict]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in records))
    return path


def test_check_output_rules(tmp_path: Path) -> None:
    src = _write(tmp_path / "in.jsonl", RECORDS)
    with pytest.raises(OutputError, match="is the input"):
        check_output(tmp_path / "sub" / ".." / "in.jsonl", inputs=[src])  # the same file, spelled otherwise
    with pytest.raises(OutputError, match="cannot tell the output format"):
        check_output(tmp_path / "out.json", interactions=True)
    with pytest.raises(OutputError, match="is a directory"):
        check_output(tmp_path)
    with pytest.raises(OutputError, match="not empty"):
        check_output(tmp_path, interactions=True)  # shards would mix with in.jsonl
    (tmp_path / "plain").touch()
    with pytest.raises(OutputError, match="is a file"):  # no suffix means a shard directory
        check_output(tmp_path / "plain", interactions=True)
    with pytest.raises(OutputError, match=r"expected a \.json file"):
        check_output(tmp_path / "r.txt", suffixes=(".json",))
    # What is fine: a new file of a known format, a new or empty shard directory, the same
    # name in another folder, an existing output file (overwritten, as any writer does).
    (tmp_path / "empty").mkdir()
    for ok in ("out.jsonl", "out.msgpack", "shards", "empty", "x.parquet"):
        check_output(tmp_path / ok, inputs=[src], interactions=True, suffixes=(".parquet",))
    (tmp_path / "o").mkdir()
    check_not_input(tmp_path / "o" / "in.jsonl", [src])
    check_output(src, inputs=[tmp_path / "other.jsonl"])


def test_overrides_may_follow_options() -> None:
    parser = build_parser()
    args = parse_args(parser, ["run", "configs/smoke.yaml", "a.b=1", "--resume", "runs/x", "run.rounds=3"])
    assert args.resume == "runs/x" and args.overrides == ["a.b=1", "run.rounds=3"]
    args = parse_args(parser, ["train", "configs/learner_tiny.yaml", "--resume", "ck", "steps=4"])
    assert args.overrides == ["steps=4"]
    for argv in (["run", "c.yaml", "--resume", "d", "--bogus"],  # not an override
                 ["certify", "a.jsonl", "-o", "b.jsonl", "x=1"]):  # a command without overrides
        with pytest.raises(SystemExit):
            parse_args(parser, argv)


def test_cli_refuses_before_work_and_keeps_the_input(tmp_path: Path) -> None:
    src = _write(tmp_path / "in.jsonl", RECORDS)
    before = src.read_bytes()
    for args in (["convert", "in.jsonl", "in.jsonl"], ["certify", "in.jsonl", "-o", "in.jsonl"],
                 ["select", "in.jsonl", "-B", "1", "-o", "in.jsonl"]):
        res = _t2g(*args, cwd=tmp_path)
        assert res.returncode == 2 and "is the input" in res.stderr, (args, res.stderr)
        assert "Traceback" not in res.stderr
    assert src.read_bytes() == before
    res = _t2g("convert", "in.jsonl", "out.json", cwd=tmp_path)
    assert res.returncode == 2 and "cannot tell the output format" in res.stderr
    assert not (tmp_path / "out.json").exists()  # no shard directory named like a file
    res = _t2g("certify", "in.jsonl", "-o", str(tmp_path), cwd=tmp_path)
    assert res.returncode == 2 and "is a directory" in res.stderr and "Traceback" not in res.stderr
    (tmp_path / "noshards").mkdir()
    res = _t2g("certify", "noshards", "-o", "c.jsonl", cwd=tmp_path)
    assert res.returncode == 2 and "noshards: a directory without msgpack shards" in res.stderr
    res = _t2g("certify", "in.jsonl", "-o", "c.jsonl", "--domain", "nosuch", cwd=tmp_path)
    assert res.returncode == 2 and "not a known domain (retail" in res.stderr
    # An OSError anywhere (here a directory given as a config file) is one line, no traceback.
    res = _t2g("run", str(tmp_path), cwd=tmp_path)
    assert res.returncode == 2 and "Traceback" not in res.stderr and str(tmp_path) in res.stderr


def test_validate_goes_on_past_a_missing_file_and_flags_repeated_ids(tmp_path: Path) -> None:
    _write(tmp_path / "dup.jsonl", RECORDS + RECORDS[:1])
    _write(tmp_path / "ok.jsonl", RECORDS)
    (tmp_path / "noshards").mkdir()
    res = _t2g("validate", "missing.jsonl", "noshards", "dup.jsonl", "ok.jsonl", cwd=tmp_path)
    assert res.returncode == 1
    assert "missing.jsonl: no such file" in res.stderr
    assert "noshards: a directory without msgpack shards" in res.stderr
    assert "1 ids occur more than once (r0 x2)" in res.stderr
    assert "ok.jsonl" in res.stderr  # checked although earlier files failed
    res = _t2g("validate", "ok.jsonl", cwd=tmp_path)
    assert res.returncode == 0 and "more than once" not in res.stderr


def test_select_names_an_uncertified_file(tmp_path: Path) -> None:
    _write(tmp_path / "in.jsonl", RECORDS)
    res = _t2g("select", "in.jsonl", "-B", "1", "-o", "s.jsonl", cwd=tmp_path)
    assert res.returncode == 1
    assert res.stderr.count("not_certified") >= len(RECORDS) and "t2g certify" in res.stderr
    assert "extra_forbidden" not in res.stderr and "Extra inputs" not in res.stderr
