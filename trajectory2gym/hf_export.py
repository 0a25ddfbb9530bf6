"""Export interactions to Hugging Face ``datasets`` parquet.

``messages``, ``tools``, ``private`` and ``metadata`` are stored as JSON strings:
their nested shapes differ between records (argument objects, tool schemas), and
Arrow would otherwise fail to unify the schemas.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson

from trajectory2gym.interaction import Interaction

JSON_COLUMNS = ("messages", "tools", "private", "metadata")


def interaction_row(inter: Interaction) -> dict[str, Any]:
    d = inter.to_dict()
    return {
        "id": d["id"],
        "task_id": d.get("task_id"),
        "domain": d.get("domain"),
        "reward": d.get("reward"),
        **{k: orjson.dumps(d.get(k, [] if k in ("messages", "tools") else {})).decode() for k in JSON_COLUMNS},
    }


def row_to_interaction(row: dict[str, Any]) -> Interaction:
    data = {k: v for k, v in row.items() if k not in JSON_COLUMNS and v is not None}
    for k in JSON_COLUMNS:
        data[k] = orjson.loads(row[k])
    return Interaction.model_validate(data)


def export_parquet(interactions: Iterable[Interaction], path: str | os.PathLike[str]) -> int:
    import datasets

    rows = [interaction_row(i) for i in interactions]
    features = datasets.Features(
        {
            "id": datasets.Value("string"),
            "task_id": datasets.Value("string"),
            "domain": datasets.Value("string"),
            "reward": datasets.Value("float64"),
            **{k: datasets.Value("string") for k in JSON_COLUMNS},
        }
    )
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    ds = datasets.Dataset.from_list(rows, features=features)
    ds.to_parquet(str(path))
    return len(rows)


def load_parquet(path: str | os.PathLike[str]) -> list[Interaction]:
    import datasets

    ds = datasets.Dataset.from_parquet(str(path))
    return [row_to_interaction(r) for r in ds]
