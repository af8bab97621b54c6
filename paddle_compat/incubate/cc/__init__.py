"""paddle.incubate.cc (explicit re-exports, no logic; the rooms are paddle_compat/_incubate/cc/)."""
from ..._incubate.cc.compiler import compile
from . import fuse, compiler, typing

__all__ = ["fuse", "compile"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
