"""paddle.nn.functional activations (Paddle: nn/functional/activation.py): relu, gelu, sigmoid, tanh,
softmax, log_softmax, leaky_relu, relu6, silu, elu, softplus, hardswish, hardsigmoid, celu, selu,
mish, swish, hardtanh, hardshrink, softshrink, tanhshrink, softsign, log_sigmoid, thresholded_relu,
prelu, rrelu (inference), glu, maxout, and the in-place variants Paddle exports (relu_, softmax_,
tanh_, elu_, leaky_relu_, hardtanh_, thresholded_relu_), gumbel_softmax, swiglu.

Each is one op under Paddle's legacy type. The ops are resolved through `shared` (see `_opshare`) so a
type another part of the package registers later is reused rather than registered twice.
"""
import numpy as np
import torch
import torch.nn.functional as TF

from .._opshare import shared, float_kernel
from ... import _random
from ..._dtype import to_dtype
from ..._mode import STATE
from ..._ops import softmax_order as _softmax_order
from ..._ops.registry import defop, apply_op
from ..._ops._checks import float_attr, int_attr

__all__ = ["celu", "selu", "mish", "swish", "hardtanh", "hardtanh_", "hardshrink", "softshrink",
           "tanhshrink", "softsign", "log_sigmoid", "logsigmoid", "thresholded_relu",
           "thresholded_relu_", "prelu", "rrelu", "glu", "maxout", "softmax_", "tanh_", "elu_",
           "leaky_relu_", "relu", "relu_", "gelu", "sigmoid", "tanh", "softmax", "log_softmax",
           "leaky_relu", "relu6", "silu", "elu", "softplus", "hardswish", "hardsigmoid",
           "gumbel_softmax", "swiglu"]


def _float(name, fn):
    def kernel(x, **attrs):
        float_kernel(x, name)
        return fn(x, **attrs)
    return kernel


def _maxout_kernel(x, groups=1, axis=1):
    axis = axis % x.dim()
    shape = list(x.shape)
    shape[axis:axis + 1] = [shape[axis] // groups, groups]
    return x.reshape(shape).amax(axis + 1)


def _prelu_kernel(x, alpha, mode="all", data_format="NCHW"):
    float_kernel(x, "prelu")
    if mode == "all":
        w = alpha.reshape([1] * x.dim()) if x.dim() else alpha.reshape([])
    elif mode == "channel":
        shape = [1] * x.dim()
        shape[1 if data_format.startswith("NC") else x.dim() - 1] = alpha.numel()
        w = alpha.reshape(shape)
    else:                                   # 'element': one weight per element of a sample
        w = alpha.reshape([1] + list(x.shape[1:]))
    return torch.where(x > 0, x, x * w)


def _thresholded_relu_kernel(x, threshold=1.0, value=0.0):
    float_kernel(x, "thresholded_relu")
    # x <= threshold ? value : x, so NaN stays NaN as in Paddle
    return torch.where(x <= threshold, torch.full_like(x, value), x)


_CELU = shared("celu", _float("celu", lambda x, alpha=1.0: TF.celu(x, alpha)), attrs={"alpha": 1.0},
               api="paddle.nn.functional.celu")
# exp(x) - 1, not expm1: Paddle's kernel subtracts (selu(-0.) is +0., and small |x| round as there)
_SELU = shared("selu", _float("selu", lambda x, scale=1.0, alpha=1.0:
                              scale * torch.where(x > 0, x, alpha * (torch.exp(x) - 1))),
               attrs={"scale": 1.0507009873554805, "alpha": 1.6732632423543772},
               api="paddle.nn.functional.selu")
_MISH = shared("mish", _float("mish", lambda x, threshold=20.0: x * torch.tanh(
    torch.where(x > threshold, x, TF.softplus(x)))), attrs={"threshold": 20.0},
    api="paddle.nn.functional.mish")
_SWISH = shared("swish", _float("swish", lambda x, beta=1.0: x * torch.sigmoid(x * beta)),
                attrs={"beta": 1.0}, api="paddle.nn.functional.swish")
_BRELU = shared("brelu", _float("hardtanh", lambda x, t_min=-1.0, t_max=1.0:
                                torch.clamp(x, t_min, t_max)),
                attrs={"t_min": -1.0, "t_max": 1.0}, api="paddle.nn.functional.hardtanh")
# Paddle's hard_shrink multiplies by the mask (so -0.2 gives -0.), softshrink selects a literal 0
# (so it gives +0.): the signs of zero are printed, and these reproduce Paddle's.
_HSHRINK = shared("hard_shrink", _float("hard_shrink", lambda x, threshold=0.5: x * (
    (x > threshold) | (x < -threshold)).to(x.dtype)), attrs={"threshold": 0.5},
    api="paddle.nn.functional.hardshrink")
_SSHRINK = shared("softshrink", _float("softshrink", lambda x, **a: torch.where(
    x > a["lambda"], x - a["lambda"], torch.where(x < -a["lambda"], x + a["lambda"], 0.0))),
                  attrs={"lambda": 0.5}, api="paddle.nn.functional.softshrink")
_TSHRINK = shared("tanh_shrink", _float("tanh_shrink", lambda x: x - torch.tanh(x)),
                  api="paddle.nn.functional.tanhshrink")
_SOFTSIGN = shared("softsign", _float("softsign", lambda x: x / (1 + x.abs())),
                   api="paddle.nn.functional.softsign")
_LOGSIG = shared("logsigmoid", _float("logsigmoid", TF.logsigmoid),
                 api="paddle.nn.functional.log_sigmoid")
_TRELU = shared("thresholded_relu", _thresholded_relu_kernel, attrs={"threshold": 1.0, "value": 0.0},
                api="paddle.nn.functional.thresholded_relu")
_PRELU = shared("prelu", _prelu_kernel, inputs=("X", "Alpha"),
                attrs={"mode": "all", "data_format": "NCHW"}, api="paddle.nn.functional.prelu")
def _rrelu_kernel(x, lower=0.125, upper=1 / 3, is_test=False):
    float_kernel(x, "rrelu")
    neg = ~(x >= 0)                     # Paddle's `x >= 0 ? x : x * slope`: NaN takes a slope too
    if is_test:
        # (lower + upper) / 2.0f in float, then T
        mid = float((np.float32(lower) + np.float32(upper)) / np.float32(2.0))
        return torch.where(neg, x * mid, x)
    if x.device.type != "cpu":
        return torch.where(neg, x * torch.empty_like(x).uniform_(lower, upper), x)
    # Paddle's CPU kernel: one std::uniform_real_distribution<float>(lower, upper) draw from the
    # global generator per negative element, in element order, cast to T.
    slope = torch.ones_like(x)
    count = int(neg.sum())
    if count:
        draws = _random.uniform_([count], lower, upper, "float32")
        slope[neg] = torch.from_numpy(draws).to(x.dtype)
    return torch.where(neg, x * slope, x)


_RRELU = shared("rrelu", _rrelu_kernel, attrs={"lower": 0.125, "upper": 1 / 3, "is_test": False},
                api="paddle.nn.functional.rrelu")
_GLU = shared("glu", _float("glu", lambda x, axis=-1: TF.glu(x, axis)), attrs={"axis": -1},
              api="paddle.nn.functional.glu")
_MAXOUT = shared("maxout", _maxout_kernel, attrs={"groups": 1, "axis": 1},
                 api="paddle.nn.functional.maxout")


def _inplace(x, out):
    x._t = out._t
    return x


def celu(x, alpha=1.0, name=None):
    """paddle.nn.functional.celu(x, alpha=1.0): max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
    alpha == 0 raises ZeroDivisionError as in Paddle."""
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    return apply_op(_CELU.get(), (x,), {"alpha": float(alpha)})


def selu(x, scale=1.0507009873554805, alpha=1.6732632423543772, name=None):
    """paddle.nn.functional.selu(x, scale, alpha): scale * (x if x > 0 else alpha * (e^x - 1))."""
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    return apply_op(_SELU.get(), (x,), {"scale": float(scale), "alpha": float(alpha)})


def mish(x, name=None):
    """paddle.nn.functional.mish(x): x * tanh(softplus(x)) (softplus(x) = x above 20, as Paddle)."""
    return apply_op(_MISH.get(), (x,), {"threshold": 20.0})


def swish(x, name=None):
    """paddle.nn.functional.swish(x): x * sigmoid(x)."""
    return apply_op(_SWISH.get(), (x,), {"beta": 1.0})


def hardtanh(x, min=-1.0, max=1.0, name=None):
    """paddle.nn.functional.hardtanh(x, min=-1.0, max=1.0): clip(x, min, max)."""
    return apply_op(_BRELU.get(), (x,), {"t_min": float(min), "t_max": float(max)})


def hardtanh_(x, min=-1.0, max=1.0, name=None):
    """In-place hardtanh; returns x."""
    return _inplace(x, hardtanh(x, min, max))


def hardshrink(x, threshold=0.5, name=None):
    """paddle.nn.functional.hardshrink(x, threshold=0.5): x where |x| > threshold, else 0."""
    return apply_op(_HSHRINK.get(), (x,), {"threshold": float(threshold)})


def softshrink(x, threshold=0.5, name=None):
    """paddle.nn.functional.softshrink(x, threshold=0.5): x - sign(x) * threshold beyond the
    threshold, else 0. A negative threshold raises ValueError."""
    if threshold < 0:
        raise ValueError("The threshold must be no less than zero. Received: "
                         f"{threshold}.")
    return apply_op(_SSHRINK.get(), (x,), {"lambda": float(threshold)})


def tanhshrink(x, name=None):
    """paddle.nn.functional.tanhshrink(x): x - tanh(x)."""
    return apply_op(_TSHRINK.get(), (x,))


def softsign(x, name=None):
    """paddle.nn.functional.softsign(x): x / (1 + |x|)."""
    return apply_op(_SOFTSIGN.get(), (x,))


def log_sigmoid(x, name=None):
    """paddle.nn.functional.log_sigmoid(x): log(1 / (1 + e^-x)), computed stably."""
    return apply_op(_LOGSIG.get(), (x,))


logsigmoid = log_sigmoid


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """paddle.nn.functional.thresholded_relu(x, threshold=1.0, value=0.0): x if x > threshold else
    value."""
    return apply_op(_TRELU.get(), (x,), {"threshold": float(threshold), "value": float(value)})


def thresholded_relu_(x, threshold=1.0, value=0.0, name=None):
    """In-place thresholded_relu; returns x."""
    return _inplace(x, thresholded_relu(x, threshold, value))


def prelu(x, weight, data_format="NCHW", name=None):
    """paddle.nn.functional.prelu(x, weight, data_format='NCHW'): x if x > 0 else weight * x, with
    one weight (mode 'all') or one per channel (weight of size C, channel axis from data_format)."""
    if len(weight.shape) != 1:
        raise AssertionError("The dim count of weight shape should be 1 in prelu().")
    if data_format not in ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', 'NHWC', "
                         f"'NDHWC' but receive {data_format}")
    mode = "all"
    if weight.shape[0] > 1:
        if len(x.shape) <= 1:
            raise AssertionError("The dim count of x should be equal or larger than 2 in prelu() "
                                 "when weight shape is not [1].")
        channel = x.shape[1] if data_format[1] == "C" else x.shape[-1]
        if weight.shape[0] != channel:
            raise AssertionError("The weight size should be equal to x input channel in prelu() "
                                 "when weight shape is not [1].")
        mode = "channel"
    return apply_op(_PRELU.get(), (x, weight), {"mode": mode, "data_format": data_format})


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """paddle.nn.functional.rrelu(x, lower=1/8, upper=1/3, training=True): leaky ReLU whose negative
    slope is drawn from U(lower, upper) per element in training, (lower + upper) / 2 otherwise.

    On CPU the training-mode slopes are drawn from the Paddle-exact global generator, one per
    negative element in order, as Paddle's CPU kernel draws them (seeded results equal Paddle's).

    Differences from Paddle: on CUDA the slopes come from torch's generator.
    """
    if not isinstance(lower, float) or not isinstance(upper, float):
        raise TypeError("The lower and upper values must be float type. Received: lower "
                        f"{lower}, upper {upper}.")
    if lower < 0 or lower > 1:
        raise ValueError("The lower value must be no less than zero or greater than one. Received: "
                         f"{lower}.")
    if upper < lower:
        raise ValueError("The upper value must be greater than lower value. Received: lower "
                         f"{lower}, upper {upper}.")
    if upper > 1:
        raise ValueError("The upper value must be no greater than one. Received: "
                         f"{upper}.")
    return apply_op(_RRELU.get(), (x,), {"lower": float(lower), "upper": float(upper),
                                        "is_test": not training})


def glu(x, axis=-1, name=None):
    """paddle.nn.functional.glu(x, axis=-1): a * sigmoid(b) with x split in halves a, b on axis."""
    return apply_op(_GLU.get(), (x,), {"axis": int(axis)})


def maxout(x, groups, axis=1, name=None):
    """paddle.nn.functional.maxout(x, groups, axis=1): max over each group of `groups` channels."""
    if axis not in (1, -1, 3):
        raise ValueError("Attr(axis) should be 1 when data format is NCHW, -1 or 3 when data format "
                         f"is NHWC. Received Attr(axis): {axis}.")
    return apply_op(_MAXOUT.get(), (x,), {"groups": int(groups), "axis": int(axis)})


def softmax_(x, axis=-1, dtype=None, name=None):
    """In-place softmax; returns x."""
    return _inplace(x, softmax(x, axis, dtype))


def tanh_(x, name=None):
    """In-place tanh; returns x."""
    return _inplace(x, tanh(x))


def elu_(x, alpha=1.0, name=None):
    """In-place elu; returns x."""
    return _inplace(x, elu(x, alpha))


def leaky_relu_(x, negative_slope=0.01, name=None):
    """In-place leaky_relu; returns x."""
    return _inplace(x, leaky_relu(x, negative_slope))


# ---- The common activations: relu, gelu, sigmoid, tanh, softmax, log_softmax, leaky_relu, ... ----


def _relu_kernel(x):
    float_kernel(x, "relu")
    return torch.where(x > 0, x, 0.0)   # x > 0 ? x : 0, so NaN gives 0 as in Paddle (torch.relu: NaN)


def _gelu_kernel(x, approximate=False):
    float_kernel(x, "gelu")
    return TF.gelu(x, approximate="tanh" if approximate else "none")


# Paddle's CPU softmax / log_softmax (phi/kernels/funcs/softmax_impl.h, ValueClip) clip the shifted
# logits x - max(x) at -64 before the exp: an element more than 64 below its row's maximum gets
# exp(-64) / sum (1.6e-28 for a lone one) instead of ~0, and log_softmax is at least -64 - log(sum);
# a -inf mask entry too. Rows that span at most 64 are unaffected, so only inputs whose whole range
# exceeds 64 (one aminmax pass) take the clipped path; CUDA (no clip in Paddle's GPU kernel) and
# half types (no CPU kernel in Paddle) keep torch's.
_SOFTMAX_CLIP = -64.0


def _needs_clip(x):
    if x.device.type != "cpu" or x.dtype not in (torch.float32, torch.float64) or not x.numel():
        return False
    lo, hi = torch.aminmax(x)
    return bool(hi - lo > -_SOFTMAX_CLIP)


class _ClippedSoftmax(torch.autograd.Function):
    """Forward: Paddle's clipped (log-)softmax. Backward: Paddle's (and torch's) formulas on the
    clipped output: y * (dy - sum(dy * y)), or dy - exp(y) * sum(dy) for log_softmax."""

    @staticmethod
    def forward(ctx, x, axis, log):
        shifted = (x - x.amax(axis, keepdim=True)).clamp_min_(_SOFTMAX_CLIP)
        if log:
            y = shifted - shifted.exp().sum(axis, keepdim=True).log_()
        else:
            e = shifted.exp_()
            y = e * e.sum(axis, keepdim=True).reciprocal_()
        ctx.save_for_backward(y)
        ctx.axis, ctx.log = axis, log
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        if ctx.log:
            return torch._log_softmax_backward_data(dy, y, ctx.axis, y.dtype), None, None
        return torch._softmax_backward_data(dy, y, ctx.axis, y.dtype), None, None


def paddle_softmax(x, axis, log=False):
    """softmax / log_softmax of a torch tensor with Paddle's CPU clip (see _SOFTMAX_CLIP)."""
    if _needs_clip(x):
        return _ClippedSoftmax.apply(x, axis % max(x.dim(), 1), log)
    return torch.log_softmax(x, axis) if log else torch.softmax(x, axis)


def _softmax_kernel(x, axis=-1, dtype=None):
    if dtype is not None:
        x = x.to(to_dtype(dtype).torch)
    float_kernel(x, "softmax")
    # CPU float32 over the last axis: Paddle's AVX row kernel, its -64 clip included
    exact = _softmax_order.paddle_softmax(x, axis) if x.dim() else None
    return paddle_softmax(x, axis) if exact is None else exact


def _log_softmax_kernel(x, axis=-1, dtype=None):
    if dtype is not None:
        x = x.to(to_dtype(dtype).torch)
    float_kernel(x, "log_softmax")
    return paddle_softmax(x, axis, log=True)


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
    return apply_op(_SOFTMAX, (x,), {"axis": int_attr(axis, "softmax", 2), "dtype": _dt(dtype)})


def log_softmax(x, axis=-1, dtype=None, name=None):
    """paddle.nn.functional.log_softmax(x, axis=-1, dtype=None) (cast as in softmax)."""
    return apply_op(_LOG_SOFTMAX, (x,), {"axis": int_attr(axis, "log_softmax", 2),
                                         "dtype": _dt(dtype)})


def _dt(dtype):
    return None if dtype is None else to_dtype(dtype).short


def leaky_relu(x, negative_slope=0.01, name=None):
    """paddle.nn.functional.leaky_relu(x, negative_slope=0.01)."""
    return apply_op(_LEAKY, (x,), {"alpha": float_attr(negative_slope, "leaky_relu", 2)})


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


# ---- gumbel_softmax, swiglu ---------------------------------------------------------------------
def _gumbel_noise(shape, dtype):
    """Paddle's CPU gumbel noise: std::uniform_real_distribution<T>(1e-5, 1) drawn from the global
    generator in x's memory order, then -log(-log(u)) in T."""
    from ... import _random      # the op layer's generator; imported here to keep import order flat
    n = 1
    for d in shape:
        n *= int(d)
    if dtype == torch.float64:
        # the bounds are doubles here (the float path rounds them to float32 first)
        u = _random.default_cpu_generator().uniform(n, 0.0, 1.0, f32=False)
        u = u * (1.0 - 1e-5) + 1e-5
    else:
        u = _random.default_cpu_generator().uniform(n, 1e-5, 1.0, f32=True)
    g = -np.log(-np.log(u))
    return torch.from_numpy(g.reshape(shape))


class _GumbelSoftmax(torch.autograd.Function):
    """Forward: softmax((x + g) / temperature), one-hot of its argmax when hard. Backward as Paddle's
    gumbel_softmax_grad: out * (dout - sum(out * dout)) -- without the 1/temperature factor, and zero
    for a hard (one-hot) output."""

    @staticmethod
    def forward(ctx, x, noise, temperature, hard, axis):
        out = paddle_softmax((x + noise) / temperature, axis)
        if hard:
            idx = out.argmax(axis, keepdim=True)
            out = torch.zeros_like(out).scatter_(axis, idx, 1.0)
        ctx.save_for_backward(out)
        ctx.axis = axis
        return out

    @staticmethod
    def backward(ctx, dout):
        (out,) = ctx.saved_tensors
        return out * (dout - (out * dout).sum(ctx.axis, keepdim=True)), None, None, None, None


def _gumbel_softmax_kernel(x, temperature=1.0, hard=False, axis=-1):
    float_kernel(x, "gumbel_softmax")
    if not temperature > 0:
        raise ValueError("(InvalidArgument) The temperature must be greater than 0. But received "
                         f"temperature = {float(temperature):f}")
    if x.is_meta or x.numel() == 0:
        return x.clone()
    axis = axis % max(x.dim(), 1)
    noise = _gumbel_noise(list(x.shape), x.dtype if x.dtype == torch.float64 else torch.float32)
    noise = noise.to(device=x.device, dtype=x.dtype)
    return _GumbelSoftmax.apply(x, noise, float(temperature), bool(hard), axis)


_GUMBEL = defop("gumbel_softmax", _gumbel_softmax_kernel,
                attrs={"temperature": 1.0, "hard": False, "axis": -1},
                api="paddle.nn.functional.gumbel_softmax")


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    """paddle.nn.functional.gumbel_softmax(x, temperature=1.0, hard=False, axis=-1): softmax of
    (x + Gumbel noise) / temperature, or its one-hot argmax when `hard`.

    The noise is drawn from paddle.seed's generator as Paddle's CPU kernel draws it (uniform in
    [1e-5, 1) in x's memory order), so a seeded call gives Paddle's sample; the gradient is Paddle's
    (softmax's, without a 1/temperature factor; zero when hard).
    Differences from Paddle: values agree to float rounding (numpy's log, not Eigen's, makes the
    noise); on a GPU the noise is still drawn on the CPU generator.
    """
    return apply_op(_GUMBEL, (x,), {"temperature": float(temperature), "hard": bool(hard),
                                    "axis": int(axis)})


def _swiglu_kernel(x, y=None):
    float_kernel(x, "swiglu")
    if y is None:
        x, y = x.chunk(2, -1)
    return TF.silu(x) * y


_SWIGLU = defop("swiglu", _swiglu_kernel, inputs=("x", "y"), outputs=("out",),
                api="paddle.nn.functional.swiglu")


def swiglu(x, y=None, name=None):
    """paddle.nn.functional.swiglu(x, y=None): silu(x) * y; with y None, x is split in two halves
    along its last axis (silu(first) * second). In legacy static mode it records nothing and
    returns None, as Paddle 3.3.1 (whose swiglu has only a dynamic/PIR branch) does.
    Differences from Paddle: none known."""
    if STATE.static and not STATE.pir:
        return None
    if y is None and len(x.shape) and x.shape[-1] % 2:
        # Paddle's infermeta check, before its kernel would read past the last element
        raise ValueError("(InvalidArgument) The last dim of Input(X) should be exactly divided "
                         "by 2.")
    return apply_op(_SWIGLU, (x, y), {})
