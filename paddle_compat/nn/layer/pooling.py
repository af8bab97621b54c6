"""paddle.nn.layer.pooling: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/pooling.py
(scripts import them from here, e.g. `from paddle.nn.layer.pooling import ...`)."""
from ..._nn.layer.pooling import (  # noqa: F401
    AdaptiveAvgPool1D, AdaptiveAvgPool2D, AdaptiveAvgPool3D, AdaptiveMaxPool1D,
    AdaptiveMaxPool2D, AdaptiveMaxPool3D, AvgPool1D, AvgPool2D, AvgPool3D,
    FractionalMaxPool2D, FractionalMaxPool3D, LPPool1D, LPPool2D, MaxPool1D, MaxPool2D,
    MaxPool3D, MaxUnPool1D, MaxUnPool2D, MaxUnPool3D)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
