"""The certified-interaction record: what ``t2g certify`` writes and the selector reads.

The field names are a contract (DESIGN.md, issue 4). Each decision also carries
the type-level facts of its calls (access, object class, argument roles,
observation shape) so the selector can build canonical paths from this record
alone, without the tool registry or the messages.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

DecisionKind = Literal["text", "call", "multi_call", "handoff"]
CHECKS: tuple[str, ...] = ("execution", "visibility", "workflow", "novelty")
ObservationShape = Literal["ok", "error", "empty", "missing"]


class CallFacts(BaseModel):
    """Type-level facts of one tool call: never its argument values."""

    model_config = ConfigDict(extra="forbid")

    name: str
    access: str
    object_class: str
    arg_roles: list[str] = Field(default_factory=list)  # one role token per argument given, sorted
    observation: ObservationShape = "ok"
    inferred: bool = False


class DecisionRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message_index: int
    kind: DecisionKind
    eligible: bool
    checks: dict[str, bool]
    reasons: list[str] = Field(default_factory=list)
    after_error: bool = False
    privileged: bool = False
    calls: list[CallFacts] = Field(default_factory=list)


class CertifiedInteraction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    task_id: str | None = None
    domain: str | None = None
    reward: float | None = None
    decisions: list[DecisionRecord]
    summary: dict[str, int]
    path: list[str] | None = None
    path_key: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def eligible_indices(self) -> list[int]:
        return [d.message_index for d in self.decisions if d.eligible]
