"""paddle.sparse.nn convolution layers (Paddle: sparse/nn/layer/conv.py): Conv2D, Conv3D,
SubmConv2D, SubmConv3D; weight [*kernel_size, in_channels, out_channels] initialised
Normal(0, sqrt(2 / (prod(kernel_size) * in_channels))), bias [out_channels] zeros."""
import numpy as np

from ...._nn.initializer import Normal
from ...._nn.layer.layers import Layer
from ..functional import conv as F

__all__ = ["Conv2D", "Conv3D", "SubmConv2D", "SubmConv3D"]


def _to_list(v, n):
    return [int(v)] * n if isinstance(v, int) else [int(e) for e in v]


class _ConvND(Layer):
    _dims = 3
    _layout = "NDHWC"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, subm=False, key=None, padding_mode="zeros", weight_attr=None,
                 bias_attr=None, data_format=None, backend=None):
        super().__init__()
        data_format = data_format or self._layout
        if weight_attr is False:
            raise ValueError("weight_attr should not be False in Conv.")
        if padding_mode != "zeros":
            raise ValueError("Currently, only support padding_mode='zeros'")
        if groups != 1:
            raise ValueError("Currently, only support groups=1")
        if backend not in (None, "igemm"):
            raise ValueError(f"The value of 'backend' in Conv{self._dims}D should be None or "
                             "'igemm'.")
        if data_format != self._layout:
            raise ValueError(f"data_format must be one of {{'{self._layout}'}}, but got "
                             f"data_format='{data_format}'")
        self._param_attr, self._bias_attr = weight_attr, bias_attr
        self._groups, self._in_channels, self._out_channels = groups, in_channels, out_channels
        self._data_format, self._subm, self._key, self._backend = data_format, subm, key, backend
        dims = self._dims
        self._stride = _to_list(stride, dims)
        self._dilation = _to_list(dilation, dims)
        self._kernel_size = _to_list(kernel_size, dims)
        self._padding, self._padding_mode = padding, padding_mode
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(
            shape=[*self._kernel_size, in_channels, out_channels], attr=weight_attr,
            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x):
        return F._conv(x, self.weight, self.bias, self._stride, self._padding, self._dilation,
                       self._groups, self._subm, self._data_format, self._dims,
                       ("subm_conv" if self._subm else "conv") + f"{self._dims}d")

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            s += f", padding_mode={self._padding_mode}"
        if self._dilation != [1] * len(self._dilation):
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        return s + f", data_format={self._data_format}"


class Conv3D(_ConvND):
    """paddle.sparse.nn.Conv3D(in_channels, out_channels, kernel_size, stride=1, padding=0,
    dilation=1, groups=1, padding_mode='zeros', weight_attr=None, bias_attr=None,
    data_format='NDHWC'): sparse 3-D convolution (sparse.nn.functional.conv3d) as a layer."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NDHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, False, None, padding_mode, weight_attr, bias_attr, data_format)


class SubmConv3D(_ConvND):
    """paddle.sparse.nn.SubmConv3D(in_channels, out_channels, kernel_size, stride=1, padding=0,
    dilation=1, groups=1, padding_mode='zeros', key=None, weight_attr=None, bias_attr=None,
    data_format='NDHWC', backend=None): submanifold sparse 3-D convolution as a layer."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", key=None, weight_attr=None, bias_attr=None,
                 data_format="NDHWC", backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, True, key, padding_mode, weight_attr, bias_attr, data_format,
                         backend)


class Conv2D(_ConvND):
    """paddle.sparse.nn.Conv2D(in_channels, out_channels, kernel_size, stride=1, padding=0,
    dilation=1, groups=1, padding_mode='zeros', weight_attr=None, bias_attr=None,
    data_format='NHWC'): sparse 2-D convolution (sparse.nn.functional.conv2d) as a layer."""
    _dims = 2
    _layout = "NHWC"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", weight_attr=None, bias_attr=None,
                 data_format="NHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, False, None, padding_mode, weight_attr, bias_attr, data_format)


class SubmConv2D(_ConvND):
    """paddle.sparse.nn.SubmConv2D(in_channels, out_channels, kernel_size, stride=1, padding=0,
    dilation=1, groups=1, padding_mode='zeros', key=None, weight_attr=None, bias_attr=None,
    data_format='NHWC', backend=None): submanifold sparse 2-D convolution as a layer."""
    _dims = 2
    _layout = "NHWC"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, padding_mode="zeros", key=None, weight_attr=None, bias_attr=None,
                 data_format="NHWC", backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, True, key, padding_mode, weight_attr, bias_attr, data_format,
                         backend)
