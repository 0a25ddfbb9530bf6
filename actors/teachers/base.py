"""The teacher interface: visible messages + tools -> the next assistant message.

A teacher may also receive the task's collector-private part (``private``): the
scripted oracle plays from its plan; model teachers ignore it. Optional hooks
the rollout calls when present: ``begin_episode(task_id, seed)`` before the
first step and ``episode_metadata()`` after the last (labels, token usage).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from trajectory2gym.interaction import Message, ToolSpec


@runtime_checkable
class Teacher(Protocol):
    def act(
        self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None
    ) -> Message: ...


class TeacherError(RuntimeError):
    """A teacher that cannot produce a message (endpoint down after all retries)."""


def begin_episode(teacher: Teacher, task_id: str, seed: int) -> None:
    hook = getattr(teacher, "begin_episode", None)
    if callable(hook):
        hook(task_id, seed)


def episode_metadata(teacher: Teacher) -> dict[str, Any]:
    hook = getattr(teacher, "episode_metadata", None)
    return dict(hook()) if callable(hook) else {}
