"""``t2g synthesize``: generator -> teacher -> environment, in-process, to a JSONL file."""

from __future__ import annotations

import argparse
from typing import Any

from trajectory2gym.console import make_console

DESCRIPTION = """\
Generate tasks of the chosen families (information-dependent, recovery,
state-dependent), play each with a teacher against the native environment and a
scripted (or LLM) user, and write one interaction per line. Every interaction's
metadata holds the intended canonical path and the teacher's labels; when the
certifier is installed the realized path is compared with the intended one and
the realization rate is printed per family (and, with imperfections on, the
precision and recall of certification against the teacher's labels per kind).

--n is the number of tasks per family (--family all runs each family).

examples:
  t2g synthesize --domain retail --family recovery --n 100 --teacher scripted --seed 0 -o out.jsonl
  t2g synthesize --domain airline --family all --n 50 --imperfections 0.3 -o noisy.jsonl
  t2g synthesize --domain retail --family state --n 10 --teacher openai \\
      --model Qwen/Qwen3-8B --base-url http://localhost:8000/v1 -o llm.jsonl
"""

KINDS = ("privileged", "wrong_lookup", "unconfirmed_write", "repeated_call")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "synthesize", help="generate tasks and play them with a teacher (scripted, OpenAI-compatible, vLLM)",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--domain", required=True, choices=["retail", "airline", "telecom"])
    p.add_argument("--family", default="all", choices=["information", "recovery", "state", "all"])
    p.add_argument("--n", type=int, default=100, help="tasks per family (default 100)")
    p.add_argument("--teacher", default="scripted", choices=["scripted", "openai", "vllm"])
    p.add_argument("--seed", type=int, default=0, help="seed of task generation and episodes")
    p.add_argument("-o", "--output", required=True,
                   help="output .jsonl or .msgpack file, or a new directory for msgpack shards")
    g = p.add_argument_group("database")
    g.add_argument("--db", help="a database directory: the data root (a folder per domain) or the domain's "
                   "folder, tau-bench's layout; telecom reads tau2's db.json + user_db.json (default: the "
                   "generated one)")
    g.add_argument("--db-seed", type=int, default=0)
    g.add_argument("--db-size", default="small")
    g = p.add_argument_group("scripted teacher")
    g.add_argument("--imperfections", type=float, default=0.0, metavar="RATE",
                   help="rate of every labelled imperfection (0 = a perfect oracle)")
    g.add_argument("--imperfection", action="append", default=[], metavar="KIND=RATE",
                   help=f"rate of one kind ({', '.join(KINDS)}); repeatable")
    g = p.add_argument_group("model teachers (openai, vllm) and the LLM user")
    g.add_argument("--model", help="model name (openai/vllm teachers, LLM user)")
    g.add_argument("--base-url", help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1")
    g.add_argument("--temperature", type=float, default=0.0)
    g.add_argument("--max-tokens", type=int, default=None)
    g.add_argument("--timeout", type=float, default=60.0, help="seconds per request")
    g.add_argument("--max-retries", type=int, default=3)
    g.add_argument("--user", default="scripted", choices=["scripted", "llm"],
                   help="user simulator (llm uses the same endpoint settings)")
    g.add_argument("--paraphrase", action="store_true",
                   help="let the model reword each request (kept only when every value survives)")
    g.add_argument("--report", help="also write the scores as JSON here")
    p.set_defaults(handler=cmd_synthesize)


def _imperfections(args: argparse.Namespace) -> dict[str, float]:
    if not 0.0 <= args.imperfections <= 1.0:
        raise ValueError(f"--imperfections {args.imperfections:g}: a rate must be in [0, 1]")
    rates = dict.fromkeys(KINDS, args.imperfections)
    for item in args.imperfection:
        kind, sep, value = item.partition("=")
        if not sep or kind not in KINDS:
            raise ValueError(f"--imperfection {item!r}: expected KIND=RATE with KIND in {', '.join(KINDS)}")
        try:
            rates[kind] = float(value)
        except ValueError:
            raise ValueError(f"--imperfection {item!r}: RATE must be a number") from None
        if not 0.0 <= rates[kind] <= 1.0:
            raise ValueError(f"--imperfection {item!r}: a rate must be in [0, 1]")
    return rates


def _chat_settings(args: argparse.Namespace) -> dict[str, Any]:
    if not args.model:
        raise ValueError("--model is required for the openai/vllm teacher and the LLM user")
    return {"model": args.model, "base_url": args.base_url, "temperature": args.temperature,
            "max_tokens": args.max_tokens, "timeout_s": args.timeout, "max_retries": args.max_retries}


def build_teacher(args: argparse.Namespace) -> Any:
    if args.teacher == "scripted":
        from trajectory2gym.actors.teachers.scripted import ScriptedTeacher

        return ScriptedTeacher(_imperfections(args), seed=args.seed)
    if args.teacher == "openai":
        from trajectory2gym.actors.teachers.openai_teacher import OpenAITeacher

        return OpenAITeacher(_chat_settings(args))
    from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher

    s = _chat_settings(args)
    return VLLMTeacher(s["model"], temperature=s["temperature"], seed=args.seed,
                       max_tokens=s["max_tokens"] or 1024)


def _load_db(args: argparse.Namespace) -> dict[str, Any]:
    from trajectory2gym.envs import db

    if args.db:
        return db.load_db_dir(args.domain, args.db)
    return db.default_db(args.domain, seed=args.db_seed, size=args.db_size)


def cmd_synthesize(args: argparse.Namespace) -> int:
    import orjson
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from trajectory2gym.actors.teachers.synthesis import (
        SynthesisReport,
        expand_families,
        synthesize,
    )
    from trajectory2gym.codecs import open_writer
    from trajectory2gym.outputs import check_output

    console = make_console()
    if args.n < 1:
        raise ValueError("--n must be at least 1")
    check_output(args.output, interactions=True)
    families = expand_families(args.family)
    teacher = build_teacher(args)
    user = None
    if args.user == "llm":
        from trajectory2gym.envs.users import LLMUser

        user = LLMUser(_chat_settings(args))
    paraphrase = None
    if args.paraphrase:
        from trajectory2gym.envs.generator.llm import ChatClient, ChatSettings
        from trajectory2gym.envs.generator.paraphrase import paraphrase_request

        client = ChatClient(ChatSettings.model_validate(_chat_settings(args)))
        paraphrase = lambda task: paraphrase_request(task, client)  # noqa: E731
    report = SynthesisReport()
    with open_writer(args.output) as writer, Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console, transient=False,
    ) as progress:
        bars = {f: progress.add_task(f"{args.domain}/{f}", total=args.n) for f in families}
        for inter in synthesize(args.domain, families, args.n, teacher, seed=args.seed, db=_load_db(args),
                                user=user, report=report, paraphrase=paraphrase,
                                on_step=lambda fam: progress.advance(bars[fam])):
            writer.write(inter)
    for failure in report.failures[:20]:
        console.print(f"[yellow]skipped[/yellow] {failure}", markup=True, highlight=False)
    table = Table(title=f"synthesis {args.domain} (seed {args.seed})")
    for col in ("family", "tasks", "realized", "realization rate", "reward 1"):
        table.add_column(col)
    real = report.realization.as_dict()
    for fam in families:
        row = real.get(fam, {"tasks": report.generated.get(fam, 0), "realized": "-", "rate": None, "reward_1": "-"})
        rate = f"{row['rate']:.1%}" if row["rate"] is not None and report.certified else "n/a"
        table.add_row(fam, str(row["tasks"]), str(row["realized"]), rate, str(row["reward_1"]))
    console.print(table)
    if not report.certified:
        console.print("[yellow]certifier not installed: realized paths were not computed[/yellow]")
    labels = report.labels.as_dict()
    if any(v["labelled"] for v in labels.values()):
        lt = Table(title="certification vs. teacher labels")
        for col in ("kind", "labelled", "flagged", "precision", "recall"):
            lt.add_column(col)
        for kind, v in labels.items():
            lt.add_row(kind, str(v["labelled"]), str(v["flagged"]), f"{v['precision']:.1%}", f"{v['recall']:.1%}")
        console.print(lt)
    console.print(f"wrote {sum(report.generated.values())} interactions to {args.output}")
    if args.report:
        with open(args.report, "wb") as fh:
            fh.write(orjson.dumps(report.as_dict(), option=orjson.OPT_INDENT_2))
    return 0
