"""Tensor indexing (Paddle: base/variable_index.py): `x[...]` and `x[...] = v`, i.e.
Tensor.__getitem__/__setitem__ with numpy-style indices. The ops they record (`slice`,
`strided_slice`, `index_get`/`set_value`) are in manipulation.py (slice, strided_slice) and here.

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
from .._tensor_methods import attach
from ._checks import invalid_argument, is_tensor_like
from .manipulation import SLICE, STRIDED_SLICE, UNSQUEEZE, _int
from .registry import STATIC, apply_op, defop

__all__ = ["getitem", "setitem"]

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
                if t.device.type != "meta":
                    for k, m in enumerate(ix.shape):
                        n = t.shape[axis + k] if axis + k < t.dim() else 0
                        if m != n:
                            raise IndexError(f"(OutOfRange) The shape of boolean index {m} did "
                                             f"not match indexed tensor {n} along axis "
                                             f"{axis + k}.")
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
    if all(s == 1 for s in attrs["strides"]):
        op, key = SLICE, f"{x.name}_slice"
        attrs = {k: v for k, v in attrs.items() if k != "strides"}
    else:
        op, key = STRIDED_SLICE, f"{x.name}_strided_slice"
    with STATIC.tmp_outputs(key):
        out = apply_op(op, (x,), attrs)
    dynamic = [a for a in attrs["axes"] if x.shape[a] == -1 and a not in attrs["decrease_axis"]]
    if dynamic:
        kept = [a for a in range(len(x.shape)) if a not in attrs["decrease_axis"]]
        out._shape = tuple(-1 if kept[i] in dynamic else d for i, d in enumerate(out.shape))
    return out


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
    # The recorded (static) set_value is Paddle's out-of-place op: the executor's input (a fed
    # array, a variable other ops read) is left untouched.
    return _set_value_inplace_kernel(Input.clone(), ValueTensor, Indices, index, values, dtype)


def _set_value_inplace_kernel(Input, ValueTensor=None, Indices=(), index=(), values=None,
                              dtype=None):
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


_SET_VALUE_ATTRS = {"index": (), "values": None, "dtype": None}
# Dynamic `x[i] = v` is Paddle's in-place set_value_ (written into x's storage); static mode
# records the out-of-place set_value, whose outputs Paddle names set_value_<n>.tmp_<m>.
SET_VALUE_ = defop("set_value_", _set_value_inplace_kernel,
                   inputs=("Input", "ValueTensor", "Indices"), attrs=_SET_VALUE_ATTRS,
                   api="paddle.Tensor.__setitem__",
                   notes="attrs carry the whole index spec instead of axes/starts/ends/steps")
SET_VALUE = defop("set_value", _set_value_kernel, inputs=("Input", "ValueTensor", "Indices"),
                  attrs=_SET_VALUE_ATTRS, api="paddle.static.setitem",
                  notes="attrs carry the whole index spec instead of axes/starts/ends/steps")


_LEGACY_SETITEM = ("In static mode, the __setitem__ (looks like: x[indices] = values) should not "
                   "be used. Please use x = paddle.static.setitem(x, indices, values)")


def setitem(x, item, value):
    """Tensor.__setitem__: assign a scalar, numpy array or Tensor (broadcast) in place.

    In static mode Paddle's legacy graph refuses (RuntimeError, pointing at
    paddle.static.setitem); its PIR graph records an in-place `set_value_` on x, so ops recorded
    after the assignment, and a fetch of x, see the new values."""
    if STATE.static:
        if not STATE.pir:
            raise RuntimeError(_LEGACY_SETITEM)
        STATIC.write_into(x, _set_value(x, item, value))
        return None
    _set_value(x, item, value)
    return None


def static_setitem(x, index, value):
    """paddle.static.setitem(x, index, value): `x[index] = value` as a function. Dynamic mode and
    PIR write into x and return it; Paddle's legacy graph records an out-of-place `set_value`
    and returns the new variable (x keeps its values).

    Differences from Paddle: in PIR mode the returned value is x itself (Paddle returns the
    in-place op's result Value, an alias of x)."""
    if not STATE.static:
        setitem(x, index, value)
        return x
    out = _set_value(x, index, value)
    return STATIC.write_into(x, out) if STATE.pir else out


def _set_value(x, item, value):
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
    if STATE.static:
        return apply_op(SET_VALUE, (x, vt, tensors), attrs)
    if isinstance(x, Tensor) and x._t.requires_grad and x._t.is_leaf and torch.is_grad_enabled():
        raise _leaf_error(x.name)
    out = apply_op(SET_VALUE_, (x, vt, tensors), attrs)
    if out is not x and isinstance(out, Tensor):
        x._t = out._t
    return out


def _attach():
    attach({"__getitem__": getitem, "__setitem__": setitem})


_attach()
