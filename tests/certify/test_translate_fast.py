"""The bytes.translate fast paths give exactly the str.translate results."""

from __future__ import annotations

import random

from trajectory2gym.certify.normalize import TOKEN_TABLE, WORD_TABLE, tokens, word_split


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
