"""Which payment methods a write charged or refunded, and whether a report after it names them.

"The $3214.75 will be refunded to your PayPal account", after a cancellation whose result records
the refund to ``gift_card_5540683``, tells the user something the result contradicts. A payment
method's kind is its identifier's stem (``gift_card``, ``credit_card``, ``paypal``, ``certificate``);
a report is read only where it names a kind right after a refund phrase ("refunded to your ...",
"back onto the ..."), so a sentence naming a method for another reason is left alone. Likewise a
card a report names by its last four digits ("charged to your Visa ending in 5735") must be one the
write used.
"""

from __future__ import annotations

import re
from contextlib import suppress
from typing import Any

import orjson

# A cheap, case-sensitive gate on the raw text before the lower-cased search.
GATE = re.compile(r"efund|back|redit|eturn")

_NAMED = re.compile(
    r"\b(?:refund\w*|back|credited|returned)\b[^.!?;\n]{0,60}?\b(?:to|onto|into|on)\s+(?:your|the)\s+"
    r"(?:original\s+|existing\s+|same\s+)?(paypal|credit card|debit card|card ending|gift card|travel certificate|"
    r"certificate|visa|mastercard|amex|american express|discover)\b")
_KIND_OF_WORDS = {"paypal": "paypal", "credit card": "credit_card", "debit card": "credit_card",
                  "card ending": "credit_card", "gift card": "gift_card", "travel certificate": "certificate",
                  "certificate": "certificate", "visa": "credit_card", "mastercard": "credit_card",
                  "amex": "credit_card", "american express": "credit_card", "discover": "credit_card"}
_STEM = re.compile(r"^([a-z_]+?)_?\d+$")
KNOWN_KINDS = frozenset(_KIND_OF_WORDS.values())


def method_kind(method_id: str) -> str:
    """``credit_card_2641784`` -> ``credit_card``; "" when the identifier has no such stem."""
    m = _STEM.match(method_id.lower())
    return m[1] if m else ""


def refund_destinations(result: str, payment_args: list[str]) -> set[str]:
    """Payment methods a write's result records a refund to (a ``refund`` transaction, or a negative
    amount), together with the payment methods the call named (a return's or an exchange's)."""
    return _methods_in(result, set(payment_args), refunds_only=True)


def _methods_in(result: str, found: set[str], refunds_only: bool) -> set[str]:
    """``found`` and the payment methods of a result's transactions (``_walk``); a result that is no
    JSON adds none."""
    with suppress(orjson.JSONDecodeError):
        _walk(orjson.loads(result), found, refunds_only)
    return found


def _walk(value: Any, found: set[str], refunds_only: bool) -> None:
    """The payment methods of the transactions in a result: its refunds only (a ``refund``
    transaction, a negative amount), or all."""
    if isinstance(value, dict):
        method = value.get("payment_method_id") or value.get("payment_id")
        if isinstance(method, str):
            amount = value.get("amount")
            if not refunds_only or value.get("transaction_type") == "refund" or (
                    isinstance(amount, (int, float)) and amount < 0):
                found.add(method)
        for v in value.values():
            if isinstance(v, (dict, list)):
                _walk(v, found, refunds_only)
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, (dict, list)):
                _walk(v, found, refunds_only)


def payment_ids(result: str, arguments: dict[str, Any]) -> set[str]:
    """Every payment method a write's result records a transaction with, and every one its
    arguments name at any depth (a booking's ``payment_methods[].payment_id``)."""
    found: set[str] = set()
    _payment_args(arguments, found)
    return _methods_in(result, found, refunds_only=False)


def _payment_args(value: Any, found: set[str], under_payment: bool = False) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _payment_args(v, found, under_payment or "payment" in k)
    elif isinstance(value, list):
        for v in value:
            _payment_args(v, found, under_payment)
    elif under_payment and isinstance(value, str):
        found.add(value)


# A card named by its last four digits as what a write charged or refunded: "charged to your Visa
# ending in 5735", "refunded to the card ending 8081".
_CARD_ENDING = re.compile(r"\b(?:charg\w*|refund\w*|paid|billed|back|credited|debited|put)\b[^.!?;\n]{0,60}?"
                          r"\bending\s+(?:in\s+)?\**(\d{4})\b", re.I)


def misnamed_cards(text: str, last_fours: set[str]) -> list[str]:
    """The last four digits a text gives the card a write charged or refunded that none of the
    write's cards has (``last_fours``; empty: nothing to compare)."""
    if not last_fours:
        return []
    return [m[1] for m in _CARD_ENDING.finditer(text) if m[1] not in last_fours]


def misnamed_refund_methods(text: str, destinations: set[str]) -> list[str]:
    """The kinds of payment method a text says a refund goes to that none of ``destinations`` is
    (empty when a destination's kind is not known: then nothing can be compared)."""
    kinds = {method_kind(d) for d in destinations}
    if not kinds or not kinds <= KNOWN_KINDS:
        return []
    return [said for said in dict.fromkeys(m[1] for m in _NAMED.finditer(text.lower()))
            if _KIND_OF_WORDS[said] not in kinds]
