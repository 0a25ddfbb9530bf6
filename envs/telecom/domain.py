"""The telecom domain: the agent's toolkit plus the customer's device toolkit (``user_tools``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from trajectory2gym.envs.domain import Domain
from trajectory2gym.envs.telecom.agent_tools import toolkit as agent_toolkit
from trajectory2gym.envs.telecom.data import KINDS
from trajectory2gym.envs.telecom.policy import POLICY
from trajectory2gym.envs.telecom.user_tools import toolkit as user_toolkit
from trajectory2gym.envs.tooling import ToolDef

from trajectory2gym.toolmeta import ToolMeta


@dataclass(frozen=True)
class DualControlDomain(Domain):
    """A domain whose user also has tools: agent schemas only in ``tool_specs``, both sides' metadata."""

    user_tools: dict[str, ToolDef] = field(default_factory=dict)

    def user_tool_specs(self) -> list:
        return [t.spec for t in self.user_tools.values()]

    def tool_metadata(self) -> dict[str, ToolMeta]:
        meta = super().tool_metadata()
        meta.update({name: t.meta for name, t in self.user_tools.items()})
        return meta


DOMAIN = DualControlDomain(name="telecom", kinds=KINDS, tools=agent_toolkit.tools, policy=POLICY,
                           user_tools=user_toolkit.tools)
