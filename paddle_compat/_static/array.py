"""paddle.tensor.create_array / array_write / array_read / array_length (Paddle: tensor/array.py).

Exceptions: it lives in `_static/` rather than `_ops/` because its static form records
DENSE_TENSOR_ARRAY variables and the `write_to_array` / `read_from_array` / `lod_array_length`
ops, which `_ops/` may not reach (the import floors of docs/design.md).

In dynamic mode a tensor array is a Python list of Tensors, as in Paddle. In static mode its value
while the Executor runs is a Python list of torch tensors: `write_to_array` replaces or appends an
element of that list (Paddle writes the array in place through its `Out` slot; the kernel reads the
array through the op's unprinted `extra_inputs`), so gradients flow through the elements.
"""
import torch

from .._dtype import to_dtype
from .._mode import STATE
from .._ops._checks import check_variable_and_dtype
from .._ops.creation import full
from .._ops.math import cast
from .._ops.registry import OpDef
from .._tensor import Tensor
from .builder import append_op, default_main_program, program_name
from .ir import Variable

__all__ = ["create_array", "array_write", "array_read", "array_length", "ARRAY_OPS",
           "pir_create_array", "pir_array_write_", "pir_array_read", "pir_array_length",
           "create_array_like", "add_n_array"]

_ARRAY = "DENSE_TENSOR_ARRAY"


def _index(i):
    return int(i.reshape(-1)[0].item())


# Paddle's message for an element a write past the end left empty (its tensor holds no memory)
NO_MEMORY = ("PreconditionNotMetError: Tensor holds no memory. Call Tensor::mutable_data "
             "firstly.\n      [Hint: holder_ should not be null.]")


def _write_kernel(X=None, I=None, Array=None):
    array = list(Array) if Array is not None else []
    k = _index(I)
    if k >= len(array):
        # Paddle's write_to_array resizes the array to k + 1; the elements in between stay empty
        array.extend([None] * (k + 1 - len(array)))
    array[k] = X
    return array


def _read_kernel(X=None, I=None):
    k = _index(I)
    if not 0 <= k < len(X):
        raise IndexError(f"(OutOfRange) The index {k} of read_from_array is out of the range "
                         f"of the tensor array of length {len(X)}")
    if X[k] is None:
        raise RuntimeError(NO_MEMORY)
    return X[k]


def _length_kernel(X=None):
    return torch.tensor([len(X)], dtype=torch.int64)


_WRITE = OpDef("write_to_array", _write_kernel, ("X", "I", "Array"), ("Out",), {}, "",
               "paddle.tensor.array_write")
_READ = OpDef("read_from_array", _read_kernel, ("X", "I"), ("Out",), {}, "",
              "paddle.tensor.array_read")
_LENGTH = OpDef("lod_array_length", _length_kernel, ("X",), ("Out",), {}, "",
                "paddle.tensor.array_length")
# by op type, for programs read from a file (program_desc.py)
ARRAY_OPS = {"write_to_array": _WRITE, "read_from_array": _READ, "lod_array_length": _LENGTH}


def _like_kernel(Input=None, val=0.0):
    return [None if t is None else torch.full_like(t, val) for t in Input]


def _add_n_array_kernel(X=None):
    arrays = [list(a) for a in X]
    n = max(len(a) for a in arrays)
    out = []
    for k in range(n):
        items = [a[k] for a in arrays if k < len(a) and a[k] is not None]
        total = items[0] if items else None
        for t in items[1:]:
            total = total + t
        out.append(total)
    return out


_LIKE = OpDef("create_array_like", _like_kernel, ("Input",), ("Out",), {"val": 0.0}, "",
              "paddle._pir_ops.create_array_like")
_ADD_N_ARRAY = OpDef("add_n_array", _add_n_array_kernel, ("X",), ("Out",), {}, "",
                     "paddle._pir_ops.add_n_array")


def _is_array(v):
    return isinstance(v, Variable) and v.type == _ARRAY


def create_array(dtype, initialized_list=None):
    """paddle.tensor.create_array(dtype, initialized_list=None): an empty tensor array (a list in
    dynamic mode, a DENSE_TENSOR_ARRAY Variable in static mode), filled with `initialized_list`."""
    array = []
    if initialized_list is not None:
        if not isinstance(initialized_list, (list, tuple)):
            raise TypeError("Require type(initialized_list) should be list/tuple, but received "
                            f"{type(initialized_list)}")
        array = list(initialized_list)
    for val in array:
        if not isinstance(val, Tensor):
            raise TypeError("All values in `initialized_list` should be Variable or pir.Value, "
                            f"but received {type(val)}.")
    if not STATE.static:
        return array
    block = default_main_program().current_block()
    # an empty array needs no gradient under PIR; legacy Variables start stop_gradient=False
    out = block.create_var(name=f"{program_name('array')}.out", type=_ARRAY,
                           dtype=to_dtype(dtype), stop_gradient=STATE.pir)
    for val in array:
        if STATE.pir:
            # Paddle: array_write_(out, cast(val, dtype), array_length(out)), in that order
            val = cast(val, out.dtype)
            _write(block, val, array_length(out), out)
        else:
            array_write(val, array_length(out), array=out)
    return out


def array_write(x, i, array=None):
    """paddle.tensor.array_write(x, i, array=None): write `x` at position `i` (an int64 Tensor of
    shape [1]) of `array`, appending when `i` equals its length; returns the array."""
    if not STATE.static:
        assert isinstance(x, Tensor), \
            "The input data 'x' in array_write must be Variable in dygraph mode"
        assert isinstance(i, Tensor), \
            "The index 'i' in array_write must be Variable in dygraph mode"
        assert list(i.shape) == [1], "The shape of index 'i' should be [1] in dygraph mode"
        k = int(i.item(0))
        if array is None:
            array = create_array(x.dtype)
        assert isinstance(array, list), "The 'array' in array_write must be a list in dygraph mode"
        assert k <= len(array), \
            "The index 'i' should not be greater than the length of 'array' in dygraph mode"
        if k < len(array):
            array[k] = x
        else:
            array.append(x)
        return array
    check_variable_and_dtype(i, "i", ["int64"], "array_write")
    if not isinstance(x, Variable):
        raise TypeError(f"The type of 'x' in array_write must be <class 'paddle.base.framework."
                        f"Variable'>, but received {type(x)}. ")
    if array is not None and not _is_array(array):
        raise TypeError("array should be tensor array variable in array_write Op")
    block = default_main_program().current_block()
    prefix = program_name("array_write")
    if array is None:
        array = block.create_var(name=f"{prefix}.out", type=_ARRAY, dtype=x.dtype,
                                 stop_gradient=False)
    if STATE.pir:
        # PIR's array_write casts x to the array's dtype first (an op even when it matches)
        x = cast(x, array.dtype)
    return _write(block, x, i, array)


def _write(block, x, i, array):
    op = append_op(block, _WRITE, {"X": [x.name], "I": [i.name]}, {"Out": [array.name]}, {},
                   type="write_to_array")
    op.extra_inputs = {"Array": [array.name]}
    array._elem_shape = tuple(x.shape)
    # Paddle's rule for an op's outputs: stop_gradient when every input (X, I) stops it
    array.stop_gradient = bool(x.stop_gradient and i.stop_gradient)
    return array


def array_read(array, i):
    """paddle.tensor.array_read(array, i): the element at position `i` (an int64 Tensor of shape
    [1]) of a tensor array."""
    if not STATE.static:
        assert isinstance(array, list), "The 'array' in array_read must be list in dygraph mode"
        assert isinstance(i, Tensor), "The index 'i' in array_read must be Variable in dygraph mode"
        assert list(i.shape) == [1], "The shape of index 'i' should be [1] in dygraph mode"
        return array[int(i.item(0))]
    if STATE.pir:
        # PIR's array_read takes the index unchecked (an int too) and names array_length in
        # its error, as Paddle 3.3.1's does
        if not _is_array(array):
            raise TypeError("array should be tensor array variable in array_length Op")
        if not isinstance(i, Variable):
            i = full([1], i, "int64")
    else:
        check_variable_and_dtype(i, "i", ["int64"], "array_read")
    prefix = program_name("array_read")
    if not _is_array(array):
        raise TypeError("array should be tensor array variable")
    block = default_main_program().current_block()
    out = block.create_var(name=program_name(prefix + ".tmp"),
                           shape=getattr(array, "_elem_shape", ()), dtype=array.dtype,
                           stop_gradient=bool(array.stop_gradient and i.stop_gradient))
    append_op(block, _READ, {"X": [array.name], "I": [i.name], "X_W": []}, {"Out": [out.name]},
              {}, type="read_from_array")
    return out


def array_length(array):
    """paddle.tensor.array_length(array): the number of elements of a tensor array (an int in
    dynamic mode, an int64 Variable of shape [1] in static mode)."""
    if not STATE.static:
        assert isinstance(array, list), "The 'array' in array_write must be a list in dygraph mode"
        return len(array)
    if not _is_array(array):
        raise TypeError("array should be tensor array variable in array_length Op")
    prefix = program_name("array_length")
    block = default_main_program().current_block()
    out = block.create_var(name=program_name(prefix + ".tmp"), shape=(1,), dtype=to_dtype("int64"),
                           stop_gradient=True)
    append_op(block, _LENGTH, {"X": [array.name]}, {"Out": [out.name]}, {},
              type="lod_array_length")
    return out


# ---- paddle._pir_ops: the PIR op functions Paddle's array code (and its tests) call ------------
def _value_arg(v, api, what="Value"):
    if not (STATE.static and isinstance(v, Variable)):
        raise TypeError(f"(InvalidType) {api}(): argument (position 1) must be {what}, but got "
                        f"{type(v).__name__}")


def _array_arg(v, api):
    _value_arg(v, api)
    if not _is_array(v):
        raise NotImplementedError("(Unimplemented) Only support paddle::dialect::"
                                  "DenseTensorArrayType or paddle::dialect::"
                                  "AllocatedDenseTensorArrayType")


def _new_array(block, prefix, dtype, like=None):
    out = block.create_var(name=f"{program_name(prefix)}.out", type=_ARRAY, dtype=dtype,
                           stop_gradient=True)
    if like is not None and hasattr(like, "_elem_shape"):
        out._elem_shape = like._elem_shape
    return out


def pir_create_array(dtype):
    """paddle._pir_ops.create_array(dtype): an empty tensor array of `dtype` (pd_op.create_array).

    Differences from Paddle: static mode only (Paddle's function makes a Value in dynamic mode
    too)."""
    if not STATE.static:
        raise TypeError("(InvalidType) create_array(): paddle_compat makes a tensor array Value "
                        "in static mode only; use paddle.tensor.create_array in dynamic mode")
    return create_array(dtype)


def pir_array_write_(array, x, i):
    """paddle._pir_ops.array_write_(array, x, i): write x at position i of the array, in place
    (pd_op.array_write_, no cast of x); returns the array."""
    _array_arg(array, "array_write_")
    _value_arg(x, "array_write_")
    _value_arg(i, "array_write_")
    return _write(default_main_program().current_block(), x, i, array)


def pir_array_read(array, i):
    """paddle._pir_ops.array_read(array, i): the element at position i (pd_op.array_read)."""
    _array_arg(array, "array_read")
    return array_read(array, i)


def pir_array_length(array):
    """paddle._pir_ops.array_length(array): the array's length, an int64 [1] (pd_op.array_length)."""
    _array_arg(array, "array_length")
    return array_length(array)


def create_array_like(input, value):
    """paddle._pir_ops.create_array_like(input, value): a tensor array as long as `input`, each
    element full_like the input's with `value` (pd_op.create_array_like)."""
    _array_arg(input, "create_array_like")
    block = default_main_program().current_block()
    out = _new_array(block, "create_array_like", input.dtype, like=input)
    append_op(block, _LIKE, {"Input": [input.name]}, {"Out": [out.name]}, {"val": float(value)},
              type="create_array_like")
    return out


def add_n_array(inputs):
    """paddle._pir_ops.add_n_array(inputs): the elementwise sum of tensor arrays, position by
    position (pd_op.add_n_array)."""
    if not isinstance(inputs, (list, tuple)) or not all(
            STATE.static and isinstance(a, Variable) for a in inputs):
        got = type(inputs[0]).__name__ if isinstance(inputs, (list, tuple)) and inputs else \
            type(inputs).__name__
        raise TypeError(f"(InvalidType) add_n(): argument (position 1) must be vector<Value>, but "
                        f"got vector<{got}>")
    for a in inputs:
        _array_arg(a, "add_n_array")
    block = default_main_program().current_block()
    out = _new_array(block, "add_n_array", inputs[0].dtype, like=inputs[0])
    op = append_op(block, _ADD_N_ARRAY, {"X": [a.name for a in inputs]}, {"Out": [out.name]},
                   {}, type="add_n_array")
    op.list_slots = ("X",)
    return out
