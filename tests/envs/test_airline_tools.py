"""Airline tools: a happy path for every tool, every precondition error, and each compat quirk."""

from __future__ import annotations

import json

import pytest

PAX = [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}]
TRIP = [{"flight_number": "HAT001", "date": "2024-05-20"}, {"flight_number": "HAT002", "date": "2024-05-20"}]


def ok(env, name, args):
    out, err = env.execute(name, args)
    assert not err, out
    return out


def booking(**over):
    args = {"user_id": "mia_li_1", "origin": "JFK", "destination": "SEA", "flight_type": "one_way",
            "cabin": "economy", "flights": TRIP, "passengers": PAX,
            "payment_methods": [{"payment_id": "gift_card_1", "amount": 150},
                                {"payment_id": "certificate_1", "amount": 100}],
            "total_baggages": 2, "nonfree_baggages": 0, "insurance": "yes"}
    args.update(over)
    return args


def test_reads(airline):
    assert json.loads(ok(airline, "get_user_details", {"user_id": "mia_li_1"}))["membership"] == "gold"
    assert json.loads(ok(airline, "get_reservation_details", {"reservation_id": "RES001"}))["cabin"] == "economy"
    airports = json.loads(ok(airline, "list_all_airports", {}))
    assert len(airports) == 20 and airports["JFK"] == "New York"


def test_search_direct_flight_lists_only_bookable_dates(airline):
    rows = json.loads(ok(airline, "search_direct_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}))
    assert [r["flight_number"] for r in rows] == ["HAT003"]
    assert rows[0]["prices"]["economy"] == 100 and "dates" not in rows[0]
    assert json.loads(ok(airline, "search_direct_flight",
                         {"origin": "JFK", "destination": "SEA", "date": "2024-05-10"})) == []


def test_search_onestop_same_day_connection(airline):
    rows = json.loads(ok(airline, "search_onestop_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}))
    pairs = [(a["flight_number"], a["date"], b["flight_number"], b["date"]) for a, b in rows]
    assert ("HAT001", "2024-05-20", "HAT002", "2024-05-20") in pairs


def test_onestop_quirk_second_leg_reads_first_leg_date(airline, airline_fixed):
    # HAT004 lands next day; tau-bench reports HAT002's 05-20 prices as if they were 05-21's.
    def second_leg(env):
        rows = json.loads(ok(env, "search_onestop_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}))
        return next(b for a, b in rows if a["flight_number"] == "HAT004")

    compat, fixed = second_leg(airline), second_leg(airline_fixed)
    assert compat["date"] == fixed["date"] == "2024-05-21"
    assert compat["prices"]["economy"] == 120
    assert fixed["prices"]["economy"] == 777


def test_onestop_quirk_unpadded_next_day(airline, airline_fixed):
    args = {"origin": "JFK", "destination": "SEA", "date": "2024-05-05"}
    assert json.loads(ok(airline, "search_onestop_flight", args)) == []  # looks for '2024-05-6'
    rows = json.loads(ok(airline_fixed, "search_onestop_flight", args))
    assert [(a["flight_number"], b["date"]) for a, b in rows] == [("HAT004", "2024-05-06")]


def test_book_reservation(airline):
    res = json.loads(ok(airline, "book_reservation", booking()))
    assert res["reservation_id"] == "HATHAT" and res["created_at"] == "2024-05-15T15:00:00"
    assert res["flights"][0] == {"flight_number": "HAT001", "date": "2024-05-20", "price": 100,
                                 "origin": "JFK", "destination": "ATL"}
    user = airline.get("users", "mia_li_1")
    assert user["payment_methods"]["gift_card_1"]["amount"] == 50
    assert "certificate_1" not in user["payment_methods"]
    assert user["reservations"] == ["RES001", "HATHAT"]
    # tau-bench does not take seats (quirk); fixed mode does.
    assert "flights" not in airline.changed_records()


def test_book_reservation_fixed_mode_takes_seats(airline_fixed):
    ok(airline_fixed, "book_reservation", booking())
    assert airline_fixed.get("flights", "HAT001")["dates"]["2024-05-20"]["available_seats"]["economy"] == 4
    ok(airline_fixed, "cancel_reservation", {"reservation_id": "HATHAT"})
    assert airline_fixed.get("flights", "HAT001")["dates"]["2024-05-20"]["available_seats"]["economy"] == 5


def cheap_booking():
    return booking(flights=[{"flight_number": "HAT001", "date": "2024-05-21"}], cabin="basic_economy",
                   insurance="no", payment_methods=[{"payment_id": "credit_card_1", "amount": 50}])


def test_reservation_ids_compat_overwrite_vs_fixed_sequence(airline, airline_fixed):
    ids = [json.loads(ok(airline, "book_reservation", cheap_booking()))["reservation_id"] for _ in range(4)]
    assert ids == ["HATHAT", "HATHAU", "HATHAV", "HATHAV"]
    ids = [json.loads(ok(airline_fixed, "book_reservation", cheap_booking()))["reservation_id"] for _ in range(4)]
    assert ids == ["HATHAT", "HATHAU", "HATHAV", "HATHAW"]


def test_cancel_reservation(airline):
    res = json.loads(ok(airline, "cancel_reservation", {"reservation_id": "RES001"}))
    assert res["status"] == "cancelled"
    assert res["payment_history"][-1] == {"payment_id": "credit_card_1", "amount": -100}


def test_cancel_twice_quirk(airline, airline_fixed):
    ok(airline, "cancel_reservation", {"reservation_id": "RES001"})
    res = json.loads(ok(airline, "cancel_reservation", {"reservation_id": "RES001"}))
    assert len(res["payment_history"]) == 4
    ok(airline_fixed, "cancel_reservation", {"reservation_id": "RES001"})
    out, err = airline_fixed.execute("cancel_reservation", {"reservation_id": "RES001"})
    assert err and out == "Error: reservation is already cancelled"


def test_update_reservation_baggages(airline):
    res = json.loads(ok(airline, "update_reservation_baggages", {
        "reservation_id": "RES001", "total_baggages": 3, "nonfree_baggages": 2, "payment_id": "gift_card_1"}))
    assert res["nonfree_baggages"] == 2 and res["payment_history"][-1] == {"payment_id": "gift_card_1", "amount": 100}
    assert airline.get("users", "mia_li_1")["payment_methods"]["gift_card_1"]["amount"] == 100


def test_update_reservation_flights(airline):
    res = json.loads(ok(airline, "update_reservation_flights", {
        "reservation_id": "RES001", "cabin": "economy", "flights": TRIP, "payment_id": "credit_card_1"}))
    assert [f["flight_number"] for f in res["flights"]] == ["HAT001", "HAT002"]
    assert res["payment_history"][-1] == {"payment_id": "credit_card_1", "amount": 120}


def test_update_reservation_flights_keeps_price_of_unchanged_segment(airline):
    # Same flight, same cabin: the old price is kept and nothing is charged.
    res = json.loads(ok(airline, "update_reservation_flights", {
        "reservation_id": "RES001", "cabin": "economy",
        "flights": [{"flight_number": "HAT003", "date": "2024-05-20"}], "payment_id": "gift_card_1"}))
    assert len(res["payment_history"]) == 1
    assert "users" not in airline.changed_records()


def test_update_reservation_passengers(airline):
    new = [{"first_name": "Amy", "last_name": "Li", "dob": "2001-01-01"}]
    assert json.loads(ok(airline, "update_reservation_passengers",
                         {"reservation_id": "RES001", "passengers": new}))["passengers"] == new


def test_send_certificate(airline):
    out = ok(airline, "send_certificate", {"user_id": "mia_li_1", "amount": 150})
    assert out == "Certificate certificate_3221322 added to user mia_li_1 with amount 150."
    assert airline.get("users", "mia_li_1")["payment_methods"]["certificate_3221322"]["amount"] == 150


def test_send_certificate_limit_quirk(airline, airline_fixed, state_of):
    for _ in range(3):
        ok(airline, "send_certificate", {"user_id": "mia_li_1", "amount": 50})
        ok(airline_fixed, "send_certificate", {"user_id": "mia_li_1", "amount": 50})
    before = state_of(airline)
    out, err = airline.execute("send_certificate", {"user_id": "mia_li_1", "amount": 50})
    assert err and out.startswith("Error: no certificate id left") and state_of(airline) == before
    assert ok(airline_fixed, "send_certificate", {"user_id": "mia_li_1", "amount": 50}).startswith(
        "Certificate certificate_3221325")


BAG = {"reservation_id": "RES001", "total_baggages": 3, "nonfree_baggages": 6, "payment_id": "credit_card_1"}
FLY = {"reservation_id": "RES001", "cabin": "economy", "flights": TRIP, "payment_id": "credit_card_1"}

ERRORS = [
    ("get_user_details", {"user_id": "nobody"}, "Error: user not found"),
    ("get_reservation_details", {"reservation_id": "NOPE"}, "Error: reservation not found"),
    ("search_direct_flight", {"origin": "JFK", "destination": 3, "date": "2024-05-20"},
     "Error: argument 'destination' must be a string"),
    ("search_onestop_flight", {"origin": "JFK", "destination": "SEA"}, "Error: missing required argument 'date'"),
    ("calculate", {"expression": "__import__('os')"}, "Error: invalid characters in expression"),
    ("book_reservation", booking(user_id="nobody"), "Error: user not found"),
    ("book_reservation", booking(flights=[{"flight_number": "HAT999", "date": "2024-05-20"}]),
     "Error: flight HAT999 not found"),
    ("book_reservation", booking(flights=[{"flight_number": "HAT001", "date": "2024-06-20"}]),
     "Error: flight HAT001 not found on date 2024-06-20"),
    ("book_reservation", booking(flights=[{"flight_number": "HAT001", "date": "2024-05-22"}]),
     "Error: flight HAT001 not available on date 2024-05-22"),
    ("book_reservation", booking(flights=[{"flight_number": "HAT003", "date": "2024-05-20"}], passengers=PAX * 2),
     "Error: not enough seats on flight HAT003"),
    ("book_reservation", booking(payment_methods=[{"payment_id": "gift_card_9", "amount": 250}]),
     "Error: payment method gift_card_9 not found"),
    ("book_reservation", booking(payment_methods=[{"payment_id": "gift_card_1", "amount": 250}]),
     "Error: not enough balance in payment method gift_card_1"),
    ("book_reservation", booking(payment_methods=[{"payment_id": "credit_card_1", "amount": 240}]),
     "Error: payment amount does not add up, total price is 250, but paid 240"),
    ("book_reservation", booking(cabin="first"), "Error: argument 'cabin' must be one of"),
    ("book_reservation", booking(passengers=[{"first_name": "Mia"}]), "Error: argument 'passengers[0]' is missing"),
    ("cancel_reservation", {"reservation_id": "NOPE"}, "Error: reservation not found"),
    ("update_reservation_baggages", {**BAG, "reservation_id": "NOPE"}, "Error: reservation not found"),
    ("update_reservation_baggages", {**BAG, "payment_id": "paypal_1"}, "Error: payment method not found"),
    ("update_reservation_baggages", {**BAG, "payment_id": "certificate_1"},
     "Error: certificate cannot be used to update reservation"),
    ("update_reservation_baggages", {**BAG, "payment_id": "gift_card_1"}, "Error: gift card balance is not enough"),
    ("update_reservation_baggages", {**BAG, "total_baggages": True}, "Error: argument 'total_baggages' must be an integer"),
    ("update_reservation_flights", {**FLY, "reservation_id": "NOPE"}, "Error: reservation not found"),
    ("update_reservation_flights", {**FLY, "flights": [{"flight_number": "HAT777", "date": "2024-05-20"}]},
     "Error: flight HAT777 not found"),
    ("update_reservation_flights", {**FLY, "flights": [{"flight_number": "HAT001", "date": "2024-05-01"}]},
     "Error: flight HAT001 not found on date 2024-05-01"),
    ("update_reservation_flights", {**FLY, "flights": [{"flight_number": "HAT001", "date": "2024-05-10"}]},
     "Error: flight HAT001 not available on date 2024-05-10"),
    ("update_reservation_flights", {**FLY, "payment_id": "paypal_1"}, "Error: payment method not found"),
    ("update_reservation_flights", {**FLY, "payment_id": "certificate_1"},
     "Error: certificate cannot be used to update reservation"),
    ("update_reservation_flights", {**FLY, "cabin": "business", "payment_id": "gift_card_1"},
     "Error: gift card balance is not enough"),
    ("update_reservation_passengers", {"reservation_id": "NOPE", "passengers": PAX}, "Error: reservation not found"),
    ("update_reservation_passengers", {"reservation_id": "RES001", "passengers": PAX * 2},
     "Error: number of passengers does not match"),
    ("send_certificate", {"user_id": "nobody", "amount": 10}, "Error: user not found"),
]


@pytest.mark.parametrize(("name", "args", "expected"), ERRORS, ids=[f"{e[0]}:{e[2][7:40]}" for e in ERRORS])
def test_precondition_errors_leave_state_unchanged(airline, state_of, name, args, expected):
    ok(airline, "send_certificate", {"user_id": "mia_li_1", "amount": 5})
    before, changed = state_of(airline), airline.changed_records()
    out, err = airline.execute(name, args)
    assert err and out.startswith(expected), out
    assert state_of(airline) == before and airline.changed_records() == changed


def test_not_enough_seats_on_update(airline):
    airline.state.put("reservations", "RES001", {**airline.get("reservations", "RES001"),
                                                 "passengers": PAX * 3})
    out, err = airline.execute("update_reservation_flights", {**FLY, "cabin": "business"})
    assert err and out == "Error: not enough seats on flight HAT001"


def test_every_airline_tool_has_error_cases(airline):
    covered = {e[0] for e in ERRORS}
    never_fail = {"list_all_airports", "think", "transfer_to_human_agents"}
    assert set(airline.domain.tools) == covered | never_fail
