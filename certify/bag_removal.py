"""Bags a policy lets be added but not removed: "Bags can be added but not removed" (the project's
airline policy), "The user can add but not remove checked bags" (tau-bench's). A text that offers to
take a checked bag off a reservation ("I can remove the checked bag and refund you $50 for it")
offers what the policy forbids; one that says it cannot does not.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_sentence
from trajectory2gym.certify.turns import sentences_saying

# The policy's rule: bags, then "not removed"; or "add but not remove" bags.
_RULE = re.compile(r"\bbags?\b[^.;]{0,40}?\bnot\s+(?:be\s+)?removed\b|\badd but not remove\b[^.;]{0,20}?\bbags?\b", re.I)
# An offer, or a plan, to take bags off: "I can remove the checked bag", "the extra bag can be removed".
_REMOVES = re.compile(r"\b(?:remove|removing|take off|taking off|drop|dropping)\s+(?:(?:the|a|an|one|two|that|those|"
                      r"your|\d)\s+)*(?:(?:checked|extra|additional)\s+)?bags?\b"
                      r"|\bbags?\b[^.?!;]{0,30}?\b(?:removed|taken off)\b", re.I)
# A refusal: "bags can't be removed", "I'm unable to remove the bag", "only added".
_NOT_OFFERED = re.compile(r"n't\b|\b(?:not|never|cannot|unable|only|no way|impossible)\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def bag_removal_rule(policy: str) -> str:
    """The policy's sentence that forbids removing bags; "" where it has none."""
    if "bag" not in policy:
        return ""
    return rule_sentence(policy, _RULE)


def offers_bag_removal(text: str) -> list[str]:
    """The sentences of a text that offer to remove checked bags, with no word of a refusal."""
    return [sentence for sentence in sentences_saying(text, _REMOVES, _NOT_OFFERED) if not sentence.endswith("?")]
