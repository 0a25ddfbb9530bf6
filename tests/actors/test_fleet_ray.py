"""EnvWorker pools on a real local Ray cluster: exactly-once delivery through worker deaths.

One cluster for the module (2 CPUs, no dashboard).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from trajectory2gym.actors.fleet import Fleet, WorkerSpec  # noqa: E402
from trajectory2gym.actors.plan import PlannedTask, plan_round  # noqa: E402
from trajectory2gym.actors.workers import CertifierActor, SelectorActor  # noqa: E402
from trajectory2gym.codecs import iter_msgpack  # noqa: E402

FAMILIES = ["information", "recovery", "state"]


@pytest.fixture(scope="module")
def cluster():
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
             runtime_env={"env_vars": {"OMP_NUM_THREADS": "1"}})
    yield
    ray.shutdown()


def _spec(domain: str) -> WorkerSpec:
    return WorkerSpec(domain=domain, runner_options={}, teacher={"kind": "scripted", "options": {}},
                      num_cpus=0.5, max_restarts=2, max_task_retries=2)


def _stream(tmp: Path, n_certifiers: int = 1):
    """A selector and named certifiers: (selector, certifier handles, their names for the Fleet)."""
    selector = ray.remote(SelectorActor).options(num_cpus=0).remote(2)
    names = [f"certifier-{tmp.name}-{k}" for k in range(n_certifiers)]
    certs = [ray.remote(CertifierActor).options(name=name, num_cpus=0).remote({}, selector, 8, f"c{k}")
             for k, name in enumerate(names)]
    ray.get([c.open_round.remote(0, str(tmp)) for c in certs])
    return selector, certs, names


def _close(certs) -> list[str]:
    digests = ray.get([c.close_round.remote() for c in certs])
    return sorted(i for d in digests for i in d["ids"])


def _shard_ids(tmp: Path) -> list[str]:
    return sorted(r["id"] for _, r in iter_msgpack(tmp / "certified"))


def test_killed_worker_mid_round_loses_and_duplicates_nothing(cluster, tmp_path: Path) -> None:
    selector, certs, names = _stream(tmp_path, n_certifiers=2)
    fleet = Fleet({"retail": _spec("retail")}, {"retail": 2}, names, chunk=2, inflight=2)
    before = [p["pid"] for p in fleet.wait_ready()]
    plan = plan_round(0, 0, {"retail": (60, FAMILIES)})
    state = {"done": 0, "killed": False}

    def on_event(kind: str, info: dict) -> None:
        if kind == "done":
            state["done"] += 1
            if not state["killed"]:
                ray.kill(fleet.workers["retail"][0], no_restart=False)  # Ray restarts it
                state["killed"] = True

    outcome = fleet.run(plan, on_event)
    planned = sorted(p.id for p in plan)
    assert state["killed"] and state["done"] == len(plan)
    assert sorted(outcome.delivered) == planned and not outcome.failed
    assert _close(certs) == planned
    assert _shard_ids(tmp_path) == planned  # each planned id on disk exactly once
    after = [p["pid"] for p in fleet.wait_ready()]
    assert after[0] != before[0] and after[1] == before[1]  # worker 0 really died and came back
    assert ray.get(selector.summary.remote())["inventory_interactions"] > 0
    fleet.shutdown()


def test_permanently_dead_worker_is_replaced(cluster, tmp_path: Path) -> None:
    _, certs, names = _stream(tmp_path)
    fleet = Fleet({"airline": _spec("airline")}, {"airline": 2}, names, chunk=3, inflight=1)
    fleet.wait_ready()
    plan = plan_round(0, 1, {"airline": (30, FAMILIES)})
    killed: list[int] = []

    def on_event(kind: str, info: dict) -> None:
        if kind == "done" and not killed:
            ray.kill(fleet.workers["airline"][1], no_restart=True)
            killed.append(1)

    outcome = fleet.run(plan, on_event)
    planned = sorted(p.id for p in plan)
    assert sorted(outcome.delivered) == planned and not outcome.failed
    assert _close(certs) == planned == _shard_ids(tmp_path)
    assert outcome.replaced_workers >= 1 and outcome.worker_errors >= 1
    assert outcome.retries >= 1
    fleet.shutdown()


def test_failing_episode_is_retried_then_reported(cluster, tmp_path: Path) -> None:
    _, certs, names = _stream(tmp_path)
    fleet = Fleet({"retail": _spec("retail")}, {"retail": 1}, names, chunk=1, task_retries=1)
    plan = plan_round(0, 2, {"retail": (3, FAMILIES)})
    bad = PlannedTask(id="r000-retail-9999", round=0, domain="retail", index=9999, family="no-such-family",
                      seed=1)
    outcome = fleet.run([*plan, bad])
    assert sorted(outcome.delivered) == sorted(p.id for p in plan)
    assert list(outcome.failed) == [bad.id] and "episode failed" in outcome.failed[bad.id]
    assert outcome.attempts[bad.id] == 2  # first try plus one retry
    assert _close(certs) == sorted(p.id for p in plan)
    with pytest.raises(ValueError, match="no EnvWorker pool"):
        fleet.run(plan_round(0, 0, {"airline": (1, FAMILIES)}))
    fleet.shutdown()


def test_shared_engine_teacher_plays_like_in_process(cluster, tmp_path: Path) -> None:
    """Two workers share one TeacherEngine actor (placement group, CPU bundle here; GPUs on a
    cluster): every episode equals the one an in-process teacher plays."""
    from trajectory2gym.actors.episodes import EpisodeRunner, build_teacher
    from trajectory2gym.actors.teacher_engine import start_engine
    from trajectory2gym.codecs import read_interactions

    engine = start_engine("scripted", {}, num_gpus=0, num_cpus=0.25, max_concurrency=4, name="teacher-shared")
    _, certs, names = _stream(tmp_path)
    spec = WorkerSpec(domain="retail", runner_options={}, teacher={"kind": "scripted", "engine": "teacher-shared"},
                      num_cpus=0.5, max_restarts=0, max_task_retries=0)
    fleet = Fleet({"retail": spec}, {"retail": 2}, names, chunk=2, inflight=2)
    plan = plan_round(0, 3, {"retail": (12, FAMILIES)})
    outcome = fleet.run(plan)
    assert sorted(outcome.delivered) == sorted(p.id for p in plan)
    _close(certs)
    got = {i.id: i for i in read_interactions(tmp_path / "interactions", fmt="msgpack")}
    local = EpisodeRunner("retail", build_teacher("scripted", {}))
    for p in plan:
        want = local.run(p)
        assert got[p.id].messages == want.messages and got[p.id].reward == want.reward
        assert got[p.id].metadata["teacher"]["labels"] == want.metadata["teacher"]["labels"]
    stats = ray.get(engine.handle.stats.remote())
    assert stats["sessions"] == 2 and stats["calls"] > len(plan)
    fleet.shutdown()
    group = engine.group.id.hex()
    assert ray.util.placement_group_table()[group]["state"] == "CREATED"
    engine.stop()  # the group goes too: what it reserved (a GPU on a cluster) is free for the learner
    assert ray.util.placement_group_table()[group]["state"] == "REMOVED"
