"""Math ops (Paddle: tensor/math.py): elementwise arithmetic and functions (paddle.add ...
paddle.erf, clip, scale, lerp, cumsum, the special functions, gcd/lcm, shifts, nan_to_num, diff,
trace, diagonal, kron, inner, addmm, cummax/cummin, logcumsumexp), the plain reductions (sum, max,
min, amax, amin, prod, nansum, nanmean, count_nonzero, all, any, with the reduce machinery stat.py
shares), the aliases (clamp, mul, sub, div, true_divide, isin, ger, take), in-place variants and
the arithmetic Tensor operators (`x + y`, `2 ** x`, ...).

Exceptions: cast (Paddle: tensor/manipulation.py) is here, as every other op module needs it;
real and imag (tensor/attribute.py) are entries of the unary table.

Dtype rules (Paddle 3.3.1, recorded in conformance/goldens/ops_math.json):
* two Tensors of different dtypes combine only when both are floating (float32+float64 -> float64)
  or one is complex; int32+int64, int+float, bool+int raise Paddle's TypeError "Type promotion only
  support calculations between floating-point numbers and between complex and real numbers. ...".
* a Python scalar never widens the tensor: int32+1 -> int32, float16+1.5 -> float16; a float
  scalar turns an int/bool tensor into float32; an int scalar turns a bool tensor into int64. These
  are torch's tensor-scalar rules too, so the dynamic fast path hands the scalar straight to torch.
* public functions (`paddle.add(x, 1)`) need Tensors; only the operators accept scalars.
* int inputs of transcendental functions (exp, sqrt, sigmoid, ...) give float32.

Differences from Paddle: the torch-compatible keyword-only extras of 3.3.1 (`out=`, `alpha=`) are
accepted where listed; integer division by zero gives torch's result instead of Paddle's error.
"""
import builtins
import operator

import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import from_torch_dtype, to_dtype
from .._mode import STATE
from .._tensor import Tensor, cast_torch, wrap
from .._tensor_methods import attach, METHODS
from ._checks import (check_axis, check_tensor_arg, invalid_argument, is_tensor_like,
                      normalize_axis)
from .creation import full, inplace
from .manipulation import flatten
from .reduce_order import paddle_mean, paddle_sum
from .registry import STATIC, apply_op, defop, observe
from .registry import write_out as _out

_BASIC_NAMES = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "pow",
                "maximum", "minimum", "fmax", "fmin", "exp", "expm1", "log", "log2", "log10", "log1p",
                "sqrt", "rsqrt", "square", "abs", "neg", "sign", "reciprocal", "floor", "ceil", "round",
                "trunc", "tanh", "sigmoid", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                "erf", "clip", "scale", "lerp", "isfinite", "increment", "add_n", "cumsum", "cumprod",
                "logsumexp", "stanh", "cast", "binary_with_scalar", "check_promotion"]
_UNARY_NAMES = ["acosh", "asinh", "atanh", "erfinv", "lgamma", "digamma", "deg2rad", "rad2deg",
                "i0", "i0e", "i1", "i1e", "sinc", "frac", "sgn", "signbit", "positive",
                "negative", "conj", "angle", "real", "imag", "logit", "isneginf", "isposinf",
                "isreal", "gammaln"]
_SPECIAL_NAMES = _UNARY_NAMES + [
    "atan2", "gcd", "lcm", "bitwise_left_shift", "bitwise_right_shift", "hypot", "logaddexp",
    "heaviside", "copysign", "nextafter", "ldexp", "nan_to_num", "diff", "trace", "diagonal",
    "kron", "inner", "addmm", "cummax", "cummin", "logcumsumexp", "polygamma"]
_REDUCE_NAMES = ["sum", "max", "min", "amax", "amin", "prod", "all", "any", "nansum", "nanmean",
                 "count_nonzero"]
_ALIAS_NAMES = ["clamp", "mul", "div", "true_divide", "sub", "isin", "ger", "take"]
__all__ = _BASIC_NAMES + _SPECIAL_NAMES + _REDUCE_NAMES + _ALIAS_NAMES

_PROMO = ("(InvalidType) Type promotion only support calculations between floating-point numbers "
          "and between complex and real numbers. But got different data type x: {}, y: {}.")
_SCALARS = (int, float, bool)


def check_promotion(x, y):
    """Called only when two tensor dtypes differ: Paddle promotes float<->float and complex<->real
    only, and raises TypeError for everything else (int32+int64 included)."""
    xd, yd = x.dtype, y.dtype
    if (xd.is_floating_point and yd.is_floating_point) or xd.is_complex or yd.is_complex:
        return
    raise TypeError(_PROMO.format(from_torch_dtype(xd).short, from_torch_dtype(yd).short))


def _binary_kernel(fn):
    def kernel(x, y, axis=-1):
        if x.dtype is not y.dtype:
            check_promotion(x, y)
        # `axis` is the legacy broadcast attribute (static layers' bias adds record axis=1 for
        # NCHW): y's dims line up with x's from `axis` on, so y gets trailing ones.
        if axis != -1 and y.dim() < x.dim() and y.dim() + axis < x.dim():
            y = y.reshape(tuple(y.shape) + (1,) * (x.dim() - axis - y.dim()))
        return fn(x, y)
    return kernel


def _int_floor_div(x, y):
    return torch.floor_divide(x, y)


def _ties_to_y(fn):
    """Paddle's CPU max/min kernels compute `x > y ? x : y` (`x < y ? x : y`): on a tie they
    return y, which shows only in the sign of zero (max(0., -0.) is -0.). torch returns x there."""
    def kernel(x, y):
        out = fn(x, y)
        if not out.is_floating_point():
            return out
        if out.requires_grad:
            return _TieToY.apply(out, x, y)
        return torch.where(x == y, y.to(out.dtype), out)
    return kernel


class _TieToY(torch.autograd.Function):
    """The tie fix above as a value-only change: the gradient stays torch's (split evenly on
    ties, as Paddle's max/min grad kernels do)."""

    @staticmethod
    def forward(ctx, out, x, y):
        return torch.where(x == y, y.to(out.dtype), out)

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None


_BINARY = {
    # public name: (legacy type, torch fn)
    "add": ("elementwise_add", torch.add),
    "subtract": ("elementwise_sub", torch.sub),
    "multiply": ("elementwise_mul", torch.mul),
    "divide": ("elementwise_div", torch.true_divide),
    "floor_divide": ("elementwise_floordiv", _int_floor_div),
    "remainder": ("elementwise_mod", torch.remainder),
    "elementwise_pow": ("elementwise_pow", torch.pow),
    "maximum": ("elementwise_max", _ties_to_y(torch.maximum)),
    "minimum": ("elementwise_min", _ties_to_y(torch.minimum)),
    "fmax": ("elementwise_fmax", _ties_to_y(torch.fmax)),
    "fmin": ("elementwise_fmin", _ties_to_y(torch.fmin)),
}
OPS = {name: defop(t, _binary_kernel(fn), inputs=("X", "Y"), attrs={"axis": -1},
                   api=f"paddle.{name}") for name, (t, fn) in _BINARY.items()}
_K_ADD, _K_SUB = OPS["add"].kernel, OPS["subtract"].kernel
_K_MUL, _K_DIV = OPS["multiply"].kernel, OPS["divide"].kernel


def _scalar_tensor_pair(x, value, reverse):
    """Static mode (or a non-fast path): turn a Python scalar into a 0-D tensor of the dtype
    Paddle's tensor-scalar rule gives, casting `x` when the scalar changes its kind."""
    xd = x.dtype
    if isinstance(value, bool):
        target = xd
    elif isinstance(value, int):
        target = to_dtype("int64") if xd.short == "bool" else xd
    elif isinstance(value, float):
        target = xd if (xd.is_floating_point or xd.is_complex) else to_dtype("float32")
    else:
        target = to_dtype("complex128" if xd.short == "float64" else "complex64")
    if target is not xd:
        x = cast(x, target)
    y = full([], value, target)
    return (y, x) if reverse else (x, y)


_PYOPS = {"add": operator.add, "subtract": operator.sub, "multiply": operator.mul,
          "divide": operator.truediv, "floor_divide": operator.floordiv,
          "remainder": operator.mod, "elementwise_pow": operator.pow}




def binary_with_scalar(name, x, y, reverse=False):
    """`x op y` for the operators, where y may be a Tensor, a Python or numpy scalar, or a numpy
    array (`reverse`: y op x). Dynamic mode hands scalars straight to torch, whose tensor-scalar
    promotion is Paddle's; static mode records a fill_constant (+ cast) and the elementwise op."""
    if isinstance(y, np.ndarray) and y.ndim > 0:
        y = to_tensor(y, place=x.place) if not STATE.static else y
    elif isinstance(y, (np.generic, np.ndarray)):
        y = y.item()
    kind = type(y)
    if kind is int or kind is float or kind is bool or isinstance(y, _SCALARS):
        if not STATE.static and isinstance(x, Tensor):
            fn = _PYOPS[name]
            xt = x._t
            if name == "subtract" and (kind is bool or xt.dtype is torch.bool):
                # torch refuses `-` on bool; Paddle promotes a bool tensor as for `+` and takes
                # a bool scalar as 0/1 (bool - bool has no kernel in Paddle either).
                if kind is bool and xt.dtype is not torch.bool:
                    y = int(y)
                elif kind is not bool:
                    xt = xt.to(torch.float32 if isinstance(y, float) else torch.int64)
            if STATE.watchers:    # the profiler / amp.debugging see this torch call as the op
                return observe(OPS[name], lambda: wrap(fn(y, xt) if reverse else fn(xt, y)), (x,))
            return wrap(fn(y, xt) if reverse else fn(xt, y))
        if STATE.static and hasattr(x, "block"):
            return STATIC.scalar_op(OPS[name], name, x, y, reverse)
        return apply_op(OPS[name], _scalar_tensor_pair(x, y, reverse))
    if isinstance(y, complex):
        return apply_op(OPS[name], _scalar_tensor_pair(x, y, reverse))
    if not is_tensor_like(y):
        op = "__r" + _DUNDER[name][2:] if reverse else _DUNDER[name]
        raise TypeError(f"(InvalidType) {op}(): argument (position 1) must be int, float, bool "
                        f"or Tensor, but got {type(y).__name__}")
    if STATE.static:
        with STATIC.tmp_outputs():     # Paddle's Variable operators name their outputs tmp_<n>
            x, y = _static_0d_promotion(x, y)
            a, b = (y, x) if reverse else (x, y)
            if name == "divide" and _major(a.dtype) == "int" and a.dtype is b.dtype:
                # Paddle's math_op_patch: int / int of one dtype divides float32 casts
                a, b = cast(a, "float32"), cast(b, "float32")
                return apply_op(OPS[name], (a, b))
            return apply_op(OPS[name], (y, x) if reverse else (x, y))
    return apply_op(OPS[name], (y, x) if reverse else (x, y))


def _major(dtype):
    t = dtype.torch
    return "complex" if t.is_complex else "float" if t.is_floating_point else \
        "bool" if t is torch.bool else "int"


def _static_0d_promotion(x, y):
    """Static `Variable <op> Variable` of two dtypes where one is 0-D (a scalar tensor, such as
    `paddle.to_tensor(1)`), as Paddle's math_op_patch does it: of one major kind (int32 and
    int64) the 0-D side is cast to the other's dtype (int32 tensor + int64 scalar = int32); of
    different kinds, or both 0-D, both are cast to the promoted dtype. Other pairs are left to
    the op (which raises Paddle's promotion error where Paddle does)."""
    if not (hasattr(x, "shape") and hasattr(y, "shape") and hasattr(x, "dtype")
            and hasattr(y, "dtype")) or x.dtype is y.dtype:
        return x, y
    x0, y0 = len(x.shape) == 0, len(y.shape) == 0
    if not (x0 or y0):
        return x, y
    if _major(x.dtype) != _major(y.dtype) or (x0 and y0):
        to = torch.promote_types(x.dtype.torch, y.dtype.torch)
        return (x if x.dtype.torch is to else cast(x, from_torch_dtype(to).short),
                y if y.dtype.torch is to else cast(y, from_torch_dtype(to).short))
    if x0:
        return cast(x, y.dtype.short), y
    return x, cast(y, x.dtype.short)


_DUNDER = {"add": "__add__", "subtract": "__sub__", "multiply": "__mul__",
           "divide": "__truediv__", "floor_divide": "__floordiv__", "remainder": "__mod__",
           "elementwise_pow": "__pow__"}


def _alpha(y, alpha):
    return y if alpha == 1 else scale(y, alpha)


def _unary_fast(kernel, raw):
    """Dynamic fast path of a unary op: float inputs go straight to the torch function `raw`."""
    def fast(t):
        return wrap(raw(t) if t.is_floating_point() else kernel(t))
    return fast


def add(x, y, name=None, *, alpha=1, out=None):
    """paddle.add(x, y): elementwise x + y with broadcasting (legacy op elementwise_add)."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.observed and alpha == 1 \
            and out is None:    # dynamic fast path: the same kernel without apply_op's generality
        a, b = x._t, y._t
        try:     # a failing shape falls through to apply_op for Paddle's message
            return wrap(torch.add(a, b) if a.dtype is b.dtype else _K_ADD(a, b))
        except RuntimeError:
            pass
    if alpha != 1:
        y = _alpha(y, alpha)
    return _out(apply_op(OPS["add"], (x, y)), out)


def subtract(x, y, name=None, *, alpha=1, out=None):
    """paddle.subtract(x, y): elementwise x - y (elementwise_sub)."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.observed and alpha == 1 \
            and out is None:
        a, b = x._t, y._t
        try:     # a failing shape falls through to apply_op for Paddle's message
            return wrap(torch.sub(a, b) if a.dtype is b.dtype else _K_SUB(a, b))
        except RuntimeError:
            pass
    if alpha != 1:
        y = _alpha(y, alpha)
    return _out(apply_op(OPS["subtract"], (x, y)), out)


def multiply(x, y, name=None, *, out=None):
    """paddle.multiply(x, y): elementwise x * y (elementwise_mul)."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.observed and out is None:
        a, b = x._t, y._t
        try:     # a failing shape falls through to apply_op for Paddle's message
            return wrap(torch.mul(a, b) if a.dtype is b.dtype else _K_MUL(a, b))
        except RuntimeError:
            pass
    return _out(apply_op(OPS["multiply"], (x, y)), out)


def divide(x, y, name=None, *, rounding_mode=None, out=None):
    """paddle.divide(x, y): true division; integer inputs give float32 (elementwise_div).

    `rounding_mode` 'trunc' / 'floor' as in Paddle 3.3.1."""
    if rounding_mode is None:
        if type(x) is Tensor and type(y) is Tensor and not STATE.observed and out is None:
            a, b = x._t, y._t
            try:     # a failing shape falls through to apply_op for Paddle's message
                return wrap(torch.true_divide(a, b) if a.dtype is b.dtype else _K_DIV(a, b))
            except RuntimeError:
                pass
        return _out(apply_op(OPS["divide"], (x, y)), out)
    if rounding_mode == "floor":
        return _out(floor_divide(x, y), out)
    if rounding_mode == "trunc":
        return _out(trunc(divide(x, y)).astype(x.dtype) if not x.dtype.is_floating_point
                    else trunc(divide(x, y)), out)
    raise ValueError(f"rounding_mode must be None, 'trunc' or 'floor', but received {rounding_mode!r}")


def floor_divide(x, y, name=None, *, out=None):
    """paddle.floor_divide(x, y): floor(x / y), integer dtype kept (elementwise_floordiv)."""
    return _out(apply_op(OPS["floor_divide"], (x, y)), out)


def remainder(x, y, name=None, *, out=None):
    """paddle.remainder(x, y) / paddle.mod: Python-style modulo, sign of y (elementwise_mod)."""
    return _out(apply_op(OPS["remainder"], (x, y)), out)


mod = remainder
floor_mod = remainder


def _pow_scalar_kernel(x, factor):
    if not (x.is_floating_point() or x.is_complex()):
        factor = int(factor)   # Paddle's pow kernel casts the exponent to the int dtype: 3**2.5 = 9
    return torch.pow(x, factor)


_POW = defop("pow", _pow_scalar_kernel, attrs={"factor": 1.0}, api="paddle.pow")


def pow(x, y, name=None, *, out=None):
    """paddle.pow(x, y): y a Python number (op pow, attr factor) or a Tensor (elementwise_pow).

    An int tensor with a float exponent keeps its dtype and truncates the exponent, as Paddle does.
    """
    if isinstance(y, _SCALARS):
        return _out(apply_op(_POW, (x,), {"factor": y}), out)
    if not is_tensor_like(y):
        raise TypeError(f"y must be scalar, Tensor(in dygraph mode), Value(in pir mode) but "
                        f"received: {type(y)}")
    return _out(apply_op(OPS["elementwise_pow"], (x, y)), out)


def maximum(x, y, name=None, *, out=None):
    """paddle.maximum(x, y): elementwise max, NaN propagates (elementwise_max)."""
    return _out(apply_op(OPS["maximum"], (x, y)), out)


def minimum(x, y, name=None, *, out=None):
    """paddle.minimum(x, y): elementwise min, NaN propagates (elementwise_min)."""
    return _out(apply_op(OPS["minimum"], (x, y)), out)


def fmax(x, y, name=None):
    """paddle.fmax(x, y): elementwise max ignoring NaN (elementwise_fmax)."""
    return apply_op(OPS["fmax"], (x, y))


def fmin(x, y, name=None):
    """paddle.fmin(x, y): elementwise min ignoring NaN (elementwise_fmin)."""
    return apply_op(OPS["fmin"], (x, y))


# ---- unary ops --------------------------------------------------------------------------------
def _neg(x):
    # Paddle returns a bool tensor unchanged for -x (verified); torch refuses to negate bool.
    # Paddle's neg is scale(x, -1) + 0, so -(0.) prints 0., not torch's -0.
    if x.dtype is torch.bool:
        return x.clone()
    out = torch.neg(x)
    return out + 0 if x.is_floating_point() else out


_RAW = {}   # name -> the plain torch function, used directly on float inputs


def _sign(x):
    # Paddle's sign keeps NaN (torch gives 0 for it)
    out = torch.sign(x)
    return torch.where(torch.isnan(x), x, out) if x.is_floating_point() else out


def _int_to_float(fn):
    # Paddle autocasts integer inputs of transcendental functions to float32 ("run type autocast").
    def kernel(x):
        if not (x.is_floating_point() or x.is_complex()):
            x = x.to(torch.float32)
        return fn(x)
    return kernel


_UNARY = {
    # name: (legacy type, kernel, has_out_kwarg)
    "exp": ("exp", _int_to_float(torch.exp), True),
    "expm1": ("expm1", _int_to_float(torch.expm1), True),
    "log": ("log", _int_to_float(torch.log), True),
    "log2": ("log2", _int_to_float(torch.log2), True),
    "log10": ("log10", _int_to_float(torch.log10), True),
    "log1p": ("log1p", _int_to_float(torch.log1p), True),
    "sqrt": ("sqrt", _int_to_float(torch.sqrt), True),
    "rsqrt": ("rsqrt", _int_to_float(torch.rsqrt), True),
    "square": ("square", torch.square, False),
    "abs": ("abs", torch.abs, True),
    "neg": ("neg", _neg, False),
    "sign": ("sign", _sign, True),
    "reciprocal": ("reciprocal", _int_to_float(torch.reciprocal), False),
    "floor": ("floor", torch.floor, True),
    "ceil": ("ceil", torch.ceil, True),
    "trunc": ("trunc", torch.trunc, False),
    "tanh": ("tanh", _int_to_float(torch.tanh), True),
    "sigmoid": ("sigmoid", _int_to_float(torch.sigmoid), True),
    "sin": ("sin", _int_to_float(torch.sin), True),
    "cos": ("cos", _int_to_float(torch.cos), True),
    "tan": ("tan", _int_to_float(torch.tan), False),
    "asin": ("asin", _int_to_float(torch.asin), False),
    "acos": ("acos", _int_to_float(torch.acos), True),
    "atan": ("atan", _int_to_float(torch.atan), False),
    "sinh": ("sinh", _int_to_float(torch.sinh), True),
    "cosh": ("cosh", _int_to_float(torch.cosh), True),
    "erf": ("erf", _int_to_float(torch.erf), False),
    "isfinite": ("isfinite_v2", torch.isfinite, False),
}
UNARY_OPS = {name: defop(t, k, api=f"paddle.{name}") for name, (t, k, _) in _UNARY.items()}
_RAW.update({name: getattr(torch, name) for name in _UNARY
             if name not in ("neg", "isfinite", "sign") and hasattr(torch, name)})


def _make_unary(name, has_out):
    op = UNARY_OPS[name]
    fast = _unary_fast(op.kernel, _RAW.get(name, op.kernel))
    arg = "input" if name == "trunc" else "x"
    if arg == "input":
        def fn(input, name=None):   # Paddle names trunc's argument `input`
            return apply_op(op, (input,))
    elif has_out:
        def fn(x, name=None, *, out=None):
            if type(x) is Tensor and not STATE.observed and out is None:
                return fast(x._t)
            return _out(apply_op(op, (x,)), out)
    else:
        def fn(x, name=None):
            if type(x) is Tensor and not STATE.observed:
                return fast(x._t)
            return apply_op(op, (x,))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"paddle.{name}({arg}, name=None): elementwise {name} (legacy op "
                  f"{op.type}).\n\nInteger inputs of transcendental functions give float32, as in "
                  "Paddle 3.3.1.")
    return fn


for _name, (_t, _k, _has_out) in _UNARY.items():
    globals()[_name] = _make_unary(_name, _has_out)
exp = globals()["exp"]   # keep linters aware of the generated names
sqrt = globals()["sqrt"]
abs = globals()["abs"]
_neg_unary = globals()["neg"]


def neg(x, name=None):
    """paddle.neg(x): -x. Static mode records Paddle's `scale(x, scale=-1.0, bias=0.0)` op."""
    if STATE.static and hasattr(x, "block"):
        return apply_op(_SCALE, (x,), {"scale": -1.0, "bias": 0.0, "bias_after_scale": True})
    return _neg_unary(x)


trunc = globals()["trunc"]
floor = globals()["floor"]
_ROUND = defop("round", lambda x, decimals=0: torch.round(x, decimals=decimals) if decimals
               else torch.round(x), attrs={"decimals": 0}, api="paddle.round")


def round(x, decimals=0, name=None, *, out=None):
    """paddle.round(x, decimals=0): round half to even, like Paddle 3.3.1 (0.5 -> 0, 1.5 -> 2)."""
    return _out(apply_op(_ROUND, (x,), {"decimals": decimals} if decimals else None), out)


# ---- ops with attributes -------------------------------------------------------------------------
_FLT_MAX = 3.4028234663852886e38


def _clip_kernel(x, min=None, max=None):
    # Paddle's missing bounds are -FLT_MAX / FLT_MAX for floating inputs (so clip(x) copies x).
    if x.is_floating_point():
        min = -_FLT_MAX if min is None else min
        max = _FLT_MAX if max is None else max
    elif min is None and max is None:
        return x.clone()
    return torch.clamp(x, min, max)


_CLIP = defop("clip", _clip_kernel, attrs={"min": None, "max": None}, api="paddle.clip")


def clip(x, min=None, max=None, name=None, *, out=None):
    """paddle.clip(x, min=None, max=None): clamp into [min, max]; min/max numbers or 0-D Tensors.

    An int tensor with float bounds gives float32, as in Paddle.
    """
    if isinstance(min, Tensor):
        min = min.item()
    if isinstance(max, Tensor):
        max = max.item()
    for arg, v in (("min", min), ("max", max)):
        if v is not None and not isinstance(v, (int, float)):
            raise TypeError(f"The type of '{arg}' in clip must be (<class 'float'>, <class 'int'>, "
                            f"<class 'paddle.Tensor'>), but received {type(v)}. ")
    if min is not None and max is not None and min > max:
        raise invalid_argument(f"max should be greater than or equal to min. But received min = "
                               f"{float(min):f}, max = {float(max):f}")
    return _out(apply_op(_CLIP, (x,), {"min": min, "max": max}), out)


def _scale_kernel(x, scale=1.0, bias=0.0, bias_after_scale=True):
    if not (x.is_floating_point() or x.is_complex()) and x.dtype is not torch.bool:
        # Paddle's integer kernel casts the (float) attributes to the element type: the static
        # graph records `i * 2` as scale(2.0) and it must stay int32.
        scale, bias = int(scale), int(bias)
    if bias_after_scale:
        # Paddle adds the bias even when it is 0: -0. * s + 0. is +0., and the sign is printed
        out = x * scale
        return out + bias if bias or out.is_floating_point() else out
    return (x + bias) * scale


_SCALE = defop("scale", _scale_kernel, attrs={"scale": 1.0, "bias": 0.0, "bias_after_scale": True},
               api="paddle.scale")


def _scale_value(x, s):
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return s
    return int(s)   # Paddle's integer scale kernel keeps the int dtype: 3 * 2.0 + 1 -> 7 (int32)


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """paddle.scale(x, scale, bias, bias_after_scale, act): scale*x + bias (or scale*(x+bias)).

    `act` may name an activation ('relu', 'tanh', 'sigmoid', ...). Integer tensors keep their dtype.
    """
    if isinstance(scale, Tensor):
        scale = scale.item()
    out = apply_op(_SCALE, (x,), {"scale": _scale_value(x, scale), "bias": _scale_value(x, bias),
                                  "bias_after_scale": bias_after_scale})
    if act is None:
        return out
    fn = {"tanh": tanh, "sigmoid": sigmoid, "exp": exp, "sqrt": sqrt, "abs": abs}.get(act)
    if act == "relu":
        return clip(out, min=0)
    if fn is None:
        raise NotImplementedError(f"paddle.scale: act={act!r} is not supported; apply the "
                                  "activation from paddle.nn.functional to the result instead")
    return fn(out)


_LERP = defop("lerp", lambda x, y, w: torch.lerp(x, y, w), inputs=("X", "Y", "Weight"),
              api="paddle.lerp")


def lerp(x, y, weight, name=None):
    """paddle.lerp(x, y, weight): x + weight * (y - x); weight a float or a Tensor."""
    if not isinstance(weight, Tensor) and not hasattr(weight, "stop_gradient"):
        weight = full([], float(weight), x.dtype)
    return apply_op(_LERP, (x, y, weight))


_INCREMENT = defop("increment", lambda x, step=1.0: x + (step if x.is_floating_point()
                                                         else int(step)),
                   attrs={"step": 1.0}, api="paddle.increment")


def increment(x, value=1.0, name=None):
    """paddle.increment(x, value=1.0): x + value, written back into x (Paddle updates in place)."""
    shape = list(x.shape)
    size = None if builtins.any(d < 0 for d in shape) else int(np.prod(shape, dtype=np.int64))
    if size is not None and size != 1:
        raise invalid_argument(f"The number of elements in Input(X) should be 1.Now the number "
                               f"is {size}.")
    out = apply_op(_INCREMENT, (x,), {"step": value})
    if not STATE.static:
        x._t = out._t
        return x
    # Paddle's legacy op writes its input (Out = X) and returns x; PIR's increment_ is in
    # place too: later ops read x's own value (its result is a fresh value nothing reads)
    return STATIC.write_into(x, out)


def _add_n_kernel(xs):
    if isinstance(xs, torch.Tensor):
        # One Tensor is one input (as paddle.add_n treats it), never a sequence of its rows:
        # iterating the op's meta tensor in static shape inference (a dynamic dim there is
        # 25 million long) once took 16 GB.
        return xs.clone()
    out = xs[0]
    for t in xs[1:]:
        if t.dtype is not out.dtype:
            raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve "
                             f"({from_torch_dtype(out.dtype).short}) does not match the type of "
                             f"data ({from_torch_dtype(t.dtype).short}) currently contained in "
                             f"the container.")
        out = out + t
    return out if len(xs) > 1 else out.clone()


_ADD_N = defop("sum", _add_n_kernel, api="paddle.add_n")


def add_n(inputs, name=None):
    """paddle.add_n(inputs): the sum of a list of same-shape, same-dtype Tensors (legacy op sum)."""
    if isinstance(inputs, (list, tuple)):
        if len(inputs) == 0:
            raise invalid_argument("add_n(): argument 'inputs' (position 0) must be list of "
                                   "Tensors, but got empty list")
        inputs = list(inputs)
    else:
        inputs = [inputs]
    return apply_op(_ADD_N, (inputs,))


def _cumsum_kernel(x, axis=-1, flatten=False, exclusive=False, reverse=False, dtype=None):
    if flatten:
        x = x.reshape(-1)
        axis = 0
    if dtype is not None:
        x = x.to(dtype)
    if reverse:
        x = x.flip(axis)
    if x.dtype is torch.bool:
        raise RuntimeError("(NotFound) The kernel with key (CPU, Undefined(AnyLayout), bool) of "
                           "kernel `cumsum` is not registered.")
    out = torch.cumsum(x, axis if x.dim() else 0)
    if x.dtype is torch.int32:
        out = out.to(torch.int64)   # Paddle's cumsum widens int32 to int64 (verified)
    if exclusive:
        out = out - x
    return out.flip(axis) if reverse else out


_CUMSUM = defop("cumsum", _cumsum_kernel,
                attrs={"axis": -1, "flatten": False, "exclusive": False, "reverse": False},
                api="paddle.cumsum")


def cumsum(x, axis=None, dtype=None, name=None, *, out=None):
    """paddle.cumsum(x, axis=None, dtype=None): cumulative sum; axis None flattens first.

    int32 input gives int64, as in Paddle 3.3.1.
    """
    attrs = {"axis": -1 if axis is None else int(axis), "flatten": axis is None}
    if dtype is not None:
        attrs["dtype"] = to_dtype(dtype).torch
    return _out(apply_op(_CUMSUM, (x,), attrs), out)


def _cumprod_kernel(x, dim=-1, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    out = torch.cumprod(x.reshape(-1), 0) if dim is None else torch.cumprod(x, dim if x.dim() else 0)
    return out if dtype is not None else out.to(x.dtype)   # torch widens int32; Paddle keeps it


_CUMPROD = defop("cumprod", _cumprod_kernel, attrs={"dim": -1}, api="paddle.cumprod")


def cumprod(x, dim=None, *, dtype=None, out=None, name=None):
    """paddle.cumprod(x, dim=None, dtype=None): cumulative product along `dim` (None flattens)."""
    attrs = {"dim": None if dim is None else int(dim)}
    if dtype is not None:
        attrs["dtype"] = to_dtype(dtype).torch
    return _out(apply_op(_CUMPROD, (x,), attrs), out)


def _logsumexp_kernel(x, axis=None, keepdim=False, reduce_all=False):
    if not x.is_floating_point():
        x = x.to(torch.float32)
    if reduce_all or axis is None:
        axis = tuple(range(x.dim()))
    return torch.logsumexp(x, axis, keepdim)


_LOGSUMEXP = defop("logsumexp", _logsumexp_kernel,
                   attrs={"axis": None, "keepdim": False, "reduce_all": False},
                   api="paddle.logsumexp")


def logsumexp(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.logsumexp(x, axis=None, keepdim=False): log(sum(exp(x))) computed stably."""
    check_axis(axis, "logsumexp", 1)
    dims = normalize_axis(axis, x.ndim)
    return _out(apply_op(_LOGSUMEXP, (x,), {"axis": dims, "keepdim": bool(keepdim),
                                             "reduce_all": dims is None}), out)


_STANH = defop("stanh", lambda x, scale_a=0.67, scale_b=1.7159:
               scale_b * torch.tanh(scale_a * _as_float(x)),
               attrs={"scale_a": 0.67, "scale_b": 1.7159}, api="paddle.stanh")


def _as_float(x):
    return x if x.is_floating_point() else x.to(torch.float32)


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    """paddle.stanh(x, scale_a=0.67, scale_b=1.7159): scale_b * tanh(scale_a * x)."""
    return apply_op(_STANH, (x,), {"scale_a": scale_a, "scale_b": scale_b})


def _cast_kernel(x, out_dtype):
    return cast_torch(x, out_dtype) if x.dtype is not out_dtype else x.clone()   # a new tensor


_CAST = defop("cast", _cast_kernel, attrs={"out_dtype": None}, api="paddle.cast")


def cast(x, dtype):
    """paddle.cast(x, dtype) / Tensor.astype: a copy converted to `dtype` (C-style truncation)."""
    try:
        d = to_dtype(dtype)
    except TypeError:
        np.dtype(dtype)     # Paddle converts through numpy first: numpy's words for an unknown name
        raise
    out = apply_op(_CAST, (x,), {"out_dtype": d.torch})
    if not STATE.static and not x.stop_gradient and out.stop_gradient:
        out._info = {"needs_grad": True}   # Paddle keeps stop_gradient=False on an int result
    return out




attach({name: globals()[name] for name in _BASIC_NAMES
        if name not in ("binary_with_scalar", "check_promotion", "elementwise_pow")})
attach({"floor_mod": remainder})


# ---- Paddle's special functions and the rest of tensor/math.py: inverse hyperbolics,
# lgamma/digamma/erfinv, logit, Bessel i0/i1, gcd/lcm, shifts, hypot, logaddexp, heaviside,
# copysign, nan_to_num, diff, trace, diagonal, kron, inner, addmm, cummax/cummin, logcumsumexp -----
# Dtype rules were read from the oracle (Paddle 3.3.1): integer inputs of transcendental functions give
# float32 (atan2 gives float64), `frac`, `diff`, `sgn`, `positive`/`negative` keep the dtype.
# Each op is one registry record, so static mode records it too.


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


_SPECIAL_UNARY = {
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
_UNARY_OPS = {n: defop(t, k, api=f"paddle.{n}") for n, (t, k) in _SPECIAL_UNARY.items()}


_WITH_OUT = {"acosh", "atanh", "frac"}     # Paddle 3.3.1 gives these a keyword-only `out`


def _make_special_unary(name):
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
        globals()[_n] = _make_special_unary(_n)

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


_SPECIAL_BINARY = {
    "atan2": ("atan2", _atan2), "gcd": ("gcd", torch.gcd), "lcm": ("lcm", torch.lcm),
    "hypot": ("hypot", _both_float(torch.hypot)),
    "logaddexp": ("logaddexp", _both_float(torch.logaddexp)),
    "heaviside": ("elementwise_heaviside", _heaviside),
    "copysign": ("copysign", _copysign),
    "nextafter": ("nextafter", torch.nextafter),
    "ldexp": ("ldexp", _ldexp),
}
_BINARY_OPS = {n: defop(t, k, inputs=("X", "Y"), api=f"paddle.{n}") for n, (t, k) in _SPECIAL_BINARY.items()}


def _make_binary(name):
    op = _BINARY_OPS[name]

    def fn(x, y, name=None):
        if name_ == "copysign" and not isinstance(y, Tensor):
            y = full([], y, x.dtype if x.dtype.is_floating_point else "float32")
        return apply_op(op, (x, y))
    name_ = name
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"paddle.{name}(x, y, name=None): elementwise {name} (op {op.type})."
    return fn


for _n in _SPECIAL_BINARY:
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
_ADDMM = defop("addmm", lambda i, x, y, Alpha=1.0, Beta=1.0: torch.addmm(i, x, y, beta=Beta,
                                                                        alpha=Alpha),
               inputs=("Input", "X", "Y"), attrs={"Alpha": 1.0, "Beta": 1.0}, api="paddle.addmm")


def kron(x, y, name=None):
    """paddle.kron(x, y): Kronecker product."""
    return apply_op(_KRON, (x, y))


def inner(x, y, name=None):
    """paddle.inner(x, y): sum-product over the last axes."""
    return apply_op(_INNER, (x, y))


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
        x = cast(x, dtype)
    return apply_op(_LOGCUMSUMEXP, (x,), {"axis": -1 if axis is None else axis,
                                          "flatten": axis is None})


_NOT_METHODS = {"positive", "ger", "searchsorted"}


def _attach_special():
    table = {n: globals()[n] for n in _SPECIAL_NAMES}
    # only the methods Paddle's Tensor has (it has no x.positive(), x.ger(), x.searchsorted())
    attach({k: v for k, v in table.items() if k not in METHODS and k not in _NOT_METHODS})


_attach_special()


_REDUCE_ATTRS = {"dim": None, "keep_dim": False, "reduce_all": True}


def _dims(x, dim, reduce_all):
    if reduce_all or dim is None:
        return tuple(range(x.dim()))
    return dim


def _no_bool(x, kernel):
    if x.dtype is torch.bool:
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), bool) of "
                           f"kernel `{kernel}` is not registered. Selected wrong DataType `bool`.")


def _sum_kernel(x, dim=None, keep_dim=False, reduce_all=False, out_dtype=None):
    if out_dtype is None or out_dtype is x.dtype:
        # CPU float sums add in Paddle's order (reduce_order.py); None: torch's order
        exact = paddle_sum(x, None if reduce_all or dim is None else _dims(x, dim, False),
                           keep_dim)
        if exact is not None:
            return exact
    if out_dtype is None and not keep_dim and (reduce_all or dim is None):
        return torch.sum(x)   # the common x.sum(): one torch call
    return torch.sum(x, _dims(x, dim, reduce_all), keep_dim, dtype=out_dtype)


def _max_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    _no_bool(x, "max")
    return torch.amax(x, _dims(x, dim, reduce_all), keep_dim)


def _min_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    _no_bool(x, "min")
    return torch.amin(x, _dims(x, dim, reduce_all), keep_dim)


def _prod_kernel(x, dim=None, keep_dim=False, reduce_all=False, out_dtype=None):
    _no_bool(x, "prod")
    out = x.to(out_dtype) if out_dtype is not None else x
    for d in sorted({a % builtins.max(x.dim(), 1) for a in _dims(x, dim, reduce_all)},
                    reverse=True):
        out = torch.prod(out, d, keep_dim)
    return out.to(out_dtype or x.dtype)   # torch widens int32 to int64; Paddle keeps int32


def _all_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    return torch.all(x.to(torch.bool), _dims(x, dim, reduce_all), keep_dim)


def _any_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    return torch.any(x.to(torch.bool), _dims(x, dim, reduce_all), keep_dim)


def _nansum_kernel(x, dim=None, keep_dim=False, reduce_all=False, out_dtype=None):
    return torch.nansum(x, _dims(x, dim, reduce_all), keep_dim, dtype=out_dtype)


def _nanmean_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    return torch.nanmean(x, _dims(x, dim, reduce_all), keep_dim)


def _count_nonzero_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    out = torch.sum(x != 0, _dims(x, dim, reduce_all), keep_dim, dtype=torch.int64)
    return out


_OPS = {
    "sum": defop("reduce_sum", _sum_kernel, attrs=dict(_REDUCE_ATTRS, out_dtype=None),
                 api="paddle.sum"),
    "max": defop("reduce_max", _max_kernel, attrs=_REDUCE_ATTRS, api="paddle.max"),
    "min": defop("reduce_min", _min_kernel, attrs=_REDUCE_ATTRS, api="paddle.min"),
    "amax": defop("reduce_amax", _max_kernel, attrs=_REDUCE_ATTRS, api="paddle.amax"),
    "amin": defop("reduce_amin", _min_kernel, attrs=_REDUCE_ATTRS, api="paddle.amin"),
    "prod": defop("reduce_prod", _prod_kernel, attrs=dict(_REDUCE_ATTRS, out_dtype=None),
                  api="paddle.prod"),
    "all": defop("reduce_all", _all_kernel, attrs=_REDUCE_ATTRS, api="paddle.all"),
    "any": defop("reduce_any", _any_kernel, attrs=_REDUCE_ATTRS, api="paddle.any"),
    "nansum": defop("nansum", _nansum_kernel, attrs=dict(_REDUCE_ATTRS, out_dtype=None),
                    api="paddle.nansum"),
    "nanmean": defop("nanmean", _nanmean_kernel, attrs=_REDUCE_ATTRS, api="paddle.nanmean"),
    "count_nonzero": defop("count_nonzero", _count_nonzero_kernel, attrs=_REDUCE_ATTRS,
                           api="paddle.count_nonzero"),
}


def _attrs(x, axis, keepdim, api, position=1):
    if axis is None and not keepdim:
        return _REDUCE_ATTRS      # the common x.sum() / x.mean(): a shared constant
    check_axis(axis, api, position)
    _check_reduce_dims(axis, x.ndim)
    dims = normalize_axis(axis, x.ndim)
    if dims is not None and STATE.pir and STATE.static and not isinstance(axis, Tensor):
        # PIR keeps the axes as written (Paddle's full_int_array shows [-1]); the kernels take
        # negative axes as torch does
        raw = [int(a) for a in (axis if isinstance(axis, (list, tuple)) else [axis])]
        if len(raw) == len(dims):
            dims = tuple(raw)
    return {"dim": dims, "keep_dim": bool(keepdim), "reduce_all": dims is None}


def _check_reduce_dims(axis, rank):
    """Paddle's reduce infermeta message for an axis out of [-rank, rank)."""
    if isinstance(axis, (list, tuple)):
        items = axis
    elif isinstance(axis, int):
        items = [axis]
    else:
        return
    rank = builtins.max(rank, 1)
    for i, a in enumerate(items):
        a = int(a)
        if a >= rank:
            raise invalid_argument(f"The reduce dim index {i} should be in the range [ "
                                   f"-dimension(X), dimension(X) ) which dimension = {rank}. But "
                                   f"received dim index = {a}.")
        if a < -rank:
            raise invalid_argument(f"The reduce dim index {i} should be in the range [ "
                                   f"-dimension(X), dimension(X) )  which dimension = {rank}. But "
                                   f"received dim index = {a}.")


def _reduce(name, x, axis, keepdim, position=1, extra=None, ops=_OPS):
    """One reduce op: `ops[name]` (this file's table; stat.py passes its own) with checked attrs."""
    attrs = _attrs(x, axis, keepdim, name, position)
    if extra:
        attrs = dict(attrs, **extra)
    return apply_op(ops[name], (x,), attrs)


def sum(x, axis=None, dtype=None, keepdim=False, name=None, *, out=None):
    """paddle.sum(x, axis=None, dtype=None, keepdim=False): bool and int32 inputs give int64."""
    if axis is None and dtype is None and not keepdim and out is None and type(x) is Tensor \
            and not STATE.observed:
        return wrap(_sum_kernel(x._t))    # dynamic fast path of the commonest call, x.sum()
    extra = None if dtype is None else {"out_dtype": to_dtype(dtype).torch}
    return _out(_reduce("sum", x, axis, keepdim, 2, extra), out)


def max(x, axis=None, keepdim=False, name=None):
    """paddle.max(x, axis=None, keepdim=False): the maximum over `axis`."""
    return _reduce("max", x, axis, keepdim)


def min(x, axis=None, keepdim=False, name=None):
    """paddle.min(x, axis=None, keepdim=False): the minimum over `axis`."""
    return _reduce("min", x, axis, keepdim)


def amax(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.amax(x, axis=None, keepdim=False): like max; ties share the gradient equally."""
    return _out(_reduce("amax", x, axis, keepdim), out)


def amin(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.amin(x, axis=None, keepdim=False): like min; ties share the gradient equally."""
    return _out(_reduce("amin", x, axis, keepdim), out)


def prod(x, axis=None, keepdim=False, dtype=None, out=None, name=None):
    """paddle.prod(x, axis=None, keepdim=False, dtype=None): the product; int32 stays int32."""
    extra = None if dtype is None else {"out_dtype": to_dtype(dtype).torch}
    return _out(_reduce("prod", x, axis, keepdim, 1, extra), out)


def all(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.all(x, axis=None, keepdim=False): logical AND over `axis` (any dtype; result bool)."""
    return _out(_reduce("all", x, axis, keepdim), out)


def any(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.any(x, axis=None, keepdim=False): logical OR over `axis` (any dtype; result bool)."""
    return _out(_reduce("any", x, axis, keepdim), out)


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """paddle.nansum(x, axis=None, dtype=None, keepdim=False): sum treating NaN as zero."""
    extra = None if dtype is None else {"out_dtype": to_dtype(dtype).torch}
    return _reduce("nansum", x, axis, keepdim, 1, extra)


def nanmean(x, axis=None, keepdim=False, name=None):
    """paddle.nanmean(x, axis=None, keepdim=False): mean over the non-NaN values."""
    return _reduce("nanmean", x, axis, keepdim)


def count_nonzero(x, axis=None, keepdim=False, name=None):
    """paddle.count_nonzero(x, axis=None, keepdim=False): the number of non-zeros (int64)."""
    return _reduce("count_nonzero", x, axis, keepdim)


attach({name: globals()[name] for name in _REDUCE_NAMES})


# ---- aliases and less common functions of tensor/math.py (Paddle 3.3.1 exports them too) -------


clamp = clip


mul = multiply


div = true_divide = divide


def sub(x, y, name=None, *, alpha=1, out=None):
    """paddle.sub(x, y, alpha=1): alias of paddle.subtract."""
    return subtract(x, y, alpha=alpha, out=out)


_ISIN = defop("isin", lambda x, t, assume_unique=False, invert=False:
              torch.isin(x, t, assume_unique=assume_unique, invert=invert),
              inputs=("X", "TestX"), attrs={"assume_unique": False, "invert": False},
              api="paddle.isin")


def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """paddle.isin(x, test_x, assume_unique=False, invert=False): membership test."""
    return apply_op(_ISIN, (x, test_x), {"assume_unique": assume_unique, "invert": invert})


def ger(x, y, name=None):
    """paddle.ger(x, y): outer product (alias of paddle.outer)."""
    return METHODS["outer"](x, y)


def _take(x, index, mode="raise"):
    flat = x.reshape(-1)
    n = flat.numel()
    if mode == "wrap":
        index = index % n
    elif mode == "clip":
        index = index.clamp(0, n - 1) if n > 0 else index     # Paddle: an empty x is not clipped
    else:
        # Paddle adds n to negative indices, then index_select accepts [-n, n) (a negative one
        # counting from the end again): -2n <= index < n is valid, -13 of 12 elements is x[-1].
        index = torch.where(index < 0, index + n, index)
    bad = (index >= n) | (index < -n)
    if bad.any():
        raise ValueError(f"(InvalidArgument) Variable value (index) of OP(index_select) "
                         f"expected >= {-n} and < {n}, but got {int(index[bad][0])}. Please check "
                         f"input value.")
    index = torch.where(index < 0, index + n, index)
    return flat[index.long()]


_TAKE = defop("take", _take, inputs=("X", "Index"), attrs={"mode": "raise"}, api="paddle.take")


def take(x, index, mode="raise", name=None):
    """paddle.take(x, index, mode='raise'): elements of flattened x at `index` (shape of index).

    mode 'raise': -2n <= index < n (as Paddle, whose negative indices are shifted once by n and
    then read from the end) else ValueError; 'wrap': index modulo n; 'clip': clipped to [0, n-1]."""
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"'mode' in 'take' should be 'raise', 'wrap', 'clip', but received "
                         f"{mode}.")
    if not isinstance(index, Tensor):
        raise TypeError(f"The type of 'index' must be Tensor, but got {type(index)}")
    if index.dtype.short not in ("int32", "int64"):
        raise TypeError(f"The data type of 'index' must be one of ['int32', 'int64'], but got "
                        f"{index.dtype}")
    return apply_op(_TAKE, (x, index), {"mode": mode})


# x.ger() does not exist on Paddle's Tensor
attach({n: globals()[n] for n in _ALIAS_NAMES if n not in METHODS and n != "ger"})


# ---- newer functions of tensor/math.py (Paddle 3.x): baddbmm, gammainc/gammaincc, multigammaln,
# renorm, frexp, trapezoid, cumulative_trapezoid, vander, cartesian_prod, combinations,
# broadcast_shape(s), multiplex, reduce_as. Each is one registry record (gradients from torch).

_BADDBMM = defop("baddbmm", lambda i, x, y, Alpha=1.0, Beta=1.0:
                 torch.baddbmm(i, x, y, beta=Beta, alpha=Alpha),
                 inputs=("Input", "X", "Y"), attrs={"Alpha": 1.0, "Beta": 1.0},
                 api="paddle.baddbmm")


def baddbmm(input, x, y, beta=1.0, alpha=1.0, name=None):
    """paddle.baddbmm(input, x, y, beta=1.0, alpha=1.0): beta * input + alpha * bmm(x, y) for
    batches of matrices ([B, N, K] @ [B, K, M]); input broadcasts to [B, N, M]."""
    xs, ys = list(x.shape), list(y.shape)
    if len(xs) != 3 or len(ys) != 3:
        raise ValueError(f"The dimension of x, y should be 3 but receive x's shape: {x.shape}, "
                         f"y's shape: {y.shape}")
    if xs[2] != ys[1]:
        raise ValueError(f"The input Variable x's width must be equal with Variable y's height. "
                         f"But received x's shape = {xs}, y's shape = {ys}.")
    return apply_op(_BADDBMM, (input, x, y), {"Alpha": float(alpha), "Beta": float(beta)})


def _gamma_reg(fn):
    def kernel(x, y):
        if x.dtype is not y.dtype:
            check_promotion(x, y)
        return fn(x, y)
    return kernel


_GAMMAINC = defop("gammainc", _gamma_reg(torch.special.gammainc), inputs=("X", "Y"),
                  api="paddle.gammainc")
_GAMMAINCC = defop("gammaincc", _gamma_reg(torch.special.gammaincc), inputs=("X", "Y"),
                   api="paddle.gammaincc")


def _check_nonneg(x, what):
    if not STATE.static and x._t.numel() and builtins.bool((x._t < 0).any()):
        raise ValueError(f"The input argument {what} must be greater than or equal to 0.")


def gammainc(x, y, name=None):
    """paddle.gammainc(x, y): the regularized lower incomplete gamma function P(x, y).

    Differences from Paddle: the gradient with respect to x is not defined (torch has none);
    Paddle also defines only the gradient with respect to y."""
    _check_nonneg(x, "x")
    _check_nonneg(y, "y")
    return apply_op(_GAMMAINC, (x, y))


def gammaincc(x, y, name=None):
    """paddle.gammaincc(x, y): the regularized upper incomplete gamma function Q(x, y)."""
    _check_nonneg(x, "x")
    _check_nonneg(y, "y")
    return apply_op(_GAMMAINCC, (x, y))


def _multigammaln(x, p=1):
    # the sum-of-lgammas formula itself (torch.special.multigammaln refuses x <= (p - 1) / 2)
    j = torch.arange(p, dtype=x.dtype, device=x.device)
    return (p * (p - 1) / 4 * float(np.log(np.pi))
            + torch.lgamma(x.unsqueeze(-1) - j / 2).sum(-1))


_MULTIGAMMALN = defop("multigammaln", _multigammaln,
                      attrs={"p": 1}, api="paddle.multigammaln")


def multigammaln(x, p, name=None):
    """paddle.multigammaln(x, p): the log of the multivariate gamma function of dimension p
    (defined for x > (p - 1) / 2; elsewhere the values are those of the sum of lgammas, as in
    Paddle)."""
    if p < 1:
        raise ValueError(f"The p must be greater than or equal to 1, But received p is {p}.\n")
    return apply_op(_MULTIGAMMALN, (x,), {"p": int(p)})


def _renorm(x, p=2.0, axis=0, max_norm=1.0):
    return torch.renorm(x, p, axis, max_norm)


_RENORM = defop("renorm", _renorm, attrs={"p": 2.0, "axis": 0, "max_norm": 1.0},
                api="paddle.renorm")


def renorm(x, p, axis, max_norm):
    """paddle.renorm(x, p, axis, max_norm): rescale each slice along `axis` whose p-norm exceeds
    max_norm to have norm max_norm."""
    rank = len(x.shape)
    if axis >= rank or axis < -rank:
        raise ValueError(f"the axis:{axis} should be less then the shape's size {rank}:"
                         f"{x.shape}")
    if axis < 0:
        axis += rank
    return apply_op(_RENORM, (x,), {"p": float(p), "axis": int(axis),
                                    "max_norm": float(max_norm)})


def _frexp(x):
    m, e = torch.frexp(x)
    return m, e.to(x.dtype)


_FREXP = defop("frexp", _frexp, outputs=("Mantissa", "Exponent"), api="paddle.frexp")


def frexp(x, name=None):
    """paddle.frexp(x): (mantissa, exponent) with x = mantissa * 2 ** exponent; the exponent has
    x's dtype, as in Paddle. Only float32/float64 inputs (Paddle's TypeError otherwise)."""
    if x.dtype.short not in ("float32", "float64"):
        raise TypeError("The data type of input must be one of ['float32', 'float64'], but got "
                        f"{x.dtype}")
    return apply_op(_FREXP, (x,))


def _trapz_kernel(cumulative):
    def kernel(y, x=None, dx=None, axis=-1):
        if x is not None:
            d = torch.diff(x, dim=axis if x.dim() > 1 else -1)
            if x.dim() == 1 and y.dim() > 1:
                shape = [1] * y.dim()
                shape[axis] = d.shape[0]
                d = d.reshape(shape)
        else:
            d = 1.0 if dx is None else dx
        n = y.shape[axis]
        avg = (y.narrow(axis, 1, n - 1) + y.narrow(axis, 0, n - 1)) / 2
        parts = avg * d
        return torch.cumsum(parts, axis) if cumulative else parts.sum(axis)
    return kernel


_TRAPEZOID = defop("trapezoid", _trapz_kernel(False), inputs=("Y", "X"),
                   attrs={"dx": None, "axis": -1}, api="paddle.trapezoid")
_CUM_TRAPEZOID = defop("cumulative_trapezoid", _trapz_kernel(True), inputs=("Y", "X"),
                       attrs={"dx": None, "axis": -1}, api="paddle.cumulative_trapezoid")


def _trapz(op, y, x, dx, axis):
    if x is not None and dx is not None:
        raise ValueError("Not permitted to specify both x and dx input args.")
    if y.dtype.short not in ("float16", "bfloat16", "float32", "float64"):
        raise TypeError("The data type of input must be Tensor, and dtype should be one of "
                        "['paddle.float16', 'paddle.float32', 'paddle.float64', "
                        "'paddle.base.core.DataType.FLOAT16', 'paddle.base.core.DataType.FLOAT32', "
                        f"'paddle.base.core.DataType.FLOAT64'], but got {y.dtype}")
    return apply_op(op, (y, x), {"dx": None if dx is None else float(dx), "axis": int(axis)})


def trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """paddle.trapezoid(y, x=None, dx=None, axis=-1): the trapezoidal rule along `axis`, with
    sample points `x` or spacing `dx` (default 1)."""
    return _trapz(_TRAPEZOID, y, x, dx, axis)


def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """paddle.cumulative_trapezoid(y, x=None, dx=None, axis=-1): the running trapezoidal sums."""
    return _trapz(_CUM_TRAPEZOID, y, x, dx, axis)


def _vander(x, n=None, increasing=False):
    n = x.shape[0] if n is None else n
    powers = torch.arange(n, device=x.device)
    if not increasing:
        powers = powers.flip(0)
    return x.unsqueeze(-1) ** powers.to(x.dtype)


_VANDER = defop("vander", _vander, attrs={"n": None, "increasing": False}, api="paddle.vander")


def vander(x, n=None, increasing=False, name=None):
    """paddle.vander(x, n=None, increasing=False): the Vandermonde matrix of a 1-D tensor
    (columns x**(n-1) ... x**0, or the reverse with increasing=True)."""
    if len(x.shape) != 1:
        raise ValueError("The input of x is expected to be a 1-D Tensor.But now the dims of "
                         f"Input(X) is {len(x.shape)}.")
    if n is not None and n < 0:
        raise ValueError("N must be non-negative.")
    return apply_op(_VANDER, (x,), {"n": n, "increasing": builtins.bool(increasing)})


_CARTESIAN = defop("cartesian_prod", lambda xs: torch.cartesian_prod(*xs),
                   api="paddle.cartesian_prod")


def cartesian_prod(x, name=None):
    """paddle.cartesian_prod(x): the Cartesian product of a list of 1-D tensors, one row per
    combination (a single tensor comes back as is)."""
    for i, t in enumerate(x):
        if len(t.shape) != 1:
            raise ValueError(f"Expect a 1D vector, but got shape {t.shape}")
    return apply_op(_CARTESIAN, (list(x),))


_COMBINATIONS = defop("combinations", lambda x, r=2, with_replacement=False:
                      torch.combinations(x, r, with_replacement),
                      attrs={"r": 2, "with_replacement": False}, api="paddle.combinations")


def combinations(x, r=2, with_replacement=False, name=None):
    """paddle.combinations(x, r=2, with_replacement=False): the length-r combinations of a 1-D
    tensor's elements, one per row (itertools.combinations order)."""
    if len(x.shape) != 1:
        raise TypeError(f"Expect a 1-D vector, but got x shape {x.shape}")
    if not isinstance(r, int) or r < 0:
        raise ValueError(f"Expect a non-negative int, but got r={r}")
    return apply_op(_COMBINATIONS, (x,), {"r": r, "with_replacement": builtins.bool(
        with_replacement)})


def broadcast_shape(x_shape, y_shape):
    """paddle.broadcast_shape(x_shape, y_shape): the broadcast result shape of two shapes, as a
    list (Paddle's ValueError when they do not broadcast)."""
    return broadcast_shapes(x_shape, y_shape)


def broadcast_shapes(*shapes):
    """paddle.broadcast_shapes(*shapes): the broadcast result shape of several shapes (a list)."""
    out = []
    for shape in shapes:
        shape = [int(s) for s in shape]
        a, b = out[::-1], shape[::-1]
        res = []
        for i in builtins.range(builtins.max(len(a), len(b))):
            da = a[i] if i < len(a) else 1
            db = b[i] if i < len(b) else 1
            if da != db and da != 1 and db != 1:
                raise ValueError(f"(InvalidArgument) Broadcast dimension mismatch. Operands "
                                 f"could not be broadcast together with the shape of X = {out} "
                                 f"and the shape of Y = {shape}. Received [{da}] in X is not "
                                 f"equal to [{db}] in Y at i:{i}.")
            res.append(db if da == 1 else da)
        out = res[::-1]
    return out


def _multiplex(xs, ids):
    stacked = torch.stack(xs)
    rows = torch.arange(stacked.shape[1], device=stacked.device)
    return stacked[ids.reshape(-1).long(), rows]


_MULTIPLEX = defop("multiplex", _multiplex, inputs=("X", "Ids"), api="paddle.multiplex")


def multiplex(inputs, index, name=None):
    """paddle.multiplex(inputs, index): row i of the output is row i of inputs[index[i]].
    `index` is an int32 tensor of shape [N, 1] (Paddle's kernel reads int32)."""
    if len(inputs) < 2:
        raise ValueError("inputs should be a list object with at least 2 elements.")
    if index.dtype.short != "int32":
        raise ValueError("(InvalidArgument) The type of data we are trying to retrieve (int32) "
                         f"does not match the type of data ({index.dtype.short}) currently "
                         "contained in the container.")
    return apply_op(_MULTIPLEX, (list(inputs), index))


def _reduce_as(x, target):
    lead = x.dim() - target.dim()
    dims = list(builtins.range(lead)) + [lead + i for i, s in enumerate(target.shape)
                                         if s == 1 and x.shape[lead + i] != 1]
    out = x.sum(dim=dims) if dims else x.clone()
    return out.reshape(target.shape)


_REDUCE_AS = defop("reduce_as", _reduce_as, inputs=("X", "Target"), api="paddle.reduce_as")


def reduce_as(x, target, name=None):
    """paddle.reduce_as(x, target): sum x over the axes it was broadcast along, to target's shape."""
    return apply_op(_REDUCE_AS, (x, target))


attach({n: globals()[n] for n in ("baddbmm", "gammainc", "gammaincc", "multigammaln", "renorm",
                                  "frexp", "trapezoid", "cumulative_trapezoid", "vander",
                                  "combinations", "multiplex", "reduce_as")
        if n not in METHODS})      # (no Tensor.cartesian_prod in Paddle 3.3.1)


# ---- in-place variants (Paddle's `paddle.<op>_`): one table, one helper (creation.inplace) ------
_C = "float64, complex128, float32, complex64"
_F = "float64, float32"
# Paddle's in-place kernels that refuse integer/bool tensors (name -> (phi kernel, dtype list));
# the other in-place ops cast as their out-of-place forms do (log_ of int64 gives float32)
INT_REFUSED = {
    "cos": ("cos", _C), "acos": ("acos", _C), "atan": ("atan", _C), "sin": ("sin", _C),
    "sinh": ("sinh", _C), "tan": ("tan", _C), "tanh": ("tanh", _C), "asin": ("asin", _C),
    "cosh": ("cosh", _C), "sqrt": ("sqrt", _C), "reciprocal": ("reciprocal", _C),
    "sigmoid": ("sigmoid", _C), "rsqrt": ("rsqrt", _F), "digamma": ("digamma", _F),
    "lgamma": ("lgamma", _F), "gammaln": ("gammaln", _F), "i0": ("i0", _F), "logit": ("logit", _F),
    "erf": ("erf", "float64, float16, float32"), "sinc": ("sin", _C), "hypot": ("sqrt", _C)}


def _ip(fn, name=None):
    return inplace(fn, name, int_kernel=INT_REFUSED.get(fn.__name__))


def _nan_to_num_inplace(x, nan=0.0, posinf=None, neginf=None, name=None):
    if isinstance(x, Tensor) and not (x._t.is_floating_point() or x._t.is_complex()):
        raise AssertionError()      # Paddle 3.3.1's nan_to_num_ asserts a floating dtype
    return nan_to_num(x, nan, posinf, neginf)


_nan_to_num_inplace.__name__ = "nan_to_num"

abs_, acos_, atan_, cos_, sin_, sinh_, tan_, tanh_ = (
    _ip(f) for f in (abs, acos, atan, cos, sin, sinh, tan, tanh))
erf_, expm1_, square_, log_, log2_, log10_, neg_, trunc_ = (
    _ip(f) for f in (erf, expm1, square, log, log2, log10, neg, trunc))
frac_, digamma_, lgamma_, gammaln_, i0_, sinc_, logit_, polygamma_ = (
    _ip(f) for f in (frac, digamma, lgamma, gammaln, i0, sinc, logit, polygamma))
cumsum_, cumprod_, remainder_ = (_ip(f) for f in (cumsum, cumprod, remainder))
nan_to_num_ = _ip(_nan_to_num_inplace, "nan_to_num_")
mod_ = _ip(remainder, "mod_")
floor_mod_ = _ip(remainder, "floor_mod_")
floor_divide_, divide_, multiply_, subtract_ = (
    _ip(f) for f in (floor_divide, divide, multiply, subtract))
div_ = _ip(divide, "div_")
sub_ = _ip(subtract, "sub_")
copysign_, gcd_, lcm_, hypot_, ldexp_, addmm_, baddbmm_ = (
    _ip(f) for f in (copysign, gcd, lcm, hypot, ldexp, addmm, baddbmm))
bitwise_left_shift_, bitwise_right_shift_ = (
    _ip(f) for f in (bitwise_left_shift, bitwise_right_shift))
gammainc_, gammaincc_, multigammaln_, renorm_ = (
    _ip(f) for f in (gammainc, gammaincc, multigammaln, renorm))
cast_ = _ip(cast, "cast_")


def _pow_keep_dtype(x, y, name=None):
    # Paddle's pow_ writes into x's own dtype: pow_(int64, 2.5) stays int64 ([1, 4] for [1, 2])
    out = pow(x, y)
    return cast(out, x.dtype) if isinstance(x, Tensor) and out.dtype != x.dtype else out


_pow_keep_dtype.__name__ = "pow"
pow_ = _ip(_pow_keep_dtype, "pow_")

INPLACE_NAMES = [
    "abs_", "acos_", "atan_", "cos_", "sin_", "sinh_", "tan_", "tanh_", "erf_", "expm1_",
    "square_", "log_", "log2_", "log10_", "neg_", "trunc_", "frac_", "digamma_", "lgamma_",
    "gammaln_", "i0_", "sinc_", "logit_", "polygamma_", "nan_to_num_", "cumsum_", "cumprod_",
    "pow_", "remainder_", "mod_", "floor_mod_", "floor_divide_", "divide_", "multiply_",
    "subtract_", "div_", "sub_", "copysign_", "gcd_", "lcm_", "hypot_", "ldexp_", "addmm_",
    "baddbmm_", "bitwise_left_shift_", "bitwise_right_shift_", "gammainc_", "gammaincc_",
    "multigammaln_", "renorm_", "cast_"]
__all__ += ["baddbmm", "gammainc", "gammaincc", "multigammaln", "renorm", "frexp", "trapezoid",
            "cumulative_trapezoid", "vander", "cartesian_prod", "combinations", "broadcast_shape",
            "broadcast_shapes", "multiplex", "reduce_as"] + INPLACE_NAMES
# Tensor.<op>_ for each but erf_ and expm1_, which Paddle 3.3.1's Tensor lacks (tensor_patch.py
# adds the in-place methods with no paddle.* function)
NOT_METHODS = ("erf_", "expm1_")
attach({n: globals()[n] for n in INPLACE_NAMES if n not in METHODS and n not in NOT_METHODS})
