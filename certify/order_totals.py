"""An order's total said as it was before a change: "Your order total is $909.70", where the latest
record of the order, after an item change, lists items that add up to $925.81 and an earlier record
listed items that added up to $909.70. The sum of visible prices is derivable, so only the stale sum
is read: a total that no record of the order adds up to may be counted some other way (with
something else, per item), and is left to the other checks.
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.books import ObservationBook
from trajectory2gym.certify.normalize import compact, identifiers_in, to_cents

# "Your order total is $909.70", "the new total of #W3279695 is $909.70", "the order now comes to $909.70".
_TOTAL_SAID = re.compile(r"\b(?:order(?:['’]s)? (?:new )?total|(?:new )?total (?:of|for) (?:your|the|this) order|"
                         r"(?:new )?total (?:of|for) (?:order )?#?[a-z]*\d{5,}|order (?:now )?(?:comes|adds up) to)\b[^$\n.?]{0,40}?\$(\d[\d,]*(?:\.\d{1,2})?)", re.I)


_TOTAL_WORDS = ("order total", "order's total", "order’s total", "order new total", "total of", "total for",
                "comes to", "adds up")


class OrderSums(ObservationBook):
    """Per order (its compact id), the item sums of its records in the order shown, and the latest
    order shown: each order record (an observation that opens on its ``order_id``) read once."""

    needles: tuple[str, ...] = ('"order_id"',)

    def __init__(self) -> None:
        self.sums: dict[str, list[int]] = {}
        self.latest = ""

    def take(self, value: Any) -> None:
        if not isinstance(value, dict) or next(iter(value), None) != "order_id":
            return
        items = value.get("items")
        if isinstance(items, list) and isinstance(order := value.get("order_id"), str):
            prices = [to_cents(item.get("price")) for item in items if isinstance(item, dict)]
            if prices and all(p is not None for p in prices):
                self.latest = compact(order)
                self.sums.setdefault(self.latest, []).append(sum(p for p in prices if p is not None))


def order_totals_said(text: str) -> list[str]:
    """The amounts a text gives as an order's total, as written without "$" ("909.70"); plain
    substrings first: "3 items totalling $929.50" says no total of the order's now, and most texts
    say none (so the book of order records is read only for a text that does)."""
    low = text.lower()
    if not any(words in low for words in _TOTAL_WORDS):
        return []
    return _TOTAL_SAID.findall(text)


def stale_order_totals(text: str, said: list[str], book: OrderSums) -> list[tuple[str, str, int]]:
    """(the total as written, the order, its latest record's item sum in cents) for each total a text
    gives an order (``said``: ``order_totals_said``; of the order it names, else the latest order
    shown) that an earlier record of that order (``book``) adds up to and its latest does not."""
    sums = book.sums
    named = [key for ident in identifiers_in(text) if (key := compact(ident)) in sums]
    order = named[0] if len(set(named)) == 1 else book.latest if not named else ""
    versions = sums.get(order, [])
    out: list[tuple[str, str, int]] = []
    for written in said:
        cents = to_cents(written.replace(",", ""))
        if versions and cents is not None and cents != versions[-1] and cents in versions[:-1]:
            out.append((f"${written}", order, versions[-1]))
    return out
