"""The round driver behind ``t2g run``: targets -> rollouts -> certify -> inventory, then select, train, report.

Every round ends with an atomic checkpoint (the round's shards renamed into
place, the inventory written, ``state.json`` replaced). ``resume`` continues
after the last checkpoint: rounds are planned from the run seed and the
checkpointed inventory only, episodes are seeded by their planned ids, and the
selection reads the committed shards sorted by id, so a resumed run ends with
the same selected set and learner state as an uninterrupted one.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from trajectory2gym.config import dump_config, load_config
from trajectory2gym.console import make_console
from trajectory2gym.launch.config import (
    RunConfig,
    check_learner,
    check_resources,
    resolve_learner,
)
from trajectory2gym.launch.resume import drop_stages, plan_resume
from trajectory2gym.launch.rundir import (
    RunDir,
    RunState,
    atomic_write_bytes,
    atomic_write_json,
    read_json,
)

# The rounds table printed after each round: (state.json key, short title), narrow enough for a
# terminal. The report's table has every key (report_html.collect.ROUND_COLUMNS).
CONSOLE_ROUND_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", "round"),
    ("interactions", "interactions"),
    ("eligible_share", "eligible"),
    ("mean_reward", "reward"),
    ("paths_covered", "paths covered"),
    ("deficit_paths", "deficit paths"),
    ("deficit_total", "deficit"),
    ("retries", "retries"),
    ("seconds", "s"),
)


@dataclass
class RunResult:
    run_dir: Path
    state: RunState
    selection: dict[str, Any] | None = None
    train: dict[str, Any] | None = None
    report: list[Path] = field(default_factory=list)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}" if abs(v) < 100 else f"{v:.0f}"
    return str(v)


class Driver:
    def __init__(self, cfg: RunConfig, run_dir: RunDir, console: Console | None = None) -> None:
        self.cfg = cfg
        self.run_dir = run_dir
        self.console = console or make_console()
        self.state = run_dir.load_state()
        self._started_ray = False
        self._connected = False  # this driver connected to Ray (and disconnects at the end)
        self.selector: Any = None
        self.certifiers: list[Any] = []
        self.engine: Any = None  # a shared teacher EngineActor (vLLM), held here: EnvWorkers know its name
        self.fleet: Any = None

    # ------------------------------------------------------------------ construction

    @staticmethod
    def check(cfg: RunConfig, state: RunState | None = None, run_path: Path | None = None) -> None:
        """Everything that can be checked before Ray starts: the learner section as the run resolves
        it, and, for a private local cluster with ``ray.num_cpus``/``num_gpus`` set, whether the
        remaining stages' actors fit (the cluster's own numbers are checked once it is up)."""
        state = state or RunState()
        if cfg.learner.enabled and "train" not in state.stages_done:
            if run_path is not None:
                resolve_learner(cfg, run_path)
            else:
                check_learner(cfg)
        from trajectory2gym.launch.cluster import private_cluster

        if cfg.ray.check_resources and private_cluster(cfg.ray.address):
            check_resources(cfg, cfg.ray.num_cpus, cfg.ray.num_gpus, where="ray", **_remaining(state))

    @classmethod
    def new(cls, cfg: RunConfig, console: Console | None = None) -> Driver:
        cls.check(cfg)  # before the run directory exists: a config error leaves nothing behind
        run_dir = RunDir.create(cfg.run.root, cfg.run.name)
        dump_config(cfg, run_dir.config_path)
        return cls(cfg, run_dir, console)

    @classmethod
    def resume(cls, path: str | Path, overrides: list[str] | None = None, console: Console | None = None) -> Driver:
        run_dir = RunDir(path)
        if not run_dir.config_path.exists():
            raise ValueError(f"{path}: not a run directory (no config.yaml)")
        saved = load_config(RunConfig, run_dir.config_path)
        cfg = load_config(RunConfig, run_dir.config_path, overrides) if overrides else saved
        state = run_dir.load_state()
        plan = plan_resume(saved, cfg, state)
        redo = set(plan.redo)
        ahead = state.model_copy(update={"stopped": plan.stopped,
                                         "stages_done": [s for s in state.stages_done if s not in redo]})
        cls.check(cfg, ahead, run_dir.path)
        # Checked: now make the directory agree with the new config (the checkpoint first).
        dropped = drop_stages(run_dir, plan)
        if plan.stopped != state.stopped or redo:
            state.stopped = plan.stopped
            state.stages_done = [s for s in state.stages_done if s not in redo]
            for s in redo:
                state.stage_metrics.pop(s, None)
            run_dir.save_state(state)
        if overrides:
            dump_config(cfg, run_dir.config_path)  # the directory records what actually runs
        driver = cls(cfg, run_dir, console)
        removed = run_dir.discard_uncommitted(driver.state.completed_rounds)
        st = driver.state
        run_dir.rewrite_metrics(st.round_metrics + [st.stage_metrics[s] for s in st.stages_done if s in st.stage_metrics])
        done = st.completed_rounds
        status = f"{done} round{'s' if done != 1 else ''} done" + (f" (stopped: {st.stopped})" if st.stopped else "")
        if st.stages_done:
            status += f", {', '.join(st.stages_done)} done"
        driver.console.print(
            f"resuming {run_dir.path}: {status}"
            + "".join(f"; {n}" for n in plan.notes)
            + (f" (dropped {len(removed)} uncommitted paths)" if removed else "")
        )
        for p in dropped:
            driver.console.print(f"  removed {p} (made with the old config)")
        return driver

    # ------------------------------------------------------------------ the run

    def run(self) -> RunResult:
        cfg = self.cfg
        learner_config = self._prepare_learner() if cfg.learner.enabled else None
        from trajectory2gym.launch.cluster import init_ray, prepare_environment

        prepare_environment(cfg.ray.host)  # before `import ray`: Ray reads the loopback switch at import
        import ray

        self._connected = not ray.is_initialized()
        self._started_ray = init_ray(
            cfg.ray.address,
            host=cfg.ray.host,
            num_cpus=cfg.ray.num_cpus,
            num_gpus=cfg.ray.num_gpus,
            include_dashboard=cfg.ray.include_dashboard,
            namespace=cfg.ray.namespace,
            log_to_driver=cfg.ray.log_to_driver,
        )
        self.console.print(
            f"ray: {'started a local cluster' if self._started_ray else 'joined'} at "
            f"{ray.get_runtime_context().gcs_address}"
        )
        if cfg.ray.check_resources:
            try:
                self._check_cluster_resources()
            except BaseException:
                self._teardown()
                raise
        from trajectory2gym.launch.tracking import WandbLogger

        self.wandb = WandbLogger(
            cfg.wandb.resolved_mode(),
            self.run_dir,
            project=cfg.wandb.project,
            entity=cfg.wandb.entity,
            tags=cfg.wandb.tags,
            config=cfg.model_dump(mode="json"),
        )
        result = RunResult(self.run_dir.path, self.state)
        try:
            if self.state.stopped is None:
                self._rounds()
            if "select" not in self.state.stages_done:
                self._select()
            result.selection = read_json(self.run_dir.selection_path)
            if learner_config is not None:
                if "train" not in self.state.stages_done:
                    self._train(learner_config)
                result.train = read_json(self.run_dir.learner_dir / "train.json")
            if cfg.report.enabled:
                from trajectory2gym.launch.report import write_report

                result.report = write_report(self.run_dir)  # report.md, the text summary
                if cfg.report.plots:
                    # The HTML report with figures (`t2g report RUN_DIR`): rounds, certification,
                    # coverage, support, deficits, families, learner curves, evaluation.
                    from trajectory2gym.launch.report_html import write_report as write_html_report

                    html_report, _ = write_html_report(self.run_dir.path)
                    result.report.append(html_report)
                self._stage_done("report")
        finally:
            # Disconnecting from Ray stops (and flushes) the printing of worker logs: the lines
            # below come last, not interleaved with a learner's late log lines.
            self._teardown()
        st = self.state
        done = [f"{st.completed_rounds} round{'s' if st.completed_rounds != 1 else ''} (stopped: {st.stopped})"]
        if result.selection is not None:
            done.append(f"{len(result.selection['selected'])} selected")
        if result.train is not None:
            done.append(f"learner at step {result.train['steps']}")
        self.console.print(f"done: {', '.join(done)}")
        if result.report:
            self.console.print(f"report: {', '.join(str(p) for p in result.report)}")
        return result

    def _check_cluster_resources(self) -> None:
        """Fail now, not after ``fleet.wait_ready``'s timeout, when the actors cannot fit the cluster."""
        import ray

        total = ray.cluster_resources()
        cpus, gpus = total.get("CPU", 0.0), total.get("GPU", 0.0)
        remaining = _remaining(self.state)
        if not self._started_ray:
            where = f"the cluster at {ray.get_runtime_context().gcs_address}"
            check_resources(self.cfg, cpus, gpus, where=where, **remaining)
            return
        # A private cluster: name the key that set each number, or say Ray detected it.
        r = self.cfg.ray
        check_resources(self.cfg, cpus, None, where="ray" if r.num_cpus is not None else "machine", **remaining)
        check_resources(self.cfg, None, gpus, where="ray" if r.num_gpus is not None else "machine", **remaining)

    def _teardown(self) -> None:
        import ray

        if self.fleet is not None:
            self.fleet.shutdown()
            self.fleet = None
        for actor in [*self.certifiers, self.selector]:
            if actor is not None:
                ray.kill(actor, no_restart=True)
        self.certifiers, self.selector = [], None
        self._stop_engine()
        if getattr(self, "wandb", None) is not None:
            self.wandb.finish()
            self.wandb = None
        if self._connected:
            ray.shutdown()  # a private cluster stops; a joined one stays up
            self._connected = self._started_ray = False

    def _stage_done(self, stage: str) -> None:
        if stage not in self.state.stages_done:
            self.state.stages_done.append(stage)
        self.run_dir.save_state(self.state)

    # ------------------------------------------------------------------ actors

    def _teacher_spec(self) -> dict[str, Any]:
        t = self.cfg.teacher
        if t.kind == "vllm":
            from trajectory2gym.actors.teacher_engine import start_engine

            name = f"teacher-{self.run_dir.path.name}"
            self.engine = start_engine(
                t.kind,
                t.options,
                num_gpus=t.num_gpus,
                num_cpus=t.num_cpus,
                max_concurrency=t.max_concurrency,
                name=name,
            )
            return {"kind": t.kind, "engine": name}  # EnvWorkers look the engine up by name
        return {"kind": t.kind, "options": dict(t.options)}

    def _start_selector(self) -> Any:
        import ray

        from trajectory2gym.actors.workers import SelectorActor
        from trajectory2gym.launch.cluster import node_affinity

        done = self.state.completed_rounds
        inventory = read_json(self.run_dir.inventory_path(done - 1)) if done else None
        return (
            ray.remote(SelectorActor)
            .options(num_cpus=0, scheduling_strategy=node_affinity())
            .remote(self.cfg.selector.depth, inventory)
        )

    def _start_rollout_actors(self) -> None:
        import ray

        from trajectory2gym.actors.fleet import Fleet, WorkerSpec
        from trajectory2gym.actors.workers import CertifierActor
        from trajectory2gym.launch.cluster import node_affinity

        cfg = self.cfg
        self.selector = self._start_selector()
        # Certifiers write the run directory: they live on the driver's node. They are not
        # restarted (an open shard would be lost); a dead certifier fails the round, and
        # ``--resume`` replays it.
        # Named, so EnvWorkers look them up by name (see EnvWorker: no handles as constructor arguments).
        names = [f"certifier-{self.run_dir.path.name}-{k}" for k in range(cfg.stream.certifiers)]
        self.certifiers = [
            ray.remote(CertifierActor)
            .options(name=name, num_cpus=0, max_restarts=0, scheduling_strategy=node_affinity())
            .remote(cfg.certify.model_dump(mode="json"), self.selector, cfg.stream.shard_size, f"c{k}")
            for k, name in enumerate(names)
        ]
        teacher = self._teacher_spec()
        w = cfg.workers
        specs = {
            domain: WorkerSpec(
                domain=domain,
                runner_options={
                    "db_seed": dc.db_seed,
                    "db_size": dc.db_size,
                    "max_steps": dc.max_steps,
                    "user": dc.user,
                    "user_options": dict(dc.user_options),
                },
                teacher=teacher,
                num_cpus=w.num_cpus,
                max_restarts=w.max_restarts,
                max_task_retries=w.max_task_retries,
            )
            for domain, dc in cfg.envs.items()
        }
        self.fleet = Fleet(
            specs,
            {d: dc.workers for d, dc in cfg.envs.items()},
            names,
            chunk=w.chunk,
            inflight=w.inflight,
            task_retries=w.task_retries,
            task_timeout_s=w.task_timeout_s,
        )
        self.fleet.wait_ready()

    # ------------------------------------------------------------------ rounds

    def _rounds(self) -> None:
        cfg = self.cfg
        self._start_rollout_actors()
        table = Table(title=f"rounds of {self.run_dir.path.name}")
        for _, title in CONSOLE_ROUND_COLUMNS:
            table.add_column(title, justify="right")
        for row in self.state.round_metrics:
            table.add_row(*(_fmt(row.get(k, "")) for k, _ in CONSOLE_ROUND_COLUMNS))
        for r in range(self.state.completed_rounds, cfg.run.rounds):
            metrics = self._round(r)
            table.add_row(*(_fmt(metrics.get(k, "")) for k, _ in CONSOLE_ROUND_COLUMNS))
            self.console.print(
                f"round {r}: {metrics['interactions']} interactions, eligible {metrics['eligible_share']:.1%}, "
                f"{metrics['paths_covered']} paths covered, {metrics['deficit_paths']} deficit paths"
            )
            if self.state.stopped:
                break
        # A log (not a terminal: ray job logs, a file) has no width to fit: the whole table goes there.
        console = self.console
        if not console.is_terminal:
            wide = Measurement.get(console, console.options.update_width(1000), table).maximum
            console = Console(file=console.file, width=max(wide, console.width))
        console.print(table)
        # Free the workers' CPUs, and the teacher engine's GPUs, for the learner.
        if self.fleet is not None:
            self.fleet.shutdown()
            self.fleet = None
        self._stop_engine()

    def _stop_engine(self) -> None:
        if self.engine is not None:
            self.engine.stop()  # its placement group too: the reservation ends with the rounds
            self.engine = None

    def _round(self, r: int) -> dict[str, Any]:

        import ray

        from trajectory2gym.actors.plan import plan_round
        from trajectory2gym.actors.sink import merge_digests

        cfg = self.cfg
        start = time.perf_counter()
        targets = ray.get(self.selector.targets.remote(cfg.selector.targets_per_round)) if r > 0 else []
        plan = plan_round(
            r,
            cfg.run.seed,
            {d: (dc.tasks_per_round, dc.families) for d, dc in cfg.envs.items()},
            targets,
        )
        partial = self.run_dir.partial_round_dir(r)
        if partial.exists():
            shutil.rmtree(partial)
        partial.mkdir(parents=True)
        atomic_write_json(partial / "planned.json", [p.model_dump(mode="json") for p in plan])
        ray.get([c.open_round.remote(r, str(partial)) for c in self.certifiers])
        columns = (TextColumn(f"round {r}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[info]}"),
                   TimeElapsedColumn())
        with Progress(*columns, console=self.console, transient=True) as progress:
            bar = progress.add_task(f"round {r}", total=len(plan), info="")
            counts = {"retry": 0, "failed": 0, "replaced": 0}

            def on_event(kind: str, info: dict[str, Any]) -> None:
                if kind in ("done", "failed", "rejected"):
                    progress.advance(bar)
                if kind in counts:
                    counts[kind] += 1
                progress.update(bar, info=" ".join(f"{k} {v}" for k, v in counts.items() if v))

            outcome = self.fleet.run(plan, on_event)
        digest = merge_digests(ray.get([c.close_round.remote() for c in self.certifiers]))
        accepted = set(digest["ids"])
        lost = sorted(set(outcome.planned) - accepted - set(outcome.failed))
        extra = sorted(accepted - set(outcome.planned))
        if lost or extra:
            raise RuntimeError(f"round {r}: delivery mismatch: lost {lost[:5]}, unplanned {extra[:5]}")
        summary = ray.get(self.selector.summary.remote())
        inventory = ray.get(self.selector.inventory.remote())
        atomic_write_json(partial / "digest.json", {**digest, "failed": outcome.failed})
        self.run_dir.commit_round(r)
        atomic_write_json(self.run_dir.inventory_path(r), inventory)
        metrics: dict[str, Any] = {
            "round": r,
            "planned": len(plan),
            "targets": len(targets),
            "interactions": len(accepted),
            "failed": len(outcome.failed),
            "duplicates": digest["duplicates"],
            "retries": outcome.retries,
            "worker_errors": outcome.worker_errors,
            "eligible_share": digest["eligible_share"],
            "mean_reward": digest["mean_reward"],
            "round_paths": digest["paths"],
            **summary,
            "seconds": time.perf_counter() - start,
        }
        metrics["interactions_per_s"] = metrics["interactions"] / max(metrics["seconds"], 1e-9)
        self.state.completed_rounds = r + 1
        self.state.round_metrics.append(metrics)
        if cfg.run.stop_when_no_deficits and summary["deficit_paths"] == 0 and summary["paths_known"] > 0:
            self.state.stopped = "no_deficits"
        elif r + 1 >= cfg.run.rounds:
            self.state.stopped = "round_budget"
        self.run_dir.save_state(self.state)  # the round's checkpoint
        self.run_dir.append_metrics(metrics)
        self.wandb.log({f"round/{k}": v for k, v in metrics.items()}, step=r)
        return metrics

    # ------------------------------------------------------------------ select, train

    def _select(self) -> None:
        import ray

        if self.selector is None:
            self.selector = self._start_selector()
        dirs = [str(d) for d in self.run_dir.certified_dirs(self.state.completed_rounds)]
        sel = self.cfg.selector
        out = ray.get(self.selector.select.remote(dirs, sel.select.model_dump(mode="json"), sel.group_by))
        result = out["result"]
        lines = b"".join(
            orjson.dumps(s, option=orjson.OPT_APPEND_NEWLINE | orjson.OPT_SORT_KEYS) for s in result["selected"]
        )
        atomic_write_bytes(self.run_dir.selected_path, lines)
        atomic_write_json(
            self.run_dir.selection_path,
            {**result, "candidates": out["candidates"], "problems": out["problems"]},
        )
        metrics = {
            "stage": "select",
            "candidates": out["candidates"],
            "selected": len(result["selected"]),
            "paths_in_pool": result["paths_in_pool"],
            "paths_covered": result["paths_covered"],
            "objective": result["objective"],
            "remaining_deficits": len(result["deficits"]),
        }
        self.run_dir.append_metrics(metrics)
        self.state.stage_metrics["select"] = metrics
        self.wandb.summary({f"select/{k}": v for k, v in metrics.items() if k != "stage"})
        self.console.print(
            f"selected {metrics['selected']} of {metrics['candidates']} candidates "
            f"({metrics['paths_covered']}/{metrics['paths_in_pool']} paths covered)"
        )
        self._stage_done("select")

    def _prepare_learner(self) -> Any:
        """The validated learner config; builds the tiny model first when the config asks for one."""
        section = self.cfg.learner
        if section.tiny_model is not None and "train" not in self.state.stages_done:
            path = self.run_dir.path / "tiny-model"
            if not (path / "config.json").exists():
                from trajectory2gym.launch.tinymodel import build_tiny_model

                build_tiny_model(path, section.tiny_model, sorted(self.cfg.envs))
        return resolve_learner(self.cfg, self.run_dir.path)

    def _train(self, learner_config: Any) -> None:
        from trajectory2gym.actors.learner import LearnerGroup
        from trajectory2gym.learner import checkpoint as ckpt

        section = self.cfg.learner
        resume = None
        with contextlib.suppress(FileNotFoundError):
            resume = str(ckpt.resolve(learner_config.checkpoint_dir))
        group = LearnerGroup(section.world_size, num_cpus=section.num_cpus, num_gpus=section.num_gpus)
        done = self.state.completed_rounds
        self.console.print(
            f"training {learner_config.model_path} on {self.run_dir.selected_path.name}"
            + (f" (resuming from {resume})" if resume else "")
        )
        try:
            out = group.train(
                learner_config.model_dump(mode="json"),
                [str(d) for d in self.run_dir.interaction_dirs(done)],
                [str(d) for d in self.run_dir.certified_dirs(done)],
                str(self.run_dir.selected_path),
                resume,
            )
        finally:
            group.shutdown()
        atomic_write_json(self.run_dir.learner_dir / "train.json", out)
        for i, h in enumerate(out["history"]):
            self.wandb.log({f"train/{k}": v for k, v in h.items()}, step=done + out["start_step"] + i)
        metrics = {
            "stage": "train",
            "steps": out["steps"],
            "start_step": out["start_step"],
            "final_loss": out["losses"][-1] if out["losses"] else None,
            "checkpoint": out["checkpoint"],
        }
        self.run_dir.append_metrics(metrics)
        self.state.stage_metrics["train"] = metrics
        self.wandb.summary({"train/steps": out["steps"]})
        # As `t2g train` says it: a resumed learner trains from its checkpoint's step on.
        self.console.print(f"trained steps {out['start_step']}..{out['steps']}; checkpoint {out['checkpoint']}")
        self._stage_done("train")


def _remaining(state: RunState) -> dict[str, bool]:
    """Which resource-holding phases a run with this checkpoint still has ahead."""
    return {"rounds": state.stopped is None, "train": "train" not in state.stages_done}
