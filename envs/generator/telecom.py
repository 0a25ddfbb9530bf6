"""Telecom task templates (dual control): three families, two templates each.

The customer's phone is part of the task: each template sets the phone up in
the initial-state overlay (whose line it is, abroad or not, airplane mode, ...)
and its plan has ``instruct`` steps whose ``user_actions`` the customer runs on
the device when asked (speed test, airplane mode, payment, restart). The
overlay is made consistent with the account (``sync``) before the task is
validated, so reads never change the state.

- information: the line id must be read from the customer's lines before its
  data usage can be checked; a refuel whose price is read from the plan.
- recovery: the customer first gives an old phone number (an authentic lookup
  error), then the speed test shows no data until the agent enables roaming or
  the customer turns airplane mode off.
- state: an overdue bill is paid (request, payment on the phone, bills read
  again) before a suspended line is resumed; a line is resumed only after its
  bills were checked.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from trajectory2gym.envs.generator.common import Draft, Skip, pick
from trajectory2gym.envs.generator.plan import (
    Step,
    ask,
    call,
    confirm,
    instruct,
    report,
    user_action,
)
from trajectory2gym.envs.state import State
from trajectory2gym.envs.telecom import phone
from trajectory2gym.envs.telecom.sync import sync

Template = Callable[[dict[str, Any], random.Random], Draft]

ASK_PHONE = "I can help with that. First, what is the phone number of the line you are calling about?"
RETRY_PHONE = ("I could not find an account with that phone number. Could you double-check your phone "
               "number?")


def _lines_of(db: dict[str, Any], customer: dict[str, Any]) -> list[dict[str, Any]]:
    return [db["lines"][lid] for lid in customer["line_ids"] if lid in db["lines"]]


def _pick_line(db: dict[str, Any], rng: random.Random, ok: Callable[[dict[str, Any], dict[str, Any]], bool],
               *, min_lines: int = 1) -> tuple[dict[str, Any], dict[str, Any]]:
    """A (customer, line) pair where ``ok(customer, line)``; the customer has ``min_lines`` lines."""
    _, customer = pick(rng, db["customers"])
    lines = _lines_of(db, customer)
    if len(lines) < min_lines:
        raise Skip(f"customer has fewer than {min_lines} lines")
    good = [ln for ln in lines if ok(customer, ln)]
    if not good:
        raise Skip("no line fits")
    line = rng.choice(good)
    if line["plan_id"] not in db["plans"]:
        raise Skip("line with an unknown plan")
    if sum(ln["phone_number"] == line["phone_number"] for ln in db["lines"].values()) > 1:
        raise Skip("phone number shared by several lines")
    return customer, line


def _find_line(customer: dict[str, Any], line: dict[str, Any]) -> list[Step]:
    """Read the customer's lines in order until the one with the customer's number (its id is
    only known from the customer record, its number only from its own record)."""
    steps: list[Step] = []
    for lid in customer["line_ids"]:
        steps.append(call("get_details_by_id", {"id": lid}))
        if lid == line["line_id"]:
            break
    return steps


def _phone_overlay(db: dict[str, Any], customer: dict[str, Any], line: dict[str, Any],
                   overlay: dict[str, dict[str, Any]], *, device: dict[str, Any] | None = None,
                   surroundings: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The customer's phone on ``line`` (with changes), made consistent with the account."""
    dev = copy.deepcopy(db["phone"]["device"])
    dev.update(device or {})
    sur = copy.deepcopy(db["phone"]["surroundings"])
    sur.update({"name": customer["full_name"], "phone_number": line["phone_number"],
                "payment_request": None}, **(surroundings or {}))
    state = State(db, {**overlay, "phone": {"device": dev, "surroundings": sur}})
    sync(state)
    phone.network_search(state.edit("phone", "device"), state.get("phone", "surroundings"))
    return {kind: dict(records) for kind, records in state.changed_records().items()}


def _facts(customer: dict[str, Any], line: dict[str, Any]) -> dict[str, Any]:
    return {"phone_number": line["phone_number"], "name": customer["full_name"]}


def _draft(request: str, customer: dict[str, Any], facts: dict[str, Any], plan: list[Step],
           overlay: dict[str, dict[str, Any]], obstacles: list[dict[str, Any]] | None = None) -> Draft:
    return Draft(request=request, user_id=customer["customer_id"], facts=facts, plan=plan,
                 disclosed_upfront=[], obstacles=obstacles or [], initial_overlay=overlay)


def _resume(cid: str, lid: str) -> list[Step]:
    """Resume a suspended line once the bills show nothing is owed, then have the phone reconnect."""
    return [
        call("get_bills_for_customer", {"customer_id": cid}),
        confirm(f"resume line {lid}"),
        call("resume_line", {"customer_id": cid, "line_id": lid}, write=True),
        instruct("Your line is active again. Please restart your phone so it reconnects.",
                 user_action("reboot_device", write=True)),
    ]


def _lookup(line: dict[str, Any]) -> list[Step]:
    return [ask(ASK_PHONE), call("get_customer_by_phone", {"phone_number": line["phone_number"]})]


def _wrong_number(db: dict[str, Any], rng: random.Random) -> str:
    """A well-formed phone number nobody has (the customer's old number)."""
    taken = {ln["phone_number"] for ln in db["lines"].values()}
    taken |= {c.get("phone_number") for c in db["customers"].values()}
    for _ in range(50):
        number = f"555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
        if number not in taken:
            return number
    raise Skip("no free phone number")


def _lookup_with_old_number(db: dict[str, Any], rng: random.Random,
                            line: dict[str, Any]) -> tuple[list[Step], list[dict[str, Any]]]:
    wrong = _wrong_number(db, rng)
    steps = [ask(ASK_PHONE), call("get_customer_by_phone", {"phone_number": wrong}, expect="error"),
             ask(RETRY_PHONE), call("get_customer_by_phone", {"phone_number": line["phone_number"]})]
    return steps, [{"fact": "phone_number", "wrong_value": wrong}]


def _active(_: dict[str, Any], line: dict[str, Any]) -> bool:
    return line["status"] == "Active"


def _has_data(db: dict[str, Any]) -> Callable[[dict[str, Any], dict[str, Any]], bool]:
    """Active and under its data cap (so only the planned fault stops mobile data)."""
    def ok(_: dict[str, Any], line: dict[str, Any]) -> bool:
        plan = db["plans"].get(line["plan_id"])
        return (line["status"] == "Active" and plan is not None
                and line["data_used_gb"] < plan["data_limit_gb"] + line["data_refueling_gb"])
    return ok


WORKS = "Speed Test Result"  # what a speed test with working mobile data shows
FAILS = "Speed test failed"


# ---------------------------------------------------------------------------- information


def data_usage(db: dict[str, Any], rng: random.Random) -> Draft:
    """How much data has this line used? The line id comes from the customer's line list."""
    customer, line = _pick_line(db, rng, _active, min_lines=2)
    cid, lid = customer["customer_id"], line["line_id"]
    plan_rec = db["plans"][line["plan_id"]]
    plan = _lookup(line) + _find_line(customer, line) + [
        call("get_data_usage", {"customer_id": cid, "line_id": lid}),
        report(f"On line {lid} you have used {line['data_used_gb']} GB of the "
               f"{plan_rec['data_limit_gb']} GB in your plan this cycle."),
    ]
    request = "Hi, I'd like to know how much mobile data I have used this month on my line."
    return _draft(request, customer, _facts(customer, line), plan, _phone_overlay(db, customer, line, {}))


def refuel_out_of_data(db: dict[str, Any], rng: random.Random) -> Draft:
    """Out of data: usage, then the refuel price from the plan, confirm, refuel, speed test."""
    customer, line = _pick_line(db, rng, _active)
    cid, lid = customer["customer_id"], line["line_id"]
    plan_rec = db["plans"][line["plan_id"]]
    gb = float(rng.choice((1, 2, 3)))
    used = round(plan_rec["data_limit_gb"] + line["data_refueling_gb"] + 0.5, 1)
    edited = {**copy.deepcopy(line), "data_used_gb": used}
    overlay = _phone_overlay(db, customer, edited, {"lines": {lid: edited}})
    price = plan_rec["data_refueling_price_per_gb"]
    plan = _lookup(line) + _find_line(customer, line) + [
        call("get_data_usage", {"customer_id": cid, "line_id": lid}),
        call("get_details_by_id", {"id": line["plan_id"]}),
        confirm(f"add {gb} GB of data to line {lid} at the plan's refuel price of {price} USD per GB, "
                "charged on your next bill"),
        call("refuel_data", {"customer_id": cid, "line_id": lid, "gb_amount": gb}, write=True),
        instruct("The data has been added. Please run a speed test on your phone and tell me the result.",
                 user_action("run_speed_test", shows=WORKS)),
        report(f"Line {lid} has {gb} GB of extra data for this cycle."),
    ]
    request = (f"Hi, my phone says I'm out of mobile data. Please add {gb} GB of data to my line; "
               "I'd like to know the price.")
    return _draft(request, customer, _facts(customer, line), plan, overlay)


# ---------------------------------------------------------------------------- recovery


def roaming_no_data(db: dict[str, Any], rng: random.Random) -> Draft:
    """Abroad without data: the speed test fails until the agent enables roaming on the line."""
    has_data = _has_data(db)
    customer, line = _pick_line(db, rng, lambda c, ln: has_data(c, ln) and not ln["roaming_enabled"])
    cid, lid = customer["customer_id"], line["line_id"]
    facts = _facts(customer, line)
    lookup, obstacles = _lookup_with_old_number(db, rng, line)
    overlay = _phone_overlay(db, customer, line, {}, device={"roaming_enabled": True},
                             surroundings={"is_abroad": True})
    plan = lookup + [
        instruct("Please run a speed test on your phone and tell me the result.",
                 user_action("run_speed_test", shows=FAILS)),
    ] + _find_line(customer, line) + [
        confirm(f"enable international roaming on line {lid}"),
        call("enable_roaming", {"customer_id": cid, "line_id": lid}, write=True),
        instruct("Roaming is now enabled on your line. Please run a speed test on your phone again.",
                 user_action("run_speed_test", shows=WORKS)),
        report(f"Your mobile data works abroad now that roaming is enabled on line {lid}."),
    ]
    request = "Hi, I'm travelling abroad and my mobile data does not work at all."
    return _draft(request, customer, facts, plan, overlay, obstacles)


def airplane_mode_no_data(db: dict[str, Any], rng: random.Random) -> Draft:
    """No data at home: the speed test fails; the network status shows airplane mode; turning it
    off (on the phone) fixes it."""
    customer, line = _pick_line(db, rng, _has_data(db))
    facts = _facts(customer, line)
    lookup, obstacles = _lookup_with_old_number(db, rng, line)
    overlay = _phone_overlay(db, customer, line, {}, device={"airplane_mode": True})
    plan = lookup + _find_line(customer, line) + [
        instruct("Your line is active. Please run a speed test on your phone and tell me the result.",
                 user_action("run_speed_test", shows=FAILS)),
        instruct("Please check the network status on your phone and tell me what it shows.",
                 user_action("check_network_status", shows="Airplane Mode: ON")),
        instruct("Airplane mode is on. Please turn airplane mode off and then run a speed test again.",
                 user_action("toggle_airplane_mode", write=True), user_action("run_speed_test", shows=WORKS)),
        report("Your mobile data works again now that airplane mode is off."),
    ]
    request = "Hi, my phone has no mobile data and I don't know why."
    return _draft(request, customer, facts, plan, overlay, obstacles)


# ---------------------------------------------------------------------------- state


def _bills(db: dict[str, Any], customer: dict[str, Any]) -> list[dict[str, Any]]:
    return [db["bills"][b] for b in customer["bill_ids"] if b in db["bills"]]


def _suspended(line: dict[str, Any]) -> dict[str, Any]:
    return {**copy.deepcopy(line), "status": "Suspended", "suspension_start_date": "2025-02-01"}


def pay_then_resume(db: dict[str, Any], rng: random.Random) -> Draft:
    """A suspended line with an overdue bill: the bill is paid on the phone before the resume."""
    customer, line = _pick_line(db, rng, lambda c, ln: ln["status"] in ("Active", "Suspended"))
    cid, lid = customer["customer_id"], line["line_id"]
    bills = _bills(db, customer)
    if any(b["status"] == "Awaiting Payment" for b in bills):
        raise Skip("a bill already awaits payment")
    candidates = [b for b in bills if b["status"] in ("Issued", "Overdue") and b["total_due"] > 0]
    if not candidates:
        raise Skip("no unpaid bill to make overdue")
    bill = {**copy.deepcopy(rng.choice(candidates)), "status": "Overdue"}
    others = {b["bill_id"]: {**copy.deepcopy(b), "status": "Paid"} for b in bills
              if b["status"] == "Overdue" and b["bill_id"] != bill["bill_id"]}
    suspended = _suspended(line)
    overlay = _phone_overlay(db, customer, suspended, {
        "lines": {lid: suspended}, "bills": {bill["bill_id"]: bill, **others}})
    bid = bill["bill_id"]
    plan = _lookup(line) + _find_line(customer, line) + [
        call("get_bills_for_customer", {"customer_id": cid}),
        confirm(f"send you a request to pay the overdue bill {bid} of ${bill['total_due']:.2f}, "
                f"which must be settled before line {lid} can be resumed"),
        call("send_payment_request", {"customer_id": cid, "bill_id": bid}, write=True),
        instruct("I have sent the request to your phone. Please make the payment on your phone.",
                 user_action("make_payment", write=True, shows=bid)),
        *_resume(cid, lid),
        report(f"Bill {bid} is paid and line {lid} is active again."),
    ]
    request = "Hi, my line was suspended and I'd like to get it working again."
    return _draft(request, customer, _facts(customer, line), plan, overlay)


def resume_after_bill_check(db: dict[str, Any], rng: random.Random) -> Draft:
    """A suspended line without overdue bills: the bills are checked before the resume."""
    customer, line = _pick_line(db, rng, lambda c, ln: ln["status"] in ("Active", "Suspended"))
    cid, lid = customer["customer_id"], line["line_id"]
    bills = _bills(db, customer)
    if any(b["status"] in ("Overdue", "Awaiting Payment") for b in bills):
        raise Skip("the customer has unpaid bills")
    suspended = _suspended(line)
    overlay = _phone_overlay(db, customer, suspended, {"lines": {lid: suspended}})
    plan = _lookup(line) + _find_line(customer, line) + [
        *_resume(cid, lid),
        report(f"Line {lid} is active again."),
    ]
    request = "Hi, I suspended my line a while ago and I'd like to resume it now."
    return _draft(request, customer, _facts(customer, line), plan, overlay)


TEMPLATES: dict[str, dict[str, Template]] = {
    "information": {"data_usage": data_usage, "refuel_out_of_data": refuel_out_of_data},
    "recovery": {"roaming_no_data": roaming_no_data, "airplane_mode_no_data": airplane_mode_no_data},
    "state": {"pay_then_resume": pay_then_resume, "resume_after_bill_check": resume_after_bill_check},
}
