"""Retail task templates: three families, several templates each.

A template reads the base database, samples the records it needs (raising
``Skip`` when they do not fit) and returns a ``Draft``: the request, the facts,
the plan and the initial-state overlay. Values in the plan are the ones the
agent will see (the generator's validation replays the plan to make sure).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from trajectory2gym.envs.generator.common import (
    Draft,
    Skip,
    address_text,
    auth,
    auth_by_email,
    auth_by_name_zip,
    new_address,
    options_text,
    pick,
)
from trajectory2gym.envs.generator.plan import Step, ask, call, confirm, report

Template = Callable[[dict[str, Any], random.Random], Draft]


def _orders(db: dict[str, Any], status: str) -> list[str]:
    return sorted(k for k, o in db["orders"].items() if o["status"] == status and o["items"])


def _user_of(db: dict[str, Any], order: dict[str, Any]) -> dict[str, Any]:
    user = db["users"].get(order["user_id"])
    if user is None:
        raise Skip("order without user")
    return user


def _other_variant(db: dict[str, Any], item: dict[str, Any], rng: random.Random,
                   dearer: bool = False) -> dict[str, Any]:
    product = db["products"].get(item["product_id"])
    if product is None:
        raise Skip("unknown product")
    options = [v for v in product["variants"].values()
               if v["available"] and v["item_id"] != item["item_id"]
               and (not dearer or v["price"] > item["price"])]
    if not options:
        raise Skip("no other available variant")
    return rng.choice(sorted(options, key=lambda v: v["item_id"]))


def _original_payment(order: dict[str, Any]) -> str:
    return order["payment_history"][0]["payment_method_id"]


def _card(user: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """A non-gift-card payment method and how the user names it."""
    methods = [m for m in user["payment_methods"].values() if m["source"] in ("credit_card", "paypal")]
    if not methods:
        raise Skip("no card or paypal")
    m = rng.choice(sorted(methods, key=lambda x: x["id"]))
    if m["source"] == "paypal":
        return m["id"], "my PayPal account"
    return m["id"], f"my {m.get('brand', '')} credit card ending in {m['last_four']}".replace("  ", " ")


def _draft(request: str, user_id: str, facts: dict[str, Any], plan: list[Step], *,
           obstacles: list[dict[str, Any]] | None = None,
           overlay: dict[str, dict[str, Any]] | None = None) -> Draft:
    return Draft(request=request, user_id=user_id, facts=facts, plan=plan, disclosed_upfront=[],
                 obstacles=obstacles or [], initial_overlay=overlay or {})


# ---------------------------------------------------------------------------- information


def exchange_variant(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "delivered"))
    user = _user_of(db, order)
    item = rng.choice(order["items"])
    new = _other_variant(db, item, rng)
    facts: dict[str, Any] = {"order_id": oid}
    plan = auth(rng, user, facts) + [
        call("get_order_details", {"order_id": oid}),
        call("get_product_details", {"product_id": item["product_id"]}),
        confirm(f"exchange item {item['item_id']} ({item['name']}) of order {oid} for item "
                f"{new['item_id']} ({options_text(new['options'])}), settling the price difference "
                f"with {_original_payment(order)}"),
        call("exchange_delivered_order_items",
             {"order_id": oid, "item_ids": [item["item_id"]], "new_item_ids": [new["item_id"]],
              "payment_method_id": _original_payment(order)}, write=True),
        report(f"The exchange for order {oid} has been requested."),
    ]
    request = (f"Hi, I want to exchange the {item['name']} from my order {oid} for the one with "
               f"{options_text(new['options'])}. Use the original payment method for any difference.")
    return _draft(request, order["user_id"], facts, plan)


def cancel_by_product(db: dict[str, Any], rng: random.Random) -> Draft:
    uid, user = pick(rng, db["users"])
    orders = [db["orders"][o] for o in user["orders"][:3] if o in db["orders"]]
    pending = [o for o in orders if o["status"] == "pending"]
    if not pending:
        raise Skip("no pending order among the first three")
    target = rng.choice(pending)
    names = {i["name"] for i in target["items"]}
    unique = sorted(n for n in names if all(n not in {i["name"] for i in o["items"]}
                                            for o in orders if o is not target))
    if not unique:
        raise Skip("no product unique to the order")
    product = rng.choice(unique)
    facts: dict[str, Any] = {}
    plan = auth(rng, user, facts) + [call("get_user_details", {"user_id": uid})]
    for o in orders:
        plan.append(call("get_order_details", {"order_id": o["order_id"]}))
        if o is target:
            break
    oid = target["order_id"]
    plan += [
        confirm(f"cancel order {oid} (it contains the {product}) because it is no longer needed"),
        call("cancel_pending_order", {"order_id": oid, "reason": "no longer needed"}, write=True),
        report(f"Order {oid} has been cancelled."),
    ]
    request = (f"Hello, I ordered a {product} recently but I no longer need it. Please cancel that "
               "order; I don't remember its number.")
    return _draft(request, uid, facts, plan)


def return_item(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "delivered"))
    user = _user_of(db, order)
    item = rng.choice(order["items"])
    pm = _original_payment(order)
    facts: dict[str, Any] = {"order_id": oid}
    plan = auth(rng, user, facts) + [
        call("get_order_details", {"order_id": oid}),
        confirm(f"return item {item['item_id']} ({item['name']}) of order {oid}, refunded to {pm}"),
        call("return_delivered_order_items",
             {"order_id": oid, "item_ids": [item["item_id"]], "payment_method_id": pm}, write=True),
        report(f"The return for order {oid} has been requested."),
    ]
    request = (f"I'd like to return the {item['name']} from order {oid} and get the refund to the "
               "original payment method.")
    return _draft(request, order["user_id"], facts, plan)


def modify_variant_pay_card(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending"))
    user = _user_of(db, order)
    item = rng.choice(order["items"])
    new = _other_variant(db, item, rng)
    pm, pm_text = _card(user, rng)
    facts: dict[str, Any] = {"order_id": oid, "payment": pm_text}
    plan = auth(rng, user, facts) + [
        call("get_user_details", {"user_id": order["user_id"]}),
        call("get_order_details", {"order_id": oid}),
        call("get_product_details", {"product_id": item["product_id"]}),
        confirm(f"change item {item['item_id']} ({item['name']}) of order {oid} to item "
                f"{new['item_id']} ({options_text(new['options'])}), paying the difference with {pm}"),
        call("modify_pending_order_items",
             {"order_id": oid, "item_ids": [item["item_id"]], "new_item_ids": [new["item_id"]],
              "payment_method_id": pm}, write=True),
        report(f"Order {oid} has been modified."),
    ]
    request = (f"Please change the {item['name']} in my pending order {oid} to the one with "
               f"{options_text(new['options'])}, and charge any difference to {pm_text}.")
    return _draft(request, order["user_id"], facts, plan)


# ---------------------------------------------------------------------------- recovery


def _absent_order_id(db: dict[str, Any], rng: random.Random) -> str:
    while True:
        oid = f"#W{rng.randint(1000000, 9999999)}"
        if oid not in db["orders"]:
            return oid


def stale_email(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "delivered"))
    user = _user_of(db, order)
    item = rng.choice(order["items"])
    pm = _original_payment(order)
    first, last = user["name"]["first_name"].lower(), user["name"]["last_name"].lower()
    stale = f"{first}.{last}.{rng.randint(10, 99)}@oldmail.net"
    facts: dict[str, Any] = {"order_id": oid, "email": user["email"]}
    name = auth_by_name_zip(user, facts)
    plan = [
        ask("I can help with that. First I need to verify your identity: what is your email address?"),
        call("find_user_id_by_email", {"email": stale}, expect="error"),
        ask("I could not find an account for it. Could you tell me your first and last name "
            "and your zip code instead?"),
        name[1],
        call("get_order_details", {"order_id": oid}),
        confirm(f"return item {item['item_id']} ({item['name']}) of order {oid}, refunded to {pm}"),
        call("return_delivered_order_items",
             {"order_id": oid, "item_ids": [item["item_id"]], "payment_method_id": pm}, write=True),
        report(f"The return for order {oid} has been requested."),
    ]
    request = f"Hi, I want to return the {item['name']} from order {oid} to the original payment method."
    return _draft(request, order["user_id"], facts, plan,
                  obstacles=[{"fact": "email", "wrong_value": stale}])


def wrong_order_id(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending"))
    user = _user_of(db, order)
    wrong = _absent_order_id(db, rng)
    facts: dict[str, Any] = {"order_id": oid}
    plan = auth(rng, user, facts) + [
        ask("Thank you. Which order is it? Please give me the order id."),
        call("get_order_details", {"order_id": wrong}, expect="error"),
        ask("I could not find that order. Could you double-check the order id?"),
        call("get_order_details", {"order_id": oid}),
        confirm(f"cancel order {oid} because it is no longer needed"),
        call("cancel_pending_order", {"order_id": oid, "reason": "no longer needed"}, write=True),
        report(f"Order {oid} has been cancelled."),
    ]
    request = "Hello, I want to cancel one of my orders because I no longer need it."
    return _draft(request, order["user_id"], facts, plan,
                  obstacles=[{"fact": "order_id", "wrong_value": wrong}])


def wrong_zip(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending"))
    user = _user_of(db, order)
    real = user["address"]["zip"]
    wrong = f"{(int(real) + rng.randint(1, 500)) % 100000:05d}" if real.isdigit() else "00000"
    facts: dict[str, Any] = {"order_id": oid}
    name = auth_by_name_zip(user, facts)
    email = auth_by_email(user, facts)
    if any(u["name"] == user["name"] and u["address"]["zip"] == wrong for u in db["users"].values()):
        raise Skip("the wrong zip belongs to a namesake")
    plan = [
        name[0],
        call("find_user_id_by_name_zip", {**name[1]["arguments"], "zip": wrong}, expect="error"),
        ask("I could not find an account with those details. Could you tell me your email instead?"),
        email[1],
        call("get_order_details", {"order_id": oid}),
        confirm(f"cancel order {oid} because it was ordered by mistake"),
        call("cancel_pending_order", {"order_id": oid, "reason": "ordered by mistake"}, write=True),
        report(f"Order {oid} has been cancelled."),
    ]
    request = f"Hi, please cancel my order {oid}, I ordered it by mistake."
    return _draft(request, order["user_id"], facts, plan, obstacles=[{"fact": "zip", "wrong_value": wrong}])


def gift_card_short(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending"))
    user = _user_of(db, order)
    gift = sorted(m["id"] for m in user["payment_methods"].values() if m["source"] == "gift_card")
    if not gift:
        raise Skip("no gift card")
    item = rng.choice(order["items"])
    new = _other_variant(db, item, rng, dearer=True)
    pm, pm_text = _card(user, rng)
    # The overlay empties the gift card, so paying with it fails with an authentic error.
    patched = copy.deepcopy(user)
    patched["payment_methods"][gift[0]]["balance"] = 0
    facts: dict[str, Any] = {"order_id": oid, "payment": pm_text}
    change = (f"change item {item['item_id']} ({item['name']}) of order {oid} to item "
              f"{new['item_id']} ({options_text(new['options'])})")
    args = {"order_id": oid, "item_ids": [item["item_id"]], "new_item_ids": [new["item_id"]]}
    plan = auth(rng, user, facts) + [
        call("get_user_details", {"user_id": order["user_id"]}),
        call("get_order_details", {"order_id": oid}),
        call("get_product_details", {"product_id": item["product_id"]}),
        confirm(f"{change}, paying the difference with {gift[0]}"),
        call("modify_pending_order_items", {**args, "payment_method_id": gift[0]}, write=True,
             expect="error"),
        ask("The gift card balance is not enough for this change. Which other payment method "
            "would you like to use?"),
        confirm(f"{change}, paying the difference with {pm}"),
        call("modify_pending_order_items", {**args, "payment_method_id": pm}, write=True),
        report(f"Order {oid} has been modified."),
    ]
    request = (f"Please change the {item['name']} in my order {oid} to the one with "
               f"{options_text(new['options'])}; pay the difference with my gift card.")
    return _draft(request, order["user_id"], facts, plan, overlay={"users": {order["user_id"]: patched}})


# ---------------------------------------------------------------------------- state


def address_then_items(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending"))
    user = _user_of(db, order)
    item = rng.choice(order["items"])
    new = _other_variant(db, item, rng)
    addr = new_address(rng)
    pm = _original_payment(order)
    facts: dict[str, Any] = {"order_id": oid, "new_address": addr}
    # Items last: modifying items ends the order's 'pending' state for further changes.
    plan = auth(rng, user, facts) + [
        call("get_order_details", {"order_id": oid}),
        confirm(f"change the shipping address of order {oid} to {address_text(addr)}"),
        call("modify_pending_order_address", {"order_id": oid, **addr}, write=True),
        call("get_product_details", {"product_id": item["product_id"]}),
        confirm(f"change item {item['item_id']} ({item['name']}) of order {oid} to item "
                f"{new['item_id']} ({options_text(new['options'])}), settling the difference with {pm}"),
        call("modify_pending_order_items",
             {"order_id": oid, "item_ids": [item["item_id"]], "new_item_ids": [new["item_id"]],
              "payment_method_id": pm}, write=True),
        report(f"Order {oid} now ships to the new address with the new item."),
    ]
    request = (f"For my order {oid}: please ship it to {address_text(addr)} instead, and change the "
               f"{item['name']} to the one with {options_text(new['options'])} "
               "(original payment method).")
    return _draft(request, order["user_id"], facts, plan)


def status_decides(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending") + _orders(db, "delivered"))
    user = _user_of(db, order)
    # The overlay sets the status, so the same request needs a different action.
    status = rng.choice(["pending", "delivered"])
    patched = copy.deepcopy(order)
    patched["status"] = status
    item = rng.choice(order["items"])
    pm = _original_payment(order)
    facts: dict[str, Any] = {"order_id": oid}
    plan = auth(rng, user, facts) + [call("get_order_details", {"order_id": oid})]
    if status == "pending":
        plan += [
            confirm(f"order {oid} is still pending, so I will cancel it because it is no longer needed"),
            call("cancel_pending_order", {"order_id": oid, "reason": "no longer needed"}, write=True),
            report(f"Order {oid} has been cancelled."),
        ]
    else:
        ids = [i["item_id"] for i in order["items"]]
        plan += [
            confirm(f"order {oid} was delivered, so I will return its items {', '.join(ids)}, "
                    f"refunded to {pm}"),
            call("return_delivered_order_items", {"order_id": oid, "item_ids": ids, "payment_method_id": pm},
                 write=True),
            report(f"The return for order {oid} has been requested."),
        ]
    request = (f"I don't need my order {oid} (the one with the {item['name']}) anymore. Cancel it if "
               "it hasn't shipped, otherwise I want to return everything to the original payment method.")
    return _draft(request, order["user_id"], facts, plan, overlay={"orders": {oid: patched}})


def user_then_order_address(db: dict[str, Any], rng: random.Random) -> Draft:
    oid, order = pick(rng, db["orders"], _orders(db, "pending"))
    user = _user_of(db, order)
    uid = order["user_id"]
    addr = new_address(rng)
    facts: dict[str, Any] = {"order_id": oid, "new_address": addr}
    plan = auth(rng, user, facts) + [
        call("get_order_details", {"order_id": oid}),
        confirm(f"update the default address of user {uid} to {address_text(addr)}"),
        call("modify_user_address", {"user_id": uid, **addr}, write=True),
        confirm(f"change the shipping address of pending order {oid} to the same address"),
        call("modify_pending_order_address", {"order_id": oid, **addr}, write=True),
        report(f"Your default address and order {oid} now use the new address."),
    ]
    request = (f"I moved to {address_text(addr)}. Please update my default address and the shipping "
               f"address of my pending order {oid}.")
    return _draft(request, uid, facts, plan)


TEMPLATES: dict[str, dict[str, Template]] = {
    "information": {"exchange_variant": exchange_variant, "cancel_by_product": cancel_by_product,
                    "return_item": return_item, "modify_variant_pay_card": modify_variant_pay_card},
    "recovery": {"stale_email": stale_email, "wrong_order_id": wrong_order_id, "wrong_zip": wrong_zip,
                 "gift_card_short": gift_card_short},
    "state": {"address_then_items": address_then_items, "status_decides": status_decides,
              "user_then_order_address": user_then_order_address},
}
