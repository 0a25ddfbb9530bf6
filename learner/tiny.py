"""Tiny random Qwen3 and Qwen3-MoE models with a locally trained tokenizer, for CPU tests.

The tokenizer is a byte-level BPE trained with the ``tokenizers`` library on
generated customer-service text, and carries a Qwen3/Hermes-style chat template
(tools in the system turn, ``<tool_call>`` blocks, ``<tool_response>`` turns,
``<think>`` blocks that are dropped before the latest user turn, as Qwen3 does,
so renders are deliberately not prefix-stable).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

# Rows of real tool-use data run to thousands of tokens (tool schemas, policies); RoPE has no
# weights, so a long context costs nothing until a row uses it.
MAX_POSITIONS = 32768
SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
MARKUP_TOKENS = ["<think>", "</think>", "<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>"]

# Written for this project in the Qwen3/Hermes format: ChatML turns, tools as JSON
# lines inside <tools>, calls as JSON inside <tool_call>, consecutive tool
# results grouped into one user turn. Reasoning is shown only for assistant turns
# after the latest user message (plus an empty think block on the final turn).
CHAT_TEMPLATE = r"""
{%- set ns = namespace(last_user=-1) -%}
{%- for m in messages -%}
  {%- if m.role == 'user' -%}{%- set ns.last_user = loop.index0 -%}{%- endif -%}
{%- endfor -%}
{%- if tools or messages[0].role == 'system' -%}
  {{- '<|im_start|>system\n' -}}
  {%- if messages[0].role == 'system' -%}{{- messages[0].content -}}{%- endif -%}
  {%- if tools -%}
    {%- if messages[0].role == 'system' -%}{{- '\n\n' -}}{%- endif -%}
    {{- '# Tools\n\nYou may call functions. Signatures:\n<tools>' -}}
    {%- for t in tools -%}{{- '\n' -}}{{- t | tojson -}}{%- endfor -%}
    {{- '\n</tools>\n\nReturn each call as JSON inside <tool_call></tool_call>.' -}}
  {%- endif -%}
  {{- '<|im_end|>\n' -}}
{%- endif -%}
{%- for m in messages -%}
  {%- if m.role == 'system' and loop.first -%}
  {%- elif m.role == 'user' or m.role == 'system' -%}
    {{- '<|im_start|>' + m.role + '\n' + (m.content or '') + '<|im_end|>\n' -}}
  {%- elif m.role == 'assistant' -%}
    {{- '<|im_start|>assistant\n' -}}
    {%- set reasoning = m.reasoning_content or '' -%}
    {%- if loop.index0 > ns.last_user and (reasoning or loop.last) -%}
      {{- '<think>\n' + reasoning.strip('\n') + '\n</think>\n\n' -}}
    {%- endif -%}
    {{- m.content or '' -}}
    {%- for c in (m.tool_calls or []) -%}
      {%- set f = c.function if c.function is defined else c -%}
      {%- if (m.content or '') or not loop.first -%}{{- '\n' -}}{%- endif -%}
      {{- '<tool_call>\n{"name": "' + f.name + '", "arguments": ' -}}
      {%- if f.arguments is string -%}{{- f.arguments -}}{%- else -%}{{- f.arguments | tojson -}}{%- endif -%}
      {{- '}\n</tool_call>' -}}
    {%- endfor -%}
    {{- '<|im_end|>\n' -}}
  {%- elif m.role == 'tool' -%}
    {%- if loop.first or messages[loop.index0 - 1].role != 'tool' -%}{{- '<|im_start|>user' -}}{%- endif -%}
    {{- '\n<tool_response>\n' + (m.content or '') + '\n</tool_response>' -}}
    {%- if loop.last or messages[loop.index0 + 1].role != 'tool' -%}{{- '<|im_end|>\n' -}}{%- endif -%}
  {%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\n' -}}{%- endif -%}
"""

_WORDS = ["order", "user", "item", "address", "payment", "refund", "exchange", "cancel", "return", "flight", "reservation", "seat", "baggage", "status", "pending", "delivered", "processed", "gift", "card", "credit", "paypal", "zip", "city", "street", "name", "email", "please", "thank", "you", "help", "want", "would", "like", "to", "the", "a", "my", "your", "is", "are", "was", "for", "with", "of", "on", "in", "and", "or", "not", "can", "confirm", "yes", "no", "sorry", "error", "found", "invalid", "product", "variant", "price", "total", "amount", "date", "time", "booking", "cabin", "economy", "business", "passenger", "insurance", "membership", "gold", "silver", "regular", "lookup", "details"]
_TOOLS = ["get_user_details", "get_order_details", "cancel_pending_order", "find_user_id_by_email",
          "book_reservation", "get_reservation_details", "exchange_delivered_order_items", "transfer"]


def generate_corpus(n_lines: int = 3000, seed: int = 0) -> list[str]:
    """Synthetic chat-like lines: prose, ids, amounts, JSON calls and template markup."""
    rng = random.Random(seed)
    lines = []
    for _ in range(n_lines):
        kind = rng.random()
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 14)))
        if kind < 0.4:
            lines.append(words.capitalize() + rng.choice([".", "?", "!"]))
        elif kind < 0.7:
            args = {rng.choice(["order_id", "user_id", "email", "amount", "item_ids"]):
                    rng.choice([f"#W{rng.randint(1000000, 9999999)}", f"user_{rng.randint(1, 999)}",
                                f"{rng.choice(_WORDS)}@example.com", rng.randint(1, 5000)])}
            lines.append('{{"name": "{}", "arguments": {}}}'.format(rng.choice(_TOOLS), str(args).replace("'", '"')))
        else:
            lines.append(f"<|im_start|>{rng.choice(['user', 'assistant', 'system'])}\n{words}<|im_end|>\n"
                         f"Error: {words}\n\n# Tools {{\"type\": \"function\"}}")
    return lines


def train_tokenizer(vocab_size: int = 1024, corpus: list[str] | None = None, seed: int = 0) -> Any:
    """A byte-level BPE ``PreTrainedTokenizerFast`` with the chat template and ChatML specials."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(corpus or generate_corpus(seed=seed), trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        additional_special_tokens=[],
    )
    fast.add_special_tokens({"additional_special_tokens": SPECIAL_TOKENS[1:]})
    fast.add_tokens(MARKUP_TOKENS)
    fast.chat_template = CHAT_TEMPLATE.strip()
    return fast


def tiny_config(arch: str, vocab_size: int) -> Any:
    """A Qwen3 (``qwen3``) or Qwen3-MoE (``qwen3_moe``) config small enough for CPU tests."""
    common: dict[str, Any] = dict(
        vocab_size=vocab_size, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, head_dim=16, max_position_embeddings=MAX_POSITIONS, tie_word_embeddings=True,
        rope_theta=10000.0,
    )
    if arch == "qwen3":
        from transformers import Qwen3Config

        return Qwen3Config(intermediate_size=128, **common)
    if arch == "qwen3_moe":
        from transformers import Qwen3MoeConfig

        return Qwen3MoeConfig(intermediate_size=128, moe_intermediate_size=32, num_experts=4,
                              num_experts_per_tok=2, decoder_sparse_step=1, mlp_only_layers=[],
                              norm_topk_prob=True, **common)
    raise ValueError(f"arch must be qwen3 or qwen3_moe, got {arch!r}")


def make_tiny(out_dir: str | os.PathLike[str], arch: str = "qwen3", seed: int = 0,
              vocab_size: int = 1024, tokenizer: Any = None) -> Path:
    """Write a tiny random model plus tokenizer to ``out_dir`` (loadable with ``from_pretrained``)."""
    import torch
    from transformers import AutoModelForCausalLM

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tok = tokenizer if tokenizer is not None else train_tokenizer(vocab_size=vocab_size, seed=seed)
    torch.manual_seed(seed)
    config = tiny_config(arch, len(tok))
    config.pad_token_id = tok.pad_token_id
    config.eos_token_id = tok.eos_token_id
    model = AutoModelForCausalLM.from_config(config)
    model.save_pretrained(out)
    tok.save_pretrained(out)
    return out


def make_tiny_pair(out_dir: str | os.PathLike[str], seed: int = 0) -> dict[str, Path]:
    """Tiny dense and MoE models sharing one tokenizer: ``out_dir/qwen3`` and ``out_dir/qwen3_moe``."""
    tok = train_tokenizer(seed=seed)
    root = Path(out_dir)
    return {arch: make_tiny(root / arch, arch, seed=seed, tokenizer=tok) for arch in ("qwen3", "qwen3_moe")}
