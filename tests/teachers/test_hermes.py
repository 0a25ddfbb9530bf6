from __future__ import annotations

from trajectory2gym.actors.teachers.hermes import parse_hermes


def test_plain_text_has_no_calls():
    msg = parse_hermes("Hello, how can I help?")
    assert msg.content == "Hello, how can I help?"
    assert msg.tool_calls is None


def test_two_calls_and_reasoning():
    text = (
        "<think>look up the user</think>\nSure.\n"
        '<tool_call>\n{"name": "find_user_id_by_email", "arguments": {"email": "a@b.c"}}\n</tool_call>\n'
        '<tool_call>{"name": "get_order_details", "arguments": {"order_id": "#W1"}}</tool_call>'
    )
    msg = parse_hermes(text)
    assert msg.reasoning_content == "look up the user"
    assert msg.content == "Sure."
    assert [c.name for c in msg.calls] == ["find_user_id_by_email", "get_order_details"]
    assert msg.calls[0].arguments == {"email": "a@b.c"}
    assert msg.calls[1].function.raw_arguments is None
    assert msg.calls[0].id != msg.calls[1].id


def test_dangling_think_close_from_template():
    msg = parse_hermes('planning...</think>\n<tool_call>{"name": "think", "arguments": {"thought": "x"}}</tool_call>')
    assert msg.reasoning_content == "planning..."
    assert msg.content is None
    assert msg.calls[0].arguments == {"thought": "x"}


def test_broken_json_is_kept_as_a_malformed_call():
    msg = parse_hermes('<tool_call>{"name": "get_order_details", "arguments": {"order_id": "#W1"</tool_call>')
    call = msg.calls[0]
    assert call.name == "get_order_details"
    assert call.arguments == {}
    assert call.function.raw_arguments is not None and "#W1" in call.function.raw_arguments


def test_unterminated_block_and_string_arguments():
    msg = parse_hermes('<tool_call>{"name": "calculate", "arguments": "{\\"expression\\": \\"1+2\\"}"}')
    assert msg.calls[0].name == "calculate"
    assert msg.calls[0].arguments == {"expression": "1+2"}


def test_non_object_arguments_are_raw():
    msg = parse_hermes('<tool_call>{"name": "calculate", "arguments": [1, 2]}</tool_call>')
    assert msg.calls[0].arguments == {}
    assert msg.calls[0].function.raw_arguments == "[1,2]"
