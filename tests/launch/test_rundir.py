"""Run directory: atomic checkpoints, committing rounds, dropping what a crash left behind."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from trajectory2gym.launch.rundir import RunDir, RunState, atomic_write_json


def test_create_unique_and_state_roundtrip(tmp_path: Path) -> None:
    a = RunDir.create(tmp_path, "smoke")
    b = RunDir.create(tmp_path, "smoke")
    assert a.path != b.path and a.path.parent == tmp_path
    assert a.load_state() == RunState()
    state = RunState(completed_rounds=2, stopped="round_budget", round_metrics=[{"round": 0}, {"round": 1}])
    a.save_state(state)
    again = a.load_state()
    assert again.completed_rounds == 2 and again.round_metrics == state.round_metrics
    assert not list(a.path.glob(".state.json.tmp*"))
    a.state_path.write_text('{"format": "something-else"}')
    with pytest.raises(ValueError, match="checkpoint"):
        a.load_state()
    a.state_path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        a.load_state()


def test_commit_and_discard(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path, "r")
    for r in range(3):
        run.partial_round_dir(r).mkdir(parents=True)
        (run.partial_round_dir(r) / "planned.json").write_text("[]")
        if r < 2:
            run.commit_round(r)
            atomic_write_json(run.inventory_path(r), {"round": r})
    assert run.round_dir(0).exists() and run.round_dir(1).exists() and run.partial_round_dir(2).exists()
    # A crash after round 1 was renamed but before the checkpoint said so: keep only round 0.
    removed = run.discard_uncommitted(1)
    assert run.round_dir(0).exists() and not run.round_dir(1).exists()
    assert not run.partial_round_dir(2).exists()
    assert run.inventory_path(0).exists() and not run.inventory_path(1).exists()
    assert len(removed) == 3


def test_metrics_rewrite(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path, "m")
    for r in range(3):
        run.append_metrics({"round": r})
    run.rewrite_metrics([{"round": 0}])
    lines = [orjson.loads(x) for x in run.metrics_path.read_bytes().splitlines()]
    assert lines == [{"round": 0}]
