"""Arithmetic a text writes out must come out right (certify/equations.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.equations import difference_as_total, miscalculated, misdivided, worked
from trajectory2gym.certify.reasons import reason_kind

TABLE = ("It would cost:\n\n| Flight | Paid | Economy today | Difference |\n|---|---|---|---|\n"
         "| HAT079 | $63 | $179 | $116 |\n| HAT020 | $78 | $176 | $98 |\n| HAT263 | $53 | $140 | $87 |\n\n"
         "Total: **{}**, just for the cabin.")


@pytest.mark.parametrize(("text", "wrong"), [
    ("**Total:** $164 + $50 + $30 = **$264**", [("$264", "$164 + $50 + $30 = $264")]),
    # a result that is a rate per period (blind set 89: t89_01 45, t89_07 54)
    ("your total would be $40.00 + $85.00 + $40.00 = **$170.00/month**", [("$170.00", "$40.00 + $85.00 + $40.00 = $170.00")]),
    ("your total would be $40.00 + $85.00 + $40.00 = **$165.00/month**", []),
    ("that is 3 + 2 = 5/6 of them", []),  # a fraction, no rate: no result read
    ("Fare difference: $318 − $284 = **$35**", [("$35", "$318 − $284 = $35")]),
    ("2 × $50 = $150 for the bags.", [("$150", "2 × $50 = $150")]),
    ("With 7 bags, that's 3 extra bags × $50 = **$100**.", [("$100", "3 extra bags × $50 = $100")]),  # a59_05
    ("With 7 bags, that's 3 extra bags × $50 = **$150**.", []),
    ("3 x 120 = 340", [("340", "3 x 120 = 340")]),
    # The end of a longer equation is not judged alone (blind audit a53_12): its terms before count too
    ("Refund: ($1,184 + $1,110) × 2 − ($107 + $105) × 2 = **$4,164** to your Visa", []),
    ("Refund: ($107 + $105) × 2 = **$4,164** to your Visa", [("$4,164", "($107 + $105) × 2 = $4,164")]),
    # Right sums, differences, products, commas and cents.
    ("| 1 | HAT153 + HAT283 | $123 + $195 = **$318** |", []),
    ("Fare difference: $318 − $284 = **$34**", []),
    ("$1,219.50 + $30 = $1,249.50", []),
    ("2 × $50 = $100", []),
    # A sum whose terms are products, either way round.
    ("Total: $140 x 2 + $60 = $340", []),
    ("Total: $140 × 2 + $60 = $350", [("$350", "$140 × 2 + $60 = $350")]),
    ("$60 + 2 x $30 = $120", []),  # one sum, not a product "2 x $30 = $120"
    # a result, then the sum that gives it in brackets (blind set 60, a60_07)
    ("Your current return cost 204 dollars (103 + 101).", []),
    ("Your current return cost 214 dollars (103 + 101).", [("214", "214 dollars (103 + 101)")]),
    ("Your balance is now $3,619.06 ($78 + $3,541.06).", []),
    # ... with a word of which way the difference goes between (blind set 92, r92_12 20)
    ("You'd get **$21.00** back ($162.15 − $143.15).", [("$21.00", "$21.00 back ($162.15 − $143.15)")]),
    ("You'd get **$19.00** back ($162.15 − $143.15).", []),
    ("That one is $19.00 cheaper ($143.15 − $162.15).", []),
    ("HAT001 ($120) and HAT002 ($135) in economy.", []),  # a bracket with no sum
    ("3 x $120 + $50 = $400", [("$400", "3 x $120 + $50 = $400")]),
    # No equation: dates, identifiers, prose with an equals sign.
    ("Your flight on 2024-05-28 = the day you asked for.", []),
    ("HAT123 + HAT456 = your trip", []),
    ("$50 per bag; total = $100", []),
    # A difference times a count, and a refund said in words.
    ("Fare difference: ($161 − $147) × 2 passengers = **$28**", []),
    ("($162 − $175) × 2 = −$26 → **$26 refund**", []),
    ("($160 − $130) × 2 = $50", [("$50", "($160 − $130) × 2 = $50")]),
    # ... the count first (blind set 94, a94_09 27)
    ("With HAT190 + HAT047 it would be 3 × ($1,197 − $527) = $2,010.", []),
    ("With HAT190 + HAT047 it would be 3 × ($1,197 − $527) = $2,100.", [("$2,100", "3 × ($1,197 − $527) = $2,100")]),
    ("you'd get another ($478 − $493) × 3 = **$45** back on your Visa", []),  # blind audit a59_12
    ("you'd get another ($478 − $493) × 3 = **$54** back on your Visa", [("$54", "($478 − $493) × 3 = $54")]),
    # three terms or more in the brackets (blind set 99, a99_12 18)
    ("moving to HAT041 then refunds (196 + 110 - 136) x 3 = $510.", []),
    ("moving to HAT041 then refunds (196 + 110 - 136) x 3 = $520.", [("$520", "(196 + 110 - 136) x 3 = $520")]),
    ("the upgrade costs ($196 + $110 − $94 − $80) × 3 = **$396**, charged to your Visa", []),
    ("$106 − $179 = **$73 refund**", []),
    ("$106 − $179 = **$73** more", [("$73", "$106 − $179 = $73")]),
    # Each amount labelled by the identifier of what it is.
    ("- Certificates: certificate_3765853 $500 + certificate_9984806 $250 + certificate_2765295 $250 = $750",
     [("$750", "$500 + $250 + $250 = $750")]),
    ("- Gift cards: gift_card_8020792 $198 + gift_card_6136092 $129 = $327", []),
    # ... or with the amount in brackets after the identifier
    ("Runner-up: HAT041 ($86) + HAT012 ($77) = $153.", [("$153", "$86 + $77 = $153")]),
    ("Runner-up: HAT041 ($86) + HAT012 ($77) = $163.", []),
    # A list's dash on the next line is no minus of the line before.
    ("- Current kettle: $143.72\n- $159.78 − $143.72 = **$16.06** more", []),
    ("- Current kettle: $143.72\n- $159.78 − $143.72 = **$16.60** more", [("$16.60", "$159.78 − $143.72 = $16.60")]),
    # a day's number before the fares of that day in brackets (blind set 79, a79_09 52)
    ("Your outbound is now HAT275 + HAT226 on May 17 ($142 + $137).", []),
    ("Your outbound now costs $270 ($142 + $137).", [("$270", "$270 ($142 + $137)")]),
    # a card's number before the fares it paid (blind set 81, a81_03 10)
    ("- Paid: $2,787 with gift card 8887175 ($1,936 + $851)", []),
    ("- Paid: 2787 ($1,936 + $852)", [("$2787", "2787 ($1,936 + $852)")]),
    # a total right after a table that no column adds up to (blind set 79, a79_11 24)
    (TABLE.format("$291"), [("$291", "the columns add up to $194.00, $495.00, $301.00")]),
    (TABLE.format("$301"), []),
    (TABLE.format("$602"), []),  # for two passengers
    (TABLE.format("$331 with the $30 insurance"), []),  # more than the table in it
    # an amount per head, then for so many (blind set 79, a79_07 18)
    ("HAT013 + HAT298: $588 per passenger → **$1,076** for two.", [("$1,076", "$588 per passenger → $1,076 for two")]),
    ("HAT013 + HAT298: $588 per passenger → **$1,176** for two.", []),
    ("That's $120 per person, so $360 for the three of you.", []),
    ("The cheapest is HAT217 at $147 per person in basic economy, **$298 for two**.",  # blind set 80, a80_07 47
     [("$298", "$147 per person in basic economy, $298 for two")]),
    # a balance from before to after, beside what moves (blind set 81, a81_07 44)
    ("Add 1 bag for **$50**, paid with gift_card_1712795 (balance $88 → $48). Proceed?",
     [("$48", "$88 less $50.00 is $38.00")]),
    ("Add 1 bag for **$50**, paid with gift_card_1712795 (balance $88 → $38). Proceed?", []),
    ("The $50 refund goes to gift_card_1712795 (balance $88 → $138).", []),
    ("The $50 refund goes to gift_card_1712795 (balance $88 → $148).", [("$148", "$88 plus $50.00 is $138.00")]),
    ("Bags $50 and seats $20 on gift_card_1712795 (balance $88 → $18).", []),  # two amounts: which moves is unclear
])
def test_a_written_equation_must_hold(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("total", "grounded"), [("$560", True), ("$570", False)])
@pytest.mark.parametrize("mark", ["", "- "])  # the total on a list line of its own too (blind set 70, a70_10)
def test_a_total_of_the_amounts_a_lists_lines_end_with(convo: Any, at: Any, total: str, grounded: bool, mark: str) -> None:
    c = convo()
    c.user("Two of us, the cheapest each way, 5 bags and insurance please.")
    c.call("get_product_details", {"product_id": "1"}, {"fares": {"HAT014": 102, "HAT224": 123}, "bag": 50,
                                                        "insurance": 30})
    i = c.say("Here's the pricing, 2 passengers:\n\n- Fares: ($102 + $123) × 2 = **$450**\n- Bags: 4 free; the 5th "
              f"bag is **$50**\n- Travel insurance: $30 × 2 = **$60**\n{mark}**Total: {total}.** How would you like to pay?")
    assert at(certify_interaction(c.build()), i).eligible is grounded


def test_a_wrong_total_is_refused_though_each_amount_is_derivable(convo: Any, at: Any) -> None:
    c = convo()
    c.user("What would it cost with one paid bag ($50) and insurance ($30)? My gift card has $234 on it.")
    c.call("get_product_details", {"product_id": "1"}, {"product_id": "1", "variants": {"9": {"price": 164}}})
    ok = c.say("It is $164 + $50 + $30 = $244 in all.")
    wrong = c.say("It is $164 + $50 + $30 = $264 in all.")  # 264 = 234 + 30: derivable, and wrong
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, ok).reasons] == []
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_miscalculated"]


def test_a_right_equation_gives_its_result_and_amounts() -> None:
    assert worked("($161 − $147) × 2 passengers = **$28**") == [(2800, [16100, 14700])]
    assert worked("$106 − $179 = $73 refund") == [(7300, [10600, 17900])]
    assert worked("($160 − $130) × 2 = $50") == []
    assert worked("$140 x 2 + $60 = $340") == [(34000, [14000, 6000])]  # the count is no amount


def test_a_result_worked_out_from_visible_fares_is_grounded_and_may_be_restated(convo: Any, at: Any) -> None:
    c = convo()
    c.user("Move both of us from the $147 fare to the $161 one.")
    c.call("get_product_details", {"product_id": "1"}, {"product_id": "1", "variants": {"9": {"price": 161}}})
    worked_out = c.say("Fare difference: ($161 − $147) × 2 passengers = **$28**. Which card?")
    c.user("visa")
    restated = c.say("Confirm: charging $28 to your Visa?")
    out = certify_interaction(c.build())
    assert at(out, worked_out).reasons == [] and at(out, restated).reasons == []
    c.messages[-1]["content"] = "Confirm: charging $29 to your Visa?"
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), restated).reasons] == ["text_not_visible"]


def test_a_total_of_signed_differences_the_text_states_is_grounded(convo: Any, at: Any) -> None:
    c = convo()
    c.user("Swap both items please.")
    c.call("get_product_details", {"product_id": "1"}, {"variants": {"a": {"price": 236.51}, "b": {"price": 232.70},
                                                                     "c": {"price": 211.11}, "d": {"price": 192.15}}})
    ok = c.say("- Keyboard: $236.51 -> $232.70 -> **-$3.81**\n- Toothbrush: $211.11 -> $192.15 -> **-$18.96**\n\n"
               "**Total refund: $22.77**")
    out = certify_interaction(c.build())
    assert at(out, ok).reasons == []


@pytest.mark.parametrize(("said", "kinds"), [
    ("old return was 117+161=278, new 299, you pay 21.", []),  # terms visible, written as one token
    ("old return was 117+165=282, new 299.", ["text_not_visible"]),  # 165: no visible amount
    ("old return was 117+161=279, new 299.", ["text_miscalculated"]),  # visible terms, a wrong sum
    ("insurance 2x30 for the two of you.", []),  # a small count times a visible amount
    ("insurance 45x30 for the group.", ["text_not_visible"]),  # 45 is no count said anywhere
])
def test_a_sum_written_as_one_token_is_read_by_its_terms(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("What did I pay for the old return flights? Insurance is $30 per person, right?")
    c.call("get_order_details", {"order_id": "#W1"}, {"order_id": "#W1", "items": [{"price": 117}, {"price": 161}]})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "wrong"), [
    ("New total **$292** vs. **$117** paid → the upgrade would cost **$185**.",
     [("$185", "$292 vs. $117 paid → the upgrade would cost $185")]),
    ("New total $292 vs $117 paid, so you pay $175 more.", []),
    ("Business $410 versus economy $196, so you save $214 per person.", []),
    ("$100 vs $120 → HAT1 at $100.", []),  # a pick after the arrow, no result of the two
    ("$300 compared to $200 means an extra $150.", [("$150", "$300 compared to $200 means an extra $150")]),
    # "a refund of $59" (blind set 70, a70_09)
    ("$223 against $292 means a refund of $59 to your visa.", [("$59", "$223 against $292 means a refund of $59")]),
    ("$223 against $292 means a refund of $69 to your visa.", []),
    # the difference for a count, worked out between them (blind set 70, a70_06)
    ("HAT286 is $105 per person against $184, so the difference is (105 - 184) x 2 = -$158.", []),
    ("HAT286 is $105 per person against $184, so the difference is (105 - 184) x 2 = -$168.",
     [("$168", "(105 - 184) x 2 = -$168"),
      ("$168", "$105 per person against $184, so the difference is (105 - 184) x 2 = -$168")]),
    # ... for a count said after it (blind set 99, a99_08 36)
    ("$278 per person versus $265 now, so the change costs $39 in total for three.", []),
    ("$278 per person versus $265 now, so the change costs $49 in total for three.",
     [("$49", "$278 per person versus $265 now, so the change costs $49")]),
    # per head, the count left to the line's reservation (blind set 101, a101_11 35: two passengers)
    ("- JG7FMM: $241 vs $3,538 per passenger -> refund $6,594 to the Visa ending 7803", []),
    ("- JG7FMM: $241 vs $3,538 per passenger -> refund $6,694 to the Visa ending 7803",
     [("$6,694", "$241 vs $3,538 per passenger -> refund $6,694")]),
])
def test_two_amounts_set_against_each_other_give_their_difference(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    ("HAT201 is $107, which is $11 less than the $118 he paid. HAT219 is $189, which is $71 more.", []),
    ("HAT201 is $107, which is $11 less than the $118 he paid. HAT219 is $189, which is $61 more.",
     [("$61", "$189, which is $61 more (than $118)")]),
    ("HAT201 is $107, which is $21 less than the $118 he paid.",
     [("$21", "$107, which is $21 less than the $118")]),
    ("HAT219 is $189, which is $61 more.", []),  # no base said: nothing to take it from
    # blind audit t52_09: a rate, words about it, then its difference per month from a base
    ("**Unlimited Plus** is **$85.00/month** with 999 GB of data — that's **$25.00 more** per month than your $65.00 "
     "Premium Plan.", [("$25.00", "$85.00/month with 999 GB of data — that's $25.00 more per month than your $65.00")]),
    ("**Unlimited Plus** is **$85.00/month** with 999 GB of data — that's **$20.00 more** per month than your $65.00 "
     "Premium Plan.", []),
])
def test_an_amount_some_amount_off_a_base(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


def test_a_table_total_row_that_its_rows_do_not_make_is_refused(convo: Any, at: Any) -> None:
    # $315 is $250 + $65, both visible: derivable, but not from the rows it totals.
    c = convo()
    c.user("add insurance and book it")
    c.call("get_order_details", {"order_id": "HAT247"}, {"fare": 295, "insurance_per_passenger": 30})
    c.call("get_user_details", {"user_id": "lucas_taylor_9816"}, {"payment_methods": {
        "certificate_3055033": {"source": "certificate", "amount": 250}, "gift_card_3653776": {"amount": 65}}})
    table = "| Item | Amount |\n|---|---|\n| Fare | $295 |\n| Travel insurance | $30 |\n| **Total** | **{}** |"
    wrong = c.say(table.format("$315") + "\n\nPayment: certificate $250 + gift card $65.")
    right = c.say(table.format("$325") + "\n\nPayment: certificate $250 + Visa $75.")
    out = certify_interaction(c.build())
    assert "text states '$315' not in visible history" in at(out, wrong).reasons
    assert at(out, right).reasons == []


def test_a_table_column_of_new_totals_is_no_total_of_the_row(convo: Any, at: Any) -> None:
    c = convo()
    c.user("what would the plans cost me?")
    c.call("get_order_details", {"order_id": "P1002"}, {"plan_id": "P1002", "price_per_month": 50.0})
    c.call("get_order_details", {"order_id": "P1003"}, {"plan_id": "P1003", "price_per_month": 70.0})
    c.call("get_order_details", {"order_id": "P1004"}, {"plan_id": "P1004", "price_per_month": 90.0})
    c.say("Your two lines are $50.00 and $70.00, so $120.00/month in all.")
    c.user("and if I change the first one?")
    table = c.say("Unlimited would be **+$40.00**, sorry for the slip.\n\n"
                  "| Option | Price / month | Change | New monthly total |\n|---|---|---|---|\n"
                  "| Everyday (now) | $50.00 | — | $120.00 |\n| Plus | $70.00 | **+$20.00** | **$140.00** |\n"
                  "| Unlimited | $90.00 | +$40.00 | $160.00 |")
    out = certify_interaction(c.build())
    assert at(out, table).reasons == []


@pytest.mark.parametrize(("text", "wrong"), [
    ("Your allowance this cycle is now **11.5 GB** (10 GB plan + 1.5 GB refuel), and you've used 10.5 GB — so "
     "you have **1.5 GB** left.", [("1.5 GB", "11.5 GB − 10.5 GB = 1.0 GB")]),
    ("You have used 7.8 GB of your 15 GB, so 7.2 GB left.", []),
    ("You have used 7.8 GB of your 15 GB, so 7.5 GB left.", [("7.5 GB", "15 GB − 7.8 GB = 7.2 GB")]),
    ("You used 3 GB; 2 GB left of your 5 GB plan.", []),
    ("You've used 10.5 GB and have 1.5 GB left.", []),  # no allowance said: nothing to subtract from
    # The allowance named after its amount; and "allowance" followed by what is left, not by itself.
    ("You've used 36.3 GB against a 999 GB limit on your plan, so you have 962.7 GB left.", []),
    ("The watch has used 0.5 GB of its 1 GB allowance, so it has 0.5 GB left.", []),
    ("The watch has used 0.5 GB of its 1 GB allowance, so it has 0.8 GB left.", [("0.8 GB", "1 GB − 0.5 GB = 0.5 GB")]),
    ("Your line has used 19.6 GB of its 20 GB allowance, which leaves you 0.4 GB, and your brother's has used 7.2 GB "
     "of 20 GB, so he has 12.8 GB left.", []),  # two lines in one sentence: not read
    # "of 20 GB" without "your", and what is left said with "remain".
    ("The line ending 1975 has used 11.0 GB of 20 GB, so 8.0 GB remain this cycle.", [("8 GB", "20 GB − 11 GB = 9.0 GB")]),
    ("The line ending 1975 has used 11.0 GB of 20 GB, so 9.0 GB remain this cycle.", []),
    # "used" after both amounts: the first is the use
    ("L1039 is on the Starter plan: 1.7 GB of 3.0 GB used, so 1.3 GB left until 2025-02-28.", []),
    ("L1039 is on the Starter plan: 1.7 GB of 3.0 GB used, so 1.7 GB left until 2025-02-28.",
     [("1.7 GB", "3 GB − 1.7 GB = 1.3 GB")]),
    # a table's row, read with its header (blind set 73, t73_08)
    ("| Line | Used | Limit | Left | Cycle ends |\n|---|---|---|---|---|\n| 555-123-2002 | 8.7 GB | 15.0 GB | 7.3 GB | "
     "2025-02-28 |", [("7.3 GB", "15 GB − 8.7 GB = 6.3 GB")]),
    ("| Line | Used | Limit | Left |\n|---|---|---|---|\n| 555-123-2002 | 8.7 GB | 15.0 GB | 6.3 GB |", []),
    # data added on top of the allowance (blind set 81, t81_04 38)
    ("Your line now shows **2.0 GB** of added data on top of your 15.0 GB allowance, with 15.1 GB used, so you "
     "have **2.0 GB** left to use.", [("2 GB", "15 GB + 2 GB − 15.1 GB = 1.9 GB")]),
    ("Your line now shows **2.0 GB** of added data on top of your 15.0 GB allowance, with 15.1 GB used, so you "
     "have **1.9 GB** left to use.", []),
    # "used" then a clause: what is left is no use (blind set 91, t91_12 87)
    ("15.0 GB allowance + 2.0 GB refuel = **17.0 GB**, of which **15.1 GB** is used, so **1.9 GB** left.", []),
    ("Your 15.0 GB allowance: used: **11.2 GB**, so **3.0 GB** left.", [("3 GB", "15 GB − 11.2 GB = 3.8 GB")]),
    # "plus" the data added right after the allowance, what is left after "leaving" (blind set 93, t93_01 65)
    ("L1002 now shows 15.1 GB used against a 15.0 GB allowance plus **2.0 GB** refuelled, i.e. 17.0 GB available this "
     "cycle, leaving about 2.9 GB.",
     [("2.9 GB", "15 GB + 2 GB − 15.1 GB = 1.9 GB")]),
    ("L1002 now shows 15.1 GB used against a 15.0 GB allowance plus **2.0 GB** refuelled, leaving about 1.9 GB.", []),
    # the use said as "data use is", "usage:" (blind set 99, t99_09 14)
    ("Your data use is 8.7 GB of 15.0 GB, so about 6.7 GB remain; that's fine.", [("6.7 GB", "15 GB − 8.7 GB = 6.3 GB")]),
    ("Your data use is 8.7 GB of 15.0 GB, so about 6.3 GB remain; that's fine.", []),
    ("Data usage: 8.7 GB of your 15.0 GB allowance, 7.3 GB left.", [("7.3 GB", "15 GB − 8.7 GB = 6.3 GB")]),
    # what the user has, then the data added on top, the allowance unnamed (blind set 102, t102_12 42)
    ("You have 15.0 GB plus 2.0 GB extra, with 8.7 GB used, so 6.3 GB left.",
     [("6.3 GB", "15 GB + 2 GB − 8.7 GB = 8.3 GB")]),
    ("You have 15.0 GB plus 2.0 GB extra, with 8.7 GB used, so 8.3 GB left.", []),
])
def test_what_is_left_of_a_data_allowance_is_the_allowance_less_the_use(text: str, wrong: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.equations import misremained
    from trajectory2gym.certify.tables import with_headers

    assert misremained(with_headers(text)) == wrong


def test_a_wrong_remainder_of_data_is_not_grounded(convo: Any, at: Any) -> None:
    c = convo()
    c.user("how much data do I have left? line L1017")
    c.call("get_order_details", {"order_id": "L1017"}, {"line_id": "L1017", "data_used_gb": 10.5,
                                                         "data_limit_gb": 10.0, "data_refueling_gb": 1.5})
    wrong = c.say("Your allowance is now 11.5 GB and you've used 10.5 GB, so you have 1.5 GB left.")
    right = c.say("Your allowance is now 11.5 GB and you've used 10.5 GB, so you have 1.0 GB left.")
    out = certify_interaction(c.build())
    # (and the amount said left is not the line's remainder, 1.0 GB)
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_not_visible", "text_miscalculated"]
    assert at(out, right).reasons == []


@pytest.mark.parametrize(("said", "ok"), [
    # a line's whole data for the cycle is its limit plus its refuels (blind audit t56_12), not 15.1 used + 2.0
    ("Your data now totals **17.1 GB** available this cycle.", False),
    ("Your data now totals **17.0 GB** available this cycle.", True),
    ("Your allowance is now 17 GB.", True),
    ("Data refuel: +2.0 GB for $4.00 - your allowance this cycle is now **17.1 GB**", False),  # blind audit t54_11
    ("Data refuel: +2.0 GB for $4.00 - your allowance this cycle is now **17.0 GB**", True),
    ("Done - 2 GB added for $4.00. You now have 17.1 GB for this cycle.", False),  # blind audit t57_08
    ("Done - 2 GB added for $4.00. You now have 17.0 GB for this cycle.", True),
    ("You have 1.9 GB left this cycle.", True),
    # blind audits t63_12 and t63_04: the whole said as "giving you", what is left with "of data" between
    ("2.0 GB has been added, giving you 17.1 GB for this month.", False),
    ("2.0 GB has been added, giving you 17.0 GB for this month.", True),
    ("Done, 2.0 GB added for $4.00. You now have 17.0 GB of data left for this cycle.", False),
    ("Done, 2.0 GB added for $4.00. You now have 1.9 GB of data left for this cycle.", True),
    # what is left is the line's remainder, not the 2.0 GB the user asked for (blind set 61, t61_10)
    ("You have 2.0 GB left for this cycle.", False),
    # "available": what is left, or the whole (blind set 68, t68_09)
    ("Added! You now have 17.1 GB available to use this cycle.", False),
    ("Added! You now have 1.9 GB available to use this cycle.", True),
    ("Added! You now have 17.0 GB available to use this cycle.", True),
    # "gives you ... of room" (blind set 69, t69_02)
    ("Done! 2 GB has been added for $4.00. That gives you 2.1 GB of room for the rest of this cycle.", False),
    ("Done! 2 GB has been added for $4.00. That gives you 1.9 GB of room for the rest of this cycle.", True),
    # the whole written as its sum: its first term is the limit, not the whole (blind set 73, t73_02)
    ("Your allowance is now 15.0 GB + 2.0 GB = 17.0 GB with 15.1 GB used, so about 1.9 GB left.", True),
    ("Your allowance is now 15.0 GB + 2.0 GB = 17.1 GB with 15.1 GB used.", False),
    # what is left, then the allowance it is of: the first amount is the one left (blind set 77, t77_08)
    ("You still have 15.1 GB left of your 15 GB this cycle.", False),
    ("You still have 1.9 GB left of your 17 GB this cycle.", True),
    # a label, then what is left: a table's row (blind set 77, t77_12)
    ("| Item | Value |\n|---|---|\n| Data refuel | 2 GB ($4.00, next bill) |\n| Data left this cycle | 2.0 GB |", False),
    ("| Item | Value |\n|---|---|\n| Data refuel | 2 GB ($4.00, next bill) |\n| Data left this cycle | 1.9 GB |", True),
    ("Refuel done. Remaining: 2.0 GB.", False),
    ("Refuel done. Remaining: 1.9 GB.", True),
    # the amount left first, then its working after the colon (blind set 80, t80_12 86)
    ("**1.9 GB** left: 15.0 GB plan + 2.0 GB refuel = 17.0 GB, minus 15.1 GB used.", True),
    ("**2.1 GB** left: 15.0 GB plan + 2.0 GB refuel = 17.0 GB, minus 15.1 GB used.", False),
    # the amount in bold (blind set 84, t84_12 42)
    ("Added **2.0 GB** for **$4.00**. That gives you **17.1 GB** available for the rest of the cycle.", False),
    ("Added **2.0 GB** for **$4.00**. That gives you **1.9 GB** available for the rest of the cycle.", True),
    # "to use" (blind set 93, t93_08 45)
    ("MMS works now, and you have the full 2.0 GB to use until the cycle ends.", False),
    ("MMS works now, and you have 1.9 GB to use until the cycle ends.", True),
    # the use after the label (blind set 100, t100_12 26)
    ("You have data left: 15.1 GB used of 17.0 GB.", True),
    ("You have data left: 15.1 GB.", False),
])
def test_a_lines_whole_data_is_its_limit_and_refuels(convo: Any, at: Any, said: str, ok: bool) -> None:
    c = convo()
    c.user("My data ran out on L1002. Please add 2 GB.")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 15.1, "data_limit_gb": 15.0, "data_refueling_gb": 0.0})
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1002 for $4.00", "new_data_refueling_gb": 2.0})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("text", "people", "wrong"), [
    ("Paid with your Mastercard: $1,308 in total, which is $327 per person.", 4, []),
    ("Paid with your Mastercard: $1,308 in total, which is $297 per person.", 4,
     [("$297", "$1,308 in total, which is $297 per person (for 4)")]),
    ("Paid with your Mastercard: $1,308 in total, which is $297 per person.", None, []),  # no booking shown
    ("$100 in total, that's $33.33 each.", 3, []),  # to the cent
    # the amount restated per person without the word total
    ("A full refund of $1,216 to your Mastercard ending 5537 - that's $578 per person.", 2,
     [("$578", "$1,216 to your Mastercard ending 5537 - that's $578 per person (for 2)")]),
    ("A full refund of $1,216 to your Mastercard ending 5537 - that's $608 per person.", 2, []),
    ("The upgrade is $300 for HAT010, which is $150 per passenger.", 2, []),
    ("The fare is $300, that's $50 more per person than now.", 2, []),  # a difference, no share
    ("Business is $500 or $250 each way.", 2, []),  # two prices offered, no total said
    # an addend, not the total: "which is" sums the sentence
    ("The fares are $126 + $179 = $305 per passenger, plus $30 insurance, which is $335 per person.", 2, []),
])
def test_a_total_said_per_person_is_the_total_over_the_people(text: str, people: int | None,
                                                             wrong: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.equations import misshared

    assert misshared(text, lambda: people) == wrong



def test_a_per_person_share_of_a_bookings_total(convo: Any, at: Any) -> None:
    c = convo(domain="airline")
    c.user("What did we pay for reservation Q69X3R?")
    c.call("get_reservation_details", {"reservation_id": "Q69X3R"}, {
        "reservation_id": "Q69X3R", "flights": [{"flight_number": "HAT167", "price": 154},
                                                {"flight_number": "HAT168", "price": 143}],
        "passengers": [{"first_name": n, "last_name": "Li"} for n in ("James", "Raj", "Yusuf", "Evelyn")],
        "payment_history": [{"payment_id": "credit_card_1", "amount": 1308}]})
    wrong = c.say("It was paid with your card: $1,308 in total, which is $297 per person.")
    right = c.say("It was paid with your card: $1,308 in total, which is $327 per person.")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_miscalculated"]
    assert at(out, right).eligible, at(out, right).reasons


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit telecom-r49-08: a sum in words
    ("Active lines: $110.00, $12.00 and $110.00, so $232.00, plus the $5.00 holding fee for 555-447-2912: "
     "$239.00 per month.", [("$239.00", "$232.00, plus the $5.00 holding fee for 555-447-2912: $239.00")]),
    ("That is $232.00, plus the $5.00 holding fee: $237.00 per month.", []),
    ("The fare is $150 plus a $30 fee, for a total of $190.", [("$190", "$150 plus a $30 fee, for a total of $190")]),
    ("The fare is $150 plus a $30 fee, for a total of $180.", []),
    ("The fare is $150 plus $30 for the bag. Your total was $200 before.", []),  # no total of the two said
    # words naming the first, the total after a dash (blind set 93, t93_12 74)
    ("B1002 carries a **$40.00** Basic Plan charge plus a **$5.00** suspension fee - **$50.00** in total.",
     [("$50.00", "$40.00 Basic Plan charge plus a $5.00 suspension fee - $50.00")]),
    ("B1002 carries a **$40.00** Basic Plan charge plus a **$5.00** suspension fee - **$45.00** in total.", []),
    # paid, then back, then the net (blind set 93, a93_22 54)
    ("You paid $522 originally and got $114 back, so the net is **$418**.",
     [("$418", "paid $522 originally and got $114 back, so the net is $418")]),
    ("You paid $522 originally and got $114 back, so the net is **$408**.", []),
])
def test_a_sum_said_in_words_must_come_out_right(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    ("In total you've paid **$256** for HATHAT: $189 + $60 at booking and $17 for the return change.",
     [("$256", "In total you've paid $256 for HATHAT: $189 + $60 at booking and $17 for the return change.")]),
    ("In total you've paid **$266** for HATHAT: $189 + $60 at booking and $17 for the return change.", []),
    # the total before the words "in total" (blind set 71, a71_07)
    ("You paid $372 in total: $5 on gift card 2747099 and $376 on your Visa ending 8968.",
     [("$372", "$372 in total: $5 on gift card 2747099 and $376 on your Visa ending 8968.")]),
    ("You paid $381 in total: $5 on gift card 2747099 and $376 on your Visa ending 8968.", []),
    ("In total, $754 has been refunded: $454 for R0UGFS and $300 for H8Q05L.", []),
    ("In total, $754 has been refunded: $454 for R0UGFS and $200 for H8Q05L.",
     [("$754", "In total, $754 has been refunded: $454 for R0UGFS and $200 for H8Q05L.")]),
    # a share, or an amount taken away, makes no sum of the terms
    ("In total $300: $150 per passenger for 2 passengers.", []),
    ("Total $100 for you: $120 fare minus a $20 credit.", []),
    # amounts taken away by "minus" and added by "plus" are summed with their signs (blind audit a56_06)
    ("Altogether you've paid **$156** for this ticket: the original $116, minus the $16 refund, plus the $40 charge.",
     [("$156", "Altogether you've paid $156 for this ticket: the original $116, minus the $16 refund, plus the $40 "
               "charge.")]),
    ("Altogether you've paid **$140** for this ticket: the original $116, minus the $16 refund, plus the $40 charge.",
     []),
    ("Total $90 for you: $120 fare minus a $20 credit.", [("$90", "Total $90 for you: $120 fare minus a $20 credit.")]),
    ("In total $150: the $116 fare, the $16 refund back, plus $40.", []),  # "refund back" alone: no sign said
    ("In total $90: $120 minus $20 per bag.", []),  # a share: no sum
    # the amounts first, then right after them their total (blind audit a53_04)
    ("You have two certificates: certificate_6730850 with **$250** and certificate_9982533 with **$100** — **$300** "
     "in total.", [("$300", "certificate_6730850 with $250 and certificate_9982533 with $100 — $300 in total")]),
    ("You have two certificates: certificate_6730850 with **$250** and certificate_9982533 with **$100** — **$350** "
     "in total.", []),
    ("HAT1 is $100 and HAT2 $150, so with the bag it is $300 in total.", []),  # not right after the amounts
    # ... or the total's word first, after a bracket (blind set 102, a102_02 21)
    ("New itinerary: HAT188 in economy ($157) and HAT149 in economy ($126), total $273.",
     [("$273", "HAT188 in economy ($157) and HAT149 in economy ($126), total $273")]),
    ("New itinerary: HAT188 in economy ($157) and HAT149 in economy ($126), total $283.", []),
    ("HAT1 is $100 and HAT2 $150, for a total of $250 per person.", []),
    ("HAT1 is $100 and HAT2 $150, for a total of $260 per person.",
     [("$260", "HAT1 is $100 and HAT2 $150, for a total of $260")]),
    # amounts in brackets are asides: a balance beside each part (blind set 76, a76_06)
    ("Total $246: $100 from gift card 1043223 (balance $199) and $146 from gift card 7842436 (balance $254).", []),
    ("Total $256: $100 from gift card 1043223 (balance $199) and $146 from gift card 7842436 (balance $254).",
     [("$256", "Total $256: $100 from gift card 1043223 (balance $199) and $146 from gift card 7842436 (balance $254).")]),
    ("Total $246: HAT285 ($142) and HAT279 ($104).", []),  # the terms themselves in brackets
    ("Total $256: HAT285 ($142) and HAT279 ($104).", [("$256", "Total $256: HAT285 ($142) and HAT279 ($104).")]),
    # a list of four, whose last two the sentence's dot (in "$158.41") cut off as the terms (blind set 76, r76_07)
    ("It has 4 items — Helmet (S, white) $213.86, Lamp (black, USB) $158.41, Skateboard (maple, 28 inch) $204.14 "
     "and Perfume $298.52 — $874.93 in total, paid with PayPal.", []),
    ("It has 4 items — Helmet (S, white) $213.86, Lamp (black, USB) $158.41, Skateboard (maple, 28 inch) $204.14 "
     "and Perfume $298.52 — $884.93 in total, paid with PayPal.",
     [("$884.93", "It has 4 items — Helmet (S, white) $213.86, Lamp (black, USB) $158.41, Skateboard (maple, 28 inch) "
                  "$204.14 and Perfume $298.52 — $884.93 in total")]),
])
def test_a_total_then_the_amounts_it_is_made_of(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


_RECAP = "Here's the price:\n- Fares: ($138 + $153) × 2 = $582\n- Insurance: $30 × 2 = $60\n- Bags: 2 free per passenger = 4 free, so 1 extra bag = $50\n"


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit a65_10: a list's lines, then a line of their total
    (_RECAP + "- **Total: $682**", [("$682", "$582 + $60 + $50 against the total $682")]),
    (_RECAP + "- **Total: $692**", []),
    ("Split:\n- certificate_9957712: $150.00\n- gift_card_4920037: $34.00\n- Mastercard: $38.00\n- Total: $212.00",
     [("$212.00", "$150.00 + $34.00 + $38.00 against the total $212.00")]),
    ("- Bags: none extra\n- Insurance: $60\n- Fare: $272\n- Total: $332", []),  # a line with no amount adds none
    # a line of a rate, or of two amounts: which one the total counts is unclear
    ("- Fare: $136 per passenger\n- Insurance: $30 per passenger\n- Total: $332", []),
    ("- Fare: $136 (was $150)\n- Insurance: $60\n- Total: $196", []),
    ("- Fare: $136\n- Total: $196", []),  # one term is no sum
    # a refund's terms with their sign, its total without (blind set 60, r60_12)
    ("1. Grill: -$96.17\n2. Boots: -$13.75\n3. Total refund $109.92 to the Mastercard", []),
    ("1. Grill: -$96.17\n2. Boots: -$13.75\n3. Total refund $119.92 to the Mastercard",
     [("$119.92", "-$96.17 + -$13.75 against the total $119.92")]),
    ("Fare: $136\nInsurance: $60\n- Total: $200", []),  # no list above the total
    # the total in a line of its own, a blank line after the list (blind set 77, a77_10)
    ("Total for 2 passengers:\n- Flights: ($240 + $228) × 2 = $936\n- Insurance: $30 × 2 = $60\n- Bags: all free\n\n"
     "Total: $966. Which card should I use?", [("$966", "$936 + $60 against the total $966")]),
    ("Total for 2 passengers:\n- Flights: ($240 + $228) × 2 = $936\n- Insurance: $30 × 2 = $60\n- Bags: all free\n\n"
     "Total: $996. Which card should I use?", []),
    ("- Flights: $936\n- Insurance: $60\n\nMore text here.\n\nTotal: $966.", []),  # not right after the list
    # a nested list's total: its terms up to its parent's line (blind set 89, r89_10 14)
    ("- #W5797164, delivered: Puzzle $53.53\n- #W5061109, pending:\n  - Kit $248.85\n  - Chair $511.24\n"
     "  - Total $760.09, paid with PayPal", []),
    ("- #W5797164, delivered: Puzzle $53.53\n- #W5061109, pending:\n  - Kit $248.85\n  - Chair $511.24\n"
     "  - Total $813.62, paid with PayPal", [("$813.62", "$248.85 + $511.24 against the total $813.62")]),
])
def test_a_list_line_of_a_total_below_its_terms(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "people", "wrong"), [
    # blind audit air50_10: a share per passenger, then the total it makes
    ("On the 28th it is $444, $14 more per passenger, so $24 in total.", 2,
     [("$24", "$14 more per passenger, so $24 in total (for 2)")]),
    ("On the 28th it is $444, $14 more per passenger, so $28 in total.", 2, []),
    ("$14 more per passenger, so $24 in total.", None, [("$24", "$14 more per passenger, so $24 in total")]),
    ("$14 more per passenger, so $42 in total.", None, []),  # three shares: the count is not shown
    # a dash for "so", and the total for both
    ("you'd get back $96 per person — **$182** in total", 2, [("$182", "$96 per person — $182 in total (for 2)")]),
    ("you'd get back $96 per person — **$192** in total", 2, []),
    ("i.e. $157 more per person — **$304** for both of you", 2,
     [("$304", "$157 more per person — $304 for both (for 2)")]),
    # "which comes to", and the total for "the two of you" (blind set 61, a61_07)
    ("The difference is $321 per passenger, which comes to $624 for the two of you.", 2,
     [("$624", "$321 per passenger, which comes to $624 for the two (for 2)")]),
    ("The difference is $321 per passenger, which comes to $642 for the two of you.", 2, []),
    # a new booking's count said in the text, where the latest booking shown has 4 (blind set 75, a75_05)
    ("Economy is $126 per person, so $252 for the two of you.", 4, []),
    ("Economy is $126 per person, so $378 for the two of you.", 4, [("$378", "$126 per person, so $378 for the two (for 2)")]),
    ("Economy is $126 per person, so $252 in total.", 4, [("$252", "$126 per person, so $252 in total (for 4)")]),
])
def test_a_share_per_passenger_then_its_total(text: str, people: int | None, wrong: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.equations import misshared

    assert misshared(text, lambda: people) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit a56_08: a count at a price each, then what they come to
    ("You get 3 free checked bags, so 2 of the 5 would be extra at $50 each — that's **$150**.",
     [("$150", "2 of the 5 would be extra at $50 each — that's $150")]),
    ("You get 3 free checked bags, so 2 of the 5 would be extra at $50 each — that's **$100**.", []),
    ("Three bags at $50 apiece, so $100 in all.", [("$100", "Three bags at $50 apiece, so $100")]),
    ("5 bags, 2 of them extra at $50 each, so $100.", []),  # the count nearest the price
    ("Three bags at $50 apiece, so $100 more than before.", []),  # a difference, not what they come to
    ("Two bags at $50 each, that's $50 per passenger.", []),
    # "are ... each, which comes to" (blind audit a58_07)
    ("So 6 of the 8 are free. The remaining 2 bags are $50 each, which comes to **$150**.",
     [("$150", "2 bags are $50 each, which comes to $150")]),
    ("So 6 of the 8 are free. The remaining 2 bags are $50 each, which comes to **$100**.", []),
    ("Two extra bags cost $50 each, which makes $100.", []),
    # an amount each, then the total for the count named (blind set 61, a61_05)
    ("- **HAT231** 16:00 → 19:30, $123 per person: +$3 each, **$6** for three", [("$6", "$3 each, $6 for three")]),
    ("- **HAT213** 12:00 → 15:30, $185 per person: +$65 each, **$195** for three", []),
    ("$50 each, $100 for both.", []),
    ("$25 each, $100 for 3 bags, with the fee.", []),  # a count of things, not people: not read here
    # "both" nearer the price than a count before it (blind set 73, a73_07)
    ("You already have 1 bag, so both new bags would be charged at $50 each — $100, for 3 bags.", []),
    ("You already have 1 bag, so both new bags would be charged at $50 each — $150, for 3 bags.",
     [("$150,", "1 bag, so both new bags would be charged at $50 each — $150,")]),
])
def test_a_count_at_a_price_each_comes_to_their_product(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit r56_08: a balance said to cover a cost it is less than
    ("The exchange costs an extra **$88.85**. Your gift card has $64.00, which is enough to cover it.",
     [("$64.00", "$64.00, which is enough (for $88.85)")]),
    ("The exchange costs an extra **$48.85**. Your gift card has $64.00, which is enough to cover it.", []),
    ("Your gift card has $16.00, which isn't enough to cover the $37.20 difference.", []),
    ("Your gift card has $56.00, which isn't enough to cover the $37.20 difference.",
     [("$56.00", "$56.00, which isn't enough to cover the $37.20 (for $37.20)")]),
    ("Your gift card has $56.00, which is enough.", []),  # no cost said: nothing to weigh it against
])
def test_a_balance_said_to_cover_a_cost(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit a56_03: the balance before, what a refund added, and the balance now
    ("Your gift card gift_card_3576581 had $245 on it, so with the $4,986 refund the balance is now **$5,213**.",
     [("$5,213", "had $245 on it, so with the $4,986 refund the balance is now $5,213")]),
    ("Your gift card gift_card_3576581 had $245 on it, so with the $4,986 refund the balance is now **$5,231**.", []),
    ("Your gift card had $245, so with the $45 charge it is now $200.", []),  # a charge takes away
    ("Your gift card had $245, so with the $45 charge it is now $290.",
     [("$290", "had $245, so with the $45 charge it is now $290")]),
])
def test_a_balance_before_and_after_a_refund(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "people", "wrong"), [
    # blind audit a53_07: per-passenger fares, and their difference said as the total for 2
    ("HAT107 9:00 AM — $179. You paid $134 for tonight's flight, so switching would be a fare difference of "
     "**$45** in total.", 2, [("$45", "$179.00 − $134.00 per passenger, for 2")]),
    ("HAT107 9:00 AM — $179. You paid $134 for tonight's flight, so switching would be a fare difference of "
     "**$45** in total.", 1, []),  # one passenger: the difference is the total
    ("HAT107 9:00 AM — $179. You paid $134 for tonight's flight, so switching would be a fare difference of "
     "**$90** in total.", 2, []),
    # blind audit a54_11
    ("That's $501 per passenger in business vs. the $265 per passenger you paid. The upgrade would cost **$236** "
     "in total.", 2, [("$236", "$501.00 − $265.00 per passenger, for 2")]),
    ("That's $1,002 for both of you vs. the $530 you paid. The upgrade would cost **$472** in total.", 2, []),
    # blind audit a66_03: no word of a total, but fares per person before it and none after
    ("In business those flights are $616 per person, versus the $328 per person you paid. The upgrade would cost "
     "$288.", 2, [("$288", "$616.00 − $328.00 per passenger, for 2")]),
    ("In business those flights are $616 per person, versus the $328 per person you paid. The upgrade would cost "
     "$288 per person.", 2, []),
    ("In business those flights are $616 per person, versus the $328 per person you paid. The upgrade would cost "
     "$576.", 2, []),
    # fares' differences summed in an equation, said as the total (blind set 75, a75_12)
    ("Upgrading both flights to business costs ($260 − $118) + ($241 − $147) = **$236** in total.", 2,
     [("$236", "a sum of fares per passenger, for 2")]),
    ("Upgrading both flights to business costs ($260 − $118) + ($241 − $147) = **$236** in total.", 1, []),
    ("Upgrading both flights to business costs (($260 − $118) + ($241 − $147)) × 2 = **$472** in total.", 2, []),
    # new fares less old ones, said for both passengers (blind set 90, a90_09 55)
    ("HAT013 business is $338 and HAT298 business is $499. Against your economy fares ($128 and $127), the upgrade "
     "would be **$582** for both of you.", 2, [("$582", "a net of the fares said, per passenger, for 2")]),
    ("HAT013 business is $338 and HAT298 business is $499. Against your economy fares ($128 and $127), the upgrade "
     "would be **$1,164** for both of you.", 2, []),
    # already scaled from an amount per person (blind set 80, a80_09 43)
    ("$113 + $165 = $278 per person versus $265 today: **$13 more per person, $39 in total**.", 3, []),
    # ... the difference for all of them, though the fares' terms would make it another way (blind set 99, a99_08 36)
    ("HAT190 and HAT047 cost $113 + $165 = $278 per person versus $265 now, so the change costs $39 in total for "
     "three.", 3, []),
    ("HAT190 and HAT047 cost $113 + $165 = $278 per person versus $265 now, so the change costs $13 in total for "
     "three.", 3, [("$13", "$278.00 − $265.00 per passenger, for 3")]),
    # ... the share said right before it, after other fares that differ by the total (blind set 94, a94_07 38)
    ("HAT145 ($137), HAT013 ($128) and your HAT235 ($125). HAT013 would cost $128 − $122 = $6 more per passenger, "
     "$12 in total.", 2, []),
    ("HAT145 ($137), HAT013 ($128) and your HAT235 ($125). HAT013 would cost $128 − $122 = $6 more, $12 in total.",
     2, [("$12", "$137.00 − $125.00 per passenger, for 2")]),
])
def test_a_per_passenger_difference_said_as_the_total(text: str, people: int, wrong: list[tuple[str, str]]) -> None:
    assert difference_as_total(text, lambda: people) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit a57_10: the parts of a payment line against the total a line before it states
    ("- **Total:** $483\n- **Payment:** certificate_1481106 $250 + Mastercard ending 3183 **$223**",
     [("$223", "$250 + $223 against the total $483")]),
    ("- **Total:** $483\n- **Payment:** certificate_1481106 $250 + Mastercard ending 3183 **$233**", []),
    ("- **Payment:** certificate_1481106 $250 + Mastercard ending 3183 **$223**", []),  # no total said
    ("- **Total:** $483\n- **Payment:** $250 per certificate + $223", []),  # shared or multiplied: no plain sum
    # a total worked out on its line: its result is the total (blind set 63, a63_12)
    ("- Total: 2 × $202 + 2 × $30 = $464\n- Payment: $193 from gift_card_7656493 + $271 from certificate_3423113", []),
    ("- Total: 2 × $202 + 2 × $30 = $464\n- Payment: $193 from gift_card_7656493 + $261 from certificate_3423113",
     [("$261", "$193 + $261 against the total $464")]),
    # the parts listed by commas, each a method (blind set 74, a74_09)
    ("| **Total** | **$608** |\n\nPayment: certificate_5163115 $500, gift card 5394070 $103, Mastercard ending 9225 $15.",
     [("$15", "$500 + $103 + $15 against the total $608")]),
    ("| **Total** | **$608** |\n\nPayment: certificate_5163115 $500, gift card 5394070 $103, Mastercard ending 9225 $5.",
     []),
    ("- Total: $608\n- Payment: $500 on the certificate, with $103 and $15 left over.", []),  # no method per part
    ("- Total: $150\n- Payment: gift_card_1 $100 and Mastercard ending 1234 $40",
     [("$40", "$100 + $40 against the total $150")]),  # parted at a whole "and"
])
def test_a_payment_lines_parts_add_up_to_the_total(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


@pytest.mark.parametrize(("text", "wrong"), [
    # blind audit r57_10: a table's signed differences, then their net
    ("| Item | Difference |\n|---|---|\n| Dumbbell Set | −$77.03 |\n| Speaker | −$25.51 |\n| Jacket | +$4.68 |\n\n"
     "Net: **$102.54 refunded** to your gift card.", [("$102.54", "−$77.03 −$25.51 +$4.68")]),
    ("| Item | Difference |\n|---|---|\n| Dumbbell Set | −$77.03 |\n| Speaker | −$25.51 |\n| Jacket | +$4.68 |\n\n"
     "Net: **$97.86 refunded** to your gift card.", []),
    ("Net: $97.86 refunded to your gift card.", []),  # no signed amounts before it
    # a dash spaced between an item and its price is no sign (blind set 75, r75_07)
    ("| Item | Current | New | Difference |\n|---|---|---|---|\n| Shoes | 9, rubber - $155.33 | 8, EVA (4153505238) - "
     "$158.67 | +$3.34 |\n| Vacuum | robotic - $620.07 | HEPA (4725166838) - $602.11 | -$17.96 |\n\nNet: $14.62 refund.", []),
    ("| Item | Current | New | Difference |\n|---|---|---|---|\n| Shoes | 9, rubber - $155.33 | 8, EVA (4153505238) - "
     "$158.67 | +$3.34 |\n| Vacuum | robotic - $620.07 | HEPA (4725166838) - $602.11 | -$17.96 |\n\nNet: $21.30 refund.",
     [("$21.30", "+$3.34 −$17.96")]),
])
def test_a_net_of_signed_amounts(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


def test_a_result_before_its_bracketed_sum_is_worked_out() -> None:
    # blind set 60, a60_07: "204 dollars (103 + 101)" grounds 204, and "144 dollars more" after it
    assert worked("Your current return cost 204 dollars (103 + 101), so 144 dollars more.") == [(20400, [10300, 10100])]
    assert worked("Your current return cost 214 dollars (103 + 101).") == []
    # a difference times its count, the count first (blind set 94, a94_09 27)
    assert worked("It would be 3 × ($1,197 − $527) = $2,010.") == [(201000, [119700, 52700])]


@pytest.mark.parametrize(("cents", "result", "out"), [
    (15510, 15610, True), (16510, 15610, True), (15610, 15610, False), (1561, 15610, False), (25510, 15610, False),
])
def test_a_result_miscopied_by_one_digit(cents: int, result: int, out: bool) -> None:
    from trajectory2gym.certify.equations import miscopied

    assert miscopied(cents, result) is out


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit r65_09: the calculator gave -156.1; $155.10 happens to be 156.10 less a $1.00 shown
    ("Refund $155.10 to your Visa (-$99.48 and -$56.62).", ["text_miscalculated"]),
    ("Refund $156.10 to your Visa (-$99.48 and -$56.62).", []),
    ("Sorry: the refund is $156.10, not $165.10.", []),  # taken back
    # a product the text works out right on the way (blind audit a66_02: 2 x $115 beside a total of 290)
    ("Your refund is $156.10: 2 x $78.05 = $156.10, not the $166.10 in my note.", ["text_miscalculated"]),
    ("Your refund is $156.10: 2 x $77.55 = $155.10 plus $1.00 = $156.10.", []),
])
def test_an_amount_one_digit_off_the_calculators_result(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Swap the grill and the chair on #W2052757 please; refund to my visa.")
    c.call("get_order_details", {"order_id": "#W2052757"}, {"order_id": "#W2052757", "items": [
        {"item_id": "9724317332", "price": 1042.19, "quantity": 1}, {"item_id": "4274709903", "price": 544.29},
        {"item_id": "7848293342", "price": 942.71}, {"item_id": "3704016729", "price": 487.67}]})
    c.call("calculate", {"expression": "(942.71 - 1042.19) + (487.67 - 544.29)"}, "-156.1")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] == kinds


@pytest.mark.parametrize(("text", "out"), [
    # blind audit a62_01: the two fares the sentences state differ by $7
    ("The earliest is HAT169, economy fare $158. Her current HAT240 fare is $165, so moving her would refund the "
     "$17 difference.", [("$17", "$158 and $165 differ by $7")]),
    ("The earliest is HAT169, economy fare $158. Her current HAT240 fare is $165, so moving her would refund the "
     "$7 difference.", []),
    ("New fare $158, current $165: a difference of $14 for your two passengers.", []),  # the gap for each of two
    ("The fare difference is $17.", []),  # no two amounts it is between
    ("New fare $158, current $165, bags $50: a difference of $17.", []),  # three other amounts: which two is unclear
    # a table's last price, then a line that says the difference (blind set 72, r72_03)
    ("From | Item Kit (7736359414) | Price $253.08\nTo | Item Kit (1573035764) | Price $253.98\n\nDifference: "
     "**$0.90** charged to PayPal.", []),
    # blind set 75, t75_02: a price said as what one plan costs more than another; a rate per GB is
    # no price of a plan
    ("Unlimited Plus (P1003): $85.00/month, 999 GB data, refuel $0.10/GB. That's $25.00/month more than your "
     "Premium plan at $65.00.", [("$25.00", "$85 and $65 differ by $20")]),
    ("Unlimited Plus (P1003): $85.00/month, 999 GB data, refuel $0.10/GB. That's $20.00/month more than your "
     "Premium plan at $65.00.", []),
    ("It is $193.38, which is $6.00 less than your current $186.78 backpack.", [("$6.00", "$193.38 and $186.78 differ by $6.6")]),
    # no price after "than" in its clause: what it is more than is not said (blind sets 70 and 71)
    ("It is also in stock, at $217.06. That would be $29.83 more than your current board, rather than $6.56 for "
     "the graphic one.", []),
    ("Can't — the gift card has $36, less than the $40.62 difference.", []),  # a balance, not a difference
    # a balance and its shortfall that sum to the difference (blind set 95, r95_02 18)
    ("Your gift card has a balance of $36, which is $4.62 short of the $40.62 difference.", []),
    ("Your gift card has a balance of $36, which is $4.26 short of the $40.62 difference.",
     [("$40.62", "$36 and $4.26 differ by $31.74")]),
    # a list's line of its own: the lines above price two changes, not the difference's two terms (blind set 78, r78_05)
    ("Here's the change:\n- Kettle A → B ($94.80)\n- Perfume C → D ($318.96)\n- Price difference: $25.85, charged.",
     []),
    ("New fare $158 and current $165 - a price difference: $17 for you.", [("$17", "$158 and $165 differ by $7")]),
    # a total said in the sentence before, beside the terms it sums (blind set 82, a82_01 60)
    ("Economy fares are $191 on HAT094 and $164 on HAT294 — $355 in total. She paid $123 for basic economy, so the "
     "difference would have been **$242**.", [("$242", "$355 and $123 differ by $232")]),
    ("Economy fares are $191 on HAT094 and $164 on HAT294 — $355 in total. She paid $123 for basic economy, so the "
     "difference would have been **$232**.", []),
    ("Economy fares are $191 on HAT094 and $164 on HAT294. She paid $123 for basic economy, so the "
     "difference would have been **$242**.", []),  # no total: which two is unclear
    # "Difference:" then the terms of a sum, the result after them (blind set 87, a87_09 36)
    ("- New fare per passenger: $106 + $142 = $248\n- Difference: $1,900 − $248 = $1,652 per passenger", []),
    # an upgrade's cost after a total set against what was paid (blind set 86, a86_03 23)
    ("Economy fares: HAT056 **$155** and HAT138 **$185**, so $340 in total versus the $131 you paid in basic "
     "economy. The upgrade would cost **$219**.", [("$219", "$340 and $131 differ by $209")]),
    ("Economy fares: HAT056 **$155** and HAT138 **$185**, so $340 in total versus the $131 you paid in basic "
     "economy. The upgrade would cost **$209**.", []),
    # the comma after the amount is no part of it (blind set 97, a97_09 23)
    ("With HAT013 + HAT298 the upgrade would cost $1,176, still above your $600 limit.", []),
])
def test_a_difference_said_of_the_two_amounts_stated(text: str, out: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.equations import misdifferenced

    assert misdifferenced(text) == out


@pytest.mark.parametrize(("said", "kinds"), [
    # an amount taken back is none of the two (blind set 81, r81_10 19)
    ("The new one is **$51.59** (I mistyped it as $51.95 a moment ago — sorry!), so the difference is **$5.69** "
     "to pay.", []),
    ("The new one is **$51.59**, beside the $51.95 one, so the difference is **$5.69** to pay.",
     ["text_miscalculated"]),
])
def test_a_difference_beside_an_amount_taken_back(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Change my puzzle on #W123 to the 1500-piece one.")
    c.call("get_order_details", {"order_id": "#W123"}, {"order_id": "#W123", "items": [
        {"item_id": "1", "price": 45.90}, {"item_id": "2", "price": 51.59}, {"item_id": "3", "price": 51.95}]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] == kinds


def test_a_difference_over_a_year_is_no_comparisons_result() -> None:
    # blind audit t67_03: the monthly difference, then twelve of it
    assert miscalculated("The difference is $20.00 per month ($85.00 vs $65.00), so $240.00 per year.") == []
    assert miscalculated("The difference is ($85.00 vs $65.00), so $240.00.") != []


SEATS = "Nonstop IAH -> ORD flights, cheapest first:\n- HAT044, 20:00-22:30: $60\n- HAT138, 11:00-13:30: $61\n"


@pytest.mark.parametrize(("text", "wrong"), [
    # blind set 68, a68_08: a count of seats on a flight the text priced in a list line
    (SEATS + "Two basic economy seats on HAT044 would be $130.", [("$130", "Two basic economy seats on HAT044 would be $130")]),
    (SEATS + "Two basic economy seats on HAT044 would be $120.", []),
    ("Two basic economy seats on HAT044 would be $130.", []),  # no price of the flight listed
])
def test_a_count_of_seats_on_a_flight_the_text_priced(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


PARTS = "Please confirm:\n- HAT060, 2 passengers\n- gift_card_7144561: $209.00\n- gift_card_9031491: $28.00\n"


@pytest.mark.parametrize(("rest", "wrong"), [
    # blind set 60, a60_04: the rest on the card, of a total the message before stated
    ("$214.00", [("$214.00", "$209.00 + $28.00 + $214.00 against the total $478.00")]),
    ("$241.00", []),
])
def test_parts_of_a_total_stated_before(rest: str, wrong: list[tuple[str, str]]) -> None:
    assert misdivided(PARTS + f"- Mastercard ending 4526: {rest}", 47800) == wrong
    assert misdivided(PARTS + f"- Mastercard ending 4526: {rest}\n- Total: {rest}", 47800) == []  # a total of its own


@pytest.mark.parametrize(("rest", "kinds"), [("$214.00", ["text_miscalculated"]), ("$241.00", [])])
def test_the_rest_of_a_total_the_user_split(convo: Any, at: Any, rest: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Book HAT060 for the two of us with insurance.")
    c.call("get_order_details", {"order_id": "#W123"}, {"gift_card_7144561": 209, "gift_card_9031491": 28,
                                                       "fares": [184], "insurance": 30, "bag": 50})
    c.say("- Fares: $368.00\n- Insurance: $60.00\n- Bags: $50.00\n- **Total: $478.00**\n\nHow would you like to pay?")
    c.user("use the 209 gift card and the 28 one, rest on my mastercard")
    i = c.say(PARTS + f"- Mastercard ending 4526: {rest}")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] \
        == kinds


@pytest.mark.parametrize(("whole", "wrong"), [
    # a payment of the whole booking is no fare per passenger (blind set 80, a80_10 36)
    (frozenset({52200}), []),
    (frozenset(), [("$408", "$522.00 − $114.00 per passenger, for 3")]),
])
def test_a_difference_of_what_the_whole_booking_was_paid(whole: frozenset[int], wrong: list[tuple[str, str]]) -> None:
    text = "| Original booking | gift card | $522 |\n\nYour Visa is **$114 in credit**, and the trip now costs $408 in total."
    assert difference_as_total(text, lambda: 3, whole) == wrong


@pytest.mark.parametrize(("said", "kinds"), [
    # apart from an amount the agent's message before stated (blind set 80, a80_11 22)
    ("HAT082 is $323 in business, so HAT072 + HAT082 would be $605, a difference of **$102**.", []),
    ("HAT082 is $323 in business, so HAT072 + HAT082 would be $605, a difference of **$112**.",
     ["text_not_visible", "text_miscalculated"]),
])
def test_a_difference_from_an_amount_said_before(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=None, domain="airline", system="You are an airline agent.")
    c.user("What would business cost? I paid $503 in fares.")
    c.call("search_direct_flight", {"origin": "SFO", "destination": "IAH", "date": "2024-05-23"}, [
        {"flight_number": "HAT072", "prices": {"business": 282}}, {"flight_number": "HAT082", "prices": {"business": 323}}])
    c.say("In business, HAT072 ($282) is available, compared with the $503 in fares you paid.")
    c.user("What if I took HAT082?")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("total", "kinds"), [
    # a table's column added up on the line after it (blind set 80, a80_08 49)
    ("$600", []),
    ("$650", ["text_not_visible"]),
])
def test_a_tables_total_is_derived_from_its_column(convo: Any, at: Any, total: str, kinds: list[str]) -> None:
    c = convo(tools=None, domain="airline", system="You are an airline agent.")
    c.user("What certificates do I have?")
    c.call("get_user_details", {"user_id": "amelia_sanchez_4739"}, {"payment_methods": {
        "certificate_5449394": {"source": "certificate", "amount": 250}, "certificate_7365778": {
            "source": "certificate", "amount": 100}, "certificate_3221322": {"source": "certificate", "amount": 150}}})
    i = c.say("| Certificate | Amount |\n|---|---|\n| certificate_5449394 | $250 |\n| certificate_7365778 | $100 |\n"
              f"| certificate_3221322 | $150 |\n| certificate_7365778 (again) | $100 |\n\n**Total: {total}** in "
              "certificates, plus a gift card with $250.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # a monthly amount times a count of months (blind set 87, t87_07 56)
    ("At $45.00 a month, four more months would come to **$160.00**.", [("$160.00", "$45.00 a month for 4 months", 18000)]),
    ("At $45.00 a month, four more months would come to **$180.00**.", []),
    ("At $45.00 per month, 6 months would cost $270.00.", []),
])
def test_a_count_of_months_at_a_monthly_amount(text: str, found: list[tuple[str, str, int]]) -> None:
    from trajectory2gym.certify.equations import months_miscounted

    assert months_miscounted(text) == found


@pytest.mark.parametrize(("said", "found"), [
    # two totals of a table, then how far apart they came in (blind set 90, t90_02 44)
    ("So February came in **$15.50 lower**.", [("$15.50", "$160.5 and $150 differ by $10.5")]),
    ("So February came in **$10.50 lower**.", []),
    ("So February came in $10.50 lower than the $15.50 overage.", []),  # another amount beside it
])
def test_totals_said_to_come_in_apart(said: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.equations import misdifferenced
    from trajectory2gym.certify.tables import with_headers

    table = ("| Line item | Jan | Feb |\n|---|---|---|\n| Basic Plan | $40.00 | $40.00 |\n| Overage | $15.50 | — |\n"
             "| **Total** | **$160.50** | **$150.00** |\n\n")
    assert misdifferenced(with_headers(table + said)) == found
