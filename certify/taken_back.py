"""A value the user takes back in a reply after the description: "Oops, the zip is 95818, not
95816", "it's Apt 19, not Apt 9". A write that still sends the value taken back does what the user
corrected, whatever the description said before the correction."""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.anchors import str_leaves


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
