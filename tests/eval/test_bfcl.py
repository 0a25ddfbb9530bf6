"""BFCL multi-turn conversion on the shipped data, checked with BFCL's own executor and checker."""

from __future__ import annotations

import copy
import json
import uuid
from pathlib import Path

import pytest

bfcl = pytest.importorskip("trajectory2gym.launch.eval.bfcl")
if not bfcl.bfcl_available():
    pytest.skip("bfcl_eval is not installed (pip install --no-deps bfcl-eval)", allow_module_level=True)

from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_utils  # noqa: E402
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker  # noqa: E402

from trajectory2gym.codecs import read_interactions  # noqa: E402
from trajectory2gym.launch.eval.cli import main  # noqa: E402
from trajectory2gym.validation import ReadReport, parse_interaction  # noqa: E402


@pytest.fixture(scope="module")
def base() -> list:
    report = bfcl.ConversionReport()
    inters = list(bfcl.convert_categories(["multi_turn_base"], report=report))
    assert not report.errors, report.errors[:3]
    return inters


def _bfcl_entry(inter) -> dict:
    meta = inter.private["bfcl"]
    return {"id": inter.task_id, "initial_config": meta["initial_config"], "involved_classes": meta["involved_classes"]}


def _forget(prefix: str) -> None:
    """BFCL's executor keeps instances in its module globals; drop the ones a test created."""
    for name in [n for n in vars(multi_turn_utils) if n.startswith(prefix)]:
        del vars(multi_turn_utils)[name]


def test_every_base_entry_converts(base: list) -> None:
    entries = bfcl.load_category("multi_turn_base")
    assert len(base) == len(entries) == 200
    assert [i.task_id for i in base] == [e.entry["id"] for e in entries]
    for inter in base:
        # A valid interchange record: parses back, every call answered, tools are JSON schemas.
        again = parse_interaction(json.loads(json.dumps(inter.to_dict())))
        assert again.to_dict() == inter.to_dict()
        types = {json.dumps(t.function.parameters)for t in inter.tools}
        assert not any('"type": "dict"' in t or '"type": "float"' in t for t in types)
        turns = bfcl.ground_truth_calls(inter)
        assert len(turns) == len(inter.private["bfcl"]["ground_truth"])


def test_bfcl_checker_accepts_the_converted_calls(base: list) -> None:
    """The interaction's calls, back in BFCL syntax, pass BFCL's own multi-turn checker (state and
    responses equal to the ground truth's after every turn)."""
    prefix = f"t2g_{uuid.uuid4().hex[:8]}"
    try:
        for inter in base:
            calls = bfcl.ground_truth_calls(inter)
            result = multi_turn_checker([[turn] for turn in calls], inter.private["bfcl"]["ground_truth"],
                                        _bfcl_entry(inter), "multi_turn_base", prefix)
            assert result["valid"], (inter.id, result.get("error_message"))
    finally:
        _forget(prefix)


def test_expected_state_is_the_ground_truth_replay(base: list) -> None:
    """The expected state stored in private equals the state of BFCL's own executor after replaying
    the original ground-truth strings turn by turn; replaying the interaction reproduces it."""
    prefix = f"t2g_{uuid.uuid4().hex[:8]}"
    try:
        for inter in base[::7]:
            meta = inter.private["bfcl"]
            instances = {}
            for turn in meta["ground_truth"]:
                _, instances = multi_turn_utils.execute_multi_turn_func_call(
                    turn, meta["initial_config"], meta["involved_classes"], prefix, inter.task_id)
            theirs = {name: bfcl._jsonable(obj) for name, obj in sorted(instances.items())}
            assert theirs == meta["expected_state"], inter.id
            state, hashes = bfcl.replay(inter)
            assert state == meta["expected_state"]
            assert hashes == meta["expected_state_hashes"]
    finally:
        _forget(prefix)


def test_replay_detects_a_changed_call(base: list) -> None:
    inter = next(i for i in base if any(c.name == "mkdir" for m in i.messages for c in m.calls))
    changed = copy.deepcopy(inter)
    call = next(c for m in changed.messages for c in m.calls if c.name == "mkdir")
    call.function.arguments["dir_name"] = "somewhere_else"
    state, _ = bfcl.replay(changed)
    assert state != inter.private["bfcl"]["expected_state"]


def test_positional_ground_truth_is_bound_to_names(base: list) -> None:
    inter = base[0]  # its ground truth has sort('final_report.pdf')
    assert "sort('final_report.pdf')" in inter.private["bfcl"]["ground_truth"][2]
    sort_call = next(c for m in inter.messages for c in m.calls if c.name == "sort")
    assert sort_call.arguments == {"file_name": "final_report.pdf"}
    sort_result = next(m for m in inter.messages if m.role == "tool" and m.tool_call_id == sort_call.id)
    assert "sorted_content" in sort_result.content


@pytest.mark.parametrize("category", ["multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context"])
def test_other_categories_convert(category: str) -> None:
    report = bfcl.ConversionReport()
    inters = list(bfcl.convert_categories([category], limit=25, report=report))
    assert not report.errors and len(inters) == 25
    if category == "multi_turn_miss_func":
        held = [i for i in inters if i.private["bfcl"]["missed_function"]]
        assert held
        names = {t.name for t in held[0].tools}
        assert set(sum(held[0].private["bfcl"]["missed_function"].values(), [])) <= names
    if category == "multi_turn_miss_param":
        assert any(i.metadata["no_call_turns"] for i in inters)
    for inter in inters[:5]:
        state, hashes = bfcl.replay(inter)
        assert hashes == inter.private["bfcl"]["expected_state_hashes"]


def test_bad_entry_is_reported_and_skipped() -> None:
    items = bfcl.load_category("multi_turn_base")[:3]
    items[1].ground_truth = copy.deepcopy(items[1].ground_truth)
    items[1].ground_truth[0][0] = "os.system('ls')"
    items[2].ground_truth = items[2].ground_truth[:-1]
    with pytest.raises(ValueError, match=r"ground_truth\[0\]\[0\]"):
        bfcl.convert_entry(items[1])
    with pytest.raises(ValueError, match="turns for"):
        bfcl.convert_entry(items[2])
    assert bfcl.convert_entry(items[0]).task_id == items[0].entry["id"]


def test_parse_call_accepts_literals_only() -> None:
    assert bfcl.parse_call("f(1, x=-2.5, y=[1, {'a': None}])") == ("f", [1], {"x": -2.5, "y": [1, {"a": None}]})
    for text in ("f(x=g())", "a.b(1)", "f(**k)", "not a call ("):
        with pytest.raises(ValueError):
            bfcl.parse_call(text)


def test_cli_convert_and_verify(tmp_path: Path) -> None:
    out = tmp_path / "bfcl.jsonl"
    rc = main(["bfcl", "convert", "--category", "multi_turn_base", "--category", "multi_turn_miss_func",
               "--limit", "10", "--verify", "-o", str(out)])
    assert rc == 0
    report = ReadReport()
    inters = list(read_interactions(out, "jsonl", report))
    assert report.bad_records == 0 and len(inters) == 20
    assert {i.metadata["category"] for i in inters} == {"multi_turn_base", "multi_turn_miss_func"}
    assert main(["bfcl", "convert", "--category", "nope", "-o", str(out)]) == 2
