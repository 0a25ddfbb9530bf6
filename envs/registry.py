"""The domain registry: which domains exist, their tools and tool metadata.

Each domain lives in ``envs/<name>/domain.py`` exposing ``DOMAIN: Domain``;
domains are imported on first use, and a domain whose package is not built yet
(telecom) is simply not listed.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import TYPE_CHECKING

from trajectory2gym.envs.domain import Domain
from trajectory2gym.interaction import ToolSpec
from trajectory2gym.toolmeta import ToolMeta

if TYPE_CHECKING:
    from trajectory2gym.envs.env import ToolEnv
    from trajectory2gym.envs.user_base import UserSimulator

_KNOWN: tuple[str, ...] = ("retail", "airline", "telecom")


def _module_name(name: str) -> str:
    return f"trajectory2gym.envs.{name}.domain"


def _available(name: str) -> bool:
    try:
        return importlib.util.find_spec(_module_name(name)) is not None
    except ModuleNotFoundError:
        return False


DOMAINS: tuple[str, ...] = tuple(n for n in _KNOWN if _available(n))


@cache
def get_domain(name: str) -> Domain:
    if name not in DOMAINS:
        raise ValueError(f"unknown domain {name!r} (known: {', '.join(DOMAINS)})")
    return importlib.import_module(_module_name(name)).DOMAIN


def make_tool_env(domain: str, db: dict | None = None, *, tau_bench_compat: bool = True) -> ToolEnv:
    """The domain's tool executor: ``make_tool_env(db, tau_bench_compat=...)`` from its domain
    module when it defines one (telecom's dual-control env), else a plain ``ToolEnv``."""
    get_domain(domain)
    factory = getattr(importlib.import_module(_module_name(domain)), "make_tool_env", None)
    if factory is not None:
        return factory(db, tau_bench_compat=tau_bench_compat)
    from trajectory2gym.envs.env import ToolEnv

    return ToolEnv(domain, db, tau_bench_compat=tau_bench_compat)


def scripted_user(domain: str) -> UserSimulator:
    """The domain's scripted customer: ``make_scripted_user()`` from its domain module when it
    defines one (telecom's customer acts on the phone), else the generic ``ScriptedUser``."""
    get_domain(domain)
    factory = getattr(importlib.import_module(_module_name(domain)), "make_scripted_user", None)
    if factory is not None:
        return factory()
    from trajectory2gym.envs.users import ScriptedUser

    return ScriptedUser()


def tool_specs(domain: str) -> list[ToolSpec]:
    """What the agent sees: the agent-side tools only."""
    return get_domain(domain).tool_specs()


def tool_metadata(domain: str) -> dict[str, ToolMeta]:
    """Both sides' tools (the user's device tools have ``side="user"``)."""
    return get_domain(domain).tool_metadata()


def named_constants(domain: str) -> dict[str, tuple[str, ...]]:
    """Constant argument values and the names that stand for them (``{"JFK": ("New York",)}``)."""
    return get_domain(domain).named_constants


def named_regions(domain: str) -> dict[str, tuple[str, ...]]:
    """Regions and the constants in each (``{"West Coast": ("SEA", "SFO", "LAX")}``)."""
    return get_domain(domain).named_regions


def lookalike_names(domain: str) -> tuple[str, ...]:
    """Names holding a named constant's name that stand for none (``("Kansas City",)``)."""
    return get_domain(domain).lookalike_names


def user_tool_specs(domain: str) -> list[ToolSpec]:
    """The user's device tools (dual control; empty for single-control domains)."""
    return get_domain(domain).user_tool_specs()


def guess_domain(tool_names: set[str]) -> str | None:
    """The domain whose toolkit contains all the used tool names (the most specific one if several)."""
    if not tool_names:
        return None
    best: tuple[int, str] | None = None
    for name in DOMAINS:
        domain = get_domain(name)
        tools = set(domain.tools) | set(domain.user_tools)
        if tool_names <= tools:
            # Prefer the domain that explains the names with the fewest extra tools.
            key = (len(tools - tool_names), name)
            if best is None or key < best:
                best = key
    if best is not None:
        return best[1]
    # No domain has them all: take the one sharing the most domain-specific names.
    generic = {"calculate", "think", "transfer_to_human_agents"}
    scores = {n: len((tool_names - generic) & (set(get_domain(n).tools) | set(get_domain(n).user_tools)))
              for n in DOMAINS}
    top = max(scores.items(), key=lambda kv: kv[1], default=(None, 0))
    return top[0] if top[1] > 0 else None
