"""Certify interactions as they arrive and write them into a round's shards (pure, no Ray).

The sink is what the certifier actor hosts. It keeps the ids it has accepted
in the current round: a second delivery of an id (a retried task, a worker
that restarted after sending) is acknowledged as a duplicate and not written
again. Records that cannot be read are rejected with a reason that names the
record and are counted, never fatal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trajectory2gym.codecs import MsgpackWriter, unpack
from trajectory2gym.validation import RecordErrors, parse_interaction


@dataclass
class RoundDigest:
    """What one round delivered: ids and the statistics the progress display shows."""

    round: int
    ids: list[str] = field(default_factory=list)
    duplicates: int = 0
    rejected: dict[str, str] = field(default_factory=dict)
    decisions: int = 0
    eligible: int = 0
    rewards: list[float] = field(default_factory=list)
    path_keys: list[str] = field(default_factory=list)
    by_family: dict[str, int] = field(default_factory=dict)

    @property
    def eligible_share(self) -> float:
        return self.eligible / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "ids": sorted(self.ids),
            "duplicates": self.duplicates,
            "rejected": dict(sorted(self.rejected.items())),
            "decisions": self.decisions,
            "eligible": self.eligible,
            "eligible_share": self.eligible_share,
            "reward_sum": sum(self.rewards),
            "reward_n": len(self.rewards),
            "mean_reward": sum(self.rewards) / len(self.rewards) if self.rewards else 0.0,
            "path_keys": sorted(set(self.path_keys)),
            "paths": len(set(self.path_keys)),
            "by_family": dict(sorted(self.by_family.items())),
        }


def merge_digests(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One round's digest from the digests of several certifiers (disjoint ids by routing)."""
    if not parts:
        raise ValueError("no digests to merge")
    ids = sorted(i for p in parts for i in p["ids"])
    if len(ids) != len(set(ids)):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"round {parts[0]['round']}: ids accepted by two certifiers: {dup[:5]}")
    decisions = sum(p["decisions"] for p in parts)
    eligible = sum(p["eligible"] for p in parts)
    reward_sum = sum(p["reward_sum"] for p in parts)
    reward_n = sum(p["reward_n"] for p in parts)
    keys = sorted({k for p in parts for k in p["path_keys"]})
    families: dict[str, int] = {}
    for p in parts:
        for f, n in p["by_family"].items():
            families[f] = families.get(f, 0) + n
    return {
        "round": parts[0]["round"],
        "ids": ids,
        "duplicates": sum(p["duplicates"] for p in parts),
        "rejected": dict(sorted(kv for p in parts for kv in p["rejected"].items())),
        "decisions": decisions,
        "eligible": eligible,
        "eligible_share": eligible / decisions if decisions else 0.0,
        "reward_sum": reward_sum,
        "reward_n": reward_n,
        "mean_reward": reward_sum / reward_n if reward_n else 0.0,
        "path_keys": keys,
        "paths": len(keys),
        "by_family": dict(sorted(families.items())),
    }


def route(record_id: str, n: int) -> int:
    """Which of ``n`` certifiers owns an id: stable, so every delivery of an id meets the same dedupe."""
    import hashlib

    return int.from_bytes(hashlib.blake2b(record_id.encode(), digest_size=4).digest(), "big") % n


class CertifyingSink:
    def __init__(
        self, certify_config: dict[str, Any] | None = None, shard_size: int = 256, prefix: str = "part"
    ) -> None:
        from trajectory2gym.certify import Certifier, CertifyConfig

        self.certifier = Certifier(CertifyConfig.model_validate(certify_config or {}))
        self.shard_size = shard_size
        self.prefix = prefix
        self.digest: RoundDigest | None = None
        self._seen: set[str] = set()
        self._raw: MsgpackWriter | None = None
        self._cert: MsgpackWriter | None = None

    def open_round(self, round_: int, round_dir: str | Path) -> None:
        if self.digest is not None:
            raise RuntimeError(f"round {self.digest.round} is still open")
        path = Path(round_dir)
        self._raw = MsgpackWriter(path / "interactions", shard_size=self.shard_size, prefix=self.prefix)
        self._cert = MsgpackWriter(path / "certified", shard_size=self.shard_size, prefix=self.prefix)
        self.digest = RoundDigest(round_)
        self._seen = set()

    def submit(self, blob: bytes) -> tuple[str, dict[str, Any] | None]:
        """Certify and write one packed interaction.

        Returns (status, certified record): status is ``accepted``, ``duplicate``
        or ``rejected: <reason>``; the record is given only when accepted.
        """
        if self.digest is None or self._raw is None or self._cert is None:
            raise RuntimeError("no round is open")
        try:
            raw = unpack(blob)
        except Exception as exc:  # msgpack raises several unrelated types
            return self._reject("?", f"cannot decode msgpack: {exc}")
        rid = raw.get("id", "?") if isinstance(raw, dict) else "?"
        if rid in self._seen:
            self.digest.duplicates += 1
            return "duplicate", None
        try:
            inter = parse_interaction(raw, line=len(self._seen) + 1, source="stream")
        except RecordErrors as exc:
            return self._reject(rid, "; ".join(str(e) for e in exc.errors))
        try:
            record = self.certifier.certify_record(inter)  # JSON-ready, as the shard stores it
        except Exception as exc:  # a certifier bug must not take the round down
            return self._reject(rid, f"certification failed: {type(exc).__name__}: {exc}")
        self._seen.add(inter.id)
        # What the generator meant (family, template) and the round's plan travel with the record:
        # the selector groups generated tasks by them.
        planned = inter.metadata.get("planned") or {}
        origin = {k: inter.metadata.get(k) for k in ("family", "template") if inter.metadata.get(k)}
        origin.update({k: planned[k] for k in ("round", "hint") if k in planned})
        if origin:
            record["metadata"]["origin"] = origin
        self._raw.write(inter)
        self._cert.write(record)
        d = self.digest
        d.ids.append(inter.id)
        d.decisions += record["summary"]["decisions"]
        d.eligible += record["summary"]["eligible"]
        if inter.reward is not None:
            d.rewards.append(float(inter.reward))
        if record["path_key"]:
            d.path_keys.append(record["path_key"])
        family = (inter.metadata.get("planned") or {}).get("family", "?")
        d.by_family[family] = d.by_family.get(family, 0) + 1
        return "accepted", record

    def _reject(self, rid: str, reason: str) -> tuple[str, None]:
        assert self.digest is not None
        self.digest.rejected[rid] = reason
        return f"rejected: {reason}", None

    def close_round(self) -> RoundDigest:
        if self.digest is None or self._raw is None or self._cert is None:
            raise RuntimeError("no round is open")
        self._raw.close()
        self._cert.close()
        digest, self.digest = self.digest, None
        self._raw = self._cert = None
        return digest
