"""Readings a booking conversation needs (blind audit a66_11): New York's three airports, a city's
name where the user used its nickname, a bag's fee written in a fare sum, a one-way trip that one
flight makes, and the day a 24-hour window ends."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

SYSTEM = ("You are an airline agent. The current time is 2024-05-15 15:00:00 EST. Each checked bag costs $50. "
          "A booking can be cancelled within 24 hours of booking.")
USER = {"user_id": "olivia_li_1537", "dob": "1954-11-18", "membership": "regular", "payment_methods": {
    "certificate_6366355": {"source": "certificate", "amount": 500, "id": "certificate_6366355"}},
    "saved_passengers": [{"first_name": "Ava", "last_name": "Silva", "dob": "1967-12-14"}]}
FLIGHTS = [{"flight_number": "HAT135", "origin": "PHL", "destination": "LGA", "scheduled_departure_time_est": "15:00:00",
            "prices": {"basic_economy": 70, "economy": 164}},
           {"flight_number": "HAT001", "origin": "PHL", "destination": "LGA", "scheduled_departure_time_est": "06:00:00",
            "prices": {"basic_economy": 50, "economy": 109}}]  # $50: a fare too, not only the bag's fee
BOOKED = {"reservation_id": "HATHAT", "user_id": "olivia_li_1537", "origin": "PHL", "destination": "LGA",
          "flight_type": "one_way", "cabin": "basic_economy",
          "flights": [{"flight_number": "HAT135", "date": "2024-05-25", "price": 70}],
          "payment_history": [{"payment_id": "certificate_6366355", "amount": 190}],
          "created_at": "2024-05-15T15:00:00"}


def _booking(convo: Any, destination: str = "LGA", offer: str = "", flights: int = 1,
             private: dict[str, Any] | None = None) -> tuple[Any, dict[str, int]]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=SYSTEM,
              private=private)
    c.user("hey i want to book a flight for me and my sister from philly to new york on the 25th. i'm olivia_li_1537")
    c.call("get_user_details", {"user_id": "olivia_li_1537"}, USER)
    at = {"search": c.call("search_direct_flight", {"origin": "PHL", "destination": destination,
                                                    "date": "2024-05-25"}, FLIGHTS if destination == "LGA" else [])}
    at["offer"] = c.say(offer or "HAT135 leaves Philadelphia at 15:00, $70 per person: 2 x $70 + $50 bag = $190. "
                                 "Book it for you and Ava Silva, basic economy, 1 bag, no insurance, $190 on "
                                 "certificate_6366355?")
    c.user("ok fine, yes")
    legs = [{"flight_number": "HAT135", "date": "2024-05-25"}] * flights
    at["book"] = c.call("book_reservation", {
        "user_id": "olivia_li_1537", "origin": "PHL", "destination": "LGA", "flight_type": "one_way",
        "cabin": "basic_economy", "flights": legs,
        "passengers": [{"first_name": "Olivia", "last_name": "Li", "dob": "1954-11-18"},
                       {"first_name": "Ava", "last_name": "Silva", "dob": "1967-12-14"}],
        "payment_methods": [{"payment_id": "certificate_6366355", "amount": 190}],
        "total_baggages": 1, "nonfree_baggages": 1, "insurance": "no"}, BOOKED)
    return c, at


@pytest.mark.parametrize(("destination", "eligible"), [("LGA", True), ("EWR", True), ("JFK", True), ("BOS", False)])
def test_new_york_grounds_a_search_at_each_of_its_airports(convo: Any, at: Any, destination: str,
                                                            eligible: bool) -> None:
    c, where = _booking(convo, destination)
    d = at(certify_interaction(c.build()), where["search"])
    assert d.eligible is eligible, d.reasons


@pytest.mark.parametrize(("offer", "kinds"), [
    # the user said "philly"; the search shows PHL: "Philadelphia" is no word of the hidden task's alone
    ("HAT135 leaves Philadelphia at 15:00, $70 per person. Book it?", []),
    ("HAT135 leaves Philadelphia at 15:00 and you land in Queens, $70 per person. Book it?", ["text_privileged"]),
])
def test_a_citys_name_stands_for_its_visible_code(convo: Any, at: Any, offer: str, kinds: list[str]) -> None:
    c, where = _booking(convo, offer=offer, private={"task": "Book Philadelphia to Queens, New York, one way."})
    d = at(certify_interaction(c.build()), where["offer"])
    assert [k for k in map(reason_kind, d.reasons) if k == "text_privileged"] == kinds


@pytest.mark.parametrize(("total", "kinds"), [("$190", []), ("$180", ["text_not_visible", "text_miscalculated"])])
def test_a_bag_fee_named_in_a_fare_sum_is_a_term_of_it_and_no_fare(convo: Any, at: Any, total: str,
                                                                   kinds: list[str]) -> None:
    offer = f"HAT135 at 15:00, $70 per person: 2 x $70 + $50 bag = {total}. Book it on certificate_6366355?"
    c, where = _booking(convo, offer=offer)
    cert = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(cert, where["offer"]).reasons] == kinds
    if not kinds:  # the worked-out total grounds the booking's payment
        assert at(cert, where["book"]).checks["visibility"], at(cert, where["book"]).reasons


@pytest.mark.parametrize(("flights", "privileged"), [(1, False), (2, True)])
def test_one_flight_makes_a_one_way_trip_the_user_never_named(convo: Any, at: Any, flights: int,
                                                               privileged: bool) -> None:
    c, where = _booking(convo, flights=flights, private={"task": "Book a one_way trip from Philadelphia."})
    d = at(certify_interaction(c.build()), where["book"])
    assert any("flight_type" in r for r in d.reasons) is privileged, d.reasons


@pytest.mark.parametrize(("said", "kinds"), [
    ("Yes, within 24 hours of booking - that is, until 2024-05-16 15:00 EST.", []),
    ("Yes, within 24 hours of booking - that is, until 2024-05-17 15:00 EST.", ["text_not_visible"]),
    ("Yes, until 2024-05-16 15:00 EST.", ["text_not_visible"]),  # no span said: not derived
])
def test_the_end_of_a_24_hour_window_is_the_next_day(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c, _ = _booking(convo)
    c.user("can I still cancel it if plans change?")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # the day after a booking's date the text gives (blind set 95, a95_08 24)
    ("The window is 24 hours from booking: SI5UKW was booked on 2024-05-02 at 10:00, so it ended on May 3 at 10:00.", []),
    ("The window is 24 hours from booking: SI5UKW was booked on 2024-05-02 at 10:00, so it ended on May 4 at 10:00.",
     ["text_not_visible", "text_misdated"]),
    ("SI5UKW was booked on 2024-05-02 at 10:00, so it ended on May 3 at 10:00.",
     ["text_not_visible", "text_misdated"]),  # no span said
])
def test_a_24_hour_window_ends_the_day_after_the_booking_said(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=SYSTEM)
    c.user("When did I book SI5UKW? Can I still cancel it for free?")
    c.call("get_reservation_details", {"reservation_id": "SI5UKW"}, {
        "reservation_id": "SI5UKW", "created_at": "2024-05-02T10:00:00", "cabin": "economy",
        "flights": [{"flight_number": "HAT135", "date": "2024-05-25", "price": 120}]})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("user", "kinds"), [
    # blind audit a66_07: only the hidden task says how long the delay was
    ("my flight home tomorrow from JFK got delayed AGAIN, this is ridiculous. olivia_li_1537", ["text_privileged"]),
    ("my flight home from JFK got delayed 4 hours AGAIN, this is ridiculous. olivia_li_1537", []),
])
def test_a_delays_length_only_the_hidden_task_gives_is_privileged(convo: Any, at: Any, user: str,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=SYSTEM,
              private={"instructions": "Your flight home from JFK on May 16 is delayed by 4 hours."})
    c.user(user)
    c.call("get_user_details", {"user_id": "olivia_li_1537"}, USER)
    i = c.say("I'm really sorry about the 4-hour delay, Olivia.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("user", "dob", "visible"), [
    # blind audit a67_03: the day the user gave in place of the one shown
    ("can you fix Mia's birthday, it's the 24th not the 14th", "1968-01-24", True),
    ("can you fix Mia's birthday, it's the 24th not the 14th", "1968-01-25", False),
    ("can you fix Mia's birthday please", "1968-01-24", False),  # no day given
])
def test_a_date_shown_with_the_day_the_user_corrected(convo: Any, at: Any, user: str, dob: str, visible: bool) -> None:
    booking = {"reservation_id": "OS7MU5", "user_id": "olivia_li_1537", "created_at": "2024-05-10T10:00:00",
               "passengers": [{"first_name": "Mia", "last_name": "Anderson", "dob": "1968-01-14"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline", system=SYSTEM)
    c.user("I'm olivia_li_1537, about OS7MU5.")
    c.call("get_reservation_details", {"reservation_id": "OS7MU5"}, booking)
    c.user(user)
    c.say(f"Here is the passenger list I'd save on OS7MU5: Mia Anderson, {dob} (was 1968-01-14). Confirm?")
    c.user("yep")
    i = c.call("update_reservation_passengers", {"reservation_id": "OS7MU5", "passengers": [
        {"first_name": "Mia", "last_name": "Anderson", "dob": dob}]}, booking)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible
