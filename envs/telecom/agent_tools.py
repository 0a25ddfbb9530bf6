"""The agent's telecom toolkit: customer lookup, details, bills, usage, line and roaming changes.

Names, arguments and behaviour follow tau2's telecom agent tools. Failures are
``ToolError`` (observation ``Error: ...``); successful calls return JSON.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from trajectory2gym.envs.common_tools import shared
from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.telecom.sides import declare
from trajectory2gym.envs.telecom.sync import awaiting_bills, customer_by_phone
from trajectory2gym.envs.tooling import Param, ToolError, Toolkit, number, string

# tau2's fixed clock for the telecom domain.
TODAY = date(2025, 2, 25)

toolkit = Toolkit()
CUSTOMER_ID = string("The customer's id, such as 'C1001'.", "identifier")
LINE_ID = string("The line's id, such as 'L1001'.", "identifier")
KIND_BY_PREFIX = {"C": ("customers", "Customer"), "L": ("lines", "Line"), "D": ("devices", "Device"),
                  "B": ("bills", "Bill"), "P": ("plans", "Plan")}


def _dump(value: Any) -> str:
    return json.dumps(value)


def _customer(ctx: Context, customer_id: str) -> dict[str, Any]:
    customer = ctx.state.get("customers", customer_id)
    if customer is None:
        raise ToolError(f"Customer with ID {customer_id} not found")
    return customer


def _target_line(ctx: Context, customer_id: str, line_id: str) -> dict[str, Any]:
    customer = _customer(ctx, customer_id)
    if line_id not in customer["line_ids"] or ctx.state.get("lines", line_id) is None:
        raise ToolError(f"Line {line_id} not found for customer {customer_id}")
    return ctx.state.get("lines", line_id)


def _plan(ctx: Context, plan_id: str) -> dict[str, Any]:
    plan = ctx.state.get("plans", plan_id)
    if plan is None:
        raise ToolError(f"Plan with ID {plan_id} not found")
    return plan


@declare(toolkit, "agent", "Find the customer who owns a phone number (their contact number or one of "
         "their lines).", access="read", object_class="identity", records=("customers", "lines"),
         params={"phone_number": string("The phone number, such as '555-123-2002'.", "contact")})
def get_customer_by_phone(ctx: Context, phone_number: str) -> str:
    found = customer_by_phone(ctx.state, phone_number)
    if found is None:
        raise ToolError(f"Customer with phone number {phone_number} not found")
    return _dump(found[1])


@declare(toolkit, "agent", "Get a customer by their customer id.", access="read", object_class="identity",
         records=("customers",),
         params={"customer_id": CUSTOMER_ID})
def get_customer_by_id(ctx: Context, customer_id: str) -> str:
    return _dump(_customer(ctx, customer_id))


@declare(toolkit, "agent", "Search customers by full name and date of birth; returns a list (empty when "
         "nobody matches).", access="read", object_class="identity", records=("customers",),
         params={"full_name": string("The customer's full name, such as 'John Smith'.", "name"),
                 "dob": string("Date of birth, YYYY-MM-DD.", "temporal")})
def get_customer_by_name(ctx: Context, full_name: str, dob: str) -> str:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", dob):
        raise ToolError(f"date of birth must be given as YYYY-MM-DD, got {dob!r}")
    wanted = full_name.strip().casefold()
    return _dump([c for c in ctx.state.values("customers")
                  if c["full_name"].casefold() == wanted and c["date_of_birth"] == dob])


@declare(toolkit, "agent", "Get the record behind an id: a customer (C...), line (L...), device (D...), "
         "bill (B...) or plan (P...).", access="read", object_class="identity",
         records=("customers", "lines", "devices", "plans", "bills"),
         params={"id": string("The id, such as 'L1002' or 'B1001'.", "identifier")})
def get_details_by_id(ctx: Context, id: str) -> str:
    kind_name = KIND_BY_PREFIX.get(id[:1])
    if kind_name is None:
        raise ToolError(f"Unknown ID format or type: {id}")
    record = ctx.state.get(kind_name[0], id)
    if record is None:
        raise ToolError(f"{kind_name[1]} with ID {id} not found")
    return _dump(record)


@declare(toolkit, "agent", "Suspend an active line (at most six months; a holding fee applies).",
         access="write", object_class="connectivity", records=("lines", "phone"),
         params={"customer_id": CUSTOMER_ID, "line_id": LINE_ID,
                 "reason": string("Why the line is suspended.", "free_text")})
def suspend_line(ctx: Context, customer_id: str, line_id: str, reason: str) -> str:
    if _target_line(ctx, customer_id, line_id)["status"] != "Active":
        raise ToolError("Line must be active to suspend")
    line = ctx.state.edit("lines", line_id)
    line["status"] = "Suspended"
    line["suspension_start_date"] = TODAY.isoformat()
    return _dump({"message": "Line suspended successfully. $5/month holding fee will apply.", "line": line})


@declare(toolkit, "agent", "Resume a suspended (or pending-activation) line.", access="write",
         object_class="connectivity", records=("lines", "phone"),
         params={"customer_id": CUSTOMER_ID, "line_id": LINE_ID})
def resume_line(ctx: Context, customer_id: str, line_id: str) -> str:
    if _target_line(ctx, customer_id, line_id)["status"] not in ("Suspended", "Pending Activation"):
        raise ToolError("Line must be suspended to resume")
    line = ctx.state.edit("lines", line_id)
    line["status"] = "Active"
    line["suspension_start_date"] = None
    return _dump({"message": "Line resumed successfully", "line": line})


@declare(toolkit, "agent", "List a customer's bills, newest first.", access="read", object_class="finance",
         records=("customers", "bills"),
         params={"customer_id": CUSTOMER_ID,
                 "limit": Param({"type": "integer", "description": "How many bills at most (default 12)."},
                                "count", required=False)})
def get_bills_for_customer(ctx: Context, customer_id: str, limit: int = 12) -> str:
    if limit < 1:
        raise ToolError(f"limit must be at least 1, got {limit}")
    customer = _customer(ctx, customer_id)
    bills = [b for b in (ctx.state.get("bills", bid) for bid in customer["bill_ids"]) if b is not None]
    bills.sort(key=lambda b: b["issue_date"], reverse=True)
    return _dump(bills[: int(limit)])


@declare(toolkit, "agent", "Send the customer a payment request for one of their bills (the customer then "
         "pays it on their phone). Only one bill may await payment at a time; check the bill's status "
         "first, this does not refuse a bill that is already paid.", access="write", object_class="finance",
         records=("bills", "phone"),
         params={"customer_id": CUSTOMER_ID, "bill_id": string("The bill's id, such as 'B1002'.", "identifier")})
def send_payment_request(ctx: Context, customer_id: str, bill_id: str) -> str:
    customer = _customer(ctx, customer_id)
    if awaiting_bills(ctx.state, customer):
        raise ToolError("A bill is already awaiting payment for this customer")
    if bill_id not in customer["bill_ids"] or ctx.state.get("bills", bill_id) is None:
        raise ToolError(f"Bill {bill_id} not found for customer {customer_id}")
    ctx.state.edit("bills", bill_id)["status"] = "Awaiting Payment"
    return f"Payment request sent to the customer for bill {bill_id}"


@declare(toolkit, "agent", "Data used in the current billing cycle on a line, with the plan's limit, the "
         "refueled data and the cycle's end date.", access="read", object_class="connectivity",
         records=("customers", "lines", "plans"),
         params={"customer_id": CUSTOMER_ID, "line_id": LINE_ID})
def get_data_usage(ctx: Context, customer_id: str, line_id: str) -> str:
    line = _target_line(ctx, customer_id, line_id)
    plan = _plan(ctx, line["plan_id"])
    return _dump({"line_id": line_id, "data_used_gb": line["data_used_gb"],
                  "data_limit_gb": plan["data_limit_gb"], "data_refueling_gb": line["data_refueling_gb"],
                  "cycle_end_date": "2025-02-28"})


def _set_roaming(ctx: Context, customer_id: str, line_id: str, on: bool) -> str:
    line = _target_line(ctx, customer_id, line_id)
    word = "enabled" if on else "disabled"
    if line["roaming_enabled"] == on:
        return f"Roaming was already {word}"
    ctx.state.edit("lines", line_id)["roaming_enabled"] = on
    return f"Roaming {word} successfully"


@declare(toolkit, "agent", "Enable international roaming on a line.", access="write",
         object_class="connectivity", records=("lines", "phone"),
         params={"customer_id": CUSTOMER_ID, "line_id": LINE_ID})
def enable_roaming(ctx: Context, customer_id: str, line_id: str) -> str:
    return _set_roaming(ctx, customer_id, line_id, True)


@declare(toolkit, "agent", "Disable international roaming on a line.", access="write",
         object_class="connectivity", records=("lines", "phone"),
         params={"customer_id": CUSTOMER_ID, "line_id": LINE_ID})
def disable_roaming(ctx: Context, customer_id: str, line_id: str) -> str:
    return _set_roaming(ctx, customer_id, line_id, False)


def _draft_bill(ctx: Context, customer_id: str) -> str:
    """The customer's draft bill, created for next month when there is none.

    tau2 names a new draft bill with a random uuid; ours is the next free number (deterministic).
    """
    customer = _customer(ctx, customer_id)
    for bill_id in customer["bill_ids"]:
        bill = ctx.state.get("bills", bill_id)
        if bill is not None and bill["status"] == "Draft":
            return bill_id
    numbers = [int(b[1:]) for b, _ in ctx.state.items("bills") if b[1:].isdigit()]
    new_id = f"B{max(numbers, default=1000) + 1}"
    ctx.state.put("bills", new_id, {
        "bill_id": new_id, "customer_id": customer_id, "period_start": "2025-03-01",
        "period_end": "2025-03-31", "issue_date": "2025-03-01", "total_due": 0.0,
        "due_date": "2025-03-15", "status": "Draft", "line_items": []})
    ctx.state.edit("customers", customer_id)["bill_ids"].append(new_id)
    return new_id


def add_charge(ctx: Context, customer_id: str, amount: float, description: str) -> None:
    bill = ctx.state.edit("bills", _draft_bill(ctx, customer_id))
    bill["line_items"].append({"description": description, "amount": amount, "date": TODAY.isoformat(),
                               "item_type": "Credit" if amount < 0 else "Charge"})
    bill["total_due"] += amount


@declare(toolkit, "agent", "Add data to a line for this cycle; the plan's per-GB refuel price is charged "
         "on the customer's next bill.", access="write", object_class="connectivity",
         records=("lines", "bills", "customers", "phone"),
         params={"customer_id": CUSTOMER_ID, "line_id": LINE_ID,
                 "gb_amount": number("Gigabytes to add, such as 2.0.", "amount")})
def refuel_data(ctx: Context, customer_id: str, line_id: str, gb_amount: float) -> str:
    line = _target_line(ctx, customer_id, line_id)
    if gb_amount <= 0:
        raise ToolError("Refuel amount must be positive")
    plan = _plan(ctx, line["plan_id"])
    price = plan["data_refueling_price_per_gb"]
    charge = gb_amount * price
    edited = ctx.state.edit("lines", line_id)
    edited["data_refueling_gb"] += gb_amount
    add_charge(ctx, customer_id, charge, f"Data refueling: {gb_amount} GB at ${price}/GB")
    return _dump({"message": f"Successfully added {gb_amount} GB of data for line {line_id} for ${charge:.2f}",
                  "new_data_refueling_gb": edited["data_refueling_gb"], "charge": charge})


toolkit.add(shared.tools["transfer_to_human_agents"])


