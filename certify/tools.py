"""Tool knowledge for certification: metadata and compiled schemas, resolved once per domain.

Declared metadata comes from the domain registry (``trajectory2gym.envs.registry``,
imported lazily: certification works without the environments). Tools no
registry declares get metadata inferred from name and schema, marked inferred.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from trajectory2gym.certify.normalize import words
from trajectory2gym.certify.schema_check import Checker, compile_schema
from trajectory2gym.interaction import ToolSpec
from trajectory2gym.toolmeta import ToolMeta, infer_tool_meta


def registry_module() -> Any | None:
    """The domain registry, or None while the environments are not installed."""
    try:
        return importlib.import_module("trajectory2gym.envs.registry")
    except ModuleNotFoundError as exc:
        if exc.name and not "trajectory2gym.envs.registry".startswith(exc.name):
            raise  # a real missing dependency inside the registry: do not hide it
        return None


@dataclass
class DomainTools:
    """One domain's declared tools (empty for an unknown domain or no registry)."""

    metadata: dict[str, ToolMeta] = field(default_factory=dict)
    specs: dict[str, ToolSpec] = field(default_factory=dict)
    # A constant argument value -> names that make it visible ("JFK" where "New York" is said).
    named_constants: dict[str, tuple[str, ...]] = field(default_factory=dict)
    lookalike_names: tuple[str, ...] = ()  # names holding a constant's that stand for none ("Kansas City")
    regions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a constant -> regions it is in ("SEA": "West Coast")
    user_tools: tuple[str, ...] = ()  # the tools the user runs on their own device (dual control)
    # The values the user's device tools take from a fixed list ("4g_5g_preferred"): the agent walks the
    # user through the device's settings, so their names are its know-how, as the policy is.
    device_values: frozenset[str] = frozenset()
    _within: dict[str, tuple[str, ...]] | None = field(default=None, repr=False)
    _after: re.Pattern[str] | None = field(default=None, repr=False)
    _places: tuple[re.Pattern[str], dict[str, str]] | None = field(default=None, repr=False)
    _place_vocab: frozenset[str] | None = field(default=None, repr=False)
    _changeable: tuple[str, ...] | None = field(default=None, repr=False)
    _user_changeable: tuple[str, ...] | None = field(default=None, repr=False)

    @property
    def changeable(self) -> tuple[str, ...]:
        """The record kinds some tool of the domain may change (its writes' and the user's tools'
        ``records``), sorted; () where one that changes state declares none (any kind may change).
        What no tool changes (telecom's plans, retail's product listings) no news of the user changes.
        Worked out once."""
        if self._changeable is None:
            self._changeable = _kinds_changed(self.metadata.values())
        return self._changeable

    @property
    def user_changeable(self) -> tuple[str, ...]:
        """What the user may change by their own hand: their device tools' ``records`` (telecom: the
        phone, and bills by paying), the domain's ``changeable`` where the user has no tools. Their
        words ("I turned data on") change no line record the carrier keeps. Worked out once."""
        if self._user_changeable is None:
            self._user_changeable = _kinds_changed(m for n in self.user_tools if (m := self.metadata.get(n)) is not None) \
                if self.user_tools else self.changeable
        return self._user_changeable

    @property
    def place_vocab(self) -> frozenset[str]:
        """The lower-case words of every constant's names and codes: a text whose words hold none
        names no constant, which a set test (at C level) tells before any pattern runs."""
        if self._place_vocab is None:
            # Words of three letters or more: "in", "or", "a" (of "L.A.") are in too many texts to tell.
            self._place_vocab = frozenset(w for c, ns in self.named_constants.items() for n in (c, *ns)
                                          for w in words(n) if len(w) > 2)
        return self._place_vocab

    def place_spans(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, lower-case code) of each constant a text names, by name or by code in
        capitals ("the vegas one" names las), codes as JSON observations hold them."""
        if self._places is None:
            code_of = {n.lower(): c.lower() for c, ns in self.named_constants.items() for n in ns}
            code_of.update({c: c.lower() for c in self.named_constants if c.isalpha()})
            names = sorted((n for n in code_of if n != n.upper() or not n.isalpha()), key=lambda n: (-len(n), n))
            codes = sorted(c for c in self.named_constants if c.isalpha())
            alternatives = "|".join([*(re.escape(n) for n in names), *(["(?-i:" + "|".join(codes) + ")"] if codes else [])])
            self._places = (re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])" if alternatives else r"(?!)", re.I),
                            code_of)
        pattern, code_of = self._places
        return [(m.start(), m.end(), code_of[m[0].lower()]) for m in pattern.finditer(text) if m[0].lower() in code_of]

    def place_after(self) -> re.Pattern[str]:
        """A comma and then another constant, by name or by its code in capitals: what follows a
        city's name ("Delaware, Ohio", "Nevada, MO"), matched right after it."""
        if self._after is None:
            names = sorted({n for ns in self.named_constants.values() for n in ns}, key=lambda n: (-len(n), n))
            codes = sorted(c for c in self.named_constants if c.isalpha())
            alternatives = "|".join([*(re.escape(n) for n in names), *(["(?-i:" + "|".join(codes) + ")"] if codes else [])])
            self._after = re.compile(rf",\s*(?:{alternatives})(?![\w-])" if alternatives else r"(?!)", re.I)
        return self._after

    def names_within(self, name: str) -> tuple[str, ...]:
        """Longer names of other constants that contain ``name`` as whole words (as ``words`` reads
        them): "Virginia" is said inside "West Virginia", "Washington" inside "Washington DC"; there it
        names no constant of its own. A constant's own names ("Washington D.C." and "Washington, DC")
        never hide each other. Nor do the domain's lookalike names ("Kansas" in "Kansas City")."""
        if self._within is None:
            owner: dict[str, str | None] = {n: code for code, names in self.named_constants.items() for n in names}
            owner.update({n: None for n in self.lookalike_names})
            padded = {n: f" {' '.join(words(n))} " for n in owner}
            self._within = {n: tuple(m for m in owner if owner[m] != owner[n] and padded[n] in padded[m])
                            for n in owner if owner[n] is not None}
        return self._within.get(name, ())


def _kinds_changed(metas: Iterable[ToolMeta]) -> tuple[str, ...]:
    """The record kinds the tools that change state among ``metas`` may change (their ``records``),
    sorted; () where one declares none (any kind may change)."""
    kinds: set[str] = set()
    for meta in metas:
        if meta.access in ("read", "handoff"):
            continue
        if not meta.records:
            return ()
        kinds.update(meta.records)
    return tuple(sorted(kinds))


def load_domain(domain: str | None) -> DomainTools:
    reg = registry_module()
    if reg is None or not domain:
        return DomainTools()
    out = DomainTools()
    try:
        if hasattr(reg, "tool_metadata"):
            out.metadata = dict(reg.tool_metadata(domain))
        if hasattr(reg, "tool_specs"):
            out.specs = {s.name: s for s in reg.tool_specs(domain)}
        if hasattr(reg, "named_constants"):
            out.named_constants = dict(reg.named_constants(domain))
        if hasattr(reg, "named_regions"):
            for region, codes in reg.named_regions(domain).items():
                for code in codes:
                    out.regions[code] = (*out.regions.get(code, ()), region)
        if hasattr(reg, "lookalike_names"):
            out.lookalike_names = tuple(reg.lookalike_names(domain))
        if hasattr(reg, "user_tool_specs"):
            device = reg.user_tool_specs(domain)
            out.user_tools = tuple(s.name for s in device)
            out.device_values = frozenset(v for s in device for p in (s.function.parameters.get("properties") or {}).values()
                                          if isinstance(p, dict) for v in p.get("enum") or () if isinstance(v, str))
    except (KeyError, ValueError, LookupError):
        return DomainTools()  # a domain the registry does not have
    return out


def guess_domain(tool_names: set[str]) -> str | None:
    reg = registry_module()
    if reg is None or not hasattr(reg, "guess_domain") or not tool_names:
        return None
    try:
        return reg.guess_domain(tool_names)
    except (KeyError, ValueError, LookupError):
        return None


@dataclass
class ToolInfo:
    """Everything the checks need to know about one tool name in one interaction."""

    name: str
    meta: ToolMeta
    known: bool  # a schema or declared metadata exists (the call names a real tool)
    checker: Checker | None
    properties: dict[str, Any]
    # Call facts per (argument names, observation shape): a handful per tool across a corpus.
    facts: dict[tuple[tuple[str, ...], str], dict[str, Any]] = field(default_factory=dict, repr=False)
    enums: dict[str, tuple[str, ...]] | None = field(default=None, repr=False)

    def enum_options(self) -> dict[str, tuple[str, ...]]:
        """Arguments whose schema offers two or more string options (a cancellation reason, a cabin):
        what a confirmation may have chosen between. Found once per tool (infos are shared)."""
        if self.enums is None:
            self.enums = {
                arg: tuple(spec["enum"]) for arg, spec in self.properties.items()
                if isinstance(spec, dict) and isinstance(spec.get("enum"), list) and len(spec["enum"]) > 1
                and all(isinstance(o, str) for o in spec["enum"])
            }
        return self.enums

    def call_facts(self, arg_names: tuple[str, ...], shape: str) -> dict[str, Any]:
        """The type-level facts of a call (shared, read-only: validated into a new model)."""
        key = (arg_names, shape)
        found = self.facts.get(key)
        if found is None:
            meta = self.meta
            found = self.facts[key] = {
                "name": self.name,
                "access": meta.access,
                "object_class": meta.object_class,
                "arg_roles": sorted(meta.arg_roles.get(a, "other") for a in arg_names),
                "observation": shape,
                "inferred": meta.inferred,
            }
        return found


def _schema_key(spec: ToolSpec | None) -> bytes:
    if spec is None:
        return b""
    return orjson.dumps(spec.function.parameters, option=orjson.OPT_SORT_KEYS)


class ToolResolver:
    """Caches per domain and per schema; one instance serves a whole corpus."""

    def __init__(self) -> None:
        self._domains: dict[str | None, DomainTools] = {}
        self._infos: dict[tuple[str | None, str, bytes], ToolInfo] = {}
        self._checkers: dict[bytes, Checker] = {}

    def domain(self, name: str | None) -> DomainTools:
        if name not in self._domains:
            self._domains[name] = load_domain(name)
        return self._domains[name]

    def _build(self, name: str, spec: ToolSpec | None, declared: ToolMeta | None, skey: bytes) -> ToolInfo:
        params = spec.function.parameters if spec is not None else {}
        checker = None
        if spec is not None:
            checker = self._checkers.get(skey)
            if checker is None:
                checker = self._checkers[skey] = compile_schema(params)
        return ToolInfo(
            name=name,
            meta=declared or infer_tool_meta(spec if spec is not None else name),
            known=spec is not None or declared is not None,
            checker=checker,
            properties=dict(props) if isinstance(props := params.get("properties"), dict) else {},
        )

    def resolve(
        self,
        name: str,
        visible_spec: ToolSpec | None,
        domain: str | None,
        metadata: dict[str, ToolMeta] | None,
    ) -> ToolInfo:
        dom = self.domain(domain)
        spec = visible_spec or dom.specs.get(name)
        skey = _schema_key(spec)
        if metadata and name in metadata:  # caller-supplied metadata: not cached across calls
            return self._build(name, spec, metadata[name], skey)
        key = (domain, name, skey)
        info = self._infos.get(key)
        if info is None:
            info = self._infos[key] = self._build(name, spec, dom.metadata.get(name), skey)
        return info
