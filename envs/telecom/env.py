"""``TelecomEnv``: the dual-control tool executor (agent tools, user device tools, env functions).

Extends the framework's ``ToolEnv`` with the customer's side: ``execute(...,
requestor="user")`` runs a device tool, ``run_function`` runs a task's set-up
or assertion function. Every call is a transaction followed by a sync of the
account and the phone; nothing raises, failures come back as ``Error: ...``.
"""

from __future__ import annotations

from typing import Any

import orjson

from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.env import ToolEnv
from trajectory2gym.envs.reward import RewardInfo, outputs_said
from trajectory2gym.envs.state import State, copy_record
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.envs.telecom.data import KINDS, from_tau2
from trajectory2gym.envs.telecom.env_functions import FUNCTIONS
from trajectory2gym.envs.telecom.sync import sync
from trajectory2gym.envs.tooling import ToolDef, ToolError
from trajectory2gym.interaction import ToolSpec


def telecom_default_db() -> dict[str, Any]:
    """The seeded generator's database, as for every domain: never third-party data found on disk
    (tau2's database is used only when passed, e.g. ``--db``), so an installed package behaves
    like a checkout."""
    from trajectory2gym.envs.db import default_db

    return default_db("telecom")


class TelecomEnv(ToolEnv):
    def __init__(self, db: dict | None = None, *, tau_bench_compat: bool = True) -> None:
        if db is None:
            db = telecom_default_db()
        elif isinstance(db.get("customers"), list):  # tau2's list layout
            db = from_tau2(db, db.get("user_db"))
        self.calls: list[dict[str, Any]] = []
        super().__init__("telecom", {k: db[k] for k in KINDS if k in db}, tau_bench_compat=tau_bench_compat)

    @property
    def user_tools(self) -> list[ToolSpec]:
        return self.domain.user_tool_specs()

    def execute(self, name: str, arguments: dict | str | None, requestor: str = "assistant") -> tuple[str, bool]:
        """Run a tool of the agent (``assistant``) or of the customer's phone (``user``)."""
        try:
            tools = self.domain.side_tools(requestor)
        except ValueError as exc:
            return f"Error: {exc}", True
        return self._call(tools, name, arguments)

    def execute_user(self, name: str, arguments: dict | str | None) -> tuple[str, bool]:
        return self.execute(name, arguments, requestor="user")

    def _call(self, tools: dict[str, ToolDef], name: str, arguments: Any) -> tuple[str, bool]:
        tool = tools.get(name)
        if tool is None:
            return f"Error: unknown tool '{name}'", True
        args, problem = _parse(name, arguments)
        if problem is None:
            problem = tool.check_arguments(args)
        if problem:
            return f"Error: {problem}", True
        out = self._transaction(lambda ctx: tool.fn(ctx, **args))
        if not out[1]:  # successful calls, for tau2's action check
            requestor = "user" if tools is self.domain.user_tools else "assistant"
            self.calls.append({"name": name, "arguments": args, "requestor": requestor})
        return out

    def run_function(self, env_type: str, func_name: str, arguments: dict | None = None) -> tuple[Any, str | None]:
        """A task's set-up or assertion function (or a tool) by side: ``(result, error or None)``."""
        side = {"assistant": self.domain.tools, "user": self.domain.user_tools}.get(env_type)
        if side is None:
            return None, f"env_type must be 'assistant' or 'user', got {env_type!r}"
        fn = FUNCTIONS[env_type].get(func_name)
        if fn is None:
            if func_name not in side:
                return None, f"unknown {env_type} function '{func_name}'"
            fn = side[func_name].fn
        args = dict(arguments or {})

        def run(ctx: Context) -> Any:
            out = fn(ctx, **args)
            sync(ctx.state)
            return out

        result, is_error = self._transaction(run, raw=True)
        return (None, result) if is_error else (result, None)

    def reward_info(self, task: TaskSpec, said: list[str]) -> RewardInfo:
        """tau2's scoring for tau2 tasks (env assertions, plus gold actions when the basis says
        ACTION, checked on the calls made this episode); the framework's state comparison otherwise."""
        tau2 = task.metadata.get("tau2")
        if not tau2:
            return super().reward_info(task, said)
        from trajectory2gym.envs.telecom.replay import check_actions, check_assertions

        failed = check_assertions(self, tau2["env_assertions"])
        if "ACTION" in tau2["reward_basis"]:
            failed += check_actions(tau2["actions"], self.calls)
        outputs = outputs_said(task.outputs, said)
        ok = not failed and all(outputs.values())
        return RewardInfo(1.0 if ok else 0.0, not failed, outputs, [{"name": "assertion", "error": f}
                                                                    for f in failed])

    def reset(self, task: TaskSpec | None = None) -> None:
        super().reset(task)
        self.calls: list[dict[str, Any]] = []

    def _transaction(self, body: Any, raw: bool = False) -> tuple[Any, bool]:
        state: State = self.state
        state.begin()
        try:
            out = body(Context(state, self.tau_bench_compat))
        except ToolError as exc:
            state.rollback()
            return (str(exc) if raw else f"Error: {exc}"), True
        except Exception as exc:  # a bad call (wrong arguments to a set-up function) must not escape
            state.rollback()
            return (f"{type(exc).__name__}: {exc}" if raw else f"Error: {exc}"), True
        state.commit()
        return out, False


def _parse(name: str, arguments: Any) -> tuple[dict[str, Any], str | None]:
    if arguments is None or arguments == "":
        return {}, None
    if isinstance(arguments, (str, bytes)):
        try:
            arguments = orjson.loads(arguments)
        except orjson.JSONDecodeError as exc:
            return {}, f"arguments of {name} are not valid JSON ({exc})"
    else:
        try:
            arguments = copy_record(arguments)
        except TypeError as exc:
            return {}, f"arguments of {name} are not JSON values ({exc})"
    if not isinstance(arguments, dict):
        return {}, f"arguments of {name} must be a JSON object, got {type(arguments).__name__}"
    return arguments, None
