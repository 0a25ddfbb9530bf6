"""Which price the observations give which object, for a text that says what one costs.

An amount can be visible and still be stated wrongly: "The blue M T-shirt (9612497925) costs
$53.43" when $53.43 is the price of the blue S one beside it in the same product listing. A
sentence with a price word ("costs", "is $") and no word of another amount ("difference",
"replacement", "total") gives each amount to the identifier named last before it (else the first
after it) and checks it against the prices of the object that identifier names: it is flagged
only when the amount is not one of those and is the price of another object of the same kind
(the same identifier field) in those observations.
Narrow on purpose: a difference, a total or an amount of another kind passes.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

import orjson

from trajectory2gym.certify.anchors import NESTED_ID_KEYS
from trajectory2gym.certify.dates import ISO_DAY, DateMention, date_mentions, may_name_day
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import (
    FLIGHT_NUMBER,
    chunks,
    chunks_with_digits,
    compact,
    looks_like_identifier,
    money_numbers_in,
    numbers_in,
    to_cents,
)
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE

# Searched on lower case: a case-blind search costs more. (Amounts in words come here as "$": "for 242.92
# dollars" reads "for $242.92", as the certifier writes a text's amounts before reading its prices.)
_PRICE_WORDS = re.compile(r"\b(?:costs?|priced|prices?|fares?|sells? for)\b|\b(?:is|are|was|were|for|at)(?: also| only)? \$")
_PER_PERSON = re.compile(r"\$\d[\d,.]* per (?:person|passenger|traveler|adult)\b")  # "- HAT222 - $74 per person"
_PER_HEAD = re.compile(r"\bper (?:person|passenger|traveler|adult)\b")
# A sentence about another amount than the object's own price: "the replacement for item X costs",
# "the difference is", "you get $5 back".
_OTHER_AMOUNT = re.compile(r"\b(?:replacement|instead|difference|refund\w*|more|less|cheaper|than|total|"
                           r"save|extra|your current)\b")  # ("+$19.94 over your current $242.53": the old item's)
_MONEY_BACK = re.compile(r"(?:\$[\d.,]+|\bget|\bgot|\bmoney|\bpaid|\bit)\s+back\b")  # "$5 back", not "standard back"


@dataclass
class _Listing:
    """One observation's priced objects: identifier key -> (its field, its prices), and per
    identifier field the prices of every object that has one."""

    owners: dict[str, tuple[str, set[int]]] = field(default_factory=dict)
    by_field: dict[str, set[int]] = field(default_factory=dict)
    # identifier key -> its prices per kind, where a price key holds one per cabin ({"economy": 120})
    kinds: dict[str, dict[str, set[int]]] = field(default_factory=dict)


def _own_prices(value: Any, into: set[int], kinds: dict[str, set[int]]) -> None:
    """Amounts under a price key: a number, or a number per cabin or plan (``{"economy": 120}``),
    those also by their kind."""
    for kind, leaf in value.items() if isinstance(value, dict) else (("", value),):
        if isinstance(leaf, (int, float)) and not isinstance(leaf, bool):
            cents = to_cents(leaf)
            if cents is not None:
                into.add(cents)
                if kind:
                    kinds.setdefault(kind.lower(), set()).add(cents)


def _read(value: Any, listing: _Listing) -> None:
    if isinstance(value, list):
        for item in value:
            _read(item, listing)
        return
    if not isinstance(value, dict):
        return
    ids: list[tuple[str, str]] = []
    prices: set[int] = set()
    kinds: dict[str, set[int]] = {}
    for key, item in value.items():
        if isinstance(item, str) and (key == "id" or key.endswith(NESTED_ID_KEYS)):
            ids.append((key, compact(item)))
        elif "price" in key or "fare" in key:
            _own_prices(item, prices, kinds)
        elif isinstance(item, (dict, list)):
            _read(item, listing)
    if prices:
        for id_field, ident in ids:
            owner = listing.owners.setdefault(ident, (id_field, set()))
            owner[1].update(prices)
            listing.by_field.setdefault(id_field, set()).update(prices)
            if kinds:
                for kind, cents in kinds.items():
                    listing.kinds.setdefault(ident, {}).setdefault(kind, set()).update(cents)


class PriceBook:
    """Per interaction: each JSON observation is read for prices once, on the first question about
    an identifier it contains."""

    def __init__(self, index: EvidenceIndex, days: dict[int, str] | None = None) -> None:
        self._index = index
        self._listings: dict[int, _Listing] = {}
        # JSON observation number -> the date its call asked about (a flight search's "date").
        self._days = days if days is not None else {}

    def day_showing(self, idents: list[str]) -> DateMention | None:
        """The one day a search was asked about whose answer shows every one of these objects (a
        one-stop search's pair of legs); None where no search, or searches of several days, do."""
        keys = [compact(i) for i in idents]
        shown = self._index.json_observations
        days = {day for k, day in self._days.items() if all(key in shown[k] for key in keys)}
        said = date_mentions(days.pop()) if len(days) == 1 else []
        return said[0] if said else None

    def prices(self, ident: str, day: DateMention | None = None, kind: str | None = None) -> tuple[set[int], set[int]]:
        """The prices observations give the object ``ident`` names, and those they give other objects
        of its kind (same identifier field) in the same observations. With ``day``, where some of
        those observations answer a call about that day, only they give its own prices, and the
        prices the others give it count as another object's: a flight's fare on the 20th is not its
        fare on the 21st. With ``kind`` (a cabin the text is about), where the object has prices
        per kind, only that kind's are its own: its basic economy fare is no economy fare."""
        key = compact(ident)
        own: set[int] = set()
        others: set[int] = set()
        dated: list[tuple[bool, set[int], set[int]]] = []
        for k, low in enumerate(self._index.json_observations):
            if key not in low:
                continue
            listing = self._listings.get(k)
            if listing is None:
                listing = self._listings[k] = _Listing()
                with suppress(orjson.JSONDecodeError):  # not really JSON: no prices from it
                    _read(orjson.loads(low), listing)
            owner = listing.owners.get(key)
            if owner is not None:
                mine, theirs = owner[1], listing.by_field.get(owner[0], set())
                if day is not None and (asked := self._days.get(k)) is not None:
                    dated.append((day.means(asked), mine, theirs))
                own |= mine
                others |= theirs
        if any(on_day for on_day, _, _ in dated):
            own = set().union(*(mine for on_day, mine, _ in dated if on_day))
            others = set().union(*(theirs if on_day else mine for on_day, mine, theirs in dated))
        if kind is not None:
            by_kind = [kinds for listing in self._listings.values() if (kinds := listing.kinds.get(key))]
            # Its prices of this kind, and those of no kind (a reservation's fare as booked).
            mine = own & set().union(*(kinds.get(kind, set()) for kinds in by_kind))
            if mine:
                mine |= own - set().union(*(cents for kinds in by_kind for cents in kinds.values()))
                others |= own  # the other cabins' fares count as another object's
                own = mine
        return own, others - own

    def in_order(self, ident: str) -> bool:
        """Whether an observation that shows an order names ``ident`` (an item the customer bought)."""
        key = compact(ident)
        return any(key in low and '"order_id"' in low for low in self._index.json_observations)

    def kinds(self) -> set[str]:
        """The kinds of price (cabins) the observations read so far give some object."""
        return {k for listing in self._listings.values() if listing.kinds for kinds in listing.kinds.values()
                for k in kinds} if any(listing.kinds for listing in self._listings.values()) else set()


def _may_price(low: str) -> bool:
    """Plain substring tests on lower case before ``_PRICE_WORDS``: a regex search costs more."""
    return ("pric" in low or "cost" in low or "fare" in low or "sell" in low or " is $" in low or " are $" in low
            or " was $" in low or " were $" in low or " for $" in low or " at $" in low or "per " in low
            or " also $" in low or " only $" in low)


# A cell that works an amount out ("$107 + $102 = $209", "($175 − $114) × 3"): no one object's price.
_WORKED = re.compile(r"[+=×*−]|\s-\s")


def _one_day(text: str) -> DateMention | None:
    """The one day a text names (perhaps more than once), else None: a flight's fare is its fare
    on that day."""
    said = date_mentions(text) if may_name_day(text) else []
    return said[0] if len({(d.day, d.month, d.year) for d in said}) == 1 else None


# A leg of a list line, its amount in brackets after its route and times, before any other amount or
# object: "HAT244 LAS->PHX 10:00-11:00 ($332)".
_LEG_PRICED = re.compile(r"\b([A-Z]{3}\d{3,4})\b[^$()\n]{0,40}?\(\s*\**(\$\d[\d,]*(?:\.\d+)?)\**\s*\)")


def _leg_claims(text: str, book: PriceBook) -> list[tuple[str, str, set[int]]]:
    """(amount as written, flight, its fares) for each leg of a list line priced in brackets at
    another flight's fare: "2. HAT190 IAH->LAS 01:00-04:00 ($316) + HAT244 LAS->PHX 10:00-11:00
    ($414)", where the search shows HAT244 at $332 in business, the cabin the text names."""
    out: list[tuple[str, str, set[int]]] = []
    read = False  # the text's one day and cabin, read on the first leg
    day: DateMention | None = None
    kind = ""
    for line in text.split("\n"):
        if "($" not in line.replace("**", "") or not LIST_MARK.match(line):
            continue
        for m in _LEG_PRICED.finditer(line):
            if not read:
                read, day, kind = True, _one_day(text), _kind_said(text.lower(), book.kinds())
            own, others = book.prices(m[1], day, kind or None)
            cents = money_numbers_in(m[2])[0][1]
            if own and cents not in own and cents in others:
                out.append((m[2], m[1], own))
    return out


_UP_OR_DOWN = re.compile(r"\b(?:up|down)\s+\**$", re.I)  # right before an amount: a change from another price


def _listed_claims(text: str, book: PriceBook) -> list[tuple[str, str, set[int]]]:
    """(amount as written, identifier, that object's prices) for each list line that names one
    object and then, after a colon, one amount, with no word of another amount, where that amount
    is another object's price: a list prices what its lines name ("- Red, high ventilation (item
    8573379326): $206.26", the price of 1719127154), or at its end after a comma ("- HAT052, 03:00-07:00,
    $100"), in the one cabin the text names."""
    out: list[tuple[str, str, set[int]]] = []
    kind: str | None = None  # read on the first line that needs it
    for line in text.split("\n"):
        if "$" not in line or not LIST_MARK.match(line) or _other_amount(line.lower()):
            continue
        amounts = money_numbers_in(line)
        if len(amounts) > 1 and all(_UP_OR_DOWN.search(line, 0, at) for at, _ in placed(line, [w for w, _ in amounts[1:]])):
            amounts = amounts[:1]  # the price, then how far it is from the old one: "$94.80, down $6.03"
        ids = [(at, t) for at, t in placed(line, chunks(line))
               if looks_like_identifier(t) and not ISO_DAY.fullmatch(t) and ":" not in t]
        if len(amounts) != 1 or len({t for _, t in ids}) != 1:
            continue
        written, cents = amounts[0]
        at = line.find(written)
        last = not line[at + len(written):].strip(" *.")  # the line's last word: "- HAT052, 03:00-07:00, $100"
        if at < ids[0][0] or not line[:at].rstrip(" *").endswith((":", ",") if last else ":"):
            continue  # the amount before the object (of something else), or not given it by a colon
        if kind is None:  # the one cabin the text names: "Direct ATL to LAS on May 20, economy:"
            kind = _kind_said(text.lower(), book.kinds()) if book.kinds() else ""
        own, others = book.prices(ids[0][1], None, kind or None)
        if own and cents not in own and cents in others:
            out.append((written, ids[0][1], own))
    return out


def _row_claims(text: str, book: PriceBook) -> list[tuple[str, str, set[int]]]:
    """(amount as written, identifier, that object's prices) for each cell of a table row naming
    one object whose one amount is another object's price: a table prices what its rows name, with
    no price word ("| HAT028 MCO→BOS | Business (paid) $1,859 | Economy now $163 |"). Only the
    cells from the object's on count; a cell's words (its column's name, after
    ``tables.with_headers``) say its cabin."""
    out: list[tuple[str, str, set[int]]] = []
    day = _one_day(text)
    for line in text.split("\n"):
        cells = [c for c in line.strip().strip("|").split("|") if c.strip()]
        if len(cells) < 2 or "$" not in line:
            continue
        spots = [(at, at + len(t), t) for at, t in placed(line, chunks(line))
                 if looks_like_identifier(t) and not ISO_DAY.fullmatch(t) and ":" not in t]  # no "03:00→07:30"
        ids = {t for _, _, t in spots}
        if len(ids) > 1:  # legs priced in order: "| HAT245 + HAT027 | ... | Economy $124 + $124 = $248 |"
            if any(not _JOINED.fullmatch(line, a[1], b[0]) for a, b in zip(spots, spots[1:], strict=False)):
                continue  # not one run of legs ("| HAT043, 15:00 → 17:00 | HAT087, ... |"): whose amount is unclear
            kind = _kind_said(line.lower(), kinds) if (kinds := book.kinds()) else ""
            amounts = money_numbers_in(line)
            for written, cents, ident in _paired(line, spots, placed(line, [w for w, _ in amounts], pairs=amounts)):
                own, others = book.prices(ident, day, kind or None)
                if own and cents not in own and cents in others:
                    out.append((written, ident, own))
            continue
        if not ids:
            continue
        ident = ids.pop()
        named_at = next(k for k, cell in enumerate(cells) if ident in cell)
        any_kind: tuple[set[int], set[int]] | None = None  # its prices of every kind, asked once per row
        foreign: list[tuple[str, str, set[int]]] = []  # its amounts that are another object's price
        priced = False  # whether a cell gives one of its own prices
        for cell in cells[named_at:]:  # a cell before the object's says another one's ("Item now")
            low = cell.lower()
            if "$" not in cell or _WORKED.search(cell) or _OTHER_AMOUNT.search(low):
                continue
            amounts = money_numbers_in(cell)
            if len(amounts) != 1:
                continue
            written, cents = amounts[0]
            own, others = any_kind = any_kind or book.prices(ident, day)
            if own and (kind := _kind_said(low, book.kinds())):
                own, others = book.prices(ident, day, kind)
                if own and cents not in own and cents not in any_kind[0] and len(numbers_in(cell)) == 1 \
                        and cents not in book.prices(ident)[0]:  # (nor any day's: "Business (paid) $1,859")
                    # its cabin's column, at a price the object has in no cabin: misread ("| HAT212 |
                    # ... | $419 |" under Business, where it shows $491)
                    out.append((written, ident, own))
                    continue
            priced = priced or cents in own
            if own and cents not in own and cents in others:
                foreign.append((written, ident, own))
        if not priced:  # a row that prices it rightly prices other things beside ("| Price now | New price |")
            out += foreign
    return out


def misattributed(text: str, book: PriceBook) -> list[tuple[str, str, set[int]]]:
    """(amount as written, identifier, that object's prices) for each sentence, or table row, that
    prices one object at another one's price."""
    rows = _row_claims(text, book) if "|" in text else []
    if "\n" in text:
        rows += [claim for claim in _listed_claims(text, book) if claim[:2] not in {r[:2] for r in rows}]
        if "($" in text or "(**$" in text:
            rows += [claim for claim in _leg_claims(text, book) if claim[:2] not in {r[:2] for r in rows}]
    in_rows = {r[:2] for r in rows}
    return rows + [claim for claim in misattributed_in_sentences(text, book) if claim[:2] not in in_rows
                   and not ("|" in text and _priced_in_its_row(text, claim))]


def _priced_in_its_row(text: str, claim: tuple[str, str, set[int]]) -> bool:
    """Whether a table row that names the object and gives the amount also gives one of the object's
    own prices: the row prices it rightly, and its other amounts are of other things ("| Luggage
    ($532.58) | softshell (7160999700) | $499.29 | -$33.29 |": the old item's price, the difference).
    Rows come with their columns' names (``tables.with_headers``), their cells still split by "|"."""
    written, ident, own = claim
    return any("|" in line and ident in line and written in line
               and any(c in own for _, c in money_numbers_in(line)) for line in text.split("\n"))


def misattributed_in_sentences(text: str, book: PriceBook) -> list[tuple[str, str, set[int]]]:
    """``misattributed`` of the sentences that say a price ("costs", "is $")."""
    out: list[tuple[str, str, set[int]]] = []
    low = text.lower()
    if not _may_price(low) or not (_PRICE_WORDS.search(low) or ("per " in low and _PER_HEAD.search(low))):
        return out
    # The days the latest sentence naming one is about: "On 2024-05-21: HAT047 ... $149".
    days: dict[tuple[int, int | None, int | None], DateMention] = {}
    kind = "?"  # the one cabin the text names, read on the first price that is one of the object's
    dated = may_name_day(text)  # most texts name no day: no date reading then
    lead = False  # the sentence before led into a priced list: "... (economy fares):\n\n1."
    before = ""  # the sentence before ("Its fare is ..." speaks of the object it named last)
    for sentence in SENTENCE.split(text):
        prior = "" if not _ITS.match(sentence) else next(
            (t for t in reversed(chunks(before)) if looks_like_identifier(t) and not ISO_DAY.fullmatch(t) and ":" not in t), "")
        before = sentence
        if "\n" in sentence and sentence.rstrip().endswith("?"):  # a list, then "Which one would you like?"
            sentence = sentence.rstrip().rsplit("\n", 1)[0]
        if dated and (said := date_mentions(sentence)):
            days = {(d.day, d.month, d.year): d for d in said}
        lowered = sentence.lower()
        priced = _may_price(lowered) and (_PRICE_WORDS.search(lowered) is not None
                                          or ("per " in lowered and _PER_PERSON.search(lowered) is not None))
        # A numbered list's lines are sentences of their own ("1." ends one): each priced by its lead.
        listed = lead and not priced and "$" in sentence
        # (or a lead that prices its list per passenger, with no amount: "(economy, per passenger):")
        per_head = "per " in lowered and _PER_HEAD.search(lowered) is not None
        if per_head and not priced and not listed and ":\n" in sentence:
            # ... with the list in the same sentence: "economy per person:\n* HAT028, 05:00-08:30, $149"
            listed = "$" in sentence[sentence.index(":\n"):]
        lead = ((priced or per_head) and ":\n" in sentence) or listed
        if not (priced or listed) or sentence.rstrip().endswith("?"):
            continue  # no price claim, or a question
        # A list's lines each price their own flights: "- Outbound: HAT023 ... $364\n- Return: HAT204 ...
        # + HAT100 ... $248 + $259 = $507"
        parts = [line for line in sentence.split("\n") if "$" in line] if "\n" in sentence else [sentence]
        if "\n" in sentence and _other_amount(lowered):
            # a list's lines each on their own: "- HAT276 ...: $453.00 (paid $182.00)" above "That's $842.00
            # more per passenger" prices HAT276; the line of the difference does not, nor a table's row
            # (read by its columns) or a change's old and new price ("$1,261.14 -> $1,157.86")
            # A line with a clause of its own about another amount keeps its other clauses: "- Laptop ...
            # (item 6056040996): $2,621.77, which is $127.79 less than your current laptop".
            parts = [_PAID_ASIDE.sub(" ", piece) for line in parts if "|" not in line and not _PRICE_ARROW.search(line)
                     for piece in ([line] if not _other_amount(line.lower()) else [
                         p for p in _CLAUSE.split(line) if "$" in p and not _other_amount(p.lower())]
                         if line.count("$") > 1 else [])]
        elif _other_amount(lowered):
            # "HAT158 at 6 AM is $163, $24 more each, so $48 in total, and HAT080 at 7 AM is also $163":
            # the clauses about another amount are left out, each other one read on its own
            parts = [p for p in _CLAUSE.split(sentence) if "$" in p and not _other_amount(low_p := p.lower())
                     and _PRICE_WORDS.search(low_p)] if sentence.count("$") > 1 and (
                ", " in sentence or "; " in sentence) else []
        day = next(iter(days.values())) if len(days) == 1 else None
        for part in parts:
            amounts = money_numbers_in(part)
            # (a piece of a time range, "PM–5:30", is no identifier)
            spots = [(at, at + len(t), t) for at, t in placed(part, chunks(part))
                     if looks_like_identifier(t) and not ISO_DAY.fullmatch(t) and ":" not in t] if amounts else []
            for written, cents, ident in _paired(part, spots, placed(part, [w for w, _ in amounts], pairs=amounts),
                                                 prior):
                own, others = book.prices(ident, day)
                if own and cents in own and (kind := kind if kind != "?" else _kind_said(low, book.kinds())):
                    own, others = book.prices(ident, day, kind)  # "economy options: HAT222 $74": its basic fare
                if own and cents not in own and cents in others:
                    if (at := part.find(written)) < (ident_at := part.find(ident)) and any(c in own for _, c in amounts) \
                            and not _tied(part, at + len(written), ident_at, ident_at + len(ident)):
                        continue  # what it replaces, priced before it: "the medium Grill ($1,058.86) would become ... (item 3876764226) at $981.47"
                    out.append((written, ident, own))
                elif (listed and own and len(amounts) == 1 and len(spots) == 1 and cents not in own
                      and cents not in others and cents not in book.prices(ident)[0]
                      and (kind := kind if kind != "?" else _kind_said(low, book.kinds()))):
                    # a line of a list its lead prices in one cabin, at a price the flight has in no cabin
                    # and no other object has: misread ("1. **HAT131** — 6:00 PM, **$189**", shown $198)
                    out.append((written, ident, book.prices(ident, day, kind)[0] or own))
    return out


# Words of an amount that is not one item's price though a refund: a difference, a sum, money moved.
_REFUND_OF_OTHER = re.compile(r"\b(?:difference|total|more|less|cheaper|than|extra|all|both|each|plus|minus|and)\b"
                              r"|[+=×]")


def misrefunded(text: str, book: PriceBook) -> list[tuple[str, str, set[int]]]:
    """(amount as written, identifier, that object's prices) for each sentence that gives the refund
    of one priced object an order shows (a returned item), with one amount, at another object's
    price: "return Smart Watch black/leather (item 9320099340), refund $383.08", the silver watch's
    price, where the order shows this one at $375.03. (Of an item no order shows, what was paid is
    not known: a listing's price is what it costs now.)"""
    out: list[tuple[str, str, set[int]]] = []
    for sentence in SENTENCE.split(text):
        low = sentence.lower()
        if "refund" not in low or _REFUND_OF_OTHER.search(low):
            continue
        amounts = money_numbers_in(sentence)
        if len(amounts) != 1:
            continue
        priced = {t for t in chunks(sentence) if looks_like_identifier(t) and ":" not in t and book.prices(t)[0]}
        if len(priced) != 1 or not book.in_order(ident := priced.pop()):
            continue
        own, others = book.prices(ident)
        if amounts[0][1] not in own and amounts[0][1] in others:
            out.append((amounts[0][0], ident, own))
    return out


_CLAUSE = re.compile(r",\s+(?![^()]*\))|;\s+")  # (not inside brackets: "flights (HAT023, HAT204, HAT021)")
_PAID_ASIDE = re.compile(r"\((?:you\s+)?(?:paid|was|originally)\b[^()]*\)", re.I)  # "(paid $182.00)": the old fare
_PRICE_ARROW = re.compile(r"\$[\d,.]+\**\s*(?:->|→|to)\s*\**\$")  # an old price, then the new one


def _other_amount(low: str) -> bool:
    """Whether a lower-cased text speaks of another amount than an object's own price ("difference",
    "$5 back")."""
    return _OTHER_AMOUNT.search(low) is not None or ("back" in low and _MONEY_BACK.search(low) is not None)


def line_total(cents: int, text: str, book: PriceBook) -> bool:
    """Whether a line (a table's row) that states the amount names two to four objects whose prices
    sum to it: "| 1 | HAT025 04:00 + HAT060 14:00 | $277 |". Each object's price is its price on the
    one day the text names and in the one cabin it names, where it names one: a flight's fare on
    another day, or in another cabin, makes no total of this row."""
    day = _one_day(text)
    kind = _kind_said(text.lower(), kinds) if (kinds := book.kinds()) else ""
    for line in text.split("\n"):
        if cents not in {abs(c) for _, c in money_numbers_in(line)}:
            continue
        # (not a time or a span of times: "HAT173 + HAT005 (13:00-17:00): $762")
        # (each once: "| HAT097 + HAT045 | $312 | — (no seats on HAT097) |" names a leg again)
        ids = list(dict.fromkeys(t for t in chunks_with_digits(line)
                                 if looks_like_identifier(t) and not ISO_DAY.fullmatch(t) and ":" not in t))
        if not 2 <= len(ids) <= 4:
            continue
        # (where the text names several days, the day of the search that shows the row's flights together)
        on = day if day is not None or not may_name_day(text) else book.day_showing(ids)
        if on is None and day is None and may_name_day(text) and date_mentions(text):
            continue  # several days named, no one search of the row's flights: which fares is unclear
        totals = {0}
        for ident in ids:
            totals = {t + p for t in totals for p in book.prices(ident, on, kind or None)[0]}
        if cents in totals:
            return True
    return False


# Between two legs of one row: "HAT033 00:00 JFK→DTW + HAT168": a plus, and no amount.
_LEG_GAP = re.compile(r"[^$\n+]{0,40}\+[^$\n+]{0,40}")
_CELL_GAP = re.compile(r"[^$\n|]{0,40}\|[^$\n|]{0,40}")  # between two legs of a table's row: a cell's end, no amount
_MONEY_MOVED = re.compile(r"\b(?:charg|refund|difference)\w*", re.I)  # before the amount: what a change moves
# ("$2,580 refunded", "**$396 charged** to Visa ending 1777", "$396 to pay")
_AFTER_DIFFERENCE = re.compile(r"\W*(?:more|less|extra|back|refund(?:ed|s)?|cheaper|difference|off|charged|to pay)\b")


def mistotaled_rows(text: str, book: PriceBook) -> list[tuple[str, str]]:
    """(amount as written, the legs' sum) for each line that joins two to four flights with "+"
    and gives them one amount that is not the sum of their fares (nor that times a count), where
    the text names one cabin, and each leg has one fare in it on the text's one day: "HAT033 00:00
    + HAT168 18:00 DTW→CLT: $380", the fares 194 and 196."""
    out: list[tuple[str, str]] = []
    for written, cents, legs, rest in _priced_rows(text, book):
        total = sum(legs)
        at = rest.find(written)
        end = at + len(written)
        if abs(cents) % total == 0 or abs(cents) in legs or _AFTER_DIFFERENCE.match(rest, end) \
                or _MONEY_MOVED.search(rest, 0, at):
            continue  # the sum, or that for each passenger; a leg's own fare; a difference; "..., charging $396"
        out.append((written, " + ".join(f"{c / 100:g}" for c in legs) + f" = {total / 100:g}"))
    return out


def row_totals(text: str, book: PriceBook) -> set[int]:
    """The amounts, in cents, that lines joining flights ("HAT164 + HAT172 | $247") give as the sum
    of their legs' fares (``mistotaled_rows``' rows)."""
    return {abs(cents) for _, cents, legs, _ in _priced_rows(text, book) if abs(cents) == sum(legs)}


def _priced_rows(text: str, book: PriceBook) -> list[tuple[str, int, list[int], str]]:
    """(amount as written, in cents, the legs' fares, the line after the legs) for each line that
    joins two to four flights with "+" (or in a table's cells) and gives them an amount, where the
    text names one cabin and each leg has one fare in it on the day read."""
    rows: list[tuple[str, list[tuple[int, int, str]]]] = []
    for line in text.split("\n"):
        if ("+" not in line and "|" not in line) or "$" not in line:
            continue
        spots = [(at, at + len(t), t) for at, t in placed(line, chunks(line)) if FLIGHT_NUMBER.fullmatch(t)]
        # (or a table's row, a leg per cell: "| 5 | HAT180 07:00-11:00 | HAT257 22:00-23:30 | $240 |")
        if 2 <= len(spots) <= 4 and all(_LEG_GAP.fullmatch(line, a[1], b[0]) or _CELL_GAP.fullmatch(line, a[1], b[0])
                                        for a, b in zip(spots, spots[1:], strict=False)):
            rows.append((line, spots))
    if not rows or not book.prices(rows[0][1][0][2])[0]:  # (the legs' listings read: their cabins known)
        return []
    kinds = book.kinds()
    kind = _kind_said(text.lower(), kinds) if kinds else ""
    if not kind:
        return []
    day = _one_day(text)
    out: list[tuple[str, int, list[int], str]] = []
    for line, spots in rows:
        rest = line[spots[-1][1]:]
        if not (amounts := money_numbers_in(rest)) or _BOOKED_LEGS.search(line, 0, spots[0][0]):
            continue  # (what the booking's legs cost when bought: "Your current return (HAT282 + HAT239) cost $298")
        written, cents = amounts[0]
        # (a table's row, where the text names several days: the day of the search that shows its flights
        # together; a line joined by "+" may be the booking's own legs, on another day)
        on = day if day is not None or "|" not in line else book.day_showing([t for _, _, t in spots])
        fares = [book.prices(t, on, kind)[0] for _, _, t in spots]
        if all(len(f) == 1 for f in fares):
            out.append((written, cents, [next(iter(f)) for f in fares], rest))
    return out


_BOOKED_LEGS = re.compile(r"\b(?:current|original|existing|booked)\s+(?:return|outbound|flights?|trip|itinerary|legs?|"
                          r"routing)\b", re.I)


def _kind_said(low: str, kinds: set[str]) -> str:
    """The one kind of price (cabin) a lower-cased text names ("economy", not within "basic
    economy"), else ""."""
    said = []
    for kind in sorted(kinds, key=len, reverse=True):
        phrase = kind.replace("_", " ")
        if phrase in low:
            said.append(kind)
            low = low.replace(phrase, " ")
    return said[0] if len(said) == 1 else ""


# What joins the identifiers of one run ("HAT153 + HAT283", "HAT001 and HAT002", "HAT190, HAT047,
# and HAT021", each perhaps with an aside) or the amounts that price them ("$123 + $195", "$249, $333").
# "HAT003 (LAS→DEN) + HAT246", "HAT204 SFO->SEA + HAT100": a leg's route may stand between
_JOINED = re.compile(r"[\s*]*(?:\([^()]{0,40}\)[\s*]*)?(?:(?-i:[A-Z]{3})\s*(?:->|→|–|-)\s*(?-i:[A-Z]{3})[\s*]*)?"
                     r"(?:(?:\+|&|/|,|and)[\s*]*)+", re.I)


# What ends the amounts said of the identifier before them: a sum's result, a comparison, a consequence.
# ... or to another object by its kind: "(6243148452) is $247.00 and the black one is $226.02",
# "and the automatic is $2,744.70" (the other by a word of its options, then its price).
_MOVES_ON = re.compile(r"=|\b(?:so|vs|versus|compared|than|against)\b"
                       r"|\b(?:and|while|but)\s+the\s+[\w /-]{1,30}?\s+(?:ones?|is|costs?)\b", re.I)


_SUM_LINE = re.compile(r"[+=]")
# An amount that names what it is the price of, other than the object: "$50 bag", "$30 insurance".
_THINGS_OWN = re.compile(r"\**[ \t]*(?:checked[ \t]+)?(?:bags?|baggage|fees?|insurance)\b", re.I)


_FOR_NEXT = re.compile(r"\**\s+for\s+(?:flight\s+)?\**")  # (in bold or not: "**$1,991** for HAT221")
# (its words before it in the brackets, with no amount or number: "$46.00 (intermediate, item 6245746168)")
_OPENS, _CLOSES = re.compile(r"\**\s*\(\s*(?:[^()$\d\n]{0,40}?\s)?(?:flight\s+)?"), re.compile(r"\s*\)")


def _tied(sentence: str, end: int, start: int, stop: int) -> bool:
    """Whether the amount ending at ``end`` is said of the identifier at ``start:stop`` right after
    it: "$182 for HAT158", or the one identifier in brackets after it ("$158 (HAT097)")."""
    return (_FOR_NEXT.fullmatch(sentence, end, start) is not None
            or (_OPENS.fullmatch(sentence, end, start) is not None and _CLOSES.match(sentence, stop) is not None))


_ITS = re.compile(r"\W*(?:its|it's|it is|it costs|that one(?:'s| is| costs))\b", re.I)
_AMOUNTS_JOINED = re.compile(r"\**\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*\+\s*)\**")  # "$237 and $343", "$1, $2, and $3", "$115 + $121"


def _paired(sentence: str, spots: list[tuple[int, int, str]],
            amounts: list[tuple[int, Any]], prior: str = "") -> list[tuple[str, int, str]]:
    """(amount as written, cents, identifier) for each amount whose object is clear. An amount is
    said of the identifier named last before it, else of the first after it: "HAT145 was $1018 and
    HAT217 was $1109". After a run of joined identifiers, joined amounts as many as they price them
    in order: "HAT153 + HAT283 | $123 + $195 = $318" prices HAT153 at $123 and HAT283 at $195 (the
    sum is no one's), as "HAT001 + HAT002 | $255 ($120 + $135)" does; else as many amounts as
    identifiers do, in order; else none is clear (a fare for the whole trip). A sentence that starts
    "Its ..." speaks of ``prior``, the object the sentence before named last."""
    if (legs := _legs_then_terms(sentence, spots, amounts)) is not None:
        return legs
    before = [spot for spot in spots if amounts and spot[1] <= amounts[0][0]]
    if 1 < len(before) <= len(amounts) and all(
            _AMOUNTS_JOINED.fullmatch(sentence, at + len(written), amounts[k + 1][0])
            for k, (at, (written, _)) in enumerate(amounts[:len(before) - 1])):
        # "HAT126 on May 28 (...) and HAT224 on May 29 (...), at the business fares of $237 and $343":
        # the objects named, then as many amounts joined, in order (what follows is no fare of theirs)
        return [(written, cents, before[k][2]) for k, (_, (written, cents)) in enumerate(amounts[:len(before)])]
    runs: list[list[str]] = []
    run_of: list[int] = []  # per spot, its run
    for k, (start, _, ident) in enumerate(spots):
        if k and _JOINED.fullmatch(sentence, spots[k - 1][1], start):
            runs[-1].append(ident)
        else:
            runs.append([ident])
        run_of.append(len(runs) - 1)
    out: list[tuple[str, int, str]] = []
    groups: dict[int, list[tuple[int, str, int]]] = {}  # run -> the amounts after it, before the next
    ends = [end for _, end, _ in spots]
    for at, (written, cents) in amounts:
        if _THINGS_OWN.match(sentence, at + len(written)):
            continue  # "HAT135 ... 2 x $70 + $50 bag": the bag's fee, no fare
        # "... $182 for HAT158 and $160 for HAT016": an amount for the identifier right after it
        if (nxt := next((spot for spot in spots if spot[0] >= at + len(written)), None)) is not None \
                and _tied(sentence, at + len(written), nxt[0], nxt[1]):
            out.append((written, cents, nxt[2]))
            continue
        last = bisect_right(ends, at) - 1  # the last identifier that ends before the amount
        if last < 0:  # before every identifier: the first after it (not one it is inside of)
            if prior and _ITS.match(sentence):
                # "HAT057 (...), as you asked. Its fare is $146 versus $189 on HAT136": its first amount
                out.append((written, cents, prior))
                prior = ""
                continue
            after = next((ident for start, _, ident in spots if start >= at), None)
            if after is not None:
                out.append((written, cents, after))
            continue
        if _MOVES_ON.search(sentence, ends[last], at):
            continue  # past a sum or a comparison: "HAT138 $185 = $340 vs the $131 paid ($71 + $60)"
        if "\n" in sentence[ends[last]:at] and _SUM_LINE.search(
                sentence, sentence.rfind("\n", 0, at) + 1, (sentence + "\n").index("\n", at)):
            continue  # a sum on a line of its own after a list: "- HAT110 ...\n- HAT172 ...\n\nFare: $105 + $102"
        groups.setdefault(run_of[last], []).append((at, written, cents))
    for k, group in groups.items():
        run = runs[k]
        if len(run) == 1:
            out += [(written, cents, run[0]) for _, written, cents in group]
            continue
        chosen = next((group[j:j + len(run)] for j in range(len(group) - len(run) + 1)
                       if all(_JOINED.fullmatch(sentence, a + len(w), b)
                              for (a, w, _), (b, _, _) in zip(group[j:j + len(run) - 1], group[j + 1:j + len(run)],
                                                                strict=True))),
                      group if len(group) == len(run) else None)
        if chosen is not None:
            out += [(written, cents, ident) for (_, written, cents), ident in zip(chosen, run, strict=True)]
    return out


def _legs_then_terms(sentence: str, spots: list[tuple[int, int, str]],
                     amounts: list[tuple[int, Any]]) -> list[tuple[str, int, str]] | None:
    """Where a sentence names its flights first and then adds as many amounts, in order ("HAT134 to
    Phoenix followed by HAT251 to Seattle, at $174 + $111 = $285"), each amount is its leg's; None
    where the sentence is not so."""
    idents = [ident for _, _, ident in spots]
    if len(idents) < 2 or len(set(idents)) != len(idents) or not amounts or spots[-1][1] > amounts[0][0]:
        return None
    terms = [amounts[0]]
    for at, pair in amounts[1:]:
        if not _JOINED.fullmatch(sentence, terms[-1][0] + len(terms[-1][1][0]), at) or "+" not in sentence[
                terms[-1][0]:at]:
            break
        terms.append((at, pair))
    if len(terms) != len(idents):
        return None
    return [(written, cents, ident) for (_, (written, cents)), ident in zip(terms, idents, strict=True)]


def placed(text: str, parts: list[str], pairs: list[Any] | None = None) -> list[tuple[int, Any]]:
    """Where each part occurs in the text, in order (with ``pairs[k]`` in place of part k when given)."""
    out, pos = [], 0
    for k, part in enumerate(parts):
        at = text.find(part, pos)
        if at < 0:
            continue
        pos = at + len(part)
        out.append((at, pairs[k] if pairs is not None else part))
    return out
