"""Paddle's dtypes as a table over torch and numpy dtypes.

`paddle.float32` and friends are `DType` objects: `str()` gives `paddle.float32`, `repr()` gives
Paddle 3.x's `<DataType.FLOAT32: 10>`, and they compare equal only to themselves (in Paddle 3.3.1
`paddle.float32 == 'float32'` is False). Everything that accepts a dtype goes through `to_dtype`,
which also takes strings (`'float32'`), numpy dtypes and torch dtypes.

Differences from Paddle: `uint16` is Paddle's historical spelling of bfloat16 storage; here it maps
to torch.uint16 only for conversion of raw numpy arrays and is otherwise rare.
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

    def __str__(self):
        return "paddle." + self.short

    def __repr__(self):
        return f"<DataType.{self.name}: {self.value}>"

    def __reduce__(self):
        return (to_dtype, (self.short,))

    @property
    def is_floating_point(self):
        return self.torch.is_floating_point

    @property
    def is_complex(self):
        return self.torch.is_complex


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
]

DTYPES = {short: DType(short, value, t, n) for short, value, t, n in _TABLE}
_BY_TORCH = {d.torch: d for d in DTYPES.values()}
_BY_NUMPY = {d.numpy: d for d in DTYPES.values() if d.numpy is not None}
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
        return dtype
    if isinstance(dtype, str):
        short = _ALIASES.get(dtype, dtype)
        if short.startswith("paddle."):
            short = short[len("paddle."):]
        found = DTYPES.get(short)
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
        if found is not None:
            return found
    raise TypeError(f"dtype must be any of [{_ALLOWED_TEXT}], but received {dtype}")


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
    """paddle.iinfo(dtype): limits of an integer dtype."""

    def __init__(self, dtype):
        d = to_dtype(dtype)
        ii = torch.iinfo(d.torch)
        self.dtype, self.bits, self.min, self.max = d.short, ii.bits, ii.min, ii.max

    def __repr__(self):
        return (f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, "
                f"dtype={self.dtype})")
