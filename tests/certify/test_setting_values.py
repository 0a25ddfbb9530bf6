"""A value a text gives a setting by name, quoted or bold, must be one something visible shows."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.setting_values import labelled_plans, named_plans, named_values
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("text", "values"), [
    ("The restart reset your APN back to the default 'internet', and you're reconnected.", ["internet"]),
    ("- APN reset to carrier defaults (APN name **internet**)", ["internet"]),
    ("Your APN name shows 'broken', so the phone can't register.", []),  # "shows" names no value
    ("The APN is named “broken” and the MMSC URL is set.", ["broken"]),
    ('Your APN has now been reset to **"internet"** with the default MMS settings.', ["internet"]),
    ("Please **restart** the phone, then tell me the **status bar**.", []),  # bold, but no naming word
    # a switch's state read with its column's name (blind set 83, t83_01 12)
    ("Field Roaming on the account | Value **Enabled** |", []),
    ("Field APN | Value **internet** |", ["internet"]),
])
def test_the_values_a_text_gives_settings_by_name(text: str, values: list[str]) -> None:
    assert named_values(text) == values


@pytest.mark.parametrize(("shown", "eligible"), [("Current APN Name: internet", True),
                                                 ("Resetting APN settings...", False)])
def test_a_setting_value_never_shown_is_not_grounded(convo: Any, at: Any, shown: str, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("No service on my phone.")
    c.user_runs("reset_apn_settings", {}, shown, "done, restarted")
    i = c.say("Your APN is back to the default 'internet'. You should have service now.")
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is eligible
    assert [reason_kind(r) for r in d.reasons] == ([] if eligible else ["text_not_visible"])


@pytest.mark.parametrize(("said", "kinds"), [
    # a value of the user's device tools is the agent's device know-how (blind set 62, t62_02 and three more)
    ("It's the 2G network. Set the preferred network mode to **4g_5g_preferred** and test again.", []),
    # an identifier the device tools do not take is still held to the history
    ("It's the 2G network. Set the preferred network mode to **4g_5g_preferred** on L7704.", ["text_privileged"]),
])
def test_a_device_setting_named_by_its_value(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom",
              private={"task": {"fix": "set 4g_5g_preferred on L7704"}})
    c.user("My data is really slow.")
    c.user_runs("check_status_bar", {}, "Status Bar: Signal: Poor | 2G | Data Enabled | Battery 80%", "2G it says")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "plans"), [
    ("- Plan: **Premium Plan** with **15 GB** of data", ["Premium Plan"]),
    ("You're on the Unlimited Plus Plan; Your Plan renews monthly.", ["Unlimited Plus Plan"]),
    ("Plan details follow. Would a New Plan help?", []),  # no name
    # a name before a lower-case "plan": the name as a plan record writes it
    ("Line L1162 is active, on the Plus plan with 20 GB of data.", ["Plus"]),
    ("You're on the Unlimited Max plan; your plan renews monthly.", ["Unlimited Max"]),
    ("You're on the same plan as before.", []),
    ("You're absolutely right. Corrected plan:\n1. **Flights:** HAT078 + HAT118", []),  # a plan of action
    ("Here's the Full plan, then the Updated plan.", []),
    ("Unlimited plan users get 5G.", ["Unlimited"]),
    ("You've used 15.1 GB of your 15.0 GB Premium Plan allowance.", ["Premium Plan"]),  # the unit is no name
    ("$154.00, assuming the March plan charges match February's.", []),  # a month's charges (blind set 87, t87_04 58)
    ("From March, the Premium plan costs $65.", ["Premium"]),
    # "plan" as a verb after a pronoun (blind set 89, a89_06 35)
    ("That works. Before I plan it: who are Aarav and Evelyn?", []),
    ("Before We plan it, the Basic plan is yours.", ["Basic"]),
])
def test_the_plans_a_text_names(text: str, plans: list[str]) -> None:
    assert named_plans(text) == plans


@pytest.mark.parametrize(("looked_up", "eligible"), [(False, False), (True, True)])
def test_a_plan_named_before_its_lookup_is_not_grounded(convo: Any, at: Any, looked_up: bool, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My number is 555-123-2002.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "plan_id": "P1002"})
    if looked_up:
        c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan"})
    # (a table row is read without its column's name: "| Item | Premium Plan |" names "Premium Plan")
    i = c.say("| Line | Plan |\n|---|---|\n| L1002 | Premium Plan |")
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is eligible, d.reasons


@pytest.mark.parametrize(("text", "plans"), [
    ("MMS needs mobile data:\n- Plan: Premium\n- Used: 15.1 GB", ["Premium"]),
    ("Plan: Unlimited Plus (20 GB)", ["Unlimited Plus"]),
    ("- Plan: P1002\n- Used: 15.1 GB", []),  # an identifier: the identifier checks' matter
    ("Plan: let's fix your data first.", []),  # no name: a plan of action
])
def test_the_plans_label_lines_name(text: str, plans: list[str]) -> None:
    assert labelled_plans(text) == plans


@pytest.mark.parametrize(("shown", "eligible"), [("", False), ("Premium Plan", True), ("Premium", True)])
def test_a_plan_a_label_line_names_before_its_lookup(convo: Any, at: Any, shown: str, eligible: bool) -> None:
    # blind set 76, t76_06: "- Plan: Premium", where only plan_id P1002 was shown
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My number is 555-123-2002 and MMS fails.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "plan_id": "P1002", "data_used_gb": 15.1})
    if shown:
        c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": shown})
    i = c.say("MMS needs mobile data, and your line is out of it:\n- Plan: Premium\n- Used: 15.1 GB")
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is eligible, d.reasons


@pytest.mark.parametrize(("looked_up", "eligible"), [(False, False), (True, True)])
def test_a_plan_named_in_lower_case_before_its_lookup(convo: Any, at: Any, looked_up: bool, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I can't send picture messages from 555-596-8954.")
    c.call("get_details_by_id", {"id": "L1162"}, {"line_id": "L1162", "phone_number": "555-596-8954",
                                                   "plan_id": "P1003"})
    if looked_up:
        c.call("get_details_by_id", {"id": "P1003"}, {"plan_id": "P1003", "name": "Plus"})
    i = c.say("Line L1162 (555-596-8954) is active, on the Plus plan. What does your status bar show?")
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is eligible, d.reasons


@pytest.mark.parametrize(("shown", "eligible"), [
    ("", False),  # a web address never shown
    ("Your APN: apn=internet, mmsc_url=http://mms.carrier.com/mms/wapenc", True),
])
def test_a_web_address_a_text_gives_must_have_been_shown(convo: Any, at: Any, shown: str, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(f"I can't send picture messages. {shown}")
    i = c.say("Please open your APN settings and check that the MMSC URL is http://mms.carrier.com/mms/wapenc.")
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is eligible, d.reasons
    if not eligible:
        assert d.reasons == ["text states 'http://mms.carrier.com/mms/wapenc' not in visible history"]


@pytest.mark.parametrize(("said", "kinds"), [
    ("Line **555-123-2002** is **Active** on the **Unlimited Plus** plan.", ["text_not_visible"]),  # bold
    ("Line **555-123-2002** is **Active** on plan **P1002**.", []),
])
def test_a_plan_named_in_bold_must_be_shown(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data is not working. My number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
           {"customer_id": "C1001", "line_ids": ["L1002"]})
    c.call("get_details_by_id", {"id": "L1002"},
           {"line_id": "L1002", "phone_number": "555-123-2002", "status": "Active", "plan_id": "P1002"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
