"""A teacher behind any OpenAI-compatible chat-completions endpoint.

The production case is a vLLM server started with ``--enable-auto-tool-choice
--tool-call-parser hermes``. Malformed tool calls (arguments that are not a JSON
object, unknown tool names) are returned as calls, so the environment answers
them with an authentic error instead of the episode crashing.
"""

from __future__ import annotations

from typing import Any

from trajectory2gym.actors.teachers.base import TeacherError
from trajectory2gym.envs.generator.llm import ChatClient, ChatSettings, ChatUnavailable
from trajectory2gym.interaction import Message, ToolSpec


class OpenAITeacher:
    """``act`` = one chat completion over the visible messages and the tool list."""

    name = "openai"

    def __init__(self, settings: ChatSettings | dict[str, Any], *, sleep: Any = None):
        if isinstance(settings, dict):
            settings = ChatSettings.model_validate(settings)
        self.settings = settings
        self.client = ChatClient(settings, sleep=sleep) if sleep else ChatClient(settings)

    def begin_episode(self, task_id: str, seed: int) -> None:
        self.client.reset_usage()

    def act(
        self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None
    ) -> Message:
        # ``private`` is collector-only: a model teacher never sees it.
        try:
            return self.client.chat(messages, tools)
        except ChatUnavailable as exc:
            raise TeacherError(str(exc)) from exc

    def episode_metadata(self) -> dict[str, Any]:
        return {"teacher": self.name, "model": self.settings.model, "usage": self.client.usage.as_dict()}
