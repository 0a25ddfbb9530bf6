"""``t2g certify``: certify every decision of an interaction file."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trajectory2gym.certify.config import CertifyConfig

DESCRIPTION = """\
Certify every assistant decision of the interactions in IN (JSONL, msgpack file or shard
directory, or a tau-bench result file) and write one JSON line per interaction to OUT:
{id, task_id, domain, reward, decisions: [{message_index, kind, eligible, checks:
{execution, visibility, workflow, novelty}, reasons, after_error, privileged, calls}],
summary: {decisions, eligible}, path, path_key}.

A decision is eligible for supervision only if its calls executed (known tool, valid
arguments, no error observation), every argument value is recoverable from what the agent
could see before it (never the private part), consequential calls were explicitly confirmed
by the user and follow the lookups they depend on, and it does not repeat an identical call
without new evidence. tau-bench result files carry no tool list: the domain (--domain, or
recognised from the tool names) supplies schemas and tool metadata.

Unreadable records are reported with their line and skipped, and so is a record the
certifier itself fails on (certification_failed). --report writes corpus statistics
(eligible share per check, reasons histogram, per domain) as JSON. Certification runs in
one process per core (--workers N to choose) with the same output as in one; if a worker
dies (out of memory), what was written stays.
"""


def load_certify_config(path: str | None, overrides: list[str]) -> CertifyConfig:
    """The certify section: a YAML file that is the section itself or has a ``certify:`` key."""
    from trajectory2gym.certify.config import CertifyConfig
    from trajectory2gym.config import apply_overrides, read_yaml, validate_config

    data = read_yaml(path) if path else {}
    if "certify" in data:  # a run config, or a file holding the section under its name
        if not isinstance(data["certify"], dict):
            raise ValueError(f"{path}: certify: must be a mapping of certify settings, got {data['certify']!r}")
        data = data["certify"]
    apply_overrides(data, overrides)
    return validate_config(CertifyConfig, data, path or "certify config")


def cmd_certify(args: argparse.Namespace) -> int:
    from concurrent.futures.process import BrokenProcessPool

    import orjson
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from trajectory2gym.certify.report import CorpusReport
    from trajectory2gym.certify.stream import certified_lines
    from trajectory2gym.codecs import JsonlWriter, check_source, count_lines, detect_format
    from trajectory2gym.core_cli import console, exit_code, print_report
    from trajectory2gym.outputs import check_output
    from trajectory2gym.validation import ReadReport

    check_output(args.output, inputs=[args.input])
    if args.report:
        check_output(args.report, inputs=[args.input, args.output])
    config = load_certify_config(args.config, args.set or [])
    if args.domain:
        from trajectory2gym.envs.registry import DOMAINS

        if args.domain not in DOMAINS:
            raise ValueError(f"--domain {args.domain!r}: not a known domain ({', '.join(DOMAINS)})")
    if args.domain and not config.default_domain:
        config.default_domain = args.domain
    read_report = ReadReport()
    corpus = CorpusReport()
    check_source(args.input)  # a missing path, or a directory without shards, before any work
    fmt = args.format or detect_format(args.input)
    lines = certified_lines(args.input, fmt, read_report, corpus, config, domain=args.domain, workers=args.workers)
    broken: BrokenProcessPool | None = None
    # A JSONL file's lines are counted up front (fast) so the bar can say how long is left.
    total = count_lines(args.input) if fmt == "jsonl" and not args.quiet else None
    with JsonlWriter(args.output) as writer, Progress(
        TextColumn("certify"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=args.quiet,
    ) as progress:
        task = progress.add_task("certify", total=total)
        try:
            for line in lines:
                writer.write_line(line)
                progress.advance(task)
        except BrokenProcessPool as exc:
            broken = exc
    written = writer.count
    if broken is not None:
        console.print(f"[red]error:[/red] a worker process died ({broken}); {args.output} holds the "
                      f"{written} records certified before it, in input order. Rerun with fewer --workers.")
        return 1
    print_report(read_report, f"{args.input} -> {args.output}")
    stats = corpus.to_dict()
    overall = stats["overall"]
    console.print(
        f"certified {written} interactions: {overall['eligible']}/{overall['decisions']} decisions eligible"
    )
    if overall["judge_errors"]:
        console.print(f"[yellow]warning:[/yellow] the LLM judge at {config.judge.base_url} failed "
                      f"{overall['judge_errors']} times; the rule-based workflow verdict stood in for those "
                      f"calls (counted per record in metadata.judge_errors)", highlight=False)
    if args.report:
        stats["input"] = {"path": args.input, **read_report.to_dict()}
        with open(args.report, "wb") as fh:
            fh.write(orjson.dumps(stats, option=orjson.OPT_INDENT_2))
        console.print(f"report written to {args.report}")
    return exit_code(written, read_report, args.strict)


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a process count (0: one per core), got {text!r}")
    return n


def register(sub: argparse._SubParsersAction) -> None:
    from trajectory2gym.codecs import FORMATS
    from trajectory2gym.core_cli import STRICT_HELP

    p = sub.add_parser(
        "certify",
        help="check every assistant decision against what the agent could see",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("input", metavar="IN", help="interactions: .jsonl, .msgpack (file or shard dir), tau-bench .json")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="certified records (.jsonl)")
    p.add_argument("--domain", metavar="NAME",
                   help="domain whose tool schemas and metadata to use for records that name no domain "
                        "and whose tools are not recognised, e.g. tau-bench result files (default: recognised "
                        "from the tool names)")
    p.add_argument("--report", metavar="REPORT.json", help="write corpus statistics here")
    p.add_argument("--format", choices=FORMATS, help="input format (default: from the file name)")
    p.add_argument("--config", help="YAML file with the certify section (CertifyConfig)")
    p.add_argument(
        "--set", action="append", metavar="KEY=VALUE",
        help="override a config value, e.g. --set judge.enabled=true (repeatable)",
    )
    p.add_argument(
        "--workers", type=_workers, default=0, metavar="N",
        help="certify in N processes (default 0: one per core; 1: in this process); output, report "
             "and statistics do not change. Never more processes than batches of 32 records",
    )
    p.add_argument("--strict", action="store_true", help=STRICT_HELP)
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=cmd_certify)
