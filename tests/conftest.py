"""Shared test setup: one torch thread per process, and the tau-bench data location."""

from __future__ import annotations

import os

# Two torch threads on two cores were measured 20-60x slower than one.
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("WANDB_MODE", "offline")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def shared_data_dir() -> Path | None:
    """``../shared/data`` beside the checkout (or ``$T2G_SHARED_DATA``), if present."""
    env = os.environ.get("T2G_SHARED_DATA")
    candidates = [Path(env)] if env else []
    candidates.append(REPO.parent / "shared" / "data")
    return next((p for p in candidates if p.is_dir()), None)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    path = shared_data_dir()
    if path is None:
        pytest.skip("shared tau-bench data not available (../shared/data)")
    return path
