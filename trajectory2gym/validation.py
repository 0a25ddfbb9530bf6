"""Turning raw records into ``Interaction`` objects with errors that say where.

Every error names the record (line number in its file, id when known) and the
field path (``messages[4].tool_calls[0].function.arguments``), and has a kind so
summaries can count them. Readers skip bad records and go on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from trajectory2gym.interaction import ROLES, Interaction


@dataclass
class RecordError(Exception):
    """A record that could not be turned into a valid interaction."""

    kind: str
    message: str
    path: str = ""
    line: int | None = None
    record_id: str | None = None
    source: str | None = None

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            from trajectory2gym.codecs import MSGPACK_SUFFIXES  # here: codecs imports this module

            # msgpack files have no lines: their records are numbered
            unit = "record" if self.source and self.source.endswith(MSGPACK_SUFFIXES) else "line"
            where.append(f"{unit} {self.line}")
        if self.record_id:
            where.append(f"id={self.record_id}")
        loc = f"{self.path}: " if self.path else ""
        prefix = f"[{', '.join(where)}] " if where else ""
        return f"{prefix}{loc}{self.message} ({self.kind})"

    def __reduce__(self) -> tuple[Any, ...]:
        # An exception pickles from its ``args``, which this dataclass leaves empty: rebuild it
        # from its fields instead (bad records come back from ``t2g certify --workers`` processes).
        return (type(self), (self.kind, self.message, self.path, self.line, self.record_id, self.source))

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "id": self.record_id,
            "source": self.source,
        }


def format_loc(loc: tuple[Any, ...]) -> str:
    """``('messages', 4, 'tool_calls', 0)`` -> ``messages[4].tool_calls[0]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _kind_of(err: dict[str, Any]) -> str:
    loc = err["loc"]
    etype = err["type"]
    if loc and loc[-1] == "role" and etype == "literal_error":
        return "unknown_role"
    if loc and loc[-1] == "arguments":
        return "invalid_arguments" if "not valid JSON" in err["msg"] else "non_object_arguments"
    if etype == "missing":
        return "missing_field"
    if etype == "extra_forbidden":
        return "unknown_field"
    return "wrong_type"


def pydantic_errors(exc: ValidationError) -> list[tuple[str, str, str]]:
    """(kind, field path, message) per error, in the kinds every reader reports."""
    out = []
    for err in exc.errors(include_url=False):
        # Drop pydantic's union/function tags that are not part of the record's shape.
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        kind = _kind_of({**err, "loc": loc})
        msg = err["msg"].removeprefix("Value error, ")
        if kind == "unknown_role":
            msg = f"unknown role {err.get('input')!r} (expected one of {', '.join(ROLES)})"
        out.append((kind, format_loc(loc), msg))
    return out


def structural_errors(inter: Interaction) -> list[tuple[str, str, str]]:
    """Conversation-level checks the field types cannot express."""
    errors: list[tuple[str, str, str]] = []
    open_calls: dict[str, str] = {}  # call id -> path of the call
    seen_ids: set[str] = set()
    for i, msg in enumerate(inter.messages):
        for j, call in enumerate(msg.calls):
            path = f"messages[{i}].tool_calls[{j}].id"
            if call.id in seen_ids:
                errors.append(("duplicate_tool_call_id", path, f"tool call id {call.id!r} used twice"))
            seen_ids.add(call.id)
            open_calls[call.id] = path
        if msg.role == "tool":
            if msg.tool_call_id is None:
                errors.append(("missing_field", f"messages[{i}].tool_call_id", "tool message without tool_call_id"))
            elif msg.tool_call_id not in open_calls:
                errors.append(
                    (
                        "dangling_tool_call_id",
                        f"messages[{i}].tool_call_id",
                        f"{msg.tool_call_id!r} matches no earlier unanswered tool call",
                    )
                )
            else:
                del open_calls[msg.tool_call_id]
    for call_id, path in open_calls.items():
        errors.append(("unanswered_tool_call", path, f"tool call {call_id!r} is never answered"))
    return errors


def parse_interaction(
    raw: Any, *, line: int | None = None, source: str | None = None
) -> Interaction:
    """Validate one raw record; raise ``RecordErrors`` listing every problem found."""
    record_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
    if not isinstance(raw, dict):
        raise RecordErrors(
            [RecordError("wrong_type", f"record must be a JSON object, got {type(raw).__name__}", "", line, None, source)]
        )
    try:
        inter = Interaction.model_validate(raw)
    except ValidationError as exc:
        raise RecordErrors(
            [RecordError(k, m, p, line, record_id, source) for k, p, m in pydantic_errors(exc)]
        ) from None
    problems = structural_errors(inter)
    if problems:
        raise RecordErrors([RecordError(k, m, p, line, inter.id, source) for k, p, m in problems])
    return inter


def interaction_or_errors(raw: Any, *, line: int | None, source: str | None) -> Interaction | list[RecordError]:
    """A record as a reader gave it (or the ``RecordError`` its reading gave) validated: the
    interaction, or every problem found; what each reader does with a bad record is its own."""
    if isinstance(raw, RecordError):
        return [raw]
    try:
        return parse_interaction(raw, line=line, source=source)
    except RecordErrors as exc:
        return exc.errors


class RecordErrors(Exception):
    """All problems of one record (a record can be wrong in several places)."""

    def __init__(self, errors: list[RecordError]):
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = errors

    @property
    def line(self) -> int | None:
        return self.errors[0].line if self.errors else None


@dataclass
class ReadReport:
    """What a reader saw: counts, and every bad record with its errors."""

    records: int = 0
    ok: int = 0
    errors: list[RecordError] = field(default_factory=list)
    bad_records: int = 0
    notes: list[str] = field(default_factory=list)

    def add_bad(self, errs: list[RecordError]) -> None:
        self.bad_records += 1
        self.errors.extend(errs)

    def merge(self, other: ReadReport) -> None:
        """Add what another reader of the same input saw (its errors after this one's)."""
        self.records += other.records
        self.ok += other.ok
        self.bad_records += other.bad_records
        self.errors.extend(other.errors)
        self.notes.extend(other.notes)

    def by_kind(self) -> dict[str, int]:
        return dict(Counter(e.kind for e in self.errors).most_common())

    def to_dict(self) -> dict[str, Any]:
        return {
            "records": self.records,
            "ok": self.ok,
            "bad_records": self.bad_records,
            "errors_by_kind": self.by_kind(),
            "errors": [e.to_dict() for e in self.errors],
            "notes": self.notes,
        }
