"""A teacher shared by many EnvWorkers: one Ray actor holding the model (a vLLM engine on GPUs).

The engine actor is placed with a placement group (one bundle of GPUs and CPUs,
``STRICT_PACK``) so its resources are reserved before the model loads. Each
worker talks to it through a ``RemoteTeacher`` (the ``Teacher`` protocol) with
its own session: the engine keeps one shallow copy of the loaded teacher per
session, so per-episode state (plan cursor, token usage, seeds) never mixes
between workers while the weights are loaded once. Messages cross the actor
boundary as plain dicts. vLLM's offline ``LLM`` is not thread-safe, so calls
into the model are serialized; for many concurrent workers an OpenAI-compatible
vLLM server (continuous batching) is the faster teacher.
"""

from __future__ import annotations

import copy
import threading
import uuid
from dataclasses import dataclass
from typing import Any

import ray
from ray.util.placement_group import PlacementGroup, placement_group, remove_placement_group
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

from trajectory2gym.interaction import Message, ToolSpec


class TeacherEngine:
    """Hosts one loaded teacher and serves sessions of it."""

    def __init__(self, kind: str, options: dict[str, Any]) -> None:
        from trajectory2gym.actors.episodes import build_teacher

        self.prototype: Any = build_teacher(kind, options)
        self.sessions: dict[str, Any] = {}
        self.calls = 0
        self._lock = threading.Lock()

    def _session(self, sid: str) -> Any:
        # A restarted engine has no sessions: they are recreated on first use.
        with self._lock:
            if sid not in self.sessions:
                self.sessions[sid] = copy.copy(self.prototype)
            return self.sessions[sid]

    def open_session(self) -> str:
        sid = uuid.uuid4().hex
        self._session(sid)
        return sid

    def begin_episode(self, sid: str, task_id: str, seed: int) -> None:
        hook = getattr(self._session(sid), "begin_episode", None)
        if callable(hook):
            hook(task_id, seed)

    def episode_metadata(self, sid: str) -> dict[str, Any]:
        hook = getattr(self._session(sid), "episode_metadata", None)
        return dict(hook()) if callable(hook) else {}

    def act(
        self, sid: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]], private: dict[str, Any] | None
    ) -> dict[str, Any]:
        teacher = self._session(sid)
        msgs = [Message.model_validate(m) for m in messages]
        specs = [ToolSpec.model_validate(t) for t in tools]
        with self._lock:
            self.calls += 1
            out = teacher.act(msgs, specs, private=private)
        return out.model_dump(mode="json", exclude_none=True)

    def stats(self) -> dict[str, Any]:
        return {"calls": self.calls, "sessions": len(self.sessions)}


class RemoteTeacher:
    """The ``Teacher`` protocol over a ``TeacherEngine`` actor handle (one session per instance)."""

    name = "remote"

    def __init__(self, handle: Any, timeout_s: float = 600.0) -> None:
        self.handle = handle
        self.timeout_s = timeout_s
        self.sid = ray.get(handle.open_session.remote(), timeout=timeout_s)

    def begin_episode(self, task_id: str, seed: int) -> None:
        ray.get(self.handle.begin_episode.remote(self.sid, task_id, seed), timeout=self.timeout_s)

    def act(
        self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None
    ) -> Message:
        ref = self.handle.act.remote(
            self.sid,
            [m.model_dump(mode="json", exclude_none=True) for m in messages],
            [t.model_dump(mode="json") for t in tools],
            private,
        )
        return Message.model_validate(ray.get(ref, timeout=self.timeout_s))

    def episode_metadata(self) -> dict[str, Any]:
        return ray.get(self.handle.episode_metadata.remote(self.sid), timeout=self.timeout_s)


@dataclass
class EngineActor:
    """A started engine: its actor and the placement group reserving its resources."""

    handle: Any
    group: PlacementGroup | None = None

    def stop(self) -> None:
        """Kill the actor and remove its group: a killed actor alone leaves what the group
        reserved (the teacher's GPUs) held, and the learner that comes next would wait for it."""
        ray.kill(self.handle, no_restart=True)
        if self.group is not None:
            remove_placement_group(self.group)
            self.group = None


def start_engine(
    kind: str,
    options: dict[str, Any],
    *,
    num_gpus: float,
    num_cpus: float,
    max_concurrency: int,
    name: str | None = None,
) -> EngineActor:
    """Reserve a bundle with a placement group, then start the engine actor inside it."""
    bundle = {k: v for k, v in {"CPU": num_cpus, "GPU": num_gpus}.items() if v > 0}
    opts: dict[str, Any] = {
        "num_cpus": num_cpus,
        "num_gpus": num_gpus,
        "max_concurrency": max_concurrency,
        "max_restarts": 1,
        "max_task_retries": 1,
    }
    if name:
        opts["name"] = name
    pg = None
    if bundle:
        pg = placement_group([bundle], strategy="STRICT_PACK")
        ray.get(pg.ready(), timeout=600)
        opts["scheduling_strategy"] = PlacementGroupSchedulingStrategy(
            placement_group=pg, placement_group_bundle_index=0
        )
    return EngineActor(ray.remote(TeacherEngine).options(**opts).remote(kind, options), pg)
