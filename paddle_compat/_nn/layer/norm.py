"""paddle.nn normalisation layers (Paddle: nn/layer/norm.py): BatchNorm, BatchNorm1D/2D, LayerNorm."""
import numpy as np

from ..._dtype import get_default_dtype
from ..._param_attr import ParamAttr
from ..functional import activation as FA
from ..functional import norm as FN
from ..initializer import Constant
from .layers import Layer

__all__ = ["BatchNorm", "BatchNorm1D", "BatchNorm2D", "LayerNorm"]


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
