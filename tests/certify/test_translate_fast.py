"""Fast paths give exactly the results of the general code they stand in for."""

from __future__ import annotations

import random

from trajectory2gym.certify.normalize import (
    TOKEN_TABLE,
    WORD_TABLE,
    money_numbers_in,
    numbers_in,
    tokens,
    word_split,
)


def test_fast_paths_equal_str_translate_on_ascii_and_unicode_text() -> None:
    rng = random.Random(3)
    alphabet = [chr(c) for c in range(128)] + ["é", "ß", "\u00a0", "₂", "日"]
    ascii_seen = unicode_seen = 0
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))).lower()
        assert word_split(text) == text.translate(WORD_TABLE).split()
        assert tokens(text) == text.translate(TOKEN_TABLE).split()
        ascii_seen += text.isascii()
        unicode_seen += not text.isascii()
    assert ascii_seen and unicode_seen
    assert tokens('{"order_id": "#w123-4"}') == ["orderid", "w1234"]
    assert word_split("credit_card #7") == ["credit", "card", "7"]


def test_money_numbers_are_the_money_like_numbers_in_order() -> None:
    rng = random.Random(5)
    alphabet = "0123456789,.$- #aW\u0663"
    found = 0
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))
        want = [(w, c) for w, c in numbers_in(text) if "$" in w or "." in w or "," in w]
        assert money_numbers_in(text) == want
        found += len(want)
    assert found > 300
    assert money_numbers_in("3 items at $4.50, id 123456, 1,200 total") == [("$4.50", 450), ("1,200", 120000)]
