"""Whether a booking goes where it was described and where its flights go.

A one-way booking's description gives its direction ("Seattle (SEA) → Atlanta (ATL)", "departs
Atlanta ... lands in Seattle"); a call booking the reverse was not described, though both cities
were named. Whatever the description says, a booking's origin must be where its first flight leaves
from and, one way, its destination where its last flight lands (not the layover).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from trajectory2gym.certify.evidence import EvidenceIndex


@dataclass(frozen=True)
class Route:
    """A booking call's places, each as its code then its names ("SEA", "Seattle"), and whether the
    trip is one way (a round trip's description routes both ways)."""

    origin: tuple[str, ...]
    destination: tuple[str, ...]
    one_way: bool


# Between two places of a route: "Seattle → Atlanta", "SEA-ATL", "from Seattle to Atlanta".
_LEG = r"(?:\s*(?:→|->|=>|➔|⟶|[-–—]>?)\s*|\s+to\s+)"
_DEPARTS = r"(?i:\b(?:depart\w*|leav\w*|out of)\s+(?:from\s+)?)"
_ARRIVES = r"(?i:\b(?:arriv\w*|land\w*)\s+(?:in|at|into)\s+)"


_PARTS = re.compile(r"(?<=[.!?;:])\s+|\n+|,\s*(?=so\b|and\b|then\b|but\b|i'?ll\b|i will\b|i can\b)", re.I)


def _place(names: tuple[str, ...]) -> str:
    """A place by its code (as written: "SEA", not "sea") or any of its names (any case), with an
    aside after it: "Atlanta (ATL)"."""
    code, *rest = names
    alts = [rf"(?<![A-Za-z]){re.escape(code)}(?![A-Za-z])", *(rf"(?i:(?<!\w){re.escape(n)}(?!\w))" for n in rest)]
    return "(?:" + "|".join(alts) + r")(?:\s*\([^()\n]{1,40}\))?"


@lru_cache(maxsize=256)
def _directions(origin: tuple[str, ...], destination: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Patterns of the trip as called and of its reverse: a leg, a departure or an arrival."""
    o, d = _place(origin), _place(destination)
    return (re.compile(f"{o}{_LEG}{d}|{_DEPARTS}{o}|{_ARRIVES}{d}"),
            re.compile(f"{d}{_LEG}{o}|{_DEPARTS}{d}|{_ARRIVES}{o}"))


def route_disagrees(description: str, route: Route, flights: list[str], index: EvidenceIndex) -> str:
    """Why a booking does not go as described or as its flights go (``flights``: its flight numbers,
    in order); "" when it does."""
    origin, destination = route.origin[0], route.destination[0]
    if flights:  # observations are indexed lower-cased
        leaves = index.field_of(flights[0], "origin")
        if isinstance(leaves, str) and leaves != origin.lower():
            return f"its first flight, {flights[0]}, leaves from {leaves.upper()}, not {origin}"
        lands = index.field_of(flights[-1], "destination") if route.one_way else None
        if isinstance(lands, str) and lands != destination.lower():
            return f"its last flight, {flights[-1]}, lands in {lands.upper()}, not {destination}"
    if not route.one_way:
        return ""
    text = description.replace("*", "")
    # Where the description's parts name the booked flights, only those route it: "Your outbound Las
    # Vegas → Phoenix is already on PVUB64, so I'll book the return, HAT173" books HAT173's way.
    parts = _PARTS.split(text)
    own = [p for p in parts if any(f in p for f in flights)]
    if own and len(own) < len(parts):
        text = " … ".join(own)
    forward, backward = _directions(route.origin, route.destination)
    if (m := backward.search(text)) and not forward.search(text):
        return f"the description says {' '.join(m[0].split())}; the call goes {origin} to {destination}"
    return ""
