"""The evidence index: what the policy could see so far, updated message by message.

The certifier feeds every visible message into the index once, in order; a
lookup is then a few set probes, never a rescan of the history. Strings are
kept as identifier keys (``normalize.compact``), words and word bigrams (so a
multi-word value such as an address line is found inside free text or a longer
leaf); numbers as integer cents, plus the sums of same-named amounts in a list
(an order's item prices) for the sum derivation.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from trajectory2gym.certify.normalize import (
    NUMBER_WORDS,
    compact,
    looks_like_identifier,
    numbers_in,
    to_cents,
    words,
)

# Keys whose string value names the object a dict describes (for confirmation scope).
_LABEL_KEYS = ("name", "title", "product_name", "description")
_NON_LABEL_WORDS = frozenset({"the", "and", "for", "with", "new", "one", "item", "items", "order"})


_ID_KEYS: dict[str, bool] = {}


def _is_id_key(key: str) -> bool:
    found = _ID_KEYS.get(key)
    if found is None:
        k = key.lower()
        found = k == "id" or k.endswith(("_id", "_ids", "number"))
        if len(_ID_KEYS) < 10_000:
            _ID_KEYS[key] = found
    return found


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


_WORD = re.compile(r"[a-z0-9]+")
# Drop everything but alphanumerics, whitespace and quotes: what remains, split into words, are
# the identifier keys (``compact``) of every whitespace/quote-delimited token, in one C-level pass.
_NOT_TOKEN = re.compile(r'[^a-z0-9\s"]+')
# A JSON number (outside strings: it follows ':', '[' or ',') and a numeric string like "100.00".
_JSON_NUMBER = re.compile(r'[:\[,]\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,\]\}])')
_NUMERIC_STRING = re.compile(r'"\$?(-?\d+\.\d+)"')


class EvidenceIndex:
    """Incremental index of visible evidence (or of the private part, for the privileged check).

    Every message is tokenized once, with whole-text regular expressions rather than a
    walk over its JSON leaves. The structural part (object names for confirmation
    scope, sums over lists) needs the parsed JSON; it is built on first use, still
    one message at a time and each message once.
    """

    __slots__ = ("compacts", "words", "bigrams", "amounts", "observed", "_amount_list", "_sums",
                 "_labels", "_pending")

    def __init__(self) -> None:
        self.compacts: set[str] = set()
        self.words: set[str] = set()
        self.bigrams: set[str] = set()
        self.amounts: set[int] = set()
        # compact identifiers seen in successful tool observations (preconditions)
        self.observed: set[str] = set()
        self._amount_list: list[int] = []
        self._sums: set[int] = set()
        # compact identifier -> words naming the object it belongs to ("water", "bottle")
        self._labels: dict[str, set[str]] = {}
        self._pending: list[str] = []  # JSON texts not yet walked for structure

    # ------------------------------------------------------------------ updates

    def _add_amount(self, cents: int) -> None:
        if cents not in self.amounts:
            self.amounts.add(cents)
            self._amount_list.append(cents)

    def _tokenize(self, low: str) -> set[str]:
        ws = _WORD.findall(low)
        self.words.update(ws)
        self.bigrams.update(map(" ".join, zip(ws, ws[1:], strict=False)))
        toks = set(_WORD.findall(_NOT_TOKEN.sub("", low)))
        self.compacts |= toks
        return toks

    def add_text(self, text: str | None, observed: bool = False) -> None:
        """Free text (a user message, the system prompt, a non-JSON observation)."""
        if not text:
            return
        low = text.lower()
        toks = self._tokenize(low)
        if observed:
            self.observed |= toks
        for _, cents in numbers_in(text):
            self._add_amount(cents)
        for w in NUMBER_WORDS.keys() & self.words:
            self._add_amount(NUMBER_WORDS[w] * 100)

    def add_observation(self, content: str | None, ok: bool) -> None:
        """A tool observation; identifiers of successful ones also count as established state."""
        if not content:
            return
        head = content.lstrip()[:1]
        if head not in ("{", "["):
            self.add_text(content, observed=ok)
            return
        toks = self._tokenize(content.lower())
        if ok:
            self.observed |= toks
        for num in _JSON_NUMBER.findall(content):
            self._add_amount(int(round(float(num) * 100)))
        for num in _NUMERIC_STRING.findall(content):
            self._add_amount(int(round(float(num) * 100)))
        self._pending.append(content)

    def add_json(self, obj: Any, observed: bool = False) -> None:
        """Every leaf of a JSON value (call arguments a user ran, the private part)."""
        if isinstance(obj, str):
            self.add_text(obj, observed)
        elif obj is not None:
            self.add_observation(orjson.dumps(obj).decode(), observed)

    # ------------------------------------------------------------------ structure (lazy)

    def _structure(self) -> None:
        pending, self._pending = self._pending, []
        for text in pending:
            try:
                self._walk(orjson.loads(text), None)
            except orjson.JSONDecodeError:
                continue

    @property
    def labels(self) -> dict[str, set[str]]:
        if self._pending:
            self._structure()
        return self._labels

    @property
    def sums(self) -> set[int]:
        if self._pending:
            self._structure()
        return self._sums

    def _walk(self, obj: Any, label: set[str] | None) -> None:
        if isinstance(obj, dict):
            for lk in _LABEL_KEYS:
                name = obj.get(lk)
                if isinstance(name, str) and name:
                    label = (label or set()) | {w for w in words(name) if len(w) > 2} - _NON_LABEL_WORDS
                    break
            for key, value in obj.items():
                if isinstance(value, dict):
                    # ids used as keys of records (variants, payment methods)
                    if label and looks_like_identifier(key):
                        self._labels.setdefault(compact(key), set()).update(label)
                    self._walk(value, label)
                elif isinstance(value, list):
                    if label and _is_id_key(key):
                        for v in value:
                            if isinstance(v, str):
                                self._labels.setdefault(compact(v), set()).update(label)
                    self._walk(value, label)
                elif label and isinstance(value, str) and _is_id_key(key):
                    self._labels.setdefault(compact(value), set()).update(label)
        elif isinstance(obj, list):
            for item in obj:
                if isinstance(item, (dict, list)):
                    self._walk(item, label)
            self._add_list_sums(obj)

    def _add_list_sums(self, items: list[Any]) -> None:
        """Sums over a list: of its numbers, or of each numeric field of its dicts."""
        if len(items) < 2:
            return
        first = items[0]
        if isinstance(first, (int, float)) and not isinstance(first, bool):
            total = [to_cents(x) for x in items]
            if all(c is not None for c in total):
                self._sums.add(sum(total))  # type: ignore[arg-type]
        elif isinstance(first, dict):
            totals: dict[str, int] = {}
            for item in items:
                if not isinstance(item, dict):
                    return
                for key, value in item.items():
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        totals[key] = totals.get(key, 0) + int(round(value * 100))
            self._sums.update(totals.values())

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
            return ws[0] in self.words or ws[0] in self.compacts
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
