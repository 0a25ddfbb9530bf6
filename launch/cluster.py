"""Connecting the driver to Ray: a private local cluster on 127.0.0.1, or an existing one.

Ray picks the machine's outward address for a local cluster unless
``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` is set *before* ``ray`` is imported
(Ray reads it into a constant at import); with it, GCS, raylet and workers bind
to the loopback interface. Ray 2.59+ enables token authentication for local
clusters by default (``RAY_AUTH_MODE=token``); the token is generated into
``~/.ray/auth_token`` and found there by every client on the machine.
"""

from __future__ import annotations

import os
from typing import Any

LOOPBACK_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
# One torch/BLAS thread per worker process: two threads on two cores were measured far slower.
WORKER_ENV = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}


def prepare_environment(host: str) -> None:
    """Environment variables that must be set before ``import ray``."""
    if host in ("127.0.0.1", "localhost"):
        for k, v in LOOPBACK_ENV.items():
            os.environ.setdefault(k, v)
    for k, v in WORKER_ENV.items():
        os.environ.setdefault(k, v)


def private_cluster(address: str | None) -> bool:
    """Whether ``init_ray(address)`` starts a private local cluster (rather than joining one)."""
    return not (address or os.environ.get("RAY_ADDRESS"))


def init_ray(
    address: str | None,
    *,
    host: str = "127.0.0.1",
    num_cpus: int | None = None,
    num_gpus: int | None = None,
    include_dashboard: bool = False,
    namespace: str = "trajectory2gym",
    log_to_driver: bool = True,
) -> bool:
    """Connect to (or start) Ray; True when this call started a private local cluster.

    Inside a submitted job ``RAY_ADDRESS`` is set and the job's cluster is used.
    """
    prepare_environment(host)
    import ray

    if ray.is_initialized():
        return False
    target = address or os.environ.get("RAY_ADDRESS")
    runtime_env: dict[str, Any] = {"env_vars": dict(WORKER_ENV)}
    if target:
        # A submitted job already carries its runtime env (working dir, env vars): keep it.
        ray.init(address=target, namespace=namespace, log_to_driver=log_to_driver)
        return False
    ray.init(
        num_cpus=num_cpus,
        num_gpus=num_gpus,
        include_dashboard=include_dashboard,
        namespace=namespace,
        log_to_driver=log_to_driver,
        runtime_env=runtime_env,
        configure_logging=True,
        logging_level="WARNING",
    )
    return True


def node_affinity() -> Any:
    """A scheduling strategy that keeps an actor on the driver's node (it writes the run directory)."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    return NodeAffinitySchedulingStrategy(node_id=ray.get_runtime_context().get_node_id(), soft=False)
