"""Acceptance: the report of the smoke run (``t2g run configs/smoke.yaml``) has every section."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from trajectory2gym.envs.db import default_db
from trajectory2gym.envs.generator import FAMILIES, TaskGenerator
from trajectory2gym.launch.eval.cli import main
from trajectory2gym.launch.report_html import collect, write_report
from trajectory2gym.launch.report_html.collect import SECTION_TITLES

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("trajectory2gym.launch.driver") is None, reason="no run driver")
def test_report_of_the_smoke_run(tmp_path: Path) -> None:
    env = dict(os.environ, OMP_NUM_THREADS="1", WANDB_MODE="offline", PYTHONUNBUFFERED="1")
    log = tmp_path / "run.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "trajectory2gym.cli", "run", "configs/smoke.yaml",
                                 f"run.root={tmp_path / 'runs'}"], cwd=REPO, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            assert proc.wait(timeout=1200) == 0, log.read_text()[-3000:]
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
    (run,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    # Held-out evaluation: the scripted policy on tasks generated from another seed.
    gen = TaskGenerator("retail", default_db("retail", seed=0))
    rng = random.Random("smoke-heldout")
    tasks = tmp_path / "heldout.jsonl"
    tasks.write_bytes(b"".join(orjson.dumps(gen.generate(f, rng, task_id=f"heldout-{f}").model_dump(mode="json"),
                                            option=orjson.OPT_APPEND_NEWLINE) for f in FAMILIES))
    assert main(["eval", "--tasks", str(tasks), "--policy", "scripted", "--trials", "2",
                 "-o", str(run / "eval" / "smoke-heldout")]) == 0

    path, status = write_report(run)
    assert list(status) == list(SECTION_TITLES)
    assert all(v.startswith("ok") for v in status.values()), status
    data = collect(run)
    assert data.sections["learner"].data["curves"]["learner/train.json"]
    assert data.sections["deficits"].data["rounds"][-1]["round"] == 1
    assert "No data:" not in path.read_text()
