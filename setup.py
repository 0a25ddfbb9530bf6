"""Package mapping: each top-level folder is a subpackage of ``trajectory2gym``.

pyproject.toml holds the metadata; this file only computes the package list so a
new subfolder (``envs/retail``) is picked up without editing a static list.
"""

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup

AREAS = ("envs", "certify", "selector", "learner", "actors", "launch")

packages = find_packages(include=["trajectory2gym", "trajectory2gym.*"])
package_dir = {"trajectory2gym": "trajectory2gym"}
for area in AREAS:
    packages.append(f"trajectory2gym.{area}")
    packages += [f"trajectory2gym.{area}.{sub}" for sub in find_packages(area)]
    package_dir[f"trajectory2gym.{area}"] = area

# The configs (run configs, scale presets, ZeRO files) ship as data inside the package,
# ``trajectory2gym/configs``, so an installed package finds them too (config.CONFIG_HOME).
# Each config folder is listed as a (data-only) package, as setuptools asks for folders it ships.
package_data: dict[str, list[str]] = {}
for folder in [Path("configs"), *sorted(p for p in Path("configs").iterdir() if p.is_dir())]:
    name = "trajectory2gym." + ".".join(folder.parts)
    packages.append(name)
    package_dir[name] = folder.as_posix()
    package_data[name] = ["*.yaml", "*.json"]

# Certification compiled to C with mypyc (T2G_MYPYC=1 pip install --no-build-isolation .): the
# same modules, about 1.3x faster. Modules that hold pydantic models, I/O or closures mypyc does not
# compile (schema_check's checker factory) stay Python; the compiled ones import them as usual.
NATIVE_SKIP = {"__init__", "cli", "config", "judge", "report", "stream", "schema_check"}


def _native_certify() -> list[Extension]:
    if any(cmd in sys.argv for cmd in ("develop", "editable_wheel")):
        # An in-place build would leave .so files beside the sources that shadow every later edit.
        raise SystemExit("T2G_MYPYC=1 needs a regular install (pip install .), not an editable one")
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("T2G_MYPYC=1 needs mypy's mypyc where the package is built: pip install mypy, "
                         "then pip install --no-build-isolation .") from None

    # mypy names a module by its folders: stage the sources as the installed layout
    # (certify/ -> trajectory2gym/certify/) so the compiled modules get their package names.
    stage = Path("build") / "mypyc-src"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree("trajectory2gym", stage / "trajectory2gym", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree("certify", stage / "trajectory2gym" / "certify", ignore=shutil.ignore_patterns("__pycache__"))
    sources = sorted(p.as_posix() for p in (stage / "trajectory2gym" / "certify").glob("*.py")
                     if p.stem not in NATIVE_SKIP)
    # T2G_MYPYC_OPT: the C compiler's optimisation level (default 3, the fast build). The tests build at 0:
    # the same C code, in a fraction of gcc's time (-O3 takes about 12 minutes on 2 slow cores).
    opt = os.environ.get("T2G_MYPYC_OPT", "3")
    if opt not in ("0", "1", "2", "3"):
        raise SystemExit(f"T2G_MYPYC_OPT must be 0, 1, 2 or 3, got {opt!r}")
    return mypycify(["--ignore-missing-imports", "--follow-imports=silent", *sources], opt_level=opt,
                    group_name="trajectory2gym_certify")


ext_modules = _native_certify() if os.environ.get("T2G_MYPYC") == "1" else []
setup(packages=packages, package_dir=package_dir, package_data=package_data, include_package_data=True,
      ext_modules=ext_modules)
