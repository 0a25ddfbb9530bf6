"""A value the user takes back in a reply after the description: "Oops, the zip is 95818, not
95816", "it's Apt 19, not Apt 9". A write that still sends the value taken back does what the user
corrected, whatever the description said before the correction."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any


def _leaves(value: Any) -> Iterator[str]:
    """The string values of a call's arguments, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)


def taken_back(arguments: dict[str, Any], replies: list[str]) -> tuple[str, str] | None:
    """(argument, value) of the first argument whose value (three characters or more, with a digit:
    a code, a number, a unit) a reply says it is not: "..., not 95816". Only where a reply has "not"."""
    said = [r for r in replies if "not " in r.lower()]
    if not said:
        return None
    for arg, value in arguments.items():
        for leaf in _leaves(value):
            if len(leaf := leaf.strip()) < 3 or not any(c.isdigit() for c in leaf):
                continue
            pattern = re.compile(rf"\bnot\s+(?:the\s+)?{re.escape(leaf)}(?![\w-])", re.I)
            if any(pattern.search(r) for r in said):
                return arg, leaf
    return None
