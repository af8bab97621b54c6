"""paddle.incubate.nn.functional.int_bincount (Paddle: incubate/nn/functional/int_bincount.py,
GPU kernel int_bincount: cub::DeviceHistogram::HistogramEven over [low, high))."""
import torch

from ...._dtype import to_dtype
from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, tensor_arg

__all__ = ["int_bincount"]


def int_bincount(x, low, high, dtype=None, name=None):
    """paddle.incubate.nn.functional.int_bincount(x, low, high, dtype): how often each integer
    value v with low <= v < high occurs in the integer tensor `x` (any shape), as a 1-D tensor of
    `high - low` counts of `dtype` (int32 or int64); values outside [low, high) are not counted.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel (on CPU it raises "The kernel
    `int_bincount` is not registered"); here it runs on any device. `dtype` must be given as
    int32 or int64 (Paddle's default None reaches its kernel as float64 and fails there)."""
    refuse_static("int_bincount", "x", x, legacy=ValueError(
        'Incorrect setting for output(s) of operator "int_bincount", should set: [out].'))
    t = tensor_arg("int_bincount", "x", x)
    check_dtype("int_bincount", "x", t, (torch.int32, torch.int64))
    out_dtype = None if dtype is None else to_dtype(dtype)
    if out_dtype is None or out_dtype.short not in ("int32", "int64"):
        raise ValueError(f"dtype must be 'int32' or 'int64', but got '{dtype}'")
    if not high > low:
        raise ValueError(f"int_bincount: 'high' ({high}) must be greater than 'low' ({low})")
    v = t.reshape(-1).to(torch.int64)
    v = v[(v >= low) & (v < high)] - low
    return wrap(torch.bincount(v, minlength=high - low).to(out_dtype.torch))
