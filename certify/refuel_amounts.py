"""The refuel data a text says a line has, after a refuel went through: "You now have 15.0 GB from your
plan plus 0.0 GB of refuel data", where the refuel's result shows ``"new_data_refueling_gb": 2.0``.
The amount said must be the line's refuel total the latest result shows, or an amount a refuel
added ("the 2 GB refuel"); the 0.0 GB the line's record showed before the write is stale.
"""

from __future__ import annotations

import re

import orjson

# An amount of data said as refuel data: "0.0 GB of refuel data", "2 GB refueled", "3.0 GB top-up".
# (Not a report of what a refuel added, "1.5 GB of refuel data added": the report check reads that.)
_REFUEL_SAID = re.compile(r"\b(\d+(?:\.\d+)?)\s*GB\s+(?:of\s+)?(?:refuel(?:ed|ing|led|ling)?|top-?up)\b"
                          r"(?!(?:\s+data)?\s+(?:was\s+|has\s+been\s+|is\s+)?added\b)", re.I)


def refuel_totals(results: list[tuple[str, float]]) -> tuple[set[int], int | None]:
    """(every amount, in hundredths of a GB, the refuels added or their results show as the line's total;
    the latest total) from (a refuel's result text, the amount it was asked to add)."""
    amounts: set[int] = set()
    latest: int | None = None
    for result, added in results:
        amounts.add(round(added * 100))
        try:
            shown = orjson.loads(result).get("new_data_refueling_gb") if result.lstrip().startswith("{") else None
        except orjson.JSONDecodeError:
            shown = None
        if isinstance(shown, (int, float)):
            latest = round(shown * 100)
            amounts.add(latest)
    return amounts, latest


def stale_refuel_amounts(text: str, results: list[tuple[str, float]]) -> list[tuple[str, str]]:
    """(the amount as written, the latest refuel total shown) for each amount of refuel data a text
    states that no refuel added and no refuel result shows."""
    amounts, latest = refuel_totals(results)
    if latest is None:
        return []
    return [(f"{m[1]} GB", f"{latest / 100:.1f} GB") for m in _REFUEL_SAID.finditer(text)
            if round(float(m[1]) * 100) not in amounts]
