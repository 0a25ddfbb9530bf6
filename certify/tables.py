"""Markdown tables in what an agent writes, read row by row with their column headers.

Agents often answer with a table: "| Code | Date | Booked |" over "| 5K7YMA | May 20 | May 14 |".
A row alone does not say which of its dates is the flight's and which the booking's; its header
does. ``with_headers`` writes each body row as one line whose cells carry their column's name
("Code 5K7YMA | Date May 20 | Booked May 14"), so the sentence-level checks read a row as they read
"5K7YMA flies on May 20 and was booked on May 14".
"""

from __future__ import annotations

import re

_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
TABLE_RULE = re.compile(r"^\s*\|?(?:\s*:?-{3,}:?\s*\|)+(?:\s*:?-{3,}:?\s*)?$")  # "|---|---|"
_EMPHASIS = re.compile(r"[*_`]+")


def _cells(line: str) -> list[str] | None:
    m = _ROW.match(line)
    return None if m is None else [c.strip() for c in m[1].split("|")]


def with_headers(text: str) -> str:
    """``text`` with each markdown table's body rows written with their column headers; the rest,
    and any table whose rows do not have its header's number of cells, as it is."""
    if "|" not in text or "-" not in text:
        return text
    lines = text.split("\n")
    header: list[str] | None = None
    for i, line in enumerate(lines):
        if TABLE_RULE.match(line):
            continue
        cells = _cells(line)
        if cells is None:
            header = None  # the table has ended
        elif i + 1 < len(lines) and TABLE_RULE.match(lines[i + 1]):
            header = [_EMPHASIS.sub("", c).strip() for c in cells]
        elif header is not None and len(cells) == len(header):
            lines[i] = " | ".join(f"{h} {c}" if h and c else c for h, c in zip(header, cells, strict=True))
    return "\n".join(lines)
