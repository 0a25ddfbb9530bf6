"""The cheapest (or dearest) of a list, said at a price the list beats: "The cheapest is the maple /
graphic at $187.23", under a list that also shows "plastic / plain: $182.03".

Only the amounts on the message's own list lines (a list mark, or a table row) are compared, and
only where the sentence gives one amount: a list is what such a sentence speaks of. A flight
search's results are such a list too: "The cheapest economy option is HAT227 + HAT139 at $216",
where the search prices HAT110 + HAT172 at $207 with seats left.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from trajectory2gym.certify.normalize import dollar_amounts, money_numbers_in, to_cents
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

_LOW = re.compile(r"\b(?:cheapest|lowest[- ]priced|least expensive|lowest price)\b", re.I)
_HIGH = re.compile(r"\b(?:most expensive|priciest|highest[- ]priced|highest price)\b", re.I)
# A rank within part of the list: "the cheapest one in stock", "the cheapest besides the red one".
_WITHIN = re.compile(r"\b(?:available|in stock|except|other than|besides|apart from|excluding|of those|among|"
                     r"that (?:fits?|meets?|matches|works?|suits?)|fitting|within your)\b"
                     # or within a window of time: "After 11am, the cheapest economy option is ..."
                     r"|\b(?:after|before|later than|earlier than)\s+\d",
                     re.I)  # ("the cheapest option that fits")


def may_rank(text: str) -> bool:
    """Plain substring tests first: most texts rank nothing."""
    return ("cheapest" in text or "expensive" in text or "lowest" in text or "highest" in text
            or "priciest" in text) and "$" in text


def misranked(text: str) -> list[tuple[str, str]]:
    """(the amount as written, the list's lowest or highest) for each sentence that calls one amount
    the cheapest (dearest) of the list in the same message where a listed amount is lower (higher)."""
    listed = [c for line in text.split("\n") if (LIST_MARK.match(line) or line.lstrip().startswith("|"))
              for c in _own_prices(line)]
    if len(listed) < 2:
        return []
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if LIST_MARK.match(sentence) or "|" in sentence:
            continue  # a list's own line
        low, high = _LOW.search(sentence), _HIGH.search(sentence)
        if (low is None) == (high is None) or _WITHIN.search(sentence) or len(said := money_numbers_in(sentence)) != 1:
            continue
        written, cents = said[0]
        best = min(listed) if low is not None else max(listed)
        if cents in listed and cents != best:
            out.append((written, f"the list's {'lowest' if low else 'highest'} is ${best / 100:,.2f}"))
    return out


def _own_prices(line: str) -> list[int]:
    """The amounts a list line prices its entry at: its total alone where the others add up to it
    ("**$255** ($152 + $103)", "$69 + $60 = **$129**": the legs are no options of the list)."""
    if "=" in line:
        line = _SUM_TERMS.sub(" ", line)
    # (amounts with "$" where the line has any: "| glass | 1.5 liters | $109.58 |" has one price)
    found = [c for _, c in (dollar_amounts(line) if "$" in line else money_numbers_in(line))]
    if len(found) > 2 and 2 * max(found) == sum(found):
        return [max(found)]
    if len(found) > 2:  # a row's total beside its legs: "HAT069 ($51) | HAT276 ($55) | $106": the legs are parts
        legs: set[int] = set()
        for a, b in combinations(range(len(found)), 2):
            if any(found[a] + found[b] == total for t, total in enumerate(found) if t not in (a, b)):
                legs |= {a, b}
        return [c for k, c in enumerate(found) if k not in legs]
    return found


_SUM_TERMS = re.compile(r"(?:\**\$\d[\d,]*(?:\.\d+)?\**\s*\+\s*)+\**\$\d[\d,]*(?:\.\d+)?\**\s*=")  # "$69 + $60 ="
_CABIN = re.compile(r"\b(basic economy|economy|business)\b", re.I)


def beaten_by_search(text: str, results: list[Any]) -> list[tuple[str, str]]:
    """(the amount as written, the cheaper itinerary) for each sentence that calls one amount the
    cheapest fare of the one cabin it names, where the flight searches' ``results`` (parsed) price
    an itinerary at that amount, so the sentence quotes them, and another with seats in that cabin
    lower."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if LIST_MARK.match(sentence) or "|" in sentence or not _LOW.search(sentence) or _WITHIN.search(sentence):
            continue
        cabins = {m[1].lower().replace(" ", "_") for m in _CABIN.finditer(sentence)}
        if len(cabins) != 1 or len(prices := _own_prices(sentence)) != 1:
            continue
        cabin = cabins.pop()
        # (against the itineraries of the quoted one's route only: the return's cheapest is no outbound's)
        by_route = {route: itinerary_totals([[i for i in found if _route(i) == route] for found in results
                                             if isinstance(found, list)], cabin)
                    for route in {_route(i) for found in results if isinstance(found, list) for i in found}}
        for totals in by_route.values():
            if prices[0] in totals and (best := min(totals)) < prices[0]:
                written = next(w for w, c in money_numbers_in(sentence) if c == prices[0])
                out.append((written, f"{totals[best]} at ${best / 100:,.2f}"))
                break
    return out


def _route(itinerary: Any) -> tuple[str, str]:
    """Where an itinerary (a flight, or a list of legs) starts and ends: ("JFK", "SFO")."""
    legs = itinerary if isinstance(itinerary, list) else [itinerary]
    first, last = (legs[0], legs[-1]) if legs else ({}, {})
    return (str(first.get("origin", "")) if isinstance(first, dict) else "",
            str(last.get("destination", "")) if isinstance(last, dict) else "")


def search_totals(results: Any) -> set[int]:
    """Each itinerary's total, in cents, in each cabin a seat is left in, of one search's results."""
    if not isinstance(results, list):
        return set()
    cabins = {c for found in results for leg in (found if isinstance(found, list) else [found])
              if isinstance(leg, dict) and isinstance(prices := leg.get("prices"), dict) for c in prices}
    return {cents for cabin in cabins for cents in itinerary_totals([results], cabin)}


class Rebooked:
    """What each reservation's flights cost together in each cabin, in cents, at the fares the searches
    shown give them: "(275 - 174) * 2", where 275 is the economy fares of the booking's two flights
    (117 + 158), each from its own search; and how far that is from what the booking paid for them,
    for one passenger and for all (a cabin change's refund: "X7BYG1, 2 passengers: $5,418 back", of
    fares paid 3,024 and 315 searched). Observations are read once each (``read``)."""

    def __init__(self) -> None:
        self.fares: dict[str, dict[str, Any]] = {}  # flight number -> its prices per cabin, as searched last
        # each reservation's id (lower case, as observations are read), flight numbers, the fares it paid
        # for them together (cents; None where one is not shown) and its passengers
        self.booked: list[tuple[str, list[str], int | None, int]] = []

    def read(self, value: Any) -> None:
        """Take the fares of a search's results, or the flights of a reservation."""
        if isinstance(value, list):  # a search's results: flights, or lists of them
            for found in value:
                for leg in found if isinstance(found, list) else [found]:
                    if isinstance(leg, dict) and isinstance(number := leg.get("flight_number"), str) \
                            and isinstance(prices := leg.get("prices"), dict):
                        self.fares[number.upper()] = prices
        elif isinstance(value, dict) and isinstance(flights := value.get("flights"), list) and "reservation_id" in value:
            legs = [f for f in flights if isinstance(f, dict)]
            paid = [to_cents(f.get("price")) for f in legs]
            people = value.get("passengers")
            self.booked.append((str(value["reservation_id"]).lower(), [str(f.get("flight_number", "")).upper() for f in legs],
                                sum(c for c in paid if c is not None) if legs and None not in paid else None,
                                len(people) if isinstance(people, list) else 0))

    def totals(self) -> set[int]:
        """Each reservation's total per cabin in which every one of its flights shows a fare, and its
        difference from the fares paid, once and times the passengers."""
        out: set[int] = set()
        for _, numbers, paid, people in self.booked:
            for total in self._cabin_totals(numbers):
                out.add(total)
                if paid is not None and paid != total:
                    out.update({abs(paid - total), abs(paid - total) * max(people, 1)})
        return out

    def _cabin_totals(self, numbers: list[str]) -> list[int]:
        """The flights' fares together in each cabin in which every one of them shows one, in cents."""
        if not numbers or not all(n in self.fares for n in numbers):
            return []
        out = []
        for cabin in self.fares[numbers[0]]:
            cents = [to_cents(self.fares[n].get(cabin)) for n in numbers]
            if all(c is not None for c in cents):
                out.append(sum(c for c in cents if c is not None))
        return out

    def for_one_passenger(self, reservation: str, cents: int) -> tuple[int, int] | None:
        """(its passengers, the difference for all of them) where ``cents`` is a reservation of several
        passengers' cabin-change difference for one passenger only (and not for all): "X7BYG1: refund
        $2709", of fares paid 3,024 and 315 searched, for 2 passengers ($5,418)."""
        for rid, numbers, paid, people in self.booked:
            if rid == reservation and paid is not None and people > 1:
                for total in self._cabin_totals(numbers):
                    if abs(paid - total) == cents:
                        return people, cents * people
        return None


def itinerary_totals(results: list[Any], cabin: str) -> dict[int, str]:
    """Each itinerary's total in ``cabin``, in cents (its flight numbers joined), of those whose every
    leg has a fare and, where shown, a seat in it: a direct search lists flights, a one-stop search
    lists lists of them."""
    totals: dict[int, str] = {}
    for found in results:
        for itinerary in found if isinstance(found, list) else ():
            legs = itinerary if isinstance(itinerary, list) else [itinerary]
            fares = [_fare(leg, cabin) for leg in legs]
            if legs and all(f is not None for f in fares):
                cents = sum(f for f in fares if f is not None)
                totals.setdefault(cents, " + ".join(str(leg.get("flight_number", "?")).upper() for leg in legs))
    return totals


def _fare(leg: Any, cabin: str) -> int | None:
    """A leg's fare in a cabin, in cents, where it has a seat left there (or shows no seats)."""
    if not isinstance(leg, dict) or not isinstance(prices := leg.get("prices"), dict):
        return None
    fare, seats = prices.get(cabin), leg.get("available_seats")
    if not isinstance(fare, (int, float)) or (isinstance(seats, dict) and not seats.get(cabin)):
        return None
    return round(fare * 100)
