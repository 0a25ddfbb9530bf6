"""An ordered item's price said of another order than the one that holds it.

"The earbuds in #W7619352 are Wireless Earbuds, black, 6 hours battery, IPX7 — $267.90", where the
$267.90 black earbuds are an item of #W3388163 and #W7619352 holds blue ones at $258.97: each value
is visible, the order it is given to is wrong. Read only where a sentence names one order shown and
a dollar amount that exactly one other order's items show and no product listing offers (a variant
price may be quoted for an exchange), and the sentence sets nothing side by side ("than", "other").
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.normalize import compact, identifiers_in, money_numbers_in, to_cents
from trajectory2gym.certify.turns import SENTENCE_OR_LINE


class OrderItemsBook(ObservationBook):
    """The orders shown (compact id) that hold each item price, in cents, and the prices product
    listings offer."""

    needles: tuple[str, ...] = ('"items"', '"variants"')

    def __init__(self) -> None:
        self.holders: defaultdict[int, set[str]] = defaultdict(set)  # an item price -> the orders showing it
        self.orders: set[str] = set()
        self.offered: set[int] = set()  # variant prices of the product listings shown

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            order, items, variants = obj.get("order_id"), obj.get("items"), obj.get("variants")
            if isinstance(order, str) and isinstance(items, list):
                key = compact(order)
                self.orders.add(key)
                for item in items:
                    if isinstance(item, dict) and (cents := to_cents(item.get("price"))) is not None:
                        self.holders[cents].add(key)
            if isinstance(variants, dict):
                self.offered |= {cents for v in variants.values() if isinstance(v, dict)
                                 and (cents := to_cents(v.get("price"))) is not None}


# A sentence that sets things side by side may state another order's price on purpose.
_SIDE_BY_SIDE = re.compile(r"\b(?:than|other|another|vs\.?|versus|compared|both|each|whereas|while|instead)\b", re.I)


def prices_of_other_orders(text: str, book: OrderItemsBook) -> list[tuple[str, str, str]]:
    """(the amount as written, the order the sentence names, the order whose item it is) for each
    item price a sentence gives the one order it names, where only another order's items show it."""
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "$" not in sentence or "#" not in sentence:
            continue
        named = {key for t in identifiers_in(sentence) if (key := compact(t)) in book.orders}
        if len(named) != 1 or _SIDE_BY_SIDE.search(sentence):
            continue
        (order,) = named
        for written, cents in money_numbers_in(sentence):
            holders = book.holders.get(abs(cents), set())
            if "$" in written and len(holders) == 1 and order not in holders and abs(cents) not in book.offered:
                out.append((written, order, next(iter(holders))))
    return out
