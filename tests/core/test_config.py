"""Typed config loading: YAML, dotted overrides, errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import model_validator

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


class Span(ConfigModel):
    start: int = 0
    stop: int = 1
    tags: list[str] = []

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.stop <= self.start:
            raise ValueError(f"stop {self.stop} must be above start {self.start}")
        return self


class Needs(ConfigModel):
    path: str
    span: Span = Span()
    extra_a: int = 1
    extra_b: int = 2


def test_errors_quote_the_offending_value_only(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    p.write_text("span: {start: 5, stop: 2}\nextra_a: 3\n")
    with pytest.raises(ConfigError) as exc:
        load_config(Needs, p)
    text = str(exc.value)
    # A missing field and a check over a whole section name the key and the reason, not the mapping.
    assert "path: Field required;" in text and "span: stop 2 must be above start 5" in text
    assert "got {" not in text and "extra_a" not in text and "Value error" not in text
    p.write_text("path: x\nspan: {start: nope}\n")
    with pytest.raises(ConfigError, match=r"span.start: Input should be a valid integer.*\(got 'nope'\)"):
        load_config(Needs, p)
    with pytest.raises(ConfigError) as exc:
        load_config(Needs, p, ["span.start=0", "span.tags=" + "x" * 500])
    assert "span.tags: Input should be a valid list (got 'xxx" in str(exc.value)
    assert len(str(exc.value)) - len(str(p)) < 150  # a long value is cut (the file's path varies in length)


class Crossed(ConfigModel):
    lo: int = 0
    hi: int = 1

    @model_validator(mode="after")
    def _order(self) -> Crossed:
        if self.hi <= self.lo:
            raise ValueError(f"hi {self.hi} must be above lo {self.lo}")
        return self


def test_top_level_check_says_its_reason_alone(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    p.write_text("lo: 3\nhi: 1\n")
    with pytest.raises(ConfigError) as exc:
        load_config(Crossed, p)
    assert str(exc.value) == f"{p}: hi 1 must be above lo 3"
