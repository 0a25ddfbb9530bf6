"""A text's statement of the phone's present state must be what the latest device check showed
(certify/phone_state.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.phone_state import PhoneState, codes_said
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs, user_tool_specs

BAR = "Preferred Network Mode set to: 4g_5g_preferred\nStatus Bar: Signal: Excellent | 5G | Data Enabled | Battery 80%"
NETWORK_STATUS = ("Airplane Mode: OFF\nSIM Card Status: missing\nCellular Connection: no_service\nCellular Signal: none\n"
                  "Cellular Network Type: none\nMobile Data Enabled: Yes\nData Roaming Enabled: No")


def _state(*shown: str) -> PhoneState:
    state = PhoneState()
    for text in shown:
        state.read(text)
    return state


def test_the_latest_check_of_each_setting_is_kept() -> None:
    assert _state(BAR).shown == {"signal": "excellent", "network": "5G", "mode": "4g_5g_preferred"}
    assert _state(BAR, NETWORK_STATUS).shown == {"signal": "none", "network": "none", "sim": "missing",
                                                 "mode": "4g_5g_preferred"}
    assert _state("Status Bar: Airplane Mode | Battery 80%").shown == {"signal": "none", "network": "none"}
    assert _state("Status Bar: Signal: No Signal | Data Disabled | Battery 80%").shown == {"signal": "none",
                                                                                          "network": "none"}
    assert _state(NETWORK_STATUS, "Your SIM card is active and working.").shown["sim"] == "active"


@pytest.mark.parametrize(("text", "flagged"), [
    ("Good — you're now on **4G** with a **good** signal, so the network is fine.", ["4G", "good"]),
    ("Good — you're now on **5G** with an **excellent** signal.", []),
    ("Your signal is strong now.", []),  # excellent is strong
    ("Your signal is weak.", ["weak"]),
    ("You're on **5G** now, though the signal is only *Good*.", ["good"]),  # blind audit t59_12
    # What a step should bring, a question, a condition: no statement of the present
    ("After the restart you should be on 4G.", []),
    ("Are you on 4G now?", []),
    ("If you're on 4G with a poor signal, MMS may fail.", []),
    # the network mode preference, not the network (blind set 71, t71_07)
    ("To recap: the VPN is disconnected and your phone is on 4G/5G preferred.", []),
    ("To recap: the VPN is disconnected and your phone is on 4G now.", ["4G"]),
])
def test_a_statement_of_the_bar_is_read_against_it(text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state(BAR).misstated(text)] == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    ("Your SIM card is **active**, so that part is fine — the problem must be elsewhere.", ["active"]),
    ("Your SIM card is missing, so the phone can't register.", []),
    ("The SIM status shows as not detected.", []),
    ("Your SIM is locked.", ["locked"]),
    ("No SIM card is detected. Please take the SIM out.", []),  # "No" before it (blind set 80, t80_09 19)
    ("Your SIM card is detected.", ["detected"]),
])
def test_a_statement_of_the_sim_is_read_against_the_network_status(text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state(NETWORK_STATUS).misstated(text)] == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    # a locked SIM is a detected one (blind set 81, t81_07 26)
    ("The SIM is now detected but **PIN-locked**. Do you know your SIM PIN?", []),
    ("The SIM card is missing.", ["missing"]),
])
def test_a_sim_locked_with_a_pin_is_detected(text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state("The SIM card is locked with a PIN code.").misstated(text)] == flagged


VPN_STATUS = ("VPN is ON and connected. Details: {'server_address': '192.168.1.1', 'protocol': 'OpenVPN', "
              "'server_performance': 'poor'}")


@pytest.mark.parametrize(("text", "flagged"), [
    ("Your VPN server's performance is listed as **fair**, which throttles everything.", ["fair"]),
    ("Your VPN server's performance is **poor**: please disconnect it.", []),
    ("A VPN with good performance would be fine.", []),  # no statement of the one shown
    # the server's rating (blind set 61, t61_03)
    ("That VPN server is rated 'fair', which slows everything down.", ["fair"]),
    ("That VPN server is rated 'poor', which slows everything down.", []),
    # its protocol, as the check shows it (blind audit t56_06)
    ("A **VPN is connected** (server 192.168.1.1, **IPSec**, poor performance).", ["IPSec"]),
    ("A **VPN is connected** (server 192.168.1.1, **OpenVPN**, poor performance).", []),
])
def test_a_statement_of_the_vpn_is_read_against_its_check(text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state(VPN_STATUS).misstated(text)] == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    ("The messaging app is missing the **storage** permission — please grant **storage**.", ["storage"]),
    ("The messaging app is missing the **SMS** permission — please grant it.", []),
    ("The SMS permission is missing.", []),
    ("The storage permission is still missing.", ["storage"]),
    # what it needs, said after the claim, does not make it a maybe (blind set 71, t71_11)
    ("That's it: the messaging app is missing the storage permission it needs for pictures.", ["storage"]),
    ("Once you reboot, it may be missing the storage permission.", []),  # a maybe, before the claim
    # a recap's list of what was found (blind set 84, t84_12 71)
    ("Here's everything:\n\n**What we found (2 issues)**\n1. APN missing MMSC URL\n2. Messaging app missing **storage** "
     "permission\n\n**What changed**\n- Storage granted.", []),
    ("Here's everything:\n\n**What changed**\n1. APN reset\n2. Messaging app missing **storage** permission", ["storage"]),
    # a permission's own name said missing (blind audit t57_09)
    ("It's missing the **sms** permission, and storage is missing as well - please grant both.", ["storage"]),
    ("It's missing the **sms** permission, and the camera is missing as well.", []),
    # a permission said held (blind audit t57_08)
    ("Your messaging app has the SMS permission but is missing **storage**.", ["sms"]),
    ("Your messaging app has the storage permission but not SMS.", []),
    ("Your messaging app doesn't have the SMS permission yet.", []),
    # held as a list, the word "permission" in the next sentence (blind set 62, t62_06)
    ("Found it: messaging has sms and phone but is missing storage, which it needs. Grant the sms permission.",
     ["sms"]),
    ("Found it: messaging has storage and phone. Its sms permission is what it lacks.", []),
    ("Once it has sms and phone, grant the camera permission too.", []),  # not the present
    # asked to grant one the check shows held (blind set 61, t61_10)
    ("Grant messaging the sms and storage permissions, then try again.", ["storage"]),
    ("Grant messaging the sms permission, then try again.", []),
    ("You granted the storage permission, thanks.", []),  # a grant told, not asked
    # a past cause, fixed since (blind set 88, t88_07 43)
    ("MMS works now. The two causes were the exhausted data and the missing storage permission.", []),
    ("MMS still fails. The one cause left is the missing storage permission.", ["storage"]),
    # ... or said in the past tense (blind set 91, t91_03 50)
    ("In short: the messaging app was missing **storage** permission (now granted).", []),
    ("In short: the messaging app is missing **storage** permission.", ["storage"]),
])
def test_a_permission_said_missing_is_read_against_the_apps_check(text: str, flagged: list[str]) -> None:
    state = _state("App 'messaging' has permission for: storage, phone.")
    assert [said for said, _, _ in state.misstated(text)] == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    # permissions said granted that the check did not list (blind audit t56_10)
    ("Permissions look fine — sms, storage, phone and **camera** are all granted.", ["camera"]),
    ("Permissions look fine — sms, storage and phone are all granted.", []),
    ("The storage permission is granted, and your phone's camera works.", []),  # names after it: not in the list
    # a list in bold (blind set 80, t80_05 59)
    ("The messaging app has **sms**, **storage** and **camera** permissions - everything it needs.", ["camera"]),
    ("The messaging app has **sms**, **storage** and **phone** permissions - everything it needs.", []),
])
def test_permissions_said_granted_are_read_against_the_apps_check(text: str, flagged: list[str]) -> None:
    state = _state("App 'messaging' has permission for: sms, storage, phone.")
    assert [said for said, _, _ in state.misstated(text)] == flagged
    granted = _state("App 'messaging' has permission for: sms, phone.", "Permission 'storage' granted to app 'messaging'.")
    assert granted.misstated("Now sms, storage and phone are all granted.") == []  # the grant since the check


@pytest.mark.parametrize(("text", "flagged"), [
    ("Your phone is set to **3G only**, which caps your speed.", ["3G only"]),
    ("Your phone is set to **2G only**, which caps your speed.", []),
    ("Please change it to **4G/5G preferred**.", []),  # what to set, not what it is
    # a recap's line of the mode as set (blind audit t56_04)
    ("4. Network mode set to **3G only**", ["3G only"]),
    ("4. Network mode set to **2G only**", []),
])
def test_a_statement_of_the_network_mode_is_read_against_the_check(text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state("Network Mode Preference: 2g_only").misstated(text)] == flagged
    assert [said for said, _, _ in _state("Preferred Network Mode set to: 4g_5g_preferred").misstated(
        "It is set to 4G/5G preferred now.")] == []


def _convo(convo: Any) -> Any:
    tools = [s.model_dump(mode="json") for s in [*tool_specs("telecom"), *user_tool_specs("telecom")]]
    c = convo(tools=tools, domain="telecom", system="You are a telecom agent.")
    c.user("I can't send pictures.")
    c.say("Please set your network mode to 4G/5G preferred.")
    c.messages.append({"role": "user", "content": None, "tool_calls": [
        {"id": "u1", "type": "function", "function": {"name": "set_network_mode_preference",
                                                      "arguments": '{"mode": "4g_5g_preferred"}'}}]})
    c.messages.append({"role": "tool", "tool_call_id": "u1", "name": "set_network_mode_preference", "content": BAR})
    c.user("Done.")
    return c


@pytest.mark.parametrize(("text", "kinds"), [
    ("Good, you're now on **4G** with a **good** signal. Next, let's check the app's permissions.",
     ["text_misstated_device", "text_misstated_device"]),
    ("Good, you're now on **5G** with an **excellent** signal. Next, let's check the app's permissions.", []),
    # the bar quoted, not as it showed (blind set 91, t91_12 59)
    ("After that step, the status bar shows **Signal: Excellent | 4G | Data Enabled**.", ["text_not_visible"]),
    ("After that step, the status bar shows **Signal: Excellent | 5G | Data Enabled**.", []),
])
def test_a_text_that_misreads_the_phone_is_not_grounded(convo: Any, at: Any, text: str, kinds: list[str]) -> None:
    c = _convo(convo)
    i = c.say(text)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("user", "text", "kinds"), [
    # blind set 75, t75_12: a lock kind nothing visible said
    ("It says No SIM card detected.", "Recap: your SIM (which had been PIN-locked) re-seated, mobile data on.",
     ["text_not_visible"]),
    ("It says the SIM card is locked with a PIN code.", "Recap: your SIM (which had been PIN-locked) re-seated.", []),
    ("It says No SIM card detected.", "If it ever shows as PUK-locked, call us.", []),  # a condition
    # either kind, in a slash (blind set 96, t96_05 29)
    ("Now it's asking for a SIM PIN.", "I can't: a PIN/PUK-locked SIM can't be unlocked with the tools I have.", []),
    ("Now it's asking for a SIM PIN.", "I can't: your SIM is PUK-locked.", ["text_not_visible"]),
])
def test_a_sim_lock_kind_nothing_visible_said(convo: Any, at: Any, user: str, text: str, kinds: list[str]) -> None:
    c = _convo(convo)
    c.user(user)
    i = c.say(text)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("shown", "text", "flagged"), [
    # blind audit t58_08: the lock said by the wrong code
    ("The SIM card is locked with a PIN code.", "Airplane mode is off, but your SIM card is locked with a **PUK code**.",
     ["locked with a PUK"]),
    ("The SIM card is locked with a PIN code.", "Your SIM card is locked with a PIN.", []),
])
def test_the_sim_lock_is_read_against_the_check(shown: str, text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state(shown).misstated(text)] == flagged


@pytest.mark.parametrize(("checks", "text", "user", "unseen"), [
    # blind audit t58_07: the SIM's state said before any check showed it
    ((), "On our side the line is Active, and your SIM card is registered and working fine.", "", ["registered"]),
    ((), "Your SIM card is active.", "airplane mode: off / sim card status: active", []),  # the user read it out
    ((NETWORK_STATUS,), "Your SIM card is registered and working fine.", "", []),  # shown: misstated reads it
    ((), "Your SIM card is active, so let's look elsewhere.", "my sim card is active, i checked", []),  # the user said
    ((), "Once your SIM is active, you'll have service again.", "", []),  # not the present
    # a signal on the bar shows the SIM read (blind set 91, t91_04 73); not a lock or its absence
    (("Status Bar: Signal: Good | 5G | Data Enabled | Battery 80%",), "His physical SIM is working fine.", "", []),
    (("Status Bar: Signal: Good | 5G | Data Enabled | Battery 80%",), "His SIM is missing.", "", ["missing"]),
    (("Status Bar: Signal: No Signal | Data Disabled | Battery 80%",), "His physical SIM is working fine.", "",
     ["working"]),
    # an app's permissions said in order before any check (blind audit t59_08), in a clause of a question
    ((), "Signal and data look fine, and your messaging app's permissions are all set, so let's look at Wi-Fi "
         "Calling next — is it on?", "", ["set"]),
    (("App 'messaging' has permission for: sms, storage.",), "Your app's permissions are all set.", "", []),
    # the VPN server's performance, before its details were checked (blind set 79, t79_05 16)
    ((), "- **VPN Connected**, to a VPN server with poor performance", "", ["poor"]),
    (("VPN is ON and connected. Details: {'server_address': '192.168.1.1', 'server_performance': 'poor'}",),
     "- **VPN Connected**, to a VPN server with poor performance", "", []),
    ((), "- **VPN Connected**, to a VPN server with poor performance", "it says poor performance", []),
    # the lock told by the code the phone asks for (blind set 100, t100_06 22)
    ((), "The SIM is locked, and nothing in my tools can unlock it.", "now it says 'puk required'", []),
    ((), "The SIM is locked, and nothing in my tools can unlock it.", "still no service", ["locked"]),
    # airplane mode said on, and a permission said missing, with no check and no word of the user
    # (blind set 104, t104_11 6 and t104_07 10)
    ((), "Thanks, Mr. Smith. I can see your phone is in airplane mode - please switch that off.", "", ["on"]),
    ((), "Your phone is in airplane mode, please switch that off.", "my phone says airplane mode", []),
    ((), "The plane icon means Airplane Mode is on.", "there's a little plane at the top", []),  # t96_03 20
    (("Status Bar: Airplane Mode | Battery 80%",), "Your phone is in airplane mode.", "", []),
    ((), "If your phone is in airplane mode, switch it off.", "", []),
    ((), "I can also see that your messaging app doesn't have its SMS permission, which will block MMS.", "",
     ["missing"]),
    (("App 'messaging' has permission for: storage.",), "Your messaging app doesn't have its SMS permission.", "", []),
])
def test_the_phones_state_said_before_any_check(checks: tuple[str, ...], text: str, user: str,
                                                unseen: list[str]) -> None:
    assert [said for said, _ in _state(*checks).unseen(text, user)] == unseen


def test_a_sim_code_said_is_one_the_text_gives() -> None:
    assert codes_said("No problem - the default PIN for our SIM cards is 0000. Please try it.") == ["0000"]
    assert codes_said("Please enter your PUK **12345678** now.") == ["12345678"]
    assert codes_said("Your PIN unlock costs $1000.") == []  # an amount, not a code
    assert codes_said("Please enter your PIN now.") == []


@pytest.mark.parametrize(("runs", "kinds"), [
    # blind audit t58_11: the reset waits for a reboot nobody made
    ((("reset_apn_settings", "APN settings will reset at reboot."),), ["text_contradicts_status"]),
    ((("reset_apn_settings", "APN settings will reset at reboot."),
      ("reboot_device", "Restarting network services...")), []),
    ((("toggle_airplane_mode", "Airplane Mode is now OFF."),), []),
])
def test_a_change_said_to_hold_without_the_reboot_it_waits_for(convo: Any, at: Any, runs: tuple[tuple[str, str], ...],
                                                             kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My picture messages won't send.")
    for name, shown in runs:
        c.user_runs(name, {}, shown, "done")
    i = c.say("No need to restart - your settings are fixed now, so you can send picture messages right away.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "rebooted", "kinds"), [
    # the reset said applied, no reboot spoken of (blind set 86, t86_06 28)
    ('Your APN is now back to "internet" and the problem should be solved.', False, ["text_contradicts_status"]),
    ('Your APN is now back to "internet" and the problem should be solved.', True, []),
    ('Your APN will be back to "internet" once you restart the phone. Please restart it.', False, []),
    ("Your APN settings have now been reset. Please try sending an MMS again.", False,  # (blind set 89, t89_09 54)
     ["text_contradicts_status"]),
])
def test_a_reset_said_applied_before_the_reboot_it_waits_for(convo: Any, at: Any, said: str, rebooted: bool,
                                                             kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My picture messages won't send.")
    c.user_runs("reset_apn_settings", {}, "APN settings will reset at reboot.", "Did the reset.")
    if rebooted:
        c.user_runs("reboot_device", {}, "Restarting network services...", "restarted")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("The VPN (OpenVPN via 192.168.1.10) reports poor server performance.", ["text_not_visible"]),  # t59_10
    ("The VPN (OpenVPN via 192.168.1.1) reports poor server performance.", []),
])
def test_a_vpn_server_address_said_is_the_one_shown(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data is slow.")
    c.user_runs("check_vpn_status", {}, "VPN is ON and connected. Details: {'server_address': '192.168.1.1', "
                "'protocol': 'OpenVPN', 'server_performance': 'poor'}", "done")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_a_network_generation_a_mode_setting_names(convo: Any, at: Any) -> None:
    # blind set 79, t79_03 42: the generations the setting to pick names ("4g_5g_preferred")
    said = ("Your phone is set to **2g_only**, so it can never use the faster 4G or 5G networks. Please change "
            "the preferred network mode to **4g_5g_preferred**.")
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data is very slow.")
    c.user("The network mode preference says 2g_only.")
    named = c.say(said)
    unnamed = c.say("Your phone is set to **2g_only**, so it can never use the faster 4G or 5G networks.")
    found = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(found, named).reasons] == []
    assert [reason_kind(r) for r in at(found, unnamed).reasons] == ["text_not_visible", "text_not_visible"]


APN = "Current APN Name: internet\nMMSC URL (for picture messages): {}"


@pytest.mark.parametrize(("shown", "text", "flagged"), [
    # blind set 79, t79_09 37: the MMSC URL said unset, where the APN check shows one
    (APN.format("http://mms.carrier.com/mms/wapenc"),
     "I see the **MMSC URL**, the address used for picture messages, is **not set**, which would stop MMS.",
     [("not set", "MMSC URL", "set")]),
    (APN.format("Not Set"), "I see the **MMSC URL**, the address used for picture messages, is **not set**.", []),
    (APN.format("Not Set"), "Your MMSC URL is set correctly, so that is not the problem.", [("set", "MMSC URL", "not set")]),
    (APN.format("Not Set"), "Once you reset the APN settings, the MMSC URL will be set.", []),  # what will be
])
def test_the_mmsc_url_is_read_against_the_apn_check(shown: str, text: str, flagged: list[tuple[str, str, str]]) -> None:
    assert _state(shown).misstated(text) == flagged
    assert _state(shown, "APN settings will reset at reboot.").misstated(text) == []  # changed since: unknown


@pytest.mark.parametrize(("bar", "sim"), [
    # a signal on the bar right after the re-seat: the phone reads the card (blind set 80, t80_11 22, t80_12 28)
    ("Status Bar: Signal: Poor | 2G | Data Disabled | Battery 80%", "active"),
    ("Status Bar: Signal: No Signal | Data Disabled | Battery 80%", None),
])
def test_a_reseat_then_a_signal_shows_the_sim_read(bar: str, sim: str | None) -> None:
    state = _state(NETWORK_STATUS, f"SIM card re-seated successfully.\n{bar}")
    assert state.shown.get("sim") == sim
    assert state.unseen("The SIM is working now and you have signal.", "") == ([] if sim else [("working", "SIM card")])


@pytest.mark.parametrize(("checks", "text", "flagged"), [
    # blind set 84, t84_11 38: the user's report repeated, where the check says it cannot
    (["Your messaging app cannot send MMS messages."], "Great, MMS works now!", ["can send MMS"]),
    (["Your messaging app can send MMS messages."], "Great, MMS works now!", []),
    (["Your messaging app can send MMS messages."], "So you still can't send MMS?", []),  # a question
    (["Your messaging app can send MMS messages."], "Unfortunately you can't send MMS yet.", ["cannot send MMS"]),
    # a change on the phone since the check: unknown again
    (["Your messaging app cannot send MMS messages.",
      "Success. Permission 'storage' granted to app 'messaging'.\nStatus Bar: Signal: Excellent | 5G | Data Enabled"],
     "Great, MMS works now!", []),
    # a setting that can send MMS, no claim about the phone (blind set 80, t80_09 57)
    (["Your messaging app cannot send MMS messages."], "Wi-Fi Calling has a setting that can send MMS over Wi-Fi.", []),
])
def test_mms_said_against_the_latest_check(checks: list[str], text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state(*checks).misstated(text)] == flagged


@pytest.mark.parametrize(("result", "kinds"), [
    ("Your messaging app cannot send MMS messages.", ["text_misstated_device"]),
    ("Your messaging app can send MMS messages.", []),
])
def test_mms_said_to_work_in_a_conversation(convo: Any, at: Any, result: str, kinds: list[str]) -> None:
    c = _convo(convo)
    c.messages.append({"role": "user", "content": "It works now!", "tool_calls": [
        {"id": "u2", "type": "function", "function": {"name": "can_send_mms", "arguments": "{}"}}]})
    c.messages.append({"role": "tool", "tool_call_id": "u2", "name": "can_send_mms", "content": result})
    i = c.say("Great, MMS works now!")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("shown", "text", "flagged"), [
    # a phone switch said the other way from its check (blind set 92, t92_08 26)
    ("Wi-Fi Calling is currently turned ON.", "Good, Wi-Fi Calling is off, so that's not it.", ["Wi-Fi Calling is off"]),
    ("Wi-Fi Calling is currently turned ON.", "Wi-Fi Calling is on; let's switch it off.", []),
    ("Data Saver mode is ON (limits data usage).", "Data Saver is off, so that's fine.", ["Data Saver is off"]),
    ("Data Saver Mode is now OFF.", "Data Saver is now off.", []),  # a toggle's result
    ("Wi-Fi Calling is currently turned ON.", "Once Wi-Fi Calling is off, try again.", []),  # what should be
])
def test_a_phone_switch_said_against_its_check(shown: str, text: str, flagged: list[str]) -> None:
    assert [said for said, _, _ in _state(shown).misstated(text)] == flagged


@pytest.mark.parametrize(("checks", "last_user", "unseen"), [
    # MMS said to work after a change, no check since (blind set 93, t93_09 52)
    (("Your messaging app cannot send MMS messages.", "Wi-Fi Calling is now OFF.\nStatus Bar: Signal: Excellent | 5G"),
     "Off.", ["can send"]),
    (("Your messaging app cannot send MMS messages.", "Wi-Fi Calling is now OFF.\nStatus Bar: Signal: Excellent | 5G"),
     "Off. And I just tried: it worked!", []),  # the user says it went through
    (("Status Bar: Signal: Excellent | 5G", "Your messaging app can send MMS messages."), "ok", []),  # the check shows it
])
def test_mms_said_to_work_with_no_check_since_the_last_change(checks: tuple[str, ...], last_user: str,
                                                              unseen: list[str]) -> None:
    text = "That should have done it - your MMS is working again now."
    assert [said for said, _ in _state(*checks).unseen(text, last_user.lower(), last_user)] == unseen
