"""``ray start --head`` on 127.0.0.1, then ``t2g submit`` of the smoke config through the job API."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson
import pytest

from trajectory2gym.launch.submit import EXCLUDES, entrypoint, job_runtime_env

REPO = Path(__file__).resolve().parents[2]


def test_runtime_env_and_entrypoint() -> None:
    env = job_runtime_env(REPO)
    assert env["working_dir"] == str(REPO)
    assert ".git" in env["excludes"] and "runs" in env["excludes"] and EXCLUDES[0] == ".git"
    assert env["env_vars"]["OMP_NUM_THREADS"] == "1"
    assert entrypoint("configs/smoke.yaml", ["run.name=a b"]) == "t2g run configs/smoke.yaml 'run.name=a b'"


def test_unreachable_cluster_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    from trajectory2gym.cli import main

    address = f"http://127.0.0.1:{_free_port()}"  # nothing listens there
    assert main(["submit", "configs/smoke.yaml", "--address", address]) == 2
    err = capsys.readouterr().err
    assert " ".join(err.split()) == (
        f"error: cannot reach a Ray cluster at {address}: start one (ray start --head) or pass --address"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_head_node_on_loopback_runs_submitted_smoke_job(tmp_path: Path) -> None:
    bindir = str(Path(sys.executable).parent)
    env = dict(os.environ, RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", OMP_NUM_THREADS="1", WANDB_MODE="offline",
               PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    env.pop("RAY_ADDRESS", None)
    ray_bin = shutil.which("ray", path=env["PATH"])
    assert ray_bin, "ray CLI not found"
    dash = _free_port()
    # Unix socket paths must stay under 107 bytes: a short temp dir, not pytest's.
    ray_tmp = tempfile.mkdtemp(prefix="t2g-ray-", dir="/tmp")
    start = [ray_bin, "start", "--head", "--num-cpus=2", "--port", str(_free_port()),
             "--dashboard-host=127.0.0.1", f"--dashboard-port={dash}", "--include-dashboard=true",
             "--disable-usage-stats", f"--temp-dir={ray_tmp}"]
    # Its own session: every process of this head node shares the process group we stop below
    # (``ray stop`` would stop every Ray instance on the machine).
    proc = subprocess.Popen(start, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    pgid = proc.pid
    try:
        out, _ = proc.communicate(timeout=180)
        started = subprocess.CompletedProcess(start, proc.returncode, out, "")
        assert started.returncode == 0, started.stdout + started.stderr
        assert "127.0.0.1" in started.stdout + started.stderr
        root = tmp_path / "runs"
        cmd = [sys.executable, "-m", "trajectory2gym.cli", "submit", "configs/smoke.yaml", f"run.root={root}",
               "--address", f"http://127.0.0.1:{dash}", "--wait", "--timeout", "540"]
        job = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
        assert job.returncode == 0, (job.stdout + job.stderr)[-4000:]
        assert "SUCCEEDED" in job.stdout
        runs = list(root.iterdir())
        assert len(runs) == 1
        state = orjson.loads((runs[0] / "state.json").read_bytes())
        assert state["completed_rounds"] == 2 and state["stages_done"] == ["select", "train", "report"]
        assert (runs[0] / "report" / "report.html").exists()
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(pgid, sig)
            except ProcessLookupError:
                break
            time.sleep(3)
        shutil.rmtree(ray_tmp, ignore_errors=True)
