"""``t2g report`` on a run directory built from real stage outputs, on broken and empty ones,
and rendered in headless Chromium."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

from trajectory2gym.launch.eval.cli import main
from trajectory2gym.launch.report_html import collect, write_report
from trajectory2gym.launch.report_html.collect import SECTION_TITLES

IMG = re.compile(r'<img class="figure" id="fig-([a-z_]+)" alt="[a-z_]+" src="data:image/png;base64,([A-Za-z0-9+/=]+)">')


def section_html(doc: str, name: str) -> str:
    start = doc.index(f'<section id="{name}">')
    return doc[start : doc.index("</section>", start)]


def test_report_of_a_real_run(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    run, info = fixture_run
    out = tmp_path / "report.html"
    path, status = write_report(run, out)
    doc = path.read_text()
    # Every section is there; the fixture has no learner history, and that section says so.
    for name in SECTION_TITLES:
        assert f'<section id="{name}">' in doc
    assert {k for k, v in status.items() if v.startswith("ok")} == set(SECTION_TITLES) - {"learner"}
    assert "No data:" in section_html(doc, "learner")
    for name in set(SECTION_TITLES) - {"learner"}:
        assert "No data:" not in section_html(doc, name)
    figures = dict(IMG.findall(doc))
    assert set(figures) == {"rounds", "certification_checks", "certification_reasons", "coverage",
                            "support_histogram", "deficits_per_round", "families", "evaluation_pass_k"}
    import base64

    for name, data in figures.items():
        png = base64.b64decode(data)
        assert png.startswith(b"\x89PNG") and (out.parent / "report_figures" / f"{name}.png").read_bytes() == png

    data = collect(run)
    cert = data.sections["certification"].data
    assert cert["overall"]["interactions"] == info["certified"]
    assert sorted(cert["rounds"]) == [0, 1]
    cov = data.sections["coverage"].data
    selection = json.loads((run / "selection.json").read_text())
    assert cov["coverage"]["structural"][-1] == [selection["budget"], selection["paths_covered"]]
    assert cov["run_selection"]["selected"] == len(selection["selected"])
    fams = data.sections["families"].data["families"]
    assert set(fams) == {"information", "recovery", "state"}
    assert sum(f["interactions"] for f in fams.values()) == info["interactions"]
    rounds = data.sections["deficits"].data["rounds"]
    inventory = json.loads((run / "inventory" / "round-001.json").read_text())
    assert rounds[-1]["paths_known"] == len(inventory["paths"])
    assert rounds[-1]["paths_below_depth"] == sum(1 for k in inventory["paths"]
                                                  if inventory["path_support"].get(k, 0) < 2)
    evaluation = json.loads((run / "eval" / "retail-heldout" / "eval.json").read_text())
    assert data.sections["evaluation"].data["results"]["eval/retail-heldout"]["pass_k"] == evaluation["pass_k"]


def test_learner_history_of_the_driver(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(fixture_run[0], run)
    history = [{"loss": 4.0 - 0.5 * i, "lr": 1e-3, "tokens_per_s": 100.0} for i in range(5)]
    (run / "learner").mkdir()
    (run / "learner" / "train.json").write_text(json.dumps({"steps": 8, "start_step": 3, "history": history,
                                                            "losses": [h["loss"] for h in history]}))
    (run / "learner" / "checkpoints" / "step-00000008").mkdir(parents=True)
    path, status = write_report(run)
    assert path == run / "report" / "report.html"
    assert status["learner"] == "ok (1 figure(s))"
    curve = collect(run).sections["learner"].data["curves"]["learner/train.json"]
    assert [p["step"] for p in curve] == [4, 5, 6, 7, 8]
    assert curve[-1]["loss"] == 2.0
    html = section_html(path.read_text(), "learner")
    assert 'id="fig-learner_loss"' in html and "step-00000008" in html


def test_empty_run_dir_says_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "config.yaml").write_text("run: {name: empty}\n")  # what `t2g run` writes first
    assert main(["report", str(tmp_path)]) == 0
    doc = (tmp_path / "report" / "report.html").read_text()
    assert doc.count('<p class="missing">No data:') == len(SECTION_TITLES) - 1  # all but the run's config
    assert 'class="missing"' not in section_html(doc, "run")
    assert "<img" not in doc
    assert main(["report", str(tmp_path / "absent")]) == 2


def test_not_a_run_dir_and_missing_eval_are_errors(
    fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "not-a-run"
    other.mkdir()
    assert main(["report", str(other)]) == 2
    assert "not a run directory" in capsys.readouterr().err
    assert not list(other.iterdir())  # nothing written
    run = tmp_path / "run"
    shutil.copytree(fixture_run[0], run)
    shutil.rmtree(run / "report", ignore_errors=True)
    assert main(["report", str(run), "--eval", str(tmp_path / "nonexist")]) == 2
    assert f"--eval {tmp_path / 'nonexist'}: no such file or directory" in " ".join(capsys.readouterr().err.split())
    assert main(["report", str(run), "--eval", str(other)]) == 2
    assert "no eval.json" in capsys.readouterr().err
    assert not (run / "report").exists()


def test_broken_sources_spoil_only_their_sections(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    run = tmp_path / "run"
    shutil.copytree(fixture_run[0], run)
    shard = sorted((run / "rounds" / "r001" / "interactions").glob("*.msgpack"))[-1]
    shard.write_bytes(shard.read_bytes()[:-40])  # a truncated last record
    (run / "inventory" / "round-001.json").write_text("{not json")
    (run / "eval" / "retail-heldout" / "eval.json").write_text('{"unrelated": 1}')
    (run / "metrics.jsonl").write_text('{"round": 0}\n{oops\n')
    path, status = write_report(run)
    doc = path.read_text()
    assert status["deficits"].startswith("missing (could not read") and "round-001.json" in status["deficits"]
    assert status["evaluation"].startswith("missing") and "not a t2g eval summary" in section_html(doc, "evaluation")
    assert status["certification"].startswith("ok") and status["families"].startswith("ok")
    # The truncated record and the bad metrics line are listed; the other interactions still count.
    skipped = section_html(doc, "skipped")
    assert "truncated" in skipped and "metrics.jsonl" in skipped
    # ... and counted in the status the command prints, not only inside the HTML.
    assert status["skipped records"].startswith("2, listed in the report")
    fams = collect(run).sections["families"].data["families"]
    assert sum(f["interactions"] for f in fams.values()) == fixture_run[1]["interactions"] - 1


def _palette_pixels(png: Path) -> tuple[int, int]:
    """(pixels close to matplotlib's C0 blue or C1 orange, distinct colours) of a screenshot."""
    import numpy as np
    from PIL import Image

    rgb = np.asarray(Image.open(png).convert("RGB")).astype(int)
    near = np.zeros(rgb.shape[:2], dtype=bool)
    for color in ((31, 119, 180), (255, 127, 14)):
        near |= np.abs(rgb - np.array(color)).sum(axis=2) < 30
    packed = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    return int(near.sum()), len(np.unique(packed))


def _screenshot(html: Path, png: Path, profile: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    assert chromium
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", "--hide-scrollbars", "--window-size=1200,7000",
           f"--screenshot={png}", html.as_uri()]
    # Output to a file, not a pipe: Chromium's helper processes can outlive it and hold a pipe open.
    # Its own process group is ended afterwards so no helper is left behind.
    with open(png.with_suffix(".log"), "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            assert proc.wait(timeout=180) == 0, png.with_suffix(".log").read_text()[-2000:]
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.skipif(not any(shutil.which(c) for c in ("chromium", "chromium-browser", "google-chrome")),
                    reason="headless Chromium is not installed (apt-get install chromium)")
def test_renders_in_headless_chromium(fixture_run: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    html, _ = write_report(fixture_run[0], tmp_path / "report.html")
    shot = tmp_path / "shot.png"
    _screenshot(html, shot, tmp_path / "profile")
    assert shot.stat().st_size > 10_000
    figure_pixels, colours = _palette_pixels(shot)
    # The same page without its figures: what is left of the palette is not the figures.
    bare = tmp_path / "bare.html"
    bare.write_text(IMG.sub("", html.read_text()))
    bare_shot = tmp_path / "bare.png"
    _screenshot(bare, bare_shot, tmp_path / "profile")
    bare_pixels, bare_colours = _palette_pixels(bare_shot)
    assert colours > 50 and bare_colours >= 2  # a page, not a blank canvas
    assert figure_pixels > 20_000 and bare_pixels < figure_pixels // 20


def test_recomputed_selection_groups_tasks_as_the_run_did() -> None:
    """The report's selection figures, recomputed from certified records, use the run's
    selector.group_by: with templates grouping the tasks they equal the run's own selection."""
    from trajectory2gym.actors.support import select_grouped
    from trajectory2gym.launch.report_html.collect import compute_figures
    from trajectory2gym.selector.select import SelectConfig
    from trajectory2gym.selector.synthetic import synthetic_pool

    pool = synthetic_pool(300, 20, n_tasks=60, seed=2)
    certs = [c.model_copy(update={"metadata": {"origin": {"template": f"tmpl{k % 4}"}}}) for k, c in enumerate(pool)]
    select_cfg = {"budget": 30, "depth": 2, "cap": 4, "strategy": "structural", "seed": 0}
    run = select_grouped(certs, SelectConfig.model_validate(select_cfg), "template")
    figs = compute_figures(certs, {"selector": {"group_by": "template", "select": select_cfg}})
    assert figs["summary"]["structural"]["objective"] == run["objective"]
    assert "grouped by template" in figs["_source"]
    by_task = compute_figures(certs, {"selector": {"group_by": "task", "select": select_cfg}})
    assert by_task["summary"]["structural"]["objective"] != run["objective"]  # the grouping matters here
