"""Shared pieces of the generators: sizes, unique ids, people, addresses, payment methods."""

from __future__ import annotations

import random
import string
from typing import Any

from trajectory2gym.envs.dbgen.vocab import CARD_BRANDS, CITIES, FIRST_NAMES, LAST_NAMES, STREETS

# Number of users per named size; other counts (orders, reservations) scale with it.
SIZES: dict[str, int] = {"small": 100, "medium": 500, "large": 2000}


def user_count(size: str | int) -> int:
    """The number of users for a named size or an explicit positive count."""
    if isinstance(size, bool):
        raise ValueError(f"size must be one of {sorted(SIZES)} or a positive int, got {size!r}")
    if isinstance(size, int):
        if size < 1:
            raise ValueError(f"size must be a positive user count, got {size}")
        return size
    if isinstance(size, str) and size.isdigit() and int(size) > 0:
        return int(size)
    if size not in SIZES:
        raise ValueError(f"size must be one of {sorted(SIZES)} or a positive int, got {size!r}")
    return SIZES[size]


class UniqueIds:
    """Draws ids that are unique within one database (a shared pool for all kinds)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def _fresh(self, make: Any) -> str:
        while True:
            value = make()
            if value not in self.used:
                self.used.add(value)
                return value

    def digits(self, n: int, prefix: str = "") -> str:
        """``prefix`` + n digits, the first one non-zero."""
        lo, hi = 10 ** (n - 1), 10**n - 1
        return self._fresh(lambda: f"{prefix}{self.rng.randint(lo, hi)}")

    def letters_digits(self, n: int) -> str:
        """n upper-case letters and digits (airline reservation ids)."""
        alphabet = string.ascii_uppercase + string.digits
        return self._fresh(lambda: "".join(self.rng.choice(alphabet) for _ in range(n)))


def person(rng: random.Random, ids: UniqueIds) -> tuple[str, dict[str, str], str]:
    """(user_id, name, email) in tau-bench's shapes: ``first_last_1234``, ``first.last5678@example.com``."""
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    stem = f"{first.lower()}_{last.lower()}_"
    user_id = ids.digits(4, prefix=stem)
    email = f"{first.lower()}.{last.lower()}{rng.randint(1000, 9999)}@example.com"
    return user_id, {"first_name": first, "last_name": last}, email


def address(rng: random.Random) -> dict[str, str]:
    city, state, zip_prefix = rng.choice(CITIES)
    return {
        "address1": f"{rng.randint(1, 999)} {rng.choice(STREETS)}",
        "address2": f"Suite {rng.randint(100, 999)}",
        "city": city,
        "country": "USA",
        "state": state,
        "zip": f"{zip_prefix}{rng.randint(0, 99):02d}",
    }


def credit_card(rng: random.Random, ids: UniqueIds) -> dict[str, Any]:
    pm_id = ids.digits(7, prefix="credit_card_")
    return {"source": "credit_card", "brand": rng.choice(CARD_BRANDS),
            "last_four": f"{rng.randint(0, 9999):04d}", "id": pm_id}


def birth_date(rng: random.Random, first_year: int = 1950, last_year: int = 2005) -> str:
    return f"{rng.randint(first_year, last_year)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def money(value: float) -> float:
    """Round to cents the way the tools do."""
    return round(value + 0.0, 2)
