"""Seeded generator of retail and airline databases in tau-bench's layout.

``generate_db(domain, seed, size)`` builds a realistic, made-up database
(deterministic for a seed); ``write_db`` stores it as tau-bench's JSON files;
``check_invariants`` lists consistency violations of any such database.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from trajectory2gym.envs.dbgen.airline import generate_airline
from trajectory2gym.envs.dbgen.common import SIZES, user_count
from trajectory2gym.envs.dbgen.invariants import check_invariants
from trajectory2gym.envs.dbgen.retail import generate_retail
from trajectory2gym.envs.dbgen.telecom import generate_telecom

GENERATORS = {"retail": generate_retail, "airline": generate_airline, "telecom": generate_telecom}
KINDS: dict[str, tuple[str, ...]] = {"retail": ("users", "orders", "products"),
                                     "airline": ("users", "reservations", "flights"),
                                     "telecom": ("customers", "lines", "devices", "plans", "bills", "phone")}

__all__ = ["KINDS", "SIZES", "check_invariants", "generate_db", "write_db"]


def generate_db(domain: str, seed: int = 0, size: str | int = "small") -> dict[str, Any]:
    """A fresh database for ``domain`` ("retail", "airline" or "telecom").

    ``size``: "small" (100 users / customers), "medium" (500), "large" (2000) or a count.
    The same (domain, seed, size) always gives the same database.
    """
    if domain not in GENERATORS:
        raise ValueError(f"unknown domain {domain!r}: expected one of {sorted(GENERATORS)}")
    user_count(size)  # validate before drawing anything
    # A string seed is hashed deterministically by random.Random (not by hash()).
    rng = random.Random(f"trajectory2gym-dbgen:{domain}:{seed}")
    return GENERATORS[domain](rng, size)


def write_db(db: dict[str, Any], out_dir: str | Path) -> None:
    """Write one JSON file per kind (``users.json``, ``orders.json``, ...) into ``out_dir``.

    A telecom database (it has the ``phone`` kind) is written in tau2's layout instead:
    ``db.json`` (lists per kind) and ``user_db.json`` (the phone's device and surroundings).
    """
    out = Path(out_dir)
    kinds = [k for k in db if isinstance(db[k], dict)]
    if not kinds:
        raise ValueError("write_db: db holds no kinds (expected e.g. users/orders/products)")
    out.mkdir(parents=True, exist_ok=True)
    if "phone" in db:
        tau2 = {k: list(db[k].values()) for k in KINDS["telecom"] if k != "phone" and k in db}
        (out / "db.json").write_text(json.dumps(tau2, indent=2), encoding="utf-8")
        (out / "user_db.json").write_text(json.dumps(db["phone"], indent=2), encoding="utf-8")
        return
    for kind in kinds:
        with open(out / f"{kind}.json", "w", encoding="utf-8") as fh:
            json.dump(db[kind], fh, indent=4)
