from __future__ import annotations

import random

import pytest

from trajectory2gym.envs.generator import FAMILIES, TaskGenerator, replay_plan, templates
from trajectory2gym.envs.generator.plan import gold_writes


@pytest.mark.parametrize("domain", ["retail", "airline"])
@pytest.mark.parametrize("family", FAMILIES)
def test_every_template_yields_valid_tasks(generators, domain, family):
    gen = generators[domain]
    names = sorted(templates(domain, family))
    assert len(names) >= 2  # several templates per family and domain
    rng = random.Random(7)
    for name in names:
        for k in range(3):
            task = gen.generate(family, rng, task_id=f"{name}-{k}", template=name)
            assert task.family == family and task.template == name and task.domain == domain
            replay = replay_plan(gen.env, task)
            assert replay.problems == []
            errors = [s for s in task.plan if s["kind"] == "call" and s["expect"] == "error"]
            # Recovery tasks run into exactly one authentic obstacle; the others into none.
            assert len(errors) == (1 if family == "recovery" else 0)
            assert [a.model_dump() for a in task.gold_actions] == gold_writes(task.plan)
            assert task.gold_actions, "every task changes something"
            assert task.intended_path and task.metadata["intended_path_key"]
            assert task.plan[-1]["act"] == "report"


def test_information_tasks_need_lookups_for_later_arguments(generators):
    """The write's identifiers are not in the request: they come from an earlier observation."""
    gen = generators["retail"]
    rng = random.Random(3)
    for k in range(10):
        task = gen.generate("information", rng, task_id=f"i{k}")
        write = next(s for s in task.plan if s["kind"] == "call" and s["write"])
        ids = [v for a, v in write["arguments"].items() if a in ("order_id", "item_ids", "new_item_ids", "payment_method_id")]
        flat = [x for v in ids for x in (v if isinstance(v, list) else [v])]
        hidden = [x for x in flat if x not in task.request]
        assert hidden, f"{task.template}: nothing to look up"


def test_recovery_obstacles_and_overlays(generators):
    gen = generators["retail"]
    task = gen.generate("recovery", random.Random(0), task_id="r", template="stale_email")
    assert task.obstacles[0].fact == "email" and task.obstacles[0].wrong_value != task.facts["email"]
    assert any("after_error" in d for d in task.intended_path)
    short = gen.generate("recovery", random.Random(0), task_id="g", template="gift_card_short")
    user = short.initial_overlay["users"][short.user_id]
    assert any(m.get("balance") == 0 for m in user["payment_methods"].values())
    status = gen.generate("state", random.Random(1), task_id="s", template="status_decides")
    (oid, order), = status.initial_overlay["orders"].items()
    write = status.gold_actions[0].name
    assert write == ("cancel_pending_order" if order["status"] == "pending" else "return_delivered_order_items")


def test_generation_is_deterministic(dbs):
    a = TaskGenerator("airline", dbs["airline"]).generate("state", random.Random(5), task_id="x")
    b = TaskGenerator("airline", dbs["airline"]).generate("state", random.Random(5), task_id="x")
    assert a.model_dump() == b.model_dump()


def test_bad_family_and_template(generators):
    with pytest.raises(ValueError, match="unknown family"):
        generators["retail"].generate("nonsense", random.Random(0), task_id="x")
    with pytest.raises(ValueError, match="unknown template"):
        generators["retail"].generate("state", random.Random(0), task_id="x", template="nope")
    with pytest.raises(ValueError, match="no task templates"):
        templates("banking", "state")  # telecom has templates since issue 10


def test_for_target_uses_the_family_hint_and_matches_a_known_path(generators):
    selector = pytest.importorskip("trajectory2gym.selector.targets")
    gen = generators["retail"]
    known = gen.generate("recovery", random.Random(11), task_id="k")
    target = selector.Target(kind="path", key=known.metadata["intended_path_key"],
                             descriptors=known.intended_path, support=0, deficit=2, family="recover")
    task = gen.for_target(target, random.Random(11), task_id="t0", tries=6)
    assert task.family == "recovery" and task.id == "t0" and task.metadata["target"] == target.key
    assert task.metadata["intended_path_key"] == target.key


@pytest.mark.parametrize("template", ["cancel_by_route", "wrong_reservation_id", "wrong_user_id"])
def test_airline_cancellations_follow_the_policy(generators, dbs, template):
    """A clean path cancels only what the policy allows: no flight flown yet, and booked within 24
    hours, business, or insured with a covered reason said (the certifier rejects the rest)."""
    gen = generators["airline"]
    family = next(f for f in FAMILIES if template in templates("airline", f))
    rng = random.Random(11)
    for k in range(15):
        task = gen.generate(family, rng, task_id=f"{template}-{k}", template=template)
        rid = task.gold_actions[0].kwargs["reservation_id"]
        res = dbs["airline"]["reservations"][rid]
        assert all(f["date"] > "2024-05-15" for f in res["flights"]), (rid, res["flights"])
        recent = res["created_at"] >= "2024-05-14T15:00:00"
        assert recent or res["cabin"] == "business" or res["insurance"] == "yes", rid
        if not recent and res["cabin"] != "business":
            assert "illness" in task.request, task.request  # insurance covers health reasons only
