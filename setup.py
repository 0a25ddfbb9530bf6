"""Package mapping: each top-level folder is a subpackage of ``trajectory2gym``.

pyproject.toml holds the metadata; this file only computes the package list so a
new subfolder (``envs/retail``) is picked up without editing a static list.
"""

from pathlib import Path

from setuptools import find_packages, setup

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

setup(packages=packages, package_dir=package_dir, package_data=package_data, include_package_data=True)
