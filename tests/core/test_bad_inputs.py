"""Bad inputs found by a command-line audit: outputs that would overwrite an input are refused before
any work, malformed tau-bench files and msgpack values JSON cannot hold become bad records naming the
field, and one task of an unknown domain does not stop an evaluation."""

from __future__ import annotations

import json
from pathlib import Path

import msgpack
import pytest

from trajectory2gym.cli import main
from trajectory2gym.codecs import read_interactions
from trajectory2gym.config import CONFIG_HOME
from trajectory2gym.validation import ReadReport

GOOD = {"id": "a", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]}
TAU_TASK = {"index": 0, "user_id": "ann_lee_1", "instruction": "cancel", "outputs": [],
            "actions": [{"name": "cancel_pending_order", "kwargs": {"order_id": "#W1", "reason": "no longer needed"}}]}


def _tasks(tmp_path: Path) -> Path:
    path = tmp_path / "retail_tasks.json"
    path.write_text(json.dumps([TAU_TASK]))
    return path


def test_outputs_that_are_inputs_are_refused_before_any_work(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    tasks = _tasks(tmp_path)
    before = tasks.read_bytes()
    held = tmp_path / "held.json"
    held.write_text(json.dumps([{**TAU_TASK, "index": 1, "instruction": "something else"}]))
    for argv in (["decontam", str(tasks), "--heldout", str(held), "-o", str(tasks)],
                 ["decontam", str(tasks), "--heldout", str(held), "--exclusions", str(held)],
                 ["env", "replay", "--domain", "retail", "--tasks", str(tasks), "-o", str(tasks)]):
        assert main(argv) == 2, argv
        assert "is the input" in capsys.readouterr().err
    assert tasks.read_bytes() == before and json.loads(held.read_text())[0]["index"] == 1
    assert main(["decontam", str(tasks), "--heldout", str(held), "--shingle", "0"]) == 2
    assert "shingle_size=0" in capsys.readouterr().err


def test_export_rows_refuses_to_write_over_its_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inter = tmp_path / "interactions.jsonl"
    cert = tmp_path / "certified.jsonl"
    inter.write_text(json.dumps(GOOD) + "\n")
    cert.write_text("")
    tiny = str(CONFIG_HOME / "configs" / "learner_tiny.yaml")
    over = [f"data.interactions={inter}", f"data.certified={cert}"]
    for out in (["-o", str(inter)], ["-o", str(tmp_path / "rows.parquet"), "--interactions-out", str(cert)],
                ["-o", str(tmp_path / "rows.json")]):
        assert main(["learner", "export-rows", tiny, *over, *out]) == 2, out
        err = " ".join(capsys.readouterr().err.split())
        assert "is the input" in err or ".parquet" in err, err
    assert inter.read_text() == json.dumps(GOOD) + "\n"


@pytest.mark.parametrize(("content", "field"), [
    ([{"task_id": 3, "traj": [], "tools": 5}], "tools"),
    ([{"task_id": 3, "traj": [], "info": {"tools": 5}}], "info.tools"),
    ([{"task_id": 3, "traj": [{"role": "assistant", "tool_calls": [7]}]}], "messages[0].tool_calls[0]"),
    ([{"task_id": 3, "traj": [{"role": "assistant", "tool_calls": "get"}]}], "messages[0].tool_calls"),
    (5, ""), (None, ""), ({"results": 5}, ""),
])
def test_malformed_tau_bench_files_are_bad_records_not_crashes(tmp_path: Path, content: object, field: str) -> None:
    path = tmp_path / "results.json"
    good = {"task_id": 1, "reward": 1.0, "traj": [{"role": "user", "content": "hi"}]}
    path.write_text(json.dumps([good, *content] if isinstance(content, list) else content))
    report = ReadReport()
    got = list(read_interactions(path, "tau-bench", report))
    assert len(got) == (1 if isinstance(content, list) else 0)
    (err,) = report.errors
    assert err.path == field and err.source == str(path)


def test_msgpack_values_json_cannot_hold_are_bad_records_naming_the_field(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.msgpack"
    bad = [{**GOOD, "id": "b", "private": {"blob": b"\xff\x00"}},
           {**GOOD, "id": "t", "metadata": {"at": msgpack.Timestamp(1)}},
           {**GOOD, "id": "k", "private": {1: "one"}}]
    path.write_bytes(b"".join(msgpack.packb(r, use_bin_type=True) for r in [GOOD, *bad]))
    report = ReadReport()
    assert [i.id for i in read_interactions(path, report=report)] == ["a"]
    assert [(e.record_id, e.path) for e in report.errors] == [("b", "private.blob"), ("t", "metadata.at"),
                                                             ("k", "private")]
    assert "bytes value" in str(report.errors[0]) and "key of type int" in str(report.errors[2])
    # convert keeps the good record and exits 1 for the bad ones, with no traceback
    out = tmp_path / "out.jsonl"
    assert main(["convert", str(path), str(out)]) in (0, 1)
    assert json.loads(out.read_text())["id"] == "a"
    assert "Traceback" not in capsys.readouterr().err


def test_a_task_of_an_unknown_domain_is_skipped_and_the_rest_evaluated(tmp_path: Path) -> None:
    from trajectory2gym.launch.eval.tasks_io import load_tasks

    spec = {"id": "t1", "domain": "retail", "instruction": "hi"}
    path = tmp_path / "tasks.jsonl"
    path.write_text(json.dumps(spec) + "\n" + json.dumps({**spec, "id": "t2", "domain": "banking"}) + "\n")
    tasks, errors = load_tasks(path)
    assert [t.id for t in tasks] == ["t1"]
    (err,) = errors
    assert (err.line, err.record_id, err.path) == (2, "t2", "domain") and "banking" in err.message


def test_malformed_tool_schemas_and_huge_numbers_are_reported_not_certifier_failures(tmp_path: Path) -> None:
    from trajectory2gym.certify import Certifier
    from trajectory2gym.certify.normalize import numbers_in, to_cents
    from trajectory2gym.interaction import Interaction

    tool = {"type": "function", "function": {"name": "get_x", "parameters": {"type": "object", "properties": 5}}}
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps({**GOOD, "tools": [tool]}) + "\n")
    report = ReadReport()
    assert list(read_interactions(path, report=report)) == []
    assert report.errors[0].path == "tools[0].function.parameters" and "properties" in report.errors[0].message
    # A number past a float (1e308 in cents) is simply not a visible amount.
    assert to_cents(1e308) is None and to_cents("1e308") is None
    assert numbers_in("pay $" + "9" * 400)[0][1] > 10**30
    tool = {"type": "function", "function": {"name": "send", "parameters": {
        "type": "object", "properties": {"amount": {"type": "number"}}}}}
    inter = Interaction.model_validate({"tools": [tool], "messages": [
        {"role": "user", "content": "send it"},
        {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "send", "arguments": {"amount": 1e308}}}]},
        {"role": "tool", "tool_call_id": "c", "content": "ok"},
        {"role": "assistant", "content": "Sent $" + "9" * 400}]})
    record = Certifier().certify_record(inter)
    assert [d["checks"]["visibility"] for d in record["decisions"]] == [False, False]


def test_a_corrupt_shard_record_says_the_rest_of_the_shard_is_not_read(tmp_path: Path) -> None:
    from trajectory2gym.codecs import MsgpackWriter, pack

    shards = tmp_path / "shards"
    with MsgpackWriter(shards) as writer:
        writer.write(GOOD)
    part = next(shards.iterdir())
    part.write_bytes(part.read_bytes() + b"\xc1" + pack({**GOOD, "id": "lost"}))
    report = ReadReport()
    assert [i.id for i in read_interactions(shards, report=report)] == ["a"]
    (err,) = report.errors
    assert err.kind == "invalid_msgpack" and "the rest of this shard" in err.message and "not read" in err.message


def test_select_names_a_bad_prior_and_refuses_a_report_path_that_is_a_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    certified = tmp_path / "certified.jsonl"
    certified.write_text("")
    prior = tmp_path / "prior.json"
    prior.write_text("not json")
    out = tmp_path / "sel.jsonl"
    taken = tmp_path / "taken.txt"
    taken.write_text("x")
    assert main(["select", str(certified), "-o", str(out), "--budget", "1", "--report", str(taken)]) == 2
    assert "is a file" in capsys.readouterr().err and not out.exists()
    from trajectory2gym.selector.cli import _load_prior

    with pytest.raises(ValueError, match=f"--prior {prior}: not an inventory"):
        _load_prior(str(prior))


def test_a_run_config_with_an_unknown_database_size_fails_at_submit_time() -> None:
    from pydantic import ValidationError

    from trajectory2gym.launch.config import DomainConfig

    assert DomainConfig(db_size="500").db_size == "500" and DomainConfig(db_size="large").db_size == "large"
    with pytest.raises(ValidationError, match="size must be one of"):
        DomainConfig(db_size="huge")


def test_msgpack_errors_say_record_not_line(tmp_path: Path) -> None:
    path = tmp_path / "x.msgpack"
    path.write_bytes(msgpack.packb({"id": "z", "messages": "no"}))
    report = ReadReport()
    assert list(read_interactions(path, report=report)) == []
    assert f"[{path}, record 1, id=z]" in str(report.errors[0])


def test_a_file_read_in_the_wrong_format_gets_one_error_and_a_hint(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "good.jsonl"
    path.write_text("\n".join(json.dumps({**GOOD, "id": f"i{k}"}) for k in range(50)) + "\n")
    report = ReadReport()
    assert list(read_interactions(path, "msgpack", report)) == []
    (err,) = report.errors  # not one per byte
    assert err.kind == "not_msgpack_records" and "is it really msgpack?" in err.message
    # eval given an interaction log says so, for each record and overall
    assert main(["eval", "--tasks", str(path), "--policy", "scripted", "-o", str(tmp_path / "ev")]) == 2
    err_text = " ".join(capsys.readouterr().err.split())
    assert "an interaction (it has messages), not a task" in err_text
    assert f"no usable tasks in {path}: no task could be read (50 skipped" in err_text


def test_a_certify_section_that_is_no_mapping_and_a_malformed_tau2_task_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from trajectory2gym.envs.telecom.replay import replay_tasks

    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("certify: 5\n")
    data = tmp_path / "x.jsonl"
    data.write_text(json.dumps(GOOD) + "\n")
    assert main(["certify", str(data), "-o", str(tmp_path / "c.jsonl"), "--config", str(cfg)]) == 2
    assert "certify: must be a mapping" in capsys.readouterr().err
    tasks = tmp_path / "telecom_tasks.json"
    tasks.write_text(json.dumps([{"id": "t1", "user_scenario": "str"},
                                 {"id": "t2", "evaluation_criteria": {"actions": "toggle"}}]))
    rows = replay_tasks(None, tasks)["tasks"]
    assert [r["failed"] for r in rows] == [["malformed task t1: user_scenario: expected an object, got str"],
                                           ["malformed task t2: evaluation_criteria.actions: expected a list, got str"]]


def test_a_learner_config_given_to_the_run_says_which_command_takes_it() -> None:
    from trajectory2gym.config import ConfigError
    from trajectory2gym.launch.config import load_run_config

    tiny = CONFIG_HOME / "configs" / "learner_tiny.yaml"
    with pytest.raises(ConfigError, match=f"is a learner config .*`t2g train {tiny}`"):
        load_run_config(tiny)
    with pytest.raises(ConfigError, match="unknown key") as caught:
        load_run_config(CONFIG_HOME / "configs" / "smoke.yaml", ["nonsense=1"])
    assert "learner config" not in str(caught.value)


def test_tau2_tasks_replayed_as_retail_are_skipped_with_a_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([{"id": "t1", "user_scenario": {}, "evaluation_criteria": {"actions": []}}]))
    assert main(["env", "replay", "--domain", "retail", "--tasks", str(tasks), "-o", str(tmp_path / "o.json")]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "a tau2 task" in err and "--domain telecom" in err and "no task of" in err


@pytest.mark.parametrize("flag", ["yes", "false", 0, 1])
def test_an_is_error_flag_that_is_no_boolean_is_a_bad_record(tmp_path: Path, flag: object) -> None:
    tool_turn = [{"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "get_x", "arguments": "{}"}}]},
                 {"role": "tool", "tool_call_id": "c", "content": "ok", "is_error": flag}]
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps({**GOOD, "id": "bad", "messages": GOOD["messages"] + tool_turn}) + "\n"
                    + json.dumps(GOOD) + "\n")
    report = ReadReport()
    assert [i.id for i in read_interactions(path, report=report)] == ["a"]
    assert report.errors[0].path == "messages[3].is_error" and report.errors[0].record_id == "bad"


@pytest.mark.parametrize("command", ["convert", "certify"])
def test_strict_fails_a_run_with_bad_records_and_still_writes_the_good_ones(tmp_path: Path, command: str) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(GOOD) + "\n" + json.dumps({"id": "b", "messages": 5}) + "\n")

    def run(out: Path, *flags: str) -> int:
        args = [command, str(src), str(out)] if command == "convert" else [command, str(src), "-o", str(out), "-q"]
        return main([*args, *flags])

    assert run(tmp_path / "lax.jsonl") == 0  # the default: bad records are reported, not fatal
    strict = tmp_path / "strict.jsonl"
    assert run(strict, "--strict") == 1
    assert [json.loads(line)["id"] for line in strict.read_text().splitlines()] == ["a"]
