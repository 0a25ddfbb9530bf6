"""A quantity with a unit a text gives one object, against what the observations show of it.

"L1007 used 12.8 GB", or a table row "| L1007 | 12.8 GB |", where L1007's usage shows
``"data_used_gb": 9.5`` and 12.8 is L1005's: the amount is visible, but as another object's. A
quantity is read against the fields whose name ends in its unit (``_gb`` for "GB"). It is flagged
only when the object named shows that field with other values, none of its own values is the
quantity nor a sum or difference of two of them, and another object shows it in the same field:
narrow on purpose, so an amount derived from its own ("989.5 GB left" of a 999 GB limit, "0.6 GB
left" of 10.0 GB with 9.4 used, where another line used 0.6) is left to the visibility check.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from trajectory2gym.certify.anchors import NESTED_ID_KEYS
from trajectory2gym.certify.books import ObservationBook
from trajectory2gym.certify.normalize import compact, identifiers_in, to_cents
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# A number written with a unit that observations keep as a field's name's last part ("data_used_gb").
MEASURE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(gb|mb)\b", re.I)
_RATES = ("price", "per", "cost")  # "data_refueling_price_per_gb" is money, not gigabytes


def unit_of(key: str) -> str | None:
    """The unit a field's name ends in ("gb" for ``data_used_gb``), None for a rate or none."""
    parts = key.lower().split("_")
    if len(parts) < 2 or parts[-1] not in ("gb", "mb") or any(p in _RATES for p in parts):
        return None
    return parts[-1]


def own_ids(obj: dict[str, Any]) -> set[str]:
    """The keys (``compact``) of the identifiers that are an object's own: its first identifier
    field and its phone number (a line is named by either); not the foreign ones after them
    (a line's ``plan_id``)."""
    out = set()
    first = next((v for k, v in obj.items() if isinstance(v, str) and (k == "id" or k.endswith(NESTED_ID_KEYS))), None)
    if first is not None:
        out.add(compact(first))
    if isinstance(phone := obj.get("phone_number"), str):
        out.add(compact(phone))
    return out


def measured(value: Any) -> Iterator[tuple[set[str], str, int]]:
    """(the object's own identifier keys, field, hundredths) for each unit field of each object in
    a JSON value that has an identifier of its own."""
    if isinstance(value, list):
        for item in value:
            yield from measured(item)
    elif isinstance(value, dict):
        ids = None
        for key, v in value.items():
            if isinstance(v, (dict, list)):
                yield from measured(v)
            elif isinstance(v, (int, float)) and unit_of(key) is not None and (n := to_cents(v)) is not None:
                ids = own_ids(value) if ids is None else ids
                if ids:
                    yield ids, key, n


class MeasureBook(ObservationBook):
    """The unit fields of the JSON observations read so far: per identifier key, each field's
    values; per (field, value), the identifier keys of each object showing it."""

    needles: tuple[str, ...] = ('_gb"', '_mb"')  # only these can hold a unit field

    def __init__(self) -> None:
        self.fields: dict[str, dict[str, set[int]]] = {}
        self.holders: dict[tuple[str, int], list[set[str]]] = {}
        self.aliases: dict[str, set[str]] = {}  # an identifier key -> the keys one object showed it with

    def take(self, value: Any) -> None:
        for ids, field, n in measured(value):
            for key in ids:
                self.fields.setdefault(key, {}).setdefault(field, set()).add(n)
                self.aliases.setdefault(key, set()).update(ids)
            self.holders.setdefault((field, n), []).append(ids)

    def own_values(self, key: str) -> set[int]:
        """Every unit value the object with this key shows, under any of its keys (a line's usage,
        read by its id, and its record, which gives its number too)."""
        return {n for k in self.aliases.get(key, {key}) for values in self.fields.get(k, {}).values() for n in values}


def misassigned_measures(text: str, book: MeasureBook) -> list[tuple[str, str, str, str]]:
    """(the quantity as written, the identifier, the field, the values that object shows) for each
    quantity (with a unit) a sentence or line gives an object that is another object's value of a
    field that object shows with other values. With one identifier in the sentence, its quantities
    are that object's; with several, each clause's are the one it names, or the one named last
    before it ("line 555-123-2006 has used 9.5 GB and line 555-123-2007 has used 18.1 GB"); a
    quantity denied ("not 12.8 GB") is no claim."""
    out: list[tuple[str, str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if MEASURE.search(sentence) is None or not (ids := identifiers_in(sentence)):
            continue
        if len(ids) > 1 and _JOINT.search(sentence):
            continue  # "L1001 and L1002 together used 11.9 GB": no one object's quantity
        parts = [sentence] if len(ids) == 1 else _CLAUSE.split(sentence)
        ident = ids[0]
        named_at = sentence.find(ident) if len(ids) == 1 else -1
        for part in parts:
            if len(ids) > 1 and (named := identifiers_in(part)):
                ident = named[-1] if len(named) == 1 else ""
            for m in MEASURE.finditer(part):
                if len(ids) == 1 and m.end() < named_at and _CLAUSE.search(part, m.end(), named_at):
                    continue  # a clause before the one naming it: "2.0 GB added ($4.00), and roaming enabled on L1001"
                if (ident and not _DENIED.search(part, 0, m.start())
                        and not _WORKED.search(part[max(0, m.start() - 3):m.end() + 3])):
                    out += _misassigned(m, ident, book)
    return out


# What divides a sentence naming several objects into the parts said of each.
_CLAUSE = re.compile(r"[(),;]|\band\b|\bbut\b")
_JOINT = re.compile(r"\b(?:together|combined|both|altogether|in total|between them)\b", re.I)
_WORKED = re.compile(r"[+=×−]")  # a term of a sum ("5.0 GB + 15.0 GB"): no claim of its own
_DENIED = re.compile(r"(?:\bnot|n't|\binstead of|\brather than)\s+(?:\S+\s+)?$", re.I)


def _misassigned(m: re.Match[str], ident: str, book: MeasureBook) -> list[tuple[str, str, str, str]]:
    key = compact(ident)
    fields = book.fields.get(key)
    n = round(float(m[1]) * 100)
    if not fields or n in (own := book.own_values(key)) or any(a - n in own or a + n in own for a in own):
        return []  # its own value, or one worked out from two of them ("0.6 GB left" of 10.0 with 9.4 used)
    for field, values in fields.items():
        if unit_of(field) == m[2].lower() and any(key not in held for held in book.holders.get((field, n), ())):
            return [(m[0], ident, field, ", ".join(f"{v / 100:g}" for v in sorted(values)))]
    return []
