"""Ray actor shells around the pure stages: EnvWorker, CertifierActor, SelectorActor.

Each class is a plain class here; ``ray.remote`` is applied where actors are
started (``remote_class``), so the classes stay importable and testable
without a cluster. The logic they wrap lives in ``episodes``, ``sink`` and
``support``.
"""

from __future__ import annotations

import os
import time
from typing import Any

import ray

from trajectory2gym.actors.episodes import EpisodeRunner, build_teacher
from trajectory2gym.actors.plan import PlannedTask
from trajectory2gym.actors.sink import CertifyingSink, route
from trajectory2gym.actors.support import SupportTracker, read_certified, select_grouped
from trajectory2gym.codecs import pack


class EnvWorker:
    """Hosts one domain's environment, user simulator and teacher; plays planned tasks.

    A finished interaction is packed (msgpack) and sent to the certifier that
    owns its id (``route``); the worker returns only once the certifier
    acknowledged it, so a result seen by the driver means the record is on
    disk. No sinks: play without certifying (the rollout benchmark).

    The certifiers (``sinks``) and a shared teacher engine (``teacher["engine"]``)
    are given by actor name and looked up here. Actor handles among constructor
    arguments would put them in the object store, and Ray cannot promise to keep
    those for a restart (ray-project/ray#53727); names are plain values.
    """

    def __init__(
        self,
        domain: str,
        runner_options: dict[str, Any],
        teacher: dict[str, Any],
        sinks: list[str] | None = None,
    ) -> None:
        if teacher.get("engine") is not None:
            from trajectory2gym.actors.teacher_engine import RemoteTeacher

            policy: Any = RemoteTeacher(ray.get_actor(teacher["engine"]))
        else:
            policy = build_teacher(teacher["kind"], teacher.get("options", {}))
        self.runner = EpisodeRunner(domain, policy, **runner_options)
        self.sinks = [ray.get_actor(name) for name in sinks or []]
        self.domain = domain

    def ping(self) -> dict[str, Any]:
        return {"pid": os.getpid(), "domain": self.domain, "episodes": self.runner.episodes}

    def run(self, planned: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Play a chunk of planned tasks; one result per task, in order."""
        tasks = [PlannedTask.model_validate(p) for p in planned]
        out: list[dict[str, Any]] = []
        acks: list[Any] = []
        for task in tasks:
            start, cpu = time.perf_counter(), time.process_time()
            blob = pack(self.runner.run(task))
            out.append({"id": task.id, "status": "played", "pid": os.getpid(),
                        "seconds": time.perf_counter() - start, "cpu_s": time.process_time() - cpu,
                        "bytes": len(blob)})
            if self.sinks:
                acks.append(self.sinks[route(task.id, len(self.sinks))].submit.remote(blob))
        for result, status in zip(out, ray.get(acks) if acks else [], strict=False):
            result["status"] = status
        return out


class CertifierActor:
    """Certifies streamed interactions, writes the round's shards, forwards records to the selector."""

    def __init__(
        self, certify_config: dict[str, Any], selector: Any = None, shard_size: int = 256, prefix: str = "part"
    ) -> None:
        self.sink = CertifyingSink(certify_config, shard_size=shard_size, prefix=prefix)
        self.selector = selector
        self._pending: list[Any] = []

    def open_round(self, round_: int, round_dir: str) -> None:
        self.sink.open_round(round_, round_dir)

    def submit(self, blob: bytes) -> str:
        status, record = self.sink.submit(blob)
        if record is not None and self.selector is not None:
            self._pending.append(self.selector.add.remote(record))
        return status

    def close_round(self) -> dict[str, Any]:
        digest = self.sink.close_round()
        # Selector calls from this actor run in order, but the driver's next call does
        # not wait for them: settle them before reporting the round closed.
        ray.get(self._pending)
        self._pending = []
        return digest.to_dict()


class SelectorActor:
    """The central inventory: support counts, deficits, targets, and the final selection."""

    def __init__(self, depth: int, inventory: dict[str, Any] | None = None) -> None:
        self.tracker = SupportTracker(depth, inventory)

    def add(self, record: dict[str, Any]) -> bool:
        return self.tracker.add(record)

    def summary(self) -> dict[str, Any]:
        return self.tracker.summary()

    def targets(self, limit: int) -> list[dict[str, Any]]:
        return self.tracker.targets(limit)

    def inventory(self) -> dict[str, Any]:
        return self.tracker.to_dict()

    def select(
        self, certified_dirs: list[str], select_config: dict[str, Any], group_by: str = "task"
    ) -> dict[str, Any]:
        from trajectory2gym.selector.select import SelectConfig

        certs, problems = read_certified(certified_dirs)
        result = select_grouped(certs, SelectConfig.model_validate(select_config), group_by)
        return {"result": result, "candidates": len(certs), "problems": problems}


def remote_class(cls: type) -> Any:
    return ray.remote(cls)
