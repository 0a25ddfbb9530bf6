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
