"""The same tools run on the generated default database (the generator is another module)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from trajectory2gym.envs.env import ToolEnv

pytestmark = pytest.mark.skipif(importlib.util.find_spec("trajectory2gym.envs.dbgen") is None,
                                reason="database generator not available")


def test_retail_tools_run_on_generated_db():
    env = ToolEnv("retail")  # default: generated database
    user_id, user = next(iter(env.state.items("users")))
    assert env.execute("find_user_id_by_email", {"email": user["email"]}) == (user_id, False)
    for oid in user["orders"]:
        out, err = env.execute("get_order_details", {"order_id": oid})
        assert not err and json.loads(out)["user_id"] == user_id
    pending = next((o for o in env.state.values("orders") if o["status"] == "pending"), None)
    if pending is not None:
        out, err = env.execute("cancel_pending_order", {"order_id": pending["order_id"], "reason": "ordered by mistake"})
        assert not err and json.loads(out)["status"] == "cancelled"
    env.reset()
    assert env.changed_records() == {}


def test_airline_tools_run_on_generated_db():
    env = ToolEnv("airline")
    rid, res = next(iter(env.state.items("reservations")))
    out, err = env.execute("get_reservation_details", {"reservation_id": rid})
    assert not err and json.loads(out)["user_id"] == res["user_id"]
    flight = next(iter(env.state.values("flights")))
    day = next(iter(flight["dates"]))
    out, err = env.execute("search_direct_flight", {"origin": flight["origin"],
                                                    "destination": flight["destination"], "date": day})
    assert not err and isinstance(json.loads(out), list)
    out, err = env.execute("cancel_reservation", {"reservation_id": rid})
    assert not err and list(env.changed_records()["reservations"]) == [rid]
