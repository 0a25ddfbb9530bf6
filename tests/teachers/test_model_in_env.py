"""The OpenAI-compatible teacher and the LLM user in a real environment episode (local server)."""

from __future__ import annotations

import random

from trajectory2gym.actors.teachers.openai_teacher import OpenAITeacher
from trajectory2gym.envs.db import default_db
from trajectory2gym.envs.env import Env
from trajectory2gym.envs.generator import TaskGenerator
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.envs.user_base import STOP_TOKEN
from trajectory2gym.envs.users import LLMUser, ScriptedUser


def settings(server):
    return {"model": "m", "base_url": server.base_url, "timeout_s": 2.0, "max_retries": 1, "backoff_s": 0.0}


def test_malformed_calls_get_authentic_errors_and_the_episode_goes_on(chat_server, make_completion):
    gen = TaskGenerator("retail", default_db("retail"))
    task = gen.generate("information", random.Random(0), task_id="t", template="return_item")
    order_id = task.facts["order_id"]
    chat_server.reply(make_completion(tool_calls=[("get_order_details", '{"order_id": "' + order_id)]))
    chat_server.reply(make_completion(tool_calls=[("no_such_tool", "{}")]))
    chat_server.reply(make_completion(tool_calls=[("get_order_details", f'{{"order_id": "{order_id}"}}')]))
    chat_server.reply(make_completion(content="Your order is delivered. Is there anything else?"))
    inter = run_episode(Env("retail", gen.db, user=ScriptedUser()), OpenAITeacher(settings(chat_server)),
                        task, seed=0)
    tool_msgs = [m for m in inter.messages if m.role == "tool"]
    assert [m.is_error for m in tool_msgs] == [True, True, False]
    assert "not valid JSON" in tool_msgs[0].content and "unknown tool" in tool_msgs[1].content
    bad = inter.messages[2].calls[0]
    assert bad.arguments == {} and bad.function.raw_arguments.startswith('{"order_id"')
    assert inter.metadata["end"] == "terminated" and STOP_TOKEN in inter.messages[-1].content
    usage = inter.metadata["teacher"]["usage"]
    assert usage["requests"] == 4 and usage["prompt_tokens"] == 44
    # The private plan never reaches the model.
    assert all("plan" not in str(r["messages"]) for r in chat_server.requests)
    # The recorded interaction round-trips through the interchange format.
    from trajectory2gym.interaction import Interaction

    again = Interaction.model_validate(inter.to_dict())
    assert again.messages[2].calls[0].function.raw_arguments == bad.function.raw_arguments


def test_teacher_failure_ends_the_episode_with_a_record(chat_server):
    gen = TaskGenerator("airline", default_db("airline"))
    task = gen.generate("state", random.Random(0), task_id="t")
    for _ in range(2):
        chat_server.status(503)
    teacher = OpenAITeacher({**settings(chat_server), "max_retries": 1})
    inter = run_episode(Env("airline", gen.db, user=ScriptedUser()), teacher, task, seed=0)
    assert inter.metadata["end"] == "teacher_error" and "2 attempts failed" in inter.metadata["teacher_error"]


def test_llm_user_sees_the_conversation_with_roles_swapped(chat_server, make_completion):
    gen = TaskGenerator("retail", default_db("retail"))
    task = gen.generate("recovery", random.Random(0), task_id="t")
    chat_server.reply(make_completion(content="Hi, I need help with an order."))
    chat_server.reply(make_completion(content=f"Thanks, bye! {STOP_TOKEN}"))
    user = LLMUser(settings(chat_server))
    first = user.start(task, random.Random(0))
    assert first.role == "user" and first.content == "Hi, I need help with an order."
    history = [first]
    from trajectory2gym.interaction import FunctionCall, Message, ToolCall

    history += [
        Message(role="assistant", tool_calls=[ToolCall(id="c", function=FunctionCall(name="x"))]),
        Message(role="tool", tool_call_id="c", content="secret tool output"),
        Message(role="assistant", content="All done. Anything else?"),
    ]
    last = user.reply(history)
    assert STOP_TOKEN in last.content
    sent = chat_server.requests[1]["messages"]
    assert sent[0]["role"] == "system" and task.request in sent[0]["content"]
    assert [m["role"] for m in sent[1:]] == ["assistant", "user"]
    assert "secret tool output" not in str(sent)
    assert user.usage["requests"] == 2  # start + reply, counted per episode (start resets)


def test_paraphrase_is_kept_only_when_it_keeps_the_values(chat_server, make_completion):
    from trajectory2gym.envs.generator.llm import ChatClient, ChatSettings
    from trajectory2gym.envs.generator.paraphrase import kept_values, paraphrase_request

    gen = TaskGenerator("retail", default_db("retail"))
    task = gen.generate("information", random.Random(0), task_id="t", template="return_item")
    oid = task.facts["order_id"]
    item = next(s for s in task.plan if s.get("write"))
    assert kept_values(task.request, task.request) == []
    client = ChatClient(ChatSettings.model_validate(settings(chat_server)))
    chat_server.reply(make_completion(content="I want to send something back."))
    dropped = paraphrase_request(task, client)
    assert dropped.request == task.request and oid in dropped.metadata["paraphrase_rejected"]
    good = f"Hello! Order {oid}: I'd like a refund to the original payment method for my " \
           f"{task.request.split('the ', 1)[1].split(' from')[0]}."
    chat_server.reply(make_completion(content=good))
    kept = paraphrase_request(task, client)
    assert kept.request == good and kept.metadata["original_request"] == task.request
    assert item["arguments"]["order_id"] == oid
    # The paraphrased task still plays through with the scripted teacher.
    from trajectory2gym.actors.teachers.scripted import ScriptedTeacher

    inter = run_episode(Env("retail", gen.db, user=ScriptedUser()), ScriptedTeacher(), kept, seed=0)
    assert inter.reward == 1.0 and inter.messages[1].content.startswith("Hello!")


def test_llm_user_runs_its_device_tools_in_telecom(chat_server, make_completion):
    """Dual control: the model-played customer gets the device tools, and its calls run on the phone."""
    from trajectory2gym.envs.dbgen import generate_db
    from trajectory2gym.interaction import Message

    db = generate_db("telecom", seed=0, size=5)
    task = TaskGenerator("telecom", db).generate("recovery", random.Random(0), task_id="t")
    chat_server.reply(make_completion(content="My phone has no mobile data."))
    chat_server.reply(make_completion(tool_calls=[("check_status_bar", "{}")]))
    chat_server.reply(make_completion(content="The status bar shows the signal and no data icon."))
    env = Env("telecom", db, user=LLMUser(settings(chat_server)))
    obs, _ = env.reset(options={"task": task})
    assert obs[-1].content == "My phone has no mobile data."
    sent_tools = {t["function"]["name"] for t in chat_server.requests[0].get("tools", [])}
    assert not sent_tools  # the opening line needs no tools
    obs, _, done, _, _ = env.step(Message(role="assistant", content="Could you check your status bar?"))
    assert not done
    # The env ran the customer's call on the device side and recorded it in the history.
    user_call = next(m for m in env.history if m.role == "user" and m.tool_calls)
    answer = next(m for m in env.history if m.role == "tool" and m.tool_call_id == user_call.tool_calls[0].id)
    assert user_call.tool_calls[0].function.name == "check_status_bar" and not answer.is_error_observation
    assert env.history[-1].content == "The status bar shows the signal and no data icon."
    # The model saw the device tools, its own call and the phone's answer, never the agent's tools.
    second = chat_server.requests[2]
    names = {t["function"]["name"] for t in second["tools"]}
    assert "check_status_bar" in names and "get_customer_by_phone" not in names
    assert any(m.get("role") == "tool" and m.get("content") == answer.content for m in second["messages"])
