"""The distributed environment as Paddle's launcher describes it (PADDLE_* variables), with torch's
variables (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT) understood too.

Variables read: PADDLE_TRAINER_ID / RANK, PADDLE_TRAINERS_NUM / WORLD_SIZE, PADDLE_TRAINER_ENDPOINTS,
PADDLE_CURRENT_ENDPOINT, PADDLE_MASTER / MASTER_ADDR:MASTER_PORT, PADDLE_LOCAL_RANK / LOCAL_RANK,
FLAGS_selected_gpus, and PADDLE_COMPAT_DIST_TIMEOUT (seconds every collective wait may take; default
300) - paddle_compat's own, so that a bad configuration fails instead of hanging.
"""
import os

__all__ = ["ParallelEnv", "timeout_seconds", "master_endpoint"]


def _int_env(*names, default):
    for n in names:
        v = os.environ.get(n)
        if v not in (None, ""):
            return int(v)
    return default


def timeout_seconds():
    return float(os.environ.get("PADDLE_COMPAT_DIST_TIMEOUT", "300"))


def master_endpoint():
    """'host:port' of the rendezvous store: PADDLE_MASTER, else MASTER_ADDR:MASTER_PORT, else the
    first trainer endpoint."""
    m = os.environ.get("PADDLE_MASTER")
    if m:
        return m
    if os.environ.get("MASTER_ADDR") and os.environ.get("MASTER_PORT"):
        return f"{os.environ['MASTER_ADDR']}:{os.environ['MASTER_PORT']}"
    eps = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "")
    if eps:
        return eps.split(",")[0]
    return None


class ParallelEnv:
    """paddle.distributed.ParallelEnv(): this process's rank, world size, device and endpoints."""

    def __init__(self):
        self._rank = _int_env("PADDLE_TRAINER_ID", "RANK", default=0)
        self._world_size = _int_env("PADDLE_TRAINERS_NUM", "WORLD_SIZE", default=1)
        self._local_rank = _int_env("PADDLE_LOCAL_RANK", "LOCAL_RANK", default=self._rank)
        selected = os.environ.get("FLAGS_selected_gpus", "")
        self._device_id = int(selected.split(",")[0]) if selected else self._local_rank
        eps = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "")
        self._trainer_endpoints = eps.split(",") if eps else []
        self._current_endpoint = os.environ.get("PADDLE_CURRENT_ENDPOINT", "")

    @property
    def rank(self):
        return self._rank

    local_rank = property(lambda self: self._local_rank)

    @property
    def world_size(self):
        return self._world_size

    nranks = world_size

    @property
    def device_id(self):
        return self._device_id

    dev_id = device_id

    @property
    def current_endpoint(self):
        return self._current_endpoint

    @property
    def trainer_endpoints(self):
        return self._trainer_endpoints
