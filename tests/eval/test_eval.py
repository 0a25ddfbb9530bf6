"""``t2g eval`` end to end: scripted teacher on generated tasks, an OpenAI-compatible endpoint
with known successes per task, tau-bench tasks, and bad task records."""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import orjson
import pytest

from trajectory2gym.codecs import read_interactions
from trajectory2gym.envs.db import default_db
from trajectory2gym.envs.generator import FAMILIES, TaskGenerator
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Message
from trajectory2gym.launch.eval.cli import main
from trajectory2gym.launch.eval.passk import pass_hat_k
from trajectory2gym.validation import ReadReport


def generated_tasks(domain: str, per_family: int, seed: str = "eval") -> list[TaskSpec]:
    gen = TaskGenerator(domain, default_db(domain, seed=0))
    rng = random.Random(seed)
    return [gen.generate(f, rng, task_id=f"{domain}-{f}-{i}") for f in FAMILIES for i in range(per_family)]


def write_tasks(path: Path, tasks: list[TaskSpec]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(t.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE) for t in tasks))
    return path


def read_out(out: Path) -> tuple[dict[str, Any], list[Any]]:
    summary = json.loads((out / "eval.json").read_text())
    report = ReadReport()
    inters = list(read_interactions(out / "trajectories.jsonl", "jsonl", report))
    assert report.bad_records == 0
    return summary, inters


def test_scripted_teacher_on_generated_tasks(tmp_path: Path) -> None:
    tasks = generated_tasks("retail", 2) + generated_tasks("airline", 1)
    path = write_tasks(tmp_path / "tasks.jsonl", tasks)
    out = tmp_path / "out"
    assert main(["eval", "--tasks", str(path), "--policy", "scripted", "--trials", "2", "-o", str(out)]) == 0
    summary, inters = read_out(out)
    assert summary["trials"] == 2
    assert summary["tasks"] == {"retail": 6, "airline": 3}
    assert len(inters) == len(tasks) * 2
    # Every trajectory is a full episode scored by the environment; pass^k follows from its rewards.
    for domain in ("retail", "airline"):
        counts: dict[str, list[int]] = {}
        for i in inters:
            if i.domain == domain:
                cell = counts.setdefault(i.task_id, [0, 0])
                cell[0] += int(i.reward == 1.0)
                cell[1] += 1
        for k in (1, 2):
            expected = sum(pass_hat_k(c, n, k) for c, n in counts.values()) / len(counts)
            assert summary["pass_k"][domain][str(k)] == pytest.approx(expected)
    # The plan-following oracle solves its generated tasks.
    assert summary["pass_k"]["retail"]["2"] == 1.0
    assert {i.metadata["eval"]["trial"] for i in inters} == {0, 1}
    assert all(i.messages[0].role == "system" and i.private.get("plan") for i in inters)
    assert len({i.id for i in inters}) == len(inters)


# --------------------------------------------------------------------------- OpenAI-compatible endpoint


class ScriptedEndpoint:
    """A chat-completions server whose replies come from the scripted teacher (a stand-in for a
    hosted model). Episodes listed in ``sabotage`` (task id -> episode numbers) end at once with
    a closing question, so the task is not done and its reward is 0."""

    def __init__(self, tasks: list[TaskSpec], sabotage: dict[str, set[int]]):
        from trajectory2gym.actors.teachers.scripted import ScriptedTeacher
        from trajectory2gym.envs.users import ScriptedUser

        self.by_opening = {ScriptedUser().start(t, random.Random(0)).content: t for t in tasks}
        self.teachers = {t.id: ScriptedTeacher() for t in tasks}
        self.episodes: dict[str, int] = {}
        self.sabotage = sabotage
        self.requests = 0

    def reply(self, body: dict[str, Any]) -> dict[str, Any]:
        self.requests += 1
        messages = [Message.model_validate(m) for m in body["messages"]]
        task = self.by_opening[messages[1].content]
        if len(messages) == 2:
            self.episodes[task.id] = self.episodes.get(task.id, -1) + 1
        episode = self.episodes[task.id]
        if episode in self.sabotage.get(task.id, set()):
            msg: dict[str, Any] = {"role": "assistant", "content": "Is there anything else I can help you with?"}
        else:
            act = self.teachers[task.id].act(messages, [], private=task.private())
            msg = {"role": "assistant", "content": act.content}
            if act.tool_calls:
                msg["tool_calls"] = [{"id": c.id, "type": "function", "function": {
                    "name": c.name, "arguments": json.dumps(c.arguments)}} for c in act.tool_calls]
        return {"id": f"cmpl-{self.requests}", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}


@contextlib.contextmanager
def _serve(reply: Callable[[dict[str, Any]], dict[str, Any]]) -> Iterator[str]:
    """A local OpenAI-compatible endpoint answering every POST with ``reply(request body)``."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            blob = json.dumps(reply(body)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(blob)))
            self.end_headers()
            self.wfile.write(blob)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def endpoint() -> Iterator[tuple[str, list[ScriptedEndpoint]]]:
    holder: list[ScriptedEndpoint] = []
    with _serve(lambda body: holder[0].reply(body)) as url:
        yield url, holder


def test_openai_policy_known_successes(tmp_path: Path, endpoint: tuple[str, list[ScriptedEndpoint]]) -> None:
    url, holder = endpoint
    tasks = generated_tasks("retail", 1)  # one task per family
    assert all(t.gold_actions for t in tasks)
    # Successes per task over 3 trials: 3, 2 and 0.
    holder.append(ScriptedEndpoint(tasks, {tasks[1].id: {1}, tasks[2].id: {0, 1, 2}}))
    path = write_tasks(tmp_path / "tasks.jsonl", tasks)
    out = tmp_path / "out"
    rc = main(["eval", "--tasks", str(path), "--policy", "openai", "--base-url", url, "--model", "fake",
               "--api-key", "x", "--trials", "3", "-o", str(out)])
    assert rc == 0
    summary, inters = read_out(out)
    curve = summary["pass_k"]["retail"]
    assert curve["1"] == pytest.approx(5 / 9)
    assert curve["2"] == pytest.approx((1 + 1 / 3 + 0) / 3)
    assert curve["3"] == pytest.approx(1 / 3)
    assert summary["per_task"]["retail"][tasks[1].id] == {"successes": 2, "trials": 3}
    rewards = {(i.task_id, i.metadata["eval"]["trial"]): i.reward for i in inters}
    assert rewards[(tasks[1].id, 1)] == 0.0 and rewards[(tasks[1].id, 2)] == 1.0
    # The model's tool calls went through the environment (real observations in the log).
    solved = next(i for i in inters if i.task_id == tasks[0].id)
    assert any(m.role == "tool" and not m.is_error_observation for m in solved.messages)
    assert solved.metadata["teacher"]["model"] == "fake"


def test_openai_endpoint_down_is_recorded_not_fatal(tmp_path: Path) -> None:
    tasks = generated_tasks("retail", 1)[:1]
    path = write_tasks(tmp_path / "tasks.jsonl", tasks)
    out = tmp_path / "out"
    # Port 9 (discard) on localhost: nothing listens; the client gives up after its retries.
    rc = main(["eval", "--tasks", str(path), "--policy", "openai", "--base-url", "http://127.0.0.1:9/v1",
               "--model", "m", "--api-key", "x", "--retries", "0", "-o", str(out)])
    assert rc == 0
    summary = json.loads((out / "eval.json").read_text())
    assert summary["pass_k"]["retail"]["1"] == 0.0
    assert summary["ends"] == {"teacher_error": 1}
    assert summary["errors"] and "TeacherError" in summary["errors"][0]["error"]


def test_tau_bench_dev_tasks_with_gold_replay(tmp_path: Path, shared_data: Path) -> None:
    out = tmp_path / "out"
    rc = main(["eval", "--tasks", str(shared_data / "tau" / "airline_dev_tasks.json"), "--policy", "scripted",
               "--trials", "2", "--db", str(shared_data / "tau"), "--limit", "12", "-o", str(out)])
    assert rc == 0
    summary, inters = read_out(out)
    # Replaying the gold actions (and saying the required outputs) earns the reward on every task.
    assert summary["pass_k"] == {"airline": {"1": 1.0, "2": 1.0}}
    assert summary["tasks"] == {"airline": 12}
    assert all(i.task_id.startswith("airline-") for i in inters)
    # The scripted customer opens neutrally: the task's hidden instruction never becomes evidence.
    from trajectory2gym.envs.users import NEUTRAL_OPENING

    for inter in inters:
        users = [m.content or "" for m in inter.messages if m.role == "user"]
        assert users[0] == NEUTRAL_OPENING
        assert not any(inter.private["instruction"][:40] in u for u in users)


def test_bad_task_records_are_skipped_and_named(tmp_path: Path) -> None:
    good = generated_tasks("retail", 1)[:1]
    path = tmp_path / "tasks.jsonl"
    lines = [orjson.dumps(good[0].model_dump(mode="json")), b"{not json",
             orjson.dumps({**good[0].model_dump(mode="json"), "confirmation": "maybe", "id": "bad-1"}),
             orjson.dumps({"instruction": "tau-bench style without a domain", "actions": []})]
    path.write_bytes(b"\n".join(lines) + b"\n")
    from trajectory2gym.launch.eval.tasks_io import load_tasks

    tasks, errors = load_tasks(path)
    assert [t.id for t in tasks] == [good[0].id]
    kinds = {(e.line, e.kind) for e in errors}
    assert kinds == {(2, "invalid_json"), (3, "invalid_task"), (4, "missing_field")}
    bad = next(e for e in errors if e.line == 3)
    assert bad.path == "confirmation" and bad.record_id == "bad-1"
    out = tmp_path / "out"
    assert main(["eval", "--tasks", str(path), "--policy", "scripted", "-o", str(out)]) == 0
    assert json.loads((out / "eval.json").read_text())["settings"]["skipped_task_records"] == 3


def test_tau_bench_action_errors_name_the_field(tmp_path: Path) -> None:
    from trajectory2gym.launch.eval.tasks_io import load_tasks

    path = tmp_path / "retail_tasks.json"
    path.write_text(json.dumps([{"index": 0, "instruction": "x", "actions": [{"kwargs": {}}]},
                                {"index": 1, "instruction": "y", "actions": []}]))
    tasks, errors = load_tasks(path)
    assert [t.id for t in tasks] == ["retail-1"]
    assert errors[0].path == "actions[0].name" and errors[0].record_id == "0"


def test_tau2_records_are_reported_as_unsupported(tmp_path: Path, shared_data: Path) -> None:
    from trajectory2gym.launch.eval.tasks_io import load_tasks

    tasks, errors = load_tasks(shared_data / "tau2" / "telecom_small_tasks.json")
    assert not tasks and errors and {e.kind for e in errors} == {"unsupported_format"}
    assert "t2g decontam" in errors[0].message  # which commands do read them


def test_usage_errors(tmp_path: Path) -> None:
    path = write_tasks(tmp_path / "tasks.jsonl", generated_tasks("retail", 1)[:1])
    assert main(["eval", "--tasks", str(path), "--policy", "openai", "-o", str(tmp_path / "o")]) == 2
    assert main(["eval", "--tasks", str(tmp_path / "missing.json"), "--policy", "scripted", "-o", str(tmp_path)]) == 2
    assert main(["eval", "--tasks", str(path), "--policy", "scripted", "--trials", "0", "-o", str(tmp_path)]) == 2


def test_llm_user_simulator_is_wired_to_its_endpoint(tmp_path: Path) -> None:
    """``--user llm``: the customer's lines come from the endpoint, whose system prompt carries the task."""
    seen: list[dict[str, Any]] = []

    def reply(body: dict[str, Any]) -> dict[str, Any]:
        seen.append(body)
        text = "I want to update my order." if len(seen) == 1 else "Never mind, goodbye. ###STOP###"
        return {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": text}}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}

    with _serve(reply) as url:
        task = generated_tasks("retail", 1)[0]
        path = write_tasks(tmp_path / "tasks.jsonl", [task])
        out = tmp_path / "out"
        rc = main(["eval", "--tasks", str(path), "--policy", "scripted", "--user", "llm", "--user-model", "sim",
                   "--user-base-url", url, "--api-key", "x", "-o", str(out)])
    assert rc == 0
    _, inters = read_out(out)
    users = [m.content for m in inters[0].messages if m.role == "user"]
    assert users[0] == "I want to update my order." and "###STOP###" in users[-1]
    assert seen[0]["model"] == "sim" and task.instruction in seen[0]["messages"][0]["content"]
    assert inters[0].metadata["end"] == "terminated"


def test_concurrent_episodes_match_sequential(tmp_path: Path) -> None:
    tasks = generated_tasks("airline", 1, seed="concurrency")
    path = write_tasks(tmp_path / "tasks.jsonl", tasks)
    runs = {}
    for n in (1, 3):
        out = tmp_path / f"c{n}"
        assert main(["eval", "--tasks", str(path), "--policy", "scripted", "--trials", "2", "--concurrency", str(n),
                     "-o", str(out)]) == 0
        summary, inters = read_out(out)
        runs[n] = (summary["per_task"], sorted((i.id, i.reward, len(i.messages)) for i in inters))
    assert runs[1] == runs[3]


# --------------------------------------------------------------------------- tasks that do not fit the database


def test_tasks_with_failing_gold_actions_are_excluded_not_passed(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A task naming an order the database lacks: its gold replay and any episode change nothing,
    so the states "match"; it must be left out of pass^k, loudly, while valid tasks score as before."""
    valid = generated_tasks("retail", 1)
    missing = TaskSpec(id="retail-missing", domain="retail", request="Cancel order #W0000000.",
                       gold_actions=[{"name": "cancel_pending_order",
                                      "kwargs": {"order_id": "#W0000000", "reason": "no longer needed"}}])
    path = write_tasks(tmp_path / "tasks.jsonl", [*valid, missing])
    out = tmp_path / "out"
    assert main(["eval", "--tasks", str(path), "--policy", "scripted", "--trials", "2", "-o", str(out)]) == 0
    summary, inters = read_out(out)
    assert summary["pass_k"] == {"retail": {"1": 1.0, "2": 1.0}}
    assert summary["tasks"] == {"retail": len(valid)} and summary["excluded_tasks"] == {"retail": 1}
    assert summary["excluded"]["retail"]["retail-missing"][0]["name"] == "cancel_pending_order"
    assert "retail-missing" not in summary["per_task"]["retail"]
    assert {i.task_id for i in inters} == {t.id for t in valid}
    captured = capsys.readouterr()
    assert "excluded" in captured.out
    assert "1 of 4 task(s) have gold actions naming objects this database lacks" in captured.err
    assert "--db" in captured.err


def test_tau_bench_tasks_on_the_generated_db_are_not_scored(tmp_path: Path, shared_data: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    rc = main(["eval", "--tasks", str(shared_data / "tau" / "retail_dev_tasks.json"), "--policy", "scripted",
               "--trials", "2", "--limit", "3", "-o", str(out)])
    assert rc == 1  # nothing could be scored: never a pass^k of 1.0
    summary, inters = read_out(out)
    assert summary["pass_k"] == {} and not inters
    assert summary["tasks"] == {"retail": 0} and summary["excluded_tasks"] == {"retail": 3}
    err = capsys.readouterr().err
    assert "3 of 3 task(s)" in err and "pass --db DIR" in err and "order not found" in err


def test_tau_bench_db_accepts_the_domain_folder(tmp_path: Path, shared_data: Path) -> None:
    out = tmp_path / "out"
    assert main(["eval", "--tasks", str(shared_data / "tau" / "retail_dev_tasks.json"), "--policy", "scripted",
                 "--db", str(shared_data / "tau" / "retail"), "--limit", "3", "-o", str(out)]) == 0
    summary, _ = read_out(out)
    assert summary["pass_k"] == {"retail": {"1": 1.0}} and summary["excluded_tasks"] == {}


# --------------------------------------------------------------------------- console output


def test_many_skipped_records_with_one_reason_print_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from trajectory2gym.launch.eval.cli import print_skipped
    from trajectory2gym.validation import RecordError

    same = [RecordError("unsupported_format", "tau2 task records are not supported", "", i, f"t{i}", "f.json")
            for i in range(1, 21)]
    other = RecordError("invalid_json", "bad line", "", 30, None, "f.json")
    print_skipped([*same, other])
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 2
    assert "20 records of f.json: tau2 task records are not supported (unsupported_format)" in lines[0]
    assert "line 30" in lines[1]


@pytest.mark.parametrize("command", [["eval"], ["decontam"], ["bfcl", "convert"]])
def test_help_shows_each_default_once(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())  # undo argparse's line wrapping
    assert "(default: None)" not in text and "(default: [])" not in text and "(default: False)" not in text
    assert not re.search(r"\(default:[^()]*\) \(default:", text)  # a help naming its default gets no second
    if command == ["eval"]:
        assert "(default: $OPENAI_API_KEY, else EMPTY)" in text and "(default: 3)" in text
        assert "output directory (eval.json, trajectories.jsonl) (default" not in text
    if command == ["decontam"]:
        assert "near-duplicate request Jaccard (default: 0.7)" in text


def test_gold_actions_failing_by_a_domain_rule_are_still_scored(shared_data: Path) -> None:
    """tau-bench's own retail train tasks on its database: some gold actions fail upstream too
    (insufficient gift-card balance); those tasks are scored as tau-bench scores them, none excluded.
    The same tasks on the generated database name orders it lacks: every one is excluded."""
    from trajectory2gym.envs.db import default_db, load_db_dir
    from trajectory2gym.envs.registry import make_tool_env
    from trajectory2gym.envs.replay import load_tasks
    from trajectory2gym.launch.eval.runner import failing_gold_actions

    tasks, problems = load_tasks(shared_data / "tau" / "retail_train_tasks.json", "retail")
    assert not problems and len(tasks) == 500
    real = {"retail": load_db_dir("retail", str(shared_data / "tau"))}
    env = make_tool_env("retail", real["retail"])
    failing = [t for t in tasks if env.replay(t.gold_actions, env.fresh_state(t))]
    assert len(failing) == 19  # balance rules, upstream
    assert failing_gold_actions(tasks, real) == {}
    generated = {"retail": default_db("retail", seed=0, size="small")}
    assert len(failing_gold_actions(tasks[:20], generated)["retail"]) == 20
