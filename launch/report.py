"""The end-of-run text summary: ``report/report.md``.

Reads only the run directory (``state.json``, ``selection.json``,
``learner/train.json``), so it can be rebuilt any time with
``t2g run --resume RUN_DIR`` after a finished run. Figures and the per-section
detail are in the HTML report beside it (``report/report.html``, written by
``launch/report_html``, the same as ``t2g report RUN_DIR``): this file is what a
terminal, a pull request or a log shows.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from trajectory2gym.launch.report_html import shapes
from trajectory2gym.launch.report_html.collect import (
    ROUND_COLUMNS,
    read_checked,
    read_rounds,
    read_state,
)
from trajectory2gym.launch.rundir import RunDir


def _md_table(rows: list[dict[str, Any]], fields: tuple[str, ...]) -> str:
    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    head = "| " + " | ".join(fields) + " |\n|" + "---|" * len(fields) + "\n"
    return head + "".join("| " + " | ".join(cell(r.get(f, "")) for f in fields) + " |\n" for r in rows)


def _read(read: Callable[[], Any], problems: list[str]) -> Any:
    """``read()``, or None with its error in ``problems``: a file that is no JSON costs its section only."""
    try:
        return read()
    except ValueError as exc:
        problems.append(str(exc))
        return None


def _selection_lines(sel: dict[str, Any]) -> list[str]:
    def get(key: str) -> Any:
        return sel.get(key, "?")  # a value of the wrong type was left out (said under "Left out")

    def count(key: str) -> Any:
        return len(sel[key]) if key in sel else "?"

    stages = ", ".join(f"{k} {v}" for k, v in sorted(sel["stage_counts"].items())) if "stage_counts" in sel else "?"
    return [
        f"- strategy {get('strategy')}, budget {get('budget')}, depth {get('depth')}, cap {get('cap')}",
        f"- selected {count('selected')} of {get('candidates')} candidates",
        f"- paths covered {get('paths_covered')} of {get('paths_in_pool')} in the pool; "
        f"objective F_d = {get('objective')}",
        f"- stages: {stages}",
        f"- remaining deficits: {count('deficits')}; stop reason: {get('stop_reason')}",
    ]


def write_report(run_dir: RunDir) -> list[Path]:
    """Write ``report.md``; returns its path in a list (the driver adds the HTML report's)."""
    problems: list[str] = []  # unreadable files and values of the wrong type, listed last
    state = _read(lambda: read_state(run_dir.state_path, problems), problems) or {}
    rounds = _read(lambda: read_rounds(run_dir.state_path, problems), problems) or []
    out_dir = run_dir.report_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    sections: list[tuple[str, str]] = []
    overview = [
        f"- run directory: {run_dir.path}",
        f"- rounds completed: {state.get('completed_rounds', 0)} (stopped: {state.get('stopped') or 'not yet'})",
        f"- interactions certified: {sum(r.get('interactions', 0) for r in rounds)}",
    ]
    if rounds:
        last = rounds[-1]
        overview.append(f"- paths covered after the last round: {last.get('paths_covered')}")
        overview.append(f"- deficit paths left: {last.get('deficit_paths')} (total deficit {last.get('deficit_total')})")
    sections.append(("Overview", "\n".join(overview)))
    if rounds:
        sections.append(("Rounds", _md_table(rounds, ROUND_COLUMNS)))
    if run_dir.selection_path.exists():
        sel = _read(lambda: read_checked(run_dir.selection_path, shapes.Selection, problems), problems)
        if sel is not None:
            sections.append(("Selection", "\n".join(_selection_lines(sel))))
    train_path = run_dir.learner_dir / "train.json"
    if train_path.exists():
        tr = _read(lambda: read_checked(train_path, shapes.Train, problems), problems)
        if tr is not None:
            losses = tr.get("losses") or []
            lines = [
                f"- steps: {tr.get('steps', '?')} (this call started at step {tr.get('start_step', '?')})",
                f"- loss: first {losses[0]:.4f}, last {losses[-1]:.4f}" if losses else "- loss: no steps run in this call",
                f"- checkpoint: {tr.get('checkpoint')}",
            ]
            if tr.get("optimizer"):
                lines.append(f"- optimizer: {tr['optimizer']}")
            sections.append(("Learner", "\n".join(lines)))
    if problems:
        sections.append(("Left out", "\n".join(f"- {p}" for p in dict.fromkeys(problems))))
    title = f"Trajectory2Gym run {run_dir.path.name}"
    md = f"# {title}\n\n" + "\n".join(f"## {h}\n\n{t.strip()}\n" for h, t in sections)
    md += "\nFigures and per-section detail: [report.html](report.html) (`t2g report RUN_DIR` rebuilds it).\n"
    md_path = out_dir / "report.md"
    md_path.write_text(md)
    return [md_path]
