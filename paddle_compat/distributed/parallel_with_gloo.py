"""paddle.distributed.gloo_init_parallel_env / gloo_barrier / gloo_release: a CPU-only gloo group
beside (and independent of) init_parallel_env's, for barriers between processes.

It is torch's ProcessGroupGloo on a TCPStore at `server_endpoint` (rank 0 listens there), bounded
by PADDLE_COMPAT_DIST_TIMEOUT.

Differences from Paddle: the rendezvous is a torch TCPStore, not Paddle's HTTP KV server; an
out-of-range rank_id is a ValueError at once (Paddle waits for the rendezvous to fail).
"""
import datetime

import torch.distributed as tdist

from .._distributed.env import timeout_seconds

__all__ = ["gloo_init_parallel_env", "gloo_barrier", "gloo_release"]

_state = {}


def gloo_init_parallel_env(rank_id, rank_num, server_endpoint):
    """paddle.distributed.gloo_init_parallel_env(rank_id, rank_num, server_endpoint)"""
    if rank_num < 2:
        raise AssertionError("rank_num should greater than or equal to 2 for parallel environment "
                             "initialization.")
    if not isinstance(rank_id, int) or not 0 <= rank_id < rank_num:
        raise ValueError(f"paddle.distributed.gloo_init_parallel_env: rank_id should be an int in "
                         f"[0, {rank_num}), but received {rank_id!r}")
    host, port = str(server_endpoint).rsplit(":", 1)
    timeout = datetime.timedelta(seconds=timeout_seconds())
    try:
        store = tdist.TCPStore(host, int(port), rank_num, is_master=rank_id == 0, timeout=timeout)
        _state["group"] = tdist.ProcessGroupGloo(tdist.PrefixStore("gloo_parallel", store), rank_id,
                                                 rank_num, timeout)
    except RuntimeError as exc:
        raise RuntimeError(f"paddle.distributed.gloo_init_parallel_env (rank {rank_id}): could not "
                           f"join {rank_num} processes at {server_endpoint}: {exc}") from None
    _state["store"] = store


def gloo_barrier():
    """paddle.distributed.gloo_barrier(): wait until every process of the gloo group arrives."""
    if "group" not in _state:
        raise AssertionError("gloo context is not initialized.")
    _state["group"].barrier().wait()


def gloo_release():
    """paddle.distributed.gloo_release(): drop the gloo group (a no-op when there is none)."""
    _state.clear()
