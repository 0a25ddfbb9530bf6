"""Learner test fixtures: tiny models built once per session, and small certified samples."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# DeepSpeed on CPU: gloo, and the JIT-built comm op cached under ~/.cache/torch_extensions.
os.environ.setdefault("DS_ACCELERATOR", "cpu")


@pytest.fixture(scope="session")
def tiny_models(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from trajectory2gym.learner.tiny import make_tiny_pair

    return make_tiny_pair(tmp_path_factory.mktemp("tiny"), seed=0)


@pytest.fixture(scope="session")
def tiny_tokenizer(tiny_models: dict[str, Path]):  # type: ignore[no-untyped-def]
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(tiny_models["qwen3"])
