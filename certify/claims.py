"""Texts that report a failed action as done: "All set! Your order is now paid with your gift card"
right after the payment change returned "Error: insufficient gift card balance". A success claim
after a write whose result was an error, with no word that tells of the failure, is no grounded
statement: the agent's own context says otherwise."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from functools import lru_cache

from trajectory2gym.certify.action_words import action_stems, says
from trajectory2gym.certify.normalize import (
    BRACKETED,
    compact,
    identifiers_in,
    tokens,
    wordline,
    words,
)
from trajectory2gym.certify.turns import LIST_MARK, SENTENCE_OR_LINE

# Words that report an action as done.
_DONE = re.compile(
    r"\b(?:all set|all done|done|success(?:ful(?:ly)?)?|went through|completed?|"
    r"(?:is|are|has been|have been|was|were) (?:now |also |successfully )?(?:re-?)?(?:confirmed|booked|cancell?ed|sent|"
    r"updated|changed|modified|processed|submitted|placed|issued|refunded|paid|exchanged|returned|added|removed|"
    r"applied|enabled|disabled|activated|suspended|resumed|switched|moved|upgraded|downgraded|scheduled|restored|"
    r"reset|replaced|turned (?:on|off))|"
    r"i(?:'ve| have) (?:now |also |just |successfully )?(?:re-?)?(?:confirmed|booked|cancell?ed|sent|updated|changed|"
    r"modified|processed|submitted|placed|issued|refunded|exchanged|returned|added|removed|applied|enabled|disabled|"
    r"activated|suspended|resumed|switched|moved|upgraded|downgraded|scheduled|made|set|turned (?:on|off))|"
    r"is now|are now|"
    r"(?<!\bi )(?<!\bwe )will now|you(?:'re| are) (?:now |all )?(?:booked|confirmed|set|being transferred|transferred)|"
    r"(?:i'?ve|i have) (?:now )?transferred you)\b"  # "your order will now ship to ...", not "I will now try again"
    # A report's first word, then a colon: "Sent: a payment request for B1182 is waiting on your phone."
    r"|(?:^|(?<=[.!\n]\s))\W*(?:sent|cancell?ed|booked|added|updated|changed|refunded|exchanged|returned|resumed|"
    r"suspended|enabled|disabled|submitted|issued)\s*[:—–]"
    # A terse report at a sentence's start: "Roaming enabled on L3013.", "Refund sent."
    r"|(?:^|(?<=[.!\n]\s))\W*(?:\w+\s+){1,3}?(?:enabled|disabled|suspended|resumed|cancell?ed|refunded|sent|added|"
    r"updated|changed|booked|exchanged|returned)(?=\s+(?:on|for|to)\b|\s*[.!,;:—–]|\s*$)",
    re.I | re.M,
)
# Words that tell of the failure, or ask before going on: the text reports the error.
_FAILED = re.compile(
    r"\b(?:errors?|fail\w*|unable|(?:could|can|did|was|were|is|are|does|do|would|has|have)(?:n'?t| not)|cannot|"
    r"can[’']?t|won[’']?t|"
    r"not (?:able|possible|enough|go through)|unfortunately|sorry|apolog\w*|problem|issue|declined|rejected|"
    r"insufficient|already|instead|however|but)\b|\?",
    re.I,
)


# A question that offers something more ("Would you also like me to update your profile?") is not
# about the failure, unlike "Shall I try again?".
_MORE = re.compile(r"\b(?:also|anything else|something else|what else|what(?:'s| is) next|next request)\b", re.I)
_SENTENCES = re.compile(r"[^.!?\n]*(?:[.!?\n]+|$)")


# What a sentence says after "until", "once", "as soon as": a condition still to be met, no report.
_CONDITION = re.compile(r"\b(?:until|till|once|as soon as)\b[^.!?\n]*", re.I)


def claims_done(text: str) -> bool:
    """Whether a text reports an action as done and says nothing of a failure; not what a condition
    says ("B1002 has to wait until that one is paid")."""
    if _DONE.search(text) is None:
        return False
    if ("ntil" in text or "till" in text or "nce" in text or "s soon" in text) and _DONE.search(
            text := _CONDITION.sub(" ", text)) is None:
        return False
    if "?" in text:
        text = " ".join(q for q in _SENTENCES.findall(text) if not (q.rstrip().endswith("?") and _MORE.search(q)))
    return _FAILED.search(text) is None


# A reply that opens with a report of its action done: "Done - roaming is off on 555-123-2001."
_DONE_FIRST = re.compile(r"\W*(?:all\s+)?(?:done|set)\b(?!\s*\?)", re.I)
# A message that asks the agent to do something: "can you turn roaming off on my son's line".
_ASKS = re.compile(r"\b(?:can|could|would|will) you\b|\bplease\b|\bpls\b|\bi(?:'d| would) like\b|\bi want\b", re.I)


def done_unasked(text: str, request: str) -> str:
    """The text's opening report ("Done - roaming is off on 555-123-2001.") of a text that answers the
    user's request at once (the caller's to know: no call between), so nothing was done since the
    user asked. "" otherwise."""
    m = _DONE_FIRST.match(text)
    if m is None or _ASKS.search(request) is None or _FAILED.search(text[:m.end() + 40]):
        return ""
    return SENTENCE_OR_LINE.split(text.strip(), maxsplit=1)[0]


# Options too common as words to say which one a text means ("no insurance", "a").
_PLAIN_WORDS = frozenset({"yes", "no", "none", "n", "a", "default", "standard", "regular"})


def _phrase(option: str) -> str:
    return wordline(words(option.replace("_", " ")))


def may_name_other_choice(text: str, choices: tuple[tuple[str, str, tuple[str, ...]], ...]) -> bool:
    """Whether a text holds, as a plain lower-case substring, an option other than the one sent."""
    low = text.lower()
    return any(o != value and len(o) > 2 and o.lower() not in _PLAIN_WORDS and o.lower().replace("_", " ") in low
               for _, value, options in choices for o in options)


def other_choices(text: str, choices: tuple[tuple[str, str, tuple[str, ...]], ...]) -> list[tuple[str, str, str]]:
    """(argument, value sent, option said) for each enum argument of a write whose report names
    another of its options and not the one sent: "booked in economy" after a booking in business."""
    out: list[tuple[str, str, str]] = []
    line = ""
    for arg, value, options in choices:
        if value.lower() in _PLAIN_WORDS:
            continue
        # (not a kind of several records: "That covers all five of your business reservations")
        line = line or wordline(words(_KIND_OF_SEVERAL.sub(" ", text)))
        if _phrase(value) in line:
            continue
        said = next((o for o in options if o != value and o.lower() not in _PLAIN_WORDS
                     and len(o) > 2 and _phrase(o) in line), None)
        if said is not None:
            out.append((arg, value, said))
    return out


_KIND_OF_SEVERAL = re.compile(r"\b[\w-]+\s+(?:reservations|bookings|orders|lines)\b", re.I)


# A few verbs of change in the plain past, the agent's own report of them: "Summary: ..., I enabled roaming".
# (not sums: "I added incorrectly", "I added them up wrong")
_PAST_CHANGE = (r"I\s+(?:also\s+)?(?:enabled|disabled|added(?!\s+(?:(?:it|them|those|these|the\s+\w+)\s+)?"
                r"(?:up|incorrectly|wrongly|wrong|correctly)\b)|removed|cancell?ed|refunded|suspended|resumed|booked|"
                r"issued|submitted)\b")
# The agent saying it did something itself: "I've also added a $50 certificate", "I have submitted a
# refund request". Not "I've checked", "I've noted", "I've confirmed that ...": those change nothing.
_I_DID = re.compile(
    rf"\b{_PAST_CHANGE}|"
    r"\b(?:I|we)(?:'ve|’ve| have)\s+(?:(?:also|now|just|already|successfully|gone ahead and)\s+)*\**"
    r"(?:re-?)?(?:added|removed|submitted|issued|sent|cancell?ed|refunded|credited|applied|upgraded|downgraded|"
    r"changed|updated|modified|booked|exchanged|returned|processed|waived|reinstated|restored|enabled|disabled|"
    r"activated|deactivated|suspended|resumed|switched|moved|replaced|filed|lodged|escalated|set(?!\s+up)|configured|"
    r"pushed|triggered|initiated|refreshed|scheduled|opened|placed|raised|logged|put\s+in|transferred|"
    # what only the user's phone does: "I've also disconnected your VPN"
    r"disconnected|reconnected|rebooted|restarted|toggled|granted|reseated)\b",
    re.I,
)
# A change reported on the user's own thing: "Done, your default address is now 55 Market Street".
_TURNED = re.compile(r"\b(?:I|we)(?:'ve|’ve| have)\s+(?:(?:also|now|just|successfully)\s+)*turned\s+(?:on|off)\b", re.I)
# The same said of the object, in a reply that opens by reporting it done: "All done ✅ The small
# helmet has been swapped for the M one" (not "#W1 has been cancelled" alone: a status it may show).
_DONE_VERBS = (r"(?:swapped|exchanged|cancell?ed|refunded|upgraded|downgraded|changed|updated|modified|booked|returned|"
               r"replaced|moved|switched|added|removed|submitted|initiated)\b")
_IT_WAS_DONE = re.compile(r"\b(?:has|have) been\s+(?:(?:successfully|now|also)\s+)?" + _DONE_VERBS, re.I)
# A sentence that opens on the user's object said done, with no "done" before it: "Your return has
# been submitted!" (not by a verb that is also a status a lookup shows: "Your order has been cancelled")
_YOURS_WAS_DONE = re.compile(r"\W*your\s+[^.!?,;]{0,40}?\b(?:has|have) been\s+(?:(?:successfully|now|also)\s+)?"
                             r"(?:swapped|upgraded|downgraded|changed|updated|modified|booked|replaced|moved|switched|"
                             r"added|removed|submitted|initiated)\b", re.I)
_DONE_OPENING = re.compile(r"^\W*(?:(?:all\s+)?done|all set|success)\b|^[^\n]{0,12}✅", re.I)
_PAID_WITH = re.compile(r"\b(?:with|using|via|through|from)\s+(?:(?:your|the|a|an|my|that)\s+)?(?:\$?[\d,.]+\s+)?"
                        r"(?:travel\s+)?(?:certificates?|gift\s+cards?)\b"
                        # ... nor the bill a charge goes on: "so the charge on your next bill will be $4.00"
                        r"|\b(?:on|to)\s+(?:your|the)\s+(?:next\s+)?bill\b", re.I)
_NOW_YOURS = re.compile(r"\b(?:done|all set)\b.{0,40}?\byour\b[^.!?]{0,40}?\b(?:is|are) now\b", re.I)
# The same in a list after the "done": "Both done!\n- ...\n- Your default address is now ...".
_YOURS_NOW = re.compile(r"\byour\b[^.!?\n]{0,40}?\b(?:is|are) now\b", re.I)
# A feature said to be in a new state: "Roaming is now enabled on your line" (what a write sets).
_IS_NOW_SET = re.compile(r"\b\w+\s+(?:is|are|has been)\s+now\s+(?:enabled|disabled|turned on|turned off|switched on|"
                         r"switched off|activated|deactivated|resumed|suspended)\b", re.I)
_DONE_WORD = re.compile(r"\b(?:done|all set)\b", re.I)
_I_DID_STEMS = re.compile("I've|I have|i've|I’ve|We've|we've|we have|We have")  # plain alternation: fast
_I_DID_PAST = re.compile(_PAST_CHANGE)  # (asked only where "I " is written)
# A clause about what will or may be done: "Once I've cancelled it, ...".
_NOT_YET = re.compile(r"\b(?:once|if|when|after|before|until|unless|as soon as)\b", re.I)
_TOLD_FAILURE = re.compile(r"\b(?:errors?|fail\w*|unable|cannot|not|never|tried|attempted)\b|n't\b", re.I)
# Words of write tools too common to tell one action from another.
_PLAIN_NOUNS = frozenset({"id", "ids", "user", "new", "total", "type", "reason", "amount", "details", "method",
                          "pending", "delivered", "customer", "request", "info", "data"})


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def action_nouns(names_and_args: Iterable[tuple[str, tuple[str, ...]]]) -> set[str]:
    """The words a write tool's name (past its verb) and argument names give its object and what it
    changes ("certificate"; "insurance", "cabin", "baggage" of the airline's writes), stemmed."""
    out: set[str] = set()
    for name, args in names_and_args:
        out |= _nouns_of(name, args)
    return out


@lru_cache(maxsize=4096)
def _nouns_of(name: str, args: tuple[str, ...]) -> frozenset[str]:
    parts = name.lower().split("_")[1:] + [w for a in args for w in a.lower().split("_")]
    nouns = {_stem(w) for w in parts if w.isalpha() and len(w) > 2} - _PLAIN_NOUNS
    return frozenset(nouns | {_SAID_AS[n] for n in nouns if n in _SAID_AS})


# How a text says a tool's noun: update_reservation_baggages adds "bags".
_SAID_AS = {"baggage": "bag"}


# One key per kind of action a verb names, from its first letters: "modified", "updated" and
# "changed" can all recap a ``modify_*`` call.
_CHANGE_VERBS = frozenset({"chan", "modi", "upda", "swit", "move", "togg", "set"})


# Verbs that may report what an action of another kind did: a cancellation "refunded" the
# payment, a bag update "added" bags, a certificate was "added" to the account; any request is
# "submitted" ("I submitted it with the gift card", of an exchange).
_ANY_ACTION = frozenset({"adde", "refun", "cred", "proc", "appl", "subm"})


def verb_key(verb: str) -> str:
    """The kind of action a verb ("cancelled") or a tool name's verb ("cancel") names."""
    key = verb.lower().removeprefix("re-")[:4]
    if key == "refu":  # refunded, refuel
        key = verb.lower()[:5]
    # (a certificate "issued" is one sent: send_certificate)
    return "chan" if key in _CHANGE_VERBS else "sen" if key in ("sent", "send", "issu") else key


def claims_own_action(text: str) -> bool:
    """Whether a text says the agent did something ("I've enabled", "I have just turned on"): more
    than that a thing is so now ("Roaming is now enabled")."""
    return ("'ve" in text or "’ve" in text or " have " in text) and (
        _I_DID.search(text) is not None or _TURNED.search(text) is not None)


def _unmade_kind(claim: str, made_verbs: Callable[[], set[str]]) -> bool:
    """Whether "I've removed" claims a kind of action none that went through is of."""
    key = verb_key(claim.split()[-1].lstrip("*"))  # "I've also **reset": the verb in bold
    return key not in _ANY_ACTION and key not in made_verbs()


def unmade_claims(text: str, made: Callable[[], set[str] | None], nouns: Callable[[], set[str]],
                  idle_verbs: Callable[[], set[str]] | None = None) -> list[str]:
    """The sentences in which the agent says it did something no call made: where ``made()`` is None,
    no write went through in the whole conversation ("I've submitted a refund request for you");
    else a sentence naming an object of a write tool (``nouns()``) that no write or user action that
    went through acted on (``made()``: their ``action_nouns``): "I've also added a $50 travel
    certificate" where only a cancellation was made. Both are asked only for a text that claims.
    ``idle_verbs``, given where nothing went through since the user last spoke: the ``verb_key`` of
    each action that went through before. "I've removed the Vacuum Cleaner from #W3130288" then
    claims an action none was made of, when no earlier action is of its kind (a recap, "I've
    updated your address", is one)."""
    listed_done = "\n" in text and _DONE_WORD.search(text) is not None
    opened_done = " been " in text and _DONE_OPENING.search(text) is not None
    yours_done = " been " in text and ("Your" in text or "your" in text)
    # (a feature set now, read only where nothing went through since the user spoke: after a write, its report)
    now_set = idle_verbs is not None and " now " in text and _IS_NOW_SET.search(text) is not None
    if _I_DID_STEMS.search(text) is None and not ("I " in text and _I_DID_PAST.search(text)) and not opened_done \
            and not yours_done and not now_set and not ("now" in text and (
            _NOW_YOURS.search(text) or (listed_done and _YOURS_NOW.search(text)))):
        return []
    done: set[str] | None = None
    asked = False
    out: list[str] = []
    for sentence in _SENTENCES.findall(text):
        m = _I_DID.search(sentence) or _NOW_YOURS.search(sentence) or (
            _YOURS_NOW.search(sentence) if listed_done else None) or (
            _IT_WAS_DONE.search(sentence) if opened_done else None) or (
            _YOURS_WAS_DONE.match(sentence) if yours_done else None) or (
            _IS_NOW_SET.search(sentence) if now_set else None)
        if m is None or sentence.rstrip().endswith("?") or _NOT_YET.search(sentence, 0, m.start()):
            continue
        if _TOLD_FAILURE.search(sentence) is not None:
            continue  # "I've tried to cancel, but it failed"
        if not asked:  # what was made, asked only for a text that claims something done
            done, asked = made(), True
        if done is None:
            out.append(sentence.strip())
            continue
        # Not a method it paid with: "I've booked it with the certificate covering $250" (no certificate sent).
        # Said in the passive, its object comes first: "..., and your 3 checked bags have been added".
        start = max(sentence.rfind(",", 0, m.start()), sentence.rfind(" and ", 0, m.start()), 0) \
            if m.re is _IT_WAS_DONE else 0 if m.re is _YOURS_WAS_DONE else m.start()
        # (nor what a bracket says of the object, nor a rate: "downgraded X7BYG1 (MIA → EWR on May 24, 2
        # passengers): ... so $2,709 per passenger × 2")
        named = {_stem(w) for w in words(_PER_UNIT.sub(" ", _PAID_WITH.sub(" ", BRACKETED.sub(" ", sentence[start:]))))} \
            & nouns()
        other_object = bool(named) and named.isdisjoint(done)
        if other_object or (idle_verbs is not None and m.re is _I_DID and _unmade_kind(m[0], idle_verbs)):
            out.append(sentence.strip())
    return out


_PER_UNIT = re.compile(r"\b(?:per|each|a)\s+(?:passenger|person|traveller|traveler|item|line|night)\b"
                       # (nor whom it was for: "I've already issued $150 for the 3 passengers")
                       r"|\bfor\s+(?:the\s+|all\s+|your\s+)?(?:\d+|two|three|four|five|both)\s+(?:passengers|people|travell?ers)\b",
                       re.I)


# The agent saying it added an amount of data: "I've also added 2 GB of data to your line", "2 GB has
# been added", a recap's line "- Added a 2 GB data top-up". Only a write with an amount of data
# (refuel_data's gb_amount) adds any: a roaming write on the same line does not (its nouns, "line",
# are the claim's too).
_DATA_ADDED = re.compile(r"(?:\b(?:I|we)(?:'ve|’ve| have)\s+(?:(?:also|now|just|successfully)\s+)*"
                         r"|^\s*(?:[-*•]|\d{1,2}[.)])\s+)"
                         r"(?:\*\*)?(?:added|refuell?ed|topped\s+(?:you\s+|it\s+)?up)\b[^.!?\n]{0,30}?"
                         r"\d+(?:\.\d+)?\s*(?:\*\*)?\s*GB\b"
                         r"|\d+(?:\.\d+)?\s*(?:\*\*)?\s*GB\b[^.!?\n]{0,25}?\b(?:has|have) been\s+(?:\w+\s+)?added\b",
                         re.I)


# ... not one told as failed ("I've tried to add 2 GB, but it failed"; "so you won't run short" is none).
_ADD_FAILED = re.compile(r"\b(?:tried|attempted|fail\w*|errors?|unable|couldn't|could not|can't|cannot)\b", re.I)


def data_added_claims(text: str) -> list[str]:
    """The sentences in which the agent says an amount of data was added, plainly (not what would
    happen, nor a failure told); split where a sentence ends, not at "1.5 GB"'s point."""
    return [sentence.strip() for sentence in SENTENCE_OR_LINE.split(text) if (m := _DATA_ADDED.search(sentence))
            and not _NOT_YET.search(sentence, 0, m.start()) and not _ADD_FAILED.search(sentence)
            and not _NONE_ADDED.search(m[0])]  # "- Refueled: **0.0 GB**": a usage line's field, none added


_NONE_ADDED = re.compile(r"(?<![\d.])0(?:\.0+)?\s*(?:\*\*)?\s*GB\b")


# The agent saying it reached the user outside the conversation: "I've also emailed you the
# itinerary", "I have sent you a confirmation email". Only a tool that sends mail or texts does that.
_CONTACTED = re.compile(
    r"\b(?:I|we)(?:'ve|’ve| have|'ll|’ll| will)\s+(?:(?:also|now|just|already|go ahead and)\s+)*"
    r"(?:e-?mail(?:ed)?|text(?:ed)?|messag(?:ed|e)|mail(?:ed)?|sms(?:ed)?|sen[dt] (?:you )?(?:an? |the )?"
    r"(?:confirmation )?(?:e-?mail|text|sms|message)"
    # or handed a document over: "I've attached a prepaid return label to this chat"
    r"|attach(?:ed)? (?:an? |the |your )?(?:prepaid |shipping |return )*(?:label|receipt|invoice|document|pdf|file))\b"
    # or said of the thing sent, as done: "Your new boarding passes have been emailed to ..."
    r"|\b(?:has|have|was|were)\s+(?:(?:also|now|just|already)\s+)*(?:been\s+)?(?:(?:also|now|just|already)\s+)*"
    r"(?:e-?mailed|texted)\b",
    re.I)
_MESSAGING = ("mail", "text", "sms", "message", "notif")  # words of a tool that reaches the user
_LOOKUPS = ("get_", "find_", "list_", "search_")  # tools that find things (find_user_id_by_email sends nothing)


def contact_claims(text: str, tool_names: Iterable[str]) -> list[str]:
    """The sentences in which the agent says it emailed or texted the user, where no visible tool
    can: no call can have done it."""
    if "mail" not in text and "text" not in text and "messag" not in text and "sms" not in text.lower() \
            and "attach" not in text:
        return []  # plain substrings first
    if any(w in name.lower() and not name.lower().startswith(_LOOKUPS) for name in tool_names for w in _MESSAGING):
        return []  # a tool that sends (not find_user_id_by_email)
    return [sentence.strip() for sentence in _SENTENCES.findall(text) if _CONTACTED.search(sentence)
            and not _TOLD_FAILURE.search(sentence) and not sentence.rstrip().endswith("?")]


# The agent saying it let the user off what they owe, or will: "I've also waived the overdue $65.00 bill",
# "I've removed the $5.00 suspension fee", "the late fee has been waived", "the $4.00 will be waived"
# (a point inside "$65.00" ends nothing).
_OWED = r"\b(?:fees?|charges?|bills?|penalt(?:y|ies)|surcharges?|balance|dues)\b"
_LET_OFF = r"(?:waived|forgiven|written off|removed|reversed|cleared|dropped|voided|zeroed out|wiped)"
_FORGAVE = re.compile(
    r"\b(?:I|we)(?:'ve|’ve| have)\s+(?:(?:also|now|just|already|gone ahead and)\s+)*\**" + _LET_OFF
    + r"\s+(?:[^.!?;\n]|\.(?=\d)){0,40}?" + _OWED
    + r"|" + _OWED + r"(?:[^.!?;\n]|\.(?=\d)){0,30}?\b(?:has|have) (?:now )?been\s+(?:(?:fully|also)\s+)?" + _LET_OFF
    # or promised: "the $4.00 will be waived", "The $5.00 suspension fee will also be credited back"
    + r"|(?:\$\d|" + _OWED + r")(?:[^.!?;\n]|\.(?=\d)){0,40}?\b(?:will|'ll|is going to)\s+(?:also\s+)?be\s+"
      r"(?:waived|forgiven|written off)"
    + r"|\b(?:fees?|penalt(?:y|ies)|surcharges?)\b(?:[^.!?;\n]|\.(?=\d)){0,40}?\b(?:will|'ll)\s+(?:also\s+)?be\s+"
      r"(?:credited|refunded|removed|reversed)"
    # or offered by the agent: "I'll make an exception and waive the $222 for you", "I can reduce the difference
    # to $200 as a one-time courtesy"
    + r"|\b(?:I|we)(?:'ll|’ll| will| can| could)\s+(?:[^.!?;\n]{0,40}?\s)?(?:waive|forgive|write off)\s+"
      r"(?:the\s+|that\s+|this\s+|your\s+)?(?:\$\d|(?:[^.!?;\n]|\.(?=\d)){0,30}?" + _OWED + r")"
    + r"|\b(?:I|we)(?:'ll|’ll| will| can| could)\s+(?:[^.!?;\n]|\.(?=\d)){0,60}?\b(?:as an?\s+(?:one-time\s+|special\s+)?"
      r"(?:courtesy|goodwill gesture|exception)|make an exception)\b"
    # ... the kindness said first: "As a courtesy I can reduce the difference to $200"
    + r"|\bas an?\s+(?:one-time\s+|special\s+)?(?:courtesy|goodwill gesture|exception),?\s+(?:I|we)(?:'ll|’ll| will| can| could)\b"
    # or said to hold already: "any change fees on VA5SGQ are waived"
    + r"|" + _OWED + r"(?:[^.!?;\n]|\.(?=\d)){0,30}?\b(?:is|are)\s+(?:(?:fully|also|all)\s+)?(?:waived|forgiven)\b", re.I)
# ... or gave a credit, or noted it on the account: "I've applied a **$2.00 credit**", "I've also added a note"
# (searched apart: only texts with such words pay for it).
_GAVE = re.compile(
    r"(?-i:\b(?:I|[Ww]e))(?:'ve|’ve| have)\s+(?:(?:also|now|just|already|gone ahead and)\s+)*(?:(?:applied|added|issued|posted|put|"
    r"given you)\s+(?:an?\s+)?\**(?:\$\d[\d,]*(?:\.\d+)?\**\s+)?(?:courtesy\s+|goodwill\s+|one-time\s+|account\s+)?"
    r"credit\b(?!\s+card)|(?:added|left|made|put|placed)\s+(?:a\s+)?note\b)", re.I)
# What a tool that forgives a charge, or notes the account, would be named by ("waive_fee", "add_note").
_FORGIVING = ("waiv", "forgiv", "remov", "revers", "clear", "void", "credit", "writeoff", "adjust", "note")


# What the sentence says there is none of: "There's no change fee I could charge to make an exception".
_NONE_THERE = re.compile(r"\bthere(?:['’]s|\s+is|\s+are)\s+no\b", re.I)
_KINDNESS = re.compile(r"\b(?:courtesy|goodwill|exception)\b", re.I)


def forgiven_claims(text: str, tool_names: Iterable[str]) -> list[str]:
    """The sentences in which the agent says it waived or removed a fee, bill or charge, gave a
    credit or put a note on the account, where no visible tool forgives or notes anything: no call
    can have done it (a cancelled order's charge is refunded, not waived)."""
    owed = "fee" in text or "charge" in text or "bill" in text or "enalt" in text or "balance" in text \
        or "dues" in text or "waive" in text or "courtesy" in text or "exception" in text or "goodwill" in text
    # (plain substrings first)
    gave = (" note" in text or ("credit" in text and text.count("credit") != text.count("credit card"))) \
        and _GAVE.search(text) is not None  # (one search of the whole text: "credited" is common)
    if not owed and not gave:
        return []
    if any(name.lower().startswith(_FORGIVING) or any(w.startswith(_FORGIVING) for w in name.lower().split("_"))
           for name in tool_names):
        return []
    out = []
    for sentence in SENTENCE_OR_LINE.split(text):
        m = (_FORGAVE.search(sentence) if owed else None) or (_GAVE.search(sentence) if gave else None)
        if m is None or _NOT_YET.search(sentence, 0, m.start()) or _TOLD_FAILURE.search(sentence, 0, m.end()) \
                or _NONE_THERE.search(sentence, 0, m.start()) \
                or sentence.rstrip().endswith("?"):  # not "... so you won't need to pay it"
            continue
        if "ertificate" in sentence and _KINDNESS.search(m[0]):
            continue  # a certificate offered as a gesture: compensation, which the policy's own rule judges
        out.append(sentence.strip())
    return out


# The agent saying it looked something up: "I've also checked your APN settings".
_CHECKED = re.compile(r"\b(?:I|we)(?:'ve|’ve| have)\s+(?:(?:also|now|just|already)\s+)*(?:checked|verified|reviewed|"
                      r"looked (?:at|up)|inspected|tested)\s+(?:your\s+|the\s+|our\s+)?((?:[\w-]+\s+){0,2}[\w-]+)", re.I)
# Words of a tool's name that say no one thing it looks at.
_PLAIN_OBJECT = frozenset({"settings", "status", "details", "info", "by", "id", "for", "of", "the", "and", "user",
                           "customer", "data", "network", "order", "all", "list"})


_CHECKS = (*_LOOKUPS, "check_", "run_", "test_")  # tools that look, not act


# The agent saying how something it could only know by looking is: "Your APN MMS settings are correct".
# ("Your VPN is already off", "your network mode is already on 4G/5G": a bare "on" only before a
# network, "off" not before "the", "your", ...)
_STATE_SAID = re.compile(r"\byour\s+((?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:is|are|looks?|seems?)\s+(?:all\s+|also\s+)?"
                         r"(?:correct(?:ly (?:set|configured))?|fine|ok(?:ay)?|good|right|properly (?:set|configured)|"
                         r"configured (?:correctly|properly)|(?P<switch>(?:currently\s+|still\s+|already\s+)?"
                         r"(?:(?:switched|turned)\s+(?:on|off)|enabled|disabled|off(?!\s+(?:the|your|a|an|to|of|for|at)\b)"
                         r"|(?:on|set\s+to)\s+\**[2-5]G)))\b", re.I)


# The words of a network mode's setting, which only its own check shows (the status bar shows the network).
_MODE_WORDS = frozenset({"mode", "preference", "preferred", "setting", "settings"})


def may_claim_a_check(text: str) -> bool:
    """Plain substring tests before ``unchecked_claims``: most texts say neither (written out: a
    generator over a tuple of words costs more than the tests, on every text)."""
    return ("checked" in text or "verified" in text or "looked" in text or "tested" in text or "reviewed" in text
            or "inspected" in text or ("our " in text and (" correct" in text or " fine" in text or " ok" in text
                                                           or " good" in text or " right" in text
                                                           or " configured" in text or " properly" in text
                                                           or "ed on" in text or "ed off" in text
                                                           or "abled" in text or " off" in text or "G" in text)))


def _checked_words(tool: str) -> list[str]:
    """The words of what a check looks at: its name's after the verb, not the key it finds by
    (get_customer_by_phone looks at a customer, not at the phone)."""
    words_ = tool.lower().split("_")[1:]
    return words_[:words_.index("by")] if "by" in words_ else words_


def unchecked_claims(text: str, tool_names: Iterable[str], called: set[str],
                     seen: AbstractSet[str] = frozenset()) -> list[str]:
    """The sentences in which the agent says it checked something, or how it is, that only a
    visible tool it never called (nor the user) looks at: "I've also checked your APN settings",
    "Your APN MMS settings are correct", where ``check_apn_settings`` never ran; "Your Wi-Fi Calling
    is switched on", unless an observation showed each word of it (``seen``: their keys; a status
    bar's "VPN Connected")."""
    if "I" not in text and "we" not in text and "our" not in text:
        return []
    out = []
    for sentence in _SENTENCES.findall(text):
        m = _CHECKED.search(sentence)
        if m is None and "our" in sentence and (m := _STATE_SAID.search(plain := sentence.replace("*", ""))):
            clause = re.split(r"[,;(—]", plain[m.start():], maxsplit=1)[0]
            if clause.rstrip().endswith("?") or _NOT_YET.search(plain, 0, m.start()):
                continue  # "Can you check if your APN settings are correct?"
        elif m is None or _NOT_YET.search(sentence, 0, m.start()) or sentence.rstrip().endswith("?"):
            continue
        said = {w.lower() for w in re.split(r"[\s-]+", m[1])} - _PLAIN_OBJECT
        if m.re is _STATE_SAID and m["switch"] and not m["switch"].endswith("G") and set(tokens(m[1].lower())) <= seen:
            continue  # "Your VPN is switched on", where the status bar showed "VPN Connected" (not a mode's "on 4G")
        if m.re is _STATE_SAID and m["switch"] and m["switch"].endswith("G") and said.isdisjoint(_MODE_WORDS) \
                and m["switch"][-2:].lower() in seen:
            continue  # "your phone is on 2G": the network it is on, as the status bar showed it (not its mode)
        if m.re is _STATE_SAID and m["switch"] and m["switch"].endswith("G") and said.isdisjoint(_MODE_WORDS):
            # "your phone is on 2G": the network it is on, which a status bar or the network status shows
            tools = [name for name in tool_names if name.lower().startswith(_CHECKS)
                     and ("status_bar" in name or "network_status" in name)]
        else:
            tools = [name for name in tool_names if name.lower().startswith(_CHECKS)
                     and not said.isdisjoint(set(_checked_words(name)) - _PLAIN_OBJECT)]
        if tools and not any(name in called for name in tools):
            out.append(sentence.strip())
    return out


# A recap of what was changed: "Here's a recap of everything we changed:", "What we fixed:".
_CHANGES_RECAP = re.compile(r"\b(?:everything|what|all)\s+(?:we(?:'ve| have)?|I(?:'ve| have)?)\s+(?:changed|fixed|did|done)\b"
                            r"|\bchanges?\s+(?:we\s+)?made\b"
                            r"|^\W*(?:#+\s*)?(?:summary|recap)\W*$", re.I | re.M)  # a "### Summary" heading
# A line of it that says a setting was changed: an arrow, or a verb of change.
_CHANGED_MARK = re.compile(r"→|->|\b(?:turned|switched|toggled|set|reset|re-?seated|granted|enabled|disabled|"
                           r"connected|disconnected|rebooted)\b", re.I)
_ACTING = ("toggle_", "set_", "reset_", "reseat_", "grant_", "connect_", "disconnect_", "enable_", "disable_")
_GENERIC = frozenset({"mode", "settings", "preference", "card", "status", "app"})  # words naming no one setting


def unmade_recap_lines(text: str, tool_names: Iterable[str], called: set[str]) -> list[str]:
    """The lines of a recap of what was changed ("everything we changed: ... - Wi-Fi Calling → off")
    that name a setting only a tool nobody called changes: of the tools that act on settings
    (toggle_wifi_calling, set_network_mode_preference), the one whose object the line names most
    fully ("Data Saver" is toggle_data_saver_mode's, not toggle_data's)."""
    recap = _CHANGES_RECAP.search(text) if "\n" in text else None
    mine = _I_CHANGED.search(text)
    if recap is None and mine is None:
        return []
    objects = {name: set(name.lower().split("_", 1)[1].split("_")) - _GENERIC for name in tool_names
               if name.lower().startswith(_ACTING)}
    out = [line.strip() for line in (text[recap.end():].split("\n") if recap is not None else ())
           if LIST_MARK.match(line) and (mark := _CHANGED_MARK.search(line))
           and _unmade_setting(line, objects, called, mark[0])]
    # or a sentence in which the agent says it changed a setting itself: "I also reset your APN settings"
    out += [sentence.strip() for sentence in (_SENTENCES.findall(text) if mine is not None else ())
            if (m := _I_CHANGED.search(sentence)) and not _NOT_YET.search(sentence, 0, m.start())
            and not _TOLD_FAILURE.search(sentence) and not sentence.rstrip().endswith("?")
            and _unmade_setting(sentence[m.start():], objects, called, m[0].split()[-1])
            and sentence.strip() not in out]
    return out


# The agent saying it changed a phone's setting: "I also reset your APN settings to the defaults".
_I_CHANGED = re.compile(r"\bI(?:'ve|’ve| have)?\s+(?:(?:also|just|already|now)\s+)*(?:reset|toggled|turned|switched|"
                        r"granted|re-?seated|rebooted|restarted|disabled|enabled)\b")


def may_claim_change(text: str) -> bool:
    """Plain substring tests before ``unmade_recap_lines`` reads a text with no recap: "I" and a verb of
    ``_I_CHANGED``."""
    return ("I " in text or "I'" in text or "I’" in text) and (
        "reset" in text or "turned" in text or "switched" in text or "toggled" in text or "granted" in text
        or "seated" in text or "reboot" in text or "restart" in text or "abled" in text)


def _unmade_setting(line: str, objects: dict[str, set[str]], called: set[str], verb: str = "") -> bool:
    """Whether a line names the setting of a tool that acts on it (the one whose object it names most
    fully: "Data Saver" is toggle_data_saver_mode's, not toggle_data's) that nobody called; of a
    line's setting, by ``verb``, the line's verb of change."""
    said = set(words(line.lower().replace("wi-fi", "wifi")))
    named = [(len(obj), name) for name, obj in objects.items() if obj and obj <= said]
    if not named:
        return False
    most = max(n for n, _ in named)
    named = [(n, name) for n, name in named if n == most]
    if "line" in said and len(named) > 1:
        # "Roaming enabled on line L1002": the account's line, by the verb of the tool that changes it
        # (enable_roaming), not the phone's own switch (toggle_roaming) the user ran
        by_verb = [(n, name) for n, name in named if verb.lower().startswith(name.split("_")[0][:5])]
        named = by_verb or named
    return not any(name in called for _, name in named)


# Where a report of several writes turns from one to the next: "roaming is disabled on L1121 and
# L1122 is suspended".
_REPORT_PARTS = re.compile(r"[.;!?]\s+|,\s+|\s+and\s+|\n+")


def swapped_objects(text: str, writes: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(tool, the identifier as written) for each part of a report of several writes that says one
    write's action (by its verb) of one object, where that write acted on other objects and another
    write's arguments hold this one: "Done: roaming is disabled on L1121 and L1122 is suspended",
    after disabling roaming on L1122 and suspending L1121. ``writes``: tool -> the compact keys of
    its writes' string arguments; read only for two tools or more."""
    if len(writes) < 2:
        return []
    stems = {tool: action_stems(tool) for tool in writes}
    out: list[tuple[str, str]] = []
    for part in _REPORT_PARTS.split(text):
        if len(ids := identifiers_in(part)) != 1:
            continue
        line = wordline(words(part.lower()))
        if len(said := [tool for tool, own in stems.items() if says(line, own)]) != 1:
            continue
        key = compact(ids[0])
        if key not in writes[said[0]] and any(key in keys for tool, keys in writes.items() if tool != said[0]):
            out.append((said[0], ids[0]))
    return out


# What someone else will do, promised: "They'll switch the kettle to the glass version and refund you the
# $5.97 difference right away", after a transfer to a human agent, whose work no tool shows.
_OTHERS_WILL = re.compile(r"\b(?:they(?:'ll|’ll| will)|(?:the|a) (?:human |live )?(?:agent|team|specialist|representative|"
                          r"colleague)s? will|my colleagues? will)\s+(?:\w+\s+){0,3}?(switch|swap|change|"
                          r"refund|fix|process|exchange|cancel|issue|replace|correct|adjust|credit|waive|reverse)\w*\b"
                          r"(?:[^.!?\n]|\.\d)*", re.I)
_MAYBE_OTHERS = re.compile(r"\b(?:may|might|could|can|should|likely|probably|able to|try|see (?:if|whether)|help)\b",
                           re.I)  # ("they'll help you correct the return": help with it, no promise of it)


def promised_for_others(text: str, asked: str = "") -> list[str]:
    """The sentences of a text that promise what someone else (the human agent a transfer went to)
    will do, plainly: not what they may be able to do ("they may be able to switch it"), nor what the
    transfer's summary (``asked``) asked of them by the same verb ("Please cancel it ...": "A human
    agent will cancel the wrong request" says what they were asked to do)."""
    if "will" not in text and "'ll" not in text and "’ll" not in text:
        return []
    low = asked.lower()
    return [m[0].strip() for m in _OTHERS_WILL.finditer(text)
            if not _MAYBE_OTHERS.search(m[0]) and not (low and re.search(rf"\b{m[1].lower()}", low))]


# Words of a return reported as filed or refunded.
_RETURN_DONE = re.compile(r"\b(?:return(?:s|ed)?|refund(?:ed)?)\b", re.I)
_KEPT_ITEM = re.compile(r"\b(?:keep|kept|stays?|not|n't|instead of)\b", re.I)


def unreturned_items(text: str, returns: list[tuple[str, set[str], list[tuple[str, str]]]]) -> list[str]:
    """The names of items a report says were returned from an order ("The perfume from #W6353188 and the
    Bluetooth Speaker from #W7156413 will be refunded") whose return call sent other items of that
    order: ``returns`` gives each return write's order id (lower case, no "#"), the item ids it sent,
    and the order's items (name, item id) its result shows. Only a name no item it sent has."""
    out: list[str] = []
    for sentence in SENTENCE_OR_LINE.split(text):
        low = sentence.lower()
        if not _RETURN_DONE.search(sentence) or _KEPT_ITEM.search(sentence):
            continue
        for order, sent, items in returns:
            if order not in low:
                continue
            returned_names = {name for name, item in items if item in sent}
            out += [name for name, item in items if item not in sent and name not in returned_names
                    and name in low and name not in out]
    return out
