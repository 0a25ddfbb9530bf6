"""Package mapping: each top-level folder is a subpackage of ``trajectory2gym``.

pyproject.toml holds the metadata; this file only computes the package list so a
new subfolder (``envs/retail``) is picked up without editing a static list.
"""

from setuptools import find_packages, setup

AREAS = ("envs", "certify", "selector", "learner", "actors", "launch")

packages = find_packages(include=["trajectory2gym", "trajectory2gym.*"])
package_dir = {"trajectory2gym": "trajectory2gym"}
for area in AREAS:
    packages.append(f"trajectory2gym.{area}")
    packages += [f"trajectory2gym.{area}.{sub}" for sub in find_packages(area)]
    package_dir[f"trajectory2gym.{area}"] = area

setup(packages=packages, package_dir=package_dir, include_package_data=True)
