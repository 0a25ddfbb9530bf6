"""The end-of-run text summary: ``report/report.md``.

Reads only the run directory (``state.json``, ``selection.json``,
``learner/train.json``), so it can be rebuilt any time with
``t2g run --resume RUN_DIR`` after a finished run. Figures and the per-section
detail are in the HTML report beside it (``report/report.html``, written by
``launch/report_html``, the same as ``t2g report RUN_DIR``): this file is what a
terminal, a pull request or a log shows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from trajectory2gym.launch.report_html.collect import ROUND_COLUMNS
from trajectory2gym.launch.rundir import RunDir, read_json


def _md_table(rows: list[dict[str, Any]], fields: tuple[str, ...]) -> str:
    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    head = "| " + " | ".join(fields) + " |\n|" + "---|" * len(fields) + "\n"
    return head + "".join("| " + " | ".join(cell(r.get(f, "")) for f in fields) + " |\n" for r in rows)


def write_report(run_dir: RunDir) -> list[Path]:
    """Write ``report.md``; returns its path in a list (the driver adds the HTML report's)."""
    state = run_dir.load_state()
    out_dir = run_dir.report_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    rounds = state.round_metrics
    sections: list[tuple[str, str]] = []
    overview = [
        f"- run directory: {run_dir.path}",
        f"- rounds completed: {state.completed_rounds} (stopped: {state.stopped or 'not yet'})",
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
        sel = read_json(run_dir.selection_path)
        lines = [
            f"- strategy {sel['strategy']}, budget {sel['budget']}, depth {sel['depth']}, cap {sel['cap']}",
            f"- selected {len(sel['selected'])} of {sel.get('candidates', '?')} candidates",
            f"- paths covered {sel['paths_covered']} of {sel['paths_in_pool']} in the pool; objective F_d = {sel['objective']}",
            f"- stages: {', '.join(f'{k} {v}' for k, v in sorted(sel['stage_counts'].items()))}",
            f"- remaining deficits: {len(sel['deficits'])}; stop reason: {sel['stop_reason']}",
        ]
        sections.append(("Selection", "\n".join(lines)))
    train_path = run_dir.learner_dir / "train.json"
    if train_path.exists():
        tr = read_json(train_path)
        losses = tr.get("losses") or []
        lines = [
            f"- steps: {tr['steps']} (this call started at step {tr['start_step']})",
            f"- loss: first {losses[0]:.4f}, last {losses[-1]:.4f}" if losses else "- loss: no steps run in this call",
            f"- checkpoint: {tr.get('checkpoint')}",
        ]
        if tr.get("optimizer"):
            lines.append(f"- optimizer: {tr['optimizer']}")
        sections.append(("Learner", "\n".join(lines)))
    title = f"Trajectory2Gym run {run_dir.path.name}"
    md = f"# {title}\n\n" + "\n".join(f"## {h}\n\n{t.strip()}\n" for h, t in sections)
    md += "\nFigures and per-section detail: [report.html](report.html) (`t2g report RUN_DIR` rebuilds it).\n"
    md_path = out_dir / "report.md"
    md_path.write_text(md)
    return [md_path]
