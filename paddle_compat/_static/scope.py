"""paddle.static.Scope: where persistable variables (parameters, optimizer state) live across runs.

A Scope maps variable names to torch tensors. `scope.find_var(name).get_tensor()` gives a
`DenseTensor` view that reads (`np.array(t)`) and writes (`t.set(array, place)`) the value by name,
as Paddle's does.
"""
import contextlib

import numpy as np
import torch

from .._dtype import from_torch_dtype
from .._place import to_place
from .._tensor import Tensor

__all__ = ["Scope", "global_scope", "scope_guard", "DenseTensor"]


class DenseTensor:
    """The value slot of a scope variable (Paddle's `DenseTensor` / `LoDTensor`).

    `DenseTensor()` with no arguments (Paddle's `core.DenseTensor()`, a tensor of its own that
    `set(array, place)` fills and a feed accepts) gives a standalone host tensor
    (_static/dense_tensor.py) instead."""

    __slots__ = ("_scope", "_name")

    def __new__(cls, scope=None, name=None):
        if scope is None:
            from .dense_tensor import DenseTensor as Standalone
            return Standalone()
        return super().__new__(cls)

    def __init__(self, scope, name):
        self._scope, self._name = scope, name

    def _value(self):
        return self._scope._tensors.get(self._name)

    def set(self, array, place=None):
        """Store `array` (numpy array, Tensor or scalar list) on `place` (CPU by default)."""
        if isinstance(array, Tensor):
            t = array._t.detach().clone()
        elif isinstance(array, torch.Tensor):
            t = array.detach().clone()
        else:
            t = torch.from_numpy(np.array(array, copy=True))
        device = to_place(place).device if place is not None else torch.device("cpu")
        self._scope._tensors[self._name] = t.to(device)

    def _is_initialized(self):
        return self._value() is not None

    def shape(self):
        v = self._value()
        return [] if v is None else list(v.shape)

    def _dtype(self):
        v = self._value()
        return None if v is None else from_torch_dtype(v.dtype)

    def numpy(self):
        v = self._value()
        if v is None:
            raise RuntimeError(f"variable {self._name} in the scope is not initialized; run the "
                               "startup program first")
        return v.detach().cpu().numpy().copy()

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    def __reduce_ex__(self, protocol):
        # paddle.save(scope_tensor): pickled as a Tensor (its data and dtype), which paddle.load
        # reads back. Differences from Paddle: Paddle's load gives a DenseTensor in static mode.
        from .._tensor import _rebuild
        return (_rebuild, (self.numpy(), self._dtype().short, True))

    def __str__(self):
        v = self._value()
        return f"DenseTensor({self._name}, shape={self.shape()}, initialized={v is not None})"

    __repr__ = __str__


class _ScopeVar:
    __slots__ = ("_scope", "_name")

    def __init__(self, scope, name):
        self._scope, self._name = scope, name

    def get_tensor(self):
        return DenseTensor(self._scope, self._name)

    def name(self):
        return self._name

    def is_initialized(self):
        return self._name in self._scope._tensors


class Scope:
    """paddle.static.Scope(): name -> tensor storage for Executor runs."""

    def __init__(self):
        self._tensors = {}
        self._declared = set()
        self._leaves = {}     # name -> (scope tensor, its autograd leaf): executor._scope_leaf

    def var(self, name):
        """Create (or get) the variable `name` in this scope."""
        self._declared.add(name)
        return _ScopeVar(self, name)

    def find_var(self, name):
        """The scope variable `name`, or None when this scope has never held it."""
        if name in self._tensors or name in self._declared:
            return _ScopeVar(self, name)
        return None

    def local_var_names(self):
        return sorted(set(self._tensors) | self._declared)

    def erase(self, names):
        for n in names:
            self._tensors.pop(n, None)
            self._leaves.pop(n, None)
            self._declared.discard(n)

    def drop_kids(self):
        pass


_GLOBAL = [Scope()]


def global_scope():
    """paddle.static.global_scope(): the scope Executor.run uses when given none."""
    return _GLOBAL[0]


@contextlib.contextmanager
def scope_guard(scope):
    """paddle.static.scope_guard(scope): make `scope` the global scope inside the block."""
    if not isinstance(scope, Scope):
        raise TypeError(f"The type of 'scope' in scope_guard must be <class 'paddle.static.Scope'>,"
                        f" but received {type(scope)}.")
    old = _GLOBAL[0]
    _GLOBAL[0] = scope
    try:
        yield
    finally:
        _GLOBAL[0] = old


def _fetch_var(name, scope=None, return_numpy=True):
    """paddle.base.executor._fetch_var(name, scope=None, return_numpy=True): the value the scope
    holds for `name` (a numpy copy, or the scope's DenseTensor), as Paddle's tests read
    persistable variables after a run. (Paddle keeps it in base/executor.py; it lives with the
    scope here.)"""
    assert isinstance(name, str)
    if scope is None:
        scope = global_scope()
    var = scope.find_var(name)
    assert var is not None, (
        "Cannot find " + name + " in scope. Perhaps you need to make the variable persistable "
        "by using var.persistable = True in your program.")
    tensor = var.get_tensor()
    if return_numpy:
        return np.array(tensor, copy=True)
    return tensor
