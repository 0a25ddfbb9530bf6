"""The street address a text gives one object, against the address its newest record shows.

"#W3189752 keeps going to 604 Pine Lane", where the order's latest record (the result of an
address change) shows ``"address1": "1420 Camelback Rd"``: the street is visible, but no longer
this order's. A sentence naming one identifier and one street line some observation shows is
flagged when that object's newest record shows another street line, and the sentence does not
name that one too; a sentence about a change ("I'll update #W1 to ship to ...") says where it
will ship, not where it ships.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from trajectory2gym.certify.books import ObservationBook
from trajectory2gym.certify.measures import own_ids
from trajectory2gym.certify.normalize import compact, identifiers_in
from trajectory2gym.certify.statuses import JOINED_CLAUSE
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# A sentence about a change to make, or made: not the address the object has now.
_NOT_NOW = re.compile(r"\b(?:will|would|can|could|shall|should|'ll|change[ds]?|changing|update[ds]?|updating|"
                      r"modif(?:y|ied|ies)|mov(?:e|ed|es|ing)|switch(?:ed|es)?|instead|new|from|"
                      r"['’]d like|like it|want(?:s|ed)?|prefer(?:s|red)?)\b", re.I)  # ("So you'd like #W1 to go to ...")


def _addressed(value: Any) -> Iterator[tuple[set[str], str, str]]:
    """(the object's own identifier keys, its street line, its second line) for each object with an
    ``address``."""
    if isinstance(value, list):
        for item in value:
            yield from _addressed(item)
    elif isinstance(value, dict):
        address = value.get("address")
        if isinstance(address, dict) and isinstance(line := address.get("address1"), str) and line.strip():
            unit = address.get("address2")
            yield own_ids(value), line.strip(), unit.strip() if isinstance(unit, str) else ""
        for item in value.values():
            if isinstance(item, (dict, list)):
                yield from _addressed(item)


class AddressBook(ObservationBook):
    """The street lines the JSON observations show: every one, and per identifier key the newest."""

    needles: tuple[str, ...] = ('"address1"',)

    def __init__(self) -> None:
        self.lines: set[str] = set()  # lower case
        self.newest: dict[str, str] = {}
        self.units: dict[str, str] = {}  # identifier key -> its newest record's second line ("Suite 703")

    def take(self, value: Any) -> None:
        for ids, line, unit in _addressed(value):
            self.lines.add(line)
            for key in ids:
                self.newest[key] = line  # read in arrival order: the last is the newest
                self.units[key] = unit


# A unit as a text writes it ("Suite 421", "Apt. 3B"); and said right after the street line: "419
# Main Street, Suite 730".
UNIT = re.compile(r"\b(?:suite|apt|apartment|unit)\.?\s+#?\d[\w-]*\b", re.I)
_UNIT_AFTER = re.compile(rf"[\s,]*({UNIT.pattern})", re.I)


def misaddressed(text: str, book: AddressBook, reporting: bool = False,
                 owned: Callable[[str], bool] | None = None) -> list[tuple[str, str, str]]:
    """(identifier, the street line or unit said, the one its newest record shows) for each sentence
    that names one object and gives it a street line, or a unit after its own street line, other
    than its own; with ``owned``, also ("" shown) each object of the user's that no record shown gives
    an address ("Order #W8520591 was shipped to 870 Oak Street", where only the profile's address was
    shown). ``reporting``: the text reports a write just made, whose result is that record ("Both
    done: order #W1430028 will ship to 419 Main Street, Suite 730"), so no word of a change makes it a
    proposal."""
    low = text.lower()
    said_anywhere = [line for line in book.lines if line in low]
    if not said_anywhere:
        return []  # most texts name no street line: one substring search per line shown
    out: list[tuple[str, str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        lowered = sentence.lower()
        said = [line for line in said_anywhere if line in lowered]
        if len(said) != 1 or (not reporting and _NOT_NOW.search(sentence)):
            continue  # a change proposed or made ("I'll update #W1 to ship to ..."): not where it ships now
        at = lowered.find(said[0])  # (the zip code after the street line is the address's, no object's)
        if len(ids := [i for i in identifiers_in(sentence) if not at <= sentence.find(i) < at + len(said[0]) + 60]) != 1:
            continue
        # Of the clause that names the street line: not "#W1's return is requested, and your default
        # address is now 45 Elm Court"
        start = max((m.end() for m in JOINED_CLAUSE.finditer(lowered, 0, at)), default=0)
        if sentence.find(ids[0]) < start:
            continue
        key = compact(ids[0])
        shown = book.newest.get(key)
        if shown is None and owned is not None and owned(ids[0]):
            out.append((ids[0], said[0], ""))
        elif shown is not None and shown != said[0]:
            out.append((ids[0], said[0], shown))
        elif shown is not None and (unit := _UNIT_AFTER.match(lowered, at + len(said[0]))) and (
                compact(unit[1]) != compact(book.units.get(key, ""))):
            out.append((ids[0], sentence[unit.start(1):unit.end(1)], book.units.get(key) or "no unit"))
    return out


POSTCODE_ARGS = frozenset({"zip", "zip_code", "postal_code", "postcode"})
_US_ZIP = re.compile(r"(?<![\d$])(?<!\d[.,])\d{5}(?:-\d{4})?(?!\d|[.,]\d)")  # not "$12345", "12,34567"


# A sentence about the address as it is now: "your profile address is still ...", "| **Current** | ... |".
_CURRENT_SAID = re.compile(r"\b(?:is\s+still|currently|current|at the moment|right now)\b", re.I)


# A street line as a text writes it: its number, then up to five words ("1200 The Alameda", "38 Elm Street").
_STREET = re.compile(r"\b(\d{1,6})\s+((?:[A-Z][\w.'-]*\s*){1,5})")


def misreported_streets(text: str, written: set[str]) -> list[tuple[str, str]]:
    """(the street line as written, the one written) for each street line a report of a write gives
    with the number of a street line the write set and other words: "your address is now 1200 The
    Alameda", where the write set "1200 Alameda" (the user's correction never reached the call)."""
    by_number = {m[1]: w for w in written if (m := _STREET.match(w))}
    out: list[tuple[str, str]] = []
    for m in _STREET.finditer(text):
        shown = by_number.get(m[1])
        said = f"{m[1]} {m[2].strip()}"
        if shown is not None and not compact(said).startswith(compact(shown)):
            out.append((said, shown))
    return out


def postcode_unsaid(arguments: dict[str, Any], described: str) -> tuple[str, str] | None:
    """(argument, value) where a write's postal code is not the one its description gives: the user
    said "78701.. no wait its 78704", the description shows 78704, the call sends 78701. Only where
    the description states some postal code (not of the address as it is now): one that states none is not
    read."""
    if _CURRENT_SAID.search(described):  # (not the address as it is: "your profile address is still ... 75313")
        described = "\n".join(s for s in SENTENCE_OR_LINE.split(described) if not _CURRENT_SAID.search(s))
    for arg in sorted(POSTCODE_ARGS):
        value = arguments.get(arg)
        if isinstance(value, str) and value.strip() and (zips := _US_ZIP.findall(described)) \
                and value.strip()[:5] not in {z[:5] for z in zips}:
            return arg, value
    return None


# A unit number the user gives with its word: "Unit 21", "the apartment is 4B", "apt #12".
_UNIT_SAID = re.compile(r"\b(?:apt|apartment|suite|ste|unit)\b\.?(?:\s+(?:is|number|no\.?))?\s*#?\s*([a-z]?\d+[a-z]?)\b",
                        re.I)
_NOT_BEFORE = re.compile(r"\bnot\s+$", re.I)
_UNIT_ARG = re.compile(r"\s*(?:apt|apartment|suite|ste|unit)\.?\s*#?\s*([a-z]?\d+[a-z]?)\s*", re.I)


def unit_unsaid(arguments: dict[str, Any], replies: list[str]) -> tuple[str, str] | None:
    """(argument, value) where a write's address unit ("Unit 12") is not the one the user gave last
    in their replies since the description: "yes, and it's Unit 21, not 12". Only where some reply
    gives a unit: the description's own stands otherwise."""
    for arg, value in arguments.items():
        if not isinstance(value, str) or (sent := _UNIT_ARG.fullmatch(value)) is None:
            continue
        said = [m[1].lower() for reply in replies for m in _UNIT_SAID.finditer(reply)
                if not _NOT_BEFORE.search(reply, max(0, m.start() - 5), m.start())]  # "..., not Unit 12": taken back
        if said and said[-1] != sent[1].lower():
            return arg, value
    return None


# What follows the new address on its line about the old one: "(replacing 644 Spruce Street, Suite 524)".
_OLD_ADDRESS = re.compile(r"\b(?:replacing|instead of|in place of|currently|previously|was|from)\b", re.I)


# What introduces the old address: "It would change from:", "Current address:", "**Old:**".
_OLD_LEAD = re.compile(r"\b(?:from|current(?:ly)?|old|existing|previous(?:ly)?|was|replacing|instead of)\b"
                       r"(?:\s+(?:default\s+|shipping\s+)?address)?[\s:*>-]*$", re.I)


def unit_added(arguments: dict[str, Any], described: str, said: list[str]) -> tuple[str, str] | None:
    """("address2", its value) where the call sends a unit that the description's line of the new
    address, given in full to its postal code ("77 Aspen Court, Denver, CO 80205"), does not give and
    no user message (``said``) gives either: the old address's "Suite 687" carried over."""
    street, unit, code = arguments.get("address1"), arguments.get("address2"), arguments.get("zip")
    if not (isinstance(street, str) and isinstance(unit, str) and isinstance(code, str)
            and street.strip() and unit.strip() and code.strip()):
        return None
    low_street, low_unit = street.strip().lower(), unit.strip().lower()
    if any(low_unit in s.lower() for s in said):
        return None
    for given in _new_address_parts(described, low_street):
        if code.strip() in given and low_unit not in given.lower() and not _UNIT_SAID.search(given):
            return "address2", unit
    return None


def unit_dropped(arguments: dict[str, Any], described: str, replies: list[str]) -> tuple[str, str] | None:
    """("address2", its value) where the description gives the new address with a unit on the line
    of its street ("Update default address to: 455 Grove St, Apt 12, San Diego ...") that none of the
    call's arguments holds (address2 sent empty). Other lines (the current address) are not read, nor
    what the line says after it of the old one ("(replacing 644 Spruce Street, Suite 524)"), nor
    a description whose unit a reply since changed ("yes, but it's Unit 21": ``unit_unsaid``)."""
    street = arguments.get("address1")
    if not isinstance(street, str) or not street.strip() or any(_UNIT_SAID.search(r) for r in replies):
        return None
    held = " ".join(v.lower() for v in arguments.values() if isinstance(v, str))
    for given in _new_address_parts(described, street.strip().lower()):
        units = [m[1].lower() for m in _UNIT_SAID.finditer(given)]
        if units and not any(re.search(rf"\b{re.escape(u)}\b", held) for u in units):
            return "address2", str(arguments.get("address2", ""))
    return None


def _new_address_parts(described: str, low_street: str) -> Iterator[str]:
    """The parts of a description's lines that give the new address: from its street to the line's
    end or to what it says of the old one ("(replacing 644 Spruce Street, Suite 524)"), not a line of
    the address it replaces ("from:\n263 Laurel Lane, Suite 458", "Current: 263 Laurel Lane, ...")."""
    lead = ""  # the words before a line's street: on its line, else the line before ("It would change from:")
    for line in described.split("\n"):
        at = line.lower().find(low_street)
        if at < 0:
            lead = line if line.strip() else lead
            continue
        old = _OLD_LEAD.search(line[:at] if line[:at].strip(" -*>") else lead)
        lead = line
        if not old:
            yield line[at:m.start() if (m := _OLD_ADDRESS.search(line, at)) else len(line)]
