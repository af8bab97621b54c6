"""paddle.nn.functional activations: relu, gelu, sigmoid, tanh, softmax, log_softmax, leaky_relu,
relu6, silu, elu, softplus, hardswish, hardsigmoid — one registered op each (Paddle's legacy types)."""
import torch
import torch.nn.functional as TF

from .._dtype import to_dtype
from .._ops.registry import defop, apply_op
from ._opshare import shared, float_kernel

__all__ = ["relu", "relu_", "gelu", "sigmoid", "tanh", "softmax", "log_softmax", "leaky_relu", "relu6",
           "silu", "elu", "softplus", "hardswish", "hardsigmoid"]


def _relu_kernel(x):
    float_kernel(x, "relu")
    return torch.relu(x)


def _gelu_kernel(x, approximate=False):
    float_kernel(x, "gelu")
    return TF.gelu(x, approximate="tanh" if approximate else "none")


def _softmax_kernel(x, axis=-1, dtype=None):
    if dtype is not None:
        x = x.to(to_dtype(dtype).torch)
    float_kernel(x, "softmax")
    return torch.softmax(x, axis)


def _log_softmax_kernel(x, axis=-1, dtype=None):
    if dtype is not None:
        x = x.to(to_dtype(dtype).torch)
    float_kernel(x, "log_softmax")
    return torch.log_softmax(x, axis)


def _leaky_relu_kernel(x, alpha=0.02):
    float_kernel(x, "leaky_relu")
    return TF.leaky_relu(x, alpha)


def _elu_kernel(x, alpha=1.0):
    float_kernel(x, "elu")
    return TF.elu(x, alpha)


def _softplus_kernel(x, beta=1.0, threshold=20.0):
    float_kernel(x, "softplus")
    return TF.softplus(x, beta, threshold)


def _hard_sigmoid_kernel(x, slope=0.1666667, offset=0.5):
    float_kernel(x, "hardsigmoid")
    return torch.clamp(x * slope + offset, 0.0, 1.0)


def _hard_swish_kernel(x, threshold=6.0, scale=6.0, offset=3.0):
    float_kernel(x, "hardswish")
    return x * torch.clamp(x + offset, 0.0, threshold) / scale


_RELU = defop("relu", _relu_kernel, api="paddle.nn.functional.relu")
_GELU = defop("gelu", _gelu_kernel, attrs={"approximate": False}, api="paddle.nn.functional.gelu")
_SOFTMAX = defop("softmax", _softmax_kernel, attrs={"axis": -1, "dtype": None},
                  api="paddle.nn.functional.softmax")
_LOG_SOFTMAX = defop("log_softmax", _log_softmax_kernel, attrs={"axis": -1, "dtype": None},
                     api="paddle.nn.functional.log_softmax")
_LEAKY = defop("leaky_relu", _leaky_relu_kernel, attrs={"alpha": 0.02},
               api="paddle.nn.functional.leaky_relu")
_RELU6 = defop("relu6", lambda x, threshold=6.0: TF.hardtanh(x, 0.0, threshold),
               attrs={"threshold": 6.0}, api="paddle.nn.functional.relu6")
_SILU = defop("silu", lambda x: TF.silu(x), api="paddle.nn.functional.silu")
_ELU = defop("elu", _elu_kernel, attrs={"alpha": 1.0}, api="paddle.nn.functional.elu")
_SOFTPLUS = defop("softplus", _softplus_kernel, attrs={"beta": 1.0, "threshold": 20.0},
                  api="paddle.nn.functional.softplus")
_HSIGMOID = defop("hard_sigmoid", _hard_sigmoid_kernel, attrs={"slope": 0.1666667, "offset": 0.5},
                  api="paddle.nn.functional.hardsigmoid")
_HSWISH = defop("hard_swish", _hard_swish_kernel, attrs={"threshold": 6.0, "scale": 6.0, "offset": 3.0},
                api="paddle.nn.functional.hardswish")
# tanh and sigmoid are ops-math's (paddle.tanh / paddle.sigmoid); share their record when present.
_TANH = shared("tanh", torch.tanh, api="paddle.tanh")
_SIGMOID = shared("sigmoid", torch.sigmoid, api="paddle.nn.functional.sigmoid")


def relu(x, name=None):
    """paddle.nn.functional.relu(x, name=None): max(x, 0). Float inputs only, as Paddle's kernel."""
    return apply_op(_RELU, (x,))


def relu_(x, name=None):
    """In-place relu on x's data; returns x."""
    out = relu(x)
    x._t = out._t
    return x


def gelu(x, approximate=False, name=None):
    """paddle.nn.functional.gelu(x, approximate=False): exact erf GELU, or the tanh approximation
    when approximate is True or 'tanh'."""
    if isinstance(approximate, str):
        approximate = approximate == "tanh"
    return apply_op(_GELU, (x,), {"approximate": bool(approximate)})


def sigmoid(x, name=None, *, out=None):
    """paddle.nn.functional.sigmoid(x): 1 / (1 + exp(-x))."""
    return apply_op(_SIGMOID.get(), (x,))


def tanh(x, name=None, *, out=None):
    """paddle.nn.functional.tanh(x) (the same as paddle.tanh)."""
    return apply_op(_TANH.get(), (x,))


def softmax(x, axis=-1, dtype=None, name=None, *, out=None):
    """paddle.nn.functional.softmax(x, axis=-1, dtype=None): x is first cast to `dtype` when given.

    Differences from Paddle: the cast is a `dtype` attribute of the recorded softmax op, not a
    separate `cast` op.
    """
    return apply_op(_SOFTMAX, (x,), {"axis": int(axis), "dtype": _dt(dtype)})


def log_softmax(x, axis=-1, dtype=None, name=None):
    """paddle.nn.functional.log_softmax(x, axis=-1, dtype=None) (cast as in softmax)."""
    return apply_op(_LOG_SOFTMAX, (x,), {"axis": int(axis), "dtype": _dt(dtype)})


def _dt(dtype):
    return None if dtype is None else to_dtype(dtype).short


def leaky_relu(x, negative_slope=0.01, name=None):
    """paddle.nn.functional.leaky_relu(x, negative_slope=0.01)."""
    return apply_op(_LEAKY, (x,), {"alpha": float(negative_slope)})


def relu6(x, name=None):
    """paddle.nn.functional.relu6(x): min(max(x, 0), 6)."""
    return apply_op(_RELU6, (x,), {"threshold": 6.0})


def silu(x, inplace=False, name=None):
    """paddle.nn.functional.silu(x, inplace=False): x * sigmoid(x); inplace=True writes the result
    into x and returns x."""
    out = apply_op(_SILU, (x,))
    if inplace:
        x._t = out._t
        return x
    return out


def elu(x, alpha=1.0, name=None):
    """paddle.nn.functional.elu(x, alpha=1.0)."""
    return apply_op(_ELU, (x,), {"alpha": float(alpha)})


def softplus(x, beta=1, threshold=20, name=None):
    """paddle.nn.functional.softplus(x, beta=1, threshold=20)."""
    return apply_op(_SOFTPLUS, (x,), {"beta": float(beta), "threshold": float(threshold)})


def hardswish(x, name=None):
    """paddle.nn.functional.hardswish(x): x * relu6(x + 3) / 6."""
    return apply_op(_HSWISH, (x,))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    """paddle.nn.functional.hardsigmoid(x, slope=0.1666667, offset=0.5)."""
    return apply_op(_HSIGMOID, (x,), {"slope": float(slope), "offset": float(offset)})

