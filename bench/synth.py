"""Synthesis throughput: generate + validate + play + certify, ours versus a naive loop.

Ours reuses one generator, one environment (copy-on-write resets) and one
certifier across tasks. The baseline rebuilds them per task over a deep copy of
the database, which is what a loop that "starts fresh" for every task does.
Prints tasks per second of both and the speed ratio.

    python bench/synth.py --domain retail --n 50
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from trajectory2gym.actors.teachers.scripted import ScriptedTeacher
from trajectory2gym.actors.teachers.synthesis import synthesize
from trajectory2gym.certify.certifier import Certifier
from trajectory2gym.envs.db import default_db
from trajectory2gym.envs.env import Env
from trajectory2gym.envs.generator import FAMILIES, TaskGenerator
from trajectory2gym.envs.rollout import run_episode
from trajectory2gym.envs.users import ScriptedUser


def ours(domain: str, db: dict, n: int) -> tuple[float, int]:
    start = time.perf_counter()
    count = sum(1 for _ in synthesize(domain, list(FAMILIES), n, ScriptedTeacher(), seed=0, db=db))
    return time.perf_counter() - start, count


def baseline(domain: str, db: dict, n: int) -> tuple[float, int]:
    start = time.perf_counter()
    count = 0
    for family in FAMILIES:
        rng = random.Random(f"0:{domain}:{family}")
        for i in range(n):
            gen = TaskGenerator(domain, copy.deepcopy(db))
            task = gen.generate(family, rng, task_id=f"{family}-{i}")
            env = Env(domain, copy.deepcopy(db), user=ScriptedUser())
            inter = run_episode(env, ScriptedTeacher(), task, seed=i)
            Certifier().certify(inter)
            count += 1
    return time.perf_counter() - start, count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--domain", default="retail", choices=["retail", "airline"])
    ap.add_argument("--n", type=int, default=50, help="tasks per family")
    ap.add_argument("--size", default="small", help="generated database size")
    args = ap.parse_args()
    db = default_db(args.domain, seed=0, size=args.size)
    ours(args.domain, db, 2)  # warm imports and caches
    t_base, n_base = baseline(args.domain, db, args.n)
    t_ours, n_ours = ours(args.domain, db, args.n)
    print(f"{args.domain}: baseline {n_base / t_base:.1f} tasks/s, ours {n_ours / t_ours:.1f} tasks/s, "
          f"speed ratio {t_base / t_ours * n_ours / n_base:.1f}x")


if __name__ == "__main__":
    main()
