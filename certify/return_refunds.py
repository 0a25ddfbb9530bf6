"""Where a return's refund may go, against where a text says it goes.

A retail policy that says "Returns are refunded to the original payment method or to a gift card of
the customer" makes any other kind of method wrong: "I can return the puzzle and refund the $45.90 to
your PayPal account", for an order paid with a gift card. The order is a delivered one (only those are
returned): the one the text names, else the latest one looked up, with the payment history the
observations show (the certifier's ``_delivered_order`` finds them). Read only where that history shows
how it was paid. A gift card is always let pass: where the customer holds none, texts mostly say
the rule ("or to a gift card, if you had one").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from trajectory2gym.certify.anchors import PAYMENT_WORDS, payment_kind
from trajectory2gym.certify.policy_times import rule_sentence
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_RULE = re.compile(r"\breturns?\b[^.]*\brefunded to the original payment method or (?:to )?a gift card", re.I)


@lru_cache(maxsize=64)
def return_refund_rule(policy: str) -> str:
    """The policy's sentence that sends a return's refund to the original method or a gift card; ""."""
    return rule_sentence(policy, _RULE)


def paid_kinds(history: Any) -> set[str]:
    """The kinds of method a ``payment_history`` paid with (its payments, not its refunds)."""
    return {kind for m in paid_ids(history) if (kind := payment_kind(m))}


def paid_ids(history: Any) -> set[str]:
    """The method ids a ``payment_history`` paid with (its payments, not its refunds), lower case."""
    return {m.lower() for row in history if isinstance(row, dict) and row.get("transaction_type") == "payment"
            and isinstance(m := row.get("payment_method_id"), str)} if isinstance(history, list) else set()


def _about_a_return(text: str, asked: str) -> bool:
    """Whether a text is about a return: it or the user's words ``asked`` say one, and it says no
    exchange (whose difference may go to any method of the customer's)."""
    low = text.lower()
    return "exchang" not in low and ("return" in low or "return" in asked)


# A method a sentence sends a refund to: "refund the $45.90 to your PayPal account", "can go to that
# Mastercard or to a gift card".
_TO_KIND = re.compile(r"\bto\s+(?:your\s+|the\s+|that\s+|this\s+|a\s+|an\s+)?(?:original\s+|existing\s+)?"
                      r"(paypal|gift card|credit card|debit card|visa|mastercard|amex)\b", re.I)
_NOT_SENT = re.compile(r"n't\b|\b(?:not|cannot|never|only|unless)\b", re.I)  # (nor the rule: "can only be refunded to")


# Money of another action, in a sentence of its own: "The cancellation refund ($1,484.51) goes to PayPal
# and the T-shirt difference ($0.05) to your Mastercard."
_OTHER_MONEY = re.compile(r"\bcancel\w*|\bdifference\b", re.I)


def misdirected_refunds(text: str, order: str, paid: set[str], asked: str) -> list[tuple[str, str]]:
    """(the method as said, the order) for each sentence that sends the refund of a delivered order,
    paid with the kinds of method ``paid``, to a kind neither of those nor a gift card, in a text about
    a return (it or the user's words ``asked`` say one, and it says no exchange, whose difference may go
    to any method of the customer's)."""
    if not paid or not _about_a_return(text, asked):
        return []
    allowed = paid | {"giftcard"}  # (a gift card the customer lacks is mostly the rule said: "... if you had one")
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "refund" not in sentence.lower() or _NOT_SENT.search(sentence) or _OTHER_MONEY.search(sentence):
            continue
        out += [(m[1], order) for m in _TO_KIND.finditer(sentence)
                if PAYMENT_WORDS.get(m[1].lower().split()[0]) not in allowed]
    return out


_METHOD_ID = re.compile(r"\b((?:credit_card|debit_card|paypal)_\d{5,})\b", re.I)  # (a gift card may always take it)


def misdirected_refund_ids(text: str, order: str, paid: set[str], asked: str) -> list[tuple[str, str]]:
    """``misdirected_refunds`` by the method's id: a sentence that sends a return's refund to a card or
    PayPal account of the customer's, named by its id, that did not pay the order (``paid``: its ids):
    "I can send the $483.66 to your Visa ending in 6169 (credit_card_5788451) instead", paid by another card."""
    if not paid or not _about_a_return(text, asked):
        return []
    return [(m[1], order) for sentence in SENTENCE_OR_LINE.split(text)
            if ("refund" in sentence.lower() or " send " in sentence) and not _NOT_SENT.search(sentence)
            and not _OTHER_MONEY.search(sentence)
            for m in _METHOD_ID.finditer(sentence) if m[1].lower() not in paid]


ORDER_NAMED = re.compile(r"#?\bW\d{7}\b")  # an order named by its id
# "go to", "goes back to", "will be refunded to": where a refund is said to go.
_GOES_TO = re.compile(r"\b(?:go(?:es)?|going|be refunded|refunded|returned|sent)\s+(?:back\s+)?to\b", re.I)


def misdirected_cancel_refunds(text: str, paid_of: dict[str, set[str]]) -> list[tuple[str, str, str]]:
    """(the method as said, the order, the kinds that paid it) for each sentence of a text about
    cancelling (the caller tells) that sends the refunds of the orders it names (``paid_of``: each
    order's kinds of paying method, as its payment history shows) to a kind that paid one of them
    not at all: "Both refunds go to your Mastercard ending 6380", where one order was paid with a gift
    card. A cancellation refunds the method that paid."""
    if not paid_of:
        return []
    out: list[tuple[str, str, str]] = []
    before: dict[str, set[str]] | None = None  # the pending orders of the latest sentence that names any order
    for sentence in SENTENCE_OR_LINE.split(text):
        low = sentence.lower()
        # the orders the sentence names, else those of the latest sentence before that names any ("#W1620235
        # and #W9903153: ... Both refunds go to ..."), else all the text names; a sentence naming only orders
        # no longer pending ("| #W6272294 | Cancelled | refunded to gift card |") none
        named = {order: paid for order, paid in paid_of.items() if order.lower() in low}
        if ORDER_NAMED.search(sentence):
            before = named
        elif not named:
            named = paid_of if before is None else before
        if "refund" not in low or _NOT_SENT.search(sentence) or not _GOES_TO.search(sentence):
            continue
        for m in _TO_KIND.finditer(sentence):
            kind = PAYMENT_WORDS.get(m[1].lower().split()[0])
            out += [(m[1], order, ", ".join(sorted(paid))) for order, paid in named.items()
                    if kind is not None and paid and kind not in paid]
    return out


_PENDING_RULE = re.compile(r"\bpending\b[^.]*\b(?:cancel|modif)", re.I)


@lru_cache(maxsize=64)
def pending_only_rule(policy: str) -> str:
    """The policy's sentence that lets only pending orders be cancelled or modified ("A pending order can
    be cancelled or modified; processed, delivered and cancelled orders cannot"); "" where it has none."""
    return rule_sentence(policy, _PENDING_RULE)


# The agent offering to change an order: "I can cancel it for you", "but I can still update its address".
_CAN_CHANGE = re.compile(r"\bI\s+(?:can|could)\s+(?:still\s+|also\s+)?(?:cancel|modify|update|change)\b"
                         # (not the user's own record: "I can update your default address whenever you like")
                         r"(?!\s+(?:your|the)\s+(?:default\s+address|profile|account|address\s+on\s+file|user\s+address))",
                         re.I)


def changes_offered(text: str) -> list[tuple[str, set[str]]]:
    """The offers a text makes to cancel or change an order ("I can cancel it for you"), as written,
    each with the orders its sentence names (where it names none, those of the whole text): "Since
    #W4284542 is pending, I can change its address" offers nothing on the delivered order listed above."""
    if "I " not in text or _CAN_CHANGE.search(text) is None:  # (one search first: most texts offer none)
        return []
    out: list[tuple[str, set[str]]] = []
    whole: set[str] | None = None
    for sentence in SENTENCE_OR_LINE.split(text):
        for m in _CAN_CHANGE.finditer(sentence) if "I " in sentence else ():
            own = {o[0] for o in ORDER_NAMED.finditer(sentence)}
            if not own:
                whole = whole if whole is not None else {o[0] for o in ORDER_NAMED.finditer(text)}
            out.append((m[0], own or whole or set()))
    return out

