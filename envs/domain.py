"""A domain: a database layout, a toolkit, a policy text, and the tool-call context."""

from __future__ import annotations

from dataclasses import dataclass, field

from trajectory2gym.envs.state import State
from trajectory2gym.envs.tooling import ToolDef

from trajectory2gym.interaction import ToolSpec
from trajectory2gym.toolmeta import ToolMeta


@dataclass
class Context:
    """What a tool implementation sees: the episode state and the tau-bench compatibility flag."""

    state: State
    compat: bool = True


@dataclass(frozen=True)
class Domain:
    name: str
    # Record kinds of the database (the JSON files of tau-bench's layout, without ``.json``).
    kinds: tuple[str, ...]
    tools: dict[str, ToolDef]
    policy: str
    # Tools that end an episode (hand-offs); tau-bench skips them when replaying gold actions.
    terminal_tools: tuple[str, ...] = ("transfer_to_human_agents",)
    # tau-bench quirks reproduced while ``tau_bench_compat`` is on: name -> what and how it is fixed.
    quirks: dict[str, str] = field(default_factory=dict)

    def tool_specs(self) -> list[ToolSpec]:
        return [t.spec for t in self.tools.values()]

    def tool_metadata(self) -> dict[str, ToolMeta]:
        return {name: t.meta for name, t in self.tools.items()}
