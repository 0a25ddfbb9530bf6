"""The policy's rules on the shape of one assistant turn: "Make one tool call at a time and do not
answer the customer in the same turn as a call" (retail), "One tool call at a time; do not reply to
the customer in the same turn as a tool call" (airline), tau-bench's "if you take a tool call, you
should not respond to the user at the same time". A turn with two calls, or with a call and a reply,
breaks them; a policy without such a sentence (telecom) allows both.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_sentence

_ONE_CALL = re.compile(r"\bone (?:tool )?call at a time\b", re.I)
# "do not answer the customer in the same turn as a call", "should not respond to the user at the same time"
_NO_REPLY = re.compile(r"\b(?:not|never)\s+(?:answer|reply|respond)\w*\b[^.;]{0,40}?\b(?:in the same turn|at the same time)\b",
                       re.I)


@lru_cache(maxsize=64)
def turn_rules(policy: str) -> tuple[str, str]:
    """The policy's sentence that allows one tool call a turn, and the one that keeps replies out
    of a turn with a call; each "" where the policy has none."""
    one = rule_sentence(policy, _ONE_CALL)
    alone = rule_sentence(policy, _NO_REPLY)
    return one, alone
