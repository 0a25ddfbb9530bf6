"""Refuel data said after a refuel went through, against what its result shows (certify/refuel_amounts.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.refuel_amounts import stale_refuel_amounts
from trajectory2gym.envs.registry import tool_specs

RESULT = '{"message": "Successfully added 2.0 GB of data for line L1002 for $4.00", "new_data_refueling_gb": 2.0}'


@pytest.mark.parametrize(("text", "found"), [
    # blind set 101, t101_02 42: the record's 0.0 from before the write
    ("You now have 15.0 GB from your plan plus 0.0 GB of refuel data, with 8.7 GB used.", [("0.0 GB", "2.0 GB")]),
    ("You now have 15.0 GB from your plan plus 2.0 GB of refuel data, with 8.7 GB used.", []),
    ("The 2 GB refuel is on your next bill.", []),  # the amount added
    ("You have 17.0 GB this cycle.", []),  # no refuel data said
    ("Done, 1.5 GB of refuel data added to your line.", []),  # what was added: the report check's
])
def test_refuel_data_said_after_a_refuel(text: str, found: list[tuple[str, str]]) -> None:
    assert stale_refuel_amounts(text, [(RESULT, 2.0)]) == found


def test_no_total_shown_leaves_nothing_to_hold_it_to() -> None:
    assert stale_refuel_amounts("plus 0.0 GB of refuel data", [("Successfully added 2.0 GB", 2.0)]) == []


@pytest.mark.parametrize(("said", "kinds"), [
    ("You now have 15.0 GB from your plan plus 0.0 GB of refuel data, with 8.7 GB used.", ["text_stale_value"]),
    ("You now have 15.0 GB from your plan plus 2.0 GB of refuel data, with 8.7 GB used.", []),
    ("L1001 has 0.0 GB of refuel data.", []),  # another line than the one refuelled
])
def test_a_stale_refuel_amount_in_a_report(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1001, add 2 GB to L1002. Is L1001 refuelled too?")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "plan_id": "P1002", "data_used_gb": 8.7,
                                                   "data_refueling_gb": 0.0})
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "plan_id": "P1001", "data_used_gb": 3.2,
                                                   "data_refueling_gb": 0.0})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_limit_gb": 15.0,
                                                   "data_refueling_price_per_gb": 2.0})
    c.say("2 GB on L1002 at $2.00 per GB is $4.00, on your next bill. Shall I add it?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, RESULT)
    c.user("how much data do I have now?")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_stale_value"] == kinds
