"""The learner as a Ray actor group: ``world_size`` actors, torch.distributed set up inside them.

Rank 0 picks the rendezvous address (its node's IP and a free port); every
actor exports ``RANK``/``WORLD_SIZE``/``LOCAL_RANK``/``MASTER_ADDR``/
``MASTER_PORT`` before calling the learner's ``train``, which initializes
DeepSpeed from them (gloo on CPU, NCCL on GPUs). With ``world_size: 1`` this is
one actor running ``train`` on the driver's inputs.
"""

from __future__ import annotations

import os
import socket
from typing import Any

import ray

from trajectory2gym.actors.support import read_certified
from trajectory2gym.codecs import read_interactions
from trajectory2gym.validation import ReadReport


def read_interaction_dirs(dirs: list[str]) -> tuple[list[Any], list[str]]:
    inters: list[Any] = []
    problems: list[str] = []
    for d in dirs:
        report = ReadReport()
        inters.extend(read_interactions(d, fmt="msgpack", report=report))
        problems.extend(str(e) for e in report.errors)
    inters.sort(key=lambda i: i.id)
    return inters, problems


class LearnerWorker:
    def __init__(self, rank: int, world_size: int) -> None:
        self.rank = rank
        self.world_size = world_size

    def rendezvous(self) -> tuple[str, int]:
        """This actor's node address and a free port for the process group."""
        ip = ray.util.get_node_ip_address()
        with socket.socket() as s:
            s.bind(("", 0))
            port = int(s.getsockname()[1])
        return ip, port

    def train(
        self,
        master: tuple[str, int],
        config: dict[str, Any],
        interaction_dirs: list[str],
        certified_dirs: list[str],
        selected_path: str,
        resume: str | None,
    ) -> dict[str, Any]:
        os.environ.update(
            RANK=str(self.rank),
            WORLD_SIZE=str(self.world_size),
            # Ray gives each actor its own CUDA_VISIBLE_DEVICES: its device is always local 0.
            LOCAL_RANK="0",
            MASTER_ADDR=master[0],
            MASTER_PORT=str(master[1]),
        )
        from trajectory2gym.learner.config import LearnerConfig
        from trajectory2gym.learner.trainer import train

        inters, problems = read_interaction_dirs(interaction_dirs)
        certs, cert_problems = read_certified(certified_dirs)
        result = train(LearnerConfig.model_validate(config), inters, certs, selected_path, resume)
        report = result.render_report
        return {
            "rank": self.rank,
            "steps": result.steps,
            "start_step": result.start_step,
            "losses": list(result.losses),
            "history": list(result.history),
            "checkpoint": result.checkpoint,
            "selected_identity": result.selected_identity,
            "output_dir": result.output_dir,
            "optimizer": result.extra.get("optimizer"),
            "problems": problems + cert_problems,
            "render": _render_summary(report),
        }


def _render_summary(report: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("parents_in", "parents_out", "rows", "mismatches"):
        value = getattr(report, name, None)
        if isinstance(value, (int, float)):
            out[name] = value
    by_kind = getattr(report, "by_kind", None)
    if callable(by_kind):
        out["problems_by_kind"] = dict(by_kind())
    return out


class LearnerGroup:
    """Start ``world_size`` learner actors and run one training job across them."""

    def __init__(self, world_size: int, *, num_cpus: float, num_gpus: float, env: dict[str, str] | None = None):
        opts: dict[str, Any] = {"num_cpus": num_cpus, "num_gpus": num_gpus, "max_restarts": 0}
        if env:
            opts["runtime_env"] = {"env_vars": env}
        cls = ray.remote(LearnerWorker)
        self.actors = [cls.options(**opts).remote(rank, world_size) for rank in range(world_size)]

    def train(
        self,
        config: dict[str, Any],
        interaction_dirs: list[str],
        certified_dirs: list[str],
        selected_path: str,
        resume: str | None = None,
    ) -> dict[str, Any]:
        master = ray.get(self.actors[0].rendezvous.remote())
        refs = [
            a.train.remote(master, config, interaction_dirs, certified_dirs, selected_path, resume)
            for a in self.actors
        ]
        results = ray.get(refs)
        if len({r["steps"] for r in results}) != 1:
            raise RuntimeError(f"learner ranks disagree on steps: {[r['steps'] for r in results]}")
        return {**results[0], "world_size": len(results)}

    def shutdown(self) -> None:
        for a in self.actors:
            ray.kill(a, no_restart=True)
        self.actors = []
