"""Shape manipulation (Paddle: tensor/manipulation.py): reshape, transpose, concat/cat, split,
stack, squeeze/unsqueeze, flatten, expand/tile/broadcast, flip/roll, slice, strided_slice,
gather/scatter, take_along_axis/put_along_axis, moveaxis, narrow, unflatten, repeat_interleave,
broadcast_tensors, ravel, reverse, atleast_*d, hstack/vstack, rot90, index_add/index_fill,
take_along_dim, view/view_as, repeat, fill_diagonal_.

Exceptions: cast, masked_fill, unique (manipulation.py in Paddle) are in math.py and search.py;
transpose, which Paddle lists under tensor/linalg.py, is here with the other layout ops.

Each op is registered once under Paddle's legacy op type and slot names (`reshape2`, `transpose2`,
`concat`, `split`, `squeeze2`, `unsqueeze2`, `flatten_contiguous_range`, `stack`, `unstack`,
`unbind`, `expand_v2`, `expand_as_v2`, `tile`, `flip`, `roll`); the public
functions keep Paddle's signatures, check non-tensor arguments with Paddle's messages and call
`apply_op`, so that static mode records the same op types.

Differences from Paddle: Paddle's C++ messages end with "(at /paddle/...:NNN)"; that location is
omitted. The kernels of `reshape2`/`transpose2`/`squeeze2`/`unsqueeze2`/`flatten_contiguous_range`
compute no `XShape` (it only carries the input shape for Paddle's grad kernels; torch autograd does
not need it); static mode records and prints it as Paddle does (_static/builder.py XSHAPE_OPS).
"""
import builtins
import inspect
import numbers

import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import to_dtype
from .._mode import STATE
from .._tensor import Tensor
from .._tensor_methods import METHODS, attach
from ._checks import graph_variable_in_int_arg, invalid_argument, is_graph_variable, is_tensor_like
from .creation import _check_inplace, _write_back, inplace, zeros
from .registry import apply_op, defop
from .registry import write_out as _out

_BASIC_NAMES = ["reshape", "reshape_", "transpose", "concat", "split", "chunk", "squeeze", "unsqueeze",
                "flatten", "stack", "unstack", "unbind", "expand", "expand_as", "broadcast_to", "tile",
                "flip", "roll", "squeeze_", "unsqueeze_", "flatten_", "slice", "strided_slice", "gather",
                "gather_nd", "scatter", "scatter_", "scatter_nd_add", "take_along_axis", "put_along_axis",
                "put_along_axis_"]
_MORE_NAMES = ["cat", "concatenate", "moveaxis", "narrow", "unflatten", "repeat_interleave",
               "broadcast_tensors", "ravel", "reverse", "atleast_1d", "atleast_2d", "atleast_3d",
               "hstack", "vstack", "rot90", "index_add", "index_fill", "take_along_dim"]
_TORCH_STYLE_NAMES = ["view", "view_as", "repeat", "fill_diagonal_"]
__all__ = _BASIC_NAMES + _MORE_NAMES + _TORCH_STYLE_NAMES
_pyslice = builtins.slice


def _hint(expected, received):
    return f"\n  [Hint: Expected {expected}, but received {received}.]"


def _int(v):
    """An int-like argument (int, numpy int, 0-D/1-element Tensor in dynamic mode) -> int."""
    if is_graph_variable(v) or (is_tensor_like(v) and not isinstance(v, Tensor)):
        raise graph_variable_in_int_arg()
    if isinstance(v, Tensor):
        return int(v._t.reshape(-1)[0])
    return int(v)


def _int_list(value):
    """list/tuple (of ints or Tensors) / Tensor / int -> list of ints (dynamic values)."""
    if is_graph_variable(value):
        raise graph_variable_in_int_arg()
    if isinstance(value, Tensor):
        return [int(v) for v in value._t.reshape(-1).tolist()]
    if isinstance(value, (list, tuple)):
        return [_int(v) for v in value]
    return [_int(value)]


# ---- reshape -----------------------------------------------------------------------------------
def _infer_reshape(in_shape, shape):
    numel = 1
    for d in in_shape:
        numel *= d
    out, unk, capacity = [], -1, 1
    for i, d in enumerate(shape):
        if d == -1:
            if unk != -1:
                raise invalid_argument(
                    f"Only one dimension value of 'shape' in ReshapeOp can be -1. But received shape "
                    f"= {list(shape)}, shape[{i}] is also -1." + _hint("unk_dim_idx == -1",
                                                                      f"unk_dim_idx:{unk} != -1:-1"))
            unk = i
            out.append(-1)
            continue
        if d == 0:
            if i >= len(in_shape):
                raise invalid_argument(
                    f"The index of 0 in `shape` must be less than the input tensor X's dimensions. "
                    f"But received shape = {list(shape)}, shape[{i}] = 0, X's shape = "
                    f"{list(in_shape)}, X's dimensions = {len(in_shape)}.")
            d = in_shape[i]
        elif d < -1:
            raise invalid_argument(
                f"Each dimension value of 'shape' in ReshapeOp must not be negative except one "
                f"unknown dimension. But received  shape = {list(shape)}, shape[{i}] = {d}.")
        out.append(d)
        capacity *= d
    if unk != -1:
        if capacity == 0 or numel % capacity:
            raise invalid_argument(
                f"The 'shape' attribute in ReshapeOp is invalid. The input tensor X'size must be "
                f"divisible by known capacity of 'shape'. But received X's shape = {list(in_shape)},"
                f" X's size = {numel}, 'shape' is {list(shape)}, known capacity of 'shape' is "
                f"{capacity}." + _hint("output_shape[unk_dim_idx] * capacity == in_size",
                                       f"output_shape[unk_dim_idx] * capacity:"
                                       f"{capacity * (numel // capacity if capacity else 0)} != "
                                       f"in_size:{numel}"))
        out[unk] = numel // capacity
    elif capacity != numel:
        raise invalid_argument(
            f"The 'shape' in ReshapeOp is invalid. The input tensor X'size must be equal to the "
            f"capacity of 'shape'. But received X's shape = {list(in_shape)}, X's size = {numel}, "
            f"'shape' is {list(shape)}, the capacity of 'shape' is {capacity}."
            + _hint("capacity == in_size", f"capacity:{capacity} != in_size:{numel}"))
    return out


def _reshape_kernel(X, Shape=None, shape=()):
    if Shape is not None:
        shape = [int(v) for v in Shape.reshape(-1).tolist()]
    return X.reshape(_infer_reshape(tuple(X.shape), shape))


RESHAPE = defop("reshape2", _reshape_kernel, inputs=("X", "Shape"), attrs={"shape": []},
                api="paddle.reshape", notes="XShape recorded in static mode, never computed")


def reshape(x, shape, name=None):
    """paddle.reshape(x, shape, name=None): 0 copies the input dim at that position, one -1 is
    inferred; `shape` is a list/tuple (ints or 1-element Tensors) or a 1-D int Tensor.

    Differences from Paddle: in static mode a list mixing ints and Variables is not supported (pass
    one whole shape Variable)."""
    if isinstance(shape, (list, tuple)):
        return apply_op(RESHAPE, (x, None), {"shape": _int_list(shape)})
    if is_tensor_like(shape):
        if STATE.static:
            return apply_op(RESHAPE, (x, shape), {"shape": []})
        return apply_op(RESHAPE, (x, None), {"shape": _int_list(shape)})
    raise ValueError(f"shape must be an instance of `list`, `tuple` `Variable`, got "
                     f"'{type(shape)}.'")


def reshape_(x, shape, name=None):
    """paddle.reshape_ / Tensor.reshape_: reshape in place (the Tensor object is rebound)."""
    out = reshape(x, shape)
    x._t = out._t
    return x


# ---- transpose ---------------------------------------------------------------------------------
def _transpose_kernel(X, axis=()):
    return X.permute(*axis) if axis else X


TRANSPOSE = defop("transpose2", _transpose_kernel, attrs={"axis": []}, api="paddle.transpose",
                  notes="XShape recorded in static mode, never computed")


def transpose(x, perm, name=None):
    """paddle.transpose(x, perm, name=None): permute the axes (negative entries allowed).

    Differences from Paddle: a `perm` shorter than x's rank permutes the leading axes, as Paddle
    3.3.1 does for `[1, 0]`; Paddle returns wrong shapes for other short perms such as `[2, 0]`,
    which raise ValueError here."""
    if not isinstance(perm, (list, tuple)):
        raise TypeError(f"The type of 'perm' in transpose must be (<class 'list'>, <class "
                        f"'tuple'>), but received {type(perm)}. ")
    perm = [_int(p) for p in perm]
    nd = len(x.shape)
    if len(perm) > nd:
        raise invalid_argument(
            f"The input tensor's dimension should be equal to or greater than the axis's size. But "
            f"received input tensor's dimension is {nd}, axis's size is {len(perm)}"
            + _hint("x_rank >= axis_size", f"x_rank:{nd} < axis_size:{len(perm)}"))
    norm = []
    for i, p in enumerate(perm):
        if p >= nd or p < -nd:
            raise invalid_argument(f"axis[{i}] ({p}) is out of range [{-nd}, {nd}).")
        p = p % nd
        if p in norm or p >= len(perm):
            # Paddle 3.3.1 accepts a short perm only as a permutation of the leading axes.
            raise invalid_argument(f"Each element of axis should be unique. but axis[{i}] is {p} "
                                   f"appear not only once" + _hint(
                                       "++count[formatted_axis[i]] == 1",
                                       "++count[formatted_axis[i]]:2 != 1:1"))
        norm.append(p)
    norm += list(range(len(norm), nd))
    return apply_op(TRANSPOSE, (x,), {"axis": norm})


# ---- concat / split / stack --------------------------------------------------------------------
def _concat_kernel(X, axis=0):
    first = X[0]
    for i, t in enumerate(X[1:], 1):
        if t.dtype != first.dtype:
            raise invalid_argument(
                f"The data_type of input tensor in list isn't consistent, the first tensor is "
                f"{_dn(first)}, but {i}th tensor is {_dn(t)}.")
    nd = first.dim()
    ax = axis % nd if nd else 0
    for i, t in enumerate(X[1:], 1):
        if t.dim() != nd:
            raise invalid_argument(
                f"The shape of input[0] and input[{i}] is expected to be equal.But received "
                f"input[0]'s shape = {list(first.shape)}, input[{i}]'s shape = {list(t.shape)}.")
        for j in range(nd):
            if j != ax and t.shape[j] != first.shape[j]:
                raise invalid_argument(
                    f"The {j}-th dimension of input[0] and input[{i}] is expected to be equal.But "
                    f"received input[0]'s shape = {list(first.shape)}, input[{i}]'s shape = "
                    f"{list(t.shape)}." + _hint("inputs_dims[0][j] == inputs_dims[i][j]",
                                                f"inputs_dims[0][j]:{first.shape[j]} != "
                                                f"inputs_dims[i][j]:{t.shape[j]}"))
    return torch.cat(X, dim=ax)


def _dn(t):
    return str(t.dtype).replace("torch.", "")


CONCAT = defop("concat", _concat_kernel, attrs={"axis": 0}, api="paddle.concat")


def _tensor_list(x, api, arg="x"):
    if not isinstance(x, (list, tuple)) or any(not is_tensor_like(e) for e in x):
        raise TypeError(f"The type of '{arg}' in {api} must be (<class 'list'>, <class 'tuple'>) "
                        f"of Tensors, but received {type(x)}. ")
    if len(x) == 0:
        raise ValueError(f"The number of input tensors in {api} must be greater than 0")
    return list(x)


def concat(x, axis=0, name=None):
    """paddle.concat(x, axis=0, name=None): join a list of same-dtype tensors along `axis`."""
    x = _tensor_list(x, "concat")
    axis = _int(axis)
    nd = len(x[0].shape)
    if not -max(nd, 1) <= axis < max(nd, 1):
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    return apply_op(CONCAT, (x,), {"axis": axis})


def _split_kernel(X, axis=0, num=0, sections=()):
    if num:
        return list(torch.tensor_split(X, num, dim=axis)) if X.shape[axis] == 0 else \
            list(torch.split(X, X.shape[axis] // num, dim=axis))
    return list(torch.split(X, list(sections), dim=axis))


SPLIT = defop("split", _split_kernel, outputs=("Out",), attrs={"axis": 0, "num": 0, "sections": []},
              api="paddle.split")


def split(x, num_or_sections, axis=0, name=None):
    """paddle.split(x, num_or_sections, axis=0, name=None): `num_or_sections` is a count of equal
    parts or a list of sizes in which one entry may be -1 (inferred). Returns a list."""
    axis = _int(axis)
    shape = list(x.shape)
    nd = len(shape)
    if not -nd <= axis < nd:
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    axis %= nd
    dim = shape[axis]
    if isinstance(num_or_sections, (numbers.Integral, np.integer)) and \
            not isinstance(num_or_sections, bool):
        num = int(num_or_sections)
        if num <= 0:
            raise ValueError(f"The num_or_sections must be greater than 0, but received "
                             f"{num_or_sections}.")
        if dim > 0 and dim % num:
            raise invalid_argument(
                f"The input's size along the split dimension must be evenly divisible by "
                f"Attr(num_or_sections). But received Attr(num_or_sections) = {num}, input(X)'s "
                f"shape = {shape}, Attr(dim) = {axis}."
                + _hint("input_axis_dim % num == 0", f"input_axis_dim % num:{dim % num} != 0:0"))
        return apply_op(SPLIT, (x,), {"axis": axis, "num": num, "sections": []})
    if not isinstance(num_or_sections, (list, tuple)):
        raise TypeError(f"The type of 'num_or_sections' in split must be (<class 'int'>, <class "
                        f"'list'>, <class 'tuple'>), but received {type(num_or_sections)}. ")
    sections = [_int(s) for s in num_or_sections]
    if sections.count(-1) > 1:
        raise invalid_argument("Only one dimension value of Attr(num_or_sections) in SplitOp can be "
                               "-1. But received Attr(num_or_sections) = "
                               f"{sections}.")
    known = sum(s for s in sections if s != -1)
    if -1 in sections:
        if known > dim:
            raise invalid_argument(
                f"Sum of Attr(num_or_sections) other than unknown section must be less equal than "
                f"input's size along the split dimension. But received Attr(num_or_sections) = "
                f"{sections}, input(X)'s shape = {shape}, Attr(dim) = {axis}.")
        sections[sections.index(-1)] = dim - known
    elif known != dim:
        raise invalid_argument(
            f"Sum of Attr(num_or_sections) must be equal to the input's size along the split "
            f"dimension. But received Attr(num_or_sections) = {sections}, input(X)'s shape = "
            f"{shape}, Attr(dim) = {axis}."
            + _hint("sum_of_section == input_axis_dim",
                    f"sum_of_section:{known} != input_axis_dim:{dim}"))
    return apply_op(SPLIT, (x,), {"axis": axis, "num": 0, "sections": sections})


def chunk(x, chunks, axis=0, name=None):
    """paddle.chunk(x, chunks, axis=0, name=None): split into `chunks` equal parts (a list)."""
    axis = _int(axis)
    nd = len(x.shape)
    ax = axis % nd if -nd <= axis < nd else axis
    if not isinstance(chunks, (numbers.Integral, np.integer)) or isinstance(chunks, bool):
        raise TypeError(f"The type of 'chunks' in chunk must be (<class 'int'>,), but received "
                        f"{type(chunks)}. ")
    if 0 <= ax < nd and not 0 < chunks <= x.shape[ax]:
        raise ValueError(f"The value of 'chunks' must be greater than 0 and less than or equal to "
                         f"the size of the dimension specified by 'axis', but received "
                         f"chunks={chunks} and x.shape[axis]={x.shape[ax]}.")
    return split(x, chunks, axis)


def _stack_kernel(X, axis=0):
    return torch.stack(X, dim=axis)


STACK = defop("stack", _stack_kernel, outputs=("Y",), attrs={"axis": 0}, api="paddle.stack")


def stack(x, axis=0, name=None):
    """paddle.stack(x, axis=0, name=None): stack same-shape tensors along a new axis."""
    x = _tensor_list(x, "stack")
    axis = _int(axis)
    nd = len(x[0].shape) + 1
    if not -nd <= axis < nd:
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    first = list(x[0].shape)
    for i, t in enumerate(x[1:], 1):
        s = list(t.shape)
        if len(s) != len(first):
            raise invalid_argument(f"Dims of all Inputs(X) must be the same, but received input "
                                   f"{i} dim is:{s} not equal to input 0 dim:{first}.")
        for d, (a, b) in enumerate(zip(first, s)):
            if a != b:
                raise invalid_argument(f"The {d}-th dimension of input[0] and input[{i}] is "
                                       f"expected to be equal.But received input[0]'s shape = "
                                       f"{first}, input[{i}]'s shape = {s}.")
    return apply_op(STACK, (x,), {"axis": axis})     # recorded as given, as Paddle does


def _unstack_kernel(X, axis=0, num=0):
    return list(torch.unbind(X, dim=axis))


UNSTACK = defop("unstack", _unstack_kernel, outputs=("Y",), attrs={"axis": 0, "num": 0},
                api="paddle.unstack")
UNBIND = defop("unbind", lambda X, axis=0: list(torch.unbind(X, dim=axis)), attrs={"axis": 0},
               api="paddle.unbind")


def _check_axis_in(axis, nd, api):
    if not -nd <= axis < nd:
        raise ValueError(f"The axis must in range({-nd}, {nd}) in {api}, but received {axis}.")
    return axis % nd


def unstack(x, axis=0, num=None, name=None):
    """paddle.unstack(x, axis=0, num=None, name=None): a list of slices along `axis`."""
    axis = _check_axis_in(_int(axis), len(x.shape), "unstack")
    if num is not None and num != x.shape[axis]:
        raise ValueError(f"The value of num should be equal to x.shape[axis] ({x.shape[axis]}), but "
                         f"received {num}.")
    return apply_op(UNSTACK, (x,), {"axis": axis, "num": x.shape[axis]})


def unbind(input, axis=0):
    """paddle.unbind(input, axis=0): a list of slices along `axis`."""
    if not isinstance(axis, (numbers.Integral, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"The type of 'axis'  must be int, but received {type(axis)}.")
    nd = len(input.shape)
    if not -nd <= axis < nd:
        raise ValueError(f"The axis must in range({-nd}, {nd}).")
    return apply_op(UNBIND, (input,), {"axis": int(axis) % nd})


# ---- squeeze / unsqueeze / flatten -------------------------------------------------------------
def _squeeze_kernel(X, axes=()):
    nd = X.dim()
    if not axes:
        return X.reshape([d for d in X.shape if d != 1])
    drop = set()
    for a in axes:
        if not -nd <= a < max(nd, 1):
            raise invalid_argument(
                f"Each axis in Attr(axes) should be in the range of [{-nd}, {nd - 1}]But current "
                f"axis is:{a}, input tensor's shape = {list(X.shape)}."
                + _hint("current < in_dims.size()", f"current:{a} >= in_dims.size():{nd}"))
        a = a % nd if nd else 0
        if nd and X.shape[a] == 1:          # Paddle ignores axes whose size is not 1
            drop.add(a)
    return X.reshape([d for i, d in enumerate(X.shape) if i not in drop])


SQUEEZE = defop("squeeze2", _squeeze_kernel, attrs={"axes": []}, api="paddle.squeeze",
                notes="XShape recorded in static mode, never computed")


def squeeze(x, axis=None, name=None):
    """paddle.squeeze(x, axis=None, name=None): drop size-1 axes (all, or those in `axis`; listed
    axes whose size is not 1 are left alone)."""
    axes = [] if axis is None else _int_list(axis)
    return apply_op(SQUEEZE, (x,), {"axes": axes})


def _unsqueeze_kernel(X, axes=()):
    shape = list(X.shape)
    for a in axes:
        cur = len(shape)
        if a < 0:
            a += cur + 1
        if not 0 <= a <= cur:
            raise invalid_argument(
                "The insert dimension value should not be larger than the dimension size of input "
                "tensor" + _hint("cur <= cur_output_rank", f"cur:{a} > cur_output_rank:{cur}"))
        shape.insert(a, 1)
    return X.reshape(shape)


UNSQUEEZE = defop("unsqueeze2", _unsqueeze_kernel, attrs={"axes": []}, api="paddle.unsqueeze",
                  notes="XShape recorded in static mode, never computed")


def unsqueeze(x, axis, name=None):
    """paddle.unsqueeze(x, axis, name=None): insert size-1 axes, one by one in the listed order."""
    return apply_op(UNSQUEEZE, (x,), {"axes": _int_list(axis)})


def _flatten_kernel(X, start_axis=0, stop_axis=-1):
    if X.dim() == 0:
        return X.reshape(1)
    return X.flatten(start_axis, stop_axis)


FLATTEN = defop("flatten_contiguous_range", _flatten_kernel, attrs={"start_axis": 0, "stop_axis": -1},
                api="paddle.flatten", notes="XShape recorded in static mode, never computed")


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    """paddle.flatten(x, start_axis=0, stop_axis=-1, name=None): merge axes start..stop into one."""
    nd = len(x.shape)
    for v in (start_axis, stop_axis):
        if not isinstance(v, (numbers.Integral, np.integer)):
            raise ValueError("The start_axis and stop_axis should be int.")
    if nd == 0:
        return apply_op(FLATTEN, (x,), {"start_axis": 0, "stop_axis": -1})
    if not -nd <= start_axis < nd:
        raise ValueError("The start_axis should be a int, and in range [-rank(x), rank(x))")
    if not -nd <= stop_axis < nd:
        raise ValueError("The stop_axis should be a int, and in range [-rank(x), rank(x))")
    start, stop = start_axis % nd, stop_axis % nd
    if start > stop:
        raise ValueError("The stop_axis should be larger than stat_axis")
    return apply_op(FLATTEN, (x,), {"start_axis": start, "stop_axis": stop})


# ---- expand / tile / broadcast -----------------------------------------------------------------
def _expand_kernel(X, shape=()):
    in_shape = list(X.shape)
    diff = len(shape) - len(in_shape)
    if diff < 0:
        raise invalid_argument(
            f"The rank of the input 'x' ({len(in_shape)}) should be less than or equal to the size "
            f"of 'shape' ({len(shape)}).")
    out = []
    for i, s in enumerate(shape):
        d = in_shape[i - diff] if i >= diff else None
        if s == -1:
            if d is None:
                raise invalid_argument(f"The expanded size ({s}) for non-existing dimensions must be "
                                       f"positive for expand_v2 op.")
            s = d
        elif d is not None and d != 1 and d != s:
            raise invalid_argument(
                f"The value ({d}) of the non-singleton dimension does not match the corresponding "
                f"value ({s}) in shape for expand_v2 op."
                + _hint("vec_in_dims[i] == expand_shape[i]",
                        f"vec_in_dims[i]:{d} != expand_shape[i]:{s}"))
        out.append(s)
    return X.expand(out)


EXPAND = defop("expand_v2", _expand_kernel, attrs={"shape": []}, api="paddle.expand")
EXPAND_AS = defop("expand_as_v2", lambda X, Y, target_shape=(): X.expand_as(Y) if Y is not None
                  else X.expand(target_shape), inputs=("X", "Y"), attrs={"target_shape": []},
                  api="paddle.expand_as")


def expand(x, shape, name=None):
    """paddle.expand(x, shape, name=None): broadcast to `shape`; -1 keeps the input's size.

    The result is a broadcast view in torch (Paddle copies); write to it through setitem only
    after `.clone()`."""
    if not isinstance(shape, (list, tuple)) and not is_tensor_like(shape):
        raise TypeError(f"The type of 'shape' in expand must be (<class 'list'>, <class 'tuple'>, "
                        f"<class 'paddle.Tensor'>), but received {type(shape)}. ")
    return apply_op(EXPAND, (x,), {"shape": _int_list(shape)})


def broadcast_to(x, shape, name=None):
    """paddle.broadcast_to(x, shape, name=None): same as paddle.expand (Paddle records expand_v2)."""
    return expand(x, shape)


def expand_as(x, y, name=None):
    """paddle.expand_as(x, y, name=None): expand x to y's shape."""
    return apply_op(EXPAND_AS, (x, y), {"target_shape": list(y.shape)})


def _tile_kernel(X, repeat_times=()):
    reps = list(repeat_times)
    if len(reps) < X.dim():
        reps = [1] * (X.dim() - len(reps)) + reps
    return X.repeat(reps)


TILE = defop("tile", _tile_kernel, attrs={"repeat_times": []}, api="paddle.tile")


def tile(x, repeat_times, name=None):
    """paddle.tile(x, repeat_times, name=None): repeat along each axis (leading 1s are implied)."""
    if not isinstance(repeat_times, (list, tuple)) and not is_tensor_like(repeat_times):
        raise TypeError(f"The type of 'repeat_times' in tile must be (<class 'list'>, <class "
                        f"'tuple'>, <class 'paddle.Tensor'>), but received {type(repeat_times)}. ")
    reps = _int_list(repeat_times)
    for r in reps:
        if r <= 0:
            raise invalid_argument(f"All elements of the input 'repeat_times' for tile op must be "
                                   f"positive integers, but the value received is {r}.")
    return apply_op(TILE, (x,), {"repeat_times": reps})


# ---- flip / roll -------------------------------------------------------------------------------
FLIP = defop("flip", lambda X, axis=(): torch.flip(X, list(axis)), attrs={"axis": []},
             api="paddle.flip")


def flip(x, axis, name=None):
    """paddle.flip(x, axis, name=None): reverse the order along the listed axes."""
    axes = _int_list(axis)
    nd = len(x.shape)
    for a in axes:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got "
                                   f"{a}")
    return apply_op(FLIP, (x,), {"axis": axes})


def _roll_kernel(X, shifts=(), axis=()):
    if not axis:
        return torch.roll(X.reshape(-1), list(shifts)).reshape(X.shape)
    return torch.roll(X, list(shifts), list(axis))


ROLL = defop("roll", _roll_kernel, attrs={"shifts": [], "axis": []}, api="paddle.roll")


def roll(x, shifts, axis=None, name=None):
    """paddle.roll(x, shifts, axis=None, name=None): circular shift (flattened when axis is None)."""
    shifts = _int_list(shifts)
    axes = [] if axis is None else _int_list(axis)
    if axes and len(shifts) != len(axes):
        raise ValueError("shifts should have the same size as axis")
    if not axes and len(shifts) != 1:
        raise invalid_argument("When dims.size() == 0, shifts.size() should be equal to 1, But "
                               f"received shifts.size() = {len(shifts)}")
    return apply_op(ROLL, (x,), {"shifts": shifts, "axis": axes})


def _inplace(fn):
    def method(x, *args, **kwargs):
        out = fn(x, *args, **kwargs)
        x._t = out._t       # Paddle's x_ variants return x itself with the new shape
        return x
    method.__name__ = fn.__name__ + "_"
    method.__doc__ = f"paddle.{fn.__name__}_: in-place form of paddle.{fn.__name__} (returns x)."
    return method


squeeze_ = _inplace(squeeze)
unsqueeze_ = _inplace(unsqueeze)
flatten_ = _inplace(flatten)


# ---- slice / strided_slice ---------------------------------------------------------------------
def _strided_kernel(Input, axes=(), starts=(), ends=(), strides=(), infer_flags=(),
                    decrease_axis=()):
    idx = [_pyslice(None)] * Input.dim()
    flips = []
    for i, a in enumerate(axes):
        size = Input.shape[a]
        step = strides[i] if strides else 1
        s, e = starts[i], ends[i]
        if step > 0:
            s = min(max(s + size if s < 0 else s, 0), size)
            e = min(max(e + size if e < 0 else e, 0), size)
            idx[a] = _pyslice(s, max(s, e), step)
        else:
            # torch has no negative steps: take the mirrored range on the flipped axis.
            s = min(max(s + size if s < 0 else s, -1), size - 1)
            e = min(max(e + size if e < -1 else e, -1), size - 1)
            lo, hi = e + 1, s + 1
            idx[a] = _pyslice(size - hi, size - hi + max(hi - lo, 0), -step)
            flips.append(a)
    out = Input.flip(flips) if flips else Input
    out = out[tuple(idx)]
    if decrease_axis:
        out = out.reshape([d for i, d in enumerate(out.shape) if i not in set(decrease_axis)])
    return out


def _slice_kernel(Input, axes=(), starts=(), ends=(), infer_flags=(), decrease_axis=()):
    return _strided_kernel(Input, axes, starts, ends, (), infer_flags, decrease_axis)


SLICE = defop("slice", _slice_kernel, inputs=("Input",),
              attrs={"axes": [], "starts": [], "ends": [], "infer_flags": [], "decrease_axis": []},
              api="paddle.slice")


STRIDED_SLICE = defop("strided_slice", _strided_kernel, inputs=("Input",),
                      attrs={"axes": [], "starts": [], "ends": [], "strides": [], "infer_flags": [],
                             "decrease_axis": []}, api="paddle.strided_slice")


def _norm_axes(axes, nd):
    out = []
    for a in axes:
        if not -nd <= a < nd:
            raise invalid_argument(f"The axis value should be in range [{-nd}, {nd}), but received "
                                   f"{a}.")
        out.append(a % nd)
    return out


def slice(input, axes, starts, ends):
    """paddle.slice(input, axes, starts, ends): step-1 slices on the listed axes; starts/ends are
    clamped to the axis size (negative values count from the end)."""
    axes = _norm_axes(_int_list(axes), len(input.shape))
    starts, ends = _int_list(starts), _int_list(ends)
    if not len(axes) == len(starts) == len(ends):
        raise ValueError("The size of axes, starts and ends must be the same in paddle.slice")
    return apply_op(SLICE, (input,), {"axes": axes, "starts": starts, "ends": ends,
                                      "infer_flags": [1] * len(axes), "decrease_axis": []})


def strided_slice(x, axes, starts, ends, strides, name=None):
    """paddle.strided_slice(x, axes, starts, ends, strides, name=None): slices with steps
    (negative steps walk backwards)."""
    axes = _norm_axes(_int_list(axes), len(x.shape))
    starts, ends, strides = _int_list(starts), _int_list(ends), _int_list(strides)
    if not len(axes) == len(starts) == len(ends) == len(strides):
        raise ValueError("The size of axes, starts, ends and strides must be the same in "
                         "paddle.strided_slice")
    if 0 in strides:
        raise invalid_argument("The step of slice must not be 0.")
    return apply_op(STRIDED_SLICE, (x,), {"axes": axes, "starts": starts, "ends": ends,
                                          "strides": strides, "infer_flags": [1] * len(axes),
                                          "decrease_axis": []})


# ---- gather / scatter --------------------------------------------------------------------------
def _gather_kernel(X, Index, axis=0):
    if Index.dim() == 0:
        return X.index_select(axis, Index.reshape(1).to(torch.int64)).squeeze(axis)
    return X.index_select(axis, Index.reshape(-1).to(torch.int64))


GATHER = defop("gather", _gather_kernel, inputs=("X", "Index"), attrs={"axis": 0},
               api="paddle.gather")


def gather(x, index, axis=None, name=None):
    """paddle.gather(x, index, axis=None, name=None): rows `index` (0-D or 1-D, or [N, 1]) along
    `axis` (default 0)."""
    axis = 0 if axis is None else _int(axis)
    nd = len(x.shape)
    if not -max(nd, 1) <= axis < max(nd, 1):
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    ishape = list(index.shape)
    if len(ishape) == 2 and ishape[1] != 1:
        raise invalid_argument(f"The last dim of index should be 0 or 1 when it is 2D, but we get "
                               f"{ishape[1]}\n  [Hint: Expected index_dims[1] == 1, but received "
                               f"index_dims[1]:{ishape[1]} != 1:1.]")
    if len(ishape) > 2:
        raise invalid_argument(f"The index should be 0D or 1D, when it is not 2D, but we get "
                               f"{len(ishape)}")
    return apply_op(GATHER, (x, index), {"axis": axis % max(nd, 1)})


def _gather_nd_kernel(X, Index):
    k = Index.shape[-1]
    if k == 0:
        return X.expand(list(Index.shape[:-1]) + list(X.shape))
    return X[tuple(Index.to(torch.int64).unbind(-1))]


GATHER_ND = defop("gather_nd", _gather_nd_kernel, inputs=("X", "Index"), api="paddle.gather_nd")


def gather_nd(x, index, name=None):
    """paddle.gather_nd(x, index, name=None): index[..., :k] addresses the first k axes of x."""
    if index.shape[-1] > len(x.shape):
        raise invalid_argument(f"Input(Index).shape[-1] should be no greater than Input(X).rank. But "
                               f"received Input(Index).shape[-1] = {index.shape[-1]}, Input(X).rank "
                               f"= {len(x.shape)}")
    return apply_op(GATHER_ND, (x, index))


def _scatter_kernel(X, Ids, Updates, overwrite=True):
    ids = Ids.reshape(-1).to(torch.int64)
    if overwrite:
        return X.index_copy(0, ids, Updates.to(X.dtype))
    # Paddle zeroes the addressed rows first, then accumulates every update into them.
    return X.index_fill(0, ids, 0).index_add(0, ids, Updates.to(X.dtype))


SCATTER = defop("scatter", _scatter_kernel, inputs=("X", "Ids", "Updates"),
                attrs={"overwrite": True}, api="paddle.scatter")


def scatter(x, index, updates, overwrite=True, name=None):
    """paddle.scatter(x, index, updates, overwrite=True, name=None): write rows of `updates` into a
    copy of x at rows `index`; with overwrite=False the addressed rows are zeroed, then all updates
    for a row are summed into it."""
    if len(index.shape) > 1 and not (len(index.shape) == 2 and index.shape[1] == 1):
        raise invalid_argument(f"The index of scatter should be 1D or 2D with last dim 1, but "
                               f"received index's shape = {list(index.shape)}.")
    return apply_op(SCATTER, (x, index, updates), {"overwrite": bool(overwrite)})


def scatter_(x, index, updates, overwrite=True, name=None):
    """paddle.scatter_: in-place form of paddle.scatter (returns x)."""
    out = scatter(x, index, updates, overwrite)
    x._t = out._t
    return x


SCATTER_ND_ADD = defop(
    "scatter_nd_add",
    lambda X, Index, Updates: X.index_put(tuple(Index.to(torch.int64).unbind(-1)),
                                          Updates.to(X.dtype), accumulate=True),
    inputs=("X", "Index", "Updates"), api="paddle.scatter_nd_add")


def scatter_nd_add(x, index, updates, name=None):
    """paddle.scatter_nd_add(x, index, updates, name=None): add `updates` at the positions
    index[..., :k] of a copy of x (repeated positions accumulate)."""
    k = index.shape[-1]
    expect = list(index.shape[:-1]) + list(x.shape[k:])
    if list(updates.shape) != expect:
        raise invalid_argument(f"Updates has wrong shape. The shape of Updates and Input(Index) "
                               f"and Input(X) should satisfy Updates.shape = Index.shape[:-1] + "
                               f"X.shape[Index.shape[-1]:], but received Updates.shape = "
                               f"{list(updates.shape)}, expected {expect}.")
    return apply_op(SCATTER_ND_ADD, (x, index, updates))


# ---- take_along_axis / put_along_axis ----------------------------------------------------------
TAKE_ALONG = defop("take_along_axis",
                   lambda Input, Index, Axis=0: torch.take_along_dim(Input, Index.to(torch.int64),
                                                                     dim=Axis),
                   inputs=("Input", "Index"), outputs=("Result",), attrs={"Axis": 0},
                   api="paddle.take_along_axis")


def take_along_axis(arr, indices, axis, broadcast=True):
    """paddle.take_along_axis(arr, indices, axis, broadcast=True): np.take_along_axis."""
    nd = len(arr.shape)
    if len(indices.shape) != nd:
        raise ValueError("`indices` and `arr` must have the same number of dimensions!")
    axis = _int(axis)
    if not -nd <= axis < nd:
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    return apply_op(TAKE_ALONG, (arr, indices), {"Axis": axis % nd})


_REDUCE = {"add": "sum", "multiply": "prod", "mul": "prod", "mean": "mean", "amin": "amin",
           "amax": "amax"}


def _put_along_kernel(Input, Index, Value, Axis=0, Reduce="assign", include_self=True):
    index = Index.to(torch.int64)
    value = Value.to(Input.dtype).expand(index.shape) if Value.dim() <= index.dim() else Value
    if Reduce == "assign":
        return Input.scatter(Axis, index, value)
    return Input.scatter_reduce(Axis, index, value, _REDUCE[Reduce], include_self=include_self)


PUT_ALONG = defop("put_along_axis", _put_along_kernel, inputs=("Input", "Index", "Value"),
                  outputs=("Result",), attrs={"Axis": 0, "Reduce": "assign", "include_self": True},
                  api="paddle.put_along_axis")


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True, broadcast=True):
    """paddle.put_along_axis(arr, indices, values, axis, reduce='assign', include_self=True,
    broadcast=True): scatter `values` into a copy of arr along `axis`; reduce is 'assign', 'add',
    'mul'/'multiply', 'mean', 'amin' or 'amax'."""
    nd = len(arr.shape)
    if len(indices.shape) != nd:
        raise ValueError("`indices` and `arr` must have the same number of dimensions!")
    if reduce != "assign" and reduce not in _REDUCE:
        raise ValueError(f"reduce must be one of 'assign', 'add', 'mul', 'multiply', 'mean', "
                         f"'amin', 'amax', but received {reduce}")
    axis = _int(axis)
    if not -nd <= axis < nd:
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    if not is_tensor_like(values):
        # Paddle converts with paddle.to_tensor in both modes (a constant in a static program)
        values = to_tensor(values, dtype=arr.dtype) if STATE.static else \
            to_tensor(values, dtype=arr.dtype, place=arr.place)
        if STATE.static:
            # recorded here (an assign_value), before the index's expand, as Paddle records it
            from .creation import assign
            values = assign(values.numpy())
    if broadcast:
        # Paddle's infer_broadcast_shape: indices and values take arr's shape, except along axis
        # (where indices keeps its own); an index larger than arr anywhere broadcasts only values
        ashape, ishape = list(arr.shape), list(indices.shape)
        if -1 not in ashape and -1 not in ishape:
            if all(a >= i for a, i in zip(ashape, ishape)):
                ashape[axis % nd] = ishape[axis % nd]
                # a static program gets Paddle's expand ops even where the shape already fits
                if ashape != ishape or STATE.static:
                    indices = broadcast_to(indices, ashape)
                if list(values.shape) != ashape or STATE.static:
                    values = broadcast_to(values, ashape)
            elif list(values.shape) != ishape:
                values = broadcast_to(values, ishape)
    return apply_op(PUT_ALONG, (arr, indices, values),
                    {"Axis": axis % nd, "Reduce": reduce, "include_self": bool(include_self)})


def put_along_axis_(arr, indices, values, axis, reduce="assign", include_self=True,
                    broadcast=True):
    """paddle.put_along_axis_: in-place form of paddle.put_along_axis (returns arr)."""
    out = put_along_axis(arr, indices, values, axis, reduce, include_self, broadcast)
    arr._t = out._t
    return arr


# ---- More of tensor/manipulation.py: paddle.cat, moveaxis, narrow, unflatten, repeat_interleave,
# broadcast_tensors, ravel, reverse, atleast_1d/2d/3d, hstack, vstack, rot90, index_add,
# index_fill, take_along_dim -----------------------------------------------------------------------

cat = concatenate = concat


def moveaxis(x, source, destination, name=None):
    """paddle.moveaxis(x, source, destination): move axes to new positions."""
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    nd = x.ndim
    for s in src:
        if not -nd <= s < nd:
            raise AssertionError(f"'source' must be in the range of [-{nd}, {nd})")
    for d in dst:
        if not -nd <= d < nd:
            raise AssertionError(f"'source' must be in the range of [-{nd}, {nd})")  # sic, Paddle
    src = [s % nd for s in src]
    dst = [d % nd for d in dst]
    perm = [None] * nd
    for s, d in zip(src, dst):
        perm[d] = s
    rest = iter(a for a in range(nd) if a not in src)
    perm = [p if p is not None else next(rest) for p in perm]
    return transpose(x, perm)


def narrow(input, dim, start, length, name=None):
    """paddle.narrow(input, dim, start, length): `length` entries from `start` along `dim`."""
    if start < 0:
        start += input.shape[dim]
    return slice(input, [dim], [start], [start + length])


def unflatten(x, axis, shape, name=None):
    """paddle.unflatten(x, axis, shape): split axis `axis` into `shape`."""
    full = list(x.shape)
    axis = axis % len(full)
    shape = list(shape) if not isinstance(shape, Tensor) else shape.tolist()
    return reshape(x, full[:axis] + shape + full[axis + 1:])


def _repeat_interleave(x, repeats=None, Repeats=1, dim=None, flatten=False, output_size=-1):
    if flatten:
        x, dim = x.reshape(-1), 0
    if repeats is not None:
        repeats = repeats.reshape(-1)
        if repeats.shape[0] != x.shape[dim]:
            raise ValueError(f"(InvalidArgument) The length of Input(RepeatsTensor) must be the "
                             f"same as length of Input(X) in axis. But received: "
                             f"[{repeats.shape[0]}], required: [{x.shape[dim]}].")
    return torch.repeat_interleave(x, repeats if repeats is not None else Repeats, dim=dim)


_REPEAT_INTERLEAVE = defop("repeat_interleave", _repeat_interleave, inputs=("X", "RepeatsTensor"),
                           attrs={"Repeats": 1, "dim": 0, "flatten": False, "output_size": -1},
                           api="paddle.repeat_interleave")


def repeat_interleave(x, repeats, axis=None, name=None, *, output_size=None):
    """paddle.repeat_interleave(x, repeats, axis=None, *, output_size=None): repeat each element
    (flattened when axis is None). A tensor `repeats` (0-D or 1-D) gives one count per element
    along `axis` and must have that length (Paddle's ValueError otherwise)."""
    tensor = repeats if isinstance(repeats, Tensor) else None
    return apply_op(_REPEAT_INTERLEAVE, (x, tensor),
                    {"Repeats": 1 if tensor is not None else int(repeats),
                     "dim": 0 if axis is None else axis, "flatten": axis is None,
                     "output_size": -1 if output_size is None else output_size})


def _broadcast_tensors(xs):
    first = xs[0].dtype
    for i, t in enumerate(xs[1:], 1):
        if t.dtype != first:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't "
                             f"consistent, the first tensor is "
                             f"{str(first).replace('torch.', '')}, but {i}th tensor is "
                             f"{str(t.dtype).replace('torch.', '')}.")
    return [t.clone() for t in torch.broadcast_tensors(*xs)]


_BROADCAST = defop("broadcast_tensors", _broadcast_tensors, api="paddle.broadcast_tensors")


def broadcast_tensors(input, name=None):
    """paddle.broadcast_tensors(input): the tensors broadcast to one shape (same dtype needed)."""
    return apply_op(_BROADCAST, (list(input),))


def ravel(input):
    """paddle.ravel(input): flattened to 1-D."""
    return flatten(input)


def reverse(x, axis, name=None):
    """paddle.reverse(x, axis): alias of paddle.flip."""
    return flip(x, axis)


def _atleast(n):
    def fn(*inputs, name=None):
        outs = []
        for x in inputs:
            if not isinstance(x, Tensor):
                        x = to_tensor(x)
            shape = list(x.shape)
            if len(shape) < n:
                if n == 3 and len(shape) == 2:
                    shape = shape + [1]
                elif n == 3 and len(shape) == 1:
                    shape = [1] + shape + [1]
                else:
                    shape = [1] * (n - len(shape)) + shape
                x = reshape(x, shape)
            outs.append(x)
        return outs[0] if len(outs) == 1 else outs
    fn.__name__ = f"atleast_{n}d"
    fn.__doc__ = f"paddle.atleast_{n}d(*inputs): each input viewed with at least {n} dimensions."
    return fn


atleast_1d, atleast_2d, atleast_3d = _atleast(1), _atleast(2), _atleast(3)


def hstack(x, name=None):
    """paddle.hstack(x): concat along axis 1 (axis 0 for 1-D tensors)."""
    xs = atleast_1d(*x)
    xs = xs if isinstance(xs, list) else [xs]
    return concat(xs, axis=0 if xs[0].ndim == 1 else 1)


def vstack(x, name=None):
    """paddle.vstack(x): concat along axis 0 after making each at least 2-D."""
    xs = atleast_2d(*x)
    return concat(xs if isinstance(xs, list) else [xs], axis=0)


def rot90(x, k=1, axes=[0, 1], name=None):   # noqa: B006 - Paddle's signature
    """paddle.rot90(x, k=1, axes=[0, 1]): rotate by 90 degrees k times in the plane `axes`."""
    k %= 4
    a0, a1 = axes
    if k == 0:
        return flip(flip(x, [a0]), [a0])
    if k == 2:
        return flip(x, [a0, a1])
    perm = list(range(x.ndim))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return transpose(flip(x, [a1]), perm)
    return flip(transpose(x, perm), [a1])


_INDEX_ADD = defop("index_add", lambda x, index, add_value, axis=0:
                   x.index_add(axis, index, add_value), inputs=("X", "Index", "AddValue"),
                   attrs={"axis": 0}, api="paddle.index_add")
# Paddle takes int32 and int64 indices (torch only int64)
_INDEX_FILL = defop("index_fill", lambda x, index, axis=0, value=0.0:
                    x.index_fill(axis, index.long() if index.dtype is torch.int32 else index, value),
                    inputs=("X", "Index"),
                    attrs={"axis": 0, "value": 0.0}, api="paddle.index_fill")


def _index_add(x, index, axis, value, alpha=1, name=None, *, out=None):
    if alpha != 1:
        value = METHODS["scale"](value, alpha)      # math's scale op (math stands above this file)
    return _out(apply_op(_INDEX_ADD, (x, index, value), {"axis": axis}), out)


def index_add(*args, **kwargs):
    """paddle.index_add(x, index, axis, value, alpha=1, name=None, *, out=None): x with
    `alpha * value` added at `index` along `axis`.

    As Paddle's decorator does, the torch spelling is accepted too: `index_add(input, dim, index,
    source)` (an int second argument) and the keywords input/dim/source."""
    for torch_name, name in (("input", "x"), ("dim", "axis"), ("source", "value")):
        if torch_name in kwargs:
            kwargs[name] = kwargs.pop(torch_name)
    if len(args) >= 2 and isinstance(args[1], int):
        kwargs.update(zip(("x", "axis", "index", "value"), args))
        args = ()
    return _index_add(*args, **kwargs)


index_add.__signature__ = inspect.signature(_index_add)


def index_fill(x, index, axis, value, name=None):
    """paddle.index_fill(x, index, axis, value): x with entries at `index` set to `value`."""
    if isinstance(value, Tensor):
        value = value.item()
    return apply_op(_INDEX_FILL, (x, index), {"axis": axis, "value": value})


def take_along_dim(input, indices, dim=None, name=None):
    """paddle.take_along_dim(input, indices, dim=None): alias of take_along_axis (flattened when
    dim is None)."""
    if dim is None:
        return take_along_axis(flatten(input), flatten(indices), 0)
    return take_along_axis(input, indices, dim)




# ---- view, view_as, repeat, fill_diagonal_ (Paddle 3.x torch-style additions) -------------------


def view(x, shape_or_dtype, *rest, name=None):
    """Tensor.view(shape_or_dtype) / paddle.view: reshape sharing data, or reinterpret the bytes as
    another dtype (`x.view('int32')`).

    Differences from Paddle: the reshape form records Paddle's reshape2 op."""
    if isinstance(shape_or_dtype, (list, tuple, int)) and not isinstance(shape_or_dtype, bool) \
            or isinstance(shape_or_dtype, Tensor):
        return reshape(x, _shape_args(shape_or_dtype, rest))
    d = to_dtype(shape_or_dtype)
    return _VIEW_DTYPE_CALL(x, d)


_VIEW_DTYPE = defop("view_dtype", lambda x, dtype=None: x.view(dtype), attrs={"dtype": None},
                    api="paddle.view")


def _VIEW_DTYPE_CALL(x, d):
    return apply_op(_VIEW_DTYPE, (x,), {"dtype": d.torch})


def view_as(x, other, name=None):
    """Tensor.view_as(other) / paddle.view_as: x reshaped to other's shape."""
    return reshape(x, list(other.shape))


def repeat(input, *repeats):
    """Tensor.repeat(*repeats): torch-style tile (repeat counts as a list or separate ints)."""
    if len(repeats) == 1 and isinstance(repeats[0], (list, tuple)):
        repeats = repeats[0]
    elif len(repeats) == 1 and isinstance(repeats[0], Tensor):
        repeats = repeats[0].tolist()
        repeats = repeats if isinstance(repeats, list) else [repeats]
    return tile(input, list(repeats))


# ---- fill_diagonal_ ------------------------------------------------------------------------------
def _fill_diagonal_kernel(X, value=0.0, offset=0, wrap=False):
    # Paddle's FillDiagonalKernel, step for step: walk the flat buffer by the sum of the strides
    # (one step moves one along every axis), stop at cols * cols unless wrapping, and write at
    # i + offset when that stays in the row of i. Tall 2-D matrices restart the diagonal every
    # cols + 1 rows when wrapping (the row in between is skipped, as in Paddle).
    out = X.clone()
    cols = out.shape[1]
    size = out.numel() if wrap else min(out.numel(), cols * cols)
    step = sum(out.stride())
    i = torch.arange(0, size, step, device=out.device)
    col = i % cols + offset
    idx = i[(col >= 0) & (col < cols)] + offset
    out.view(-1)[idx] = value
    return out


_FILL_DIAG = defop("fill_diagonal", _fill_diagonal_kernel,
                   attrs={"value": 0.0, "offset": 0, "wrap": False},
                   api="paddle.Tensor.fill_diagonal_")


def fill_diagonal_(x, value, offset=0, wrap=False, name=None):
    """Tensor.fill_diagonal_(value, offset=0, wrap=False): write `value` on the diagonal in place.

    A tensor of more than 2 dimensions (all of one size) always wraps, as in Paddle.

    Differences from Paddle: a 1-D tensor raises ValueError (Paddle 3.3.1 dies with SIGFPE)."""
    if x.ndim < 2:
        raise ValueError(f"Tensor dims should >= 2 in fill_diagonal_, but received x's "
                         f"dimension: {x.ndim}")
    _check_inplace(x)
    out = apply_op(_FILL_DIAG, (x,), {"value": float(value), "offset": offset,
                                      "wrap": wrap if x.ndim == 2 else True})
    return _write_back(x, out)


# ---- torch-style aliases ------------------------------------------------------------------------
def _shape_args(shape, rest):
    # Paddle 3.x's size-args decorator: x.view(2, 3) means x.view([2, 3]).
    if isinstance(shape, int) and not isinstance(shape, bool):
        return [shape, *rest]
    return shape


def _attach():
    attach({n: globals()[n] for n in _BASIC_NAMES})
    # x.cat(), x.hstack(), ... do not exist on Paddle's Tensor
    attach({n: globals()[n] for n in _MORE_NAMES
            if n not in METHODS and n not in ("cat", "concatenate", "hstack", "vstack",
                                              "broadcast_tensors")})
    attach({n: globals()[n] for n in _TORCH_STYLE_NAMES if n not in METHODS})


_attach()


# ---- newer functions of tensor/manipulation.py (Paddle 3.x). Each is one registry record, so the
# static graph records it and torch autograd gives its gradient. ------------------------------------
_as = builtins.slice


_TENSOR_SPLIT = defop("tensor_split", lambda x, sections=None, indices=None, axis=0:
                      list(torch.tensor_split(x, sections if indices is None else indices, axis)),
                      attrs={"sections": None, "indices": None, "axis": 0},
                      api="paddle.tensor_split")


def tensor_split(x, num_or_indices, axis=0, name=None):
    """paddle.tensor_split(x, num_or_indices, axis=0): split into `num_or_indices` parts (the first
    `size % n` one element longer) or at the given indices; returns a list of tensors."""
    if isinstance(axis, Tensor):
        axis = int(axis.item())
    rank = len(x.shape)
    if rank == 0:
        raise ValueError("The input tensor's dimension must be greater than 0, but got 0")
    if not -rank <= axis < rank:
        raise ValueError(f"The axis must be in range({-rank}, {rank}), but got {axis}")
    if isinstance(num_or_indices, int) and not isinstance(num_or_indices, bool):
        if num_or_indices <= 0:
            raise ValueError("num_or_indices must be larger than 0.")
        attrs = {"sections": num_or_indices, "indices": None, "axis": axis}
    elif isinstance(num_or_indices, (list, tuple)):
        attrs = {"sections": None, "indices": [int(i) for i in num_or_indices], "axis": axis}
    else:
        raise ValueError("The num_or_indices should be int or list or tuple of ints, but got "
                         f"{type(num_or_indices)}")
    return apply_op(_TENSOR_SPLIT, (x,), attrs)


def hsplit(x, num_or_indices, name=None):
    """paddle.hsplit(x, num_or_indices): tensor_split along axis 1 (axis 0 for a 1-D tensor)."""
    if len(x.shape) < 1:
        raise ValueError("The input tensor's dimension must be greater than 0, but got "
                         f"{len(x.shape)}")
    return tensor_split(x, num_or_indices, axis=1 if len(x.shape) > 1 else 0)


def vsplit(x, num_or_indices, name=None):
    """paddle.vsplit(x, num_or_indices): tensor_split along axis 0 of a tensor of rank >= 2."""
    if len(x.shape) < 2:
        raise ValueError("The input tensor's dimension must be greater than 1, but got "
                         f"{len(x.shape)}")
    return tensor_split(x, num_or_indices, axis=0)


def dsplit(x, num_or_indices, name=None):
    """paddle.dsplit(x, num_or_indices): tensor_split along axis 2 of a tensor of rank >= 3."""
    if len(x.shape) < 3:
        raise ValueError("The input tensor's dimension must be greater than 2, but got "
                         f"{len(x.shape)}")
    return tensor_split(x, num_or_indices, axis=2)


_BLOCK_DIAG = defop("block_diag", lambda xs: torch.block_diag(*xs), api="paddle.block_diag")
_COLUMN_STACK = defop("column_stack", lambda xs: torch.column_stack(xs), api="paddle.column_stack")
_DSTACK = defop("dstack", lambda xs: torch.dstack(xs), api="paddle.dstack")


def block_diag(inputs, name=None):
    """paddle.block_diag(inputs): a block-diagonal matrix from 0-, 1- or 2-D tensors."""
    for t in inputs:
        if len(t.shape) > 2:
            raise ValueError("The dimension of each input tensor must be at most 2, but got "
                             f"{len(t.shape)}")
    return apply_op(_BLOCK_DIAG, (list(inputs),))


def column_stack(x, name=None):
    """paddle.column_stack(x): 1-D tensors become columns, then concat along axis 1."""
    return apply_op(_COLUMN_STACK, (list(x),))


def row_stack(x, name=None):
    """paddle.row_stack(x): alias of paddle.vstack."""
    return vstack(x)


def dstack(x, name=None):
    """paddle.dstack(x): concat along axis 2 after making each at least 3-D."""
    return apply_op(_DSTACK, (list(x),))


def _crop(x, shape=None, offsets=None):
    idx = tuple(_as(o, o + s) for o, s in zip(offsets, shape))
    return x[idx].clone()


_CROP = defop("crop_tensor", _crop, attrs={"shape": None, "offsets": None}, api="paddle.crop")


def crop(x, shape=None, offsets=None, name=None):
    """paddle.crop(x, shape=None, offsets=None): the box of `shape` (-1: to the end) starting at
    `offsets` (default zeros). Paddle's ValueError when the box leaves x."""
    dims = list(x.shape)
    shape = dims if shape is None else _int_list(shape)
    offsets = [0] * len(dims) if offsets is None else _int_list(offsets)
    if len(shape) != len(dims) or len(offsets) != len(dims):
        raise ValueError("(InvalidArgument) The number of elements (%d) of attribute 'shape' for "
                         "CropTensor must be equal to the number of dimensions (%d) of the input."
                         % (len(shape), len(dims)))
    shape = [d - o if s == -1 else s for s, d, o in zip(shape, dims, offsets)]
    for i, (s, d, o) in enumerate(zip(shape, dims, offsets)):
        if o < 0 or s <= 0 or o + s > d:
            raise ValueError(f"(InvalidArgument) The sum of the Attr(offsets) ({o}) and "
                             f"Attr(shape) ({s}) of Op(crop_tensor) should be less than or equal "
                             f"to corresponding dimension size ({d}) of Input(X) at dimension {i}.")
    return apply_op(_CROP, (x,), {"shape": shape, "offsets": offsets})


def _diag_scatter(x, y, offset=0, axis1=0, axis2=1):
    return torch.diagonal_scatter(x, y.to(x.dtype), offset, axis1, axis2)


_DIAG_SCATTER = defop("diagonal_scatter", _diag_scatter, inputs=("X", "Y"),
                      attrs={"offset": 0, "axis1": 0, "axis2": 1}, api="paddle.diagonal_scatter")


def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None):
    """paddle.diagonal_scatter(x, y, offset=0, axis1=0, axis2=1): x with its (offset, axis1,
    axis2) diagonal replaced by y.

    Differences from Paddle: y gets its gradient (Paddle 3.3.1 leaves y.grad None)."""
    return apply_op(_DIAG_SCATTER, (x, y), {"offset": offset, "axis1": axis1, "axis2": axis2})


_SELECT_SCATTER = defop("select_scatter", lambda x, v, axis=0, index=0:
                        torch.select_scatter(x, v.to(x.dtype), axis, index), inputs=("X", "Values"),
                        attrs={"axis": 0, "index": 0}, api="paddle.select_scatter")


def select_scatter(x, values, axis, index, name=None):
    """paddle.select_scatter(x, values, axis, index): x with x[..., index, ...] (along axis)
    replaced by values.

    Differences from Paddle: an index out of range raises ValueError; Paddle 3.3.1 returns x
    unchanged."""
    rank = len(x.shape)
    if not -rank <= axis < rank:
        raise ValueError(f"The axis should be in range [{-rank}, {rank}), but got {axis}")
    size = x.shape[axis]
    if not -size <= index < size:
        raise ValueError(f"The index should be in range [{-size}, {size}), but got {index}")
    return apply_op(_SELECT_SCATTER, (x, values), {"axis": axis, "index": index})


def _slice_scatter(x, v, axes=(), starts=(), ends=(), strides=()):
    out = x.clone()
    idx = [_as(None)] * x.dim()
    for a, s, e, st in zip(axes, starts, ends, strides):
        idx[a] = _as(s, e, st)
    out[tuple(idx)] = v.to(x.dtype)
    return out


_SLICE_SCATTER = defop("slice_scatter", _slice_scatter, inputs=("X", "Value"),
                       attrs={"axes": [], "starts": [], "ends": [], "strides": []},
                       api="paddle.slice_scatter")


def slice_scatter(x, value, axes, starts, ends, strides, name=None):
    """paddle.slice_scatter(x, value, axes, starts, ends, strides): x with the strided slice
    given by (axes, starts, ends, strides) replaced by value."""
    axes, starts, ends, strides = (_int_list(v) for v in (axes, starts, ends, strides))
    if not len(axes) == len(starts) == len(ends) == len(strides):
        raise ValueError("The length of axes, starts, ends and strides should be equal.")
    return apply_op(_SLICE_SCATTER, (x, value), {"axes": axes, "starts": starts, "ends": ends,
                                                 "strides": strides})


def _masked_scatter(x, mask, value):
    mask = mask.expand(torch.broadcast_shapes(x.shape, mask.shape))
    return torch.masked_scatter(x.expand(mask.shape), mask, value.to(x.dtype))


_MASKED_SCATTER = defop("masked_scatter", _masked_scatter, inputs=("X", "Mask", "Value"),
                        api="paddle.masked_scatter")


def masked_scatter(x, mask, value, name=None):
    """paddle.masked_scatter(x, mask, value): x with the places where `mask` (bool, broadcast to
    x) is True filled, in order, from the elements of `value`."""
    if mask.dtype.short != "bool":
        raise TypeError(f"The data type of mask must be bool, but got {mask.dtype}")
    if value.dtype != x.dtype:
        raise TypeError(f"x and value must have the same dtype, but got x dtype is {x.dtype}, "
                        f"value dtype is {value.dtype}")
    if not STATE.static and int(mask._t.sum()) > value._t.numel():
        raise ValueError("mask true nums must be <= value size, but got mask true nums is "
                         f"{int(mask._t.sum())}, value size is {value._t.numel()}")
    return apply_op(_MASKED_SCATTER, (x, mask, value))


_SCATTER_ADD = defop("scatter_add", lambda x, index, src, dim=0:
                     torch.scatter_add(x, dim, index, src), inputs=("Input", "Index", "Src"),
                     attrs={"dim": 0}, api="paddle.scatter_add")


def scatter_add(input, dim, index, src):
    """paddle.scatter_add(input, dim, index, src): input with src added at `index` along dim
    (torch's scatter_add: index and src have input's rank)."""
    return apply_op(_SCATTER_ADD, (input, index, src), {"dim": int(dim)})


_REDUCES = ("sum", "prod", "mean", "amin", "amax")
_SCATTER_REDUCE = defop("scatter_reduce", lambda x, index, src, dim=0, reduce="sum",
                        include_self=True: torch.scatter_reduce(x, dim, index, src, reduce,
                                                                include_self=include_self),
                        inputs=("Input", "Index", "Src"),
                        attrs={"dim": 0, "reduce": "sum", "include_self": True},
                        api="paddle.scatter_reduce")


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    """paddle.scatter_reduce(input, dim, index, src, reduce, include_self=True): reduce src into
    input at `index` along dim with 'sum', 'prod', 'mean', 'amin' or 'amax'."""
    if reduce not in _REDUCES:
        raise ValueError(f"(InvalidArgument) can not support reduce: '{reduce}' for scatter "
                         "kernel, only support reduce op: 'add', 'assign', 'mul', 'mean', 'amin', "
                         "'amax' and 'multiply', the default reduce op is 'assign'")
    return apply_op(_SCATTER_REDUCE, (input, index, src),
                    {"dim": int(dim), "reduce": reduce, "include_self": bool(include_self)})


def scatter_nd(index, updates, shape, name=None):
    """paddle.scatter_nd(index, updates, shape): zeros of `shape` (updates' dtype) with updates
    summed in at the index tuples (scatter_nd_add on zeros)."""
    return scatter_nd_add(zeros(_int_list(shape), dtype=updates.dtype), index, updates)


def _shard_index(x, index_num=0, nshards=1, shard_id=0, ignore_value=-1):
    size = (index_num + nshards - 1) // nshards
    return torch.where(x // size == shard_id, x - shard_id * size,
                       torch.full_like(x, ignore_value))


_SHARD_INDEX = defop("shard_index", _shard_index,
                     attrs={"index_num": 0, "nshards": 1, "shard_id": 0, "ignore_value": -1},
                     api="paddle.shard_index")


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1):
    """paddle.shard_index(input, index_num, nshards, shard_id, ignore_value=-1): the index within
    shard `shard_id` of each label (shards of ceil(index_num / nshards) ids), else ignore_value."""
    if input.dtype.short not in ("int32", "int64"):
        raise TypeError("The data type of 'input' in shard_index must be one of ['int64', "
                        f"'int32'], but received {input.dtype.short}.")
    if not 0 <= shard_id < nshards:
        raise ValueError(f"(InvalidArgument) The value 'shard_id' for Op(shard_index) must be "
                         f"less than nshards ({nshards}), but the value given is {shard_id}.")
    return apply_op(_SHARD_INDEX, (input,), {"index_num": index_num, "nshards": nshards,
                                             "shard_id": shard_id, "ignore_value": ignore_value})


_AS_STRIDED = defop("as_strided", lambda x, dims=(), stride=(), offset=0:
                    torch.as_strided(x, dims, stride, offset),
                    attrs={"dims": [], "stride": [], "offset": 0}, api="paddle.as_strided")


def as_strided(x, shape, stride, offset=0, name=None):
    """paddle.as_strided(x, shape, stride, offset=0): a view of x's storage with the given shape,
    strides and offset, all in elements.

    Differences from Paddle: a nonzero offset counts elements, as documented; Paddle 3.3.1 reads
    it as bytes and returns garbage values."""
    return apply_op(_AS_STRIDED, (x,), {"dims": _int_list(shape), "stride": _int_list(stride),
                                        "offset": int(offset)})


_UNFOLD = defop("tensor_unfold", lambda x, axis=0, size=1, step=1: x.unfold(axis, size, step),
                attrs={"axis": 0, "size": 1, "step": 1}, api="paddle.unfold")


def unfold(x, axis, size, step, name=None):
    """paddle.unfold(x, axis, size, step): the windows of `size` along axis every `step`, as a new
    last dimension.

    Differences from Paddle: where windows overlap, the gradient sums over every window holding
    an element (Paddle 3.3.1 counts it once)."""
    rank = builtins.max(len(x.shape), 1)
    if not -rank <= axis < rank:
        raise ValueError(f"The axis should be in range [{-rank}, {rank}), but got {axis}")
    if step <= 0:
        raise ValueError(f"The step should be greater than 0, but got {step}")
    length = x.shape[axis] if x.shape else 1
    if size < 0 or size > length:
        raise ValueError(f"The size should be in [0, {length}], but got {size}")
    return apply_op(_UNFOLD, (x,), {"axis": axis, "size": size, "step": step})


def _unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype=None):
    out, inv, cnt = torch.unique_consecutive(x, return_inverse=True, return_counts=True, dim=axis)
    return out, inv.to(dtype), cnt.to(dtype)


_UNIQUE_CONSECUTIVE = defop("unique_consecutive", _unique_consecutive,
                            outputs=("Out", "Index", "Counts"),
                            attrs={"return_inverse": False, "return_counts": False, "axis": None,
                                   "dtype": None}, api="paddle.unique_consecutive")


def unique_consecutive(x, return_inverse=False, return_counts=False, axis=None, dtype="int64",
                       name=None):
    """paddle.unique_consecutive(x, return_inverse=False, return_counts=False, axis=None,
    dtype='int64'): collapse runs of equal values (of the flattened x, or slices along axis);
    returns the values, plus the inverse index and the run lengths when asked."""
    d = to_dtype(dtype)
    if d.short not in ("int32", "int64"):
        raise TypeError("The data type of 'dtype' in unique_consecutive must be one of "
                        f"['int32', 'int64'], but received {d.short}.")
    out, inv, cnt = apply_op(_UNIQUE_CONSECUTIVE, (x,), {
        "return_inverse": bool(return_inverse), "return_counts": bool(return_counts),
        "axis": axis, "dtype": d.torch})
    if axis is None and not STATE.static:
        inv._t = inv._t.reshape(-1)
    res = [out] + ([inv] if return_inverse else []) + ([cnt] if return_counts else [])
    return res[0] if len(res) == 1 else tuple(res)


_VIEW_AS_COMPLEX = defop("as_complex", lambda x: torch.view_as_complex(x.contiguous()),
                         api="paddle.as_complex")
_VIEW_AS_REAL = defop("as_real", lambda x: torch.view_as_real(x), api="paddle.as_real")


def as_complex(x, name=None):
    """paddle.as_complex(x): a float tensor whose last dimension is 2 read as complex numbers."""
    if x.dtype.short not in ("float32", "float64"):
        raise TypeError("The data type of 'x' in as_complex must be one of ['float32', "
                        f"'float64'], but received {x.dtype.short}.")
    if not x.shape or x.shape[-1] != 2:
        raise ValueError("(InvalidArgument) The size of the last dimension of input(X)does not "
                         "equals 2.Expected the size of last dimension of input(X) to be 2.But "
                         f"received {x.shape[-1] if x.shape else 0}")
    return apply_op(_VIEW_AS_COMPLEX, (x,))


def as_real(x, name=None):
    """paddle.as_real(x): a complex tensor as floats with a new last dimension of 2."""
    if x.dtype.short not in ("complex64", "complex128"):
        raise TypeError("The data type of 'x' in as_real must be one of ['complex64', "
                        f"'complex128'], but received {x.dtype.short}.")
    return apply_op(_VIEW_AS_REAL, (x,))


def view_as_complex(input):
    """paddle.view_as_complex(input): alias of paddle.as_complex."""
    return as_complex(input)


def view_as_real(input):
    """paddle.view_as_real(input): alias of paddle.as_real."""
    return as_real(input)


def tolist(x):
    """paddle.tolist(x): the values as (nested) Python lists of int/float/bool/complex."""
    return x._t.tolist()


def _index_put(x, indices, value, accumulate=False):
    idx = tuple(i.long() if i.dtype is not torch.bool else i for i in indices)
    return torch.index_put(x, idx, value.to(x.dtype), accumulate)


_INDEX_PUT = defop("index_put", _index_put, inputs=("X", "Indices", "Value"),
                   attrs={"accumulate": False}, api="paddle.index_put")


def index_put(x, indices, value, accumulate=False, name=None):
    """paddle.index_put(x, indices, value, accumulate=False): x with value written (or added,
    accumulate=True) at the places x[indices] (a tuple of int or bool index tensors) names."""
    if not isinstance(indices, (list, tuple)):
        raise TypeError("indices must be a tuple or list of Tensors")
    for t in indices:
        if t.dtype.short not in ("int32", "int64", "bool"):
            raise TypeError("The data type of tensor in indices must be int32, int64 or bool, "
                            f"but received {t.dtype.short}")
    return apply_op(_INDEX_PUT, (x, list(indices), value), {"accumulate": bool(accumulate)})


# ---- in-place variants (Paddle's `paddle.<op>_`; creation.inplace: same Tensor back, version up) --
index_add_ = inplace(index_add, "index_add_")
index_fill_ = inplace(index_fill, "index_fill_")
index_put_ = inplace(index_put, "index_put_")
masked_scatter_ = inplace(masked_scatter, "masked_scatter_")
scatter_add_ = inplace(scatter_add, "scatter_add_")
transpose_ = inplace(transpose, "transpose_", reshape=True)

_NEWER_NAMES = ["tensor_split", "hsplit", "vsplit", "dsplit", "block_diag", "column_stack",
                "row_stack", "dstack", "crop", "diagonal_scatter", "select_scatter",
                "slice_scatter", "masked_scatter", "scatter_add", "scatter_reduce", "scatter_nd",
                "shard_index", "as_strided", "unfold", "unique_consecutive", "as_complex",
                "as_real", "view_as_complex", "view_as_real", "tolist", "index_put"]
INPLACE_NAMES = ["index_add_", "index_fill_", "index_put_", "masked_scatter_", "scatter_add_",
                 "transpose_"]
__all__ += _NEWER_NAMES + INPLACE_NAMES
attach({n: globals()[n] for n in _NEWER_NAMES + INPLACE_NAMES
        if n not in METHODS and n not in ("column_stack", "row_stack", "dstack", "crop")})
# (column_stack, row_stack, dstack and crop are not Tensor methods in Paddle 3.3.1)
