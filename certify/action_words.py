"""The words that name actions and their objects: a tool's verb and its everyday synonyms
("cancel", "exchange" or "swap"), and, where tools share a verb (update_reservation_flights,
_baggages, _passengers), the words of each one's object.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from trajectory2gym.certify.normalize import (
    stem,
)

# Words of a tool name that say what it does, and their everyday synonyms.
GENERIC = frozenset({
    "order", "orders", "pending", "delivered", "items", "item", "details", "user", "info", "to", "by",
    "the", "of", "and", "human", "agents", "agent",
})


# A tool named after one of these verbs (cancel_reservation) is described by the verb or a synonym,
# never by its object noun ("reservation" also occurs in a lookup or another action's description).
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "modify": ("change", "modif", "updat", "switch", "replac", "exchang", "swap", "mov", "correct", "fix ", "edit",
               "set ", "use ",  # "Should I use exactly that address for #W1130240?"
               "instead"),  # "Would you like #W3746173 sent to 400 Willow Lane, ... instead?"
    "update": ("change", "modif", "updat", "switch", "add ", "added", "adding", "upgrad", "downgrad", "mov",
               "put ", "correct", "fix ", "edit", "renam", "replac", "set ", "becom",  # "LAS -> IAH becomes HAT266"
               "restor", "revert"),  # "I'll restore her date of birth to 1951-03-21"
    "book": ("book", "reserv"),
    "cancel": ("cancel",),
    "exchange": ("exchange", "swap", "replac", "switch"),
    # Not "refund": exchanges and cancellations refund too ("the difference will be refunded").
    "return": ("return",),
    # "add a $150 certificate"; "issue" as a verb only: a bill "shows as Issued" is its status.
    "send": ("send", "issue ", "issuing", "offer", "add ", "added", "adding", "grant", "compensat",
             "eligib"),  # "you're eligible: $100 per passenger ... a $200 certificate. Want it?"
    "create": ("creat", "open", "new"),
    "delete": ("delet", "remov"),
    "remove": ("remov", "delet"),
    "pay": ("pay",),
    # ("turn international roaming on": the feature between the verb and "on")
    "enable": ("enabl", "turn on", "activat", "switch on", "turn it on", "switch it on", "back on", "turn roaming on",
               "turn international roaming on", "switch roaming on", "switch international roaming on"),
    "disable": ("disabl", "turn off", "deactivat", "switch off", "turn it off", "switch it off", "back off",
                "turn roaming off", "turn international roaming off", "switch roaming off",
                "switch international roaming off"),
    "suspend": ("suspend", "pause"),
    "resume": ("resum", "reactivat", "restor"),
    "refuel": ("refuel", "add ", "added", "adding", "top up", "top you up", "top it up", "top your", "extra data"),
}


# The object of a tool named verb_..._object, and its everyday words: where tools share a verb
# (update_reservation_flights, _baggages, _passengers), a description must say which one it is.
_OBJECT_SYNONYMS: dict[str, tuple[str, ...]] = {
    "baggages": ("bag", "luggag", "suitcas"),
    # "flight" and "class" only weakly (WEAK_OBJECT_WORDS): a bag or passenger change names them too.
    "flights": ("cabin", "upgrad", "downgrad"),
    "passengers": ("passeng", "travel", "birth", "dob"),  # "I can correct his birth date to 2002-08-28"
    "payment": ("pay", "card", "gift", "paypal", "master", "visa", "amex", "credit", "debit"),
    "address": ("zip", "postcode", "postal code", "street"),  # "Yes fix the zip"
}


def says_arrow(text: str) -> bool:
    """Whether a text writes a change with an arrow ("white -> black", "1 → 4"), which serves as its
    verb: plain substring tests."""
    return "→" in text or "->" in text


def _stem_or_phrase(word: str) -> str:
    """A single word's stem (a prefix test); a phrase or a word ending in a space stays whole:
    "turn on" must not become "turn ", which "turn off" starts with too."""
    return word if " " in word else stem(word)


def _stems_of(verb: str) -> set[str]:
    return {stem(verb), *(_stem_or_phrase(s) for s in _SYNONYMS[verb])}


@lru_cache(maxsize=1024)
def name_words(tool: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[_\W]+", tool.lower()) if w)


# A tool and its argument names: what tells same-verb tools apart.
ToolArgs = frozenset[tuple[str, frozenset[str]]]


NO_OBJECT: tuple[frozenset[str], frozenset[str], frozenset[str]] = (frozenset(), frozenset(), frozenset())


# Object words that name a tool's object only where no other same-verb tool's object is named too:
# "change to business class on the same flights" is a flight change, "add 2 bags to your flight" not.
WEAK_OBJECT_WORDS: dict[str, tuple[str, ...]] = {"flights": ("fligh", "class")}


def object_stems(obj: str) -> frozenset[str]:
    if obj in WEAK_OBJECT_WORDS:  # the word itself is weak: see WEAK_OBJECT_WORDS
        return frozenset(_stem_or_phrase(s) for s in _OBJECT_SYNONYMS[obj])
    return frozenset({stem(obj), *(_stem_or_phrase(s) for s in _OBJECT_SYNONYMS.get(obj, ()))})


@lru_cache(maxsize=1024)
def tool_object(tool: str, tools: ToolArgs) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What a description must also name when ``tool`` shares its verb with another of ``tools``
    that acts on another object (update_reservation_flights, _baggages): (the stems of its object
    word and synonyms, the arguments only it takes, whose identifiers name the object too unless
    the message names a rival's object, the stems of the rivals' objects).
    Empty when no such sibling exists, or the object is a generic word ("items": ids anchor those)."""
    parts = name_words(tool)
    if len(parts) < 2 or parts[-1] in GENERIC:
        return NO_OBJECT
    verb, obj = parts[0], parts[-1]
    mine: frozenset[str] = frozenset()
    rivals: list[frozenset[str]] = []
    rival_stems: set[str] = set()
    for name, args in tools:
        words_ = name_words(name)
        if name == tool:
            mine = args
        elif len(words_) > 1 and words_[0] == verb and words_[-1] != obj:
            rivals.append(args)
            if words_[-1] not in GENERIC:
                rival_stems |= object_stems(words_[-1])
    if not rivals:
        return NO_OBJECT
    own = object_stems(obj)
    return own, mine.difference(*rivals), frozenset(rival_stems - own - set(WEAK_OBJECT_WORDS.get(obj, ())))


@lru_cache(maxsize=1024)
def other_action_objects(tool: str, tools: ToolArgs) -> frozenset[str]:
    """The stems of the objects of the other actions the policy could take ("roaming" of
    enable_roaming, for suspend_line), but words of this tool's name or argument names and generic
    ones: a reply that puts one of those off by name puts off that action, not this one."""
    mine = set(name_words(tool))
    for name, args in tools:
        if name == tool:
            mine.update(w for arg in args for w in name_words(arg))
    found: set[str] = set()
    for name, _ in tools:
        parts = name_words(name)
        if (name != tool and len(parts) > 1 and stem(parts[0]) in ACTION_STEMS and parts[-1] not in GENERIC
                and parts[-1] not in mine):
            found.add(stem(parts[-1]))  # the word itself: a synonym ("travel" of passengers) says too little
    return frozenset(found - {stem(w) for w in mine})


# Verbs said as "turn <the tool's object> on" / "off".
_ON_OFF = {"enable": "on", "disable": "off"}


@lru_cache(maxsize=1024)
def action_stems(tool: str) -> frozenset[str]:
    """Stems a message must use to describe a call of ``tool``: its verb and the verb's synonyms
    when it is named after a known action verb, else every word of its name (toggle_wifi)."""
    parts = [w for w in name_words(tool) if w not in GENERIC]
    if parts and parts[0] in _SYNONYMS:
        if parts[0] == "send" and len(parts) > 2:  # "Would you like a payment request for B1005?"
            return frozenset(_stems_of(parts[0])) | {" ".join(parts[1:])}
        if parts[0] in _ON_OFF and len(parts) == 2:  # "I can turn roaming on", of enable_roaming
            return frozenset(_stems_of(parts[0])) | {f"{verb} {parts[1]} {_ON_OFF[parts[0]]} "
                                                     for verb in ("turn", "switch")}
        return frozenset(_stems_of(parts[0]))
    out = {stem(w) for w in parts}
    for w in parts:
        out.update(_stem_or_phrase(s) for s in _SYNONYMS.get(w, ()))
    return frozenset(out)


def says(line: str, stems: Iterable[str]) -> bool:
    """Whether a wordline (words between spaces) has a word starting with one of ``stems``."""
    return any(" " + s in line for s in stems)


# Every known action's verb, but "pay": as a prefix it is "payment", which any purchase mentions.
ACTION_STEMS = frozenset(stem(verb) for verb in _SYNONYMS if verb != "pay")
