"""The ``t2g run`` config: one root composing every stage's section.

A run is described by one YAML file (``configs/smoke.yaml``) plus dotted
overrides (``envs.retail.workers=4``). Stage sections are the stages' own
config models (``certify: CertifyConfig``, ``selector.select: SelectConfig``,
``learner.config: LearnerConfig``), so a key a stage does not know is an error
at load time, not in the middle of round 3.
"""

from __future__ import annotations

import os
from typing import Any, Literal

from pydantic import Field, model_validator

from trajectory2gym.certify.config import CertifyConfig
from trajectory2gym.config import ConfigModel, load_config
from trajectory2gym.learner.config import LearnerConfig
from trajectory2gym.selector.select import SelectConfig

FAMILIES: tuple[str, ...] = ("information", "recovery", "state")


class RunSection(ConfigModel):
    name: str = Field(default="run", pattern=r"^[A-Za-z0-9_.-]+$", description="run directory prefix")
    seed: int = 0
    root: str = Field(default="runs", description="where run directories are created")
    rounds: int = Field(default=2, ge=1, description="round budget")
    # Stop early once every known path has support >= selector.depth.
    stop_when_no_deficits: bool = True


class RayConfig(ConfigModel):
    # None: start a private local cluster bound to ``host``; "auto" or "ray://...": join one.
    address: str | None = None
    host: str = "127.0.0.1"
    num_cpus: int | None = Field(default=None, ge=1)
    num_gpus: int | None = Field(default=None, ge=0)
    include_dashboard: bool = False
    namespace: str = "trajectory2gym"
    log_to_driver: bool = True


class DomainConfig(ConfigModel):
    workers: int = Field(default=1, ge=1, description="EnvWorker actors for this domain")
    tasks_per_round: int = Field(default=8, ge=1)
    db_seed: int = 0
    db_size: str = "small"
    families: list[str] = Field(default_factory=lambda: list(FAMILIES))
    max_steps: int = Field(default=30, ge=1)
    user: Literal["scripted", "llm"] = "scripted"
    # Options of the LLM user simulator (model, base_url, ...) when ``user: llm``.
    user_options: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_families(self) -> DomainConfig:
        bad = [f for f in self.families if f not in FAMILIES]
        if bad:
            raise ValueError(f"unknown families {bad} (known: {', '.join(FAMILIES)})")
        if not self.families:
            raise ValueError("families must not be empty")
        return self


class WorkerConfig(ConfigModel):
    """Fault tolerance and resources of EnvWorker actors."""

    num_cpus: float = Field(default=1.0, ge=0)
    # Ray restarts a dead worker this many times; tasks in flight are retried on it.
    max_restarts: int = Field(default=3, ge=-1)
    max_task_retries: int = Field(default=2, ge=-1)
    # Driver-level attempts per planned task once Ray gives up (or the episode raised).
    task_retries: int = Field(default=2, ge=0)
    task_timeout_s: float = Field(default=600.0, gt=0)
    # Tasks per call (amortizes the actor-call overhead of millisecond episodes) and calls
    # in flight per worker.
    chunk: int = Field(default=4, ge=1)
    inflight: int = Field(default=2, ge=1)


class StreamConfig(ConfigModel):
    """The certification side of the stream."""

    # Certifier actors; each id is routed to one of them by hash, so dedupe stays exact.
    certifiers: int = Field(default=1, ge=1)
    shard_size: int = Field(default=256, ge=1, description="records per msgpack shard")


class TeacherConfig(ConfigModel):
    kind: Literal["scripted", "openai", "vllm"] = "scripted"
    # Passed to the teacher's constructor (model, base_url, sampling, imperfections, ...).
    options: dict[str, Any] = Field(default_factory=dict)
    # vLLM engine actor: GPUs per engine (tensor parallel) and CPUs; placed with a placement group.
    num_gpus: float = Field(default=1.0, ge=0)
    num_cpus: float = Field(default=1.0, ge=0)
    max_concurrency: int = Field(default=16, ge=1)


class SelectorSection(ConfigModel):
    # Online rounds: support depth d the deficits are measured against.
    depth: int = Field(default=2, ge=1)
    targets_per_round: int = Field(default=16, ge=0)
    # The unit of the selection's core coverage and per-task cap K: generated tasks are all
    # distinct, so ``template`` (or ``family``) groups them by what produced them.
    group_by: Literal["task", "template", "family"] = "template"
    select: SelectConfig = Field(default_factory=lambda: SelectConfig(budget=64))


class TinyModelSpec(ConfigModel):
    arch: Literal["qwen3", "qwen3_moe"] = "qwen3"
    seed: int = 0
    vocab_size: int = Field(default=4096, ge=512)
    # Train the tokenizer on the run's domain policies and tool schemas too: rendered rows get
    # about 40% shorter, and attention cost falls with the square of that.
    domain_corpus: bool = True


class LearnerSection(ConfigModel):
    """The learner stage. Its ``LearnerConfig`` is ``config_file`` with ``config`` keys on top,
    validated at the start of the run (after ``tiny_model`` is built, when one is asked for)."""

    enabled: bool = True
    # Actors in the learner group (torch.distributed world size); 1 = one actor.
    world_size: int = Field(default=1, ge=1)
    num_cpus: float = Field(default=1.0, ge=0)
    num_gpus: float = Field(default=0.0, ge=0)
    config_file: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    # Build a tiny random model in the run directory and train it (smoke runs, tests).
    tiny_model: TinyModelSpec | None = None

    def resolve(self, model_path: str | None, **fixed: Any) -> LearnerConfig:
        """The validated learner config: file, then ``config``, then the run's fixed keys."""
        from trajectory2gym.config import read_yaml, validate_config
        from trajectory2gym.learner.config import resolve_path

        data: dict[str, Any] = {}
        if self.config_file is not None:
            found = resolve_path(self.config_file)
            if found is None:
                raise ValueError(f"learner.config_file: {self.config_file!r} not found")
            data = read_yaml(found)
            if isinstance(data.get("learner"), dict):
                data = data["learner"]
        data = _deep_merge(data, self.config)
        if model_path is not None:
            data["model_path"] = model_path
            data.pop("tokenizer_path", None)
        data.update(fixed)
        return validate_config(LearnerConfig, data, "learner")


def _deep_merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in top.items():
        out[k] = _deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


class WandbConfig(ConfigModel):
    # auto: online when WANDB_API_KEY is set, else offline.
    mode: Literal["auto", "online", "offline", "disabled"] = "auto"
    project: str = "trajectory2gym"
    entity: str | None = None
    tags: list[str] = Field(default_factory=list)

    def resolved_mode(self) -> str:
        if self.mode != "auto":
            return self.mode
        return "online" if os.environ.get("WANDB_API_KEY") else "offline"


class ReportConfig(ConfigModel):
    """What the run writes under ``report/`` at the end: ``report.md`` when enabled, and with
    ``plots`` the HTML report with figures (``report.html``, as ``t2g report`` writes it)."""

    enabled: bool = True
    plots: bool = True


class RunConfig(ConfigModel):
    run: RunSection = Field(default_factory=RunSection)
    ray: RayConfig = Field(default_factory=RayConfig)
    envs: dict[str, DomainConfig] = Field(default_factory=lambda: {"retail": DomainConfig()})
    workers: WorkerConfig = Field(default_factory=WorkerConfig)
    stream: StreamConfig = Field(default_factory=StreamConfig)
    teacher: TeacherConfig = Field(default_factory=TeacherConfig)
    certify: CertifyConfig = Field(default_factory=CertifyConfig)
    selector: SelectorSection = Field(default_factory=SelectorSection)
    learner: LearnerSection = Field(default_factory=LearnerSection)
    wandb: WandbConfig = Field(default_factory=WandbConfig)
    report: ReportConfig = Field(default_factory=ReportConfig)

    @model_validator(mode="after")
    def _known_domains(self) -> RunConfig:
        from trajectory2gym.envs.registry import DOMAINS

        if not self.envs:
            raise ValueError("envs: name at least one domain")
        bad = [d for d in self.envs if d not in DOMAINS]
        if bad:
            raise ValueError(f"envs: unknown domains {bad} (known: {', '.join(DOMAINS)})")
        return self


def load_run_config(path: str | os.PathLike[str] | None, overrides: list[str] | None = None) -> RunConfig:
    return load_config(RunConfig, path, overrides)
