"""An identifier a text gives to another object than the one that shows it (certify/owned_ids.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.normalize import compact
from trajectory2gym.certify.owned_ids import SELF, holder, misowned
from trajectory2gym.certify.reasons import reason_kind

A = {"order_id": "#W4404390", "status": "delivered", "items": [{"name": "Tent", "item_id": "5191363033"}],
     "fulfillments": [{"tracking_id": ["413744175715"], "item_ids": ["5191363033"]}]}
B = {"order_id": "#W7751333", "status": "processed", "items": [{"name": "Knife Set", "item_id": "4609121874"}],
     "fulfillments": [{"tracking_id": ["275663464153"], "item_ids": ["4609121874"]}]}
PROFILE = {"name": {"first_name": "Dana"}, "orders": ["#W4404390", "#W7751333"]}
PRODUCT = {"name": "Tent", "product_id": "3804552676", "variants": {"5191363033": {"item_id": "5191363033"}}}
SHOWN = [orjson.dumps(o).decode().lower() for o in (PROFILE, A, B)]


def _holder(written: str, shown: list[str] = SHOWN) -> str:
    return holder(written.lower().lstrip("#"), compact(written), shown)


def test_the_holder_of_a_value_is_the_one_object_that_shows_it() -> None:
    assert _holder("413744175715") == "w4404390"
    assert _holder("#W7751333") == SELF  # an order's own id, though the profile lists it too
    assert _holder("999999999999") == ""  # shown nowhere
    # an item a product's variants show too: no one object's
    assert _holder("5191363033", [*SHOWN, orjson.dumps(PRODUCT).decode().lower()]) == ""


@pytest.mark.parametrize(("text", "found"), [
    ("Your order #W7751333 has been processed. Its tracking number is 413744175715.",
     [("413744175715", "w7751333", "w4404390")]),
    ("Your order #W7751333 has been processed. Its tracking number is 275663464153.", []),
    ("#W7751333 ships with tracking number 413744175715.", [("413744175715", "w7751333", "w4404390")]),
    ("#W4404390 was delivered with tracking number 413744175715.", []),
    # both orders named: which number goes with which is not read
    ("#W7751333 and #W4404390: tracking 413744175715 and 275663464153.", []),
    # a sentence on the same order between, led by "It" (blind set 102, r102_07 34)
    ("Order #W7751333 is pending. It has a Pet Bed. Its tracking number is 413744175715.",
     [("413744175715", "w7751333", "w4404390")]),
    ("Order #W7751333 is pending. The shop is busy. Its tracking number is 413744175715.", []),
    # a sentence without "its" says nothing of the order before it
    ("Your order #W7751333 has been processed. The other one has tracking number 413744175715.", []),
])
def test_an_identifier_given_to_another_object(text: str, found: list[tuple[str, str, str]]) -> None:
    assert misowned(text, {"w7751333", "w4404390"}, {"413744175715", "275663464153"}, SHOWN, _holder) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Your order #W7751333 has been processed. Its tracking number is 413744175715.", ["text_misowned"]),
    ("Your order #W7751333 has been processed. Its tracking number is 275663464153.", []),
])
def test_a_tracking_number_of_another_order_is_not_grounded(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Where is my knife set order? I'm dana_lopez_5460.")
    c.call("get_user_details", {"user_id": "dana_lopez_5460"}, PROFILE)
    c.call("get_order_details", {"order_id": "#W4404390"}, A)
    c.call("get_order_details", {"order_id": "#W7751333"}, B)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds
