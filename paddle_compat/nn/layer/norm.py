"""paddle.nn.layer.norm: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/norm.py
(scripts import them from here, e.g. `from paddle.nn.layer.norm import ...`)."""
from ..._nn.layer.norm import (  # noqa: F401
    BatchNorm, BatchNorm1D, BatchNorm2D, BatchNorm3D, GroupNorm, InstanceNorm1D,
    InstanceNorm2D, InstanceNorm3D, LayerNorm, LocalResponseNorm, SpectralNorm, SyncBatchNorm)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
