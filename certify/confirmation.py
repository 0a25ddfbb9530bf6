"""Rule-based workflow check: did the user explicitly confirm *this* consequential action?

A write needs (1) an assistant message that describes it (names the action and
one of the objects it touches), (2) a later user message that affirms, and (3)
that affirmation must cover this action: a confirmation that names objects is
scoped to them ("only the lamp" covers the lamp exchange, not the bottle one),
a clause that negates an object ("keep the bottle") excludes it, and a bare
"yes" covers what the assistant message it answers described.

An affirmation is a yes word, a weak one ("okay") answering a question, or an
instruction to take exactly this action ("Okay, turn it on."); a deferral ("let me
check with my wife first") or the user's own plan ("I'll turn it on myself") is
none. A confirmed amount must be one the description offered (or, when it offered
none, one the user asked for), in its unit, times a count the messages state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import (
    COMPOUND_WORDS,
    NUMBER_WORDS,
    chunks,
    compact,
    looks_like_identifier,
    money_numbers_in,
    numbers_in,
    spelled_numbers,
    stem,
    to_cents,
    tokens,
    words,
)

# A comma starts a new clause before a contrast or a refusal ("..., keep the other flights").
_CLAUSE_SPLIT = re.compile(
    r"[.;!?\n]+|,\s*(?=but\b|and\b|except\b|though\b|keep\b|leave\b|not\b|(?:i |we )?(?:don'?t|do not)\b)"
    r"|\bbut\b|\bexcept\b|\bhowever\b"
    r"|(?<=^no),"  # "No, just the lamp": the no answers the question, the rest says what to do
    # "Yes to the return, no to the exchange"; "The lamp yes, the kettle no."
    r"|,\s*(?=no\s+to\b|(?:the|my)\s[^,.;!?]*?\bno\b\s*(?:[.!]|$))",
    re.I,
)
_AFFIRM = re.compile(
    r"\b(yes|yeah|yep|yup|sure|confirm(?:ed|s)?|correct|proceed|go ahead|please do|do it|"
    r"sounds good|that'?s right|that is right|absolutely|definitely|perfect|"
    r"let'?s do it|i agree|agreed|that works|works for me|go for it|affirmative|fine by me|that'?s fine)\b",
    re.I,
)
# "ok", "okay", "alright" also acknowledge what was said ("Okay, thanks."): they agree only to a
# message that asks something.
_WEAK_AFFIRM = re.compile(r"\b(ok(?:ay)?|alright|all right|both)\b", re.I)  # "Both, please." to "lamp or kettle?"
_ASKS = re.compile(r"\?|\b(?:confirm|let me know|shall i|should i|would you like|do you want)\b", re.I)
_DIRECTIVE = re.compile(r"\b(just|only|please)\b", re.I)
_SCOPE = re.compile(r"\b(?:just|only)\b([^,;]+)", re.I)  # what "just"/"only" limits a yes to
_NEGATE = re.compile(
    r"\b(no|not|don'?t|do not|never|keep|stays?|skip|leave|hold off|wait|cancel that|nevermind|never mind|"
    r"rather not|won'?t|shouldn'?t)\b",
    re.I,
)
# Deferring is not agreeing, whatever else the message says: "Sounds good, but I want to talk to my
# wife first", "Okay, I'll confirm with my husband first".
_DEFER = re.compile(
    r"\b(?:let me|i(?:'d| would)? (?:want|need|have|like) to|i'?ll|i will|i must|i should) "
    r"(?:think|check|talk|speak|ask|consult|discuss|confirm with|see)\b"
    r"|\b(?:check|talk|speak|confirm|consult)(?:ing)? (?:with|to) (?:my|our|the)\b"
    r"|\bget back to (?:you|u)\b|\bthink (?:about it|it over)\b|\bhold on\b|\bnot yet\b",
    re.I,
)
# Keeping things as they are refuses whatever was asked: "leave everything as it is for now".
_AS_IT_IS = re.compile(r"\b(?:leave|keep)\s+(?:it|that|this|them|everything|things|all)\s+(?:\w+\s+)?"
                       r"(?:as|the way)\s+(?:it|they)\s+(?:is|are|was|were)\b", re.I)
# "Don't worry about the refund, cancel it." leaves "cancel it"; a bare "Don't worry about it" leaves no yes.
_HARMLESS_NO = re.compile(r"\b(no problem|no worries|not a problem|no rush|no hurry|"
                          r"(?:don'?t|do not) worry(?: about [^,.;!?]*)?)", re.I)

# Words of a tool name that say what it does, and their everyday synonyms.
_GENERIC = frozenset({
    "order", "orders", "pending", "delivered", "items", "item", "details", "user", "info", "to", "by",
    "the", "of", "and", "human", "agents", "agent",
})
# A tool named after one of these verbs (cancel_reservation) is described by the verb or a synonym,
# never by its object noun ("reservation" also occurs in a lookup or another action's description).
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "modify": ("change", "modif", "updat", "switch", "replac", "exchang", "move", "correct", "fix ", "edit"),
    "update": ("change", "modif", "updat", "switch", "add ", "added", "adding", "upgrad", "downgrad", "move",
               "put ", "correct", "fix ", "edit", "renam", "replac"),
    "book": ("book", "reserv"),
    "cancel": ("cancel",),
    "exchange": ("exchange", "swap", "replac", "switch"),
    # Not "refund": exchanges and cancellations refund too ("the difference will be refunded").
    "return": ("return",),
    "send": ("send", "issue", "offer"),
    "create": ("creat", "open", "new"),
    "delete": ("delet", "remov"),
    "remove": ("remov", "delet"),
    "pay": ("pay",),
    "enable": ("enabl", "turn on", "activat", "switch on"),
    "disable": ("disabl", "turn off", "deactivat", "switch off"),
    "suspend": ("suspend", "pause"),
    "resume": ("resum", "reactivat", "restor"),
    "refuel": ("refuel", "add ", "added", "adding", "top up"),
}

# The object of a tool named verb_..._object, and its everyday words: where tools share a verb
# (update_reservation_flights, _baggages, _passengers), a description must say which one it is.
_OBJECT_SYNONYMS: dict[str, tuple[str, ...]] = {
    "baggages": ("bag", "luggag", "suitcas"),
    # "flight" and "class" only weakly (_WEAK_OBJECT_WORDS): a bag or passenger change names them too.
    "flights": ("cabin", "upgrad", "downgrad"),
    "passengers": ("passeng", "travel"),
    "payment": ("pay", "card", "gift", "paypal", "master", "visa", "amex", "credit", "debit"),
}


def _stem_or_phrase(word: str) -> str:
    """A single word's stem (a prefix test); a phrase or a word ending in a space stays whole:
    "turn on" must not become "turn ", which "turn off" starts with too."""
    return word if " " in word else stem(word)


def _stems_of(verb: str) -> set[str]:
    return {stem(verb), *(_stem_or_phrase(s) for s in _SYNONYMS[verb])}


@lru_cache(maxsize=1024)
def _name_words(tool: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[_\W]+", tool.lower()) if w)


# A tool and its argument names: what tells same-verb tools apart.
ToolArgs = frozenset[tuple[str, frozenset[str]]]
_NO_OBJECT: tuple[frozenset[str], frozenset[str], frozenset[str]] = (frozenset(), frozenset(), frozenset())


# Object words that name a tool's object only where no other same-verb tool's object is named too:
# "change to business class on the same flights" is a flight change, "add 2 bags to your flight" not.
_WEAK_OBJECT_WORDS: dict[str, tuple[str, ...]] = {"flights": ("fligh", "class")}


def _object_stems(obj: str) -> frozenset[str]:
    if obj in _WEAK_OBJECT_WORDS:  # the word itself is weak: see _WEAK_OBJECT_WORDS
        return frozenset(_stem_or_phrase(s) for s in _OBJECT_SYNONYMS[obj])
    return frozenset({stem(obj), *(_stem_or_phrase(s) for s in _OBJECT_SYNONYMS.get(obj, ()))})


@lru_cache(maxsize=1024)
def tool_object(tool: str, tools: ToolArgs) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What a description must also name when ``tool`` shares its verb with another of ``tools``
    that acts on another object (update_reservation_flights, _baggages): (the stems of its object
    word and synonyms, the arguments only it takes, whose identifiers name the object too unless
    the message names a rival's object, the stems of the rivals' objects).
    Empty when no such sibling exists, or the object is a generic word ("items": ids anchor those)."""
    parts = _name_words(tool)
    if len(parts) < 2 or parts[-1] in _GENERIC:
        return _NO_OBJECT
    verb, obj = parts[0], parts[-1]
    mine: frozenset[str] = frozenset()
    rivals: list[frozenset[str]] = []
    rival_stems: set[str] = set()
    for name, args in tools:
        words_ = _name_words(name)
        if name == tool:
            mine = args
        elif len(words_) > 1 and words_[0] == verb and words_[-1] != obj:
            rivals.append(args)
            if words_[-1] not in _GENERIC:
                rival_stems |= _object_stems(words_[-1])
    if not rivals:
        return _NO_OBJECT
    own = _object_stems(obj)
    return own, mine.difference(*rivals), frozenset(rival_stems - own - set(_WEAK_OBJECT_WORDS.get(obj, ())))


@lru_cache(maxsize=1024)
def action_stems(tool: str) -> frozenset[str]:
    """Stems a message must use to describe a call of ``tool``: its verb and the verb's synonyms
    when it is named after a known action verb, else every word of its name (toggle_wifi)."""
    parts = [w for w in _name_words(tool) if w not in _GENERIC]
    if parts and parts[0] in _SYNONYMS:
        return frozenset(_stems_of(parts[0]))
    out = {stem(w) for w in parts}
    for w in parts:
        out.update(_stem_or_phrase(s) for s in _SYNONYMS.get(w, ()))
    return frozenset(out)


@dataclass(slots=True)
class Clause:
    """One clause of a message: its text, words, tokens, their identifier keys, and whether it
    asks (ends in "?"): "Can you confirm how long it takes?" confirms nothing."""

    text: str
    words: set[str]
    tokens: list[str]
    keys: set[str]
    question: bool


@dataclass
class Turn:
    """A user or assistant text message, tokenized on first use."""

    index: int
    role: str
    text: str
    _words: set[str] | None = field(default=None, repr=False)
    _stems: str | None = field(default=None, repr=False)
    _compacts: set[str] | None = field(default=None, repr=False)
    _clauses: list[Clause] | None = field(default=None, repr=False)
    _defers: bool | None = field(default=None, repr=False)

    @property
    def defers(self) -> bool:
        """Whether any clause defers the decision ("let me check with my wife first")."""
        if self._defers is None:
            self._defers = any(_DEFER.search(c.text) for c in self.clauses)
        return self._defers

    @property
    def words(self) -> set[str]:
        if self._words is None:
            self._tokenize_words()
        return self._words  # type: ignore[return-value]

    @property
    def wordline(self) -> str:
        """The words between spaces: `` " " + stem in wordline`` is a word-prefix test."""
        if self._stems is None:
            self._tokenize_words()
        return self._stems  # type: ignore[return-value]

    def _tokenize_words(self) -> None:
        ws = words(self.text)  # once for both views
        self._words = set(ws)
        self._stems = " " + " ".join(ws) + " "  # a trailing space: "add " tests a whole word

    @property
    def clauses(self) -> list[Clause]:
        """The clauses of the message, in order; "no problem" is not a refusal."""
        if self._clauses is None:
            self._clauses = _clauses(_HARMLESS_NO.sub(" ", self.text))
        return self._clauses

    @property
    def compacts(self) -> set[str]:
        if self._compacts is None:
            self._compacts = set(tokens(self.text.lower()))
        return self._compacts


class Anchors:
    """What identifies one call in conversation: its identifiers and the names of their objects.

    The names (``labels``) cost a search of the observations per identifier, so each
    identifier's is looked up only when a question needs it: an identifier a message
    mentions outright often settles the question, and a message without any word of
    any object name (``index.names_any``) cannot name this call's objects either.
    """

    __slots__ = ("ids", "stems", "objects", "object_ids", "rival_objects", "weak_objects", "object_word",
                 "amounts", "account", "own", "verb", "choices", "payments", "variants", "dated", "dated_args", "counts", "owners",
                 "records",
                 "_changed", "_listed",
                 "_groups", "_by_date", "_raw", "_index", "_labels_of", "_all", "_shapes")

    def __init__(self, raw: dict[str, list[str]], stems: frozenset[str], index: EvidenceIndex,
                 objects: frozenset[str] = frozenset(), object_ids: frozenset[str] = frozenset(),
                 amounts: tuple[tuple[str, Any], ...] = (), rival_objects: frozenset[str] = frozenset(),
                 object_word: str = "", account: bool = False, own: frozenset[str] = frozenset(), verb: str = "",
                 listed: frozenset[str] = frozenset(), choices: tuple[tuple[str, str, tuple[str, ...]], ...] = (),
                 payments: tuple[tuple[str, str, str], ...] = (), variants: frozenset[str] = frozenset(),
                 dated: tuple[tuple[str, str], ...] = (), counts: tuple[tuple[str, int], ...] = (),
                 owners: tuple[str, ...] = (), records: tuple[tuple[str, list[Any]], ...] = (),
                 dated_args: tuple[str, ...] = ()):
        self._raw = raw  # identifier key -> the values the call gave for it
        self.ids: set[str] = set(raw)
        self.stems = stems
        # Which of several same-verb tools this is: its object's words, or an identifier in the
        # arguments only it takes (a flight number of update_reservation_flights), as keys.
        self.objects = objects
        self.object_ids = object_ids
        self.rival_objects = rival_objects  # the other same-verb tools' object words (bag, passenger)
        self.object_word = object_word  # the object as the tool's name says it ("passengers"), for reasons
        self.weak_objects = _WEAK_OBJECT_WORDS.get(object_word, ())
        self.amounts = amounts  # (argument, value) of the call's amount arguments
        # The only identifier is the account holder's: "your account" names it (see call_anchors).
        self.account = account
        self.own = own  # the words of the tool's name ("enable", "roaming"): an instruction may say them
        self.verb = verb  # the first of them, the action's own verb ("cancel")
        # What else a confirmation must agree with: enum choices (arg, value, options), the payment
        # method (arg, value, its kind), and the items a list argument names (keys; see item_groups).
        self.choices = choices
        self.payments = payments
        self._listed = listed
        self.variants = variants  # every list argument's keys, the replacements too (new_item_ids)
        self.dated = dated  # (identifier, date) of each dated item of a list argument (a flight and its day)
        self.dated_args = dated_args  # the list arguments holding them ("flights")
        self._changed: list[tuple[str, str]] | None = None
        self.counts = counts  # (argument, value) of the call's count arguments (total_baggages)
        # Identifiers of the object the call changes, by an argument its name names (reservation_id
        # of update_reservation_baggages; none for book_reservation): where its current state is shown.
        self.owners = owners
        self.records = records  # (argument, items) of list arguments whose items have no identifier (passengers)
        self._groups: list[tuple[frozenset[str], frozenset[str]]] | None = None
        self._by_date = False  # the groups are flights told apart by identifier (see item_groups)
        # (length, starts with a letter) of each identifier key: what an id of the same kind shares
        self._shapes = {(len(k), k[:1].isalpha()) for k in raw}
        self._index = index
        self._labels_of: dict[str, set[str]] = {}
        self._all: tuple[set[str], set[str]] | None = None  # (labels, named ids), once all are known

    def labels_of(self, key: str) -> set[str]:
        """Words naming the object of one identifier (empty: no named object around it)."""
        found = self._labels_of.get(key)
        if found is None:
            found = set()
            for v in self._raw[key]:
                found |= self._index.label_words(v)
            self._labels_of[key] = found
        return found

    def _every(self) -> tuple[set[str], set[str]]:
        if self._all is None:
            labels: set[str] = set()
            named: set[str] = set()
            for key in self._raw:
                found = self.labels_of(key)
                if found:
                    named.add(key)
                    labels |= found
            self._all = (labels, named)
        return self._all

    @property
    def labels(self) -> set[str]:
        return self._every()[0]

    @property
    def named_ids(self) -> set[str]:
        """Identifiers of named objects (the items an exchange touches), as opposed to the order or
        payment method several actions share: a description must name one of these."""
        return self._every()[1]

    def _may_name(self, ws: set[str]) -> bool:
        # Labels are words of object names: no such word in ``ws``, no label in it either.
        return self._index.names_any(ws)

    def mentioned_in(self, ws: set[str], cs: set[str], named: bool | None = None) -> bool:
        """``ids & cs or labels & ws``; ``named`` is ``index.names_any(ws)`` when already known."""
        if not self.ids.isdisjoint(cs) or (self.account and not _ACCOUNT_WORDS.isdisjoint(ws)):
            return True
        if named is None:
            named = self._may_name(ws)
        return named and not self.labels.isdisjoint(ws)

    def names_object(self, ws: set[str], cs: set[str]) -> bool:
        """``named_ids & cs or labels & ws`` when the call's objects have names, else ``ids & cs``."""
        hit = self.ids & cs
        # Searched in a fixed order, the likely named first (see call_anchors): one named
        # identifier settles it, and the shared ones (order, payment method) cost the most.
        if hit and any(self.labels_of(key) for key in self._raw if key in hit):
            return True  # a named identifier is mentioned (so there are labels)
        if hit:
            return not self.labels or not self.labels.isdisjoint(ws)
        return self._may_name(ws) and not self.labels.isdisjoint(ws)

    def rival_id(self, token: str) -> bool:
        """A visible identifier of the same shape as one of this call's, but not one of them: another
        object of the same kind (order #W8770097, when this call touches order #W5183325)."""
        key = compact(token)
        return (key not in self.ids and (len(key), key[:1].isalpha()) in self._shapes
                and self._index.has_string(token))

    def current(self, key: str) -> Any:
        """``key``'s value now in the object the call changes (a reservation's ``total_baggages``)."""
        for value in self.owners:
            found = self._index.field_of(value, key)
            if found is not None:
                return found
        return None

    def visible_amounts(self) -> set[int]:
        return self._index.amounts

    def card_ending(self, payment: str) -> str | None:
        """The last four digits observations give a payment method (``last_four``)."""
        found = self._index.field_of(payment, "last_four")
        return str(found) if found is not None else None

    def _changed_records(self) -> list[frozenset[str]]:
        """The items without identifiers (passengers) the call changes or removes, each by the words
        of its names that no other such item has ("nguyen" and "rossi" for two Sophias)."""
        names: list[set[str]] = []
        for arg, items in self.records:
            current = self.current(arg)
            after = [_record(i) for i in items]
            for item in map(_record, current if isinstance(current, list) else ()):
                if item not in after:
                    names.append(set(words(" ".join(_names(item)))))
        return [frozenset(n.difference(*(o for o in names if o is not n))) for n in names]

    def names_record(self, ws: set[str]) -> bool:
        """Whether a text names an item of a list argument without identifiers by all its names (a
        passenger by first and last name)."""
        return any(names and set(words(" ".join(names))) <= ws
                   for _, items in self.records for names in map(_names, map(_record, items)))

    def keeps_unchanged(self, keys: set[str]) -> bool:
        """Whether the identifiers of this call that a text names are all of items the call leaves
        as booked (and it names some)."""
        named = self.ids & keys & {compact(ident) for ident, _ in self.dated}
        return bool(named) and named.isdisjoint({compact(ident) for ident, _ in self.changed()})

    def changed(self) -> list[tuple[str, str]]:
        """The dated items this call sets to a new date or adds: not shown with that date by an
        observation of what the call changes (the reservation, named by the call's other identifiers)."""
        if self._changed is None:
            self._changed = [(ident, date) for ident, date in self.dated
                             if not (self.owners and self._index.booked(ident, date, self.owners))]
        return self._changed

    def item_groups(self) -> list[tuple[frozenset[str], frozenset[str]]]:
        """The call's items as (name words, identifier keys), items of the same name together, when it
        touches items of two or more names (a lamp and a kettle); else empty: nothing to tell apart.
        Items without names (flights) are told apart by identifier: those the call changes."""
        if self._groups is None:
            by_name: dict[frozenset[str], set[str]] = {}
            for key in self._listed if len(self._listed) > 1 else ():  # one item: nothing to tell apart
                labels = self.labels_of(key)
                if labels:
                    by_name.setdefault(frozenset(labels), set()).add(key)
            self._by_date = False
            if len(by_name) < 2 and len(self.dated) > 1:  # in the call's order: outbound first
                by_name = {frozenset({key}): {key} for key in dict.fromkeys(compact(i) for i, _ in self.changed())}
                self._by_date = True
            if len(by_name) < 2 and self.records and self.owners:
                by_name = {name: set() for name in self._changed_records()}
            self._groups = [(n, frozenset(k)) for n, k in by_name.items()] if len(by_name) > 1 else []
        return self._groups

    def groups_named(self, ws: set[str], cs: set[str]) -> set[int]:
        """Which of ``item_groups`` a text names, by an identifier or a word of the name; of two
        flights moved, the first by "outbound", the second by "return"."""
        groups = self.item_groups()
        named = {k for k, (labels, keys) in enumerate(groups) if not keys.isdisjoint(cs) or not labels.isdisjoint(ws)}
        if self._by_date and len(groups) == 2:
            named |= {k for k, direction in enumerate((_OUTBOUND, _INBOUND)) if not direction.isdisjoint(ws)}
        return named

    def said_as_given(self, key: str, turns: list[Turn]) -> bool:
        """Whether a message writes the identifier ``key`` as the call gave it (a substring test:
        cheaper than tokenizing every message)."""
        return any(v in t.text for v in self._raw.get(key, ()) for t in turns)

    def own_word(self, word: str) -> bool:
        """A word naming this call's object: a word of the tool's name or its object, one of its
        identifiers, a word of its objects' names."""
        return (word in self.own or compact(word) in self.ids or any(word.startswith(o) for o in self.objects)
                or word in self.labels)

    def describe(self) -> str:
        """The call's objects as a message would name them: their names' words, else the identifiers
        as the call gave them (``#W123``, not the comparison key)."""
        shown = sorted(self.labels)[:3] or sorted(values[0] for values in self._raw.values())[:3]
        return ", ".join(shown) + (" or 'your account'" if self.account else "")


def _identifier_values(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


# Keys of identifiers inside list arguments (a booking's flights, its payment methods).
_NESTED_ID_KEYS = ("_id", "_number")


def _nested_identifiers(value: Any, dated: list[tuple[str, str]]) -> list[str]:
    """Identifier strings inside a list argument's objects: ``flights[].flight_number``; those of
    objects with a date (a flight on a day) also go to ``dated`` with it."""
    out: list[str] = []
    for item in value if isinstance(value, list) else ():
        if isinstance(item, dict):
            found = [v for k, v in item.items() if isinstance(v, str) and k.endswith(_NESTED_ID_KEYS)]
            out.extend(found)
            date = item.get("date")
            if isinstance(date, str) and len(found) == 1:
                dated.append((found[0], date))
    return out


def _listed_payments(arg: str, value: Any, amounts: list[tuple[str, Any]]) -> list[tuple[str, str, str]]:
    """(argument path, payment id, its kind) of a list argument's payments (a booking's
    ``payment_methods[].payment_id``); the amount each pays goes to ``amounts``."""
    out = []
    for k, item in enumerate(value if isinstance(value, list) else ()):
        if isinstance(item, dict):
            paid = False
            for key, v in item.items():
                if "payment" in key and isinstance(v, str) and (kind := _payment_kind(v)):
                    out.append((f"{arg}[{k}].{key}", v, kind))
                    paid = True
            amount = item.get("amount")
            if paid and isinstance(amount, (int, float)) and not isinstance(amount, bool):
                amounts.append((f"{arg}[{k}].amount", amount))
    return out


def _identifier_leaves(value: Any, out: list[str]) -> list[str]:
    if isinstance(value, str):
        if looks_like_identifier(value):
            out.append(value)
    elif isinstance(value, list):
        for v in value:
            _identifier_leaves(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _identifier_leaves(v, out)
    return out


def call_anchors(tool: str, arguments: dict[str, Any], roles: Mapping[str, str], index: EvidenceIndex,
                 tools: ToolArgs = frozenset(), choices: tuple[tuple[str, str, tuple[str, ...]], ...] = ()) -> Anchors:
    raw: dict[str, list[str]] = {}
    amounts: list[tuple[str, Any]] = []
    listed: set[str] = set()
    variants: set[str] = set()
    payments: list[tuple[str, str, str]] = []
    dated: list[tuple[str, str]] = []
    counts: list[tuple[str, int]] = []
    records: list[tuple[str, list[Any]]] = []
    dated_args: list[str] = []
    # List arguments first: their identifiers (the items an exchange touches) are the ones with
    # object names; a scalar one (the order, the payment method) recurs in many observations.
    args = sorted(arguments.items(), key=lambda kv: not isinstance(kv[1], list))
    account_only = None  # whether the only identifier arguments name the account holder
    for arg, value in args:
        role = roles.get(arg)
        if role == "amount":
            amounts.append((arg, value))
            continue
        if role == "count":
            if type(value) is int:
                counts.append((arg, value))
            continue
        if role == "identifier":
            values = _identifier_values(value)
        elif role == "list":
            had = len(dated)
            values = _nested_identifiers(value, dated)
            if len(dated) > had:
                dated_args.append(arg)
            payments.extend(_listed_payments(arg, value, amounts))
            if not values and isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                records.append((arg, value))
        else:
            continue
        account_only = arg in _ACCOUNT_ARGS and account_only is not False
        for v in values:
            c = compact(v)
            if c:
                raw.setdefault(c, []).append(v)
                if isinstance(value, list):
                    variants.add(c)
                    if not arg.startswith("new"):  # the items acted on, not their replacements
                        listed.add(c)
        if "payment" in arg and isinstance(value, str) and (kind := _payment_kind(value)):
            payments.append((arg, value, kind))
    objects, own_args, rivals = tool_object(tool, tools) if tools else _NO_OBJECT
    object_ids = frozenset(compact(v) for a in own_args if a in arguments
                           for v in _identifier_leaves(arguments[a], [])) if own_args else _NO_IDS
    parts = _name_words(tool)
    if account_only and not objects and len(parts) > 1 and parts[-1] not in _GENERIC:
        # Only the account holder identifies this call (send_certificate(user_id, amount)) and no tool
        # of the same verb needs telling apart: agents say "you", not the user id. The call's object
        # names it instead ("a $100 certificate"). With a same-verb sibling (modify_user_address beside
        # modify_pending_order_address) the user id still tells which address.
        raw = {}
        objects = _object_stems(parts[-1])
    # With such a sibling, "the default address on your account" names the user's, not an order's.
    return Anchors(raw, action_stems(tool), index, objects, object_ids, tuple(amounts), rivals,
                   parts[-1] if objects else "", account=bool(account_only and raw), own=frozenset(parts),
                   verb=parts[0] if parts else "",
                   listed=frozenset(listed), choices=choices, payments=tuple(payments), variants=frozenset(variants),
                   dated=tuple(dated), counts=tuple(counts),
                   owners=tuple(v for a, v in arguments.items() if roles.get(a) == "identifier" and isinstance(v, str)
                                and a.split("_")[0] in parts), records=tuple(records), dated_args=tuple(dated_args))


# A payment method's kind, from its identifier (credit_card_1, gift_card_2, paypal_3, certificate_4),
# and the words a message names that kind with ("your Mastercard ending 1020", "the gift card").
_PAYMENT_KINDS: dict[str, tuple[str, ...]] = {
    "creditcard": ("credit", "mastercard", "visa", "amex", "debit"),
    "giftcard": ("gift",),
    "paypal": ("paypal",),
    "certificate": ("certificate", "voucher"),
}


# Each word naming a kind, and the kind: "gift" names a gift card, "mastercard" a credit card.
_PAYMENT_WORDS = {word: kind for kind, said in _PAYMENT_KINDS.items() for word in said}


def _payment_kind(value: str) -> str | None:
    key = compact(value)
    return next((kind for kind in _PAYMENT_KINDS if key.startswith(kind)), None)


# Arguments naming the account holder, the one the conversation is with.
# Which of two flights a trip's traveller means.
_OUTBOUND = frozenset({"outbound", "departing", "departure", "outgoing"})
_INBOUND = frozenset({"return", "returning", "inbound"})
_ACCOUNT_ARGS = frozenset({"user_id", "customer_id"})
# Words that name the account holder's own record ("the default address on your account").
_ACCOUNT_WORDS = frozenset({"account", "profile", "default"})
_NO_IDS: frozenset[str] = frozenset()


def _clauses(text: str) -> list[Clause]:
    out = []
    start = 0
    for m in [*_CLAUSE_SPLIT.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        part = text[start:end].strip(" ,")
        if part:
            toks = chunks(part)
            out.append(Clause(part, set(words(part)), toks, {compact(t) for t in toks},
                              m is not None and "?" in m.group(0)))
        if m is not None:
            start = m.end()
    return out


def _says(line: str, stems: Iterable[str]) -> bool:
    """Whether a wordline (words between spaces) has a word starting with one of ``stems``."""
    return any(" " + s in line for s in stems)


_PER_UNIT = re.compile(r" per \w+")  # on a wordline


def describes(turn: Turn, anchors: Anchors) -> bool:
    """An assistant message describes a call: it names the action and (if any) one of its objects."""
    line = turn.wordline
    if anchors.stems and not _says(line, anchors.stems):
        return False
    # Which of several same-verb tools: its object's word, else a weak word of it or an identifier only
    # its arguments hold, where the message names no other tool's object ("add 2 bags to HAT229").
    if anchors.objects and not _says(line, anchors.objects) and (
            (anchors.object_ids.isdisjoint(turn.compacts) and not _says(line, anchors.weak_objects)
             and not anchors.names_record(turn.words))  # "replace Sophia Nguyen with Mia Taylor"
            or _says(_PER_UNIT.sub(" ", line), anchors.rival_objects)):  # "$211 per passenger" is a price
        return False
    if anchors.account and _names_account(turn.text, anchors):
        return True
    return not anchors.ids or anchors.names_object(turn.words, turn.compacts)  # no ids: no labels


def _names_account(text: str, anchors: Anchors) -> bool:
    """One clause of the description changes the account holder's own record: it names the action,
    the object and the account ("I'll update the default address on your account to ..."), and no
    other object's identifier ("order #W123 ships to the address on your account" is the order's)."""
    for clause in _clauses(text):  # "..., and I can also update the default address on your account"
        sentence = clause.text
        said = Turn(-1, "assistant", sentence)
        line = said.wordline
        if ((not _ACCOUNT_WORDS.isdisjoint(said.words) or " on file " in line) and _says(line, anchors.stems)
                and _says(line, anchors.objects)
                and not any(looks_like_identifier(t) and not t.isdigit() and compact(t) not in anchors.ids
                            for t in chunks(sentence))):
            return True
    return False


# What may come before an instruction: "Okay, then please turn it on".
_LEAD_IN = re.compile(r"(?:(?:ok(?:ay)?|alright|all right|yes|yeah|sure|please|then|just|so|go ahead and)\b[\s,!.-]*)*",
                      re.I)


# Words an instruction may hold besides its verb and this call's object: "Okay, turn it on for me
# now, please." Anything else (a time, a condition, "instead", another object) makes it no yes.
_INSTRUCTION_WORDS = frozenset({"it", "that", "this", "them", "those", "these", "the", "my", "please", "now",
                                "then", "for", "me", "us", "right", "away", "thanks", "thank", "you"})


def _orders_action(text: str, anchors: Anchors) -> bool:
    """The clause is an instruction to take this very action and nothing more: it starts with the
    action's verb in its plain form after at most a lead-in, and its other words are pronouns,
    courtesy, or name the call's object ("Okay, turn it on.", "Cancel order #W123 please."). "Turn it
    on when I land", "Cancel the other one instead", "Cancelling seems drastic" are no instructions."""
    lead = _LEAD_IN.match(text)  # matches, if only the empty string
    ws = words(text[lead.end():] if lead else text)
    particle = _action_verb(ws, anchors)
    if particle is None:
        return False
    return all(w in _INSTRUCTION_WORDS or anchors.own_word(w) for w in ws[1:] if w != particle)


def _action_verb(ws: list[str], anchors: Anchors) -> str | None:
    """When the words start with this action's verb in its plain form ("cancel", "turn ... on"): the
    verb's particle ("on"; "" for none); else None."""
    if not ws:
        return None
    for s in anchors.stems:
        verb, _, particle = s.strip().partition(" ")
        if particle:
            if ws[0] == verb and particle in ws[1:4]:
                return particle
        elif ws[0] == verb or (not s.endswith(" ") and ws[0].startswith(verb) and _plain_verb(ws[0])):
            return ""
    return None


# The user says they will take the action themselves: "Okay, I'll turn it on myself later."
_OWN_PLAN = re.compile(r"\bi(?:'ll| will|'m going to| am going to)\s+(.*)", re.I)


def _plans_action(text: str, anchors: Anchors) -> bool:
    plan = _OWN_PLAN.search(text)
    return plan is not None and _action_verb(words(plan.group(1)), anchors) is not None


def _plain_verb(word: str) -> bool:
    """``word``, which starts with a verb stem, is the verb's plain form ("enable",
    "suspend"), not another form or a noun ("enabling", "suspended", "cancels", "cancellation")."""
    return not word.endswith(("s", "ed", "ing", "ion", "ment"))


def _names_action(ws: set[str], anchors: Anchors) -> bool:
    return not anchors.stems.isdisjoint({stem(w) for w in ws} | {w + " " for w in ws})


# Every known action's verb, but "pay": as a prefix it is "payment", which any purchase mentions.
_ACTION_STEMS = frozenset(stem(verb) for verb in _SYNONYMS if verb != "pay")


def _continues(turn: Turn, anchors: Anchors, index: EvidenceIndex) -> bool:
    """An assistant message that names no other action (its verb) and no other known object: it
    continues the discussion of the action described before it."""
    if _says(turn.wordline, _ACTION_STEMS - anchors.stems):
        return False
    if index.names_any(turn.words) and anchors.labels.isdisjoint(turn.words):
        return False
    return not any(anchors.rival_id(t) for t in chunks(turn.text) if looks_like_identifier(t))


@dataclass
class ConfirmVerdict:
    ok: bool
    kind: str = ""  # reason kind when not ok
    detail: str = ""
    arg: str = ""  # the argument a verdict names (amount_not_confirmed)
    value: Any = None


_SPELLED = "|".join(sorted({*NUMBER_WORDS, *COMPOUND_WORDS}, key=len, reverse=True))
# A number in digits, or spelled in one or more words ("one hundred and fifty", "twenty-five").
_QUANTITY = rf"(\d+(?:\.\d+)?|(?:{_SPELLED})(?:[\s-]+(?:and\s+)?(?:{_SPELLED}))*)"
_DOLLARS = re.compile(rf"(?<![\w.,]){_QUANTITY}[\s-]*(?:dollars?|usd)\b", re.I)  # "a fifty-dollar certificate"
_DATA = re.compile(rf"(?<![\w.,]){_QUANTITY}\s*(?:gb|gigs?|gigabytes?)\b", re.I)


def _unit_cents(pattern: re.Pattern[str], text: str) -> set[int]:
    out = set()
    for m in pattern.finditer(text):
        written = m.group(1).lower()
        if written[0].isdigit():
            out.add(int(round(float(written) * 100)))
            continue
        ws = words(written)
        spelled = spelled_numbers(ws)  # one run ("one hundred and two"), else a single word ("two")
        out.add((spelled[-1] if spelled else NUMBER_WORDS[ws[-1]]) * 100)
    return out


def stated_amounts(text: str, data: bool = False) -> set[int]:
    """Amounts a message states, in cents: money ($5, 4.50, 1,200, 100 dollars), or with ``data``
    quantities of data (2 GB, two gigabytes). Units keep them apart: "1 GB for $5" is no 5 GB."""
    if data:
        return _unit_cents(_DATA, text)
    return {c for _, c in money_numbers_in(text)} | _unit_cents(_DOLLARS, text)


def _is_data(arg: str) -> bool:
    return "gb" in arg.lower().split("_") or "data" in arg.lower()


_SENTENCE = re.compile(r"(?<=[.!?;])\s+")


def _action_amounts(text: str, anchors: Anchors, data: bool) -> set[int]:
    """The amounts of a description's sentences that name the action or its object ("I can send you a
    $50 certificate"), when any does; else all its amounts ("Your fare was $177" is no offer)."""
    found: set[int] = set()
    for sentence in _SENTENCE.split(text):
        if _says(Turn(-1, "assistant", sentence).wordline, anchors.stems | anchors.objects):
            found |= stated_amounts(sentence, data)
    return found or stated_amounts(text, data)


def stated_counts(turns: list[Turn], top: int) -> set[int]:
    """Whole numbers from 2 to ``top`` these messages write as counts, in digits ("2", not "$2" nor
    "2.0") or in words ("two")."""
    counts = {c // 100 for t in turns for w, c in numbers_in(t.text) if w.isdigit() and 2 <= c // 100 <= top}
    for t in turns:
        spelled = {n for w, n in NUMBER_WORDS.items() if 2 <= n <= top and w in t.words}
        if spelled and not COMPOUND_WORDS.keys().isdisjoint(t.words):  # "gate twenty-two" counts no 2
            spelled = {n for n in spelled_numbers(words(t.text), singles=True) if 2 <= n <= top}
        counts |= spelled
    return counts


def _with_counts(amounts: set[int], turns: list[Turn]) -> set[int]:
    """The amounts and their multiples by a count the messages state ("$50 per passenger for the 2
    passengers" states $100)."""
    return amounts | {a * k for a in amounts for k in stated_counts(turns, 10)}


def _amount_not_stated(turns: list[Turn], at: int, anchors: Anchors) -> ConfirmVerdict | None:
    """A confirmed call whose amount argument differs from every amount of its kind (money, or data)
    stated from the description on, the description's own counting only where it offers the action;
    where none was, from the user's request before it ("add 2 GB?" ... "$10, shall I?" ... "Yes"
    covers 2 GB). A description's amount replaces the request's: asked for $150, offered $50, a yes
    confirms $50. ``turns[at]`` is the description. None when none differs, or when no amount of that
    kind was stated at all."""
    described = turns[at]
    for arg, value in anchors.amounts:
        data = _is_data(arg)
        stated = _action_amounts(described.text, anchors, data)
        for turn in turns[at + 1:]:
            stated |= stated_amounts(turn.text, data)
        if not stated:  # the description names no amount: the user's request said which
            for turn in turns[:at]:
                stated |= stated_amounts(turn.text, data)
        if not data:  # money per unit, times units; data is never multiplied
            stated = _with_counts(stated, turns)
        cents = to_cents(value)
        if stated and cents is not None and cents not in stated:
            shown = ", ".join(f"{c / 100:g}" + (" GB" if data else "") for c in sorted(stated))
            if not data:
                shown = ", ".join(sorted({w for t in turns for w, _ in money_numbers_in(t.text)})) or shown
            return ConfirmVerdict(False, "amount_not_confirmed", f"stated: {shown}", arg, value)
    return None


_PARTS = re.compile(r"(?<=[.!?;])\s+|;\s*")  # a description's sentences and its ';' parts
_KEEPS = re.compile(r"\b(?:stays?|remains?|unchanged|keeps?|kept|same)\b", re.I)


def _record(item: Any) -> dict[str, str]:
    """A list item's string values by key, lower-cased (a passenger's names and birth date)."""
    return {k: v.lower() for k, v in item.items() if isinstance(v, str)} if isinstance(item, dict) else {}


def _says_all(part: Turn, values: Iterable[str]) -> bool:
    """Whether one part of a message states every value: a date by ``_says_date``, else its words."""
    return all(_says_date(part.text, v) if _ISO_DAY.fullmatch(v) else set(words(v)) <= part.words for v in values)


def _names(record: dict[str, str]) -> list[str]:
    return [v for v in record.values() if not _ISO_DAY.fullmatch(v)]


def _record_not_described(described: Turn, anchors: Anchors) -> str:
    """A list item without identifiers (a passenger) that the call adds or changes, where no one
    sentence of the description states its names and what is new in it ("Sophia Rossi ... to
    1977-02-12" does not say Aarav Rossi born 1977-02-12); or an item the description names as
    changing ("replacing Sophia Nguyen with Mia Taylor") that the call leaves as it is. Else "".
    Only where an observation shows the list as it is now."""
    parts = [Turn(-1, "assistant", p) for p in _PARTS.split(described.text) if p]
    for arg, items in anchors.records:
        current = anchors.current(arg)
        if not isinstance(current, list):
            continue
        before = [_record(c) for c in current]
        after = [_record(i) for i in items]
        for item in after:
            if item in before:
                continue
            # What is new in it: the values where it differs from the item it most resembles.
            like = max(before, key=lambda b: len(b.items() & item.items()), default={})
            new = {k: v for k, v in item.items() if like.get(k) != v}
            if not any(_says_all(p, {*_names(item), *new.values()}) for p in parts):
                return f"the description does not say {arg}: {' '.join(item.values())}"
        for item in before:
            names = _names(item)
            if item in after and names and any(_says_all(p, names) and not _KEEPS.search(p.text) for p in parts):
                return f"the description changes {' '.join(names)}, whom the call leaves as they were"
    return ""


# A number of things added: "adding 1 bag", "one more bag", "2 extra bags".
_ADDED = re.compile(r"\b(?:add|adding|another|more|extra|additional)\s+(\w+)|\b(\w+)\s+(?:more|extra|additional)\b",
                    re.I)


_DATE_OR_TIME = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")


def _counts_said(text: str) -> set[int]:
    """Whole numbers a message writes in digits ("6 bags", not "$6") or as a word ("two")."""
    text = _DATE_OR_TIME.sub(" ", text)  # "1966-02-02" and "09:00" count nothing
    found = {c // 100 for w, c in numbers_in(text) if w.isdigit()}
    return found | {NUMBER_WORDS[w] for w in words(text) if w in NUMBER_WORDS}


def _count_not_stated(window: list[Turn], anchors: Anchors) -> ConfirmVerdict | None:
    """A count argument set to a number no message from the request on states: as the new total, as
    the number added to the current one ("adding 1 bag" to 2 is 3), or as a stated charge over a
    visible price. Zero, or the count as it is, needs no word."""
    for arg, value in anchors.counts:
        current = anchors.current(arg) if value else 0
        if value == current:
            continue
        said = set().union(*(_counts_said(t.text) for t in window))
        if value in said:
            continue
        if type(current) is int and value - current in {
                n for t in window for m in _ADDED.finditer(t.text) for n in _counts_said(m[1] or m[2])}:
            continue
        # Or as many as a charge stated beside the thing counted pays for at a visible price: "I'll
        # add 2 bags, charging $50" for 1 paid bag at $50.
        thing = " " + arg.lower().split("_")[-1][:3]
        money = {c for t in window for sentence in _SENTENCE.split(t.text)
                 if thing in " " + " ".join(words(sentence)) for c in stated_amounts(sentence)}
        if value > 0 and any(c % value == 0 and c // value in anchors.visible_amounts() for c in money):
            continue
        shown = ", ".join(map(str, sorted(said))) or "none"
        return ConfirmVerdict(False, "amount_not_confirmed", f"numbers stated: {shown}", arg, value)
    return None


def _options_said(options: tuple[str, ...], turn: Turn) -> set[str]:
    """The options a message names as words ("ordered by mistake", "business"); options too short or
    common to tell ("yes", "other") are never counted."""
    low = turn.text.lower()
    found = set()
    for option in options:
        phrase = option.replace("_", " ").lower()
        if (" " in phrase or len(phrase) >= 6) and phrase in low and any(
                not _NOT_CHOSEN.search(low, max(0, m.start() - 16), m.start())
                for m in _whole_words(phrase).finditer(low)):
            found.add(option)
    return found


# What an option follows when it is the one left or refused: "from business to economy", "economy
# rather than business", "not business".
_NOT_CHOSEN = re.compile(r"\b(?:from|than|instead of|not|no)\s+$")


def _yes_no_said(noun: str, turn: Turn) -> set[str]:
    """A yes/no argument (``insurance``) as a message states it: "no insurance", "without travel
    insurance" say no; "with insurance", "add the insurance" say yes; both, or a question, nothing."""
    low = turn.text.lower()
    if noun not in low:
        return set()
    no = re.compile(rf"\b(?:no|without|not|don'?t (?:want|need)|decline)\s+(?:\w+\s+)?{noun}")
    rest = no.sub(" ", low)
    yes = re.search(rf"\b(?:with|add|include|purchase|buy|want|get|take)\s+(?:\w+\s+)?{noun}", rest)
    said_no = rest != low
    if said_no == bool(yes):
        return set()
    return {"no"} if said_no else {"yes"}


@lru_cache(maxsize=256)
def _whole_words(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(phrase)}\b")


def _other_variant(described: Turn, later: list[Turn], anchors: Anchors) -> str:
    """An identifier the description names in place of one of the call's items, which no message
    since names: the same shape, visible, not the call's ("the blue M T-shirt 9612497925" described,
    8349118980 called; but "out of stock; 2323972008 instead?" offers the one called); else ""."""
    missing = {(len(key), key[:1].isalpha()) for key in anchors.variants
               if key not in described.compacts and not anchors.said_as_given(key, later)}
    if missing:  # an identifier of such a shape in the description: a search each, so only then
        for token in chunks(described.text):
            other = compact(token)
            if (len(other), other[:1].isalpha()) in missing and looks_like_identifier(token) \
                    and anchors.rival_id(token):
                return token
    return ""


_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _says_date(text: str, iso: str) -> bool:
    """Whether a text states an ISO date: as written, or its month and day ("May 29", "29th May",
    "on the 29th")."""
    if iso in text:
        return True
    m = _ISO_DAY.fullmatch(iso)
    if m is None or not 1 <= int(m[2]) <= 12:
        return False
    day = int(m[3])
    month = _MONTH_NAMES[int(m[2]) - 1]
    return bool(re.search(rf"\b(?:{month}\w*\.? (?:the )?{day}(?:st|nd|rd|th)?\b|{day}(?:st|nd|rd|th)? (?:of )?{month}"
                          rf"|the {day}(?:st|nd|rd|th)\b)", text, re.I))


_ANY_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\b(?:" + "|".join(_MONTH_NAMES) + r")\w*\.? \d{1,2}\b"
                       r"|\bthe \d{1,2}(?:st|nd|rd|th)\b", re.I)


def _date_not_described(turns: list[Turn], described: Turn, anchors: Anchors) -> str:
    """A dated item the call changes to a date that the description contradicts (it gives that item
    another date: "your return HAT217 on 2024-05-28 stays") or that no message states ("same day" to
    "a later flight on May 19" passes); else "" ."""
    for ident, date in anchors.changed():
        if _says_date(described.text, date):
            continue
        if (compact(ident) in described.compacts and _ANY_DATE.search(described.text)) or not any(
                _says_date(t.text, date) for t in turns):
            return f"the description does not say {ident} on {date}"
    # An item the call drops that the description says it keeps ("your return HAT144 stays the same").
    kept = {compact(ident) for ident, _ in anchors.dated}
    for arg in anchors.dated_args:
        current = anchors.current(arg)
        for item in current if isinstance(current, list) else ():
            ident = next((v for k, v in item.items() if k.endswith(_NESTED_ID_KEYS) and isinstance(v, str)), None)
            if ident is None or compact(ident) in kept or compact(ident) not in described.compacts:
                continue
            parts = [p for p in _PARTS.split(described.text) if compact(ident) in {compact(t) for t in chunks(p)}]
            if parts and all(_KEEPS.search(p) for p in parts):
                return f"the description keeps {ident}, which the call drops"
    return ""


def _last_said(turns: list[Turn], at: int, find: Callable[[Turn], set[str]]) -> set[str]:
    """What ``find`` finds in the latest message from the description (``turns[at]``) on that has any
    (the last word counts: "to your PayPal or your gift card?" ... "to the gift card, proceed?");
    where none has, in the latest of the request's."""
    for part in (turns[at:], turns[:at]):
        for turn in reversed(part):
            said = find(turn)
            if said:
                return said
    return set()


def _choice_not_stated(turns: list[Turn], at: int, anchors: Anchors) -> ConfirmVerdict | None:
    """A confirmed call with a choice other than the one last stated (see ``_last_said``; ``turns[at]``
    is the description): a cancellation "ordered by mistake" sent as "no longer needed", a refund to
    the gift card the user chose sent to PayPal."""
    for arg, value, options in anchors.choices:
        if sorted(options) == ["no", "yes"]:  # too short to find as words: "no insurance" says it
            find = partial(_yes_no_said, arg.lower().replace("_", " ").split()[-1])
        else:
            find = partial(_options_said, options)
        said = _last_said(turns, at, find)
        if said and value not in said:
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: {', '.join(sorted(said))}", arg, value)
    for arg, value, kind in anchors.payments:
        if any(value in t.text for t in turns[at:]):
            continue  # the method itself was named
        said = _last_said(turns, at, _payment_words)
        if said and kind not in {_PAYMENT_WORDS[w] for w in said}:
            return ConfirmVerdict(False, "argument_not_confirmed", f"stated: {', '.join(sorted(said))}", arg, value)
        # Two cards of one kind: "your Visa ending 8862" is the card whose last four are 8862.
        endings = _last_said(turns, at, _card_endings) if kind == "creditcard" else set()
        if endings and (four := anchors.card_ending(value)) is not None and four not in endings:
            return ConfirmVerdict(False, "argument_not_confirmed",
                                  f"stated: ending {', '.join(sorted(endings))}", arg, value)
    return None


_ENDING = re.compile(r"\b(?:ending|ends)(?: in| with)?\s+(\d{4})\b|\blast (?:four|4)(?: digits)?(?: are| is)?\s+(\d{4})\b",
                     re.I)


def _card_endings(turn: Turn) -> set[str]:
    """The last four digits of cards a message names ("Visa ending 8862")."""
    return {a or b for a, b in _ENDING.findall(turn.text)} if "end" in turn.text or "last" in turn.text else set()


_PAYMENT_SAID = re.compile(r"\b(" + "|".join(_PAYMENT_WORDS) + r")\b", re.I)


def _payment_words(turn: Turn) -> set[str]:
    """The words of payment kinds a message says: one search."""
    return {w.lower() for w in _PAYMENT_SAID.findall(turn.text)}


def _picks_payment(text: str, asked: Turn) -> bool:
    """A reply that picks one of the payment methods a question offered: "Use my paypal then." to
    "Would you like to pay it with PayPal or your Mastercard ending 3762?"."""
    said = {_PAYMENT_WORDS[w.lower()] for w in _PAYMENT_SAID.findall(text)}
    if not said or " or " not in asked.text or not _ASKS.search(asked.text):
        return False
    offered = {_PAYMENT_WORDS[w] for w in _payment_words(asked)}
    return len(offered) > 1 and said <= offered


def _group_names(groups: list[tuple[frozenset[str], frozenset[str]]], which: set[int]) -> str:
    """Some of ``Anchors.item_groups`` as a reason shows them: "desk lamp, electric kettle"."""
    return ", ".join(" ".join(sorted(groups[k][0])) for k in sorted(which))


def check_confirmation(turns: list[Turn], anchors: Anchors, index: EvidenceIndex) -> ConfirmVerdict:
    """The rule-based workflow verdict for one consequential call, given the text turns before it."""
    last_desc = -1
    for k in range(len(turns) - 1, -1, -1):
        if turns[k].role == "assistant" and describes(turns[k], anchors):
            last_desc = k
            break
    if last_desc < 0:
        needs = f"the action and one of: {anchors.describe()}" if anchors.ids else "the action"
        if anchors.objects:
            needs += f"; and what it changes: {anchors.object_word}, or an identifier of it"
        return ConfirmVerdict(False, "not_described", f" (a description names {needs})")
    # The user's turns after the description, in order: the last word counts, so a later
    # retraction ("I'd rather not cancel it after all") undoes an earlier yes.
    confirmed = affirmed_elsewhere = withdrawn = False
    uncovered = ""  # the items a scoped yes left out
    groups = anchors.item_groups()
    described: Turn = turns[last_desc]
    answered = described
    for turn in turns[last_desc + 1:]:
        if turn.role == "assistant":
            answered = turn
            continue
        if turn.defers:
            if confirmed:  # "wait, let me check with my wife first" after a yes
                confirmed, withdrawn = False, True
            continue  # deferring, whatever else the message says
        pos_this = neg_this = neg_action = pos_other = affirm = ordered = refused = False
        pos_items: set[int] = set()  # which of the call's items (item_groups) the reply names, and how
        neg_items: set[int] = set()
        for clause in turn.clauses:
            ws, keys = clause.words, clause.keys
            negated = bool(_NEGATE.search(clause.text))
            if negated and anchors.dated and anchors.keeps_unchanged(keys):
                negated = False  # "Yes, as long as HAT145 on the 23rd stays": the call keeps it
            # Whether the clause names any known object: asked once (a search of every observation),
            # and only when no identifier of this call settles ``this`` first.
            named = index.names_any(ws) if anchors.ids.isdisjoint(keys) else None
            this = anchors.mentioned_in(ws, keys, named) or bool(groups and anchors.groups_named(ws, keys))
            # Names another known object: the confirmation is scoped, not a bare "yes". An object is
            # known by its name, or by an identifier shaped like one of this call's (#W8770097 for
            # an order, when this call cancels #W5183325).
            other = not this and (
                bool(named)
                or any(index.label_words(t) or anchors.rival_id(t)
                       for t in clause.tokens if looks_like_identifier(t))
            )
            if negated and _AS_IT_IS.search(clause.text):
                neg_action, affirm = True, False  # "Yes, cancel it. Hmm... Leave it as it is."
                continue
            if negated:
                if (not (this or other) and clause.text[:6].lower() == "no to "
                        and not _says(" " + " ".join(ws), _ACTION_STEMS)):
                    refused = True  # "Okay, no to that" refuses the whole reply; "no to the exchange" one action
                neg_this |= this
                if this and groups:
                    neg_items |= anchors.groups_named(ws, keys)
                if _names_action(ws, anchors):
                    neg_action = True
                    if affirm and not other and anchors.verb in ws:
                        # Taken back in the same reply by the action's own verb: "Yes... actually no,
                        # don't cancel it" (not by a synonym: "change the flight, don't add any bags").
                        affirm = False
                continue
            if clause.question or _plans_action(clause.text, anchors):
                continue  # asking, or taking it on oneself: "Sure, but will I get it all back?"
            pos_this |= this
            pos_other |= other
            if this and groups:
                scope = _SCOPE.search(clause.text)  # "only the lamp, I threw away the kettle box": the lamp
                pos_items |= (anchors.groups_named(set(words(scope[1])), {compact(t) for t in chunks(scope[1])})
                              if scope else anchors.groups_named(ws, keys))
            text = clause.text
            if (_AFFIRM.search(text) or (_WEAK_AFFIRM.search(text) and _ASKS.search(answered.text))
                    or (_DIRECTIVE.search(text) and (this or _names_action(ws, anchors)))
                    or (anchors.payments and _picks_payment(text, answered))):
                affirm = True
            elif _orders_action(text, anchors):
                ordered = True
        if ordered and not any(_NEGATE.search(c.text) for c in turn.clauses):
            affirm = True  # an instruction stands, unless taken back in the same reply ("No wait, don't")
        if refused or (turn.clauses and turn.clauses[-1].question):
            affirm = False  # the user is waiting for an answer before saying yes
        if not affirm:
            if confirmed and (neg_this or neg_action):
                confirmed, withdrawn = False, True  # "in that case no, I'd rather not cancel it"
            continue
        if neg_this and not pos_this:
            affirmed_elsewhere = True
            continue
        # Items of one call: a yes naming some of them ("just the lamp"), or keeping one ("keep the
        # kettle"), does not cover a call that touches the others too.
        left = (neg_items - pos_items) or ((set(range(len(groups))) - pos_items) if pos_items else set())
        if left:
            confirmed, affirmed_elsewhere = False, True
            uncovered = _group_names(groups, left)
            continue
        if pos_this:
            confirmed, withdrawn = True, False
            continue
        if pos_other:  # scoped to other objects only
            affirmed_elsewhere = True
            continue
        # A bare "yes" to the message that described this action, or to a later one that brought up
        # nothing else (the answer to a question about it: the refund time, the final price).
        if answered is described or describes(answered, anchors) or _continues(answered, anchors, index):
            confirmed, withdrawn = True, False
            continue
        affirmed_elsewhere = True
    if confirmed:
        if groups:  # a description of several items names each ("the lamp and the kettle")
            named = anchors.groups_named(described.words, described.compacts)
            if named and len(named) < len(groups):
                unnamed = _group_names(groups, set(range(len(groups))) - named)
                return ConfirmVerdict(False, "not_described", f" in full (the description does not name: {unnamed})")
        if anchors.variants and (other := _other_variant(described, turns[last_desc + 1:], anchors)):
            return ConfirmVerdict(False, "not_described", f" as called (the description names {other} instead)")
        if not (anchors.amounts or anchors.choices or anchors.payments or anchors.dated or anchors.counts
                or anchors.records):
            return ConfirmVerdict(True)
        start = last_desc  # from the user's request that the description answers
        while start > 0 and turns[start].role != "user":
            start -= 1
        window, at = turns[start:], last_desc - start
        if anchors.dated and (unsaid := _date_not_described(turns, described, anchors)):
            return ConfirmVerdict(False, "not_described", f" as called ({unsaid})")
        if anchors.counts and (verdict := _count_not_stated(window, anchors)):
            return verdict
        if anchors.records and anchors.owners and (unsaid := _record_not_described(described, anchors)):
            return ConfirmVerdict(False, "not_described", f" as called ({unsaid})")
        return (_amount_not_stated(window, at, anchors) or _choice_not_stated(window, at, anchors)
                or ConfirmVerdict(True))
    if withdrawn:
        return ConfirmVerdict(False, "confirmation_withdrawn")
    if uncovered:
        return ConfirmVerdict(False, "confirmation_not_covering", f"the user's yes leaves out: {uncovered}")
    if affirmed_elsewhere:
        return ConfirmVerdict(False, "confirmation_not_covering", f"confirmed without {anchors.describe()}")
    return ConfirmVerdict(False, "not_confirmed")
