"""Which field a date a text states belongs to, against the field the text gives it.

A date can be visible and still be stated wrongly: "your contract runs until January 10, 2025",
where 2025-01-10 is the line's ``last_plan_change_date`` and ``contract_end_date`` is 2026-12-31;
"a one-way from ORD to EWR on May 2nd (flights HAT165 and HAT149)", where May 2 is when the
reservation was made and both flights fly on May 3. A date is read against
- the fields whose name's words the sentence uses ("contract" for ``contract_end_date``), or else
- the ``date`` of the flights (or other dated objects) the sentence names by identifier, unless
  the words before it say when something was booked.
It is flagged only when it is none of those fields' values and is the value of another date field
the observations show: narrow on purpose, so a derived or new date is left to the visibility check.
"""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import date, timedelta
from itertools import pairwise
from typing import Any

from trajectory2gym.certify.anchors import NESTED_ID_KEYS
from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.dates import ISO_DAY, DateMention, date_mentions, month_number
from trajectory2gym.certify.normalize import (
    FLIGHT_NUMBER,
    compact,
    id_shape,
    identifiers_in,
    stem,
    words,
)
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

_ISO = re.compile(r"^\d{4}-\d\d-\d\d")
# Words of a field's name too common to tell fields apart ("last", "start" occur in any sentence).
# ("used of 5.0 GB" is no date_of_birth; "of its 5.0 GB Basic Plan allowance ... until" no plan change)
_NAME_NOISE = frozenset({"date", "at", "time", "on", "est", "scheduled", "last", "plan", "first", "start", "end", "new",
                         "current", "next", "of", "by", "to", "for", "in"})
_BOOKED = re.compile(r"\b(?:book\w*|made|creat\w*|purchas\w*|reserv\w*|placed|ordered)\b[^.!?\n]{0,30}$", re.I)


# A table's row of booking days, its label the first cell (a table with a column per reservation):
# "Booked | 3FRNFB (MCO → CLT) May 6 (over 24 h ago) | Q4L9HS (EWR → SEA) May 12".
_BOOKED_ROW = re.compile(r"\s*\**(?:book\w*|made|creat\w*|purchas\w*|reserv\w*)\b[^|\d]*\|", re.I)
# A sentence that opens with a clause of time: "Also, after landing in Houston on May 21, ...".
_LEADING_CLAUSE = re.compile(r"\W*(?:also|and|but|so|then)?\W*(?:after|before|once|when|until|by the time)\s+\w+ing\b", re.I)
_CONTEXT = 8  # words before a date that may name its field: "contract on line 555-123-2001 runs until"
_PERSONAL = ("dob", "birth")


@dataclass
class DatedFields(ObservationBook):
    """The date fields of the JSON observations: every value per field name, and per identifier
    the values of the ``date`` field of the objects it names."""

    values: dict[str, set[str]] = field(default_factory=dict)  # field name -> ISO days
    dates_of: dict[str, set[str]] = field(default_factory=dict)  # identifier key -> its objects' "date"
    # an object's own identifier key (its first) -> its date fields' values ("b1007" -> due_date: ...)
    fields_of: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    read: int = 0  # how many observations were read

    def take(self, value: Any) -> None:
        self._walk(value)

    def _walk(self, value: Any) -> None:
        if isinstance(value, list):
            for v in value:
                self._walk(v)
            return
        if not isinstance(value, dict):
            return
        idents: list[str] = []
        dated: list[tuple[str, str]] = []
        for key, v in value.items():
            if isinstance(v, str):
                if _ISO.match(v):
                    self.values.setdefault(key, set()).add(v[:10])
                    dated.append((key, v[:10]))
                elif key == "id" or key.endswith(NESTED_ID_KEYS):
                    idents.append(compact(v))
            elif isinstance(v, (dict, list)):
                self._walk(v)
        if idents and dated:
            own = self.fields_of.setdefault(idents[0], {})
            for key, day in dated:
                own.setdefault(key, set()).add(day)
        # An object's dates: its own "date", or its named parts' (a reservation's flights' days; not
        # a bill's line items, which date charges, not the bill).
        days: list[Any] = [value.get("date")] + [part.get("date") for v in value.values() if isinstance(v, list)
                                                 for part in v if isinstance(part, dict) and _named(part)]
        for stated in days:
            if isinstance(stated, str) and _ISO.match(stated):
                for ident in idents:
                    self.dates_of.setdefault(ident, set()).add(stated[:10])


def _named(part: dict[str, Any]) -> bool:
    """Whether an object carries an identifier of its own (a flight's ``flight_number``)."""
    return any(k == "id" or k.endswith(NESTED_ID_KEYS) for k in part)


def _field_words(name: str) -> set[str]:
    return {stem(w) for w in name.lower().split("_") if w and w not in _NAME_NOISE}


# A date joined to another as a range: "2025-02-01 to 2025-02-28", "2025-03-01 – 2025-03-31".
# (or the end's day alone, in the same month: "for February 1–28, 2025")
_RANGE_NEXT = re.compile(r"\**\s*(?:to|through|until|–|—|-)\s*\**(?:\d{4}-\d{2}-\d{2}|\d{1,2}\b(?![:.]\d))")
_RANGE_BEFORE = re.compile(r"\s(?:to|through|until|–|—|-)\s*\**$")
_DAY_ENDS = re.compile(r"\d(?:st|nd|rd|th)?\**$")  # a range's first end, right before its joint
# A person's full name, then a date in brackets: "Noah Gonzalez (1975-03-18)", a birth date.
_AFTER_NAME = re.compile(r"\b[A-Z][a-z]+\s+[A-Z][a-z'-]+\s*\(\s*$")


def misdated_fields(text: str, book: DatedFields) -> list[tuple[str, str, str]]:
    """(date as written, the field or identifier the text gives it, the values that one shows) for
    each date stated as another field's value."""
    out: list[tuple[str, str, str]] = []
    before = ""  # the sentence before: "Bill B1007 is overdue; it was due on ..." says the bill's
    lead = ""  # the one object the latest line that names any names: "- B1002 (...): $150.00 / - Due: ..."
    for sentence in SENTENCE_OR_LINE.split(text):
        said_before, before = before, sentence
        own = {c for w in words(sentence) if (c := compact(w)) in book.fields_of}
        if own:
            lead = next(iter(own)) if len(own) == 1 else ""
        mentions = [d for d in date_mentions(sentence) if d.month is not None]
        if not mentions:
            continue
        joined = 0  # where the sentence itself starts, read after the one before
        if _IT.match(sentence) and not own:
            joined = len(said_before) + 1
            sentence = f"{said_before} {sentence}"  # read with the one before, which names "it"
            mentions = [d for d in date_mentions(sentence) if d.month is not None]
        elif lead and not own and LIST_MARK.match(sentence):
            joined = len(lead) + 1
            sentence = f"{lead} {sentence}"  # a list line of the object the line before it named
            mentions = [d for d in date_mentions(sentence) if d.month is not None]
        named = {c for w in words(sentence) if (c := compact(w)) in book.dates_of}
        after = 0  # the words a date is said with: those since the date before it, the last few
        for d in mentions:
            stems = {stem(w) for w in words(sentence[after:d.start])[-_CONTEXT:]}
            after = d.end
            shown_as = {name for name, days in book.values.items() if any(d.means(day) for day in days)}
            if (not shown_as and not named) or any(w in name for name in shown_as for w in _PERSONAL) \
                    or _AFTER_NAME.search(sentence, max(0, d.start - 40), d.start) \
                    or _NOW_SAID.search(sentence, max(0, d.start - 16), d.start):
                continue  # a date no field shows (the visibility check's), a birth date, or today's ("today is May 15")
            if any(n.endswith(("start", "end")) for n in shown_as) and (
                    _RANGE_NEXT.match(sentence, d.end) or (
                        (joint := _RANGE_BEFORE.search(sentence, max(0, d.start - 8), d.start)) is not None
                        and _DAY_ENDS.search(sentence, 0, joint.start()) is not None)):
                # one end of a period: "B1002 for 2025-02-01 to 2025-02-28" (not its issue date; nor a date
                # after "until" alone: "Your extra 2 GB is good until 2025-03-31", the next bill's end)
                continue
            close = words(sentence[:d.start])[-4:] if stems & _PAID else []
            if close and "|" not in sentence and _PAID & {stem(w) for w in close} \
                    and "due" not in close[-2:] and (paid := _payment_dated(d, sentence, book)) is not None:
                # (not a due date said as one: "status **Paid** (it was due 2025-01-19)")
                out.append(paid)  # "B1001 (..., paid on 2025-01-19)", its due date; no payment date shown
                continue
            said = _said_of(d, sentence, stems, named, book)
            if said is None or (not shown_as and (said[0] not in named or not _WRITTEN_DAY.search(
                    sentence, d.start, d.end) or _NEW_DAY.search(sentence, max(0, d.start - 12), d.start)
                    or (joined and d.start >= joined))):
                # (a date no field shows, written out and said of a named object as its own, in the
                # sentence that names it: "HAT077 ... were on 2024-05-15", today; not "move HAT157 to
                # 2024-05-16", nor "May 20, and 6 dollars", nor "It was booked ... (it's now 2024-05-15)")
                continue
            label, days = said
            if not any(d.means(day) for day in days):
                out.append((sentence[d.start:d.end], label, ", ".join(sorted(days))))
    return out


# Another flight or leg, named by its place in the trip after the object named: its date is its own.
_ANOTHER_LEG = re.compile(r"\b(?:outbound|return|connecting|first|second|other|next|previous|earlier|later)\s+"
                          r"(?:flight|leg|segment|trip)s?\b"
                          r"|\b(?:the|your)\s+(?:outbound|return|inbound)\s+(?:on|is|from)\b", re.I)  # "and the return on May 21 is ..."
_FLIGHT_KEY = re.compile(r"[a-z]{2,3}\d{3,4}")  # a flight number's key ("hat048"), not a reservation code
# A flight named right after the date: "returning May 28 on HAT204" (the date is that flight's).
_THEN_FLIGHT = re.compile(rf"\s*(?:on|via|aboard|with)\s+(?:flight\s+)?({FLIGHT_NUMBER.pattern})")
# ... or right after it, no word between: "return May 27 HAT112"; not after a flight's "on": "HAT284 on May 19 HAT152"
_LEADS_FLIGHT = re.compile(rf"\s+(?:flight\s+)?({FLIGHT_NUMBER.pattern})")
_FLIGHT_ON = re.compile(rf"{FLIGHT_NUMBER.pattern}\W*(?:on|departs|departing|leaves|leaving)?\s*$")
# ... or in brackets right after it: "back on May 25 (HAT274 SEA → SFO, HAT273 SFO → LAX)"; after a range of
# days ("May 19–20 (HAT002, HAT106)") which flight flies on which day is not said. A stop may come between:
# "returning May 20 via ATL (HAT093 and HAT164)".
_THEN_BRACKET = re.compile(r"(\s*[–-]\s*\d{1,2}(?:st|nd|rd|th)?)?\**(?:,?\s+(?:via|through)\s+[A-Z]{3})?\s*\(([^()]{0,160})\)")


_IT = re.compile(r"\W*(?:it|its|it's|this|that)\b", re.I)
_WRITTEN_DAY = re.compile(r"[A-Za-z]{3}|\d-\d|\d/\d")  # a date written with its month ("May 20", "2024-05-20")
# Today's date: "K1NW8N was created on 2024-05-14 at 16:03, and it's now 2024-05-15 15:00".
_NOW_SAID = re.compile(r"\b(?:now|today|currently)(?:'s date)?\s*(?:is\s*)?[:,(]?\s*\**\s*$", re.I)  # ("today (May 15)")
_NEW_DAY = re.compile(r"\b(?:to|for|until|till|by|before|after|than|instead of)\s*\**\s*$", re.I)  # "move it to May 16"


_PAID = frozenset({"paid", "payme"})  # the stems of "paid" and "payment"


def _payment_dated(d: DateMention, sentence: str, book: DatedFields) -> tuple[str, str, str] | None:
    """(the date as written, "<object>'s payment", the field that shows it) where a sentence that
    says a payment gives the one object it names (a bill) a date its record shows only in another
    field ("paid on 2025-01-19", its due date), and no record shows a field of payment dates."""
    if any(_PAID & _field_words(name) for name in book.values):
        return None  # (a record with a payment date field: the field check reads it)
    owners = [c for w in words(sentence) if (c := compact(w)) in book.fields_of]
    if len(set(owners)) != 1:
        return None
    fields = [name for name, days in book.fields_of[owners[0]].items() if any(d.means(day) for day in days)]
    return (sentence[d.start:d.end], f"{owners[0].upper()}'s payment", f"it as {' and '.join(fields)}") if fields else None


_STARTS = frozenset(stem(w) for w in ("start", "started", "starts", "began", "begin", "begins"))
_DATA_WORDS = frozenset(stem(w) for w in ("gb", "data", "refuel", "refuelled", "refueled", "top-up"))
_LASTS_UNTIL = frozenset(stem(w) for w in ("until", "till", "through", "expires", "valid", "lasts"))


def _said_of(d: DateMention, sentence: str, stems: set[str], named: set[str],
             book: DatedFields) -> tuple[str, set[str]] | None:
    """The field (or identifier) a sentence gives a date, and the days it shows; None when unclear."""
    best, score = [], 0
    lasts = not stems.isdisjoint(_DATA_WORDS) and not stems.isdisjoint(_LASTS_UNTIL)
    for name in book.values:
        if name == "date":
            continue
        # data said to last until a date: the cycle's end ("Your extra 2 GB is good until 2025-03-31")
        hits = len(_field_words(name) & stems) + (lasts and "cycle" in _field_words(name))
        if hits > score:
            best, score = [name], hits
        elif hits == score and hits:
            best.append(name)
    if best and not stems.isdisjoint(_STARTS):
        # "Your cycle started on 2025-02-01": a start said, which no end field holds
        best = [name for name in best if not name.endswith(("end", "end_date"))]
        if not best:
            return None
    if best:
        # Of the one object the sentence names that shows these fields, its own values ("B1007 ...
        # was due on 2025-02-19": B1007's due date, not any bill's).
        owners = {c for w in words(sentence) if (c := compact(w)) in book.fields_of
                  and any(n in book.fields_of[c] for n in best)}
        if len(owners) == 1:
            own = book.fields_of[owners.pop()]
            return " or ".join(best), set().union(*(own.get(n, set()) for n in best))
        return " or ".join(best), set().union(*(book.values[n] for n in best))
    if named and not _BOOKED.search(sentence, 0, d.start) and not _BOOKED_ROW.match(sentence):
        if _LEADING_CLAUSE.match(sentence) and not any(c in sentence[:d.start].lower() for c in named):
            return None  # a clause before the object, of another trip: "after landing in Houston on May 21, 46BBSE ..."
        shapes = {id_shape(i) for i in named}
        if any(id_shape(c) in shapes and c not in named for t in identifiers_in(sentence) if (c := compact(t))):
            return None  # another object of the kind, no date of it shown: "move to HAT101 on 05-21, keeping HAT137"
        # Of several named, the nearest before the date: "On reservation V68JRH your second flight,
        # HAT001 ..., departs on 2024-05-26" gives the date to HAT001, not to all V68JRH holds.
        if (then := _THEN_FLIGHT.match(sentence, d.end)) is not None and (c := compact(then[1])) in named:
            return c, set(book.dates_of[c])
        if (then := _LEADS_FLIGHT.match(sentence, d.end)) is not None and (c := compact(then[1])) in named \
                and not _FLIGHT_ON.search(sentence, max(0, d.start - 16), d.start):
            return c, set(book.dates_of[c])  # "..., return May 27 HAT112 IAH->LAS": the date leads its flight
        if (paired := _respective(d, sentence, named)) is not None:
            return paired, set(book.dates_of[paired])
        # (a bracket with days of its own dates its flights itself: "back May 27–28 (HAT228 LAX → EWR on
        # May 27, HAT270 ... on May 28)"; so does one after a range of days; "on 2024-05-29 (outbound
        # HAT247 on 2024-05-26 unchanged)" is read by the flights named before)
        if (bracket := _THEN_BRACKET.match(sentence, d.end)) is not None and (
                flights := [c for t in identifiers_in(bracket[2]) if (c := compact(t)) in named]):
            if not date_mentions(bracket[2]):
                return None if bracket[1] else (flights[0], set().union(*(book.dates_of[c] for c in flights)))
            if bracket[1]:
                return None
        head = sentence[:d.start]
        if "|" in head and not identifiers_in(cell := sentence[head.rfind("|") + 1:_cell_end(sentence, d.end)]) \
                and len(date_mentions(cell)) > 1:
            # a table's cell of the days of a trip, no object in it: the row's objects' ("| 1N99U6 | LAS → IAH
            # (HAT266), back IAH → LAS (HAT112) | May 19 / May 27 |", the reservation's two days)
            return "/".join(sorted(named)), set().union(*(book.dates_of[c] for c in named))
        last, nearest_named = max(((head.lower().rfind(c), c) for c in named), default=(-1, ""))
        if last >= 0 and _ANOTHER_LEG.search(head, last) and _FLIGHT_KEY.fullmatch(nearest_named):
            # "HAT048 is on May 27, the day after your outbound flight on May 26": another one's day (a
            # reservation's "return flights" are its own legs)
            return None
        nearest: list[str] = []
        at = -1
        for t in _WORD_OR_CODE.findall(head) if len(named) > 1 else ():  # (a code of letters only: "HATHAT")
            # "HAT204/HAT100 May 28": either leg, the days of both
            if (legs := [c for part in t.split("/") if (c := compact(part)) in named]) and (p := head.rfind(t)) > at:
                nearest, at = legs, p
        if nearest:
            return "/".join(nearest), set().union(*(book.dates_of[c] for c in nearest))
        ident = sorted(named)[0]
        return ident, set().union(*(book.dates_of[i] for i in named))
    return None


def _respective(d: DateMention, sentence: str, named: set[str]) -> str | None:
    """The object a date is said of where objects joined come before as many dates joined, each then
    its own in order: "HAT030 and HAT223 were on 2024-05-13 and 2024-05-14"; None otherwise."""
    said = date_mentions(sentence)
    if (k := next((n for n, m in enumerate(said) if m.start == d.start), -1)) < 0:
        return None
    lo, hi = k, k
    while lo > 0 and _JOINED.fullmatch(sentence, said[lo - 1].end, said[lo].start):
        lo -= 1
    while hi + 1 < len(said) and _JOINED.fullmatch(sentence, said[hi].end, said[hi + 1].start):
        hi += 1
    spots = [(m.start(), m.end(), c) for m in _WORD_OR_CODE.finditer(sentence, 0, said[lo].start)
             if (c := compact(m[0])) in named]
    if hi == lo or len(spots) < (count := hi - lo + 1):
        return None
    run = spots[-count:]
    if not all(_JOINED.fullmatch(sentence, a[1], b[0]) for a, b in pairwise(run)) \
            or (len(spots) > count and _JOINED.fullmatch(sentence, spots[-count - 1][1], run[0][0])) \
            or len(words(sentence[run[-1][1]:said[lo].start])) > 4:
        return None  # more objects joined than days, or the days far from them ("were on", "fly on")
    return run[k - lo][2]


_JOINED = re.compile(r"\**\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)\**")  # "HAT030 and HAT223", "May 26, May 27"


def _cell_end(row: str, at: int) -> int:
    """Where the table cell holding position ``at`` of a row ends (its next bar, or the row's end)."""
    bar = row.find("|", at)
    return bar if bar >= 0 else len(row)


_WORD_OR_CODE = re.compile(r"[\w#]+(?:/[\w#]+)*")  # a word, or legs joined by a slash ("HAT204/HAT100")


class ArrivalDays(ObservationBook):
    """Per flight (lower case), the day after its date where it lands the next day ("00:00:00+1"):
    a one-stop search's legs carry their "date". And every flight shown landing the next day (a
    direct search's results carry no date: the day is the search's)."""

    needles: tuple[str, ...] = ('+1"',)

    def __init__(self) -> None:
        self.days: dict[str, set[str]] = {}
        self.overnight: set[str] = set()
        self.lands_at: dict[str, set[str]] = {}  # per day landed on, the airports (upper case) landed at

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            arrives, day, flight = obj.get("scheduled_arrival_time_est"), obj.get("date"), obj.get("flight_number")
            if not (isinstance(arrives, str) and arrives.endswith("+1") and isinstance(flight, str)):
                continue
            self.overnight.add(flight)
            if isinstance(day, str) and ISO_DAY.fullmatch(day):
                with suppress(ValueError):
                    after = (date.fromisoformat(day) + timedelta(days=1)).isoformat()
                    self.days.setdefault(flight, set()).add(after)
                    if isinstance(dest := obj.get("destination"), str):
                        self.lands_at.setdefault(after, set()).add(dest.upper())


# Where a text says when a flight lands: "arr 03:30 on 2024-05-19", "EWR 01:00, arriving May 19".
_ARRIVES = re.compile(r"\b(?:arr|arrives?|arriving|arrival|lands?|landing)\b", re.I)
_ARRIVAL_REACH = 30  # characters from the word to the date it gives


def said_arrival_days(text: str, overnight: set[str]) -> list[tuple[str, str]]:
    """(the flight, as its key, and the date as written) for each arrival a sentence or line gives a
    date, where the flight it follows is one of ``overnight`` (lower case): whether that date is the
    day it leaves (then it lands the day after) is the caller's to say."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        flights = [(m.start(), m[0].lower()) for m in FLIGHT_NUMBER.finditer(sentence)]
        if not any(f in overnight for _, f in flights):
            continue
        mentions = [d for d in date_mentions(sentence) if d.month is not None]
        for word in _ARRIVES.finditer(sentence):
            before = [f for at, f in flights if at < word.start()]
            day = next((d for d in mentions if word.end() <= d.start <= word.end() + _ARRIVAL_REACH), None)
            if before and before[-1] in overnight and day is not None and not _LEAVES.search(
                    sentence, word.end(), day.start) and ")" not in sentence[word.end():day.start]:
                # (not past a bracket the arrival is said in: "HAT172 (23:00, arrives 00:00) on 2024-05-24"
                # dates the flights)
                out.append((before[-1], sentence[day.start:day.end]))
    return out


_LEAVES = re.compile(r"\b(?:dep\w*|leav\w*)\b|→|->", re.I)  # a departure named between: its date is another's


class BillMonths(ObservationBook):
    """The bills by the month their period starts in ("period_start": "2025-01-01")."""

    needles: tuple[str, ...] = ('"period_start"',)

    def __init__(self) -> None:
        self.bills: dict[str, set[str]] = {}  # "-01-" (the month part of the date) -> bill ids
        self.periods: dict[str, set[int]] = {}  # bill id (compact) -> the months its period starts and ends in

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            start, bill = obj.get("period_start"), obj.get("bill_id")
            if isinstance(start, str) and isinstance(bill, str):
                self.bills.setdefault(start[4:8], set()).add(bill)
                months = {int(d[5:7]) for d in (start, obj.get("period_end")) if isinstance(d, str) and d[5:7].isdigit()}
                self.periods[compact(bill)] = months

    def of_month(self, number: int) -> str | None:
        """The one bill whose period starts in this month (1-12), where just one does."""
        found = self.bills.get(f"-{number:02d}-", set())
        return next(iter(found)) if len(found) == 1 else None


# A bill's month as a text says it: "for the February 2025 period", "the January billing cycle".
_PERIOD_MONTH = re.compile(r"\b(january|february|march|april|may|june|july|august|september|october|november|december)"
                           r"(?:\s+\d{4})?\s+(?:billing\s+)?(?:period|cycle)\b", re.I)


def misdated_bill_periods(text: str, periods: dict[str, set[int]]) -> list[tuple[str, str, str]]:
    """(the bill, the month said, the months its period spans) for each sentence that names one bill
    shown and gives it a period in another month: "B1234321, $65.00 for the February 2025 period",
    whose period runs 2025-01-01 to 2025-01-31."""
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if (said := _PERIOD_MONTH.search(sentence)) is None:
            continue
        bills = [t for t in identifiers_in(sentence) if compact(t) in periods]
        if len(bills) == 1 and (months := periods[compact(bills[0])]) and month_number(said[1]) not in months:
            out.append((bills[0], said[0], ", ".join(_MONTH_NAMES[m - 1] for m in sorted(months))))
    return out


_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")
