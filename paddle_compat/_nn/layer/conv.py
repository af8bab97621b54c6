"""paddle.nn convolution layers (Paddle: nn/layer/conv.py): Conv1D, Conv2D."""
import numpy as np

from ..._dtype import get_default_dtype
from ..functional import common as FC
from ..functional import conv as FV
from ..initializer import Normal
from .layers import Layer

__all__ = ["Conv1D", "Conv2D"]


def _to_list(v, n, what):
    if isinstance(v, int):
        return [v] * n
    v = list(v)
    if len(v) == 1:
        return v * n
    if len(v) != n:
        raise ValueError(f"The {what}'s length must be {n}. Received: {v}")
    return [int(e) for e in v]


class _ConvNd(Layer):
    _dims, _formats = 2, ("NCHW", "NHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, *, bias=True, padding_mode="zeros", device=None, dtype=None,
                 weight_attr=None, bias_attr=None, data_format=None):
        super().__init__()
        assert weight_attr is not False, "weight_attr should not be False in Conv."
        nd = self._dims
        data_format = data_format or self._formats[0]
        if not bias:
            bias_attr = False
        self._param_attr, self._bias_attr = weight_attr, bias_attr
        self._groups, self._in_channels, self._out_channels = groups, in_channels, out_channels
        self._data_format, self._device = data_format, device
        self._dtype = dtype if dtype is not None else get_default_dtype()
        modes = {"zeros", "reflect", "replicate", "circular"}
        if padding_mode not in modes:
            raise ValueError(f"padding_mode must be one of {modes}, but got "
                             f"padding_mode='{padding_mode}'")
        if padding_mode != "zeros" and not isinstance(padding, int):
            raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], type of "
                            "padding must be int")
        formats = {"NHWC", "NCHW", "NDHWC", "NCDHW", "NLC", "NCL"}
        if data_format not in formats:
            raise ValueError(f"data_format must be one of {formats}, but got "
                             f"data_format='{data_format}'")
        self._stride = _to_list(stride, nd, "stride")
        self._dilation = _to_list(dilation, nd, "dilation")
        self._kernel_size = _to_list(kernel_size, nd, "kernel_size")
        self._padding, self._padding_mode, self.output_padding = padding, padding_mode, 0
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups.")
        filter_shape = [out_channels, in_channels // groups, *self._kernel_size]
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(shape=filter_shape, attr=weight_attr, dtype=self._dtype,
                                            default_initializer=Normal(0.0, std), device=device)
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True,
                                          dtype=self._dtype, device=device)

    def forward(self, x):
        padding = self._padding
        if self._padding_mode != "zeros":
            mode = {"reflect": "reflect", "replicate": "replicate", "circular": "circular"}
            x = FC.pad(x, [self._padding] * (2 * self._dims), mode=mode[self._padding_mode],
                       data_format=self._data_format)
            padding = 0
        conv = FV.conv1d if self._dims == 1 else FV.conv2d
        return conv(x, self.weight, self.bias, self._stride, padding, self._dilation, self._groups,
                    self._data_format)

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


class Conv2D(_ConvNd):
    """paddle.nn.Conv2D(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
    groups=1, *, bias=True, padding_mode='zeros', weight_attr=None, bias_attr=None,
    data_format='NCHW'): weight [out, in/groups, kh, kw] ~ Normal(0, sqrt(2 / (k*k*in))), bias 0."""
    _dims, _formats = 2, ("NCHW", "NHWC")


class Conv1D(_ConvNd):
    """paddle.nn.Conv1D(in_channels, out_channels, kernel_size, ..., data_format='NCL')."""
    _dims, _formats = 1, ("NCL", "NLC")


