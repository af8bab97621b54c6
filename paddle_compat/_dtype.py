"""Paddle's dtypes as a table over torch and numpy dtypes.

`paddle.float32` and friends are `DType` objects: `str()` gives `paddle.float32`, `repr()` gives
Paddle 3.x's `<DataType.FLOAT32: 10>`, and they compare equal only to themselves (in Paddle 3.3.1
`paddle.float32 == 'float32'` is False). Everything that accepts a dtype goes through `to_dtype`,
which also takes strings (`'float32'`), numpy dtypes and torch dtypes.

The storage-only dtypes follow Paddle 3.3.1's CPU wheel: `float8_e4m3fn` and `float8_e5m2` are
created, cast (saturating as Paddle does), printed and read back with `numpy()` (the raw bits as
int8, as Paddle gives them); `uint32` and `uint64` are reached through `cast`/`astype` with the
dtype object (the strings 'uint32'/'uint64' raise Paddle's "Not supported numpy dtype" ValueError);
`pstring` and `raw` (`DataType.UNDEFINED`) are dtype objects no tensor can have.

Differences from Paddle: `uint16` is Paddle's historical spelling of bfloat16 storage; here it maps
to torch.uint16 only for conversion of raw numpy arrays and is otherwise rare. Paddle has no CPU
kernel for arithmetic on float8/uint32/uint64 tensors; torch has few, so such ops fail here too, but
with torch's error text.
"""
import numpy as np
import torch

__all__ = ["DType", "to_dtype", "from_torch_dtype", "get_default_dtype", "set_default_dtype"]


class DType:
    """One Paddle data type (`paddle.float32` ...). Immutable; compare with `==` or `is`."""

    __slots__ = ("name", "value", "torch", "numpy", "short")

    def __init__(self, short, value, torch_dtype, numpy_dtype):
        self.short = short                      # 'float32'
        self.name = short.upper()               # 'FLOAT32', as DataType.name
        self.value = value                      # Paddle's DataType enum value
        self.torch = torch_dtype
        self.numpy = numpy_dtype

    def __repr__(self):
        return f"<DataType.{self.name}: {self.value}>"

    def __reduce__(self):
        return (to_dtype, (self.short,))

    @property
    def is_floating_point(self):
        return self.torch is not None and self.torch.is_floating_point

    @property
    def is_complex(self):
        return self.torch is not None and self.torch.is_complex

    def __str__(self):
        if self.torch is None:           # pstring, raw: Paddle prints the bare enum
            return "DataType." + self.name
        return "paddle." + self.short


# Paddle 3.3.1 DataType enum values (verified with repr(paddle.<dtype>)).
_TABLE = [
    ("bool", 1, torch.bool, np.dtype("bool")),
    ("uint8", 2, torch.uint8, np.dtype("uint8")),
    ("int8", 3, torch.int8, np.dtype("int8")),
    ("int16", 5, torch.int16, np.dtype("int16")),
    ("int32", 7, torch.int32, np.dtype("int32")),
    ("int64", 9, torch.int64, np.dtype("int64")),
    ("float32", 10, torch.float32, np.dtype("float32")),
    ("float64", 11, torch.float64, np.dtype("float64")),
    ("complex64", 12, torch.complex64, np.dtype("complex64")),
    ("complex128", 13, torch.complex128, np.dtype("complex128")),
    ("float16", 15, torch.float16, np.dtype("float16")),
    ("bfloat16", 16, torch.bfloat16, None),
    # storage-only dtypes (module docstring); numpy has no float8, and Paddle refuses numpy's
    # uint32/uint64 arrays, so none of these is looked up from numpy
    ("uint32", 6, torch.uint32, None),
    ("uint64", 8, torch.uint64, None),
    ("float8_e4m3fn", 17, torch.float8_e4m3fn, None),
    ("float8_e5m2", 18, torch.float8_e5m2, None),
    ("pstring", 14, None, None),
]

DTYPES = {short: DType(short, value, t, n) for short, value, t, n in _TABLE}
DTYPES["raw"] = DType("undefined", 0, None, None)      # paddle.raw is DataType.UNDEFINED
_BY_TORCH = {d.torch: d for d in DTYPES.values() if d.torch is not None}
_BY_NUMPY = {d.numpy: d for d in DTYPES.values() if d.numpy is not None}
# Paddle converts dtype strings through numpy: numpy has no uint32/uint64 Paddle accepts there
_NUMPY_REFUSED = ("uint32", "uint64")
# dtypes no tensor can hold (Paddle's kernels reject their enum value)
_NO_TENSOR = ("pstring", "raw")
_ALIASES = {"float": "float32", "double": "float64", "int": "int64", "long": "int64",
            "half": "float16", "bool_": "bool", "uint16": "bfloat16"}
_ALLOWED_TEXT = ("bool, float16, uint16, float32, float64, int8, int16, int32, int64, uint8, "
                 "complex64, complex128, bfloat16")

float32 = DTYPES["float32"]
float64 = DTYPES["float64"]
int64 = DTYPES["int64"]
int32 = DTYPES["int32"]
bool_ = DTYPES["bool"]

_default_dtype = [float32]


def to_dtype(dtype):
    """Any dtype spelling Paddle accepts (DType, 'float32', np.float32, np.dtype, torch dtype) -> DType.

    Raises Paddle's TypeError for an unknown dtype.
    """
    if isinstance(dtype, DType):
        if dtype.torch is None:
            raise ValueError(f"(InvalidArgument) Invalid enum data type `{dtype.value}`.")
        return dtype
    if isinstance(dtype, str):
        short = _ALIASES.get(dtype, dtype)
        if short.startswith("paddle."):
            short = short[len("paddle."):]
        if short in _NUMPY_REFUSED:
            raise ValueError(f"Not supported numpy dtype {short}")
        found = None if short in _NO_TENSOR else DTYPES.get(short)
        if found is not None:
            return found
    elif isinstance(dtype, torch.dtype):
        found = _BY_TORCH.get(dtype)
        if found is not None:
            return found
    else:
        try:
            found = _BY_NUMPY.get(np.dtype(dtype))
        except TypeError:
            found = None
        if found is None and _is_numpy_dtype(dtype) and np.dtype(dtype).name in _NUMPY_REFUSED:
            raise ValueError(f"Not supported numpy dtype {np.dtype(dtype).name}")
        if found is not None:
            return found
    raise TypeError(f"dtype must be any of [{_ALLOWED_TEXT}], but received {dtype}")


def _is_numpy_dtype(dtype):
    try:
        np.dtype(dtype)
    except TypeError:
        return False
    return True


def to_tensor_dtype(dtype, from_tensor):
    """The DType paddle.to_tensor(data, dtype=...) converts to, with Paddle's errors: Paddle casts
    Tensor data with `astype` (uint32/uint64 refused by name) and other data through numpy, which
    has no float8 and whose uint32/uint64 arrays Paddle's tensor.set() refuses (`unsettable`)."""
    short = dtype.short if isinstance(dtype, DType) else dtype if isinstance(dtype, str) else None
    if short in ("raw", "undefined", "pstring") or (isinstance(dtype, DType)
                                                    and dtype.torch is None):
        raise TypeError(f"dtype must be any of [{_ALLOWED_TEXT}], but received {dtype}")
    if short in _NUMPY_REFUSED:
        raise ValueError(f"Not supported numpy dtype {short}") if from_tensor else unsettable()
    if short is not None and short.startswith("float8") and not from_tensor:
        raise TypeError(f"data type '{short}' not understood")
    return to_dtype(dtype)


def unsettable():
    """Paddle's tensor.set() error for numpy data of a dtype it cannot hold."""
    return ValueError(
        "(InvalidArgument) Input object type error or incompatible array data type. tensor.set() "
        "supports array with bool, float16, float32, float64, int8, int16, int32, int64, uint8 or "
        "uint16, please check your input or input array data type.")


def from_torch_dtype(torch_dtype):
    """torch.dtype -> DType (fast path used when wrapping kernel results)."""
    return _BY_TORCH[torch_dtype]


def get_default_dtype():
    """paddle.get_default_dtype(): the default floating dtype as a string ('float32')."""
    return _default_dtype[0].short


def default_float():
    return _default_dtype[0]


def set_default_dtype(d):
    """paddle.set_default_dtype(d): float16, float32 or float64 (Paddle's TypeError otherwise)."""
    dt = to_dtype(d)
    if dt.short not in ("float16", "float32", "float64", "bfloat16"):
        raise TypeError("set_default_dtype only supports [float16, float32, float64, bfloat16] , "
                        f"but received {dt.short}")
    _default_dtype[0] = dt


# ---- finfo / iinfo (Paddle: framework/dtype.py) -------------------------------------------------


class finfo:
    """paddle.finfo(dtype): machine limits of a floating dtype."""

    def __init__(self, dtype):
        d = to_dtype(dtype)
        fi = torch.finfo(d.torch)
        self.dtype, self.bits = d.short, fi.bits
        self.min, self.max, self.eps = fi.min, fi.max, fi.eps
        self.resolution, self.smallest_normal, self.tiny = (fi.resolution, fi.smallest_normal,
                                                            fi.tiny)

    def __repr__(self):
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"resolution={self.resolution:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")


class iinfo:
    """paddle.iinfo(dtype): limits of an integer dtype.

    Differences from Paddle: for uint64 Paddle 3.3.1 reports max=-1 (its int64 overflowed);
    paddle_compat reports 18446744073709551615."""

    def __init__(self, dtype):
        d = to_dtype(dtype)
        ii = torch.iinfo(d.torch)
        self.dtype, self.bits, self.min, self.max = d.short, ii.bits, ii.min, ii.max

    def __repr__(self):
        return (f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, "
                f"dtype={self.dtype})")
