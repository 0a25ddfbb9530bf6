from __future__ import annotations

import random

import pytest

from trajectory2gym.actors.teachers.base import TeacherError
from trajectory2gym.actors.teachers.scripted import (
    IMPERFECTION_KINDS,
    Imperfections,
    ScriptedTeacher,
)
from trajectory2gym.envs.env import Env
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.envs.user_base import STOP_TOKEN
from trajectory2gym.envs.users import ScriptedUser


def play(gen, family, seed, teacher, template=None, **task_kw):
    task = gen.generate(family, random.Random(seed), task_id=f"{family}-{seed}", template=template)
    task = task.model_copy(update=task_kw)
    env = Env(gen.domain, gen.db, user=ScriptedUser())
    return task, run_episode(env, teacher, task, seed=seed)


@pytest.mark.parametrize("domain", ["retail", "airline"])
def test_perfect_teacher_follows_the_plan(generators, domain):
    for family in ("information", "recovery", "state"):
        task, inter = play(generators[domain], family, 1, ScriptedTeacher())
        meta = inter.metadata["teacher"]
        assert meta["labels"] == []
        # One assistant decision per plan step, in order, each followed by one observation.
        assert [p for _, p in meta["plan_trace"]] == list(range(len(task.plan)))
        assert [i for i, _ in meta["plan_trace"]] == inter.assistant_indices()
        assert inter.reward == 1.0 and inter.metadata["end"] == "terminated"
        assert STOP_TOKEN in inter.messages[-1].content
        assert inter.private["plan"] == task.plan  # collector-private, kept out of messages
        planned = [i for i, p in meta["plan_trace"] if p >= 0 and task.plan[p].get("expect") == "error"]
        assert meta["planned_errors"] == planned
        for i in planned:
            assert inter.messages[i + 1].is_error_observation


def _visible_before(inter, index):
    return "\n".join((m.content or "") for m in inter.messages[:index] if m.role in ("user", "tool"))


@pytest.mark.parametrize("domain", ["retail", "airline"])
@pytest.mark.parametrize("kind", IMPERFECTION_KINDS)
def test_each_imperfection_is_labelled_where_it_happens(generators, domain, kind):
    seen = 0
    for seed in range(12):
        teacher = ScriptedTeacher(Imperfections(**{kind: 1.0}), seed=seed)
        _, inter = play(generators[domain], ("information", "recovery", "state")[seed % 3], seed, teacher)
        labels = inter.metadata["teacher"]["labels"]
        assert {lab["kind"] for lab in labels} <= {kind}
        assert len(labels) <= 1  # at most once per episode
        for lab in labels:
            seen += 1
            i = lab["message_index"]
            msg = inter.messages[i]
            assert msg.role == "assistant" and msg.calls[0].name == lab["tool"]
            call = msg.calls[0]
            obs = inter.messages[i + 1]
            if kind == "privileged":
                ids = [v for a, v in call.arguments.items() if a.endswith("_id")]
                assert ids and all(v not in _visible_before(inter, i) for v in ids)
                assert not obs.is_error_observation
            elif kind == "wrong_lookup":
                assert obs.is_error_observation
                nxt = inter.messages[i + 2]  # the grounded recovery: the same lookup, right id
                assert nxt.calls[0].name == call.name and nxt.calls[0].arguments != call.arguments
                assert not inter.messages[i + 3].is_error_observation
            elif kind == "unconfirmed_write":
                assert call.name in ("modify_user_address", "modify_pending_order_address",
                                     "update_reservation_passengers")
                assert not any("(yes/no)" in (m.content or "") for m in inter.messages[:i] if m.role == "assistant")
                assert inter.reward == 1.0  # the rewrite keeps the state as it was
            else:
                prev = inter.messages[i - 2]
                assert prev.calls[0].name == call.name and prev.calls[0].arguments == call.arguments
    assert seen >= 3, f"{kind} hardly ever happened"


def test_imperfections_are_seeded(generators):
    runs = []
    for _ in range(2):
        teacher = ScriptedTeacher(Imperfections.all(0.5), seed=3)
        runs.append([play(generators["retail"], "state", s, teacher)[1].metadata["teacher"]["labels"]
                     for s in range(4)])
    assert runs[0] == runs[1]


def test_decline_skips_the_write(generators):
    task, inter = play(generators["retail"], "information", 2, ScriptedTeacher(), template="return_item",
                       confirmation="decline")
    writes = [c for m in inter.messages for c in m.calls if c.name.startswith("return")]
    assert writes == []
    assert "not made that change" in inter.messages[-2].content
    assert inter.reward == 0.0  # the gold return did not happen


def test_teacher_without_plan_is_recorded_not_raised(generators):
    class Broken:
        def act(self, messages, tools, *, private=None):
            raise TeacherError("endpoint down")

    task = generators["retail"].generate("state", random.Random(0), task_id="b")
    inter = run_episode(Env("retail", generators["retail"].db, user=ScriptedUser()), Broken(), task, seed=0)
    assert inter.metadata["end"] == "teacher_error" and "endpoint down" in inter.metadata["teacher_error"]
    assert inter.reward == 0.0 and len(inter.messages) == 2
    with pytest.raises(ValueError, match="plan"):
        ScriptedTeacher().act(inter.messages, [], private={"id": "x"})


def test_tau_bench_task_without_plan_replays_its_gold_actions(shared_data):
    """tau-bench tasks carry no plan: the teacher replays their gold actions (as t2g eval --policy
    scripted does) instead of stopping with a teacher error."""
    from trajectory2gym.envs.db import load_db_dir
    from trajectory2gym.launch.eval.tasks_io import load_tasks

    tasks, errors = load_tasks(shared_data / "tau" / "retail_dev_tasks.json")
    assert not errors
    db = load_db_dir("retail", shared_data / "tau")
    for task in tasks[:4]:
        assert not task.plan and task.gold_actions
        inter = run_episode(Env("retail", db, user=ScriptedUser()), ScriptedTeacher(), task, seed=0)
        meta = inter.metadata
        assert "teacher_error" not in meta, meta.get("teacher_error")
        assert meta["teacher"]["plan_source"] == "gold_actions"
        assert inter.reward == 1.0 and meta["end"] == "terminated", task.id
        calls = [(c.name, c.arguments) for m in inter.messages if m.role == "assistant" for c in m.calls]
        assert calls == [(a.name, a.kwargs) for a in task.gold_actions]
        # The customer never said the hidden instruction.
        assert all(task.instruction not in (m.content or "") for m in inter.messages if m.role == "user")


def test_without_plan_or_gold_actions_the_error_says_what_is_needed(generators):
    for private in ({"id": "x"}, None):
        with pytest.raises(ValueError, match=r"private\['plan'\].*gold actions"):
            ScriptedTeacher().act([], [], private=private)
    _, inter = play(generators["retail"], "information", 1, ScriptedTeacher())
    assert inter.metadata["teacher"]["plan_source"] == "task"  # a generated task's own plan
