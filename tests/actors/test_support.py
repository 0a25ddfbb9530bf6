"""The support tracker: supervised records count, the inventory round-trips, targets come out."""

from __future__ import annotations

import pytest

from trajectory2gym.actors.episodes import EpisodeRunner, build_teacher
from trajectory2gym.actors.plan import plan_round
from trajectory2gym.actors.support import SupportTracker, read_certified
from trajectory2gym.certify import Certifier, CertifyConfig
from trajectory2gym.codecs import MsgpackWriter


def _certs(n: int, seed: int = 0) -> list:
    runner = EpisodeRunner("retail", build_teacher("scripted", {}))
    cert = Certifier(CertifyConfig())
    return [cert.certify(runner.run(p)) for p in plan_round(0, seed, {"retail": (n, ["information", "recovery", "state"])})]


def test_tracker_counts_and_roundtrips() -> None:
    certs = _certs(9)
    tracker = SupportTracker(depth=3)
    added = [tracker.add(c.model_dump(mode="json")) for c in certs]
    assert sum(added) == tracker.inventory.interactions == sum(any(d.eligible for d in c.decisions) for c in certs)
    summary = tracker.summary()
    assert summary["paths_covered"] == len({c.path_key for c in certs if any(d.eligible for d in c.decisions)})
    assert summary["deficit_paths"] + summary["paths_at_depth"] == summary["paths_known"]
    # A record without supervised decisions adds nothing.
    empty = certs[0].model_copy(update={"id": "x", "decisions": [d.model_copy(update={"eligible": False})
                                                                 for d in certs[0].decisions]})
    assert tracker.add(empty) is False
    clone = SupportTracker(depth=3, inventory=tracker.to_dict())
    assert clone.summary() == summary
    targets = tracker.targets(5)
    assert 0 < len(targets) <= 5
    assert all(t["family"] in ("discover", "recover", "complete") for t in targets)
    assert targets == clone.targets(5)  # same inventory, same targets (resume relies on it)
    assert tracker.targets(0) == []


def test_read_certified_skips_bad_records(tmp_path) -> None:
    certs = _certs(3, seed=1)
    with MsgpackWriter(tmp_path / "c") as w:
        w.write(certs[2].model_dump(mode="json"))
        w.write({"id": "broken", "decisions": "nope"})
        w.write(certs[0].model_dump(mode="json"))
    got, problems = read_certified([tmp_path / "c", tmp_path / "missing"])
    assert [c.id for c in got] == sorted([certs[0].id, certs[2].id])
    assert len(problems) == 2
    assert any("record 2" in p for p in problems) and any("missing" in p for p in problems)


def test_selection_groups_generated_tasks_by_template(tmp_path) -> None:
    from trajectory2gym.actors.sink import CertifyingSink
    from trajectory2gym.actors.support import select_grouped, selection_group
    from trajectory2gym.codecs import pack
    from trajectory2gym.selector.select import SelectConfig

    runner = EpisodeRunner("retail", build_teacher("scripted", {}))
    sink = CertifyingSink({})
    sink.open_round(0, tmp_path)
    for p in plan_round(0, 4, {"retail": (18, ["information", "recovery", "state"])}):
        sink.submit(pack(runner.run(p)))
    sink.close_round()
    certs, _ = read_certified([tmp_path / "certified"])
    templates = {c.metadata["origin"]["template"] for c in certs}
    assert 1 < len(templates) < len(certs)
    assert all(c.metadata["origin"]["round"] == 0 for c in certs)
    config = SelectConfig(budget=len(certs), depth=2, cap=len(certs))
    by_task = select_grouped(certs, config, "task")
    by_template = select_grouped(certs, config, "template")
    # One core pick per distinct task vs one per template.
    assert by_task["stage_counts"]["core"] == len(certs)
    assert by_template["stage_counts"]["core"] == len(templates)
    real = {c.id: c.task_id for c in certs}
    for s in by_template["selected"]:
        assert s["task_id"] == real[s["id"]] and s["group"].startswith("retail/template:")
    assert selection_group(certs[0], "family").startswith("retail/family:")
    stripped = certs[0].model_copy(update={"metadata": {}})
    assert selection_group(stripped, "template") == stripped.task_id
    with pytest.raises(ValueError, match="group_by"):
        selection_group(certs[0], "colour")
