"""``t2g submit``: run a config on a Ray cluster through the job submission API.

The working directory travels as the job's runtime env, without ``.git`` and
``runs/`` (and other bulky local folders); the entrypoint is ``t2g run``.
The job's driver joins the cluster through ``RAY_ADDRESS``, which Ray sets for
submitted jobs. Equivalent CLI recipe:

    ray job submit --address http://127.0.0.1:8265 --working-dir . \\
        --runtime-env-json '{"excludes": [".git", "runs"]}' -- t2g run configs/smoke.yaml
"""

from __future__ import annotations

import shlex
import time
from pathlib import Path
from typing import Any

EXCLUDES: tuple[str, ...] = (".git", "runs", "wandb", "**/__pycache__", ".pytest_cache", ".ruff_cache",
                             "*.egg-info", ".venv")
TERMINAL = ("SUCCEEDED", "FAILED", "STOPPED")


def job_runtime_env(working_dir: str | Path, *, excludes: tuple[str, ...] = EXCLUDES,
                    env_vars: dict[str, str] | None = None) -> dict[str, Any]:
    env = {"OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}
    env.update(env_vars or {})
    return {"working_dir": str(working_dir), "excludes": list(excludes), "env_vars": env}


def entrypoint(config: str, overrides: list[str]) -> str:
    return shlex.join(["t2g", "run", config, *overrides])


def submit(
    address: str,
    config: str,
    overrides: list[str] | None = None,
    *,
    working_dir: str | Path = ".",
    wait: bool = False,
    timeout_s: float = 3600.0,
    submission_id: str | None = None,
    log: Any = None,
) -> tuple[str, str | None]:
    """Submit the job; with ``wait``, follow it to the end. Returns (job id, final status or None)."""
    from ray.job_submission import JobSubmissionClient

    client = JobSubmissionClient(address)
    job_id = client.submit_job(
        entrypoint=entrypoint(config, overrides or []),
        runtime_env=job_runtime_env(working_dir),
        submission_id=submission_id,
    )
    if not wait:
        return job_id, None
    deadline = time.monotonic() + timeout_s
    status = str(client.get_job_status(job_id))
    while time.monotonic() < deadline:
        status = str(client.get_job_status(job_id)).split(".")[-1]
        if status in TERMINAL:
            break
        time.sleep(2.0)
    if log is not None:
        log(client.get_job_logs(job_id))
    return job_id, status
