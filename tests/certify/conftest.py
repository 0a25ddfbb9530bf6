"""Builders for certification tests: retail-style tool schemas and a conversation builder."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.interaction import Interaction


def _tool(name: str, props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": name.replace("_", " "),
            "parameters": {"type": "object", "properties": props, "required": required or list(props)},
        },
    }


STR = {"type": "string"}
STR_LIST = {"type": "array", "items": {"type": "string"}}

RETAIL_TOOLS: list[dict[str, Any]] = [
    _tool("find_user_id_by_email", {"email": STR}),
    _tool("find_user_id_by_name_zip", {"first_name": STR, "last_name": STR, "zip": STR}),
    _tool("get_user_details", {"user_id": STR}),
    _tool("get_order_details", {"order_id": STR}),
    _tool("get_product_details", {"product_id": STR}),
    _tool("cancel_pending_order", {
        "order_id": STR, "reason": {"type": "string", "enum": ["no longer needed", "ordered by mistake"]},
    }),
    _tool("exchange_delivered_order_items", {
        "order_id": STR, "item_ids": STR_LIST, "new_item_ids": STR_LIST, "payment_method_id": STR,
    }),
    _tool("return_delivered_order_items", {"order_id": STR, "item_ids": STR_LIST, "payment_method_id": STR}),
    _tool("modify_pending_order_address", {
        "order_id": STR, "address1": STR, "address2": STR, "city": STR, "state": STR, "country": STR, "zip": STR,
    }),
    _tool("calculate", {"expression": STR}),
    _tool("transfer_to_human_agents", {"summary": STR}),
]


class Convo:
    """Appends messages in the interchange format; ``call`` adds the assistant call and its observation."""

    def __init__(self, tools: list[dict[str, Any]] | None = None, private: dict[str, Any] | None = None,
                 domain: str | None = "retail", system: str = "You are a helpful retail support agent."):
        self.tools = RETAIL_TOOLS if tools is None else tools
        self.private = private or {}
        self.domain = domain
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
        self._n = 0

    def _id(self) -> str:
        self._n += 1
        return f"call_{self._n}"

    def user(self, text: str) -> int:
        self.messages.append({"role": "user", "content": text})
        return len(self.messages) - 1

    def say(self, text: str) -> int:
        self.messages.append({"role": "assistant", "content": text})
        return len(self.messages) - 1

    def calls(self, *specs: tuple[str, dict[str, Any], Any], content: str | None = None) -> int:
        """One assistant message with several calls; each spec is (name, args, observation).

        An observation that is a dict/list is JSON-dumped (as tau-bench does); a string starting
        with ``Error`` is an error observation.
        """
        ids = [self._id() for _ in specs]
        self.messages.append({
            "role": "assistant", "content": content,
            "tool_calls": [
                {"id": cid, "type": "function",
                 "function": {"name": name, "arguments": orjson.dumps(args).decode()}}
                for cid, (name, args, _) in zip(ids, specs, strict=True)
            ],
        })
        index = len(self.messages) - 1
        for cid, (name, _, obs) in zip(ids, specs, strict=True):
            text = obs if isinstance(obs, str) else orjson.dumps(obs).decode()
            self.messages.append({"role": "tool", "tool_call_id": cid, "name": name, "content": text})
        return index

    def call(self, name: str, args: dict[str, Any], obs: Any, content: str | None = None) -> int:
        return self.calls((name, args, obs), content=content)

    def user_runs(self, name: str, args: dict[str, Any], obs: str, text: str | None = None) -> int:
        """Dual control: the user runs a tool on their own device."""
        cid = self._id()
        self.messages.append({
            "role": "user", "content": text,
            "tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": args}}],
        })
        index = len(self.messages) - 1
        self.messages.append({"role": "tool", "tool_call_id": cid, "name": name, "content": obs})
        return index

    def build(self, **extra: Any) -> Interaction:
        return Interaction.model_validate({
            "domain": self.domain, "tools": self.tools, "messages": self.messages,
            "private": self.private, **extra,
        })


ORDER_W123 = {
    "order_id": "#W123",
    "user_id": "noah_brown_6181",
    "status": "delivered",
    "items": [
        {"name": "Water Bottle", "product_id": "8310926033", "item_id": "6469567736", "price": 47.84,
         "options": {"capacity": "1000ml", "color": "blue"}},
        {"name": "Office Chair", "product_id": "4794339885", "item_id": "8426249116", "price": 488.81,
         "options": {"color": "black"}},
    ],
    "payment_history": [{"transaction_type": "payment", "amount": 536.65, "payment_method_id": "paypal_5727330"}],
}


@pytest.fixture
def convo() -> type[Convo]:
    return Convo


@pytest.fixture
def order_w123() -> dict[str, Any]:
    return orjson.loads(orjson.dumps(ORDER_W123))


def decision(cert: Any, index: int) -> Any:
    found = [d for d in cert.decisions if d.message_index == index]
    assert found, f"no decision at message {index}"
    return found[0]


@pytest.fixture
def at() -> Any:
    return decision


def wrong_and_right(c: Convo, template: str, wrong: str, right: str) -> tuple[list[str], bool]:
    """The reasons of the text ``template`` with ``wrong`` in it, and whether the same text with
    ``right`` is eligible, each said after what ``c`` holds so far."""
    said_wrong = c.say(template.format(wrong))
    said_right = c.say(template.format(right))
    cert = certify_interaction(c.build())
    return decision(cert, said_wrong).reasons, decision(cert, said_right).eligible

