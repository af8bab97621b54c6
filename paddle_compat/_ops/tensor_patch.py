"""Tensor methods and properties of Paddle 3.3.1 that are not a public paddle.* op of their own:
dtype shortcuts (`x.float()`, `x.long()` ...), torch-style aliases Paddle 3.x added (`x.view`,
`x.permute`, `x.repeat`, `x.mul`, `x.ge`, `x.clamp` ...), `x.data`, `x.requires_grad`,
`retain_grads`, `new_zeros/new_ones/new_full/new_empty`, strides and contiguity, `apply`,
`fill_diagonal_` and the in-place unary methods (`x.floor_()` ...).

Everything that computes goes through the public ops (and so through `apply_op`), so static mode
records the same ops as Paddle's method patching does.
"""
import torch

from .._dtype import to_dtype
from .._mode import STATE
from .._tensor import Tensor, wrap
from .._tensor_methods import METHODS, attach
from . import math as _m
from . import manipulation as _manip
from . import logic as _logic
from .registry import apply_op, defop

__all__ = ["view", "view_as", "permute", "repeat", "new_zeros", "new_ones", "new_full",
           "new_empty", "type_as", "fill_diagonal_"]


# ---- dtype shortcuts -------------------------------------------------------------------------
def _to_dtype_method(dtype_name):
    def method(self):
        # Paddle returns the tensor itself when it already has the dtype (x.float() is x).
        if self.dtype.short == dtype_name:
            return self
        return _m.cast(self, dtype_name)
    method.__name__ = dtype_name
    method.__doc__ = f"Tensor.{dtype_name}(): this tensor as {dtype_name} (itself if it is already)."
    return method


_DTYPE_METHODS = {"float": "float32", "double": "float64", "half": "float16",
                  "bfloat16": "bfloat16", "int": "int32", "long": "int64", "short": "int16",
                  "bool": "bool", "byte": "uint8", "char": "int8", "float16": "float16",
                  "float32": "float32", "float64": "float64", "int8": "int8", "int16": "int16",
                  "int32": "int32", "int64": "int64", "uint8": "uint8", "complex64": "complex64",
                  "complex128": "complex128", "cfloat": "complex64", "cdouble": "complex128"}


# ---- torch-style aliases ------------------------------------------------------------------------
def _shape_args(shape, rest):
    # Paddle 3.x's size-args decorator: x.view(2, 3) means x.view([2, 3]).
    if isinstance(shape, int) and not isinstance(shape, bool):
        return [shape, *rest]
    return shape


def view(x, shape_or_dtype, *rest, name=None):
    """Tensor.view(shape_or_dtype) / paddle.view: reshape sharing data, or reinterpret the bytes as
    another dtype (`x.view('int32')`).

    Differences from Paddle: the reshape form records Paddle's reshape2 op."""
    if isinstance(shape_or_dtype, (list, tuple, int)) and not isinstance(shape_or_dtype, bool) \
            or isinstance(shape_or_dtype, Tensor):
        return _manip.reshape(x, _shape_args(shape_or_dtype, rest))
    d = to_dtype(shape_or_dtype)
    return _VIEW_DTYPE_CALL(x, d)


_VIEW_DTYPE = defop("view_dtype", lambda x, dtype=None: x.view(dtype), attrs={"dtype": None},
                    api="paddle.view")


def _VIEW_DTYPE_CALL(x, d):
    return apply_op(_VIEW_DTYPE, (x,), {"dtype": d.torch})


def view_as(x, other, name=None):
    """Tensor.view_as(other) / paddle.view_as: x reshaped to other's shape."""
    return _manip.reshape(x, list(other.shape))


def permute(input, *dims):
    """Tensor.permute(*dims) / paddle.permute(input, dims): transpose with `dims` given as a list or
    as separate ints."""
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = dims[0]
    return _manip.transpose(input, list(dims))


def repeat(input, *repeats):
    """Tensor.repeat(*repeats): torch-style tile (repeat counts as a list or separate ints)."""
    if len(repeats) == 1 and isinstance(repeats[0], (list, tuple)):
        repeats = repeats[0]
    elif len(repeats) == 1 and isinstance(repeats[0], Tensor):
        repeats = repeats[0].tolist()
        repeats = repeats if isinstance(repeats, list) else [repeats]
    return _manip.tile(input, list(repeats))


def _new(fill):
    def method(var, size, *rest, dtype=None, device=None, requires_grad=False, pin_memory=False):
        from .creation import full
        shape = _shape_args(size, rest)
        out = full(shape, fill, dtype=var.dtype if dtype is None else dtype)
        if device is not None:
            out = out.to(device)
        if requires_grad:
            out.stop_gradient = False
        return out
    return method


new_zeros = _new(0)
new_ones = _new(1)
new_empty = _new(0)
new_zeros.__name__, new_ones.__name__, new_empty.__name__ = "new_zeros", "new_ones", "new_empty"
new_zeros.__doc__ = "Tensor.new_zeros(size, *, dtype=None): zeros with this tensor's dtype."
new_ones.__doc__ = "Tensor.new_ones(size, *, dtype=None): ones with this tensor's dtype."
new_empty.__doc__ = ("Tensor.new_empty(size, *, dtype=None): an uninitialised tensor with this "
                     "tensor's dtype.\n\nDifferences from Paddle: the memory is zero-filled.")


def new_full(var, size, fill_value, *, dtype=None, device=None, requires_grad=False,
             pin_memory=False):
    """Tensor.new_full(size, fill_value, *, dtype=None): a filled tensor with this tensor's dtype."""
    from .creation import full
    out = full(size, fill_value, dtype=var.dtype if dtype is None else dtype)
    if requires_grad:
        out.stop_gradient = False
    return out


def type_as(self, other):
    """Tensor.type_as(other): this tensor cast to other's dtype."""
    return _m.cast(self, other.dtype)


def _sub(x, y, name=None, *, alpha=1, out=None):
    return _m.subtract(x, y, alpha=alpha, out=out)


def _binary_alias(fn):
    def method(x, y, name=None, *, out=None):
        if not isinstance(y, Tensor):
            from .._creation_core import to_tensor
            y = to_tensor(y, dtype=x.dtype)
        return fn(x, y, out=out) if out is not None else fn(x, y)
    method.__name__ = fn.__name__
    method.__doc__ = f"Tensor alias of paddle.{fn.__name__}."
    return method


# ---- data, requires_grad, strides ----------------------------------------------------------------
def _get_data(self):
    # Paddle's x.data is a new Tensor sharing x's storage, without x's gradient history.
    return wrap(self._t.detach())


def _set_data(self, value):
    keep = self.stop_gradient
    src = value._t if isinstance(value, Tensor) else torch.as_tensor(value)
    t = src.detach().clone()
    if not keep and (t.is_floating_point() or t.is_complex()):
        t.requires_grad_(True)
    self._t = t


def _get_requires_grad(self):
    return not self.stop_gradient


def _set_requires_grad(self, value):
    self.stop_gradient = not value


def requires_grad_(self, requires_grad=True):
    """Tensor.requires_grad_(requires_grad=True): set stop_gradient = not requires_grad; returns self."""
    self.stop_gradient = not requires_grad
    return self


def retain_grads(self):
    """Tensor.retain_grads(): keep .grad for this non-leaf tensor after backward."""
    t = self._t
    if t.requires_grad and not t.is_leaf:
        t.retain_grad()


def _strides(self):
    return list(self._t.stride())


def _is_contiguous(self):
    return self._t.is_contiguous()


def _contiguous(self):
    t = self._t
    return self if t.is_contiguous() else wrap(t.contiguous())


def _data_ptr(self):
    return self._t.data_ptr()


def _is_cuda(self):
    return self._t.is_cuda


def _itemsize(self):
    return self._t.element_size()


def apply(self, func):
    """Tensor.apply(func): func(self) computed without gradient; a stop_gradient=False tensor
    raises RuntimeError as in Paddle."""
    if not self.stop_gradient:
        raise RuntimeError("Cannot apply function on a tensor that required gradient.")
    return func(self)


def apply_(self, func):
    """Tensor.apply_(func): self replaced in place by func(self)."""
    if not self.stop_gradient:
        raise RuntimeError("Cannot apply function on a tensor that required gradient.")
    out = func(self)
    self._t.copy_(out._t)
    return self


def _value(self):
    return self


# ---- fill_diagonal_ ------------------------------------------------------------------------------
def _fill_diagonal_kernel(X, value=0.0, offset=0, wrap=False):
    # Paddle's FillDiagonalKernel, step for step: walk the flat buffer by the sum of the strides
    # (one step moves one along every axis), stop at cols * cols unless wrapping, and write at
    # i + offset when that stays in the row of i. Tall 2-D matrices restart the diagonal every
    # cols + 1 rows when wrapping (the row in between is skipped, as in Paddle).
    out = X.clone()
    cols = out.shape[1]
    size = out.numel() if wrap else min(out.numel(), cols * cols)
    step = sum(out.stride())
    i = torch.arange(0, size, step, device=out.device)
    col = i % cols + offset
    idx = i[(col >= 0) & (col < cols)] + offset
    out.view(-1)[idx] = value
    return out


_FILL_DIAG = defop("fill_diagonal", _fill_diagonal_kernel,
                   attrs={"value": 0.0, "offset": 0, "wrap": False},
                   api="paddle.Tensor.fill_diagonal_")


def fill_diagonal_(x, value, offset=0, wrap=False, name=None):
    """Tensor.fill_diagonal_(value, offset=0, wrap=False): write `value` on the diagonal in place.

    A tensor of more than 2 dimensions (all of one size) always wraps, as in Paddle.

    Differences from Paddle: a 1-D tensor raises ValueError (Paddle 3.3.1 dies with SIGFPE)."""
    from .creation import _check_inplace, _write_back
    if x.ndim < 2:
        raise ValueError(f"Tensor dims should >= 2 in fill_diagonal_, but received x's "
                         f"dimension: {x.ndim}")
    _check_inplace(x)
    out = apply_op(_FILL_DIAG, (x,), {"value": float(value), "offset": offset,
                                      "wrap": wrap if x.ndim == 2 else True})
    return _write_back(x, out)


def _matmul(self, other):
    return METHODS["matmul"](self, other)


def _rmatmul(self, other):
    return METHODS["matmul"](other, self)


def _inplace_unaries():
    from .creation import _inplace
    names = ["floor", "ceil", "round", "reciprocal", "rsqrt", "square", "tanh", "sigmoid", "abs",
             "sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan", "log", "log2", "log10",
             "log1p", "expm1", "neg", "trunc", "erf", "pow", "remainder", "floor_divide", "divide",
             "lerp", "cumsum", "cumprod", "sign"]
    table = {}
    for n in names:
        fn = getattr(_m, n, None)
        if fn is not None and n + "_" not in METHODS:
            table[n + "_"] = _inplace(fn)
    table["mod_"] = table.get("remainder_")
    table["floor_mod_"] = table.get("remainder_")
    table["clamp_"] = METHODS.get("clip_")
    return {k: v for k, v in table.items() if v is not None}


def _reshape_method(x, shape, *rest, name=None):
    return _manip.reshape(x, _shape_args(shape, rest))


def _attach():
    table = {n: _to_dtype_method(d) for n, d in _DTYPE_METHODS.items()}
    table.update({
        "view": view, "view_as": view_as, "permute": permute, "repeat": repeat,
        "new_zeros": new_zeros, "new_ones": new_ones, "new_full": new_full,
        "new_empty": new_empty, "type_as": type_as,
        "mul": _binary_alias(_m.multiply), "div": _m.divide, "sub": _sub,
        "ge": _binary_alias(_logic.greater_equal), "gt": _binary_alias(_logic.greater_than),
        "le": _binary_alias(_logic.less_equal), "lt": _binary_alias(_logic.less_than),
        "eq": _binary_alias(_logic.equal), "ne": _binary_alias(_logic.not_equal),
        "greater": _binary_alias(_logic.greater_than), "less": _binary_alias(_logic.less_than),
        "clamp": _m.clip, "true_divide": _m.divide,
        "data": property(_get_data, _set_data),
        "requires_grad": property(_get_requires_grad, _set_requires_grad),
        "requires_grad_": requires_grad_, "retain_grads": retain_grads,
        "strides": property(_strides), "get_strides": _strides, "stride": _strides,
        "is_contiguous": _is_contiguous, "contiguous": _contiguous, "data_ptr": _data_ptr,
        "is_cuda": property(_is_cuda), "itemsize": property(_itemsize),
        "apply": apply, "apply_": apply_, "value": _value, "fill_diagonal_": fill_diagonal_,
        "__matmul__": _matmul, "__rmatmul__": _rmatmul,
    })
    table.update(_inplace_unaries())
    attach({k: v for k, v in table.items() if k not in METHODS})
    # Tensor.reshape also takes the ints as separate arguments (x.reshape(2, 3)), as Paddle 3.x's
    # size-args decorator does; paddle.reshape keeps its own signature.
    METHODS["reshape"] = _reshape_method
    Tensor.reshape = _reshape_method


_attach()
