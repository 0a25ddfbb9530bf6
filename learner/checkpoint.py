"""Atomic checkpoints with exact resume.

Layout of ``<checkpoint_dir>/step-00000012/``: DeepSpeed's sharded engine state
(model, optimizer, scheduler) under ``engine/``, one ``rng-rank{r}.pt`` per rank
(torch RNG as a tensor) and ``trainer_state.json`` (step, data position, Python and
NumPy RNG, and the ``RESUME_KEYS`` a resumed run must match: selected set, rows, loss,
batch shape). Everything is written into a hidden temp directory that is renamed into
place once complete, and ``latest`` is replaced atomically, so a crash never leaves a
half checkpoint that looks complete.
Every ``torch.load`` uses ``weights_only=True``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np

STATE_FILE = "trainer_state.json"
LATEST = "latest"
ENGINE_TAG = "engine"


def _safe_globals() -> list[Any]:
    """DeepSpeed objects its ZeRO optimizer state holds, allowed for weights-only unpickling."""
    allowed: list[Any] = []
    try:
        from deepspeed.runtime.fp16.loss_scaler import DynamicLossScaler, LossScaler
        from deepspeed.runtime.zero.config import ZeroStageEnum

        allowed += [ZeroStageEnum, LossScaler, DynamicLossScaler]
    except ImportError:
        pass
    try:
        from deepspeed.utils.tensor_fragment import fragment_address

        allowed.append(fragment_address)
    except ImportError:
        pass
    return allowed


def safe_torch_load(path: str | os.PathLike[str], map_location: Any = None) -> Any:
    import torch

    with torch.serialization.safe_globals(_safe_globals()):
        return torch.load(path, map_location=map_location, weights_only=True)


def install_safe_loader(engine: Any) -> None:
    """Make DeepSpeed's own checkpoint loading weights-only."""
    from deepspeed.runtime.checkpoint_engine import TorchCheckpointEngine

    class WeightsOnlyCheckpointEngine(TorchCheckpointEngine):
        def load(self, path: str, map_location: Any = None) -> Any:
            return safe_torch_load(path, map_location=map_location)

    engine.checkpoint_engine = WeightsOnlyCheckpointEngine(None)


def rng_state() -> dict[str, Any]:
    py = random.getstate()
    npy = np.random.get_state()
    return {
        "python": [py[0], list(py[1]), py[2]],
        "numpy": [npy[0], npy[1].tolist(), int(npy[2]), int(npy[3]), float(npy[4])],
    }


def set_rng_state(state: dict[str, Any]) -> None:
    py = state["python"]
    random.setstate((py[0], tuple(py[1]), py[2]))
    npy = state["numpy"]
    np.random.set_state((npy[0], np.asarray(npy[1], dtype=np.uint32), npy[2], npy[3], npy[4]))


def step_dir(root: str | os.PathLike[str], step: int) -> Path:
    return Path(root) / f"step-{step:08d}"


def _barrier() -> None:
    import torch.distributed as dist

    if dist.is_available() and dist.is_initialized():
        dist.barrier()


def save(engine: Any, root: str | os.PathLike[str], step: int, state: dict[str, Any], rank: int,
         keep: int = 2) -> Path:
    """Write a complete checkpoint for ``step`` (all ranks call this)."""
    import torch

    root = Path(root)
    final = step_dir(root, step)
    tmp = root / f".tmp-{final.name}"
    if rank == 0:
        root.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
    _barrier()
    engine.save_checkpoint(str(tmp), tag=ENGINE_TAG, save_latest=False)
    torch.save({"torch": torch.get_rng_state()}, tmp / f"rng-rank{rank}.pt")
    if rank == 0:
        (tmp / STATE_FILE).write_text(json.dumps({**state, "rng": rng_state()}))
    _barrier()
    if rank == 0:
        if final.exists():
            shutil.rmtree(final)
        os.replace(tmp, final)
        pointer = root / f".{LATEST}.tmp"
        pointer.write_text(final.name)
        os.replace(pointer, root / LATEST)
        old = sorted(p for p in root.glob("step-*") if p.is_dir() and p != final)
        for p in old[: max(0, len(old) - (keep - 1))]:
            shutil.rmtree(p, ignore_errors=True)
    _barrier()
    return final


# Trainer-state keys that fix which rows each step sees and what the loss is: resuming with any of
# them changed would continue the step count in a different schedule, or train another objective.
RESUME_KEYS: dict[str, str] = {
    "selected_identity": "the selected set (ids and weights)",
    "rows_digest": "hash of the rendered rows: data, certificates, tokenizer",
    "rows": "rendered rows",
    "world_size": "processes",
    "loss": "",
    "rendering": "",
    "max_length": "",
    "packing": "",
    "micro_batch": "",
    "grad_accum": "",
    "seed": "batch order",
}


def resume_mismatches(saved: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """One line per resume key whose value differs; a key an older checkpoint lacks is not compared."""
    out = []
    for key, what in RESUME_KEYS.items():
        if key in saved and key in current and saved[key] != current[key]:
            label = f"{key} ({what})" if what else key
            out.append(f"{label}: checkpoint {saved[key]!r}, this run {current[key]!r}")
    return out


def check_resumable(path: Path, saved: dict[str, Any], current: dict[str, Any]) -> None:
    problems = resume_mismatches(saved, current)
    if problems:
        raise ValueError(
            f"{path}: cannot resume, this run differs from the checkpoint in what fixes the batch schedule "
            f"and the objective: {'; '.join(problems)}. Resume with the checkpoint's values, or start "
            "afresh in a new checkpoint_dir (without --resume) to train with these")


def resolve(path: str | os.PathLike[str]) -> Path:
    """A checkpoint directory, or a checkpoint root whose ``latest`` names one."""
    p = Path(path)
    if (p / STATE_FILE).exists():
        return p
    if (p / LATEST).exists():
        q = p / (p / LATEST).read_text().strip()
        if (q / STATE_FILE).exists():
            return q
    raise FileNotFoundError(f"{path}: not a checkpoint (no {STATE_FILE}) and no {LATEST} pointer to one")


def read_state(path: Path) -> dict[str, Any]:
    return json.loads((path / STATE_FILE).read_text())


def load(engine: Any, path: Path, rank: int) -> dict[str, Any]:
    """Restore engine, RNG and trainer state; returns the trainer state."""
    import torch

    install_safe_loader(engine)
    load_path, _ = engine.load_checkpoint(str(path), tag=ENGINE_TAG, load_optimizer_states=True,
                                          load_lr_scheduler_states=True)
    if load_path is None:
        raise FileNotFoundError(f"{path}: DeepSpeed found no engine state under {ENGINE_TAG}/")
    state = read_state(path)
    rng_file = path / f"rng-rank{rank}.pt"
    if rng_file.exists():
        torch.set_rng_state(safe_torch_load(rng_file)["torch"])
    set_rng_state(state["rng"])
    return state
