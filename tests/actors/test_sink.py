"""The certifying sink: exactly one record per id, bad records rejected by name, shards readable."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest

from trajectory2gym.actors.episodes import EpisodeRunner, build_teacher
from trajectory2gym.actors.plan import plan_round
from trajectory2gym.actors.sink import CertifyingSink, merge_digests, route
from trajectory2gym.actors.support import read_certified
from trajectory2gym.codecs import iter_msgpack, pack


@pytest.fixture(scope="module")
def played() -> list:
    runner = EpisodeRunner("retail", build_teacher("scripted", {}))
    return [runner.run(p) for p in plan_round(0, 0, {"retail": (6, ["information", "recovery", "state"])})]


def test_duplicates_written_once(tmp_path: Path, played: list) -> None:
    sink = CertifyingSink({}, shard_size=4)
    sink.open_round(0, tmp_path)
    statuses = [sink.submit(pack(i))[0] for i in played]
    statuses += [sink.submit(pack(played[1]))[0], sink.submit(pack(played[4]))[0]]
    assert statuses == ["accepted"] * 6 + ["duplicate"] * 2
    digest = sink.close_round()
    assert sorted(digest.ids) == sorted(i.id for i in played)
    assert digest.duplicates == 2
    assert 0 < digest.eligible <= digest.decisions
    ids = [r["id"] for _, r in iter_msgpack(tmp_path / "certified")]
    assert sorted(ids) == sorted(i.id for i in played)
    raw_ids = [r["id"] for _, r in iter_msgpack(tmp_path / "interactions")]
    assert sorted(raw_ids) == sorted(ids)
    assert len(list((tmp_path / "certified").glob("*.msgpack"))) == 2  # 6 records, shards of 4
    certs, problems = read_certified([tmp_path / "certified"])
    assert [c.id for c in certs] == sorted(ids) and problems == []


def test_bad_records_rejected_with_reason(tmp_path: Path, played: list) -> None:
    sink = CertifyingSink({})
    sink.open_round(0, tmp_path)
    status, rec = sink.submit(b"\xc1not msgpack")
    assert status.startswith("rejected: cannot decode") and rec is None
    bad = played[0].to_dict()
    bad["id"] = "bad-1"
    bad["messages"][1]["role"] = "robot"
    status, _ = sink.submit(msgpack.packb(bad))
    assert status.startswith("rejected") and "role" in status
    assert sink.submit(pack(played[0]))[0] == "accepted"
    digest = sink.close_round()
    assert digest.ids == [played[0].id]
    assert set(digest.rejected) == {"?", "bad-1"}


def test_round_protocol_errors(tmp_path: Path) -> None:
    sink = CertifyingSink({})
    with pytest.raises(RuntimeError, match="no round is open"):
        sink.submit(b"")
    sink.open_round(0, tmp_path)
    with pytest.raises(RuntimeError, match="still open"):
        sink.open_round(1, tmp_path)


def test_merge_and_route(tmp_path: Path, played: list) -> None:
    parts = []
    for k in range(2):
        sink = CertifyingSink({}, prefix=f"c{k}")
        sink.open_round(0, tmp_path)
        for inter in played:
            if route(inter.id, 2) == k:
                sink.submit(pack(inter))
        parts.append(sink.close_round().to_dict())
    merged = merge_digests(parts)
    assert merged["ids"] == sorted(i.id for i in played)
    assert merged["decisions"] == sum(p["decisions"] for p in parts)
    assert merged["mean_reward"] == pytest.approx(sum(i.reward for i in played) / len(played))
    assert {p.name.split("-")[0] for p in (tmp_path / "certified").glob("*.msgpack")} <= {"c0", "c1"}
    with pytest.raises(ValueError, match="two certifiers"):
        merge_digests([parts[0], parts[0]])
    assert all(route(i.id, 3) == route(i.id, 3) for i in played)
    assert len({route(f"r000-retail-{k:04d}", 4) for k in range(64)}) == 4
