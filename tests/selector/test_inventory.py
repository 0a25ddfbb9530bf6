"""Support inventory, JSON checkpoints, and generator targets."""

from __future__ import annotations

import orjson
import pytest
from selector_helpers import call, cert, decision, on_path

from trajectory2gym.selector.inventory import Inventory
from trajectory2gym.selector.paths import path_facts
from trajectory2gym.selector.synthetic import synthetic_pool
from trajectory2gym.selector.targets import under_supported_targets


def recovering(cid: str, task: str) -> object:
    return cert(
        cid,
        [
            decision(2, "call", [call("get_order", "read", "commerce", ["identifier"], "error")], eligible=False),
            decision(4, "call", [call("get_order", "read", "commerce", ["identifier"])], after_error=True),
        ],
        task_id=task,
    )


def test_support_per_path_atom_task_and_domain():
    inv = Inventory()
    a, b, c = on_path("a", 0, "t1"), on_path("b", 0, "t2"), on_path("c", 1, "t1")
    for x in (a, b, c):
        inv.add(x)
    ka, kc = path_facts(a).key, path_facts(c).key
    assert inv.n(ka) == 2 and inv.n(kc) == 1 and inv.n("unknown") == 0
    assert inv.task_support("t1") == {ka: 1, kc: 1} and inv.task_total("t1") == 2
    assert inv.domain_support("retail") == {ka: 2, kc: 1}
    assert inv.atom_n("horizon:2") == 3 and inv.atom_n("recovery:no") == 3
    assert inv.deficits(2) == {kc: 1}
    assert inv.deficits(3) == {ka: 1, kc: 2}
    with pytest.raises(ValueError, match="depth"):
        inv.deficits(0)


def test_observed_paths_show_a_full_deficit():
    inv = Inventory()
    seen = on_path("s", 5, "t")
    inv.observe(seen)
    assert inv.deficits(3) == {path_facts(seen).key: 3} and inv.interactions == 0


def test_json_round_trip():
    inv = Inventory()
    for c in synthetic_pool(200, 40, seed=2):
        inv.add(c)
    inv.observe(recovering("r", "tx"))
    back = Inventory.from_dict(orjson.loads(orjson.dumps(inv.to_dict())))
    assert back == inv
    assert back.deficits(4) == inv.deficits(4) and back.recovery == inv.recovery
    back.add(on_path("new", 9, "t"))
    assert back != inv


def test_from_dict_names_the_problem():
    with pytest.raises(ValueError, match="format"):
        Inventory.from_dict({"paths": {}})
    data = Inventory().to_dict()
    del data["path_support"]
    with pytest.raises(ValueError, match="path_support"):
        Inventory.from_dict(data)
    data = Inventory().to_dict()
    data["path_support"] = {"nope": 1}
    with pytest.raises(ValueError, match="unknown paths"):
        Inventory.from_dict(data)


def test_targets_have_families_and_are_ordered_by_deficit():
    inv = Inventory()
    common = [on_path(f"c{i}", 0, "t") for i in range(3)]
    for c in common:
        inv.add(c)
    inv.add(recovering("r1", "t"))
    inv.observe(on_path("new", 7, "t"))
    targets = under_supported_targets(inv, depth=3, limit=10)
    paths = [t for t in targets if t.kind == "path"]
    assert [(t.family, t.support, t.deficit) for t in paths] == [("discover", 0, 3), ("recover", 1, 2)]
    assert paths[0].descriptors == list(path_facts(on_path("new", 7, "t")).descriptors)
    assert all(t.key != path_facts(common[0]).key for t in targets)  # at depth: no target
    atoms = {t.key: t for t in targets if t.kind == "atom"}
    assert atoms["recovery:yes"].family == "recover" and atoms["recovery:yes"].deficit == 2
    assert not any(k.startswith("desc:") for k in atoms)
    deficits = [t.deficit for t in targets]
    assert deficits == sorted(deficits, reverse=True)
    assert under_supported_targets(inv, depth=3, limit=1) == targets[:1]
    shallow = under_supported_targets(inv, depth=1, limit=10)
    assert shallow and all(t.support == 0 and t.deficit == 1 for t in shallow)
    assert shallow[0].kind == "path" and shallow[0].family == "discover"


def test_targets_complete_family():
    inv = Inventory()
    inv.add(on_path("a", 0, "t"))
    (t,) = [t for t in under_supported_targets(inv, depth=2, limit=5) if t.kind == "path"]
    assert t.family == "complete" and t.deficit == 1
