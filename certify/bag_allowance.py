"""The free checked bags a policy gives each passenger by membership tier and cabin, and texts that
state another number: "As a Gold member you get 2 free checked bags per passenger in economy", where
the policy gives gold members 3 in economy.

Two ways policies write the table are read: a compact one ("regular members 0 (basic economy),
1 (economy), 2 (business); silver 1/2/3; gold 2/3/3") and tau-bench's sentences ("If the booking
user is a silver member, 1 free checked bag for each basic economy passenger, ...").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from trajectory2gym.certify.normalize import cents_of, dollar_amounts
from trajectory2gym.certify.policy_times import policy_sentences

_NUMBER_WORDS = {"no": 0, "any": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TIER = re.compile(r"\b(regular|silver|gold)\b", re.I)
# Tau-bench's sentence: "2 free checked bags for each business passenger".
_PER_CABIN = re.compile(r"(\d+)\s+free\s+checked\s+bags?\s+for\s+each\s+(basic economy|economy|business)\s+passenger",
                        re.I)
# The compact table: "0 (basic economy), 1 (economy)" names the cabins; "1/2/3" follows their order.
_NUMBER_CABIN = re.compile(r"(\d+)\s*\((basic economy|economy|business)\)", re.I)
_SLASHED = re.compile(r"\b(\d+)/(\d+)/(\d+)\b")
# A text's count of free bags: "2 free checked bags", "**3 free checked bags**", "any free bags".
_FREE_BAGS = re.compile(r"\b(\d+|no|any|zero|one|two|three|four|five)\s+free\s+(?:checked\s+)?(?:bags?|baggages?)\b",
                        re.I)
# On a line about bags, a count free per passenger: "| Bags | gold basic economy: 3 free per passenger |".
_FREE_EACH = re.compile(r"\b(\d+|one|two|three|four|five)\s+free(?=\s+(?:per|for each|each)\s+(?:passenger|person|travell?er)\b)",
                        re.I)
# The most bags free: "up to 3 bags free", "up to 3 checked bags at no cost".
_UP_TO_FREE = re.compile(r"\bup to\s+(\d+|one|two|three|four|five)\s+(?:checked\s+)?bags?\s+(?:free|at no (?:extra )?(?:cost|charge))\b",
                         re.I)
# Words that say a count of free bags is the allowance, not the bags booked: "you get 2 free bags".
_ALLOWANCE_SAID = re.compile(r"\b(?:get|gets|allowance|allowed|entitled|comes? with|includes?)\b", re.I)
# A tier a sentence names: "As a Gold member", or one supposed, "With silver, basic economy includes 1".
_TIER_SAID = re.compile(r"\b(regular|silver|gold)\W+members?\b|\bwith\s+(?:an?\s+)?(regular|silver|gold)\b", re.I)
_CABIN_SAID = re.compile(r"\b(basic[\s_-]economy|economy|business)\b", re.I)
_EACH = re.compile(r"^\W*(?:per\s+(?:passenger|person|travell?er)|each)\b", re.I)
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n")  # a sentence's end, or a line's (a list's items)
_EACH_BEFORE = re.compile(r"\beach\s+(?:passenger|person|travell?er)\s+(?:gets|has|receives|is allowed)\s*\**$"
                          r"|\bmembers\s+(?:get|have|receive|are allowed)\s*\**$", re.I)  # ("Silver members get 2 free bags": a rule, per person)


def _cabin(word: str) -> str:
    return "basic_economy" if word.lower().startswith("basic") else word.lower()


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def free_bags(policy: str) -> tuple[dict[tuple[str, str], int], str]:
    """(tier, cabin) -> free checked bags per passenger, as the policy states them, and the
    sentence (or the first) that does; empty where it states none."""
    table: dict[tuple[str, str], int] = {}
    said = ""
    for sentence in policy_sentences(policy):
        if "bag" not in sentence.lower() or not _TIER.search(sentence):
            continue
        cabins: list[str] = []
        for part in sentence.split(";"):
            tiers = _TIER.findall(part)
            if len(tiers) != 1:
                continue
            tier = tiers[0].lower()
            found = [(_cabin(c), int(n)) for n, c in _PER_CABIN.findall(part)] or [
                (_cabin(c), int(n)) for n, c in _NUMBER_CABIN.findall(part)]
            if found:
                cabins = [c for c, _ in found]
            elif (m := _SLASHED.search(part)) and len(cabins) == 3:
                found = list(zip(cabins, map(int, m.groups()), strict=True))
            for cabin, n in found:
                table[tier, cabin] = n
                said = said or sentence.strip().lstrip("-* ")
    return table, said


# A denial before "any": "doesn't include any free checked bags" counts none; "any free bags left?" counts nothing.
_DENIED_BEFORE = re.compile(r"n't|\bnot\b|\bno\b|\bwithout\b", re.I)


def _bag_counts(text: str, cabins_shown: Iterable[str]) -> list[tuple[str, str, set[str], list[re.Match[str]]]]:
    """Per sentence (or list line) that counts free bags: the sentence, its plain text (no bold), the
    cabins it names (else those shown), and its counts ("any" only where denied)."""
    out: list[tuple[str, str, set[str], list[re.Match[str]]]] = []
    for sentence in _SENTENCE_BREAK.split(text):
        if "free" not in sentence:
            continue
        sentence = sentence.replace("**", "")  # "each passenger gets **2 free** checked bags"
        claims = [m for m in _FREE_BAGS.finditer(sentence) if m[1].lower() != "any"
                  or _DENIED_BEFORE.search(sentence, 0, m.start())]
        if not claims and "bag" in sentence.lower():
            claims = list(_FREE_EACH.finditer(sentence))
        if not claims and "up to" in sentence:  # "you may bring up to 3 bags free": the allowance
            claims = list(_UP_TO_FREE.finditer(sentence))
        if not claims:
            continue
        plain = sentence.replace("*", "")
        cabins = {_cabin(c) for c in _CABIN_SAID.findall(plain)} or {_cabin(c) for c in cabins_shown}
        out.append((sentence, plain, cabins, claims))
    return out


def misstated_bags(text: str, table: dict[tuple[str, str], int], tiers_shown: set[str],
                   cabins_shown: Iterable[str] = (), passengers: int | None = None) -> list[tuple[str, str, int]]:
    """(the count as written, "tier cabin", the policy's count) for each count of free bags a text
    gives a tier and cabin against the table: the tier as the sentence names it ("As a Gold
    member") or as the one profile shown gives it; the cabin as the sentence names it (one only), or
    as the reservations shown give it (one only: "each passenger has 1 free checked bag", basic economy).
    A total ("6 free for the three of you") may be the count times the passengers (``passengers``,
    where the booking in question shows them); a count said per passenger must be the count."""
    out: list[tuple[str, str, int]] = []
    for sentence, plain, cabins, claims in _bag_counts(text, cabins_shown):
        tiers = {(m[1] or m[2]).lower() for m in _TIER_SAID.finditer(plain)} or tiers_shown
        if len(tiers) != 1 or len(cabins) != 1:
            continue
        key = (next(iter(tiers)), next(iter(cabins)))
        if key not in table:
            continue
        allowed = table[key]
        for m in claims:
            word = m[1].lower()
            n = int(word) if word.isdigit() else _NUMBER_WORDS[word]
            each = _EACH.search(sentence[m.end():]) is not None or _EACH_BEFORE.search(sentence[:m.start()]) is not None
            if n == allowed or (not each and allowed and n and n % allowed == 0
                                and (passengers is None or n == allowed * passengers)):
                continue
            if not each and 0 < n < allowed * (passengers or 1) and not _ALLOWANCE_SAID.search(sentence):
                continue  # the bags booked, all free: "insurance included, 1 free bag" (of 2 allowed; of 6, for two)
            out.append((m[0], " ".join(key).replace("_", " "), allowed))
    return out


def unknown_tier_bags(text: str, table: dict[tuple[str, str], int], cabins_shown: set[str],
                      told: str = "") -> list[tuple[str, str]]:
    """(the count as written, the cabin) for each count of free bags a text gives where no tier is
    named, shown (the caller's to test) or told (``told``: the user's messages) and the policy's count
    for the cabin depends on the tier: "Basic economy doesn't include any free checked bags", before the
    profile (silver: 1) was looked up."""
    if _TIER.search(told):
        return []
    out: list[tuple[str, str]] = []
    for _, plain, cabins, claims in _bag_counts(text, cabins_shown):
        if _TIER_SAID.search(plain) or _TIER.search(plain) or len(cabins) != 1:
            continue
        cabin = next(iter(cabins))
        if len({n for (_, c), n in table.items() if c == cabin}) < 2:
            continue  # the same for every tier
        out += [(m[0], cabin.replace("_", " ")) for m in claims]
    return out


# The policy's price of an extra bag: "Each extra bag costs 50 dollars", "Each extra baggage is 50 dollars".
_BAG_FEE = re.compile(r"\bextra\s+(?:checked\s+)?bag(?:gage)?s?\b[^.]{0,20}?\b(\d+)\s+dollars\b"
                      r"|\$(\d+)\s+(?:per|for each|each)\s+extra\s+bag", re.I)
# A text's count of bags that cost: "2 paid", "2 extra bags", "(2 paid)"; not an amount ("$360 paid").
_PAID_BAGS = re.compile(r"(?<![$.,])\b(\d+|one|two|three|four|five)\s+(?:(?:of\s+them\s+)?(?:paid|extra|non-free|additional)"
                        r"(?:\s+(?:checked\s+)?bags?)?)\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def bag_fee(policy: str) -> int | None:
    """The policy's price of one extra bag, in cents; None where it states none."""
    m = _BAG_FEE.search(" ".join(policy.split()))
    return int(m[1] or m[2]) * 100 if m else None


# A sentence about a booking with its flights or cabin, whose amount pays for more than bags.
_BOOKING_SAID = re.compile(r"\b(?:[A-Z]{3}\d{3}|(?:basic )?economy|business|fares?|tickets?)\b", re.I)


_FEE_LINE = re.compile(r"\W*(?:bag\s+)?(?:fee|cost|charge|price|total)\b", re.I)  # "- Fee: $100"


def misfeed_bags(text: str, fee: int, paid_before: set[int] | None = None) -> list[tuple[str, str, int]]:
    """(the amount as written, the count of paid bags said, what they cost at ``fee`` cents each) for
    each sentence that states one count of paid bags and one amount, where the amount is not that
    count times the fee: "5 checked bags (2 paid), charging $150 to your gift card" at $50 a bag. A
    count of paid bags a reservation shows already (``paid_before``) may be paid for: "4 checked
    bags, 2 paid, $50", one of them paid before."""
    out: list[tuple[str, str, int]] = []
    counted: list[str] = []  # a count the line before gave with no amount: "- ... means 1 paid bag" / "- Fee: $100"
    for sentence in _SENTENCE_BREAK.split(text.replace("*", "")):
        counts = _PAID_BAGS.findall(sentence)
        amounts = dollar_amounts(sentence)
        if not counts and len(amounts) == 1 and counted and _FEE_LINE.match(sentence):
            counts = counted
        counted = counts if len(counts) == 1 and not amounts else []
        if len(counts) != 1 or len(amounts) != 1 or re.search(r"\b(?:per|each|apiece)\b", sentence, re.I) \
                or _BOOKING_SAID.search(sentence):
            continue  # (a booking's recap: "HAT218 ..., basic economy, 2 bags (1 paid), $100 on ...": its fare too)
        word = counts[0].lower()
        n = int(word) if word.isdigit() else _NUMBER_WORDS[word]
        written, cents = amounts[0]
        if n and cents != n * fee and all(cents != (n - k) * fee for k in paid_before or () if k < n):
            out.append((written, f"{n} paid bags", n * fee))
    return out


# A free allowance in total, then a new total said to be free beyond it: "4 in total, so going to 5 bags both
# new bags are free".
_ALLOWED_THEN_FREE = re.compile(r"\b(\d+)\s+(?:free\s+)?(?:(?:checked\s+)?bags?\s+)?in total\b[^.;\n]{0,20}?\b(?:so\s+)?"
                                r"(?:going|bringing (?:it|you)|up) to\s+(\d+)\s+(?:checked\s+)?bags?\b[^.;\n]{0,40}?\bfree\b",
                                re.I)


def free_beyond_allowance(text: str) -> list[tuple[str, int, int]]:
    """(the claim as written, the allowance, the new total) for each sentence that states a free
    allowance in total and then calls a larger new total free."""
    return [(m[0], int(m[1]), int(m[2])) for m in _ALLOWED_THEN_FREE.finditer(text) if int(m[2]) > int(m[1])]


# A new total of bags said beside a fee for one: "Adding one more brings you to 2 bags, and the extra bag
# costs $50".
_NEW_TOTAL = re.compile(r"\b(?:brings? (?:you|it|the reservation|[A-Z0-9]{6}) to|up to|to a total of|for a total of|"
                        r"making (?:it )?)\s*\**(\d+)\**\s+(?:checked\s+)?bags?\b", re.I)
_NO_CHARGE = re.compile(r"\b(?:free|no (?:extra )?(?:charge|cost)|beyond|above|over|past)\b", re.I)
# A count of bags added: "adding one bag", "to add 2 checked bags".
_ADDING = re.compile(r"\badd(?:ing)?\s+(\d+|a|an|one|two|three|four|five)\s+(?:more\s+|extra\s+)?(?:checked\s+)?bags?\b", re.I)
_FEE_SAID = re.compile(r"\b(?:costs?|charged?|fee|for)\b", re.I)
_BEYOND = re.compile(r"\b(?:beyond|above|over|past|after)\s+(?:that|those|this|them|these)\b", re.I)
_THAT_ONE = re.compile(r"\W*(?:that|this|the extra|the new|it)\b", re.I)  # the bag the sentence before added


def charged_free_bags(text: str, fee: int, free_total: int, held: int | None = None) -> list[tuple[str, int]]:
    """(the amount as written, the new total said) for each sentence that gives the reservation a new
    total of bags and a fee for the extra one, where that total is within what travels free
    (``free_total``: the allowance per passenger times the passengers): "Adding one more brings you to
    2 bags, and the extra bag costs $50", for a gold member in economy (3 free). With ``held``, the
    bags the reservation has, a count added is a new total too: "adding one bag would cost $50", of
    a regular member's economy booking with none (1 free)."""
    out: list[tuple[str, int]] = []
    before: re.Match[str] | None = None  # the total the sentence before gave ("That one costs $50" after it)
    for sentence in _SENTENCE_BREAK.split(text.replace("*", "")):
        if held is not None and (adding := _ADDING.search(sentence)) and not _NEW_TOTAL.search(sentence):
            # ("Each checked bag is $50, so adding one bag would cost $50"; up to a semicolon: "add 2 more bags
            # at no charge; any bag beyond 3 would cost $50 each")
            clause = sentence[adding.start():].split(";", 1)[0]
            if _NO_CHARGE.search(clause):
                continue
            amounts = dollar_amounts(clause)
            count = adding[1].lower()
            after = held + (int(count) if count.isdigit() else _NUMBER_WORDS.get(count, 1))  # ("a", "an": one)
            if len(amounts) == 1 and amounts[0][1] and not amounts[0][1] % fee and _FEE_SAID.search(clause) \
                    and not _BEYOND.search(clause) and held < after <= free_total:
                out.append((amounts[0][0], after))
            continue
        own = _NEW_TOTAL.search(sentence)
        total = own or (before if _THAT_ONE.match(sentence) else None)
        before = own
        amounts = dollar_amounts(sentence)
        if total is None or len(amounts) != 1 or not _FEE_SAID.search(sentence) or amounts[0][1] % fee \
                or _BEYOND.search(sentence):  # (the fee of bags past the total: "any beyond that would be $50 each")
            continue
        if amounts[0][1] and int(total[1]) <= free_total:
            out.append((amounts[0][0], int(total[1])))
    return out


# The n-th bag, then what the n together cost: "A second bag would be $50 per bag, so **$100** for the two."
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
_NTH_BAG_THEN_ALL = re.compile(r"\b(?:a|the|your|one)\s+(second|third|fourth|fifth)\s+(?:checked\s+)?bag\b[^.;\n]*?"
                               r"\$(\d+(?:\.\d\d)?)\s+(?:in total\s+)?for\s+(?:the|both|all)(?:\s+(two|three|four|five))?"
                               r"(?:\s+(?:checked\s+)?bags)?\b(?!\s+of\s)", re.I)


def overcharged_nth_bag(text: str, fee: int, free_total: int) -> list[tuple[str, int]]:
    """(the amount as written, the bags it is said for) for each sentence that names the n-th bag and
    then charges the n together more than the fees of those past the ``free_total``: "A second bag
    would be $50 per bag, so $100 for the two", where one travels free."""
    out: list[tuple[str, int]] = []
    for m in _NTH_BAG_THEN_ALL.finditer(text.replace("*", "")):
        n = _ORDINALS[m[1].lower()]
        if m[3] is not None and _NUMBER_WORDS[m[3].lower()] != n:
            continue  # another count: "a third bag ... $100 for the two extra ones"
        cents = cents_of(m[2])
        if cents % fee == 0 and cents > max(n - free_total, 0) * fee:
            out.append(("$" + m[2], n))
    return out


# The n-th bag priced: "so the 4th bag would be $50", "the fourth bag costs $50".
_NTH_BAG_PRICED = re.compile(r"\bthe\s+(\d+)(?:st|nd|rd|th)?\s+(?:checked\s+)?bag\s+(?:would|will)?\s*(?:be|costs?)\s+\**\$(\d+(?:\.\d\d)?)"
                             r"|\bthe\s+(second|third|fourth|fifth)\s+(?:checked\s+)?bag\s+(?:would|will)?\s*(?:be|costs?)\s+\**\$(\d+(?:\.\d\d)?)",
                             re.I)
# A count of bags priced each, then in all: "Two bags would cost $50 each, so $100."
_COUNT_PRICED = re.compile(r"\b(\d+|one|two|three|four|five)\s+(?:more\s+|extra\s+|additional\s+)?(?:checked\s+)?bags?\s+"
                           r"(?:would|will)\s+(?:cost|be)\s+\$(\d+(?:\.\d\d)?)\s+each,?\s+(?:so|for a total of|totaling|=)\s+"
                           r"\**\$(\d+(?:\.\d\d)?)", re.I)


def charged_within_allowance(text: str, fee: int, free_total: int, held: int | None) -> list[tuple[str, int]]:
    """(the amount as written, the bags it is said for) for each n-th bag priced where n is within what
    travels free ("the 4th bag would be $50", 9 free), and each count of bags added priced each and in
    all, where the reservation's ``held`` bags and the allowance leave fewer of them to pay for ("Two
    bags would cost $50 each, so $100", none held, 1 free)."""
    out: list[tuple[str, int]] = []
    plain = text.replace("*", "")
    for m in _NTH_BAG_PRICED.finditer(plain):
        n = int(m[1]) if m[1] else _ORDINALS[m[3].lower()]
        cents = cents_of(m[2] or m[4])
        if cents and cents % fee == 0 and n <= free_total:
            out.append(("$" + (m[2] or m[4]), n))
    if held is not None:
        for m in _COUNT_PRICED.finditer(plain):
            count = int(m[1]) if m[1].isdigit() else _NUMBER_WORDS[m[1].lower()]
            due = (max(0, held + count - free_total) - max(0, held - free_total)) * fee
            if cents_of(m[2]) == fee and cents_of(m[3]) == count * fee and due < count * fee:
                out.append(("$" + m[3], held + count))
    return out


# The free bags said to be left: "you still have 3 more free bags", "room for 2 more free bags".
_FREE_LEFT = re.compile(r"\b(\d+|one|two|three|four|five)\s+more\s+free\s+(?:checked\s+)?bags?\b", re.I)


def misstated_free_left(text: str, allowed: int, record: dict[str, Any]) -> list[tuple[str, int]]:
    """(the count as written, the free bags the reservation has left) for each count of free bags a text
    says are left on a reservation whose record shows its passengers and bags booked, where ``allowed``
    free bags per passenger (its tier's and cabin's) less the bags booked is another count: "You still
    have 3 more free bags" of 2 × 3 free with 4 booked."""
    passengers, booked = record.get("passengers"), record.get("total_baggages")
    if not isinstance(passengers, list) or not isinstance(booked, int) or isinstance(booked, bool):
        return []
    left = max(allowed * len(passengers) - booked, 0)
    return [(m[0], left) for m in _FREE_LEFT.finditer(text.replace("**", ""))
            if (int(m[1]) if m[1].isdigit() else _NUMBER_WORDS[m[1].lower()]) != left]


# A fee said per extra bag: "Any additional bag would be $35 each", "$35 per extra bag", "extra bags are $35 apiece".
_FEE_PER_BAG = re.compile(r"\b(?:additional|extra|further|non-free|paid)\s+(?:checked\s+)?bags?\b[^.;$\n]{0,30}?"
                          r"\$(\d+(?:\.\d\d)?)\s*(?:each|apiece|per\s+bag|a\s+bag)\b"
                          r"|\$(\d+(?:\.\d\d)?)\s+(?:per|for each|for every|each)\s+(?:additional|extra|further)\s+"
                          r"(?:checked\s+)?bag", re.I)


def misfeed_per_bag(text: str, fee: int) -> list[str]:
    """The fees a text gives each extra bag (as written) that are not the policy's ``fee`` (cents): "Any
    additional bag would be $35 each", where the policy charges $50 a bag."""
    return [f"${m[1] or m[2]}" for m in _FEE_PER_BAG.finditer(text.replace("*", ""))
            if round(float(m[1] or m[2]) * 100) != fee]
