"""Dual control in the envs framework: tool sides, Domain.user_tools, user-side calls in Env.step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from trajectory2gym.envs.dbgen import generate_db
from trajectory2gym.envs.domain import Domain
from trajectory2gym.envs.env import Env, ToolEnv
from trajectory2gym.envs.registry import (
    get_domain,
    guess_domain,
    make_tool_env,
    scripted_user,
    tool_metadata,
    tool_specs,
    user_tool_specs,
)
from trajectory2gym.envs.tasks import Action, TaskSpec
from trajectory2gym.envs.tooling import ToolDef, Toolkit
from trajectory2gym.envs.user_base import STOP_TOKEN
from trajectory2gym.interaction import FunctionCall, Interaction, Message, ToolCall
from trajectory2gym.validation import structural_errors


@pytest.fixture(scope="module")
def db() -> dict[str, Any]:
    return generate_db("telecom", seed=0, size=5)


def _phone_task(db: dict[str, Any], **device: Any) -> TaskSpec:
    """A task whose phone belongs to the first line of the database."""
    line = next(iter(db["lines"].values()))
    sur = {**db["phone"]["surroundings"], "phone_number": line["phone_number"]}
    dev = {**db["phone"]["device"], **device}
    return TaskSpec(id="t", domain="telecom", request="My phone has no data.",
                    initial_overlay={"phone": {"device": dev, "surroundings": sur}})


def test_side_flows_from_declaration_into_metadata() -> None:
    kit = Toolkit()

    @kit.tool("Restart the phone.", access="write", object_class="connectivity", side="user")
    def restart(ctx: Any) -> str:
        return "ok"

    assert kit.tools["restart"].side == "user" and kit.tools["restart"].meta.side == "user"
    meta = tool_metadata("telecom")
    domain = get_domain("telecom")
    assert {n for n, m in meta.items() if m.side == "user"} == set(domain.user_tools)
    assert {n for n, m in meta.items() if m.side == "agent"} == set(domain.tools)
    assert meta["toggle_airplane_mode"].object_class == "connectivity"
    # The agent sees only its own tools; the device tools are listed separately.
    agent = {s.name for s in tool_specs("telecom")}
    assert agent == set(domain.tools) and not agent & set(domain.user_tools)
    assert {s.name for s in user_tool_specs("telecom")} == set(domain.user_tools)
    assert user_tool_specs("retail") == [] and all(m.side == "agent" for m in tool_metadata("retail").values())


def test_domain_rejects_wrong_sides_and_clashing_names() -> None:
    tool = ToolDef("ping", "Ping.", {}, "read", "generic", lambda ctx: "pong")
    device = ToolDef("ping", "Ping.", {}, "read", "generic", lambda ctx: "pong", "user")
    with pytest.raises(ValueError, match="agent tools declared with another side: ping"):
        Domain(name="x", kinds=(), tools={"ping": device}, policy="")
    with pytest.raises(ValueError, match="user tools declared with another side: ping"):
        Domain(name="x", kinds=(), tools={}, policy="", user_tools={"ping": tool})
    with pytest.raises(ValueError, match="both sides: ping"):
        Domain(name="x", kinds=(), tools={"ping": tool}, policy="", user_tools={"ping": device})


def test_execute_by_requestor(db: dict[str, Any]) -> None:
    env = make_tool_env("telecom", db)
    env.reset(_phone_task(db))
    # A device tool is not the agent's, and an agent tool is not the user's.
    assert env.execute("toggle_airplane_mode", {}) == ("Error: unknown tool 'toggle_airplane_mode'", True)
    out, err = env.execute("get_details_by_id", {"id": "P1001"}, requestor="user")
    assert err and "unknown tool 'get_details_by_id'" in out
    out, err = env.execute("toggle_airplane_mode", {}, requestor="user")
    assert not err and "Airplane Mode is now ON" in out and env.get("phone", "device")["airplane_mode"]
    out, err = env.execute("toggle_airplane_mode", {}, requestor="robot")
    assert err and "requestor must be 'assistant' or 'user'" in out
    # The framework's ToolEnv does the same for any domain.
    plain = ToolEnv("retail")
    out, err = plain.execute("get_user_details", {"user_id": "x"}, requestor="user")
    assert err and out == "Error: unknown tool 'get_user_details'"


def test_gold_replay_runs_device_actions_on_the_user_side(db: dict[str, Any]) -> None:
    env = make_tool_env("telecom", db)
    task = _phone_task(db, airplane_mode=True)
    task.gold_actions = [Action(name="toggle_airplane_mode")]
    env.reset(task)
    assert env.reward(task, []) == 0.0  # the phone is still in airplane mode
    env.execute("toggle_airplane_mode", {}, requestor="user")
    info = env.reward_info(task, [])
    assert info.reward == 1.0 and not info.gold_action_errors


def test_guess_domain_knows_device_tools() -> None:
    assert guess_domain({"toggle_airplane_mode", "get_customer_by_phone"}) == "telecom"
    assert guess_domain({"run_speed_test"}) == "telecom"


class _DeviceUser:
    """Turns airplane mode off on request, then reports what the phone showed."""

    def __init__(self, calls: list[tuple[str, dict[str, Any]]], loops: bool = False) -> None:
        self.calls = calls
        self.loops = loops
        self.seen: list[list[Message]] = []

    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        return Message(role="user", content=task.request)

    def reply(self, history: list[Message]) -> Message:
        self.seen.append(list(history))
        last = history[-1]
        if last.role == "tool" and not self.loops:
            return Message(role="user", content=f"The phone says: {last.content} {STOP_TOKEN}")
        calls = [ToolCall(id=f"d{len(self.seen)}_{k}", function=FunctionCall(name=n, arguments=a))
                 for k, (n, a) in enumerate(self.calls)]
        return Message(role="user", content=None, tool_calls=calls)


def test_step_runs_user_tool_calls_and_records_them(db: dict[str, Any]) -> None:
    user = _DeviceUser([("toggle_airplane_mode", {}), ("run_speed_test", {})])
    env = Env("telecom", db, user=user)
    env.reset(seed=0, options={"task": _phone_task(db, airplane_mode=True)})
    obs, _, done, _, _ = env.step(Message(role="assistant", content="Please turn airplane mode off."))
    assert [m.role for m in obs] == ["user", "tool", "tool", "user"]
    assert [c.name for c in obs[0].calls] == ["toggle_airplane_mode", "run_speed_test"]
    assert [m.tool_call_id for m in obs[1:3]] == [c.id for c in obs[0].calls]
    assert "Airplane Mode is now OFF" in obs[1].content and "Speed Test Result" in obs[2].content
    assert not obs[1].is_error and obs[1].name == "toggle_airplane_mode"
    assert done and STOP_TOKEN in obs[3].content
    assert env.tool_env.get("phone", "device")["airplane_mode"] is False
    # The user was asked again after its calls, and saw their results.
    assert len(user.seen) == 2 and user.seen[1][-1].role == "tool"
    # The history is a valid interaction in the interchange format.
    inter = Interaction(messages=env.history, domain="telecom", tools=env.tools)
    assert structural_errors(inter) == []


def test_failed_and_unknown_device_calls_are_error_observations(db: dict[str, Any]) -> None:
    user = _DeviceUser([("make_payment", {}), ("get_customer_by_id", {"customer_id": "C1001"})])
    env = Env("telecom", db, user=user)
    env.reset(seed=0, options={"task": _phone_task(db)})
    obs, *_ = env.step(Message(role="assistant", content="Please pay."))
    assert obs[1].is_error and obs[1].content.startswith("Error: You do not have a payment request")
    assert obs[2].is_error and "unknown tool 'get_customer_by_id'" in obs[2].content


def test_a_user_that_only_acts_is_cut_off(db: dict[str, Any]) -> None:
    user = _DeviceUser([("check_status_bar", {})], loops=True)
    env = Env("telecom", db, user=user)
    env.reset(seed=0, options={"task": _phone_task(db)})
    obs, _, done, truncated, _ = env.step(Message(role="assistant", content="Check your phone."))
    rounds = Env.max_user_actions + 1
    assert len(user.seen) == rounds and len(obs) == 2 * rounds + 1
    assert obs[-1].role == "user" and obs[-1].content and not obs[-1].calls
    assert not done and not truncated


def test_retail_user_tool_calls_get_errors() -> None:
    """A user simulator calling tools in a single-control domain gets error observations."""
    user = _DeviceUser([("get_user_details", {"user_id": "x"})])
    env = Env("retail", user=user)
    env.reset(seed=0, options={"task": TaskSpec(id="r", domain="retail", request="hi")})
    obs, *_ = env.step(Message(role="assistant", content="Hello"))
    assert obs[1].is_error and "unknown tool" in obs[1].content


def test_scripted_user_hook() -> None:
    from trajectory2gym.envs.telecom.user import TelecomScriptedUser
    from trajectory2gym.envs.users import ScriptedUser

    assert isinstance(scripted_user("telecom"), TelecomScriptedUser)
    assert isinstance(scripted_user("retail"), ScriptedUser)
