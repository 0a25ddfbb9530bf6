"""The report as one self-contained HTML file (figures embedded as base64 PNG, also written beside it)."""

from __future__ import annotations

import base64
import html
import os
import time
from pathlib import Path
from typing import Any

from trajectory2gym.launch.report_html.collect import RunData, Section, collect
from trajectory2gym.launch.report_html.figures import section_figures

CSS = """
body { font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 1100px;
       color: #222; background: #fff; }
h1 { border-bottom: 2px solid #444; padding-bottom: .2em; }
section { margin: 1.5em 0 2.5em; }
table { border-collapse: collapse; margin: .6em 0; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 3px 9px; text-align: left; }
th { background: #f1f1f1; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
img.figure { display: block; margin: .8em 0; max-width: 100%; border: 1px solid #ddd; }
p.missing { color: #8a5a00; background: #fff6e0; border-left: 4px solid #e0a000; padding: .5em .8em; }
p.note { color: #555; font-size: 13px; }
nav a { margin-right: 1em; }
"""

PROBLEMS_SHOWN = 3  # bad values of a section in its console status line


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f'<td class="num">{value:.3f}</td>'
    if isinstance(value, int) and not isinstance(value, bool):
        return f'<td class="num">{value}</td>'
    if value is None:
        return "<td>–</td>"
    if isinstance(value, dict):
        value = ", ".join(f"{k}: {v}" for k, v in value.items()) or "–"
    return f"<td>{html.escape(str(value))}</td>"


def table(rows: list[dict[str, Any]], columns: list[str] | None = None) -> str:
    if not rows:
        return ""
    columns = columns or list(rows[0])
    head = "".join(f"<th>{html.escape(c.replace('_', ' '))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(_cell(r.get(c)) for c in columns) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def kv_table(data: dict[str, Any]) -> str:
    body = "".join(f"<tr><th>{html.escape(str(k))}</th>{_cell(v)}</tr>" for k, v in data.items())
    return f"<table><tbody>{body}</tbody></table>"


# --------------------------------------------------------------------------- per-section tables


def _tables(sec: Section) -> str:
    d = sec.data
    if sec.name == "run":
        return kv_table(d)
    if sec.name == "rounds":
        return table(d["rounds"])
    if sec.name == "certification":
        o = d["overall"]
        parts = [kv_table({
            "interactions": o["interactions"], "assistant decisions": o["decisions"],
            "eligible decisions": o["eligible"], "eligible share": o["eligible_share"],
            "grounded after an error (share of interactions)": o.get("share_grounded_after_error"),
            "mean reward": o.get("mean_reward"),
        })]
        rows = [{"check": c, "pass share": s} for c, s in o["check_pass_share"].items()]
        parts.append(table(rows))
        reasons = [{"reason": r, "decisions": n} for r, n in list(o.get("reasons", {}).items())[:10]]
        parts.append(table(reasons) if reasons else "<p class='note'>No ineligible decisions.</p>")
        parts.append(table([{"round": r, **v} for r, v in d["rounds"].items()]))
        if len(d["domains"]) > 1:
            parts.append(table([{"domain": k, "interactions": v["interactions"], "eligible_share": v["eligible_share"]}
                                for k, v in d["domains"].items()]))
        return "".join(parts)
    if sec.name == "coverage":
        s = d.get("summary") or {}
        rows = []
        for name in ("structural", "random"):
            if isinstance(s.get(name), dict):
                rows.append({"strategy": name, "selected": s[name].get("selected"),
                             "paths_covered": s[name].get("paths_covered"), "objective": s[name].get("objective")})
        out = table(rows)
        extra = {k: s.get(k) for k in ("budget", "depth", "cap", "paths_in_pool", "extra_paths_structural") if k in s}
        if extra:
            out += kv_table(extra)
        if d.get("run_selection"):
            out += "<p>The run's own selection (selection.json):</p>" + kv_table(d["run_selection"])
        if d.get("selected_stages"):
            out += kv_table({"selected.jsonl stages": d["selected_stages"]})
        return out + f"<p class='note'>Source: {html.escape(d.get('source', ''))}</p>"
    if sec.name == "support":
        rows = []
        for name, series in d["histogram"].items():
            for k, n in series.items():
                rows.append({"strategy": name, "support": int(k), "paths": n})
        return table(rows)
    if sec.name == "deficits":
        return table(d["rounds"])
    if sec.name == "families":
        return table([{"family": f, **v} for f, v in d["families"].items()])
    if sec.name == "learner":
        rows = [{"history": name, "steps": len(p), "first loss": p[0]["loss"], "last loss": p[-1]["loss"]}
                for name, p in d["curves"].items()]
        out = table(rows)
        if d.get("checkpoints"):
            out += kv_table({"checkpoints": ", ".join(d["checkpoints"])})
        return out
    if sec.name == "evaluation":
        rows = []
        for label, res in d["results"].items():
            for domain, curve in res["pass_k"].items():
                row: dict[str, Any] = {"result": label, "domain": domain, "tasks": res.get("tasks", {}).get(domain),
                                       "trials": res.get("trials")}
                row.update({f"pass^{k}": v for k, v in sorted(curve.items(), key=lambda kv: int(kv[0]))})
                rows.append(row)
        cols = sorted({c for r in rows for c in r}, key=lambda c: (c.startswith("pass^"), len(c), c))
        fixed = ["result", "domain", "tasks", "trials"]
        return table(rows, fixed + [c for c in cols if c not in fixed])
    return kv_table(d)


def _img(name: str, png: bytes) -> str:
    data = base64.b64encode(png).decode()
    return f'<img class="figure" id="fig-{name}" alt="{name}" src="data:image/png;base64,{data}">'


def render(data: RunData, figures_dir: Path | None = None) -> tuple[str, dict[str, str]]:
    """(HTML, status per section). PNGs also go to ``figures_dir`` when given."""
    status: dict[str, str] = {}
    parts = []
    for sec in data.sections.values():
        body = [f'<section id="{sec.name}"><h2>{html.escape(sec.title)}</h2>']
        if sec.missing:
            body.append(f'<p class="missing">No data: {html.escape(sec.missing)}</p>')
            status[sec.name] = f"missing ({sec.missing})"
        else:
            try:
                figs = section_figures(sec)
                body.append(_tables(sec))
            except Exception as exc:  # a malformed source spoils its section only
                figs = []
                body.append(f'<p class="missing">Could not render: {html.escape(f"{type(exc).__name__}: {exc}")}</p>')
                status[sec.name] = f"error ({type(exc).__name__}: {exc})"
            for name, png in figs:
                body.append(_img(name, png))
                if figures_dir is not None:
                    figures_dir.mkdir(parents=True, exist_ok=True)
                    (figures_dir / f"{name}.png").write_bytes(png)
            status.setdefault(sec.name, f"ok ({len(figs)} figure(s))")
        body.extend(f'<p class="missing">Left out: {html.escape(p)}</p>' for p in sec.problems)
        if sec.problems:  # said on the console too, a few of them: the report has all
            more = len(sec.problems) - PROBLEMS_SHOWN
            status[sec.name] += "; left out: " + "; ".join(sec.problems[:PROBLEMS_SHOWN])
            status[sec.name] += f"; and {more} more, listed in the report" if more > 0 else ""
        body.extend(f'<p class="note">{html.escape(n)}</p>' for n in sec.notes)
        body.append("</section>")
        parts.append("".join(body))
    if data.skipped:
        shown = "".join(f"<li>{html.escape(s)}</li>" for s in data.skipped[:50])
        more = f"<p class='note'>... and {len(data.skipped) - 50} more</p>" if len(data.skipped) > 50 else ""
        parts.append(f'<section id="skipped"><h2>Skipped records</h2><ul>{shown}</ul>{more}</section>')
    nav = "".join(f'<a href="#{s.name}">{html.escape(s.title)}</a>' for s in data.sections.values())
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    doc = (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Trajectory2Gym report: {html.escape(data.path.name)}</title><style>{CSS}</style></head><body>"
        f"<h1>Trajectory2Gym run report</h1><p class='note'>{html.escape(str(data.path))} &middot; {stamp}</p>"
        f"<nav>{nav}</nav>{''.join(parts)}</body></html>"
    )
    return doc, status


def check_inputs(run_dir: str | os.PathLike[str], extra_eval_dirs: list[str | os.PathLike[str]] | None = None) -> None:
    """Refuse, before anything is written, a directory that is no run (``t2g run`` writes config.yaml
    and state.json first) and an evaluation path that holds no ``eval.json``."""
    run = Path(run_dir)
    if not run.is_dir():
        raise FileNotFoundError(f"{run}: no such directory")
    if not ((run / "config.yaml").is_file() or (run / "state.json").is_file()):
        raise ValueError(f"{run}: not a run directory (no config.yaml or state.json)")
    for d in extra_eval_dirs or []:
        p = Path(d)
        if not p.exists():
            raise FileNotFoundError(f"--eval {p}: no such file or directory")
        if p.is_dir() and not (p / "eval.json").is_file():
            raise FileNotFoundError(f"--eval {p}: no eval.json in it (a `t2g eval` output directory)")


def write_report(
    run_dir: str | os.PathLike[str],
    output: str | os.PathLike[str] | None = None,
    *,
    extra_eval_dirs: list[str | os.PathLike[str]] | None = None,
) -> tuple[Path, dict[str, str]]:
    """Write the HTML report (default ``RUN_DIR/report/report.html``, beside the driver's text
    summary ``report.md``); return its path and the section status."""
    check_inputs(run_dir, extra_eval_dirs)
    data = collect(run_dir, extra_eval_dirs)
    out = Path(output) if output else Path(run_dir) / "report" / "report.html"
    doc, status = render(data, out.parent / f"{out.stem}_figures")
    if data.skipped:  # said on the console too: a section can read "ok" with records left out
        status["skipped records"] = f"{len(data.skipped)}, listed in the report; the first: {data.skipped[0]}"
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(doc, encoding="utf-8")
    os.replace(tmp, out)
    return out, status
