"""The telecom domain: the agent's toolkit plus the customer's device toolkit (``user_tools``)."""

from __future__ import annotations

from typing import Any

from trajectory2gym.envs.domain import Domain
from trajectory2gym.envs.telecom.agent_tools import toolkit as agent_toolkit
from trajectory2gym.envs.telecom.data import KINDS
from trajectory2gym.envs.telecom.policy import POLICY
from trajectory2gym.envs.telecom.user_tools import toolkit as user_toolkit

QUIRKS = {
    "draft_bill_id": "a refuel without a draft bill creates one; tau2 names it with a random uuid, "
                     "ours takes the next free number (B1007, ...) so replays are deterministic",
    "device_refusals": "device tools tau2 answers with a plain refusal text (Wi-Fi in airplane mode, "
                       "no payment request, unknown app, VPN already connected) return 'Error: ...'",
}

DOMAIN = Domain(name="telecom", kinds=KINDS, tools=agent_toolkit.tools, policy=POLICY,
                quirks=QUIRKS, user_tools=user_toolkit.tools)


def make_tool_env(db: dict | None = None, *, tau_bench_compat: bool = True) -> Any:
    """The registry's hook: telecom episodes need the dual-control executor."""
    from trajectory2gym.envs.telecom.env import TelecomEnv

    return TelecomEnv(db, tau_bench_compat=tau_bench_compat)


def make_scripted_user() -> Any:
    """The registry's hook: the telecom customer runs device calls when the agent asks."""
    from trajectory2gym.envs.telecom.user import TelecomScriptedUser

    return TelecomScriptedUser()
