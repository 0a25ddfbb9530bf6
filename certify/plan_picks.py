"""Replies that answer a numbered plan by its numbers: "1 yes, 2 no", "only #2", "1 and 3", "do
number 1", "yes to 1, not 2". Agents write several actions as a numbered list and ask once; users
answer each line by its number. This module reads the plan's lines and the reply's picks; which
line describes a call is the workflow check's business (``confirmation.py``)."""

from __future__ import annotations

import re

# The start of a numbered line: "1. ", "2) ", "**3.** ".
_NUMBERED = re.compile(r"^[ \t]*(?:\*\*)?(\d)[.)](?:\*\*)?[ \t]+", re.M)
_TOKEN = re.compile(r"#?\d+|[a-z]+(?:'[a-z]+)?")
_YES = frozenset({"yes", "yeah", "yep", "yup", "y", "ok", "okay", "sure", "only", "just", "do", "proceed", "go",
                  "confirm", "confirmed", "fine", "please"})
_NO = frozenset({"no", "nope", "not", "n", "skip", "don't", "dont", "hold"})
# Words that may stand beside the numbers without changing which lines are picked.
_FILLER = frozenset({"and", "both", "to", "the", "number", "numbers", "item", "items", "step", "steps", "option",
                     "options", "one", "ones", "but", "with", "ahead", "for", "on", "of", "off", "line", "point",
                     "points", "&", "is", "are", "good", "then", "thanks", "thank", "you", "that", "works"})


def plan_lines(text: str) -> dict[int, str]:
    """Each numbered line of a message with what follows it up to the next numbered line (its
    sub-bullets too), by its number; empty unless it has at least lines 1 and 2."""
    starts = list(_NUMBERED.finditer(text))
    blocks: dict[int, str] = {}
    for k, m in enumerate(starts):
        end = starts[k + 1].start() if k + 1 < len(starts) else len(text)
        blocks.setdefault(int(m[1]), text[m.end():end])
    return blocks if 1 in blocks and 2 in blocks else {}


def plan_picks(reply: str, lines: int) -> dict[int, bool] | None:
    """Which of a plan's ``lines`` numbered lines a reply says yes (True) or no (False) to, when the
    reply is nothing but such picks; None otherwise ("2 bags", "$5", a sentence with more in it).
    A polarity word governs the numbers it precedes when the reply starts with it ("yes to 1, no to
    2", "only 3"), else the numbers before it ("1 yes 2 no", "2 only please"); bare numbers are a
    yes ("1 and 3")."""
    toks = _TOKEN.findall(reply.lower())
    if not toks or len(toks) > 16:
        return None
    numbers: list[tuple[int, int]] = []  # (position, number)
    for k, t in enumerate(toks):
        if t[-1].isdigit():
            n = int(t.lstrip("#"))
            if not 1 <= n <= lines:
                return None
            numbers.append((k, n))
        elif t not in _YES and t not in _NO and t not in _FILLER:
            return None
    if not numbers:
        return None
    polar = [(k, t in _YES) for k, t in enumerate(toks) if t in _YES or t in _NO]
    leads = bool(polar) and polar[0][0] < numbers[0][0]
    picks: dict[int, bool] = {}
    for at, n in numbers:
        before = [yes for k, yes in polar if k < at]
        after = [yes for k, yes in polar if k > at]
        if leads:
            picks[n] = before[-1]
        else:  # "1 only, not 2": a number with no word after it takes the one right before it
            picks[n] = after[0] if after else before[-1] if before else True
    return picks
