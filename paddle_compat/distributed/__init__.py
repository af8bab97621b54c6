"""paddle.distributed on torch.distributed: collectives, init_parallel_env, spawn, launch.

Public face only; see collective.py (collectives and groups), _env.py (ParallelEnv and the
environment variables), _spawn.py and launch/ (starting processes), parallel.py (DataParallel).
"""
from .._distributed.env import ParallelEnv
from .collective import (Group, ReduceOp, all_gather, all_gather_object, all_reduce, alltoall,
                         barrier, broadcast, destroy_process_group, get_backend, get_group, get_rank,
                         get_world_size, init_parallel_env, irecv, is_initialized, isend, new_group,
                         recv, reduce, scatter, send)
from ._spawn import spawn
from .parallel import DataParallel
from . import fleet

__all__ = ["ParallelEnv", "Group", "ReduceOp", "all_gather", "all_gather_object", "all_reduce",
           "alltoall", "barrier", "broadcast", "destroy_process_group", "get_backend", "get_group",
           "get_rank", "get_world_size", "init_parallel_env", "irecv", "is_initialized", "isend",
           "new_group", "recv", "reduce", "scatter", "send", "spawn", "DataParallel", "fleet"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
