"""The price, and the stock, a text gives an item it describes by its options, not by its id.

"The black XL cotton crew neck is $49.52", or the table row "| Black | XL | cotton | crew neck |
$49.52 |", where the variant with exactly those options shows ``"price": 51.05`` and $49.52 is the
black XXL polyester v-neck's: the amount is visible, but as another variant's. A sentence (or a
table row, or a list line) is checked when it describes exactly one priced object of the
observations by all of its option values, names no identifier and states one amount, with no
word of another amount ("difference", "refund", "instead"). It is flagged only when the amount
is not that object's price and is another described object's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from trajectory2gym.certify.action_words import says_arrow
from trajectory2gym.certify.normalize import (
    BRACKETED,
    identifiers_in,
    money_numbers_in,
    without_measures,
)
from trajectory2gym.certify.turns import LIST_MARK

_SEPARATORS = re.compile(r"[^a-z0-9.]+")
# Words of an amount other than the object's own price, as plain substrings of the lower-cased
# sentence (a regex alternation tried at every position costs more; a looser match only skips more).
_OTHER_AMOUNT = ("difference", "refund", "instead", "than", "total", "save", "extra", "credit", "charge", "back",
                 "fee", "balance", "closest", "similar", "alternative")


# Hours however written: "20 hours", "20-hour", "20h", "20 hrs" are all " 20 h ".
_HOURS = re.compile(r"\b(\d+)\s*-?\s*(?:hours?|hrs?|h)\b")
_INCHES = re.compile(r"(\d)\s*(?:[\"″”]|-?\s*inch(?:es)?\b)")


def spaced_form(text: str) -> str:
    """Lower case with every run of other characters one space, padded: "Wi-Fi + Cellular" is
    " wi fi cellular "; a value is in a text where its spaced form is."""
    low = text.lower()
    if "hour" in low or "hr" in low or any(d + "h" in low for d in "0123456789"):  # (substring tests first)
        low = _HOURS.sub(r"\1 h", low)
    if "inch" in low or '"' in low or "″" in low or "”" in low:  # '14"', "14-inch", "14 inches": " 14 inch "
        low = _INCHES.sub(r"\1 inch ", low)
    return f" {_SEPARATORS.sub(' ', low).strip()} "


# A word that denies the option named after it: "not water resistant", "non-waterproof".
_DENIED = re.compile(r"(?:\bnot|\bnon|\bno)\s+$")
_FLAG_VALUE = re.compile(r" (yes|no) ")


@dataclass(frozen=True, slots=True)
class Described:
    """A priced object with options: its option values (spaced), its price in cents, and its yes-or-no
    options as (the option's name cut to its stem, spaced; whether yes): {"water resistance": "no"}
    is said "not water resistant" as well as "no"."""

    values: tuple[str, ...]
    cents: int
    available: bool | None = None  # its "available" flag, where it shows one
    flags: tuple[tuple[str, bool], ...] = ()
    shown: str = ""  # its option values as the observation gives them, for reasons: "blue/20 hours/yes"

    def in_(self, spaced: str) -> bool:
        return all(v in spaced for v in self.values) and (not self.flags or all(
            (" yes " if yes else " no ") in spaced or flag_said(spaced, stem, yes) for stem, yes in self.flags))

    def label(self) -> str:
        """The options as a reason names them."""
        return self.shown or "/".join(v.strip() for v in self.values)


def flag_stem(option: str) -> str:
    """A yes-or-no option's name cut to its stem, spaced: " water resist" of "water resistance", which
    "water resistant" says; "" for a name too short to tell ("wifi")."""
    name = spaced_form(option)
    return name[:max(6, len(name) - 4)] if len(name) > 6 else ""


def flag_said(spaced: str, stem: str, yes: bool) -> bool:
    """Whether a yes-or-no option is said by its name: affirmed ("water resistant"), or denied right
    before it ("not water resistant") where it is no."""
    at = spaced.find(stem)
    while at >= 0:
        # (or its value after its name, as a list of options gives it: "waterproof: no")
        end = spaced.find(" ", at + len(stem))
        value = _FLAG_VALUE.match(spaced, end) if end >= 0 else None
        denied = value[1] == "no" if value else _DENIED.search(spaced, max(0, at - 6), at + 1) is not None
        if denied is not yes:
            return True
        at = spaced.find(stem, at + 1)
    return False


def described_object(obj: dict[str, Any], options: dict[str, Any], cents: int) -> Described | None:
    """The object with an ``options`` object (two values or more) and a price, as described; None
    where a value is blank."""
    values: list[str] = []
    flags: list[tuple[str, bool]] = []
    for key, value in options.items():
        said = spaced_form(str(value))
        if said in (" yes ", " no ") and (stem := flag_stem(str(key))):
            flags.append((stem, said == " yes "))
        else:
            values.append(said)
    if not all(v.strip() for v in values):
        return None
    flag = obj.get("available")
    return Described(tuple(values), cents, flag if isinstance(flag, bool) else None, tuple(flags),
                     "/".join(str(v) for v in options.values()))


def priced_sentences(text: str) -> Iterator[str]:
    """The sentences (or lines) of a text that hold a "$", found from each "$" (splitting every
    text into sentences costs more than the few with an amount need)."""
    at = text.find("$")
    while at >= 0:
        start = max(text.rfind(". ", 0, at), text.rfind("? ", 0, at), text.rfind("! ", 0, at),
                    text.rfind("\n", 0, at)) + 1
        m = _STOP.search(text, at)
        stop = m.end() if m is not None else len(text)
        yield text[start:stop]
        at = text.find("$", stop)


_STOP = re.compile(r"[.!?](?=\s)|\n")


def _lead_of(text: str, row: str) -> str:
    """The last line before the table a row is in (or the list a line is in): what its rows share
    ("Adjustable 30–50 lbs options in stock:"); "" where the row opens the text."""
    at = text.find(row)
    listed = "|" not in row  # a list's line: its lead is the last line that is no list line
    for line in reversed(text[:max(at, 0)].splitlines()):
        if line.strip() and "|" not in line and not (listed and LIST_MARK.match(line)):
            return _STOP.split(line.strip())[-1]  # its last sentence: "... — $512.88. Adjustable 30–50 lbs ...:"
    return ""


def one_price(sentence: str) -> tuple[str, int] | None:
    """The one amount (as written, in cents) a sentence or line gives an object it may describe by
    its options; None where it states several amounts, names an order ("#W123") or an identifier
    (the price check's), or has a word of another amount ("difference", "refund")."""
    if sentence.count("$") != 1 or "#" in sentence:
        return None
    low = sentence.lower()
    if any(w in low for w in _OTHER_AMOUNT):
        return None
    amounts = money_numbers_in(sentence)
    if len(amounts) > 1 and "$" in sentence:
        amounts = money_numbers_in(without_measures(sentence))  # "5.8-inch" is a measure, not an amount
    return amounts[0] if len(amounts) == 1 and not any(
        not _MEASURE.fullmatch(i) for i in identifiers_in(sentence)) else None


# An option's measure, no identifier: "1000ml", "128GB", "8-inch".
_MEASURE = re.compile(r"\d+(?:\.\d+)?-?(?:ml|l|gb|tb|mb|inch|in|cm|mm|oz|lbs?|kg|mp|w|mah|hz|x|ft)", re.I)


def _clauses(sentences: Iterator[str]) -> Iterator[str]:
    """Each sentence, or where it prices several objects in clauses apart ("#W1523776 (delivered):
    Makeup Kit (dark, basic, Brand A) $263.11; Smart Thermostat (Amazon Alexa, white) $272.20"),
    each clause, without the order that leads it."""
    for sentence in sentences:
        if ";" not in sentence or sentence.count("$") < 2:
            yield sentence
            continue
        for clause in sentence.split(";"):
            yield clause.split("):", 1)[1] if "#" in clause and "):" in clause else clause


_AMOUNT_ASIDE = re.compile(r"\s*\([^()$]*\$[^()]*\)")


def misdescribed_prices(text: str, objects: Callable[[], set[Described]]) -> list[tuple[str, str, int]]:
    """(the amount as written, the options it is said of, that object's price) for each sentence
    or line that describes one object by its options and gives it another described object's
    price. ``objects`` gives the described objects shown; it is asked only for a sentence that
    may describe one (most name an id or several amounts)."""
    out: list[tuple[str, str, int]] = []
    for sentence in _clauses(priced_sentences(text)):
        if sentence.count("$") > 1 and "(" in sentence:
            # an aside of another amount: "- blue / 10 hours / water resistant — $302.67 (refund $18.51)"
            sentence = _AMOUNT_ASIDE.sub(" ", sentence)
        if sentence.count("$") > 1 and ", so " in sentence:
            # what follows from the price: "Dark / professional / Brand B is $253.98, so $16.61 more than ..."
            sentence = sentence.split(", so ", 1)[0]
        if (priced := one_price(sentence)) is None:
            continue
        spaced = spaced_form(sentence)
        shown = objects()
        matched = [d for d in shown if d.in_(spaced)]
        if not matched and ("|" in sentence or LIST_MARK.match(sentence)) and (lead := _lead_of(text, sentence)):
            # A row read with the line its table follows: "Adjustable 30–50 lbs options in stock:" then
            # "| iron | $534.14 |" describes the adjustable 30-50 lbs iron set; a list's line with its
            # lead ("Maple skateboards currently available:" then "- 28 inch, graphic: $186.06").
            spaced = spaced_form(f"{lead} {sentence}")
            matched = [d for d in shown if d.in_(spaced)]
        prices = {d.cents for d in matched}
        if len(prices) != 1:
            continue  # none described, or two with other prices: whose amount it is is unclear
        written, cents = priced
        own = prices.pop()
        if cents != own and any(d.cents == cents for d in shown):
            out.append((written, min(d.label() for d in matched), own))
    return out


# How a line says an item is in stock or not: a table's mark first, then the words.
_OUT = re.compile(r"\b(?:out of stock|unavailable|not available|not in stock|sold out)\b"
                  r"|\b(?:available|in stock)\s*:?\s*\**(?:no|false)\b"  # a column's "Available no"
                  # "isn't in the available list", "is not among the in-stock ones"
                  r"|(?:\bis\s*n[o']?t|\bare\s*n[o']?t|\bisn’t|\baren’t)\s+(?:in|among|one of)\s+(?:the\s+)?(?:list of\s+)?"
                  r"(?:available|in stock)\b", re.I)
_IN = re.compile(r"\b(?:in stock|available|(?:i|we) can offer|you can (?:buy|order|get) (?:right )?now|you could also (?:get|buy|order|have))\b", re.I)


def may_say_stock(text: str) -> bool:
    """Plain substring tests first: a mark, a stock word or a change's arrow (most texts have none)."""
    return ("✅" in text or "❌" in text or "stock" in text or "vailable" in text or "can offer" in text
            or "you can " in text or "could also " in text or says_arrow(text))


# A count of stock: "there are 4 left in stock", "only two units in stock" (not "both are in stock").
_STOCK_COUNT = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few)\s+(?:units?\s+|items?\s+|"
                          r"pieces?\s+|of them\s+)?(?:left\s+|remaining\s+)?in\s+stock\b", re.I)


def stock_counts_said(text: str) -> list[str]:
    """The counts of stock a text states ("4 left in stock"): no lookup that only says whether an
    item is available gives one."""
    return [m[0] for m in _STOCK_COUNT.finditer(text)] if "stock" in text else []


def _stock_said(line: str) -> bool | None:
    """Whether a line says something is in stock (True), out of it (False), or neither (None)."""
    if "✅" in line:
        return True
    if "-stock" in line:  # "Some **in-stock** alternatives:", "the out-of-stock one"
        line = line.replace("in-stock", "in stock").replace("out-of-stock", "out of stock")
    if "❌" in line or _OUT.search(line):
        return False
    return True if _IN.search(line) else None


def _lead_stock(line: str) -> bool | None:
    """What a list's lead line says of its items: its last clause that says a stock ("the gold one is
    unavailable, and in fact only two are in stock right now, both black:" leads in-stock items)."""
    # (not an aside in brackets: "variants in stock right now (yours, ..., is currently unavailable):")
    said = [own for part in _LEAD_CLAUSE.split(BRACKETED.sub(" ", line)) if (own := _stock_said(part)) is not None]
    return said[-1] if said else None


_LEAD_CLAUSE = re.compile(r",\s+|;\s+|\s[—–]\s")


# A sentence of all the items the one before named: "Both are in stock.", "All three are available."
_ALL_OF_THEM = re.compile(r"\W*(?:both|all(?:\s+(?:of them|three|four|\d))?|they)\s+(?:are|were)\b", re.I)


def unseen_stock(text: str, objects: Callable[[], set[Described]]) -> list[str]:
    """The options of each object a sentence describes by its options and says out of stock ("Your
    blue L helmet (low ventilation) is currently unavailable"), where no observation shows the stock
    of any object with those options (an order's item shows none: a product lookup does). Not one said
    in stock: "exchange it for another available variant" speaks of others."""
    out: list[str] = []
    for line in _STOP.split(text):
        if LIST_MARK.match(line) or "|" in line or identifiers_in(line) or _stock_said(line) is not False:
            continue
        spaced = spaced_form(line)
        matched = [d for d in objects() if d.in_(spaced)]
        if matched and all(d.available is None for d in matched):
            out.append(min(d.label() for d in matched))  # (the first label in order: the set's order varies)
    return out


def misstocked_by_id(text: str, available_of: Callable[[str], Any]) -> list[tuple[str, str]]:
    """(identifier, what the line says) for each line or sentence that names one item by its id and
    says it is in stock, or not, where its newest observation's ``available`` flag says the other:
    "the ... space grey (item 8997785118) is in stock", shown ``"available": false``."""
    out: list[tuple[str, str]] = []
    lead: bool | None = None  # what a list's lead line says of its items: "These 7-inch tablets are available:"
    before: list[str] = []  # the identifiers of the sentence before
    for line in _STOP.split(text):
        said = _stock_said(line)  # (also "The only **in-stock** red helmet ... is size M (item 8573379326)")
        if LIST_MARK.match(line):
            said = lead if said is None else said
        elif line.strip():
            lead = said if line.rstrip().endswith(":") and not identifiers_in(line) else None
        ids = identifiers_in(line)
        if said is not None and not ids and len(before) > 1 and _ALL_OF_THEM.match(line):
            # "... (3339188619) at $200.24, or ... (9013366374) at $219.88. Both are in stock."
            out += [(ident, "in stock" if said else "out of stock") for ident in before
                    if isinstance(shown := available_of(ident), bool) and shown is not said]
        if line.strip():
            before = ids
        if said is None or len(ids) != 1:
            continue
        if ";" in line or " - " in line or " — " in line or " – " in line:
            # the clause of the item's own: "(4572024853) ... is in stock; beginner is unavailable", "... (item
            # 8106223139) at $249.12 - the size 9 synthetic versions are unavailable"
            parts = _CLAUSE_BREAK.split(line)
            own = next(part for part in parts if ids[0] in part)
            if (own_said := _stock_said(own)) is not None:
                said = own_said
            elif not all(_BARE_STOCK.match(part) for part in parts if part is not own and _stock_said(part) is not None):
                # the stock is another thing's, said of it by name ("...(7523669277), $523.66; the waterproof
                # 5K black is unavailable"): the item's own is what the list's lead says, if any
                said = lead if LIST_MARK.match(line) else None
                if said is None:
                    continue
        shown = available_of(ids[0])
        if isinstance(shown, bool) and shown is not said:
            out.append((ids[0], "in stock" if said else "out of stock"))
    return out


_CLAUSE_BREAK = re.compile(r";|\s[-–—]\s")  # where a line's clauses part: a semicolon, a dash between spaces
# A clause that is a stock alone, of the item before it: "... $219.88 - unavailable", "; but currently sold out".
_BARE_STOCK = re.compile(r"\W*(?:(?:but|and|is|it's|it is|currently|now|sadly|though)\s+)*\W*"
                         r"(?:out of stock|unavailable|not available|not in stock|sold out|in stock|available)\b", re.I)


# A clause about the variants a sentence did not name: "...; the others in L are out of stock".
_THE_OTHERS = re.compile(r"\b(?:the\s+)?(?:others|rest|other\s+(?:ones|variants|options|sizes|colou?rs))\b", re.I)


def misstocked(text: str, objects: Callable[[], set[Described]]) -> list[tuple[str, str]]:
    """(the options, what the line says) for each line or sentence that describes one object by
    its options and says it is in stock ("| White | High | AC adapter | $138.07 | ✅ |"), or not,
    where its observation shows the other."""
    out: list[tuple[str, str]] = []
    lead = ""  # the last line outside a table: "Here are the **wireless** versions:" says what its rows share
    stock_lead: bool | None = None  # what a list's lead line says of its items: "variants currently in stock:"
    list_lead = ""  # that lead line: "There are cheaper 5-25 lbs sets in stock:" names what its items share
    for line in _STOP.split(text):
        row = "|" in line  # a table row, as written or read with its headers (tables.with_headers)
        said = _stock_said(line)
        listed = bool(LIST_MARK.match(line)) and not row
        if listed:
            said = stock_lead if said is None else said
        elif row and said is None and lead.rstrip().endswith(":") and not identifiers_in(lead):
            said = _lead_stock(lead)  # a table under "Available Espresso Machine variants:"
        elif line.strip():
            stock_lead = _lead_stock(line) if line.rstrip().endswith(":") and not identifiers_in(line) else None
            list_lead = line if stock_lead is not None else ""
        if not row and line.strip():
            lead = line
        if said is None and says_arrow(line) and not identifiers_in(line):
            # A change to an item described by its options is an offer of it: "Headphones in-ear wired
            # red ($359.66) -> in-ear wireless red ($344.55)", where that one shows "available": false
            one = [d for d in objects() if d.in_(spaced_form(_ARROW.split(line, 1)[1]))]
            if len(one) == 1 and one[0].available is False:
                out.append((one[0].label(), "in stock"))
            continue
        if said is None or identifiers_in(line):
            continue  # no stock said, or of an item named by its id (misstocked_by_id)
        if ";" in line and not row and (stating := [c for c in line.split(";") if _stock_said(c) is not None]):
            # the clauses that say it: "There's no black 20-hour model; the in-stock ones come in green or red";
            # not one about the variants not named ("...; the others in L are out of stock")
            if (named := [c for c in stating if not _THE_OTHERS.search(c)]) and len(named) < len(stating):
                stating, said = named, _stock_said("; ".join(named))
            line = "; ".join(stating)
        spaced = spaced_form(line)
        matched = [d for d in objects() if d.in_(spaced)]
        if not matched and lead and row:
            spaced = spaced_form(f"{lead} {line}")  # a table row, with the option its lead names for all rows
            matched = [d for d in objects() if d.in_(spaced)]
        elif not matched and listed and list_lead:
            spaced = spaced_form(f"{list_lead} {line}")  # a list line, with the option its lead names for all
            matched = [d for d in objects() if d.in_(spaced)]
        if matched and all(d.available is (not said) for d in matched):
            out.append((min(d.label() for d in matched), "in stock" if said else "out of stock"))
        elif not row and len(matched) != 1 and (said or _IN.search(line)):
            # Several offered in one sentence: "The 16GB ones I can offer are the 13-inch i5 ... for
            # $2609.37, ..., and the 15-inch i7 16GB 1TB SSD black for $2324.61", each part its own;
            # each part says its own stock, or the one before it does ("the silver one is available at
            # $960.67 and gold at $950.96; black is out of stock"), of the options a lead part names
            # for all ("In the 10-inch size with 128GB, ...").
            parts = _listed_parts(line)
            shared = parts[0] if len(parts) > 1 and _stock_said(parts[0]) is None else ""
            if not shared and len(parts) > 1 and ":" in parts[0]:
                shared = parts[0].split(":", 1)[0]  # "2-piece sets in stock: black softshell $452.28 and ..."
            part_said: bool | None = True if said else None
            for part in parts:
                part_said = own if (own := _stock_said(part)) is not None else part_said
                one = [d for d in objects() if d.in_(spaced_form(f"{shared} {part}"))] if shared else []
                one = one or [d for d in objects() if d.in_(spaced_form(part))]
                if one and part_said is not None and all(d.available is (not part_said) for d in one):
                    said_of = "in stock" if part_said else "out of stock"
                    out.append((min(d.label() for d in one), said_of))
    return out


_ARROW = re.compile(r"->|→")


def _listed_parts(line: str) -> list[str]:
    """A sentence's parts at ``_LISTED_PART``, not inside brackets: "white/4 hours ($237.14, available)
    and white/8 hours ($256.67, not available)" is two parts, each with its own stock."""
    if "(" not in line:
        return _LISTED_PART.split(line)
    parts, start = [], 0
    for m in _LISTED_PART.finditer(line):
        if line.count("(", 0, m.start()) == line.count(")", 0, m.start()):
            parts.append(line[start:m.start()])
            start = m.end()
    return [*parts, line[start:]]
_LISTED_PART = re.compile(r",\s*(?:and\s+|or\s+)?|;\s*|\s+(?:and|or)\s+(?=the\b|[\w-]+\s+(?:at|for)\s+\$"
                          r"|(?:[\w-]+\s+){1,3}\$"  # "... and silver hardshell $514.72"
                          r"|[\w-]+\s*/\s*\w)")  # "... ($187.02) and black / medium ventilation ($211.41)"
