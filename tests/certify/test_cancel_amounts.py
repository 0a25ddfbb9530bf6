"""A cancellation's refund said as the flights' fares alone (certify/cancel_amounts.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

BOOKED = {"reservation_id": "Z7GOZK", "user_id": "olivia_gonzalez_2305", "cabin": "basic_economy", "insurance": "yes",
          "flights": [{"flight_number": "HAT188", "date": "2024-05-28", "price": 52},
                      {"flight_number": "HAT207", "date": "2024-05-28", "price": 87}],
          "passengers": [{"first_name": "Olivia", "last_name": "Gonzalez", "dob": "1988-06-13"}],
          "payment_history": [{"payment_id": "gift_card_2200803", "amount": 169}]}


def _kinds(convo: Any, at: Any, said: str, cancelled: bool) -> list[str]:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm not feeling well, I'd like to cancel Z7GOZK. I have insurance, right?")
    c.call("get_reservation_details", {"reservation_id": "Z7GOZK"}, BOOKED)
    if cancelled:
        c.say("Cancel Z7GOZK (health reason, covered by your insurance), refunding the gift card. Confirm?")
        c.user("yes")
        c.call("cancel_reservation", {"reservation_id": "Z7GOZK"}, {
            **BOOKED, "status": "cancelled",
            "payment_history": [*BOOKED["payment_history"], {"payment_id": "gift_card_2200803", "amount": -169}]})
    i = c.say(said)
    return [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misattributed"]


@pytest.mark.parametrize(("said", "cancelled", "kinds"), [
    # blind set 104, a104_02 20: $139 is the fares alone; the history shows $169 paid (with insurance)
    ("Yes, it's insured, so it can be cancelled. The refund of $139 would go back to your gift card.", False,
     ["text_misattributed"]),
    ("Yes, it's insured, so it can be cancelled. The refund of $169 would go back to your gift card.", False, []),
    ("The fares are $139 and you paid $169 with insurance; if cancelled, the refund is $169.", False, []),
    ("Yes, it's insured. The fares come to $139.", False, []),  # no refund said
    # after the cancellation its history holds the refund too: what was paid is the rows before it
    ("Z7GOZK is cancelled and $139 is refunded to your gift card.", True, ["text_misattributed"]),
    ("Z7GOZK is cancelled and $169 is refunded to your gift card.", True, []),
])
def test_a_cancellations_refund_said_as_the_fares_alone(convo: Any, at: Any, said: str, cancelled: bool,
                                                         kinds: list[str]) -> None:
    assert _kinds(convo, at, said, cancelled) == kinds
