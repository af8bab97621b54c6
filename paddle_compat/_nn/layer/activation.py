"""paddle.nn activation layers (Paddle: nn/layer/activation.py): ReLU, GELU, Sigmoid, Tanh, Softmax,
LogSoftmax, LeakyReLU, ReLU6, Silu, ELU, Softplus, Hardswish, Hardsigmoid, CELU, SELU, Mish, Swish,
Hardtanh, Hardshrink, Softshrink, Tanhshrink, Softsign, LogSigmoid, ThresholdedReLU, PReLU, RReLU, GLU,
Maxout, Softmax2D.

Each keeps Paddle's constructor signature and `repr` (`Name(arg=value, ..., name=...)`)."""
from ..._dtype import get_default_dtype
from ..functional import activation as FA
from .layers import Layer

__all__ = ["CELU", "SELU", "Mish", "Swish", "Hardtanh", "Hardshrink", "Softshrink", "Tanhshrink",
           "Softsign", "LogSigmoid", "ThresholdedReLU", "PReLU", "RReLU", "GLU", "Maxout",
           "Softmax2D", "ReLU", "GELU", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "LeakyReLU",
           "ReLU6", "Silu", "ELU", "Softplus", "Hardswish", "Hardsigmoid"]


class _Act(Layer):
    """An activation layer: `_fn(x, *values of _args)`; repr lists `_args` then the name."""
    _fn = None
    _args = ()

    def __init__(self, *values, name=None):
        super().__init__()
        for key, value in zip(self._args, values):
            setattr(self, "_" + key, value)
        self._name = name

    def forward(self, x):
        return type(self)._fn(x, *[getattr(self, "_" + k) for k in self._args])

    def extra_repr(self):
        parts = [f"{k}={getattr(self, '_' + k)}" for k in self._args]
        if self._name:
            parts.append(f"name={self._name}")
        return ", ".join(parts)


class CELU(_Act):
    """paddle.nn.CELU(alpha=1.0, name=None)."""
    _fn, _args = staticmethod(FA.celu), ("alpha",)

    def __init__(self, alpha=1.0, name=None):
        super().__init__(alpha, name=name)


class SELU(_Act):
    """paddle.nn.SELU(scale=1.0507009873554805, alpha=1.6732632423543772, name=None)."""
    _fn, _args = staticmethod(FA.selu), ("scale", "alpha")

    def __init__(self, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
        super().__init__(scale, alpha, name=name)


class Mish(_Act):
    """paddle.nn.Mish(name=None)."""
    _fn = staticmethod(FA.mish)

    def __init__(self, name=None):
        super().__init__(name=name)


class Swish(Mish):
    """paddle.nn.Swish(name=None)."""
    _fn = staticmethod(FA.swish)


class Tanhshrink(Mish):
    """paddle.nn.Tanhshrink(name=None)."""
    _fn = staticmethod(FA.tanhshrink)


class Softsign(Mish):
    """paddle.nn.Softsign(name=None)."""
    _fn = staticmethod(FA.softsign)


class LogSigmoid(Mish):
    """paddle.nn.LogSigmoid(name=None)."""
    _fn = staticmethod(FA.log_sigmoid)


class Hardtanh(_Act):
    """paddle.nn.Hardtanh(min=-1.0, max=1.0, name=None)."""
    _fn, _args = staticmethod(FA.hardtanh), ("min", "max")

    def __init__(self, min=-1.0, max=1.0, name=None):
        super().__init__(min, max, name=name)


class Hardshrink(_Act):
    """paddle.nn.Hardshrink(threshold=0.5, name=None)."""
    _fn, _args = staticmethod(FA.hardshrink), ("threshold",)

    def __init__(self, threshold=0.5, name=None):
        super().__init__(threshold, name=name)


class Softshrink(Hardshrink):
    """paddle.nn.Softshrink(threshold=0.5, name=None)."""
    _fn = staticmethod(FA.softshrink)


class ThresholdedReLU(_Act):
    """paddle.nn.ThresholdedReLU(threshold=1.0, value=0.0, name=None)."""
    _fn, _args = staticmethod(FA.thresholded_relu), ("threshold", "value")

    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__(threshold, value, name=name)


class GLU(_Act):
    """paddle.nn.GLU(axis=-1, name=None)."""
    _fn, _args = staticmethod(FA.glu), ("axis",)

    def __init__(self, axis=-1, name=None):
        super().__init__(axis, name=name)


class Maxout(_Act):
    """paddle.nn.Maxout(groups, axis=1, name=None)."""
    _fn, _args = staticmethod(FA.maxout), ("groups", "axis")

    def __init__(self, groups, axis=1, name=None):
        super().__init__(groups, axis, name=name)


class Softmax2D(Layer):
    """paddle.nn.Softmax2D(name=None): softmax over the channel axis of [N, C, H, W] / [C, H, W]."""

    def __init__(self, name=None):
        super().__init__()
        self._dtype, self._name = None, name

    def forward(self, x):
        if len(x.shape) not in (3, 4):
            raise AssertionError("Softmax2D requires a 3D or 4D tensor as input. Received: "
                                 f"{len(x.shape)}D.")
        return FA.softmax(x, -3, self._dtype)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class PReLU(Layer):
    """paddle.nn.PReLU(num_parameters=1, init=0.25, weight_attr=None, data_format='NCHW', name=None):
    a learnable slope (one, or one per channel) for negative inputs."""

    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW", name=None):
        super().__init__()
        from ..initializer import Constant
        self._num_parameters, self._init, self._weight_attr = num_parameters, init, weight_attr
        self._name, self._data_format = name, data_format
        self._dtype = get_default_dtype()
        self._weight = self.create_parameter(attr=weight_attr, shape=[num_parameters],
                                             dtype=self._dtype, is_bias=False,
                                             default_initializer=Constant(init))

    def forward(self, x):
        return FA.prelu(x, self._weight, data_format=self._data_format)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return (f"num_parameters={self._num_parameters}, data_format={self._data_format}, "
                f"init={self._init}, dtype={self._dtype}{name_str}")


class RReLU(Layer):
    """paddle.nn.RReLU(lower=1/8, upper=1/3, name=None): rrelu with `training` from the layer."""

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__()
        self._lower, self._upper, self._name = lower, upper, name

    def forward(self, x):
        return FA.rrelu(x, self._lower, self._upper, training=self.training)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return (f"lower={self._lower}, upper={self._upper}, training={self.training}, "
                f"dtype={self._dtype}{name_str}")


# ---- activations --------------------------------------------------------------------------------
class _NamedAct(Layer):
    _fn = None

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return type(self)._fn(x)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class ReLU(_NamedAct):
    """paddle.nn.ReLU(name=None)."""
    _fn = staticmethod(FA.relu)


class Sigmoid(_NamedAct):
    """paddle.nn.Sigmoid(name=None)."""
    _fn = staticmethod(FA.sigmoid)


class Tanh(_NamedAct):
    """paddle.nn.Tanh(name=None)."""
    _fn = staticmethod(FA.tanh)


class ReLU6(_NamedAct):
    """paddle.nn.ReLU6(name=None)."""
    _fn = staticmethod(FA.relu6)


class Hardswish(_NamedAct):
    """paddle.nn.Hardswish(name=None)."""
    _fn = staticmethod(FA.hardswish)


class Silu(_NamedAct):
    """paddle.nn.Silu(inplace=False, name=None)."""
    _fn = staticmethod(FA.silu)

    def __init__(self, inplace=False, name=None):
        super().__init__(name)
        self._inplace = inplace

    def forward(self, x):
        return FA.silu(x, self._inplace)

    def extra_repr(self):
        return f"inplace={self._inplace}" + (f", name={self._name}" if self._name else "")


class GELU(Layer):
    """paddle.nn.GELU(approximate=False, name=None)."""

    def __init__(self, approximate=False, name=None):
        super().__init__()
        self._approximate, self._name = approximate, name

    def forward(self, x):
        return FA.gelu(x, self._approximate)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return f"approximate={self._approximate}{name_str}"


class Softmax(Layer):
    """paddle.nn.Softmax(axis=-1, name=None)."""

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis, self._dtype, self._name = axis, None, name

    def forward(self, x):
        return FA.softmax(x, self._axis)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return f"axis={self._axis}{name_str}"


class LogSoftmax(Softmax):
    """paddle.nn.LogSoftmax(axis=-1, name=None)."""

    def forward(self, x):
        return FA.log_softmax(x, self._axis)


class LeakyReLU(Layer):
    """paddle.nn.LeakyReLU(negative_slope=0.01, name=None)."""

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope, self._name = negative_slope, name

    def forward(self, x):
        return FA.leaky_relu(x, self._negative_slope)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return f"negative_slope={self._negative_slope}{name_str}"


class ELU(Layer):
    """paddle.nn.ELU(alpha=1.0, name=None)."""

    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha, self._name = alpha, name

    def forward(self, x):
        return FA.elu(x, self._alpha)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return f"alpha={self._alpha}{name_str}"


class Softplus(Layer):
    """paddle.nn.Softplus(beta=1, threshold=20, name=None)."""

    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__()
        self._beta, self._threshold, self._name = beta, threshold, name

    def forward(self, x):
        return FA.softplus(x, self._beta, self._threshold)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return f"beta={self._beta}, threshold={self._threshold}{name_str}"


class Hardsigmoid(_NamedAct):
    """paddle.nn.Hardsigmoid(name=None)."""
    _fn = staticmethod(FA.hardsigmoid)
