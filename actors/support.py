"""The central support state of a run: the inventory, its deficits and the next targets (pure, no Ray).

The selector actor hosts one ``SupportTracker``. Certified records arrive as
they are certified; every record with at least one supervised decision counts
as support for its canonical path and atoms. Between rounds the tracker hands
out the under-supported targets; at the end it runs the selection over every
certified record of the run.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.codecs import iter_msgpack_located
from trajectory2gym.selector.inventory import Inventory
from trajectory2gym.validation import RecordError


def _target_dict(target: Any) -> dict[str, Any]:
    if hasattr(target, "model_dump"):
        return target.model_dump(mode="json")
    if hasattr(target, "__dataclass_fields__"):
        from dataclasses import asdict

        return asdict(target)
    return dict(target)


def read_certified(dirs: Iterable[str | Path]) -> tuple[list[CertifiedInteraction], list[str]]:
    """Every certified record in these shard directories, sorted by id; and the problems met."""
    certs: list[CertifiedInteraction] = []
    problems: list[str] = []
    for d in dirs:
        if not Path(d).exists():
            problems.append(f"{d}: missing")
            continue
        for shard, number, raw in iter_msgpack_located(d):
            if isinstance(raw, RecordError):
                problems.append(f"{shard} record {number}: {raw.message}")
                continue
            try:
                certs.append(CertifiedInteraction.model_validate(raw))
            except ValueError as exc:
                problems.append(f"{shard} record {number}: {exc}")
    certs.sort(key=lambda c: c.id)
    return certs, problems


GROUPINGS: tuple[str, ...] = ("task", "template", "family")


def selection_group(cert: CertifiedInteraction, group_by: str) -> str | None:
    """The unit the selector's per-task core coverage and cap K apply to.

    Generated tasks are all distinct, so with ``task`` the core stage (one
    interaction per task) would spend the whole budget before path coverage
    starts; ``template`` / ``family`` group generated tasks by what produced
    them (records without that origin keep their task id).
    """
    if group_by not in GROUPINGS:
        raise ValueError(f"group_by must be one of {GROUPINGS}, got {group_by!r}")
    if group_by == "task":
        return cert.task_id
    value = (cert.metadata.get("origin") or {}).get(group_by)
    return f"{cert.domain}/{group_by}:{value}" if value else cert.task_id


def select_grouped(certs: list[CertifiedInteraction], config: Any, group_by: str) -> dict[str, Any]:
    """Run the selection with ``selection_group`` as the task key; the result names real task ids
    again, with the group next to them."""
    from trajectory2gym.selector.select import select

    grouped = [c.model_copy(update={"task_id": selection_group(c, group_by)}) for c in certs]
    result = select(grouped, config).model_dump(mode="json")
    by_id = {c.id: c for c in certs}
    for s in result["selected"]:
        s["group"] = s["task_id"]
        s["task_id"] = by_id[s["id"]].task_id
    result["group_by"] = group_by
    return result


class SupportTracker:
    def __init__(self, depth: int, inventory: dict[str, Any] | None = None) -> None:
        self.depth = depth
        self.inventory = Inventory.from_dict(inventory) if inventory else Inventory()
        self.added = 0

    def add(self, record: dict[str, Any] | CertifiedInteraction) -> bool:
        cert = record if isinstance(record, CertifiedInteraction) else CertifiedInteraction.model_validate(record)
        if not any(d.eligible for d in cert.decisions):
            return False  # no supervised decision: no path to support
        self.inventory.add(cert)
        self.added += 1
        return True

    def summary(self) -> dict[str, Any]:
        deficits = self.inventory.deficits(self.depth)
        return {
            "inventory_interactions": self.inventory.interactions,
            "paths_known": len(self.inventory.descriptors),
            "paths_covered": self.inventory.covered(),
            "paths_at_depth": sum(1 for n in self.inventory.path_support.values() if n >= self.depth),
            "deficit_paths": len(deficits),
            "deficit_total": sum(deficits.values()),
            "atoms_known": len(self.inventory.known_atoms),
        }

    def targets(self, limit: int) -> list[dict[str, Any]]:
        from trajectory2gym.selector.targets import under_supported_targets

        if limit <= 0:
            return []
        return [_target_dict(t) for t in under_supported_targets(self.inventory, self.depth, limit)]

    def to_dict(self) -> dict[str, Any]:
        return self.inventory.to_dict()
