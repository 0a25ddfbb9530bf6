"""Certify a file as a stream of JSON lines, in one process or across worker processes.

What ``t2g certify`` runs. The reading is the same in both modes: raw JSONL lines,
msgpack records, or interactions imported from a tau-bench file, in batches. One
function validates, certifies and encodes a batch (``_certify_items``): here, with
one worker; in a process pool with several, each worker returning its JSON lines,
its bad records and a corpus tally. Batches come back in input order, so the output
file, the read report and the statistics are the same for any worker count.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import orjson

from trajectory2gym.certify.certifier import Certifier, UncertifiableRecord
from trajectory2gym.certify.config import CertifyConfig
from trajectory2gym.certify.report import CorpusReport
from trajectory2gym.interaction import Interaction
from trajectory2gym.validation import ReadReport, RecordError, interaction_or_errors

# (file, line or record number in it, the record as read): what a worker certifies
Item = tuple[str, int, Any]
BATCH = 32  # interactions per task: large enough to hide the pipe, small enough to keep both cores busy

# One certifier per worker process (its caches live as long as the process).
_WORKER: dict[str, Any] = {}


def resolve_workers(workers: int) -> int:
    """``0`` means every core this process may use."""
    if workers > 0:
        return workers
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def certified_lines(
    path: str,
    fmt: str | None,
    report: ReadReport,
    corpus: CorpusReport,
    config: CertifyConfig,
    *,
    domain: str | None = None,
    workers: int = 1,
) -> Iterator[bytes]:
    """One JSON line per valid interaction of ``path``, in input order; bad records go into
    ``report``, statistics into ``corpus``. ``workers`` > 1 certifies in that many processes.

    A record the certifier itself fails on (a bug, not bad input) is reported with its line
    and id as ``certification_failed`` and skipped, like a bad record: the rest still lands.
    """
    from trajectory2gym.codecs import detect_format

    fmt = fmt or detect_format(path)
    workers = resolve_workers(workers)
    feed = ReadReport()  # what the reader counts, folded into ``report`` at the end
    batches = _batches(_raw_items(path, fmt, feed, domain), BATCH)
    if workers > 1:
        # No more processes than batches (a process costs a fork): read ahead up to one batch per
        # worker. An input of one batch is certified here, without a pool.
        head = list(itertools.islice(batches, workers))
        batches = itertools.chain(head, batches)
        workers = len(head)
    if workers <= 1:
        return _serial(Certifier(config), batches, report, corpus, feed, domain)
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # A worker that dies (out of memory) breaks the pool with BrokenProcessPool: an error,
    # never a hang; the lines already yielded are the caller's to keep.
    executor = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker,
                                   initargs=(config.model_dump(mode="json"),))
    jobs = ((batch, domain) for batch in batches)
    window: deque[Future[Any]] = deque()
    first = next(jobs, None)
    if first is not None:
        # Submitting starts the workers now, before the caller starts threads of its own (a
        # progress bar): fork then copies a single-threaded process, every module imported.
        window.append(executor.submit(_certify_batch, first))
    return _parallel(executor, window, jobs, workers, report, corpus, feed)


def _serial(certifier: Certifier, batches: Iterator[list[Item]], report: ReadReport,
            corpus: CorpusReport, feed: ReadReport, domain: str | None) -> Iterator[bytes]:
    for batch in batches:
        lines, bad, ok = _certify_items(certifier, batch, domain, corpus)
        _fold(report, bad, ok)
        yield from lines
    report.merge(feed)


def _parallel(executor: ProcessPoolExecutor, window: deque[Future[Any]], jobs: Iterator[Any], workers: int,
              report: ReadReport, corpus: CorpusReport, feed: ReadReport) -> Iterator[bytes]:
    """Results in input order, with at most two batches per worker in flight (bounded memory)."""
    with executor:
        for job in jobs:
            window.append(executor.submit(_certify_batch, job))
            if len(window) > 2 * workers:
                yield from _collect(window.popleft(), report, corpus)
        while window:
            yield from _collect(window.popleft(), report, corpus)
    report.merge(feed)


def _collect(future: Future[Any], report: ReadReport, corpus: CorpusReport) -> list[bytes]:
    lines, bad, ok, tally = future.result()
    _fold(report, bad, ok)
    corpus.merge(tally)
    return lines


def _fold(report: ReadReport, bad: list[list[RecordError]], ok: int) -> None:
    report.ok += ok
    for errors in bad:
        report.add_bad(errors)


def _raw_items(path: str, fmt: str, feed: ReadReport, domain: str | None) -> Iterator[Item]:
    """What a worker gets: (file, line, raw JSON bytes | decoded record | RecordError | imported
    Interaction); the file is the shard a record of a shard directory came from."""
    from trajectory2gym.codecs import iter_msgpack_located, jsonl_lines
    from trajectory2gym.core_cli import read_any

    src = str(path)
    if fmt == "jsonl":
        for lineno, line in jsonl_lines(path):  # lines stay bytes: decoding is the workers' share
            feed.records += 1
            yield src, lineno, line
    elif fmt == "msgpack":
        for shard, number, raw in iter_msgpack_located(path):
            feed.records += 1
            yield shard, number, raw  # a RecordError too: the worker reports it, in order
    else:  # tau-bench: converted here (the importer counts into ``feed``), certified there
        for number, inter in enumerate(read_any(path, fmt, feed, domain), start=1):
            yield src, number, inter


def _batches(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    batch: list[Item] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _init_worker(config: dict[str, Any]) -> None:
    _WORKER["certifier"] = Certifier(CertifyConfig.model_validate(config))


def _certify_batch(
    job: tuple[list[Item], str | None],
) -> tuple[list[bytes], list[list[RecordError]], int, CorpusReport]:
    """A worker's task: its batch certified with the process's certifier, and the batch's tally."""
    batch, domain = job
    corpus = CorpusReport()
    lines, bad, ok = _certify_items(_WORKER["certifier"], batch, domain, corpus)
    return lines, bad, ok, corpus


def _certify_items(
    certifier: Certifier, batch: list[Item], domain: str | None, corpus: CorpusReport,
) -> tuple[list[bytes], list[list[RecordError]], int]:
    """(JSON lines, each bad record's errors, records validated and certified) of one batch."""
    from trajectory2gym.codecs import decode_jsonl_line

    lines: list[bytes] = []
    bad: list[list[RecordError]] = []
    ok = 0
    for src, line, item in batch:
        imported = isinstance(item, Interaction)  # from a tau-bench file: counted by the importer
        if imported:
            inter = item
        else:
            if isinstance(item, bytes):
                item = decode_jsonl_line(item, line, src)
            parsed = interaction_or_errors(item, line=line, source=src)
            if isinstance(parsed, list):
                bad.append(parsed)
                continue
            inter = parsed
        if domain and not inter.domain:
            inter.domain = domain
        try:
            record = certifier.certify_record(inter)  # JSON-ready: no model built and dumped again
        except UncertifiableRecord as exc:
            bad.append([RecordError("uncertifiable", exc.message, exc.path, line, inter.id, src)])
            ok -= imported
            continue
        except Exception as exc:  # a certifier bug must not cost the rest of the file
            bad.append([RecordError("certification_failed", f"the certifier failed: {type(exc).__name__}: {exc}",
                                    "", line, inter.id, src)])
            ok -= imported  # the importer counted it valid: records = ok + bad records still
            continue
        ok += not imported  # valid and certified: records = ok + bad records
        corpus.add(record)
        lines.append(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE))
    return lines, bad, ok
