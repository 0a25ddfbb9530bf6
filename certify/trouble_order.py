"""Troubleshooting steps asked for out of the policy's order.

A policy that says to troubleshoot in order ("no service (airplane mode, SIM, ...), then mobile data
(data switch, ...), then speed (data saver, VPN, network mode), then MMS (...)") makes a later
step premature while an earlier stage is visibly unresolved: asking the customer to change the
network mode while the latest status bar shows Data Disabled, or to check the VPN before anything
of the phone was seen. Only a request is read ("please turn Data Saver off", "could you check your
VPN status?"), not a report ("Data Saver is off") or a plan ("next we'll look at the VPN").
"""

from __future__ import annotations

import re

from trajectory2gym.certify.turns import SENTENCE_OR_LINE

# Whether a policy asks for the order (the telecom policy's "Troubleshoot in order: ...").
ORDERED = re.compile(r"\btroubleshoot in order\b", re.I)

# The later stages' steps, by the words a request names them with: (step, its stage).
_LATER_STEPS = re.compile(
    r"\b(?P<speed>data saver|vpn|(?:preferred )?network mode(?: preference)?|network (?:mode )?preference)\b"
    r"|\b(?P<mms>wi-?fi calling|app(?:'s)? permissions?|permissions?(?=[^.?!\n]{0,40}\bmessaging)"
    r"|apn mms|mms settings|mmsc)\b"
    # mobile data's steps, and the APN (no service's step after the SIM)
    r"|\b(?P<data>mobile data|cellular data|data roaming)\b|\b(?P<apn>apn(?!\W+mms)(?:\s+settings)?)\b", re.I)
# The stages in the policy's order; the APN comes after the SIM, within no service.
STAGE_RANK = {"no service": 0, "APN": 1, "mobile data": 2, "speed": 3, "MMS": 4}
# A sentence that asks the customer to look or act ("let's start by switching off any VPN").
_ASKS = re.compile(r"\b(?:please|could you|can you|would you|will you|let's|let us|check|turn|switch|set|open|go to|tap|toggle|"
                   r"disable|enable|grant|tell me|let me know|read me|look at|what does|what do you see)\b|\?", re.I)
# A step put off until later, or one already done: no request for it now.
_LATER_OR_DONE = re.compile(r"\b(?:next(?!\W+(?:please|could you|can you|let's)\b)|later|after(?:wards)?|once|then we|"
                            r"if (?:that|this|it) doesn't|already|you've|you have|i've|we've"
                            # a step for the trip ahead: "turn Data Roaming on in her phone when you arrive"
                            r"|when (?:you|she|he|they|we) (?:arrive|land|get there|reach|travel|are abroad))\b", re.I)


def later_steps_asked(text: str, after: str = "no service") -> list[tuple[str, str]]:
    """(the step as written, its stage: "APN", "mobile data", "speed" or "MMS") for each sentence that
    asks the customer to check or change a step of a stage later than ``after`` now."""
    out: list[tuple[str, str]] = []
    if _LATER_STEPS.search(text) is None:
        return out  # (most texts name none: one search before splitting)
    for sentence in SENTENCE_OR_LINE.split(text):
        if (m := _LATER_STEPS.search(sentence)) is None or not _ASKS.search(sentence) \
                or _LATER_OR_DONE.search(sentence):
            continue
        stage = "speed" if m["speed"] else "MMS" if m["mms"] else "mobile data" if m["data"] else "APN"
        if STAGE_RANK[stage] > STAGE_RANK.get(after, 0):
            out.append((m[0], stage))
    return out


# The user's word that data flows, slowly ("nothing loads or it crawls", "my internet is super slow"): the
# phone has service, so the no-service stage is behind; mobile data's step may come first.
_SLOW_TOLD = re.compile(r"\b(?:it|data|internet|everything|pages?)(?:['’]s\s+|\s+(?:is\s+|are\s+)?)(?:just\s+|still\s+)?"
                        r"(?:crawl(?:s|ing)?|(?:(?:very|super|really|so|too|painfully|dead|extremely|unbearably)\s+)?slow)\b",
                        re.I)
# Data said to flow now: "OK it works now but it's really slow".
_WORKS_TOLD = re.compile(r"\b(?:it|data|internet)\s+(?:works|is working|loads)\b|\b(?:works|working) (?:now|again)\b", re.I)


def slow_data_told(user_text: str) -> bool:
    """Whether the user's messages say their data works, slowly."""
    return ("crawl" in user_text or "slow" in user_text) and _SLOW_TOLD.search(user_text) is not None


def data_works_told(user_text: str) -> bool:
    """Whether the user's messages say their data works now ("it works now but it's really slow")."""
    return ("work" in user_text or "load" in user_text) and _WORKS_TOLD.search(user_text) is not None


# The earlier stages' steps, by the words a request names them with.
_EARLIER_STEPS = {"no service": re.compile(r"\b(?:airplane|sim|signal|status bar|network status|reboot|restart|"
                                           r"top of (?:your|the) (?:phone(?:'s)? )?screen)\b", re.I),  # the status bar
                  "mobile data": re.compile(r"\b(?:mobile data|cellular data|data (?:switch|toggle)|roaming)\b", re.I)}


def asks_stage(text: str, stage: str) -> bool:
    """Whether a text also asks for a step of an earlier stage ("no service", "mobile data"): one
    plan fixing both, in order."""
    pattern = _EARLIER_STEPS.get(stage)
    return pattern is not None and any(pattern.search(s) and (_ASKS.search(s) or _HANDS_ON.search(s))
                                       for s in SENTENCE_OR_LINE.split(text))


# A hands-on fix the customer is asked to make: "- Re-seat the SIM card (take it out, put it back)."
_HANDS_ON = re.compile(r"^\W*(?:re-?seat|re-?insert|insert|remove|take out|power (?:off|on|cycle)|restart|reboot)\b", re.I)
