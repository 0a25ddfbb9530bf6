"""An ordered item's price said of another order than the one that holds it (certify/order_items.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.order_items import prices_of_other_orders
from trajectory2gym.certify.reasons import reason_kind

BLUE = {"order_id": "#W7619352", "items": [{"name": "Wireless Earbuds", "item_id": "1", "price": 258.97}]}
BLACK = {"order_id": "#W3388163", "items": [{"name": "Wireless Earbuds", "item_id": "2", "price": 267.90},
                                           {"name": "Electric Kettle", "item_id": "4", "price": 100}]}
LISTING = {"name": "Wireless Earbuds", "product_id": "9", "variants": {"3": {"item_id": "3", "price": 249.00}}}


def _shown(*records: Any) -> list[str]:
    """Observations as the evidence index keeps them: a tool's JSON result, lower-cased."""
    return [json.dumps(o).lower() for o in records]


@pytest.mark.parametrize(("text", "found"), [
    # blind set 92, r92_09 49: the black pair of the other order said of this one
    ("The earbuds in #W7619352 are black, 6 hours battery — $267.90.", [("$267.90", "w7619352", "w3388163")]),
    ("The earbuds in #W7619352 are blue, 4 hours battery — $258.97.", []),
    ("The earbuds in #W7619352 cost $258.97, less than the $267.90 pair in your other order.", []),  # side by side
    ("The earbuds in #W7619352 could be exchanged for a pair at $249.00.", []),  # a listing's price
    ("Your earbuds are $267.90.", []),  # no order named
    ("The kettle in #W7619352 is $100.", [("$100", "w7619352", "w3388163")]),  # an integer price in the record
])
def test_an_item_price_said_of_another_order(text: str, found: list[tuple[str, str, str]]) -> None:
    assert prices_of_other_orders(text, _shown(BLUE, BLACK, LISTING)) == found


def test_an_item_price_of_another_order_in_a_conversation(convo: Any, at: Any) -> None:
    c = convo()
    c.user("What earbuds are in #W7619352? I have two orders, the other is #W3388163.")
    c.call("get_order_details", {"order_id": "#W7619352"}, BLUE)
    c.call("get_order_details", {"order_id": "#W3388163"}, BLACK)
    wrong = c.say("The earbuds in #W7619352 are black — $267.90.")
    right = c.say("The earbuds in #W7619352 are blue — $258.97.")
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_misowned"]
    assert at(out, right).reasons == []
