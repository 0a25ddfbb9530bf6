"""Lossless JSONL and msgpack codecs for interactions (and any dict records).

JSONL uses orjson; msgpack streams records one after another into a file, or
into numbered shards in a directory (``part-00000.msgpack`` ...). Readers yield
records with their 1-based line (JSONL) or record number (msgpack), and turn
unreadable input into ``RecordError`` values instead of stopping.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import msgpack
import orjson

from trajectory2gym.interaction import Interaction
from trajectory2gym.validation import ReadReport, RecordError, interaction_or_errors

JSONL_SUFFIXES = (".jsonl", ".ndjson")
MSGPACK_SUFFIXES = (".msgpack", ".mpk", ".msgp")
FORMATS = ("jsonl", "msgpack", "tau-bench")


def detect_format(path: str | os.PathLike[str]) -> str:
    """Guess a file's format from its name (or a directory of msgpack shards)."""
    p = Path(path)
    if p.is_dir():
        return "msgpack"
    name = p.name.lower()
    if name.endswith(JSONL_SUFFIXES):
        return "jsonl"
    if name.endswith(MSGPACK_SUFFIXES):
        return "msgpack"
    if name.endswith(".json"):
        return "tau-bench"
    raise ValueError(f"{path}: cannot tell the format from the name (.jsonl, .msgpack or a shard directory, "
                     f"tau-bench .json); name it: jsonl, msgpack or tau-bench (--format, or --from for convert)")


# --------------------------------------------------------------------------- reading raw records


def decode_jsonl_line(line: bytes, lineno: int, source: str) -> Any:
    """The record of one JSONL line, or the ``RecordError`` saying it is not JSON."""
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        return RecordError("invalid_json", f"not valid JSON: {exc.args[0]}", "", lineno, None, source)


def jsonl_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, bytes]]:
    """(line number, raw bytes) for every non-blank line: a record each, not decoded yet."""
    with open(path, "rb") as fh:
        for lineno, line in enumerate(fh, start=1):
            if line.strip():
                yield lineno, line


def count_lines(path: str | os.PathLike[str], chunk: int = 1 << 20) -> int:
    """Lines in a file (a last one without a newline counts), read in large chunks: the total of a
    progress bar over a JSONL file, about 0.3 s per GB. Blank lines count too."""
    lines, last = 0, b"\n"
    with open(path, "rb") as fh:
        while block := fh.read(chunk):
            lines += block.count(b"\n")
            last = block[-1:]
    return lines + (last != b"\n")


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[tuple[int, Any]]:
    """(line number, dict | RecordError) for every non-blank line."""
    src = str(path)
    for lineno, line in jsonl_lines(path):
        yield lineno, decode_jsonl_line(line, lineno, src)


def msgpack_shards(path: str | os.PathLike[str]) -> list[Path]:
    p = Path(path)
    if p.is_dir():
        return sorted(q for q in p.iterdir() if q.name.endswith(MSGPACK_SUFFIXES))
    return [p]


def check_source(path: str | os.PathLike[str]) -> None:
    """Raise a clear error for an input that cannot hold records: a missing path, or a
    directory without msgpack shards (a reader would quietly find nothing in it)."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"{path}: no such file or directory")
    if p.is_dir() and not msgpack_shards(p):
        raise ValueError(f"{path}: a directory without msgpack shards ({', '.join(MSGPACK_SUFFIXES)} files)")


def iter_msgpack(path: str | os.PathLike[str]) -> Iterator[tuple[int, Any]]:
    """(record number, dict | RecordError) over a file or a directory of shards; numbers run on
    across the shards (``iter_records`` says which shard, and the number within it)."""
    for number, (_, _, obj) in enumerate(iter_msgpack_located(path), start=1):
        yield number, obj


def iter_msgpack_located(path: str | os.PathLike[str]) -> Iterator[tuple[str, int, Any]]:
    """(shard, record number within that shard, dict | RecordError) over a file or a directory."""
    for shard in msgpack_shards(path):
        where = str(shard)
        number = 0
        with open(shard, "rb") as fh:
            unpacker = msgpack.Unpacker(fh, raw=False, strict_map_key=False)
            end = 0  # where the last whole record ended
            while True:
                try:
                    obj = unpacker.unpack()
                except msgpack.OutOfData:
                    # Clean end, or bytes after the last whole record: a truncated one. (The
                    # unpacker's own position has already moved past a short partial tail.)
                    if end < shard.stat().st_size:
                        number += 1
                        yield where, number, RecordError(
                            "truncated_record", "msgpack record is truncated", "", number, None, where
                        )
                    break
                except (msgpack.ExtraData, msgpack.FormatError, msgpack.StackError, ValueError) as exc:
                    number += 1
                    # Records have no delimiter: nothing after a corrupt one can be found again.
                    rest = shard.stat().st_size - end
                    yield where, number, RecordError(
                        "invalid_msgpack", f"cannot decode: {exc}; the rest of this shard ({rest} bytes from the "
                        f"end of record {number - 1}) is not read", "", number, None, where)
                    break
                number += 1
                if number == 1 and not isinstance(obj, dict):
                    # A JSONL file (or anything else) read as msgpack decodes as a run of small
                    # numbers and strings: one error for the file, not one per byte.
                    yield where, number, RecordError(
                        "not_msgpack_records", f"does not hold msgpack records (the first value is of type "
                        f"{type(obj).__name__}, not an object): is it really msgpack?", "", number, None, where)
                    break
                end = unpacker.tell()
                bad = _non_json(obj)
                if bad is not None:  # msgpack holds bytes and extension types; the format is JSON
                    field, what = bad
                    rid = obj.get("id") if isinstance(obj, dict) and isinstance(obj.get("id"), str) else None
                    obj = RecordError("wrong_type", f"{what}, which JSON (the interchange format) cannot hold",
                                      field, number, rid, where)
                yield where, number, obj


_JSON_SCALARS = (str, int, float, bool, type(None))


def _non_json(obj: Any) -> tuple[str, str] | None:
    """(field path, what it is) of the first value JSON cannot hold (bytes, a timestamp, a
    non-string key), or None. An explicit stack: records can nest deeply."""
    stack: list[tuple[str, Any]] = [("", obj)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    return path or "record", f"a key of type {type(key).__name__} ({key!r})"
                stack.append((f"{path}.{key}" if path else key, item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{k}]", item) for k, item in enumerate(value))
        elif not isinstance(value, _JSON_SCALARS):
            return path, f"a {type(value).__name__} value"
    return None


def iter_records(path: str | os.PathLike[str], fmt: str | None = None) -> Iterator[tuple[str, int, Any]]:
    """(file, line or record number in that file, dict | RecordError): where each record is, for
    errors that name it. A shard directory's records are named by their shard, not the directory."""
    fmt = fmt or detect_format(path)
    if fmt == "msgpack":
        yield from iter_msgpack_located(path)
        return
    src = str(path)
    for lineno, raw in iter_raw(path, fmt):
        yield src, lineno, raw


def iter_raw(path: str | os.PathLike[str], fmt: str | None = None) -> Iterator[tuple[int, Any]]:
    fmt = fmt or detect_format(path)
    if fmt == "jsonl":
        return iter_jsonl(path)
    if fmt == "msgpack":
        return iter_msgpack(path)
    raise ValueError(f"iter_raw reads jsonl or msgpack, not {fmt!r}")


def read_interactions(
    path: str | os.PathLike[str],
    fmt: str | None = None,
    report: ReadReport | None = None,
    **import_options: Any,
) -> Iterator[Interaction]:
    """Valid interactions from a file; bad records go into ``report`` and are skipped."""
    fmt = fmt or detect_format(path)
    report = report if report is not None else ReadReport()
    if fmt == "tau-bench":
        from trajectory2gym.taubench import import_tau_bench_results

        yield from import_tau_bench_results(path, report=report, **import_options)
        return
    for src, lineno, raw in iter_records(path, fmt):
        report.records += 1
        inter = interaction_or_errors(raw, line=lineno, source=src)
        if isinstance(inter, list):
            report.add_bad(inter)
            continue
        report.ok += 1
        yield inter


# --------------------------------------------------------------------------- writing


def _as_dict(record: Interaction | dict[str, Any]) -> dict[str, Any]:
    return record.to_dict() if isinstance(record, Interaction) else record


class JsonlWriter:
    """Append records as JSON lines; usable as a context manager."""

    def __init__(self, path: str | os.PathLike[str], append: bool = False):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[bytes] = open(path, "ab" if append else "wb")
        self.count = 0

    def write(self, record: Interaction | dict[str, Any]) -> None:
        self._fh.write(orjson.dumps(_as_dict(record), option=orjson.OPT_APPEND_NEWLINE))
        self.count += 1

    def write_line(self, line: bytes) -> None:
        """A record already encoded as one JSON line (ending in a newline)."""
        self._fh.write(line)
        self.count += 1

    def flush(self) -> None:
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> JsonlWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class MsgpackWriter:
    """Stream records into one msgpack file, or shards of ``shard_size`` records in a directory.

    A path ending in ``.msgpack`` is one file; any other path is a shard directory.
    Each shard is written under a temporary name and renamed when full, so a
    reader never sees half a shard from a live writer.
    """

    def __init__(self, path: str | os.PathLike[str], shard_size: int = 10_000, prefix: str = "part"):
        self.path = Path(path)
        self.single = self.path.name.endswith(MSGPACK_SUFFIXES)
        self.shard_size = shard_size
        self.prefix = prefix
        self.count = 0
        self.shards: list[Path] = []
        self._packer = msgpack.Packer(use_bin_type=True)
        self._fh: IO[bytes] | None = None
        self._tmp: Path | None = None
        self._final: Path | None = None
        self._in_shard = 0
        if self.single:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        else:
            self.path.mkdir(parents=True, exist_ok=True)
            self._next_index = len(msgpack_shards(self.path))

    def _open(self) -> None:
        if self.single:
            self._final = self.path
        else:
            self._final = self.path / f"{self.prefix}-{self._next_index:05d}.msgpack"
            self._next_index += 1
        self._tmp = self._final.with_name(self._final.name + ".tmp")
        self._fh = open(self._tmp, "wb")
        self._in_shard = 0

    def _seal(self) -> None:
        if self._fh is None:
            return
        self._fh.close()
        assert self._tmp is not None and self._final is not None
        os.replace(self._tmp, self._final)
        self.shards.append(self._final)
        self._fh = None

    def write(self, record: Interaction | dict[str, Any]) -> None:
        if self._fh is None:
            self._open()
        assert self._fh is not None
        self._fh.write(self._packer.pack(_as_dict(record)))
        self.count += 1
        self._in_shard += 1
        if not self.single and self._in_shard >= self.shard_size:
            self._seal()

    def close(self) -> None:
        if self._fh is None and self.single and self.count == 0:
            self._open()  # an empty input still yields an (empty) file
        self._seal()

    def __enter__(self) -> MsgpackWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_writer(path: str | os.PathLike[str], fmt: str | None = None) -> JsonlWriter | MsgpackWriter:
    fmt = fmt or ("msgpack" if not str(path).lower().endswith(JSONL_SUFFIXES) else "jsonl")
    if fmt == "jsonl":
        return JsonlWriter(path)
    if fmt == "msgpack":
        return MsgpackWriter(path)
    raise ValueError(f"no streaming writer for format {fmt!r}")


def write_records(
    path: str | os.PathLike[str], records: Iterable[Interaction | dict[str, Any]], fmt: str | None = None
) -> int:
    with open_writer(path, fmt) as writer:
        for rec in records:
            writer.write(rec)
        return writer.count


def pack(record: Interaction | dict[str, Any]) -> bytes:
    """One record as msgpack bytes (what actors send to each other)."""
    return msgpack.packb(_as_dict(record), use_bin_type=True)


def unpack(blob: bytes) -> Any:
    return msgpack.unpackb(blob, raw=False, strict_map_key=False)
