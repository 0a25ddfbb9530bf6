"""The shapes of the JSON the report reads, and a check that keeps what fits them.

Run directories are written by t2g's own stages, but files get edited by hand, cut short or
come from older versions. A value of the wrong type is left out and said as ``file: field
path: expected ..., got ...``; everything else in the file is kept, so one bad number costs one
table cell, not a section. Only the fields the report reads are described: others may hold
anything. Shapes are TypedDicts because the report works on the JSON itself (dicts), and a
TypedDict tells a key that is absent (fine: older runs lack some) from one that is null.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from pydantic import Field, StringConstraints, TypeAdapter, ValidationError
from typing_extensions import Required, TypedDict

# A JSON object key standing for a whole number (the k of pass^k, a support count).
WholeNumber = Annotated[str, StringConstraints(pattern=r"^(0|[1-9][0-9]*)$")]
Point = Annotated[list[float], Field(min_length=2, max_length=2)]  # [budget, paths covered]


class RoundMetrics(TypedDict, total=False):
    """A line of state.json's round_metrics (launch/driver.py), keys in the report's table order."""

    round: Required[int]
    interactions: int
    failed: int
    retries: int
    eligible_share: float
    mean_reward: float
    paths_covered: int
    deficit_paths: int
    deficit_total: int
    seconds: float


class State(TypedDict, total=False):
    """What the run section reads of state.json (launch/rundir.RunState); rounds: RoundMetrics."""

    completed_rounds: int
    stopped: str | None
    stages_done: list[str]


class Selection(TypedDict, total=False):
    """selection.json: the selector's SelectionResult plus the candidate count."""

    strategy: str
    budget: int
    depth: int | None
    cap: int
    candidates: int
    selected: list[dict[str, Any]]
    deficits: list[Any]
    paths_in_pool: int
    paths_covered: int
    objective: float
    stage_counts: dict[str, int]
    stop_reason: str


class StrategySummary(TypedDict, total=False):
    selected: int
    paths_covered: int
    objective: float


class Summary(TypedDict, total=False):
    """summary.json, or figures' "summary" (selector/report.summary)."""

    budget: int
    depth: int | None
    cap: int
    paths_in_pool: int
    extra_paths_structural: int
    structural: StrategySummary
    random: StrategySummary


class Coverage(TypedDict, total=False):
    paths_in_pool: int
    structural: list[Point]
    random: list[Point]


class Figures(TypedDict, total=False):
    """figures.json (selector/report.figures); its support_histogram is SupportHistogram."""

    coverage: Coverage
    summary: Summary


SupportHistogram = dict[str, dict[WholeNumber, int]]  # strategy -> support -> paths


class Inventory(TypedDict, total=False):
    """inventory/round-*.json (selector/inventory.Inventory.to_dict)."""

    interactions: int
    paths: dict[str, Any]
    path_support: dict[str, int]


class HistoryRecord(TypedDict, total=False):
    """One learner step (learner/trainer.py), in train.json's history or a *.jsonl log."""

    step: float
    global_step: float
    loss: float
    lr: float
    tokens_per_s: float


class Train(TypedDict, total=False):
    """learner/train.json (the driver's LearnerGroup.train result), or a *history*.json."""

    steps: int
    start_step: int
    losses: list[float]
    history: list[HistoryRecord]
    checkpoint: str | None


class MetricsLine(HistoryRecord, total=False):
    """A metrics.jsonl line: a round's metrics or a stage's (launch/driver.py)."""

    round: int
    stage: str
    paths_covered: int
    deficit_paths: int
    deficit_total: int


class EvalSummary(TypedDict, total=False):
    """eval.json of ``t2g eval`` (launch/eval/runner.EvalResult.to_dict)."""

    trials: int
    pass_k: dict[str, dict[WholeNumber, float]]
    tasks: dict[str, int]


# --------------------------------------------------------------------------- the check

_EXPECTED = {"int": "an integer", "float": "a number", "string": "a string", "bool": "true or false",
             "list": "a list", "dict": "an object"}
Loc = tuple[str | int, ...]


@cache
def _adapter(shape: Any) -> TypeAdapter[Any]:
    return TypeAdapter(shape)


def field_path(loc: Loc) -> str:
    """("round_metrics", 2, "seconds") -> "round_metrics[2].seconds"."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def _shown(value: Any) -> str:
    text = "null" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _problem(where: str, loc: Loc, err: Any) -> str:
    if loc[-1:] == ("[key]",):  # a dict key of the wrong form: the loc ends key, "[key]"
        return f"{where}: {field_path(loc[:-2]) or '(top)'}: key {_shown(err['input'])}: expected a whole number"
    kind = err["type"]
    if kind == "missing":
        what = "missing"
    else:
        expected = _EXPECTED.get(kind.removesuffix("_type"))
        what = f"expected {expected}" if expected else err["msg"][:1].lower() + err["msg"][1:]
        what += f", got {_shown(err['input'])}"
    return f"{where}: {field_path(loc)}: {what}" if loc else f"{where}: {what}"


def _without(data: Any, drop: set[Loc]) -> Any:
    def walk(value: Any, here: Loc) -> Any:
        if isinstance(value, dict):
            return {k: walk(v, (*here, k)) for k, v in value.items() if (*here, k) not in drop}
        if isinstance(value, list):
            return [walk(v, (*here, i)) for i, v in enumerate(value) if (*here, i) not in drop]
        return value

    return walk(data, ())


def check(data: Any, shape: Any, where: str, problems: list[str], at: Loc = ()) -> Any | None:
    """``data`` without the values that do not fit ``shape``, or None when ``data`` itself does not
    (an object that is a list). One line per value left out goes to ``problems``: ``where``, the
    field path (``at`` first: where ``data`` sits in its file) and what was expected.

    Strict: "3" is no integer and true no number. An entry missing a required key is left out whole.
    """
    said: set[Loc] = set()
    for _ in range(16):  # each pass removes something; a required key's bad value takes a second
        try:
            _adapter(shape).validate_python(data, strict=True)
            return data
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
        drop: set[Loc] = set()
        for err in errors:
            loc: Loc = tuple(err["loc"])
            loc = loc[:-1] if loc[-1:] == ("[key]",) else loc
            if loc not in said:  # a required key already said bad comes back as missing: said once
                said.add(loc)
                problems.append(_problem(where, (*at, *tuple(err["loc"])), err))
            drop.add(loc[:-1] if err["type"] == "missing" else loc)
        if () in drop:
            return None
        data = _without(data, drop)
    return None
