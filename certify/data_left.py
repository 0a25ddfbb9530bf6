"""The data a line has left this cycle: its plan's limit, plus data refuelled, less data used.

"He has 5.5 GB left right now", where the line shows ``"data_used_gb": 9.5`` and its plan
``"data_limit_gb": 15.0``: neither figure is stated beside it, so the amount is no difference of
amounts the text states. It is derived only as a line's own remainder, from that line's usage
and refuelling and the limit of the plan that line is on; a plan never looked up gives none.
"""

from __future__ import annotations

from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.normalize import to_cents


class DataLeftBook(ObservationBook):
    """Lines' usage (by line id, the newest shown) and plans' data limits, in hundredths of a GB."""

    needles = ('"data_used_gb"', '"data_limit_gb"')

    def __init__(self) -> None:
        self.lines: dict[str, tuple[str, int, int]] = {}  # line id -> (plan id, used, refuelled)
        self.limits: dict[str, int] = {}  # plan id -> data limit

    def take(self, value: Any) -> None:
        for obj in json_objects(value):  # a write's result holds the line it changed: {"line": {...}}
            plan = obj.get("plan_id")
            if not isinstance(plan, str):
                continue
            if (limit := to_cents(obj.get("data_limit_gb"))) is not None:
                self.limits[plan] = limit
            used, line = to_cents(obj.get("data_used_gb")), obj.get("line_id")
            if used is not None and isinstance(line, str):
                self.lines[line] = (plan, used, to_cents(obj.get("data_refueling_gb")) or 0)

    def left(self) -> set[int]:
        """Each line's remainder whose plan's limit is shown, with and without the data refuelled."""
        out: set[int] = set()
        for plan, used, refuelled in self.lines.values():
            limit = self.limits.get(plan)
            if limit is not None:
                out.update((limit - used, limit + refuelled - used))
        return out
