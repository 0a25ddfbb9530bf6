"""Declaring telecom tools: the framework's ``ToolDef`` with its side, plus a sync after each call.

Every telecom tool runs ``sync`` after its body in the same transaction, which
keeps the account and the phone consistent after every call, whoever makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.telecom.sync import sync
from trajectory2gym.envs.tooling import Param, ToolDef, Toolkit
from trajectory2gym.toolmeta import Access, ObjectClass, Side


def synced(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``fn`` then synchronize the two states (as tau2 does after every call)."""

    @wraps(fn)
    def run(ctx: Context, **kwargs: Any) -> Any:
        out = fn(ctx, **kwargs)
        sync(ctx.state)
        return out

    return run


def declare(toolkit: Toolkit, side: Side, description: str, *, access: Access, object_class: ObjectClass,
            params: dict[str, Param] | None = None,
            records: tuple[str, ...] = ()) -> Callable[[Callable[..., str]], Callable[..., str]]:
    def register(fn: Callable[..., str]) -> Callable[..., str]:
        toolkit.add(ToolDef(fn.__name__, description, dict(params or {}), access, object_class,
                            synced(fn), side, records))
        return fn

    return register
