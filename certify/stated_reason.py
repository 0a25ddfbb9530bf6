"""The reason a description gives a write, against the free-text reason the call sends: "I'll
suspend 555-255-4444, reason: traveling overseas", then ``reason="device lost"``. An enum reason
(a retail cancellation's) is the choice check's (agreement); a free-text one may be paraphrased,
so only one that shares no word with the described is flagged.

And the reason a text gives the user for an action, which only the user can give: "... which I'll
cancel for you since you ordered it by mistake", where no message of the user's says so; or what it
says the user told it ("Since you mentioned you don't want to change your plan"), none of whose
words the user wrote.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from typing import Any

from trajectory2gym.certify.normalize import words

# The reason a description gives a write: "reason: traveling overseas", "with the reason 'customer
# request, phone no longer in use'", "(reason: not in use)".
_REASON_SAID = re.compile(r"\breason(?:\s+being)?\s*(?::|is|of|as)?\s*['\"‘“]?([^'\"’”.;)\n]{3,80})", re.I)


_WH = re.compile(r"\b(?:what|which|any)\b", re.I)


def _asks_reason(text: str, m: re.Match[str]) -> bool:
    """A question for the reason, which gives none: "And what reason should I note?"."""
    start = max(text.rfind(".", 0, m.start()), text.rfind("?", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
    return "?" in m[1] and _WH.search(text, start, m.start()) is not None


def reason_unsaid(arguments: dict[str, Any], described: str) -> tuple[str, str] | None:
    """(argument, value) where a call's ``reason`` shares no word of three letters or more with the
    reason its description gave ("reason: traveling overseas", the call "device lost"); None where it
    does, or the description gave none."""
    value = arguments.get("reason")
    if not isinstance(value, str) or "reason" not in described.lower():
        return None
    m = next((m for m in _REASON_SAID.finditer(described) if not _asks_reason(described, m)), None)
    if m is None:
        return None
    said = {w for w in words(m[1]) if len(w) > 2} - {"shall", "proceed", "would", "like"}
    sent = {w for w in words(value) if len(w) > 2}
    if not said or not sent or not said.isdisjoint(sent):
        return None
    return "reason", value


# A reason put on the user: "since you ordered it by mistake", "as you no longer need it".
_PUT_ON_USER = re.compile(r"\b(?:since|because|as)\s+(?:it was|they were|you(?:'ve| have)?)\s+(?:\w+\s+){0,2}?"
                          r"(?:(?P<mistake>ordered\s+(?:\w+\s+)?by\s+mistake)|(?P<needed>(?:no longer|don't|do not)\s+need))\b",
                          re.I)
# ... said by the user: "I ordered it by mistake", "accidentally", "I don't need it anymore".
_USER_GAVE = {"mistake": re.compile(r"\bmistake|\baccident|\bwrong\b|\bdidn't mean\b", re.I),
              "needed": re.compile(r"\b(?:no longer|don't|do not|not)\s+(?:\w+\s+)?(?:need|want)|\banymore\b", re.I)}


def user_gave(option: str, user_text: str) -> bool:
    """Whether the user's messages (``user_text``) give a reason like ``option`` ("ordered by
    mistake": "the whole order was a mistake"; "no longer needed": "Don't need it anymore")."""
    kind = "mistake" if "mistake" in option else "needed" if "need" in option else None
    return _USER_GAVE[kind].search(user_text) is not None if kind else set(words(option)) <= set(words(user_text))


def reasons_put_on_user(text: str, user_text: str) -> list[str]:
    """The reasons (as written) a text says the user has for an action ("since you ordered it by
    mistake") where no message of the user's (``user_text``) gives one like it."""
    return [m[0] for m in _PUT_ON_USER.finditer(text)
            if not _USER_GAVE["mistake" if m["mistake"] else "needed"].search(user_text)]


# What the text says the user said: "Since you mentioned you don't want to change your plan, ...".
_YOU_SAID = re.compile(r"(?:\b(?:since|as|because)\s+you(?:'ve|’ve| have)?\s+(?:already\s+)?(?:mentioned|said|told me|noted|explained)"
                       # (when: "As you mentioned earlier, you'd like ...")
                       r"(?:\s+(?:earlier|before|previously),?)?\s+(?:that\s+)?"
                       # or a wish of the user's the text says it sees: "I see you don't want travel insurance"
                       r"|\bI\s+see\s+(?:that\s+)?(?=you(?:'d|\s+would)?\s+(?:don't\s+|do\s+not\s+)?(?:want|prefer|like|need)\b)"
                       # or given as a reason: "Since you want the Amazon Alexa version, ..."
                       r"|\b(?:since|as|because)\s+you(?:'d|\s+would)?\s+(?:want|prefer)\s+)"
                       r"(?P<what>[^.,;:!?\n]{3,80})", re.I)
# Words too common to tell what was said.
_COMMON = frozenset({"you", "your", "yours", "don't", "didn't", "want", "have", "that", "this", "with", "would", "like",
                     "they", "them", "were", "been", "just", "also", "really", "need", "it's", "there", "their", "what",
                     "about", "some", "more", "still", "from", "into", "only", "very", "much", "will", "going", "now"})


def may_put_saying(text: str) -> bool:
    """Whether a text may say what the user told it (substring tests, then ``_YOU_SAID``)."""
    return ("mentioned" in text or "said" in text or "told me" in text or "noted" in text or "explained" in text
            or "I see" in text or "you want" in text or "you prefer" in text or "you'd prefer" in text
            or "you would" in text) and _YOU_SAID.search(text) is not None


def sayings_put_on_user(text: str, user_text: str) -> list[str]:
    """What a text says the user told it ("since you mentioned you don't want to change your plan"),
    as written, where the user's messages (``user_text``, lower case) hold none of its words."""
    said = set(words(user_text))
    out: list[str] = []
    for m in _YOU_SAID.finditer(text):
        own = {w for w in words(m["what"]) if len(w) > 3 and w not in _COMMON}
        # (two words at least: one may be the user's in other words, "happy to add" of "I could add")
        if len(own) > 1 and own.isdisjoint(said) and not any(w.rstrip("s") in said or w + "s" in said for w in own):
            out.append(m[0].strip())
    return out


# A fact of the user's own the text gives as a reason: "Since you don't have Wi-Fi access where you are".
_YOU_LACK = re.compile(r"\b(?:since|as|because|given that)\s+you\s+(?:don't|do not|can't|cannot|have no|haven't|"
                       r"aren't|are not|won't|didn't)\s+(?!(?:need|want|like|mind|wish)\b)(?P<what>[^.,;:!?\n]{3,60})", re.I)
_LACK_COMMON = _COMMON | {"where", "here", "right", "currently", "anything", "able", "access", "have", "know", "need",
                          "want", "mind", "sure", "plan", "planning"}


def may_put_lack(text: str) -> bool:
    """Substring tests before ``_YOU_LACK``: most texts give the user no reason of theirs."""
    return ("ince you" in text or "s you" in text or "ecause you" in text or "given that you" in text) and (
        _YOU_LACK.search(text) is not None)


def lacks_put_on_user(text: str, user_text: str, observed: AbstractSet[str] = frozenset()) -> list[str]:
    """What a text says the user lacks or cannot do ("since you don't have Wi-Fi access"), as written,
    where neither the user's messages (``user_text``, lower case) nor the observations (``observed``:
    their words, compacted) hold any of its own words: only the user could have said it."""
    seen = set(words(_wifi(user_text))) | observed
    out: list[str] = []
    for m in _YOU_LACK.finditer(text):
        own = {w for w in words(_wifi(m["what"].lower())) if len(w) > 3 and w not in _LACK_COMMON}
        if own and own.isdisjoint(seen) and not any(w.rstrip("s") in seen or w + "s" in seen for w in own):
            out.append(m[0].strip())
    return out


# How the user feels, as a reason: "Given that you're feeling unwell, ...", "since you're sick".
_YOU_FEEL = re.compile(r"\b(?:since|as|because|given that)\s+you(?:'re|’re| are)\s+(?:feeling\s+)?"
                       r"(?:unwell|sick|ill|not well|not feeling well|under the weather)\b", re.I)
_USER_FELT = re.compile(r"\b(?:sick|ill|unwell|feel\w*|health\w*|doctor|hospital|not well|fever|flu)\b", re.I)


def feelings_put_on_user(text: str, user_text: str) -> list[str]:
    """How the text says the user feels ("Given that you're feeling unwell"), as written, where the
    user's messages (``user_text``) say nothing of their health."""
    if "you" not in text or _USER_FELT.search(user_text):
        return []
    return [m[0] for m in _YOU_FEEL.finditer(text)]


def _wifi(text: str) -> str:
    """Wi-Fi written as one word, as users and tools write it several ways."""
    return text.replace("wi-fi", "wifi").replace("wi fi", "wifi")


# Where the text says the user is: "Since you're at home in the US", "now that you're in France" (not
# "abroad", which a country the user named gives, and no list of countries here tells).
_YOU_ARE_AT = re.compile(r"\byou(?:'re|’re| are)\s+(?:currently\s+|now\s+|still\s+)?(?:(?P<home>at home)|in\s+(?P<place>[A-Z][a-z]+))\b")
_AT_HOME_SAID = re.compile(r"\b(?:home|domestic|the us|the usa|united states|america)\b", re.I)  # as a user says it


def may_put_place(text: str) -> bool:
    """Whether a text may say where the user is (a substring test, then ``_YOU_ARE_AT``)."""
    return ("you're" in text or "you are" in text or "you’re" in text) and _YOU_ARE_AT.search(text) is not None


def places_put_on_user(text: str, user_text: str) -> list[str]:
    """Where a text says the user is ("Since you're at home in the US"), as written, where the
    user's messages (``user_text``, lower case) never said it: only the user knows where they are.
    Not in a question ("let me know whether you're at home or travelling?")."""
    out: list[str] = []
    for sentence in _SENTENCES.split(text):
        if sentence.rstrip().endswith("?"):
            continue
        for m in _YOU_ARE_AT.finditer(sentence):
            told = _AT_HOME_SAID.search(user_text) is not None if m["home"] else m["place"].lower() in user_text
            if not told:
                out.append(m[0])
    return out


_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n")
