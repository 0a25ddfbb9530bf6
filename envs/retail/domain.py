"""The retail domain: orders, products and users of an online store."""

from trajectory2gym.envs.domain import Domain
from trajectory2gym.envs.retail.policy import POLICY
from trajectory2gym.envs.retail.tools import QUIRKS, toolkit

DOMAIN = Domain(name="retail", kinds=("orders", "products", "users"), tools=toolkit.tools, policy=POLICY,
                quirks=QUIRKS)
