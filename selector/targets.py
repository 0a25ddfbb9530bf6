"""Under-supported paths and atoms: what the generator should synthesize next in online rounds."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from trajectory2gym.selector.inventory import Inventory

Family = Literal["discover", "recover", "complete"]
FAMILY_ORDER: dict[str, int] = {"discover": 0, "recover": 1, "complete": 2}


class Target(BaseModel):
    """One thing to synthesize: a path (with its descriptors) or a single atom."""

    kind: Literal["path", "atom"]
    key: str  # path key, or the atom itself
    descriptors: list[str]  # the path's descriptors (empty for an atom)
    support: int
    deficit: int
    family: Family  # discover: no support yet; recover: needs error recovery; complete: top up to depth


def _family(support: int, recovery: bool) -> Family:
    if support == 0:
        return "discover"
    return "recover" if recovery else "complete"


def under_supported_targets(inventory: Inventory, depth: int, limit: int) -> list[Target]:
    """Up to ``limit`` targets: largest deficit first, then discover < recover < complete, paths before atoms.

    Paths come from the inventory's known paths (added or observed). Atoms below
    depth other than whole descriptors (transitions, count and horizon buckets,
    the recovery indicator) are listed as well: they name the structural feature
    a new interaction must carry, whatever its exact path.
    """
    if limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    out: list[Target] = []
    for key, deficit in inventory.deficits(depth).items():
        support = inventory.n(key)
        out.append(
            Target(
                kind="path",
                key=key,
                descriptors=list(inventory.descriptors[key]),
                support=support,
                deficit=deficit,
                family=_family(support, key in inventory.recovery),
            )
        )
    for atom, deficit in inventory.atom_deficits(depth).items():
        if atom.startswith("desc:"):
            continue  # descriptors already travel inside the path targets
        support = inventory.atom_n(atom)
        out.append(
            Target(
                kind="atom",
                key=atom,
                descriptors=[],
                support=support,
                deficit=deficit,
                family=_family(support, atom == "recovery:yes"),
            )
        )
    out.sort(key=lambda t: (-t.deficit, FAMILY_ORDER[t.family], t.kind != "path", t.key))
    return out[:limit]
