"""The tau-bench result importer: messages, reward, private task, domain, bad entries."""

from __future__ import annotations

from pathlib import Path

import orjson

from trajectory2gym.codecs import read_interactions
from trajectory2gym.taubench import import_tau_bench_results
from trajectory2gym.validation import ReadReport


def _entry(task_id: int, order: str, reward: float) -> dict:
    return {
        "task_id": task_id,
        "reward": reward,
        "trial": 0,
        "info": {"task": {"user_id": "u1", "instruction": "secret plan", "actions": [
            {"name": "cancel_pending_order", "kwargs": {"order_id": order, "reason": "no longer needed"}}]}},
        "traj": [
            {"role": "system", "content": "policy"},
            {"role": "user", "content": f"cancel {order}"},
            {"role": "assistant", "content": None, "function_call": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "get_order_details", "arguments": orjson.dumps({"order_id": order}).decode()}}]},
            {"role": "tool", "tool_call_id": "call_1", "name": "get_order_details", "content": '{"status": "pending"}'},
            {"role": "assistant", "content": "Cancelled.", "tool_calls": []},
        ],
    }


def test_import_maps_fields_and_skips_bad_entries(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    bad = _entry(9, "#W2", 0.0)
    bad["traj"][3]["tool_call_id"] = "nope"
    path.write_bytes(orjson.dumps([_entry(3, "#W1", 1.0), bad, {"task_id": 4}]))
    report = ReadReport()
    got = list(import_tau_bench_results(path, report=report, guess_domain=lambda names: "retail" if "get_order_details" in names else None))
    assert len(got) == 1
    inter = got[0]
    assert inter.task_id == "3" and inter.reward == 1.0 and inter.domain == "retail"
    assert inter.private["task"]["instruction"] == "secret plan"
    assert "secret plan" not in orjson.dumps([m.model_dump() for m in inter.messages]).decode()
    assert inter.messages[2].calls[0].arguments == {"order_id": "#W1"}
    assert not inter.tools
    assert any("without tool schemas" in n for n in report.notes)
    assert report.bad_records == 2
    assert {e.line for e in report.errors} == {2, 3}
    assert {e.kind for e in report.errors} == {"dangling_tool_call_id", "unanswered_tool_call", "missing_field"}


def test_import_through_read_interactions_detects_format(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_bytes(orjson.dumps([_entry(1, "#W5", 0.0)]))
    got = list(read_interactions(path, domain="retail"))
    assert got[0].domain == "retail"
    assert got[0].metadata["source"] == "tau-bench"
