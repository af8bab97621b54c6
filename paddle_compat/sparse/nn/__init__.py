"""paddle.sparse.nn: sparse layers (explicit re-exports, no logic)."""
from ..._sparse.nn.layer.activation import ReLU, ReLU6, LeakyReLU, Softmax
from ..._sparse.nn.layer.conv import Conv2D, Conv3D, SubmConv2D, SubmConv3D
from ..._sparse.nn.layer.norm import BatchNorm, SyncBatchNorm
from ..._sparse.nn.layer.pooling import MaxPool3D
from . import functional

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax", "BatchNorm", "SyncBatchNorm", "Conv2D",
           "Conv3D", "SubmConv2D", "SubmConv3D", "MaxPool3D"]

from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
