"""How long a line's data lasts at its pace, worked out in the text from its own terms and the dates known.

"You've used 15.1 GB in the 20 days since February 1 — about **0.76 GB a day**. At that rate 1.9 GB lasts
about **2½ days**", where the user said today is February 20 and the usage shows a cycle ending February
28 ("**8 days** after today"). None of 0.76 GB, 2.5 days or 8 days is shown; each is a quotient, a product
or a count of days between dates known. A value is taken as worked out where it is one to the precision
written (to 5% where the text says it is about that), from:

- a rate per day: an amount of data over a count of days ("15.1 GB in 20 days", 0.755);
- an amount used at a rate: a rate times a count of days (0.6 GB a day for 3 days, 1.8 GB);
- a count of days: between two dates known, either end counted or not ("8 days after today" from the 20th
  to the 28th), or an amount over a rate (1.9 GB at 0.76 GB a day, 2.5 days);
- a quotient the text writes out with its result ("6.3 / 0.348 = 18.1");
- a day: one day either side of a date known ("Feb 23–28" after today, the 22nd; a new allowance "March 1"),
  a date without its year read in any year shown.

Dates known are those the observations show and those the user's messages or the text write; a date
written without its year takes the year of a date shown, a day without its month the month of one.

And a count of days left that a sentence gives between the two dates it writes must be the days between
them ("From today, the 20th, your cycle has **10 days** left, until February 28": 8 days).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextlib import suppress
from datetime import date

from trajectory2gym.certify.dates import date_mentions

_GB = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*\**\s*GB\b", re.I)
_RATE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*\**\s*GB\**\s*(?:a|per|/|each)\s*day\b", re.I)
_DAYS = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?|\d*½)\s*\**\s*(?:more\s+|full\s+)?days?\b", re.I)
_ABOUT = re.compile(r"\b(?:about|around|roughly|approximately|nearly|almost|some)\s+\**$|~\s*$", re.I)
_VALUE = re.compile(r"(\d+(?:\.\d+)?|\d*½)")
# A quotient written out: "(6.3 / 0.348 = 18.1)", "8.7 ÷ 25 ≈ 0.35".
_QUOTIENT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:GB\s*)?[/÷]\s*(\d+(?:\.\d+)?)\s*(?:GB(?:/day)?\s*)?(?:=|≈)\s*~?\s*\**"
                       r"(\d+(?:\.\d+)?)(?![\d.]*\d)", re.I)


def may_pace(text: str) -> bool:
    """Whether a text may work out a pace of data use: plain substring tests."""
    return "GB" in text and "day" in text


def _number(written: str) -> float:
    if "½" in written:
        return float(written.replace("½", "") or 0) + 0.5
    return float(written)


def _decimals(written: str) -> int:
    return len(written.split(".", 1)[1]) if "." in written else 0


def _close(said: float, written: str, value: float, about: bool) -> bool:
    """Whether ``said`` (as ``written``) is ``value`` to the precision written, or within 5% where
    the text says it is about that; a half ("2½") is a half's precision."""
    room = 0.25 if "½" in written else 0.5 * 10 ** -_decimals(written)
    return abs(said - value) <= room + 1e-9 or (about and value > 0 and abs(said - value) <= 0.05 * value)


def _dates(text: str, shown: Iterable[date]) -> set[date]:
    """The dates a text writes, a date without its year read in the year of a date shown, and a day
    without its month ("It's the 25th") in the month of a date shown (a cycle's end, 2025-02-28)."""
    shown = list(shown)
    years = {d.year for d in shown}
    months = {(d.year, d.month) for d in shown}
    out: set[date] = set()
    for m in date_mentions(text):
        if m.month is None:
            out |= _in_months(m.day, months)
            continue
        for year in ([m.year] if m.year is not None else sorted(years)):
            with suppress(ValueError):
                out.add(date(year, m.month, m.day))
    return out


def _in_months(day: int, months: Iterable[tuple[int, int]]) -> set[date]:
    """A day of the month written without its month ("the 25th"), read in each (year, month) given."""
    out: set[date] = set()
    for year, month in months:
        with suppress(ValueError):
            out.add(date(year, month, day))
    return out


def paced(shown: str, text: str, known_text: str, shown_dates: Iterable[date]) -> bool:
    """Whether a value a text states (as ``_stated_misses`` gives it: "0.76 GB", "8 days", "Feb 23",
    "2.5") is worked out from the text's own amounts and counts of days and the dates known
    (``known_text``: the user's messages; ``shown_dates``: the observations')."""
    shown_dates = list(shown_dates)
    # (counts of days run between the dates the user and the text write; a day may be next to any shown)
    dates = _dates(known_text, shown_dates) | _dates(text, shown_dates)
    value = shown.replace("*", "").strip()
    if (m := _VALUE.match(value)) is None:  # a date: the day before or after one known
        said_days = _dates(value, shown_dates)
        near = dates | set(shown_dates)
        # (a date without its year is read in each shown year: one of those readings is next to one known)
        return any(abs((d - k).days) == 1 for d in said_days for k in near)
    written = m[1]
    said = _number(written)
    at = text.find(value)
    about = at > 0 and _ABOUT.search(text, max(0, at - 16), at) is not None
    # (the text's other amounts and rates: not the value itself, which would make itself)
    amounts = [float(g[1]) for g in _GB.finditer(text) if g.start() != at]
    rates = [float(r[1]) for r in _RATE.finditer(text) if r.start() != at]
    spans = [float(abs((a - b).days) + extra) for a in dates for b in dates if a > b for extra in (-1, 0, 1)]
    counts = [_number(d[1]) for d in _DAYS.finditer(text) if d.start() != at] + spans
    if "/" in text or "÷" in text:  # "6.3 / 0.348 = 18.1": its own quotient
        for q in _QUOTIENT.finditer(text):
            if q[3] == written and float(q[2]) > 0 and _close(said, written, float(q[1]) / float(q[2]), about):
                return True
    if value.lower().endswith("gb"):
        return (any(_close(said, written, g / d, about) for g in amounts for d in counts if d > 0)
                or any(_close(said, written, r * d, about) for r in rates for d in counts))
    if value.lower().endswith(("day", "days")) or (at >= 0 and _DAYS.match(text, at)):
        return (any(_close(said, written, span, about) for span in spans)
                or any(_close(said, written, g / r, about) for g in amounts for r in rates if r > 0))
    return False


# A count of days left or to go, said with the two dates it runs between: "From today, the 20th, your
# cycle has **10 days** left, until February 28."
_DAYS_LEFT = re.compile(r"(?<![\d.])(\d{1,2})\**\s*(?:more\s+|full\s+)?days?\**\s+(?:left|remaining|to go)\b", re.I)


def days_left_miscounted(text: str, shown_dates: Iterable[date]) -> list[tuple[str, str]]:
    """(the count as written, the dates it runs between) for each sentence that says how many days are
    left and writes exactly two dates (a day without its month read in the month of a date shown),
    where the count is not the days between them, either end counted or not."""
    shown_dates = list(shown_dates)
    out: list[tuple[str, str]] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        if (m := _DAYS_LEFT.search(sentence)) is None:
            continue
        # (a day without its month read in the month of the sentence's full date: "the 20th ... February 28")
        mentions = date_mentions(sentence)
        full = _dates(" ".join(sentence[d.start:d.end] for d in mentions if d.month is not None), shown_dates)
        full = (full & set(shown_dates)) or full  # (read in the year of a date shown as that very date)
        months = {(d.year, d.month) for d in full or shown_dates}
        days = sorted(full.union(*(_in_months(d.day, months) for d in mentions if d.month is None)))
        if len(days) != 2 or (days[1] - days[0]).days > 62:
            continue  # (a day without its month may read as several dates: which is meant is unclear)
        span = (days[1] - days[0]).days
        if int(m[1]) not in (span - 1, span, span + 1):
            out.append((m[0].replace("*", ""), f"{days[0].isoformat()} to {days[1].isoformat()} is {span} days"))
    return out
