"""paddle.distributed.fleet.utils (public face)."""
from ..recompute.recompute import recompute
from .fs import HDFSClient, LocalFS
from .ps_util import DistributedInfer

__all__ = ["recompute", "LocalFS", "HDFSClient", "DistributedInfer"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
