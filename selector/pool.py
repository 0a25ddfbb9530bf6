"""Candidates indexed as integers, and the mutable selection state the stages share.

Every candidate gets a path index, a task index, its atom indices and a
grounding rank (0 = best grounded: highest reward, then largest share of
supervised decisions, then most supervised decisions, then id). The rank breaks
every tie, so selection never depends on input order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.selector.inventory import Inventory
from trajectory2gym.selector.paths import PathFacts, path_facts


@dataclass
class Skipped:
    id: str
    reason: str


@dataclass
class Pool:
    ids: list[str]
    task_ids: list[str | None]
    path: np.ndarray  # int path index per candidate
    task: np.ndarray  # int task index per candidate (task-less records get a private one)
    atoms: list[tuple[int, ...]]  # atom indices per candidate
    rank: np.ndarray  # grounding rank per candidate, 0 = best
    path_keys: list[str]
    path_descriptors: list[tuple[str, ...]]
    atom_names: list[str]
    task_names: list[str | None]  # None for private (task-less) tasks
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.ids)

    def by_path(self) -> list[list[int]]:
        """Candidates of each path, best grounded first."""
        out: list[list[int]] = [[] for _ in self.path_keys]
        for c in np.argsort(self.rank, kind="stable").tolist():
            out[int(self.path[c])].append(c)
        return out


def grounding_key(cert: CertifiedInteraction) -> tuple[float, float, int, str]:
    n = len(cert.decisions)
    eligible = sum(1 for d in cert.decisions if d.eligible)
    reward = cert.reward if cert.reward is not None else 0.0
    return (-reward, -(eligible / n if n else 0.0), -eligible, cert.id)


def build_pool(
    candidates: list[CertifiedInteraction],
    facts: list[PathFacts] | None = None,
    exclude: set[str] | frozenset[str] = frozenset(),
) -> Pool:
    """Index candidates; those without supervised decisions, with a repeated id, or in
    ``exclude`` (selected in an earlier round) are skipped."""
    if facts is None:
        facts = [path_facts(c) for c in candidates]
    seen: set[str] = set()
    keep: list[int] = []
    skipped: list[Skipped] = []
    for i, (cert, f) in enumerate(zip(candidates, facts, strict=True)):
        if cert.id in exclude:
            skipped.append(Skipped(cert.id, "already selected in an earlier round (prior)"))
        elif cert.id in seen:
            skipped.append(Skipped(cert.id, "duplicate id (first occurrence kept)"))
        elif not f.descriptors:
            skipped.append(Skipped(cert.id, "no supervised (eligible) decision"))
        else:
            seen.add(cert.id)
            keep.append(i)
    path_index: dict[str, int] = {}
    path_descriptors: list[tuple[str, ...]] = []
    atom_index: dict[str, int] = {}
    task_index: dict[str, int] = {}
    task_names: list[str | None] = []
    paths, tasks, atom_lists, keys = [], [], [], []
    for i in keep:
        cert, f = candidates[i], facts[i]
        p = path_index.get(f.key)
        if p is None:
            p = path_index[f.key] = len(path_descriptors)
            path_descriptors.append(f.descriptors)
        paths.append(p)
        if cert.task_id is None:
            tasks.append(len(task_names))
            task_names.append(None)
        else:
            t = task_index.get(cert.task_id)
            if t is None:
                t = task_index[cert.task_id] = len(task_names)
                task_names.append(cert.task_id)
            tasks.append(t)
        atom_lists.append(
            tuple(sorted(atom_index.setdefault(a, len(atom_index)) for a in f.atoms))
        )
        keys.append(grounding_key(cert))
    order = sorted(range(len(keep)), key=keys.__getitem__)
    rank = np.empty(len(keep), dtype=np.int64)
    rank[order] = np.arange(len(keep))
    return Pool(
        ids=[candidates[i].id for i in keep],
        task_ids=[candidates[i].task_id for i in keep],
        path=np.asarray(paths, dtype=np.int64),
        task=np.asarray(tasks, dtype=np.int64),
        atoms=atom_lists,
        rank=rank,
        path_keys=list(path_index),
        path_descriptors=path_descriptors,
        atom_names=list(atom_index),
        task_names=task_names,
        skipped=skipped,
    )


class State:
    """What has been selected so far, with the counts the gains read."""

    def __init__(
        self, pool: Pool, budget: int, cap: int, depth: int | None, prior: Inventory | None = None
    ):
        self.pool = pool
        self.budget = budget
        self.cap = cap
        self.depth = depth
        self.selected: list[int] = []
        self.stages: list[str] = []
        self.taken = bytearray(pool.size)
        self.path_count = [0] * len(pool.path_keys)
        self.task_count = [0] * len(pool.task_names)
        self.atom_covered = bytearray(len(pool.atom_names))
        if prior is not None:
            for p, key in enumerate(pool.path_keys):
                self.path_count[p] = prior.n(key)
            for a, name in enumerate(pool.atom_names):
                self.atom_covered[a] = prior.atom_n(name) > 0
            for t, name in enumerate(pool.task_names):
                if name is not None:
                    self.task_count[t] = prior.task_total(name)
        # Local copies of the pool arrays as lists: scalar indexing is faster on lists.
        self.path = pool.path.tolist()
        self.task = pool.task.tolist()
        self.rank = pool.rank.tolist()

    def full(self) -> bool:
        return len(self.selected) >= self.budget

    def available(self, c: int) -> bool:
        return not self.taken[c] and self.task_count[self.task[c]] < self.cap

    def new_atoms(self, c: int) -> int:
        covered = self.atom_covered
        return sum(1 for a in self.pool.atoms[c] if not covered[a])

    def take(self, c: int, stage: str) -> None:
        self.taken[c] = 1
        self.selected.append(c)
        self.stages.append(stage)
        self.path_count[self.path[c]] += 1
        self.task_count[self.task[c]] += 1
        for a in self.pool.atoms[c]:
            self.atom_covered[a] = 1
