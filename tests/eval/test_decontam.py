"""Decontamination on real tau-bench tasks: planted exact and near duplicates are found, nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from trajectory2gym.envs.tasks import Action, TaskSpec
from trajectory2gym.launch.eval import decontam
from trajectory2gym.launch.eval.cli import main
from trajectory2gym.launch.eval.tasks_io import load_tasks


def _perturb(text: str) -> str:
    """Change one word in the middle: a near duplicate, not an exact one."""
    words = text.split()
    words[len(words) // 2] = "zzqx"
    return " ".join(words)


@pytest.fixture(scope="module")
def dev(shared_data: Path) -> list[TaskSpec]:
    tasks, errors = load_tasks(shared_data / "tau" / "retail_dev_tasks.json")
    assert not errors
    return tasks


def planted(dev: list[TaskSpec]) -> tuple[list[TaskSpec], set[tuple[str, str, str]]]:
    """Training tasks that overlap dev tasks in known ways, and the expected overlaps."""
    long_actions = next(t for t in dev if len({(a.name, json.dumps(a.kwargs, sort_keys=True))
                                                for a in t.gold_actions}) >= 5)
    unrelated = "You want to know the opening hours of the store and nothing else."
    train = [
        TaskSpec(id="copy-request", domain="retail", instruction=dev[3].instruction),
        TaskSpec(id="near-request", domain="retail", instruction=_perturb(dev[5].instruction)),
        TaskSpec(id="copy-actions", domain="retail", instruction=unrelated, gold_actions=dev[7].gold_actions),
        TaskSpec(id="near-actions", domain="retail", instruction=unrelated + " Really.",
                 gold_actions=long_actions.gold_actions[1:]),
        TaskSpec(id="clean", domain="retail", instruction="Please update my address to 1 Main St.",
                 gold_actions=[Action(name="modify_user_address", kwargs={"user_id": "nobody_1"})]),
    ]
    expected = {
        ("copy-request", dev[3].id, "request_exact"),
        ("near-request", dev[5].id, "request_near"),
        ("copy-actions", dev[7].id, "actions_exact"),
        ("near-actions", long_actions.id, "actions_near"),
    }
    return train, expected


def test_planted_overlaps_found_among_real_train_tasks(dev: list[TaskSpec], shared_data: Path) -> None:
    real_train, _ = load_tasks(shared_data / "tau" / "retail_train_tasks.json")
    extra, expected = planted(dev)
    train = [decontam.item_from_task(t) for t in [*real_train, *extra]]
    held = [decontam.item_from_task(t) for t in dev]
    overlaps = decontam.find_overlaps(train, held)
    # tau-bench's train and dev splits are disjoint by task: only the planted ones show.
    assert {(o.train_id, o.eval_id, o.kind) for o in overlaps} == expected
    near = next(o for o in overlaps if o.kind == "request_near")
    assert 0.7 <= near.score < 1.0
    exact_jaccard = decontam.jaccard(decontam.shingles(extra[1].instruction), decontam.shingles(dev[5].instruction))
    assert near.score == pytest.approx(exact_jaccard)
    excl = decontam.exclusions_from_overlaps(overlaps, train)
    assert excl.task_ids == {"copy-request", "near-request", "copy-actions", "near-actions"}
    assert not excl.ids
    assert excl.excludes(None, "near-actions") and not excl.excludes("clean", "clean")


def test_thresholds_decide_near_duplicates(dev: list[TaskSpec]) -> None:
    extra, _ = planted(dev)
    train = [decontam.item_from_task(t) for t in extra]
    held = [decontam.item_from_task(t) for t in dev]
    strict = decontam.find_overlaps(train, held, decontam.DecontamConfig(text_threshold=0.99, action_threshold=0.99))
    assert {o.kind for o in strict} == {"request_exact", "actions_exact"}


def test_interactions_overlap_their_own_tasks(tmp_path: Path, dev: list[TaskSpec], shared_data: Path) -> None:
    """Trajectories of held-out tasks (here: gold replays from t2g eval) are contaminated by construction."""
    out = tmp_path / "eval"
    assert main(["eval", "--tasks", str(shared_data / "tau" / "retail_dev_tasks.json"), "--policy", "scripted",
                 "--db", str(shared_data / "tau"), "--limit", "6", "-o", str(out)]) == 0
    items, errors = decontam.load_items(out / "trajectories.jsonl")
    assert not errors and len(items) == 6 and all(i.kind == "interaction" for i in items)
    held = [decontam.item_from_task(t) for t in dev]
    overlaps = decontam.find_overlaps(items, held)
    hits = {(o.train_task_id, o.eval_id) for o in overlaps if o.kind in ("request_exact", "actions_exact")}
    assert {(i.task_id, i.task_id) for i in items} <= hits
    excl = decontam.exclusions_from_overlaps(overlaps, items)
    assert excl.ids == {i.id for i in items} and not excl.task_ids


def test_cli_writes_exclusions_the_selector_can_load(tmp_path: Path, dev: list[TaskSpec], shared_data: Path) -> None:
    extra, expected = planted(dev)
    train = tmp_path / "train.jsonl"
    train.write_bytes(b"".join(orjson.dumps(t.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE)
                               for t in extra) + b"{broken\n")
    excl_path, report_path = tmp_path / "excl.json", tmp_path / "report.json"
    args = ["decontam", str(train), "--heldout", str(shared_data / "tau" / "retail_dev_tasks.json"),
            "--exclusions", str(excl_path), "-o", str(report_path)]
    assert main(args) == 0
    assert main([*args, "--fail-on-overlap"]) == 1
    excl = decontam.load_exclusions(excl_path)
    assert excl.task_ids == {t for t, _, _ in expected}
    report = json.loads(report_path.read_text())
    assert report["summary"]["contaminated_train_items"] == 4
    assert len(report["overlaps"]) == 4


def test_exclusion_file_errors_name_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"ids": "abc"}')
    with pytest.raises(ValueError, match="'ids'"):
        decontam.load_exclusions(bad)
    bad.write_text("{nope")
    with pytest.raises(ValueError, match="not valid JSON"):
        decontam.load_exclusions(bad)
    with pytest.raises(FileNotFoundError):
        decontam.load_exclusions(tmp_path / "missing.json")


def test_minhash_signatures_agree_with_jaccard() -> None:
    hasher = decontam.MinHasher(num_perm=256, seed=1)
    a = frozenset(f"s{i}" for i in range(100))
    b = frozenset(f"s{i}" for i in range(25, 125))  # Jaccard 75/125 = 0.6
    sa, sb = hasher.signature(a), hasher.signature(b)
    assert abs(float((sa == sb).mean()) - 0.6) < 0.1
    assert (hasher.signature(a) == sa).all()
    assert not (hasher.signature(frozenset()) == sa).any()


def test_config_validation() -> None:
    with pytest.raises(ValueError, match="multiple of bands"):
        decontam.DecontamConfig(num_perm=100, bands=32)
    with pytest.raises(ValueError, match="thresholds"):
        decontam.DecontamConfig(text_threshold=0.0)


def test_heldout_option_before_the_training_files(tmp_path: Path, dev: list[TaskSpec], shared_data: Path) -> None:
    """``--heldout dev.json train.json``: one file per --heldout, so train.json stays training data."""
    extra, _ = planted(dev)
    train = tmp_path / "train.jsonl"
    train.write_bytes(b"".join(orjson.dumps(t.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE)
                               for t in extra))
    report = tmp_path / "report.json"
    held = str(shared_data / "tau" / "retail_dev_tasks.json")
    assert main(["decontam", "--heldout", held, str(train), "-o", str(report)]) == 0
    summary = json.loads(report.read_text())["summary"]
    assert summary["train_items"] == len(extra) and summary["heldout_items"] == len(dev)
    assert summary["contaminated_train_items"] == 4
    # Repeated --heldout: both files are held out.
    assert main(["decontam", str(train), "--heldout", held, "--heldout", held, "-o", str(report)]) == 0
    assert json.loads(report.read_text())["summary"]["heldout_items"] == 2 * len(dev)


# --------------------------------------------------------------------------- tau2, empty inputs, file names


def test_tau2_telecom_task_files_are_compared(shared_data: Path) -> None:
    """tau2 records count with their user instruction and every action (agent and device)."""
    train_path = shared_data / "tau2" / "telecom_train_tasks.json"
    items, errors = decontam.load_items(train_path)
    raw = json.loads(train_path.read_text())
    assert not errors and [i.id for i in items] == [str(t["id"]) for t in raw]
    first = items[0]
    assert first.kind == "task" and first.source == str(train_path)
    assert first.texts and "reason_for_call" not in first.texts[0]
    assert raw[0]["user_scenario"]["instructions"]["reason_for_call"] in first.texts[0]
    assert first.actions == {decontam.canonical_action(a["name"], a["arguments"])
                             for a in raw[0]["evaluation_criteria"]["actions"]}
    # A file compared with itself: every item overlaps its own copy, exactly.
    overlaps = decontam.find_overlaps(items, items)
    own = {(o.train_id, o.eval_id) for o in overlaps if o.kind == "request_exact"}
    assert {(i.id, i.id) for i in items} <= own


def test_tau2_self_comparison_fails_on_overlap_through_the_cli(shared_data: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = str(shared_data / "tau2" / "telecom_train_tasks.json")
    assert main(["decontam", path, "--heldout", path, "--fail-on-overlap"]) == 1
    captured = capsys.readouterr()
    assert "skipped" not in captured.err and "t2g eval" not in captured.err
    assert "train_items" in captured.out and "74" in captured.out


def test_input_with_nothing_readable_is_an_error(tmp_path: Path, dev: list[TaskSpec], shared_data: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing to compare must not pass: an input none of whose records load, or an empty one."""
    held = str(shared_data / "tau" / "retail_dev_tasks.json")
    unreadable = tmp_path / "tasks.json"  # tau-bench records whose domain nothing names
    unreadable.write_text(json.dumps([{"index": 0, "instruction": "x", "actions": []},
                                      {"index": 1, "instruction": "y", "actions": []}]))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["decontam", str(unreadable), "--heldout", held, "--fail-on-overlap"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"training file {unreadable}: none of its 2 record(s) could be read" in err
    assert "nothing to compare" in err and "t2g eval" not in err
    assert main(["decontam", held, "--heldout", str(empty)]) == 2
    assert f"held-out file {empty}: it holds no records" in " ".join(capsys.readouterr().err.split())


def test_reports_name_the_file_of_each_id(tmp_path: Path, dev: list[TaskSpec], shared_data: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """tau-bench ids repeat across files (retail-14 in train, dev and test): overlaps and counts
    keep the files apart."""
    extra, expected = planted(dev)
    train = tmp_path / "train.jsonl"
    train.write_bytes(b"".join(orjson.dumps(t.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE)
                               for t in extra))
    dev_path = shared_data / "tau" / "retail_dev_tasks.json"
    twin = tmp_path / "retail_twin_tasks.json"  # same ids and content as dev, another file
    twin.write_bytes(dev_path.read_bytes())
    report = tmp_path / "report.json"
    assert main(["decontam", str(train), "--heldout", str(dev_path), "--heldout", str(twin),
                 "-o", str(report)]) == 0
    doc = json.loads(report.read_text())
    found = {(o["train_id"], o["eval_id"], o["kind"], o["eval_source"]) for o in doc["overlaps"]}
    assert found == {(t, e, k, src) for t, e, k in expected for src in (str(dev_path), str(twin))}
    assert all(o["train_source"] == str(train) for o in doc["overlaps"])
    assert doc["summary"]["heldout_items_hit"] == 2 * len(expected)
    out = " ".join(capsys.readouterr().err.split())
    assert f"held-out {dev[3].id} (retail_dev_tasks.json)" in out
    assert f"held-out {dev[3].id} (retail_twin_tasks.json)" in out
