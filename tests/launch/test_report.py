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
    assert [f.name for f in files] == ["report.md"]
    md = files[0].read_text()
    assert "stopped: no_deficits" in md and "interactions certified: 22" in md
    assert "| 1 | 12 | 0 | 1 | 0.900 | 0.750 | 7 | 0 | 0 | 1.500 |" in md  # the rounds table
    assert "selected 5 of 22 candidates" in md and "core 3, deficit 2" in md
    assert "first 2.5000, last 1.5000" in md
    assert "[report.html](report.html)" in md


def test_html_report_has_the_rounds(tmp_path: Path) -> None:
    from trajectory2gym.launch.report_html import write_report as write_html_report

    run = RunDir.create(tmp_path, "rounds")
    run.save_state(RunState(completed_rounds=2, round_metrics=[_round(0, 10, 4, 3), _round(1, 12, 7, 0)]))
    path, status = write_html_report(run.path)
    assert path == run.report_dir / "report.html"
    assert status["rounds"] == "ok (1 figure(s))"
    doc = path.read_text()
    rounds = doc[doc.index('<section id="rounds">'):]
    rounds = rounds[:rounds.index("</section>")]
    assert 'id="fig-rounds"' in rounds and '<td class="num">12</td>' in rounds and "deficit total" in rounds


def test_report_of_a_run_without_stages(tmp_path: Path) -> None:
    run = RunDir.create(tmp_path, "empty")
    files = write_report(run)
    assert [f.name for f in files] == ["report.md"]
    assert "rounds completed: 0" in files[0].read_text()
