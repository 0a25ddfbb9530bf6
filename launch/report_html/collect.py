"""Reading a run directory into the data of each report section.

Every section is read on its own: a missing or unreadable source makes that
section say why (``Section.missing``), never the whole report fail; a value of
the wrong type in a JSON file is left out and named (``Section.problems``, by
file and field path, see ``shapes.py``), the rest of the file still shown. The run
directory layout is ``launch/rundir.py``'s; sources are looked up leniently
(a figure file anywhere under ``report/``, learner histories anywhere under
``learner/``) so reports also work on partial or older runs.
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from trajectory2gym.launch.report_html import shapes
from trajectory2gym.launch.report_html.shapes import check

SECTION_TITLES: dict[str, str] = {
    "run": "Run",
    "rounds": "Rounds",
    "certification": "Certification",
    "coverage": "Paths covered versus budget",
    "support": "Support histogram",
    "deficits": "Deficits per round",
    "families": "Realized versus intended paths per family",
    "learner": "Learner curves",
    "evaluation": "Evaluation",
}


@dataclass
class Section:
    name: str
    data: dict[str, Any] = field(default_factory=dict)
    missing: str | None = None  # why there is nothing to show
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # values of the wrong type, left out (shapes.check)

    @property
    def title(self) -> str:
        return SECTION_TITLES.get(self.name, self.name)


@dataclass
class RunData:
    path: Path
    sections: dict[str, Section]
    skipped: list[str] = field(default_factory=list)  # unreadable records, one line each


def _json(path: Path) -> Any:
    try:
        return orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc.args[0]})") from None


def read_checked(path: Path, shape: Any, problems: list[str]) -> Any | None:
    """The JSON file's content that fits ``shape`` (shapes.check); None when none does."""
    return check(_json(path), shape, str(path), problems)


def read_state(path: Path, problems: list[str]) -> dict[str, Any]:
    """What the run section shows of state.json ({} when there is none)."""
    return (read_checked(path, shapes.State, problems) or {}) if path.exists() else {}


def read_rounds(path: Path, problems: list[str]) -> list[dict[str, Any]]:
    """state.json's round metrics, each line that has a round number."""
    state = read_checked(path, dict[str, Any], problems) if path.exists() else None
    if not state:
        return []
    rounds = check(state.get("round_metrics", []), list[shapes.RoundMetrics], str(path), problems,
                   at=("round_metrics",))
    return rounds or []


def _jsonl(path: Path, skipped: list[str], shape: Any = None) -> list[dict[str, Any]]:
    from trajectory2gym.codecs import iter_jsonl

    out = []
    for lineno, raw in iter_jsonl(path):
        if isinstance(raw, dict):
            # A bad value in a line is listed with the skipped records; the rest of the line counts.
            out.append(raw if shape is None else check(raw, shape, f"{path}: line {lineno}", skipped))
        else:
            skipped.append(f"{path}: line {lineno}: {raw}")
    return out


def _config(run: Path) -> dict[str, Any]:
    import yaml

    path = run / "config.yaml"
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text()) or {}
    return data if isinstance(data, dict) else {}


def _round_dirs(run: Path) -> list[tuple[int, Path]]:
    rounds = run / "rounds"
    if not rounds.is_dir():
        return []
    out = []
    for p in sorted(rounds.iterdir()):
        if p.is_dir() and p.name.startswith("r") and p.name[1:].isdigit():
            out.append((int(p.name[1:]), p))
    return out


# --------------------------------------------------------------------------- records


def read_certified(run: Path, skipped: list[str]) -> list[tuple[int, Any]]:
    """(round, CertifiedInteraction) for every readable certified record of the run."""
    from pydantic import ValidationError

    from trajectory2gym.certified import CertifiedInteraction
    from trajectory2gym.codecs import iter_records
    from trajectory2gym.validation import RecordError

    out = []
    for r, rdir in _round_dirs(run):
        cdir = rdir / "certified"
        sources = [cdir] if cdir.is_dir() else []
        sources += sorted(rdir.glob("certified*.jsonl"))
        for src in sources:
            for where, number, raw in iter_records(src, "msgpack" if src.is_dir() else "jsonl"):
                if isinstance(raw, RecordError):
                    skipped.append(str(raw))
                    continue
                try:
                    out.append((r, CertifiedInteraction.model_validate(raw)))
                except ValidationError as exc:
                    err = exc.errors(include_url=False)[0]
                    loc = ".".join(str(x) for x in err["loc"])
                    skipped.append(f"{where}: record {number}: {loc}: {err['msg']}")
    return out


def read_interactions(run: Path, skipped: list[str]) -> list[tuple[int, Any]]:
    from trajectory2gym.codecs import read_interactions as read
    from trajectory2gym.validation import ReadReport

    out = []
    for r, rdir in _round_dirs(run):
        idir = rdir / "interactions"
        if not idir.is_dir():
            continue
        report = ReadReport()
        out.extend((r, i) for i in read(idir, "msgpack", report))
        skipped.extend(str(e) for e in report.errors)
    return out


# --------------------------------------------------------------------------- sections


def run_section(run: Path, config: dict[str, Any]) -> Section:
    sec = Section("run")
    state = read_state(run / "state.json", sec.problems)
    if not config and not state:
        sec.missing = ("nothing readable in config.yaml or state.json" if sec.problems
                       else "no config.yaml or state.json in the run directory")
        return sec
    run_cfg = config.get("run", {}) if isinstance(config.get("run"), dict) else {}
    teacher = config.get("teacher", {}) if isinstance(config.get("teacher"), dict) else {}
    sec.data = {
        "name": run_cfg.get("name"),
        "seed": run_cfg.get("seed"),
        "round budget": run_cfg.get("rounds"),
        "completed rounds": state.get("completed_rounds"),
        "stopped because": state.get("stopped"),
        "stages done": ", ".join(state.get("stages_done", [])) or None,
        "domains": ", ".join(config.get("envs", {}) or []) or None,
        "teacher": teacher.get("kind"),
    }
    return sec


# What a round's line in state.json carries (launch/driver.py), in table order.
ROUND_COLUMNS: tuple[str, ...] = tuple(shapes.RoundMetrics.__annotations__)


def rounds_section(run: Path) -> Section:
    """One row per online round (the driver's round metrics in state.json)."""
    sec = Section("rounds")
    rounds = read_rounds(run / "state.json", sec.problems)
    if not rounds:
        sec.missing = "no readable round in state.json" if sec.problems else "no finished round in state.json"
        return sec
    sec.data = {"rounds": [{k: r.get(k) for k in ROUND_COLUMNS} for r in rounds]}
    return sec


def certification_section(certs: list[tuple[int, Any]]) -> Section:
    sec = Section("certification")
    if not certs:
        sec.missing = "no certified records under rounds/*/certified"
        return sec
    from trajectory2gym.certify.report import build_report

    report = build_report(c for _, c in certs)
    per_round: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for r, c in certs:
        cell = per_round[r]
        cell[0] += 1
        cell[1] += len(c.decisions)
        cell[2] += sum(d.eligible for d in c.decisions)
    sec.data = {
        "overall": report["overall"],
        "domains": report["domains"],
        "rounds": {r: {"interactions": n, "decisions": d, "eligible_share": (e / d if d else None)}
                   for r, (n, d, e) in sorted(per_round.items())},
    }
    return sec


def _find_figures(run: Path, problems: list[str]) -> dict[str, Any] | None:
    """The selector's figures.json (coverage curves, support histogram), wherever the run put it."""
    candidates = sorted((run / "report").rglob("figures.json")) if (run / "report").is_dir() else []
    candidates += sorted(run.glob("select*/figures.json"))
    for path in candidates:
        data = _json(path)
        if isinstance(data, dict) and "coverage" in data:
            data = check(data, shapes.Figures, str(path), problems) or {}
            if "coverage" in data:  # else the next source, or the certified records, has them
                data["_source"] = str(path.relative_to(run))
                return data
    return None


def _select_config(config: dict[str, Any]) -> dict[str, Any]:
    sel = config.get("selector", {})
    sel = sel if isinstance(sel, dict) else {}
    inner = sel.get("select", {})
    return inner if isinstance(inner, dict) else {}


def compute_figures(certs: list[Any], config: dict[str, Any]) -> dict[str, Any]:
    """Structural and random selection on the run's certified pool (the selector's own code), with
    the run's grouping of tasks (``selector.group_by``), as the run selected."""
    from trajectory2gym.actors.support import selection_group
    from trajectory2gym.selector.report import figures, summary
    from trajectory2gym.selector.select import SelectConfig, select

    selector = config.get("selector") if isinstance(config.get("selector"), dict) else {}
    group_by = selector.get("group_by") or "task"
    certs = [c.model_copy(update={"task_id": selection_group(c, group_by)}) for c in certs]
    cfg = _select_config(config)
    budget = int(cfg.get("budget") or len(certs))
    depth = cfg.get("depth", 4)
    cap = int(cfg.get("cap") or 32)
    seed = int(cfg.get("seed") or 0)
    structural = select(certs, SelectConfig(budget=budget, depth=depth, cap=cap, strategy="structural", seed=seed))
    random = select(certs, SelectConfig(budget=budget, depth=depth, cap=cap, strategy="random", seed=seed))
    figs = figures(structural, random)
    figs["summary"] = summary(structural, random)
    figs["_source"] = f"recomputed from the certified records (tasks grouped by {group_by})"
    return figs


def selection_sections(run: Path, certs: list[tuple[int, Any]], config: dict[str, Any]) -> tuple[Section, Section]:
    cov, sup = Section("coverage"), Section("support")
    figs = _find_figures(run, cov.problems)
    if figs is None and certs:
        figs = compute_figures([c for _, c in certs], config)
    if figs is None:
        cov.missing = sup.missing = "no selection figures under report/ and no certified records to select from"
        return cov, sup
    source = figs.get("_source", "")
    summary_path = next(iter(sorted((run / "report").rglob("summary.json"))), None) if (run / "report").is_dir() else None
    summ = figs.get("summary")
    if summ is None and summary_path is not None:
        summ = read_checked(summary_path, shapes.Summary, cov.problems)
    cov.data = {"coverage": figs["coverage"], "summary": summ or {}, "source": source}
    hist = figs.get("support_histogram")
    if hist is not None:
        hist = check(hist, shapes.SupportHistogram, source, sup.problems, at=("support_histogram",))
    if hist:
        sup.data = {"histogram": hist, "source": source}
    else:
        sup.missing = f"{source} has no {'readable ' if sup.problems else ''}support histogram"
    selection = run / "selection.json"
    if selection.exists():
        chosen = read_checked(selection, shapes.Selection, cov.problems)
        if chosen is not None:
            cov.data["run_selection"] = {k: chosen.get(k) for k in (
                "strategy", "budget", "depth", "cap", "candidates", "paths_in_pool", "paths_covered",
                "objective", "stop_reason") if k in chosen}
            if "selected" in chosen:
                cov.data["run_selection"]["selected"] = len(chosen["selected"])
    selected = run / "selected.jsonl"
    if selected.exists():
        stages = Counter(str(r.get("stage")) for r in _jsonl(selected, []))
        cov.data["selected_stages"] = dict(stages.most_common())
    return cov, sup


def deficits_section(run: Path, config: dict[str, Any], metrics: list[dict[str, Any]]) -> Section:
    sec = Section("deficits")
    inv_dir = run / "inventory"
    # round-<n>.json only: a stray round-old.json has no round number to show.
    files = sorted(p for p in inv_dir.glob("round-*.json") if re.fullmatch(r"round-\d+", p.stem))
    depth = config.get("selector", {}).get("depth") if isinstance(config.get("selector"), dict) else None
    depth = int(depth or 2)
    rows = []
    for path in files:
        data = read_checked(path, shapes.Inventory, sec.problems)
        if data is None:
            continue
        support = data.get("path_support", {})
        known = data.get("paths", support)
        values = [int(support.get(k, 0)) for k in known]
        rows.append({
            "round": int(path.stem.split("-")[1]),
            "interactions": data.get("interactions"),
            "paths_known": len(values),
            "paths_covered": sum(1 for n in values if n > 0),
            "paths_below_depth": sum(1 for n in values if n < depth),
            "total_deficit": sum(max(0, depth - n) for n in values),
        })
    if not rows:
        # Fall back on the per-round metrics the driver logs.
        for m in metrics:
            if "round" in m and any(k in m for k in ("deficit_paths", "deficit_total")):
                rows.append({"round": m["round"], "paths_below_depth": m.get("deficit_paths"),
                             "total_deficit": m.get("deficit_total"), "paths_covered": m.get("paths_covered")})
    if not rows:
        sec.missing = "no inventory/round-*.json and no deficit metrics in metrics.jsonl"
        return sec
    sec.data = {"depth": depth, "rounds": sorted(rows, key=lambda r: r["round"])}
    return sec


def families_section(interactions: list[tuple[int, Any]], certs: list[tuple[int, Any]]) -> Section:
    sec = Section("families")
    if not interactions:
        sec.missing = "no executed interactions under rounds/*/interactions"
        return sec
    realized = {c.id: c for _, c in certs}
    stats: dict[str, dict[str, Any]] = {}
    without_intent = 0
    for _, inter in interactions:
        meta = inter.metadata or {}
        family = meta.get("family") or inter.private.get("family")
        intended = meta.get("intended_path") or inter.private.get("intended_path")
        if not family or not intended:
            without_intent += 1
            continue
        cert = realized.get(inter.id)
        s = stats.setdefault(family, {"interactions": 0, "certified": 0, "matched": 0,
                                      "intended": set(), "realized": set()})
        s["interactions"] += 1
        s["intended"].add(tuple(intended))
        if cert is not None and cert.path is not None:
            s["certified"] += 1
            s["realized"].add(tuple(cert.path))
            s["matched"] += list(cert.path) == list(intended)
    if not stats:
        sec.missing = f"none of the {len(interactions)} interactions carries a family and an intended path"
        return sec
    sec.data = {
        "families": {
            f: {
                "interactions": s["interactions"],
                "certified": s["certified"],
                "realized_equals_intended": s["matched"],
                "match_share": s["matched"] / s["certified"] if s["certified"] else None,
                "distinct_intended": len(s["intended"]),
                "distinct_realized": len(s["realized"]),
                "intended_realized": len(s["intended"] & s["realized"]),
            }
            for f, s in sorted(stats.items())
        }
    }
    if without_intent:
        sec.notes.append(f"{without_intent} interaction(s) without a family or intended path are not counted")
    return sec


def _curve_records(records: list[dict[str, Any]], start_step: int = 0) -> list[dict[str, float]]:
    out = []
    for i, rec in enumerate(records, start=start_step + 1):
        loss = rec.get("loss")
        if isinstance(loss, (int, float)):
            step = rec.get("step", rec.get("global_step", i))
            out.append({"step": float(step), "loss": float(loss),
                        **{k: float(v) for k, v in rec.items() if k in ("lr", "tokens_per_s") and isinstance(v, (int, float))}})
    return out


def learner_section(run: Path, metrics: list[dict[str, Any]], skipped: list[str]) -> Section:
    sec = Section("learner")
    curves: dict[str, list[dict[str, float]]] = {}
    ldir = run / "learner"
    if ldir.is_dir():
        for path in sorted(ldir.rglob("*.jsonl")):
            if len(path.relative_to(ldir).parts) > 4:
                continue
            points = _curve_records(_jsonl(path, skipped, shapes.HistoryRecord))
            if points:
                curves[str(path.relative_to(run))] = points
        # The driver's learner/train.json ({"history": [...], "start_step": n}), or any *history*.json.
        for path in sorted({*ldir.rglob("train.json"), *ldir.rglob("*history*.json")}):
            if len(path.relative_to(ldir).parts) > 4:
                continue
            data = _json(path)
            if isinstance(data, list):  # a bare history
                data = {"history": check(data, list[shapes.HistoryRecord], str(path), sec.problems)}
            else:
                data = check(data, shapes.Train, str(path), sec.problems) or {}
            points = _curve_records(data.get("history") or [], data.get("start_step") or 0)
            if points:
                curves[str(path.relative_to(run))] = points
    train_metrics = [m for m in metrics if m.get("stage") in ("train", "learner") and "loss" in m]
    if train_metrics:
        curves["metrics.jsonl"] = _curve_records(train_metrics)
    if not curves:
        sec.missing = "no learner history (learner/**/*.jsonl with a loss per step) and no train metrics"
        return sec
    sec.data = {"curves": curves}
    # The learner's checkpoint layout: <checkpoint_dir>/step-00000012/ (launch puts it in learner/checkpoints).
    checkpoints = sorted(str(p.relative_to(ldir)) for p in ldir.rglob("step-*") if p.is_dir()) if ldir.is_dir() else []
    if checkpoints:
        sec.data["checkpoints"] = checkpoints
    return sec


def evaluation_section(run: Path, extra: list[str | os.PathLike[str]]) -> Section:
    sec = Section("evaluation")
    files = sorted((run / "eval").rglob("eval.json")) if (run / "eval").is_dir() else []
    for d in extra:
        p = Path(d)
        files.append(p if p.is_file() else p / "eval.json")
    results = {}
    for path in files:
        if not path.exists():
            sec.notes.append(f"{path}: missing")
            continue
        data = _json(path)
        if not isinstance(data, dict) or "pass_k" not in data:
            sec.notes.append(f"{path}: not a t2g eval summary")
            continue
        data = check(data, shapes.EvalSummary, str(path), sec.problems) or {}
        if "pass_k" not in data:
            continue
        try:
            label = str(path.parent.relative_to(run))
        except ValueError:
            label = str(path.parent)
        results[label] = data
    if not results:
        sec.missing = "no evaluation results (RUN_DIR/eval/*/eval.json from t2g eval)"
        return sec
    sec.data = {"results": results}
    return sec


def collect(run_dir: str | os.PathLike[str], extra_eval_dirs: list[str | os.PathLike[str]] | None = None) -> RunData:
    run = Path(run_dir)
    skipped: list[str] = []
    sections: dict[str, Section] = {}

    def guarded(name: str, build: Any) -> Any:
        try:
            return build()
        except Exception as exc:  # a broken source spoils its section only
            sec = Section(name, missing=f"could not read: {type(exc).__name__}: {exc}")
            sections[name] = sec
            return None

    config = guarded("run", lambda: _config(run)) or {}
    metrics_path = run / "metrics.jsonl"
    metrics = guarded("learner", lambda: _jsonl(metrics_path, skipped, shapes.MetricsLine)
                      if metrics_path.exists() else []) or []
    certs = guarded("certification", lambda: read_certified(run, skipped)) or []
    inters = guarded("families", lambda: read_interactions(run, skipped)) or []

    for name, build in (
        ("run", lambda: run_section(run, config)),
        ("rounds", lambda: rounds_section(run)),
        ("certification", lambda: certification_section(certs)),
        ("deficits", lambda: deficits_section(run, config, metrics)),
        ("families", lambda: families_section(inters, certs)),
        ("learner", lambda: learner_section(run, metrics, skipped)),
        ("evaluation", lambda: evaluation_section(run, extra_eval_dirs or [])),
    ):
        if name in sections:
            continue
        sec = guarded(name, build)
        if sec is not None:
            sections[name] = sec
    pair = guarded("coverage", lambda: selection_sections(run, certs, config))
    if pair is not None:
        sections["coverage"], sections["support"] = pair
    else:
        sections.setdefault("support", Section("support", missing=sections["coverage"].missing))
    ordered = {k: sections[k] for k in SECTION_TITLES if k in sections}
    return RunData(run, ordered, skipped)
