"""The difference between a variant's price and the price paid for the ordered item it would replace.

A terse agent states the new variant's price and the difference, not the old price: "Over-ear
wireless: only black is available, 346.97. You get 31.00 back", where the order shows the
headphones at 377.97 and the product listing the black over-ear variant at 346.97. The old price
is visible but never stated, so the difference is no pair of stated amounts. It counts as derived
only as that exact difference: the stated amount is a variant price of a product, and the other
is the price of an ordered item of the same product. A difference from any other visible amount
still needs both amounts stated.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import Any

from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.normalize import to_cents


class ItemPriceBook(ObservationBook):
    """Per product id, the prices of its ordered items (orders' ``items``) and of its variants
    (a product listing's ``variants``), in cents."""

    needles: tuple[str, ...] = ('"product_id"',)

    def __init__(self) -> None:
        self.ordered: defaultdict[str, set[int]] = defaultdict(set)
        self.variants: defaultdict[str, set[int]] = defaultdict(set)
        self.variant_of: dict[str, tuple[str, int]] = {}  # a variant's item id -> (its product, its price)

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            items, variants, product = obj.get("items"), obj.get("variants"), obj.get("product_id")
            if isinstance(items, list):
                for item in items:
                    if (isinstance(item, dict) and isinstance(pid := item.get("product_id"), str)
                            and (cents := to_cents(item.get("price"))) is not None):
                        self.ordered[pid].add(cents)
            if isinstance(variants, dict) and isinstance(product, str):
                for key, variant in variants.items():
                    if isinstance(variant, dict) and (cents := to_cents(variant.get("price"))) is not None:
                        self.variants[product].add(cents)
                        self.variant_of[str(variant.get("item_id") or key)] = (product, cents)

    def differs_by(self, cents: int, stated: Iterable[int]) -> bool:
        """Whether ``cents`` is a stated variant price less (or more than) the price of an ordered
        item of the same product."""
        stated = set(stated)
        for pid, paid in self.ordered.items():
            offered = self.variants.get(pid)
            if offered and any(a in stated and a in offered for p in paid for a in (p + cents, p - cents)):
                return True
        return False

    def named_exchange(self, cents: int, named: Iterable[str]) -> bool:
        """Whether ``cents`` is what exchanging ordered items for the variants a text names by item id
        moves, either way: per product, the named variants' prices less as many of its ordered items'
        ("Green → red (7617930199), black → blue (2635605237) ... $79.23 less", two speakers)."""
        new: defaultdict[str, list[int]] = defaultdict(list)
        for ident in named:
            if (variant := self.variant_of.get(ident)) is not None and variant[0] in self.ordered:
                new[variant[0]].append(variant[1])
        if not new or any(len(prices) > 3 for prices in new.values()):
            return False
        nets = {0}
        for pid, prices in new.items():
            olds = {sum(c) for c in combinations_with_replacement(sorted(self.ordered[pid]), len(prices))}
            nets = {n + sum(prices) - old for n in nets for old in olds}
            if len(nets) > 1_000:
                return False  # too many ways to tell a net from a guess
        return cents in nets or -cents in nets

    def exchange_net(self, stated: Iterable[int]) -> int | None:
        """What an exchange the text prices costs the customer, in cents (negative: they get money
        back): the variant prices it states less the prices of the ordered items of the same
        products it states, where it states at least one of each for every product it prices
        that way; else None. "tent ($434.15) ... the 3-season tent is $405.44" is -2871."""
        said = set(stated)
        net, priced = 0, False
        for pid, paid in self.ordered.items():
            old = said & paid
            new = (said & self.variants.get(pid, set())) - paid
            if old and new:
                net += sum(new) - sum(old)
                priced = True
            elif new:
                return None  # a new price without the old one it replaces: no net to read
        return net if priced else None
