"""A markdown table's rows are read with their columns' names (certify/tables.py)."""

from __future__ import annotations

from trajectory2gym.certify.tables import with_headers

TABLE = """Your reservations:

| Code | **Date** | Booked |
|---|:---:|---|
| 5K7YMA | May 20 | May 14 |
| T2PY2S | May 20 | |

Which one?"""


def test_each_body_row_carries_its_columns_names() -> None:
    lines = with_headers(TABLE).split("\n")
    assert lines[4] == "Code 5K7YMA | Date May 20 | Booked May 14"
    assert lines[5] == "Code T2PY2S | Date May 20 | "  # an empty cell stays empty
    assert lines[:4] == TABLE.split("\n")[:4] and lines[6:] == TABLE.split("\n")[6:]  # the rest as it was


def test_a_row_outside_its_table_or_of_another_width_is_left_alone() -> None:
    ragged = "| a | b |\n|---|---|\n| 1 | 2 | 3 |\nprose\n| 4 | 5 |"
    assert with_headers(ragged) == ragged  # a row with three cells; a row after the table ended
    assert with_headers("no table | here") == "no table | here"
    transposed = "| | Current | New |\n|---|---|---|\n| Price | $260.19 | $272.71 |"
    assert with_headers(transposed).endswith("Price | Current $260.19 | New $272.71")
