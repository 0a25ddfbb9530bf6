"""Rollout throughput: interactions per second with 1 and 2 EnvWorkers on the scripted teacher.

Runs on a private local Ray cluster (2 CPUs unless ``--cpus``). Each
configuration first plays a warm-up round (actor start, imports, database
generation are not timed), then ``--tasks`` generated retail tasks through the
same ``Fleet`` the driver uses. Prints interactions/s for each worker count
and the scaling ratio 2 workers / 1 worker (goal: 1.7x on 2 cores). With
``--certify`` the stream also goes through one certifier per worker, the way
a run does (certification costs several times an episode).

    python bench/rollout.py [--tasks 3000] [--chunk 16] [--certify]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import ray  # noqa: E402
from trajectory2gym.actors.fleet import Fleet, WorkerSpec  # noqa: E402
from trajectory2gym.actors.plan import plan_round  # noqa: E402
from trajectory2gym.actors.workers import CertifierActor  # noqa: E402

FAMILIES = ["information", "recovery", "state"]


def measure(workers: int, tasks: int, chunk: int, certify: bool, round_: int) -> float:
    sinks = []
    tmp = tempfile.mkdtemp(prefix="t2g-bench-")
    if certify:
        sinks = [ray.remote(CertifierActor).options(num_cpus=0).remote({}, None, 256, f"c{k}")
                 for k in range(workers)]
    spec = WorkerSpec(domain="retail", runner_options={}, teacher={"kind": "scripted", "options": {}},
                      num_cpus=1, max_restarts=0, max_task_retries=0)
    fleet = Fleet({"retail": spec}, {"retail": workers}, sinks, chunk=chunk, inflight=2)
    fleet.wait_ready()

    def one_round(r: int, n: int) -> float:
        if sinks:
            ray.get([s.open_round.remote(r, f"{tmp}/r{r}") for s in sinks])
        plan = plan_round(r, 0, {"retail": (n, FAMILIES)})
        start = time.perf_counter()
        outcome = fleet.run(plan)
        if sinks:
            ray.get([s.close_round.remote() for s in sinks])
        elapsed = time.perf_counter() - start
        assert len(outcome.delivered) == n and not outcome.failed
        return elapsed

    one_round(round_, max(workers * chunk * 4, 64))  # warm-up
    elapsed = one_round(round_ + 1, tasks)
    fleet.shutdown()
    for s in sinks:
        ray.kill(s)
    return tasks / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=3000)
    parser.add_argument("--chunk", type=int, default=16, help="tasks per actor call")
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=2, help="best of this many measurements")
    parser.add_argument("--certify", action="store_true", help="stream through certifier actors too")
    args = parser.parse_args()
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        rates: dict[int, float] = {}
        for workers in (1, 2):
            rates[workers] = max(measure(workers, args.tasks, args.chunk, args.certify, 10 * k)
                                 for k in range(args.repeats))
            print(f"{workers} EnvWorker(s): {rates[workers]:8.1f} interactions/s "
                  f"({args.tasks} tasks, chunk {args.chunk}{', certified' if args.certify else ''})")
        print(f"scaling 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x (goal 1.7x on 2 cores)")
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
