"""paddle.nn convolution, pooling and normalisation layers: Conv1D, Conv2D, MaxPool1D/2D,
AvgPool1D/2D, AdaptiveAvgPool1D/2D, AdaptiveMaxPool2D, BatchNorm, BatchNorm1D/2D, LayerNorm."""
import numpy as np

from .._dtype import get_default_dtype
from .._param_attr import ParamAttr
from . import functional_common as FC
from . import functional_conv as FV
from . import functional_norm as FN
from .initializer import Constant, Normal
from .layer import Layer

__all__ = ["Conv1D", "Conv2D", "MaxPool1D", "MaxPool2D", "AvgPool1D", "AvgPool2D",
           "AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveMaxPool2D", "BatchNorm", "BatchNorm1D",
           "BatchNorm2D", "LayerNorm"]


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


class _Pool(Layer):
    _kind, _nd = "max", 2

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 exclusive=True, divisor_override=None, data_format=None, name=None):
        super().__init__()
        self.ksize, self.kernel_size, self.stride, self.padding = kernel_size, kernel_size, stride, padding
        self.return_mask, self.ceil_mode, self.exclusive = return_mask, ceil_mode, exclusive
        self.divisor = divisor_override
        self.data_format = data_format or ("NCL" if self._nd == 1 else "NCHW")
        self.name = name

    def forward(self, x):
        if self._kind == "max":
            if self._nd == 1:
                return FV.max_pool1d(x, self.ksize, self.stride, self.padding, self.return_mask,
                                     self.ceil_mode)
            return FV.max_pool2d(x, self.ksize, self.stride, self.padding, self.return_mask,
                                 self.ceil_mode, self.data_format)
        if self._nd == 1:
            return FV.avg_pool1d(x, self.ksize, self.stride, self.padding, self.exclusive,
                                 self.ceil_mode)
        return FV.avg_pool2d(x, self.ksize, self.stride, self.padding, self.ceil_mode, self.exclusive,
                             self.divisor, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class MaxPool2D(_Pool):
    """paddle.nn.MaxPool2D(kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
    data_format='NCHW')."""
    _kind, _nd = "max", 2

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode,
                         data_format=data_format, name=name)


class MaxPool1D(_Pool):
    """paddle.nn.MaxPool1D(kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False)."""
    _kind, _nd = "max", 1

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, name=name)


class AvgPool2D(_Pool):
    """paddle.nn.AvgPool2D(kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
    divisor_override=None, data_format='NCHW')."""
    _kind, _nd = "avg", 2

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, False, ceil_mode, exclusive, divisor_override,
                         data_format, name)


class AvgPool1D(_Pool):
    """paddle.nn.AvgPool1D(kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False)."""
    _kind, _nd = "avg", 1

    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
                 name=None):
        super().__init__(kernel_size, stride, padding, False, ceil_mode, exclusive, name=name)


class AdaptiveAvgPool2D(Layer):
    """paddle.nn.AdaptiveAvgPool2D(output_size, data_format='NCHW')."""

    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__()
        self._output_size, self._data_format, self._name = output_size, data_format, name

    def forward(self, x):
        return FV.adaptive_avg_pool2d(x, self._output_size, self._data_format)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveAvgPool1D(Layer):
    """paddle.nn.AdaptiveAvgPool1D(output_size)."""

    def __init__(self, output_size, name=None):
        super().__init__()
        self.output_size, self._name = output_size, name

    def forward(self, x):
        return FV.adaptive_avg_pool1d(x, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2D(Layer):
    """paddle.nn.AdaptiveMaxPool2D(output_size, return_mask=False)."""

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self._output_size, self._return_mask, self._name = output_size, return_mask, name

    def forward(self, x):
        return FV.adaptive_max_pool2d(x, self._output_size, self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


# ---- normalisation ------------------------------------------------------------------------------
class _BatchNormBase(Layer):
    _expect = ""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", use_global_stats=None, name=None):
        super().__init__()
        self._num_features, self._weight_attr, self._bias_attr = num_features, weight_attr, bias_attr
        self._use_global_stats = use_global_stats
        self._dtype = "float32" if get_default_dtype() == "float16" else get_default_dtype()
        shape = [num_features]
        self.weight = None if weight_attr is False else self.create_parameter(
            attr=weight_attr, shape=shape, dtype=self._dtype, default_initializer=Constant(1.0))
        self.bias = None if bias_attr is False else self.create_parameter(
            attr=bias_attr, shape=shape, dtype=self._dtype, is_bias=True)
        mean_name = name + "_mean" if name is not None else None
        var_name = name + "_variance" if name is not None else None
        self._mean = self.create_parameter(dtype=self._dtype, shape=shape, attr=ParamAttr(
            name=mean_name, initializer=Constant(0.0), trainable=False, do_model_average=True))
        self._mean.stop_gradient = True
        self._variance = self.create_parameter(dtype=self._dtype, shape=shape, attr=ParamAttr(
            name=var_name, initializer=Constant(1.0), trainable=False, do_model_average=True))
        self._variance.stop_gradient = True
        self._data_format, self._momentum, self._epsilon, self._name = \
            data_format, momentum, epsilon, name

    def _check_input_dim(self, input):
        pass

    def forward(self, input):
        self._check_input_dim(input)
        return FN.batch_norm(input, self._mean, self._variance, weight=self.weight, bias=self.bias,
                             training=self.training, momentum=self._momentum, epsilon=self._epsilon,
                             data_format=self._data_format, use_global_stats=self._use_global_stats)

    def extra_repr(self):
        s = f"num_features={self._num_features}, momentum={self._momentum}, epsilon={self._epsilon}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class BatchNorm1D(_BatchNormBase):
    """paddle.nn.BatchNorm1D(num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
    bias_attr=None, data_format='NCL', use_global_stats=None): input [N, C] or [N, C, L]."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCL", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_input_dim(self, input):
        if len(input.shape) not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {len(input.shape)}D input)")


class BatchNorm2D(_BatchNormBase):
    """paddle.nn.BatchNorm2D(num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
    bias_attr=None, data_format='NCHW', use_global_stats=None): input [N, C, H, W]; running
    statistics `_mean`/`_variance` are non-trainable parameters, as in Paddle."""

    def _check_input_dim(self, input):
        if len(input.shape) != 4:
            raise ValueError(f"expected 4D input (got {len(input.shape)}D input)")


class BatchNorm(_BatchNormBase):
    """paddle.nn.BatchNorm(num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05,
    param_attr=None, bias_attr=None, dtype='float32', data_layout='NCHW', ...): the legacy layer;
    `act` names an activation applied after normalisation."""

    def __init__(self, num_channels, act=None, is_test=False, momentum=0.9, epsilon=1e-05,
                 param_attr=None, bias_attr=None, dtype="float32", data_layout="NCHW", in_place=False,
                 moving_mean_name=None, moving_variance_name=None,
                 do_model_average_for_mean_and_var=True, use_global_stats=False,
                 trainable_statistics=False):
        super().__init__(num_channels, momentum, epsilon, param_attr, bias_attr, data_layout,
                         use_global_stats or None, None)
        self._act, self._is_test = act, is_test
        self._trainable_statistics = trainable_statistics

    def forward(self, input):
        from . import functional_activation as FA
        use_global = True if (self._is_test or not self.training) else (
            None if not self._use_global_stats else True)
        out = FN.batch_norm(input, self._mean, self._variance, weight=self.weight, bias=self.bias,
                            training=self.training and not self._is_test, momentum=self._momentum,
                            epsilon=self._epsilon, data_format=self._data_format,
                            use_global_stats=use_global)
        if self._act:
            act = getattr(FA, self._act, None)
            if act is None:
                raise ValueError(f"paddle.nn.BatchNorm: unknown act {self._act!r}")
            out = act(out)
        return out

    def extra_repr(self):
        return ""


class LayerNorm(Layer):
    """paddle.nn.LayerNorm(normalized_shape, epsilon=1e-05, *, elementwise_affine=True, bias=True,
    weight_attr=None, bias_attr=None, name=None): weight (ones) and bias (zeros) are 1-D of
    prod(normalized_shape) elements, as in Paddle."""

    def __init__(self, normalized_shape, epsilon=1e-05, *, elementwise_affine=True, bias=True,
                 device=None, dtype=None, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = [normalized_shape]
        self._normalized_shape = list(normalized_shape)
        self._epsilon, self._name = epsilon, name
        if not elementwise_affine:
            weight_attr = bias_attr = False
        if not bias:
            bias_attr = False
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        dt = dtype if dtype is not None else get_default_dtype()
        shape = [int(np.prod(self._normalized_shape))]
        self.weight = None if weight_attr is False else self.create_parameter(
            attr=weight_attr, shape=shape, dtype=dt, default_initializer=Constant(1.0),
            device=device)
        self.bias = None if bias_attr is False else self.create_parameter(
            attr=bias_attr, shape=shape, dtype=dt, is_bias=True, device=device)

    def forward(self, input):
        return FN.layer_norm(input, self._normalized_shape, weight=self.weight, bias=self.bias,
                             epsilon=self._epsilon)

    def extra_repr(self):
        return f"normalized_shape={self._normalized_shape}, epsilon={self._epsilon}"
