"""Seeded retail database: products with variants, users with payment methods, orders.

Orders come in every status the retail tools produce: pending, pending (item
modified), processed, delivered, cancelled (with refund and reason), return
requested and exchange requested (with the fields those tools add). Money
adds up: each order's payments minus refunds equal its item total (zero once
cancelled), as in tau-bench's data.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from trajectory2gym.envs.dbgen.catalog import CATALOG
from trajectory2gym.envs.dbgen.common import (
    UniqueIds,
    address,
    credit_card,
    money,
    person,
    user_count,
)

# Order statuses and their weights in a generated database.
ORDER_STATUS_WEIGHTS: dict[str, float] = {
    "pending": 0.36,
    "pending (item modified)": 0.03,
    "processed": 0.12,
    "delivered": 0.35,
    "cancelled": 0.08,
    "return requested": 0.03,
    "exchange requested": 0.03,
}
CANCEL_REASONS = ("no longer needed", "ordered by mistake")


def _products(rng: random.Random, ids: UniqueIds, n_products: int) -> dict[str, Any]:
    entries = rng.sample(CATALOG, k=min(n_products, len(CATALOG)))
    products: dict[str, Any] = {}
    for name, options, (lo, hi) in entries:
        combos = list(itertools.product(*options.values()))
        k = min(len(combos), rng.randint(4, 16))
        base = rng.uniform(lo, hi)
        variants: dict[str, Any] = {}
        for combo in rng.sample(combos, k=k):
            item_id = ids.digits(10)
            variants[item_id] = {
                "item_id": item_id,
                "options": dict(zip(options, combo, strict=True)),
                "available": rng.random() < 0.65,
                "price": money(max(1.0, base * rng.uniform(0.9, 1.1))),
            }
        # At least one available variant so every product can be bought or exchanged.
        if not any(v["available"] for v in variants.values()):
            next(iter(variants.values()))["available"] = True
        product_id = ids.digits(10)
        products[product_id] = {"name": name, "product_id": product_id, "variants": variants}
    return products


def _payment_methods(rng: random.Random, ids: UniqueIds) -> dict[str, Any]:
    methods: list[dict[str, Any]] = []
    for _ in range(rng.choices((1, 2, 3), weights=(6, 3, 1))[0]):
        kind = rng.choice(("credit_card", "gift_card", "paypal"))
        if kind == "credit_card":
            methods.append(credit_card(rng, ids))
        elif kind == "gift_card":
            pm_id = ids.digits(7, prefix="gift_card_")
            methods.append({"source": "gift_card", "balance": rng.randint(0, 100), "id": pm_id})
        elif not any(m["source"] == "paypal" for m in methods):
            methods.append({"source": "paypal", "id": ids.digits(7, prefix="paypal_")})
    if not methods:
        methods.append(credit_card(rng, ids))
    return {m["id"]: m for m in methods}


def _order_items(rng: random.Random, products: dict[str, Any]) -> list[dict[str, Any]]:
    chosen: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _ in range(rng.randint(1, 5)):
        product = rng.choice(list(products.values()))
        variant = rng.choice(list(product["variants"].values()))
        if variant["item_id"] in seen:
            continue
        seen.add(variant["item_id"])
        chosen.append({"name": product["name"], "product_id": product["product_id"],
                       "item_id": variant["item_id"], "price": variant["price"],
                       "options": dict(variant["options"])})
    return chosen


def _payment(kind: str, amount: float, pm_id: str) -> dict[str, Any]:
    return {"transaction_type": kind, "amount": money(amount), "payment_method_id": pm_id}


def _exchange_fields(rng: random.Random, order: dict[str, Any], products: dict[str, Any],
                     pm_id: str) -> dict[str, Any] | None:
    """Old items, their replacements (another available variant of the same product)."""
    old: list[str] = []
    new: list[str] = []
    diff = 0.0
    for item in order["items"]:
        variants = products[item["product_id"]]["variants"]
        options = [v for v in variants.values() if v["available"] and v["item_id"] != item["item_id"]]
        if not options or (old and rng.random() < 0.5):
            continue
        repl = rng.choice(options)
        old.append(item["item_id"])
        new.append(repl["item_id"])
        diff += repl["price"] - item["price"]
    if not old:
        return None
    # tau-bench's exchange tool stores both lists sorted, each on its own.
    return {"exchange_items": sorted(old), "exchange_new_items": sorted(new),
            "exchange_payment_method_id": pm_id, "exchange_price_difference": money(diff)}


def _order(rng: random.Random, ids: UniqueIds, user_id: str, user: dict[str, Any],
           products: dict[str, Any]) -> dict[str, Any]:
    items = _order_items(rng, products)
    total = sum(i["price"] for i in items)
    pm_ids = list(user["payment_methods"])
    pm_id = rng.choice(pm_ids)
    status = rng.choices(list(ORDER_STATUS_WEIGHTS), weights=list(ORDER_STATUS_WEIGHTS.values()))[0]
    order: dict[str, Any] = {
        "order_id": ids.digits(7, prefix="#W"),
        "user_id": user_id,
        "address": dict(user["address"]) if rng.random() < 0.8 else address(rng),
        "items": items,
        "fulfillments": [],
        "status": status,
        "payment_history": [_payment("payment", total, pm_id)],
    }
    if status == "pending (item modified)":
        # The order once held a different variant of its first item: paid, then settled the difference.
        first = items[0]
        others = [v for v in products[first["product_id"]]["variants"].values()
                  if v["item_id"] != first["item_id"]]
        if not others:
            order["status"] = "pending"
        else:
            before = total - first["price"] + rng.choice(others)["price"]
            diff = total - before
            order["payment_history"] = [_payment("payment", before, pm_id),
                                        _payment("payment" if diff > 0 else "refund", abs(diff), pm_id)]
    if order["status"] not in ("pending", "pending (item modified)", "cancelled"):
        order["fulfillments"] = [{"tracking_id": [ids.digits(12)],
                                  "item_ids": [i["item_id"] for i in items]}]
    if status == "cancelled":
        order["payment_history"].append(_payment("refund", total, pm_id))
        order["cancel_reason"] = rng.choice(CANCEL_REASONS)
    elif status == "return requested":
        k = rng.randint(1, len(items))
        order["return_items"] = sorted(i["item_id"] for i in rng.sample(items, k=k))
        order["return_payment_method_id"] = pm_id
    elif status == "exchange requested":
        fields = _exchange_fields(rng, order, products, pm_id)
        if fields is None:
            order["status"] = "delivered"
        else:
            order.update(fields)
    return order


def generate_retail(rng: random.Random, size: str | int) -> dict[str, Any]:
    n_users = user_count(size)
    ids = UniqueIds(rng)
    n_products = min(len(CATALOG), max(10, 20 + n_users // 25))
    products = _products(rng, ids, n_products)
    users: dict[str, Any] = {}
    for _ in range(n_users):
        user_id, name, email = person(rng, ids)
        users[user_id] = {"name": name, "address": address(rng), "email": email,
                          "payment_methods": _payment_methods(rng, ids), "orders": []}
    orders: dict[str, Any] = {}
    for user_id, user in users.items():
        for _ in range(rng.choices(range(7), weights=(1, 3, 3, 2, 1, 0.5, 0.2))[0]):
            order = _order(rng, ids, user_id, user, products)
            orders[order["order_id"]] = order
            user["orders"].append(order["order_id"])
    return {"users": users, "orders": orders, "products": products}
