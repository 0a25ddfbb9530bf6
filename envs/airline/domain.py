"""The airline domain: flights, reservations and members of an airline."""

from trajectory2gym.envs.airline.policy import POLICY
from trajectory2gym.envs.airline.tools import (
    AIRPORT_ALIASES,
    AIRPORT_REGIONS,
    AIRPORTS,
    QUIRKS,
    toolkit,
)
from trajectory2gym.envs.domain import Domain, named

DOMAIN = Domain(name="airline", kinds=("flights", "reservations", "users"), tools=toolkit.tools, policy=POLICY,
                quirks=QUIRKS, named_constants=named(AIRPORTS, AIRPORT_ALIASES),
                named_regions=AIRPORT_REGIONS)
