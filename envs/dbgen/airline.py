"""Seeded airline database: flights over May 2024 with per-date status, users, reservations.

The clock is tau-bench's: "now" is 2024-05-15 15:00 EST. Dates before it are
landed or cancelled, the current day mixes landed, flying, on time and
delayed, later dates are available with seats and prices per cabin.
Reservation payments add up the way the booking tool charges: flight prices
times passengers, plus insurance per passenger, plus non-free bags.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from typing import Any

from trajectory2gym.envs.dbgen.common import (
    UniqueIds,
    address,
    birth_date,
    credit_card,
    person,
    user_count,
)
from trajectory2gym.envs.dbgen.vocab import AIRPORTS, FIRST_NAMES, LAST_NAMES

NOW = datetime(2024, 5, 15, 15, 0, 0)
FIRST_DAY = date(2024, 5, 1)
N_DAYS = 30
CABINS = ("basic_economy", "economy", "business")
PRICE_RANGES: dict[str, tuple[int, int]] = {
    "basic_economy": (50, 100), "economy": (100, 200), "business": (200, 500)}
INSURANCE_PER_PASSENGER = 30
NONFREE_BAG_PRICE = 50
CERTIFICATE_AMOUNTS = (100, 150, 250, 500)
ISO = "%Y-%m-%dT%H:%M:%S"


def _clock(minutes: int) -> str:
    """A scheduled time of day, with tau-bench's ``+1`` suffix past midnight."""
    day, rest = divmod(minutes, 1440)
    text = f"{rest // 60:02d}:{rest % 60:02d}:00"
    return text + (f"+{day}" if day else "")


def _minutes(clock: str) -> int:
    hms, _, plus = clock.partition("+")
    h, m, _s = hms.split(":")
    return int(h) * 60 + int(m) + 1440 * int(plus or 0)


def _date_status(rng: random.Random, day: date, dep_min: int, dur: int) -> dict[str, Any]:
    start = datetime(day.year, day.month, day.day)
    sched_dep = start + timedelta(minutes=dep_min)
    if day > NOW.date():
        return {"status": "available",
                "available_seats": {c: rng.randint(0, 20) for c in CABINS},
                "prices": {c: rng.randint(*PRICE_RANGES[c]) for c in CABINS}}
    if day < NOW.date():
        if rng.random() < 0.09:
            return {"status": "cancelled"}
        dep = sched_dep + timedelta(minutes=rng.randint(-30, 30))
        arr = dep + timedelta(minutes=dur + rng.randint(-20, 20))
        return {"status": "landed", "actual_departure_time_est": dep.strftime(ISO),
                "actual_arrival_time_est": arr.strftime(ISO)}
    # Today: where the flight stands at 15:00.
    dep = sched_dep + timedelta(minutes=rng.randint(-20, 20))
    arr = dep + timedelta(minutes=dur + rng.randint(-20, 20))
    if arr <= NOW:
        return {"status": "landed", "actual_departure_time_est": dep.strftime(ISO),
                "actual_arrival_time_est": arr.strftime(ISO)}
    if dep <= NOW:
        return {"status": "flying", "actual_departure_time_est": dep.strftime(ISO),
                "estimated_arrival_time_est": arr.strftime(ISO)}
    if rng.random() < 0.4:
        delay = timedelta(minutes=rng.randint(30, 180))
        return {"status": "delayed", "estimated_departure_time_est": (dep + delay).strftime(ISO),
                "estimated_arrival_time_est": (arr + delay).strftime(ISO)}
    return {"status": "on time", "estimated_departure_time_est": dep.strftime(ISO),
            "estimated_arrival_time_est": arr.strftime(ISO)}


def _flights(rng: random.Random, n_flights: int) -> dict[str, Any]:
    flights: dict[str, Any] = {}
    days = [FIRST_DAY + timedelta(days=i) for i in range(N_DAYS)]
    number = 0
    while len(flights) < n_flights:
        a, b = rng.sample(AIRPORTS, k=2)
        dur = rng.randint(1, 6) * 60 + rng.choice((0, 30))
        # Most routes are flown both ways, like a real schedule.
        for origin, dest in ((a, b), (b, a))[: 2 if rng.random() < 0.9 else 1]:
            if len(flights) >= n_flights:
                break
            number += 1
            dep_min = rng.randint(0, 23) * 60
            fn = f"HAT{number:03d}"
            flights[fn] = {
                "flight_number": fn, "origin": origin, "destination": dest,
                "scheduled_departure_time_est": _clock(dep_min),
                "scheduled_arrival_time_est": _clock(dep_min + dur),
                "dates": {d.isoformat(): _date_status(rng, d, dep_min, dur) for d in days},
            }
    return flights


def _payment_methods(rng: random.Random, ids: UniqueIds) -> dict[str, Any]:
    methods: list[dict[str, Any]] = []
    for _ in range(rng.choices((1, 2, 3, 4), weights=(3, 4, 2, 1))[0]):
        kind = rng.choice(("credit_card", "gift_card", "certificate"))
        if kind == "credit_card":
            methods.append(credit_card(rng, ids))
        elif kind == "gift_card":
            methods.append({"source": "gift_card", "amount": rng.randint(0, 300),
                            "id": ids.digits(7, prefix="gift_card_")})
        else:
            methods.append({"source": "certificate", "amount": rng.choice(CERTIFICATE_AMOUNTS),
                            "id": ids.digits(7, prefix="certificate_")})
    # Reservations are paid by card or gift card; make sure one exists.
    if not any(m["source"] in ("credit_card", "gift_card") for m in methods):
        methods.append(credit_card(rng, ids))
    return {m["id"]: m for m in methods}


def _passenger(rng: random.Random) -> dict[str, str]:
    return {"first_name": rng.choice(FIRST_NAMES), "last_name": rng.choice(LAST_NAMES),
            "dob": birth_date(rng, 1945, 2015)}


class _Network:
    """Flights indexed by origin, to build direct and one-stop itineraries."""

    def __init__(self, flights: dict[str, Any]) -> None:
        self.flights = flights
        self.by_origin: dict[str, list[dict[str, Any]]] = {}
        for f in flights.values():
            self.by_origin.setdefault(f["origin"], []).append(f)

    def leg(self, f: dict[str, Any], day: date) -> dict[str, Any]:
        return {"origin": f["origin"], "destination": f["destination"],
                "flight_number": f["flight_number"], "date": day.isoformat()}

    def path(self, rng: random.Random, origin: str, dest: str | None, day: date,
             one_stop: bool) -> list[dict[str, Any]] | None:
        """Legs from origin (to dest when given) leaving on ``day``; None when impossible."""
        last = FIRST_DAY + timedelta(days=N_DAYS - 1)
        firsts = list(self.by_origin.get(origin, []))
        rng.shuffle(firsts)
        for f1 in firsts:
            if not one_stop:
                if dest in (None, f1["destination"]):
                    return [self.leg(f1, day)]
                continue
            arr = _minutes(f1["scheduled_arrival_time_est"])
            for f2 in self.by_origin.get(f1["destination"], []):
                if f2["destination"] == origin or dest not in (None, f2["destination"]):
                    continue
                # Connect the same day when there is an hour to spare, else the next day.
                same_day = arr < 1440 and _minutes(f2["scheduled_departure_time_est"]) >= arr + 60
                day2 = day if same_day else day + timedelta(days=1)
                if day2 > last:
                    continue
                return [self.leg(f1, day), self.leg(f2, day2)]
        return None


def _reservation(rng: random.Random, ids: UniqueIds, net: _Network, user_id: str,
                 user: dict[str, Any]) -> dict[str, Any] | None:
    origin = rng.choice(AIRPORTS)
    day = FIRST_DAY + timedelta(days=rng.randint(0, N_DAYS - 2))
    out = net.path(rng, origin, None, day, one_stop=rng.random() < 0.5)
    if out is None:
        return None
    dest = out[-1]["destination"]
    legs = list(out)
    flight_type = "one_way"
    if rng.random() < 0.5:
        back_day = date.fromisoformat(out[-1]["date"]) + timedelta(days=rng.randint(0, 5))
        back = None
        if back_day <= FIRST_DAY + timedelta(days=N_DAYS - 1):
            back = (net.path(rng, dest, origin, back_day, one_stop=False)
                    or net.path(rng, dest, origin, back_day, one_stop=True))
        if back is not None:
            legs += back
            flight_type = "round_trip"
    cabin = rng.choice(CABINS)
    for leg in legs:
        info = net.flights[leg["flight_number"]]["dates"][leg["date"]]
        leg["price"] = info["prices"][cabin] if "prices" in info else rng.randint(*PRICE_RANGES[cabin])
    n_pass = rng.choices((1, 2, 3, 4), weights=(46, 33, 16, 5))[0]
    passengers = []
    if rng.random() < 0.8:
        passengers.append({**user["name"], "dob": user["dob"]})
    pool = list(user["saved_passengers"])
    while len(passengers) < n_pass:
        passengers.append(dict(pool.pop()) if pool and rng.random() < 0.5 else _passenger(rng))
    insurance = rng.choice(("yes", "no"))
    first_day = datetime.fromisoformat(min(leg["date"] for leg in legs))
    latest = min(first_day, NOW) - timedelta(minutes=1)
    created = latest - timedelta(seconds=rng.randint(0, 14 * 86400))
    total = sum(leg["price"] for leg in legs) * n_pass
    total += INSURANCE_PER_PASSENGER * n_pass if insurance == "yes" else 0
    payers = [m for m in user["payment_methods"].values() if m["source"] in ("credit_card", "gift_card")]
    res_id = ids.letters_digits(6)
    record: dict[str, Any] = {
        "reservation_id": res_id, "user_id": user_id, "origin": origin, "destination": dest,
        "flight_type": flight_type, "cabin": cabin, "flights": legs, "passengers": passengers,
        "payment_history": [{"payment_id": rng.choice(payers)["id"], "amount": total}],
        "created_at": created.strftime(ISO),
        "total_baggages": rng.choices(range(5), weights=(50, 22, 14, 8, 6))[0],
        "nonfree_baggages": 0, "insurance": insurance,
    }
    if rng.random() < 0.04:
        # Cancelled the way the cancel tool does it: each payment refunded as a negative entry.
        record["payment_history"] += [{"payment_id": p["payment_id"], "amount": -p["amount"]}
                                      for p in list(record["payment_history"])]
        record["status"] = "cancelled"
    return record


def generate_airline(rng: random.Random, size: str | int) -> dict[str, Any]:
    n_users = user_count(size)
    ids = UniqueIds(rng)
    flights = _flights(rng, min(600, 60 + n_users // 2))
    net = _Network(flights)
    users: dict[str, Any] = {}
    for _ in range(n_users):
        user_id, name, email = person(rng, ids)
        users[user_id] = {
            "name": name, "address": address(rng), "email": email, "dob": birth_date(rng),
            "payment_methods": _payment_methods(rng, ids),
            "saved_passengers": [_passenger(rng) for _ in range(rng.choice((1, 1, 2)))],
            "membership": rng.choice(("regular", "silver", "gold")),
            "reservations": [],
        }
    reservations: dict[str, Any] = {}
    for user_id, user in users.items():
        for _ in range(rng.choices(range(9), weights=(5, 5, 8, 7, 8, 7, 5, 3, 2))[0]):
            res = _reservation(rng, ids, net, user_id, user)
            if res is None:
                continue
            reservations[res["reservation_id"]] = res
            user["reservations"].append(res["reservation_id"])
    return {"users": users, "reservations": reservations, "flights": flights}
