"""The certifier's records feed canonical paths: the paper's retail failed-lookup example end to end."""

from __future__ import annotations

import json

import pytest

from trajectory2gym.interaction import Interaction
from trajectory2gym.selector.paths import canonical_path

certifier = pytest.importorskip("trajectory2gym.certify.certifier")
registry = pytest.importorskip("trajectory2gym.envs.registry")

VALUES = {
    "email": "yusuf.rossi@example.com",
    "first": "Yusuf",
    "last": "Rossi",
    "zip": "19122",
    "user": "yusuf_rossi_9620",
    "order": "#W2378156",
}
OTHER = {
    "email": "mia.garcia@example.org",
    "first": "Mia",
    "last": "Garcia",
    "zip": "80201",
    "user": "mia_garcia_1234",
    "order": "#W7777777",
}


def episode(v: dict[str, str], iid: str = "ex") -> Interaction:
    def tc(i: int, name: str, args: dict) -> dict:
        return {"id": f"c{i}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}

    order = json.dumps({"order_id": v["order"], "user_id": v["user"], "status": "pending"})
    msgs = [
        {"role": "system", "content": "You are a retail agent."},
        {"role": "user", "content": f"Hi, please cancel order {v['order']}. My email is {v['email']}"},
        {"role": "assistant", "content": None, "tool_calls": [tc(1, "find_user_id_by_email", {"email": v["email"]})]},
        {"role": "tool", "tool_call_id": "c1", "name": "find_user_id_by_email", "content": "Error: user not found"},
        {"role": "assistant", "content": "I could not find that email. What are your name and zip code?"},
        {"role": "user", "content": f"{v['first']} {v['last']}, zip {v['zip']}"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                tc(2, "find_user_id_by_name_zip", {"first_name": v["first"], "last_name": v["last"], "zip": v["zip"]})
            ],
        },
        {"role": "tool", "tool_call_id": "c2", "name": "find_user_id_by_name_zip", "content": v["user"]},
        {"role": "assistant", "content": None, "tool_calls": [tc(3, "get_order_details", {"order_id": v["order"]})]},
        {"role": "tool", "tool_call_id": "c3", "name": "get_order_details", "content": order},
        {"role": "assistant", "content": f"Order {v['order']} is pending. Cancel it as ordered by mistake? (yes/no)"},
        {"role": "user", "content": "yes"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [tc(4, "cancel_pending_order", {"order_id": v["order"], "reason": "ordered by mistake"})],
        },
        {"role": "tool", "tool_call_id": "c4", "name": "cancel_pending_order", "content": '{"status": "cancelled"}'},
        {"role": "assistant", "content": "Your order has been cancelled."},
    ]
    tools = [t.model_dump() for t in registry.tool_specs("retail")]
    return Interaction.model_validate(
        {"id": iid, "task_id": "t", "domain": "retail", "tools": tools, "messages": msgs, "reward": 1.0}
    )


def test_failed_lookup_is_excluded_and_flags_the_next_decision():
    cert = certifier.certify_interaction(episode(VALUES))
    failed = [d for d in cert.decisions if any(c.observation == "error" for c in d.calls)]
    assert len(failed) == 1 and not failed[0].eligible
    descs, key = canonical_path(cert)
    assert cert.path_key == key  # the certifier attaches our canonical path
    supervised = [d for d in cert.decisions if d.eligible]
    assert len(descs) == len(supervised) == len(cert.decisions) - 1
    assert not any("->error" in d for d in descs)
    assert descs[0].endswith("|after_error")  # the decision right after the failed lookup
    assert all(d.endswith("|clean") for d in descs[1:])


def test_argument_values_do_not_change_the_key():
    a = certifier.certify_interaction(episode(VALUES))
    b = certifier.certify_interaction(episode(OTHER, "other"))
    assert [d.eligible for d in a.decisions] == [d.eligible for d in b.decisions]
    assert canonical_path(a) == canonical_path(b)
