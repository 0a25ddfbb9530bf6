"""Round planning: stable ids and seeds, targets fill their domain's first slots."""

from __future__ import annotations

from trajectory2gym.actors.plan import derive_seed, plan_round, planned_id

FAMILIES = ["information", "recovery", "state"]


def test_ids_unique_and_seeds_stable() -> None:
    a = plan_round(3, 7, {"retail": (5, FAMILIES), "airline": (4, FAMILIES)})
    b = plan_round(3, 7, {"airline": (4, FAMILIES), "retail": (5, FAMILIES)})
    assert [p.model_dump() for p in a] == [p.model_dump() for p in b]  # dict order does not matter
    ids = [p.id for p in a]
    assert len(ids) == len(set(ids)) == 9
    assert planned_id(3, "retail", 4) in ids
    assert all(p.round == 3 for p in a)
    # Seeds depend on the run seed and the id only.
    other = plan_round(3, 8, {"retail": (5, FAMILIES), "airline": (4, FAMILIES)})
    assert [p.seed for p in a] != [p.seed for p in other]
    assert a[0].seed == derive_seed(7, a[0].id)
    assert len({p.seed for p in a}) == 9


def test_discovery_cycles_families() -> None:
    plan = plan_round(0, 0, {"retail": (6, FAMILIES)})
    assert [p.family for p in plan] == FAMILIES * 2
    assert all(p.target is None and p.hint == "discover" for p in plan)
    only = plan_round(1, 0, {"retail": (3, ["recovery"])})
    assert {p.family for p in only} == {"recovery"}


def test_targets_fill_first_slots_of_their_domain() -> None:
    targets = [
        {"kind": "path", "key": "k1", "family": "recover", "descriptors": [], "support": 1, "deficit": 1},
        {"kind": "atom", "key": "k2", "family": "complete", "descriptors": [], "support": 1, "deficit": 1,
         "domain": "airline"},
        {"kind": "path", "key": "k3", "family": "discover", "descriptors": [], "support": 0, "deficit": 2},
    ]
    plan = plan_round(1, 0, {"retail": (4, FAMILIES), "airline": (2, FAMILIES)}, targets)
    by_domain = {d: [p for p in plan if p.domain == d] for d in ("retail", "airline")}
    retail = by_domain["retail"]
    assert [p.target["key"] if p.target else None for p in retail] == ["k1", "k3", None, None]
    assert [p.family for p in retail[:2]] == ["recovery", "information"]
    assert [p.hint for p in retail[:2]] == ["recover", "discover"]
    airline = by_domain["airline"]
    assert [p.target["key"] for p in airline] == ["k1", "k2"]
    assert airline[1].family == "state"


def test_target_family_outside_domain_families_falls_back() -> None:
    targets = [{"kind": "path", "key": "k", "family": "recover", "descriptors": [], "support": 1, "deficit": 1}]
    plan = plan_round(2, 0, {"retail": (1, ["information"])}, targets)
    assert plan[0].family == "information" and plan[0].hint == "recover"
