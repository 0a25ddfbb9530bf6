"""A price per GB said of the line in focus that is another plan's rate, a refuel priced at the line's rate, and
a difference in monthly price between plans named, and a rate said of a plan named (certify/plan_rates.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.plan_rates import (
    data_at_rate_miscounted,
    misattributed_rates,
    mispriced_refuels,
    misstated_plan_differences,
    misstated_plan_rates,
)
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

RATES = {"p1004": ("unlimited max", 10), "p1005": ("household", 250), "p1006": ("connect watch", 800)}
FOCUS = ({"l1155", "5554973975"}, "p1005")


@pytest.mark.parametrize(("text", "found"), [
    ("Extra data is $0.10 per GB, so 3 GB would be $0.30.", [("$0.10", "p1004")]),
    ("Extra data is $2.50 per GB, so 3 GB would be $7.50.", []),  # its own plan's rate
    ("Extra data costs $8.00/GB.", [("$8.00", "p1006")]),
    ("On Connect Watch, extra data costs $8.00/GB.", []),  # the other plan named: its rate
    ("The watch (555-621-3811) refuels at $8.00 per GB.", []),  # another line named
    ("Extra data is $4.00 per GB.", []),  # no plan shown has that rate: the visibility check's
    # the amount written in words of money (blind set 60, t60_08)
    ("Add data at 8.0 USD per GB (charged on the next bill).", [("$8.0", "p1006")]),
    ("Add data at 8 dollars per GB.", [("$8", "p1006")]),
    ("Add data at 2.50 USD per GB.", []),
])
def test_a_rate_of_another_plan(text: str, found: list[tuple[str, str]]) -> None:
    assert misattributed_rates(text, FOCUS, RATES) == found


@pytest.mark.parametrize(("text", "found"), [
    # the other plan named without "Plan" (blind set 88, t88_12 70)
    ("555-123-2001 refuels at $5.00 per GB. That's 2.5× your Premium rate of $2.00/GB.", []),
    ("555-123-2001 refuels at $5.00 per GB. That's 2.5× your old rate of $2.00/GB.", [("$2.00", "p1002")]),
])
def test_a_rate_of_another_plan_named_without_plan(text: str, found: list[tuple[str, str]]) -> None:
    rates = {"p1001": ("basic plan", 500), "p1002": ("premium plan", 200)}
    assert misattributed_rates(text, ({"l1001", "5551232001"}, "p1001"), rates) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Extra data is $0.10 per GB, so 3 GB would be $0.30.", ["text_misowned"]),
    ("Unlimited Max charges $0.10 per GB, but that is your husband's plan; I'll check yours.", []),
])
def test_the_rate_of_another_lines_plan_said_of_this_line(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data stopped on 555-497-3975. How much is more data?")
    c.call("get_details_by_id", {"id": "L1153"}, {"line_id": "L1153", "phone_number": "555-236-6730",
                                                   "plan_id": "P1004", "data_used_gb": 30.2})
    c.call("get_details_by_id", {"id": "L1155"}, {"line_id": "L1155", "phone_number": "555-497-3975",
                                                   "plan_id": "P1005", "data_used_gb": 31.9})
    c.call("get_data_usage", {"customer_id": "C1079", "line_id": "L1155"},
           {"line_id": "L1155", "data_used_gb": 31.9, "data_limit_gb": 30.0})
    c.call("get_details_by_id", {"id": "P1004"}, {"plan_id": "P1004", "name": "Unlimited Max",
                                                   "data_limit_gb": 999.0, "data_refueling_price_per_gb": 0.1})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("read", "kinds"), [
    # blind set 101, t101_02 56: the line's record (and so its plan) never read; $2.00 is P1002's rate
    (False, ["text_not_visible"]),
    (True, []),  # its record read: the line is on P1002 after all
])
def test_a_rate_said_of_a_line_whose_plan_was_never_read(convo: Any, at: Any, read: bool, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm 555-123-2002. How much is more data for me, and for my wife's line L1001?")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "plan_id": "P1002", "data_used_gb": 8.7})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                   "data_refueling_price_per_gb": 2.0})
    if read:
        c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "plan_id": "P1002", "data_used_gb": 3.2})
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1001"},
           {"line_id": "L1001", "data_used_gb": 3.2, "data_limit_gb": 5.0})
    i = c.say("On her plan it's $2.00 per GB, so 1 GB would be $2.00.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds



@pytest.mark.parametrize(("text", "found"), [
    # blind audit t56_05: a refuel's charge said with its data, at the line's rate
    ("- **Total added to your next bill: $6.00** (2 GB refuel)", [("$6.00", "2 GB", 400)]),
    ("- **Total added to your next bill: $4.00** (2 GB refuel)", []),
    ("Extra data is $2.00 per GB, so 2 GB would be $4.00.", []),
    ("2 GB added ($4.00); your allowance is now 17 GB.", []),  # one amount of money, the right one
    ("Adding 2 GB and 1 GB later would be $6.00.", []),  # two amounts of data: which is priced is unclear
    # no data added prices nothing (blind set 61, t61_11)
    ("It was charged $10.00 there, while your line still shows 0 GB added.", []),
    # data priced right after it, the money in words (blind set 62, t62_09)
    ("- Extra data is 2.0 dollars per GB\n- 2 GB would be 2.0 dollars in total", [("2.0 dollars", "2 GB", 400)]),
    ("- Extra data is 2.0 dollars per GB\n- 2 GB would be 4.0 dollars in total", []),
    ("3 GB = $7.50", [("$7.50", "3 GB", 600)]),
    ("The Basic Plan: 5.0 GB for 40.0 dollars a month.", []),  # a plan's price (blind set 63, t63_11)
    ("The Basic Plan: 5.0 GB for $40.0 a month.", []),  # (the amount whole: not "$40" before ".0 a month")
    # "would cost" (blind set 79, t79_01 23)
    ("Here's the math at $2.00 per GB:\n- **2 GB** would cost **$4.00**\n- **3 GB** would cost **$8.00**",
     [("$8.00", "3 GB", 600)]),
    ("Here's the math at $2.00 per GB:\n- **2 GB** would cost **$4.00**\n- **3 GB** would cost **$6.00**", []),
    # a monthly price beside data and refuels (blind set 90, t90_07 54)
    ("So your plan costs $25.00 more a month but comes with 10 GB more data and cheaper refuels.", []),
    ("So the refuel costs $25.00 but comes with 10 GB more data.", [("$25.00", "10 GB", 2000)]),
    # the verb left out after the first (blind set 93, t93_04 75)
    ("Extra data is $2.00 per GB - so 1 GB would be $2.00 and 3 GB $5.00, charged on your next bill.",
     [("$5.00", "3 GB", 600)]),
    ("Extra data is $2.00 per GB - so 1 GB would be $2.00 and 3 GB $6.00, charged on your next bill.", []),
    # "would come to" (blind set 96, t96_10 20)
    ("A refuel on your plan is $2.00 per GB, so 2 GB would come to $2.00 on your next bill.",
     [("$2.00", "2 GB", 400)]),
    ("A refuel on your plan is $2.00 per GB, so 2 GB would come to $4.00 on your next bill.", []),
])
def test_a_refuel_priced_at_the_lines_rate(text: str, found: list[tuple[str, str, int]]) -> None:
    assert mispriced_refuels(text, 200) == found


MONTHLY = {"p1002": ("premium plan", 6500), "p1003": ("unlimited plus", 8500), "p1001": ("basic plan", 5000)}
TABLE = """| Plan | Monthly price |
|---|---|
| Premium Plan (yours) | $65.00 |
| Unlimited Plus | $85.00 |

"""


@pytest.mark.parametrize(("text", "found"), [
    # blind set 61, t61_02: the two plans' prices in a table, the difference said wrongly
    (TABLE + "So Unlimited Plus would be $25.00 more per month.", [("$25.00", "$65.00, $85.00")]),
    (TABLE + "So Unlimited Plus would be $20.00 more per month.", []),
    ("P1003 costs $85 a month, a difference of $35 from P1001.", []),  # 85 - 50
    ("P1003 costs $85 a month, a difference of $30 from P1001.", [("$30", "$50.00, $85.00")]),
    ("Unlimited Plus would be $25.00 more per month.", []),  # one plan named: against what is unclear
    ("Premium Plan and Unlimited Plus: the upgrade costs $25.00 more once.", []),  # no month said
])
def test_a_difference_in_monthly_price_between_plans_named(text: str, found: list[tuple[str, str]]) -> None:
    assert misstated_plan_differences(text, MONTHLY) == found


@pytest.mark.parametrize(("said", "kinds"), [
    (TABLE + "So Unlimited Plus would be $25.00 more per month.", ["text_miscalculated"]),
    (TABLE + "So Unlimited Plus would be $20.00 more per month.", []),
])
def test_a_plan_comparison_after_both_plans_were_read(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Is Unlimited Plus really $25 more than my Premium Plan? My line is L1002.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "plan_id": "P1002", "data_used_gb": 15.1})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan", "data_limit_gb": 15.0,
                                                   "price_per_month": 65.0, "data_refueling_price_per_gb": 2.0})
    c.call("get_details_by_id", {"id": "P1003"}, {"plan_id": "P1003", "name": "Unlimited Plus", "data_limit_gb": 999.0,
                                                   "price_per_month": 85.0, "data_refueling_price_per_gb": 0.1})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind set 62, t62_06: a plan named with another rate than its record's
    ("Unlimited Max (P1004): $85.00/month, 999 GB of data, extra data $1.00/GB.", [("$1.00", "P1004", 10)]),
    ("Unlimited Max (P1004): $85.00/month, 999 GB of data, extra data $0.10/GB.", []),
    ("Household is $2.50 per GB and Unlimited Max $0.10 per GB.", []),  # two plans: whose rate is which
    ("Extra data is $1.00 per GB.", []),  # no plan named
    # a list of the terms of the one plan its lead names (blind set 71, t71_10)
    ("You're on **Unlimited Max** (P1004):\n\n1. 999 GB of data\n2. $85.00 per month\n3. Extra data: $1.00 per GB",
     [("$1.00", "P1004", 10)]),
    ("You're on **Unlimited Max** (P1004):\n\n1. 999 GB of data\n2. $85.00 per month\n3. Extra data: $0.10 per GB", []),
    # a rate denied (blind set 83, t83_03 53)
    ("I misspoke: there's no $1.00/GB rate on Unlimited Max (P1004); extra data is $0.10 per GB.", []),
    # another plan named without its "Plan", the rate after it its own (blind set 86, t86_05 71)
])
def test_a_rate_said_of_a_plan_named(text: str, found: list[tuple[str, str, int]]) -> None:
    assert misstated_plan_rates(text, RATES) == found


@pytest.mark.parametrize(("text", "found"), [
    # another plan named without its "Plan", the rate after it its own (blind set 86, t86_05 71)
    ("Her line is on the **Basic Plan**, and refuels there cost **$5.00 per GB**, more than your Premium $2.00/GB.", []),
    ("Her line is on the **Basic Plan**, and refuels there cost **$2.00 per GB**.", [("$2.00", "P1001", 500)]),
    # the plan's monthly price over its allowance, no rate for extra data (blind set 90, t90_11 36)
    ("- **Premium Plan:** $65.00/month for 15 GB ≈ $4.33 per GB", []),
    ("- **Premium Plan:** $65.00/month for 15 GB ≈ $4.50 per GB", [("$4.50", "P1002", 200)]),
    ("On your **Premium Plan** ($65.00/month, 15.0 GB), extra data costs **$2.50 per GB**, so 2 GB would be $5.00.",
     [("$2.50", "P1002", 200)]),  # (the $5.00 for 2 GB is the rate's own product)
    # a difference of two plans' rates, after "by" (blind set 93, t93_11 78)
    ("So your Premium Plan at $2.00/GB is still the cheaper one to top up - by $3.00 per GB.", []),
    ("So your Premium Plan is still the cheaper one to top up, at $3.00 per GB.", [("$3.00", "P1002", 200)]),
])
def test_a_plan_named_without_its_plan(text: str, found: list[tuple[str, str, int]]) -> None:
    assert misstated_plan_rates(text, {"p1001": ("basic plan", 500), "p1002": ("premium plan", 200)}) == found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 71, t71_03: the other line, looked up by its id and named by the text: its plan's rate prices it
    ("Her line L1001 (Basic Plan): Add 1 GB for $5.00. Shall I?", []),
    ("Her line L1001 (Basic Plan): Add 1 GB for $2.00. Shall I?", ["text_miscalculated"]),
    # blind set 65, t65_02: another line looked up last, the text names the caller's line
    ("I'll add 2.0 GB of data to line 555-123-2002 for $4.00. Shall I go ahead?", []),
    ("I'll add 2.0 GB of data to line 555-123-2002 for $10.00. Shall I go ahead?", ["text_miscalculated"]),
    # each line's rate in a table, then a price at each (blind set 86, t86_11 72)
    ("| Line | Refuel |\n|---|---|\n| 555-123-2002 | $2.00/GB |\n| 555-123-2001 | $5.00/GB |\n\n"
     "So 2 GB would cost $4.00 on yours and $10.00 on the 2001 line.", []),
    ("| Line | Refuel |\n|---|---|\n| 555-123-2002 | $2.00/GB |\n| 555-123-2001 | $5.00/GB |\n\n"
     "So 2 GB would cost $6.00 on yours and $10.00 on the 2001 line.", ["text_miscalculated"]),
])
def test_a_refuel_priced_at_the_rate_of_the_line_named(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data ran out on 555-123-2002 (L1002), customer C1001.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                   "plan_id": "P1002"})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                   "data_refueling_price_per_gb": 2.0})
    c.user("And add 1 GB to my wife's line, 555-123-2001.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                   "plan_id": "P1001"})
    c.call("get_details_by_id", {"id": "P1001"}, {"plan_id": "P1001", "name": "Basic Plan",
                                                   "data_refueling_price_per_gb": 5.0})
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1001"}, {"line_id": "L1001", "data_used_gb": 3.2})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_miscalculated"] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 85, t85_01 75: a recap of the refuel on L1002 beside another line named
    ("To recap:\n- 2.0 GB refuel added ($4.00 on your next bill)\n- L1001 left suspended", []),
    ("To recap:\n- 2.0 GB refuel added ($10.00 on your next bill)\n- L1001 left suspended", ["text_miscalculated"]),
    # a goodbye naming no line, after a look at another (blind set 86, t86_02 74)
    ("Bye John! The 2 GB refuel ($4.00) will be on your next bill.", []),
    ("Bye John! The 2 GB refuel ($6.00) will be on your next bill.", ["text_miscalculated"]),
])
def test_a_refuel_recapped_at_the_rate_of_the_line_refuelled(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data ran out on 555-123-2002 (L1002), customer C1001.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                   "plan_id": "P1002"})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                   "data_refueling_price_per_gb": 2.0})
    c.say("I can add 2.0 GB to L1002 for $4.00 on your next bill. Shall I?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0}, {"charge": 4.0})
    c.say("Done: 2.0 GB added to L1002.")
    c.user("What about L1001, my other line?")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                   "plan_id": "P1001", "status": "Suspended"})
    c.call("get_details_by_id", {"id": "P1001"}, {"plan_id": "P1001", "name": "Basic Plan",
                                                   "data_refueling_price_per_gb": 5.0})
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1001"}, {"line_id": "L1001", "data_used_gb": 3.2})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # an amount of data at a rate the same words give (blind set 87, t87_09 72)
    ("3 GB at $5.00/GB would be **$10.00**, added to the next bill.", [("$10.00", "3 GB at $5.00 per GB", 1500)]),
    ("3 GB at $5.00/GB would be **$15.00**, added to the next bill.", []),
    ("2.5 GB at $2 per GB comes to $5.", []),
])
def test_data_at_a_rate_said_with_it(text: str, found: list[tuple[str, str, int]]) -> None:
    assert data_at_rate_miscounted(text) == found


@pytest.mark.parametrize(("said", "ok"), [
    # a rate no plan shown gives, though two amounts shown differ by it (blind set 90, t90_03 65)
    ("Yes — refuels are **$2.00 per GB** on both lines.", False),
    ("I haven't looked up either plan yet, so I can't tell you its refuel price.", True),
    ("You said extra data was $5.00 per GB last time; let me check whether that still holds.", True),  # the user's
    ("Your $40.00 plan for 20 GB works out to $2.00 per GB.", True),  # a shown amount shared over data said
])
def test_a_rate_per_gb_is_a_shown_rate_not_a_difference(convo: Any, at: Any, said: str, ok: bool) -> None:
    user = "Is the refuel price the same on both lines? Last time it was $5.00 per GB."
    items = [("Basic Plan - Line 555-123-2001", 40.0), ("Data refuel - Line 555-123-2002", 42.0)]
    assert _eligible_after_a_bill(convo, at, user, items, said) is ok


def _eligible_after_a_bill(convo: Any, at: Any, user: str, items: list[tuple[str, float]], said: str) -> bool:
    """Whether ``said`` is eligible after the user's ``user`` and a look at one bill with these line items."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(user)
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1002", "line_items": [
        {"description": description, "amount": amount} for description, amount in items]}])
    i = c.say(said)
    return at(certify_interaction(c.build()), i).eligible


@pytest.mark.parametrize(("said", "kinds"), [
    # "her line", after a text that named it so, beside its number (blind set 90, t90_07 56)
    ("On her line a 2 GB refuel would be **$10.00**.", []),
    ("On her line a 2 GB refuel would be **$4.00**, same as yours.", ["text_miscalculated"]),
    ("On your line a 2 GB refuel would be **$4.00**.", []),  # the line in focus, the caller's
])
def test_a_refuel_priced_on_a_line_named_by_whose_it_is(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("What plans are my wife and I on? I'm on 555-123-2002 (L1002), customer C1001.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                   "plan_id": "P1001"})
    c.call("get_details_by_id", {"id": "P1001"}, {"plan_id": "P1001", "name": "Basic Plan",
                                                   "data_refueling_price_per_gb": 5.0})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                   "data_refueling_price_per_gb": 2.0})
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "phone_number": "555-123-2002", "plan_id": "P1002", "data_used_gb": 8.7})
    c.say("| | Her line (555-123-2001) | Your line (555-123-2002) |\n|---|---|---|\n"
          "| Refuel price | $5.00/GB | $2.00/GB |")
    c.user("And if she needed 2 GB, what would that cost on her line?")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_miscalculated"] == kinds, found


@pytest.mark.parametrize(("said", "ok"), [
    # a charge per day no one gave (blind set 92, t92_01 50)
    ("Yes — roaming in France is billed at $10.00 per day, and that will show up on your next bill.", False),
    ("Your records show no daily roaming charge; I can't quote one.", True),
    ("Last month's bill had $55.00 of roaming on it.", True),  # a shown amount, no rate per day
])
def test_a_charge_per_day_must_be_one_given(convo: Any, at: Any, said: str, ok: bool) -> None:
    items = [("Premium Plan - Line 555-123-2002", 65.0), ("Roaming - Line 555-123-2002", 55.0)]
    assert _eligible_after_a_bill(convo, at, "I'm in France. What will roaming cost me per day?", items, said) is ok


@pytest.mark.parametrize(("said", "kinds"), [
    # the line in focus has no plan shown; the text names the one plan shown (blind set 93, t93_04 75)
    ("Your line is on the **Premium Plan** (P1002). Extra data is **$2.00 per GB** - so 1 GB would be $2.00 and "
     "3 GB $5.00.", ["text_miscalculated"]),
    ("Your line is on the **Premium Plan** (P1002). Extra data is **$2.00 per GB** - so 1 GB would be $2.00 and "
     "3 GB $6.00.", []),
])
def test_a_refuel_priced_at_the_rate_of_the_one_plan_named(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My daughter's line is 555-123-2001. Is roaming on for her?")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                   "plan_id": "P1001", "roaming_enabled": False})
    c.user("If I run out of data on my own line, what would a top-up cost me?")
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "name": "Premium Plan",
                                                   "data_refueling_price_per_gb": 2.0})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_miscalculated"] == kinds, found
