"""A text that says when something was booked, against the ``created_at`` its lookup shows: "your
reservation was booked on May 9, so it is past the 24-hour window" after a lookup returned
``"created_at": "2024-05-07T..."``. When a booking was made decides what policy allows (a free
cancellation within 24 hours), so a wrong one misleads the user however visible the date is
elsewhere (a flight on May 9). A sentence naming one object with a booking date shown is checked
against that date; any other, against every booking date shown (it may be any of them)."""

from __future__ import annotations

import re
from collections.abc import Callable

from trajectory2gym.certify.dates import date_mentions
from trajectory2gym.certify.normalize import chunks
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_STEMS = re.compile("booked|Booked|reserved|purchased|made|Made|created|placed")  # plain alternation: fast
_CHEAP = re.compile(r"\b(?:booked|reserved|purchased|made|created|placed)\b", re.I)
# The words right before a date that say it is the booking's: "was booked on", "you made it back on
# Monday, "; not "you're booked on May 20" (a new booking's flight), nor "changing keeps you booked on May 24".
_BOOKED_ON = re.compile(r"\b(?:was|were|been|(?<!keeps\s)(?<!keep\s)(?<!gets\s)(?<!get\s)you|I|we|they|originally)\s+(?:originally\s+)?"
                        r"(?:booked|reserved|purchased|made|created|placed)\b(?:\s+(?:it|this|that|them|back|"
                        r"originally|only))*\s+on\s+(?:the\s+)?(?:[A-Za-z]+day,?\s+)?$", re.I)
# A word that may be an object's identifier: letters and a digit ("T6HMDP", "#W5353646"), no date.
_MAY_NAME = re.compile(r"#?(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9_]{5,}$")
_FLIGHT_AFTER = re.compile(r"(?:'s)?\s+(?:flight|trip|departure|leg)\b", re.I)  # "on the May 20 flight"
# "made"/"created"/"placed" say a booking only in a sentence about one.
_BOOKING = re.compile(r"\b(?:book\w*|reserv\w*|purchas\w*|ticket\w*|trip)\b", re.I)


def misdated(text: str, created_of: Callable[[str | None], list[str]]) -> list[tuple[str, str]]:
    """(the date as written, the booking dates shown) for each date a sentence gives as when a
    booking was made that none of ``created_of``'s ISO dates (of the identifier the sentence
    names, or with None of every object shown) is."""
    if _STEMS.search(text) is None or _CHEAP.search(text) is None:
        return []  # plain substrings first: most texts say nothing of when anything was booked
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if _CHEAP.search(sentence) is None or _BOOKING.search(sentence) is None:
            continue
        said = [d for d in date_mentions(sentence) if _BOOKED_ON.search(sentence, 0, d.start)
                and not _FLIGHT_AFTER.match(sentence, d.end)]
        if not said:
            continue
        # The booking dates of the objects the sentence names ("24-hour" names none), else all shown.
        named = [created_of(t) for t in dict.fromkeys(chunks(sentence)) if _MAY_NAME.match(t)]
        dated = [days for days in named if days]
        shown = {c[:10] for c in (dated[0] if len(dated) == 1 else created_of(None))}
        if not shown:
            continue
        for d in said:
            if not any(d.means(day) for day in shown):
                out.append((sentence[d.start:d.end], ", ".join(sorted(shown))))
    return out
