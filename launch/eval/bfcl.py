"""BFCL multi-turn categories as interchange-format interactions (optional extra ``bfcl``).

Each BFCL multi-turn entry (user questions per turn, an initial config of the
stateful API classes, ground-truth calls per turn) becomes one interaction:
per turn the user's question, then the ground-truth calls one by one, each
executed on BFCL's own API classes (``GorillaFileSystem``, ``TradingBot``, ...)
and answered by its real output, then a short closing assistant message.
The collector-private part keeps the initial config, the ground truth and the
expected state (the public attributes of every API instance after the last
turn, plus a hash per turn), so a replay can be checked against it.

Ground-truth calls are Python call strings (``sort('report.txt')``); positional
arguments are bound to parameter names from the method's signature, so the
interaction carries JSON objects like any OpenAI tool call.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib
import inspect
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from trajectory2gym.interaction import FunctionSpec, Interaction, Message, ToolSpec
from trajectory2gym.validation import RecordError

# Base first: it is the category the acceptance covers in full.
MULTI_TURN_CATEGORIES: tuple[str, ...] = (
    "multi_turn_base",
    "multi_turn_miss_func",
    "multi_turn_miss_param",
    "multi_turn_long_context",
)
DOMAIN = "bfcl"
# Closing text of a turn. BFCL's ground truth holds calls only; a turn ends when
# the model stops calling, so the interaction closes each turn with this text.
TURN_DONE_TEXT = "Done."
NEED_INFO_TEXT = "I cannot do that yet: some required information is missing. Could you provide it?"
EXEC_ERROR_PREFIX = "Error during execution: "


def _bfcl_home() -> Path:
    # bfcl_eval creates result/score/lock folders under BFCL_PROJECT_ROOT when
    # imported; keep them out of site-packages and out of the repository.
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "trajectory2gym" / "bfcl"


def import_bfcl() -> Any:
    """``bfcl_eval`` (raises ImportError with the install hint when it is missing)."""
    os.environ.setdefault("BFCL_PROJECT_ROOT", str(_bfcl_home()))
    try:
        import bfcl_eval  # noqa: F401
        from bfcl_eval import utils
    except ImportError as exc:
        raise ImportError(
            "BFCL support needs the optional extra: pip install --no-deps bfcl-eval "
            f"(never its full dependency set, it downgrades numpy): {exc}"
        ) from exc
    return utils


def bfcl_available() -> bool:
    try:
        import_bfcl()
    except ImportError:
        return False
    return True


def bfcl_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bfcl-eval")
    except PackageNotFoundError:
        return "unknown"


# --------------------------------------------------------------------------- schemas


def _openai_type(schema: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    """A BFCL (Gorilla) parameter schema with JSON-schema types, recursively."""
    out = dict(schema)
    btype = schema.get("type")
    out["type"] = mapping.get(btype, "string") if btype else "string"
    if isinstance(schema.get("properties"), dict):
        out["properties"] = {k: _openai_type(v, mapping) for k, v in schema["properties"].items()}
    if isinstance(schema.get("items"), dict):
        out["items"] = _openai_type(schema["items"], mapping)
    return out


def tool_specs(functions: list[dict[str, Any]]) -> list[ToolSpec]:
    """BFCL function docs as OpenAI tool schemas (BFCL's own Gorilla->OpenAPI type table)."""
    import_bfcl()
    from bfcl_eval.constants.type_mappings import GORILLA_TO_OPENAPI

    specs = []
    for doc in functions:
        params = doc.get("parameters") or {"type": "dict", "properties": {}}
        parameters = _openai_type(params, GORILLA_TO_OPENAPI)
        parameters["type"] = "object"
        parameters.setdefault("properties", {})
        specs.append(ToolSpec(function=FunctionSpec(name=doc["name"], description=doc.get("description", ""), parameters=parameters)))
    return specs


# --------------------------------------------------------------------------- the API classes


def _jsonable(value: Any, stack: tuple[int, ...] = ()) -> Any:
    """A JSON-safe copy of API state; objects become their public attributes, back-references a marker."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _jsonable(v, stack) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v, stack) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_jsonable(v, stack) for v in value), key=repr)
    if hasattr(value, "__dict__"):
        if id(value) in stack:  # e.g. a directory's parent: BFCL's equality ignores it too
            return {"__ref__": type(value).__name__}
        inner = stack + (id(value),)
        attrs = {k: _jsonable(v, inner) for k, v in vars(value).items() if not k.startswith("_")}
        return {"__class__": type(value).__name__, **attrs}
    return repr(value)


def state_hash(state: dict[str, Any]) -> str:
    return hashlib.blake2b(orjson.dumps(state, option=orjson.OPT_SORT_KEYS), digest_size=16).hexdigest()


def format_result(result: Any) -> str:
    """An API method's return value as BFCL's executor writes it (str as is, dict as JSON)."""
    if isinstance(result, str):
        return result
    if isinstance(result, dict):
        try:
            return json.dumps(result)
        except (TypeError, ValueError):
            return str(result)
    return str(result)


class BfclWorld:
    """The API instances of one BFCL entry, loaded from its initial config (BFCL's own classes)."""

    def __init__(self, entry: dict[str, Any], long_context: bool = False):
        import_bfcl()
        from bfcl_eval.constants.executable_backend_config import (
            CLASS_FILE_PATH_MAPPING,
            STATELESS_CLASSES,
        )

        self.instances: dict[str, Any] = {}
        self.owner: dict[str, str] = {}  # method name -> class name
        for class_name in entry["involved_classes"]:
            module = importlib.import_module(CLASS_FILE_PATH_MAPPING[class_name])
            instance = getattr(module, class_name)()
            if class_name not in STATELESS_CLASSES:
                config = copy.deepcopy(entry.get("initial_config", {}).get(class_name, {}))
                instance._load_scenario(config, long_context=long_context)
            self.instances[class_name] = instance
            for name, _ in inspect.getmembers(instance, predicate=inspect.ismethod):
                if name.startswith("_"):
                    continue
                if name in self.owner and self.owner[name] != class_name:
                    raise ValueError(f"method {name!r} is defined by both {self.owner[name]} and {class_name}")
                self.owner[name] = class_name

    def method(self, name: str) -> Any:
        if name not in self.owner:
            raise KeyError(f"no API class of this entry has a method {name!r}")
        return getattr(self.instances[self.owner[name]], name)

    def bind(self, name: str, args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
        """Positional and keyword arguments as one keyword dict (names from the signature)."""
        sig = inspect.signature(self.method(name))
        return dict(sig.bind(*args, **kwargs).arguments)

    def execute(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        """(observation, is_error); exceptions become BFCL's ``Error during execution`` text."""
        try:
            result = self.method(name)(**copy.deepcopy(arguments))
        except Exception as exc:  # the API classes raise anything on bad input; that is an observation
            return f"{EXEC_ERROR_PREFIX}{exc}", True
        is_error = isinstance(result, dict) and "error" in result
        return format_result(result), is_error

    def state(self) -> dict[str, Any]:
        return {name: _jsonable(inst) for name, inst in sorted(self.instances.items())}


def parse_call(text: str) -> tuple[str, list[Any], dict[str, Any]]:
    """``name(a, k=v)`` -> (name, [a], {k: v}); only literal arguments are accepted."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ValueError(f"not a Python call: {exc.msg}") from None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise ValueError("expected a plain function call like name(arg=value)")
    try:
        args = [ast.literal_eval(a) for a in node.args]
        kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}
    except ValueError as exc:
        raise ValueError(f"argument is not a literal ({exc})") from None
    if any(kw.arg is None for kw in node.keywords):
        raise ValueError("**kwargs expansion is not supported")
    return node.func.id, args, kwargs


def call_string(name: str, arguments: dict[str, Any]) -> str:
    """A tool call back in BFCL's Python syntax (what its checker executes)."""
    return f"{name}(" + ", ".join(f"{k}={v!r}" for k, v in arguments.items()) + ")"


# --------------------------------------------------------------------------- conversion


@dataclass
class BfclEntry:
    entry: dict[str, Any]
    ground_truth: list[list[str]]
    category: str
    position: int


@dataclass
class ConversionReport:
    converted: int = 0
    errors: list[RecordError] = field(default_factory=list)
    by_category: dict[str, int] = field(default_factory=dict)


def load_category(category: str) -> list[BfclEntry]:
    """The shipped entries of one multi-turn category with their ground truth (BFCL's loaders)."""
    if category not in MULTI_TURN_CATEGORIES:
        raise ValueError(f"unknown BFCL multi-turn category {category!r} (one of {', '.join(MULTI_TURN_CATEGORIES)})")
    utils = import_bfcl()
    entries = utils.load_dataset_entry(category, include_prereq=False)
    truth = {g["id"]: g["ground_truth"] for g in utils.load_ground_truth_entry(category)}
    return [BfclEntry(e, truth.get(e["id"], []), category, i) for i, e in enumerate(entries, start=1)]


def _question_messages(turn: list[dict[str, Any]], where: str) -> list[Message]:
    out = []
    for k, q in enumerate(turn):
        if not isinstance(q, dict) or q.get("role") not in ("user", "system") or not isinstance(q.get("content"), str):
            raise ValueError(f"{where}[{k}]: expected a user message with text content")
        out.append(Message(role=q["role"], content=q["content"]))
    return out


def convert_entry(item: BfclEntry) -> Interaction:
    """One BFCL entry as an interaction whose tool outputs come from replaying the ground truth."""
    import_bfcl()
    from bfcl_eval.constants.default_prompts import DEFAULT_USER_PROMPT_FOR_ADDITIONAL_FUNCTION_FC

    entry, truth = item.entry, item.ground_truth
    questions = entry.get("question")
    if not isinstance(questions, list) or not questions:
        raise ValueError("question: expected a non-empty list of turns")
    if len(truth) != len(questions):
        raise ValueError(f"ground_truth: {len(truth)} turns for {len(questions)} questions")
    missed = entry.get("missed_function") or {}
    functions = list(entry.get("function", []))
    missed_names: dict[str, list[str]] = {}
    for turn, docs in missed.items():
        functions.extend(docs)  # the interaction's tool list is static: all tools, the hold-out noted
        missed_names[str(turn)] = [d["name"] for d in docs]

    world = BfclWorld(entry, long_context="long_context" in item.category)
    messages: list[Message] = []
    turn_hashes: list[str] = []
    placeholder_turns: list[int] = []
    for t, (turn, calls) in enumerate(zip(questions, truth, strict=True)):
        where = f"question[{t}]"
        asked = _question_messages(turn, where)
        if not asked and str(t) in missed_names:
            asked = [Message(role="user", content=DEFAULT_USER_PROMPT_FOR_ADDITIONAL_FUNCTION_FC)]
        if not asked:
            raise ValueError(f"{where}: empty turn without a held-out function")
        messages.extend(asked)
        for c, text in enumerate(calls):
            try:
                name, args, kwargs = parse_call(text)
                arguments = world.bind(name, args, kwargs)
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"ground_truth[{t}][{c}] {text!r}: {exc}") from None
            call_id = f"t{t}c{c}"
            messages.append(
                Message.model_validate(
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}],
                    }
                )
            )
            content, is_error = world.execute(name, arguments)
            messages.append(Message(role="tool", tool_call_id=call_id, name=name, content=content, is_error=is_error))
        # A turn without ground truth (miss_param) is one where the model must ask instead of calling.
        if not calls:
            placeholder_turns.append(t)
        messages.append(Message(role="assistant", content=TURN_DONE_TEXT if calls else NEED_INFO_TEXT))
        turn_hashes.append(state_hash(world.state()))

    private = {
        "bfcl": {
            "id": entry["id"],
            "category": item.category,
            "involved_classes": entry["involved_classes"],
            "initial_config": entry.get("initial_config", {}),
            "ground_truth": truth,
            "path": entry.get("path", []),
            "excluded_function": entry.get("excluded_function", []),
            "missed_function": missed_names,
            "expected_state": world.state(),
            "expected_state_hashes": turn_hashes,
        }
    }
    return Interaction(
        id=f"bfcl-{entry['id']}",
        task_id=entry["id"],
        domain=DOMAIN,
        tools=tool_specs(functions),
        messages=messages,
        private=private,
        reward=1.0,
        metadata={
            "source": "bfcl",
            "bfcl_version": bfcl_version(),
            "category": item.category,
            "closing_text_is_placeholder": True,
            "no_call_turns": placeholder_turns,
        },
    )


def convert_categories(
    categories: list[str] | tuple[str, ...] = MULTI_TURN_CATEGORIES,
    limit: int | None = None,
    report: ConversionReport | None = None,
) -> Iterator[Interaction]:
    """Interactions of the given categories (base first); bad entries go into ``report``, never stop the run."""
    report = report if report is not None else ConversionReport()
    ordered = sorted(categories, key=lambda c: MULTI_TURN_CATEGORIES.index(c) if c in MULTI_TURN_CATEGORIES else 99)
    for category in ordered:
        items = load_category(category)
        for item in items[:limit] if limit else items:
            try:
                inter = convert_entry(item)
            except (ValueError, KeyError, TypeError) as exc:
                report.errors.append(
                    RecordError("bfcl_conversion", str(exc), "", item.position, item.entry.get("id"), category)
                )
                continue
            report.converted += 1
            report.by_category[category] = report.by_category.get(category, 0) + 1
            yield inter


# --------------------------------------------------------------------------- replay check


def replay(inter: Interaction) -> tuple[dict[str, Any], list[str]]:
    """Execute an interaction's tool calls on fresh BFCL API instances: (final state, per-turn hashes).

    A turn starts at a user message that follows a non-user message; the hash is
    taken at the end of each turn, as ``convert_entry`` records it.
    """
    meta = inter.private.get("bfcl")
    if not isinstance(meta, dict):
        raise ValueError(f"{inter.id}: private.bfcl is missing; not a converted BFCL interaction")
    entry = {"id": meta["id"], "involved_classes": meta["involved_classes"], "initial_config": meta["initial_config"]}
    world = BfclWorld(entry, long_context="long_context" in meta.get("category", ""))
    hashes: list[str] = []
    prev_user = False
    for i, msg in enumerate(inter.messages):
        if msg.role == "user":
            if not prev_user and i > 0:
                hashes.append(state_hash(world.state()))
            prev_user = True
            continue
        prev_user = False
        for call in msg.calls:
            world.execute(call.name, call.arguments)
    hashes.append(state_hash(world.state()))
    return world.state(), hashes


def ground_truth_calls(inter: Interaction) -> list[list[str]]:
    """The interaction's calls per turn, in BFCL's Python call syntax (for BFCL's own checker)."""
    turns: list[list[str]] = []
    prev_user = False
    for msg in inter.messages:
        if msg.role == "user":
            if not prev_user:
                turns.append([])
            prev_user = True
            continue
        prev_user = False
        for call in msg.calls:
            turns[-1].append(call_string(call.name, call.arguments))
    return turns
