"""Structural selection stages, deficits and their reasons, and the random baseline."""

from __future__ import annotations

from collections import Counter

import pytest
from selector_helpers import cert, decision, on_path

from trajectory2gym.selector.paths import path_facts
from trajectory2gym.selector.select import SelectConfig, select
from trajectory2gym.selector.synthetic import synthetic_pool


@pytest.fixture(scope="module")
def generated():
    return synthetic_pool(3000, 600, seed=11)


def test_structural_covers_strictly_more_paths_than_random(generated):
    budget = 1200
    st = select(generated, SelectConfig(budget=budget, depth=4, cap=16))
    rd = select(generated, SelectConfig(budget=budget, depth=4, cap=16, strategy="random", seed=5))
    assert len(rd.selected) == budget
    assert st.paths_covered > rd.paths_covered
    assert st.objective > rd.objective
    # Coverage curves agree with the selections and structural leads at the end.
    assert st.coverage_curve[-1] == st.paths_covered and rd.coverage_curve[-1] == rd.paths_covered
    assert all(b >= a for a, b in zip(st.coverage_curve, st.coverage_curve[1:], strict=False))


def test_stages_come_in_order_and_do_what_they_say(generated):
    res = select(generated, SelectConfig(budget=2500, depth=3, cap=40))
    stages = [s.stage for s in res.selected]
    order = {"core": 0, "exemplar": 1, "coverage": 2, "deficit": 3}
    assert [order[s] for s in stages] == sorted(order[s] for s in stages)
    tasks = {c.task_id for c in generated}
    core = [s for s in res.selected if s.stage == "core"]
    assert {s.task_id for s in core} == tasks and len(core) == len(tasks)  # every task exactly once
    seen: set[str] = {s.path_key for s in core}
    for s in res.selected:
        if s.stage == "exemplar":
            assert s.path_key not in seen  # an exemplar always opens a new path
        seen.add(s.path_key)
    assert res.paths_covered == res.paths_in_pool  # budget and cap allow every path
    running: Counter[str] = Counter()
    for s in res.selected:
        if s.stage == "deficit":
            assert running[s.path_key] < 3  # a deficit pick always raises a path still below d
        running[s.path_key] += 1
    assert res.stage_counts["deficit"] > 0


def test_core_prefers_best_grounded_candidate():
    low = on_path("low", 0, "t", reward=0.0)
    high = on_path("high", 1, "t", reward=1.0)
    res = select([low, high], SelectConfig(budget=1))
    assert res.ids == ["high"] and res.selected[0].stage == "core"


def test_coverage_stage_adds_new_atoms():
    # Same path twice is useless; a candidate with a new transition atom is not.
    a = on_path("a", 0, "t1")
    res = select([a, on_path("b", 0, "t1"), on_path("c", 1, "t1")], SelectConfig(budget=3, depth=1, cap=5))
    assert res.ids[:2] == ["a", "c"] or res.ids[:2] == ["c", "a"]
    assert res.stop_reason == "no_gain" and len(res.selected) == 2


def test_remaining_deficits_name_their_reason():
    cands = [
        on_path("only", 0, "tA"),  # path 0 has a single candidate: no_candidate
        on_path("p1a", 1, "tB"),
        on_path("p1b", 1, "tB"),  # same task as p1a: cap 1 blocks it -> task_cap
        on_path("p2a", 2, "tC"),
        on_path("p2b", 2, "tD"),
        on_path("p2c", 2, "tE"),
    ]
    res = select(cands, SelectConfig(budget=100, depth=2, cap=1))
    reasons = {d.descriptors[0].split(".")[1].split("(")[0]: d.reason for d in res.deficits}
    assert reasons == {"class0": "no_candidate", "class1": "task_cap"}
    assert all(d.deficit == 1 for d in res.deficits)
    short = select(cands, SelectConfig(budget=3, depth=3, cap=1))
    assert {d.reason for d in short.deficits if d.descriptors[0].startswith("call|read.class2")} == {"budget"}


def test_unbounded_depth_selects_everything_under_the_cap():
    cands = [on_path(f"c{i}", i % 3, f"t{i % 4}") for i in range(20)]
    res = select(cands, SelectConfig(budget=100, depth=None, cap=3))
    assert len(res.selected) == 12 and res.objective == 12 and res.deficits == []


def test_bad_candidates_are_skipped_and_reported():
    good = on_path("g", 0, "t")
    dup = on_path("g", 1, "t")
    nothing = cert("n", [decision(2, eligible=False)])
    res = select([good, dup, nothing], SelectConfig(budget=5))
    assert res.ids == ["g"]
    assert {(s.id, s.reason.split(" ")[0]) for s in res.skipped} == {("g", "duplicate"), ("n", "no")}


def test_candidates_without_task_are_selectable_but_not_core():
    cands = [on_path("a", 0, None), on_path("b", 1, "t")]
    res = select(cands, SelectConfig(budget=2))
    assert [(s.id, s.stage) for s in res.selected] == [("b", "core"), ("a", "exemplar")]


def test_path_keys_in_result_are_the_canonical_ones(generated):
    res = select(generated[:200], SelectConfig(budget=50))
    by_id = {c.id: c for c in generated[:200]}
    assert all(s.path_key == path_facts(by_id[s.id]).key for s in res.selected)
