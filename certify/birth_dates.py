"""The date of birth a text gives a person, against the one the observations show for that person.

"Aarav Nguyen, born December 3, 1997", where the profile's saved passengers show Aarav Nguyen
born 1974-03-27 and Isabella Silva born 1997-12-03: the date is visible, but as another person's.
A person is a JSON object with a first and last name (or a full name) and a date of birth
(``dob``, ``date_of_birth``). A text is read from each shown person's full name up to the next
shown person's name or the end of its sentence; the first date there is flagged only when it is not
that person's date of birth and is another shown person's: narrow on purpose, so a date the user gives
anew (a correction) is left to the visibility check.
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.dates import date_mentions

_BIRTH_KEYS = ("dob", "date_of_birth")
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")


class BirthDates(ObservationBook):
    """Each shown person's full name (lower case) and the dates of birth shown for them."""

    needles: tuple[str, ...] = ('"dob"', '"date_of_birth"')

    def __init__(self) -> None:
        self.born: dict[str, set[str]] = {}
        self.newest: dict[str, str] = {}  # the date the newest observation shows for each

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            day = next((v for k in _BIRTH_KEYS if isinstance(v := obj.get(k), str)), None)
            first, last, full = obj.get("first_name"), obj.get("last_name"), obj.get("full_name")
            name = f"{first} {last}" if isinstance(first, str) and isinstance(last, str) else full
            if day is not None and isinstance(name, str) and name.strip():
                key = " ".join(name.lower().split())
                self.born.setdefault(key, set()).add(day[:10])
                self.newest[key] = day[:10]


def misborn(text: str, book: BirthDates, reporting: bool = False) -> list[tuple[str, str, str]]:
    """(person, the date as written, the date shown for them) for each date a text gives a shown
    person that is another shown person's date of birth; ``reporting`` (right after a write), also
    one that is only the person's date before the newest record ("the passenger is Omar Rossi
    (1970-06-06)", where the update just made shows 1970-06-16), or said as just set but not the
    newest ("Olivia's date of birth is now January 10, 2000", where the update stored 2000-10-01). A
    person is named by their full name, or by a first name no other shown person has."""
    if len(book.born) < 2 and not (reporting and book.born):
        return []
    low = text.lower()
    # Each name's first mention is read; every mention ends the span of the name before it.
    spots = sorted((at, name, size, n == 0) for name in book.born
                   for n, (at, size) in enumerate(_find_person(low, name, book.born)))
    out: list[tuple[str, str, str]] = []
    for k, (at, name, size, first) in enumerate(spots):
        if not first:
            continue
        start = at + size
        stop = spots[k + 1][0] if k + 1 < len(spots) else len(text)
        if (end := _SENTENCE_END.search(text, start, stop)) is not None:
            stop = end.start()
        own = book.born[name]
        said = date_mentions(text[start:stop])
        if not said:
            continue
        mention = said[0]  # the name's own date: the next one may be of someone not shown ("Sophia Kovacs")
        if mention.year is None:
            continue
        after = text[start + mention.end:start + mention.end + 8]
        if len(said) > 1 and ("→" in after or "->" in after or after.lstrip().startswith("to ")) and any(
                said[1].means(d) for d in own):
            continue  # the date it had, then the new one: "Sofia Davis DOB 1974-05-13 → 1974-05-31"
        if reporting and not mention.means(newest := book.newest[name]) and (
                (len(own) > 1 and any(mention.means(d) for d in own))  # a date of a record before the newest
                or _BORN_NOW.search(text, start, start + mention.start)):  # a new one the write did not store
            out.append((text[at:start], text[start + mention.start:start + mention.end], newest))
            continue
        if any(mention.means(d) for d in own):
            continue
        if any(mention.means(d) for other, days in book.born.items() if other != name for d in days):
            written = text[start + mention.start:start + mention.end]
            out.append((text[at:start], written, ", ".join(sorted(own))))
    return out


def _find_person(low: str, name: str, born: dict[str, set[str]]) -> list[tuple[int, int]]:
    """Where a text (lower case) names a shown person, each time, and how long the name is as written:
    their full name, or their first name where no other shown person has it ("Olivia's date of
    birth"). Each time: "I see Lei Ito, born 1990-12-07. ... replace Liam Rossi with Lei Ito
    (1990-12-07)": the second date is Lei Ito's, named again, not Liam Rossi's."""
    if name in low:
        return [(m.start(), len(name)) for m in re.finditer(re.escape(name), low)]
    first = name.split()[0]
    if len(first) < 3 or sum(other.split()[0] == first for other in born) > 1:
        return []
    return [(m.start(), len(first)) for m in re.finditer(rf"\b{re.escape(first)}\b", low)]


# A date of birth said as just set: "Olivia's date of birth is now January 10, 2000".
_BORN_NOW = re.compile(r"\b(?:date of birth|dob|birth ?date|birthday)\b[^.;\n]{0,20}?\b(?:is now|now reads|updated to|"
                       r"changed to|corrected to|set to)\b", re.I)


# A reply about a date of birth: "His birthday is actually August 21", "she was born on 3 May 1990".
_BIRTH_SAID = re.compile(r"\b(?:birthday|born|dob|date of birth|birth ?date)\b", re.I)


def birthday_unsaid(arguments: dict[str, Any], replies: list[str]) -> str | None:
    """A date of birth (as written) that a reply since the description gives, with its month, which
    none of the call's dates of birth is: "His birthday is actually August 21, not the 12th.
    Otherwise yes", and the call keeps 1966-08-12. None where no reply gives one."""
    sent = [str(v) for obj in json_objects(arguments) for k in _BIRTH_KEYS if (v := obj.get(k)) is not None]
    if not sent:
        return None
    for reply in replies:
        if _BIRTH_SAID.search(reply) is None:
            continue
        for d in date_mentions(reply):
            if d.month is not None and not any(d.means(day) for day in sent):
                return reply[d.start:d.end]
    return None
