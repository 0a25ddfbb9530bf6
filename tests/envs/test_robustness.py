"""Bad calls get an authentic error observation; nothing escapes the environment."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("name", "args", "expected"), [
    ("no_such_tool", {}, "Error: unknown tool 'no_such_tool'"),
    ("get_order_details", "{not json", "Error: arguments of get_order_details are not valid JSON"),
    ("get_order_details", "[1, 2]", "Error: arguments of get_order_details must be a JSON object, got list"),
    ("get_order_details", {}, "Error: missing required argument 'order_id' for get_order_details"),
    ("get_order_details", {"order_id": 123}, "Error: argument 'order_id' must be a string, got int"),
    ("get_order_details", {"order_id": "#W1", "extra": 1},
     "Error: unexpected argument 'extra' for get_order_details"),
    ("modify_pending_order_items", {"order_id": "#W1", "item_ids": "I1", "new_item_ids": ["I4"],
                                    "payment_method_id": "credit_card_1"},
     "Error: argument 'item_ids' must be an array, got str"),
    ("modify_pending_order_items", {"order_id": "#W1", "item_ids": [1], "new_item_ids": ["I4"],
                                    "payment_method_id": "credit_card_1"},
     "Error: argument 'item_ids[0]' must be a string, got int"),
    ("calculate", {"expression": None}, "Error: argument 'expression' must be a string, got NoneType"),
])
def test_bad_calls_are_error_observations(retail, state_of, name, args, expected):
    before = state_of(retail)
    out, err = retail.execute(name, args)
    assert err and out.startswith(expected), out
    assert state_of(retail) == before


def test_json_string_arguments_work(retail):
    out, err = retail.execute("get_order_details", '{"order_id": "#W1"}')
    assert not err and '"order_id": "#W1"' in out


def test_integer_schema_accepts_integral_float_but_not_bool(airline):
    base = {"reservation_id": "RES001", "total_baggages": 2.0, "nonfree_baggages": 0, "payment_id": "credit_card_1"}
    assert not airline.execute("update_reservation_baggages", base)[1]
    out, err = airline.execute("update_reservation_baggages", {**base, "nonfree_baggages": False})
    assert err and "must be an integer" in out


def test_tool_bug_is_caught_and_rolled_back(retail, state_of):
    tool = retail.domain.tools["modify_user_address"]

    def broken(ctx, **kw):
        ctx.state.edit("users", "bob_kim_2")["email"] = "changed"
        raise RuntimeError("boom")

    object.__setattr__(tool, "fn", broken)
    try:
        before = state_of(retail)
        out, err = retail.execute("modify_user_address", {"user_id": "bob_kim_2", "address1": "", "address2": "",
                                                          "city": "", "state": "", "country": "", "zip": ""})
        assert err and out == "Error: boom"
        assert state_of(retail) == before
    finally:
        from trajectory2gym.envs.retail import tools as retail_tools

        object.__setattr__(tool, "fn", retail_tools.modify_user_address)


def test_arguments_are_not_aliased(airline):
    pax = [{"first_name": "Amy", "last_name": "Li", "dob": "2001-01-01"}]
    airline.execute("update_reservation_passengers", {"reservation_id": "RES001", "passengers": pax})
    pax[0]["first_name"] = "Changed"
    assert airline.get("reservations", "RES001")["passengers"][0]["first_name"] == "Amy"
