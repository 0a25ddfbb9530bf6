"""The tiny random model a smoke run trains: the learner's tiny Qwen3, with a tokenizer that knows the domains.

The learner's tiny tokenizer is trained on generic customer-service text; here
the corpus also holds the run's domain policies and tool schemas (they are
most of every rendered row), so rows are shorter and CPU training is faster.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import orjson

from trajectory2gym.launch.config import TinyModelSpec

# Long enough for any smoke row; the tiny config's default (4096) is below a rendered tool block.
MAX_POSITIONS = 32768


def domain_corpus(domains: list[str]) -> list[str]:
    from trajectory2gym.envs.registry import get_domain

    lines: list[str] = []
    for name in domains:
        domain = get_domain(name)
        lines.extend(ln for ln in domain.policy.splitlines() if ln.strip())
        lines.extend(orjson.dumps(t.model_dump(mode="json")).decode() for t in domain.tool_specs())
    return lines


def build_tiny_model(path: Path, spec: TinyModelSpec, domains: list[str]) -> Path:
    """Write the model and tokenizer to ``path`` (atomically: built beside it, then renamed)."""
    from trajectory2gym.learner.tiny import generate_corpus, make_tiny, train_tokenizer

    tmp = path.with_name(path.name + ".partial")
    if tmp.exists():
        shutil.rmtree(tmp)
    corpus = generate_corpus(seed=spec.seed)
    if spec.domain_corpus:
        corpus += domain_corpus(domains) * 3  # repeated so schema phrases win merges
    tok = train_tokenizer(vocab_size=spec.vocab_size, corpus=corpus, seed=spec.seed)
    make_tiny(tmp, arch=spec.arch, seed=spec.seed, tokenizer=tok)
    config_path = tmp / "config.json"
    config = orjson.loads(config_path.read_bytes())
    config["max_position_embeddings"] = MAX_POSITIONS
    config_path.write_bytes(orjson.dumps(config, option=orjson.OPT_INDENT_2))
    tmp.rename(path)
    return path
