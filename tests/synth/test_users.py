from __future__ import annotations

import random

import pytest

from trajectory2gym.envs.tasks import Action, Obstacle, TaskSpec
from trajectory2gym.envs.user_base import STOP_TOKEN, UserSimulator
from trajectory2gym.envs.users import ScriptedUser
from trajectory2gym.interaction import Message


def spec(**kw) -> TaskSpec:
    base = dict(id="t", domain="retail", request="I want to return my lamp.",
                facts={"email": "ann@example.com", "first_name": "Ann", "last_name": "Lee", "zip": "12345",
                       "order_id": "#W1234567"},
                gold_actions=[Action(name="return_delivered_order_items", kwargs={}),
                              Action(name="cancel_pending_order", kwargs={})])
    base.update(kw)
    return TaskSpec(**base)


def agent(text: str) -> list[Message]:
    return [Message(role="assistant", content=text)]


def test_is_a_user_simulator():
    assert isinstance(ScriptedUser(), UserSimulator)


def test_start_uses_request_and_upfront_facts():
    user = ScriptedUser()
    first = user.start(spec(disclosed_upfront=["order_id", "zip"]), random.Random(0))
    assert first.role == "user"
    assert first.content.startswith("I want to return my lamp.")
    assert "#W1234567" in first.content and "Ann Lee" in first.content and "12345" in first.content


def test_discloses_only_what_is_asked():
    user = ScriptedUser()
    user.start(spec(), random.Random(0))
    reply = user.reply(agent("Could you give me your email address?")).content
    assert "ann@example.com" in reply and "12345" not in reply
    reply = user.reply(agent("Please tell me your first and last name and your zip code.")).content
    assert "Ann Lee" in reply and "12345" in reply and "@" not in reply


def test_obstacle_gives_the_wrong_value_first():
    user = ScriptedUser()
    user.start(spec(obstacles=[Obstacle(fact="email", wrong_value="old@example.net")]), random.Random(0))
    assert "old@example.net" in user.reply(agent("What is your email?")).content
    assert "ann@example.com" in user.reply(agent("Not found. What is your email again?")).content


@pytest.mark.parametrize("mode,subset,expected", [
    ("all", [], ["yes", "yes"]),
    ("decline", [], ["no", "no"]),
    ("subset", [1], ["no", "yes"]),
])
def test_confirmation_behaviour(mode, subset, expected):
    user = ScriptedUser()
    user.start(spec(confirmation=mode, confirm_subset=subset), random.Random(0))
    answers = [user.reply(agent(f"I will do action {k}. Do you confirm (yes/no)?")).content for k in range(2)]
    assert [a.split(",")[0].lower() for a in answers] == expected


def test_stops_on_anything_else_and_when_confused():
    user = ScriptedUser()
    user.start(spec(), random.Random(0))
    assert STOP_TOKEN in user.reply(agent("Order #W1234567 is done. Is there anything else?")).content
    user = ScriptedUser(max_confused_turns=2)
    user.start(spec(), random.Random(0))
    assert STOP_TOKEN not in user.reply(agent("The weather is nice.")).content
    assert STOP_TOKEN in user.reply(agent("Still nice.")).content


def test_reply_before_start_is_an_error():
    with pytest.raises(RuntimeError, match="before start"):
        ScriptedUser().reply(agent("hi"))


def test_task_without_request_opens_neutrally_never_with_the_hidden_instruction():
    """tau-bench tasks have no request; their instruction is an LLM customer's private brief."""
    from trajectory2gym.envs.users import NEUTRAL_OPENING

    instruction = "Your name is Olivia Ito and your zip code is 80218. You want to cancel order #W5442520."
    task = TaskSpec.from_tau_bench({"index": 4, "user_id": "olivia_ito_3591", "instruction": instruction,
                                    "actions": [], "outputs": []}, "retail")
    first = ScriptedUser().start(task, random.Random(0)).content
    assert first == NEUTRAL_OPENING
    assert not any(secret in first for secret in ("Olivia", "80218", "#W5442520", "Your name"))
    # A request, when there is one, is still what the customer says.
    assert ScriptedUser().start(task.model_copy(update={"request": "Cancel my order."}),
                                random.Random(0)).content == "Cancel my order."
