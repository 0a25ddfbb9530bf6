"""Seeded telecom database (tau2's telecom layout, keyed by id) plus a default phone.

Plans, customers with one to four lines, a device per line and monthly bills.
The clock is tau2's (2025-02-25): January's bills are paid, February's are
issued (a few overdue, with the line suspended), March's draft is empty. Bill
totals are the sums of their line items.
"""

from __future__ import annotations

import random
from typing import Any

from trajectory2gym.envs.dbgen.common import UniqueIds, birth_date, user_count
from trajectory2gym.envs.dbgen.vocab import CITIES, FIRST_NAMES, LAST_NAMES, STREETS

# (name, data limit GB, monthly price, refuel price per GB): made-up plans.
PLANS: tuple[tuple[str, float, float, float], ...] = (
    ("Starter", 3.0, 30.0, 6.0), ("Everyday", 10.0, 50.0, 3.0), ("Plus", 20.0, 70.0, 2.0),
    ("Unlimited Max", 999.0, 90.0, 0.1), ("Household", 30.0, 110.0, 2.5), ("Connect Watch", 1.0, 12.0, 8.0),
)
DEVICES: tuple[tuple[str, str, bool], ...] = (
    ("phone", "Nimbus 8", True), ("phone", "Nimbus 8 Mini", True), ("phone", "Aster Pro", True),
    ("phone", "Aster Lite", False), ("phone", "Kestrel One", True), ("tablet", "Slate 11", True),
    ("tablet", "Slate Go", False), ("watch", "Pulse Band", True),
)
PAYMENT_TYPES = ("Credit Card", "Debit Card", "Bank Account")


def _line(rng: random.Random, line_id: str, phone: str, plan: dict[str, Any], device_id: str) -> dict[str, Any]:
    limit = plan["data_limit_gb"]
    used = round(rng.uniform(0, min(limit, 40.0) * 1.1), 1)
    line: dict[str, Any] = {
        "line_id": line_id, "phone_number": phone, "status": "Active", "plan_id": plan["plan_id"],
        "device_id": device_id, "data_used_gb": used, "data_refueling_gb": 0.0,
        "roaming_enabled": rng.random() < 0.4,
        "contract_end_date": f"{rng.randint(2025, 2027)}-{rng.randint(1, 12):02d}-28",
        "last_plan_change_date": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
    }
    if rng.random() < 0.2:
        line["last_sim_replacement_date"] = f"2025-01-{rng.randint(1, 28):02d}"
    if rng.random() < 0.08:
        line["status"] = "Suspended"
        line["data_used_gb"] = 0.0
        line["suspension_start_date"] = f"2025-02-{rng.randint(1, 24):02d}"
    return line


def _bill(bill_id: str, customer_id: str, month: int, status: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"bill_id": bill_id, "customer_id": customer_id, "period_start": f"2025-{month:02d}-01",
            "period_end": f"2025-{month:02d}-{28 if month == 2 else 31}", "issue_date": f"2025-{month:02d}-05",
            "total_due": round(sum(i["amount"] for i in items), 2), "due_date": f"2025-{month:02d}-19",
            "status": status, "line_items": items}


def generate_telecom(rng: random.Random, size: str | int) -> dict[str, Any]:
    from trajectory2gym.envs.telecom.data import phone_records

    n_customers = user_count(size)
    ids = UniqueIds(rng)
    plans = {f"P{1001 + i}": {"plan_id": f"P{1001 + i}", "name": name, "data_limit_gb": limit,
                              "price_per_month": price, "data_refueling_price_per_gb": refuel}
             for i, (name, limit, price, refuel) in enumerate(PLANS)}
    customers: dict[str, Any] = {}
    lines: dict[str, Any] = {}
    devices: dict[str, Any] = {}
    bills: dict[str, Any] = {}
    for c in range(n_customers):
        cid = f"C{1001 + c}"
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        city, state, zip_prefix = rng.choice(CITIES)
        customer: dict[str, Any] = {
            "customer_id": cid, "full_name": f"{first} {last}", "date_of_birth": birth_date(rng),
            "email": f"{first.lower()}.{last.lower()}{rng.randint(10, 99)}@example.com",
            "phone_number": ids.digits(4, prefix=f"555-{rng.randint(200, 899)}-"), "account_status": "Active",
            "created_at": f"202{rng.randint(2, 4)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T10:00:00",
            "goodwill_credit_used_this_year": rng.choice((0.0, 0.0, 10.0, 25.0)),
            "line_ids": [], "bill_ids": [],
            "payment_methods": [{"method_type": rng.choice(PAYMENT_TYPES),
                                 "account_number_last_4": f"{rng.randint(0, 9999):04d}",
                                 "expiration_date": f"{rng.randint(1, 12):02d}/{rng.randint(2025, 2029)}"}],
            "address": {"street": f"{rng.randint(1, 999)} {rng.choice(STREETS)}", "city": city,
                        "state": state, "zip_code": f"{zip_prefix}{rng.randint(0, 99):02d}"},
        }
        charges: list[dict[str, Any]] = []
        for _ in range(rng.choices((1, 2, 3, 4), weights=(5, 3, 2, 1))[0]):
            line_id, device_id = f"L{1001 + len(lines)}", f"D{1001 + len(devices)}"
            dtype, model, esim = rng.choice(DEVICES)
            devices[device_id] = {"device_id": device_id, "device_type": dtype, "model": model,
                                  "imei": ids.digits(15), "is_esim_capable": esim, "activated": True,
                                  "activation_date": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T12:00:00"}
            plan = plans[rng.choice(list(plans))]
            lines[line_id] = _line(rng, line_id, ids.digits(4, prefix=f"555-{rng.randint(200, 899)}-"),
                                   plan, device_id)
            customer["line_ids"].append(line_id)
            charges.append({"description": f"{plan['name']} - Line {lines[line_id]['phone_number']}",
                            "amount": plan["price_per_month"], "item_type": "Plan Charge"})
        overdue = rng.random() < 0.06
        for month, status in ((1, "Paid"), (2, "Overdue" if overdue else rng.choice(("Issued", "Paid"))),
                              (3, "Draft")):
            bill_id = f"B{1001 + len(bills)}"
            items = [] if month == 3 else [{**ch, "date": f"2025-{month:02d}-05"} for ch in charges]
            bills[bill_id] = _bill(bill_id, cid, month, status, items)
            customer["bill_ids"].append(bill_id)
        if overdue:  # an unpaid bill suspends the first line
            first_line = lines[customer["line_ids"][0]]
            first_line.update(status="Suspended", data_used_gb=0.0, suspension_start_date="2025-02-20")
        customers[cid] = customer
    return {"customers": customers, "lines": lines, "devices": devices, "plans": plans, "bills": bills,
            "phone": phone_records()}
