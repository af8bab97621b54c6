"""paddle.special: expm1, logsumexp and the torch-style softmax."""
from ._ops.compat_softmax import softmax
from ._ops.math import expm1, logsumexp

__all__ = ["expm1", "logsumexp", "softmax"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
