"""A non-editable install carries the configs: run configs, scale presets and ZeRO files
resolve from any working directory, as they do in a checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trajectory2gym.config import CONFIG_HOME

REPO = CONFIG_HOME  # the tests run from a checkout

# Run in the installed copy, from an empty working directory: what a user of `pip install .` has.
PROBE = """
import json, sys
import trajectory2gym
from trajectory2gym.launch.config import load_run_config
from trajectory2gym.learner.config import load_preset, preset_paths, resolve_path
presets = {p.stem: str(resolve_path(load_preset(p.stem).zero_config)) for p in preset_paths()}
print(json.dumps({"package": trajectory2gym.__file__, "smoke": load_run_config("configs/smoke.yaml").run.name,
                  "presets": presets}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, checkout_installer) -> Path:  # type: ignore[no-untyped-def]
    """The package built from a copy of the checkout and installed into a plain folder."""
    return checkout_installer(tmp_path_factory.mktemp("pkg"), None)


def _run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(target)}  # ahead of the editable checkout's finder
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_installed_package_finds_its_configs_from_any_directory(installed: Path, tmp_path: Path) -> None:
    proc = _run(installed, tmp_path, "-c", PROBE)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert Path(seen["package"]).is_relative_to(installed)  # the installed copy, not the checkout
    assert seen["smoke"] == "smoke"
    shipped = sorted(p.stem for p in (REPO / "configs" / "scales").glob("*.yaml"))
    assert sorted(seen["presets"]) == shipped and len(shipped) == 5
    for zero in seen["presets"].values():
        assert Path(zero).is_relative_to(installed / "trajectory2gym" / "configs" / "zero"), zero


def test_installed_cli_lists_the_presets(installed: Path, tmp_path: Path) -> None:
    proc = _run(installed, tmp_path, "-m", "trajectory2gym.cli", "learner", "presets")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    listed = proc.stderr  # the CLI's console writes to stderr
    assert all(f"{name}:" in listed for name in ("qwen3-1.7b", "qwen3-30b-a3b")) and "invalid" not in listed
