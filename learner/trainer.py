"""The SFT trainer: a plain-Python loop over a DeepSpeed engine.

The same code runs on GPUs (NCCL) and on CPU (``DS_ACCELERATOR=cpu``, gloo),
with one process or many under ``torchrun``. Every rank renders the same rows
and forms the same global batches (deterministic in the seed); each rank then
runs its own share of every micro-step.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import os
import random
import socket
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.interaction import Interaction
from trajectory2gym.learner import checkpoint as ckpt
from trajectory2gym.learner.batching import (
    GlobalBatch,
    batch_weights,
    collate,
    deal,
    parent_targets,
    plan_epoch,
)
from trajectory2gym.learner.config import LearnerConfig, resolve_path
from trajectory2gym.learner.losses import LOSS_KINDS, ds_loss_scale, shifted_ce
from trajectory2gym.learner.render import Renderer, RenderReport, Row, merge_reports, render_all
from trajectory2gym.learner.selected import SelectedSet, as_selected


@dataclass
class TrainResult:
    steps: int  # last completed step (1-based count)
    losses: list[float]  # objective of each step run in this call (the configured loss)
    history: list[dict[str, float]]  # every logged metric per step
    checkpoint: str | None
    render_report: RenderReport
    selected_identity: str | None
    output_dir: str | None = None
    start_step: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- distributed


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def init_distributed() -> tuple[int, int]:
    """Initialize torch.distributed once (env from torchrun, or a one-process default)."""
    import torch

    if not torch.cuda.is_available():
        os.environ.setdefault("DS_ACCELERATOR", "cpu")
    if "RANK" not in os.environ:
        os.environ.update(RANK="0", WORLD_SIZE="1", LOCAL_RANK="0")
        os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
        os.environ.setdefault("MASTER_PORT", str(_free_port()))
    import deepspeed
    import torch.distributed as dist

    if not dist.is_initialized():
        backend = "gloo" if os.environ.get("DS_ACCELERATOR") == "cpu" else "nccl"
        deepspeed.init_distributed(dist_backend=backend)
    return dist.get_rank(), dist.get_world_size()


# --------------------------------------------------------------------------- engine


def lr_lambda(config: LearnerConfig, total_steps: int):  # type: ignore[no-untyped-def]
    warm, floor = config.warmup_steps, config.min_lr_ratio

    def factor(step: int) -> float:
        if warm and step < warm:
            return (step + 1) / warm
        if config.lr_schedule == "constant":
            return 1.0
        span = max(1, total_steps - warm)
        frac = min(1.0, (step - warm) / span)
        if config.lr_schedule == "linear":
            return floor + (1 - floor) * (1 - frac)
        return floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * frac))

    return factor


def deepspeed_config(config: LearnerConfig, world_size: int) -> dict[str, Any]:
    base: dict[str, Any] = {}
    if config.zero_config:
        path = resolve_path(config.zero_config)
        assert path is not None  # validated on load
        base = json.loads(path.read_text())
    zero = dict(base.get("zero_optimization", {}))
    zero["stage"] = config.zero_stage
    if config.offload_optimizer:
        zero["offload_optimizer"] = {"device": "cpu", "pin_memory": True}
    if config.offload_params:
        zero["offload_param"] = {"device": "cpu", "pin_memory": True}
    out = {k: v for k, v in base.items() if k not in ("train_batch_size",)}
    out.update(
        train_micro_batch_size_per_gpu=config.micro_batch,
        gradient_accumulation_steps=config.grad_accum,
        train_batch_size=config.global_batch(world_size),
        zero_optimization=zero,
        bf16={"enabled": config.bf16},
        gradient_clipping=config.grad_clip,
        steps_per_print=10**9,
        wall_clock_breakdown=False,
    )
    if config.optimizer == "sgd":
        out["zero_allow_untested_optimizer"] = True  # plain SGD is exact and used to test gradient scale
    if config.offload_optimizer:
        out["optimizer"] = {"type": "AdamW", "params": {
            "lr": config.lr, "betas": list(config.betas), "weight_decay": config.weight_decay}}
    return out


def enable_checkpointing(model: Any) -> None:
    """Recompute activations in the backward pass. transformers 5 names it
    ``activation_checkpointing_enable`` (the old name warns, and goes in v6); 4.x has only the old one."""
    enable = getattr(model, "activation_checkpointing_enable", None) or model.gradient_checkpointing_enable
    enable()


def build_engine(config: LearnerConfig, total_steps: int, world_size: int) -> tuple[Any, Any]:
    import deepspeed
    import torch
    from transformers import AutoModelForCausalLM

    ds_config = deepspeed_config(config, world_size)
    keep_alive = None
    if config.zero_stage == 3 and importlib.util.find_spec("accelerate") is not None:
        # Partition weights while loading instead of materializing the full model per rank
        # (transformers needs accelerate for this; without it the model loads whole, then shards).
        from transformers.integrations import HfDeepSpeedConfig

        keep_alive = HfDeepSpeedConfig(ds_config)
    model = AutoModelForCausalLM.from_pretrained(
        config.model_path, dtype=torch.bfloat16 if config.bf16 else torch.float32,
        attn_implementation=config.attn_implementation)
    if config.gradient_checkpointing:
        enable_checkpointing(model)
    model.config.use_cache = False
    if config.moe is not None and config.zero_stage == 3:
        from deepspeed.utils import set_z3_leaf_modules

        set_z3_leaf_modules(model, config.moe.leaf_modules)
    optimizer = None
    params = [p for p in model.parameters() if p.requires_grad]
    if not config.offload_optimizer:
        if config.optimizer == "sgd":
            optimizer = torch.optim.SGD(params, lr=config.lr)
        else:
            optimizer = torch.optim.AdamW(params, lr=config.lr, betas=config.betas,
                                          weight_decay=config.weight_decay, foreach=False)
    factor = lr_lambda(config, total_steps)
    engine, _, _, _ = deepspeed.initialize(
        model=model, model_parameters=params if optimizer is None else None, optimizer=optimizer,
        lr_scheduler=lambda opt: torch.optim.lr_scheduler.LambdaLR(opt, factor), config=ds_config)
    engine._t2g_hf_ds_config = keep_alive
    return engine, model


# --------------------------------------------------------------------------- data


class Schedule:
    """Global batch of every step: epochs planned on demand, deterministic in the seed."""

    def __init__(self, rows: list[Row], config: LearnerConfig, world_size: int):
        self.rows = rows
        self.config = config
        self.slots = config.micro_batch * config.grad_accum * world_size
        self.epochs: list[list[list[int]]] = []
        self.targets_of = parent_targets(rows)

    def epoch(self, e: int) -> list[list[int]]:
        while len(self.epochs) <= e:
            self.epochs.append(plan_epoch(self.rows, self.slots, self.config.seed, len(self.epochs),
                                          self.config.packing, self.config.max_length))
        return self.epochs[e]

    def total_steps(self) -> int:
        if self.config.steps is not None:
            return self.config.steps
        return max(1, math.ceil(self.config.epochs * len(self.epoch(0))))

    def batch(self, step: int) -> tuple[int, GlobalBatch]:
        e, k = 0, step
        while k >= len(self.epoch(e)):
            k -= len(self.epoch(e))
            e += 1
        return e, batch_weights(self.rows, self.epoch(e)[k], self.targets_of)

    def spread(self, e: int = 0) -> dict[str, int]:
        """Parents whose rows an epoch spreads over several steps (more rows than a step holds),
        with the number of steps each spans."""
        steps: dict[str, int] = {}
        for idx in self.epoch(e):
            for pid in {self.rows[i].parent_id for i in idx}:
                steps[pid] = steps.get(pid, 0) + 1
        return {pid: n for pid, n in steps.items() if n > 1}


def load_inputs(interactions: Any, certified: Any) -> tuple[list[Interaction], dict[str, CertifiedInteraction],
                                                            list[str]]:
    """Accept paths or objects; unreadable records are reported, not fatal."""
    from trajectory2gym.codecs import iter_jsonl, read_interactions
    from trajectory2gym.validation import ReadReport, RecordError

    problems: list[str] = []
    if isinstance(interactions, (str, os.PathLike)):
        rep = ReadReport()
        inters = list(read_interactions(interactions, report=rep))
        problems += [str(e) for e in rep.errors]
    else:
        inters = list(interactions)
    certs: dict[str, CertifiedInteraction] = {}
    if isinstance(certified, (str, os.PathLike)):
        for lineno, raw in iter_jsonl(certified):
            if isinstance(raw, RecordError):
                problems.append(str(raw))
                continue
            try:
                c = CertifiedInteraction.model_validate(raw)
            except Exception as exc:  # pydantic error: name the line
                problems.append(f"[{certified}, line {lineno}] certified record invalid: {exc}")
                continue
            certs[c.id] = c
    elif isinstance(certified, Mapping):
        certs = dict(certified)
    else:
        certs = {c.id: c for c in certified}
    return inters, certs, problems


def check_input_paths(sources: Mapping[str, Any]) -> None:
    """Input files named by path must exist; checked before DeepSpeed starts, naming the key."""
    missing = [f"{key}: {str(value)!r}" for key, value in sources.items()
               if isinstance(value, (str, os.PathLike)) and not os.path.exists(value)]
    if missing:
        raise FileNotFoundError(f"input not found: {'; '.join(missing)} (relative to {os.getcwd()})")


def rows_digest(rows: list[Row]) -> str:
    """Hash of the rendered rows in order: what a resumed run must train on to continue exactly."""
    h = hashlib.blake2b(digest_size=12)
    for r in rows:
        h.update(orjson.dumps([r.parent_id, r.parent_weight, r.input_ids, r.target_mask]))
    return h.hexdigest()


def no_rows_message(report: RenderReport, max_length: int, context: int | None) -> str:
    msg = (f"nothing to train on: {report.parents_in} selected interactions rendered no rows "
           f"({report.by_kind()})")
    if report.longest_skipped:
        msg += (f"; the longest row skipped as too_long has {report.longest_skipped} tokens: "
                f"raise max_length (now {max_length}) to at least that")
        if context is not None:
            msg += f" (the model's max_position_embeddings is {context})"
    return msg


def render_sharded(renderer: Renderer, inters: list[Interaction], certs: dict[str, CertifiedInteraction],
                   selected: Mapping[str, float] | None, rank: int, world: int,
                   progress: bool = False) -> tuple[list[Row], RenderReport]:
    """Each rank renders every world-th interaction; all ranks then hold all rows, in input order."""
    if world == 1:
        return render_all(renderer, inters, certs, selected, progress)
    import torch.distributed as dist

    # Strided shards; duplicates of one id must land on one rank to be caught.
    owner = {i.id: k % world for k, i in enumerate(inters)}
    mine = [i for i in inters if owner[i.id] == rank]
    part = render_all(renderer, mine, certs, selected, progress, report_missing=False)
    parts: list[Any] = [None] * world
    dist.all_gather_object(parts, part)
    order = {}
    for k, i in enumerate(inters):
        order.setdefault(i.id, k)
    rows = sorted((r for p in parts for r in p[0]), key=lambda r: order[r.parent_id])  # stable per parent
    report = merge_reports([p[1] for p in parts])
    if selected is not None:
        for missing in sorted(set(selected) - set(order)):
            report.add(missing, "missing_interaction", "id", "selected id has no interaction in the input")
    return rows, report


# --------------------------------------------------------------------------- logging


class Logger:
    """W&B on rank 0 (offline unless an API key is set, or disabled) plus a rich progress bar."""

    def __init__(self, config: LearnerConfig, rank: int, total: int, start: int):
        self.run = None
        self.progress = None
        if rank != 0:
            return
        mode = config.wandb_mode
        if mode == "auto":
            mode = "online" if os.environ.get("WANDB_API_KEY") else "offline"
        if mode != "disabled":
            import wandb

            self.run = wandb.init(project=config.wandb_project, name=config.run_name, mode=mode,
                                  config=config.model_dump(mode="json"),
                                  dir=os.environ.get("WANDB_DIR") or config.checkpoint_dir or None)
        if config.progress:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self.progress = Progress(TextColumn("train"), BarColumn(), MofNCompleteColumn(),
                                     TextColumn("{task.fields[info]}"), TimeRemainingColumn(), transient=True)
            self.progress.start()
            self.task = self.progress.add_task("train", total=total, completed=start, info="")

    def log(self, step: int, metrics: dict[str, float]) -> None:
        if self.run is not None:
            self.run.log(metrics, step=step)
        if self.progress is not None:
            self.progress.update(self.task, advance=1,
                                 info=f"loss {metrics['loss']:.4f} lr {metrics['lr']:.2e}")

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
        if self.run is not None:
            self.run.finish()


# --------------------------------------------------------------------------- train


def seed_everything(seed: int) -> None:
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def train(
    config: LearnerConfig,
    interactions: Iterable[Interaction] | str | os.PathLike[str] | None = None,
    certified: Iterable[CertifiedInteraction] | Mapping[str, CertifiedInteraction] | str | None = None,
    selected: SelectedSet | Mapping[str, float] | Iterable[Any] | str | None = None,
    resume: str | os.PathLike[str] | None = None,
) -> TrainResult:
    """Train on the selected, certified interactions; returns losses and the last checkpoint."""
    import torch
    import torch.distributed as dist
    from transformers import AutoTokenizer

    sources: dict[str, Any] = {}  # the key as the user wrote it -> paths or records
    for key, given, default in (("interactions", interactions, config.data.interactions),
                                ("certified", certified, config.data.certified),
                                ("selected", selected, config.data.selected)):
        name = f"data.{key}" if given is None else f"{key} argument"
        sources[name] = default if given is None else given
    interactions, certified, selected = sources.values()
    if interactions is None or certified is None:
        raise ValueError("train needs interactions and certified records (arguments or data.* in the config)")
    config.check_model_path()
    check_input_paths(sources)
    context = config.check_max_length()
    rank, world = init_distributed()
    seed_everything(config.seed)
    inters, certs, read_problems = load_inputs(interactions, certified)
    sel = as_selected(selected)
    tok = AutoTokenizer.from_pretrained(config.tokenizer)
    renderer = Renderer(tok, config.rendering, config.max_length, config.verify_render)
    rows, report = render_sharded(renderer, inters, certs, sel.weights if sel else None, rank, world,
                                  progress=config.progress and rank == 0)
    for p in read_problems + (sel.problems if sel else []):
        report.add("", "bad_input", "", p)
    if not rows:
        raise ValueError(no_rows_message(report, config.max_length, context))
    schedule = Schedule(rows, config, world)
    for pid, n in sorted(schedule.spread().items()):  # shown with the rendering report
        report.add(pid, "spread_over_steps", "", f"its rows span {n} optimizer steps (one holds {schedule.slots} "
                   f"rows: micro_batch x grad_accum x world size); each part weighs its share of the parent's "
                   f"target tokens. Raise grad_accum to keep interactions whole")
    total = schedule.total_steps()
    identity = sel.identity if sel else None
    # What fixes the schedule and the objective: saved with every checkpoint, matched on resume.
    run_keys = {"selected_identity": identity, "rows_digest": rows_digest(rows), "rows": len(rows),
                "world_size": world, "loss": config.loss, "rendering": config.rendering,
                "max_length": config.max_length, "packing": config.packing, "micro_batch": config.micro_batch,
                "grad_accum": config.grad_accum, "seed": config.seed}
    resume_path = None
    if resume is not None:  # checked before DeepSpeed starts
        resume_path = ckpt.resolve(resume)
        ckpt.check_resumable(resume_path, ckpt.read_state(resume_path), run_keys)
    engine, _ = build_engine(config, total, world)
    start = 0
    if resume_path is not None:
        state = ckpt.load(engine, resume_path, rank)
        start = int(state["step"])
    pad_id = tok.pad_token_id if tok.pad_token_id is not None else (tok.eos_token_id or 0)
    scale = ds_loss_scale(config.grad_accum, world)
    device = engine.device
    logger = Logger(config, rank, total, start)
    losses: list[float] = []
    history: list[dict[str, float]] = []
    last_ckpt: str | None = None
    moe = config.moe
    try:
        for step in range(start, total):
            t0 = time.perf_counter()
            epoch, gb = schedule.batch(step)
            slots = deal(gb, rows, world, config.grad_accum, config.packing, config.max_length)
            sums = torch.zeros(len(LOSS_KINDS) + 1, dtype=torch.float64)
            for m in range(config.grad_accum):
                mb = collate(gb, slots[m][rank], rows, pad_id, config.packing)
                ids = torch.from_numpy(mb.input_ids).to(device)
                kwargs: dict[str, Any] = {"input_ids": ids, "use_cache": False}
                if mb.attention_mask is not None:
                    kwargs["attention_mask"] = torch.from_numpy(mb.attention_mask).to(device)
                if mb.position_ids is not None:
                    kwargs["position_ids"] = torch.from_numpy(mb.position_ids).to(device)
                if moe is not None and moe.output_router_logits:
                    kwargs["output_router_logits"] = True
                out = engine(**kwargs)
                w_all = {k: torch.from_numpy(mb.weights[k]).to(device) for k in LOSS_KINDS}
                ce, w, idx = shifted_ce(out.logits, ids, w_all[config.loss])
                loss = (ce * w.to(ce.dtype)).sum() * scale
                aux = getattr(out, "aux_loss", None)
                if moe is not None and aux is not None:
                    loss = loss + moe.router_aux_loss_coef * aux
                    sums[-1] += float(aux.detach()) / (config.grad_accum * world)
                engine.backward(loss)
                engine.step()
                with torch.no_grad():
                    ce_d = ce.detach().double().cpu()
                    for j, k in enumerate(LOSS_KINDS):
                        wk = w_all[k][:, 1:].reshape(-1).index_select(0, idx).double().cpu()
                        sums[j] += (ce_d * wk).sum()
            dist.all_reduce(sums)
            elapsed = time.perf_counter() - t0
            tokens = sum(len(rows[i].input_ids) for i in gb.rows)
            metrics = {f"loss/{k}": float(sums[j]) for j, k in enumerate(LOSS_KINDS)}
            metrics.update(
                loss=float(sums[LOSS_KINDS.index(config.loss)]),
                target_tokens=float(sum(rows[i].n_targets for i in gb.rows)),
                parents=float(gb.parents),
                split_parents=float(len(gb.split_parents)),
                rows=float(len(gb.rows)),
                tokens_per_s=tokens / max(elapsed, 1e-9),
                lr=float(engine.get_lr()[0]),
                epoch=float(epoch),
            )
            if moe is not None:
                metrics["aux_loss"] = float(sums[-1])
            losses.append(metrics["loss"])
            history.append(metrics)
            if (step + 1) % config.log_interval == 0 or step + 1 == total:
                logger.log(step + 1, metrics)
            done = step + 1
            if config.checkpoint_dir and (
                (config.checkpoint_interval and done % config.checkpoint_interval == 0) or done == total):
                state = {"step": done, "epoch": epoch, **run_keys}
                last_ckpt = str(ckpt.save(engine, config.checkpoint_dir, done, state, rank,
                                          config.keep_checkpoints))
    finally:
        logger.close()
    out_dir = None
    if config.output_dir:
        out_dir = save_model(engine, tok, config, rank)
    return TrainResult(total, losses, history, last_ckpt, report, identity, out_dir, start,
                       extra={"optimizer": optimizer_name(engine)})


def optimizer_name(engine: Any) -> str:
    """The optimizer that steps the weights (under ZeRO, the one its partitioned optimizer wraps):
    ``DeepSpeedCPUAdam`` when the optimizer state is offloaded, ``AdamW`` or ``SGD`` otherwise."""
    opt = engine.optimizer
    return type(getattr(opt, "optimizer", opt)).__name__


def save_model(engine: Any, tokenizer: Any, config: LearnerConfig, rank: int) -> str:
    """The trained model in Hugging Face format (weights gathered under ZeRO-3)."""
    import contextlib

    import deepspeed
    import torch.distributed as dist

    assert config.output_dir is not None
    module = engine.module
    gather = (deepspeed.zero.GatheredParameters(list(module.parameters()), modifier_rank=None)
              if config.zero_stage == 3 else contextlib.nullcontext())
    with gather:
        if rank == 0:
            Path(config.output_dir).mkdir(parents=True, exist_ok=True)
            state = {k: v.detach().cpu().clone() for k, v in module.state_dict().items()}
            module.save_pretrained(config.output_dir, state_dict=state)
            tokenizer.save_pretrained(config.output_dir)
    dist.barrier()
    return config.output_dir
