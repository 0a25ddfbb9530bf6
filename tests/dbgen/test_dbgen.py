"""The seeded database generator: layout, determinism, invariants, and the tools running on it."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from trajectory2gym.envs.dbgen import KINDS, check_invariants, generate_db, write_db

DOMAINS = ("retail", "airline")


def load_real(shared_data: Path, domain: str) -> dict[str, Any]:
    root = shared_data / "tau" / domain
    return {k: json.loads((root / f"{k}.json").read_text()) for k in KINDS[domain]}


@pytest.fixture(scope="module")
def small() -> dict[str, dict[str, Any]]:
    return {d: generate_db(d, seed=0) for d in DOMAINS}


# -- invariants on tau-bench's own data ------------------------------------------------------


@pytest.mark.parametrize("domain", DOMAINS)
def test_real_tau_bench_db_passes(shared_data: Path, domain: str) -> None:
    assert check_invariants(domain, load_real(shared_data, domain)) == []


@pytest.mark.parametrize(
    ("domain", "gold_file", "stride"),
    [("retail", "retail_dev", 1), ("retail", "retail_train", 7), ("airline", "airline_dev", 1)],
)
def test_tool_produced_gold_states_pass(shared_data: Path, domain: str, gold_file: str, stride: int) -> None:
    """States tau-bench's own tools produce (cancel, return, exchange, book, ...) satisfy the rules."""
    real = load_real(shared_data, domain)
    gold = json.loads((shared_data / "tau" / f"{gold_file}_gold_final_state.json").read_text())
    checked = 0
    for i, task in enumerate(gold["tasks"][::stride]):
        db = {k: dict(v) for k, v in real.items()}
        for kind, recs in task["changed_records"].items():
            db[kind].update(recs)
        assert check_invariants(domain, db) == [], f"{gold_file} task {i * stride}"
        checked += bool(task["changed_records"])
    assert checked > 10


# -- generated databases ---------------------------------------------------------------------


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 17])
def test_generated_db_passes_invariants(domain: str, seed: int) -> None:
    db = generate_db(domain, seed=seed)
    assert set(db) == set(KINDS[domain])
    assert len(db["users"]) == 100
    assert check_invariants(domain, db) == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_sizes(domain: str) -> None:
    assert len(generate_db(domain, seed=5, size=7)["users"]) == 7
    medium = generate_db(domain, seed=5, size="medium")
    assert len(medium["users"]) == 500
    assert check_invariants(domain, medium) == []
    owned = "orders" if domain == "retail" else "reservations"
    assert len(medium[owned]) > 3 * len(generate_db(domain, seed=5, size="small")[owned])


@pytest.mark.parametrize("domain", DOMAINS)
def test_deterministic_for_a_seed(domain: str) -> None:
    a = json.dumps(generate_db(domain, seed=11))
    assert json.dumps(generate_db(domain, seed=11)) == a
    assert json.dumps(generate_db(domain, seed=12)) != a


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="unknown domain 'shop'"):
        generate_db("shop")
    with pytest.raises(ValueError, match="size"):
        generate_db("retail", size="huge")
    with pytest.raises(ValueError, match="positive"):
        generate_db("airline", size=0)
    with pytest.raises(ValueError, match="unknown domain"):
        check_invariants("shop", {})
    assert check_invariants("retail", {"users": {}}) == [
        "db: missing or non-object kind(s) ['orders', 'products']"]


def _key_sets(records: dict[str, Any]) -> set[tuple[str, ...]]:
    return {tuple(sorted(r)) for r in records.values()}


@pytest.mark.parametrize("domain", DOMAINS)
def test_same_record_shapes_as_tau_bench(shared_data: Path, domain: str, small: dict) -> None:
    """Every generated record has a field set that tau-bench data (or its tools) also produce."""
    real = load_real(shared_data, domain)
    gold = json.loads((shared_data / "tau" / f"{domain}_dev_gold_final_state.json").read_text())
    allowed = {k: _key_sets(v) for k, v in real.items()}
    for task in gold["tasks"]:
        for kind, recs in task["changed_records"].items():
            allowed[kind] |= _key_sets(recs)
    if domain == "retail":
        train = json.loads((shared_data / "tau" / "retail_train_gold_final_state.json").read_text())
        for task in train["tasks"]:
            allowed["orders"] |= _key_sets(task["changed_records"].get("orders", {}))
    db = small[domain]
    for kind in KINDS[domain]:
        assert _key_sets(db[kind]) <= allowed[kind], kind
    users = list(db["users"].values())
    real_users = list(real["users"].values())
    assert {tuple(sorted(u["address"])) for u in users} == {tuple(sorted(real_users[0]["address"]))}
    pm_shapes = {(m["source"], tuple(sorted(m))) for u in real_users for m in u["payment_methods"].values()}
    assert {(m["source"], tuple(sorted(m))) for u in users for m in u["payment_methods"].values()} == pm_shapes


def test_retail_formats_and_coverage(small: dict) -> None:
    db = generate_db("retail", seed=3, size="medium")
    for uid, u in db["users"].items():
        n = u["name"]
        assert re.fullmatch(rf"{n['first_name'].lower()}_{n['last_name'].lower()}_\d{{4}}", uid)
        assert re.fullmatch(rf"{n['first_name'].lower()}\.{n['last_name'].lower()}\d{{4}}@example\.com",
                            u["email"])
        assert re.fullmatch(r"\d{5}", u["address"]["zip"])
        for pm_id in u["payment_methods"]:
            assert re.fullmatch(r"(credit_card|gift_card|paypal)_\d{7}", pm_id)
    assert all(re.fullmatch(r"#W\d{7}", oid) for oid in db["orders"])
    assert all(re.fullmatch(r"\d{10}", pid) for pid in db["products"])
    items = [iid for p in db["products"].values() for iid in p["variants"]]
    assert all(re.fullmatch(r"\d{10}", iid) for iid in items)
    tracking = [t for o in db["orders"].values() for f in o["fulfillments"] for t in f["tracking_id"]]
    assert tracking and all(re.fullmatch(r"\d{12}", t) for t in tracking)
    statuses = Counter(o["status"] for o in db["orders"].values())
    assert set(statuses) == {"pending", "pending (item modified)", "processed", "delivered", "cancelled",
                             "return requested", "exchange requested"}
    availability = Counter(v["available"] for p in db["products"].values() for v in p["variants"].values())
    assert availability[True] > 0 and availability[False] > 0
    assert any(len(u["orders"]) == 0 for u in db["users"].values())


def test_airline_formats_and_coverage() -> None:
    db = generate_db("airline", seed=3, size="medium")
    dates = {d for f in db["flights"].values() for d in f["dates"]}
    assert min(dates) == "2024-05-01" and max(dates) == "2024-05-30"
    by_day: dict[str, set[str]] = {}
    for f in db["flights"].values():
        assert re.fullmatch(r"HAT\d{3}", f["flight_number"])
        for d, info in f["dates"].items():
            by_day.setdefault(d, set()).add(info["status"])
    assert by_day["2024-05-10"] <= {"landed", "cancelled"}
    assert by_day["2024-05-15"] >= {"landed", "flying", "on time", "delayed"}
    assert by_day["2024-05-20"] == {"available"}
    assert all(re.fullmatch(r"[A-Z0-9]{6}", rid) for rid in db["reservations"])
    res = list(db["reservations"].values())
    shapes = Counter((r["flight_type"], len(r["flights"])) for r in res)
    assert {("one_way", 1), ("one_way", 2), ("round_trip", 2), ("round_trip", 4)} <= set(shapes)
    assert any(r.get("status") == "cancelled" for r in res)
    sources = Counter(m["source"] for u in db["users"].values() for m in u["payment_methods"].values())
    assert set(sources) == {"credit_card", "gift_card", "certificate"}
    assert {u["membership"] for u in db["users"].values()} == {"regular", "silver", "gold"}


# -- the checker catches violations ----------------------------------------------------------


def _first(records: dict[str, Any], pred: Any = lambda r: True) -> tuple[str, dict[str, Any]]:
    return next((k, v) for k, v in records.items() if pred(v))


def test_retail_violations_are_reported(small: dict) -> None:
    base = small["retail"]

    def broken(mutate: Any) -> list[str]:
        db = copy.deepcopy(base)
        mutate(db)
        return check_invariants("retail", db)

    oid, order = _first(base["orders"], lambda o: o["status"] == "pending")
    uid = order["user_id"]
    errs = broken(lambda db: db["orders"][oid].update(user_id="nobody_0000"))
    assert any(e.startswith(f"orders {oid}: unknown user") for e in errs)
    assert any(f"users {uid}: lists {oid} which belongs to nobody_0000" in e for e in errs)
    errs = broken(lambda db: db["orders"][oid]["payment_history"][0].update(payment_method_id="paypal_1"))
    assert any(f"orders {oid}: payment method 'paypal_1' is not the user's" in e for e in errs)
    errs = broken(lambda db: db["orders"][oid].update(fulfillments=[{"tracking_id": ["1"], "item_ids": []}]))
    assert any(f"orders {oid}: pending order already has fulfillments" in e for e in errs)
    errs = broken(lambda db: db["orders"][oid]["items"][0].update(price=1.23))
    assert any(f"orders {oid}:" in e and "price" in e for e in errs)
    errs = broken(lambda db: db["orders"][oid].update(status="cancelled"))
    assert any(f"orders {oid}: payments net" in e for e in errs)
    errs = broken(lambda db: db["orders"][oid].update(status="exchange requested"))
    assert any(f"orders {oid}: exchange requested order lacks" in e for e in errs)
    gc_user, _ = _first(base["users"], lambda u: any(m["source"] == "gift_card"
                                                    for m in u["payment_methods"].values()))

    def drain(db: dict) -> None:
        for m in db["users"][gc_user]["payment_methods"].values():
            if m["source"] == "gift_card":
                m["balance"] = -5

    assert any(f"users {gc_user}: gift_card" in e for e in broken(drain))
    pid, product = _first(base["products"])
    iid = next(iter(product["variants"]))
    errs = broken(lambda db: db["products"][pid]["variants"][iid].update(item_id="x"))
    assert any(f"products {pid}: variant key {iid}" in e for e in errs)


def test_airline_violations_are_reported(small: dict) -> None:
    base = small["airline"]

    def broken(mutate: Any) -> list[str]:
        db = copy.deepcopy(base)
        mutate(db)
        return check_invariants("airline", db)

    rid, res = _first(base["reservations"], lambda r: "status" not in r)
    errs = broken(lambda db: db["reservations"][rid]["payment_history"][0].update(amount=1))
    assert any(f"reservations {rid}: payments sum 1" in e for e in errs)
    errs = broken(lambda db: db["reservations"][rid]["flights"][0].update(flight_number="HAT999"))
    assert any(f"reservations {rid}: unknown flight 'HAT999'" in e for e in errs)
    errs = broken(lambda db: db["reservations"][rid].update(nonfree_baggages=res["total_baggages"] + 1))
    assert any(f"reservations {rid}: baggages" in e for e in errs)
    errs = broken(lambda db: db["users"][res["user_id"]]["reservations"].remove(rid))
    assert any(f"reservations {rid}: not listed" in e for e in errs)
    fn, flight = _first(base["flights"])

    def negative_seats(db: dict) -> None:
        info = db["flights"][fn]["dates"]["2024-05-20"]
        info["available_seats"]["economy"] = -1

    assert any(f"flights {fn} 2024-05-20: negative" in e for e in broken(negative_seats))
    errs = broken(lambda db: db["flights"][fn]["dates"]["2024-05-03"].update(status="boarding"))
    assert any(f"flights {fn} 2024-05-03: unknown status 'boarding'" in e for e in errs)


# -- writing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("domain", DOMAINS)
def test_write_db_round_trips(tmp_path: Path, domain: str, small: dict) -> None:
    write_db(small[domain], tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{k}.json" for k in KINDS[domain])
    from trajectory2gym.envs.db import load_tau_bench_db

    assert load_tau_bench_db(domain, tmp_path) == small[domain]
    with pytest.raises(ValueError, match="no kinds"):
        write_db({}, tmp_path / "empty")


# -- the domain tools run on generated data --------------------------------------------------


def _tool_env(domain: str, db: dict) -> Any:
    env_mod = pytest.importorskip("trajectory2gym.envs.env")
    try:
        from trajectory2gym.envs.registry import get_domain

        get_domain(domain)
    except Exception as exc:  # the domain's toolkit is not built yet
        pytest.skip(f"{domain} tools unavailable: {exc}")
    return env_mod.ToolEnv(domain, copy.deepcopy(db))


def test_retail_tools_run_on_generated_db(small: dict) -> None:
    db = small["retail"]
    env = _tool_env("retail", db)
    uid, user = _first(db["users"], lambda u: u["orders"])
    out, err = env.execute("get_user_details", {"user_id": uid})
    assert not err and json.loads(out)["email"] == user["email"]
    out, err = env.execute("find_user_id_by_name_zip", {"first_name": user["name"]["first_name"],
                           "last_name": user["name"]["last_name"], "zip": user["address"]["zip"]})
    assert not err and out == uid
    oid, order = _first(db["orders"], lambda o: o["status"] == "pending")
    out, err = env.execute("cancel_pending_order", {"order_id": oid, "reason": "no longer needed"})
    assert not err, out
    assert env.get("orders", oid)["status"] == "cancelled"
    did, delivered = _first(db["orders"], lambda o: o["status"] == "delivered")
    pm = delivered["payment_history"][0]["payment_method_id"]
    out, err = env.execute("return_delivered_order_items", {
        "order_id": did, "item_ids": [delivered["items"][0]["item_id"]], "payment_method_id": pm})
    assert not err, out
    out, err = env.execute("cancel_pending_order", {"order_id": did, "reason": "no longer needed"})
    assert err and out.startswith("Error:")
    assert set(env.changed_records()["orders"]) == {oid, did}
    assert check_invariants("retail", env.state.materialize()) == []


def test_airline_tools_run_on_generated_db(small: dict) -> None:
    db = small["airline"]
    env = _tool_env("airline", db)
    rid, res = _first(db["reservations"], lambda r: "status" not in r and r["flights"][0]["date"] > "2024-05-16")
    out, err = env.execute("get_reservation_details", {"reservation_id": rid})
    assert not err and json.loads(out)["user_id"] == res["user_id"]
    out, err = env.execute("cancel_reservation", {"reservation_id": rid})
    assert not err, out
    assert env.get("reservations", rid)["status"] == "cancelled"
    rid2, res2 = _first(db["reservations"], lambda r: "status" not in r and r["reservation_id"] != rid)
    payer = res2["payment_history"][0]["payment_id"]
    out, err = env.execute("update_reservation_baggages", {
        "reservation_id": rid2, "total_baggages": res2["total_baggages"] + 1,
        "nonfree_baggages": res2["nonfree_baggages"] + 1, "payment_id": payer})
    if err:  # a gift card may lack the 50 for the bag: the error must say so, state untouched
        assert "balance" in out and env.get("reservations", rid2) == res2
    else:
        assert env.get("reservations", rid2)["nonfree_baggages"] == res2["nonfree_baggages"] + 1
    assert check_invariants("airline", env.state.materialize()) == []


# -- telecom ---------------------------------------------------------------------------------


def test_telecom_tau2_db_and_generated_dbs_pass(shared_data: Path) -> None:
    from trajectory2gym.envs.telecom.data import load_tau2_db

    root = shared_data / "tau2" / "telecom"
    if (root / "db.json").is_file():
        assert check_invariants("telecom", load_tau2_db(root)) == []
    for seed in (0, 1, 2):
        db = generate_db("telecom", seed=seed)
        assert len(db["customers"]) == 100
        assert check_invariants("telecom", db) == []
    assert json.dumps(generate_db("telecom", seed=4)) == json.dumps(generate_db("telecom", seed=4))
    assert json.dumps(generate_db("telecom", seed=4)) != json.dumps(generate_db("telecom", seed=5))


def test_telecom_violations_are_reported() -> None:
    base = generate_db("telecom", seed=0)
    cid, customer = _first(base["customers"])
    lid = customer["line_ids"][0]
    db = copy.deepcopy(base)
    db["lines"][lid]["plan_id"] = "P0"
    db["bills"][customer["bill_ids"][0]]["total_due"] += 1
    db["lines"][lid]["phone_number"] = db["lines"][next(k for k in db["lines"] if k != lid)]["phone_number"]
    errs = check_invariants("telecom", db)
    assert any(e.startswith(f"lines {lid}: unknown plan 'P0'") for e in errs)
    assert any(e.startswith(f"bills {customer['bill_ids'][0]}: total_due") for e in errs)
    assert any("phone number also used" in e for e in errs)


def test_telecom_write_db_is_tau2_layout(tmp_path: Path) -> None:
    from trajectory2gym.envs.telecom.data import load_tau2_db

    db = generate_db("telecom", seed=2, size=9)
    write_db(db, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.json", "user_db.json"]
    assert isinstance(json.loads((tmp_path / "db.json").read_text())["customers"], list)
    assert load_tau2_db(tmp_path) == db


def test_telecom_tools_run_on_generated_db() -> None:
    from trajectory2gym.envs.telecom.env import TelecomEnv

    db = generate_db("telecom", seed=1)
    env = TelecomEnv(copy.deepcopy(db))
    cid, customer = _first(db["customers"], lambda c: db["lines"][c["line_ids"][0]]["status"] == "Active")
    lid = customer["line_ids"][0]
    line = db["lines"][lid]
    assert env.run_function("user", "set_user_info", {"name": customer["full_name"],
                                                      "phone_number": line["phone_number"]})[1] is None
    out, err = env.execute("get_customer_by_phone", {"phone_number": line["phone_number"]})
    assert not err and json.loads(out)["customer_id"] == cid
    out, err = env.execute("refuel_data", {"customer_id": cid, "line_id": lid, "gb_amount": 1.5})
    assert not err and env.get("lines", lid)["data_refueling_gb"] == 1.5
    out, err = env.execute("suspend_line", {"customer_id": cid, "line_id": lid, "reason": "travel"})
    assert not err and not env.get("phone", "surroundings")["line_active"]
    out, err = env.execute_user("reboot_device", {})
    assert not err and env.get("phone", "device")["network_connection_status"] == "no_service"
    assert check_invariants("telecom", env.state.materialize()) == []
