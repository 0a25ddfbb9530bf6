"""The end-of-run summary: ``report/report.md``, ``report/report.html`` and PNG plots of the metrics.

Reads only the run directory (``state.json``, ``selection.json``,
``learner/train.json``), so it can be rebuilt any time with
``t2g run --resume RUN_DIR`` after a finished run. A richer ``t2g report`` may
build on the same files.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from trajectory2gym.launch.rundir import RunDir, read_json

ROUND_FIELDS: tuple[str, ...] = (
    "round", "interactions", "failed", "retries", "eligible_share", "mean_reward",
    "paths_covered", "deficit_paths", "deficit_total", "seconds",
)


def _plot_rounds(rounds: list[dict[str, Any]], out: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [r["round"] for r in rounds]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.2))
    axes[0].bar(xs, [r["interactions"] for r in rounds], color="#4c72b0")
    axes[0].set_title("interactions per round")
    axes[1].plot(xs, [r["paths_covered"] for r in rounds], marker="o", label="paths covered")
    axes[1].plot(xs, [r["deficit_paths"] for r in rounds], marker="s", label="deficit paths")
    axes[1].set_title("coverage and deficits")
    axes[1].legend()
    axes[2].plot(xs, [r["eligible_share"] for r in rounds], marker="o", label="eligible share")
    axes[2].plot(xs, [r["mean_reward"] for r in rounds], marker="s", label="mean reward")
    axes[2].set_ylim(0, 1.05)
    axes[2].set_title("quality")
    axes[2].legend()
    for ax in axes:
        ax.set_xlabel("round")
        ax.set_xticks(xs)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def _plot_line(ys: list[float], title: str, xlabel: str, ylabel: str, out: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 3.2))
    ax.plot(range(1, len(ys) + 1), ys, marker="." if len(ys) < 50 else None)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def _md_table(rows: list[dict[str, Any]], fields: tuple[str, ...]) -> str:
    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    head = "| " + " | ".join(fields) + " |\n|" + "---|" * len(fields) + "\n"
    return head + "".join("| " + " | ".join(cell(r.get(f, "")) for f in fields) + " |\n" for r in rows)


def _md_to_html(title: str, md_sections: list[tuple[str, str]], images: list[Path]) -> str:
    body = [f"<h1>{html.escape(title)}</h1>"]
    for heading, text in md_sections:
        body.append(f"<h2>{html.escape(heading)}</h2>")
        lines = [ln for ln in text.strip().splitlines() if ln.strip()]
        if lines and lines[0].startswith("|"):
            rows = [ln.strip("|").split("|") for ln in lines if not ln.startswith("|---")]
            head, *rest = rows
            body.append("<table><tr>" + "".join(f"<th>{html.escape(c.strip())}</th>" for c in head) + "</tr>")
            for r in rest:
                body.append("<tr>" + "".join(f"<td>{html.escape(c.strip())}</td>" for c in r) + "</tr>")
            body.append("</table>")
        else:
            body.append("<ul>" + "".join(f"<li>{html.escape(ln.lstrip('- '))}</li>" for ln in lines) + "</ul>")
    for img in images:
        body.append(f'<figure><img src="{html.escape(img.name)}" alt="{html.escape(img.stem)}"></figure>')
    style = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
             "img{max-width:100%}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n")


def write_report(run_dir: RunDir, *, plots: bool = True) -> list[Path]:
    """Write the report files; returns their paths (markdown, HTML, then the PNGs)."""
    state = run_dir.load_state()
    out_dir = run_dir.report_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    rounds = state.round_metrics
    sections: list[tuple[str, str]] = []
    images: list[Path] = []
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
        sections.append(("Rounds", _md_table(rounds, ROUND_FIELDS)))
        if plots:
            images.append(_plot_rounds(rounds, out_dir / "rounds.png"))
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
        if plots and sel["coverage_curve"]:
            images.append(_plot_line(sel["coverage_curve"], "paths covered vs selections", "selected", "paths",
                                     out_dir / "coverage.png"))
    train_path = run_dir.learner_dir / "train.json"
    if train_path.exists():
        tr = read_json(train_path)
        losses = tr.get("losses") or []
        lines = [
            f"- steps: {tr['steps']} (this call started at step {tr['start_step']})",
            f"- loss: first {losses[0]:.4f}, last {losses[-1]:.4f}" if losses else "- loss: no steps run in this call",
            f"- checkpoint: {tr.get('checkpoint')}",
        ]
        sections.append(("Learner", "\n".join(lines)))
        if plots and losses:
            images.append(_plot_line(losses, "training loss", "step", "loss", out_dir / "loss.png"))
    title = f"Trajectory2Gym run {run_dir.path.name}"
    md = f"# {title}\n\n" + "\n".join(f"## {h}\n\n{t.strip()}\n" for h, t in sections)
    md += "".join(f"\n![{img.stem}]({img.name})\n" for img in images)
    md_path = out_dir / "report.md"
    md_path.write_text(md)
    html_path = out_dir / "report.html"
    html_path.write_text(_md_to_html(title, sections, images))
    return [md_path, html_path, *images]
