"""The evidence index: what the policy could see so far, updated message by message.

The certifier feeds every visible message into the index once, in order; a
lookup is then a few set probes, never a rescan of the history. Strings are
kept as identifier keys (``normalize.compact`` of every token), words and word
bigrams (so a multi-word value such as an address line is found inside free text
or a longer string); numbers as integer cents. Tokenizing uses ``str.translate``
and ``split`` over the whole message (C-level passes), not a walk over JSON leaves.

Identifier keys and words are indexed as a message arrives (every lookup needs
them). Bigrams, amounts and object names are read from the kept messages on the
first lookup that needs them, each message once per facet, so a facet no check
asks about costs nothing. Two structural facts are computed on first need too:
sums over lists (an order's item prices, for the sum derivation) and the name of
the object an identifier belongs to (for the scope of a user's confirmation).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from contextlib import suppress
from datetime import date
from itertools import repeat
from typing import Any

import orjson

from trajectory2gym.certify.dates import ISO_DAY
from trajectory2gym.certify.normalize import (
    ADDRESS_WORDS,
    COMPOUND_WORDS,
    DATE_WORDS,
    NUMBER_WORDS,
    compact,
    decimal_cents,
    numbers_in,
    ordinal_suffix,
    spelled_dates,
    spelled_numbers,
    to_cents,
    tokens,
    unit_numbers,
    without_data_amounts,
    word_split,
    words,
)

# Words that never identify an object on their own ("the new item").
_NON_LABEL_WORDS = frozenset({"the", "and", "for", "with", "new", "one", "item", "items", "order"})


# JSON structure characters: what remains outside string literals, split, are numbers and literals.
_JSON_PUNCT = str.maketrans({c: " " for c in ":,[]{}"})
_JSON_PUNCT_BYTES = bytes.maketrans(b":,[]{}", b"      ")
_NUMBER_START = frozenset("-0123456789")
_ANY_DIGIT = re.compile(r"\d")  # what a number needs (the same \d as normalize's pattern)
_TOKEN_EDGE = frozenset(':,[]{}"')  # with whitespace: what delimits a number token outside strings
_TEXT_CACHE: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str], tuple[int, ...]]] = {}
_LITERAL = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')
_NAME_LITERAL = re.compile(r'"(?:name|title|product_name)":\s*"([^"]*)"')
_BRACE = re.compile(r"[{}]")


_NAME_KEYS = ('"name"', '"title"', '"product_name"')
_ONE_DAY = frozenset({"one day", "a day", "next day", "day later", "day earlier", "day after", "day before",
                      "following day", "previous day", "next morning", "following morning", "next evening",
                      "following evening"})  # "the earliest flight the next morning"
# Counts of days a text may shift a visible date by, in digits or words: "2 days", "two days".
_DAY_COUNTS = [(w, n) for n in range(2, 8) for w in (str(n), *(k for k, v in NUMBER_WORDS.items() if v == n
                                                                and k not in ("both", "twice")))]
_DAY_SHIFT = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _ONE_DAY | {f"{w} days" for w, _ in _DAY_COUNTS}))) + r")\b",
                        re.I)


def day_shifts_said(text: str) -> list[str]:
    """The shifts of a day a text says ("the next day", "two days later"), as written: a user who takes
    up the agent's offer to look there asks for that day too."""
    return [m[0] for m in _DAY_SHIFT.finditer(text)]


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?:\(?(\+\d)\)?)?")  # "02:30+1", "03:00(+1)": a time, the next day
_STAMP_MINUTES = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", re.I)  # a timestamp to the minute
_CLOCK_SPAN = re.compile(r"(\d{1,2}:\d{2}(?:\(?\+\d\)?)?)(?:[-–→]|->)(\d{1,2}:\d{2}(?:\(?\+\d\)?)?)")
_YEAR_MONTH = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")  # a month of a year: "2025-03"
_TWO_DAYS = re.compile(r"(\d{4}-\d{2}-\d{2})/(\d{2})")
_US_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")
_MONTHS = [(full, full[:3]) for full in ("january", "february", "march", "april", "may", "june", "july",
                                         "august", "september", "october", "november", "december")]


def _name_matches(low: str) -> list[re.Match[str]]:
    """``_NAME_LITERAL.finditer(low)``, found faster: the pattern can only start where one of
    its keys occurs, so those places (C-level ``find``) are tried in order, without overlaps."""
    starts = []
    for key in _NAME_KEYS:
        p = low.find(key)
        while p >= 0:
            starts.append(p)
            p = low.find(key, p + 1)
    out: list[re.Match[str]] = []
    end = 0
    for p in sorted(starts):
        if p < end:
            continue
        m = _NAME_LITERAL.match(low, p)
        if m is not None:
            out.append(m)
            end = m.end()
    return out


_SPELLED_WORDS = frozenset({*NUMBER_WORDS, *COMPOUND_WORDS})
_LABELS: dict[str, frozenset[str]] = {}
_NO_LABEL: frozenset[str] = frozenset()


def _label(name: str) -> frozenset[str]:
    """The words of an object name that can identify it (product names repeat across a corpus)."""
    label = _LABELS.get(name)
    if label is None:
        words_ = {w for w in word_split(name) if len(w) > 2}
        if len(_LABELS) > 50_000:
            _LABELS.clear()
        label = _LABELS[name] = frozenset(words_ - _NON_LABEL_WORDS)
    return label


def _text_cents(source: str | tuple[int, ...]) -> tuple[int, ...]:
    """The amounts of a pending text source: its numbers in cents (a tuple is already read), but a
    number of data ("5 GB" shows no $5)."""
    if isinstance(source, tuple):
        return source
    return tuple(c for _, c in numbers_in(without_data_amounts(source)))


def _json_number_cents(tok: str) -> int | None:
    try:
        return int(round(float(tok) * 100))
    except (ValueError, OverflowError):
        return None


def _objects_having(value: Any, ident: str) -> Iterator[dict[str, Any]]:
    """The objects of a JSON value with the string ``ident`` among their values, outermost first."""
    if isinstance(value, list):
        for item in value:
            yield from _objects_having(item, ident)
    elif isinstance(value, dict):
        if ident in value.values():
            yield value
        for item in value.values():
            if isinstance(item, (dict, list)):
                yield from _objects_having(item, ident)


_PAIR_CHANCE_LIMIT = 300  # amounts: beyond, pair results fill any range (and n^2 would cost)


# A date written with a two-digit year first: "85-06-15" (not a phone number's groups: "555-123-2002").
_SHORT_ISO = re.compile(r"(?<![\d-])(\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\d-])")
_UNIT_WORDS = frozenset({"apt", "apartment", "suite", "ste", "unit"})  # the words of an address's unit line


# A phone number said in groups with spaces or points: "555 123 2002", "(555) 123 2002", "555.123.2002".
_SPACED_PHONE = re.compile(r"(?<![\w.-])\(?(\d{3})\)?[ .](\d{3})[ .-]?(\d{4})(?![\w-])")  # "555 123 2002", "555 1232002"


def _in_options(low: str, needle: str) -> bool:
    """Whether a lower-cased JSON text has ``needle`` inside one of its "options" objects."""
    at = low.find(needle)
    while at >= 0:
        opened = low.rfind('"options"', 0, at)
        if opened >= 0 and low.find("}", opened, at) < 0:
            return True
        at = low.find(needle, at + 1)
    return False


class EvidenceIndex:
    """Incremental index of visible evidence (or of the private part, for the privileged check).

    Every message is tokenized once, as a whole. The structural part (sums over lists,
    object names) is built on first need, each observation at most once per question.
    """

    __slots__ = ("compacts", "words", "_bigrams", "_amounts", "observed", "looked_up", "_amount_list", "_sums",
                 "_label_vocab", "_hay", "_hay_count", "_starts", "_json_end", "_opens", "_unsummed",
                 "_label_cache", "_json", "_phrases_done", "_names_done", "_numbers",
                 "_phrases", "_chance", "_needles", "memo", "unfound", "today")

    def __init__(self) -> None:
        self.compacts: set[str] = set()
        self.words: set[str] = set()
        self._bigrams: set[str] = set()
        self._amounts: set[int] = set()
        # compact identifiers seen in successful tool observations (preconditions)
        self.observed: set[str] = set()
        self.unfound: set[str] = set()  # keys an error said no object has ("phone number 555-428-5962 not found")
        # Identifiers a successful call took, or a write's result gave (the certifier adds them).
        self.looked_up: set[str] = set()
        self.today: date | None = None  # the current date the system prompt gives: what "tomorrow" is after
        self._amount_list: list[int] = []
        self._sums: set[int] = set()
        # Words of every object name seen ("water", "bottle", "lamp"): a user naming one scopes a confirmation.
        self._label_vocab: set[str] = set()
        # The JSON observations joined by NUL into one haystack (``_hay``, rebuilt on need), so an
        # identifier is searched once, not once per observation; ``_starts`` says where each
        # begins. ``_opens`` keeps, per name literal (keyed by where it ends), what ``_open_at``
        # learned of its object: [where it closes (-1: not found yet), how far it is known
        # open, the brace depth there].
        self._hay = ""
        self._hay_count = 0  # observations in ``_hay``
        self._starts: list[int] = []  # kept as observations arrive
        self._json_end = 0
        self._opens: dict[int, list[int]] = {}
        self._unsummed: list[str] = []  # JSON observations not yet walked for list sums
        self._label_cache: dict[str, tuple[int, set[str]]] = {}
        # Lower-cased JSON observations. Only their identifier keys are indexed on arrival (every
        # lookup needs them); phrases, amounts and object names are read from them on first need,
        # each observation once per facet (cursors below), so a facet no check asks for costs nothing.
        self._json: list[str] = []
        self._phrases_done = 0
        self._names_done = 0
        # Amount sources in arrival order (cents of a text, or the index of a JSON observation):
        # kept ordered so the amount list is the same as if every message had been read eagerly.
        self._numbers: list[tuple[int, ...] | int | str] = []  # str: a text not yet read for numbers
        # Texts' words (or a cached text's bigrams) not yet folded into the bigrams (on first need).
        self._phrases: list[list[str] | frozenset[str]] = []
        self._chance: dict[tuple[int, int], list[int]] = {}  # pair results per (amounts, roundness)
        self._needles: dict[str, tuple[int, bool]] = {}  # json_has: (observations searched, found)
        # Facts callers derive from the index, keyed with how much of it they read (anchors' counts).
        self.memo: dict[tuple[Any, ...], Any] = {}

    # ------------------------------------------------------------------ updates

    def _add_amounts(self, found: set[int]) -> None:
        if any(c < 0 for c in found):  # a refund of -3222 shows 3222 (lookups compare by size)
            found = {abs(c) for c in found}
        new = found - self._amounts
        if new:
            self._amounts |= new
            self._amount_list.extend(new)

    def _add_amount(self, cents: int) -> None:
        cents = abs(cents)
        if cents not in self._amounts:
            self._amounts.add(cents)
            self._amount_list.append(cents)

    def add_text(self, text: str | None, observed: bool = False) -> None:
        """Free text (a user message, the system prompt, a non-JSON observation).

        Words and identifier keys are indexed now (every lookup needs them); bigrams and
        numbers wait for the first multi-word or amount lookup (``bigrams``, ``amounts``).
        """
        if not text:
            return
        long = len(text) > 400
        # A cached text's parts are frozen (bigrams, cents); a fresh one's are raw (word list, text).
        parsed: tuple[Any, Any, Any, Any] | None = _TEXT_CACHE.get(text) if long else None
        if parsed is None:
            low = text.lower()
            ws = word_split(low)
            ws_set = set(ws)
            spelled: list[int] = []
            found = _SPELLED_WORDS & ws_set  # most texts: none, after one set operation
            if found:
                spelled = [NUMBER_WORDS[w] * 100 for w in found if w in NUMBER_WORDS]
                if not COMPOUND_WORDS.keys().isdisjoint(found):  # "one hundred dollars", "twenty-five"
                    spelled += [n * 100 for n in spelled_numbers(ws)]
            # "the twenty-seventh of May" is also "the 27th of may" (a set test first: most texts say none)
            dated = ws if DATE_WORDS.isdisjoint(ws_set) else spelled_dates(ws)
            if dated is not ws:
                ws_set.update(dated)
            if long:  # system prompts repeat across a corpus: keep them, immutable
                if len(_TEXT_CACHE) > 256:
                    _TEXT_CACHE.clear()
                bigrams = frozenset(map(" ".join, zip(ws, ws[1:], strict=False)))
                if dated is not ws:
                    bigrams |= frozenset(map(" ".join, zip(dated, dated[1:], strict=False)))
                cents = [c for _, c in numbers_in(text)] if _ANY_DIGIT.search(text) else []
                parsed = _TEXT_CACHE[text] = (frozenset(ws_set), bigrams, frozenset(tokens(low)),
                                              tuple(cents + spelled))
            else:
                digits = _ANY_DIGIT.search(text)
                keys = tokens(low)
                if digits and (units := unit_numbers(low)):  # "2GB": the 2 is said too
                    keys += units
                    spelled += [decimal_cents(u) for u in units]
                if digits and " " in low and (spaced := _SPACED_PHONE.findall(low)):
                    keys += ["".join(groups) for groups in spaced]  # "555 123 2002" is 5551232002
                if digits and "-" in low and (short := _SHORT_ISO.findall(low)):
                    # "dob 85-06-15" is 1985-06-15 (a two-digit year of 30 or more is the 1900s')
                    keys += [f"{19 if int(y) >= 30 else 20}{y}{m}{d}" for y, m, d in short]
                parsed = (ws_set, ws, keys, text if digits else None)
                if spelled:
                    self._numbers.append(tuple(spelled))
                if dated is not ws:
                    self._phrases.append(dated)  # its own word list: no bigram across the two
        vocab, phrase, toks, numbers = parsed
        self.words.update(vocab)
        self._phrases.append(phrase)  # the word list, or the bigrams of a cached text
        self.compacts.update(toks)
        if observed:
            self.observed.update(toks)
        if numbers:
            self._numbers.append(numbers)  # a text to read, or the cents of a cached one

    def add_observation(self, content: str | None, ok: bool) -> None:
        """A tool observation; identifiers of successful ones also count as established state."""
        if not content:
            return
        head = content.lstrip()[:1]
        if head not in ("{", "["):
            self.add_text(content, observed=ok)
            if not ok and "not found" in content:
                self.unfound.update(tokens(content.lower()))
            return
        low = content.lower()
        # Every token of every string (and key) as an identifier key: one C-level pass.
        toks = tokens(low)
        self.compacts.update(toks)  # single words are looked up here too (see has_string)
        if ok:
            self.observed.update(toks)
        self._numbers.append(len(self._json))
        self._json.append(low)
        self._starts.append(self._json_end)
        self._json_end += len(low) + 1  # and the NUL after it in the haystack
        self._unsummed.append(content)

    # ------------------------------------------------------------------ facets (on first need)

    @staticmethod
    def _literals(low: str) -> tuple[list[str], str]:
        """The string literals of a lower-cased JSON text, and the text outside them."""
        if '\\"' in low:  # escaped quotes: find the string literals properly
            return _LITERAL.findall(low), _LITERAL.sub(" ", low)
        parts = low.split('"')
        return parts[1::2], " ".join(parts[0::2])

    @property
    def bigrams(self) -> set[str]:
        """Word bigrams of every text and of every multi-word string in the observations."""
        if self._phrases:
            phrases, self._phrases = self._phrases, []
            for phrase in phrases:
                if isinstance(phrase, list):
                    self._bigrams.update(map(" ".join, zip(phrase, phrase[1:], strict=False)))
                else:
                    self._bigrams.update(phrase)
        if self._phrases_done < len(self._json):
            for low in self._json[self._phrases_done:]:
                for literal in [x for x in self._literals(low)[0] if " " in x]:  # phrase entries
                    ws = word_split(literal)
                    self._bigrams.update(map(" ".join, zip(ws, ws[1:], strict=False)))
            self._phrases_done = len(self._json)
        return self._bigrams

    @property
    def amounts(self) -> set[int]:
        """Every visible amount in cents (numbers of texts and observations)."""
        if self._numbers:
            sources, self._numbers = self._numbers, []
            for source in sources:
                if isinstance(source, int):
                    self._add_json_numbers(self._json[source])
                else:
                    self._add_amounts(set(_text_cents(source)))
        return self._amounts

    def _add_json_numbers(self, low: str) -> None:
        literals, outside = self._literals(low)
        if '."' in low:  # numbers written as strings ("100.00")
            for literal in literals:
                if literal[:1].isdigit() and "." in literal:
                    cents = to_cents(literal)
                    if cents is not None:
                        self._add_amount(cents)
        if "$" in low:  # money inside a message string: "a $5/month holding fee will apply"
            self._add_amounts({c for literal in literals if "$" in literal for w, c in numbers_in(literal) if "$" in w})
        spaced = (outside.encode().translate(_JSON_PUNCT_BYTES).decode() if outside.isascii()
                  else outside.translate(_JSON_PUNCT))
        numbers = [t for t in spaced.split() if t[0] in _NUMBER_START]
        if numbers:
            try:
                found = {int(round(float(t) * 100)) for t in numbers}
            except (ValueError, OverflowError):  # not really JSON: keep what parses
                found = {c for c in map(_json_number_cents, numbers) if c is not None}
            self._add_amounts(found)

    def _pending_shows(self, cents: int) -> bool:
        """Whether a not yet read source shows this amount as written by a JSON encoder
        (``45.6``, ``100``, ``100.0``) or in a text: a few substring probes, newest first.
        False only means "not found this way": the caller then reads every pending source."""
        spellings = [str(cents // 100), f"{cents // 100}.0"] if cents % 100 == 0 else [repr(cents / 100)]
        spellings = [w for w in spellings if int(round(float(w) * 100)) == cents]
        pending = self._numbers
        for k in range(len(pending) - 1, -1, -1):
            source = pending[k]
            if not isinstance(source, int):
                if isinstance(source, str):
                    source = pending[k] = _text_cents(source)  # read once, kept for the fold
                if cents in source:
                    return True
                continue
            low = self._json[source]
            if '\\"' in low:
                continue  # escaped quotes: literal boundaries need the full reading
            for word in spellings:
                p = low.find(word)
                while p >= 0:
                    q = p + len(word)
                    if ((p == 0 or low[p - 1] in _TOKEN_EDGE or low[p - 1].isspace())
                            and (q == len(low) or low[q] in _TOKEN_EDGE or low[q].isspace())
                            and low.count('"', 0, p) % 2 == 0):  # a whole number token, not in a string
                        return True
                    p = low.find(word, q)
        return False

    def objects_with(self, ident: str, needle: str = "", any_of: Iterable[str] = ()) -> Iterator[dict[str, Any]]:
        """The JSON objects observations show with ``ident`` among their values (lower-cased), newest
        observation first. Only observations holding ``needle`` and one of ``any_of`` (when given),
        as lower-case substrings, are parsed."""
        ident, any_of = ident.lower(), [w.lower() for w in any_of]
        for low in reversed(self._json):
            if ident in low and needle in low and (not any_of or any(w in low for w in any_of)):
                try:
                    value = orjson.loads(low)
                except orjson.JSONDecodeError:  # not really JSON: shows no object
                    continue
                yield from _objects_having(value, ident)

    def json_has(self, needle: str) -> bool:
        """Whether any JSON observation so far holds this lower-case substring; each observation is
        searched once per needle."""
        seen, found = self._needles.get(needle, (0, False))
        if not found and seen < len(self._json):
            found = any(map(str.__contains__, self._json[seen:], repeat(needle)))  # C-level, no frame per observation
            self._needles[needle] = (len(self._json), found)
        return found

    def booked(self, ident: str, day: str, within: Iterable[str]) -> bool:
        """Whether an observation that names one of ``within`` (the reservation a call changes) shows
        one object with this identifier and this date (``{"flight_number": "HAT217", "date":
        "2024-05-28"}``): the item is as it was. A search result shows flights and dates too, but
        not the reservation."""
        day = day.lower()
        return any(day in obj.values() for obj in self.objects_with(ident, day, within))

    def field_of(self, ident: str, key: str) -> Any:
        """``key``'s value in the newest observed object with ``ident`` among its values (a card's
        ``last_four``, a reservation's ``total_baggages``); None when none has it."""
        return next((obj[key] for obj in self.objects_with(ident, f'"{key}"') if key in obj), None)

    def values_of(self, key: str) -> list[str]:
        """Every string value the JSON observations give ``key`` (lower-cased): the ``created_at``
        of each reservation shown. Read on demand: few texts ask."""
        pattern = re.compile(rf'"{re.escape(key)}":\s*"([^"]*)"')
        return [m[1] for low in self._json if f'"{key}"' in low for m in pattern.finditer(low)]

    @property
    def json_observations(self) -> list[str]:
        """The JSON observations so far, lower-cased, in arrival order."""
        return self._json

    @property
    def label_vocab(self) -> set[str]:
        """Words of every object name seen ("water", "bottle", "lamp")."""
        self._read_names()
        return self._label_vocab

    def _read_names(self) -> None:
        if self._names_done == len(self._json):
            return
        for low in self._json[self._names_done:]:
            for m in _name_matches(low):
                self._label_vocab |= _label(m.group(1))
        self._names_done = len(self._json)

    def names_option(self, *forms: str) -> bool:
        """Whether an "options" object of an observation has one of these words (lower case) as a
        value or as the first word of a name ("type": "fixed", "switch type": "linear"): a user
        naming one names an option, not a change. Plain substring searches: no listing is parsed."""
        # Per word, the observations read so far and whether one named it: each is read once a word.
        key = ("option", forms)
        read, named = self.memo.get(key, (0, False))
        if named or read == len(self._json):
            return bool(named)
        needles = [n for w in dict.fromkeys(forms) for n in (f'"{w}"', f'"{w} ', f' {w}"')]
        for low in self._json[read:]:
            if '"options"' in low and any(_in_options(low, needle) for needle in needles):
                named = True
                break
        self.memo[key] = (len(self._json), named)
        return bool(named)

    def names_beside(self, key: str) -> set[str]:
        """The words of every object name in the latest JSON observation that holds ``key`` (a
        compacted identifier: lower-case, no "#") and names two objects or more: an order's items,
        its own among them (not a product's listing, one name over its variants)."""
        for low in reversed(self._json):
            if key in low and len(found := _name_matches(low)) > 1:
                return set().union(*(_label(m.group(1)) for m in found))
        return set()

    def names_any(self, ws: set[str]) -> bool:
        """Whether any of these words is a word of an object name seen (``ws & label_vocab``).

        A name's words occur in the observations' text: when none of ``ws`` does (one C-level
        search each), the answer is no without reading every object name."""
        if self._names_done < len(self._json):
            hay = self._joined()
            if not any(w in hay for w in ws - _NON_LABEL_WORDS if len(w) > 2):
                return False
        return not ws.isdisjoint(self.label_vocab)

    def _joined(self) -> str:
        """The haystack of every JSON observation so far, NUL-separated."""
        if self._hay_count < len(self._json):
            self._hay = "\x00".join(self._json)
            self._hay_count = len(self._json)
        return self._hay

    def add_json(self, obj: Any, observed: bool = False) -> None:
        """Every leaf of a JSON value (call arguments a user ran, the private part)."""
        if isinstance(obj, str):
            self.add_text(obj, observed)
        elif obj is not None:
            self.add_observation(orjson.dumps(obj).decode(), observed)

    # ------------------------------------------------------------------ structure (lazy)

    @property
    def sums(self) -> set[int]:
        """Sums over lists (an order's prices); computed on first need, each observation once."""
        if self._unsummed:
            texts, self._unsummed = self._unsummed, []
            for raw in texts:
                try:
                    self._walk(orjson.loads(raw))
                except orjson.JSONDecodeError:
                    continue
        return self._sums

    def label_words(self, identifier: str) -> set[str]:
        """Words naming the object an identifier belongs to: the name of the innermost
        object around it (``{"name": "Water Bottle", "item_id": "6469567736", ...}``).

        Resolved on demand, only for the few identifiers a consequential call touches:
        the identifier's occurrences as a whole JSON string are found in the joined
        observations (one search), and from each the name literals before it in its
        observation are tried, nearest first (``rfind``): the first whose object has not
        closed in between names it. In JSON a key such as ``"name"`` never occurs inside
        a string, so these are the literals a forward scan (``_name_matches``) finds.
        """
        needle = identifier.lower()
        size = len(needle)
        if not size:
            return set()
        hay = self._joined()
        end = len(hay)
        # The haystack is searched once per identifier: later calls resume where this stopped.
        done, out = self._label_cache.get(needle, (0, set()))
        if done >= end:
            return out
        out = set(out)
        # Without a quote inside, the identifier's whole-string occurrences are exactly the
        # places of '"identifier"' (one C-level search each, no partial hits to skip).
        quoted = '"' + needle + '"' if '"' not in needle else None
        starts = self._starts
        start = done
        while True:
            if quoted is not None:
                p = hay.find(quoted, start) + 1
                if p == 0:
                    break
                start = p + size
            else:
                p = hay.find(needle, start)
                if p < 0:
                    break
                start = p + size
                if hay[p - 1 : p] != '"' or hay[p + size : p + size + 1] != '"':
                    continue
            k = bisect_right(starts, p) - 1
            lo = starts[k]
            hi = lo + len(self._json[k])
            if p + size > hi:
                continue  # a hit across the separator is no occurrence
            found = self._name_before(hay, lo, hi, p)
            if found:
                out |= found
        self._label_cache[needle] = (end, out)
        return out

    def _name_before(self, hay: str, lo: int, hi: int, p: int) -> frozenset[str]:
        """The words of the nearest name literal before ``p`` (within ``[lo, hi)``) whose object
        is still open at ``p``; empty when there is none."""
        limit = p
        while True:
            q = max(hay.rfind('"name"', lo, limit), hay.rfind('"title"', lo, limit),
                    hay.rfind('"product_name"', lo, limit))
            if q < 0:
                return _NO_LABEL
            limit = q
            m = _NAME_LITERAL.match(hay, q, hi)
            if m is None or m.end() > p:
                continue
            label = _label(m.group(1))
            if label and self._open_at(hay, m.end(), p):
                return label

    def _open_at(self, text: str, name_end: int, p: int) -> bool:
        """Whether the object of the name literal ending at ``name_end`` is still open at ``p``:
        no ``}`` between them has more closing than opening braces before it (braces counted as
        written). The scan stops at ``p`` and resumes there for a later ``p``."""
        state = self._opens.get(name_end)
        if state is None:
            state = self._opens[name_end] = [-1, name_end, 0]
        close, pos, depth = state
        if close >= 0:
            return close >= p
        if pos >= p:
            return True
        while True:
            q = text.find("}", pos, p)
            if q < 0:
                state[1], state[2] = p, depth + text.count("{", pos, p)
                return True
            depth += text.count("{", pos, q) - 1
            if depth < 0:
                state[0] = q
                return False
            pos = q + 1

    def _walk(self, obj: Any) -> None:
        if isinstance(obj, dict):
            for value in obj.values():
                if isinstance(value, (dict, list)):
                    self._walk(value)
        elif isinstance(obj, list):
            for item in obj:
                if isinstance(item, (dict, list)):
                    self._walk(item)
            self._add_list_sums(obj)

    def _add_list_sums(self, items: list[Any]) -> None:
        """Sums over a list: of its numbers, or of each numeric field of its dicts."""
        if len(items) < 2:
            return
        first = items[0]
        if isinstance(first, (int, float)) and not isinstance(first, bool):
            total = [to_cents(x) for x in items]
            if all(c is not None for c in total):
                self._sums.add(abs(sum(total)))  # type: ignore[arg-type]  # by size, as lookups
        elif isinstance(first, dict):
            totals: dict[str, int] = {}
            for item in items:
                if not isinstance(item, dict):
                    return
                for key, value in item.items():
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        cents = to_cents(value)
                        if cents is not None:  # not 1e307: no amount
                            totals[key] = totals.get(key, 0) + cents
            self._sums.update(map(abs, totals.values()))

    # ------------------------------------------------------------------ lookups

    def has_string(self, value: str) -> bool:
        """A string value occurs (after normalisation) as a leaf, a token or a phrase."""
        key = compact(value)
        if not key:
            return True  # nothing to recover: an empty or punctuation-only value
        if key in self.compacts:
            return True
        ws = words(value)
        # ``_has_words(ws)``, written out: this runs for nearly every value, and a call costs a frame.
        if len(ws) == 1:
            if ws[0] in self.words or ws[0] in self.compacts:
                return True
        elif all(a + " " + b in self.bigrams for a, b in zip(ws, ws[1:], strict=False)):
            return True
        # "Apt 4B" where the user wrote "Apartment 4B": an address word and its abbreviation.
        if not ADDRESS_WORDS.keys().isdisjoint(ws) and self._has_words([ADDRESS_WORDS.get(w, w) for w in ws]):
            return True
        # A unit said apart from its word: "Apt 4B" of "the apartment is 4B, not 4A".
        return (len(ws) == 2 and ws[0] in _UNIT_WORDS and not ws[1].isalpha() and ws[1] in self.words
                and (ws[0] in self.words or ADDRESS_WORDS.get(ws[0], "") in self.words))

    def _has_words(self, ws: list[str]) -> bool:
        if len(ws) == 1:
            return ws[0] in self.words or ws[0] in self.compacts
        return all(a + " " + b in self.bigrams for a, b in zip(ws, ws[1:], strict=False))

    def has_part(self, token: str) -> bool:
        """A token occurs inside a visible observation as a whole alphanumeric run: ``7504069`` of
        ``certificate_7504069``. For what a text tells the user (a shortened identifier); asked
        only for a token the index lacks, so one search of the observations is cheap enough."""
        needle = token.lower()
        if not needle or not needle.isalnum():
            return False
        hay = self._joined()
        p = hay.find(needle)
        while p >= 0:
            q = p + len(needle)
            if not hay[p - 1 : p].isalnum() and not hay[q : q + 1].isalnum():
                return True
            p = hay.find(needle, p + 1)
        return False

    def time_part_shown(self, token: str) -> bool:
        """A date or time that a visible timestamp holds, as a text writes it shorter: "2024-05-14"
        of "2024-05-14T23:57:50", "2025-02-15T11:45" of "2025-02-15T11:45:00", "02:30+1" of "02:30:00+1", and a span of two such times
        ("14:00-17:00"). Asked only for a token the index lacks."""
        if ISO_DAY.fullmatch(token):
            hay = self._joined()
            return f'"{token}t' in hay or f'"{token} ' in hay
        if _STAMP_MINUTES.fullmatch(token):  # "2025-02-15T11:45" of "2025-02-15T11:45:00"
            return f'"{token.lower()}:' in self._joined()
        if (span := _CLOCK_SPAN.fullmatch(token)) is not None:  # "14:00-17:00": a departure and an arrival
            leave, land = span.groups()  # "21:00→01:30": an arrival past midnight is the next day's
            return ((self.has_string(leave) or self.time_part_shown(leave))
                    and (self.has_string(land) or self.time_part_shown(land)
                         or ("+" not in land and self.time_part_shown(land + "+1"))))
        m = _CLOCK.fullmatch(token)
        return m is not None and re.search(rf"(?<!\d){int(m[1]):02d}:{m[2]}:\d\d{re.escape(m[3] or '')}(?![\d+])",
                                           self._joined()) is not None

    def date_stated(self, value: str) -> bool:
        """An ISO date (``2024-05-20``) stated in words: its month name and day next to each other
        ("May 20th", "20 May", "April 7, 1992"), and its year visible anywhere (the policy's
        current date, when the user leaves it out)."""
        m = ISO_DAY.fullmatch(value.strip())
        if m is None and (two := _TWO_DAYS.fullmatch(value.strip())):  # "2024-05-26/27": two dates of a month
            return all(self.has_string(d) or self.date_stated(d) for d in (two[1], f"{two[1][:8]}{two[2]}"))
        if m is None and (of_year := _YEAR_MONTH.fullmatch(value.strip())):
            # "| B1003 | 2025-03 | $0.00 |": the month of a date shown (a bill's period_start 2025-03-01)
            shown = of_year[1] + of_year[2]
            return any(len(k) == 8 and k.startswith(shown) and k.isdigit() for k in self.compacts)
        if m is None:
            us = _US_DATE.fullmatch(value.strip())  # "10/28/1971": the ISO date shown, or stated in words
            if us is None:
                return False
            first, second = (int(us[1]), int(us[2])) if int(us[1]) <= 12 else (int(us[2]), int(us[1]))  # "21/05/2024"
            iso = f"{us[3]}-{first:02d}-{second:02d}"
            return self.has_string(iso) or self.date_stated(iso)
        year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if not 1 <= month <= 12 or not 1 <= day <= 31:
            return False
        days = {str(day), f"{day}{ordinal_suffix(day)}"}
        names = _MONTHS[month - 1]
        bigrams = self.bigrams
        if (str(year) not in self.words and str(year) not in self.compacts
                # "August 21", where a date of that year shows: 1966-08-12, a birth date to correct
                and not any(len(k) == 8 and k.startswith(str(year)) and k.isdigit() for k in self.compacts)):
            # A birth year of the 1900s in two digits, right after the day and month: "dob 22 dec 72".
            yy = f"{year % 100:02d}"
            return 1900 <= year < 2000 and any(
                (f"{d} {n}" in bigrams and f"{n} {yy}" in bigrams) or (f"{n} {d}" in bigrams and f"{d} {yy}" in bigrams)
                for n in names for d in days)
        if any(f"{n} {d}" in bigrams or f"{d} {n}" in bigrams or (f"{d} of" in bigrams and f"of {n}" in bigrams)
               for n in names for d in days):  # "May 20", "20 May", "15th of June"
            return True
        if f"{month} {day}" in bigrams or f"{month:02d} {day:02d}" in bigrams:  # "5/30", "06/15/1985" (month first)
            return True
        if day > 12 and (f"{day} {month}" in bigrams or f"{day} {month:02d}" in bigrams):
            return True  # "21/05/2024": day first, where no month is that day
        shown = self.dates_shown()
        # "Wednesday the 22nd": the day as an ordinal, in a month a visible date is in (not one said
        # with another month: "15th of June, 1985", a birth date, grounds no February 15).
        ordinal = f"{day}{ordinal_suffix(day)}"
        if ordinal in self.words and any(d.year == year and d.month == month for d in shown) and not any(
                f"{ordinal} {n}" in bigrams or f"{n} {ordinal}" in bigrams or (f"{ordinal} of" in bigrams and f"of {n}" in bigrams)
                for k, other in enumerate(_MONTHS) if k != month - 1 for n in other):
            return True
        try:
            target = date(year, month, day)
        except ValueError:  # "2024-02-30": no such day, so no day next to a visible one
            return False
        weekday = _WEEKDAYS[target.weekday()]
        # "push the return back one day": a visible date, one day on (or back); "tomorrow" is the day
        # after today's, where the system prompt gives it (else a day next to any visible date).
        tomorrow = "tomorrow" in self.words
        if tomorrow and self.today is not None and (target - self.today).days == 1:
            return True
        one_day = not _ONE_DAY.isdisjoint(bigrams) or (tomorrow and self.today is None)
        if one_day and any(abs((target - d).days) == 1 for d in shown):
            return True
        # "push it back a day or two", "three days later": a visible date that many days on (or back)
        if "days" in self.words or "or two" in bigrams:
            shifts = {n for word, n in _DAY_COUNTS if f"{word} days" in bigrams}
            if one_day and "or two" in bigrams:
                shifts.add(2)
            if shifts and any(abs((target - d).days) in shifts for d in shown):
                return True
        # "this Friday", "the following Monday": the day of that name in the two weeks after a
        # visible date (the policy's current date, or a day already settled).
        return weekday in self.words and any(0 < (target - d).days < 14 for d in shown)

    def day_shown(self, month: int, day: int, year: int | None) -> bool:
        """Whether a date a text writes with its month's name ("May 22", "3rd of May, 2024") is
        visible: stated so, or as an ISO date (of any year, where the text gives none)."""
        if year is not None:
            iso = f"{year:04d}-{month:02d}-{day:02d}"
            return self.has_string(iso) or self.time_part_shown(iso) or self.date_stated(iso)
        bigrams = self.bigrams
        days = (str(day), f"{day}{ordinal_suffix(day)}")
        if any(f"{n} {d}" in bigrams or f"{d} {n}" in bigrams or (f"{d} of" in bigrams and f"of {n}" in bigrams)
               for n in _MONTHS[month - 1] for d in days):
            return True
        if f"{day}{ordinal_suffix(day)}" in self.words and any(d.month == month for d in self.dates_shown()):
            return True  # "can I move it to the 17th?", of a reservation on 2024-05-16: "May 17"
        tail = f"{month:02d}{day:02d}"
        return (any(f"{y}{tail}" in self.compacts for y in range(1900, 2040))
                or f"-{month:02d}-{day:02d}t" in self._joined()  # a timestamp's day
                # "next Friday, May 24", from the current date: in a year a visible date is in
                or any(self.date_stated(f"{y:04d}-{tail[:2]}-{tail[2:]}") for y in {d.year for d in self.dates_shown()}))

    def dates_shown(self) -> list[date]:
        """The ISO dates visible (as identifier keys: 20240529)."""
        out = []
        for key in self.compacts:
            if len(key) == 8 and key[:2] == "20" and key.isdigit():
                with suppress(ValueError):
                    out.append(date(int(key[:4]), int(key[4:6]), int(key[6:])))
        return out

    def amount_derivation(self, cents: int, max_pair: int = 2000, max_chance: float = 1.0) -> str | None:
        """How an amount follows from visible ones: ``visible``, ``sum``, ``difference`` or None.

        Pair derivations (a sum or difference of two visible amounts) are tried only
        while there are at most ``max_pair`` amounts, and only where at most ``max_chance``
        of the amounts like this one are pair results (``pair_chance``): beyond that almost
        any number would be "derivable" and the check would say nothing. Amounts are compared by
        size: a refund shown as -3222 is the $3,222 a message states.
        """
        cents = abs(cents)
        if cents in self._amounts or (self._numbers and self._pending_shows(cents)):
            return "visible"
        amounts = self.amounts
        if cents in amounts:
            return "visible"
        if cents in self.sums:
            return "sum"
        if len(self._amount_list) > max_pair:
            return None
        how = self.pair_derivation(cents, self._amount_list)
        if how is None or (max_chance < 1.0 and self.pair_chance(cents) > max_chance):
            return None
        return how

    def pair_derivation(self, cents: int, operands: Iterable[int], within: set[int] | None = None) -> str | None:
        """``sum`` or ``difference`` when ``cents`` is one of an operand and an amount ``within``
        (by default: any visible amount)."""
        amounts = self.amounts if within is None else within
        for a in operands:
            if cents - a in amounts:
                return "sum"
            if cents + a in amounts:
                return "difference"
        return None

    def pair_chance(self, cents: int) -> float:
        """The share of amounts as round as ``cents`` (whole dollars, dimes or cents) up to twice
        ``cents`` that are a sum or difference of two visible amounts: how often a guess of that
        size and kind would pass as a pair derivation. The pair results are listed once per amount
        count and roundness; with more than ``_PAIR_CHANCE_LIMIT`` amounts the share is taken as 1."""
        size = abs(cents)
        step = 100 if size % 100 == 0 else 10 if size % 10 == 0 else 1
        self.amounts  # noqa: B018 - folds the sources not read yet into the amount list
        values = self._amount_list
        if len(values) > _PAIR_CHANCE_LIMIT:
            return 1.0
        key = (len(values), step)
        results = self._chance.get(key)
        if results is None:
            found = {r for a in values for b in values for r in (a + b, a - b) if r > 0 and r % step == 0}
            results = self._chance[key] = sorted(found)
        slots = 2 * size // step
        return bisect_right(results, 2 * size) / slots if slots else 1.0

