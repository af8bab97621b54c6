"""paddle.amp.debugging: numerics checks for mixed precision (explicit re-exports, no logic)."""
from .._amp.debugging import DebugMode, TensorCheckerConfig, check_numerics

__all__ = ["DebugMode", "TensorCheckerConfig", "check_numerics"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
