"""The ``certify`` config section: rule-based checks by default, an optional LLM judge."""

from __future__ import annotations

from pydantic import Field

from trajectory2gym.config import ConfigModel


class JudgeConfig(ConfigModel):
    """An LLM judge behind an OpenAI-compatible endpoint (vLLM, a hosted API). Off by default.

    When enabled it decides the workflow check of consequential calls (does the
    user's latest confirmation cover this action?); the rule-based verdict is used
    when the endpoint fails, and the failure is counted in the record's
    ``metadata.judge_errors`` (``t2g certify`` warns with the total).
    """

    enabled: bool = False
    base_url: str = "http://localhost:8000/v1"
    model: str = "Qwen/Qwen3-8B"
    # Name of the environment variable holding the key (never the key itself in a config file).
    api_key_env: str = "OPENAI_API_KEY"
    timeout_s: float = Field(default=30.0, gt=0)
    max_retries: int = Field(default=1, ge=0)
    temperature: float = Field(default=0.0, ge=0)
    max_tokens: int = Field(default=256, gt=0)
    # Messages of context before the call that the judge sees (from the assistant's description on).
    context_messages: int = Field(default=8, ge=1)


class CertifyConfig(ConfigModel):
    """How decisions are certified. Defaults follow the issue; every knob is a documented relaxation."""

    # Access categories that need an explicit, covering user confirmation.
    confirm_access: list[str] = Field(default_factory=lambda: ["write", "irreversible"])
    # A write's identifier arguments must have been seen in a successful tool observation first.
    require_lookup_before_write: bool = True
    # Check identifiers and amounts that assistant text states to the user.
    check_text: bool = True
    # Counts up to this value (quantities, passengers) need no evidence.
    free_count_max: int = Field(default=10, ge=0)
    # Free-text arguments longer than this are not eligible (a summary, not a dump).
    max_free_text_chars: int = Field(default=2000, ge=1)
    # Pair derivations (sum/difference of two visible amounts) only below this many amounts.
    max_pair_amounts: int = Field(default=2000, ge=0)
    # A pair derivation counts as evidence when at most this share of amounts like the claimed one
    # (in its range, as round) is a pair sum or difference: else a guess would pass as often. In
    # such a dense context (a flight search, a policy full of fees) both amounts must have been
    # stated in the conversation ("$361 now, you paid $177, so $184").
    max_pair_chance: float = Field(default=0.1, ge=0, le=1)
    # Domain used when the interaction names none and none can be recognised from tool names.
    default_domain: str | None = None
    judge: JudgeConfig = Field(default_factory=JudgeConfig)
