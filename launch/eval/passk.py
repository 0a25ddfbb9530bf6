"""pass^k: the chance that k independent trials of a task all succeed.

For a task run n times with c successes, the unbiased estimate is
C(c, k) / C(n, k) (tau-bench); a domain's pass^k is its mean over tasks.
Only k <= n is defined, and every task of a domain must have the same n for
the average to mean one thing, so mixed trial counts are an error.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from math import comb

# An episode counts as a success when its reward reaches this (rewards are 0/1
# in tau-bench; float noise must not turn a 1 into a failure).
SUCCESS_THRESHOLD = 1.0 - 1e-6


def pass_hat_k(c: int, n: int, k: int) -> float:
    """C(c, k) / C(n, k) for one task: n trials, c successes."""
    if n <= 0:
        raise ValueError(f"pass^k: n must be positive, got n={n}")
    if not 0 <= c <= n:
        raise ValueError(f"pass^k: successes c={c} must lie in 0..n={n}")
    if not 1 <= k <= n:
        raise ValueError(f"pass^k: k={k} must lie in 1..n={n}")
    return comb(c, k) / comb(n, k)


def is_success(reward: float | None) -> bool:
    return reward is not None and reward >= SUCCESS_THRESHOLD


def pass_k_curve(counts: Mapping[str, tuple[int, int]], max_k: int | None = None) -> dict[int, float]:
    """pass^k for k = 1..max_k averaged over tasks; ``counts`` maps task id -> (c, n)."""
    if not counts:
        return {}
    trials = {n for _, n in counts.values()}
    if len(trials) != 1:
        detail = ", ".join(f"{tid}: n={n}" for tid, (_, n) in sorted(counts.items())[:5])
        raise ValueError(f"pass^k needs the same number of trials for every task, got {sorted(trials)} ({detail})")
    n = trials.pop()
    max_k = n if max_k is None else min(max_k, n)
    return {
        k: sum(pass_hat_k(c, n, k) for c, n in counts.values()) / len(counts)
        for k in range(1, max_k + 1)
    }


def success_counts(outcomes: Iterable[tuple[str, str, float | None]]) -> dict[str, dict[str, tuple[int, int]]]:
    """(domain, task id, reward) per episode -> {domain: {task id: (successes, trials)}}."""
    acc: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for domain, task_id, reward in outcomes:
        cell = acc[domain][task_id]
        cell[0] += int(is_success(reward))
        cell[1] += 1
    return {d: {t: (c, n) for t, (c, n) in tasks.items()} for d, tasks in acc.items()}


def pass_k_by_domain(
    outcomes: Iterable[tuple[str, str, float | None]], max_k: int | None = None
) -> dict[str, dict[int, float]]:
    """pass^k curves per domain from per-episode outcomes."""
    return {d: pass_k_curve(c, max_k) for d, c in sorted(success_counts(outcomes).items())}
