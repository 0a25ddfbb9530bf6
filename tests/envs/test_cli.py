"""``t2g env replay`` / ``generate-db`` / ``tools``, driven through the argparse registration."""

from __future__ import annotations

import argparse
import json

import orjson
import pytest

from trajectory2gym.envs import cli
from trajectory2gym.envs.db import load_tau_bench_db, write_tau_bench_db

from .conftest import retail_db  # noqa: TID252


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="t2g")
    cli.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.handler(args)


def test_replay_writes_gold_state_form(tmp_path):
    db_dir = tmp_path / "db"
    write_tau_bench_db(retail_db(), db_dir)
    tasks = [
        {"index": 0, "user_id": "ann_lee_1", "instruction": "", "outputs": [],
         "actions": [{"name": "cancel_pending_order", "kwargs": {"order_id": "#W1", "reason": "no longer needed"}},
                     {"name": "transfer_to_human_agents", "kwargs": {"summary": "x"}}]},
        {"index": 1, "user_id": "ann_lee_1", "instruction": "", "outputs": [],
         "actions": [{"name": "cancel_pending_order", "kwargs": {"order_id": "#W2", "reason": "no longer needed"}}]},
        "not a task",
        {"index": 3, "actions": [{"kwargs": {}}]},
    ]
    (tmp_path / "tasks.json").write_text(json.dumps(tasks))
    out = tmp_path / "out.json"
    assert run(["env", "replay", "--domain", "retail", "--db", str(db_dir), "--tasks",
                str(tmp_path / "tasks.json"), "-o", str(out)]) == 0
    rows = orjson.loads(out.read_bytes())["tasks"]
    assert [r["index"] for r in rows] == [0, 1]  # the two bad entries are skipped and reported
    assert rows[0]["db_unchanged"] is False and rows[0]["action_errors"] == []
    assert rows[0]["changed_records"]["orders"]["#W1"]["status"] == "cancelled"
    assert rows[1] == {"index": 1, "db_unchanged": True, "changed_records": {}, "action_errors": [
        {"name": "cancel_pending_order", "error": "Error: non-pending order cannot be cancelled"}]}


def test_replay_on_shared_data_matches_gold(tmp_path, shared_data):
    out = tmp_path / "a.json"
    tau = shared_data / "tau"
    run(["env", "replay", "--domain", "airline", "--db", str(tau / "airline"),
         "--tasks", str(tau / "airline_dev_tasks.json"), "-o", str(out)])
    ours = orjson.loads(out.read_bytes())["tasks"]
    gold = orjson.loads((tau / "airline_dev_gold_final_state.json").read_bytes())["tasks"]
    assert [r["changed_records"] for r in ours] == [g["changed_records"] for g in gold]


def test_replay_missing_files_are_clear_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="task file not found"):
        run(["env", "replay", "--domain", "retail", "--db", str(tmp_path), "--tasks", str(tmp_path / "x.json"),
             "-o", str(tmp_path / "o.json")])
    (tmp_path / "t.json").write_text("[]")
    with pytest.raises(FileNotFoundError, match="orders.json: missing"):
        run(["env", "replay", "--domain", "retail", "--db", str(tmp_path), "--tasks", str(tmp_path / "t.json"),
             "-o", str(tmp_path / "o.json")])


def test_telecom_replay_through_the_cli(tmp_path, shared_data):
    """tau2's small telecom tasks: set-up plus gold actions (agent and user) pass every assertion."""
    out = tmp_path / "o.json"
    tasks = shared_data / "tau2" / "telecom_small_tasks.json"
    assert run(["env", "replay", "--domain", "telecom", "--db", str(shared_data / "tau2"), "--tasks", str(tasks),
                "-o", str(out)]) == 0
    rows = orjson.loads(out.read_bytes())["tasks"]
    assert [r["id"] for r in rows] == [t["id"] for t in orjson.loads(tasks.read_bytes())]
    assert [r["index"] for r in rows] == list(range(len(rows)))
    assert all(r["assertions_passed"] and not r["failed"] for r in rows)


def _tau2_task(task_id: str, phone_number: str, customer_id: str) -> dict:
    """A tau2-style task that only works on a database holding that phone number and customer."""
    return {"id": task_id,
            "initial_state": {"initialization_actions": [
                {"env_type": "user", "func_name": "set_user_info",
                 "arguments": {"name": "Pat Doe", "phone_number": phone_number}}]},
            "evaluation_criteria": {"actions": [
                {"requestor": "assistant", "name": "get_details_by_id", "arguments": {"id": customer_id}}],
                "env_assertions": []}}


def test_telecom_replay_without_db_uses_the_generated_db(tmp_path, capsys, shared_data):
    """Like retail and airline: no --db means the seeded generated database (--seed, --size), never
    the tau2 data lying beside the checkout."""
    from trajectory2gym.envs.dbgen import generate_db

    small = generate_db("telecom", seed=3, size="small")
    assert len(small["customers"]) > 5
    phone = next(iter(small["lines"].values()))["phone_number"]
    late = list(small["customers"])[-1]  # exists in size small, not in size 5
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([_tau2_task("first", phone, next(iter(small["customers"]))),
                                 _tau2_task("late", phone, late)]))

    def passed(*options: str) -> dict[str, bool]:
        out = tmp_path / "o.json"
        assert run(["env", "replay", "--domain", "telecom", "--tasks", str(tasks), "-o", str(out), *options]) == 0
        return {r["id"]: r["assertions_passed"] for r in orjson.loads(out.read_bytes())["tasks"]}

    assert passed("--seed", "3") == {"first": True, "late": True}
    assert passed("--seed", "3", "--size", "5") == {"first": True, "late": False}
    assert passed("--seed", "0") == {"first": False, "late": False}
    assert "pass --db DIR" in " ".join(capsys.readouterr().err.split())
    # tau2's own tasks need tau2's database, passed explicitly.
    real = shared_data / "tau2" / "telecom_small_tasks.json"
    out = tmp_path / "real.json"
    assert run(["env", "replay", "--domain", "telecom", "--tasks", str(real), "-o", str(out)]) == 0
    assert not any(r["assertions_passed"] for r in orjson.loads(out.read_bytes())["tasks"])


def test_replay_help_describes_both_output_forms(capsys):
    with pytest.raises(SystemExit):
        run(["env", "replay", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert '"index", "action_errors", "db_unchanged", "changed_records"' in text
    assert '"index", "id", "assertions_passed", "failed"' in text
    assert "generated from --seed and --size, for every domain" in text


def test_telecom_replay_passes_no_compat(tmp_path, monkeypatch):
    import trajectory2gym.envs.telecom.replay as telecom_replay

    seen = []
    original = telecom_replay.TelecomEnv

    def spy(db, **kwargs):
        seen.append(kwargs)
        return original(db, **kwargs)

    monkeypatch.setattr(telecom_replay, "TelecomEnv", spy)
    tasks = tmp_path / "tasks.json"
    tasks.write_text("[]")
    for options, compat in (([], True), (["--no-compat"], False)):
        assert run(["env", "replay", "--domain", "telecom", "--tasks", str(tasks), "-o", str(tmp_path / "o.json"),
                    *options]) == 0
        assert seen[-1] == {"tau_bench_compat": compat}


def test_generate_db_round_trips(tmp_path):
    assert run(["env", "generate-db", "--domain", "retail", "--seed", "0", "--size", "small",
                "-o", str(tmp_path / "g")]) == 0
    db = load_tau_bench_db("retail", tmp_path / "g")
    assert db["orders"] and db["users"] and db["products"]


def test_tools_lists_metadata(capsys):
    assert run(["env", "tools", "--domain", "retail"]) == 0
    assert "cancel_pending_order" in capsys.readouterr().out


def test_replay_db_accepts_the_data_root_and_the_domain_folder(tmp_path):
    """``--db`` names either the root holding ``retail/`` (like data/tau) or ``retail/`` itself."""
    write_tau_bench_db(retail_db(), tmp_path / "root" / "retail")
    tasks = [{"index": 0, "user_id": "ann_lee_1", "instruction": "", "outputs": [],
              "actions": [{"name": "cancel_pending_order", "kwargs": {"order_id": "#W1", "reason": "no longer needed"}}]}]
    (tmp_path / "tasks.json").write_text(json.dumps(tasks))
    results = []
    for db in (tmp_path / "root", tmp_path / "root" / "retail"):
        out = tmp_path / "out.json"
        assert run(["env", "replay", "--domain", "retail", "--db", str(db), "--tasks", str(tmp_path / "tasks.json"),
                    "-o", str(out)]) == 0
        results.append(orjson.loads(out.read_bytes()))
    assert results[0] == results[1]
    assert results[0]["tasks"][0]["changed_records"]["orders"]["#W1"]["status"] == "cancelled"


def test_missing_db_files_name_the_layout_with_the_right_article(tmp_path):
    from trajectory2gym.envs.db import load_tau_bench_db

    with pytest.raises(FileNotFoundError, match=r"flights.json: missing \(an airline database needs") as exc:
        load_tau_bench_db("airline", tmp_path)
    assert "DIR/airline/" in str(exc.value)
    with pytest.raises(FileNotFoundError, match=r"\(a retail database needs"):
        load_tau_bench_db("retail", tmp_path)


def test_load_db_dir_reads_telecom_from_the_data_root(tmp_path):
    from trajectory2gym.envs.db import load_db_dir
    from trajectory2gym.envs.dbgen import generate_db

    db = generate_db("telecom", seed=3, size=5)
    write_tau_bench_db(db, tmp_path / "telecom")
    assert load_db_dir("telecom", tmp_path) == db
    assert load_db_dir("telecom", tmp_path / "telecom") == db
    write_tau_bench_db(retail_db(), tmp_path / "retail")
    assert load_db_dir("retail", tmp_path) == retail_db()


def test_replay_without_db_points_at_db_when_gold_actions_fail(tmp_path, capsys):
    tasks = [{"index": 0, "user_id": "nobody_1", "instruction": "", "outputs": [],
              "actions": [{"name": "cancel_pending_order", "kwargs": {"order_id": "#W0", "reason": "no longer needed"}}]}]
    (tmp_path / "tasks.json").write_text(json.dumps(tasks))
    assert run(["env", "replay", "--domain", "retail", "--tasks", str(tmp_path / "tasks.json"),
                "-o", str(tmp_path / "o.json")]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "1 with failing gold actions" in err and "pass --db DIR" in err
