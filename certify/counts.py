"""A text that says how many of something an object holds, against the list its observation
shows: "You have 9 reservations on file" after a profile listing 10, "Reservation T6HMDP has 2
passengers" where it lists 3. A count the agent tells the user is a number it must read off what it
saw. Narrow on purpose: only a sentence that says an object has, holds or lists so many ("you
have", "there are ... on file", "has", "contains", "includes") of a kind some observation keeps as a
list or a map ("reservations", "orders", "passengers", "line_ids"), not "I can return 2 items"."""

from __future__ import annotations

import re
from collections.abc import Callable

from trajectory2gym.certify.normalize import cents_of, money_numbers_in
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
# The observation keys of each kind a text counts ("lines" are a customer's "line_ids").
KINDS = {"reservations": ("reservations",), "reservation": ("reservations",), "orders": ("orders",),
         "order": ("orders",), "passengers": ("passengers",), "passenger": ("passengers",),
         "lines": ("line_ids", "lines"), "line": ("line_ids", "lines"), "bills": ("bill_ids", "bills"),
         "bill": ("bill_ids", "bills"), "flights": ("flights",), "flight": ("flights",),
         "payment methods": ("payment_methods",), "payment method": ("payment_methods",),
         "options": ("",), "option": ("",), "travellers": ("passengers",), "travelers": ("passengers",),
         "items": ("items",), "item": ("items",)}
# "I found three one-stop options": the latest search's results, a list as a whole (key "").
_NUMBER = r"(?P<n>\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")"
_KIND = r"(?P<kind>reservations?|orders?|passengers?|lines?|bills?|flights?|payment methods?|options?|travell?ers|items?)"
# "you have 9 reservations", "there are 3 lines on your account", "T6HMDP has 2 passengers",
# "your profile lists 4 orders", "I see **4 reservations**", "$2,734 for each of the five travellers";
# the count right before the kind, an adjective or two between.
_HOLDS = re.compile(rf"(?=[ychilstwea])\b(?:you(?:'ve| have)(?: got)?|there (?:are|is)|(?:it )?(?:has|have|holds?|contains?|includes?|"
                    rf"lists?|shows?)|(?:i|we) (?:can )?see|(?P<found>(?:i|we) found)|each of (?:the|your|all)"
                    rf"|account with)"  # ("I see your account with two lines")
                    rf"\s+(?:only\s+|just\s+|exactly\s+)?"
                    rf"\**{_NUMBER}\**\s+"
                    rf"(?P<between>(?:[a-z-]+\s+){{0,2}}?){_KIND}\b", re.I)
# Words between a count and its kind that count a part of the list, not all of it: "three pending orders".
_SUBSET = frozenset({"pending", "delivered", "processed", "cancelled", "canceled", "active", "inactive", "suspended",
                     "open", "closed", "upcoming", "future", "past", "previous", "current", "remaining", "other",
                     "unpaid", "paid", "overdue", "completed", "recent", "outstanding", "more"})
# Words between a count and its kind that still count the whole list: "you have 3 saved payment methods",
# "I found three one-stop options" (a search's answer is all of one kind); others count a part of it.
_WHOLE = frozenset({"saved", "separate", "different", "registered", "individual", "total", "mobile", "existing",
                    "one-stop", "nonstop", "non-stop", "direct", "connecting", "possible", "available"})
# Words between a count and its kind that name which search's results it counts (``count_of`` reads
# the latest search of that shape: a direct one lists flights, a one-stop one lists pairs of them).
SEARCH_KINDS = {"direct": "direct search", "nonstop": "direct search", "non-stop": "direct search",
                "one-stop": "one-stop search", "connecting": "one-stop search"}
# Words right after the kind that count a part of the list: "two orders on the way", "3 orders still
# pending", "2 reservations that can be cancelled"; not "4 orders on file".
_PART_AFTER = re.compile(r"\**\s*(?:on the way|in transit|(?:still|currently|not yet|yet to)\b|(?:that|which|awaiting|"
                         r"waiting|being|coming up|in progress|left|to be|pending|open|outstanding|eligible)\b)",
                         re.I)
# Words before a count, in its sentence, that count a part of the list: "After 11am there are two one-stop
# options" (of four found), "Of those, you have 2 orders ...", "Within your budget there are 3 flights".
_PART_BEFORE = re.compile(r"\b(?:(?:after|before|by|until)\s+(?:\d|noon|midnight)|of (?:those|these|them)\b|among\b|"
                          r"(?:within|in|under) (?:your|the|that) (?:budget|window|time window|range)\b)", re.I)
_CHEAP = ("have", "has", "there", "hold", "contain", "include", "list", "found", "see", "show", "each of")
_PLURALS = re.compile("reservations|orders|passengers|lines|bills|flights|methods|options|travell?ers|items")  # plain alternation
_KIND_WORD = re.compile(r"(?:reservation|order|passenger|line|bill|flight|payment method|option|travell?er|item)s?\b")  # lower case
# A word that may be an object's code: letters and digits with a digit ("T6HMDP", "#W1234567", "C1001").
_CODE = re.compile(r"#?(?=[A-Za-z0-9_]*\d)(?=[A-Za-z0-9_]*[A-Za-z])[A-Za-z0-9_]{4,}")
# ... or a reservation's code of capitals only ("IIHXDG"): no digit, so never one _CODE finds
_CODE_OR_CAPITALS = re.compile(rf"{_CODE.pattern}|\b[A-Z]{{6}}\b")


# Passengers listed by name, then counted: "The passengers are Mei Rossi, Raj Lopez and Noah Moore, 3 in total".
_NAMED_IN_TOTAL = re.compile(rf"\bpassengers are\b[^.!?\n]{{0,160}}?,\s*{_NUMBER}\s+in total\b", re.I)


def _count(written: str) -> int:
    """A count as written, in digits or a word ("3", "Three")."""
    return int(written) if written.isdigit() else _NUMBER_WORDS[written.lower()]


def miscounted(text: str, count_of: Callable[[str | None, tuple[str, ...]], int | None]) -> list[tuple[str, int]]:
    """(the count as written with its kind, the count shown) for each sentence that says an object
    holds so many of a kind, where ``count_of`` (the object the sentence names by code, else the
    latest observation holding that kind) gives another number; None from it: not shown."""
    if _PLURALS.search(text) is None:
        return []  # plain substrings first: most texts count no such thing (a count of one: no list to miss)
    low = text.lower()
    if _KIND_WORD.search(low) is None:
        return []
    out: list[tuple[str, int]] = []
    if ":" in text:  # a list's line: "- #W6554908: 4 items (two Mechanical Keyboards, ...)"
        for m in _CODE_COUNT.finditer(text):
            if (part := _PART_AFTER.match(text, m.end())) and "\n" not in part[0]:
                continue
            if (shown := count_of(m["code"], KINDS[m["kind"].lower()])) is not None and shown != _count(m["n"]):
                out.append((f"{m['n']} {m['kind']}", shown))
    if "|" in text:  # a table's row: "| **AAVMM8** | MCO → PHX → DTW | Business | 3 passengers | $4,752 |"
        # (as read with its columns' names too: "Reservation **AAVMM8** | ... | Passengers 3 passengers | ...")
        for row in text.splitlines():
            cells = row.strip().strip("|").split("|") if "|" in row and "---" not in row else []
            codes = _CODE.findall(cells[0]) if cells else []
            for cell in cells[1:] if len(codes) == 1 else ():
                if (counted := _CELL_COUNT.search(cell.strip())) is not None and (
                        shown := count_of(codes[0], KINDS[counted["kind"].lower()])) is not None and shown != _count(counted["n"]):
                    out.append((f"{counted['n']} {counted['kind']}", shown))
    if " in total" in low or " in all" in low or "altogether" in low:
        # a count alone as the sentence, of the latest object holding that kind: "Four items in total."
        for m in _BARE_TOTAL.finditer(text):
            if (kinds := KINDS.get(m["kind"].lower())) and (shown := count_of(None, kinds)) is not None \
                    and shown != _count(m["n"]):
                out.append((f"{m['n']} {m['kind']}", shown))
    if " in total" in low and "passengers are" in low:
        # "The passengers are Mei Rossi, Raj Lopez and Noah Moore, 3 in total", of the booking named before
        for m in _NAMED_IN_TOTAL.finditer(text):
            codes = _CODE.findall(text[:m.start()])
            if (shown := count_of(codes[-1] if codes else None, ("passengers",))) is not None and shown != _count(m["n"]):
                out.append((f"{m['n']} passengers", shown))
    if not any(w in low for w in _CHEAP):
        return out
    # One scan of the whole text (splitting it first costs more); a match holds no sentence's end,
    # for the pattern has no stop in it: only a list's line break is looked for.
    for m in _HOLDS.finditer(text):
        if "\n" in m[0]:
            continue
        if not _SUBSET.isdisjoint(between := m["between"].lower().split()) or not _WHOLE.issuperset(between):
            continue  # a part of the list ("you have three pending orders", "two watch lines"): not its length
        if (part := _PART_AFTER.match(text, m.end())) and "\n" not in part[0]:
            continue  # "you have two orders on the way": a part too
        said = _count(m["n"])
        head = text[:m.start()]  # the codes its sentence names before it
        start = max((b.end() for b in SENTENCE_OR_LINE.finditer(head)), default=0)
        if _PART_BEFORE.search(head, start):
            continue  # "After 11am there are two options": a part too
        codes = _CODE.findall(head, start) \
            or _CODE.findall(head)  # else the last the text named before: "ST7VON has 4 bags. ... each of the 3 passengers"
        kinds = ("",) if m["found"] else KINDS[m["kind"].lower()]
        if (search := next((SEARCH_KINDS[w] for w in between if w in SEARCH_KINDS), None)) is not None \
                and m["kind"].lower() in ("flights", "options"):
            kinds = (search,)  # "two direct flights", after the one-stop search too: the direct search's
        shown = count_of(codes[-1] if codes and not m["found"] else None, kinds)
        if shown is not None and shown != said:
            out.append((f"{m['n']} {m['kind']}", shown))
    return out


# A sentence that is a count alone: "Four items in total.", "3 passengers in all."
_BARE_TOTAL = re.compile(rf"(?:^|(?<=[.!?]\s)|(?<=\n))\W*{_NUMBER}\s+(?P<kind>items|passengers|flights|lines|bills|orders|reservations)"
                         r"\s+(?:in total|in all|altogether)\W*(?:$|(?=\n)|(?<=[.!])\s)", re.I)


# A table's cell that is a count of a kind alone: "3 passengers", "**4 items**".
_CELL_COUNT = re.compile(rf"(?:^|(?<=\s))\**{_NUMBER}\**\s+(?P<kind>items|passengers|flights|lines|bills)\**$", re.I)
# A code, a colon, then a count of a kind it holds: "#W6554908: 4 items", "**FD7F67:** 3 passengers".
_CODE_COUNT = re.compile(rf"(?P<code>#?(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{{4,}})\**:\**[ \t]+\**{_NUMBER}\**[ \t]+"
                         r"(?P<kind>items|passengers|flights|lines|bills)\b", re.I)


# "for 2 passengers", "with three travelers", "(..., business, 5 passengers)", ", 1 passenger": a count said of a
# booking, checked only against a booking the text names by its code (a new booking's count is the
# user's, not an observation's).
_FOR_PEOPLE = re.compile(rf"(?:\b(?:for|with)\s+|[(,]\s*)(?:all\s+|the\s+|your\s+)?\**{_NUMBER}\**\s+(?P<kind>passengers?|travell?ers?)\b"
                         rf"|\b{_NUMBER.replace('?P<n>', '?P<times>')}\s+(?P<kinds>passengers|travell?ers)\s*(?:x|×|\*|times)\s*\$",
                         re.I)  # or a count multiplied: "3 passengers x $100 = $300"


# A booking yet to be made, right before its count: "book a new one for the two travellers".
_NEW_BOOKING = re.compile(r"\bnew\s+(?:one|booking|reservation|trip)\b", re.I)


def miscounted_people(text: str, listed_by: Callable[[str], int | None]) -> list[tuple[str, int]]:
    """(the count as written with its kind, the count shown) for each "for/with N passengers"
    where the nearest code before it that ``listed_by`` knows (how many passengers the object with
    that code lists) gives another number: "BD52GB (JFK to LAS, for 2 passengers)" of a booking
    that lists 3."""
    out: list[tuple[str, int]] = []
    for m in _FOR_PEOPLE.finditer(text):
        written, kind = (m["n"], m["kind"]) if m["n"] else (m["times"], m["kinds"])
        said = _count(written)
        # (a reservation's code may be capitals only: "IIHXDG")
        codes: list[str] = _CODE_OR_CAPITALS.findall(text, 0, m.start())
        if "new" in text and _NEW_BOOKING.search(text, max(0, m.start() - 40), m.start()):
            continue  # "then book a new one for the two travellers": another booking's
        shown = None
        for code in reversed(codes):  # the nearest code before it that shows a passenger list
            if (shown := listed_by(code)) is not None:
                break
        if shown is not None and shown != said:
            out.append((f"{written} {kind}", shown))
    return out


# "The reservation currently has 2 checked bags", "521WNC has 3 bags": what a booking holds now.
# (After the code, a bracket of its trip may stand, and before the count its insurance: "AAVMM8 (MCO→DTW,
# May 21) has insurance and 2 checked bags".)
_HAS_BAGS = re.compile(rf"\b(?:reservation|booking|it|(?P<code>[A-Z0-9]{{6}})(?:\s*\([^()\n]{{0,120}}\))?)\s+"
                       rf"(?:currently\s+|now\s+|already\s+)?(?:has|includes|lists|shows)\s+(?:(?:travel\s+)?insurance\s+and\s+)?"
                       rf"\**{_NUMBER}\**\s+(?:checked\s+)?bags?\b")


def miscounted_bags(text: str, bags_of: Callable[[str | None], int | None]) -> list[tuple[str, int]]:
    """(the count as written, the count shown) for each sentence saying a booking has so many bags,
    where ``bags_of`` (the booking named by its code, else the newest one shown) gives another."""
    out: list[tuple[str, int]] = []
    for m in _HAS_BAGS.finditer(text):
        said = _count(m["n"])
        # "the reservation" of a code named before it ("with 2 passengers on JG7FMM ... The reservation
        # currently lists 3 checked bags"), else the newest shown
        code: str | None = m["code"]
        if code is None:
            named: list[str] = _CODE_OR_CAPITALS.findall(text, 0, m.start())  # (typed: mypyc reads findall as Any)
            code = next((c for c in reversed(named) if bags_of(c) is not None), None)
        if (shown := bags_of(code)) is not None and shown != said:
            out.append((m[0][m.start("n") - m.start():].strip("* "), shown))
    return out


# A count of the listed objects in one status: "2 of them are delivered", "two of your orders are
# pending", "you have 3 pending orders".
_STATUS_WORD = r"(?P<status>pending|delivered|processed|cancell?ed|active|suspended|overdue|paid|unpaid)"
_OF_THEM = re.compile(rf"\b{_NUMBER}\s+of\s+(?:them|these|those|which|your\s+{_KIND})\s+(?:(?:are|is|were|was|have been|has been)\s+)?"
                      rf"(?:currently\s+|still\s+|already\s+)?\**{_STATUS_WORD}\b", re.I)
# ... or split by status after the kind's count: "three orders - #W1, #W2 and #W3 - one pending and two delivered"
_SPLIT = re.compile(rf"(?:[-–—,:(]|\band|\bwith)\s+\**{_NUMBER}\s+\**{_STATUS_WORD}\b(?!\s+(?:by|to)\b)", re.I)
# The kind counted: "three orders", "4 reservations" (its count, not a split's).
_KIND_COUNTED = re.compile(r"\b(?:\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")\s+(?:reservation|order|line|bill)s?\b", re.I)
_IN_STATUS = re.compile(rf"\b(?:you(?:'ve| have)(?: got)?|there (?:are|is))\s+(?:only\s+|just\s+)?\**{_NUMBER}\s+"
                        rf"\**{_STATUS_WORD}\**\s+{_KIND}\b", re.I)


def status_counts(text: str) -> list[tuple[str, int, str, tuple[str, ...]]]:
    """(the count as written, the count, the status, the observation keys of the kind) for each
    sentence that counts the objects of a kind in one status; the kind of "of them" is the one the
    sentence names before it ("You have 4 orders and 2 of them are delivered")."""
    out: list[tuple[str, int, str, tuple[str, ...]]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        found = [*_OF_THEM.finditer(sentence), *_IN_STATUS.finditer(sentence)]
        if not found:  # (a split only where the sentence counts the kind itself: "three orders")
            found = [m for m in _SPLIT.finditer(sentence) if _KIND_COUNTED.search(sentence, 0, m.start())]
        for m in found:
            kind = m.groupdict().get("kind") or next(reversed(_KIND_WORD.findall(sentence[:m.start()].lower())), "")
            keys = KINDS.get(kind.lower()) or KINDS.get(kind.lower() + "s")
            if keys is None or keys == ("",):
                continue
            written = m[0] if m.re is not _SPLIT else m[0][m.start("n") - m.start():]  # (a split's: from its count)
            out.append((written.strip("* "), _count(m["n"]), m["status"].lower(), keys))
    return out


def listed_entries(value: object, keys: tuple[str, ...]) -> list[object] | None:
    """The entries the first of ``keys`` holds in a JSON value, its top level first, then nested
    objects, breadth first: a list's items, or a map's keys."""
    queue = [value]
    while queue:
        node = queue.pop(0)
        if isinstance(node, dict):
            for key in keys:
                held = node.get(key)
                if isinstance(held, list):
                    return held
                if isinstance(held, dict):
                    return list(held)
            queue.extend(node.values())
        elif isinstance(node, list):
            queue.extend(node)
    return None


def listed_count(value: object, keys: tuple[str, ...]) -> int | None:
    """How many entries the first of ``keys`` holds in a JSON value (its top level first, then
    nested objects, breadth first): a list's or a map's length."""
    if keys == ("",):  # the value itself: a search's results
        return len(value) if isinstance(value, list) else None
    entries = listed_entries(value, keys)
    return None if entries is None else len(entries)


# "with 2 seats left", "only one business seat available": what a flight's search result shows.
_SEATS = re.compile(rf"\b{_NUMBER}\s+(?:(?P<cabin>basic[ _]economy|economy|business)(?: class)?\s+)?seats?\s+"
                    rf"(?:left|available|remaining|open)\b"
                    # or had by the flight: "HAT190 has 11 economy seats that day"
                    rf"|(?<=\bhas )(?:only\s+|just\s+)?{_NUMBER.replace('<n>', '<n2>')}\s+"
                    rf"(?:(?P<cabin2>basic[ _]economy|economy|business)(?: class)?\s+)?seats?\b"
                    rf"(?!\s+(?:left|available|remaining|open)\b)", re.I)
_FLIGHT = re.compile(r"\b[A-Z]{3}\d{3,4}\b")
_CABINS = re.compile(r"\b(basic[ _-]economy|economy|business)\b", re.I)
_ON_FLIGHT = re.compile(r"\s+(?:on|for|aboard)\s+(?:flight\s+)?\**([A-Z]{3}\d{3,4})\b")


def miscounted_seats(text: str, seats_of: Callable[[str], dict[str, int] | None],
                     seats_on: Callable[[str, str], dict[str, int] | None] | None = None) -> list[tuple[str, str]]:
    """(the count as written, the seats shown) for each "N seats left" said of the flight named right
    after it ("1 seat left on HAT218"), else of the one named last before it in its sentence, whose
    search result (``seats_of``: its ``available_seats`` per cabin; ``seats_on``: those of the search
    for the one day the sentence names, "May 22: HAT298 has only 1 business seat left") shows another
    number in the cabin the sentence names (or, for a list's line, the one its lead line names), else
    in every cabin."""
    out: list[tuple[str, str]] = []
    lead_cabin: str | None = None  # the one cabin a list's lead line names: "... flights on 5/24 in economy:"
    for sentence in SENTENCE_OR_LINE.split(text):
        if not LIST_MARK.match(sentence):
            cabins = {c.lower() for c in _CABINS.findall(sentence)}
            lead_cabin = cabins.pop() if len(cabins) == 1 and sentence.rstrip().endswith(":") else None
        for m in _SEATS.finditer(sentence):
            # "(only 1 economy seat left on HAT218)": the flight named right after it, else the last before
            after = _ON_FLIGHT.match(sentence, m.end())
            flights = [after[1]] if after else _FLIGHT.findall(sentence, 0, m.start())
            if not flights or (seats := (seats_on and seats_on(flights[-1], sentence)) or seats_of(flights[-1])) is None:
                continue
            cabin = m["cabin"] or m["cabin2"] or next(reversed(_CABINS.findall(sentence, 0, m.start())), None) or (
                lead_cabin if LIST_MARK.match(sentence) else None)
            key = cabin.lower().replace(" ", "_").replace("-", "_") if cabin else None
            shown = [seats[key]] if key in seats else list(seats.values())
            if _count(m["n"] or m["n2"]) not in shown:
                out.append((m[0], f"{flights[-1]}: " + ", ".join(f"{k} {v}" for k, v in seats.items())))
    return out


# Seats said open in a cabin on every flight a text names: "Business seats are open on both flights".
_OPEN_ON_ALL = re.compile(r"\b(basic[ _-]economy|economy|business)(?: class)?\s+seats\s+(?:are\s+)?(?:still\s+)?"
                          r"(?:open|available)\s+on\s+(?:both|all|each of the|every one of the)\s+(?:\w+\s+)?"
                          r"(?:flights|legs|segments)\b", re.I)


def seats_denied(text: str, seats_of: Callable[[str], dict[str, int] | None]) -> list[tuple[str, str]]:
    """(the claim as written, the flight shown with none) for each sentence that says a cabin has
    seats open on every flight the text names, where a flight's search result shows none there."""
    out: list[tuple[str, str]] = []
    for m in _OPEN_ON_ALL.finditer(text):
        cabin = m[1].lower().replace(" ", "_").replace("-", "_")
        for flight in dict.fromkeys(_FLIGHT.findall(text)):
            if (seats := seats_of(flight)) is not None and seats.get(cabin) == 0:
                out.append((m[0], f"{flight}: {cabin} 0"))
    return out


# A line that says a cabin has no seats, or is sold out: no offer of it.
_NONE_LEFT = re.compile(r"\b(?:sold[ -]out|no (?:\w+ )?seats?|0 (?:\w+ )?seats?|full(?:y booked)?|unavailable|not available|"
                        r"none left|waitlist\w*)\b"
                        r"|\bseats?(?: left| available| open)?\W{1,4}0\b", re.I)  # a table's "Seats left" cell of 0


def _said_full(flight: str, text: str) -> bool:
    """Whether a text says a flight is full: "HAT179 is sold out in economy"."""
    return ("sold" in text or "full" in text) and re.search(
        rf"\b{flight}\b[^.\n]{{0,20}}?\b(?:is|was|'s)\s+(?:now\s+|already\s+)?(?:sold[ -]out|full)\b", text, re.I) is not None


def sold_out_offered(text: str, seats_of: Callable[[str], dict[str, int] | None],
                     price_of: Callable[[str, str], int | None], people: int = 1) -> list[tuple[str, str]]:
    """(the flight, the cabin) for each line or sentence that names one flight and gives it the fare
    of a cabin its search result shows with no seats, saying nothing of it being full: "HAT223,
    14:00-16:00: basic economy $89, ...", "Business fare on HAT278 that day: 221 dollars per person".
    A line of several flights gives each the amount right after it ("HAT131 ($70) + HAT266 ($58)").
    The cabin is the one the line names, else the one the whole text names ("economy fare $166:\n-
    + HAT125 DTW->MSP 15:00-17:00 ($100)"). For a booking of several passengers (``people``), a
    cabin with fewer seats than them, in a text that asks to go ahead, where the line counts none:
    "economy is $106 on HAT003 and $134 on HAT290 ... Shall I go ahead?", 2 seats on HAT290 for 3."""
    out: list[tuple[str, str]] = []
    named: set[str] | None = None  # the cabins the whole text names, read on the first line that needs them
    need = people if people > 1 and _GO_AHEAD.search(text) else 1
    for line in SENTENCE_OR_LINE.split(text):
        flights = list(dict.fromkeys(_FLIGHT.findall(line)))
        if not flights or _NONE_LEFT.search(line):
            continue
        low = line.lower()
        short = need if need == 1 or not _SEAT_COUNT.search(line) else 1  # (a line that counts the seats says it)
        for flight in flights:
            if (seats := seats_of(flight)) is None or _said_full(flight, text):
                continue  # (or said full elsewhere: "HAT179 is sold out in economy" under its row)
            stated = {abs(cents) for _, cents in money_numbers_in(line)} if len(flights) == 1 else {
                cents_of(m[1]) for m in re.finditer(re.escape(flight) + _AMOUNT_AFTER, line)} | {
                cents_of(m[1]) for m in re.finditer(_AMOUNT_BEFORE + re.escape(flight), line)}
            for cabin, left in seats.items():
                if left >= short or (fare := price_of(flight, cabin)) is None or fare not in stated:
                    continue
                if cabin.replace("_", " ") not in low:
                    if named is None:
                        named = _cabins_named(text.lower())
                    if named != {cabin}:
                        continue
                out.append((flight, cabin))
        # or seats of a cabin said available for the flights it names: "HAT229 ... + HAT266 ..., with
        # economy seats available", where HAT229's search shows 0
        if "seat" in low and (said := _SEATS_AVAILABLE.search(line)) and not _NOT_BEFORE_SEATS.search(line, 0, said.start()):
            cabin = said[1].lower().replace(" ", "_")
            out += [(flight, cabin) for flight in flights
                    if (seats := seats_of(flight)) is not None and seats.get(cabin) == 0 and (flight, cabin) not in out]
    return out


_GO_AHEAD = re.compile(r"\b(?:shall|should|may) i\b[^?]*\?|\b(?:go ahead|proceed|confirm)\b[^?]*\?", re.I)
_SEAT_COUNT = re.compile(r"\b\d+\s+(?:\w+\s+){0,2}seats?\b", re.I)


_SEATS_AVAILABLE = re.compile(r"\b(basic economy|economy|business)\s+seats?\s+(?:are\s+|is\s+)?(?:still\s+)?"
                              r"(?:available|open|free|left)\b", re.I)
_NOT_BEFORE_SEATS = re.compile(r"\b(?:no|not|n't|without|sold out)\b", re.I)


_AMOUNT_BEFORE = r"(\$\d[\d,]*(?:\.\d+)?)\**\s+(?:on|for)\s+(?:flight\s+)?\**"  # "$134 on HAT290"
_AMOUNT_AFTER = r"\**\s*(?:\(|:|-|–|—|at)?\s*\**(\$\d[\d,]*(?:\.\d+)?)"  # "HAT131 ($70)", "HAT131: $70"


def _cabins_named(low: str) -> set[str]:
    """The cabins a lower-cased text names ("economy" not within "basic economy"), as seat keys."""
    return {m[1].replace(" ", "_").replace("-", "_") for m in _CABINS.finditer(low)}


# Two counts added up in words: "D0DBNX has 5 checked bags and RX46C2 has 3, so 9 in total".
_WORD_NUMBER = r"(?:\d{1,2}|" + "|".join(_NUMBER_WORDS) + r")"
_COUNT_SUM = re.compile(rf"(?<![\w$.,])({_WORD_NUMBER})\b(?![.,]\d)(?P<mid>[^$.;\n]{{1,60}}?)\band\b[^$.;\n]{{1,40}}?(?<![\w$.,])"
                        rf"({_WORD_NUMBER})\b(?![.,]\d)[^$.;\n\d]{{0,30}}?,?\s*(?:so|that's|that makes|making)\s+"
                        rf"(?:a total of\s+)?({_WORD_NUMBER})\b(?:\s+[a-z-]+){{0,2}}?\s+(?:in total|total|altogether|in all|"
                        rf"combined)\b", re.I)
_ANY_COUNT = re.compile(rf"(?<![\w$.,]){_WORD_NUMBER}\b", re.I)


def miscounted_sum(text: str) -> list[tuple[str, str]]:
    """(the total as written, the sum) for each two counts a sentence adds up in words to a total
    that is not their sum; not where a third count stands between them (a longer sum)."""
    out: list[tuple[str, str]] = []
    if " and " not in text or not (" so " in text or "making" in text or "that" in text):
        return out  # plain substrings first: the pattern is costly to try at every number
    for m in _COUNT_SUM.finditer(text):
        if _ANY_COUNT.search(m["mid"]):
            continue
        a, b, total = _count(m[1]), _count(m[3]), _count(m[4])
        if a + b != total:
            out.append((m[4], m[0].strip()))
    return out
