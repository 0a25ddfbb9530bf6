"""Arithmetic a text writes out, which must come out right: "$123 + $195 = $318",
"$318 − $284 = $34", "2 × $50 = $100".

The amounts of such a line may each be visible, and its result visible or derivable from other
amounts, and still the line is wrong: "$164 + $50 + $30 = $264" states a total the certifier's
derivations accept (264 = 234 + 30, two visible amounts) that its own terms refute. Only written
equations are checked; a total stated without its terms is the visibility check's matter.
"""

from __future__ import annotations

import re

from trajectory2gym.certify.normalize import cents_of

_NUMBER = r"\**\$?(\d[\d,]*(?:\.\d+)?)\**"
# Terms joined by plus or minus signs (a hyphen only between spaces: "2024-05-28" is a date), then
# "=" and the result: "$123 + $195 = **$318**". Each term atomic and at most 12 of them, so a long
# run of numbers without "=" costs one pass, not a search over every way to split its spaces.
_SIGN = r"(?:\s*(?:\+|[−–])\s*|\s+-\s+)"
_SUM = re.compile(rf"(?<![\w.,/-]){_NUMBER}((?>{_SIGN}{_NUMBER}){{1,12}})\s*=\s*{_NUMBER}(?![\w/]|[.,]\d)")
_TERM = re.compile(rf"(\+|[-−–])\s*{_NUMBER}")
# A count times a price: "2 × $50 = $100", "3 x 120 = 360".
_PRODUCT = re.compile(rf"(?<![\w.,/-])(\d{{1,3}})\s*(?:[x×*]|times)\s*{_NUMBER}\s*=\s*{_NUMBER}(?![\w/]|[.,]\d)", re.I)


def miscalculated(text: str) -> list[tuple[str, str]]:
    """(result as written, the equation) for each written equation whose result its terms refute."""
    if "=" not in text:
        return []
    out: list[tuple[str, str]] = []
    for m in _SUM.finditer(text):
        total = cents_of(m[1]) + sum(cents_of(term) * (1 if sign == "+" else -1) for sign, term in _TERM.findall(m[2]))
        if abs(total - cents_of(m[4])) > 1:
            out.append(_said(m[4], m[0]))
    for m in _PRODUCT.finditer(text):
        if abs(int(m[1]) * cents_of(m[2]) - cents_of(m[3])) > 1:
            out.append(_said(m[3], m[0]))
    return out


def _said(result: str, equation: str) -> tuple[str, str]:
    written = equation.replace("*", "").strip()
    return ("$" + result if "$" in written else result), written
