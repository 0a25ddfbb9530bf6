"""PNG figures of the report sections (matplotlib, Agg backend, returned as bytes)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from trajectory2gym.launch.report_html.collect import Section

Figure = tuple[str, bytes]  # (file stem, PNG bytes)


def _png(draw: Callable[[Any], None], size: tuple[float, float] = (6.4, 3.8)) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    try:
        draw(ax)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=100)
    finally:
        plt.close(fig)
    return buf.getvalue()


def certification_figures(sec: Section) -> list[Figure]:
    overall = sec.data["overall"]
    shares = {k: v for k, v in overall["check_pass_share"].items() if v is not None}
    shares["eligible (all checks)"] = overall.get("eligible_share") or 0.0

    def checks(ax: Any) -> None:
        names = list(shares)
        ax.barh(names, [shares[n] for n in names], color=["C0"] * (len(names) - 1) + ["C2"])
        ax.set(xlim=(0, 1), xlabel="share of assistant decisions", title="Checks passed")
        for y, n in enumerate(names):
            ax.text(min(shares[n] + 0.01, 0.9), y, f"{shares[n]:.2f}", va="center")
        ax.invert_yaxis()

    out = [("certification_checks", _png(checks))]
    reasons = list(overall.get("reasons", {}).items())[:10]
    if reasons:

        def top(ax: Any) -> None:
            ax.barh([r for r, _ in reasons], [n for _, n in reasons], color="C3")
            ax.set(xlabel="decisions", title="Top reasons for ineligibility")
            ax.invert_yaxis()

        out.append(("certification_reasons", _png(top)))
    return out


def coverage_figures(sec: Section) -> list[Figure]:
    cov = sec.data["coverage"]

    def draw(ax: Any) -> None:
        for name, color in (("structural", "C0"), ("random", "C1")):
            points = cov.get(name) or [[0, 0]]
            ax.plot([p[0] for p in points], [p[1] for p in points], label=name, color=color, linewidth=2)
        if cov.get("paths_in_pool"):
            ax.axhline(cov["paths_in_pool"], color="grey", linestyle=":", label="paths in pool")
        ax.set(xlabel="budget (interactions selected)", ylabel="canonical paths covered", title="Paths covered")
        ax.legend()

    return [("coverage", _png(draw))]


def support_figures(sec: Section) -> list[Figure]:
    hist = sec.data["histogram"]

    def draw(ax: Any) -> None:
        width = 0.4
        for shift, name, color in ((-0.2, "structural", "C0"), (0.2, "random", "C1")):
            series = hist.get(name, {})
            ks = [int(k) for k in series]
            ax.bar([k + shift for k in ks], list(series.values()), width=width, label=name, color=color)
        ticks = sorted({int(k) for series in hist.values() for k in series})
        ax.set_xticks(ticks)
        ax.set(xlabel="support n(p) in the selection", ylabel="paths", title="Support histogram")
        ax.legend()

    return [("support_histogram", _png(draw))]


def deficit_figures(sec: Section) -> list[Figure]:
    rows = sec.data["rounds"]

    def draw(ax: Any) -> None:
        xs = [r["round"] for r in rows]
        series = (("paths_below_depth", "C3", "o", "-"), ("total_deficit", "C4", "s", "--"),
                  ("paths_covered", "C2", "^", "-"))
        for key, color, marker, style in series:
            ys = [r.get(key) for r in rows]
            if any(y is not None for y in ys):
                ax.plot(xs, [y if y is not None else float("nan") for y in ys], marker=marker, linestyle=style,
                        label=key.replace("_", " "), color=color, linewidth=2)
        ax.set(xlabel="round", ylabel="paths", title=f"Deficits per round (depth {sec.data['depth']})")
        ax.set_xticks(xs)
        ax.legend()

    return [("deficits_per_round", _png(draw))]


def family_figures(sec: Section) -> list[Figure]:
    fams = sec.data["families"]
    names = list(fams)

    def draw(ax: Any) -> None:
        xs = range(len(names))
        w = 0.27
        ax.bar([x - w for x in xs], [fams[n]["distinct_intended"] for n in names], width=w, label="intended paths", color="C0")
        ax.bar(list(xs), [fams[n]["distinct_realized"] for n in names], width=w, label="realized paths", color="C1")
        ax.bar([x + w for x in xs], [fams[n]["realized_equals_intended"] for n in names], width=w,
               label="interactions realizing their intent", color="C2")
        ax.set_xticks(list(xs), names)
        ax.set(ylabel="count", title="Realized versus intended paths")
        ax.legend(fontsize=8)

    return [("families", _png(draw))]


def learner_figures(sec: Section) -> list[Figure]:
    curves = sec.data["curves"]

    def draw(ax: Any) -> None:
        for i, (name, points) in enumerate(curves.items()):
            ax.plot([p["step"] for p in points], [p["loss"] for p in points], label=name, color=f"C{i % 10}",
                    linewidth=2, marker="." if len(points) < 30 else None)
        ax.set(xlabel="step", ylabel="loss", title="Training loss")
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # steps are whole: no 1.5
        ax.legend(fontsize=8)

    return [("learner_loss", _png(draw))]


def evaluation_figures(sec: Section) -> list[Figure]:
    results = sec.data["results"]

    def draw(ax: Any) -> None:
        i = 0
        for label, res in results.items():
            for domain, curve in res["pass_k"].items():
                ks = sorted(int(k) for k in curve)
                ax.plot(ks, [curve[str(k)] for k in ks], marker="o", label=f"{label} / {domain}", color=f"C{i % 10}",
                        linewidth=2)
                i += 1
        ks_all = sorted({int(k) for res in results.values() for curve in res["pass_k"].values() for k in curve})
        ax.set_xticks(ks_all)
        ax.set(xlabel="k", ylabel="pass^k", ylim=(-0.02, 1.05), title="pass^k on held-out tasks")
        ax.legend(fontsize=8)

    return [("evaluation_pass_k", _png(draw))]


def rounds_figures(sec: Section) -> list[Figure]:
    rounds = sec.data["rounds"]
    xs = [r["round"] for r in rounds]

    def draw(ax: Any) -> None:
        ax.bar(xs, [r["interactions"] or 0 for r in rounds], color="#c9d6ea", label="interactions")
        ax.set(xlabel="round", ylabel="interactions certified", title="Rounds: volume and quality")
        ax.set_xticks(xs)
        share = ax.twinx()
        for key, marker in (("eligible_share", "o"), ("mean_reward", "s")):
            ys = [r[key] for r in rounds]
            if any(y is not None for y in ys):
                share.plot(xs, ys, marker=marker, label=key.replace("_", " "))
        share.set(ylim=(0, 1.05), ylabel="share")
        handles = ax.get_legend_handles_labels()
        more = share.get_legend_handles_labels()
        share.legend(handles[0] + more[0], handles[1] + more[1], fontsize=8, loc="lower right")

    return [("rounds", _png(draw))]


BUILDERS: dict[str, Callable[[Section], list[Figure]]] = {
    "rounds": rounds_figures,
    "certification": certification_figures,
    "coverage": coverage_figures,
    "support": support_figures,
    "deficits": deficit_figures,
    "families": family_figures,
    "learner": learner_figures,
    "evaluation": evaluation_figures,
}


def section_figures(sec: Section) -> list[Figure]:
    build = BUILDERS.get(sec.name)
    if build is None or sec.missing:
        return []
    return build(sec)
