"""Tensor attribute functions (Paddle: tensor/attribute.py): shape, rank, is_complex,
is_floating_point, is_integer.

Exceptions: `real`, `imag` (attribute.py in Paddle) are elementwise ops of math.py's unary table.
"""
import builtins

import numpy as np

import torch

from .._tensor_methods import METHODS, attach
from .creation import assign, full
from .registry import apply_op, defop

__all__ = ["shape", "rank", "is_complex", "is_floating_point", "is_integer"]


_SHAPE = defop("shape", lambda x: torch.tensor(list(x.shape), dtype=torch.int64,
                                               device=x.device),
               inputs=("Input",), api="paddle.shape")


def shape(input):
    """paddle.shape(input): the shape as a 1-D int64 tensor."""
    return apply_op(_SHAPE, (input,))


def rank(input):
    """paddle.rank(input): the number of dimensions as an int32 0-D tensor."""
    # Paddle: assign(np.array(ndims, 'int32')), an assign_value op in static mode
    return assign(np.array(input.ndim, dtype="int32"))


def _check_tensor(x):
    if not hasattr(x, "dtype") or isinstance(x, type):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")


def is_complex(x):
    """paddle.is_complex(x): whether x has a complex dtype."""
    _check_tensor(x)
    return builtins.bool(x.dtype.is_complex)


def is_floating_point(x):
    """paddle.is_floating_point(x): whether x has a floating dtype."""
    _check_tensor(x)
    return builtins.bool(x.dtype.is_floating_point)


def is_integer(x):
    """paddle.is_integer(x): whether x has an integer dtype (bool is not)."""
    _check_tensor(x)
    d = x.dtype
    return not (d.is_floating_point or d.is_complex or d.short == "bool")


def _attach():
    # x.rank(), x.is_complex(), x.is_integer(); x.shape is the Tensor property and
    # x.is_floating_point() is tensor_patch.py's method
    attach({k: v for k, v in {"rank": rank, "is_complex": is_complex,
                              "is_integer": is_integer}.items() if k not in METHODS})


_attach()
