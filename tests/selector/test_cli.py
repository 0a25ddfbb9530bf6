"""`t2g select` end to end on a generated certified file with bad lines."""

from __future__ import annotations

import orjson
import pytest

from trajectory2gym.cli import main
from trajectory2gym.selector.inventory import Inventory
from trajectory2gym.selector.synthetic import synthetic_pool


@pytest.fixture(scope="module")
def certified(tmp_path_factory):
    path = tmp_path_factory.mktemp("sel") / "certified.jsonl"
    pool = synthetic_pool(600, 150, seed=4)
    with open(path, "wb") as fh:
        for i, c in enumerate(pool):
            fh.write(orjson.dumps(c.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE))
            if i == 2:
                fh.write(b'{"id": "broken", "decisions": [{"kind": "call"}], "summary": {}}\n')  # line 4
                fh.write(b"{not json\n")  # line 5
    return path, pool


def test_select_writes_ids_report_and_comparison(certified, tmp_path, capsys):
    path, pool = certified
    out, report, inv = tmp_path / "selected.jsonl", tmp_path / "report", tmp_path / "inv.json"
    rc = main(
        [
            "select", str(path), "--budget", "250", "--depth", "3", "--cap", "6", "--seed", "1",
            "-o", str(out), "--report", str(report), "--inventory", str(inv),
        ]
    )
    assert rc == 0
    captured = capsys.readouterr()
    assert "line 4" in captured.err and "id=broken" in captured.err and "decisions[0].message_index" in captured.err
    assert "line 5" in captured.err
    rows = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    assert 0 < len(rows) <= 250 and set(rows[0]) == {"id", "stage", "path_key", "task_id"}
    ids = {c.id for c in pool}
    assert all(r["id"] in ids for r in rows)
    summary = orjson.loads((report / "summary.json").read_bytes())
    extra = summary["extra_paths_structural"]
    assert extra > 0
    assert f"structural covered {extra} more paths than random" in captured.out
    assert summary["read"]["bad_records"] == 2
    figures = orjson.loads((report / "figures.json").read_bytes())
    assert figures["coverage"]["structural"][-1][1] == summary["structural"]["paths_covered"]
    assert [r["depth"] for r in figures["deficits_per_depth"]["random"]][:3] == [1, 2, 3]
    for png in ("coverage.png", "support_histogram.png", "deficits_per_depth.png"):
        assert (report / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    inventory = Inventory.from_dict(orjson.loads(inv.read_bytes()))
    assert inventory.interactions == len(rows)
    assert len(inventory.descriptors) == summary["paths_in_pool"]

    # A second round with the inventory as prior only adds what is still missing.
    out2 = tmp_path / "round2.jsonl"
    rc = main(["select", str(path), "-B", "50", "-d", "3", "-K", "6", "-o", str(out2), "--prior", str(inv)])
    assert rc == 0
    again = [orjson.loads(line) for line in out2.read_bytes().splitlines()]
    assert not any(r["stage"] == "core" for r in again)
    assert not {r["id"] for r in again} & {r["id"] for r in rows}  # nothing selected twice


def test_random_strategy_output(certified, tmp_path):
    path, _ = certified
    out = tmp_path / "random.jsonl"
    assert main(["select", str(path), "--budget", "40", "--strategy", "random", "-o", str(out)]) == 0
    rows = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    assert len(rows) == 40 and {r["stage"] for r in rows} == {"random"}


def test_bad_arguments_and_empty_input(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["select", "x.jsonl", "--budget", "0", "-o", str(tmp_path / "o.jsonl")])
    assert "positive integer" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("[]\n")
    assert main(["select", str(empty), "--budget", "3", "-o", str(tmp_path / "o.jsonl")]) == 1
    assert "line 1" in capsys.readouterr().err
    assert main(["select", str(tmp_path / "missing.jsonl"), "--budget", "3", "-o", str(tmp_path / "o.jsonl")]) == 2


def test_help_mentions_the_stages(capsys):
    with pytest.raises(SystemExit):
        main(["select", "--help"])
    text = capsys.readouterr().out
    assert "exemplars" in text and "--cap" in text and "--report" in text


def test_exclusions_keep_contaminated_candidates_out(certified, tmp_path, capsys):
    path, pool = certified
    banned_task = pool[0].task_id
    banned_id = next(c.id for c in pool if c.task_id != banned_task)
    excl = tmp_path / "exclusions.json"
    excl.write_bytes(orjson.dumps({"ids": [banned_id], "task_ids": [banned_task]}))
    out = tmp_path / "clean.jsonl"
    assert main(["select", str(path), "-B", "600", "-K", "50", "-o", str(out), "--exclude", str(excl)]) == 0
    rows = [orjson.loads(line) for line in out.read_bytes().splitlines()]
    n_banned = sum(1 for c in pool if c.task_id == banned_task) + 1
    assert f"excluded {n_banned} candidates" in capsys.readouterr().err
    assert banned_id not in {r["id"] for r in rows}
    assert banned_task not in {r["task_id"] for r in rows}
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"ids": [1]}')
    assert main(["select", str(path), "-B", "5", "-o", str(out), "--exclude", str(bad)]) == 2
    assert "field 'ids' must be a list of strings" in capsys.readouterr().err
