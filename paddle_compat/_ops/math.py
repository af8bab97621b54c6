"""Elementwise math ops: paddle.add ... paddle.erf, clip, scale, lerp, cumsum, in-place variants and
the arithmetic Tensor operators (`x + y`, `2 ** x`, ...).

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
import operator

import numpy as np
import torch

from .._dtype import from_torch_dtype, to_dtype
from .._mode import STATE
from .._tensor import Tensor, wrap
from .._tensor_methods import attach
from ._checks import check_tensor_arg, invalid_argument, is_tensor_like
from .registry import apply_op, defop

__all__ = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "pow",
           "maximum", "minimum", "fmax", "fmin", "exp", "expm1", "log", "log2", "log10", "log1p",
           "sqrt", "rsqrt", "square", "abs", "neg", "sign", "reciprocal", "floor", "ceil", "round",
           "trunc", "tanh", "sigmoid", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
           "erf", "clip", "scale", "lerp", "isfinite", "increment", "add_n", "cumsum", "cumprod",
           "logsumexp", "stanh", "cast", "binary_with_scalar", "check_promotion"]

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
    def kernel(x, y, axis=-1):   # `axis` is the legacy broadcast attr; numpy broadcasting covers it
        if x.dtype is not y.dtype:
            check_promotion(x, y)
        return fn(x, y)
    return kernel


def _int_floor_div(x, y):
    return torch.floor_divide(x, y)


_BINARY = {
    # public name: (legacy type, torch fn)
    "add": ("elementwise_add", torch.add),
    "subtract": ("elementwise_sub", torch.sub),
    "multiply": ("elementwise_mul", torch.mul),
    "divide": ("elementwise_div", torch.true_divide),
    "floor_divide": ("elementwise_floordiv", _int_floor_div),
    "remainder": ("elementwise_mod", torch.remainder),
    "elementwise_pow": ("elementwise_pow", torch.pow),
    "maximum": ("elementwise_max", torch.maximum),
    "minimum": ("elementwise_min", torch.minimum),
    "fmax": ("elementwise_fmax", torch.fmax),
    "fmin": ("elementwise_fmin", torch.fmin),
}
OPS = {name: defop(t, _binary_kernel(fn), inputs=("X", "Y"), attrs={"axis": -1},
                   api=f"paddle.{name}") for name, (t, fn) in _BINARY.items()}
_K_ADD, _K_SUB = OPS["add"].kernel, OPS["subtract"].kernel
_K_MUL, _K_DIV = OPS["multiply"].kernel, OPS["divide"].kernel


def _scalar_tensor_pair(x, value, reverse):
    """Static mode (or a non-fast path): turn a Python scalar into a 0-D tensor of the dtype
    Paddle's tensor-scalar rule gives, casting `x` when the scalar changes its kind."""
    from .creation import full
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


_INT_SHORTS = ("uint8", "int8", "int16", "int32", "int64")
# Paddle's legacy Variable operators with a Python number use one `scale` op for + - * /:
# (name, reverse) -> value -> (scale, bias); `1.0 / value` is Paddle's own arithmetic.
_SCALAR_METHODS = {("add", False): lambda v: (1.0, v), ("add", True): lambda v: (1.0, v),
                   ("subtract", False): lambda v: (1.0, -v), ("subtract", True): lambda v: (-1.0, v),
                   ("multiply", False): lambda v: (v, 0.0), ("multiply", True): lambda v: (v, 0.0),
                   ("divide", False): lambda v: (1.0 / v, 0.0)}


def static_scalar_op(op, name, x, value, reverse=False):
    """Static mode `x <op> number` as Paddle's legacy math_op_patch records it: an int tensor with a
    float number (or divided by an int) is cast to float32 first, a bool tensor with an int to
    int64; + - * / become one `scale` op; anything else a `fill_constant` of x's dtype (shape [] or,
    reversed, x's shape) and the elementwise/compare `op`. Every output is named tmp_<n>."""
    from .._static.builder import tmp_outputs
    with tmp_outputs():
        short = x.dtype.short
        method = _SCALAR_METHODS.get((name, reverse))
        if isinstance(value, float):
            if short in _INT_SHORTS:
                x = cast(x, "float32")
        else:
            value = float(value)
            if name == "divide" and short in _INT_SHORTS:
                x = cast(x, "float32")
            if short == "bool":
                x = cast(x, "int64")
        if method is not None:
            sc, bias = method(value)
            return apply_op(_SCALE, (x,), {"scale": sc, "bias": bias, "bias_after_scale": True})
        y = _static_fill(x, value, reverse)
        if y.dtype is not x.dtype and not (y.dtype.is_floating_point and x.dtype.is_floating_point):
            # the batch-size-like constant is float32 (Paddle passes no dtype): int tensors fail
            raise TypeError(_PROMO.format(x.dtype.short, y.dtype.short))
        if reverse:
            x, y = y, x
        if name == "divide" and x.dtype.short in _INT_SHORTS and x.dtype is y.dtype:
            x, y = cast(x, "float32"), cast(y, "float32")
        return apply_op(op, (x, y))


def _static_fill(x, value, reverse):
    """The constant operand: shape [] (x op c), x's shape (c op x), or, when x has a -1 dimension,
    `fill_constant_batch_size_like` on x (Paddle's create_tensor_with_batchsize)."""
    from .._static.builder import append_op, default_main_program, new_tmp_var
    from .._static.ir import VARTYPE_CODES
    from .._static.local_ops import LOCAL_OPS
    block = default_main_program().current_block()
    code = VARTYPE_CODES[x.dtype.short]
    shape = list(x.shape) if reverse else []
    if reverse and any(d < 0 for d in shape):
        batch = next(i for i, d in enumerate(shape) if d < 0)
        shape = [d if d >= 0 or i == batch else 1 for i, d in enumerate(shape)]
        # Paddle's op gets no dtype attribute: the constant is float32 whatever x's dtype
        var = new_tmp_var(block, shape, to_dtype("float32"))
        append_op(block, LOCAL_OPS["fill_constant_batch_size_like"], {"Input": [x.name]},
                  {"Out": [var.name]}, {"dtype": 5, "force_cpu": False,
                                        "input_dim_idx": batch, "output_dim_idx": batch,
                                        "shape": shape, "value": value})
        return var
    var = new_tmp_var(block, shape, x.dtype)
    append_op(block, LOCAL_OPS["fill_constant"], {}, {"Out": [var.name]},
              {"dtype": code, "force_cpu": False, "place_type": -1, "shape": shape,
               "str_value": "", "value": value})
    return var


def binary_with_scalar(name, x, y, reverse=False):
    """`x op y` for the operators, where y may be a Tensor, a Python or numpy scalar, or a numpy
    array (`reverse`: y op x). Dynamic mode hands scalars straight to torch, whose tensor-scalar
    promotion is Paddle's; static mode records a fill_constant (+ cast) and the elementwise op."""
    if isinstance(y, np.ndarray) and y.ndim > 0:
        from .._creation_core import to_tensor
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
            return wrap(fn(y, xt) if reverse else fn(xt, y))
        if STATE.static and hasattr(x, "block"):
            return static_scalar_op(OPS[name], name, x, y, reverse)
        return apply_op(OPS[name], _scalar_tensor_pair(x, y, reverse))
    if isinstance(y, complex):
        return apply_op(OPS[name], _scalar_tensor_pair(x, y, reverse))
    if not is_tensor_like(y):
        op = "__r" + _DUNDER[name][2:] if reverse else _DUNDER[name]
        raise TypeError(f"(InvalidType) {op}(): argument (position 1) must be int, float, bool "
                        f"or Tensor, but got {type(y).__name__}")
    if STATE.static:
        from .._static.builder import tmp_outputs
        with tmp_outputs():     # Paddle's Variable operators name their outputs tmp_<n>
            return apply_op(OPS[name], (y, x) if reverse else (x, y))
    return apply_op(OPS[name], (y, x) if reverse else (x, y))


_DUNDER = {"add": "__add__", "subtract": "__sub__", "multiply": "__mul__",
           "divide": "__truediv__", "floor_divide": "__floordiv__", "remainder": "__mod__",
           "elementwise_pow": "__pow__"}


def _alpha(y, alpha):
    return y if alpha == 1 else scale(y, alpha)


def _out(result, out):
    if out is None:
        return result
    out._t = result._t
    return out


def _unary_fast(kernel, raw):
    """Dynamic fast path of a unary op: float inputs go straight to the torch function `raw`."""
    def fast(t):
        return wrap(raw(t) if t.is_floating_point() else kernel(t))
    return fast


def add(x, y, name=None, *, alpha=1, out=None):
    """paddle.add(x, y): elementwise x + y with broadcasting (legacy op elementwise_add)."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.static and alpha == 1 \
            and out is None:    # dynamic fast path: the same kernel without apply_op's generality
        a, b = x._t, y._t
        return wrap(torch.add(a, b) if a.dtype is b.dtype else _K_ADD(a, b))
    if alpha != 1:
        y = _alpha(y, alpha)
    return _out(apply_op(OPS["add"], (x, y)), out)


def subtract(x, y, name=None, *, alpha=1, out=None):
    """paddle.subtract(x, y): elementwise x - y (elementwise_sub)."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.static and alpha == 1 \
            and out is None:
        a, b = x._t, y._t
        return wrap(torch.sub(a, b) if a.dtype is b.dtype else _K_SUB(a, b))
    if alpha != 1:
        y = _alpha(y, alpha)
    return _out(apply_op(OPS["subtract"], (x, y)), out)


def multiply(x, y, name=None, *, out=None):
    """paddle.multiply(x, y): elementwise x * y (elementwise_mul)."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.static and out is None:
        a, b = x._t, y._t
        return wrap(torch.mul(a, b) if a.dtype is b.dtype else _K_MUL(a, b))
    return _out(apply_op(OPS["multiply"], (x, y)), out)


def divide(x, y, name=None, *, rounding_mode=None, out=None):
    """paddle.divide(x, y): true division; integer inputs give float32 (elementwise_div).

    `rounding_mode` 'trunc' / 'floor' as in Paddle 3.3.1."""
    if rounding_mode is None:
        if type(x) is Tensor and type(y) is Tensor and not STATE.static and out is None:
            a, b = x._t, y._t
            return wrap(torch.true_divide(a, b) if a.dtype is b.dtype else _K_DIV(a, b))
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
    check_tensor_arg(y, "pow", "y", 1)
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
    "sign": ("sign", torch.sign, True),
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
             if name not in ("neg", "isfinite") and hasattr(torch, name)})


def _make_unary(name, has_out):
    op = UNARY_OPS[name]
    fast = _unary_fast(op.kernel, _RAW.get(name, op.kernel))
    arg = "input" if name == "trunc" else "x"
    if arg == "input":
        def fn(input, name=None):   # Paddle names trunc's argument `input`
            return apply_op(op, (input,))
    elif has_out:
        def fn(x, name=None, *, out=None):
            if type(x) is Tensor and not STATE.static and out is None:
                return fast(x._t)
            return _out(apply_op(op, (x,)), out)
    else:
        def fn(x, name=None):
            if type(x) is Tensor and not STATE.static:
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
    return _out(apply_op(_CLIP, (x,), {"min": min, "max": max}), out)


def _scale_kernel(x, scale=1.0, bias=0.0, bias_after_scale=True):
    if not (x.is_floating_point() or x.is_complex()) and x.dtype is not torch.bool:
        # Paddle's integer kernel casts the (float) attributes to the element type: the static
        # graph records `i * 2` as scale(2.0) and it must stay int32.
        scale, bias = int(scale), int(bias)
    if bias_after_scale:
        out = x * scale
        return out + bias if bias else out
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
        from .creation import full
        weight = full([], float(weight), x.dtype)
    return apply_op(_LERP, (x, y, weight))


_INCREMENT = defop("increment", lambda x, step=1.0: x + (step if x.is_floating_point()
                                                         else int(step)),
                   attrs={"step": 1.0}, api="paddle.increment")


def increment(x, value=1.0, name=None):
    """paddle.increment(x, value=1.0): x + value, written back into x (Paddle updates in place)."""
    shape = list(x.shape)
    size = None if any(d < 0 for d in shape) else int(np.prod(shape, dtype=np.int64))
    if size is not None and size != 1:
        raise invalid_argument(f"The number of elements in Input(X) should be 1.Now the number "
                               f"is {size}.")
    out = apply_op(_INCREMENT, (x,), {"step": value})
    if not STATE.static:
        x._t = out._t
        return x
    return out


def _add_n_kernel(xs):
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
    from ._checks import check_axis, normalize_axis
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
    return x.to(out_dtype)


_CAST = defop("cast", _cast_kernel, attrs={"out_dtype": None}, api="paddle.cast")


def cast(x, dtype):
    """paddle.cast(x, dtype) / Tensor.astype: a copy converted to `dtype` (C-style truncation)."""
    d = to_dtype(dtype)
    out = apply_op(_CAST, (x,), {"out_dtype": d.torch})
    if not STATE.static and not x.stop_gradient and out.stop_gradient:
        out._info = {"needs_grad": True}   # Paddle keeps stop_gradient=False on an int result
    return out




attach({name: globals()[name] for name in __all__
        if name not in ("binary_with_scalar", "check_promotion", "elementwise_pow")})
attach({"floor_mod": remainder})
