"""A flight change offered on a basic economy reservation. A policy that says "Basic economy flights
cannot be changed" makes an offer to move such a booking to other flights or dates against it ("But
I can move it to later dates free of charge", "HAT143 would save $24 per person. Want me to switch
it?"); a change of cabin is another matter, and a refusal offers nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_words
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

_NO_CHANGE = re.compile(r"\bbasic economy (?:flights?|reservations?|tickets?) (?:cannot|can't|can not) be "
                        r"(?:changed|modified)\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies
def no_change_rule(policy: str) -> str:
    """The policy's words that basic economy flights cannot be changed; "" where it says none."""
    return rule_words(policy, _NO_CHANGE)


# The agent offering to do the change: "I can move it to later dates", "Want me to switch it?".
_OFFER = re.compile(r"\b(?:i can|i could|i'll|i will|shall i|should i|(?:do you )?want me to|would you like me to|"
                    r"happy to)\s+(?:\w+\s+){0,2}?(?:move|change|switch|rebook|reschedule)\b", re.I)
# A change of something else (a cabin, a passenger, bags), or a change denied: no flight change offered.
_NOT_FLIGHTS = re.compile(r"\b(?:cabin|upgrade|business|class|passengers?|names?|birth|dob|bags?|baggage|luggage|"
                          r"address|payment|card|insurance|seats?)\b|n't\b|\b(?:not|cannot|unable)\b", re.I)
# What a flight change changes: "to later dates", "the earlier flight", "HAT143".
_FLIGHT_WORDS = re.compile(r"\b(?:flights?|dates?|days?|later|earlier|leave|depart\w*|[A-Z]{3}\d{3})\b")
_FLIGHT_NUMBER = re.compile(r"\b[A-Z]{3}\d{3}\b")
# Something else a text may offer to change ("$78 per person (2 passengers)" prices a fare, changes no one).
_OTHER_CHANGE = re.compile(r"\b(?:cabin|upgrade|names?|birth|dob|bags?|baggage|luggage|address|insurance|seats?)\b", re.I)


# ... or saying it can be done: "Sure, that one can be moved as well."
_CAN_BE = re.compile(r"\b(?:it|that(?: one)?|this(?: one)?|they|both|these|those)\s+can\s+(?:also\s+)?be\s+"
                     r"(?:moved|changed|rebooked|rescheduled|switched)\b", re.I)


def flight_change_offers(text: str) -> list[str]:
    """The sentences of a text that offer to change a reservation's flights or dates: the sentence says
    what it changes, or the text lists flights and speaks of nothing else to change ("HAT143 would
    save $24 per person. Want me to switch it?"); or says it can be moved, the text asking of dates
    or flights ("Sure, that one can be moved as well. Which dates would you like ...?")."""
    listed = _FLIGHT_NUMBER.search(text) is not None and not _OTHER_CHANGE.search(text)
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if not _NOT_FLIGHTS.search(s) and (
        (_OFFER.search(s) and (_FLIGHT_WORDS.search(s) or listed))
        or (_CAN_BE.search(s) and (_FLIGHT_WORDS.search(text) or listed)))]
