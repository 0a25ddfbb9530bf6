"""``t2g select``: structural-support selection over a certified JSONL file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.text import Text

from trajectory2gym.console import make_console

console = make_console()
MAX_ERRORS_SHOWN = 20
NOT_CERTIFIED = "an interaction, not a certified record: certify the file first (t2g certify IN -o OUT)"


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def parse_depth(text: str) -> int | None:
    """A positive depth, or None (unbounded) for 'inf'."""
    if text.lower() in ("inf", "infinity", "none"):
        return None
    return positive_int(text)


def _load_prior(path: str) -> Any:
    """The ``Inventory`` a ``--prior`` file holds; a clear error naming the file otherwise."""
    import orjson

    from trajectory2gym.selector.inventory import Inventory

    with open(path, "rb") as fh:
        try:
            return Inventory.from_dict(orjson.loads(fh.read()))
        except (orjson.JSONDecodeError, ValueError, TypeError, AttributeError) as exc:
            raise ValueError(f"--prior {path}: not an inventory from t2g select --inventory ({exc})") from None


def read_certified(path: str, report: Any) -> list[Any]:
    """Valid certified records; bad lines go into ``report`` with line, id and field."""
    from pydantic import ValidationError

    from trajectory2gym.certified import CertifiedInteraction
    from trajectory2gym.codecs import iter_jsonl
    from trajectory2gym.validation import RecordError, pydantic_errors

    out = []
    for lineno, raw in iter_jsonl(path):
        report.records += 1
        if isinstance(raw, RecordError):
            report.add_bad([raw])
            continue
        rid = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        if not isinstance(raw, dict):
            msg = f"record must be a JSON object, got {type(raw).__name__}"
            report.add_bad([RecordError("wrong_type", msg, "", lineno, None, path)])
            continue
        if "messages" in raw and "decisions" not in raw:  # an easy mistake: the file before certify
            report.add_bad([RecordError("not_certified", NOT_CERTIFIED, "", lineno, rid, path)])
            continue
        try:
            out.append(CertifiedInteraction.model_validate(raw))
        except ValidationError as exc:
            report.add_bad([RecordError(k, m, loc, lineno, rid, path) for k, loc, m in pydantic_errors(exc)])
            continue
        report.ok += 1
    return out


def cmd_select(args: argparse.Namespace) -> int:
    import orjson
    from rich.progress import track

    from trajectory2gym.core_cli import print_report
    from trajectory2gym.outputs import check_not_input, check_output
    from trajectory2gym.selector.inventory import Inventory
    from trajectory2gym.selector.paths import path_facts
    from trajectory2gym.selector.pool import build_pool
    from trajectory2gym.selector.select import SelectConfig, select
    from trajectory2gym.validation import ReadReport

    reads = [p for p in (args.certified, args.prior, args.exclude) if p]
    check_output(args.output, inputs=reads)
    if args.inventory:
        check_output(args.inventory, inputs=[*reads, args.output])
    if args.report:
        check_not_input(args.report, [*reads, args.output])
        if Path(args.report).exists() and not Path(args.report).is_dir():
            raise ValueError(f"--report {args.report}: is a file; the report is a directory of JSON and PNG files")
    config = SelectConfig(
        budget=args.budget, depth=args.depth, cap=args.cap, strategy=args.strategy, seed=args.seed
    )
    report = ReadReport()
    candidates = read_certified(args.certified, report)
    print_report(report, args.certified, max_errors=MAX_ERRORS_SHOWN)
    if args.exclude:
        from trajectory2gym.selector.exclusions import load_exclusions

        excl = load_exclusions(args.exclude)
        kept = [c for c in candidates if not excl.excludes(c.id, c.task_id)]
        console.print(f"excluded {len(candidates) - len(kept)} candidates listed in {args.exclude}")
        candidates = kept
    if not candidates:
        console.print("[red]error:[/red] no valid certified interactions to select from")
        return 1
    prior = None
    if args.prior:
        prior = _load_prior(args.prior)
    facts = [path_facts(c) for c in track(candidates, description="canonical paths", console=console)]
    pool = build_pool(candidates, facts, prior.ids if prior is not None else frozenset())
    for s in pool.skipped[:MAX_ERRORS_SHOWN]:
        console.print(Text.assemble(("  skipped ", "yellow"), f"id={s.id}: {s.reason}"), highlight=False, soft_wrap=True)
    if len(pool.skipped) > MAX_ERRORS_SHOWN:
        console.print(f"  ... and {len(pool.skipped) - MAX_ERRORS_SHOWN} more skipped")
    results = {
        name: select(candidates, config.model_copy(update={"strategy": name}), prior=prior, pool=pool)
        for name in ("structural", "random")
    }
    chosen = results[config.strategy]
    with open(args.output, "wb") as fh:
        for s in chosen.selected:
            fh.write(orjson.dumps(s.model_dump(), option=orjson.OPT_APPEND_NEWLINE))
    if args.inventory:
        by_id = {c.id: (c, f) for c, f in zip(candidates, facts, strict=True)}
        inv = prior if prior is not None else Inventory()
        for f in facts:
            if f.descriptors:
                inv.observe_facts(f)  # unselected pool paths show as zero-support deficits
        for s in chosen.selected:
            c, f = by_id[s.id]
            inv.add_facts(f, c.task_id, c.domain, c.id)
        with open(args.inventory, "wb") as fh:
            fh.write(orjson.dumps(inv.to_dict()))
    if args.report:
        from trajectory2gym.selector.report import write_report

        write_report(args.report, results["structural"], results["random"], {"read": report.to_dict()})
        console.print(f"report written to {args.report}")
    st, rd = results["structural"], results["random"]
    stages = ", ".join(f"{stage} {n}" for stage, n in chosen.stage_counts.items())
    console.print(
        f"selected {len(chosen.selected)} ({config.strategy}; {stages}); "
        f"{len(chosen.deficits)} paths remain below depth {config.depth or 'inf'}"
    )
    before = f"; the prior covered {st.covered_before} of them before" if st.covered_before else ""
    print(
        f"structural covered {st.paths_covered - rd.paths_covered} more paths than random "
        f"({st.paths_covered} vs {rd.paths_covered} of {st.paths_in_pool}{before}) at budget {config.budget}; "
        f"F_d {st.objective} vs {rd.objective}"
    )
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "select",
        help="select training interactions by structural coverage of canonical paths",
        description=(
            "Select up to BUDGET certified interactions. structural: (1) core, the best-grounded "
            "interaction of every task; (2) exemplars, one per canonical path not yet covered; "
            "(3) coverage, most new atoms first; (4) deficit reduction, greedy on "
            "F_d(S) = sum_p min(n_S(p), d); never more than CAP per task. random: a uniform draw "
            "of the same budget under the same cap (the baseline). Both are always computed so the "
            "command can say how many more paths structural covered. Bad input lines are reported "
            "with their line number and skipped."
        ),
    )
    p.add_argument("certified", metavar="CERTIFIED", help="JSONL written by `t2g certify`")
    p.add_argument("--budget", "-B", type=positive_int, required=True, help="number of interactions to select")
    p.add_argument(
        "--depth", "-d", type=parse_depth, default=4, help="support depth d per path, or 'inf' (default 4)"
    )
    p.add_argument("--cap", "-K", type=positive_int, default=32, help="most interactions per task (default 32)")
    p.add_argument("--strategy", choices=("structural", "random"), default="structural")
    p.add_argument("--seed", type=int, default=0, help="seed of the random strategy (default 0)")
    p.add_argument("-o", "--output", required=True, metavar="SELECTED.jsonl", help="selected ids, stage, path key")
    p.add_argument("--report", metavar="DIR", help="write JSON figures and PNG plots here")
    p.add_argument("--prior", metavar="INVENTORY.json", help="support selected in earlier rounds")
    p.add_argument("--inventory", metavar="OUT.json", help="write the resulting support inventory here")
    p.add_argument(
        "--exclude",
        metavar="EXCLUSIONS.json",
        help="drop candidates by id or task id (the file `t2g decontam --exclusions` writes)",
    )
    p.set_defaults(handler=cmd_select)

