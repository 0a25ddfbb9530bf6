"""The selected set the learner trains on: ids with optional weights, and its identity hash."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from trajectory2gym.codecs import iter_jsonl
from trajectory2gym.validation import RecordError


@dataclass
class SelectedSet:
    weights: dict[str, float]
    problems: list[str] = field(default_factory=list)

    @property
    def identity(self) -> str:
        """Hash of the sorted (id, weight) pairs: a resumed run must train on the same set."""
        blob = orjson.dumps(sorted(self.weights.items()))
        return hashlib.blake2b(blob, digest_size=12).hexdigest()


def _entry(raw: Any, where: str, out: dict[str, float], problems: list[str]) -> None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected an object with an id, got {type(raw).__name__}")
        return
    rid = raw.get("id")
    if not isinstance(rid, str) or not rid:
        problems.append(f"{where}: field id missing or not a string")
        return
    w = raw.get("weight", 1.0)
    if isinstance(w, bool) or not isinstance(w, (int, float)) or not w >= 0:
        problems.append(f"{where} id={rid}: field weight must be a number >= 0, got {w!r}")
        return
    if rid in out:
        problems.append(f"{where} id={rid}: selected twice; first entry kept")
        return
    out[rid] = float(w)


def read_selected(path: str | os.PathLike[str]) -> SelectedSet:
    """Read a selector JSONL (``{"id", "stage", "path_key", "weight"?}`` lines); bad lines are reported."""
    out: dict[str, float] = {}
    problems: list[str] = []
    for lineno, raw in iter_jsonl(path):
        if isinstance(raw, RecordError):
            problems.append(str(raw))
            continue
        _entry(raw, f"{path} line {lineno}", out, problems)
    return SelectedSet(out, problems)


def as_selected(selected: Any) -> SelectedSet | None:
    """Accept a path, a SelectedSet, an {id: weight} mapping or an iterable of entries/ids."""
    if selected is None or isinstance(selected, SelectedSet):
        return selected
    if isinstance(selected, (str, os.PathLike)):
        return read_selected(selected)
    if isinstance(selected, Mapping):
        return SelectedSet({str(k): float(v) for k, v in selected.items()})
    out: dict[str, float] = {}
    problems: list[str] = []
    for k, item in enumerate(selected if isinstance(selected, Iterable) else []):
        _entry({"id": item} if isinstance(item, str) else item, f"selected[{k}]", out, problems)
    return SelectedSet(out, problems)
