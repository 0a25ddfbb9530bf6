"""A reservation said to be flown, in part or whole, before any of its flights' days has come: "XL2C75
is already partly flown (the first leg was May 16)", where the conversation states today is May 15.
Only a sentence that names one reservation and says it flown (not "nothing has been flown", not
"if it's already flown") is read, and only where the conversation states today's date.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from trajectory2gym.certify.normalize import identifiers_in
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# "already flown", "partly flown", "has been flown", "were flown"
_FLOWN = re.compile(r"\b(?:(?:already|partly|partially|fully)\s+(?:been\s+)?|(?:has|have|was|were)\s+(?:already\s+)?"
                    r"(?:been\s+)?)flown\b|\bdeparted\b", re.I)  # ("I57WUD ... departed on May 18")
# Before it in its clause: a denial or a condition ("no flight has been flown", "if a leg was flown").
_NOT_SAID = re.compile(r"(?:n't|\bnot\b|\bno\b|\bnone\b|\bnothing\b|\bneither\b|\bnever\b|\bnor\b|\bif\b|\bunless\b|\bwhether\b|\bonce\b)"
                       r"[^.;,]*$", re.I)


def misflown(text: str, reservation_of: Callable[[str], bool], first_day_of: Callable[[str], date | None],
             today: date) -> list[tuple[str, date]]:
    """(the reservation, its first flight's day) for each sentence that says the one reservation it
    names (``reservation_of``: an identifier a record shows as one) is flown, where its first
    flight (``first_day_of``) is after ``today``."""
    out: list[tuple[str, date]] = []
    if "flown" not in text and "departed" not in text:
        return out
    for sentence in SENTENCE_OR_LINE.split(text):
        said = [m for m in _FLOWN.finditer(sentence) if not _NOT_SAID.search(sentence, 0, m.start())]
        if not said:
            continue
        codes = {i for i in identifiers_in(sentence) if reservation_of(i)}
        if len(codes) != 1:
            continue
        code = codes.pop()
        if (first := first_day_of(code)) is not None and first > today:
            out.append((code, first))
    return out
