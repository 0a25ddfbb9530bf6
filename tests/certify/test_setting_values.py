"""A value a text gives a setting by name, quoted or bold, must be one something visible shows."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.setting_values import named_values
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("text", "values"), [
    ("The restart reset your APN back to the default 'internet', and you're reconnected.", ["internet"]),
    ("- APN reset to carrier defaults (APN name **internet**)", ["internet"]),
    ("Your APN name shows 'broken', so the phone can't register.", []),  # "shows" names no value
    ("The APN is named “broken” and the MMSC URL is set.", ["broken"]),
    ("Please **restart** the phone, then tell me the **status bar**.", []),  # bold, but no naming word
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
