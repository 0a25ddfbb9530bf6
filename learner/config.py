"""The learner's typed config section, and the scale presets in ``configs/scales/``."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from trajectory2gym.config import CONFIG_HOME, ConfigError, ConfigModel, config_path, load_config

SCALES_DIR = CONFIG_HOME / "configs" / "scales"
_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


# Keys that make a file a `t2g run` config rather than a learner config: the run's own sections,
# and the run-level keys of its learner section (launch.config.LearnerSection; a test keeps them equal).
RUN_CONFIG_KEYS = frozenset({"run", "ray", "envs", "workers", "stream", "teacher", "certify", "selector"})
RUN_LEARNER_KEYS = frozenset({"enabled", "world_size", "num_cpus", "num_gpus", "config_file", "config", "tiny_model"})


class ScaleSpec(ConfigModel):
    """Hardware and selection facts declared with a preset."""

    name: str
    gpus_per_node: int = Field(ge=1)
    nodes: int = Field(default=1, ge=1)
    support_depth: int = Field(ge=1, description="predeclared support depth d of structural selection")

    @property
    def world_size(self) -> int:
        return self.gpus_per_node * self.nodes


class MoESpec(ConfigModel):
    """Mixture-of-experts settings (Qwen3-30B-A3B)."""

    # Under ZeRO-3 these blocks must be leaf modules, or expert parameters are
    # fetched per routed token and the ranks hang.
    leaf_modules: list[str] = Field(default_factory=lambda: ["Qwen3MoeSparseMoeBlock"], min_length=1)
    router_aux_loss_coef: float = Field(default=0.001, ge=0)
    output_router_logits: bool = True


class DataPaths(ConfigModel):
    interactions: str | None = None  # JSONL or msgpack of interactions
    certified: str | None = None  # JSONL of CertifiedInteraction records
    selected: str | None = None  # JSONL of {"id", "stage", "path_key", "weight"?}


class LearnerConfig(ConfigModel):
    model_path: str
    tokenizer_path: str | None = None  # defaults to model_path
    loss: Literal["parent", "row", "token"] = "parent"
    rendering: Literal["conversation", "decision"] = "decision"
    verify_render: bool = True
    max_length: int = Field(default=4096, ge=8)
    packing: bool = False
    micro_batch: int = Field(default=1, ge=1)
    grad_accum: int = Field(default=1, ge=1)
    optimizer: Literal["adamw", "sgd"] = "adamw"
    lr: float = Field(default=1e-5, gt=0)
    lr_schedule: Literal["constant", "linear", "cosine"] = "cosine"
    warmup_steps: int = Field(default=0, ge=0)
    min_lr_ratio: float = Field(default=0.0, ge=0, le=1)
    weight_decay: float = Field(default=0.0, ge=0)
    betas: tuple[float, float] = (0.9, 0.95)
    grad_clip: float = Field(default=1.0, ge=0)
    steps: int | None = Field(default=None, ge=1)  # overrides epochs when set
    epochs: float = Field(default=1.0, gt=0)
    zero_stage: int = Field(default=2, ge=0, le=3)
    zero_config: str | None = None  # base DeepSpeed JSON (configs/zero/...), fields below override it
    offload_optimizer: bool = False
    offload_params: bool = False
    bf16: bool = True
    attn_implementation: str = "sdpa"
    gradient_checkpointing: bool = False
    seed: int = 0
    checkpoint_dir: str | None = None
    checkpoint_interval: int = Field(default=0, ge=0)  # steps; 0 = only at the end
    keep_checkpoints: int = Field(default=2, ge=1)
    output_dir: str | None = None  # final model in Hugging Face format
    wandb_mode: Literal["auto", "online", "offline", "disabled"] = "auto"
    wandb_project: str = "trajectory2gym"
    run_name: str | None = None
    log_interval: int = Field(default=1, ge=1)
    progress: bool = True
    moe: MoESpec | None = None
    scale: ScaleSpec | None = None
    data: DataPaths = Field(default_factory=DataPaths)

    @model_validator(mode="after")
    def _consistent(self) -> LearnerConfig:
        if self.offload_params and self.zero_stage != 3:
            raise ValueError("offload_params needs zero_stage 3")
        if self.offload_optimizer and self.zero_stage == 0:
            raise ValueError("offload_optimizer needs zero_stage 1, 2 or 3")
        if self.optimizer == "sgd" and self.offload_optimizer:
            raise ValueError("offload_optimizer uses DeepSpeed's CPU Adam; optimizer must be adamw")
        if self.warmup_steps and self.steps is not None and self.warmup_steps >= self.steps:
            raise ValueError(f"warmup_steps {self.warmup_steps} must be below steps {self.steps}")
        if not self.model_path.strip():
            raise ValueError("model_path is empty")
        if self.zero_config is not None and resolve_path(self.zero_config) is None:
            raise ValueError(f"zero_config {self.zero_config!r} not found (relative to cwd or the repository)")
        is_moe = "moe" in self.model_path.lower() or re.search(r"-A\d+B", self.model_path)
        if is_moe and self.moe is None:
            raise ValueError(f"model_path {self.model_path!r} is a MoE model: set the moe section")
        return self

    def check_model_path(self) -> None:
        """At train time: the model must be a local directory or a hub id (org/name)."""
        if not (os.path.isdir(self.model_path) or _HUB_ID.match(self.model_path)):
            raise ValueError(f"model_path: {self.model_path!r} is neither a local directory nor a hub id "
                             "(org/name); build a tiny one with `t2g learner make-tiny -o DIR`")

    def model_context(self) -> int | None:
        """The model's ``max_position_embeddings`` (from its config.json), or None if it declares none."""
        from transformers import AutoConfig

        model_config = AutoConfig.from_pretrained(self.model_path)
        text = model_config.get_text_config() if hasattr(model_config, "get_text_config") else model_config
        limit = getattr(text, "max_position_embeddings", None)
        return limit if isinstance(limit, int) and limit > 0 else None

    def check_max_length(self) -> int | None:
        """At train time: rows longer than the model's context would train positions it never had.
        Returns the model's context length (None when its config declares none)."""
        limit = self.model_context()
        if limit is not None and self.max_length > limit:
            raise ValueError(f"max_length: {self.max_length} exceeds the model's max_position_embeddings "
                             f"{limit} ({self.model_path}); set max_length={limit} or lower, or use a "
                             "model with a longer context")
        return limit

    @property
    def tokenizer(self) -> str:
        return self.tokenizer_path or self.model_path

    def global_batch(self, world_size: int) -> int:
        return self.micro_batch * self.grad_accum * world_size


def resolve_path(path: str) -> Path | None:
    """A path as given, or relative to ``CONFIG_HOME`` (so presets work from any cwd); None if neither."""
    found = config_path(path)
    return found if found.exists() else None


def load_learner_config(path: str | os.PathLike[str] | None, overrides: list[str] | None = None) -> LearnerConfig:
    """A learner config file; a file with a top-level ``learner:`` section is read from that section."""
    from trajectory2gym.config import apply_overrides, read_yaml, validate_config

    if path is None:
        return load_config(LearnerConfig, None, overrides)
    data = read_yaml(path)
    section = data.get("learner")
    run_keys = sorted(RUN_CONFIG_KEYS & data.keys())
    if isinstance(section, dict):
        run_keys += sorted(f"learner.{k}" for k in RUN_LEARNER_KEYS & section.keys())
    if run_keys:
        # A `t2g run` config: its learner section is resolved inside a run (the tiny model is built
        # in the run directory, the data is the run's selected set), so it is no learner config.
        shown = ", ".join(run_keys[:4]) + (", ..." if len(run_keys) > 4 else "")
        raise ConfigError(
            f"{path} is a run config (it has {shown}): run it with `t2g run {path}`, or point "
            "t2g train at a learner config such as configs/learner_tiny.yaml or configs/scales/*.yaml"
        )
    if isinstance(section, dict):
        data = section
    apply_overrides(data, overrides or [])
    return validate_config(LearnerConfig, data, str(path))


def preset_paths() -> list[Path]:
    return sorted(SCALES_DIR.glob("*.yaml"))


def load_preset(name: str, overrides: list[str] | None = None) -> LearnerConfig:
    """A scale preset by file stem (``qwen3-8b``) or path."""
    path = Path(name) if name.endswith(".yaml") else SCALES_DIR / f"{name}.yaml"
    cfg = load_learner_config(path, overrides)
    if cfg.scale is None:
        raise ValueError(f"{path}: a scale preset needs a scale section (gpus_per_node, nodes, support_depth)")
    return cfg
