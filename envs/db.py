"""Loading domain databases: tau-bench's JSON files, or the seeded generator (the default)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import orjson

DB_KINDS: dict[str, tuple[str, ...]] = {
    "retail": ("orders", "products", "users"),
    "airline": ("flights", "reservations", "users"),
}


def db_kinds(domain: str) -> tuple[str, ...]:
    if domain in DB_KINDS:
        return DB_KINDS[domain]
    from trajectory2gym.envs.registry import get_domain

    return get_domain(domain).kinds


def load_tau_bench_db(domain: str, path: str | Path) -> dict[str, Any]:
    """``{kind: {record_id: record}}`` from ``<path>/<kind>.json`` (tau-bench's data layout)."""
    root = Path(path)
    if not root.is_dir():
        raise FileNotFoundError(f"{root}: database directory not found")
    db: dict[str, Any] = {}
    for kind in db_kinds(domain):
        file = root / f"{kind}.json"
        if not file.exists():
            raise FileNotFoundError(f"{file}: missing (a {domain} database needs {', '.join(db_kinds(domain))})")
        try:
            data = orjson.loads(file.read_bytes())
        except orjson.JSONDecodeError as exc:
            raise ValueError(f"{file}: not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise ValueError(f"{file}: expected a JSON object keyed by id, got {type(data).__name__}")
        db[kind] = data
    return db


def default_db(domain: str, seed: int = 0, size: str = "small") -> dict[str, Any]:
    """The embedded default: a database built by the seeded generator (no third-party data)."""
    dbgen = importlib.import_module("trajectory2gym.envs.dbgen")
    return dbgen.generate_db(domain, seed=seed, size=size)


def write_tau_bench_db(db: dict[str, Any], path: str | Path) -> list[Path]:
    """Write ``<path>/<kind>.json`` files (indented, like tau-bench's)."""
    root = Path(path)
    root.mkdir(parents=True, exist_ok=True)
    out = []
    for kind, records in db.items():
        file = root / f"{kind}.json"
        file.write_bytes(orjson.dumps(records, option=orjson.OPT_INDENT_2))
        out.append(file)
    return out
