"""Which object a bill's line item is about, for a text that gives its amount to one.

A bill lists charges as line items whose description names the object they are for: ``{"description":
"Data Overage - Line 555-123-2002", "amount": 15.5}``. "The January bill included a $15.50 data
overage on 555-123-2001" gives that charge to another line: the amount is visible, the line is wrong.
A sentence is flagged only when every line item with that amount names, in its description,
identifiers of one kind (``id_shape``) that the sentence names none of, while the sentence names one
of that kind. Narrow on purpose: an amount no line item has, or one that several lines share among
which the sentence's own is, passes.
"""

from __future__ import annotations

import re
from contextlib import suppress
from typing import Any

import orjson

from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import (
    chunks,
    compact,
    id_shape,
    identifiers_in,
    looks_like_identifier,
    money_numbers_in,
    to_cents,
)
from trajectory2gym.certify.prices import placed
from trajectory2gym.certify.turns import SENTENCE, SENTENCE_OR_LINE

_AMOUNT_KEYS = ("amount", "price", "charge")


def _read(value: Any, items: list[tuple[int, frozenset[str], str, str]], free: set[int], owner: str = "") -> None:
    """Described line items as (cents, the identifier keys the description names, the bill that
    lists it, the description in lower case), and every other amount shown (a plan's price beside
    the bill, a fee a message states: not only a line item's)."""
    if isinstance(value, list):
        for item in value:
            _read(item, items, free, owner)
        return
    if not isinstance(value, dict):
        return
    if isinstance(bill := value.get("bill_id"), str):
        owner = compact(bill)
    described = value.get("description")
    ids = frozenset(map(compact, identifiers_in(described))) if isinstance(described, str) else frozenset()
    for key, item in value.items():
        if isinstance(item, (dict, list)):
            _read(item, items, free, owner)
        elif isinstance(item, (int, float)) and not isinstance(item, bool) and (cents := to_cents(item)) is not None:
            if ids and key in _AMOUNT_KEYS:
                items.append((cents, ids, owner, described.lower() if isinstance(described, str) else ""))
            else:
                free.add(cents)
        elif isinstance(item, str) and key != "description" and "$" in item:  # "a $5/month holding fee"
            free.update(abs(c) for _, c in money_numbers_in(item))


class ItemBook:
    """Per interaction: the described line items the JSON observations show, each observation read
    once, on the first question after it arrived."""

    def __init__(self, index: EvidenceIndex) -> None:
        self._index = index
        self._read = 0
        self._items: dict[int, list[frozenset[str]]] = {}  # cents -> each item's identifiers
        self._described: dict[int, list[str]] = {}  # cents -> each item's description (lower case)
        self._owners: dict[int, set[str]] = {}  # cents -> the bills that list an item of it
        self.billed: set[str] = set()  # the bills whose items were shown
        self._free: set[int] = set()

    def items(self, cents: int) -> list[frozenset[str]]:
        """The identifier sets of every line item shown with this amount; none where the amount
        also shows as something else."""
        shown = self._index.json_observations
        for low in shown[self._read:]:
            if '"description"' in low:
                found: list[tuple[int, frozenset[str], str, str]] = []
                with suppress(orjson.JSONDecodeError):  # not really JSON: no items from it
                    _read(orjson.loads(low), found, self._free)
                for c, ids, owner, described in found:
                    self._items.setdefault(c, []).append(ids)
                    self._described.setdefault(c, []).append(described)
                    if owner:
                        self._owners.setdefault(c, set()).add(owner)
                        self.billed.add(owner)
            elif '"amount"' in low or '"price' in low or "$" in low:
                with suppress(orjson.JSONDecodeError):
                    _read(orjson.loads(low), [], self._free)
        self._read = len(shown)
        return [] if cents in self._free else self._items.get(cents, [])

    def descriptions(self, cents: int) -> list[str]:
        """The description (lower case) of every line item shown with this amount; none where the
        amount also shows as something else."""
        return self._described.get(cents, []) if self.items(cents) else []

    def owners(self, cents: int) -> set[str]:
        """The bills (compact ids) that list a line item of this amount; none where the amount also
        shows as something else."""
        return set() if not self.items(cents) else self._owners.get(cents, set())


# What may stand between an amount and the object it is said of: words, not another amount, a
# list or a sum ("$40 + $65 + $40 = $145 ... on 555-123-2002" gives none of them to that line).
_BETWEEN_AFTER = re.compile(r"(?:(?!\b(?:and|plus)\b)[^$\d+=,;:()]){0,40}")  # "$15.50 data overage on 555-123-2001"
# ... and before it, words that join no next item: "$90.00 on 555-750-1109 and $30.00 for the Starter plan
# on 555-249-5204" gives the $30.00 to the line after it; the words of its plan may stand between ("555-491-7924
# is on the Everyday plan at $70.00"), and a bracket before the amount ("Plus for 555-709-9808 ($90)").
_BETWEEN_BEFORE = re.compile(r"(?:'s|’s)?\s*(?::|-|—|is|was|has|had|pays|paid|costs?|owes|at|for|of|with)?"
                             r"(?:(?!\b(?:and|plus)\b)[^$\d+=,;()]){0,30}\(?")


_CLAUSE = re.compile(r"[,;]\s")
# A charge foreseen or said by likeness: no claim about what a bill shows.
_EXPECTED = re.compile(r"\b(?:expect\w*|will|would|could|might|may|as well|likewise|same)\b", re.I)


def _said_of(sentence: str, amounts: list[tuple[str, int]],
             ids: list[tuple[int, int, str]]) -> list[tuple[str, int, list[str]]]:
    """(amount as written, cents, the identifiers it may be said of) for each amount the sentence says
    of an identifier: the one right before it ("555-123-2001 pays $40"), then the next one after it
    with only words between ("a $15.50 overage on 555-123-2001"). Both may join: "B1002 has a $5.00
    fee for line 555-123-2001" (the caller keeps the one of the items' kind)."""
    out: list[tuple[str, int, list[str]]] = []
    for at, (written, cents) in placed(sentence, [w for w, _ in amounts], pairs=amounts):
        end = at + len(written)
        joined: list[str] = []
        before = next(((stop, ident) for _, stop, ident in reversed(ids) if stop <= at), None)
        if before is not None and _BETWEEN_BEFORE.fullmatch(sentence, before[0], at):
            joined.append(before[1])
        after = next(((start, ident) for start, _, ident in ids if start >= end), None)
        if after is not None and _BETWEEN_AFTER.fullmatch(sentence, end, after[0]):
            joined.append(after[1])
        if joined:
            out.append((written, cents, joined))
    return out


# where a list's next item starts, or a table's next row: "- 555-123-2001 ...", "Basic 555-123-2001 | $40.00"
_LIST_ITEM_START = re.compile(r"\n(?=[ \t]*(?:[-*•]|\d{1,2}[.)])\s|[^\n]*\|)")


def misassigned(text: str, book: ItemBook) -> list[tuple[str, str, str]]:
    """(amount as written, the identifier the sentence gives it to, the identifiers its line items
    name) for each amount a sentence gives to an object no line item with that amount is about."""
    out: list[tuple[str, str, str]] = []
    # (a list's item, or a table's row, is a sentence of its own: "- 555-123-2002 (Premium Plan): **$65.00**\n- ...")
    for sentence in (s for part in SENTENCE.split(text) for s in _LIST_ITEM_START.split(part)):
        if not (amounts := money_numbers_in(sentence)):
            continue
        for clause in _CLAUSE.split(sentence) if len(amounts) > 1 or ", " in sentence else [sentence]:
            if _EXPECTED.search(clause) is None:  # what a bill shows, not "expect a $5.00 fee for 2001 as well"
                out += _misassigned_in(clause, book)
    return out


def _misassigned_in(clause: str, book: ItemBook) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    if not (amounts := money_numbers_in(clause)):
        return out
    ids = [(at, at + len(tok), tok) for at, tok in placed(clause, chunks(clause)) if looks_like_identifier(tok)]
    if ids:
        for written, cents, joined in _said_of(clause, amounts, ids):
            if not (items := book.items(abs(cents))):
                continue
            named = frozenset().union(*items)
            shapes = {id_shape(k) for k in named}
            # the object the amount is said of: the first joined of the items' kind (a line, not the bill)
            ident = next((i for i in joined if {id_shape(compact(i))} == shapes), None)
            if ident is not None and not any(compact(ident) in n for n in items):
                out.append((written, ident, ", ".join(sorted(named))))
    return out


# A bill said to hold a charge: "That includes a $15.50 data overage on 555-123-2002".
_INCLUDES = re.compile(r"\b(?:includ\w*|contains?|has)\b", re.I)
_POINTS_BACK = re.compile(r"\W*(?:that|it|this)\b", re.I)  # a sentence about the object the one before named
_BILL = re.compile(r"\bB\d{3,}\b")
_CLAUSES = re.compile(r"(?:,|;|\s[—–])\s+(?:and|while|whereas)\s+|;\s+")  # ", and", "; "
_ADDS = re.compile(r"\b(?:includ\w*|contains?|has|had|added|plus)\b", re.I)  # what a clause says a bill held


def misbilled(text: str, book: ItemBook) -> list[tuple[str, str, str]]:
    """(amount as written, the bill the sentence gives it to, the bills whose items hold it) for each
    amount a sentence says a bill includes ("That includes a $15.50 data overage", after "Your
    February bill (B1002) is $150.00"), where only other bills' line items hold that amount."""
    out: list[tuple[str, str, str]] = []
    before: list[str] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        named = list(dict.fromkeys(_BILL.findall(sentence)))
        bills = named or (before if _POINTS_BACK.match(sentence) else [])
        before = named or before
        if len(bills) == 1 and _INCLUDES.search(sentence):
            parts = [(sentence, bills[0])]
        elif len(named) > 1:
            # one bill a clause: "January (B1001, ...) had ... plus a $5.00 suspension fee, and February
            # (B1002, $150.00) added a $15.50 data overage"
            parts = [(part, own[0]) for part in _CLAUSES.split(sentence)
                     if len(own := list(dict.fromkeys(_BILL.findall(part)))) == 1 and _ADDS.search(part)]
        else:
            continue
        for part, said in parts:
            bill = compact(said)
            for written, cents in money_numbers_in(part):
                owners = book.owners(abs(cents))
                if owners and bill not in owners and bill in book.billed:
                    out.append((written, said, ", ".join(sorted(o.upper() for o in owners))))
    return out


# A charge's kind said right after its amount, "a **$15.50 roaming charge**", "a $15.50 data overage",
# or before it, "a suspension fee of $5.00": the words a line item's description would hold.
_KINDS = r"(roaming|overage|suspension|activation|late)"
_KIND_AFTER = re.compile(rf"(?:\*\*)?\s+(?:data\s+|international\s+)?(?:{_KINDS}\s+(?:charges?|fees?)\b|(overage))",
                         re.I)
_KIND_BEFORE = re.compile(rf"\b{_KINDS}\s+(?:charges?|fees?)\s+of\s+(?:\*\*)?$", re.I)


def miskinded(text: str, book: ItemBook) -> list[tuple[str, str, str]]:
    """(amount as written, the kind the text gives it, the descriptions of the line items with that
    amount) for each amount said to be a charge of a kind ("a $15.50 roaming charge") that no line
    item with that amount is: its items read "Data Overage - Line 555-123-2002"."""
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if not (amounts := money_numbers_in(sentence)) or _EXPECTED.search(sentence):
            continue  # (what a bill shows, not "expect a $5.00 suspension fee")
        for at, (written, cents) in placed(sentence, [w for w, _ in amounts], pairs=amounts):
            kind = ((m := _KIND_AFTER.match(sentence, at + len(written))) and (m[1] or m[2])) or (
                (b := _KIND_BEFORE.search(sentence, 0, at)) and b[1])
            if kind and (shown := book.descriptions(abs(cents))) and not any(kind.lower() in d for d in shown):
                out.append((written, kind.lower(), "; ".join(sorted(set(shown)))))
    return out
