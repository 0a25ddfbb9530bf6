"""Rollout throughput: interactions per second with 1 and 2 EnvWorkers on the scripted teacher.

Runs on a private local Ray cluster (2 CPUs unless ``--cpus``). Each
configuration first plays a warm-up round (actor start, imports, database
generation are not timed); then rounds of ``--tasks`` generated retail tasks
alternate between the two fleets (the same ``Fleet`` the driver uses). Prints
the median interactions/s for each worker count and the scaling ratio
2 workers / 1 worker (goal: 1.7x on 2 cores). With
``--certify`` the stream also goes through one certifier per worker, the way
a run does (certification costs several times an episode).

    python bench/rollout.py [--tasks 3000] [--chunk 16] [--certify]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import ray  # noqa: E402

from trajectory2gym.actors.fleet import Fleet, WorkerSpec  # noqa: E402
from trajectory2gym.actors.plan import plan_round  # noqa: E402
from trajectory2gym.actors.workers import CertifierActor  # noqa: E402

FAMILIES = ["information", "recovery", "state"]


class Setup:
    """A fleet of ``workers`` EnvWorkers (and certifiers with ``certify``), kept warm between rounds."""

    def __init__(self, workers: int, chunk: int, certify: bool) -> None:
        self.tmp = tempfile.mkdtemp(prefix="t2g-bench-")
        prefixes = [f"w{workers}c{k}" for k in range(workers)] if certify else []
        names = [f"bench-certifier-{p}" for p in prefixes]  # EnvWorkers look certifiers up by name
        self.sinks = [ray.remote(CertifierActor).options(name=n, num_cpus=0).remote({}, None, 256, p)
                      for n, p in zip(names, prefixes, strict=True)]
        # Fractional CPUs: both fleets stay alive, so 1- and 2-worker rounds can alternate
        # (machine load drifts; alternating keeps it out of the ratio). Idle workers use no CPU.
        spec = WorkerSpec(domain="retail", runner_options={}, teacher={"kind": "scripted", "options": {}},
                          num_cpus=0.5, max_restarts=0, max_task_retries=0)
        self.fleet = Fleet({"retail": spec}, {"retail": workers}, names, chunk=chunk, inflight=2)
        self.fleet.wait_ready()
        self.rounds = 0
        self.cpu_per_episode: list[float] = []

    def rate(self, tasks: int) -> float:
        r = self.rounds
        self.rounds += 1
        if self.sinks:
            ray.get([s.open_round.remote(r, f"{self.tmp}/r{r}") for s in self.sinks])
        plan = plan_round(r, 0, {"retail": (tasks, FAMILIES)})
        start = time.perf_counter()
        outcome = self.fleet.run(plan)
        if self.sinks:
            ray.get([s.close_round.remote() for s in self.sinks])
        elapsed = time.perf_counter() - start
        assert len(outcome.delivered) == tasks and not outcome.failed
        self.cpu_per_episode.append(sum(r["cpu_s"] for r in outcome.results.values()) / tasks)
        return tasks / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=3000, help="tasks per measured round")
    parser.add_argument("--chunk", type=int, default=16, help="tasks per actor call")
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5, help="alternating rounds per worker count (median)")
    parser.add_argument("--certify", action="store_true", help="stream through certifier actors too")
    args = parser.parse_args()
    ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        setups = {n: Setup(n, args.chunk, args.certify) for n in (1, 2)}
        for setup in setups.values():
            setup.rate(max(setup.fleet.chunk * 8, 64))  # warm-up: imports, databases, first calls
        rates: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.repeats):
            for n, setup in setups.items():
                rates[n].append(setup.rate(args.tasks))
        med = {n: statistics.median(v) for n, v in rates.items()}
        for n in (1, 2):
            print(f"{n} EnvWorker(s): {med[n]:8.1f} interactions/s median of {args.repeats} "
                  f"(min {min(rates[n]):.0f}, max {max(rates[n]):.0f}; {args.tasks} tasks, chunk {args.chunk}"
                  f"{', certified' if args.certify else ''})")
        cpu = statistics.median(setups[1].cpu_per_episode[1:] + setups[2].cpu_per_episode[1:])
        print(f"worker CPU per episode: {cpu * 1e3:.2f} ms (a free core would play {1 / cpu:.0f}/s); "
              f"machine load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        pairs = [b / a for a, b in zip(rates[1], rates[2], strict=True)]
        # Other load only slows a round down, so the best round is the least disturbed estimate.
        print(f"scaling 2 workers / 1 worker: {max(rates[2]) / max(rates[1]):.2f}x best-of-{args.repeats} "
              f"(medians {med[2] / med[1]:.2f}x, paired {statistics.median(pairs):.2f}x; goal 1.7x on 2 cores)")
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
