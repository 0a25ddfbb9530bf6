"""The episode loop: a teacher plays a task in an ``Env``; the result is an ``Interaction``.

Pure (no Ray): the Ray actors in ``actors/`` wrap it. The teacher is anything
with ``act(messages, tools, *, private=None) -> Message``; the optional hooks
``begin_episode(task_id, seed)`` and ``episode_metadata()`` are called when
present. A teacher that fails (endpoint down after its retries) ends the
episode early; the failure is recorded in the metadata, never raised.
"""

from __future__ import annotations

from typing import Any, Protocol

from trajectory2gym.envs.env import Env
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Interaction, Message, ToolSpec


class EpisodeTeacher(Protocol):
    def act(
        self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None
    ) -> Message: ...


def run_episode(env: Env, teacher: EpisodeTeacher, task: TaskSpec, *, seed: int) -> Interaction:
    """Reset ``env`` with ``task``, let ``teacher`` act until the episode ends, record it."""
    env.reset(seed=seed, options={"task": task})
    private = task.private()
    hook = getattr(teacher, "begin_episode", None)
    if callable(hook):
        hook(task.id, seed)
    reward: float | None = None
    end = "max_steps"
    info: dict[str, Any] = {}
    teacher_error: str | None = None
    while not env.done:
        try:
            action = teacher.act(list(env.history), env.tools, private=private)
        except (RuntimeError, ValueError) as exc:  # TeacherError is a RuntimeError
            teacher_error = f"{type(exc).__name__}: {exc}"
            end = "teacher_error"
            break
        _, reward, terminated, truncated, info = env.step(action)
        if terminated:
            end = "terminated"
        elif truncated:
            end = "max_steps"
    if teacher_error is not None:
        reward = env.tool_env.reward(task, [m.content for m in env.history
                                            if m.role == "assistant" and m.content])
    meta_hook = getattr(teacher, "episode_metadata", None)
    teacher_meta = dict(meta_hook()) if callable(meta_hook) else {}
    metadata: dict[str, Any] = {
        "seed": seed,
        "end": end,
        "steps": env.steps,
        "family": task.family,
        "template": task.template,
        "intended_path": task.intended_path,
        "teacher": teacher_meta,
    }
    if "reward_info" in info:
        metadata["reward_info"] = info["reward_info"]
    if teacher_error:
        metadata["teacher_error"] = teacher_error
    return Interaction(
        id=f"{task.id}:s{seed}",
        task_id=task.id,
        domain=task.domain,
        tools=list(env.tools),
        messages=list(env.history),
        private=private,
        reward=reward,
        metadata=metadata,
    )
