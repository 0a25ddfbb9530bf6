"""The capped support objective F_d(S) = sum_p min(n_S(p), d).

Each path counts up to depth d; depth ``None`` means no cap (F reduces to |S|).
F_d is monotone and submodular: adding an interaction gains 1 while its path
is below d and 0 after, and that gain can only shrink as S grows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable


def capped_objective(paths: Iterable[Hashable], depth: int | None) -> int:
    """F_d of a multiset of path keys (one per selected interaction)."""
    counts = Counter(paths)
    if depth is None:
        return sum(counts.values())
    return sum(min(n, depth) for n in counts.values())


def capped_gain(support: int, depth: int | None) -> int:
    """Marginal gain of one more interaction on a path that has ``support`` already."""
    return 1 if depth is None or support < depth else 0


def total_deficit(counts: Iterable[int], depth: int) -> int:
    """sum_p max(0, d - n(p)) over the given path supports."""
    return sum(max(0, depth - n) for n in counts)
