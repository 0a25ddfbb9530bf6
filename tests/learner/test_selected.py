"""Reading the selector's JSONL: weights, identity, bad lines reported."""

from __future__ import annotations

from pathlib import Path

from trajectory2gym.learner.selected import as_selected, read_selected


def test_read_selected(tmp_path: Path) -> None:
    p = tmp_path / "sel.jsonl"
    p.write_text('{"id": "a", "stage": "core", "path_key": "k1"}\n'
                 '{"id": "b", "stage": "deficit", "path_key": "k2", "weight": 2.5}\n'
                 "not json\n"
                 '{"stage": "core"}\n'
                 '{"id": "c", "weight": -1}\n'
                 '{"id": "a", "stage": "core"}\n')
    sel = read_selected(p)
    assert sel.weights == {"a": 1.0, "b": 2.5}
    assert len(sel.problems) == 4
    assert any("line 4" in m and "field id" in m for m in sel.problems)
    assert any("id=c" in m and "weight" in m for m in sel.problems)
    same = as_selected({"b": 2.5, "a": 1.0})
    assert same is not None and same.identity == sel.identity
    other = as_selected(["a", "b"])
    assert other is not None and other.identity != sel.identity
