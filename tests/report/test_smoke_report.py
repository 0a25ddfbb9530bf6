"""Acceptance: the report of the smoke run (``t2g run configs/smoke.yaml``) has every section."""

from __future__ import annotations

import importlib.util
import random
import shutil
from pathlib import Path

import orjson
import pytest

from trajectory2gym.envs.db import default_db
from trajectory2gym.envs.generator import FAMILIES, TaskGenerator
from trajectory2gym.launch.eval.cli import main
from trajectory2gym.launch.report_html import collect, write_report
from trajectory2gym.launch.report_html.collect import SECTION_TITLES


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("trajectory2gym.launch.driver") is None, reason="no run driver")
def test_report_of_the_smoke_run(smoke_run: tuple[Path, str], tmp_path: Path) -> None:
    # The session's smoke run, copied: this test adds an evaluation to it, the others read it as it is.
    run = tmp_path / smoke_run[0].name
    shutil.copytree(smoke_run[0], run, symlinks=True)
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
