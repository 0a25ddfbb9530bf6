"""The gymnasium-style episode API and the tau-bench reward."""

from __future__ import annotations

import random

import pytest

from trajectory2gym.envs.env import Env
from trajectory2gym.envs.tasks import Action, TaskSpec
from trajectory2gym.envs.user_base import UserSimulator
from trajectory2gym.interaction import Message

from .conftest import airline_db, retail_db  # noqa: TID252


class EchoUser:
    """A tiny scripted user: greets with the request, stops when the agent says 'done'."""

    def __init__(self) -> None:
        self.replies = 0

    def start(self, task: TaskSpec, rng: random.Random) -> Message:
        return Message(role="user", content=f"{task.request} (#{rng.randint(0, 10**6)})")

    def reply(self, history: list[Message]) -> Message:
        self.replies += 1
        last = history[-1]
        assert last.role == "assistant"
        if "done" in (last.content or ""):
            return Message(role="user", content="thanks ###STOP###")
        return Message(role="user", content="yes")


def task(**over) -> TaskSpec:
    spec = dict(id="t1", domain="retail", request="Cancel order #W1 please.", gold_actions=[
        Action(name="cancel_pending_order", kwargs={"order_id": "#W1", "reason": "no longer needed"})])
    spec.update(over)
    return TaskSpec(**spec)


def call(cid: str, name: str, args: dict | str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}


def assistant(content: str | None = None, calls: list | None = None) -> Message:
    return Message.model_validate({"role": "assistant", "content": content, "tool_calls": calls})


def test_user_protocol_is_runtime_checkable():
    assert isinstance(EchoUser(), UserSimulator)


def test_reset_returns_policy_and_first_user_message_deterministically():
    env = Env("retail", retail_db(), user=EchoUser())
    obs, info = env.reset(seed=3, options={"task": task()})
    assert [m.role for m in obs] == ["system", "user"]
    assert obs[0].content == env.tool_env.policy and "Cancel order" in obs[1].content
    assert info["task_id"] == "t1" and len(info["tools"]) == 16
    again, _ = env.reset(seed=3, options={"task": task()})
    assert again[1].content == obs[1].content


def test_successful_episode_gets_reward_one():
    env = Env("retail", retail_db(), user=EchoUser())
    env.reset(seed=0, options={"task": task()})
    obs, r, term, trunc, _ = env.step(assistant("Shall I cancel #W1?"))
    assert obs[0].role == "user" and obs[0].content == "yes" and not term and r == 0.0
    obs, r, term, trunc, _ = env.step(assistant(calls=[
        call("c1", "get_order_details", {"order_id": "#W1"}),
        call("c2", "cancel_pending_order", '{"order_id": "#W1", "reason": "no longer needed"}')]))
    assert [(m.role, m.tool_call_id, m.is_error) for m in obs] == [("tool", "c1", False), ("tool", "c2", False)]
    assert not term
    obs, r, term, trunc, info = env.step(assistant("All done."))
    assert term and not trunc and r == 1.0
    assert info["reward_info"]["state_match"] is True
    assert list(info["changed_records"]["orders"]) == ["#W1"]
    assert [m.role for m in env.history] == ["system", "user", "assistant", "user", "assistant", "tool",
                                             "tool", "assistant", "user"]
    with pytest.raises(RuntimeError):
        env.step(assistant("more"))


def test_wrong_write_gets_reward_zero_and_bad_call_is_an_observation():
    env = Env("retail", retail_db(), user=EchoUser())
    env.reset(options={"task": task()})
    # A malformed call, given as a plain dict: recorded, answered with an error, never raised.
    obs, *_ = env.step({"role": "assistant", "tool_calls": [call("c1", "cancel_pending_order", "{oops")]})
    assert obs[0].is_error and obs[0].content.startswith("Error: arguments of cancel_pending_order are not valid")
    assert env.history[-2].tool_calls[0].function.raw_arguments == "{oops"
    env.step(assistant(calls=[call("c2", "cancel_pending_order", {"order_id": "#W3", "reason": "no longer needed"})]))
    *_, r, term, _, info = env.step(assistant("done"))
    assert term and r == 0.0 and info["reward_info"]["state_match"] is False


def test_handoff_ends_the_episode():
    env = Env("airline", airline_db(), user=EchoUser())
    env.reset(options={"task": task(domain="airline", gold_actions=[])})
    obs, r, term, trunc, _ = env.step(assistant(calls=[call("h", "transfer_to_human_agents", {"summary": "x"})]))
    assert term and obs[0].content == "Transfer successful" and r == 1.0  # nothing to change: state matches


def test_step_limit_truncates():
    env = Env("retail", retail_db(), user=EchoUser(), max_steps=2)
    env.reset(options={"task": task()})
    assert env.step(assistant("hello"))[3] is False
    _, r, term, trunc, info = env.step(assistant("hello again"))
    assert trunc and not term and r == 0.0 and "reward_info" in info


def test_required_outputs_rule():
    env = Env("retail", retail_db(), user=EchoUser())
    spec = task(gold_actions=[], outputs=["1,234.5"])
    env.reset(options={"task": spec})
    *_, r, term, _, _ = env.step(assistant("The total is 1,234.5 dollars, done"))
    assert term and r == 0.0  # commas are removed from what was said, not from the output
    env.reset(options={"task": task(gold_actions=[], outputs=["Total 1234.5"])})
    *_, r, _, _, info = env.step(assistant("Your TOTAL 1,234.5 - done"))
    assert r == 1.0 and info["reward_info"]["outputs"] == {"Total 1234.5": True}


def test_reward_is_type_exact_like_tau_bench():
    env = Env("retail", retail_db(), user=EchoUser())
    env.reset(options={"task": task(gold_actions=[])})
    # 50.0 -> 50 compares equal in Python but not in tau-bench's hash.
    env.tool_env.state.edit("users", "ann_lee_1")["payment_methods"]["gift_card_1"]["balance"] = 50
    assert env.tool_env.changed_records() == {}
    assert env.tool_env.reward(env.task, []) == 0.0


def test_initial_overlay_applies_to_episode_and_gold():
    spec = task(initial_overlay={"orders": {"#W4": {**retail_db()["orders"]["#W4"], "status": "pending"}}},
                gold_actions=[Action(name="cancel_pending_order",
                                     kwargs={"order_id": "#W4", "reason": "no longer needed"})])
    env = Env("retail", retail_db(), user=EchoUser())
    env.reset(options={"task": spec})
    assert env.tool_env.execute("cancel_pending_order", {"order_id": "#W4", "reason": "no longer needed"})[1] is False
    *_, r, _, _, _ = env.step(assistant("done"))
    assert r == 1.0


def test_reset_needs_a_task():
    env = Env("retail", retail_db(), user=EchoUser())
    with pytest.raises(ValueError, match="options"):
        env.reset()
