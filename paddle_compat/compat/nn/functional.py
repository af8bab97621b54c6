"""paddle.compat.nn.functional: torch-style linear, pad, unfold, scaled_dot_product_attention,
softmax."""
from ..._compat.nn.functional import (linear, pad, scaled_dot_product_attention, softmax,
                                      unfold)

__all__ = ["linear", "pad", "scaled_dot_product_attention", "softmax", "unfold"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
