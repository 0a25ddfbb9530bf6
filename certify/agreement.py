"""Whether a confirmed call's arguments agree with what the user confirmed: the amount offered,
the count stated, the choice and payment method last named, a flight's new date, a passenger as
described, the variant described. ``call_disagrees`` runs them all.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypeVar

from trajectory2gym.certify.action_words import ACTION_STEMS, object_stems, says, says_arrow
from trajectory2gym.certify.anchors import (
    NESTED_ID_KEYS,
    PAYMENT_SAID,
    PAYMENT_WORDS,
    Anchors,
    kind_and_number,
    payment_kind,
    record_names,
    record_of,
)
from trajectory2gym.certify.dates import (
    ISO_DAY,
    DateMention,
    date_mentions,
    dates_by_mention,
    says_date,
)
from trajectory2gym.certify.normalize import (
    COMPOUND_WORDS,
    FLIGHT_NUMBER,
    NUMBER_WORDS,
    cents_of,
    chunks,
    compact,
    decimal_cents,
    id_shape,
    identifiers_in,
    looks_like_identifier,
    money_numbers_in,
    numbers_in,
    spelled_numbers,
    to_cents,
    unit_numbers,
    wordline,
    words,
)
from trajectory2gym.certify.prices import placed
from trajectory2gym.certify.reported_payments import METHOD_ID
from trajectory2gym.certify.routes import route_disagrees
from trajectory2gym.certify.statuses import WISHED_KEPT
from trajectory2gym.certify.tables import TABLE_RULE, with_headers
from trajectory2gym.certify.turns import AFFIRM, ASKS, LIST_MARK, SENTENCE, SENTENCE_OR_LINE, Turn


@dataclass
class ConfirmVerdict:
    ok: bool
    kind: str = ""  # reason kind when not ok
    detail: str = ""
    arg: str = ""  # the argument a verdict names (amount_not_confirmed)
    value: Any = None
    described: str = ""  # when ok: the description the user confirmed


_SPELLED = "|".join(sorted({*NUMBER_WORDS, *COMPOUND_WORDS}, key=len, reverse=True))


# A number in digits, or spelled in one or more words ("one hundred and fifty", "twenty-five").
# Bounded: no amount takes a dozen words, and a long run of number words ("one one one ...") must not
# be matched again from each of its words.
_QUANTITY = rf"(\d+(?:\.\d+)?|(?:{_SPELLED})(?:[\s-]+(?:and\s+)?(?:{_SPELLED})){{0,11}})"


_DOLLARS = re.compile(rf"(?<![\w.,]){_QUANTITY}[\s-]*(?:dollars?|usd)\b", re.I)  # "a fifty-dollar certificate"


# "2 GB", "one more GB", "3 extra gigs".
_DATA = re.compile(rf"(?<![\w.,]){_QUANTITY}\s*(?:(?:more|extra|additional)\s+)?(?:gb|gigs?|gigabytes?)\b", re.I)
_MEGABYTES = re.compile(rf"(?<![\w.,]){_QUANTITY}\s*(?:mb|megs?|megabytes?)\b", re.I)
_PART_OF_A_GB = re.compile(r"\b(half|quarter)\s+(?:of\s+)?an?\s+(?:gb|gig|gigabyte)\b", re.I)  # "half a gig"


def _unit_matches(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """(position, amount in hundredths of the unit) of each match: "2 GB", "two gigabytes"."""
    out = []
    for m in pattern.finditer(text):
        written = m.group(1).lower()
        if written[0].isdigit():
            out.append((m.start(), decimal_cents(written)))
            continue
        ws = words(written)
        spelled = spelled_numbers(ws)  # one run ("one hundred and two"), else a single word ("two")
        out.append((m.start(), (spelled[-1] if spelled else NUMBER_WORDS[ws[-1]]) * 100))
    return out


def _unit_cents(pattern: re.Pattern[str], text: str) -> set[int]:
    return {c for _, c in _unit_matches(pattern, text)}


def _data_in_order(text: str) -> list[int]:
    """The amounts of data a text states, in hundredths of a GB, in order, each once: "500 MB" is 50,
    "half a gig" 50."""
    found = _unit_matches(_DATA, text)
    low = text.lower()
    if "mb" in low or "meg" in low:
        found += [(at, c // 1000) for at, c in _unit_matches(_MEGABYTES, text) if c % 1000 == 0]
    if "half" in low or "quarter" in low:
        found += [(m.start(), 50 if m[1].lower() == "half" else 25) for m in _PART_OF_A_GB.finditer(text)]
    return list(dict.fromkeys(c for _, c in sorted(found)))


def stated_amounts(text: str, data: bool = False) -> set[int]:
    """Amounts a message states, in cents: money ($5, 4.50, 1,200, 100 dollars), or with ``data``
    quantities of data (2 GB, two gigabytes, 500 MB). Units keep them apart: "1 GB for $5" is no 5 GB."""
    if data:  # in hundredths of a GB: "500 MB" is 0.5 GB (decimal units, as carriers bill them)
        return set(_data_in_order(text))
    return {c for _, c in money_numbers_in(text)} | _unit_cents(_DOLLARS, text)


def is_data(arg: str) -> bool:
    """Whether an argument is an amount of data (``gb_amount``)."""
    return "gb" in arg.lower().split("_") or "data" in arg.lower()




def action_amounts(text: str, anchors: Anchors, data: bool) -> set[int]:
    """The amounts of a description's sentences that name the action, its object, one of the call's
    identifiers or, of a payment, a method ("I can send you a $50 certificate", "- certificate_3765853:
    $500", "- Mastercard ending 9363: $1,786"; not a table's row of data used), when any does; else
    all its amounts ("Your fare was $177" is no offer)."""
    found: set[int] = set()
    acted = False  # a sentence before named the action: a "Total $250 on your Visa." after it is its total
    pays = any(arg.startswith("payment") for arg, _ in anchors.amounts)  # a split: its lines name its methods
    # (a split's table rows are read with their headers: "| ... | $500 (3765853) |" under "Certificate")
    for sentence in SENTENCE_OR_LINE.split(with_headers(text) if pays else text):  # a table's header line is no offer of its rows
        said = Turn(-1, "assistant", sentence)
        if says(said.wordline, anchors.stems | anchors.objects) or (acted and _TOTAL_LEAD.match(sentence)) or (
                not data and "$" in sentence and (not anchors.ids.isdisjoint(said.compacts)
                                     or (pays and PAYMENT_SAID.search(sentence) is not None))):
            found |= stated_amounts(sentence, data)
            acted = True
    return found or stated_amounts(text, data)


_TOTAL_LEAD = re.compile(r"\W*(?:total|in total|altogether|grand total)\b", re.I)


def stated_counts(turns: list[Turn], top: int) -> set[int]:
    """Whole numbers from 2 to ``top`` these messages write as counts, in digits ("2", not "$2" nor
    "2.0") or in words ("two")."""
    counts = {c // 100 for t in turns for w, c in numbers_in(t.text) if w.isdigit() and 2 <= c // 100 <= top}
    counts |= {int(u) for t in turns for u in unit_numbers(t.text.lower())
               if u.isdigit() and len(u) < 6 and 2 <= int(u) <= top}
    for t in turns:
        spelled = {n for w, n in NUMBER_WORDS.items() if 2 <= n <= top and w in t.words}
        if spelled and not COMPOUND_WORDS.keys().isdisjoint(t.words):  # "gate twenty-two" counts no 2
            spelled = {n for n in spelled_numbers(words(t.text), singles=True) if 2 <= n <= top}
        counts |= spelled
        if top >= 2 and ("and" in t.text or "both" in t.text or "two of us" in t.text) and _TWO_OF_US.search(t.text):
            counts.add(2)  # "for me and my friend Olivia": two people
    return counts


# Two people said without a number: "me and my friend Olivia", "my wife and I", "both of us".
_TWO_OF_US = re.compile(r"\b(?:me and (?:my|our) \w+|my \w+ and (?:me|i)|both of us|the two of us)\b", re.I)


def _with_counts(amounts: set[int], turns: list[Turn]) -> set[int]:
    """The amounts and their multiples by a count the messages state ("$50 per passenger for the 2
    passengers" states $100)."""
    return amounts | {a * k for a in amounts for k in stated_counts(turns, 10)}


_PER_PASSENGER = re.compile(r"\$\s?(\d+(?:\.\d+)?)\s*(?:per|each|/)\s*(?:passenger|person|traveler|guest|pax)\b", re.I)


def _per_unit_cents(text: str) -> set[int]:
    """Amounts a text gives per passenger ("$100 per passenger")."""
    return {decimal_cents(m[1]) for m in _PER_PASSENGER.finditer(text)} if "$" in text else set()


def _amount_not_stated(turns: list[Turn], at: int, anchors: Anchors) -> ConfirmVerdict | None:
    """A confirmed call whose amount argument differs from every amount of its kind (money, or data)
    stated from the description on, the description's own counting only where it offers the action;
    where none was, from the user's request before it ("add 2 GB?" ... "$10, shall I?" ... "Yes"
    covers 2 GB). A description's amount replaces the request's: asked for $150, offered $50, a yes
    confirms $50; an amount of data said after the description replaces it ("make it 3 GB actually").
    ``turns[at]`` is the description. None when none differs, or when no amount of that kind was
    stated at all."""
    described = turns[at]
    for arg, value in anchors.amounts:
        data = is_data(arg)
        stated = action_amounts(described.text, anchors, data)
        later = [_said_or_picked(t, described, data) for t in turns[at + 1:]
                 if not (data and t.role == "user" and t.text.rstrip().endswith("?"))]
        if data and any(later):  # "make it 3 GB actually": the last amount of data said counts
            stated = next(a for a in reversed(later) if a)
        for found in later:
            stated |= found if not data else set()
        if not stated:  # the description names no amount: the user's request said which
            for turn in turns[:at]:
                stated |= stated_amounts(turn.text, data)
        if not data:  # money per unit, times units; data is never multiplied
            said = stated_amounts(described.text)
            stated = _with_counts(stated, turns)
            # "$100 per passenger; for the 2 passengers that is $200": the total is the offer, where
            # the description states it (not a product of counts said elsewhere: "$100 per passenger,
            # so $100" for one is still $100).
            # (the count need not be written: "$100 per passenger for a cancelled flight → $200 certificate")
            per_unit = {c for c in _per_unit_cents(described.text) if any(k * c in said for k in range(2, 11))}
            stated -= per_unit
        cents = to_cents(value)
        if (stated and cents is not None and cents not in stated
                and not (any(_REST.search(t.text) for t in turns[at:]) and _rest_of_total(arg, cents, anchors, stated))):
            shown = ", ".join(f"{c / 100:g}" + (" GB" if data else "") for c in sorted(stated))
            if not data:
                shown = ", ".join(sorted({w for t in turns for w, _ in money_numbers_in(t.text)})) or shown
            return ConfirmVerdict(False, "amount_not_confirmed", f"stated: {shown}", arg, value)
    return None


_REST = re.compile(r"\b(?:the )?(?:rest|remainder|remaining|balance|difference)\b", re.I)


def _rest_of_total(arg: str, cents: int, anchors: Anchors, stated: set[int]) -> bool:
    """Whether an amount of a list (``payment_methods[1].amount``) is what its items leave of a
    stated total, each other item's amount stated: "$275 on the gift card and the rest on the
    Visa" of $340 puts $65 on the Visa. Asked only where a message says "the rest"."""
    if "[" not in arg:
        return False
    head = arg.split("[", 1)[0] + "["
    others = [to_cents(v) for a, v in anchors.amounts if a != arg and a.startswith(head)]
    return bool(others) and all(c is not None and c in stated for c in others) and (
        cents + sum(c for c in others if c is not None) in stated)


def _said_or_picked(turn: Turn, described: Turn, data: bool) -> set[int]:
    """The amounts a message after the description states; for data, also the one a user's reply
    picks from the description's list by its place ("2 please" to "1. 1 GB ... 2. 2 GB ... 3. 3 GB")."""
    said = stated_amounts(turn.text, data)
    if said and data and turn.role == "user" and ("s " in turn.text) and (fine := _BARE_FINE.search(turn.text)) and all(
            at < fine.start() for at, _ in _unit_matches(_DATA, turn.text)):
        return {cents_of(fine[1])}  # "Make it 3 GB actually... no wait, 2 is fine. Yes.": 2 GB
    if not said and data and turn.role == "user" and (picked := picked_amount(turn.text, described.text)) is not None:
        return {picked}
    if not said and data and turn.role == "user" and _HOW_MUCH_DATA.search(described.text) and (
            len(found := numbers_in(turn.text)) == 1):
        return {found[0][1]}  # "How many GB would you like me to add?" "Add 2.": 2 GB
    if not said and data and turn.role == "user" and (other := _MAKE_IT.search(turn.text)) is not None:
        return {cents_of(other[1] or other[2])}  # "Make it 4 instead ... Yes, go ahead.", to an offer of 5 GB: 4 GB
    return said


# Another amount for the offer, said bare: "make it 4", "Actually make it 2.5 instead" (not "$4").
# "just 2 then, yes" too: a bare number after "just" or "only", then no noun but the offer's own.
_MAKE_IT = re.compile(r"\bmake it\s+(\d{1,3}(?:\.\d+)?)\b(?!\s*(?:%|dollars?|usd|\$|[.,]\d))"
                      r"|\b(?:just|only)\s+(\d{1,3}(?:\.\d+)?)(?=\s*(?:then\b|please\b|instead\b|gb\b|gigs?\b|[,.!;]|$))",
                      re.I)


# A bare number said to be fine, after another amount taken back: "no wait, 2 is fine".
_BARE_FINE = re.compile(r"(?<![$\d.,])\b(\d{1,3}(?:\.\d+)?)\s+(?:is|'s)\s+(?:fine|ok|okay|enough)\b", re.I)  # (not "$4 is fine")


# A question for an amount of data, which a bare number answers.
_HOW_MUCH_DATA = re.compile(r"\bhow (?:many (?:GB|gigs?|gigabytes?)|much (?:more )?data)\b", re.I)


_PARTS = re.compile(r"(?<=[.!?;])\s+|;\s*|\n+")  # a description's sentences, its ';' parts and its lines


# Where a sentence turns to another item: "... instead of HAT284 + HAT152, and the return HAT112 is unchanged".
_AND_THEN = re.compile(r",\s*and\b|\bbut\b"
                       # ... or "and" before a verb of change: "keep HAT009 on May 13 and replace the return HAT123"
                       r"|\band\s+(?=(?:replace|change|move|switch|swap|cancel|add|remove|upgrade|downgrade)\b)", re.I)
_REPLACES = r"\b(?:replac\w*|instead of|in place of)\s+\**"  # words before what a new item replaces: "(replaces HAT290)"
_OTHERS_FIRST = r"(?:[a-z0-9#]+\**\s*(?:\+|&|/|and\b)\s*\**){0,3}"  # ... and others before it: "instead of HAT284 + HAT152"
_KEEPS = re.compile(r"\b(?:stays?|remains?|unchanged|keeps?|kept|(?:is|are|stays?|remains?) the same|as (?:it is|they are))\b",
                    re.I)


def _record_not_described(described: Turn, anchors: Anchors, replies: str = "") -> str:
    """A list item without identifiers (a passenger) that the call adds or changes where the
    description does not say what is new in it: its new names anywhere, and each new date among the
    dates the description gives that passenger (``dates.dates_by_mention``: each date goes to the
    passenger named last before it, by a name no other passenger has, else by all their names).
    So "Sophia Rossi ... to 1977-02-12" does not say Aarav Rossi born 1977-02-12. Or a passenger the
    description replaces ("replacing Sophia Nguyen with Mia Taylor") whom the call keeps. Else "".
    Only where an observation shows the list as it is now; for a new list (a booking's passengers)
    only a date the description gives a passenger otherwise. A surname counts as the last mention of
    the passenger's first name gives it, in the description or the turns after it (``replies``)."""
    low = described.text.lower()
    for arg, items in anchors.records:
        current = anchors.current(arg)
        listed = isinstance(current, list)
        before = [record_of(c) for c in current] if listed else []
        after = [record_of(i) for i in items]
        full = {_name_words(r): " ".join(words(" ".join(record_names(r)))) for r in before + after}
        people = list(full)
        spots = []
        for k, names in enumerate(people):
            own = names.difference(*(n for n in people if n != names)) or {full[names]}
            # A full name's words apart by spaces or a hyphen: "Evelyn Santos-Wilson".
            spots += [(m.start(), m.end(), str(k)) for w in own
                      for m in re.finditer(r"\b" + r"[\s-]+".join(map(re.escape, w.split())) + r"\b", low)]
        # (a passenger named as the one replaced takes no date: "| Marco Rossi (replacing Olivia Smith) | 1962-02-14 |")
        dates = dates_by_mention(described.text, [spot for spot in spots
                                                  if not _REPLACED.search(low, max(0, spot[0] - 24), spot[0])])
        for item in after:
            who = str(people.index(_name_words(item)))
            was = [v for b in before if set(record_names(item)) & set(record_names(b)) for v in b.values()
                   if v not in item.values()]  # what the passenger had and the call changes
            if misdated := _misstated_date(item, [d for d in dates.get(who, []) if not any(map(d.means, was))]):
                return f"the description gives {full[_name_words(item)]} {misdated[0]}, the call {misdated[1]}"
            others = {(r.get("first_name"), r.get("last_name")) for r in before + after if r != item}
            if surname := _surname_otherwise(f"{described.text}\n{replies}", item, others):
                return f"the description names {item['first_name']} {surname}, the call {item['last_name']}"
            if not listed or item in before:
                continue
            # What is new in it: where it differs from the same person before (sharing a name), if any.
            item_names = set(record_names(item))
            like: dict[str, str] = max((b for b in before if item_names & set(record_names(b))),
                                       key=lambda b: len(b.items() & item.items()), default={})
            new = {k: v for k, v in item.items() if like.get(k) != v}
            if not set(words(" ".join(record_names(new)))) <= described.words or not all(
                    any(d.means(v) for d in dates.get(who, [])) for v in new.values() if ISO_DAY.fullmatch(v)):
                return f"the description does not say {arg}: {' '.join(item.values())}"
        for k, names in enumerate(people):  # "replacing Sophia Nguyen with Mia Taylor", Sophia Nguyen kept
            if any(_name_words(b) == names and b in after for b in before) and any(
                    _REPLACED.search(low, max(0, start - 24), start) or _IS_REPLACED.match(low, end)
                    for start, end, key in spots if key == str(k)):
                return f"the description replaces {full[names]}, whom the call keeps"
    return ""


def _surname_otherwise(text: str, item: dict[str, str], others: set[tuple[str | None, str | None]]) -> str:
    """The surname the last mention of a passenger's first name gives them ("she goes by Farrah
    Fong-Lee now"), where the call sends another ("Fong"): a name corrected before the yes. The
    capitalised words after the first name are the surname ("Farrah Ann Fong" ends with Fong); a
    name of ``others`` (first, last) is another passenger's ("Sophia Rossi" beside Sophia Nguyen).
    "" where the last mention agrees."""
    first, last = item.get("first_name"), item.get("last_name")
    if not first or not last or first not in text.lower():
        return ""
    # (not a word in capitals: "Juan Patel DOB 1998-05-09 -> ..." names Juan Patel)
    said = [name for m in re.finditer(rf"\b(?i:{re.escape(first)})((?:\s+[A-Z](?![A-Z]+\b)[\w-]*)+)", text)
            if (first, name := " ".join(m[1].split()).lower()) not in others]
    return "" if not said or said[-1] == last or said[-1].endswith(" " + last) else said[-1]


def _misstated_date(item: dict[str, str], mentions: list[DateMention]) -> tuple[str, str] | None:
    """(said, sent) where the description gives a passenger a full date that agrees with one of the
    call's dates for them in two of day, month and year but not the third ("born 2009-11-17",
    2009-11-07 sent): the same date stated otherwise (a flight's day agrees in none or one).
    ``mentions`` leaves out the dates the passenger had ("from 1977-02-10 to 1977-02-12")."""
    # The last full date said counts: a reply read on after the description may correct it.
    said = max((d for d in mentions if d.year is not None and d.month is not None), key=lambda d: d.start,
               default=None)
    if said is None:
        return None
    # A later day and month without the year corrects it too: "birthday is actually August 21".
    later = [d for d in mentions if d.start > said.start and d.month is not None]
    for value in item.values():
        if (m := ISO_DAY.fullmatch(value)) is not None and not said.means(value) and (
                (said.year == int(m[1])) + (said.month == int(m[2])) + (said.day == int(m[3]))) == 2 \
                and not any(d.means(value) for d in later):
            return f"{said.year:04d}-{said.month:02d}-{said.day:02d}", value
    return None


_REPLACED = re.compile(r"\b(?:replac\w*|swap\w*|remov\w*|instead of)\s+(?:\w+\s+){0,2}$")
_IS_REPLACED = re.compile(r"(?:\s+\w+)?(?:'s)?\s+(?:will be|is|gets)\s+(?:replaced|swapped|removed)\b")


def _name_words(record: dict[str, str]) -> frozenset[str]:
    return frozenset(words(" ".join(record_names(record))))


_DATE_OR_TIME = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")
_ONLY = frozenset({"only", "just"})
# Words of a number of things added: "adding 1 bag", "another checked bag", "one more ... for each of you".
_ADDS = frozenset({"add", "adding", "added", "another", "more", "extra", "additional"})
# Words before "3 free bags" that make it an allowance, not the bags booked ("4 free checked bags" in a recap).
_ALLOWS = frozenset({"get", "gets", "getting", "allow", "allows", "allowed", "allowance", "include", "includes",
                     "included", "entitled", "entitles", "covers", "has", "have", "with", "qualify", "receive",
                     "receives", "come", "comes"})
_ONE = {"a": 1, "an": 1, "another": 1, "no": 0, "zero": 0}
# Not across an aside with its own count: "6 checked bags (2 for each of you)" is 6.
_EACH = re.compile(r"^[^\w(]*(?:(?!\d+\b)\w+[^\w(]+){0,3}?(?:each|apiece|per (?:passenger|person|traveler))\b", re.I)
_AND_ONE = re.compile(r"^\W*(?:\w+\W+){0,3}?and\s+(one|two|three|a|another|\d+)\s+(?:more\s+)?for\b", re.I)
_PAID = re.compile(r"\b(?:paid|fee|fees|charge[ds]?|cost|non-?free|non free|extra)\b|\$", re.I)
_TOTAL = re.compile(r"\b(\w+) in total\b|\btotal of (\w+)\b|\b(\w+) total\b"
                    r"|\b(?:you'?d|you'?ll|you will|you would) (?:then )?have (\w+)\b|\bbringing (?:you|it) to (\w+)\b"
                    r"|\bgoing (?:up )?to (\w+)\b", re.I)  # "You have 1 bag now, so going to 2 is free"


def _counts_said(text: str) -> set[int]:
    """Whole numbers a message writes in digits ("6 bags", not "$6") or as a word ("two")."""
    text = _DATE_OR_TIME.sub(" ", text)  # "1966-02-02" and "09:00" count nothing
    found = {c // 100 for w, c in numbers_in(text) if w.isdigit()}
    return found | {NUMBER_WORDS[w] for w in words(text) if w in NUMBER_WORDS}


# A count as it changes, right after the thing counted: "checked bags 1 → 4", "bags: 0 → **2**",
# "total checked bags from 2 to 4".
_NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"  # a count in digits or words
# A count changed, in digits or words: "checked bags 1 → 4", "the checked bags from two to five".
CHANGED_TO = re.compile(r"[\s:*]{0,4}(?:(?:\d+)[\s*]{0,3}(?:→|->|⇒)|from\s+\**" + _NUMBER + r"\**\s+to)[\s*]{0,3}("
                        + _NUMBER + r")\b", re.I)
# A user's reply that narrows what is added without the noun: "yes but actually just one more".
_JUST_MORE = re.compile(r"\b(?:just|only)\s+(\w+)\s+more\b(?=\s*(?:[,.!;)]|$|please|pls|thanks|then|bag|checked|"
                        r"piece|suitcase|luggage))", re.I)


def _quantity(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word, _ONE.get(word))


def _nearest_quantity(before: list[str]) -> tuple[int, int] | None:
    """(position, number) of the last quantity word in ``before``; none past a "just"/"only" that
    starts the phrase ("No, just the bag" says one bag, not none)."""
    for k in range(len(before) - 1, -1, -1):
        if (n := _quantity(before[k])) is not None:
            # A long number is an identifier's ("to gift card 8058702 for the bag"): no count, and
            # none before it either.
            return (k, n) if n < 1000 else None
        if before[k] in _ONLY:
            return None
    return None


# "Set checked bags to 3", "update the bags to four": the new total, after a verb that sets it.
_SETS = frozenset({"set", "setting", "change", "changing", "update", "updating", "increase", "increasing", "raise",
                   "raising", "bring", "bringing"})
_TO_COUNT = re.compile(r"[\s*]{0,3}to\s+\**(" + _NUMBER + r")\b(?!\s*(?:am|pm|:))", re.I)
_ORDINAL_COUNTS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
                   "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6}  # "so the 3rd bag costs $50"
# "Bags: 3", or a bold number right after: "total checked bags **6**, of which **2** non-free"
_LABEL_COUNT = re.compile(r"\**\s*(?::\**\s*\**|\*\*(?=\d))(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b",
                          re.I)


_PRICE_OUT = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?")


# A price written without "$", right before "for the" thing: "109 + 30 insurance + 50 for the bag".
_PRICE_FOR = re.compile(r"\b\d+(?:\.\d+)?\s+(?:dollars?\s+)?(?=for\s+(?:the|each|a|every|that)\s+(?:\w+\s+)?$)", re.I)

# ... or a plain number after "total ... bags": "Baggage: total checked bags 2 (0 paid)" (not a time or a price).
_TOTAL_THEN_COUNT = re.compile(r"\s+(\d+)\b(?![:.,]\d|\s*(?:am|pm|%))", re.I)


def _counts_of(text: str, things: tuple[str, ...], people: int, user: bool) -> tuple[set[int], set[int]]:
    """How many of a thing ("bag") a text says there will be, and how many it adds: "6 checked bags",
    "3 in total"; "adding 1 bag", "another checked bag", "one more checked bag for each of you" (times
    the passengers). "3 free bags" is an allowance, and a question states nothing."""
    totals: set[int] = set()
    added: set[int] = set()
    for sentence in SENTENCE_OR_LINE.split(_DATE_OR_TIME.sub(" ", text)):  # a list's line says its own count
        if user and (more := _JUST_MORE.search(sentence)) and (k := _quantity(more[1].lower())) is not None:
            added.add(k)  # "yes but just one more", "..., my wife takes the other suitcase"
            continue
        low = sentence.lower()
        if (user and sentence.rstrip().endswith("?")) or not any(t in low for t in things):
            continue  # a user's question states nothing; "Would you like me to add one more bag?" does
        for m in re.finditer(rf"\b(?:{'|'.join(things)})\w*", sentence, re.I):
            head = sentence[:m.start()]
            # A price is no count: "Shall I charge the $50 for the extra bag to your Mastercard?", "+ 50 for the bag"
            if "$" in head:
                head = _PRICE_OUT.sub(" ", head)
            if " for " in head and (price := _PRICE_FOR.search(head)):
                head = head[price.end():]  # (what came before the price is of other things: "30 insurance")
            before = words(head)[-4:]
            # Not where a count stands right before the thing: "to 6 checked bags: 4 free and 2 extra"
            counted = any(_quantity(w) is not None for w in before[-2:])
            if not counted and (changed := CHANGED_TO.match(sentence, m.end())) and (
                    n := _quantity(changed[1].lower())) is not None:
                totals.add(n)  # "checked bags 1 → 4": 4 in all
                continue
            if not counted and (label := _LABEL_COUNT.match(sentence, m.end())) and (
                    n := _quantity(label[1].lower())) is not None:
                totals.add(n)  # "- Bags: 3 checked, all free"
                continue
            if not counted and "total" in before and (plain := _TOTAL_THEN_COUNT.match(sentence, m.end())) and (
                    n := _quantity(plain[1].lower())) is not None:
                totals.add(n)  # "Baggage: total checked bags 2 (0 paid)"
                continue
            if not counted and not _SETS.isdisjoint(before) and (to := _TO_COUNT.match(sentence, m.end())) and (
                    n := _quantity(to[1].lower())) is not None:
                totals.add(n)  # "Set checked bags to 3 (0 paid)"
                continue
            if before and (nth := _ORDINAL_COUNTS.get(before[-1])) is not None:
                totals.add(nth)  # "you have 2, so a third bag is free": 3 in all, and one more
                if before[-2:-1] in (["a"], ["another"]):
                    added.add(1)
                continue
            qty = _nearest_quantity(before)
            if qty is None:
                if not _ONLY.isdisjoint(before) and not m[0].lower().endswith("s"):
                    added.add(1)  # "Yes, but only Mia's bag": one
                continue
            between = before[qty[0] + 1:]
            # Added where the adding word is the count's own: "adding 1 bag", "one more bag"; not "after
            # adding 4: 7 bags", where 7 is the total.
            lead = before[:qty[0]]
            last_add = max((k for k, w in enumerate(lead) if w in _ADDS), default=-1)
            adds = not _ADDS.isdisjoint(between) or (
                last_add >= 0 and all(_quantity(w) is None for w in lead[last_add + 1:]))
            if (("free" in between and (not _ALLOWS.isdisjoint(lead) or _EACH.match(sentence[m.end():])))
                    or before[qty[0] - 1:qty[0]] == ["to"] and "up" in before) and not adds:
                continue  # "each passenger gets 3 free bags", "up to 6 bags": what is allowed, not booked
            n = qty[1] * (people if people and _EACH.match(sentence[m.end():]) else 1)
            if (more := _AND_ONE.match(sentence[m.end():])) and (k := _quantity(more[1].lower())) is not None:
                n += k  # "one checked bag for Emma and one for Fatima"
            (added if adds else totals).add(n)
    # Totals may stand in a sentence of their own beside the bags': "...; with one more you'd have **4**".
    for sentence in SENTENCE.split(text) if any(t in text.lower() for t in things) else ():
        if user and sentence.rstrip().endswith("?"):
            continue
        for t in _TOTAL.finditer(sentence.replace("*", "")):
            if (n := _quantity(next(g for g in t.groups() if g).lower())) is not None:
                totals.add(n)
    return totals, added


def _count_not_stated(window: list[Turn], at: int, anchors: Anchors) -> ConfirmVerdict | None:
    """A count argument set to a number no message from the request on states for the thing it
    counts: as the new total ("4 checked bags", "3 in total"), as the number added to the current one
    ("adding 1 bag" to 2 is 3; "a bag for each of you"), or as a charge stated beside it over a
    visible price ("charging $50" for 1 paid bag at $50). The latest message from the description
    (``window[at]``) on that counts it decides, else the request. A paid count may be a number said
    of payment. Zero, or the count as it is, needs no word."""
    for arg, value in anchors.counts:
        current = anchors.current(arg) if value else 0
        noun = arg.lower().split("_")[-1]
        things = tuple(sorted(object_stems(noun) | {noun[:3]}))  # "bag", "luggag", "suitcas"
        if value == current:
            # Unless the description from the request on says another number are paid: "4 checked bags,
            # 1 of them paid", sent as 0 paid (as it was)
            if ("nonfree" in arg or "paid" in arg) and (later := _paid_of_things(window[at:], things, anchors)) \
                    and value not in later and not _priced(window, things, value, anchors):
                return ConfirmVerdict(False, "amount_not_confirmed", "the description says "
                                      + " or ".join(map(str, sorted(later))) + " are paid", arg, value)
            continue
        if value > 0 and ("nonfree" in arg or "paid" in arg) and _said_free(window, at, things):
            return ConfirmVerdict(False, "amount_not_confirmed", "the description says they are free", arg, value)
        totals: set[int] = set()
        added: set[int] = set()
        # The latest message from the description on that counts the thing ("Yes, but only Mia's
        # bag" after "I can add 2 bags"), else the request's messages.
        for part in ([t] for t in reversed(window[at:])), (window[:at],):
            for turns in part:
                for t in turns:
                    found, more = _counts_of(t.text, things, anchors.people(), t.role == "user")
                    totals |= found
                    added |= more
                if totals or added:
                    break
            if totals or added:
                break
        paid = "nonfree" in arg or "paid" in arg
        if value in totals or (type(current) is int and value - current in added):
            # A paid count is the number of things added, unless the description on says another
            # number is paid: "Adding 2 bags ...; one is free, so 1 bag costs $50" pays for one.
            if not paid or not (later := _paid_counts(window[at:], things)) or value in later or _priced(
                    window, things, value, anchors, paid=True):
                continue
            return ConfirmVerdict(False, "amount_not_confirmed", "the description says "
                                  + " or ".join(map(str, sorted(later))) + " are paid", arg, value)
        # Not where the payment words say it is free: "3 checked bags, free of charge" pays for none.
        said = {n for t in window for sentence in SENTENCE.split(t.text) if _PAID.search(_FREE.sub(" ", sentence))
                for n in _counts_said(sentence)}
        if paid and value in said:
            continue  # "2 of them paid", a number said of what is paid
        if _priced(window, things, value, anchors):
            continue
        shown = ", ".join([*map(str, sorted(totals)), *(f"+{n}" for n in sorted(added))]) or "none"
        return ConfirmVerdict(False, "amount_not_confirmed", f"counts stated: {shown}", arg, value)
    return None


_QTY = rf"({_NUMBER})"  # a count in digits or words, as a group


def _priced(window: list[Turn], things: tuple[str, ...], value: int, anchors: Anchors, paid: bool = False) -> bool:
    """As many things as a charge stated beside them pays for at a visible price ("charging $50"
    for 1 paid bag at $50); ``paid``: of a count of paid things, which a charge of nothing ("adding
    1 bag costs $0") pays for none of."""
    money = {c for t in window for sentence in SENTENCE.split(t.text)
             if says(" " + " ".join(words(sentence)), things) for c in stated_amounts(sentence)}
    return value > 0 and any((c > 0 or not paid) and c % value == 0 and c // value in anchors.visible_amounts()
                             for c in money)


def _paid_counts(turns: list[Turn], things: tuple[str, ...]) -> set[int]:
    """How many of the things the agent's ``turns`` say are paid for, where a number stands right
    before the thing and its price or payment: "so 1 bag costs $50", "2 x $50", "2 of them paid"."""
    found: set[int] = set()
    pattern = re.compile(rf"\b{_QTY}\s+(?:\w+\s+)?(?:{'|'.join(things)})\w*\s+(?:costs?|will cost|is|are|at|for)\s+\$"
                         rf"|\b{_QTY}\s*(?:x|×|\*)\s*\$\d|\b{_QTY}\s+(?:of them\s+)?(?:are\s+|is\s+)?"
                         r"(?:paid|charged|non-?free)\b", re.I)
    for t in turns:
        if t.role == "assistant" and ("$" in t.text or "paid" in t.text or "charg" in t.text):
            for m in pattern.finditer(t.text):
                if (n := _quantity(next(g for g in m.groups() if g).lower())) is not None:
                    found.add(n)
    return found


def _paid_of_things(turns: list[Turn], things: tuple[str, ...], anchors: Anchors) -> set[int]:
    """``_paid_counts`` said of the things themselves, not of a fare: "1 of them paid", "1 extra bag",
    "1 bag costs $50" (not "2 × $291", nor "$50 paid"); not in a line or sentence about another object
    of the call's kind ("1. **P25KMG**: ... 1 extra bag at $50", of the update of SR3IRR)."""
    found: set[int] = set()
    pattern = re.compile(rf"\b{_QTY}\s+(?:\w+\s+)?(?:{'|'.join(things)})\w*\s+(?:costs?|will cost|is|are|at|for)\s+"
                         rf"\$(?!0(?:\.0+)?\b)"  # (not "4 bags costs $0": none paid)
                         rf"|(?<![$.,\d])\b{_QTY}\s+of\s+them\s+(?:are\s+|is\s+)?(?:paid|charged|non-?free)\b"
                         rf"|(?<![$.,\d])\b{_QTY}\s+(?:extra|paid|non-?free|additional)\s+(?:checked\s+)?(?:{'|'.join(things)})",
                         re.I)
    for t in turns:
        if t.role == "assistant":
            for part in SENTENCE_OR_LINE.split(t.text):
                if _about_another(part, anchors):
                    continue
                for m in pattern.finditer(part):
                    if (n := _quantity(next(g for g in m.groups() if g).lower())) is not None:
                        found.add(n)
    return found


def _said_free(window: list[Turn], at: int, things: tuple[str, ...]) -> bool:
    """The description or a later message says the things counted are free ("3 checked bags, free of
    charge") and none paid ("6 are free and 1 is an extra bag charged to your card" says one is), and
    no message from the request on names a price: none of them is paid."""
    # The messages about the things; "free" may stand in a sentence of its own ("...; all of them are
    # covered by your allowance"), "paid" only beside the things.
    sentences = [sentence for t in window[at:] if says(t.wordline, things) for sentence in SENTENCE.split(t.text)]
    return (any(_FREE.search(_ALLOWANCE.sub(" ", sentence)) for sentence in sentences)
            and not any(_PAID.search(_FREE.sub(" ", sentence)) and says(" " + " ".join(words(sentence)), things)
                        for sentence in sentences)
            and not _names_a_price(window))


def _names_a_price(window: list[Turn]) -> bool:
    """Whether a message from the request on states a price (an amount above zero)."""
    return any(c > 0 for t in window for c in stated_amounts(t.text))


# "2 free checked bags" each passenger gets: an allowance, not the price of the bags added.
_ALLOWANCE = re.compile(rf"\b(?:\d+|{_SPELLED})\s+free\b", re.I)


def _options_said(options: tuple[str, ...], turn: Turn) -> set[str]:
    """The options a message names as words ("ordered by mistake", "business"); options too short or
    common to tell ("yes", "other") are never counted."""
    low = turn.text.lower()
    found = set()
    for option in options:
        phrase = option.replace("_", " ").lower()
        if not (" " in phrase or len(phrase) >= 6):
            continue
        # "I no longer need it" says "no longer needed"
        for form in (phrase, phrase[:-2]) if " " in phrase and phrase.endswith("ed") else (phrase,):
            if form in low and any(
                    not _NOT_CHOSEN.search(low, max(0, m.start() - 16), m.start()) and not _LEFT_AFTER.match(low, m.end())
                    and not _DAYS_AFTER.match(low, m.end()) for m in _whole_words(form).finditer(low)):
                found.add(option)
                break
    return found


# What an option follows when it is the one left or refused: "from business to economy", "economy
# rather than business", "not business", "we don't need business" (but "why not economy?" picks it).
_NOT_CHOSEN = re.compile(r"\b(?:from|(?<!less )(?<!more )than(?: go(?:ing)?| to)?|instead of|(?<!why )not|no|no need for|"
                         r"(?:don'?t|do not) (?:need|want))\s+$")
# "business is too pricey"; "these are business-cabin reservations": the cabin they are in, no choice
_LEFT_AFTER = re.compile(r"\s+(?:is|would be|seems|'s)\s+(?:too|not|out)\b|\s*-?\s*cabin\s+(?:reservations?|bookings?)\b")
_DAYS_AFTER = re.compile(r"\s+(?:days?|hours?)\b")  # "5–7 business days": no cabin


def _yes_no_said(noun: str, turn: Turn) -> set[str]:
    """A yes/no argument (``insurance``) as a message states it: "no insurance", "without travel
    insurance" say no; "with insurance", "add the insurance" say yes; both, or a question, nothing."""
    low = turn.text.lower()
    if noun not in low:
        return set()
    no = re.compile(rf"\b(?:no|without|not|don'?t (?:want|need)|decline|skip|drop|remove|pass on|forget(?: about)?)\s+"
                    rf"(?:\w+\s+)?{noun}")
    rest = no.sub(" ", low)
    yes = re.search(rf"\b(?:with|add|include|purchase|buy|want|get|take)\s+(?:\w+\s+)?{noun}", rest)
    said_no = rest != low
    if said_no == bool(yes):
        return set()
    return {"no"} if said_no else {"yes"}


@lru_cache(maxsize=256)
def _whole_words(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(phrase)}\b")


def _other_option(described: Turn, later: list[Turn], anchors: Anchors) -> str:
    """An option the description gives a replacement item that the item sent does not have: "the
    black, laser, wireless one" described, the white optical one sent. Each option of the item sent
    that the description and later messages never say is looked for among the other values its
    product lists for that option (not words as plain as "none"); else ""."""
    choosing: list[Turn] | None = None
    replacements = anchors.replacements()
    unnamed = replacements - described.compacts  # named by its id: described
    if not unnamed:
        return ""  # (no item's options to read: most descriptions name the new item's id)
    # Each item sent's options, read once: the values another item of the same call is sent with
    # are said of that one ("the bottle (stainless steel) ... together with the kettle", the kettle
    # sent glass).
    sent = {k: opts for k in replacements if isinstance(opts := anchors.index.field_of(k, "options"), dict)}
    for key in sorted(unnamed & sent.keys()):
        options = sent[key]
        listed: dict[str, set[str]] | None = None
        theirs = {v for other, opts in sent.items() if other != key for v in opts.values()}
        for name, value in options.items():
            own = set(words(value)) if isinstance(value, str) else set()
            if not own or own <= _PLAIN_OPTIONS:
                continue
            listed = listed if listed is not None else anchors.option_values(key)
            rivals = [v for v in sorted(listed.get(name, ())) if v != value and not set(words(v)) <= own
                      and not set(words(v)) <= _PLAIN_OPTIONS and v not in theirs]
            # The last word: the latest message that says a value of this option, from the description
            # on ("option 3 — 2 liters" ... "no wait, the first one" ... "back to option 1: 1.5 liters").
            # Only messages that choose: an answer to a question ("2 liters is $5 more.") chooses nothing.
            if choosing is None:
                choosing = [described, *(t for t in later if (ASKS.search(t.text) if t.role == "assistant"
                                                              else not t.text.rstrip().endswith("?")))]
            for turn in reversed(choosing):
                said = [v for v in rivals if set(words(v)) <= turn.words]
                if own <= turn.words or said:
                    break
            if said and not own <= turn.words:
                return f"{said[0]} where the item sent has {value}"
    return ""


_PLAIN_OPTIONS = frozenset({"none", "yes", "no", "standard", "default", "regular", "n", "a"})


def _other_sibling(described: Turn, anchors: Anchors) -> str:
    """Another item of the same name that the description tells apart from the one acted on: the
    order has a blue fabric and a gray leather Office Chair, the description says "blue fabric" and
    never "gray" nor "leather", and the gray one is changed. Only items it does not name by id, and
    not by what the replacement has ("... for the blue one": the new item's color)."""
    new: dict[str, set[str]] = {}
    for key in sorted(anchors.acted_on - described.compacts):
        found = anchors.siblings(key)
        if found is None or not isinstance(mine := found[0].get("options"), dict):
            continue
        if not new:
            for replacement in anchors.replacements():
                if isinstance(opts := anchors.field_of(replacement, "options"), dict):
                    for name, value in opts.items():
                        new.setdefault(name, set()).add(str(value))
        # The old item said as the user's: "your inkjet mono printer" (its words are the old item's,
        # though the replacement is mono too)
        item_name = str(found[0].get("name", "")).lower()
        yours = {w for m in re.finditer(rf"\byour\s+((?:[\w-]+\s+){{1,4}}){re.escape(item_name)}\b", described.text.lower())
                 for w in words(m[1])} if item_name and "your" in described.text.lower() else set()
        for other in found[1]:
            if isinstance(their_id := other.get("item_id"), str) and compact(their_id) in anchors.acted_on:
                continue  # both puzzles returned: the one said is acted on too
            opts = other.get("options")
            theirs: dict[str, Any] = opts if isinstance(opts, dict) else {}
            toward_them: list[str] = []
            toward_me = False
            for name, value in mine.items():
                their = theirs.get(name)
                if not isinstance(value, str) or not isinstance(their, str) or value == their or (
                        their in new.get(name, ()) and not set(words(their)) <= yours):
                    continue
                me_said, them_said = set(words(value)) <= described.words, set(words(their)) <= described.words
                if them_said and not me_said:
                    toward_them.append(their)
                toward_me |= me_said and not them_said
            if toward_them and not toward_me:
                return f"the other {found[0].get('name', 'item')} ({', '.join(toward_them)})"
    return ""


# A list line: "- Hiking Boots → leather", "2. T-Shirt — $53.48", a table row.
_LIST_LINE = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)]|\|)", re.M)
# An item a sentence or line names without acting on it: "the T-Shirt can't be returned", "boots: unchanged".
# Where a sentence turns from what it acts on to what it leaves: "..., and keep the kettle", "but not".
_KEEP_CLAUSE = re.compile(r",|;|\bbut\b|\band\s+(?=keep|leave|not\b|hold)|\((?=[^)]*\b(?:stays?|unchanged)\b)", re.I)
_LEFT_AS_IS = re.compile(
    r"\b(?:no longer|can'?t|cannot|won'?t|couldn'?t|wouldn'?t|isn'?t|aren'?t|don'?t|unable|afterwards|ineligible|except|excluding|keep|kept|"
    r"keeping|unchanged|stays?|staying|remains?|already|separate\w*|later|would need|no change|not (?:be |being )?(?:chang|modif|"
    r"return|exchang|includ|eligible|part|touch)\w*)\b", re.I)  # not "not waterproof": an option


# A sentence that offers more than the action described: "if you want to return anything else ...".
_BARE_NAMES = re.compile(r"\s*(?:(?:so|and|or)\s+)?(?:the\s+|your\s+)?[\w' -]{1,40}")  # "so the action camera", " puzzle"
_OFFERS_MORE = re.compile(r"\b(?:if you (?:want|wish|need|'?d like|would like)|anything else|something else)\b", re.I)


def _items_left_out(described: Turn, later: list[Turn], anchors: Anchors) -> str:
    """Items of the call's order that the description acts on but the call does not:
    - its action sentence swaps one: "(table of the whole order) Just to confirm: you'd like to
      return the Desk Lamp and the T-Shirt?", and the lamp and the kettle returned;
    - its list of changes holds one more: "- Electric Kettle → white\n- Hiking Boots → leather",
      and only the kettle modified (an order's items change once: the boots' change is lost).
    A list of every item of the order is the order, not the change. Not when the user named items
    after the description ("actually just the lamp"): the confirmation check reads that scope."""
    if "\n" not in described.text or not _LIST_LINE.search(described.text):
        return ""  # without a list or table, the description's items are its own (check_confirmation)
    # Not the lines about another order: "2. Cancel pending order #W9249120 (Desk Organizer ...)".
    described = _lines_of_owner(described, anchors)
    own = set().union(*map(anchors.labels_of, anchors.acted_on))
    if described.words.isdisjoint(anchors.index.names_beside(min(anchors.acted_on)) - own):
        return ""  # the description names no other item of the call's order: none to leave out
    mates: list[dict[str, Any]] = next((m for key in sorted(anchors.acted_on) if len(m := anchors.list_mates(key)) > 1), [])
    if not mates:
        return ""
    names = [o["name"] if isinstance(o.get("name"), str) else "" for o in mates]
    mine = {k for k, o in enumerate(mates)
            if not anchors.acted_on.isdisjoint(compact(v) for f, v in o.items() if f.endswith("id") and isinstance(v, str))}
    own_names = {names[k] for k in mine}
    others = {k for k, name in enumerate(names) if name and name not in own_names}
    if not mine or not others:
        return ""
    # A name's words that no other name of the order has ("kettle", not "electric" beside a toothbrush).
    word_sets = [{w for w in words(name) if len(w) > 2} for name in names]
    distinct = [ws.difference(*(word_sets[j] for j, other in enumerate(names) if other != names[k]))
                for k, ws in enumerate(word_sets)]

    options: list[set[str]] = []  # read on first need (a listing parsed per acted-on item)

    def named(ws: AbstractSet[str]) -> set[int]:
        if "resistant" in ws or "resistance" in ws:  # "water resistant" is an option, not the Water Bottle
            ws = set(ws) - {"water"}
        hit = {k for k, own in enumerate(distinct) if own and not own.isdisjoint(ws)}
        if not hit:
            return hit
        if not options:
            # The words of the options the acted-on items' product offers: "white/laser/wireless" is
            # the mouse's option, not the order's Wireless Earbuds.
            options.append({w for key in sorted(anchors.acted_on) for values in anchors.option_values(key).values()
                            for v in values for w in words(v)})
        return {k for k in hit if not distinct[k].isdisjoint(set(ws) - options[0])}

    if any(t.role == "user" and named(t.words) for t in later):
        return ""
    said_mine: set[int] = set()
    said_other: set[int] = set()
    for sentence in SENTENCE_OR_LINE.split(described.text):
        ws = words(sentence)
        # (An arrow is a change's verb: "- Headphones on-ear · red ($377.97) → over-ear · black".)
        if not (says(wordline(ws), anchors.stems) or says_arrow(sentence)) \
                or _OFFERS_MORE.search(sentence):
            continue  # "if you want to return anything else (smart watch, speaker), now's the time" is no action
        # Clause by clause: "return the lamp and the T-Shirt and keep the kettle" keeps only the kettle.
        # A run of bare names shares the clause that ends it: "so the action camera, puzzle, vacuum and
        # watch can't be returned later" leaves all four out.
        pending: set[int] = set()
        for part in _KEEP_CLAUSE.split(sentence):
            hit = named(set(pw := words(part)))
            if _LEFT_AS_IS.search(part):
                pending = set()
                continue
            if not says(wordline(pw), anchors.stems) and _BARE_NAMES.fullmatch(part):
                pending |= hit
                continue
            hit |= pending
            pending = set()
            said_mine |= hit & mine
            said_other |= hit & others
        said_mine |= pending & mine
        said_other |= pending & others
    if said_other and mine - said_mine:
        return (f"the description's action names {_item_names(names, said_other)}, "
                f"not {_item_names(names, mine - said_mine)}")
    # Its lists, each a block of list lines under the line before it: a list of every item of the
    # order is the order ("Found it! Order #W1:" and a table), unless that line says the action
    # ("Here's the return:"); a list under "Keeping:" keeps its items.
    left: set[int] = set()
    header = ""
    block: list[str] = []
    for line in [*described.text.splitlines(), ""]:
        if _LIST_LINE.match(line):
            block.append(line)
            continue
        if block:
            left |= _block_left_out(block, header, named, mine, others, len(mates), anchors)
            block = []
        if line.strip():
            header = line
    return f"the description's list of changes also holds {_item_names(names, left)}" if left else ""


# What leaves an object as it is: "... and leave 555-123-2008 as is", "L1008 stays on".
_LEAVES = re.compile(r"\b(?:leav(?:e|ing)|keep(?:ing)?|kept|stays?|remains?|unchanged|untouched|as (?:it )?is)\b", re.I)
_THEN_RESTATED = re.compile(r"(?:\s+(?:the same|as (?:it )?is|unchanged))?\W{0,3}:")  # "stays the same: ..."
_LEAVE_STEMS = ("leav", "keep", "kept", "stay", "remain", "unchanged", "untouched", " as is", " as it is")


def _repeat_miscounted(described: Turn, anchors: Anchors) -> str:
    """An item the call lists n times where the description counts it otherwise: two of the same
    water bottle returned, where it said "1 Water Bottle ($48.59)"; else ""."""
    said = words(described.text)
    for raw, times in anchors.repeats().values():
        name = anchors.index.field_of(raw, "name")
        if not isinstance(name, str) or not (named := words(name)):
            continue
        size = len(named)
        for k in range(len(said) - size + 1):
            if said[k:k + size - 1] == named[:-1] and said[k + size - 1].startswith(named[-1]):
                # "1 Water Bottle", "one of the water bottles", "2 x Water Bottle"
                qty = _nearest_quantity([w for w in said[max(0, k - 4):k] if w not in _COUNT_FILLER])
                if qty is not None and qty[1] != times:
                    return f"{qty[1]} {name} where the call lists it {times} times"
    return ""


_COUNT_FILLER = frozenset({"x", "of", "the", "your", "those", "these"})


def _leaves_as_is(described: Turn, anchors: Anchors) -> str:
    """An object of the call that the description names only in clauses that leave it as it is:
    "I'll only disable roaming on 555-123-2004 (L1004) and leave 555-123-2008 as is", and roaming
    disabled on L1008 too. Else ""."""
    low = described.text.lower()
    if anchors.dated or not any(w in low for w in _LEAVE_STEMS):
        return ""  # a flight change sends the flights it keeps too
    # What the call acts on: not the account, the object that holds it (an order) nor how it pays.
    own = anchors.ids - anchors.account_keys - {compact(o) for o in anchors.owners} - {
        compact(value) for _, value, _ in anchors.payments}
    kept: set[str] = set()
    acted: set[str] = set()
    for sentence in SENTENCE_OR_LINE.split(described.text):
        for part in _KEEP_CLAUSE.split(sentence):
            if " to " in part and WISHED_KEPT.search(part):
                continue  # "I resumed it even though you asked me to leave it suspended": the user's wish, reported
            if (leaves := _LEAVES.search(part)) and (restated := _THEN_RESTATED.match(part, leaves.end())):
                # "Everything else stays the same: Pet Bed item 6942241102 → 6499892866": the change, restated
                part, leaves = part[restated.end():], None
            named = own & Turn(-1, "assistant", part).compacts
            (kept if leaves else acted).update(named)
    left = kept - acted
    return sorted(left)[0] if left else ""


def _block_left_out(block: list[str], header: str, named: Callable[[AbstractSet[str]], set[int]], mine: set[int],
                    others: set[int], count: int, anchors: Anchors) -> set[int]:
    """The items of the order that one list of the description changes with the call's and the call
    leaves out (``_items_left_out``)."""
    if _LEFT_AS_IS.search(header):
        return set()  # "**Keeping:**"
    listed: dict[int, str] = {}
    for line in block:
        for k in named(set(words(line))):
            listed.setdefault(k, line)
    if mine.isdisjoint(listed) or (len(listed) == count and not says(wordline(words(header)),
                                                                      anchors.stems)):
        return set()
    return {k for k in others & listed.keys() if not _LEFT_AS_IS.search(listed[k])}


def _item_names(names: list[str], which: set[int]) -> str:
    return " and ".join(sorted({names[k] for k in which}))


def _other_variant(described: Turn, later: list[Turn], anchors: Anchors) -> str:
    """An identifier the description names in place of one of the call's items, which no message
    since names: the same shape, visible, not the call's ("the blue M T-shirt 9612497925" described,
    8349118980 called; but "out of stock; 2323972008 instead?" offers the one called); else ""."""
    as_booked = ({compact(i) for i, _ in anchors.dated} - {compact(i) for i, _ in anchors.changed()}
                 if anchors.dated else set())
    described = _lines_of_owner(described, anchors)
    unsaid = [key for key in anchors.variants - as_booked
              if key not in described.compacts and not anchors.said_as_given(key, later)]
    missing = {id_shape(key) for key in unsaid}
    # Shapes only a kind-and-number key has (flight "HAT023"): a random code of that shape (a
    # reservation "K1NW8N") is no other of them.
    numbered = {id_shape(k) for k in unsaid if kind_and_number(k)} - {id_shape(k) for k in unsaid if not kind_and_number(k)}
    if missing:  # an identifier of such a shape in the description: a search each, so only then
        text = described.text
        # The product listings (observations with "variants") of the items sent that it leaves unsaid (not
        # those sent back), read once for every line
        sent = anchors.replacements()
        listings = [(key, low) for key in unsaid if key in sent for low in anchors.index.json_observations
                    if '"variants"' in low and key in low]
        if "\n" in text and (own := [line for line in text.split("\n")
                                      if not anchors.variants.isdisjoint(map(compact, chunks(line)))
                                      or (listings and _names_sibling(line, listings))]):
            # Of a list, the lines of the call's items: "- Pot ... → item 9457040572" is another item's
            # change where the reply narrowed the exchange to the turntable; a line naming another
            # variant of the product an item unsaid is of is that item's ("| Electric Kettle | ... |
            # 2L, glass, white (4064702754) |", called 4458619711)
            text = "\n".join(own)
        for token in chunks(text):
            other = compact(token)
            if id_shape(other) in missing and looks_like_identifier(token) and (
                    (anchors.rival_id(token) and (id_shape(other) not in numbered or kind_and_number(other)))
                    or any(anchors.kin_of(token, key) for key in unsaid)) and not _mistyped(text, token):
                return token
    return ""


# The slip a description owns to: "I mistyped the new item id (1775591936 instead of 1775591963)".
_MISTYPED = re.compile(r"\b(?:mistyp\w*|typo|mis-?typed|wrong (?:item |product )?id)\b", re.I)


def _mistyped(text: str, token: str) -> bool:
    """Whether the identifier is the one a sentence owns to have mistyped: "X instead of Y" after a word
    of the slip."""
    at = text.find(token)
    start = max(text.rfind(". ", 0, at), text.rfind("\n", 0, at)) + 1
    return text.startswith(" instead of ", at + len(token)) and _MISTYPED.search(text, start, at) is not None


def _names_sibling(line: str, listings: list[tuple[str, str]]) -> bool:
    """Whether a line names another variant of a product whose listing shows an item (``listings``:
    (the item's key, the listing), lower case): two variants of one product."""
    for token in chunks(line):
        if looks_like_identifier(token):
            other = compact(token)
            if any(other != key and other in low for key, low in listings):
                return True
    return False


def _lines_of_owner(described: Turn, anchors: Anchors) -> Turn:
    """A description's lines less those naming another object of the kind the call acts on ("1.
    Order #W2922379: bottle -> red (item 2439754078) ... 2. Order #W5254379: lamp -> medium (item
    5320792178)", for the lamp's order): what they offer is that one's. The whole where none does."""
    if "\n" not in described.text or not anchors.owners:
        return described
    owners = {compact(o) for o in anchors.owners}
    shapes = {id_shape(o) for o in owners}
    lines = described.text.split("\n")
    kept = [line for line in lines if not any(
        (key := compact(t)) not in owners and id_shape(key) in shapes and looks_like_identifier(t)
        and anchors.rival_id(t) for t in chunks(line))]
    return described if len(kept) == len(lines) else Turn(-1, "assistant", "\n".join(kept))


_TOKEN_RUN = re.compile(r"[a-z0-9]+")


def _dates_by_item(text: str, idents: set[str]) -> tuple[dict[str, list[DateMention]], list[DateMention]]:
    """The dates a text gives each of these items (``dates.dates_by_mention``), and, when it
    mentions none, every date it states."""
    low = text.lower()
    spots = [(m.start(), m.end(), compact(ident)) for ident in idents for m in re.finditer(re.escape(ident.lower()), low)]
    if not spots:
        return {}, date_mentions(text)
    # Other items of the same kind take the dates after them: "from HAT168 on 2024-05-28 to HAT053 on
    # 2024-05-27" gives HAT168 the 28th only.
    keys = {compact(i) for i in idents}
    shapes = {id_shape(k) for k in keys}
    spots += [(m.start(), m.end(), key) for m in _TOKEN_RUN.finditer(low)
              if (key := compact(m[0])) not in keys and looks_like_identifier(m[0]) and id_shape(key) in shapes]
    spots.sort()
    found = dates_by_mention(text, spots)
    if ":" in text:  # (not the day a time falls on: "HAT172 LGA 23:00 → PHL 00:00 (May 25)", the arrival's)
        found = {key: [d for d in days if not _AFTER_TIME.search(text, max(0, d.start - 12), d.start)]
                 for key, days in found.items()}
    return found, []


_AFTER_TIME = re.compile(r"\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?\s*\(?\s*$", re.I)  # "00:00 (May 25)", "03:00 May 21"


def _listed(value: Any) -> list[Any]:
    """A list as it is; anything else (an observation's "flights": 5) holds no items."""
    return value if isinstance(value, list) else []


def _date_not_described(turns: list[Turn], described: Turn, anchors: Anchors, first: Turn | None = None) -> str:
    """A dated item the call changes to a date the description gives it no word for. The dates
    the description's action sentences give that item decide ("move HAT093 to May 20"); where they
    name no item, the dates they state ("I can move your outbound to May 21"); else the dates any of
    its sentences gives it ("your return HAT217 on 2024-05-28 stays"); else some
    message must state it, or it is the day of a flight the reservation holds ("a later flight on
    the same day"). Else ""."""
    idents = {ident for ident, _ in anchors.dated}
    acting = " ".join(t for t in SENTENCE.split(described.text) if says(Turn(-1, "", t).wordline, anchors.stems))
    in_action, free = _dates_by_item(acting or described.text, idents)
    anywhere, _ = _dates_by_item(described.text, idents)
    # "Same day": the day of a flight the call replaces (one the reservation holds, the call drops).
    sent = {(compact(i), d) for i, d in anchors.dated}
    booked = {str(item.get("date")) for arg in anchors.dated_args for item in _listed(anchors.current(arg))
              if isinstance(item, dict) and (compact(str(next((v for k, v in item.items() if k.endswith(NESTED_ID_KEYS)),
                                                               ""))), str(item.get("date"))) not in sent}
    # A passenger's birth date beside a flight is no date of it: "HAT220 for Mei Hernandez (1981-01-11)".
    born = {str(r["dob"]) for _, items in anchors.records for r in items if isinstance(r, dict) and r.get("dob")}
    for ident, date in anchors.changed():
        key = compact(ident)
        # (an action sentence with no date at all, "Would you like me to downgrade all five?": any sentence's)
        said = in_action.get(key) or (free if not in_action and free else anywhere.get(key, []))
        if born:
            said = [d for d in said if not any(d.means(b) for b in born)]
        if said:
            if not any(d.means(date) for d in said):
                return f"the description gives {ident} another date than {date}"
        elif date not in booked and not any(says_date(t.text, date) for t in turns):
            return f"the description does not say {ident} on {date}"
    if moved := _moved_off(described.text, anchors):
        return moved
    # An item the call drops that the description says it keeps ("your return HAT144 stays the same"),
    # or the description it recaps does, where the recap does not name it ("outbound unchanged").
    kept = {compact(ident) for ident, _ in anchors.dated}
    for arg in anchors.dated_args:
        for item in _listed(anchors.current(arg)):
            if not isinstance(item, dict):
                continue
            found = next((v for k, v in item.items() if k.endswith(NESTED_ID_KEYS) and isinstance(v, str)), None)
            if found is None or compact(found) in kept:
                continue
            source = described if compact(found) in described.compacts else first
            if source is None or compact(found) not in source.compacts:
                continue
            parts = [p for part in _PARTS.split(source.text) for p in _AND_THEN.split(part)
                     if compact(found) in {compact(t) for t in chunks(p)}]
            if parts and all(_KEEPS.search(p) for p in parts) and not any(
                    re.search(rf"{_REPLACES}{_OTHERS_FIRST}{re.escape(found)}", p, re.I) for p in parts):
                # ("HAT003 ... (unchanged), HAT229 ... (replaces HAT290)": the one replaced is dropped)
                return f"the description keeps {found}, which the call drops"
    return ""


_ROUTE_ARROW = re.compile(r"\b[A-Z]{3}\s*→\s*[A-Z]{3}\b")
_PRICE_ARROW = re.compile(r"\$\d[\d,]*(?:\.\d+)?\**\s*→\s*\**\$\d")


def _moved_off(text: str, anchors: Anchors) -> str:
    """An item the call sends as booked that the description moves off that date by an arrow:
    "HAT138 on 2024-05-29 → HAT138 on 2024-05-30", and the call keeps HAT138 on the 29th."""
    if "→" not in text and "->" not in text:
        return ""
    changed = set(anchors.changed())
    for ident, date in anchors.dated:
        if (ident, date) in changed:
            continue
        key = compact(ident)
        for line in SENTENCE_OR_LINE.split(text):
            # (not a route's arrow: "HAT160 (DEN → CLT)")
            # (nor a price's: "HAT276 on May 21 $1,981 → $117, HAT279 on May 22 ...")
            left, arrow, right = _PRICE_ARROW.sub(" ", _ROUTE_ARROW.sub(" ", line.replace("->", "→"))).partition("→")
            if (arrow and key in {compact(t) for t in chunks(left)} and says_date(left, date)
                    and not says_date(right, date) and date_mentions(right)):
                return f"the description moves {ident} off {date}, where the call keeps it"
    return ""


_Said = TypeVar("_Said")  # what a ``_last_said`` finder finds: words, or amounts in cents


def _of_another(turn: Turn, anchors: Anchors) -> bool:
    """Whether an assistant message names another object of the call's kind and not the call's own."""
    return turn.role == "assistant" and anchors.ids.isdisjoint(turn.compacts) and anchors.names_rival(turn.text)


def _last_said(turns: list[Turn], at: int, find: Callable[[Turn], AbstractSet[_Said]]) -> AbstractSet[_Said]:
    """What ``find`` finds in the latest message from the description (``turns[at]``) on that has any
    (the last word counts: "to your PayPal or your gift card?" ... "to the gift card, proceed?");
    where none has, in the latest of the request's."""
    for part in (turns[at:], turns[:at]):
        for turn in reversed(part):
            said = find(turn)
            if said:
                return said
    return frozenset()


def _said_of_this(turns: list[Turn], at: int, find: Callable[[Turn], AbstractSet[_Said]],
                  anchors: Anchors) -> AbstractSet[_Said]:
    """What ``find`` finds in a sentence of the user's latest reply that names this call's object by
    its identifier ("The first two I no longer need. W8367380 I ordered by mistake."), where a reply
    gives each object its own choice."""
    reply = next((t for t in reversed(turns[at:]) if t.role == "user"), None)
    if reply is None or not anchors.ids & reply.compacts:
        return frozenset()
    for sentence in SENTENCE.split(reply.text):
        part = Turn(-1, "user", sentence)
        if anchors.ids & part.compacts and (said := find(part)):
            return said
    return frozenset()


def _others_left_out(turns: list[Turn], at: int, anchors: Anchors) -> list[Turn]:
    """``turns`` with the user's latest reply (after the description, ``turns[at]``) cut to its sentences
    that name no other object of this call's kind without this one, where it names this one: "Do JG7FMM
    and X7BYG1. Hold off on BOH180 - Anya might want to stay in business." states no cabin for JG7FMM."""
    k = next((k for k in range(len(turns) - 1, at, -1) if turns[k].role == "user"), None)
    if k is None or not anchors.ids & (reply := turns[k]).compacts:
        return turns
    sentences = SENTENCE.split(reply.text)
    kept = [sentence for sentence in sentences if anchors.ids & (part := Turn(-1, "user", sentence)).compacts
            or not any(anchors.rival_id(t) for t in part.id_keys)]
    if len(kept) == len(sentences):
        return turns
    return [*turns[:k], Turn(reply.index, "user", " ".join(kept)), *turns[k + 1:]]


def _said_in_own_line(turns: list[Turn], at: int, find: Callable[[Turn], AbstractSet[_Said]],
                      anchors: Anchors) -> AbstractSet[_Said]:
    """What ``find`` finds in the description's line that names this call's object by its identifier
    and no other object of its kind ("- #W5663445: Air Purifier, ...; Reason: ordered by mistake"),
    where the description lists each object with its own choice and nothing after it says one."""
    described = turns[at]
    if "\n" not in described.text or not anchors.ids & described.compacts or any(find(t) for t in turns[at + 1:]):
        return frozenset()
    lines = described.text.split("\n")
    if not any(anchors.names_rival(line) for line in lines):
        return frozenset()  # one object's description: its lines may say what it is and what it becomes
    methods = {compact(value) for _, value, _ in anchors.payments}
    for k, line in enumerate(lines):
        if k + 1 < len(lines) and TABLE_RULE.match(lines[k + 1]):
            continue  # a table's header names its columns' methods for every row: "| ... | Mastercard 9363 |"
        part = Turn(-1, "assistant", line)
        # (a line that names only a method the call pays with names no object of it: "K1NW8N would be
        # cancelled with $567 back to gift_card_6136092", beside the booking that gift card pays for)
        if (own := anchors.ids & part.compacts) and not own <= methods and not anchors.names_rival(line) and (
                said := find(part)):
            return said
    return frozenset()




def _method_words(anchors: Anchors, turn: Turn) -> frozenset[str]:
    """The kinds of payment method a message names for this call (``payment_words``): not those it
    names for money another action moves, where this call moves none ("Charge the difference to my
    credit card. Yes to both changes", of a change of the order's payment method). A call that
    changes items moves their price difference: "with $9.10 refunded to PayPal" is its own."""
    said = payment_words(turn)
    if anchors.amounts or anchors.variants or not said:
        return said
    # Nor in a clause or list line about another object of the call's kind ("1. Cancel #W5663516 ...
    # $372.99 goes back to your gift card", of the payment change of #W4285041 beside it).
    aside = [line for line in turn.text.splitlines() if _about_another(line, anchors)] if "\n" in turn.text else []
    return frozenset().union(*(payment_words(Turn(-1, turn.role, c.text)) for c in turn.clauses
                               if not _MONEY_FLOW.search(c.text) and not _PAID_BEFORE.search(c.text)
                               and not (c.question and turn.role == "user" and _ASKS_WHAT.match(c.text))
                               and not _about_another(c.text, anchors)
                               and not any(c.text in line for line in aside)))


def _about_another(text: str, anchors: Anchors) -> bool:
    """Whether a text names another object of the call's kind and none of the call's: by identifier,
    or by places only another one's record holds ("the seattle one", of two reservations)."""
    if ids := identifiers_in(text):
        return anchors.ids.isdisjoint(map(compact, ids)) and any(map(anchors.rival_id, ids))
    if anchors.place_spans is not None and not anchors.place_vocab.isdisjoint(words(text)) and (
            spans := anchors.place_spans(text)):
        own, rival = anchors.owner_places({code for _, _, code in spans})
        return bool(rival) and not own
    return False


_MONEY_FLOW = re.compile(r"\b(?:refund\w*|difference|the rest|remaining|balance)\b", re.I)
# How the order was paid so far, not the method chosen now: "#W8327915 ... was paid $3,844.86 with the gift card".
# A user's question of what or how much, which picks no method: "What will the gift card have after that?"
_ASKS_WHAT = re.compile(r"\W*(?:and\s+|so\s+)?(?:what|how|when|where|why|which|who)\b", re.I)
_PAID_BEFORE = re.compile(r"\b(?:was|were)\s+paid\b|\bcurrently\s+paid\b", re.I)


def names_method_id(turn: Turn, value: str) -> bool:
    """Whether a message names a payment method by its id, or by the id's number ("$75 from gift
    card 4366692" names gift_card_4366692)."""
    if value in turn.text:
        return True
    number = value.rsplit("_", 1)[-1]  # (a substring test before the message's tokens)
    return len(number) >= 5 and number.isdigit() and number in turn.text and number in turn.compacts


def _method_ids_said(ids: frozenset[str], by_ending: bool, turn: Turn) -> frozenset[str]:
    """Which of ``ids`` (payment methods of one kind) a message names: by the identifier or its
    number, or, ``by_ending``, by the number's last four digits ("your gift card ending 4862")."""
    said = frozenset(i for i in ids if names_method_id(turn, i))
    if not said and by_ending and (endings := card_endings(turn) | _kind_numbers(turn.text)):
        said = frozenset(i for i in ids if i[-4:] in endings)
    return said


# A gift card or certificate by four digits right after its kind: "Gift card 7252: $255".
_KIND_NUMBER = re.compile(r"\b(?:gift ?cards?|certificates?)\s+(?:#\s*)?\**(\d{4})\b", re.I)


def _kind_numbers(text: str) -> frozenset[str]:
    """The four digits a text names gift cards or certificates by (``_KIND_NUMBER``)."""
    return frozenset(_KIND_NUMBER.findall(text)) if "ift" in text or "ertific" in text else frozenset()


_REPLY_CLAUSES = re.compile(r"[.,;!?]\s|\bbut\b")  # a reply's clauses, roughly
_REFUSING = re.compile(r"\b(?:not|no|never|don'?t|do not|isn'?t|won'?t)\b", re.I)
LAST_FOUR = re.compile(r"(?<![\d-])\d{4}(?![\d-])")  # four digits alone: a card's last four ("on 7447")
def _by_last_four(turn: Turn, kind: str, value: str, anchors: Anchors) -> bool:
    """Whether a message names the credit card ``value`` by its last four digits, standing alone, and
    does not refuse it."""
    if kind != "creditcard" or not any(len(k) == 4 and k.isdigit() for k in turn.id_keys):
        return False  # (the usual case, first: no four digits alone)
    four = anchors.card_field(value, "last_four")
    if not four or four not in turn.text:
        return False
    # (not one refused: "just don't use the Visa ending 8131", "not the Visa ending 8862")
    return any(four in LAST_FOUR.findall(part) and not _REFUSING.search(part) for part in _REPLY_CLAUSES.split(turn.text))


_ORIGINAL_PICKED = re.compile(r"\b(?:the|my)\s+original\s+(?:gift\s*card|card|payment(?:\s+method)?|method|one)\b", re.I)


def _original_picked(turns: list[Turn], at: int, value: str) -> bool:
    """Whether the user's latest message picks "the original" method, and the description (``turns[at]``)
    calls the call's method the original one ("Refund $186 to gift_card_6941833 (original payment)")."""
    last = next((t for t in reversed(turns[at + 1:]) if t.role == "user"), None)
    if last is None or not _ORIGINAL_PICKED.search(last.text):
        return False
    low, key = turns[at].text.lower(), value.lower()
    at_value = low.find(key)
    return at_value >= 0 and "original" in low[at_value:at_value + len(key) + 30]


def _choice_not_stated(turns: list[Turn], at: int, anchors: Anchors) -> ConfirmVerdict | None:
    """A confirmed call with a choice other than the one last stated (see ``_last_said``; ``turns[at]``
    is the description): a cancellation "ordered by mistake" sent as "no longer needed", a refund to
    the gift card the user chose sent to PayPal."""
    for arg, value, options in anchors.choices:
        if sorted(options) == ["no", "yes"]:  # too short to find as words: "no insurance" says it
            find = partial(_yes_no_said, arg.lower().replace("_", " ").split()[-1])
        else:
            find = partial(_options_said, options)
        said = (_said_of_this(turns, at, find, anchors) or _said_in_own_line(turns, at, find, anchors)
                or _last_said(_others_left_out(turns, at, anchors), at, find))
        if said and value not in said:
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: {', '.join(sorted(said))}", arg, value)
    entries = _record_entries(turns[at], anchors) if anchors.payments else None
    for arg, value, kind in anchors.payments:
        if entries is not None and not names_method_id(entries[0], value) and names_method_id(entries[1], value):
            # "2. Raj Sanchez: certificate_9984806 $250 ... 3. Liam Wilson: certificate_2765295 $250",
            # Raj's booking paid with Liam's certificate
            return ConfirmVerdict(False, "argument_not_confirmed", "stated: for another passenger", arg, value)
        if (own := _said_in_own_line(turns, at, partial(_method_words, anchors), anchors)) and \
                kind not in {PAYMENT_WORDS[w] for w in own} and not names_method_id(turns[at], value):
            # a list of actions, each with its own method: "- change the Espresso Machine on #W6779827 ...,
            # refunding $98.16 to your Mastercard", and the call refunds to the gift card another line names
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated in its line: {', '.join(sorted(own))}",
                                  arg, value)
        named = max((k for k in range(at, len(turns)) if names_method_id(turns[k], value)), default=-1)
        if named >= 0 and not any(_method_words(anchors, t) for t in turns[named + 1:] if not _of_another(t, anchors)):
            # the method itself was named, and no message after names another kind (but one about another
            # object: "The watch change on #W7941031 is done — $77.15 will be refunded to your PayPal")
            continue
        if (reply := next((t for t in reversed(turns[at + 1:]) if t.role == "user"), None)) is not None \
                and _by_last_four(reply, kind, value, anchors):
            continue  # "yes, add it on 7447" to "... $50 on a card or gift card. Which card?": the card by its last four
        # ("... charged to your PayPal (paypal_3650980)" "put the difference on my visa instead. then yes")
        said = _last_said(turns, at, partial(_method_words, anchors))
        kinds_said = {PAYMENT_WORDS[w] for w in said}
        if said and kind not in kinds_said and not (
                # of a split, "$1,786 on the Mastercard is fine" speaks of another of its methods
                len(anchors.payments) > 1 and kinds_said <= {k for _, _, k in anchors.payments}):
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: {', '.join(sorted(said))}", arg, value)
        if not said and kind in _NOT_A_CARD and _last_said(turns, at, _cards_said):
            # "refunded back to your card", and the refund goes to PayPal
            return ConfirmVerdict(False, "argument_not_confirmed", "stated: card", arg, value)
        if kind in _BALANCE_NOUN and (other := _other_balance(turns, at, kind, value, anchors)):
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: the {other}", arg, value)
        # Two methods of one kind, the one stated by its id: "refunded to gift card gift_card_3504862",
        # "the gift card ending 4862" (a gift card's number; a credit card's ending is its last four).
        if len(ids := anchors.method_ids_of_kind(kind)) > 1 and (said := _last_said(
                turns, at, partial(_method_ids_said, ids, kind != "creditcard"))) and value.lower() not in said \
                and not said <= {v.lower() for _, v, k in anchors.payments if k == kind}:  # (the call pays with both)
            if _original_picked(turns, at, value):
                continue  # "Use the original gift card", where the description called this one the original payment
            if kind == "creditcard" and len(ids) == 2 and any(
                    t.role == "user" and _OTHER_CARD.search(t.text) for t in turns[at + 1:]):
                continue  # "yes but put it on my other card": of two cards, the one the description did not name
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: {', '.join(sorted(said))}", arg, value)
        # Two cards of one kind: "your Visa ending 8862" is the card whose last four are 8862.
        if kind != "creditcard":
            continue
        if other_card := next((m for t in reversed(turns[at + 1:])
                               if t.role == "user" and (m := _OTHER_CARD.search(t.text))), None):
            # "yes but put it on my other visa": a card of that brand, not the one the description named
            endings = _last_said(turns, at, card_endings)
            four, brand = anchors.card_field(value, "last_four"), anchors.card_field(value, "brand")
            if (four is None or four.lower() not in endings) and other_card[1].lower() in (
                    "card", "credit card", str(brand).lower()):
                continue
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: the other {other_card[1].lower()}",
                                  arg, value)
        for key, find_card in (("last_four", card_endings), ("brand", _card_brands)):
            said = _last_said(turns, at, find_card)
            card = anchors.card_field(value, key)
            if key == "last_four" and said and card is not None and _miswritten_four(said, card, anchors):
                continue  # "Visa ending 9351", the user's one Visa ending 9315: that card, its digits swapped
            if said and card is not None and card.lower() not in said:
                return ConfirmVerdict(False, "argument_not_confirmed", f"stated: {key} {', '.join(sorted(said))}",
                                      arg, value)
    if anchors.payments and (split := _split_unmet(turns, at, anchors)):
        arg, value, _ = anchors.payments[0]
        return ConfirmVerdict(False, "argument_not_confirmed", f"stated: split between {split}", arg, value)
    if len(anchors.payments) > 1 and "$" in turns[at].text and (swapped := _split_swapped(turns[at].text, anchors)):
        return ConfirmVerdict(False, "amount_not_confirmed", f"stated: {swapped[2]}", swapped[0], swapped[1])
    return None


# An amount, then the method it is paid with: "$100 from gift_card_8541816", "$61 on gift card 8371729".
_AMOUNT_FROM = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\s+(?:from|on|to|with|via|charged to)\s+(?:your\s+|the\s+)?"
                          r"((?:gift[_ ]card|certificate|credit[_ ]card)[_ ]?\d{5,})\b", re.I)


def _split_swapped(text: str, anchors: Anchors) -> tuple[str, Any, str] | None:
    """(the amount's argument, its value, what the description said) where a description pairs one of
    the call's payment methods with an amount that the call pays with another of them: "$100 from
    gift_card_8541816 and $61 from gift_card_8371729", sent as 61 and 100. None otherwise."""
    paid = {path.rsplit(".", 1)[0]: value for path, value in anchors.amounts if path.endswith(".amount")}
    by_method = {compact(method): (path.rsplit(".", 1)[0], paid.get(path.rsplit(".", 1)[0]))
                 for path, method, _ in anchors.payments}
    amounts = {to_cents(v) for v in paid.values()}
    for m in _AMOUNT_FROM.finditer(text):
        said, method = cents_of(m[1]), compact(m[2].replace(" ", "_"))
        if method in by_method and (value := by_method[method][1]) is not None and said != to_cents(value) \
                and said in amounts:
            return f"{by_method[method][0]}.amount", value, m[0]
    return None


def _miswritten_four(said: AbstractSet[str], four: str, anchors: Anchors) -> bool:
    """Whether the last four digits said are only this card's, miswritten (one digit, or two neighbours
    swapped), and no card shown ends in them."""
    cards = {anchors.card_field(i, "last_four") for i in anchors.method_ids_of_kind("creditcard")}
    if len(said) != 1 or said & cards or len(written := next(iter(said))) != len(four):
        return False
    diff = [k for k in range(len(four)) if written[k] != four[k]]
    return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                              and written[diff[0]] == four[diff[1]] and written[diff[1]] == four[diff[0]])


# A list's entry for one person: "2. **Raj Sanchez** (1986-09-12): ...", "- Liam Wilson: ...".
_PERSON_ENTRY = re.compile(LIST_MARK.pattern + r"\s*\**([A-Z][a-z'-]+ [A-Z][a-z'-]+)\**\s*[(:—–-]")
# A table's row of one passenger's booking, the name in its first or second cell: "| 2 | Raj Sanchez (1986-09-12) | ..."
_PERSON_CELL = re.compile(r"\s*\|(?:[^|\n]*\|)?\s*\**([A-Z][a-z'-]+ [A-Z][a-z'-]+)\**\s*[(|]")


def _record_entries(described: Turn, anchors: Anchors) -> tuple[Turn, Turn] | None:
    """Of a description that lists one entry per passenger, (the one line naming the call's
    passengers, the lines naming others); None where it is not such a list."""
    if not anchors.records or "\n" not in described.text:
        return None
    own: list[str] = []
    others: list[str] = []
    for line in described.text.split("\n"):
        if (m := _PERSON_ENTRY.match(line) or _PERSON_CELL.match(line)) is not None:
            (own if anchors.names_record(set(words(m[1]))) else others).append(line)
    if len(own) != 1 or not others:
        return None
    return Turn(-1, "assistant", own[0]), Turn(-1, "assistant", "\n".join(others))


# A payment's parts added up: "gift_card_2747099 $5 + visa 8968 $363", "$150 certificate + $218 on the Visa".
_PLUS_SPLIT = re.compile(r"\b(?:gift_card_\d+|credit_card_\d+|paypal_\d+|certificate_\d+|gift ?card|visa|mastercard|amex|"
                         r"paypal|certificate)\b[^+\n]{0,30}?\$?\d[\d,.]*\**(?:\s*dollars)?\s*\+", re.I)
# A payment split between methods: "the gift card for as much as it covers and the rest on the visa".
_SPLIT = re.compile(r"\b(?:the rest|remainder|remaining|split|as much as|balance on|part on|half)\b", re.I)
_SPLIT_WORDS = ("rest", "remain", "split", "as much as", "balance on", "part on", "half")


def _split_unmet(turns: list[Turn], at: int, anchors: Anchors) -> str:
    """The kinds of method the last message naming any splits the payment between, as the user asked
    ("the gift card for as much as it covers and the rest on the visa"), where the call pays with
    fewer of them (all on the Visa); else ""."""
    low = " ".join(t.text for t in turns[at:] if t.role == "user").lower()
    if not any(w in low for w in _SPLIT_WORDS) and not ("+" in turns[at].text and _PLUS_SPLIT.search(turns[at].text)):
        return ""  # a split the user asks for, by its words first (plain substrings): cheaper than reading methods
    # A description of one booking per passenger: the call's own entry says its methods.
    entries = _record_entries(turns[at], anchors) if "\n" in turns[at].text else None
    for turn in reversed([entries[0], *turns[at + 1:]] if entries else turns[at:]):
        if said := payment_words(turn) | {kind for m in METHOD_ID.finditer(turn.text) if (kind := payment_kind(m[0]))}:
            kinds = {PAYMENT_WORDS.get(w, w) for w in said}  # (a method by its id: "gift_card_2747099 $5")
            used = {kind for _, _, kind in anchors.payments}
            if len(kinds) > 1 and not kinds <= used and (_SPLIT.search(turn.text) or _PLUS_SPLIT.search(turn.text)):
                # (or a recap that adds the parts: "gift_card_2747099 $5 + visa 8968 $363 = $368")
                return " and ".join(sorted(said))
            return ""
    return ""


# A gift card or certificate, with the balance it is told apart by: "the $150 certificate", "the
# 150 certificate", "gift card ($92 balance)", "a certificate worth $150".
_BALANCE_NOUN = {"giftcard": re.compile(r"\bgift ?cards?\b", re.I),
                 "certificate": re.compile(r"\b(?:certificates?|vouchers?)\b", re.I)}
# What precedes the noun when it gives the balance: "the $150 certificate", "the 150 certificate",
# "a 250 dollar travel voucher"; not "$250 to your certificate" (an amount paid with it).
_BALANCE_BEFORE = re.compile(r"(?<![\w.,])\**\$?(\d[\d,]*(?:\.\d+)?)\**\s*(?:dollars?\s+|usd\s+|bucks?\s+)?"
                             r"(?:travel\s+|remaining\s+|store\s+|e-?)?$", re.I)
# What follows the noun when it gives the balance: "certificate ($250)", "gift card with $92 on it".
_BALANCE_AFTER = re.compile(r"\s*(?:\**\d{5,}\**\s*)?\**\s*(?:\(|of\b|with\b|worth\b|balance\b|:|—|-)[^,)\n;!?]{0,24}")


_OTHER_BEFORE = re.compile(r"\bother\s+\**\$?[\d,.]*\**\s*(?:dollars?\s+)?$", re.I)
_KEPT_ASIDE = re.compile(r"[^.;!?\n]{0,30}?\b(?:stays?|remains?|is kept|untouched|unused|left for)\b", re.I)


def _balances_said(kind: str, turn: Turn) -> frozenset[int]:
    """The amounts a message says right with a gift card or certificate: "$150 certificate", the
    150 one, "certificate ($150)", "certificate worth $150"; not an identifier's digits (more than
    five), nor an amount paid with it ("the full $250 to your certificate")."""
    text = turn.text
    out: set[int] = set()
    for m in _BALANCE_NOUN[kind].finditer(text):
        if _KEPT_ASIDE.match(text, m.end()) or _OTHER_BEFORE.search(text, max(0, m.start() - 24), m.start()):
            # "Your $100 certificate stays in your profile", "what happens to my other $100 certificate?":
            # the one not used
            continue
        parts = []
        if before := _BALANCE_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            parts.append((before[1], cents_of(before[1])))
        if after := _BALANCE_AFTER.match(text, m.end()):
            parts += numbers_in(after[0])
        out.update(cents for written, cents in parts if len(written.lstrip("-$").split(".")[0].replace(",", "")) <= 5)
    return frozenset(out)


def _other_balance(turns: list[Turn], at: int, kind: str, value: str, anchors: Anchors) -> str:
    """Another method of the kind that the last message to tell one by its balance names, where the
    user holds several: "use the 150 certificate", and the $250 one spent. Else ""."""
    if anchors.methods_of_kind(kind) < 2:
        return ""
    said = _last_said(turns, at, partial(_balances_said, kind))
    if not said:
        return ""
    balances = anchors.balances_of_kind(kind)
    own = balances.get(compact(value))
    others = {c for k, c in balances.items() if k != compact(value)}
    # "use the 209 gift card and the 28 one": a balance of another method the call pays with too
    used = {balances.get(compact(paid)) for _, paid, paid_kind in anchors.payments if paid_kind == kind}
    if own is None or own in said or said.isdisjoint(others) or said <= used:
        return ""
    return f"{kind.replace('card', ' card')} of ${min(said & others) / 100:g}"


_BRANDS = frozenset({"visa", "mastercard", "amex", "american express", "discover"})  # the card brands said
_BRAND_ALTERNATION = "|".join(sorted(_BRANDS))  # (no brand starts another: any order matches alike)
_OTHER_CARD = re.compile(rf"\b(?:my|the) other ({_BRAND_ALTERNATION}|credit card|card)\b", re.I)
_ENDING = re.compile(r"\b(?:ending|ends)(?: in| with)?[\s*]+(\d{4})\b|\blast (?:four|4)(?: digits)?(?: are| is)?[\s*]+(\d{4})\b"
                     r"|\bthe (\d{4}) (?:card|one)\b", re.I)  # or by its digits alone: "the 6832 card"
_BRAND = re.compile(rf"\b({_BRAND_ALTERNATION})\b", re.I)
# What a card is named after when it is the one not to use: "just don't use the Visa ending 1733".
_NOT_THIS = re.compile(r"\b(?:not|don'?t|never|no|except|instead of|rather than)\b[^.;!?]*$", re.I)


# The policy's alternative to the original method, no choice made: "the refund can only go to the
# original method or a gift card".
_OR_ORIGINAL = re.compile(r"\boriginal\s+(?:payment\s+)?(?:method|form)\s+or\s+(?:to\s+)?(?:an?\s+|your\s+)?$", re.I)
_BUT = re.compile(r"\bbut\b", re.I)  # "Not the Visa ending 1733 but the Mastercard"


@lru_cache(maxsize=2048)
def _unrefused(pattern: re.Pattern[str], text: str) -> frozenset[str]:
    """What ``pattern`` finds in a text (its groups, lower-cased), but where its clause refuses it or
    it stands in an aside. Kept per text: each message is asked about once per call it may describe."""
    matches = list(pattern.finditer(text))
    if not matches:
        return frozenset()
    # Positions read once, then bisected per match: a long message costs one pass, not one per match.
    opens = [m.start() for m in _OPEN.finditer(text)]
    closes = [m.start() for m in _CLOSE.finditer(text)]
    edges = sorted([m.start() for m in _CLAUSE_EDGE.finditer(text)] + [b.end() for b in _BUT.finditer(text)])
    found = set()
    for m in matches:
        at = m.start()
        if (o := bisect_left(opens, at)) > (c := bisect_left(closes, at)) and not _MOVED_TO.search(text, opens[o - 1], at) \
                and not _AS_PAYMENT.search(text, m.end(), closes[c] if c < len(closes) else len(text)):
            # an aside: "(your Visa ending 1733 is also on file)"; not "($16 charged to your gift card)", nor
            # "(Visa ending 9990 on file as the payment reference)"
            continue
        k = bisect_right(edges, at) - 1
        if not _NOT_THIS.search(text, edges[k] if k >= 0 else 0, at) and not _OR_ORIGINAL.search(text, max(0, at - 50), at):
            found.add(next(g for g in m.groups() if g).lower())
    return frozenset(found)


_OPEN, _CLOSE, _CLAUSE_EDGE = re.compile(r"\("), re.compile(r"\)"), re.compile(r"[.;,(:]")
# Money moving to or from the method an aside names: it is the one used, not one also on file.
_AS_PAYMENT = re.compile(r"\b(?:as|for)\s+(?:the\s+)?payment\b|\bto pay\b", re.I)
_MOVED_TO = re.compile(r"\b(?:charg\w*|refund\w*|billed|credited|debited|back)\b[^()]*?\b(?:to|on|from)\b[^()]*$", re.I)


_CARD = re.compile(r"\b(card)s?\b", re.I)
_NOT_A_CARD = frozenset({"paypal", "certificate"})


def _cards_said(turn: Turn) -> frozenset[str]:
    """"card" where a message names a card of no kind ("back to your card"), not refused."""
    return _unrefused(_CARD, turn.text) if "card" in turn.text.lower() else frozenset()


def card_endings(turn: Turn) -> frozenset[str]:
    """The last four digits of cards a message names ("Visa ending 8862", "the 6832 card"), not refused."""
    return _unrefused(_ENDING, turn.text) if ("end" in turn.text or "last" in turn.text or " card" in turn.text
                                              or " one" in turn.text) else frozenset()


def _card_brands(turn: Turn) -> frozenset[str]:
    """The card brands a message names ("your Mastercard"), not refused."""
    return _unrefused(_BRAND, turn.text)




def payment_words(turn: Turn) -> frozenset[str]:
    """The words of payment kinds a message says, but those it refuses ("instead of PayPal") and a
    certificate it speaks of as given ("issue a $50 travel certificate", "as for the certificate")."""
    said = _unrefused(PAYMENT_SAID, turn.text)
    if "certificate" in said and not any(not _CERTIFICATE_GIVEN.search(turn.text, max(0, m.start() - 40), m.start())
                                         for m in _CERTIFICATE.finditer(turn.text)):
        said -= {"certificate"}
    return said


# Where a certificate is the thing given, not a way to pay: "issue a $50 travel certificate",
# "As for the certificate, let me first ask Liam".
_CERTIFICATE = re.compile(r"\bcertificate\b", re.I)
_CERTIFICATE_GIVEN = re.compile(r"\b(?:issu\w*|send|sending|sent|giv\w*|offer\w*|compensat\w*|as for|about|"
                                r"regarding)\b[^.;:!?]{0,30}$", re.I)


_HEDGED = re.compile(r"\b(?:maybe|perhaps|later|not sure|might|just a thought)\b", re.I)


def picks_payment(text: str, asked: Turn) -> bool:
    """A reply that picks one of the payment methods a question offered: "Use my paypal then." to
    "Would you like to pay it with PayPal or your Mastercard ending 3762?"; or "Not PayPal, the
    Mastercard." (a method the reply refuses is not picked)."""
    if _HEDGED.search(text):
        return False  # "maybe the gift card later"
    said = {PAYMENT_WORDS[w] for w in _unrefused(PAYMENT_SAID, text)}
    if not said or " or " not in asked.text or not ASKS.search(asked.text):
        return False
    offered = {PAYMENT_WORDS[w] for w in payment_words(asked)}
    return len(offered) > 1 and said <= offered


# What a reply that only picks an option may say besides the option: "I'll take the 3 GB one, please."
_PICK_ONLY = frozenset({"the", "one", "option", "number", "please", "i", "ll", "take", "go", "with", "let", "s",
                        "do", "that", "want", "would", "d", "like", "to", "get", "yes", "ok", "okay", "sure", "gb",
                        "mb", "gig", "gigs", "thanks", "thank", "you", "just", "sounds", "good", "great", "perfect",
                        "fine", "works", "choose", "pick", "it", "is", "for", "me", "then", "enough", "on", "my",
                        "line", "phone", "first", "second", "third", "last", "of", "data"})
_AMOUNT_WORD = re.compile(r"\d+(?:gb|mb|gigs?)?")  # "3", "500mb" (words() splits "1.5" at its point)
_OPTION = re.compile(r"\b(?:option|number|choice|no\.?)\s*#?(\d)\b|#(\d)\b|\b(first|second|third|last)\b", re.I)
_ORDINAL_AT = {"first": 0, "second": 1, "third": 2, "last": -1}
_LISTED = re.compile(r"^[ \t]*(?:(\d)[.)]|[-*•])[ \t]+(.*)$", re.M)  # "2. **1 GB** — $5.00", "- 2 GB"


def _list_lines(text: str) -> list[tuple[str, str]]:
    """(its number or "", its text) of each line of a list: "2. **1 GB** — $5.00", "- 2 GB"."""
    return [(m[1] or "", m[2]) for m in _LISTED.finditer(text)]


def _option_index(m: re.Match[str]) -> int | None:
    """The place (from 0; -1 for "last") an ``_OPTION`` match names; None for "option 0"."""
    if m[1] or m[2]:
        k = int(m[1] or m[2]) - 1
        return k if k >= 0 else None
    return _ORDINAL_AT[m[3].lower()]


def _line_at(lines: list[tuple[str, str]], k: int) -> str | None:
    """The k-th of a list's (number, text) lines: by its number where they are numbered."""
    numbered = {int(n): line for n, line in lines if n}
    if numbered and k >= 0:
        return numbered.get(k + 1)
    return lines[k][1] if -len(lines) <= k < len(lines) else None


def _option_amount(asked: str, k: int) -> int | None:
    """The amount of data on the k-th option a question lists, one per line ("1. 500 MB — $2.50"):
    numbered lines, else bullets with a price ("- Used: 3.2 GB" is a fact, not an option)."""
    lines = [(n, line) for n, line in _list_lines(asked) if _data_in_order(line)]
    if not any(n for n, _ in lines):
        lines = [(n, line) for n, line in lines if "$" in line]
    line = _line_at(lines, k)
    return _data_in_order(line)[0] if line else None


def _picked_line(reply: str, asked: str) -> str | None:
    """The line of a question's list that a reply of a few words picks by its number or place: "2",
    "option 2", "the second one"."""
    ws = words(reply)
    if not ws or len(ws) > 6 or any(w not in _PICK_ONLY and not w.isdigit() for w in ws):
        return None
    if m := _OPTION.search(reply):
        k = _option_index(m)
    elif len(digits := [w for w in ws if w.isdigit()]) == 1 and len(digits[0]) == 1:
        k = int(digits[0]) - 1
    else:
        return None
    return _line_at(_list_lines(asked), k) if k is not None else None


def picked_amount(reply: str, asked: str) -> int | None:
    """The amount of data (hundredths of a GB) a reply picks among those a question offered ("1. 2 GB
    for $10  2. 3 GB for $15. Which would you like?"): by amount ("the 3 GB one", "3 please") or by
    place ("Option 2"). None when it picks none, or says more than a pick ("3 GB for $15 is more than
    I wanted to spend")."""
    if not ASKS.search(asked):
        return None
    offered = _data_in_order(asked)
    # The pick may come first, then a reason with no number in it: "Just one, please. It's only a few
    # days till the new month."
    first, *rest = SENTENCE.split(reply.strip())
    if rest and not any(w in NUMBER_WORDS or any(c.isdigit() for c in w) for r in rest for w in words(r)):
        reply = first
    ws = words(reply)
    if len(offered) < 2 or not ws or any(
            w not in _PICK_ONLY and w not in NUMBER_WORDS and not _AMOUNT_WORD.fullmatch(w) for w in ws):
        return None
    said = stated_amounts(reply, data=True)
    if not said and (m := _OPTION.search(reply)):  # "Option 2": the second line of the list
        if (k := _option_index(m)) is None:
            return None
        said = {a} if (a := _option_amount(asked, k)) is not None else set()
    elif not said:  # a bare number: "3 please", "just one" (not "$2", nor "1" where line 1 is another amount)
        said = {c for written, c in numbers_in(reply) if "$" not in written} or {
            NUMBER_WORDS[w] * 100 for w in ws if w in NUMBER_WORDS and w not in ("both", "none", "once", "twice")}
        if len(said) == 1 and (k := next(iter(said))) % 100 == 0 and (line := _option_amount(asked, k // 100 - 1)) \
                is not None and line != k:
            return None
    said &= set(offered)
    return next(iter(said)) if len(said) == 1 else None


def refuses_method(text: str) -> str:
    """The text without its refusals of a payment method ("not PayPal", "not to the Visa"): what is
    left says whether anything else is refused ("No don't, gift card is wrong" still is)."""
    return _REFUSED_METHOD.sub(" ", text)


def picks_card(text: str, asked: Turn, anchors: Anchors) -> bool:
    """A reply that picks one of the cards a question offered by its last four digits, the card the
    call pays with: "the 1907 one" to "You have two Visas on file, ending 7447 and ending 1907. Which
    one should I charge?"."""
    picked = _ending_picked(text, asked)
    return picked is not None and any(anchors.card_field(value, "last_four") == picked for _, value, _ in anchors.payments)


def _ending_picked(reply: str, asked: Turn) -> str | None:
    """The one of several card endings a question offered that a reply says ("the 1907 one")."""
    endings = card_endings(asked)
    if len(endings) < 2 or not ASKS.search(asked.text):
        return None
    said = {w for w in words(reply) if w in endings}
    return next(iter(said)) if len(said) == 1 else None


def picks_amount(text: str, asked: Turn, anchors: Anchors) -> bool:
    """A reply that picks one of the amounts of data a question offered (``picked_amount``), the one
    the call sends."""
    picked = picked_amount(text, asked.text)
    return picked is not None and any(is_data(arg) and to_cents(value) == picked for arg, value in anchors.amounts)


# What names a payment method: its kind or card ("gift card", not a birthday "gift"), or the one already
# used ("the card on file", "your original form of payment", "the same way you paid for the trip").
_NAMES_A_METHOD = re.compile(
    r"\b(?:gift ?cards?|credit|debit|visa|mastercard|amex|american express|discover|paypal|certificates?|voucher"
    r"|cards?|payment method|(?:original|same) (?:payment|method|form of payment|card|way|account)|form of payment"
    r"|on file|(?:you |i )?paid (?:with|for|by)|account you paid|pay(?:ing)? with)\b", re.I)


_REFUSED_METHOD = re.compile(r"\b(?:no|not)\s+(?:to\s+|on\s+)?(?:the\s+|my\s+|your\s+)?(?:" + "|".join(
    sorted({*PAYMENT_WORDS, "gift card", "card", "american express"}, key=len, reverse=True)) + r")\w*\b", re.I)
_NAMES_SAID = re.compile(f"({_NAMES_A_METHOD.pattern})", re.I)  # its matches as a group, for _unrefused


# A change that costs nothing: the tool may still want a payment method, but there is nothing to choose.
_FREE = re.compile(r"\b(?:(?<!feel )(?<!toll-)(?<!toll )(?<!non-)(?<!non )free(?! to (?:ask|reach|contact|call|message|text|chat|write|let|get in touch|come back)\b)(?: of charge)?|complimentary|no (?:extra |additional )?(?:charge|cost|fee)s?|(?:won'?t|will not) be charged|covered by (?:your|the)\b[^.;]{0,40}?\ballowance|(?:won'?t|will not|doesn'?t|"
                   r"does not) cost (?:you )?(?:anything|a (?:thing|cent|penny)))\b|\$0(?:\.00)?(?![.,]?\d)", re.I)


# Words that name a method but not which one of its kind: "put it on my card" with two credit cards.
_ANY_OF_KIND = frozenset({"card", "cards", "credit", "debit", "payment method", "form of payment", "pay with",
                          "paying with"})
_GIFT_CARD = frozenset({"gift card", "gift cards", "giftcard", "giftcards"})


def _picks_none(said: set[str], kind: str, anchors: Anchors) -> bool:
    """Words naming a method (``_NAMES_A_METHOD``) that fit several of the user's: "my card" or "my
    credit card" with two credit cards ("my card" for a gift card: with any other card), "my gift
    card" with two gift cards,
    "my Visa" with two Visas, or "your Visa or your Mastercard". Words for other kinds say nothing of
    this one ("$150 certificate, $98 on your Visa"). Not certificates: a user's certificates are told
    apart by amount, and "use a certificate" leaves the pick to the agent."""
    specific = said - _ANY_OF_KIND
    kinds = {w: _word_kind(w) for w in specific}
    if None in kinds.values():
        return False  # "the card on file", "the same way you paid": the one already used
    mine = {w for w, k in kinds.items() if k == kind}
    if not mine:
        if said.isdisjoint(_ANY_OF_KIND):
            return False
        if not said.isdisjoint(_BANK_CARD):  # "my credit card" names no gift card
            return kind != "creditcard" or anchors.methods_of_kind(kind) > 1
        if kind == "giftcard" and not said.isdisjoint(_CARD_WORDS):  # "my card" is most often a bank card
            return anchors.methods_of_kind("creditcard") + anchors.methods_of_kind(kind) > 1
        return anchors.methods_of_kind(kind) > 1
    if mine <= _GIFT_CARD:
        return anchors.methods_of_kind(kind) > 1
    brands = mine & _BRANDS
    return len(brands) > 1 or (len(mine) == 1 and bool(brands) and anchors.cards_of_brand(next(iter(mine))) > 1)


_CARD_WORDS = frozenset({"card", "cards"})
_BANK_CARD = frozenset({"credit", "debit"})


def _word_kind(word: str) -> str | None:
    """The kind of payment method a naming word names ("visa" and "gift card": a credit card and a gift card)."""
    if word in _BRANDS or word in _GIFT_CARD:
        return "creditcard" if word in _BRANDS else "giftcard"
    return PAYMENT_WORDS.get(word.split()[0].removesuffix("s"))


def _names_method(turn: Turn, kind: str, value: str, anchors: Anchors, in_request: bool) -> bool:
    """Whether a message names the payment method ``value`` (of ``kind``, ``payment_kind``) as one to
    use, by words it does not refuse ("don't use the same card I paid with" names none). From the
    request on, any naming counts (``_NAMES_A_METHOD``), but one that fits two of the user's methods
    (``_picks_none``: "my card" with two cards, unless its balance tells which). "The same card I
    booked with" names only a method the object was paid with, unless the message names this one
    outright ("I paid for the ticket with a gift card; put the bag on my Mastercard ending 4118").
    Before the request, only a method named by its own kind, brand, card ending or as the one
    already used, and not in the agent's list of the user's methods ("You have a Visa ending 3202, a
    Mastercard ending 1698, a gift card ...": none of them chosen)."""
    said = set(_unrefused(_NAMES_SAID, turn.text)) if _NAMES_A_METHOD.search(turn.text) else set()
    if not said:
        return False
    endings = card_endings(turn) | _kind_numbers(turn.text)  # "Visa ending 2963", "gift card 7252"
    outright = bool(endings) or any(_word_kind(w) == kind for w in said)
    original = any(_ORIGINAL.match(w) for w in said)
    if not in_request and ((turn.role == "assistant" and _lists_methods(turn)) or not (outright or original)):
        return False
    if original and not outright and (paid := _paid_with(anchors)) and value.lower() not in paid:
        return False  # "the same card I booked with": the one the object was paid with
    return bool(endings) or not _picks_none(said, kind, anchors) or _by_balance(turn, value, anchors)


# Words naming the method already used: "your original payment method", "the same card", "you paid with".
_ORIGINAL = re.compile(r"(?:original|same) |(?:you |i )?paid |account you paid")


def _paid_with(anchors: Anchors) -> set[str]:
    """The payment method ids the changed object's payment history shows (lower-cased)."""
    history = anchors.current("payment_history")
    return {v for item in history if isinstance(item, dict) for k, v in item.items()
            if "payment" in k and isinstance(v, str)} if isinstance(history, list) else set()


def _by_balance(turn: Turn, value: str, anchors: Anchors) -> bool:
    """A message that tells the method by its balance, said as one: "the gift card that has $71 on
    it", "the one with a $71 balance" (not a price that happens to equal it)."""
    for key in ("amount", "balance"):
        balance = anchors.field_of(value, key)
        if isinstance(balance, (int, float)) and not isinstance(balance, bool):
            cents = to_cents(balance)
            amounts = money_numbers_in(turn.text)
            return any(c == cents and _BALANCE.search(turn.text, max(0, at - 40), at + 60)
                       for at, (_, c) in placed(turn.text, [w for w, _ in amounts], pairs=amounts))
    return False


_BALANCE = re.compile(r"\b(?:balance|has|have|with|holds?|holding|left|remaining|on it|loaded)\b", re.I)


def _lists_methods(turn: Turn) -> bool:
    """A message that names more than one payment method: two kinds, brands or card endings."""
    return (len({PAYMENT_WORDS[w.lower()] for w in payment_words(turn)}) > 1 or len(_card_brands(turn)) > 1
            or len(card_endings(turn)) > 1)


_MAY_PICK = re.compile(r"\d|\b(?:first|second|third|last)\b", re.I)


def _picks_listed(reply: Turn, asked: Turn, kind: str, value: str, anchors: Anchors) -> bool:
    """A reply that picks this method from those the message before it asked about: "2" to "How
    would you like to pay? 1. Visa ending 3202  2. Mastercard ending 1698 ...", "the 8131 one" to
    "Visas ending 8862 and 8131: which one?"."""
    if len(reply.text) > 80 or not _MAY_PICK.search(reply.text) or asked.role != "assistant" or not ASKS.search(asked.text):
        return False  # a pick is a few words, with a number or a place
    if (ending := _ending_picked(reply.text, asked)) is not None:
        return anchors.card_field(value, "last_four") == ending
    if not (line := _picked_line(reply.text, asked.text)):
        return False
    said = Turn(-1, "assistant", line)
    if endings := card_endings(said):
        return anchors.card_field(value, "last_four") in endings
    return value in line or _names_method(said, kind, value, anchors, True)


def _payment_not_named(turns: list[Turn], window: list[Turn], anchors: Anchors) -> ConfirmVerdict | None:
    """A call that pays or refunds with a method no message so far names, by its id, its kind, its
    card or at all ("... $211 and $305 per person. Shall I go ahead?"): the agent chose it alone.
    Not where the request's messages say the change is free ("adding 1 bag is free") and name no
    price ("4 bags are free; the fifth is $50" is no free change)."""
    first = len(turns) - len(window)  # where the request's messages start
    for arg, value, kind in anchors.payments:
        # Latest first: the description most often names it.
        if any(names_method_id(turns[k], value) or _names_method(turns[k], kind, value, anchors, k >= first)
               or (k and turns[k].role == "user" and _picks_listed(turns[k], turns[k - 1], kind, value, anchors))
               or (turns[k].role == "user" and _by_last_four(turns[k], kind, value, anchors))  # "add it on 7447"
               for k in range(len(turns) - 1, -1, -1)):
            continue
        if any(_FREE.search(t.text) for t in window) and not _names_a_price(window):
            return None
        return ConfirmVerdict(False, "payment_not_named", "", arg, value)
    return None


def _with_reply(described: Turn, after: list[Turn]) -> Turn:
    """The description read on into the user's last reply after it, where that reply says yes."""
    reply = next((t for t in reversed(after) if t.role == "user"), None)
    if reply is None or not AFFIRM.search(reply.text):
        return described
    return Turn(described.index, "assistant", f"{described.text}\n{reply.text}")


_FLIGHT_NUMBER = re.compile(r"([a-z]+)(\d+)")


# A failure reported, no action said: "that didn't go through: HAT139 has no economy seats left ..., and nothing
# was changed".
_NOTHING_CHANGED = re.compile(r"\bnothing (?:was|has been|got) (?:changed|modified|updated)\b"
                              r"|\b(?:didn't|did not) go through\b", re.I)
# A flight named as the one a change replaces: "her current HAT240", "the original HAT101".
_CURRENT_FLIGHT = re.compile(rf"\b(?:current|old|original)\s+(?:flight\s+)?\**{FLIGHT_NUMBER.pattern}", re.I)


_REPLACED_FLIGHTS = re.compile(rf"{_REPLACES}{FLIGHT_NUMBER.pattern}"
                               rf"(?:\**\s*(?:\+|,|/|and)\s*\**{FLIGHT_NUMBER.pattern})*", re.I)


def _other_flight_named(described: Turn, replies: list[Turn], anchors: Anchors) -> str:
    """A flight the call books anew that no sentence of the description saying the action names,
    where those sentences name another flight of its kind (its letters, as many digits) that the
    call does not send: "change the return of 5C0NFJ to HAT040", then HAT012 booked, which the
    description only listed; or that the description does not name at all, where any of its lines
    names another. Not where a reply after it names the flight booked."""
    changed = [compact(ident) for ident, _ in anchors.changed()]
    if not changed or any(c in t.compacts for t in replies for c in changed):
        return ""
    named: set[str] = set()
    for sentence in SENTENCE_OR_LINE.split(described.text):
        said = Turn(-1, "assistant", sentence)
        if says(said.wordline, anchors.stems) and not _NOTHING_CHANGED.search(sentence):
            if "urrent" in sentence or "old " in sentence or "riginal" in sentence or "eplac" in sentence \
                    or "instead of" in sentence:
                # not the flight it replaces: "Her current HAT240 fare is $165, so moving her would refund $17",
                # "HAT072 IAH 09:00 → SFO 13:00 (nonstop, replaces HAT085 + HAT023)"
                said = Turn(-1, "assistant", _REPLACED_FLIGHTS.sub(" ", _CURRENT_FLIGHT.sub(" ", sentence)))
            named |= said.compacts
    for flight in changed:
        if flight in named or (m := _FLIGHT_NUMBER.fullmatch(flight)) is None:
            continue
        kind = re.compile(rf"{m[1]}\d{{{len(m[2])}}}")
        # A flight the whole description never names, where its lines name another ("- New outbound:
        # HAT131, IAH → LAS", after "Here's the change for your confirmation:"), is not the one described.
        among = named if flight in described.compacts else named | described.compacts
        if others := sorted(k for k in among - anchors.ids if kind.fullmatch(k)):
            return f"{others[0].upper()} instead of {flight.upper()}"
    return ""


def _item_left_out(described: Turn, after: list[Turn], anchors: Anchors) -> str:
    """An item of the call's order, by its id, that a sentence of the description names together with
    the call's own items, keeping none of them and beside no other action, and that the call does not
    take, where no reply after it (``after``) names an item of the order ("just the lamp" narrows it):
    "The items would be: Wireless Earbuds (item 3694871183), Hiking Boots (item 2185126308) and
    Skateboard (item 6956751343) ... Confirm?" "Yes, those three.", then a return of the first two.
    Else ""."""
    acted = anchors.acted_on
    shapes = {id_shape(key) for key in acted}  # (identifiers of the items' kind: no amount, no order id)
    others = {k for k in described.id_keys - anchors.ids - set(anchors.variants) if id_shape(k) in shapes}
    if not others:
        return ""  # (the usual case, first: the description names no other item; nor the new ones put in place)
    # The sentences naming the call's items and another identifier, first (plain text); the order's items after.
    parts = [(part, keys) for part in _PARTS.split(described.text)
             if not acted.isdisjoint(keys := {compact(t) for t in chunks(part)}) and not others.isdisjoint(keys)
             and not _KEEPS.search(part) and not _NOT_IN_IT.search(part)
             and not says(wordline(words(part)), ACTION_STEMS - anchors.stems)]
    # (not beside another action's verb: "(1) return the Desk Lamp (...) and (2) exchange the T-Shirt (...)")
    if not parts:
        return ""
    items = [i for key in list(acted)[:1] for i in anchors.list_mates(key)]
    mates = {compact(str(i.get("item_id", ""))) for i in items} & others
    named = {w for i in items for w in words(str(i.get("name", ""))) if len(w) > 2}
    if not mates or any(t.role == "user" and not named.isdisjoint(t.words) for t in after):
        return ""
    return next((sorted(left)[0] for _, keys in parts if (left := mates & keys)), "")


# A sentence that leaves an item out: "not the pet bed (item 4537595158)", "except", "without".
_NOT_IN_IT = re.compile(r"\b(?:not (?:the|your|its|that|this)|except|without|excluding|other than|instead of|rather than)\b",
                        re.I)  # (not an option's "not waterproof")


def call_disagrees(turns: list[Turn], last_desc: int, anchors: Anchors, first_desc: int | None = None
                   ) -> ConfirmVerdict | None:
    """Why a confirmed call is not the one the user confirmed (``turns[last_desc]`` described it, a
    recap of ``turns[first_desc]`` when given): another variant, a flight's date, a count, a
    passenger, an amount or a choice; None when it agrees."""
    described = turns[last_desc]
    first = last_desc if first_desc is None else first_desc
    if anchors.acted_on and (left := _item_left_out(described, turns[last_desc + 1:], anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description also names {left}, which the "
                                                      f"call leaves out)")
    if anchors.variants and (other := _other_variant(described, turns[last_desc + 1:], anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description names {other} instead)")
    if anchors.variants and (other := _other_sibling(described, anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description names {other})")
    if anchors.variants and (option := _other_option(described, turns[last_desc + 1:], anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description names {option})")
    if anchors.ids and (kept := _leaves_as_is(described, anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description leaves {kept} as it is)")
    if anchors.acted_on and (left := _items_left_out(described, turns[last_desc + 1:], anchors)):
        return ConfirmVerdict(False, "not_described", f" as called ({left})")
    if anchors.acted_on and (miscount := _repeat_miscounted(described, anchors)):
        return ConfirmVerdict(False, "not_described", f" as called ({miscount})")
    if anchors.route and (why := route_disagrees(described.text, anchors.route, [f for f, _ in anchors.dated],
                                                   anchors.index)):
        return ConfirmVerdict(False, "not_described", f" as called ({why})")
    if anchors.dated and (other := _other_flight_named(described, turns[last_desc + 1:], anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description names {other})")
    if not (anchors.amounts or anchors.choices or anchors.payments or anchors.dated or anchors.counts
            or anchors.records):
        return None
    start = last_desc  # from the user's request that the description answers
    while start > 0 and turns[start].role != "user":
        start -= 1
    window, at = turns[start:], last_desc - start
    if anchors.dated and (unsaid := _date_not_described(turns, described, anchors, turns[first])):
        return ConfirmVerdict(False, "not_described", f" as called ({unsaid})")
    # A passenger's detail the user corrects in the last reply, the one that says yes ("sorry it's
    # 1970-02-18. yes change it to that"), is said too: read after the description, it goes to the
    # passenger the description names last. A booking's new passengers: only a date said otherwise.
    if anchors.records and (
            unsaid := _record_not_described(_with_reply(described, turns[last_desc + 1:]), anchors,
                                            "\n".join(t.text for t in turns[last_desc + 1:]))):
        return ConfirmVerdict(False, "not_described", f" as called ({unsaid})")
    if first < last_desc:  # a choice or count the recap leaves unsaid holds from the description it recaps
        while start > 0 and (start > first or turns[start].role != "user"):
            start -= 1
    if anchors.counts and (verdict := _count_not_stated(turns[start:], last_desc - start, anchors)):
        return verdict
    if anchors.payments and "_" in described.text and (other := _other_method_on_its_line(described, anchors)):
        return ConfirmVerdict(False, "not_described", f" as called (the description's line for it names {other})")
    return (_amount_not_stated(window, at, anchors) or _choice_not_stated(turns[start:], last_desc - start, anchors)
            or (_payment_not_named(turns, window, anchors) if anchors.payments else None))


def _other_method_on_its_line(described: Turn, anchors: Anchors) -> str:
    """The payment method id a description listing several objects, a line each, gives on the line
    for the call's object, where that is not the call's method: "2. 2FBBAH: refund $3,925 to
    gift_card_3481935", then the change refunded to gift_card_6847880 (the next line's card). Else ""."""
    lines = [line.lower() for line in described.text.splitlines() if LIST_MARK.match(line) or ":" in line]
    own = [line for line in lines if any(i in line for i in anchors.ids)]
    if len(own) != 1 or len(lines) - len(own) < 1:
        return ""  # one line of its own, beside others: a list of several objects
    named = METHOD_ID.findall(own[0])
    called = {value.lower() for _, value, _ in anchors.payments}
    return named[0] if named and called.isdisjoint(named) else ""
