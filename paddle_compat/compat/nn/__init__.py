"""paddle.compat.nn: torch-style layers."""
from ..._compat.nn.layers import (AvgPool1D, AvgPool1d, AvgPool2D, AvgPool2d, AvgPool3D,
                                  AvgPool3d, Linear, MultiheadAttention, Softmax, Unfold)
from . import functional

__all__ = ["AvgPool1D", "AvgPool1d", "AvgPool2D", "AvgPool2d", "AvgPool3D", "AvgPool3d", "Linear",
           "MultiheadAttention", "Softmax", "Unfold", "functional"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
