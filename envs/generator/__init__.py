"""Task synthesis: templates per domain and family, plan validation, intended paths.

Public API: ``TaskGenerator(domain, db).generate(family, rng, task_id=...)`` and
``.for_target(target, rng, task_id=...)``; ``FAMILIES``; ``replay_plan``.
"""

from trajectory2gym.envs.generator.common import FAMILIES, FAMILY_HINTS, Skip
from trajectory2gym.envs.generator.core import (
    GenerationError,
    TaskGenerator,
    intended_decisions,
    intended_path,
    replay_plan,
    templates,
)

__all__ = [
    "FAMILIES", "FAMILY_HINTS", "GenerationError", "Skip", "TaskGenerator", "intended_decisions",
    "intended_path", "replay_plan", "templates",
]
