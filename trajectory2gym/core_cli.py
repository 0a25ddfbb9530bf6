"""Core commands: ``t2g validate`` and ``t2g convert``."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from rich.markup import escape
from rich.table import Table

from trajectory2gym.codecs import (
    FORMATS,
    check_source,
    detect_format,
    open_writer,
    read_interactions,
)
from trajectory2gym.console import make_console
from trajectory2gym.validation import ReadReport

console = make_console()


def domain_hooks() -> dict[str, Any]:
    """The domain registry's importer hooks, when the environments are installed."""
    try:
        registry = importlib.import_module("trajectory2gym.envs.registry")
    except ModuleNotFoundError:
        return {}
    hooks: dict[str, Any] = {}
    if hasattr(registry, "guess_domain"):
        hooks["guess_domain"] = registry.guess_domain
    if hasattr(registry, "tool_specs"):
        hooks["tools_for_domain"] = registry.tool_specs
    return hooks


def user_error(exc: Exception) -> str:
    """``path: reason`` for a failed file operation, else the exception's own message."""
    if isinstance(exc, OSError) and exc.filename is not None and exc.strerror:
        return f"{exc.filename}: {exc.strerror.lower()}"
    return str(exc) or type(exc).__name__


def read_any(path: str, fmt: str | None, report: ReadReport, domain: str | None = None):
    """Interactions from JSONL, msgpack or a tau-bench result file (domain hooks applied)."""
    check_source(path)
    fmt = fmt or detect_format(path)
    options: dict[str, Any] = {}
    if fmt == "tau-bench":
        options = {"domain": domain, **domain_hooks()}
    return read_interactions(path, fmt, report, **options)


def print_report(report: ReadReport, title: str, max_errors: int = 50) -> None:
    table = Table(title=title, show_header=False)
    table.add_row("records", str(report.records))
    table.add_row("valid", str(report.ok))
    table.add_row("bad records", str(report.bad_records))
    if report.errors:  # a bad record can have several errors: counted apart from the records
        table.add_row("errors", str(len(report.errors)))
    for kind, n in report.by_kind().items():
        table.add_row(f"  {kind}", str(n))
    console.print(table)
    for err in report.errors[:max_errors]:
        console.print(f"  [red]bad[/red] {escape(str(err))}", highlight=False)  # the record's text is not markup
    if len(report.errors) > max_errors:
        console.print(f"  ... and {len(report.errors) - max_errors} more errors")
    for note in report.notes:
        console.print(f"  [yellow]note[/yellow] {note}")
    if not report.records:
        console.print("  [yellow]warning[/yellow] the input holds no records")


def cmd_validate(args: argparse.Namespace) -> int:
    from collections import Counter

    bad = False
    for path in args.files:
        report = ReadReport()
        try:
            ids = Counter(inter.id for inter in read_any(path, args.format, report, args.domain))
        except (ValueError, OSError) as exc:  # this file only: the others are still checked
            console.print(f"[red]error:[/red] {escape(user_error(exc))}", highlight=False)
            bad = True
            continue
        repeated = {i: n for i, n in ids.items() if n > 1}
        if repeated:  # selection, training and resume key interactions by id
            shown = ", ".join(f"{i} x{n}" for i, n in list(repeated.items())[:5])
            report.notes.append(f"{len(repeated)} ids occur more than once ({shown}): ids must be unique")
        # Only when nothing decoded: a record that decodes but fails validation says the format is right.
        undecodable = {"invalid_json", "invalid_msgpack", "truncated_record"}
        if report.records and not report.ok and all(e.kind in undecodable for e in report.errors):
            report.notes.append(f"no record could be read: is it really {args.format or detect_format(path)}?")
        print_report(report, f"{path}")
        bad |= report.bad_records > 0 or bool(repeated)
    return 1 if bad else 0


def cmd_convert(args: argparse.Namespace) -> int:
    from trajectory2gym.outputs import check_not_input, check_output

    if args.to_format:  # the format is named: only the input must be safe from the output
        check_not_input(args.output, [args.input])
    else:
        check_output(args.output, inputs=[args.input], interactions=True, suffixes=(".parquet",))
    report = ReadReport()
    records = read_any(args.input, args.from_format, report, args.domain)
    to = args.to_format or ("hf" if args.output.endswith(".parquet") else None)
    if to == "hf":
        from trajectory2gym.hf_export import export_parquet

        written = export_parquet(records, args.output)
    else:
        with open_writer(args.output, to) as writer:
            for rec in records:
                writer.write(rec)
            written = writer.count
    print_report(report, f"{args.input} -> {args.output}")
    console.print(f"wrote {written} interactions to {args.output}")
    return exit_code(written, report, args.strict)


def exit_code(written: int, report: ReadReport, strict: bool) -> int:
    """1 when records were read but none written, or with ``strict`` when any record was bad (the
    good ones are written all the same); else 0."""
    if strict and report.bad_records:
        console.print(f"[red]--strict:[/red] {report.bad_records} bad record(s) were skipped")
        return 1
    return 0 if written or not report.records else 1


STRICT_HELP = "exit 1 when any record was bad (the good ones are still written); default: only when none was good"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "validate",
        help="check interaction files and report every bad record",
        description=(
            "Validate interaction files (JSONL, msgpack file or shard directory, tau-bench results). "
            "Prints a summary (records, errors by kind) and each bad record's line and field. "
            "Never stops at the first bad record. Exit 1 if any record is bad."
        ),
    )
    p.add_argument("files", nargs="+", help="files to check")
    p.add_argument("--format", choices=FORMATS, help="input format (default: from the file name)")
    p.add_argument("--domain", help="domain for tau-bench files (default: guessed from tool names)")
    p.set_defaults(handler=cmd_validate)

    c = sub.add_parser(
        "convert",
        help="convert JSONL, msgpack or tau-bench results to JSONL, msgpack or HF parquet",
        description=(
            "Convert interactions between formats. Bad records are reported with their line and "
            "skipped; the good ones are written. --to hf writes Hugging Face datasets parquet with "
            "messages/tools as JSON strings."
        ),
    )
    c.add_argument("input", help="input file or msgpack shard directory")
    c.add_argument("output", help="output file (.jsonl, .msgpack, .parquet) or shard directory")
    c.add_argument("--from", dest="from_format", choices=FORMATS, help="input format (default: from the name)")
    c.add_argument("--to", dest="to_format", choices=("jsonl", "msgpack", "hf"), help="output format")
    c.add_argument("--domain", help="domain for tau-bench input (default: guessed from tool names)")
    c.add_argument("--strict", action="store_true", help=STRICT_HELP)
    c.set_defaults(handler=cmd_convert)
