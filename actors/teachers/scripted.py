"""The scripted oracle teacher: plays a task from its collector-private plan.

It behaves like a competent agent (authenticate, look up, describe the action,
wait for the confirmation, act, report) by emitting the plan's steps one per
turn. Seeded imperfections can be switched on, each with its own rate and at
most once per episode; every one is recorded as a ground-truth label naming the
message index of the affected decision (``episode_metadata()["labels"]``):

- ``privileged``: a lookup whose identifier was never shown (taken from the plan);
- ``wrong_lookup``: a lookup with a corrupted identifier that fails, followed by
  the grounded lookup (the recovery);
- ``unconfirmed_write``: an extra write nobody asked for or confirmed (it rewrites
  a record with the values just read, so the state does not change; telecom: a
  line's roaming set to what it already is);
- ``repeated_call``: the same read again with no new evidence in between.

Planned obstacles (``expect="error"`` steps) are listed as ``planned_errors``:
they are ineligible by design but not the teacher's fault.

Dual control (telecom): an ``instruct`` step is said as text; the customer runs
its ``user_actions`` on the device (the teacher never calls user-side tools).

A task without a plan (tau-bench's, tau2's) is played by replaying its gold actions
(``envs/generator/plan.py:gold_replay_plan``; ``plan_source: "gold_actions"`` in the
episode metadata): an oracle upper bound, as ``t2g eval --policy scripted`` plays it.

The teacher assumes the cooperative customer the plan was written for (the
scripted user); it only reacts to a declined confirmation by skipping the
writes it covered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import orjson
from pydantic import Field

from trajectory2gym.config import ConfigModel
from trajectory2gym.envs.generator.plan import CLOSING, gold_replay_plan_of
from trajectory2gym.interaction import FunctionCall, Message, ToolCall, ToolSpec

IMPERFECTION_KINDS: tuple[str, ...] = ("privileged", "wrong_lookup", "unconfirmed_write", "repeated_call")
ID_ARGS: tuple[str, ...] = ("order_id", "product_id", "user_id", "reservation_id",
                          "customer_id", "line_id", "bill_id", "id")  # the last four: telecom
# Reads whose observation holds a whole record the teacher can rewrite unchanged.
_REWRITES: dict[str, str] = {
    "get_user_details": "modify_user_address",  # retail only
    "get_reservation_details": "update_reservation_passengers",
    "get_order_details": "modify_pending_order_address",
    "get_details_by_id": "set_roaming",  # telecom: a line's roaming set to what it already is
}
_ROAMING_WRITES = ("enable_roaming", "disable_roaming")
_ADDRESS_FIELDS = ("address1", "address2", "city", "state", "country", "zip")


class Imperfections(ConfigModel):
    """Per-opportunity rates of each labelled imperfection (0 = off)."""

    privileged: float = Field(0.0, ge=0, le=1)
    wrong_lookup: float = Field(0.0, ge=0, le=1)
    unconfirmed_write: float = Field(0.0, ge=0, le=1)
    repeated_call: float = Field(0.0, ge=0, le=1)

    @classmethod
    def all(cls, rate: float) -> Imperfections:
        return cls(**dict.fromkeys(IMPERFECTION_KINDS, rate))

    @property
    def any(self) -> bool:
        return any(getattr(self, k) > 0 for k in IMPERFECTION_KINDS)


@dataclass
class _Episode:
    key: str
    rng: random.Random
    plan: list[dict[str, Any]]
    cursor: int = 0
    queue: list[dict[str, Any]] = field(default_factory=list)
    done_calls: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)
    labels: list[dict[str, Any]] = field(default_factory=list)
    planned_errors: list[int] = field(default_factory=list)
    trace: list[list[int]] = field(default_factory=list)  # [message index, plan step or -1]
    last_step: dict[str, Any] | None = None
    skip_writes: bool = False
    confirmed_once: bool = False
    seen: int = 0
    tool_names: set[str] = field(default_factory=set)
    plan_source: str = "task"  # "gold_actions": derived by replaying the gold actions


def _call_key(name: str, arguments: dict[str, Any]) -> str:
    return name + orjson.dumps(arguments, option=orjson.OPT_SORT_KEYS).decode()


def _visible_text(messages: list[Message]) -> str:
    """What the agent has been shown: user messages and tool observations, lowercased."""
    return "\n".join((m.content or "").lower() for m in messages if m.role in ("user", "tool"))


def _customer_of_line(messages: list[Message], line_id: str) -> str | None:
    """The customer id a visible customer record gives for a line (telecom)."""
    for m in reversed(messages):
        if m.role != "tool" or m.is_error_observation:
            continue
        try:
            record = orjson.loads(m.content or "")
        except orjson.JSONDecodeError:
            continue
        if (isinstance(record, dict) and isinstance(record.get("customer_id"), str)
                and line_id in (record.get("line_ids") or [])):
            return record["customer_id"]
    return None


def _corrupt(value: str) -> str:
    """An identifier that looks right but names nothing (one digit too many)."""
    return value + "0"


class ScriptedTeacher:
    """Plays ``private["plan"]``; see the module doc for the imperfections."""

    name = "scripted"

    def __init__(self, imperfections: Imperfections | dict[str, float] | None = None, seed: int = 0):
        if isinstance(imperfections, dict):
            imperfections = Imperfections.model_validate(imperfections)
        self.imperfections = imperfections or Imperfections()
        self.seed = seed
        self._ep: _Episode | None = None
        self._episode_seed = seed

    # -- episode hooks ------------------------------------------------------------------------
    def begin_episode(self, task_id: str, seed: int) -> None:
        self._ep = None
        self._episode_seed = seed

    def episode_metadata(self) -> dict[str, Any]:
        ep = self._ep
        return {
            "teacher": self.name,
            "imperfection_rates": self.imperfections.model_dump(),
            "labels": list(ep.labels) if ep else [],
            "planned_errors": list(ep.planned_errors) if ep else [],
            "plan_trace": list(ep.trace) if ep else [],
            "plan_steps_done": ep.cursor if ep else 0,
            "plan_source": ep.plan_source if ep else None,
        }

    # -- acting -------------------------------------------------------------------------------
    @staticmethod
    def _plan(private: dict[str, Any] | None) -> tuple[list[dict[str, Any]], str]:
        """The task's own plan, else one replaying its gold actions (tau-bench and tau2 tasks
        carry none; ``t2g eval --policy scripted`` plays the same): (plan, where it came from)."""
        if private and isinstance(private.get("plan"), list) and private["plan"]:
            return private["plan"], "task"
        derived = gold_replay_plan_of(private) if private else None
        if not derived:
            raise ValueError("the scripted teacher needs the task's plan in private['plan'] (generated tasks "
                             "have one) or its domain and gold actions (private['gold_actions'], as "
                             "TaskSpec.private() gives), to replay them")
        return derived, "gold_actions"

    def _episode(self, messages: list[Message], private: dict[str, Any] | None) -> _Episode:
        key = str((private or {}).get("id", ""))
        ep = self._ep
        # A new task or a history shorter than last time means a new episode.
        if ep is None or ep.key != key or len(messages) < ep.seen:
            plan, source = self._plan(private)
            seed_text = f"{self.seed}:{self._episode_seed}:{key}"
            ep = self._ep = _Episode(key=key, rng=random.Random(seed_text), plan=plan, plan_source=source)
        ep.seen = len(messages)
        return ep

    def act(
        self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None
    ) -> Message:
        ep = self._episode(messages, private)
        ep.tool_names = {t.name for t in tools}
        index = len(messages)
        if ep.queue:
            item = ep.queue.pop(0)
            if item.get("deferred"):
                built = self._build_rewrite(messages, item)
                if built is not None:
                    return self._emit(ep, built, index, -1, label="unconfirmed_write")
            else:
                return self._emit(ep, item["step"], index, item.get("plan_index", -1), label=item.get("label"))
        self._check_decline(ep, messages)
        while ep.cursor < len(ep.plan):
            step = ep.plan[ep.cursor]
            if step["kind"] == "call" and (
                (ep.skip_writes and step.get("write"))
                or (not step.get("write") and _call_key(step["name"], step["arguments"]) in ep.done_calls)
            ):
                ep.cursor += 1
                continue
            break
        if ep.cursor >= len(ep.plan):
            return self._emit(ep, {"kind": "text", "act": "report", "text": f"Thank you. {CLOSING}"}, index, -1)
        plan_index = ep.cursor
        step = ep.plan[plan_index]
        ep.cursor += 1
        if step["kind"] == "text" and step.get("act") == "report" and ep.skip_writes:
            step = {"kind": "text", "act": "report", "text": f"Understood, I have not made that change. {CLOSING}"}
        if step["kind"] == "text":
            if step.get("act") == "confirm":
                ep.skip_writes = False
            if step.get("act") == "ask" and ep.cursor < len(ep.plan):
                # Skip the question and use the identifier the plan holds: privileged.
                nxt = ep.plan[ep.cursor]
                visible = _visible_text(messages)
                if self._hidden_read(nxt, visible) and self._draw(ep, "privileged"):
                    ep.cursor += 1
                    return self._emit(ep, nxt, index, -1, label="privileged")
            return self._emit(ep, step, index, plan_index)
        return self._call_step(ep, messages, step, index, plan_index)

    def _call_step(
        self, ep: _Episode, messages: list[Message], step: dict[str, Any], index: int, plan_index: int
    ) -> Message:
        read_ok = not step.get("write") and step.get("expect", "ok") == "ok"
        visible = _visible_text(messages)
        if read_ok and self._draw(ep, "wrong_lookup"):
            ids = [a for a in ID_ARGS if isinstance(step["arguments"].get(a), str)
                   and step["arguments"][a].lower() in visible]
            if ids:
                wrong = dict(step["arguments"], **{ids[0]: _corrupt(step["arguments"][ids[0]])})
                ep.queue.insert(0, {"step": step, "plan_index": plan_index})
                self._after_read(ep, step, plan_index)
                return self._emit(ep, {**step, "arguments": wrong, "expect": "error"}, index, -1,
                                  label="wrong_lookup")
            ep.used.discard("wrong_lookup")  # no chance here; keep it for a later step
        if read_ok and self._draw(ep, "privileged"):
            future = self._hidden_future_read(ep, visible, plan_index)
            if future is not None:
                ep.done_calls.add(_call_key(future["name"], future["arguments"]))
                ep.queue.insert(0, {"step": step, "plan_index": plan_index})
                return self._emit(ep, future, index, -1, label="privileged")
            ep.used.discard("privileged")
        if read_ok:
            self._after_read(ep, step, plan_index)
        return self._emit(ep, step, index, plan_index)

    def _after_read(self, ep: _Episode, step: dict[str, Any], plan_index: int) -> None:
        """Queue the imperfections that follow a successful read."""
        if self._draw(ep, "repeated_call"):
            ep.queue.append({"step": step, "plan_index": -1, "label": "repeated_call"})
        rewrite = _REWRITES.get(step["name"])
        # Only a write the domain offers (retail and airline share get_user_details).
        offered = rewrite in ep.tool_names or (rewrite == "set_roaming" and _ROAMING_WRITES[0] in ep.tool_names)
        if offered and not ep.confirmed_once and self._draw(ep, "unconfirmed_write"):
            ep.queue.append({"deferred": rewrite, "source": step})

    def _draw(self, ep: _Episode, kind: str) -> bool:
        rate = getattr(self.imperfections, kind)
        if rate <= 0 or kind in ep.used:
            return False
        if ep.rng.random() < rate:
            ep.used.add(kind)
            return True
        return False

    @staticmethod
    def _hidden_read(step: dict[str, Any], visible: str) -> bool:
        """A successful read whose identifiers the agent has not been shown."""
        if step["kind"] != "call" or step.get("write") or step.get("expect", "ok") != "ok":
            return False
        values = [v for a, v in step["arguments"].items() if a in ID_ARGS and isinstance(v, str)]
        return bool(values) and all(v.lower() not in visible for v in values)

    def _hidden_future_read(self, ep: _Episode, visible: str, after: int) -> dict[str, Any] | None:
        return next((s for s in ep.plan[after + 1:] if self._hidden_read(s, visible)), None)

    def _build_rewrite(self, messages: list[Message], item: dict[str, Any]) -> dict[str, Any] | None:
        last = messages[-1] if messages else None
        if last is None or last.role != "tool" or last.is_error_observation:
            return None
        try:
            record = orjson.loads(last.content or "")
        except orjson.JSONDecodeError:
            return None
        if not isinstance(record, dict):
            return None
        source = item["source"]
        if item["deferred"] == "modify_user_address" and isinstance(record.get("address"), dict):
            addr = record["address"]
            if not all(isinstance(addr.get(f), str) for f in _ADDRESS_FIELDS):
                return None
            args = {"user_id": source["arguments"]["user_id"], **{f: addr[f] for f in _ADDRESS_FIELDS}}
            return {"kind": "call", "name": "modify_user_address", "arguments": args, "write": True}
        if (item["deferred"] == "modify_pending_order_address" and record.get("status") == "pending"
                and isinstance(record.get("address"), dict)):
            addr = record["address"]
            if not all(isinstance(addr.get(f), str) for f in _ADDRESS_FIELDS):
                return None
            args = {"order_id": source["arguments"]["order_id"], **{f: addr[f] for f in _ADDRESS_FIELDS}}
            return {"kind": "call", "name": "modify_pending_order_address", "arguments": args, "write": True}
        if (item["deferred"] == "set_roaming" and isinstance(record.get("line_id"), str)
                and isinstance(record.get("roaming_enabled"), bool)):
            owner = _customer_of_line(messages, record["line_id"])
            if owner is None:
                return None
            name = _ROAMING_WRITES[0] if record["roaming_enabled"] else _ROAMING_WRITES[1]
            args = {"customer_id": owner, "line_id": record["line_id"]}
            return {"kind": "call", "name": name, "arguments": args, "write": True}
        if item["deferred"] == "update_reservation_passengers" and isinstance(record.get("passengers"), list):
            args = {"reservation_id": source["arguments"]["reservation_id"],
                    "passengers": record["passengers"]}
            return {"kind": "call", "name": "update_reservation_passengers", "arguments": args, "write": True}
        return None

    def _check_decline(self, ep: _Episode, messages: list[Message]) -> None:
        last = ep.last_step
        if last is None or last.get("act") != "confirm":
            return
        reply = next((m.content or "" for m in reversed(messages) if m.role == "user"), "")
        if reply.strip().lower().startswith("no"):
            ep.skip_writes = True
        else:
            ep.confirmed_once = True

    def _emit(
        self, ep: _Episode, step: dict[str, Any], index: int, plan_index: int, label: str | None = None
    ) -> Message:
        ep.last_step = step
        ep.trace.append([index, plan_index])
        if label:
            ep.labels.append({"kind": label, "message_index": index,
                              "tool": step.get("name"), "arguments": step.get("arguments")})
        if step["kind"] == "text":
            if step.get("user_actions"):
                # Dual control: the customer is about to change their device; reads after it
                # are new evidence, not repeats.
                ep.done_calls.clear()
            return Message(role="assistant", content=step["text"])
        if step.get("expect") == "error" and label is None:
            ep.planned_errors.append(index)
        if not step.get("write"):
            ep.done_calls.add(_call_key(step["name"], step["arguments"]))
        call = ToolCall(id=f"call_{index}", function=FunctionCall(name=step["name"], arguments=step["arguments"]))
        return Message(role="assistant", content=None, tool_calls=[call])
