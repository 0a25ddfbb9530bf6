"""Decontamination: training data whose requests or gold actions overlap held-out tasks.

Each training or evaluation item is reduced to its user-request texts (task
instruction, scripted request, the user's messages) and its action set
(gold actions of a task; the successful tool calls of an interaction, the
customer's device calls included), each action canonicalized as
``name(sorted JSON kwargs)``. tau2 task records (telecom) count with their user
instruction and every action of their evaluation criteria (agent and device).
Every item remembers the file it came from: task ids repeat across files
(tau-bench's ``retail-14`` is in train, dev and test), so reports name both.

Overlap kinds:
- ``request_exact``: a normalized request text equals a held-out one;
- ``request_near``: word-shingle Jaccard >= ``text_threshold``; candidates
  come from MinHash signatures (numpy) with LSH banding, and every candidate is
  verified with the exact Jaccard of the shingle sets, so reported scores are exact;
- ``actions_exact`` / ``actions_near``: the same for action sets (Jaccard over
  the canonical actions; empty sets never match).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Interaction
from trajectory2gym.selector.exclusions import (  # the reader is re-exported beside the writer
    Exclusions,
    load_exclusions,  # noqa: F401
)

_WORD = re.compile(r"[a-z0-9#@._-]+")
_MASK64 = (1 << 64) - 1


@dataclass
class Item:
    """What decontamination compares: request texts and the action set of one task or interaction."""

    id: str
    task_id: str | None
    texts: list[str]
    actions: frozenset[str]
    kind: str  # "task" or "interaction"
    source: str | None = None  # the file it was read from

    @property
    def key(self) -> tuple[str | None, str]:
        """Identity across files (ids alone repeat between tau-bench splits)."""
        return (self.source, self.id)


@dataclass(frozen=True)
class Overlap:
    train_id: str
    train_task_id: str | None
    eval_id: str
    kind: str  # request_exact | request_near | actions_exact | actions_near
    score: float
    train_source: str | None = None
    eval_source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "train_id": self.train_id,
            "train_task_id": self.train_task_id,
            "train_source": self.train_source,
            "eval_id": self.eval_id,
            "eval_source": self.eval_source,
            "kind": self.kind,
            "score": round(self.score, 4),
        }


# --------------------------------------------------------------------------- items


def canonical_action(name: str, kwargs: dict[str, Any]) -> str:
    return f"{name}({orjson.dumps(kwargs, option=orjson.OPT_SORT_KEYS).decode()})"


def normalize_text(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def item_from_task(task: TaskSpec, source: str | None = None) -> Item:
    texts = [t for t in (task.instruction, task.request) if t and t.strip()]
    actions = frozenset(canonical_action(a.name, a.kwargs) for a in task.gold_actions)
    return Item(task.id, task.id, texts, actions, "task", source)


def item_from_tau2(raw: dict[str, Any], source: str | None = None) -> Item:
    """A tau2 task record: its user instruction and every action of its evaluation criteria.

    The device (``requestor: user``) actions count too: many telecom tasks are solved on the
    customer's phone alone, and interactions carry those calls as well.
    """
    from trajectory2gym.envs.telecom.tasks import tau2_instruction

    rid = str(raw.get("id"))
    text = tau2_instruction(raw)
    criteria = raw.get("evaluation_criteria") or {}
    actions = frozenset(
        canonical_action(str(a["name"]), a.get("arguments") or {})
        for a in criteria.get("actions") or []
        if isinstance(a, dict) and "name" in a
    )
    return Item(rid, rid, [text] if text.strip() else [], actions, "task", source)


def item_from_interaction(inter: Interaction, source: str | None = None) -> Item:
    """Request texts: the task text in ``private`` (if any) and the user's messages joined."""
    texts: list[str] = []
    for key in ("instruction", "request"):
        value = inter.private.get(key)
        if isinstance(value, str) and value.strip():
            texts.append(value)
    said = " ".join(m.content for m in inter.messages if m.role == "user" and m.content)
    if said.strip():
        texts.append(said)
    # A call counts when its observation was not an error: failed attempts are not the gold set.
    # User messages with calls are the customer acting on the device (telecom's dual control).
    failed = {m.tool_call_id for m in inter.messages if m.role == "tool" and m.is_error_observation}
    actions = frozenset(
        canonical_action(call.name, call.arguments)
        for m in inter.messages
        if m.role in ("assistant", "user")
        for call in m.calls
        if call.id not in failed
    )
    return Item(inter.id, inter.task_id, texts, actions, "interaction", source)


# --------------------------------------------------------------------------- MinHash


def shingles(text: str, size: int = 5) -> frozenset[str]:
    """Word ``size``-grams of the normalized text (a short text is one shingle)."""
    words = normalize_text(text).split()
    if not words:
        return frozenset()
    if len(words) <= size:
        return frozenset([" ".join(words)])
    return frozenset(" ".join(words[i : i + size]) for i in range(len(words) - size + 1))


def _hash64(tokens: Iterable[str]) -> np.ndarray:
    return np.fromiter(
        (int.from_bytes(hashlib.blake2b(t.encode(), digest_size=8).digest(), "little") for t in tokens),
        dtype=np.uint64,
    )


class MinHasher:
    """Multiply-shift hash family over 64-bit shingle hashes; uint64 arithmetic wraps, as intended."""

    def __init__(self, num_perm: int = 128, seed: int = 0):
        rng = np.random.default_rng(seed)
        self.num_perm = num_perm
        self.a = rng.integers(1, _MASK64, size=num_perm, dtype=np.uint64) | np.uint64(1)
        self.b = rng.integers(0, _MASK64, size=num_perm, dtype=np.uint64)

    def signature(self, tokens: frozenset[str]) -> np.ndarray:
        if not tokens:
            return np.full(self.num_perm, np.iinfo(np.uint64).max, dtype=np.uint64)
        h = _hash64(sorted(tokens))
        with np.errstate(over="ignore"):
            mixed = (h[:, None] * self.a[None, :] + self.b[None, :]) >> np.uint64(16)
        return mixed.min(axis=0)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def _lsh_candidates(
    train_sigs: np.ndarray, eval_sigs: np.ndarray, bands: int
) -> set[tuple[int, int]]:
    """(train row, eval row) pairs that agree on at least one band of their signatures."""
    rows = train_sigs.shape[1] // bands
    pairs: set[tuple[int, int]] = set()
    for band in range(bands):
        sl = slice(band * rows, (band + 1) * rows)
        buckets: dict[bytes, list[int]] = defaultdict(list)
        for j, sig in enumerate(eval_sigs[:, sl]):
            buckets[sig.tobytes()].append(j)
        for i, sig in enumerate(train_sigs[:, sl]):
            for j in buckets.get(sig.tobytes(), ()):
                pairs.add((i, j))
    return pairs


@dataclass
class DecontamConfig:
    text_threshold: float = 0.7
    action_threshold: float = 0.8
    shingle_size: int = 5
    num_perm: int = 128
    bands: int = 32
    seed: int = 0

    def __post_init__(self) -> None:
        if not 0.0 < self.text_threshold <= 1.0 or not 0.0 < self.action_threshold <= 1.0:
            raise ValueError("decontam thresholds must lie in (0, 1]")
        if self.shingle_size < 1:
            raise ValueError(f"shingle_size={self.shingle_size}: a shingle needs at least 1 word")
        if self.num_perm % self.bands:
            raise ValueError(f"num_perm={self.num_perm} must be a multiple of bands={self.bands}")


def _near_pairs(
    train: Sequence[frozenset[str]], held: Sequence[frozenset[str]], threshold: float, cfg: DecontamConfig
) -> dict[tuple[int, int], float]:
    """Exact Jaccard >= threshold for LSH candidate pairs of non-empty sets."""
    hasher = MinHasher(cfg.num_perm, cfg.seed)
    ti = [i for i, s in enumerate(train) if s]
    ei = [j for j, s in enumerate(held) if s]
    if not ti or not ei:
        return {}
    tsig = np.stack([hasher.signature(train[i]) for i in ti])
    esig = np.stack([hasher.signature(held[j]) for j in ei])
    out: dict[tuple[int, int], float] = {}
    for a, b in _lsh_candidates(tsig, esig, cfg.bands):
        i, j = ti[a], ei[b]
        score = jaccard(train[i], held[j])
        if score >= threshold:
            out[(i, j)] = score
    return out


def find_overlaps(
    train: Sequence[Item], heldout: Sequence[Item], cfg: DecontamConfig | None = None
) -> list[Overlap]:
    """Every (training item, held-out item) overlap, the strongest kind per pair and modality."""
    cfg = cfg or DecontamConfig()
    found: dict[tuple[int, int, str], Overlap] = {}

    def add(i: int, j: int, kind: str, score: float) -> None:
        modality = kind.split("_")[0]
        key = (i, j, modality)
        prev = found.get(key)
        # exact beats near; a higher score beats a lower one
        if prev is None or (kind.endswith("exact"), score) > (prev.kind.endswith("exact"), prev.score):
            found[key] = Overlap(train[i].id, train[i].task_id, heldout[j].id, kind, score,
                                 train[i].source, heldout[j].source)

    # Exact request texts: normalized string equality.
    held_text: dict[str, list[int]] = defaultdict(list)
    for j, item in enumerate(heldout):
        for text in item.texts:
            norm = normalize_text(text)
            if norm:
                held_text[norm].append(j)
    for i, item in enumerate(train):
        for text in item.texts:
            for j in held_text.get(normalize_text(text), ()):
                add(i, j, "request_exact", 1.0)

    # Near-duplicate requests: one shingle set per text; a pair counts once (best text pair).
    t_index = [(i, shingles(t, cfg.shingle_size)) for i, it in enumerate(train) for t in it.texts]
    e_index = [(j, shingles(t, cfg.shingle_size)) for j, it in enumerate(heldout) for t in it.texts]
    pairs = _near_pairs([s for _, s in t_index], [s for _, s in e_index], cfg.text_threshold, cfg)
    for (a, b), score in pairs.items():
        add(t_index[a][0], e_index[b][0], "request_near" if score < 1.0 else "request_exact", score)

    # Action sets.
    held_actions: dict[frozenset[str], list[int]] = defaultdict(list)
    for j, item in enumerate(heldout):
        if item.actions:
            held_actions[item.actions].append(j)
    for i, item in enumerate(train):
        for j in held_actions.get(item.actions, ()) if item.actions else ():
            add(i, j, "actions_exact", 1.0)
    pairs = _near_pairs([it.actions for it in train], [it.actions for it in heldout], cfg.action_threshold, cfg)
    for (i, j), score in pairs.items():
        add(i, j, "actions_near" if score < 1.0 else "actions_exact", score)

    return sorted(found.values(), key=lambda o: (o.train_id, o.train_source or "", o.eval_id,
                                                 o.eval_source or "", o.kind))


# --------------------------------------------------------------------------- exclusion list


def exclusions_from_overlaps(overlaps: Iterable[Overlap], items: Sequence[Item]) -> Exclusions:
    """Tasks that overlap are excluded by task id, interactions by their id."""
    kinds = {it.id: it.kind for it in items}
    out = Exclusions()
    for o in overlaps:
        if kinds.get(o.train_id) == "task":
            out.task_ids.add(o.train_id)
        else:
            out.ids.add(o.train_id)
    return out


def summarize(overlaps: Sequence[Overlap], n_train: int, n_heldout: int) -> dict[str, Any]:
    by_kind: dict[str, int] = defaultdict(int)
    for o in overlaps:
        by_kind[o.kind] += 1
    return {
        "train_items": n_train,
        "heldout_items": n_heldout,
        # (file, id): the same id in two files is two items.
        "contaminated_train_items": len({(o.train_source, o.train_id) for o in overlaps}),
        "heldout_items_hit": len({(o.eval_source, o.eval_id) for o in overlaps}),
        "overlaps_by_kind": dict(sorted(by_kind.items())),
    }


# --------------------------------------------------------------------------- files


def _looks_like_interactions(path: Path) -> bool:
    """Interaction logs (msgpack, or JSONL whose first record has ``messages``) versus task files."""
    from trajectory2gym.codecs import MSGPACK_SUFFIXES, iter_raw

    name = path.name.lower()
    if path.is_dir() or name.endswith(MSGPACK_SUFFIXES):
        return True
    if not name.endswith((".jsonl", ".ndjson")):
        return False
    for _, raw in iter_raw(path, "jsonl"):
        return isinstance(raw, dict) and "messages" in raw
    return False


def load_items(path: str | os.PathLike[str], domain: str | None = None) -> tuple[list[Item], list[Any]]:
    """Items of a task file (tau-bench, tau2 or TaskSpec) or an interaction log, and the skipped
    records' errors. Every item names ``path`` as its source."""
    from trajectory2gym.codecs import read_interactions
    from trajectory2gym.launch.eval.tasks_io import (
        guess_domain_from_name,
        is_tau2_record,
        task_from_record,
        unique_records,
    )
    from trajectory2gym.validation import ReadReport, RecordError

    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"{path}: no such file")
    source = str(p)
    if _looks_like_interactions(p):
        report = ReadReport()
        items = [item_from_interaction(i, source) for i in read_interactions(p, None, report)]
        return items, list(report.errors)
    domain = domain or guess_domain_from_name(p)

    def parse(raw: Any, position: int) -> Any:
        if not is_tau2_record(raw):
            return item_from_task(task_from_record(raw, position, domain, source), source)
        try:
            return item_from_tau2(raw, source)
        except (AttributeError, TypeError) as exc:  # a tau2 record of the wrong shape
            rid = str(raw.get("id")) if isinstance(raw, dict) else None
            raise RecordError("invalid_task", f"malformed tau2 task ({exc})", "", position, rid, source) from None

    items, errors = unique_records(p, parse, lambda item: item.id, source)
    return items, list(errors)


def write_exclusions(path: str | os.PathLike[str], exclusions: Exclusions, summary: dict[str, Any]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_bytes(orjson.dumps({**exclusions.to_dict(), "summary": summary}, option=orjson.OPT_INDENT_2))

