"""The reason a description gives a write, against the free-text reason the call sends: "I'll
suspend 555-255-4444, reason: traveling overseas", then ``reason="device lost"``. An enum reason
(a retail cancellation's) is the choice check's (agreement); a free-text one may be paraphrased,
so only one that shares no word with the described is flagged.
"""

from __future__ import annotations

import re
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
