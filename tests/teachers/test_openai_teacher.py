from __future__ import annotations

import pytest

from trajectory2gym.actors.teachers.base import TeacherError, begin_episode, episode_metadata
from trajectory2gym.actors.teachers.openai_teacher import OpenAITeacher
from trajectory2gym.interaction import FunctionCall, Message, ToolCall, ToolSpec

TOOLS = [ToolSpec.model_validate({"type": "function", "function": {
    "name": "get_order_details", "description": "d",
    "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}}}})]
HISTORY = [Message(role="system", content="policy"), Message(role="user", content="where is #W1?")]


def teacher(server, **kw) -> OpenAITeacher:
    settings = {"model": "test-model", "base_url": server.base_url, "timeout_s": 2.0,
                "max_retries": 2, "backoff_s": 0.0, **kw}
    return OpenAITeacher(settings)


def test_tool_call_and_usage(chat_server, make_completion):
    chat_server.reply(make_completion(tool_calls=[("get_order_details", '{"order_id": "#W1"}')]))
    t = teacher(chat_server, temperature=0.3)
    begin_episode(t, "task", 0)
    msg = t.act(HISTORY, TOOLS, private={"plan": "secret"})
    assert msg.calls[0].name == "get_order_details"
    assert msg.calls[0].arguments == {"order_id": "#W1"}
    req = chat_server.requests[0]
    assert req["model"] == "test-model" and req["temperature"] == 0.3
    assert req["tools"][0]["function"]["name"] == "get_order_details"
    assert "secret" not in str(req)  # private never reaches the model
    usage = episode_metadata(t)["usage"]
    assert usage["prompt_tokens"] == 11 and usage["completion_tokens"] == 7 and usage["retries"] == 0


def test_history_with_tool_results_is_sent_in_wire_format(chat_server, make_completion):
    chat_server.reply(make_completion(content="It is pending."))
    history = HISTORY + [
        Message(role="assistant", tool_calls=[ToolCall(id="c1", function=FunctionCall(
            name="get_order_details", arguments={}, raw_arguments='{"order_id": '))]),
        Message(role="tool", tool_call_id="c1", name="get_order_details", content="Error: bad", is_error=True),
    ]
    msg = teacher(chat_server).act(history, TOOLS)
    assert msg.content == "It is pending." and not msg.calls
    sent = chat_server.requests[0]["messages"]
    assert sent[2]["tool_calls"][0]["function"]["arguments"] == '{"order_id": '  # malformed text kept
    assert sent[3] == {"role": "tool", "content": "Error: bad", "tool_call_id": "c1", "name": "get_order_details"}


def test_malformed_arguments_and_unknown_tool_become_calls(chat_server, make_completion):
    chat_server.reply(make_completion(tool_calls=[
        ("get_order_details", '{"order_id": "#W1"'), ("no_such_tool", "{}"), ("get_order_details", "[1]")]))
    msg = teacher(chat_server).act(HISTORY, TOOLS)
    bad, unknown, listy = msg.calls
    assert bad.arguments == {} and bad.function.raw_arguments == '{"order_id": "#W1"'
    assert unknown.name == "no_such_tool" and unknown.function.raw_arguments is None
    assert listy.function.raw_arguments == "[1]"


def test_5xx_then_success_is_retried(chat_server, make_completion):
    chat_server.status(503)
    chat_server.status(500)
    chat_server.reply(make_completion(content="ok"))
    t = teacher(chat_server)
    assert t.act(HISTORY, TOOLS).content == "ok"
    usage = t.episode_metadata()["usage"]
    assert usage["retries"] == 2 and usage["attempts"] == 3 and len(chat_server.requests) == 3
    assert "InternalServerError" in usage["failures"][0]


def test_timeout_then_success(chat_server, make_completion):
    chat_server.slow(1.5, make_completion(content="late"))
    chat_server.reply(make_completion(content="on time"))
    t = teacher(chat_server, timeout_s=0.5)
    assert t.act(HISTORY, TOOLS).content == "on time"
    assert "APITimeoutError" in t.episode_metadata()["usage"]["failures"][0]


def test_persistent_failure_raises_teacher_error(chat_server):
    for _ in range(3):
        chat_server.status(502)
    with pytest.raises(TeacherError, match="3 attempts failed"):
        teacher(chat_server).act(HISTORY, TOOLS)


def test_client_error_is_not_retried(chat_server):
    chat_server.status(400)
    with pytest.raises(TeacherError, match="rejected: BadRequestError"):
        teacher(chat_server).act(HISTORY, TOOLS)
    assert len(chat_server.requests) == 1
