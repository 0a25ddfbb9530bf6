"""Acceptance: replaying gold actions reproduces tau-bench's gold final states exactly."""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
import pytest

from trajectory2gym.envs.db import load_tau_bench_db
from trajectory2gym.envs.env import ToolEnv
from trajectory2gym.envs.replay import load_tasks, replay_all
from trajectory2gym.envs.state import canonical

SPLITS = [("retail", "train"), ("retail", "dev"), ("airline", "dev")]


def tau_hashable(item: Any) -> Any:
    """tau-bench's ``to_hashable`` (dict keys sorted, lists as tuples), rewritten for the check."""
    if isinstance(item, dict):
        return tuple((k, tau_hashable(v)) for k, v in sorted(item.items()))
    if isinstance(item, list):
        return tuple(tau_hashable(v) for v in item)
    return item


def tau_hash(data: dict) -> str:
    return hashlib.sha256(str(tau_hashable(data)).encode()).hexdigest()


@pytest.fixture(scope="module")
def dbs(shared_data):
    return {d: load_tau_bench_db(d, shared_data / "tau" / d) for d in ("retail", "airline")}


@pytest.mark.parametrize(("domain", "split"), SPLITS)
def test_gold_replay_matches_gold_final_state(shared_data, dbs, domain, split):
    db = dbs[domain]
    before = canonical(db)
    tasks, problems = load_tasks(shared_data / "tau" / f"{domain}_{split}_tasks.json", domain)
    assert not problems
    gold = orjson.loads((shared_data / "tau" / f"{domain}_{split}_gold_final_state.json").read_bytes())
    ours = replay_all(ToolEnv(domain, db), tasks)["tasks"]
    assert len(ours) == len(gold["tasks"]) == gold["num_tasks"]
    for mine, ref in zip(ours, gold["tasks"], strict=True):
        assert mine["index"] == ref["index"]
        # Exact types too (canonical bytes tell 1 from 1.0).
        assert canonical(mine["changed_records"]) == canonical(ref["changed_records"]), mine["index"]
        assert mine["db_unchanged"] == ref["db_unchanged"], mine["index"]
        assert mine["action_errors"] == ref["action_errors"], mine["index"]
    assert canonical(db) == before, "replay mutated the shared base database"


@pytest.mark.parametrize(("domain", "split", "stride"), [("retail", "dev", 1), ("airline", "dev", 2),
                                                         ("retail", "train", 50)])
def test_final_state_hash_equals_tau_bench_hash(shared_data, dbs, domain, split, stride):
    """The whole final database hashes like tau-bench's own replay (type-exact)."""
    db = dbs[domain]
    gold = orjson.loads((shared_data / "tau" / f"{domain}_{split}_gold_final_state.json").read_bytes())
    assert tau_hash(db) == gold["initial_db_hash"]
    tasks, _ = load_tasks(shared_data / "tau" / f"{domain}_{split}_tasks.json", domain)
    env = ToolEnv(domain, db)
    for task, ref in list(zip(tasks, gold["tasks"], strict=True))[::stride]:
        env.reset(task)
        env.replay(task.gold_actions)
        assert tau_hash(env.state.materialize()) == ref["gold_final_db_hash"], ref["index"]
