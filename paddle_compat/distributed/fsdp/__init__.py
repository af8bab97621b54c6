"""paddle.distributed.fsdp (public face): fully_shard (see fully_shard.py)."""
from .fully_shard import fully_shard

__all__ = ["fully_shard"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
