"""How long a policy says things take, and for which way of paying: "Refunds to gift cards arrive at
once; refunds to other methods take 5-7 business days." Each word of "refunded to your gift card
within 5-7 business days" is seen in that policy, yet the policy gives gift cards the other time.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trajectory2gym.certify.anchors import PAYMENT_SAID, PAYMENT_WORDS
from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# How long something takes, as a policy or a result would say it: "5-7 business days", "3 business
# days", "2 to 3 weeks" (a range, or business days: a processing time, not a count of calendar days).
SPAN = re.compile(r"\b\d+[ \t]*(?:[-–]|to)[ \t]*\d+\s+(?:business\s+|working\s+)?(?:days|hours|weeks)\b"  # (on one line)
                  r"|\b\d+\s+(?:business|working)\s+days\b", re.I)
# No time at all: what a policy gives the quick way ("arrive at once", "refunded immediately").
_INSTANT = re.compile(r"\b(?:at once|immediately|instantly|right away|straight away|in real time)\b", re.I)
# A policy sentence's end: not the point of "$585.97" inside it.
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_CLAUSE_END = re.compile(r"[;,](?=\s)")
# Another way of paying than the kinds named: "your card ending 4421" (a card, not the gift card),
# "the original payment method", "other methods", a bank.
_OTHER_METHOD = re.compile(r"(?<!gift )\bcards?\b|\b(?:original|other)\s+(?:payment\s+)?(?:method|form)s?\b|\bbank\b"
                           r"|\bother than\b|\bexcept\b", re.I)  # ("payment methods other than gift cards take 5-7 days")
# A value taken back right before it: "not 5-7 business days", "not within 5–7 days", "not on March 31".
_NOT_A = re.compile(r"(?:\bnot|n't)\s+(?:an?\s+|your\s+|the\s+)?$", re.I)  # a kind denied right before it
NOT_BEFORE = re.compile(r"\bnot\s+(?:on\s+|in\s+|within\s+|by\s+|after\s+)?\**$", re.I)


def rule_text(sentence: str) -> str:
    """A policy sentence as a reason quotes it: without its list mark or its section's heading
    ("## Cancellation - Cancel the whole ..." is "Cancel the whole ...")."""
    return _HEADING.sub("", sentence.strip()).lstrip("-* ")


_HEADING = re.compile(r"^#+\s*[\w ]+?\s+-\s+")


def rule_sentence(policy: str, pattern: re.Pattern[str]) -> str:
    """The first policy sentence ``pattern`` finds anything in, as a reason quotes it; "" where none."""
    return next((rule_text(s) for s in policy_sentences(policy) if pattern.search(s)), "")


def rule_words(policy: str, pattern: re.Pattern[str]) -> str:
    """The words ``pattern`` finds in the first policy sentence that has them, as a reason quotes
    them ("Basic economy flights cannot be changed"); "" where no sentence has them."""
    return next((rule_text(m[0]) for sentence in policy_sentences(policy) if (m := pattern.search(sentence))), "")


def policy_sentences(policy: str) -> list[str]:
    """A policy's sentences, each whole though it runs over lines ("Refunds to gift cards\n arrive
    at once; ..."); a ";" stays inside (its clauses are read together)."""
    return _SENTENCE_END.split(" ".join(policy.split()))


@lru_cache(maxsize=64)  # a corpus repeats its few policies (callers must not change the result)
def instant_kinds(policy: str) -> dict[str, str]:
    """The kinds of payment (``anchors.PAYMENT_WORDS``) a policy gives no waiting time, each with the
    clause that says so, read from sentences that set it against a span of time: "Refunds to gift
    cards arrive at once; refunds to other methods take 5-7 business days" gives the gift card."""
    kinds: dict[str, str] = {}
    for sentence in policy_sentences(policy):
        if not (_INSTANT.search(sentence) and SPAN.search(sentence)):
            continue
        for clause in _CLAUSE_END.split(sentence):
            if _INSTANT.search(clause) and not SPAN.search(clause):
                for word in PAYMENT_SAID.findall(clause):
                    kinds.setdefault(PAYMENT_WORDS[word.lower()], clause.strip())
    return kinds


_IT = re.compile(r"\b(?:it|there)\b", re.I)


def slow_for_instant(text: str, kinds: dict[str, str], refunded: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Each span of time a text gives a payment kind the policy makes instant, with that kind: "the
    refund goes back to your gift card within 5–7 business days". A sentence that names another way
    of paying, or any instant time, may be setting the two apart and is left alone. One that names no
    way of paying is read of ``refunded``, the kinds the refunds it may be about went to: "refunds for
    cancelled orders take 5-7 business days", where the one cancelled order was paid by gift card."""
    found: list[tuple[str, str]] = []
    before = ""  # the sentence before: "Your gift card has $52 on it; the refund will reach it in 5-7 business
    for sentence in SENTENCE_OR_LINE.split(text):  # days" is the gift card's
        prior, before = before, sentence
        if not SPAN.search(sentence) or _INSTANT.search(sentence) or _OTHER_METHOD.search(sentence):
            continue
        # (not a kind denied: "Since that's not a gift card, it takes 5-7 business days")
        said = {PAYMENT_WORDS[m[1].lower()] for m in PAYMENT_SAID.finditer(sentence)
                if not _NOT_A.search(sentence, max(0, m.start() - 12), m.start())}
        if not said and prior and "refund" in sentence.lower() and _IT.search(sentence) and len(
                named := {PAYMENT_WORDS[word.lower()] for word in PAYMENT_SAID.findall(prior)}) == 1:
            said = named
        if not said and refunded and "refund" in sentence.lower():
            said = set(refunded)
        if len(said) != 1 or not said <= kinds.keys():
            continue
        (kind,) = said
        found += [(m[0], kind) for m in SPAN.finditer(sentence)
                  if NOT_BEFORE.search(sentence, max(0, m.start() - 14), m.start()) is None]
    return found


# No waiting said of money that has moved: "the refund has already landed in your PayPal", "you'll see
# it on your card immediately".
_AT_ONCE_SAID = re.compile(r"\b(?:already\s+(?:landed|arrived|(?:been\s+)?(?:credited|deposited|returned)|back|there|"
                           r"in|on|available|showing)|instant(?:ly)?|immediately|right away|at once|straight away"
                           # "it was posted to your Mastercard today"
                           r"|(?:was|were|been|got)\s+(?:posted|credited|deposited)\b(?=[^.;\n]{0,40}\btoday\b))\b", re.I)
_MONEY = re.compile(r"\brefund\w*|\$\d|\bmoney\b|\bfunds\b", re.I)
# ... or of "it", back on a way of paying, which says it is money: "it's already back on your Mastercard".
_BACK_ON = re.compile(r"\balready\s+(?:been\s+)?(?:back|credited|deposited|returned)\s+(?:on|to|in|into|onto)\b"
                      r"|\b(?:was|were|been)\s+(?:posted|credited|deposited)\s+(?:on|to|in|into|onto)\b", re.I)


_LIKENED = re.compile(r"\b(?:like|as with|same as|as for)\s+(?:your\s+|a\s+|the\s+)?$", re.I)
_WHILE = re.compile(r",?\s+(?:while|whereas)\s+|;\s+", re.I)


def instant_for_slow(text: str, kinds: dict[str, str]) -> list[tuple[str, str]]:
    """Each "no waiting" a text gives money refunded to a payment kind the policy does not make
    instant ("the $1,197.28 refund has already landed in your PayPal account", where only gift cards
    are refunded at once), with that kind; not in a sentence that also names a span of time or an
    instant kind (it may be setting the two apart), nor one that denies it ("not instantly")."""
    found: list[tuple[str, str]] = []
    # (a clause of its own where the sentence sets two ways apart with a span: "PayPal refunds are
    # typically instant, ..., while card refunds take 5-7 business days")
    parts = [clause for sentence in SENTENCE_OR_LINE.split(text)
             for clause in (_WHILE.split(sentence) if SPAN.search(sentence) and _WHILE.search(sentence) else [sentence])]
    for sentence in parts:
        if SPAN.search(sentence) or not (_MONEY.search(sentence) or _BACK_ON.search(sentence)) or (
                m := _AT_ONCE_SAID.search(sentence)) is None:
            continue
        # (not the kind it is likened to: "PayPal refunds arrive immediately, just like gift card refunds")
        said = {PAYMENT_WORDS[w[1].lower()] for w in PAYMENT_SAID.finditer(sentence)
                if not _LIKENED.search(sentence, max(0, w.start() - 16), w.start())}
        if len(said) != 1 or not said.isdisjoint(kinds) or NOT_BEFORE.search(sentence, max(0, m.start() - 14), m.start()):
            continue
        found.append((m[0], next(iter(said))))
    return found


# The policy's rule that the customer is identified before anything else: "Identify the customer first:
# find their user id by email, or by first name, last name and zip code", "authenticate the user
# identity by locating their user id via email, or via name + zip code", "Get the customer's user id
# before acting", "Identify the customer first: by the phone number they call about, their customer id, ...".
_IDENTIFY = re.compile(r"\b(?:identify|authenticate)\b[^.]{0,40}?\b(?:first|before)\b"
                       r"|\bbefore anything else\b[^.]{0,40}?\bidentif|\bauthenticate the user identity\b"
                       r"|\b(?:get|obtain)\b[^.]{0,20}?\buser id\b[^.]{0,10}?\bbefore\b", re.I)
_USER_ID = re.compile(r"\b(?:user|customer) id\b", re.I)


_OWN_ONLY = re.compile(r"\b(?:act only for|help only the|only help the|only with their own|only act on)\b", re.I)


@lru_cache(maxsize=64)
def own_only(policy: str) -> str:
    """The policy's sentence that has the agent act only for the identified customer, on their own
    orders or reservations ("Help only the identified customer, and only with their own orders");
    "" where it has none."""
    return rule_sentence(policy, _OWN_ONLY)


@lru_cache(maxsize=64)
def identify_first(policy: str) -> str:
    """The policy's sentence that has the customer identified (by finding their user id) before any
    other call; "" where it has none."""
    return next((rule_text(s) for s in policy_sentences(policy) if _IDENTIFY.search(s) and _USER_ID.search(s)), "")


# A policy's list item that opens with the action it is about: "- Cancelling: ... refunds to other
# methods take 5-7 business days." (its sentences split, the item keeps them together).
_ITEM_TOPIC = re.compile(r"^\s*[-*]\s*(\w+)\s*:", re.M)
# The refund of another action than the one a span of the policy is for: returns, exchanges, item changes.
_OTHER_REFUNDS = {"cancel": re.compile(r"\b(?:return\w*|exchang\w*|modif\w*|item change|price difference)\b", re.I)}


@lru_cache(maxsize=64)
def span_topics(policy: str) -> dict[str, tuple[str, str]]:
    """The spans of time a policy sets for one action only, each with that action's stem and the list
    item saying so: {"5-7 business days": ("cancel", "- Cancelling: ... 5-7 business days.")}."""
    out: dict[str, tuple[str, str]] = {}
    for m in _ITEM_TOPIC.finditer(policy):
        end = policy.find("\n-", m.end())
        item = " ".join(policy[m.start():end if end >= 0 else len(policy)].split())
        topic = m[1].lower()[:6]
        stem = next((s for s in _OTHER_REFUNDS if topic.startswith(s)), None)
        if stem is not None:
            for span in SPAN.finditer(item):
                out.setdefault(span[0].replace("–", "-"), (stem, item))
            if _POLICY_AT_ONCE.search(item):  # "Refunds to gift cards arrive at once": no waiting, for it only
                out.setdefault(AT_ONCE, (stem, item))
    return out


AT_ONCE = "at once"  # the key ``span_topics`` gives no waiting time by
_CITES_POLICY = re.compile(r"\b(?:per|under|by|according to|in)\s+(?:our|the)\s+polic|\bpolicy\s+(?:says|states)\b", re.I)
_ALL_OF = re.compile(r"\b(?:all|both|every)\b", re.I)
_POLICY_AT_ONCE = re.compile(r"\b(?:at once|immediately|instantly|right away)\b", re.I)


def span_of_another_action(text: str, topics: dict[str, tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(the span as written, the action the policy sets it for, its item) for each sentence that puts
    a span the policy sets for one action on the refund of another, naming none of the first: "The
    refund will reach your PayPal within 5-7 business days once the return has been processed"."""
    low = text.lower()
    # the actions the text names none of, where it names another's refund (perhaps a sentence before)
    apart = {stem for stem, others in _OTHER_REFUNDS.items() if stem not in low and others.search(text)}
    if not apart:
        return []
    out: list[tuple[str, str, str]] = []
    for sentence in _SENTENCE_END.split(text):
        if "refund" not in sentence.lower() or ("olic" in sentence and _CITES_POLICY.search(sentence)):
            continue  # (nor the rule quoted as the policy's: "per our policy, only gift card refunds arrive at once")
        for m in SPAN.finditer(sentence):
            if (found := topics.get(m[0].replace("–", "-"))) is not None and found[0] in apart:
                out.append((m[0], found[0], found[1]))
        # ... or no waiting: "The refund would be $263.11 ... it will be credited instantly", of a return
        if (found := topics.get(AT_ONCE)) is not None and found[0] in apart and (
                now := _AT_ONCE_SAID.search(sentence)) is not None and not NOT_BEFORE.search(
                sentence, max(0, now.start() - 14), now.start()) and not (
                now[0].lower() == "at once" and _ALL_OF.search(sentence, 0, now.start())):
            # (not all things together: "You'd tell me all the items you want to exchange at once")
            out.append((now[0], found[0], found[1]))
    return out
