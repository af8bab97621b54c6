"""paddle.distribution.transform: invertible transforms (explicit re-exports, no logic)."""
from .._distribution.transform import (AbsTransform, AffineTransform, ChainTransform,
                                       ExpTransform, IndependentTransform, PowerTransform,
                                       ReshapeTransform, SigmoidTransform, SoftmaxTransform,
                                       StackTransform, StickBreakingTransform, TanhTransform,
                                       Transform)

__all__ = ["Transform", "AbsTransform", "AffineTransform", "ChainTransform", "ExpTransform",
           "IndependentTransform", "PowerTransform", "ReshapeTransform", "SigmoidTransform",
           "SoftmaxTransform", "StackTransform", "StickBreakingTransform", "TanhTransform"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
