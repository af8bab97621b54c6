"""Tensor methods and properties of Paddle 3.3.1 that are not a public paddle.* function of their
own (Paddle: base/dygraph/tensor_patch_methods.py and math_op_patch.py): dtype shortcuts
(`x.float()`, `x.long()` ...), conversions (astype, to, cpu, cuda, set_value, register_hook, T/mT),
torch-style aliases Paddle 3.x added (`x.mul`, `x.ge`, `x.clamp` ...), `x.data`,
`x.requires_grad`, `retain_grads`, `new_zeros/new_ones/new_full/new_empty`, strides and contiguity,
`apply`, and the in-place methods (`x.add_()`, `x.zero_()`, `x.floor_()` ...).

Everything that computes goes through the public ops (and so through `apply_op`), so static mode
records the same ops as Paddle's method patching does.
"""
import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import to_dtype
from .._place import to_place
from .._tensor import Tensor, wrap
from .._tensor_methods import METHODS, attach
from . import logic as _logic
from . import manipulation as _manip
from . import math as _m
from .creation import _check_inplace, _write_back, full, full_like, inplace, zeros_like
from .manipulation import _shape_args

__all__ = ["new_zeros", "new_ones", "new_full", "new_empty", "type_as"]


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


def _new(fill):
    def method(var, size, *rest, dtype=None, device=None, requires_grad=False, pin_memory=False):
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


def _matmul(self, other):
    return METHODS["matmul"](self, other)


def _rmatmul(self, other):
    return METHODS["matmul"](other, self)


def _inplace_unaries():
    names = ["floor", "ceil", "round", "reciprocal", "rsqrt", "square", "tanh", "sigmoid", "abs",
             "sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan", "log", "log2", "log10",
             "log1p", "neg", "trunc", "pow", "remainder", "floor_divide", "divide",
             "lerp", "cumsum", "cumprod"]     # (no erf_, expm1_, sign_: Paddle's Tensor lacks them)
    table = {}
    for n in names:
        fn = getattr(_m, n, None)
        if fn is not None and n + "_" not in METHODS:
            table[n + "_"] = inplace(fn, int_kernel=_m.INT_REFUSED.get(n))
    table["mod_"] = table.get("remainder_")
    table["floor_mod_"] = table.get("remainder_")
    table["clamp_"] = METHODS.get("clip_")
    return {k: v for k, v in table.items() if v is not None}


def _reshape_method(x, shape, *rest, name=None):
    return _manip.reshape(x, _shape_args(shape, rest))


def _attach():
    table = {n: _to_dtype_method(d) for n, d in _DTYPE_METHODS.items()}
    table.update({
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
        "apply": apply, "apply_": apply_, "value": _value,
        "__matmul__": _matmul, "__rmatmul__": _rmatmul,
    })
    table.update(_inplace_unaries())
    attach({k: v for k, v in table.items() if k not in METHODS})
    # Tensor.reshape also takes the ints as separate arguments (x.reshape(2, 3)), as Paddle 3.x's
    # size-args decorator does; paddle.reshape keeps its own signature.
    METHODS["reshape"] = _reshape_method
    Tensor.reshape = _reshape_method



# ---- Tensor methods: conversions and in-place updates ---------------------------------------------
def _astype(self, dtype):
    """Tensor.astype(dtype): paddle.cast(self, dtype)."""
    return _m.cast(self, dtype)


def _copy_to(self, device, dtype=None, blocking=True):
    t = self._t
    out = wrap(t.to(device=device, dtype=dtype, non_blocking=not blocking))
    if not self.stop_gradient and out.stop_gradient:
        out._info = {"needs_grad": True}
    return out


def _cpu(self):
    """Tensor.cpu(): a copy on the CPU (the tensor itself if already there, as torch does)."""
    return _copy_to(self, torch.device("cpu"))


def _cuda(self, device_id=None, blocking=True):
    """Tensor.cuda(device_id=None, blocking=True): a copy on GPU `device_id` (current GPU if None).

    Differences from Paddle: without a GPU torch can see, this raises ValueError naming the place.
    """
    place = to_place("gpu" if device_id is None else f"gpu:{int(device_id)}")
    return _copy_to(self, place.device, blocking=blocking)


def _to(self, *args, **kwargs):
    """Tensor.to(device=None, dtype=None, blocking=None), also to(other_tensor) and to(dtype)."""
    device = kwargs.pop("device", None)
    dtype = kwargs.pop("dtype", None)
    blocking = kwargs.pop("blocking", None)
    if kwargs:
        raise TypeError(f"to() got an unexpected keyword argument '{next(iter(kwargs))}'")
    for a in args:
        if isinstance(a, Tensor):
            device, dtype = a._t.device, a.dtype
        elif isinstance(a, bool):
            blocking = a
        elif isinstance(a, str) and a.split(":")[0].lower() in ("cpu", "gpu", "cuda"):
            device = a
        elif a is None:
            continue
        elif hasattr(a, "device") and not isinstance(a, torch.dtype):
            device = a
        else:
            dtype = a
    dev = self._t.device if device is None else (
        device if isinstance(device, torch.device) else to_place(device).device)
    d = None if dtype is None else to_dtype(dtype)
    if d is not None and d.torch is not self._t.dtype:
        out = _astype(self, d)
        return out if dev == out._t.device else _copy_to(out, dev, blocking=blocking is not False)
    if dev == self._t.device:
        return self
    return _copy_to(self, dev, blocking=blocking is not False)


def _pin_memory(self, blocking=True):
    """Tensor.pin_memory(): a copy in page-locked host memory (needs a CUDA-capable torch)."""
    if not torch.cuda.is_available():
        raise RuntimeError("(PermissionDenied) Cannot use CUDAPinnedPlace in CPU only version")
    return wrap(self._t.pin_memory())


def _is_floating_point(self):
    """Tensor.is_floating_point(): True for float16/bfloat16/float32/float64."""
    return self._t.is_floating_point()


def _element_size(self):
    """Tensor.element_size(): bytes per element."""
    return self._t.element_size()


def _set_value(self, value):
    """Tensor.set_value(value): overwrite the data with a same-shape, same-dtype array or Tensor.

    Paddle's AssertionError texts for a shape or dtype mismatch.
    """
    if isinstance(value, Tensor):
        src = value._t.detach()
        src_shape, src_dtype = tuple(src.shape), value.dtype
    else:
        array = np.asarray(value)
        src = torch.from_numpy(np.ascontiguousarray(array))
        src_shape, src_dtype = tuple(array.shape), to_dtype(array.dtype)
    if list(src_shape) != list(self._t.shape):
        raise AssertionError(f"Variable Shape not match, Variable [ {self.name} ] need tensor with "
                             f"shape {self.shape} but load set tensor with shape {src_shape}")
    if src_dtype is not self.dtype:
        raise AssertionError(f"Variable dtype not match, Variable [ {self.name} ] need tensor with "
                             f"dtype {self.dtype}  but load tensor with dtype {src_dtype}")
    with torch.no_grad():
        self._t.copy_(src)


def _get_tensor(self):
    """Tensor.get_tensor(): the underlying data holder (here the Tensor itself, which supports
    numpy conversion like Paddle's DenseTensor)."""
    return self


class TensorHookRemoveHelper:
    """What Tensor.register_hook returns: `remove()` unregisters the hook and returns True."""

    __slots__ = ("_handle",)

    def __init__(self, handle):
        self._handle = handle

    def remove(self):
        if self._handle is None:
            return False
        self._handle.remove()
        self._handle = None
        return True


def _register_hook(self, hook):
    """Tensor.register_hook(hook): `hook(grad)` gets the gradient as a paddle Tensor and may return
    a replacement Tensor (or None to keep it)."""
    if self.stop_gradient:
        raise RuntimeError("Cannot register hook on a tensor that stop gradient.")

    def torch_hook(g):
        out = hook(wrap(g))
        return None if out is None else out._t

    return TensorHookRemoveHelper(self._t.register_hook(torch_hook))


def _permuted(self, perm):
    if "transpose" in METHODS:
        return METHODS["transpose"](self, perm)
    return wrap(self._t.permute(perm))


def _T(self):
    return _permuted(self, list(range(self.ndim))[::-1])


def _mT(self):
    if self.ndim < 2:
        raise ValueError(f"Tensor.ndim({self.ndim}) is required to be greater than or equal to 2.")
    perm = list(range(self.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return _permuted(self, perm)


def _zero_(x):
    """Tensor.zero_(): fill with zeros in place."""
    _check_inplace(x)
    return _write_back(x, zeros_like(x))


def _fill_(x, value):
    """Tensor.fill_(value): fill with `value` in place."""
    _check_inplace(x)
    return _write_back(x, full_like(x, value))


def _inplace_version(self):
    """Tensor.inplace_version: how many in-place ops have written into this Tensor (Paddle's
    counter; every `x_` op of paddle_compat goes through creation._write_back, which bumps it)."""
    info = self._info
    return info.get("inplace_version", 0) if info else 0


def _bump_inplace_version(self):
    """Tensor._bump_inplace_version(): count one more in-place write (Paddle's private hook)."""
    info = self._ensure_info()
    info["inplace_version"] = info.get("inplace_version", 0) + 1


def _attach_methods():
    attach({"astype": _astype, "cast": _m.cast, "cpu": _cpu, "cuda": _cuda, "to": _to,
            "pin_memory": _pin_memory, "is_floating_point": _is_floating_point,
            "element_size": _element_size, "set_value": _set_value, "get_tensor": _get_tensor,
            "register_hook": _register_hook, "T": property(_T), "mT": property(_mT),
            "zero_": _zero_, "fill_": _fill_, "inplace_version": property(_inplace_version),
            "_bump_inplace_version": _bump_inplace_version})
    attach({f.__name__ + "_": inplace(f, int_kernel=_m.INT_REFUSED.get(f.__name__))
            for f in (_m.add, _m.subtract, _m.multiply, _m.scale, _m.clip, _m.exp, _m.sqrt)
            if f.__name__ + "_" not in METHODS})


# creation's methods first (they are plain Paddle methods); then the aliases and properties above,
# each only where no op module attached the name already
_attach_methods()
_attach()
