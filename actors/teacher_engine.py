"""A teacher shared by many EnvWorkers: a vLLM engine in its own Ray actor holding GPUs.

The engine actor is placed with a placement group (one bundle of GPUs and CPUs,
``STRICT_PACK``) so its resources are reserved before the model loads. Workers
talk to it through ``RemoteTeacher``, which satisfies the ``Teacher`` protocol;
messages cross the actor boundary as plain dicts.
"""

from __future__ import annotations

import threading
from typing import Any

import ray
from ray.util.placement_group import placement_group
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

from trajectory2gym.interaction import Message, ToolSpec


class TeacherEngine:
    """Hosts one in-process teacher (vLLM by default) and serves ``act`` calls."""

    def __init__(self, kind: str, options: dict[str, Any]) -> None:
        if kind == "vllm":
            from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher

            self.teacher: Any = VLLMTeacher(**options)
        else:
            from trajectory2gym.actors.episodes import build_teacher

            self.teacher = build_teacher(kind, options)
        self.calls = 0
        # vLLM's offline ``LLM`` is not thread-safe; concurrent callers queue here.
        self._lock = threading.Lock()

    def act(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], private: dict[str, Any] | None) -> dict[str, Any]:
        msgs = [Message.model_validate(m) for m in messages]
        specs = [ToolSpec.model_validate(t) for t in tools]
        with self._lock:
            self.calls += 1
            out = self.teacher.act(msgs, specs, private=private)
        return out.model_dump(mode="json", exclude_none=True)

    def stats(self) -> dict[str, Any]:
        return {"calls": self.calls}


class RemoteTeacher:
    """The ``Teacher`` protocol over a ``TeacherEngine`` actor handle."""

    name = "remote"

    def __init__(self, handle: Any, timeout_s: float = 600.0) -> None:
        self.handle = handle
        self.timeout_s = timeout_s
        self._calls = 0

    def begin_episode(self, task_id: str, seed: int) -> None:
        self._calls = 0

    def act(self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None) -> Message:
        ref = self.handle.act.remote(
            [m.model_dump(mode="json", exclude_none=True) for m in messages],
            [t.model_dump(mode="json") for t in tools],
            private,
        )
        self._calls += 1
        return Message.model_validate(ray.get(ref, timeout=self.timeout_s))

    def episode_metadata(self) -> dict[str, Any]:
        return {"teacher": "engine", "engine_calls": self._calls}


def start_engine(kind: str, options: dict[str, Any], *, num_gpus: float, num_cpus: float,
                 max_concurrency: int, name: str = "teacher-engine") -> Any:
    """Reserve a bundle with a placement group, then start the engine actor inside it."""
    bundle = {k: v for k, v in {"CPU": num_cpus, "GPU": num_gpus}.items() if v > 0}
    options_: dict[str, Any] = {
        "name": name,
        "num_cpus": num_cpus,
        "num_gpus": num_gpus,
        "max_concurrency": max_concurrency,
        "max_restarts": 1,
    }
    if bundle:
        pg = placement_group([bundle], strategy="STRICT_PACK", name=f"{name}-pg")
        ray.get(pg.ready(), timeout=600)
        options_["scheduling_strategy"] = PlacementGroupSchedulingStrategy(
            placement_group=pg, placement_group_bundle_index=0
        )
    return ray.remote(TeacherEngine).options(**options_).remote(kind, options)
