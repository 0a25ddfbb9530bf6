"""Airline tools: the names, arguments and behaviour of tau-bench's airline toolkit.

tau-bench quirks the gold states depend on are kept when ``ctx.compat`` is true
(the default); each is listed in ``QUIRKS`` and the corrected behaviour runs
with ``tau_bench_compat=False``.
"""

from __future__ import annotations

import json
from datetime import date as Date
from datetime import timedelta
from typing import Any

from trajectory2gym.envs.common_tools import shared
from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.tooling import ToolError, Toolkit, array, integer, number, obj, string

QUIRKS: dict[str, str] = {
    "onestop_second_leg_date": (
        "search_onestop_flight: when the first leg lands the next day, tau-bench builds the second "
        "leg's date as '2024-05-<day+1>' without zero padding (so 2024-05-01..08 connections are "
        "never found) and reports the second leg's status, seats and prices from the first leg's "
        "date. Fixed mode: real calendar arithmetic, second-leg data from its own date, and the "
        "connection must depart after the first leg lands."
    ),
    "seats_not_decremented": (
        "book_reservation, update_reservation_flights and cancel_reservation never change "
        "available_seats in tau-bench. Fixed mode: booking takes seats, cancelling gives them "
        "back, changing flights moves them."
    ),
    "three_reservation_ids": (
        "book_reservation names new reservations HATHAT, HATHAU, HATHAV; a fourth booking "
        "overwrites HATHAV. Fixed mode: the sequence continues (HATHAW, ...) with unused ids."
    ),
    "three_certificate_ids": (
        "send_certificate uses certificate_3221322..3221324 only; with all three taken tau-bench "
        "returns nothing (None). Compat mode answers with an error and changes nothing; fixed "
        "mode continues the id sequence."
    ),
    "cancel_twice": (
        "cancel_reservation does not check whether the reservation is already cancelled and "
        "appends the refunds again. Fixed mode refuses with an error."
    ),
}

# The simulated "now" of the airline domain (tau-bench stamps every booking with it).
BOOKING_TIME = "2024-05-15T15:00:00"
CABINS = ["basic_economy", "economy", "business"]
BAGGAGE_FEE = 50
INSURANCE_FEE = 30

AIRPORTS: dict[str, str] = {
    "SFO": "San Francisco", "JFK": "New York", "LAX": "Los Angeles", "ORD": "Chicago",
    "DFW": "Dallas", "DEN": "Denver", "SEA": "Seattle", "ATL": "Atlanta", "MIA": "Miami",
    "BOS": "Boston", "PHX": "Phoenix", "IAH": "Houston", "LAS": "Las Vegas", "MCO": "Orlando",
    "EWR": "Newark", "CLT": "Charlotte", "MSP": "Minneapolis", "DTW": "Detroit",
    "PHL": "Philadelphia", "LGA": "LaGuardia",
}
# What people also call some of them (certification grounds a code by these too; envs.domain).
AIRPORT_ALIASES: dict[str, tuple[str, ...]] = {
    "LAS": ("Vegas",), "PHL": ("Philly",), "ORD": ("O'Hare",), "LGA": ("La Guardia",),
    "DFW": ("Fort Worth",), "SFO": ("San Fran",), "LAX": ("LA", "L.A."),
}
# Regions people fly to or from without naming an airport ("anywhere on the West Coast").
AIRPORT_REGIONS: dict[str, tuple[str, ...]] = {
    "West Coast": ("SEA", "SFO", "LAX"), "California": ("SFO", "LAX"), "Texas": ("DFW", "IAH"),
    "Florida": ("MIA", "MCO"), "East Coast": ("BOS", "JFK", "LGA", "EWR", "PHL", "MIA"),
    "Midwest": ("ORD", "MSP", "DTW"), "Bay Area": ("SFO",),
    "New York": ("JFK", "LGA", "EWR"),  # the city's three airports, though JFK alone bears its name
}

toolkit = Toolkit()

USER_ID = string("The user id, for example 'sara_doe_496'.", "identifier")
RESERVATION_ID = string("The reservation id, for example 'ZFA04Y'.", "identifier")
PAYMENT_ID = string(
    "A payment method id from the user's profile, for example 'credit_card_7815826', "
    "'gift_card_7815826' or 'certificate_7815826'.", "identifier")
FLIGHT_ITEMS = obj(
    {"flight_number": {"type": "string", "description": "Flight number, for example 'HAT001'."},
     "date": {"type": "string", "description": "Flight date as 'YYYY-MM-DD', for example '2024-05-01'."}},
    ["flight_number", "date"],
)
PASSENGER_ITEMS = obj(
    {"first_name": {"type": "string", "description": "Passenger first name, for example 'Noah'."},
     "last_name": {"type": "string", "description": "Passenger last name, for example 'Brown'."},
     "dob": {"type": "string", "description": "Date of birth as 'YYYY-MM-DD', for example '1990-01-01'."}},
    ["first_name", "last_name", "dob"],
)
PAYMENT_ITEMS = obj(
    {"payment_id": {"type": "string", "description": "A payment method id from the user's profile."},
     "amount": {"type": "number", "description": "The amount paid with this method."}},
    ["payment_id", "amount"],
)


def _dump(record: Any) -> str:
    return json.dumps(record)


def _reservation(ctx: Context, reservation_id: str) -> dict[str, Any]:
    res = ctx.state.get("reservations", reservation_id)
    if res is None:
        raise ToolError("reservation not found")
    return res


def _bookable(ctx: Context, flight_number: str, day: str, cabin: str, seats: int) -> tuple[dict, dict]:
    """The flight and its date entry, checked to be available with enough seats."""
    flight = ctx.state.get("flights", flight_number)
    if flight is None:
        raise ToolError(f"flight {flight_number} not found")
    if day not in flight["dates"]:
        raise ToolError(f"flight {flight_number} not found on date {day}")
    entry = flight["dates"][day]
    if entry["status"] != "available":
        raise ToolError(f"flight {flight_number} not available on date {day}")
    if entry["available_seats"][cabin] < seats:
        raise ToolError(f"not enough seats on flight {flight_number}")
    return flight, entry


def _move_seats(ctx: Context, segments: list[dict[str, Any]], cabin: str, delta: int) -> None:
    """Fixed mode only: add ``delta`` seats per segment on dates still open for booking."""
    for seg in segments:
        if ctx.state.get("flights", seg["flight_number"]) is None:
            continue
        entry = ctx.state.edit("flights", seg["flight_number"])["dates"].get(seg["date"])
        if entry and entry.get("status") == "available" and cabin in entry.get("available_seats", {}):
            entry["available_seats"][cabin] += delta


def _update_payment_method(ctx: Context, user: dict[str, Any], payment_id: str, total: float) -> dict:
    """Checks shared by the baggage and flight updates (certificates cannot pay for changes)."""
    if payment_id not in user["payment_methods"]:
        raise ToolError("payment method not found")
    method = user["payment_methods"][payment_id]
    if method["source"] == "certificate":
        raise ToolError("certificate cannot be used to update reservation")
    if method["source"] == "gift_card" and method["amount"] < total:
        raise ToolError("gift card balance is not enough")
    return method


def _next_reservation_id(ctx: Context) -> str:
    ids = ["HATHAT", "HATHAU", "HATHAV"]
    if ctx.compat:
        for rid in ids[:2]:
            if ctx.state.get("reservations", rid) is None:
                return rid
        return ids[2]  # tau-bench: a fourth booking overwrites HATHAV
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    n = letters.index("T")  # HATH plus two letters, counting on from AT
    while True:
        rid = "HATH" + letters[(n // 26) % 26] + letters[n % 26]
        if ctx.state.get("reservations", rid) is None:
            return rid
        n += 1


# -- reads ------------------------------------------------------------------------------------

@toolkit.tool(
    "Get a user's profile: name, address, email, date of birth, payment methods (with gift card "
    "and certificate balances), saved passengers, membership and reservation ids.",
    access="read", object_class="identity", records=("users",), params={"user_id": USER_ID},
)
def get_user_details(ctx: Context, user_id: str) -> str:
    user = ctx.state.get("users", user_id)
    if user is None:
        raise ToolError("user not found")
    return _dump(user)


@toolkit.tool(
    "Get a reservation: flights, cabin, passengers, payments, baggage and insurance.",
    access="read", object_class="travel", records=("reservations",),
    params={"reservation_id": RESERVATION_ID},
)
def get_reservation_details(ctx: Context, reservation_id: str) -> str:
    return _dump(_reservation(ctx, reservation_id))


@toolkit.tool(
    "List every airport code served, with its city.",
    access="read", object_class="travel", params={},
)
def list_all_airports(ctx: Context) -> str:
    return _dump(AIRPORTS)


@toolkit.tool(
    "Find direct flights from one airport to another on a date that can still be booked.",
    access="read", object_class="travel", records=("flights",),
    params={
        "origin": string("Origin airport code, for example 'JFK'.", "identifier"),
        "destination": string("Destination airport code, for example 'LAX'.", "identifier"),
        "date": string("Travel date as 'YYYY-MM-DD', for example '2024-05-01'.", "temporal"),
    },
)
def search_direct_flight(ctx: Context, origin: str, destination: str, date: str) -> str:
    results = []
    for flight in ctx.state.values("flights"):
        if flight["origin"] == origin and flight["destination"] == destination:
            entry = flight["dates"].get(date)
            if entry is not None and entry["status"] == "available":
                row = {k: v for k, v in flight.items() if k != "dates"}
                row.update(entry)
                results.append(row)
    return _dump(results)


def _second_leg_date(ctx: Context, first: dict[str, Any], day: str) -> str | None:
    if "+1" not in first["scheduled_arrival_time_est"]:
        return day
    if ctx.compat:
        return f"2024-05-{int(day[-2:]) + 1}"  # quirk: no zero padding, May only
    try:
        return (Date.fromisoformat(day) + timedelta(days=1)).isoformat()
    except ValueError:
        return None


@toolkit.tool(
    "Find one-stop connections (two flights through an intermediate airport) from one airport to "
    "another, starting on a date, that can still be booked.",
    access="read", object_class="travel", records=("flights",),
    params={
        "origin": string("Origin airport code, for example 'JFK'.", "identifier"),
        "destination": string("Destination airport code, for example 'LAX'.", "identifier"),
        "date": string("Departure date as 'YYYY-MM-DD', for example '2024-05-01'.", "temporal"),
    },
)
def search_onestop_flight(ctx: Context, origin: str, destination: str, date: str) -> str:
    flights = list(ctx.state.values("flights"))
    results = []
    for first in flights:
        if first["origin"] != origin:
            continue
        for second in flights:
            if second["destination"] != destination or first["destination"] != second["origin"]:
                continue
            day2 = _second_leg_date(ctx, first, date)
            arrival = first["scheduled_arrival_time_est"]
            if not ctx.compat:
                arrival = arrival.replace("+1", "") if day2 != date else arrival
            if arrival > second["scheduled_departure_time_est"]:
                continue
            if day2 is None or date not in first["dates"] or day2 not in second["dates"]:
                continue
            if first["dates"][date]["status"] != "available" or second["dates"][day2]["status"] != "available":
                continue
            row1 = {k: v for k, v in first.items() if k != "dates"}
            row1.update(first["dates"][date])
            row1["date"] = date
            row2 = {k: v for k, v in second.items() if k != "dates"}
            # quirk: tau-bench reads the second leg's date entry at the first leg's date
            row2.update(second["dates"][date if ctx.compat else day2])
            row2["date"] = day2
            results.append([row1, row2])
    return _dump(results)


# -- writes -----------------------------------------------------------------------------------

@toolkit.tool(
    "Book a new reservation for a user. The payments must add up exactly to the total: flight "
    "prices per passenger, plus insurance per passenger if chosen, plus the fee for each non-free "
    "bag. Gift cards and certificates must cover their amount; a used certificate is consumed.",
    access="write", object_class="travel", records=("reservations", "users", "flights"),
    params={
        "user_id": USER_ID,
        "origin": string("Origin airport code of the trip, for example 'SFO'.", "identifier"),
        "destination": string("Destination airport code of the trip, for example 'JFK'.", "identifier"),
        "flight_type": string("One way or round trip.", "enum", enum=["one_way", "round_trip"]),
        "cabin": string("Cabin class for every flight.", "enum", enum=CABINS),
        "flights": array("Every flight segment of the trip.", FLIGHT_ITEMS, "list"),
        "passengers": array("Every passenger of the reservation.", PASSENGER_ITEMS, "list"),
        "payment_methods": array("How the total is paid, split over payment methods.", PAYMENT_ITEMS, "list"),
        "total_baggages": integer("Total number of checked bags."),
        "nonfree_baggages": integer("Number of checked bags that are charged."),
        "insurance": string("Whether to buy travel insurance.", "enum", enum=["yes", "no"]),
    },
)
def book_reservation(ctx: Context, user_id: str, origin: str, destination: str, flight_type: str,
                     cabin: str, flights: list[dict], passengers: list[dict],
                     payment_methods: list[dict], total_baggages: int, nonfree_baggages: int,
                     insurance: str) -> str:
    user = ctx.state.get("users", user_id)
    if user is None:
        raise ToolError("user not found")
    reservation_id = _next_reservation_id(ctx)
    segments = [dict(f) for f in flights]
    total: float = 0
    for seg in segments:
        flight, entry = _bookable(ctx, seg["flight_number"], seg["date"], cabin, len(passengers))
        seg["price"] = entry["prices"][cabin]
        seg["origin"] = flight["origin"]
        seg["destination"] = flight["destination"]
        total += seg["price"] * len(passengers)
    if insurance == "yes":
        total += INSURANCE_FEE * len(passengers)
    total += BAGGAGE_FEE * nonfree_baggages
    for pay in payment_methods:
        pid = pay["payment_id"]
        if pid not in user["payment_methods"]:
            raise ToolError(f"payment method {pid} not found")
        method = user["payment_methods"][pid]
        if method["source"] in ("gift_card", "certificate") and method["amount"] < pay["amount"]:
            raise ToolError(f"not enough balance in payment method {pid}")
    paid = sum(p["amount"] for p in payment_methods)
    if paid != total:
        raise ToolError(f"payment amount does not add up, total price is {total}, but paid {paid}")

    user = ctx.state.edit("users", user_id)
    for pay in payment_methods:
        method = user["payment_methods"][pay["payment_id"]]
        if method["source"] == "gift_card":
            method["amount"] -= pay["amount"]
        elif method["source"] == "certificate":
            del user["payment_methods"][pay["payment_id"]]
    reservation = {
        "reservation_id": reservation_id, "user_id": user_id, "origin": origin,
        "destination": destination, "flight_type": flight_type, "cabin": cabin,
        "flights": segments, "passengers": passengers, "payment_history": payment_methods,
        "created_at": BOOKING_TIME, "total_baggages": total_baggages,
        "nonfree_baggages": nonfree_baggages, "insurance": insurance,
    }
    ctx.state.put("reservations", reservation_id, reservation)
    user["reservations"].append(reservation_id)
    if not ctx.compat:
        _move_seats(ctx, segments, cabin, -len(passengers))
    return _dump(reservation)


@toolkit.tool(
    "Cancel a whole reservation; every payment is reversed in its payment history.",
    access="irreversible", object_class="travel", records=("reservations", "flights"),
    params={"reservation_id": RESERVATION_ID},
)
def cancel_reservation(ctx: Context, reservation_id: str) -> str:
    current = _reservation(ctx, reservation_id)
    if not ctx.compat and current.get("status") == "cancelled":
        raise ToolError("reservation is already cancelled")
    res = ctx.state.edit("reservations", reservation_id)
    refunds = [{"payment_id": p["payment_id"], "amount": -p["amount"]} for p in res["payment_history"]]
    res["payment_history"].extend(refunds)
    res["status"] = "cancelled"
    if not ctx.compat:
        _move_seats(ctx, res["flights"], res["cabin"], len(res["passengers"]))
    return _dump(res)


@toolkit.tool(
    "Change the number of checked bags of a reservation; extra non-free bags are charged to the "
    "given payment method (certificates cannot be used).",
    access="write", object_class="travel", records=("reservations", "users"),
    params={
        "reservation_id": RESERVATION_ID,
        "total_baggages": integer("The new total number of checked bags."),
        "nonfree_baggages": integer("The new number of charged bags."),
        "payment_id": PAYMENT_ID,
    },
)
def update_reservation_baggages(ctx: Context, reservation_id: str, total_baggages: int,
                                nonfree_baggages: int, payment_id: str) -> str:
    res = _reservation(ctx, reservation_id)
    total = BAGGAGE_FEE * max(0, nonfree_baggages - res["nonfree_baggages"])
    user = ctx.state.get("users", res["user_id"])
    if user is None:
        raise ToolError("user not found")
    method = _update_payment_method(ctx, user, payment_id, total)
    res = ctx.state.edit("reservations", reservation_id)
    res["total_baggages"] = total_baggages
    res["nonfree_baggages"] = nonfree_baggages
    if method["source"] == "gift_card":
        ctx.state.edit("users", res["user_id"])["payment_methods"][payment_id]["amount"] -= total
    if total != 0:
        res["payment_history"].append({"payment_id": payment_id, "amount": total})
    return _dump(res)


@toolkit.tool(
    "Change the flights (and cabin) of a reservation. List every segment of the new itinerary, "
    "unchanged ones included. The fare difference is charged to or refunded on the given payment "
    "method (certificates cannot be used).",
    access="write", object_class="travel", records=("reservations", "users", "flights"),
    params={
        "reservation_id": RESERVATION_ID,
        "cabin": string("Cabin class for the whole reservation.", "enum", enum=CABINS),
        "flights": array("Every flight segment of the new itinerary.", FLIGHT_ITEMS, "list"),
        "payment_id": PAYMENT_ID,
    },
)
def update_reservation_flights(ctx: Context, reservation_id: str, cabin: str, flights: list[dict],
                               payment_id: str) -> str:
    res = _reservation(ctx, reservation_id)
    n = len(res["passengers"])
    segments = [dict(f) for f in flights]
    total: float = 0
    for seg in segments:
        # A segment kept in the same cabin keeps its price and needs no availability check.
        kept = [f for f in res["flights"]
                if f["flight_number"] == seg["flight_number"] and f["date"] == seg["date"]
                and cabin == res["cabin"]]
        if kept:
            total += kept[0]["price"] * n
            seg["price"] = kept[0]["price"]
            seg["origin"] = kept[0]["origin"]
            seg["destination"] = kept[0]["destination"]
            continue
        flight, entry = _bookable(ctx, seg["flight_number"], seg["date"], cabin, n)
        seg["price"] = entry["prices"][cabin]
        seg["origin"] = flight["origin"]
        seg["destination"] = flight["destination"]
        total += seg["price"] * n
    total -= sum(f["price"] for f in res["flights"]) * n
    user = ctx.state.get("users", res["user_id"])
    if user is None:
        raise ToolError("user not found")
    method = _update_payment_method(ctx, user, payment_id, total)

    if method["source"] == "gift_card":
        ctx.state.edit("users", res["user_id"])["payment_methods"][payment_id]["amount"] -= total
    res = ctx.state.edit("reservations", reservation_id)
    if not ctx.compat:
        _move_seats(ctx, res["flights"], res["cabin"], n)
        _move_seats(ctx, segments, cabin, -n)
    res["flights"] = segments
    if total != 0:
        res["payment_history"].append({"payment_id": payment_id, "amount": total})
    return _dump(res)


@toolkit.tool(
    "Replace the passenger details of a reservation; the number of passengers cannot change.",
    access="write", object_class="identity", records=("reservations",),
    params={
        "reservation_id": RESERVATION_ID,
        "passengers": array("Every passenger of the reservation, in order.", PASSENGER_ITEMS, "list"),
    },
)
def update_reservation_passengers(ctx: Context, reservation_id: str, passengers: list[dict]) -> str:
    if len(passengers) != len(_reservation(ctx, reservation_id)["passengers"]):
        raise ToolError("number of passengers does not match")
    res = ctx.state.edit("reservations", reservation_id)
    res["passengers"] = passengers
    return _dump(res)


@toolkit.tool(
    "Give a user a travel certificate of the given amount, as compensation. Only when the policy "
    "allows it.",
    access="write", object_class="finance", records=("users",),
    params={"user_id": USER_ID, "amount": number("Certificate amount.")},
)
def send_certificate(ctx: Context, user_id: str, amount: float) -> str:
    user = ctx.state.get("users", user_id)
    if user is None:
        raise ToolError("user not found")
    number_ = 3221322
    while f"certificate_{number_}" in user["payment_methods"]:
        number_ += 1
        if ctx.compat and number_ > 3221324:
            raise ToolError("no certificate id left for this user (tau-bench allows three)")
    payment_id = f"certificate_{number_}"
    user = ctx.state.edit("users", user_id)
    user["payment_methods"][payment_id] = {"source": "certificate", "amount": amount, "id": payment_id}
    return f"Certificate {payment_id} added to user {user_id} with amount {amount}."


for _shared in shared.tools.values():
    toolkit.add(_shared)
