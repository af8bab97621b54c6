"""DenseTensor: the host tensor py_func callables receive (Paddle's `base.libpaddle.DenseTensor`).

A `paddle.static.py_func` op runs its `func` / `backward_func` on the host: each input, saved value
and output gradient reaches them as a `DenseTensor` wrapping a numpy array (a zero-copy view of
the program's torch tensor on CPU, one copy to host from an accelerator). It answers numpy --
`np.array(x)` / `np.asarray(x)` without copying, numpy functions, operators, indexing and ndarray
attributes and methods (`x > 0`, `x * 2`, `x.sum()`, `x.astype(...)`) -- as well as Paddle's
DenseTensor methods (`shape()`, `_dtype()`, `lod()`, `set_lod()`, `set(array, place)`,
`_is_initialized()`, ...).

Why it exists: code written for Paddle calls DenseTensor methods (`x.shape()`, `x.set(...)`) while
most callables treat their arguments as numpy arrays (`y > 0`, `x.sum()`, which Paddle's own
DenseTensor refuses); a plain ndarray would break the first, Paddle's class the second. This one
serves both without copying the data. Building
these objects from torch tensors, and turning what the callables return back into tensors, is
py_func.py's business; this module only defines the host view.
"""
import numpy as np
import torch

from .._dtype import from_torch_dtype
from .._place import CPUPlace

__all__ = ["DenseTensor"]


class _Shape(tuple):
    """numpy's `x.shape` tuple that is also Paddle's `x.shape()` method (returning a list)."""

    __slots__ = ()

    def __call__(self):
        return list(self)


def _fmt(v):
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, (float, np.floating)):
        return "%g" % float(v)       # C++ ostream's default float format, as Paddle prints
    return str(v)


class DenseTensor:
    """The host tensor a py_func callable receives (Paddle's `paddle.base.libpaddle.DenseTensor`).

    Paddle's methods: `shape()`, `_dtype()`, `lod()`, `set_lod()`, `set(array, place)`,
    `_is_initialized()`, `_place()`, `_numel()`. numpy's: `np.array(x)` / `np.asarray(x)` return a
    view without copying, numpy functions accept it, and operators, indexing, `len()` and numpy
    attributes (`x.shape`, `x.dtype`, `x.ndim`, `x.sum()`, `x.astype(...)`) act on that view.

    Differences from Paddle: Paddle's DenseTensor supports none of the operators (`y > 0` raises
    TypeError there), so code written for Paddle works unchanged. `np.array(x)` shares memory with
    the program's tensor on CPU (Paddle copies): an in-place write such as `a = np.array(x); a[:] = 0`
    writes through to the program's value -- copy first (`np.array(x).copy()`) before mutating.
    Output gradients handed to `backward_func` are private copies, so editing them is safe (on
    CPU the copy goes to a host buffer kept with the op and reused next run unless the callable
    kept the gradient).
    bfloat16 data arrives as uint16 bit patterns, as in Paddle.
    """

    __slots__ = ("_array", "_lod", "_pdtype")
    __array_priority__ = 1000

    def __init__(self, array=None, dtype=None):
        self._array = array
        self._lod = []
        self._pdtype = dtype

    # numpy protocol: a view, never a copy (this is what makes CPU inputs zero-copy)
    def __array__(self, dtype=None, copy=None):
        a = self._array
        if dtype is None and a is not None:
            return a
        if a is None:
            raise ValueError("DenseTensor is not initialized: set() it first")
        if dtype is not None and np.dtype(dtype) != a.dtype:
            return a.astype(dtype)
        return a

    @property
    def shape(self):
        return _Shape(self._array.shape) if self._array is not None else _Shape()

    @property
    def dtype(self):
        return self._array.dtype

    # Paddle's DenseTensor methods
    def _dtype(self):
        if self._pdtype is not None:
            return self._pdtype
        return from_torch_dtype(torch.from_numpy(np.empty(0, self._array.dtype)).dtype)

    def lod(self):
        return [list(level) for level in self._lod]

    def set_lod(self, lod):
        self._lod = [list(level) for level in lod]

    def set(self, array, place=None):
        """DenseTensor.set(array, place): replace the content with a copy of `array` (on host;
        the op moves results to the program's place)."""
        self._array = np.array(array)
        self._pdtype = None

    def _is_initialized(self):
        return self._array is not None

    def _place(self):
        return CPUPlace()

    def _numel(self):
        return int(self._array.size)

    def numpy(self):
        return self._array

    def __str__(self):
        a = self._array
        if a is None:
            return "  - shape: []\n  - layout: NCHW\n  - place: Place(cpu)\n  - dtype: float32"
        data = " ".join(_fmt(v) for v in a.reshape(-1).tolist())
        return (f"  - shape: {list(a.shape)}\n  - layout: NCHW\n  - place: Place(cpu)\n"
                f"  - dtype: {self._dtype().short}\n  - data: [{data}]")

    # numpy-like behaviour on the view (explicit delegation, not __getattr__: numpy probes for
    # several protocol attributes on every conversion, and a Python __getattr__ would slow each)
    def __len__(self):
        return len(self._array)

    def __iter__(self):
        return iter(self._array)

    def __getitem__(self, idx):
        return self._array[idx]

    def __setitem__(self, idx, value):
        self._array[idx] = np.asarray(value)

    def __contains__(self, v):
        return v in self._array

    def __float__(self):
        return float(self._array)

    def __int__(self):
        return int(self._array)

    def __bool__(self):
        return bool(self._array)


def _unwrap(v):
    return v._array if isinstance(v, DenseTensor) else v


def _binary(name):
    op = getattr(np.ndarray, name)

    def method(self, other):
        return op(self._array, other._array if type(other) is DenseTensor else _unwrap(other))
    method.__name__ = name
    return method


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
              "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__",
              "__rpow__", "__matmul__", "__rmatmul__", "__and__", "__rand__", "__or__", "__ror__",
              "__xor__", "__rxor__", "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"):
    setattr(DenseTensor, _name, _binary(_name))
for _name in ("__neg__", "__pos__", "__abs__", "__invert__"):
    setattr(DenseTensor, _name, (lambda op: lambda self: op(self._array))(getattr(np.ndarray, _name)))
DenseTensor.__hash__ = object.__hash__
# numpy attributes and methods answered by the view (`x.ndim`, `x.sum()`, `x.astype(...)`, ...).
for _name in ("ndim", "size", "T", "strides", "flags", "nbytes", "itemsize", "real", "imag"):
    setattr(DenseTensor, _name, property((lambda n: lambda self: getattr(self._array, n))(_name)))
for _name in ("astype", "reshape", "sum", "mean", "max", "min", "prod", "std", "var", "any", "all",
              "argmax", "argmin", "cumsum", "clip", "round", "transpose", "flatten", "ravel",
              "squeeze", "tolist", "item", "copy", "fill", "view", "dot", "nonzero", "argsort",
              "sort", "repeat", "take", "conj", "tobytes", "swapaxes", "diagonal", "trace"):
    setattr(DenseTensor, _name,
            (lambda n: lambda self, *a, **k: getattr(self._array, n)(*a, **k))(_name))
