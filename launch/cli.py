"""``t2g run`` and ``t2g submit``: the online-round driver and its cluster submission."""

from __future__ import annotations

import argparse
import sys

from trajectory2gym.console import make_console


def register(subparsers: argparse._SubParsersAction) -> None:
    run = subparsers.add_parser(
        "run",
        help="run online rounds (rollouts -> certify -> inventory), then select, train and report",
        description=(
            "Run a Trajectory2Gym job on Ray: each round the selector hands out under-supported "
            "targets, EnvWorkers play generated tasks with the teacher, certifiers write certified "
            "shards, and the inventory is checkpointed; then the selected set is chosen, the learner "
            "trains on it and a report is written. Results go to RUN_ROOT/NAME-STAMP/ "
            "(run.root, run.name)."
        ),
        epilog=(
            "examples:\n"
            "  t2g run configs/smoke.yaml\n"
            "  t2g run configs/smoke.yaml envs.retail.workers=2 ray.num_cpus=3 run.rounds=3 wandb.mode=disabled\n"
            "  t2g run --resume runs/smoke-20260101-120000\n"
            "  t2g run --resume runs/smoke-20260101-120000 run.rounds=3   # extend a finished run"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("config", nargs="?", help="run config YAML (not needed with --resume)")
    run.add_argument("overrides", nargs="*", help="dotted overrides key.sub=value (YAML values)")
    run.add_argument(
        "--resume",
        metavar="RUN_DIR",
        help=(
            "continue the run in RUN_DIR after its last checkpoint (uses its config.yaml). Overrides "
            "may change how it runs (ray, workers, envs.*.workers, wandb, report); run.rounds=N extends "
            "it (then selection, training and report are redone); keys that shaped finished work cannot change"
        ),
    )
    run.set_defaults(handler=_run)

    sub = subparsers.add_parser(
        "submit",
        help="submit `t2g run CONFIG` to a Ray cluster as a job (working dir without .git and runs/)",
        description=(
            "Submit `t2g run CONFIG [overrides]` through Ray's job submission API. The current "
            "directory is uploaded as the job's working dir, excluding .git, runs/ and caches. "
            "Equivalent: ray job submit --address ADDRESS --working-dir . "
            "--runtime-env-json '{\"excludes\": [\".git\", \"runs\"]}' -- t2g run CONFIG"
        ),
    )
    sub.add_argument("config", help="run config YAML, relative to the working dir")
    sub.add_argument("overrides", nargs="*", help="dotted overrides passed to t2g run")
    sub.add_argument("--address", default="http://127.0.0.1:8265", help="Ray dashboard address (default %(default)s)")
    sub.add_argument("--working-dir", default=".", help="directory uploaded as the job's working dir")
    sub.add_argument("--wait", action="store_true", help="follow the job to the end and print its logs")
    sub.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait with --wait")
    sub.set_defaults(handler=_submit)


def _run(args: argparse.Namespace) -> int:

    from trajectory2gym.launch.config import load_run_config
    from trajectory2gym.launch.driver import Driver

    console = make_console()  # long paths stay on one line, copyable
    if args.resume:
        overrides = ([args.config] if args.config else []) + list(args.overrides)
        driver = Driver.resume(args.resume, overrides, console)
    else:
        if not args.config:
            raise ValueError("t2g run needs a CONFIG (or --resume RUN_DIR)")
        driver = Driver.new(load_run_config(args.config, args.overrides), console)
    console.print(f"run directory: {driver.run_dir.path}")
    result = driver.run()
    print(result.run_dir)
    return 0


def _submit(args: argparse.Namespace) -> int:
    from pathlib import Path

    from trajectory2gym.launch.config import check_learner, load_run_config
    from trajectory2gym.launch.submit import submit

    cfg = load_run_config(args.config, args.overrides)  # fail here, not on the cluster
    check_learner(cfg)
    if not (Path(args.working_dir) / args.config).exists():
        raise ValueError(f"{args.config}: not inside the working dir {args.working_dir}")
    job_id, status = submit(
        args.address,
        args.config,
        args.overrides,
        working_dir=args.working_dir,
        wait=args.wait,
        timeout_s=args.timeout,
        log=lambda text: sys.stdout.write(text),
    )
    print(f"submitted job {job_id}" + (f": {status}" if status else ""))
    return 0 if status in (None, "SUCCEEDED") else 1
