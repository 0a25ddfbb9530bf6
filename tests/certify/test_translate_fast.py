"""Fast paths give exactly the results of the general code they stand in for."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from trajectory2gym.certify.normalize import (
    _NUMBER,
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


def _random_texts(seed: int, alphabet: str, longest: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest)))


def test_money_numbers_are_the_money_like_numbers_in_order() -> None:
    found = 0
    for text in _random_texts(5, "0123456789,.$- #aW\u0663", 20, 5000):
        want = [(w, c) for w, c in numbers_in(text) if "$" in w or "." in w or "," in w]
        assert money_numbers_in(text) == want
        found += len(want)
    assert found > 300
    assert money_numbers_in("3 items at $4.50, id 123456, 1,200 total") == [("$4.50", 450), ("1,200", 120000)]


# The number pattern as first written: a lookbehind, then an optional sign, dollar and space, or a
# dollar and then the sign ("$-510").
_PLAIN_NUMBER = re.compile(r"(?<![\w#.,])(?:-?\$?\s?|\$-)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w]|\.\d)")


def _plain_numbers(text: str) -> list[tuple[str, int]]:
    out = []
    for m in _PLAIN_NUMBER.finditer(text):
        written = m.group(0).strip()
        cents = int(round(float(m.group(1).replace(",", "") + (m.group(2) or "")) * 100))
        out.append((written, -cents if written.startswith(("-", "$-")) else cents))
    return out


def test_number_pattern_led_by_its_first_character_finds_what_the_plain_pattern_finds() -> None:
    found = 0
    for text in _random_texts(11, "0123456789$-., #:aW_()\n\t\u00a0\u0663", 16, 20000):
        want = _plain_numbers(text)
        assert numbers_in(text) == want, text
        found += len(want)
    assert found > 5000
    for text in ("- 5 and -$ 12.50", "a-5, $-3", "W123 item_42 1000ml", "total: $1,200.50.", "(1,20,000)"):
        assert numbers_in(text) == _plain_numbers(text)
    assert _NUMBER.pattern[0] == "["  # led by a character set: the engine skips to candidates


def test_digit_tokens_start_at_token_starts_as_the_plain_pattern_finds_them() -> None:
    # The anchored form is linear on a long token without digits (a pasted blob); the plain one
    # retried it from every character.
    from trajectory2gym.certify.normalize import _DIGIT_TOKEN

    plain = re.compile(r"[^\s\d]*\d\S*")
    assert _DIGIT_TOKEN.pattern != plain.pattern
    rng = random.Random(5)
    alphabet = list("ab#@-_.,$ \n\t0123456789") + ["é", "\u00a0", "٣"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert _DIGIT_TOKEN.findall(text) == plain.findall(text), text
