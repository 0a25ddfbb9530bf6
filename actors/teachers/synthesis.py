"""In-process synthesis: generator -> teacher -> environment -> (certification), task by task.

The loop behind ``t2g synthesize`` (pure, no Ray). Each interaction carries the
intended path and the teacher's labels in ``metadata``; when the certifier and
the selector are installed, the realized path is added too and the realization
rate and label agreement are scored.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from trajectory2gym.actors.teachers.base import Teacher
from trajectory2gym.actors.teachers.evaluation import LabelAgreement, Realization
from trajectory2gym.envs.env import Env
from trajectory2gym.envs.generator import FAMILIES, GenerationError, TaskGenerator
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.envs.user_base import UserSimulator
from trajectory2gym.interaction import Interaction


def _certifier() -> Any | None:
    try:
        from trajectory2gym.certify.certifier import Certifier
    except ModuleNotFoundError:
        return None
    return Certifier()


@dataclass
class SynthesisReport:
    realization: Realization = field(default_factory=Realization)
    labels: LabelAgreement = field(default_factory=LabelAgreement)
    generated: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    certified: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"generated": dict(self.generated), "failures": list(self.failures),
                "certified": self.certified, "realization": self.realization.as_dict(),
                "labels": self.labels.as_dict()}


def expand_families(family: str) -> list[str]:
    if family == "all":
        return list(FAMILIES)
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r} (choose from {', '.join(FAMILIES)} or all)")
    return [family]


def synthesize(
    domain: str,
    families: list[str],
    n: int,
    teacher: Teacher,
    *,
    seed: int = 0,
    db: dict[str, Any] | None = None,
    user: UserSimulator | None = None,
    report: SynthesisReport | None = None,
    certify: bool = True,
    on_step: Callable[[str], None] | None = None,
    paraphrase: Callable[[TaskSpec], TaskSpec] | None = None,
) -> Iterator[Interaction]:
    """``n`` interactions per family. Tasks that cannot be generated are reported and skipped."""
    report = report if report is not None else SynthesisReport()
    generator = TaskGenerator(domain, db)
    if user is None:
        from trajectory2gym.envs.registry import scripted_user

        user = scripted_user(domain)  # telecom: the customer who acts on the phone
    env = Env(domain, generator.db, user=user)
    certifier = _certifier() if certify else None
    report.certified = certifier is not None
    for family in families:
        rng = random.Random(f"{seed}:{domain}:{family}")
        for i in range(n):
            task_id = f"{domain}-{family}-s{seed}-{i}"
            try:
                task = generator.generate(family, rng, task_id=task_id)
            except GenerationError as exc:
                report.failures.append(f"{task_id}: {exc}")
                if on_step:
                    on_step(family)
                continue
            if paraphrase is not None:
                task = paraphrase(task)
            report.generated[family] = report.generated.get(family, 0) + 1
            inter = run_episode(env, teacher, task, seed=seed * 1_000_003 + i)
            if certifier is not None:
                cert = certifier.certify(inter)
                inter.metadata["realized_path_key"] = cert.path_key
                inter.metadata["realized"] = report.realization.add(family, inter, cert)
                report.labels.add(inter, cert)
            if on_step:
                on_step(family)
            yield inter
