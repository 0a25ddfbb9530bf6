"""Weights & Biases for a run: offline unless a key is set, or disabled.

The run's W&B id is derived from the run directory, so a resumed run continues
the same W&B run (``resume="allow"``). Offline files go under the run
directory (``wandb/``); ``wandb sync RUN_DIR/wandb/offline-run-*`` uploads them.
"""

from __future__ import annotations

import hashlib
from typing import Any

from trajectory2gym.launch.rundir import RunDir


class WandbLogger:
    def __init__(
        self,
        mode: str,
        run_dir: RunDir,
        *,
        project: str,
        entity: str | None = None,
        tags: list[str] | None = None,
        config: dict[str, Any] | None = None,
    ) -> None:
        self.mode = mode
        self.run: Any = None
        if mode == "disabled":
            return
        import wandb

        run_id = hashlib.blake2b(str(run_dir.path.resolve()).encode(), digest_size=8).hexdigest()
        self.run = wandb.init(
            mode=mode,
            project=project,
            entity=entity,
            name=run_dir.path.name,
            id=run_id,
            resume="allow",
            dir=str(run_dir.path),
            tags=tags or [],
            config=config or {},
            settings=wandb.Settings(silent=True, console="off"),
        )

    def log(self, metrics: dict[str, Any], step: int | None = None) -> None:
        if self.run is None:
            return
        flat = {k: v for k, v in metrics.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        self.run.log(flat, step=step)

    def summary(self, values: dict[str, Any]) -> None:
        if self.run is None:
            return
        for k, v in values.items():
            self.run.summary[k] = v

    def finish(self) -> None:
        if self.run is not None:
            self.run.finish()
            self.run = None
