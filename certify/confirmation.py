"""Rule-based workflow check: did the user explicitly confirm *this* consequential action?

A write needs (1) an assistant message that describes it (names the action and
one of the objects it touches), (2) a later user message that affirms, and (3)
that affirmation must cover this action: a confirmation that names objects is
scoped to them ("only the lamp" covers the lamp exchange, not the bottle one),
a clause that negates an object ("keep the bottle") excludes it, and a bare
"yes" covers what the assistant message it answers described.

An affirmation is a yes word, a weak one ("okay") answering a question, or an
instruction to take exactly this action ("Okay, turn it on."); a deferral ("let me
check with my wife first") or the user's own plan ("I'll turn it on myself") is
none. A confirmed call's arguments must then agree with what was confirmed
(``agreement.call_disagrees``: the amount offered, the count stated, the payment method
and choice last named, the flight dates and passengers described).

The parts: ``turns`` splits messages into clauses, ``action_words`` holds the words
that name actions and objects, ``anchors`` what identifies one call, ``agreement`` the
argument checks; this module decides whether the user said yes to this call.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from trajectory2gym.certify.action_words import ACTION_STEMS, says, says_arrow
from trajectory2gym.certify.agreement import (
    CHANGED_TO,
    LAST_FOUR,
    ConfirmVerdict,
    call_disagrees,
    card_endings,
    is_data,
    names_method_id,
    payment_words,
    picks_amount,
    picks_card,
    picks_payment,
    refuses_method,
    stated_amounts,
)
from trajectory2gym.certify.anchors import ACCOUNT_WORDS, PAYMENT_WORDS, Anchors
from trajectory2gym.certify.dates import date_mentions, says_date
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import (
    DATA_UNIT_WORDS,
    FLIGHT_NUMBER,
    NUMBER_WORDS,
    cents_of,
    chunks,
    compact,
    dollar_amounts,
    id_shape,
    identifiers_in,
    looks_like_identifier,
    stem,
    to_cents,
    wordline,
    words,
)
from trajectory2gym.certify.plan_picks import picks_by_sentence, plain_yes, plan_picks
from trajectory2gym.certify.statuses import CABIN_SAID
from trajectory2gym.certify.turns import (
    AFFIRM,
    ASKS,
    DEFER,
    LIST_MARK,
    SENTENCE,
    SENTENCE_OR_LINE,
    Clause,
    Turn,
    split_clauses,
)

# "ok", "okay", "alright" also acknowledge what was said ("Okay, thanks."): they agree only to a
# message that asks something.
# Praise and thanks for an answer that asked nothing: "perfect, thanks for breaking that down" is no yes.
_THANKS_FOR = re.compile(r"\W*(?:perfect|great|awesome|sounds good)\W+(?:thanks|thank you)\b", re.I)
_WEAK_AFFIRM = re.compile(r"\b(ok(?:ay)?|alright|all right|both)\b", re.I)  # "Both, please." to "lamp or kettle?"




# A question the user marks as beside the point: "yes do it, but quick question, when's my return?"
_ASIDE = re.compile(r"(?:(?:and|but|oh|also|ok|okay)[,\s]+)*(?:(?:a\s+)?quick question|by the way|btw|unrelated|"
                    r"separately|one more thing|on another note|while you're at it)\b", re.I)
# Another matter brought up after the yes, which the questions after it are about: "Oh, and I also have
# the Vegas to Detroit trip tomorrow - I probably need to cancel that too, right?"
_ANOTHER_ONE = re.compile(r"\W*(?:(?:and|oh|also)\W+)*(?:i|we)\s+(?:also|too)\s+(?:have|had|booked|got|ordered)\b", re.I)
# ... or said at its end: "When will it ship, by the way?"
_ASIDE_TAIL = re.compile(r"[,\s]+(?:by the way|btw)\W*$", re.I)
# A question the yes waits for: "Yes, but first tell me: can the refund go on a card?"
_TELL_ME = re.compile(r"\b(?:tell me|let me know|explain|check)\b", re.I)  # asked without a question mark
_FIRST = re.compile(r"\W*(?:(?:but|and|ok(?:ay)?|though)\W+)*(?:first|before (?:that|you|doing (?:it|that)))\b", re.I)
_FIRST_AT_END = re.compile(r"\bfirst\W*$", re.I)  # "Okay, tell me more about what that involves first."
# A question asking for something more: "yes. oh and can you also make that my default address?", "Also
# can I swap the skateboard in my other order?", "and can you send the march one too?"
_ASKS_MORE = re.compile(r"^\W*(?:(?:and|oh)\W+)*also\b|\b(?:can|could|would|will) (?:you|i) (?:please )?also\b"
                        r"|^\W*and\W+(?:can|could|would|will) (?:you|i)\b"  # "yes fix it. and can you take the wrong one off?"
                        r"|\b(?:can|could|would|will) (?:you|i)\b[^?]*\b(?:too|as well)\b", re.I)
# "y", "please", "k", "go", a thumbs up: a whole reply to a question.
_BARE_YES = re.compile(r"^\W*(?:y|ya|yah|yea|please|k+|go|fine|👍|✅)\W*$", re.I)
_DIRECTIVE = re.compile(r"\b(just|only|please)\b", re.I)
_FINE_METHOD = re.compile(r"\W*(?:ok(?:ay)?\W+)?fine\W+(?:(?:the|my|your|on)\s+)*(?:visa|mastercard|amex|paypal|"
                          r"gift ?card|credit ?card|card|certificate)\W*$", re.I)
# A plain "do" of this object's change ("Do the bags."), at the clause's start or after a comma: "ok black
# high is fine, do the helmet too."
_DO_THE = re.compile(r"(?:^|(?<=[,;]))\W*(?:(?:ok(?:ay)?|yes|sure|fine|then)\W+)*(?:please\s+)?(?:do|go with)\s+"
                     r"(?:the|my|that|mine|both|these|those|them|\d+(?:\.\d+)?"  # or its amount: "do 1 GB"
                     r"|(?-i:#?(?=[A-Z]*\d)[A-Z0-9]{5,}))\b", re.I)  # or its identifier: "Do JG7FMM and X7BYG1."


def _either_or(reply: str, asked: str, whole: str = "") -> bool:
    """A weak "ok" to a question between two things ("cancel outright, or would he prefer that I look
    at other dates?"), which picks neither; "both" picks both, and a reply (``whole``: the clause's
    message) that names what only one side has picks that side (``_picked_side``)."""
    if "both" in reply.lower():
        return False
    last = asked.rstrip()
    if not last.endswith("?"):
        return False
    question = SENTENCE.split(last)[-1]
    return _OR.search(question) is not None and "or not" not in question and _picked_side(whole or reply, asked) is None


def _picked_side(reply: str, asked: str) -> str | None:
    """The side of a closing either-or question that a reply picks by naming what only that side
    has: "fine include the jacket too. go", to "Do you want camera only, or camera and jacket
    together?", picks "camera and jacket together"."""
    question = SENTENCE.split(asked.rstrip())[-1]
    if not question.endswith("?") or _OR.search(question) is None:
        return None
    texts = _OR.split(question)
    sides = [set(_SIDE_WORD.findall(side.lower())) - _WANTING for side in texts]
    said = set(_SIDE_WORD.findall(reply.lower()))
    picked = [k for k, side in enumerate(sides)
              if said & (side - set().union(*(o for n, o in enumerate(sides) if n != k)))]
    return texts[picked[0]] if len(picked) == 1 else None


_OR = re.compile(r",?\s\bor\b\s")
_SIDE_WORD = re.compile(r"[a-z]{4,}")
_WANTING = frozenset({"want", "would", "like", "prefer", "rather", "should", "shall", "instead", "that", "this",
                      "them", "with", "your", "keep", "have"})


# A field's value read out from a screen: "Data Roaming Enabled: Yes", "Mobile Data: yes".
_READ_OUT = re.compile(r"^\W*[A-Za-z][\w /-]{2,40}:\s*\**(?:yes|no|on|off|true|false)\b\W*$", re.I)
_SCOPE = re.compile(r"\b(?:just|only)\b([^,;]+)", re.I)  # what "just"/"only" limits a yes to
# A no to "anything else?" that goes on to the scope: "no just the luggage", "nope, only the bags".
_NO_BUT_ONLY = re.compile(r"^\W*(?:no|nope|nah)\b\W+(?:just|only)\b", re.I)


# ("wait, are you sure it's resumed already?": a doubt that it was done, no hold on it; nor a hold taken back at once)
_NEGATE = re.compile(
    r"\b(no|not|don'?t|do not|never|keep(?:ing)?|stays|stay (?:on|the same|as|put|unchanged)|skip|leave|hold off|"
    r"wait(?!\W+(?:only|just|are you sure|did you (?:already|actually|really)|"
    r"actually\W+(?:yes|yeah|yep|sure|ok|okay|go ahead|do it|fine)"  # ("Wait — actually, yes, go ahead")
    # ("Oh wait, actually send me that payment request after all"): an order after it
    r"|actually\W+(?:please\W+)?(?:send|do|go|cancel|book|add|make|change|proceed|resume|suspend|enable|disable|"
    r"refuel|return|exchange|modify|update)\b(?!\W+(?:it\W+)?(?:later|tomorrow|next)))\b)|"
    r"cancel that(?!\s+(?:too|as well|also|one|reservation|order|trip|booking|flight)\b)|nevermind|never mind|"
    r"(?:is|are) (?:right|correct|fine|ok|okay) as (?:it|they) (?:is|are)|"
    r"rather not|won'?t|shouldn'?t|(?:i'?ll|i will|i'?d|we'?ll) pass)\b",
    re.I,
)


# A fact of someone's own after a yes, which gives the reason for it: "the others won't go without me",
# "I can't travel anyway" (not "I don't want that", nor a word to the agent: "don't do it").
_REASON_GIVEN = re.compile(r"(?:[,;.!]\s*|\s[—–-]\s*|\b(?:because|since|as)\s+)((?:i|we|they|he|she|the others|everyone|"
                           r"nobody|my \w+|our \w+)\s+(?:won'?t|will not|can'?t|cannot|don'?t|do not|doesn'?t|does not)\s+"
                           r"(?!want|wish|like|agree|need (?:you|it|that|this)\b)\w+[^,;.!?]*)", re.I)


# Keeping things as they are refuses whatever was asked: "leave everything as it is for now".
_AS_IT_IS = re.compile(r"\b(?:leave|keep)\s+(?:it|that|this|them|everything|things|all)\s+(?:(?!else\b|other\b)\w+\s+)?"
                       r"(?:as|the way)\s+(?:it|they)\s+(?:is|are|was|were)\b", re.I)


# The words of _NEGATE that keep something rather than refuse.
_KEEPING = re.compile(r"\b(?:keep(?:ing)?|leave|stays|stay (?:on|the same|as|put|unchanged))\b", re.I)
_ALL_ITEMS = frozenset({"both", "all", "everything"})
# A later clause that refuses whatever the reply said yes to: a bare "no" ("hmm no, wait"), "no to" something vague,
# "never mind", "forget it", "leave it, ...".
_REFUSES_ALL = re.compile(r"(?:(?:hmm+|oh|uh+|um+|ah|well|actually)\W+)*no\W*(?:wait\W*)?$"
                          r"|no to (?:that|it|this|them|those|these|all|everything|the whole thing|any of it)\b"
                          r"|never ?mind\b|forget (?:it|that|about it)\b|leave it\W*(?:$|,)", re.I)
# Words for everything at once: "I'm not changing anything" takes back a yes by a synonym of the verb
# too ("anything else" does not).
_ALL_OF_IT = frozenset({"anything", "everything", "nothing", "it", "that"})
# On a wordline: who, not what ("$72 per passenger", "for all 3 passengers", "business, 3 passengers"),
# or who stays as is ("keeping every flight and passenger as they are", "Same flights and passengers, in economy").
_PER_UNIT = re.compile(r" per \w+| (?:for|both|all) (?:the )?(?:\w+ )?passeng\w*| same (?:\w+ and )?passeng\w*"
                       r"| (?:\d{1,2}|two|three|four|five|six|seven|eight|nine) passeng\w*"
                       r"| passeng\w* (?:as (?:they|it) (?:are|is)|unchanged|(?:stay|remain)s? the same)")


def describes(turn: Turn, anchors: Anchors) -> bool:
    """An assistant message describes a call: it names the action and (if any) one of its objects."""
    line = turn.wordline
    if _ship_to(turn, anchors):
        return True  # "Ship #W4895606 to 500 Main St, ...": the order's new address, by its own verb
    if not _says_action(turn, anchors):
        return False
    if "inste" in anchors.stems and "instead" in line and anchors.object_ids.isdisjoint(turn.compacts) \
            and not says(line, anchors.stems - {"inste"}):
        return False  # "instead" alone, of none of the call's values: "or give me your email address instead?"
    # Which of several same-verb tools: its object's word, else a weak word of it or an identifier only
    # its arguments hold, where the message names no other tool's object ("add 2 bags to HAT229").
    if anchors.objects and not says(line, anchors.objects) and (
            (anchors.object_ids.isdisjoint(turn.compacts) and not says(line, anchors.weak_objects)
             and not anchors.names_record(turn.words))  # "replace Sophia Nguyen with Mia Taylor"
            or (says(_PER_UNIT.sub(" ", line), anchors.rival_objects)  # "$211 per passenger" is a price
                and says(_without_ids(_PER_UNIT.sub(" ", line), anchors), anchors.rival_objects)
                and not _line_of_its_own(turn, anchors))):
        return False
    if anchors.account and (_names_account(turn.text, anchors) or _plan_entry_names_account(turn, anchors)):
        return not _states_only(turn, anchors)
    return (not anchors.ids or _names_object(turn, anchors)  # no ids: no labels
            or _names_by_options(turn, anchors) or _names_card(turn, anchors) or _names_line_ending(turn, anchors)
            or _swap_by_options(turn, anchors)) and not _refuses(turn, anchors) and not _states_only(turn, anchors)


def _says_action(turn: Turn, anchors: Anchors) -> bool:
    """Whether a message says the call's action: by its verb, or as a change, a recap, an arrow, a
    swap by options, details asked to confirm, a count priced to pay or a thing offered at an amount."""
    return not anchors.stems or says(turn.wordline, anchors.stems) or _changes_state(turn, anchors) \
        or _recap_of_change(turn, anchors) or _arrow_change(turn, anchors) or _swap_by_options(turn, anchors) \
        or _details_asked_to_confirm(turn, anchors) or _count_priced_to_pay(turn, anchors) \
        or _thing_offered_at_amount(turn, anchors)


# What puts the action's word as a state: "it's **already enabled**", "line L1002 is **Active**".
_STATE_BEFORE = re.compile(r"(?:\balready|\b(?:is|are|was|were|shows?|remains?|stays?)(?:\s+(?:still|now|currently))?)\W{0,3}$",
                           re.I)


def _states_only(turn: Turn, anchors: Anchors) -> bool:
    """Whether a message says the action's word only as a state in place ("Your line 555-123-2002 is
    **Active** and in good standing", "I can see it's **already enabled** for your line"): nothing to
    confirm."""
    low = turn.text.lower()
    seen = False
    if "_" in low and any(f"_{action}" in low or f"{action}_" in low for action in anchors.stems) and (
            fields := _FIELD_NAME.findall(low)):
        # a record's field read out: "line L1002 shows **roaming_enabled: false**"
        seen = any(action in field for field in fields for action in anchors.stems)
        low = _FIELD_NAME.sub(" ", low)
    for action in anchors.stems:
        for m in _stem_words(action).finditer(low):
            # (a state is a participle or an adjective: "enabled", "active"; not "eligible", nor "issue it";
            # nor a change denied: "nothing was changed")
            if not (m[0].endswith(("ed", "ive")) and _STATE_BEFORE.search(low, max(0, m.start() - 24), m.start())
                    and not _NONE_BEFORE.search(low, max(0, m.start() - 24), m.start())):
                return False  # the action said as one: the usual case, found first
            seen = True
    return seen


_FIELD_NAME = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # a record's field: "roaming_enabled"


@lru_cache(maxsize=256)
def _stem_words(stem: str) -> re.Pattern[str]:
    """The words a stem starts ("enabl": "enabled", "enable")."""
    return re.compile(rf"\b{re.escape(stem)}\w*")


_NONE_BEFORE = re.compile(r"\b(?:nothing|not|never|none)\b|n't\b")


def _without_ids(line: str, anchors: Anchors) -> str:
    """A wordline without the call's identifiers: "dobsmb" is reservation DOBSMB, no "dob" (birth date)."""
    return wordline(w for w in line.split() if w not in anchors.ids)


# A word that denies what follows it in its clause: "it doesn't qualify for cancellation".
_DENIED = re.compile(r"\b(?:not|cannot|unable|no longer)\b[^.,;:!?\n]{0,30}\Z|n[’']t\b[^.,;:!?\n]{0,30}\Z", re.I)


def _refuses(turn: Turn, anchors: Anchors) -> bool:
    """Whether a message says the action only as what cannot be done ("Unfortunately it doesn't
    qualify for cancellation", "I'm not able to cancel it"): a refusal describes nothing to confirm.
    Not where any mention goes without a denial before it ("This can't be undone. Shall I cancel it?")."""
    low = turn.text.lower()
    if "not" not in low and "n't" not in low and "n’t" not in low and "unable" not in low and "no longer" not in low:
        return False  # plain substrings first: most descriptions deny nothing
    found = False
    for prefix in anchors.stems:
        if prefix.strip() in low:  # a plain substring first
            for m in _stem_start(prefix.strip()).finditer(low):
                if not _DENIED.search(low, max(0, m.start() - 40), m.start()):
                    if " can " in low and _KIND_CAN.search(_clause_at(low, m.start())):
                        continue  # a rule of the kind names the action, of no object: "an order can have
                        # either a return or an exchange, only once - so you couldn't return the mouse and ..."
                    return False  # one mention goes undenied
                found = True
    # an arrow line writes the change undenied: "- Keyboard item 1421289881 -> item 9665000388 ... so the
    # kettle couldn't be changed afterwards"
    return found and not (says_arrow(turn.text) and _arrow_change(turn, anchors))


# A rule stated of a kind of object: "an order can have ...", "a delivered order can be returned ... once".
_KIND_CAN = re.compile(r"\b(?:an?|each|every|any)\s+(?:\w+\s+)?(?:order|reservation|booking)\s+can\b")


def _clause_at(low: str, at: int) -> str:
    """The clause of a text around an offset: between the nearest comma, dash or sentence end each side."""
    start = max(low.rfind(c, 0, at) for c in ".,;:!?\n-") + 1
    ends = [e for c in ".,;:!?\n-" if (e := low.find(c, at)) >= 0]
    return low[start:min(ends, default=len(low))]


@lru_cache(maxsize=256)
def _stem_start(stem: str) -> re.Pattern[str]:
    return re.compile(r"\b" + re.escape(stem))


def _names_object(turn: Turn, anchors: Anchors) -> bool:
    """The call's object by an identifier, or by its name where the message names no other object of
    its kind by identifier: "On 555-526-7421 ... your Plus plan" names that line, not another Plus line."""
    if not anchors.names_object(turn.words, turn.compacts):
        return False
    return not anchors.ids.isdisjoint(turn.compacts) or not anchors.names_rival(turn.text)


def _swap_by_options(turn: Turn, anchors: Anchors) -> bool:
    """A message that names the one new item by every option value and the one item it replaces by
    an option value the new one lacks, with no verb or name: "The only silver one in stock is silver /
    leather / LCD at $370.38. Yours (gold / leather / LCD) was $381.26, so you'd get $10.88 back"."""
    if len(anchors.variants) != 2 or len(anchors.acted_on) != 1:
        return False
    new = anchors.replacements()
    if len(new) != 1:
        return False
    new_options, old_options = anchors.field_of(next(iter(new)), "options"), anchors.field_of(
        next(iter(anchors.acted_on)), "options")
    if not (isinstance(new_options, dict) and new_options and isinstance(old_options, dict)):
        return False
    if any(anchors.rival_id(k) for k in turn.id_keys - anchors.ids):
        return False  # a list of options by their ids ("iron / fixed (3333391894) $534.14, ..."): none picked
    said = turn.words
    new_words = {w for v in new_options.values() if isinstance(v, str) for w in words(v)}
    if not new_words <= said or not any(isinstance(v, str) and not (own := set(words(v))) <= new_words and own <= said
                                        for v in old_options.values()):
        return False
    # The new item's values in one sentence: not gathered from several items' ("1L glass white" and
    # "1L / stainless steel / black" are no "1L glass black")
    return any(new_words <= set(words(sentence)) for sentence in SENTENCE.split(turn.text))


def _of_other_action(clause: Clause, anchors: Anchors) -> bool:
    """A clause about another action by its verb, not this one's: a question ("on the cancel, does
    the 826.70 come back in one go?" after a yes to the return) or a scope ("just return the
    printer", before "the cancellation - yes")."""
    line = wordline(sorted(clause.words))
    return says(line, ACTION_STEMS - anchors.stems) and not says(line, anchors.stems)


def _names_line_ending(turn: Turn, anchors: Anchors) -> bool:
    """A line named by the last four digits of its number: "I'll resume the line ending 8111", "Luis's
    line (2008)"."""
    return anchors.phones_stand_for_ids and (
        any(anchors.line_of_last_four(d) for d in card_endings(turn))
        or ("line" in turn.words and any(anchors.line_of_last_four(d) for d in _LINE_FOUR.findall(turn.text))))


# A line by the four digits written right after the word: "Luis's line (2008)", "line 2008".
_LINE_FOUR = re.compile(r"\bline\s*\(?(\d{4})\)?(?![\d-])", re.I)


def _names_card(turn: Turn, anchors: Anchors) -> bool:
    """A message that names the card the call pays with by its last four digits: "Card referenced
    for the update (no charge): Mastercard ending 4760", or by its id's number: "charged to gift
    card 8058702"."""
    return any(_card_named(value, turn, anchors) or names_method_id(turn, value) for _, value, _ in anchors.payments)


def _card_named(method: str, turn: Turn, anchors: Anchors) -> bool:
    """Whether a message names this payment method by its card's last four digits ("Visa ending 8902")."""
    if "ending" not in turn.text and "last" not in turn.text:
        return False
    four = anchors.card_field(method, "last_four")
    return four is not None and four in LAST_FOUR.findall(turn.text)


def _picks_new_item(reply: Turn, listed: Turn, anchors: Anchors) -> bool:
    """Whether a reply names the call's new item by option values of its that no other item the
    listing message names by identifier has all of: "the urethane fixed is fine", after "iron / fixed
    (3333391894) $534.14, ..., urethane / fixed (7159180318) $512.88"; "black", after "white
    (7811981098) at $213.86 and black (5537798301) at $204.47"."""
    others = [options for k in listed.id_keys - anchors.ids
              if isinstance(options := anchors.field_of(k, "options"), dict)]
    if not others:
        return False
    for key in anchors.replacements():
        options = anchors.field_of(key, "options")
        if not isinstance(options, dict):
            continue
        picked = {w for v in options.values() if isinstance(v, str) for w in words(v)} & reply.words
        if picked and not any(
                picked <= {w for v in other.values() if isinstance(v, str) for w in words(v)} for other in others):
            return True
    return False


def _names_by_options(turn: Turn, anchors: Anchors) -> bool:
    """A message that names the call's order by identifier and its new item by every option value,
    not by name: "Option 2 (1000ml, stainless steel, black): $6.28 refunded. Modify #W7988753?"."""
    if not anchors.variants or anchors.object_ids.isdisjoint(turn.compacts) and not any(
            compact(o) in turn.compacts for o in anchors.owners):
        return False
    for key in anchors.replacements():
        options = anchors.field_of(key, "options")
        if isinstance(options, dict) and options and all(
                isinstance(v, str) and set(words(v)) <= turn.words for v in options.values()):
            return True
    return False


def _line_of_its_own(turn: Turn, anchors: Anchors) -> bool:
    """A line or sentence of a message that describes several actions which says this one's verb and
    names its object, and no other tool's: "1. Change flights to HAT164 + HAT211 ... 2. Update bags
    from 1 to 3 ...": the first line is the flights' description, the bags on the second no rival.
    An arrow is the line's verb where the message says the action elsewhere ("1. Return → option A:
    HAT201 + HAT259 on May 23 ... Shall I make both changes?")."""
    for part in SENTENCE_OR_LINE.split(turn.text):
        said = Turn(-1, "assistant", part)
        line = said.wordline
        if ((says(line, anchors.stems) or says_arrow(part)) and not says(_PER_UNIT.sub(" ", line), anchors.rival_objects)
                and (not anchors.object_ids.isdisjoint(said.compacts) or says(line, anchors.weak_objects))):
            return True
    return False


_RECAP = re.compile(r"\b(?:to confirm|confirming|summary|to recap)\b", re.I)


def _recap_of_change(turn: Turn, anchors: Anchors) -> bool:
    """A recap with no verb that names the object the call changes by identifier and what it
    changes, and no other tool's object: "To confirm: reservation C913YC, 3 checked bags in total,
    1 of them paid ($50), charged to gift_card_7460058. Proceed?" (the counts are checked later),
    or "Order #W8797321 ... New shipping address: 1200 Harbor Blvd, .... Confirm?"."""
    return (bool(anchors.objects) and bool(anchors.owners)
            and (_RECAP.search(turn.text) is not None or ("new" in turn.words and _says_new(turn.text, anchors)))
            and all(compact(o) in turn.compacts or _card_named(o, turn, anchors) for o in anchors.owners)
            and says(turn.wordline, anchors.objects) and not says(turn.wordline, anchors.rival_objects))


# "New shipping address: 1200 Harbor Blvd ...": the object's new value says the change.
_NEW_OBJECT = re.compile(r"\bnew\s+(?:\w+\s+)?(\w+)", re.I)


def _says_new(text: str, anchors: Anchors) -> bool:
    return any(says(f" {m[1].lower()} ", anchors.objects) for m in _NEW_OBJECT.finditer(text))


def _arrow_change(turn: Turn, anchors: Anchors) -> bool:
    """An item change written as an arrow from the old options to the new, on the order the call
    changes, named by its id: "1) #W5199551 Electric Kettle 1.5L glass white -> 2L glass white"."""
    return (bool(anchors.replacements()) and says_arrow(turn.text) and bool(anchors.owners)
            and all(compact(o) in turn.compacts for o in anchors.owners))


def _changes_state(turn: Turn, anchors: Anchors) -> bool:
    """A message that writes the change as a count going from one number to another on an object
    it names by identifier, with no verb of the action: "To confirm: ETUGNL: checked bags 1 → 4, $50
    on Visa ending 8811. Proceed?", "PVUB64 goes to 6 checked bags". The arrow says the update; or
    as the object going to the call's choice: "2FBBAH ... goes to economy"."""
    text = turn.text
    if not anchors.objects or not anchors.owners or any(compact(owner) not in turn.compacts for owner in anchors.owners):
        return False  # the object the call changes (a reservation), named by its identifier
    arrow = says_arrow(text)
    if not arrow and " to " not in text:
        return False
    if " to " in text and any(re.search(rf"{_GOES_TO_CHOICE}{re.escape(value.replace('_', ' '))}\b",
                                        text.replace("_", " "), re.I) for _, value, _ in anchors.choices):
        return True  # the choice the call makes, gone to: "2FBBAH (HAT080/HAT076 ...) goes to economy"
    return any((arrow and CHANGED_TO.match(text, m.end())) or _GOES_TO.search(text, max(0, m.start() - 40), m.start())
               for stem in anchors.objects for m in re.finditer(rf"\b{re.escape(stem)}\w*", text, re.I))


_GOES_TO_CHOICE = r"\b(?:go(?:es|ing)?|mov(?:es|ing|e))\s+(?:up\s+|down\s+)?to\s+(?:the\s+)?"


# The count it goes to, right before the thing counted: "PVUB64 goes to 6 checked bags", "going to 7 bags".
_GOES_TO = re.compile(r"\b(?:go(?:es|ing)?|bring(?:s|ing)?(?:\s+(?:it|you|them|that|this))?)\s+(?:up\s+|down\s+)?to\s+"
                      r"\**\d+\**\s+(?:\w+\s+)?$", re.I)


def _plan_entry_names_account(turn: Turn, anchors: Anchors) -> bool:
    """A numbered plan whose message says the action ("Here's what I'll update: ... 2. The default
    address on your profile"): an entry that names the account holder's record and the object, and
    no other object's identifier, describes the change without a verb of its own."""
    entries, _ = turn.plan
    if not entries or not says(turn.wordline, anchors.stems):
        return False
    for entry in entries.values():
        line = entry.strip().split("\n", 1)[0]  # the entry's own line, not what the message says after the list
        said = Turn(-1, "assistant", line)
        if (not ACCOUNT_WORDS.isdisjoint(said.words) and says(said.wordline, anchors.objects)
                and not says(said.wordline, ACTION_STEMS - anchors.stems)  # "2. Send you a receipt at ..."
                and not _foreign_id(line, anchors)):
            return True
    return False


def _names_account(text: str, anchors: Anchors) -> bool:
    """One clause of the description changes the account holder's own record: it names the action,
    the object and the account ("I'll update the default address on your account to ...", or "your
    address" where the message names no order; an arrow is the clause's verb, as the message says
    the action: "1. **Default address** on your profile → 456 Cactus Rd"), and no other object's
    identifier ("order #W123 ships to the address on your account" is the order's)."""
    about_order = _ORDER.search(text) is not None
    clauses = [c.text for c in split_clauses(text)]
    # Each clause, and each with the one before: "Your default address is ... I'll change it to ...".
    for sentence in clauses + [f"{a} {b}" for a, b in zip(clauses, clauses[1:], strict=False)]:
        said = Turn(-1, "assistant", sentence)
        line = said.wordline
        if not (says(line, anchors.stems) or says_arrow(sentence)):
            continue
        if _foreign_id(sentence, anchors) and " and " in sentence:
            # Both changes in one sentence: "I'll set both the shipping address of #W3883329 and your
            # default address to ...": the part after the "and" is the account's, its verb shared; or
            # the part before it: "Change profile address and order #W9767156 to ...".
            head, tail = sentence.rsplit(" and ", 1)
            sentence = head if _foreign_id(tail, anchors) else tail
            said = Turn(-1, "assistant", sentence)
            line = said.wordline
        if ((not ACCOUNT_WORDS.isdisjoint(said.words) or " on file " in line
             or (not about_order and _yours(line, anchors)))
                and says(line, anchors.objects) and not _foreign_id(sentence, anchors)):
            return True
    # ... or across the message, where it names no order: "Please confirm the new default address: - 12
    # Birch Ct ... Update it?" (the address's lines between the account's word and the verb)
    # ... or says the address itself for the word: "Your profile currently shows 581 Hillcrest Drive, ...
    # I'd update it to 851 Pine Lane, ... Confirm?"
    whole = Turn(-1, "assistant", text)
    return (not about_order and not ACCOUNT_WORDS.isdisjoint(whole.words) and says(whole.wordline, anchors.stems)
            and (says(whole.wordline, anchors.objects)
                 or ("addre" in anchors.objects and _STREET.search(text) is not None))
            and not _foreign_id(text, anchors))


# A street address: "851 Pine Lane", "430 Cedar Street".
_STREET = re.compile(r"\b\d+\s+(?:[A-Z][a-z]+\s+){1,2}(?:Street|St|Lane|Ln|Drive|Dr|Avenue|Ave|Road|Rd|Boulevard|Blvd|"
                     r"Way|Court|Ct|Place|Pl|Terrace|Circle|Parkway)\b")


def _foreign_id(text: str, anchors: Anchors) -> bool:
    """Whether a text names an identifier (not a plain number) that is none of the call's."""
    return any(looks_like_identifier(t) and not t.isdigit() and compact(t) not in anchors.ids for t in chunks(text))


_ORDER = re.compile(r"\border", re.I)


def _yours(line: str, anchors: Anchors) -> bool:
    """A wordline that says the object as the user's own, within three words of "your" ("your new
    home address"): the account's, where the message names no order."""
    at = line.find(" your ")
    while at >= 0:
        if says(wordline(line[at + 6:].split(" ", 3)[:3]), anchors.objects):  # "your new home address"
            return True
        at = line.find(" your ", at + 1)
    return False


# What may come before an instruction: "Okay, then please turn it on".
_LEAD_IN = re.compile(r"(?:(?:ok(?:ay)?|alright|all right|yes|yeah|sure|fine|good|great|cool|please|then|just|so|go ahead and|"
                      r"let'?s|first|ugh+|uh+|um+|hm+|well|oh|ah|actually|wait)\b[\s,!.-]*)*",
                      re.I)


# Words an instruction may hold besides its verb and this call's object: "Okay, turn it on for me
# now, please." Anything else (a time, a condition, "instead", another object) makes it no yes.
_CARD_KINDS = frozenset({"creditcard", "giftcard"})
_INSTRUCTION_WORDS = frozenset({"it", "that", "this", "them", "those", "these", "the", "my", "please", "now",
                                "then", "for", "me", "us", "right", "away", "thanks", "thank", "you", "on", "mine",
                                "one", "trip", "booking",  # "Cancel the Dallas trip", "cancel the vegas one"
                                "all", "whole", "entire", "thing", "everything", "both",  # "ok cancel the whole thing then"
                                "too", "also"})  # "downgrade that one too", after another one done


_AFTER_ALL = re.compile(r"\bafter all\b", re.I)
_AS_ASKED = re.compile(r"\b(?:like|as) (?:i|we) (?:asked|said|requested|wanted)(?: (?:before|earlier|you to))?\b", re.I)
_THE_ONE_ALLOWED = re.compile(r"\bthe one (?:you can|you're able to|that'?s (?:eligible|allowed)|that can be \w+)\b"
                              r"|\bthe (?:right|correct) one\b", re.I)  # after a write on the wrong object
# A next step after the action, in the same clause: "cancel the right one, then get me someone".
_THEN_NEXT = re.compile(r",\s*(?:and\s+)?then\b.*$", re.I | re.S)


def _orders_action(text: str, anchors: Anchors) -> bool:
    """The clause is an instruction to take this very action and nothing more: it starts with the
    action's verb in its plain form after at most a lead-in, and its other words are pronouns,
    courtesy, or name the call's object ("Okay, turn it on.", "Cancel order #W123 please."). "Turn it
    on when I land", "Cancel the other one instead", "Cancelling seems drastic" are no instructions."""
    lead = _LEAD_IN.match(text)  # matches, if only the empty string
    text = text[lead.end():] if lead else text
    if _may_relate(text):
        text = _RELATION.sub(" ", text)  # "Turn it off on my daughter's": whose it is, read as ``this``
    if anchors.place_spans is not None and not anchors.place_vocab.isdisjoint(words(text)) and (
            spans := anchors.place_spans(text)):
        own, _ = anchors.owner_places({code for _, _, code in spans})
        for start, end, code in reversed(spans):  # "Cancel the Dallas trip": a place of the call's object
            if code in own:
                text = text[:start] + " " + text[end:]
    if "then" in text:
        text = _THEN_NEXT.sub("", text)
    if "one" in text:
        text = _THE_ONE_ALLOWED.sub(" it ", text)  # "cancel the one you can": the one the agent offered
    if " as" in text or " like" in text:
        text = _AS_ASKED.sub(" ", text)  # "Cancel the Dallas one like I asked": the request, said again
    if "after all" in text.lower():
        text = _AFTER_ALL.sub(" ", text)  # "Actually, send it after all": a mind changed back, nothing more
    ws = words(text)
    particle = _action_verb(ws, anchors)
    if particle is None:
        return False
    amounts = {to_cents(v) for _, v in anchors.amounts} if anchors.amounts else set()
    data = bool(amounts) and any(is_data(arg) for arg, _ in anchors.amounts)
    # The call's own payment method by its kind: "put the seattle bag on the gift card"
    paid_by = {kind for _, _, kind in anchors.payments}
    # (a number of the object's own record names it: "then send the 65", of the $65.00 bill)
    return all(w in _INSTRUCTION_WORDS or anchors.own_word(w)
               or (w.isdigit() and (to_cents(w) in amounts or anchors.shows_amount(w)))
               or (data and w in DATA_UNIT_WORDS) or PAYMENT_WORDS.get(w) in paid_by
               or (w == "card" and not paid_by.isdisjoint(_CARD_KINDS))
               for w in ws[1:] if w != particle)  # "send the 300 certificate", "add 3 GB"


def _action_verb(ws: list[str], anchors: Anchors) -> str | None:
    """When the words start with this action's verb in its plain form ("cancel", "turn ... on"): the
    verb's particle ("on"; "" for none); else None."""
    if not ws:
        return None
    for s in anchors.stems:
        verb, _, particle = s.strip().partition(" ")
        if particle:
            if ws[0] == verb and particle in ws[1:4]:
                return particle
        elif ws[0] == verb or (not s.endswith(" ") and ws[0].startswith(verb) and _plain_verb(ws[0])):
            return ""
    return None


# The user says they will take the action themselves: "Okay, I'll turn it on myself later."
_OWN_PLAN = re.compile(r"\bi(?:'ll| will|'m going to| am going to)\s+(.*)", re.I)


def _plans_action(text: str, anchors: Anchors) -> bool:
    plan = _OWN_PLAN.search(text)
    return plan is not None and _action_verb(words(plan.group(1)), anchors) is not None


def _plain_verb(word: str) -> bool:
    """``word``, which starts with a verb stem, is the verb's plain form ("enable",
    "suspend"), not another form or a noun ("enabling", "suspended", "cancels", "cancellation")."""
    return not word.endswith(("s", "ed", "ing", "ion", "ment"))


def _object_side(ws: set[str], anchors: Anchors) -> int:
    """1 where ``ws`` names this call's object word ("the bag" for update_reservation_baggages
    beside update_reservation_flights; "the upgrade and the passenger change" names two), -1 where
    it names only a same-verb rival's, else 0."""
    if not anchors.rival_objects:
        return 0
    line = wordline(ws)  # object words are prefixes: "bag" of "bags" and "baggage"
    if says(line, anchors.objects):
        return 1
    if says(line, anchors.rival_objects - anchors.objects):
        return -1
    # A weak word of it where the clause names no rival's object: "Please do the flight change."
    return 1 if anchors.weak_objects and says(line, anchors.weak_objects) else 0


def _place_side(text: str, ws: set[str], anchors: Anchors, asking: bool = False) -> int:
    """1 where a text names a place of the object the call changes ("the vegas one" for a
    reservation to LAS), -1 where it names only places of other objects of its kind, or, asking,
    only places the object's record does not hold ("and the Phoenix trip, could that be cancelled
    too?" of a Denver trip: another one, though not looked up yet), else 0."""
    if anchors.place_spans is None or anchors.place_vocab.isdisjoint(ws):
        return 0
    named = {code for _, _, code in anchors.place_spans(text)}
    if not named:
        return 0
    own, rival = anchors.owner_places(named)
    return 1 if own else -1 if rival or (asking and anchors.places_known) else 0


def _contents_side(ws: set[str], anchors: Anchors) -> int:
    """1 where ``ws`` names a part of the object the call changes by a word of its name ("the
    laptop one" of an order with a Laptop), -1 where it names only parts of other objects of its
    kind, else 0."""
    own, rival = anchors.owner_contents()
    if not own.isdisjoint(ws):
        return 1
    return -1 if not (rival - own).isdisjoint(ws) else 0


def _object_named(ws: set[str], anchors: Anchors, this: bool, other: bool, text: str) -> tuple[bool, bool]:
    """(this, other) of a clause as its object words tell them (``_object_side``)."""
    side = _object_side(ws, anchors)
    if side > 0:
        return True, False
    if side < 0 and not _TOO.search(text):
        return this, True
    return this, other


def _says_verb(ws: set[str], verb: str) -> bool:
    """Whether ``ws`` holds the action's own verb in any form ("cancel", "cancellation")."""
    return verb in ws or (len(verb) > 5 and any(w.startswith(verb[:5]) for w in ws))


def _names_action(ws: set[str], anchors: Anchors) -> bool:
    return not anchors.stems.isdisjoint({stem(w) for w in ws} | {w + " " for w in ws})


# An offer to do something: its verb. "Would you like me to check what roaming would involve?"
_OFFER = re.compile(r"\b(?:would you (?:also )?like me to|do you (?:also )?want me to|want me to|shall (?:i|we)|should (?:i|we)|can i|"
                    r"may i)\s+"
                    r"(?:also\s+|go ahead and\s+)?([a-z]+)", re.I)
# The same put as what the agent can do, then a bare question: "I can send a payment request for
# B1002 to your phone — shall I?"
_CAN_THEN_ASK = re.compile(r"\bI\s+(?:can|could)\s+(?:also\s+)?([a-z]+)\b[^?]*[\s—–-](?:shall i|should i|want me to|"
                           r"would you like (?:that|me to)|ok(?:ay)?|alright)\s*\?\s*$", re.I)
# Verbs that go on with whatever was described: "Shall I proceed?", "Should I submit it?"
_GO_ON = frozenset({"proceed", "go", "submit", "confirm", "do", "make", "complete", "process", "place", "finalize",
                    "continue", "finish", "apply", "execute", "carry", "put", "get", "take", "start", "move", "set",
                    "save"})


_PAY_VERBS = frozenset({"charge", "bill", "pay", "use"})
# What an offer goes on with, where it says: "Shall we continue with the speed issue?"
_WITH_TOPIC = re.compile(r"\s+(?:ahead\s+)?with\s+(?:the\s+|your\s+)?([^?.!,]{1,40})")


def _goes_on(offer: re.Match[str]) -> bool:
    """Whether an offer's verb goes on with what was described: "Shall I go ahead?", not "Would you
    like me to go over what insurance would have covered?"."""
    verb = offer[1].lower()
    return verb in _GO_ON and not (verb == "go" and offer.string[offer.end():offer.end() + 9].lstrip().startswith(
        ("over", "through")))


# The user's own line, in a reply and as they named it before.
_MINE = re.compile(r"\b(?:mine|my (?:own )?(?:line|number|phone))\b", re.I)
_MY_LINE_IS = re.compile(r"\b(?:my (?:own )?(?:line|number|phone|cell)(?: number)? is|i'?m on|i am on|i'?m calling "
                         r"(?:from|on)|calling from)\s+(\(?\d[\d() .-]{6,}\d)", re.I)  # "I'm on 555-509-9873"


# Whose object a reply names by the person it is for: "my daughter's", "my wife's line".
_RELATION = re.compile(r"\b(?:my|her|his|our)\s+(daughter|son|wife|husband|partner|mom|mother|dad|father|kid|child|"
                       r"brother|sister|friend)(?:'s|s')?(?!\w)", re.I)


def _may_relate(text: str) -> bool:
    """Plain substring tests before ``_RELATION``: most replies name nobody's object."""
    return "my " in text or "My " in text or "her " in text or "his " in text or "our " in text


def _relation_side(relation: str, described: Turn, anchors: Anchors) -> int:
    """Whether the description gives the object of this person as this call's (1) or another's
    (-1), by the first identifier right after the word ("your daughter's, L1007 (555-123-2007)");
    0 where it gives none."""
    for m in re.finditer(rf"\b{relation}(?:'s|s')?(?!\w)", described.text, re.I):
        for token in chunks(described.text[m.end():m.end() + 40]):
            if looks_like_identifier(token):
                return 1 if compact(token) in anchors.ids else -1 if anchors.rival_id(token) else 0
    return 0


def _own_line(turns: list[Turn], end: int) -> str:
    """The key of the phone number the user last called their own line before ``end`` ("My line
    is 555-123-2004 and hers is 555-123-2005", "my phone has had no service for days. 555-490-3665");
    "" where they named none."""
    for k in range(end - 1, -1, -1):
        if turns[k].role == "user" and (m := _MY_LINE_IS.search(turns[k].text) or _MY_PHONE_THEN.search(turns[k].text)):
            return compact(m[1])
    return ""


# "my phone has had no service for days. 555-490-3665": the number that follows, no other number between
_MY_PHONE_THEN = re.compile(r"\bmy (?:own )?(?:phone|line|cell)\b[^\d]{0,40}?(\(?\d{3}[\d() .-]{5,}\d)", re.I)


# An action the description puts off until a payment: "once it's paid I'll resume the line".
_UNTIL_PAID = re.compile(r"\b(?:once|after|as soon as|when)\b[^.;!?]{0,40}?\b(?:(?:is|it'?s|has been|you'?ve|you have) paid|"
                         r"(?:the )?payment (?:is|has been|goes|went) (?:through|received|made|complete\w*))", re.I)
# The user says the payment is made: "I've paid", "paid it", "payment done".
_SAYS_PAID = re.compile(r"\b(?:paid|payment (?:is |was |has been )?(?:done|made|complete\w*|sent|through)|"
                        r"(?:went|gone|goes) through)\b"
                        # what the phone reports: "Payment of 65.0 USD has been made for bill B1234321"
                        r"|\bpayment\b(?:[^.!?\n]|\.(?=\d)){0,30}?\b(?:has been|was|is)\s+(?:made|done|complete\w*)\b",
                        re.I)
# The agent reports it paid, as a lookup showed: "The bill B1006 now shows as paid".
_SHOWS_PAID = re.compile(r"\b(?:shows? (?:as )?paid|(?:is|are) (?:now )?(?:fully )?paid|has been paid|"
                         r"payment (?:has been |was )?received)\b", re.I)


def _unpaid_wait(turns: list[Turn], last_desc: int, anchors: Anchors) -> str:
    """What an agent message up to the description made this action wait for ("once B1065 is paid,
    I can resume the line"), where no user message since says it is paid; else "". The agent's
    own word stands, even where a later offer skips it ("I can resume it now, before the payment")."""
    for k in range(last_desc, -1, -1):
        t = turns[k]  # plain substrings first: most messages say nothing of payment
        if t.role == "assistant" and ("paid" in t.text or "payment" in t.text) and (
                waits := _waits_for_payment(t, anchors)):
            plain, wait = t.text.replace("*", ""), waits.replace("*", "")
            if (at := plain.find(wait)) >= 0 and _SHOWS_PAID.search(plain, at + len(wait)):
                return ""  # met, as the same message says: "... resumed once its bill is paid, and yours is now paid"
            return "" if any((_SAYS_PAID if t.role == "user" else _SHOWS_PAID).search(t.text.replace("*", ""))
                             for t in turns[k + 1:]) else waits  # ("now shows **Paid**")
    return ""


def _waits_for_payment(described: Turn, anchors: Anchors) -> str:
    """What the description's sentence about this action makes it wait for ("it's paid"), else ""."""
    if not _UNTIL_PAID.search(described.text):
        return ""  # one search of the whole text first: most that mention payment put nothing off
    if not anchors.mentioned_in(described.words, described.compacts) and anchors.names_rival(described.text):
        return ""  # "555-242-3731 (L1038) is suspended ... can only be resumed once that bill is paid": another line
    for clause in described.clauses:  # "I'll send the request, and once it's paid I'll resume it"
        if m := _UNTIL_PAID.search(clause.text):
            # The action it puts off: the one said last before it ("... and resume the line once
            # it's paid"), else the first after it ("once it's paid I'll resume the line").
            before = [w for w in words(clause.text[:m.start()]) if says(f" {w} ", ACTION_STEMS)]
            after = [w for w in words(clause.text[m.end():]) if says(f" {w} ", ACTION_STEMS)]
            if after and (later := identifiers_in(clause.text[m.end():])) and all(
                    compact(i) not in anchors.ids and (anchors.rival_id(i) or i[:1].isalpha()) for i in later):
                continue  # "I send B1234321 first, and after you've paid it I send B1002": another's put off
            verb = before[-1] if before else after[0] if after else ""
            if verb and says(f" {verb} ", anchors.stems):
                return m[0]
    return ""


def _offers_amounts(turn: Turn, anchors: Anchors) -> bool:
    """A question that offers the action by its verb with each of the call's amounts and names no
    other object of its kind, after the description named the object: "Your Premium Plan charges
    $2.00 per GB ... 1 GB would be $2.00. Shall I add 1 GB?"."""
    if not anchors.amounts or not (offer := _OFFER.search(turn.text)) or not says(f" {offer[1].lower()} ", anchors.stems):
        return False
    data, money = stated_amounts(turn.text, data=True), stated_amounts(turn.text)
    # Another object named in an earlier sentence is no rival of the offer: "a human agent can review
    # the $10.00 refuel on L1001 for you afterwards. Shall I go ahead and add 2.0 GB for $4.00 to your line now?"
    start = max(turn.text.rfind(". ", 0, offer.start()), turn.text.rfind("? ", 0, offer.start()),
                turn.text.rfind("\n", 0, offer.start())) + 1
    return (all(to_cents(value) in (data if is_data(arg) else money) for arg, value in anchors.amounts)
            and not anchors.names_rival(turn.text[start:]))


# A sentence that keeps an item as it is: "The Bluetooth Speaker stays as is."
_STAYS = re.compile(r"\b(?:stays?|remains?) (?:as (?:it )?is|the same|unchanged|with you)\b|\bunchanged\b|\bleft as (?:it )?is\b",
                    re.I)


def _kept_only(described: Turn, anchors: Anchors) -> set[int]:
    """The call's item groups that the description names only in sentences keeping them as they are."""
    kept: set[int] = set()
    changed: set[int] = set()
    for sentence in SENTENCE_OR_LINE.split(described.text):
        part = Turn(-1, "assistant", sentence)
        named = anchors.groups_named(part.words, part.compacts)
        if _STAYS.search(sentence):
            kept |= named
        else:
            changed |= named
    return kept - changed


_COUNTED = re.compile(r"\b(?:swaps|changes|items|exchanges|returns|ones|of them)\b", re.I)


def _all_counted(text: str, n: int) -> bool:
    """Whether a reply counts as many changes as the call makes: "Yes, I confirm the four swaps"."""
    if n < 2 or not _COUNTED.search(text):  # (one search first: most replies count nothing)
        return False
    counted = "|".join([str(n), *(w for w, k in NUMBER_WORDS.items() if k == n and w not in ("both", "twice"))])
    return re.search(rf"\b(?:{counted})\s+(?:\w+\s+)?(?:swaps|changes|items|exchanges|returns|ones|of them)\b",
                     text, re.I) is not None


def _all_of_listed(reply: Turn, turns: list[Turn], anchors: Anchors) -> bool:
    """Whether a reply says yes to all the objects the agent's latest list of them before it holds,
    by their count ("do all five", "all 3 of them"), this call's among them: one line of a list or
    row of a table per object of the call's kind."""
    if "all" not in reply.text.lower() or (m := _ALL_N.search(reply.text)) is None:
        return False
    n = int(m[1]) if m[1].isdigit() else NUMBER_WORDS.get(m[1].lower(), 0)
    for before in reversed(turns[:next((k for k, t in enumerate(turns) if t is reply), 0)]):
        if before.role != "assistant" or ("|" not in before.text and not LIST_MARK.search(before.text)):
            continue
        rows = [{compact(t) for t in chunks(line) if looks_like_identifier(t)} for line in before.text.split("\n")
                if LIST_MARK.match(line) or line.lstrip().startswith("|")]
        named = [keys for keys in rows if not keys.isdisjoint(anchors.ids) or any(anchors.rival_id(k) for k in keys)]
        if any(not keys.isdisjoint(anchors.ids) for keys in named):
            return n == len(named)
    return False


_ALL_N = re.compile(r"\ball\s+(\d+|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)


def _kept_in(described: Turn, named: set[str]) -> bool:
    """Whether a description keeps as it is the object these name words say ("- Smart Watch: unchanged")."""
    return bool(named) and any(_STAYS.search(sentence) and named <= set(words(sentence))
                               for sentence in SENTENCE_OR_LINE.split(described.text))


def _turns_back(turn: Turn, answered: Turn, described: Turn, anchors: Anchors) -> bool:
    """A yes that names an option of the item the description put in ("4068787148: 500 pieces /
    art / intermediate") which the variant offered since lacks ("1096508426: ... beginner"): "nah
    intermediate. do it" picks the described item again."""
    offered: set[str] = set()
    for token in answered.compacts - described.compacts:
        if token.isdigit():
            offered |= _option_words(anchors, token)
    if not offered:
        return False
    return any(not _with_numbers(_option_words(anchors, new) - offered).isdisjoint(turn.words)
               for new in anchors.replacements() if new in described.compacts)


def _with_numbers(option_words: set[str]) -> set[str]:
    """Option words and the numbers they begin with: "500ml" is said as "the 500" too."""
    return option_words | {m[0] for w in option_words if (m := _LEADING_NUMBER.match(w))}


_LEADING_NUMBER = re.compile(r"\d+(?=[a-z])")


def _option_words(anchors: Anchors, item: str) -> set[str]:
    """The words of the options an observation shows for an item ("500", "art", "intermediate")."""
    options = anchors.field_of(item, "options")
    return {w for v in options.values() if isinstance(v, str) for w in words(v)} if isinstance(options, dict) else set()


_WH = re.compile(r"\b(?:which|what|how|where|who|when)\b", re.I)


def _ends_offering_other(turn: Turn, anchors: Anchors) -> bool:
    """A message whose closing question offers to do something other than the action: a yes to it
    answers that offer ("... You can pay it through a payment request. Would you like me to
    explain how that works first?")."""
    tail = turn.text.rstrip()[-300:]
    if not tail.endswith("?") or not (" me to " in tail or " i " in tail or " I " in tail):  # no offer: no search
        return False
    last = tail[max(tail.rfind(". "), tail.rfind("! "), tail.rfind("? "), tail.rfind("\n")) + 1:]  # the closing sentence
    offer = _OFFER.search(last) or _CAN_THEN_ASK.search(last)
    if offer is None:
        return False
    if _goes_on(offer):
        # "... adding one bag brings you to 2 bags. Let me confirm the flight change first: ... Shall I go
        # ahead with the flight change?": going on with another action, by its object
        topic = f" {m[1].lower()} " if " with " in last and (m := _WITH_TOPIC.match(last, offer.end())) else ""
        return bool(topic) and says(topic, anchors.other_actions) and not says(topic, anchors.objects)
    if _WH.search(last, 0, offer.start()):  # "Which one should I charge?"
        return False
    line = Turn(-1, "assistant", last).wordline
    if " again " in line and _SAME_AGAIN.search(line):
        return False  # "Shall I send it again with ...?": this action once more, after it failed
    # "keep that and also update it?", "cancel HATHAT and rebook that way?"; "May I charge the 50 dollars
    # for that bag to your Visa?": of the call's own object; "may I use your Mastercard ending 4357?":
    # of the method the call pays with
    return not says(line, anchors.stems | {"re" + s for s in anchors.stems}) and not (
        anchors.objects and says(line, anchors.objects)) and not any(
        (four := anchors.card_field(method, "last_four")) and four in last for _, method, _ in anchors.payments)


_PROCEED_WITH = re.compile(r"\b(?:(?:proceed|go ahead|continue)\s+with|submit|put through)\s+(?:the|this|that|your)\s+(\w+)"
                           r"[^?\n]*\?\s*$", re.I)
_AMENDED_HEAD = re.compile(r"\W*(?:updated|revised|corrected)\b", re.I)
_IN_BRACKETS = re.compile(r"\([^()\n]*\)")
_AMENDED = re.compile(r" (?:updated|revised) (?=(?:plan|summary|details|request|breakdown|version) )")
_STATE_SAID = re.compile(r" (?:was|were|been|is|are|got) (?:\w+ly )?\w+ed (?=(?:on|since|in|at|by|for) )")
# An action said impossible, on a wordline: "but not removed", "can't be removed", "cannot be changed".
_NOT_DONE = re.compile(r" (?:not|never|cannot|can t|can not|won t) (?:be )?\w+(?= )")
# what the customer ships back, their part of a return or an exchange: "the items you send back"
_YOU_SEND_BACK = re.compile(r" you (?:send|ship|mail)(?: \w+){0,2} back ")
_SAME_AGAIN = re.compile(r" (?:send|submit|try|run|do|make|put) (?:it|that|this) (?:through )?again ")
_RETURN_LEG = re.compile(r" (?:the|new|your|my|a|his|her|their|its) return (?!of |the |it |them |to )")
_THE_BOOKING = re.compile(r" (?:the|your|this|that|my|his|her|their) booking (?!(?:for|of|on) )")


def _continues(turn: Turn, anchors: Anchors, index: EvidenceIndex) -> bool:
    """An assistant message that names no other action (its verb) and no other known object: it
    continues the discussion of the action described before it."""
    line = turn.wordline
    if "updated " in line or "revised " in line:
        line = _AMENDED.sub(" ", line)  # "Updated plan: ...": the description amended, no other action
    if _AMENDED_HEAD.match(turn.text) or ("(" in turn.text and not anchors.labels.isdisjoint(turn.words)):
        # "Updated:\n- Items: Bookshelf (metal, black, 4 ft), Vacuum Cleaner (robotic, bagged, pet hair
        # removal)": the heading, the items' names and their options in brackets name no other action
        kept = words(_IN_BRACKETS.sub(" ", _AMENDED_HEAD.sub(" ", turn.text, 1)))
        line = wordline(w for w in kept if w not in anchors.labels)
    if " booking " in line:
        line = _THE_BOOKING.sub(" ", line)  # "the $277 used for the booking": the reservation, no action
    if "ed " in line:
        line = _STATE_SAID.sub(" ", line)  # "It was suspended on January 2nd": a state, no action offered
    if " again " in line:
        line = _SAME_AGAIN.sub(" ", line)  # "Shall I send it again with ...?": this action, once more
    if " back " in line:
        line = _YOU_SEND_BACK.sub(" ", line)  # "... the items you send back": the customer's part, no action offered
    if " not " in line or " t " in line or " never " in line or " cannot " in line:
        line = _NOT_DONE.sub(" ", line)  # "bags can be added but not removed": a rule, no other action offered
    if anchors.dated and " return " in line:
        line = _RETURN_LEG.sub(" leg ", line)  # "So the new return is HAT033 ...": a trip's way back, no return
    if (ask := _PROCEED_WITH.search(turn.text)) is not None and says(f" {ask[1].lower()} ", anchors.stems):
        # "... refunds to gift cards arrive at once for cancelled orders ... Would you like me to proceed with the
        # exchange as listed?": an answer that goes back to this action, whatever other verbs it explains
        return _names_no_other(turn, anchors, index)
    if says(line, ACTION_STEMS - anchors.stems):
        return False
    if anchors.dated and "HAT" in turn.text and ASKS.search(turn.text) and (flights := set(FLIGHT_NUMBER.findall(turn.text))) \
            and flights.isdisjoint(ident.upper() for ident, _ in anchors.dated):
        return False  # it asks about other flights only: "Please confirm step 1: ... the same flights (HAT202 and HAT232)"
    if (offer := _OFFER.search(turn.text)) and not _goes_on(offer) and not says(
            f" {offer[1].lower()} ", anchors.stems) and not (anchors.payments and offer[1].lower() in _PAY_VERBS):
        # it offers to do something else: "Would you like me to list the other colors?"; not the
        # payment of this one: "Shall I charge the $50 for the extra bag to your Mastercard instead?"
        return False
    if offer and " with " in turn.text and _goes_on(offer) and (topic := _WITH_TOPIC.match(turn.text, offer.end())) and not says(
            f" {topic[1].lower()} ", anchors.stems | anchors.own):
        return False  # it goes on with another matter: "Shall we continue with the speed issue?"
    return _names_no_other(turn, anchors, index)


def _names_no_other(turn: Turn, anchors: Anchors, index: EvidenceIndex) -> bool:
    """A message that names no known object but this call's, by name or identifier."""
    if index.names_any(turn.words) and anchors.labels.isdisjoint(turn.words) and (
            anchors.labels or not turn.words & index.label_vocab <= anchors.inner_names()):
        return False  # (not an item of the order whose address changes: "it's the gold Tablet")
    return not any(anchors.rival_id(t) for t in chunks(turn.text) if looks_like_identifier(t))


_ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "last": -1}
_ORDINAL_PICK = re.compile(r"(?:\b(?:only|just|yes to|go ahead with)\s+(?:do\s+)?|^\W*(?=the\s+\w+\s+(?:one|order|return)\b))"
                           r"the\s+(first|1st|second|2nd|third|3rd|last)\b", re.I)


def _listed_ids(described: Turn, anchors: Anchors) -> list[str]:
    """The identifiers of the call's kind a description lists (its own and rivals, not the phone
    numbers standing for them), in order."""
    out: list[str] = []
    shapes = anchors.own_shapes()
    for token in chunks(described.text):
        key = compact(token)
        # (A random code may hold one digit only: reservation "RXY5OG".)
        if (key not in out and id_shape(key) in shapes and (looks_like_identifier(token) or (
                not key.isalpha() and not key.isdigit())) and (key in anchors.ids or anchors.rival_id(token))):
            out.append(key)
    return out if len(out) > 1 else []


# A verb in the passive names a state: "Your bill B1002 is issued and due Feb 19"; so does a thing
# held so: "your son's line (L1006) already has roaming enabled" (not "I'll have it enabled").
# Words of an action still to come, or asked about: a sentence with them is no report of one done.
_OFFERS = re.compile(r"\b(?:will|would|can|could|shall|should|let me|going to|want|need|needs|once|if)\b|'ll\b|\?", re.I)
_PASSIVE = re.compile(r"\b(?:is|are|was|were|been|has been|have been)\s+(?:already\s+)?[a-z]+ed\b"
                      r"|(?<!will )(?<!'ll )\b(?:has|have)\s+(?:already\s+)?(?:[a-z]+\s+){1,2}[a-z]+ed\b", re.I)


_I_DID = re.compile(r"\bI(?:['’]ve|\s+have)?\s+(?:already\s+|just\s+|mistakenly\s+|accidentally\s+)?[a-z]+ed\b")  # "I added"
_CAPITALS = re.compile(r"\b[A-Z]{5,}\b")  # a code of capital letters only ("MVFQYU")
_FIVE_CAPITALS = re.compile(r"[A-Z]{5}")  # the cheap test first: no word boundaries to try at each place


# What names an object only as where a value comes from: "→ 137 Willow Lane (the address on #W1416704)".
_SOURCE_OF = re.compile(r"\b(?:(?:address|details|one)\s+(?:on|of|from|in|used\s+(?:on|for))|same\s+as)\s+(?:order\s+)?"
                        r"[*#]*$"
                        # ... or as the one left out: "everything except #W4432568 is still open"
                        r"|\b(?:except(?:\s+for)?|other\s+than|apart\s+from|but\s+not)\s+(?:order\s+)?[*#]*$", re.I)


# ... or as whose address a change takes: "I'll change it to the #W5911003 address", "to #W5911003's address".
_TO_THE = re.compile(r"\bto\s+(?:the\s+)?[*#]*$", re.I)
_ADDRESS_AFTER = re.compile(r"[*]*(?:['’]s)?\s+(?:shipping\s+)?address\b", re.I)


def _named_as_source(sentence: str, token: str) -> bool:
    """Whether a sentence names an identifier (first) as where a value comes from, or as the one left
    out, not as an object."""
    at = sentence.find(token)
    return at >= 0 and (_SOURCE_OF.search(sentence, max(0, at - 30), at) is not None or (
        _TO_THE.search(sentence, max(0, at - 12), at) is not None and _ADDRESS_AFTER.match(sentence, at + len(token)) is not None))


def _acts_on_another(described: Turn, anchors: Anchors) -> str:
    """A rival identifier (another object of the call's kind) that the description's action sentences
    name while they name none of the call's ("B1004 ... Paid. I can send a payment request for bill
    B1005", and B1004 sent); else ""."""
    shapes = anchors.own_shapes()
    # Codes of letters only, written in capitals, of the call's shape: a reservation "MVFQYU" beside
    # the call's "IYLBEK" (identifier keys hold tokens with digits).
    codes = frozenset(t for t in _CAPITALS.findall(described.text) if id_shape(t.lower()) in shapes) \
        if anchors.ids and _FIVE_CAPITALS.search(described.text) else frozenset()
    if not anchors.ids or not (  # (a shape test first: most keys are of no kind of the call's)
            any((id_shape(k) in shapes or (k[:1].isalpha() and k[-1:].isdigit())) and anchors.rival_id(k)
                for k in described.id_keys - anchors.ids)
            or any(anchors.rival_id(t) for t in codes)
            or (anchors.phones_stand_for_ids and any(anchors.rival_phone(t) for t in chunks(described.text)
                                                      if t[:1].isdigit()))):
        return ""  # no other object of the call's kind in it (by identifier, or by phone number: a line)
    rival = ""
    for sentence in SENTENCE_OR_LINE.split(described.text):  # a list's lines too
        said = Turn(-1, "assistant", _PASSIVE.sub(" ", sentence))  # "B1002 is issued": a state, no action
        if (said.text != sentence or _I_DID.search(sentence)) and not _OFFERS.search(sentence):
            # a report of one done: "The perfume exchange for #W6353188 is submitted — $33.77 back", "I added
            # the 2 GB to L1001 by mistake"
            continue
        if not says(said.wordline, anchors.stems):
            # An arrow is a change's verb: "1. #W8882972: T-Shirt black XXL -> black XL" names this call's
            if (says_arrow(sentence) and not anchors.ids.isdisjoint(said.compacts)) or _ship_to(said, anchors):
                return ""  # (or the order's shipping: "1. #W4536116 (pending): ship to 77 Harbor Way")
            continue
        if not anchors.ids.isdisjoint(said.compacts):
            return ""  # an action sentence names this call's object
        if anchors.objects and (
                says(said.wordline, anchors.rival_objects)
                or (CABIN_SAID.search(sentence) and not any(arg == "cabin" for arg, _, _ in anchors.choices))
        ) and not says(said.wordline, anchors.objects):
            # another tool's action: "2) Business upgrade: HAT208 ...", "TEQXIC: switch to economy on the
            # same flights" (a cabin change, where the call takes no cabin), the call adds a bag
            continue
        rival = rival or next((t for t in chunks(sentence) if (looks_like_identifier(t) or t in codes)
                               and anchors.rival_id(t) and not _named_as_source(sentence, t)), "")
    if rival:
        return rival
    # Or the description names another object of the kind the call acts on and never this one:
    # "Line 555-123-2002 (L1002) ... I'll disable it", L1001 sent (the customer named in both).
    own = anchors.object_keys()
    if own and own.isdisjoint(described.compacts) and (anchors.ids - anchors.account_keys).isdisjoint(described.compacts):
        # (Not where it names another of the call's own: an exchange's order and new item, though
        # not the item given back.)
        shapes = {id_shape(k) for k in own}
        return next((k for k in sorted(described.id_keys - anchors.ids)
                     if id_shape(k) in shapes and anchors.rival_id(k)), "")
    return ""




def _plan_answer(reply: Turn, plan: Turn, anchors: Anchors) -> bool | None:
    """Whether a reply that answers a numbered plan or lettered options by their labels ("1 yes, 2
    no", "only #2", "Option B please") says yes to the one entry that describes this call; None
    where the reply is not such an answer or no single entry is the call's."""
    text = reply.text
    if len(text) > 240:
        return None
    entries, lettered = plan.plan  # read once per message
    if not entries:
        return None
    named: set[int] = set()  # entries that sentences other than the picks speak of
    # "Which one?" asked of the entries: from the first one on, not "I should have asked which card" before them
    if (picks := plan_picks(text, max(entries), lettered) if len(text) <= 80 else None) is None and not (
            len(text) <= 80 and plain_yes(text)
            and _WHICH.search(plan.text, max(plan.text.find(entries[min(entries)]), 0))):
        # "1 yes. For 2, hold on, let me ask my wife first. Skip 2 for now."
        if (by_sentence := picks_by_sentence(text, entries, lettered)) is None:
            return None
        picks, named = by_sentence
    said = {n: Turn(-1, "assistant", entry) for n, entry in entries.items()}
    by_id = [n for n, entry in said.items() if not anchors.ids.isdisjoint(entry.compacts)]
    if len(by_id) == 1 and not says(said[by_id[0]].wordline, ACTION_STEMS - anchors.stems):
        # the one entry naming the call's object by its id, and no other action ("1. #W5220869: Tea Kettle
        # ($100.62), ...", under "Here are the two returns:"; the second entry's tail may name its verb)
        mine = by_id
    else:
        mine = [n for n, entry in said.items() if describes(entry, anchors)]
    if len(mine) != 1:  # options for one action: the entry with the values only this call sends
        keys = {n: entry.compacts for n, entry in said.items()}
        common = set.intersection(*keys.values())
        mine = [n for n, ks in keys.items() if not (anchors.variants - common).isdisjoint(ks)]
    if len(mine) != 1 or mine[0] in named:
        return None
    return picks is not None and picks.get(mine[0]) is True  # a bare "yes" to "Which one?" picks none


_WHICH = re.compile(r"\bwhich\b[^.!?\n]*\?", re.I)  # asked: not "..., which takes 5-7 business days"


def _group_names(groups: list[tuple[frozenset[str], frozenset[str]]], which: set[int]) -> str:
    """Some of ``Anchors.item_groups`` as a reason shows them: "desk lamp, electric kettle"."""
    return ", ".join(sorted(" ".join(sorted(groups[k][0])) for k in which))  # (sorted: the groups' order varies by run)


# More, not a scope: "yes!! and then the luggage", "yes. And Ivan's birthday is 1973-08-02, not the 20th."
_TOO = re.compile(r"\b(?:too|also|as well|while you(?:'re| are) at it|in addition|additionally|on top of that|"
                  r"separately|i (?:have|got) another)\b|^\W*(?:next|then|now)\s*[:,]"
                  # the next item's request: "Yes, that helmet. Now the camera: 24MP with an SD card", "Yes. Then
                  # the exchange: W7293142, the skateboard and the keyboard."
                  r"|^\W*(?:next|now|then)\s+(?:for\s+)?(?:the|my)\s[^.?!:;]{1,40}:"
                  r"|^\W*and\s+(?:then|next|after that)\b"
                  r"|^\W*and\b(?=[^,;]*\b(?:is|are|was|were)\b)"
                  # a request of its own: "Yes. And in that same order, I want the ... to become a ..."
                  r"|^\W*(?:oh\s+)?(?:and|then)\b[^.?!]*\b(?:i want|i'd like|i would like|i need)\b", re.I)
_AND_NEXT = re.compile(r"\W*and\s+(?:the|my)\b", re.I)  # the next of a list of requests: "and the water bottle"
# The words that set a condition on a yes, for the condition patterns below.
_IF = r"(?:if|as long as|so long as|provided|assuming)"
# A condition of a yes: from its word to the end of its sentence.
_CONDITION_TAIL = re.compile(rf"\b{_IF}\b[^.;!?]*", re.I)
# A yes on a condition about the price: "yes if it's less than $5 extra", "yes as long as it's free",
# "provided I get the full $4254 back".
_PRICE_CONDITION = re.compile(rf"\b{_IF}\b[^.;!?]*?(?:\$|\b(?:free|cost\w*|"
                              r"charg\w*|fees?|price\w*|extra|cheap\w*|dollars?|bucks|usd)\b)[^.;!?]*", re.I)
# A condition on what kind of action it is: "2 GB is fine, as long as it's not a plan change".
_KIND_CONDITION = re.compile(rf"\b{_IF}\s+(?:it|this|that)(?:'s|’s| is)\s+not\s+(?:a|an)\s+(?:\w+\s+)?"
                             r"(change|switch|upgrade|downgrade|cancellation|subscription)\b", re.I)
# A sentence that says what the action costs ("Swapping costs $6.64 more"), and a rate, which does not.
_COSTS = re.compile(r"\b(?:costs?|charg\w*|more|extra|difference|total|fee|pay|price)\b", re.I)
_RATE = re.compile(r"\s*(?:/|per\b|each\b|a (?:gb|month|day|person)\b)", re.I)
# Where a clause sets a condition: "as long as the jacket is still a large", "yes to both, if ...".
_CONDITION = re.compile(rf"(?:^|,)\W*(?:(?:but|and)\s+)?(?:only\s+)?(?:{_IF}|unless)\b", re.I)


def _names_in_condition_only(text: str, index: EvidenceIndex) -> bool:
    """Whether a clause names objects only in a condition it sets ("yes to both, as long as the jacket
    is still a large"): a condition on the yes, not a yes limited to those objects."""
    found = _CONDITION.search(text)
    if found is None:
        return False
    head = text[:found.start()]
    return not head.strip() or not (index.names_any(set(words(head))) or identifiers_in(head))


# "only if ...": a condition, which limits the yes to nothing
_ONLY_IF = re.compile(r"\b(?:just|only)\s+(?:if|when|after|once|as long as)\b", re.I)


# "fine if ...": a yes on a condition.
_FINE_IF = re.compile(r"^\W*(?:ok(?:ay)?\W+)?fine\b(?=\W+(?:if|as long as|so long as|provided)\b)", re.I)
_FREE_SAID = re.compile(r"\b(?:free|no (?:charge|cost|fee))\b", re.I)
_AT_MOST = re.compile(r"\b(?:under|less than|below|at most|no more than|cheaper than|within)\s+\$?(\d[\d,]*(?:\.\d+)?)",
                      re.I)


def _cost_said(text: str) -> set[int]:
    """The amounts (with "$", not "1.5 liters") a message gives as what the action costs: those of
    its sentences about a cost, not a rate ("$5 per GB"); else every amount it states."""
    costs = {cents for sentence in SENTENCE.split(text) if _COSTS.search(sentence)
             for written, cents in dollar_amounts(sentence)
             if not _RATE.match(sentence, sentence.find(written) + len(written))}
    return costs or {cents for _, cents in dollar_amounts(text)}


def _unmet_condition(text: str, answered: Turn) -> bool:
    """A yes on a price condition that the message it answers does not meet: "yes if it's under $10
    extra" to a $22 charge, "yes if it's free" to $2 (the agent must answer before acting). One that
    it meets confirms: "provided I get the full $4254 back" to "$4254 goes back to your gift card"."""
    found = _PRICE_CONDITION.search(text)
    if found is None:
        return False
    condition = found[0]
    stated = _cost_said(answered.text)
    if _FREE_SAID.search(condition):
        return any(stated)  # a price was stated: not free
    if bound := _AT_MOST.search(condition):
        return not stated or min(stated) > cents_of(bound[1])
    named = {cents for _, cents in dollar_amounts(condition)}
    if not named:  # "as long as it goes on the next bill and isn't charged right now": met where it says so
        return not _said_alike(condition, answered)
    return not named <= stated


def _said_alike(condition: str, answered: Turn) -> bool:
    """Whether a message says two content words of a condition side by side ("next bill")."""
    ws = [w for w in words(condition) if w not in _FUNCTION_WORDS and not _NEGATE.search(w)]
    line = answered.wordline
    return any(f" {a} {b} " in line for a, b in zip(ws, ws[1:], strict=False))



def _unmet_method(text: str, answered: Turn) -> bool:
    """A yes on condition of a payment method ("as long as the money goes back to my PayPal rather
    than the gift card") that the message it answers does not name."""
    found = _CONDITION_TAIL.search(text)
    if found is None:
        return False
    wanted = {PAYMENT_WORDS[w.lower()] for w in payment_words(Turn(-1, "user", found[0]))}
    return bool(wanted) and not wanted <= {PAYMENT_WORDS[w.lower()] for w in payment_words(answered)}


# Words a condition's content is not: "as long as it goes on the next bill" says "next bill".
_FUNCTION_WORDS = frozenset({"if", "as", "long", "so", "provided", "assuming", "it", "it's", "its", "is", "isn't", "the",
                             "a", "an", "to", "on", "in", "my", "me", "i", "and", "or", "that", "this", "goes", "go",
                             "be", "will", "would", "gets", "get", "there", "there's", "of", "for", "at", "with",
                             "you", "your", "it'll", "doesn't", "don't", "not", "no", "right", "now"})
_FINE = re.compile(r"\b(?:right|correct|fine|ok|okay|good|that'?s it)\b", re.I)  # "wait, his name is spelled right"
# A correction after a yes, in the same reply: "yes. oh wait his legal name is Jameson" (not "wait,
# only the lamp", a narrowing the item groups read).
_CORRECTS = re.compile(r"\W*(?:oh\W+|hm+\W+|um+\W+)?wait\b(?!\W+(?:only|just)\b).*\b(?:is|are|was|'s)\b", re.I)


# What makes a question after a yes a condition of it: "yes do it, but when ...?", "first tell me".
_CONDITIONAL = re.compile(r"\b(?:but|first|before|if|unless|depends)\b", re.I)
_NEXT_BUT = re.compile(r"([.!]\s*)but\b", re.I)
_ELSE = re.compile(r"\b(?:else|other)\b", re.I)  # a question of another matter: "what else is on my account?"


# A tag question checking a price, after what the reply asks for: "do 1 GB, that's $2.00 right?"
_TAG_CHECK = re.compile(r"^(?P<head>.+?),\s*(?:so\s+)?(?:that'?s|that is|it'?s|which is)\s+(?P<what>[^,?]{1,40}?)"
                        r"\s*,?\s*(?:right|correct|yes|yeah)\s*\?\s*$", re.I | re.S)


def _settled_tag(reply: str, *said: str) -> str | None:
    """A reply without its tag question, where the amounts it checks are ones the agent's messages
    (``said``) stated: the question asks for nothing new, so the request before it stands."""
    m = _TAG_CHECK.match(reply.strip())
    if m is None or not (asked := dollar_amounts(m["what"])):
        return None
    stated = {cents for text in said for _, cents in dollar_amounts(text)}
    return m["head"] + "." if all(cents in stated for _, cents in asked) else None


def _tags_settled(turns: list[Turn], last_desc: int) -> list[Turn]:
    """The turns, the user's replies after the description without a tag question that checks only
    amounts the description or the message it answers stated (``_settled_tag``)."""
    out: list[Turn] | None = None
    said = turns[last_desc].text
    for k in range(last_desc + 1, len(turns)):
        turn = turns[k]
        if turn.role == "assistant":
            said = turn.text
        elif "?" in turn.text and (settled := _settled_tag(turn.text, turns[last_desc].text, said)) is not None:
            out = out or list(turns)
            out[k] = Turn(turn.index, turn.role, settled)
    return out or turns


def _names_described_method(reply: Turn, described: Turn, anchors: Anchors) -> bool:
    """Whether a reply names the kind of payment method the call pays with, as the description named
    it, and no kind the description did not name: "fine, use the visa" to "... charge the $33 to the
    visa ending 2934?"."""
    said = {PAYMENT_WORDS[w] for w in payment_words(reply)}
    named = {PAYMENT_WORDS[w] for w in payment_words(described)}
    return bool(said) and said <= named and not said.isdisjoint(kind for _, _, kind in anchors.payments)


def _settles_method(answered: Turn, described: Turn, anchors: Anchors) -> bool:
    """Whether an answer that asks nothing ends on the payment method the description named: "...
    never to a certificate, and you only have gift_card_8887175 besides. So it would be the gift card."
    (a plain "fine" to it accepts the change as described)."""
    if not anchors.payments or ASKS.search(answered.text):
        return False
    last = [s for s in SENTENCE.split(answered.text.strip()) if s.strip()]
    if not last:
        return False
    said = {PAYMENT_WORDS[w] for w in payment_words(Turn(-1, "assistant", last[-1]))}
    # the kinds the description named, in words or by the call's own method ids ("to gift_card_8887175")
    named = {PAYMENT_WORDS[w] for w in payment_words(described)} | {
        kind for _, ident, kind in anchors.payments if compact(ident) in described.compacts}
    return bool(said) and said <= named and not said.isdisjoint(kind for _, _, kind in anchors.payments)


def _ordered_then_asked(turn: Turn, anchors: Anchors) -> bool:
    """A reply that orders this very action ("yes send it.") and then, in a sentence of its own, asks
    something with no word that makes the answer a condition ("is there a late fee?")."""
    # ("... Yes, send it. But what else is on my account?": a "But" opening the next sentence that asks
    # of something else turns to another matter, no condition on the yes; not "But will I get the
    # whole refund?")
    text = _NEXT_BUT.sub(r"\1", turn.text) if _ELSE.search(turn.text) else turn.text
    if _CONDITIONAL.search(text) or len(turn.clauses) < 2:
        return False
    # (the questions may be several: "yes, both. is that safe? will it cost more than the $4?")
    first = next((k for k, c in enumerate(turn.clauses) if c.question and all(d.question for d in turn.clauses[k:])),
                 len(turn.clauses) - 1)
    if first < len(turn.clauses) - 1 and any(says(wordline(c.words), anchors.stems) for c in turn.clauses[first:]):
        return False  # several questions, one of the action ("do I need to cancel that too? Can you check it?")
    head = _NEXT_BUT.sub(r"\1", text[:text.rfind(turn.clauses[first].text)].rstrip()).rstrip()
    return first > 0 and head.endswith((".", "!")) and any(
        not c.question and (_orders_action(c.text, anchors) or _DO_IT.search(c.text) or _YES_TO.match(c.text))
        for c in turn.clauses[:first])


_DO_IT = re.compile(r"\b(?:do (?:it|that|this|so)|go ahead|proceed|go for it|please do)\b", re.I)
# "yes to the upgrade, on the visa ...", "Yes to both!", "Yes please.", or a yes on its own: "yes. how much gift card have after?"
_YES_TO = re.compile(r"\W*(?:yes|yeah|yep)(?:\W+(?:(?:to|for)\s+(?:the|both|all)\b|please\W*$|(?:both|all)(?: of them|"
                     r" (?:two|three|four|five|six|seven|eight|nine|ten|\d+))?\W*$)|\W*$)",
                     re.I)  # ("yes, both.", "Yes, all five.")


_TOPIC = re.compile(r"\W*(?:and\s+|but\s+)?(?:(?:for|as for|about|regarding|as to|on)\s+(?:the|my|that|this)\s+\w+"
                    r"(?:\s+(?!i'?ll\b|let\b|maybe\b)\w+)?"  # ("For the extra data, let me think")
                    r"|(?:the|my|that|this)\s+\w+(?=\s+(?:i'?ll|i will|let me|maybe)\b))", re.I)  # "the upgrade I'll decide later"


def _comma_parts(clauses: list[Clause]) -> Iterator[Clause]:
    """The clauses, one cut where a comma starts a topic put off: "ok add the bags now, the upgrade
    I'll decide later" says yes to one thing and puts another off."""
    for clause in clauses:
        m = _PUT_OFF.search(clause.text) if "," in clause.text else None
        if m is not None and DEFER.search(clause.text, m.start()):
            yield from split_clauses(clause.text[:m.start()])
            yield from split_clauses(clause.text[m.start() + 1:])
        else:
            yield clause


# The verbs of actions a deferral may name instead of this one's ("let me think about the cancellation"):
# not "send", which any "send me" says.
_OTHER_VERBS = ACTION_STEMS - {"send"}
# A comma, then a topic, then the words that put it off: ", the upgrade I'll decide later".
_PUT_OFF = re.compile(r",\s*(?:and\s+|but\s+)?(?:the|my|that|this)\s+\w+(?:\s+\w+)?\s+(?=i'?ll\b|i will\b|let me\b|maybe\b)",
                      re.I)


def _defers_this(turn: Turn, anchors: Anchors, index: EvidenceIndex) -> bool:
    """Whether a reply's deferral covers this call: not where each deferring clause names another
    object and none of this call's ("yes to the first one. let me think about the kettle"), or puts
    another topic off by name ("Go ahead with the bags. For the flight change, let me check with
    Daiki first", "Yes for the order. For my profile, maybe later"), or goes on from one that does
    ("... I'll get back to you.")."""
    elsewhere = named = after_other = False
    bare_this = False  # the clause before only named this call's object: "But the data... I'm not sure"
    yes_before = False  # a plain yes in a clause before
    for k, clause in enumerate(_comma_parts(turn.clauses)):
        side = _object_side(clause.words, anchors)
        put_off = DEFER.search(clause.text)
        if put_off and bare_this and side == 0 and _TOPIC.match(clause.text) is None and not index.names_any(clause.words) \
                and not (_PUT_OFF_WHAT.search(clause.text) and says(wordline(clause.words), anchors.other_actions)):
            # "Yes, turn on the roaming. But the data... I'm not sure, let me think about that." (not "Enable
            # roaming, yes. Hold on the data for a moment": another action's object put off by name)
            return True
        bare_this = len(clause.words) <= 3 and (side > 0 or not clause.words.isdisjoint(
            anchors.own - {anchors.verb}))
        if put_off and yes_before and _CALL_BACK.match(put_off[0]) and not _STILL_DECIDING.search(clause.text) \
                and side <= 0 and clause.words.isdisjoint(anchors.own - {anchors.verb}) and not _mentions_this(clause, anchors):
            # "Yes please, turn it back on. I'll call back once he agrees": a later call about something
            # else, after a plain yes, puts nothing off (not "I'll call back to confirm", nor "roaming — I'll
            # call back next week", of this action's object)
            elsewhere = True
            continue
        yes_before = yes_before or (not put_off and AFFIRM.search(clause.text) is not None)
        if not put_off:
            # "Go ahead with the bags": this action said by its object, or by its tool's word ("roaming")
            named |= side > 0 or not clause.words.isdisjoint(anchors.own - {anchors.verb})
            # "Camila might still go", "For #W7109609...": another object only, which a deferral right after
            # may mean
            after_other = side < 0 or (side == 0 and not _mentions_this(clause, anchors)
                                       and (index.names_any(clause.words)
                                            or any(anchors.rival_id(t) for t in clause.ids)
                                            # "Give me a moment on the cancellation", of a return
                                            or _names_other_action_only(clause.words, anchors)))
            continue
        if side == 0 and not _mentions_this(clause, anchors) and _put_off_other(
                clause.text, put_off.start(), after_other, index) and not says(wordline(clause.words), anchors.stems) \
                and clause.words.isdisjoint(anchors.own - {anchors.verb}):  # (not "roaming — I'll call back")
            # "Camila might still go, I'll check with her": the person named before (not "Yes to the boots.
            # Let me think about the cancellation", of the cancellation)
            elsewhere = True
            continue
        if k and side <= 0 and _TOO.search(clause.text, 0, put_off.start()):
            elsewhere = True  # "Yes cancel it. Oh and also add a bag — wait, I'll decide later": the added request
            continue
        if side == 0 and not _mentions_this(clause, anchors) and not says(
                line := wordline(clause.words), anchors.stems) and (
                says(line, anchors.other_actions) or says(line, _OTHER_VERBS - anchors.stems)):
            # "check the roaming prices with my husband first": roaming is another action's; "Let me think
            # about the cancellation": another action's verb
            elsewhere = True
            continue
        topic = _TOPIC.match(clause.text)
        if topic is not None and side == 0:
            about = set(words(topic[0]))  # "for my profile": this call's object, or another topic
            # ("For the data, let me think": the tool's own word, refuel_data's)
            if not (anchors.mentioned_in(about, set()) or says(wordline(about), anchors.objects)
                    or not about.isdisjoint(anchors.own - {anchors.verb})):
                elsewhere = True
                continue
        if side > 0 or (side == 0 and not named and _mentions_this(clause, anchors)):
            return True
        if (side < 0 or index.names_any(clause.words) or any(anchors.rival_id(t) for t in clause.ids)
                or _place_side(clause.text, clause.words, anchors) < 0
                or (named and _PUT_OFF_WHAT.search(clause.text))
                # "Resume my son's line, yes. The watch, hold off on that": a topic put first, then put off
                or (named and bool(head := set(words(clause.text[:put_off.start()])) - _FILLER)
                    and not anchors.mentioned_in(head, set()) and _object_side(head, anchors) <= 0)):
            elsewhere = True  # ... "Please turn roaming on. Hold off on the extra data for now"
        elif not elsewhere:
            return True
    return False


_CALL_BACK = re.compile(r"\b(?:i'?ll|i will) (?:call|come) back\b", re.I)
_STILL_DECIDING = re.compile(r"\b(?:confirm|decide|decision|think|check|sure|know)\w*", re.I)


def _mentions_this(clause: Clause, anchors: Anchors) -> bool:
    """Whether a clause names this call's object, by identifier or label, or, where it has no name of
    its own (an order), by an item its record holds: "the tablet one... let me think a sec"."""
    return anchors.mentioned_in(clause.words, clause.keys) or (
        not anchors.labels and not clause.words.isdisjoint(anchors.inner_names()))


def _names_other_action_only(ws: set[str], anchors: Anchors) -> bool:
    """Whether words name another action (its verb: "the cancellation", of a return) and not this one."""
    line = wordline(ws)
    return says(line, _OTHER_VERBS - anchors.stems) and not says(line, anchors.stems)


def _put_off_other(text: str, at: int, after_other: bool, index: EvidenceIndex) -> bool:
    """Whether a deferral at ``at`` of a clause puts off what another object only, named just before
    it, stands for: the clause before named one (``after_other``) or its own words before the
    deferral do, and the deferral names none itself ("... I'll check with her")."""
    head, tail = set(words(text[:at])), set(words(text[at:]))
    return (after_other or bool(head and index.names_any(head))) and not index.names_any(tail)


# ... or what the user did themselves: "And I've pressed the mobile data button."
_STATES_FACT = re.compile(r"^\W*(?:the|my|that|this)\b[^,;]*\b(?:is|are|was|were)\b"
                          r"|^\W*(?:and\s+|also\s+)?i(?:'ve| have|\s+already)?\s+(?:just\s+|already\s+)?"
                          r"(?:pressed|tapped|turned|switched|toggled|done|did|restarted|rebooted)\b", re.I)


# A no that only takes back what the user just said, the new choice after it: "Could I do 1.5? Actually no - 2 GB
# please, $4 is fine.", "I just want a human. ... no, fine, forget that, add the 2 GB."
_SELF_FIX = re.compile(r"\b(?:actually|wait|oh|hmm)\s*,?\s+no\b\s*[-–—,:]\s*(?=\S)"
                       r"|\bno\b\s*,?\s*(?:(?:fine|ok|okay)\s*,?\s*)?forget (?:that|it|about (?:it|that))\s*[-–—,:]\s*(?=\S)", re.I)
# What the user quotes from their screen: not their own words.
_QUOTED = re.compile(r"(?<![A-Za-z])'[^']{3,}(?:'(?![A-Za-z])|$)|\"[^\"]{3,}(?:\"|$)")  # or cut by a clause's end


# An item the user names only to doubt it, then says yes to all: "Hmm, am I sure about the puzzle... yes."
_DOUBTED = re.compile(r"\b(?:am i|are we)\s+(?:really\s+)?sure\s+(?:about|of)\b", re.I)
# Words before a deferral that name no topic: "ok but", "hmm, actually".
# Another unit of an item than the one the call takes: "the other bottle", "the second one".
_ANOTHER_UNIT = re.compile(r"\b(?:the\s+)?(?:other|second)\s+(?:one\s+of\s+the\s+)?[\w-]+", re.I)
_FILLER = frozenset({"ok", "okay", "but", "and", "hmm", "hm", "um", "well", "actually", "so", "then", "oh", "wait",
                     "yes", "yeah", "no", "please", "i", "we", "i'll", "let", "me", "just", "for", "now", "maybe"})
# What a deferral puts off, named right after it: "hold off on the extra data".
_PUT_OFF_WHAT = re.compile(r"\b(?:hold off|hold|wait|skip|pass)\s+(?:on|with)\s+(?:the|those|these|any)\s+\w+", re.I)


def _settled_after(turn: Turn, anchors: Anchors) -> bool:
    """Whether a reply that puts the decision off settles it after that, in a later sentence that
    says yes and names no other object: "hmm wait, let me check... sorry it's 1970-02-18. yes change
    it to that"; not "Let me think about the bag, but yes to the upgrade" (of the bag)."""
    last = max(k for k, c in enumerate(turn.clauses) if DEFER.search(c.text))
    text = turn.clauses[last].text
    # the answer after an ellipsis in the same clause: "Let me ask him... he says yes, go ahead."
    if (put_off := DEFER.search(text)) is not None and (dots := text.find("...", put_off.end())) >= 0 \
            and AFFIRM.search(tail := text[dots + 3:]) and not DEFER.search(tail) and not _NEGATE.search(tail):
        return True
    return any(AFFIRM.search(c.text) and not c.question and not DEFER.search(c.text) and not _NEGATE.search(c.text)
               and _object_side(c.words, anchors) >= 0  # (not "I'm not 100% sure the lease is final")
               for c in turn.clauses[last + 1:])


def _last_of(turns: list[Turn], role: str, end: int) -> int:
    """The index of the last turn of ``role`` before ``end``; -1 where there is none."""
    return next((k for k in range(end - 1, -1, -1) if turns[k].role == role), -1)


# A question that asks which of several objects the user means: "Which trip would you like to cancel?"
_WHICH_ONE = re.compile(r"\b(?:which|what)\s+(?:one|trip|reservation|order|line|booking|flight|bill|of (?:them|these|those))"
                        r"\b[^.?!\n]*\?", re.I)


def _asks_which(turn: Turn, anchors: Anchors) -> bool:
    """Whether a message lists objects of the call's kind and asks which one the user means ("I see
    three reservations: 437BPO, OI2XRY and I3EHXC. Which trip would you like to cancel?"): a
    choice offered, no description of acting on any one of them."""
    text = turn.text
    return "?" in text and ("hich " in text or "hat " in text) and _WHICH_ONE.search(text) is not None and any(
        anchors.rival_id(t) for t in chunks(text) if looks_like_identifier(t) and not _METHOD_ID.match(t))


# A payment method's identifier: "which one would you like it on?" of two gift cards asks how to pay,
# not which object to act on.
_METHOD_ID = re.compile(r"(?:gift_card|credit_card|debit_card|paypal|certificate|bank_account)_\d", re.I)


def _answers_request(turns: list[Turn], anchors: Anchors) -> int:
    """The latest question of the agent that, with the user's request right before it, describes
    the call: the request says the action and names its object, and the question states each of the
    call's amounts and names no other object ("I ran out of data. 555-123-2002. Add 3 GB please." ...
    "3 GB costs $6.00, charged on your next bill. Shall I add it?"); else -1."""
    if not anchors.amounts or not anchors.ids:
        return -1
    k = _last_of(turns, "assistant", len(turns))
    j = _last_of(turns, "user", k)
    if j < 0 or not ASKS.search(turns[k].text):
        return -1
    asked, request = turns[k], turns[j]
    data, money = stated_amounts(asked.text, data=True), stated_amounts(asked.text)
    if (says(request.wordline, anchors.stems) and anchors.mentioned_in(request.words, request.compacts)
            and all(to_cents(value) in (data if is_data(arg) else money) for arg, value in anchors.amounts)
            and not _acts_on_another(asked, anchors)
            and not any(anchors.rival_id(t) for t in chunks(asked.text) if looks_like_identifier(t))):
        return k
    return -1


# A user's question of what an action would cost: "how much to upgrade DGLJTR to business?".
_HOW_MUCH = re.compile(r"\bhow much\b|\bwhat (?:would|will|does) (?:it|that) cost\b|\bwhat(?:'s| is) the (?:price|cost)\b", re.I)


def _quote_answered(turns: list[Turn], anchors: Anchors) -> int:
    """The agent's latest message where it answers the user's question of what the call's action on
    its object would cost with the terms (each of its objects named, an amount, no other object of
    its kind), asking nothing: the user's go-ahead to a quote ("how much to upgrade DGLJTR to
    business?" ... "| HAT156 | $187 | $276 | ... The difference is $600 for both of you." ... "ok do
    it"). Else -1."""
    k = _last_of(turns, "assistant", len(turns))
    j = _last_of(turns, "user", k)
    if j < 0 or not anchors.ids or "$" not in turns[k].text and "dollar" not in turns[k].text:
        return -1
    asked, request = turns[k], turns[j]
    if (_HOW_MUCH.search(request.text) and says(request.wordline, anchors.stems)
            and anchors.mentioned_in(request.words, request.compacts)
            and all(g[1] & asked.compacts or g[0] <= asked.words for g in anchors.item_groups())
            and not _acts_on_another(asked, anchors)
            and not any(anchors.rival_id(t) for t in chunks(asked.text) if looks_like_identifier(t))):
        return k
    return -1


# A last question that asks which object the user means, not whether to act on it.
_IDENTIFIES = re.compile(r"\b(?:is|was) (?:this|that|it) the (?:\w+ )?(?:reservation|trip|order|booking|line|flight|"
                         r"account|one|bill)\b(?: you(?:'re| are)? (?:mean|meant|referring to|talking about|asking about))?"
                         r"[^.?!\n]*\?\W*$", re.I)


def _terse_offer(turns: list[Turn], anchors: Anchors, index: EvidenceIndex) -> int:
    """The agent's latest message, where it asks about the call's object and terms without the
    action's verb, after the user asked for the action: "we need 5 checked bags" ... "SJWOFH ... 5 bags =
    1 extra bag, 50. pay with gift_card_2622215 or credit_card_7032272?", "add 1 GB to it" ... "1 GB on
    L1003 = 5.00 on next bill. ok?". It names the call's object and what it changes (or an arrow),
    states each of the call's amounts, and names no other object of its kind. Else -1."""
    if not anchors.ids:
        return -1
    # The latest message that asks, or one before it that the later ones only go on from (an
    # answer to "what time does that flight leave again?" in between).
    k = _last_of(turns, "assistant", len(turns))
    for _ in range(3):
        if k < 0 or ASKS.search(turns[k].text):
            break  # (a question that offers other terms is no answer to go back past)
        if not _continues(turns[k], anchors, index):
            return -1
        k = _last_of(turns, "assistant", k)
    if k < 0 or not ASKS.search(turns[k].text) or not _offers_terms(turns[k], anchors):
        return -1
    if _IDENTIFIES.search(turns[k].text.rstrip()):
        return -1  # "I found IYLBEK: EWR to LAS ... Is this the reservation you mean?": which one, not what to do
    if _states_only(turns[k], anchors):
        return -1  # "L1002 shows roaming_enabled: false. Are you travelling?": a state read out, no offer
    # The request: one of the user's last four messages before it says the action or its object.
    j, asked_for = k, list[Turn]()
    while len(asked_for) < 4 and (j := _last_of(turns, "user", j)) >= 0:
        asked_for.append(turns[j])
    if any(says(t.wordline, anchors.stems) or (anchors.objects and says(t.wordline, anchors.objects))
           for t in asked_for):
        return k
    return -1


# A message that says the last attempt failed and offers another way: "That didn't go through: ... I
# could add 1 bag for $50 instead ... Want that?"
_AFTER_FAILURE = re.compile(r"\b(?:didn't|did not|couldn't|could not)\s+go\s+through\b|\bfailed\b|\binstead\b"
                            r"|\bcorrect myself\b|\bmy mistake\b|\bby mistake\b", re.I)


def _offer_after_failure(turns: list[Turn], anchors: Anchors) -> int:
    """The agent's latest message, where it says the action by its verb and its object's word, tells
    of a failure or offers the action instead, asks, and names no other object of the call's kind,
    after an earlier message of the agent named the call's object by identifier (the one the failed
    attempt was on). Else -1."""
    k = _last_of(turns, "assistant", len(turns))
    if k < 0:
        return -1
    offer = turns[k]
    text = offer.text
    # (plain substrings first: this is asked of every call, and most messages tell of no failure)
    if not ("through" in text or "failed" in text or "instead" in text or "correct myself" in text
            or "mistake" in text) or not _AFTER_FAILURE.search(text) or not ASKS.search(text) or not anchors.ids:
        return -1
    # (the call's object by the identifiers only it takes says both: "Shall I proceed with that — HAT266 on
    # May 19, HAT112 on May 27, $414 back to the gift card?", of a flight change)
    flights = {key for key in anchors.object_ids if not key.isdigit()}  # (not their dates, said in words)
    by_ids = bool(flights) and flights <= offer.compacts  # (each of them)
    if not (by_ids or says(offer.wordline, anchors.stems)) or (anchors.objects and not by_ids and not says(
            offer.wordline, anchors.objects)) or any(anchors.rival_id(t) for t in chunks(offer.text) if looks_like_identifier(t)):
        return -1
    own = anchors.object_keys()
    return k if any(t.role == "assistant" and not own.isdisjoint(t.compacts) for t in turns[:k]) else -1


def _offers_terms(asked: Turn, anchors: Anchors) -> bool:
    """A message that names the call's object and what it changes (its word, an identifier only
    the call holds, or an arrow), states each of its amounts, and names no other object of its kind
    nor offers something else ("... Would you also like me to go over the insurance?")."""
    line = asked.wordline
    named = anchors.names_object(asked.words, asked.compacts) or (anchors.account and any(
        # "profile address -> ...": a line with the account's word, the object's and an arrow, and no
        # other action (not "Send you a receipt at the address on your profile")
        says_arrow(t.text) and not ACCOUNT_WORDS.isdisjoint(t.words)
        and says(t.wordline, anchors.objects) and not says(t.wordline, ACTION_STEMS - anchors.stems)
        for t in (Turn(-1, "assistant", part) for part in SENTENCE_OR_LINE.split(asked.text.replace(";", "\n")))))
    if not named or (
            anchors.objects and not says(line, anchors.objects) and not says(line, anchors.weak_objects)
            and anchors.object_ids.isdisjoint(asked.compacts) and "->" not in asked.text and "→" not in asked.text):
        return False
    if anchors.amounts:
        data, money = stated_amounts(asked.text, data=True), stated_amounts(asked.text)
        if not all(to_cents(value) in (data if is_data(arg) else money) for arg, value in anchors.amounts):
            return False
    return not (_acts_on_another(asked, anchors) or _ends_offering_other(asked, anchors)
                or any(anchors.rival_id(t) for t in chunks(asked.text) if looks_like_identifier(t)))


def _summary_ordered(turns: list[Turn], anchors: Anchors) -> int:
    """The agent's latest message, where it names each of the call's flights on its date and the
    user's reply after it says the action ("Summary: ... HAT034 (2024-05-25) and HAT026 (2024-05-25)
    ... Which card?" "8752. Go ahead and book it."); else -1."""
    k = _last_of(turns, "assistant", len(turns))
    if k < 0 or not _names_every_flight(turns[k], anchors):
        return -1
    return k if any(t.role == "user" and says(t.wordline, anchors.stems) for t in turns[k + 1:]) else -1


def _record_change_of_sole_owner(turns: list[Turn], anchors: Anchors) -> int:
    """The agent's latest message that says the action, its object and the new record, though not
    the object it belongs to, where the conversation names that one and no other of its kind: "I'll
    update the passenger name from James Santos to Jim Santos" after "On reservation T6HMDP my first
    name is wrong". Else -1."""
    if not anchors.records or len(anchors.owners) != 1:
        return -1
    k = next((k for k in range(len(turns) - 1, -1, -1) if turns[k].role == "assistant"), -1)
    while k >= 0 and not _names_new_record(turns[k], anchors):
        k = next((j for j in range(k - 1, -1, -1) if turns[j].role == "assistant"), -1)
    if k < 0:
        return -1
    owner = compact(anchors.owners[0])
    if not any(owner in t.compacts for t in turns[:k]):
        return -1
    kin = _kin_keys(owner, anchors)
    shape = id_shape(owner)
    last_other = -1
    for j, t in enumerate(turns):
        for key in t.compacts:
            if key != owner and id_shape(key) == shape and (_of_kind(key, kin, anchors)
                                                             or (j == k and looks_like_identifier(key))):
                if j >= k:
                    return -1  # another reservation is talked about: the description must say which
                last_other = j
    # ... unless the owner was taken up alone since: "Your profile has four reservations: UM3OG5, ...",
    # then "Found it: FQ8APE ..."
    return k if any(owner in t.compacts for t in turns[last_other + 1:k]) else -1


def _action_on_sole_line(turns: list[Turn], anchors: Anchors) -> int:
    """The agent's latest message that says the action on a line without naming it, where the
    conversation names that line (by id or number) and no other: "Option: refuel data at $2.50 per
    GB ... How much would you like to add?" after "my data stopped working. number 555-220-4600".
    Else -1."""
    if not anchors.phones_stand_for_ids:
        return -1
    k = _last_of(turns, "assistant", len(turns))
    # (not one that says the action's word as a state: "mobile data is **disabled**", of disable_roaming)
    while k >= 0 and (not says(turns[k].wordline, anchors.stems) or _reports_done(turns[k], anchors)
                      or _states_only(turns[k], anchors)):
        k = _last_of(turns, "assistant", k)
    if k < 0:
        return -1
    own = anchors.ids - anchors.account_keys
    named = _line_named_last(turns[:k + 1], own, anchors)
    if named is False or (named is None and not _sole_line_called(own, turns, anchors)):
        return -1  # another line is talked about last (not a mistyped number no lookup found): say which
    return k


def _line_named_last(turns: list[Turn], own: set[str], anchors: Anchors) -> bool | None:
    """Whether the latest message that names a line by itself names the call's line (True) or another
    (False); None where none does. A line is named by its id, its number or its number's last four
    digits ("add 3 GB to 2002"). The agent's message that names several lines is a listing and
    leaves the focus where it was ("B1002 is made up of: Basic Plan for 555-123-2001 ..., Premium Plan
    for 555-123-2002 ..."); the user's names both (False: which one is theirs to say)."""
    unfound = anchors.index.unfound
    for t in reversed(turns):
        fours = [anchors.line_of_last_four(d) for d in _FOUR_DIGITS.findall(t.text)] if t.role == "user" else []
        mine = not own.isdisjoint(t.compacts) or True in fours
        other = False in fours or any(
            (tok[:1].isdigit() and anchors.rival_phone(tok))
            or (looks_like_identifier(tok) and anchors.rival_id(tok) and compact(tok) not in unfound) for tok in chunks(t.text))
        if mine != other:
            return mine
        if mine and t.role == "user":
            return False
    return None


# Four digits standing alone, the end of a line's number as a user says it ("to 2002"; not "2025-02-01").
_FOUR_DIGITS = re.compile(r"(?<![\d,.$-])\d{4}(?![\d,.-])")


def _action_on_object_in_focus(turns: list[Turn], anchors: Anchors) -> int:
    """The agent's latest message that says the action and what it changes without naming the
    object, right after (one user message between) an agent message that named this call's object
    and no other of its kind, and asked nothing: "Reservation HATHAT has 3 checked bags." "can i add one more?" "A 4th
    bag ... costs $50 ... Which card, and shall I go ahead?". Else -1."""
    k = _last_of(turns, "assistant", len(turns))
    j = _last_of(turns, "assistant", k) if k > 0 else -1
    # (the cheap tests first: the message before names the object and asks nothing)
    if j < 0 or k - j > 2 or anchors.ids.isdisjoint(turns[j].compacts) or ASKS.search(turns[j].text):
        return -1  # (a statement of the object, not an offer of its own: "T6HMDP: 2 bags are $100. Confirm?")
    if not _says_action(turns[k], anchors) or (anchors.objects and not says(turns[k].wordline, anchors.objects)) \
            or _reports_done(turns[k], anchors) or _states_only(turns[k], anchors):
        return -1
    for t in (turns[j], turns[k]):
        if any(looks_like_identifier(tok) and anchors.rival_id(tok) for tok in chunks(t.text)):
            return -1  # another object of the kind is talked about: say which
    return k


def _sole_line_called(own: set[str], turns: list[Turn], anchors: Anchors) -> bool:
    """Whether the user gave a phone number, an earlier call took this line, and no call took
    another of its kind (the agent looked up the usage of L1002 for the number the user gave, and
    no other line)."""
    called = anchors.index.looked_up
    if own.isdisjoint(called) or not any(t.role == "user" and any(len(k) >= 10 and k.isdigit() for k in t.id_keys)
                                         for t in turns):
        return False
    shapes = {id_shape(k) for k in own if not k.isdigit()}
    return not any(id_shape(k) in shapes and k not in own and anchors.rival_id(k) for k in called)


def _names_new_record(turn: Turn, anchors: Anchors) -> bool:
    line = turn.wordline
    # The object's word, or the record's change shown by an arrow: "Daiki **Anderson → Andersen**".
    return (says(line, anchors.stems) and (says(line, anchors.objects) or says(line, anchors.weak_objects)
                                          or says_arrow(turn.text))
            and anchors.names_record(turn.words))


def _kin_keys(owner: str, anchors: Anchors) -> set[str]:
    """The observation fields that hold ``owner`` (``reservation_id``, ``reservations``)."""
    return {k for obj in anchors.index.objects_with(owner) for k, v in obj.items()
            if v == owner or (isinstance(v, list) and owner in v)}


def _of_kind(key: str, kin: set[str], anchors: Anchors) -> bool:
    """Whether an observation shows ``key`` in one of the owner's fields: an object of its kind."""
    return any(v == key or (isinstance(v, list) and key in v)
               for obj in anchors.index.objects_with(key) for f, v in obj.items() if f in kin)


# A description that keeps the rest of the one before: "Everything else stays as described."
# (or with no verb: "Everything else as above.")
_AS_BEFORE = re.compile(r"\b(?:everything|all|the rest)(?:\s+else)?(?:\s+(?:stays|remains|is|will\s+(?:stay|remain|be)))?"
                        r"\s+(?:the\s+same|unchanged|as\s+(?:described|before|above|discussed|listed))", re.I)


def _may_keep(text: str) -> bool:
    """Plain substring tests before ``_AS_BEFORE``: most descriptions keep nothing of another."""
    return ("described" in text or "same" in text or "unchanged" in text or "before" in text or "above" in text
            or "discussed" in text or "listed" in text)


def _recapped(turns: list[Turn], last_desc: int, anchors: Anchors) -> int:
    """The description that the last one recaps after the user answered its question ("Cabin:
    Economy ... Which card?" "gift card" "To confirm: move R0UGFS to HAT210 + HAT036 and charge $44
    to your gift card?"): what the recap leaves unsaid still holds from it. Else ``last_desc``."""
    k = last_desc - 1
    while k >= 0 and turns[k].role == "user":
        k -= 1
    if 0 <= k < last_desc - 1 and _may_keep(text := turns[last_desc].text) and _AS_BEFORE.search(text) \
            and describes(turns[k], anchors):
        return k  # "The correct total is $478 ... Everything else stays as described.": the rest from before
    # Not where the answer asks for more of the action ("gift card. oh and move my outbound to May
    # 21 as well"): the recap then says the action anew.
    # A yes that names the verb ("Yes, book it.") asks for nothing more: the description after it
    # (a correction after the call failed) holds the rest from the one it said yes to.
    if (0 <= k < last_desc - 1 and ASKS.search(turns[k].text)
            and not any((says(t.wordline, anchors.stems) and not _yes_only(t)) or date_mentions(t.text)
                        for t in turns[k + 1:last_desc])):
        if describes(turns[k], anchors) or _names_every_flight(turns[k], anchors):
            return k
        # or a recap itself ("Updated split: ... Everything else as above. Confirm?"): the rest from
        # the one it recaps
        if (earlier := _recapped(turns, k, anchors)) != k:
            return earlier
    return last_desc


def _yes_only(turn: Turn) -> bool:
    """A short yes with nothing else: "Yes, book it.", "yes go ahead and change it"."""
    return len(turn.words) <= 6 and "?" not in turn.text and AFFIRM.match(turn.text.lstrip()) is not None


def _ship_to(turn: Turn, anchors: Anchors) -> bool:
    """An address change said as the order's shipping, by the plain verb: "4) Ship #W4895606 to 500 Main
    St, ...", "#W4536116 (pending): ship to 77 Harbor Way" (not "it ships to ...", where it goes now), or
    as the order's new address under a label, asked to confirm ("New: 398 Sunset Drive, ... Confirm?")."""
    text = turn.text
    return ("addre" in anchors.objects and not anchors.ids.isdisjoint(turn.compacts)
            and (("hip" in text and _SHIP_TO.search(text) is not None)
                 or ("ew" in text and _NEW_ADDRESS.search(text) is not None and ASKS.search(text) is not None)))


_SHIP_TO = re.compile(r"\bship\s+(?:(?:it|#?[A-Z]\d+|order\s+#?[A-Z]?\d+)\s+)?to\b", re.I)
# The new address under a label, asked to confirm: "#W5061109 ships to 503 Elm Avenue. New: 398 Sunset
# Drive, Suite 510, ... Confirm?" (a street number and its name after the label).
_NEW_ADDRESS = re.compile(r"\bnew(?:\s+(?:shipping|delivery|mailing))?(?:\s+address)?\s*:\s*\**\s*\d+\s+[A-Za-z]", re.I)


def _details_asked_to_confirm(turn: Turn, anchors: Anchors) -> bool:
    """A list of the call's details that names each of its flights on its date and asks to confirm,
    with no verb: "Here are the details: - One-way LGA to CLT, HAT065 on 2024-05-24, economy. ...
    Could you please confirm (yes/no)?"."""
    return "confirm" in turn.text.lower() and ASKS.search(turn.text) is not None and _names_every_flight(turn, anchors)


# A question of how to pay: "Pay the $50 with: Mastercard ending 8047, Visa ending 2018, or a gift card?"
_HOW_TO_PAY = re.compile(r"\b(?:pay|paid|charge|put it on|which (?:card|method|payment))", re.I)


def _count_priced_to_pay(turn: Turn, anchors: Anchors) -> bool:
    """A message that states the new count the call sends, with a price, and asks how to pay it, with
    no verb: "2 bags → 1 free + 1 extra at $50. Pay the $50 with: Mastercard ending 8047, ...?"."""
    if not anchors.counts or "$" not in turn.text or not ASKS.search(turn.text) or not _HOW_TO_PAY.search(turn.text):
        return False
    for arg, value in anchors.counts:
        noun = arg.lower().split("_")[-1][:3]  # "bag" of total_baggages
        if "total" in arg and re.search(rf"\b{value}\s+(?:\w+\s+)?{noun}\w*", turn.text, re.I):
            return True
    return False


# A closing question that offers the thing itself: "Want it?", "Would you like that?".
_WANT_IT = re.compile(r"\b(?:want|like|take)\s+(?:it|that|this|one)\s*\?\s*$", re.I)


def _thing_offered_at_amount(turn: Turn, anchors: Anchors) -> bool:
    """A message that names the thing the call makes by its word, at the call's amount, and closes by
    offering it, with no verb of the action: "... so $200 as a travel certificate. Want it?"."""
    if not anchors.objects or not anchors.amounts or "$" not in turn.text or not _WANT_IT.search(turn.text):
        return False
    said = {c for _, c in dollar_amounts(turn.text)}
    return says(turn.wordline, anchors.objects) and all(to_cents(v) in said for _, v in anchors.amounts)


def _names_every_flight(turn: Turn, anchors: Anchors) -> bool:
    """A summary that names each dated item of the call on its date, though not the action's verb:
    "**Round trip summary** 1. HAT208 EWR → MSP, 2024-05-21 ... 2. HAT196 ..., 2024-05-24"."""
    return bool(anchors.dated) and all(compact(ident) in turn.compacts and says_date(turn.text, day)
                                       for ident, day in anchors.dated)


# A report of an action as done: "Done - 2 GB added", "I've added 2 GB", "Your line has been resumed".
_DONE = re.compile(r"^\W*(?:done|all set|all done|booked)\b|\b(?:i've|i have)\s+(?:now\s+|just\s+|successfully\s+)?[a-z]+ed\b"
                   r"|\b(?:has|have) been\s+(?:successfully\s+)?[a-z]+ed\b", re.I)


def _reports_done(turn: Turn, anchors: Anchors) -> bool:
    """A message that reports the action as done and offers or asks nothing of it: no description
    to confirm, so a yes to the one before it still stands ("Yes, 2 GB." ... a call that fails ...
    "Done - 2 GB added" ... the call again; "I've added 2 GB to L1002 for $4.00. Run the speed test
    again?", whose question is of another thing)."""
    text = turn.text
    if not (" been " in text or "I've" in text or "I have" in text or "i've" in text
            or text.lstrip(" *#-")[:8].lower().startswith(("done", "all set", "all done", "booked"))):
        return False  # plain substrings first: a search of every message that describes costs
    if (done := _DONE.search(text)) is None:
        return False
    if _OFFERS.search(text) is None:
        return True
    # an offer or a question only after the report, whose sentences from the report on name neither
    # the action nor its object ("The exchange has been requested. For the return: ... I'd return just
    # that item ... Do you want me to go ahead?" describes the return)
    return _OFFERS.search(text, 0, done.end()) is None and not any(
        says(line := Turn(-1, "assistant", part).wordline, anchors.stems)
        or (anchors.objects and says(line, anchors.objects)) for part in SENTENCE.split(text[done.end():]))


# The agent's own refusal of an action, by its verb: "so I can't cancel this one", "I'm unable to cancel it".
_REFUSED = re.compile(r"\b(?:I|we)\s+(?:can't|cannot|can not|am unable to|'m unable to|are unable to)\s+(\w+)"
                      r"\s+(?:this one|it|this reservation|this order|that one)\s*(?:[.!]|$)", re.I)


def _refuses_action(described: Turn, anchors: Anchors) -> str:
    """The sentence in which the description refuses this action ("I can't cancel this one."), where its
    last sentence asks nothing (no offer after the refusal); else ""."""
    if ASKS.search(described.text):
        return ""
    for m in _REFUSED.finditer(described.text):
        if says(f" {m[1].lower()} ", anchors.stems):
            return m[0].strip()
    return ""


# (not "I'll resubmit exactly what you confirmed: ...", a failed call's offer done again: _offer_after_failure)
_CITES_YES = re.compile(r"(?<!what )\byou(?:'ve|’ve| have)?\s+(?:already\s+)?(?:said yes|confirmed|agreed|approved)\b", re.I)


_CONFIRM_ASKED = re.compile(r"\b(?:please\s+)?confirm\b", re.I)
# A question of which one, and a request to go ahead (the go-ahead a pick of the method answers too).
_WHICH_ASKED = re.compile(r"\b(?:which|what)\b[^.?!\n]*\?|\bwhich (?:one|would you prefer)\b", re.I)
_GO_AHEAD_ASKED = re.compile(r"\b(?:shall|should|may|can)\s+(?:i|we)\b|\b(?:confirm|proceed|go ahead|want me to|"
                             r"would you like me to|like me to|ok(?:ay)?\s*\?|all right\s*\?|sound good|yes/no|(?:yes|no)\))",
                             re.I)


def _asks_only_which(text: str) -> bool:
    """Whether a message asks which way (a method, a destination) and asks no go-ahead: "The refund can go
    to PayPal or to your gift card. Which would you prefer?"."""
    return "?" in text and _WHICH_ASKED.search(text) is not None and _GO_AHEAD_ASKED.search(text) is None


def _asks_yes_for_other_action(turn: Turn, anchors: Anchors) -> bool:
    """Whether a message names the call's object and another same-verb tool's object word, not the
    call's own, and asks for a yes: "Here's the flight change to confirm: - HXDUBJ, cabin economy ...
    Shall I make this change?", of a bag update (by the code as written: one of letters only is no
    identifier token)."""
    return (ASKS.search(turn.text) is not None and says(turn.wordline, anchors.rival_objects)
            and not says(turn.wordline, anchors.objects) and any(o and o in turn.text for o in anchors.owners))


def _asks_another_change_of_its_object(turn: Turn, anchors: Anchors) -> bool:
    """Whether a message names the call's own object and other objects of the kind its details are
    (flights other than the call's), and none of those details: another change of the same object
    ("Please confirm step 1: OWZ4XL ... same flights HAT202 and HAT232", where the call moves to HAT041)."""
    keys = turn.id_keys
    owners = {compact(o) for o in anchors.owners}
    details = anchors.ids - owners
    shapes = {_kind(d) for d in details if looks_like_identifier(d)}
    return bool(owners & keys) and bool(details) and details.isdisjoint(keys) and any(
        _kind(k) in shapes for k in keys - anchors.ids if looks_like_identifier(k))


_PREFIXED = re.compile(r"([a-z#]+)\d+")  # letters, then digits only: "hat028", "l1001", "#w2435638"


def _kind(key: str) -> tuple[int, bool, str]:
    """An identifier's shape and, where it is letters then digits, those letters: a flight "HAT028"
    and a reservation "2FBBAH" are of one shape, not of one kind."""
    m = _PREFIXED.fullmatch(key)
    return (*id_shape(key), m[1] if m else "")
_WHAT_YOU_CONFIRMED = re.compile(r"\bwhat you(?:'ve|’ve| have)?\s+(?:already\s+|just\s+)?confirmed\b", re.I)


# The action announced as done now, at the end of a reply: "Sending the payment request for B1234321 now."
_DOING_NOW = re.compile(r"(?:^|[.!]\s+)(?:I'?m\s+|I\s+am\s+|I'll\s+|I\s+will\s+)?\w+ing\b[^.?!\n]{0,80}\bnow\W*$", re.I)


def _goes_ahead_now(said: Turn, before: Turn) -> bool:
    """Whether a message, right after the user's yes (with a question beside it), answers and ends by
    doing the action now, asking nothing: "Yes, send it. But am I behind on anything else?" ... "Only
    B1234321 is overdue. Sending the payment request for B1234321 now." restates no description."""
    return (before.role == "user" and "now" in said.text and AFFIRM.search(before.text) is not None
            and not ASKS.search(said.text) and _DOING_NOW.search(said.text.rstrip()) is not None)


def _done_as_confirmed(said: Turn, before: Turn) -> bool:
    """Whether a message, right after the user's yes, says the agent now does what the user confirmed
    and asks nothing: "Sorry, I called the wrong function there ... I'll now do what you confirmed:
    enable roaming on L1002" (after a doubt in between it is a new description: ``_retry_as_confirmed``)."""
    return (before.role == "user" and "onfirmed" in said.text and _WHAT_YOU_CONFIRMED.search(said.text) is not None
            and not ASKS.search(said.text) and AFFIRM.search(before.text) is not None)


def check_confirmation(turns: list[Turn], anchors: Anchors, index: EvidenceIndex) -> ConfirmVerdict:
    """The rule-based workflow verdict for one consequential call, given the text turns before it."""
    last_desc = -1
    for k in range(len(turns) - 1, -1, -1):
        if turns[k].role == "assistant" and describes(turns[k], anchors) and not _asks_which(turns[k], anchors) \
                and not _reports_done(turns[k], anchors) and not (k > 0 and (
                    _CITES_YES.search(turns[k].text) or _done_as_confirmed(turns[k], turns[k - 1])
                    or _goes_ahead_now(turns[k], turns[k - 1]))):
            # (a recap that cites the user's yes, "You already confirmed it, so I'll submit it now", restates
            # the description that yes answered: that one is judged)
            last_desc = k
            break
    if last_desc < 0:
        last_desc = _answers_request(turns, anchors)
    if last_desc < 0:
        last_desc = _summary_ordered(turns, anchors)
    if last_desc < 0:
        last_desc = _terse_offer(turns, anchors, index)
    if last_desc < 0:
        last_desc = _quote_answered(turns, anchors)
    if (again := _offer_after_failure(turns, anchors)) > last_desc:
        # (also after a description: "I have to correct myself on the bags: ... May I charge the 50
        # dollars for that bag to your Visa ending 2705?")
        last_desc = again
    if last_desc < 0 or anchors.records:
        # Also after a description: "I have YMMK5P ... What needs to be corrected?", then "So the
        # passengers would be: ... Sofia Smyth (1960-06-04). Shall I update the reservation?".
        last_desc = max(last_desc, _record_change_of_sole_owner(turns, anchors))
    if last_desc < 0:
        last_desc = _action_on_sole_line(turns, anchors)
    if last_desc < 0:
        last_desc = _action_on_object_in_focus(turns, anchors)
    if last_desc < 0:
        needs = f"the action and one of: {anchors.describe()}" if anchors.ids else "the action"
        if anchors.objects:
            needs += f"; and what it changes: {anchors.object_word}, or an identifier of it"
        return ConfirmVerdict(False, "not_described", f" (a description names {needs})")
    described = turns[last_desc]
    if acted_on := _acts_on_another(described, anchors):
        return ConfirmVerdict(False, "not_described", f" as called (the description's action names {acted_on})")
    for since in turns[last_desc:]:
        if since.role == "assistant" and ("an't" in since.text or "annot" in since.text or "nable" in since.text) and (
                refusal := _refuses_action(since, anchors)):
            # "... A change of plans isn't covered, so I can't cancel this one." "just cancel it": the
            # user's insistence confirms nothing the agent offered
            return ConfirmVerdict(False, "not_described", f" as called (the agent refused it: {refusal!r})")
    # The user's turns after the description, in order: the last word counts, so a later
    # retraction ("I'd rather not cancel it after all") undoes an earlier yes.
    confirmed = affirmed_elsewhere = withdrawn = rival_named = False
    asked_apart: Turn | None = None  # a later message asking to confirm another change of the object, after a yes
    # a later message asking a yes for another action on the call's object ("Here's the flight change to
    # confirm: - HXDUBJ ... Shall I make this change?", of a bag update): a bare yes from then on is its,
    # until a message speaks of this call's thing again
    other_asked = False
    uncovered = ""  # the items a scoped yes left out
    groups = anchors.item_groups()
    answered = described
    turns = _tags_settled(turns, last_desc)  # "do 1 GB, that's $2.00 right?", where the price was said
    for turn in turns[last_desc + 1:]:
        if turn.role == "assistant":
            answered = turn
            if confirmed and "onfirm" in turn.text and _CONFIRM_ASKED.search(turn.text) and ASKS.search(turn.text) \
                    and _asks_another_change_of_its_object(turn, anchors):
                # "Please confirm step 1: OWZ4XL ... same flights HAT202 and HAT232. Yes?", after a yes to both
                # steps: the agent asks again, one at a time, and this one waits for its own yes
                confirmed, affirmed_elsewhere, asked_apart = False, True, turn
            if other_asked and says(turn.wordline, anchors.objects):
                other_asked = False  # back to this call's thing: "Two checked bags on M05KNL would be free ..."
            other_asked = other_asked or _asks_yes_for_other_action(turn, anchors)
            continue
        if answered is asked_apart:
            continue  # the yes to that other change, whatever it says
        if turn.defers and _defers_this(turn, anchors, index) and not _settled_after(turn, anchors) and not (
                (answered.plan[0] or described.plan[0])
                and _plan_answer(turn, answered if answered.plan[0] else described, anchors) is True):
            # (not a yes to this call's entry of a numbered plan, the deferral of another entry's: "Yes to
            # the first one. For the second... let me just double check something first")
            if confirmed:  # "wait, let me check with my wife first" after a yes
                confirmed, withdrawn = False, True
            continue  # deferring, whatever else the message says
        # "1 yes, 2 no" to a numbered plan: the one the reply answers, else the description's ("The
        # shoes are unchanged." "go ahead with 1.")
        if (said := _plan_answer(turn, answered if answered.plan[0] else described, anchors)) is not None:
            if said:
                confirmed, withdrawn = True, False
            elif confirmed:
                confirmed, withdrawn = False, True
            else:
                affirmed_elsewhere = True
            continue
        pos_this = neg_this = neg_action = pos_other = affirm = ordered = refused = scoped_other = False
        scoped_by_verb = False  # a scope to another object said by this action's verb, or by no other's
        elsewhere: set[int] = set()  # the negated clauses about other objects only ("..., but keep Las Vegas")
        aside: set[int] = set()  # the clauses about other objects only
        asks_elsewhere = False  # the last clause asks about another object only ("For the Miami one, ...?")
        # "Turn on the roaming, yes. The data... how much was it again?": a yes to another action only,
        # this one asked about
        asked_this = yes_other_action = False
        topic_other = False  # the latest clause naming an object named another one ("Leave the watch one, 5549.")
        pos_items: set[int] = set()  # which of the call's items (item_groups) the reply names, and how
        neg_items: set[int] = set()
        more = False  # whether the clause before asked for more ("also the helmet: white, ...")
        for clause in turn.clauses:
            ws, keys = clause.words, clause.keys
            # More, not a scope; and a clause that goes on with that list: "... and the water bottle: 1000ml, red"
            too = _TOO.search(clause.text) is not None or (more and _AND_NEXT.match(clause.text) is not None)
            own_words = _SELF_FIX.sub(" ", clause.text) if " no" in clause.text.lower() else clause.text
            negated = bool(_NEGATE.search(_QUOTED.sub(" ", own_words) if "'" in own_words or '"' in own_words
                                          else own_words))  # "it says 'No payment request has been made.'"
            if negated and (why := _REASON_GIVEN.search(clause.text)) and AFFIRM.search(clause.text, 0, why.start(1)) \
                    and anchors.verb not in why[1].lower() \
                    and not _NEGATE.search(clause.text[:why.start(1)] + " " + clause.text[why.end(1):]):
                negated = False  # "Yes, please cancel it, the others won't go without me": why, no refusal
            if negated and anchors.dated and anchors.keeps_unchanged(keys) and not _NEGATE.search(
                    _KEEPING.sub(" ", clause.text)):
                negated = False  # "Yes, as long as HAT145 on the 23rd stays": the call keeps it
            if negated and anchors.payments and not _NEGATE.search(lifted := refuses_method(clause.text)) and \
                    picks_payment(lifted, answered):
                negated = False  # "Not PayPal, the Mastercard.": the only refusal is of the other method
            if negated and (bare := _NO_BUT_ONLY.match(clause.text)) and not _NEGATE.search(clause.text, bare.end()):
                negated = False  # "no just the luggage": no to anything else, a scope to this
            if negated and (cond := _PRICE_CONDITION.search(clause.text)) and not _NEGATE.search(
                    clause.text[:cond.start()] + " " + clause.text[cond.end():]):
                negated = False  # "Sure, as long as there's no charge": a condition (``_unmet_condition``)
            if negated and (kind := _KIND_CONDITION.search(clause.text)) and not anchors.verb.startswith(
                    kind[1].lower()[:4]) and not _NEGATE.search(clause.text[:kind.start()] + " " + clause.text[kind.end():]):
                negated = False  # "2 GB is fine, as long as it's not a plan change", of a refuel: a kind it is not
            # Whether the clause names any known object: asked once (a search of every observation),
            # and only when no identifier of this call settles ``this`` first.
            named = index.names_any(ws) if anchors.ids.isdisjoint(keys) else None
            this = anchors.mentioned_in(ws, keys, named) or bool(groups and anchors.groups_named(ws, keys))
            by_word = False  # ``this`` only by the tool's own word: a line's number says which line
            if not this and not anchors.rival_objects and not clause.ids and not named:
                # "Just the roaming.": the action's object by its tool's word (enable_roaming), where no
                # other tool shares the verb and the clause names no object by identifier or name
                this = by_word = not ws.isdisjoint(anchors.own - {anchors.verb})
            if not this and anchors.amounts and not clause.ids and not ws.isdisjoint(DATA_UNIT_WORDS) and any(
                    is_data(arg) and to_cents(value) in stated_amounts(clause.text, data=True)
                    for arg, value in anchors.amounts):
                this = True  # "Just do the roaming and the 2 GB": the data the call adds, by its amount
            # Names another known object: the confirmation is scoped, not a bare "yes". An object is
            # known by its name, or by an identifier shaped like one of this call's (#W8770097 for
            # an order, when this call cancels #W5183325).
            mentions_other = not this and (
                bool(named)
                or any(index.label_words(t) or anchors.rival_id(t) for t in clause.ids)
                # "Just the address change.": a yes limited to another action, by its object
                or (bool(anchors.other_actions) and says(wordline(words(
                    scope[1] if (scope := _SCOPE.search(clause.text)) is not None else clause.text)),
                    anchors.other_actions)))
            # "yes, and go ahead with the kettle too": more, not a scope; nor is a payment choice for
            # another action after the yes: "Yes. Watch refund to the gift card."
            choice = not negated and not AFFIRM.search(clause.text) and bool(
                anchors.rival_objects or mentions_other) and bool(payment_words(Turn(-1, "user", clause.text)))
            other = mentions_other and not too and not choice
            more = mentions_other and too
            if other and named and _STAYS.search(described.text) and _kept_in(described, ws & index.label_vocab):
                other = False  # "Yes, I'm sure about the watch. Go ahead.": the one the description keeps
            if not this and anchors.rival_objects and not choice and not (mentions_other and too):
                # Same-verb tools told apart by their objects: "yes for the bag, no upgrade" says
                # yes to the bag update and no to the cabin change.
                this, other = _object_named(ws, anchors, this, other, clause.text)
                rival_named |= other and not clause.question  # (not a question about the other: "Will I lose my bags?")
            if anchors.phones_stand_for_ids and (not this or by_word) and (fours := LAST_FOUR.findall(clause.text)):
                # A line by the last four digits of its number: "yes, but just the 2001 line".
                lines = {anchors.line_of_last_four(t) for t in fours}
                this, other = True in lines, other or (False in lines and True not in lines)
            if not this and not other and (side := _place_side(clause.text, ws, anchors, clause.question)):
                # "just cancel the vegas one": the reservation to Las Vegas; "and the Boston one too" is more
                this, other = side > 0, side < 0 and not too
            if (not this and named and not anchors.labels and not clause.ids
                    and (_DIRECTIVE.search(clause.text) or AFFIRM.search(clause.text))
                    # Not where the reply names this call's own object: "yes for the tracker ... no
                    # for the address" puts the tracker's item change against the order's address.
                    and not (anchors.objects and says(turn.wordline, anchors.objects))
                    and (side := _contents_side(set(words(scope[1])) if (scope := _SCOPE.search(clause.text))
                                                else ws, anchors))):
                # "only the laptop and the camera ones please": the orders holding them (said as the
                # yes's scope; not "I'm still on the fence about the lamp"; "the kettle too" is more)
                this, other = side > 0, side < 0 and not too
            if not this and not other and _may_relate(clause.text) and (rel := _RELATION.search(clause.text)) and (
                    side := _relation_side(rel[1].lower(), described, anchors)):
                # "hold off on my daughter's": the line the description gave as "your daughter's, L1007"
                this, other = side > 0, side < 0
            if anchors.phones_stand_for_ids and not this and _MINE.search(clause.text) and (
                    own := _own_line(turns, last_desc)):
                # "Just mine for now": the line the user called theirs ("my line is 555-123-2004"),
                # by its number where the call names the line by its id ("my number is 555-123-2006").
                mine = own in anchors.ids or anchors.line_of_last_four(own[-4:]) is True
                this, other = mine, other or not mine
            if (not this and not other and len(turn.clauses) > 1 and not anchors.rival_objects and not negated
                    and not scoped_by_verb and _names_action(ws, anchors)):
                # "Yes, do the exchange. The order to cancel is #W5765741": the action by its own verb
                # (where no sibling shares it), though another clause names another object; not after
                # a scope to another ("only the lamp one ... yes cancel it" cancels the lamp's order),
                # unless that scope was another action's ("just return the printer. The
                # cancellation - yes").
                this = True
            topic_other = ((other or mentions_other) and not this) or (topic_other and not this)
            if not this and (other or mentions_other or (
                    anchors.other_actions and says(wordline(ws), anchors.other_actions))):
                aside.add(id(clause))  # its condition is the other object's ("the payment switch only if ...")
                if other and _names_in_condition_only(clause.text, index):
                    other = False  # "yes to both, as long as the jacket is still a large": a condition, no scope
            if affirm and not this and not clause.question and _CORRECTS.match(clause.text) and not _FINE.search(clause.text):
                affirm = False  # "yes. oh wait his legal name is Jameson": a detail corrected after the yes
                continue
            if negated and _AS_IT_IS.search(clause.text):
                neg_action, affirm = True, False  # "Yes, cancel it. Hmm... Leave it as it is."
                continue
            if negated and this and groups and ("other" in clause.text or "second" in clause.text) and not (
                    anchors.groups_named(rest := set(words(_ANOTHER_UNIT.sub(" ", clause.text))), rest)
                    or anchors.mentioned_in(rest, rest)):
                # "Keep the camera and the other bottle": another unit of the item the call returns one of
                this, other = False, True
            if negated:
                if other and not this:
                    elsewhere.add(id(clause))
                if affirm and _REFUSES_ALL.match(clause.text):
                    refused = True  # "Okay, no to that", "Yes, no.": the whole reply; not "no to the lounge pass"
                neg_this |= this
                if this and groups:
                    kept = anchors.groups_named(ws, keys)
                    neg_items |= kept
                    pos_items -= kept  # "Yes, both. Oh wait, keep the kettle": a later clause narrows
                if _names_action(ws, anchors):
                    neg_action = True
                    if affirm and not other and (_says_verb(ws, anchors.verb) or (not _ALL_OF_IT.isdisjoint(ws)
                                                                        and "else" not in ws)):
                        # Taken back in the same reply by the action's own verb: "Yes... actually no,
                        # don't cancel it" (not by a synonym: "change the flight, don't add any bags").
                        affirm = False
                continue
            # (Sticky: "..., my Dallas trip 48HKTU, does that one have insurance? And how many bags?")
            # ... or of the other object the clause before it named: "Leave the watch one alone, 5549.
            # How much data has the watch used?"
            asks_elsewhere = clause.question and not this and (
                other or asks_elsewhere or topic_other or _of_other_action(clause, anchors))
            asked_this |= clause.question and this
            yes_other_action |= (not this and not clause.question and bool(anchors.other_actions)
                                 and AFFIRM.search(clause.text) is not None
                                 and says(wordline(ws), anchors.other_actions))
            if clause.question or _plans_action(clause.text, anchors):
                continue  # asking, or taking it on oneself: "Sure, but will I get it all back?"
            if (pick := _ORDINAL_PICK.search(clause.text)) and (listed := _listed_ids(described, anchors)):
                # "only the first one" of the objects the description listed, in order
                k = _ORDINALS[pick[1].lower()]
                chosen = listed[k] if -len(listed) <= k < len(listed) else ""
                this, other = chosen in anchors.ids, chosen not in anchors.ids
            limits = bool(_SCOPE.search(clause.text)) and not _ONLY_IF.search(clause.text)  # "only ...", no "only if"
            if other and not this and limits:
                pos_this = False  # "my son still uses 2007. Just suspend 2008": the scope is the last word
            if (other and not this and affirm and _STATES_FACT.search(clause.text) and not AFFIRM.search(clause.text)
                    and not _DIRECTIVE.search(clause.text)):
                other = False  # "Yes. The tablet is from W1326557.": a fact about another order, no scope
            # "Only the kettle.": a yes limited to another object the description named (an address
            # change described beside the kettle exchange is left out).
            scoped = other and not this and limits
            scoped_other |= scoped
            scoped_by_verb |= scoped and not _of_other_action(clause, anchors)
            # After it, this object only by a yes of its own ("only 2005. my son on 2004 is still
            # in Spain" says nothing yes about 2004).
            pos_this |= this and (not scoped_other or bool(AFFIRM.search(clause.text) or _DIRECTIVE.search(clause.text)))
            # "yes his dob is right. both yes": a yes to all the description offered, this action among them
            pos_this |= (not this and not other and not clause.question and not _ALL_ITEMS.isdisjoint(ws)
                         and AFFIRM.search(clause.text) is not None and answered is described)
            pos_other |= other
            counted = bool(groups) and _all_counted(clause.text, len(groups))
            every_item = bool(groups) and (not _ALL_ITEMS.isdisjoint(ws) or counted)
            # "Yes, I confirm the four swaps": this action by the count of its changes, after an answer between
            pos_this |= counted and not clause.question and AFFIRM.search(clause.text) is not None
            if groups and (this or every_item) and not (affirm and too):
                # (not a request for more after the yes: "yes! and I also want to return the electric kettle")
                scope = _SCOPE.search(clause.text)  # "only the lamp, I threw away the kettle box": the lamp
                if scope:  # replaces what an earlier clause said yes to: "Yes, both ... Just the lamp."
                    pos_items = anchors.groups_named(set(words(scope[1])), {compact(t) for t in chunks(scope[1])})
                elif every_item:  # "Yes, both. The kettle is not working anyway."; "I confirm the four swaps"
                    pos_items |= set(range(len(groups)))
                elif not _DOUBTED.search(clause.text):  # (not "Hmm, am I sure about the puzzle... yes. Yes, do it.")
                    pos_items |= anchors.groups_named(ws, keys)
            text = own_words.lstrip(" .…") if own_words is not clause.text else clause.text  # (after a no taken back)
            if _READ_OUT.match(text):
                continue  # "Data Roaming Enabled: Yes.": what a screen shows, read out, says yes to nothing
            if ((AFFIRM.search(text) and not (_THANKS_FOR.match(text) and not ASKS.search(answered.text)))
                    or _FINE_IF.match(text) or scoped
                    or ((_WEAK_AFFIRM.search(text) or _BARE_YES.match(text)) and ASKS.search(answered.text)
                        and not _either_or(text, answered.text, turn.text))
                    # "black. refund to visa. go.": a bare go, the item picked again from a list of options
                    or (_BARE_YES.match(text) and answered is not described and _picks_new_item(turn, answered, anchors))
                    # "fine", to an answer that ends on the method described: "So it would be the gift card."
                    or ((_BARE_YES.match(text) or _WEAK_AFFIRM.fullmatch(text.strip(" .!"))) and answered is not described
                        and _settles_method(answered, described, anchors))
                    or (_DIRECTIVE.search(text) and (this or _names_action(ws, anchors)))
                    or (this and _DO_THE.search(text))  # "Do the bags.": this object's change, by a plain verb
                    # "fine, visa" to "Shall I ... with the refund going to your Visa instead?"
                    or (anchors.payments and _FINE_METHOD.match(text) and ASKS.search(answered.text))
                    or (anchors.payments and (picks_payment(text, answered) or picks_card(text, answered, anchors))
                        # A reply that refuses anything but a payment method picks none: "Cancel that. Gift card."
                        and not any(_NEGATE.search(refuses_method(c.text)) for c in turn.clauses)
                        # nor one to a message that asked only which method ("... so $13.92 would be refunded.
                        # Which payment method should get the refund?"): the method chosen, the action not confirmed
                        and not _asks_only_which(answered.text))
                    or (anchors.amounts and picks_amount(text, answered, anchors))):
                affirm = True
            elif _orders_action(text, anchors) and not (
                    # "Use the gift card.", to "... which method should pay the difference?": the method picked
                    _asks_only_which(answered.text) and payment_words(Turn(-1, "user", text))):
                ordered = True
        if ordered and not any(_NEGATE.search(_SELF_FIX.sub(" ", c.text)) for c in turn.clauses if id(c) not in elsewhere):
            affirm = True  # an instruction stands, unless taken back in the same reply ("No wait, don't")
        if refused or (turn.clauses and turn.clauses[-1].question and not asks_elsewhere
                       and not _ASIDE.match(turn.clauses[-1].text) and not _ASIDE_TAIL.search(turn.clauses[-1].text)
                       and not any(_ANOTHER_ONE.match(c.text) for c in turn.clauses[1:])
                       and not _ASKS_MORE.search(turn.clauses[-1].text)
                       and not _ordered_then_asked(turn, anchors)) or (
                affirm and _unmet_condition(reply_text := " ".join(c.text for c in turn.clauses if id(c) not in aside)
                                            if aside else turn.text, answered)) or (
                # "sure, as long as it's refunded to my PayPal", to a refund to the gift card, where the
                # call takes no method (a cancellation refunds the one paid with)
                affirm and not anchors.payments and _unmet_method(reply_text, answered)) or (
                # A question put first waits for its answer, though it is about another object, after
                # a yes to this one: "yes do it - but first, will I still be able to return the
                # sunscreen?"; not after another's: "For the drone change, yes, but first tell me: ...?"
                # (not the user's own check put off: "I want to check something with my wife first")
                affirm and any((c.question or (_TELL_ME.search(c.text) and not DEFER.search(c.text)))
                               and (_FIRST.match(c.text) or _FIRST_AT_END.search(c.text)) and (
                    id(c) not in aside or c.question and k > 0 and id(turn.clauses[k - 1]) not in aside)
                               for k, c in enumerate(turn.clauses))):
            affirm = False  # the user is waiting for an answer before saying yes ("yes if it's under $10")
        if not affirm:
            if confirmed and (neg_this or neg_action):
                confirmed, withdrawn = False, True  # "in that case no, I'd rather not cancel it"
            continue
        if neg_this and not pos_this:
            affirmed_elsewhere = True
            continue
        # Items of one call: a yes naming some of them ("just the lamp"), or keeping one ("keep the
        # kettle"), does not cover a call that touches the others too.
        if pos_items and (picked := _picked_side(turn.text, answered.text)) is not None:
            # the side of "camera only, or camera and jacket together?" the reply picked covers what it names
            pos_items |= anchors.groups_named(set(words(picked)), {compact(t) for t in chunks(picked)})
        left = (neg_items - pos_items) or ((set(range(len(groups))) - pos_items) if pos_items else set())
        if left:
            confirmed, affirmed_elsewhere = False, True
            uncovered = _group_names(groups, left)
            continue
        if pos_this:
            confirmed, withdrawn = True, False
            continue
        if asked_this and yes_other_action:
            affirmed_elsewhere = True
            continue
        if pos_other:  # scoped to other objects only
            if scoped_other:  # "Yes, both." ... "Actually, only the kettle.": narrowed to the other one
                confirmed = False
            affirmed_elsewhere = True
            continue
        # A bare "yes" to the message that described this action, or to a later one that brought up
        # nothing else (the answer to a question about it: the refund time, the final price).
        if answered is described and _ends_offering_other(described, anchors):
            affirmed_elsewhere = True  # "... Would you like me to explain how that works first?" "Yes please."
            continue
        if not other_asked and (answered is described or describes(answered, anchors) or _continues(answered, anchors, index)
                or _offers_amounts(answered, anchors)
                # "ok great yes cancel it" after the answer to a question about it (the policy, which
                # says "booked"): the yes names the action by its own verb, the answer no other object,
                # or offers nothing ("ok, yes resume it" after what the watch cost last month, which
                # names the other line too)
                or (_says_verb(turn.words, anchors.verb) and (_names_no_other(answered, anchors, index)
                                                              or not ASKS.search(answered.text)))
                # "fine, use the visa. go ahead", after an answer that asks nothing (no certificate for a
                # fare difference): the method the description named, picked
                or (anchors.payments and not ASKS.search(answered.text) and _names_described_method(turn, described,
                                                                                                    anchors))
                or _settles_method(answered, described, anchors)
                # "Shall I go ahead with all three: the tablet return, the address change and the
                # dumbbell swap?" "yes, all three please": this action among all the question lists
                or (answered is not described and not pos_other and not _ALL_ITEMS.isdisjoint(turn.words)
                    and ASKS.search(answered.text) is not None and _names_action(answered.words, anchors))
                or (answered is not described and not pos_other and _turns_back(turn, answered, described, anchors))
                # "Ok yes. Do all five.", after an answer that asks nothing, to a description listing five
                # objects of the call's kind, this one among them
                or (answered is not described and not pos_other and not ASKS.search(answered.text)
                    and _all_of_listed(turn, turns, anchors))
                # "no the urethane fixed is fine. do it", after a list of the other options asked for: the
                # new item the description gave, picked again by option values no other listed one has
                or (answered is not described and not pos_other and _picks_new_item(turn, answered, anchors))):
            confirmed, withdrawn = True, False
            continue
        affirmed_elsewhere = True
    if confirmed:
        if groups:  # a description of several items names each ("the lamp and the kettle")
            in_description = anchors.groups_named(described.words, described.compacts)
            if answered is not described and ASKS.search(answered.text):
                # The offer the yes answered names the rest: "The same 4:00 PM flight connecting to
                # HAT136 ... Want that instead?", after a change to HAT240 + HAT218 failed.
                in_description |= anchors.groups_named(answered.words, answered.compacts)
            if in_description and len(in_description) < len(groups):
                unnamed = _group_names(groups, set(range(len(groups))) - in_description)
                return ConfirmVerdict(False, "not_described", f" in full (the description does not name: {unnamed})")
            if in_description and anchors.pairs and _STAYS.search(described.text) \
                    and (kept := _kept_only(described, anchors)):
                # "... The Bluetooth Speaker stays as is.", and the call's items change it too (not a
                # reservation's flights, which a change lists in full, the kept ones with them)
                return ConfirmVerdict(False, "not_described",
                                      f" as called (the description keeps: {_group_names(groups, kept)})")
        if waits := _unpaid_wait(turns, last_desc, anchors):
            return ConfirmVerdict(False, "condition_not_met", waits)
        recapped = _recapped(turns, last_desc, anchors) if anchors.choices or anchors.dated or anchors.payments else None
        return (call_disagrees(turns, last_desc, anchors, recapped)
                or ConfirmVerdict(True, described=described.text))
    if withdrawn:
        return ConfirmVerdict(False, "confirmation_withdrawn")
    if uncovered:
        return ConfirmVerdict(False, "confirmation_not_covering", f"the user's yes leaves out: {uncovered}")
    if affirmed_elsewhere:
        if rival_named:  # the yes went to a sibling update by its object ("yes for the bag, no upgrade")
            return ConfirmVerdict(False, "confirmation_not_covering",
                                  f"confirmed for another {anchors.verb}, not the {anchors.object_word}")
        return ConfirmVerdict(False, "confirmation_not_covering", f"confirmed without {anchors.describe()}")
    return ConfirmVerdict(False, "not_confirmed")
