"""A quantity with a unit said of one object must not be another object's value of the same
field (certify/measures.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify.measures import MeasureBook, misassigned_measures, unit_of
from trajectory2gym.certify.tables import with_headers

from .conftest import wrong_and_right

USAGE = [{"line_id": "L1005", "data_used_gb": 12.8, "data_limit_gb": 999.0, "data_refueling_gb": 0.0},
         {"line_id": "L1007", "data_used_gb": 9.5, "data_limit_gb": 999.0, "data_refueling_gb": 2.0}]
LINE = {"line_id": "L1007", "phone_number": "555-123-2007", "plan_id": "P1001", "data_used_gb": 9.5}
PLAN = {"plan_id": "P1001", "data_limit_gb": 15.0, "data_refueling_price_per_gb": 2.0}


def _book(*observations: Any) -> MeasureBook:
    book = MeasureBook()
    book.update([orjson.dumps(o).decode().lower() for o in observations])
    return book


def test_the_unit_of_a_field_and_whose_values_it_holds() -> None:
    assert [unit_of(k) for k in ("data_used_gb", "data_refueling_price_per_gb", "gb", "status")] == [
        "gb", None, None, None]
    book = _book(*USAGE, LINE, PLAN)
    assert book.fields["l1007"]["data_used_gb"] == {950}
    assert book.fields["5551232007"] == {"data_used_gb": {950}}  # a line is named by its phone number too
    assert "p1001" not in {k for k, f in book.fields.items() if "data_used_gb" in f}  # a foreign id is not its owner
    assert book.fields["p1001"] == {"data_limit_gb": {1500}}  # the plan's own; the rate is no quantity


@pytest.mark.parametrize(("text", "flagged"), [
    ("L1007 used 12.8 GB this month.", [("12.8 GB", "L1007", "data_used_gb")]),
    ("Line 555-123-2007 is at 12.8GB.", [("12.8GB", "555-123-2007", "data_used_gb")]),
    ("L1007 used 9.5 GB this month.", []),
    ("L1005 used 12.8 GB this month.", []),
    ("L1007 has 989.5 GB left of its 999 GB.", []),  # derived from its own: the visibility check's
    ("L1007 used 9.5 GB and L1005 12.8 GB.", []),  # several objects: each clause's its own
    ("L1005 has used 9.5 GB and L1007 has used 12.8 GB.", [("9.5 GB", "L1005", "data_used_gb"),
                                                           ("12.8 GB", "L1007", "data_used_gb")]),  # swapped
    ("L1007 has used 9.5 GB, not 12.8 GB (12.8 GB is L1005).", []),  # denied, then said of its own
    ("L1007 has used 9.5 GB, not 12.8 GB.", []),
    ("L1007 and L1005 together used 22.3 GB (9.5 GB + 12.8 GB).", []),  # a joint quantity, and a sum's terms
    ("L1007 has used 12.8 GB + 2 GB.", []),
    ("You have used 12.8 GB in total.", []),  # no object named
    ("L1007 can add 2 GB for $2.00 per GB.", []),  # its own refuel amount
    # a recap's clause before the one that names the object (blind set 83, t83_02 69)
    ("Summary: data switched on, 12.8 GB used on your line, and roaming enabled on L1007.", []),
    ("Summary: data switched on, and roaming enabled on L1007, which used 12.8 GB.", [("12.8 GB", "L1007", "data_used_gb")]),
])
def test_a_quantity_is_read_against_the_object_named(text: str, flagged: list[tuple[str, str, str]]) -> None:
    found = misassigned_measures(text, _book(*USAGE, LINE, PLAN))
    assert [(w, i, f) for w, i, f, _ in found] == flagged


def test_a_table_row_gives_a_line_another_lines_usage(convo: Any, at: Any) -> None:
    c = convo(domain="telecom")
    c.user("How much data did my lines use? Customer C1001.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1005"}, USAGE[0])
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1007"}, USAGE[1])
    table = "| Line | Data used |\n|---|---|\n| L1005 | 12.8 GB |\n| L1007 | {} |"
    assert wrong_and_right(c, table, "12.8 GB", "9.5 GB") == (
        ["text states '12.8 GB' for L1007, another object's data_used_gb, where its own is 9.5"], True)
    assert misassigned_measures(with_headers(table.format("12.8 GB")), _book(*USAGE))  # the row, read alone


@pytest.mark.parametrize(("text", "flagged"), [
    # 3.3 GB is L1005's use, but also L1007's 12.8 GB limit less its 9.5 GB used, read by its id
    ("L1007 (555-123-2007) has used 9.5 GB of 12.8 GB, so 3.3 GB is left.", []),
    ("555-123-2007 has 3.3 GB left.", []),  # by its number: the usage read by its id is the same line's
    ("555-123-2007 has used 4.0 GB.", [("4.0 GB", "555-123-2007", "data_used_gb")]),  # not worked out: L1004's
])
def test_a_quantity_worked_out_from_the_objects_own_values(text: str, flagged: list[tuple[str, str, str]]) -> None:
    usage = [{"line_id": "L1004", "data_used_gb": 4.0, "data_limit_gb": 999.0},
             {"line_id": "L1005", "data_used_gb": 3.3, "data_limit_gb": 999.0},
             {"line_id": "L1007", "data_used_gb": 9.5, "data_limit_gb": 12.8}]
    found = misassigned_measures(text, _book(*usage, LINE))
    assert [(w, i, f) for w, i, f, _ in found] == flagged
