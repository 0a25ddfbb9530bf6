"""Codec round trips: JSONL <-> msgpack (files and shards) and HF parquet."""

from __future__ import annotations

from pathlib import Path

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from t2g_strategies import interactions

from trajectory2gym.codecs import MsgpackWriter, read_interactions, write_records
from trajectory2gym.interaction import Interaction
from trajectory2gym.validation import ReadReport


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=interactions())
def test_jsonl_msgpack_jsonl_is_lossless(tmp_path: Path, record: dict) -> None:
    inter = Interaction.model_validate(record)
    first = tmp_path / "a.jsonl"
    packed = tmp_path / "b.msgpack"
    second = tmp_path / "c.jsonl"
    write_records(first, [inter])
    write_records(packed, read_interactions(first))
    write_records(second, read_interactions(packed))
    assert first.read_bytes() == second.read_bytes()
    back = next(iter(read_interactions(second)))
    assert back == inter
    assert back.id == inter.id


def _make(n: int) -> list[Interaction]:
    return [
        Interaction(
            task_id=str(i),
            messages=[
                {"role": "user", "content": f"hello {i}"},
                {"role": "assistant", "tool_calls": [{"id": "c1", "function": {"name": "get", "arguments": f'{{"x": {i}}}'}}]},
                {"role": "tool", "tool_call_id": "c1", "content": "ok"},
            ],
        )
        for i in range(n)
    ]


def test_sharded_msgpack_writer_splits_and_reads_back_in_order(tmp_path: Path) -> None:
    items = _make(25)
    with MsgpackWriter(tmp_path / "shards", shard_size=10) as writer:
        for it in items:
            writer.write(it)
    names = sorted(p.name for p in (tmp_path / "shards").iterdir())
    assert names == ["part-00000.msgpack", "part-00001.msgpack", "part-00002.msgpack"]
    assert [i.id for i in read_interactions(tmp_path / "shards")] == [i.id for i in items]
    # A second writer on the same directory appends new shards instead of overwriting.
    with MsgpackWriter(tmp_path / "shards", shard_size=10) as writer:
        writer.write(items[0])
    assert len(list((tmp_path / "shards").iterdir())) == 4


def test_truncated_msgpack_reports_the_record_and_keeps_the_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "x.msgpack"
    write_records(path, _make(3))
    data = path.read_bytes()
    path.write_bytes(data[:-5])
    report = ReadReport()
    good = list(read_interactions(path, report=report))
    assert len(good) == 2
    assert report.bad_records == 1
    assert report.errors[0].kind == "truncated_record"
    assert report.errors[0].line == 3
    # A tail of a few bytes (shorter than the unpacker's read-ahead) is a truncated record too.
    path.write_bytes(data + b"\x82\xa2id")
    report = ReadReport()
    assert len(list(read_interactions(path, report=report))) == 3
    assert report.bad_records == 1 and report.errors[0].kind == "truncated_record" and report.errors[0].line == 4


def test_arguments_string_and_object_are_the_same_interaction() -> None:
    base = {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": '{"a": [1, 2]}'}}]}
    obj = {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": {"a": [1, 2]}}}]}
    tool = {"role": "tool", "tool_call_id": "c", "content": "x"}
    a = Interaction(messages=[base, tool])
    b = Interaction(messages=[obj, tool])
    assert a.id == b.id
    assert a.messages[0].calls[0].arguments == {"a": [1, 2]}
    assert orjson.loads(orjson.dumps(a.to_dict()))["messages"][0]["tool_calls"][0]["function"]["arguments"] == {"a": [1, 2]}


def test_content_hash_is_stable_and_content_sensitive() -> None:
    a, b = _make(2)
    assert a.id != b.id
    assert Interaction(task_id="0", messages=a.model_dump()["messages"]).id == a.id
    # The hash is a pure function of the content: pin one value so a change of scheme is noticed.
    pinned = Interaction(messages=[{"role": "user", "content": "hi"}])
    assert pinned.id == pinned.content_hash()
    assert len(pinned.id) == 24


def test_error_observation_rules() -> None:
    inter = Interaction(
        messages=[
            {"role": "assistant", "tool_calls": [
                {"id": "a", "function": {"name": "f", "arguments": {}}},
                {"id": "b", "function": {"name": "f", "arguments": {}}},
                {"id": "c", "function": {"name": "f", "arguments": {}}},
            ]},
            {"role": "tool", "tool_call_id": "a", "content": "Error: order not found"},
            {"role": "tool", "tool_call_id": "b", "content": "fine", "is_error": True},
            {"role": "tool", "tool_call_id": "c", "content": "an Error inside is fine"},
        ]
    )
    assert [m.is_error_observation for m in inter.messages[1:]] == [True, True, False]


def test_hf_parquet_round_trip(tmp_path: Path) -> None:
    from trajectory2gym.hf_export import export_parquet, load_parquet

    items = _make(4)
    items[0].private["task"] = {"actions": [{"name": "x", "kwargs": {"a": 1}}]}
    out = tmp_path / "ds.parquet"
    assert export_parquet(items, out) == 4
    assert load_parquet(out) == items


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.sampled_from([b"", b"{}", b"{\"id\": \"x\"}", b"  "]), max_size=12),
       newline_at_end=st.booleans(), chunk=st.integers(1, 7))
def test_count_lines_is_what_splitlines_sees(tmp_path: Path, lines: list[bytes], newline_at_end: bool,
                                              chunk: int) -> None:
    """The progress total of `t2g certify`: every line, a last one without a newline too, whatever
    the chunk boundaries (tiny chunks here, so lines straddle them)."""
    from trajectory2gym.codecs import count_lines

    data = b"\n".join(lines) + (b"\n" if newline_at_end and lines else b"")
    path = tmp_path / "x.jsonl"
    path.write_bytes(data)
    assert count_lines(path, chunk=chunk) == len(data.splitlines())


def test_a_bad_record_in_a_shard_directory_is_named_by_its_shard_and_its_number_there(tmp_path: Path) -> None:
    from trajectory2gym.certify import CertifyConfig, CorpusReport
    from trajectory2gym.certify.stream import certified_lines
    from trajectory2gym.codecs import iter_msgpack, pack

    shards = tmp_path / "shards"
    with MsgpackWriter(shards, shard_size=10) as writer:
        for it in _make(20):
            writer.write(it)
    second = shards / "part-00001.msgpack"
    records = [obj for _, obj in iter_msgpack(second)]
    records[2]["messages"][0]["role"] = "narrator"  # the 3rd record of the 2nd shard, the 13th in all
    second.write_bytes(b"".join(pack(r) for r in records))

    report = ReadReport()
    assert len(list(read_interactions(shards, report=report))) == 19
    (err,) = report.errors
    assert (err.source, err.line, err.path) == (str(second), 3, "messages[0].role")
    assert str(second) in str(err) and "record 3" in str(err)
    # t2g certify reads the same way, in one process and in a pool.
    for workers in (1, 2):
        report = ReadReport()
        lines = list(certified_lines(str(shards), "msgpack", report, CorpusReport(), CertifyConfig(), workers=workers))
        assert len(lines) == 19
        assert [(e.source, e.line) for e in report.errors] == [(str(second), 3)]
    # Numbers still run on across the shards where only the position is asked for.
    assert [n for n, _ in iter_msgpack(shards)] == list(range(1, 21))
