"""The plan a text says a line is on, where the records show it on another: "Line 555-123-2003 is
active again on the Premium Plan", where the line's record gives plan P1001 and the bill's item
reads "Basic Plan - Line 555-123-2003".

A line's plan is read from its record (``plan_id``, named by the plan's record, the latest record
winning: a plan change shows the new one), else from a bill's plan charge ("Basic Plan - Line
555-123-2003"). A sentence is read only where it names one line (by number or id) and one plan by
name, says the line is "on" it (or lists it among what the line is), and speaks of no change or
option (a plan it "could" move to is no claim).
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.normalize import compact, identifiers_in
from trajectory2gym.certify.setting_values import named_plans
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# A bill's plan charge: "basic plan - line 555-123-2003" (observations are read lower-cased).
_PLAN_CHARGE = re.compile(r"^(.+?\bplan)\s+-\s+line\s+(\d{3}-\d{3}-\d{4})$")
# A sentence about a plan to come, or a choice of plans: no claim of the line's plan now.
# A line named by its number's last four digits: "the 2001 number", "the line ending in 2001".
_ENDING = re.compile(r"\bthe (\d{4}) (?:number|line)\b|\b(?:number|line) ending(?: in)? (\d{4})\b", re.I)
_CHANGE = re.compile(r"\b(?:switch|chang|upgrad|downgrad|move|moving|would|could|instead|option|from|compar|"
                     r"available|offer|prefer)\w*", re.I)


class LinePlans(ObservationBook):
    """Per interaction: each line's keys (its id and its number, compact) -> the name of its plan,
    lower-cased, as the latest record or bill read shows it."""

    needles: tuple[str, ...] = ('"plan_id"', " plan - line ")

    def __init__(self) -> None:
        self.plan_of: dict[str, str] = {}  # line key -> plan id (compact), as its record shows it
        self.billed: dict[str, str] = {}  # line key (its number) -> plan name, as a bill's charge shows it
        self.names: dict[str, str] = {}  # plan id (compact) -> name
        self.number_of: dict[str, str] = {}  # line key -> the line's number (compact), as its record shows it

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            plan = obj.get("plan_id")
            if isinstance(plan, str):
                if isinstance(name := obj.get("name"), str) and "line_id" not in obj:
                    self.names[compact(plan)] = name
                number = obj.get("phone_number")
                for key in ("line_id", "phone_number"):
                    if isinstance(line := obj.get(key), str):
                        self.plan_of[compact(line)] = compact(plan)
                        if isinstance(number, str):
                            self.number_of[compact(line)] = compact(number)
            elif isinstance(text := obj.get("description"), str) and (m := _PLAN_CHARGE.match(text.strip())):
                self.billed[compact(m[2])] = m[1]

    def known(self, line: str) -> bool:
        return line in self.plan_of or line in self.billed

    def by_ending(self, digits: str) -> str | None:
        """The one line (its compact id) whose number ends in these four digits, if one does."""
        found = {line for line, number in self.number_of.items() if number.endswith(digits) and line != number}
        return found.pop() if len(found) == 1 else None

    def plan_id_named(self, name: str) -> str | None:
        """The id (compact) of the one plan whose record carries this name, if one does."""
        ids = [plan for plan, named in self.names.items() if _plain(named) == _plain(name)]
        return ids[0] if len(ids) == 1 else None

    def plan_name(self, line: str) -> str | None:
        """The name (lower-cased) of the plan a line (compact key) is on, where it is known: its plan's
        record names it, else a bill's charge does (a line record shows only the plan's id)."""
        plan = self.plan_of.get(line)
        name = self.names.get(plan) if plan is not None else None
        return (name or self.billed.get(self.number_of.get(line, line)) or "").lower() or None


def misplanned_lines(text: str, book: LinePlans) -> list[tuple[str, str, str]]:
    """(the line as written, the plan said, the plan shown) for each sentence that puts one line on
    one plan by name where the line's records show another plan."""
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if (" on " not in sentence and ", " not in sentence) or "lan" not in sentence:
            continue
        plans = named_plans(sentence.replace("*", ""))
        lines = [t for t in identifiers_in(sentence) if book.known(compact(t))]
        if not lines and ("number" in sentence or "line" in sentence):
            lines = [t.upper() for m in _ENDING.finditer(sentence) if (t := book.by_ending(m[1] or m[2]) or "")]
        # (a line named by its number and its id is one line: one plan shown)
        shown = {book.plan_name(compact(t)) for t in lines}
        if len(plans) != 1 or len(shown) != 1 or _CHANGE.search(sentence):
            continue
        said, plain = plans[0], sentence.replace("*", "")
        # "on the Premium Plan", or the plan among what the line is: "Line L1001 is 555-123-2001,
        # Active, Premium Plan, and roaming is off"
        if not re.search(rf"\bon\s+(?:the\s+|your\s+|its\s+|a\s+)?(?:same\s+)?{re.escape(said)}", plain) and not re.search(
                rf"\bis\b[^.!?]*,\s*(?:the\s+|a\s+)?{re.escape(said)}(?:\s*,|\s*$|\s+and\b)", plain):
            continue
        if (name := shown.pop()) is not None:
            if _plain(name) != _plain(said):
                out.append((lines[0], said, name))
        elif (plan := book.plan_of.get(compact(lines[0]))) is not None and book.plan_id_named(said) not in (None, plan):
            # the plan's own name unread, but the plan said is another one's: "Premium Plan" is P1002
            out.append((lines[0], said, plan.upper()))
    return out


# A label line that gives the plan: "- **Plan:** P1002", "Plan: Premium Plan".
_PLAN_LABEL = re.compile(r"^[\s*•-]*plan\**\s*:\s*\**\s*([A-Za-z0-9][\w +-]*?)\s*\**\s*(?:\(|$)", re.I | re.M)


def misplanned_labels(text: str, book: LinePlans) -> list[tuple[str, str, str]]:
    """``misplanned_lines`` of a message about one line (by number or id, named anywhere in it) that
    gives the plan on a label line: "### Line 555-123-2003 ... - **Plan:** P1002", on P1001."""
    labels = _PLAN_LABEL.findall(text)
    if len(labels) != 1:
        return []
    lines = [t for t in identifiers_in(text) if book.known(compact(t))]
    keys = {book.plan_of.get(compact(t)) or book.billed.get(compact(t)) for t in lines}
    if len(keys) != 1 or not lines:
        return []
    said, line = labels[0].strip(), compact(lines[0])
    if said.lower() in _NO_CHANGE:
        return []  # "- **Plan:** unchanged (Premium)": what a change leaves, not a plan's name
    plan = book.plan_of.get(line)
    if plan is not None and _plan_id_shaped(said):
        return [] if compact(said) == plan else [(lines[0], said, plan.upper())]
    shown = book.plan_name(line)
    return [(lines[0], said, shown)] if shown is not None and _plain(shown) != _plain(said) else []


_NO_CHANGE = frozenset({"unchanged", "same", "no change", "the same", "as is", "kept", "stays"})


def _plan_id_shaped(said: str) -> bool:
    """Whether a label names a plan by its id ("P1002"), not its name."""
    return re.fullmatch(r"[A-Za-z]{1,3}\d{3,}", said) is not None


def _plain(name: str) -> str:
    """A plan's name to compare: lower case, without a trailing "plan"."""
    low = name.lower().strip()
    return low[:-5].strip() if low.endswith(" plan") else low
