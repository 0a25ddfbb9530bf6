"""A compensation certificate offered to a customer the policy does not make eligible: "I can also
issue you a $100 travel certificate", to a regular member flying economy without insurance, where
the policy gives certificates only to silver or gold members, or customers with insurance or a
business cabin.

Read only where the profile shown gives one tier and the reservation in question shows its cabin
and insurance: each condition the policy names is then visibly unmet.

Also: a certificate offered first, where the policy gives one only when the customer complains
("Never offer it first") and the user has complained of nothing: "Since you're a Gold member, I can
also add a $100 travel certificate", after a cancellation the user asked for.

And: certificates said to pay one booking together ("You can combine it with your existing $500
certificate"), where the policy allows at most one per booking.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.policy_times import policy_sentences, rule_sentence, rule_text
from trajectory2gym.certify.turns import SENTENCE_OR_LINE, sentences_saying

# The policy's rule: a certificate only for the eligible (silver or gold, insurance, business).
_RULE = re.compile(r"\bcertificate\b[^.]*\beligible\b|\beligible\b[^.]*\bcertificate\b", re.I)
# A certificate, or compensation, offered: "I can also issue you a $100 travel certificate".
# ("I'd like to make it up to you with a $50 travel certificate")
_OFFERED = re.compile(r"\b(?:(?:issue|offer|give|send|provide|add)\w*|make (?:it|this) up to)\s+(?:you\s+|her\s+|him\s+|them\s+)?(?:with\s+)?"
                      r"(?:an?\s+|one\s+)?\**\$?[\d,]*\**\s*(?:dollars?\s+)?(?:travel\s+|goodwill\s+|courtesy\s+)?"
                      r"(?:certificate|voucher|compensation)\b", re.I)
_NOT_OFFERED = re.compile(r"n't\b|\b(?:not|no|cannot|unable|unfortunately|only|if|unless)\b", re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def compensation_rule(policy: str) -> str:
    """The policy's sentence that limits certificates to eligible customers; "" where it has none."""
    return next((rule_text(s) for s in policy_sentences(policy)
                 if _RULE.search(s) and "silver" in s.lower() and "business" in s.lower()), "")


# The policy's limit of certificates per booking: "at most one certificate".
_ONE_CERTIFICATE = re.compile(r"\b(?:at most|only|no more than)\s+one\s+(?:travel\s+)?certificate\b[^.;\n]*", re.I)
# Certificates said to pay one booking together: "combine it with your existing $500 certificate",
# "both certificates can be combined"; not "can't be combined", "only one".
_CERTIFICATES_JOINED = re.compile(r"\bcombin\w*\b[^.;\n]*\bcertificate|\bcertificates?\b[^.;\n]*\bcombin\w*"
                                  # (not the ones left unused: "the other two certificates ($250 and $250) stay on your account")
                                  r"|\b(?<!other )(?<!remaining )(?:both|two|all\s+(?:three|four|five|\d))\s+(?:of\s+(?:your|the)\s+)?"
                                  r"(?:travel\s+)?certificates\b", re.I)  # ("apply all three certificates ($1000)")
_NOT_JOINED = re.compile(r"\b(?:not|cannot|can't|only one|one certificate|no more than|at most)\b|n't\b", re.I)


def one_certificate_rule(policy: str) -> str:
    """The policy's words that allow one certificate per booking ("at most one certificate, ..."); ""
    where it has none."""
    return m[0] if (m := _ONE_CERTIFICATE.search(policy)) else ""


def certificates_joined(text: str) -> list[str]:
    """The sentences of a text that let certificates pay one booking together, stripped: "You can
    combine it with your existing $500 certificate on your next booking."."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if _CERTIFICATES_JOINED.search(s) and not _NOT_JOINED.search(s)]


def certificates_offered(text: str) -> list[str]:
    """The sentences of a text that offer a certificate or compensation, plainly (no refusal or
    condition)."""
    return sentences_saying(text, _OFFERED, _NOT_OFFERED)


# A certificate refused for want of eligibility: "compensation certificates are only available to silver
# and gold members", "you're not eligible for compensation".
_REFUSED = re.compile(r"\b(?:certificates?|compensation|vouchers?)\b[^.;\n]{0,40}?\b(?:only (?:available|offered|given)|"
                      r"(?:is|are) (?:not|n't) (?:available|eligible))\b|(?:\bnot|n't) (?:be )?eligible\b[^.;\n]{0,30}?"
                      r"\b(?:certificates?|compensation|vouchers?)\b", re.I)


# A certificate said to be the customer's due: "you're eligible for a $50 certificate", "entitled to a
# $100 travel certificate", "eligible for delay compensation of $50 per passenger".
_ENTITLED = re.compile(r"\b(?:eligible|entitled|qualif\w*)\s+(?:for|to)\b(?:[^.;\n]{0,40}?\b(?:certificate|voucher|compensation)\b"
                       r"|\s+(?:an?\s+)?\$?\d[\d,]*(?:\s+dollars)?\b)", re.I)  # ... or to an amount: "eligible for 50 dollars"


def certificates_held_out(text: str) -> list[str]:
    """The sentences that tell the customer a certificate is theirs to claim, on a condition too ("if
    HAT175 ends up delayed you'd be entitled to a $50 certificate"): a certificate put forward, where
    the policy has one wait for a complaint. (Not one denied: ``_DENIED``, below.)"""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if _ENTITLED.search(s) and not _DENIED.search(s)]


def certificates_promised(text: str) -> list[str]:
    """``certificates_offered``, and the sentences that say the customer is due one, plainly."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text)
            if (_OFFERED.search(s) or _ENTITLED.search(s)) and not _NOT_OFFERED.search(s)]


def certificates_refused(text: str) -> list[str]:
    """The sentences of a text that refuse a certificate for want of eligibility (by membership: not for
    want of a change or cancellation, which delay compensation needs)."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if _REFUSED.search(s) and "?" not in s
            and _BY_MEMBERSHIP.search(s) and not _OTHER_CONDITION.search(s)]


_BY_MEMBERSHIP = re.compile(r"\b(?:members?|membership|tier|silver|gold|regular)\b", re.I)
_OTHER_CONDITION = re.compile(r"\b(?:chang\w*|cancell?\w*)\b", re.I)


# What is left of a certificate said to stay for later: "the remaining $310 stays on the certificate for a
# future booking", "the remaining $60 stays on it for your next trip".
_KEPT = re.compile(r"\b(?:remaining|rest|leftover|left ?over|unused)\b[^.;!?\n]{0,30}?\b(?:stays?|remains?|is kept|"
                   r"will be kept|is saved|carries over|rolls over)\b"
                   r"|\b(?:still|now) has \$[\d,]+(?:\.\d+)? (?:left|remaining)\b"  # "which still has $227 left"
                   # "you'd have **$125** left on the certificate for a future trip"
                   r"|\bhave \**\$[\d,]+(?:\.\d+)?\**\s+(?:left|remaining)\s+on\s+(?:it|the certificate|your certificate|"
                   r"that certificate)\b"
                   # "$125 would remain on it" (not what is left to pay: "If you use the $250 certificate, $5 would remain")
                   r"|\$[\d,]+(?:\.\d+)?\**\s+(?:would|will)\s+(?:remain|stay|be left|be kept)\s+on\s+"
                   r"(?:it|the certificate|your certificate|that certificate)\b", re.I)


# What a certificate is said to hold still: "$130 on certificate_7924117, which still has its $500".
_STILL_HOLDS = re.compile(r"\b(certificate_\d+)\b[^.;!?\n]{0,40}?\bstill (?:has|holds) (?:its |the full |all )?\$", re.I)


def certificates_still_held(text: str) -> list[tuple[str, str]]:
    """(the sentence, the certificate it names) for each sentence saying a certificate still holds
    an amount."""
    return [(s.strip(), m[1].lower()) for s in SENTENCE_OR_LINE.split(text) if (m := _STILL_HOLDS.search(s))]


def certificate_kept(text: str) -> list[str]:
    """The sentences that say the rest of a certificate, paid with, stays for later (where the booking
    tool says a used certificate is consumed): "the unused $95 stays on that certificate"."""
    out: list[str] = []
    before = ""  # "Your certificate certificate_8998287 has $500. After paying $375, $125 would remain on it."
    for s in SENTENCE_OR_LINE.split(text):
        prior, before = before, s
        if ("ertificate" in s or (" on it" in s and "ertificate" in prior)) and (m := _KEPT.search(s)) \
                and not _DENIED.search(m[0]) and "gift" not in s[max(0, m.start() - 30):m.start()].lower() \
                and "certificates" not in m[0].lower():
            # (not "gift card 8364520 now has $152 left", nor other certificates: "The remaining two
            # certificates stay on your profile")
            out.append(s.strip())
    return out


_DENIED = re.compile(r"\b(?:not|never|no longer)\b|n't\b", re.I)  # "the remaining $38 would not stay on it"


def eligible(tiers: set[str], cabin: object, insurance: object) -> bool:
    """Whether the tier shown, a reservation's cabin or its insurance meets one of the rule's
    conditions (the rule's other side: ``ineligible``)."""
    return (bool(tiers & {"silver", "gold"}) or (isinstance(cabin, str) and cabin.lower() == "business")
            or (isinstance(insurance, str) and insurance.lower() == "yes"))


def ineligible(tiers: set[str], cabin: object, insurance: object) -> bool:
    """Whether the one tier shown, a reservation's cabin and its insurance meet none of the rule's
    conditions (a silver or gold member, insurance, a business cabin)."""
    return (tiers == {"regular"} and isinstance(cabin, str) and isinstance(insurance, str)
            and cabin.lower() != "business" and insurance.lower() == "no")


# The policy's rule that a certificate waits for a complaint: "Offer a certificate only when the customer
# complains ...", "Never offer it first".
_FIRST_RULE = re.compile(r"\bnever offer\b|\bonly (?:when|if) the (?:customer|user) complains\b", re.I)
# A user's word of a complaint, or of what compensation is for.
_COMPLAINT = re.compile(r"\b(?:compensat\w*|certificate|voucher|complain\w*|inconvenien\w*|delay\w*|upset|unacceptable|"
                        r"unhappy|not happy|annoy\w*|fed up|"
                        r"ridiculous|frustrat\w*|angry|terrible|awful|disappoint\w*|trouble|make (?:it|this|that) up|"
                        r"(?:flight|it)(?: \w+){0,9}? (?:was|got|has been|is) cancell?ed|cancell?ed (?:my |our |the )?flight|"
                        r"airline cancell?ed|never got anything|(?:nobody|no one|no-one) (?:offered|gave)|"
                        r"(?:didn't|did not|never) (?:get|offer|give)\w* (?:me |us )?anything)\b", re.I)
# ("my flight with you in April got cancelled", "my flight on may 11 from phoenix to new york got cancelled
# and nobody offered me anything")


@lru_cache(maxsize=64)
def offer_first_rule(policy: str) -> str:
    """The policy's sentence that has a certificate wait for the customer's complaint; "" where it
    has none."""
    return next((rule_text(s) for s in policy_sentences(policy)
                 if _FIRST_RULE.search(s) and ("certificate" in s.lower() or "offer it" in s.lower())), "")


def complained(user_text: str) -> bool:
    """Whether the user's words complain of something, or ask for what compensation is (not "worked
    out fine, no complaints")."""
    if "omplain" in user_text or "not " in user_text:
        user_text = _NO_COMPLAINT.sub(" ", user_text)
    return _COMPLAINT.search(user_text) is not None


_NO_COMPLAINT = re.compile(r"\b(?:no|not|never|without)\s+(?:\w+\s+){0,2}?(?:complain\w*|upset|angry|frustrated|"
                           r"disappointed)\b", re.I)


# The policy's rule that a delay is compensated only once the reservation is changed or cancelled:
# "delayed flight after a change or cancellation: 50 dollars per passenger".
_DELAY_RULE = re.compile(r"\bdelay\w*\b[^.;\n]*?\bafter\s+(?:a\s+|the\s+)?(?:chang|cancel)\w*", re.I)
# A delay said as lateness: "the ATL to LGA leg on the 8th was late", "it arrived 3 hours late".
_LATE = re.compile(r"\b(?:was|were|ran|arrived|came in|got in|landed|is running|running|is)\s+(?:\w+\s+){0,2}?late\b"
                   r"|\blate (?:flight|arrival)\b", re.I)  # ("HAT266 is running 3 hours late")
# A flight the user says the airline cancelled (compensated without a change), not a delay.
_FLIGHT_CANCELLED = re.compile(r"\b(?:flight|it)(?: \w+){0,9}? (?:was|got|has been|is) cancell?ed"
                               r"|\bcancell?ed (?:my |our |the )?flight|\bairline cancell?ed", re.I)


# The policy's cases a certificate compensates: "Cancelled flight: 100 dollars per passenger; delayed flight
# after a change or cancellation: 50 dollars per passenger."
_FLIGHT_CASES = re.compile(r"\bcancell?ed flights?\b[^.]*\bdelayed flights?\b|\bdelayed flights?\b[^.]*\bcancell?ed flights?\b",
                           re.I)
# A user's word of a flight cancelled or delayed (not "I want to cancel my trip").
_FLIGHT_TROUBLE = re.compile(r"\bcancell?ed\b|\bdelay\w*|\blate\b|\bmissed\b|\bcancellations?\b"
                             r"|\b(?:got|was|were|been)\s+(?:moved|rescheduled|changed|bumped)\b|\brebooked\b", re.I)
# ("the JFK-Seattle leg got moved on the 11th and they rebooked me": a change the airline made)


@lru_cache(maxsize=64)
def flight_cases_rule(policy: str) -> str:
    """The policy's sentence that gives certificates for cancelled and delayed flights (and nothing
    else); "" where it has none."""
    return rule_sentence(policy, _FLIGHT_CASES)


_CASE_RATE = {"cancelled": re.compile(r"\bcancell?ed flights?\b[^:;.]{0,60}:\s*\$?(\d+)", re.I),
              "delayed": re.compile(r"\bdelayed flights?\b[^:;.]{0,60}:\s*\$?(\d+)", re.I)}


def case_rates(rule: str) -> dict[str, int]:
    """The certificate per passenger (cents) the policy's sentence gives each case: {"cancelled": 10000,
    "delayed": 5000} of "Cancelled flight: 100 dollars per passenger; delayed flight ...: 50 dollars"."""
    return {case: int(m[1]) * 100 for case, pattern in _CASE_RATE.items() if (m := pattern.search(rule))}


def complaint_case(user_texts: list[str]) -> str | None:
    """The one case the user's messages complain of: a delay, or a flight the airline cancelled; None
    where they speak of both ("The airline cancelled my flight and then it was delayed") or neither."""
    said = " ".join(user_texts)
    delayed = "delay" in said.lower() or ("late" in said and _LATE.search(said) is not None)
    cancelled = _FLIGHT_CANCELLED.search(said) is not None
    return None if delayed == cancelled else "delayed" if delayed else "cancelled"


def flight_trouble_said(user_text: str) -> bool:
    """Whether the user's words speak of a flight cancelled or delayed at all."""
    return _FLIGHT_TROUBLE.search(user_text) is not None


@lru_cache(maxsize=64)
def delay_rule(policy: str) -> str:
    """The policy's sentence that compensates a delay only after a change or cancellation; "" where
    it has none."""
    return rule_sentence(policy, _DELAY_RULE)


def delay_complaint(user_texts: list[str]) -> bool:
    """Whether the user's latest messages complain of a delay, not of a flight the airline cancelled."""
    recent = " ".join(user_texts[-2:])
    return ("delay" in recent.lower() or ("late" in recent and _LATE.search(recent) is not None)) \
        and _FLIGHT_CANCELLED.search(recent) is None


# The policy's rule that a change's fare difference is never paid with a certificate: "A fare difference
# is paid or refunded with a credit card or gift card, never with a certificate."
_NO_CERTIFICATE_FOR_DIFFERENCE = re.compile(r"\bdifference\b[^.]*\b(?:never|not|cannot be paid)\b[^.]{0,20}?\bcertificate",
                                            re.I)


@lru_cache(maxsize=64)
def difference_rule(policy: str) -> str:
    """The policy's sentence that a fare difference is never paid with a certificate; "" where none."""
    return rule_sentence(policy, _NO_CERTIFICATE_FOR_DIFFERENCE)


# A certificate said to pay: "you can apply certificate 8482931 ($250)", "I'd take $100 from
# certificate_1959696", "certificates can be applied to an upgrade".
_CERTIFICATE_PAYS = re.compile(r"\b(?:apply|applied|applying|use|using|put|take|taking)\b[^.;\n]{0,40}?\bcertificate"
                               r"|\bfrom\s+(?:your\s+|the\s+)?(?:travel\s+)?certificate"
                               r"|\bcertificates?\b[^.;\n]{0,30}?\b(?:can|could|will) be (?:applied|used)\b"
                               # "certificate_9932251 ($250.00) can pay for bag fees or fare differences"
                               r"|\bcertificate\w*(?:[^.;\n]|\.(?=\d)){0,30}?\b(?:can|could|will) (?:pay|cover)\b", re.I)
# The certificate (or "it", in a text about one) said to pay a change's fare difference by name.
_PAYS_DIFFERENCE = re.compile(r"\b(?:use|apply|put)\s+(?:it|this|that|the certificate|certificate_\d+)\b[^.;\n]{0,40}?"
                              r"\b(?:(?:pay|cover)\w*\s+(?:the\s+|a\s+|any\s+)?"
                              # or in a list after "toward": "use it toward any future booking, fare difference or ..."
                              r"|toward\w*\s[^.;\n]{0,40}?,\s*(?:a\s+|any\s+)?)fare differences?\b", re.I)
_NOT_PAID = re.compile(r"n't\b|\b(?:not|never|cannot|no|only)\b", re.I)
# A change of a reservation, which its fare difference pays, as a text says it; a booking is no change.
# ("would be $1815 extra", "the extra cost", the difference said as an amount on top)
_A_CHANGE = re.compile(r"\b(?:upgrad\w*|chang\w*|fare difference|differences?)\b"
                       r"|\$[\d,.]+\s+extra\b|\bextra\s+(?:cost|charge|fare)", re.I)
_A_BOOKING = re.compile(r"\bbook\w*|\bnew reservation\b", re.I)


def certificate_for_change(text: str, before: str) -> list[str]:
    """The sentences of a text that let a certificate pay for a change, stripped, where the text or
    the agent's message before it (the change it described) speaks of a change and neither of a
    booking: "you can apply certificate 8482931 ($250), and the remaining $2,960 would go on the
    Mastercard", after "change M9OL3W to business ... charging $3,210"."""
    if "ertificate" not in text:
        return []
    if "ifference" in text and (said := [s.strip() for s in SENTENCE_OR_LINE.split(text)
                                         if _PAYS_DIFFERENCE.search(s) and not _NOT_PAID.search(s)]):
        return said  # "You can use it toward a new booking or to pay the fare difference on a flight change"
    if not (_A_CHANGE.search(text) or _A_CHANGE.search(before)) \
            or _A_BOOKING.search(text) or (_A_BOOKING.search(before) and not _A_CHANGE.search(text)):
        return []
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if _CERTIFICATE_PAYS.search(s) and not _NOT_PAID.search(s)]


# A tool's description that rules certificates out: "(certificates cannot be used)".
_NO_CERTIFICATE = re.compile(r"\bcertificates?\s+(?:cannot|can not|can't|may not)\s+(?:be used|pay)\b", re.I)
# Bags, or their fees: "any extra bags", "bag fees", "baggage".
_BAGS = re.compile(r"\b(?:bags?|baggage|luggage)\b", re.I)
# The certificate, by "it", said to pay: "you can use it later to pay for any extra bags".
_IT_PAYS = re.compile(r"\b(?:use|apply)\s+(?:it|this|that)\b[^.;\n]{0,40}?\b(?:pay|cover|for|toward)\w*\b", re.I)


def bag_certificate_rule(descriptions: dict[str, str]) -> str:
    """The description of the visible tool that changes a reservation's bags, where it says
    certificates cannot pay ("... charged to the given payment method (certificates cannot be used)");
    "" where no such tool is visible or its description allows them."""
    return next((" ".join(said.split()) for name, said in descriptions.items()
                 if "bag" in name and _NO_CERTIFICATE.search(said)), "")


def certificate_for_bags(text: str) -> list[str]:
    """The sentences of a text that let a certificate pay for bags added to a booking, stripped:
    "Yes, your $150 certificate (certificate_7473723) can be used for bag fees." Not a refusal, nor
    a booking (whose total, bags and all, a certificate may pay)."""
    if "ertificate" not in text:
        return []
    return [s.strip() for s in SENTENCE_OR_LINE.split(text)
            if _BAGS.search(s) and (_CERTIFICATE_PAYS.search(s) or ("ertificate" in s and _IT_PAYS.search(s)))
            and not _NOT_PAID.search(s) and not _A_BOOKING.search(s)]
