"""paddle.sparse.nn.functional (explicit re-exports, no logic)."""
from ...._sparse.nn.functional.activation import relu, relu6, leaky_relu, softmax
from ...._sparse.nn.functional.conv import (conv2d, conv3d, subm_conv2d, subm_conv3d,
                                            subm_conv2d_igemm, subm_conv3d_igemm)
from ...._sparse.nn.functional.pooling import max_pool3d
from ...._sparse.nn.functional.transformer import attention

__all__ = ["conv2d", "conv3d", "subm_conv2d", "subm_conv2d_igemm", "subm_conv3d",
           "subm_conv3d_igemm", "max_pool3d", "relu", "relu6", "leaky_relu", "softmax",
           "attention"]

from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
