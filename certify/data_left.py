"""The data a line has left this cycle: its plan's limit, plus data refuelled, less data used.

"He has 5.5 GB left right now", where the line shows ``"data_used_gb": 9.5`` and its plan
``"data_limit_gb": 15.0``: neither figure is stated beside it, so the amount is no difference of
amounts the text states. It is derived only as a line's own remainder, from that line's usage
and refuelling and the limit of the plan that line is on; a plan never looked up gives none.
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.normalize import to_cents


class DataLeftBook(ObservationBook):
    """Per line (the newest shown of each): its plan, data used, data refuelled and limit where its
    usage shows one; and plans' data limits; in hundredths of a GB."""

    needles: tuple[str, ...] = ('"data_used_gb"', '"data_limit_gb"', '"new_data_refueling_gb"')

    def __init__(self) -> None:
        self.lines: dict[str, dict[str, Any]] = {}  # line id -> plan, used, refuelled, limit (as shown)
        self.limits: dict[str, int] = {}  # plan id -> data limit

    def take(self, value: Any) -> None:
        for obj in json_objects(value):  # a write's result holds the line it changed: {"line": {...}}
            plan, line = obj.get("plan_id"), obj.get("line_id")
            if isinstance(plan, str) and (limit := to_cents(obj.get("data_limit_gb"))) is not None:
                self.limits[plan] = limit
            if not isinstance(line, str):
                # A refuel's result names its line in its message: "... of data for line L3007 for $5.00"
                if (added := to_cents(obj.get("new_data_refueling_gb"))) is not None and isinstance(
                        msg := obj.get("message"), str) and (named := _LINE_IN_MESSAGE.search(msg)):
                    self.lines.setdefault(named[1], {})["refuelled"] = added
                continue
            known = self.lines.setdefault(line, {})
            for key, field in (("used", "data_used_gb"), ("refuelled", "data_refueling_gb"),
                               ("limit", "data_limit_gb")):
                if (cents := to_cents(obj.get(field))) is not None:
                    known[key] = cents
            if isinstance(plan, str):
                known["plan"] = plan

    def _remainders(self) -> list[tuple[int, int]]:
        """Per line whose limit and usage are shown: (its limit less its usage, the data refuelled)."""
        out: list[tuple[int, int]] = []
        for known in self.lines.values():
            limit = known.get("limit", self.limits.get(known.get("plan", "")))
            if limit is not None and (used := known.get("used")) is not None:
                out.append((limit - used, known.get("refuelled", 0)))
        return out

    def left(self) -> set[int]:
        """Each line's remainder whose limit is shown (its usage's, or its plan's), with and without
        the data refuelled."""
        return {v for bare, refuelled in self._remainders() for v in (bare, bare + refuelled)}

    def refuelled_left(self) -> set[int]:
        """Each line's remainder with the data refuelled counted: what is left right after a refuel
        (not the remainder before it: "Done: 3.0 GB added. You now have 6.3 GB left", 15.0 - 8.7)."""
        return {bare + refuelled for bare, refuelled in self._remainders()}

    def unrefuelled_left(self) -> set[int]:
        """Each line's remainder (limit less used, perhaps below zero) where no data was refuelled:
        what an amount of data added would add to ("With 1 GB you'd have about 0.9 GB", used 15.1 of 15.0)."""
        return {bare for bare, refuelled in self._remainders() if not refuelled}

    def all_have_data(self) -> bool:
        """Whether some line's usage and limit are shown and every such line has data left (its limit
        and the data refuelled above what it used)."""
        rests = self._remainders()
        return bool(rests) and all(bare + refuelled > 0 for bare, refuelled in rests)

    def allowances(self) -> set[int]:
        """Each line's whole data for the cycle whose limit is shown: the limit plus the data refuelled."""
        out: set[int] = set()
        for known in self.lines.values():
            if (limit := known.get("limit", self.limits.get(known.get("plan", "")))) is not None:
                out.add(limit + known.get("refuelled", 0))
        return out


_LINE_IN_MESSAGE = re.compile(r"\bline (l\d+)\b")  # observations are read lower-cased


# The data refuelled this cycle said as the line's total now: "with 0.0 GB refueled this cycle", "You now
# have 2.0 GB of extra data on top of your plan" (not a price: "2.0 GB refueled for $4.00" reports the write).
_REFUELLED_SAID = re.compile(r"\b(\d+(?:\.\d+)?)\s*GB\**\s+(?:of\s+)?(?:(?:extra|refuel(?:l)?ed)\s+data\b|data\s+refuel(?:l)?ed\b"
                             r"|refuel(?:l)?ed\b)(?!\s+(?:for|at)\s+\$)", re.I)
# What may be, not what is: "you'd have 3.0 GB of extra data", "if I add 1 GB, ...".
_MAY_BE = re.compile(r"\b(?:if|would|will|could|can|once|after)\b|['’](?:d|ll)\b", re.I)


def refuelled_said(text: str) -> list[tuple[str, int]]:
    """(as written, in hundredths of a GB) for each amount a text gives as the data refuelled on a
    line this cycle, said as it is now (not in a sentence of what would be)."""
    out: list[tuple[str, int]] = []
    for m in _REFUELLED_SAID.finditer(text):
        start = max(text.rfind(". ", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        if not _MAY_BE.search(text, start, m.start()) and (cents := to_cents(m[1])) is not None:
            out.append((m[0], cents))
    return out


# A line said to be past its data now: "you've gone over your data limit", "your line has run out of data".
_OVER = re.compile(r"\b(?:(?:gone|went|been|is|are|['’]re)\s+over|exceeded|used\s+up|maxed\s+out|reached|hit)\s+"
                   r"(?:your|the|its|his|her|their)\s+(?:monthly\s+)?(?:data\s+)?(?:limit|allowance|cap)\b"
                   r"|\b(?:run|ran|running)\s+out\s+of\s+(?:your\s+|mobile\s+)?data\b", re.I)
_NOT_NOW = re.compile(r"\b(?:not|never|no)\b|n['’]t\b", re.I)


def over_limit_said(text: str) -> str | None:
    """The words of a sentence that says a line is past its data limit now (not a question, a
    condition or a denial: "If you've exceeded your limit, ...", "You haven't gone over it",
    "Running out of data isn't the problem")."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        if (m := _OVER.search(sentence)) and not sentence.rstrip().endswith("?") \
                and not _MAY_BE.search(sentence, 0, m.start()) and not _NOT_NOW.search(sentence):
            return m[0]
    return None
