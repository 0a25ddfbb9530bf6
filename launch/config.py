"""The ``t2g run`` config: one root composing every stage's section.

A run is described by one YAML file (``configs/smoke.yaml``) plus dotted
overrides (``envs.retail.workers=4``). Stage sections are the stages' own
config models (``certify: CertifyConfig``, ``selector.select: SelectConfig``,
``learner.config: LearnerConfig``), so a key a stage does not know is an error
at load time, not in the middle of round 3.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from trajectory2gym.certify.config import CertifyConfig
from trajectory2gym.config import ConfigError, ConfigModel, load_config
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
    # Fail at start when the run's actors cannot fit the cluster's CPUs/GPUs (they would wait for
    # ever); false for an autoscaling cluster, which adds nodes on demand.
    check_resources: bool = True


class DomainConfig(ConfigModel):
    workers: int = Field(default=1, ge=1, description="EnvWorker actors for this domain")
    tasks_per_round: int = Field(default=8, ge=1)
    db_seed: int = 0
    db_size: str = Field(default="small", description="small, medium, large, or a user count")
    families: list[str] = Field(default_factory=lambda: list(FAMILIES))
    max_steps: int = Field(default=30, ge=1)
    user: Literal["scripted", "llm"] = "scripted"
    # Options of the LLM user simulator (model, base_url, ...) when ``user: llm``.
    user_options: dict[str, Any] = Field(default_factory=dict)

    @field_validator("db_size")
    @classmethod
    def _known_size(cls, size: str) -> str:
        # Checked here, at submit time, not on the cluster when an EnvWorker builds its database.
        from trajectory2gym.envs.dbgen.common import user_count

        user_count(size)
        return size

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
        elif "model_path" not in data:
            raise ConfigError(
                "learner: no model to train: set learner.tiny_model, learner.config.model_path or "
                "learner.config_file (or learner.enabled=false)"
            )
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
    # Every key has a default, but a run of nothing but defaults is never what was meant.
    try:
        return load_config(RunConfig, path, overrides, empty_hint="see configs/smoke.yaml for a complete one")
    except ConfigError as exc:
        if path is not None and "unknown key" in str(exc) and _is_learner_config(path):
            raise ConfigError(f"{path} is a learner config (its keys are LearnerConfig's): train on it with "
                              f"`t2g train {path}`, or give t2g run a run config such as configs/smoke.yaml; "
                              f"{exc}") from None
        raise


def _is_learner_config(path: str | os.PathLike[str]) -> bool:
    """Whether a file's top-level keys are all learner settings (read again only on an error)."""
    from trajectory2gym.config import read_yaml
    from trajectory2gym.learner.config import LearnerConfig

    keys = set(read_yaml(path))
    return bool(keys) and keys <= set(LearnerConfig.model_fields) and not keys & set(RunConfig.model_fields)


# ---------------------------------------------------------------------------- checks before a run


def resolve_learner(cfg: RunConfig, run_path: Path) -> LearnerConfig:
    """The learner config a run in ``run_path`` trains with (the driver's, and the check before a run
    directory exists: nothing is read from or written to ``run_path``)."""
    section = cfg.learner
    return section.resolve(
        str(run_path / "tiny-model") if section.tiny_model is not None else None,
        checkpoint_dir=str(run_path / "learner" / "checkpoints"),
        wandb_mode="disabled",  # the run's own W&B run logs the learner's history
        progress=False,
        run_name=run_path.name,
    )


def check_learner(cfg: RunConfig) -> None:
    """Validate the learner section as the run will, before a run directory is created."""
    if cfg.learner.enabled:
        # The path a new run directory gets (same shape: a MoE check reads the model path).
        resolve_learner(cfg, Path(cfg.run.root) / f"{cfg.run.name}-YYYYMMDD-HHMMSS")


@dataclass
class Phase:
    """Actors that hold resources at the same time: per resource kind, (amount, who and which keys)."""

    name: str
    terms: dict[str, list[tuple[float, str]]]  # "CPU"/"GPU" -> [(amount, "for X (key=value, ...)")]
    lower: dict[str, str]  # "CPU"/"GPU" -> the keys that lower the need

    def need(self, kind: str) -> float:
        return sum(n for n, _ in self.terms.get(kind, []))


def _n(x: float) -> str:
    return f"{x:g}"


def resource_phases(cfg: RunConfig, *, rounds: bool = True, train: bool = True) -> list[Phase]:
    """What the driver's actors reserve. Certifiers and the selector reserve no CPU (``num_cpus=0``);
    EnvWorkers and a vLLM teacher engine (its placement group) hold theirs during the rounds, then
    are stopped; the learner group comes after."""
    t, w, ls = cfg.teacher, cfg.workers.num_cpus, cfg.learner
    engine = rounds and t.kind == "vllm"
    phases: list[Phase] = []
    if rounds:
        n = sum(dc.workers for dc in cfg.envs.values())
        terms = " + ".join(f"envs.{d}.workers={dc.workers}" for d, dc in cfg.envs.items())
        phase = Phase("rounds", {"CPU": [(n * w, f"{_n(n * w)} for EnvWorkers ({terms}, workers.num_cpus={_n(w)})")]},
                      {"CPU": "envs.<domain>.workers or workers.num_cpus", "GPU": "teacher.num_gpus"})
        phases.append(phase)
    if train and ls.enabled:
        k = ls.world_size
        phase = Phase("training", {
            "CPU": [(k * ls.num_cpus, f"{_n(k * ls.num_cpus)} for the learner "
                                      f"(learner.world_size={k} x learner.num_cpus={_n(ls.num_cpus)})")],
            "GPU": [(k * ls.num_gpus, f"{_n(k * ls.num_gpus)} for the learner "
                                      f"(learner.world_size={k} x learner.num_gpus={_n(ls.num_gpus)})")],
        }, {"CPU": "learner.world_size or learner.num_cpus", "GPU": "learner.world_size or learner.num_gpus"})
        phases.append(phase)
    if engine:
        phase = phases[0]  # the rounds
        phase.terms["CPU"].append((t.num_cpus, f"{_n(t.num_cpus)} for the teacher engine "
                                               f"(teacher.num_cpus={_n(t.num_cpus)})"))
        phase.terms.setdefault("GPU", []).append(
            (t.num_gpus, f"{_n(t.num_gpus)} for the teacher engine (teacher.num_gpus={_n(t.num_gpus)})"))
        phase.lower = {k: v if "teacher" in v else f"{v} (or the teacher's)" for k, v in phase.lower.items()}
    return phases


def check_resources(
    cfg: RunConfig,
    cpus: float | None,
    gpus: float | None,
    *,
    where: str,
    rounds: bool = True,
    train: bool = True,
) -> None:
    """Raise ``ConfigError`` when a phase of the run needs more CPUs or GPUs than ``cpus``/``gpus``
    (None: not checked). ``where`` says whose numbers they are: ``"ray"`` (``ray.num_cpus``/``num_gpus``
    of a private cluster), ``"machine"`` (what Ray detected for one) or a cluster's description."""
    problems: list[str] = []
    for phase in resource_phases(cfg, rounds=rounds, train=train):
        for kind, have in (("CPU", cpus), ("GPU", gpus)):
            need = phase.need(kind)
            if have is None or need <= have + 1e-9:
                continue
            key = f"ray.num_{kind.lower()}s"
            if where == "ray":
                limit = f"{key}={_n(have)}: raise {key} or lower"
            elif where == "machine":
                limit = f"Ray found {_n(have)} on this machine ({key} unset): set {key} or lower"
            else:
                limit = f"{where} has {_n(have)}: lower"
            parts = " + ".join(text for n, text in phase.terms[kind] if n)
            problems.append(f"the {phase.name} need {_n(need)} {kind}s: {parts}, but {limit} {phase.lower[kind]}")
    if problems:
        raise ConfigError("; ".join(problems) + " (the actors would wait for ever)")


def changed_keys(old: RunConfig, new: RunConfig) -> list[str]:
    """Dotted keys whose values differ (a domain added or removed shows as ``envs.<domain>``)."""
    a, b = _flatten(old.model_dump(mode="json")), _flatten(new.model_dump(mode="json"))
    for d in set(old.envs) ^ set(new.envs):
        for flat in (a, b):
            for k in [k for k in flat if k.startswith(f"envs.{d}.")]:
                del flat[k]
        a[f"envs.{d}"], b[f"envs.{d}"] = d in old.envs, d in new.envs
    missing = object()
    return sorted(k for k in a.keys() | b.keys() if a.get(k, missing) != b.get(k, missing))


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        if isinstance(v, dict) and v:
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out
