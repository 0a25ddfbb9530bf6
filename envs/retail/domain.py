"""The retail domain: orders, products and users of an online store."""

from trajectory2gym.envs.domain import Domain, named
from trajectory2gym.envs.retail.policy import POLICY
from trajectory2gym.envs.retail.tools import QUIRKS, toolkit
from trajectory2gym.envs.us_states import STATE_ALIASES, STATE_LOOKALIKES, US_STATES

DOMAIN = Domain(name="retail", kinds=("orders", "products", "users"), tools=toolkit.tools, policy=POLICY,
                quirks=QUIRKS, named_constants=named(US_STATES, STATE_ALIASES),
                lookalike_names=STATE_LOOKALIKES)
