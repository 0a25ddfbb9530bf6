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
    # Dual control (telecom): tools the user runs on their own device (``side="user"``).
    user_tools: dict[str, ToolDef] = field(default_factory=dict)
    # Constants an agent may pass when the conversation names them otherwise (an airport code by its
    # city, as list_all_airports shows): a declared derivation for certification's visibility check.
    named_constants: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Regions a user may name for several constants ("the West Coast": SEA, SFO, LAX): a search may
    # try each of them (region -> constants), though none of their own names was said.
    named_regions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Names that hold a constant's name but stand for none ("Kansas City, Missouri" says no Kansas).
    lookalike_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for side, tools in (("agent", self.tools), ("user", self.user_tools)):
            wrong = [n for n, t in tools.items() if t.side != side]
            if wrong:
                raise ValueError(f"{self.name}: {side} tools declared with another side: {', '.join(wrong)}")
        clash = set(self.tools) & set(self.user_tools)
        if clash:
            raise ValueError(f"{self.name}: tool names on both sides: {', '.join(sorted(clash))}")

    def tool_specs(self) -> list[ToolSpec]:
        """What the agent sees: its own tools only."""
        return [t.spec for t in self.tools.values()]

    def user_tool_specs(self) -> list[ToolSpec]:
        return [t.spec for t in self.user_tools.values()]

    def tool_metadata(self) -> dict[str, ToolMeta]:
        """Both sides (certification reads the user's calls too; ``ToolMeta.side`` tells them apart)."""
        meta = {name: t.meta for name, t in self.tools.items()}
        meta.update((name, t.meta) for name, t in self.user_tools.items())
        return meta

    def side_tools(self, side: str) -> dict[str, ToolDef]:
        """The tools of a requestor: ``assistant``/``agent`` or ``user``."""
        if side in ("assistant", "agent"):
            return self.tools
        if side == "user":
            return self.user_tools
        raise ValueError(f"requestor must be 'assistant' or 'user', got {side!r}")


def named(names: dict[str, str], aliases: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """``Domain.named_constants`` from each constant's name and its other names: {"LAS": ("Las Vegas", "Vegas")}."""
    return {code: (name, *aliases.get(code, ())) for code, name in names.items()}
