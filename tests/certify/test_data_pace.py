"""A line's pace of data use worked out from the text's own terms and the dates known (certify/data_pace.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.data_pace import days_left_miscounted, paced
from trajectory2gym.envs.registry import tool_specs

SHOWN = [date(2025, 2, 28), date(2025, 2, 1)]
USER = "it's february 20 today. will my data last?"
PACE = ("The cycle ends on February 28, which is **8 days** after today. You have 15.0 + 2.0 − 15.1 = 1.9 GB "
        "left. You've used 15.1 GB in the 20 days since February 1 — about **{rate} GB a day**. At that rate "
        "1.9 GB lasts about **{lasts} days**.")


@pytest.mark.parametrize(("shown", "rate", "lasts", "ok"), [
    # blind set 92 (t92_08 59, t92_12 75): a rate, a count of days and how long the rest lasts
    ("0.76 GB", "0.76", "2.5", True),
    ("0.91 GB", "0.91", "2.5", False),  # 15.1 GB over no count said
    ("2.5", "0.76", "2.5", True),
    ("4", "0.76", "4", False),  # 1.9 GB at 0.76 a day is not 4 days
    ("8 days", "0.76", "2.5", True),  # Feb 20 to Feb 28
])
def test_a_pace_worked_out_from_the_texts_terms(shown: str, rate: str, lasts: str, ok: bool) -> None:
    assert paced(shown, PACE.format(rate=rate, lasts=lasts), USER, SHOWN) is ok


@pytest.mark.parametrize(("text", "shown", "ok"), [
    ("From today there are **10 days** left (the cycle ends February 28) at 0.5 GB a day.", "10 days", False),
    ("Three days at 0.6 GB a day is roughly **1.8 GB**.", "1.8 GB", False),  # "three" in words: no count read
    ("3 days at 0.6 GB a day is roughly **1.8 GB**.", "1.8 GB", True),
    ("3 days at 0.6 GB a day is roughly **2.4 GB**.", "2.4 GB", False),
    ("A new allowance starts March 1, the day after February 28; GB used resets each day.", "March 1", True),
    ("A new allowance starts March 3; GB used resets each day.", "March 3", False),
    # a quotient written out (blind set 94, t94_01 44)
    ("At that pace, 6.3 GB would last **about 18 days** (6.3 / 0.348 = 18.1).", "18.1", True),
    ("At that pace, 6.3 GB would last **about 18 days** (6.3 / 0.348 = 19.1).", "19.1", False),
    # a day without its month, in a shown date's month (blind set 92, t92_05 62)
    ("From the 25th, 3 days are left after today (Feb 26–28), at about 0.6 GB a day.", "Feb 26", True),
    ("From the 25th, 3 days are left after today (Feb 23–28), at about 0.6 GB a day.", "Feb 23", False),
])
def test_counts_products_and_days_next_to_known_dates(text: str, shown: str, ok: bool) -> None:
    assert paced(shown, text, USER, SHOWN) is ok


def test_a_pace_in_a_conversation_is_grounded(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm on 555-123-2002. It's February 20 today. Will my data last the cycle?")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0, "data_refueling_gb": 2.0,
            "cycle_end_date": "2025-02-28"})
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1002", "period_start": "2025-02-01",
                                                                 "period_end": "2025-02-28", "total_due": 150.0}])
    right = c.say(PACE.format(rate="0.76", lasts="2.5"))
    wrong = c.say(PACE.format(rate="0.91", lasts="2.5"))
    out = certify_interaction(c.build())
    assert at(out, right).reasons == []
    # (and the days it lasts, which 0.91 a day does not make)
    assert [r for r in at(out, wrong).reasons] == ["text states '0.91 GB' not in visible history",
                                                   "text states '2.5' not in visible history"]


@pytest.mark.parametrize(("said", "ok"), [("Feb 26", True), ("Feb 23", False)])
def test_a_day_next_to_one_the_user_gave_without_month_or_year(said: str, ok: bool) -> None:
    # blind set 92, t92_05 62: "It's the 25th here", the cycle ending 2025-02-28 and a contract 2026-12-31
    text = f"From the 25th, 3 days are left after today ({said}–28), at about 0.6 GB a day."
    assert paced(said, text, "it's the 25th here. will my 1.9 gb last?", [date(2025, 2, 28), date(2026, 12, 31)]) is ok


@pytest.mark.parametrize(("text", "found"), [
    # a count of days left between the two dates its sentence writes (blind set 92, t92_12 73)
    ("From today, the 20th, your cycle has **10 days** left, until February 28.",
     [("10 days left", "2025-02-20 to 2025-02-28 is 8 days")]),
    ("From today, the 20th, your cycle has **8 days** left, until February 28.", []),
    ("From today, the 20th, your cycle has **9 days** left, until February 28.", []),  # both ends counted
    ("Your cycle has **10 days** left.", []),  # no dates to count between
])
def test_days_left_between_the_dates_a_sentence_writes(text: str, found: list[tuple[str, str]]) -> None:
    assert days_left_miscounted(text, [date(2026, 12, 31), date(2025, 1, 20), date(2025, 2, 28)]) == found
