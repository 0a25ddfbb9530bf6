"""Functions tasks call on the environment that are not tools: scenario set-up and assertions.

tau2 tasks set a scenario up with ``initialization_actions`` (break the APN,
unseat the SIM, use up the data allowance, ...) and score it with
``env_assertions``; both name functions of the agent side (``assistant``) or
the phone (``user``). Set-up functions edit state; assertions only read it and
return a bool.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.telecom import phone
from trajectory2gym.envs.telecom.agent_tools import TODAY, _customer, _plan, _target_line
from trajectory2gym.envs.telecom.user_tools import device, edit_device, surroundings
from trajectory2gym.envs.tooling import ToolError

EnvFunction = Callable[..., Any]


# -- phone set-up --------------------------------------------------------------------------------
def set_user_info(ctx: Context, name: str, phone_number: str) -> str:
    s = ctx.state.edit("phone", "surroundings")
    s["name"], s["phone_number"] = name, phone_number
    return f"User info set: {name}, {phone_number}"


def set_user_location(ctx: Context, abroad: bool) -> str:
    ctx.state.edit("phone", "surroundings")["is_abroad"] = bool(abroad)
    return f"User is {'abroad' if abroad else 'at home'}"


def _set_and_search(ctx: Context, field: str, value: Any, search: bool = True) -> str:
    d = edit_device(ctx)
    d[field] = value
    if search:
        phone.network_search(d, surroundings(ctx))
    return f"{field} set to {value}"


def turn_airplane_mode_on(ctx: Context) -> str:
    if not device(ctx)["airplane_mode"]:
        phone.toggle_airplane(edit_device(ctx), surroundings(ctx))
    return "Airplane Mode is now ON."


def turn_airplane_mode_off(ctx: Context) -> str:
    if device(ctx)["airplane_mode"]:
        phone.toggle_airplane(edit_device(ctx), surroundings(ctx))
    return "Airplane Mode is now OFF."


def unseat_sim_card(ctx: Context) -> str:
    return _set_and_search(ctx, "sim_card_missing", True)


def lock_sim_card(ctx: Context, mode: str) -> str:
    if mode not in ("pin", "puk"):
        raise ToolError(f"lock mode must be 'pin' or 'puk', got {mode!r}")
    return _set_and_search(ctx, "sim_card_status", f"locked_{mode}")


def turn_data_on(ctx: Context) -> str:
    return _set_and_search(ctx, "data_enabled", True, search=False)


def turn_data_off(ctx: Context) -> str:
    return _set_and_search(ctx, "data_enabled", False)


def turn_roaming_on(ctx: Context) -> str:
    return _set_and_search(ctx, "roaming_enabled", True)


def turn_roaming_off(ctx: Context) -> str:
    return _set_and_search(ctx, "roaming_enabled", False)


def turn_data_saver_mode_on(ctx: Context) -> str:
    return _set_and_search(ctx, "data_saver_mode", True, search=False)


def turn_data_saver_mode_off(ctx: Context) -> str:
    return _set_and_search(ctx, "data_saver_mode", False, search=False)


def break_apn_settings(ctx: Context) -> str:
    d = edit_device(ctx)
    d["active_apn_settings"]["apn_name"] = "broken"
    phone.network_search(d, surroundings(ctx))
    return "APN settings broken."


def break_apn_mms_setting(ctx: Context) -> str:
    edit_device(ctx)["active_apn_settings"]["mmsc_url"] = None
    return "APN MMS setting broken."


def set_wifi_calling(ctx: Context, enabled: bool, mms_over_wifi: bool | None = None) -> str:
    d = edit_device(ctx)
    d["wifi_calling_enabled"] = bool(enabled)
    if mms_over_wifi is not None:
        d["wifi_calling_mms_over_wifi"] = bool(mms_over_wifi)
    return f"Wi-Fi Calling is now {'ON' if enabled else 'OFF'}."


def break_vpn(ctx: Context) -> str:
    """A connected VPN whose server is slow: data works, but far below the line's speed."""
    d = edit_device(ctx)
    d["vpn_connected"] = True
    d["vpn_details"] = {"server_address": "192.168.1.1", "protocol": "OpenVPN", "server_performance": "poor"}
    return "VPN connection broken."


def remove_app_permission(ctx: Context, app_name: str, permission: str) -> str:
    app = device(ctx)["app_statuses"].get(app_name)
    if app is None or permission.lower() not in app["permissions"]:
        raise ToolError(f"app {app_name!r} has no permission {permission!r} to remove")
    edit_device(ctx)["app_statuses"][app_name]["permissions"][permission.lower()] = False
    return f"Permission '{permission}' removed from app '{app_name}'."


def simulate_network_search(ctx: Context) -> str:
    phone.network_search(edit_device(ctx), surroundings(ctx))
    return "Network search done."


# -- account set-up ------------------------------------------------------------------------------
def set_data_usage(ctx: Context, customer_id: str, line_id: str, data_used_gb: float) -> str:
    _target_line(ctx, customer_id, line_id)
    ctx.state.edit("lines", line_id)["data_used_gb"] = data_used_gb
    return f"Data usage set to {data_used_gb} GB for line {line_id}"


def suspend_line_for_overdue_bill(ctx: Context, customer_id: str, line_id: str, new_bill_id: str,
                                  contract_ended: bool) -> str:
    """An overdue bill for last month's plan charge, and the line suspended for it."""
    line = ctx.state.get("lines", line_id)
    if line is None or line["status"] != "Active":
        raise ToolError("Line must be active to suspend for unpaid bill")
    amount = _plan(ctx, line["plan_id"])["price_per_month"]
    customer = _customer(ctx, customer_id)
    if any((ctx.state.get("bills", b) or {}).get("status") == "Overdue" for b in customer["bill_ids"]):
        raise ToolError("Customer already has an overdue bill")
    last_day = TODAY.replace(day=1) - timedelta(days=1)
    first_day = last_day.replace(day=1)
    ctx.state.put("bills", new_bill_id, {
        "bill_id": new_bill_id, "customer_id": customer_id, "period_start": first_day.isoformat(),
        "period_end": last_day.isoformat(), "issue_date": first_day.isoformat(), "total_due": amount,
        "due_date": (first_day + timedelta(days=14)).isoformat(), "status": "Overdue",
        "line_items": [{"description": f"Charge for line {line_id}", "amount": amount,
                        "date": TODAY.isoformat(), "item_type": "Charge"}]})
    ctx.state.edit("customers", customer_id)["bill_ids"].append(new_bill_id)
    edited = ctx.state.edit("lines", line_id)
    edited["status"] = "Suspended"
    edited["suspension_start_date"] = TODAY.isoformat()
    if contract_ended:
        edited["contract_end_date"] = last_day.isoformat()
    return f"Line {line_id} suspended for unpaid bill {new_bill_id}. Contract ended: {contract_ended}"


# -- assertions ----------------------------------------------------------------------------------
def assert_data_refueling_amount(ctx: Context, customer_id: str, line_id: str, expected_amount: float) -> bool:
    return abs(_target_line(ctx, customer_id, line_id)["data_refueling_gb"] - expected_amount) < 1e-6


def assert_line_status(ctx: Context, customer_id: str, line_id: str, expected_status: str) -> bool:
    return _target_line(ctx, customer_id, line_id)["status"] == expected_status


def assert_overdue_bill_exists(ctx: Context, customer_id: str, overdue_bill_id: str) -> bool:
    bill = ctx.state.get("bills", overdue_bill_id)
    return (overdue_bill_id in _customer(ctx, customer_id)["bill_ids"] and bill is not None
            and bill["status"] == "Overdue")


def assert_no_overdue_bill(ctx: Context, overdue_bill_id: str) -> bool:
    bill = ctx.state.get("bills", overdue_bill_id)
    return bill is None or bill["status"] == "Paid"


def assert_airplane_mode_status(ctx: Context, expected_status: bool) -> bool:
    return device(ctx)["airplane_mode"] == expected_status


def assert_service_status(ctx: Context, expected_status: str) -> bool:
    return device(ctx)["network_connection_status"] == expected_status


def assert_mobile_data_status(ctx: Context, expected_status: bool) -> bool:
    return phone.mobile_data_working(device(ctx), surroundings(ctx)) == expected_status


def assert_mobile_roaming_status(ctx: Context, expected_status: bool) -> bool:
    return device(ctx)["roaming_enabled"] == expected_status


def assert_mobile_data_saver_mode_status(ctx: Context, expected_status: bool) -> bool:
    return device(ctx)["data_saver_mode"] == expected_status


def assert_internet_speed(ctx: Context, expected_speed: float, expected_desc: str | None = None) -> bool:
    speed, desc = phone.speed_test(device(ctx), surroundings(ctx))
    speed = speed or 0.0
    return speed >= expected_speed and (expected_desc is None or desc.lower() == expected_desc.lower())


def assert_internet_not_excellent(ctx: Context) -> bool:
    return phone.speed_test(device(ctx), surroundings(ctx))[1] != "Excellent"


def assert_can_send_mms(ctx: Context, expected_status: bool) -> bool:
    return phone.can_send_mms(device(ctx), surroundings(ctx)) == expected_status


def _table(*fns: EnvFunction) -> dict[str, EnvFunction]:
    return {fn.__name__: fn for fn in fns}


FUNCTIONS: dict[str, dict[str, EnvFunction]] = {
    "user": _table(set_user_info, set_user_location, turn_airplane_mode_on, turn_airplane_mode_off,
                   unseat_sim_card, lock_sim_card, turn_data_on, turn_data_off, turn_roaming_on,
                   turn_roaming_off, turn_data_saver_mode_on, turn_data_saver_mode_off, break_apn_settings,
                   break_apn_mms_setting, set_wifi_calling, break_vpn, remove_app_permission,
                   simulate_network_search, assert_airplane_mode_status, assert_service_status,
                   assert_mobile_data_status, assert_mobile_roaming_status,
                   assert_mobile_data_saver_mode_status, assert_internet_speed,
                   assert_internet_not_excellent, assert_can_send_mms),
    "assistant": _table(set_data_usage, suspend_line_for_overdue_bill, assert_data_refueling_amount,
                        assert_line_status, assert_overdue_bill_exists, assert_no_overdue_bill),
}


