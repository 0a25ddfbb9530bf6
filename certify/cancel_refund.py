"""A refund on cancellation that the policy does not give: "you can cancel and receive a full refund
of $280", of a basic economy reservation booked a week ago without insurance, where the policy
allows a cancellation only within 24 hours of booking, for a flight the airline cancelled, in
business, or with insurance and a covered reason.

Read only where the reservation's record shows each of those conditions unmet that a record can
show (its cabin, its insurance, a booking day at least two days before today) and the user has not
said the airline cancelled the flight (no tool shows a flight's status for certain).

Also: insurance said to refund a cancellation for any reason, where the policy's insurance covers
named reasons only ("allows a full refund when the trip is cancelled for health or weather reasons").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime
from functools import lru_cache

from trajectory2gym.certify.normalize import cents_of, identifiers_in, money_numbers_in
from trajectory2gym.certify.policy_times import policy_sentences, rule_text
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# The policy's rule: a cancellation within 24 hours of booking, or in business, ...
_RULE = re.compile(r"\bcancel", re.I)
_RULE_PARTS = (re.compile(r"\b24 hours\b", re.I), re.compile(r"\bbusiness\b", re.I))
# A cancellation said to bring a refund: "you can cancel and receive a full refund of $280".
_REFUND_SAID = re.compile(r"\bcancel\w*\b[^.?!\n]{0,80}?\b(?:full\s+)?refund\w*\b|\b(?:full\s+)?refund\w*\b[^.?!\n]{0,40}?"
                          r"\bcancel", re.I)
# ... not denied, asked or put as a condition: "can't be cancelled for a refund", "if it had been ...".
_NOT_SAID = re.compile(r"n't\b|\b(?:not|no|cannot|unfortunately|only|unless|if|whether|eligible for|requires?|required)\b|\?"
                       r"|\b(?:when|where|once)\b[^.?!\n]{0,30}?\b(?:allowed|permitted|possible|eligible)\b"
                       r"|\b(?:an?|any)\s+(?:eligible|allowed|permitted)\s+cancell?ation\b"
                       # where a cancellation's refund goes, as a rule: "refunds from a cancellation go back to ..."
                       r"|\brefunds\s+(?:from|of|on|for)\s+(?:an?\s+|any\s+)?cancell?ations?\s+\**(?:go|are\s+(?:sent|returned))\b"
                       # ... or of any one cancelled: "When a reservation is cancelled, refunds go back to ..."
                       r"|\b(?:when|whenever)\s+(?:an?|any)\s+(?:reservation|booking|trip|flight)\s+(?:is|gets)\s+cancell?ed\b"
                       # a question put in a statement: "I'll tell you exactly which can be cancelled"
                       r"|\b(?:tell you|see|check|find out|work out)\s+(?:exactly\s+)?(?:which|whether|what)\b",
                       re.I)  # ("When a cancellation is allowed, refunds go back to ...", "an eligible cancellation would";
# the rule's terms: "A cancellation with refund requires one of: ...")
# The user saying the airline cancelled the flight: a condition no record shows.
_AIRLINE_CANCELLED = re.compile(r"\b(?:airline|you guys|you)\s+cancel|\bflight\s+(?:was|got|has been|is)\s+"
                                r"(?:\w+\s+)?cancel", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def cancellation_rule(policy: str) -> str:
    """The policy's sentence that limits cancellations (within 24 hours of booking, business, ...);
    "" where it has none."""
    return next((rule_text(s) for s in policy_sentences(policy)
                 if _RULE.search(s) and all(p.search(s) for p in _RULE_PARTS)), "")


def refunds_said(text: str) -> list[str]:
    """The sentences of a text that say a cancellation brings a refund, plainly (no denial,
    condition or question)."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if _REFUND_SAID.search(s) and not _NOT_SAID.search(s)]


# A cancellation offered as possible: "I can cancel it and return the $152 as a certificate", "it can be
# cancelled"; read per clause, so a denial of something else before it ("aren't refundable to your
# card, but ...") leaves it standing.
_CANCEL_OFFERED = re.compile(r"\b(?:i|we)\s+can\s+(?:still\s+|go ahead and\s+)?cancel\b"
                             r"|\bcan\s+(?:still\s+)?be\s+cancell?ed\b", re.I)
_CLAUSE = re.compile(r",?\s+but\s+|;\s+|\s[—–]\s")


def cancel_offered(text: str) -> list[str]:
    """The clauses of a text that offer to cancel (or say it can be cancelled), plainly: no denial,
    condition or question in the clause."""
    return [c.strip() for s in SENTENCE_OR_LINE.split(text) if "ancel" in s and not s.rstrip().endswith("?")
            for c in _CLAUSE.split(s) if _CANCEL_OFFERED.search(c) and not _NOT_SAID.search(c)]


def refund_unowed(cabin: object, insurance: object, booked: object, today: date, user_text: str,
                  now: datetime | None = None) -> bool:
    """Whether a reservation's record (its cabin, insurance and ``created_at``) shows no condition the
    rule gives met, and the user has not said the airline cancelled the flight. Booked more than 24
    hours before ``now``, where the conversation gives the time; else two days or more before today."""
    if not isinstance(cabin, str) or not isinstance(insurance, str) or not isinstance(booked, str):
        return False
    try:
        day = date.fromisoformat(booked[:10])
        then = datetime.fromisoformat(booked[:19]) if now is not None and len(booked) >= 16 else None
    except ValueError:
        return False
    old = (now - then).total_seconds() > 24 * 3600 if now is not None and then is not None else (today - day).days >= 2
    return (cabin.lower() != "business" and insurance.lower() == "no" and old
            and not _AIRLINE_CANCELLED.search(user_text))


# The policy's insurance rule, where it names the reasons it covers: "... insurance ... allows a full
# refund when the trip is cancelled for health or weather reasons".
_INSURANCE_RULE = (re.compile(r"\binsurance\b", re.I), re.compile(r"\brefund", re.I), re.compile(r"\breasons?\b", re.I))
# Any reason at all: "it lets you cancel for a full refund for any reason", "no questions asked".
_ANY_REASON = re.compile(r"\b(?:for\s+(?:any|whatever)\s+reason|(?:no matter|regardless of)\s+(?:the\s+|what\s+the\s+)?"
                         r"(?:reason|why)|whatever the reason|no questions asked)\b", re.I)
_INSURED = re.compile(r"\binsur", re.I)
_DENIED = re.compile(r"n't\b|\b(?:not|cannot|never|only|unless|if|whether)\b|\?", re.I)


@lru_cache(maxsize=64)
def insurance_rule(policy: str) -> str:
    """The policy's sentence that says which cancellations its travel insurance refunds; "" where
    it has none."""
    return next((rule_text(s) for s in policy_sentences(policy) if all(p.search(s) for p in _INSURANCE_RULE)), "")


def any_reason_said(text: str) -> list[str]:
    """The sentences of a text that say insurance refunds (or covers) a cancellation whatever its
    reason, plainly (no denial or question: "insurance doesn't cover any reason" is the policy)."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text)
            if _ANY_REASON.search(s) and _INSURED.search(s) and not _DENIED.search(s) and not _NO_INSURANCE_NEEDED.search(s)]


# Insurance said to pay for a change: "because HXDUBJ has travel insurance, the fare difference is waived".
_CHANGE_PAID = re.compile(r"\b(?:fare difference|price difference|change fees?|difference)\b[^.!?\n]{0,30}?\b(?:is|are|gets?|would be|will be)"
                          r"\s+(?:waived|covered|free)\b|\b(?:waives?|covers?)\s+(?:the\s+)?(?:fare\s+|price\s+)?"
                          r"(?:difference|change fees?)\b", re.I)


def insured_change_said(text: str) -> list[str]:
    """The sentences of a text that say insurance pays for a change (waives the fare difference or a
    change fee), plainly (no denial or question): the policy's insurance refunds cancellations only."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text)
            if _INSURED.search(s) and _CHANGE_PAID.search(s) and not _DENIED.search(s)]


# Insurance said to be needed for nothing: "it can be cancelled for a full refund for any reason (it's
# business class) — no need for an insurance reason".
_NO_INSURANCE_NEEDED = re.compile(r"\b(?:no need for|(?:don't|doesn't|do not|does not) need)\s+(?:an?\s+|the\s+|any\s+)?insur",
                                  re.I)


# Insurance given as what brings the refund: "Since it has travel insurance, I can cancel it with a full
# refund", "because it's insured, you can also claim a full refund ... for the delay".
_INSURANCE_BRINGS = re.compile(r"\b(?:since|because|as|thanks to|with)\b[^.!?\n]{0,40}?\binsur\w*"
                               r"[^.!?\n]{0,80}?\brefund"
                               r"|\binsurance\b[^.!?\n]{0,30}?\b(?:covers?|entitles?|qualif\w*)\b"
                               r"[^.!?\n]{0,40}?\brefund"
                               # "since you have travel insurance I went ahead and cancelled V4D9ZA"
                               r"|\b(?:since|because|thanks to)\b[^.!?\n]{0,40}?\binsur\w*[^.!?\n]{0,30}?\b(?:I|we)\b"
                               r"[^.!?\n]{0,25}?\bcancel\w*", re.I)  # (not "compensation for a cancelled flight")
# Words of the reasons a policy's insurance covers, by the reason it names ("health or weather reasons").
_REASON_WORDS = {"health": ("health", "sick", "ill", "illness", "medical", "hospital", "injur", "surgery", "doctor",
                            "covid", "flu", "pregnan", "emergency"),
                 "weather": ("weather", "storm", "hurricane", "snow", "blizzard", "flood", "typhoon", "tornado")}
_NAMED_REASONS = re.compile(r"\b([a-z]+)(?:\s+or\s+([a-z]+))?\s+reasons?\b", re.I)


def covered_words(rule: str) -> tuple[str, ...]:
    """The words that say a reason the insurance rule covers ("health or weather reasons": sick,
    storm, ...); none where the rule names reasons this module has no words for."""
    m = _NAMED_REASONS.search(rule)
    named = [w.lower() for w in (m.groups() if m else ()) if w]
    if not named or any(w not in _REASON_WORDS for w in named):
        return ()
    return tuple(word for w in named for word in _REASON_WORDS[w])


def gives_covered_reason(user_text: str, covered: tuple[str, ...]) -> bool:
    """Whether the user's words name a covered reason: a word that starts with one of ``covered``
    ("sick", "injured"; not "still" for "ill")."""
    return any(word.startswith(covered) for word in re.findall(r"[a-z]+", user_text.lower()))


def insured_refunds_said(text: str) -> list[str]:
    """The sentences that give a reservation's insurance as what brings a cancellation's refund,
    plainly (no denial, condition or question)."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if _INSURANCE_BRINGS.search(s)
            and not _DENIED.search(_POLITE.sub(" ", s))]


_POLITE = re.compile(r"\bif you(?:'d| would)? (?:like|want|wish|prefer)\b", re.I)  # an offer's manners, no condition


# A full refund's amount: "cancel RXBE5Q with a full refund of $142", "a full $202 refund".
# A cancellation's refund, in a sentence that says the cancellation: "cancel it with a refund of $1,805".
_CANCEL_REFUND = re.compile(r"\brefund\s+of\s+\**\$(\d[\d,]*(?:\.\d+)?)", re.I)
_REFUND_LABEL = re.compile(r"\W*refund\**\s*(?::|\s+of\b)\s*\**\$(\d[\d,]*(?:\.\d+)?)\**(?![\d,.]*\d)(?!\s*(?:\+|and\b|each|per\b))",
                           re.I)
_FULL_REFUND = re.compile(r"\bfull\s+(?:refund\s+of\s+\**\$(\d[\d,]*(?:\.\d+)?)|\**\$(\d[\d,]*(?:\.\d+)?)\**\s+refund)", re.I)


# A cancellation spoken of, not cancellations in general ("the policy states refund timelines for
# cancellations", beside an item change's "- Refund: $48.67").
_A_CANCELLATION = re.compile(r"\bcancel(?:l?ed|l?ing|lation)?\b", re.I)


def misstated_full_refunds(text: str, paid_of: Callable[[str], int | None]) -> list[tuple[str, str, int]]:
    """(the amount as written, the object, what its payments come to, in cents) for each sentence
    that names one object (or of its line's one object, or the text's) and gives its full refund,
    or a cancellation's refund, one amount other than all it was paid:
    "I can cancel RXBE5Q with a full refund of $142", where its payment history shows $202;
    "- 33BKWP: ... so I can cancel it with a refund of $1,805", paid $1,835 (fare and insurance).
    ``paid_of``: an object's paid total from its newest record; None where none is shown."""
    out: list[tuple[str, str, int]] = []
    whole: list[tuple[str, int]] | None = None  # the text's objects with a payment total, read on need
    for line in text.split("\n"):
        for sentence in SENTENCE_OR_LINE.split(line):
            if "full" in sentence and (m := _FULL_REFUND.search(sentence)) is not None:
                said = m[1] or m[2]
            elif "ancel" in sentence and (m := _CANCEL_REFUND.search(sentence)) is not None and len(
                    money_numbers_in(sentence)) == 1:
                said = m[1]
            elif "efund" in sentence and (m := _REFUND_LABEL.match(sentence)) is not None and "ancel" in text \
                    and _A_CANCELLATION.search(text):
                said = m[1]  # a cancellation's list: "- Refund: $168 USD back to gift card ...", then "Cancel it?"
            else:
                continue
            paid = _paid_objects(sentence, paid_of) or _paid_objects(line, paid_of)
            if not paid:  # "I'll cancel L9J4BK (...). Since it's insured, you get a full refund of $564": the text's one
                whole = whole if whole is not None else _paid_objects(text, paid_of)
                paid = whole
            if len(paid) == 1 and abs(cents_of(said) - paid[0][1]) > 1:
                out.append(("$" + said, paid[0][0], paid[0][1]))
    return out


def _paid_objects(text: str, paid_of: Callable[[str], int | None]) -> list[tuple[str, int]]:
    """(identifier, paid total) of each object a text names whose record shows what it was paid."""
    return [(ident, total) for ident in dict.fromkeys(identifiers_in(text)) if (total := paid_of(ident)) is not None]
