"""Selection report: JSON figures and PNG plots comparing structural and random selection."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import orjson

from trajectory2gym.selector.objective import total_deficit
from trajectory2gym.selector.select import SelectionResult

MAX_CURVE_POINTS = 400


def sampled_curve(curve: list[int], start: int = 0) -> list[list[int]]:
    """[budget, paths covered] pairs, at most ~MAX_CURVE_POINTS of them, always including the end;
    ``start`` is the coverage before any pick (what a prior inventory already covered)."""
    if not curve:
        return [[0, start]]
    step = max(1, len(curve) // MAX_CURVE_POINTS)
    points = [[k, curve[k - 1]] for k in range(step, len(curve) + 1, step)]
    if points[-1][0] != len(curve):
        points.append([len(curve), curve[-1]])
    return [[0, start], *points]


def support_histogram(result: SelectionResult) -> dict[str, int]:
    counts = Counter(result.path_support.values())
    return {str(k): counts[k] for k in sorted(counts)}


def deficits_per_depth(result: SelectionResult, max_depth: int) -> list[dict[str, int]]:
    supports = list(result.path_support.values())
    return [
        {
            "depth": d,
            "paths_below": sum(1 for n in supports if n < d),
            "total_deficit": total_deficit(supports, d),
        }
        for d in range(1, max_depth + 1)
    ]


def figures(structural: SelectionResult, random: SelectionResult) -> dict[str, Any]:
    max_depth = max(structural.depth or 8, 8)
    return {
        "coverage": {
            "paths_in_pool": structural.paths_in_pool,
            "structural": sampled_curve(structural.coverage_curve, structural.covered_before),
            "random": sampled_curve(random.coverage_curve, random.covered_before),
        },
        "support_histogram": {
            "structural": support_histogram(structural),
            "random": support_histogram(random),
        },
        "deficits_per_depth": {
            "structural": deficits_per_depth(structural, max_depth),
            "random": deficits_per_depth(random, max_depth),
        },
    }


def summary(structural: SelectionResult, random: SelectionResult) -> dict[str, Any]:
    return {
        "budget": structural.budget,
        "depth": structural.depth,
        "cap": structural.cap,
        "seed": structural.seed,
        "paths_in_pool": structural.paths_in_pool,
        "structural": {
            "selected": len(structural.selected),
            "paths_covered": structural.paths_covered,
            "objective": structural.objective,
            "stages": structural.stage_counts,
            "stop_reason": structural.stop_reason,
            "deficit_reasons": dict(Counter(d.reason for d in structural.deficits)),
        },
        "random": {
            "selected": len(random.selected),
            "paths_covered": random.paths_covered,
            "objective": random.objective,
            "deficit_reasons": dict(Counter(d.reason for d in random.deficits)),
        },
        "extra_paths_structural": structural.paths_covered - random.paths_covered,
        "skipped_candidates": len(structural.skipped),
    }


def _plot(figs: dict[str, Any], out: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    cov = figs["coverage"]
    fig, ax = plt.subplots(figsize=(6, 4))
    for name in ("structural", "random"):
        xs, ys = zip(*cov[name], strict=True)
        ax.plot(xs, ys, label=name)
    ax.axhline(cov["paths_in_pool"], color="grey", linestyle=":", label="paths in pool")
    ax.set(xlabel="budget (interactions selected)", ylabel="canonical paths covered", title="Path coverage")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "coverage.png", dpi=110)
    plt.close(fig)
    written.append(out / "coverage.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    hist = figs["support_histogram"]
    width = 0.4
    for shift, name in ((-width / 2, "structural"), (width / 2, "random")):
        ks = [int(k) for k in hist[name]]
        ax.bar([k + shift for k in ks], list(hist[name].values()), width=width, label=name)
    ax.set(xlabel="support n(p) in the selection", ylabel="paths", title="Support histogram", yscale="log")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "support_histogram.png", dpi=110)
    plt.close(fig)
    written.append(out / "support_histogram.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    for name in ("structural", "random"):
        rows = figs["deficits_per_depth"][name]
        ax.plot([r["depth"] for r in rows], [r["total_deficit"] for r in rows], marker="o", label=name)
    ax.set(xlabel="depth d", ylabel="total deficit sum_p max(0, d - n(p))", title="Deficits per depth")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "deficits_per_depth.png", dpi=110)
    plt.close(fig)
    written.append(out / "deficits_per_depth.png")
    return written


def write_report(
    out_dir: str | Path,
    structural: SelectionResult,
    random: SelectionResult,
    extra: dict[str, Any] | None = None,
) -> list[Path]:
    """Write figures.json, summary.json, deficits.json and three PNG plots; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    figs = figures(structural, random)
    summ = {**summary(structural, random), **(extra or {})}
    files = {
        "figures.json": figs,
        "summary.json": summ,
        "deficits.json": [d.model_dump() for d in structural.deficits],
    }
    written = []
    for name, data in files.items():
        (out / name).write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2))
        written.append(out / name)
    written.extend(_plot(figs, out))
    return written
