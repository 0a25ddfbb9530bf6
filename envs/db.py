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


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def domain_db_dir(domain: str, path: str | Path) -> Path:
    """The folder holding ``domain``'s files: ``<path>/<domain>/`` when ``path`` is a data root
    with one folder per domain (tau-bench's ``data/tau``), else ``path`` itself."""
    root = Path(path)
    sub = root / domain
    return sub if sub.is_dir() else root


def load_tau_bench_db(domain: str, path: str | Path) -> dict[str, Any]:
    """``{kind: {record_id: record}}`` from ``<path>/<kind>.json`` (tau-bench's data layout);
    ``path`` may also be the data root holding ``<domain>/``."""
    given = Path(path)
    if not given.is_dir():
        raise FileNotFoundError(f"{given}: database directory not found")
    root = domain_db_dir(domain, given)
    kinds = db_kinds(domain)
    db: dict[str, Any] = {}
    for kind in kinds:
        file = root / f"{kind}.json"
        if not file.exists():
            raise FileNotFoundError(
                f"{file}: missing ({_article(domain)} {domain} database needs {', '.join(kinds)} as "
                f"<kind>.json in DIR or DIR/{domain}/)"
            )
        try:
            data = orjson.loads(file.read_bytes())
        except orjson.JSONDecodeError as exc:
            raise ValueError(f"{file}: not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise ValueError(f"{file}: expected a JSON object keyed by id, got {type(data).__name__}")
        db[kind] = data
    return db


def load_db_dir(domain: str, path: str | Path) -> dict[str, Any]:
    """A domain's database from a directory, for every ``--db``: the data root (one folder per
    domain) or the domain's folder; telecom reads tau2's layout, the others tau-bench's."""
    if domain == "telecom":
        from trajectory2gym.envs.telecom.data import load_tau2_db

        return load_tau2_db(path)
    return load_tau_bench_db(domain, path)


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
