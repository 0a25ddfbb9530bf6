"""The customer's device toolkit (side ``user``): what the customer can check and change on the phone.

Names and behaviour follow tau2's telecom user tools. Where tau2 answers a
refused action with a plain message (Wi-Fi under airplane mode, no payment
request, unknown app), ours is an ``Error: ...`` observation with the same
meaning, so a refusal is recognisable as one.
"""

from __future__ import annotations

from typing import Any

from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.telecom import phone
from trajectory2gym.envs.telecom.data import DEFAULT_APN
from trajectory2gym.envs.telecom.sides import declare
from trajectory2gym.envs.tooling import Param, ToolError, Toolkit, string

toolkit = Toolkit()
APP_NAME = string("The app's name, such as 'messaging'.", "name")
DEFAULT_VPN = {"server_address": "192.168.1.1", "protocol": "OpenVPN", "server_performance": "excellent"}


def device(ctx: Context) -> dict[str, Any]:
    return ctx.state.get("phone", "device")


def surroundings(ctx: Context) -> dict[str, Any]:
    return ctx.state.get("phone", "surroundings")


def edit_device(ctx: Context) -> dict[str, Any]:
    return ctx.state.edit("phone", "device")


def with_bar(ctx: Context, message: str) -> str:
    return f"{message}\nStatus Bar: {phone.status_bar(device(ctx))}"


def _tool(description: str, access: str = "write", object_class: str = "connectivity",
          params: dict[str, Param] | None = None, records: tuple[str, ...] = ("phone",)) -> Any:
    """A user tool; most read or change only the phone (the ``phone`` record kind)."""
    return declare(toolkit, "user", description, access=access, object_class=object_class,  # type: ignore[arg-type]
                   params=params, records=records)


@_tool("Show the icons in the phone's status bar: signal, network type, mobile data, Wi-Fi, battery.",
       access="read")
def check_status_bar(ctx: Context) -> str:
    return f"Status Bar: {phone.status_bar(device(ctx))}"


@_tool("Show the phone's cellular and Wi-Fi connection status: airplane mode, SIM, signal, network "
       "type, mobile data and data roaming.", access="read")
def check_network_status(ctx: Context) -> str:
    d = device(ctx)
    lines = [f"Airplane Mode: {'ON' if d['airplane_mode'] else 'OFF'}",
             f"SIM Card Status: {phone.sim_status(d)}",
             f"Cellular Connection: {d['network_connection_status']}",
             f"Cellular Signal: {d['network_signal_strength']}",
             f"Cellular Network Type: {d['network_technology_connected']}",
             f"Mobile Data Enabled: {'Yes' if d['data_enabled'] else 'No'}",
             f"Data Roaming Enabled: {'Yes' if d['roaming_enabled'] else 'No'}",
             f"Wi-Fi Radio: {'ON' if d['wifi_enabled'] else 'OFF'}",
             f"Wi-Fi Connected: {'Yes' if d['wifi_connected'] else 'No'}"]
    if d["wifi_connected"]:
        lines.append(f"Connected Wi-Fi Network: {d['wifi_ssid']}")
    return "\n".join(lines)


@_tool("Show the preferred cellular network mode.", access="read")
def check_network_mode_preference(ctx: Context) -> str:
    return f"Network Mode Preference: {device(ctx)['network_mode_preference']}"


@_tool("Set the preferred cellular network mode (5G/4G, 4G only, 3G only, 2G only); the phone then "
       "searches for a network again.",
       params={"mode": string("The network mode.", "enum", enum=list(phone.NETWORK_MODES))})
def set_network_mode_preference(ctx: Context, mode: str) -> str:
    d = edit_device(ctx)
    d["network_mode_preference"] = mode
    phone.network_search(d, surroundings(ctx))
    return with_bar(ctx, f"Preferred Network Mode set to: {mode}")


@_tool("Measure the mobile data download speed.", access="read")
def run_speed_test(ctx: Context) -> str:
    speed, desc = phone.speed_test(device(ctx), surroundings(ctx))
    if speed is None:
        return f"Speed test failed: {desc}."
    return f"Speed Test Result: {speed:.2f} Mbps ({desc})."


@_tool("Turn airplane mode on or off (on cuts cellular, Wi-Fi and VPN).")
def toggle_airplane_mode(ctx: Context) -> str:
    on = phone.toggle_airplane(edit_device(ctx), surroundings(ctx))
    return with_bar(ctx, f"Airplane Mode is now {'ON' if on else 'OFF'}.")


SIM_TEXT = {"active": "Your SIM card is active and working.", "missing": "No SIM card detected in the phone.",
            "locked_pin": "The SIM card is locked with a PIN code.",
            "locked_puk": "The SIM card is locked with a PUK code."}


@_tool("Check whether the SIM card is active, missing, or locked with a PIN or PUK.", access="read")
def check_sim_status(ctx: Context) -> str:
    return SIM_TEXT[phone.sim_status(device(ctx))]


@_tool("Take the SIM card out and put it back in.")
def reseat_sim_card(ctx: Context) -> str:
    d = edit_device(ctx)
    d["sim_card_missing"] = False
    phone.network_search(d, surroundings(ctx))
    return with_bar(ctx, "SIM card re-seated successfully.")


def _toggle(ctx: Context, field: str, label: str, search: bool) -> str:
    d = edit_device(ctx)
    d[field] = not d[field]
    if search:
        phone.network_search(d, surroundings(ctx))
    return with_bar(ctx, f"{label} is now {'ON' if d[field] else 'OFF'}.")


@_tool("Turn mobile data on or off.")
def toggle_data(ctx: Context) -> str:
    return _toggle(ctx, "data_enabled", "Mobile Data", search=True)


@_tool("Turn data roaming on or off on the phone.")
def toggle_roaming(ctx: Context) -> str:
    return _toggle(ctx, "roaming_enabled", "Data Roaming", search=True)


@_tool("Check whether data saver mode is on.", access="read")
def check_data_restriction_status(ctx: Context) -> str:
    on = device(ctx)["data_saver_mode"]
    return "Data Saver mode is ON (limits data usage)." if on else "Data Saver mode is OFF."


@_tool("Turn data saver mode on or off (on slows data down).")
def toggle_data_saver_mode(ctx: Context) -> str:
    return _toggle(ctx, "data_saver_mode", "Data Saver Mode", search=False)


@_tool("Show the APN name and the MMSC URL the phone uses.", access="read")
def check_apn_settings(ctx: Context) -> str:
    apn = device(ctx)["active_apn_settings"]
    return (f"Current APN Name: {apn['apn_name'] or 'Not Set'}\n"
            f"MMSC URL (for picture messages): {apn['mmsc_url'] or 'Not Set'}")


@_tool("Set the phone's APN settings.", params={"apn_settings": Param(
    {"type": "object", "description": "APN fields: apn_name ('internet'), mms_apn, mmsc_url, mms_proxy, mms_port.",
     "properties": {"apn_name": {"type": "string"}}, "required": ["apn_name"]}, "other")})
def set_apn_settings(ctx: Context, apn_settings: dict[str, Any]) -> str:
    unknown = set(apn_settings) - set(DEFAULT_APN)
    if unknown:
        raise ToolError(f"unknown APN fields {sorted(unknown)}")
    if apn_settings["apn_name"] not in ("internet", "broken"):
        raise ToolError(f"APN name must be 'internet', got {apn_settings['apn_name']!r}")
    d = edit_device(ctx)
    d["active_apn_settings"] = {**DEFAULT_APN, **apn_settings}
    phone.network_search(d, surroundings(ctx))
    return with_bar(ctx, f"APN settings set to: {apn_settings['apn_name']}")


@_tool("Reset the APN settings to the carrier defaults (applied at the next reboot).")
def reset_apn_settings(ctx: Context) -> str:
    d = edit_device(ctx)
    d["active_apn_settings"]["reset_at_reboot"] = True
    phone.network_search(d, surroundings(ctx))
    return with_bar(ctx, "APN settings will reset at reboot.")


@_tool("Check whether Wi-Fi is on and which network it is connected to.", access="read")
def check_wifi_status(ctx: Context) -> str:
    d = device(ctx)
    if not d["wifi_enabled"]:
        return "Wi-Fi is turned OFF."
    if d["wifi_connected"]:
        return f"Wi-Fi is ON and connected to '{d['wifi_ssid']}'. Signal strength: {d['wifi_signal_strength']}."
    return "Wi-Fi is ON but not connected to any network."


@_tool("Turn the Wi-Fi radio on or off (not possible in airplane mode).")
def toggle_wifi(ctx: Context) -> str:
    if device(ctx)["airplane_mode"]:
        raise ToolError("Cannot change Wi-Fi settings while Airplane Mode is ON.")
    d = edit_device(ctx)
    d["wifi_enabled"] = not d["wifi_enabled"]
    if not d["wifi_enabled"]:
        phone.drop_wifi(d)
    return with_bar(ctx, f"Wi-Fi is now {'ON' if d['wifi_enabled'] else 'OFF'}.")


@_tool("Check whether Wi-Fi calling is on.", access="read")
def check_wifi_calling_status(ctx: Context) -> str:
    return f"Wi-Fi Calling is currently turned {'ON' if device(ctx)['wifi_calling_enabled'] else 'OFF'}."


@_tool("Turn Wi-Fi calling on or off.")
def toggle_wifi_calling(ctx: Context) -> str:
    return _toggle(ctx, "wifi_calling_enabled", "Wi-Fi Calling", search=False)


@_tool("Check whether a VPN is connected, with its details.", access="read")
def check_vpn_status(ctx: Context) -> str:
    d = device(ctx)
    if d["vpn_connected"]:
        return f"VPN is ON and connected. Details: {d['vpn_details']}"
    if d["vpn_enabled_setting"]:
        return "VPN is turned ON in settings, but currently not connected."
    return "VPN is turned OFF."


@_tool("Connect the VPN.")
def connect_vpn(ctx: Context) -> str:
    if device(ctx)["vpn_connected"]:
        raise ToolError("VPN already connected.")
    d = edit_device(ctx)
    d["vpn_connected"] = True
    d["vpn_details"] = dict(DEFAULT_VPN)
    return with_bar(ctx, "VPN connected successfully.")


@_tool("Disconnect the active VPN.")
def disconnect_vpn(ctx: Context) -> str:
    if not device(ctx)["vpn_connected"]:
        raise ToolError("No active VPN connection to disconnect.")
    phone.disconnect_vpn(edit_device(ctx))
    return with_bar(ctx, "VPN disconnected successfully.")


@_tool("List the apps installed on the phone.", access="read")
def check_installed_apps(ctx: Context) -> str:
    return f"The following apps are installed on the phone: {', '.join(device(ctx)['app_statuses'])}"


def _app(ctx: Context, app_name: str) -> dict[str, Any]:
    app = device(ctx)["app_statuses"].get(app_name)
    if app is None:
        raise ToolError(f"App '{app_name}' not found on this phone.")
    return app


def _granted(app: dict[str, Any]) -> list[str]:
    return [name.replace("_", " ").lower() for name, on in app["permissions"].items() if on]


@_tool("Show an app's status and granted permissions.", access="read", params={"app_name": APP_NAME})
def check_app_status(ctx: Context, app_name: str) -> str:
    granted = _granted(_app(ctx, app_name))
    lines = [f"Status for App: {app_name}"]
    lines += ([" - Permissions Granted:", *[f"   - {p}" for p in granted]] if granted
              else [" - Permissions: None granted."])
    return "\n".join(lines)


@_tool("Show which permissions an app has.", access="read", params={"app_name": APP_NAME})
def check_app_permissions(ctx: Context, app_name: str) -> str:
    granted = _granted(_app(ctx, app_name))
    if not granted:
        return f"App '{app_name}' currently has no permissions granted."
    return f"App '{app_name}' has permission for: {', '.join(granted)}."


@_tool("Grant an app a permission (sms, storage, phone, network).",
       params={"app_name": APP_NAME, "permission": string("The permission, lowercase, such as 'sms'.", "enum")})
def grant_app_permission(ctx: Context, app_name: str, permission: str) -> str:
    permission = permission.lower()
    app = _app(ctx, app_name)
    if permission not in app["permissions"]:
        raise ToolError(f"Permission '{permission}' not tracked for app '{app_name}', available "
                        f"permissions: {list(app['permissions'])}")
    edit_device(ctx)["app_statuses"][app_name]["permissions"][permission] = True
    return with_bar(ctx, f"Success. Permission '{permission}' granted to app '{app_name}'.")


@_tool("Check whether the messaging app can send MMS (picture) messages.", access="read")
def can_send_mms(ctx: Context) -> str:
    ok = phone.can_send_mms(device(ctx), surroundings(ctx))
    return f"Your messaging app {'can' if ok else 'cannot'} send MMS messages."


@_tool("Restart the phone (applies a pending APN reset and searches for a network again).")
def reboot_device(ctx: Context) -> str:
    d = edit_device(ctx)
    lines = []
    if d["active_apn_settings"].get("reset_at_reboot"):
        lines.append("Resetting APN settings...")
        d["active_apn_settings"] = dict(DEFAULT_APN)
    lines.append("Restarting network services...")
    d["network_connection_status"] = "searching"
    phone.network_search(d, surroundings(ctx))
    return with_bar(ctx, "\n".join(lines))


@_tool("Check whether the agent has sent a payment request.", access="read", object_class="finance")
def check_payment_request(ctx: Context) -> str:
    request = surroundings(ctx)["payment_request"]
    if request is None:
        return "No payment request has been made."
    return f"You have a payment request for bill {request['bill_id']} of {request['amount_due']} USD."


@_tool("Pay the bill of the agent's payment request.", object_class="finance",
       records=("phone", "bills"))  # the sync after it marks the bill paid
def make_payment(ctx: Context) -> str:
    request = surroundings(ctx)["payment_request"]
    if request is None:
        raise ToolError("You do not have a payment request.")
    ctx.state.edit("phone", "surroundings")["payment_request"]["paid"] = True
    return f"Payment of {request['amount_due']} USD has been made for bill {request['bill_id']}."
