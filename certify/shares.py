"""A part of a whole said with its percentage: "You've used 8.7 GB of your 15 GB this cycle - about
62%" must give the share the two amounts make (58%). A rounded figure ("about 60%") may round to a
multiple of five; any other figure must be within a point of the share."""

from __future__ import annotations

import re

_PART_OF_WHOLE = re.compile(r"(\d+(?:\.\d+)?)\s*(GB|MB)\**\s+(?:used\s+)?(?:out\s+)?of\s+(?:your\s+|the\s+|its\s+|a\s+)?\**"
                            r"(\d+(?:\.\d+)?)\s*(GB|MB)\b", re.I)
# The percentage after it in the same sentence: "- about 62%", "(62%)", "that's 58 percent".
_PERCENT_AFTER = re.compile(r"[^.!?\n%]{0,60}?(about|around|roughly|nearly|almost|approximately|~|over|under)?\s*\**"
                            r"(\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)


def misstated_shares(text: str) -> list[tuple[str, str]]:
    """(the percentage said, the share the amounts make) for each part of a whole whose percentage
    is not the share."""
    out: list[tuple[str, str]] = []
    for m in _PART_OF_WHOLE.finditer(text):
        whole = float(m[3])
        if m[2].upper() != m[4].upper() or whole <= 0:
            continue
        share = 100 * float(m[1]) / whole
        if (said := _PERCENT_AFTER.match(text, m.end())) is None:
            continue
        pct = float(said[2])
        if abs(pct - share) <= 1 or (said[1] and pct % 5 == 0 and abs(pct - share) < 5):
            continue
        bound = said[1].lower() if said[1] else ""
        if bound in ("over", "under", "nearly", "almost") and (bound == "over") == (share > pct) and abs(pct - share) < 10:
            continue  # "over 50%" of a 58% share
        out.append((f"{said[2]}%", f"{share:.0f}%"))
    return out
