"""Telecom task synthesis (issues 6 and 10): templates in all three families, played end to end
by the scripted teacher and the telecom scripted customer who acts on the phone."""

from __future__ import annotations

import copy
import random

import orjson
import pytest

from trajectory2gym.actors.teachers.scripted import ScriptedTeacher
from trajectory2gym.actors.teachers.synthesis import SynthesisReport, expand_families, synthesize
from trajectory2gym.cli import main
from trajectory2gym.codecs import read_interactions
from trajectory2gym.envs.dbgen import generate_db
from trajectory2gym.envs.env import Env
from trajectory2gym.envs.generator import TaskGenerator, replay_plan, templates
from trajectory2gym.envs.generator.plan import gold_writes, user_actions
from trajectory2gym.envs.registry import get_domain
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.envs.telecom.user import TelecomScriptedUser

pytest.importorskip("trajectory2gym.certify.certifier")
pytest.importorskip("trajectory2gym.selector.paths")

TEMPLATES = [(f, t) for f in ("information", "recovery", "state") for t in sorted(templates("telecom", f))]


@pytest.fixture(scope="module")
def db() -> dict:
    return generate_db("telecom", seed=0)


@pytest.fixture(scope="module")
def generator(db: dict) -> TaskGenerator:
    return TaskGenerator("telecom", db)


def test_every_family_has_telecom_templates() -> None:
    assert {f for f, _ in TEMPLATES} == {"information", "recovery", "state"}
    assert len(TEMPLATES) >= 6


@pytest.mark.parametrize(("family", "template"), TEMPLATES)
def test_template_is_solved_end_to_end(generator: TaskGenerator, family: str, template: str) -> None:
    for seed in range(3):
        task = generator.generate(family, random.Random(seed), task_id=f"{template}-{seed}", template=template)
        assert task.intended_path and task.metadata["intended_path_key"]
        device = user_actions(task.plan)
        if template != "data_usage":
            assert device and task.metadata["user_actions"] == device
            assert any("->user_action(" in d for d in task.intended_path)
        device_writes = {a["name"] for a in device if a["write"]}
        assert device_writes <= {a.name for a in task.gold_actions}
        assert all(a.name in get_domain("telecom").user_tools for a in task.gold_actions
                   if a.name in device_writes)
        if family == "recovery":
            assert any("after_error" in d for d in task.intended_path) and task.obstacles
        env = Env("telecom", generator.db, user=TelecomScriptedUser())
        inter = run_episode(env, ScriptedTeacher(), task, seed=seed)
        assert inter.reward == 1.0, (task.id, inter.metadata.get("reward_info"))
        assert not env.user.pending and all(not c["is_error"] for c in env.user.calls)
        made = [c.name for m in inter.messages if m.role == "user" for c in m.calls]
        assert sorted(made) == sorted(a["name"] for a in device)


def test_realization_and_reward_per_family(db: dict) -> None:
    report = SynthesisReport()
    inters = list(synthesize("telecom", expand_families("all"), 10, ScriptedTeacher(), seed=2, db=db,
                             report=report))
    assert report.certified and not report.failures and len(inters) == 30
    for family, row in report.realization.as_dict().items():
        assert row["tasks"] == 10
        assert row["rate"] >= 0.9, f"telecom/{family}: realization {row['rate']:.0%}"
        assert row["reward_1"] == 10
    assert all(isinstance(i.messages[-1].content, str) for i in inters)


def test_without_the_customer_acting_the_task_fails(generator: TaskGenerator) -> None:
    """A wrong sequence: the customer never pays on the phone, so the gold state is not reached."""
    task = generator.generate("state", random.Random(4), task_id="pay", template="pay_then_resume")
    idle = task.model_copy(update={"metadata": {**task.metadata, "user_actions": []}})
    env = Env("telecom", generator.db, user=TelecomScriptedUser())
    inter = run_episode(env, ScriptedTeacher(), idle, seed=0)
    assert inter.reward == 0.0
    assert not any(m.role == "user" and m.calls for m in inter.messages)
    # The gold actions hold the customer's payment between the agent's writes.
    names = [a["name"] for a in gold_writes(task.plan)]
    assert names.index("send_payment_request") < names.index("make_payment") < names.index("resume_line")


def test_validation_checks_what_the_device_shows(generator: TaskGenerator) -> None:
    task = generator.generate("recovery", random.Random(5), task_id="r", template="roaming_no_data")
    assert not replay_plan(generator.env, task).problems
    broken = copy.deepcopy(task)
    first = next(s for s in broken.plan if s.get("user_actions"))
    first["user_actions"][0]["shows"] = "Speed Test Result"  # before roaming is enabled it cannot
    problems = replay_plan(generator.env, broken).problems
    assert problems and "run_speed_test: shows 'Speed test failed" in problems[0]


def test_cli_synthesize_telecom(tmp_path, capsys) -> None:
    out, rep = tmp_path / "out.jsonl", tmp_path / "report.json"
    code = main(["synthesize", "--domain", "telecom", "--family", "all", "--n", "3", "--seed", "1",
                 "-o", str(out), "--report", str(rep)])
    assert code == 0
    inters = list(read_interactions(out))
    assert len(inters) == 9 and {i.domain for i in inters} == {"telecom"}
    assert all("toggle_airplane_mode" not in i.tool_names for i in inters)  # agent tools only
    report = orjson.loads(rep.read_bytes())
    assert {f: r["tasks"] for f, r in report["realization"].items()} == {
        "information": 3, "recovery": 3, "state": 3}
    err = capsys.readouterr().err
    assert "realization rate" in err and "telecom" in err


def test_certification_flags_the_labelled_telecom_decisions(db: dict) -> None:
    """Issue 6's label agreement on telecom: every imperfection kind is injected (roaming rewrites
    for unconfirmed writes, line/bill ids for privileged and wrong lookups) and flagged."""
    from trajectory2gym.actors.teachers.scripted import Imperfections

    report = SynthesisReport()
    teacher = ScriptedTeacher(Imperfections.all(0.4), seed=1)
    inters = list(synthesize("telecom", expand_families("all"), 15, teacher, seed=1, db=db, report=report))
    assert all(i.reward == 1.0 for i in inters)  # the rewrites change nothing
    for kind, row in report.labels.as_dict().items():
        assert row["labelled"] >= 5, f"{kind}: too few labelled decisions"
        assert row["precision"] >= 0.95 and row["recall"] >= 0.95, (kind, row, report.labels.misses[:3])


def test_cli_synthesize_on_tau2_telecom_db(shared_data, tmp_path, capsys) -> None:
    """The templates also fit tau2's own telecom database (db.json + user_db.json)."""
    tau2 = shared_data / "tau2" / "telecom"
    if not (tau2 / "db.json").exists():
        pytest.skip("no tau2 telecom db")
    out, rep = tmp_path / "out.jsonl", tmp_path / "report.json"
    assert main(["synthesize", "--domain", "telecom", "--family", "all", "--n", "4", "--db", str(tau2),
                 "-o", str(out), "--report", str(rep)]) == 0
    report = orjson.loads(rep.read_bytes())
    assert not report["failures"]
    assert all(r["reward_1"] == r["tasks"] == 4 and r["rate"] >= 0.9 for r in report["realization"].values())
