"""What the checks read off the JSON observations, kept per interaction and read on as they come.

A check that needs the observations parsed (the dates of each field, the quantities of each line)
keeps a book: ``update`` parses only the observations that arrived since it last read, and only
those holding one of its ``needles`` as a lower-case substring (a substring test costs less than a
parse). Each book says what it takes from a parsed observation in ``take``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from typing import Any

import orjson

try:  # compiled with mypyc (setup.py, T2G_MYPYC=1): Python classes may still subclass a book
    from mypy_extensions import mypyc_attr
except ImportError:  # no mypy here: the decorator would only have marked the class
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)
class ObservationBook:
    """Reads each JSON observation once, in arrival order: ``take`` gets those holding a needle
    (every one where there are no ``needles``), parsed; text that is no JSON gives nothing."""

    needles: tuple[str, ...] = ()
    read: int = 0  # how many observations were read

    def update(self, observations: list[str]) -> None:
        needles = self.needles
        for low in observations[self.read:]:  # lower-cased already
            if not needles or any(n in low for n in needles):
                with suppress(orjson.JSONDecodeError):
                    self.take(orjson.loads(low))
        self.read = len(observations)

    def take(self, value: Any) -> None:
        raise NotImplementedError


def json_objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in a parsed value, at any depth, each before those inside it."""
    if isinstance(value, list):
        for part in value:
            yield from json_objects(part)
    elif isinstance(value, dict):
        yield value
        for part in value.values():
            if isinstance(part, (dict, list)):
                yield from json_objects(part)


def objects_in(observations: Iterable[str], *needles: str) -> Iterator[dict[str, Any]]:
    """Every JSON object of the observations (lower-cased JSON text) that hold each of ``needles`` as
    a substring, parsed only then; an observation that is no JSON shows none."""
    for low in observations:
        if all(n in low for n in needles):
            try:
                value = orjson.loads(low)
            except orjson.JSONDecodeError:
                continue
            yield from json_objects(value)
