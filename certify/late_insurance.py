"""Insurance a policy allows only at booking: "insurance cannot be added after booking" (the
project's airline policy), "The user cannot add insurance after initial booking" (tau-bench's). A
text that offers to add insurance to a reservation already booked ("Sure! I can add travel
insurance for Lucas for $30.") offers what the policy forbids; one that says it cannot, or offers
it as part of a booking still to be made, does not.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_sentence
from trajectory2gym.certify.turns import sentences_saying

# The policy's rule: insurance, then "cannot be added after", or "cannot add insurance after".
_RULE = re.compile(r"\binsurance\b[^.;]{0,40}?\b(?:cannot|can not|can't|may not|not)\s+(?:be\s+)?added\s+after\b"
                   r"|\b(?:cannot|can not|can't|may not)\s+add\s+(?:travel\s+)?insurance\s+after\b", re.I)
# An offer, or a plan, to add insurance: "I can add travel insurance for Lucas", "add insurance to ABC123?".
_ADDS = re.compile(r"\b(?:add|adding|purchase|buy)\s+(?:(?:the|a|travel|trip)\s+)*insurance\b"
                   r"|\binsurance\b[^.?!;]{0,30}?\b(?:added|on there)\b", re.I)
# A refusal, or a condition: "insurance can't be added now", "if you'd like to add insurance when booking".
_NOT_OFFERED = re.compile(r"n't\b|\b(?:not|cannot|unable|only|no longer|too late|when (?:I |we |you )?book\w*|at booking|"
                          r"new booking|(?:I'll|I will|shall I|to|can) book)\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def late_insurance_rule(policy: str) -> str:
    """The policy's sentence that forbids adding insurance after booking; "" where it has none."""
    if "nsurance" not in policy:
        return ""
    return rule_sentence(policy, _RULE)


def offers_late_insurance(text: str) -> list[str]:
    """The sentences of a text that offer to add insurance, with no word of a refusal or of a booking
    still to be made (asked only once a reservation is booked, or of one the text names)."""
    return sentences_saying(text, _ADDS, _NOT_OFFERED)
