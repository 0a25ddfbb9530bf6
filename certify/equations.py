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
from collections.abc import Callable, Iterator
from collections.abc import Set as AbstractSet

from trajectory2gym.certify.normalize import BRACKETED, NUMBER_WORDS, cents_of, dollar_amounts
from trajectory2gym.certify.turns import LIST_MARK

_NUMBER = r"\**\$?(\d[\d,]*(?:\.\d+)?)\**"
# Terms joined by plus or minus signs (a hyphen only between spaces: "2024-05-28" is a date), then
# "=" and the result: "$123 + $195 = **$318**". Each term atomic and at most 12 of them, so a long
# run of numbers without "=" costs one pass, not a search over every way to split its spaces.
_SIGN = r"(?:[ \t]*(?:\+|[−–])[ \t]*|[ \t]+-[ \t]+)"  # on one line: "\n- " starts a list's item
# A term may be a count times an amount, either way round: "$140 x 2 + $60 = $340".
_TIMES = r"\s*(?:[x×*]|times)\s*"
_FACTOR = rf"{_NUMBER}(?:{_TIMES}{_NUMBER})?"
# A term may name what it is: "2 x $70 + $50 bag = $190".
_LABEL = r"(?:[ \t]+(?:checked[ \t]+)?(?:bags?|baggage|fees?|fares?|insurance))?"
# (The result may be a rate per period: "$65.00 + $65.00 + $40.00 = **$170.00/month**".)
_SUM = re.compile(rf"(?<![\w.,/-])(?P<first>{_FACTOR}){_LABEL}(?P<rest>(?>{_SIGN}{_FACTOR}{_LABEL}){{1,12}})\s*=\s*"
                  rf"\**\$?(?P<result>\d[\d,]*(?:\.\d+)?)\**(?!\w|/(?!(?:mo(?:nth)?|yr|year|day|week)\b)|[.,]\d)", re.I)
_TERM = re.compile(rf"(\+|[-−–])\s*({_FACTOR})", re.I)
# A result, then the sum that gives it in brackets: "204 dollars (103 + 101)", "$3,619.06 ($78 + $3,541.06)".
# A word of which way it moves may stand between: "**$21.00** back ($162.15 − $143.15)" (the
# difference then counts unsigned).
_RESULT_FIRST = re.compile(rf"(?<![\w.,/-])\**\$?(?P<result>\d[\d,]*(?:\.\d+)?)\**(?:\s*(?:dollars|USD))?"
                           rf"(?P<way>\s+(?:back|refund(?:ed)?|credit(?:ed)?|more|less|extra|cheaper))?\s*"
                           rf"\(\s*(?P<first>{_FACTOR})(?P<rest>(?>{_SIGN}{_FACTOR}){{1,12}})\s*\)", re.I)
_MONTH_BEFORE = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+$", re.I)
# What names a payment method or record by the number after it: "gift card 8887175", "Visa ending 1777".
_ID_BEFORE = re.compile(r"\b(?:card|certificate|ending(?: in)?|account|id|number|no\.)\s*#?\s*$", re.I)
_PARTS = re.compile(rf"{_NUMBER}(?:{_TIMES}{_NUMBER})?", re.I)


def _term(written: str) -> tuple[int, str]:
    """A term's value in cents, and its amount as written (of "$140 x 2", the $140: the count is
    no amount). Of two factors the count is the one written without "$" or a decimal point, else
    the smaller."""
    m = _PARTS.match(written.strip())
    if m is None:
        return 0, written
    if m[2] is None:
        return cents_of(m[1]), m[1]
    first_money = "$" in m.string[:m.end(1)] or "." in m[1]
    second_money = "$" in m.string[m.end(1):] or "." in m[2]
    if first_money == second_money:  # "140 x 2": the count is the smaller
        first_money = cents_of(m[1]) >= cents_of(m[2])
    count, amount = (m[2], m[1]) if first_money else (m[1], m[2])
    if not count.isdigit():  # two amounts multiplied: no count; its value is still the product
        return cents_of(m[1]) * cents_of(m[2]) // 100, m[1]
    return int(count) * cents_of(amount), amount


# A count times a price: "2 × $50 = $100", "3 x 120 = 360".
# (the count may name what it counts: "3 extra bags × $50 = $150")
_PRODUCT = re.compile(rf"(?<![\w.,/-])(\d{{1,3}})(?:\s+[a-z]+){{0,2}}?\s*(?:[x×*]|times)\s*{_NUMBER}\s*=\s*{_NUMBER}"
                      rf"(?![\w/]|[.,]\d)", re.I)
# A difference or sum times a count: "($161 − $147) × 2 passengers = $28", "($162 − $175) × 2 = −$26".
_SCALED = re.compile(rf"\(\s*{_NUMBER}({_SIGN}){_NUMBER}\s*\)\s*(?:[x×*]|times)\s*(\d{{1,3}})(?:\s+[a-z]+)?\s*=\s*"
                     rf"([−–-]?)\s*{_NUMBER}(?![\w/]|[.,]\d)", re.I)
# ... or the count first: "3 × ($1,197 − $527) = $2,010".
_COUNT_SCALED = re.compile(rf"(?<![\w.,$])(\d{{1,3}})\s*(?:[x×*]|times)\s*\(\s*{_NUMBER}({_SIGN}){_NUMBER}\s*\)\s*=\s*"
                           rf"([−–-]?)\s*{_NUMBER}(?![\w/]|[.,]\d)", re.I)
# A result that says its sign in words: "$106 − $179 = $73 refund" is a refund of $73, as is
# "115 - 138 = 23 dollars would be refunded".
_BACK = re.compile(r"\**\s*(?:dollars?\s+|usd\s+)?(?:(?:would|will|to|is|are|gets?)\s+(?:be\s+)?)?"
                   r"(?:refund\w*|back|credit\w*|returned|in your favou?r|to you)\b", re.I)


# An identifier right before the amount it labels, within a sum: "gift_card_8020792 $198 + ...".
_LABELLED = re.compile(r"(?<![\w$])[A-Za-z][A-Za-z_]*\d{3,}\s+(?=\**\$)")

# ... or with the amount in brackets after it: "HAT041 ($86) + HAT012 ($77) = $153".
_LABELLED_ASIDE = re.compile(r"(?<![\w$])[A-Za-z][A-Za-z_]*\d{3,}\s*\((\**\$\d[\d,]*(?:\.\d+)?\**)\)")


def _after_operator(text: str, start: int) -> bool:
    """Whether an equation found at ``start`` is the end of a longer one whose start it misses:
    "($1,184 + $1,110) × 2 − ($107 + $105) × 2 = $4,164" (its terms before the minus count too)."""
    before = text[max(0, start - 6):start].rstrip(" *(")
    return before.endswith(("−", "–", "+", "×", "*", " -", " x"))


def _may_bracket_sum(text: str) -> bool:
    """Plain substring tests before ``_RESULT_FIRST``: a bracket and a sign (most texts have neither)."""
    return "(" in text and ("+" in text or "−" in text or "–" in text or " - " in text)


def _summed(m: re.Match[str]) -> tuple[int, list[str]]:
    """What the terms of a sum (its "first" and "rest" groups: ``_SUM``, ``_RESULT_FIRST``) come to, in
    cents, and its amounts as written."""
    first = _term(m["first"])
    rest = [(sign, _term(t[0])) for sign, *t in _TERM.findall(m["rest"])]
    total = first[0] + sum(value * (1 if sign == "+" else -1) for sign, (value, _) in rest)
    return total, [first[1], *(amount for _, (_, amount) in rest)]


def _equations(text: str) -> list[tuple[str, str, int, int, list[str]]]:
    """Each written equation: (result as written, the equation, what its terms give and the result
    it states, in cents, both signed, and its amounts)."""
    out = []
    summed: list[tuple[int, int]] = []
    if "$" in text and _LABELLED.search(text):
        text = _LABELLED.sub("", text)  # "certificate_3765853 $500 + certificate_9984806 $250 = ...": the amounts' sum
    if "(" in text and _LABELLED_ASIDE.search(text):
        text = _LABELLED_ASIDE.sub(r"\1", text)  # "HAT041 ($86) + HAT012 ($77) = $153": $86 + $77
    for m in _SUM.finditer(text) if "=" in text else ():
        if _after_operator(text, m.start()):
            continue
        total, amounts = _summed(m)
        result = m["result"]
        said = cents_of(result)
        if total < 0 and _BACK.match(text, m.end()):
            said = -said  # "= $73 refund"
        out.append((result, m[0], total, said, amounts))
        summed.append(m.span())
    if _may_bracket_sum(text):
        for m in _RESULT_FIRST.finditer(text):  # "Your current return cost 204 dollars (103 + 101)"
            if not m[0].lstrip("*").startswith("$") and (
                    _MONTH_BEFORE.search(text, max(0, m.start() - 12), m.start())
                    or _ID_BEFORE.search(text, max(0, m.start() - 16), m.start())):
                continue  # a day: "HAT275 + HAT226 on May 17 ($142 + $137)"; a card: "gift card 8887175 ($1,936 + $851)"
            total, amounts = _summed(m)
            out.append((m["result"], m[0], abs(total) if m["way"] else total, cents_of(m["result"]), amounts))
    for m in _PRODUCT.finditer(text) if "=" in text else ():
        if not any(lo <= m.start() < hi for lo, hi in summed) and not _after_operator(text, m.start()):
            # ("$60 + 2 x $30 = $120" is one sum)
            out.append((m[3], m[0], int(m[1]) * cents_of(m[2]), cents_of(m[3]), [m[2]]))
    # A difference or sum times a count, either way round: its groups' numbers (first, sign, second, count,
    # a minus before the result, the result).
    for pattern, groups in ((_SCALED, (1, 2, 3, 4, 5, 6)), (_COUNT_SCALED, (2, 3, 4, 1, 5, 6))):
        for m in pattern.finditer(text) if "=" in text and "(" in text else ():
            if _after_operator(text, m.start()):
                continue
            first, sign, second, count, minus, result = (m[g] for g in groups)
            inner = cents_of(first) + cents_of(second) * (1 if "+" in sign else -1)
            said = cents_of(result) * (-1 if minus else 1)
            if inner < 0 and not minus and _BACK.match(text, m.end()):
                said = -said  # "($478 − $493) × 3 = $45 back"
            out.append((result, m[0], inner * int(count), said, [first, second]))
    for m in _SCALED_MANY.finditer(text) if "=" in text and "(" in text else ():
        # three terms or more in the brackets: "(196 + 110 - 136) x 3 = $510"
        terms = _INNER_TERM.findall(m["inner"])
        if len(terms) < 3 or _after_operator(text, m.start()):
            continue
        inner = sum(cents_of(v) * (-1 if sign and sign != "+" else 1) for sign, v in terms)
        said = cents_of(m["result"]) * (-1 if m["minus"] else 1)
        if inner < 0 and not m["minus"] and _BACK.match(text, m.end()):
            said = -said
        out.append((m["result"], m[0], inner * int(m["count"]), said, [v for _, v in terms]))
    return out


# A sum of three terms or more in brackets, times a count: "(196 + 110 - 94 - 80) x 3 = $396".
_SCALED_MANY = re.compile(rf"\(\s*(?P<inner>{_NUMBER}(?:{_SIGN}{_NUMBER}){{2,7}})\s*\)\s*(?:[x×*]|times)\s*(?P<count>\d{{1,3}})"
                          rf"(?:\s+[a-z]+)?\s*=\s*(?P<minus>[−–-]?)\s*\**\$?(?P<result>\d+(?:,\d{{3}})*(?:\.\d+)?)\**(?![\w/]|[.,]\d)", re.I)
_INNER_TERM = re.compile(r"([+−–-])?[ \t]*\**\$?(\d[\d,]*(?:\.\d+)?)\**")


# Two amounts set against each other, then what that comes to: "New total **$292** vs. **$117** paid
# → the upgrade would cost **$185**" (a difference, or a sum, of the two; nothing else between).
_MONEY = r"\**\$(\d[\d,]*(?:\.\d+)?)\**"
_TIMES_COUNT = re.compile(r"[)\s](?:[x×*]|times)\s*([1-9])\b(?![.,]\d)")  # " x 2", ") × 3", not "max 2"
# An amount per head, then the same for so many: "$588 per passenger → **$1,076** for two".
_PER_HEAD_THEN_FOR = re.compile(rf"{_MONEY}\s+(?:per|each|a)\s+(?:passenger|person|traveller|traveler|head)\b[^$\n.;]{{0,30}}?"
                                rf"{_MONEY}\s+for\s+(?:the\s+|all\s+|both\s+of\s+)?(two|three|four|five|six|[2-9])\b", re.I)
_VERSUS = re.compile(rf"{_MONEY}[^$\n.;]{{0,24}}?\s(?:vs\.?|versus|compared (?:to|with)|against)\s+{_MONEY}"
                     rf"[^$\n.;]{{0,40}}?(?:→|->|=|\bso\b|\bmeans\b)(?:[^$\n.;]{{0,40}}?\b(?:costs?|pay|refund\w*|"
                     rf"difference|save|extra|more|less|back|owe|due)\b(?:\s+(?:of|is|to|by))?)?[^$\n.;\w]{{0,12}}{_MONEY}"
                     rf"(?![\d,]*\.?\d)", re.I)  # ("... means a refund of $59")


_HEAD_PRICED = re.compile(r"\b(?:per|each|a)\s+(?:passenger|person|traveller|traveler|head|pax)\b", re.I)
_FOR_COUNT = re.compile(r"\**\s*(?:in total\s+|total\s+)?for\s+(?:the\s+|all\s+)?(two|three|four|five|six|[2-9])\b", re.I)
_OVER_TIME = re.compile(r"\**\s*(?:per|a|each|every|over a|over the)\s+(?:year|month|week)s?\b|\**\s*(?:annually|yearly)\b",
                        re.I)


# A sum in words: an amount, "plus" another (a few words of what it is after it), then the result
# after a colon, "=" or words that give a total: "$232.00, plus the $5.00 holding fee for
# 555-447-2912: $239.00 per month", "$150 plus a $30 fee, for a total of $180".
# (a few words may name the first: "$40.00 Basic Plan charge plus a $5.00 suspension fee - $50.00 in total")
_PLUS_THEN = re.compile(rf"(?<![\w.,]){_MONEY}(?:\s+[A-Za-z][\w-]*){{0,3}}?,?\s+plus\s+(?:the\s+|a\s+|an\s+|another\s+)?{_MONEY}"
                        rf"(?![\d,]*\.?\d)[^$\n.;:=]{{0,40}}?(?:(?::|=|,?\s+(?:for a total of|which comes to|comes to|"
                        rf"making|totall?ing|in total|so)\b)[^\w$]{{0,6}}{_MONEY}(?![\d,]*\.?\d)"
                        rf"|\s[-—–]\s*{_MONEY}(?![\d,]*\.?\d)(?=\**\s+(?:in total|total|altogether|in all)\b))", re.I)


# A total, then after a colon the amounts it is made of: "In total you've paid $256 for HATHAT: $189 +
# $60 at booking and $17 for the return change." Where words take an amount away, only a sum whose
# every amount has its sign said ("minus", "plus") is checked (``_signed_sum``).
_TOTAL_THEN_TERMS = re.compile(rf"\b(?:in total|total(?: of)?|altogether|in all)\b[^$\n.;:]{{0,30}}?{_MONEY}"
                               rf"(?![\d,]*\.?\d)[^$\n.;:]{{0,30}}?:\s*([^\n]*?)(?:[.;!?](?:\s|$)|\n|$)", re.I)
# ... or the total said before the words: "You paid $372 in total: $5 on gift card 2747099 and $376 on your Visa".
_AMOUNT_IN_TOTAL_THEN_TERMS = re.compile(rf"{_MONEY}\s+(?:in total|altogether|in all)\s*:\s*([^\n]*?)"
                                         rf"(?:[.;!?](?:\s|$)|\n|$)", re.I)
_TAKEN_OFF = re.compile(r"\b(?:less|minus|refund\w*|back|credit\w*|off|discount\w*|per|each|every|times)\b|[−×]|\s-\s|"
                        r"\bx\s*\d", re.I)


# Amounts listed with "and", then right after the last one their total: "certificate_6730850 with $250
# and certificate_9982533 with $100 — $300 in total".
_TERMS_THEN_TOTAL = re.compile(rf"([^\n.;:]*?{_MONEY}(?![\d,]*\.?\d)[^$\n.;:]*?\band\b[^$\n.;:]*?{_MONEY})"
                               rf"(?![\d,]*\.?\d)\s*(?:—|–|,|=|→)\s*{_MONEY}(?![\d,]*\.?\d)\s+"
                               rf"(?:in total|total|altogether|combined|in all)\b", re.I)

# ... or the total's word first: "HAT188 in economy ($157) and HAT149 in economy ($126), total $273".
_TERMS_THEN_TOTAL_OF = re.compile(rf"([^\n.;:]*?{_MONEY}(?![\d,]*\.?\d)[^$\n.;:]*?\band\b[^$\n.;:]*?{_MONEY})"
                                  rf"(?![\d,]*\.?\d)\)?\s*(?:—|–|,|=|→)\s*(?:for\s+)?(?:a\s+)?(?:in\s+)?total(?:\s+of)?"
                                  rf"\s*:?\s*{_MONEY}(?![\d,]*\.?\d)", re.I)


def _mistotaled(pattern: re.Pattern[str], text: str, terms: int, total: int) -> list[tuple[str, str]]:
    """(total as written, the line) for each match of ``pattern`` (its groups ``terms`` and ``total``:
    the amounts and the total said of them) whose amounts, two at least and none taken away or
    shared, add up to another amount: "In total you've paid $256: $189 + $60 and $17"
    (``_TOTAL_THEN_TERMS``), "$250 and $100 — $300 in total" (``_TERMS_THEN_TOTAL``)."""
    out = []
    for m in pattern.finditer(text):
        if _TAKEN_OFF.search(m[terms]):
            made = _signed_sum(m[terms])  # "$116, minus the $16 refund, plus the $40 charge"
        else:
            said = [abs(c) for _, c in dollar_amounts(m[terms])]
            made = sum(said) if len(said) >= 2 else None
        if made is not None and abs(made - cents_of(m[total])) > 1 and not _sum_outside_brackets(m[terms], m[total]):
            whole = _whole_list(text, m, terms)
            if whole is None:
                out.append(("$" + m[total], m[0].replace("*", "").strip()))
            elif abs(sum(abs(c) for _, c in dollar_amounts(whole)) - cents_of(m[total])) > 1:
                out.append(("$" + m[total], (whole + text[m.end(terms):m.end()]).replace("*", "").strip()))
    return out


def _sum_outside_brackets(terms: str, total: str) -> bool:
    """Whether the amounts outside brackets, two at least, make the total: the bracketed ones are
    asides ("$100 from gift card 1043223 (balance $199) and $146 from gift card 7842436 (balance $254)")."""
    if "(" not in terms:
        return False
    said = [abs(c) for _, c in dollar_amounts(BRACKETED.sub("", terms))]
    return len(said) >= 2 and abs(sum(said) - cents_of(total)) <= 1


def _whole_list(text: str, m: re.Match[str], terms: int) -> str | None:
    """Where terms start inside an amount's decimals ("$158.|41, Skateboard $204.14 and Perfume $298.52
    — $874.93 in total": a sentence's dot excluded the rest), the whole list from the sentence's start."""
    start = m.start(terms)
    if not (start >= 2 and text[start - 1] == "." and text[start - 2].isdigit()):
        return None
    begin = max(text.rfind(mark, 0, start - 1) for mark in (". ", "\n", "; ", ": ", "! ", "? "))
    return text[begin + 1:m.end(terms)]


_AMOUNT = re.compile(_MONEY)
_MINUS = re.compile(r"\b(?:minus|less)\b|−|\s-\s", re.I)
_PLUS = re.compile(r"\b(?:plus|and)\b|\+", re.I)
_NOT_SUMMED = re.compile(r"\b(?:per|each|every|times)\b|×|\bx\s*\d", re.I)


def _signed_sum(terms: str) -> int | None:
    """The amounts of a text added up with the signs its words give them: "the original $116, minus
    the $16 refund, plus the $40 charge" makes $140. None unless every amount after the first is
    joined to the one before it by one kind of operator ("plus", "and", "+"; "minus", "less", "−"),
    some of them taking away, and none is shared or multiplied ("per", "each", "×")."""
    if _NOT_SUMMED.search(terms):
        return None
    found = list(_AMOUNT.finditer(terms))
    if len(found) < 2 or _MINUS.search(terms, 0, found[0].start()):
        return None
    made, took = cents_of(found[0][1]), False
    for before, m in zip(found, found[1:], strict=False):
        gap = terms[before.end():m.start()]
        minus, plus = _MINUS.search(gap) is not None, _PLUS.search(gap) is not None
        if minus == plus:
            return None  # no operator, or both: which way the amount goes is unclear
        made += -cents_of(m[1]) if minus else cents_of(m[1])
        took = took or minus
    return made if took else None


def miscalculated(text: str) -> list[tuple[str, str]]:
    """(result as written, the equation) for each written equation whose result its terms refute,
    and each comparison of two amounts whose result is neither their difference nor their sum."""
    out = [_said(result, equation) for result, equation, total, said, _ in _equations(text)
           if abs(total - said) > 1] if "=" in text or _may_bracket_sum(text) else []
    if " vs" in text or "versus" in text or "compared" in text or "against" in text:
        for m in _VERSUS.finditer(text):
            a, b, c = cents_of(m[1]), cents_of(m[2]), cents_of(m[3])
            if _OVER_TIME.match(text, m.end()):
                continue  # "($85.00 vs $65.00), so $240.00 per year": the difference over a year
            # a count it is worked out for: "$105 against $184, so (105 - 184) x 2 = -$158"
            k = int(f[1]) if (f := _TIMES_COUNT.search(text, m.end(2), m.start(3))) is not None else 1
            if k == 1 and (f := _FOR_COUNT.match(text, m.end())) is not None:
                # ... or said after it: "$278 per person versus $265 now, so the change costs $39 in total for three"
                k = int(f[1]) if f[1].isdigit() else NUMBER_WORDS[f[1].lower()]
            # per head with no count said: "$241 vs $3,538 per passenger -> refund $6,594", for the booking's
            # passengers (up to five), which the line leaves to its reservation
            counts = range(1, 6) if k == 1 and _HEAD_PRICED.search(text, m.end(2), m.start(3)) else (k,)
            if min(min(abs(abs(a - b) * n - c), abs((a + b) * n - c)) for n in counts) > 1:
                out.append(("$" + m[3], m[0].replace("*", "").strip()))
    if "per " in text and " for " in text:
        for m in _PER_HEAD_THEN_FOR.finditer(text):  # "$588 per passenger → $1,076 for two"
            heads = int(m[3]) if m[3].isdigit() else NUMBER_WORDS[m[3].lower()]
            if abs(cents_of(m[1]) * heads - cents_of(m[2])) > 1:
                out.append(("$" + m[2], m[0].replace("*", "").strip()))
    if " plus " in text:
        for m in _PLUS_THEN.finditer(text):  # "$232.00, plus the $5.00 holding fee: $239.00 per month"
            if abs(cents_of(m[1]) + cents_of(m[2]) - cents_of(total := m[3] or m[4])) > 1:
                out.append(("$" + total, m[0].replace("*", "").strip()))
    if " less" in text or " more" in text or "cheaper" in text or "higher" in text or "lower" in text:
        others: list[int] | None = None
        for m in _SO_APART.finditer(text):  # "was $160.50 and February's is $150.00, so ... $15.50 less"
            a, b, c = cents_of(m[1]), cents_of(m[2]), cents_of(m[3])
            if abs(abs(a - b) - c) > 1:
                # or apart from what the text priced before: "HAT288 at $154 and HAT244 at $192. You paid
                # $157 and $109, so the new itinerary costs $80 more" (346 against 266)
                if others is None:
                    others = [abs(c) for _, c in dollar_amounts(text[:m.start()])]
                if not any(abs(abs(x + y - a - b) - c) <= 1 for i, x in enumerate(others) for y in others[i + 1:]):
                    out.append(("$" + m[3], m[0].replace("*", "").strip()))
        out += _off_the_base(text)
    if "otal" in text or " in all" in text or "ltogether" in text or "ombined" in text:
        out += ((_mistotaled(_TOTAL_THEN_TERMS, text, 2, 1) + _mistotaled(_AMOUNT_IN_TOTAL_THEN_TERMS, text, 2, 1)
                 if ":" in text else [])
                + (_mistotaled(_TERMS_THEN_TOTAL, text, 1, 4) + _mistotaled(_TERMS_THEN_TOTAL_OF, text, 1, 4)
                   if " and " in text else []))
    if "had " in text and " with " in text:
        for m in _HAD_THEN_NOW.finditer(text):  # "had $245 on it, so with the $4,986 refund the balance is now $5,213"
            sign = -1 if m[3].lower() in _TAKES else 1
            if abs(cents_of(m[1]) + sign * cents_of(m[2]) - cents_of(m[4])) > 1:
                out.append(("$" + m[4], m[0].replace("*", "").strip()))
    if "otal" in text and "\n" in text:
        out += (_missplit(text) if "+" in text or "ay" in text else []) + _mislisted(text)  # (or "Payment: a $x, b $y")
        if "|" in text:
            out += _mistotaled_table(text)
    if "Net" in text or "net" in text:
        out += _misnetted(text)
        for m in _PAID_BACK_NET.finditer(text):  # "You paid $522 originally and got $114 back, so the net is $418"
            if abs(cents_of(m[1]) - cents_of(m[2]) - cents_of(m[3])) > 1:
                out.append(("$" + m[3], m[0].replace("*", "").strip()))
    if "enough" in text or "sufficient" in text:
        out += _miscovered(text)
    if ("each" in text or "per " in text) and " for " in text:
        for m in _EACH_FOR_COUNT.finditer(text):  # "+$3 each, **$6** for three": 3 x $3 is $9
            word = m[3].lower()
            count = 2 if word == "both" else int(word) if word.isdigit() else NUMBER_WORDS[word]
            if abs(count * cents_of(m[1]) - cents_of(m[2])) > 1:
                out.append(("$" + m[2], m[0].replace("*", "").strip()))
    if "each" in text or "apiece" in text:
        for m in _COUNT_AT_RATE.finditer(text):  # "2 of the 5 would be extra at $50 each — that's $150"
            count = int(m[1]) if m[1].isdigit() else NUMBER_WORDS[m[1].lower()]
            if _BOTH.search(m[0], len(m[1])):
                count = 2  # the nearer count: "You already have 1 bag, so both new bags ... at $50 each — $100"
            if abs(count * cents_of(m[2]) - cents_of(m[3])) > 1:
                out.append(("$" + m[3], m[0].replace("*", "").strip()))
    if " on " in text and "\n" in text and ("seat" in text or "ticket" in text or "fare" in text):
        out += _miscounted_seats(text)
    if "alance" in text and ("→" in text or "->" in text):
        out += _misshifted_balances(text)
    return out


# A balance before and after: "gift_card_1712795 (balance $88 → $48)".
_BALANCE_SHIFT = re.compile(rf"\bbalance\b\W{{0,4}}{_MONEY}\s*(?:→|->)\s*{_MONEY}(?![\d,]*\.?\d)", re.I)


def _misshifted_balances(text: str) -> list[tuple[str, str]]:
    """A balance written from before to after ("balance $88 → $48") in a sentence that gives one
    other amount, what moves ("add 1 bag for $50"), which the two do not differ by."""
    out: list[tuple[str, str]] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        for m in _BALANCE_SHIFT.finditer(sentence):
            before, after = cents_of(m[1]), cents_of(m[2])
            others = {abs(c) for _, c in dollar_amounts(sentence[:m.start()] + " " + sentence[m.end():])}
            if len(others) == 1 and abs(abs(before - after) - (moved := others.pop())) > 1:
                way, then = ("plus", before + moved) if after > before else ("less", before - moved)
                out.append(("$" + m[2], f"${m[1]} {way} ${moved / 100:,.2f} is ${then / 100:,.2f}"))
    return out


_BOTH = re.compile(r"\bboth\b", re.I)
# A count of seats on one flight and what they come to: "Two basic economy seats on HAT044 would be $130".
_SEATS_ON = re.compile(r"\b(two|three|four|five|[2-5])\s+(?:[a-z]+\s+){0,3}(?:seats?|tickets?|fares?)\s+on\s+"
                       rf"([A-Z]{{2,3}}\d{{3,4}})\b[^.$\n]{{0,30}}?{_MONEY}(?![\d,]*\.?\d)", re.I)  # (a flight number)


def _miscounted_seats(text: str) -> list[tuple[str, str]]:
    """(the amount as written, the claim) for each count of seats on a flight whose one price a list
    line of the text gives ("- HAT044, 20:00-22:30: $60"), where the amount is not the count times it."""
    out: list[tuple[str, str]] = []
    for m in _SEATS_ON.finditer(text):
        count = int(m[1]) if m[1].isdigit() else NUMBER_WORDS[m[1].lower()]
        prices = {abs(found[0][1]) for line in text.splitlines() if m[2] in line and LIST_MARK.match(line)
                  and len(found := dollar_amounts(line)) == 1}
        if len(prices) == 1 and abs(count * prices.pop() - cents_of(m[3])) > 1:
            out.append(("$" + m[3], m[0].replace("*", "").strip()))
    return out


# A booking's recap: its total on one line, then how it is paid on a later one, the parts joined by "+"
# (or listed by commas, each a method): "- **Total:** $483" ... "- **Payment:** certificate_1481106 $250 +
# Mastercard ending 3183 **$223**".
_TOTAL_LINE = re.compile(rf"\btotal\b[^$\n]{{0,20}}?{_MONEY}(?![\d,]*\.?\d)", re.I)
_PAYMENT_LINE = re.compile(r"^\W*(?:payment|paying|paid|pay with|split)\b[^\n]*", re.I | re.M)


def _missplit(text: str) -> list[tuple[str, str]]:
    """(the last part as written, the sum) for each line saying how a booking is paid, in parts joined
    by "+", whose parts do not add up to the total a line before it states."""
    out: list[tuple[str, str]] = []
    for m in _PAYMENT_LINE.finditer(text):
        totals = list(_TOTAL_LINE.finditer(text, 0, m.start()))
        parts = dollar_amounts(m[0])
        if not totals or len(parts) < 2 or _NOT_SUMMED.search(m[0]) or (
                m[0].count("+") != len(parts) - 1 and not _methods_listed(m[0], len(parts))):
            continue
        total, said = cents_of(totals[-1][1]), totals[-1][1]
        line_end = text.find("\n", totals[-1].start())
        line = text[totals[-1].start():line_end if line_end >= 0 else len(text)]
        if "=" in line and (result := dollar_amounts(line.rsplit("=", 1)[1])):
            said, total = result[0][0].lstrip("$"), abs(result[0][1])  # "Total: 2 × $202 + 2 × $30 = $464"
        if abs(sum(abs(c) for _, c in parts) - total) > 1:
            out.append((parts[-1][0], f"{' + '.join(w for w, _ in parts)} against the total ${said}"))
    return out


def _methods_listed(line: str, count: int) -> bool:
    """Whether a payment line lists its parts by commas, each a method and its amount: "Payment:
    certificate_5163115 $500, gift card 5394070 $103, Mastercard ending 9225 $15"."""
    parts = [part for part in _LIST_SEPARATOR.split(line) if "$" in part]
    return len(parts) == count and all(_PAYMENT_PART.search(part) for part in parts)


_LIST_SEPARATOR = re.compile(r",|;|\band\b")


# A list's line that states a total and nothing else ("- **Total: $682**"): the list's other lines are its terms.
_TOTAL_ITEM = re.compile(rf"\W*total\b[^$\n=]{{0,20}}?{_MONEY}[^$\n=]*$", re.I)


_RATE_AFTER = re.compile(r"\**\s*(?:per\b|each\b|apiece\b|/|a (?:person|passenger|month)\b)", re.I)  # "$136 per passenger"


def _mislisted(text: str) -> list[tuple[str, str]]:
    """(total as written, the sum) for each list line that states a total below a run of list lines
    each giving one amount (the one after "=" where the line works it out), two at least, that add
    up to another amount: "- Fares: ... = $582\n- Insurance: $30 × 2 = $60\n- Bags: ... = $50\n-
    **Total: $682**"."""
    out: list[tuple[str, str]] = []
    lines = text.split("\n")
    for k, line in enumerate(lines):
        mark = LIST_MARK.match(line) if "otal" in line else None
        start = k
        if mark is None and "otal" in line and k >= 2 and not lines[k - 1].strip() and LIST_MARK.match(lines[k - 2]):
            start = k - 1  # the total in a line of its own right after the list: "- Insurance: ... = $60\n\nTotal: $966."
        elif mark is None:
            continue
        if (m := _TOTAL_ITEM.match(line, mark.end() if mark else 0)) is None:
            continue
        terms: list[tuple[str, int]] = []
        indent = len(line) - len(line.lstrip())
        for above in reversed(lines[:start]):
            if not LIST_MARK.match(above) or len(above) - len(above.lstrip()) < indent:
                break  # (a nested list's total: up to its parent's line, "- **#W5061109**, pending:")
            result = above.rsplit("=", 1)[-1]
            amounts = dollar_amounts(result)
            if len(amounts) > 1 or (amounts and _RATE_AFTER.match(result, result.find(amounts[0][0]) + len(amounts[0][0]))):
                terms = []  # a line of two amounts, or of a rate: which amount counts is unclear
                break
            terms += amounts
        if len(terms) > 1 and abs(abs(sum(c for _, c in terms)) - cents_of(m[1])) > 1:  # (a refund's terms: "-$96.17")
            out.append(("$" + m[1], " + ".join(w for w, _ in reversed(terms)) + f" against the total ${m[1]}"))
    return out


_MORE_IN = re.compile(r"\b(?:includ\w*|plus|with|fees?|insurance|bags?|tax\w*)\b|\+", re.I)


def _table_totals(text: str, alone: bool = True) -> Iterator[tuple[str, int, list[int]]]:
    """(total as written, in cents, the sums of the table's columns of one amount a row) for each
    "Total: $291" line right after a table (a blank line between at most); ``alone``: with no more in
    the line ("Total: $250, including the $30 insurance" may add what the table does not hold)."""
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if "otal" not in line or "|" in line:
            continue
        if alone:
            m = _TOTAL_ITEM.match(line.replace("*", ""))
            if m is None or len(dollar_amounts(line)) > 1 or _MORE_IN.search(line):
                continue
        elif (m := _TOTAL_FIRST.match(line.replace("*", ""))) is None:
            continue
        above = k - 1 if k >= 1 and lines[k - 1].strip() else k - 2
        rows: list[list[list[int]]] = []  # per row, per cell, its amounts
        while above >= 0 and "|" in lines[above]:  # (rows read with their headers start with no "|")
            rows.append([[c for _, c in dollar_amounts(cell)] for cell in lines[above].strip().strip("|").split("|")])
            above -= 1
        rows = [r for r in rows if any(r)]  # (the header and the separator hold none)
        if len(rows) < 2 or len({len(r) for r in rows}) != 1:
            continue
        sums = [sum(abs(r[col][0]) for r in rows) for col in range(len(rows[0]))
                if all(len(r[col]) == 1 for r in rows)]
        if sums:
            written = m[1].rstrip(",.")
            yield written, cents_of(written), sums


def table_totals(text: str) -> set[int]:
    """The totals (cents) that "Total:" lines right after tables give as what a column adds up to:
    "| certificate_5449394 | $250 | ... **Total: $600** in certificates, plus ..." derives the $600."""
    return {said for _, said, sums in _table_totals(text, alone=False) if any(abs(total - said) <= 1 for total in sums)}


_TOTAL_FIRST = re.compile(rf"\W*total\b[^$\n=]{{0,20}}?{_MONEY}", re.I)  # a line's total, more may follow


def _mistotaled_table(text: str) -> list[tuple[str, str]]:
    """(total as written, the columns' sums) for each "Total: $291" line right after a table whose
    amount no column of amounts adds up to, for the passengers or items counted either (a multiple of
    a sum, up to 9): "| HAT079 | $63 | $179 | $116 |" ... "Total: **$291**", where the differences make $301."""
    return [("$" + written, f"the columns add up to {', '.join(f'${c / 100:,.2f}' for c in sums)}")
            for written, said, sums in _table_totals(text)
            if not any(abs(n * total - said) <= 1 for total in sums for n in range(1, 10))]


# Amounts written with their sign (a table's "Difference" column: "−$77.03", "+$4.68"), then their net.
# Not a dash spaced between a word (or a bracket) and a price: "black, rubber - $155.33", "(4153505238) - $158.67"
# part an item from its price.
SIGNED_AMOUNT = re.compile(r"(?<![\w$.,])([+\-−–])(?:\$|(?<![\w)] [+\-−–])\s\$)(\d[\d,]*(?:\.\d+)?)")
# What was paid, what came back, then the net: "You paid $522 originally and got $114 back, so the net is $418".
_PAID_BACK_NET = re.compile(rf"\bpaid\s+{_MONEY}(?![\d,]*\.?\d)[^$\n.;]{{0,30}}?\b(?:got|get|received|receive)\s+"
                            rf"{_MONEY}\s+back\b[^$\n.;]{{0,30}}?\bnet\b[^$\n.;]{{0,12}}?{_MONEY}(?![\d,]*\.?\d)", re.I)
_NET = re.compile(rf"\bnet\b[^$\n]{{0,24}}?(?<![+\-−–])\s?{_MONEY}(?![\d,]*\.?\d)", re.I)


# An old price, then the new one: "HAT080 $537 → $107" (a cabin change's fare, per flight).
_ARROW_PAIR = re.compile(rf"{_MONEY}\s*(?:→|->)\s*{_MONEY}(?![\d,]*\.?\d)")


def arrow_pairs(line: str) -> list[tuple[int, int]]:
    """The (old, new) amounts (cents) a line writes with an arrow between: "$1,440 → $108" is (144000, 10800)."""
    return [(cents_of(m[1]), cents_of(m[2])) for m in _ARROW_PAIR.finditer(line)]


# A bracket of a calculator's expression that only adds and takes away numbers: "(871 - 500 - 198 - 129)".
_PLAIN_BRACKET = re.compile(r"\(\s*(\d+(?:\.\d+)?(?:\s*[-+]\s*\d+(?:\.\d+)?)+)\s*\)")
_SIGNED_TERM = re.compile(r"([-+]?)\s*(\d+(?:\.\d+)?)")


def bracket_sums(expression: str) -> list[int]:
    """What each bracket of plain sums and differences in an expression makes (cents): "(871 - 500 -
    198 - 129) + (871 - 250)" gives 4400 and 62100, steps a text may then state."""
    return [sum((-1 if sign == "-" else 1) * cents_of(n) for sign, n in _SIGNED_TERM.findall(m[1]))
            for m in _PLAIN_BRACKET.finditer(expression)]


def signed_amounts(text: str, end: int | None = None) -> list[int]:
    """The amounts (cents) a text writes with their sign, up to ``end``: "+$49.31" is 4931, "−$26.57" -2657."""
    stop = len(text) if end is None else end
    return [(-1 if m[1] in "-−–" else 1) * cents_of(m[2]) for m in SIGNED_AMOUNT.finditer(text, 0, stop)]


def _misnetted(text: str) -> list[tuple[str, str]]:
    """(the net as written, the signed amounts) for a net said after two or more amounts written
    with their sign, that is not what they come to: "−$77.03", "−$25.51", "+$4.68", then "Net:
    $102.54 refunded" (they come to $97.86 back)."""
    for m in _NET.finditer(text):
        signed = signed_amounts(text, m.start())
        if len(signed) >= 2 and abs(abs(sum(signed)) - cents_of(m[1])) > 1:
            return [("$" + m[1], " ".join(f"{'+' if c > 0 else '−'}${abs(c) / 100:,.2f}" for c in signed))]
    return []


# What a balance had, what a refund (or a charge) moved, and what it is now: "Your gift card had $245 on
# it, so with the $4,986 refund the balance is now $5,213" (a refund adds, a charge takes away).
_HAD_THEN_NOW = re.compile(rf"\bhad\s+{_MONEY}[^$\n.;]{{0,40}}?\bwith\s+(?:the\s+|a\s+|an\s+|your\s+|this\s+)?{_MONEY}"
                           rf"\s+(refund|credit|deposit|charge|payment|fee)\b[^$\n.;]{{0,40}}?\b(?:is|will be|comes to|"
                           rf"becomes|goes to)\s+(?:now\s+)?{_MONEY}(?![\d,]*\.?\d)", re.I)
_TAKES = frozenset({"charge", "payment", "fee"})


# A balance said to cover a cost, or not: "Your gift card has $64.00, which is enough to cover it",
# "$16.00, which isn't enough to cover the $37.20 difference".
_ENOUGH = re.compile(rf"{_MONEY}[^$\n.;]{{0,40}}?\b(?:(?:is|are)(?P<neg>n['’]t|\s+not)?|['’]s)\s+(?:quite\s+|more\s+than\s+|"
                     rf"just\s+)?(?:enough|sufficient)\b(?:\s+to\s+cover\b[^$\n.;]{{0,30}}?{_MONEY})?", re.I)


def _miscovered(text: str) -> list[tuple[str, str]]:
    """(the balance as written, the claim) for each balance said to be enough for a cost it is less
    than, or not enough for one it covers. The cost is the amount the claim names ("to cover the $37.20
    difference"), else the amount said last before the balance ("costs an extra $88.85. Your gift card
    has $64.00, which is enough to cover it")."""
    out: list[tuple[str, str]] = []
    for m in _ENOUGH.finditer(text.replace("**", "")):
        plain = m.string
        if m[3] is not None:
            cost = cents_of(m[3])
        elif before := dollar_amounts(plain[:m.start()]):
            cost = abs(before[-1][1])
        else:
            continue
        balance, enough = cents_of(m[1]), not m["neg"]
        if (balance < cost) if enough else (balance >= cost):
            out.append(("$" + m[1], f"{m[0].strip()} (for ${cost / 100:,.2f})"))
    return out


_COUNT = r"\d{1,2}|" + "|".join(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))
# A count of things at a price each, then what they come to: "2 of the 5 would be extra at $50 each —
# that's $150", "three bags at $50 apiece, so $150", "The remaining 2 bags are $50 each, which comes to
# $150". The count is the number nearest the price ("5 bags, 2 of them extra at $50 each"), or the
# first of "2 of the 5".
_COUNT_AT_RATE = re.compile(rf"(?<![\w:.,$])({_COUNT})(?:\s+of\s+(?:the|your|those|these)\s+\d{{1,2}})?\b"
                            rf"[^$\n.;\d]{{0,40}}?\b(?:at|for|@|are|cost)\s+{_MONEY}\s*(?:each|apiece)\b"
                            rf"[^$\n.;\w]{{0,6}}(?:that's|that is|so|which is|for a total of|totall?ing|(?:which |that )?comes? to"
                            rf"|(?:which |that )?makes|=|—|–)"
                            rf"[^$\n.;\w]{{0,4}}(?:\w+\s+){{0,2}}?{_MONEY}(?![\d,]*\.?\d)"
                            rf"(?!\s*(?:more|less|cheaper|higher|lower|than|per|each|off|back)\b)", re.I)


# An amount, then how far it is from a base: "$107, which is $11 less than the $118 he paid", "$85.00/month
# with 999 GB of data — that's $25.00 more per month than your $65.00 plan", or from the base said
# before it: "... HAT219 for $189, which is $61 more."
_WHICH_IS = re.compile(rf"{_MONEY}[^$\n.;]{{0,40}}?,?\s*(?:which is|that's|that is|i\.e\.)\s+{_MONEY}\s+"
                       rf"(?:more|less|cheaper|higher|lower)\b\**(?:\s+(?:per|a|each)\s+\w+)?"
                       rf"(?:\s+than\s+[^$\n.;]{{0,20}}?{_MONEY})?", re.I)


def _off_the_base(text: str) -> list[tuple[str, str]]:
    """(difference as written, the comparison) for each amount said to be some amount more or less
    than a base (stated in the comparison, or in the one before it) that is not their difference."""
    out: list[tuple[str, str]] = []
    base: int | None = None
    for m in _WHICH_IS.finditer(text):
        if m[3]:
            base = cents_of(m[3])
        if base is not None and abs(abs(cents_of(m[1]) - base) - cents_of(m[2])) > 1:
            said = m[0].replace("*", "").strip()
            out.append(("$" + m[2], said if m[3] else f"{said} (than ${base / 100:g})"))
    return out


# Two amounts, then how far apart they are: "January's bill was $160.50 and February's is $150.00, so
# February is $15.50 less" (a difference: nothing else between them but words).
_SO_APART = re.compile(rf"{_MONEY}[^$\n.;]{{0,40}}?\band\b[^$\n.;]{{0,30}}?{_MONEY}[^$\n.;]{{0,6}}?,?\s+so\b"
                       rf"[^$\n.;]{{0,30}}?{_MONEY}\s+(?:less|more|cheaper|higher|lower)\b", re.I)


def worked(text: str) -> list[tuple[int, list[int]]]:
    """(result, its amounts), in cents, of each written equation whose terms give its result: the
    result follows from the amounts where they are grounded. A refund's result counts unsigned."""
    if "=" not in text and not _may_bracket_sum(text):
        return []
    return [(abs(said), [cents_of(a) for a in amounts]) for _, _, total, said, amounts in _equations(text)
            if abs(total - said) <= 1]


def _said(result: str, equation: str) -> tuple[str, str]:
    written = equation.replace("*", "").strip()
    return ("$" + result if "$" in written else result), written


# A sentence about a line's data: its allowance ("allowance this cycle is now 11.5 GB", "of your 15 GB",
# "a 999 GB limit"), what was used ("you've used 10.5 GB") and what is left ("1.5 GB left").
_GB = r"\**(\d+(?:\.\d+)?)\s*GB\**"
_ALLOWANCE = re.compile(rf"{_GB}\s+(?:[a-z-]+\s+)?(?:allowance|limit|cap)\b|\bof your (?:\w+\s+)?{_GB}"
                        rf"|\bGB\**\s+of\s+(?:the\s+|her\s+|his\s+|its\s+|their\s+)?{_GB}"  # "used 11.0 GB of 20 GB"
                        rf"|\b(?:allowance|limit|cap)\b(?:\s+(?:this|for|of)\s+\w+)*\s*(?:is|of|:)\s+(?:now\s+)?{_GB}"
                        rf"|\|\s*(?:allowance|limit|cap)\s+{_GB}"  # a table's cell: "| Limit 15.0 GB"
                        # what the line has, data added right after it: "You have 15.0 GB plus 2.0 GB extra"
                        rf"|\b(?:you|it|she|he|they|line \w+)\s+(?:have|has|gets?)\s+{_GB}"
                        rf"(?=\s+plus\s+\**\d+(?:\.\d+)?\s*GB\**\s+(?:of\s+)?(?:added|extra|refuel\w*|top-?up)\b)", re.I)
# "1.7 GB of 3.0 GB used": the first is what was used (the second is the allowance)
# ("used" then its amount, not a clause after it: "of which 15.1 GB is used, so 1.9 GB left")
_USED = re.compile(rf"{_GB}\s+of\s+(?:[a-z]+\s+){{0,2}}?{_GB}\s+used\b|\bused[\s:*]+(?:\w+\s+){{0,2}}?{_GB}|{_GB}\s+used\b"
                   rf"|\b(?:data\s+)?us(?:e|age)(?:\s*:|\s+(?:is|was|stands at))\s*(?:at\s+)?{_GB}", re.I)  # ("Your data use is 8.7 GB")
_ADDED_GB = re.compile(rf"{_GB}\s+(?:of\s+)?(?:added|extra|refuel\w*|top-?up)\b|\b(?:added|refuel(?:ed)?)\W+{_GB}", re.I)
_ON_TOP = re.compile(r"\b(?:on top of|in addition to|beyond)\b", re.I)
_LEFT = re.compile(rf"{_GB}\s+(?:left|remaining|remains?)\b|\b(?:left|remaining)\W+{_GB}"
                   rf"|\bleaving\s+(?:you\s+)?(?:about\s+|around\s+|roughly\s+)?{_GB}", re.I)  # ("leaving about 2.9 GB")
# Data added, said right after the allowance: "a 15.0 GB allowance plus 2.0 GB refuelled".
_PLUS_ADDED = re.compile(rf"\s+plus\s+{_GB}\s+(?:of\s+)?(?:added|extra|refuel\w*|top-?up)\b", re.I)

_DATA_SENTENCE = re.compile(r"(?<=[.!?])(?<!\bi\.e\.)(?<!\be\.g\.)\s+|\n+")  # (not after "i.e.": one sentence goes on)


def misremained(text: str) -> list[tuple[str, str]]:
    """(what is left as written, the subtraction it should be) for each sentence that states a
    data allowance, what was used and what is left, where the last is not the first less the second:
    "allowance is now 11.5 GB ..., you've used 10.5 GB, so you have 1.5 GB left"."""
    out: list[tuple[str, str]] = []
    if "GB" not in text or ("sed" not in text and " use" not in text and "usage" not in text):
        return out  # ("used", or a table's "Used" column; "data use is", "usage:")
    for sentence in _DATA_SENTENCE.split(text):
        found = [list(p.finditer(sentence)) for p in (_LEFT, _USED, _ALLOWANCE)]
        if any(len(f) != 1 for f in found):
            continue  # one of them missing, or two lines' figures in one sentence: which goes with which?
        left, used, allowance = (f[0] for f in found)
        a, u, rest = (float(next(g for g in m.groups() if g)) for m in (allowance, used, left))
        # data added on top of the allowance: "2.0 GB of added data on top of your 15.0 GB allowance"
        # (not one the allowance holds: "11.5 GB (10 GB plan + 1.5 GB refuel)")
        extra = [float(next(g for g in m.groups() if g)) for m in _ADDED_GB.finditer(sentence)] \
            if _ON_TOP.search(sentence) else []
        if not extra and (after := _PLUS_ADDED.match(sentence, allowance.end())) is not None:
            extra = [float(after[1])]
        plus = extra[0] if len(extra) == 1 else 0.0
        if abs(a + plus - u - rest) > 0.05 and a + plus >= u:
            added = f" + {plus:g} GB" if plus else ""
            out.append((f"{rest:g} GB", f"{a:g} GB{added} − {u:g} GB = {a + plus - u:.1f} GB"))
    return out


# A total, then what it is per person: "$1,308 in total, which is $297 per person"; or an amount
# restated per person without the word total: "a refund of $1,216 to your card - that's $608 per
# person" ("each" and "or" only with it: "$50 or $25 each" may offer two prices), where no other
# amount comes before it in its sentence.
_SENTENCE_END = re.compile(r"[.!?]\s|\n")
_PER_HEAD = r"per (?:person|passenger|travell?er|head)"
# An amount each, then the total for a count the text names: "+$3 each, **$6** for three".
_EACH_FOR_COUNT = re.compile(rf"{_MONEY}\s+(?:each|{_PER_HEAD})\**\s*[,:—–-]?\s*{_MONEY}\s+for\s+(?:the\s+)?"
                             r"(two|three|four|five|six|both|[2-9])\b(?!\s+(?:bags?|items?|nights?|GB))", re.I)
_SHARED = re.compile(rf"{_MONEY}(?:[^$\n.;]{{0,25}}?\b(?:in total|total|altogether|in all)\b[^$\n.;]{{0,20}}?"
                     rf"\b(?:which is|that's|that is|or|i\.e\.)\s+{_MONEY}\s+(?:{_PER_HEAD}|each)"
                     rf"|[^$\n.;]{{0,50}}?\b(?:which is|that's|that is|i\.e\.)\s+{_MONEY}\s+{_PER_HEAD})\b", re.I)


_GROUP_SIZES = {"both": 2, "two": 2, "three": 3, "four": 4}  # the last word of "for both", "for the two"


def misshared(text: str, people: Callable[[], int | None]) -> list[tuple[str, str]]:
    """(the share as written, the comparison) for each total said to be so much per person that is
    not the total over the people (``people()``: how many the booking shown lists; None: unknown)."""
    out: list[tuple[str, str]] = []
    for m in _SHARED.finditer(text):
        if m[3] and "$" in _SENTENCE_END.split(text[:m.start()])[-1]:
            continue  # "$126 + $179 = $305, plus $30 insurance, which is $335 per person": a term, not the total
        written = m[2] or m[3]
        total, share, n = cents_of(m[1]), cents_of(written), people()
        if n and n > 1 and abs(share * n - total) > n:
            out.append(("$" + written, f"{m[0].replace('*', '').strip()} (for {n})"))
    for m in _PER_THEN_TOTAL.finditer(text) if ("total" in text or " all" in text or " both" in text
                                                or " the two" in text or " the three" in text or " the four" in text) else ():
        # "$14 more per passenger, so $24 in total": the total over the booking's passengers, or, where
        # none is shown, some whole number of shares
        share, total = cents_of(m[1]), cents_of(m[2])
        # "so $252 for the two of you": the text's own count, over the latest booking's (another one's)
        n = _GROUP_SIZES.get(m[0].rstrip("* ").rsplit(" ", 1)[-1].lower()) or people()
        if share and (abs(share * n - total) > n if n and n > 1 else total % share != 0):
            out.append(("$" + m[2], m[0].replace("*", "").strip() + (f" (for {n})" if n and n > 1 else "")))
    return out


# A difference said as the total of a change: "switching would be a fare difference of $45 in total",
# "The upgrade would cost $236 in total", after the fares it is the difference of.
# (The word found first by a plain search, then the few characters before it read: a scan of a whole
# text for amounts cost more than all the rest of the check.)
# (or said of the passengers: "the upgrade would be **$582** for both of you")
_TOTAL_WORDS = ("total", "altogether", "in all", "for both of you", "for both passengers", "for the two of you")
_MONEY_THEN = re.compile(rf"{_MONEY}\**\s+(?:in\s+)?$", re.I)  # "$45 in " before "total"
_CHANGE_WORD = re.compile(r"\b(?:difference|upgrade|cost|costs|extra|more|refund)\b", re.I)
# Words that scale the fares to the whole booking already: "$358 for both of you", "$179 × 2".
_SCALED_UP = re.compile(r"\bfor (?:both|all|each|the two|the three)\b|×|\bx\s*\d|\btimes\b"
                        r"|\b\d\s+(?:passengers|people|travell?ers)\b", re.I)


def difference_as_total(text: str, people: Callable[[], int | None], whole: frozenset[int] = frozenset()) -> list[tuple[str, str]]:
    """(the total as written, the fares it is the difference of) for each total of a change that is
    the difference of two fares the text said before it, per passenger, where the booking shown has
    more passengers (``people()``): "You paid $134 for tonight's flight, so switching to HAT107 ($179)
    would be a fare difference of $45 in total", for 2. Not where the text scales the fares up, nor of
    an amount the whole booking was paid (``whole``: "$522 originally ... now costs $408 in total")."""
    out: list[tuple[str, str]] = []
    for word in _TOTAL_WORDS:
        at = text.find(word)
        while at >= 0:
            m = _MONEY_THEN.search(text, max(0, at - 24), at)
            at = text.find(word, at + len(word))
            if m is None:
                continue
            before = text[:m.start()]
            lead = before[-48:]
            lead = lead[max(lead.rfind(c) for c in "$\n.;") + 1:]  # the words since the last amount or sentence
            # (not a total right after the share it scales up: "$6 more per passenger, $12 in total")
            if _CHANGE_WORD.search(lead) and not _SCALED_UP.search(before) and not _PER_SAID.search(lead):
                out += _per_head(m[1], before, people, whole)
            elif before.rstrip(" *").endswith("=") and "(" in before and not _SCALED_UP.search(before) and _CHANGE_WORD.search(
                    before[max(before.rfind(". "), before.rfind("\n")) + 1:]) and (n := people()) and n > 1:
                # fares' differences summed, said as the total: "Upgrading both flights costs ($260 − $118) +
                # ($241 − $147) = $236 in total", for 2 passengers
                out.append(("$" + m[1], f"a sum of fares per passenger, for {n}"))
    if "per " in text and " cost" in text:
        # "... $616 per person, versus the $328 per person you paid. The upgrade would cost $288.": a cost of
        # the change, said after fares per person, with no word of its own that it is per person
        for m in _WOULD_COST.finditer(text):
            before = text[:m.start()]
            start = max(before.rfind(c) for c in ".\n!?") + 1
            if _PER_SAID.search(before) and not _PER_SAID.search(text, start, m.end() + 30) \
                    and _CHANGE_WORD.search(text, start, m.start()) and not _SCALED_UP.search(before):
                out += _per_head(m[1], before, people, whole)
    return out


_WOULD_COST = re.compile(rf"\b(?:would|will)\s+cost\s+(?:you\s+)?{_MONEY}(?=\s*(?:[.!]|$))", re.I)
_PER_SAID = re.compile(r"\bper (?:person|passenger|traveller|traveler|head)\b|\beach\b", re.I)


def _per_head(written: str, before: str, people: Callable[[], int | None],
              whole: frozenset[int] = frozenset()) -> list[tuple[str, str]]:
    """The total as written and the fares said before it whose difference it is, where the booking
    has more passengers than one; none otherwise (nor where a "fare" is what the whole booking was paid)."""
    total = cents_of(written)
    fares = sorted({abs(c) for _, c in dollar_amounts(before)} - whole)
    pair = next(((a, b) for k, a in enumerate(fares) for b in fares[k + 1:] if abs(b - a - total) <= 1), None)
    if pair is not None and (n := people()) and n > 1:
        return [("$" + written, f"${pair[1] / 100:,.2f} − ${pair[0] / 100:,.2f} per passenger, for {n}")]
    if pair is None and 3 <= len(fares) <= 6 and _net_of_sums(total, fares) and (n := people()) and n > 1 \
            and not any(abs(total - n * c) <= 1 for c in fares) \
            and not any(abs(total - n * (b - a)) <= 1 for k, a in enumerate(fares) for b in fares[k + 1:]):
        # (not the difference for all: "$13 more per person, $39 in total", "$278 per person versus $265 now,
        # so the change costs $39 in total for three", for 3)
        # new fares less old ones, per passenger: "HAT013 business is $338 and HAT298 $499. Against your
        # economy fares ($128 and $127), the upgrade would be $582 for both of you"
        return [("$" + written, f"a net of the fares said, per passenger, for {n}")]
    return []


def _net_of_sums(total: int, fares: list[int]) -> bool:
    """Whether some of the fares less some others (at least one each) make ``total``, to the cent."""
    nets = {(0, False, False)}  # (net, any added, any taken away)
    for fare in fares:
        nets |= {(v + fare, True, neg) for v, _, neg in nets} | {(v - fare, pos, True) for v, pos, _ in nets}
    return any(pos and neg and abs(v - total) <= 1 for v, pos, neg in nets)


# A share per person, then the total it makes: "$14 more per passenger, so $24 in total".
# ("... $96 per person — **$182** in total", a dash for "so")
_PER_THEN_TOTAL = re.compile(rf"{_MONEY}[^$\n.;]{{0,20}}?\b{_PER_HEAD}\b[^$\n.;]{{0,30}}?(?:\b(?:so|that's|that is|which is|"
                             rf"for a total of|making|(?:which |that )?comes? to)\b|\s[—–])[^$\n.;\w]{{0,4}}(?:\w+\s+){{0,2}}?"
                             rf"{_MONEY}\s+(?:in total|total|altogether|in all|for (?:all|both|the (?:two|three|four))\b)",
                             re.I)  # ("$321 per passenger, which comes to $624 for the two of you")


def miscopied(cents: int, result: int) -> bool:
    """Whether an amount is a result miscopied by one digit: one digit replaced ("155.10" for
    156.10) or two neighbours swapped ("165.10"), the amount's digits as many as the result's."""
    said, shown = str(cents), str(result)
    if said == shown or len(said) != len(shown):
        return False
    diff = [k for k in range(len(said)) if said[k] != shown[k]]
    return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                              and said[diff[0]] == shown[diff[1]] and said[diff[1]] == shown[diff[0]])


# The amount a sentence calls the difference: "the $17 difference", "a difference of $17", "difference: $17".
_DIFFERENCE_SAID = re.compile(r"(\$\d(?:[\d,]*\d)?(?:\.\d\d)?)\**[ \t]+(?:fare\s+|price\s+)?difference\b"  # (not a line's end)
                              r"|\bdifference\s*(?:of|is|:|would (?:have )?be(?:en)?|will be)\s*\**(\$\d(?:[\d,]*\d)?(?:\.\d\d)?)"
                              r"(?![\d,]*\**\s*[−–+×*-]\s*\$?\d)", re.I)  # (not a term: "Difference: $1,900 − $248 = $1,652")
_SENTENCE_STOP = re.compile(r"[.!?](?=\s|$)")
# An amount said as what one price is above or below another: "That's $25.00/month more than your
# Premium plan at $65.00", after "$85.00/month".
# The other price in the same clause after "than" (not "more than your current board, rather than $6.56").
_MORE_THAN_SAID = re.compile(r"(\$\d(?:[\d,]*\d)?(?:\.\d\d)?)\**(?:\s*/\s*mo(?:nth)?|\s+(?:a|per)\s+month)?\s+"
                             r"(?:more|less|cheaper|higher|lower)\s+than\b(?=[^,;.!?\n$]{0,60}\$\d)", re.I)
# A total said to have come in above or below another: "So February came in **$15.50 lower**".
_CAME_IN_SAID = re.compile(r"\bcame in\s+\**(\$\d(?:[\d,]*\d)?(?:\.\d\d)?)\**\s+(?:lower|higher|less|more|cheaper)\b", re.I)
# A table's row of totals (as ``tables.with_headers`` writes it): "Line item **Total** | Jan **$160.50** | Feb **$150.00**".
_TOTALS_ROW = re.compile(r"^[^|\n]*\btotal\b[^\n]*$", re.I | re.M)
# Two amounts compared: "$340 in total versus the $131 you paid", "$340 vs. $131".
_COMPARED = re.compile(r"\$([\d,]+(?:\.\d\d)?)\**(?:\s+in\s+total|\s+total)?\s+(?:versus|vs\.?|against|compared (?:with|to))"
                     r"\s+(?:the\s+|your\s+)?\**\$([\d,]+(?:\.\d\d)?)", re.I)
# An upgrade's cost, a difference of fares: "... $340 in total versus the $131 you paid. The upgrade would cost $219."
_UPGRADE_COST_SAID = re.compile(r"\bupgrade\s+(?:would|will)\s+(?:cost|be)\s+(?:you\s+)?\**(\$\d(?:[\d,]*\d)?(?:\.\d\d)?)", re.I)
# A price per amount of data ("refuel $0.10/GB"): a rate beside prices of plans, not one of them.
_DATA_RATE = re.compile(r"\$[\d,]+(?:\.\d+)?\s*(?:/|per\s+)\s*(?:gb|mb)\b", re.I)


def _differences_said(text: str) -> Iterator[re.Match[str]]:
    """Each amount the text calls a difference: the words around each "difference", then around each
    " than" (plain searches first: the pattern is asked only of those, the text may be long)."""
    seen = -1
    for word, pattern, back in (("ifference", _DIFFERENCE_SAID, 25), (" than", _MORE_THAN_SAID, 40),
                                ("pgrade", _UPGRADE_COST_SAID, 4), ("came in", _CAME_IN_SAID, 0)):
        at = text.find(word)
        while at >= 0:
            said = pattern.search(text, max(0, at - back), at + 40)
            at = text.find(word, at + 1)
            if said is not None and said.start() != seen:
                seen = said.start()
                yield said


def _unpriced_data(text: str) -> str:
    """The text without its prices per amount of data (``_DATA_RATE``)."""
    return _DATA_RATE.sub(" ", text) if "/" in text or "per " in text else text


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding position ``at`` begins: after the last ". " (or "! ", "? ") before it."""
    stop = max(text.rfind(". ", 0, at), text.rfind("! ", 0, at), text.rfind("? ", 0, at))
    return 0 if stop < 0 else stop + 2


# A total said in the sentence before a difference: "$355 in total", "a total of $355".
_TOTAL_BEFORE = re.compile(rf"{_MONEY}\**\s+(?:in total|total|altogether|in all)\b|\b(?:a total of|total(?: is|:))\s+\**{_MONEY}",
                           re.I)


def misdifferenced(text: str, taken_back: AbstractSet[str] = frozenset()) -> list[tuple[str, str]]:
    """(the difference as written, the two amounts it is between) for each sentence that calls one
    amount the difference where it and the sentence before state just two other amounts, and the
    difference is not theirs (nor theirs for a few passengers): "economy fare $158. Her current
    HAT240 fare is $165, so moving her would refund the $17 difference". Amounts the text takes back
    (``taken_back``, as written without "$": "I mistyped it as $51.95") are none of the two."""
    out: list[tuple[str, str]] = []
    for said in _differences_said(text):
        start = _sentence_start(text, said.start())
        end = _SENTENCE_STOP.search(text, said.end())
        sentence = text[start:end.start() + 1 if end is not None else len(text)]
        written = next(g for g in said.groups() if g)
        line_start = text.rfind("\n", 0, said.start()) + 1
        if said.re is _CAME_IN_SAID:
            # "| **Total** | **$160.50** | **$150.00** |", then "So February came in $15.50 lower": the totals
            # compared, where the line says no other amount
            line = text[line_start:text.find("\n", said.end()) % (len(text) + 1)]
            if not any(w != written for w, _ in dollar_amounts(line)) and (rows := _TOTALS_ROW.findall(text, 0, line_start)) \
                    and len(row := [abs(c) for _, c in dollar_amounts(rows[-1])]) == 2 and (gap := abs(row[0] - row[1])) \
                    and cents_of(written) != gap:
                out.append((written, f"${row[0] / 100:g} and ${row[1] / 100:g} differ by ${gap / 100:g}"))
            continue
        if line_start > start and LIST_MARK.match(text, line_start):
            # a list's line of its own ("- Price difference: $25.85"): the lines above price other things
            start, line_end = line_start, text.find("\n", said.end())
            sentence = text[start:line_end if line_end >= 0 else len(text)]
        before = dollar_amounts(_unpriced_data(text[_sentence_start(text, start - 1):start])) if start and \
            not (line_start == start and LIST_MARK.match(text, start)) else []
        own = [c for w, c in dollar_amounts(_unpriced_data(sentence)) if w != written and w.lstrip("$") not in taken_back]
        others = [c for w, c in before if w != written and w.lstrip("$") not in taken_back] + own
        if len(others) > 2 and len(own) == 1 and (total := _TOTAL_BEFORE.search(text, _sentence_start(text, start - 1), start)):
            # "... $191 on HAT094 and $164 on HAT294 — $355 in total. She paid $123 for basic economy, so the
            # difference would have been $242": the total said before and the one amount of its own sentence
            others = [cents_of(total[1] or total[2]), own[0]]
        if len(others) > 2 and not own and (versus := _COMPARED.search(text, _sentence_start(text, start - 1), start)):
            # "... so $340 in total versus the $131 you paid. The upgrade would cost $219": the two compared
            others = [cents_of(versus[1]), cents_of(versus[2])]
        if len(others) == 2 and (gap := abs(abs(others[0]) - abs(others[1]))) and not any(
                cents_of(written) == gap * n for n in range(1, 10)) \
                and cents_of(written) != abs(others[0]) + abs(others[1]):  # "$36, $4.62 short of the $40.62 difference"
            out.append((written, f"${abs(others[0]) / 100:g} and ${abs(others[1]) / 100:g} differ by ${gap / 100:g}"))
    return out


# A list line of a payment: a method and what it pays ("- gift_card_7144561: $209.00", "- Mastercard ending 4526: $214.00").
_PAYMENT_PART = re.compile(r"\b(?:gift[ _]card|certificate|paypal|visa|mastercard|amex|credit[ _]card|card ending)", re.I)


def misdivided(text: str, total: int) -> list[tuple[str, str]]:
    """(the last part as written, the sum) where a text lists how a total stated before it is paid, a
    method and one amount a line, with no total of its own, and the parts do not add up to it: "-
    gift_card_7144561: $209.00 / - gift_card_9031491: $28.00 / - Mastercard ending 4526: $214.00",
    after "Total: $478.00" and "the 209 gift card and the 28 one, rest on my mastercard"."""
    if "otal" in text:
        return []
    parts = [found[0] for line in text.splitlines() if LIST_MARK.match(line) and _PAYMENT_PART.search(line)
             and len(found := dollar_amounts(line)) == 1]
    if len(parts) < 2 or abs(sum(abs(c) for _, c in parts) - total) <= 1:
        return []
    return [(parts[-1][0], " + ".join(w for w, _ in parts) + f" against the total ${total / 100:,.2f}")]


# A monthly amount times a count of months, and what they come to: "At $45.00 a month, four more months
# would come to $160.00".
_MONTHS_AT = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\**\s*(?:a|per|/)\s*mo(?:nth)?\b[^$\n.;]{0,12}?\b"
                        r"(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:more\s+|further\s+)?"
                        r"months?\s+(?:would|will)\s+(?:come\s+to|be|cost|total|add\s+up\s+to)\s*\**\$(\d[\d,]*(?:\.\d+)?)"
                        r"(?![\d,]*\.?\d)", re.I)


def months_miscounted(text: str) -> list[tuple[str, str, int]]:
    """(the amount as written, "$M a month for N months", what they make in cents) where a text prices a
    count of months at a monthly amount it states and the price is not their product."""
    out = []
    for m in _MONTHS_AT.finditer(text):
        count = int(m[2]) if m[2].isdigit() else NUMBER_WORDS[m[2].lower()]
        due = cents_of(m[1]) * count
        if abs(cents_of(m[3]) - due) > 1:
            out.append((f"${m[3]}", f"${m[1]} a month for {count} months", due))
    return out
