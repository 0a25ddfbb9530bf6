"""Plain-prose wordings read as a reader reads them: dates and years in words ("the twenty-seventh
of May", "nineteen eighty-eight"), money in words ("250 dollars"), a refund's sign in words after
an equation, "turn roaming on", a bill split evenly per line, a bare number answering "how many
GB", a description that keeps the rest of the one before, and a gift card by its number."""

from __future__ import annotations

from datetime import date
from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.dated_fields import DatedFields, misdated_fields
from trajectory2gym.certify.equations import miscalculated
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import money_numbers_in, spelled_dates, words
from trajectory2gym.certify.reasons import reason_check, reason_kind
from trajectory2gym.envs.registry import tool_specs
from trajectory2gym.toolmeta import infer_tool_meta


def _kinds(c: Any, index: int) -> list[str]:
    return [reason_kind(r) for r in next(d for d in certify_interaction(c.build()).decisions
                                         if d.message_index == index).reasons]


@pytest.mark.parametrize(("text", "dated"), [
    ("on the twenty-seventh of May", ["on", "the", "27th", "of", "may"]),
    ("May twenty-first", ["may", "21st"]),
    ("the seventeenth", ["the", "17th"]),
    ("born on the ninth of July, nineteen eighty-eight", ["born", "on", "the", "9th", "of", "july", "1988"]),
    ("back in twenty twenty-four", ["back", "in", "2024"]),
    ("nineteen bags and twenty dollars", ["nineteen", "bags", "and", "twenty", "dollars"]),
])
def test_spelled_days_and_years_are_written_as_numerals(text: str, dated: list[str]) -> None:
    assert spelled_dates(words(text)) == dated


def test_a_date_said_in_words_grounds_its_iso_date() -> None:
    index = EvidenceIndex()
    index.add_text("The current time is 2024-05-15 15:00:00 EST.")
    index.add_text("Mohamed now needs to come home earlier, on the twenty-seventh of May.")
    assert index.date_stated("2024-05-27")
    assert not index.date_stated("2024-05-17")  # "seventeenth" is not said
    index.add_text("Priya was born on the ninth of July, nineteen eighty-eight.")
    assert index.date_stated("1988-07-09")
    assert not index.date_stated("1989-07-09")


def test_money_in_words_is_money() -> None:
    text = "the Visa would be charged 228 dollars, after the 250 dollar certificate, for 2 bags"
    assert [c for _, c in money_numbers_in(text)] == [22800, 25000]  # not the 2 bags
    assert money_numbers_in("2 bags at 50 each") == []


def test_a_sign_after_the_dollar_is_money() -> None:
    # blind set 96, a96_10 20: "$-510" is a signed amount, read (and checked) like "-$510"
    assert money_numbers_in("difference $-510. Net effect: $-114, -$3.81") == [
        ("$-510", -51000), ("$-114", -11400), ("-$3.81", -381)]


@pytest.mark.parametrize(("said", "kinds"), [
    ("First $396 charged, then a difference of $-510. Net effect: $-114, so you'd get $114 back.", []),
    # (a signed net the two results do not make was read as no amount at all)
    ("First $396 charged, then a difference of $-510. Net effect: $-124 back to you.", ["text_not_visible"]),
])
def test_a_net_of_two_signed_results_is_derived(convo: Any, said: str, kinds: list[str]) -> None:
    c = _airline(convo)
    c.user("The new fares would be $196 and $110, then $136; we paid $94 and $80.")
    c.call("calculate", {"expression": "(196 + 110 - (94 + 80)) * 3"}, 396.0)
    c.call("calculate", {"expression": "(136 - (196 + 110)) * 3"}, -510.0)
    i = c.say(said)
    assert _kinds(c, i) == kinds


def test_a_text_stating_a_balance_in_dollars_is_checked(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My user id is harper_kovacs_3082. What are my gift card balances?")
    c.call("get_user_details", {"user_id": "harper_kovacs_3082"}, {
        "user_id": "harper_kovacs_3082", "payment_methods": {
            "gift_card_8509260": {"source": "gift_card", "amount": 256, "id": "gift_card_8509260"}}})
    wrong = c.say("Your gift card gift_card_8509260 holds 265 dollars.")
    right = c.say("Your gift card gift_card_8509260 holds 256 dollars.")
    assert _kinds(c, wrong) == ["text_not_visible", "text_misattributed"]  # (265 is no balance shown: gift_card's is 256)
    assert _kinds(c, right) == []


@pytest.mark.parametrize(("text", "wrong"), [
    ("HAT300: 115 dollars, so 115 - 138 = 23 dollars would be refunded.", []),
    ("115 - 138 = 23 dollars will be credited to you", []),
    ("115 - 138 = 23 dollars would be charged.", [("23", "115 - 138 = 23")]),
    ("115 - 138 = 25 dollars would be refunded.", [("25", "115 - 138 = 25")]),
])
def test_a_difference_whose_sign_the_words_after_it_give(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


def _telecom(convo: Any) -> Any:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Hi, my number is 555-123-2002. My daughter is going to Mexico.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {
        "customer_id": "C1001", "full_name": "John Smith", "line_ids": ["L1001", "L1002"], "bill_ids": ["B1002"]})
    c.call("get_details_by_id", {"id": "L1001"}, {
        "line_id": "L1001", "phone_number": "555-123-2001", "status": "Active", "plan_id": "P1001",
        "data_used_gb": 3.2, "data_refueling_gb": 0.0, "roaming_enabled": False})
    return c


def _roaming_on_both(convo: Any) -> Any:
    """``_telecom``, with the user's own line L1002 looked up too: roaming on."""
    c = _telecom(convo)
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                   "roaming_enabled": True})
    return c


@pytest.mark.parametrize(("offer", "kinds"), [
    ("Your daughter's line (555-123-2001) has roaming off. I can turn roaming on for her line. Shall I?", []),
    ("Your daughter's line (555-123-2001) has roaming off. I can switch roaming on for it. Shall I?", []),
    # "off" is the other action's word
    ("Your daughter's line (555-123-2001) has roaming off. Shall I leave it?", ["not_described"]),
])
def test_turning_the_tools_object_on_describes_enabling_it(convo: Any, offer: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.say(offer)
    c.user("ok yes")
    i = c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, {"roaming_enabled": True})
    assert _kinds(c, i) == kinds


@pytest.mark.parametrize(("offer", "kinds"), [
    ("I switched roaming on for your L1002 too, by mistake. Turn L1002 back off? (y/n)", []),
    ("I switched roaming on for your L1002 too, by mistake. Leave L1002 as it is? (y/n)", ["not_described"]),
])
def test_turning_it_back_off_describes_disabling_it(convo: Any, offer: str, kinds: list[str]) -> None:
    c = _roaming_on_both(convo)
    c.say(offer)
    c.user("Yes, off on mine.")
    i = c.call("disable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, {"roaming_enabled": False})
    assert [k for k in _kinds(c, i) if reason_check(k) == "workflow"] == kinds


def test_a_bill_split_evenly_per_line_is_derived(convo: Any) -> None:
    c = _telecom(convo)
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{
        "bill_id": "B1002", "total_due": 425.0, "status": "Overdue",
        "line_items": [{"description": "Unlimited Plus - 5 Lines Family Plan", "amount": 425.0}]}])
    right = c.say("Your bill B1002 is $425.00: one charge covering all 5 lines, which works out to $85.00 per line.")
    wrong = c.say("Your bill B1002 is $425.00: one charge covering all 5 lines, which works out to $95.00 per line.")
    assert _kinds(c, right) == []
    assert _kinds(c, wrong) == ["text_not_visible"]


@pytest.mark.parametrize(("question", "reply", "kinds"), [
    ("Her line 555-123-2001 has 1.8 GB left, and extra data is $5.00 per GB. How many GB would you like me to add?", "Add 2.", []),
    ("Her line 555-123-2001 has 1.8 GB left, and extra data is $5.00 per GB. How many GB would you like me to add?", "Add 3.",
     ["not_visible", "not_confirmed"]),  # 3 GB asked for, 2 GB added
    # no question for an amount: a bare number says none, the description's 1.8 GB stands
    ("Her line 555-123-2001 has 1.8 GB left, and extra data is $5.00 per GB. Shall I add some?", "Add 2.", ["amount_not_confirmed"]),
])
def test_a_bare_number_answers_how_many_gb(convo: Any, question: str, reply: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.say(question)
    c.user(reply)
    i = c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1001", "gb_amount": 2.0}, {"data_refueling_gb": 2.0})
    assert _kinds(c, i) == kinds


def _airline(convo: Any) -> Any:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My user id is ethan_hernandez_6400, reservation OGWXR5. May I add a checked bag? Any fee may go on "
           "the gift card numbered 8058702.")
    c.call("get_user_details", {"user_id": "ethan_hernandez_6400"}, {
        "user_id": "ethan_hernandez_6400", "membership": "regular", "payment_methods": {
            "gift_card_8058702": {"source": "gift_card", "amount": 240, "id": "gift_card_8058702"},
            "gift_card_4604947": {"source": "gift_card", "amount": 251, "id": "gift_card_4604947"}}})
    c.call("get_reservation_details", {"reservation_id": "OGWXR5"}, {
        "reservation_id": "OGWXR5", "user_id": "ethan_hernandez_6400", "cabin": "economy", "total_baggages": 1,
        "nonfree_baggages": 0, "passengers": [{"first_name": "Ethan", "last_name": "Hernandez"}]})
    return c


def _add_bag(c: Any, card: str, result: Any) -> int:
    """The call that takes OGWXR5 to 2 bags, 1 of them paid with ``card``."""
    return c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 2,
                                                  "nonfree_baggages": 1, "payment_id": card}, result)


def test_a_gift_card_named_by_its_number_names_the_payment(convo: Any) -> None:
    def kinds(card: str) -> list[str]:
        c = _airline(convo)
        c.say(f"The second bag would be charged:\n1. Checked bags: 2 in total, 1 of them charged.\n2. Fee: 50 "
              f"dollars, charged to gift card {card}.\nWould you like me to add the bag on these terms?")
        c.user("Yes, please do.")
        return _kinds(c, _add_bag(c, "gift_card_8058702", {"reservation_id": "OGWXR5", "total_baggages": 2}))

    assert kinds("8058702") == []
    assert kinds("4604947") == ["not_described"]  # the other card's number: neither the card nor the reservation


def test_a_description_that_keeps_the_rest_of_the_one_before(convo: Any) -> None:
    def kinds(keeps: str) -> list[str]:
        c = _airline(convo)
        c.say("I would add the bag: 2 checked bags in total, 1 of them charged at 50 dollars to gift card "
              "8058702. Shall I?")
        c.user("Yes, please add it.")
        _add_bag(c, "gift_card_4604947", "Error: gift card balance is not enough")
        c.say(f"I do apologise: I used the wrong card. I shall use gift card 8058702 to add the bag instead. "
              f"{keeps} Shall I go ahead?")
        c.user("Yes, go ahead.")
        return _kinds(c, _add_bag(c, "gift_card_8058702", {"reservation_id": "OGWXR5", "total_baggages": 2}))

    assert kinds("Everything else stays as described.") == []
    # Not said again, the count still holds: the user said yes to the description that gave it, and
    # the correction asks about "the bag" it described (test_workflow_airline_arguments has the
    # reply that asks for more, after which it does not).
    assert kinds("") == []


@pytest.mark.parametrize(("recap", "kinds"), [
    # a recap that keeps the rest, with or without a verb, then a correction after the failed call
    # (blind set 73, a73_04): the count holds from the first description
    ("Updated: the $50 goes on gift card 4604947. Everything else as above. Confirm?", []),
    ("Updated: the $50 goes on gift card 4604947. Everything else stays as described. Confirm?", []),
    # a recap that keeps nothing of it, and says no count
    ("Updated: the $50 goes on gift card 4604947. Confirm?", ["amount_not_confirmed"]),
])
def test_a_correction_after_a_recap_keeps_the_first_descriptions_rest(convo: Any, recap: str,
                                                                      kinds: list[str]) -> None:
    c = _airline(convo)
    c.say("I would add the bag: 2 checked bags in total, 1 of them charged at 50 dollars to gift card 8058702. "
          "Shall I?")
    c.user("Hmm, put the fee on my other gift card instead.")
    c.say(recap)
    c.user("ok yes")
    _add_bag(c, "gift_card_4604947", "Error: gift card balance is not enough")
    c.say("Sorry, that card was declined. Shall I add the bag with gift card 8058702 instead?")
    c.user("yes, do it")
    assert _kinds(c, _add_bag(c, "gift_card_8058702", {"reservation_id": "OGWXR5", "total_baggages": 2})) == kinds


def test_a_date_after_used_of_is_no_date_of_birth() -> None:
    book = DatedFields()
    book.update([orjson.dumps(o).decode().lower() for o in (
        {"customer_id": "C1001", "date_of_birth": "1985-06-15"},
        {"line_id": "L1003", "data_used_gb": 0.0, "data_limit_gb": 5.0, "cycle_end_date": "2025-02-28",
         "contract_end_date": "2026-12-31"})])
    assert misdated_fields("The tablet's line has 0.0 GB used of 5.0 GB, until 2025-02-28.", book) == []
    # the field's own words still tell it: a cycle said to end when the contract does is flagged
    assert misdated_fields("Your cycle ends on 2026-12-31.", book) == [("2026-12-31", "cycle_end_date", "2025-02-28")]


@pytest.mark.parametrize(("asked", "novel"), [
    ("ok thanks. And just to be sure, you've got the right account? It's in my name?", False),
    ("Wait, did you say the line ending 2002?", False),
    ("Really? That seems low. Can you check again?", False),
    ("Can you double-check that?", False),
    ("can you double check C1001 once more, I really don't remember that", False),  # blind audit r65_03
    ("fine. how many lines is it again", False),  # asking to be reminded, without a question mark
    ("which line was it again and when did it start?", False),  # another question after it (blind set 62, a62_03)
    ("which line was it again and can you restart it?", True),
    ("How much would the plan be with one checked bag?", False),  # a bag, not a check
    ("ok I restarted it, can you check again?", True),
    ("ok, I just restarted my phone.", True),
    ("I did the reset you asked for.", True),
    # "just" as "only", and a thing wanted as before (blind set 60, a60_03)
    ("Option 1 is fine, just me. And yes I'd like insurance again.", False),
    ("I'd like to try again, I just toggled airplane mode.", True),
    # a wish not to change (blind set 61, t61_02)
    ("How much is Unlimited Plus compared to mine? I don't really want to switch plans though.", False),
    ("I switched plans yesterday, how much is it now?", True),
    # a change only thought of (blind set 71, r71_05)
    ("ok. i might switch the plan to a cheaper one, what are the options", False),
    ("ok. i might have switched the plan by mistake, what are the options", True),
    # whether something is still so, asked (blind set 63, r63_12); told, it is news
    ("and both lines are still mine, right?", False),
    ("it still doesn't work after the restart", True),
])
def test_a_question_about_what_was_said_is_no_news_for_a_lookup(convo: Any, asked: str, novel: bool) -> None:
    c = _telecom(convo)
    # bills: a kind the user may change by their own hand (paying), so what they say may be news for it
    bills = [{"bill_id": "B1002", "customer_id": "C1001", "total_due": 65.0, "status": "Overdue"}]
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, bills)
    c.say("Your account C1001 has two lines.")
    c.user(asked)
    i = c.call("get_bills_for_customer", {"customer_id": "C1001"}, bills)
    assert ("repeated_call" not in _kinds(c, i)) is novel


LINE = {"line_id": "L1001", "phone_number": "555-123-2001", "status": "Active", "plan_id": "P1001",
        "data_used_gb": 3.2, "data_refueling_gb": 0.0, "roaming_enabled": False}
BILL = {"bill_id": "B1002", "customer_id": "C1001", "total_due": 65.0, "status": "Overdue"}
PAID = [("make_payment", {}, "Payment of 65.0 USD has been made for bill B1002.")]


@pytest.mark.parametrize(("phone", "lookup", "novel"), [
    # blind set 60, t60_02: the user's own settings change nothing the line's record shows
    ([("set_network_mode_preference", {"mode": "4g_5g_preferred"}, "Preferred Network Mode set to: 4g_5g_preferred"),
      ("run_speed_test", {}, "Speed Test Result: 275.00 Mbps (Excellent).")], LINE, False),
    # a payment on the phone changes the carrier's bills, not the line's record
    (PAID, BILL, True),
    (PAID, LINE, False),
])
@pytest.mark.parametrize("told", [
    "275 Mbps, great. can you check how much data i have left?",
    # the phone's results read out in words of change (blind sets 62, 63: t62_03, t63_08)
    "Done, it's set now. Speed still only 275 Mbps. can you check how much data i have left?",
])
def test_a_lookup_repeated_after_the_users_phone_actions(convo: Any, phone: list[tuple[str, dict[str, Any], str]],
                                                         lookup: dict[str, Any], novel: bool, told: str) -> None:
    c = _telecom(convo)
    ident = lookup.get("line_id") or lookup["bill_id"]
    if ident != "L1001":  # (the conversation looked up L1001 already)
        c.call("get_details_by_id", {"id": ident}, lookup)
    c.say("Line L1001 is active. Please set your network mode to 4G/5G preferred and run a speed test.")
    for name, args, obs in phone:
        c.user_runs(name, args, obs)
    c.user(told)
    i = c.call("get_details_by_id", {"id": ident}, lookup)
    assert ("repeated_call" not in _kinds(c, i)) is novel


@pytest.mark.parametrize(("told", "lookup", "novel"), [
    # blind set 95 (t95_01 16, t95_03 28): settings changed on the phone, told only in words, change no
    # record the carrier keeps; the line's lookup again shows what it showed
    ("Okay, I tapped the airplane. Now it shows 2G and one bar. Mobile data was off, I turned it on.", LINE, False),
    ("There was a VPN connected. I disconnected it. Speed test now says 'Fair'.", LINE, False),
    # paying is the user's to do too: their bills may have changed
    ("I just paid the overdue bill in the app.", BILL, True),
])
def test_a_lookup_repeated_after_phone_actions_told_in_words(convo: Any, told: str, lookup: dict[str, Any],
                                                             novel: bool) -> None:
    c = _telecom(convo)
    ident = lookup.get("line_id") or lookup["bill_id"]
    if ident != "L1001":
        c.call("get_details_by_id", {"id": ident}, lookup)
    c.say("Line L1001 is active. What does the top of your screen show?")
    c.user(told)
    i = c.call("get_details_by_id", {"id": ident}, lookup)
    assert ("repeated_call" not in _kinds(c, i)) is novel


@pytest.mark.parametrize(("result", "novel"), [
    # blind set 96, t96_06 30: a write that changed nothing is no news for a lookup
    ("Roaming was already enabled", False),
    ("Roaming enabled successfully", True),
])
def test_a_lookup_repeated_after_a_write_that_changed_nothing(convo: Any, result: str, novel: bool) -> None:
    c = _telecom(convo)
    c.say("Line L1001 has roaming off. Shall I enable it?")
    c.user("yes please")
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, result)
    c.say("Done.")
    c.user("ok, what does the line show now?")
    i = c.call("get_details_by_id", {"id": "L1001"}, {**LINE, "roaming_enabled": True})
    assert ("repeated_call" not in _kinds(c, i)) is novel


def test_news_in_words_without_user_tools_may_change_any_record(convo: Any) -> None:
    # retail's user has no tools of their own: what they say changed may be any record the agent's tools change
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("My user id is liam_muller_2272.")
    user = {"user_id": "liam_muller_2272", "address": {"zip": "60642"}, "orders": ["#W6818211"]}
    c.call("get_user_details", {"user_id": "liam_muller_2272"}, user)
    c.say("I see one order, #W6818211.")
    c.user("I just changed my address on the website, it is different now.")
    i = c.call("get_user_details", {"user_id": "liam_muller_2272"}, user)
    assert "repeated_call" not in _kinds(c, i)


PLAN = {"plan_id": "P1002", "name": "Premium Plan", "data_limit_gb": 15.0, "price_per_month": 65.0,
        "data_refueling_price_per_gb": 2.0}


@pytest.mark.parametrize(("lookup", "shown", "novel"), [
    # blind set 63, t63_08: a plan looked up again after a top-up on a line and the phone's results read
    # out: get_details_by_id reads the kind its result shows (a plan), which neither changed
    ("P1002", PLAN, False),
    ("L1001", {"line_id": "L1001", "phone_number": "555-123-2001", "plan_id": "P1002", "data_refueling_gb": 2.0}, True),
])
def test_a_lookup_by_id_reads_the_kind_it_shows(convo: Any, lookup: str, shown: dict[str, Any], novel: bool) -> None:
    c = _telecom(convo)
    c.call("get_details_by_id", {"id": lookup}, shown)
    c.say("I can add 2 GB to L1001 for $4.00. Shall I?")
    c.user("yes")
    c.call("refuel_data", {"customer_id": "C1001", "line_id": "L1001", "gb_amount": 2.0}, {"charge": 4.0})
    c.say("Done. Please reset your APN settings and try MMS again.")
    c.user_runs("reset_apn_settings", {}, "APN settings reset.")
    c.user("Done, it's reset now, still no MMS. What did the top-up cost again?")
    i = c.call("get_details_by_id", {"id": lookup}, shown)
    assert ("repeated_call" not in _kinds(c, i)) is novel


def _booked(convo: Any) -> Any:
    c = _airline(convo)
    c.call("get_reservation_details", {"reservation_id": "HATHAT"}, {
        "reservation_id": "HATHAT", "user_id": "ethan_hernandez_6400", "cabin": "economy",
        "flights": [{"flight_number": "HAT070", "date": "2024-05-22", "price": 196},
                    {"flight_number": "HAT297", "date": "2024-05-23", "price": 169}],
        "payment_history": [{"payment_id": "gift_card_4604947", "amount": 365}]})
    return c


def test_a_letter_only_code_one_letter_off_a_shown_one_is_misstated(convo: Any) -> None:
    c = _booked(convo)
    wrong = c.say("Your booking is under reservation HATHAU: HAT070 on 22 May and HAT297 on 23 May.")
    right = c.say("Your booking is under reservation HATHAT: HAT070 on 22 May and HAT297 on 23 May.")
    shout = c.say("PLEASE NOTE: HAT070 leaves on 22 May.")  # capitals that are words, not codes
    assert _kinds(c, wrong) == ["text_not_visible"]
    assert _kinds(c, right) == [] and _kinds(c, shout) == []


def test_how_a_booking_was_paid_is_read_past_a_worked_total_and_the_month_may(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My user id is mei_hernandez_8984; my trip is 1AKIA8.")
    c.call("get_user_details", {"user_id": "mei_hernandez_8984"}, {"user_id": "mei_hernandez_8984", "payment_methods": {
        "credit_card_2140654": {"source": "credit_card", "brand": "mastercard", "last_four": "1698",
                                "id": "credit_card_2140654"},
        "credit_card_6082923": {"source": "credit_card", "brand": "visa", "last_four": "3202",
                                "id": "credit_card_6082923"}}})
    c.call("get_reservation_details", {"reservation_id": "1AKIA8"}, {
        "reservation_id": "1AKIA8", "flights": [{"flight_number": "HAT070", "date": "2024-05-22", "price": 196},
                                                {"flight_number": "HAT297", "date": "2024-05-23", "price": 169}],
        "payment_history": [{"payment_id": "credit_card_6082923", "amount": 365}]})
    told = ("Reservation 1AKIA8 flies HAT070 on 22 May and HAT297 on 23 May. You paid 196 + 169 = 365 dollars in "
            "total, as one fare, with your Visa ending {}.")
    wrong, right = c.say(told.format("1698")), c.say(told.format("3202"))
    assert "text_misstated_payer" in _kinds(c, wrong)  # (and the Visa is no card ending 1698)
    assert _kinds(c, right) == []


@pytest.mark.parametrize(("said", "kinds"), [
    ("Your February bill (B1002, $150.00) shows as Issued. Shall I resume the line?", ["not_described"]),
    ("Your February bill (B1002, $150.00) is due. Shall I issue a payment request for it?", []),
])
def test_a_bill_shown_as_issued_describes_no_payment_request(convo: Any, said: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1002", "total_due": 150.0,
                                                                 "status": "Issued"}])
    c.say(said)
    c.user("yes go ahead")
    i = c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"}, "Payment request sent")
    assert _kinds(c, i) == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    ("Yes, please go ahead with the bags. I shall confirm the passenger change once I have heard from my aunt "
     "this evening.", ["not_confirmed"]),
    ("Yes, go ahead with the bags. I'll confirm the passenger change later.", ["not_confirmed"]),
    ("Yes to the bags, and yes, please make the passenger change as well.", []),
])
def test_a_confirmation_promised_for_later_is_none(convo: Any, reply: str, kinds: list[str]) -> None:
    c = _airline(convo)
    c.user("Also, my seat may go to Noah Ito, born 1967-03-04.")
    c.say("For OGWXR5:\n1. Bags: 2 checked bags, 1 of them paid, 50 dollars on gift card 8058702.\n2. Passenger: "
          "I can replace Ethan Hernandez (born 1980-01-01) with Noah Ito (born 1967-03-04).\nShall I add the bag, "
          "and would you like the passenger change made as well?")
    c.user(reply)
    c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 2, "nonfree_baggages": 1,
                                           "payment_id": "gift_card_8058702"}, {"reservation_id": "OGWXR5"})
    i = c.call("update_reservation_passengers", {"reservation_id": "OGWXR5", "passengers": [
        {"first_name": "Noah", "last_name": "Ito", "dob": "1967-03-04"}]}, {"reservation_id": "OGWXR5"})
    assert _kinds(c, i) == kinds


@pytest.mark.parametrize(("name", "access"), [("change_plan", "write"), ("suspend_account", "write"),
                                              ("add_line", "write"), ("get_plan", "read")])
def test_an_unknown_tool_is_a_write_by_its_verb(name: str, access: str) -> None:
    assert infer_tool_meta(name).access == access


def test_a_failed_call_of_an_unknown_write_tool_is_no_change_done(convo: Any) -> None:
    c = _telecom(convo)
    c.user("Yes, please switch me to the Basic Plan.")
    c.call("change_plan", {"customer_id": "C1001", "line_id": "L1001", "plan_id": "P1001"},
           "Error: unknown tool 'change_plan'")
    done = c.say("Done! Line L1001 is now on the Basic Plan.")
    assert "text_claims_failed_write" in _kinds(c, done)


def test_a_line_given_by_its_last_four_is_completed_from_the_accounts_number(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Hi, John Smith, 555-123-2002. I want to pause one of my lines, the one ending in 2003.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {
        "customer_id": "C1001", "phone_number": "555-123-2002", "line_ids": ["L1001", "L1002", "L1003"]})
    right = c.say("To confirm: you'd like to suspend the line 555-123-2003 on your account?")
    wrong = c.say("To confirm: you'd like to suspend the line 555-123-2004 on your account?")
    other = c.say("To confirm: you'd like to suspend the line 555-999-2003 on your account?")
    assert _kinds(c, right) == []
    assert _kinds(c, wrong) == ["text_not_visible"] and _kinds(c, other) == ["text_not_visible"]


@pytest.mark.parametrize(("reply", "kinds"), [
    ("ok great yes cancel it", []),
    ("ok great", ["not_confirmed"]),  # a yes to the explanation, not to the cancellation
])
def test_a_yes_naming_the_action_after_the_answer_to_a_question_about_it(convo: Any, reply: str,
                                                                        kinds: list[str]) -> None:
    c = _airline(convo)
    c.say("OGWXR5 is in business, so it can be cancelled with a full refund of 389 dollars. Do you want me to "
          "cancel it?")
    c.user("wait why is it a full refund, i booked it like 2 weeks ago")
    c.say("Under our policy a reservation can be cancelled if it was booked in the last 24 hours, or the cabin "
          "is business. Yours is business class, so the 24-hour limit doesn't apply.")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "OGWXR5"}, {"reservation_id": "OGWXR5", "status": "cancelled"})
    assert _kinds(c, i) == kinds


def test_the_offer_after_a_failed_change_names_the_rest_of_the_call(convo: Any) -> None:
    def kinds(offer: str) -> list[str]:
        c = _airline(convo)
        c.user("Please move me to the afternoon flights on May 22, economy.")
        c.call("search_onestop_flight", {"origin": "DTW", "destination": "ATL", "date": "2024-05-22"}, [
            [{"flight_number": "HAT240", "date": "2024-05-22", "prices": {"economy": 106}},
             {"flight_number": "HAT218", "date": "2024-05-22", "prices": {"economy": 136}}],
            [{"flight_number": "HAT240", "date": "2024-05-22", "prices": {"economy": 106}},
             {"flight_number": "HAT136", "date": "2024-05-22", "prices": {"economy": 122}}]])
        c.say("To confirm: change OGWXR5 to HAT240 + HAT218 on May 22, economy, refund to gift card 8058702. OK?")
        c.user("yes do it")
        flights = [{"flight_number": "HAT240", "date": "2024-05-22"}, {"flight_number": "HAT218", "date": "2024-05-22"}]
        c.call("update_reservation_flights", {"reservation_id": "OGWXR5", "cabin": "economy", "flights": flights,
                                              "payment_id": "gift_card_8058702"}, "Error: not enough seats on HAT218")
        c.say(offer)
        c.user("ugh fine yes")
        flights[1] = {"flight_number": "HAT136", "date": "2024-05-22"}
        i = c.call("update_reservation_flights", {"reservation_id": "OGWXR5", "cabin": "economy", "flights": flights,
                                                  "payment_id": "gift_card_8058702"}, {"reservation_id": "OGWXR5"})
        return _kinds(c, i)

    assert kinds("HAT218 is full. The same 4:00 PM flight connecting to HAT136 (7:00 PM) has room. Want that "
                 "instead?") == []
    assert kinds("HAT218 is full. Sorry about that.") == ["not_described"]


def test_a_status_said_in_a_clause_of_its_own(convo: Any) -> None:
    c = _telecom(convo)
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1006", "total_due": 70.0,
                                                                 "status": "Disputed"}])
    told = "Your line L1001 is Active, and your February bill B1006 for $70.00 is {}. Shall I send a payment request?"
    wrong, right = c.say(told.format("overdue")), c.say(told.format("disputed"))
    assert _kinds(c, wrong) == ["text_contradicts_status"]
    assert _kinds(c, right) == []


def test_a_time_said_of_it_in_the_next_sentence_is_the_flights(convo: Any) -> None:
    c = _airline(convo)
    c.call("search_direct_flight", {"origin": "CLT", "destination": "BOS", "date": "2024-05-16"}, [{
        "flight_number": "HAT287", "origin": "CLT", "destination": "BOS", "scheduled_departure_time_est": "09:00:00",
        "scheduled_arrival_time_est": "11:00:00", "status": "available"}])
    told = "HAT287 on May 16 is on schedule. It departs Charlotte at {} and arrives in Boston at 11:00 AM."
    wrong, right = c.say(told.format("11:00 AM")), c.say(told.format("9:00 AM"))
    assert _kinds(c, wrong) == ["text_mistimed"]
    assert _kinds(c, right) == []


@pytest.mark.parametrize(("said", "kinds"), [
    ("Signal and data look fine: 5G with an excellent signal and mobile data enabled.", ["text_contradicts_status"]),
    ("Your mobile data is off, which is why nothing loads.", []),
    ("Please check that mobile data is on, then run the test again.", []),  # an instruction
    ("Once mobile data is on, run the speed test again.", []),  # what will be
])
def test_mobile_data_said_against_the_status_bar_the_user_pasted(convo: Any, said: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("Status Bar: Signal: Excellent | 5G | Data Disabled | VPN Connected | Battery 80%")
    assert _kinds(c, c.say(said)) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # Before any status bar and any word of the user's about data: the agent cannot know.
    ("I can also see that your phone currently has mobile data switched off, which is why nothing loads.",
     ["text_status_not_visible"]),
    ("Could you check whether mobile data is switched on?", []),  # a question
    ("Please make sure mobile data is turned on, then tell me what the status bar shows.", []),  # an instruction
])
def test_mobile_data_said_before_anything_showed_it(convo: Any, said: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("My phone's internet isn't working at all.")
    assert _kinds(c, c.say(said)) == kinds


def test_mobile_data_the_user_spoke_of_is_theirs_to_have_said(convo: Any) -> None:
    c = _telecom(convo)
    c.user("I turned the data thing off yesterday and now nothing loads.")
    assert _kinds(c, c.say("Your phone has mobile data switched off, which is why nothing loads.")) == []


@pytest.mark.parametrize(("said", "kinds"), [
    ("Your SIM is active and mobile data is switched on, so the basics look right.", ["text_contradicts_status"]),
    ("Mobile data is turned off on your phone, which is why nothing loads.", []),
    # a field read back with its colon (blind audit t54_10)
    ("Your network status shows **Mobile Data: on** and **Data Roaming: off**.", ["text_contradicts_status"]),
    ("Your network status shows **Mobile Data: off**.", []),
])
def test_mobile_data_said_against_the_network_status_the_user_read_out(convo: Any, said: str,
                                                                       kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("Airplane Mode: OFF / SIM Card Status: active / Cellular Network Type: 5G / Mobile Data Enabled: No / "
           "Data Roaming Enabled: No")
    assert _kinds(c, c.say(said)) == kinds


@pytest.mark.parametrize(("shown", "said", "kinds"), [
    # The phone's own data roaming switch, before any network status showed it (blind audit t54_04).
    ("Status Bar: Signal: Poor | 2G | Data Enabled | Battery 80%",
     "Your phone's own **Data Roaming** switch is also off, so please turn it on.", ["text_status_not_visible"]),
    ("Status Bar: Signal: Poor | 2G | Data Enabled | Battery 80%", "Could you check whether data roaming is on?", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: No", "Your **Data Roaming** switch is off.", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: No", "Data roaming is already on, so that's fine.",
     ["text_contradicts_status"]),
    ("Data Roaming is now ON.", "Data roaming is now on on your phone.", []),  # a toggle's result
    # the status's own line read back, its value after the colon (blind audit t56_03)
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: No",
     "Sorry, I misread that — your network status shows **Data Roaming Enabled: No**.", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: No", "Your network status shows Data Roaming Enabled: Yes.",
     ["text_contradicts_status"]),
    # where the switch is, not its setting (blind audit t66_08)
    ("Status Bar: Signal: Excellent | 5G | Data Enabled | Battery 80%",
     "Two things matter: the data roaming switch on your phone and roaming on your line.", []),
    ("Status Bar: Signal: Excellent | 5G | Data Enabled | Battery 80%",
     "Two things matter: the data roaming switch is on and roaming on your line.", ["text_status_not_visible"]),
    # a field's name in quotes, for the user to read out (blind set 70, t70_11)
    ("Status Bar: Signal: Excellent | 5G | Data Enabled | Battery 80%",
     "Since you're abroad:\n1. Open network status.\n2. Tell me 'Data Roaming Enabled'.", []),
    # what the phone needs, not what it shows (blind set 71, t71_04)
    ("Status Bar: Signal: Poor | 2G | Data Enabled | Battery 80%",
     "Because you're abroad, your phone needs data roaming switched on. Please check your network status.", []),
    ("Status Bar: Signal: Poor | 2G | Data Enabled | Battery 80%",
     "Because you're abroad, your phone has data roaming switched on. Please check your network status.",
     ["text_status_not_visible"]),
    # a recap table's column of what was wrong, beside the fix (blind set 79, t79_03 48)
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "Here's what fixed it:\n\n| Problem | Fix |\n|---|---|\n| Data roaming off on the phone | turned on |", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "Here's where things stand:\n\n| Setting | Now |\n|---|---|\n| Data roaming off on the phone | checked |",
     ["text_contradicts_status"]),
    # ... or a recap's list under a heading of what was found (blind set 84, t84_11 52)
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "Recap:\n\n**Found**\n- Airplane Mode on; Data Roaming off on the phone.\n\n**Changed**\n- Data Roaming on.", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "Recap:\n\n**Found**\n- Airplane Mode on.\n\n**Now**\nData Roaming off on the phone.", ["text_contradicts_status"]),
    # ... or a sentence that recaps what was in the way (blind set 87, t87_05 66)
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "That fixed it. Quite a few things were in the way - airplane mode, data roaming off on the phone.", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "That fixed it. Quite a few things are still in the way - data roaming off on the phone.",
     ["text_contradicts_status"]),
    # a recap's line: what was, an arrow, the fix (blind set 89, t89_11 82)
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "Here's the full rundown:\n\n4. **Data Roaming off on the phone** → you turned it on → data flowed.", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: Yes",
     "Here's the full rundown:\n\n4. Data flowed → but **Data Roaming off on the phone** still.", ["text_contradicts_status"]),
    # the steps a lead says are needed (blind set 89, t89_07 23)
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: No",
     "To get data working in France we need both:\n\n1. Roaming on your line, which I can do.\n2. **Data Roaming "
     "switched on** in your phone's settings, which you do.", []),
    ("Mobile Data Enabled: Yes / Data Roaming Enabled: No",
     "Here is where things stand:\n\n1. Roaming on your line is off.\n2. **Data Roaming switched on** in your "
     "phone's settings.", ["text_contradicts_status"]),
])
def test_the_phones_data_roaming_switch_said_against_what_showed_it(convo: Any, shown: str, said: str,
                                                                    kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user(f"I'm in France and data doesn't work. {shown}")
    assert _kinds(c, c.say(said)) == kinds


@pytest.mark.parametrize(("reply", "line", "kinds"), [
    ("Turn it off on mine. Actually, hold off on my daughter's, she's still in Cancun.", "L1002", []),
    ("Turn it off on mine. Actually, hold off on my daughter's, she's still in Cancun.", "L1001", ["not_confirmed"]),
    ("Turn it off on my daughter's.", "L1001", []),
])
def test_lines_named_by_whose_they_are(convo: Any, reply: str, line: str, kinds: list[str]) -> None:
    c = _roaming_on_both(convo)
    c.say("Both lines have roaming on: yours, L1002 (555-123-2002), and your daughter's, L1001 (555-123-2001). "
          "Should I turn roaming off on both lines?")
    c.user(reply)
    i = c.call("disable_roaming", {"customer_id": "C1001", "line_id": line}, {"roaming_enabled": False})
    assert _kinds(c, i) == kinds


def test_a_code_taken_back_is_no_claim(convo: Any) -> None:
    c = _booked(convo)
    fixed = c.say("A correction: the reservation ID is HATHAT, not HATHAU as I wrote. HAT070 flies on 22 May.")
    wrong = c.say("The reservation ID is HATHAU. HAT070 flies on 22 May.")
    assert _kinds(c, fixed) == [] and _kinds(c, wrong) == ["text_not_visible"]


@pytest.mark.parametrize(("total", "kinds"), [
    ("Total $250 on your gift card.", []),
    ("Total $260 on your gift card.", ["amount_not_confirmed"]),
])
def test_a_total_line_after_the_action_is_its_amount(convo: Any, total: str, kinds: list[str]) -> None:
    c = _airline(convo)
    c.user("Book me HAT182 on May 23 and HAT017 on May 27 in economy, with insurance, on my gift card 8058702. "
           "My date of birth is 1973-05-14.")
    c.call("search_direct_flight", {"origin": "BOS", "destination": "MCO", "date": "2024-05-23"},
           [{"flight_number": "HAT182", "date": "2024-05-23", "prices": {"economy": 100}}])
    c.call("search_direct_flight", {"origin": "MCO", "destination": "BOS", "date": "2024-05-27"},
           [{"flight_number": "HAT017", "date": "2024-05-27", "prices": {"economy": 120}}])
    c.say(f"New booking, round trip BOS -> MCO, economy: HAT182 on 2024-05-23 ($100) and HAT017 on 2024-05-27 "
          f"($120), travel insurance $30. {total} Do you confirm? (yes/no)")
    c.user("yes")
    i = c.call("book_reservation", {
        "user_id": "ethan_hernandez_6400", "origin": "BOS", "destination": "MCO", "flight_type": "round_trip",
        "cabin": "economy", "flights": [{"flight_number": "HAT182", "date": "2024-05-23"},
                                        {"flight_number": "HAT017", "date": "2024-05-27"}],
        "passengers": [{"first_name": "Ethan", "last_name": "Hernandez", "dob": "1973-05-14"}],
        "payment_methods": [{"payment_id": "gift_card_8058702", "amount": 250}], "total_baggages": 0,
        "nonfree_baggages": 0, "insurance": "yes"}, {"reservation_id": "NEW123"})
    assert [k for k in _kinds(c, i) if reason_check(k) == "workflow"] == kinds


def test_a_balance_said_right_after_a_gift_card(convo: Any) -> None:
    c = _airline(convo)
    told = "Your gift cards: gift_card_8058702 with {} and gift card 4604947 ($251). Which one?"
    wrong, right = c.say(told.format("$204")), c.say(told.format("$240"))
    assert "text_misattributed" in _kinds(c, wrong) and _kinds(c, right) == []  # (and $204 is no amount shown)
    c.user("Use 8058702 for the bag, yes.")
    _add_bag(c, "gift_card_8058702", {"reservation_id": "OGWXR5", "total_baggages": 2})
    after = c.say("Done. gift_card_8058702 now has $190.")  # its balance moved: no longer the one shown
    assert "text_misattributed" not in _kinds(c, after)


def test_a_balance_is_read_from_the_cards_own_record_not_a_payment_with_it(convo: Any) -> None:
    c = _airline(convo)
    c.call("get_reservation_details", {"reservation_id": "683OBU"}, {
        "reservation_id": "683OBU", "user_id": "ethan_hernandez_6400", "cabin": "economy",
        "payment_history": [{"payment_id": "gift_card_8058702", "amount": 588}]})
    right = c.say("Your gift cards: gift_card_8058702 with a balance of $240, and gift_card_4604947 with $251.")
    wrong = c.say("Your gift cards: gift_card_8058702 with a balance of $588, and gift_card_4604947 with $251.")
    assert _kinds(c, right) == []
    assert "text_misattributed" in _kinds(c, wrong)


@pytest.mark.parametrize(("told", "misattributed"), [
    ("Gift card gift_card_8058702 has 2400.", True),
    ("Gift card gift_card_8058702 has 240.", False),
    ("Gift card gift_card_8058702 has 2 more uses on it.", False),  # no amount: the sentence goes on
])
def test_a_terse_balance_without_a_dollar_sign(convo: Any, told: str, misattributed: bool) -> None:
    c = _airline(convo)
    assert ("text_misattributed" in _kinds(c, c.say(told))) is misattributed


@pytest.mark.parametrize(("text", "wrong"), [
    ("January's bill was $160.50 and February's is $150.00, so February is $15.50 less.",
     [("$15.50", "$160.50 and February's is $150.00, so February is $15.50 less")]),
    ("January's bill was $160.50 and February's is $150.00, so February is $10.50 less.", []),
    ("The old fare was $120 and the new one is $150, so you pay $30 more.", []),
    # against the sum of two amounts the text priced before: (154 + 192) - (157 + 109)
    ("HAT288 is $154 and HAT244 $192. You paid $157 and $109, so the new itinerary costs $80 more.", []),
    ("HAT288 is $154 and HAT244 $192. You paid $157 and $109, so the new itinerary costs $90 more.",
     [("$90", "$157 and $109, so the new itinerary costs $90 more")]),
])
def test_how_far_apart_two_amounts_are(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


def test_tomorrow_is_the_day_after_today() -> None:
    index = EvidenceIndex()
    index.today = date(2024, 5, 15)
    index.add_text("The current time is 2024-05-15 15:00:00 EST.")
    index.add_observation('{"flight_number": "HAT285", "date": "2024-05-17"}', True)
    index.add_text("My flight tonight is delayed; I'd rather go tomorrow morning.")
    assert index.date_stated("2024-05-16")
    assert not index.date_stated("2024-05-18")  # a day after a shown date is no "tomorrow"
    index.add_text("Can you move the return a day later?")
    assert index.date_stated("2024-05-18")  # "a day later": a day on from a shown date


@pytest.mark.parametrize(("bill", "kinds"), [("B1002", ["not_described"]), ("B1234321", [])])
def test_a_bill_numbered_at_another_length_is_another_bill(convo: Any, bill: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1002", "total_due": 150.0, "status": "Issued"},
        {"bill_id": "B1234321", "total_due": 65.0, "status": "Overdue"}])
    c.say("February bill B1002 is $150.00, status Issued. Bill B1234321 is $65.00 and overdue. Would you like me "
          "to send a payment request for the overdue bill B1234321 ($65.00)?")
    c.user("Yes, send me the request for the $65 one.")
    i = c.call("send_payment_request", {"customer_id": "C1001", "bill_id": bill}, "Payment request sent")
    assert [k for k in _kinds(c, i) if reason_check(k) == "workflow"] == kinds


@pytest.mark.parametrize(("reply", "kinds"), [
    ("Yes, switch it off, I'm not going anywhere.", []),
    ("No, I'm not sure yet.", ["not_confirmed"]),
])
def test_a_reason_said_in_the_negative_after_a_yes(convo: Any, reply: str, kinds: list[str]) -> None:
    c = _roaming_on_both(convo)
    c.say("Roaming is enabled on your line 555-123-2002 (L1002). I can disable it. Would you like that?")
    c.user(reply)
    i = c.call("disable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, {"roaming_enabled": False})
    assert _kinds(c, i) == kinds


@pytest.mark.parametrize(("question", "reply", "kinds"), [
    ("Do you want to cancel outright, or would you prefer that I look at other dates?", "hmm ok I guess",
     ["not_confirmed"]),
    ("Do you want me to cancel it?", "hmm ok I guess", []),
    ("Shall I cancel it, or not?", "ok", []),
])
def test_a_weak_ok_to_an_either_or_question_picks_neither(convo: Any, question: str, reply: str,
                                                          kinds: list[str]) -> None:
    c = _airline(convo)
    c.say(f"OGWXR5 is in business, so it can be cancelled with a full refund. {question}")
    c.user(reply)
    i = c.call("cancel_reservation", {"reservation_id": "OGWXR5"}, {"reservation_id": "OGWXR5", "status": "cancelled"})
    assert _kinds(c, i) == kinds


def test_a_calculation_over_an_amount_a_text_worked_out(convo: Any) -> None:
    c = _airline(convo)
    c.call("search_onestop_flight", {"origin": "DEN", "destination": "LAX", "date": "2024-05-26"}, [[
        {"flight_number": "HAT255", "date": "2024-05-26", "prices": {"economy": 98}},
        {"flight_number": "HAT232", "date": "2024-05-26", "prices": {"economy": 126}}]])
    c.say("HAT255 then HAT232 comes to $224 per person in economy.")  # 98 + 126
    c.user("What does it come to for two, with one paid bag at $50?")
    right = c.call("calculate", {"expression": "224 * 2 + 50"}, "498.0")
    wrong = c.call("calculate", {"expression": "234 * 2 + 50"}, "518.0")
    assert "not_visible" not in _kinds(c, right)
    assert "not_visible" in _kinds(c, wrong)


@pytest.mark.parametrize(("offer", "kinds"), [
    ("Roaming on Luis's line (2001) is still on. Would you like me to turn it off there as well?", []),
    ("Roaming on Luis's line (2002) is still on. Would you like me to turn it off there as well?", ["not_described"]),
    ("Line (2001), Luis's, still has roaming on. Would you like me to turn it off there as well?", []),
])
def test_a_line_named_by_the_four_digits_after_the_word(convo: Any, offer: str, kinds: list[str]) -> None:
    c = _roaming_on_both(convo)
    c.say(offer)
    c.user("yes, turn it off")
    i = c.call("disable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, {"roaming_enabled": False})
    assert [k for k in _kinds(c, i) if reason_check(k) == "workflow"] == kinds


def test_a_date_in_a_report_is_no_other_object(convo: Any) -> None:
    c = _roaming_on_both(convo)
    c.say("Turn roaming off on your line 555-123-2002 (L1002)?")
    c.user("yes")
    c.call("disable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming disabled successfully")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                   "status": "Suspended", "suspension_start_date": "2025-02-25"})
    table = "Done. Summary:\n\n| Line | Status | Roaming |\n|---|---|---|\n| {} | {} | Off |"
    dated = c.say(table.format("2001 Mike", "Suspended since 2025-02-25 ($5/month holding fee)"))
    other = c.say("Done. Roaming is now off on line 555-123-2001.")
    assert "text_claims_other_object" not in _kinds(c, dated)
    assert "text_claims_other_object" in _kinds(c, other)


@pytest.mark.parametrize(("reply", "kinds"), [
    ("ok, yes resume it", []),  # the answer offers nothing: the yes by the verb is the description's
    ("ok thanks, let me think about it", ["not_confirmed"]),
])
def test_a_yes_naming_the_action_after_an_answer_that_names_another_line(convo: Any, reply: str,
                                                                        kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Please turn my watch line back on. I'm Jonah, customer C1060.")
    c.call("get_customer_by_id", {"customer_id": "C1060"}, {"customer_id": "C1060", "line_ids": ["L1112", "L1113"]})
    c.call("get_details_by_id", {"id": "L1112"}, {"line_id": "L1112", "phone_number": "555-633-2971",
                                                   "status": "Active", "plan_id": "P1003"})
    c.call("get_details_by_id", {"id": "L1113"}, {"line_id": "L1113", "phone_number": "555-763-7452",
                                                   "status": "Suspended", "plan_id": "P1006"})
    c.say("Your watch line 555-763-7452 (L1113) is suspended and your bills are paid, so I can resume it now. "
          "Shall I resume L1113?")
    c.user("How much did I pay for the watch last month?")
    c.say("Your February bill had $70.00 for the Plus line 555-633-2971 and $12.00 for the Connect Watch line "
          "555-763-7452.")
    c.user(reply)
    i = c.call("resume_line", {"customer_id": "C1060", "line_id": "L1113"}, "Line resumed successfully")
    assert _kinds(c, i) == kinds


@pytest.mark.parametrize(("cancelled", "novel"), [("APU4YL", False), ("8B8TXS", True)])
def test_a_write_to_another_object_is_no_news_for_a_lookup_the_user_names_again(convo: Any, cancelled: str,
                                                                                novel: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Hi, I'm evelyn_lee_2325. I need to cancel my trips.")
    c.call("get_user_details", {"user_id": "evelyn_lee_2325"}, {"user_id": "evelyn_lee_2325",
                                                                "reservations": ["8B8TXS", "APU4YL"]})
    booked = {"reservation_id": "8B8TXS", "cabin": "economy", "insurance": "no"}
    c.call("get_reservation_details", {"reservation_id": "8B8TXS"}, booked)
    c.call("get_reservation_details", {"reservation_id": "APU4YL"}, {"reservation_id": "APU4YL", "cabin": "business"})
    c.say(f"{cancelled} can be cancelled. Shall I cancel {cancelled}?")
    c.user("Yes.")
    c.call("cancel_reservation", {"reservation_id": cancelled}, {"reservation_id": cancelled, "status": "cancelled"})
    c.say(f"{cancelled} is cancelled.")
    # The user names the reservation the agent read from the profile: nothing it did not show.
    c.user("Then could I at least move 8B8TXS to May 25 instead?")
    i = c.call("get_reservation_details", {"reservation_id": "8B8TXS"}, booked)
    assert ("repeated_call" not in _kinds(c, i)) is novel


@pytest.mark.parametrize(("plan", "said", "kinds"), [
    ({"plan_id": "P1002", "data_limit_gb": 15.0}, "Your plan includes **unlimited** data, so don't worry.",
     ["text_not_visible"]),  # nothing shows a plan without a limit
    ({"plan_id": "P1009", "name": "Unlimited Plus", "data_limit_gb": 999.0}, "Your plan includes unlimited data.", []),
    ({"plan_id": "P1002", "data_limit_gb": 15.0}, "You said it was unlimited; it has a 15.0 GB limit.", []),
    # blind audit t58_11: messages no record or policy speaks of
    ({"plan_id": "P1002", "data_limit_gb": 15.0}, "Unlimited picture messages are included in your plan, so there's "
     "nothing extra to pay.", ["text_not_visible"]),
])
def test_an_unlimited_allowance_must_be_shown(convo: Any, plan: dict[str, Any], said: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.call("get_details_by_id", {"id": plan["plan_id"]}, plan)
    i = c.say(said)
    assert _kinds(c, i) == kinds


@pytest.mark.parametrize(("asked", "kinds"), [
    # blind audit t58_06: a question about roaming tells nothing of the phone's switch
    ("One more thing - I'm going to Canada next month. Am I set up for roaming?", ["text_status_not_visible"]),
    ("I already turned data roaming on before I left.", []),  # the user said how it is set
])
def test_the_phones_data_roaming_switch_after_the_user_only_asked(convo: Any, asked: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user(asked)
    assert _kinds(c, c.say("Yes: Data Roaming is switched on on your phone as well, so you're ready to go.")) == kinds



@pytest.mark.parametrize(("told", "novel"), [
    # blind audits r62_12, r63_07: an option's word is no change word
    ("rubber, fixed like mine. refund to the gift card pls", False),
    ("And the 80% version with the same switches?", False),
    ("Hmm, I changed my mind about the weight.", True),  # a change word no option has
])
def test_an_options_word_in_the_users_message_is_no_news(convo: Any, told: str, novel: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Which dumbbell sets do you have? I'm liam_li_8526.")
    product = {"name": "Dumbbell Set", "product_id": "7233192239", "variants": {
        "2444431651": {"item_id": "2444431651", "options": {"weight range": "5-25 lbs", "material": "rubber",
                                                            "set type": "fixed", "switch type": "none"},
                       "available": True, "price": 507.13}}}
    account = {"user_id": "liam_li_8526", "orders": ["#W123"]}
    c.call("get_user_details", {"user_id": "liam_li_8526"}, account)
    c.call("get_product_details", {"product_id": "7233192239"}, product)
    c.say("The 5-25 lbs rubber fixed set (2444431651) is $507.13.")
    c.user(told)
    # (an account, not the listing: no tool changes a listing, whatever the user says)
    i = c.call("get_user_details", {"user_id": "liam_li_8526"}, account)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.checks["novelty"] is novel


@pytest.mark.parametrize(("said", "kinds"), [
    # a correction's date taken back (blind set 79, t79_12 48)
    ("Done. (A correction: your current cycle ends on **2025-02-28**, not 2025-03-31.)", []),
    ("Done. Your current cycle ends on 2025-03-31.", ["text_not_visible"]),
    ("Done. It is not 2025-02-28 but 2025-03-31.", ["text_not_visible"]),  # taken back, and said after
    # ... its clause ended by a dash (blind set 103, a103_03 26)
    ("Correction: your cycle ends on 2025-02-28, not 2025-03-31 - sorry.", []),
    ("Correction: your cycle ends on 2025-03-31 - sorry.", ["text_not_visible"]),
])
def test_a_date_taken_back_is_no_claim(convo: Any, said: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("My data usage page says the cycle ends 2025-02-28.")
    assert _kinds(c, c.say(said)) == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # owning up to a value said before (blind set 79: r79_08 44, r79_11 27)
    ("A correction: I don't have a delivery estimate for the bike — I shouldn't have said 7-10 business days.", []),
    ("I have to correct myself: our policy doesn't actually set a 30-day window; I shouldn't have said that.", []),
    ("The bike arrives in 7-10 business days.", ["text_not_visible"]),
    # "shouldn't have stated it" (blind set 80, r80_09 32)
    ("A correction: I told you the $47.84 would arrive within 24 hours, but I don't know that; I shouldn't have "
     "stated it.", []),
    ("The bike arrives in 7-10 business days. Earlier I shouldn't have said 7-10 business days.",
     ["text_not_visible", "text_not_visible"]),  # (each time written)
    # an amount the text asks to be disregarded (blind set 94, t94_09 71)
    ("I don't have any information on proration. Please disregard the $0.71 figure.", []),
    ("I don't have any information on proration. It comes to $0.71.", ["text_not_visible"]),
])
def test_a_value_owned_up_to_is_no_claim(convo: Any, order_w123: dict[str, Any], said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("What's in my order #W123?")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    assert _kinds(c, c.say(said)) == kinds


@pytest.mark.parametrize(("thought", "kinds"), [
    # a note's amount per passenger with its unit after a slash (blind set 80: a80_09 33, a80_10 16)
    ("Option C: 399 + 202 = 601/pax.", []),
    ("Option C: 399 + 202 = 601/pax, window 08:00-21:00.", []),  # the user's times, 24-hour (a80_11 10)
    ("Option C: 399 + 202 = 601/pax, window 09:00-21:00.", ["not_visible"]),
    # its arithmetic written in brackets, each number read (blind set 81: a81_10 24)
    ("Refund (399-202)*2 = 394 to the card.", []),
    ("Refund (39900-202)*2 to the card.", ["not_visible"]),  # a part no observation shows
    # a sum of flights written as one token, each part read (blind set 85, a85_02 29)
    ("Cheapest pair: HAT286+HAT047=601.", []),
    ("Cheapest pair: HAT286+HAT999=601.", ["not_visible"]),
    # ... with brackets in brackets (blind set 85, a85_07 13)
    ("Upgrade for 2 passengers = 2*((399-202)+(399-202)).", []),
    ("Upgrade for 2 passengers = 2*((39900-202)+(399-202)).", ["not_visible"]),
    # ... or as a difference with its result after "=" (blind set 84, a84_11 16)
    ("Step 2: 399-202 = 197 pp refund.", []),
    ("Step 2: 39900-202 = 39698 pp refund.", ["not_visible", "not_visible"]),  # (and its result)
])
def test_a_notes_amounts_per_passenger_and_the_users_window(convo: Any, thought: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Business for the three of us, flights leaving after 8am and before 9pm please.")
    c.call("search_direct_flight", {"origin": "IAH", "destination": "SEA", "date": "2024-05-24"}, [
        {"flight_number": "HAT286", "prices": {"business": 399}}, {"flight_number": "HAT047", "prices": {"business": 202}}])
    assert _kinds(c, c.call("think", {"thought": thought}, "")) == kinds


@pytest.mark.parametrize(("grounded_since", "novel"), [
    # blind set 80, t80_03 9: a lookup of a guessed line, done again once a lookup showed the line
    (True, True),
    (False, False),
])
def test_a_guessed_lookup_done_again_once_grounded(convo: Any, grounded_since: bool, novel: bool) -> None:
    from trajectory2gym.envs.telecom.policy import POLICY as TELECOM_POLICY

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom", system=TELECOM_POLICY)
    c.user("Hello, my phone has been showing No Service for a few hours now. I'm John Smith.")
    c.say("Hi John, sorry to hear that. Let me pull up your line.")
    line = {"line_id": "L1002", "phone_number": "555-123-2002", "status": "Active", "plan_id": "P1002",
            "device_id": "D1002", "data_used_gb": 8.7, "data_refueling_gb": 0.0, "roaming_enabled": True,
            "contract_end_date": "2026-12-31", "last_plan_change_date": "2024-12-15",
            "last_sim_replacement_date": "2025-01-20"}
    c.call("get_details_by_id", {"id": "L1002"}, line)  # guessed: nothing showed L1002
    c.say("Before I go further, I need to identify your account properly. Could you give me the phone number "
          "you're calling about, or your date of birth together with your full name?")
    c.user("Sure, the number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {
        "customer_id": "C1001", "full_name": "John Smith", "date_of_birth": "1985-06-15",
        "email": "john.smith@example.com", "phone_number": "555-123-2002", "account_status": "Active",
        "created_at": "2025-01-15T10:30:00", "goodwill_credit_used_this_year": 25.0,
        "line_ids": ["L1001", "L1002", "L1003"] if grounded_since else ["L1001", "L1003"],
        "bill_ids": ["B1001", "B1002", "B1003"]})
    i = c.call("get_details_by_id", {"id": "L1002"}, line)
    assert ("repeated_call" not in _kinds(c, i)) is novel


@pytest.mark.parametrize(("said", "kinds"), [
    # an identifier given as an example of its form (blind set 84, r84_01 8)
    ("Which order is it? If you have the order number (it looks like #W1234567), that's quickest.", []),
    ("Which order is it? For example #W1234567.", []),
    ("Your other order is #W1234567.", ["text_not_visible"]),
])
def test_an_identifier_given_as_an_example_of_its_form(convo: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("I want to return a water bottle.")
    assert _kinds(c, c.say(said)) == kinds


@pytest.mark.parametrize(("answer", "reply", "kinds"), [
    # blind set 104, a104_08 29: the answer settles the method on the one the description named
    ("Refunds go to a credit card or gift card, never to a certificate, and you only have gift_card_8058702 "
     "besides the certificate. So it would be the gift card.", "fine", []),
    ("Refunds go to a credit card or gift card, never to a certificate. So it would be the gift card.", "ok", []),
    # the answer ends on another method, or asks: no yes to the change
    ("Refunds go to a credit card or gift card, never to a certificate. So it would be a credit card.", "fine",
     ["not_confirmed"]),
    ("Refunds never go to a certificate. Would the gift card be fine?", "hmm", ["not_confirmed"]),
])
def test_a_bare_yes_after_an_answer_that_settles_the_described_method(convo: Any, answer: str, reply: str,
                                                                       kinds: list[str]) -> None:
    c = _airline(convo)
    c.say("Confirming: OGWXR5 to 2 checked bags, 1 charged at $50 to gift_card_8058702. Yes?")
    c.user("hmm, actually can i use my certificate instead?")
    c.say(answer)
    c.user(reply)
    i = c.call("update_reservation_baggages", {"reservation_id": "OGWXR5", "total_baggages": 2, "nonfree_baggages": 1,
                                               "payment_id": "gift_card_8058702"},
               {"reservation_id": "OGWXR5", "total_baggages": 2, "nonfree_baggages": 1})
    assert [k for k in _kinds(c, i) if k in ("not_confirmed", "confirmation_not_covering")] == kinds
