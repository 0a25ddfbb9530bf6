"""Rule-based workflow check: did the user explicitly confirm *this* consequential action?

A write needs (1) an assistant message that describes it (names the action and
one of the objects it touches), (2) a later user message that affirms, and (3)
that affirmation must cover this action: a confirmation that names objects is
scoped to them ("only the lamp" covers the lamp exchange, not the bottle one),
a clause that negates an object ("keep the bottle") excludes it, and a bare
"yes" covers what the assistant message it answers described.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import (
    chunks,
    compact,
    looks_like_identifier,
    money_numbers_in,
    stem,
    to_cents,
    tokens,
    words,
)

# A comma starts a new clause before a contrast or a refusal ("..., keep the other flights").
_CLAUSE_SPLIT = re.compile(
    r"[.;!?\n]+|,\s*(?=but\b|and\b|except\b|though\b|keep\b|leave\b|not\b|don'?t\b|do not\b)"
    r"|\bbut\b|\bexcept\b|\bhowever\b",
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
_WEAK_AFFIRM = re.compile(r"\b(ok(?:ay)?|alright|all right)\b", re.I)
_ASKS = re.compile(r"\?|\b(?:confirm|let me know|shall i|should i|would you like|do you want)\b", re.I)
_DIRECTIVE = re.compile(r"\b(just|only|please)\b", re.I)
_NEGATE = re.compile(
    r"\b(no|not|don'?t|do not|never|keep|skip|leave|hold off|wait|cancel that|nevermind|never mind|"
    r"rather not|won'?t|shouldn'?t|"
    # deferring is not agreeing: "ok, let me check with my wife first"
    r"let me (?:think|check|talk|ask|consult|discuss)|get back to you|think (?:about it|it over)|hold on)\b",
    re.I,
)
_HARMLESS_NO = re.compile(r"\b(no problem|no worries|not a problem)\b", re.I)

# Words of a tool name that say what it does, and their everyday synonyms.
_GENERIC = frozenset({
    "order", "orders", "pending", "delivered", "items", "item", "details", "user", "info", "to", "by",
    "the", "of", "and", "human", "agents", "agent",
})
# A tool named after one of these verbs (cancel_reservation) is described by the verb or a synonym,
# never by its object noun ("reservation" also occurs in a lookup or another action's description).
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "modify": ("change", "modif", "updat", "switch", "replac", "exchang"),
    "update": ("change", "modif", "updat", "switch", "add ", "added", "adding", "upgrad", "downgrad", "move"),
    "book": ("book", "reserv"),
    "cancel": ("cancel",),
    "exchange": ("exchange", "swap", "replac", "switch"),
    # Not "refund": exchanges and cancellations refund too ("the difference will be refunded").
    "return": ("return",),
    "send": ("send", "issue"),
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
    "flights": ("flight", "cabin", "upgrad", "downgrad", "class"),
    "passengers": ("passeng", "travel"),
    "payment": ("pay", "card", "gift", "paypal"),
}


def _stem_or_phrase(word: str) -> str:
    """A single word's stem (a prefix test); a phrase or a word ending in a space stays whole:
    "turn on" must not become "turn ", which "turn off" starts with too."""
    return word if " " in word else stem(word)


def _stems_of(verb: str) -> set[str]:
    return {stem(verb), *(_stem_or_phrase(s) for s in _SYNONYMS[verb])}


def _name_words(tool: str) -> list[str]:
    return [w for w in re.split(r"[_\W]+", tool.lower()) if w]


# A tool and its argument names: what tells same-verb tools apart.
ToolArgs = frozenset[tuple[str, frozenset[str]]]
_NO_OBJECT: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())


@lru_cache(maxsize=1024)
def tool_object(tool: str, tools: ToolArgs) -> tuple[frozenset[str], frozenset[str]]:
    """What a description must also name when ``tool`` shares its verb with another of ``tools``
    that acts on another object (update_reservation_flights, _baggages): (the stems of its object
    word and synonyms, the arguments only it takes, whose identifiers name the object too).
    Empty when no such sibling exists, or the object is a generic word ("items": ids anchor those)."""
    parts = _name_words(tool)
    if len(parts) < 2 or parts[-1] in _GENERIC:
        return _NO_OBJECT
    verb, obj = parts[0], parts[-1]
    mine: frozenset[str] = frozenset()
    rivals: list[frozenset[str]] = []
    for name, args in tools:
        words_ = _name_words(name)
        if name == tool:
            mine = args
        elif len(words_) > 1 and words_[0] == verb and words_[-1] != obj:
            rivals.append(args)
    if not rivals:
        return _NO_OBJECT
    stems = frozenset({stem(obj), *(_stem_or_phrase(s) for s in _OBJECT_SYNONYMS.get(obj, ()))})
    return stems, mine.difference(*rivals)


@lru_cache(maxsize=1024)
def action_stems(tool: str) -> frozenset[str]:
    """Stems a message must use to describe a call of ``tool``: its verb and the verb's synonyms
    when it is named after a known action verb, else every word of its name (toggle_wifi)."""
    parts = [w for w in re.split(r"[_\W]+", tool.lower()) if w and w not in _GENERIC]
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

    __slots__ = ("ids", "stems", "objects", "object_ids", "object_word", "amounts", "_raw", "_index", "_labels_of", "_all",
                 "_shapes")

    def __init__(self, raw: dict[str, list[str]], stems: frozenset[str], index: EvidenceIndex,
                 objects: frozenset[str] = frozenset(), object_ids: frozenset[str] = frozenset(),
                 amounts: tuple[tuple[str, Any], ...] = ()):
        self._raw = raw  # identifier key -> the values the call gave for it
        self.ids: set[str] = set(raw)
        self.stems = stems
        # Which of several same-verb tools this is: its object's words, or an identifier in the
        # arguments only it takes (a flight number of update_reservation_flights), as keys.
        self.objects = objects
        self.object_ids = object_ids
        self.object_word = ""  # the object as the tool's name says it ("passengers"), for reasons
        self.amounts = amounts  # (argument, value) of the call's amount arguments
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
        if not self.ids.isdisjoint(cs):
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

    def describe(self) -> str:
        """The call's objects as a message would name them: their names' words, else the identifiers
        as the call gave them (``#W123``, not the comparison key)."""
        shown = sorted(self.labels)[:3] or sorted(values[0] for values in self._raw.values())[:3]
        return ", ".join(shown)


def _identifier_values(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


# Keys of identifiers inside list arguments (a booking's flights, its payment methods).
_NESTED_ID_KEYS = ("_id", "_number")


def _nested_identifiers(value: Any) -> list[str]:
    """Identifier strings inside a list argument's objects: ``flights[].flight_number``."""
    out: list[str] = []
    for item in value if isinstance(value, list) else ():
        if isinstance(item, dict):
            out.extend(v for k, v in item.items() if isinstance(v, str) and k.endswith(_NESTED_ID_KEYS))
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


def call_anchors(tool: str, arguments: dict[str, Any], roles: dict[str, str], index: EvidenceIndex,
                 tools: ToolArgs = frozenset()) -> Anchors:
    raw: dict[str, list[str]] = {}
    amounts: list[tuple[str, Any]] = []
    # List arguments first: their identifiers (the items an exchange touches) are the ones with
    # object names; a scalar one (the order, the payment method) recurs in many observations.
    args = sorted(arguments.items(), key=lambda kv: not isinstance(kv[1], list))
    for arg, value in args:
        role = roles.get(arg)
        if role == "amount":
            amounts.append((arg, value))
            continue
        if role == "identifier":
            values = _identifier_values(value)
        elif role == "list":
            values = _nested_identifiers(value)
        else:
            continue
        for v in values:
            c = compact(v)
            if c:
                raw.setdefault(c, []).append(v)
    objects, own_args = tool_object(tool, tools) if tools else _NO_OBJECT
    object_ids = frozenset(compact(v) for a in own_args if a in arguments
                           for v in _identifier_leaves(arguments[a], []))
    anchors = Anchors(raw, action_stems(tool), index, objects, object_ids, tuple(amounts))
    if objects:
        anchors.object_word = _name_words(tool)[-1]
    return anchors


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


def describes(turn: Turn, anchors: Anchors) -> bool:
    """An assistant message describes a call: it names the action and (if any) one of its objects."""
    line = turn.wordline
    if anchors.stems and not any(" " + s in line for s in anchors.stems):
        return False
    if (anchors.objects and not any(" " + s in line for s in anchors.objects)
            and anchors.object_ids.isdisjoint(turn.compacts)):
        return False
    return not anchors.ids or anchors.names_object(turn.words, turn.compacts)  # no ids: no labels


# Every known action's verb, but "pay": as a prefix it is "payment", which any purchase mentions.
def _names_action(ws: set[str], anchors: Anchors) -> bool:
    return not anchors.stems.isdisjoint({stem(w) for w in ws} | {w + " " for w in ws})


_ACTION_STEMS = frozenset(stem(verb) for verb in _SYNONYMS if verb != "pay")


def _continues(turn: Turn, anchors: Anchors, index: EvidenceIndex) -> bool:
    """An assistant message that names no other action (its verb) and no other known object: it
    continues the discussion of the action described before it."""
    if any(" " + s in turn.wordline for s in _ACTION_STEMS - anchors.stems):
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


_UNIT_NUMBER = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)\s*(?:gb|mb|dollars?|usd)\b", re.I)


def stated_amounts(text: str) -> set[int]:
    """Amounts a message states, in cents: money ($5, 4.50, 1,200) and numbers with a unit (2 GB)."""
    found = {c for _, c in money_numbers_in(text)}
    found.update(int(round(float(m.group(1)) * 100)) for m in _UNIT_NUMBER.finditer(text))
    return found


def _amount_not_stated(turns: list[Turn], anchors: Anchors) -> ConfirmVerdict | None:
    """A confirmed call whose amount argument differs from every amount stated since the description
    (confirmed "$100", sent 200); None when none differs, or when no amount was stated at all."""
    stated: set[int] = set()
    for turn in turns:
        stated |= stated_amounts(turn.text)
    if not stated:
        return None
    for arg, value in anchors.amounts:
        cents = to_cents(value)
        if cents is not None and cents not in stated:
            shown = ", ".join(sorted({w for t in turns for w, _ in money_numbers_in(t.text)}))
            return ConfirmVerdict(False, "amount_not_confirmed", f"stated: {shown or 'other amounts'}", arg, value)
    return None


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
    described: Turn = turns[last_desc]
    answered = described
    for turn in turns[last_desc + 1:]:
        if turn.role == "assistant":
            answered = turn
            continue
        pos_this = neg_this = neg_action = pos_other = affirm = False
        for clause in turn.clauses:
            ws, keys = clause.words, clause.keys
            negated = bool(_NEGATE.search(clause.text))
            # Whether the clause names any known object: asked once (a search of every observation),
            # and only when no identifier of this call settles ``this`` first.
            named = index.names_any(ws) if anchors.ids.isdisjoint(keys) else None
            this = anchors.mentioned_in(ws, keys, named)
            # Names another known object: the confirmation is scoped, not a bare "yes". An object is
            # known by its name, or by an identifier shaped like one of this call's (#W8770097 for
            # an order, when this call cancels #W5183325).
            other = not this and (
                bool(named)
                or any(index.label_words(t) or anchors.rival_id(t)
                       for t in clause.tokens if looks_like_identifier(t))
            )
            if negated:
                neg_this |= this
                neg_action = neg_action or _names_action(ws, anchors)
                continue
            if clause.question:  # asking, not agreeing: "Sure, but will I get it all back?"
                continue
            pos_this |= this
            pos_other |= other
            text = clause.text
            if (_AFFIRM.search(text) or (_WEAK_AFFIRM.search(text) and _ASKS.search(answered.text))
                    or (_DIRECTIVE.search(text) and (this or _names_action(ws, anchors)))):
                affirm = True
        if turn.clauses and turn.clauses[-1].question:
            affirm = False  # the user is waiting for an answer before saying yes
        if not affirm:
            if confirmed and (neg_this or neg_action):
                confirmed, withdrawn = False, True  # "in that case no, I'd rather not cancel it"
            continue
        if neg_this and not pos_this:
            affirmed_elsewhere = True
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
        return (anchors.amounts and _amount_not_stated(turns[last_desc:], anchors)) or ConfirmVerdict(True)
    if withdrawn:
        return ConfirmVerdict(False, "confirmation_withdrawn")
    if affirmed_elsewhere:
        return ConfirmVerdict(False, "confirmation_not_covering", f"confirmed without {anchors.describe()}")
    return ConfirmVerdict(False, "not_confirmed")
