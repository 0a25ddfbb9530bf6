"""Days counted from a date to the current date the conversation states (certify/elapsed.py)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.dates import shifted, spans_in
from trajectory2gym.certify.elapsed import (
    as_decimal_hours,
    hours_between_said,
    hours_of_flights,
    hours_since,
    miscounted_days,
    misspanned,
    not_within_a_day,
    now_in,
    today_in,
)
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


def test_hours_since_a_records_time() -> None:
    now = now_in("The current time is 2024-05-15 15:00:00 EST.")
    assert now == datetime(2024, 5, 15, 15, 0)
    assert now_in("Today's date is 2025-02-25.") is None  # a date, no time
    shown = ['{"reservation_id": "ax3oxq", "created_at": "2024-05-14t08:03:29"}']
    assert [h for h in range(28, 34) if hours_since(h, now, shown)] == [30, 31]  # 30 h 57 min, either way
    assert not hours_since(31, now, ['{"created_at": "2024-05-16t08:03:29"}'])  # a time still to come


@pytest.mark.parametrize(("said", "ok"), [("about 31 hours", True), ("about 30 hours", True),
                                          ("about 40 hours", False)])
def test_hours_since_a_booking_are_grounded_by_the_current_time(convo: Any, at: Any, said: str, ok: bool) -> None:
    c = convo(system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.", domain="airline")
    c.user("can i cancel AX3OXQ?")
    c.call("get_reservation_details", {"reservation_id": "AX3OXQ"},
           {"reservation_id": "AX3OXQ", "cabin": "basic_economy", "created_at": "2024-05-14T08:03:29"})
    i = c.say(f"AX3OXQ was booked {said} ago, so it is past the 24-hour window.")
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("text", "found"), [
    # blind sets 64 and 70 (a64_12, a70_11): a booking more than a day old said to be within 24 hours
    ("- Booked 2024-05-14 12:34, within the last 24 hours", [("2024-05-14 12:34", 26.4)]),
    ("It was booked 2024-05-14 at 11:00, which is within the last 24 hours, so it can be cancelled.",
     [("2024-05-14 at 11:00", 28.0)]),
    ("It was booked 2024-05-14 at 16:00, which is within the last 24 hours.", []),  # 23 hours
    ("It was booked 2024-05-14 at 11:00, so it is not within the last 24 hours.", []),
    ("If it was booked within the last 24 hours (2024-05-14 at 11:00 is not), it could be cancelled.", []),
    # "the 24-hour window" (blind set 73, a73_06)
    ("- Booked 2024-05-14 09:31, so it's still within the 24-hour window", [("2024-05-14 09:31", 29.5)]),
    ("- Booked 2024-05-14 16:31, so it's still within the 24-hour window", []),
    # the month by its name (blind set 74, a74_01)
    ("Yes, it can be cancelled: it was booked within the last 24 hours (May 14 at 11:06).", [("May 14 at 11:06", 27.9)]),
    ("Yes, it can be cancelled: it was booked within the last 24 hours (May 14 at 16:06).", []),
    # a date alone, at least as old as its last minute (blind set 78, a78_12)
    ("It was booked 2024-05-13, within the last 24 hours, and it's business.", [("2024-05-13", "at least 39.0")]),
    ("It was booked 2024-05-14, within the last 24 hours.", []),  # it may have been after 15:00 that day
    # an item of the rule's conditions, the booking's day beside it (blind set 84, a84_05 8)
    ("It can be cancelled only if at least one of these applies:\n- booked within the last 24 hours (it was booked "
     "on 2024-05-01),\n- the cabin is business.", []),
    ("Here is why it can be cancelled:\n- booked within the last 24 hours (booked on 2024-05-01),\n- economy.",
     [("2024-05-01", "at least 327.0")]),
])
def test_a_booking_said_to_be_within_a_day(text: str, found: list[tuple[str, float | str]]) -> None:
    assert not_within_a_day(text, datetime(2024, 5, 15, 15, 0)) == found


@pytest.mark.parametrize(("created", "found"), [
    # no time said: the one booking the text names, by its record (blind set 79, a79_12 55)
    ("2024-05-13T21:53:00", [("DXG8T6", 41.1)]),
    ("2024-05-15T08:00:00", []),
])
def test_a_booking_said_within_a_day_by_its_record(created: str, found: list[tuple[str, float | str]]) -> None:
    text = "DXG8T6 is a round trip PHX → MSP in business. It was booked within the last 24 hours, so it can be cancelled."
    assert not_within_a_day(text, datetime(2024, 5, 15, 15, 0), ("DXG8T6", created)) == found
    assert not_within_a_day(text, datetime(2024, 5, 15, 15, 0)) == []  # no record given
    # a rule's list of conditions (blind set 80, a80_07 13)
    # ... or a sentence of them (blind set 83, a83_08 48)
    said = ("Sorry, the cancellation conditions are the same for all members: booked within 24 hours, an "
            "airline-cancelled flight, business class. DXG8T6 doesn't meet any of them.")
    assert not_within_a_day(said, datetime(2024, 5, 15, 15, 0), ("DXG8T6", "2024-05-13T21:53:00")) == []
    rules = "DXG8T6 can be cancelled only if one of these applies:\n\n1. It was booked within the last 24 hours\n2. ..."
    assert not_within_a_day(rules, datetime(2024, 5, 15, 15, 0), ("DXG8T6", created)) == []
    # ... said as what cancelling requires (blind set 84, a84_08 8)
    requires = ("I'm sorry, but DXG8T6 can't be cancelled. Cancellation requires one of: booking within the last 24 "
                "hours, an airline-cancelled flight, business cabin, or travel insurance with a covered reason.")
    assert not_within_a_day(requires, datetime(2024, 5, 15, 15, 0), ("DXG8T6", "2024-05-13T21:53:00")) == []
    # ... with no colon before the conditions (blind set 102, a102_09 10)
    requires = ("Cancellation requires booking within the last 24 hours, an airline-cancelled flight, or a business "
                "cabin, and none of these applies to DXG8T6.")
    assert not_within_a_day(requires, datetime(2024, 5, 15, 15, 0), ("DXG8T6", "2024-05-13T21:53:00")) == []


def test_a_booking_said_to_be_within_a_day_is_not_grounded(convo: Any, at: Any) -> None:
    c = convo(system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.", domain="airline")
    c.user("can i cancel ETUGNL?")
    c.call("get_reservation_details", {"reservation_id": "ETUGNL"},
           {"reservation_id": "ETUGNL", "cabin": "business", "created_at": "2024-05-14T12:34:00"})
    i = c.say("ETUGNL was booked 2024-05-14 12:34, within the last 24 hours.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == ["text_not_within_a_day"]


@pytest.mark.parametrize(("text", "spans"), [
    ("A line can stay suspended for at most six months.", {(6, "month")}),
    ("Returns within 30 days; refunds take 5-7 business days.", {(30, "day")}),
    ("valid for one year, or 2 weeks after use", {(1, "year"), (2, "week")}),
    ("a $5 a month holding fee", set()),  # a rate, not a span
    ("Monthly plans, yearly contracts.", set()),
])
def test_spans_of_time_a_text_states(text: str, spans: set[tuple[int, str]]) -> None:
    assert spans_in(text) == spans


@pytest.mark.parametrize(("day", "count", "unit", "moved"), [
    (date(2025, 2, 25), 6, "month", date(2025, 8, 25)),
    (date(2025, 8, 31), 6, "month", date(2026, 2, 28)),  # the month's last day where it has fewer
    (date(2024, 2, 29), 1, "year", date(2025, 2, 28)),
    (date(2025, 2, 25), -2, "week", date(2025, 2, 11)),
    (date(2025, 2, 25), 30, "day", date(2025, 3, 27)),
])
def test_a_date_moved_by_a_span(day: date, count: int, unit: str, moved: date) -> None:
    assert shifted(day, count, unit) == moved


@pytest.mark.parametrize(("said", "ok"), [
    ("555-694-5194 is suspended as of 2025-02-25. It can stay suspended for up to six months, until 2025-08-25.",
     True),
    ("It can stay suspended for up to six months, until August 25, 2025.", True),
    ("It can stay suspended for up to six months, until 2025-07-25.", False),  # five months
    ("It can stay suspended until 2025-08-25.", False),  # no span said: a date from nowhere
])
def test_a_date_a_stated_span_from_a_visible_one(convo: Any, at: Any, said: str, ok: bool) -> None:
    # (the policy gives the limit: a limit said of nothing is a miss of its own, test_time_spans)
    c = convo(system="You help telecom customers. A line stays suspended at most six months. Today's date is 2025-02-25.")
    c.user("Please suspend my line 555-694-5194 while I travel.")
    c.call("get_order_details", {"order_id": "#W1185"}, {"line_id": "L1185", "status": "Suspended",
                                                         "suspension_start_date": "2025-02-25"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


@pytest.mark.parametrize(("number", "text", "derived"), [
    # a layover worked out from the two times the sentence states (blind set 79: a79_05 56, a79_11 36)
    ("6.5", "Yes — you land at LGA at 16:30 and HAT172 leaves at 23:00, so about a 6.5-hour layover.", True),
    ("19.5", "HAT079 lands at ORD at 02:30 EST and HAT020 leaves at 22:00 EST, so the layover is about **19.5 hours**.",
     True),
    ("7.5", "You land at 16:30 and HAT172 leaves at 23:00, so a 7.5-hour layover.", False),
    ("7", "You land at 16:30 and HAT172 leaves at 23:00, so about a 7-hour layover.", True),  # "about"
    ("7", "You land at 16:30 and HAT172 leaves at 23:00, so a 7-hour layover.", False),
    ("6.5", "HAT172 leaves at 23:00. That is a 6.5-hour layover.", False),  # one time in its sentence
    ("8.5", "You land at 4:30 pm and HAT172 leaves at 1:00 am, so an 8.5-hour wait.", True),  # past midnight
    # the times in the sentence before (blind set 80, a80_10 40)
    ("5.5", "HAT041 arrives at 12:30 EST. Before, you'd have arrived at 18:00, so about 5.5 hours earlier now.", True),
    ("5.5", "HAT041 arrives at 12:30 EST. I checked. Before, you'd have arrived at 18:00, so 5.5 hours earlier.", False),
    # ... or in the list of legs right before it (blind set 85: a85_05 28, a85_05 44, a85_06 45)
    ("10.5", "Your itinerary:\n\n- **HAT028** MCO 05:00 → BOS 08:30\n- **HAT277** BOS 19:00 → CLT 21:00\n\n"
             "That's a 10.5-hour layover in Boston.", True),
    ("11.5", "Your itinerary:\n\n- **HAT028** MCO 05:00 → BOS 08:30\n- **HAT277** BOS 19:00 → CLT 21:00\n\n"
             "That's a 11.5-hour layover in Boston.", False),
    # written short, in a table's row (blind set 85, a85_06 51)
    ("2.5", "| A | HAT068 IAH 11:00→JFK 14:30, HAT014 JFK 17:00→MIA 20:00 | 2.5h | $293 |", True),
    ("4.5", "| A | HAT068 IAH 11:00→JFK 14:30, HAT014 JFK 17:00→MIA 20:00 | 4.5h | $293 |", False),
])
def test_hours_between_two_times_a_sentence_states(number: str, text: str, derived: bool) -> None:
    assert hours_between_said(number, text) is derived


@pytest.mark.parametrize(("number", "derived"), [("6.5", True), ("7.5", False)])
def test_hours_from_a_time_the_message_before_states(number: str, derived: bool) -> None:
    # blind set 83, a83_04 56: the connection's departure in the agent's message before
    earlier = "HAT172 leaves LGA at 23:00 and arrives in PHL at 00:00, so just after midnight on May 25."
    text = f"HAT110 departs ATL at 14:00 and lands at LGA at 16:30, so you'd have a {number}-hour connection."
    assert hours_between_said(number, text, earlier) is derived


@pytest.mark.parametrize(("token", "hours"), [("2h30", "2.5"), ("0h30", "0.5"), ("3h15", "3.25"), ("14h", None),
                                              ("2h75", None), ("HAT230", None)])
def test_hours_and_minutes_written_short(token: str, hours: str | None) -> None:
    assert as_decimal_hours(token) == hours


SCHEDULE = {("HAT025", "departure"): {"04:00"}, ("HAT025", "arrival"): {"07:30"},
            ("HAT023", "departure"): {"14:00"}, ("HAT023", "arrival"): {"20:00"},
            ("HAT072", "departure"): {"09:00"}, ("HAT072", "arrival"): {"13:00"}}


@pytest.mark.parametrize(("number", "text", "derived"), [
    # a table's row of one itinerary: the wait between its flights, the whole trip (blind set 88, a88_11 29)
    ("6.5", "| HAT025 + HAT023 | JFK | 04:00 | 20:00 | 6.5h | 16h | $290 |", True),
    ("16", "| HAT025 + HAT023 | JFK | 04:00 | 20:00 | 6.5h | 16h | $290 |", True),
    ("5.5", "| HAT025 + HAT023 | JFK | 04:00 | 20:00 | 5.5h | 16h | $290 |", False),
    # the flights in the order named: HAT023's arrival to HAT025's departure is no wait of this trip
    ("8", "| HAT025 + HAT023 | 8h |", False),
    # one flight's time in the air, said after it (a88_11 29: "the nonstop HAT072, which takes 4 hours")
    ("4", "The nonstop HAT072 takes 4 hours.", True),
    ("5", "The nonstop HAT072 takes 5 hours.", False),
    ("4", "A nonstop takes 4 hours.", False),  # no flight named
    # the flights of the two sentences before (a88_12 50)
    ("4.5", "HAT025 leaves at 04:00 and lands at 07:30; HAT023 leaves at 14:00. That's 6.5h with a 4.5h wait.", False),
    ("6.5", "HAT025 leaves at 04:00 and lands at 07:30; HAT023 leaves at 14:00. That's 16h with a 6.5h wait.", True),
    ("6.5", "HAT025 leaves at 04:00. I checked. HAT023 leaves at 14:00. That's 16h with a 6.5h wait.", False),
    # a list's line between two legs' lines (blind set 89, a89_01 22): HAT025 lands 07:30, HAT023 leaves 14:00
    ("6.5", "- HAT025 IAH → JFK, 04:00 – 07:30\n- 6.5h connection in New York\n- HAT023 JFK → SFO, 14:00 – 20:00", True),
    ("5.5", "- HAT025 IAH → JFK, 04:00 – 07:30\n- 5.5h connection in New York\n- HAT023 JFK → SFO, 14:00 – 20:00", False),
    # the whole trip, the times after the count (a88_03 25)
    ("16", "It takes 16 hours door to door (HAT025 leaves 04:00, HAT023 lands 20:00).", True),
])
def test_hours_the_flights_a_sentence_names_make(number: str, text: str, derived: bool) -> None:
    assert hours_of_flights(number, text, lambda flight, way: SCHEDULE.get((flight, way), set())) is derived


@pytest.mark.parametrize(("said", "misses"), [
    # durations and waits written "2h30" in a table of itineraries (blind set 88: a88_03 21, a88_11 29)
    ("| Flights | Departs | Arrives | Layover | Total |\n|---|---|---|---|---|\n"
     "| HAT025 + HAT023 | 04:00 | 20:00 | 6h30 | 16h |\n\nThe nonstop HAT072 takes 4 hours.", []),
    ("| Flights | Departs | Arrives | Layover | Total |\n|---|---|---|---|---|\n"
     "| HAT025 + HAT023 | 04:00 | 20:00 | 5h30 | 16h |\n\nThe nonstop HAT072 takes 5 hours.", ["5 hours", "5h30"]),
    ("| Flight | Departs | Arrives | Duration |\n|---|---|---|---|\n| HAT025 | 04:00 | 07:30 | 3h30 |", []),
    ("| Flight | Departs | Arrives | Duration |\n|---|---|---|---|\n| HAT025 | 04:00 | 07:30 | 2h30 |", ["2h30"]),
    # a range of hours, each end a row's total the text gives
    ("| Flights | Total |\n|---|---|\n| HAT025 + HAT023 | 16h |\n| HAT072 | 4h |\n\nThey take 4–16 hours.", []),
    ("| Flights | Total |\n|---|---|\n| HAT025 + HAT023 | 16h |\n| HAT072 | 4h |\n\nThey take 4–18 hours.",
     ["4–18 hours"]),
    # a wait between the legs named, not between the first's departure and the second's (blind set 92, a92_02 60)
    ("- HAT025: departs 04:00, arrives 07:30\n- HAT023: departs 14:00, arrives 20:00\n\nThat's a **6.5-hour layover**.",
     []),
    ("- HAT025: departs 04:00, arrives 07:30\n- HAT023: departs 14:00, arrives 20:00\n\nThat's a **10-hour layover**.",
     ["10-hour layover"]),
    # a stay between two times the sentence says, counted "about N hours" (blind set 93, a93_03 44)
    ("You land in San Francisco at 13:00 and your return leaves at 20:00, so you'll have about **7 hours** there.", []),
    ("You land in San Francisco at 13:00 and your return leaves at 20:00, so you'll have about **9 hours** there.",
     ["9 hours"]),
])
def test_hours_the_flights_make_in_a_text(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How long would the trip from Houston to San Francisco take on May 19?")
    c.call("search_onestop_flight", {"origin": "IAH", "destination": "SFO", "date": "2024-05-19"}, [[
        {"flight_number": "HAT025", "scheduled_departure_time_est": "04:00:00", "scheduled_arrival_time_est": "07:30:00"},
        {"flight_number": "HAT023", "scheduled_departure_time_est": "14:00:00", "scheduled_arrival_time_est": "20:00:00"}]])
    c.call("search_direct_flight", {"origin": "IAH", "destination": "SFO", "date": "2024-05-19"}, [
        {"flight_number": "HAT072", "scheduled_departure_time_est": "09:00:00", "scheduled_arrival_time_est": "13:00:00"}])
    i = c.say(said)
    assert sorted(at(certify_interaction(c.build()), i).reasons) == sorted(
        f"text states '{m}' not in visible history" for m in misses)


@pytest.mark.parametrize(("said", "misses"), [
    # a layover between a flight offered and the next one the reservation named keeps (blind set 94, a94_07 38)
    ("Since YAX4DR is in economy, its first flight could change. HAT013 would give you a 4h30 layover in Orlando.",
     []),
    ("Since YAX4DR is in economy, its first flight could change. HAT013 would give you a 5h30 layover in Orlando.",
     ["5h30"]),
    ("HAT013 would give you a 4h30 layover in Orlando.", ["4h30"]),  # no reservation named
])
def test_a_layover_before_a_booked_flight(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Is there an earlier Boston to Orlando flight on the 18th for YAX4DR?")
    c.call("get_reservation_details", {"reservation_id": "YAX4DR"}, {
        "reservation_id": "YAX4DR", "cabin": "economy", "flights": [
            {"flight_number": "HAT235", "origin": "BOS", "destination": "MCO", "date": "2024-05-18", "price": 122},
            {"flight_number": "HAT298", "origin": "MCO", "destination": "MSP", "date": "2024-05-19", "price": 127}]})
    c.call("search_direct_flight", {"origin": "BOS", "destination": "MCO", "date": "2024-05-18"}, [
        {"flight_number": "HAT013", "scheduled_departure_time_est": "19:00:00", "scheduled_arrival_time_est": "22:30:00"},
        {"flight_number": "HAT235", "scheduled_departure_time_est": "23:00:00", "scheduled_arrival_time_est": "02:30:00+1"}])
    c.call("search_direct_flight", {"origin": "MCO", "destination": "MSP", "date": "2024-05-19"}, [
        {"flight_number": "HAT298", "scheduled_departure_time_est": "03:00:00", "scheduled_arrival_time_est": "06:00:00"}])
    i = c.say(said)
    assert sorted(at(certify_interaction(c.build()), i).reasons) == sorted(
        f"text states '{m}' not in visible history" for m in misses)


@pytest.mark.parametrize(("said", "kinds"), [
    # the end of a day's window, the day after the current date (blind set 89: a89_01 40, a89_07 51)
    ("HATHAT was booked today, May 15 at 15:00 EST, so it can be cancelled within 24 hours: until about "
     "**May 16, 15:00 EST**.", []),
    ("HATHAT was booked today, May 15 at 15:00 EST, so it can be cancelled within 24 hours: until about "
     "**May 17, 15:00 EST**.", ["text_not_visible", "text_misdated"]),
    ("HATHAT flies on May 16.", ["text_not_visible", "text_misdated"]),  # no window spoken of
])
def test_the_end_of_a_days_window(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST. A reservation booked "
                     "within the last 24 hours may be cancelled.", domain="airline")
    c.user("Can I still cancel HATHAT if my plans change?")
    c.call("get_reservation_details", {"reservation_id": "HATHAT"}, {
        "reservation_id": "HATHAT", "created_at": "2024-05-15T15:00:00", "cabin": "economy", "insurance": "no",
        "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}]})
    i = c.say(said)
    assert sorted(reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons) == sorted(kinds)


@pytest.mark.parametrize(("said", "misses"), [
    # an overnight arrival written with its day before it (blind set 89, a89_12 54): shown "02:30:00+1"
    ("| Flight | Departs | Arrives |\n|---|---|---|\n| HAT062 | May 20, 22:00 | May 21, 02:30 |", []),
    ("| Flight | Departs | Arrives |\n|---|---|---|\n| HAT062 | May 20, 22:00 | May 20, 02:30 |", ["02:30"]),
])
def test_an_overnight_arrival_written_with_its_day(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("When do I land in Las Vegas on HAT062?")
    c.call("search_direct_flight", {"origin": "MIA", "destination": "LAS", "date": "2024-05-20"}, [
        {"flight_number": "HAT062", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "02:30:00+1"}])
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "not in visible" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a trip's time or a connection said of flights whose shown times make another (blind set 89: a89_01 50,
    # a89_05 16): HAT025 04:00 – 07:30, HAT023 14:00 – 20:00
    ("HAT025 leaves at 04:00 and HAT023 lands at 20:00: 16 hours door to door.", []),
    ("HAT025 leaves at 04:00 and HAT023 lands at 20:00: 17 hours door to door.", ["17 hours door to door"]),
    ("| 1 | HAT025 + HAT023 via JFK | 04:00 – 07:30 | 6 h 30 in JFK | 14:00 – 20:00 |", []),
    ("| 1 | HAT025 + HAT023 via JFK | 04:00 – 07:30 | 5 h 30 in JFK | 14:00 – 20:00 |", ["5 h 30 in JFK"]),
    # the connection's other flight in the sentence before (a86_02 47): a wait either way round
    ("HAT023 leaves JFK at 14:00. Your first flight, HAT025, lands at 07:30, so you have a 6.5-hour connection.", []),
    ("It is about a 6-hour connection in New York on HAT025 and HAT023.", []),  # "about"
    # the wait named first, after a table of the legs (blind set 87, a87_07 16)
    ("| HAT025 | 04:00 → 07:30 |\n| HAT023 | 14:00 → 20:00 |\n\nThe connection in New York is **6.5 hours**.", []),
    ("| HAT025 | 04:00 → 07:30 |\n| HAT023 | 14:00 → 20:00 |\n\nThe connection in New York is **2 hours**.",
     ["connection in New York is 2 hours"]),
    ("| HAT025 | 04:00 → 07:30 |\n| HAT023 | 14:00 → 20:00 |\n\nThe layover is **6 hours 30 minutes**.", []),
])
def test_a_trips_time_said_of_flights_with_shown_times(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("How long is the trip from Houston to San Francisco on May 19?")
    c.call("search_onestop_flight", {"origin": "IAH", "destination": "SFO", "date": "2024-05-19"}, [[
        {"flight_number": "HAT025", "scheduled_departure_time_est": "04:00:00", "scheduled_arrival_time_est": "07:30:00"},
        {"flight_number": "HAT023", "scheduled_departure_time_est": "14:00:00", "scheduled_arrival_time_est": "20:00:00"}]])
    i = c.say(said)
    assert [r for r in at(certify_interaction(c.build()), i).reasons if "not in visible" in r] == [
        f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("text", "found"), [
    # the hours between two times just said, worked out wrong (blind set 90, a90_05 60)
    ("You land at LGA at 16:30 and HAT172 leaves at 23:00, so about **5 and a half hours**.",
     [("5 and a half hours", "16:30 to 23:00 is 6.5 hours")]),
    ("You land at LGA at 16:30 and HAT172 leaves at 23:00, so about six and a half hours.", []),
    ("You land at 22:00 and leave at 01:30, so 3.5 hours.", []),  # past midnight
    ("You land at 22:00 and leave at 01:30, so 2.5 hours.", [("2.5 hours", "22:00 to 01:30 is 3.5 hours")]),
    # a wait after the flight's own times (blind set 88, a88_01 50)
    ("HAT290 leaves Denver at 14:00 on May 27 and lands in Las Vegas at 16:00, giving you a 1-hour connection.", []),
])
def test_hours_worked_out_between_two_times(text: str, found: list[tuple[str, str]]) -> None:
    assert misspanned(text) == found


@pytest.mark.parametrize(("said", "misses"), [
    # the layover of an option named by its price, whose flights a line of the message before gives
    # (blind set 94, a94_02 19)
    ("For comparison, the $216 option via Chicago has a 4-hour layover.", []),
    ("For comparison, the $216 option via Chicago has a 5-hour layover.", ["5-hour layover"]),
])
def test_a_layover_of_an_option_named_by_its_price(convo: Any, at: Any, said: str, misses: list[str]) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("What flights are there from Atlanta to Philadelphia on May 24?")
    c.call("search_onestop_flight", {"origin": "ATL", "destination": "PHL", "date": "2024-05-24"}, [[
        {"flight_number": "HAT110", "scheduled_departure_time_est": "14:00:00", "scheduled_arrival_time_est": "16:30:00",
         "prices": {"economy": 105}},
        {"flight_number": "HAT172", "scheduled_departure_time_est": "23:00:00", "scheduled_arrival_time_est": "00:00:00+1",
         "prices": {"economy": 102}}],
        [{"flight_number": "HAT227", "scheduled_departure_time_est": "11:00:00", "scheduled_arrival_time_est": "13:00:00",
         "prices": {"economy": 112}},
         {"flight_number": "HAT139", "scheduled_departure_time_est": "17:00:00", "scheduled_arrival_time_est": "19:00:00",
         "prices": {"economy": 104}}]])
    c.say("| Itinerary | Times (EST) | Economy |\n|---|---|---|\n| HAT110 ATL→LGA + HAT172 LGA→PHL | 14:00–16:30, "
          "23:00–00:00(+1) | $105 + $102 = $207 |\n| HAT227 ATL→ORD + HAT139 ORD→PHL | 11:00–13:00, 17:00–19:00 | $112 + $104 = $216 |")
    c.user("What's the layover on the cheapest one?")
    i = c.say("On HAT110 + HAT172 you land at 16:30 and leave at 23:00, so the layover is 6 hours 30 minutes. " + said)
    assert sorted(at(certify_interaction(c.build()), i).reasons) == sorted(
        f"text states '{m}' not in visible history" for m in misses)
