"""Environment benchmark: reset + gold replay of every retail train task.

Ours: one ``ToolEnv`` over a database loaded once; ``reset`` drops the
copy-on-write overlay. Baseline: what tau-bench does, reloading the JSON files
(stdlib ``json``) on every reset before replaying. A second line adds the
reward (a gold replay on a fresh state; tau-bench reloads the files again for it).

    python bench/env.py [--data ../shared/data/tau] [--tasks 500] [--baseline-tasks 100]
"""

from __future__ import annotations

import os
import sys

# bench/ holds select.py, which would shadow the stdlib module of that name for this script.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from trajectory2gym.envs.db import load_tau_bench_db  # noqa: E402
from trajectory2gym.envs.env import ToolEnv  # noqa: E402
from trajectory2gym.envs.replay import load_tasks  # noqa: E402

KINDS = ("orders", "products", "users")


def reload_json(root: Path) -> dict:
    return {k: json.loads((root / f"{k}.json").read_text()) for k in KINDS}


def main() -> None:
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "tau"
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=default)
    ap.add_argument("--tasks", type=int, default=500, help="tasks for our environment")
    ap.add_argument("--baseline-tasks", type=int, default=100,
                    help="tasks for the (slow) baseline; per-task times are compared")
    args = ap.parse_args()
    root = args.data / "retail"
    tasks, _ = load_tasks(args.data / "retail_train_tasks.json", "retail")
    ours_tasks, base_tasks = tasks[: args.tasks], tasks[: args.baseline_tasks]

    env = ToolEnv("retail", load_tau_bench_db("retail", root))
    t0 = time.perf_counter()
    for task in ours_tasks:
        env.reset(task)
        env.replay(task.gold_actions)
    ours = (time.perf_counter() - t0) / len(ours_tasks)
    t0 = time.perf_counter()
    for task in ours_tasks:
        env.reset(task)
        env.replay(task.gold_actions)
        env.reward(task, [])
    ours_reward = (time.perf_counter() - t0) / len(ours_tasks)

    t0 = time.perf_counter()
    for task in base_tasks:
        benv = ToolEnv("retail", reload_json(root))
        benv.replay(task.gold_actions)
    base = (time.perf_counter() - t0) / len(base_tasks)
    t0 = time.perf_counter()
    for task in base_tasks:
        benv = ToolEnv("retail", reload_json(root))
        benv.replay(task.gold_actions)
        gold = ToolEnv("retail", reload_json(root))
        gold.replay(task.gold_actions)
    base_reward = (time.perf_counter() - t0) / len(base_tasks)

    print(f"reset + gold replay:          ours {ours * 1e3:8.3f} ms/task ({len(ours_tasks)} tasks), "
          f"reload-JSON baseline {base * 1e3:8.3f} ms/task ({len(base_tasks)} tasks), "
          f"speed ratio {base / ours:7.1f}x")
    print(f"reset + gold replay + reward: ours {ours_reward * 1e3:8.3f} ms/task, "
          f"baseline {base_reward * 1e3:8.3f} ms/task, speed ratio {base_reward / ours_reward:7.1f}x")


if __name__ == "__main__":
    main()
