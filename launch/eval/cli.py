"""``t2g eval``, ``t2g bfcl convert``, ``t2g decontam`` and ``t2g report``.

``register(subparsers)`` adds them to ``t2g``; ``python -m
trajectory2gym.launch.eval.cli ...`` runs the same commands on their own.
Heavy imports happen inside the handlers so ``t2g --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text

from trajectory2gym.console import make_console

console = make_console()


# More skipped records than this with the same reason are summarised in one line.
SKIPPED_SUMMARY_AT = 3


def print_skipped(errors: Any) -> None:
    """One line per skipped record, or one line per reason when many records share it (a whole
    file of an unsupported format); the records' text is printed as is (never as rich markup)."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for err in errors:
        kind = str(getattr(err, "kind", "") or "")
        groups.setdefault((kind, str(getattr(err, "message", None) or err)), []).append(err)
    for (kind, message), errs in groups.items():
        if len(errs) <= SKIPPED_SUMMARY_AT:
            for err in errs:
                console.print(Text.assemble(("  skipped ", "red"), str(err)), highlight=False)
            continue
        sources = sorted({str(e.source) for e in errs if getattr(e, "source", None)})
        where = f" of {', '.join(sources)}" if sources else ""
        reason = f"{message} ({kind})" if kind else message
        console.print(Text.assemble(("  skipped ", "red"), f"{len(errs)} records{where}: {reason}"),
                      highlight=False)


class HelpFormatter(argparse.HelpFormatter):
    """Adds "(default: X)" to an option's help only where it tells something: not when the help
    already names its default, nor for required options, flags, or a default of None or []."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "default" in text.lower()
            or action.required
            or not action.option_strings
            or action.nargs == 0  # store_true / store_const: the flag's absence is the default
            or default is None
            or default is argparse.SUPPRESS
            or default == []
        ):
            return action.help
        return f"{text} (default: %(default)s)"


# --------------------------------------------------------------------------- t2g eval


def _add_eval(sub: Any) -> None:
    p = sub.add_parser(
        "eval",
        help="run a policy on held-out tasks k times, report pass^k per domain",
        description=(
            "Run a policy (the scripted oracle or any OpenAI-compatible endpoint, e.g. a vLLM server of a "
            "trained checkpoint) on tasks with a scripted or LLM user, score every episode with the "
            "environment's reward and report pass^k = mean over tasks of C(c,k)/C(n,k) for k=1..trials. "
            "Writes OUT/eval.json (summary) and OUT/trajectories.jsonl (interchange format, certifiable)."
        ),
        formatter_class=HelpFormatter,
    )
    p.add_argument("--tasks", required=True, help="tau-bench task JSON (e.g. retail_dev_tasks.json) or TaskSpec JSON/JSONL")
    p.add_argument("--domain", help="domain of tau-bench tasks (default: from the file name); also filters TaskSpecs")
    p.add_argument("--policy", choices=("scripted", "openai"), default="openai",
                   help="scripted: plan-following oracle (tasks without a plan replay their gold actions); "
                        "openai: chat completions at --base-url")
    p.add_argument("--base-url", help="OpenAI-compatible endpoint of the policy, e.g. http://127.0.0.1:8000/v1")
    p.add_argument("--model", help="model name served at --base-url")
    p.add_argument("--api-key", help="API key (default: $OPENAI_API_KEY, else EMPTY)")
    p.add_argument("--temperature", type=float, default=0.0, help="policy sampling temperature")
    p.add_argument("--max-tokens", type=int, help="policy completion limit")
    p.add_argument("--retries", type=int, default=3, help="policy/user endpoint retries per request")
    p.add_argument("--user", choices=("scripted", "llm"), default="scripted", help="user simulator")
    p.add_argument("--user-model", help="LLM user: model name")
    p.add_argument("--user-base-url", help="LLM user: endpoint (default: the policy's)")
    p.add_argument("--user-temperature", type=float, default=1.0, help="LLM user: sampling temperature")
    p.add_argument("--trials", "-k", type=int, default=1, help="trials per task (pass^k for k=1..trials)")
    p.add_argument("--seed", type=int, default=0, help="trial t of a task uses seed SEED+t")
    p.add_argument("--max-steps", type=int, default=30, help="assistant turns per episode")
    p.add_argument("--concurrency", type=int, default=1, help="episodes run at once (threads; for model endpoints)")
    p.add_argument("--limit", type=int, help="only the first N tasks")
    p.add_argument("--db", metavar="DIR",
                   help="database directory: a data root holding <domain>/ (e.g. tau-bench's data/tau) or the "
                        "domain folder itself (default: the generated database; tau-bench tasks need --db)")
    p.add_argument("--db-seed", type=int, default=0, help="generated database: seed")
    p.add_argument("--db-size", default="small", help="generated database: size")
    p.add_argument("-o", "--output", required=True, help="output directory (eval.json, trajectories.jsonl)")
    p.set_defaults(handler=cmd_eval)


def _policy_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.policy == "scripted":
        return {}
    if not args.model:
        raise ValueError("--policy openai needs --model (and usually --base-url)")
    opts: dict[str, Any] = {"model": args.model, "base_url": args.base_url, "temperature": args.temperature,
                            "max_retries": args.retries}
    if args.api_key:
        opts["api_key"] = args.api_key
    if args.max_tokens:
        opts["max_tokens"] = args.max_tokens
    return opts


def _user_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.user == "scripted":
        return {}
    model = args.user_model or args.model
    if not model:
        raise ValueError("--user llm needs --user-model (or --model)")
    opts: dict[str, Any] = {"model": model, "base_url": args.user_base_url or args.base_url,
                            "temperature": args.user_temperature, "max_retries": args.retries}
    if args.api_key:
        opts["api_key"] = args.api_key
    return opts


def cmd_eval(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from trajectory2gym.codecs import JsonlWriter
    from trajectory2gym.launch.eval import runner
    from trajectory2gym.launch.eval.tasks_io import load_tasks
    from trajectory2gym.launch.rundir import atomic_write_json

    if args.trials < 1:
        raise ValueError("--trials must be at least 1")
    if args.max_steps < 1:
        raise ValueError("--max-steps must be at least 1")
    tasks, errors = load_tasks(args.tasks, args.domain)
    print_skipped(errors)
    read = len(tasks)
    if args.domain:
        tasks = [t for t in tasks if t.domain == args.domain]
    if args.limit:
        tasks = tasks[: args.limit]
    if not tasks:
        why = (f"none of the {read} task(s) read is in domain {args.domain!r}" if read and args.domain
               else f"no task could be read ({len(errors)} skipped, see above)" if errors else "the file holds no tasks")
        console.print(f"[red]error:[/red] no usable tasks in {args.tasks}: {why}")
        return 2
    if args.policy == "scripted":
        planless = sum(1 for t in tasks if not t.plan)
        if planless:
            console.print(f"note: {planless} task(s) have no plan; the scripted policy replays their gold actions "
                          "(an oracle upper bound, not an agent)")
        tasks = [runner.with_plan(t) for t in tasks]
    policy = runner.make_policy_factory(args.policy, _policy_options(args))
    user = runner.make_user_factory(args.user, _user_options(args))
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    settings = {
        "tasks": str(args.tasks), "policy": args.policy, "model": args.model, "base_url": args.base_url,
        "user": args.user, "user_model": args.user_model, "trials": args.trials, "seed": args.seed,
        "max_steps": args.max_steps, "db": args.db or f"generated(seed={args.db_seed}, size={args.db_size})",
        "skipped_task_records": len(errors),
    }
    total = len(tasks) * args.trials
    with JsonlWriter(out / "trajectories.jsonl") as writer, Progress(
        TextColumn("eval"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console,
        transient=True,
    ) as progress:
        bar = progress.add_task("episodes", total=total)

        def on_episode(_ep: Any, inter: Any) -> None:
            if inter is not None:
                writer.write(inter)
            progress.advance(bar)

        result = runner.run_eval(
            tasks, trials=args.trials, policy_factory=policy, user_factory=user,
            db_provider=runner.make_db_provider(args.db, args.db_seed, args.db_size), seed=args.seed,
            max_steps=args.max_steps, concurrency=args.concurrency, on_episode=on_episode, settings=settings,
        )
    summary = result.to_dict()
    atomic_write_json(out / "eval.json", summary)
    excluded = summary["excluded_tasks"]
    table = Table(title=f"pass^k ({args.trials} trial(s) per task)")
    table.add_column("domain")
    table.add_column("tasks", justify="right")
    if excluded:
        table.add_column("excluded", justify="right", style="red")
    for k in range(1, args.trials + 1):
        table.add_column(f"pass^{k}", justify="right")
    for domain, n in summary["tasks"].items():
        curve = summary["pass_k"].get(domain, {})
        cells = [f"{curve[str(k)]:.3f}" if str(k) in curve else "n/a" for k in range(1, args.trials + 1)]
        table.add_row(domain, str(n), *([str(excluded.get(domain, 0))] if excluded else []), *cells)
    if excluded:
        table.caption = "pass^k covers the scored tasks only; excluded tasks were not run"
    make_console(stderr=False).print(table)
    for err in summary["errors"][:10]:
        console.print(
            Text.assemble(("  episode error ", "yellow"), f"{err['task_id']} trial {err['trial']}: {err['error']}"),
            highlight=False,
        )
    if excluded:
        _print_excluded(summary, generated_db=args.db is None)
    console.print(f"wrote {out / 'eval.json'} and {out / 'trajectories.jsonl'}")
    if not summary["episodes"]:
        console.print("[red]error:[/red] no task could be scored on this database")
        return 1
    return 0


def _print_excluded(summary: dict[str, Any], *, generated_db: bool) -> None:
    """The excluded tasks, loudly: their count, one example failure, and the likely fix."""
    n = sum(summary["excluded_tasks"].values())
    total = n + sum(summary["tasks"].values())
    db = summary["settings"].get("db", "the database")
    console.print(
        Text.assemble(
            ("warning: ", "bold red"),
            f"{n} of {total} task(s) have gold actions naming objects this database lacks ({db}); "
            "they were not run and are excluded from pass^k.",
        ),
        highlight=False,
    )
    domain, by_task = next(iter(summary["excluded"].items()))
    task_id, errors = next(iter(by_task.items()))
    console.print(Text(f"  e.g. {domain} {task_id}: {errors[0]['name']}: {errors[0]['error']}"), highlight=False)
    if generated_db:
        console.print("  tau-bench tasks need their own database: pass --db DIR (the tau-bench data, "
                      "e.g. data/tau); generated tasks need the --db-seed/--db-size they were made with",
                      highlight=False)


# --------------------------------------------------------------------------- t2g bfcl


def _add_bfcl(sub: Any) -> None:
    p = sub.add_parser("bfcl", help="BFCL multi-turn data (optional extra: pip install --no-deps bfcl-eval)",
                       description="Berkeley Function Calling Leaderboard support. See launch/eval/README.md "
                                   "for scoring a served checkpoint with bfcl generate/evaluate.")
    bsub = p.add_subparsers(dest="bfcl_command", metavar="COMMAND")
    c = bsub.add_parser(
        "convert",
        help="convert BFCL multi-turn categories into the interchange format",
        description=(
            "Each multi-turn entry becomes one interaction: the user's question per turn, the ground-truth "
            "calls executed on BFCL's own API classes (real outputs), the initial config, ground truth and "
            "expected state in private. Bad entries are reported and skipped."
        ),
        formatter_class=HelpFormatter,
    )
    c.add_argument("--category", action="append",
                   help="multi_turn_base, multi_turn_miss_func, multi_turn_miss_param, multi_turn_long_context "
                        "or 'all' (repeatable; default: multi_turn_base)")
    c.add_argument("--limit", type=int, help="only the first N entries per category")
    c.add_argument("--verify", action="store_true",
                   help="replay every converted interaction and check it reaches its expected state")
    c.add_argument("-o", "--output", required=True, help="output JSONL (or msgpack) file")
    c.set_defaults(handler=cmd_bfcl_convert)

    def usage(_args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(handler=usage)


def cmd_bfcl_convert(args: argparse.Namespace) -> int:
    from trajectory2gym.codecs import open_writer
    from trajectory2gym.launch.eval import bfcl

    try:
        bfcl.import_bfcl()
    except ImportError as exc:
        console.print(f"[red]error:[/red] {exc}")
        return 2
    cats = args.category or ["multi_turn_base"]
    if "all" in cats:
        cats = list(bfcl.MULTI_TURN_CATEGORIES)
    for cat in cats:
        if cat not in bfcl.MULTI_TURN_CATEGORIES:
            raise ValueError(f"--category {cat!r}: one of {', '.join(bfcl.MULTI_TURN_CATEGORIES)} or all")
    report = bfcl.ConversionReport()
    mismatched = 0
    with open_writer(args.output) as writer:
        for inter in bfcl.convert_categories(cats, args.limit, report):
            if args.verify:
                state, hashes = bfcl.replay(inter)
                meta = inter.private["bfcl"]
                if state != meta["expected_state"] or hashes != meta["expected_state_hashes"]:
                    mismatched += 1
                    console.print(f"  [red]replay mismatch[/red] {inter.id}")
            writer.write(inter)
    for cat, n in report.by_category.items():
        console.print(f"{cat}: {n} interactions")
    print_skipped(report.errors)
    if args.verify:
        console.print(f"replay: {report.converted - mismatched}/{report.converted} reach their expected state")
    console.print(f"wrote {report.converted} interactions to {args.output}")
    return 1 if report.errors or mismatched else 0


# --------------------------------------------------------------------------- t2g decontam


def _add_decontam(sub: Any) -> None:
    p = sub.add_parser(
        "decontam",
        help="find training tasks/interactions that overlap held-out evaluation tasks",
        description=(
            "Compares user requests (normalized exact match, and word-shingle Jaccard via MinHash LSH, "
            "verified exactly) and gold action sets (exact, and Jaccard) of training data against held-out "
            "tasks. Task files may be tau-bench, tau2 (telecom) or TaskSpec records. An input none of "
            "whose records can be read is an error. Reports name each item's file beside its id (tau-bench "
            "ids such as retail-14 repeat across splits). --exclusions writes the ids that t2g select can "
            "exclude."
        ),
        formatter_class=HelpFormatter,
    )
    p.add_argument("train", nargs="+",
                   help="training tasks (tau-bench/tau2/TaskSpec JSON or JSONL) or interaction logs")
    # One file per --heldout (repeatable): a list option would swallow the training files after it.
    p.add_argument("--heldout", action="append", required=True, metavar="FILE",
                   help="held-out evaluation tasks or interactions (repeat the option for several files)")
    p.add_argument("--domain", help="domain of tau-bench task files whose name does not say it")
    p.add_argument("--text-threshold", type=float, default=0.7, help="near-duplicate request Jaccard")
    p.add_argument("--action-threshold", type=float, default=0.8, help="near-duplicate action-set Jaccard")
    p.add_argument("--shingle", type=int, default=5, help="words per shingle")
    p.add_argument("-o", "--output", help="write the full report (JSON)")
    p.add_argument("--exclusions", help="write the ids to exclude (JSON: ids, task_ids)")
    p.add_argument("--fail-on-overlap", action="store_true", help="exit 1 when any overlap is found")
    p.set_defaults(handler=cmd_decontam)


def _name(source: str | None) -> str:
    return Path(source).name if source else "?"


def cmd_decontam(args: argparse.Namespace) -> int:
    from rich.table import Table

    from trajectory2gym.launch.eval import decontam
    from trajectory2gym.launch.rundir import atomic_write_json
    from trajectory2gym.outputs import check_not_input

    reads = [*args.train, *args.heldout]
    for out in (args.output, args.exclusions):
        if out:
            check_not_input(out, reads)  # before any work: never write over a file being read
    if args.output and args.exclusions:
        check_not_input(args.exclusions, [args.output])
    cfg = decontam.DecontamConfig(text_threshold=args.text_threshold, action_threshold=args.action_threshold,
                                  shingle_size=args.shingle)

    def load(paths: list[str], role: str) -> list[decontam.Item]:
        items: list[decontam.Item] = []
        for path in paths:
            got, errors = decontam.load_items(path, args.domain)
            print_skipped(errors)
            if not got:
                # An input with nothing to compare would make any check pass vacuously.
                why = f"none of its {len(errors)} record(s) could be read (see above)" if errors else "it holds no records"
                raise ValueError(f"{role} file {path}: {why}; nothing to compare")
            items.extend(got)
        return items

    train, held = load(args.train, "training"), load(args.heldout, "held-out")
    overlaps = decontam.find_overlaps(train, held, cfg)
    summary = decontam.summarize(overlaps, len(train), len(held))
    exclusions = decontam.exclusions_from_overlaps(overlaps, train)
    table = Table(title="decontamination", show_header=False)
    for key, value in summary.items():
        table.add_row(key, str(value))
    make_console(stderr=False).print(table)
    for o in overlaps[:20]:
        # Ids repeat across files (tau-bench splits): each side names its file.
        console.print(Text(f"  {o.kind:14s} {o.score:.2f}  train {o.train_id} ({_name(o.train_source)})  ~  "
                           f"held-out {o.eval_id} ({_name(o.eval_source)})"), highlight=False)
    if len(overlaps) > 20:
        console.print(f"  ... and {len(overlaps) - 20} more")
    if args.output:
        atomic_write_json(Path(args.output), {"summary": summary, "config": vars(cfg),
                                              "overlaps": [o.to_dict() for o in overlaps]})
    if args.exclusions:
        decontam.write_exclusions(args.exclusions, exclusions, summary)
        console.print(f"wrote {len(exclusions.ids)} interaction ids and {len(exclusions.task_ids)} task ids "
                      f"to {args.exclusions}")
    return 1 if overlaps and args.fail_on_overlap else 0


# --------------------------------------------------------------------------- t2g report


def _add_report(sub: Any) -> None:
    p = sub.add_parser(
        "report",
        help="write a self-contained HTML report of a run directory",
        description=(
            "Certification statistics, paths covered versus budget (structural vs random), support histogram, "
            "deficits per round, realized versus intended paths per family, learner curves and evaluation "
            "results, as one HTML file with embedded PNG figures. Sections without data say so."
        ),
    )
    p.add_argument("run_dir", metavar="RUN_DIR", help="a t2g run directory")
    p.add_argument("-o", "--output", help="HTML file (default: RUN_DIR/report/report.html)")
    p.add_argument("--eval", action="append", default=[], metavar="DIR",
                   help="extra t2g eval output directories to include (RUN_DIR/eval/* is read anyway)")
    p.set_defaults(handler=cmd_report)


def cmd_report(args: argparse.Namespace) -> int:
    from trajectory2gym.launch.report_html import write_report

    if not Path(args.run_dir).is_dir():
        raise FileNotFoundError(f"{args.run_dir}: not a directory")
    path, sections = write_report(args.run_dir, args.output, extra_eval_dirs=args.eval)
    for name, status in sections.items():
        console.print(f"  {name}: {status}")
    console.print(f"wrote {path}")
    return 0


# --------------------------------------------------------------------------- entry points


def register(subparsers: Any) -> None:
    _add_eval(subparsers)
    _add_bfcl(subparsers)
    _add_decontam(subparsers)
    _add_report(subparsers)


def main(argv: Sequence[str] | None = None) -> int:
    """``t2g`` itself: these commands are registered there (kept for ``python -m``)."""
    from trajectory2gym.cli import main as t2g_main

    return t2g_main(argv)


if __name__ == "__main__":
    sys.exit(main())
