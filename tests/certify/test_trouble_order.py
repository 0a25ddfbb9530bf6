"""Troubleshooting steps the agent asks for out of the order the telecom policy gives."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.trouble_order import asks_stage, later_steps_asked
from trajectory2gym.envs.registry import get_domain, tool_specs


@pytest.mark.parametrize(("text", "asked"), [
    ("Please set the preferred network mode to **4G/5G preferred**.", [("preferred network mode", "speed")]),
    ("Could you check your **VPN status**?", [("VPN", "speed")]),
    ("Could you check which **permissions** your messaging app has?", [("permissions", "MMS")]),
    ("Data Saver is off now.", []),  # a report, no request
    ("Next we'll look at the VPN.", []),  # put off
    ("You've already turned Wi-Fi calling off.", []),
    # mobile data's steps, and the APN after the SIM (blind audit t56_08, t56_11)
    ("First, please turn on **mobile data** and **data roaming**.", [("mobile data", "mobile data")]),
    ("Next, please open your **APN settings** and tell me what you see.", [("APN settings", "APN")]),
    ("Could you check your APN MMS settings?", [("APN MMS", "MMS")]),
    # a step for the trip ahead (blind set 94, t94_06 60)
    ("Done - roaming is now enabled on L1001. She'll also need to turn Data Roaming on in her phone when you arrive.",
     []),
    ("Done - roaming is now enabled on L1001. Please turn Data Roaming on in your phone now.",
     [("Data Roaming", "mobile data")]),
    # "let's start by ..." asks (blind set 99, t99_03 6)
    ("To speed things up, let's start by switching off any VPN and Data Saver on your phone.", [("VPN", "speed")]),
    ("Let's look at the VPN later.", []),  # put off
])
def test_a_later_stages_step_asked_for_now(text: str, asked: list[tuple[str, str]]) -> None:
    assert later_steps_asked(text) == asked


def test_only_steps_after_the_unresolved_stage_are_early() -> None:
    asked = "Please turn on mobile data, and then check your VPN."
    assert later_steps_asked(asked) == [("mobile data", "mobile data")]
    assert later_steps_asked(asked, "mobile data") == []  # (one step per sentence: its first)
    assert later_steps_asked("Please check your VPN.", "mobile data") == [("VPN", "speed")]


@pytest.mark.parametrize(("sim", "reseated", "ask", "kinds"), [
    ("No SIM card detected in the phone.", False, "Next, please open your APN settings.", ["text_out_of_order"]),
    ("No SIM card detected in the phone.", True, "Next, please open your APN settings.", []),  # re-seated: unknown
    ("Your SIM card is active and working.", False, "Next, please open your APN settings.", []),  # no signal: APN next
    ("The SIM card is locked with a PIN code.", False, "First, please turn on mobile data.", ["text_out_of_order"]),
    # a SIM locked with a PIN, which no tool unlocks: the APN is the next step to check (blind set 81: t81_06 39)
    ("The SIM card is locked with a PIN code.", False, "Meanwhile, could you check your APN settings?", []),
    ("No SIM card detected in the phone.", False, "Please re-seat your SIM, then turn on mobile data.", []),
])
def test_the_sim_comes_before_the_apn_and_mobile_data(convo: Any, sim: str, reseated: bool, ask: str,
                                                      kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              system=get_domain("telecom").policy)
    c.user("My phone has no service. I'm 555-123-2002.")
    c.say("What does the status bar show?")
    c.user_runs("check_status_bar", {}, "Status Bar: Signal: No Signal | Data Disabled | Battery 80%", text="no signal")
    c.say("Please check your SIM status.")
    c.user_runs("check_sim_status", {}, sim, text=sim)
    if reseated:
        c.say("Please re-seat the SIM card.")
        c.user_runs("reseat_sim_card", {}, "SIM card re-seated successfully.\nStatus Bar: Signal: No Signal | Battery 80%",
                    text="done, still no signal")
    i = c.say(ask)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def test_a_plan_that_asks_for_the_earlier_stage_too() -> None:
    plan = "1. Mobile data is off: please turn it on\n2. Please set the network mode to 4G/5G preferred"
    assert asks_stage(plan, "mobile data")
    assert not asks_stage("Please set the network mode to 4G/5G preferred.", "mobile data")
    assert not asks_stage(plan, "no service")  # the plan's earlier step is mobile data's
    # blind audit t66_08: the top of the screen is the status bar, the first step
    first = ("Sending pictures needs your mobile data working, so first, could you tell me what the very top of "
             "your screen shows?")
    assert asks_stage(first, "no service")
    assert not asks_stage("Sending pictures needs your mobile data working. Is it on?", "no service")


def _phone(convo: Any, bar: str | None, ask: str, policy: str | None = None) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              system=policy or get_domain("telecom").policy)
    c.user("My phone's internet is very slow. I'm 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001", "line_ids": ["L1002"]})
    if bar is not None:
        c.say("What does the status bar at the top of your screen show?")
        c.user_runs("check_status_bar", {}, f"Status Bar: {bar} | Battery 80%", text=bar)
    i = c.say(ask)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    kinds = [reason_kind(r) for r in decision.reasons]
    # a step out of order is the workflow's matter: what the text states is still visible
    assert decision.checks["visibility"] and decision.checks["workflow"] is ("text_out_of_order" not in kinds)
    return kinds


@pytest.mark.parametrize(("bar", "ask", "kinds"), [
    ("Signal: Poor | 2G | Data Disabled", "Please set your preferred network mode to **4G/5G preferred**.",
     ["text_out_of_order"]),  # mobile data is off: a stage before speed
    ("Airplane Mode", "Could you check your VPN status?", ["text_out_of_order"]),  # no service
    (None, "Could you check your VPN status?", ["text_out_of_order"]),  # nothing of the phone seen yet
    ("Signal: Poor | 2G | Data Enabled", "Please set your preferred network mode to **4G/5G preferred**.", []),
    ("Signal: Poor | 2G | Data Disabled", "Please turn mobile data on, then set the network mode to 4G/5G preferred.",
     []),  # the earlier stage's step first, in the same message
    ("Signal: Poor | 2G | Data Disabled", "Please turn **Mobile Data** on and tell me what the bar shows.", []),
])
def test_a_speed_step_waits_for_the_stages_before_it(convo: Any, bar: str | None, ask: str, kinds: list[str]) -> None:
    assert _phone(convo, bar, ask) == kinds


def _caller(convo: Any, first: str) -> Any:
    """A telecom conversation under the domain's policy: the caller's first message, then their account
    found by the number 555-123-2002 (line L1002)."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              system=get_domain("telecom").policy)
    c.user(first)
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001", "line_ids": ["L1002"]})
    return c


@pytest.mark.parametrize(("complaint", "ask", "kinds"), [
    # blind set 101, t101_02 12: data that crawls has service, so mobile data's step may come first
    ("My data is useless, either nothing loads or it crawls.", "Is the Mobile Data switch on?", []),
    ("My data is useless, either nothing loads or it crawls.", "Could you check your VPN status?",
     ["text_out_of_order"]),  # a speed step still waits for mobile data's
    ("My data doesn't work at all.", "Is the Mobile Data switch on?", ["text_out_of_order"]),  # no service unchecked
    # "dead slow", "it's painfully slow" (blind set 103: t103_05 12, t103_02 13)
    ("My data is dead slow or not working at all.", "Is Data Roaming on?", []),
    ("Either nothing loads or it's painfully slow.", "Is the Mobile Data switch on?", []),
    ("Either nothing loads or it's painful.", "Is the Mobile Data switch on?", ["text_out_of_order"]),
    # the status bar asked for first, a speed step's icon named in it: the earliest stage first (blind set 101, t101_01 8)
    ("Either nothing loads or it's painfully slow.", "What does the status bar show (signal bars, network type, and "
     "any icons such as airplane mode or a VPN key)?", []),
])
def test_data_said_to_crawl_has_service(convo: Any, complaint: str, ask: str, kinds: list[str]) -> None:
    c = _caller(convo, f"{complaint} I'm 555-123-2002.")
    i = c.say(ask)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 103, t103_05 16: data that works now, slowly, after mobile data's step: the speed stage is next
    ("Turned it on. OK it works now but it's really slow.", []),
    ("Turned it on.", ["text_out_of_order"]),  # nothing said of the data since
])
def test_data_said_to_work_slowly_after_a_mobile_data_step(convo: Any, report: str, kinds: list[str]) -> None:
    c = _caller(convo, "I'm abroad and my data is either dead or not working at all. I'm 555-123-2002.")
    c.say("On your phone, is Data Roaming turned on?")
    c.user(f"No, it was off. {report}")
    i = c.say("Let's improve the speed. Is Data Saver on?")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("told", "kinds"), [
    # blind set 95 (t95_07 10, t95_08 12): the user reads the bar out in their own words
    ("Status bar shows 5G, full bars. I'm at home in the US.", []),
    ("Shows 4G, 3 bars.", []),
    ("5G, good signal.", []),
    ("It shows... 4G and some bars. Is that good?", []),
    ("It says No Service and there's a little airplane picture.", ["text_out_of_order"]),
    ("Airplane mode was on! Turned it off. Still says No Service though.", ["text_out_of_order"]),
    ("It's set to '2G only'.", ["text_out_of_order"]),  # a mode, not the bar: nothing of the bar told yet
    ("Thanks for checking.", ["text_out_of_order"]),
    # an icon said to be absent (blind set 97, t97_01 12)
    ("I see two signal bars and the network name 'Orange F'. No airplane icon.", []),
    ("I see the network name 'Orange F' and an airplane icon.", ["text_out_of_order"]),
    # bars named first, the network after (blind set 98: t98_08 14, t98_07 12, t98_11 14, t98_12 16)
    ("Bars and '4G'. No little arrows.", []),
    ("Bars and an 'E'. Normal texts go through, only pictures fail.", []),
    ("Done, bars and 2G now.", []),
    ("No bars and no service.", ["text_out_of_order"]),
])
def test_the_bar_told_in_the_users_words(convo: Any, told: str, kinds: list[str]) -> None:
    c = _caller(convo, "Picture messages won't send. I'm 555-123-2002.")
    c.say("What does your status bar show: signal bars and network type?")
    c.user(told)
    i = c.say("Picture messages need mobile data. Is 'Mobile data' switched on?")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


def test_the_users_words_after_a_check_supersede_it(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              system=get_domain("telecom").policy)
    c.user("My internet is slow. I'm 555-123-2002.")
    c.user_runs("check_status_bar", {}, "Status Bar: Airplane Mode | Battery 80%", text="airplane mode")
    c.say("Please turn airplane mode off.")
    c.user("Done. Now I see signal bars, it says 2G.")
    i = c.say("Is mobile data switched on?")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == []


def test_a_policy_that_gives_no_order_asks_none(convo: Any) -> None:
    policy = "You are a customer-service agent of a mobile carrier."
    assert _phone(convo, "Signal: Poor | 2G | Data Disabled", "Please set the network mode to 4G/5G.", policy) == []


@pytest.mark.parametrize(("where", "speed_test", "kinds"), [
    ("I'm travelling in France.", False, ["text_out_of_order"]),  # roaming is mobile data's step abroad
    ("I'm at home.", False, []),
    ("I'm visiting my parents in Ohio.", False, []),  # a visit at home
    ("I'm travelling in France.", True, []),  # a speed measured: data flows
])
def test_abroad_the_lines_roaming_comes_before_speed(convo: Any, where: str, speed_test: bool, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              system=get_domain("telecom").policy)
    c.user(f"My internet is very slow. {where} My number is 555-123-2002.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "status": "Active", "roaming_enabled": False})
    c.say("What does the status bar show?")
    c.user_runs("check_status_bar", {}, "Status Bar: Signal: Poor | 2G | Data Enabled | Battery 80%")
    if speed_test:
        c.user_runs("run_speed_test", {}, "Speed Test Result: 0.50 Mbps (Very Poor).")
    i = c.say("Please set your preferred network mode to **4G/5G preferred**.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("plan", "fixes"), [
    # blind set 77, t77_11: a hands-on fix of the SIM first, then the later step
    ("- Re-seat the SIM card (take it out, put it back).\n- Then turn on **mobile data** and **data roaming**.", True),
    ("- Reboot the phone.\n- Then turn on mobile data.", True),
    ("- Your SIM was not detected.\n- Turn on mobile data.", False),  # a report of the SIM, no fix asked
])
def test_a_hands_on_fix_of_no_service_asks_that_stage(plan: str, fixes: bool) -> None:
    assert asks_stage(plan, "no service") is fixes
