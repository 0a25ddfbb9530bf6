"""Days counted from a date to today, which must come out right: "it was due 2025-02-19, **4 days**
ago" where the system prompt says today is 2025-02-25 (six days). Only a sentence that states one
full date and one count of days since it is read, and only where the conversation states today's
date ("Today's date is 2025-02-25", tau-bench's "The current time is 2024-05-15 15:00:00 EST").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import date, datetime

from trajectory2gym.certify.dates import date_mentions, hour_24, month_number
from trajectory2gym.certify.normalize import FLIGHT_NUMBER, NUMBER_WORDS
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

_TODAY = re.compile(r"\b(?:today(?:'s date)?|the current (?:date|time)|current date)\s*(?:is|:)\s*"
                    r"(?:\w+day,?\s+)?(\d{4})-(\d{2})-(\d{2})\b", re.I)
# "4 days ago", "6 days overdue", "3 days past due", "overdue by 6 days", "late by 2 days"
_ELAPSED = re.compile(r"\b(\d{1,3})\s+(?:\*\*)?days?(?:\*\*)?\s+(?:ago|overdue|late|past\s+(?:its\s+|the\s+)?due)\b"
                      r"|\b(?:overdue|late)\s+(?:by|for)\s+(?:\*\*)?(\d{1,3})\s+days?\b", re.I)


def today_in(text: str) -> date | None:
    """The current date a text (a system prompt) states, if any."""
    m = _TODAY.search(text)
    if m is None:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


_NOW = re.compile(r"\bcurrent time\s*(?:is|:)\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})")
# A date and time as records write it: "created_at": "2024-05-14T08:03:29" (lower-cased in the index)
_STAMP = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})", re.I)


def now_in(text: str) -> datetime | None:
    """The current date and time a text (a system prompt) states: "The current time is 2024-05-15 15:00:00 EST"."""
    m = _NOW.search(text)
    if m is None:
        return None
    return _stamp(m)


def hours_since(hours: int, now: datetime, texts: list[str]) -> bool:
    """Whether ``hours`` is the time from a date and time some text shows (a booking's "created_at")
    to ``now``, in whole hours rounded either way: "booked about 31 hours ago" of 08:03 yesterday at 15:00."""
    for text in texts:
        for m in _STAMP.finditer(text):
            then = _stamp(m)
            spent = -1.0 if then is None else (now - then).total_seconds() / 3600
            if spent >= 0 and int(spent) <= hours <= int(spent) + 1:
                return True
    return False


def _stamp(m: re.Match[str]) -> datetime | None:
    """The date and time of a match of year, month, day, hour and minute."""
    try:
        return datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]))
    except ValueError:
        return None


def miscounted_days(text: str, today: date) -> list[tuple[str, str, int]]:
    """(the count as written, the date it counts from, the days from it to ``today``) for each
    sentence that counts days since the one date it states, and counts them wrong."""
    out: list[tuple[str, str, int]] = []
    if "day" not in text:
        return out
    for sentence in SENTENCE_OR_LINE.split(text):
        counts = list(_ELAPSED.finditer(sentence))
        if len(counts) != 1:
            continue
        dated = [d for d in date_mentions(sentence) if d.month is not None]
        if len(dated) != 1:
            continue  # none, or several: which one the count is from is not said
        mention = dated[0]
        try:
            then = date(mention.year or today.year, mention.month or today.month, mention.day)
        except ValueError:
            continue
        actual = (today - then).days
        said = int(counts[0][1] or counts[0][2])
        if actual >= 0 and said != actual:
            out.append((counts[0][0].replace("*", ""), then.isoformat(), actual))
    return out


# A booking said to be made within the last day: "Booked 2024-05-14 12:34, within the last 24 hours",
# "booked 2024-05-14 at 11:00, which is within the last 24 hours" (not "not within", nor a rule's "if").
# (or "within the 24-hour window")
_WITHIN_DAY = re.compile(r"\bwithin\s+(?:the\s+)?(?:last\s+|past\s+)?24(?:\s+hours\b|-hour\b)|\bless than 24 hours ago\b", re.I)
# (or what a rule requires: "Cancellation requires booking within the last 24 hours, ...")
_NOT_SAID = re.compile(r"\b(?:not|if|only|unless|must|outside|more than|over|requires?|required)\b|n't\b", re.I)
# A date and time as a text writes it: "2024-05-14 12:34", "2024-05-14 at 11:00", "2024-05-14T11:00".
_SAID_STAMP = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?:T|\s+(?:at\s+)?)(\d{1,2}):(\d{2})\b")


def not_within_a_day(text: str, now: datetime, created: tuple[str, str] | None = None) -> list[tuple[str, float | str]]:
    """(the booking time as written, the hours from it to ``now``) for each sentence that says a
    booking at the one date and time it states was made within the last 24 hours, where more than
    24 hours have passed: "Booked 2024-05-14 12:34, within the last 24 hours", at 2024-05-15 15:00.
    A date alone counts from its last minute ("at least 39.0" hours): "booked 2024-05-13, within the
    last 24 hours". A sentence that states no time of booking speaks of ``created``: (the one booking
    the text names, the ``created_at`` its record shows), "DXG8T6 ... It was booked within the last
    24 hours"."""
    out: list[tuple[str, float | str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if (said := _WITHIN_DAY.search(sentence)) is None or _NOT_SAID.search(sentence, 0, said.start()):
            continue
        if _listed(text, sentence) and _CONDITIONS.search(text, 0, max(text.find(sentence), 0)):
            continue  # an item of the rule's conditions: "... only if ... applies:\n- booked within the last 24 hours (...)"
        stamps = list(_SAID_STAMP.finditer(sentence))
        then = _stamp(stamps[0]) if len(stamps) == 1 else None
        written = stamps[0][0] if len(stamps) == 1 else ""
        if not stamps and len(named := list(_NAMED_STAMP.finditer(sentence))) == 1:
            # "(May 14 at 11:06)": the month by its name, in the year of now
            m = named[0]
            try:
                then = datetime(now.year, month_number(m[1]), int(m[2]), int(m[3]), int(m[4]))
            except ValueError:
                then = None
            written = m[0]
        at_least = False
        if then is None and not stamps and len(days := list(_SAID_DAY.finditer(sentence))) == 1:
            # "It was booked 2024-05-13, within the last 24 hours": the day alone, its last minute the latest it can be
            day = days[0]
            with suppress(ValueError):
                then, written, at_least = datetime(int(day[1]), int(day[2]), int(day[3]), 23, 59), day[0], True
        if then is None and not stamps and not named and created is not None and not _listed(text, sentence) and (
                not _CONDITIONS.search(sentence, 0, said.start())) and (
                record := _STAMP.match(created[1])) is not None:
            # (a list's item may be a rule's: "1. It was booked ..."; or a sentence of the conditions: "the
            # cancellation conditions are the same for all members: booked within 24 hours, ...")
            then, written = _stamp(record), created[0]
        if then is not None and (spent := (now - then).total_seconds() / 3600) > 24:
            out.append((written, f"at least {round(spent, 1)}" if at_least else round(spent, 1)))
    return out


_CONDITIONS = re.compile(r"\b(?:conditions?|rules?|requirements?|requires?|criteria|only if|one of(?: these)?)\b[^.\n]*:", re.I)


def _listed(text: str, sentence: str) -> bool:
    """Whether a sentence of a text stands on a list's line ("1. It was booked within the last 24 hours")."""
    at = text.find(sentence)
    return at >= 0 and LIST_MARK.match(text, text.rfind("\n", 0, at) + 1) is not None


_SAID_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")  # a date alone: "booked 2024-05-13"


_NAMED_STAMP = re.compile(r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?"
                          r"\s+(?:at\s+)?(\d{1,2}):(\d{2})\b", re.I)


# A clock time a sentence states: "16:30", "4:30 pm" (its own check says whether it is shown).
_CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?:\s*([ap])\.?m\b)?", re.I)
ABOUT = re.compile(r"\b(?:about|around|roughly|nearly|almost|approximately|over|just under)\s+(?:an?\s+)?\**$|~\s*$",
                    re.I)


def hours_between_said(number: str, text: str, earlier: str = "") -> bool:
    """Whether ``number``, said as a count of hours ("a 6.5-hour layover"), is the time from one clock
    time to a later one that its sentence states ("you land at 16:30 and HAT172 leaves at 23:00, so
    about a 6.5-hour layover"), or the sentence before, or the agent's message before (``earlier``:
    "HAT172 leaves LGA at 23:00", then "HAT110 lands at LGA at 16:30, so a 6.5-hour connection");
    about it (within half an hour) where the sentence says "about"."""
    try:
        hours = float(number)
    except ValueError:
        return False
    # (of the message before, the departures only: the connection runs from the landing to one of them)
    said_earlier = [_minutes(c) for c in _CLOCK.finditer(earlier)
                    if _DEPARTS_BEFORE.search(earlier, max(0, c.start() - 30), c.start())] if earlier else []
    before = ""  # the sentence before: "... arrives at 12:30. Before, you'd have landed at 18:00, so 5.5 hours later"
    listed: list[str] = []  # the list lines right before: "- HAT028 MCO 05:00 → BOS 08:30\n- HAT277 BOS 19:00 → ..."
    for sentence in SENTENCE_OR_LINE.split(text):
        said_before, before = before, sentence
        for m in re.finditer(rf"(?<![\d.]){re.escape(number)}\**[\s-]*(?:hours?|h)\b", sentence):  # ("| 2.5h |")
            said = [_minutes(c) for c in _CLOCK.finditer(said_before if not listed else "\n".join(listed))] + [
                _minutes(c) for c in _CLOCK.finditer(sentence, 0, m.start())]
            slack = 0.5 if ABOUT.search(sentence, max(0, m.start() - 20), m.start()) else 0.01
            if any(abs(((b - a) % 1440) / 60 - hours) <= slack for k, a in enumerate(said) for b in said[k + 1:]):
                return True
            # (a departure the message before states: "leaves at 23:00", then "lands at 16:30, so 6.5 hours")
            if any(abs(((e - t) % 1440) / 60 - hours) <= slack for e in said_earlier for t in said):
                return True
        if LIST_MARK.match(sentence):
            listed = [*listed[-3:], sentence]
        elif sentence.strip():
            listed = []
    return False


_DEPARTS_BEFORE = re.compile(r"\b(?:leav\w*|depart\w*)\b[^.\n]*$", re.I)

# A count of hours and minutes written short: "2h30", "0h30" (a table's durations and layovers).
HOURS_MINUTES = re.compile(r"(\d{1,2})h([0-5]\d)")


def as_decimal_hours(token: str) -> str | None:
    """A short count of hours and minutes as decimal hours: "2h30" is "2.5", "3h15" "3.25"; None for
    any other token."""
    if (m := HOURS_MINUTES.fullmatch(token)) is None:
        return None
    return f"{int(m[1]) + int(m[2]) / 60:.4g}"


def hours_of_flights(number: str, text: str, times_of: Callable[[str, str], set[str]], wait: bool = False,
                     booked: Sequence[str] = ()) -> bool:
    """Whether ``number``, said as a count of hours in a sentence or a table's row ("HAT025 + HAT023 |
    JFK | 04:00 | 20:00 | 6.5h"), is a time the flights it names (or, naming none, those the two
    sentences before it and the one after name) make, in the order named, by their scheduled times
    (``times_of(flight, "departure" | "arrival")``): one flight's time in the air, the wait between
    one's arrival and the next one's departure, or the whole trip from the first departure to the last
    arrival. ``wait``: the count is said of a connection, between any named flight's arrival and
    another's departure, the flights of the sentences around it named too ("HAT138 lands at 13:30. Your
    first flight, HAT056, lands at 09:00, so you have a 2-hour connection"). ``booked``: the flights of the
    reservations the text names, which a connection may also run to or from ("HAT013 would give you a 4h30
    layover in Orlando", before the booked HAT298)."""
    try:
        minutes = round(float(number) * 60)
    except ValueError:
        return False
    sentences = SENTENCE_OR_LINE.split(text)
    for k, sentence in enumerate(sentences):
        if number not in sentence or not re.search(rf"(?<![\d.]){re.escape(number)}\**[\s-]*(?:hours?|h)\b", sentence):
            continue
        # naming none, the flights of the two sentences before it and the one after: "HAT085 ... 09:30;
        # HAT023 leaves at 14:00 ... That's a 4h30 layover"; "- HAT218 ... 18:00 – 20:30\n- 1h30 connection
        # in Atlanta\n- HAT039 ATL → SEA, 22:00 – 03:00"
        around = " ".join(sentences[max(0, k - 2):k] + sentences[k + 1:k + 2])
        named = FLIGHT_NUMBER.findall(sentence)
        flights = list(dict.fromkeys(named + FLIGHT_NUMBER.findall(around) if len(named) < 2 and (wait or not named)
                                     else named))
        if not flights or len(flights) > 4:
            continue  # none named, or a list of flights, not one trip
        legs = [_leg_minutes(f, times_of) for f in flights]
        pairs = [(dep, arr) for dep, arr in legs] + [(legs[j][1], legs[j + 1][0]) for j in range(len(legs) - 1)] + [
            (legs[0][0], legs[-1][1])]
        if wait:
            pairs += [(legs[i][1], legs[j][0]) for i in range(len(legs)) for j in range(len(legs)) if i != j]
            kept = [_leg_minutes(f, times_of) for f in booked if f not in flights]
            pairs += [(leg[1], other[0]) for leg in legs for other in kept] + [(other[1], leg[0]) for leg in legs for other in kept]
        if any((b - a) % 1440 == minutes for starts, ends in pairs for a in starts for b in ends):
            return True
    return False


def _leg_minutes(flight: str, times_of: Callable[[str, str], set[str]]) -> tuple[set[int], set[int]]:
    """A flight's shown departure and arrival times, in minutes after midnight."""
    return ({_clock_minutes(t) for t in times_of(flight, "departure")},
            {_clock_minutes(t) for t in times_of(flight, "arrival")})


def _clock_minutes(clock: str) -> int:
    """Minutes after midnight of an "HH:MM" time."""
    return int(clock[:2]) * 60 + int(clock[3:5])


def _minutes(m: re.Match[str]) -> int:
    return hour_24(int(m[1]), m[3]) * 60 + int(m[2])


# (counts of hours in words: "five and a half hours"; not "once", "both")
_NUMBER_WORDS = {w: n for w, n in NUMBER_WORDS.items() if n >= 1 and w not in ("single", "once", "twice", "both")}
# A count of hours worked out from the times just said: "16:30 and HAT172 leaves at 23:00, so about 5 and a
# half hours", "..., that's 6.5 hours".
_SO_HOURS = re.compile(r"\b(?:so|that's|that is|which is|giving(?: you)?|meaning)\s+(?P<about>about\s+|around\s+|roughly\s+|~\s*)?"
                       r"(?:an?\s+|only\s+|just\s+)?\**(?P<n>\d{1,2}(?:\.\d{1,2})?|"
                       + "|".join(_NUMBER_WORDS) + r")(?P<half>\s+and\s+a\s+half|½)?\**[\s-]+hours?\b", re.I)


_WAIT_AFTER = re.compile(r"\**\s*(?:connection|layover|stop(?:over)?|wait)\b", re.I)


def misspanned(text: str) -> list[tuple[str, str]]:
    """(the hours as written, what the times make) for each sentence that states two clock times and
    then works out the hours between them ("so about 5 and a half hours"), where they make another
    count: more than half an hour off after "about", else any."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        for m in _SO_HOURS.finditer(sentence):
            clocks = list(_CLOCK.finditer(sentence, 0, m.start()))
            if len(clocks) != 2 or _WAIT_AFTER.match(sentence, m.end()):
                continue  # (a wait said after a flight's own times: "lands at 16:00, giving you a 1-hour connection")
            n = m["n"].lower()
            said = (_NUMBER_WORDS[n] if n in _NUMBER_WORDS else float(n)) + (0.5 if m["half"] else 0)
            made = ((_minutes(clocks[1]) - _minutes(clocks[0])) % 1440) / 60
            if abs(made - said) > (0.5 if m["about"] else 0.01):
                out.append((sentence[m.start("n"):m.end()].replace("*", ""), f"{clocks[0][0]} to {clocks[1][0]} is {made:g} hours"))
    return out


def hours_apart(hours: float, text: str) -> bool:
    """Whether some two clock times a text states are ``hours`` apart, the later after the earlier
    (past midnight too): a wait the text's rows make ("| HAT097 | 07:00 → 11:00 |", "| HAT251 | 12:00 → 15:00 |"
    make a 1-hour layover)."""
    said = [_minutes(c) for c in _CLOCK.finditer(text)][:12]
    return any(abs(((b - a) % 1440) / 60 - hours) <= 0.01 for k, a in enumerate(said) for b in said[k + 1:])
