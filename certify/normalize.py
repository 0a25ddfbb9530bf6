"""Value normalisation shared by the evidence index and the checks.

Two values are "the same evidence" when they agree after the declared
normalisations: case and whitespace, a leading ``#`` and separators in
identifiers (``#W123`` = ``W123``, ``555-123-4567`` = ``5551234567``), and number
formats (``100`` = ``100.0`` = ``"100.00"``, ``1,000`` = ``1000``, ``$5`` = ``5``).
Numbers are compared in integer cents so float noise never matters.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

# A number written on its own: not part of an identifier (W123, 1000ml, item_42). In full:
#   (?<![\w#.,]) -?\$?\s? (\d{1,3}(?:,\d{3})+|\d+) (\.\d+)? (?![\w]|\.\d)
# Written below to start with its first character ("-", "$" or a digit; a leading space adds
# nothing once stripped), so the regex engine skips ahead to those characters at C speed instead
# of trying the lookbehind at every position (2.5x faster); the branches continue after what that
# character was. The same matches, stripped, on fuzzed and corpus texts (tests/certify).
_NUMBER = re.compile(
    r"[-$\d](?<![\w#.,].)"
    r"(?:(?<=\d)(?:\d{0,2}(?:,\d{3})+|\d*)"
    r"|(?<=-)\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)"
    r"|(?<=\$)(?:\s?|-)(?:\d{1,3}(?:,\d{3})+|\d+))"  # ("$-510": a sign after the dollar)
    r"(\.\d+)?(?![\w]|\.\d)"
)
_DIGIT = re.compile(r"\d")
_ALPHA = re.compile(r"[^\W\d_]")
_EDGE_PUNCT = "\"'`.,;:!?()[]{}<>*"

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "single": 1, "both": 2,
    "once": 1, "twice": 2, "none": 0,
}

# The words of spelled numbers past twelve ("one hundred", "twenty-five", "two thousand five hundred").
_TEENS = ("thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
COMPOUND_WORDS: dict[str, int] = {
    **{w: 13 + k for k, w in enumerate(_TEENS)}, **{w: 20 + 10 * k for k, w in enumerate(_TENS)}, **_SCALES,
}
# Every word a spelled count or amount is made of (NUMBER_WORDS' "both", "once", "none" are whole).
_SPELL_PARTS = {w: n for w, n in NUMBER_WORDS.items() if w not in ("single", "both", "once", "twice", "none")}
_SPELL_PARTS.update(COMPOUND_WORDS)


# Days as ordinal words ("the twenty-seventh of May") and years as spoken ("nineteen eighty-eight"):
# ``spelled_dates`` writes them as numerals so that a date said so is found as "27th of may".
_ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
ORDINAL_DAY_WORDS: dict[str, int] = {
    **{w: k + 1 for k, w in enumerate(_ORDINAL_UNITS)}, "tenth": 10, "eleventh": 11, "twelfth": 12,
    **{t[:-1] + "th" if t.endswith("t") else t + "th": 13 + k for k, t in enumerate(_TEENS)},
    "twentieth": 20, "thirtieth": 30,
}
DATE_WORDS = frozenset({*ORDINAL_DAY_WORDS, "nineteen", "twenty"})


def ordinal_suffix(n: int) -> str:
    """The suffix of ``n`` written as an ordinal: "st" of 21, "th" of 11."""
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def spelled_dates(ws: list[str]) -> list[str]:
    """A word list with its spelled days and years as numerals: "twenty seventh" is "27th",
    "seventeenth" "17th", "nineteen eighty eight" "1988", "twenty twenty four" "2024"; the same
    list where it has none (a set test first: most texts)."""
    if DATE_WORDS.isdisjoint(ws):
        return ws
    out: list[str] = []
    k = 0
    while k < len(ws):
        w, nxt = ws[k], ws[k + 1] if k + 1 < len(ws) else ""
        if w in ("twenty", "thirty") and nxt in ORDINAL_DAY_WORDS and ORDINAL_DAY_WORDS[nxt] < 10:
            day = COMPOUND_WORDS[w] + ORDINAL_DAY_WORDS[nxt]
            out.append(f"{day}{ordinal_suffix(day)}")
            k += 2
        elif w in ORDINAL_DAY_WORDS:
            out.append(f"{ORDINAL_DAY_WORDS[w]}{ordinal_suffix(ORDINAL_DAY_WORDS[w])}")
            k += 1
        elif w in ("nineteen", "twenty") and (nxt in _TENS or nxt in _TEENS or nxt in ("ten", "eleven", "twelve")):
            # A century's two digits, then the year's: "nineteen eighty eight", "twenty twenty four".
            tens = COMPOUND_WORDS.get(nxt) or NUMBER_WORDS[nxt]
            unit = NUMBER_WORDS.get(ws[k + 2], 0) if nxt in _TENS and k + 2 < len(ws) else 0
            unit = unit if 1 <= unit <= 9 else 0
            out.append(str(COMPOUND_WORDS[w] * 100 + tens + unit))
            k += 3 if unit else 2
        else:
            out.append(w)
            k += 1
    return out


def spelled_numbers(ws: list[str], singles: bool = False) -> list[int]:
    """The numbers spelled out in a word list past NUMBER_WORDS' single words: "fifty", "one
    hundred" (100), "twenty five" (25), "two thousand five hundred", "one hundred and fifty". A run
    ends where its next word cannot continue it: "one two" is two numbers, reported only with
    ``singles`` (every number then, "two" too; "twenty two" is 22 and no 2)."""
    out: list[int] = []
    total = current = size = 0
    compound = False  # the run has a word past twelve: a plain "two" is NUMBER_WORDS' to report
    room = 0  # the largest plain number the run may still add ("twenty" takes 1-9, "hundred" 1-99)
    for w in [*ws, ""]:
        n = _SPELL_PARTS.get(w)
        if size and w == "and" and room >= 99:  # "one hundred and fifty"
            continue
        scale = n is not None and n >= 100
        if size and n is not None and (n <= room if not scale else current and n > current):
            pass  # continues the run
        else:
            if size and (compound or size > 1 or singles):
                out.append(total + current)
            total = current = size = 0
            compound = False
            room = 0
            if n is None:
                continue
        size += 1
        compound |= w in COMPOUND_WORDS
        if n == 100:
            current, room = max(current, 1) * 100, 99
        elif scale:
            total, current, room = total + max(current, 1) * n, 0, 999
        else:
            current += n
            room = 9 if n >= 20 else 0  # a tens word takes a unit: "twenty five"
    return out


def _table(replace_with: str | None, keep: str) -> dict[int, str | None]:
    allowed = set("abcdefghijklmnopqrstuvwxyz0123456789") | set(keep)
    return {c: replace_with for c in range(128) if chr(c) not in allowed}


# str.translate tables: a C-level pass instead of a regular expression (several times faster).
# WORD_TABLE turns every ASCII non-alphanumeric into a space: ``split()`` then gives the words.
# TOKEN_TABLE deletes ASCII punctuation inside whitespace/quote-delimited tokens, so ``split()``
# gives each token's identifier key (``#W123,`` -> ``w123``, ``"credit_card_1"`` -> ``creditcard1``).
WORD_TABLE = _table(" ", "")
TOKEN_TABLE = {**_table(None, " \t\n\r\f\v"), ord('"'): " "}


def _bytes_table(table: dict[int, str | None]) -> tuple[bytes, bytes]:
    """The same ASCII mapping for ``bytes.translate``: (256-byte table, characters to delete)."""
    out, delete = bytearray(range(256)), bytearray()
    for c, v in table.items():
        if v is None:
            delete.append(c)
        else:
            out[c] = ord(v)
    return bytes(out), bytes(delete)


# bytes.translate is several times faster than str.translate; same result for ASCII text.
_WORD_BYTES = _bytes_table(WORD_TABLE)
_TOKEN_BYTES = _bytes_table(TOKEN_TABLE)


def word_split(low: str) -> list[str]:
    """``low.translate(WORD_TABLE).split()``: the alphanumeric runs of a (lower-cased) text."""
    if low.isascii():
        return low.encode().translate(*_WORD_BYTES).decode().split()
    return low.translate(WORD_TABLE).split()


def words(text: str) -> list[str]:
    """Lower-case alphanumeric words: the unit of phrase matching."""
    return word_split(text.lower())


def wordline(ws: Iterable[str]) -> str:
    """Words between spaces: ``" " + stem in wordline`` is a word-prefix test, ``stem + " "`` a
    whole word's end."""
    return " " + " ".join(ws) + " "


# A flight's number as texts and observations write it: "HAT033".
FLIGHT_NUMBER = re.compile(r"\b[A-Z]{2,3}\d{3,4}\b")
_COMPACT_CACHE: dict[str, str] = {}


def compact(text: str) -> str:
    """An identifier's comparison key: case-folded, separators and ``#`` removed."""
    key = _COMPACT_CACHE.get(text)
    if key is None:
        key = "".join(word_split(text.lower()))
        if len(_COMPACT_CACHE) > 50_000:  # ids repeat within and across interactions; stay bounded
            _COMPACT_CACHE.clear()
        _COMPACT_CACHE[text] = key
    return key


_POSSESSIVE = re.compile(r"(?<=\d)['’]s\b")  # "#w3579467's address": the order's id (as ``chunks`` reads it)


def tokens(low: str) -> list[str]:
    """Identifier keys of the whitespace/quote-delimited tokens of a lower-cased text."""
    if "'s" in low or "’s" in low:
        low = _POSSESSIVE.sub("", low)
    if low.isascii():
        return low.encode().translate(*_TOKEN_BYTES).decode().split()
    return low.translate(TOKEN_TABLE).split()


def chunks(text: str) -> list[str]:
    """Whitespace tokens with edge punctuation stripped (keeps emails and ``#W123`` whole)."""
    out = []
    for tok in text.split():
        tok = tok.strip(_EDGE_PUNCT)
        if tok.endswith(("'s", "\u2019s")):  # possessive: "#W123's"
            tok = tok[:-2]
        if tok:
            out.append(tok)
    return out


_DIGIT_TOKEN = re.compile(r"(?<!\S)[^\s\d]*\d\S*")  # from a token start only: linear on long tokens


def chunks_with_digits(text: str) -> list[str]:
    """The ``chunks`` that contain a digit or start with ``#``/contain ``@`` (identifier candidates)."""
    out = []
    for tok in text.split() if ("@" in text or "#" in text) else _DIGIT_TOKEN.findall(text):
        tok = tok.strip(_EDGE_PUNCT)
        if tok.endswith(("'s", "\u2019s")):
            tok = tok[:-2]
        if tok:
            out.append(tok)
    return out


def to_cents(value: Any) -> int | None:
    """A number (or numeric string like ``"100.00"``, ``"$1,200"``) in integer cents."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and abs(value) > _HUGE_CENTS:
        return None  # past a float (a Python int of hundreds of digits): no amount
    if isinstance(value, (int, float)):
        scaled = value * 100
        if not math.isfinite(scaled):  # NaN, infinity, or beyond a float once in cents (1e308)
            return None
        return int(round(scaled))
    if isinstance(value, str):
        s = value.strip().replace(",", "").lstrip("$").strip()
        if not s or len(s) > 24:
            return None
        try:
            return int(round(float(s) * 100))
        except (ValueError, OverflowError):
            return None
    return None


def numbers_in(text: str) -> list[tuple[str, int]]:
    """Stand-alone numbers of a text: (as written, cents)."""
    out = []
    for m in _NUMBER.finditer(text):
        written = m.group(0).strip()
        out.append((written, cents_of(written)))
    return out


_HUGE_CENTS = 10**40


def decimal_cents(digits: str) -> int:
    """Cents of a plain decimal ("12", "4.50"); hundreds of digits, past a float, give a number
    larger than any amount an index holds (not an error)."""
    try:
        return int(round(float(digits) * 100))
    except OverflowError:
        return _HUGE_CENTS


def cents_of(written: str) -> int:
    """Cents of a ``_NUMBER`` match as written (``-$1,200.50``, ``$-510``): its digits follow ``-``, ``$``, a space."""
    cents = decimal_cents(written.lstrip("-$").lstrip().replace(",", ""))
    return -cents if written.startswith(("-", "$-")) else cents


def money_numbers_in(text: str) -> list[tuple[str, int]]:
    """The ``numbers_in`` written like money (with ``$``, a decimal point, a thousands comma or
    "dollars" after it), in order; other numbers (counts, identifiers) are not converted at all."""
    out = []
    worded = "dollar" in text or "USD" in text  # "250 dollars": money in words (a plain test first)
    for m in _NUMBER.finditer(text):
        whole = m.group(0)
        if "$" not in whole and "." not in whole and "," not in whole and not (
                worded and _DOLLARS_AFTER.match(text, m.end())):
            continue
        written = whole.strip()
        out.append((written, cents_of(written)))
    return out


_DOLLARS_AFTER = re.compile(r"\s*(?:dollars?|USD)\b")


_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.I)
_NETWORK_MODES = re.compile(r"(?:[2-5]G|LTE)(?:/(?:[2-5]G|LTE))+", re.I)  # a network mode: "5G/4G", "4G/3G/2G"
_CLOCK_12 = re.compile(r"(?:[01]?\d)(?::[0-5]\d)?[ap]\.?m\.?", re.I)  # a time of day: the time checks' matter



def dollar_amounts(text: str) -> list[tuple[str, int]]:
    """The ``money_numbers_in`` written with "$": a price or a charge, not "1.5 liters"."""
    return [(written, cents) for written, cents in money_numbers_in(text) if "$" in written] if "$" in text else []

BRACKETED = re.compile(r"\([^()]*\)")  # an aside in brackets, no bracket inside: "(balance $199)"


DATA_UNIT_WORDS = frozenset({"gb", "mb", "gig", "gigs", "gigabyte", "gigabytes"})  # the words of an amount of data
_DATA_UNITS = r"(?:" + "|".join(sorted(DATA_UNIT_WORDS, key=len, reverse=True)) + r")\b"
# From a number's first digit only: inside a run of digits no match can start (else each digit of a
# 6,000-digit run would read the rest of it again).
_UNIT_NUMBER = re.compile(r"(?<!\d)(\d+(?:\.\d+)?)" + _DATA_UNITS)
_DATA_AMOUNT = re.compile(r"(?<!\d)\d+(?:\.\d+)?\s*" + _DATA_UNITS, re.I)


def _may_state_data(low: str) -> bool:
    """Whether a lower-cased text may write an amount of data: one substring test per unit first."""
    return "gb" in low or "mb" in low or "gig" in low


def without_data_amounts(text: str) -> str:
    """The text with its amounts of data blanked ("add 3.0 GB"): they are no money amounts."""
    return _DATA_AMOUNT.sub(" ", text) if _may_state_data(text.lower()) else text


# A measure written with a decimal point or a comma, its unit after a space or a hyphen ("1.5 liters",
# "14.5-inch", "1,000 ml"): a size, no money amount. Not after "$".
_SPACED_MEASURE = re.compile(r"(?<![\d$.,])\d[\d,]*(?:\.\d+)?[ -]?(?:inch(?:es)?|ft|foot|feet|cm|mm|ml|liters?|"
                             r"litres?|oz|ounces?|lbs?|pounds?|kg|grams?|gallons?|quarts?|cups?|watts?|volts?|"
                             r"mah|mp|megapixels?|ghz|mhz|hz|miles?|km)\b"
                             r"|(?<![\d$.,])\d+(?:\.\d+)?[\"″”](?!\w)"  # a screen's 6.1": inches
                             r"|(?<![\d$.,])\d+\.\d+[ -]?(?-i:L)\b", re.I)  # a kettle's "1.5 L": liters


def without_measures(text: str) -> str:
    """The text with its measures blanked ("Glass, 1.5 liters, gas — $109.58"): they are no money."""
    return _SPACED_MEASURE.sub(" ", text)


def unit_numbers(low: str) -> list[str]:
    """The numbers a lower-cased text writes against a data unit, as "2gb" ("2 GB" is a number of its own)."""
    if not _may_state_data(low):
        return []
    return [m[1] for m in _UNIT_NUMBER.finditer(low) if m.start() == 0 or not (low[m.start() - 1].isalnum()
                                                                             or low[m.start() - 1] in "._")]


_MEASURE = re.compile(r"\d+(?:\.\d+)?-?(?:inch(?:es)?|in|ft|foot|feet|cm|mm|m|l|liters?|litres?|oz|lbs?|packs?|"
                      r"pieces?|pcs?|years?|yrs?|months?|days?|hours?|hrs?|speeds?|ports?|cups?|quarts?|gallons?|"
                      r"gb|tb|mb|w|watts?|v|volts?|mah|mp|degrees?|kg|rpm)", re.I)


_CODE = re.compile(r"\d[a-z]")  # a digit before a letter: a random code ("80bxw8"), not a kind and number


@lru_cache(maxsize=8192)  # asked of every token a description holds, once per call it may describe
def id_shape(key: str) -> tuple[int, bool]:
    """What identifiers of one kind share, from a key (``compact``): its length and whether it
    starts with a letter; a random code mixing letters and digits counts as starting with one
    whatever its first character (airline reservations "80BXW8" and "U86B6B" are of a kind)."""
    if key[:1].isalpha() or key.isdigit():  # most keys: no search
        return len(key), key[:1].isalpha()
    return len(key), _CODE.search(key) is not None


def looks_like_identifier(token: str) -> bool:
    """A token the agent could only know from evidence: letters mixed with digits, ``#``, ``@``,
    or a long digit string (order, item, tracking, phone numbers)."""
    if len(token) < 4:
        return False
    if token[0] == "#" or "@" in token:
        return True
    if (token.lstrip("+-−")[:1] == "$" or _ORDINAL.fullmatch(token) or _MEASURE.fullmatch(token)
            or _CLOCK_12.fullmatch(token) or _NETWORK_MODES.fullmatch(token)):
        return False  # a price ("$0.10/GB", "+$20.00/month"), a day or a rank ("21st"), a size ("14-inch"), "10:30pm"
    digits = len(_DIGIT.findall(token))
    if digits == 0:
        return False
    if _ALPHA.search(token):  # one digit among six capitals or more: a booking code ("WC6WHV"), no word
        return digits >= 2 or (len(token) >= 6 and token.isupper() and token.isalnum())
    return digits >= 5 and "." not in token



def identifiers_in(text: str) -> list[str]:
    """The identifiers a text names (``looks_like_identifier``), each once, in the order written."""
    return list(dict.fromkeys(t for t in chunks_with_digits(text) if looks_like_identifier(t)))

def stem(word: str) -> str:
    """A crude stem for action verbs (cancel/cancellation, exchange/exchanging)."""
    return word[:5] if len(word) > 5 else word


def format_value(value: Any, limit: int = 60) -> str:
    """A value as it appears in a reason: ``'#W999'``, ``100.5``, truncated when long."""
    text = repr(value) if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


# Address words and their usual abbreviations, each way: an argument may write "Apt 4B" for the
# user's "Apartment 4B", or "Street" for "St".
_ADDRESS_ABBREVIATIONS = {"apt": "apartment", "ste": "suite", "st": "street", "ave": "avenue", "rd": "road",
                          "blvd": "boulevard", "dr": "drive", "ln": "lane", "ct": "court", "hwy": "highway",
                          "pkwy": "parkway", "pl": "place", "sq": "square", "bldg": "building"}
ADDRESS_WORDS = {**_ADDRESS_ABBREVIATIONS, **{full: short for short, full in _ADDRESS_ABBREVIATIONS.items()}}
