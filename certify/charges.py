"""What a write charged or refunded, read off its result, for the text that reports it.

A report can state a visible amount and still misstate the charge: after a change that charged
$44 for two passengers, "$22 was charged to your gift card" ($22 is the fare difference per
person); after a cancellation refunding $1,219, "a refund of $1,249 (fare plus insurance)"
($1,219 + $30, both visible). The write's result lists what it moved: the rows with an amount
(``payment_history``) that the latest earlier observation of the same object did not list. A
sentence of the text after it that says money was charged or refunded must state one of those
amounts, or their total. Narrow on purpose: only where the result shows new rows, and only
sentences with a charge or refund word and an amount written with "$".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import orjson

from trajectory2gym.certify.books import json_objects
from trajectory2gym.certify.equations import SIGNED_AMOUNT
from trajectory2gym.certify.normalize import (
    BRACKETED,
    cents_of,
    dollar_amounts,
    money_numbers_in,
    to_cents,
)
from trajectory2gym.certify.turns import SENTENCE, SENTENCE_OR_LINE

# A sentence about one share of what moved: the count of shares is not known here.
_SHARE = re.compile(r"\b(?:each|apiece|per (?:person|passenger|traveler|guest|ticket|head|bag|item))\b", re.I)
# The words of a report of money moved ("was charged", "a refund of", "credited back").
_MOVED_STEMS = ("charg", "refund", "credited", "debited", "deducted", "billed", "back", "added", "pay", "difference",
                " go")
# ... and money on its way back: "$417.53 is on its way back to your PayPal", "goes back onto the card".
_MOVED_WORDS = re.compile(r"\b(?:charg(?:ed|ing)|refund(?:ed|s|ing)?|credited|debited|deducted|billed)\b"
                          r"|\b(?:total )?charge (?:of|on|to)\b"  # "Total charge on your next bill: $11.00"
                          r"|\bback (?:to|onto|on|into) (?:your|the)\b"
                          # "2 GB has been added to her line for $10.00", "I've added 2.0 GB for $4.00"
                          r"|\badded\b(?:[^.;!?$]|(?<=\d)\.(?=\d)){0,40}?\bfor\s+\$"
                          # an amount sent somewhere: "$285.66 will go to your gift card"
                          r"|\$\d[\d,]*(?:\.\d+)?\**\s+(?:will\s+)?(?:go(?:es)?|went|is going)\s+(?:back\s+)?to\s+(?:your|the)\b"
                          # an exchange's difference: "you'll pay 10.29 dollars through PayPal", "$65.65 difference on
                          # the gift card"
                          r"|\byou(?:'ll|’ll| will)? pay\b|\$\d[\d,]*(?:\.\d+)?\s+difference\b", re.I)


def _rows(value: Any, out: Counter[bytes]) -> None:
    """Every object with a numeric ``amount``, serialized (keys sorted) so rows compare as values."""
    if isinstance(value, list):
        for item in value:
            _rows(item, out)
    elif isinstance(value, dict):
        amount = value.get("amount")
        if isinstance(amount, (int, float)) and not isinstance(amount, bool):
            out[orjson.dumps(value, option=orjson.OPT_SORT_KEYS)] += 1
        for item in value.values():
            if isinstance(item, (dict, list)):
                _rows(item, out)


def moved(result: str, earlier: list[str], idents: list[str]) -> list[int]:
    """The amounts in cents that a write's result (JSON text) lists in rows the latest earlier
    observation of the same object (one that gives one of ``idents``, the call's identifiers in
    lower case, as its own id: ``"reservation_id": "r0ugfs"``, not a profile's list of them) did
    not; empty when the result shows no new row (or is no JSON)."""
    return row_amounts(new_rows(result, earlier, idents))


def row_amounts(rows: list[dict[str, Any]]) -> list[int]:
    """The amounts of payment rows (``new_rows``), in cents, as sizes; a row of zero moved nothing."""
    return [abs(c) for row in rows if (c := to_cents(row["amount"]))]


def method_totals(rows: list[list[dict[str, Any]]]) -> set[int]:
    """What each payment method was moved over several writes' new rows (``new_rows`` of each), in
    cents, for a method two or more writes moved: "In total your Mastercard is charged $1,286", its
    $44, $621 and $621 of three bookings."""
    by_method: dict[str, list[int]] = {}
    for write in rows:
        for row in write:
            method = row.get("payment_id") or row.get("payment_method_id")
            if isinstance(method, str) and (c := to_cents(row["amount"])):
                by_method.setdefault(method, []).append(abs(c))
    return {sum(cents) for cents in by_method.values() if len(cents) > 1}


def method_net(rows: list[list[dict[str, Any]]], method: str) -> int | None:
    """What several writes' new rows (``new_rows`` of each) moved one stored-value method's balance
    by, in cents: a refund to it (or a negative amount) adds, a payment takes away. None where a
    write has no row on that method, so its share is unknown."""
    net = 0
    for write in rows:
        own = [row for row in write if (row.get("payment_method_id") or row.get("payment_id")) == method]
        if not own:
            return None
        for row in own:
            if (cents := to_cents(row["amount"])) is None:
                return None
            net += abs(cents) if row.get("transaction_type") == "refund" or cents < 0 else -cents
    return net


def new_rows(result: str, earlier: list[str], idents: list[str]) -> list[dict[str, Any]]:
    """The rows with an amount (lower-cased) of a write's result that the latest earlier observation
    of the same object did not list (``moved`` reads their amounts), each as often as it is new."""
    if '"amount"' not in result:
        return []
    try:
        after: Counter[bytes] = Counter()
        _rows(orjson.loads(result.lower()), after)
    except orjson.JSONDecodeError:
        return []
    before: Counter[bytes] = Counter()
    own = [re.compile(r'"(?:[a-z_]*_)?id"\s*:\s*"' + re.escape(ident) + '"') for ident in idents]
    for low in reversed(earlier):
        if any(ident in low for ident in idents) and any(p.search(low) for p in own):
            try:
                _rows(orjson.loads(low), before)
            except orjson.JSONDecodeError:
                continue
            break
    return [orjson.loads(row) for row, n in (after - before).items() for _ in range(n)]


def returned(result: str) -> list[int]:
    """A return request's refund, in cents: the sum of the prices of the items its result lists
    under ``return_items`` (nothing moves until they arrive, so no payment row shows it); empty for
    any other result."""
    if '"return_items"' not in result:
        return []
    try:
        data = orjson.loads(result)
    except orjson.JSONDecodeError:
        return []
    if not isinstance(data, dict) or not isinstance(ids := data.get("return_items"), list):
        return []
    prices = {item.get("item_id"): item.get("price") for item in data.get("items") or () if isinstance(item, dict)}
    cents = [c for i in ids if (c := to_cents(prices.get(i))) is not None]
    return [sum(cents)] if cents and len(cents) == len(ids) else []


# Money said to have moved already: "$496.95 has been refunded to your gift card", "the $99.33 is already
# on your card", "your balance is now $575.95" (not "will be refunded once the items arrive").
_MOVED_ALREADY = re.compile(
    r"\b(?:has|have)\s+(?:now\s+|already\s+)?been\s+(?:refunded|credited|deposited|added|returned|charged|issued|"
    r"paid (?:out|back)|sent back)\b"
    r"|\b(?:is|are)\s+(?:now\s+)?already\s+(?:on|in|back)\b|\balready\s+(?:landed|arrived)\b"
    r"|\bbalance\s+is\s+now\b|\bnew\s+balance\b", re.I)
_LATER = re.compile(r"\b(?:will|would|once|when|after|until|as soon as|should|expect)\b", re.I)


def moved_already(text: str) -> list[str]:
    """The sentences of a text that say money has already moved ("$496.95 has been refunded to your
    gift card, so your balance is now $575.95"): untrue of a request whose money moves only once
    the items arrive."""
    if "$" not in text or not ("been" in text or "lready" in text or "alance" in text):
        return []
    return [sentence.strip() for sentence in SENTENCE.split(text)
            if "$" in sentence and _MOVED_ALREADY.search(sentence) and not _LATER.search(sentence)]


_FEE_KEYS = ("charge", "charged", "fee", "amount_charged", "exchange_price_difference")


def fee_charged(result: str) -> list[int]:
    """A write's own charge, in cents, where its result states one as a top-level number (a data
    refuel's ``"charge": 5.0``; an exchange request's ``"exchange_price_difference": -9.01``, charged
    or refunded once the items arrive) rather than as a payment row; empty otherwise."""
    if ('"charge' not in result and '"fee"' not in result and '"amount_charged"' not in result
            and '"exchange_price_difference"' not in result):
        return []
    try:
        data = orjson.loads(result)
    except orjson.JSONDecodeError:
        return []
    if not isinstance(data, dict):
        return []
    return [abs(c) for key in _FEE_KEYS if (value := data.get(key)) is not None and not isinstance(value, bool)
            and (c := to_cents(value))]


def totals(rows: list[list[int]]) -> set[int]:
    """What the writes moved, each ``moved`` list of one write: every row, each write's total and
    the total of all (two cancellations refunding $300 and $454: "$754 in all")."""
    out = {c for write in rows for c in write}
    out |= {sum(write) for write in rows if write}
    if out:
        out.add(sum(sum(write) for write in rows))
    return out


def crossed_nets(rows: list[list[int]]) -> set[int]:
    """The nets of one write's amount against another's (each ``moved`` list of one write): what a
    stored-value balance moved by where one write charged it and another refunded to it."""
    return {abs(a - b) for k, row in enumerate(rows) for other in rows[k + 1:] for a in row for b in other if a != b}


def subset_totals(rows: list[list[int]]) -> set[int]:
    """The totals of each two or more of the writes (``totals`` has each one's and all of them): two
    cancellations' refunds beside an item change's charge, "Total refunds: $4,021.02". Only of a few
    writes (each set of them is summed)."""
    each = [sum(write) for write in rows if write]
    if not 2 < len(each) <= 6:
        return set()
    return {sum(c for k, c in enumerate(each) if mask >> k & 1) for mask in range(1, 1 << len(each)) if mask & (mask - 1)}


# A report that nothing was charged: "HATHAT now has 6 checked bags, with no charge", "at no cost to you",
# or set off after it: "..., no charge.", "(no extra cost)"
_NO_CHARGE = re.compile(r"\b(?:(?:with|at|for)\s+no\s+(?:extra\s+|additional\s+)?(?:charge|cost)|free of charge|"
                        r"nothing (?:was |has been )?charged)\b|"
                        r"[,(\u2013\u2014-]\s*no\s+(?:extra\s+|additional\s+)?(?:charge|cost)\b", re.I)
_NOT_A_REPORT = re.compile(r"\b(?:would|will|if|can|could|should|once)\b|\w['’](?:d|ll)\b|\?", re.I)  # "I'd record it"


def no_charge_claims(text: str) -> list[str]:
    """The sentences of a report that say nothing was charged (not an offer or a condition: "it
    would be free")."""
    if "charge" not in text and "cost" not in text and "free" not in text:
        return []  # (plain substrings first)
    parts = SENTENCE_OR_LINE.split(text)
    # (the clause after a failed try's, in its sentence: "My first attempt errored ...; nothing was
    # charged to the certificate.")
    return [s.strip() for k, s in enumerate(parts)
            if (m := _NO_CHARGE.search(s)) and not _NOT_A_REPORT.search(s, 0, m.start())
            and not s.rstrip().endswith("?") and not _FAILED_TRY.search(s)
            and not (k and s.lstrip()[:1].islower() and _FAILED_TRY.search(parts[k - 1]))]


# A sentence about a call that failed: "(My first attempt mistakenly used the gift card, ... so nothing
# was charged there.)"
_FAILED_TRY = re.compile(r"\b(?:attempt|failed|didn't go through|did not go through)\b", re.I)


def reports_money(text: str) -> bool:
    """Whether a text says money was charged or refunded (what ``misstated`` reads). Plain
    substring tests first: most texts after a write say neither, and a case-blind search costs more."""
    low = text.lower()
    return any(w in low for w in _MOVED_STEMS) and _MOVED_WORDS.search(text) is not None


def misstated(text: str, amounts: set[int]) -> list[str]:
    """The amounts as written of each sentence that reports money charged or refunded without
    stating any of ``amounts`` (what the writes before it moved)."""
    out: list[str] = []
    for sentence in SENTENCE_OR_LINE.split(text):  # a list's lines are statements of their own
        if not _MOVED_WORDS.search(sentence) or _SHARE.search(sentence) or (" would " in sentence and _WOULD.search(sentence)):
            continue  # "$693 per passenger", "each of you was charged $22": a share of what moved; "so $7.72 would be refunded": an offer
        said = dollar_amounts(sentence)  # (a sign the text writes says the way: "-$292.37 to be refunded")
        if said and not any(abs(c) in amounts for _, c in said):
            if _CLAUSE_BREAK.search(sentence) or _NOT_MOVED.search(sentence):  # only the clauses that say money moved
                said = [a for clause in _CLAUSE_BREAK.split(sentence) if _MOVED_WORDS.search(clause)
                        and not _NOT_MOVED.search(clause) for a in dollar_amounts(clause)]
            out += [w for w, _ in said]
        elif len(said) > 1 and " plus " in sentence:
            # a movement of its own after "plus": "$313 back on your gift card, plus the $30 insurance fee
            # refunded separately", where only $313 moved
            out += [w for clause in sentence.split(" plus ")[1:] if _MOVED_WORDS.search(clause)
                    and not _NOT_MOVED.search(clause) and (own := dollar_amounts(clause))
                    and not any(c in amounts for _, c in own) for w, _ in own]
    return out


def said_moved(text: str, listed: set[int]) -> list[str]:
    """``misstated`` after a write whose result shows no new payment (``listed``: the amounts its
    records hold from before): the amounts said as charged or refunded, in sentences that do not
    say nothing moved ("... at $655.59, with no charge or refund")."""
    return misstated("\n".join(s for s in SENTENCE_OR_LINE.split(text) if not _NOTHING_MOVED.search(s)), listed)


_NOTHING_MOVED = re.compile(r"\bno (?:extra |additional )?(?:charge|refund|cost|payment)s?\b|\bnothing (?:was |has been )?"
                            r"(?:charged|refunded)\b|\bfree of charge\b", re.I)


# Money that would move, if the user agrees to the next action: "so $7.72 would be refunded to your gift card".
_WOULD = re.compile(r"\bwould\s+(?:be\s+|get\s+|go\s+)?(?:charg|refund|credit|debit|bill|deduct|back|return)\w*", re.I)
# Money said not to have moved (yet): "the $4,204.93 from the return hasn't been credited yet".
_NOT_MOVED = re.compile(r"\b(?:has|have|was|were|is|are)(?:n't|n’t| not)\s+(?:yet\s+)?(?:been\s+)?"
                        r"(?:charg|refund|credit|debit|bill|deduct)\w*", re.I)
# Where a clause ends and another, about other amounts, begins: "The refund is recorded, but the
# card still shows a balance of $129, so it can't cover $696".
_CLAUSE_BREAK = re.compile(r",?\s+(?:so|but|which|while|though|because|not enough)\b|\s[—–]\s", re.I)


# Which way money moves, in the words of one sentence: charged to the user, or refunded to them.
_CHARGE_WAY = re.compile(r"\b(?:charg(?:e|ed|ing)|billed|debited|deducted|taken (?:from|off)|you(?:'ll| will)? pay|cost you)\b",
                         re.I)
_REFUND_WAY = re.compile(r"\b(?:refund(?:ed|s|ing)?|credited|credit of|back to you)\b|\$[\d,.]+\**\s+back\b"
                         r"|\bback (?:to|on|onto) your\b|\bgo(?:es)? back to (?:the|your)\b", re.I)  # ("$3,844.86 goes back to the gift card")


_NOT_WAY = re.compile(r"\bnot\s+(?:a\s+|an\s+)?(?:refund|charge|credit)\w*", re.I)  # the way taken back


def _ways(text: str) -> dict[int, str]:
    """The amounts (with "$") of each sentence that says a way, and that way ("a charge of $0.14,
    not a refund" says a charge); "both" where the sentence says both ("switch the $368.15 to your
    Mastercard, and the Visa charge will be refunded": one amount charged to one card and refunded
    to another), or two sentences give it either way."""
    out: dict[int, str] = {}
    for sentence in SENTENCE_OR_LINE.split(text):  # (a list's lines are read apart: "$179 → $40 more")
        if "not " in sentence:
            sentence = _NOT_WAY.sub(" ", sentence)
        charge, refund = _CHARGE_WAY.search(sentence), _REFUND_WAY.search(sentence)
        if (charge or refund) and "$" in sentence:
            way = "both" if charge and refund else "charged" if charge else "refunded"
            # (not an amount with its own sign: "+$396 (upgrade) then −$510 (flight change) = $114 back")
            signed = {cents_of(m[2]) for m in SIGNED_AMOUNT.finditer(sentence)}
            for _, cents in dollar_amounts(sentence):
                if cents in signed:
                    continue
                # (two sentences that give it either way: "a total of $598.57 charged to your Mastercard
                # ... the $598.57 will be refunded to that card")
                out[cents] = way if out.get(cents, way) == way else "both"
    return out


def balances_after(shown: set[int], moved: set[int], text: str) -> set[int]:
    """The balances a stored-value method may have after writes moved these amounts: each shown
    balance, less an amount the text says was charged, plus one it says was refunded, either way
    for one it gives no way ("$50 was taken from your gift card, which leaves $199", not $299)."""
    ways = _ways(text)
    after = set(shown)
    for m in moved:
        way = ways.get(m)
        after |= {b - m for b in shown} if way != "refunded" else set()
        after |= {b + m for b in shown} if way != "charged" else set()
    return after


def reversed_ways(text: str, earlier: list[str], settled: list[set[int]] | None = None) -> list[tuple[str, str]]:
    """(amount as written, the way the earlier texts gave it) for each amount a report states as
    moving one way that the latest earlier text stating it gave as moving the other: "a refund of
    $2.93 to your PayPal ... shall I go ahead?" then "$2.93 has been charged to your PayPal".
    ``settled`` gives, per earlier text, the amounts writes had already moved when it was said: its
    report of those is no way for a later write (a fare refunded, then charged again by a rebooking)."""
    now = _ways(text)
    if not now:
        return []
    # The amounts of a sentence that takes the other way back: "the net $1.42 was an additional charge,
    # not a refund" corrects the earlier text on purpose.
    corrected = {c for sentence in SENTENCE.split(text) if "not " in sentence and _NOT_WAY.search(sentence)
                 for _, c in dollar_amounts(sentence)} if "not " in text else set()
    out = []
    for written, cents in dollar_amounts(text):
        way = now.get(cents)
        if way is None or cents in corrected:
            continue
        for k in range(len(earlier) - 1, -1, -1):
            if settled is not None and cents in settled[k]:
                break  # and what came before it was about that move
            was = _ways(earlier[k]).get(cents)
            if was is not None:
                if was != way and "both" not in (was, way):
                    out.append((written, was))
                break
    return out


# A balance said as it is after the change: "your gift card balance is now $1,814.51", "new balance: $50".
_BALANCE_NOW = re.compile(r"\bbalance\b[^.;!?\n]{0,40}?\b(?:is now|now|will be|becomes?|updated to|comes to|of|is(?=\s+\**\$)|"
                          r"is still|remains|stays|"  # ("Your gift card balance is still $32", after a refund to it)
                          r"(?:is |goes )?back (?:up |down )?to)\b"
                          r"|\b(?:new|updated|remaining) balance\b"
                          # "your gift card, which now has $168 remaining"
                          r"|\b(?:now has|now holds)\b(?=[^.;!?\n$]{0,12}\$\d[\d,]*(?:\.\d+)?\s+(?:left|remaining)\b)"
                          # "Your gift_card_6941833 had $152, plus the $186 refund, so it now has **$328**"
                          # (``_STORED_BEFORE`` must name the method first)
                          r"|\b(?P<bare>(?:now|still) (?:has|holds))\b(?=\s*\**\$\d)",
                          re.I)
_STORED_KIND = r"(?:gift[ _]card|certificate)"  # the methods that hold a balance
_STORED_BEFORE = re.compile(rf"\b{_STORED_KIND}(?:_\d+)?\b", re.I)


# What a balance will be, or would be, or was: no balance said of now.
_NOT_NOW = re.compile(r"\b(?:will|would|after|once|if|when|was|were|had|before|left after)\b|'ll\b", re.I)


def present_balances_said(text: str) -> list[tuple[str, int]]:
    """``balances_said`` of the sentences that say a balance now: "it now shows a balance of $2,799",
    not "after this booking your balance will be $12"."""
    return [found for sentence in SENTENCE.split(text) if not _NOT_NOW.search(sentence)
            for found in balances_said(sentence)]


def balances_said(text: str) -> list[tuple[str, int]]:
    """The amounts (with "$") that a sentence states as a balance after a change, from the word
    balance on (or from "now has" to "$X remaining")."""
    low = text.lower()
    left = "leav" in low or " left on" in low or "remaining on" in low
    if "balance" not in low and "now h" not in low and "still h" not in low and not left:
        return []
    out = []
    for sentence in SENTENCE.split(text):
        # the amount before the word: "your gift card ($76 balance)", "Your gift card's $75.00 balance covers it"
        out += [(f"${m[1]}", cents_of(m[1])) for m in _AMOUNT_BALANCE.finditer(sentence)]
        if left:  # "That leaves **$146** on gift_card_7773485", "$146 left on your gift card"
            out += [(f"${m[1] or m[2]}", cents_of(m[1] or m[2])) for m in _LEFT_ON.finditer(sentence)]
        if (m := _BALANCE_NOW.search(sentence)) is None or (m["bare"] and not _STORED_BEFORE.search(sentence, 0, m.start())):
            continue
        end = _CLAUSE_BREAK.search(sentence, m.end())  # "... a balance of $129, so it can't cover $696"
        stop = end.start() if end is not None else len(sentence)
        if sentence.count("(", 0, m.start()) > sentence.count(")", 0, m.start()):
            # said inside brackets: "$179 from your gift card (balance now $0), $35 on your Mastercard"
            stop = min(stop, closing) if (closing := sentence.find(")", m.end())) >= 0 else stop
        span = sentence[m.start():stop]
        if "(" in span:
            span = _WORKING.sub(" ", span)  # "is now $3,619.06 ($78 + $3,541.06)": how it was worked out
            if (first := span.find("$")) >= 0 and (aside := span.find("(", first)) >= 0:
                span = span[:aside]  # "a balance of **$0** (the full $128 went into this booking)": an aside
        if "=" in span:
            span = span[span.rfind("=") + 1:]  # "should now be $51.00 + $2,073.69 = $2,124.69": the result
        if _EARLIER_BALANCE.search(sentence, max(0, m.start() - 24), m.start() + 7) and (earlier := _DOLLARS.search(span)):
            span = span[earlier.end():]  # "With your earlier balance of $62, that makes $2,736.40": the one before
        if "$" in span and ("ertificate" in span or "ard" in span or "oucher" in span):
            span = _NAMED_BY_AMOUNT.sub(" ", span)  # "a balance of $0, and the $500 certificate has been consumed"
        out += money_numbers_in(span) if "dollar" in span or "USD" in span else dollar_amounts(span)  # ("150 dollars")
    return out  # ("$50 was charged, leaving a balance of $129": from the word balance on)


# The balance before the change, said as such: "your earlier balance of $62".
_EARLIER_BALANCE = re.compile(r"\b(?:earlier|previous|prior|old|former|original|starting|opening)\s+(?:gift\s+card\s+)?balance\b",
                              re.I)
_DOLLARS = re.compile(r"\$\d[\d,]*(?:\.\d+)?")
_STORED = rf"(?:your\s+|the\s+)?{_STORED_KIND}"
_LEFT_ON = re.compile(rf"\b(?:leaves?|leaving)\s+(?:you\s+(?:with\s+)?)?\**\$(\d[\d,]*(?:\.\d+)?)\**\s+(?:on|in)\s+{_STORED}"
                      rf"|\$(\d[\d,]*(?:\.\d+)?)\**\s+(?:left|remaining)\s+(?:on|in)\s+{_STORED}", re.I)
# A method named by what it is worth: "the $500 certificate", "your $100 gift card".
_NAMED_BY_AMOUNT = re.compile(r"\b(?:the|your|a|an|that|this)\s+\$\d[\d,]*(?:\.\d+)?\s+(?:travel\s+)?"
                              r"(?:certificates?|gift\s+cards?|vouchers?)\b", re.I)
_AMOUNT_BALANCE = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\**\s+(?:remaining\s+)?balance\b", re.I)
_WORKING = re.compile(r"\((?=[^()]*[+=−])[^()]*\)")  # a bracket that works a sum out: "($78 + $3,541.06)"



def method_balances(observations: list[str]) -> set[int]:
    """The balances (cents) the observations show for stored-value methods: a gift card's or a
    certificate's ``balance`` or ``amount`` beside its ``source``."""
    out: set[int] = set()
    for value in _stored_value_observations(observations):
        _balances(value, out)
    return out


def _stored_value_observations(observations: list[str]) -> Iterator[Any]:
    """The observations that may show a stored-value method (a plain substring test first), parsed."""
    for low in observations:
        if '"source"' not in low or ("gift_card" not in low and "certificate" not in low):
            continue
        try:
            yield orjson.loads(low)
        except orjson.JSONDecodeError:
            continue


def balances_by_method(observations: list[str]) -> dict[str, set[int]]:
    """``method_balances`` by the method's id (lower case): {"gift_card_5354170": {500}}; those shown
    with no id are left out."""
    out: dict[str, set[int]] = {}
    for value in _stored_value_observations(observations):
        _balances_by_id(value, out)
    return out


def _balances_by_id(value: Any, out: dict[str, set[int]]) -> None:
    if isinstance(value, list):
        for item in value:
            _balances_by_id(item, out)
    elif isinstance(value, dict):
        if value.get("source") in ("gift_card", "certificate") and isinstance(ident := value.get("id"), str):
            shown: set[int] = set()
            _balances({k: v for k, v in value.items() if k in ("source", "balance", "amount")}, shown)
            if shown:
                out[ident.lower()] = shown  # (the latest observation's)
        for item in value.values():
            if isinstance(item, (dict, list)):
                _balances_by_id(item, out)


def _balances(value: Any, out: set[int]) -> None:
    if isinstance(value, list):
        for item in value:
            _balances(item, out)
    elif isinstance(value, dict):
        if value.get("source") in ("gift_card", "certificate"):
            for key in ("balance", "amount"):
                if isinstance(value.get(key), (int, float)) and not isinstance(value.get(key), bool):
                    out.add(to_cents(value[key]) or 0)
        for item in value.values():
            if isinstance(item, (dict, list)):
                _balances(item, out)


# A sentence saying an amount was given to the user: a certificate issued, a credit added.
_GIVEN_WORDS = re.compile(r"\b(?:issued|sent|added|credited|applied|deposited|granted|(?:is|are) now in)\b", re.I)


def given_amounts(text: str) -> set[int]:
    """The dollar amounts, in cents, of the sentences of ``text`` that say an amount was issued,
    sent or added ("A $100 certificate has been added to your account"); not those about one
    share ("$50 per passenger"), whose count is not known here."""
    return {cents for sentence in SENTENCE_OR_LINE.split(text)
            if _GIVEN_WORDS.search(sentence) and not _SHARE.search(sentence)
            for _, cents in dollar_amounts(sentence)}


# A total a text gives one object, in one sentence: "bill B1006 totals $65.00", "the total due on
# B1006 is $70": the identifier last named before the total word, and the amount right after it.
_TOTAL_TAIL = re.compile(r"total(?:s|led|ed|ling|ing)?\b(?:\s+(?:due|amount|of|is|was|comes? to|came to))*:?\s*"
                         r"(\$\s?[\d,]+(?:\.\d+)?)", re.I)
TOTAL_KEYS = ("total_due", "total_amount", "total", "amount_due")  # what an object's total is kept as
_THE_OBJECT = re.compile(r"\b(?:the|its|this)\s+(?:bill|order|reservation|booking)\b|\bits\b", re.I)


def mistotaled(text: str, total_of: Callable[[str], set[int]], any_total: bool = True) -> list[tuple[str, str, str]]:
    """(identifier, the amount as written, the totals shown) for each total a sentence gives the
    one object it names before the total word, where none of that object's observed totals
    (``total_of``, in cents) is the amount; a sentence naming two objects says not whose it is.
    ``any_total``: whether any observation shows a total (else only a total word is looked for)."""
    low = text.lower()
    at = low.find("total")
    out: list[tuple[str, str, str]] = []
    while at >= 0:
        m = _TOTAL_TAIL.match(text, at)
        if m is not None:
            begin = max(text.rfind(c, 0, at) for c in ".!?;\n") + 1
            codes = set(_ANOTHER_CODE.findall(text, begin, at))
            if not codes and text[begin - 1:begin] == ";" and _THE_OBJECT.search(text, begin, at):
                # "January's bill (B1001) had ...; the bill total was $155.50": the clause before's one object
                start = max((e.end() for e in SENTENCE_OR_LINE.finditer(text, 0, begin - 1)), default=0)
                codes = set(_ANOTHER_CODE.findall(text, start, begin))
            cents = to_cents(m[1].lstrip("$ ").replace(",", ""))
            if len(codes) == 1 and cents is not None:
                code = codes.pop()
                shown = total_of(code)
                if shown and cents not in shown:
                    out.append((code, m[1], _dollars(shown)))
        at = low.find("total", at + 5)
    if any_total and "$" in text:  # "Your February bill B1006 for $65.00": the amount right after the object is its total
        found = [(m[1], m[2]) for m in _CODE_AMOUNT.finditer(text)]
        if " | " in text:
            found += _row_totals(text)
        if "\n" in text:
            found += [(m[1], m[2]) for m in _LISTED_TOTAL.finditer(text) if (m[1], m[2]) not in found]
        if "show" in text or "stand" in text or "amount" in text:
            found += [(m[1], m[2]) for m in _CODE_SHOWS.finditer(text) if (m[1], m[2]) not in found]
        for code, written in found:
            shown = total_of(code)
            cents = to_cents(written.lstrip("$ ").replace(",", ""))
            if shown and cents is not None and cents not in shown and (code, written) not in {(o[0], o[1]) for o in out}:
                out.append((code, written, _dollars(shown)))
    return out


# The amount a payment request is said to ask for: "a payment request for $150.00 is on its way".
_REQUEST_AMOUNT = re.compile(r"\bpayment request\s+(?:for|of)\s+(?:the\s+)?\**(\$\s?\d[\d,]*(?:\.\d+)?)(?![\d,]|\.\d)", re.I)


def misrequested(text: str, bill: str, totals: set[int]) -> list[tuple[str, str]]:
    """(the amount as written, the totals shown) for each amount a text says a payment request asks
    for, in a sentence that names no bill but ``bill`` (the one the request was sent for), where none
    of that bill's totals (``totals``, cents) is it: "$150.00" for B1001, whose total is $160.50."""
    out: list[tuple[str, str]] = []
    for m in _REQUEST_AMOUNT.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        end = min((e for c in ".!?\n" if (e := text.find(c, m.end())) >= 0 and not text[e + 1:e + 2].isdigit()),
                  default=len(text))
        if any(code.lstrip("#").upper() != bill.upper() for code in _ANOTHER_CODE.findall(text, start, end)):
            continue  # (another bill named beside it: whose amount it is, the sentence says)
        if totals and (cents := to_cents(m[1].lstrip("$ ").replace(",", ""))) is not None and cents not in totals:
            out.append((m[1], _dollars(totals)))
    return out


# A table row's cell under an amount column, as ``tables.with_headers`` writes it: "Amount $65.00".
_AMOUNT_CELL = re.compile(r"^\s*(?:total(?: due)?|amount(?: due)?|due)\s+\**(\$\s?\d[\d,]*(?:\.\d+)?)\**\s*$", re.I)


def _row_totals(text: str) -> list[tuple[str, str]]:
    """(object, amount) for each table row (read with its headers) that names one object, named in
    no other row, with an amount under a total or amount column: "Bill B2028 | Month January 2025 |
    Amount $65.00 | Status Paid". Rows of one object's parts (its line items) name it in each."""
    rows = [(codes, line) for line in text.split("\n") if " | " in line and len(codes := set(_ANOTHER_CODE.findall(line))) == 1]
    seen: dict[str, int] = {}
    for codes, _ in rows:
        for code in codes:
            seen[code] = seen.get(code, 0) + 1
    out = []
    for codes, line in rows:
        code = next(iter(codes))
        if seen[code] == 1:
            out += [(code, m[1]) for cell in line.split(" | ") if (m := _AMOUNT_CELL.match(cell))]
    return out


# An object and an amount right after it, which gives its total: "bill B1006 for $65.00", "B1002 ($150.00)",
# "an overdue bill, B1007, for $150.00".
# Not the first of a list: "Bill B1001: $40, $65, $40 and $15.50".
_CODE_AMOUNT = re.compile(r"(#W\d{7}|\b[A-Z]{1,2}\d{4,})\b\**,?\s*(?:\(|:|for|of|totall?ing|at"  # (bold: "**B1001** for **$150**")
                          r"|is(?:\s+(?:now|currently))?(?=\s*\**\$[\d,.]+\**\s+(?:so far|in total|total|in all)\b)"  # ("B1003 is $9.00 so far")
                          r"|,\s*which\s+is\s+now(?=\s*\**\$[\d,]+(?:\.\d+)?\**(?:[.!;](?!\d)|$)))\s*\**"  # ("B1002, which is now $154.00.")
                          r"((?>\$\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\$\s?\d+(?:\.\d+)?))(?!\d|,\d|\s*(?:,\s*\$|and\b|\+|&|plus\b))")


# A list's line that gives one object, its month or status, then an amount: its total. "- B1005
# (February 2025): Issued, $220.00, due 2025-02-19".
_LISTED_TOTAL = re.compile(r"^[ \t]*(?:[-*•]|\d+[.)])[ \t]+\**(?:[A-Z][a-z]+[ \t]+\()?(#W\d{7}|[A-Z]{1,2}\d{4,})\b\)?\**[ \t]*"
                           r"(?:\([A-Za-z]+\.?(?:[ \t]+\d{4})?\)[ \t]*)?[:\-–—][ \t]*\**"
                           r"(?:(?:issued|paid|overdue|draft|pending|unpaid|awaiting payment)\**[ \t]*[,:\-–—][ \t]*\**)?"
                           r"((?>\$\s?\d[\d,]*(?:\.\d+)?))(?!\s*(?:\+|plus\b|and\b|&))", re.M | re.I)
_ANOTHER_CODE = re.compile(r"#W\d{7}\b|\b[A-Z]{1,2}\d{4,}\b")
# An object's total said by what it shows: "Your next bill (B1003, March 2025) currently shows **$67.00**",
# "B1003 now stands at $5.00" (not one part of it: "shows $65.00 for the plan").
_CODE_SHOWS = re.compile(r"(#W\d{7}|\b[A-Z]{1,2}\d{4,})\b[^$.!?\n#]{0,25}?\b(?:currently\s+|now\s+)?"
                         r"(?:shows?|stands? at|amounts? to)\s+\**((?>\$\s?\d[\d,]*(?:\.\d+)?))"
                         r"(?!\s*(?:\+|plus\b|and\b|&|for\b|per\b|of\b|each\b))")


# A payment method's balance said right after it: "gift_card_8970607 with $94", "certificate_3080156
# ($100)", "gift card 8970607: $49", "certificate_4833059 worth $150".
# Without the "$" only where the sentence ends there: "Gift card gift_card_7037673 has 340.", a
# terse agent's balance.
# (On its line: "gift_card_4903229\n\n**2. Cancel ..." gives no balance of 2.)
_BALANCE_SAID = re.compile(r"\b((?:gift[_ ]card|certificate)[_ ]\d{5,})\b[ \t]*(?:\(|:|with|(?:now\s+|still\s+)?(?:has|holds)|worth|of|-|—"
                           r"|(?:now\s+)?(?:shows|has)\s+a\s+balance\s+of)?[ \t]*"
                           r"(?:a balance of\s+|balance\s+)?\**\(?(\$\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?![\d,]*\.?\d)"
                           r"|\d[\d,]*(?:\.\d\d)?(?=\s*(?:[.!;]\s|[.!;]?$)))"
                           # (not a sum's term: "gift card 8887175 ($1,936 + $851)"; nor a difference after a dash:
                           # "would refund $2,571 to gift card 8887175 - $9 less than the cheapest option")
                           r"(?!\**\s*\+\s*\**\$?\d|\**\s+(?:less|more|cheaper|higher|lower|short|over|under)\b)", re.I)


def misstated_balances(text: str, balance_of: Callable[[str], set[int]]) -> list[tuple[str, str, str]]:
    """(method, the amount as written, the balances shown) for each payment method a text gives a
    balance right after naming it, where its observation shows another (``balance_of``: its ``amount``
    or ``balance``, in cents; empty where none is shown, or it may have changed since)."""
    out: list[tuple[str, str, str]] = []
    paying: bool | None = None  # whether the text splits a payment: read on the first amount under a balance
    for m in _BALANCE_SAID.finditer(text):
        method = m[1].lower().replace(" ", "_")
        cents = to_cents(m[2].lstrip("$ ").replace(",", ""))
        shown = balance_of(method)
        if not shown or cents is None or cents in shown:
            continue
        if cents < max(shown):  # "Total: $106 — gift_card_1: $39, then gift_card_2: $67": what it pays
            if paying is None:
                paying = _PAYING.search(text) is not None
            if paying:
                continue
        out.append((method, m[2], _dollars(shown)))
    if "balance" in text.lower():
        out += _misstated_before(text, balance_of)
    return out


# ... or right before it, in a sentence of balances: "Your current balances are $108 on gift card 7842436
# and $89 on gift card 1043223" (not a share paid: "$100 on gift card 1043223 and the rest ...").
_AMOUNT_ON_METHOD = re.compile(r"(\$\s?\d[\d,]*(?:\.\d+)?)\s+(?:left\s+)?on\s+(?:your\s+|the\s+)?"
                               r"((?:gift[_ ]card|certificate)[_ ]\d{5,})\b", re.I)


def _misstated_before(text: str, balance_of: Callable[[str], set[int]]) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "balance" not in BRACKETED.sub("", sentence).lower() or _PAYING.search(sentence):
            continue  # (a balance in brackets beside a charge: "for $150 on gift_card_5758869 (balance $258)")
        for m in _AMOUNT_ON_METHOD.finditer(sentence):
            method = m[2].lower().replace(" ", "_")
            shown = balance_of(method)
            cents = to_cents(m[1].lstrip("$ ").replace(",", ""))
            if shown and cents is not None and cents not in shown:
                out.append((method, m[1], _dollars(shown)))
    return out


def _dollars(cents: set[int]) -> str:
    """Amounts in cents as a reason lists them: "$54.00, $94.00"."""
    return ", ".join(f"${c / 100:.2f}" for c in sorted(cents))


# Words of a text that pays with several methods: the amount after each is its share, not its balance.
_PAYING = re.compile(r"\b(?:total|pay|paid|paying|payment|charg\w*|split|then|the rest|remaining|appl(?:y|ied))\b|\+",
                     re.I)


# A difference signed in words after it: "$11.67 more", "$4.67 less", "$3.00 cheaper".
_WORDED_SIGN = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\**\s+(more|extra|less|cheaper|back)\b", re.I)
_LESS_WORDS = frozenset({"less", "cheaper", "back"})


def worded_differences(text: str) -> list[int]:
    """The differences a text signs in words, in cents, signed: "$11.67 more", "$4.67 less" are
    1167 and -467."""
    return [(-1 if m[2].lower() in _LESS_WORDS else 1) * cents_of(m[1]) for m in _WORDED_SIGN.finditer(text)]


# The difference an exchange's text says the customer pays or gets back: "you'd need to pay an
# additional $34.16", "it would cost you an extra $10.84", "you'll get $12.30 back", "a refund of $8.00".
_PAY_MORE = re.compile(r"\b(?:pay|charged?|owe|cost(?:s| you)? an? (?:extra|additional))\b[^$.;\n]{0,30}?(\$\d[\d,]*(?:\.\d+)?)", re.I)
_GET_BACK = re.compile(r"(\$\d[\d,]*(?:\.\d+)?)\**\s+(?:back|refunded)\b|\brefund(?:ed)?(?: of)?\W{0,3}(\$\d[\d,]*(?:\.\d+)?)",
                       re.I)


def misigned_changes(text: str) -> list[tuple[str, str]]:
    """(difference as written, the way the prices give it) for each line that changes a price with an
    arrow and signs the difference in words the other way: "Scooter ($325.68) → black at $329.23: $3.55
    less", where the new price is the higher. A line must state the two prices and the difference only."""
    out: list[tuple[str, str]] = []
    for line in SENTENCE_OR_LINE.split(text):
        arrow = max(line.find("→"), line.find("->"))
        if arrow < 0 or (signed := _WORDED_SIGN.search(line)) is None:
            continue
        before = [c for w, c in money_numbers_in(line[:arrow]) if "$" in w]
        after = [c for w, c in money_numbers_in(line[arrow:signed.start()]) if "$" in w]
        if len(before) != 1 or len(after) != 1:
            continue
        change, said = after[0] - before[0], cents_of(signed[1])
        if abs(change) == said and said and (change > 0) == (signed[2].lower() in _LESS_WORDS):
            out.append(("$" + signed[1], "more" if change > 0 else "less"))
    return out


def exchange_way(text: str) -> tuple[str, int, str] | None:
    """(the amount as written, in cents, and "charged" or "refunded") where a text says a price
    difference moves one way only; None where it says none, or both ("..., not a refund" says none of it)."""
    if "not " in text:
        text = _NOT_WAY.sub(" ", text)
    pay, back = _PAY_MORE.search(text), _GET_BACK.search(text)
    if pay is not None and back is None:
        return pay[1], abs(cents_of(pay[1])), "charged"
    if back is not None and pay is None:
        written = back[1] or back[2]
        return written, abs(cents_of(written)), "refunded"
    return None


# What several writes together cost, said of them as a whole: "Both refuels together come to $14.00".
_TOGETHER = re.compile(r"\b(?:both|together|combined|altogether|in total|in all|so far|today|all (?:two|three|four))\b",
                       re.I)
_CHARGE_KEYS = ("charge", "charged", "fee")


def write_charges(result: str) -> list[int]:
    """The charges (in cents) a write's JSON result states in a ``charge`` or ``fee`` field."""
    if '"charge' not in result and '"fee"' not in result:
        return []
    try:
        value = orjson.loads(result)
    except orjson.JSONDecodeError:
        return []
    return [c for obj in json_objects(value) for k in _CHARGE_KEYS
            if isinstance(v := obj.get(k), (int, float)) and not isinstance(v, bool) and (c := to_cents(v)) is not None]


def mistotaled_writes(text: str, charges: dict[str, list[int]]) -> list[tuple[str, str]]:
    """(the amount as written, the charges) for each sentence that gives the writes of one tool
    together ("both refuels", by a word of the tool's name) one amount that is not the sum of the
    charges their results showed (``charges``: per word, two or more)."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if not _TOGETHER.search(sentence) or len(found := dollar_amounts(sentence)) != 1:
            continue
        low = sentence.lower()
        for word, cents in charges.items():
            if len(cents) > 1 and word in low and abs(found[0][1]) != sum(cents):
                out.append((found[0][0], " + ".join(f"${c / 100:.2f}" for c in cents)))
    return out


# A stored-value method named by its kind with an amount: "a travel certificate worth $250 on your
# profile", "your gift card with $94".
_KIND_BALANCE = re.compile(r"\b(gift card|certificate)\b(?:[^$.;\n]{0,12}?\b(?:worth|with|holding|"
                           r"(?:has\s+a\s+)?balance of|has|holds|balance (?:is|was)(?: now)?)\s+\**|\s*\(\s*(?=\$[\d,.]+\s+balance\)))"
                           r"(\$\s?\d[\d,]*(?:\.\d+)?)(?![\d,]*\.?\d)", re.I)  # ("your gift card ($76 balance)")
_THEIRS = re.compile(r"\byour\b|\bon (?:your )?(?:profile|file|account)\b", re.I)


# A balance said as it was, not as it is: "it had $70 before the refund", "your balance was $70".
_AS_IT_WAS = re.compile(r"\b(?:was|were|had|before|used to|previously|earlier)\b", re.I)


def balances_stated(text: str) -> list[tuple[str, str, int]]:
    """(the method's id, or its kind where the sentence names none, the amount as written, in cents)
    for each balance a sentence states as the one a method has now: "Gift card 3481935 has $22",
    "your gift card balance is $70.00"; not one it says was ("your balance was $70 before"), nor, in a
    sentence of paying that says no balance, what each method pays."""
    out: list[tuple[str, str, int]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "$" not in sentence or _AS_IT_WAS.search(sentence) or ("balance" not in sentence.lower() and _PAYING.search(sentence)):
            continue  # (not what each method pays: "paid as gift_card_8020792 $198, gift_card_6136092 $129")
        named = [(m[1].lower().replace(" ", "_"), m[2]) for m in _BALANCE_SAID.finditer(sentence)]
        if not named and _THEIRS.search(sentence):
            named = [(m[1].lower().replace(" ", "_"), m[2]) for m in _KIND_BALANCE.finditer(sentence)]
        out += [(method, written, cents) for method, written in named
                if (cents := to_cents(written.lstrip("$ ").replace(",", ""))) is not None]
    return out


# A stored-value method said to pay, with its balance beside it: "would be paid with your gift card (balance
# $554.20)".
_PAID_FROM_BALANCE = re.compile(r"\b(?:paid|pay|charged?)\s+(?:with|to|from|on|using)\s+(?:your\s+|the\s+)?"
                                r"(?:gift[ _]card|certificate)\b[^.;\n()$]{0,40}?\(\s*(?:current\s+)?balance:?\s+"
                                r"(\$\s?\d[\d,]*(?:\.\d+)?)\s*\)", re.I)
_PART_PAID = re.compile(r"\b(?:part|partly|partial|rest|remaining|remainder|split|balance of the|difference)\b", re.I)


def uncovered_by_balance(text: str) -> list[tuple[str, str]]:
    """(the amount as written, why) for each sentence that says a gift card or certificate pays the one
    other amount it states, with a balance beside the method that is less than it: "#W7032009 ($724.34)
    would be paid with your gift card (balance $554.20)". Not a part of it paid ("the rest")."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "alance" not in sentence or (m := _PAID_FROM_BALANCE.search(sentence)) is None or _PART_PAID.search(sentence):
            continue
        balance = to_cents(m[1].lstrip("$ ").replace(",", ""))
        others = [(w, c) for w, c in dollar_amounts(sentence) if abs(c) != balance]
        if balance is not None and len(others) == 1 and abs(others[0][1]) > balance:
            out.append((others[0][0], f"the balance {m[1]} said beside the method that would pay it is less"))
    return out


def misstated_kind_balances(text: str, balances_of_kind: Callable[[str], list[set[int]]]
                            ) -> list[tuple[str, str, str]]:
    """(kind, the amount as written, the balance shown) for each gift card or certificate of the user's
    a sentence names by its kind with an amount, where the user has one method of that kind
    (``balances_of_kind``: the balances of each) and it shows another amount."""
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if not _THEIRS.search(sentence):
            continue
        for m in _KIND_BALANCE.finditer(sentence):
            kind = m[1].lower().replace(" ", "_")
            methods = balances_of_kind(kind)
            cents = to_cents(m[2].lstrip("$ ").replace(",", ""))
            if len(methods) == 1 and methods[0] and cents is not None and cents not in methods[0]:
                out.append((kind, m[2], _dollars(methods[0])))
    return out
