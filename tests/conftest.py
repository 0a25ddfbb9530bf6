"""Shared test setup: one torch thread per process, and the tau-bench data location."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable

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


# What a copy of the checkout leaves out before ``pip install``: history, run outputs, caches.
CHECKOUT_SKIP = shutil.ignore_patterns(".git", "runs", "build", "dist", "*.egg-info", ".venv*", "__pycache__",
                                       ".pytest_cache", ".ruff_cache", ".hypothesis", "wandb")


def install_checkout(base: Path, env: dict[str, str] | None = None) -> Path:
    """A copy of the checkout built and installed (not editable) into ``base/site``, what a user of
    ``pip install .`` has; ``env`` is added to the build's environment (T2G_MYPYC=1)."""
    src, target = base / "src", base / "site"
    shutil.copytree(REPO, src, ignore=CHECKOUT_SKIP)
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                           "--target", str(target), str(src)], env={**os.environ, **(env or {})},
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return target


@pytest.fixture(scope="session")
def checkout_installer() -> Callable[[Path, dict[str, str] | None], Path]:
    return install_checkout
