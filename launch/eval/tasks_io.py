"""Reading evaluation and training tasks: tau-bench task lists or TaskSpec records.

Accepted files: a JSON list (tau-bench's ``{index, user_id, instruction,
actions, outputs}`` or ``TaskSpec`` dicts), a JSON object with a ``tasks``
list, or JSONL with one task per line. A bad record is reported with its
position and field and skipped; the others load. tau2 task records
(``user_scenario``, ``evaluation_criteria``) are recognised but not run as tasks
here (``t2g decontam`` reads their texts and actions; ``t2g env replay --domain
telecom`` replays them).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import orjson
from pydantic import ValidationError

from trajectory2gym.codecs import iter_jsonl
from trajectory2gym.envs.tasks import Action, TaskSpec
from trajectory2gym.validation import RecordError, format_loc

T = TypeVar("T")

KNOWN_DOMAINS = ("retail", "airline", "telecom")


def guess_domain_from_name(path: str | os.PathLike[str]) -> str | None:
    """``retail_dev_tasks.json`` -> ``retail`` (the tau-bench data naming)."""
    name = Path(path).name.lower()
    hits = [d for d in KNOWN_DOMAINS if d in name]
    return hits[0] if len(hits) == 1 else None


def is_tau2_record(raw: Any) -> bool:
    """A tau2 task (``user_scenario``/``evaluation_criteria``) rather than a tau-bench task or TaskSpec."""
    return isinstance(raw, dict) and ("user_scenario" in raw or "evaluation_criteria" in raw)


def raw_records(path: Path) -> Iterator[tuple[int, Any]]:
    """(1-based position, record | RecordError) from JSON or JSONL."""
    if path.suffix.lower() in (".jsonl", ".ndjson"):
        yield from iter_jsonl(path)
        return
    data = path.read_bytes()
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc.args[0]})") from None
    if isinstance(doc, dict) and isinstance(doc.get("tasks"), list):
        doc = doc["tasks"]
    if not isinstance(doc, list):
        raise ValueError(f"{path}: expected a JSON list of tasks (or an object with a 'tasks' list)")
    yield from enumerate(doc, start=1)


def task_from_record(raw: Any, position: int, domain: str | None, source: str) -> TaskSpec:
    """One task record as a TaskSpec; raises RecordError naming the record and field."""
    spec = _task_spec(raw, position, domain, source)
    if spec.domain not in KNOWN_DOMAINS:  # one bad record must not stop the others
        raise RecordError("invalid_task", f"unknown domain {spec.domain!r} (known: {', '.join(KNOWN_DOMAINS)})",
                          "domain", position, spec.id, source)
    return spec


def _task_spec(raw: Any, position: int, domain: str | None, source: str) -> TaskSpec:
    if not isinstance(raw, dict):
        raise RecordError("wrong_type", f"task must be an object, got {type(raw).__name__}", "", position, None, source)
    rid = raw.get("id", raw.get("index"))
    rid = str(rid) if rid is not None else None
    if is_tau2_record(raw):
        # Said without naming one command: eval and decontam both read task files through here.
        raise RecordError("unsupported_format", "tau2 task records cannot be run as tasks yet (t2g env replay "
                          "--domain telecom replays them; t2g decontam compares them)", "", position, rid, source)
    if "messages" in raw and "instruction" not in raw:
        raise RecordError("unsupported_format", "an interaction (it has messages), not a task: eval runs tasks "
                          "(TaskSpec, tau-bench or tau2 task files)", "", position, rid, source)
    is_spec = "id" in raw and "domain" in raw
    try:
        if is_spec:
            return TaskSpec.model_validate(raw)
        actions = raw.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("invalid_task", "must be a list", "actions", position, rid, source)
        for j, action in enumerate(actions):
            try:
                Action.model_validate(action)
            except ValidationError as exc:
                err = exc.errors(include_url=False)[0]
                loc = format_loc((f"actions[{j}]", *err["loc"]))
                raise RecordError("invalid_task", err["msg"], loc, position, rid, source) from None
        if domain is None:
            raise RecordError(
                "missing_field",
                "tau-bench task has no domain: pass --domain or name the file after the domain",
                "domain",
                position,
                rid,
                source,
            )
        return TaskSpec.from_tau_bench(raw, domain, index=position - 1)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = format_loc(tuple(err["loc"]))
        raise RecordError("invalid_task", err["msg"], loc, position, rid, source) from None


def unique_records(
    path: Path, parse: Callable[[Any, int], T], id_of: Callable[[T], str], source: str
) -> tuple[list[T], list[RecordError]]:
    """``parse(raw, position)`` of every record of a task file, in order, each id once; a record that
    cannot be read or parsed (``RecordError``), or repeats an id, becomes an error, not a stop."""
    out: list[T] = []
    errors: list[RecordError] = []
    seen: set[str] = set()
    for position, raw in raw_records(path):
        if isinstance(raw, RecordError):
            errors.append(raw)
            continue
        try:
            item = parse(raw, position)
        except RecordError as err:
            errors.append(err)
            continue
        rid = id_of(item)
        if rid in seen:
            errors.append(RecordError("duplicate_id", f"task id {rid!r} repeats", "id", position, rid, source))
            continue
        seen.add(rid)
        out.append(item)
    return out, errors


def load_tasks(
    path: str | os.PathLike[str], domain: str | None = None
) -> tuple[list[TaskSpec], list[RecordError]]:
    """All readable tasks of a file and the errors of the others (never raises for one bad record)."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"{path}: no such task file")
    domain = domain or guess_domain_from_name(p)
    return unique_records(p, lambda raw, position: task_from_record(raw, position, domain, str(p)),
                          lambda task: task.id, str(p))
