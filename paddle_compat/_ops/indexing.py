"""Indexing ops: Tensor.__getitem__/__setitem__ (numpy-style indexing), paddle.slice,
paddle.strided_slice, gather, gather_nd, scatter, scatter_nd_add, take_along_axis,
put_along_axis.

Getitem/setitem follow Paddle 3.3.1's rules (verified against the oracle): ints, slices (negative
steps too), None, Ellipsis, lists (nested lists are one index tensor), numpy arrays, int/bool
Tensors and tuples mixing them. Like torch (and unlike numpy), an int next to an advanced index
is applied first as a plain selection (`x[0, :, [1, 2]]` has shape [3, 2] in Paddle). A basic
index returns a view that shares memory, as Paddle's stride kernels do; setitem writes in place,
is differentiable for the assigned value and for the unchanged part of x, and refuses a leaf that
needs grad with Paddle's message.

Op types recorded in static mode: getitem with only ints/slices/None/Ellipsis records
`strided_slice` (+ `unsqueeze2` for None) as Paddle's legacy IR does; a getitem with tensor or
list indices records one `index_get` op, and setitem records `set_value` (Paddle's op type).

Differences from Paddle: Paddle 3.3.1 reads out of bounds for an out-of-range index inside a list
(`x[[0, 5]]` returns garbage) and segfaults on negative steps mixed with advanced indices; here
both work (IndexError / correct values). `index_get` is a paddle_compat op type (Paddle's legacy IR
records a chain of gather/where ops instead).
"""
import builtins
import numbers

import numpy as np
import torch

from .._mode import STATE
from .._tensor import Tensor
from ._checks import invalid_argument, is_tensor_like
from .manipulation import UNSQUEEZE, _int, _int_list
from .registry import apply_op, defop

__all__ = ["slice", "strided_slice", "gather", "gather_nd", "scatter", "scatter_",
           "scatter_nd_add", "take_along_axis", "put_along_axis", "put_along_axis_"]

_pyslice = builtins.slice
_INDEX_TYPES_TEXT = ("Currently, Tensor.__indices__() only allows indexing by Boolean, Integers, "
                     "Slices, Ellipsis, None, Tuples of these types and List / Tensor of Bool and "
                     "Integers, but received {} in {}th slice item")


def _out_of_range(i, axis, size):
    return IndexError(f"(OutOfRange) The starting index {i} of slice is out of bounds in tensor "
                      f"{axis}-th axis, it should be in the range of [{-size}, {size}).")


# ---- parsing an index into a spec (plain data: works as static-graph attributes) --------------
def _parse(item, shape):
    """Paddle index -> (spec, tensors, basic). spec entries: ('int', i), ('slice', a, b, c),
    ('none',), ('tensor', k) (k-th entry of `tensors`), ('list', data, dtype). `basic` is True
    when there is no tensor/list entry. Ellipsis is expanded here, against `shape`."""
    if not isinstance(item, tuple):
        item = (item,)
    entries, tensors = [], []
    consumed, ellipsis_at = 0, None
    for pos, it in enumerate(item, 1):
        if it is None:
            entries.append(("none",))
        elif it is Ellipsis:
            if ellipsis_at is not None:
                raise invalid_argument("An index can only have a single ellipsis ('...')\n  [Hint: "
                                       "Expected ell_count <= 1, but received ell_count:2 > 1:1.]")
            ellipsis_at = len(entries)
        elif isinstance(it, (bool, np.bool_)):
            entries.append(("list", bool(it), "bool"))
        elif isinstance(it, (numbers.Integral, np.integer)):
            entries.append(("int", int(it)))
            consumed += 1
        elif isinstance(it, _pyslice):
            a, b, c = (None if v is None else _int(v) for v in (it.start, it.stop, it.step))
            if c == 0:
                raise invalid_argument("stride index in StridedSlice operator is 0.\n  [Hint: "
                                       "Expected stride_index != 0, but received stride_index:0 "
                                       "== 0:0.]")
            entries.append(("slice", a, b, c))
            consumed += 1
        elif isinstance(it, Tensor) or is_tensor_like(it):
            dt = it.dtype.short if hasattr(it.dtype, "short") else str(it.dtype).split(".")[-1]
            if dt not in ("bool", "int32", "int64", "int16", "int8", "uint8"):
                raise invalid_argument(_INDEX_TYPES_TEXT.format(dt, pos))
            entries.append(("tensor", len(tensors)))
            tensors.append(it)
            consumed += len(it.shape) if dt == "bool" else 1
        elif isinstance(it, (list, np.ndarray)):
            arr = np.asarray(it)
            if arr.dtype == object or arr.dtype.kind not in "biu" and arr.size:
                raise invalid_argument(_INDEX_TYPES_TEXT.format(type(it).__name__, pos))
            kind = "bool" if arr.dtype.kind == "b" else "int64"
            entries.append(("list", arr.astype(kind).tolist(), kind))
            consumed += arr.ndim if kind == "bool" else 1
        else:
            raise invalid_argument(_INDEX_TYPES_TEXT.format(type(it).__name__, pos))
    nd = len(shape)
    if ellipsis_at is not None:
        fill = [("slice", None, None, None)] * max(nd - consumed, 0)
        entries[ellipsis_at:ellipsis_at] = fill
    basic = not any(e[0] in ("tensor", "list") for e in entries)
    if basic:   # Paddle checks int indices against the axis sizes here (IndexError, OutOfRange)
        axis = 0
        for e in entries:
            if e[0] == "none":
                continue
            size = shape[axis] if axis < nd else 0
            # A static Variable's dynamic (-1) dim is checked when the program runs.
            if e[0] == "int" and size >= 0 and not -size <= e[1] < size:
                raise _out_of_range(e[1], axis, size)
            if e[0] == "slice" and axis >= nd:
                raise _out_of_range(e[1] or 0, axis, 0)
            axis += 1
    return tuple(entries), tensors, basic


def _torch_index(spec, tensors, t):
    """spec -> (torch index tuple, dims to flip first). Negative-step slices become positive ones on
    a flipped axis (torch has no negative steps); lists become int64/bool tensors."""
    idx, flips, axis = [], [], 0
    for e in spec:
        kind = e[0]
        if kind == "none":
            idx.append(None)
            continue
        if kind == "int":
            idx.append(e[1])
            axis += 1
        elif kind == "slice":
            a, b, c = e[1:]
            if c is not None and c < 0:
                n = t.shape[axis]
                start, stop, step = _pyslice(a, b, c).indices(n)
                count = len(range(start, stop, step))
                s2 = n - 1 - start
                idx.append(_pyslice(s2, s2 + (count - 1) * -step + 1, -step) if count
                           else _pyslice(0, 0))
                flips.append(axis)
            else:
                idx.append(_pyslice(a, b, c))
            axis += 1
        else:
            if kind == "tensor":
                ix = tensors[e[1]]
            else:
                ix = torch.tensor(e[1], dtype=torch.bool if e[2] == "bool" else torch.int64,
                                  device=t.device)
            if ix.dtype == torch.bool:
                axis += ix.dim()
            else:
                ix = ix.to(torch.int64)
                n = t.shape[axis] if axis < t.dim() else 0
                if ix.numel() and t.device.type != "meta" and \
                        (int(ix.max()) >= n or int(ix.min()) < -n):
                    bad = int(ix.max()) if int(ix.max()) >= n else int(ix.min())
                    raise _out_of_range(bad, axis, n)
                axis += 1
            idx.append(ix)
    return tuple(idx), flips


def _index_get_kernel(X, Indices=(), index=()):
    idx, flips = _torch_index(index, Indices or [], X)
    if flips:
        X = X.flip(flips)
    return X[idx]


INDEX_GET = defop("index_get", _index_get_kernel, inputs=("X", "Indices"), attrs={"index": ()},
                  api="paddle.Tensor.__getitem__",
                  notes="paddle_compat op type; Paddle's legacy IR records gather/where chains")


def _basic_to_strided(spec, shape):
    """A basic spec -> strided_slice attrs and the None positions of the final result."""
    axes, starts, ends, strides, decrease, nones = [], [], [], [], [], []
    axis, out_pos = 0, 0
    big = 2147483647        # Paddle's open end (INT32_MAX); the kernel clamps to the axis size
    for e in spec:
        if e[0] == "none":
            nones.append(out_pos)
            out_pos += 1
            continue
        if e[0] == "int":
            i = e[1]
            axes.append(axis), starts.append(i), ends.append(i + 1 if i != -1 else big)
            strides.append(1), decrease.append(axis)
        else:
            a, b, c = e[1:]
            c = 1 if c is None else c
            if (a, b, c) != (None, None, 1):
                axes.append(axis), strides.append(c)
                starts.append((0 if c > 0 else big) if a is None else a)
                ends.append((big if c > 0 else -big) if b is None else b)
            out_pos += 1
        axis += 1
    return dict(axes=axes, starts=starts, ends=ends, strides=strides, infer_flags=[1] * len(axes),
                decrease_axis=decrease), nones


def getitem(x, item):
    """Tensor.__getitem__: numpy-style indexing with Paddle's rules (see the module docstring)."""
    spec, tensors, basic = _parse(item, list(x.shape))
    if STATE.static and basic:
        attrs, nones = _basic_to_strided(spec, list(x.shape))
        out = _record_slice(x, attrs) if attrs["axes"] or attrs["decrease_axis"] else x
        return apply_op(UNSQUEEZE, (out,), {"axes": nones}) if nones else out
    return apply_op(INDEX_GET, (x, tensors), {"index": spec})


def _record_slice(x, attrs):
    """Static `x[...]` as Paddle's legacy getitem records it: a `slice` op named `x_slice_<n>`
    when every step is 1, else `strided_slice` named `x_strided_slice_<n>`; a sliced dynamic (-1)
    dim stays -1 (Paddle does not resolve it against the bounds)."""
    from .._static.builder import tmp_outputs
    if all(s == 1 for s in attrs["strides"]):
        op, key = SLICE, f"{x.name}_slice"
        attrs = {k: v for k, v in attrs.items() if k != "strides"}
    else:
        op, key = STRIDED_SLICE, f"{x.name}_strided_slice"
    with tmp_outputs(key):
        out = apply_op(op, (x,), attrs)
    dynamic = [a for a in attrs["axes"] if x.shape[a] == -1 and a not in attrs["decrease_axis"]]
    if dynamic:
        kept = [a for a in range(len(x.shape)) if a not in attrs["decrease_axis"]]
        out._shape = tuple(-1 if kept[i] in dynamic else d for i, d in enumerate(out.shape))
    return out


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


# ---- setitem -----------------------------------------------------------------------------------
def _check_value_shape(value, target):
    vs, ts = list(value.shape), list(target.shape)
    ok = len(vs) <= len(ts) or all(d == 1 for d in vs[:len(vs) - len(ts)])
    if ok:
        for a, b in zip(reversed(vs), reversed(ts)):
            if a != b and a != 1:
                ok = False
                break
    if not ok:
        # Paddle's message names the value's shape first (verified on 3.3.1).
        raise invalid_argument(f"The shape of tensor assigned value must match the shape of target "
                               f"shape: {vs}, but now shape is {ts}.")
    if len(vs) > len(ts):
        value = value.reshape(vs[len(vs) - len(ts):])
    return value


def _set_value_kernel(Input, ValueTensor=None, Indices=(), index=(), values=None, dtype=None):
    if ValueTensor is None:
        ValueTensor = torch.tensor(values, dtype=Input.dtype, device=Input.device)
    value = ValueTensor.to(Input.dtype)
    idx, flips = _torch_index(index, Indices or [], Input)
    if not flips:
        target = Input[idx]
        value = _check_value_shape(value, target)
        if Input.requires_grad and Input.is_leaf and torch.is_grad_enabled():
            raise _leaf_error()
        Input[idx] = value
        return Input
    # Negative steps: write through linear positions (a flipped copy would not alias Input).
    pos = torch.arange(Input.numel(), device=Input.device).reshape(Input.shape).flip(flips)[idx]
    value = _check_value_shape(value, pos).expand(pos.shape)
    if Input.requires_grad and Input.is_leaf and torch.is_grad_enabled():
        raise _leaf_error()
    new = Input.reshape(-1).index_put((pos.reshape(-1),), value.reshape(-1)).reshape(Input.shape)
    Input.copy_(new)
    return Input


_LEAF_HINT = ("egr::EagerUtils::IsLeafTensor(tensor) && !egr::EagerUtils::autograd_meta(&tensor)"
              "->StopGradient()")


def _leaf_error(name=""):
    return invalid_argument(f"Leaf Tensor ({name}) that doesn't stop gradient can't use inplace "
                            f"strategy.\n  [Hint: Expected {_LEAF_HINT} == false, but received "
                            f"{_LEAF_HINT}:1 != false:0.]")


SET_VALUE = defop("set_value", _set_value_kernel, inputs=("Input", "ValueTensor", "Indices"),
                  attrs={"index": (), "values": None, "dtype": None},
                  api="paddle.Tensor.__setitem__",
                  notes="attrs carry the whole index spec instead of axes/starts/ends/steps")


def setitem(x, item, value):
    """Tensor.__setitem__: assign a scalar, numpy array or Tensor (broadcast) in place."""
    spec, tensors, _ = _parse(item, list(x.shape))
    attrs = {"index": spec, "values": None, "dtype": None}
    if isinstance(value, (bool, numbers.Number, np.number, np.bool_)):
        attrs["values"] = value.item() if isinstance(value, np.generic) else value
        vt = None
    elif isinstance(value, np.ndarray):
        attrs["values"] = value.tolist()
        vt = None
    elif is_tensor_like(value):
        vt = value
    else:
        raise invalid_argument(f"Value type error. The assign value allows Tensor, numpy.ndarray, "
                               f"integer, float, complex or bool, but received {hex(id(value))}.")
    if isinstance(x, Tensor) and x._t.requires_grad and x._t.is_leaf and torch.is_grad_enabled():
        raise _leaf_error(x.name)
    out = apply_op(SET_VALUE, (x, vt, tensors), attrs)
    if out is not x and isinstance(out, Tensor):
        x._t = out._t
    return None


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
        from .._creation_core import to_tensor
        if STATE.static:
            raise NotImplementedError("paddle.put_along_axis with a Python scalar `values` in static "
                                      "mode: pass a Tensor created with paddle.full")
        values = to_tensor(values, dtype=arr.dtype, place=arr.place)
    return apply_op(PUT_ALONG, (arr, indices, values),
                    {"Axis": axis % nd, "Reduce": reduce, "include_self": bool(include_self)})


def put_along_axis_(arr, indices, values, axis, reduce="assign", include_self=True,
                    broadcast=True):
    """paddle.put_along_axis_: in-place form of paddle.put_along_axis (returns arr)."""
    out = put_along_axis(arr, indices, values, axis, reduce, include_self, broadcast)
    arr._t = out._t
    return arr


def _attach():
    from .._tensor_methods import attach
    table = {n: globals()[n] for n in __all__ if n not in ("slice",)}
    table["slice"] = slice
    table["__getitem__"] = getitem
    table["__setitem__"] = setitem
    attach(table)


_attach()
