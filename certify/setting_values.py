"""Values a text gives a setting by name, quoted or in bold: "reset your APN back to the default
'internet'", "(APN name **internet**)". Such a value is read off a device or a record; one that
nothing visible shows (the check showed "broken", the reset showed nothing) was made up."""

from __future__ import annotations

import re

# A naming word, then the value in quotes or bold: "named 'X'", "default 'X'", "set to **X**", "name: X".
_NAMED_VALUE = re.compile(
    r"\b(?:name[ds]?|called|set to|default|value)\b(?:\s+(?:is|of|as|back to|now))?\s*[:=]?\s*"
    r"(?:\*\*|['‘’\"“”`])([A-Za-z][\w.-]{1,40})(?:\*\*|['‘’\"“”`])", re.I)


def may_name_values(text: str) -> bool:
    """Plain substring tests first: a quote or bold mark (most texts have neither)."""
    return "**" in text or "'" in text or "’" in text or '"' in text or "`" in text


def named_values(text: str) -> list[str]:
    """The values a text gives settings by a naming word, in order, each once."""
    return list(dict.fromkeys(m[1] for m in _NAMED_VALUE.finditer(text)))
