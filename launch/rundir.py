"""The run directory: layout, atomic writes and the per-round checkpoint.

```
runs/<name>-<stamp>/
  config.yaml                  the validated config (resume reads it back)
  state.json                   the checkpoint: completed rounds, metrics, finished stages
  rounds/r000/planned.json     the planned tasks of round 0
  rounds/r000/interactions/    executed interactions (msgpack shards)
  rounds/r000/certified/       certified records (msgpack shards)
  inventory/round-000.json     the support inventory after round 0
  metrics.jsonl                one line per round (and per stage)
  selected.jsonl, selection.json
  learner/                     learner checkpoints
  report/                      report.md, report.html, report_figures/*.png
```

A round is written under ``rounds/r000.partial`` and renamed when complete;
``state.json`` is replaced atomically after the rename, so a crash at any point
leaves either the previous checkpoint or the new one, never half of one.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, Field

STATE_FORMAT = "t2g-run-state/1"


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, orjson.dumps(obj, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS))


def read_json(path: Path) -> Any:
    try:
        return orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from None


class RunState(BaseModel):
    """What ``state.json`` holds: enough to continue after the last completed step."""

    format: str = STATE_FORMAT
    completed_rounds: int = 0
    stopped: str | None = None  # why rounds ended: "round_budget" | "no_deficits"
    round_metrics: list[dict[str, Any]] = Field(default_factory=list)
    stages_done: list[str] = Field(default_factory=list)  # "select", "train", "report"
    stage_metrics: dict[str, dict[str, Any]] = Field(default_factory=dict)
    updated: float = 0.0


class RunDir:
    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(cls, root: str | os.PathLike[str], name: str) -> RunDir:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        base = Path(root) / f"{name}-{stamp}"
        base.parent.mkdir(parents=True, exist_ok=True)
        path, n = base, 1
        while True:
            try:
                path.mkdir()  # atomic: two runs started in the same second get different dirs
                return cls(path)
            except FileExistsError:
                n += 1
                path = base.with_name(f"{base.name}-{n}")

    # ------------------------------------------------------------------ layout

    @property
    def config_path(self) -> Path:
        return self.path / "config.yaml"

    @property
    def state_path(self) -> Path:
        return self.path / "state.json"

    @property
    def metrics_path(self) -> Path:
        return self.path / "metrics.jsonl"

    @property
    def selected_path(self) -> Path:
        return self.path / "selected.jsonl"

    @property
    def selection_path(self) -> Path:
        return self.path / "selection.json"

    @property
    def learner_dir(self) -> Path:
        return self.path / "learner"

    @property
    def report_dir(self) -> Path:
        return self.path / "report"

    def round_dir(self, r: int) -> Path:
        return self.path / "rounds" / f"r{r:03d}"

    def partial_round_dir(self, r: int) -> Path:
        return self.path / "rounds" / f"r{r:03d}.partial"

    def inventory_path(self, r: int) -> Path:
        return self.path / "inventory" / f"round-{r:03d}.json"

    def interaction_dirs(self, upto: int) -> list[Path]:
        return [self.round_dir(r) / "interactions" for r in range(upto)]

    def certified_dirs(self, upto: int) -> list[Path]:
        return [self.round_dir(r) / "certified" for r in range(upto)]

    # ------------------------------------------------------------------ state

    def load_state(self) -> RunState:
        if not self.state_path.exists():
            return RunState()
        data = read_json(self.state_path)
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise ValueError(f"{self.state_path}: not a {STATE_FORMAT} checkpoint")
        return RunState.model_validate(data)

    def save_state(self, state: RunState) -> None:
        state.updated = time.time()
        atomic_write_json(self.state_path, state.model_dump(mode="json"))

    def commit_round(self, r: int) -> None:
        """Make round ``r``'s partial directory the round's directory (atomic rename)."""
        partial, final = self.partial_round_dir(r), self.round_dir(r)
        if final.exists():
            shutil.rmtree(final)
        os.replace(partial, final)

    def discard_uncommitted(self, completed_rounds: int) -> list[Path]:
        """Remove partial rounds and any round past the checkpoint (left by a crash)."""
        removed: list[Path] = []
        rounds = self.path / "rounds"
        if rounds.exists():
            for p in sorted(rounds.iterdir()):
                idx = p.name[1:4]
                stale = p.name.endswith(".partial") or (idx.isdigit() and int(idx) >= completed_rounds)
                if stale:
                    shutil.rmtree(p)
                    removed.append(p)
        inv = self.path / "inventory"
        if inv.exists():
            for p in sorted(inv.glob("round-*.json")):
                if int(p.stem.split("-")[1]) >= completed_rounds:
                    p.unlink()
                    removed.append(p)
        return removed

    def append_metrics(self, record: dict[str, Any]) -> None:
        with open(self.metrics_path, "ab") as fh:
            fh.write(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE | orjson.OPT_SORT_KEYS))

    def rewrite_metrics(self, records: list[dict[str, Any]]) -> None:
        """metrics.jsonl as exactly these records (resume drops lines past the checkpoint)."""
        blob = b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE | orjson.OPT_SORT_KEYS) for r in records)
        atomic_write_bytes(self.metrics_path, blob)
