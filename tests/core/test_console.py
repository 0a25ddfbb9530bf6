"""Piped or redirected output (a log file, ``ray job logs``) keeps table cells and long lines whole."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
from rich.table import Table
from trajectory2gym.console import make_console
console = make_console()
table = Table("tool", "access", "description")
for k in range(3):
    table.add_row(f"modify_pending_order_items_{k}", "write", "change the items of a pending order " * 2)
console.print(table)
console.print("checkpoint " + "/very/long/path" * 8 + "/step-00000006")
"""


def test_piped_output_is_not_cut_at_80_columns() -> None:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    res = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "…" not in res.stderr
    for k in range(3):
        assert f"modify_pending_order_items_{k}" in res.stderr
    assert ("checkpoint " + "/very/long/path" * 8 + "/step-00000006") in res.stderr.splitlines()
    narrow = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            env={**env, "COLUMNS": "60"}, timeout=60)
    assert "…" in narrow.stderr  # COLUMNS still decides when set
