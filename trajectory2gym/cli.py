"""The ``t2g`` command line.

Core commands (validate, convert) live here; each stage adds its own commands
from a ``cli.py`` module with ``register(subparsers)``. Those modules import
their heavy dependencies inside the handlers, so ``t2g --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from rich.markup import escape

from trajectory2gym.console import make_console

STAGE_CLI_MODULES: tuple[str, ...] = (
    "trajectory2gym.envs.cli",
    "trajectory2gym.certify.cli",
    "trajectory2gym.selector.cli",
    "trajectory2gym.learner.cli",
    "trajectory2gym.actors.cli",
    "trajectory2gym.launch.cli",
    "trajectory2gym.launch.eval.cli",
)

console = make_console()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="t2g",
        description=(
            "Trajectory2Gym: run teachers in native environments, certify every decision, "
            "select training data by structural coverage, and train agents on it."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from trajectory2gym import core_cli

    core_cli.register(sub)
    for name in STAGE_CLI_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # stage not built yet
                continue
            raise
        module.register(sub)
    return parser


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``parse_args``, except that ``key=value`` overrides may also follow the options
    (``t2g run CONFIG --resume DIR run.rounds=3``): argparse takes a command's positional
    overrides only before its options, and ``parse_intermixed_args`` does not support subcommands."""
    args, extra = parser.parse_known_args(argv)
    overrides = getattr(args, "overrides", None)
    if extra and isinstance(overrides, list) and all("=" in a and not a.startswith("-") for a in extra):
        overrides.extend(extra)
        extra = []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parse_args(parser, argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        console.print("[red]interrupted[/red]")
        return 130
    except (ValueError, OSError) as exc:
        # Expected user errors (bad config, a missing file, a directory where a file belongs, an
        # unreachable cluster): one clear line, no traceback.
        from trajectory2gym.core_cli import user_error

        console.print(f"[red]error:[/red] {escape(user_error(exc))}", highlight=False)
        return 2


if __name__ == "__main__":
    sys.exit(main())
