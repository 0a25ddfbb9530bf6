"""A stated variant price less the ordered item's of the same product is derived
(certify/item_prices.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.charges import misigned_changes
from trajectory2gym.certify.item_prices import ItemPriceBook

ORDER = {"order_id": "#W7736708", "user_id": "raj_sanchez_2970", "status": "delivered", "items": [
    {"name": "Headphones", "product_id": "6992792935", "item_id": "3104857380", "price": 377.97,
     "options": {"type": "on-ear", "connectivity": "wireless", "color": "red"}},
    {"name": "Notebook", "product_id": "2892623495", "item_id": "6574183535", "price": 28.14,
     "options": {"size": "A6", "cover type": "hard cover"}}]}
HEADPHONES = {"name": "Headphones", "product_id": "6992792935", "variants": {
    "3374679624": {"item_id": "3374679624", "options": {"type": "over-ear", "connectivity": "wired",
                                                        "color": "black"}, "available": True, "price": 370.53},
    "7493556126": {"item_id": "7493556126", "options": {"type": "over-ear", "connectivity": "wireless",
                                                        "color": "black"}, "available": True, "price": 346.97}}}
# A listing as long as a real one: differences of its prices are too dense to count as derived by
# themselves, as in the tau-bench catalogue.
LONG_LISTING = {**HEADPHONES, "variants": {**HEADPHONES["variants"], **{
    str(9000000000 + k): {"item_id": str(9000000000 + k), "options": {"type": "in-ear", "connectivity": "wired",
                                                                      "color": f"shade {k}"},
                          "available": False, "price": round(301.17 + 3.71 * k + 0.13 * k * k, 2)}
    for k in range(40)}}}


def _book() -> ItemPriceBook:
    book = ItemPriceBook()
    book.update([orjson.dumps(v).decode().lower() for v in (ORDER, HEADPHONES)])
    return book


def test_the_book_keeps_ordered_and_offered_prices_per_product() -> None:
    book = _book()
    assert book.ordered == {"6992792935": {37797}, "2892623495": {2814}}
    assert book.variants == {"6992792935": {37053, 34697}}


@pytest.mark.parametrize(("cents", "stated", "derived"), [
    (3100, {34697}, True),  # 377.97 - 346.97
    (744, {37053}, True),  # 377.97 - 370.53
    (3100, {37053}, False),  # another variant's price stated
    (3100, set(), False),
    (31883, {34697}, False),  # 346.97 - 28.14: the notebook is no headphones
])
def test_a_difference_needs_a_variant_and_an_ordered_item_of_one_product(cents: int, stated: set[int],
                                                                         derived: bool) -> None:
    assert _book().differs_by(cents, stated) is derived


@pytest.mark.parametrize(("text", "grounded"), [
    ("Over-ear wireless: only black is available, 346.97. You get 31.00 back. Refund to gift card?", True),
    ("Over-ear wireless: only black is available, 346.97. You get 30.00 back. Refund to gift card?", False),
    ("Over-ear wired black is 370.53 (+7.44 back to you). Want that?", True),
    ("Over-ear wired black is 370.53 (+31.00 back to you). Want that?", False),
])
def test_a_terse_difference_from_the_ordered_items_price(convo: Any, at: Any, text: str, grounded: bool) -> None:
    c = convo()
    c.user("I want to exchange the headphones in #W7736708 for over-ear ones.")
    c.call("get_order_details", {"order_id": "#W7736708"}, ORDER)
    c.call("get_product_details", {"product_id": "6992792935"}, LONG_LISTING)
    i = c.say(text)
    assert at(certify_interaction(c.build()), i).eligible is grounded


TWO_HEADPHONES = {**ORDER, "items": [ORDER["items"][0], {**ORDER["items"][0], "item_id": "3104857381", "price": 360.0}]}


@pytest.mark.parametrize(("text", "grounded"), [
    # 377.97 + 360.00 - 346.97 - 370.53 = 20.47, both new variants named by item id
    ("Exchange for #W7736708:\n- red → **over-ear wireless black** (7493556126)\n- red → **over-ear wired black** "
     "(3374679624)\n\nThe new pair costs $20.47 less, refunded to your gift card. Shall I submit it?", True),
    ("Exchange for #W7736708:\n- red → **over-ear wireless black** (7493556126)\n- red → **over-ear wired black** "
     "(3374679624)\n\nThe new pair costs $21.47 less, refunded to your gift card. Shall I submit it?", False),
    # one of them named: its price less one ordered item's (360.00 - 346.97)
    ("Red → over-ear wireless black (7493556126): $13.03 back to your gift card. Shall I?", True),
])
def test_an_exchange_of_variants_named_by_item_id_nets_as_many_ordered_items(convo: Any, at: Any, text: str,
                                                                              grounded: bool) -> None:
    c = convo()
    c.user("I want to exchange both headphones in #W7736708 for over-ear black ones.")
    c.call("get_order_details", {"order_id": "#W7736708"}, TWO_HEADPHONES)
    c.call("get_product_details", {"product_id": "6992792935"}, LONG_LISTING)
    i = c.say(text)
    assert at(certify_interaction(c.build()), i).eligible is grounded


@pytest.mark.parametrize(("text", "reversed_"), [
    ("Your headphones ($377.97) -> over-ear wireless black ($346.97): you'd get $31.00 back.", False),
    ("Your headphones ($377.97) -> over-ear wireless black ($346.97): you'd need to pay an additional $31.00.",
     True),
    ("Your headphones ($377.97) -> over-ear wired black ($370.53): a refund of $7.44 to your card.", False),
    ("Over-ear wireless black is $346.97; the difference of $31.00 will be charged.", False),  # no old price stated
])
def test_an_exchange_difference_moves_the_way_its_prices_say(convo: Any, at: Any, text: str,
                                                             reversed_: bool) -> None:
    c = convo()
    c.user("I want to exchange the headphones in #W7736708 for over-ear ones.")
    c.call("get_order_details", {"order_id": "#W7736708"}, ORDER)
    c.call("get_product_details", {"product_id": "6992792935"}, HEADPHONES)
    i = c.say(text)
    assert any("moving the other way" in r for r in at(certify_interaction(c.build()), i).reasons) is reversed_


@pytest.mark.parametrize(("expression", "result", "text", "reversed_"), [
    # blind set 89, r89_06 26: new less old is negative, then "an extra" of it
    ("346.97 - 377.97", "-31.0", "The over-ear wireless black would cost you an extra **$31.00** on top of what you paid.",
     True),
    ("346.97 - 377.97", "-31.0", "The over-ear wireless black would get you **$31.00** back.", False),
    ("377.97 - 346.97", "31.0", "The over-ear wireless black would cost you an extra $31.00.", True),  # old less new
    ("370.53 - 346.97", "23.56", "That would cost you an extra $23.56.", False),  # two new prices: no old one
])
def test_an_exchange_difference_the_calculator_gave_moves_the_way_its_terms_say(
        convo: Any, at: Any, expression: str, result: str, text: str, reversed_: bool) -> None:
    c = convo()
    c.user("I want to exchange the headphones in #W7736708 for over-ear ones. How much more is that?")
    c.call("get_order_details", {"order_id": "#W7736708"}, ORDER)
    c.call("get_product_details", {"product_id": "6992792935"}, HEADPHONES)
    c.call("calculate", {"expression": expression}, result)
    i = c.say(text)
    assert any("moving the other way" in r for r in at(certify_interaction(c.build()), i).reasons) is reversed_


def test_the_net_of_an_exchange_from_the_prices_a_text_states() -> None:
    book = _book()
    assert book.exchange_net({37797, 34697, 3100}) == -3100
    assert book.exchange_net({34697, 3100}) is None  # a new price without the old one
    assert book.exchange_net({2814, 3100}) is None  # an old price only: nothing exchanged


@pytest.mark.parametrize(("line", "flagged"), [
    ("Electric Scooter 40 mi gray ($325.68) → 15 mi black (item 4541990443) at $329.23: $3.55 less", True),
    ("Electric Scooter 40 mi gray ($325.68) → 15 mi black (item 4541990443) at $329.23: $3.55 more", False),
    ("Camping Tent ($391.42) -> 4-person (item 8999889759) at $431.58: $40.16 more", False),
    ("Camping Tent ($431.58) -> 2-person at $391.42: $40.16 more", True),
    ("Camping Tent ($391.42) -> 4-person at $431.58: $12.00 less", False),  # not their difference: left to visibility
])
def test_a_price_change_signs_its_difference_the_way_its_prices_go(line: str, flagged: bool) -> None:
    assert bool(misigned_changes(f"Both are available:\n- {line}\nShall I?")) is flagged
