"""The support tracker: supervised records count, the inventory round-trips, targets come out."""

from __future__ import annotations

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
