"""The interaction data model: the records every stage reads and writes.

One ``Interaction`` is one executed conversation in the interchange format of
DESIGN.md. Tool-call arguments arrive as a JSON string (OpenAI) or an object
and are stored parsed; ``Interaction.to_dict`` writes them back as objects.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator

Role = Literal["system", "user", "assistant", "tool"]
ROLES: tuple[str, ...] = ("system", "user", "assistant", "tool")


class FunctionCall(BaseModel):
    """The function part of a tool call. ``arguments`` is always a parsed object.

    ``raw_arguments`` keeps what a policy actually emitted when it was not a JSON
    object (a malformed call the environment answered with an error); such a call
    is recorded faithfully rather than dropped.
    """

    model_config = ConfigDict(extra="allow")

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    raw_arguments: str | None = None

    @field_validator("arguments", mode="before")
    @classmethod
    def _parse_arguments(cls, value: Any) -> Any:
        if value is None:
            return {}
        if isinstance(value, (str, bytes)):
            text = value.strip() if isinstance(value, str) else value
            if not text:
                return {}
            try:
                value = orjson.loads(text)
            except orjson.JSONDecodeError as exc:
                raise ValueError(f"not valid JSON ({exc.args[0]})") from None
        if not isinstance(value, dict):
            raise ValueError(f"must be a JSON object, got {type(value).__name__}")
        return value


class ToolCall(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    type: Literal["function"] = "function"
    function: FunctionCall

    @property
    def name(self) -> str:
        return self.function.name

    @property
    def arguments(self) -> dict[str, Any]:
        return self.function.arguments


class Message(BaseModel):
    """A system, user, assistant or tool message (OpenAI chat format).

    User messages may carry ``tool_calls`` too: in dual-control domains (telecom)
    the customer runs tools on their own device.
    """

    model_config = ConfigDict(extra="allow")

    role: Role
    content: str | None = None
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None
    name: str | None = None
    # Strict: "yes" or "0" read as a boolean would silently turn an observation into an error.
    is_error: StrictBool | None = None
    reasoning_content: str | None = None

    @property
    def is_error_observation(self) -> bool:
        """A tool message that reports failure (tau-bench: content starts with ``Error``)."""
        if self.role != "tool":
            return False
        if self.is_error is not None:
            return self.is_error
        return self.content is not None and self.content.lstrip().startswith("Error")

    @property
    def calls(self) -> list[ToolCall]:
        return self.tool_calls or []


class FunctionSpec(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})

    @field_validator("parameters")
    @classmethod
    def _properties_are_schemas(cls, parameters: dict[str, Any]) -> dict[str, Any]:
        # The certifier checks arguments against these: a malformed schema is the record's fault.
        props = parameters.get("properties")
        if props is not None and not isinstance(props, dict):
            raise ValueError(f"properties must be an object mapping argument names to schemas, got "
                             f"{type(props).__name__}")
        required = parameters.get("required")
        if required is not None and not (isinstance(required, list) and all(isinstance(r, str) for r in required)):
            raise ValueError("required must be a list of argument names")
        return parameters


class ToolSpec(BaseModel):
    """An OpenAI function-tool schema."""

    model_config = ConfigDict(extra="allow")

    type: Literal["function"] = "function"
    function: FunctionSpec

    @property
    def name(self) -> str:
        return self.function.name


class Interaction(BaseModel):
    """One executed interaction: the unit the certifier, selector and learner see."""

    model_config = ConfigDict(extra="forbid")

    id: str = ""
    task_id: str | None = None
    domain: str | None = None
    tools: list[ToolSpec] = Field(default_factory=list)
    messages: list[Message]
    # Collector-only information (the task plan, gold actions): never rendered
    # to the student and never counted as visible evidence.
    private: dict[str, Any] = Field(default_factory=dict)
    reward: float | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("task_id", mode="before")
    @classmethod
    def _task_id_as_str(cls, value: Any) -> Any:
        # tau-bench numbers its tasks; ids are strings everywhere else.
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    def model_post_init(self, _context: Any) -> None:
        if not self.id:
            self.id = self.content_hash()

    def content_hash(self) -> str:
        """A stable id: hash of the canonical content (everything except ``id``)."""
        payload = self.to_dict()
        payload.pop("id", None)
        blob = orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)
        return hashlib.blake2b(blob, digest_size=12).hexdigest()

    def to_dict(self) -> dict[str, Any]:
        """The interchange-format dict (arguments as objects, unset optionals dropped)."""
        return self.model_dump(mode="json", exclude_none=True)

    @property
    def tool_names(self) -> list[str]:
        return [t.name for t in self.tools]

    def assistant_indices(self) -> list[int]:
        return [i for i, m in enumerate(self.messages) if m.role == "assistant"]
