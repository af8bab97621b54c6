"""paddle.incubate.autotune (explicit re-export, no logic; the room is
paddle_compat/_incubate/autotune.py)."""
from .._incubate.autotune import set_config

__all__ = ["set_config"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
