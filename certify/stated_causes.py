"""The cause a text gives for a flight's delay or cancellation: "The delay is due to a late-arriving
aircraft from the previous rotation", "The delay was caused by weather in Atlanta". No tool of the
airline domain reports why a flight is late, so a cause is visible only where an observation or the
user states it; one made up is an invented fact the student would learn to state.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# A delay or cancellation, then its cause: "the delay is due to ...", "it was cancelled because of ...".
_CAUSE = re.compile(r"\b(?:delay(?:ed)?|cancell?(?:ed|ation))\b[^.?!\n]{0,40}?\b(?:due to|caused by|because of|owing to|the result of)\s+"
                    r"(?P<cause>[^.?!\n;:]{3,80})", re.I)
# Not a cause: a question, a condition, or one the text says it cannot know.
_NOT_SAID = re.compile(r"\?|\b(?:if|whether|might|may|could|don't know|do not know|can't see|cannot see|not sure|"
                       r"no way to see|unknown)\b", re.I)
# Where a cause's head ends: "weather | in Atlanta", "a late-arriving aircraft | from the previous rotation".
_AFTER_HEAD = re.compile(r"\s(?:in|from|at|on|of|near|over|this|that|which|and|earlier|today)\s")
# Words of a cause that say nothing of it on their own.
_PLAIN = frozenset({"this", "that", "these", "those", "from", "with", "your", "their", "today", "afternoon", "there",
                    "morning", "evening", "tonight", "earlier", "previous", "some", "other", "issue", "issues",
                    "problem", "problems", "flight", "flights", "delay", "airport"})


def unseen_causes(text: str, seen: Callable[[str], bool]) -> list[str]:
    """The causes a text states for a delay or cancellation (as written), where no word of the cause's
    head, before a preposition (``seen``: whether an observation or the user wrote it), is visible."""
    out: list[str] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if "due to" not in sentence and "caused by" not in sentence and "because of" not in sentence \
                and "owing to" not in sentence and "result of" not in sentence:
            continue  # plain substrings first: most texts give no cause
        for m in _CAUSE.finditer(sentence):
            if _NOT_SAID.search(sentence):
                continue
            head = _AFTER_HEAD.split(m["cause"].lower(), 1)[0]  # "weather" of "weather in Atlanta"
            content = [w for w in re.findall(r"[a-z][a-z-]{3,}", head) if w not in _PLAIN]
            if content and not any(seen(w) for w in content):
                out.append(m["cause"].strip())
    return out
