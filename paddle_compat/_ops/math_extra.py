"""More of Paddle 3.3.1's elementwise and small reduction ops: atan2, the inverse hyperbolic
functions, lgamma/digamma/erfinv, logit, Bessel i0/i1, gcd/lcm, shifts, hypot, logaddexp,
heaviside, copysign, nan_to_num, diff, trace, diagonal, kron, inner, mv, addmm, cummax/cummin,
logcumsumexp, quantile, mode, kthvalue, numel/rank/shape and the dtype predicates.

Dtype rules were read from the oracle (Paddle 3.3.1): integer inputs of transcendental functions give
float32 (atan2 gives float64), `frac`, `diff`, `sgn`, `positive`/`negative` keep the dtype.
Each op is one registry record, so static mode records it too.
"""
import builtins

import torch

from .._tensor import Tensor
from .._tensor_methods import METHODS, attach
from .math import _out
from .registry import apply_op, defop

_UNARY_NAMES = ["acosh", "asinh", "atanh", "erfinv", "lgamma", "digamma", "deg2rad", "rad2deg",
                "i0", "i0e", "i1", "i1e", "sinc", "frac", "sgn", "signbit", "positive",
                "negative", "conj", "angle", "real", "imag", "logit", "isneginf", "isposinf",
                "isreal", "gammaln"]
__all__ = _UNARY_NAMES + [
    "atan2", "gcd", "lcm", "bitwise_left_shift", "bitwise_right_shift", "hypot", "logaddexp",
    "heaviside", "copysign", "nextafter", "ldexp", "nan_to_num", "diff", "trace", "diagonal",
    "kron", "inner", "mv", "addmm", "cummax", "cummin", "logcumsumexp", "quantile", "nanquantile",
    "mode", "kthvalue", "numel", "rank", "shape", "is_complex", "is_floating_point",
    "is_integer", "polygamma"]


def _float(x):
    # Paddle autocasts integer inputs of transcendental functions to float32.
    return x if (x.is_floating_point() or x.is_complex()) else x.to(torch.float32)


def _floatk(fn):
    return lambda x: fn(_float(x))


def _real_only(name, fn):
    def kernel(x):
        if not x.is_complex():
            raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                               f"{str(x.dtype).replace('torch.', '')}) of kernel `{name}` is not "
                               f"registered. Selected wrong DataType `"
                               f"{str(x.dtype).replace('torch.', '')}`. Paddle support following "
                               f"DataTypes: complex128, complex64.")
        return fn(x)
    return kernel


def _frac(x):
    return x - torch.trunc(x) if x.is_floating_point() else torch.zeros_like(x)


def _angle(x):
    if not (x.is_floating_point() or x.is_complex()):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{str(x.dtype).replace('torch.', '')}) of kernel `angle` is not "
                           f"registered.")
    return torch.angle(x)


def _sgn(x):
    # torch.sgn's gradient for a real input is a ZeroTensor, which cannot be read back as an
    # array: torch.sign gives the same values with an ordinary zero gradient (Paddle's).
    return torch.sgn(x) if x.is_complex() else torch.sign(x)


def _logit(x, eps=None):
    x = _float(x)
    if eps is not None:
        x = x.clamp(eps, 1 - eps)
    return torch.log(x / (1 - x))


_UNARY = {
    # name: (legacy op type, kernel)
    "acosh": ("acosh", _floatk(torch.acosh)), "asinh": ("asinh", _floatk(torch.asinh)),
    "atanh": ("atanh", _floatk(torch.atanh)), "erfinv": ("erfinv", _floatk(torch.erfinv)),
    "lgamma": ("lgamma", _floatk(torch.lgamma)), "digamma": ("digamma", _floatk(torch.digamma)),
    "gammaln": ("gammaln", _floatk(torch.lgamma)),
    "deg2rad": ("deg2rad", _floatk(torch.deg2rad)), "rad2deg": ("rad2deg", _floatk(torch.rad2deg)),
    "i0": ("i0", _floatk(torch.i0)), "i0e": ("i0e", _floatk(torch.special.i0e)),
    "i1": ("i1", _floatk(torch.special.i1)), "i1e": ("i1e", _floatk(torch.special.i1e)),
    "sinc": ("sinc", _floatk(torch.sinc)), "frac": ("frac", _frac),
    "sgn": ("sgn", _sgn), "signbit": ("signbit", torch.signbit),
    "positive": ("positive", lambda x: x.clone()), "negative": ("negative", torch.neg),
    "conj": ("conj", lambda x: torch.conj_physical(x) if x.is_complex() else x.clone()),
    "angle": ("angle", _angle),
    "real": ("real", _real_only("real", lambda x: torch.real(x).clone())),
    "imag": ("imag", _real_only("imag", lambda x: torch.imag(x).clone())),
    "isneginf": ("isneginf", torch.isneginf), "isposinf": ("isposinf", torch.isposinf),
    "isreal": ("isreal", torch.isreal),
}
_UNARY_OPS = {n: defop(t, k, api=f"paddle.{n}") for n, (t, k) in _UNARY.items()}


_WITH_OUT = {"acosh", "atanh", "frac"}     # Paddle 3.3.1 gives these a keyword-only `out`


def _make_unary(name):
    op = _UNARY_OPS[name]

    if name in _WITH_OUT:
        def fn(x, name=None, *, out=None):
            return _out(apply_op(op, (x,)), out)
    else:
        def fn(x, name=None):
            return apply_op(op, (x,))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"paddle.{name}(x, name=None): elementwise {name} (op {op.type})."
    return fn


for _n in _UNARY_NAMES:
    if _n != "logit":
        globals()[_n] = _make_unary(_n)

_SGN_TYPES = ("float16", "float32", "float64", "complex64", "complex128")


def sgn(x, name=None):
    """paddle.sgn(x): sign of a real tensor, x / |x| of a complex one (0 at 0).

    Integer and bool inputs raise TypeError, as in Paddle."""
    if getattr(x, "dtype", None) is not None and x.dtype.short not in _SGN_TYPES:
        raise TypeError(f"The data type of input must be one of {list(_SGN_TYPES)}, but got "
                        f"{x.dtype}")
    return apply_op(_UNARY_OPS["sgn"], (x,))

_LOGIT = defop("logit", _logit, attrs={"eps": None}, api="paddle.logit")


def logit(x, eps=None, name=None):
    """paddle.logit(x, eps=None): log(x / (1 - x)), x clipped to [eps, 1 - eps] when eps is given."""
    return apply_op(_LOGIT, (x,), {"eps": eps})


def polygamma(x, n, name=None):
    """paddle.polygamma(x, n): the n-th derivative of digamma (n >= 0, else Paddle's ValueError)."""
    if n < 0:
        raise ValueError(f"The input of n must be greater than or equal to 0. But received n = {n}")
    return apply_op(_POLYGAMMA, (x,), {"n": n})


_POLYGAMMA = defop("polygamma", lambda x, n=0: torch.polygamma(n, _float(x)), attrs={"n": 0},
                   api="paddle.polygamma")


# ---- binary ----------------------------------------------------------------------------------
def _atan2(x, y):
    if not (x.is_floating_point() or x.is_complex()):
        x = x.to(torch.float64)     # Paddle's atan2 computes integer inputs in float64
    if not (y.is_floating_point() or y.is_complex()):
        y = y.to(x.dtype)
    return torch.atan2(x, y)


class _Heaviside(torch.autograd.Function):
    # torch.heaviside has no derivative; Paddle's elementwise_heaviside_grad is dx = 0 and
    # dy = dout where x == 0 (reduced to y's shape when y was broadcast).
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return torch.heaviside(x, y)

    @staticmethod
    def backward(ctx, dout):
        x, y = ctx.saved_tensors
        dx = torch.zeros_like(x) if ctx.needs_input_grad[0] else None
        dy = None
        if ctx.needs_input_grad[1]:
            dy = _sum_to(torch.where(x == 0, dout, torch.zeros_like(dout)), y.shape)
        return dx, dy


def _sum_to(g, shape):
    """Reduce a broadcast gradient to `shape`."""
    while g.dim() > len(shape):
        g = g.sum(0)
    for i, n in enumerate(shape):
        if n == 1 and g.shape[i] != 1:
            g = g.sum(i, keepdim=True)
    return g


def _heaviside(x, y):
    if x.is_floating_point() and (x.requires_grad or y.requires_grad):
        return _Heaviside.apply(x, y)
    return torch.heaviside(x, y)


def _copysign(x, y):
    # Paddle keeps an integer x's dtype (|x| with y's sign), torch would give float32
    out = torch.copysign(_float(x), _float(y))
    return out if (x.is_floating_point() or x.is_complex()) else out.to(x.dtype)


def _ldexp(x, y):
    # x * 2**y in the promoted float dtype (float32 x, float64 y -> float64, as in Paddle)
    x = _float(x)
    dtype = torch.promote_types(x.dtype, y.dtype) if y.is_floating_point() else x.dtype
    return x.to(dtype) * torch.pow(2.0, y.to(dtype))


def _both_float(fn):
    return lambda x, y: fn(_float(x), _float(y))


_BINARY = {
    "atan2": ("atan2", _atan2), "gcd": ("gcd", torch.gcd), "lcm": ("lcm", torch.lcm),
    "hypot": ("hypot", _both_float(torch.hypot)),
    "logaddexp": ("logaddexp", _both_float(torch.logaddexp)),
    "heaviside": ("elementwise_heaviside", _heaviside),
    "copysign": ("copysign", _copysign),
    "nextafter": ("nextafter", torch.nextafter),
    "ldexp": ("ldexp", _ldexp),
}
_BINARY_OPS = {n: defop(t, k, inputs=("X", "Y"), api=f"paddle.{n}") for n, (t, k) in _BINARY.items()}


def _make_binary(name):
    op = _BINARY_OPS[name]

    def fn(x, y, name=None):
        if name_ == "copysign" and not isinstance(y, Tensor):
            from .creation import full
            y = full([], y, x.dtype if x.dtype.is_floating_point else "float32")
        return apply_op(op, (x, y))
    name_ = name
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"paddle.{name}(x, y, name=None): elementwise {name} (op {op.type})."
    return fn


for _n in _BINARY:
    globals()[_n] = _make_binary(_n)


def _shift(x, y, is_arithmetic=True, left=True):
    if left:
        return torch.bitwise_left_shift(x, y)
    if is_arithmetic:
        return torch.bitwise_right_shift(x, y)
    bits = torch.iinfo(x.dtype).bits
    mask = (1 << (bits - y.to(torch.int64))) - 1
    return torch.bitwise_right_shift(x, y) & mask.to(x.dtype)


_LSHIFT = defop("bitwise_left_shift", lambda x, y, is_arithmetic=True: _shift(x, y, is_arithmetic),
                inputs=("X", "Y"), attrs={"is_arithmetic": True}, api="paddle.bitwise_left_shift")
_RSHIFT = defop("bitwise_right_shift",
                lambda x, y, is_arithmetic=True: _shift(x, y, is_arithmetic, left=False),
                inputs=("X", "Y"), attrs={"is_arithmetic": True},
                api="paddle.bitwise_right_shift")


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """paddle.bitwise_left_shift(x, y, is_arithmetic=True, out=None): x << y.

    `out` is accepted and left untouched, as Paddle 3.3.1 does."""
    return apply_op(_LSHIFT, (x, y), {"is_arithmetic": is_arithmetic})


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """paddle.bitwise_right_shift(x, y, is_arithmetic=True, out=None): x >> y (logical when
    is_arithmetic=False). `out` is accepted and left untouched, as Paddle 3.3.1 does."""
    return apply_op(_RSHIFT, (x, y), {"is_arithmetic": is_arithmetic})


# ---- ops with attributes -----------------------------------------------------------------------
def _nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    return torch.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


_NAN_TO_NUM = defop("nan_to_num", _nan_to_num, attrs={"nan": 0.0, "posinf": None, "neginf": None},
                    api="paddle.nan_to_num")


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    """paddle.nan_to_num(x, nan=0.0, posinf=None, neginf=None): replace NaN and infinities (by
    the dtype's largest/smallest finite values when posinf/neginf are None)."""
    return apply_op(_NAN_TO_NUM, (x,), {"nan": nan, "posinf": posinf, "neginf": neginf})


def _diff(x, prepend=None, append=None, n=1, axis=-1):
    return torch.diff(x, n=n, dim=axis, prepend=prepend, append=append)


_DIFF = defop("diff", _diff, inputs=("X", "Prepend", "Append"), attrs={"n": 1, "axis": -1},
              api="paddle.diff")


def diff(x, n=1, axis=-1, prepend=None, append=None, name=None, *, out=None):
    """paddle.diff(x, n=1, axis=-1, prepend=None, append=None): n-th forward difference."""
    return _out(apply_op(_DIFF, (x, prepend, append), {"n": n, "axis": axis}), out)


_TRACE = defop("trace", lambda x, offset=0, axis1=0, axis2=1:
               torch.diagonal(x, offset, axis1, axis2).sum(-1),
               inputs=("Input",), attrs={"offset": 0, "axis1": 0, "axis2": 1}, api="paddle.trace")
_DIAGONAL = defop("diagonal", lambda x, offset=0, axis1=0, axis2=1:
                  torch.diagonal(x, offset, axis1, axis2).clone(),
                  inputs=("Input",), attrs={"offset": 0, "axis1": 0, "axis2": 1},
                  api="paddle.diagonal")


def trace(x, offset=0, axis1=0, axis2=1, name=None):
    """paddle.trace(x, offset=0, axis1=0, axis2=1): sum of the (offset) diagonal."""
    return apply_op(_TRACE, (x,), {"offset": offset, "axis1": axis1, "axis2": axis2})


def diagonal(x, offset=0, axis1=0, axis2=1, name=None):
    """paddle.diagonal(x, offset=0, axis1=0, axis2=1): the diagonal along axis1/axis2 (last)."""
    return apply_op(_DIAGONAL, (x,), {"offset": offset, "axis1": axis1, "axis2": axis2})


_KRON = defop("kron", torch.kron, inputs=("X", "Y"), api="paddle.kron")
_INNER = defop("inner", torch.inner, inputs=("X", "Y"), api="paddle.inner")
_MV = defop("mv", torch.mv, inputs=("X", "Vec"), api="paddle.mv")
_ADDMM = defop("addmm", lambda i, x, y, Alpha=1.0, Beta=1.0: torch.addmm(i, x, y, beta=Beta,
                                                                        alpha=Alpha),
               inputs=("Input", "X", "Y"), attrs={"Alpha": 1.0, "Beta": 1.0}, api="paddle.addmm")


def kron(x, y, name=None):
    """paddle.kron(x, y): Kronecker product."""
    return apply_op(_KRON, (x, y))


def inner(x, y, name=None):
    """paddle.inner(x, y): sum-product over the last axes."""
    return apply_op(_INNER, (x, y))


def mv(x, vec, name=None):
    """paddle.mv(x, vec): matrix-vector product (shapes checked with Paddle's message)."""
    if len(x.shape) == 2 and len(vec.shape) == 1 and x.shape[1] != vec.shape[0]:
        raise ValueError(f"(InvalidArgument) X's second dimension is expected to be equal to Vec's "
                         f"first dimension, but received X'shape = {list(x.shape)}, Vec's shape = "
                         f"{list(vec.shape)}")
    return apply_op(_MV, (x, vec))


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):
    """paddle.addmm(input, x, y, beta=1.0, alpha=1.0): beta * input + alpha * (x @ y).

    Shapes are checked first, with Paddle's ValueError messages."""
    _check_addmm(input.shape, x.shape, y.shape)
    return apply_op(_ADDMM, (input, x, y), {"Alpha": float(alpha), "Beta": float(beta)})


def _check_addmm(input_shape, x_shape, y_shape):
    # Paddle 3.3.1's python/paddle/tensor/math.py addmm checks, in its order and words
    if not len(x_shape) == len(y_shape) == 2:
        raise ValueError(f"The dimension of x, y should be 2 but receive x's shape: {x_shape}, "
                         f"y's shape: {y_shape}")
    if x_shape[1] != y_shape[0]:
        raise ValueError(f"The input Variable x's width must be equal with Variable y' height. "
                         f"But received x's shape = {x_shape}, y's shape = {y_shape}.")
    dim1 = ("When y's dimension[1] is not equal with input's dimension[1], input's dimension[1] "
            "must be 1 but got {}")
    if len(input_shape) == 2:
        if input_shape[0] != x_shape[0]:
            if input_shape[0] != 1:
                raise ValueError(f"When x's dimension[0] is not equal with input's dimension[0], "
                                 f"input's dimension[0] must be 1 but got {input_shape[0]}")
            if input_shape[1] != y_shape[1] and input_shape[1] != 1:
                raise ValueError(dim1.format(input_shape[1]))
        if input_shape[1] != y_shape[1] and input_shape[1] != 1:
            raise ValueError(dim1.format(input_shape[1]))
    elif len(input_shape) == 1:
        if input_shape[0] not in (y_shape[1], 1):
            raise ValueError(f"The input's shape: {input_shape} is not broadcastable with "
                             f"[x.shape[0], y.shape[1]]: [{x_shape[0]},{y_shape[1]}]")
    else:
        raise ValueError(f"The dimension of input should be 2 or 1 but receive input's shape: "
                         f"{input_shape}")


def _cum_extreme(fn):
    def kernel(x, axis=-1, dtype="int64"):
        values, indices = fn(x, axis)
        return values, indices.to(getattr(torch, dtype))
    return kernel


_CUMMAX = defop("cummax", _cum_extreme(torch.cummax), outputs=("out", "indices"),
                attrs={"axis": -1, "dtype": "int64"}, api="paddle.cummax")
_CUMMIN = defop("cummin", _cum_extreme(torch.cummin), outputs=("out", "indices"),
                attrs={"axis": -1, "dtype": "int64"}, api="paddle.cummin")


def _cum_call(op, x, axis, dtype):
    if axis is None:
        from .manipulation import flatten
        x, axis = flatten(x), 0
    dtype = dtype if isinstance(dtype, str) else str(dtype).replace("paddle.", "")
    return apply_op(op, (x,), {"axis": axis, "dtype": dtype})


def cummax(x, axis=None, dtype="int64", name=None):
    """paddle.cummax(x, axis=None, dtype='int64'): running maximum and its indices."""
    return _cum_call(_CUMMAX, x, axis, dtype)


def cummin(x, axis=None, dtype="int64", name=None):
    """paddle.cummin(x, axis=None, dtype='int64'): running minimum and its indices."""
    return _cum_call(_CUMMIN, x, axis, dtype)


def _logcumsumexp(x, axis=-1, flatten=False):
    x = _float(x)
    return torch.logcumsumexp(x.reshape(-1) if flatten else x, 0 if flatten else axis)


_LOGCUMSUMEXP = defop("logcumsumexp", _logcumsumexp, attrs={"axis": -1, "flatten": False},
                      api="paddle.logcumsumexp")


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """paddle.logcumsumexp(x, axis=None, dtype=None): log of the running sum of exp (flattened
    when axis is None)."""
    if dtype is not None:
        from .math import cast
        x = cast(x, dtype)
    return apply_op(_LOGCUMSUMEXP, (x,), {"axis": -1 if axis is None else axis,
                                          "flatten": axis is None})


def _quantile(x, q=(), axis=None, keepdim=False, interpolation="linear", ignore_nan=False):
    qt = torch.tensor(q, dtype=x.dtype, device=x.device)
    fn = torch.nanquantile if ignore_nan else torch.quantile
    if axis is None:
        out = fn(x.reshape(-1), qt, dim=0, keepdim=False, interpolation=interpolation)
        if keepdim:
            out = out.reshape(out.shape[:1] + (1,) * x.dim())
    elif isinstance(axis, (list, tuple)):
        axes = sorted(a % x.dim() for a in axis)
        rest = [d for d in range(x.dim()) if d not in axes]
        moved = x.permute(rest + axes).reshape([x.shape[d] for d in rest] + [-1])
        out = fn(moved, qt, dim=-1, interpolation=interpolation)
        if keepdim:
            shape = list(x.shape)
            for a in axes:
                shape[a] = 1
            out = out.reshape([len(q)] + shape)
    else:
        out = fn(x, qt, dim=axis, keepdim=keepdim, interpolation=interpolation)
    return out


_QUANTILE = defop("quantile", _quantile, attrs={"q": [], "axis": None, "keepdim": False,
                                                  "interpolation": "linear", "ignore_nan": False},
                  api="paddle.quantile")


_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile_call(x, q, axis, keepdim, interpolation, ignore_nan):
    # Paddle's _compute_quantile: checks in its order; one quantile (a number, or a list / tensor
    # of one) gives the unstacked result, several are stacked on a new axis 0.
    if isinstance(q, (int, float)):
        qs = [float(q)]
    elif isinstance(q, (list, tuple)):
        if len(q) <= 0:
            raise ValueError("q should not be empty")
        qs = [float(v) for v in q]
    elif isinstance(q, Tensor):
        if q.ndim > 1:
            raise ValueError("q should be a 0-D tensor or a 1-D tensor")
        qs = [float(v) for v in q.numpy().reshape(-1)]
    else:
        raise TypeError("Type of q should be int, float, list or tuple, or tensor")
    for v in qs:
        if v < 0 or v > 1:
            raise ValueError("q should be in range [0, 1]")
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"interpolation must be one of 'linear', 'lower', 'higher', 'nearest' or "
                         f"'midpoint', but got {interpolation}")
    nd = x.ndim
    for a in (axis if isinstance(axis, list) else [] if axis is None else [axis]):
        if not isinstance(a, int) or not -nd <= a < nd:
            raise ValueError("Axis should be None, int, or a list, element should in range "
                             "[-rank(x), rank(x)).")
    out = apply_op(_QUANTILE, (x,), {"q": qs, "axis": axis, "keepdim": keepdim,
                                     "interpolation": interpolation, "ignore_nan": ignore_nan})
    return out[0] if len(qs) == 1 else out


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """paddle.quantile(x, q, axis=None, keepdim=False, interpolation='linear')."""
    return _out(_quantile_call(x, q, axis, keepdim, interpolation, False), out)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None):
    """paddle.nanquantile(x, q, axis=None, keepdim=False, interpolation='linear'): NaNs ignored."""
    return _quantile_call(x, q, axis, keepdim, interpolation, True)


_MODE = defop("mode", lambda x, axis=-1, keepdim=False: tuple(torch.mode(x, axis, keepdim)),
              outputs=("Out", "Indices"), attrs={"axis": -1, "keepdim": False},
              api="paddle.mode")
def _kthvalue(x, k=1, axis=-1, keepdim=False):
    # Paddle picks the k-th of a stable sort, so among equal values the later index wins where
    # torch.kthvalue may report another one.
    values, indices = torch.sort(x, dim=axis, stable=True)
    values, indices = values.narrow(axis, k - 1, 1), indices.narrow(axis, k - 1, 1)
    if not keepdim:
        values, indices = values.squeeze(axis), indices.squeeze(axis)
    return values, indices


_KTH = defop("kthvalue", _kthvalue, outputs=("Out", "Indices"),
             attrs={"k": 1, "axis": -1, "keepdim": False}, api="paddle.kthvalue")


def mode(x, axis=-1, keepdim=False, name=None):
    """paddle.mode(x, axis=-1, keepdim=False): most frequent value and its index.

    Differences from Paddle: for ties torch may report another index of the same value."""
    return apply_op(_MODE, (x,), {"axis": axis, "keepdim": keepdim})


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """paddle.kthvalue(x, k, axis=None, keepdim=False): k-th smallest value and its index."""
    ax = -1 if axis is None else axis
    if k < 1:
        raise ValueError(f"(InvalidArgument) the k in the kthvalue must >= 1, but received {k} .")
    if x.ndim and k > x.shape[ax]:
        raise ValueError(f"(InvalidArgument) input of kthvalue must have >= {k} columns in axis "
                         f"of {ax % x.ndim}")
    return apply_op(_KTH, (x,), {"k": k, "axis": -1 if axis is None else axis,
                                 "keepdim": keepdim})


# ---- metadata ops ------------------------------------------------------------------------------
_SIZE = defop("size", lambda x: torch.tensor(x.numel(), dtype=torch.int64, device=x.device),
              inputs=("Input",), api="paddle.numel")
_SHAPE = defop("shape", lambda x: torch.tensor(list(x.shape), dtype=torch.int64,
                                               device=x.device),
               inputs=("Input",), api="paddle.shape")


def numel(x, name=None):
    """paddle.numel(x): the element count as an int64 0-D tensor."""
    return apply_op(_SIZE, (x,))


def shape(input):
    """paddle.shape(input): the shape as a 1-D int64 tensor."""
    return apply_op(_SHAPE, (input,))


def rank(input):
    """paddle.rank(input): the number of dimensions as an int32 0-D tensor."""
    from .creation import full
    return full([], input.ndim, "int32")


def _check_tensor(x):
    if not hasattr(x, "dtype") or isinstance(x, type):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")


def is_complex(x):
    """paddle.is_complex(x): whether x has a complex dtype."""
    _check_tensor(x)
    return builtins.bool(x.dtype.is_complex)


def is_floating_point(x):
    """paddle.is_floating_point(x): whether x has a floating dtype."""
    _check_tensor(x)
    return builtins.bool(x.dtype.is_floating_point)


def is_integer(x):
    """paddle.is_integer(x): whether x has an integer dtype (bool is not)."""
    _check_tensor(x)
    d = x.dtype
    return not (d.is_floating_point or d.is_complex or d.short == "bool")


_NOT_METHODS = {"positive", "ger", "searchsorted"}


def _attach():
    table = {n: globals()[n] for n in __all__ if n not in ("shape", "numel", "rank")}
    table["rank"] = rank
    # only the methods Paddle's Tensor has (it has no x.positive(), x.ger(), x.searchsorted())
    attach({k: v for k, v in table.items() if k not in METHODS and k not in _NOT_METHODS})


_attach()
