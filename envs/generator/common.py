"""Pieces the task templates share: sampling records, identity steps, phrasing."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from trajectory2gym.envs.generator.plan import Step, ask, call

FAMILIES: tuple[str, ...] = ("information", "recovery", "state")
# Family hints of the selector's targets -> our families.
FAMILY_HINTS: dict[str, str] = {
    "discover": "information", "information": "information",
    "recover": "recovery", "recovery": "recovery",
    "complete": "state", "state": "state",
}


class Skip(Exception):
    """The sampled records do not fit the template; the generator draws again."""


@dataclass
class Draft:
    """What a template returns; the generator turns it into a validated ``TaskSpec``."""

    request: str
    user_id: str | None
    facts: dict[str, Any]
    plan: list[Step]
    disclosed_upfront: list[str]
    obstacles: list[dict[str, Any]]
    initial_overlay: dict[str, dict[str, Any]]
    instruction: str = ""


def pick(rng: random.Random, records: dict[str, Any], keys: list[str] | None = None) -> tuple[str, Any]:
    keys = keys if keys is not None else sorted(records)
    if not keys:
        raise Skip("no records")
    key = rng.choice(keys)
    return key, records[key]


def name_facts(user: dict[str, Any]) -> dict[str, Any]:
    return {"first_name": user["name"]["first_name"], "last_name": user["name"]["last_name"],
            "zip": user["address"]["zip"]}


def auth_by_email(user: dict[str, Any], facts: dict[str, Any]) -> list[Step]:
    facts["email"] = user["email"]
    return [
        ask("I can help with that. First I need to verify your identity: what is your email address?"),
        call("find_user_id_by_email", {"email": user["email"]}),
    ]


def auth_by_name_zip(user: dict[str, Any], facts: dict[str, Any]) -> list[Step]:
    facts.update(name_facts(user))
    f = name_facts(user)
    return [
        ask("I can help with that. First I need to verify your identity: "
            "please tell me your first and last name and your zip code."),
        call("find_user_id_by_name_zip", f),
    ]


def auth(rng: random.Random, user: dict[str, Any], facts: dict[str, Any]) -> list[Step]:
    return (auth_by_email if rng.random() < 0.5 else auth_by_name_zip)(user, facts)


def options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in options.items())


def address_text(addr: dict[str, Any]) -> str:
    return ", ".join(str(addr[k]) for k in ("address1", "address2", "city", "state", "zip", "country") if addr.get(k))


STREETS = ("Maple Avenue", "Cedar Lane", "Hillcrest Road", "Lakeview Drive", "Elm Street", "Park Row")
CITIES = (("Austin", "TX", "78701"), ("Denver", "CO", "80202"), ("Portland", "OR", "97205"),
          ("Boston", "MA", "02108"), ("Phoenix", "AZ", "85004"), ("Seattle", "WA", "98104"))


def new_address(rng: random.Random) -> dict[str, str]:
    city, state, zip_ = rng.choice(CITIES)
    return {"address1": f"{rng.randint(10, 9999)} {rng.choice(STREETS)}",
            "address2": f"Suite {rng.randint(100, 999)}", "city": city, "state": state,
            "country": "USA", "zip": zip_}
