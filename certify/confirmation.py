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
    stem,
    tokens,
    words,
)

_CLAUSE_SPLIT = re.compile(r"[.;!?\n]+|,\s*(?=but\b|and\b|except\b|though\b)|\bbut\b|\bexcept\b|\bhowever\b", re.I)
_AFFIRM = re.compile(
    r"\b(yes|yeah|yep|yup|sure|confirm(?:ed|s)?|correct|proceed|ok(?:ay)?|go ahead|please do|do it|"
    r"sounds good|that'?s right|that is right|absolutely|definitely|alright|all right|perfect|"
    r"let'?s do it|i agree|agreed|that works|works for me|go for it|affirmative|fine by me|that'?s fine)\b",
    re.I,
)
_DIRECTIVE = re.compile(r"\b(just|only|please)\b", re.I)
_NEGATE = re.compile(
    r"\b(no|not|don'?t|do not|never|keep|skip|leave|hold off|wait|cancel that|nevermind|never mind|"
    r"rather not|won'?t|shouldn'?t)\b",
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
    "update": ("change", "modif", "updat", "switch"),
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
    "refuel": ("refuel", "add data", "top up"),
}


def _stems_of(verb: str) -> set[str]:
    return {stem(verb), *(stem(s) for s in _SYNONYMS[verb])}


@lru_cache(maxsize=1024)
def action_stems(tool: str) -> frozenset[str]:
    """Stems a message must use to describe a call of ``tool``: its verb and the verb's synonyms
    when it is named after a known action verb, else every word of its name (toggle_wifi)."""
    parts = [w for w in re.split(r"[_\W]+", tool.lower()) if w and w not in _GENERIC]
    if parts and parts[0] in _SYNONYMS:
        return frozenset(_stems_of(parts[0]))
    out = {stem(w) for w in parts}
    for w in parts:
        out.update(stem(s) for s in _SYNONYMS.get(w, ()))
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
        """The words joined with a leading space: `` " " + stem in wordline`` is a word-prefix test."""
        if self._stems is None:
            self._tokenize_words()
        return self._stems  # type: ignore[return-value]

    def _tokenize_words(self) -> None:
        ws = words(self.text)  # once for both views
        self._words = set(ws)
        self._stems = " " + " ".join(ws)

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

    __slots__ = ("ids", "stems", "_raw", "_index", "_labels_of", "_all", "_shapes")

    def __init__(self, raw: dict[str, list[str]], stems: frozenset[str], index: EvidenceIndex):
        self._raw = raw  # identifier key -> the values the call gave for it
        self.ids: set[str] = set(raw)
        self.stems = stems
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


def call_anchors(tool: str, arguments: dict[str, Any], roles: dict[str, str], index: EvidenceIndex) -> Anchors:
    raw: dict[str, list[str]] = {}
    # List arguments first: their identifiers (the items an exchange touches) are the ones with
    # object names; a scalar one (the order, the payment method) recurs in many observations.
    args = sorted(arguments.items(), key=lambda kv: not isinstance(kv[1], list))
    for arg, value in args:
        if roles.get(arg) != "identifier":
            continue
        for v in _identifier_values(value):
            c = compact(v)
            if c:
                raw.setdefault(c, []).append(v)
    return Anchors(raw, action_stems(tool), index)


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
    if anchors.stems and not any(" " + s in turn.wordline for s in anchors.stems):
        return False
    return not anchors.ids or anchors.names_object(turn.words, turn.compacts)  # no ids: no labels


# Every known action's verb, but "pay": as a prefix it is "payment", which any purchase mentions.
def _names_action(ws: set[str], anchors: Anchors) -> bool:
    return not anchors.stems.isdisjoint({stem(w) for w in ws})


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


def check_confirmation(turns: list[Turn], anchors: Anchors, index: EvidenceIndex) -> ConfirmVerdict:
    """The rule-based workflow verdict for one consequential call, given the text turns before it."""
    last_desc = -1
    for k in range(len(turns) - 1, -1, -1):
        if turns[k].role == "assistant" and describes(turns[k], anchors):
            last_desc = k
            break
    if last_desc < 0:
        needs = f"the action and one of: {anchors.describe()}" if anchors.ids else "the action"
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
            if _AFFIRM.search(clause.text) or (_DIRECTIVE.search(clause.text) and (this or _names_action(ws, anchors))):
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
        return ConfirmVerdict(True)
    if withdrawn:
        return ConfirmVerdict(False, "confirmation_withdrawn")
    if affirmed_elsewhere:
        return ConfirmVerdict(False, "confirmation_not_covering", f"confirmed without {anchors.describe()}")
    return ConfirmVerdict(False, "not_confirmed")
