"""Episode runner: a planned task plays the same way on any worker, under its planned id."""

from __future__ import annotations

import pytest

from trajectory2gym.actors.episodes import EpisodeRunner, build_teacher
from trajectory2gym.actors.plan import plan_round


def test_replay_is_identical_across_runners() -> None:
    plan = plan_round(0, 5, {"airline": (4, ["information", "recovery", "state"])})
    a = EpisodeRunner("airline", build_teacher("scripted", {}))
    b = EpisodeRunner("airline", build_teacher("scripted", {}))
    first = [a.run(p) for p in plan]
    # b plays them in reverse order, after an unrelated episode: results must not depend on history.
    b.run(plan_round(9, 1, {"airline": (1, ["state"])})[0])
    second = {i.id: i for i in (b.run(p) for p in reversed(plan))}
    for inter, p in zip(first, plan, strict=True):
        assert inter.id == p.id
        assert inter.metadata["planned"]["family"] == p.family
        assert inter.to_dict() == second[p.id].to_dict()


def test_runner_rejects_other_domains() -> None:
    runner = EpisodeRunner("retail", build_teacher("scripted", {}))
    task = plan_round(0, 0, {"airline": (1, ["information"])})[0]
    with pytest.raises(ValueError, match="airline"):
        runner.run(task)


def test_unknown_teacher_and_user() -> None:
    with pytest.raises(ValueError, match="unknown teacher kind"):
        build_teacher("oracle", {})
    with pytest.raises(ValueError, match="unknown user simulator"):
        EpisodeRunner("retail", build_teacher("scripted", {}), user="robot")


def test_telecom_runner_uses_the_customer_who_acts_on_the_phone() -> None:
    plan = plan_round(0, 3, {"telecom": (3, ["information", "recovery", "state"])})
    runner = EpisodeRunner("telecom", build_teacher("scripted", {}))
    for p in plan:
        inter = runner.run(p)
        assert inter.reward == 1.0, (p.family, inter.metadata.get("end"))
    # Recovery and state tasks need device actions: the customer ran them as real user-side calls.
    device_calls = [m for m in inter.messages if m.role == "user" and m.tool_calls]
    assert device_calls
