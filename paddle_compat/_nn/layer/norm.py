"""paddle.nn normalisation layers (Paddle: nn/layer/norm.py): BatchNorm, BatchNorm1D/2D/3D,
SyncBatchNorm, LayerNorm, InstanceNorm1D/2D/3D, GroupNorm, LocalResponseNorm, SpectralNorm."""
import numpy as np

from ..._dtype import get_default_dtype
from ..._param_attr import ParamAttr
from ..functional import activation as FA
from ..functional import norm as FN
from ..initializer import Constant, Normal
from .layers import Layer

__all__ = ["BatchNorm", "BatchNorm1D", "BatchNorm2D", "BatchNorm3D", "SyncBatchNorm", "LayerNorm",
           "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D", "GroupNorm", "LocalResponseNorm",
           "SpectralNorm"]


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


class BatchNorm3D(_BatchNormBase):
    """paddle.nn.BatchNorm3D(num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
    bias_attr=None, data_format='NCDHW', use_global_stats=None): input [N, C, D, H, W]."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCDHW", use_global_stats=None, name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         use_global_stats, name)

    def _check_input_dim(self, input):
        if len(input.shape) != 5:
            raise ValueError(f"expected 5D input (got {len(input.shape)}D input)")


class SyncBatchNorm(_BatchNormBase):
    """paddle.nn.SyncBatchNorm(num_features, momentum=0.9, epsilon=1e-05, weight_attr=None,
    bias_attr=None, data_format='NCHW'): batch normalisation whose batch statistics are those of
    the whole data-parallel group; on one process it is BatchNorm.
    `SyncBatchNorm.convert_sync_batchnorm(model)` swaps every BatchNorm*D sublayer for one,
    sharing its parameters and running statistics.
    Differences from Paddle: Paddle 3.3.1 has no CPU kernel for it (RuntimeError NotFound); here
    it runs on every device. Under torch.distributed with several processes, the batch mean and
    variance are all-reduced over the default group."""

    def __init__(self, num_features, momentum=0.9, epsilon=1e-05, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__(num_features, momentum, epsilon, weight_attr, bias_attr, data_format,
                         None, name)
        if weight_attr is False:
            self.weight = self.create_parameter(attr=None, shape=[num_features],
                                                dtype=self._dtype,
                                                default_initializer=Constant(1.0))
            self.weight.stop_gradient = True
        if bias_attr is False:
            self.bias = self.create_parameter(attr=None, shape=[num_features], dtype=self._dtype,
                                              default_initializer=Constant(0.0), is_bias=True)
            self.bias.stop_gradient = True

    def _check_data_format(self):
        if self._data_format in ["NCHW", "NCDHW", "NC", "NCL"]:
            self._data_format = "NCHW"
        elif self._data_format in ["NHWC", "NDHWC", "NLC"]:
            self._data_format = "NHWC"
        else:
            raise ValueError("expected 'NCDHW', 'NDHWC', 'NCL', 'NLC', 'NC', 'NCHW', 'NHWC' for "
                             "data_format")

    def forward(self, x):
        self._check_data_format()
        if self.training and FN.sync_world_size() > 1:
            return FN.sync_batch_norm(x, self._mean, self._variance, self.weight, self.bias,
                                      self._momentum, self._epsilon, self._data_format)
        return FN.batch_norm(x, self._mean, self._variance, weight=self.weight, bias=self.bias,
                             training=self.training, momentum=self._momentum,
                             epsilon=self._epsilon, data_format=self._data_format,
                             use_global_stats=False if self.training else None)

    @classmethod
    def convert_sync_batchnorm(cls, layer):
        """Return `layer` with every BatchNorm1D/2D/3D (recursively) replaced by a SyncBatchNorm
        that shares its weight, bias and running statistics."""
        out = layer
        if isinstance(layer, _BatchNormBase) and not isinstance(layer, BatchNorm):
            for attr in (layer._weight_attr, layer._bias_attr):
                if attr is not None and not isinstance(attr, bool) and \
                        getattr(attr, "name", None) is not None:
                    attr.name = attr.name + "_sync"
            out = SyncBatchNorm(layer._num_features, layer._momentum, layer._epsilon,
                                layer._weight_attr, layer._bias_attr, layer._data_format,
                                layer._name)
            if layer._weight_attr is not False and layer._bias_attr is not False:
                out.weight = layer.weight
                out.bias = layer.bias
            out._mean = layer._mean
            out._variance = layer._variance
        for name, sub in layer.named_children():
            out.add_sublayer(name, cls.convert_sync_batchnorm(sub))
        return out


class _InstanceNormBase(Layer):
    _expect = ""

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCHW", name=None):
        super().__init__()
        if weight_attr is False or bias_attr is False:
            assert weight_attr == bias_attr, (
                "weight_attr and bias_attr must be set to False at the same time in InstanceNorm")
        self._momentum, self._epsilon = momentum, epsilon
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self._num_features, self._data_format = num_features, data_format
        if weight_attr is not False and bias_attr is not False:
            self.scale = self.create_parameter(attr=weight_attr, shape=[num_features],
                                               default_initializer=Constant(1.0), is_bias=False)
            self.bias = self.create_parameter(attr=bias_attr, shape=[num_features],
                                              default_initializer=Constant(0.0), is_bias=True)
        else:
            self.scale = None
            self.bias = None

    def _check_input_dim(self, input):
        raise NotImplementedError("InstanceNorm Base error")

    def forward(self, input):
        self._check_input_dim(input)
        return FN.instance_norm(input, weight=self.scale, bias=self.bias, momentum=self._momentum,
                                eps=self._epsilon, data_format=self._data_format)

    def extra_repr(self):
        return f"num_features={self._num_features}, epsilon={self._epsilon}"


class InstanceNorm1D(_InstanceNormBase):
    """paddle.nn.InstanceNorm1D(num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
    bias_attr=None, data_format='NCL'): input [N, C] or [N, C, L]; parameters `scale` (ones) and
    `bias` (zeros)."""

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCL", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)

    def _check_input_dim(self, input):
        if len(input.shape) not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {len(input.shape)}D input)")


class InstanceNorm2D(_InstanceNormBase):
    """paddle.nn.InstanceNorm2D(num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
    bias_attr=None, data_format='NCHW'): input [N, C, H, W]."""

    def _check_input_dim(self, input):
        if len(input.shape) != 4:
            raise ValueError(f"expected 4D input (got {len(input.shape)}D input)")


class InstanceNorm3D(_InstanceNormBase):
    """paddle.nn.InstanceNorm3D(num_features, epsilon=1e-05, momentum=0.9, weight_attr=None,
    bias_attr=None, data_format='NCDHW'): input [N, C, D, H, W]."""

    def __init__(self, num_features, epsilon=1e-05, momentum=0.9, weight_attr=None, bias_attr=None,
                 data_format="NCDHW", name=None):
        super().__init__(num_features, epsilon, momentum, weight_attr, bias_attr, data_format, name)

    def _check_input_dim(self, input):
        if len(input.shape) != 5:
            raise ValueError(f"expected 5D input (got {len(input.shape)}D input)")


class GroupNorm(Layer):
    """paddle.nn.GroupNorm(num_groups, num_channels, epsilon=1e-05, *, affine=True,
    weight_attr=None, bias_attr=None, data_format='NCHW'): weight (ones) and bias (zeros) of
    [num_channels]."""

    def __init__(self, num_groups, num_channels, epsilon=1e-05, *, affine=True, device=None,
                 dtype=None, weight_attr=None, bias_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._epsilon, self._num_channels, self._num_groups = epsilon, num_channels, num_groups
        self._device = device
        self._dtype = get_default_dtype() if dtype is None else dtype
        if data_format not in ["NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"]:
            raise ValueError("unsupported data layout:" + data_format)
        self._data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        if not affine:
            weight_attr = bias_attr = False
        self._weight_attr, self._bias_attr = weight_attr, bias_attr

        def frozen(attr):
            return attr is not None and getattr(attr, "learning_rate", None) == 0.0

        if weight_attr is False:
            self.weight = None
        else:
            self.weight = self.create_parameter(attr=weight_attr, shape=[num_channels],
                                                dtype=self._dtype,
                                                default_initializer=Constant(1.0), device=device)
            self.weight.stop_gradient = frozen(weight_attr)
        if bias_attr is False:
            self.bias = None
        else:
            self.bias = self.create_parameter(attr=bias_attr, shape=[num_channels],
                                              dtype=self._dtype, default_initializer=Constant(0.0),
                                              is_bias=True, device=device)
            self.bias.stop_gradient = frozen(bias_attr)

    def forward(self, input):
        return FN.group_norm(input, self._num_groups, self._epsilon, self.weight, self.bias,
                             self._data_format)

    def extra_repr(self):
        return (f"num_groups={self._num_groups}, num_channels={self._num_channels}, "
                f"epsilon={self._epsilon}")


class LocalResponseNorm(Layer):
    """paddle.nn.LocalResponseNorm(size, alpha=0.0001, beta=0.75, k=1.0, data_format='NCHW')."""

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k
        self.data_format, self.name = data_format, name

    def forward(self, input):
        return FN.local_response_norm(input, self.size, self.alpha, self.beta, self.k,
                                      self.data_format)

    def extra_repr(self):
        s = f"size={self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"
        if self.data_format != "NCHW":
            s += f", data_format={self.data_format}"
        if self.name is not None:
            s += f", name={self.name}"
        return s


class SpectralNorm(Layer):
    """paddle.nn.SpectralNorm(weight_shape, dim=0, power_iters=1, eps=1e-12, dtype='float32'):
    forward(weight) = weight / sigma, sigma its largest singular value estimated by power
    iteration from `weight_u` [h] and `weight_v` [w] (Normal(0, 1) at creation, not updated), the
    weight seen as [h = shape[dim], w = the rest]."""

    def __init__(self, weight_shape, dim=0, power_iters=1, eps=1e-12, dtype="float32"):
        super().__init__()
        self._power_iters, self._eps, self._dim, self._dtype = power_iters, eps, dim, dtype
        self._weight_shape = list(weight_shape)
        assert np.prod(self._weight_shape) > 0, \
            "Any dimension of `weight_shape` cannot be equal to 0."
        assert dim < len(self._weight_shape), (
            "The input `dim` should be less than the length of `weight_shape`, but received "
            f"dim={dim}")
        h = self._weight_shape[dim]
        w = int(np.prod(self._weight_shape)) // h
        self.weight_u = self.create_parameter(attr=ParamAttr(), shape=[h], dtype=dtype,
                                              default_initializer=Normal(0.0, 1.0))
        self.weight_u.stop_gradient = True
        self.weight_v = self.create_parameter(attr=ParamAttr(), shape=[w], dtype=dtype,
                                              default_initializer=Normal(0.0, 1.0))
        self.weight_v.stop_gradient = True

    def forward(self, x):
        return FN.spectral_norm(x, self.weight_u, self.weight_v, self._dim, self._power_iters,
                                self._eps)
