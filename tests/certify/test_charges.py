"""A text after a write that reports money charged or refunded must state what the write's result
shows it moved (certify/charges.py), not another visible amount."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.charges import (
    balances_after,
    balances_said,
    method_balances,
    method_totals,
    misstated,
    misstated_balances,
    mistotaled,
    moved,
    moved_already,
    new_rows,
    reports_money,
    returned,
    reversed_ways,
    subset_totals,
    totals,
)
from trajectory2gym.certify.normalize import to_cents
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

PAID = [{"payment_id": "credit_card_1", "amount": 454}]
RESERVATION = {"reservation_id": "R0UGFS", "user_id": "mei_wilson_7043", "cabin": "economy",
               "flights": [{"flight_number": "HAT254", "date": "2024-05-25", "price": 227}],
               "passengers": [{"first_name": "Mei", "last_name": "Wilson", "dob": "1984-11-22"},
                              {"first_name": "Evelyn", "last_name": "Santos", "dob": "1976-10-06"}],
               "payment_history": PAID, "insurance": "no"}
CHANGED = {**RESERVATION, "flights": [{"flight_number": "HAT210", "date": "2024-05-26", "price": 249}],
           "payment_history": [*PAID, {"payment_id": "gift_card_2", "amount": 44}]}


def _reported(convo: Any, at: Any, report: str, later: str | None = None) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Please move R0UGFS to HAT210 on May 26, both of us. I'm mei_wilson_7043.")
    c.call("get_reservation_details", {"reservation_id": "R0UGFS"}, RESERVATION)
    c.call("search_direct_flight", {"origin": "DTW", "destination": "MCO", "date": "2024-05-26"},
           [{"flight_number": "HAT210", "prices": {"economy": 249}}])
    c.say("HAT210 on May 26 is $249 per person, $22 more each: $44 in all, on your gift card. Shall I?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "R0UGFS", "cabin": "economy", "payment_id": "gift_card_2",
                                          "flights": [{"flight_number": "HAT210", "date": "2024-05-26"}]}, CHANGED)
    i = c.say(report)
    if later is not None:
        c.user("thanks. and the fare difference, what was it per person?")
        i = c.say(later)
    return [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]


@pytest.mark.parametrize(("report", "kinds"), [
    ("Done! **$22** was charged to your gift card.", ["text_misstated_charge"]),  # per person, said as the charge
    ("Done! **$44** was charged to your gift card.", []),
    ("Done! You were charged $22 per person, $44 in all.", []),
    ("Done! $22 per person was charged to your gift card.", []),  # a share, said as one
    ("Done! The fare difference was $22.", []),  # no charge or refund word: another check's matter
    ("Done! Each of you was charged $22 for the new flight.", []),
    ("Done! You were charged $22 for each passenger.", []),
    # what the user pays, or the difference on a method (blind sets 61 and 66: r61_07, r66_06)
    ("Done! You'll pay $22 through your gift card.", ["text_misstated_charge"]),
    ("Done! You'll pay $44 through your gift card.", []),
    ("Done! The change is made, $22 difference on your gift card.", ["text_misstated_charge"]),
    ("Done! The change is made, $44 difference on your gift card.", []),
])
def test_a_report_states_what_the_write_charged(convo, at, report: str, kinds: list[str]) -> None:
    assert _reported(convo, at, report) == kinds


def test_only_the_reports_before_the_next_user_message_are_held_to_it(convo, at) -> None:
    assert _reported(convo, at, "Done!", later="It was $22 per person, so $22 was charged for each of you.") == []


def test_what_moved_is_the_new_rows_of_the_same_object_and_their_totals() -> None:
    before = orjson.dumps(RESERVATION).decode().lower()
    cancelled = {**RESERVATION, "status": "cancelled",
                 "payment_history": [*PAID, {"payment_id": "credit_card_1", "amount": -454}]}
    assert moved(orjson.dumps(cancelled).decode(), [before], ["r0ugfs"]) == [45400]
    split = {**RESERVATION, "reservation_id": "NEW1", "payment_history": [
        {"payment_id": "certificate_1", "amount": 150}, {"payment_id": "credit_card_1", "amount": 94}]}
    assert sorted(moved(orjson.dumps(split).decode(), [before], ["new1"])) == [9400, 15000]  # a new booking
    assert moved(orjson.dumps(RESERVATION).decode(), [before], ["r0ugfs"]) == []  # nothing new
    assert moved("Reservation cancelled.", [before], ["r0ugfs"]) == []
    # The same object is the one that gives the identifier as its own id, not a profile listing it.
    profile = orjson.dumps({"user_id": "mei", "reservations": ["R0UGFS"]}).decode().lower()
    assert moved(orjson.dumps(CHANGED).decode(), [before, profile], ["r0ugfs"]) == [4400]
    # Each row, each write's total and the total of all: two cancellations refund $754 in all.
    assert totals([[45400], [15000, 15000]]) == {45400, 15000, 30000, 75400}


def test_the_refunds_of_some_writes_beside_a_charge_of_another() -> None:
    # blind set 75, r75_11: two cancellations' refunds and an item change's charge, "Total refunds: $4,021.02"
    moved_rows = [[59857], [342245], [3236]]
    assert misstated("Total refunds: $4,021.02 to your Mastercard.", totals(moved_rows)) != []  # not each, nor all
    assert misstated("Total refunds: $4,021.02 to your Mastercard.", totals(moved_rows) | subset_totals(moved_rows)) == []
    assert subset_totals(moved_rows) == {59857 + 342245, 59857 + 3236, 342245 + 3236, 59857 + 342245 + 3236}
    assert subset_totals([[100], [200]]) == set()  # two writes: each and both are ``totals`` already


def test_one_methods_share_of_several_writes() -> None:
    # blind sets 80, 83 (a80_05 50, a83_06 62): "In total your Mastercard ending 9363 is charged $1,286",
    # its $44, $621 and $621 of three bookings, each of which certificates paid the rest of
    booked = [[{"payment_id": "certificate_1", "amount": 500}, {"payment_id": "credit_card_9", "amount": 44}],
              [{"payment_id": "certificate_2", "amount": 250}, {"payment_id": "credit_card_9", "amount": 621}],
              [{"payment_id": "certificate_3", "amount": 250}, {"payment_id": "credit_card_9", "amount": 621.0}]]
    assert method_totals(booked) == {128600}
    moved_rows = [[to_cents(row["amount"]) for row in write] for write in booked]
    said = "In total your Mastercard ending 9363 is charged **$1,286**."
    assert misstated(said, totals(moved_rows)) == ["$1,286"]
    assert misstated(said, totals(moved_rows) | method_totals(booked)) == []
    assert method_totals(booked[:1]) == set()  # one write: its rows are ``totals`` already
    # rows that are new in a result, as ``moved`` reads them
    result = orjson.dumps({"reservation_id": "HATHAT", "payment_history": booked[1]}).decode()
    assert new_rows(result, [], ["hathat"]) == booked[1]


@pytest.mark.parametrize(("total", "kinds"), [("$1,242", []), ("$1,286", ["text_misstated_charge"])])
def test_one_methods_share_of_two_bookings_in_a_conversation(convo: Any, at: Any, total: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book HAT023 on May 26 for Aarav and for Evelyn, one booking each. I'm mohamed_silva_9265.")
    c.say("Each is $871: certificate $250 + Mastercard $621, so $1,242 on your Mastercard. Shall I book both?")
    c.user("yes")
    for k, (name, cert) in enumerate([("Aarav", "certificate_1"), ("Evelyn", "certificate_2")]):
        paid = [{"payment_id": cert, "amount": 250}, {"payment_id": "credit_card_9", "amount": 621}]
        c.call("book_reservation", {"user_id": "mohamed_silva_9265", "origin": "JFK", "destination": "SFO",
                                    "flight_type": "one_way", "cabin": "business", "insurance": "no",
                                    "flights": [{"flight_number": "HAT023", "date": "2024-05-26"}],
                                    "passengers": [{"first_name": name, "last_name": "Sanchez", "dob": "1986-09-12"}],
                                    "payment_methods": paid, "total_baggages": 0, "nonfree_baggages": 0},
               {"reservation_id": f"HATHA{k}", "payment_history": paid})
    i = c.say(f"Both are booked. In total your Mastercard is charged **{total}**; the certificates paid $250 each.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misstated_charge"] == kinds, found


def test_a_refund_stated_as_another_visible_sum_is_misstated() -> None:
    assert misstated("A refund of **$1,249** (fare plus insurance) goes back to your Visa.", {121900}) == ["$1,249"]
    assert misstated("A refund of **$1,219** goes back to your Visa; insurance was $30.", {121900}) == []


@pytest.mark.parametrize(("text", "found"), [
    # blind set 71, r71_08: an amount sent somewhere, the return's refund being $380.74
    ("All set, the return is requested and $285.66 will go to your gift card.", ["$285.66"]),
    ("All set, the return is requested and $380.74 will go to your gift card.", []),
    ("All set, the return is requested and $380.74 goes back to the gift card.", []),
    # what the next action would refund is an offer, not a report (blind set 77, r77_08)
    ("The return is requested. The 1500 piece version is $46.00, so $7.72 would be refunded to your gift card.", []),
    ("The return is requested, and $7.72 was refunded to your gift card.", ["$7.72"]),
    # the amount with the sign the result writes (blind set 94, r94_05 34)
    ("Submitted! The exchange is recorded, with a price difference of -$380.74 to be refunded to your gift card.", []),
    ("Submitted! The exchange is recorded, with a price difference of -$380.47 to be refunded to your gift card.",
     ["-$380.47"]),
])
def test_an_amount_said_to_go_to_a_method_is_a_movement(text: str, found: list[str]) -> None:
    assert reports_money(text)
    assert misstated(text, {38074}) == found


@pytest.mark.parametrize(("text", "found"), [
    # blind set 73, a73_10: a refund of its own after "plus", where only the one amount moved
    ("You'll get $313 back on gift card 1693682, plus the $30 insurance fee refunded separately.", ["$30"]),
    ("You'll get $313 back on gift card 1693682, plus the $30 insurance fee.", []),  # what it holds, no movement
    ("You'll get $313 back: $283 fare plus $30 insurance.", []),
    ("You'll get $313 back, plus $30 refunded to your card.", []),  # both moved
])
def test_a_movement_of_its_own_after_plus(text: str, found: list[str]) -> None:
    assert misstated(text, {31300, 3000} if "to your card" in text else {31300}) == found


def test_a_write_without_a_result_and_many_reports_after_it(convo, at) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Please cancel R0UGFS. I'm mei_wilson_7043.")
    c.call("get_reservation_details", {"reservation_id": "R0UGFS"}, RESERVATION)
    c.say("I'll cancel R0UGFS; $454 goes back to your card. Shall I?")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "R0UGFS"}, "")
    c.messages[-1]["content"] = None  # a result with no content at all
    i = c.say("Done, $454 will be refunded to your card.")
    assert at(certify_interaction(c.build()), i).eligible  # nothing shown moved: nothing to hold it to


@pytest.mark.parametrize(("report", "earlier", "out"), [
    ("The difference of $2.93 has been charged to your PayPal.", ["You'd receive a refund of **$2.93**."],
     [("$2.93", "refunded")]),
    ("$2.93 has been refunded to your PayPal.", ["You'd receive a refund of **$2.93**."], []),
    ("An additional $1.84 has been charged to your card.", ["You would get $1.84 back on your card."],
     [("$1.84", "refunded")]),
    ("A **credit of $6.00** will appear on your next bill.", ["3 GB costs **$6.00**, charged on your next bill."],
     [("$6.00", "charged")]),
    ("$5.65 was charged to your Visa.", ["$5.65 charged to your PayPal."], []),  # a method, not a way
    ("$4.00 was charged to your Visa.", ["A refund of $2.93."], []),  # another amount
    # The latest earlier text stating the amount decides.
    ("$2.93 was charged.", ["A refund of $2.93.", "Sorry, correction: $2.93 will be charged to your card."], []),
    # A way taken back in the same sentence: "a charge of $0.14 ..., not a refund" (blind audit r53_04)
    ("$0.14 was charged to your Visa.", ["A small refund of **$0.14**.",
                                          "My mistake — the net is a **charge of $0.14** to your Visa, not a refund."], []),
    ("$0.14 was refunded to your Visa.", ["A small refund of **$0.14**.",
                                           "My mistake — the net is a **charge of $0.14** to your Visa, not a refund."],
     [("$0.14", "charged")]),
    # The report itself takes the earlier way back (blind audit r67_09).
    ("One correction: the net $1.42 was an additional charge to your PayPal, not a refund.",
     ["Net: a refund of $1.42 to your PayPal account."], []),
    ("The net $1.42 was an additional charge to your PayPal.", ["Net: a refund of $1.42 to your PayPal account."],
     [("$1.42", "refunded")]),
    # A payment switch moves the amount both ways: charged to the new card, refunded to the old one.
    ("The $368.15 on your Visa ending 5768 has been refunded.",
     ["Total **$368.15**, currently charged to your **Visa ending 5768**.",
      "I'll switch the payment ($368.15) to your Mastercard ending 7287, and the Visa charge will be refunded."], []),
    # a list's lines read apart: one option a refund, the next a charge (blind set 72, a72_06)
    ("Done. Return is HAT116, May 20. $40 charged.",
     ["Options:\n- HAT078 01:00, $151 → $16 refund total\n- HAT116 08:00, $179 → $40 more total\nWhich?",
      "Confirm: return becomes HAT116. $40 to Mastercard ending 2008. OK?"], []),
    # the amount charged at the order, and refunded by the cancellation, in two sentences (blind set 72, r72_02)
    ("Order #W9132840 is cancelled. The refund of $598.57 will go back to your card.",
     ["A total of $598.57 charged to your Mastercard. If you like, I'll cancel it, and the $598.57 will be refunded "
      "to that card."], []),
    # "goes back to" the old method: the switch's refund way (blind set 78, r78_11)
    ("Done: paid with your Mastercard; $3,844.86 was refunded to your gift card.",
     ["- Change the payment to Mastercard ending 9677: the card is charged $3,844.86 and $3,844.86 goes back to the "
      "gift card.\nConfirm?"], []),
    # an amount with its own sign, in a line that nets to money back (blind set 89, a89_12 34)
    ("Visa ending 1777: **+$396** (upgrade) then **−$510** (flight change) = **$114 back** overall.",
     ["1. Upgrade: **$396 charged** to Visa ending 1777\n2. Change: **$510 refunded** to Visa ending 1777"], []),
    ("Visa ending 1777: $396 (upgrade) then $510 (flight change) = **$114 back** overall.",
     ["1. Upgrade: **$396 charged** to Visa ending 1777\n2. Change: **$510 refunded** to Visa ending 1777"],
     [("$396", "charged")]),
])
def test_a_report_moves_an_amount_the_way_the_conversation_gave_it(report: str, earlier: list[str],
                                                                   out: list[tuple[str, str]]) -> None:
    assert reversed_ways(report, earlier) == out


def test_a_refund_reported_as_a_charge_is_not_grounded(convo: Any, at: Any) -> None:
    order = {"order_id": "#W1679211", "status": "delivered", "items": [
        {"name": "Jigsaw Puzzle", "item_id": "7127170374", "price": 52.03}],
        "payment_history": [{"payment_method_id": "paypal_3022415", "amount": 52.03}]}
    kinds = []
    for way in ("has been charged to", "will be refunded to"):
        c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
        c.user("I want the 1000-piece puzzle instead, order #W1679211.")
        c.call("get_order_details", {"order_id": "#W1679211"}, order)
        c.call("get_product_details", {"product_id": "1"}, {"variants": {"3112842858": {"price": 49.10}}})
        c.say("Exchange 7127170374 → 3112842858 in order #W1679211: you'd receive a refund of **$2.93** to your "
              "PayPal (paypal_3022415). Shall I go ahead?")
        c.user("sure")
        c.call("exchange_delivered_order_items", {"order_id": "#W1679211", "item_ids": ["7127170374"],
                                                  "new_item_ids": ["3112842858"], "payment_method_id": "paypal_3022415"},
               {**order, "status": "exchange requested"})
        i = c.say(f"The exchange is requested! The difference of $2.93 {way} your PayPal account.")
        kinds.append([reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons])
    assert kinds == [["text_reversed_charge"], []]


def test_a_transfer_is_no_write_whose_money_a_text_reports(convo: Any, at: Any) -> None:
    # "a human agent can refund the $50", then after the transfer "the $50 charge": the charge the
    # user disputes, not a refund reported as a charge.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("You charged me $50 by mistake on order #W1679211.")
    c.say("I'm sorry. I can't reverse it myself, but a human agent can refund the $50. Shall I transfer you?")
    c.user("yes please")
    c.call("transfer_to_human_agents", {"summary": "Customer was charged $50 by mistake on #W1679211."},
           "Transfer successful")
    i = c.say("I've transferred you to a human agent with the details of the $50 charge on #W1679211.")
    assert at(certify_interaction(c.build()), i).eligible, at(certify_interaction(c.build()), i).reasons


def test_a_report_of_money_moved_is_read_in_the_clauses_that_say_it_moved() -> None:
    from trajectory2gym.certify.charges import misstated

    text = "The refund is recorded, but gift_card_1 still shows a balance of $129, so it can't cover $696."
    assert misstated(text, {56700}) == []  # the refund's clause states no amount
    assert misstated("The refund of $50 is recorded, but the card shows $129.", {56700}) == ["$50"]
    assert misstated("I refunded $50 and the card shows $129.", {56700}) == ["$50", "$129"]  # one clause
    # money said not to have moved yet
    assert misstated("The $4,204.93 from the return hasn't been credited yet.", {90446}) == []
    assert misstated("The $4,204.93 from the return has been credited.", {90446}) == ["$4,204.93"]


def test_balances_said_after_a_change_and_shown_for_stored_value_methods() -> None:
    assert balances_said("$50 was charged to your gift card, leaving a balance of $129.") == [("$129", 12900)]
    assert balances_said("Your gift card balance is now **$1,814.51**.") == [("$1,814.51", 181451)]
    assert balances_said("The gift card has $36 on it.") == []
    # "balance is $X" (blind set 95, r95_05 44)
    assert balances_said("Your gift card balance is $89.") == [("$89", 8900)]
    assert balances_said("The balance is what you still owe, $89 in all.") == []
    # what a payment leaves on a stored-value method (blind set 84, a84_05 40)
    assert balances_said("That leaves **$146** on gift_card_7773485 and $0 on gift_card_7359776.") == [
        ("$146", 14600)]
    assert balances_said("Paid. You have $136 left on your gift card.") == [("$136", 13600)]
    assert balances_said("That leaves $146 for the bags.") == []  # no method named
    # a stored-value method said to hold an amount now (blind set 85, a85_12 41)
    assert balances_said("Your gift_card_6941833 had $152, plus the $186 refund, so it now has **$328**.") == [
        ("$328", 32800)]
    assert balances_said("Order #W1 now has $328 in items.") == []
    # the clause after the balance's is about another amount
    assert balances_said("gift_card_1 still shows a balance of **$129**, so it can't cover $696.") == [("$129", 12900)]
    # said inside brackets: the amount after them is another method's share (blind audit a52_10)
    assert balances_said("Paid: $179 from your gift card (balance now $0), $35 on your Mastercard.") == [("$0", 0)]
    # a bracket that works the balance out: its terms are no balances (blind set 62, r62_10)
    assert balances_said("Cancelled! Your gift card balance is now $3,619.06 ($78 + $3,541.06).") == [
        ("$3,619.06", 361906)]
    # ... or an aside after it (blind set 81, a81_06 51)
    assert balances_said("Your gift card now shows a balance of **$0** (the full $128 went into this booking).") == [
        ("$0", 0)]
    # a sum written out to the balance: its result is the balance, not its terms (blind audit r67_03)
    assert balances_said("Its balance should now be $51.00 + $2,073.69 = $2,124.69.") == [("$2,124.69", 212469)]
    # what a method "now has ... remaining" (blind audit a66_05)
    assert balances_said("$30 was charged to your gift card, which now has $168 remaining.") == [("$168", 16800)]
    assert balances_said("Your gift card now has the $30 charge on it.") == []
    # ... "still has" it (blind set 103, a103_02 40)
    assert balances_said("All set. gift_card_6276644 still has $113 available for later.") == [("$113", 11300)]
    assert balances_said("All set. Your order still has $113 of items.") == []
    # the amount before the word (blind set 61, a61_12)
    assert balances_said("You can again use your gift card ($76 balance) plus $25 on the Visa.") == [("$76", 7600)]
    assert balances_said("Your gift card's $75.00 balance covers that.") == [("$75.00", 7500)]
    # a method named by its worth after the balance (blind set 94, a94_03 54)
    assert balances_said("Your gift cards now have a balance of $0, and the $500 certificate has been consumed.") == [
        ("$0", 0)]
    assert balances_said("Your gift cards now have a balance of $0, and the certificate has $500 left.") == [
        ("$0", 0), ("$500", 50000)]
    # the balance before the change, named so, then the one it makes (blind set 103, r103_10 16)
    assert balances_said("$2,674.40 has been refunded. With your earlier balance of $62, that makes $2,736.40.") == [
        ("$2,736.40", 273640)]
    assert balances_said("$2,674.40 has been refunded. With your balance of $62, that makes $2,736.40.") == [
        ("$62", 6200), ("$2,736.40", 273640)]
    shown = ['{"payment_methods": {"gift_card_1": {"source": "gift_card", "balance": 36}, '
             '"credit_card_2": {"source": "credit_card", "last_four": "1234"}}}', '{"certificate_3": 7}']
    assert method_balances(shown) == {3600}


def _gift_card_profile(balance: int) -> dict[str, Any]:
    """emma_santos_9753's profile, whose one payment method is a gift card with this balance."""
    return {"user_id": "emma_santos_9753", "payment_methods": {
        "gift_card_6023546": {"source": "gift_card", "balance": balance, "id": "gift_card_6023546"}}}


def _cancelled_on_gift_card(convo: Any) -> Any:
    """A conversation up to the cancellation of #W9655299, whose $1,778.51 goes back to a gift card
    that showed $36."""
    user = {"user_id": "emma_santos_9753", "payment_methods": {
        "gift_card_6023546": {"source": "gift_card", "balance": 36, "id": "gift_card_6023546"}}}
    order = {"order_id": "#W9655299", "status": "pending", "payment_history": [
        {"transaction_type": "payment", "amount": 1778.51, "payment_method_id": "gift_card_6023546"}]}
    cancelled = {**order, "status": "cancelled", "payment_history": [
        *order["payment_history"],
        {"transaction_type": "refund", "amount": 1778.51, "payment_method_id": "gift_card_6023546"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel order #W9655299 please, I'm emma_santos_9753.")
    c.call("get_user_details", {"user_id": "emma_santos_9753"}, user)
    c.call("get_order_details", {"order_id": "#W9655299"}, order)
    c.say("Cancelling #W9655299 (reason: no longer needed) refunds $1,778.51 to your gift card. Confirm?")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W9655299", "reason": "no longer needed"}, cancelled)
    return c


@pytest.mark.parametrize(("balance", "kinds"), [("$1,814.51", []), ("$1,778.51", ["text_misstated_balance"])])
def test_a_balance_after_a_refund_is_the_one_shown_plus_the_refund(convo: Any, at: Any, balance: str,
                                                                  kinds: list[str]) -> None:
    c = _cancelled_on_gift_card(convo)
    i = c.say(f"Order #W9655299 is cancelled and $1,778.51 was refunded. Your gift card balance is now {balance}.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 71, a71_05: a balance said after the user spoke again and the profile was looked up since
    ("Good news: it now shows a balance of $1,814.51, so it covers the $143 fare.", ["text_misstated_balance"]),
    ("Your gift card shows a balance of $36, so it can't cover the $143 fare.", []),
    ("Your gift card shows a balance of $36, not $1,814.51, so it can't cover the fare.", []),  # taken back
    ("After this booking your balance will be $1,814.51.", []),  # not of now
])
def test_a_balance_said_against_the_lookup_since_the_writes(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = _cancelled_on_gift_card(convo)
    c.say("Order #W9655299 is cancelled.")
    c.user("is the refund on my gift card now? can it pay for a $143 item?")
    c.call("get_user_details", {"user_id": "emma_santos_9753"}, _gift_card_profile(36))
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_balance"] == kinds


def _bags_on_gift_card(convo: Any, asked: str, history: list[dict[str, Any]]) -> Any:
    """An airline conversation up to the lookups for bags on OGWXR5 (1 bag, this payment history),
    asked to go on the user's one gift card, gift_card_8058702 with 240."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user(f"I'm juan_hernandez_3837. {asked}")
    c.call("get_user_details", {"user_id": "juan_hernandez_3837"}, {"user_id": "juan_hernandez_3837", "payment_methods": {
        "gift_card_8058702": {"source": "gift_card", "amount": 240, "id": "gift_card_8058702"}}})
    c.call("get_reservation_details", {"reservation_id": "OGWXR5"},
           {"reservation_id": "OGWXR5", "total_baggages": 1, "nonfree_baggages": 0, "payment_history": history})
    return c


@pytest.mark.parametrize(("balance", "kinds"), [("140", []), ("150", ["text_misstated_balance"])])
def test_a_balance_after_a_charge_to_the_method_the_report_names_by_its_id(convo: Any, at: Any, balance: str,
                                                                           kinds: list[str]) -> None:
    # blind set 73, a73_07: the report names the gift card by the id the call sent (no other object)
    c = _bags_on_gift_card(convo, "Add 2 bags to OGWXR5, on the 240 gift card.", [])
    c.say("OGWXR5 goes to 3 checked bags, 2 of them charged: 100 dollars on gift_card_8058702. Proceed?")
    c.user("yes")
    c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 3, "nonfree_baggages": 2,
                                           "payment_id": "gift_card_8058702"},
           {"reservation_id": "OGWXR5", "total_baggages": 3, "nonfree_baggages": 2,
            "payment_history": [{"payment_id": "gift_card_8058702", "amount": 100}]})
    i = c.say(f"Done: 100 dollars was charged to gift_card_8058702, leaving a balance of {balance} dollars on that card.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("balance", "kinds"), [("140", []), ("240", ["text_misstated_balance"])])
def test_a_balance_after_a_charge_and_a_write_that_moved_nothing(convo: Any, at: Any, balance: str,
                                                                 kinds: list[str]) -> None:
    # blind set 103, a103_02 40: the flight change charged the gift card, the bag update after it moved nothing
    c = _bags_on_gift_card(convo, "Add 2 bags to OGWXR5, on the 240 gift card.", [])
    c.say("OGWXR5 goes to 3 checked bags, 2 of them charged: $100 on gift_card_8058702; then a 4th, free one. Proceed?")
    c.user("yes")
    paid = [{"payment_id": "gift_card_8058702", "amount": 100}]
    c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 3, "nonfree_baggages": 2,
                                           "payment_id": "gift_card_8058702"},
           {"reservation_id": "OGWXR5", "total_baggages": 3, "nonfree_baggages": 2, "payment_history": paid})
    c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 4, "nonfree_baggages": 2,
                                           "payment_id": "gift_card_8058702"},
           {"reservation_id": "OGWXR5", "total_baggages": 4, "nonfree_baggages": 2, "payment_history": paid})
    i = c.say(f"All set: 4 checked bags. gift_card_8058702 still has ${balance} available for later.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("Order #W9655299 is cancelled; your gift card now has $1,814.51 remaining.", []),
    ("Order #W9655299 is cancelled; your gift card now has $1,778.51 remaining.", ["text_misstated_balance"]),
])
def test_what_a_method_now_has_remaining_is_its_balance(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = _cancelled_on_gift_card(convo)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("balance", "kinds"), [("$1,914.51", []), ("$1,878.51", ["text_misstated_balance"])])
def test_a_balance_after_a_later_refund_builds_on_the_one_a_report_stated(convo: Any, at: Any, balance: str,
                                                                         kinds: list[str]) -> None:
    # blind set 62, r62_11: "whose balance is now $1,814.51", then a return refunds $100 more
    other = {"order_id": "#W1000001", "status": "delivered", "items": [{"name": "Lamp", "item_id": "1657832319",
                                                                        "price": 100.0}],
             "payment_history": [{"transaction_type": "payment", "amount": 100.0,
                                  "payment_method_id": "gift_card_6023546"}]}
    c = _cancelled_on_gift_card(convo)
    c.say("Order #W9655299 is cancelled. Your gift card balance is now $1,814.51.")
    c.user("Also return the lamp from #W1000001 to the gift card.")
    c.call("get_order_details", {"order_id": "#W1000001"}, other)
    c.say("Returning the Lamp from #W1000001 refunds $100.00 to gift card gift_card_6023546. Confirm?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W1000001", "item_ids": ["1657832319"],
                                            "payment_method_id": "gift_card_6023546"},
           {**other, "status": "return requested", "return_items": ["1657832319"]})
    i = c.say(f"Return requested. Once the $100.00 refund is issued, your gift card balance will be {balance}.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("balance", "kinds"), [("$36", []), ("$1,814.51", ["text_misstated_balance"])])
def test_a_balance_looked_up_after_the_write_is_the_one_it_shows(convo: Any, at: Any, balance: str,
                                                                 kinds: list[str]) -> None:
    # A return's refund waits for the items: the profile looked up after it still shows $36.
    user = {"user_id": "emma_santos_9753", "payment_methods": {
        "gift_card_6023546": {"source": "gift_card", "balance": 36, "id": "gift_card_6023546"}}}
    order = {"order_id": "#W9655299", "status": "delivered", "items": [{"name": "Laptop", "item_id": "1657832319",
                                                                        "price": 1778.51}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the laptop from #W9655299 to my gift card please, I'm emma_santos_9753.")
    c.call("get_user_details", {"user_id": "emma_santos_9753"}, user)
    c.call("get_order_details", {"order_id": "#W9655299"}, order)
    c.say("Returning the Laptop from #W9655299 refunds $1,778.51 to your gift card gift_card_6023546. Confirm?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W9655299", "item_ids": ["1657832319"],
                                            "payment_method_id": "gift_card_6023546"},
           {**order, "status": "return requested", "return_items": ["1657832319"]})
    c.call("get_user_details", {"user_id": "emma_santos_9753"}, user)
    i = c.say(f"Your gift card balance is now {balance}.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # The next order's cancellation, with its refund, is no report of the payment change.
    ("Order #W1080318 is now paid with your gift card; $53.43 goes back to your card.\n\n### Next: order #W8557584\n"
     "- Tea Kettle — $94.01\n**Refund:** $94.01 to your gift card. Shall I cancel it?", []),
    ("Order #W1080318 is now paid with your gift card; $94.01 was refunded to your card.", ["text_misstated_charge"]),
])
def test_a_report_is_read_up_to_where_it_turns_to_another_object(convo, at, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Pay #W1080318 with my gift card gift_card_3749819, and cancel #W8557584.")
    order = {"order_id": "#W1080318", "status": "pending", "payment_history": [
        {"transaction_type": "payment", "amount": 53.43, "payment_method_id": "credit_card_3577130"}]}
    c.call("get_order_details", {"order_id": "#W1080318"}, order)
    c.call("get_order_details", {"order_id": "#W8557584"}, {"order_id": "#W8557584", "status": "pending", "items": [
        {"name": "Tea Kettle", "item_id": "9747045638", "price": 94.01}]})
    c.say("Shall I switch order #W1080318 to your gift card gift_card_3749819? $53.43 goes back to your card.")
    c.user("yes")
    c.call("modify_pending_order_payment", {"order_id": "#W1080318", "payment_method_id": "gift_card_3749819"},
           {**order, "payment_history": [*order["payment_history"],
                                         {"transaction_type": "payment", "amount": 53.43, "payment_method_id": "gift_card_3749819"},
                                         {"transaction_type": "refund", "amount": 53.43, "payment_method_id": "credit_card_3577130"}]})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "out"), [
    ("Your February bill B1006 totals $65.00 and is disputed.", [("B1006", "$65.00", "$70.00")]),
    ("Bill B1006: total due $70.00, of which $65.00 is the plan.", []),
    ("The total for B1006 and B1007 is $65.00.", []),  # two objects: whose total is not clear
    ("B1006 has a $65.00 plan charge.", []),  # no total said
    # An amount right after the object gives its total.
    ("Your February bill B1006 for $65.00 is marked Disputed.", [("B1006", "$65.00", "$70.00")]),
    ("Yes - February's bill **B1006** for **$65.00** was paid.", [("B1006", "$65.00", "$70.00")]),  # bold (t82_02 75)
    ("Yes - February's bill **B1006** for **$70.00** was paid.", []),
    ("Your February bill B1006 ($70.00) is marked Disputed.", []),
    ("Bill B1006: $65.00, $5.00 and nothing else.", []),  # the first of a list
    ("Bill B1006 for $1,065.00 is due.", [("B1006", "$1,065.00", "$70.00")]),
    # Named between commas, then a clause after the amount.
    ("An overdue bill, B1006, for $65.00, which was due on 2025-01-15.", [("B1006", "$65.00", "$70.00")]),
    ("Bill B1006: $65.00,$5.00 in all.", []),  # still the first of a list
    # A table row read with its headers: the amount under an amount column is the row's object's.
    ("Bill B1007 | Month February 2025 | Amount $70.00\nBill B1006 | Month January 2025 | Amount $65.00",
     [("B1006", "$65.00", "$70.00")]),
    ("Bill B1006 | Month January 2025 | Amount $70.00", []),
    # Rows of one bill's line items name it in each: no row is its total.
    ("Bill B1006 | Item Plan | Amount $65.00\nBill B1006 | Item Data refuel | Amount $5.00", []),
    # A list's line: the object, its month or status, then its total (blind audit telecom-r49-03).
    ("Here are your bills:\n- B1006 (February 2025): Issued, $65.00, due 2025-02-19\n- B1004: Paid, $200.00",
     [("B1006", "$65.00", "$70.00")]),
    ("Here are your bills:\n- B1006 (February 2025): Issued, $70.00, due 2025-02-19", []),
    ("Here are your bills:\n1. **B1006**: $65.00", [("B1006", "$65.00", "$70.00")]),
    # the month, then the bill in brackets (blind audit t59_01)
    ("**Bills**\n- **January (B1006)** — $165.50, *Paid*.", [("B1006", "$165.50", "$70.00")]),
    ("**Bills**\n- **January (B1006)** — $70.00, *Paid*.", []),
    ("Here is the bill:\n- B1006: $65.00 + $5.00 refuel", []),  # a sum's first term
    ("Here is the bill:\n- B1006: Household plan $65.00", []),  # a line item, by its name
    # what the object shows (blind audits t58_12, t58_03)
    ("Your next bill (B1006, March 2025) currently shows **$67.00**: the plan plus the refuel.",
     [("B1006", "$67.00", "$70.00")]),
    ("Your March bill (B1006) currently shows $5.00 in charges so far.", [("B1006", "$5.00", "$70.00")]),
    ("Your March bill (B1006) currently shows $70.00.", []),
    ("Bill B1006 shows $65.00 for the plan and $5.00 for the refuel.", []),  # its parts
    # the total in the clause after the one naming the bill (blind set 74, t74_05)
    ("January's bill (B1006) had a charge of $15.50 on line 555-123-2002; the bill total was $75.50 and it's paid.",
     [("B1006", "$75.50", "$70.00")]),
    ("January's bill (B1006) had a charge of $15.50 on line 555-123-2002; the bill total was $70.00 and it's paid.",
     []),
    # "is ... so far" (blind set 98, t98_12 54)
    ("The March draft B1006 is $75.00 so far: $70.00 for the plan plus the $5.00 holding fee.",
     [("B1006", "$75.00", "$70.00")]),
    ("The March draft B1006 is $70.00 so far.", []),
    ("B1006 is $5.00 more than last month.", []),  # a difference, no total
    # ", which is now $X" (blind set 96, t96_08 38: the refuel was on the draft, not on B1006)
    ("It's on your February bill B1006, which is now $75.00.", [("B1006", "$75.00", "$70.00")]),
    ("It's on your February bill B1006, which is now $70.00.", []),
    ("It's on bill B1006, which is now $5.00 more than before.", []),  # a difference, no total
])
def test_a_total_said_against_the_objects_total(text: str, out: list[tuple[str, str, str]]) -> None:
    assert mistotaled(text, lambda ident: {7000} if ident == "B1006" else set()) == out


def test_a_bills_total_misstated_is_not_grounded(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("What's on my February bill? I'm C1003.")
    c.call("get_bills_for_customer", {"customer_id": "C1003"}, [{"bill_id": "B1006", "total_due": 70.0, "line_items": [
        {"description": "Premium Plan", "amount": 65.0}, {"description": "Suspension Fee", "amount": 5.0}]}])
    i = c.say("Your February bill B1006 totals $65.00.")
    j = c.say("Correction: bill B1006 totals $70.00 ($65.00 plan + $5.00 fee).")
    r = {d.message_index: d for d in certify_interaction(c.build()).decisions}
    assert [reason_kind(x) for x in r[i].reasons] == ["text_misattributed"] and r[j].eligible


RETURN_ORDER = {"order_id": "#W5564375", "user_id": "mei_martin_4260", "status": "delivered", "items": [
    {"name": "Running Shoes", "item_id": "1775591963", "price": 154.75},
    {"name": "LED Light Bulb", "item_id": "5570660360", "price": 51.54},
    {"name": "Office Chair", "item_id": "1793929609", "price": 514.34}],
    "payment_history": [{"transaction_type": "payment", "amount": 720.63, "payment_method_id": "paypal_2299608"}]}


def test_a_return_request_refunds_the_sum_of_its_items() -> None:
    requested = {**RETURN_ORDER, "status": "return requested", "return_items": ["1775591963", "5570660360"]}
    assert returned(orjson.dumps(requested).decode()) == [20629]
    assert returned(orjson.dumps(RETURN_ORDER).decode()) == []  # no return in it
    assert returned('{"return_items": ["404"], "items": []}') == []  # an item whose price is not shown


def _return_requested(convo: Any) -> Any:
    """A conversation up to the confirmed return of both items of RETURN_ORDER, to PayPal."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to return the running shoes and the bulb from #W5564375.")
    c.call("get_order_details", {"order_id": "#W5564375"}, RETURN_ORDER)
    c.say("To confirm, I'll return the Running Shoes ($154.75) and the LED Light Bulb ($51.54) from #W5564375; "
          "$206.29 goes back to your PayPal paypal_2299608. Proceed?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W5564375", "item_ids": ["1775591963", "5570660360"],
                                            "payment_method_id": "paypal_2299608"},
           {**RETURN_ORDER, "status": "return requested", "return_items": ["1775591963", "5570660360"]})
    return c


@pytest.mark.parametrize(("report", "kinds"), [
    ("Your return request is in. A refund of $154.75 will be sent to your PayPal once the items arrive.",
     ["text_misstated_charge"]),
    ("Your return request is in. A refund of $206.29 will be sent to your PayPal once the items arrive.", []),
    # Money on its way back is money refunded.
    ("Your return is requested; $154.75 is on its way back to your PayPal once the items arrive.",
     ["text_misstated_charge"]),
    ("Your return is requested; $206.29 goes back onto the PayPal account once the items arrive.", []),
    # A request moves nothing yet: its refund said done is a claim of what did not happen (blind audit r54_04).
    ("Done — $206.29 has been refunded to your PayPal.", ["text_claims_unmade_action"]),
])
def test_a_report_of_a_return_states_its_whole_refund(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = _return_requested(convo)
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Your return is requested; $206.29 goes back to your PayPal once the items arrive.", []),
    ("Your return is requested; $154.75 goes back to your PayPal once the items arrive.", ["text_misstated_charge"]),
])
def test_a_return_of_an_order_not_looked_up_refunds_its_items(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    # the order's purchase row is in the result only: no refund (blind set 95, r95_06 38)
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Return the running shoes and the bulb from #W5564375 to my PayPal paypal_2299608, item ids "
           "1775591963 and 5570660360.")
    c.say("To confirm: return the Running Shoes and the LED Light Bulb from #W5564375, refunded to paypal_2299608. Proceed?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W5564375", "item_ids": ["1775591963", "5570660360"],
                                            "payment_method_id": "paypal_2299608"},
           {**RETURN_ORDER, "status": "return requested", "return_items": ["1775591963", "5570660360"]})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("Done! Your exchange request is in, and $51.54 will be refunded to your PayPal once the shoes arrive.", []),
    # A visible amount, but not the difference the result shows.
    ("Done! Your exchange request is in, and $154.75 will be refunded to your PayPal once the shoes arrive.",
     ["text_misstated_charge"]),
])
def test_a_report_of_an_exchange_states_its_price_difference(convo: Any, at: Any, report: str,
                                                             kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I want to exchange the running shoes from #W5564375 for a cheaper pair.")
    c.call("get_order_details", {"order_id": "#W5564375"}, RETURN_ORDER)
    c.say("I'll exchange the Running Shoes from #W5564375 for the pair at $103.21; you get the difference back on "
          "your PayPal. Proceed?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W5564375", "item_ids": ["1775591963"],
                                              "new_item_ids": ["1775591964"], "payment_method_id": "paypal_2299608"},
           {**RETURN_ORDER, "status": "exchange requested", "exchange_items": ["1775591963"],
            "exchange_new_items": ["1775591964"], "exchange_price_difference": -51.54})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_a_write_result_may_state_its_charge_as_a_number() -> None:
    from trajectory2gym.certify.charges import fee_charged

    assert fee_charged('{"message": "Successfully added 2.0 GB", "new_data_refueling_gb": 2.0, "charge": 5.0}') == [500]
    assert fee_charged('{"message": "ok", "fee": 12}') == [1200]
    assert fee_charged('{"message": "ok", "charged": true}') == []  # a flag, no amount
    assert fee_charged('{"status": "exchange requested", "exchange_price_difference": -9.01}') == [901]
    assert fee_charged("Charge applied") == []  # no JSON


def test_a_total_charge_reported_after_a_refuel_is_its_charge(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("both kids are out of data, customer C1100, lines L1187 and L1190")
    c.call("get_details_by_id", {"id": "P1005"}, {"plan_id": "P1005", "data_refueling_price_per_gb": 2.5})
    c.call("get_details_by_id", {"id": "P1002"}, {"plan_id": "P1002", "data_refueling_price_per_gb": 3.0})
    c.say("2 GB each: L1187 2 × $2.50 = $5.00 and L1190 2 × $3.00 = $6.00. **Total: $11.00**. Shall I go ahead?")
    c.user("just do L1187 for now")
    c.call("refuel_data", {"customer_id": "C1100", "line_id": "L1187", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1187 for $5.00", "new_data_refueling_gb": 2.0,
            "charge": 5.0})
    wrong = c.say("Done ✅ 2 GB added to L1187. Total charge on your next bill: **$11.00**.")
    right = c.say("Done ✅ 2 GB added to L1187. Total charge on your next bill: **$5.00**.")
    # What it was added for is what it charged: "2 GB has been added to her line for $6.00"
    wrong_for = c.say("Done! 2 GB has been added to L1187 for $6.00.")
    right_for = c.say("Done! 2 GB has been added to L1187 for $5.00.")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_misstated_charge"]
    assert at(out, right).reasons == []
    assert [reason_kind(r) for r in at(out, wrong_for).reasons] == ["text_misstated_charge"]
    assert at(out, right_for).reasons == []


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 103, t103_11 48: the earlier, mistaken refuel's charge, said of its own line
    ("2.0 GB added to 555-123-2002 for $4.00. The mistaken refuel on 555-123-2001 was charged $10.00.", []),
    ("2.0 GB added to 555-123-2002 for $4.00. It was charged $10.00.", ["text_misstated_charge"]),  # said of this one
    ("2.0 GB added to 555-123-2002 for $4.00. The mistaken refuel was charged $10.00.", []),  # called the earlier one
])
def test_an_earlier_writes_charge_said_of_its_own_line(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Customer C1001. Add 2 GB to my line 555-123-2002.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001"})
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002"})
    c.say("2 GB at $2.00/GB is $4.00 on your next bill. Shall I add it to 555-123-2002?")
    c.user("Yes.")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1001", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1001 for $10.00", "charge": 10.0})
    c.say("Done.")
    c.user("That went to my wife's line 2001! Put 2 GB on mine, 2002.")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 2.0},
           {"message": "Successfully added 2.0 GB of data for line L1002 for $4.00", "charge": 4.0})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misstated_charge"] \
        == kinds


def test_a_balance_is_said_on_the_line_naming_the_method() -> None:
    shown = {"gift_card_4903229": {5400}}
    said = "- Refund: **$160.61** to your gift card gift_card_4903229\n\n**2. Cancel order #W3418707**"
    assert misstated_balances(said, lambda method: shown.get(method, set())) == []  # "2." numbers the list
    assert misstated_balances("gift_card_4903229 with $94.", lambda method: shown.get(method, set())) == [
        ("gift_card_4903229", "$94", "$54.00")]
    # "now has" (blind set 98, a98_02 26)
    assert misstated_balances("Your gift card gift_card_4903229 now has $223, that's $54 plus the $169 refund.",
                              lambda method: shown.get(method, set())) == [("gift_card_4903229", "$223", "$54.00")]
    assert misstated_balances("Your gift card gift_card_4903229 now has $54.", lambda method: shown.get(method, set())) == []
    # a difference after a dash, no balance (blind set 101, a101_02 18)
    assert misstated_balances("That would refund $2,571 to gift card 4903229 - $9 less than the cheapest option.",
                              lambda method: shown.get(method, set())) == []
    assert misstated_balances("Your balance: gift card 4903229 - $9.", lambda method: shown.get(method, set())) == [
        ("gift_card_4903229", "$9", "$54.00")]


@pytest.mark.parametrize(("text", "found"), [
    # the amount before the method, in a sentence of balances (blind set 76, a76_06)
    ("Your current balances are $10 on gift card 7359776 and $45 on gift card 4903229.",
     [("gift_card_4903229", "$45", "$54.00")]),
    ("Your current balances are $10 on gift card 7359776 and $54 on gift card 4903229.", []),
    ("Your balance covers it: $45 on gift card 4903229 and the rest on your Visa.", []),  # a share paid
    ("I'll put $45 on gift card 4903229.", []),  # no balance said
    ("Adding 3 bags for $45 on gift card 4903229 (balance $54). Confirm?", []),  # (blind set 64, a64_12)
])
def test_a_balance_said_before_the_method(text: str, found: list[tuple[str, str, str]]) -> None:
    shown = {"gift_card_4903229": {5400}, "gift_card_7359776": {1000}}
    assert misstated_balances(text, lambda method: shown.get(method, set())) == found


@pytest.mark.parametrize(("text", "found"), [
    ("**Total:** $106 — gift_card_7359776: $39, then gift_card_4903229: $40", []),  # its share of the total
    ("You have gift_card_7359776: $39 and gift_card_4903229: $40.", [("gift_card_4903229", "$40", "$54.00")]),
    ("**Total:** $106 — gift_card_4903229: $67, then the rest on your Visa", [("gift_card_4903229", "$67", "$54.00")]),
    # the fares a payment was made of, in brackets after the card (blind set 81: a81_03 10)
    ("Paid: $2,787 with gift card 4903229 ($1,936 + $851)", []),
    ("Paid: $2,787 with gift card 4903229 ($1,936)", [("gift_card_4903229", "$1,936", "$54.00")]),
])
def test_a_methods_share_of_a_split_payment_is_no_balance_said(text: str, found: list[tuple[str, str, str]]) -> None:
    # (a share above the balance is a wrong balance or a share it cannot pay: wrong either way)
    shown = {"gift_card_4903229": {5400}, "gift_card_7359776": {3900}}
    assert misstated_balances(text, lambda method: shown.get(method, set())) == found


def test_an_amount_reported_refunded_may_be_charged_again_by_a_later_write(convo: Any, at: Any) -> None:
    """A fare refunded by a cancellation and charged again by a rebooking: the report of the
    charge is held to the rebooking, not to the earlier report of the refund."""
    booked = {"reservation_id": "VV6I5T", "user_id": "mei_wilson_7043", "origin": "BOS", "destination": "SFO",
              "flight_type": "one_way", "cabin": "business",
              "flights": [{"flight_number": "HAT106", "date": "2024-05-26", "price": 204}],
              "passengers": [{"first_name": "Mei", "last_name": "Wilson", "dob": "1984-11-22"}],
              "payment_history": [{"payment_id": "credit_card_1", "amount": 204}], "total_baggages": 0,
              "nonfree_baggages": 0, "insurance": "no"}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cancel VV6I5T please, I'm mei_wilson_7043.")
    c.call("get_reservation_details", {"reservation_id": "VV6I5T"}, booked)
    c.say("VV6I5T (HAT106 BOS to SFO, May 26, business) would be refunded $204 to credit_card_1. Shall I cancel it?")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "VV6I5T"}, {**booked, "status": "cancelled", "payment_history": [
        {"payment_id": "credit_card_1", "amount": 204}, {"payment_id": "credit_card_1", "amount": -204}]})
    c.say("VV6I5T is cancelled and $204 is being refunded to credit_card_1.")
    c.user("Oh no, I needed it after all. Book the same flight again, same card, no bags, no insurance.")
    # (booked straight away, undescribed: only the report's amount is at stake here)
    flights = [{"flight_number": "HAT106", "date": "2024-05-26"}]
    c.call("search_direct_flight", {"origin": "BOS", "destination": "SFO", "date": "2024-05-26"}, [
        {"flight_number": "HAT106", "origin": "BOS", "destination": "SFO", "status": "available",
         "prices": {"basic_economy": 75, "economy": 181, "business": 204}}])
    c.call("book_reservation", {
        "user_id": "mei_wilson_7043", "origin": "BOS", "destination": "SFO", "flight_type": "one_way",
        "cabin": "business", "flights": flights,
        "passengers": [{"first_name": "Mei", "last_name": "Wilson", "dob": "1984-11-22"}],
        "payment_methods": [{"payment_id": "credit_card_1", "amount": 204}], "total_baggages": 0,
        "nonfree_baggages": 0, "insurance": "no"}, {**booked, "reservation_id": "HATHAT"})
    charged = c.say("You're rebooked: HATHAT, HAT106 on May 26, $204 charged to credit_card_1.")
    assert at(certify_interaction(c.build()), charged).reasons == []


@pytest.mark.parametrize(("settled", "out"), [([set(), set()], [("$204", "refunded")]),
                                              ([set(), {20400}], []), ([{20400}, set()], [("$204", "refunded")])])
def test_a_report_of_a_finished_move_ends_the_look_back(settled: list[set[int]], out: list[tuple[str, str]]) -> None:
    earlier = ["It would be refunded: $204.", "Cancelled, and $204 is being refunded."]
    assert reversed_ways("You're rebooked, $204 charged.", earlier, settled) == out


@pytest.mark.parametrize(("text", "after"), [
    ("$50 was taken from your gift card, which leaves a balance of $199.", {24900, 19900}),
    ("$50 was refunded to your gift card; your balance is now $299.", {24900, 29900}),
    ("Your gift card balance is now $299.", {24900, 19900, 29900}),  # no way said: either
])
def test_a_balance_after_a_write_follows_the_way_the_amount_moved(text: str, after: set[int]) -> None:
    assert balances_after({24900}, {5000}, text) == after


def _order(ident: str, amount: float, status: str) -> dict[str, Any]:
    history = [{"transaction_type": "payment", "amount": amount, "payment_method_id": "gift_card_6023546"}]
    if status == "cancelled":
        history.append({"transaction_type": "refund", "amount": amount, "payment_method_id": "gift_card_6023546"})
    return {"order_id": ident, "status": status, "payment_history": history}


@pytest.mark.parametrize(("said", "visible"), [
    ("Your gift card balance should now be $1,914.76.", True), ("Your gift card balance should now be $1,941.76.", False),
    # without the word balance (blind audit retail_r50_08)
    ("Both are back on your gift card, which now has $1,914.76.", True),
    ("Both are back on your gift card, which now has $1,941.76.", False),
    # "leaving" (blind set 90, a90_07 46)
    ("Both are cancelled, leaving $1,914.76 on your gift card.", True),
    ("Both are cancelled, leaving $1,941.76 on your gift card.", False),
])
def test_a_balance_after_two_writes_said_after_the_user_spoke_again(convo: Any, at: Any, said: str,
                                                                    visible: bool) -> None:
    # 36 shown, then refunds of 1,778.51 and 100.25 by two cancellations, each confirmed on its own
    user = {"user_id": "emma_santos_9753", "payment_methods": {
        "gift_card_6023546": {"source": "gift_card", "balance": 36, "id": "gift_card_6023546"}}}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel orders #W9655299 and #W1000001 please, I'm emma_santos_9753.")
    c.call("get_user_details", {"user_id": "emma_santos_9753"}, user)
    for ident, amount in (("#W9655299", 1778.51), ("#W1000001", 100.25)):
        c.call("get_order_details", {"order_id": ident}, _order(ident, amount, "pending"))
        c.say(f"Cancelling {ident} (reason: no longer needed) refunds ${amount:,.2f} to your gift card. Confirm?")
        c.user("yes")
        c.call("cancel_pending_order", {"order_id": ident, "reason": "no longer needed"},
               _order(ident, amount, "cancelled"))
    c.say("Both orders are cancelled.")
    c.user("thanks. what's on my gift card now?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


def test_what_several_writes_cost_together_is_the_sum_of_their_charges(convo: Any) -> None:
    from trajectory2gym.certify.charges import mistotaled_writes, write_charges

    assert write_charges('{"message": "Successfully added 3.0 GB", "charge": 6.0}') == [600]
    assert write_charges('{"status": "ok"}') == [] and write_charges("Roaming enabled") == []
    charged = {"refuel": [600, 600]}
    assert mistotaled_writes("Both refuels together come to $14.00, on your next bill.", charged) == [
        ("$14.00", "$6.00 + $6.00")]
    assert mistotaled_writes("Both refuels together come to $12.00.", charged) == []
    assert mistotaled_writes("The refuel came to $6.00.", charged) == []  # one of them, not together
    assert mistotaled_writes("Both refuels together come to $14.00.", {"refuel": [600]}) == []  # one write only
    # blind audit telecom-r49-05, end to end
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Add 3 GB to L1009 and L1011, I'm C1006.")
    for line in ("L1009", "L1011"):
        c.call("refuel_data", {"customer_id": "C1006", "line_id": line, "gb_amount": 3.0},
               {"message": f"Successfully added 3.0 GB of data for line {line} for $6.00", "charge": 6.0})
    c.user("wait, so what's the total for all of that?")
    wrong = c.say("Both refuels together come to $14.00, which will be added to your next bill.")
    right = c.say("Both refuels together come to $12.00, which will be added to your next bill.")
    r = certify_interaction(c.build())
    kinds = {d.message_index: [reason_kind(x) for x in d.reasons] for d in r.decisions}
    assert "text_miscalculated" in kinds[wrong] and kinds[right] == []


def _cancel_w7630463(c: Any, asked: str) -> None:
    """The user asks to cancel #W7630463 (paid $1,379.58 by Visa), confirms, and it is cancelled."""
    c.user(asked)
    c.call("get_order_details", {"order_id": "#W7630463"}, {"order_id": "#W7630463", "status": "pending", "payment_history": [
        {"transaction_type": "payment", "amount": 1379.58, "payment_method_id": "credit_card_1"}]})
    c.say("Cancel #W7630463 (ordered by mistake), $1,379.58 back to your Visa. Shall I proceed?")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W7630463", "reason": "ordered by mistake"},
           {"order_id": "#W7630463", "status": "cancelled", "payment_history": [
               {"transaction_type": "payment", "amount": 1379.58, "payment_method_id": "credit_card_1"},
               {"transaction_type": "refund", "amount": 1379.58, "payment_method_id": "credit_card_1"}]})


@pytest.mark.parametrize(("first_line", "kinds"), [
    # blind audit retail_r50_10: the recap's other line is the earlier write's
    ("- Exchange requested for your shoes on #W1000002, $5.45 back to your Visa.", []),
    ("- Exchange requested for your shoes, $5.45 back to your Visa.", []),
])
def test_a_recap_line_of_an_earlier_write_is_no_report_of_the_last(convo: Any, at: Any, first_line: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Exchange my shoes in #W1000002 and cancel #W7630463, I'm zoe_singh_5747.")
    c.call("get_order_details", {"order_id": "#W1000002"}, {"order_id": "#W1000002", "status": "delivered"})
    c.say("Shall I exchange the shoes in #W1000002, $5.45 back to your Visa credit_card_1?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W1000002", "item_ids": ["1"], "new_item_ids": ["2"],
                                              "payment_method_id": "credit_card_1"},
           {"order_id": "#W1000002", "status": "exchange requested", "exchange_price_difference": -5.45})
    _cancel_w7630463(c, "now cancel #W7630463, ordered by mistake")
    i = c.say(f"Done. Recap:\n{first_line}\n- Order #W7630463 cancelled; $1,379.58 back to your Visa.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("refund", "kinds"), [("$1,379.58", []), ("$379.58", ["text_misstated_charge"])])
def test_a_recap_line_after_the_last_writes_own_is_its_report(convo: Any, at: Any, refund: str,
                                                             kinds: list[str]) -> None:
    # blind set 73, a73_08: the line after the one naming the write's object, naming none, is its report
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Change my address to 12 Birch Ct, Denver CO 80220. I'm zoe_singh_5747.")
    c.say("I'd update your default address to 12 Birch Ct, Denver, CO 80220, USA. Confirm?")
    c.user("yes")
    c.call("modify_user_address", {"user_id": "zoe_singh_5747", "address1": "12 Birch Ct", "address2": "",
                                   "city": "Denver", "state": "CO", "country": "USA", "zip": "80220"},
           {"user_id": "zoe_singh_5747"})
    c.say("Done.")
    _cancel_w7630463(c, "Now cancel #W7630463, ordered by mistake.")
    i = c.say(f"### Done\n- Order #W7630463 cancelled\n- Refund of {refund} to your Visa")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misstated_charge"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit retail_r50_15: a balance said "back up to" is no amount charged
    ("Done. The order is now charged to your Visa, and your gift card balance is back up to $688.34.", []),
    ("Done. The order is now charged to your Visa, and your gift card balance is back up to $700.00.",
     ["text_misstated_balance", "text_not_visible"]),
])
def test_a_balance_back_up_to_after_a_payment_switch(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Pay #W8508704 with my credit card instead of the gift card. I'm samir_khan_6902.")
    c.call("get_user_details", {"user_id": "samir_khan_6902"}, {"user_id": "samir_khan_6902", "payment_methods": {
        "gift_card_1": {"source": "gift_card", "balance": 95, "id": "gift_card_1"},
        "credit_card_8339655": {"source": "credit_card", "brand": "visa", "last_four": "3597",
                                "id": "credit_card_8339655"}}})
    paid = {"transaction_type": "payment", "amount": 593.34, "payment_method_id": "gift_card_1"}
    c.call("get_order_details", {"order_id": "#W8508704"}, {"order_id": "#W8508704", "status": "pending",
                                                            "payment_history": [paid]})
    c.say("#W8508704's $593.34 was paid with your gift card. I can switch it to your Visa ending in 3597; the "
          "$593.34 would be refunded to the gift card. Shall I proceed?")
    c.user("go ahead")
    c.call("modify_pending_order_payment", {"order_id": "#W8508704", "payment_method_id": "credit_card_8339655"},
           {"order_id": "#W8508704", "status": "pending", "payment_history": [
               paid, {"transaction_type": "payment", "amount": 593.34, "payment_method_id": "credit_card_8339655"},
               {"transaction_type": "refund", "amount": 593.34, "payment_method_id": "gift_card_1"}]})
    i = c.say(said)
    assert sorted(reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons) == kinds


@pytest.mark.parametrize(("certificates", "said", "kinds"), [
    # blind audit air50_09: the one certificate of the profile, named by its kind
    ({"certificate_1": 150}, "By the way, I see a travel certificate worth $250 on your profile.", ["text_misattributed"]),
    ({"certificate_1": 150}, "By the way, I see a travel certificate worth $150 on your profile.", []),
    ({"certificate_1": 150, "certificate_2": 250}, "By the way, your certificate worth $250 can pay for it.", []),
    # its balance in a bracket after it (blind set 61, a61_12)
    ({"certificate_1": 150}, "You can use your certificate ($250 balance) for it.", ["text_misattributed"]),
    ({"certificate_1": 150}, "You can use your certificate ($150 balance) for it.", []),
])
def test_a_certificate_named_by_its_kind_with_an_amount(convo: Any, at: Any, certificates: dict[str, int], said: str,
                                                        kinds: list[str]) -> None:
    methods = {k: {"source": "certificate", "amount": v, "id": k} for k, v in certificates.items()}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I want to book a trip, I'm isaac_1234.")
    c.call("get_user_details", {"user_id": "isaac_1234"}, {"user_id": "isaac_1234", "payment_methods": methods})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misattributed"] == kinds and (found == [] or kinds), found


@pytest.mark.parametrize(("way", "kinds"), [
    # blind audit air50_06: the last write's part of a report that names an earlier write's object first
    ("refunded to", ["text_reversed_charge"]),
    ("charged to", []),
])
def test_the_last_writes_part_of_a_report_named_after_another_object(convo: Any, at: Any, way: str,
                                                                     kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm pablo_novak_5900: move my WC6WVH return to the 24th, and add bags to D0DBNX.")
    for code in ("D0DBNX", "WC6WVH"):
        c.call("get_reservation_details", {"reservation_id": code}, {"reservation_id": code, "cabin": "business",
                                                                    "total_baggages": 3, "nonfree_baggages": 0})
    c.say("1. D0DBNX: from 3 to 4 checked bags, all free. 2. WC6WVH: the return moves to 2024-05-24 in business; "
          "the new fare is $418 versus $292, so $126 would be charged to your Mastercard. Shall I do both?")
    c.user("yes to both")
    c.call("update_reservation_baggages", {"reservation_id": "D0DBNX", "total_baggages": 4, "nonfree_baggages": 0,
                                           "payment_id": "credit_card_1"}, {"reservation_id": "D0DBNX", "total_baggages": 4})
    c.call("update_reservation_flights", {"reservation_id": "WC6WVH", "cabin": "business", "payment_id": "credit_card_2",
                                          "flights": [{"flight_number": "HAT101", "date": "2024-05-24"}]},
           {"reservation_id": "WC6WVH", "payment_history": [{"payment_id": "credit_card_2", "amount": 126}]})
    i = c.say(f"All done: D0DBNX now has 4 checked bags, and your WC6WVH return is now on 05/24, with $126 {way} "
              "your Mastercard.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_reversed_charge"] == kinds, found


SECOND = {**RESERVATION, "reservation_id": "H8Q05L", "payment_history": [{"payment_id": "credit_card_1", "amount": 300}]}


@pytest.mark.parametrize(("report", "wrong"), [
    ("Done: H8Q05L is cancelled and $300 goes back to your card. In total, $754 has been refunded today.", False),
    ("Done: H8Q05L is cancelled. Altogether $754 has been refunded to your card.", False),
    ("Done: H8Q05L is cancelled. Across both cancellations that's $754 refunded to your card.", False),  # (r70_01)
    # Without a word of a total, $754 is said as this cancellation's refund.
    ("Done: H8Q05L is cancelled and $754 has been refunded to your card.", True),
    ("Done: H8Q05L is cancelled. In total, $854 has been refunded to your card.", True),
])
def test_a_total_over_the_conversation_sums_every_write(convo: Any, at: Any, report: str, wrong: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Please cancel R0UGFS. I'm mei_wilson_7043.")
    c.call("get_reservation_details", {"reservation_id": "R0UGFS"}, RESERVATION)
    c.say("I'll cancel R0UGFS; $454 goes back to your card. Shall I?")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "R0UGFS"},
           {**RESERVATION, "status": "cancelled", "payment_history": [*PAID, {"payment_id": "credit_card_1", "amount": -454}]})
    c.say("R0UGFS is cancelled and $454 has been refunded to your card.")
    c.user("Thanks. Please cancel H8Q05L as well.")
    c.call("get_reservation_details", {"reservation_id": "H8Q05L"}, SECOND)
    c.say("I'll cancel H8Q05L; $300 goes back to your card. Shall I?")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "H8Q05L"},
           {**SECOND, "status": "cancelled", "payment_history": [*SECOND["payment_history"],
                                                                 {"payment_id": "credit_card_1", "amount": -300}]})
    i = c.say(report)
    kinds = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert ("text_misstated_charge" in kinds) == wrong


GIFT_PROFILE = {"user_id": "noah_kovacs_1216", "orders": ["#W3002300"], "payment_methods": {
    "gift_card_2486551": {"source": "gift_card", "balance": 96, "id": "gift_card_2486551"}}}
SPEAKER_ORDER = {"order_id": "#W3002300", "status": "delivered", "items": [
    {"name": "Bluetooth Speaker", "item_id": "9179378709", "price": 326.59, "options": {"color": "green"}}],
    "payment_history": [{"transaction_type": "payment", "amount": 326.59, "payment_method_id": "gift_card_2486551"}]}


@pytest.mark.parametrize(("said", "wrong"), [
    ("Your gift card balance is now **$944.03**.", True),  # the balance before plus the refund to come
    ("Your gift card balance is now **$864.80**.", False),  # as the lookup since the exchange shows it
])
def test_a_balance_asked_after_a_write_is_the_one_a_lookup_since_shows(convo: Any, at: Any, said: str,
                                                                       wrong: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Exchange the green speaker in #W3002300 for the red one (7617930199), refund to my gift card.")
    c.call("get_user_details", {"user_id": "noah_kovacs_1216"}, GIFT_PROFILE)
    c.call("get_order_details", {"order_id": "#W3002300"}, SPEAKER_ORDER)
    c.say("I'll exchange the green speaker (9179378709) in #W3002300 for 7617930199; the $79.23 difference goes to "
          "gift_card_2486551. Shall I?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W3002300", "item_ids": ["9179378709"],
                                              "new_item_ids": ["7617930199"], "payment_method_id": "gift_card_2486551"},
           {**SPEAKER_ORDER, "status": "exchange requested"})
    c.say("Submitted: the $79.23 difference will be refunded to your gift card.")
    c.user("what's my gift card balance now?")
    c.call("get_user_details", {"user_id": "noah_kovacs_1216"}, {**GIFT_PROFILE, "payment_methods": {
        "gift_card_2486551": {"source": "gift_card", "balance": 864.8, "id": "gift_card_2486551"}}})
    i = c.say(said)
    kinds = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert ("text_misattributed" in kinds) is wrong


@pytest.mark.parametrize(("text", "found"), [
    ("Done — **$496.95** has been refunded to your gift card, so your balance is now **$575.95**.", 1),
    ("Gift card refunds are instant, so the $99.33 is already on your card.", 1),
    ("The $99.33 will be refunded to your gift card once the items arrive.", 0),
    ("Your return is requested; $99.33 goes back to your gift card.", 0),
    ("Your return has been submitted.", 0),  # no money said
    ("The return is done and your refund of $204.47 has been issued to your Mastercard.", 1),  # (blind set 75, r75_09)
    ("Your refund of $204.47 will be issued to your Mastercard once the helmet arrives.", 0),
])
def test_money_said_to_have_moved_already(text: str, found: int) -> None:
    assert len(moved_already(text)) == found


@pytest.mark.parametrize(("later", "kinds"), [
    ("Gift card refunds are instant, so the $206.29 is already on your card.", ["text_claims_unmade_action"]),
    ("The $206.29 goes back to your PayPal once the items arrive.", []),
    ("The $12.00 from last month is already on your card.", []),  # not the request's amount
])
def test_a_requests_refund_said_arrived_after_the_user_spoke(convo: Any, at: Any, later: str,
                                                              kinds: list[str]) -> None:
    c = _return_requested(convo)
    c.say("Your return is requested.")
    c.user("When do I get my money? And is the $12.00 refund from last month through?")
    i = c.say(later)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    ("All done: the $206.29 has been refunded to your PayPal, and #W2000001 now ships to 12 Elm St.",
     ["text_claims_unmade_action"]),
    ("All done: the $206.29 will reach your PayPal once the items arrive, and #W2000001 now ships to 12 Elm St.", []),
])
def test_a_requests_refund_said_done_beside_a_change_that_went_through(convo: Any, at: Any, report: str,
                                                                       kinds: list[str]) -> None:
    # The return is a request (its money moves on arrival); the address change beside it went through.
    c = _return_requested(convo)
    c.call("modify_pending_order_address", {"order_id": "#W2000001", "address1": "12 Elm St", "address2": "",
                                            "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"},
           {"order_id": "#W2000001", "status": "pending", "address": {"address1": "12 Elm St"}})
    i = c.say(report)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_claims_unmade_action"] == kinds


@pytest.mark.parametrize(("write", "said", "kinds"), [
    # blind audit r56_04: a return request moves no money until the items arrive, so the balance shown
    # before it stands; the shown balance plus the return's refund is no balance now
    ("return", "Your gift card currently has a balance of **$2,912.37**.", ["text_misattributed"]),
    ("return", "Your gift card currently has a balance of **$46.00**.", []),
    ("return", "gift_card_6892585 has $2,912.37.", ["text_misattributed"]),
    # the amounts in words (blind set 69, r69_09): read as the money checks read "$"
    ("return", "Your gift card currently has a balance of 2,912.37 dollars.", ["text_misattributed"]),
    ("return", "Your gift card currently has a balance of 46.00 dollars.", []),
    # a cancellation's refund to the gift card moves its balance at once: the balance shown is old
    ("cancel", "Your gift card currently has a balance of **$2,912.37**.", []),
])
def test_a_balance_after_a_return_request_is_the_one_shown(convo: Any, at: Any, write: str, said: str,
                                                           kinds: list[str]) -> None:
    c = convo()
    c.user("I'm ethan_johnson_7053. Return the espresso machine from #W5321777 to my gift card.")
    c.call("get_user_details", {"user_id": "ethan_johnson_7053"}, {"user_id": "ethan_johnson_7053", "payment_methods": {
        "gift_card_6892585": {"source": "gift_card", "balance": 46, "id": "gift_card_6892585"}}})
    item = {"name": "Espresso Machine", "item_id": "7441167885", "price": 2866.37}
    paid = {"transaction_type": "payment", "amount": 2866.37, "payment_method_id": "gift_card_6892585"}
    c.call("get_order_details", {"order_id": "#W5321777"}, {"order_id": "#W5321777", "status": "delivered",
                                                            "items": [item], "payment_history": [paid]})
    c.say("To confirm: return the Espresso Machine (item 7441167885) from #W5321777 and refund $2,866.37 to "
          "gift_card_6892585. Shall I?")
    c.user("yes please")
    if write == "return":
        c.call("return_delivered_order_items", {"order_id": "#W5321777", "item_ids": ["7441167885"],
                                                "payment_method_id": "gift_card_6892585"},
               {"order_id": "#W5321777", "status": "return requested", "items": [item], "payment_history": [paid],
                "return_items": ["7441167885"], "return_payment_method_id": "gift_card_6892585"})
    else:
        c.call("cancel_pending_order", {"order_id": "#W5321777", "reason": "no longer needed"},
               {"order_id": "#W5321777", "status": "cancelled", "items": [item], "payment_history": [paid, {
                   "transaction_type": "refund", "amount": 2866.37, "payment_method_id": "gift_card_6892585"}]})
    c.say("Done: the return is requested.")
    c.user("What's my gift card balance right now?")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misattributed"] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit a52_11: a booking's recap, every line of it about the one write made; $229 - $60 is $169
    ("You're booked: reservation HATHAT\n- HAT013 BOS → MCO, May 20\n- Economy, 1 checked bag, no insurance\n"
     "- Paid $189 with gift card ending 6451 and $60 with gift card ending 1150 (remaining balance $179).",
     ["text_misstated_balance"]),
    ("You're booked: reservation HATHAT\n- HAT013 BOS → MCO, May 20\n- Economy, 1 checked bag, no insurance\n"
     "- Paid $189 with gift card ending 6451 and $60 with gift card ending 1150 (remaining balance $169).", []),
])
def test_a_balance_in_a_bookings_recap_list(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book HAT013 on May 20 for me, mohamed_moore_2190, in economy; one bag, no insurance.")
    c.call("get_user_details", {"user_id": "mohamed_moore_2190"}, {"user_id": "mohamed_moore_2190", "payment_methods": {
        "gift_card_2216451": {"source": "gift_card", "amount": 189, "id": "gift_card_2216451"},
        "gift_card_3921150": {"source": "gift_card", "amount": 229, "id": "gift_card_3921150"}}})
    c.call("search_direct_flight", {"origin": "BOS", "destination": "MCO", "date": "2024-05-20"}, [
        {"flight_number": "HAT013", "status": "available", "prices": {"economy": 249}}])
    c.say("HAT013 BOS → MCO on May 20 in economy is $249: $189 from gift card ending 6451 and $60 from the one "
          "ending 1150. One bag free, no insurance. Shall I book it?")
    c.user("Yes.")
    flights = [{"flight_number": "HAT013", "date": "2024-05-20"}]
    pay = [{"payment_id": "gift_card_2216451", "amount": 189}, {"payment_id": "gift_card_3921150", "amount": 60}]
    c.call("book_reservation", {"user_id": "mohamed_moore_2190", "origin": "BOS", "destination": "MCO",
                                "flight_type": "one_way", "cabin": "economy", "flights": flights,
                                "passengers": [{"first_name": "Mohamed", "last_name": "Moore", "dob": "1995-06-06"}],
                                "payment_methods": pay, "total_baggages": 1, "nonfree_baggages": 0, "insurance": "no"},
           {"reservation_id": "HATHAT", "user_id": "mohamed_moore_2190", "origin": "BOS", "destination": "MCO",
            "flights": [{**flights[0], "price": 249}], "payment_history": pay})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misstated_balance"] == kinds and (found == []) is (kinds == []), found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit a57_06: a flight number has a reservation code's shape; the report reads on past it (the
    # flight said is wrong too, another check's matter)
    ("All done! Your outbound is now **HAT131** on May 27, and $64 has been charged to your Visa ending 4916.",
     ["text_misstated_charge"]),
    ("All done! Your outbound is now **HAT131** on May 27, and $8 has been charged to your Visa ending 4916.", []),
])
def test_a_report_reads_past_a_flight_number(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    reservation = {"reservation_id": "Q17Y7B", "user_id": "liam_sanchez_8204", "cabin": "economy", "flights": [
        {"flight_number": "HAT190", "date": "2024-05-28", "price": 166}], "payment_history": [
        {"payment_id": "gift_card_3641634", "amount": 548}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm liam_sanchez_8204; move Q17Y7B to HAT286 on May 27, pay with my Visa ending 4916.")
    c.call("get_user_details", {"user_id": "liam_sanchez_8204"}, {"payment_methods": {"credit_card_7979469": {
        "source": "credit_card", "brand": "visa", "last_four": "4916", "id": "credit_card_7979469"}}})
    c.call("get_reservation_details", {"reservation_id": "Q17Y7B"}, reservation)
    c.call("search_direct_flight", {"origin": "IAH", "destination": "LAS", "date": "2024-05-27"},
           [{"flight_number": "HAT131", "prices": {"economy": 198}}, {"flight_number": "HAT286", "prices": {"economy": 170}}])
    c.say("I'll change Q17Y7B to HAT286 on 2024-05-27, economy, charging the difference to your Visa ending 4916. OK?")
    c.user("Yes.")
    c.call("update_reservation_flights", {"reservation_id": "Q17Y7B", "cabin": "economy", "flights": [
        {"flight_number": "HAT286", "date": "2024-05-27"}], "payment_id": "credit_card_7979469"},
        {**reservation, "flights": [{"flight_number": "HAT286", "date": "2024-05-27", "price": 170}],
         "payment_history": [*reservation["payment_history"], {"payment_id": "credit_card_7979469", "amount": 8}]})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misstated_charge"] == kinds, found


@pytest.mark.parametrize(("then", "kinds"), [
    # blind set 63, a63_07: a paragraph that offers the next action after the report
    ("Now for the lamp: returning it would mean $100.00 refunded to your gift card. Shall I go ahead?", []),
    ("And $100.00 was refunded to your gift card too.", ["text_misstated_charge"]),  # a report, of no write
    # a block that opens the next step, then the question (blind set 90, r90_02 40)
    ("\nStep 2 — the lamp on **#W9655299**:\n- Lamp → white, $100.00\n- Net **$26.93 charged to PayPal**\n\n"
     "Confirm step 2? (yes/no)", []),
    ("\nAlso, $26.93 was charged to PayPal.\n\nAnything else? (yes/no)", ["text_misstated_charge"]),
    # ... or a sentence that does (blind set 90, r90_05 43)
    (" Now here's the lamp:\n- Lamp → white, $100.00\n- **$2.38 refunded** to your gift card\n\nShall I go ahead?", []),
])
def test_a_paragraph_offering_the_next_action_reports_nothing(convo: Any, at: Any, then: str,
                                                              kinds: list[str]) -> None:
    c = _cancelled_on_gift_card(convo)
    i = c.say(f"Order #W9655299 is cancelled and $1,778.51 was refunded to your gift card.\n{then}")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_charge"] == kinds


@pytest.mark.parametrize(("then", "kinds"), [
    # one paragraph: the report, then the next step's offer (blind set 95, a95_04 35)
    ("Now the lamp: I'd list your gift card with $0 charged. Shall I go ahead?", []),
    ("Now the lamp: I'd list your gift card with $0 charged.", ["text_misstated_charge"]),  # no offer: a report
    ("And $0 was charged. Shall I go ahead with the lamp?", ["text_misstated_charge"]),
])
def test_a_sentence_offering_the_next_action_reports_nothing(convo: Any, at: Any, then: str,
                                                             kinds: list[str]) -> None:
    c = _cancelled_on_gift_card(convo)
    i = c.say(f"Order #W9655299 is cancelled and $1,778.51 was refunded to your gift card. {then}")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_charge"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 63, r63_06: a gift card said to cover more than its record shows
    ("The $141.53 would be paid from your gift card (gift_card_6023546), which has enough balance to cover it.",
     ["text_miscalculated"]),
    ("The $30.00 would be paid from your gift card (gift_card_6023546), which has enough balance to cover it.", []),
    ("The $141.53 can't come from gift_card_6023546: its balance isn't enough.", []),  # said short
    ("gift_card_6023546 has $44 left, which neither covers $141.53 on its own.", []),  # (blind set 82, a82_03 41)
    # the one gift card shown, named by its kind (blind set 71, r71_09)
    ("Your gift card balance is enough to cover the $141.53.", ["text_miscalculated"]),
    ("Your gift card balance is enough to cover the $30.00.", []),
    # another method's share after its name (blind set 98, a98_05 24)
    ("Your gift card gift_card_6023546 has $44, so it covers $44 and the Mastercard ending 6710 would cover $97.53.", []),
    ("Your gift card gift_card_6023546 has $44, so it covers $97.53 and the Mastercard ending 6710 the rest.",
     ["text_miscalculated"]),    # "it" of the sentence before (blind set 98, r98_06 14)
    ("The new one is $88.85 more than your current one. The difference would be charged to your gift card "
     "gift_card_6023546, which covers it.", ["text_miscalculated"]),
    ("The new one is $18.85 more than your current one. The difference would be charged to your gift card "
     "gift_card_6023546, which covers it.", []),
])
def test_a_method_said_to_cover_more_than_its_balance(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm emma_santos_9753, how would an exchange be paid?")
    c.call("get_user_details", {"user_id": "emma_santos_9753"}, _gift_card_profile(44))
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_miscalculated"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit a65_01: the amount the reservation's history shows the gift card paid, not its balance
    ("L9J4BK was paid with gift card gift_card_6281111 ($564.00).", []),
    ("L9J4BK was paid with gift card gift_card_6281111 ($546.00).", ["text_misattributed"]),
    ("Your gift card gift_card_6281111 ($564.00) can pay for it.", ["text_misattributed"]),  # said of now
    ("L9J4BK was paid with gift_card_6281111 (balance $564.00).", ["text_misattributed"]),
    # the reservation's payment method, said as such (blind set 90, a90_07 12)
    ("The refund goes back to the original payment method of L9J4BK, gift_card_6281111 ($564).", []),
    ("The refund goes back to the original payment method of L9J4BK, gift_card_6281111 ($546).", ["text_misattributed"]),
    # ... beside another sentence about a balance (blind set 94, a94_04 14)
    ("The refund goes back to the original payment method of L9J4BK, gift_card_6281111 ($564). I can't promise "
     "when it appears on the gift card balance.", []),
    ("The refund goes back to the original payment method of L9J4BK, gift_card_6281111 ($546). I can't promise "
     "when it appears on the gift card balance.", ["text_misattributed"]),
])
def test_an_amount_a_method_paid_is_no_balance_misstated(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I need to cancel L9J4BK, I'm ivan_wilson_7587.")
    c.call("get_user_details", {"user_id": "ivan_wilson_7587"}, {"payment_methods": {
        "gift_card_6281111": {"source": "gift_card", "amount": 116, "id": "gift_card_6281111"}}})
    c.call("get_reservation_details", {"reservation_id": "L9J4BK"}, {
        "reservation_id": "L9J4BK", "cabin": "economy",
        "payment_history": [{"payment_id": "gift_card_6281111", "amount": 564}]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misattributed"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # ... an order's history, which names it "payment_method_id" (blind set 85, r85_02 18)
    ("It was paid with gift_card_9708163 ($601.96).", []),
    ("It was paid with gift_card_9708163 ($610.96).", ["text_misattributed"]),
])
def test_an_amount_a_method_paid_for_an_order_is_no_balance(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("I'm ava_lopez_1234, what's in #W3223435?")
    c.call("get_user_details", {"user_id": "ava_lopez_1234"}, {"payment_methods": {
        "gift_card_9708163": {"source": "gift_card", "balance": 90.0, "id": "gift_card_9708163"}}})
    c.call("get_order_details", {"order_id": "#W3223435"}, {
        "order_id": "#W3223435", "status": "delivered",
        "payment_history": [{"transaction_type": "payment", "amount": 601.96, "payment_method_id": "gift_card_9708163"}]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misattributed"] == kinds


@pytest.mark.parametrize(("balance", "ok"), [("$81.00", True), ("$148.00", False)])
def test_each_amount_a_write_moved_counts_once_in_a_balance(convo: Any, at: Any, balance: str, ok: bool) -> None:
    # blind audit a65_09: a $10 refund onto a gift card shown at $128 is no $20 (128 - 57 + 10 is)
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move Ava's return on MQHHT6 to May 24, I'm james_patel_9828.")
    c.call("get_user_details", {"user_id": "james_patel_9828"}, {"payment_methods": {
        "gift_card_1642017": {"source": "gift_card", "amount": 128, "id": "gift_card_1642017"}}})
    booking = {"reservation_id": "MQHHT6", "cabin": "economy", "flights": [
        {"flight_number": "HAT260", "date": "2024-05-21", "price": 146},
        {"flight_number": "HAT287", "date": "2024-05-23", "price": 125}],
        "payment_history": [{"payment_id": "gift_card_1642017", "amount": 271}]}
    c.call("get_reservation_details", {"reservation_id": "MQHHT6"}, booking)
    c.say("One more bag on MQHHT6 is $50 on gift_card_1642017. Shall I add it?")
    c.user("yes please")
    c.call("update_reservation_baggages", {"reservation_id": "MQHHT6", "total_baggages": 2, "nonfree_baggages": 1,
                                           "payment_id": "gift_card_1642017"},
           {**booking, "payment_history": [{"payment_id": "gift_card_1642017", "amount": 271},
                                           {"payment_id": "gift_card_1642017", "amount": 57}]})
    c.say("Added. Now the return: HAT287 on May 24 is $115, $10 less: $10 back to gift_card_1642017. Shall I change it?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "MQHHT6", "cabin": "economy", "flights": [
        {"flight_number": "HAT260", "date": "2024-05-21"}, {"flight_number": "HAT287", "date": "2024-05-24"}],
        "payment_id": "gift_card_1642017"},
        {**booking, "payment_history": [{"payment_id": "gift_card_1642017", "amount": 271},
                                        {"payment_id": "gift_card_1642017", "amount": -10}]})
    i = c.say(f"Done. The $10.00 refund went to gift_card_1642017, bringing its balance to {balance}.")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit a65_05: the certificates sent today sum their amounts
    ("Done: certificate_3221323, $100. That's $400 in certificates today.", ["text_miscalculated"]),
    ("Done: certificate_3221323, $100. That's $300 in certificates today.", []),
])
def test_the_certificates_sent_together(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Two of my flights were cancelled. I'm ethan_johnson_9800.")
    c.call("get_user_details", {"user_id": "ethan_johnson_9800"}, {"membership": "silver", "payment_methods": {}})
    for amount, code in ((200, "certificate_3221322"), (100, "certificate_3221323")):
        c.say(f"You're eligible for a ${amount} certificate. Issue it?")
        c.user("yes")
        c.call("send_certificate", {"user_id": "ethan_johnson_9800", "amount": amount},
               f"Certificate {code} added to user ethan_johnson_9800 with amount {amount}.")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_miscalculated"] == kinds


@pytest.mark.parametrize(("when", "kinds"), [("after", ["text_misattributed"]), ("before", [])])
def test_a_balance_a_lookup_since_the_refund_shows(convo: Any, at: Any, when: str, kinds: list[str]) -> None:
    # blind audit a64_01: the profile looked up after the cancellation shows the gift card at $292; one
    # looked up before it shows the balance the refund has moved since
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cancel UKNCIV please. I'm juan_muller_1498.")
    profile = {"payment_methods": {"gift_card_9879274": {"source": "gift_card", "amount": 292,
                                                         "id": "gift_card_9879274"}}}
    booking = {"reservation_id": "UKNCIV", "cabin": "business",
               "payment_history": [{"payment_id": "gift_card_9879274", "amount": 1572}]}
    if when == "before":
        c.call("get_user_details", {"user_id": "juan_muller_1498"}, profile)
    c.call("get_reservation_details", {"reservation_id": "UKNCIV"}, booking)
    c.say("UKNCIV is business: cancelling refunds $1,572 to gift_card_9879274. Cancel it?")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "UKNCIV"},
           {**booking, "status": "cancelled", "payment_history": [
               {"payment_id": "gift_card_9879274", "amount": 1572}, {"payment_id": "gift_card_9879274", "amount": -1572}]})
    if when == "after":
        c.call("get_user_details", {"user_id": "juan_muller_1498"}, profile)
    i = c.say("Your gift card gift_card_9879274 now shows a balance of $1,864 ($292 plus the $1,572 refund).")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misattributed"] == kinds, found


@pytest.mark.parametrize(("report", "nonfree", "kinds"), [
    # blind audit a66_10: the result shows a $50 payment for the bag
    ("Done - HATHAT now has 6 checked bags, with no charge.", 1, ["text_misstated_charge"]),
    ("Done - HATHAT now has 6 checked bags, with no charge.", 0, []),
    # blind set 103, a103_10 43: the bare ", no charge" after the report
    ("Done - HATHAT now has 6 checked bags, no charge.", 1, ["text_misstated_charge"]),
    ("Done - HATHAT now has 6 checked bags (no extra cost).", 1, ["text_misstated_charge"]),
    ("Done - HATHAT now has 6 checked bags, no charge.", 0, []),
    ("Done - HATHAT now has 6 checked bags. There's no charge for a seat change, if you want one.", 1, []),
    ("Done - HATHAT now has 6 checked bags; 1 bag is $50, so it would not be free of charge.", 1, []),
    # the next action offered, "I'd ...", is no report (blind set 68, a68_03)
    ("Done - HATHAT now has 6 checked bags. For the other trip I'd record the bag with no charge. Shall I?", 1, []),
    ("Done - HATHAT now has 6 checked bags. For the other trip I'll record the bag with no charge. Ok?", 1, []),
    # of a call that failed before it (blind set 83, a83_07 47)
    ("Done - HATHAT now has 6 checked bags, $50 on your card. (My first attempt used the gift card, which has no "
     "balance, so nothing was charged there.)", 1, []),
])
def test_a_report_of_no_charge_where_the_write_charged(convo: Any, at: Any, report: str, nonfree: int,
                                                       kinds: list[str]) -> None:
    _no_charge_reported(convo, at, report, nonfree, kinds)


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 81, a81_12 44: a line about the write that moved nothing, beside one that moved money
    ("All done:\n- 6 checked bags on HATHAT, $50 to your card\n- passenger name fixed at no charge", []),
    ("All done:\n- passenger name fixed\n- 6 checked bags added at no charge", ["text_misstated_charge"]),
])
def test_a_report_of_no_charge_of_the_write_that_charged_nothing(convo: Any, at: Any, report: str,
                                                                 kinds: list[str]) -> None:
    _no_charge_reported(convo, at, report, 1, kinds, passengers=True)


@pytest.mark.parametrize(("report", "nonfree", "kinds"), [
    # blind set 104, a104_11 46: the result shows no new payment, yet the report says $50 was charged
    ("Done, HATHAT now has 6 checked bags; $50 was charged to your card.", 0, ["text_misstated_charge"]),
    ("Done, HATHAT now has 6 checked bags; $50 was charged to your card.", 1, []),
    ("Done, HATHAT now has 6 checked bags, nothing charged. A seventh would be $50.", 0, []),
    # (a sentence that says nothing moved, its amount a price: blind set 98, r98_01 34)
    ("Done, HATHAT now has 6 checked bags at $0 each, with no charge or refund.", 0, []),
    # (the money an earlier payment moved, said as such: not this write's)
    ("Done, HATHAT now has 6 checked bags. You were charged $185 when you booked.", 0, []),
])
def test_a_charge_reported_after_a_write_whose_result_shows_no_new_payment(convo: Any, at: Any, report: str,
                                                                          nonfree: int, kinds: list[str]) -> None:
    _no_charge_reported(convo, at, report, nonfree, kinds)


def _no_charge_reported(convo: Any, at: Any, report: str, nonfree: int, kinds: list[str],
                        passengers: bool = False) -> None:
    history = [{"payment_id": "gift_card_6863603", "amount": 185}]
    booked = {"reservation_id": "HATHAT", "user_id": "raj_santos_6012", "cabin": "economy", "total_baggages": 5,
              "nonfree_baggages": 0, "payment_history": history}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. Each extra bag costs $50.")
    c.user("I'm raj_santos_6012. Make it 6 bags on HATHAT, on my card credit_card_2474009.")
    c.call("get_reservation_details", {"reservation_id": "HATHAT"}, booked)
    c.say("I'll update HATHAT to 6 checked bags, charged to credit_card_2474009 if any is paid. Confirm?")
    c.user("yes")
    paid = [{"payment_id": "credit_card_2474009", "amount": 50}] if nonfree else []
    c.call("update_reservation_baggages", {"reservation_id": "HATHAT", "total_baggages": 6, "nonfree_baggages": nonfree,
                                           "payment_id": "credit_card_2474009"},
           {**booked, "total_baggages": 6, "nonfree_baggages": nonfree, "payment_history": history + paid})
    if passengers:
        c.call("update_reservation_passengers", {"reservation_id": "HATHAT", "passengers": [
            {"first_name": "Raj", "last_name": "Santos", "dob": "1990-01-01"}]}, {**booked, "total_baggages": 6})
    i = c.say(report)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misstated_charge"] == kinds, found


@pytest.mark.parametrize(("balance", "kinds"), [
    # blind audit a61_01: an airline cancellation changes reservations, not the profile that holds the gift card
    ("$573", ["text_misstated_balance"]),
    ("$38", []),
])
def test_a_balance_after_a_write_that_cannot_change_it_stays_as_shown(convo: Any, at: Any, balance: str,
                                                                      kinds: list[str]) -> None:
    profile = {"user_id": "lei_ito_5790", "payment_methods": {
        "gift_card_6405135": {"source": "gift_card", "amount": 38, "id": "gift_card_6405135"}}}
    booking = {"reservation_id": "6ZQNOS", "cabin": "business",
               "payment_history": [{"payment_id": "gift_card_6405135", "amount": 535}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm lei_ito_5790, cancel 6ZQNOS please, I booked it an hour ago.")
    c.call("get_user_details", {"user_id": "lei_ito_5790"}, profile)
    c.call("get_reservation_details", {"reservation_id": "6ZQNOS"}, booking)
    c.say("Cancel 6ZQNOS? The $535 goes back to gift_card_6405135.")
    c.user("yes")
    c.call("cancel_reservation", {"reservation_id": "6ZQNOS"}, {**booking, "status": "cancelled", "payment_history": [
        *booking["payment_history"], {"payment_id": "gift_card_6405135", "amount": -535}]})
    i = c.say(f"Done. 6ZQNOS is cancelled; $535 refunded to gift_card_6405135 (balance now {balance}).")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit r67_08: an exchange's difference moves nothing until the items arrive
    ("Gift card gift_card_5245016: $45.57.", ["text_misattributed"]),
    ("Gift card gift_card_5245016: $31.00.", []),
])
def test_a_balance_after_an_exchange_request_is_the_one_shown(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    profile = {"user_id": "lei_hernandez_8500", "payment_methods": {
        "gift_card_5245016": {"source": "gift_card", "balance": 31, "id": "gift_card_5245016"}}}
    order = {"order_id": "#W6146740", "user_id": "lei_hernandez_8500", "status": "delivered", "items": [
        {"name": "Hiking Boots", "product_id": "7363354090", "item_id": "8118291112", "price": 260.56}],
             "payment_history": [{"transaction_type": "payment", "amount": 260.56, "payment_method_id": "gift_card_5245016"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm lei_hernandez_8500; swap my boots in #W6146740 for item 5676696062, refund to my gift card.")
    c.call("get_user_details", {"user_id": "lei_hernandez_8500"}, profile)
    c.call("get_order_details", {"order_id": "#W6146740"}, order)
    c.call("get_product_details", {"product_id": "7363354090"}, {"name": "Hiking Boots", "variants": {
        "5676696062": {"item_id": "5676696062", "options": {"size": "11"}, "available": True, "price": 245.99}}})
    c.say("Exchange in #W6146740: Hiking Boots 8118291112 -> 5676696062. Refund $14.57 to gift card gift_card_5245016. "
          "Proceed?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W6146740", "item_ids": ["8118291112"],
                                              "new_item_ids": ["5676696062"], "payment_method_id": "gift_card_5245016"},
           {**order, "status": "exchange requested", "exchange_price_difference": -14.57})
    c.say("The exchange is requested; $14.57 will go back to your gift card.")
    c.user("whats my gift card balance")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misattributed"] == kinds, found


@pytest.mark.parametrize(("balance", "kinds"), [
    ("$1,517.83", []), ("$1,527.83", ["text_misstated_balance"]),
    # the cancellation's refund left out: each write's rows on the card give its move (blind set 104, r104_05 64)
    ("$88.02", ["text_misstated_balance"])])
def test_a_balance_after_writes_of_earlier_turns_too(convo: Any, at: Any, balance: str, kinds: list[str]) -> None:
    # blind set 78, r78_09: $73.00 shown, a cancellation refunded $1,429.81 a turn before, this change $15.02
    gift = "gift_card_3491931"
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm amelia_silva_7726. Cancel #W1111111, ordered by mistake.")
    c.call("get_user_details", {"user_id": "amelia_silva_7726"}, {"user_id": "amelia_silva_7726", "payment_methods": {
        gift: {"source": "gift_card", "balance": 73.0, "id": gift}}})
    c.call("get_order_details", {"order_id": "#W1111111"}, {"order_id": "#W1111111", "status": "pending", "payment_history": [
        {"transaction_type": "payment", "amount": 1429.81, "payment_method_id": gift}]})
    c.say("Cancel #W1111111 (ordered by mistake); $1,429.81 goes back to your gift card. Shall I?")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W1111111", "reason": "ordered by mistake"}, {
        "order_id": "#W1111111", "status": "cancelled", "payment_history": [
            {"transaction_type": "payment", "amount": 1429.81, "payment_method_id": gift},
            {"transaction_type": "refund", "amount": 1429.81, "payment_method_id": gift}]})
    c.say("Done, #W1111111 is cancelled.")
    c.user("Now change the earbuds in #W7342738 to 4063058357, refund to the gift card.")
    c.call("get_order_details", {"order_id": "#W7342738"}, {"order_id": "#W7342738", "status": "pending", "items": [
        {"name": "Wireless Earbuds", "item_id": "2499294441", "price": 258.36}]})
    c.say("Earbuds 2499294441 → 4063058357 ($243.34), $15.02 back to your gift card. Shall I?")
    c.user("yes")
    c.call("modify_pending_order_items", {"order_id": "#W7342738", "item_ids": ["2499294441"],
                                          "new_item_ids": ["4063058357"], "payment_method_id": gift}, {
        "order_id": "#W7342738", "status": "pending (item modified)", "payment_history": [
            {"transaction_type": "refund", "amount": 15.02, "payment_method_id": gift}]})
    i = c.say(f"Done! $15.02 went back to your gift card (new balance {balance}).")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misstated_balance"] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 85, a85_12 41: asked after the write, the balance it leaves (152 + 186 is 338)
    ("Your gift_card_6941833 had $152, plus the $186 refund, so it now has **$328**.", ["text_misstated_balance"]),
    ("Your gift_card_6941833 had $152, plus the $186 refund, so it now has **$338**.", []),
])
def test_a_balance_asked_after_the_write(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Move HXDUBJ to economy, I'm omar_khan_2363.")
    c.call("get_user_details", {"user_id": "omar_khan_2363"}, {"payment_methods": {
        "gift_card_6941833": {"source": "gift_card", "amount": 152, "id": "gift_card_6941833"}}})
    c.call("get_reservation_details", {"reservation_id": "HXDUBJ"}, {
        "reservation_id": "HXDUBJ", "cabin": "business", "payment_history": [{"payment_id": "gift_card_6941833", "amount": 503}]})
    c.say("Economy refunds $186 to gift_card_6941833. Shall I?")
    c.user("yes")
    c.call("update_reservation_flights", {"reservation_id": "HXDUBJ", "cabin": "economy", "flights": [],
                                          "payment_id": "gift_card_6941833"},
           {"reservation_id": "HXDUBJ", "cabin": "economy", "payment_history": [
               {"payment_id": "gift_card_6941833", "amount": 503}, {"payment_id": "gift_card_6941833", "amount": -186}]})
    c.say("Done: HXDUBJ is economy and $186 was refunded to gift_card_6941833.")
    c.user("How much is on my gift card now?")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misstated_balance"] == kinds


def _puzzle_return_requested(convo: Any) -> Any:
    """A conversation up to a return request of a $51.98 puzzle, refunded to a gift card holding $5.00."""
    c = convo()
    c.user("Return the puzzle in #W8727985, I'm ava_lopez_1234.")
    c.call("get_user_details", {"user_id": "ava_lopez_1234"}, {"payment_methods": {
        "gift_card_1234567": {"source": "gift_card", "balance": 5.0, "id": "gift_card_1234567"}}})
    c.call("get_order_details", {"order_id": "#W8727985"}, {"order_id": "#W8727985", "status": "delivered", "items": [
        {"name": "Jigsaw Puzzle", "item_id": "9030221155", "price": 51.98}]})
    c.say("Return the Jigsaw Puzzle (item 9030221155, $51.98) from #W8727985, refund to gift_card_1234567. Shall I?")
    c.user("yes")
    c.call("return_delivered_order_items", {"order_id": "#W8727985", "item_ids": ["9030221155"],
                                            "payment_method_id": "gift_card_1234567"},
           {"order_id": "#W8727985", "status": "return requested", "return_items": ["9030221155"],
            "return_payment_method_id": "gift_card_1234567", "items": [
                {"name": "Jigsaw Puzzle", "item_id": "9030221155", "price": 51.98}]})
    return c


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 85, r85_01 38: a return's refund moves once the items arrive
    ("All set! The return is submitted. Your gift card balance is now **$56.98**.", ["text_misstated_balance"]),
    ("All set! The return is submitted. Once it's processed, your gift card balance will be **$56.98**.", []),
    ("All set! The return is submitted. Your gift card balance is still **$5.00**.", []),
])
def test_a_balance_said_now_after_a_return_request(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = _puzzle_return_requested(convo)
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # ... asked in a later turn (blind set 92, r92_11 52): the request's refund has not moved yet
    ("Yes, your gift card now holds $56.98 ($5.00 + $51.98).", ["text_misstated_balance"]),
    ("Not yet: your gift card now holds $5.00; the $51.98 arrives once the puzzle is back.", []),
])
def test_a_balance_asked_after_a_return_request(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = _puzzle_return_requested(convo)
    c.say("The return is submitted; $51.98 goes to gift_card_1234567 once the puzzle is back.")
    c.user("Is my gift card balance updated?")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("method", "said", "visible"), [
    # blind sets 95, 96 (r95_05 44, r96_01 28): the balance from before the refund to that very card
    ("gift_card_5354170", "Your gift card gift_card_5354170 has a balance of $5.00.", False),
    ("gift_card_5354170", "Your gift card balance is $5.00.", False),
    ("gift_card_5354170", "Your gift card gift_card_5354170 has a balance of $16.15.", True),
    # the refund went to another method: the card's balance is as shown
    ("paypal_1111111", "Your gift card gift_card_5354170 has a balance of $5.00.", True),
])
def test_a_balance_said_later_of_the_card_a_write_refunded_to(convo: Any, at: Any, method: str, said: str,
                                                              visible: bool) -> None:
    user = {"user_id": "noah_taylor_8533", "payment_methods": {
        "gift_card_5354170": {"source": "gift_card", "balance": 5, "id": "gift_card_5354170"},
        "paypal_1111111": {"source": "paypal", "id": "paypal_1111111"}}}
    order = {"order_id": "#W2286993", "status": "pending", "items": [
        {"name": "Skateboard", "item_id": "4293355847", "price": 200.80}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Swap the skateboard in #W2286993 for the plastic one, item 5038485381 at $189.65. I'm noah_taylor_8533.")
    c.call("get_user_details", {"user_id": "noah_taylor_8533"}, user)
    c.call("get_order_details", {"order_id": "#W2286993"}, order)
    c.say(f"I'll replace Skateboard 4293355847 ($200.80) with 5038485381 ($189.65) and refund the $11.15 to "
          f"{method}. Confirm?")
    c.user("yes")
    c.call("modify_pending_order_items", {"order_id": "#W2286993", "item_ids": ["4293355847"],
                                          "new_item_ids": ["5038485381"], "payment_method_id": method},
           {**order, "items": [{"name": "Skateboard", "item_id": "5038485381", "price": 189.65}],
            "payment_history": [{"transaction_type": "refund", "amount": 11.15, "payment_method_id": method}]})
    c.say("Done: the skateboard is swapped and $11.15 is refunded.")
    c.user("so how much is on the gift card now")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "visible"), [
    # blind set 103, r103_11 28: the payment switch's refund to the card is left out ($95 + $25.67)
    ("Your gift card gift_card_5683713 now has $120.67.", False),
    ("Your gift card gift_card_5683713 now has $381.78.", True),  # $95 + $261.11 + $25.67
    ("Your gift card gift_card_5683713 now has $356.11.", False),  # the item swap's refund left out
])
def test_a_balance_after_a_payment_switch_and_an_item_swap_both_refunding_the_card(convo: Any, at: Any, said: str,
                                                                                   visible: bool) -> None:
    user = {"user_id": "evelyn_ahmed_3960", "payment_methods": {
        "gift_card_5683713": {"source": "gift_card", "balance": 95, "id": "gift_card_5683713"},
        "credit_card_7898168": {"source": "credit_card", "last_four": "9838", "id": "credit_card_7898168"}}}
    paid = {"transaction_type": "payment", "amount": 261.11, "payment_method_id": "gift_card_5683713"}
    order = {"order_id": "#W3746173", "status": "pending", "payment_history": [paid], "items": [
        {"name": "Makeup Kit", "item_id": "2882812427", "price": 261.11}]}
    switched = [paid, {"transaction_type": "payment", "amount": 261.11, "payment_method_id": "credit_card_7898168"},
                {"transaction_type": "refund", "amount": 261.11, "payment_method_id": "gift_card_5683713"}]
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm evelyn_ahmed_3960. Pay #W3746173 with my Mastercard instead of the gift card.")
    c.call("get_user_details", {"user_id": "evelyn_ahmed_3960"}, user)
    c.call("get_order_details", {"order_id": "#W3746173"}, order)
    c.say("I'll switch #W3746173 to credit_card_7898168: $261.11 charged to it, $261.11 back to gift_card_5683713. OK?")
    c.user("yes")
    c.call("modify_pending_order_payment", {"order_id": "#W3746173", "payment_method_id": "credit_card_7898168"},
           {**order, "payment_history": switched})
    c.say("Done: #W3746173 is paid with your Mastercard and $261.11 went back to your gift card.")
    c.user("Now swap the kit for item 1763705424 at $235.44, refund to the gift card.")
    c.say("I'll swap item 2882812427 ($261.11) for 1763705424 ($235.44) on #W3746173 and refund $25.67 to "
          "gift_card_5683713. Shall I?")
    c.user("yes")
    c.call("modify_pending_order_items", {"order_id": "#W3746173", "item_ids": ["2882812427"],
                                          "new_item_ids": ["1763705424"], "payment_method_id": "gift_card_5683713"},
           {**order, "items": [{"name": "Makeup Kit", "item_id": "1763705424", "price": 235.44}], "payment_history": [
               *switched, {"transaction_type": "refund", "amount": 25.67, "payment_method_id": "gift_card_5683713"}]})
    c.say("Done! The kit is swapped and $25.67 was refunded to your gift card.")
    c.user("whats the gift card balance now")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 98, a98_09 50: the flights' prices said as what was paid, insurance left out
    ("You paid $174 for KHIK97.", ["text_misattributed"]),
    ("You paid $204 for KHIK97.", []),
    ("You paid $174 for KHIK97 after the $30 refund.", []),  # the net, after a refund
])
def test_what_the_user_paid_for_a_booking(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How much did I pay for KHIK97?")
    history = [{"payment_id": "credit_card_7231150", "amount": 204}]
    if "refund" in said:
        history.append({"payment_id": "credit_card_7231150", "amount": -30})
    c.call("get_reservation_details", {"reservation_id": "KHIK97"}, {
        "reservation_id": "KHIK97", "cabin": "basic_economy", "insurance": "yes",
        "flights": [{"flight_number": "HAT230", "date": "2024-05-18", "price": 92},
                    {"flight_number": "HAT125", "date": "2024-05-18", "price": 82}],
        "payment_history": history})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misattributed"] == kinds, found


@pytest.mark.parametrize(("balance", "kinds"), [
    # blind set 98, r98_05 48: the balance from before, right after a change refunded to that very card
    ("$4,979.15", ["text_misstated_balance"]),
    ("$4,981.61", []),
])
def test_a_balance_reported_right_after_a_write_on_that_card(convo: Any, at: Any, balance: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm aarav_thomas_2711. Swap the kettle in #W9767156 for the 2L glass one.")
    c.call("get_user_details", {"user_id": "aarav_thomas_2711"}, {"user_id": "aarav_thomas_2711", "payment_methods": {
        "gift_card_6253568": {"source": "gift_card", "balance": 4979.15, "id": "gift_card_6253568"}}})
    c.say("Kettle 8142779083 -> 4064702754, a refund of $2.46 to gift_card_6253568 (balance $4,979.15). Proceed?")
    c.user("Yes.")
    c.call("modify_pending_order_items", {"order_id": "#W9767156", "item_ids": ["8142779083"],
                                          "new_item_ids": ["4064702754"], "payment_method_id": "gift_card_6253568"},
           {"order_id": "#W9767156", "status": "pending (item modified)", "payment_history": [
               {"transaction_type": "payment", "amount": 159.78, "payment_method_id": "gift_card_6253568"},
               {"transaction_type": "refund", "amount": 2.46, "payment_method_id": "gift_card_6253568"}]})
    i = c.say(f"Done! The kettle has been changed. Your gift card balance is {balance}.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misstated_balance"] == kinds, found


FEB_BILLS = [{"bill_id": "B1002", "period_start": "2025-02-01", "total_due": 150.0, "status": "Issued"},
             {"bill_id": "B1001", "period_start": "2025-01-01", "total_due": 160.5, "status": "Paid"}]


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 97, t97_06 50: the request went for B1001 ($160.50), the report gives February's $150.00
    ("Done, a payment request for $150.00 is on its way to your phone for your February bill.", ["text_misattributed"]),
    ("Done, a payment request for $160.50 is on its way to your phone.", []),
    ("Done, it's sent for B1001. Later I can send B1002 a payment request for $150.00 too.", []),  # another bill's
])
def test_the_amount_a_payment_request_is_said_to_ask(convo: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Please send me a payment request for my bill. I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, FEB_BILLS)
    c.say("Bill B1001 is $160.50. Shall I send a payment request for B1001?")
    c.user("Yes please.")
    c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1001"},
           "Payment request sent to the customer for bill B1001")
    i = c.say(report)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(x) for x in decision.reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 99, r99_02 44: the payment switch charged the card $759.82, the item change refunded $10.02
    # to it: 1577.57 - 759.82 + 10.02
    ("All changes are done. Your gift card balance should now be $827.77.", []),
    ("All changes are done. Your gift card balance should now be $847.81.", ["text_misstated_balance", "text_not_visible"]),
])
def test_a_balance_after_one_write_charged_the_card_and_another_refunded_it(convo: Any, at: Any, said: str,
                                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Pay #W1205816 with my gift card, and make the kettle the glass one. I'm mia_jackson_2250.")
    c.call("get_user_details", {"user_id": "mia_jackson_2250"}, {"user_id": "mia_jackson_2250", "payment_methods": {
        "gift_card_5715854": {"source": "gift_card", "balance": 1577.57, "id": "gift_card_5715854"},
        "paypal_2031016": {"source": "paypal", "id": "paypal_2031016"}}})
    paid = {"transaction_type": "payment", "amount": 759.82, "payment_method_id": "paypal_2031016"}
    kettle = {"name": "Tea Kettle", "item_id": "3312883418", "price": 104.82}
    order = {"order_id": "#W1205816", "status": "pending", "items": [kettle], "payment_history": [paid]}
    c.call("get_order_details", {"order_id": "#W1205816"}, order)
    c.say("1. Payment -> gift card (gift_card_5715854): $759.82 charged to the gift card, and the $759.82 PayPal "
          "payment refunded.\n2. Tea kettle 3312883418 -> glass 7292993796; the $10.02 difference is refunded to the "
          "gift card. Shall I do both?")
    c.user("yes to both")
    switched = [paid, {"transaction_type": "payment", "amount": 759.82, "payment_method_id": "gift_card_5715854"},
                {"transaction_type": "refund", "amount": 759.82, "payment_method_id": "paypal_2031016"}]
    c.call("modify_pending_order_payment", {"order_id": "#W1205816", "payment_method_id": "gift_card_5715854"},
           {**order, "payment_history": switched})
    c.call("modify_pending_order_items", {"order_id": "#W1205816", "item_ids": ["3312883418"],
                                          "new_item_ids": ["7292993796"], "payment_method_id": "gift_card_5715854"},
           {**order, "items": [{**kettle, "item_id": "7292993796", "price": 94.8}], "payment_history": [
               *switched, {"transaction_type": "refund", "amount": 10.02, "payment_method_id": "gift_card_5715854"}]})
    i = c.say(said)
    assert sorted(reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons) == kinds


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 99, a99_12 30: the upgrade charged $396, the move refunded $510: the net of the two writes
    ("All done. OWZ4XL is now on nonstop HAT041 in economy; net $114 back to your Visa ending 1777.", []),
    ("All done. OWZ4XL is now on nonstop HAT041 in economy; net $124 back to your Visa ending 1777.",
     ["text_misstated_charge", "text_not_visible"]),
])
def test_a_net_of_one_write_charged_and_the_next_refunded(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm ivan_rossi_8555. Upgrade OWZ4XL to economy, then move it to the nonstop.")
    c.call("get_user_details", {"user_id": "ivan_rossi_8555"}, {"user_id": "ivan_rossi_8555", "payment_methods": {
        "credit_card_9659780": {"source": "credit_card", "brand": "visa", "last_four": "1777",
                                "id": "credit_card_9659780"}}})
    booked = {"reservation_id": "OWZ4XL", "cabin": "basic_economy", "payment_history": [
        {"payment_id": "credit_card_9659780", "amount": 522}],
        "flights": [{"flight_number": "HAT202", "date": "2024-05-21", "price": 94},
                    {"flight_number": "HAT232", "date": "2024-05-21", "price": 80}]}
    c.call("get_reservation_details", {"reservation_id": "OWZ4XL"}, booked)
    c.say("To confirm, with your Visa ending 1777:\n1. Upgrade OWZ4XL to economy on HAT202 and HAT232 (2024-05-21): "
          "charge $396.\n2. Change to nonstop HAT041 on 2024-05-21 in economy: refund $510.\nShall I proceed with both?")
    c.user("yes go ahead")
    upgraded = [*booked["payment_history"], {"payment_id": "credit_card_9659780", "amount": 396}]
    c.call("update_reservation_flights", {"reservation_id": "OWZ4XL", "cabin": "economy", "flights": [
        {"flight_number": "HAT202", "date": "2024-05-21"}, {"flight_number": "HAT232", "date": "2024-05-21"}],
        "payment_id": "credit_card_9659780"}, {**booked, "cabin": "economy", "payment_history": upgraded})
    c.call("update_reservation_flights", {"reservation_id": "OWZ4XL", "cabin": "economy", "flights": [
        {"flight_number": "HAT041", "date": "2024-05-21"}], "payment_id": "credit_card_9659780"},
        {**booked, "cabin": "economy", "flights": [{"flight_number": "HAT041", "date": "2024-05-21", "price": 136}],
         "payment_history": [*upgraded, {"payment_id": "credit_card_9659780", "amount": -510}]})
    i = c.say(report)
    assert sorted(reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 99, r99_02 26 and a99_01 74: the balance the profile showed before a refund went to the card
    ("For the payment, your gift card balance is $70.00, which doesn't cover the $759.82 total.",
     ["text_misstated_balance"]),
    ("Gift card gift_card_5715854 has $70.00.", ["text_misstated_balance"]),
    ("For the payment, your gift card balance is $1,577.57, which covers the $759.82 total.", []),
    ("Your gift card balance was $70.00 before the refund.", []),  # as it was
    # what each method pays, no balance (blind set 100, a100_12 32)
    ("It would be paid as gift_card_5715854 $70.00 and PayPal $689.82. Shall I book it?", []),
])
def test_a_balance_shown_before_a_write_moved_money_on_it(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel #W2618034, I changed my mind. I'm mia_jackson_2250.")
    c.call("get_user_details", {"user_id": "mia_jackson_2250"}, {"user_id": "mia_jackson_2250", "payment_methods": {
        "gift_card_5715854": {"source": "gift_card", "balance": 70.0, "id": "gift_card_5715854"}}})
    paid = {"transaction_type": "payment", "amount": 1507.57, "payment_method_id": "gift_card_5715854"}
    order = {"order_id": "#W2618034", "status": "pending", "payment_history": [paid]}
    c.call("get_order_details", {"order_id": "#W2618034"}, order)
    c.say("Cancel #W2618034 (no longer needed); $1,507.57 goes back to your gift card. Confirm?")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W2618034", "reason": "no longer needed"},
           {**order, "status": "cancelled", "payment_history": [paid, {**paid, "transaction_type": "refund"}]})
    c.say("Cancelled; $1,507.57 went back to your gift card.")
    c.user("now pay #W1205816 with the gift card instead")
    c.call("get_order_details", {"order_id": "#W1205816"}, {"order_id": "#W1205816", "status": "pending"})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind set 99, r99_11 52: the gift card's balance said beside it does not cover what it would pay
    ("Sure: #W7032009 ($724.34) would be paid with your gift card (balance $554.20) and the PayPal payment refunded. "
     "Confirm?", [("$724.34", "the balance $554.20 said beside the method that would pay it is less")]),
    ("Sure: #W7032009 ($524.34) would be paid with your gift card (balance $554.20). Confirm?", []),
    ("$200 would be paid with your gift card (balance $54.20) and the rest with PayPal. Confirm?", []),  # a part
])
def test_a_method_whose_stated_balance_does_not_cover_what_it_pays(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.charges import uncovered_by_balance

    assert uncovered_by_balance(text) == found


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 100, a100_03 38: "no charge" is said of the bag the next step would add, not of the change
    ("Your flights are changed, and $59 was charged to gift_card_6276644. About the bag: you get 2 free checked bags. "
     "You have 1, so adding one makes 2 in total, with no charge. Should I add it?", []),
    ("Your flights are changed, with no charge to gift_card_6276644.", ["text_misstated_charge"]),
])
def test_no_charge_said_of_the_next_step_is_no_report(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm sofia_kim_7287. Move OBUT9V's return to HAT290 and HAT175, pay with gift_card_6276644.")
    booked = {"reservation_id": "OBUT9V", "cabin": "economy", "total_baggages": 1, "payment_history": [
        {"payment_id": "gift_card_7091239", "amount": 566}],
        "flights": [{"flight_number": "HAT084", "date": "2024-05-28", "price": 122}]}
    c.call("get_reservation_details", {"reservation_id": "OBUT9V"}, booked)
    c.say("To confirm: OBUT9V's return becomes HAT290 and HAT175 (May 27), and $59 is charged to gift_card_6276644. OK?")
    c.user("yes")
    flights = [{"flight_number": "HAT290", "date": "2024-05-27"}, {"flight_number": "HAT175", "date": "2024-05-27"}]
    c.call("update_reservation_flights", {"reservation_id": "OBUT9V", "cabin": "economy", "flights": flights,
                                          "payment_id": "gift_card_6276644"},
           {**booked, "flights": [{**f, "price": 142} for f in flights], "payment_history": [
               *booked["payment_history"], {"payment_id": "gift_card_6276644", "amount": 59}]})
    i = c.say(report)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misstated_charge"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 100, r100_08 33: the payment moved off the gift card refunded $1,643.01 to it
    ("Done, #W8465042 is now on PayPal. Your gift card balance is still $32.", ["text_misstated_balance"]),
    ("Done, #W8465042 is now on PayPal. Your gift card balance is now $1,675.01.", []),
])
def test_a_balance_said_unchanged_after_a_payment_switch_refunded_the_card(convo: Any, at: Any, said: str,
                                                                           kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Pay #W8465042 with PayPal instead of my gift card. I'm ethan_thomas_1791.")
    c.call("get_user_details", {"user_id": "ethan_thomas_1791"}, {"user_id": "ethan_thomas_1791", "payment_methods": {
        "gift_card_2519457": {"source": "gift_card", "balance": 32.0, "id": "gift_card_2519457"},
        "paypal_6982172": {"source": "paypal", "id": "paypal_6982172"}}})
    paid = {"transaction_type": "payment", "amount": 1643.01, "payment_method_id": "gift_card_2519457"}
    order = {"order_id": "#W8465042", "status": "pending", "payment_history": [paid]}
    c.call("get_order_details", {"order_id": "#W8465042"}, order)
    c.say("Switching #W8465042 to PayPal would charge $1,643.01 to PayPal and refund it to the gift card. Proceed?")
    c.user("yes")
    c.call("modify_pending_order_payment", {"order_id": "#W8465042", "payment_method_id": "paypal_6982172"},
           {**order, "payment_history": [paid, {**paid, "payment_method_id": "paypal_6982172"},
                                         {**paid, "transaction_type": "refund"}]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("nonfree", "kinds"), [(0, []), (1, ["text_misstated_balance"])])
def test_a_balance_before_a_write_that_charged_nothing_still_stands(convo: Any, at: Any, nonfree: int,
                                                                    kinds: list[str]) -> None:
    # blind set 102, a102_12 41: free bags, the gift card sent as the payment: its balance unchanged
    history = [{"payment_id": "gift_card_8058702", "amount": 300}]
    c = _bags_on_gift_card(convo, "Add a bag to OGWXR5, on the 240 gift card.", history)
    c.say(f"OGWXR5 goes to 2 checked bags, {nonfree} of them charged. Proceed?")
    c.user("yes")
    c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 2, "nonfree_baggages": nonfree,
                                           "payment_id": "gift_card_8058702"},
           {"reservation_id": "OGWXR5", "total_baggages": 2, "nonfree_baggages": nonfree,
            "payment_history": history + [{"payment_id": "gift_card_8058702", "amount": 50}] * nonfree})
    c.say("Done.")
    c.user("How much is on my gift card?")
    i = c.say("gift_card_8058702 has $240.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_misstated_balance"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 104, r104_04 38: the items' sum before the item change
    ("Your order total is $909.70.", ["text_stale_value"]),
    ("Your order total is $925.81.", []),
    ("The new total of #W3279695 is $909.70.", ["text_stale_value"]),
    ("Before the change the order came to $909.70.", []),  # (what it was, said as such)
])
def test_an_order_total_said_as_before_an_item_change(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    hose = {"name": "Garden Hose", "item_id": "5206946487", "price": 95.08}
    purifier = {"name": "Air Purifier", "item_id": "6341716129", "price": 523.31}
    order = {"order_id": "#W3279695", "status": "pending", "items": [
        hose, purifier, {"name": "Indoor Security Camera", "item_id": "8470360507", "price": 291.31}],
        "payment_history": [{"transaction_type": "payment", "amount": 909.70, "payment_method_id": "gift_card_4584785"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Change the camera in #W3279695 to the 4K one, item 6901578702, paid with my gift card.")
    c.call("get_order_details", {"order_id": "#W3279695"}, order)
    c.say("To confirm: in #W3279695, camera 8470360507 -> 6901578702, paying the $16.11 difference with "
          "gift_card_4584785. Shall I go ahead?")
    c.user("Yes, please.")
    c.call("modify_pending_order_items", {"order_id": "#W3279695", "item_ids": ["8470360507"],
                                          "new_item_ids": ["6901578702"], "payment_method_id": "gift_card_4584785"},
           {**order, "status": "pending (item modified)", "items": [
               hose, purifier, {"name": "Indoor Security Camera", "item_id": "6901578702", "price": 307.42}],
            "payment_history": [*order["payment_history"], {"transaction_type": "payment", "amount": 16.11,
                                                            "payment_method_id": "gift_card_4584785"}]})
    c.say("Done! $16.11 was paid from your gift card.")
    c.user("What's the new total of my order?")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_stale_value"] == kinds


@pytest.mark.parametrize(("said", "visible"), [
    # blind set 104, r104_05 64: the earlier item change's $19.40 from the card is left out ($90 + $1,708.42)
    ("Order #W3196599 is cancelled and $1708.42 is back on your gift card, so your balance is now $1798.42.", False),
    ("Order #W3196599 is cancelled and $1708.42 is back on your gift card, so your balance is now $1779.02.", True),
])
def test_a_balance_reported_after_a_refund_that_leaves_out_an_earlier_charge_to_the_card(
        convo: Any, at: Any, said: str, visible: bool) -> None:
    gift = "gift_card_9708163"
    user = {"user_id": "aarav_davis_4756", "payment_methods": {gift: {"source": "gift_card", "balance": 90, "id": gift}}}
    brush = {"order_id": "#W7430166", "status": "pending", "items": [
        {"name": "Electric Toothbrush", "item_id": "3320557165", "price": 188.67}],
        "payment_history": [{"transaction_type": "payment", "amount": 188.67, "payment_method_id": gift}]}
    paid = {"transaction_type": "payment", "amount": 1708.42, "payment_method_id": gift}
    bells = {"order_id": "#W3196599", "status": "pending", "items": [
        {"name": "Dumbbell Set", "item_id": "6171242004", "price": 1708.42}], "payment_history": [paid]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm aarav_davis_4756. Swap the toothbrush in #W7430166 for item 8098621301 at $208.07.")
    c.call("get_user_details", {"user_id": "aarav_davis_4756"}, user)
    c.call("get_order_details", {"order_id": "#W7430166"}, brush)
    c.say(f"To confirm: #W7430166, toothbrush 3320557165 -> 8098621301, $19.40 charged to {gift}. Go ahead?")
    c.user("yes")
    c.call("modify_pending_order_items", {"order_id": "#W7430166", "item_ids": ["3320557165"],
                                          "new_item_ids": ["8098621301"], "payment_method_id": gift},
           {**brush, "items": [{"name": "Electric Toothbrush", "item_id": "8098621301", "price": 208.07}],
            "payment_history": [*brush["payment_history"],
                                {"transaction_type": "payment", "amount": 19.40, "payment_method_id": gift}]})
    c.say("Done: the toothbrush is swapped and $19.40 was charged to your gift card.")
    c.user("Also cancel #W3196599, I don't need it anymore.")
    c.call("get_order_details", {"order_id": "#W3196599"}, bells)
    c.say("To confirm: cancel order #W3196599 ('no longer needed'); the $1708.42 goes back to your gift card. OK?")
    c.user("Yes.")
    c.call("cancel_pending_order", {"order_id": "#W3196599", "reason": "no longer needed"},
           {**bells, "status": "cancelled", "payment_history": [
               paid, {"transaction_type": "refund", "amount": 1708.42, "payment_method_id": gift}]})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible
