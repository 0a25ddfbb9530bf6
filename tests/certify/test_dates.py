"""Dates as people write them (certify/dates.py)."""

from __future__ import annotations

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.dates import date_mentions, hour_24, misnamed_weekdays, says_date
from trajectory2gym.envs.registry import tool_specs


@pytest.mark.parametrize(("text", "found"), [
    ("move it to 2024-05-21", [(21, 5, 2024)]),
    ("on May 21st", [(21, 5, None)]),
    ("on 21 May 2024", [(21, 5, 2024)]),
    ("Oct. 28, 1971", [(28, 10, 1971)]),
    ("on May 20 and 21", [(20, 5, None), (21, 5, None)]),
    ("the 20th and 21st", [(20, None, None), (21, None, None)]),
    ("born 10/28/1971", [(28, 10, 1971)]),
    # Not dates: a word that starts like a month, a time, an identifier, a count.
    ("marketing 5 items at 14:00", []),
    ("item 9190635437, May I add 2 bags?", []),
    ("- Visa ending 8862: $25\n\nMay I book it?", []),  # an amount, and a line's end, before "May"
    ("leaves on the 25\nMay I book it?", []),
    # a time's minutes before a month are no day: "15:30 May 24" is May 24 (blind set 82, a82_08 18)
    ("arrives 15:30 May 24", [(24, 5, None)]),
])
def test_date_mentions(text: str, found: list[tuple[int, int | None, int | None]]) -> None:
    assert [(d.day, d.month, d.year) for d in date_mentions(text)] == found


def test_a_mention_means_the_dates_it_does_not_contradict() -> None:
    assert says_date("the 21st", "2024-05-21") and says_date("the 21st", "2024-06-21")
    assert says_date("May 20 and 21", "2024-05-21") and not says_date("May 20 and 21", "2024-06-21")
    assert not says_date("on 21 May 2023", "2024-05-21")


def test_a_day_or_a_birth_date_a_text_states_is_not_an_unseen_identifier(convo, at) -> None:
    from trajectory2gym.certify import certify_interaction

    c = convo()
    c.user("When do I fly? I'm Emma Rossi.")
    c.call("get_order_details", {"order_id": "#W1"}, {"date": "2024-05-21", "dob": "1971-10-28"})
    said = [c.say("You fly on the 21st."), c.say("Your date of birth is 10/28/1971."),
            c.say("Your date of birth is 10/29/1971.")]
    cert = certify_interaction(c.build())
    assert [at(cert, i).checks["visibility"] for i in said] == [True, True, False]


def test_a_date_one_day_from_a_visible_one() -> None:
    from trajectory2gym.certify.evidence import EvidenceIndex

    index = EvidenceIndex()
    index.add_text("My flight is on 2024-02-28. Push it back one day please.")
    assert index.date_stated("2024-02-29") and not index.date_stated("2024-03-02")
    assert not index.date_stated("2024-02-30")  # no such day: no answer, and no crash


@pytest.mark.parametrize(("asked", "day", "derived"), [
    ("Push it back a day or two.", "2024-05-21", True),
    ("Push it back a day or two.", "2024-05-20", True),
    ("Push it back a day or two.", "2024-05-22", False),
    ("Can I fly three days later?", "2024-05-22", True),
    ("Can I fly 3 days later?", "2024-05-16", True),  # or earlier: the direction is the user's to say
    ("Can I fly three days later?", "2024-05-21", False),
    ("Push it back one or two hours.", "2024-05-21", False),  # hours shift no day
    ("If there's nothing later, the earliest flight the next morning.", "2024-05-20", True),
    ("If there's nothing later, the earliest flight the next morning.", "2024-05-21", False),
    ("Anything that evening, or the following evening?", "2024-05-20", True),
])
def test_a_date_some_days_from_a_visible_one(asked: str, day: str, derived: bool) -> None:
    from trajectory2gym.certify.evidence import EvidenceIndex

    index = EvidenceIndex()
    index.add_text(f"My flight is on 2024-05-19. {asked}")
    assert index.date_stated(day) is derived


@pytest.mark.parametrize(("said", "day", "derived"), [
    ("I want to fly this Friday.", "2024-05-17", True),  # 2024-05-15 is a Wednesday
    ("Out this Friday, back the following Monday.", "2024-05-20", True),
    ("I want to fly this Friday.", "2024-05-18", False),  # a Saturday
    ("I want to fly this Friday.", "2024-05-31", False),  # a Friday, but too far from any visible day
    ("I want to fly tomorrow.", "2024-05-16", True),
    ("I want to fly tomorrow.", "2024-05-17", False),
])
def test_a_day_by_its_weekday_or_as_tomorrow_from_the_current_date(said: str, day: str, derived: bool) -> None:
    from trajectory2gym.certify.evidence import EvidenceIndex

    index = EvidenceIndex()
    index.add_text("Airline policy. The current time is 2024-05-15 15:00 EST.")
    index.add_text(said)
    assert index.date_stated(day) is derived


def test_a_day_said_as_an_ordinal_takes_the_month_of_a_visible_date() -> None:
    from trajectory2gym.certify.evidence import EvidenceIndex

    index = EvidenceIndex()
    index.add_text("Can I move NO6JO3 to the 17th?")
    assert not index.day_shown(5, 17, None)
    index.add_json({"reservation_id": "NO6JO3", "flights": [{"date": "2024-05-16"}]})
    assert index.day_shown(5, 17, None) and not index.day_shown(6, 17, None) and not index.day_shown(5, 18, None)


def test_an_ordinal_said_with_another_month_grounds_no_day_of_a_visible_month() -> None:
    # blind set 68, t68_05: a birth date's "15th of June" grounds no February 15 of a bill's month
    from trajectory2gym.certify.evidence import EvidenceIndex

    for said, grounded in (("It's my birthday you want? 15th of June, 1985.", False), ("Is it due the 15th?", True)):
        index = EvidenceIndex()
        index.add_text(said)
        index.add_json({"bill_id": "B1002", "due_date": "2025-02-19"})
        assert index.date_stated("2025-02-15") is grounded, said


@pytest.mark.parametrize(("said", "visible"), [("06/15/1985", True), ("6/15/1985", True), ("06/16/1985", False),
                                              ("the 15th of June, 1985", True), ("the 16th of June, 1985", False)])
def test_a_date_written_month_first_with_zeros_grounds_the_iso_argument(convo, at, said: str, visible: bool) -> None:
    tool = {"type": "function", "function": {"name": "get_customer_by_name", "description": "find a customer",
                                             "parameters": {"type": "object", "properties": {
                                                 "full_name": {"type": "string"}, "dob": {"type": "string"}}}}}
    c = convo(tools=[tool], domain=None)
    c.user(f"Hi, I'm John Smith, DOB {said}. Which of my lines are active?")
    i = c.call("get_customer_by_name", {"full_name": "John Smith", "dob": "1985-06-15"}, [{"customer_id": "C1001"}])
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "day", "visible"), [
    ("21/05/2024", "2024-05-21", True),  # day first, where no month is 21
    ("05/21/2024", "2024-05-21", True),
    ("05/06/2024", "2024-06-05", False),  # ambiguous: read month first
])
def test_a_date_written_day_first_grounds_the_iso_argument(convo, at, said: str, day: str, visible: bool) -> None:
    tool = {"type": "function", "function": {"name": "search_direct_flight", "description": "search flights",
                                             "parameters": {"type": "object", "properties": {
                                                 "origin": {"type": "string"}, "destination": {"type": "string"},
                                                 "date": {"type": "string"}}}}}
    c = convo(tools=[tool], domain=None)
    c.user(f"Flights from JFK to LAX on {said}?")
    i = c.call("search_direct_flight", {"origin": "JFK", "destination": "LAX", "date": day}, [])
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "ok"), [
    ("HAT231 leaves Newark at 16:00.", True),  # the search shows 16:00:00
    ("HAT231 leaves Newark at 4:00 pm.", True),
    ("HAT231 leaves Newark at 15:30.", False),  # no flight shown leaves or lands then
    ("HAT231 lands at 12:30 PM.", False),
])
def test_a_clock_time_a_text_states_must_be_visible(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("When does HAT231 leave?")
    c.call("get_product_details", {"product_id": "HAT231"}, {
        "flight_number": "HAT231", "scheduled_departure_time_est": "16:00:00", "scheduled_arrival_time_est": "12:00:00"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("shown", "ok", "wrong", "misses"), [
    # A date or a time a visible timestamp holds, written shorter.
    ({"created_at": "2024-05-14T23:57:50", "arrival": "02:30:00+1"}, "Booked: 2024-05-14 23:57; it lands at 02:30+1.",
     "Booked: 2024-05-15; it lands at 02:45+1.", ["2024-05-15", "02:45+1"]),
    # ... a timestamp to the minute (blind set 94, t94_01 56)
    ({"activation_date": "2025-02-15T11:45:00"}, "Activated 2025-02-15T11:45.", "Activated 2025-02-15T11:54.",
     ["2025-02-15T11:54", "11:54"]),
    # A span of two visible times, and a date written day first.
    ({"date": "2024-05-21", "departure": "14:00:00", "arrival": "17:00:00"}, "HAT1 on 21/05/2024, 14:00-17:00.",
     "HAT1 on 22/05/2024, 14:00-18:00.", ["22/05/2024", "14:00-18:00"]),
    # A span by an arrow; an arrival past midnight is the next day's.
    ({"departure": "21:00:00", "arrival": "01:30:00+1"}, "HAT1: 21:00→01:30 (+1).", "HAT1: 21:00→02:30 (+1).",
     ["21:00→02:30"]),
    # A time and a place joined by an arrow, each said (blind set 85, a85_06 51).
    ({"flight_number": "HAT068", "origin": "IAH", "destination": "JFK", "departure": "11:00:00", "arrival": "14:30:00"},
     "HAT068 IAH 11:00→JFK 14:30.", "HAT068 IAH 12:00→JFK 14:30.", ["12:00"]),
    # A next-day arrival said with its place (blind set 85, a85_07 33).
    ({"created_at": "2024-05-14T23:57:50", "arrival": "02:30:00+1"}, "Booked 2024-05-14; it lands in Orlando at 02:30.",
     "Booked 2024-05-14; it lands in Orlando at 02:45.", ["02:45"]),
    # A next-day arrival under a table's column "Arrives PHL" (blind set 86, a86_04 15).
    ({"flight_number": "HAT172", "departure": "23:00:00", "arrival": "00:00:00+1"},
     "| Flights | Departs LGA | Arrives PHL |\n|---|---|---|\n| HAT172 | 23:00 | 00:00 |",
     "| Flights | Departs LGA | Arrives PHL |\n|---|---|---|\n| HAT172 | 23:00 | 00:30 |", ["00:30"]),
    # A time said in another zone than the schedules' Eastern one (blind set 85, a85_04 58).
    ({"flight_number": "HAT069", "scheduled_departure_time_est": "06:00:00", "scheduled_arrival_time_est": "12:00:00"},
     "HAT069 arrives at 12:00 EST (9:00 AM Pacific).", "HAT069 arrives at 12:00 EST (10:00 AM Pacific).", ["10:00 AM"]),
    # ... by a city of the zone, or "local" and the zone (blind set 92: a92_04 22, a92_11 12, a92_11 40)
    ({"flight_number": "HAT138", "scheduled_departure_time_est": "11:00:00", "scheduled_arrival_time_est": "13:30:00"},
     "HAT138 arrives ORD at 13:30 ET (12:30 pm Chicago time).", "HAT138 arrives ORD at 13:30 ET (11:30 am Chicago time).",
     ["11:30 am"]),
    ({"flight_number": "HAT266", "scheduled_departure_time_est": "13:00:00", "scheduled_arrival_time_est": "16:00:00"},
     "HAT266 departs LAS 13:00 ET (10:00 am Las Vegas time).", "HAT266 departs LAS 13:00 ET (11:00 am Las Vegas time).",
     ["11:00 am"]),
    ({"flight_number": "HAT023", "scheduled_departure_time_est": "14:00:00", "scheduled_arrival_time_est": "20:00:00"},
     "Arrival in San Francisco is 5:00 pm local (Pacific) time.", "Arrival in San Francisco is 6:00 pm local (Pacific) time.",
     ["6:00 pm"]),
    # ... or "local time in" the city (blind set 93, a93_23 52)
    ({"flight_number": "HAT072", "scheduled_departure_time_est": "09:00:00", "scheduled_arrival_time_est": "13:00:00"},
     "HAT072 lands at 13:00 EST, around 10:00 local time in San Francisco.",
     "HAT072 lands at 13:00 EST, around 11:00 local time in San Francisco.", ["11:00"]),
    # Hours between two times said, written short (blind set 85, a85_06 51).
    ({"flight_number": "HAT068", "departure": "11:00:00", "arrival": "14:30:00"},
     "| HAT068 | 11:00 | 14:30 | 3.5h |", "| HAT068 | 11:00 | 14:30 | 4.5h |", ["4.5h"]),
    # A bill's month, of the first day of its period (blind set 84, t84_08 56).
    ({"bill_id": "B1003", "total_due": 0.0, "period_start": "2025-03-01"}, "| B1003 | 2025-03 | $0.00 |",
     "| B1003 | 2025-04 | $0.00 |", ["2025-04"]),
])
def test_dates_and_times_as_texts_write_them(convo, at, shown: dict[str, str], ok: str, wrong: str,
                                            misses: list[str]) -> None:
    c = convo()
    c.user("When is it?")
    c.call("get_order_details", {"order_id": "#W1"}, {"order_id": "#W1", **shown})
    right, bad = c.say(ok), c.say(wrong)
    out = certify_interaction(c.build())
    assert at(out, right).reasons == []
    assert at(out, bad).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "ok"), [
    # blind set 98, a98_04 32: a next-day arrival's clock time alone, with its airport and zone
    ("HAT172 is scheduled to arrive at PHL at 00:00 EST, right at midnight.", True),
    ("HAT172 is scheduled to arrive at PHL at 00:30 EST, just after midnight.", False),
    ("HAT172 leaves LGA at 23:00 and lands at PHL at 00:00.", True),
    # the second time of a range (blind set 100, a100_07 28)
    ("HAT172 on May 24 (23:00 to 00:00).", True),
    ("HAT172 on May 24 (23:00 to 00:30).", False),
])
def test_a_next_day_arrival_said_by_its_clock_time(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("When do I land in Philly?")
    c.call("search_direct_flight", {"origin": "LGA", "destination": "PHL", "date": "2024-05-24"}, [{
        "flight_number": "HAT172", "origin": "LGA", "destination": "PHL", "scheduled_departure_time_est": "23:00:00",
        "scheduled_arrival_time_est": "00:00:00+1", "date": "2024-05-24"}])
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


def test_two_days_of_a_month_in_one_date_are_both_visible_or_not(convo, at) -> None:
    from trajectory2gym.certify import certify_interaction

    c = convo()
    c.user("When is my return?")
    c.call("get_order_details", {"order_id": "#W1"}, {"legs": [{"date": "2024-05-26"}, {"date": "2024-05-27"}]})
    said = [c.say("Your return is on 2024-05-26/27."), c.say("Your return is on 2024-05-26/28.")]
    cert = certify_interaction(c.build())
    assert [at(cert, i).checks["visibility"] for i in said] == [True, False]


@pytest.mark.parametrize(("hour", "half", "reading"), [
    (3, " pm", 15), (3, "p.m.", 15), (12, "pm", 12), (12, " AM", 0), (11, "am", 11), (15, None, 15), (9, None, 9),
])
def test_hour_24_reads_am_and_pm(hour: int, half: str | None, reading: int) -> None:
    assert hour_24(hour, half) == reading


def test_a_search_shows_the_day_it_was_asked_about(convo, at) -> None:
    flights = [{"flight_number": "HAT076", "origin": "PHL", "destination": "DEN", "status": "available",
                "prices": {"economy": 102}}]
    c = convo(domain="airline")
    c.user("Can I fly PHL to DEN a couple of days later than May 23?")
    searched = c.call("search_direct_flight", {"origin": "PHL", "destination": "DEN", "date": "2024-05-25"}, flights)
    said = c.say("For May 25 there's HAT076, economy $102. Would that work?")
    unasked = c.say("On May 26 there's HAT076 too.")
    cert = certify_interaction(c.build())
    assert not at(cert, searched).checks["visibility"]  # "a couple of days" derives no one day
    assert at(cert, said).eligible  # what the search answered is about May 25
    assert at(cert, unasked).reasons == ["text states 'May 26' not in visible history"]


@pytest.mark.parametrize(("said", "grounded"), [("By next Friday, do you mean May 24?", True),
                                                 ("By next Friday, do you mean May 25?", False)])
def test_a_weekday_the_user_named_said_as_its_date(convo, at, said: str, grounded: bool) -> None:
    c = convo(system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user("I need to move my flight to next friday.")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is grounded


@pytest.mark.parametrize(("said", "grounded"), [
    ("You should see the refund by 5/29 at the latest.", False),  # a day nothing gives
    ("I have the camera you bought on 5/18 in front of me.", True),  # the user's own day
    ("The order placed on 5/14/2024 is pending.", True),  # shown as 2024-05-14
    ("We're open 24/7 for returns.", True),  # no date
])
def test_a_day_written_month_first_must_be_visible(convo, at, said: str, grounded: bool) -> None:
    c = convo()
    c.user("I bought the same camera in a store on 5/18, cancel my order please")
    c.call("get_order_details", {"order_id": "#W4566809"}, {"order_id": "#W4566809", "order_date": "2024-05-14"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is grounded


LEGS = [[{"flight_number": "HAT276", "origin": "SEA", "destination": "JFK", "scheduled_departure_time_est": "18:00:00",
          "scheduled_arrival_time_est": "00:00:00+1", "date": "2024-05-28"},
         {"flight_number": "HAT261", "origin": "JFK", "destination": "ORD", "scheduled_departure_time_est": "23:00:00",
          "scheduled_arrival_time_est": "01:30:00+1", "date": "2024-05-29"}]]


@pytest.mark.parametrize(("row", "misses"), [
    ("| HAT276 | SEA → JFK | May 28 | 6:00 PM | 12:00 AM (May 29) |", []),
    ("| HAT261 | JFK → ORD | May 29 | 11:00 PM | 1:30 AM (May 30) |", []),
    ("| HAT261 | JFK → ORD | May 29 | 11:00 PM | 1:30 AM (May 31) |", ["May 31"]),  # two days on: no arrival's
    ("| HAT261 | JFK → ORD | May 29 | 11:00 PM | 2:30 AM (May 30) |", ["2:30 AM"]),
])
def test_a_next_day_arrival_of_a_dated_leg(convo, at, row: str, misses: list[str]) -> None:
    c = convo(domain="airline")
    c.user("What are my flights from SEA to ORD on May 28?")
    c.call("search_onestop_flight", {"origin": "SEA", "destination": "ORD", "date": "2024-05-28"}, LEGS)
    i = c.say("| Flight | Route | Date | Departs | Arrives |\n|---|---|---|---|---|\n" + row)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert [r for r in reasons if "not in visible history" in r] == [
        f"text states '{m}' not in visible history" for m in misses], reasons
    assert misses or reasons == []  # nor a date given another field (the arrival's day is the flight's next)


@pytest.mark.parametrize(("text", "found"), [
    # blind audit a58_01: 2024-05-18 is a Saturday
    ("Done! ZS5PID now flies on Sunday, May 18: HAT260 departs Boston at 2:00 PM.", [("Sunday, May 18", "Saturday")]),
    ("There's one connection on Saturday, May 18.", []),
    ("Houston → Philadelphia, one way, Tuesday 5/21", []),
    ("Houston → Philadelphia, one way, Wed 5/21", [("Wed 5/21", "Tuesday")]),
    ("On Friday (2024-05-17) and on Monday the 20th.", []),  # no month: not read
    ("Sunday, May 18, 2025", []),  # its own year
])
def test_a_weekday_said_with_a_date(text: str, found: list[tuple[str, str]]) -> None:
    assert misnamed_weekdays(text, 2024) == found


@pytest.mark.parametrize(("said", "kinds"), [("Saturday, May 18", []), ("Sunday, May 18", ["text_misdated"])])
def test_a_misnamed_weekday_is_not_grounded(convo, at, said: str, kinds: list[str]) -> None:
    from trajectory2gym.certify import certify_interaction
    from trajectory2gym.certify.reasons import reason_kind
    from trajectory2gym.envs.airline.policy import POLICY

    c = convo(domain="airline", system=POLICY)
    c.user("Which day is May 18, when I fly?")
    i = c.say(f"You fly on {said}.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind set 83, a83_09 19: today is 2024-05-15, so tomorrow is May 16
    ("Your flight leaves tomorrow, May 17, if you still want to travel.", [("tomorrow, May 17", "2024-05-16")]),
    ("Your flight leaves tomorrow, May 16.", []),
    ("It departs May 17 (tomorrow).", [("May 17 (tomorrow", "2024-05-16")]),
    ("Today, May 15, is the last day.", []),
    ("Yesterday (2024-05-13) you booked it.", [("Yesterday (2024-05-13", "2024-05-14")]),
    ("You can change it from today to May 17.", []),  # a range, no date given to today
])
def test_a_date_said_as_today_tomorrow_or_yesterday(text: str, found: list[tuple[str, str]]) -> None:
    from datetime import date

    from trajectory2gym.certify.dates import misnamed_near_days

    assert misnamed_near_days(text, date(2024, 5, 15)) == found


@pytest.mark.parametrize(("said", "kinds"), [("tomorrow, May 16", []), ("tomorrow, May 17", ["text_misdated"])])
def test_a_misnamed_tomorrow_is_not_grounded(convo, at, said: str, kinds: list[str]) -> None:
    from trajectory2gym.certify.reasons import reason_kind
    from trajectory2gym.envs.airline.policy import POLICY

    c = convo(domain="airline", system=POLICY)
    c.user("When do I fly? It's May 16 and May 17, I think.")
    i = c.say(f"Your first flight leaves {said}.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "misses"), [
    # hours between two times, the half written as one sign (blind set 86, a86_10 20)
    ("- HAT079 JFK 00:00 → ORD 02:30\n- HAT020 ORD 22:00 → DTW 23:00\n\nA long 19½-hour wait in Chicago.", []),
    ("- HAT079 JFK 00:00 → ORD 02:30\n- HAT020 ORD 22:00 → DTW 23:00\n\nA long 18½-hour wait in Chicago.",
     ["18½-hour"]),
])
def test_hours_with_a_half_sign_between_two_times(convo, at, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("When do I get to Detroit on May 17?")
    c.call("search_direct_flight", {"origin": "JFK", "destination": "ORD", "date": "2024-05-17"}, [
        {"flight_number": "HAT079", "scheduled_departure_time_est": "00:00:00", "scheduled_arrival_time_est": "02:30:00"}])
    c.call("search_direct_flight", {"origin": "ORD", "destination": "DTW", "date": "2024-05-17"}, [
        {"flight_number": "HAT020", "scheduled_departure_time_est": "22:00:00", "scheduled_arrival_time_est": "23:00:00"}])
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]


@pytest.mark.parametrize(("said", "misses"), [
    # a count of months from a date the user gave (blind set 86, t86_08 48)
    ("Six months from **2025-02-25** is **2025-08-25**, so a suspension starting today could last until then.", []),
    ("Six months from **2025-02-25** is **2025-09-25**, so a suspension starting today could last until then.",
     ["2025-09-25"]),
    ("Six months from **2025-02-26** is **2025-08-26**, so a suspension starting today could last until then.",
     ["2025-02-26", "2025-08-26"]),  # from a day no one gave
])
def test_a_date_worked_out_as_months_from_another(convo, at, said: str, misses: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("If I suspend line L1001 from today for six months, when would it end?")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "last_plan_change_date": "2025-01-10"})
    c.say("What is today's date?")
    c.user("Today is the 25th of February.")
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).reasons == [f"text states '{m}' not in visible history" for m in misses]
