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
import re

import numpy as np
import torch

from .._dtype import DType, to_dtype
from .._mode import STATE
from .._tensor import Tensor

__all__ = ["EnforceNotMet", "kernel_error", "int_attr", "float_attr", "check_type", "check_dtype", "check_variable_and_dtype", "check_tensor_arg",
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


# The types Paddle's check_variable_and_dtype names (dynamic mode: Paddle skips the check there)
_EXPECTED_VAR = {
    "dynamic": "(<class 'paddle.Tensor'>,)",
    "legacy": "(<class 'paddle.base.framework.Variable'>, <class 'paddle.base.libpaddle.pir.Value'>)",
    "pir": "(<class 'paddle.base.libpaddle.pir.Value'>, <class 'paddle.pir.core.ParameterMeta'>)"}


def _face():
    return "dynamic" if not STATE.static else ("pir" if STATE.pir else "legacy")


def check_variable_and_dtype(input, input_name, expected_dtype, op_name, extra_message=""):
    """Paddle's `check_variable_and_dtype`: the input must be a Tensor of one of `expected_dtype`."""
    if not is_tensor_like(input):
        raise TypeError(f"The type of '{input_name}' in {op_name} must be {_EXPECTED_VAR[_face()]}"
                        f", but received {type(input)}. {extra_message}")
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


class EnforceNotMet(Exception):
    """Paddle's `paddle.EnforceNotMet`: the class of C++ enforce failures that have no more specific
    Python class (integer division by zero, ...)."""


def _shape_list(t):
    return list(t.shape) if t is not None and hasattr(t, "shape") else None


def _tensors(args):
    out = []
    for a in args:
        if isinstance(a, torch.Tensor):
            out.append(a)
        elif isinstance(a, (list, tuple)):
            out.extend(e for e in a if isinstance(e, torch.Tensor))
    return out


def _broadcast(op_type, args, attrs, text):
    ts = _tensors(args)
    for i in range(len(ts)):
        for j in range(i + 1, len(ts)):
            err = broadcast_error(ts[i], ts[j])
            if err is not None:
                return err
    return None


def _masked_select_broadcast(op_type, args, attrs, text):
    xs, ys = _shape_list(args[0]), _shape_list(args[1])
    n = max(len(xs), len(ys))
    px, py = [1] * (n - len(xs)) + xs, [1] * (n - len(ys)) + ys
    for i, (dx, dy) in enumerate(zip(px, py)):
        if dx != dy and dx != 1 and dy != 1:
            return RuntimeError(f"(PreconditionNotMet) The size of tensor x ({dx}) must match the "
                                f"size of tensor y ({dy}) at non-singleton dimension {i}.")
    return None


def _negative_shape(op_type, args, attrs, text):
    shape = list((attrs or {}).get("shape", []))
    for i, d in enumerate(shape):
        if d < 0:
            return invalid_argument(f"Each value of attribute 'shape' is expected to be no less "
                                    f"than 0. But received: shape[{i}] = {d}; shape = {shape}.")
    return None


def _negative_num(op_type, args, attrs, text):
    num = (attrs or {}).get("num")
    if op_type == "logspace":
        return invalid_argument(f"The num of logspace op should be larger than 0, but received "
                                f"num is {num}")
    return invalid_argument(f"The num of {op_type} op should be larger than or equal to 0, but "
                            f"received num is {num}")


def _integer_division_by_zero(op_type, args, attrs, text):
    return EnforceNotMet("() InvalidArgumentError: Integer division by zero encountered in "
                         "(floor/trunc) divide. Please check the input value.")


def _empty_reduction(op_type, args, attrs, text):
    m = re.search(r"reduction dim (-?\d+)", text)
    axis = m.group(1) if m else 0
    return invalid_argument(f"Cannot perform reduction along an axis ({axis}) that has a size of 0.")


def _index_axis_size(args, attrs):
    axis = (attrs or {}).get("dim", (attrs or {}).get("axis", 0))
    if isinstance(axis, torch.Tensor):
        axis = int(axis)
    x = args[0]
    return int(x.shape[axis]) if x.dim() else 1


def _bad_index(index, size):
    flat = index.reshape(-1)
    bad = ((flat >= size) | (flat < -size)).nonzero()
    if not len(bad):
        return None, None
    pos = int(bad[0])
    return pos, int(flat[pos])


def _index_select_oob(op_type, args, attrs, text):
    size = _index_axis_size(args, attrs)
    pos, value = _bad_index(args[1], size)
    if pos is None:
        return None
    return invalid_argument(f"Variable value (index) of OP(index_select) expected >= -{size} and "
                            f"< {size}, but got {value}. Please check input value.")


def _gather_oob(op_type, args, attrs, text):
    size = _index_axis_size(args, attrs)
    pos, value = _bad_index(args[1], size)
    if pos is None:
        return None
    if value < 0:
        return IndexError(f"(OutOfRange) The element of Index must be greater than or equal to "
                          f"-{size}, but received index element which is {value} in the {pos} "
                          f"index.")
    return IndexError(f"(OutOfRange) The element of Index must be less than the size of input dim "
                      f"size of axis which is {size}, but received index element which is "
                      f"{value} in the {pos} index.")


_DIM_RANGE = re.compile(r"expected to be in range of \[(-?\d+), (-?\d+)\], but got (-?\d+)")


def _axis_out_of_range(op_type, args, attrs, text):
    m = _DIM_RANGE.search(text)
    if not m:
        return None
    lo, hi, got = int(m.group(1)), int(m.group(2)), int(m.group(3))
    return IndexError(f"(OutOfRange) axis is out of range (expected to be in range of [{lo}, "
                      f"{hi + 1}), but got {got}).")


def _attr_axis_out_of_range(op_type, args, attrs, text):
    if op_type == "p_norm_normalize":
        m = _DIM_RANGE.search(text)
        x = args[0]
        got = m.group(3) if m else (attrs or {}).get("axis")
        return invalid_argument(f"Attr(axis) value should be in range [-R, R-1], R is the rank of "
                                f"Input(X). But received axis: {got}, R: {x.dim()}. Current "
                                f"Input(X)'s shape is={list(x.shape)}.")
    return invalid_argument("Attr(axis) value should be in range [-R, R-1], R is the rank of "
                            "Input(X).")


def _glu_odd(op_type, args, attrs, text):
    x = args[0]
    axis = (attrs or {}).get("axis", -1)
    return invalid_argument(f"The input's size along the split dimension must be evenly divisible "
                            f"by Attr(num_or_sections). But received Attr(num_or_sections) = 2, "
                            f"input(X)'s shape = {list(x.shape)}, Attr(dim) = {axis % x.dim()}.")


def _conv_stride(op_type, args, attrs, text):
    strides = (attrs or {}).get("strides", (attrs or {}).get("stride", 0))
    if isinstance(strides, (list, tuple)):
        strides = next((s for s in strides if s <= 0), strides[0])
    return invalid_argument(f"The stride of Op(Conv) should be larger than 0, but received stride "
                            f"is {strides}.")


def _pool_stride(op_type, args, attrs, text):
    return invalid_argument("The stride of PoolOutputSize shall not be 0, but received 0.")


def _bce_range(op_type, args, attrs, text):
    x = args[0]
    if bool((x < 0).any()):
        return invalid_argument("Illegal input, input must be greater than  or equal to 0")
    return invalid_argument("Illegal input, input must be less than or equal to 1")


def _label_out_of_bounds(op_type, args, attrs, text):
    return invalid_argument("label should not be out of bounds.")


# torch message pattern -> {op type (None: any op) -> translator}. A translator returns Paddle's
# exception, or None when it cannot tell (then torch's own error is re-raised unchanged).
_KERNEL_ERRORS = (
    ("must match the size of tensor", {"masked_select": _masked_select_broadcast, None: _broadcast}),
    ("Trying to create tensor with negative dimension", {None: _negative_shape}),
    ("number of steps must be non-negative", {"linspace": _negative_num, "logspace": _negative_num}),
    ("ZeroDivisionError", {None: _integer_division_by_zero}),
    ("to have non-zero size", {None: _empty_reduction}),
    ("index out of range in self", {"index_select": _index_select_oob, "gather": _gather_oob}),
    ("out of DATA bounds", {"index_select": _index_select_oob, "gather": _gather_oob}),
    ("Dimension out of range", {"cumsum": _axis_out_of_range, "cumprod": _axis_out_of_range,
                                "softmax": _attr_axis_out_of_range,
                                "log_softmax": _attr_axis_out_of_range,
                                "p_norm_normalize": _attr_axis_out_of_range}),
    ("Halving dimension must be even", {"glu": _glu_odd}),
    ("non-positive stride is not supported", {None: _conv_stride}),
    ("stride should not be zero", {None: _pool_stride}),
    ("all elements of input should be between 0 and 1", {None: _bce_range}),
    ("is out of bounds", {"nll_loss": _label_out_of_bounds}),
)


def kernel_error(op_type, args, attrs, exc):
    """THE translation of a torch kernel's error into Paddle's exception (class and message), used
    by the registry's dispatch (`apply_op`) and the ops' dynamic fast paths. `args` are the kernel's
    torch inputs, `attrs` its attributes. Returns the exception to raise: Paddle's when a rule of
    `_KERNEL_ERRORS` knows it, else `exc` itself."""
    text = str(exc)
    for pattern, by_op in _KERNEL_ERRORS:
        if pattern in text:
            fn = by_op.get(op_type) or by_op.get(None)
            if fn is not None:
                try:
                    new = fn(op_type, args, attrs, text)
                except Exception:  # noqa: BLE001 - a failing translation keeps torch's error
                    new = None
                if new is not None:
                    return new
            break
    return exc


def int_attr(value, api, position):
    """Eager C++ parser for an int attribute: Paddle's TypeError "(InvalidType) softmax(): argument
    (position 2) must be int, but got str" for anything that is not an integer (or 0-D Tensor)."""
    if isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, Tensor) and value._t is not None and value._t.numel() == 1:
        return int(value._t)
    if isinstance(value, (float, np.floating)):
        return int(value)       # Paddle's parser truncates a float
    raise invalid_type(f"{api}(): argument (position {position}) must be int, but got "
                       f"{_type_text(value)}")


def float_attr(value, api, position):
    """Eager C++ parser for a float attribute: "(InvalidType) leaky_relu(): argument (position 2)
    must be double, but got str" for anything that is not a real number (or 1-element Tensor)."""
    if isinstance(value, (numbers.Real, np.number)) and not isinstance(value, complex):
        return float(value)
    if isinstance(value, Tensor) and value._t is not None and value._t.numel() == 1:
        return float(value._t)
    raise invalid_type(f"{api}(): argument (position {position}) must be double, but got "
                       f"{_type_text(value)}")
