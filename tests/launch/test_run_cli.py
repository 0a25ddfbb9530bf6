"""``t2g run`` end to end as a subprocess on a real local Ray cluster, and resume after a driver kill.

The uninterrupted smoke run (the session's ``smoke_run`` fixture) is the reference the killed and
resumed run must reproduce: same certified ids per round, same inventories,
same selected set, same learner checkpoint step and losses.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
import yaml

from trajectory2gym.codecs import iter_msgpack

REPO = Path(__file__).resolve().parents[2]
SMOKE = "configs/smoke.yaml"
TIMEOUT = 600


def t2g(*args: str, root: Path, **popen: object) -> subprocess.Popen:
    env = dict(os.environ, OMP_NUM_THREADS="1", WANDB_MODE="offline", PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "trajectory2gym.cli", *args],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True, **popen,
    )


def finish(proc: subprocess.Popen) -> str:
    out, _ = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 0, out[-4000:]
    return out


def run_dir_of(root: Path) -> Path:
    dirs = [p for p in root.iterdir() if p.is_dir()]
    assert len(dirs) == 1, dirs
    return dirs[0]


def load(path: Path) -> object:
    return orjson.loads(path.read_bytes())


def round_ids(run: Path, r: int) -> list[str]:
    return [rec["id"] for _, rec in iter_msgpack(run / "rounds" / f"r{r:03d}" / "certified")]


def test_smoke_run(smoke_run: tuple[Path, str]) -> None:
    run, out = smoke_run
    state = load(run / "state.json")
    assert state["completed_rounds"] == 2 and state["stopped"] in ("round_budget", "no_deficits")
    assert state["stages_done"] == ["select", "train", "report"]
    planned = [load(run / "rounds" / f"r{r:03d}" / "planned.json") for r in range(2)]
    for r in range(2):
        ids = round_ids(run, r)
        assert len(ids) == len(set(ids)) == len(planned[r])  # every planned task exactly once
        assert sorted(ids) == sorted(p["id"] for p in planned[r])
        assert (run / "inventory" / f"round-{r:03d}.json").exists()
    # Round 1 was steered by the selector's targets.
    assert any(p["target"] is not None for p in planned[1])
    metrics = [orjson.loads(x) for x in (run / "metrics.jsonl").read_bytes().splitlines()]
    assert [m.get("round", m.get("stage")) for m in metrics] == [0, 1, "select", "train"]
    assert all(0 < m["eligible_share"] <= 1 and m["paths_covered"] > 0 for m in metrics[:2])
    selected = [orjson.loads(x) for x in (run / "selected.jsonl").read_bytes().splitlines()]
    all_ids = set(round_ids(run, 0)) | set(round_ids(run, 1))
    assert 0 < len(selected) <= 64 and {s["id"] for s in selected} <= all_ids
    train = load(run / "learner" / "train.json")
    assert train["steps"] == 4 and len(train["losses"]) == 4 and train["world_size"] == 2
    assert train["checkpoint"].endswith("step-00000004") and Path(train["checkpoint"]).is_dir()
    for name in ("report.md", "report.html", "report_figures/rounds.png", "report_figures/learner_loss.png"):
        assert (run / "report" / name).stat().st_size > 0
    assert list((run / "wandb").glob("offline-run-*")), "W&B offline run missing"
    assert "round 1:" in out and "trained steps 0..4; checkpoint" in out
    # Ray is shut down before the driver's summary: no worker log line comes after it.
    assert out.rstrip().splitlines()[-3:] == [
        "done: 2 rounds (stopped: round_budget), "
        f"{len(selected)} selected, learner at step 4",
        f"report: {run / 'report' / 'report.md'}, {run / 'report' / 'report.html'}",
        str(run),
    ]
    assert "ray: started a local cluster at 127.0.0.1:" in out  # loopback only
    # Restartable EnvWorkers get plain constructor arguments (certifiers by name), so Ray has none
    # to keep in its object store for a restart, and says nothing of it (ray-project/ray#53727).
    assert "constructor arguments in the object store" not in out
    # Output to a log (not a terminal): paths stay whole on one line, the rounds table keeps its headers.
    assert f"checkpoint {train['checkpoint']}\n" in out
    assert "┃ round ┃ interactions ┃ eligible ┃" in out


@pytest.mark.slow
def test_resume_after_driver_kill_matches_uninterrupted(smoke_run: tuple[Path, str], tmp_path: Path) -> None:
    ref, _ = smoke_run
    proc = t2g("run", SMOKE, f"run.root={tmp_path}", root=tmp_path)
    deadline = time.monotonic() + TIMEOUT
    state_at_kill = None
    while time.monotonic() < deadline and proc.poll() is None:
        runs = [p for p in tmp_path.iterdir() if p.is_dir()]
        if runs and (runs[0] / "state.json").exists():
            state = load(runs[0] / "state.json")
            if state["completed_rounds"] >= 1:
                os.killpg(proc.pid, signal.SIGKILL)  # the driver and everything it started
                state_at_kill = state
                break
        time.sleep(0.02)
    proc.communicate(timeout=60)
    assert state_at_kill is not None, "run ended before a round was checkpointed"
    assert state_at_kill["completed_rounds"] == 1, "kill landed after round 1; the test needs slower rounds"
    run = run_dir_of(tmp_path)
    out = finish(t2g("run", "--resume", str(run), root=tmp_path))
    assert "resuming" in out and ": 1 round done" in out
    for r in range(2):
        assert sorted(round_ids(run, r)) == sorted(round_ids(ref, r))
        assert load(run / "inventory" / f"round-{r:03d}.json") == load(ref / "inventory" / f"round-{r:03d}.json")
    assert (run / "selected.jsonl").read_bytes() == (ref / "selected.jsonl").read_bytes()
    got, want = load(run / "learner" / "train.json"), load(ref / "learner" / "train.json")
    assert got["steps"] == want["steps"] and Path(got["checkpoint"]).name == Path(want["checkpoint"]).name
    assert got["selected_identity"] == want["selected_identity"]
    assert got["losses"] == pytest.approx(want["losses"], rel=1e-6)
    assert load(run / "state.json")["stages_done"] == ["select", "train", "report"]


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    proc = t2g("run", SMOKE, "envs.mars.workers=1", f"run.root={tmp_path}", root=tmp_path)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 2 and "unknown domains ['mars']" in out and "Traceback" not in out
    proc = t2g("run", "--resume", str(tmp_path / "nothing"), root=tmp_path)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 2 and "not a run directory" in out
    assert not list(tmp_path.iterdir())


def test_config_problems_fail_before_a_run_directory_exists(tmp_path: Path) -> None:
    root = tmp_path / "runs"
    minimal = tmp_path / "minimal.yaml"
    minimal.write_text("run:\n  rounds: 1\n")
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    cases = [
        ((str(minimal),), "learner: no model to train"),
        ((str(empty),), "the config is empty"),
        # The README's example without its ray.num_cpus=3: fails at once, not after wait_ready's timeout.
        ((SMOKE, "envs.retail.workers=2", "run.rounds=3", "wandb.mode=disabled"),
         "the rounds need 3 CPUs: 3 for EnvWorkers (envs.retail.workers=2 + envs.airline.workers=1, "
         "workers.num_cpus=1), but ray.num_cpus=2: raise ray.num_cpus"),
    ]
    for args, needle in cases:
        proc = t2g("run", *args, f"run.root={root}", root=root)
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 2 and needle in " ".join(out.split()), out
        assert "Traceback" not in out and "run directory" not in out
        assert not root.exists()


EXTEND = ("run.rounds=3", "learner.enabled=false", "report.plots=false")


@pytest.fixture(scope="module")
def extended_run(smoke_run: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A copy of the finished smoke run, resumed with a third round and no training."""
    ref, _ = smoke_run
    assert load(ref / "state.json")["stopped"] == "round_budget"
    root = tmp_path_factory.mktemp("extended")
    run = root / ref.name
    shutil.copytree(ref, run)
    return run, finish(t2g("run", "--resume", str(run), *EXTEND, root=root))


def test_extending_a_finished_run(smoke_run: tuple[Path, str], extended_run: tuple[Path, str]) -> None:
    ref, _ = smoke_run
    run, out = extended_run
    assert ": 2 rounds done; extending to 3 rounds, then select, report on all of them" in out
    state = load(run / "state.json")
    assert state["completed_rounds"] == 3 and state["stopped"] == "round_budget"
    assert state["stages_done"] == ["select", "report"] and "train" not in state["stage_metrics"]
    planned = load(run / "rounds" / "r002" / "planned.json")
    assert sorted(round_ids(run, 2)) == sorted(p["id"] for p in planned) and planned
    for r in range(2):  # the first two rounds are the reference's, untouched
        assert round_ids(run, r) == round_ids(ref, r)
    assert not (run / "learner").exists()  # trained on the 2-round selection: removed, not retrained
    config = yaml.safe_load((run / "config.yaml").read_text())
    assert config["run"]["rounds"] == 3 and config["learner"]["enabled"] is False
    metrics = [orjson.loads(x) for x in (run / "metrics.jsonl").read_bytes().splitlines()]
    assert [m.get("round", m.get("stage")) for m in metrics] == [0, 1, 2, "select"]
    selected = {orjson.loads(x)["id"] for x in (run / "selected.jsonl").read_bytes().splitlines()}
    assert selected <= set(round_ids(run, 0)) | set(round_ids(run, 1)) | set(round_ids(run, 2))
    assert out.rstrip().splitlines()[-3].startswith("done: 3 rounds (stopped: round_budget)")


@pytest.mark.slow
def test_extended_run_matches_one_started_with_that_budget(extended_run: tuple[Path, str], tmp_path: Path) -> None:
    run, _ = extended_run
    fresh = finish(t2g("run", SMOKE, f"run.root={tmp_path}", *EXTEND, root=tmp_path))
    ref = run_dir_of(tmp_path)
    assert fresh.rstrip().splitlines()[-1] == str(ref)
    for r in range(3):
        assert sorted(round_ids(run, r)) == sorted(round_ids(ref, r))
        assert load(run / "inventory" / f"round-{r:03d}.json") == load(ref / "inventory" / f"round-{r:03d}.json")
    assert (run / "selected.jsonl").read_bytes() == (ref / "selected.jsonl").read_bytes()
