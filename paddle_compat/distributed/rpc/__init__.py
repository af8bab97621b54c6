"""paddle.distributed.rpc (public face): remote calls between workers, on torch's RPC agent
(see rpc.py)."""
from .rpc import (get_all_worker_infos, get_current_worker_info, get_worker_info, init_rpc,
                  rpc_async, rpc_sync, shutdown)

__all__ = ["init_rpc", "shutdown", "rpc_async", "rpc_sync", "get_worker_info",
           "get_all_worker_infos", "get_current_worker_info"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
