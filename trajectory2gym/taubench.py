"""Importer for tau-bench result files.

A result file is a JSON list of ``{task_id, reward, info: {task: {...}}, traj:
[messages], trial}``. The interaction gets the messages and reward; the task
(instruction, gold actions, outputs) goes under ``private``, which the student
never sees. tau-bench results carry no tool list: ``tools_for_domain`` (the
domain registry, supplied by callers that have it) fills it, else ``tools`` stays
empty and the report says so.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import orjson

from trajectory2gym.interaction import Interaction, ToolSpec
from trajectory2gym.validation import ReadReport, RecordError, RecordErrors, parse_interaction

DomainGuesser = Callable[[set[str]], "str | None"]
ToolsForDomain = Callable[[str], "list[ToolSpec] | None"]

# Keys litellm/OpenAI put on messages that carry nothing for us when null.
_NULL_KEYS = ("function_call", "audio", "refusal", "annotations")


def _clean_message(msg: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in msg.items() if not (k in _NULL_KEYS and v is None)}
    if out.get("tool_calls") == []:
        out.pop("tool_calls")
    return out


def _called_tools(messages: list[dict[str, Any]]) -> set[str]:
    names: set[str] = set()
    for m in messages:
        calls = m.get("tool_calls") if isinstance(m, dict) else None
        for call in calls if isinstance(calls, list) else ():
            fn = call.get("function") if isinstance(call, dict) else None
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                names.add(fn["name"])
    return names


def _entry_id(entry: dict[str, Any]) -> str | None:
    task_id = entry.get("task_id")
    return None if task_id is None else f"task {task_id}"


def convert_tau_bench_entry(
    entry: dict[str, Any],
    *,
    domain: str | None = None,
    guess_domain: DomainGuesser | None = None,
    tools_for_domain: ToolsForDomain | None = None,
    line: int | None = None,
    source: str | None = None,
) -> tuple[Interaction, list[str]]:
    """One result entry -> (interaction, notes). Raises ``RecordErrors`` if malformed."""
    if not isinstance(entry, dict):
        raise RecordErrors([RecordError("wrong_type", "entry must be an object", "", line, None, source)])
    traj = entry.get("traj")
    if not isinstance(traj, list):
        raise RecordErrors([RecordError("missing_field", "no message list", "traj", line, _entry_id(entry), source)])
    messages = [_clean_message(m) if isinstance(m, dict) else m for m in traj]
    notes: list[str] = []
    info = entry.get("info") or {}
    task = info.get("task") if isinstance(info, dict) else None
    if domain is None and guess_domain is not None:
        domain = guess_domain(_called_tools(messages))
    tools_raw = entry.get("tools") or (info.get("tools") if isinstance(info, dict) else None)
    if tools_raw is not None and not isinstance(tools_raw, list):
        where = "tools" if entry.get("tools") else "info.tools"
        raise RecordErrors([RecordError("wrong_type", f"expected a list of tool schemas, got "
                                        f"{type(tools_raw).__name__}", where, line, _entry_id(entry), source)])
    tools: list[Any] = list(tools_raw or [])
    if not tools and domain and tools_for_domain is not None:
        tools = [t.model_dump(mode="json") for t in (tools_for_domain(domain) or [])]
    if not tools:
        notes.append("no tool schemas (result file has none and no domain registry matched)")
    private: dict[str, Any] = {}
    if isinstance(task, dict):
        private["task"] = task
    task_id = entry.get("task_id")
    record = {
        "task_id": None if task_id is None else str(task_id),
        "domain": domain,
        "tools": tools,
        "messages": messages,
        "private": private,
        "reward": entry.get("reward"),
        "metadata": {"source": "tau-bench", "trial": entry.get("trial")},
    }
    inter = parse_interaction(record, line=line, source=source)
    return inter, notes


def import_tau_bench_results(
    path: str | os.PathLike[str],
    *,
    report: ReadReport | None = None,
    domain: str | None = None,
    guess_domain: DomainGuesser | None = None,
    tools_for_domain: ToolsForDomain | None = None,
) -> Iterator[Interaction]:
    """Interactions of a tau-bench result file; bad entries are reported and skipped."""
    report = report if report is not None else ReadReport()
    src = str(path)
    try:
        with open(path, "rb") as fh:
            data = orjson.loads(fh.read())
    except orjson.JSONDecodeError as exc:
        report.records += 1
        report.add_bad([RecordError("invalid_json", f"not valid JSON: {exc.args[0]}", "", None, None, src)])
        return
    if isinstance(data, dict):  # some runners wrap the list
        data = data.get("results", data.get("trajectories", [data]))
    if not isinstance(data, list):
        report.records += 1
        report.add_bad([RecordError("wrong_type", f"expected a JSON list of results, got {type(data).__name__}",
                                    "", None, None, src)])
        return
    missing_tools = 0
    for i, entry in enumerate(data):
        report.records += 1
        try:
            inter, notes = convert_tau_bench_entry(
                entry, domain=domain, guess_domain=guess_domain, tools_for_domain=tools_for_domain,
                line=i + 1, source=src,
            )
        except RecordErrors as exc:
            report.add_bad(exc.errors)
            continue
        missing_tools += bool(notes)
        report.ok += 1
        yield inter
    if missing_tools:
        report.notes.append(f"{missing_tools} interactions imported without tool schemas (tools left empty)")
