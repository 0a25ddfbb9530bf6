"""Days counted from a date to the current date the conversation states (certify/elapsed.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.elapsed import miscounted_days, today_in
from trajectory2gym.certify.reasons import reason_kind

TODAY = date(2025, 2, 25)


@pytest.mark.parametrize(("text", "today"), [
    ("You are a telecom agent.\nToday's date is 2025-02-25 (a Tuesday).", TODAY),
    ("The current time is 2024-05-15 15:00:00 EST.", date(2024, 5, 15)),
    ("Today's date: Tuesday, 2025-02-25.", TODAY),
    ("Bills are due 14 days after 2025-02-05.", None),  # a date, but not today's
    ("Today is 2025-02-30.", None),  # no such day
])
def test_the_current_date_a_prompt_states(text: str, today: date | None) -> None:
    assert today_in(text) == today


@pytest.mark.parametrize(("text", "wrong"), [
    ("B1185 was due 2025-02-19, **4 days** ago.", [("4 days ago", "2025-02-19", 6)]),
    ("B1185 was due 2025-02-19, 6 days ago.", []),
    ("It is 3 days overdue (due Feb 19).", [("3 days overdue", "2025-02-19", 6)]),
    ("Your bill due February 19 is overdue by 6 days.", []),
    ("Due 2025-02-19 and 2025-01-19: 6 days ago.", []),  # two dates: which one it counts from is not said
    ("Refunds take 5 days after 2025-02-19.", []),  # a span, not a count since the date
    ("Due 2025-03-19, in 22 days.", []),  # ahead: not read
])
def test_a_count_of_days_since_a_date(text: str, wrong: list[tuple[str, str, int]]) -> None:
    assert miscounted_days(text, TODAY) == wrong


def test_a_wrong_count_of_days_is_not_grounded_where_today_is_stated(convo: Any, at: Any) -> None:
    for system, flagged in (("You help telecom customers. Today's date is 2025-02-25.", True),
                            ("You help telecom customers.", False)):
        c = convo(system=system)
        c.user("did i miss a payment? order #W1185")
        c.call("get_order_details", {"order_id": "#W1185"}, {"order_id": "#W1185", "due_date": "2025-02-19"})
        said = c.say("Yes: #W1185 was due 2025-02-19, 4 days ago.")
        reasons = at(certify_interaction(c.build()), said).reasons
        assert [reason_kind(r) for r in reasons] == (["text_miscounted_days"] if flagged else [])
