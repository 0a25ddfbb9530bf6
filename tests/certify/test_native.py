"""Certification compiled with mypyc (``T2G_MYPYC=1 pip install --no-build-isolation .``) is the
same certifier: the compiled install passes this folder's tests and certifies a corpus of all
three domains to the same bytes as the Python modules of the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from trajectory2gym.config import CONFIG_HOME

pytest.importorskip("mypyc", reason="the compiled build needs mypy's mypyc (pip install -e '.[dev]')")
if not shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0]):
    pytest.skip("the compiled build needs the C compiler Python was built with", allow_module_level=True)

REPO = CONFIG_HOME  # the tests run from a checkout


@pytest.fixture(scope="module")
def native(tmp_path_factory: pytest.TempPathFactory, checkout_installer) -> Path:  # type: ignore[no-untyped-def]
    """A copy of the checkout installed with T2G_MYPYC=1 into a plain folder. Built at -O0
    (T2G_MYPYC_OPT=0): the same compiled modules, in a few minutes of C where -O3 takes over ten."""
    return checkout_installer(tmp_path_factory.mktemp("native"), {"T2G_MYPYC": "1", "T2G_MYPYC_OPT": "0"})


def _env(target: Path | None) -> dict[str, str]:
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    env.pop("PYTHONPATH", None)
    if target is not None:
        env["PYTHONPATH"] = str(target)  # ahead of the editable checkout's finder
    return env


def test_the_compiled_install_is_compiled_and_passes_the_certify_tests(native: Path, tmp_path: Path) -> None:
    probe = subprocess.run([sys.executable, "-c", "import trajectory2gym.certify as c; "
                            "print(c.NATIVE, c.certifier.__file__)"],
                           cwd=tmp_path, env=_env(native), capture_output=True, text=True)
    assert probe.returncode == 0, probe.stderr[-3000:]
    flag, path = probe.stdout.split()
    assert flag == "True" and Path(path).is_relative_to(native) and path.endswith(".so"), probe.stdout
    here = Path(__file__).parent
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(here),
                           f"--ignore={Path(__file__)}"], cwd=REPO, env=_env(native),
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " passed" in proc.stdout.splitlines()[-1], proc.stdout[-500:]


def test_the_compiled_certifier_writes_the_same_bytes(native: Path, tmp_path: Path) -> None:
    # A corpus of every domain with planted mistakes (the synthesizer's imperfections), so that
    # failing checks and their reasons are compared, not only eligible decisions.
    corpus = tmp_path / "corpus.jsonl"
    with corpus.open("wb") as out:
        for domain in ("retail", "airline", "telecom"):
            part = tmp_path / f"{domain}.jsonl"
            subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "synthesize", "--domain", domain,
                            "--family", "all", "--n", "12", "--imperfections", "0.3", "--seed", "5",
                            "-o", str(part)], cwd=tmp_path, env=_env(None), check=True, capture_output=True)
            out.write(part.read_bytes())
    written = {}
    for name, target in (("python", None), ("native", native)):
        dest = tmp_path / f"{name}.jsonl"
        proc = subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "certify", str(corpus), "-o", str(dest),
                               "--workers", "1", "--report", str(tmp_path / f"{name}.json")],
                              cwd=tmp_path, env=_env(target), capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-3000:]
        written[name] = dest.read_bytes()
    lines = written["python"].splitlines()
    assert len(lines) >= 100 and b'"eligible":false' in written["python"]
    assert written["native"] == written["python"]
    assert (tmp_path / "native.json").read_bytes() == (tmp_path / "python.json").read_bytes()
