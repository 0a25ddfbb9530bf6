"""Task specifications: what an episode is about, for the user simulator and the reward.

A ``TaskSpec`` is shared by the environment (gold actions and the initial-state
overlay feed the reward), the user simulators (identity facts, disclosures,
confirmation behaviour, obstacles) and the generator (which fills the intended
path and the collector-private plan). tau-bench tasks convert into it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Action(BaseModel):
    """A tool call in tau-bench's task format: ``{"name": ..., "kwargs": {...}}``."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kwargs: dict[str, Any] = Field(default_factory=dict)


class Obstacle(BaseModel):
    """Something the user gets wrong first (a stale email, a wrong order id).

    ``fact`` is the identity/request fact affected; ``wrong_value`` is what the
    user says first; the correct value is given when the agent reports the failure.
    """

    model_config = ConfigDict(extra="forbid")

    fact: str
    wrong_value: Any


class TaskSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    domain: str
    # Text given to an LLM user simulator (tau-bench's ``instruction``).
    instruction: str = ""
    user_id: str | None = None
    # Facts the user knows: name, zip, email, order ids, product names, ...
    facts: dict[str, Any] = Field(default_factory=dict)
    # Facts the user volunteers in the first message; the rest only when asked.
    disclosed_upfront: list[str] = Field(default_factory=list)
    # The opening request of a scripted user.
    request: str = ""
    confirmation: Literal["all", "subset", "decline"] = "all"
    # Indices into ``gold_actions`` (write actions) the user confirms when ``subset``.
    confirm_subset: list[int] = Field(default_factory=list)
    obstacles: list[Obstacle] = Field(default_factory=list)
    gold_actions: list[Action] = Field(default_factory=list)
    outputs: list[str] = Field(default_factory=list)
    # Patch applied to the database before the episode: {kind: {record_id: record | None}}
    # (a record replaces the stored one; None deletes it).
    initial_overlay: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # Generator bookkeeping: family, template, intended canonical path (collector-only).
    family: str | None = None
    template: str | None = None
    intended_path: list[str] | None = None
    # Collector-private plan for the scripted teacher (never shown to the student).
    plan: list[dict[str, Any]] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def from_tau_bench(cls, task: dict[str, Any], domain: str, index: int | None = None) -> TaskSpec:
        """A tau-bench task (``{index, user_id, instruction, actions, outputs}``) as a spec."""
        idx = task.get("index", index)
        return cls(
            id=f"{domain}-{idx}",
            domain=domain,
            instruction=task.get("instruction", ""),
            user_id=task.get("user_id"),
            gold_actions=[Action.model_validate(a) for a in task.get("actions", [])],
            outputs=list(task.get("outputs", [])),
            metadata={"source": "tau-bench", "index": idx, "annotator": task.get("annotator")},
        )

    def private(self) -> dict[str, Any]:
        """What goes into ``Interaction.private``: everything the student must not see."""
        return self.model_dump(mode="json", exclude_none=True)
