"""Values a text gives a setting by name, quoted or in bold: "reset your APN back to the default
'internet'", "(APN name **internet**)". Such a value is read off a device or a record; one that
nothing visible shows (the check showed "broken", the reset showed nothing) was made up."""

from __future__ import annotations

import re

# A naming word, then the value in quotes or bold: "named 'X'", "default 'X'", "reset to **"X"**".
_NAMED_VALUE = re.compile(
    r"\b(?:name[ds]?|called|(?:set|reset|changed|switched|restored)(?: back)? to|default|value)\b"
    r"(?:\s+(?:is|of|as|back to|now))?\s*[:=]?\s*"
    r"(?:\*\*|['‘’\"“”`]){1,2}([A-Za-z][\w.-]{1,40})(?:\*\*|['‘’\"“”`]){1,2}", re.I)


def may_name_values(text: str) -> bool:
    """Plain substring tests first: a quote or bold mark (most texts have neither)."""
    return "**" in text or "'" in text or "’" in text or '"' in text or "`" in text


def named_values(text: str) -> list[str]:
    """The values a text gives settings by a naming word, in order, each once; not a switch's state
    ("| Roaming on the account | **Enabled** |", read with its column's name "Value")."""
    return list(dict.fromkeys(m[1] for m in _NAMED_VALUE.finditer(text) if m[1].lower() not in _STATES))


_STATES = frozenset({"enabled", "disabled", "on", "off", "yes", "no", "true", "false", "active", "inactive"})


# A plan by its name: "Premium Plan", "Unlimited Plus Plan", "the Plus plan" (capitalized words
# before "Plan" or "plan").
_PLAN_NAMED = re.compile(r"\b((?:[A-Z][\w+-]*\s+){1,3})([Pp])lan\b")
_PRONOUNS = frozenset({"I", "We", "You", "They"})
_NO_NAME = frozenset({"your", "the", "this", "that", "my", "a", "an", "our", "their", "his", "her", "new", "current",
                      "old", "same", "different", "other", "cheaper", "better", "which", "what", "any", "each",
                      "every", "one", "full", "final", "whole", "complete", "overall", "travel", "trip", "payment",
                      "action", "backup", "alternative", "here's", "step",
                      # what was done to a plan of action: "Corrected plan:", "Updated plan"
                      "corrected", "updated", "revised", "proposed", "suggested", "amended", "adjusted",
                      "gb", "mb", "tb",  # "15.0 GB Premium Plan": the allowance's unit, then the name
                      # a month's charges: "the March plan charges"
                      "january", "february", "march", "april", "may", "june", "july", "august", "september",
                      "october", "november", "december"})


# A label line that names the plan without the word after it: "- Plan: Premium", "**Plan:** Basic".
_PLAN_LABEL = re.compile(r"^[ \t]*(?:[-*•][ \t]+)?Plan:[ \t]*([A-Z][A-Za-z+]*(?:[ \t]+[A-Z][A-Za-z+]*){0,2})[ \t]*(?:\(|,|$)",
                         re.M)


def labelled_plans(text: str) -> list[str]:
    """The plan names label lines give ("- Plan: Premium"), each once; not an identifier ("Plan: P1002")."""
    return list(dict.fromkeys(m[1] for m in _PLAN_LABEL.finditer(text))) if "Plan:" in text else []


def named_plans(text: str) -> list[str]:
    """The plans a text names by their names ("the Premium Plan"), in order, each once; not "Your
    Plan" or "New Plan", which name none. A name before a lower-case "plan" is the name alone ("the
    Plus plan" names Plus, as a plan record shows it)."""
    out = []
    for m in _PLAN_NAMED.finditer(text):
        kept = m[1].split()
        if m[2] == "p" and kept[-1] in _PRONOUNS:
            continue  # "plan" as a verb: "Before I plan it"
        while kept and kept[0].lower() in _NO_NAME:
            kept.pop(0)
        if kept:
            out.append(" ".join(kept) + (" Plan" if m[2] == "P" else ""))
    return list(dict.fromkeys(out))
