"""Checks on a command's output path, made before any work: a wrong path must not cost a
long run, and must never destroy the input.

Commands that write interactions infer the format from the name: ``.jsonl`` (JSON lines),
``.msgpack`` (one msgpack file), ``.parquet`` where a command writes Hugging Face parquet,
and a name without a suffix for a directory of msgpack shards.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from trajectory2gym.codecs import JSONL_SUFFIXES, MSGPACK_SUFFIXES


class OutputError(ValueError):
    """An output path that cannot be written as asked; the message names it and says why."""


def check_not_input(output: str | os.PathLike[str], inputs: Sequence[str | os.PathLike[str]]) -> None:
    """Raise ``OutputError`` when ``output`` is one of ``inputs`` (a writer truncates its file first)."""
    out = Path(output).resolve()
    for source in inputs:
        if out == Path(source).resolve():
            raise OutputError(f"{output}: is the input {source}; writing it would erase what is being "
                              f"read: choose another output path")


def check_output(
    output: str | os.PathLike[str],
    *,
    inputs: Sequence[str | os.PathLike[str]] = (),
    interactions: bool = False,
    suffixes: Sequence[str] = (),
) -> None:
    """Raise ``OutputError`` when writing ``output`` would go wrong.

    ``inputs``: paths the command reads (see ``check_not_input``). ``interactions``: the output
    is an interaction writer's path, whose format follows from its name (see the module
    docstring; ``suffixes`` adds names a command also writes); else it is one file, whose name
    must end in one of ``suffixes`` when they are given.
    """
    check_not_input(output, inputs)
    out = Path(output).resolve()
    name = out.name.lower()
    if interactions:
        known = (*JSONL_SUFFIXES, *MSGPACK_SUFFIXES, *suffixes)
        if not name.endswith(known):  # a directory of msgpack shards, or an unknown format
            if Path(name).suffix:
                raise OutputError(f"{output}: cannot tell the output format from the name: use one of "
                                  f"{', '.join(known)}, or a name without a suffix for a directory of "
                                  f"msgpack shards")
            if out.is_file():
                raise OutputError(f"{output}: is a file; a name without a suffix is a directory of msgpack "
                                  f"shards: choose a new name")
            if out.is_dir() and any(out.iterdir()):
                raise OutputError(f"{output}: directory exists and is not empty; shards would be added to "
                                  f"what it holds: choose a new directory")
            return
    elif suffixes and not name.endswith(tuple(suffixes)):
        raise OutputError(f"{output}: expected a {' or '.join(suffixes)} file")
    if out.is_dir():
        raise OutputError(f"{output}: is a directory; give a file path")
