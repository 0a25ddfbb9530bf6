"""A cancellation's refund said as the flights' fares alone: "The refund of $139 would go back to
your gift card", of a reservation whose payment history shows $169 paid (the fares and $30 of
insurance). Cancelling gives back every payment the reservation shows, so the fares' sum is no
refund where more was paid. Read only where the amount is exactly the fares' sum (for all the
passengers), differs from what was paid, and the text nowhere states what was paid.
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.books import ObservationBook
from trajectory2gym.certify.normalize import compact, identifiers_in, money_numbers_in, to_cents
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# An amount said as refunded: "the refund of $139", "$139 back to your card", "refunded $139".
_REFUND = re.compile(r"\brefund", re.I)


class ReservationRecords(ObservationBook):
    """Per reservation (its compact id), its latest record with a payment history, and the latest
    reservation shown: each reservation record (an observation that opens on its ``reservation_id``)
    read once."""

    needles: tuple[str, ...] = ('"payment_history"',)

    def __init__(self) -> None:
        self.records: dict[str, dict[str, Any]] = {}
        self.latest = ""

    def take(self, value: Any) -> None:
        if isinstance(value, dict) and next(iter(value), None) == "reservation_id" \
                and isinstance(rid := value.get("reservation_id"), str):
            self.latest = compact(rid)
            self.records[self.latest] = value


def fares_as_cancel_refund(text: str, book: ReservationRecords) -> list[tuple[str, str, int]]:
    """(the amount as written, the reservation, what its payment history shows paid, in cents) for
    each amount a text about cancelling gives as the refund that is the reservation's fares' sum
    and not what was paid (the reservation the text names, else the latest shown; ``book``)."""
    if "cancel" not in text.lower():
        return []
    records = book.records
    named = [key for ident in identifiers_in(text) if (key := compact(ident)) in records]
    record = records.get(named[0] if len(set(named)) == 1 else book.latest if not named else "")
    if record is None:
        return []
    paid, fares = _paid(record), _fares(record)
    if paid is None or fares is None or paid == fares or paid in {c for _, c in money_numbers_in(text)}:
        return []
    return [(written, compact(record["reservation_id"]), paid) for sentence in SENTENCE_OR_LINE.split(text)
            if _REFUND.search(sentence)
            for written, cents in money_numbers_in(sentence) if cents == fares]


def _paid(record: dict[str, Any]) -> int | None:
    """The sum of a reservation's payments, in cents (None where a row has no amount). A cancelled
    one's history ends with the negation of each row before: those rows are what was paid."""
    rows = record.get("payment_history")
    if not isinstance(rows, list) or not rows:
        return None
    amounts = [to_cents(row.get("amount")) if isinstance(row, dict) else None for row in rows]
    if any(a is None for a in amounts):
        return None
    paid = [a for a in amounts if a is not None]
    if record.get("status") == "cancelled":
        half = len(paid) // 2
        if len(paid) % 2 or [-a for a in paid[:half]] != paid[half:]:
            return None
        paid = paid[:half]
    return sum(paid)


def _fares(record: dict[str, Any]) -> int | None:
    """The flights' prices summed, times the passengers, in cents."""
    flights, people = record.get("flights"), record.get("passengers")
    if not isinstance(flights, list) or not flights or not isinstance(people, list) or not people:
        return None
    prices = [to_cents(f.get("price")) if isinstance(f, dict) else None for f in flights]
    return None if any(p is None for p in prices) else sum(p for p in prices if p is not None) * len(people)
