"""Copy-on-write state: the base is never mutated, reset is free, failing calls roll back."""

from __future__ import annotations

import pytest

from trajectory2gym.envs.state import State, canonical


def base() -> dict:
    return {"users": {"a": {"n": 1, "tags": ["x"]}, "b": {"n": 2, "tags": []}}}


def test_edit_copies_and_base_stays_intact():
    db = base()
    before = canonical(db)
    st = State(db)
    rec = st.edit("users", "a")
    rec["tags"].append("y")
    assert st.get("users", "a")["tags"] == ["x", "y"]
    assert canonical(db) == before
    assert st.changed_records() == {"users": {"a": {"n": 1, "tags": ["x", "y"]}}}


def test_reset_shares_the_base_and_starts_clean():
    db = base()
    st = State(db)
    st.edit("users", "a")["n"] = 5
    fresh = State(db)
    assert fresh.base is db and fresh.overlay == {}
    assert fresh.get("users", "a")["n"] == 1


def test_items_order_put_delete_and_materialize():
    st = State(base())
    st.put("users", "c", {"n": 3, "tags": []})
    st.delete("users", "a")
    assert [rid for rid, _ in st.items("users")] == ["b", "c"]
    assert st.get("users", "a") is None and ("users", "c") in st
    assert st.changed_records() == {"users": {"a": None, "c": {"n": 3, "tags": []}}}
    assert set(st.materialize()["users"]) == {"b", "c"}


def test_rollback_restores_records_edited_in_earlier_calls():
    st = State(base())
    st.begin()
    st.edit("users", "a")["n"] = 10
    st.commit()
    st.begin()
    st.edit("users", "a")["n"] = 99  # copied again inside this transaction
    st.edit("users", "b")["n"] = 99
    st.rollback()
    assert st.get("users", "a")["n"] == 10 and st.get("users", "b")["n"] == 2


def test_equal_value_is_not_a_change():
    st = State({"users": {"a": {"balance": 9}}})
    st.edit("users", "a")["balance"] = 9.0
    assert st.changed_records() == {}


def test_initial_overlay_is_copied_and_applied():
    patch = {"users": {"a": {"n": 7, "tags": []}, "b": None}}
    st = State(base(), patch)
    st.edit("users", "a")["n"] = 8
    assert patch["users"]["a"]["n"] == 7
    assert st.get("users", "b") is None


def test_edit_missing_record_raises_keyerror():
    with pytest.raises(KeyError):
        State(base()).edit("users", "zz")
