"""paddle.incubate.distributed.fleet (public face): fleet's recompute for Sequential models and
for tensor-parallel blocks (rooms: paddle_compat/distributed/fleet/recompute/)."""
from ....distributed.fleet.recompute.recompute import recompute_sequential
from ....distributed.fleet.recompute.recompute_hybrid import recompute_hybrid

__all__ = ["recompute_sequential", "recompute_hybrid"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
