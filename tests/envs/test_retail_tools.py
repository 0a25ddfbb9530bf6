"""Retail tools: a happy path for every tool and every precondition error (state unchanged)."""

from __future__ import annotations

import json

import pytest

ADDR = {"address1": "9 Elm St", "address2": "", "city": "Boston", "state": "MA", "country": "USA",
        "zip": "02101"}


def ok(env, name, args):
    out, err = env.execute(name, args)
    assert not err, out
    return out


def test_find_user_id_by_email_is_case_insensitive(retail):
    assert ok(retail, "find_user_id_by_email", {"email": "ann.lee@EXAMPLE.com"}) == "ann_lee_1"


def test_find_user_id_by_name_zip(retail):
    assert ok(retail, "find_user_id_by_name_zip",
              {"first_name": "bob", "last_name": "KIM", "zip": "20002"}) == "bob_kim_2"


def test_reads_return_records_as_json(retail):
    assert json.loads(ok(retail, "get_user_details", {"user_id": "bob_kim_2"}))["email"] == "bob@example.com"
    assert json.loads(ok(retail, "get_order_details", {"order_id": "#W1"}))["status"] == "pending"
    assert set(json.loads(ok(retail, "get_product_details", {"product_id": "P1"}))["variants"]) == {
        "I1", "I2", "I3", "I4"}
    assert json.loads(ok(retail, "list_all_product_types", {})) == {"Mug": "P2", "T-Shirt": "P1"}
    assert list(json.loads(ok(retail, "list_all_product_types", {}))) == ["Mug", "T-Shirt"]


def test_calculate_think_transfer(retail):
    assert ok(retail, "calculate", {"expression": "(20 + 10.5) * 2 / 3"}) == "20.33"
    assert ok(retail, "think", {"thought": "hmm"}) == ""
    assert ok(retail, "transfer_to_human_agents", {"summary": "wants a human"}) == "Transfer successful"
    assert retail.changed_records() == {}


def test_cancel_pending_order_refunds_gift_card_at_once(retail):
    order = json.loads(ok(retail, "cancel_pending_order", {"order_id": "#W3", "reason": "no longer needed"}))
    assert order["status"] == "cancelled" and order["cancel_reason"] == "no longer needed"
    assert order["payment_history"][-1] == {"transaction_type": "refund", "amount": 10.0,
                                            "payment_method_id": "gift_card_1"}
    assert retail.get("users", "ann_lee_1")["payment_methods"]["gift_card_1"]["balance"] == 60.0
    assert set(retail.changed_records()) == {"orders", "users"}


def test_cancel_pending_order_by_card_leaves_user(retail):
    ok(retail, "cancel_pending_order", {"order_id": "#W1", "reason": "ordered by mistake"})
    assert set(retail.changed_records()) == {"orders"}


def test_modify_pending_order_address(retail):
    order = json.loads(ok(retail, "modify_pending_order_address", {"order_id": "#W1", **ADDR}))
    assert order["address"] == ADDR and order["status"] == "pending"


def test_modify_pending_order_payment_card_to_gift_card(retail):
    order = json.loads(ok(retail, "modify_pending_order_payment",
                          {"order_id": "#W1", "payment_method_id": "gift_card_1"}))
    assert [p["transaction_type"] for p in order["payment_history"]] == ["payment", "payment", "refund"]
    assert order["payment_history"][2]["payment_method_id"] == "credit_card_1"
    assert retail.get("users", "ann_lee_1")["payment_methods"]["gift_card_1"]["balance"] == 20.0


def test_modify_pending_order_payment_gift_card_refunded(retail):
    ok(retail, "modify_pending_order_payment", {"order_id": "#W3", "payment_method_id": "paypal_1"})
    assert retail.get("users", "ann_lee_1")["payment_methods"]["gift_card_1"]["balance"] == 60.0


def test_modify_pending_order_items_paid_by_gift_card(retail):
    order = json.loads(ok(retail, "modify_pending_order_items", {
        "order_id": "#W1", "item_ids": ["M1"], "new_item_ids": ["M2"], "payment_method_id": "gift_card_1"}))
    assert order["status"] == "pending (item modified)"
    assert order["items"][1] == {"name": "Mug", "product_id": "P2", "item_id": "M2", "price": 12.0,
                                 "options": {"color": "black"}}
    assert order["payment_history"][-1] == {"transaction_type": "payment", "amount": 2.0,
                                            "payment_method_id": "gift_card_1"}
    assert retail.get("users", "ann_lee_1")["payment_methods"]["gift_card_1"]["balance"] == 48.0


def test_modify_pending_order_items_refund_to_card(retail):
    order = json.loads(ok(retail, "modify_pending_order_items", {
        "order_id": "#W1", "item_ids": ["I1"], "new_item_ids": ["I4"], "payment_method_id": "credit_card_1"}))
    assert order["payment_history"][-1] == {"transaction_type": "refund", "amount": 5.0,
                                            "payment_method_id": "credit_card_1"}
    assert "users" not in retail.changed_records()


def test_return_delivered_order_items(retail):
    order = json.loads(ok(retail, "return_delivered_order_items", {
        "order_id": "#W2", "item_ids": ["I1", "I1"], "payment_method_id": "gift_card_1"}))
    assert order["status"] == "return requested" and order["return_items"] == ["I1", "I1"]
    assert order["return_payment_method_id"] == "gift_card_1"


def test_exchange_delivered_order_items(retail):
    order = json.loads(ok(retail, "exchange_delivered_order_items", {
        "order_id": "#W2", "item_ids": ["I1"], "new_item_ids": ["I4"], "payment_method_id": "credit_card_1"}))
    assert order["status"] == "exchange requested"
    assert order["exchange_items"] == ["I1"] and order["exchange_new_items"] == ["I4"]
    assert order["exchange_price_difference"] == -5.0
    # An exchange is only requested: the items themselves are unchanged.
    assert [i["item_id"] for i in order["items"]] == ["I1", "I1"]


def test_modify_user_address(retail):
    user = json.loads(ok(retail, "modify_user_address", {"user_id": "bob_kim_2", **ADDR}))
    assert user["address"] == ADDR
    assert retail.changed_records() == {"users": {"bob_kim_2": user}}


ITEMS = {"item_ids": ["I1"], "new_item_ids": ["I4"], "payment_method_id": "credit_card_1"}

ERRORS = [
    ("find_user_id_by_email", {"email": "nobody@example.com"}, "Error: user not found"),
    ("find_user_id_by_name_zip", {"first_name": "Ann", "last_name": "Lee", "zip": "99999"},
     "Error: user not found"),
    ("get_user_details", {"user_id": "nobody"}, "Error: user not found"),
    ("get_order_details", {"order_id": "W1"}, "Error: order not found"),
    ("get_product_details", {"product_id": "I1"}, "Error: product not found"),
    ("calculate", {"expression": "1 / 0"}, "Error: division by zero"),
    ("cancel_pending_order", {"order_id": "#W9", "reason": "no longer needed"}, "Error: order not found"),
    ("cancel_pending_order", {"order_id": "#W2", "reason": "no longer needed"},
     "Error: non-pending order cannot be cancelled"),
    ("cancel_pending_order", {"order_id": "#W1", "reason": "too expensive"},
     "Error: argument 'reason' must be one of"),
    ("modify_pending_order_address", {"order_id": "#W9", **ADDR}, "Error: order not found"),
    ("modify_pending_order_address", {"order_id": "#W4", **ADDR},
     "Error: non-pending order cannot be modified"),
    ("modify_pending_order_payment", {"order_id": "#W9", "payment_method_id": "paypal_1"},
     "Error: order not found"),
    ("modify_pending_order_payment", {"order_id": "#W2", "payment_method_id": "paypal_1"},
     "Error: non-pending order cannot be modified"),
    ("modify_pending_order_payment", {"order_id": "#W1", "payment_method_id": "gift_card_2"},
     "Error: payment method not found"),
    ("modify_pending_order_payment", {"order_id": "#W5", "payment_method_id": "paypal_1"},
     "Error: there should be exactly one payment for a pending order"),
    ("modify_pending_order_payment", {"order_id": "#W1", "payment_method_id": "credit_card_1"},
     "Error: the new payment method should be different from the current one"),
    ("modify_pending_order_payment", {"order_id": "#W4", "payment_method_id": "gift_card_1"},
     "Error: non-pending order cannot be modified"),
    ("modify_pending_order_items", {"order_id": "#W9", **ITEMS}, "Error: order not found"),
    ("modify_pending_order_items", {"order_id": "#W4", **ITEMS}, "Error: non-pending order cannot be modified"),
    ("modify_pending_order_items", {**ITEMS, "order_id": "#W1", "item_ids": ["I1", "I1"],
                                    "new_item_ids": ["I4", "I4"]}, "Error: I1 not found"),
    ("modify_pending_order_items", {**ITEMS, "order_id": "#W1", "new_item_ids": ["I4", "M2"]},
     "Error: the number of items to be exchanged should match"),
    ("modify_pending_order_items", {**ITEMS, "order_id": "#W1", "new_item_ids": ["I3"]},
     "Error: new item I3 not found or available"),
    ("modify_pending_order_items", {**ITEMS, "order_id": "#W1", "new_item_ids": ["M2"]},
     "Error: new item M2 not found or available"),
    ("modify_pending_order_items", {**ITEMS, "order_id": "#W1", "payment_method_id": "gift_card_2"},
     "Error: payment method not found"),
    ("modify_pending_order_items", {"order_id": "#W1", "item_ids": ["I1"], "new_item_ids": ["I2"],
                                    "payment_method_id": "gift_card_1"},
     "Error: insufficient gift card balance to pay for the new item"),
    ("return_delivered_order_items", {"order_id": "#W9", "item_ids": ["I1"], "payment_method_id": "gift_card_1"},
     "Error: order not found"),
    ("return_delivered_order_items", {"order_id": "#W1", "item_ids": ["I1"], "payment_method_id": "gift_card_1"},
     "Error: non-delivered order cannot be returned"),
    ("return_delivered_order_items", {"order_id": "#W2", "item_ids": ["I1"], "payment_method_id": "gift_card_2"},
     "Error: payment method not found"),
    ("return_delivered_order_items", {"order_id": "#W2", "item_ids": ["I1"], "payment_method_id": "paypal_1"},
     "Error: payment method should be either the original payment method or a gift card"),
    ("return_delivered_order_items", {"order_id": "#W2", "item_ids": ["I1", "I1", "I1"],
                                      "payment_method_id": "credit_card_1"}, "Error: some item not found"),
    ("exchange_delivered_order_items", {"order_id": "#W9", **ITEMS}, "Error: order not found"),
    ("exchange_delivered_order_items", {"order_id": "#W1", **ITEMS},
     "Error: non-delivered order cannot be exchanged"),
    ("exchange_delivered_order_items", {**ITEMS, "order_id": "#W2", "item_ids": ["M1"], "new_item_ids": ["M2"]},
     "Error: M1 not found"),
    ("exchange_delivered_order_items", {**ITEMS, "order_id": "#W2", "new_item_ids": []},
     "Error: the number of items to be exchanged should match"),
    ("exchange_delivered_order_items", {**ITEMS, "order_id": "#W2", "new_item_ids": ["I3"]},
     "Error: new item I3 not found or available"),
    ("exchange_delivered_order_items", {**ITEMS, "order_id": "#W2", "payment_method_id": "nope"},
     "Error: payment method not found"),
    ("exchange_delivered_order_items", {"order_id": "#W2", "item_ids": ["I1", "I1"], "new_item_ids": ["I2", "I2"],
                                        "payment_method_id": "gift_card_1"},
     "Error: insufficient gift card balance to pay for the price difference"),
    ("modify_user_address", {"user_id": "nobody", **ADDR}, "Error: user not found"),
]


@pytest.mark.parametrize(("name", "args", "expected"), ERRORS, ids=[f"{e[0]}:{e[2][7:40]}" for e in ERRORS])
def test_precondition_errors_leave_state_unchanged(retail, state_of, name, args, expected):
    # A prior successful write must survive the failing call untouched, too.
    ok(retail, "modify_user_address", {"user_id": "bob_kim_2", **ADDR})
    before, changed = state_of(retail), retail.changed_records()
    out, err = retail.execute(name, args)
    assert err and out.startswith(expected), out
    assert state_of(retail) == before
    assert retail.changed_records() == changed


def test_every_retail_tool_has_error_cases_or_none_possible(retail):
    covered = {e[0] for e in ERRORS}
    never_fail = {"list_all_product_types", "think", "transfer_to_human_agents"}
    assert set(retail.domain.tools) == covered | never_fail


@pytest.mark.parametrize(("fixture", "amount"), [("retail", 10.1 - 10.0), ("retail_fixed", 0.1)])
def test_compat_flag_controls_unrounded_item_difference(request, fixture, amount):
    env = request.getfixturevalue(fixture)
    order = json.loads(ok(env, "modify_pending_order_items", {
        "order_id": "#W1", "item_ids": ["M1"], "new_item_ids": ["M3"], "payment_method_id": "credit_card_1"}))
    assert order["payment_history"][-1]["amount"] == amount
    assert (amount == 0.1) == (fixture == "retail_fixed")


def test_modify_items_repeated_item_ids_change_each_copy(retail):
    # #W2-like duplicates on a pending order: both copies change, one after the other.
    retail.reset()
    retail.state.put("orders", "#W1", {**retail.get("orders", "#W1"), "items": [
        retail.get("orders", "#W1")["items"][0], retail.get("orders", "#W1")["items"][0]]})
    order = json.loads(ok(retail, "modify_pending_order_items", {
        "order_id": "#W1", "item_ids": ["I1", "I1"], "new_item_ids": ["I4", "I4"],
        "payment_method_id": "credit_card_1"}))
    assert [i["item_id"] for i in order["items"]] == ["I4", "I4"]
    assert order["payment_history"][-1]["amount"] == 10.0
