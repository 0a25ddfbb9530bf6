"""Round planning: which tasks a round runs, with stable ids and seeds (pure, no Ray).

Every planned task has an id that names its round, domain and slot
(``r001-retail-0003``). The executed interaction takes that id, so delivery is
exactly-once by construction: a retried task or a restarted worker produces a
record with the same id, which the certifier keeps once. Seeds derive from the
run seed and the id only, so a resumed run plans and plays the same tasks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict


class PlannedTask(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    round: int
    domain: str
    index: int
    family: str
    seed: int
    # A selector target (serialized): the path or atoms to realize, and its hint.
    target: dict[str, Any] | None = None
    hint: str = "discover"


def planned_id(round_: int, domain: str, index: int) -> str:
    return f"r{round_:03d}-{domain}-{index:04d}"


def derive_seed(run_seed: int, key: str) -> int:
    """A 31-bit seed from the run seed and a key, the same on every machine and Python."""
    digest = hashlib.blake2b(f"{run_seed}:{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFF_FFFF


# Selector target families (hints) -> the generator family that realizes them.
HINT_FAMILY: dict[str, str] = {"recover": "recovery", "complete": "state", "discover": "information"}


def plan_round(
    round_: int,
    run_seed: int,
    domains: Mapping[str, tuple[int, Sequence[str]]],
    targets: Sequence[Mapping[str, Any]] = (),
) -> list[PlannedTask]:
    """The tasks of one round.

    ``domains``: domain -> (tasks per round, families). ``targets``: selector
    targets as dicts (their ``family`` is the hint discover/recover/complete;
    an optional ``domain`` restricts them); they fill the first slots of their
    domain (every domain when they name none), the remaining slots discover by
    cycling through the domain's families.
    """
    plan: list[PlannedTask] = []
    for domain in sorted(domains):
        n, families = domains[domain]
        mine = [t for t in targets if t.get("domain") in (None, domain)]
        for i in range(n):
            pid = planned_id(round_, domain, i)
            target = dict(mine[i]) if i < len(mine) else None
            if target is not None:
                hint = str(target.get("family") or "discover")
                family = HINT_FAMILY.get(hint, hint)
                if family not in families:
                    family = families[(round_ + i) % len(families)]
            else:
                hint = "discover"
                family = families[(round_ + i) % len(families)]
            plan.append(
                PlannedTask(
                    id=pid,
                    round=round_,
                    domain=domain,
                    index=i,
                    family=family,
                    seed=derive_seed(run_seed, pid),
                    target=target,
                    hint=hint,
                )
            )
    return plan
