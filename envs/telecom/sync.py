"""Keeping the account and the phone consistent (tau2's ``sync_tools``), run after every call.

From the line of the customer's phone number: the line's status decides
whether the phone may have service, its roaming flag whether roaming is
allowed, usage against plan limit plus refuels whether the data cap is hit. A
payment the customer made marks its bill paid; a bill awaiting payment becomes
a payment request on the phone.
"""

from __future__ import annotations

from typing import Any

from trajectory2gym.envs.state import State
from trajectory2gym.envs.tooling import ToolError

AWAITING = "Awaiting Payment"


def digits(phone_number: str) -> str:
    return "".join(ch for ch in str(phone_number) if ch.isdigit())


def line_by_phone(state: State, phone_number: str) -> tuple[str, dict[str, Any]] | None:
    wanted = digits(phone_number)
    for line_id, line in state.items("lines"):
        if wanted and digits(line["phone_number"]) == wanted:
            return line_id, line
    return None


def customer_by_phone(state: State, phone_number: str) -> tuple[str, dict[str, Any]] | None:
    wanted = digits(phone_number)
    if not wanted:
        return None
    for cid, customer in state.items("customers"):
        if digits(customer["phone_number"]) == wanted:
            return cid, customer
        for line_id in customer["line_ids"]:
            line = state.get("lines", line_id)
            if line is not None and digits(line["phone_number"]) == wanted:
                return cid, customer
    return None


def awaiting_bills(state: State, customer: dict[str, Any]) -> list[dict[str, Any]]:
    bills = (state.get("bills", b) for b in customer["bill_ids"])
    return [b for b in bills if b is not None and b["status"] == AWAITING]


def _set(state: State, field: str, value: Any) -> None:
    """Write a surroundings field only when it changes (no spurious changed records)."""
    if state.get("phone", "surroundings")[field] != value:
        state.edit("phone", "surroundings")[field] = value


def sync(state: State) -> None:
    surroundings = state.get("phone", "surroundings")
    if surroundings is None or surroundings.get("phone_number") is None:
        return
    phone = surroundings["phone_number"]
    found = line_by_phone(state, phone)
    if found is None:
        raise ToolError(f"no line has the customer's phone number {phone}")
    _, line = found
    plan = state.get("plans", line["plan_id"])
    if plan is None:
        raise ToolError(f"line {line['line_id']} has an unknown plan {line['plan_id']}")
    _set(state, "line_active", line["status"] == "Active")
    _set(state, "roaming_allowed", bool(line["roaming_enabled"]))
    _set(state, "mobile_data_usage_exceeded",
         line["data_used_gb"] >= plan["data_limit_gb"] + line["data_refueling_gb"])
    request = state.get("phone", "surroundings")["payment_request"]
    if request is not None and request.get("paid"):
        if state.get("bills", request["bill_id"]) is not None:
            state.edit("bills", request["bill_id"])["status"] = "Paid"
        _set(state, "payment_request", None)
        request = None
    if request is None:
        owner = customer_by_phone(state, phone)
        pending = awaiting_bills(state, owner[1]) if owner else []
        if pending:
            _set(state, "payment_request",
                 {"bill_id": pending[0]["bill_id"], "amount_due": pending[0]["total_due"], "paid": False})
