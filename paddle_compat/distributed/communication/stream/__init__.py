"""paddle.distributed.communication.stream: the collectives with `use_calc_stream` (see _stream.py)."""
from ..._stream import (all_gather, all_reduce, alltoall, alltoall_single, broadcast, gather, recv,
                        reduce, reduce_scatter, scatter, send)

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "broadcast", "reduce",
           "reduce_scatter", "recv", "scatter", "send", "gather"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
