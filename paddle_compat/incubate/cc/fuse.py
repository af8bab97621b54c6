"""paddle.incubate.cc.fuse (explicit re-exports; the room is paddle_compat/_incubate/cc/fuse.py)."""
from ..._incubate.cc.fuse import matmul, by_register

__all__ = ["matmul", "by_register"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
