"""A text that gives an object another status than its latest observation shows: "line L1005 is
currently suspended" right after a lookup returned ``"status": "Active"``. The identifier must be
the sentence's only one (which status goes with which object is then clear), and a clause about
what may happen or was ("once it is delivered", "it will be cancelled", "it was suspended") states
no status."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from trajectory2gym.certify.dates import AM_PM, hour_24, hours_behind_eastern
from trajectory2gym.certify.normalize import FLIGHT_NUMBER, identifiers_in
from trajectory2gym.certify.turns import (
    LIST_MARK,
    SENTENCE_OR_LINE,
    without_lists_under,
    without_problem_lists,
)

# Status words as observations spell them and as texts say them, each to one form.
_FORMS = {"active": "active", "activated": "active", "suspended": "suspended", "pending": "pending",
          "delivered": "delivered", "cancelled": "cancelled", "canceled": "cancelled", "processed": "processed",
          "shipped": "shipped", "paid": "paid", "overdue": "overdue", "unpaid": "unpaid", "expired": "expired",
          "inactive": "inactive", "deactivated": "inactive", "returned": "returned", "exchanged": "exchanged"}
STATUS_WORDS = frozenset(_FORMS)  # as tokens: a caller with a text's tokens may ask first


def status_form(shown: str) -> str:
    """The one form of a status as an observation spells it ("Delivered", "pending (item modified)"
    is "pending"); the status itself, lower-cased, where no form is known ("disputed")."""
    low = shown.lower().strip()
    return _FORMS.get(low.split(" ", 1)[0], low)


# "Paid with PayPal" (or "$5.80 paid from the gift card") says how, not the status "paid"; nor does
# "you paid $212.79 for it".
_STATUS_WORD = "|".join(w for w in _FORMS if w != "paid")  # ("paid" apart: "you paid" is how, no status)
_STATUS = re.compile(r"\b(" + _STATUS_WORD + r")\b"
                     r"|\b(paid)\b(?<!you paid)(?<!\bi paid)(?<!we paid)(?<!they paid)(?<!'ve paid)(?<!’ve paid)"
                     r"(?<!you have paid)"  # tested after the word: cheap ("You've paid $52.01 in total for ...": how)
                     # ("shows as Paid on your account": the bill's status; "paid on your Visa": how)
                     r"(?!\s+(?:(?:with|by|via|using|on(?!\s+(?:your|the)\s+account\b)|through|to|for|in|from)\b|\$))", re.I)
_CHEAP = ("activ", "suspend", "pending", "deliver", "cancel", "process", "ship", "paid", "overdue", "expire", "returned", "exchanged")
# A sentence about what may or will happen, or what was: no claim of the status now; nor is a
# change's result ("I'll resume 555-751-5001, which goes back to Active").
# (nor a need: "your phone needs data roaming switched on", "it must be on")
_NOT_NOW = re.compile(r"\b(?:once|as soon as|when|while|after|until|if|will|['’]ll|would|(?:can|could)(?!\s+(?:also\s+)?(?:see|confirm)\b)|cannot|"
                      r"needs?|must|should|(?:has|have) to|requires?|"
                      r"before|was|were|had|previously|"
                      r"no longer|not|isn'?t|aren'?t|hasn'?t|haven'?t|never|back to|becomes?|return(?:s|ing)?(?:\s+(?:it|them))?\s+to|"
                      r"(?:goes|go|changes?|switch(?:es)?|turns?) to)\b", re.I)


# A status said of any object of a kind, not of one: "A suspended line can only be resumed ...",
# or of none: "You have no overdue bills", "Nothing is overdue, so I can resume line 555-321-5581".
# Money moved to a method, no status of an object: "3570.34 has been returned to your gift card".
_TO_METHOD = re.compile(r"\s+to\s+(?:your|the)\s+(?:\w+\s+)?(?:gift card|card|visa|mastercard|paypal|account|"
                        r"credit card|original payment)", re.I)
# A rule of a kind of object: "Only pending orders can be cancelled" (no status said of one).
_ONLY_BEFORE = re.compile(r"\bonly\s+\**$", re.I)
_KINDS_AFTER = re.compile(r"\**\s+(?:orders|reservations|lines|bills)\b", re.I)
_ANY_ONE = re.compile(r"\b(?:a|an|any|no|per|each|every|only one|nothing(?:'s| is)|none (?:is|are))\s+$", re.I)  # ("allows only one pending request")


# A condition right after the status word: "it's paid once you accept it" (what will be, no status now).
_ONCE_AFTER = re.compile(r"\**\s+(?:once|as soon as|when|after)\s+(?:you|it|the|your)\b", re.I)


# A status set against the one said: "still shows 'Awaiting Payment' rather than Paid".
_RATHER_THAN = re.compile(r"\b(?:rather than|instead of)\s+\**['\"‘“]?$", re.I)


_DATE_LIKE = re.compile(r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}")


# A status word put before a noun of a kind of record: "the overdue bill", "your suspended line".
_KIND_AFTER = re.compile(r"\**\s+(?:[a-z]+\s+)?(bill|line|order|reservation)s?\b", re.I)  # ("the suspended tablet line")
_KIND_PREFIX = {"bill": "b", "line": "l", "order": "#w", "reservation": ""}


def _another_kind_after(sentence: str, end: int) -> bool:
    """Whether a status word describes a record of another kind than the objects its sentence names:
    "Since the overdue bill is settled, I can resume line L1002" says nothing of L1002's status."""
    if (m := _KIND_AFTER.match(sentence, end)) is None:
        return False
    prefix = _KIND_PREFIX[m[1].lower()]
    ids = [i.lower() for i in identifiers_in(sentence)]
    return bool(prefix) and bool(ids) and not any(i.startswith(prefix) for i in ids)


def _kind_other_than_bill(sentence: str, end: int) -> bool:
    """Whether a status word is put before a noun of a kind of record other than a bill ("Suspended lines")."""
    return (m := _KIND_AFTER.match(sentence, end)) is not None and m[1].lower() != "bill"


def _object_ids(text: str) -> list[str]:
    """The identifiers a text names that may have a status: not a date ("due 02/19/2025 - this bill is
    overdue" says it of the bill its list line names), nor an item's options joined by slashes."""
    found = [i for i in identifiers_in(text) if not _DATE_LIKE.fullmatch(i) and "/" not in i]  # ("8-inch/128GB/silver")
    if len(found) == 2 and f"{found[0]} ({found[1]})" in text:
        return found[:1]  # one object, and its other name in brackets: "Your line L1002 (555-123-2002)"
    return found


def _clause_start(sentence: str, at: int, dash: bool = False) -> int:
    """Where the clause holding position ``at`` starts: after the last comma or "and" before it ("was due
    February 19 and is now marked Overdue": the "was" is the other clause's); with ``dash``, after a
    spaced dash too, for the words that take a status back ("Not yet - L1003 is still Suspended": the
    "not" answers the question before)."""
    joined = sentence.rfind(" and ", 0, at)
    start = max(sentence.rfind(",", 0, at) + 1, joined + 4 if joined >= 0 else 0)
    if dash:
        broken = max(sentence.rfind(" - ", 0, at), sentence.rfind(" \u2014 ", 0, at), sentence.rfind(" \u2013 ", 0, at))
        start = max(start, broken + 3 if broken >= 0 else 0)
    return start


_AMOUNT_BEFORE = re.compile(r"\$\d[\d,]*(?:\.\d+)?\**\s+$")
# Another amount's fate beside it: "$1,783.00 paid and $1,783.00 refunded".
_AMOUNT_MOVED = re.compile(r"\$\d[\d,]*(?:\.\d+)?\**\s+(?:refunded|returned|credited|charged)\b", re.I)


def _of_amount(sentence: str, at: int) -> bool:
    """Whether a status word at ``at`` says what happened to the amount right before it, inside
    brackets ("#W1130240 now has the Dumbbell Set ($512.88 paid, $5.75 refunded)") or beside another
    amount's fate ("$1,783.00 paid and $1,783.00 refunded, so the net is $0.00")."""
    return _AMOUNT_BEFORE.search(sentence, max(0, at - 16), at) is not None and (
        sentence.rfind("(", 0, at) > sentence.rfind(")", 0, at) or _AMOUNT_MOVED.search(sentence) is not None)


def status_claims(text: str, bill_of_month: Callable[[str], str | None] | None = None,
                  written: str | None = None, looked: str | None = None) -> list[tuple[str, set[str], str]]:
    """(identifier, the status forms said, the sentence) for each sentence that names one object
    (or one bill by its month, through ``bill_of_month``, or the object a write just changed,
    ``written``, by its kind: "The order status is now processed"; or, in the text's first sentence,
    the object a lookup right before it returned, ``looked``: "Yes, it's showing as Paid now") and
    says its status now."""
    low = text.lower()
    if not any(w in low for w in _CHEAP):  # plain substrings first: most texts say no status
        return []
    out = []
    heading: list[str] = []  # the identifiers of the latest line outside a list: "**Order #W3973757** (...)"
    for row, line in enumerate(text.splitlines() if "\n" in text else [text]):
        listed: list[str] | None = None  # a list line's identifiers: "- #W7824724 (...; $1,967.41): delivered"
        item = _LIST_ITEM.match(line) is not None
        if line.strip() and not _BULLET.match(line):  # ("**Order ...**" is bold, no list item)
            heading = _object_ids(line)
        sentences = SENTENCE_OR_LINE.split(line)
        for at, sentence in enumerate(sentences):
            if sentence.rstrip(" *").endswith("?"):
                continue  # a question says no status: "Do you want #W6832752 shipped there instead?"
            # The status words of the sentence's clauses that say a status now (up to the word).
            hits = [m for m in _STATUS.finditer(sentence)
                    if not _NOT_NOW.search(sentence, _clause_start(sentence, m.start(), dash=True), m.start())
                    and not _ANY_ONE.search(sentence, max(0, m.start() - 11), m.start())
                    and not _TO_METHOD.match(sentence, m.end())
                    and not _ONCE_AFTER.match(sentence, m.end())
                    and not _OTHERS.search(sentence, _clause_start(sentence, m.start()), m.start())
                    and not _another_kind_after(sentence, m.end())
                    and not _of_amount(sentence, m.start())
                    and not _RATHER_THAN.search(sentence, max(0, m.start() - 16), m.start())
                    and not (_ONLY_BEFORE.search(sentence, max(0, m.start() - 6), m.start())
                             and _KINDS_AFTER.match(sentence, m.end()))]
            said = {_FORMS[(m[1] or m[2]).lower()] for m in hits}
            if not said:
                continue
            ids = _object_ids(sentence)
            if not ids and _IT_STARTS.match(sentence):
                # "Order #W9549057 contains ... It's still pending": the object the latest sentence named
                named: list[str] = next((found for k in range(at - 1, -1, -1) if (found := identifiers_in(sentences[k]))), [])
                ids = named if len(named) == 1 else []
            if not ids and written is not None and _THE_OBJECT.match(sentence):
                ids = [written]  # "The order status is now "processed"", right after the write on it
            if not ids and looked is not None and not at and not row and (
                    _THE_OBJECT.match(sentence) or ((head := _ANSWER_HEAD.match(sentence)) is not None
                                                    and _IT_STARTS.match(sentence, head.end()))):
                ids = [looked]  # "Can you see it went through?" "Yes, it's showing as Paid now", after its lookup
            if not ids and bill_of_month is not None and (month := _MONTHS_BILL.search(sentence)) and any(
                    _clause_start(sentence, month.start()) <= m.start() and not _kind_other_than_bill(sentence, m.end())
                    for m in hits):
                # "January's bill ... overdue", not a status of a clause before the bill's ("It has been
                # Suspended since 2025-02-01, which is why the February bill has ..."), nor one put before
                # another kind ("Suspended lines carry a holding fee — that's the $5.00 on February's bill")
                ids = [bill] if (bill := bill_of_month(month[1].lower())) else []
            if not ids and item:
                listed = _object_ids(line) if listed is None else listed
                # "- Status: **pending**" under the heading that names the one object
                ids = listed or (heading if len(heading) == 1 and _STATUS_LABEL.match(line) else [])
            if len(ids) == 1:
                out.append((ids[0], said, sentence))
            elif ids and (each := _EACH_OF.search(sentence)) and each.start() > sentence.rfind(ids[-1]):
                # "#W507 and #W837 ... both are still pending" (not "Both are done: #W1 is cancelled, ...")
                out += [(ident, said, sentence) for ident in ids]
            elif len(ids) > 1 and JOINED_CLAUSE.search(sentence):
                # One object per clause: "Your line L1009 has been suspended since 2025-01-15, and your
                # February bill B1006 for $70.00 is overdue."
                out += [claim for part in JOINED_CLAUSE.split(sentence) for claim in status_claims(part)
                        if len(identifiers_in(claim[2])) == 1]
            elif len(ids) > 1 and (head := _STATUS_COLON.match(sentence)) is not None and hits and hits[0].start() < head.end():
                # "Still pending (can be cancelled or modified): #W3525030, #W3955289 and #W9163472": the
                # heading's status, each object listed after its colon
                out += [(ident, {_FORMS[head[1].lower()]}, sentence) for ident in identifiers_in(sentence[head.end():])]
            elif len(ids) > 1 and (listed_status := _STATUS_OF_LIST.findall(sentence)):
                # "three pending orders (#W9683879, #W6915770, #W2960010) and one delivered order (#W6742063)"
                out += [(ident, {_FORMS[status.lower()]}, sentence) for status, inside, after in listed_status
                        for ident in identifiers_in(inside or after)]
            elif len(ids) > 1 and ", " in sentence:
                # A recap's list in one sentence: "B1053 is now paid, 555-297-6687 resumed": a status
                # said after the one object its part names ("B1140 ($162.00, paid) still had the charge
                # for 555-751-5001" gives the phone none)
                out += [(found[0], forms, part) for part in sentence.split(", ")
                        if len(found := identifiers_in(part)) == 1
                        for forms in [{_FORMS[(m[1] or m[2]).lower()] for m in _STATUS.finditer(part, part.find(found[0]))
                                       if not _NOT_NOW.search(part, 0, m.start())}] if forms]
    return out


# A sentence that opens on a status and a colon, the objects listed after it: "Already processed (no
# changes possible): #W1780552." (the status word is the heading's own, no "once" before it)
_STATUS_COLON = re.compile(r"\W*(?:(?:still|already|currently|now)\s+)?(" + _STATUS_WORD + r")\b[^:\n]{0,60}?:\s", re.I)


# A clause about the objects a sentence does not name: "..., and your other two orders are processed".
_OTHERS = re.compile(r"\b(?:other|remaining)\s+(?:\w+\s+)?(?:orders|reservations|lines|bills)\b"
                     r"|\b(?:no|any)\s+other\s+(?:\w+\s+){0,2}?(?:request|order|reservation|line|bill)\b"
                     r"|\b(?:none|neither|all|both)\s+of\s+(?:your|the|these|those)\s+(?:\w+\s+)?(?:orders|reservations|lines|bills)\b"
                     r"|\b(?:two|three|four|five|\d)\s+(?:\w+\s+)?(?:orders|reservations|lines|bills)\b",  # ("Two orders cancelled, ...")
                     re.I)  # ("check that no other payment request is pending", "None of your bills are overdue")
# A sentence about an object by its kind only: "The order status is now ...", "Your reservation is ...".
_THE_OBJECT = re.compile(r"\W*(?:the|your|its)\s+(?:(?:order|reservation|line|bill)(?:'s|’s)?(?:\s+status)?|status)\b",
                         re.I)
_MONTHS_BILL = re.compile(r"\b(january|february|march|april|may|june|july|august|september|october|november|"
                          r"december)(?:'s)?\s+bill\b", re.I)
# A status given to the objects listed right after their kind, in a bracket or after a comma, colon or
# dash: "two pending orders (#W1, #W2)", "two delivered orders on your account, #W1 and #W2".
_STATUS_OF_LIST = re.compile(r"\b(" + _STATUS_WORD + r")\s+(?:orders?|reservations?|lines?|bills?|flights?)"
                             r"(?:\s+(?:on|in)\s+(?:your|the)\s+(?:account|profile))?"
                             r"\s*(?:\(([^()]{4,120})\)|[,:—–]\s*((?:\**#?[A-Za-z_]*\d[\w-]*\**(?:,?\s+and\s+|,\s*)?){2,}))",
                             re.I)  # (after a comma, a run of identifiers only)
_STATUS_LABEL = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s*\**status\b", re.I)
JOINED_CLAUSE = re.compile(r"(?:,|\s[—–])\s+(?:and|but|while|whereas)\s+|;\s+")  # ", and", " — and", "; "


_CLAUSE_PART = re.compile(rf"(?:(?!{JOINED_CLAUSE.pattern}).)+", re.S)  # what JOINED_CLAUSE splits a sentence into
_EACH_OF = re.compile(r"\b(?:both|each|all (?:of them|of these|two|three|four|\d))\b", re.I)


_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)]|\|)")
_BULLET = re.compile(r"\s*(?:[-*•]\s|\d{1,2}[.)]\s|\|)")  # a list item's mark, then a space


# A line's statuses, and the words only a bill's status is said in: a line is never "paid".
_LINE_STATUSES = frozenset({"active", "suspended"})
_BILL_STATUSES = frozenset({"paid", "unpaid", "overdue", "issued", "draft", "disputed"})
_A_BILL = re.compile(r"\bbills?\b", re.I)


def contradicted(text: str, status_of: Callable[[str], Any],
                 told: Callable[[str, set[str]], bool] = lambda ident, said: False,
                 bill_of_month: Callable[[str], str | None] | None = None,
                 written: str | None = None, looked: str | None = None) -> list[tuple[str, str]]:
    """(identifier, the status its latest observation shows) for each sentence that names one
    object and gives it a status word other than that one; the status "" where no observation
    shows the object beside any status (``status_of`` gives ""; never looked up) and the user did
    not say it (``told``). With ``bill_of_month``, a sentence may name a bill by its month
    ("January's bill, which is still showing as overdue"), and with ``written`` the object a write
    just changed by its kind ("The order status is now ..."), with ``looked`` the one a lookup right
    before the text returned ("Yes, it's showing as Paid now")."""
    out = []
    for ident, said, sentence in status_claims(text, bill_of_month, written, looked):
        if "be " in sentence and not (said := {f for f in said if not _only_to_be(f, sentence)}):
            continue  # "It must be paid before the line can be resumed": what it needs, not its status
        if "the " in sentence.lower() and all(_only_of_another(f, sentence) for f in said):
            continue  # "the cancelled order had size 7 ..., while #W3502364 has size 9": another object's
        if " to " in sentence and not (said := {f for f in said if not _only_wished(f, sentence)}):
            continue  # "even though you asked me to leave it suspended": the user's wish, no status
        if "have " in sentence and RETRACTS.search(sentence):
            continue  # "I shouldn't have said it departed": a status taken back, not said
        shown = status_of(ident)
        if said == {"pending"} and isinstance(shown, str) and shown.lower() in REQUESTED and (
                kind := _KIND_PENDING.search(sentence)) is not None and shown.lower().startswith(kind[1].lower()):
            continue  # "#W9894882 has the bike exchange pending": the request is, as "exchange requested" says
        if isinstance(shown, str) and shown.lower() in _LINE_STATUSES and said <= _BILL_STATUSES \
                and _A_BILL.search(sentence):
            continue  # "Now that the overdue bill is paid, I can resume line L1002": the bill's, no line's
        if shown == "":
            if said != {"paid"} and not told(ident, said):  # "what you paid": how, not a bill's status
                out.append((ident, ""))
        elif (isinstance(shown, str) and said != {"exchanged"}  # (judged only against a request, below)
              and (form := _FORMS.get(shown.lower(), _one_word(shown))) and form not in said
              and not _says_form(form, sentence)  # "marked Disputed and unpaid" says it
              and not (said == {"unpaid"} and (form in _UNPAID or shown.lower() in _NOT_PAID_YET))  # "Issued": unpaid
              and not (form == "delivered" and said == {"shipped"} and _SHIPPED_WHERE.search(sentence))):
            out.append((ident, shown))  # "B1006 is overdue" where it shows "Disputed"
        elif (isinstance(shown, str) and shown.lower() in _NOT_PAID_YET and "paid" in said
              and "already" not in sentence.lower()):  # "which is already Paid": before a request was sent
            out.append((ident, shown))  # "B1272 is now marked as paid" where it shows "Awaiting Payment"
        elif isinstance(shown, str) and shown.lower() in REQUESTED and not said.isdisjoint(_NOT_AFTER_REQUEST) \
                and not _line_says(text, sentence, shown.lower()) and not _BEING_DONE.search(sentence):
            # (not "- **Returned:** ... Status: return requested.", nor "is being exchanged": under way)
            out.append((ident, shown))  # "the exchange for #W6237516 is complete and ... has shipped": requested only
        elif isinstance(shown, str) and said == {"delivered"} and shown.lower() in REQUESTED \
                and _SHOWN_DELIVERED.search(sentence):
            out.append((ident, shown))  # "#W7623533 still shows as delivered", its record saying the request
    return out


def _line_says(text: str, sentence: str, status: str) -> bool:
    """Whether the line of a text that holds a sentence says a status as shown (lower case)."""
    at = text.find(sentence)
    if at < 0:
        return False
    end = text.find("\n", at)
    return status in text[text.rfind("\n", 0, at) + 1:end if end >= 0 else len(text)].lower()


# A status denied right before it: "It hasn't been delivered yet", "not yet delivered".
_DENIED_BEFORE = re.compile(r"(?:n't|\bnot|\bnever)\s+(?:(?:been|yet|be|quite|actually)\s+){0,2}\**$", re.I)


# A status a thing needs, not one it has: "must be paid", "needs to be paid", "has to be cancelled".
_TO_BE = re.compile(r"\b(?:must|needs? to|has to|have to|should|ought to|to|can|cannot|can't|could|couldn't|will|won't|would)"
                    r"\s+(?:first\s+)?be\s+\**$",
                    re.I)


# Owning up to a statement made: "I shouldn't have said it departed", "I was wrong to say that", "Please
# disregard the $0.71 figure" (the certifier's visibility check reads it too).
RETRACTS = re.compile(r"\b(?:shouldn['’]t|should not|should never)\s+have\s+(?:said|written|told you|mentioned|quoted|"
                      r"promised|stated)\b|\bI\s+was\s+wrong\s+to\s+(?:say|tell)\b"
                      r"|\b(?:please\s+)?(?:disregard|ignore)\s+(?:the|that|my|this)\b", re.I)


def _only_of_another(form: str, sentence: str) -> bool:
    """Whether every mention of a status form in a sentence names another object by it ("the cancelled
    order", "the delivered ones"), no status given the one the sentence names."""
    found = list(re.finditer(rf"\b{re.escape(form)}\b", sentence, re.I))
    return bool(found) and all(_THE_BEFORE.search(sentence, max(0, m.start() - 8), m.start())
                               and _OBJECT_NOUN.match(sentence, m.end()) for m in found)


_THE_BEFORE = re.compile(r"\bthe\s+\**$", re.I)
_OBJECT_NOUN = re.compile(r"\**\s+(?:orders?|ones?|bookings?|reservations?|items?|pair|lines?|bills?)\b", re.I)


# The user's wish that a thing stay as it is, reported: "you asked me to leave it suspended" gives it no status.
# (public: a description that reports it leaves nothing as it is either)
WISHED_KEPT = re.compile(r"\b(?:asked|told|wanted|want)\s+(?:me\s+|us\s+)?to\s+(?:leave|keep)\b", re.I)


def _only_wished(form: str, sentence: str) -> bool:
    """Whether every mention of a status form in a sentence is the one the user wished it kept at."""
    found = list(re.finditer(rf"\b{re.escape(form)}\b", sentence, re.I))
    return bool(found) and all(WISHED_KEPT.search(sentence, max(0, m.start() - 40), m.start()) for m in found)


def _only_to_be(form: str, sentence: str) -> bool:
    """Whether every mention of a status form in a sentence is one it must, can or will be."""
    found = list(re.finditer(rf"\b{re.escape(form)}\b", sentence, re.I))
    return bool(found) and all(_TO_BE.search(sentence, max(0, m.start() - 24), m.start()) for m in found)


def _says_form(form: str, sentence: str) -> bool:
    """Whether a sentence says a status form, not denied ("hasn't been delivered" says no delivery)."""
    return any(not _DENIED_BEFORE.search(sentence, max(0, m.start() - 24), m.start())
               for m in re.finditer(rf"\b{re.escape(form)}\b", sentence, re.I))


# A past status said of one object: "(Your other order, #W8061371, was delivered.)".
_WAS = re.compile(r"\b(?:was|were|has been|had been|got)\s+(?:already\s+|both\s+)?(delivered|cancell?ed)\b", re.I)
_NOT_SO = re.compile(r"\b(?:if|once|when|after|until|unless|would|could|not|never)\b|n't\b", re.I)
# The statuses an order now shown in one cannot have passed through: a cancelled order was never
# delivered; a pending, processed or delivered one was never cancelled.
_NEVER_WAS = {"delivered": frozenset({"pending", "processed", "cancelled"}),
              "cancelled": frozenset({"pending", "processed", "delivered", "return requested", "exchange requested"})}


def past_contradicted(text: str, status_of: Callable[[str], Any]) -> list[tuple[str, str]]:
    """(identifier, the status shown) for each sentence naming one object that says it was delivered
    or cancelled, where the status its latest observation shows rules that out ("#W8061371 was
    delivered", where it shows cancelled)."""
    out = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if (m := _WAS.search(sentence)) is None or _NOT_SO.search(sentence, 0, m.start()):
            continue
        # (the objects that show a status: "#W8520591 was delivered to ..., CA 95161" names one)
        ids = [i for i in identifiers_in(sentence) if isinstance(found := status_of(i), str) and found]
        if len(ids) != 1:
            continue
        shown = status_of(ids[0])
        said = _FORMS[m[1].lower()]
        if isinstance(shown, str) and status_form(shown) in _NEVER_WAS[said]:  # "pending (item modified)": pending
            out.append((ids[0], shown))
    return out


# Where a delivered order went, no status of it: "#W7762997 — shipped to 142 Chestnut Street".
_SHIPPED_WHERE = re.compile(r"\bshipped\s+(?:to|from|via)\b", re.I)
# An order whose return or exchange is requested is delivered: not shipped, pending or cancelled.
REQUESTED = frozenset({"exchange requested", "return requested"})
# A request said to be pending: "the bike exchange pending", "its return is still pending".
_KIND_PENDING = re.compile(r"\b(exchange|return)s?\s+(?:request\s+)?(?:(?:is|still|now)\s+)*pending\b", re.I)
_BEING_DONE = re.compile(r"\bbeing\s+(?:exchanged|returned)\b", re.I)
# The record said to show "delivered": an order whose request went through was delivered, but its
# status shows the request ("#W7623533 still shows as delivered" after the exchange).
_SHOWN_DELIVERED = re.compile(r"\b(?:shows?|showing|status\s+is|marked|listed)\s+(?:as\s+)?\**['\"‘“]?delivered\b", re.I)
_NOT_AFTER_REQUEST = frozenset({"shipped", "pending", "cancelled", "processed", "returned", "exchanged"})
# Statuses of several words that say a bill is not paid yet (no one word is their form).
_NOT_PAID_YET = frozenset({"awaiting payment", "payment pending", "pending payment", "payment requested"})
_UNPAID = frozenset({"issued", "overdue", "unpaid"})  # the one-word statuses of a bill not paid


# A table row's status cell, as ``tables.with_headers`` writes it: "Bill B1003 | ... | Status Issued | ...".
_STATUS_CELL = re.compile(r"(?:^|\|\s)Status\s+\**([A-Za-z][A-Za-z ]{1,30}?)\**\s*(?:\(|\||$)", re.M)


def cell_contradicted(text: str, status_of: Callable[[str], Any]) -> list[tuple[str, str]]:
    """(identifier, the status shown) for each table row (read with its headers) whose Status cell
    gives the one object the row names that has a shown status another status: "| B1003 | ... |
    Issued |" where the bill shows Draft. A status that starts the other is the same ("Paid in full")."""
    out: list[tuple[str, str]] = []
    for line in text.split("\n"):
        if "Status " not in line or (m := _STATUS_CELL.search(line)) is None:
            continue
        shown_of = [(i, v) for i in _object_ids(line) if isinstance(v := status_of(i), str) and v]
        if not shown_of or len({v.lower() for _, v in shown_of}) != 1:
            continue  # (one status: one object, perhaps named twice, "| L1003 | 555-123-2003 | Active |")
        said, shown = m[1].strip().lower(), shown_of[0][1].lower()
        if status_form(said) != status_form(shown) and not said.startswith(shown) and not shown.startswith(said):
            out.append(shown_of[0])
    return out


# A flight's operating status said of it: "HAT044 landed on time", "HAT157 tonight is currently on time".
_FLIGHT_STATUS = re.compile(r"\b([A-Z]{2,3}\d{2,4})\b[^.!?\n;]{0,30}?\b(landed|on time|delayed|departed|in the air)\b")


def flight_statuses(text: str) -> list[tuple[str, str]]:
    """(flight, status) for each sentence that says a flight's operating status ("landed", "on time",
    "delayed", "departed"): none of these is a flight search's seat status ("available"), so only an
    observation or the user can show one. Not in a question, nor of what would be ("if it departs")."""
    return [(m[1], m[2].lower()) for sentence in SENTENCE_OR_LINE.split(text) if not sentence.rstrip().endswith("?")
            for m in _FLIGHT_STATUS.finditer(sentence) if not _NOT_NOW.search(sentence, 0, m.start(2))]


_REQUEST_SAID = re.compile(r"\b(exchange|return)\s+requested\b", re.I)


def requested_contradicted(text: str, status_of: Callable[[str], Any]) -> list[tuple[str, str]]:
    """(identifier, the status shown) for each sentence that names one order and gives it one of the
    two requested statuses, where it shows the other: "#W5544629 is now marked 'return requested'"
    after an exchange. Not after "was" or "if": what it was, or may be."""
    out: list[tuple[str, str]] = []
    low = text.lower()
    if "exchange requested" not in low and "return requested" not in low:
        return out  # plain substrings first: "The exchange for #W1 is requested" names none
    for sentence in SENTENCE_OR_LINE.split(text):
        if "requested" not in sentence or (m := _REQUEST_SAID.search(sentence)) is None or _NOT_NOW.search(
                sentence, 0, m.start()):
            continue
        ids = _object_ids(sentence)
        if len(ids) > 1 and not (_ALL_OF_THEM.match(sentence, last := sentence.rfind(ids[-1]) + len(ids[-1]))
                                 and " and " in sentence[sentence.rfind(ids[-2]):last]):
            continue  # several, unless joined by "and" and said together: "#W1 (...) and #W2 (...) are now in ..."
        for ident in ids:
            shown = status_of(ident)
            if isinstance(shown, str) and shown.lower() in REQUESTED and not shown.lower().startswith(m[1].lower()):
                out.append((ident, shown))
            elif isinstance(shown, str) and shown.lower() == "delivered" and _ARROW_NOW.search(sentence, 0, m.start()):
                out.append((ident, shown))  # "- #W7553978 → exchange requested", where no request went through
    return out


# After the last of objects joined by "and", the verb that gives them all the status: "... are now in".
_ALL_OF_THEM = re.compile(r"(?:\s*\([^()]*\))?\**\s+(?:are|were)\b")


# What an object's status is now, right before it: "- #W7553978 → exchange requested", "#W7553978 is
# now marked 'exchange requested'".
_ARROW_NOW = re.compile(r"(?:→|->|\bnow(?:\s+(?:marked|shows?|showing|set to|in))?(?:\s+as)?)\s*[*'\"“]*$")


def _one_word(status: str) -> str:
    """A status no text word is a form of, as itself when it is one word ("disputed", "draft"), or
    the form of its first word before a note in brackets ("pending (item modified)" is pending);
    else "": "exchange requested" may still be said "delivered" of the order."""
    low = status.lower()
    if " (" in low:
        return _FORMS.get(low.split(" (", 1)[0], "")
    return low if low.isalpha() else ""


def says_status(text: str, ident: str, said: set[str]) -> bool:
    """Whether a text (the user's) names the object and gives it one of these statuses, now or
    before ("my order #W123 was delivered yesterday"); not in a question ("is #W9232383 still
    pending?" asks it)."""
    if ident.lower() not in text.lower():
        return False
    return any(_FORMS[(m[1] or m[2]).lower()] in said for sentence in SENTENCE_OR_LINE.split(text)
               if not sentence.rstrip().endswith("?") for m in _STATUS.finditer(sentence))


# Whether a reservation has travel insurance, as a text says it: "does not include travel insurance",
# "you have insurance on it". A clause about what may be bought or would cover says neither.
_NO_INSURANCE = re.compile(r"(?:\bno|\bnot|n't|\bwithout|\bneither)\b(?:(?!\b(?:reason|cover)|\bcovered\b)[^.,;:!?]){0,30}?"
                           r"\binsurance\b(?!\s+(?:reasons?|rules?|terms))",
                           re.I)  # "doesn't have"; not "isn't a covered insurance reason", "isn't a covered reason under the insurance"
_HAS_INSURANCE = re.compile(r"\b(?:has|have|includes?|included|purchased|bought)\b[^.,;:!?]{0,20}?\binsurance\b",
                            re.I)
_MAYBE = re.compile(r"\b(?:if|would|could|can(?!\s+(?:see|confirm)\b)|will|want|like|add|adding|buy|cost|costs|per"
                    r"|when|unless|as long as|provided)\b|\?",
                    re.I)  # ("I can see it includes insurance" says it has some; "only ... when it has insurance": a rule)
_NOT_BOUGHT = re.compile(r"\b(?:didn't|did not|never)\s+(?:buy|add|purchase)\b", re.I)
_BRACKETED = re.compile(r"\([^()\n]*\)")
# A word that may be a reservation's code: six letters and digits with a digit ("C913YC").
_CODE = re.compile(r"(?=[A-Z0-9]*\d)[A-Z0-9]{6}")


def insurance_contradicted(text: str, insurance_of: Callable[[str], set[str]]) -> list[tuple[str, str]]:
    """(the clause, the insurance shown) for each clause that says a reservation has travel
    insurance or has none, where the one reservation its sentence names by code shows the other
    ("yes" or "no"). A new booking's summary names no code yet: what it offers is no claim."""
    if "insurance" not in text.lower():
        return []
    out: list[tuple[str, str]] = []
    before: list[str] = []  # the reservations the sentence before named
    # a list of one reservation's details: "D28MAZ (6R68FB was a Phoenix trip). Details: ... - 2 checked
    # bags, no travel insurance" (one named outside brackets)
    sole = list({c for c in _CODE.findall(_BRACKETED.sub(" ", text)) if insurance_of(c)}) if "\n" in text else []
    rules = False  # whether the list lines at hand are a rule's conditions: "... only if one of these applies:"
    for sentence in SENTENCE_OR_LINE.split(text):
        if not LIST_MARK.match(sentence):
            rules = _RULE_LEAD.search(sentence) is not None
        elif rules:
            continue  # "- it has travel insurance and the reason is covered": a condition, no claim
        codes = [c for c in _CODE.findall(sentence) if insurance_of(c)]
        if not codes and len(sole) == 1 and LIST_MARK.match(sentence):
            codes = sole
        elif not codes and (_THE_RESERVATION.match(sentence) or _THIS_RESERVATION.search(sentence)):
            # "V10D9C is a round trip ... The reservation includes travel insurance", "... Good news — I can
            # see this booking includes travel insurance"
            codes = before
        before = codes
        for clause in re.split(r"[,;]|\bbut\b", sentence):
            if "insurance" not in clause.lower():
                continue
            # What may be is read up to the insurance word, a purchase not made is no maybe: "since you
            # didn't buy travel insurance on 7FD2CN there's nothing else I can offer"
            upto = _NOT_BOUGHT.sub(" ", clause[:clause.lower().rfind("insurance") + 9])
            if _MAYBE.search(upto):
                continue
            said = "no" if _NO_INSURANCE.search(clause) else "yes" if _HAS_INSURANCE.search(clause) else None
            if said is None:
                continue
            shown = insurance_of(codes[0]) if len(codes) == 1 else set()
            if len(shown) == 1 and said not in shown:
                out.append((clause.strip(), next(iter(shown))))
    return out


# What leads a list of a rule's conditions: "can be cancelled only if ... one of these applies:".
_RULE_LEAD = re.compile(r"\b(?:if|unless|one of (?:these|the following)|conditions?)\b[^\n]*:\W*$", re.I)
# A sentence about the reservation the one before named: "The reservation includes travel insurance".
_THE_RESERVATION = re.compile(r"\W*(?:the|this|that|your)\s+(?:reservation|booking|trip)\b|\W*it\b", re.I)
_THIS_RESERVATION = re.compile(r"\bthis\s+(?:reservation|booking|trip)\b", re.I)  # anywhere in the sentence


# A cabin as a text says it: "basic economy" before "economy", which it holds.
CABIN_SAID = re.compile(r"\b(basic[ _-]economy|business(?!\s+(?:days?|hours?|trip))|economy|first class)\b", re.I)
# A sentence about a change of cabin, or one that may happen, says no cabin the reservation has now.
_CABIN_CHANGE = re.compile(r"\b(?:upgrad\w*|downgrad\w*|chang\w*|mov\w*|switch\w*|instead|from|to|into|now)\b"
                           r"|(?:→|->)\s*\**\s*(?:basic[ _-]?economy|economy|business)\b",  # "YHUD9D → **business**"
                           re.I)


# A cabin's rule, of any reservation in it: "3 bags for 2 passengers: economy includes 2".
_CABIN_RULE = re.compile(r"\b(?:economy|business)\**\s+(?:includes?|allows?|gives?|permits?|comes? with|allowance)\b", re.I)
_CABIN_LABEL = re.compile(r"\W*(?:new\s+)?cabin\**\s*:", re.I)  # a list line "- Cabin: business ..."
# ... or the cabin labelled later in a list's line: "- Reservation **M05KNL**, cabin **economy**"
_CABIN_LABELLED = re.compile(r"\bcabin\**\s*:?\s*\**\s*(?:basic[ _-]?economy|economy|business)\b", re.I)
_A_CHANGE = re.compile(r"\b(?:chang|upgrad|downgrad)\w*", re.I)
# A cabin the reservation is said not to have: "it isn't business", "not in economy".
_NOT_CABIN = re.compile(r"(?:\bnot|n['’]t)\s+(?:(?:a|an|in)\s+)?\**$", re.I)


def cabin_contradicted(text: str, cabin_of: Callable[[str], set[str]]) -> list[tuple[str, str, str]]:
    """(code, cabin said, cabin shown) for each sentence or table row that names one reservation
    by code and says one cabin of it, where the reservation shows another: "| Y2WASI | 2024-05-22 |
    Basic economy |", where Y2WASI shows "economy". Not where it speaks of a change of cabin."""
    out: list[tuple[str, str, str]] = []
    change = None  # whether the text speaks of a change (read once, where a line labels a cabin)
    for sentence in SENTENCE_OR_LINE.split(text):
        said = {m[1].lower().replace("_", " ").replace("-", " ") for m in CABIN_SAID.finditer(sentence)
                if not _NOT_CABIN.search(sentence, max(0, m.start() - 12), m.start())}
        if len(said) != 1 or _MAYBE.search(sentence) or _CABIN_CHANGE.search(sentence) or _CABIN_RULE.search(sentence):
            continue
        if (_CABIN_LABEL.match(sentence) or (LIST_MARK.match(sentence) and _CABIN_LABELLED.search(sentence))) and (
                change := change if change is not None else bool(_A_CHANGE.search(text))):
            continue  # "To confirm the change:\n- Cabin: business for the whole reservation QMLLG3": the new one
        codes = [c for c in dict.fromkeys(_CODE.findall(sentence)) if cabin_of(c)]
        if len(codes) != 1:
            continue
        cabin, shown = said.pop(), cabin_of(codes[0])
        if len(shown) == 1 and cabin.replace(" ", "_") not in shown:
            out.append((codes[0], cabin, next(iter(shown))))
    return out


# A flight's time as a text gives it: "HAT225 departs Denver at 09:00", "lands at 2:30 pm".
# The time after the nearest way word before it: in "leaving at 8pm and arriving at 10:30pm" the
# 10:30pm is the arrival's. On the hour, the am or pm says it is a time ("at 8pm"). Or the time right
# after the word, as a table's cell reads under its column ("Departs 1:00 PM", tables.with_headers).
_TIMED = re.compile(r"\b(?P<way>depart\w*|leav\w*|arriv\w*|land\w*)\b"
                    r"(?:[ \t]*:?[ \t]*|(?:(?!\b(?:depart|leav|arriv|land)|\bat\s+\d)[^.;,!?]){0,30}?\bat\s+)"
                    r"(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?(?![\d:])(?P<half>\s*[ap]\.?m\b)?", re.I)
# The way word's subject is the other flights: "(the others leave at 8:00 AM and 2:00 PM)".
_OTHERS_DO = re.compile(r"\b(?:the\s+)?(?:others|other\s+(?:flights|ones|options)|rest)\s+(?:all\s+|both\s+)?$", re.I)


_OWN_BRACKET = re.compile(r"\s*\([^()]{1,40}\)")  # a bracket right after a flight's number: its own


def mistimed(text: str, times_of: Callable[[str, str], set[str]],
             told: Callable[[], set[str]] | None = None) -> list[tuple[str, str, str]]:
    """(flight, the time as written, the times shown) for each sentence naming one flight that gives
    it a departure or arrival time none of its observed ones ("HH:MM" of ``times_of(flight, way)``,
    way "departure" or "arrival") is. Where no time of it is shown, the time must be one the user
    told (``told()``, "HH:MM"): the system prompt's clock is no flight's schedule ("" as shown)."""
    if ":" not in text and not AM_PM.search(text):
        return []
    out: list[tuple[str, str, str]] = []
    before: set[str] = set()  # the flights of the sentence before: "HAT287 ... is on schedule. It departs ..."
    for sentence in SENTENCE_OR_LINE.split(text.replace("**", "")):  # "land at **12:00 PM**"
        flights = set(FLIGHT_NUMBER.findall(sentence))
        if not flights and _IT_STARTS.match(sentence):
            flights = before
        before = flights
        if len(flights) == 1:
            flight = next(iter(flights))
            named_at = sentence.find(flight)
            joined = max((m.start() for m in _AND.finditer(sentence, 0, named_at)), default=-1)
            if joined > 0 and _TIMED.search(sentence, 0, joined) is not None:
                # "you land at LGA at 16:30 and HAT172 leaves at 23:00": the clause before the "and"
                # times another leg (one the sentence does not name)
                sentence = sentence[joined:]
            out += _mistimed_of(flight, sentence, times_of, told)
        elif flights and _TIMED.search(sentence):
            # a list in one sentence: "HAT216 leaving at 07:00 for $107, HAT287 at 09:00 ...", each
            # flight's part up to the next flight's number, where commas part them (not "HAT015 and
            # HAT108 leave at 01:00 and 03:00", nor "HAT215 + HAT064 | Departs 11:00")
            named = list(FLIGHT_NUMBER.finditer(sentence))
            # (or "and" after a time of its own: "HAT116 leaves at 8:00 PM and HAT165 brings you back")
            parted = [_LIST_COMMA.search(sentence, a.end(), b.start()) is not None
                      or (" and " in sentence[a.end():b.start()] and _TIMED.search(sentence, a.end(), b.start()) is not None)
                      for a, b in zip(named, named[1:], strict=False)]
            for k, m in enumerate(named):
                if (k > 0 and not parted[k - 1]) or (k < len(parted) and not parted[k]):
                    if (own := _OWN_BRACKET.match(sentence, m.end())) and _TIMED.search(own[0]):
                        out += _mistimed_of(m[0], own[0], times_of, told)  # "... on HAT207 (departs 15:00)"
                    continue
                end = named[k + 1].start() if k + 1 < len(named) else len(sentence)
                out += _mistimed_of(m[0], sentence[m.start():end], times_of, told)
    return out


_LIST_COMMA = re.compile(r"[,;]")
_AND = re.compile(r"\s(?:and|but|while)\b")


def _mistimed_of(flight: str, sentence: str, times_of: Callable[[str, str], set[str]],
                 told: Callable[[], set[str]] | None) -> list[tuple[str, str, str]]:
    """``mistimed`` of a sentence (or a list's part) that names one flight. A part that goes on to the
    next flight as its connection ("HAT286 departing at 22:00, arriving Seattle at 15:30, with HAT047")
    gives the trip's arrival, the last leg's: only its departures are this flight's."""
    out: list[tuple[str, str, str]] = []
    connects = _CONNECTS_ON.search(sentence) is not None
    for m in _TIMED.finditer(sentence):
        if m["m"] is None and m["half"] is None:
            continue  # "leaves at 8 gates from here": no time
        if _OTHERS_DO.search(sentence, max(0, m.start() - 30), m.start()):
            continue  # said of the other flights, not the one named
        way = "departure" if m["way"][0] in "dDlL" and not m["way"].lower().startswith("land") else "arrival"
        if connects and way == "arrival":
            continue
        said = f"{hour_24(int(m['h']), m['half']):02d}:{m['m'] or '00'}"
        shown = times_of(flight, way) or (set() if told is None else told())
        if said not in shown and (back := hours_behind_eastern(sentence, m.end())) is not None and any(
                f"{(int(t[:2]) - back) % 24:02d}{t[2:]}" == said for t in shown):
            continue  # "19:00 ET (arrives 4:00 pm Phoenix time)": the schedule's Eastern time, put west
        if said not in shown and (shown or told is not None):
            written = m[0][m.start("h") - m.start():].strip()
            out.append((flight, written, ", ".join(sorted(times_of(flight, way)))))
    return out


_CONNECTS_ON = re.compile(r"\b(?:with|then|connecting(?:\s+(?:to|with|on))?|onto)\s*\**$", re.I)
# A flight's departure and arrival as a range right after its number: "HAT175 LAS→IAH 5:00 PM–9:00 PM",
# "HAT290 (14:00-16:00)"; an arrival the next day may carry "+1" or "(+1)".
_TIME_RANGE = re.compile(r"(?<![\d:])(?P<h1>2[0-3]|[01]?\d)(?::(?P<m1>[0-5]\d))?(?P<a1>\s*[ap]\.?m\.?)?\s*(?:[-–—]|to)\s*"
                         r"(?P<h2>2[0-3]|[01]?\d)(?::(?P<m2>[0-5]\d))?(?!\d)(?P<a2>\s*[ap]\.?m\b\.?)?", re.I)


# "HAT227 + HAT139", "HAT204/HAT100", "HAT110 ATL → LGA + HAT172": a leg's route may sit between
_LEGS_JOINED = re.compile(r"\**(?:\s+\(?[A-Z]{3}\s*(?:→|->|–|-)\s*[A-Z]{3}\)?)?\s*(?:\+|/|&|and|then|→|->)\s*\**")


_RANGES_JOINED = re.compile(r"[\s,;]*(?:then|and)?[\s,]*")  # between one leg's range and the next's: ", then "


def _legs_ranges(line: str, flights: list[re.Match[str]], ranges: list[re.Match[str]]) -> list[tuple[str, re.Match[str], str]]:
    """(flight, range, flight) for each leg of a joined run ("HAT059 + HAT142") that as many ranges
    follow, one a leg, in order: "HAT059 + HAT142 at $236 (07:00–09:00, then 18:00–21:30)"."""
    out: list[tuple[str, re.Match[str], str]] = []
    start = 0
    while start < len(flights):
        end = start
        while end + 1 < len(flights) and _LEGS_JOINED.fullmatch(line, flights[end].end(), flights[end + 1].start()):
            end += 1
        legs = flights[start:end + 1]
        after = [m for m in ranges if m.start() >= legs[-1].end()]
        if len(legs) > 1 and len(after) >= len(legs) and after[0].start() - legs[-1].end() <= 40 \
                and not FLIGHT_NUMBER.search(line, legs[-1].end(), after[len(legs) - 1].start()) \
                and all(_RANGES_JOINED.fullmatch(line, a.end(), b.start())
                        for a, b in zip(after[:len(legs) - 1], after[1:len(legs)], strict=True)):
            out += [(leg[0], m, leg[0]) for leg, m in zip(legs, after[:len(legs)], strict=True)]
        start = end + 1
    return out


def mistimed_ranges(text: str, times_of: Callable[[str, str], set[str]]) -> list[tuple[str, str, str]]:
    """(flight, the time as written, the times shown) for each departure–arrival range a line gives
    the flight named right before it ("HAT175 LAS→IAH 5:00 PM–9:00 PM", where HAT175 lands at
    20:00), where the observations show that flight's times and the range's time is none of them."""
    out: list[tuple[str, str, str]] = []
    for line in SENTENCE_OR_LINE.split(text):
        flights = list(FLIGHT_NUMBER.finditer(line))
        if not flights:
            continue
        ranges = [m for m in _TIME_RANGE.finditer(line) if (m["m1"] or m["a1"]) and (m["m2"] or m["a2"])]  # not "2-3 bags"
        if 1 < len(flights) == len(ranges) and ranges[0].start() > flights[-1].end():
            # a trip's legs, then their ranges in order: "| HAT279 + HAT131 | IAH | 11:00–14:30, 18:00–21:00 |"
            paired = [(f[0], m, f[0]) for f, m in zip(flights, ranges, strict=True)]
        else:
            paired = _legs_ranges(line, flights, ranges)
            used = {id(m) for _, m, _ in paired}
            for m in ranges:
                if id(m) in used:
                    continue
                near = [f for f in flights if f.end() <= m.start() and m.start() - f.end() <= 40]
                if not near or _TIME_RANGE.search(line, near[-1].end(), m.start()) or re.search(r"[\d]:\d", line[near[-1].end():m.start()]):
                    continue  # no flight right before, or another time between them
                # the last leg of a joined run ("HAT227 + HAT139 via Chicago, 11:00–19:00"): the range is
                # the trip's, from the first leg's departure
                k = flights.index(near[-1])
                while k > 0 and _LEGS_JOINED.fullmatch(line, flights[k - 1].end(), flights[k].start()):
                    k -= 1
                paired.append((near[-1][0], m, flights[k][0]))
        for flight, m, first in paired:
            half1 = m["a1"] or (m["a2"] if m["a2"] and int(m["h1"]) <= int(m["h2"]) and int(m["h1"]) != 12 else None)
            for way, h, mm, half in (("departure", m["h1"], m["m1"], half1), ("arrival", m["h2"], m["m2"], m["a2"])):
                if not (mm or half) or (half is None and not m["m1"] and not m["m2"]):
                    continue
                said = f"{hour_24(int(h), half):02d}:{mm or '00'}"
                leg = first if way == "departure" else flight
                shown = times_of(leg, way)
                if shown and said not in shown and leg != flight and said in times_of(flight, way) and (
                        "→" in (between := line[line.find(first):line.find(flight)]) or "->" in between):
                    continue  # "HAT290 → HAT229 DEN → LAS 11:00–13:00": an arrow may replace a flight, not join a leg
                if shown and said not in shown:
                    out.append((leg, m[0].strip(), ", ".join(sorted(shown))))
                    break
    return out


# Mobile data as a phone's status bar shows it ("Status Bar: ... | 5G | Data Disabled | ..."), and as
# a text says it: "mobile data enabled", "your data is turned off", "Mobile Data: off".
DATA_SHOWN = re.compile(r"\bData (Enabled|Disabled)\b(?!:)|\bMobile Data Enabled: (Yes|No)\b")  # or a network status
_DATA_SAID = re.compile(r"\b(?:mobile|cellular)\s+data(?:\s*:\s*|\s+)(?:is\s+|looks\s+|shows\s+(?:as\s+)?)?(?:(?:currently|still|now)\s+)?"
                        r"(not\s+)?(enabled|disabled|on|off|turned on|turned off|switched on|switched off)\b", re.I)


# The phone's data roaming switch, as a network status shows it and as a text says it: "Your phone's
# own Data Roaming switch is also off", "**Data Roaming: on**" (not the line's roaming, the carrier's).
ROAMING_SHOWN = re.compile(r"\bData Roaming Enabled: (Yes|No)\b|\bData Roaming is now (ON|OFF)\b")
ROAMING_SAID = re.compile(r"\bdata\s+roaming(?:\s+switch|\s+setting|\s+toggle)?(?:\s*:\s*|\s+)(?:is\s+|looks\s+|"
                           r"shows\s+(?:as\s+)?)?(?:(?:currently|still|now|also|already)\s+)?\**(not\s+)?(enabled|disabled|on|"
                           r"off|turned on|turned off|switched on|switched off)\b", re.I)


def misread_data_switch(text: str, shown: bool, said_as: re.Pattern[str] = _DATA_SAID) -> str:
    """The setting a text gives mobile data ("on", "off") where the latest status bar shown says the
    other (``shown``: data enabled); "" where it agrees or says none. Not in a question or an
    instruction ("check that mobile data is on"), nor under a heading of what was found wrong
    ("**Found**\n- Airplane Mode on; mobile data off"). ``said_as=ROAMING_SAID``: the same of the
    phone's data roaming switch."""
    text = without_problem_lists(text)
    # (not the steps a lead says are needed: "... we need both:\n1. ...\n2. **Data Roaming switched on** in
    # your phone's settings, which you do")
    if ":" in text and "\n" in text:
        text = without_lists_under(text, _needs_lead, keep_lead=True)
    for sentence in SENTENCE_OR_LINE.split(text):
        if sentence.rstrip().endswith("?"):
            continue
        sentence = sentence.replace("*", "")  # "Your phone's own **Data Roaming** switch is off"
        for m in said_as.finditer(sentence):
            clause = sentence.rfind(",", 0, m.start()) + 1  # "once", "if", "check that" of its own clause
            if _NOT_NOW.search(sentence, clause, m.start()) or _ASKS_TO.search(sentence, clause, m.start()):
                continue
            if m[2].lower() == "on" and _ON_PLACE.match(sentence, m.end()):
                continue  # "the data roaming switch on your phone": where it is, not its setting
            if "→" in sentence[m.end():] or "->" in sentence[m.end():]:
                continue  # "4. **Data Roaming off on the phone** → you turned it on": what was, then the fix
            if "|" in sentence and _PROBLEM_CELL.match(sentence, sentence.rfind("|", 0, m.start()) + 1):
                continue  # "| Issue Data roaming off on phone | Fix turned on |": the state a fix changed
            said = (m[2].lower() in ("enabled", "on", "turned on", "switched on")) != bool(m[1])
            if (field := _FIELD_VALUE.match(sentence, m.end())) is not None:
                said = field[1].lower() == "yes"  # the status's own line: "Data Roaming Enabled: No"
            if said != shown:
                return "on" if said else "off"
    return ""


_NEEDS_LEAD = re.compile(r"\b(?:need|needs|needed|steps?|required|to do)\b[^\n]*:\s*$", re.I)


def _needs_lead(line: str) -> bool:
    """Whether a line, no list item, leads the steps that are needed ("... we need both:")."""
    return not LIST_MARK.match(line) and _NEEDS_LEAD.search(line) is not None
# A table cell under a column of what was wrong (its header read into the cell, tables.with_headers).
_PROBLEM_CELL = re.compile(r"\s*(?:problems?|issues?|causes?|before|found)\b", re.I)
_FIELD_VALUE = re.compile(r"\s*:\s*(yes|no)\b", re.I)
_ON_PLACE = re.compile(r"\s+(?:your|the|my|his|her|their|this|that|a|an)\b", re.I)
_ASKS_TO = re.compile(r"\b(?:check|make sure|ensure|confirm|verify|turn|switch|please|try|if|whether)\b", re.I)


# A sentence about the object of the one before: "It departs Charlotte at 11:00 AM".
_IT_STARTS = re.compile(r"\W*(?:it|it's|this flight|that flight|the flight)\b", re.I)
_ANSWER_HEAD = re.compile(r"\W*(?:(?:yes|yep|no|nope|ok|okay|sure|good news)\b[\s,!:.-]*)?", re.I)  # "Yes, it's ..."


# A feature's setting as a text says it: "roaming is currently disabled", "roaming is not on", "roaming
# isn't enabled" (the negation is group 2, or the "n't" the match holds).
# ("is now enabled" reports a change made: the claims' matter, not a reading of the record.)
_SWITCH = re.compile(r"\b([a-z]+)(?:\s+(?:(?:is|are)\s+(?:(?:currently|still|already|also)\s+)?(not\s+)?|(?:isn|aren)['’]t\s+)|:\s*)"
                     r"\**(enabled|disabled|on|off|active|inactive|turned on|turned off|switched on|switched off)\b", re.I)
# The state right after the feature, after a verb that shows it: "Your line shows roaming **disabled**",
# "L1002 has international roaming enabled" (the groups as _SWITCH's; no negation).
_OFF = re.compile(r"\boff\b")
# ("still shows roaming off": "off" too, never a preposition; not "on", which may be: "has roaming on L1001")
_SWITCH_HAS = re.compile(r"\b(?:shows?|has|have|with)\s+(?:[a-z]+\s+)?\**([a-z]+)\**\s+()\**(enabled|disabled|off)\b",
                         re.I)
# A feature said of a list of objects, a report too: "Roaming is now on for 555-316-1062 and off for ...".
_SWITCH_LISTED = re.compile(r"\b([a-z]+)\s+(?:is|are)\s+(?:(?:currently|still|already|also|now)\s+)?"
                            r"(?:enabled|disabled|on|off|turned on|turned off)\s+(?:for|on)\b", re.I)
_ON = frozenset({"enabled", "on", "active", "turned on", "switched on"})
_ON_PLAN = re.compile(r"\bplan\s+\**$", re.I)  # (an identifier right after it is the plan the line is on)
_YOURS = re.compile(r"\byour (?:account|line|number|phone line|plan)\b", re.I)
_ID_ITEM = r"(?:\d{3}-\d{3}-\d{4}|[A-Z]\d{4,})"
# The object between the feature and its state: "roaming on 555-123-2001 stays disabled" (groups as _SWITCH's).
_SWITCH_OF = re.compile(rf"\b([a-z]+)\s+(?:on|for)\s+(?:line\s+)?{_ID_ITEM}\s+(?:is|stays|remains)\s+"
                        r"(?:(?:currently|still|already|also|now)\s+)?(not\s+)?\**(enabled|disabled|on|off)\b", re.I)
# ... found from the object on, which few positions of a text can start (the search a word at a time costs more)
_SWITCH_OF_GATE = re.compile(rf"{_ID_ITEM}\s+(?i:(?:is|stays|remains)\s+(?:(?:currently|still|already|also|now)\s+)?"
                             r"(?:not\s+)?\**(?:enabled|disabled|on|off))\b")  # (case kept: an id's letter is upper case)
_STATE_FOR = re.compile(rf"\b(enabled|disabled|on|off)\s+(?:for|on)\s+({_ID_ITEM}(?:(?:,\s*|,?\s+and\s+){_ID_ITEM})*)", re.I)


_IT_OBJECT = re.compile(r"\b(?:on|for|of)\s+it\b|\bit\s+(?:has|is)\b", re.I)


def _any_clause(part: str) -> bool:
    """Every clause of a list's line under a heading of "your line" speaks of that line."""
    return True


def _names_or_it(part: str) -> bool:
    """Whether a clause names an object, by identifier or as "it" ("and roaming is enabled on it as well")."""
    return bool(identifiers_in(part)) or _IT_OBJECT.search(part) is not None


def _switch_owners(sentence: str) -> list[str]:
    """The identifiers a sentence names that may own a switch: not the plan a line is said to be on
    ("555-123-2001 is Active, on plan P1001, and roaming is still disabled on it": the line's)."""
    ids = _object_ids(sentence)
    if len(ids) == 2 and "plan" in sentence and len(plans := [i for i in ids if _ON_PLAN.search(sentence, 0, sentence.find(i))]) == 1:
        ids.remove(plans[0])
    return ids


def switched(text: str, switch_of: Callable[[str, str], bool | None],
             sole: Callable[[str], str | None] | None = None) -> list[tuple[str, str, bool]]:
    """(identifier, feature, the setting shown) for each claim of ``switch_claims`` where the
    object's record shows the feature's ``<feature>_enabled`` flag the other way (``switch_of``; None
    where it shows none or it may have changed since)."""
    return [(ident, feature, shown) for ident, feature, said in switch_claims(text, sole)
            if (shown := switch_of(ident, feature)) is not None and shown != said]


def switch_claims(text: str, sole: Callable[[str], str | None] | None = None) -> list[tuple[str, str, bool]]:
    """(identifier, feature, whether said on) for each sentence that names one object and says a
    feature of it is on or off now ("international roaming is currently disabled on 555-123-2002").
    A sentence naming several says each one's state in a list after the state word ("on for L1, and
    off for L2 and L3"); one naming none but "your account" or "your line" says it of the one object
    ``sole`` gives for the feature (the one shown with the flag), not of the phone's own switch
    ("Data Roaming is on")."""
    out: list[tuple[str, str, bool]] = []
    of_object = _SWITCH_OF_GATE.search(text) is not None  # "roaming on L1001 stays disabled"
    has_gate = "abled" in text or ("off" in text and _OFF.search(text) is not None)  # (not "office", "offer")
    if _SWITCH.search(text) is None and _SWITCH_LISTED.search(text) is None and (
            not has_gate or _SWITCH_HAS.search(text) is None) and not of_object:
        return out  # most texts: a search or two
    yours = False  # the latest heading or lead is of "your line": its list's lines speak of it
    for sentence in SENTENCE_OR_LINE.split(text):
        if sentence.lstrip().startswith("#") or sentence.rstrip().endswith(":"):
            yours = _YOURS.search(sentence) is not None  # "### Your line", "Here's your account:"
        if (listed := _SWITCH_LISTED.search(sentence)) and not _NOT_NOW.search(sentence, 0, listed.start()) and len(
                _switch_owners(sentence)) > 1:
            # "Roaming is now on for 555-316-1062 and off for 555-813-7289 and 555-549-9898": each
            # state word gives the objects listed right after it (a write's own: no flag shown)
            feature = listed[1].lower()
            out += [(ident, feature, part[1].lower() in _ON)
                    for part in _STATE_FOR.finditer(sentence) for ident in identifiers_in(part[2])]
            continue
        found = [m for m in (*_SWITCH.finditer(sentence),
                             *(_SWITCH_HAS.finditer(sentence) if has_gate and ("abled" in sentence or "off" in sentence) else ()),
                             *(_SWITCH_OF.finditer(sentence) if of_object else ()))
                 if not _NOT_NOW.search(sentence, 0, m.start())]
        if not found:
            continue
        named: Callable[[str], object] = _names_or_it
        if not (ids := _switch_owners(sentence)) and sole is not None and (
                _YOURS.search(sentence) or (yours and LIST_MARK.match(sentence))):
            # "roaming is already enabled on your account", where one line shows roaming_enabled
            found = [m for m in found if not sentence[:m.start()].lower().endswith(("data ", "data **"))]
            ids = [one] if found and (one := sole(found[0][1].lower())) is not None else []
            named = _YOURS.search if not yours else _any_clause  # the object's clause says "your line"
        if len(ids) != 1:
            continue
        if JOINED_CLAUSE.search(sentence):
            # "roaming is off on both watches, and your phone 555-667-6853 still has roaming": the
            # state's own clause names no object ("data roaming is on on your phone, and international
            # roaming is enabled on your line": the second clause's)
            parts = [(p.start(), p.end()) for p in _CLAUSE_PART.finditer(sentence)]
            found = [m for m in found if any(a <= m.start() < b and named(sentence[a:b]) for a, b in parts)]
        out += [(ids[0], m[1].lower(), (m[3].lower() in _ON) != bool(m[2] or "n't" in m[0] or "n’t" in m[0]))
                for m in found]
    return out


# A speed test's answer, "Speed Test Result: 22.00 Mbps (Fair).", and its rating as a text says it:
# "rated **Good**", "in the Good range" (a capitalized rating, or one after "rated"; not "good news").
SPEED_SHOWN = re.compile(r"(\d+(?:\.\d+)?)\s*Mbps\s*\(([A-Za-z ]+)\)")
_SPEED_SAID = re.compile(r"(\d+(?:\.\d+)?)\s*(?:\*\*)?\s*Mbps")
_RATING_SAID = re.compile(r"(?:\brat(?:ed|ing)(?: of| as)?\s+(?:\*\*)?)(very poor|poor|fair|good|excellent)\b"
                          r"|\b(Very Poor|Poor|Fair|Good|Excellent)\b", re.I)

# Before a rating the speed does not have: one it falls short of, or the one it came from.
_RATING_NOT_REACHED = re.compile(r"(?:\bnot|n['’]t|\bshort of|\bbelow|\bfrom)\s+(?:(?:yet|quite|an?)\s+)*$", re.I)


def misrated_speeds(text: str, ratings: dict[float, str]) -> list[tuple[str, str]]:
    """(rating said, rating shown) for each sentence that gives one measured speed ("22 Mbps") another
    rating than the speed test that measured it: "22 Mbps, now rated **Good**", where it showed
    (Fair). A sentence naming several speeds says which goes with which only loosely: skipped."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        speeds = {float(m[1]) for m in _SPEED_SAID.finditer(sentence)}
        if len(speeds) != 1 or (shown := ratings.get(speeds.pop())) is None:
            continue
        plain = sentence.replace("*", "")
        for m in _RATING_SAID.finditer(plain):
            said = m[1] or m[2]
            if m[2] and (not m[2][0].isupper() or not any(c.isalpha() for c in plain[:m.start()])):
                continue  # "good news", "Good: ...": a rating only capitalized within, or after "rated"
            if _RATING_NOT_REACHED.search(plain, 0, m.start()):
                continue  # "but still not Excellent", "up from Poor": a rating it does not have
            if said.lower() != shown.lower():
                out.append((said, shown))
                break
    return out


# The user's own tier: "thanks for being a gold member", "as a silver member", "your gold membership";
# not the policy's "gold members get 3 free bags".
# "I don't see any overdue bill", "You have no pending orders": none of the kind in the status.
_NONE_IN = re.compile(r"\b(?:no|(?:do not|don't|don’t|can't|cannot) see any|not any|none of your)\s+\**(overdue|pending|"
                      r"suspended|delivered|cancell?ed|unpaid|open|outstanding|active)\**\s+"
                      r"(bill|order|line|reservation|balance)s?\b", re.I)
_KIND_OF = {"balance": "bill"}  # "no overdue balance": no overdue bill
_OWED = {"open": "unpaid", "outstanding": "unpaid"}  # "no open balance": no bill left to pay


def is_unpaid(status: str) -> bool:
    """Whether a bill's status (as shown) says it is not paid: "Issued", "Overdue", "Awaiting Payment"."""
    return status_form(status) in _UNPAID or status.lower() in _NOT_PAID_YET


class Denial(NamedTuple):
    """A sentence's word that the user has no object of a kind in a status: "I don't see any
    **overdue** bill" gives ("don't see any overdue bill", "bill", "overdue", "overdue")."""

    said: str  # as written, without bold marks
    kind: str  # "bill" ("no overdue balance": no overdue bill)
    status: str  # its canonical form ("canceled": "cancelled")
    word: str  # the status as written, lower case


def denials(text: str) -> list[Denial]:
    """Each denial in a text: checked against the objects shown in that status (one is: the text
    contradicts it) and against whether any object of the kind was shown at all (none: the text
    says what it could not see)."""
    return [Denial(m[0].replace("*", ""), _KIND_OF.get(m[2].lower(), m[2].lower()),
                   _OWED.get(m[1].lower()) or _FORMS.get(m[1].lower(), m[1].lower()), m[1].lower())
            for m in _NONE_IN.finditer(text)]


_TIER_NAMED = r"\s+\**(regular|silver|gold|platinum)\**\s+member(?:ship)?\b"  # "a **Silver** member"
_TIER = re.compile(r"\b(?:as a|you're a|you’re a|you are a|being a|your)" + _TIER_NAMED, re.I)


_TIER_OWNED = re.compile(r"\b(?:you're a|you’re a|you are a|being a|your)" + _TIER_NAMED, re.I)  # not "as a gold member"


def unseen_tiers(text: str, said_by_user: str) -> list[str]:
    """The tiers a text gives the user where no profile shown gives any and the user did not say
    theirs (``said_by_user``: the user's messages, lower case): "since you're a Silver member"."""
    return [m[1] for m in _TIER_OWNED.finditer(text) if f"{m[1].lower()} member" not in said_by_user]


def tier_contradicted(text: str, tiers: set[str]) -> list[tuple[str, str]]:
    """(the tier as written, the tiers shown) for each tier a text gives the user where the profile
    shows another (``tiers``: the ``membership`` values shown, lower case; none: not compared)."""
    if not tiers:
        return []
    return [(m[1], ", ".join(sorted(tiers))) for m in _TIER.finditer(text) if m[1].lower() not in tiers]


# An exchange or return said to be done: "the exchange is complete", "status is now 'exchange completed'".
_COMPLETED = re.compile(r"\b(?:exchange|return)s?\b[^.!?\n]{0,30}?\b(?:is|are|has been|have been)\s+(?:now\s+|all\s+)?"
                        r"complete(?:d)?\b|\b(?:exchange|return) completed\b", re.I)


def completion_said(text: str) -> list[str]:
    """The words of a text that say an exchange or a return is complete now ("exchange is complete"; not
    what will be, once the items arrive): untrue of a request, whose status stays "exchange requested"."""
    if "omplete" not in text:
        return []
    return [m[0] for sentence in SENTENCE_OR_LINE.split(text) for m in _COMPLETED.finditer(sentence)
            if not _NOT_NOW.search(sentence, 0, m.start())]


# A device said able to use an eSIM, or not: "It's eSIM capable", "D1003 doesn't support eSIM".
_ESIM_SAID = re.compile(r"\besim[- ]capable\b|\bsupports?\s+(?:an?\s+)?esims?\b|\bcan\s+use\s+(?:an?\s+)?esims?\b", re.I)
_ESIM_DENIED = re.compile(r"\b(?:not|isn't|isn’t|doesn't|doesn’t|does not|can't|cannot|no)\b[^.!?\n]{0,20}$", re.I)
_DEVICE_ID = re.compile(r"\bD\d{4}\b")


def esim_claims(text: str, by_model: str | None = None) -> list[tuple[str, bool]]:
    """(device, whether it is said eSIM capable) for each sentence that says one device can or cannot use an
    eSIM: the device its sentence names, else the one the whole text names by id, else the one it names by
    its model (``by_model``: "It's a Smartphone X ...")."""
    devices = set(_DEVICE_ID.findall(text)) or ({by_model} if by_model else set())
    out: list[tuple[str, bool]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if sentence.rstrip().endswith("?") or (m := _ESIM_SAID.search(sentence)) is None:
            continue
        own = set(_DEVICE_ID.findall(sentence)) or devices
        if len(own) == 1:
            out.append((own.pop(), _ESIM_DENIED.search(sentence, 0, m.start()) is None))
    return out


# What the user owes now: "In total you owe $310.50: the February bill B1002 ... plus the January bill B1001".
_OWES_NOW = re.compile(r"\byou\s+(?:still\s+|currently\s+)?owe\b|\b(?:still\s+)?(?:outstanding|owed)\b", re.I)
# The bill's own clause says it is paid: "B1001 was already paid", "B1001 (paid)".
_PAID_NEAR = re.compile(r"\bpaid\b|\bsettled\b", re.I)


def owed_paid(text: str, status_of: Callable[[str], Any]) -> list[tuple[str, str]]:
    """(bill, its status) for each bill a sentence says the user owes now ("In total you owe $310.50:
    ... plus the January bill B1001 of $160.50") whose latest record shows it paid; not one the
    sentence itself says is paid ("You owe $150 for B1002; B1001 was already paid")."""
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        if (owed := _OWES_NOW.search(sentence)) is None or "?" in sentence[owed.end():]:
            continue
        for ident in dict.fromkeys(identifiers_in(sentence)):
            at = sentence.find(ident)
            if isinstance(shown := status_of(ident), str) and shown.lower() == "paid" \
                    and not _PAID_NEAR.search(sentence, max(0, at - 25), at + len(ident) + 30):
                out.append((ident, shown))
    return out


def owed_with_paid(text: str, bills: dict[str, tuple[int, str]]) -> list[tuple[str, str]]:
    """(the amount as written, the paid bill it counts) for each amount a sentence says the user owes
    now ("so in total you have $310.5 outstanding") that is what the unpaid bills come to plus a
    bill shown Paid, and not what the unpaid bills come to. ``bills``: bill id -> (total in cents,
    status lower-cased)."""
    unpaid = sum(total for total, status in bills.values() if status != "paid" and status != "draft")
    drafts = sum(total for total, status in bills.values() if status == "draft")
    owed = {unpaid, unpaid + drafts}
    paid = {bill: total for bill, (total, status) in bills.items() if status == "paid"}
    out: list[tuple[str, str]] = []
    for sentence in SENTENCE_OR_LINE.split(text) if paid else ():
        if _OWES_NOW.search(sentence) is None or "?" in sentence:
            continue
        for m in re.finditer(r"\$\s?(\d[\d,]*(?:\.\d+)?)", sentence):
            cents = round(float(m[1].replace(",", "")) * 100)
            if cents not in owed and (counted := next((b for b, t in paid.items() if cents - t in owed), None)):
                out.append((m[0], counted.upper()))
    return out
