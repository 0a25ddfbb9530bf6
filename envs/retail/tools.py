"""Retail tools: the names, arguments and behaviour of tau-bench's retail toolkit.

Each tool checks every precondition on the read-only state first and only then
edits records, so an ``Error: ...`` observation always leaves the state as it
was (the executor's transaction rollback is a second guard). Arithmetic is done
in the same order as tau-bench so that floating-point results match exactly.
"""

from __future__ import annotations

import json
from typing import Any

from trajectory2gym.envs.common_tools import shared
from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.tooling import ToolError, Toolkit, array, string

QUIRKS: dict[str, str] = {
    "unrounded_item_difference": (
        "modify_pending_order_items records the price difference in the payment history without "
        "rounding it (a float such as 10.469999999999999); exchange_delivered_order_items rounds "
        "it. Fixed mode rounds to cents in both."
    ),
}

toolkit = Toolkit()

ORDER_ID = "The order id, for example '#W0000000' (it starts with '#')."
PAYMENT_ID = (
    "A payment method id from the user's profile, for example 'credit_card_0000000' or "
    "'gift_card_0000000'."
)
ITEM_LIST = {"type": "string"}
CANCEL_REASONS = ["no longer needed", "ordered by mistake"]


def _dump(record: Any) -> str:
    # tau-bench's observation format (json.dumps with default separators).
    return json.dumps(record)


def _address_params() -> dict[str, Any]:
    return {
        "address1": string("First address line, for example '123 Main St'.", "address"),
        "address2": string("Second address line, for example 'Apt 1', or ''.", "address"),
        "city": string("City, for example 'Austin'.", "address"),
        "state": string("State or province, for example 'TX'.", "address"),
        "country": string("Country, for example 'USA'.", "address"),
        "zip": string("Zip code, for example '78701'.", "address"),
    }


def _address(address1: str, address2: str, city: str, state: str, country: str, zip: str) -> dict[str, str]:
    return {"address1": address1, "address2": address2, "city": city, "state": state,
            "country": country, "zip": zip}


def _order(ctx: Context, order_id: str) -> dict[str, Any]:
    order = ctx.state.get("orders", order_id)
    if order is None:
        raise ToolError("order not found")
    return order


def _payment_methods(ctx: Context, user_id: str) -> dict[str, Any]:
    user = ctx.state.get("users", user_id)
    if user is None:
        raise ToolError("user not found")
    return user["payment_methods"]


def _check_item_counts(order: dict[str, Any], item_ids: list[str], message: str | None) -> None:
    """Every requested item id (duplicates counted) must be in the order."""
    present = [item["item_id"] for item in order["items"]]
    for item_id in item_ids:
        if item_ids.count(item_id) > present.count(item_id):
            raise ToolError(message or f"{item_id} not found")


def _price_difference(ctx: Context, order: dict[str, Any], item_ids: list[str],
                      new_item_ids: list[str]) -> float:
    """Sum of (new price - old price); checks that each new item is an available variant."""
    if len(item_ids) != len(new_item_ids):
        raise ToolError("the number of items to be exchanged should match")
    diff: float = 0
    for item_id, new_item_id in zip(item_ids, new_item_ids, strict=True):
        item = next(it for it in order["items"] if it["item_id"] == item_id)
        product = ctx.state.get("products", item["product_id"])
        variant = (product or {}).get("variants", {}).get(new_item_id)
        if not (variant and variant["available"]):
            raise ToolError(f"new item {new_item_id} not found or available")
        diff += variant["price"] - item["price"]
    return diff


# -- identity ---------------------------------------------------------------------------------

@toolkit.tool(
    "Look up a user id by email address. Returns an error if no user has that email.",
    access="read", object_class="identity", records=("users",),
    params={"email": string("The user's email, for example 'name@example.com'.", "contact")},
)
def find_user_id_by_email(ctx: Context, email: str) -> str:
    wanted = email.lower()
    for user_id, profile in ctx.state.items("users"):
        if profile["email"].lower() == wanted:
            return user_id
    raise ToolError("user not found")


@toolkit.tool(
    "Look up a user id by first name, last name and zip code. Prefer the email lookup; use this "
    "one when the user cannot give an email or the email lookup failed.",
    access="read", object_class="identity", records=("users",),
    params={
        "first_name": string("The user's first name, for example 'John'.", "name"),
        "last_name": string("The user's last name, for example 'Doe'.", "name"),
        "zip": string("The user's zip code, for example '12345'.", "address"),
    },
)
def find_user_id_by_name_zip(ctx: Context, first_name: str, last_name: str, zip: str) -> str:
    first, last = first_name.lower(), last_name.lower()
    for user_id, profile in ctx.state.items("users"):
        name = profile["name"]
        if (name["first_name"].lower() == first and name["last_name"].lower() == last
                and profile["address"]["zip"] == zip):
            return user_id
    raise ToolError("user not found")


@toolkit.tool(
    "Get a user's profile: name, address, email, payment methods and order ids.",
    access="read", object_class="identity", records=("users",),
    params={"user_id": string("The user id, for example 'sara_doe_496'.", "identifier")},
)
def get_user_details(ctx: Context, user_id: str) -> str:
    user = ctx.state.get("users", user_id)
    if user is None:
        raise ToolError("user not found")
    return _dump(user)


# -- commerce reads ---------------------------------------------------------------------------

@toolkit.tool(
    "Get an order's status, items, fulfilments and payment history.",
    access="read", object_class="commerce", records=("orders",),
    params={"order_id": string(ORDER_ID, "identifier")},
)
def get_order_details(ctx: Context, order_id: str) -> str:
    return _dump(_order(ctx, order_id))


@toolkit.tool(
    "Get a product type with all its variants (item ids, options, price, availability).",
    access="read", object_class="commerce", records=("products",),
    params={"product_id": string(
        "The product id, for example '6086499569'. A product id is not an item id.", "identifier")},
)
def get_product_details(ctx: Context, product_id: str) -> str:
    product = ctx.state.get("products", product_id)
    if product is None:
        raise ToolError("product not found")
    return _dump(product)


@toolkit.tool(
    "List every product type in the store as a mapping from product name to product id.",
    access="read", object_class="commerce", records=("products",), params={},
)
def list_all_product_types(ctx: Context) -> str:
    names = {p["name"]: p["product_id"] for p in ctx.state.values("products")}
    return _dump(dict(sorted(names.items())))


# -- pending orders ---------------------------------------------------------------------------

@toolkit.tool(
    "Cancel a pending order (processed or delivered orders cannot be cancelled). Every payment is "
    "refunded: to a gift card at once, to other methods within 5-7 business days. Explain the "
    "details and get the user's explicit yes before calling. Returns the updated order.",
    access="irreversible", object_class="commerce", records=("orders", "users"),
    params={
        "order_id": string(ORDER_ID, "identifier"),
        "reason": string("Why the order is cancelled.", "enum", enum=CANCEL_REASONS),
    },
)
def cancel_pending_order(ctx: Context, order_id: str, reason: str) -> str:
    order = _order(ctx, order_id)
    if order["status"] != "pending":
        raise ToolError("non-pending order cannot be cancelled")
    order = ctx.state.edit("orders", order_id)
    refunds = []
    for payment in order["payment_history"]:
        method_id = payment["payment_method_id"]
        refunds.append({"transaction_type": "refund", "amount": payment["amount"],
                        "payment_method_id": method_id})
        if "gift_card" in method_id:  # gift cards are refunded immediately
            method = ctx.state.edit("users", order["user_id"])["payment_methods"][method_id]
            method["balance"] = round(method["balance"] + payment["amount"], 2)
    order["status"] = "cancelled"
    order["cancel_reason"] = reason
    order["payment_history"].extend(refunds)
    return _dump(order)


@toolkit.tool(
    "Change the shipping address of a pending order. Explain the change and get the user's "
    "explicit yes before calling.",
    access="write", object_class="location", records=("orders",),
    params={"order_id": string(ORDER_ID, "identifier"), **_address_params()},
)
def modify_pending_order_address(ctx: Context, order_id: str, address1: str, address2: str,
                                 city: str, state: str, country: str, zip: str) -> str:
    if _order(ctx, order_id)["status"] != "pending":
        raise ToolError("non-pending order cannot be modified")
    order = ctx.state.edit("orders", order_id)
    order["address"] = _address(address1, address2, city, state, country, zip)
    return _dump(order)


@toolkit.tool(
    "Pay a pending order with a different payment method; the old method is refunded. Explain the "
    "change and get the user's explicit yes before calling.",
    access="write", object_class="finance", records=("orders", "users"),
    params={"order_id": string(ORDER_ID, "identifier"),
            "payment_method_id": string(PAYMENT_ID, "identifier")},
)
def modify_pending_order_payment(ctx: Context, order_id: str, payment_method_id: str) -> str:
    order = _order(ctx, order_id)
    if order["status"] != "pending":
        raise ToolError("non-pending order cannot be modified")
    methods = _payment_methods(ctx, order["user_id"])
    if payment_method_id not in methods:
        raise ToolError("payment method not found")
    history = order["payment_history"]
    if len(history) > 1 or history[0]["transaction_type"] != "payment":
        raise ToolError("there should be exactly one payment for a pending order")
    old_id = history[0]["payment_method_id"]
    if old_id == payment_method_id:
        raise ToolError("the new payment method should be different from the current one")
    amount = history[0]["amount"]
    new_method = methods[payment_method_id]
    if new_method["source"] == "gift_card" and new_method["balance"] < amount:
        raise ToolError("insufficient gift card balance to pay for the order")

    order = ctx.state.edit("orders", order_id)
    order["payment_history"].extend([
        {"transaction_type": "payment", "amount": amount, "payment_method_id": payment_method_id},
        {"transaction_type": "refund", "amount": amount, "payment_method_id": old_id},
    ])
    user_methods = ctx.state.edit("users", order["user_id"])["payment_methods"]
    if new_method["source"] == "gift_card":
        m = user_methods[payment_method_id]
        m["balance"] = round(m["balance"] - amount, 2)
    if "gift_card" in old_id:
        m = user_methods[old_id]
        m["balance"] = round(m["balance"] + amount, 2)
    return _dump(order)


@toolkit.tool(
    "Swap items of a pending order for other variants of the same product; the price difference "
    "is charged to or refunded on the given payment method. Can be used once per order. Explain "
    "the change and get the user's explicit yes before calling.",
    access="write", object_class="commerce", records=("orders", "users"),
    params={
        "order_id": string(ORDER_ID, "identifier"),
        "item_ids": array("Item ids to change, for example ['1008292230']; repeats allowed.",
                          ITEM_LIST, "identifier"),
        "new_item_ids": array("The replacement item ids, position by position, each a variant of "
                              "the same product as the item it replaces.", ITEM_LIST, "identifier"),
        "payment_method_id": string(PAYMENT_ID, "identifier"),
    },
)
def modify_pending_order_items(ctx: Context, order_id: str, item_ids: list[str],
                               new_item_ids: list[str], payment_method_id: str) -> str:
    order = _order(ctx, order_id)
    if order["status"] != "pending":
        raise ToolError("non-pending order cannot be modified")
    _check_item_counts(order, item_ids, None)
    diff = _price_difference(ctx, order, item_ids, new_item_ids)
    methods = _payment_methods(ctx, order["user_id"])
    if payment_method_id not in methods:
        raise ToolError("payment method not found")
    method = methods[payment_method_id]
    if method["source"] == "gift_card" and method["balance"] < diff:
        raise ToolError("insufficient gift card balance to pay for the new item")

    order = ctx.state.edit("orders", order_id)
    # tau-bench records the unrounded difference here (exchange rounds it first).
    order["payment_history"].append({
        "transaction_type": "payment" if diff > 0 else "refund",
        "amount": abs(diff) if ctx.compat else round(abs(diff), 2),
        "payment_method_id": payment_method_id,
    })
    if method["source"] == "gift_card":
        m = ctx.state.edit("users", order["user_id"])["payment_methods"][payment_method_id]
        m["balance"] = round(m["balance"] - diff, 2)
    for item_id, new_item_id in zip(item_ids, new_item_ids, strict=True):
        item = next(it for it in order["items"] if it["item_id"] == item_id)
        variant = ctx.state.get("products", item["product_id"])["variants"][new_item_id]
        item["item_id"] = new_item_id
        item["price"] = variant["price"]
        item["options"] = variant["options"]
    order["status"] = "pending (item modified)"
    return _dump(order)


# -- delivered orders -------------------------------------------------------------------------

@toolkit.tool(
    "Request a return of items of a delivered order; the refund goes to the original payment "
    "method or a gift card. The order becomes 'return requested' and the user gets return "
    "instructions by email. Explain the details and get the user's explicit yes before calling.",
    # "users": nothing the agent sees says a gift card's balance stays as it was until the items arrive.
    access="write", object_class="commerce", records=("orders", "users"),
    params={
        "order_id": string(ORDER_ID, "identifier"),
        "item_ids": array("Item ids to return, for example ['1008292230']; repeats allowed.",
                          ITEM_LIST, "identifier"),
        "payment_method_id": string(
            PAYMENT_ID + " It must be the original payment method or a gift card.", "identifier"),
    },
)
def return_delivered_order_items(ctx: Context, order_id: str, item_ids: list[str],
                                 payment_method_id: str) -> str:
    order = _order(ctx, order_id)
    if order["status"] != "delivered":
        raise ToolError("non-delivered order cannot be returned")
    if payment_method_id not in _payment_methods(ctx, order["user_id"]):
        raise ToolError("payment method not found")
    if ("gift_card" not in payment_method_id
            and payment_method_id != order["payment_history"][0]["payment_method_id"]):
        raise ToolError("payment method should be either the original payment method or a gift card")
    _check_item_counts(order, item_ids, "some item not found")
    order = ctx.state.edit("orders", order_id)
    order["status"] = "return requested"
    order["return_items"] = sorted(item_ids)
    order["return_payment_method_id"] = payment_method_id
    return _dump(order)


@toolkit.tool(
    "Request an exchange of items of a delivered order for other variants of the same product; "
    "the price difference is charged to or refunded on the given payment method. A delivered "
    "order can be returned or exchanged only once. Explain the details and get the user's "
    "explicit yes before calling.",
    # "users": nothing the agent sees says a gift card's balance stays as it was until the items arrive.
    access="write", object_class="commerce", records=("orders", "users"),
    params={
        "order_id": string(ORDER_ID, "identifier"),
        "item_ids": array("Item ids to exchange, for example ['1008292230']; repeats allowed.",
                          ITEM_LIST, "identifier"),
        "new_item_ids": array("The replacement item ids, position by position, each a variant of "
                              "the same product as the item it replaces.", ITEM_LIST, "identifier"),
        "payment_method_id": string(PAYMENT_ID, "identifier"),
    },
)
def exchange_delivered_order_items(ctx: Context, order_id: str, item_ids: list[str],
                                   new_item_ids: list[str], payment_method_id: str) -> str:
    order = _order(ctx, order_id)
    if order["status"] != "delivered":
        raise ToolError("non-delivered order cannot be exchanged")
    _check_item_counts(order, item_ids, None)
    diff = round(_price_difference(ctx, order, item_ids, new_item_ids), 2)
    methods = _payment_methods(ctx, order["user_id"])
    if payment_method_id not in methods:
        raise ToolError("payment method not found")
    method = methods[payment_method_id]
    if method["source"] == "gift_card" and method["balance"] < diff:
        raise ToolError("insufficient gift card balance to pay for the price difference")
    order = ctx.state.edit("orders", order_id)
    order["status"] = "exchange requested"
    order["exchange_items"] = sorted(item_ids)
    order["exchange_new_items"] = sorted(new_item_ids)
    order["exchange_payment_method_id"] = payment_method_id
    order["exchange_price_difference"] = diff
    return _dump(order)


@toolkit.tool(
    "Change a user's default address. Explain the change and get the user's explicit yes before "
    "calling.",
    access="write", object_class="location", records=("users",),
    params={"user_id": string("The user id, for example 'sara_doe_496'.", "identifier"),
            **_address_params()},
)
def modify_user_address(ctx: Context, user_id: str, address1: str, address2: str, city: str,
                        state: str, country: str, zip: str) -> str:
    if ctx.state.get("users", user_id) is None:
        raise ToolError("user not found")
    user = ctx.state.edit("users", user_id)
    user["address"] = _address(address1, address2, city, state, country, zip)
    return _dump(user)


for _shared in shared.tools.values():
    toolkit.add(_shared)
