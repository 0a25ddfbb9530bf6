"""Each agent tool declares the record kinds it reads or may change (``ToolMeta.records``);
certification trusts them to tell which writes can change what a repeated lookup shows. Here
the generator's tasks run every tool on the default databases, in both tau-bench and fixed mode,
while the state records what each call really read and changed."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from trajectory2gym.envs import state as state_module
from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.generator.common import FAMILIES
from trajectory2gym.envs.generator.core import GenerationError, TaskGenerator
from trajectory2gym.envs.registry import get_domain, make_tool_env
from trajectory2gym.envs.state import canonical
from trajectory2gym.envs.telecom import sides

from .conftest import airline_db, retail_db  # noqa: TID252

DOMAINS = ("retail", "airline", "telecom")
SEEDS = 10
# Calls for the tools the generator's tasks do not reach, on the hand-made databases (where every
# precondition can be met) or telecom's default one; each must succeed.
PAX = [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}]
EXTRA_CALLS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "retail": [
        ("list_all_product_types", {}),
        ("modify_pending_order_payment", {"order_id": "#W1", "payment_method_id": "gift_card_1"}),
    ],
    "airline": [
        ("list_all_airports", {}),
        ("search_onestop_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}),
        ("book_reservation", {
            "user_id": "mia_li_1", "origin": "JFK", "destination": "SEA", "flight_type": "one_way",
            "cabin": "economy", "passengers": PAX, "total_baggages": 2, "nonfree_baggages": 0, "insurance": "yes",
            "flights": [{"flight_number": "HAT001", "date": "2024-05-20"},
                        {"flight_number": "HAT002", "date": "2024-05-20"}],
            "payment_methods": [{"payment_id": "gift_card_1", "amount": 150},
                                {"payment_id": "certificate_1", "amount": 100}]}),
        ("update_reservation_passengers", {"reservation_id": "RES001", "passengers": PAX}),
        ("send_certificate", {"user_id": "mia_li_1", "amount": 150}),
    ],
    "telecom": [
        ("get_customer_by_id", {"customer_id": "C1001"}),
        ("get_customer_by_name", {"full_name": "Isaac Fong", "dob": "1957-06-26"}),
        ("suspend_line", {"customer_id": "C1001", "line_id": "L1001", "reason": "travel"}),
        ("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}),
        ("disable_roaming", {"customer_id": "C1001", "line_id": "L1001"}),
    ],
}
# The user's own tools on the phone (telecom's dual control), each run once.
USER_CALLS: list[tuple[str, dict[str, Any]]] = [
    (name, {}) for name in (
        "check_status_bar", "check_network_mode_preference", "check_sim_status", "reseat_sim_card", "toggle_data",
        "toggle_roaming", "check_data_restriction_status", "toggle_data_saver_mode", "check_apn_settings",
        "reset_apn_settings", "check_wifi_status", "toggle_wifi", "check_wifi_calling_status",
        "toggle_wifi_calling", "check_vpn_status", "connect_vpn", "disconnect_vpn", "check_installed_apps",
        "can_send_mms", "check_payment_request")
] + [
    ("set_network_mode_preference", {"mode": "4g_only"}),
    ("set_apn_settings", {"apn_settings": {"apn_name": "internet"}}),
    ("check_app_status", {"app_name": "messaging"}),
    ("check_app_permissions", {"app_name": "messaging"}),
    ("grant_app_permission", {"app_name": "messaging", "permission": "sms"}),
]
EXTRA_DBS: dict[str, Callable[[], dict[str, Any] | None]] = {
    "retail": retail_db, "airline": airline_db, "telecom": lambda: None}


class Recorder:
    """Per tool: the kinds its body read (``get``, ``items``, ``values``) and the kinds whose
    records the whole call changed (by value, as ``changed_records`` tells)."""

    def __init__(self) -> None:
        self.current: str | None = None
        self.read: dict[str, set[str]] = defaultdict(set)
        self.changed: dict[str, set[str]] = defaultdict(set)
        self.calls: dict[str, int] = defaultdict(int)

    def wrap(self, name: str, fn: Callable[..., str]) -> Callable[..., str]:
        def run(ctx: Context, **kwargs: Any) -> str:
            before = {k: canonical(v) for k, v in ctx.state.changed_records().items()}
            self.current = name
            try:
                return fn(ctx, **kwargs)
            finally:
                self.current = None
                after = {k: canonical(v) for k, v in ctx.state.changed_records().items()}
                self.changed[name].update(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
                self.calls[name] += 1

        return run


@pytest.fixture(scope="module")
def recorded() -> Iterator[dict[str, Recorder]]:
    patch = pytest.MonkeyPatch()
    out: dict[str, Recorder] = {}
    active: list[Recorder] = []
    for op in ("get", "items", "values"):
        original = getattr(state_module.State, op)

        def reading(self: Any, kind: str, *args: Any, _original: Any = original) -> Any:
            if active and active[0].current is not None:
                active[0].read[active[0].current].add(kind)
            return _original(self, kind, *args)

        patch.setattr(state_module.State, op, reading)
    real_sync = sides.sync

    def quiet_sync(state: Any) -> None:  # what the phone-account sync reads is no tool's own reading
        rec = active[0] if active else None
        held, rec_current = (rec, rec.current) if rec else (None, None)
        if held:
            held.current = None
        try:
            real_sync(state)
        finally:
            if held:
                held.current = rec_current

    patch.setattr(sides, "sync", quiet_sync)
    try:
        for domain in DOMAINS:
            rec = out[domain] = Recorder()
            active[:] = [rec]
            dom = get_domain(domain)
            for side in (dom.tools, dom.user_tools):
                for name, tool in list(side.items()):
                    patch.setitem(side, name, dataclasses.replace(tool, fn=rec.wrap(name, tool.fn)))
            for compat in (True, False):
                gen = TaskGenerator(domain)
                if not compat:
                    gen.env = make_tool_env(domain, gen.db, tau_bench_compat=False)
                for family in FAMILIES:
                    for seed in range(SEEDS):
                        try:
                            gen.generate(family, random.Random(seed), task_id=f"{family}-{seed}")
                        except GenerationError:
                            continue
                for name, arguments in EXTRA_CALLS[domain]:
                    env = make_tool_env(domain, EXTRA_DBS[domain](), tau_bench_compat=compat)
                    shown, is_error = env.execute(name, arguments)
                    assert not is_error, (domain, name, shown)
                if domain == "telecom":
                    env = make_tool_env(domain, None, tau_bench_compat=compat)
                    for name, arguments in USER_CALLS:
                        shown, is_error = env.execute(name, arguments, requestor="user")
                        assert not is_error, (name, shown)
        yield out
    finally:
        patch.undo()


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_agent_tool_that_reads_or_writes_declares_its_records(domain: str) -> None:
    dom = get_domain(domain)
    for name, tool in {**dom.tools, **dom.user_tools}.items():
        assert set(tool.records) <= set(dom.kinds), (name, tool.records)
        if tool.access != "handoff" and tool.object_class != "generic" and name != "list_all_airports":
            assert tool.records, f"{domain}.{name} declares no records"
        assert tool.meta.records == tool.records


@pytest.mark.parametrize("domain", DOMAINS)
def test_declared_records_cover_what_each_call_reads_and_changes(recorded: dict[str, Recorder], domain: str) -> None:
    rec = recorded[domain]
    tools = {**get_domain(domain).tools, **get_domain(domain).user_tools}
    exercised = [n for n in tools if rec.calls[n]]
    # The check means nothing on a tool never run: every tool that declares records runs.
    assert {n for n, t in tools.items() if t.records} <= set(exercised)
    for name in exercised:
        declared = set(tools[name].records)
        if tools[name].access == "read":
            assert not rec.changed[name], f"{name} is a read but changed {rec.changed[name]}"
            assert rec.read[name] <= declared, f"{name} read {rec.read[name] - declared}, undeclared"
        else:
            assert rec.changed[name] <= declared, f"{name} changed {rec.changed[name] - declared}, undeclared"


def test_the_recorder_sees_a_write_to_an_undeclared_kind(recorded: dict[str, Recorder]) -> None:
    # The check above can fail: cancelling a retail order refunds gift cards on the user's record.
    rec = recorded["retail"]
    assert "users" in rec.changed["cancel_pending_order"] or "users" in rec.changed["modify_pending_order_payment"]
    assert rec.read["get_product_details"] == {"products"}

