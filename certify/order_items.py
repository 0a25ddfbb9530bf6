"""An ordered item's price said of another order than the one that holds it.

"The earbuds in #W7619352 are Wireless Earbuds, black, 6 hours battery, IPX7 — $267.90", where the
$267.90 black earbuds are an item of #W3388163 and #W7619352 holds blue ones at $258.97: each value
is visible, the order it is given to is wrong. Read only where a sentence names one order shown and
a dollar amount that exactly one other order's record shows as a price and no product listing offers
(a variant price may be quoted for an exchange), and the sentence sets nothing side by side ("than",
"other"). The records are searched as text, and only for such a sentence's amounts: most texts name
an order and an amount, and parsing every order record for each would cost a tenth of certification.
"""

from __future__ import annotations

import re

from trajectory2gym.certify.normalize import compact, identifiers_in, money_numbers_in
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# A sentence that sets things side by side may state another order's price on purpose.
_SIDE_BY_SIDE = re.compile(r"\b(?:than|other|another|vs\.?|versus|compared|both|each|whereas|while|instead)\b", re.I)
_ORDER_RECORD = re.compile(r'^\{"order_id":\s*"([^"]+)"')  # an order's record: its id first


def prices_of_other_orders(text: str, observations: list[str]) -> list[tuple[str, str, str]]:
    """(the amount as written, the order the sentence names, the order whose record shows it) for each
    price a sentence gives the one order it names, where only another order's record shows it.
    ``observations``: the JSON observations, lower-cased, as the evidence index keeps them."""
    records = [low for low in observations if low.startswith('{"order_id"')]
    if len(records) < 2:
        return []  # (one order shown: no other order's price to give it)
    # (first the amounts some order record shows as a price: most texts state none, and stop here)
    priced: dict[int, list[str]] = {}
    for written, cents in money_numbers_in(text):
        if "$" in written and cents not in priced:
            needles = _needles(cents)
            if any(_shows(low, needles) for low in records):
                priced[cents] = needles
    if not priced:
        return []
    orders: dict[str, list[str]] = {}  # an order (compact) -> its records
    for low in records:
        if (m := _ORDER_RECORD.match(low)) is not None:
            orders.setdefault(compact(m[1]), []).append(low)
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "$" not in sentence or "#" not in sentence or _SIDE_BY_SIDE.search(sentence):
            continue
        named = {key for t in identifiers_in(sentence) if (key := compact(t)) in orders}
        if len(named) != 1:
            continue
        (order,) = named
        for written, cents in money_numbers_in(sentence):
            if (forms := priced.get(cents)) is None or "$" not in written:
                continue
            holders = {key for key, held in orders.items() if any(_shows(low, forms) for low in held)}
            if len(holders) == 1 and order not in holders and not any(
                    '"variants"' in low and _shows(low, forms) for low in observations):
                out.append((written, order, next(iter(holders))))
    return out


def _needles(cents: int) -> list[str]:
    """An amount as an order record writes it as a price: '"price": 267.9', '"price":100.0', '"price": 100'
    (with or without a space after the colon: json.dumps writes one, orjson none)."""
    value = abs(cents) / 100
    return [f'"price":{gap}{form}' for form in {repr(value), *([str(int(value))] if value.is_integer() else [])}
            for gap in (" ", "")]


def _shows(low: str, needles: list[str]) -> bool:
    """Whether a record shows one of the needles ('"price": 267.9') as a whole number, not the start
    of a longer one ("267.95"): plain string finds, no pattern compiled per amount."""
    for needle in needles:
        at = low.find(needle)
        while at >= 0:
            after = low[at + len(needle):at + len(needle) + 1]
            if not (after.isdigit() or after == "."):
                return True
            at = low.find(needle, at + 1)
    return False
