"""An identifier said of another object than the one that holds it: "Your order #W7751333 has
been processed. Its tracking number is 413744175715", where only #W4404390 shows that tracking
number. The value is visible; the object it is given to is wrong.

The holder of a value is the one top-level observed object (an order, a reservation, a line, a bill)
that shows it, named by its own id: the object's first key, where that ends in ``_id``. A value shown by
an object without such an id (a product's variants, a profile) or by two objects has no single
holder and is never flagged, nor is an object's own id. A sentence is read only where it names
objects of the holder's kind (by the id's length and letters before its first digit: "#W..."
orders, "B..." bills) and not the holder; a sentence that names none but says "its" or "it" reads
the objects the sentence before it named. The certifier asks only of texts that speak of tracking
or say "its" (most texts name an object and other ids with no such tie; reading them all cost 7%).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson

from trajectory2gym.certify.dates import ISO_DAY
from trajectory2gym.certify.normalize import compact, identifiers_in, tokens
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_PRONOUN = re.compile(r"\b(?:its|it)\b", re.I)
_LEADS_WITH_IT = re.compile(r"\W*(?:its|it|it's)\b", re.I)


def own_id(value: dict[str, Any]) -> str | None:
    """An object's own id (compact): its first key, where that ends in ``_id`` and holds a string
    ("order_id"); a product's first key is its name: its variants' ids are no one object's."""
    for key, item in value.items():
        return compact(item) if key.endswith("_id") and isinstance(item, str) and item else None
    return None


SELF = "="  # ``holder`` of an object's own id


def holder(needle: str, key: str, observations: list[str]) -> str:
    """The own id of the one top-level object the observations show ``needle`` (a value as written,
    lower-cased) in, ``key`` being its compact form; ``SELF`` where it is an object's own id; ""
    where none, several, or one without an own id show it."""
    owners: set[str | None] = set()
    for low in observations:
        if needle not in low:
            continue
        try:
            value = orjson.loads(low)
        except orjson.JSONDecodeError:
            owners.add(None)
            continue
        for obj in value if isinstance(value, list) else [value]:
            if needle in orjson.dumps(obj).decode():
                if (own := own_id(obj) if isinstance(obj, dict) else None) == key:
                    return SELF  # (a profile listing the order too does not make it another's)
                owners.add(own)
    return next(iter(owners)) or "" if len(owners) == 1 else ""


def _kind(key: str) -> tuple[int, str]:
    """What ids of one kind share: their length and the letters before the first digit ("w" of an
    order's "w7751333", "b" of a bill's "b1023", against a line's "l1013")."""
    return len(key), key[:len(key) - len(key.lstrip("abcdefghijklmnopqrstuvwxyz"))]


def _objects(sentence: str, objects_named: set[str]) -> list[tuple[str, str]]:
    """The objects a sentence names: (compact key, as the lower-cased JSON writes it)."""
    return [(k, s.lower().lstrip("#")) for s in identifiers_in(sentence) if (k := compact(s)) in objects_named]


def misowned(text: str, objects_named: set[str], values: set[str], observations: list[str],
             holder_of: Callable[[str], str]) -> list[tuple[str, str, str]]:
    """(the value as written, the object the sentence gives it to, the object that holds it) for
    each identifier (not a date) a sentence states beside objects of its holder's kind that leave
    its holder out. The objects a sentence may name are ``objects_named`` (compact keys: the own ids
    of objects read calls returned), the values it may state ``values`` (the other ids the text shows);
    ``holder_of`` maps a value as written to its holder (``holder``). A value an observation shows
    together with an object named is taken as that object's, unread."""
    out: list[tuple[str, str, str]] = []
    before = ""  # the sentence before, where it named an object looked up
    for sentence in SENTENCE_OR_LINE.split(text):
        said = set(tokens(sentence.lower()))
        this = "" if said.isdisjoint(objects_named) else sentence
        if said.isdisjoint(values) or not (this or before and _PRONOUN.search(sentence)):
            # (set tests first: most sentences state no object and no other id together); one led by "It"
            # goes on about the object before ("Order #W8343509 is pending. It has a Pet Bed. Its tracking ...")
            before = this or (before if _LEADS_WITH_IT.match(sentence) else "")
            continue
        objects = _objects(sentence, objects_named)
        # one id said after "its": the objects the sentence before named ("Its tracking number is ...")
        of = objects or (_objects(before, objects_named) if before and _PRONOUN.search(sentence) else [])
        for s in identifiers_in(sentence):
            if ISO_DAY.fullmatch(s) or (key := compact(s)) in objects_named or key not in values:
                continue
            low = s.lower().lstrip("#")
            if any(low in obs and any(o in obs for _, o in of) for obs in observations):
                continue  # shown with an object named: its own, or shared
            held = holder_of(s)
            if held in ("", SELF) or any(held == k for k, _ in of):
                continue
            if kin := [k for k, _ in of if _kind(k) == _kind(held)]:
                out.append((s, kin[-1], held))
        before = this or before
    return out
