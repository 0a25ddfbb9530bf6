"""The simulated handset: pure functions over the ``device`` and ``surroundings`` dicts.

Semantics follow tau2's mock phone: a network search picks the technology and
signal from the network mode preference and the signal available where the
customer is, and no SIM / a locked SIM / airplane mode / a broken APN / an
inactive line all mean no service. Mobile data works only with service, data
enabled, roaming allowed (on both the phone and the line) when abroad, and the
data cap not exceeded.
"""

from __future__ import annotations

from typing import Any

Device = dict[str, Any]
Surroundings = dict[str, Any]

NETWORK_MODES = ("4g_5g_preferred", "4g_only", "3g_only", "2g_only")
# Download speed range (Mbps) per technology and the share of it each signal level gets.
TECH_SPEED: dict[str, tuple[float, float]] = {
    "2G": (0.1, 0.4), "3G": (1.0, 5.0), "4G": (10.0, 100.0), "5G": (50.0, 500.0), "none": (0.0, 0.0)}
SIGNAL_FACTOR: dict[str, float] = {"none": 0.0, "poor": 0.2, "fair": 0.5, "good": 0.8, "excellent": 1.0}
SIGNAL_ICON = {"none": "No Signal", "poor": "Poor", "fair": "Fair", "good": "Good", "excellent": "Excellent"}


def sim_status(device: Device) -> str:
    return "missing" if device["sim_card_missing"] else device["sim_card_status"]


def _no_service(device: Device) -> None:
    device["network_connection_status"] = "no_service"
    device["network_technology_connected"] = "none"
    device["network_signal_strength"] = "none"


def network_search(device: Device, surroundings: Surroundings) -> None:
    """Re-evaluate the cellular connection (after any radio, SIM or APN change)."""
    if sim_status(device) != "active":
        _no_service(device)
    else:
        signal = surroundings["signal_strength"]
        pref = device["network_mode_preference"]
        if pref == "4g_5g_preferred":
            tech = "5G" if signal.get("5G", "none") != "none" else "4G"
        else:
            tech = {"4g_only": "4G", "3g_only": "3G", "2g_only": "2G"}.get(pref, "4G")
        device["network_connection_status"] = "connected"
        device["network_technology_connected"] = tech
        device["network_signal_strength"] = signal.get(tech, "none")
    if (device["airplane_mode"] or device["active_apn_settings"]["apn_name"] == "broken"
            or not surroundings["line_active"]):
        _no_service(device)


def mobile_data_working(device: Device, surroundings: Surroundings) -> bool:
    if device["airplane_mode"] or device["network_signal_strength"] == "none":
        return False
    if device["network_connection_status"] == "no_service":
        return False
    if surroundings["is_abroad"] and not (device["roaming_enabled"] and surroundings["roaming_allowed"]):
        return False
    if not device["data_enabled"]:
        return False
    return not surroundings["mobile_data_usage_exceeded"]


def speed_test(device: Device, surroundings: Surroundings) -> tuple[float | None, str]:
    """(Mbps, description), or (None, "No Connection") without working mobile data."""
    if not mobile_data_working(device, surroundings):
        return None, "No Connection"
    factor = 1.0
    vpn = device.get("vpn_details") or {}
    if device["vpn_connected"] and vpn.get("server_performance") == "poor":
        factor = 0.1
    if device["data_saver_mode"]:
        factor *= 0.2
    lo, hi = TECH_SPEED.get(device["network_technology_connected"], (0.0, 0.0))
    speed = round((lo + hi) / 2.0 * SIGNAL_FACTOR.get(device["network_signal_strength"], 0.0) * factor, 2)
    for limit, desc in ((1, "Very Poor"), (5, "Poor"), (25, "Fair"), (100, "Good")):
        if speed < limit:
            return speed, desc
    return speed, "Excellent"


def can_send_mms(device: Device, surroundings: Surroundings) -> bool:
    if not mobile_data_working(device, surroundings):
        return False
    if device["network_technology_connected"] == "2G":
        return False
    # The carrier does not carry MMS over Wi-Fi calling.
    if device["wifi_calling_enabled"] and device["wifi_calling_mms_over_wifi"]:
        return False
    if device["active_apn_settings"].get("mmsc_url") is None:
        return False
    app = device["app_statuses"].get("messaging")
    return bool(app and app["permissions"].get("storage") and app["permissions"].get("sms"))


def status_bar(device: Device) -> str:
    parts: list[str] = []
    if device["airplane_mode"]:
        parts.append("Airplane Mode")
    else:
        parts.append(f"Signal: {SIGNAL_ICON.get(device['network_signal_strength'], 'No Signal')}")
        tech = device["network_technology_connected"]
        if tech != "none":
            parts.append(tech)
        if device["data_enabled"] and tech != "none":
            parts.append("Data Enabled")
            if device["data_saver_mode"]:
                parts.append("Data Saver")
        else:
            parts.append("Data Disabled")
    if device["wifi_enabled"] and device["wifi_connected"]:
        parts.append(f"Wi-Fi: {device['wifi_ssid']}" if device["wifi_ssid"] else "Wi-Fi")
    if device["vpn_connected"]:
        parts.append("VPN Connected")
    parts.append(f"Battery {device['battery_level']}%")
    return " | ".join(parts)


def drop_wifi(device: Device) -> None:
    device["wifi_connected"] = False
    device["wifi_ssid"] = None
    device["wifi_signal_strength"] = "none"


def disconnect_vpn(device: Device) -> bool:
    if not device["vpn_connected"]:
        return False
    device["vpn_connected"] = False
    device["vpn_details"] = None
    return True


def toggle_airplane(device: Device, surroundings: Surroundings) -> bool:
    turning_on = not device["airplane_mode"]
    device["airplane_mode"] = turning_on
    if turning_on:
        drop_wifi(device)
        disconnect_vpn(device)
    else:
        device["network_connection_status"] = "searching"
        if device["wifi_enabled"]:
            drop_wifi(device)
    network_search(device, surroundings)
    return turning_on
