"""Rows as Hugging Face ``datasets`` parquet in the form TRL's SFT trainer reads.

``input_ids`` and ``assistant_masks`` are what TRL uses for pre-tokenized data
with assistant-only loss; ``parent_id`` and ``weights`` carry the parent
grouping and our per-token loss weights.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from trajectory2gym.learner.losses import LossKind, token_weights
from trajectory2gym.learner.render import Row


def export_rows(rows: Sequence[Row], path: str | os.PathLike[str], loss: LossKind = "parent") -> int:
    import datasets

    weights = token_weights([r.target_mask for r in rows], [r.parent_id for r in rows],
                            [r.parent_weight for r in rows], loss)
    features = datasets.Features({
        "input_ids": datasets.Sequence(datasets.Value("int32")),
        "assistant_masks": datasets.Sequence(datasets.Value("int8")),
        "parent_id": datasets.Value("string"),
        "weights": datasets.Sequence(datasets.Value("float32")),
        "decisions": datasets.Sequence(datasets.Value("int32")),
    })
    ds = datasets.Dataset.from_dict({
        "input_ids": [r.input_ids for r in rows],
        "assistant_masks": [r.target_mask for r in rows],
        "parent_id": [r.parent_id for r in rows],
        "weights": [w.astype("float32").tolist() for w in weights],
        "decisions": [r.decisions for r in rows],
    }, features=features)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    ds.to_parquet(str(path))
    return len(rows)
