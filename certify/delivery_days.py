"""When an order will arrive, said where no record gives it.

The retail records show an order's status and its fulfilments' tracking ids, never a delivery
date: "Order #W6447372 is scheduled to arrive by this Friday" states a day nothing visible gives.
Only a sentence about an order or a package is read (a flight "arrives" at a time its search
shows), and only a plain statement (no question, no condition).
"""

from __future__ import annotations

import re

from trajectory2gym.certify.turns import SENTENCE

_WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}"
# An arrival or delivery, then when: "arrive by this Friday", "be delivered within 3 business days",
# "ships tomorrow", "delivered on May 20".
_WHEN_DELIVERED = re.compile(
    r"\b(?:arriv\w*|deliver\w*|ship(?:s|ped|ping)?(?:\s+out)?|reach\w*\s+you)\s+"  # ("ships out today")
    r"(?:(?:by|on|this|next|within|in|around|before)\s+)*(?:the\s+)?"
    rf"(?P<when>{_WEEKDAYS}|tomorrow|today|the\s+end\s+of\s+(?:the\s+)?week|(?:this|next)\s+week"
    rf"|\d+(?:\s*(?:-|–|to)\s*\d+)?\s+(?:business\s+|working\s+)?days?|{_MONTHS}|\d{{4}}-\d{{2}}-\d{{2}})\b",
    re.I)
# (or an exchange's new item: "The new watch ships out today")
_ABOUT_AN_ORDER = re.compile(r"#w\d|\b(?:order|package|parcel|shipment|items?)\b|\b(?:new|replacement)\s+\w+\s+"
                             r"(?:ship|arriv|deliver|will)", re.I)
_IT_FIRST = re.compile(r"\s*(?:it|it's|it’s|it is|it will|it'll|they|they'll|they will)\b", re.I)
_NOT_SAID = re.compile(r"\b(?:if|once|when|whether|unless|can't|cannot|don't|do not|no way to|not able)\b|n't\b",
                       re.I)


def may_say_delivery(text: str) -> bool:
    """Plain substrings first: most texts speak of no arrival or delivery."""
    return "rriv" in text or "eliver" in text or "ship" in text or "reach" in text


def about_an_order(text: str) -> bool:
    """Whether a text speaks of an order or a package ("When will that order arrive?")."""
    return _ABOUT_AN_ORDER.search(text) is not None


def delivery_days_said(text: str, asked_of_order: bool = False) -> list[str]:
    """The days (as written) a text's plain statements give an order's arrival or delivery; with
    ``asked_of_order`` (the user's question was about an order), also those of a sentence that
    names it only as "it" ("It's scheduled to arrive by next Friday")."""
    out: list[str] = []
    for sentence in SENTENCE.split(text):
        if sentence.rstrip(" *").endswith("?") or not (
                _ABOUT_AN_ORDER.search(sentence) or (asked_of_order and _IT_FIRST.match(sentence))):
            continue
        for m in _WHEN_DELIVERED.finditer(sentence):
            if not _NOT_SAID.search(sentence, 0, m.start()):
                out.append(m["when"])
    return out
