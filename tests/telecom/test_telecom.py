"""Telecom (dual control): tau2 tasks replay, wrong sequences fail, every tool's happy path and refusal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trajectory2gym.envs.telecom.data import load_tau2_db
from trajectory2gym.envs.telecom.env import TelecomEnv
from trajectory2gym.envs.telecom.replay import load_tasks, replay_task, replay_tasks

TASK_FILES = ("telecom_train_tasks.json", "telecom_small_tasks.json")


@pytest.fixture(scope="module")
def tau2(shared_data: Path) -> Path:
    root = shared_data / "tau2"
    if not (root / "telecom" / "db.json").is_file():
        pytest.skip("tau2 telecom data not available")
    return root


@pytest.fixture()
def env(tau2: Path) -> TelecomEnv:
    e = TelecomEnv(load_tau2_db(tau2 / "telecom"))
    _, err = e.run_function("user", "set_user_info", {"name": "John Smith", "phone_number": "555-123-2002"})
    assert err is None
    return e


def snapshot(env: TelecomEnv) -> str:
    return json.dumps(env.state.materialize(), sort_keys=True)


# -- tau2 tasks ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", TASK_FILES)
def test_gold_actions_satisfy_every_assertion(tau2: Path, name: str) -> None:
    result = replay_tasks(str(tau2 / "telecom"), str(tau2 / name))
    tasks = load_tasks(tau2 / name)
    assert [t["id"] for t in result["tasks"]] == [t["id"] for t in tasks]
    assert [(t["id"], t["failed"]) for t in result["tasks"] if not t["assertions_passed"]] == []


@pytest.mark.parametrize("name", TASK_FILES)
def test_wrong_action_sequences_fail(tau2: Path, name: str) -> None:
    env = TelecomEnv(load_tau2_db(tau2 / "telecom"))
    for task in load_tasks(tau2 / name):
        assert replay_task(env, task, actions=[]), f"{task['id']} passes with no actions"
        gold = task["evaluation_criteria"]["actions"]
        # Only the agent's part of a dual-control fix (the customer never acts) must fail too.
        agent_only = [a for a in gold if a["requestor"] == "assistant"]
        if any(a["requestor"] == "user" for a in gold):
            assert replay_task(env, task, actions=agent_only), f"{task['id']} passes without the user"


def test_wrong_refuel_amount_fails(tau2: Path) -> None:
    task = load_tasks(tau2 / "telecom_train_tasks.json")[0]
    actions = json.loads(json.dumps(task["evaluation_criteria"]["actions"]))
    refuel = next(a for a in actions if a["name"] == "refuel_data")
    refuel["arguments"]["gb_amount"] = 1.0
    failed = replay_task(TelecomEnv(load_tau2_db(tau2 / "telecom")), task, actions=actions)
    assert any("assert_data_refueling_amount" in f for f in failed)


def test_replay_reports_bad_calls(tau2: Path, tmp_path: Path) -> None:
    bad = {"id": "bad", "initial_state": {"initialization_actions": [
        {"env_type": "user", "func_name": "no_such_function", "arguments": {}}]},
        "evaluation_criteria": {"actions": [{"requestor": "user", "name": "make_payment", "arguments": {}}],
                                "env_assertions": [{"env_type": "user", "func_name": "assert_service_status",
                                                    "arguments": {"expected_status": "connected"},
                                                    "assert_value": True}]}}
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([bad]))
    (entry,) = replay_tasks(str(tau2 / "telecom"), str(path))["tasks"]
    assert entry["id"] == "bad" and not entry["assertions_passed"]
    assert any("unknown user function 'no_such_function'" in f for f in entry["failed"])
    assert any("make_payment" in f and "do not have a payment request" in f for f in entry["failed"])


# -- registry and metadata -------------------------------------------------------------------


def test_registered_with_user_side_metadata() -> None:
    from trajectory2gym.envs.registry import (
        DOMAINS,
        get_domain,
        guess_domain,
        tool_metadata,
        tool_specs,
    )

    assert "telecom" in DOMAINS
    specs = {s.function.name for s in tool_specs("telecom")}
    meta = tool_metadata("telecom")
    user_tools = set(get_domain("telecom").user_tools)
    assert "refuel_data" in specs and "toggle_airplane_mode" not in specs
    assert user_tools and not (user_tools & specs)
    assert all(meta[n].side == "user" for n in user_tools)
    assert all(meta[n].side == "agent" for n in specs)
    assert {meta[n].object_class for n in user_tools} <= {"connectivity", "finance"}
    assert meta["toggle_airplane_mode"].access == "write" and meta["run_speed_test"].access == "read"
    assert meta["refuel_data"].arg_roles["gb_amount"] == "amount"
    assert guess_domain({"get_customer_by_phone", "refuel_data"}) == "telecom"


# -- synchronization -------------------------------------------------------------------------


def test_states_stay_synchronized(env: TelecomEnv) -> None:
    def surroundings() -> dict[str, Any]:
        return env.get("phone", "surroundings")

    assert surroundings()["line_active"] and surroundings()["roaming_allowed"]
    out, err = env.execute("suspend_line", {"customer_id": "C1001", "line_id": "L1002", "reason": "travel"})
    assert not err and not surroundings()["line_active"]
    out, _ = env.execute_user("reboot_device", {})
    assert env.get("phone", "device")["network_connection_status"] == "no_service"
    env.execute("resume_line", {"customer_id": "C1001", "line_id": "L1002"})
    env.execute_user("reboot_device", {})
    assert env.get("phone", "device")["network_connection_status"] == "connected"
    env.execute("disable_roaming", {"customer_id": "C1001", "line_id": "L1002"})
    assert not surroundings()["roaming_allowed"]
    env.run_function("assistant", "set_data_usage", {"customer_id": "C1001", "line_id": "L1002",
                                                     "data_used_gb": 15.5})
    assert surroundings()["mobile_data_usage_exceeded"]
    assert env.execute_user("run_speed_test", {})[0].startswith("Speed test failed")
    env.execute("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0})
    assert not surroundings()["mobile_data_usage_exceeded"]
    assert "Excellent" in env.execute_user("run_speed_test", {})[0]


def test_payment_request_round_trip(env: TelecomEnv) -> None:
    out, err = env.execute("send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"})
    assert not err and env.get("bills", "B1002")["status"] == "Awaiting Payment"
    assert env.get("phone", "surroundings")["payment_request"] == {"bill_id": "B1002", "amount_due": 150.0,
                                                                   "paid": False}
    assert "B1002" in env.execute_user("check_payment_request", {})[0]
    out, err = env.execute_user("make_payment", {})
    assert not err and "150.0 USD" in out
    assert env.get("bills", "B1002")["status"] == "Paid"
    assert env.get("phone", "surroundings")["payment_request"] is None


# -- every tool: happy path and refusal ------------------------------------------------------

# (side, tool, arguments, text the observation contains)
HAPPY: list[tuple[str, str, dict[str, Any], str]] = [
    ("assistant", "get_customer_by_phone", {"phone_number": "5551232002"}, '"customer_id": "C1001"'),
    ("assistant", "get_customer_by_id", {"customer_id": "C1002"}, "Sarah Johnson"),
    ("assistant", "get_customer_by_name", {"full_name": "john smith", "dob": "1985-06-15"}, "C1001"),
    ("assistant", "get_details_by_id", {"id": "P1002"}, "Premium Plan"),
    ("assistant", "suspend_line", {"customer_id": "C1001", "line_id": "L1001", "reason": "r"}, "suspended"),
    ("assistant", "resume_line", {"customer_id": "C1001", "line_id": "L1003"}, "resumed"),
    ("assistant", "get_bills_for_customer", {"customer_id": "C1001", "limit": 2}, "B1003"),
    ("assistant", "send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"}, "Payment request sent"),
    ("assistant", "get_data_usage", {"customer_id": "C1001", "line_id": "L1002"}, '"data_limit_gb": 15.0'),
    ("assistant", "enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, "enabled successfully"),
    ("assistant", "disable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "disabled successfully"),
    ("assistant", "refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, "$4.00"),
    ("assistant", "transfer_to_human_agents", {"summary": "s"}, "Transfer successful"),
    ("user", "check_status_bar", {}, "Battery 80%"),
    ("user", "check_network_status", {}, "Cellular Connection: connected"),
    ("user", "check_network_mode_preference", {}, "4g_5g_preferred"),
    ("user", "set_network_mode_preference", {"mode": "3g_only"}, "3G"),
    ("user", "run_speed_test", {}, "(Excellent)"),
    ("user", "toggle_airplane_mode", {}, "Airplane Mode is now ON"),
    ("user", "check_sim_status", {}, "active and working"),
    ("user", "reseat_sim_card", {}, "re-seated"),
    ("user", "toggle_data", {}, "Mobile Data is now OFF"),
    ("user", "toggle_roaming", {}, "Data Roaming is now ON"),
    ("user", "check_data_restriction_status", {}, "Data Saver mode is OFF"),
    ("user", "toggle_data_saver_mode", {}, "Data Saver Mode is now ON"),
    ("user", "check_apn_settings", {}, "Current APN Name: internet"),
    ("user", "set_apn_settings", {"apn_settings": {"apn_name": "internet", "mmsc_url": "http://x"}}, "internet"),
    ("user", "reset_apn_settings", {}, "reset at reboot"),
    ("user", "check_wifi_status", {}, "Wi-Fi is turned OFF"),
    ("user", "toggle_wifi", {}, "Wi-Fi is now ON"),
    ("user", "check_wifi_calling_status", {}, "turned OFF"),
    ("user", "toggle_wifi_calling", {}, "Wi-Fi Calling is now ON"),
    ("user", "check_vpn_status", {}, "VPN is turned OFF"),
    ("user", "connect_vpn", {}, "VPN connected"),
    ("user", "check_installed_apps", {}, "messaging, browser"),
    ("user", "check_app_status", {"app_name": "messaging"}, "   - sms"),
    ("user", "check_app_permissions", {"app_name": "browser"}, "network"),
    ("user", "grant_app_permission", {"app_name": "browser", "permission": "SMS"}, "granted"),
    ("user", "can_send_mms", {}, "can send MMS"),
    ("user", "reboot_device", {}, "Restarting network services"),
    ("user", "check_payment_request", {}, "No payment request"),
    ("user", "disconnect_vpn", {}, "VPN disconnected"),
    ("user", "make_payment", {}, "Payment of 150.0 USD has been made for bill B1002"),
]
# Calls that put the state where a happy path is possible.
HAPPY_SETUP: dict[str, list[tuple[str, str, dict[str, Any]]]] = {
    "disconnect_vpn": [("user", "connect_vpn", {})],
    "make_payment": [("assistant", "send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"})],
}

# (side, tool, set-up calls, arguments, error text)
REFUSED: list[tuple[str, str, list[tuple[str, str, dict[str, Any]]], dict[str, Any], str]] = [
    ("assistant", "get_customer_by_phone", [], {"phone_number": "555-000-0000"}, "not found"),
    ("assistant", "get_customer_by_id", [], {"customer_id": "C9"}, "Customer with ID C9 not found"),
    ("assistant", "get_customer_by_name", [], {"full_name": "John Smith", "dob": "15/06/1985"}, "YYYY-MM-DD"),
    ("assistant", "get_details_by_id", [], {"id": "X1"}, "Unknown ID format"),
    ("assistant", "suspend_line", [], {"customer_id": "C1001", "line_id": "L1003", "reason": "r"},
     "must be active"),
    ("assistant", "resume_line", [], {"customer_id": "C1001", "line_id": "L1002"}, "must be suspended"),
    ("assistant", "get_bills_for_customer", [], {"customer_id": "C1001", "limit": 0}, "at least 1"),
    ("assistant", "send_payment_request",
     [("assistant", "send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"})],
     {"customer_id": "C1001", "bill_id": "B1003"}, "already awaiting payment"),
    ("assistant", "get_data_usage", [], {"customer_id": "C1001", "line_id": "L1004"}, "not found for customer"),
    ("assistant", "enable_roaming", [], {"customer_id": "C1002", "line_id": "L1002"}, "not found for customer"),
    ("assistant", "disable_roaming", [], {"customer_id": "C9", "line_id": "L1002"}, "not found"),
    ("assistant", "refuel_data", [], {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 0}, "positive"),
    ("user", "set_network_mode_preference", [], {"mode": "6g"}, "must be one of"),
    ("user", "set_apn_settings", [], {"apn_settings": {"apn_name": "fast"}}, "must be 'internet'"),
    ("user", "toggle_wifi", [("user", "toggle_airplane_mode", {})], {}, "Airplane Mode is ON"),
    ("user", "connect_vpn", [("user", "connect_vpn", {})], {}, "already connected"),
    ("user", "disconnect_vpn", [], {}, "No active VPN"),
    ("user", "check_app_status", [], {"app_name": "camera"}, "not found on this phone"),
    ("user", "check_app_permissions", [], {"app_name": "camera"}, "not found on this phone"),
    ("user", "grant_app_permission", [], {"app_name": "messaging", "permission": "camera"}, "not tracked"),
    ("user", "make_payment", [], {}, "do not have a payment request"),
]


@pytest.mark.parametrize(("side", "tool", "args", "expected"), HAPPY, ids=[h[1] for h in HAPPY])
def test_tool_happy_path(env: TelecomEnv, side: str, tool: str, args: dict, expected: str) -> None:
    for s_side, s_tool, s_args in HAPPY_SETUP.get(tool, []):
        assert not env.execute(s_tool, s_args, requestor=s_side)[1]
    out, err = env.execute(tool, args, requestor=side)
    assert not err, out
    assert expected in out


@pytest.mark.parametrize(("side", "tool", "setup", "args", "expected"), REFUSED, ids=[r[1] for r in REFUSED])
def test_tool_precondition_error_leaves_state(env: TelecomEnv, side: str, tool: str, setup: list,
                                             args: dict, expected: str) -> None:
    for s_side, s_tool, s_args in setup:
        assert not env.execute(s_tool, s_args, requestor=s_side)[1]
    before = snapshot(env)
    out, err = env.execute(tool, args, requestor=side)
    assert err and out.startswith("Error: ") and expected in out, out
    assert snapshot(env) == before


def test_every_tool_is_covered() -> None:
    from trajectory2gym.envs.registry import get_domain

    domain = get_domain("telecom")
    assert {h[1] for h in HAPPY} == set(domain.tools) | set(domain.user_tools)


@pytest.mark.parametrize("side", ["assistant", "user"])
def test_bad_calls_are_errors_not_exceptions(env: TelecomEnv, side: str) -> None:
    tool = "get_customer_by_id" if side == "assistant" else "toggle_data"
    before = snapshot(env)
    for args in ('{"customer_id": ', [1, 2], {"bogus": 1}):
        out, err = env.execute(tool, args, requestor=side)
        assert err and out.startswith("Error: ")
    assert env.execute("toggle_data", {}, requestor="assistant")[0] == "Error: unknown tool 'toggle_data'"
    assert env.execute("refuel_data", {}, requestor="user")[0] == "Error: unknown tool 'refuel_data'"
    assert env.execute("toggle_data", {}, requestor="robot")[1]
    assert snapshot(env) == before


def test_mms_needs_every_fix(env: TelecomEnv) -> None:
    """A broken MMS setup is fixed only by the full sequence (reset APN then reboot; permission)."""
    for fn, args in (("break_apn_mms_setting", {}), ("remove_app_permission",
                                                    {"app_name": "messaging", "permission": "storage"})):
        assert env.run_function("user", fn, args)[1] is None
    assert "cannot" in env.execute_user("can_send_mms", {})[0]
    env.execute_user("reset_apn_settings", {})
    assert "cannot" in env.execute_user("can_send_mms", {})[0]  # applied only at reboot
    env.execute_user("reboot_device", {})
    assert "cannot" in env.execute_user("can_send_mms", {})[0]
    env.execute_user("grant_app_permission", {"app_name": "messaging", "permission": "storage"})
    assert "can send" in env.execute_user("can_send_mms", {})[0]


# -- framework integration: TaskSpec, reset by overlay, reward by assertions -----------------


def test_task_specs_reset_and_score_like_replay(tau2: Path) -> None:
    from trajectory2gym.envs.registry import make_tool_env
    from trajectory2gym.envs.telecom.tasks import task_spec_from_tau2

    env = make_tool_env("telecom", load_tau2_db(tau2 / "telecom"))
    assert isinstance(env, TelecomEnv)
    tasks = load_tasks(tau2 / "telecom_small_tasks.json")
    for task in tasks:
        spec = task_spec_from_tau2(task, env)
        assert spec.initial_overlay["phone"]["surroundings"]["phone_number"]
        assert all(a.name in env.domain.tools for a in spec.gold_actions)
        env.reset(spec)
        assert env.reward(spec, []) == 0.0, spec.id
        env.reset(spec)
        for action in spec.metadata["tau2"]["actions"]:
            env.execute(action["name"], action["arguments"], requestor=action["requestor"])
        info = env.reward_info(spec, [])
        assert info.reward == 1.0 and info.state_match, (spec.id, info.gold_action_errors)


def test_default_db_is_the_generated_one_even_beside_tau2_data(tau2: Path) -> None:
    """No db given: the seeded generator's, as for every domain; tau2's only when passed."""
    from trajectory2gym.envs.db import default_db

    env = TelecomEnv()
    assert env.db["customers"] == default_db("telecom")["customers"]
    assert env.db["customers"] != load_tau2_db(tau2 / "telecom")["customers"]
    assert len(env.db["customers"]) == 100 and "C1001" in env.db["customers"]
    out, err = env.execute("get_details_by_id", {"id": "P1001"})
    assert not err and json.loads(out)["plan_id"] == "P1001"


def test_generated_db_dir_replays_through_the_cli(tmp_path: Path) -> None:
    """``t2g env generate-db --domain telecom`` output (one file per kind) loads for replay."""
    from trajectory2gym.envs.db import write_tau_bench_db
    from trajectory2gym.envs.dbgen import generate_db

    db = generate_db("telecom", seed=3, size=5)
    write_tau_bench_db(db, tmp_path)
    assert load_tau2_db(tmp_path) == db
    (tmp_path / "lines.json").unlink()
    with pytest.raises(FileNotFoundError, match="lines.json"):
        load_tau2_db(tmp_path)


# -- episodes: an oracle agent and the scripted customer solve every tau2 task ---------------


def _oracle_turns(spec: Any) -> list[dict[str, Any]]:
    """Assistant messages that follow the gold actions: agent calls itself, asks for device ones."""
    turns: list[dict[str, Any]] = []
    for i, action in enumerate(spec.metadata["tau2"]["actions"]):
        if action["requestor"] == "user":
            turns.append({"role": "assistant", "content": f"Please do {action['name']} on your phone."})
        else:
            turns.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": f"c{i}", "type": "function",
                "function": {"name": action["name"], "arguments": json.dumps(action["arguments"])}}]})
    turns.append({"role": "assistant", "content": "Is there anything else I can help with?"})
    return turns


@pytest.mark.parametrize("name", TASK_FILES)
def test_oracle_and_scripted_user_solve_tau2_tasks(tau2: Path, name: str) -> None:
    from trajectory2gym.envs.env import Env
    from trajectory2gym.envs.telecom.tasks import task_spec_from_tau2
    from trajectory2gym.envs.telecom.user import TelecomScriptedUser

    tool_env = TelecomEnv(load_tau2_db(tau2 / "telecom"))
    user = TelecomScriptedUser(tool_env)
    env = Env("telecom", tool_env=tool_env, user=user, max_steps=40)
    for task in load_tasks(tau2 / name):
        spec = task_spec_from_tau2(task, tool_env)
        observations, _ = env.reset(seed=0, options={"task": spec})
        assert spec.facts["phone_number"] in observations[-1].content
        reward, done = 0.0, False
        for turn in _oracle_turns(spec):
            _, reward, done, truncated, info = env.step(turn)
            if done or truncated:
                break
        assert done and reward == 1.0, (spec.id, info.get("reward_info"))
        assert not user.pending and all(not c["is_error"] for c in user.calls)


def test_scripted_user_without_device_help_fails(tau2: Path) -> None:
    """The agent's calls alone do not fix a dual-control task: the customer must act."""
    from trajectory2gym.envs.env import Env
    from trajectory2gym.envs.telecom.tasks import task_spec_from_tau2
    from trajectory2gym.envs.telecom.user import TelecomScriptedUser

    tool_env = TelecomEnv(load_tau2_db(tau2 / "telecom"))
    env = Env("telecom", tool_env=tool_env, user=TelecomScriptedUser(tool_env), max_steps=40)
    task = load_tasks(tau2 / "telecom_train_tasks.json")[0]
    spec = task_spec_from_tau2(task, tool_env)
    env.reset(seed=0, options={"task": spec})
    turns = [t for t in _oracle_turns(spec) if not (t["content"] and "on your phone" in t["content"])]
    turns += turns[-1:] * 3  # the customer, still stuck, gives up after a few idle turns
    for turn in turns:
        _, reward, done, truncated, _ = env.step(turn)
        if done or truncated:
            break
    assert done and reward == 0.0


def test_tau2_db_loads_from_the_data_root(tmp_path: Path) -> None:
    """``--db data/tau2`` works like ``--db data/tau2/telecom`` (the root holds ``telecom/``)."""
    from trajectory2gym.envs.db import write_tau_bench_db
    from trajectory2gym.envs.dbgen import generate_db

    db = generate_db("telecom", seed=3, size=5)
    write_tau_bench_db(db, tmp_path / "telecom")
    assert load_tau2_db(tmp_path) == db == load_tau2_db(tmp_path / "telecom")
    with pytest.raises(FileNotFoundError, match="database directory not found"):
        load_tau2_db(tmp_path / "nowhere")


def test_scripted_teacher_replays_tau2_tasks_without_a_plan(tau2: Path) -> None:
    """tau2 tasks carry no plan: the scripted teacher replays their actions, asking the customer
    for the device ones, and the scripted customer runs them: every small task is solved."""
    from trajectory2gym.actors.teachers.scripted import ScriptedTeacher
    from trajectory2gym.envs.env import Env
    from trajectory2gym.envs.rollout import run_episode
    from trajectory2gym.envs.telecom.tasks import task_spec_from_tau2
    from trajectory2gym.envs.telecom.user import TelecomScriptedUser

    tool_env = TelecomEnv(load_tau2_db(tau2 / "telecom"))
    env = Env("telecom", tool_env=tool_env, user=TelecomScriptedUser(), max_steps=40)
    for task in load_tasks(tau2 / "telecom_small_tasks.json"):
        spec = task_spec_from_tau2(task, tool_env)
        assert not spec.plan
        inter = run_episode(env, ScriptedTeacher(), spec, seed=0)
        assert inter.metadata["teacher"]["plan_source"] == "gold_actions", inter.metadata.get("teacher_error")
        assert inter.reward == 1.0, (spec.id, inter.metadata.get("end"))
