"""The four structural stages, with lazy greedy evaluation.

Each stage picks, at every step, the available candidate with the smallest
priority tuple (gain negated first, grounding rank last, so ties are broken the
same way on every run). Gains only shrink as the selection grows, so a stale
heap entry is an upper bound: pop, re-evaluate, and take it only if it is still
at least as good as its stored value (the classic lazy greedy). ``naive.py``
computes the same stages by re-evaluating every candidate at every step; the
tests check both choose the same sequence.
"""

from __future__ import annotations

import heapq

from trajectory2gym.selector.pool import State

CORE, EXEMPLAR, COVERAGE, DEFICIT, RANDOM = "core", "exemplar", "coverage", "deficit", "random"
STAGES: tuple[str, ...] = (CORE, EXEMPLAR, COVERAGE, DEFICIT)


def core_stage(state: State) -> None:
    """Cover every task once with its best-grounded available candidate.

    When the budget cannot cover every task, the order decides what a small
    budget buys: tasks whose best candidate adds an uncovered path come first,
    then those whose path is still below depth d (so a small budget still
    reduces F_d's deficits), then the most new atoms, then grounding rank (a
    lazy greedy over one candidate per task; every gain only shrinks as the
    selection grows).
    """
    pool = state.pool
    best: set[int] = set()
    seen: set[int] = set()
    for c in sorted(range(pool.size), key=state.rank.__getitem__):
        t = state.task[c]
        if pool.task_names[t] is not None and t not in seen and state.task_count[t] == 0 and state.available(c):
            seen.add(t)
            best.add(c)

    depth = state.depth

    def priority(state: State, c: int) -> tuple[int, int, int, int] | None:
        if c not in best or not state.available(c) or state.task_count[state.task[c]] > 0:
            return None
        support = state.path_count[state.path[c]]
        # A path already at depth d gains nothing in F_d: its tasks wait behind those below depth.
        at_depth = depth is not None and support >= depth
        return (int(support > 0), int(at_depth), -state.new_atoms(c), state.rank[c])

    _lazy(state, CORE, priority)


def exemplar_priority(state: State, c: int) -> tuple[int, int] | None:
    """One interaction per uncovered path; among them the most new atoms. None: never eligible again."""
    if not state.available(c) or state.path_count[state.path[c]] > 0:
        return None
    return (-state.new_atoms(c), state.rank[c])


def coverage_priority(state: State, c: int) -> tuple[int, int] | None:
    """Largest number of new atoms."""
    if not state.available(c):
        return None
    gain = state.new_atoms(c)
    return None if gain == 0 else (-gain, state.rank[c])


def _lazy(state: State, stage: str, priority) -> None:
    heap = []
    for c in range(state.pool.size):
        pr = priority(state, c)
        if pr is not None:
            heap.append((pr, c))
    heapq.heapify(heap)
    while heap and not state.full():
        stored, c = heapq.heappop(heap)
        current = priority(state, c)
        if current is None:
            continue  # ineligibility is permanent: taken, task capped, or no gain left
        if current == stored or not heap or current <= heap[0][0]:
            state.take(c, stage)
        else:
            heapq.heappush(heap, (current, c))


def exemplar_stage(state: State) -> None:
    _lazy(state, EXEMPLAR, exemplar_priority)


def coverage_stage(state: State) -> None:
    _lazy(state, COVERAGE, coverage_priority)


def deficit_stage(state: State) -> None:
    """Greedy on F_d(S) = sum_p min(n_S(p), d).

    Every eligible candidate gains exactly 1, so the greedy order is decided by
    the tie-break: the path with the lowest support first (levels 1..d in turn),
    then the best-grounded candidate. The heap holds paths, not candidates:
    an entry (support, best available rank, path) only gets worse over time,
    so it is lazily re-evaluated when popped.
    """
    depth = state.depth
    by_path = state.pool.by_path()
    pointer = [0] * len(by_path)

    def head(p: int) -> int | None:
        cands = by_path[p]
        i = pointer[p]
        while i < len(cands) and not state.available(cands[i]):
            i += 1  # taken or task capped: both permanent
        pointer[p] = i
        return cands[i] if i < len(cands) else None

    def entry(p: int) -> tuple[int, int, int] | None:
        if depth is not None and state.path_count[p] >= depth:
            return None
        c = head(p)
        return None if c is None else (state.path_count[p], state.rank[c], p)

    heap = [e for p in range(len(by_path)) if (e := entry(p)) is not None]
    heapq.heapify(heap)
    while heap and not state.full():
        stored = heapq.heappop(heap)
        current = entry(stored[2])
        if current is None:
            continue
        if current != stored and heap and current > heap[0]:
            heapq.heappush(heap, current)
            continue
        state.take(by_path[current[2]][pointer[current[2]]], DEFICIT)
        nxt = entry(current[2])
        if nxt is not None:
            heapq.heappush(heap, nxt)


def run_structural(state: State) -> None:
    core_stage(state)
    exemplar_stage(state)
    coverage_stage(state)
    deficit_stage(state)
