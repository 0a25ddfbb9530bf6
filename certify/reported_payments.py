"""Which payment methods a write charged or refunded, and whether a report after it names them.

"The $3214.75 will be refunded to your PayPal account", after a cancellation whose result records
the refund to ``gift_card_5540683``, tells the user something the result contradicts. A payment
method's kind is the one its identifier starts with (``anchors.payment_kind``: a gift card, a
credit card, PayPal, a certificate). A report is read only where it names a kind right after a
refund phrase ("refunded to your ...", "back onto the ..."), so a sentence naming a method for
another reason is left alone. Likewise a card a report names by its last four digits ("charged to
your Visa ending in 5735") must be one the write used.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from typing import Any

import orjson

from trajectory2gym.certify.anchors import PAYMENT_WORDS, payment_kind
from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

# A cheap, case-sensitive gate on the raw text before the lower-cased search.
GATE = re.compile(r"efund|back|redit|eturn")

# The phrases that name a kind of payment method (``_kind_said`` reads them).
_KIND_PHRASES = (r"(paypal|credit card|debit card|card ending|gift card|travel certificate|certificate|visa|"
                 r"mastercard|amex|american express|discover)\b")
# (Not across a denial: "... back to PayPal within 5-7 business days — I can't redirect it to the Visa".)
_NAMED = re.compile(
    r"\b(?:refund\w*|back|credited|returned)\b(?:(?!n't|n’t|\bnot\b|\bcannot\b)[^.!?;\n]|\.(?=\d)){0,60}?"
    r"\b(?:to|onto|into|on)\s+(?:your|the)\s+"
    r"(?:original\s+|existing\s+|same\s+)?" + _KIND_PHRASES)


# ... and where a charge goes: "the 11.99 difference will be charged to your Mastercard ending 1020".
# Or a payment's amount put on it: "Paid with ... gift_card_8020792 ($198), and $1,786 on your Mastercard".
_CHARGED = re.compile(
    r"(?:\b(?:charg(?:ed|ing)|billed|debited|taken from|deducted from)\b(?:[^.!?;\n]|\.(?=\d)){0,40}?\b(?:to|on|onto|from)?\s*"
    r"|\$[\d,]+(?:\.\d\d)?\s+(?:went\s+|goes\s+|was\s+put\s+)?(?:on|to)\s+)(?:your|the)\s+(?:original\s+|existing\s+|same\s+)?"
    + _KIND_PHRASES)  # ("$1786 went on your Mastercard")


def charged_methods(text: str) -> list[str]:
    """The payment methods a text says a charge went to, each once ("$4.00 was charged today to your
    credit card ending 1235"): after a write that charged the account's bill (a telecom refuel, which
    the policy puts on the next bill), any of them is misstated."""
    plain = _plain(text)
    return list(dict.fromkeys(m[1] for m in _CHARGED.finditer(plain)
                              if not _NONE_BEFORE.search(plain, max(0, m.start() - 24), m.start())))


# A charge denied: "nothing was charged to the certificate", "not charged to your card".
_NONE_BEFORE = re.compile(r"\b(?:nothing|not|never|no)\b(?:\s+\w+){0,2}\s*$", re.I)


def misnamed_charge_methods(text: str, methods: set[str], brand_of: BrandOf | None = None) -> list[str]:
    """The kinds of payment method a text says a charge goes to that none of ``methods`` (what the
    writes charged) is; or the card brands, where ``brand_of`` shows each card's."""
    return _not_among(charged_methods(text), methods, brand_of)


# A payment method named by its identifier ("gift_card_4816380", "certificate_8159557"), and the words
# of a sentence or line that says money moved through it ("$9 was charged to ...", "| Paid | $234, ...").
_METHOD_ID_SAID = r"(?:gift_card|credit_card|debit_card|certificate|paypal)_\d+"
METHOD_ID = re.compile(rf"\b{_METHOD_ID_SAID}\b")
_AMOUNT_WITH_ID = re.compile(rf"\$[\d,]+(?:\.\d\d)?\s+(?:with|on|from|via|using)\s+(?:your\s+)?({_METHOD_ID_SAID})\b")
_MONEY_MOVED = re.compile(r"charg|\bpaid\b|\bbilled\b|debited|deducted|refund|credited|\bput on\b|\bwent on\b", re.I)
# A message that proposes the next action rather than reports the last: "Here is what I am about to
# do: ... charged to certificate_9924963. Do you confirm (yes/no)?"
_PROPOSES = re.compile(r"\b(?:confirm|proceed|go ahead|about to|shall i|should i)\b|\(yes/no\)"
                       r"|(?:^|\n)\W*(?:downgrade|upgrade|cancel|book|change|modify|return|exchange|refuel|enable|suspend|"
                       r"resume|send)\b[^?\n]{0,60}\?", re.I)  # ("Downgrade 2FBBAH? (yes/no)")


# A sentence of what an action would do: in a message that proposes one, it describes the next action.
_WOULD = re.compile(r"\bwould\b|\bto be\b|\bthe plan\b", re.I)  # "The plan above is unchanged: $44 on your Mastercard"


def reported_part(text: str) -> str:
    """The sentences of a message that report rather than propose: in a message that asks to
    confirm the next action, not those that say what it would do ("... would be charged to your
    Mastercard ending in 9838. Shall I proceed?", after a write that moved no money)."""
    if not _PROPOSES.search(text):
        return text
    return " ".join(s for s in SENTENCE_OR_LINE.split(text) if not _WOULD.search(s))


def misnamed_method_ids(text: str, touched: set[str]) -> list[str]:
    """The payment methods a report names by identifier as where money moved, where it names none of
    those the writes used (``touched``): "$9 was charged to gift_card_4816380", after an update that
    charged gift_card_7386173, reports what was confirmed rather than what was done. A report that
    names a method the writes used too may name others for other reasons (a balance left), and a
    message that proposes the next action names that action's method."""
    if not touched or _PROPOSES.search(text):
        return []
    if any(m in text for m in touched):
        # ... but an amount put on another one beside them is that write's too: "Paid $100 with
        # certificate_5082843 and $130 with gift_card_4305208", where it used certificate_6552913
        return list(dict.fromkeys(m[1] for m in _AMOUNT_WITH_ID.finditer(text) if m[1] not in touched))
    out: list[str] = []
    for part in SENTENCE_OR_LINE.split(text):
        if "_" in part and _MONEY_MOVED.search(part):
            out += [m for m in METHOD_ID.findall(part) if m not in touched and m not in out]
    return out


def _plain(text: str) -> str:
    """A text lower-cased, its bold marks dropped: "refunded to your **Visa ending 3660**"."""
    return text.lower().replace("*", "")


def _kind_said(phrase: str) -> str:
    """The kind (``anchors.payment_kind``) a phrase of ``_NAMED`` names: by its first or last word
    ("gift card", "travel certificate"), else a card ("card ending", "american express", "discover")."""
    ws = phrase.split()
    return PAYMENT_WORDS.get(ws[0]) or PAYMENT_WORDS.get(ws[-1]) or "creditcard"


def write_payments(result: str, arguments: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The payment methods of one write, its result read once: (where it refunded: the payment method
    the call names at its top level, a return's or an exchange's, unless the write moved the payment
    to it (then the method refunded after it), else a ``refund`` transaction or a negative amount in
    the result; every method it used: any method its arguments name at any
    depth, a booking's ``payment_methods[].payment_id``, else any transaction in the result)."""
    named = {v for a, v in arguments.items() if "payment" in a and isinstance(v, str)}
    used = payment_ids(arguments)
    shown: set[str] = set()
    refunded: set[str] = set()
    value: Any = None
    with suppress(orjson.JSONDecodeError):  # a result that is no JSON adds none
        _walk(value := orjson.loads(result), refunded, shown)
    if named and not (moved := _moved_payment(value, named)):
        refunded = named  # the write's own refund goes where it names: the result's history holds older refunds too
    elif named:
        refunded = moved  # a payment moved to the method named: the old one is refunded
    # A call that names its method charges that one: the order's history in the result also holds
    # the payment made before ("charged to your mastercard", the exchange's difference on PayPal).
    return refunded, used or shown


def _moved_payment(value: Any, named: set[str]) -> set[str]:
    """Where a write that moved a payment to the method it names refunded: the history's last two
    transactions are a payment by that method, then a refund to another ("switch #W3746173 to your
    Mastercard", the gift card refunded); else none."""
    history = value.get("payment_history") if isinstance(value, dict) else None
    if not isinstance(history, list) or len(history) < 2 or not all(isinstance(t, dict) for t in history[-2:]):
        return set()
    paid, back = history[-2], history[-1]
    method = back.get("payment_method_id") or back.get("payment_id")
    if (paid.get("transaction_type") == "payment" and back.get("transaction_type") == "refund"
            and (paid.get("payment_method_id") or paid.get("payment_id")) in named
            and isinstance(method, str) and method not in named):
        return {method}
    return set()


def _walk(value: Any, refunded: set[str], used: set[str]) -> None:
    if isinstance(value, dict):
        method = value.get("payment_method_id") or value.get("payment_id")
        if isinstance(method, str):
            used.add(method)
            amount = value.get("amount")
            if value.get("transaction_type") == "refund" or (isinstance(amount, (int, float)) and amount < 0):
                refunded.add(method)
        for v in value.values():
            if isinstance(v, (dict, list)):
                _walk(v, refunded, used)
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, (dict, list)):
                _walk(v, refunded, used)


def payment_ids(arguments: dict[str, Any]) -> set[str]:
    """The strings a call's arguments give under a payment key, at any depth: ``payment_method_id``,
    a booking's ``payment_methods[].payment_id``."""
    found: set[str] = set()
    _payment_args(arguments, found)
    return found


def _payment_args(value: Any, found: set[str], under_payment: bool = False) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _payment_args(v, found, under_payment or "payment" in k)
    elif isinstance(value, list):
        for v in value:  # (outside a payment key only objects and lists can hold one: "item_ids" is skipped)
            if under_payment or isinstance(v, (dict, list)):
                _payment_args(v, found, under_payment)
    elif under_payment and isinstance(value, str):
        found.add(value)


# A card named by its last four digits as what a write charged or refunded: "charged to your Visa
# ending in 5735", "refunded to the card ending 8081".
_WAY = r"\b(?:charg\w*|refund\w*|paid|billed|back|credited|debited|put|came|comes|taken|drawn)\b"
_WAY_WORD = re.compile(_WAY, re.I)
_CARD_ENDING = re.compile(_WAY + r"(?:[^.!?;\n]|\.(?=\d)){0,60}?"
                          r"\bending\s+(?:in\s+)?\**(\d{4})\b", re.I)  # (a decimal point is no sentence's end)


def misnamed_cards(text: str, last_fours: set[str], refunded_fours: set[str] | None = None) -> list[str]:
    """The last four digits a text gives the card a write charged or refunded that none of the
    write's cards has (``last_fours``; empty: nothing to compare). Where the text says a refund went
    there and the cards refunded are known (``refunded_fours``), only those count: a booking's
    history shows the card it was first paid with too."""
    if not last_fours:
        return []
    out = []
    for m in _CARD_ENDING.finditer(text):
        # (the way word nearest the card: "charged to the Mastercard and $368.15 refunded to the Visa ending 5768")
        nearest = _WAY_WORD.findall(m[0])[-1]
        fours = refunded_fours if refunded_fours and _REFUND_WORD.match(nearest) else last_fours
        if m[1] not in fours:
            out.append(m[1])
    return out


_REFUND_WORD = re.compile(r"refund|back|credited", re.I)


# A card named by its brand and its last four digits: "your Visa ending 4336", "Mastercard (ending in 8902)".
_BRAND_ENDING = re.compile(r"\b(visa|mastercard|master card|amex|american express|discover)\b\W{0,4}"
                           r"(?:(?:credit|debit)\s+)?(?:card\W{0,4})?\(?ending(?:\s+in)?\W{0,4}(\d{4})\b", re.I)


def misbranded_cards(text: str, brands_of: Callable[[str], set[str]]) -> list[tuple[str, str, str]]:
    """(last four, brand said, brands shown) for each card a text names by brand and last four
    digits where the cards the observations show with those digits (``brands_of``) are of other
    brands: "your Visa ending 4336", where the card ending 4336 is a Mastercard."""
    out = []
    for m in _BRAND_ENDING.finditer(text):
        said = m[1].lower().replace(" ", "")
        said = "amex" if said == "americanexpress" else said
        shown = brands_of(m[2])
        if shown and said not in {b.lower().replace(" ", "") for b in shown}:
            out.append((m[2], m[1], ", ".join(sorted(shown))))
    return out


def brands_named(text: str) -> list[tuple[str, str]]:
    """(brand as said, last four digits) for each card a text names by brand and last four digits:
    "your Visa ending in 1235"."""
    return [(m[1], m[2]) for m in _BRAND_ENDING.finditer(text)]


def ids_read_as_last_four(text: str, last_four_of: Callable[[str], str | None]) -> list[tuple[str, str]]:
    """(the digits said, the card's last four) for each card a text names by brand and four digits
    that no card shows as its last four but that end a card's identifier, whose record shows other
    last four (``last_four_of``): "Mastercard ending 6913" of credit_card_8296913, ending in 6193."""
    return [(m[2], real) for m in _BRAND_ENDING.finditer(text) if (real := last_four_of(m[2])) and real != m[2]]


class CardsById(ObservationBook):
    """Each card's identifier (lower case) and the last four digits its record shows."""

    needles: tuple[str, ...] = ('"last_four"',)

    def __init__(self) -> None:
        self.last_four: dict[str, str] = {}

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            if isinstance(ident := obj.get("id"), str) and isinstance(four := obj.get("last_four"), str):
                self.last_four[ident] = four

    def ending_in(self, digits: str) -> str | None:
        """The last four digits of the newest card read whose identifier ends in these digits."""
        return next((four for ident, four in reversed(self.last_four.items()) if ident.endswith(digits)), None)


def misnamed_refund_methods(text: str, destinations: set[str], brand_of: BrandOf | None = None) -> list[str]:
    """The kinds of payment method a text says a refund goes to that none of ``destinations`` is
    (empty when a destination's kind is not known: then nothing can be compared); or the card
    brands ("304.80 refunded to your Visa", to a Mastercard), where ``brand_of`` shows each card's."""
    return _not_among((m[1] for m in _NAMED.finditer(_plain(text))), destinations, brand_of)


BrandOf = Callable[[str], Any]  # a payment method's identifier -> its "brand" field as shown, or None
_BRANDS = {"visa": "visa", "mastercard": "mastercard", "master card": "mastercard", "amex": "amex",
           "american express": "amex", "discover": "discover"}


def _not_among(said: Iterable[str], methods: set[str], brand_of: BrandOf | None = None) -> list[str]:
    """The phrases said (each once) whose kind none of ``methods`` is; none where a method's kind is
    not known (then nothing can be compared). With ``brand_of``, a brand said must be one of the
    cards' brands, where every card among ``methods`` shows one."""
    kinds = {payment_kind(m) for m in methods}
    if not kinds or None in kinds:
        return []
    brands: set[str] = set()
    if brand_of is not None:
        for m in methods:
            if payment_kind(m) == "creditcard":
                shown = brand_of(m)
                if not isinstance(shown, str):
                    brands = set()  # a card of unknown brand: nothing to compare
                    break
                brands.add(_BRANDS.get(shown.lower(), shown.lower()))
    return [phrase for phrase in dict.fromkeys(said) if _kind_said(phrase) not in kinds
            or (brands and (brand := _BRANDS.get(phrase)) is not None and brand not in brands)]


# How a text says an order or a booking was paid: "It was paid in full, $1,400, with your Mastercard".
_PAID_WITH = re.compile(
    # (not past a clause of its own: "the $158 + $141 you paid, so the difference is $892, payable by credit card")
    r"(?:\bpaid\b(?:(?!\b(?:so|which|payable)\b)(?:[^.!?;\n]|\.(?=\d))){0,70}?\b(?:with|by|using|via|on|from)"
    r"|\b(?:was|were)\s+charged\s+(?:to|on|with)):?\s+(?:(?:your|the|a|an)\s+)?(?:original\s+)?"
    + _KIND_PHRASES)  # ("paid with PayPal": no article before a name; "- Paid with: your Visa", a list's label)


def _paid_with(low: str) -> Iterator[re.Match[str]]:
    """Where a lower-cased text says how an object was paid, not how it may be, nor how many of its
    things are paid for ("6 bags (0 paid) with your Visa ending 9997")."""
    return (m for m in _PAID_WITH.finditer(low) if not _MAY_BE.search(low, max(0, m.start() - 25), m.start())
            and not _COUNT_BEFORE.search(low, max(0, m.start() - 13), m.start())
            and not _NOTHING_BEFORE.search(low, max(0, m.start() - 16), m.start()))


# Nothing paid: "so nothing was charged to your Visa ending 7447".
_NOTHING_BEFORE = re.compile(r"\b(?:nothing|no money|no charge|none)\s*$")


# A count of things paid for right before "paid": "(0 paid)", "1 of them paid".
_COUNT_BEFORE = re.compile(r"(?:^|[\s(])\d{1,2}(?:\s+of\s+them)?\s*$")


def misnamed_payers(text: str, methods: set[str]) -> list[str]:
    """The kinds of payment method a text says an object was paid with that none of the methods
    its payment history shows (``methods``) is; nothing where a method's kind is not known."""
    return _not_among((m[1] for m in _paid_with(_plain(text))), methods)


def paid_with_fours(text: str) -> list[str]:
    """The last four digits of the card a text says an object was paid with ("It was paid with
    your Visa ending 6791")."""
    low = _plain(text)
    return [f[1] for m in _paid_with(low) if (f := _ENDING.match(low, m.end())) is not None]


_ENDING = re.compile(r"[^.!?;\n]{0,12}?\b(?:ending(?: in)?|last four|x+|\*+)\s*(\d{4})\b")


# Not how it was paid: how it may be ("it can be paid with your Mastercard next time").
# "now paid with": a change. Not the month: "HAT297 ... on 23 May. You paid ... with your Mastercard".
_MAY_BE = re.compile(r"\b(?:can|could|will|would|(?<!\d )may(?! \d)|might|should|must|to be|want|like|now)\b")


def history_methods(value: Any) -> set[str]:
    """The payment methods a ``payment_history`` (a list of transactions) names."""
    used: set[str] = set()
    _walk(value, set(), used)
    return used


def history_refunds(value: Any) -> set[str]:
    """The payment methods a ``payment_history`` shows refunds to."""
    refunded: set[str] = set()
    _walk(value, refunded, set())
    return refunded


# A payment method named by its identifier as where a refund goes: "... would be refunded to gift_card_4072179".
_REFUND_TO_ID = re.compile(r"\b(?:refund\w*|back)\b(?:[^.!?;\n]|\.(?=\d)){0,60}?\b(?:to|onto|into|on)\s+(?:your\s+|the\s+)?"
                           rf"({_METHOD_ID_SAID})\b", re.I)
_CANCELLED = re.compile(r"\bcancel", re.I)


def misnamed_cancel_refunds(text: str, methods: set[str]) -> list[str]:
    """The methods (by kind, or by identifier) a text that speaks of cancelling one object says its
    refund goes to, that none of the methods its payment history shows (``methods``) is: a
    cancellation refunds what was paid, where it was paid ("can be cancelled in full: $8,872 back to
    your credit card", paid with a gift card)."""
    if not methods or not _CANCELLED.search(text):
        return []
    out = misnamed_refund_methods(text, methods)
    return out + [m[1] for m in _REFUND_TO_ID.finditer(text) if m[1].lower() not in methods]


def refund_fours(text: str) -> list[str]:
    """The last four digits of the method a text says a refund goes to ("a full refund of $6,864 to
    your gift card ending 4357")."""
    low = _plain(text)
    return [f[1] for m in _NAMED.finditer(low) if (f := _ENDING.match(low, m.end())) is not None]


# A refund said as done: "its full 1613.76 was refunded to your PayPal account".
_WAS_REFUNDED = re.compile(r"\b(?:was|were|has been|have been|got|been)\s+(?:fully\s+|already\s+)?refunded\b", re.I)


def misnamed_past_refunds(text: str, refunds: set[str]) -> list[str]:
    """The kinds of method a text says a refund already went to that none of ``refunds`` (what the
    object's payment history refunded to) is."""
    if not refunds or _WAS_REFUNDED.search(text) is None:
        return []
    return [said for sentence in re.split(r"(?<=[.!?;])\s+", text) if _WAS_REFUNDED.search(sentence)
            for said in misnamed_refund_methods(sentence, refunds)]


class PaymentRows(ObservationBook):
    """The amounts the payment histories shown record, each with the methods that paid or were
    refunded it (in cents, by size: a refund of -47 is 4700)."""

    needles: tuple[str, ...] = ('"payment_history"',)

    def __init__(self) -> None:
        self.methods: dict[int, set[str]] = {}

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            for row in obj.get("payment_history") or ():
                if isinstance(row, dict) and isinstance(method := row.get("payment_method_id") or row.get("payment_id"), str) \
                        and isinstance(amount := row.get("amount"), (int, float)) and not isinstance(amount, bool):
                    self.methods.setdefault(round(abs(amount) * 100), set()).add(method)


# An amount and, in its clause, the card it is put on by its last four digits: "the $47 refund is going
# to your Mastercard ending 6185", "$26 on your Mastercard ending 3848".
# (Not past a bracket: "refunds to gift_card_2850297 ($76) and Visa ending 8861 ($126)".)
_AMOUNT_TO_CARD = re.compile(r"\$(\d[\d,]*(?:\.\d\d)?)\b(?:[^.!?;$\n()]|\.(?=\d)){0,60}?\bending(?:\s+in)?\W{0,4}"
                             r"(\d{4})\b", re.I)
_KIND_IN_CELL = re.compile(_KIND_PHRASES, re.I)
_AMOUNT_AFTER = re.compile(r"\)?[\s*:]*\$\d")  # the card's own amount right after it
# An action offered or planned, not one done: "I'd switch it to your Mastercard ending 9838 ... Shall I?",
# "I'll move the full $731.19 to Mastercard ending 6193".
_OFFERED = re.compile(r"\b(?:would|shall|should|could|can)\b|'d\b|\bI(?:'ll| will)\b|\?", re.I)


# An amount and the stored-value method it was paid with or to, by its number: "$100 was charged to gift card
# 8541816", "$61 to gift_card_8371729".
# (the verb said: "83 dollars on certificate_4775196 (100 dollars). Proceed?" is a plan)
_AMOUNT_TO_METHOD = re.compile(r"\$(\d[\d,]*(?:\.\d\d)?)\s+(?:(?:was|were|is|has been)\s+)?(?:charged|paid|taken|"
                               r"refunded|deducted|credited)\s+(?:to|from|on|with)\s+(?:your\s+|the\s+)?"
                               r"((?:gift[_ ]card|certificate)[_ ]\d{5,})\b", re.I)


def misplaced_by_id(text: str, rows: dict[int, set[str]]) -> list[tuple[str, str, str]]:
    """(the amount as written, the method, the methods the histories give it) for each amount a text
    reports paid with (or to) a gift card or certificate by its number, where the payment histories
    shown record that amount only with other methods: "$100 was charged to gift card 8541816", the
    history paying $100 with gift_card_8371729. Not an action offered or planned."""
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if _OFFERED.search(sentence):
            continue
        for m in _AMOUNT_TO_METHOD.finditer(sentence):
            method = m[2].lower().replace(" ", "_")
            methods = {x.lower() for x in rows.get(round(float(m[1].replace(",", "")) * 100), set())}
            if methods and method not in methods and all(payment_kind(x) is not None for x in methods):
                out.append((f"${m[1]}", method, ", ".join(sorted(methods))))
    return out


# An amount paid with a card by its brand alone: "paid $338 with your Visa card", "$338 on your Mastercard".
_AMOUNT_BY_BRAND = re.compile(r"\$([\d,]+(?:\.\d\d)?)\s+(?:with|on|by|using)\s+(?:your|the|a)\s+(visa|mastercard|amex|american express|"
                              r"discover)\b(?!\s+(?:ending|card ending|\(|\d))", re.I)


def misbranded_amounts(text: str, rows: dict[int, set[str]], brand_of: BrandOf) -> list[tuple[str, str, str]]:
    """(the amount as written, the brand said, the methods the histories give it) for each amount a
    sentence says was paid with a card of a brand, where the payment histories shown record that amount
    only with cards whose brands (``brand_of``) are all shown and none is that brand: "paid $338 with
    your Visa card", the history paying $338 with a Mastercard."""
    out: list[tuple[str, str, str]] = []
    for m in _AMOUNT_BY_BRAND.finditer(text):
        if _OFFERED.search(SENTENCE_OR_LINE.split(text[m.start():], 1)[0]):
            continue
        methods = rows.get(round(float(m[1].replace(",", "")) * 100), set())
        brands = {str(b).lower() for x in methods if (b := brand_of(x))}
        said = "american express" if m[2].lower() == "amex" else m[2].lower()
        if methods and len(brands) == len(methods) and said not in {b.replace("amex", "american express") for b in brands}:
            out.append((f"${m[1]}", m[2], ", ".join(sorted(methods))))
    return out


def misplaced_amounts(text: str, rows: dict[int, set[str]], last_four: dict[str, str]) -> list[tuple[str, str, str]]:
    """(the amount as written, the last four said, the methods the histories give it) for each amount
    a text puts on a card by its last four digits where the payment histories shown record that
    amount only with other methods, each of known kind, and a card shown ends in those digits:
    "$26 on your Mastercard ending 3848", where the history pays $26 with credit_card_7407366 (6437)."""
    out: list[tuple[str, str, str]] = []
    cards = set(last_four.values())
    # (a list under an offer: "The change would be:\n- pay the $348.16 with the Visa ending in 3061 instead of
    # PayPal\n...\nWould you like me to do that?")
    asks = "?" in text[text.rfind("\n") + 1:]
    for sentence in SENTENCE_OR_LINE.split(text):
        if "ending" not in sentence or _OFFERED.search(sentence) or (asks and LIST_MARK.match(sentence)):
            continue
        for m in _AMOUNT_TO_CARD.finditer(sentence):
            if "|" in m[0] and _KIND_IN_CELL.search(sentence, sentence.rfind("|", 0, m.start()) + 1, m.start()):
                continue  # a table's cell with its own method: "| PayPal, $775.40 | Mastercard ending 9625 |"
            if _AMOUNT_AFTER.match(sentence, m.end()):
                continue  # a list of methods each before its amount: "gift_card_1 $129, card ending 9363 $1,786"
            cents = round(float(m[1].replace(",", "")) * 100)
            methods = rows.get(cents, set())
            if methods and m[2] in cards and all(last_four.get(x, "") != m[2] for x in methods) and all(
                    x in last_four or payment_kind(x) not in (None, "creditcard") for x in methods):
                out.append((f"${m[1]}", m[2], ", ".join(sorted(methods))))
    return out
