"""A suspended line resumed while its bill is still overdue: the project's telecom policy says "A suspended
line is resumed only once its overdue bill is paid", and a resume_line call made while a bill shows
"Overdue" (newest record, and no payment of it by the user since) does what the policy forbids, whatever
the user said yes to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from trajectory2gym.certify.policy_times import rule_sentence

_RULE = re.compile(r"\bresum\w*\b[^.]{0,60}\b(?:overdue|unpaid|outstanding)\s+bills?\b[^.]{0,20}\bpaid\b"
                   r"|\b(?:overdue|unpaid|outstanding)\s+bills?\b[^.]{0,40}\bpaid\b[^.]{0,40}\bbefore\b[^.]{0,40}\bresum",
                   re.I)


@lru_cache(maxsize=64)  # a corpus repeats its few policies
def resume_after_payment_rule(policy: str) -> str:
    """The policy's sentence that resumes a suspended line only once its overdue bill is paid; "" where none."""
    return rule_sentence(policy, _RULE) if "esum" in policy else ""


def overdue_bill(bills: Iterable[str], status_of: Callable[[str], object], paid_since: Callable[[str], bool]) -> str:
    """The first bill whose newest record shows it "Overdue" and that the user has not paid since; ""
    where none."""
    for bill in bills:
        status = status_of(bill)
        if isinstance(status, str) and status.strip().lower() == "overdue" and not paid_since(bill):
            return bill
    return ""
