"""Playing planned tasks in one domain: generator -> environment + user -> teacher (pure, no Ray).

``EpisodeRunner`` is what an ``EnvWorker`` actor hosts. It owns the domain's
database (generated once), the environment with its user simulator and the
teacher, turns a ``PlannedTask`` into a ``TaskSpec`` with the generator and plays
it. The interaction takes the planned id, so a replay of the same planned task
(a retry, a restarted worker) yields a record with the same id.
"""

from __future__ import annotations

import random
from typing import Any

from trajectory2gym.actors.plan import PlannedTask
from trajectory2gym.actors.teachers.base import Teacher
from trajectory2gym.envs.generator import TaskGenerator
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Interaction
from trajectory2gym.selector.targets import Target


def build_teacher(kind: str, options: dict[str, Any]) -> Teacher:
    """An in-process teacher: the scripted oracle (options: imperfections, seed) or an
    OpenAI-compatible client (options: the chat settings: model, base_url, sampling, ...)."""
    if kind == "scripted":
        from trajectory2gym.actors.teachers.scripted import ScriptedTeacher

        return ScriptedTeacher(**options)
    if kind == "openai":
        from trajectory2gym.actors.teachers.openai_teacher import OpenAITeacher

        return OpenAITeacher(options)
    if kind == "vllm":
        from trajectory2gym.actors.teachers.vllm_teacher import VLLMTeacher

        return VLLMTeacher(**options)
    raise ValueError(f"unknown teacher kind {kind!r} (scripted, openai, vllm)")


def build_user(kind: str, options: dict[str, Any], domain: str | None = None) -> Any:
    from trajectory2gym.envs import users

    if kind == "scripted":
        if not options and domain is not None:
            # The domain's own customer (telecom's acts on the phone).
            from trajectory2gym.envs.registry import scripted_user

            return scripted_user(domain)
        return users.ScriptedUser(**options)
    if kind == "llm":
        return users.LLMUser(options)
    raise ValueError(f"unknown user simulator {kind!r} (scripted, llm)")


class EpisodeRunner:
    def __init__(
        self,
        domain: str,
        teacher: Teacher,
        *,
        db_seed: int = 0,
        db_size: str = "small",
        max_steps: int = 30,
        user: str = "scripted",
        user_options: dict[str, Any] | None = None,
    ) -> None:
        from trajectory2gym.envs.db import default_db
        from trajectory2gym.envs.env import Env

        self.domain = domain
        self.teacher = teacher
        self.db = default_db(domain, seed=db_seed, size=db_size)
        self.env = Env(domain, self.db, user=build_user(user, user_options or {}, domain), max_steps=max_steps)
        self.generator = TaskGenerator(domain, self.db)
        self.episodes = 0

    def make_task(self, planned: PlannedTask) -> TaskSpec:
        """The generator's task for a planned slot: its family, its target, its seed."""
        rng = random.Random(planned.seed)
        if planned.target is not None:
            return self.generator.for_target(Target.model_validate(planned.target), rng, task_id=planned.id)
        return self.generator.generate(planned.family, rng, task_id=planned.id)

    def run(self, planned: PlannedTask) -> Interaction:
        if planned.domain != self.domain:
            raise ValueError(f"task {planned.id}: domain {planned.domain!r}, this runner plays {self.domain!r}")
        task = self.make_task(planned)
        inter = run_episode(self.env, self.teacher, task, seed=planned.seed)
        meta = dict(inter.metadata)
        meta["planned"] = {
            "id": planned.id,
            "round": planned.round,
            "family": planned.family,
            "hint": planned.hint,
            "seed": planned.seed,
        }
        self.episodes += 1
        return inter.model_copy(update={"id": planned.id, "metadata": meta})
