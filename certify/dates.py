"""Dates as people write them in a conversation, with where they are: "2024-05-21", "May 21st",
"21 May", "May 20 and 21", "the 21st", "10/28/1971". A mention keeps what it says (the year and
month may be left out) so it can be compared with a call's ISO date.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december")
_MONTHS = tuple(name[:3] for name in MONTH_NAMES)
_MONTH = (r"(?P<{}>january|february|march|april|may|june|july|august|september|october|november|december"
          r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?")
_ORD = r"(?:st|nd|rd|th)"
_DATE = re.compile(
    r"(?P<iso>\b(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})\b)"
    r"|(?P<slash>\b(?P<sm>\d{1,2})/(?P<sd>\d{1,2})(?:/(?P<sy>\d{4}|\d{2}))?\b)"
    rf"|(?P<md>\b{_MONTH.format('mm')}\s+(?:the\s+)?(?P<mday>\d{{1,2}}){_ORD}?\b(?:,?\s+(?P<my>\d{{4}})\b)?"
    rf"(?:,?\s+(?:and|&|or)\s+(?:the\s+)?(?P<mday2>\d{{1,2}}){_ORD}?\b)?)"
    # (not an amount, nor across a line: "$25\n\nMay I book it?")
    rf"|(?P<dm>(?<![$£€:])\b(?P<dday>\d{{1,2}}){_ORD}?[ \t]+(?:of\s+)?{_MONTH.format('dmm')}\b(?:,?\s+(?P<dy>\d{{4}})\b)?)"
    rf"|(?P<ord>\b(?:the|and|&)\s+(?P<oday>\d{{1,2}}){_ORD}\b(?!\s+of\s+{_MONTH.format('om')}))",
    re.I,
)


@dataclass(frozen=True, slots=True)
class DateMention:
    """A date a text states: its span, and what it says (None: left out)."""

    start: int
    end: int
    day: int
    month: int | None
    year: int | None

    def means(self, iso: str) -> bool:
        """Whether this mention can be the ISO date ``iso``."""
        m = ISO_DAY.fullmatch(iso)
        if m is None:
            return False
        year, month, day = int(m[1]), int(m[2]), int(m[3])
        return (self.day == day and (self.month is None or self.month == month)
                and (self.year is None or self.year == year))



# A time written with am or pm ("8pm", "10:30 a.m."): the cheap test before a text's times are read.
AM_PM = re.compile(r"\d\s?[ap]\.?m\b", re.I)


# A zone west of Eastern said right after a time: "9:00 AM Pacific", "4:00 pm Phoenix time".
_ZONE_AFTER = re.compile(r"\s*\(?\s*(?:local\s*\(\s*|local\s+time\s+in\s+)?(Pacific|PT\b|PST\b|PDT\b|Mountain|MT\b|MST\b|Central|CT\b|CST\b|CDT\b"
                         r"|Houston|Chicago|Dallas|Minneapolis|Denver|Phoenix|Las Vegas|Seattle|Los Angeles|San Francisco)")
_ZONE_HOURS = {"p": 3, "m": 2, "c": 1}
# Hours behind Eastern in May of the cities a text may give a time in (Phoenix keeps standard time: as Pacific).
_CITY_HOURS = {"houston": 1, "chicago": 1, "dallas": 1, "minneapolis": 1, "denver": 2, "phoenix": 3, "las vegas": 3,
               "seattle": 3, "los angeles": 3, "san francisco": 3}


def hours_behind_eastern(text: str, end: int) -> int | None:
    """How many hours behind Eastern (the schedules' zone) the zone said right after a time ending at
    ``end`` is ("9:00 AM Pacific": 3), or None where no such zone is said."""
    zone = _ZONE_AFTER.match(text, end)
    return None if zone is None else _CITY_HOURS.get(zone[1].lower()) or _ZONE_HOURS[zone[1][0].lower()]


def hour_24(hour: int, half: str | None) -> int:
    """The 24-hour reading of a clock hour as written with its am/pm part (``half``: "pm", " p.m.",
    or None where none is written): "3 pm" is 15, "12 am" is 0, "15" stays 15."""
    mark = (half or "").strip()[:1].lower()
    if mark == "p" and hour < 12:
        return hour + 12
    return 0 if mark == "a" and hour == 12 else hour

# Cheap tests for whether a text may name a day at all, before the full reading (date_mentions):
# each form's regex runs only where a plain substring test lets it (searching at every digit costs).
_ISO_ANYWHERE = re.compile(r"\d{4}-\d\d-\d\d")
_SLASHED = re.compile(r"\d/\d")
_MONTH_NUMBER = re.compile(r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? +\d")
_ORDINAL_DAY = re.compile(r"[0-9](?:st|nd|rd|th)\b")


def may_name_month_day(text: str) -> bool:
    """Whether a text may name a day with its month: "2024-05-21", "May 21" (capitalized)."""
    return ("-" in text and _ISO_ANYWHERE.search(text) is not None) or _MONTH_NUMBER.search(text) is not None


def may_name_day(text: str) -> bool:
    """``may_name_month_day``, or a day alone or with a number for its month: "the 21st", "5/21"."""
    return (may_name_month_day(text) or ("/" in text and _SLASHED.search(text) is not None)
            or _ORDINAL_DAY.search(text) is not None)


def month_number(name: str) -> int:
    """A month's number from its name or its first three letters ("January", "jan": 1)."""
    return _MONTHS.index(name[:3].lower()) + 1



def _year(text: str | None) -> int | None:
    if not text:
        return None
    year = int(text)
    return year + 2000 if year < 100 else year


def date_mentions(text: str) -> list[DateMention]:
    """Every date the text states, in order."""
    out: list[DateMention] = []
    for m in _DATE.finditer(text):
        start, end = m.span()
        if m["iso"]:
            out.append(DateMention(start, end, int(m["id"]), int(m["im"]), int(m["iy"])))
        elif m["slash"]:  # month first, as in the US
            out.append(DateMention(start, end, int(m["sd"]), int(m["sm"]), _year(m["sy"])))
        elif m["md"]:
            month, year = month_number(m["mm"]), _year(m["my"])
            out.append(DateMention(start, end, int(m["mday"]), month, year))
            if m["mday2"]:  # "May 20 and 21"
                out.append(DateMention(m.start("mday2"), end, int(m["mday2"]), month, year))
        elif m["dm"]:
            out.append(DateMention(start, end, int(m["dday"]), month_number(m["dmm"]), _year(m["dy"])))
        else:  # "the 21st": the day alone
            out.append(DateMention(m.start("oday"), end, int(m["oday"]), None, None))
    return [d for d in out if 1 <= d.day <= 31 and (d.month is None or 1 <= d.month <= 12)]


def says_date(text: str, iso: str) -> bool:
    """Whether a text states the ISO date ``iso`` in any of the forms above."""
    return iso in text or any(d.means(iso) for d in date_mentions(text))


def dates_by_mention(text: str, spots: list[tuple[int, int, str]]) -> dict[str, list[DateMention]]:
    """The dates a text states, each given to the mention (start, end, key) last before it ("HAT093
    from May 19 to May 20 and HAT227 from May 20 to May 21"; "Emma's date of birth. The new date will
    be October 28"), or, with none before it, to the first after it ("on 2024-05-25 on HAT275")."""
    by_key: dict[str, list[DateMention]] = {key: [] for _, _, key in spots}
    ordered = sorted(spots)
    for d in date_mentions(text):
        before = [s for s in ordered if s[1] <= d.start]
        after = [s for s in ordered if s[0] >= d.end]
        owner = before[-1] if before else (after[0] if after else None)
        if owner is not None:
            by_key[owner[2]].append(d)
    return by_key


# A span of time a text states: "six months", "30 days", "2 weeks" (a count in digits or words, then
# its unit). Not "a month": "$5 a month" is a rate, and would put every date a month off in reach.
_SPAN_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "thirty": 30,
               "sixty": 60, "ninety": 90}
_SPAN = re.compile(r"\b(\d{1,3}|" + "|".join(_SPAN_WORDS) + r")[\s-]+(day|week|month|year)s?\b", re.I)


# Whole days said in hours: "within 24 hours of booking".
_DAYS_IN_HOURS = re.compile(r"\b(24|48|72)[\s-]+hours?\b", re.I)


def spans_in(text: str, hours: bool = False) -> set[tuple[int, str]]:
    """The spans of time a text states, as (count, unit): "at most six months" is (6, "month");
    with ``hours``, "within 24 hours" too, as (1, "day")."""
    out: set[tuple[int, str]] = set()
    if hours and "hour" in text:
        out = {(int(m[1]) // 24, "day") for m in _DAYS_IN_HOURS.finditer(text)}
    if "day" not in text and "week" not in text and "month" not in text and "year" not in text:
        return out  # (plain substring tests first: most texts state none)
    return out | {(int(m[1]) if m[1].isdigit() else _SPAN_WORDS[m[1].lower()], m[2].lower())
                  for m in _SPAN.finditer(text)}


def shifted(day: date, count: int, unit: str) -> date | None:
    """``day`` moved on by a span (back, for a negative count); a month or year on keeps the day of
    the month, or the month's last day where it has fewer (January 31 plus a month: February 29);
    None past the calendar's ends."""
    try:
        if unit == "day":
            return day + timedelta(days=count)
        if unit == "week":
            return day + timedelta(weeks=count)
        months = count * (12 if unit == "year" else 1)
        year, month = divmod(day.year * 12 + day.month - 1 + months, 12)
        return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))
    except (OverflowError, ValueError):
        return None


def a_span_from(target: date, bases: list[date], spans: set[tuple[int, str]]) -> bool:
    """Whether ``target`` is one of ``bases`` moved on or back by one of ``spans``: "suspended as of
    2025-02-25 ... for at most six months, so until 2025-08-25"."""
    return any(shifted(base, sign * count, unit) == target
               for base in bases for count, unit in spans for sign in (1, -1))


# A weekday right before a date: "Sunday, May 18", "Tue 5/21", "on Saturday (2024-05-18)".
_WEEKDAY_BEFORE = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|"
                             r"thurs|fri|sat|sun)\b\.?,?\s*\(?\s*(?:the\s+)?$", re.I)
_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def misnamed_weekdays(text: str, year: int) -> list[tuple[str, str]]:
    """(the weekday and date as written, the weekday that date is) for each date a text names with
    another weekday: "ZS5PID now flies on Sunday, May 18", where 2024-05-18 is a Saturday. A date
    without its year is taken in ``year`` (the conversation's)."""
    out: list[tuple[str, str]] = []
    for d in date_mentions(text):
        if d.month is None or (said := _WEEKDAY_BEFORE.search(text, max(0, d.start - 14), d.start)) is None:
            continue
        try:
            actual = _DAY_NAMES[date(d.year or year, d.month, d.day).weekday()]
        except ValueError:
            continue
        if not actual.startswith(said[1].lower()[:3]):
            out.append((text[said.start():d.end].strip(), actual.capitalize()))
    return out


# A day named relative to today right before or after a date: "tomorrow, May 17", "May 16 (tomorrow)".
_NEAR_BEFORE = re.compile(r"\b(today|tomorrow|yesterday)\**\s*[,(:—–-]?\s*(?:on\s+|the\s+)?\**$", re.I)
_NEAR_AFTER = re.compile(r"\**\s*[,(—–-]?\s*(today|tomorrow|yesterday)\b", re.I)
_NEAR_OFFSET = {"yesterday": -1, "today": 0, "tomorrow": 1}


def misnamed_near_days(text: str, today: date) -> list[tuple[str, str]]:
    """(the day and date as written, the date that day is) for each date a text calls today,
    tomorrow or yesterday that is not: "Your flight leaves tomorrow, May 17", where today is
    2024-05-15. A date without its year is taken in today's year."""
    out: list[tuple[str, str]] = []
    for d in date_mentions(text):
        if d.month is None:
            continue
        near = _NEAR_BEFORE.search(text, max(0, d.start - 16), d.start) or _NEAR_AFTER.match(text, d.end, d.end + 16)
        if near is None:
            continue
        try:
            said = date(d.year or today.year, d.month, d.day)
        except ValueError:
            continue
        if (meant := today + timedelta(days=_NEAR_OFFSET[near[1].lower()])) != said:
            out.append((text[min(near.start(), d.start):max(near.end(), d.end)].strip(" ,(*"), meant.isoformat()))
    return out
