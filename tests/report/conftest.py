"""A realistic run directory built from real stage outputs, in the layout of launch/rundir.py.

Two rounds: tasks from the real generator (retail + airline, all three
families), episodes by the scripted teacher with labelled imperfections and the
scripted user, certified by the real certifier, inventories by the real
selector, a real structural selection and a real ``t2g eval`` result. No
learner history (training takes a minute here): the report must say so; the
learner section on real training output is covered by test_smoke_report.py.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson
import pytest
import yaml

ROUNDS = 2
TASKS_PER_FAMILY = 3
DEPTH = 2


def _write_json(path: Path, obj: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(obj, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS))


def _config(budget: int) -> dict[str, Any]:
    return {
        "run": {"name": "fixture", "seed": 0, "rounds": ROUNDS},
        "envs": {"retail": {"tasks_per_round": 9}, "airline": {"tasks_per_round": 9}},
        "teacher": {"kind": "scripted", "options": {"imperfections": {"privileged": 0.3, "wrong_lookup": 0.3}}},
        "selector": {"depth": DEPTH, "select": {"budget": budget, "depth": 4, "cap": 4, "seed": 0}},
    }


def build_rounds(run: Path) -> tuple[list[Any], list[Any]]:
    """Generate, roll out and certify two rounds; returns (interactions, certified)."""
    from trajectory2gym.actors.teachers.scripted import Imperfections, ScriptedTeacher
    from trajectory2gym.certify import certify_interaction
    from trajectory2gym.codecs import MsgpackWriter
    from trajectory2gym.envs.db import default_db
    from trajectory2gym.envs.env import Env
    from trajectory2gym.envs.generator import FAMILIES, TaskGenerator
    from trajectory2gym.envs.rollout import run_episode
    from trajectory2gym.envs.users import ScriptedUser
    from trajectory2gym.selector.inventory import Inventory

    all_inters: list[Any] = []
    all_certs: list[Any] = []
    inventory = Inventory()
    metrics = []
    dbs = {d: default_db(d, seed=0) for d in ("retail", "airline")}
    for r in range(ROUNDS):
        rdir = run / "rounds" / f"r{r:03d}"
        teacher = ScriptedTeacher(Imperfections(privileged=0.3, wrong_lookup=0.3, repeated_call=0.2), seed=r)
        with MsgpackWriter(rdir / "interactions", shard_size=10) as iw, MsgpackWriter(rdir / "certified") as cw:
            for domain, db in dbs.items():
                gen = TaskGenerator(domain, db)
                rng = random.Random(f"{r}:{domain}")
                for family in FAMILIES:
                    for i in range(TASKS_PER_FAMILY):
                        task = gen.generate(family, rng, task_id=f"r{r}-{domain}-{family}-{i}")
                        env = Env(domain, db, user=ScriptedUser())
                        inter = run_episode(env, teacher, task, seed=r * 100 + i)
                        cert = certify_interaction(inter)
                        iw.write(inter)
                        cw.write(cert.model_dump(mode="json", exclude_none=True))
                        inventory.add(cert)
                        all_inters.append(inter)
                        all_certs.append(cert)
        _write_json(run / "inventory" / f"round-{r:03d}.json", inventory.to_dict())
        deficits = inventory.deficits(DEPTH)
        round_certs = all_certs[-TASKS_PER_FAMILY * 3 * 2 :]
        decisions = sum(len(c.decisions) for c in round_certs)
        metrics.append({
            "round": r,
            "interactions": len(round_certs),
            "eligible_share": sum(d.eligible for c in round_certs for d in c.decisions) / max(decisions, 1),
            "mean_reward": sum(c.reward or 0 for c in round_certs) / len(round_certs),
            "paths_covered": inventory.covered(),
            "deficit_paths": len(deficits),
            "deficit_total": sum(deficits.values()),
        })
    with open(run / "metrics.jsonl", "wb") as fh:
        for m in metrics:
            fh.write(orjson.dumps(m, option=orjson.OPT_APPEND_NEWLINE))
    return all_inters, all_certs


def build_selection(run: Path, certs: list[Any], budget: int) -> None:
    from trajectory2gym.selector.select import SelectConfig, select

    result = select(certs, SelectConfig(budget=budget, depth=4, cap=4, seed=0))
    with open(run / "selected.jsonl", "wb") as fh:
        for s in result.selected:
            fh.write(orjson.dumps(s.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE))
    _write_json(run / "selection.json", {**result.model_dump(mode="json"), "candidates": len(certs)})


def build_eval(run: Path) -> None:
    """A real ``t2g eval`` of the scripted policy on freshly generated held-out tasks."""
    from trajectory2gym.envs.db import default_db
    from trajectory2gym.envs.generator import FAMILIES, TaskGenerator
    from trajectory2gym.launch.eval.cli import main

    gen = TaskGenerator("retail", default_db("retail", seed=0))
    rng = random.Random("heldout")
    tasks = [gen.generate(f, rng, task_id=f"heldout-{f}-{i}").model_dump(mode="json")
             for f in FAMILIES for i in range(2)]
    path = run.parent / "heldout_tasks.jsonl"
    path.write_bytes(b"".join(orjson.dumps(t, option=orjson.OPT_APPEND_NEWLINE) for t in tasks))
    rc = main(["eval", "--tasks", str(path), "--policy", "scripted", "--trials", "3",
               "-o", str(run / "eval" / "retail-heldout")])
    assert rc == 0


def build_run_dir(root: Path) -> tuple[Path, dict[str, Any]]:
    run = root / "fixture-run"
    run.mkdir(parents=True)
    inters, certs = build_rounds(run)
    budget = len(certs) // 2
    (run / "config.yaml").write_text(yaml.safe_dump(_config(budget), sort_keys=False))
    build_selection(run, certs, budget)
    build_eval(run)
    stages = ["select"]
    # The driver keeps each round's metrics in state.json too (the report's rounds section).
    rounds = [orjson.loads(x) for x in (run / "metrics.jsonl").read_bytes().splitlines()]
    _write_json(run / "state.json", {"format": "t2g-run-state/1", "completed_rounds": ROUNDS,
                                     "stopped": "round_budget", "round_metrics": rounds, "stages_done": stages,
                                     "updated": 0.0})
    return run, {"interactions": len(inters), "certified": len(certs)}


@pytest.fixture(scope="session")
def fixture_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return build_run_dir(tmp_path_factory.mktemp("report"))
