"""A part of a whole said with its percentage (blind audit t58_11)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.shares import misjudged_halves, misstated_shares


@pytest.mark.parametrize(("text", "wrong"), [
    ("You've used 8.7 GB of your 15 GB this cycle - about 62% - with 6.3 GB remaining.", [("62%", "58%")]),
    ("You've used 8.7 GB of your 15 GB this cycle - about 58%.", []),
    ("You've used 8.7 GB of your 15 GB (58.0%).", []),
    ("You've used 8.7 GB of your 15 GB, about 60%.", []),  # rounded to a multiple of five
    ("You've used 8.7 GB of your 15 GB, over half (over 50%).", []),
    ("You've used **12 GB** of **15 GB** (75 percent).", [("75%", "80%")]),
    ("You've used 12 GB of 15 GB. Data Saver cuts usage by 30%.", []),  # another sentence
    ("You've used 8.7 GB of 15 MB, 62%.", []),  # not one unit
    # the percentage between the part and the whole (blind set 98, t98_11 18)
    ("You've used 8.7 GB so far, about 68% of your 15.0 GB.", [("68%", "58%")]),
    ("You've used 8.7 GB so far, about 58% of your 15.0 GB.", []),
    ("You've used 8.7 GB; the 2 GB refuel is 13% of your 15.0 GB.", []),  # the amount right before it
])
def test_the_percentage_of_a_part_of_a_whole(text: str, wrong: list[tuple[str, str]]) -> None:
    assert misstated_shares(text) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    # blind set 82, t82_11 48: 6.3 GB left of 15.0 GB is 42%
    ("**8.7 GB** used of **15.0 GB**, leaving **6.3 GB** - more than half of your allowance is still available.",
     [("more than half", "42%")]),
    ("**8.7 GB** used of **15.0 GB**, leaving **6.3 GB** - less than half of your allowance is still available.", []),
    ("**8.7 GB** used of **15.0 GB**: more than half of it is used.", []),
    ("You have 6.3 GB of 15.0 GB, more than half available.", []),  # not said as used: which part is unclear
])
def test_more_or_less_than_half_of_a_whole(text: str, wrong: list[tuple[str, str]]) -> None:
    assert misjudged_halves(text) == wrong


def test_a_misstated_share_rejects_the_text(convo: Any, at: Any) -> None:
    c = convo()
    c.user("How much data have I used?")
    c.call("get_data_usage", {"line_id": "L1002"}, {"line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0})
    i = c.say("You've used 8.7 GB of your 15 GB this cycle - about 62%.")
    j = c.say("You've used 8.7 GB of your 15 GB this cycle - about 58%.")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, i).reasons] == ["text_miscalculated"]
    assert at(out, j).reasons == []
