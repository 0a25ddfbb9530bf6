"""The user-simulator interface the episode API drives (implementations live in envs/users.py)."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Message

STOP_TOKEN = "###STOP###"


@runtime_checkable
class UserSimulator(Protocol):
    """Plays the customer: opens the conversation, then answers each agent text turn."""

    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        """The first user message of an episode for ``task``."""
        ...

    def reply(self, history: list[Message]) -> Message:
        """The next user message; its content contains ``###STOP###`` to end the episode."""
        ...
