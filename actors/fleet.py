"""The driver's side of the EnvWorker pools: start them, spread planned tasks, retry, replace.

One pool per domain. Each worker gets up to ``inflight`` tasks at a time.
Failures are handled in two layers: Ray itself restarts a dead worker
(``max_restarts``) and re-sends the tasks it had (``max_task_retries``); when
Ray gives up, or the episode raised, the fleet re-queues the planned task (up
to ``task_retries`` more attempts) and replaces a worker that no longer
answers. Because the certifier keeps one record per planned id, re-sending is
always safe: nothing is lost, nothing is written twice.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ray
from ray.exceptions import GetTimeoutError, RayActorError, RayTaskError

from trajectory2gym.actors.plan import PlannedTask
from trajectory2gym.actors.workers import EnvWorker


@dataclass
class WorkerSpec:
    domain: str
    runner_options: dict[str, Any]
    teacher: dict[str, Any]
    num_cpus: float = 1.0
    max_restarts: int = 3
    max_task_retries: int = 2


@dataclass
class RoundOutcome:
    planned: list[str]
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    attempts: dict[str, int] = field(default_factory=dict)
    worker_errors: int = 0
    replaced_workers: int = 0
    seconds: float = 0.0

    @property
    def delivered(self) -> set[str]:
        return set(self.results)

    @property
    def retries(self) -> int:
        return sum(max(0, n - 1) for n in self.attempts.values())


Event = Callable[[str, dict[str, Any]], None]


class Fleet:
    def __init__(
        self,
        specs: dict[str, WorkerSpec],
        sizes: dict[str, int],
        sinks: list[str] | None = None,
        *,
        chunk: int = 4,
        inflight: int = 2,
        task_retries: int = 2,
        task_timeout_s: float = 600.0,
    ) -> None:
        self.specs = specs
        self.sinks = list(sinks or [])
        self.chunk = max(1, chunk)
        self.inflight = max(1, inflight)
        self.task_retries = task_retries
        self.task_timeout_s = task_timeout_s
        self.workers: dict[str, list[Any]] = {d: [self._start(d) for _ in range(sizes[d])] for d in sorted(specs)}

    def _start(self, domain: str) -> Any:
        spec = self.specs[domain]
        actor = ray.remote(EnvWorker).options(
            num_cpus=spec.num_cpus,
            max_restarts=spec.max_restarts,
            max_task_retries=spec.max_task_retries,
        )
        return actor.remote(domain, spec.runner_options, spec.teacher, self.sinks)

    def wait_ready(self, timeout_s: float = 300.0) -> list[dict[str, Any]]:
        refs = [w.ping.remote() for ws in self.workers.values() for w in ws]
        return ray.get(refs, timeout=timeout_s)

    def _alive(self, worker: Any) -> bool:
        try:
            ray.get(worker.ping.remote(), timeout=60)
            return True
        except (RayActorError, GetTimeoutError):
            return False

    def run(self, planned: list[PlannedTask], on_event: Event | None = None) -> RoundOutcome:
        """Play every planned task once; returns when each is delivered or out of attempts."""
        start = time.perf_counter()
        outcome = RoundOutcome(planned=[p.id for p in planned])
        if len(set(outcome.planned)) != len(outcome.planned):
            raise ValueError("planned task ids must be unique")
        queues: dict[str, deque[PlannedTask]] = {d: deque() for d in self.workers}
        for p in planned:
            if p.domain not in queues:
                raise ValueError(f"task {p.id}: no EnvWorker pool for domain {p.domain!r}")
            queues[p.domain].append(p)
        # ref -> (domain, worker slot, tasks, submit time)
        flight: dict[Any, tuple[str, int, list[PlannedTask], float]] = {}
        load = {(d, i): 0 for d, ws in self.workers.items() for i in range(len(ws))}
        emit = on_event or (lambda kind, info: None)

        def fill() -> None:
            for domain, queue in queues.items():
                for i in sorted(range(len(self.workers[domain])), key=lambda i: load[(domain, i)]):
                    while queue and load[(domain, i)] < self.inflight:
                        tasks: list[PlannedTask] = []
                        while queue and len(tasks) < self.chunk:
                            task = queue.popleft()
                            if task.id not in outcome.results and task.id not in outcome.failed:
                                tasks.append(task)
                        if not tasks:
                            continue
                        for task in tasks:
                            outcome.attempts[task.id] = outcome.attempts.get(task.id, 0) + 1
                        ref = self.workers[domain][i].run.remote([t.model_dump(mode="json") for t in tasks])
                        flight[ref] = (domain, i, tasks, time.monotonic())
                        load[(domain, i)] += 1

        def retry(tasks: list[PlannedTask], why: str) -> None:
            for task in tasks:
                if task.id in outcome.results:
                    continue
                if outcome.attempts.get(task.id, 0) <= self.task_retries:
                    queues[task.domain].append(task)
                    emit("retry", {"id": task.id, "why": why})
                else:
                    outcome.failed[task.id] = why
                    emit("failed", {"id": task.id, "why": why})

        fill()
        while flight:
            ready, _ = ray.wait(list(flight), num_returns=1, timeout=5.0)
            if not ready:
                now = time.monotonic()
                for ref, (domain, i, tasks, t0) in list(flight.items()):
                    if now - t0 > self.task_timeout_s:
                        ray.cancel(ref)
                        del flight[ref]
                        load[(domain, i)] -= 1
                        retry(tasks, f"timed out after {self.task_timeout_s:.0f}s")
                fill()
                continue
            ref = ready[0]
            domain, i, tasks, _t0 = flight.pop(ref)
            load[(domain, i)] -= 1
            try:
                results = ray.get(ref)
            except RayActorError as exc:
                # Ray already restarted the worker and re-sent the call as often as allowed.
                outcome.worker_errors += 1
                if not self._alive(self.workers[domain][i]):
                    self.workers[domain][i] = self._start(domain)
                    outcome.replaced_workers += 1
                    emit("replaced", {"domain": domain, "slot": i})
                retry(tasks, f"worker died: {type(exc).__name__}")
            except RayTaskError as exc:
                cause = exc.cause if exc.cause is not None else str(exc).splitlines()[0]
                retry(tasks, f"episode failed: {cause!r}")
            else:
                for result in results:
                    tid = result["id"]
                    status = str(result.get("status", ""))
                    if status.startswith("rejected"):
                        outcome.failed[tid] = status
                        emit("rejected", result)
                    elif tid not in outcome.results:
                        outcome.results[tid] = result
                        outcome.failed.pop(tid, None)
                        emit("done", result)
            fill()
        outcome.seconds = time.perf_counter() - start
        return outcome

    def shutdown(self) -> None:
        for ws in self.workers.values():
            for w in ws:
                ray.kill(w, no_restart=True)
        self.workers = {d: [] for d in self.workers}
