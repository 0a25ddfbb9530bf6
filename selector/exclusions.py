"""Ids kept out of selection (decontamination against held-out evaluation tasks).

``t2g decontam --exclusions FILE`` writes the file; ``t2g select --exclude FILE``
drops the candidates it names, by interaction id or by task id.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import orjson


@dataclass
class Exclusions:
    """Interaction ids and task ids to keep out of training."""

    ids: set[str] = field(default_factory=set)
    task_ids: set[str] = field(default_factory=set)

    def excludes(self, record_id: str | None, task_id: str | None = None) -> bool:
        return (record_id is not None and record_id in self.ids) or (
            task_id is not None and task_id in self.task_ids
        )

    def to_dict(self) -> dict[str, list[str]]:
        return {"ids": sorted(self.ids), "task_ids": sorted(self.task_ids)}


def load_exclusions(path: str | os.PathLike[str]) -> Exclusions:
    """Read an exclusion file ``{"ids": [...], "task_ids": [...]}``; errors name the field."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"{path}: no such exclusion file")
    try:
        doc = orjson.loads(p.read_bytes())
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc.args[0]})") from None
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: expected an object with 'ids' and 'task_ids'")
    for key in ("ids", "task_ids"):
        value = doc.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"{path}: field {key!r} must be a list of strings")
    return Exclusions(set(doc.get("ids", [])), set(doc.get("task_ids", [])))
