"""The evidence index: what the policy could see so far, updated message by message.

The certifier feeds every visible message into the index once, in order; a
lookup is then a few set probes, never a rescan of the history. Strings are
kept as identifier keys (``normalize.compact``), words and word bigrams (so a
multi-word value such as an address line is found inside free text or a longer
leaf); numbers as integer cents, plus the sums of same-named amounts in a list
(an order's item prices) for the sum derivation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson
from trajectory2gym.certify.normalize import (
    NUMBER_WORDS,
    chunks,
    compact,
    looks_like_identifier,
    numbers_in,
    to_cents,
    words,
)

# Keys whose string value names the object a dict describes (for confirmation scope).
_LABEL_KEYS = ("name", "title", "product_name", "description")
_NON_LABEL_WORDS = frozenset({"the", "and", "for", "with", "new", "one", "item", "items", "order"})


def _is_id_key(key: str) -> bool:
    k = key.lower()
    return k == "id" or k.endswith("_id") or k.endswith("_ids") or k.endswith("number")


def parse_observation(content: str | None) -> Any:
    """Tool output as JSON when it is JSON (tau-bench returns dumped dicts), else the text."""
    if not content:
        return content
    head = content.lstrip()[:1]
    if head in ("{", "[", '"'):
        try:
            return orjson.loads(content)
        except orjson.JSONDecodeError:
            return content
    return content


class EvidenceIndex:
    """Incremental index of visible evidence (or of the private part, for the privileged check)."""

    __slots__ = ("compacts", "words", "bigrams", "amounts", "sums", "labels", "observed", "_amount_list")

    def __init__(self) -> None:
        self.compacts: set[str] = set()
        self.words: set[str] = set()
        self.bigrams: set[str] = set()
        self.amounts: set[int] = set()
        self.sums: set[int] = set()
        # compact identifier -> words naming the object it belongs to ("water", "bottle")
        self.labels: dict[str, set[str]] = {}
        # compact identifiers seen in successful tool observations (preconditions)
        self.observed: set[str] = set()
        self._amount_list: list[int] = []

    # ------------------------------------------------------------------ updates

    def _add_amount(self, cents: int) -> None:
        if cents not in self.amounts:
            self.amounts.add(cents)
            self._amount_list.append(cents)

    def _add_words(self, ws: list[str]) -> None:
        self.words.update(ws)
        for a, b in zip(ws, ws[1:], strict=False):
            self.bigrams.add(a + " " + b)

    def add_text(self, text: str | None) -> None:
        """Free text (a user message, the system prompt, a non-JSON observation)."""
        if not text:
            return
        ws = words(text)
        self._add_words(ws)
        for tok in chunks(text):
            self.compacts.add(compact(tok))
        for _, cents in numbers_in(text):
            self._add_amount(cents)
        for w in ws:
            n = NUMBER_WORDS.get(w)
            if n is not None:
                self._add_amount(n * 100)

    def _add_string(self, value: str, observed: bool) -> None:
        key = compact(value)
        self.compacts.add(key)
        if observed:
            self.observed.add(key)
        if " " in value or len(value) > 40:
            self.add_text(value)
            if observed:
                self.observed.update(compact(t) for t in chunks(value) if looks_like_identifier(t))
        else:
            self._add_words(words(value))
            cents = to_cents(value)
            if cents is not None:
                self._add_amount(cents)

    def add_json(self, obj: Any, observed: bool = False) -> None:
        """Every leaf (and identifier-like key) of a JSON value."""
        self._walk(obj, None, observed)

    def _walk(self, obj: Any, label: set[str] | None, observed: bool) -> None:
        if isinstance(obj, str):
            self._add_string(obj, observed)
        elif isinstance(obj, bool) or obj is None:
            return
        elif isinstance(obj, (int, float)):
            cents = to_cents(obj)
            if cents is not None:
                self._add_amount(cents)
        elif isinstance(obj, dict):
            for lk in _LABEL_KEYS:
                name = obj.get(lk)
                if isinstance(name, str) and name:
                    label = (label or set()) | {w for w in words(name) if len(w) > 2} - _NON_LABEL_WORDS
                    break
            for key, value in obj.items():
                if looks_like_identifier(key):  # ids used as keys (variants, payment methods)
                    ck = compact(key)
                    self.compacts.add(ck)
                    if observed:
                        self.observed.add(ck)
                    if label:
                        self.labels.setdefault(ck, set()).update(label)
                if label and _is_id_key(key):
                    for v in value if isinstance(value, list) else (value,):
                        if isinstance(v, str):
                            self.labels.setdefault(compact(v), set()).update(label)
                self._walk(value, label, observed)
        elif isinstance(obj, list):
            for item in obj:
                self._walk(item, label, observed)
            self._add_list_sums(obj)

    def _add_list_sums(self, items: list[Any]) -> None:
        """Sums over a list: of its numbers, or of each numeric field of its dicts."""
        if len(items) < 2:
            return
        first = items[0]
        if isinstance(first, (int, float)) and not isinstance(first, bool):
            total = [to_cents(x) for x in items]
            if all(c is not None for c in total):
                self.sums.add(sum(total))  # type: ignore[arg-type]
        elif isinstance(first, dict):
            totals: dict[str, int] = {}
            for item in items:
                if not isinstance(item, dict):
                    return
                for key, value in item.items():
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        totals[key] = totals.get(key, 0) + int(round(value * 100))
            self.sums.update(totals.values())

    def add_observation(self, content: str | None, ok: bool) -> None:
        """A tool observation; identifiers of successful ones also count as established state."""
        parsed = parse_observation(content)
        if isinstance(parsed, str):
            self.add_text(parsed)
            if ok:
                self.observed.update(compact(t) for t in chunks(parsed) if looks_like_identifier(t))
        elif parsed is not None:
            self.add_json(parsed, observed=ok)

    def add_values(self, values: Iterable[Any]) -> None:
        for v in values:
            self.add_json(v)

    # ------------------------------------------------------------------ lookups

    def has_string(self, value: str) -> bool:
        """A string value occurs (after normalisation) as a leaf, a token or a phrase."""
        key = compact(value)
        if not key:
            return True  # nothing to recover: an empty or punctuation-only value
        if key in self.compacts:
            return True
        ws = words(value)
        if len(ws) == 1:
            return ws[0] in self.words
        return all(a + " " + b in self.bigrams for a, b in zip(ws, ws[1:], strict=False))

    def amount_derivation(self, cents: int, max_pair: int = 2000) -> str | None:
        """How an amount follows from visible ones: ``visible``, ``sum``, ``difference`` or None.

        Pair derivations (a sum or difference of two visible amounts) are tried only
        while there are at most ``max_pair`` amounts: beyond that almost any number
        would be "derivable" and the check would say nothing.
        """
        if cents in self.amounts:
            return "visible"
        if cents in self.sums:
            return "sum"
        amounts = self.amounts
        if len(self._amount_list) > max_pair:
            return None
        for a in self._amount_list:
            if cents - a in amounts:
                return "sum"
            if cents + a in amounts:
                return "difference"
        return None

    def label_words(self, identifier: str) -> set[str]:
        return self.labels.get(compact(identifier), set())
