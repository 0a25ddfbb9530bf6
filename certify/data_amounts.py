"""Amounts of data (in hundredths of a GB) the observations show, and the ones a text claims.

An amount of data a text states of a line's usage or a plan's allowance ("you have 5.7 GB left",
"the Everyday plan includes 10 GB") is grounded by amounts of data only: a field whose name ends
in ``_gb`` ("data_limit_gb": 20.0) or a number written with its unit ("added 3.0 GB"). Any visible
number would otherwise do: a goodwill credit of 10.0 made "10 GB" visible, and money amounts made
a wrong remainder a "difference" of two of them.
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.agreement import stated_amounts
from trajectory2gym.certify.books import ObservationBook, json_objects
from trajectory2gym.certify.measures import unit_of
from trajectory2gym.certify.normalize import to_cents


class DataAmountBook(ObservationBook):
    """The amounts of data the JSON observations show: their ``_gb`` fields (not a price per GB)
    and the numbers their strings write with a unit of data ("added 3.0 GB of data")."""

    needles: tuple[str, ...] = ("gb",)

    def __init__(self) -> None:
        self.amounts: set[int] = set()

    def take(self, value: Any) -> None:
        for obj in json_objects(value):
            for key, v in obj.items():
                if isinstance(v, (int, float)) and unit_of(key) == "gb" and (c := to_cents(v)) is not None:
                    self.amounts.add(c)
                elif isinstance(v, str) and "gb" in v:
                    self.amounts |= stated_amounts(v, data=True)


def derivable(cents: int, shown: set[int]) -> bool:
    """Whether an amount of data is one shown, or the sum or difference of two (a limit less the
    use, a remainder plus a refuel); not one doubled."""
    return cents in shown or any(a - cents in shown or cents - a in shown and cents != 2 * a for a in shown)


# A whole number of GB a sentence claims of a plan or a line: "includes 10 GB", "your 30 GB";
# not an offer ("I can add 2 GB", "3 GB would cost $6.00", "How many GB?"), whose amount is the
# user's to take.
WHOLE_GB = re.compile(r"(?<![\d.$,])(\d+)\s*(?:gb|gigs?|gigabytes?)\b", re.I)
ANY_GB = re.compile(r"(?<![\d.$,])(\d+(?:\.\d+)?)\s*(?:gb|gigs?|gigabytes?)\b", re.I)  # whole or not: "17.1 GB"
CLAIMS_DATA = re.compile(r"\b(?:includ(?:es?|ing)|comes with|allowance|limit|of your|of data|used|left|remaining|"
                         r"available|to use|per month|a month|monthly|plan's)\b", re.I)
OFFERS_DATA = re.compile(r"\?|\b(?:add|adding|added|refuel\w*|top(?:ping)? up|buy\w*|purchas\w*|extra|more|another|"
                         r"would|could|can|option\w*|example|need|want|like|each|if|switch\w*|change|upgrad\w*)\b",
                         re.I)
