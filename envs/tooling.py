"""Declaring tools: one place per tool for its schema, metadata and implementation.

A tool is a plain function ``fn(ctx, **arguments) -> str`` decorated with
``@toolkit.tool(...)``: the decorator takes the description, the access
category, the object class and one ``Param`` per argument (JSON schema plus the
argument's role). From that single declaration come the OpenAI function schema
(``ToolSpec``), the ``ToolMeta`` certification reads, and argument validation.
A precondition failure raises ``ToolError``; the executor turns it into an
observation starting ``Error: ``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trajectory2gym.interaction import ToolSpec
from trajectory2gym.toolmeta import Access, ArgRole, ObjectClass, Side, ToolMeta


class ToolError(Exception):
    """A precondition failure; the message becomes the ``Error: ...`` observation."""


@dataclass(frozen=True)
class Param:
    """One argument: its JSON schema, its role, and whether it is required."""

    schema: dict[str, Any]
    role: ArgRole
    required: bool = True


def string(description: str, role: ArgRole, *, enum: list[str] | None = None, required: bool = True) -> Param:
    schema: dict[str, Any] = {"type": "string", "description": description}
    if enum is not None:
        schema["enum"] = list(enum)
    return Param(schema, role, required)


def integer(description: str, role: ArgRole = "count") -> Param:
    return Param({"type": "integer", "description": description}, role)


def number(description: str, role: ArgRole = "amount") -> Param:
    return Param({"type": "number", "description": description}, role)


def array(description: str, items: dict[str, Any], role: ArgRole) -> Param:
    return Param({"type": "array", "description": description, "items": items}, role)


def obj(properties: dict[str, dict[str, Any]], required: list[str]) -> dict[str, Any]:
    """A nested object schema (for array items)."""
    return {"type": "object", "properties": properties, "required": required}


@dataclass(frozen=True)
class ToolDef:
    """A declared tool. ``side`` says who calls it: the agent, or the user on their own device
    (dual control, telecom)."""

    name: str
    description: str
    params: dict[str, Param]
    access: Access
    object_class: ObjectClass
    fn: Callable[..., str]
    side: Side = "agent"
    # Record kinds it reads (a read) or may change (a write): ``ToolMeta.records``.
    records: tuple[str, ...] = ()

    @property
    def parameters(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {n: p.schema for n, p in self.params.items()},
            "required": [n for n, p in self.params.items() if p.required],
        }

    @property
    def spec(self) -> ToolSpec:
        return ToolSpec.model_validate(
            {"type": "function",
             "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}
        )

    @property
    def meta(self) -> ToolMeta:
        return ToolMeta(
            name=self.name,
            access=self.access,
            object_class=self.object_class,
            arg_roles={n: p.role for n, p in self.params.items()},
            side=self.side,
            inferred=False,
            records=self.records,
        )

    def check_arguments(self, args: dict[str, Any]) -> str | None:
        """The first schema violation as a sentence, or None when the arguments are valid."""
        for name in args:
            if name not in self.params:
                return f"unexpected argument '{name}' for {self.name}"
        for name, param in self.params.items():
            if name not in args:
                if param.required:
                    return f"missing required argument '{name}' for {self.name}"
                continue
            problem = schema_violation(args[name], param.schema, name)
            if problem:
                return problem
        return None


_TYPE_NAMES = {"string": "a string", "integer": "an integer", "number": "a number",
               "boolean": "a boolean", "array": "an array", "object": "an object"}


def _type_ok(value: Any, typ: str) -> bool:
    if typ == "string":
        return isinstance(value, str)
    if typ == "integer":
        if isinstance(value, bool):
            return False
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if typ == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if typ == "boolean":
        return isinstance(value, bool)
    if typ == "array":
        return isinstance(value, list)
    if typ == "object":
        return isinstance(value, dict)
    return True


def schema_violation(value: Any, schema: dict[str, Any], path: str) -> str | None:
    """A small JSON-schema check (type, enum, required, items, properties): the subset tools use."""
    typ = schema.get("type")
    if typ and not _type_ok(value, typ):
        return f"argument '{path}' must be {_TYPE_NAMES.get(typ, typ)}, got {type(value).__name__}"
    if "enum" in schema and value not in schema["enum"]:
        return f"argument '{path}' must be one of {schema['enum']}, got {value!r}"
    if typ == "array" and "items" in schema:
        for i, item in enumerate(value):
            problem = schema_violation(item, schema["items"], f"{path}[{i}]")
            if problem:
                return problem
    if typ == "object":
        for req in schema.get("required", []):
            if req not in value:
                return f"argument '{path}' is missing '{req}'"
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problem = schema_violation(value[key], sub, f"{path}.{key}")
                if problem:
                    return problem
    return None


@dataclass
class Toolkit:
    """The tools of one domain, in declaration order."""

    tools: dict[str, ToolDef] = field(default_factory=dict)

    def tool(
        self,
        description: str,
        *,
        access: Access,
        object_class: ObjectClass,
        params: dict[str, Param] | None = None,
        name: str | None = None,
        side: Side = "agent",
        records: tuple[str, ...] = (),
    ) -> Callable[[Callable[..., str]], Callable[..., str]]:
        def register(fn: Callable[..., str]) -> Callable[..., str]:
            tool_name = name or fn.__name__
            if tool_name in self.tools:
                raise ValueError(f"tool {tool_name!r} declared twice")
            self.tools[tool_name] = ToolDef(
                tool_name, description, dict(params or {}), access, object_class, fn, side, records
            )
            return fn

        return register

    def add(self, tool: ToolDef) -> None:
        """Share a tool declared elsewhere (calculate, think, transfer)."""
        self.tools[tool.name] = tool
