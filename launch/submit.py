"""``t2g submit``: run a config on a Ray cluster through the job submission API.

The working directory travels as the job's runtime env, without ``.git`` and
``runs/`` (and other bulky local folders); the entrypoint is ``t2g run``.
The job's driver joins the cluster through ``RAY_ADDRESS``, which Ray sets for
submitted jobs. Ray 2.59+ enables token authentication on local clusters; the
client sends its token (``~/.ray/auth_token``, ``RAY_AUTH_TOKEN[_PATH]``) only
with ``RAY_AUTH_MODE=token``, which ``submit`` sets when a token is at hand.
Equivalent CLI recipe:

    RAY_AUTH_MODE=token ray job submit --address http://127.0.0.1:8265 --working-dir . \\
        --runtime-env-json '{"excludes": [".git", "runs"]}' -- t2g run configs/smoke.yaml
"""

from __future__ import annotations

import os
import shlex
import time
from pathlib import Path
from typing import Any

EXCLUDES: tuple[str, ...] = (".git", "runs", "wandb", "**/__pycache__", ".pytest_cache", ".ruff_cache",
                             "*.egg-info", ".venv")
TERMINAL = ("SUCCEEDED", "FAILED", "STOPPED")
AGENT_RETRIES = 30
AGENT_WAIT_S = 2.0


class ClusterUnreachable(ConnectionError, ValueError):
    """No Ray dashboard answers at the address: a user error (one line from the CLI), not a crash."""


def job_runtime_env(working_dir: str | Path, *, excludes: tuple[str, ...] = EXCLUDES,
                    env_vars: dict[str, str] | None = None) -> dict[str, Any]:
    env = {"OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}
    env.update(env_vars or {})
    return {"working_dir": str(working_dir), "excludes": list(excludes), "env_vars": env}


def token_available() -> bool:
    """A Ray auth token this client can send (Ray's own lookup order)."""
    if os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH"):
        return True
    return (Path.home() / ".ray" / "auth_token").exists()


def prepare_auth() -> str:
    """Ray 2.59+ clusters started locally require token auth, but a client only sends its token when
    ``RAY_AUTH_MODE=token``: set it when a token is at hand and the mode is not chosen already."""
    mode = os.environ.get("RAY_AUTH_MODE")
    if mode is None and token_available():
        os.environ["RAY_AUTH_MODE"] = mode = "token"
    return mode or "disabled"


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
    prepare_auth()
    from ray.job_submission import JobSubmissionClient

    try:
        client = JobSubmissionClient(address)
    except ConnectionError:
        raise ClusterUnreachable(
            f"cannot reach a Ray cluster at {address}: start one (ray start --head) or pass --address"
        ) from None
    # A freshly started head answers before its job agent is up: retry that, nothing else.
    for attempt in range(AGENT_RETRIES + 1):
        try:
            job_id = client.submit_job(
                entrypoint=entrypoint(config, overrides or []),
                runtime_env=job_runtime_env(working_dir),
                submission_id=submission_id,
            )
            break
        except RuntimeError as exc:
            if "No available agent" not in str(exc) or attempt == AGENT_RETRIES:
                raise
            time.sleep(AGENT_WAIT_S)
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
