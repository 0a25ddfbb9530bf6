"""Which bill a refuel is charged on. A policy that says "the refuel is charged on the next bill" makes
a text wrong that puts the charge on another one: the current bill ("The $2.00 will show up on your
current February bill (B1002)"), or a bill the observations show issued or paid, or never show at
all. The next bill is the one still being drawn up (status Draft), or one the text calls next. Nor
is it charged at once, or to a card ("refuels are charged immediately to the Credit Card ending in 1235").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from trajectory2gym.certify.dates import MONTH_NAMES
from trajectory2gym.certify.normalize import dollar_amounts
from trajectory2gym.certify.policy_times import rule_words
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_NEXT_BILL_RULE = re.compile(r"\brefuel\w*\b[^.;]{0,40}?\bcharged on the next bill\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies
def next_bill_rule(policy: str) -> str:
    """The policy's words that a refuel is charged on the next bill; "" where it says none."""
    return rule_words(policy, _NEXT_BILL_RULE)


# A charge put on a bill: "on your current February bill (B1002)", "to this month's bill", "on bill B1002".
_ON_BILL = re.compile(r"\b(?:on|to|onto)\s+(?:your\s+|the\s+)?(?P<which>(?:[\w']+\s+){0,2}?)bill\b"
                      r"(?:\s*\(?\s*(?P<id>B\d{3,})\b)?", re.I)
_REFUEL_WORDS = re.compile(r"\b(?:refuel\w*|top-?up|topped up|GB|data)\b", re.I)
_NOW = frozenset({"current", "present", "this", "existing", "open"})
_MONTHS = frozenset(MONTH_NAMES)
_LATER = frozenset({"next", "upcoming", "coming", "following", "new", "future"})


def refuel_billed_elsewhere(text: str, status_of: Callable[[str], Any],
                            bill_of_month: Callable[[str], str | None], charges: set[int]) -> list[str]:
    """The sentences of a text that put a refuel's charge on a bill other than the next one: the
    current bill, or a bill (by id, or by its month where one bill shown starts then) that the
    observations show with another status than Draft, or do not show at all. A sentence is of a
    refuel's charge where it names data or a refuel, or states an amount a refuel charged
    (``charges``, cents): not "The $5.00 suspension fee on your February bill"."""
    out: list[str] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "bill" not in sentence.lower() or ("$" not in sentence and "harge" not in sentence):
            continue
        amounts = [abs(c) for _, c in dollar_amounts(sentence)]
        if not (charges.intersection(amounts) or (_REFUEL_WORDS.search(sentence) and not amounts)):
            continue  # (an amount no refuel charged is another charge's: "the $15.50 ... Data Overage ... on the January bill")
        for m in _ON_BILL.finditer(sentence):
            said = {w.lower().removesuffix("'s") for w in m["which"].split()}
            if said & _LATER:
                continue
            bill = m["id"] or next((b for w in said & _MONTHS if (b := bill_of_month(w))), None)
            if said & _NOW or (bill is not None and str(status_of(bill) or "").lower() != "draft"):
                out.append(sentence.strip())
                break
    return out


# A charge made now, or to a payment method, not on a bill: "charged immediately to the Credit Card".
_CHARGED_NOW = re.compile(r"\bcharged\b[^.;!?\n]{0,20}?\b(?:immediately|right away|at once|instantly|today|now)\b"
                          r"|\bcharged\b[^.;!?\n]{0,20}?\bto\s+(?:your\s+|the\s+)?(?:credit\s+card|card|visa|mastercard|"
                          r"amex|paypal|payment method)\b", re.I)


def refuel_charged_now(text: str) -> list[str]:
    """The sentences of a text that say a refuel is charged at once or to a card, not on a bill."""
    return [sentence.strip() for sentence in SENTENCE_OR_LINE.split(text)
            if _REFUEL_WORDS.search(sentence) and _CHARGED_NOW.search(sentence) and "bill" not in sentence.lower()]
