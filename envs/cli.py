"""``t2g env ...``: replay gold actions, generate a database, list a domain's tools."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from trajectory2gym.console import make_console

console = make_console()

DOMAIN_CHOICES = ("retail", "airline", "telecom")


def _load_db(domain: str, db_dir: str | None, seed: int, size: str) -> dict:
    from trajectory2gym.envs.db import default_db, load_db_dir

    if db_dir:
        return load_db_dir(domain, db_dir)
    try:
        return default_db(domain, seed=seed, size=size)
    except ModuleNotFoundError as exc:
        raise ValueError(f"no --db given and the database generator is unavailable ({exc})") from None


def cmd_replay(args: argparse.Namespace) -> int:
    import orjson

    from trajectory2gym.outputs import check_not_input

    if not Path(args.tasks).exists():
        raise FileNotFoundError(f"{args.tasks}: task file not found")
    check_not_input(args.output, [args.tasks])
    # Every domain: --db when given, else the seeded generated database (--seed, --size).
    db = _load_db(args.domain, args.db, args.seed, args.size)
    if args.domain == "telecom":
        from trajectory2gym.envs.telecom.replay import replay_tasks

        result = replay_tasks(db, args.tasks, tau_bench_compat=not args.no_compat)
        problems: list[str] = []
    else:
        from trajectory2gym.envs.env import ToolEnv
        from trajectory2gym.envs.replay import load_tasks, replay_all

        env = ToolEnv(args.domain, db, tau_bench_compat=not args.no_compat)
        tasks, problems = load_tasks(args.tasks, args.domain)
        result = replay_all(env, tasks)
    for problem in problems:
        console.print(f"[yellow]skipped[/yellow] {problem}", markup=True, highlight=False)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_bytes(orjson.dumps(result, option=orjson.OPT_INDENT_2))
    rows = result.get("tasks", [])
    if args.domain == "telecom":  # tau2-style assertions
        passed = sum(1 for r in rows if r.get("assertions_passed"))
        console.print(f"replayed {len(rows)} tasks: {passed} pass their assertions -> {args.output}")
        if passed < len(rows) and not args.db:
            console.print("[yellow]note:[/yellow] replayed on the generated database; tau2 tasks need "
                          "their own: pass --db DIR (e.g. the tau2 data folder)")
        return 0
    if not rows and problems:
        console.print(f"[red]error:[/red] no task of {args.tasks} could be replayed (see above)", markup=True)
        return 1
    failed = sum(1 for r in rows if r.get("action_errors"))
    unchanged = sum(1 for r in rows if r.get("db_unchanged"))
    console.print(f"replayed {len(rows)} tasks: {failed} with failing gold actions, "
                  f"{unchanged} leave the database unchanged -> {args.output}")
    if failed and not args.db:
        # The usual cause: tau-bench tasks name users and orders the generated database lacks.
        console.print("[yellow]note:[/yellow] replayed on the generated database; tau-bench tasks need "
                      "their own: pass --db DIR (e.g. the tau-bench data folder)")
    return 0


def cmd_generate_db(args: argparse.Namespace) -> int:
    from trajectory2gym.envs.db import write_tau_bench_db

    try:
        dbgen = importlib.import_module("trajectory2gym.envs.dbgen")
    except ModuleNotFoundError as exc:
        raise ValueError(f"the database generator is not available ({exc})") from None
    db = dbgen.generate_db(args.domain, seed=args.seed, size=args.size)
    files = write_tau_bench_db(db, args.output)
    counts = ", ".join(f"{len(db[k])} {k}" for k in db)
    console.print(f"wrote {counts} to {args.output} ({len(files)} files)")
    return 0


def cmd_tools(args: argparse.Namespace) -> int:
    from rich.table import Table

    from trajectory2gym.envs.registry import get_domain

    domain = get_domain(args.domain)
    table = Table(title=f"{args.domain} tools")
    for col in ("tool", "access", "object class", "argument roles"):
        table.add_column(col)
    for name, tool in domain.tools.items():
        roles = ", ".join(f"{a}:{p.role}" for a, p in tool.params.items())
        table.add_row(name, tool.access, tool.object_class, roles)
    make_console(stderr=False).print(table)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    env = sub.add_parser(
        "env", help="native environments: replay gold actions, generate databases, list tools",
        description="Native tool environments (retail, airline, telecom).",
    )
    env_sub = env.add_subparsers(dest="env_command", metavar="ENV_COMMAND")
    env.set_defaults(handler=lambda a: (env.print_help(), 2)[1])

    r = env_sub.add_parser(
        "replay", help="replay each task's gold actions and write the final-state changes",
        description=(
            "For every task of a tau-bench task file (retail, airline), replay its gold actions on a fresh "
            "state (transfer_to_human_agents is skipped, as tau-bench does) and write "
            '{"tasks": [{"index", "action_errors", "db_unchanged", "changed_records"}]}, the form '
            "of the *_gold_final_state.json files; bad task entries are reported and skipped. "
            "For a tau2 telecom task file, run each task's set-up, its gold actions (agent and device) "
            'and its assertions, and write {"tasks": [{"index", "id", "assertions_passed", "failed"}]} '
            "(failed: each set-up call, action or assertion that did not succeed). Without --db the "
            "database is generated from --seed and --size, for every domain."
        ),
    )
    r.add_argument("--domain", required=True, choices=DOMAIN_CHOICES)
    r.add_argument("--db", metavar="DIR",
                   help="database directory: a data root holding <domain>/ (e.g. tau-bench's data/tau, "
                        "tau2's data/tau2) or the domain folder itself (default: the generated db; "
                        "tau-bench and tau2 tasks need their own)")
    r.add_argument("--tasks", required=True, help="tau-bench task file, or tau2's for telecom (JSON list)")
    r.add_argument("-o", "--output", required=True, help="output JSON file")
    r.add_argument("--seed", type=int, default=0, help="generator seed when --db is not given")
    r.add_argument("--size", default="small", help="generator size when --db is not given")
    r.add_argument("--no-compat", action="store_true",
                   help="fix tau-bench's known quirks instead of reproducing them")
    r.set_defaults(handler=cmd_replay)

    g = env_sub.add_parser(
        "generate-db", help="write a seeded synthetic database in tau-bench's JSON layout",
        description="Generate a realistic database (no third-party data) and write <kind>.json files.",
    )
    g.add_argument("--domain", required=True, choices=DOMAIN_CHOICES)
    g.add_argument("--seed", type=int, default=0, help="random seed (same seed, same database)")
    g.add_argument("--size", default="small", help="database size preset, for example small")
    g.add_argument("-o", "--output", required=True, help="output directory")
    g.set_defaults(handler=cmd_generate_db)

    t = env_sub.add_parser("tools", help="list a domain's tools with their declared metadata",
                           description="Print each tool's access, object class and argument roles.")
    t.add_argument("--domain", required=True, choices=DOMAIN_CHOICES)
    t.set_defaults(handler=cmd_tools)
