"""Support inventory: how many interactions back each canonical path and atom.

Support n(p) is counted overall, per task and per domain. Paths can also be
*observed* without support (seen in a candidate pool or requested from the
generator but not selected); they then show a full deficit. The inventory is
plain data and round-trips through JSON for checkpoints.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.selector.paths import PathFacts, path_facts

NO_TASK = ""  # task/domain bucket for records without one
FORMAT = "t2g-inventory/1"


class Inventory:
    def __init__(self) -> None:
        self.descriptors: dict[str, tuple[str, ...]] = {}  # path key -> descriptors
        self.recovery: set[str] = set()  # keys of paths with an error-flagged descriptor
        self.path_support: Counter[str] = Counter()
        self.atom_support: Counter[str] = Counter()
        self.known_atoms: set[str] = set()
        self.task_paths: dict[str, Counter[str]] = {}
        self.domain_paths: dict[str, Counter[str]] = {}
        self.domain_atoms: dict[str, Counter[str]] = {}
        self.interactions = 0
        self.ids: set[str] = set()  # interactions counted, so later rounds do not select them twice

    # ------------------------------------------------------------------ updating

    def observe_facts(self, facts: PathFacts) -> None:
        """Know a path and its atoms without counting support."""
        self.descriptors.setdefault(facts.key, facts.descriptors)
        if facts.recovery:
            self.recovery.add(facts.key)
        self.known_atoms.update(facts.atoms)

    def add_facts(
        self, facts: PathFacts, task_id: str | None, domain: str | None, record_id: str | None = None
    ) -> None:
        self.observe_facts(facts)
        if record_id is not None:
            self.ids.add(record_id)
        self.interactions += 1
        self.path_support[facts.key] += 1
        self.atom_support.update(facts.atoms)
        self.task_paths.setdefault(task_id or NO_TASK, Counter())[facts.key] += 1
        self.domain_paths.setdefault(domain or NO_TASK, Counter())[facts.key] += 1
        self.domain_atoms.setdefault(domain or NO_TASK, Counter()).update(facts.atoms)

    def add(self, cert: CertifiedInteraction) -> PathFacts:
        """Count one selected interaction as support for its path and atoms."""
        facts = path_facts(cert)
        self.add_facts(facts, cert.task_id, cert.domain, cert.id)
        return facts

    def observe(self, cert: CertifiedInteraction) -> PathFacts:
        """Know a path and its atoms without counting support (zero until added)."""
        facts = path_facts(cert)
        self.observe_facts(facts)
        return facts

    # ------------------------------------------------------------------ reading

    def n(self, path_key: str) -> int:
        return self.path_support.get(path_key, 0)

    def atom_n(self, atom: str) -> int:
        return self.atom_support.get(atom, 0)

    def task_support(self, task_id: str | None) -> dict[str, int]:
        return dict(self.task_paths.get(task_id or NO_TASK, {}))

    def task_total(self, task_id: str | None) -> int:
        return sum(self.task_paths.get(task_id or NO_TASK, Counter()).values())

    def domain_support(self, domain: str | None) -> dict[str, int]:
        return dict(self.domain_paths.get(domain or NO_TASK, {}))

    def domain_atom_support(self, domain: str | None) -> dict[str, int]:
        return dict(self.domain_atoms.get(domain or NO_TASK, {}))

    @property
    def paths(self) -> list[str]:
        return sorted(self.descriptors)

    def covered(self) -> int:
        return sum(1 for n in self.path_support.values() if n > 0)

    def deficits(self, depth: int) -> dict[str, int]:
        """Known paths whose support is below ``depth``: key -> depth - n(p)."""
        if depth < 1:
            raise ValueError(f"depth must be >= 1, got {depth}")
        out = {k: depth - self.n(k) for k in sorted(self.descriptors)}
        return {k: v for k, v in out.items() if v > 0}

    def atom_deficits(self, depth: int) -> dict[str, int]:
        if depth < 1:
            raise ValueError(f"depth must be >= 1, got {depth}")
        out = {a: depth - self.atom_n(a) for a in sorted(self.known_atoms)}
        return {a: v for a, v in out.items() if v > 0}

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "interactions": self.interactions,
            "ids": sorted(self.ids),
            "paths": {k: list(v) for k, v in sorted(self.descriptors.items())},
            "recovery": sorted(self.recovery),
            "path_support": dict(sorted(self.path_support.items())),
            "atom_support": dict(sorted(self.atom_support.items())),
            "known_atoms": sorted(self.known_atoms),
            "task_paths": {t: dict(sorted(c.items())) for t, c in sorted(self.task_paths.items())},
            "domain_paths": {d: dict(sorted(c.items())) for d, c in sorted(self.domain_paths.items())},
            "domain_atoms": {d: dict(sorted(c.items())) for d, c in sorted(self.domain_atoms.items())},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Inventory:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            got = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"inventory: expected format {FORMAT!r}, got {got!r}")
        inv = cls()
        try:
            inv.interactions = int(data["interactions"])
            inv.ids = set(data["ids"])
            inv.descriptors = {k: tuple(v) for k, v in data["paths"].items()}
            inv.recovery = set(data["recovery"])
            inv.path_support = Counter({k: int(v) for k, v in data["path_support"].items()})
            inv.atom_support = Counter({k: int(v) for k, v in data["atom_support"].items()})
            inv.known_atoms = set(data["known_atoms"])
            inv.task_paths = {t: Counter(c) for t, c in data["task_paths"].items()}
            inv.domain_paths = {d: Counter(c) for d, c in data["domain_paths"].items()}
            inv.domain_atoms = {d: Counter(c) for d, c in data["domain_atoms"].items()}
        except KeyError as exc:
            raise ValueError(f"inventory: missing field {exc.args[0]!r}") from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"inventory: malformed field: {exc}") from None
        unknown = set(inv.path_support) - set(inv.descriptors)
        if unknown:
            raise ValueError(f"inventory: path_support names unknown paths, e.g. {sorted(unknown)[0]!r}")
        return inv

    @classmethod
    def from_certs(cls, certs: list[CertifiedInteraction]) -> Inventory:
        inv = cls()
        for c in certs:
            inv.add(c)
        return inv

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Inventory) and self.to_dict() == other.to_dict()
