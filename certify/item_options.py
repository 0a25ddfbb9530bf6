"""The options a text gives an item it prices, against the item's own.

"4. Action Camera (4K, waterproof, black) — $481.50", where the order shows the $481.50 action
camera in silver; "Bluetooth Speaker (black, 20-hour battery, not water-resistant) — $310.47",
where the $310.47 speaker's battery life is 10 hours. The price (with the item's name, where it
has one) says which object the line describes; an option value of another object for the same
option ("black" is a color some object shows, "20 hours" a battery life), said where the item's
own value is not, misdescribes it. A value of one character ("S", "M") is too short to tell apart
from a word and is not read as a rival.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trajectory2gym.certify.action_words import says_arrow
from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.normalize import to_cents
from trajectory2gym.certify.variant_prices import (
    Described,
    described_object,
    flag_said,
    flag_stem,
    one_price,
    priced_sentences,
    spaced_form,
)

_WORD = re.compile(r"[a-z0-9%.]+")
# Colors by their common names, for a color option whose rival values no observation shows.
_COLORS = ("black", "white", "red", "blue", "green", "silver", "gold", "grey", "gray", "pink", "purple", "yellow",
           "orange", "brown", "beige", "navy")
_GENDERS = (" men ", " women ", " unisex ")  # (the one of an item alone shows none of the others)
# Materials and sizes by their common names, likewise: "stainless steel" where the kettle shows glass.
_MATERIALS = ("stainless steel", "glass", "plastic", "ceramic", "metal", "wood", "leather", "fabric", "mesh", "aluminum",
              "bamboo", "rubber", "iron", "cotton", "polyester", "nylon", "vinyl", "synthetic")
_SIZES = (" small ", " medium ", " large ")
_LEVELS = (" beginner ", " intermediate ", " expert ", " advanced ")  # a puzzle's difficulty level
_NUMBER = re.compile(r"\d+(?:\\\.\d+)?")  # a number in an escaped value ("10", "2\.5")


def _norm(text: str) -> str:
    """Lower-case words, one space apart and padded, each without a plural "s": "20-hour" and
    "20 hours" are both " 20 hour "."""
    return " " + " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in _WORD.findall(text.lower())) + " "


_MATERIALS_NORM = tuple(_norm(m) for m in _MATERIALS)  # (as ``_norm`` writes an option's value: " glas ")


@dataclass(frozen=True, slots=True)
class PricedItem:
    """An object with options and a price: its name (normalized, "" where it shows none), price
    in cents and (option, normalized value) pairs."""

    name: str
    cents: int
    options: tuple[tuple[str, str], ...]


class OptionBook(ObservationBook):
    """The priced objects with options of the JSON observations (ordered items, and a listing's
    variants under their product's name), every value shown per option, and each object as the
    price-by-options check reads it (``objects``)."""

    needles: tuple[str, ...] = ('"options"',)

    def __init__(self) -> None:
        self.items: dict[tuple[int, tuple[tuple[str, str], ...]], str] = {}  # (cents, options) -> name
        self.values_of: dict[str, set[str]] = {}
        self.objects: set[Described] = set()

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            name = obj.get("name")
            variants = obj.get("variants")
            if isinstance(variants, dict) and isinstance(name, str):
                for variant in variants.values():
                    if isinstance(variant, dict):
                        self._add(variant, name)
            self._add(obj, name if isinstance(name, str) else "")

    def _add(self, obj: dict[str, Any], name: str) -> None:
        options, cents = obj.get("options"), to_cents(obj.get("price"))
        if not isinstance(options, dict) or len(options) < 2 or cents is None:
            return
        if (seen := described_object(obj, options, cents)) is not None:
            self.objects.add(seen)
        pairs = tuple((str(k), _norm(str(v))) for k, v in options.items())
        key = (cents, pairs)
        if name or key not in self.items:  # a variant seen alone has no name: its product's, where given
            self.items[key] = _norm(name) if name else ""
        for option, v in pairs:
            self.values_of.setdefault(option, set()).add(v)

    def priced(self, cents: int) -> list[PricedItem]:
        return [PricedItem(name, c, pairs) for (c, pairs), name in self.items.items() if c == cents]


def misdescribed_options(text: str, book: Callable[[], OptionBook]) -> list[tuple[str, str, str, str]]:
    """(the amount as written, the option, the value said, the item's own value) for each sentence or
    line that prices one item by an amount and names, for one of its options, another object's
    value instead of its own, or, for a value with a number, the value with another number ("20 hours"
    for "10 hours"). ``book`` is asked only for a line that may describe one."""
    out: list[tuple[str, str, str, str]] = []
    whole = ""  # the whole text, normalized, read once on need: the item's name may be said before
    for sentence in priced_sentences(text):
        if "(" not in sentence and " / " not in sentence and sentence.count("$") > 1 and not says_arrow(sentence):
            # items by their options in a row, each up to its price: "a size 10 in gray canvas at $189.50
            # and a size 6 in black synthetic at $186.45", after "no size 9 in those sneakers."
            whole = whole or _norm(_PUNCTUATION.sub(" ", text))
            for part in _PRICED_PART.findall(sentence):
                out += _misdescribed_in(part, book, whole)
            continue
        if ("(" not in sentence and " / " not in sentence and "|" not in sentence) or says_arrow(sentence):
            continue  # no options listed after a name ("(...)", "— a / b / c —", a table's cell), or a change
        if one_price(sentence) is not None:
            out += _misdescribed_in(sentence, book)
        elif sentence.count("$") == 1 and (cut := _PRICE_CLAUSE.match(sentence)) is not None and "(" in cut[0] \
                and not _ID_LIKE.search(cut[0]) and one_price(cut[0]):
            # "... Electric Kettle (2L, stainless steel, white) for $159.78, paid with PayPal, shipping to 544
            # Sunset Drive, ... NY 10280": the item's clause, up to its price, where numbers after it kept it unread
            out += _misdescribed_in(cut[0], book)
        else:  # several items, each with its options and price: "Garden Hose (25ft, ...) $99.51, Electric Kettle ..."
            for part in _ITEM_PART.findall(sentence):
                out += _misdescribed_in(part, book)
    return out


_PRICE_CLAUSE = re.compile(r"[^$]*\$[\d,]+(?:\.\d\d)?")  # a sentence up to its first amount
_PUNCTUATION = re.compile(r"[.!?,;:](?=\s|$)")  # ("sneakers." is no word to find "sneaker" in)
_PRICED_PART = re.compile(r"[^$]+?\$\d[\d,]*(?:\.\d\d)?")  # up to each amount, from the one before
_ID_LIKE = re.compile(r"#|\d{5}")  # an order's or an item's number: the clause names its object by it, not its options

# One item of a list in a sentence: its name, its options in brackets, then its price.
_ITEM_PART = re.compile(r"[A-Z][\w -]{1,40}\([^()]{3,80}\)\s*(?:(?:for|at)\s+)?\$[\d,]+(?:\.\d\d)?")  # ("... (...) for $53.91")


def _misdescribed_in(sentence: str, book: Callable[[], OptionBook], named_in: str = "") -> list[tuple[str, str, str, str]]:
    """``misdescribed_options`` of one sentence, or part of one, that gives one price; the item's name
    may be said in ``named_in`` (normalized) instead."""
    out: list[tuple[str, str, str, str]] = []
    if (priced := one_price(sentence)) is None:
        return out
    written, cents = priced
    norm = _norm(sentence)
    shown = book()
    items = [it for it in shown.priced(abs(cents)) if not it.name or it.name in (named_in or norm)]
    if not items or len({it.options for it in items}) != 1:
        return out  # no item at that price, or several that differ: which one is unclear
    for option, own in items[0].options:
        if own in (" yes ", " no ") and (stem := flag_stem(option)):
            # "Action Camera (5K, waterproof, silver)", where its "waterproof" is "no"
            said = spaced_form(sentence)
            if flag_said(said, stem, own == " no ") and not flag_said(said, stem, own == " yes "):
                out.append((written, option, option if own == " no " else f"not {option}", own.strip()))
            continue
        if own in norm:
            continue
        rivals = sorted(v for v in shown.values_of.get(option, ()) if v != own and len(v) > 3 and v in norm)
        if not rivals and "/" in option:  # the other value its name lists: "bagless", where "bagged/bagless" is "bagged"
            rivals = [f" {part.strip()} " for part in option.split("/") if (v := _norm(part)) != own and len(v) > 3 and v in norm]
        if not rivals and "colo" in option:  # a color no object shown has: "black", where it shows silver
            rivals = [f" {c} " for c in _COLORS if f" {c} " in norm]
        if not rivals and option == "gender":  # "Perfume (oriental, 30ml, women's)", where it shows unisex
            rivals = [g for g in _GENDERS if g in norm]
        if not rivals and "material" in option and own in _MATERIALS_NORM:
            # "Electric Kettle (2L, stainless steel, white)", where it shows glass
            rivals = [m for m in _MATERIALS_NORM if m in norm and m not in own and own not in m]
        if not rivals and "size" in option and own in _SIZES:  # "Bicycle (large frame, ...)": medium
            rivals = [z for z in _SIZES if z in norm]
        if not rivals and "level" in option and own in _LEVELS:  # "Jigsaw Puzzle (1000 pieces, animals, intermediate)"
            rivals = [z for z in _LEVELS if z in norm]
        if not rivals and any(c.isdigit() for c in own):  # "20 hours" where it shows "10 hours"
            shape = _NUMBER.sub(r"\\d+(?:\\.\\d+)?", re.escape(own.strip()))
            rivals = [f" {m[0]} " for m in re.finditer(rf"(?<= ){shape}(?= )", norm)
                      if m[0] != written.lstrip("$")]  # (not the price itself: "| Jigsaw Puzzle | $53.72 |")
        parts = own.split()
        if not rivals and len(parts) == 2 and len(parts[1]) > 2 and not parts[1].isdigit():
            # "over-ear" where it shows "in-ear": another first word before the value's own second one
            rivals = [f" {m[0]} " for m in re.finditer(rf"(?<= )[a-z]+ {re.escape(parts[1])}(?= )", norm)
                      if m[0].split()[0] != parts[0]
                      # (not the item's name before the value said short: "Smart Thermostat (HomeKit")
                      and f" {m[0].split()[0]} " not in (items[0].name or "")
                      # (not "not water resistant", the item's own "not resistant" said in full)
                      and not (parts[0] == "not" and norm.endswith(" not ", 0, m.start()))]
        if not rivals and len(parts) == 1 and len(own) > 8 and own.strip().isalpha():
            # "hardshell" where it shows "softshell": another word with the value's own ending
            tail = own.strip()[-5:]
            rivals = [f" {m[0]} " for m in re.finditer(rf"(?<= )[a-z]+{tail}(?= )", norm) if m[0] != own.strip()]
        if rivals:
            out.append((written, option, rivals[0].strip(), own.strip()))
    return out
