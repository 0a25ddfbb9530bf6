"""Shared test setup: one torch thread per process, the tau-bench data location, and one smoke run
(``t2g run configs/smoke.yaml``) for the session."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
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


def run_smoke(root: Path, timeout: float = 1200) -> tuple[Path, str]:
    """``t2g run configs/smoke.yaml`` under ``root`` as a subprocess, as a user runs it: the run's
    directory and what the command printed."""
    env = dict(os.environ, OMP_NUM_THREADS="1", WANDB_MODE="offline", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "trajectory2gym.cli", "run", "configs/smoke.yaml", f"run.root={root}"],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # (Ray's workers, if the driver is gone or timed out)
    assert proc.returncode == 0, out[-4000:]
    dirs = [p for p in root.iterdir() if p.is_dir()]
    assert len(dirs) == 1, dirs
    return dirs[0], out


@pytest.fixture(scope="session")
def smoke_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """One smoke run for the whole session (its directory and output), the slowest setup of the suite:
    the reference the resumed runs must reproduce, and the report's input. Read it; copy it to add to it."""
    return run_smoke(tmp_path_factory.mktemp("smoke"))
