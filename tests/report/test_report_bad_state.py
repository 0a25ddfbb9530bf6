"""``t2g report`` on run directories whose JSON files hold values of the wrong type: each bad value
is named by file and field path, left out, and every other section still renders; the command
still writes the report and exits 0, as it does for missing files."""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from trajectory2gym.launch.report_html.collect import SECTION_TITLES


def _edit(path: Path, change: Callable[[Any], Any]) -> None:
    """Rewrite the JSON file with ``change(data)``, or data changed in place when it returns None."""
    data = json.loads(path.read_text())
    new = change(data)
    path.write_text(json.dumps(data if new is None else new))


def _copy(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> Path:
    run = tmp_path / "run"
    shutil.copytree(fixture_run[0], run)
    shutil.rmtree(run / "report", ignore_errors=True)
    return run


def t2g_report(run: Path) -> tuple[dict[str, str], str, str]:
    """(status per section, console output, the report's text as a reader sees it)."""
    proc = subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "report", str(run)], capture_output=True,
                          text=True, timeout=600, env={**os.environ, "OMP_NUM_THREADS": "1"})
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "Traceback" not in out
    status = {}
    for line in out.splitlines():
        if line.startswith("  "):
            name, _, text = line.strip().partition(": ")
            status[name] = text
    return status, out, html.unescape((run / "report" / "report.html").read_text())


def section(doc: str, name: str) -> str:
    start = doc.index(f'<section id="{name}">')
    return doc[start : doc.index("</section>", start)]


def assert_others_render(status: dict[str, str], doc: str, spoiled: set[str]) -> None:
    """The sections not named in ``spoiled`` render as on the intact fixture (no learner history there)."""
    for name in set(SECTION_TITLES) - spoiled - {"learner"}:
        assert status[name].startswith("ok") and "left out" not in status[name], (name, status[name])
        assert "No data:" not in section(doc, name) and "Left out:" not in section(doc, name)


def test_bad_round_values_are_named_and_the_other_rounds_kept(
    fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    run = _copy(fixture_run, tmp_path)

    def spoil(state: dict[str, Any]) -> None:
        state["round_metrics"][0]["interactions"] = None
        state["round_metrics"][1]["eligible_share"] = "abc"
        state["round_metrics"].append(7)

    _edit(run / "state.json", spoil)
    status, out, doc = t2g_report(run)
    where = run / "state.json"
    for said in (f"{where}: round_metrics[0].interactions: expected an integer, got null",
                 f"{where}: round_metrics[1].eligible_share: expected a number, got 'abc'",
                 f"{where}: round_metrics[2]: expected an object, got 7"):
        assert said in out and f"Left out: {said}" in section(doc, "rounds")
    # Both rounds are still in the table and the figure; only the bad cells are empty.
    assert status["rounds"].startswith("ok (1 figure(s))")
    rounds = section(doc, "rounds")
    assert rounds.count("<tr>") == 3 and 'id="fig-rounds"' in rounds
    assert_others_render(status, doc, {"rounds"})


@pytest.mark.parametrize(
    ("change", "spoiled", "said", "missing"),
    [
        (lambda s: s.update(round_metrics="abc"), "rounds", "round_metrics: expected a list, got 'abc'",
         "no readable round in state.json"),
        (lambda s: s["round_metrics"][1].__delitem__("round"), "rounds", "round_metrics[1].round: missing", None),
        (lambda s: s.update(stages_done="select", completed_rounds="two"), "run",
         "stages_done: expected a list, got 'select'", None),
        (lambda s: [1, 2], "run", "expected an object, got [1, 2]", None),
    ],
    ids=["rounds-a-string", "round-without-number", "run-fields", "state-a-list"],
)
def test_state_of_the_wrong_shape(
    fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path, change: Callable[[Any], Any], spoiled: str,
    said: str, missing: str | None,
) -> None:
    run = _copy(fixture_run, tmp_path)
    _edit(run / "state.json", change)
    status, out, doc = t2g_report(run)
    said = f"{run / 'state.json'}: {said}"
    assert said in status[spoiled] and f"Left out: {said}" in section(doc, spoiled)
    if missing:
        assert status[spoiled].startswith(f"missing ({missing})")
        assert f"No data: {missing}" in section(doc, spoiled)
    # The run section still shows config.yaml; a state that is no object leaves no rounds.
    assert status["run"].startswith("ok") and "fixture" in section(doc, "run")
    others = {spoiled} | ({"rounds"} if spoiled == "run" and "object" in said else set())
    assert_others_render(status, doc, others)


def test_bad_selection_values_keep_the_coverage_sections(
    fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    run = _copy(fixture_run, tmp_path)
    _edit(run / "selection.json", lambda s: s.update(selected=5, budget="ten", stage_counts={"core": "x"}))
    status, out, doc = t2g_report(run)
    where = run / "selection.json"
    for said in (f"{where}: selected: expected a list, got 5", f"{where}: budget: expected an integer, got 'ten'",
                 f"{where}: stage_counts.core: expected an integer, got 'x'"):
        assert said in out and f"Left out: {said}" in section(doc, "coverage")
    # The run's own selection is still shown without the bad values; the figures are there.
    assert status["coverage"].startswith("ok (1 figure(s))") and status["support"] == "ok (1 figure(s))"
    coverage = section(doc, "coverage")
    assert "The run's own selection" in coverage and "<th>strategy</th><td>structural</td>" in coverage
    own = coverage.split("The run's own selection")[1]
    assert "<th>budget</th>" not in own and "<th>selected</th>" not in own
    assert_others_render(status, doc, {"coverage"})


def test_bad_eval_values_keep_the_rest_of_the_curve(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    run = _copy(fixture_run, tmp_path)
    path = run / "eval" / "retail-heldout" / "eval.json"

    def spoil(ev: dict[str, Any]) -> None:
        ev["pass_k"]["retail"]["1"] = "high"
        ev["pass_k"]["retail"]["x"] = 0.5
        ev["trials"] = "3"

    _edit(path, spoil)
    status, out, doc = t2g_report(run)
    for said in (f"{path}: pass_k.retail.1: expected a number, got 'high'",
                 f"{path}: pass_k.retail: key 'x': expected a whole number",
                 f"{path}: trials: expected an integer, got '3'"):
        assert said in out and f"Left out: {said}" in section(doc, "evaluation")
    assert status["evaluation"].startswith("ok (1 figure(s))")
    assert "<th>pass^2</th>" in section(doc, "evaluation") and "<th>pass^1</th>" not in section(doc, "evaluation")
    assert_others_render(status, doc, {"evaluation"})


def test_bad_inventory_and_learner_values(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    run = _copy(fixture_run, tmp_path)
    inventory = run / "inventory" / "round-001.json"
    first = sorted(json.loads(inventory.read_text())["path_support"])[0]
    _edit(inventory, lambda inv: inv["path_support"].update({first: "x"}))
    train = run / "learner" / "train.json"
    train.parent.mkdir()
    train.write_text(json.dumps({"steps": 3, "start_step": "zero", "losses": [2.0, 1.5, 1.0],
                                 "history": [{"loss": 2.0}, 3, {"loss": "1.5"}, {"loss": 1.0, "step": "three"}]}))
    status, out, doc = t2g_report(run)
    said = f"{inventory}: path_support.{first}: expected an integer, got 'x'"
    assert said in out and f"Left out: {said}" in section(doc, "deficits")
    assert status["deficits"].startswith("ok (1 figure(s))")
    assert section(doc, "deficits").count("<tr>") == 3  # both rounds
    for said in (f"{train}: start_step: expected an integer, got 'zero'",
                 f"{train}: history[1]: expected an object, got 3",
                 f"{train}: history[2].loss: expected a number, got '1.5'",
                 f"{train}: history[3].step: expected a number, got 'three'"):
        assert said in section(doc, "learner")
    # Three bad values on the console, the fourth in the report only.
    assert status["learner"].startswith("ok (1 figure(s)); left out: ")
    assert status["learner"].endswith("; and 1 more, listed in the report")
    assert "<td>learner/train.json</td><td class=\"num\">2</td>" in section(doc, "learner")
    assert_others_render(status, doc, {"deficits", "learner"})


def test_text_report_names_bad_values(tmp_path: Path) -> None:
    """report.md, which ``t2g run`` writes at the end (the driver needs Ray: called here directly)."""
    from trajectory2gym.launch.report import write_report
    from trajectory2gym.launch.rundir import RunDir

    run = RunDir.create(tmp_path, "bad")
    rounds = [{"round": 0, "interactions": 10, "paths_covered": 4}, {"round": 1, "interactions": "abc"}, "r2"]
    run.state_path.write_text(json.dumps({"format": "t2g-run-state/1", "completed_rounds": 2,
                                          "round_metrics": rounds}))
    run.selection_path.write_text(json.dumps({"strategy": "structural", "selected": 5, "budget": 3}))
    (run.learner_dir).mkdir()
    (run.learner_dir / "train.json").write_text("{not json")
    md = write_report(run)[0].read_text()
    assert "- interactions certified: 10" in md and "| 1 |  |" in md
    assert "- strategy structural, budget 3, depth ?, cap ?" in md and "- selected ? of ? candidates" in md
    for said in (f"{run.state_path}: round_metrics[1].interactions: expected an integer, got 'abc'",
                 f"{run.state_path}: round_metrics[2]: expected an object, got 'r2'",
                 f"{run.selection_path}: selected: expected a list, got 5",
                 f"{run.learner_dir / 'train.json'}: not valid JSON"):
        assert f"\n- {said}" in md.split("## Left out")[1]
