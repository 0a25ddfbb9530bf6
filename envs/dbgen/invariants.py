"""Consistency rules a retail or airline database must satisfy (tau-bench's and ours).

``check_invariants`` returns one readable message per violation (empty = sound).
The rules hold on tau-bench's shipped databases and on the states its tools
produce; tau-bench quirks the rules tolerate are named where they apply:

- retail: orders paid with a gift card do not lower its balance in the shipped
  data, so balances are only checked to be non-negative, never reconciled;
  cancelled orders in the shipped data keep their fulfilment and lack the
  ``cancel_reason`` the cancel tool writes, so neither is required;
  the exchange tool stores old and new item ids each sorted on its own, so
  they are compared as multisets of products, not pairwise.
- airline: update_reservation_flights replaces the legs but keeps the recorded
  ``destination``, so the destination is not checked against the legs (only the
  origin, which the tools never move, and the round trip's return home);
  a certificate is removed from the user once used to pay, so a
  payment may name a ``certificate_...`` id the user no longer holds;
  the price paid per flight is the fare at booking, not today's fare;
  seats are not decremented by bookings (no seat accounting is checked).
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime
from typing import Any

ORDER_STATUSES = frozenset({"pending", "pending (item modified)", "processed", "delivered",
                            "cancelled", "return requested", "exchange requested"})
UNFULFILLED = frozenset({"pending", "pending (item modified)"})
FLIGHT_STATUS_FIELDS: dict[str, frozenset[str]] = {
    "available": frozenset({"status", "available_seats", "prices"}),
    "landed": frozenset({"status", "actual_departure_time_est", "actual_arrival_time_est"}),
    "cancelled": frozenset({"status"}),
    "delayed": frozenset({"status", "estimated_departure_time_est", "estimated_arrival_time_est"}),
    "on time": frozenset({"status", "estimated_departure_time_est", "estimated_arrival_time_est"}),
    "flying": frozenset({"status", "actual_departure_time_est", "estimated_arrival_time_est"}),
}
CABINS = ("basic_economy", "economy", "business")
ADDRESS_FIELDS = frozenset({"address1", "address2", "city", "country", "state", "zip"})
PM_SOURCES = {"retail": {"credit_card", "gift_card", "paypal"},
              "airline": {"credit_card", "gift_card", "certificate"}}
CENT = 0.01 + 1e-9


def check_invariants(domain: str, db: dict[str, Any]) -> list[str]:
    """Every rule violation in ``db`` as ``"<kind> <id>: <problem>"``; [] when consistent."""
    if domain == "retail":
        checks = (_check_users, _check_products, _check_orders)
        kinds = ("users", "orders", "products")
    elif domain == "airline":
        checks = (_check_users, _check_flights, _check_reservations)
        kinds = ("users", "reservations", "flights")
    elif domain == "telecom":
        checks = (_check_telecom,)
        kinds = ("customers", "lines", "devices", "plans", "bills")
    else:
        raise ValueError(f"unknown domain {domain!r}: expected 'retail', 'airline' or 'telecom'")
    missing = [k for k in kinds if not isinstance(db.get(k), dict)]
    if missing:
        return [f"db: missing or non-object kind(s) {missing}"]
    errors: list[str] = []
    for check in checks:
        errors += check(domain, db)
    return errors


def _is_money(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _check_users(domain: str, db: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    owned_kind = "orders" if domain == "retail" else "reservations"
    owned = db[owned_kind]
    for uid, u in db["users"].items():
        where = f"users {uid}"
        name = u.get("name", {})
        if not (name.get("first_name") and name.get("last_name")):
            errs.append(f"{where}: name needs first_name and last_name")
        if set(u.get("address", {})) != ADDRESS_FIELDS:
            errs.append(f"{where}: address fields {sorted(u.get('address', {}))}")
        if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]+", str(u.get("email", ""))):
            errs.append(f"{where}: malformed email {u.get('email')!r}")
        for pm_id, pm in u.get("payment_methods", {}).items():
            errs += _check_payment_method(domain, where, pm_id, pm)
        ids = u.get(owned_kind, [])
        if len(ids) != len(set(ids)):
            errs.append(f"{where}: {owned_kind} listed twice")
        for rid in ids:
            if rid not in owned:
                errs.append(f"{where}: lists unknown {owned_kind[:-1]} {rid}")
            elif owned[rid].get("user_id") != uid:
                errs.append(f"{where}: lists {rid} which belongs to {owned[rid].get('user_id')}")
        if domain == "airline":
            if u.get("membership") not in ("regular", "silver", "gold"):
                errs.append(f"{where}: membership {u.get('membership')!r}")
            if not _is_date(u.get("dob")):
                errs.append(f"{where}: dob {u.get('dob')!r} is not a date")
            for p in u.get("saved_passengers", []):
                if not (p.get("first_name") and p.get("last_name") and _is_date(p.get("dob"))):
                    errs.append(f"{where}: saved passenger {p} needs names and a dob")
    return errs


def _check_payment_method(domain: str, where: str, pm_id: str, pm: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    source = pm.get("source")
    if pm.get("id") != pm_id:
        errs.append(f"{where}: payment method key {pm_id} has id {pm.get('id')!r}")
    if source not in PM_SOURCES[domain]:
        errs.append(f"{where}: payment method {pm_id} has unknown source {source!r}")
    elif not re.fullmatch(rf"{source}_\d+", pm_id):
        errs.append(f"{where}: payment method id {pm_id} does not match source {source}")
    if source == "credit_card" and not re.fullmatch(r"\d{4}", str(pm.get("last_four", ""))):
        errs.append(f"{where}: credit card {pm_id} last_four {pm.get('last_four')!r}")
    balance_field = "balance" if domain == "retail" else "amount"
    if source in ("gift_card", "certificate"):
        bal = pm.get(balance_field)
        if not _is_money(bal) or bal < 0:
            errs.append(f"{where}: {source} {pm_id} {balance_field} {bal!r} is not a non-negative amount")
    return errs


def _check_products(domain: str, db: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    seen_items: set[str] = set()
    for pid, p in db["products"].items():
        where = f"products {pid}"
        if p.get("product_id") != pid:
            errs.append(f"{where}: product_id {p.get('product_id')!r} differs from its key")
        if not p.get("variants"):
            errs.append(f"{where}: no variants")
        for iid, v in p.get("variants", {}).items():
            if v.get("item_id") != iid:
                errs.append(f"{where}: variant key {iid} has item_id {v.get('item_id')!r}")
            if iid in seen_items:
                errs.append(f"{where}: item id {iid} used by two variants")
            seen_items.add(iid)
            if not isinstance(v.get("available"), bool):
                errs.append(f"{where}: variant {iid} available is not a boolean")
            if not _is_money(v.get("price")) or v["price"] <= 0:
                errs.append(f"{where}: variant {iid} price {v.get('price')!r} is not positive")
    return errs


def _net_paid(history: list[dict[str, Any]]) -> float:
    sign = {"payment": 1, "refund": -1}
    return sum(sign.get(t.get("transaction_type"), 0) * t.get("amount", 0) for t in history)


def _check_orders(domain: str, db: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    users, products = db["users"], db["products"]
    variant_of = {iid: pid for pid, p in products.items() for iid in p.get("variants", {})}
    for oid, o in db["orders"].items():
        where = f"orders {oid}"
        if o.get("order_id") != oid:
            errs.append(f"{where}: order_id {o.get('order_id')!r} differs from its key")
        user = users.get(o.get("user_id"))
        if user is None:
            errs.append(f"{where}: unknown user {o.get('user_id')!r}")
            user = {"payment_methods": {}, "orders": [oid]}
        elif oid not in user.get("orders", []):
            errs.append(f"{where}: not listed in user {o['user_id']}'s orders")
        if set(o.get("address", {})) != ADDRESS_FIELDS:
            errs.append(f"{where}: address fields {sorted(o.get('address', {}))}")
        status = o.get("status")
        if status not in ORDER_STATUSES:
            errs.append(f"{where}: unknown status {status!r}")
        items = o.get("items", [])
        if not items:
            errs.append(f"{where}: no items")
        for it in items:
            iid, pid = it.get("item_id"), it.get("product_id")
            product = products.get(pid)
            if product is None:
                errs.append(f"{where}: item {iid} names unknown product {pid!r}")
                continue
            variant = product["variants"].get(iid)
            if variant is None:
                errs.append(f"{where}: item {iid} is not a variant of product {pid}")
                continue
            if it.get("name") != product.get("name"):
                errs.append(f"{where}: item {iid} name {it.get('name')!r} != {product.get('name')!r}")
            if it.get("options") != variant.get("options"):
                errs.append(f"{where}: item {iid} options differ from the catalog variant")
            if it.get("price") != variant.get("price"):
                errs.append(f"{where}: item {iid} price {it.get('price')} != catalog {variant.get('price')}")
        item_ids = [it.get("item_id") for it in items]
        history = o.get("payment_history", [])
        if not history or history[0].get("transaction_type") != "payment":
            errs.append(f"{where}: payment history must start with a payment")
        for t in history:
            if t.get("transaction_type") not in ("payment", "refund"):
                errs.append(f"{where}: transaction type {t.get('transaction_type')!r}")
            if not _is_money(t.get("amount")) or t["amount"] < 0:
                errs.append(f"{where}: transaction amount {t.get('amount')!r} is negative or missing")
            if t.get("payment_method_id") not in user["payment_methods"]:
                errs.append(f"{where}: payment method {t.get('payment_method_id')!r} is not the user's")
        total = sum(it.get("price", 0) for it in items)
        expected = 0.0 if status == "cancelled" else total
        if abs(_net_paid(history) - expected) > CENT:
            errs.append(f"{where}: payments net {_net_paid(history):.2f} but status {status!r} "
                        f"needs {expected:.2f}")
        fulfilled = [i for f in o.get("fulfillments", []) for i in f.get("item_ids", [])]
        for f in o.get("fulfillments", []):
            if not f.get("item_ids"):
                errs.append(f"{where}: fulfillment without items")
            if not f.get("tracking_id") or not all(re.fullmatch(r"\d+", t) for t in f["tracking_id"]):
                errs.append(f"{where}: fulfillment tracking ids {f.get('tracking_id')!r}")
        if not Counter(fulfilled) <= Counter(item_ids):
            errs.append(f"{where}: fulfillment ships items not in the order")
        if status in UNFULFILLED and o.get("fulfillments"):
            errs.append(f"{where}: {status} order already has fulfillments")
        if status in ("processed", "delivered", "return requested", "exchange requested") and not fulfilled:
            errs.append(f"{where}: {status} order has no fulfillment")
        errs += _check_order_requests(where, o, user, item_ids, products, variant_of)
    return errs


def _check_order_requests(where: str, o: dict[str, Any], user: dict[str, Any], item_ids: list[str],
                          products: dict[str, Any], variant_of: dict[str, str]) -> list[str]:
    """The fields the return / exchange / cancel tools add, present exactly with their status."""
    errs: list[str] = []
    status = o.get("status")
    extra = {"return requested": ("return_items", "return_payment_method_id"),
             "exchange requested": ("exchange_items", "exchange_new_items",
                                    "exchange_payment_method_id", "exchange_price_difference")}
    for st, fields in extra.items():
        present = [f for f in fields if f in o]
        if status == st and len(present) != len(fields):
            errs.append(f"{where}: {st} order lacks {sorted(set(fields) - set(present))}")
        if status != st and present:
            errs.append(f"{where}: status {status!r} but has {present}")
    if "cancel_reason" in o and (status != "cancelled"
                                 or o["cancel_reason"] not in ("no longer needed", "ordered by mistake")):
        errs.append(f"{where}: cancel_reason {o['cancel_reason']!r} with status {status!r}")
    if status == "return requested" and "return_items" in o:
        if not o["return_items"] or not Counter(o["return_items"]) <= Counter(item_ids):
            errs.append(f"{where}: return_items are not items of the order")
        if o.get("return_payment_method_id") not in user["payment_methods"]:
            errs.append(f"{where}: return payment method is not the user's")
    if status == "exchange requested" and "exchange_items" in o:
        old, new = o["exchange_items"], o["exchange_new_items"]
        if not old or not Counter(old) <= Counter(item_ids):
            errs.append(f"{where}: exchange_items are not items of the order")
        if any(n not in variant_of for n in new):
            errs.append(f"{where}: exchange_new_items name unknown items")
        elif Counter(variant_of.get(i) for i in old) != Counter(variant_of[n] for n in new):
            errs.append(f"{where}: new items are not variants of the exchanged products")
        else:
            price = {iid: v["price"] for p in products.values() for iid, v in p["variants"].items()}
            diff = sum(price[n] for n in new) - sum(price.get(i, 0) for i in old)
            if abs(diff - o["exchange_price_difference"]) > CENT:
                errs.append(f"{where}: exchange_price_difference {o['exchange_price_difference']} "
                            f"!= {diff:.2f}")
        if o.get("exchange_payment_method_id") not in user["payment_methods"]:
            errs.append(f"{where}: exchange payment method is not the user's")
    return errs


def _is_date(x: Any) -> bool:
    try:
        date.fromisoformat(str(x))
    except ValueError:
        return False
    return True


def _is_datetime(x: Any) -> bool:
    try:
        datetime.fromisoformat(str(x))
    except ValueError:
        return False
    return True


def _check_flights(domain: str, db: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    for fn, f in db["flights"].items():
        where = f"flights {fn}"
        if f.get("flight_number") != fn:
            errs.append(f"{where}: flight_number {f.get('flight_number')!r} differs from its key")
        if not f.get("origin") or f.get("origin") == f.get("destination"):
            errs.append(f"{where}: origin {f.get('origin')!r} / destination {f.get('destination')!r}")
        for key in ("scheduled_departure_time_est", "scheduled_arrival_time_est"):
            if not re.fullmatch(r"\d\d:\d\d:\d\d(\+\d)?", str(f.get(key, ""))):
                errs.append(f"{where}: {key} {f.get(key)!r}")
        for day, info in f.get("dates", {}).items():
            status = info.get("status")
            if not _is_date(day):
                errs.append(f"{where}: date key {day!r}")
            if status not in FLIGHT_STATUS_FIELDS:
                errs.append(f"{where} {day}: unknown status {status!r}")
                continue
            if set(info) != FLIGHT_STATUS_FIELDS[status]:
                errs.append(f"{where} {day}: {status} with fields {sorted(info)}")
                continue
            for key, value in info.items():
                if key.endswith("_time_est") and not _is_datetime(value):
                    errs.append(f"{where} {day}: {key} {value!r} is not a datetime")
            if status == "available":
                seats, prices = info["available_seats"], info["prices"]
                if set(seats) != set(CABINS) or set(prices) != set(CABINS):
                    errs.append(f"{where} {day}: seats/prices must cover {CABINS}")
                elif any(not isinstance(seats[c], int) or seats[c] < 0 for c in CABINS):
                    errs.append(f"{where} {day}: negative or non-integer seats {seats}")
                elif any(not _is_money(prices[c]) or prices[c] <= 0 for c in CABINS):
                    errs.append(f"{where} {day}: non-positive price {prices}")
    return errs


def _check_reservations(domain: str, db: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    users, flights = db["users"], db["flights"]
    for rid, r in db["reservations"].items():
        where = f"reservations {rid}"
        if r.get("reservation_id") != rid:
            errs.append(f"{where}: reservation_id {r.get('reservation_id')!r} differs from its key")
        user = users.get(r.get("user_id"))
        if user is None:
            errs.append(f"{where}: unknown user {r.get('user_id')!r}")
            user = {"payment_methods": {}, "reservations": [rid]}
        elif rid not in user.get("reservations", []):
            errs.append(f"{where}: not listed in user {r['user_id']}'s reservations")
        if r.get("cabin") not in CABINS:
            errs.append(f"{where}: cabin {r.get('cabin')!r}")
        if r.get("insurance") not in ("yes", "no"):
            errs.append(f"{where}: insurance {r.get('insurance')!r}")
        if r.get("flight_type") not in ("one_way", "round_trip"):
            errs.append(f"{where}: flight_type {r.get('flight_type')!r}")
        if "status" in r and r["status"] != "cancelled":
            errs.append(f"{where}: status {r['status']!r} (only 'cancelled' is recorded)")
        legs = r.get("flights", [])
        passengers = r.get("passengers", [])
        if not legs:
            errs.append(f"{where}: no flights")
        if not passengers or any(not (p.get("first_name") and p.get("last_name") and _is_date(p.get("dob")))
                                 for p in passengers):
            errs.append(f"{where}: passengers need names and a dob")
        errs += _check_legs(where, r, legs, flights)
        total, nonfree = r.get("total_baggages"), r.get("nonfree_baggages")
        if not (isinstance(total, int) and isinstance(nonfree, int) and 0 <= nonfree <= total):
            errs.append(f"{where}: baggages total={total!r} nonfree={nonfree!r}")
            nonfree = 0
        if not _is_datetime(r.get("created_at")):
            errs.append(f"{where}: created_at {r.get('created_at')!r} is not a datetime")
        elif legs and r["created_at"][:10] > min(str(leg.get("date")) for leg in legs):
            errs.append(f"{where}: created after its first flight")
        history = r.get("payment_history", [])
        for p in history:
            pid = p.get("payment_id", "")
            if pid not in user["payment_methods"] and not str(pid).startswith("certificate_"):
                errs.append(f"{where}: payment {pid!r} is not one of the user's methods")
            if not _is_money(p.get("amount")):
                errs.append(f"{where}: payment amount {p.get('amount')!r}")
        paid = sum(p.get("amount", 0) for p in history if _is_money(p.get("amount")))
        n = len(passengers)
        due = sum(leg.get("price", 0) for leg in legs) * n
        due += 30 * n if r.get("insurance") == "yes" else 0
        due += 50 * nonfree
        expected = 0 if r.get("status") == "cancelled" else due
        if abs(paid - expected) > CENT:
            errs.append(f"{where}: payments sum {paid} but {expected} is due")
    return errs


def _check_legs(where: str, r: dict[str, Any], legs: list[dict[str, Any]],
                flights: dict[str, Any]) -> list[str]:
    errs: list[str] = []
    for leg in legs:
        f = flights.get(leg.get("flight_number"))
        if f is None:
            errs.append(f"{where}: unknown flight {leg.get('flight_number')!r}")
            continue
        if (leg.get("origin"), leg.get("destination")) != (f["origin"], f["destination"]):
            errs.append(f"{where}: leg {leg.get('flight_number')} route differs from the flight's")
        if leg.get("date") not in f.get("dates", {}):
            errs.append(f"{where}: flight {f['flight_number']} does not fly on {leg.get('date')!r}")
        if not _is_money(leg.get("price")) or leg["price"] <= 0:
            errs.append(f"{where}: leg {leg.get('flight_number')} price {leg.get('price')!r}")
    if not legs:
        return errs
    for a, b in zip(legs, legs[1:], strict=False):
        if a.get("destination") != b.get("origin"):
            errs.append(f"{where}: legs do not connect ({a.get('destination')} -> {b.get('origin')})")
        if str(b.get("date")) < str(a.get("date")):
            errs.append(f"{where}: legs out of date order")
    if legs[0].get("origin") != r.get("origin"):
        errs.append(f"{where}: first leg leaves {legs[0].get('origin')} not {r.get('origin')}")
    if r.get("flight_type") == "round_trip" and legs[-1].get("destination") != r.get("origin"):
        errs.append(f"{where}: round trip ends at {legs[-1].get('destination')}, not back home")
    return errs


LINE_STATUSES = frozenset({"Active", "Suspended", "Pending Activation", "Closed"})
BILL_STATUSES = frozenset({"Draft", "Issued", "Paid", "Overdue", "Awaiting Payment", "Disputed"})


def _check_telecom(domain: str, db: dict[str, Any]) -> list[str]:
    """Telecom (tau2 layout, keyed by id): ownership, references, bill arithmetic, statuses."""
    errs: list[str] = []
    id_fields = {"customers": "customer_id", "lines": "line_id", "devices": "device_id",
                 "plans": "plan_id", "bills": "bill_id"}
    for kind, field in id_fields.items():
        for rid, rec in db[kind].items():
            if rec.get(field) != rid:
                errs.append(f"{kind} {rid}: {field} {rec.get(field)!r} differs from its key")
    owner: dict[str, str] = {}
    for cid, c in db["customers"].items():
        for lid in c.get("line_ids", []):
            if lid not in db["lines"]:
                errs.append(f"customers {cid}: lists unknown line {lid}")
            elif lid in owner:
                errs.append(f"customers {cid}: line {lid} also belongs to {owner[lid]}")
            owner[lid] = cid
        awaiting = 0
        for bid in c.get("bill_ids", []):
            bill = db["bills"].get(bid)
            if bill is None:
                errs.append(f"customers {cid}: lists unknown bill {bid}")
            elif bill.get("customer_id") != cid:
                errs.append(f"customers {cid}: lists bill {bid} of {bill.get('customer_id')}")
            else:
                awaiting += bill.get("status") == "Awaiting Payment"
        if awaiting > 1:
            errs.append(f"customers {cid}: {awaiting} bills await payment (at most one may)")
    phones: dict[str, str] = {}
    for lid, line in db["lines"].items():
        where = f"lines {lid}"
        if lid not in owner:
            errs.append(f"{where}: no customer owns it")
        if line.get("plan_id") not in db["plans"]:
            errs.append(f"{where}: unknown plan {line.get('plan_id')!r}")
        if line.get("device_id") not in db["devices"]:
            errs.append(f"{where}: unknown device {line.get('device_id')!r}")
        if line.get("status") not in LINE_STATUSES:
            errs.append(f"{where}: unknown status {line.get('status')!r}")
        if line.get("status") == "Suspended" and not line.get("suspension_start_date"):
            errs.append(f"{where}: suspended without a suspension_start_date")
        for f in ("data_used_gb", "data_refueling_gb"):
            if not _is_money(line.get(f)) or line[f] < 0:
                errs.append(f"{where}: {f} {line.get(f)!r} is not a non-negative number")
        number = "".join(ch for ch in str(line.get("phone_number")) if ch.isdigit())
        if number in phones:
            errs.append(f"{where}: phone number also used by {phones[number]}")
        phones[number] = lid
    for pid, plan in db["plans"].items():
        for f in ("data_limit_gb", "price_per_month", "data_refueling_price_per_gb"):
            if not _is_money(plan.get(f)) or plan[f] < 0:
                errs.append(f"plans {pid}: {f} {plan.get(f)!r} is not a non-negative number")
    for bid, bill in db["bills"].items():
        where = f"bills {bid}"
        if bill.get("customer_id") not in db["customers"]:
            errs.append(f"{where}: unknown customer {bill.get('customer_id')!r}")
        elif bid not in db["customers"][bill["customer_id"]].get("bill_ids", []):
            errs.append(f"{where}: not listed in customer {bill['customer_id']}'s bills")
        if bill.get("status") not in BILL_STATUSES:
            errs.append(f"{where}: unknown status {bill.get('status')!r}")
        total = sum(i.get("amount", 0) for i in bill.get("line_items", []))
        if not _is_money(bill.get("total_due")) or abs(total - bill["total_due"]) > CENT:
            errs.append(f"{where}: total_due {bill.get('total_due')!r} != line items {total:.2f}")
        if str(bill.get("period_end")) < str(bill.get("period_start")):
            errs.append(f"{where}: period ends before it starts")
    return errs
