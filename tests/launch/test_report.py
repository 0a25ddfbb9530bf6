"""The end-of-run report from a run directory's files."""

from __future__ import annotations

from pathlib import Path

from trajectory2gym.launch.report import write_report
from trajectory2gym.launch.rundir import RunDir, RunState, atomic_write_json


def _round(r: int, n: int, covered: int, deficits: int) -> dict:
    return {"round": r, "interactions": n, "failed": 0, "retries": r, "eligible_share": 0.9, "mean_reward": 0.75,
            "paths_covered": covered, "deficit_paths": deficits, "deficit_total": deficits * 2, "seconds": 1.5}


def test_report_sections_and_plots(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path, "rep")
    run.save_state(RunState(completed_rounds=2, stopped="no_deficits",
                            round_metrics=[_round(0, 10, 4, 3), _round(1, 12, 7, 0)]))
    atomic_write_json(run.selection_path, {
        "strategy": "structural", "budget": 5, "depth": 2, "cap": 3, "selected": [{"id": "a"}] * 5,
        "candidates": 22, "paths_covered": 6, "paths_in_pool": 7, "objective": 9,
        "stage_counts": {"core": 3, "deficit": 2}, "deficits": [{}], "stop_reason": "budget",
        "coverage_curve": [1, 2, 4, 5, 6],
    })
    atomic_write_json(run.learner_dir / "train.json", {"steps": 3, "start_step": 0, "losses": [2.5, 2.0, 1.5],
                                                       "checkpoint": "ckpt/step-00000003"})
    files = write_report(run)
    names = [f.name for f in files]
    assert names == ["report.md", "report.html", "rounds.png", "coverage.png", "loss.png"]
    for f in files[2:]:
        assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and f.stat().st_size > 5000
    md = files[0].read_text()
    assert "stopped: no_deficits" in md and "interactions certified: 22" in md
    assert "selected 5 of 22 candidates" in md and "core 3, deficit 2" in md
    assert "first 2.5000, last 1.5000" in md
    html = files[1].read_text()
    assert html.count("<img") == 3 and "<table>" in html and "<td>12</td>" in html


def test_report_of_a_run_without_stages(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path, "empty")
    files = write_report(run, plots=False)
    assert [f.name for f in files] == ["report.md", "report.html"]
    assert "rounds completed: 0" in files[0].read_text()
