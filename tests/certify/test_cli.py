"""End to end: a tau-bench-format result file built from real retail records, through ``t2g certify``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def _pick(shared: Path) -> tuple[dict[str, Any], str, dict[str, Any], dict[str, Any]]:
    """A real user with a delivered order of two or more items and a pending order."""
    users = json.loads((shared / "tau" / "retail" / "users.json").read_text())
    orders = json.loads((shared / "tau" / "retail" / "orders.json").read_text())
    for uid, user in users.items():
        mine = [orders[o] for o in user["orders"] if o in orders]
        delivered = [o for o in mine if o["status"] == "delivered" and len(o["items"]) >= 2]
        pending = [o for o in mine if o["status"] == "pending"]
        if delivered and pending:
            return user, uid, delivered[0], pending[0]
    raise AssertionError("no suitable user in the retail data")


def _call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None, "function_call": None,
            "tool_calls": [{"id": cid, "type": "function",
                            "function": {"name": name, "arguments": json.dumps(args)}}]}


def _obs(cid: str, name: str, content: Any) -> dict[str, Any]:
    text = content if isinstance(content, str) else json.dumps(content)
    return {"role": "tool", "tool_call_id": cid, "name": name, "content": text}


def _return_episode(user: dict, uid: str, order: dict) -> list[dict[str, Any]]:
    item = order["items"][0]
    pay = order["payment_history"][0]["payment_method_id"]
    first, last, zipc = user["name"]["first_name"], user["name"]["last_name"], user["address"]["zip"]
    returned = {**order, "status": "return requested"}
    return [
        {"role": "system", "content": "# Retail agent policy\nAuthenticate the user, then help with orders."},
        {"role": "user", "content": f"Hi, I want to return something. I'm {first} {last}, zip code {zipc}."},
        _call("c1", "find_user_id_by_name_zip", {"first_name": first, "last_name": last, "zip": zipc}),
        _obs("c1", "find_user_id_by_name_zip", uid),
        _call("c2", "get_user_details", {"user_id": uid}),
        _obs("c2", "get_user_details", user),
        {"role": "assistant", "content": "Thanks! Which order is it about?"},
        {"role": "user", "content": f"Order {order['order_id']}, the {item['name'].lower()}."},
        _call("c3", "get_order_details", {"order_id": order["order_id"]}),
        _obs("c3", "get_order_details", order),
        {"role": "assistant", "content": (
            f"I can return the {item['name']} (item {item['item_id']}) from order {order['order_id']}; "
            f"${item['price']} will be refunded to {pay}. Do you confirm (yes/no)?")},
        {"role": "user", "content": "Yes, please."},
        _call("c4", "return_delivered_order_items",
              {"order_id": order["order_id"], "item_ids": [item["item_id"]], "payment_method_id": pay}),
        _obs("c4", "return_delivered_order_items", returned),
        _call("c5", "return_delivered_order_items",
              {"order_id": order["order_id"], "item_ids": [item["item_id"]], "payment_method_id": pay}),
        _obs("c5", "return_delivered_order_items", "Error: non-delivered order cannot be returned"),
        {"role": "assistant", "content": f"Done: the return is requested and ${item['price']} goes back to {pay}."},
        {"role": "user", "content": "Thanks, bye! ###STOP###"},
    ]


def _cancel_episode(user: dict, uid: str, pending: dict) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": "# Retail agent policy"},
        {"role": "user", "content": f"Cancel my pending order please, my email is {user['email']}."},
        _call("d1", "find_user_id_by_email", {"email": user["email"]}),
        _obs("d1", "find_user_id_by_email", uid),
        # the id comes from the task, not from anything the agent saw: privileged
        _call("d2", "cancel_pending_order", {"order_id": pending["order_id"], "reason": "no longer needed"}),
        _obs("d2", "cancel_pending_order", {**pending, "status": "cancelled"}),
    ]


@pytest.fixture
def result_file(shared_data: Path, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    user, uid, delivered, pending = _pick(shared_data)
    entries = [
        {"task_id": 7, "reward": 1.0, "trial": 0, "traj": _return_episode(user, uid, delivered),
         "info": {"task": {"user_id": uid, "instruction": "return an item", "actions": [], "outputs": []}}},
        {"task_id": 8, "reward": 0.0, "trial": 0, "traj": _cancel_episode(user, uid, pending),
         "info": {"task": {"user_id": uid, "instruction": f"cancel {pending['order_id']}",
                           "actions": [{"name": "cancel_pending_order",
                                        "kwargs": {"order_id": pending["order_id"]}}], "outputs": []}}},
        {"task_id": 9, "reward": 0.0, "trial": 0, "traj": "not a message list"},
    ]
    path = tmp_path / "retail_results.json"
    path.write_text(json.dumps(entries))
    return path, {"delivered": delivered, "pending": pending}


def test_certify_cli_on_tau_bench_results(result_file, tmp_path):
    pytest.importorskip("trajectory2gym.envs.registry")
    path, facts = result_file
    out, report = tmp_path / "certified.jsonl", tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "trajectory2gym.cli", "certify", str(path), "-o", str(out), "--report", str(report)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "line 3" in proc.stderr and "traj" in proc.stderr  # the bad entry, reported and skipped
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["task_id"] for x in lines] == ["7", "8"]
    ret, cancel = lines
    assert ret["domain"] == "retail" and ret["reward"] == 1.0
    kinds = [(d["message_index"], d["kind"], d["eligible"]) for d in ret["decisions"]]
    assert kinds == [(2, "call", True), (4, "call", True), (6, "text", True), (8, "call", True),
                     (10, "text", True), (12, "call", True), (14, "call", False), (16, "text", True)]
    failed = ret["decisions"][6]
    assert failed["checks"]["execution"] is False and failed["checks"]["novelty"] is False
    assert ret["decisions"][7]["after_error"] is True
    assert ret["summary"] == {"decisions": 8, "eligible": 7}
    assert ret["decisions"][5]["calls"][0] == {
        "name": "return_delivered_order_items", "access": "write", "object_class": "commerce",
        "arg_roles": ["identifier", "identifier", "identifier"], "observation": "ok", "inferred": False}
    bad = cancel["decisions"][1]
    oid = facts["pending"]["order_id"]
    assert bad["privileged"] and f"cancel_pending_order: order_id='{oid}' found only in private (privileged)" \
        in bad["reasons"]
    assert not bad["checks"]["workflow"]
    stats = json.loads(report.read_text())
    assert stats["overall"]["interactions"] == 2 and stats["input"]["bad_records"] == 1
    assert stats["domains"]["retail"]["decisions"] == 10
    assert stats["overall"]["reasons"]["privileged"] == 1
    # Two worker processes: the same lines and the same report (the import stays in the parent).
    # Copies of the entries make more than one batch (one batch is certified in the parent).
    many = tmp_path / "many_results.json"
    many.write_text(json.dumps(json.loads(path.read_text()) * 20))
    runs = []
    for workers in ("1", "2"):
        out2, report2 = tmp_path / f"certified{workers}.jsonl", tmp_path / f"report{workers}.json"
        proc = subprocess.run(
            [sys.executable, "-m", "trajectory2gym.cli", "certify", str(many), "-o", str(out2),
             "--report", str(report2), "--workers", workers, "-q"], capture_output=True, text=True, timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        stats2 = json.loads(report2.read_text())
        del stats2["input"]["path"]
        runs.append((out2.read_bytes(), stats2))
    assert runs[0] == runs[1]
    assert runs[0][0] == out.read_bytes() * 20 and runs[0][1]["input"]["bad_records"] == 20


def test_certify_cli_msgpack_and_bad_lines(tmp_path, convo):
    from trajectory2gym.codecs import write_records

    c = convo()
    c.user("Check order #W123")
    c.call("get_order_details", {"order_id": "#W123"}, {"order_id": "#W123", "status": "pending"})
    good = c.build()
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(good.to_dict()) + "\n{broken\n" + json.dumps({"messages": "x"}) + "\n")
    out = tmp_path / "out.jsonl"
    proc = subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "certify", str(src), "-o", str(out), "-q"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "line 2" in proc.stderr and "line 3" in proc.stderr
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == [good.id]
    mp = tmp_path / "in.msgpack"
    write_records(mp, [good, good])
    proc = subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "certify", str(mp), "-o", str(out), "-q",
                           "--set", "check_text=false"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert len(out.read_text().splitlines()) == 2
    proc = subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "certify", str(mp), "-o", str(out),
                           "--set", "no_such_key=1"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "no_such_key: unknown key" in proc.stderr
