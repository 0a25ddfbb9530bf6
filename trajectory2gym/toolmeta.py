"""The capability vocabulary of tools: access category, object class, argument roles.

Domains declare a ``ToolMeta`` for each tool (``envs/``); certification and
selection read it. Tools no registry knows get metadata inferred from their name
and schema, marked ``inferred=True`` so reports can say so.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from trajectory2gym.interaction import ToolSpec

Access = Literal["read", "write", "irreversible", "handoff"]
ACCESS: tuple[str, ...] = ("read", "write", "irreversible", "handoff")

ObjectClass = Literal[
    "identity", "commerce", "travel", "finance", "connectivity", "communication", "location", "time", "generic"
]
OBJECT_CLASSES: tuple[str, ...] = (
    "identity", "commerce", "travel", "finance", "connectivity", "communication", "location", "time", "generic",
)

ArgRole = Literal[
    "identifier", "amount", "temporal", "enum", "free_text", "address", "name", "contact", "count", "flag",
    "expression", "list", "other",
]
ARG_ROLES: tuple[str, ...] = (
    "identifier", "amount", "temporal", "enum", "free_text", "address", "name", "contact", "count", "flag",
    "expression", "list", "other",
)

Side = Literal["agent", "user"]


class ToolMeta(BaseModel):
    """What a tool does, in types only: never values."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    access: Access
    object_class: ObjectClass
    arg_roles: dict[str, ArgRole] = Field(default_factory=dict)
    side: Side = "agent"
    inferred: bool = False
    # The record kinds of the domain's database a read looks at, or a write may change; empty where
    # unknown (an inferred tool). A repeated read learns nothing from writes to other kinds.
    records: tuple[str, ...] = ()

    def role_class(self, args: dict[str, Any] | None = None) -> str:
        """Argument roles tokenized and sorted into a composite class (``amount+identifier``)."""
        names = self.arg_roles if args is None else [a for a in args if a in self.arg_roles]
        roles = sorted({self.arg_roles[a] for a in names})
        return "+".join(roles) if roles else "none"


_ACCESS_PREFIXES: tuple[tuple[str, Access], ...] = (
    ("transfer", "handoff"),
    ("get", "read"), ("find", "read"), ("list", "read"), ("search", "read"), ("lookup", "read"),
    ("check", "read"), ("calculate", "read"), ("think", "read"), ("show", "read"), ("fetch", "read"),
    ("cancel", "write"), ("modify", "write"), ("update", "write"), ("book", "write"),
    ("exchange", "write"), ("return", "write"), ("send", "write"), ("create", "write"),
    ("delete", "irreversible"), ("remove", "write"), ("set", "write"), ("toggle", "write"),
    ("enable", "write"), ("disable", "write"), ("make", "write"), ("pay", "write"),
    # Verbs of other write tools an agent may call (a plan change, a line's suspension).
    ("change", "write"), ("add", "write"), ("apply", "write"), ("assign", "write"), ("reset", "write"),
    ("suspend", "write"), ("resume", "write"), ("refuel", "write"), ("activate", "write"), ("deactivate", "write"),
    ("submit", "write"), ("upgrade", "write"), ("downgrade", "write"), ("replace", "write"), ("switch", "write"),
    ("edit", "write"), ("purchase", "write"), ("buy", "write"), ("renew", "write"), ("refund", "write"),
    ("issue", "write"), ("grant", "write"),
)

_CLASS_WORDS: tuple[tuple[str, ObjectClass], ...] = (
    ("user", "identity"), ("customer", "identity"), ("email", "identity"), ("name", "identity"),
    ("order", "commerce"), ("product", "commerce"), ("item", "commerce"),
    ("flight", "travel"), ("reservation", "travel"), ("airport", "travel"), ("baggage", "travel"),
    ("payment", "finance"), ("bill", "finance"), ("certificate", "finance"), ("refund", "finance"),
    ("line", "connectivity"), ("data", "connectivity"), ("roaming", "connectivity"), ("network", "connectivity"),
    ("sim", "connectivity"), ("apn", "connectivity"), ("message", "communication"), ("human", "communication"),
    ("address", "location"), ("date", "time"), ("time", "time"),
)


def _infer_role(arg: str, schema: dict[str, Any]) -> ArgRole:
    a = arg.lower()
    typ = schema.get("type")
    if "enum" in schema:
        return "enum"
    if typ == "boolean":
        return "flag"
    if typ == "array":
        return "list" if not a.endswith("ids") else "identifier"
    if a.endswith("_id") or a.endswith("_ids") or a == "id":
        return "identifier"
    if any(w in a for w in ("amount", "price", "balance", "total", "cost")):
        return "amount"
    if any(w in a for w in ("date", "time", "day")):
        return "temporal"
    if any(w in a for w in ("address", "city", "state", "zip", "country")):
        return "address"
    if "email" in a or "phone" in a:
        return "contact"
    if "name" in a:
        return "name"
    if a in ("expression",):
        return "expression"
    if typ in ("integer", "number"):
        return "count" if any(w in a for w in ("num", "count", "quantity")) else "amount"
    if any(w in a for w in ("reason", "summary", "thought", "message", "note", "description")):
        return "free_text"
    return "other"


def infer_tool_meta(spec: ToolSpec | dict[str, Any] | str) -> ToolMeta:
    """Metadata for a tool no registry declares, from its name and schema."""
    params: dict[str, Any]
    if isinstance(spec, str):
        name, params = spec, {}
    else:
        if isinstance(spec, dict):
            spec = ToolSpec.model_validate(spec)
        name, params = spec.function.name, spec.function.parameters.get("properties", {}) or {}
    words = [w for w in re.split(r"[_\W]+", name.lower()) if w]
    access: Access = "read"
    if words:
        for prefix, acc in _ACCESS_PREFIXES:
            if words[0] == prefix:
                access = acc
                break
    object_class: ObjectClass = "generic"
    for word in words[1:] + words[:1]:
        hit = next((c for w, c in _CLASS_WORDS if word.startswith(w)), None)
        if hit:
            object_class = hit
            break
    roles = {arg: _infer_role(arg, sch if isinstance(sch, dict) else {}) for arg, sch in params.items()}
    return ToolMeta(name=name, access=access, object_class=object_class, arg_roles=roles, inferred=True)
