from __future__ import annotations

import orjson
import pytest

from trajectory2gym.cli import main
from trajectory2gym.codecs import read_interactions


def test_synthesize_writes_interactions_and_scores(tmp_path, capsys):
    out, rep = tmp_path / "out.jsonl", tmp_path / "report.json"
    code = main(["synthesize", "--domain", "retail", "--family", "all", "--n", "4", "--seed", "3",
                 "--imperfection", "repeated_call=1", "-o", str(out), "--report", str(rep)])
    assert code == 0
    inters = list(read_interactions(out))
    assert len(inters) == 12
    assert {i.metadata["family"] for i in inters} == {"information", "recovery", "state"}
    for inter in inters:
        assert inter.metadata["intended_path"] and inter.private["plan"]
        assert inter.metadata["teacher"]["imperfection_rates"]["repeated_call"] == 1.0
    report = orjson.loads(rep.read_bytes())
    assert report["generated"] == {"information": 4, "recovery": 4, "state": 4}
    assert report["labels"]["repeated_call"]["labelled"] == 12
    err = capsys.readouterr().err
    assert "realization rate" in err and "repeated_call" in err


def test_bad_options_are_clear_errors(tmp_path, capsys):
    out = str(tmp_path / "x.jsonl")
    assert main(["synthesize", "--domain", "airline", "--imperfection", "typo=0.5", "-o", out]) == 2
    assert "--imperfection 'typo=0.5'" in capsys.readouterr().err
    assert main(["synthesize", "--domain", "airline", "--teacher", "openai", "-o", out]) == 2
    assert "--model is required" in capsys.readouterr().err


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit):
        main(["synthesize", "--help"])
    text = capsys.readouterr().out
    for opt in ("--family", "--teacher", "--imperfections", "--base-url", "realization rate"):
        assert opt in text
