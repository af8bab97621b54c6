"""paddle.distributed.spawn(func, args, nprocs): start `nprocs` processes that each run func(*args).

Built on torch.multiprocessing.start_processes with the 'spawn' start method. Each process gets
Paddle's launcher variables (PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_MASTER, ...) before `func`
runs, so `init_parallel_env()` inside it joins the group. A process that raises makes spawn raise
with that process's traceback; the others are stopped.

Differences from Paddle: `nprocs=-1` means the number of GPUs torch sees, or 2 processes on CPU
(Paddle uses its own device list); options other than `start_method` are accepted and ignored. A
process whose func returns runs its atexit handlers and leaves with os._exit(0), as
multiprocessing's fork children do (see `_entry`): a file func left open and unflushed is lost.
"""
import atexit
import os
import sys

import torch
import torch.multiprocessing as mp

from ._ports import free_ports, rank_env
from .collective import _destroy_at_exit

__all__ = ["spawn"]


def _entry(index, func, args, envs):
    os.environ.update(envs[index])
    try:
        func(*args)
    finally:
        _destroy_at_exit()
    # gloo's threads outlive destroy_process_group (torch keeps the group alive internally), and
    # a spawned child that then shuts the interpreter down normally aborts now and then in C++
    # static destructors ("terminate called without an active exception", SIGABRT), turning a
    # run that succeeded into a failed one. So a child whose func returned leaves as
    # multiprocessing's fork children always do: atexit handlers, flushed stdio, os._exit(0).
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


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
