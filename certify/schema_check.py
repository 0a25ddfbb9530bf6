"""Argument validation against a tool's JSON schema, compiled once per schema.

Tool schemas are small and use a handful of keywords; a compiled checker for
those is an order of magnitude faster than a general validator, which matters
at corpus scale. Schemas using anything else (``anyOf``, ``$ref``, ...) go to
``jsonschema`` so correctness never depends on the fast path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Checker = Callable[[Any, str], list[str]]

_SUPPORTED = frozenset({
    "type", "enum", "const", "properties", "required", "additionalProperties", "items",
    "minItems", "maxItems", "minimum", "maximum", "minLength", "maxLength", "pattern",
    "description", "title", "default", "examples", "format", "uniqueItems",
})

_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


def _simple(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return isinstance(schema, bool)
    if not _SUPPORTED.issuperset(schema):
        return False
    types = schema.get("type")
    if types is not None and any(t not in _TYPES for t in (types if isinstance(types, list) else [types])):
        return False
    props = schema.get("properties", {})
    if not isinstance(props, dict) or not all(_simple(s) for s in props.values()):
        return False
    for key in ("items", "additionalProperties"):
        if key in schema and not _simple(schema[key]):
            return False
    return True


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _compile(schema: Any) -> Checker:
    if schema is True or not isinstance(schema, dict):
        return lambda v, p: []
    if schema is False:
        return lambda v, p: [f"{p or 'value'}: not allowed"]
    checks: list[Checker] = []
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        tests = [_TYPES[t] for t in names]
        want = " or ".join(names)

        def check_type(v: Any, p: str) -> list[str]:
            if any(t(v) for t in tests):
                return []
            return [f"{p or 'value'}: expected {want}, got {type(v).__name__}"]

        checks.append(check_type)
    if "enum" in schema:
        allowed = schema["enum"]
        checks.append(lambda v, p: [] if v in allowed else [f"{p or 'value'}: {v!r} is not one of {allowed}"])
    if "const" in schema:
        const = schema["const"]
        checks.append(lambda v, p: [] if v == const else [f"{p or 'value'}: must be {const!r}"])
    props = {k: _compile(s) for k, s in (schema.get("properties") or {}).items()}
    required = list(schema.get("required") or [])
    extra = schema.get("additionalProperties", True)
    extra_check = _compile(extra) if isinstance(extra, dict) else None
    if props or required or extra is not True:

        def check_object(v: Any, p: str) -> list[str]:
            if not isinstance(v, dict):
                return []
            errs = [f"{_join(p, r)}: required argument missing" for r in required if r not in v]
            for key, val in v.items():
                sub = props.get(key)
                if sub is not None:
                    errs.extend(sub(val, _join(p, key)))
                elif extra is False:
                    errs.append(f"{_join(p, key)}: unexpected argument")
                elif extra_check is not None:
                    errs.extend(extra_check(val, _join(p, key)))
            return errs

        checks.append(check_object)
    if "items" in schema or "minItems" in schema or "maxItems" in schema:
        item_check = _compile(schema.get("items", True))
        lo, hi = schema.get("minItems"), schema.get("maxItems")

        def check_array(v: Any, p: str) -> list[str]:
            if not isinstance(v, list):
                return []
            errs = []
            if lo is not None and len(v) < lo:
                errs.append(f"{p or 'value'}: needs at least {lo} items")
            if hi is not None and len(v) > hi:
                errs.append(f"{p or 'value'}: allows at most {hi} items")
            for i, item in enumerate(v):
                errs.extend(item_check(item, _join(p, i)))
            return errs

        checks.append(check_array)
    lo_n, hi_n = schema.get("minimum"), schema.get("maximum")
    if lo_n is not None or hi_n is not None:

        def check_range(v: Any, p: str) -> list[str]:
            if not _TYPES["number"](v):
                return []
            if lo_n is not None and v < lo_n:
                return [f"{p or 'value'}: {v} is below the minimum {lo_n}"]
            if hi_n is not None and v > hi_n:
                return [f"{p or 'value'}: {v} is above the maximum {hi_n}"]
            return []

        checks.append(check_range)
    lo_s, hi_s, pattern = schema.get("minLength"), schema.get("maxLength"), schema.get("pattern")
    if lo_s is not None or hi_s is not None or pattern is not None:
        rx = re.compile(pattern) if isinstance(pattern, str) else None

        def check_string(v: Any, p: str) -> list[str]:
            if not isinstance(v, str):
                return []
            if lo_s is not None and len(v) < lo_s:
                return [f"{p or 'value'}: shorter than {lo_s} characters"]
            if hi_s is not None and len(v) > hi_s:
                return [f"{p or 'value'}: longer than {hi_s} characters"]
            if rx is not None and not rx.search(v):
                return [f"{p or 'value'}: does not match {pattern!r}"]
            return []

        checks.append(check_string)

    if len(checks) == 1:
        return checks[0]

    def check_all(v: Any, p: str) -> list[str]:
        errs: list[str] = []
        for c in checks:
            errs.extend(c(v, p))
        return errs

    return check_all


def schema_problem(schema: Any) -> str | None:
    """Why a tool's parameters are no valid JSON Schema (``{"enum": 5}``, ``"minItems": "1"``), or None."""
    import jsonschema

    if not isinstance(schema, dict):
        return f"the tool's schema is invalid: {schema!r} is not an object"
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        where = "/".join(str(x) for x in exc.absolute_path)
        return f"the tool's schema is invalid{f' at {where}' if where else ''}: {exc.message}"
    return None


def _jsonschema_checker(schema: dict[str, Any]) -> Checker:
    import jsonschema

    if (problem := schema_problem(schema)) is not None:
        return lambda v, p: [problem]
    validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)(schema)

    def check(v: Any, p: str) -> list[str]:
        out = []
        try:
            for err in validator.iter_errors(v):
                where = ".".join(str(x) for x in err.absolute_path) or "arguments"
                out.append(f"{where}: {err.message}")
        except jsonschema.exceptions._RefResolutionError as exc:  # a valid schema whose $ref leads nowhere
            out.append(f"the tool's schema is invalid: {exc}")
        return out

    return check


_ANNOTATIONS = frozenset({"description", "title", "default", "examples", "format"})


def _accept_str(v: Any) -> bool:
    return isinstance(v, str)


def _accepts(schema: Any) -> Callable[[Any], bool] | None:
    """A yes/no test that is True only where the full checker finds nothing, for the common
    shapes (typed properties, required keys, typed arrays); None for anything else. Valid
    arguments, the vast majority, then cost a few type tests; the rest get the full checker."""
    if schema is True:
        return lambda v: True
    if not isinstance(schema, dict) or not _ANNOTATIONS.issuperset(
        k for k in schema if k not in ("type", "properties", "required", "items")
    ):
        return None
    types = schema.get("type")
    if not isinstance(types, str) or types not in _TYPES:
        return None
    is_type = _TYPES[types]
    if types == "object":
        if "items" in schema:
            return None
        props: dict[str, Callable[[Any], bool]] = {}
        for key, sub in (schema.get("properties") or {}).items():
            test = _accepts(sub)
            if test is None:
                return None
            props[key] = test
        required = frozenset(schema.get("required") or ())
        # Plain string properties (most arguments) are tested together, at C level.
        strings = frozenset(k for k, test in props.items() if test is _accept_str)
        others = {k: test for k, test in props.items() if k not in strings}

        def accept_object(v: Any) -> bool:
            if type(v) is not dict or not required.issubset(v):
                return False
            given = v.keys()
            if not all(map(str.__instancecheck__, map(v.__getitem__, given & strings))):
                return False
            return all(others[key](v[key]) for key in given & others.keys())

        return accept_object
    if "properties" in schema or "required" in schema:
        return None
    if types == "array":
        item = _accepts(schema.get("items", True))
        if item is None:
            return None
        return lambda v: type(v) is list and all(map(item, v))
    if "items" in schema:
        return None
    if types == "string":
        return _accept_str
    return is_type


def compile_schema(schema: dict[str, Any] | None) -> Checker:
    """A checker returning human-readable errors (``order_id: required argument missing``)."""
    schema = schema or {"type": "object"}
    # The fast paths read keywords as JSON Schema allows them; a schema that is none ({"enum": 5},
    # "minItems": "1") fails there, at compiling or at checking, and is then explained by its
    # meta-schema. Valid schemas, nearly all, never pay for that check.
    try:
        if not _simple(schema):
            return _jsonschema_checker(schema)
        full = _compile(schema)
        accepts = _accepts(schema)
    except Exception:
        return _invalid(schema)

    invalid: list[Checker] = []  # the explanation, made on the first failure only

    def check(v: Any, p: str) -> list[str]:
        if accepts is not None and accepts(v):
            return []
        try:
            return full(v, p)
        except Exception:
            if not invalid:
                invalid.append(_invalid(schema))
            return invalid[0](v, p)

    return check


def _invalid(schema: Any) -> Checker:
    problem = schema_problem(schema) or "the tool's schema cannot be applied"
    return lambda v, p: [problem]
