"""The environments: ``ToolEnv`` (stateful tool executor) and ``Env`` (episodes with a user).

``ToolEnv`` executes tool calls against a copy-on-write view of a shared base
database; ``reset`` drops the episode's overlay instead of reloading or copying
the database. ``execute`` never raises: every failure becomes an observation
starting ``Error: `` with ``is_error=True``.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from trajectory2gym.envs.domain import Context, Domain
from trajectory2gym.envs.registry import get_domain
from trajectory2gym.envs.reward import RewardInfo, outputs_said, states_equal
from trajectory2gym.envs.state import State, copy_record
from trajectory2gym.envs.tasks import Action, TaskSpec
from trajectory2gym.envs.tooling import ToolError
from trajectory2gym.envs.user_base import STOP_TOKEN, UserSimulator
from trajectory2gym.interaction import Message, ToolSpec
from trajectory2gym.toolmeta import ToolMeta


class ToolEnv:
    """Tools of one domain over a database; one episode state at a time."""

    def __init__(self, domain: str, db: dict | None = None, *, tau_bench_compat: bool = True) -> None:
        self.domain: Domain = get_domain(domain)
        if db is None:
            from trajectory2gym.envs.db import default_db

            db = default_db(domain)
        missing = [k for k in self.domain.kinds if k not in db]
        if missing:
            raise ValueError(f"{domain} database lacks record kinds: {', '.join(missing)}")
        self.db = db
        self.tau_bench_compat = tau_bench_compat
        self.state = State(db)
        self._ctx = Context(self.state, tau_bench_compat)
        self.task: TaskSpec | None = None
        self._specs: list[ToolSpec] | None = None

    # -- description --------------------------------------------------------------------------
    @property
    def tools(self) -> list[ToolSpec]:
        if self._specs is None:
            self._specs = self.domain.tool_specs()
        return self._specs

    @property
    def metadata(self) -> dict[str, ToolMeta]:
        return self.domain.tool_metadata()

    @property
    def policy(self) -> str:
        return self.domain.policy

    # -- episode state ------------------------------------------------------------------------
    def fresh_state(self, task: TaskSpec | None = None) -> State:
        return State(self.db, task.initial_overlay if task is not None else None)

    def reset(self, task: TaskSpec | None = None) -> None:
        self.task = task
        self.state = self.fresh_state(task)
        self._ctx = Context(self.state, self.tau_bench_compat)

    def get(self, kind: str, record_id: str) -> dict | None:
        """A copy of the current record (callers may mutate it freely)."""
        rec = self.state.get(kind, record_id)
        return None if rec is None else copy_record(rec)

    def changed_records(self) -> dict[str, dict[str, dict]]:
        return self.state.changed_records()

    # -- execution ----------------------------------------------------------------------------
    def execute(self, name: str, arguments: dict | str | None,
                requestor: str = "assistant") -> tuple[str, bool]:
        """Run one tool call of the agent (``assistant``) or, in a dual-control domain, of the
        user on their device (``user``): ``(observation, is_error)``. Never raises."""
        return self._execute_on(self._ctx, name, arguments, requestor)

    def _execute_on(self, ctx: Context, name: str, arguments: Any,
                    requestor: str = "assistant") -> tuple[str, bool]:
        try:
            tools = self.domain.side_tools(requestor)
        except ValueError as exc:
            return f"Error: {exc}", True
        tool = tools.get(name)
        if tool is None:
            return f"Error: unknown tool '{name}'", True
        if arguments is None or arguments == "":
            args: Any = {}
        elif isinstance(arguments, (str, bytes)):
            try:
                args = orjson.loads(arguments)
            except orjson.JSONDecodeError as exc:
                return f"Error: arguments of {name} are not valid JSON ({exc})", True
        else:
            try:
                args = copy_record(arguments)  # the tool may store them; never alias the caller's objects
            except TypeError as exc:
                return f"Error: arguments of {name} are not JSON values ({exc})", True
        if not isinstance(args, dict):
            return f"Error: arguments of {name} must be a JSON object, got {type(args).__name__}", True
        problem = tool.check_arguments(args)
        if problem:
            return f"Error: {problem}", True
        state = ctx.state
        state.begin()
        try:
            out = tool.fn(ctx, **args)
        except ToolError as exc:
            state.rollback()
            return f"Error: {exc}", True
        except Exception as exc:  # a tool bug must not escape; tau-bench reports these the same way
            state.rollback()
            return f"Error: {exc}", True
        state.commit()
        return out, False

    def replay(self, actions: list[Action], state: State | None = None) -> list[dict[str, str]]:
        """Apply actions (skipping hand-offs, as tau-bench does); returns the failed ones."""
        ctx = self._ctx if state is None else Context(state, self.tau_bench_compat)
        errors = []
        for action in actions:
            if action.name in self.domain.terminal_tools:
                continue
            # Gold actions name tools of both sides (the names never clash, see Domain).
            side = "user" if action.name in self.domain.user_tools else "assistant"
            out, is_error = self._execute_on(ctx, action.name, action.kwargs, side)
            if is_error:
                errors.append({"name": action.name, "error": out})
        return errors

    # -- reward -------------------------------------------------------------------------------
    def reward_info(self, task: TaskSpec, said: list[str]) -> RewardInfo:
        gold = self.fresh_state(task)
        errors = self.replay(task.gold_actions, gold)
        match = states_equal(self.state, gold)
        outputs = outputs_said(task.outputs, said)
        ok = match and all(outputs.values())
        return RewardInfo(1.0 if ok else 0.0, match, outputs, errors)

    def reward(self, task: TaskSpec, said: list[str]) -> float:
        return self.reward_info(task, said).reward


def _default_user() -> UserSimulator:
    try:
        from trajectory2gym.envs import users
    except ModuleNotFoundError:
        users = None  # type: ignore[assignment]
    factory = getattr(users, "ScriptedUser", None) if users is not None else None
    if factory is None:
        raise ValueError("Env needs a user simulator: pass user=... (envs/users.py has none yet)")
    return factory()


def _keep_malformed_arguments(action: dict) -> dict:
    """Move tool-call arguments that are not a JSON object to ``raw_arguments`` (answered with an error)."""
    calls = action.get("tool_calls")
    if not isinstance(calls, list):
        return action
    fixed = []
    for call in calls:
        fn = call.get("function") if isinstance(call, dict) else None
        args = fn.get("arguments") if isinstance(fn, dict) else None
        if isinstance(args, str):
            try:
                ok = isinstance(orjson.loads(args), dict) if args.strip() else True
            except orjson.JSONDecodeError:
                ok = False
            if not ok:
                call = {**call, "function": {**fn, "arguments": {}, "raw_arguments": args}}
        fixed.append(call)
    return {**action, "tool_calls": fixed}


class Env:
    """A gymnasium-style episode: observations are messages, an action is an assistant message.

    Dual control: a user reply that carries ``tool_calls`` runs them on the user's side
    (``requestor="user"``); the history gets that user message and one tool message per call,
    and the user is asked again, until it answers the agent in text (``max_user_actions``
    rounds at most).
    """

    max_user_actions: int = 8

    def __init__(self, domain: str, db: dict | None = None, *, user: UserSimulator | None = None,
                 max_steps: int = 30, tau_bench_compat: bool = True, tool_env: ToolEnv | None = None) -> None:
        from trajectory2gym.envs.registry import make_tool_env

        self.tool_env = tool_env if tool_env is not None else make_tool_env(
            domain, db, tau_bench_compat=tau_bench_compat)
        self.user = user
        self.max_steps = max_steps
        self.history: list[Message] = []
        self.task: TaskSpec | None = None
        self.steps = 0
        self.done = False
        self._said: list[str] = []

    @property
    def tools(self) -> list[ToolSpec]:
        return self.tool_env.tools

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[list[Message], dict]:
        options = options or {}
        task = options.get("task")
        if not isinstance(task, TaskSpec):
            raise ValueError("Env.reset needs options={'task': TaskSpec}")
        if self.user is None:
            self.user = _default_user()
        self.task = task
        self.tool_env.reset(task)
        self.steps = 0
        self.done = False
        self._said = []
        rng = random.Random(seed)
        system = Message(role="system", content=self.tool_env.policy)
        first = self.user.start(task, rng)
        self.history = [system, first]
        return [system, first], {"task_id": task.id, "tools": self.tools}

    def step(self, action: Message | dict) -> tuple[list[Message], float, bool, bool, dict]:
        if self.task is None:
            raise RuntimeError("call reset() before step()")
        if self.done:
            raise RuntimeError("episode is over; call reset()")
        if isinstance(action, dict):
            action = Message.model_validate(_keep_malformed_arguments(action))
        if action.role != "assistant":
            raise ValueError(f"an action must be an assistant message, got role {action.role!r}")
        self.steps += 1
        self.history.append(action)
        observations: list[Message] = []
        terminated = False
        if action.content:
            self._said.append(action.content)
        if action.calls:
            for call in action.calls:
                args: Any = call.function.raw_arguments if call.function.raw_arguments is not None \
                    else call.function.arguments
                content, is_error = self.tool_env.execute(call.name, args)
                observations.append(Message(role="tool", tool_call_id=call.id, name=call.name,
                                            content=content, is_error=is_error))
                if call.name in self.tool_env.domain.terminal_tools and not is_error:
                    terminated = True
        else:
            reply = self._user_turn(observations)
            terminated = STOP_TOKEN in (reply.content or "")
        self.history.extend(observations)
        truncated = not terminated and self.steps >= self.max_steps
        info: dict[str, Any] = {"task_id": self.task.id, "step": self.steps}
        reward = 0.0
        if terminated or truncated:
            self.done = True
            result = self.tool_env.reward_info(self.task, self._said)
            reward = result.reward
            info["reward_info"] = result.to_dict()
            info["changed_records"] = self.tool_env.changed_records()
        return observations, reward, terminated, truncated, info

    def _user_turn(self, observations: list[Message]) -> Message:
        """The user's text reply, after any device calls it makes (appended to ``observations``)."""
        assert self.user is not None
        for _ in range(self.max_user_actions + 1):
            reply = self.user.reply(self.history + observations)
            if reply.role != "user":
                raise ValueError(f"the user simulator replied with role {reply.role!r}")
            observations.append(reply)
            for call in reply.calls:
                args: Any = call.function.raw_arguments if call.function.raw_arguments is not None \
                    else call.function.arguments
                content, is_error = self.tool_env.execute(call.name, args, requestor="user")
                observations.append(Message(role="tool", tool_call_id=call.id, name=call.name,
                                            content=content, is_error=is_error))
            if not reply.calls or STOP_TOKEN in (reply.content or ""):
                return reply
        # A user stuck acting on the device: hand the turn back to the agent without a reply.
        stop = Message(role="user", content="I can't get any further on my phone.")
        observations.append(stop)
        return stop
