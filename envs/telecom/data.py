"""Telecom databases: tau2's JSON files converted to our keyed layout, plus the phone defaults.

tau2 stores each kind as a list; the environment keys records by id
(``{kind: {id: record}}``), keeping file order. The customer's phone is the
``phone`` kind with two records: ``device`` (the handset's settings and radio
state) and ``surroundings`` (where the customer is and what the network allows).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson

ACCOUNT_KINDS: dict[str, str] = {"customers": "customer_id", "lines": "line_id", "devices": "device_id",
                                 "plans": "plan_id", "bills": "bill_id"}
KINDS: tuple[str, ...] = (*ACCOUNT_KINDS, "phone")

DEFAULT_APN: dict[str, Any] = {"apn_name": "internet", "reset_at_reboot": False, "mms_apn": "mms",
                               "mmsc_url": "http://mms.carrier.com/mms/wapenc", "mms_proxy": None,
                               "mms_port": None}

DEFAULT_DEVICE: dict[str, Any] = {
    "sim_card_status": "active", "sim_card_missing": False, "airplane_mode": False,
    "network_signal_strength": "good", "network_technology_connected": "5G",
    "network_connection_status": "connected", "battery_level": 80, "data_enabled": True,
    "roaming_enabled": False, "network_mode_preference": "4g_5g_preferred",
    "active_apn_settings": DEFAULT_APN, "wifi_enabled": False, "wifi_connected": False,
    "wifi_ssid": None, "wifi_signal_strength": "none", "wifi_calling_enabled": False,
    "wifi_calling_mms_over_wifi": False, "data_saver_mode": False, "vpn_enabled_setting": False,
    "vpn_connected": False, "vpn_details": None,
    "app_statuses": {
        "messaging": {"app_name": "messaging",
                      "permissions": {"sms": True, "storage": True, "phone": True, "network": False}},
        "browser": {"app_name": "browser",
                    "permissions": {"sms": False, "storage": True, "phone": False, "network": True}},
    },
}

DEFAULT_SURROUNDINGS: dict[str, Any] = {
    "name": None, "phone_number": None, "is_abroad": False, "roaming_allowed": False,
    "signal_strength": {"2G": "poor", "3G": "fair", "4G": "good", "5G": "excellent"},
    "mobile_data_usage_exceeded": False, "line_active": True, "payment_request": None,
}


def _with_defaults(defaults: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(defaults)
    for key, value in given.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict) and key != "app_statuses":
            out[key] = _with_defaults(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def phone_records(user_db: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The ``phone`` kind from a tau2 user db (``{"device": ..., "surroundings": ...}``), defaults filled in."""
    user_db = user_db or {}
    return {"device": _with_defaults(DEFAULT_DEVICE, user_db.get("device") or {}),
            "surroundings": _with_defaults(DEFAULT_SURROUNDINGS, user_db.get("surroundings") or {})}


def from_tau2(db: dict[str, Any], user_db: dict[str, Any] | None = None) -> dict[str, Any]:
    """Our keyed layout from tau2's list layout; a record without its id field is an error naming it."""
    out: dict[str, Any] = {}
    for kind, id_field in ACCOUNT_KINDS.items():
        records = db.get(kind, [])
        if isinstance(records, dict):  # already keyed
            out[kind] = copy.deepcopy(records)
            continue
        keyed: dict[str, Any] = {}
        for i, rec in enumerate(records):
            if not isinstance(rec, dict) or id_field not in rec:
                raise ValueError(f"telecom db: {kind}[{i}] lacks the field {id_field!r}")
            keyed[rec[id_field]] = copy.deepcopy(rec)
        out[kind] = keyed
    out["phone"] = phone_records(user_db)
    return out


def load_tau2_db(db_dir: str | Path) -> dict[str, Any]:
    """``<dir>/db.json`` (+ ``<dir>/user_db.json`` when present) as one keyed database; ``dir``
    may also be the data root holding ``telecom/`` (tau2's ``data/tau2``)."""
    from trajectory2gym.envs.db import domain_db_dir

    if not Path(db_dir).is_dir():
        raise FileNotFoundError(f"{db_dir}: database directory not found")
    root = domain_db_dir("telecom", db_dir)
    db_file = root / "db.json"
    if not db_file.is_file() and (root / "customers.json").is_file():
        return _load_per_kind(root)
    if not db_file.is_file():
        raise FileNotFoundError(f"{db_file}: missing (a telecom database dir holds db.json and user_db.json, "
                                "or one <kind>.json per kind)")
    try:
        db = orjson.loads(db_file.read_bytes())
        user_file = root / "user_db.json"
        user_db = orjson.loads(user_file.read_bytes()) if user_file.is_file() else None
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"{root}: not valid JSON ({exc})") from None
    return from_tau2(db, user_db)


def _load_per_kind(root: Path) -> dict[str, Any]:
    """The one-file-per-kind layout (``customers.json``, ..., ``phone.json``) that ``t2g env generate-db`` writes."""
    db: dict[str, Any] = {}
    for kind in KINDS:
        file = root / f"{kind}.json"
        if kind == "phone" and not file.is_file():
            continue
        if not file.is_file():
            raise FileNotFoundError(f"{file}: missing (a telecom database needs {', '.join(ACCOUNT_KINDS)})")
        try:
            db[kind] = orjson.loads(file.read_bytes())
        except orjson.JSONDecodeError as exc:
            raise ValueError(f"{file}: not valid JSON ({exc})") from None
    phone = db.pop("phone", None)
    return from_tau2(db, phone)
