"""Shape manipulation ops: reshape, transpose, concat/split/stack, squeeze/unsqueeze, flatten,
expand/tile/broadcast, flip/roll.

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
import numbers

import numpy as np
import torch

from .._mode import STATE
from .._tensor import Tensor
from ._checks import graph_variable_in_int_arg, invalid_argument, is_graph_variable, is_tensor_like
from .registry import apply_op, defop

__all__ = ["reshape", "reshape_", "transpose", "concat", "split", "chunk", "squeeze", "unsqueeze",
           "flatten", "stack", "unstack", "unbind", "expand", "expand_as", "broadcast_to", "tile",
           "flip", "roll"]


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
        if list(t.shape) != first:
            raise invalid_argument(f"Dims of all Inputs(X) must be the same, but received input "
                                   f"{i} dim is:{list(t.shape)} not equal to input 0 dim:{first}.")
    return apply_op(STACK, (x,), {"axis": axis % nd})


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
__all__ += ["squeeze_", "unsqueeze_", "flatten_"]


def _attach():
    from .._tensor_methods import attach
    attach({n: globals()[n] for n in __all__})


_attach()
