"""Shared argument checks with Paddle's exception classes and message texts.

Paddle checks arguments in two places: Python helpers (`paddle/base/data_feeder.py`: `check_type`,
`check_dtype`, `check_variable_and_dtype`; used in static mode) and the C++ argument parser of eager
ops (`eager_utils.cc`: "add(): argument 'y' (position 1) must be Tensor, but got int"). Both message
families are reproduced here so every op module raises the same text as Paddle (verified on 3.3.1).

Differences from Paddle: the C++ messages end with "(at /paddle/...cc:NNN)" in Paddle; that source
location is omitted here. The Python helpers check in both modes (Paddle skips them in dynamic mode
and lets the kernel fail later with a less helpful message).
"""
import numbers

import numpy as np
import torch

from .._dtype import DType, to_dtype
from .._mode import STATE
from .._tensor import Tensor

__all__ = ["check_type", "check_dtype", "check_variable_and_dtype", "check_tensor_arg",
           "check_int_list_arg", "check_axis", "normalize_axis", "dtype_name", "is_tensor_like",
           "invalid_argument", "invalid_type", "kernel_not_found", "FLOAT_DTYPES", "INT_DTYPES", "ALL_NUMERIC"]

FLOAT_DTYPES = ("float16", "bfloat16", "uint16", "float32", "float64")
INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")
ALL_NUMERIC = FLOAT_DTYPES + INT_DTYPES + ("complex64", "complex128")


def is_tensor_like(x):
    """A paddle Tensor, or a static-graph Variable (anything carrying Paddle's tensor protocol)."""
    return isinstance(x, Tensor) or (hasattr(x, "dtype") and hasattr(x, "shape")
                                     and hasattr(x, "stop_gradient"))


def is_graph_variable(x):
    """A static-graph Variable: a Tensor that holds no data (its `_t` is None)."""
    return isinstance(x, Tensor) and x._t is None


def graph_variable_in_int_arg(api=None):
    """The error for a static-graph Variable given where paddle_compat needs Python ints (a shape,
    an axis, ...): Paddle feeds such values to the op at run time, paddle_compat does not yet."""
    where = f"{api}: " if api else ""
    return NotImplementedError(
        f"{where}a static-graph Variable as (or inside) a shape/axis argument is not supported by "
        "paddle_compat; pass Python ints (-1 for an unknown dimension)")


def dtype_name(dtype):
    """Paddle's `convert_dtype`: DType / str / numpy / torch dtype -> 'float32'."""
    if isinstance(dtype, DType):
        return dtype.short
    try:
        return to_dtype(dtype).short
    except TypeError:
        return str(dtype)


def invalid_argument(text):
    """Paddle's C++ InvalidArgument error, which Python sees as ValueError."""
    return ValueError(f"(InvalidArgument) {text}")


def kernel_not_found(kernel, dtype, supported):
    """Paddle's RuntimeError for a dtype a phi kernel is not registered for, e.g. `cos` of int64:
    "(NotFound) The kernel with key (CPU, Undefined(AnyLayout), int64) of kernel `cos` is not
    registered. ..."; `supported` is Paddle's list text ('float64, float32')."""
    return RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {dtype}) of "
                        f"kernel `{kernel}` is not registered. Selected wrong DataType `{dtype}`. "
                        f"Paddle support following DataTypes: {supported}.")


def invalid_type(text):
    """Paddle's C++ InvalidType error, which Python sees as TypeError."""
    return TypeError(f"(InvalidType) {text}")


def check_type(input, input_name, expected_type, op_name, extra_message=""):
    """Paddle's `check_type`: TypeError "The type of 'x' in op must be <types>, but received <type>. "

    `expected_type` is a type or tuple of types; the message prints it as Paddle does (the repr of
    the tuple or class).
    """
    if not isinstance(input, expected_type):
        raise TypeError(f"The type of '{input_name}' in {op_name} must be {expected_type}, but "
                        f"received {type(input)}. {extra_message}")


def check_dtype(input_dtype, input_name, expected_dtype, op_name, extra_message=""):
    """Paddle's `check_dtype`: TypeError "The data type of 'x' in op must be [...], but received f16. "

    `expected_dtype` is a list/tuple of dtype names ('float32', ...); Paddle prints it verbatim.
    """
    name = dtype_name(input_dtype)
    if name not in expected_dtype:
        raise TypeError(f"The data type of '{input_name}' in {op_name} must be {expected_dtype}, but "
                        f"received {name}. {extra_message}")


def check_variable_and_dtype(input, input_name, expected_dtype, op_name, extra_message=""):
    """Paddle's `check_variable_and_dtype`: the input must be a Tensor of one of `expected_dtype`."""
    if not is_tensor_like(input):
        raise TypeError(f"The type of '{input_name}' in {op_name} must be (<class "
                        f"'paddle.Tensor'>,), but received {type(input)}. {extra_message}")
    check_dtype(input.dtype, input_name, expected_dtype, op_name, extra_message)


def check_tensor_arg(x, api, arg, position):
    """Eager C++ parser: a non-Tensor where a Tensor is required is Paddle's ValueError
    "(InvalidArgument) exp(): argument 'x' (position 0) must be Tensor, but got float"."""
    if not is_tensor_like(x):
        raise invalid_argument(f"{api}(): argument '{arg}' (position {position}) must be Tensor, "
                               f"but got {_type_text(x)}")


def _type_text(x):
    t = type(x)
    if t.__module__ in ("builtins", None):
        return t.__name__
    return f"{t.__module__.split('.')[0]}.{t.__name__}"


def check_int_list_arg(value, api, position):
    """Eager C++ parser for an IntArray argument (shape, axis): list/tuple of ints, an int, or a
    Tensor; Paddle's TypeError texts otherwise."""
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            if not (isinstance(v, (numbers.Integral, np.integer)) or is_tensor_like(v)) \
                    or isinstance(v, bool):
                raise invalid_type(f"{api}(): argument (position {position}) must be list of int, "
                                   f"but got {_type_text(v)} at pos {i}")
        return
    if isinstance(value, (numbers.Integral, np.integer)) or is_tensor_like(value):
        return
    raise invalid_type(f"{api}(): argument (position {position}) must be list, tuple, int, or "
                       f"Tensor, but got {_type_text(value)}")


def check_axis(axis, api, position):
    """`axis` as Paddle's reductions take it: None, int, list/tuple of ints, or a Tensor."""
    if axis is None:
        return
    check_int_list_arg(axis, api, position)


def normalize_axis(axis, ndim):
    """None / int / list / tuple / Tensor -> None (all axes) or a tuple of non-negative ints.

    Paddle treats an empty list like None (reduce over everything). A 0-D input accepts axis 0 / -1.
    """
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = axis._t.reshape(-1).tolist()
    elif isinstance(axis, torch.Tensor):
        axis = axis.reshape(-1).tolist()
    elif not isinstance(axis, (list, tuple)):
        axis = [axis]
    if len(axis) == 0:
        return None
    rank = max(ndim, 1)
    out = []
    for a in axis:
        a = int(a)
        if not -rank <= a < rank:
            raise invalid_argument(f"The axis is expected to be in range of [{-rank}, {rank}), but "
                                   f"got {a}")
        out.append(a % rank)
    return tuple(out)


def broadcast_error(a, b):
    """Paddle's ValueError for two shapes that do not broadcast (torch.Tensor or paddle Tensor
    operands), or None when they do (then the caller re-raises torch's own error)."""
    xs, ys = list(a.shape), list(b.shape)
    n = max(len(xs), len(ys))
    px, py = [1] * (n - len(xs)) + xs, [1] * (n - len(ys)) + ys
    for i, (dx, dy) in enumerate(zip(px, py)):
        if dx != dy and dx != 1 and dy != 1:
            return ValueError(f"(InvalidArgument) Broadcast dimension mismatch. Operands could not "
                              f"be broadcast together with the shape of X = {xs} and the shape of "
                              f"Y = {ys}. Received [{dx}] in X is not equal to [{dy}] in Y at i:{i}.")
    return None


def check_shape(shape, op_name, expected_shape_type=(list, tuple, Tensor),
                expected_element_type=(int, Tensor), expected_tensor_dtype=("int32", "int64")):
    """paddle.check_shape(shape, op_name, ...): Paddle's data_feeder check of a shape argument
    (a list/tuple of ints or int Tensors, or an int Tensor). As in Paddle it checks only in static
    mode (dynamic mode returns at once); a bad shape raises Paddle's TypeError."""
    if not STATE.static:
        return None
    check_type(shape, "shape", expected_shape_type, op_name)
    if expected_element_type is not None and not is_tensor_like(shape):
        for item in shape:
            check_type(item, "element of shape", expected_element_type, op_name)
            if expected_tensor_dtype is not None and is_tensor_like(item):
                check_dtype(item.dtype, "element of shape", expected_tensor_dtype, op_name,
                            "If element of shape is Tensor, its data type should be "
                            + ", ".join(expected_tensor_dtype))
    if expected_tensor_dtype is not None and is_tensor_like(shape):
        check_dtype(shape.dtype, "shape", expected_tensor_dtype, op_name)
    return None
