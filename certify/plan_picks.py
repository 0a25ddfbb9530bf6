"""Replies that answer a numbered plan or a list of lettered options by their labels: "1 yes, 2 no",
"only #2", "1 and 3", "do number 1", "yes to 1, not 2", "Option B please", "let's do A". Agents
write several actions (or several ways to do one) as a labelled list and ask once; users answer by
the labels. This module reads the list's entries and the reply's picks; which entry describes a call
is the workflow check's business (``confirmation.py``)."""

from __future__ import annotations

import re

# The start of a labelled line: "1. ", "2) ", "**3.** ", "A) ", "**Option B:** ", "- Option 2 - ".
_LABELLED = re.compile(r"^[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?(?:(?:option|choice)[ \t]+([1-9A-D])\b[ \t:.)—–*-]*"
                       r"|([1-9]|[A-D])[.)](?:\*\*)?[ \t]+)", re.M | re.I)
_YES = frozenset({"yes", "yeah", "yep", "yup", "y", "ok", "okay", "sure", "only", "just", "do", "proceed", "go",
                  "confirm", "confirmed", "fine", "please", "sounds", "great", "perfect", "alright", "absolutely",
                  "definitely"})
_NO = frozenset({"no", "nope", "not", "n", "skip", "don't", "dont", "hold"})
# Words that may stand beside the labels without changing which entries are picked.
_FILLER = frozenset({"and", "both", "to", "the", "number", "numbers", "item", "items", "step", "steps", "option",
                     "options", "one", "ones", "but", "with", "ahead", "for", "on", "of", "off", "line", "point",
                     "points", "is", "are", "good", "then", "thanks", "thank", "you", "that", "works", "let's", "now",
                     "lets", "i", "i'll", "i'd", "take", "want", "like", "choose", "pick", "prefer", "would", "choice"})
_LETTERS = "abcd"
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1}
_TOKEN = re.compile(r"#?\d+(?:st|nd|rd|th)?|[a-z]+(?:'[a-z]+)?")


def plan_lines(text: str) -> tuple[dict[int, str], bool]:
    """Each labelled entry of a message, with what follows it up to the next entry (its
    sub-bullets too), by its place (1 for "1." or "A)"), and whether the labels are letters; empty
    unless it has at least entries 1 and 2."""
    starts = list(_LABELLED.finditer(text))
    blocks: dict[int, str] = {}
    lettered = False
    for k, m in enumerate(starts):
        label = (m[1] or m[2]).lower()
        end = starts[k + 1].start() if k + 1 < len(starts) else len(text)
        lettered |= label.isalpha()
        blocks.setdefault(_LETTERS.index(label) + 1 if label.isalpha() else int(label), text[m.end():end])
    return (blocks, lettered) if 1 in blocks and 2 in blocks else ({}, False)


def plan_picks(reply: str, entries: int, lettered: bool = False) -> dict[int, bool] | None:
    """Which of a list's ``entries`` a reply says yes (True) or no (False) to, by place from 1, when
    the reply is nothing but such picks; None otherwise ("2 bags", "$5", a sentence with more in
    it). Lettered lists are picked by letter ("B"), numbered ones by number, both by place ("the
    second one"). A yes/no word governs
    the labels it precedes when the reply starts with it ("yes to 1, no to 2", "only 3"), else the
    labels before it ("1 yes 2 no", "2 only please"); bare labels are a yes ("1 and 3")."""
    toks = _TOKEN.findall(reply.lower())
    if not toks or len(toks) > 16:
        return None
    labels: list[tuple[int, int]] = []  # (position, place)
    for k, t in enumerate(toks):
        if t in _ORDINALS:  # "the second one"
            n = entries if t == "last" else _ORDINALS[t]
        elif lettered and len(t) == 1 and t in _LETTERS:
            n = _LETTERS.index(t) + 1
        elif not lettered and t[-1].isdigit():
            n = int(t.lstrip("#"))
        elif t not in _YES and t not in _NO and t not in _FILLER:
            return None
        else:
            continue
        if not 1 <= n <= entries:
            return None
        labels.append((k, n))
    if not labels:
        return None
    polar = [(k, t in _YES) for k, t in enumerate(toks) if t in _YES or t in _NO]
    leads = bool(polar) and polar[0][0] < labels[0][0]
    picks: dict[int, bool] = {}
    for at, n in labels:
        before = [yes for k, yes in polar if k < at]
        after = [yes for k, yes in polar if k > at]
        if leads:
            picks[n] = before[-1]
        else:  # "1 only, not 2": a label with no word after it takes the one right before it
            picks[n] = after[0] if after else before[-1] if before else True
    return picks


_QUOTED = re.compile(r"['\"‘“]([^'\"’”\n]{2,40})['\"’”]")


def _quoted_options(entries: dict[int, str]) -> set[str]:
    """The phrases the entries quote ("a reason: 'no longer needed' or 'ordered by mistake'"), as
    their tokens joined by spaces."""
    return {" ".join(_TOKEN.findall(m[1].lower())) for entry in entries.values() for m in _QUOTED.finditer(entry)}


# A sentence about one entry by its place, put first: "For the second...", "As for the last one,".
_PLACE_TOPIC = re.compile(r"\W*(?:(?:and|but)\s+)?(?:for|as for|about)\s+(?:the\s+)?(first|second|third|fourth|last)\b",
                          re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?;])(?<!\.\.\.)\s+")  # not after an ellipsis: "2... I don't know"


def picks_by_sentence(reply: str, entries: dict[int, str], lettered: bool = False
                      ) -> tuple[dict[int, bool], set[int]] | None:
    """For a reply of several sentences, some of them nothing but picks ("1 yes.") and each other one
    about entries it names by number ("For 2, hold on, let me ask my wife first. Skip 2 for now.") or
    by a word only that entry has ("just 2 for now. leather shoes, not sure."): the picks (an entry
    another sentence names by number with no yes word, or by its words with a no, is no pick), and
    the entries other sentences name by number with a yes word. None where no sentence is picks alone, or another sentence names no entry (it may be about
    them all: "Actually, wait."). Numbered lists only: a letter on its own may be the article "A"."""
    sentences = [s for s in _SENTENCE_END.split(reply.strip()) if s]
    if lettered or len(sentences) < 2:
        return None
    count = max(entries)
    own: dict[int, set[str]] | None = None  # each entry's words no other entry has, made on first need
    picks: dict[int, bool] = {}
    named: set[int] = set()
    picked = False  # whether some sentence is picks alone
    for sentence in sentences:
        got = plan_picks(sentence, count)
        if got is not None:
            picks.update(got)
            picked = True
            continue
        toks = _TOKEN.findall(sentence.lower())
        labels = {n for t in toks if t[-1].isdigit() and 1 <= (n := int(t.lstrip("#"))) <= count}
        if not labels and (topic := _PLACE_TOPIC.match(sentence)) is not None:
            # "For the second... let me just double check something first": an entry by its place
            n = count if (place := topic[1].lower()) == "last" else _ORDINALS[place]
            labels = {n} if n <= count else labels
        if not labels and " ".join(toks) in _quoted_options(entries):
            continue  # "no longer needed.": an option the plan quoted (a reason asked for), no pick
        if not labels:
            own = own if own is not None else _own_words(entries)
            labels = {n for n, ws in own.items() if not ws.isdisjoint(toks)}
            if len(labels) != 1:
                return None
            # Named by its words: a comment on it ("I checked the leather ones, they look fine"), no
            # pick, unless it says no ("leather shoes, not sure")
            if not _NO.isdisjoint(toks):
                picks.update(dict.fromkeys(labels, False))
            continue
        if _YES.isdisjoint(toks):  # "2... I don't know, I might still wear them": no yes to it
            picks.update(dict.fromkeys(labels, False))
        else:  # "1, yes of course, once the refund is through": more than a pick, read as a whole
            named |= labels
    return (picks, named) if picked else None


def _own_words(entries: dict[int, str]) -> dict[int, set[str]]:
    """Each entry's words of four letters or more that no other entry has ("shoes", "leather")."""
    found = {n: {t for t in _TOKEN.findall(text.lower()) if len(t) >= 4 and t.isalpha()} for n, text in entries.items()}
    return {n: ws - set().union(*(o for m, o in found.items() if m != n)) for n, ws in found.items()}


def plain_yes(reply: str) -> bool:
    """A reply that says yes and nothing else ("yes", "ok sure", "sounds good"): to a question that
    asks which of several options, it picks none. Not "both" or "all", which pick every one."""
    toks = _TOKEN.findall(reply.lower())
    return (bool(toks) and len(toks) <= 6 and any(t in _YES for t in toks)
            and all(t in _YES or (t in _FILLER and t not in ("both", "and")) for t in toks))
