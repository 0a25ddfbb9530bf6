"""A date of birth a text gives a shown person must be theirs, not another shown person's
(certify/birth_dates.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.birth_dates import BirthDates, misborn
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

USER = {"user_id": "omar_patel_2218", "dob": "1987-09-27", "name": {"first_name": "Omar", "last_name": "Patel"},
        "saved_passengers": [{"first_name": "Aarav", "last_name": "Nguyen", "dob": "1974-03-27"},
                             {"first_name": "Isabella", "last_name": "Silva", "dob": "1997-12-03"}]}


def _book(*values: Any) -> BirthDates:
    book = BirthDates()
    book.update([orjson.dumps(v).decode().lower() for v in values])
    return book


def test_the_book_keeps_each_named_persons_dates_of_birth() -> None:
    telecom = {"customer_id": "C2006", "full_name": "Arthur  Whitfield", "date_of_birth": "1936-09-18"}
    assert _book(USER, telecom).born == {"aarav nguyen": {"1974-03-27"}, "isabella silva": {"1997-12-03"},
                                         "arthur whitfield": {"1936-09-18"}}


@pytest.mark.parametrize(("text", "flagged"), [
    ("Travellers: Aarav Nguyen, born December 3, 1997, and Isabella Silva.",
     [("Aarav Nguyen", "December 3, 1997", "1974-03-27")]),
    ("Travellers: Aarav Nguyen (1974-03-27) and Isabella Silva (1997-12-03).", []),
    ("Travellers: Aarav Nguyen (1997-12-03) and Isabella Silva (1974-03-27).",
     [("Aarav Nguyen", "1997-12-03", "1974-03-27"), ("Isabella Silva", "1974-03-27", "1997-12-03")]),
    ("Aarav Nguyen, born March 28, 1974.", []),  # no one's date: the visibility check's to judge
    ("Aarav Nguyen flies on 2024-05-23; Isabella Silva was born 1997-12-03.", []),  # a flight's day, not his birth
    # The name's first date only: the next may belong to someone not shown.
    ("Aarav Nguyen (March 27, 1974) and Sophia Kovacs (December 3, 1997).", []),
    # A person named again ends the span of the one before (blind set 86, a86_04 51).
    ("I see Isabella Silva, born 1997-12-03. To confirm: replace Aarav Nguyen with Isabella Silva (1997-12-03)?", []),
    ("I see Isabella Silva, born 1997-12-03. To confirm: replace Aarav Nguyen (1997-12-03) with Isabella Silva?",
     [("Aarav Nguyen", "1997-12-03", "1974-03-27")]),
])
def test_a_date_of_birth_read_against_the_person_it_follows(text: str, flagged: list[tuple[str, str, str]]) -> None:
    assert misborn(text, _book(USER)) == flagged


@pytest.mark.parametrize(("text", "reporting", "flagged"), [
    # Right after a write that gave Aarav Nguyen a new date of birth: the old one is no longer his.
    ("Done: the passenger is now Aarav Nguyen (1974-03-27).", True, [("Aarav Nguyen", "1974-03-27", "1974-03-28")]),
    ("Done: the passenger is now Aarav Nguyen (1974-03-28).", True, []),
    ("Aarav Nguyen's profile says 1974-03-27.", False, []),  # no report: either date was shown of him
    # A date said as just set, which the write did not store; the person by a first name no one else has
    ("Aarav's date of birth is now March 27, 1984. ✅", True, [("Aarav", "March 27, 1984", "1974-03-28")]),
    ("Aarav's date of birth is now March 28, 1974. ✅", True, []),
    ("Aarav's date of birth is now March 27, 1984.", False, []),  # no write since the user spoke
    # the date it had, then the new one (blind set 61, a61_08)
    ("Updated FQ8APE: Aarav Nguyen DOB 1974-03-27 → 1974-03-28.", True, []),
    ("Updated FQ8APE: Aarav Nguyen DOB 1974-03-27 → 1984-03-28.", True, [("Aarav Nguyen", "1974-03-27", "1974-03-28")]),
])
def test_a_report_gives_a_person_the_date_of_birth_the_write_just_gave(text: str, reporting: bool,
                                                                        flagged: list[tuple[str, str, str]]) -> None:
    updated = {"reservation_id": "FQ8APE", "passengers": [{"first_name": "Aarav", "last_name": "Nguyen",
                                                           "dob": "1974-03-28"}]}
    assert misborn(text, _book(USER, updated), reporting) == flagged


def test_a_booking_recap_with_another_passengers_date_of_birth(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm omar_patel_2218. Book me and Aarav Nguyen from JFK to MIA.")
    c.call("get_user_details", {"user_id": "omar_patel_2218"}, USER)
    wrong = c.say("So the travellers would be you, born September 27, 1987, and Aarav Nguyen, born December 3, 1997.")
    right = c.say("So the travellers would be you, born September 27, 1987, and Aarav Nguyen, born March 27, 1974.")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_misdated"]
    assert at(out, right).eligible


@pytest.mark.parametrize(("said", "visible"), [
    ("Lucas Novak, born 1966-08-21", True),  # the user's "August 21", of the year the saved date shows
    ("Lucas Novak, born 1967-08-21", False),  # a year nothing shows
])
def test_a_corrected_birthday_takes_the_year_of_the_date_it_corrects(convo, at, said: str, visible: bool) -> None:
    c = convo()
    c.user("Put Lucas Novak on 8F805T.")
    c.call("get_order_details", {"order_id": "#W123"}, {"saved_passengers": [
        {"first_name": "Lucas", "last_name": "Novak", "dob": "1966-08-12"}]})
    c.say("I'd add Lucas Novak, born 1966-08-12, as saved on your profile. Shall I proceed?")
    c.user("His birthday is actually August 21, not the 12th - the saved one is wrong.")
    i = c.say(f"Understood: {said}. Shall I proceed?")
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("reply", "dob", "ok"), [
    ("His birthday is actually August 21, not the 12th. Otherwise yes.", "1966-08-12", False),  # ignored
    ("His birthday is actually August 21, not the 12th. Otherwise yes.", "1966-08-21", True),  # followed
    ("yes", "1966-08-12", True),
])
def test_a_birthday_the_user_corrects_in_the_yes_is_the_one_to_send(convo, at, reply: str, dob: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Put Lucas Novak on 8F805T instead of me, I'm layla_mendes_9075.")
    c.call("get_user_details", {"user_id": "layla_mendes_9075"}, {"saved_passengers": [
        {"first_name": "Lucas", "last_name": "Novak", "dob": "1966-08-12"}]})
    c.call("get_reservation_details", {"reservation_id": "8F805T"}, {"reservation_id": "8F805T", "passengers": [
        {"first_name": "Layla", "last_name": "Mendes", "dob": "1954-03-22"}]})
    c.say("I would replace the passenger on 8F805T with Lucas Novak, born 1966-08-12, as saved on your profile. "
          "Shall I proceed?")
    c.user(reply)
    i = c.call("update_reservation_passengers", {"reservation_id": "8F805T", "passengers": [
        {"first_name": "Lucas", "last_name": "Novak", "dob": dob}]}, {"reservation_id": "8F805T"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("dob", "ok"), [("1993-07-12", True), ("1993-07-21", False), ("1994-07-12", False)])
def test_a_new_bookings_passenger_born_otherwise_than_described(convo: Any, at: Any, dob: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book HAT105 on 2024-05-26 for me and Lena Park, born 1993-07-21. I'm beatriz_xu_5257.")
    c.call("get_user_details", {"user_id": "beatriz_xu_5257"}, {"user_id": "beatriz_xu_5257", "dob": "1956-11-16",
           "payment_methods": {"credit_card_8015456": {"source": "credit_card", "id": "credit_card_8015456"}}})
    c.call("search_direct_flight", {"origin": "JFK", "destination": "MIA", "date": "2024-05-26"},
           [{"flight_number": "HAT105", "origin": "JFK", "destination": "MIA", "prices": {"economy": 162}}])
    c.user("Sorry, Lena's birthday is 1993-07-12, not the 21st.")
    c.say("Booking summary: HAT105 on 2024-05-26, economy, for Beatriz Xu (1956-11-16) and Lena Park (1993-07-12), "
          "no bags, no insurance, $324 on your credit_card_8015456. Shall I proceed?")
    c.user("yes")
    i = c.call("book_reservation", {
        "user_id": "beatriz_xu_5257", "origin": "JFK", "destination": "MIA", "flight_type": "one_way",
        "cabin": "economy", "flights": [{"flight_number": "HAT105", "date": "2024-05-26"}],
        "passengers": [{"first_name": "Beatriz", "last_name": "Xu", "dob": "1956-11-16"},
                       {"first_name": "Lena", "last_name": "Park", "dob": dob}],
        "payment_methods": [{"payment_id": "credit_card_8015456", "amount": 324}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}, {"reservation_id": "ABC123"})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["workflow"] is ok, d.reasons
