"""Typed YAML configuration with dotted command-line overrides.

Every stage defines its section as a ``ConfigModel`` (unknown keys are errors);
``load_config`` reads a YAML file, applies ``a.b.c=value`` overrides (values are
parsed as YAML, so ``3``, ``true`` and ``[1, 2]`` get their types) and validates,
turning pydantic's errors into messages that name the dotted key.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from trajectory2gym.validation import format_loc

# The folder holding ``configs/``: the checkout (``configs/`` beside this package's folder), or,
# for an installed package, the package itself (setup.py ships ``configs/`` as ``trajectory2gym/configs``).
_HERE = Path(__file__).resolve().parent
CONFIG_HOME = _HERE if (_HERE / "configs").is_dir() else _HERE.parent


def config_path(path: str | os.PathLike[str]) -> Path:
    """A config file as given, else relative to ``CONFIG_HOME``: ``configs/smoke.yaml`` and the presets'
    ``configs/zero/zero3.json`` resolve from any working directory, for a checkout or an installed package."""
    given = Path(path)
    if given.exists() or given.is_absolute():
        return given
    shipped = CONFIG_HOME / given
    return shipped if shipped.exists() else given


class ConfigModel(BaseModel):
    """Base of every config section: unknown keys are errors, values are re-validated on assignment."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, protected_namespaces=())


class ConfigError(ValueError):
    """A config that cannot be loaded; the message names the file and the key."""


M = TypeVar("M", bound=BaseModel)


def parse_override(text: str) -> tuple[list[str], Any]:
    if "=" not in text:
        raise ConfigError(f"override {text!r} must look like key.sub=value")
    key, _, value = text.partition("=")
    key = key.strip()
    if not key or any(not part for part in key.split(".")):
        raise ConfigError(f"override {text!r}: empty key")
    try:
        parsed = yaml.safe_load(value) if value.strip() else ""
    except yaml.YAMLError:
        parsed = value
    return key.split("."), parsed


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """Set ``a.b.c=value`` in a nested dict (creating missing levels)."""
    for text in overrides:
        parts, value = parse_override(text)
        node = data
        for i, part in enumerate(parts[:-1]):
            nxt = node.get(part)
            if nxt is None:
                nxt = node[part] = {}
            elif not isinstance(nxt, dict):
                raise ConfigError(f"override {text!r}: {'.'.join(parts[: i + 1])} is not a section")
            node = nxt
        node[parts[-1]] = value
    return data


def read_yaml(path: str | os.PathLike[str]) -> dict[str, Any]:
    p = config_path(path)
    if not p.exists():
        raise ConfigError(f"{path}: no such config file")
    try:
        data = yaml.safe_load(p.read_text()) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: top level must be a mapping, got {type(data).__name__}")
    return data


# The longest offending value an error message quotes (a long list or string is cut).
MAX_GOT_CHARS = 80


def _error_line(err: Any) -> str:
    key = format_loc(tuple(err["loc"]))
    if err["type"] == "extra_forbidden":
        return f"{key}: unknown key"
    msg = str(err["msg"]).removeprefix("Value error, ")
    head = f"{key}: {msg}" if key else msg  # a check across fields says which ones itself
    value = err.get("input")
    # A missing field has no value of its own, and a section-level (or top-level) check gets the whole
    # mapping as its input: quoting that would bury the message, so only a plain value is shown.
    if err["type"] == "missing" or isinstance(value, dict):
        return head
    got = repr(value)
    if len(got) > MAX_GOT_CHARS:
        got = got[: MAX_GOT_CHARS - 3] + "..."
    return f"{head} (got {got})"


def validate_config(model: type[M], data: dict[str, Any], source: str = "config") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        lines = [_error_line(err) for err in exc.errors(include_url=False)]
        raise ConfigError(f"{source}: " + "; ".join(lines)) from None


def load_config(
    model: type[M], path: str | os.PathLike[str] | None, overrides: list[str] | None = None,
    *, empty_hint: str | None = None,
) -> M:
    """Read YAML (or start empty), apply overrides, validate into ``model``. With ``empty_hint``, a
    file without any key is an error that ends with the hint (a config of nothing but defaults)."""
    data = read_yaml(path) if path is not None else {}
    if path is not None and not data and empty_hint is not None:
        raise ConfigError(f"{path}: the config is empty ({empty_hint})")
    apply_overrides(data, overrides or [])
    return validate_config(model, data, str(path) if path else "config")


def dump_config(cfg: BaseModel, path: str | os.PathLike[str]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(yaml.safe_dump(cfg.model_dump(mode="json"), sort_keys=False))
