"""Airline task templates: three families, several templates each (see retail.py for the shape)."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from typing import Any

from trajectory2gym.envs.airline.tools import BOOKING_TIME
from trajectory2gym.envs.generator.common import Draft, Skip, pick
from trajectory2gym.envs.generator.plan import Step, ask, call, confirm, report

Template = Callable[[dict[str, Any], random.Random], Draft]

ASK_USER_ID = ask("I can help with that. First, could you tell me your user id?")


def _active(db: dict[str, Any], user: dict[str, Any], limit: int = 3) -> list[dict[str, Any]]:
    out = []
    for rid in user.get("reservations", [])[:limit]:
        res = db["reservations"].get(rid)
        if res is not None and res.get("status") != "cancelled":
            out.append(res)
    return out


def _reservation(db: dict[str, Any], rng: random.Random, pred: Callable[[dict[str, Any]], bool] | None = None
                 ) -> tuple[str, dict[str, Any], dict[str, Any]]:
    keys = sorted(k for k, r in db["reservations"].items()
                  if r.get("status") != "cancelled" and (pred is None or pred(r)))
    rid, res = pick(rng, db["reservations"], keys)
    user = db["users"].get(res["user_id"])
    if user is None:
        raise Skip("reservation without user")
    return rid, res, user


# The policy's "current time" is BOOKING_TIME; a booking made since this instant is within 24 hours.
_DAY_BEFORE = "2024-05-14T15:00:00"
# A reason the policy's insurance covers, said by a customer who relies on it.
_COVERED_REASON = " I've come down with an illness and can't travel."


def _cancel_grounds(res: dict[str, Any]) -> str | None:
    """Why the policy lets this reservation be cancelled, or None where it does not: no flight flown
    yet (a flight today may have left), and booked within 24 hours, a business cabin, or insurance
    (whose covered reason the request then gives)."""
    if any(f["date"] <= BOOKING_TIME[:10] for f in res["flights"]):
        return None
    if res.get("created_at", "") >= _DAY_BEFORE:
        return "recent"
    if res["cabin"] == "business":
        return "business"
    return "insurance" if res.get("insurance") == "yes" else None


def _cancel_reason(res: dict[str, Any]) -> str:
    """What the customer adds to a cancellation request so that the policy allows it."""
    return _COVERED_REASON if _cancel_grounds(res) == "insurance" else ""


def _card(user: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    cards = sorted((m for m in user["payment_methods"].values() if m["source"] == "credit_card"),
                   key=lambda m: m["id"])
    if not cards:
        raise Skip("no credit card")
    m = rng.choice(cards)
    return m["id"], f"my credit card ending in {m['last_four']}"


def _segments(res: dict[str, Any]) -> list[dict[str, str]]:
    return [{"flight_number": f["flight_number"], "date": f["date"]} for f in res["flights"]]


def _draft(request: str, user_id: str, facts: dict[str, Any], plan: list[Step], *,
           obstacles: list[dict[str, Any]] | None = None,
           overlay: dict[str, dict[str, Any]] | None = None) -> Draft:
    return Draft(request=request, user_id=user_id, facts={"user_id": user_id, **facts}, plan=plan,
                 disclosed_upfront=[], obstacles=obstacles or [], initial_overlay=overlay or {})


def _cancel_steps(rid: str, res: dict[str, Any]) -> list[Step]:
    return [
        confirm(f"cancel reservation {rid} ({res['origin']} to {res['destination']})"),
        call("cancel_reservation", {"reservation_id": rid}, write=True),
        report(f"Reservation {rid} has been cancelled."),
    ]


# ---------------------------------------------------------------------------- information


def cancel_by_route(db: dict[str, Any], rng: random.Random) -> Draft:
    uid, user = pick(rng, db["users"])
    active = _active(db, user)
    routes = [(r["origin"], r["destination"]) for r in active]
    unique = [r for r in active if routes.count((r["origin"], r["destination"])) == 1
              and _cancel_grounds(r) is not None]
    if not unique:
        raise Skip("no cancellable reservation with a unique route")
    target = rng.choice(unique)
    plan = [ASK_USER_ID, call("get_user_details", {"user_id": uid})]
    for rid in user["reservations"]:
        res = db["reservations"].get(rid)
        if res is None or res.get("status") == "cancelled":
            continue
        plan.append(call("get_reservation_details", {"reservation_id": rid}))
        if res is target:
            break
    plan += _cancel_steps(target["reservation_id"], target)
    request = (f"Hi, I need to cancel my trip from {target['origin']} to {target['destination']}. "
               f"I don't remember the reservation id.{_cancel_reason(target)}")
    return _draft(request, uid, {}, plan)


def upgrade_cabin(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, user = _reservation(db, rng, lambda r: r["cabin"] != "business")
    pid, pid_text = _card(user, rng)
    uid = res["user_id"]
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": uid}),
        call("get_reservation_details", {"reservation_id": rid}),
        confirm(f"change reservation {rid} to business class on the same flights, paying the fare "
                f"difference with {pid}"),
        call("update_reservation_flights",
             {"reservation_id": rid, "cabin": "business", "flights": _segments(res), "payment_id": pid},
             write=True),
        report(f"Reservation {rid} is now in business class."),
    ]
    request = (f"I'd like to upgrade reservation {rid} to business class on the same flights. "
               f"Please charge {pid_text}.")
    return _draft(request, uid, {"payment": pid_text}, plan)


def add_bags(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, user = _reservation(db, rng, lambda r: r["total_baggages"] < 8)
    pid, pid_text = _card(user, rng)
    uid = res["user_id"]
    total = res["total_baggages"] + rng.randint(1, 2)
    nonfree = res["nonfree_baggages"] + rng.randint(0, total - res["total_baggages"])
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": uid}),
        call("get_reservation_details", {"reservation_id": rid}),
        confirm(f"change the checked bags of reservation {rid} to {total} in total, {nonfree} of them "
                f"charged to {pid}"),
        call("update_reservation_baggages",
             {"reservation_id": rid, "total_baggages": total, "nonfree_baggages": nonfree,
              "payment_id": pid}, write=True),
        report(f"Reservation {rid} now has {total} checked bags."),
    ]
    request = (f"For reservation {rid} I want {total} checked bags in total; I understand {nonfree} of "
               f"them are charged. Please use {pid_text}.")
    return _draft(request, uid, {"payment": pid_text}, plan)


# ---------------------------------------------------------------------------- recovery


def _absent_reservation_id(db: dict[str, Any], rng: random.Random) -> str:
    while True:
        rid = "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(6))
        if rid not in db["reservations"]:
            return rid


def wrong_reservation_id(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, _ = _reservation(db, rng, lambda r: _cancel_grounds(r) is not None)
    uid = res["user_id"]
    wrong = _absent_reservation_id(db, rng)
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": uid}),
        ask("Thank you. Which reservation is it? Please give me the reservation id."),
        call("get_reservation_details", {"reservation_id": wrong}, expect="error"),
        ask("I could not find that reservation. Could you double-check the reservation id?"),
        call("get_reservation_details", {"reservation_id": rid}),
        *_cancel_steps(rid, res),
    ]
    request = f"Hello, I want to cancel one of my reservations.{_cancel_reason(res)}"
    return _draft(request, uid, {"reservation_id": rid}, plan,
                  obstacles=[{"fact": "reservation_id", "wrong_value": wrong}])


def wrong_user_id(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, _ = _reservation(db, rng, lambda r: _cancel_grounds(r) is not None)
    uid = res["user_id"]
    wrong = f"{uid}{rng.randint(1, 9)}"
    if wrong in db["users"]:
        raise Skip("the wrong user id exists")
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": wrong}, expect="error"),
        ask("I could not find that user id. Could you check it and tell me your user id again?"),
        call("get_user_details", {"user_id": uid}),
        call("get_reservation_details", {"reservation_id": rid}),
        *_cancel_steps(rid, res),
    ]
    request = f"Hi, please cancel my reservation {rid}.{_cancel_reason(res)}"
    return _draft(request, uid, {}, plan, obstacles=[{"fact": "user_id", "wrong_value": wrong}])


def certificate_rejected(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, user = _reservation(db, rng, lambda r: r["total_baggages"] < 8)
    certs = sorted(m["id"] for m in user["payment_methods"].values() if m["source"] == "certificate")
    if not certs:
        raise Skip("no certificate")
    pid, pid_text = _card(user, rng)
    uid = res["user_id"]
    total = res["total_baggages"] + 1
    nonfree = res["nonfree_baggages"] + 1
    args = {"reservation_id": rid, "total_baggages": total, "nonfree_baggages": nonfree}
    change = f"change the checked bags of reservation {rid} to {total} in total, {nonfree} of them charged"
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": uid}),
        call("get_reservation_details", {"reservation_id": rid}),
        confirm(f"{change} to {certs[0]}"),
        call("update_reservation_baggages", {**args, "payment_id": certs[0]}, write=True, expect="error"),
        ask("A certificate cannot be used for bags. Which other payment method would you like to use?"),
        confirm(f"{change} to {pid}"),
        call("update_reservation_baggages", {**args, "payment_id": pid}, write=True),
        report(f"Reservation {rid} now has {total} checked bags."),
    ]
    request = (f"Please add one paid checked bag to reservation {rid}, for {total} bags in total "
               f"with {nonfree} charged. Pay with my travel certificate.")
    return _draft(request, uid, {"payment": pid_text}, plan)


# ---------------------------------------------------------------------------- state


def _cheapest(db: dict[str, Any], origin: str, destination: str, day: str, cabin: str, seats: int,
              exclude: str) -> str | None:
    best: tuple[float, str] | None = None
    for fn, flight in sorted(db["flights"].items()):
        if flight["origin"] != origin or flight["destination"] != destination or fn == exclude:
            continue
        entry = flight["dates"].get(day)
        if not entry or entry.get("status") != "available":
            continue
        if entry["available_seats"][cabin] < seats:
            continue
        price = entry["prices"][cabin]
        if best is None or price < best[0]:
            best = (price, fn)
    return best[1] if best else None


def change_flight_same_cabin(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, user = _reservation(db, rng, lambda r: r["flight_type"] == "one_way" and len(r["flights"]) == 1)
    seg = res["flights"][0]
    day = f"{seg['date'][:8]}{min(30, int(seg['date'][8:]) + rng.randint(1, 3)):02d}"
    fn = _cheapest(db, seg["origin"], seg["destination"], day, res["cabin"], len(res["passengers"]),
                   seg["flight_number"])
    if fn is None:
        raise Skip("no bookable direct flight that day")
    pid, pid_text = _card(user, rng)
    uid = res["user_id"]
    # The cabin comes from the reservation's state: the agent must read it before changing flights.
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": uid}),
        call("get_reservation_details", {"reservation_id": rid}),
        call("search_direct_flight", {"origin": seg["origin"], "destination": seg["destination"], "date": day}),
        confirm(f"change reservation {rid} to flight {fn} on {day}, keeping the {res['cabin']} cabin, "
                f"with any fare difference on {pid}"),
        call("update_reservation_flights",
             {"reservation_id": rid, "cabin": res["cabin"], "flights": [{"flight_number": fn, "date": day}],
              "payment_id": pid}, write=True),
        report(f"Reservation {rid} is now on flight {fn} on {day}."),
    ]
    request = (f"I need to move reservation {rid} to {day}: the cheapest direct flight that day in my "
               f"current cabin. Use {pid_text} for any difference.")
    return _draft(request, uid, {"payment": pid_text}, plan)


def upgrade_then_bags(db: dict[str, Any], rng: random.Random) -> Draft:
    rid, res, user = _reservation(db, rng, lambda r: r["cabin"] != "business" and r["total_baggages"] < 8)
    pid, pid_text = _card(user, rng)
    uid = res["user_id"]
    total = res["total_baggages"] + 1
    nonfree = res["nonfree_baggages"]
    plan = [
        ASK_USER_ID,
        call("get_user_details", {"user_id": uid}),
        call("get_reservation_details", {"reservation_id": rid}),
        confirm(f"change reservation {rid} to business class on the same flights, paying with {pid}"),
        call("update_reservation_flights",
             {"reservation_id": rid, "cabin": "business", "flights": _segments(res), "payment_id": pid},
             write=True),
        confirm(f"then change the checked bags of reservation {rid} to {total} in total, {nonfree} of them "
                f"charged to {pid}"),
        call("update_reservation_baggages",
             {"reservation_id": rid, "total_baggages": total, "nonfree_baggages": nonfree, "payment_id": pid},
             write=True),
        report(f"Reservation {rid} is in business class with {total} checked bags."),
    ]
    request = (f"Please upgrade reservation {rid} to business class, and after that add one more "
               f"checked bag (it is free in business). Charge {pid_text}.")
    return _draft(request, uid, {"payment": pid_text}, plan)


TEMPLATES: dict[str, dict[str, Template]] = {
    "information": {"cancel_by_route": cancel_by_route, "upgrade_cabin": upgrade_cabin, "add_bags": add_bags},
    "recovery": {"wrong_reservation_id": wrong_reservation_id, "wrong_user_id": wrong_user_id,
                 "certificate_rejected": certificate_rejected},
    "state": {"change_flight_same_cabin": change_flight_same_cabin, "upgrade_then_bags": upgrade_then_bags},
}
