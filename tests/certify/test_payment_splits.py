"""A payment split between two gift cards pairs each card with its amount: the booking call must send
the amounts the description paired with each card, and a report must give each card the amount its
payment history shows (blind set 77, a77_08)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.reported_payments import misplaced_by_id
from trajectory2gym.envs.registry import tool_specs

FIRST, SECOND = "gift_card_8541816", "gift_card_8371729"
USER = {"user_id": "yara_sanchez_8382", "membership": "regular", "payment_methods": {
    FIRST: {"source": "gift_card", "amount": 247, "id": FIRST},
    SECOND: {"source": "gift_card", "amount": 180, "id": SECOND}}}


def _booked(convo: Any, first: int, second: int, report: str) -> tuple[Any, int, int]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Book HAT209 JFK to MIA on May 20, economy, for James Sanchez (1965-09-09), insurance yes. "
           "I'm yara_sanchez_8382.")
    c.call("get_user_details", {"user_id": "yara_sanchez_8382"}, USER)
    c.call("search_direct_flight", {"origin": "JFK", "destination": "MIA", "date": "2024-05-20"},
           [{"flight_number": "HAT209", "prices": {"economy": 131}, "available_seats": {"economy": 8}}])
    c.say("Here's the booking: James Sanchez (1965-09-09), one way JFK → MIA, HAT209 on 2024-05-20, economy, "
          f"0 bags, insurance yes. Total: $131 fare + $30 insurance = $161. Payment: $100 from {FIRST} and $61 "
          f"from {SECOND}. Confirm?")
    c.user("confirm")
    paid = [{"payment_id": FIRST, "amount": first}, {"payment_id": SECOND, "amount": second}]
    book = c.call("book_reservation", {
        "user_id": "yara_sanchez_8382", "origin": "JFK", "destination": "MIA", "flight_type": "one_way",
        "cabin": "economy", "flights": [{"flight_number": "HAT209", "date": "2024-05-20"}],
        "passengers": [{"first_name": "James", "last_name": "Sanchez", "dob": "1965-09-09"}],
        "payment_methods": paid, "total_baggages": 0, "nonfree_baggages": 0, "insurance": "yes"},
        {"reservation_id": "HATHAT", "payment_history": paid, "created_at": "2024-05-15T15:00:00"})
    return c, book, c.say(report)


@pytest.mark.parametrize(("first", "second", "kinds"), [(100, 61, []), (61, 100, ["amount_not_confirmed"])])
def test_the_call_pays_each_card_the_amount_the_description_paired_with_it(convo: Any, at: Any, first: int,
                                                                          second: int, kinds: list[str]) -> None:
    c, book, _ = _booked(convo, first, second, "Booked!")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), book).reasons]
    assert [k for k in found if k == "amount_not_confirmed"] == kinds, found


@pytest.mark.parametrize(("first", "second", "kinds"), [
    (100, 61, []), (61, 100, ["text_misplaced_method_amount"])])
def test_a_report_gives_each_card_its_own_amount(convo: Any, at: Any, first: int, second: int,
                                                 kinds: list[str]) -> None:
    c, _, said = _booked(convo, first, second, "Booked! $100 was charged to gift card 8541816 and $61 to gift card "
                                               "8371729.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), said).reasons]
    assert [k for k in found if k == "text_misplaced_method_amount"] == kinds, found


def test_an_amount_planned_on_a_method_is_no_report() -> None:
    rows = {10000: {SECOND}, 6100: {FIRST}}
    assert misplaced_by_id("$100 was charged to gift card 8541816.", rows) == [("$100", FIRST, SECOND)]
    assert misplaced_by_id("Rebooking: $100 on gift card 8541816. Proceed?", rows) == []  # no verb: a plan
    assert misplaced_by_id("I'd have $100 charged to gift card 8541816.", rows) == []  # offered
    assert misplaced_by_id("$100 was charged to gift card 8371729.", rows) == []
