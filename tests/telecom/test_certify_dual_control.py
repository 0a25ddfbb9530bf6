"""Certification of user-side (device) tool calls: visible evidence, never agent decisions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from trajectory2gym.actors.teachers.scripted import ScriptedTeacher
from trajectory2gym.certify.certifier import Certifier
from trajectory2gym.envs.dbgen import generate_db
from trajectory2gym.envs.env import Env
from trajectory2gym.envs.generator import TaskGenerator
from trajectory2gym.envs.registry import scripted_user, tool_specs
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.interaction import Interaction


@pytest.fixture(scope="module")
def generator() -> TaskGenerator:
    return TaskGenerator("telecom", generate_db("telecom", seed=0))


def _episode(generator: TaskGenerator, family: str, template: str, seed: int = 0) -> Interaction:
    task = generator.generate(family, random.Random(seed), task_id=f"{template}-{seed}", template=template)
    env = Env("telecom", generator.db, user=scripted_user("telecom"))
    return run_episode(env, ScriptedTeacher(), task, seed=seed)


def test_device_calls_are_evidence_not_decisions(generator: TaskGenerator) -> None:
    inter = _episode(generator, "state", "pay_then_resume")
    assert inter.reward == 1.0
    device_msgs = [i for i, m in enumerate(inter.messages) if m.role == "user" and m.calls]
    assert device_msgs, "the customer acted on the phone"
    cert = Certifier().certify(inter)
    # Only assistant messages are decisions; every one of them is certified.
    assert [d.message_index for d in cert.decisions] == inter.assistant_indices()
    assert not set(device_msgs) & {d.message_index for d in cert.decisions}
    assert all(d.eligible for d in cert.decisions), [d.reasons for d in cert.decisions if not d.eligible]
    # The device calls are listed, type-level, for canonical paths.
    listed = cert.metadata["user_actions"]
    assert [a["message_index"] for a in listed] == device_msgs
    assert [a["name"] for a in listed] == ["make_payment", "reboot_device"]
    assert [(a["access"], a["object_class"]) for a in listed] == [("write", "finance"), ("write", "connectivity")]
    assert any("->user_action(finance)" in d for d in cert.path or [])


def _call_message(index: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"a{index}", "type": "function", "function": {"name": name, "arguments": arguments}}]}


def _conversation(device_result: str | None) -> Interaction:
    """The agent uses a bill id that only the customer's phone showed (when it did)."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "policy"},
        {"role": "user", "content": "I got a payment request on my phone. My customer id is C1001."},
        {"role": "assistant", "content": "Please check the payment request on your phone."},
    ]
    if device_result is not None:
        messages += [
            {"role": "user", "content": None, "tool_calls": [
                {"id": "u1", "type": "function", "function": {"name": "check_payment_request", "arguments": {}}}]},
            {"role": "tool", "tool_call_id": "u1", "name": "check_payment_request", "content": device_result},
        ]
    messages += [
        {"role": "user", "content": "Done, what now?"},
        _call_message(5, "get_details_by_id", {"id": "B1002"}),
        {"role": "tool", "tool_call_id": "a5", "name": "get_details_by_id", "content": '{"bill_id": "B1002"}'},
    ]
    return Interaction.model_validate({"domain": "telecom", "tools": [t.model_dump() for t in tool_specs("telecom")],
                                       "messages": messages})


def test_a_value_shown_by_the_device_is_visible_to_the_agent() -> None:
    certifier = Certifier()
    seen = certifier.certify(_conversation("You have a payment request for bill B1002 of 70.0 USD."))
    unseen = certifier.certify(_conversation(None))
    call_seen = [d for d in seen.decisions if d.kind == "call"][0]
    call_unseen = [d for d in unseen.decisions if d.kind == "call"][0]
    assert call_seen.eligible and call_seen.checks["visibility"]
    assert not call_unseen.eligible and not call_unseen.checks["visibility"]
    # Two assistant messages, two decisions: the device call is not one.
    assert len(seen.decisions) == 2 and seen.metadata["user_actions"][0]["name"] == "check_payment_request"
    assert "user_actions" not in unseen.metadata


def test_a_failed_device_call_is_not_an_agent_error() -> None:
    cert = Certifier().certify(_conversation("Error: You do not have a payment request."))
    call = [d for d in cert.decisions if d.kind == "call"][0]
    assert not call.after_error  # the agent itself made no failed call before it
    assert not call.checks["visibility"]  # and an error text does not show the bill id
