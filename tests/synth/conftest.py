"""Shared fixtures: generated databases (small, seeded) and generators over them."""

from __future__ import annotations

import pytest

from trajectory2gym.envs.db import default_db
from trajectory2gym.envs.generator import TaskGenerator


@pytest.fixture(scope="session")
def dbs() -> dict[str, dict]:
    return {d: default_db(d, seed=0, size="small") for d in ("retail", "airline")}


@pytest.fixture(scope="session")
def generators(dbs) -> dict[str, TaskGenerator]:
    return {d: TaskGenerator(d, db) for d, db in dbs.items()}
