"""Typed config loading: YAML, dotted overrides, errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from trajectory2gym.config import ConfigError, ConfigModel, load_config


class Selector(ConfigModel):
    depth: int = 1
    cap: int = 4
    strategy: str = "structural"


class Root(ConfigModel):
    name: str = "run"
    selector: Selector = Selector()
    domains: list[str] = ["retail"]


def test_yaml_and_overrides(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    p.write_text("name: smoke\nselector:\n  depth: 3\n")
    cfg = load_config(Root, p, ["selector.cap=7", "domains=[retail, airline]"])
    assert cfg.name == "smoke" and cfg.selector.depth == 3 and cfg.selector.cap == 7
    assert cfg.domains == ["retail", "airline"]


@pytest.mark.parametrize(
    ("yaml_text", "overrides", "needle"),
    [
        ("selector:\n  dept: 2\n", [], "selector.dept: unknown key"),
        ("", ["selector.depth=deep"], "selector.depth"),
        ("", ["selectr.depth=2"], "selectr: unknown key"),
        ("", ["name.x=1"], "name: Input should be a valid string"),
        ("name: a\n", ["name.x=1"], "name is not a section"),
        ("- a\n- b\n", [], "top level must be a mapping"),
        ("", ["depth"], "must look like key.sub=value"),
    ],
)
def test_errors_name_the_key(tmp_path: Path, yaml_text: str, overrides: list[str], needle: str) -> None:
    p = tmp_path / "c.yaml"
    p.write_text(yaml_text)
    with pytest.raises(ConfigError) as exc:
        load_config(Root, p, overrides)
    assert needle in str(exc.value)
