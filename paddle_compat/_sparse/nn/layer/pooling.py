"""paddle.sparse.nn.MaxPool3D (Paddle: sparse/nn/layer/pooling.py)."""
from ...._nn.layer.layers import Layer
from ..functional import pooling as F

__all__ = ["MaxPool3D"]


class MaxPool3D(Layer):
    """paddle.sparse.nn.MaxPool3D(kernel_size, stride=None, padding=0, return_mask=False,
    ceil_mode=False, data_format='NDHWC', name=None): sparse max_pool3d as a layer
    (`return_mask` is stored and unused, as in Paddle)."""

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NDHWC", name=None):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    def forward(self, x):
        return F.max_pool3d(x, kernel_size=self.ksize, stride=self.stride, padding=self.padding,
                            ceil_mode=self.ceil_mode, data_format=self.data_format,
                            name=self.name)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"
