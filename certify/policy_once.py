"""Actions a policy allows once: "Changing items of a pending order is possible only once per
order"; "A delivered order can have items returned or exchanged, once." A text that offers another
one ("we can make a separate change to the watch later", "you can always request another
exchange") once one went through, or beside the one it is pricing, offers what the policy forbids.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from trajectory2gym.certify.policy_times import policy_sentences
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# Each action a policy's "once" may bind, by the stems its words and its tools' names start with.
_ACTIONS: dict[str, tuple[str, ...]] = {
    "modify": ("modif", "chang", "swap", "adjust", "edit"),
    "exchange": ("exchang",),
    "return": ("return",),
}
_ACTION_WORD = re.compile(r"\b(modif|chang|swap|adjust|edit|exchang|return)\w*", re.I)
_FAMILY = {stem: action for action, stems in _ACTIONS.items() for stem in stems}
# "once" as a count ("only once per order", "returned or exchanged, once."), not the conjunction
# ("resumed only once its bill is paid") or "at once" (no waiting).
_ONCE = re.compile(r"(?<!\bat )\bonce\b(?=\s*(?:[.,;)]|$|per\b|only\b|and\b|each\b))", re.I)
# One more of an action: "a separate modification", "another exchange", "modify it again".
_ONE_MORE = re.compile(r"\b(?:another|separate|second|new|further|additional)\s+(?:\w+\s+){0,2}?"
                       r"((?:modification|change|exchange|return|swap)s?)\b"
                       r"|\b((?:modif|chang|swap|adjust|edit|exchang|return)\w*)\b[^.?!;]{0,40}\bagain\b"
                       # ... or as still possible: "it can still be returned from this order later"
                       r"|\b(?:can|could|may)\s+still\s+(?:be\s+)?((?:modif|chang|swap|adjust|edit|exchang|return)\w*)", re.I)
# ... offered as possible, not refused: "we can", "you can always", "any time", "later".
_OFFERED = re.compile(r"\b(?:can|could|always|any ?time|later|will be able|feel free|happy to)\b", re.I)
_REFUSED = re.compile(r"n't\b|\b(?:not|cannot|unable|only once|no longer|no more|no further)\b", re.I)
_ITEMS = re.compile(r"\bitems?\b", re.I)  # what a rule counts: "Changing items of a pending order ..."


def _family(word: str) -> str | None:
    low = word.lower()
    return next((action for stem, action in _FAMILY.items() if low.startswith(stem)), None)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def once_only(policy: str) -> dict[str, tuple[bool, str]]:
    """The actions a policy allows once, each with whether the rule is about items ("Changing items
    ...": an address change is another action) and the sentence that says so."""
    found: dict[str, tuple[bool, str]] = {}
    for sentence in policy_sentences(policy):
        if _ONCE.search(sentence):
            items = _ITEMS.search(sentence) is not None
            for m in _ACTION_WORD.finditer(sentence):
                found.setdefault(_FAMILY[m[1].lower()], (items, sentence.strip().lstrip("-* ")))
    return found


def made_once(rules: dict[str, tuple[bool, str]], made: Iterable[str]) -> set[str]:
    """The once-only actions among tool names that went through ("modify_pending_order_items");
    with an items rule, only a tool on items counts (not "modify_pending_order_address")."""
    done = set()
    for name in made:
        words = name.lower().split("_")
        for action, (items, _) in rules.items():
            if any(w.startswith(_ACTIONS[action]) for w in words) and (not items or "items" in words
                                                                        or "item" in words):
                done.add(action)
    return done


def offered_again(text: str, rules: dict[str, tuple[bool, str]], done: set[str],
                  of_done: Callable[[str], bool] | None = None) -> list[tuple[str, str]]:
    """Each offer of one more once-only action in a text ("a separate modification later"), with
    the action: where one went through (``done``), where its sentence speaks of one besides the
    offer ("if you want to change it as well, we can do that in a separate modification later"), or
    where it says "again" of the items an items rule counts. A refusal ("it can't be changed
    again") offers nothing. "It can still be returned" offers one more only of the object the one
    done was on (``of_done``: whether a sentence is about it)."""
    found: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if not _OFFERED.search(sentence) or _REFUSED.search(sentence):
            continue
        for m in _ONE_MORE.finditer(sentence):
            action = _family(m[1] or m[2] or m[3])
            if action is None or action not in rules:
                continue
            if m[3] is not None:
                if action in done and of_done is not None and of_done(sentence):
                    found.append((m[0], action))
                continue
            rest = sentence.replace(m[0], " ", 1)
            besides = any(_family(w[0]) == action for w in _ACTION_WORD.finditer(rest))
            # "you can adjust the items again later": again, of the very things the rule counts
            again_items = m[2] is not None and rules[action][0] and _ITEMS.search(m[0]) is not None
            if action in done or besides or again_items:
                found.append((m[0], action))
    return found


# A reply that grants what the user just asked: "Yes, I can set that up for you", "Sure — which one?".
_AGREES = re.compile(r"^\W*(?:yes|sure|of course|absolutely|certainly|definitely|no problem)\b", re.I)


def agreed_again(reply: str, request: str, rules: dict[str, tuple[bool, str]], done: set[str]) -> list[tuple[str, str]]:
    """The reply's first sentence and the action, where the user's request asks for a once-only
    action whose rule an action that went through (``done``) spent, and the reply grants it ("Could I
    also exchange the camera in that order?" "Yes, I can set that up for you", after a return on it:
    "returned or exchanged, once")."""
    # (one sentence may bind two: "returned or exchanged, once")
    spent = {rules[action][1] for action in done if action in rules}
    asked = {action for m in _ACTION_WORD.finditer(request)
             if (action := _family(m[1])) in rules and rules[action][1] in spent}
    first = SENTENCE_OR_LINE.split(reply.strip(), 1)[0]
    if not asked or not _AGREES.match(first) or _REFUSED.search(first):
        return []
    return [(first, action) for action in sorted(asked)]
