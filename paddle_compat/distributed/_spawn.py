"""paddle.distributed.spawn(func, args, nprocs): start `nprocs` processes that each run func(*args).

Built on torch.multiprocessing.start_processes with the 'spawn' start method. Each process gets
Paddle's launcher variables (PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_MASTER, ...) before `func`
runs, so `init_parallel_env()` inside it joins the group. A process that raises makes spawn raise
with that process's traceback; the others are stopped.

Differences from Paddle: `nprocs=-1` means the number of GPUs torch sees, or 2 processes on CPU
(Paddle uses its own device list); options other than `start_method` are accepted and ignored.
"""
import os

import torch
import torch.multiprocessing as mp

from ._ports import free_ports, rank_env

__all__ = ["spawn"]


def _entry(index, func, args, envs):
    os.environ.update(envs[index])
    func(*args)


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Run func(*args) in `nprocs` new processes; returns the torch ProcessContext (join() waits)."""
    if not callable(func):
        raise TypeError(f"paddle.distributed.spawn: func must be callable, but received "
                        f"{type(func).__name__}")
    if nprocs == -1:
        nprocs = torch.cuda.device_count() if torch.cuda.is_available() else 2
    if nprocs < 1:
        raise ValueError(f"paddle.distributed.spawn: nprocs must be >= 1, but received {nprocs}")
    ports = free_ports(nprocs + 1)
    master = f"127.0.0.1:{ports[0]}"
    endpoints = [f"127.0.0.1:{p}" for p in ports[1:]]
    envs = [rank_env(r, nprocs, master, endpoints) for r in range(nprocs)]
    return mp.start_processes(_entry, args=(func, tuple(args), envs), nprocs=nprocs, join=join,
                              daemon=daemon, start_method=options.get("start_method", "spawn"))
