"""Comparison, logical and bitwise ops (Paddle: tensor/logic.py): paddle.equal ... paddle.is_empty,
and the aliases eq, ne, gt, ge, lt, le, greater, less; and Paddle's Tensor operators (`x + y`,
`x == y`, `x & y`, `-x`, ...; Paddle: base/dygraph/math_op_patch.py).

Operator rules (Paddle 3.3.1, recorded in conformance/goldens/ops_math.json):
* `x + 1`, `2 ** x`, `x / 2`: a Python scalar combines without widening the tensor (see math.py);
  a numpy array is converted to a Tensor first (`np.ones(2) + x` gives float64, like Paddle).
* two Tensors follow Paddle's promotion: float<->float and complex<->real only, else TypeError.
* `x == None` is False and `x != None` True (no error); `x == 'a'` is an all-False bool tensor.
* bitwise operators need Tensors of bool/int dtypes (`x & 1` is Paddle's ValueError).
* there are no in-place operators: `x += 1` rebinds `x` to a new Tensor, as in Paddle.

The four commonest operators have a dynamic-mode fast path straight to torch (one dtype check, one
torch call, one wrap) because they dominate eager overhead; everything else goes through `apply_op`.
"""
import operator

import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import from_torch_dtype
from .._mode import STATE
from .._tensor import Tensor, wrap
from .._tensor_methods import METHODS, attach
from ._checks import broadcast_error, check_tensor_arg, invalid_argument, is_tensor_like
from .creation import full, full_like, inplace
from .math import (_PYOPS, _SCALE, UNARY_OPS, _scalar_tensor_pair, binary_with_scalar,
                   check_promotion)
from .registry import STATIC, apply_op, defop, to_one_device

__all__ = ["equal", "not_equal", "greater_than", "greater_equal", "less_than", "less_equal",
           "logical_and", "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or",
           "bitwise_xor", "bitwise_not", "allclose", "isclose", "equal_all", "isnan", "isinf",
           "is_tensor", "is_empty", "eq", "ne", "gt", "ge", "lt", "le", "greater", "less"]


def _checked(fn):
    def kernel(x, y, axis=-1):
        if x.dtype is not y.dtype:
            check_promotion(x, y)
        return fn(x, y)
    return kernel


def _bitwise(fn, name):
    def kernel(x, y=None):
        for t in (x,) if y is None else (x, y):
            if t.is_floating_point() or t.is_complex():
                raise RuntimeError(
                    f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                    f"{from_torch_dtype(t.dtype).short}) of kernel `{name}` is not registered. "
                    f"Selected wrong DataType `{from_torch_dtype(t.dtype).short}`. Paddle support "
                    f"following DataTypes: int16, int32, uint8, bool, int64, int8.")
        if y is None:
            return fn(x)
        if x.dtype is not y.dtype:
            check_promotion(x, y)
        return fn(x, y)
    return kernel


_COMPARE = {"equal": torch.eq, "not_equal": torch.ne, "greater_than": torch.gt,
            "greater_equal": torch.ge, "less_than": torch.lt, "less_equal": torch.le}
_LOGICAL = {"logical_and": torch.logical_and, "logical_or": torch.logical_or,
            "logical_xor": torch.logical_xor}
_BITWISE = {"bitwise_and": torch.bitwise_and, "bitwise_or": torch.bitwise_or,
            "bitwise_xor": torch.bitwise_xor}
OPS = {}
for _n, _f in _COMPARE.items():
    OPS[_n] = defop(_n, _checked(_f), inputs=("X", "Y"), attrs={"axis": -1}, api=f"paddle.{_n}")
for _n, _f in _LOGICAL.items():
    OPS[_n] = defop(_n, _checked(_f), inputs=("X", "Y"), api=f"paddle.{_n}")
for _n, _f in _BITWISE.items():
    OPS[_n] = defop(_n, _bitwise(_f, _n), inputs=("X", "Y"), api=f"paddle.{_n}")
OPS["logical_not"] = defop("logical_not", torch.logical_not, api="paddle.logical_not")
OPS["bitwise_not"] = defop("bitwise_not", _bitwise(torch.bitwise_not, "bitwise_not"),
                           api="paddle.bitwise_not")
OPS["isnan"] = defop("isnan_v2", torch.isnan, api="paddle.isnan")
OPS["isinf"] = defop("isinf_v2", torch.isinf, api="paddle.isinf")
OPS["is_empty"] = defop("is_empty", lambda x: torch.tensor(x.numel() == 0, device=x.device),
                        api="paddle.is_empty")


def _make_binary(name, doc):
    op = OPS[name]
    if name.startswith("bitwise"):
        def fn(x, y, out=None, name=None):
            check_tensor_arg(y, fn.__name__, "y", 1)
            r = apply_op(op, (x, y))
            return r if out is None else _out(r, out)
    else:
        def fn(x, y, name=None, *, out=None):
            r = apply_op(op, (x, y))
            return r if out is None else _out(r, out)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"paddle.{name}(x, y): {doc} (legacy op {op.type}); the result is bool" + (
        " (same dtype for bitwise ops)." if name.startswith("bitwise") else ".")
    return fn


def _out(result, out):
    out._t = result._t
    return out


_equal_op = _make_binary("equal", "elementwise x == y")


def equal(x, y, name=None, *, out=None):
    """paddle.equal(x, y): elementwise x == y (legacy op equal); the result is bool. `y` may be a
    Python bool/int/float (a 0-D tensor of x's dtype, so 1.5 against int32 compares with 1) or
    complex (a complex tensor, promoted), as Paddle's."""
    if not isinstance(y, (int, bool, float, complex, Tensor)):
        raise TypeError("Type of input args must be float, bool, complex, int or Tensor, but "
                        f"received type {type(y)}")
    if isinstance(y, complex):
        y = to_tensor(y)
    elif not isinstance(y, Tensor):
        y = full([], y, x.dtype)
    return _equal_op(x, y, name, out=out)


not_equal = _make_binary("not_equal", "elementwise x != y")
greater_than = _make_binary("greater_than", "elementwise x > y")
greater_equal = _make_binary("greater_equal", "elementwise x >= y")
less_than = _make_binary("less_than", "elementwise x < y")
less_equal = _make_binary("less_equal", "elementwise x <= y")
logical_and = _make_binary("logical_and", "elementwise logical AND (nonzero is True)")
logical_or = _make_binary("logical_or", "elementwise logical OR")
logical_xor = _make_binary("logical_xor", "elementwise logical XOR")
bitwise_and = _make_binary("bitwise_and", "elementwise bitwise AND of bool/int tensors")
bitwise_or = _make_binary("bitwise_or", "elementwise bitwise OR of bool/int tensors")
bitwise_xor = _make_binary("bitwise_xor", "elementwise bitwise XOR of bool/int tensors")


def logical_not(x, name=None, *, out=None):
    """paddle.logical_not(x): elementwise NOT (nonzero is True); the result is bool."""
    r = apply_op(OPS["logical_not"], (x,))
    return r if out is None else _out(r, out)


def bitwise_not(x, out=None, name=None):
    """paddle.bitwise_not(x): elementwise bitwise NOT of a bool/int tensor."""
    r = apply_op(OPS["bitwise_not"], (x,))
    return r if out is None else _out(r, out)


def isnan(x, name=None):
    """paddle.isnan(x): elementwise NaN test (bool)."""
    return apply_op(OPS["isnan"], (x,))


def isinf(x, name=None):
    """paddle.isinf(x): elementwise +/-inf test (bool)."""
    return apply_op(OPS["isinf"], (x,))


def is_empty(x, name=None):
    """paddle.is_empty(x): a 0-D bool Tensor, True when x has no elements."""
    check_tensor_arg(x, "is_empty", "x", 0)
    return apply_op(OPS["is_empty"], (x,))


def is_tensor(x):
    """paddle.is_tensor(x): True for a paddle Tensor (a Python bool)."""
    return isinstance(x, Tensor)


def _same_dtype(x, y):
    if x.dtype is not y.dtype:
        raise invalid_argument(f"The type of data we are trying to retrieve "
                               f"({from_torch_dtype(x.dtype).short}) does not match the type of "
                               f"data ({from_torch_dtype(y.dtype).short}) currently contained in "
                               f"the container.")


def _allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    _same_dtype(x, y)
    if not x.is_floating_point():
        x, y = x.to(torch.float64), y.to(torch.float64)
    return torch.tensor(bool(torch.allclose(x, y, rtol, atol, equal_nan)), device=x.device)


def _isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False):
    _same_dtype(x, y)
    return torch.isclose(x, y, rtol, atol, equal_nan)


_CLOSE_ATTRS = {"rtol": 1e-05, "atol": 1e-08, "equal_nan": False}
OPS["allclose"] = defop("allclose", _allclose, inputs=("Input", "Other"), attrs=_CLOSE_ATTRS,
                        api="paddle.allclose")
OPS["isclose"] = defop("isclose", _isclose, inputs=("Input", "Other"), attrs=_CLOSE_ATTRS,
                       api="paddle.isclose")


def _close_attrs(api, rtol, atol, equal_nan):
    for arg, v in (("rtol", rtol), ("atol", atol)):
        if not isinstance(v, float):
            raise TypeError(f"The type of '{arg}' in {api} must be (<class 'float'>,), but "
                            f"received {type(v)}. ")
    if not isinstance(equal_nan, bool):
        raise TypeError(f"The type of 'equal_nan' in {api} must be (<class 'bool'>,), but "
                        f"received {type(equal_nan)}. ")
    return {"rtol": rtol, "atol": atol, "equal_nan": equal_nan}


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """paddle.allclose(x, y, rtol, atol, equal_nan): 0-D bool, all |x-y| <= atol + rtol*|y|.

    x and y must have the same dtype (Paddle's ValueError otherwise)."""
    return apply_op(OPS["allclose"], (x, y), _close_attrs("allclose", rtol, atol, equal_nan))


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """paddle.isclose(x, y, rtol, atol, equal_nan): elementwise closeness (bool)."""
    return apply_op(OPS["isclose"], (x, y), _close_attrs("isclose", rtol, atol, equal_nan))


def _equal_all(x, y):
    if x.shape != y.shape:
        return torch.tensor(False, device=x.device)
    if x.dtype is not y.dtype:
        check_promotion(x, y)
    return torch.tensor(bool(torch.equal(*torch.broadcast_tensors(x, y))) if x.dtype is y.dtype
                        else bool((x == y).all()), device=x.device)


OPS["equal_all"] = defop("equal_all", _equal_all, inputs=("X", "Y"), api="paddle.equal_all")


def equal_all(x, y, name=None):
    """paddle.equal_all(x, y): 0-D bool, True when shapes and all values are equal."""
    return apply_op(OPS["equal_all"], (x, y))


# ---- Tensor operators -------------------------------------------------------------------------
def _binary_retry(fn, a, b, exc):
    """After `a <op> b` failed: Paddle's broadcast ValueError, or the op on one device when the
    operands sit on a CPU and a GPU (Paddle copies them over), or torch's own error."""
    err = broadcast_error(a, b)
    if err is not None:
        raise err
    moved = to_one_device((a, b))
    if moved is None:
        raise exc
    return wrap(fn(*moved))


def _add(self, other):
    if type(other) is Tensor and not STATE.observed:
        a, b = self._t, other._t
        if a.dtype is not b.dtype:
            check_promotion(a, b)
        try:
            return wrap(a + b)
        except RuntimeError as exc:
            return _binary_retry(torch.add, a, b, exc)
    kind = type(other)
    if (kind is int or kind is float) and not STATE.observed and type(self) is Tensor:
        return wrap(self._t + other)
    return binary_with_scalar("add", self, other)


def _sub(self, other):
    if type(other) is Tensor and not STATE.observed:
        a, b = self._t, other._t
        if a.dtype is not b.dtype:
            check_promotion(a, b)
        try:
            return wrap(a - b)
        except RuntimeError as exc:
            return _binary_retry(torch.sub, a, b, exc)
    kind = type(other)
    if (kind is int or kind is float) and not STATE.observed and type(self) is Tensor \
            and self._t.dtype is not torch.bool:
        return wrap(self._t - other)
    return binary_with_scalar("subtract", self, other)


def _mul(self, other):
    if type(other) is Tensor and not STATE.observed:
        a, b = self._t, other._t
        if a.dtype is not b.dtype:
            check_promotion(a, b)
        try:
            return wrap(a * b)
        except RuntimeError as exc:
            return _binary_retry(torch.mul, a, b, exc)
    kind = type(other)
    if (kind is int or kind is float) and not STATE.observed and type(self) is Tensor:
        t = self._t
        if other <= 0 and t.is_floating_point():
            # Paddle multiplies by a scalar with scale(x, s, bias=0.): -0. results come out 0.
            return wrap(t * other + 0)
        return wrap(t * other)
    return binary_with_scalar("multiply", self, other)


def _truediv(self, other):
    if type(other) is Tensor and not STATE.observed:
        a, b = self._t, other._t
        if a.dtype is not b.dtype:
            check_promotion(a, b)
        try:
            return wrap(torch.true_divide(a, b))
        except RuntimeError as exc:
            return _binary_retry(torch.true_divide, a, b, exc)
    return binary_with_scalar("divide", self, other)


# `2 - x` and friends in dynamic mode with a Python int/float: the torch call binary_with_scalar
# makes, without its dispatch (add and multiply commute; torch.rsub is what Tensor.__rsub__ runs).
def _rmul(t, other):
    if other <= 0 and t.is_floating_point():   # scale(x, s, bias=0.): no -0. (see _mul)
        return t * other + 0
    return t * other


_REVERSED = {"add": operator.add, "multiply": _rmul, "subtract": torch.rsub}


def _binary_method(name, reverse=False):
    if reverse and name in _REVERSED:
        fast = _REVERSED[name]

        def method(self, other):
            kind = type(other)
            if (kind is int or kind is float) and type(self) is Tensor and not STATE.observed \
                    and self._t.dtype is not torch.bool:   # bool - scalar: see binary_with_scalar
                return wrap(fast(self._t, other))
            return binary_with_scalar(name, self, other, reverse)
        return method
    fn = _PYOPS[name]

    def method(self, other):
        kind = type(other)
        if (kind is int or kind is float) and type(self) is Tensor and not STATE.observed:
            return wrap(fn(other, self._t) if reverse else fn(self._t, other))
        return binary_with_scalar(name, self, other, reverse)
    return method


def _compare_method(name, pyop, fastop, none_result=None):
    # fastop: the operator module's function (a C slot call, faster than the torch function pyop)
    op = OPS[name]

    def method(self, other):
        if type(other) is Tensor and type(self) is Tensor and not STATE.observed:
            a, b = self._t, other._t
            if a.dtype is not b.dtype:
                check_promotion(a, b)
            return wrap(fastop(a, b))
        if isinstance(other, Tensor) or (is_tensor_like(other) and STATE.static):
            if STATE.static:
                with STATIC.tmp_outputs():     # Paddle's Variable operators name outputs tmp_<n>
                    return apply_op(op, (self, other))
            return apply_op(op, (self, other))
        if isinstance(other, np.ndarray) and other.ndim > 0:
            return apply_op(op, (self, to_tensor(other, place=self.place)))
        if isinstance(other, (np.generic, np.ndarray)):
            other = other.item()
        if isinstance(other, (bool, int, float)):
            if not STATE.observed and type(self) is Tensor:
                return wrap(fastop(self._t, other))
            if STATE.static and hasattr(self, "block"):   # Paddle's fill_constant + compare
                return STATIC.scalar_op(op, name, self, other)
            return apply_op(op, _scalar_tensor_pair(self, other, False))
        if none_result is not None:
            if isinstance(other, str):   # Paddle compares against a str elementwise: all unequal
                return full_like(self, none_result, "bool")
            return none_result           # x == None / x == [..] is False, x != None is True
        raise TypeError(f"(InvalidType) {pyop.__name__}(): argument (position 1) must be int, "
                        f"float, bool or Tensor, but got {type(other).__name__}")
    return method


def _bitwise_method(fn):
    def method(self, other):
        return fn(self, other)
    return method


def _neg(self):
    if not STATE.observed and type(self) is Tensor and self._t.dtype is not torch.bool:
        t = self._t
        return wrap(-t + 0 if t.is_floating_point() else -t)   # Paddle: -(0.) is 0., not -0.
    if STATE.static and hasattr(self, "block"):
        # Paddle's legacy `-x` is scale(x, -1.0, 0.0) named tmp_<n>
        with STATIC.tmp_outputs():
            return apply_op(_SCALE, (self,), {"scale": -1.0, "bias": 0.0, "bias_after_scale": True})
    return apply_op(UNARY_OPS["neg"], (self,))


def _abs(self):
    return apply_op(UNARY_OPS["abs"], (self,))


def _invert(self):
    return apply_op(OPS["bitwise_not"], (self,))


def _pos(self):
    return self


attach({
    "__add__": _add, "__radd__": _binary_method("add", True),
    "__sub__": _sub, "__rsub__": _binary_method("subtract", True),
    "__mul__": _mul, "__rmul__": _binary_method("multiply", True),
    "__truediv__": _truediv, "__rtruediv__": _binary_method("divide", True),
    "__floordiv__": _binary_method("floor_divide"),
    "__rfloordiv__": _binary_method("floor_divide", True),
    "__mod__": _binary_method("remainder"), "__rmod__": _binary_method("remainder", True),
    "__pow__": _binary_method("elementwise_pow"),
    "__rpow__": _binary_method("elementwise_pow", True),
    "__neg__": _neg, "__abs__": _abs, "__pos__": _pos, "__invert__": _invert,
    "__eq__": _compare_method("equal", torch.eq, operator.eq, False),
    "__ne__": _compare_method("not_equal", torch.ne, operator.ne, True),
    "__lt__": _compare_method("less_than", torch.lt, operator.lt),
    "__le__": _compare_method("less_equal", torch.le, operator.le),
    "__gt__": _compare_method("greater_than", torch.gt, operator.gt),
    "__ge__": _compare_method("greater_equal", torch.ge, operator.ge),
    "__and__": _bitwise_method(bitwise_and), "__or__": _bitwise_method(bitwise_or),
    "__xor__": _bitwise_method(bitwise_xor),
    # numpy defers `ndarray op Tensor` to the Tensor's reflected operator (Paddle gives a Tensor)
    "__array_priority__": 100,
})

# ---- aliases (paddle.eq, ne, gt, ge, lt, le, greater, less) ------------------------------------
eq, ne = equal, not_equal
gt, ge, lt, le = greater_than, greater_equal, less_than, less_equal
greater, less = greater_than, less_than
_ALIASES = ("eq", "ne", "gt", "ge", "lt", "le", "greater", "less")

attach({name: globals()[name] for name in __all__ if name != "is_tensor" and name not in _ALIASES})
attach({n: globals()[n] for n in _ALIASES if n not in METHODS})



def bitwise_invert(x, out=None, name=None):
    """paddle.bitwise_invert(x, out=None): bitwise NOT (~x) of a bool or integer tensor, the
    Python-array-API name of paddle.bitwise_not."""
    return bitwise_not(x, out=out)


# ---- in-place variants (Paddle's `paddle.<op>_`): the result is written back into x, which takes
# the result's dtype (bool for the comparisons, as in Paddle 3.3.1) -----------------------------
equal_, greater_equal_, greater_than_, less_equal_, less_than_ = (
    inplace(f) for f in (equal, greater_equal, greater_than, less_equal, less_than))
less_ = inplace(less_than, "less_")
logical_and_, logical_or_, logical_not_ = (
    inplace(f) for f in (logical_and, logical_or, logical_not))
bitwise_and_, bitwise_or_, bitwise_xor_, bitwise_not_ = (
    inplace(f) for f in (bitwise_and, bitwise_or, bitwise_xor, bitwise_not))
bitwise_invert_ = inplace(bitwise_not, "bitwise_invert_")
INPLACE_NAMES = ["equal_", "greater_equal_", "greater_than_", "less_equal_", "less_than_",
                 "less_", "logical_and_", "logical_or_", "logical_not_", "bitwise_and_",
                 "bitwise_or_", "bitwise_xor_", "bitwise_not_", "bitwise_invert_"]
__all__ += ["bitwise_invert"] + INPLACE_NAMES
attach({n: globals()[n] for n in ["bitwise_invert"] + INPLACE_NAMES if n not in METHODS})
