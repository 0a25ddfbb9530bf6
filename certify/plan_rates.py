"""A price per GB of extra data said of the line the conversation is about, where it is the rate of
another line's plan: "Extra data is $0.10 per GB, so 3 GB would be $0.30", after reading the plan
P1004 (Unlimited Max) of another line, while the line asked about is on P1005. The rate is visible;
the plan it belongs to is not this line's.

The line in focus is the one the latest call names (a usage read, a refuel); its plan is the
``plan_id`` its record gives. A rate is flagged only where the observations give it to another plan,
its own plan's rate shown (if at all) is another, and the text names no other plan (by id or name)
and no other line: "The watch's plan, Connect Watch, charges $8.00 per GB" says whose rate it is.

The line's own rate also prices the data a text says it adds: "$6.00 (2 GB refuel)" at $2.00 per GB
is $4.00 (``mispriced_refuels``). And a difference in monthly price said between plans a text names
must be one between their prices ("$25.00 more per month" of $65.00 and $85.00:
``misstated_plan_differences``).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.data_amounts import ANY_GB
from trajectory2gym.certify.normalize import (
    cents_of,
    compact,
    dollar_amounts,
    identifiers_in,
    to_cents,
)
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

# "$0.10 per GB", "$8/GB", "$2.50 a GB", "$3.00 per gigabyte"
# "$5.00 per GB", "5.0 USD per GB", "5 dollars a GB"
_GB_RATE = re.compile(r"(?:\$(\d[\d,]*(?:\.\d+)?)|\b(\d[\d,]*(?:\.\d+)?)\s*(?:USD|dollars?))\**\s*(?:per|/|a|an)\s*"
                      r"(?:GB|gigabyte)\b", re.I)


class PlanRates(ObservationBook):
    """Per interaction: plan id (compact) -> (its name, lower-cased; its price per GB of extra data,
    in cents), for each plan record shown, each observation read once."""

    needles: tuple[str, ...] = ('"data_refueling_price_per_gb"',)

    def __init__(self) -> None:
        self.rates: dict[str, tuple[str, int]] = {}
        self.monthly: dict[str, tuple[str, int]] = {}  # plan id (compact) -> (its name; its price per month)

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            plan, rate = obj.get("plan_id"), to_cents(obj.get("data_refueling_price_per_gb"))
            if isinstance(plan, str) and rate is not None:
                name = str(obj.get("name") or "").lower()
                self.rates[compact(plan)] = (name, rate)
                if (month := to_cents(obj.get("price_per_month"))) is not None:
                    self.monthly[compact(plan)] = (name, month)


# A difference in monthly price said as an amount: "Unlimited Plus would be $25.00 more per month",
# "a difference of $20 a month", "$15 cheaper".
_DIFFERENCE = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\**\s*(?:more|less|cheaper|higher|lower|extra)\b"
                         r"|\bdifference\s+(?:is\s+|of\s+)?\**\$(\d[\d,]*(?:\.\d+)?)", re.I)
_MONTH = re.compile(r"\bper month\b|\ba month\b|/\s*mo|\bmonthly\b|\beach month\b", re.I)


def misstated_plan_differences(text: str, monthly: dict[str, tuple[str, int]]) -> list[tuple[str, str]]:
    """(the amount as written, the named plans' monthly prices) for each difference in monthly price a
    text states that is no difference between two plans it names (by id or name) whose records show
    their prices: "$25.00 more per month" between the $65.00 Premium Plan and the $85.00 Unlimited Plus.
    A text that names fewer than two such plans says nothing this can check."""
    if not _MONTH.search(text):
        return []
    low = text.lower()
    ids = {compact(t) for t in identifiers_in(text)}
    named = {plan: month for plan, (name, month) in monthly.items()
             if plan in ids or (name and re.search(rf"\b{re.escape(name)}\b", low))}
    if len(named) < 2:
        return []
    prices = sorted(set(named.values()))
    gaps = {b - a for i, a in enumerate(prices) for b in prices[i + 1:]}
    out: list[tuple[str, str]] = []
    for m in _DIFFERENCE.finditer(text):
        written = m[1] or m[2]
        if (cents := to_cents(written.replace(",", ""))) is not None and cents and cents not in gaps:
            out.append((f"${written}", ", ".join(f"${c / 100:.2f}" for c in prices)))
    return out


def rates_said(text: str) -> set[int]:
    """The prices per GB a text states (cents): "$2.00/GB", "5 dollars per GB"."""
    return {c for m in _GB_RATE.finditer(text) if (c := to_cents((m[1] or m[2]).replace(",", ""))) is not None}


def misattributed_rates(text: str, focus: tuple[set[str], str] | None,
                        rates: dict[str, tuple[str, int]]) -> list[tuple[str, str]]:
    """(the rate as written, the other plan it is the rate of) for each price per GB a sentence
    states. ``focus``: (the keys of the line in focus: its id and number; its plan id), compact;
    ``rates``: plan id (compact) -> (its name, lower-cased; its refuel price in cents)."""
    if focus is None or not rates:
        return []
    line, own_plan = focus
    if not (found := list(_GB_RATE.finditer(text))):
        return []
    named = {compact(t) for t in identifiers_in(text)}
    if named - line - {own_plan} - set(rates) or plans_named(text, rates) - {own_plan}:
        # the text names another line or another plan (by id or name, "Plan" or not: "your Premium rate
        # of $2.00/GB"): whose rate it is, it says
        return []
    out: list[tuple[str, str]] = []
    for m in found:
        written = m[1] or m[2]
        cents = to_cents(written.replace(",", ""))
        if cents is None or (own_plan in rates and rates[own_plan][1] == cents):
            continue
        if others := [p for p, (_, rate) in rates.items() if rate == cents and p != own_plan]:
            out.append((f"${written}", others[0]))
    return out


def plans_named(text: str, rates: dict[str, tuple[str, int]]) -> set[str]:
    """The plans shown that a text names, by id or name, or by the name without its "Plan" ("more
    than your Premium $2.00/GB", of the Premium Plan)."""
    low = text.lower()
    ids = {compact(t) for t in identifiers_in(text)}
    return {p for p, (name, _) in rates.items() if p in ids or (name and re.search(
        rf"\b{re.escape(name.removesuffix(' plan'))}\b", low))}


def misstated_plan_rates(text: str, rates: dict[str, tuple[str, int]]) -> list[tuple[str, str, int]]:
    """(the rate as written, the plan, its own rate in cents) for each sentence that names one plan
    shown (by id or name) and gives extra data a price per GB the plan's record does not: "Unlimited
    Plus (P1003): $85.00/month, extra data $1.00/GB", where P1003 shows $0.10."""
    out: list[tuple[str, str, int]] = []
    sole: set[str] | None = None  # the plans the whole text names, for a list of one plan's terms
    for listed, sentence in ((LIST_MARK.match(row) is not None, part) for row in text.splitlines()
                             for part in SENTENCE_OR_LINE.split(row)):  # (not at a rate's decimal point: "$1.00/GB")
        if not (found := list(_GB_RATE.finditer(sentence))):
            continue
        named = plans_named(sentence, rates)
        if not named and listed:
            # "You're on the Premium Plan (P1002):\n1. ...\n3. Extra data: $2.50 per GB"
            named = sole = plans_named(text, rates) if sole is None else sole
        if len(named) != 1:
            continue
        plan = next(iter(named))
        own = rates[plan][1]
        for m in found:
            written = m[1] or m[2]
            if _NO_SUCH.search(sentence, max(0, m.start() - 20), m.start()):
                continue  # denied: "There's no $5.00/GB rate on your Premium plan"
            if _BY_SO_MUCH.search(sentence, max(0, m.start() - 12), m.start()):
                continue  # a difference of rates: "the Premium Plan is still the cheaper one - by $3.00 per GB"
            if (cents := to_cents(written.replace(",", ""))) is not None and cents != own \
                    and not _averaged(sentence, cents):
                out.append((f"${written}", plan.upper(), own))
    return out


def _averaged(sentence: str, cents: int) -> bool:
    """Whether a rate per GB is a monthly price the sentence states over its data, to the cent: the
    plan's price spread over its allowance ("$65.00/month for 15 GB ≈ $4.33 per GB"), no rate for extra data."""
    data = [float(m[1]) for m in ANY_GB.finditer(sentence)]
    return any(gb > 0 and round(cents_of(m[1]) / gb) == cents for m in _MONTHLY.finditer(sentence) for gb in data)


# An amount said per month, right after it: "$65.00/month", "$25.00 more a month".
_A_MONTH = re.compile(r"\**\s*(?:more\s+|less\s+|extra\s+)?(?:a\s+month|per\s+month|/\s*mo(?:nth)?|monthly)\b", re.I)
_MONTHLY = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)" + _A_MONTH.pattern, re.I)  # a plan's price


_BY_SO_MUCH = re.compile(r"\b(?:by|saves?(?:\s+you)?)\s+(?:about\s+)?\**$", re.I)  # a difference, said after "by"
_NO_SUCH = re.compile(r"\b(?:no|not|never)\s+(?:an?\s+|such\s+)?\**$", re.I)


# A clause that prices an amount of extra data: "2 GB would be $4.00", "**Total added to your next
# bill: $6.00** (2 GB refuel)".
_REFUEL_WORDS = re.compile(r"\b(?:refuel\w*|add(?:ed|ing)?|extra data|top(?:ped)?[- ]up)\b", re.I)
_CLAUSES = re.compile(r"(?<=[.!?;])\s+|\n+|,\s+(?=\S*\d)")


# An amount of data priced right after it: "2 GB would be 2.0 dollars", "2 GB = $4.00", "3 GB for $6",
# "2 GB would come to $4.00".
# (or its verb left out after a first: "1 GB would be $2.00 and 3 GB $5.00")
_PRICED_DATA = re.compile(r"\b(\d+(?:\.\d+)?)\s*GB\**\s*(?:(?:would be|will be|(?:would |will )?costs?|(?:would |will )?comes? to|is|=|for)\s*\**"
                          r"(?:\$(\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)|(\d[\d,]*(?:\.\d+)?)\s*(?:USD|dollars?)\b)"
                          r"|(?<=\d GB )\$(\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d))"
                          r"(?!\s*(?:per|/|a|an)\s*(?:GB|month)|\s*monthly)", re.I)  # (not a plan's: "5.0 GB for 40.0 dollars a month")


def mispriced_refuels(text: str, rate: int, also: AbstractSet[int] = frozenset()) -> list[tuple[str, str, int]]:
    """(the amount as written, the data it is said for, that data at ``rate`` cents per GB) for each
    clause that prices one amount of data added with one amount of money other than that: "$6.00
    (2 GB refuel)" at $2.00 per GB; or that prices an amount of data right after it ("2 GB would be
    2.0 dollars in total"). A clause with a rate ("per GB") or several amounts is left alone, and so is
    an amount that is the data at one of the rates ``also`` (another plan's, which the text gives)."""
    out: list[tuple[str, str, int]] = []
    for m in _PRICED_DATA.finditer(text):
        written = m[2] or m[3] or m[4]
        due = round(float(m[1]) * rate)
        if float(m[1]) and (cents := to_cents(written.replace(",", ""))) is not None and abs(cents - due) > 1 \
                and not _at_any(cents, float(m[1]), also):
            out.append((f"{written} dollars" if m[3] else f"${written}", f"{m[1]} GB", due))
    for clause in _CLAUSES.split(text):
        if _PRICED_DATA.search(clause):
            continue  # (read above)
        if clause.count("$") != 1 or "GB" not in clause or _GB_RATE.search(clause) or not _REFUEL_WORDS.search(clause):
            continue
        data, money = ANY_GB.findall(clause), dollar_amounts(clause)
        if len(data) != 1 or len(money) != 1 or not float(data[0]):
            continue  # ("... charged $10.00 there, while your line still shows 0 GB added": none priced)
        written, cents = money[0]
        if _A_MONTH.match(clause, clause.find(written) + len(written)):
            continue  # a monthly price: "your plan costs $25.00 more a month but comes with 10 GB more data"
        due = round(float(data[0]) * rate)
        if abs(cents - due) > 1 and not _at_any(cents, float(data[0]), also):
            out.append((written, f"{data[0]} GB", due))
    return out


def _at_any(cents: int, gb: float, rates: AbstractSet[int]) -> bool:
    """Whether ``cents`` is ``gb`` at one of ``rates`` (cents per GB), to the cent."""
    return any(abs(cents - round(gb * r)) <= 1 for r in rates)


# An amount of data at a rate the text gives, then what it comes to: "3 GB at $5.00/GB would be $10.00".
_DATA_AT_RATE = re.compile(r"\b(\d+(?:\.\d+)?)\s*GB\s+at\s+\**\$(\d+(?:\.\d+)?)\**\s*(?:/|per\s+)\s*GB\b"
                           r"\s*,?\s*(?:(?:would|will)\s+(?:be|cost|come\s+to)|is|comes\s+to|costs?|=|makes?)\s*\**"
                           r"\$(\d[\d,]*(?:\.\d+)?)(?![\d,]*\.?\d)")


def data_at_rate_miscounted(text: str) -> list[tuple[str, str, int]]:
    """(the amount as written, "N GB at $R per GB", what they make in cents) for each amount of data
    priced at a rate the same words give, where the price is not the data times the rate."""
    out = []
    for m in _DATA_AT_RATE.finditer(text):
        due = round(float(m[1]) * float(m[2]) * 100)
        if (said := to_cents(m[3].replace(",", ""))) is not None and abs(said - due) > 1:
            out.append((f"${m[3]}", f"{m[1]} GB at ${m[2]} per GB", due))
    return out
