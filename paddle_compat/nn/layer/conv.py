"""paddle.nn.layer.conv: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/conv.py
(scripts import them from here, e.g. `from paddle.nn.layer.conv import ...`)."""
from ..._nn.layer.conv import (  # noqa: F401
    Conv1D, Conv1DTranspose, Conv2D, Conv2DTranspose, Conv3D, Conv3DTranspose)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
