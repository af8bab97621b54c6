"""Paddle's Tensor, wrapping exactly one torch.Tensor (DESIGN decision 1).

Why wrap instead of subclassing torch.Tensor: a subclass would silently answer torch's methods whose
names Paddle uses with other meanings (`max(axis=0)`, `transpose(perm)`, `size`). Wrapping makes a
missing Paddle method a clear AttributeError and keeps Paddle semantics (stop_gradient, printing,
`paddle.Size` shapes) in one place. The wrapper is two slots, created without `__init__` by `wrap`, so
the per-op cost stays small (measured in benchmarks/bench_eager_ops.py).

Paddle's operator and method table (`x + y`, `x.sum()` ...) is attached to this class by
`_tensor_methods.py`, as Paddle itself patches its Tensor: one table, not a class hierarchy.

`stop_gradient` maps to `not requires_grad`. Integer and bool tensors cannot require grad in torch,
but Paddle lets them say `stop_gradient=False`; that flag is kept in the wrapper's info dict.
"""
import itertools
import re
import sys

import numpy as np
import torch

from . import _dtype as _dtype_mod
from ._dtype import from_torch_dtype
from ._place import place_of_torch_device, to_place
from ._tensor_format import format_tensor

__all__ = ["Tensor", "Size", "wrap", "to_torch", "from_torch", "lazy_zero_grad"]

_tmp_names = itertools.count()

# Lazy zeroing of gradients. Paddle's clear_grad() (set_to_zero=True) fills every gradient with
# zeros; the next backward then adds into them. When no Python object holds the gradient tensor
# (its reference count, read in clear_grad, is that of an unheld tensor), the gradient is dropped
# instead and the torch tensor marked with `_LAZY_ZERO` in its __dict__: backward writes a fresh
# gradient (0 + g is g), and whoever reads a marked tensor's missing gradient (Tensor.grad, the
# optimizers, GradScaler, DataParallel) gets real zeros from `lazy_zero_grad`, as in Paddle (an
# optimizer still updates a parameter whose gradient is zero: Adam's moments decay).
_LAZY_ZERO = "_pd_zero_grad"
_getrefcount = sys.getrefcount
_UNHELD_REFS = 3     # what getrefcount shows for a gradient no Python object holds (measured)


def lazy_zero_grad(t):
    """The gradient of torch tensor `t`: `t.grad`, or zeros created now (and kept as `t.grad`)
    when clear_grad() zeroed it lazily; None when it has none."""
    g = t.grad
    if g is None and t.__dict__.get(_LAZY_ZERO):
        g = t.grad = torch.zeros_like(t)
    return g


class Size(list):
    """paddle.Size: a list of ints that also equals the tuple of the same ints."""

    __slots__ = ()

    def __eq__(self, other):
        if isinstance(other, tuple):
            other = list(other)
        return list.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None

    def __repr__(self):
        return f"paddle.Size({list.__repr__(self)})"

    __str__ = __repr__

    def numel(self):
        n = 1
        for d in self:
            n *= d
        return n


class TensorSize(int):
    """Tensor.size: the element count, usable as an int and also callable (`x.size()`)."""

    def __call__(self):
        return int(self)


class Tensor:
    """paddle.Tensor. Holds one torch.Tensor in `_t`; `_info` is None or a dict of Paddle-only state
    (name, persistable, a stop_gradient=False flag on integer tensors)."""

    __slots__ = ("_t", "_info", "__weakref__")

    def __init__(self, value=None, dtype=None, place=None, stop_gradient=True, name=None):
        # paddle.Tensor(data) behaves like paddle.to_tensor(data); paddle.Tensor() is an empty tensor.
        src = from_data([] if value is None else value, dtype=dtype, place=place,
                        stop_gradient=stop_gradient)
        self._t = src._t
        self._info = {"name": name} if name else None

    # ---- identity and metadata -------------------------------------------------------------
    @property
    def name(self):
        info = self._info
        if info is None:
            info = self._info = {}
        if "name" not in info:
            info["name"] = f"eager_tmp_{next(_tmp_names)}"
        return info["name"]

    @name.setter
    def name(self, value):
        self._ensure_info()["name"] = value

    def _ensure_info(self):
        if self._info is None:
            self._info = {}
        return self._info

    @property
    def persistable(self):
        return bool(self._info and self._info.get("persistable", False))

    @persistable.setter
    def persistable(self, value):
        self._ensure_info()["persistable"] = bool(value)

    @property
    def stop_gradient(self):
        if self._t.requires_grad:
            return False
        info = self._info
        return not (info and info.get("needs_grad", False))

    @stop_gradient.setter
    def stop_gradient(self, value):
        if value.__class__ is not bool:
            if value is not None:       # Paddle's pybind setter takes a bool (None reads False)
                raise TypeError(f"(InvalidType) argument (position 1) must be bool, but got "
                                f"{_type_text(value)}")
            value = False
        t = self._t
        if value:
            if t.requires_grad:
                # A non-leaf cannot drop requires_grad in torch; detaching is what Paddle means:
                # no gradient flows back through this tensor from now on.
                self._t = t.detach() if t.grad_fn is not None else t.requires_grad_(False)
            if self._info:
                self._info.pop("needs_grad", None)
        elif t.is_floating_point() or t.is_complex():
            if not t.requires_grad:
                if t.grad_fn is None:
                    t.requires_grad_(True)
                else:
                    self._t = t.detach().requires_grad_(True)
        else:
            self._ensure_info()["needs_grad"] = True

    @property
    def shape(self):
        return Size(self._t.shape)

    @property
    def ndim(self):
        return self._t.dim()

    def dim(self):
        return self._t.dim()

    ndimension = dim

    @property
    def size(self):
        return TensorSize(self._t.numel())

    def numel(self):
        return from_data(self._t.numel(), dtype="int64")

    @property
    def dtype(self):
        return from_torch_dtype(self._t.dtype)

    @property
    def place(self):
        return place_of_torch_device(self._t.device)

    @property
    def is_leaf(self):
        return self._t.is_leaf

    @property
    def grad(self):
        t = self._t
        if not (t.is_leaf or t.retains_grad):   # retain_grads() keeps a non-leaf's grad
            return None
        g = t.grad
        if g is None:
            g = lazy_zero_grad(t)
            if g is None:
                return None
        out = wrap(g)
        # Paddle 3.x prints a leaf's grad with stop_gradient=False, except a grad that a PyLayer's
        # backward computed with ops (it keeps that tensor's stop_gradient=True; py_layer marks it).
        if not getattr(g, "_pd_stop_gradient", False):
            out._info = {"needs_grad": True}
        return out

    def gradient(self):
        """Tensor.gradient() (deprecated in Paddle since 2.1, still there): the gradient as a
        numpy array, None without one."""
        g = self.grad
        return None if g is None else g.numpy()

    def _grad_ivar(self):
        """Tensor._grad_ivar() (private in Paddle; its own tests use it): the gradient Tensor, None
        without one (as `grad`)."""
        return self.grad

    @grad.setter
    def grad(self, value):
        t = self._t
        t.grad = None if value is None else value._t
        if t.__dict__.get(_LAZY_ZERO):
            del t.__dict__[_LAZY_ZERO]

    @property
    def _place_str(self):
        return str(self.place)

    # ---- autograd ----------------------------------------------------------------------------
    def backward(self, grad_tensor=None, retain_graph=False):
        """Tensor.backward(grad_tensor=None, retain_graph=False).

        A silent no-op on a stop_gradient tensor, as in Paddle. A non-scalar tensor without
        grad_tensor back-propagates a tensor of ones (Paddle's rule; torch would refuse).
        """
        t = self._t
        if not t.requires_grad:
            return
        if grad_tensor is not None:
            g = grad_tensor._t
        elif t.layout is torch.sparse_coo:     # a sparse output: ones at its stored elements
            g = torch.sparse_coo_tensor(t._indices(), torch.ones_like(t._values()), t.shape,
                                        check_invariants=False)
        else:
            g = torch.ones_like(t)
        node = t.grad_fn
        if node is not None and node.metadata.get("_pd_freed"):
            # torch can run a graph twice when no node saved tensors (add); Paddle cannot.
            raise _freed_graph_error(node)
        try:
            t.backward(g, retain_graph=retain_graph)
        except RuntimeError as exc:
            if "backward through the graph a second time" in str(exc):
                raise _freed_graph_error(node) from None
            raise translate_version_error(exc) or exc
        if node is not None and not retain_graph:
            node.metadata["_pd_freed"] = True

    def clear_grad(self, set_to_zero=True):
        """Zero the gradient (Paddle's default), or drop it with set_to_zero=False.

        Differences from Paddle: none visible. Zeroing is lazy when nothing else holds the
        gradient (see `lazy_zero_grad`): the next backward then writes the gradient instead of
        adding it to zeros, which saves a pass over every parameter's memory per step.
        """
        t = self._t
        if not set_to_zero:
            t.grad = None
            t.__dict__.pop(_LAZY_ZERO, None)
            return
        g = t.grad
        if g is None:
            return
        if _getrefcount(g) > _UNHELD_REFS:
            g.zero_()     # a Tensor the user holds (`g = p.grad`) must see its zeros, as in Paddle
        else:
            t.grad = None
            t.__dict__[_LAZY_ZERO] = True

    clear_gradient = clear_grad

    def detach(self):
        return wrap(self._t.detach())

    def detach_(self):
        self._t = self._t.detach()
        return self

    def clone(self):
        return wrap(self._t.clone())

    # ---- conversion --------------------------------------------------------------------------
    def numpy(self):
        """A numpy array holding a copy of the data (works on tensors that need grad;
        bfloat16 -> float32). As in Paddle it is a copy: writing into it leaves the tensor (a
        layer's weights, say) unchanged, and a snapshot `{k: v.numpy()}` keeps its values. For
        zero-copy access use the explicit interop: `paddle_compat.to_torch(t)` or DLPack."""
        t = self._t.detach()
        if t.dtype in _FLOAT8:
            return t.view(torch.int8).cpu().numpy().copy()     # Paddle gives the raw bits as int8
        if (t.is_cpu and t.dtype != torch.bfloat16 and not t._is_zerotensor()
                and not t.is_conj() and not t.is_neg()):
            return t.numpy().copy()
        return self._host_view()

    def _host_view(self):
        """The data as a numpy array that may share the tensor's memory (on CPU): for internal
        readers that copy it anyway (pickling)."""
        t = self._t.detach()
        if t._is_zerotensor():      # some torch backward formulas return a lazy zero tensor
            t = torch.zeros(t.shape, dtype=t.dtype, device=t.device)
        if t.dtype == torch.bfloat16:
            t = t.float()
        elif t.dtype in _FLOAT8:
            t = t.view(torch.int8)
        # torch.fft's Hermitian transforms and their gradients return lazy conjugate/negative views
        return t.resolve_conj().resolve_neg().cpu().numpy()

    def item(self, *args):
        t = self._t
        if args:
            t = t[args] if len(args) > 1 else t.reshape(-1)[args[0]]
        elif t.numel() != 1:
            raise ValueError("(InvalidArgument) only one element tensors can be converted to "
                             "Python scalars when no input coordinates")
        return t.item()

    def tolist(self):
        return self._t.tolist()

    def __array__(self, dtype=None, copy=None):
        # np.asarray(t) / np.array(t) copy, as in Paddle, whatever `copy` asks (Paddle 3.3.1
        # returns a copy even for np.asarray(t, copy=False)).
        a = self.numpy()
        return a if dtype is None else a.astype(dtype, copy=False)

    def __dlpack__(self, *args, **kwargs):
        return self._t.detach().__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._t.__dlpack_device__()

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        # torch functions accept paddle tensors: unwrap (zero copy, graph kept) and return torch results.
        return func(*_unwrap_tree(args), **_unwrap_tree(kwargs or {}))

    def __len__(self):
        if self._t.dim() == 0:
            raise TypeError("len() of a 0-D tensor")
        return self._t.shape[0]

    def __bool__(self):
        if self._t.numel() != 1:    # Paddle's AssertionError, not torch's RuntimeError
            raise AssertionError("When Variable is used as the condition of if/while , Variable "
                                 "can only contain one element.")
        return bool(self._t)

    def __int__(self):
        if self._t.numel() != 1:
            raise AssertionError("only one element variable can be converted to int.")
        return int(self._t.detach())

    # detach(): Paddle converts a stop_gradient=False scalar silently; torch warns on every call.
    def __float__(self):
        if self._t.numel() != 1:
            raise AssertionError("only one element variable can be converted to float.")
        return float(self._t.detach())

    def __complex__(self):
        return complex(self._t.detach())

    def __index__(self):
        return self._t.__index__()

    def __iter__(self):
        if self._t.dim() == 0:
            raise TypeError("iteration over a 0-D tensor")
        return (wrap(row) for row in self._t.unbind(0))

    __hash__ = object.__hash__

    def __str__(self):
        if self._t.layout is not torch.strided and _SPARSE_FORMATTER:
            return _SPARSE_FORMATTER[0](self)
        return format_tensor(self._t, dtype_name=self.dtype.short, place_str=str(self.place),
                             stop_gradient=self.stop_gradient)

    __repr__ = __str__

    def __reduce_ex__(self, protocol):
        # Pickling keeps the data, dtype and stop_gradient (used by paddle.save and workers).
        # The pickle copies the data: a view is enough.
        return (_rebuild, (self._host_view(), self.dtype.short, self.stop_gradient))

    def __deepcopy__(self, memo):
        out = wrap(self._t.detach().clone())
        if not self.stop_gradient:
            out.stop_gradient = False
        memo[id(self)] = out
        return out


# The sparse package registers its printer here (paddle_compat/_sparse/tensor.py); a hook, not an
# import, so that the Tensor does not import the floor above it.
_SPARSE_FORMATTER = []


def set_sparse_formatter(fn):
    """Register the function that prints a sparse Tensor (Paddle's sparse_tensor_to_string)."""
    _SPARSE_FORMATTER[:] = [fn]


_NODE_NAMES = {"Mul": "Multiply", "Sub": "Subtract", "Div": "Divide", "Mm": "Matmul",
               "Bmm": "Matmul", "Rsub": "Subtract", "Neg": "Scale", "Dot": "Matmul"}


def _freed_graph_error(node):
    """Paddle's SystemError for a second backward through a graph freed by the first one."""
    name = type(node).__name__ if node is not None else "GradNode"
    base = name.split("Backward")[0]
    base = _NODE_NAMES.get(base, base)
    return SystemError(f"(Fatal) The TensorWrappers of {base}GradNode do not exist. This may be "
                       "because:\nYou calculate backward twice for the same subgraph without "
                       "setting retain_graph=True. Please set retain_graph=True in the first "
                       "backward/grad call.\n")


_VERSION_RE = re.compile(r"modified by an inplace operation: .*? is at version (\d+); "
                         r"expected version (\d+) instead", re.S)


def translate_version_error(exc):
    """torch's 'modified by an inplace operation' RuntimeError -> Paddle's text, else None.

    Meant for the places that start a backward pass (Tensor.backward, paddle.grad,
    paddle.autograd.backward): `raise translate_version_error(e) or e` keeps other errors as is.
    """
    if not isinstance(exc, RuntimeError):
        return None
    m = _VERSION_RE.search(str(exc))
    if m is None:
        return _invalid_grad_error(exc)
    now, expected = m.group(1), m.group(2)
    err = RuntimeError(
        f"(PermissionDenied) Tensor '' used in gradient computation has been modified by an "
        f"inplace operation. Its version is {now} but the expected version is {expected}. Please "
        "fix your code to void calling an inplace operator after using the Tensor which will used "
        "in gradient computation.\n  [Hint: Expected tensor_version == wrapper_version_snapshot, "
        f"but received tensor_version:{now} != wrapper_version_snapshot:{expected}.]")
    err.__cause__ = exc
    return err


# torch's engine refuses a custom Function's grad whose shape can't be summed to its input's.
# Paddle's engine takes any shape silently (and fails or broadcasts later); paddle_compat keeps
# refusing, but says it in a PyLayer user's terms (torch's index counts Tensor inputs only).
_INVALID_GRAD_RE = re.compile(r"Function (\w+)Backward returned an invalid gradient at index (\d+) "
                              r"- got \[([^\]]*)\] but expected shape compatible with \[([^\]]*)\]")


def _invalid_grad_error(exc):
    m = _INVALID_GRAD_RE.search(str(exc))
    if m is None:
        return None
    name, index, got, expected = m.group(1), int(m.group(2)), m.group(3), m.group(4)
    err = ValueError(
        f"The backward of PyLayer '{name}' returned a gradient of shape [{got}] for its Tensor "
        f"input {index}, whose shape is [{expected}]. A PyLayer's backward must return one gradient per "
        "Tensor input, each of that input's shape.")
    err.__cause__ = exc
    return err


_generated_names = itertools.count()
_PY_KIND_DEFAULTS = {"i": "int64", "u": "int64", "b": "bool"}


_UNSETTABLE = ValueError(
    "(InvalidArgument) Input object type error or incompatible array data type. tensor.set() "
    "supports array with bool, float16, float32, float64, int8, int16, int32, int64, uint8 or "
    "uint16, please check your input or input array data type.")


def _check_settable(array):
    """Paddle's tensor.set() refuses object/str arrays (ints beyond int64, mixed types) and the
    unsigned types it has no dtype for (uint32, uint64: numpy's type of 2**63 too)."""
    if array.dtype == object or array.dtype.kind in "USV" \
            or array.dtype in (np.uint32, np.uint64):
        raise ValueError(*_UNSETTABLE.args)


def _type_text(x):
    t = type(x)             # Paddle names non-builtin types with their package: numpy.bool
    if t.__module__ in ("builtins", None):
        return t.__name__
    return f"{t.__module__.split('.')[0]}.{t.__name__}"


def _python_data_to_numpy(data, exact=False):
    """Python data -> numpy with Paddle's inference; `exact` (a dtype was given) keeps numpy's
    float64/complex128 so the one cast to that dtype rounds once, as Paddle's astype does."""
    if isinstance(data, (list, tuple)) and any(isinstance(e, Tensor) for e in data):
        data = [e.numpy() if isinstance(e, Tensor) else e for e in data]
    array = np.array(data)
    _check_settable(array)
    kind = array.dtype.kind
    if exact and kind in "fc":
        return array
    if kind == "f":
        return array.astype(_dtype_mod.default_float().numpy, copy=False)
    if kind == "c":
        wide = _dtype_mod.default_float().short == "float64"
        return array.astype(np.complex128 if wide else np.complex64, copy=False)
    return array.astype(_PY_KIND_DEFAULTS[kind], copy=False)


def from_data(data, dtype=None, place=None, stop_gradient=True):
    """Python/numpy/torch data -> a new Tensor with Paddle's dtype inference (paddle.to_tensor's
    body; it lives here because `paddle.Tensor(data)` and `Tensor.numel` need it too)."""
    if isinstance(data, Tensor):
        raw = data._t.detach().clone()
    elif isinstance(data, torch.Tensor):
        raw = data.detach().clone()
    elif isinstance(data, np.ndarray):
        _check_settable(data)
        raw = torch.from_numpy(np.array(data, copy=True))
    elif isinstance(data, np.generic):
        _check_settable(np.asarray(data))
        raw = torch.from_numpy(np.array(data))
    elif isinstance(data, (bool, int, float, complex, list, tuple)):
        raw = torch.from_numpy(_python_data_to_numpy(data, exact=dtype is not None))
    else:
        raise TypeError(f"Can't constructs a 'paddle.Tensor' with data type {type(data)}, data type "
                        "must be scalar|list|tuple|np.ndarray|paddle.Tensor")
    if dtype is not None:
        d = _dtype_mod.to_tensor_dtype(dtype, from_tensor=isinstance(data, (Tensor, torch.Tensor)))
        raw = cast_torch(raw, d.torch)
    target = to_place(place).device
    if raw.device != target:
        raw = raw.to(target)
    out = wrap(raw)
    out._info = {"name": f"generated_tensor_{next(_generated_names)}"}
    if not stop_gradient:
        out.stop_gradient = False
    return out


def _rebuild(array, dtype, stop_gradient):
    t = wrap(torch.from_numpy(np.ascontiguousarray(array)))
    t.stop_gradient = stop_gradient
    return t


_new = object.__new__


_FLOAT8 = (torch.float8_e4m3fn, torch.float8_e5m2)
_FLOAT8_MAX = {torch.float8_e4m3fn: 448.0, torch.float8_e5m2: 57344.0}


def cast_torch(t, dtype):
    """torch tensor -> `dtype` as Paddle's cast kernel converts: into a float8 type through float32,
    saturating to the largest finite value (inf too; NaN as well for e4m3fn, which has no inf) where
    torch would give NaN/inf."""
    if dtype not in _FLOAT8_MAX or t.dtype is dtype:
        return t.to(dtype)
    big = _FLOAT8_MAX[dtype]
    t = t.to(torch.float32)
    if dtype is torch.float8_e4m3fn:
        t = torch.where(torch.isnan(t), torch.copysign(torch.full_like(t, big), t), t)
    return t.clamp(-big, big).to(dtype)


def wrap(raw):
    """torch.Tensor -> paddle Tensor sharing it (no copy, graph kept)."""
    t = _new(Tensor)
    t._t = raw
    t._info = None
    return t


def _unwrap_tree(obj):
    if isinstance(obj, Tensor):
        return obj._t
    if isinstance(obj, (list, tuple)):
        return type(obj)(_unwrap_tree(o) for o in obj)
    if isinstance(obj, dict):
        return {k: _unwrap_tree(v) for k, v in obj.items()}
    return obj


def to_torch(tensor):
    """paddle_compat.to_torch(t): the torch.Tensor behind `t` (zero copy, gradient-connected)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"to_torch expects a paddle Tensor, but received {type(tensor).__name__}")
    return tensor._t


def from_torch(tensor):
    """paddle_compat.from_torch(t): a paddle Tensor over torch tensor `t` (zero copy, graph kept)."""
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"from_torch expects a torch.Tensor, but received {type(tensor).__name__}")
    t = _new(Tensor)      # `wrap`, inlined: custom ops call this on every forward and backward
    t._t = tensor
    t._info = None
    return t
