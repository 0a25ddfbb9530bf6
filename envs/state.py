"""Copy-on-write database state.

The base database (``{kind: {record_id: record}}``) is shared by every episode
and never mutated. An episode's state is a small overlay of the records it has
changed; ``reset`` just drops the overlay, so it costs nothing however large the
database is (tau-bench reloads every JSON file instead).

Every tool call runs as a transaction: a record is copied the first time the
call edits it, and a failing call rolls the overlay back, so a precondition
error (or a bug) never leaves half a change behind.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson

Record = dict[str, Any]
DB = dict[str, dict[str, Record]]

# Marks a record deleted in the overlay (distinct from any JSON value).
_DELETED: Any = object()


def copy_record(value: Any) -> Any:
    """A deep copy of a JSON value (orjson round trip: exact for ints and floats, and fast)."""
    return orjson.loads(orjson.dumps(value))


def canonical(value: Any) -> bytes:
    """Key-sorted JSON bytes: equality that tells ``1`` from ``1.0`` (as tau-bench's hash does)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


class State:
    """One episode's view of the database: the shared base plus this episode's changes."""

    __slots__ = ("base", "overlay", "_snapshot", "_copied")

    def __init__(self, base: DB, overlay: dict[str, dict[str, Any]] | None = None) -> None:
        self.base = base
        self.overlay: dict[str, dict[str, Any]] = {}
        self._snapshot: dict[str, dict[str, Any]] | None = None
        self._copied: set[tuple[str, str]] = set()
        for kind, records in (overlay or {}).items():
            for rid, rec in records.items():
                if rec is None:
                    self.delete(kind, rid)
                else:
                    self.put(kind, rid, copy_record(rec))

    # -- reading ------------------------------------------------------------------------------
    def get(self, kind: str, record_id: str) -> Record | None:
        """The current record (read-only: callers must not mutate it), or None."""
        ov = self.overlay.get(kind)
        if ov is not None and record_id in ov:
            rec = ov[record_id]
            return None if rec is _DELETED else rec
        return self.base.get(kind, {}).get(record_id)

    def __contains__(self, key: tuple[str, str]) -> bool:
        return self.get(*key) is not None

    def items(self, kind: str) -> Iterator[tuple[str, Record]]:
        """All current records of a kind, base order first, then records added in this episode."""
        ov = self.overlay.get(kind)
        base = self.base.get(kind, {})
        if not ov:
            yield from base.items()
            return
        for rid, rec in base.items():
            if rid in ov:
                rec = ov[rid]
                if rec is _DELETED:
                    continue
            yield rid, rec
        for rid, rec in ov.items():
            if rid not in base and rec is not _DELETED:
                yield rid, rec

    def values(self, kind: str) -> Iterator[Record]:
        for _, rec in self.items(kind):
            yield rec

    # -- writing ------------------------------------------------------------------------------
    def edit(self, kind: str, record_id: str) -> Record:
        """A private, mutable copy of a record (copied once per transaction)."""
        key = (kind, record_id)
        current = self.get(kind, record_id)
        if current is None:
            raise KeyError(f"{kind} {record_id!r} not found")
        if key in self._copied:
            return current
        rec = copy_record(current)
        self.overlay.setdefault(kind, {})[record_id] = rec
        self._copied.add(key)
        return rec

    def put(self, kind: str, record_id: str, record: Record) -> None:
        self.overlay.setdefault(kind, {})[record_id] = record
        self._copied.add((kind, record_id))

    def delete(self, kind: str, record_id: str) -> None:
        self.overlay.setdefault(kind, {})[record_id] = _DELETED
        self._copied.discard((kind, record_id))

    # -- transactions -------------------------------------------------------------------------
    def begin(self) -> None:
        self._snapshot = {kind: dict(ov) for kind, ov in self.overlay.items()}
        self._copied = set()

    def commit(self) -> None:
        self._snapshot = None
        self._copied = set()

    def rollback(self) -> None:
        if self._snapshot is not None:
            self.overlay = self._snapshot
        self._snapshot = None
        self._copied = set()

    # -- views --------------------------------------------------------------------------------
    def changed_records(self) -> dict[str, dict[str, Record | None]]:
        """``{kind: {record_id: final_record}}`` for records that differ from the base (None = deleted).

        Records compare by value (an int balance rewritten as the equal float is unchanged);
        the reward's comparison is stricter, see ``reward.states_equal``.
        """
        out: dict[str, dict[str, Record | None]] = {}
        for kind, ov in self.overlay.items():
            base = self.base.get(kind, {})
            for rid, rec in ov.items():
                old = base.get(rid)
                if rec is _DELETED:
                    if old is not None:
                        out.setdefault(kind, {})[rid] = None
                    continue
                # Plain equality (9 == 9.0), as the gold-state files were computed.
                if old is None or old != rec:
                    out.setdefault(kind, {})[rid] = rec
        return out

    def materialize(self) -> DB:
        """The full current database as plain dicts (shares unchanged records with the base)."""
        return {kind: dict(self.items(kind)) for kind in set(self.base) | set(self.overlay)}
