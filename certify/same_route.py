"""Another airport allowed for a reservation's change. A policy that says a change keeps the origin
and destination ("other reservations can change flights but keep origin, destination and trip
type"; tau-bench's "without changing the origin, destination, and trip type") makes a text that lets
a nearby airport stand in for them an invented exception: "switching to JFK counts as the same
destination and I can do that for you", "Gold members can swap to a nearby airport in the same
metro area". A refusal ("the destination must stay the same, so I can only look for flights into
PHL") or a new booking (which may fly anywhere) allows nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_sentence
from trajectory2gym.certify.turns import sentences_saying

_RULE = re.compile(r"\b(?:keep(?:s|ing)?|without changing|(?:cannot|can't|can not|may not) change)\s+(?:the\s+)?"
                   r"origin,?\s+(?:and\s+)?(?:the\s+)?destination\b", re.I)
# Another airport said to be the same place, or allowed: "counts as the same destination", "can swap to a
# nearby airport", "a different airport would be fine".
_ALLOWED = re.compile(r"\b(?:counts?|treated|considered|same)\s+as\s+(?:the\s+)?same\s+(?:destination|origin|airport|city)\b"
                      r"|\b(?:nearby|other|another|different|alternative|neighbou?ring)\s+(?:\w+\s+){0,2}?airports?\b"
                      r"(?=[^.;!?\n]*\b(?:fine|allowed|permitted|okay|ok|works?|counts?)\b)"
                      r"|\b(?:can|could)\s+(?:\w+\s+){0,2}?(?:swap|switch|change|move|go)\s+(?:\w+\s+){0,2}?to\s+"
                      r"(?:a|an|another|any)\s+(?:nearby|other|different|alternative|neighbou?ring)\s+"
                      r"(?:\w+\s+){0,2}?airports?\b", re.I)
# A refusal, a rule said, or a new booking: nothing allowed against the policy.
_NOT_ALLOWED = re.compile(r"n't\b|\b(?:not|cannot|unable|must|only|no|book\w*|new reservation)\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies
def same_route_rule(policy: str) -> str:
    """The policy's sentence that a change keeps the origin and destination; "" where it has none."""
    return rule_sentence(policy, _RULE)


def other_airport_allowed(text: str) -> list[str]:
    """The sentences of a text that let another airport stand in for a reservation's origin or
    destination, stripped."""
    return sentences_saying(text, _ALLOWED, _NOT_ALLOWED)
