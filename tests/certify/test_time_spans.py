"""How long something takes, as a text tells the user, must be visible: a policy's "5-7 business
days" (certify/certifier.py ``_SPAN``)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.envs.registry import tool_specs

RETAIL_POLICY = "Refunds go back to the original payment method within 5-7 business days."


@pytest.mark.parametrize(("system", "said", "reasons"), [
    (RETAIL_POLICY, "The refund usually takes 5–7 business days to show up.", []),  # the policy's, an en dash
    ("You are an airline agent.", "The refund usually takes 5–7 business days to show up.",
     ["text states '5–7 business days' not in visible history"]),
    ("You are an airline agent.", "Disputes are usually resolved within 3 business days.",
     ["text states '3 business days' not in visible history"]),
    ("You are an airline agent.", "Your trip is in 3 days and the fare is refundable.", []),  # a count of days
    # How long something stays valid: a term, never a guess.
    ("You are an airline agent.", "Your certificate:\n- Valid for **12 months** on any booking",
     ["text states '12 months' not in visible history"]),
    ("Certificates are valid for 12 months.", "Your certificate:\n- Valid for **12 months** on any booking", []),
    # a limit on how often, said as a rule (blind set 79: t79_02 54, t79_10 51)
    ("You are a telecom agent.", "Per our policy, data can only be refuelled once per billing cycle.",
     ["text states 'once per billing cycle' not in visible history"]),
    ("Data can be refuelled once per billing cycle.", "Per our policy, data can only be refuelled once per billing "
     "cycle.", []),
    ("You are a telecom agent.", "A tip: check your usage once a week.", []),  # advice, no rule
    # ... in words, in a text with no digit (blind set 79, a79_01 40)
    ("You are an airline agent.", "Certificates are valid for one year from the date they were issued.",
     ["text states 'one year' not in visible history"]),
    ("Certificates are valid for one year.", "Certificates are valid for one year from the date they were issued.", []),
    ("You are an airline agent.", "The certificate expires in 30 days.", ["text states '30 days' not in visible history"]),
    ("You are a retail agent.", "Returns are accepted within 30 days of delivery.",
     ["text states '30 days' not in visible history"]),
    ("Returns are accepted within 30 days of delivery.", "You can return it within 30 days of delivery.", []),
    # A window to act in, said of nothing (blind audit r54_10); taken back once owned up to.
    ("You are a retail agent.", "No rush — you have **30 days** from delivery to return items.",
     ["text states '30 days' not in visible history"]),
    ("You are a retail agent.", "Items can be returned in a 30-day return window.",
     ["text states '30' not in visible history"]),
    ("Returns are accepted within 30 days of delivery.", "You're inside the 30-day window.", []),
    # ... or a time to act by (blind set 77, r77_01)
    ("You are a retail agent.", "Please remember you have 30 days to ship the speaker back.",
     ["text states '30 days' not in visible history"]),
    ("Ship returned items back within 30 days.", "Please remember you have 30 days to ship the speaker back.", []),
    ("You are a telecom agent.", "You have 2 weeks to pay the bill.", ["text states '2 weeks' not in visible history"]),
    ("You are an airline agent.", "You have 3 days to go before your flight.", []),  # not "to" of a deadline: a count
    ("You are a retail agent.", "I said there's a 30-day window, but I have no return deadline — sorry.", []),
    # a window said to be none there is (blind set 92, r92_02 59)
    ("You are a retail agent.", "Our policy doesn't actually state a 30-day window. Apologies for the confusion.", []),
    ("You are a retail agent.", "Our policy does state a 30-day window.", ["text states '30' not in visible history"]),
    # A time frame promised: "within 24 hours", "takes about 24 hours".
    ("You are a retail agent.", "The refund will reach your PayPal account within 24 hours.",
     ["text states '24 hours' not in visible history"]),
    ("You are a telecom agent.", "Roaming takes about **24 hours** to become active.",
     ["text states '24 hours' not in visible history"]),
    ("Roaming can take up to 24 hours to activate.", "Roaming takes about 24 hours to become active.", []),
    ("You are an airline agent.", "Your flight leaves in 3 days.", []),  # a count, not a promise
])
def test_a_processing_time_must_be_visible(convo: Any, at: Any, system: str, said: str, reasons: list[str]) -> None:
    c = convo(system=system)
    c.user("When do I get my money back?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("said", "reasons"), [
    # an end of the range the user gave (blind set 94, a94_06 18)
    ("Both nonstops are within 3 hours of your original departure.", []),
    ("Both nonstops are within 4 hours of your original departure.", []),
    ("Both nonstops are within 5 hours of your original departure.",
     ["text states '5 hours' not in visible history"]),
    ("The refund takes about 3 days.", ["text states '3 days' not in visible history"]),  # another unit
])
def test_a_time_frame_the_user_gave_as_a_range(convo: Any, at: Any, said: str, reasons: list[str]) -> None:
    c = convo(system="You are an airline agent.")
    c.user("I'm OK with anything within 3-4 hours of my original departure time from Atlanta.")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("said", "reasons"), [
    # A limit in months, where the tool says "at most six months" (blind sets 61, 71, 72: t61_05, t71_02, t72_04)
    ("You can resume it any time within 12 months.", ["text states '12 months' not in visible history"]),
    ("A line can stay suspended for up to 12 months.", ["text states '12 months' not in visible history"]),
    ("It has renewed for another 12 months.", ["text states '12 months' not in visible history"]),
    ("A line can stay suspended for up to 6 months.", []),  # the tool's "six months", in digits
    ("You can resume it within six months.", []),
    ("It was suspended about 2 months ago.", []),  # a count of time, not a limit
])
def test_a_limit_in_months_must_be_visible(convo: Any, at: Any, said: str, reasons: list[str]) -> None:
    c = convo(system="You are a telecom agent.", tools=[s.model_dump(mode="json") for s in tool_specs("telecom")],
              domain="telecom")
    c.user("Please suspend my line while I travel. How long can it stay suspended?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("system", "said", "reasons"), [
    # a threshold of time the policy does not give (blind sets 65, 70, 74: t65_02, t70_11, a74_12, t74_10)
    ("You are an airline agent.", "Delays under 5 hours don't qualify for compensation.",
     ["text states '5 hours' not in visible history"]),
    ("Delays of 5 hours or more are compensated.", "Delays under 5 hours don't qualify for compensation.", []),
    ("You are a telecom agent.", "Lines are only suspended once a bill is 60 days overdue.",
     ["text states '60 days' not in visible history"]),
    ("You are a telecom agent.", "Roaming switches off after 30 days abroad.",
     ["text states '30 days' not in visible history"]),
    ("Cancel within 24 hours of booking for a refund.", "It was booked over 3 days ago, so not within 24 hours.", []),
])
def test_a_threshold_of_time_must_be_visible(convo: Any, at: Any, system: str, said: str, reasons: list[str]) -> None:
    c = convo(system=system)
    c.user("What are the rules?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


@pytest.mark.parametrize(("description", "ok"), [
    # an email a tool says the user receives, said to come by itself (blind set 90, r90_06 62)
    ("Return items. The user will receive follow-up email for how and where to return the item.", True),
    ("Return items; the user gets return instructions by email.", True),
    ("Return items.", False),
])
def test_an_email_a_tool_sends_may_come_automatically(convo: Any, at: Any, description: str, ok: bool) -> None:
    from .conftest import RETAIL_TOOLS

    tools = [{**t, "function": {**t["function"], "description": description}}
             if t["function"]["name"] == "return_delivered_order_items" else t for t in RETAIL_TOOLS]
    c = convo(tools=tools)
    c.user("Can you email me a summary?")
    i = c.say("I can't send emails myself. The return instructions email will come automatically.")
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("system", "said", "ok"), [
    # what happens by itself, said of nothing (blind sets 62, 65, 74: t62_07, t65_01, t65_03, t74_09, t74_11)
    ("You are a telecom agent.", "Roaming is on. It will switch off automatically once you're back in the US.", False),
    ("You are a telecom agent.", "Done: it is suspended, and it will automatically resume on 2025-05-25.", False),
    ("Roaming switches off automatically when the customer returns.",
     "Roaming is on. It will switch off automatically once you're back in the US.", True),
    ("You are a telecom agent.", "Roaming is on. Please turn it off yourself once you're back.", True),
    # the verb before the word (blind sets 67, 73: t67_12, t73_08, t73_10)
    ("You are a telecom agent.", "Roaming stays on for 30 days and then switches off automatically.", False),
    ("You are a telecom agent.", "Don't worry, your card ending 1235 is set to pay it automatically.", False),
    # a suspension said to come by itself (blind set 93, t93_07 36)
    ("You are a telecom agent.", "Lines are automatically suspended once their contract has ended.", False),
    ("You are a telecom agent.", "I want to correct myself: I told you lines are suspended automatically when a "
                                 "contract ends - that isn't a rule I actually have, sorry.", True),  # taken back
    ("Lines are automatically suspended once their contract has ended.",
     "Lines are automatically suspended once their contract has ended.", True),
    # a rule or a benefit only a policy gives (blind sets 69, 72, 74: t69_02, a72_09, a74_07, a74_09, t74_03)
    ("You are a telecom agent.", "Added 2.0 GB. Unused top-up data rolls over into next cycle.", False),
    ("Unused top-up data rolls over into the next cycle.", "Added 2.0 GB. Unused top-up data rolls over into next cycle.",
     True),
    ("You are an airline agent.", "Upgraded business fares are non-refundable.", False),
    ("You are an airline agent.", "You'll need a doctor's note for the insurance claim.", False),
    ("You are an airline agent.", "Both of you will enjoy complimentary lounge access.", False),
    ("You are an airline agent.", "Your upgrade is done.", True),
    # conditions and perks no policy here has (blind sets 81, 82: r81_10 29, t82_08 60, a82_05 54, a79_07 30)
    ("You are a retail agent.", "Exchanges require the original puzzle to be returned in its unopened packaging.",
     False),
    ("You are a telecom agent.", "You'll need to bring photo ID to a store to get a PUK code.", False),
    ("You are an airline agent.", "Yes — seat selection is included free with basic economy.", False),
    ("You are an airline agent.", "Gold members are eligible for a complimentary upgrade at the gate.", False),
    # ... denied, taken back (a79_07 32, r81_10 33)
    ("You are an airline agent.", "I was wrong: our policy doesn't include any complimentary upgrades.", True),
    ("You are a retail agent.", "I don't actually have any rule about unopened packaging, so please disregard that.",
     True),
    ("You are an airline agent.", "Nothing in our policy provides a refund for an unused non-refundable reservation.",
     True),  # (blind set 83, a83_09 33)
    ("You are an airline agent.", "I was wrong about a doctor's note, and I apologize.", True),  # (a89_12 46)
    # vouchers and warranties (blind sets 83, 84: a83_01 57, r84_11 32)
    ("You are an airline agent.", "Business-class tickets also qualify for a 50% credit voucher.", False),
    ("You are a retail agent.", "The automatic models include a 2-year warranty.", False),
    # a credit no policy here gives (blind set 89, t89_06 49)
    ("You are a telecom agent.", "A one-day service credit will be applied to your next bill automatically.", False),
    ("You are a retail agent. Items carry a one-year warranty.", "Please disregard what I said about warranties.", True),
    # shipping said free, which no policy here says (blind sets 89, 90: r89_03 46, r90_07 33)
    ("You are a retail agent.", "Yes, exchanges always ship free both ways.", False),
    ("You are a retail agent.", "No — exchanges for defective items always ship free of charge, both ways.", False),
    ("You are a retail agent.", "I don't know whether exchanges ship free, I'm afraid.", True),
    ("You are a retail agent. Exchanges ship free both ways.", "Yes, exchanges ship free both ways.", True),
    ("You are a retail agent.", "No, return shipping is always free of charge.", False),  # (blind set 87, r87_06 59)
    # a partial refund, which no policy here gives (blind set 89, r89_07 18)
    ("You are a retail agent.", "If anything is missing, only a partial refund is issued.", False),
    ("You are a retail agent. Returns missing parts get a partial refund.", "Missing parts mean a partial refund.", True),
    # said of whatever the user asks for, no rule (blind set 93, a93_18 24)
    ("You are an airline agent.", "Any partial refund would still be a refund on a reservation that doesn't qualify.", True),
    ("You are an airline agent.", "Any cancellation gets a partial refund.", False),
    # an email and a reference no tool here sends (blind set 89, r89_11 16)
    ("You are a retail agent.", "You'll also get a cancellation confirmation email with a reference number shortly.",
     False),
    ("You are a retail agent. A confirmation email with a reference number is sent after each cancellation.",
     "You'll also get a confirmation email with a reference number shortly.", True),
    ("You are an airline agent. A booking made within 24 hours may be cancelled.",
     "The refund will also be confirmed by email within 24 hours.", False),  # (blind set 85, a85_03 58)
    # roaming said included in a plan (blind sets 87, 90: t87_06 70, t90_01 23)
    ("You are a telecom agent of the Premium Plan.", "And roaming in France is included in your Premium Plan, so there "
     "are no per-day charges.", False),
    ("You are a telecom agent.", "I can't tell whether roaming is included in your plan.", True),
    ("You are a telecom agent of the Premium Plan.", "No: on the Premium Plan, roaming within the EU is included at no "
     "extra charge.", False),  # an answer's "No:" (blind set 89, t89_07 56)
    # ... or free (blind set 93, t93_12 66)
    ("You are a telecom agent.", "Roaming itself is free everywhere in the EU on our network.", False),
    ("Roaming itself is free in the EU on our network.", "Roaming itself is free everywhere in the EU on our network.",
     True),
    # ... or said to cost nothing extra (blind set 94: t94_01 46, t94_06 54, t94_10 69)
    ("You are a telecom agent.", "No extra cost - roaming data in the EU comes out of your allowance.", False),
    ("You are a telecom agent.", "Roaming in Mexico has no daily fee on your plan.", False),
    ("You are a telecom agent.", "Canada is covered at no extra roaming cost.", False),
    ("There is no extra roaming cost in Canada.", "Canada is covered at no extra roaming cost.", True),
    ("You are a retail agent.", "The bookshelf always arrives within the original delivery window.", False),  # (r89_01 42)
    ("You are a telecom agent.", "The refuelled data expires at the end of the cycle, so any unused part is lost.",
     False),  # (blind set 87, t87_12 36)
    # rules of Wi-Fi Calling abroad no policy here gives (blind sets 81, 89, 90: t81_10 42, t89_09 42, t90_11 51)
    ("You are a telecom agent.", "Abroad, Wi-Fi Calling must be switched off by regulation.", False),
    ("You are a telecom agent.", "Also, Wi-Fi Calling used abroad is billed as international calls.", False),
    ("You are a telecom agent.", "Roaming lets your line work abroad; international roaming is off now.", True),
    # when an item comes back in stock (blind set 90, r90_09 34)
    ("You are a retail agent.", "It's unavailable now. It should be back in stock within a week or two.", False),
    ("You are a retail agent.", "It's unavailable now, and I can't tell when it will be back in stock.", True),
    ("Items out of stock are restocked within 10 days.", "It should be back in stock within 10 days.", True),
])
def test_what_only_a_policy_gives_must_be_visible(convo: Any, at: Any, system: str, said: str, ok: bool) -> None:
    c = convo(system=system)
    c.user("Anything else I should know?")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


def test_a_span_stands_on_one_line() -> None:
    # a list's amount, then the next line's count (blind set 64, r64_09): no "18 - 10 hours"
    from trajectory2gym.certify.policy_times import SPAN

    assert SPAN.search("Speakers:\n- water resistant: $321.18\n- 10 hours battery: $285.94") is None
    assert SPAN.search("It takes 5 - 7 business days.") is not None


def test_a_processing_time_the_user_said_is_visible(convo: Any, at: Any) -> None:
    c = convo(system="You are an airline agent.")
    c.user("The last agent told me refunds take 2 to 3 weeks. Is that right?")
    i = c.say("Yes, refunds take 2 to 3 weeks, as you were told.")
    assert at(certify_interaction(c.build()), i).eligible


@pytest.mark.parametrize(("said", "eligible"), [("HAT066 leaves 21:00, arrives 01:30 next day.", True),
                                                # said as the arrival, its day left unsaid (blind sets 79
                                                # and 82: a79_01 34, a82_05 38 and 46)
                                                ("HAT066 leaves 21:00, arrives 01:30.", True),
                                                ("HAT066: SEA 21:00 → JFK 01:30.", True),
                                                ("HAT066 leaves at 01:30.", False),  # no arrival: the departure is 21:00
                                                # other words for arriving (blind sets 92 and 93: a92_07 30,
                                                # a93_19 54)
                                                ("HAT066 leaves 21:00 and reaches JFK at 01:30.", True),
                                                ("HAT066 gets in at 01:30.", True),
                                                ("The connection from HAT066's 01:30 ET arrival is tight.", True),
                                                ("HAT066's 01:30 departure is early.", False),
                                                ("HAT066 leaves 21:00, arrives 02:30 next day.", False),
                                                # its day said later in the sentence
                                                ("HAT066 lands at 01:30, which is early on **May 24**.", True),
                                                # said to be after midnight (blind set 79, a79_05 58)
                                                ("HAT066 lands at **01:30 EST**, i.e. just after midnight.", True),
                                                ("HAT066 lands at 01:30. May 24 is a Friday.", True),
                                                # a span whose arrival carries the next-day mark in brackets (a68_11)
                                                ("HAT066 21:00-01:30(+1) has seats.", True),
                                                ("HAT066 21:00-02:30(+1) has seats.", False)])
def test_an_arrival_shown_for_the_next_day_said_as_next_day(convo: Any, at: Any, said: str, eligible: bool) -> None:
    c = convo(system="You are an airline agent.")
    c.user("What time does HAT066 leave on May 23? I land on May 24, right?")
    c.call("get_order_details", {"order_id": "HAT066"}, {"flight_number": "HAT066", "scheduled_departure_time_est":
                                                         "21:00:00", "scheduled_arrival_time_est": "01:30:00+1"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is eligible


def test_a_span_the_policy_writes_with_a_dash_may_be_said_with_to(convo: Any, at: Any) -> None:
    c = convo(system="You are a retail agent. Refunds to other methods take 5-7 business days.")
    c.user("how long does the refund take?")
    right = c.say("The refund reaches your card within 5 to 7 business days.")
    wrong = c.say("The refund reaches your card within 3 to 5 business days.")
    out = certify_interaction(c.build())
    assert at(out, right).eligible
    assert not at(out, wrong).eligible


def test_a_time_on_the_hour_with_am_or_pm_must_be_shown(convo: Any, at: Any) -> None:
    c = convo(system="You are an airline agent.")
    c.user("what flights are there tomorrow?")
    c.call("get_order_details", {"order_id": "HAT044"}, [
        {"flight_number": "HAT044", "scheduled_departure_time_est": "20:00:00", "scheduled_arrival_time_est": "22:30:00"},
        {"flight_number": "HAT138", "scheduled_departure_time_est": "11:00:00", "scheduled_arrival_time_est": "13:30:00"}])
    right = c.say("HAT044 leaves at 8pm and arrives at 10:30pm; the other one leaves at 11am.")
    wrong = c.say("HAT044 leaves at 8pm; the other one leaves at 9am.")
    out = certify_interaction(c.build())
    assert at(out, right).reasons == []
    assert at(out, wrong).reasons == ["text states '9am' not in visible history"]


@pytest.mark.parametrize(("said", "eligible"), [
    ("HAT112 departs at 22:00 and arrives at 01:00 the next morning (May 28).", True),
    ("HAT112 departs at 22:00 and arrives at 01:00 on May 29.", False),
])
def test_the_day_after_a_searched_day_for_an_arrival_shown_next_day(convo: Any, at: Any, said: str,
                                                                     eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("what time does my May 27 flight HAT112 leave?")
    c.call("search_direct_flight", {"origin": "IAH", "destination": "LAS", "date": "2024-05-27"}, [
        {"flight_number": "HAT112", "scheduled_departure_time_est": "22:00:00",
         "scheduled_arrival_time_est": "01:00:00+1"}])
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is eligible


def test_an_overnight_connections_day_is_the_day_after_the_search(convo: Any, at: Any) -> None:
    """Blind set 76, a76_03: the first leg searched on May 23 lands "01:30:00+1", so the second leg's
    search, its date in a text and the first leg's landing day are May 24; May 25 is none of them."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("move my SEA to CLT trip VJ03FR to a May 23 departure")
    c.call("get_reservation_details", {"reservation_id": "VJ03FR"}, {"reservation_id": "VJ03FR", "flights": [
        {"origin": "SEA", "destination": "BOS", "flight_number": "HAT253", "date": "2024-05-21"},
        {"origin": "BOS", "destination": "CLT", "flight_number": "HAT260", "date": "2024-05-22"}]})
    c.call("search_direct_flight", {"origin": "SEA", "destination": "BOS", "date": "2024-05-23"}, [
        {"flight_number": "HAT253", "scheduled_departure_time_est": "20:00:00",
         "scheduled_arrival_time_est": "01:30:00+1"}])
    searches = [c.call("search_direct_flight", {"origin": "BOS", "destination": "CLT", "date": day}, [
        {"flight_number": "HAT277", "scheduled_departure_time_est": "19:00:00",
         "scheduled_arrival_time_est": "21:00:00"}]) for day in ("2024-05-24", "2024-05-25")]
    said = [c.say(text) for text in (
        "HAT253 leaves at 20:00 on May 23 and lands at 01:30 on May 24.", "Flight 2: HAT277 BOS → CLT, 2024-05-24.",
        "HAT253 leaves at 20:00 on May 23 and lands at 01:30 on May 25.")]
    out = certify_interaction(c.build())
    assert [at(out, i).eligible for i in searches] == [True, False]
    assert [at(out, i).eligible for i in said] == [True, True, False]


def test_an_overnight_connections_day_is_searched_from_where_it_lands(convo: Any, at: Any) -> None:
    """Blind set 90, a90_07 36: LAX-EWR on May 25 lands at 01:30 on May 26; a search from EWR that day
    is its connection, one from LAX (which it leaves) takes a day no one gave."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I need to get back from LA to New York (JFK is fine) on May 25.")
    c.call("search_direct_flight", {"origin": "LAX", "destination": "EWR", "date": "2024-05-25"}, [
        {"flight_number": "HAT228", "origin": "LAX", "destination": "EWR", "scheduled_departure_time_est": "20:00:00",
         "scheduled_arrival_time_est": "01:30:00+1"}])
    searches = [c.call("search_direct_flight", {"origin": origin, "destination": "JFK", "date": "2024-05-26"}, [])
                for origin in ("EWR", "LAX")]
    out = certify_interaction(c.build())
    assert [at(out, i).eligible for i in searches] == [True, False]


def test_a_time_the_user_wrote_and_a_next_day_arrival_marked_plus_one(convo: Any, at: Any) -> None:
    c = convo(system="You are an airline agent.")
    c.user("I don't want to leave before 11am.")
    c.call("get_order_details", {"order_id": "HAT172"}, {"flight_number": "HAT172", "scheduled_departure_time_est":
                                                         "23:00:00", "scheduled_arrival_time_est": "00:00:00+1"})
    right = c.say("Both direct flights leave before 11am; HAT172 leaves LGA 23:00 and lands 00:00 (+1 day).")
    bare = c.say("HAT172 leaves LGA 23:00 and lands 00:00.")  # the arrival shown, its day unsaid (blind set 82)
    wrong = c.say("HAT172 leaves LGA 23:00 and lands 01:00.")
    out = certify_interaction(c.build())
    assert at(out, right).reasons == [] and at(out, bare).reasons == []
    assert "text states '01:00' not in visible history" in at(out, wrong).reasons


@pytest.mark.parametrize(("said", "reasons"), [
    # the user's times written the 24-hour way (blind set 79, a79_12 8)
    ("Got it: departures between 08:00 and 21:00. Let me search.", []),
    ("Got it: departures between 8:00 AM and 9:00 PM. Let me search.", []),
    ("Got it: departures between 09:00 and 21:00. Let me search.", ["text states '09:00' not in visible history"]),
])
def test_the_users_times_written_another_way(convo: Any, at: Any, said: str, reasons: list[str]) -> None:
    c = convo(system="You are an airline agent.")
    c.user("I prefer flights leaving after 8am and before 9pm.")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons


SEARCH = [
    {"flight_number": "HAT218", "scheduled_departure_time_est": "18:00:00", "scheduled_arrival_time_est": "20:30:00"},
    {"flight_number": "HAT039", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "03:00:00+1"},
    {"flight_number": "HAT149", "scheduled_departure_time_est": "08:00:00", "scheduled_arrival_time_est": "11:00:00"},
    {"flight_number": "HAT207", "scheduled_departure_time_est": "15:00:00", "scheduled_arrival_time_est": "18:00:00"}]


@pytest.mark.parametrize(("said", "reasons"), [
    # Two times joined by a dash, each with am/pm: each is read.
    ("HAT218, 6:00 PM–8:30 PM, then HAT039.", []),
    ("HAT218, 6:00 PM–9:30 PM, then HAT039.", ["text states '9:30 PM' not in visible history",
                                               "text gives HAT218 the time '6:00 PM–9:30 PM', where the "
                                               "observations show 20:30"]),
    # Two flights joined by a slash: each is said.
    ("Your legs are HAT218/HAT039.", []),
    ("Your legs are HAT218/HAT093.", ["text states 'HAT218/HAT093' not in visible history"]),
    # A next-day arrival said with its day.
    ("HAT039 leaves at 10:00 PM, arriving 3:00 AM on May 21.", []),
    ("HAT039 leaves at 10:00 PM, arriving 3:00 AM May 21.", []),
    ("HAT039 leaves at 10:00 PM, arriving 4:00 AM on May 21.", ["text states '4:00 AM' not in visible history",
                                                                "text gives HAT039 the time '4:00 AM', where the "
                                                                "observations show 03:00"]),
    # The times of the other flights, in a sentence that names one.
    ("HAT207 at 3:00 PM is the latest (the others leave at 8:00 AM and 6:00 PM).", []),
    ("HAT207 at 3:00 PM is the latest; it leaves at 8:00 AM.",
     ["text gives HAT207 the time '8:00 AM', where the observations show 15:00"]),
])
def test_times_joined_dated_or_said_of_the_others(convo: Any, at: Any, said: str, reasons: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("What flights are there from JFK to SEA on May 20?")
    c.call("search_direct_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}, SEARCH)
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == reasons
