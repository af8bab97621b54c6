"""DenseTensor: the host tensor py_func callables receive (Paddle's `base.libpaddle.DenseTensor`).

A `paddle.static.py_func` op runs its `func` / `backward_func` on the host: each input, saved value
and output gradient reaches them as a `DenseTensor` wrapping a numpy array (a zero-copy READ-ONLY
view of the program's torch tensor on CPU, one copy to host from an accelerator). It answers numpy
-- numpy functions and ufuncs, operators, indexing and ndarray attributes and methods (`x > 0`,
`x * 2`, `x.sum()`, `np.maximum(x, 0)`, `x.astype(...)`) all read the view without copying -- as
well as Paddle's DenseTensor methods (`shape()`, `_dtype()`, `lod()`, `set_lod()`,
`set(array, place)`, `_is_initialized()`, ...).

Why read-only, and why `np.array(x)` / `np.asarray(x)` copy: the view is the program's own memory
(a variable later ops read, a parameter, or the caller's feed array). Paddle hands callables a
copy, so the documented idiom `x = np.array(x); x[x < 0] = 0` changes nothing outside the
callable; here `np.array(x)` / `np.asarray(x)` / `x.numpy()` return private writable copies as in
Paddle (checked on Paddle 3.3.1: writing into either leaves the variable and the feed unchanged),
while everything that only reads (ufuncs and numpy functions through `__array_ufunc__` /
`__array_function__`, operators, methods) uses the read-only view: a callable that only reads
costs no copy. Writing through the DenseTensor itself (`x[i] = v`, `x.fill(v)`, `x.sort()`, a
ufunc's `out=x`) first gives it a private copy (copy on write).

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

__all__ = ["DenseTensor", "read_only", "check_recursive_lengths"]


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
    private writable copy (as Paddle's do), numpy functions and ufuncs read the data without
    copying, and operators, indexing, `len()` and numpy attributes (`x.shape`, `x.dtype`,
    `x.ndim`, `x.sum()`, `x.astype(...)`) act on a read-only view (see the module docstring).

    Differences from Paddle: Paddle's DenseTensor supports none of the operators (`y > 0` raises
    TypeError there), so code written for Paddle works unchanged. `x.set(array, place)` replaces
    this object's content only (Paddle writes it into the program's variable). Output gradients
    handed to `backward_func` are private copies too. bfloat16 data arrives as uint16 bit
    patterns, as in Paddle.
    """

    __slots__ = ("_array", "_lod", "_pdtype")
    __array_priority__ = 1000

    def __init__(self, array=None, dtype=None):
        if array is not None and array.flags.writeable:
            array = array.view()        # the caller's array object keeps its own flags
            array.flags.writeable = False
        self._array = array
        self._lod = []
        self._pdtype = dtype

    def _writable(self):
        """Copy on write: this object's own writable array (the program's memory is never
        written)."""
        a = self._array
        if a is None:
            raise ValueError("DenseTensor is not initialized: set() it first")
        if not a.flags.writeable:
            a = self._array = a.copy()
        return a

    # numpy protocol: np.array(x) / np.asarray(x) are private copies, as in Paddle
    def __array__(self, dtype=None, copy=None):
        a = self._array
        if a is None:
            raise ValueError("DenseTensor is not initialized: set() it first")
        if dtype is not None and np.dtype(dtype) != a.dtype:
            return a.astype(dtype)
        return a.copy()

    # ...while ufuncs and numpy functions read the view (the zero-copy path for callables that
    # only read). `out=x` writes into x's own copy.
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        args = [i._array if type(i) is DenseTensor else i for i in inputs]
        out = kwargs.get("out")
        if out is not None:
            kwargs["out"] = tuple(o._writable() if type(o) is DenseTensor else o for o in out)
        return getattr(ufunc, method)(*args, **kwargs)

    def __array_function__(self, func, types, args, kwargs):
        return func(*_unwrap_all(args), **{k: _unwrap_all(v) for k, v in kwargs.items()})

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

    def set_recursive_sequence_lengths(self, lengths):
        """Set the LoD from sequence lengths per level, checked against the rows as Paddle
        checks them (ValueError naming the lengths)."""
        rows = self._array.shape[0] if self._array is not None and self._array.ndim else 0
        self._lod = check_recursive_lengths(lengths, rows)

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
        """A private copy of the data (as np.array(x))."""
        return self.__array__()

    def __reduce_ex__(self, protocol):
        # paddle.save(dense_tensor): pickled as a Tensor, which paddle.load reads back
        from .._tensor import _rebuild
        a = self.__array__()
        return (_rebuild, (a, from_torch_dtype(torch.from_numpy(a[:0]).dtype).short, True))

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
        self._writable()[idx] = np.asarray(value)

    def __contains__(self, v):
        return v in self._array

    def __float__(self):
        return float(self._array)

    def __int__(self):
        return int(self._array)

    def __bool__(self):
        return bool(self._array)


def read_only(array, dtype=None):
    """A DenseTensor over `array`, an ndarray object that nothing else holds (as `t.numpy()` returns
    a new one each call): flagged read-only in place, saving the view `DenseTensor()` makes (this
    runs for every input of every py_func call)."""
    array.flags.writeable = False
    t = _new(DenseTensor)
    t._array = array
    t._lod = []
    t._pdtype = dtype
    return t


_new = object.__new__


def _unwrap(v):
    return v._array if isinstance(v, DenseTensor) else v


def _unwrap_all(v):
    if type(v) is DenseTensor:
        return v._array
    if type(v) in (list, tuple):
        return type(v)(_unwrap_all(e) for e in v)
    return v


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
              "squeeze", "tolist", "item", "copy", "view", "dot", "nonzero", "argsort",
              "repeat", "take", "conj", "tobytes", "swapaxes", "diagonal", "trace"):
    setattr(DenseTensor, _name,
            (lambda n: lambda self, *a, **k: getattr(self._array, n)(*a, **k))(_name))
# In-place methods write into this object's own copy (copy on write).
for _name in ("fill", "sort", "put"):
    setattr(DenseTensor, _name,
            (lambda n: lambda self, *a, **k: getattr(self._writable(), n)(*a, **k))(_name))


def _offsets(lengths):
    out = [0]
    for n in lengths:
        out.append(out[-1] + int(n))
    return out


def check_recursive_lengths(recursive_seq_lens, rows):
    """LoD offsets from sequence lengths per level, checked as Paddle checks them."""
    lod = [_offsets(level) for level in recursive_seq_lens]
    ok = all(all(n >= 0 for n in level) for level in recursive_seq_lens)
    for upper, lower in zip(lod, lod[1:]):
        ok = ok and upper[-1] == len(lower) - 1
    ok = ok and (not lod or lod[-1][-1] == rows)
    if not ok:
        text = "{" + ", ".join("{" + ", ".join(str(int(n)) for n in level) + "}"
                               for level in recursive_seq_lens) + "}"
        raise ValueError("(InvalidArgument) The provided recursive_sequence_lengths info is "
                         f"invalid, the LegacyLoD converted by recursive_sequence_lengths is "
                         f"{text}")
    return lod
