"""paddle.nn.initializer: Constant, Normal, Uniform, TruncatedNormal, Xavier*, Kaiming*, Assign,
Orthogonal, Dirac, Bilinear.

An initializer fills a Parameter's data in place (`init(param)`). Random initializers draw on CPU from
the Paddle-exact generator in `paddle_compat._random` (mt19937_64 + libstdc++ distributions), with the
same arguments Paddle's `_C_ops.uniform` / `_C_ops.gaussian` receive, so a seeded `paddle.nn.Linear(4, 3)`
gets Paddle's very weights. Parameters on a CUDA device draw from torch's CUDA generator (Paddle's GPU
numbers are not reproducible off its own kernels anyway).
"""
import math

import numpy as np
import torch

from .._tensor import Tensor
from .. import _random

__all__ = ["Initializer", "Constant", "Normal", "Uniform", "TruncatedNormal", "XavierNormal",
           "XavierUniform", "KaimingNormal", "KaimingUniform", "Assign", "calculate_gain",
           "set_global_initializer", "NumpyArrayInitializer", "Orthogonal", "Dirac", "Bilinear"]

_LOW_PRECISION = (torch.float16, torch.bfloat16)


def _engine():
    return _random


def _draw_uniform(shape, low, high, tdtype, device):
    """Paddle's uniform kernel: float32 bounds, `canonical * (high - low) + low` in the dtype."""
    if device.type != "cpu":
        out = torch.empty(shape, dtype=tdtype, device=device)
        return out.uniform_(float(np.float32(low)), float(np.float32(high)))
    name = "float64" if tdtype == torch.float64 else "float32"
    arr = _engine().uniform_(list(shape), float(low), float(high), name)
    return torch.from_numpy(np.ascontiguousarray(arr)).reshape(shape)


def _draw_normal(shape, mean, std, tdtype, device):
    """Paddle's gaussian kernel: a fresh std::normal_distribution per call (odd sizes drop a spare)."""
    if device.type != "cpu":
        return torch.empty(shape, dtype=tdtype, device=device).normal_(mean, std)
    name = "float64" if tdtype == torch.float64 else "float32"
    arr = _engine().normal_(list(shape), float(mean), float(std), name)
    return torch.from_numpy(np.ascontiguousarray(arr)).reshape(shape)


def _draw_truncated(shape, mean, std, a, b, tdtype, device):
    """Paddle's truncated_gaussian_random CPU kernel: u ~ U(FLT_MIN, 1), then the inverse CDF of the
    normal restricted to [a, b] (a, b in value units): sqrt(2) * erfinv(2p - 1) * std + mean.

    Differences from Paddle: the inverse CDF is evaluated in float64 and rounded, so float32 values
    may differ from Paddle's in the last bit (Paddle uses Eigen's ndtri in float32).
    """
    work = torch.float64
    if device.type != "cpu":
        u = torch.empty(shape, dtype=work, device=device).uniform_(np.finfo(np.float32).tiny, 1.0)
    else:
        name = "float64" if tdtype == torch.float64 else "float32"
        arr = _engine().uniform_(list(shape), float(np.finfo(np.float32).tiny), 1.0, name)
        u = torch.from_numpy(np.ascontiguousarray(arr)).reshape(shape).to(work)
    cdf = lambda x: (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0   # noqa: E731 (Paddle's formula)
    a_cdf, b_cdf = cdf((a - mean) / std), cdf((b - mean) / std)
    p = a_cdf + (b_cdf - a_cdf) * u
    return (math.sqrt(2.0) * torch.special.erfinv(2 * p - 1) * std + mean)


def _compute_fans(shape):
    """Paddle's fan rule: [in, out] matrices; conv kernels [out, in, *k] times the receptive field."""
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    rf = int(np.prod(shape[2:]))
    return shape[1] * rf, shape[0] * rf


def calculate_gain(nonlinearity, param=None):
    """paddle.nn.initializer.calculate_gain(nonlinearity, param=None): the recommended gain."""
    if param is None:
        param = 0.01
    else:
        assert isinstance(param, (bool, int, float))
        param = float(param)
    gains = {"sigmoid": 1, "linear": 1, "conv1d": 1, "conv2d": 1, "conv3d": 1,
             "conv1d_transpose": 1, "conv_transpose1d": 1, "conv2d_transpose": 1,
             "conv_transpose2d": 1, "conv3d_transpose": 1, "conv_transpose3d": 1,
             "tanh": 5.0 / 3, "relu": math.sqrt(2.0),
             "leaky_relu": math.sqrt(2.0 / (1 + param ** 2)), "selu": 3.0 / 4}
    if nonlinearity in gains:
        return gains[nonlinearity]
    raise ValueError(f"nonlinearity function {nonlinearity} is not supported now.")


class Initializer:
    """Base class: `init(param, block=None)` fills `param` in place and returns None (dynamic mode)."""

    def __call__(self, param, block=None):
        return self.forward(param, block)

    def forward(self, param, block=None):
        raw = param._t
        with torch.no_grad():
            value = self._generate(list(raw.shape), raw.dtype, raw.device)
            if tuple(value.shape) != tuple(raw.shape):
                # Assign with another shape: Paddle's assign_value_ reshapes the parameter.
                param._t = value.to(device=raw.device, dtype=raw.dtype).requires_grad_(raw.requires_grad)
            else:
                raw.copy_(value)
        return None

    def _generate(self, shape, tdtype, device):
        raise NotImplementedError

    _compute_fans = staticmethod(_compute_fans)


class Constant(Initializer):
    """paddle.nn.initializer.Constant(value=0.0)."""

    def __init__(self, value=0.0):
        if value is None:
            raise ValueError("value must not be none.")
        self._value = value
        self._force_cpu = False

    def _generate(self, shape, tdtype, device):
        return torch.full(shape, float(self._value), dtype=tdtype, device=device)


class Uniform(Initializer):
    """paddle.nn.initializer.Uniform(low=-1.0, high=1.0, name=None)."""

    def __init__(self, low=-1.0, high=1.0, name=None):
        assert low is not None, "low should not be None"
        assert high is not None, "high should not be None"
        assert high >= low, "high should greater or equal than low"
        self._low, self._high, self._seed = low, high, 0

    def _generate(self, shape, tdtype, device):
        # Paddle draws float16 in float32 and casts.
        work = torch.float32 if tdtype in _LOW_PRECISION else tdtype
        return _draw_uniform(shape, self._low, self._high, work, device).to(tdtype)


class Normal(Initializer):
    """paddle.nn.initializer.Normal(mean=0.0, std=1.0, name=None)."""

    def __init__(self, mean=0.0, std=1.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        self._mean, self._std_dev, self._seed = mean, std, 0

    def _generate(self, shape, tdtype, device):
        work = torch.float32 if tdtype in _LOW_PRECISION else tdtype
        return _draw_normal(shape, self._mean, self._std_dev, work, device).to(tdtype)


class TruncatedNormal(Initializer):
    """paddle.nn.initializer.TruncatedNormal(mean=0.0, std=1.0, a=-2.0, b=2.0, name=None).

    Differences from Paddle: values may differ from Paddle's in the last float32 bit (see
    `_draw_truncated`); the uniform stream consumed is Paddle's.
    """

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        assert a is not None, "a should not be None"
        assert b is not None, "b should not be None"
        self._mean, self._std_dev, self._a, self._b, self._seed = mean, std, a, b, 0

    def _generate(self, shape, tdtype, device):
        work = torch.float32 if tdtype in _LOW_PRECISION else tdtype
        out = _draw_truncated(shape, self._mean, self._std_dev, self._a, self._b, work, device)
        return out.to(tdtype)


class _Xavier(Initializer):
    def __init__(self, uniform, fan_in=None, fan_out=None, gain=1.0):
        self._uniform, self._fan_in, self._fan_out, self._gain = uniform, fan_in, fan_out, gain
        self._seed = 0

    def _scale(self, shape):
        """The uniform variant's limit or the normal variant's std for a parameter of `shape`
        (0 when a fan is 0, as Paddle); static mode records it as the op's attributes."""
        f_in, f_out = _compute_fans(list(shape))
        fan_in = f_in if self._fan_in is None else self._fan_in
        fan_out = f_out if self._fan_out is None else self._fan_out
        if 0 in (fan_in, fan_out):
            return 0.0
        return self._gain * math.sqrt((6.0 if self._uniform else 2.0) / float(fan_in + fan_out))

    def _generate(self, shape, tdtype, device):
        # Paddle: float16 always drawn as float32; bfloat16 too for the normal variant.
        work = tdtype
        if tdtype == torch.float16 or (tdtype == torch.bfloat16 and not self._uniform):
            work = torch.float32
        scale = self._scale(shape)
        if self._uniform:
            out = _draw_uniform(shape, -scale, scale, work, device)
        else:
            out = _draw_normal(shape, 0.0, scale, work, device)
        return out.to(tdtype)


class XavierNormal(_Xavier):
    """paddle.nn.initializer.XavierNormal(fan_in=None, fan_out=None, gain=1.0, name=None):
    N(0, gain * sqrt(2 / (fan_in + fan_out)))."""

    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        super().__init__(False, fan_in, fan_out, gain)


class XavierUniform(_Xavier):
    """paddle.nn.initializer.XavierUniform(fan_in=None, fan_out=None, gain=1.0, name=None):
    U(-limit, limit) with limit = gain * sqrt(6 / (fan_in + fan_out)). Paddle's default weight init."""

    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        super().__init__(True, fan_in, fan_out, gain)


class _Kaiming(Initializer):
    def __init__(self, uniform, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        if mode not in ("fan_in", "fan_out"):
            raise ValueError("The mode of KaimingNormal/KaimingUniform should be 'fan_in' or "
                             f"'fan_out', but received {mode}.")
        if mode == "fan_out" and fan_in is not None:
            raise ValueError("The mode of KaimingNormal/KaimingUniform is 'fan_out', but fan_in is "
                             "set. Please set fan_in to None.")
        self._uniform, self._fan_in, self._negative_slope = uniform, fan_in, negative_slope
        self._nonlinearity, self._mode, self._seed = nonlinearity, mode, 0

    def _generate(self, shape, tdtype, device):
        f_in, f_out = _compute_fans(shape)
        fan_in = (f_in if self._fan_in is None else self._fan_in) if self._mode == "fan_in" else f_out
        work = tdtype
        if tdtype == torch.float16 or (tdtype == torch.bfloat16 and not self._uniform):
            work = torch.float32
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        if self._uniform:
            limit = gain * math.sqrt(3.0 / float(fan_in))
            out = _draw_uniform(shape, -limit, limit, work, device)
        else:
            out = _draw_normal(shape, 0.0, gain / math.sqrt(float(fan_in)), work, device)
        return out.to(tdtype)


class KaimingNormal(_Kaiming):
    """paddle.nn.initializer.KaimingNormal(fan_in=None, negative_slope=0.0, nonlinearity='relu',
    mode='fan_in'): N(0, gain / sqrt(fan_in))."""

    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        super().__init__(False, fan_in, negative_slope, nonlinearity, mode)


class KaimingUniform(_Kaiming):
    """paddle.nn.initializer.KaimingUniform(fan_in=None, negative_slope=0.0, nonlinearity='relu',
    mode='fan_in'): U(-limit, limit), limit = gain * sqrt(3 / fan_in)."""

    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        super().__init__(True, fan_in, negative_slope, nonlinearity, mode)


class NumpyArrayInitializer(Initializer):
    """Fill from a numpy array (the parameter takes the array's shape, as Paddle's assign_value_)."""

    def __init__(self, value):
        assert isinstance(value, np.ndarray), (
            f"The type of 'value' in Assign must be numpy.ndarray, list, tuple or Tensor, but "
            f"received {type(value)}.")
        self._value = value

    def _generate(self, shape, tdtype, device):
        value = self._value
        if tdtype in _LOW_PRECISION:
            value = value.astype("float32")
        return torch.as_tensor(np.array(value), device=device).to(tdtype)


class Assign(NumpyArrayInitializer):
    """paddle.nn.initializer.Assign(value, name=None): value is a numpy array, list, tuple or Tensor.

    Differences from Paddle: a bad `value` type raises AssertionError, as Paddle's dynamic mode does,
    but with a message naming the argument.
    """

    def __init__(self, value, name=None):
        if isinstance(value, (list, tuple)):
            value = np.array(value)
        if isinstance(value, Tensor):
            value = value.numpy()
        super().__init__(value)


_global = {"weight": None, "bias": None}


def set_global_initializer(weight_init, bias_init=None):
    """paddle.nn.initializer.set_global_initializer(weight_init, bias_init=None): the initializers
    every later-created parameter uses when its ParamAttr names none (None resets)."""
    if weight_init is not None and not isinstance(weight_init, Initializer):
        raise TypeError(f"The type of 'weight_init' in set_global_initializer must be Initializer, "
                        f"but received {type(weight_init)}.")
    if bias_init is not None and not isinstance(bias_init, Initializer):
        raise TypeError(f"The type of 'bias_init' in set_global_initializer must be Initializer, "
                        f"but received {type(bias_init)}.")
    _global["weight"], _global["bias"] = weight_init, bias_init


def global_initializer(is_bias):
    return _global["bias" if is_bias else "weight"]


class Orthogonal(Initializer):
    """paddle.nn.initializer.Orthogonal(gain=1.0): a (semi-)orthogonal matrix from the QR
    decomposition of a standard normal [max(rows, cols), min(rows, cols)] draw (rows = shape[0],
    cols = the product of the rest), Q's columns sign-fixed by diag(R), transposed when rows < cols,
    times gain. The normal draw is Paddle's (same generator, same call), so seeded values match.
    Differences from Paddle: QR is torch's (LAPACK); values agree to float rounding."""

    def __init__(self, gain=1.0, name=None):
        assert gain is not None, "gain should not be None"
        self._gain = gain

    def _generate(self, shape, tdtype, device):
        assert len(shape) >= 2, "Only Tensor with 2 or more dimensions can be initialized by Orthogonal"
        row, col = shape[0], int(np.prod(shape[1:]))
        normal = _draw_normal([max(row, col), min(row, col)], 0.0, 1.0, tdtype, device).to(tdtype)
        q, r = torch.linalg.qr(normal, mode="reduced")
        q = q * torch.sign(torch.diagonal(r))
        if row < col:
            q = q.t()
        return q.reshape(shape) * self._gain


class Dirac(Initializer):
    """paddle.nn.initializer.Dirac(groups=1): a convolution kernel [out, in, *k] (3-, 4- or 5-D)
    that passes its input through: 1 at [g * out/groups + j, j, centre] for j < min(out/groups, in).
    Differences from Paddle: none known."""

    def __init__(self, groups=1, name=None):
        assert groups > 0 and isinstance(groups, int), " 'groups' must be a positive integer. "
        self._groups = groups

    def _generate(self, shape, tdtype, device):
        assert len(shape) in [3, 4, 5], "Only Tensor with 3/4/5 dimensions can be initialized by Dirac"
        assert shape[0] % self._groups == 0, "Tensor 0-dimension must be divisible by groups"
        out = torch.zeros(shape, dtype=torch.float32)
        per_group = shape[0] // self._groups
        centre = tuple(d // 2 for d in shape[2:])
        for i in range(self._groups):
            for j in range(min(per_group, shape[1])):
                out[(j + i * per_group, j) + centre] = 1.0
        return out.to(dtype=tdtype, device=device)


class Bilinear(Initializer):
    """paddle.nn.initializer.Bilinear(): the bilinear-upsampling kernel for a transposed
    convolution weight [C_out, C_in, K, K], computed by Paddle's formula (which takes the row index
    as a float quotient, (i / K) % K, so the rows are not integer steps; reproduced as is).
    Differences from Paddle: none known."""

    def __init__(self):
        pass

    def _generate(self, shape, tdtype, device):
        if len(shape) != 4:
            raise ValueError("the length of shape must be 4.")
        if shape[2] != shape[3]:
            raise ValueError("shape[2] must be equal to shape[3].")
        size = shape[3]
        f = np.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        i = np.arange(int(np.prod(shape)), dtype=np.float64)
        x = i % size
        y = (i / size) % size
        weight = ((1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))).astype("float32")
        return torch.from_numpy(weight.reshape(shape)).to(dtype=tdtype, device=device)
