"""paddle.distributed.sharding (public face): group_sharded_parallel, save_group_sharded_model."""
from .group_sharded import group_sharded_parallel, save_group_sharded_model

__all__ = ["group_sharded_parallel", "save_group_sharded_model"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
