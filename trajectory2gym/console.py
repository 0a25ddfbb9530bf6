"""The console every command prints with.

Written to a terminal, rich fits output to its width. Written to a file or a pipe (a
log, ``ray job logs``, ``t2g env tools > tools.txt``) it would assume 80 columns: cut
table cells to "…" and break long lines, paths included. There, lines are kept whole
and tables get room instead (``COLUMNS`` still wins when set).
"""

from __future__ import annotations

import os

from rich.console import Console

PIPED_WIDTH = 200


def make_console(*, stderr: bool = True) -> Console:
    """A console on stderr (messages, the default) or stdout (a command's result)."""
    console = Console(stderr=stderr, soft_wrap=True)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(stderr=stderr, soft_wrap=True, width=PIPED_WIDTH)
    return console
