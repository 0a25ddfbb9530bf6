"""A part of a whole said with its percentage: "You've used 8.7 GB of your 15 GB this cycle - about
62%" must give the share the two amounts make (58%). A rounded figure ("about 60%") may round to a
multiple of five; any other figure must be within a point of the share."""

from __future__ import annotations

import re

from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_PART_OF_WHOLE = re.compile(r"(\d+(?:\.\d+)?)\s*(GB|MB)\**\s+(?:used\s+)?(?:out\s+)?of\s+(?:your\s+|the\s+|its\s+|a\s+)?\**"
                            r"(\d+(?:\.\d+)?)\s*(GB|MB)\b", re.I)
# The percentage after it in the same sentence: "- about 62%", "(62%)", "that's 58 percent".
_PERCENT_AFTER = re.compile(r"[^.!?\n%]{0,60}?(about|around|roughly|nearly|almost|approximately|~|over|under)?\s*\**"
                            r"(\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)


# ... or the percentage between the part and the whole: "You've used 8.7 GB so far, about 68% of your 15.0 GB".
_PERCENT_OF_WHOLE = re.compile(r"(\d+(?:\.\d+)?)\s*(GB|MB)\b(?:(?!\d\s*(?:GB|MB))[^.!?\n%$]){0,40}?(about|around|roughly|nearly|almost|approximately|~|"
                               r"over|under)?\s*\**(\d+(?:\.\d+)?)\s*(?:%|percent\b)\**\s+of\s+(?:your\s+|the\s+|its\s+|a\s+)?\**"
                               r"(\d+(?:\.\d+)?)\s*(GB|MB)\b", re.I)


def misstated_shares(text: str) -> list[tuple[str, str]]:
    """(the percentage said, the share the amounts make) for each part of a whole whose percentage
    is not the share."""
    out: list[tuple[str, str]] = []
    for m in _PART_OF_WHOLE.finditer(text):
        if m[2].upper() == m[4].upper() and (said := _PERCENT_AFTER.match(text, m.end())) is not None:
            out += _off_share(float(m[1]), float(m[3]), said[1], said[2])
    if " of " in text:
        for m in _PERCENT_OF_WHOLE.finditer(text):
            if m[2].upper() == m[6].upper():
                out += _off_share(float(m[1]), float(m[5]), m[3], m[4])
    return out


def _off_share(part: float, whole: float, bound_word: str | None, written: str) -> list[tuple[str, str]]:
    """[(the percentage as written, the share)] where the percentage said is not the part's share of
    the whole (a rounded "about 60%" may round to a multiple of five); [] where it is."""
    if whole <= 0:
        return []
    share, pct = 100 * part / whole, float(written)
    if abs(pct - share) <= 1 or (bound_word and pct % 5 == 0 and abs(pct - share) < 5):
        return []
    bound = bound_word.lower() if bound_word else ""
    if bound in ("over", "under", "nearly", "almost") and (bound == "over") == (share > pct) and abs(pct - share) < 10:
        return []  # "over 50%" of a 58% share
    return [(f"{written}%", f"{share:.0f}%")]


# A half said of what is used or left: "more than half of your allowance is still available".
_HALF_SAID = re.compile(r"\b(more than|over|less than|under)\s+half\b[^.!?\n]{0,50}?\b(left|remaining|available|"
                        r"used|gone)\b", re.I)
_LEFT_WORDS = ("left", "remaining", "available")


def misjudged_halves(text: str) -> list[tuple[str, str]]:
    """(the half said, the share the amounts make) for each sentence that gives the data used of a
    whole ("8.7 GB used of 15.0 GB") and says more or less than half of it is used or left, where
    the amounts say the other: 6.3 GB left of 15.0 GB is less than half."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "half" not in sentence or (claim := _HALF_SAID.search(sentence)) is None:
            continue
        part = next((m for m in _PART_OF_WHOLE.finditer(sentence) if "used" in m[0].lower()), None)
        if part is None or part[2].upper() != part[4].upper() or float(part[3]) <= 0:
            continue
        used = float(part[1]) / float(part[3])
        share = 1 - used if claim[2].lower() in _LEFT_WORDS else used
        more = claim[1].lower() in ("more than", "over")
        if share != 0.5 and (share > 0.5) != more:
            out.append((f"{claim[1]} half", f"{share:.0%}"))
    return out
