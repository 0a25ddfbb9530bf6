"""Messages as the workflow check reads them: a ``Turn`` (a user or assistant text, tokenized on
first use) and its ``Clause``s, split where a reply changes course ("Yes, but keep the kettle").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from trajectory2gym.certify.normalize import (
    chunks,
    compact,
    looks_like_identifier,
    tokens,
    wordline,
    words,
)
from trajectory2gym.certify.plan_picks import plan_lines

# Where a message's sentences end; with SENTENCE_OR_LINE, a list's lines too.
# After ".", "!", "?" or ";", or a bracket that closes right after one ("(#W1 is delivered.) I would"):
# the second lookbehind is tried only after a bracket, so this costs about what the plain end does.
_END = r"(?<=[.!?;)\]])(?<![^.!?;][)\]])\s+"
SENTENCE = re.compile(_END)
SENTENCE_OR_LINE = re.compile(_END + r"|\n+")
# A list's line: its mark ("-", "*", "•", "1.", "2)"), then a space.
LIST_MARK = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s")

# A message that asks something: a weak "okay" or a bare choice answers it.
ASKS = re.compile(r"\?|\b(?:confirm|let me know|shall i|should i|would you like|do you want)\b", re.I)


# A comma starts a new clause before a contrast or a refusal ("..., keep the other flights"), or a
# reason said as one ("yes cancel, I just don't need it anymore", "..., I'm not going anywhere").
_CLAUSE_SPLIT = re.compile(
    # A run of ends, but not the point of "1.5 GB" (a lookbehind first: one class test per character).
    # Nor an ellipsis that trails into what follows in lower case: "The data... how much was it again?"
    # (but for a yes after it: "Let me think... yes, resume it")
    r"(?!\.{2,}\s*(?!(?:yes|yeah|yep|ok|okay|sure|fine)\b)(?-i:[a-z]))(?<!\.\.)[.;!?\n](?<!\.(?=\d))(?:[;!?\n]|\.(?!\d))*"
    # Each branch after a comma starts with the comma: the engine tries them only at commas.
    r"|,(?:\s*(?=but\b|and\b|except\b|though\b|keep\b|leave\b|not\b|(?:i |we )?(?:just |really |simply )?(?:don'?t|do not|no longer)\b|no need\b"
    r"|(?:i'?m|i am|we'?re|we are|she'?s|he'?s|they'?re) (?:really |just )?not\b)"  # "yes, switch it off, I'm not going anywhere"
    r"|(?<=^no,)"  # "No, just the lamp": the no answers the question, the rest says what to do
    r"|\s*(?=(?:just|only)\b(?!\s+(?:if|as long|so long|when|provided)\b))"  # "No upgrade, just the bag"
    # "Yes to the return, no to the exchange"; "No to the kettle, yes to the lamp"; "Lamp yes, kettle no."
    r"|\s*(?=(?:no|yes)\s+to\b|[^,.;!?]*?\bno\b\s*(?:[.!]|$))"
    # "Yes for the bag, no upgrade."; "the bag yes, skip the upgrade": a short refusal that ends it
    r"|\s*(?=(?:no|skip)\s+(?:the\s+|my\s+|any\s+)?[a-z]+(?:\s+[a-z]+)?\s*(?:[.!]|$))"
    r"|(?<=\bno,)\s*(?=[^,.;!?]*\byes\b)"  # "Kettle no, lamp yes."
    r"|\s*(?=(?:(?:the|my)\s[^,.;!?]*?\b)?(?:i'?ll|we'?ll|i will)\s+keep\b)"  # "..., (the kettle) I'll keep"
    r"|\s*(?=(?:i|we)(?:'d| would)?\s+(?:need|want|have|like)\s+to\s+think\s+about\s+(?:the|my)\b))"  # "..., I need to think about the upgrade"
    r"|\b(?:but|except|however)\b"
    r"|\s+and\s+(?=(?:the|my)\s[^,.;!?]*?\bno\b\s*(?:[.!]|$))",  # "The lamp yes and the kettle no."
    re.I,
)


# Words that say yes to what was asked: "sure, go ahead", "sí, please" (not certainty of a fact: "pretty sure
# I paid with paypal").
AFFIRM = re.compile(
    r"\b(yes|yeah|yea|yah|(?<!see )(?<!thank )ya|yep|yup|(?<!make )(?<!making )(?<!be )(?<!pretty )(?<!fairly )(?<!quite )sure|confirm(?:ed|s)?|correct|proceed|go ahead|please do|do it|do (?:that|this|so)|"
    r"sounds good|looks (?:good|right|correct|fine)|all good|that'?s right|that is right|absolutely|definitely|perfect|"
    r"let'?s do it|i agree|agreed|that works|works for me|go for it|affirmative|fine by me|that'?s fine|"
    r"pl(?:ea)?[sz]e? do|make it so|sounds like a plan|obviously|of course|by all means|you bet|"
    r"sí|si|oui|ja|claro|"  # a yes in the user's own language: "sí, please"
    r"(?:is|are) fine to \w+|"
    r"i(?:'ll| will) take (?:it|that|this|them|the)(?! \w+ from here)(?! from here))\b",  # ("Fine, I'll take the certificate.")
    re.I,
)

# Deferring is not agreeing, whatever else the message says: "Sounds good, but I want to talk to my
# wife first", "Okay, I'll confirm with my husband first".
DEFER = re.compile(
    r"\b(?:let me|i(?:'d| would)? (?:want|need|have|like) to|i'?ll|i will|i shall|i must|i should) "
    r"(?:first |just |quickly )?(?:think|check|talk|speak|ask|consult|discuss|confirm with|see|decide|make sure)\b"
    # (not a hand-off asked for: "I want to talk to someone about switching plans", "to a human")
    r"(?!\s+(?:to|with)\s+(?:someone about|somebody about|a (?:human|real person|live agent|representative|supervisor|"
    r"manager|colleague|specialist)|an? (?:human |live )?agent)\b)"
    # "I shall confirm the passenger change once I have heard from my aunt this evening"
    r"|\b(?:i'?ll|i will|i shall|i can) confirm\b[^.!?]{0,60}?\b(?:once|when|after|later|tomorrow|tonight)\b"
    r"|\bonce i(?:'ve| have)? (?:heard|talked|spoken|checked)\b"
    r"|\b(?:check|talk|speak|confirm|consult)(?:ing)? (?:with|to) (?:my|our|the)\b"
    r"|\bmaybe later\b"
    r"|\bget back to (?:you|u)\b|\bthink (?:about it|it over)\b|\bhold on\b|\bnot yet\b"
    r"|\b(?:i'?ll|i will) (?:call|come|check) back\b",  # "roaming — I'll call back next week before I fly"
    re.I,
)


# "Don't worry about the refund, cancel it." leaves "cancel it"; a bare "Don't worry about it" leaves no yes.
_HARMLESS_NO = re.compile(r"\b(no problem|no worries|not a problem|no rush|no hurry|no good|no longer works?|"
                          r"no(?:pe)?\W+(?:that'?s|thats|that is) (?:it|all|everything)\b|nothing else|"
                          r"(?:is|are)(?: not|n't) working|doesn'?t work|no (?:other )?changes?|nothing (?:else )?to change|"
                          r"(?:don'?t|do not) worry(?: about [^,.;!?]*)?)", re.I)


@dataclass(slots=True)
class Clause:
    """One clause of a message: its text, words, the tokens shaped like identifiers, every token's
    key, and whether it asks (ends in "?"): "Can you confirm how long it takes?" confirms nothing."""

    text: str
    words: set[str]
    ids: list[str]
    keys: set[str]
    question: bool


@dataclass
class Turn:
    """A user or assistant text message, tokenized on first use."""

    index: int
    role: str
    text: str
    _words: set[str] | None = field(default=None, repr=False)
    _stems: str | None = field(default=None, repr=False)
    _compacts: set[str] | None = field(default=None, repr=False)
    _clauses: list[Clause] | None = field(default=None, repr=False)
    _defers: bool | None = field(default=None, repr=False)
    _id_keys: set[str] | None = field(default=None, repr=False)
    _plan: tuple[dict[int, str], bool] | None = field(default=None, repr=False)

    @property
    def plan(self) -> tuple[dict[int, str], bool]:
        """Its labelled entries ("1. ...", "Option B: ...") and whether they are letters
        (``plan_picks.plan_lines``), read once: every reply to it is asked about them per call."""
        if self._plan is None:
            self._plan = plan_lines(self.text) if "\n" in self.text else ({}, False)
        return self._plan

    @property
    def defers(self) -> bool:
        """Whether any clause defers the decision ("let me check with my wife first")."""
        if self._defers is None:
            self._defers = any(DEFER.search(c.text) for c in self.clauses)
        return self._defers

    @property
    def words(self) -> set[str]:
        if self._words is None:
            self._tokenize_words()
        return self._words  # type: ignore[return-value]

    @property
    def wordline(self) -> str:
        """The words between spaces: `` " " + stem in wordline`` is a word-prefix test."""
        if self._stems is None:
            self._tokenize_words()
        return self._stems  # type: ignore[return-value]

    def _tokenize_words(self) -> None:
        ws = words(self.text)  # once for both views
        self._words = set(ws)
        self._stems = wordline(ws)  # a trailing space: "add " tests a whole word

    @property
    def clauses(self) -> list[Clause]:
        """The clauses of the message, in order; "no problem" is not a refusal."""
        if self._clauses is None:
            self._clauses = split_clauses(_HARMLESS_NO.sub(" ", self.text))
        return self._clauses

    @property
    def id_keys(self) -> set[str]:
        """The keys of its tokens that hold a digit or a sign (identifier candidates), cached."""
        if self._id_keys is None:
            self._id_keys = {k for k in self.compacts if not k.isalpha()}
        return self._id_keys

    @property
    def compacts(self) -> set[str]:
        if self._compacts is None:
            self._compacts = set(tokens(self.text.lower()))
        return self._compacts


def split_clauses(text: str) -> list[Clause]:
    out = []
    start = 0
    for m in [*_CLAUSE_SPLIT.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        part = text[start:end].strip(" ,")
        if part:
            toks = chunks(part)
            # Identifier-shaped tokens once per message, not once per call the reply is read for.
            out.append(Clause(part, set(words(part)), [t for t in toks if looks_like_identifier(t)],
                              {compact(t) for t in toks},
                              m is not None and "?" in m.group(0)))
        if m is not None:
            start = m.end()
    return out


def sentences_saying(text: str, said: re.Pattern[str], unless: re.Pattern[str]) -> list[str]:
    """The sentences (and lines) of a text that ``said`` finds something in and ``unless`` nothing,
    stripped: the offers a policy forbids, said plainly, not refused ("I can add travel insurance for
    Lucas", not "insurance can't be added after booking")."""
    return [s.strip() for s in SENTENCE_OR_LINE.split(text) if said.search(s) and not unless.search(s)]


# A heading of what was wrong, on a line of its own: "**Found**", "What we found:", "Problems found".
_PROBLEM_HEADING = re.compile(r"^[#*\s]*(?:what (?:we|i) found|found|problems?(?: found)?|issues?(?: found)?|causes?|before)"
                              r"\b[^\n]{0,20}$", re.I | re.M)


# A sentence that recaps what was wrong: "Quite a few things were in the way - airplane mode, mobile data
# off, ...", "The SIM, data, ... and the missing SMS permission were all part of it."
_PAST_PROBLEMS = re.compile(r"\b(?:were|was)\s+(?:all\s+)?(?:in the way|part of (?:it|the problem)|"
                            r"the (?:problems?|causes?|culprits?)|causing (?:it|the problem))\b", re.I)


def without_problem_lists(text: str) -> str:
    """A text without the list lines under a heading of what was found wrong (up to the next line
    that is no list item): a recap's "**Found**\n- mobile data off" says the state before the fix;
    nor the sentences that recap what was wrong (``_PAST_PROBLEMS``)."""
    if ("were" in text or "was" in text) and _PAST_PROBLEMS.search(text):
        text = "\n".join(s for s in SENTENCE_OR_LINE.split(text) if not _PAST_PROBLEMS.search(s))
    if "\n" not in text or not _PROBLEM_HEADING.search(text):
        return text
    return without_lists_under(text, _is_problem_heading)


def _is_problem_heading(line: str) -> bool:
    return _PROBLEM_HEADING.match(line) is not None


def without_lists_under(text: str, is_lead: Callable[[str], bool], keep_lead: bool = False) -> str:
    """A text without the list lines (and blank lines) under each line ``is_lead`` takes for their
    lead, up to the next line that is no list item; the lead line too, unless ``keep_lead``."""
    kept: list[str] = []
    under = False
    for line in text.splitlines():
        if is_lead(line):
            under = True
            if keep_lead:
                kept.append(line)
            continue
        if under and (not line.strip() or LIST_MARK.match(line)):
            continue
        under = False
        kept.append(line)
    return "\n".join(kept)
