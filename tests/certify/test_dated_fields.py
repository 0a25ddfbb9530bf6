"""A date a text gives a field must be that field's value, not another visible field's
(certify/dated_fields.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.dated_fields import DatedFields, misdated_fields
from trajectory2gym.certify.reasons import reason_kind

LINE = {"line_id": "L1001", "phone_number": "555-123-2001", "status": "Active", "plan_id": "P1001",
        "contract_end_date": "2026-12-31", "last_plan_change_date": "2025-01-10", "last_extension_date": "2025-01-05"}
RESERVATION = {"reservation_id": "8VGKSX", "origin": "ORD", "destination": "EWR", "created_at": "2024-05-02T09:14:00",
               "flights": [{"flight_number": "HAT165", "date": "2024-05-03", "price": 52},
                           {"flight_number": "HAT149", "date": "2024-05-03", "price": 83}],
               "passengers": [{"first_name": "Yara", "last_name": "Patel", "dob": "1961-06-01"}]}
BILL = {"bill_id": "B1002", "period_start": "2025-02-01", "period_end": "2025-02-28", "issue_date": "2025-02-05",
        "due_date": "2025-02-19", "total_due": 150.0}


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
    assert "8vgksx" not in book.dates_of  # the reservation has no "date" of its own
    shown.append(orjson.dumps(BILL).decode().lower())
    book.update(shown)  # read on: only what is new
    assert book.read == 3 and "due_date" in book.values


@pytest.mark.parametrize(("text", "flagged"), [
    ("Your contract on line 555-123-2001 runs until January 10, 2025.", ["contract_end_date"]),
    ("Your contract on line 555-123-2001 runs until 2026-12-31.", []),
    ("Your last plan change was on January 10, 2025.", []),
    ("8VGKSX is a one-way from ORD to EWR on May 2nd, 2024 (flights HAT165 and HAT149).", ["hat149"]),
    ("8VGKSX was booked on May 2nd, 2024; HAT165 flies on May 3.", []),  # said of the booking
    ("HAT165 on 2024-05-03 for Yara Patel (born 1961-06-01).", []),  # a birth date is nobody's flight date
    # Several dates: each with the words since the one before it.
    ("Bill B1002 (2025-02-01 to 2025-02-28) is issued and was due on 2025-02-19.", []),
    ("Bill B1002 (2025-02-01 to 2025-02-28) was due on 2025-02-05.", ["due_date"]),
])
def test_a_date_is_read_against_the_field_it_is_said_of(text: str, flagged: list[str]) -> None:
    found = misdated_fields(text, _book(LINE, RESERVATION, BILL))
    assert [label for _, label, _ in found] == flagged


def test_a_date_no_field_shows_is_left_to_the_visibility_check() -> None:
    assert misdated_fields("Your contract on line 555-123-2001 runs until March 3, 2027.", _book(LINE)) == []


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
