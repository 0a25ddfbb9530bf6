"""A value the user takes back in a reply after the description: "Oops, the zip is 95818, not
95816", "it's Apt 19, not Apt 9". A write that still sends the value taken back does what the user
corrected, whatever the description said before the correction."""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.anchors import str_leaves
from trajectory2gym.certify.normalize import words


def taken_back(arguments: dict[str, Any], replies: list[str]) -> tuple[str, str] | None:
    """(argument, value) of the first argument whose value (three characters or more, with a digit:
    a code, a number, a unit) a reply says it is not: "..., not 95816". Only where a reply has "not"."""
    said = [r for r in replies if "not " in r.lower()]
    if not said:
        return None
    for arg, value in arguments.items():
        for leaf in str_leaves(value):
            if len(leaf := leaf.strip()) < 3 or not any(c.isdigit() for c in leaf):
                continue
            pattern = re.compile(rf"\bnot\s+(?:the\s+)?{re.escape(leaf)}(?![\w-])", re.I)
            if any(pattern.search(r) for r in said):
                return arg, leaf
    return None


# The reason a description gives a write: "reason: traveling overseas", "with the reason 'customer
# request, phone no longer in use'", "(reason: not in use)".
_REASON_SAID = re.compile(r"\breason(?:\s+being)?\s*(?::|is|of|as)?\s*['\"‘“]?([^'\"’”.;)\n]{3,80})", re.I)
_PLAIN = frozenset({"the", "and", "for", "with", "not", "customer", "request", "phone", "line"})


def reason_unsaid(arguments: dict[str, Any], described: str) -> tuple[str, str] | None:
    """(argument, value) where a call's ``reason`` shares no word of three letters or more with the
    reason its description gave ("reason: traveling overseas", the call "device lost"); None where it
    does, or the description gave none."""
    value = arguments.get("reason")
    if not isinstance(value, str) or "reason" not in described.lower() or not (m := _REASON_SAID.search(described)):
        return None
    said = {w for w in words(m[1]) if len(w) > 2} - {"shall", "proceed", "would", "like"}
    sent = {w for w in words(value) if len(w) > 2}
    if not said or not sent or not said.isdisjoint(sent) or (said | sent) <= _PLAIN:
        return None
    return "reason", value
