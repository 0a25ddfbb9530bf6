"""Arithmetic a text writes out, which must come out right: "$123 + $195 = $318",
"$318 − $284 = $34", "2 × $50 = $100", "($161 − $147) × 2 passengers = $28".

The amounts of such a line may each be visible, and its result visible or derivable from other
amounts, and still the line is wrong: "$164 + $50 + $30 = $264" states a total the certifier's
derivations accept (264 = 234 + 30, two visible amounts) that its own terms refute. Only written
equations are checked; a total stated without its terms is the visibility check's matter. A right
one grounds its result where its amounts are visible (``worked``): "($162 − $175) × 2 = −$26 →
$26 refund" states $26, which no visible amount is.
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
# A difference or sum times a count: "($161 − $147) × 2 passengers = $28", "($162 − $175) × 2 = −$26".
_SCALED = re.compile(rf"\(\s*{_NUMBER}({_SIGN}){_NUMBER}\s*\)\s*(?:[x×*]|times)\s*(\d{{1,3}})(?:\s+[a-z]+)?\s*=\s*"
                     rf"([−–-]?)\s*{_NUMBER}(?![\w/]|[.,]\d)", re.I)
# A result that says its sign in words: "$106 − $179 = $73 refund" is a refund of $73.
_BACK = re.compile(r"\**\s*(?:refund|back|credit|returned|in your favou?r|to you)\b", re.I)


def _equations(text: str) -> list[tuple[str, str, int, int, list[str]]]:
    """Each written equation: (result as written, the equation, what its terms give and the result
    it states, in cents, both signed, and its amounts)."""
    out = []
    for m in _SUM.finditer(text):
        total = cents_of(m[1]) + sum(cents_of(term) * (1 if sign == "+" else -1) for sign, term in _TERM.findall(m[2]))
        said = cents_of(m[4])
        if total < 0 and _BACK.match(text, m.end()):
            said = -said  # "= $73 refund"
        out.append((m[4], m[0], total, said, [m[1], *(term for _, term in _TERM.findall(m[2]))]))
    for m in _PRODUCT.finditer(text):
        out.append((m[3], m[0], int(m[1]) * cents_of(m[2]), cents_of(m[3]), [m[2]]))
    for m in _SCALED.finditer(text):
        inner = cents_of(m[1]) + cents_of(m[3]) * (1 if "+" in m[2] else -1)
        said = cents_of(m[6]) * (-1 if m[5] else 1)
        out.append((m[6], m[0], inner * int(m[4]), said, [m[1], m[3]]))
    return out


def miscalculated(text: str) -> list[tuple[str, str]]:
    """(result as written, the equation) for each written equation whose result its terms refute."""
    if "=" not in text:
        return []
    return [_said(result, equation) for result, equation, total, said, _ in _equations(text) if abs(total - said) > 1]


def worked(text: str) -> list[tuple[int, list[int]]]:
    """(result, its amounts), in cents, of each written equation whose terms give its result: the
    result follows from the amounts where they are grounded. A refund's result counts unsigned."""
    if "=" not in text:
        return []
    return [(abs(said), [cents_of(a) for a in amounts]) for _, _, total, said, amounts in _equations(text)
            if abs(total - said) <= 1]


def _said(result: str, equation: str) -> tuple[str, str]:
    written = equation.replace("*", "").strip()
    return ("$" + result if "$" in written else result), written
