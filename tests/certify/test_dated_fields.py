"""A date a text gives a field must be that field's value, not another visible field's
(certify/dated_fields.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.dated_fields import DatedFields, misdated_bill_periods, misdated_fields
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.tables import with_headers
from trajectory2gym.envs.registry import tool_specs

from .conftest import wrong_and_right

LINE = {"line_id": "L1001", "phone_number": "555-123-2001", "status": "Active", "plan_id": "P1001",
        "contract_end_date": "2026-12-31", "last_plan_change_date": "2025-01-10", "last_extension_date": "2025-01-05"}
RESERVATION = {"reservation_id": "8VGKSX", "origin": "ORD", "destination": "EWR", "created_at": "2024-05-02T09:14:00",
               "flights": [{"flight_number": "HAT165", "date": "2024-05-03", "price": 52},
                           {"flight_number": "HAT149", "date": "2024-05-03", "price": 83}],
               "passengers": [{"first_name": "Yara", "last_name": "Patel", "dob": "1961-06-01"}]}
BILL = {"bill_id": "B1002", "period_start": "2025-02-01", "period_end": "2025-02-28", "issue_date": "2025-02-05",
        "due_date": "2025-02-19", "total_due": 150.0}
NEXT_BILL = {"bill_id": "B1003", "period_start": "2025-03-01", "period_end": "2025-03-31", "due_date": "2025-03-15"}


BILL_WITH_ITEMS = {"bill_id": "B1002", "line_items": [{"description": "Data overage", "amount": 15.5,
                                                      "date": "2025-02-11"}]}


def _book(*observations: Any) -> DatedFields:
    book = DatedFields()
    book.update([orjson.dumps(o).decode().lower() for o in observations])
    return book


def test_the_fields_and_the_dates_of_named_objects() -> None:
    shown = [orjson.dumps(o).decode().lower() for o in (LINE, RESERVATION)]
    book = DatedFields()
    book.update(shown)
    assert book.values["contract_end_date"] == {"2026-12-31"}
    assert book.values["created_at"] == {"2024-05-02"}  # a timestamp's day
    assert book.dates_of["hat165"] == {"2024-05-03"}
    assert book.dates_of["8vgksx"] == {"2024-05-03"}  # a reservation's days are its flights'
    assert "b1002" not in _book(BILL_WITH_ITEMS).dates_of  # a charge's date is not the bill's
    shown.append(orjson.dumps(BILL).decode().lower())
    book.update(shown)  # read on: only what is new
    assert book.read == 3 and "due_date" in book.values


@pytest.mark.parametrize(("text", "flagged"), [
    ("Your contract on line 555-123-2001 runs until January 10, 2025.", ["contract_end_date"]),
    ("Your contract on line 555-123-2001 runs until 2026-12-31.", []),
    ("Your last plan change was on January 10, 2025.", []),
    ("8VGKSX is a one-way from ORD to EWR on May 2nd, 2024 (flights HAT165 and HAT149).", ["hat165"]),
    ("Your trip 8VGKSX flies on May 2nd.", ["8vgksx"]),
    ("Your trip 8VGKSX flies on May 3rd.", []),
    # A table row read with its header: the "Date" column is the flights', "Booked" the booking's.
    ("| Code | Date | Booked |\n|---|---|---|\n| 8VGKSX | May 3 | May 2 |", []),
    ("| Code | Date | Booked |\n|---|---|---|\n| 8VGKSX | May 2 | May 2 |", ["8vgksx"]),
    ("8VGKSX was booked on May 2nd, 2024; HAT165 flies on May 3.", []),  # said of the booking
    ("HAT165 on 2024-05-03 for Yara Patel (born 1961-06-01).", []),  # a birth date is nobody's flight date
    # a new birth date, bracketed after the person's name (blind set 73, a73_11)
    ("8VGKSX passengers would be: Yara Patel (1961-06-11). Confirm?", []),
    ("8VGKSX would fly on (1961-06-11). Confirm?", ["8vgksx"]),
    # Several dates: each with the words since the one before it.
    ("Bill B1002 (2025-02-01 to 2025-02-28) is issued and was due on 2025-02-19.", []),
    ("Bill B1002 (2025-02-01 to 2025-02-28) was due on 2025-02-05.", ["due_date"]),
    # Another flight named too, with no date of it shown: whose the date is, is not clear.
    ("I can move you to HAT101 on 2024-05-02, keeping HAT165 on 2024-05-03.", []),
    ("I can keep HAT165 on 2024-05-02.", ["hat165"]),
    # a payment date, where no record shows one: the bill's due date said as it (blind sets 66 and 71)
    ("B1002 now shows as Paid, with the payment recorded on 2025-02-19.", ["B1002's payment"]),
    ("Bill B1002 (February 2025, total $150.00, paid on 2025-02-19) has a data overage.", ["B1002's payment"]),
    ("B1002 is paid, and it was due on 2025-02-19.", []),  # the due date, said as such
    ("- **February (B1002):** $150.00, status **Paid** (it was due 2025-02-19)", []),  # (blind set 90, t90_02 50)
    ("- **February (B1002):** $150.00, status **Paid** (paid 2025-02-19)", ["B1002's payment"]),
    ("| Bill | Status | Due |\n|---|---|---|\n| B1002 | Paid | 2025-02-19 |", []),  # a table's due column
    # a list's line of the one object the line before it names (blind set 72, t72_04)
    ("- B1002 (2025-02-01 to 2025-02-28): $150.00\n- Status: Issued\n- Due: 2025-03-15", ["due_date"]),
    ("- B1002 (2025-02-01 to 2025-02-28): $150.00\n- Status: Issued\n- Due: 2025-02-19", []),
    # a period's ends after "issued bill" (blind set 80, t80_01 69); a date alone there is the issue date's
    ("Your most recent issued bill is B1002 for 2025-02-01 to 2025-02-28: $150.00.", []),
    ("Your most recent bill B1002 was issued on 2025-02-01.", ["issue_date"]),
    # ... and a period's ends written as a month's days (blind set 92, t92_06 57)
    ("Your most recent issued bill is B1002, for February 1–28, 2025: $150.00.", []),
    ("Your most recent bill B1002 was issued on February 1, 2025.", ["issue_date"]),
])
def test_a_date_is_read_against_the_field_it_is_said_of(text: str, flagged: list[str]) -> None:
    found = misdated_fields(with_headers(text), _book(LINE, RESERVATION, BILL, NEXT_BILL))
    assert [label for _, label, _ in found] == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    # a cycle's start said, which its end field does not hold (blind set 92: t92_01 58, t92_05 62)
    ("Your cycle started on 2025-02-01 (that's the bill period), so today is day 22.", []),
    ("The cycle began Feb 1, so over 25 days you've used 15.1 GB.", []),
    ("Your cycle ends on 2025-02-01.", ["cycle_end_date"]),
    # data said to last until a date: the cycle's end (blind set 93, t93_03 71)
    ("Your extra 2 GB is good until 2025-02-28 - enjoy France.", []),
    ("Your extra 2 GB is good until 2025-02-19 - enjoy France.", ["cycle_end_date"]),  # the bill's due date
    ("Your extra 2 GB goes on bill B1002, due 2025-02-19.", []),  # the bill's own date
    ("Your extra 2 GB is good until 2025-02-28 - enjoy France.", []),
    ("Your extra 2 GB is good until 2025-03-31 - enjoy France.", ["cycle_end_date"]),  # the next bill's end
    ("Your next bill covers 2025-03-01 until 2025-03-31.", []),  # one end of its period
])
def test_a_cycles_start_is_no_date_of_its_end(text: str, flagged: list[str]) -> None:
    usage = {"line_id": "L1002", "data_used_gb": 15.1, "cycle_end_date": "2025-02-28"}
    found = misdated_fields(text, _book(usage, BILL, NEXT_BILL))
    assert [label for _, label, _ in found] == flagged


def test_a_date_no_field_shows_is_left_to_the_visibility_check() -> None:
    assert misdated_fields("Your contract on line 555-123-2001 runs until March 3, 2027.", _book(LINE)) == []


@pytest.mark.parametrize(("text", "flagged"), [
    # blind set 68, a68_05: ... unless said of named flights as their day, which their record shows otherwise
    ("The outbound flights (HAT165 and HAT149) were on 2024-05-04 and have already been flown.", ["hat149"]),
    ("The outbound flights (HAT165 and HAT149) were on 2024-05-03 and have already been flown.", []),
    ("I can't move HAT149 to 2024-05-04.", []),  # a new day for it
    ("Your flight is HAT149 on May 3, and 4 dollars go back to you.", []),  # "4" is no day
    # a sentence read with the one before that names the flights ("It ..."): its own days are not theirs (a69_05)
    ("Your return is HAT149 on 2024-05-03. It was booked on 2024-05-02 at 09:14, which is more than 24 hours ago "
     "(it's now 2024-05-15 15:00).", []),
    # today's date in the same sentence (blind set 86, a86_05 16)
    ("8VGKSX was created on 2024-05-02 at 09:14, and it's now 2024-05-15 15:00, so it can't be cancelled.", []),
    ("8VGKSX was created on 2024-05-02 at 09:14, and it flies 2024-05-15, so it can't be cancelled.", ["8vgksx"]),
    # ... a day another field shows too (the booking's): still today's, no flight's (blind set 88, a88_06 58)
    ("You're right, today is May 2, so 8VGKSX hasn't started; its first flight, HAT165, is tomorrow.", []),
    ("You're right, 8VGKSX starts May 2, so its first flight, HAT165, is today.", ["8vgksx"]),
    # ... in brackets after "today" (blind set 89, a89_10 45)
    ("HAT165 on 8VGKSX flies on May 3, the day after today (May 2), so it can still be cancelled.", []),
    # a clause of time before the object, of another trip (blind set 86, a86_12 45)
    ("Also, after landing in Houston on May 21, 8VGKSX departs from Chicago on May 3.", []),
    ("Also, 8VGKSX departs from Chicago on May 21, after landing in Houston.", ["8vgksx"]),
])
def test_a_flight_said_to_fly_on_a_day_no_field_shows(text: str, flagged: list[str]) -> None:
    assert [label for _, label, _ in misdated_fields(text, _book(RESERVATION))] == flagged


def test_a_report_of_a_contract_end_from_another_field(convo: Any, at: Any) -> None:
    c = convo()
    c.user("When does the contract on my line L1001 end?")
    c.call("get_details_by_id", {"id": "L1001"}, LINE)
    wrong = c.say("Your contract on line 555-123-2001 runs until January 10, 2025.")
    right = c.say("Your contract on line 555-123-2001 runs until December 31, 2026.")
    r = certify_interaction(c.build())
    assert [reason_kind(x) for x in at(r, wrong).reasons] == ["text_misdated"]
    assert at(r, wrong).reasons == ["text gives contract_end_date the date 'January 10, 2025', where the "
                                    "observations show 2026-12-31"]
    assert at(r, right).eligible


def test_a_table_row_gives_a_reservation_another_ones_flight_date(convo: Any, at: Any) -> None:
    other = {**RESERVATION, "reservation_id": "T2PY2S", "created_at": "2024-05-07T00:22:47",
             "flights": [{"flight_number": "HAT211", "date": "2024-05-20", "price": 159}]}
    c = convo(domain="airline")
    c.user("Which of my trips did I book by mistake? I'm yara_patel_1234.")
    c.call("get_reservation_details", {"reservation_id": "8VGKSX"}, RESERVATION)
    c.call("get_reservation_details", {"reservation_id": "T2PY2S"}, other)
    table = "| Code | Date | Booked |\n|---|---|---|\n| T2PY2S | May 20 | May 7 |\n| 8VGKSX | {} | May 2 |"
    assert wrong_and_right(c, table, "May 20", "May 3") == (
        ["text gives 8vgksx the date 'May 20', where the observations show 2024-05-03"], True)


@pytest.mark.parametrize(("text", "shown"), [
    ("Bill B1007 is overdue; it was due on 2025-02-19.", ["2025-01-15"]),  # B1002's due date, said of B1007
    ("Bill B1007 is overdue; it was due on 2025-01-15.", []),
    ("Bill B1007 was due on 2025-02-19.", ["2025-01-15"]),
    ("Bills were due on 2025-02-19 and 2025-01-15.", []),  # no one bill named: any bill's
])
def test_a_date_field_said_of_one_object_is_read_against_its_own(text: str, shown: list[str]) -> None:
    overdue = {**BILL, "bill_id": "B1007", "issue_date": "2025-01-01", "due_date": "2025-01-15"}
    found = misdated_fields(text, _book(BILL, overdue))
    assert [days for _, _, days in found] == shown


def test_a_flight_found_by_a_search_flies_on_the_searched_day(convo: Any, at: Any) -> None:
    # 8VGKSX flies HAT165 and HAT149 on 2024-05-03 and was booked 2024-05-02; a search for
    # 2024-05-02 found HAT165 (its results carry no date), not HAT149.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Could 8VGKSX fly on 2024-05-02 instead?")
    c.call("get_reservation_details", {"reservation_id": "8VGKSX"}, RESERVATION)
    c.call("search_direct_flight", {"origin": "ORD", "destination": "EWR", "date": "2024-05-02"},
           [{"flight_number": "HAT165", "origin": "ORD", "destination": "EWR", "prices": {"economy": 60}}])
    found, other = c.say("HAT165 ORD-EWR 2024-05-02 economy 60."), c.say("HAT149 ORD-EWR 2024-05-02 economy 60.")
    out = certify_interaction(c.build())
    assert at(out, found).reasons == []
    assert [reason_kind(r) for r in at(out, other).reasons] == ["text_misdated"]  # no search showed HAT149


@pytest.mark.parametrize(("said", "flagged"), [
    # blind audits a64_06 and a63_07: a flight that leaves at 23:00 and lands at 03:30+1
    ("On 2024-05-19 HAT181 (dep 23:00, arr 03:30 on 2024-05-19) is $199 in economy.", ["2024-05-19"]),
    ("On 2024-05-19 HAT181 (dep 23:00, arr 03:30 on 2024-05-20) is $199 in economy.", []),
    ("- HAT181, PHX 23:00 → MCO 03:30, arriving May 19", ["May 19"]),
    ("- HAT181, PHX 23:00 → MCO 03:30, arriving May 20", []),
    ("- HAT181, PHX 23:00 → MCO 03:30 (next day), departing May 19", []),  # its departure's day
    ("- HAT214 arrives at 10:00 on May 19", []),  # a flight that lands the day it leaves
    # the arrival said in brackets, the date after them the flights' (blind set 84, a84_03 24)
    ("- New: HAT181 PHX → MCO (23:00, arrives 03:30) on **2024-05-19**", []),
    ("- New: HAT181 PHX → MCO (23:00, arrives 03:30 on 2024-05-19)", ["2024-05-19"]),
])
def test_a_flight_landing_the_next_day_does_not_land_on_the_day_it_leaves(convo: Any, at: Any, said: str,
                                                                          flagged: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Can I move my return to 2024-05-19? Reservation QWPXBF.")
    c.call("search_direct_flight", {"origin": "PHX", "destination": "MCO", "date": "2024-05-19"}, [
        {"flight_number": "HAT181", "origin": "PHX", "destination": "MCO", "scheduled_departure_time_est": "23:00:00",
         "scheduled_arrival_time_est": "03:30:00+1", "status": "available", "prices": {"economy": 199}},
        {"flight_number": "HAT214", "origin": "PHX", "destination": "MCO", "scheduled_departure_time_est": "06:00:00",
         "scheduled_arrival_time_est": "10:00:00", "status": "available", "prices": {"economy": 142}}])
    i = c.say(said)
    assert [r.split("the date ")[1].split("'")[1] for r in at(certify_interaction(c.build()), i).reasons
            if reason_kind(r) == "text_misdated"] == flagged


def test_books_of_next_day_arrivals_and_of_bill_months() -> None:
    from trajectory2gym.certify.dated_fields import ArrivalDays, BillMonths

    legs = [[{"flight_number": "HAT276", "scheduled_arrival_time_est": "00:00:00+1", "date": "2024-05-28"},
             {"flight_number": "HAT261", "scheduled_arrival_time_est": "01:30:00", "date": "2024-05-29"}]]
    arrivals = ArrivalDays()
    arrivals.update([orjson.dumps(legs).decode().lower()])
    assert arrivals.days == {"hat276": {"2024-05-29"}}  # only the leg that lands the next day
    assert arrivals.overnight == {"hat276"}
    bills = BillMonths()
    bills.update([orjson.dumps([{"bill_id": "B1", "period_start": "2025-01-01"},
                                {"bill_id": "B2", "period_start": "2025-02-01"},
                                {"bill_id": "B3", "period_start": "2025-02-01"}]).decode().lower()])
    assert bills.of_month(1) == "b1" and bills.of_month(2) is None and bills.of_month(3) is None



TWO_DAYS = {"reservation_id": "V68JRH", "origin": "IAH", "destination": "MSP",
            "flights": [{"flight_number": "HAT034", "date": "2024-05-26", "price": 182},
                        {"flight_number": "HAT001", "date": "2024-05-27", "price": 125}]}


@pytest.mark.parametrize(("text", "flagged"), [
    ("On reservation V68JRH your second flight, HAT001, departs on 2024-05-26.", ["hat001"]),
    ("On reservation V68JRH your second flight, HAT001, departs on 2024-05-27.", []),
    ("On reservation V68JRH your first flight, HAT034, departs on 2024-05-26.", []),
    ("Reservation V68JRH flies on 2024-05-26.", []),  # the reservation's own: either of its days
    # Another leg named by its place after the flight: the date is that leg's.
    ("No, HAT001 is on 2024-05-27, the day after your outbound flight on 2024-05-26.", []),
    ("No, HAT001 is on 2024-05-27, the day after its departure on 2024-05-26.", ["hat001"]),
    ("HAT001 was not available: your outbound flights (May 26 and 27) have been flown.", []),  # (plural)
    # ... or by "the return" alone (blind set 76, a76_01)
    ("The outbound on May 26 is HAT034, and the return on May 28 is HAT999.", []),
    ("The outbound on May 26 is HAT034, and on May 28 too.", ["hat034"]),
    ("The outbound on May 26 is HAT034, and on May 28 HAT999.", []),  # the date leads its flight (a103_10 14)
    # "for the return from May 28" (blind set 101, a101_09 24)
    ("On May 26 the earliest is 12:30 (HAT034), and for the return from May 28 none lands before 8am.", []),
    ("On May 26 the earliest is 12:30 (HAT034), and from May 28 none lands before 8am.", ["hat034"]),
    # A flight named right after the date: the date is that flight's.
    ("V68JRH: HAT034 on May 26, connecting May 27 on HAT001.", []),
    ("V68JRH: HAT034 on May 26, connecting May 26 on HAT001.", ["hat001"]),
    ("V68JRH: HAT034 on May 26, connecting May 27 via HAT034.", ["hat034"]),
    # ... or in brackets right after it (a range's end day between): the flights listed there fly then.
    ("V68JRH: out on May 27 (HAT034) and on to the coast on May 27 (HAT001 ORD → SEA).", ["hat034"]),
    ("V68JRH: out on May 26 (HAT034) and on to the coast on May 27 (HAT001 ORD → SEA).", []),
    ("V68JRH: May 27 (HAT034) and May 26 (HAT001).", ["hat034", "hat001"]),
    ("V68JRH: May 26–27 (HAT034, HAT001).", []),  # which flies on which day of the range is not said
    # ... a stop between (blind set 84, a84_09 39)
    ("V68JRH is out on **May 26** (HAT034), on May 27 via ORD (HAT001).", []),
    ("V68JRH is out on **May 26** (HAT034), on May 26 via ORD (HAT001).", ["hat001"]),
    # a bracket with a day of its own is an aside of other flights (blind set 62, a62_04)
    ("V68JRH: HAT001 moves to 2024-05-27 (HAT034 on 2024-05-26 unchanged).", []),
    ("V68JRH: HAT001 moves to 2024-05-26 (HAT034 on 2024-05-26 unchanged).", ["hat001"]),
    # A reservation's own legs are no other object: its return flights' day is one of its days.
    ("Reservation V68JRH: outbound on 2024-05-26, and your return flights on 2024-05-28.", ["v68jrh"]),
    ("Reservation V68JRH: outbound on 2024-05-26, and your return flights on 2024-05-27.", []),
    # either of two legs written with a slash (blind set 81, a81_04 40)
    ("Each booking: HAT034 May 26 + HAT999/HAT001 May 27.", []),
    ("Each booking: HAT034 May 26 + HAT999/HAT001 May 28.", []),
    ("Each booking: HAT034 May 26 + HAT999/HAT001 May 26.", ["hat999/hat001"]),
    # flights joined, then as many days joined: each its own day, in order (blind set 102, a102_06 14)
    ("HAT034 and HAT001 were on 2024-05-26 and 2024-05-27, so they have been flown.", []),
    ("HAT034 and HAT001 were on 2024-05-27 and 2024-05-26, so they have been flown.", ["hat034", "hat001"]),
    ("HAT034, HAT001 fly on May 26, May 27.", []),
    # the nearest code of letters only (blind set 82, a82_05 64)
    ("V68JRH stays as it is, and your new trip **QZKMXB** on May 28 is booked.", []),
    ("V68JRH stays as it is, and your new trip **QZKMXB** on May 26 is booked.", ["qzkmxb"]),
])
def test_a_date_goes_to_the_nearest_object_named_before_it(text: str, flagged: list[str]) -> None:
    other = {"reservation_id": "Q9ZK2M", "flights": [{"flight_number": "HAT999", "date": "2024-05-28"}]}
    letters = {"reservation_id": "QZKMXB", "flights": [{"flight_number": "HAT998", "date": "2024-05-28"}]}
    assert [label for _, label, _ in misdated_fields(text, _book(TWO_DAYS, other, letters))] == flagged


@pytest.mark.parametrize(("text", "found"), [
    # blind set 71, t71_09: a bill given another month's period
    ("Your line was suspended because of **B1234321**, $65.00 for the February 2025 period, due 2025-01-15.",
     [("B1234321", "February 2025 period", "January")]),
    ("Your line was suspended because of **B1234321**, $65.00 for the January 2025 period, due 2025-01-15.", []),
    ("B1234321 and B1002 are for the February period.", []),  # two bills: whose period is unclear
    ("Your February period starts soon.", []),  # no bill named
])
def test_a_bill_given_another_months_period(text: str, found: list[tuple[str, str, str]]) -> None:
    assert misdated_bill_periods(text, {"b1234321": {1}, "b1002": {2}}) == found


def test_a_bills_period_said_is_read_against_its_record(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Why is my line suspended? I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1234321", "period_start": "2025-01-01", "period_end": "2025-01-31", "total_due": 65.0,
         "due_date": "2025-01-15", "status": "Overdue"}])
    wrong = c.say("It's **B1234321**, $65.00 for the February 2025 period, status Overdue.")
    right = c.say("It's **B1234321**, $65.00 for the January 2025 period, status Overdue.")
    found = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(found, wrong).reasons] == ["text_misdated"]
    assert at(found, right).eligible


ROUND_TRIP = {"reservation_id": "UHDAHF", "created_at": "2024-05-08T02:21:25", "flights": [
    {"flight_number": "HAT015", "date": "2024-05-19"}, {"flight_number": "HAT041", "date": "2024-05-19"},
    {"flight_number": "HAT228", "date": "2024-05-27"}, {"flight_number": "HAT270", "date": "2024-05-28"}]}


@pytest.mark.parametrize(("text", "shown"), [
    # a range of days, then a bracket that dates its own flights (blind set 86, a86_04 43)
    ("Out May 19 (HAT015, HAT041), back May 27–28 (HAT228 on May 27, HAT270 on May 28).", []),
    ("Out May 19 (HAT015, HAT041), back May 27–28 (HAT228 on May 29, HAT270 on May 28).", ["2024-05-27"]),
    ("Out May 19 (HAT015, HAT041), back May 27.", ["2024-05-19"]),  # said of the flights before
    # a date that leads its flight, the flights before it having their own (blind set 103, a103_10 14)
    ("UHDAHF: May 19 HAT015 + HAT041, return May 27 HAT228, then May 28 HAT270.", []),
    ("UHDAHF: May 19 HAT015 + HAT041, return May 28 HAT228.", ["2024-05-27"]),
    ("UHDAHF: HAT015 on May 19 HAT228 on May 27.", []),  # a date after "on": the flight before it, not after
])
def test_a_range_of_days_before_a_bracket_of_dated_flights(text: str, shown: list[str]) -> None:
    found = misdated_fields(text, _book(ROUND_TRIP))
    assert [days for _, _, days in found] == shown


@pytest.mark.parametrize(("row", "flagged"), [
    # a table with a column per reservation, its rows' labels the first cell (blind set 86, a86_06 29)
    ("Booked | 8VGKSX (ORD → EWR) May 2 (over 24 h ago) | T2PY2S (ORD → EWR) May 7 (over 24 h ago)", []),
    ("Flies | 8VGKSX (ORD → EWR) May 3 (tomorrow) | T2PY2S (ORD → EWR) May 7 (next week)", ["t2py2s"]),
])
def test_a_row_of_booking_days_under_a_column_per_reservation(row: str, flagged: list[str]) -> None:
    other = {**RESERVATION, "reservation_id": "T2PY2S", "created_at": "2024-05-07T00:22:47",
             "flights": [{"flight_number": "HAT211", "date": "2024-05-20", "price": 159}]}
    assert [label for _, label, _ in misdated_fields(row, _book(RESERVATION, other))] == flagged


TRIP = {**RESERVATION, "flights": [{"flight_number": "HAT165", "date": "2024-05-03", "price": 52},
                                   {"flight_number": "HAT149", "date": "2024-05-07", "price": 83}]}


@pytest.mark.parametrize(("row", "flagged"), [
    # a cell of a trip's days, the flights in another cell (blind set 86, a86_09 40)
    ("| **8VGKSX** | ORD → EWR (HAT165), back EWR → ORD (HAT149) | May 3 / May 7 | $135 |", []),
    ("| **8VGKSX** | ORD → EWR (HAT165), back EWR → ORD (HAT149) | May 3 / May 2 | $135 |", ["8vgksx/hat149/hat165"]),
    ("| **8VGKSX** | ORD → EWR (HAT165), back EWR → ORD (HAT149) | May 3 | $135 |", ["hat149"]),  # the flight's before
])
def test_a_cell_of_a_trips_days_is_the_rows_objects(row: str, flagged: list[str]) -> None:
    assert [label for _, label, _ in misdated_fields(row, _book(TRIP))] == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    # the plan's name before a cycle's end is no plan change (blind set 86, t86_03 61)
    ("His line has used 3.2 GB of its 5.0 GB Basic Plan allowance, so 1.8 GB remain until 2025-02-28.", []),
    ("His plan was last changed on 2025-02-28.", ["last_plan_change_date"]),
    ("His plan was last changed on 2025-01-10.", []),
])
def test_a_plans_name_before_a_cycles_end(text: str, flagged: list[str]) -> None:
    usage = {"line_id": "L1001", "data_used_gb": 3.2, "data_limit_gb": 5.0, "cycle_end_date": "2025-02-28"}
    assert [label for _, label, _ in misdated_fields(text, _book(LINE, usage))] == flagged
