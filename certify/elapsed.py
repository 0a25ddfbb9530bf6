"""Days counted from a date to today, which must come out right: "it was due 2025-02-19, **4 days**
ago" where the system prompt says today is 2025-02-25 (six days). Only a sentence that states one
full date and one count of days since it is read, and only where the conversation states today's
date ("Today's date is 2025-02-25", tau-bench's "The current time is 2024-05-15 15:00:00 EST").
"""

from __future__ import annotations

import re
from datetime import date

from trajectory2gym.certify.dates import date_mentions
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

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
