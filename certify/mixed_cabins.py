"""One cabin for every flight of a reservation: "every flight of a reservation uses the same cabin"
(the project's airline policy), "Cabin class must be the same across all the flights in the same
reservation" (tau-bench's). A text that offers two cabins on the flights of one itinerary ("That
works: business on HAT072 ($282) and economy on HAT278 ($187)") offers what the policy forbids.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_sentence
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_RULE = re.compile(r"\bsame cabin\b|\bcabin\b[^.;]{0,30}?\bsame\b[^.;]{0,30}?\bflights\b", re.I)
# A cabin put on a flight: "business on HAT072", "HAT278 in economy".
_CABIN_ON = re.compile(r"\b(basic economy|economy|business)\s+(?:class\s+)?(?:on|for)\s+(?:the\s+)?(?:\w+\s+)?"
                       r"([A-Z]{3}\d{3})\b|\b([A-Z]{3}\d{3})\b[^.;,]{0,20}?\bin\s+(basic economy|economy|business)\b",
                       re.I)
# ... or on a leg: "upgrade just the outbound flights to business", "leave the return in economy".
_CABIN_LEG = re.compile(r"\b(?:outbound|return|way back|way out)(?:\s+(?:flights?|legs?|trip))?\s+(?:to|in)\s+"
                        r"(basic economy|economy|business)\b"
                        r"|\b(basic economy|economy|business)\s+(?:class\s+)?(?:on|for)\s+the\s+(?:outbound|return|way back)\b",
                        re.I)
# A refusal, or a question: "business out and economy back isn't possible".
_NOT_OFFERED = re.compile(r"n't\b|\b(?:not|cannot|unable|only|impossible|same cabin)\b|\?", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def one_cabin_rule(policy: str) -> str:
    """The policy's sentence that puts every flight of a reservation in one cabin; "" where none."""
    if "abin" not in policy:
        return ""
    return rule_sentence(policy, _RULE)


def mixed_cabins_offered(text: str) -> list[str]:
    """The sentences of a text that put two cabins on flights, with no word of a refusal."""
    out: list[str] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        cabins = {(m[1] or m[4]).lower() for m in _CABIN_ON.finditer(sentence)} | {
            (m[1] or m[2]).lower() for m in _CABIN_LEG.finditer(sentence)}
        if len(cabins) > 1 and not _NOT_OFFERED.search(sentence):
            out.append(sentence.strip())
    return out
