"""paddle.nn convolution layers (Paddle: nn/layer/conv.py): Conv1D/2D/3D and
Conv1D/2D/3DTranspose."""
import numpy as np

from ..._dtype import get_default_dtype
from ..functional import common as FC
from ..functional import conv as FV
from ..initializer import Normal
from .layers import Layer

__all__ = ["Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose"]


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
                 weight_attr=None, bias_attr=None, data_format=None, transposed=False,
                 output_padding=0):
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
        self._padding, self._padding_mode, self.output_padding = padding, padding_mode, output_padding
        if transposed:
            # Paddle's transposed convolutions keep the default (Xavier) initializer
            filter_shape = [in_channels, out_channels // groups, *self._kernel_size]
            init = None
        else:
            if in_channels % groups != 0:
                raise ValueError("in_channels must be divisible by groups.")
            filter_shape = [out_channels, in_channels // groups, *self._kernel_size]
            init = Normal(0.0, (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5)
        self.weight = self.create_parameter(shape=filter_shape, attr=weight_attr, dtype=self._dtype,
                                            default_initializer=init, device=device)
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True,
                                          dtype=self._dtype, device=device)

    def forward(self, x):
        padding = self._padding
        if self._padding_mode != "zeros":
            mode = {"reflect": "reflect", "replicate": "replicate", "circular": "circular"}
            x = FC.pad(x, [self._padding] * (2 * self._dims), mode=mode[self._padding_mode],
                       data_format=self._data_format)
            padding = 0
        conv = {1: FV.conv1d, 2: FV.conv2d, 3: FV.conv3d}[self._dims]
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
        if self.output_padding != 0:
            s += f", output_padding={self.output_padding}"
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




class Conv3D(_ConvNd):
    """paddle.nn.Conv3D(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
    groups=1, *, bias=True, padding_mode='zeros', weight_attr=None, bias_attr=None,
    data_format='NCDHW'): weight [out, in/groups, kd, kh, kw] ~ Normal(0, sqrt(2 / (k^3*in)))."""
    _dims, _formats = 3, ("NCDHW", "NDHWC")


class _ConvTransposeNd(_ConvNd):
    _fn = None

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                 dilation=1, groups=1, weight_attr=None, bias_attr=None, data_format=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups,
                         weight_attr=weight_attr, bias_attr=bias_attr, data_format=data_format,
                         transposed=True, output_padding=output_padding)

    def forward(self, x, output_size=None):
        output_padding = self.output_padding if output_size is None else 0
        fn = {1: FV.conv1d_transpose, 2: FV.conv2d_transpose, 3: FV.conv3d_transpose}[self._dims]
        if self._dims == 1:
            # Paddle's Conv1DTranspose passes its output_padding even with an output_size
            output_padding = self.output_padding
        return fn(x, self.weight, bias=self.bias, stride=self._stride, padding=self._padding,
                  output_padding=output_padding, dilation=self._dilation, groups=self._groups,
                  output_size=output_size, data_format=self._data_format)


class Conv1DTranspose(_ConvTransposeNd):
    """paddle.nn.Conv1DTranspose(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, dilation=1, weight_attr=None, bias_attr=None, data_format='NCL'):
    weight [in, out/groups, k] (Xavier), bias 0; forward(x, output_size=None)."""
    _dims, _formats = 1, ("NCL", "NLC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                 groups=1, dilation=1, weight_attr=None, bias_attr=None, data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding,
                         dilation, groups, weight_attr, bias_attr, data_format)


class Conv2DTranspose(_ConvTransposeNd):
    """paddle.nn.Conv2DTranspose(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None, data_format='NCHW'):
    weight [in, out/groups, kh, kw] (Xavier), bias 0; forward(x, output_size=None)."""
    _dims, _formats = 2, ("NCHW", "NHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                 dilation=1, groups=1, weight_attr=None, bias_attr=None, data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding,
                         dilation, groups, weight_attr, bias_attr, data_format)


class Conv3DTranspose(_ConvTransposeNd):
    """paddle.nn.Conv3DTranspose(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
    data_format='NCDHW'): weight [in, out/groups, kd, kh, kw] (Xavier), bias 0."""
    _dims, _formats = 3, ("NCDHW", "NDHWC")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                 dilation=1, groups=1, weight_attr=None, bias_attr=None, data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, output_padding,
                         dilation, groups, weight_attr, bias_attr, data_format)
