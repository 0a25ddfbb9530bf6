"""Fixtures for the environment tests. Small hand-made databases in tau-bench's layout, so every precondition can be reached."""

from __future__ import annotations

from typing import Any


def _addr(zip_code: str) -> dict[str, str]:
    return {"address1": "1 Main St", "address2": "Apt 2", "city": "Austin", "country": "USA",
            "state": "TX", "zip": zip_code}


def _item(item_id: str, product_id: str, name: str, price: float, color: str) -> dict[str, Any]:
    return {"name": name, "product_id": product_id, "item_id": item_id, "price": price,
            "options": {"color": color}}


def retail_db() -> dict[str, Any]:
    users = {
        "ann_lee_1": {
            "name": {"first_name": "Ann", "last_name": "Lee"}, "address": _addr("10001"),
            "email": "Ann.Lee@example.com",
            "payment_methods": {
                "credit_card_1": {"source": "credit_card", "brand": "visa", "last_four": "1111",
                                  "id": "credit_card_1"},
                "gift_card_1": {"source": "gift_card", "balance": 50.0, "id": "gift_card_1"},
                "paypal_1": {"source": "paypal", "id": "paypal_1"},
            },
            "orders": ["#W1", "#W2", "#W3", "#W4", "#W5"],
        },
        "bob_kim_2": {
            "name": {"first_name": "Bob", "last_name": "Kim"}, "address": _addr("20002"),
            "email": "bob@example.com",
            "payment_methods": {"gift_card_2": {"source": "gift_card", "balance": 1000, "id": "gift_card_2"}},
            "orders": [],
        },
    }
    products = {
        "P1": {"name": "T-Shirt", "product_id": "P1", "variants": {
            "I1": {"item_id": "I1", "options": {"color": "red"}, "available": True, "price": 20.0},
            "I2": {"item_id": "I2", "options": {"color": "blue"}, "available": True, "price": 85.5},
            "I3": {"item_id": "I3", "options": {"color": "green"}, "available": False, "price": 19.0},
            "I4": {"item_id": "I4", "options": {"color": "black"}, "available": True, "price": 15.0},
        }},
        "P2": {"name": "Mug", "product_id": "P2", "variants": {
            "M1": {"item_id": "M1", "options": {"color": "white"}, "available": True, "price": 10.0},
            "M2": {"item_id": "M2", "options": {"color": "black"}, "available": True, "price": 12.0},
            "M3": {"item_id": "M3", "options": {"color": "blue"}, "available": True, "price": 10.1},
        }},
    }

    def order(oid: str, status: str, items: list, pay: list) -> dict[str, Any]:
        return {"order_id": oid, "user_id": "ann_lee_1", "address": _addr("10001"), "items": items,
                "fulfillments": [], "status": status, "payment_history": pay}

    def payment(amount: float, method: str, kind: str = "payment") -> dict[str, Any]:
        return {"transaction_type": kind, "amount": amount, "payment_method_id": method}

    orders = {
        "#W1": order("#W1", "pending", [_item("I1", "P1", "T-Shirt", 20.0, "red"),
                                        _item("M1", "P2", "Mug", 10.0, "white")],
                     [payment(30.0, "credit_card_1")]),
        "#W2": order("#W2", "delivered", [_item("I1", "P1", "T-Shirt", 20.0, "red"),
                                          _item("I1", "P1", "T-Shirt", 20.0, "red")],
                     [payment(40.0, "credit_card_1")]),
        "#W3": order("#W3", "pending", [_item("M1", "P2", "Mug", 10.0, "white")],
                     [payment(10.0, "gift_card_1")]),
        "#W4": order("#W4", "processed", [_item("M2", "P2", "Mug", 12.0, "black")],
                     [payment(12.0, "credit_card_1")]),
        "#W5": order("#W5", "pending", [_item("M2", "P2", "Mug", 12.0, "black")],
                     [payment(12.0, "credit_card_1"), payment(12.0, "credit_card_1", "refund")]),
    }
    return {"orders": orders, "products": products, "users": users}


def _dates(days: dict[str, str], prices: tuple[int, int, int] = (50, 100, 300),
           seats: tuple[int, int, int] = (5, 5, 2)) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for day, status in days.items():
        if status == "available":
            out[day] = {"status": "available",
                        "available_seats": dict(zip(("basic_economy", "economy", "business"), seats, strict=True)),
                        "prices": dict(zip(("basic_economy", "economy", "business"), prices, strict=True))}
        else:
            out[day] = {"status": status}
    return out


def _flight(number: str, origin: str, dest: str, dep: str, arr: str, dates: dict) -> dict[str, Any]:
    return {"flight_number": number, "origin": origin, "destination": dest,
            "scheduled_departure_time_est": dep, "scheduled_arrival_time_est": arr, "dates": dates}


def airline_db() -> dict[str, Any]:
    av = "available"
    flights = {
        "HAT001": _flight("HAT001", "JFK", "ATL", "06:00:00", "08:00:00",
                          _dates({"2024-05-20": av, "2024-05-21": av, "2024-05-10": "landed",
                                  "2024-05-22": "cancelled"})),
        "HAT002": _flight("HAT002", "ATL", "SEA", "10:00:00", "13:00:00",
                          _dates({"2024-05-20": av, "2024-05-21": av, "2024-05-05": av,
                                  "2024-05-06": av}, prices=(60, 120, 400))),
        "HAT003": _flight("HAT003", "JFK", "SEA", "09:00:00", "15:00:00",
                          _dates({"2024-05-20": av, "2024-05-10": "landed"}, seats=(1, 1, 1))),
        "HAT004": _flight("HAT004", "JFK", "ATL", "22:00:00", "01:00:00+1",
                          _dates({"2024-05-20": av, "2024-05-05": av})),
    }
    # The first-leg date of HAT002 differs from its own next-day entry, to expose the quirk.
    flights["HAT002"]["dates"]["2024-05-21"]["prices"]["economy"] = 777
    users = {
        "mia_li_1": {
            "name": {"first_name": "Mia", "last_name": "Li"}, "address": _addr("78750"),
            "email": "mia@example.com", "dob": "1990-04-05",
            "payment_methods": {
                "credit_card_1": {"source": "credit_card", "brand": "visa", "last_four": "7447",
                                  "id": "credit_card_1"},
                "gift_card_1": {"source": "gift_card", "amount": 200, "id": "gift_card_1"},
                "certificate_1": {"source": "certificate", "amount": 100, "id": "certificate_1"},
            },
            "saved_passengers": [{"first_name": "Amy", "last_name": "Li", "dob": "2001-01-01"}],
            "membership": "gold", "reservations": ["RES001"],
        },
    }
    reservations = {
        "RES001": {
            "reservation_id": "RES001", "user_id": "mia_li_1", "origin": "JFK", "destination": "SEA",
            "flight_type": "one_way", "cabin": "economy",
            "flights": [{"origin": "JFK", "destination": "SEA", "flight_number": "HAT003",
                         "date": "2024-05-20", "price": 100}],
            "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
            "payment_history": [{"payment_id": "credit_card_1", "amount": 100}],
            "created_at": "2024-05-01T10:00:00", "total_baggages": 1, "nonfree_baggages": 0,
            "insurance": "no",
        },
    }
    return {"flights": flights, "reservations": reservations, "users": users}


# -- pytest fixtures ----------------------------------------------------------------------------

import pytest  # noqa: E402

from trajectory2gym.envs.env import ToolEnv  # noqa: E402
from trajectory2gym.envs.state import canonical  # noqa: E402


@pytest.fixture
def retail() -> ToolEnv:
    return ToolEnv("retail", retail_db())


@pytest.fixture
def retail_fixed() -> ToolEnv:
    return ToolEnv("retail", retail_db(), tau_bench_compat=False)


@pytest.fixture
def airline() -> ToolEnv:
    return ToolEnv("airline", airline_db())


@pytest.fixture
def airline_fixed() -> ToolEnv:
    return ToolEnv("airline", airline_db(), tau_bench_compat=False)


def snapshot(env: ToolEnv) -> bytes:
    """The whole current state as canonical bytes (for 'state unchanged' assertions)."""
    return canonical(env.state.materialize())


@pytest.fixture
def state_of():
    return snapshot
