"""Arithmetic a text writes out must come out right (certify/equations.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.equations import miscalculated
from trajectory2gym.certify.reasons import reason_kind


@pytest.mark.parametrize(("text", "wrong"), [
    ("**Total:** $164 + $50 + $30 = **$264**", [("$264", "$164 + $50 + $30 = $264")]),
    ("Fare difference: $318 − $284 = **$35**", [("$35", "$318 − $284 = $35")]),
    ("2 × $50 = $150 for the bags.", [("$150", "2 × $50 = $150")]),
    ("3 x 120 = 340", [("340", "3 x 120 = 340")]),
    # Right sums, differences, products, commas and cents.
    ("| 1 | HAT153 + HAT283 | $123 + $195 = **$318** |", []),
    ("Fare difference: $318 − $284 = **$34**", []),
    ("$1,219.50 + $30 = $1,249.50", []),
    ("2 × $50 = $100", []),
    # No equation: dates, identifiers, prose with an equals sign.
    ("Your flight on 2024-05-28 = the day you asked for.", []),
    ("HAT123 + HAT456 = your trip", []),
    ("$50 per bag; total = $100", []),
])
def test_a_written_equation_must_hold(text: str, wrong: list[tuple[str, str]]) -> None:
    assert miscalculated(text) == wrong


def test_a_wrong_total_is_refused_though_each_amount_is_derivable(convo: Any, at: Any) -> None:
    c = convo()
    c.user("What would it cost with one paid bag ($50) and insurance ($30)? My gift card has $234 on it.")
    c.call("get_product_details", {"product_id": "1"}, {"product_id": "1", "variants": {"9": {"price": 164}}})
    ok = c.say("It is $164 + $50 + $30 = $244 in all.")
    wrong = c.say("It is $164 + $50 + $30 = $264 in all.")  # 264 = 234 + 30: derivable, and wrong
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, ok).reasons] == []
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_miscalculated"]
