"""More of Paddle 3.3.1's manipulation and search functions, and its torch-style aliases
(`paddle.cat`, `clamp`, `mul`, `swapaxes`, `moveaxis` ...): each is built from the registered
ops (transpose2, reshape2, concat, flip ... so static mode records Paddle's ops) or is one registry
record of its own.
"""
import inspect

import numpy as np
import torch

from .._tensor import Tensor
from .._tensor_methods import METHODS, attach
from . import logic as _logic
from . import manipulation as _manip
from . import math as _m
from .registry import apply_op, defop

__all__ = ["cat", "concatenate", "clamp", "clone", "mul", "sub", "div", "true_divide", "eq", "ne",
           "gt", "ge", "lt", "le", "greater", "less", "swapaxes", "swapdims", "moveaxis",
           "narrow", "unflatten", "repeat_interleave", "broadcast_tensors", "ravel", "reverse",
           "atleast_1d", "atleast_2d", "atleast_3d", "hstack", "vstack", "rot90",
           "matrix_transpose", "tensordot", "bincount", "searchsorted", "bucketize",
           "index_add", "index_fill", "isin", "ger", "diag_embed", "tril_indices",
           "triu_indices", "finfo", "iinfo", "from_numpy", "asarray", "as_tensor", "msort",
           "take_along_dim", "take"]

cat = concatenate = _manip.concat
clamp = _m.clip
mul = _m.multiply
div = true_divide = _m.divide
eq, ne = _logic.equal, _logic.not_equal
gt, ge, lt, le = (_logic.greater_than, _logic.greater_equal, _logic.less_than,
                  _logic.less_equal)
greater, less = _logic.greater_than, _logic.less_than


def sub(x, y, name=None, *, alpha=1, out=None):
    """paddle.sub(x, y, alpha=1): alias of paddle.subtract."""
    return _m.subtract(x, y, alpha=alpha, out=out)


def clone(x, name=None):
    """paddle.clone(x): a copy that stays in the graph (gradient flows back to x)."""
    from .creation import assign
    return assign(x)


def swapaxes(x, axis0, axis1, name=None):
    """paddle.swapaxes(x, axis0, axis1) (alias swapdims): exchange two axes."""
    perm = list(range(x.ndim))
    perm[axis0], perm[axis1] = perm[axis1], perm[axis0]
    return _manip.transpose(x, perm)


swapdims = swapaxes


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
    return _manip.transpose(x, perm)


def narrow(input, dim, start, length, name=None):
    """paddle.narrow(input, dim, start, length): `length` entries from `start` along `dim`."""
    from .indexing import slice as _slice
    if start < 0:
        start += input.shape[dim]
    return _slice(input, [dim], [start], [start + length])


def unflatten(x, axis, shape, name=None):
    """paddle.unflatten(x, axis, shape): split axis `axis` into `shape`."""
    full = list(x.shape)
    axis = axis % len(full)
    shape = list(shape) if not isinstance(shape, Tensor) else shape.tolist()
    return _manip.reshape(x, full[:axis] + shape + full[axis + 1:])


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
    return _manip.flatten(input)


def reverse(x, axis, name=None):
    """paddle.reverse(x, axis): alias of paddle.flip."""
    return _manip.flip(x, axis)


def _atleast(n):
    def fn(*inputs, name=None):
        outs = []
        for x in inputs:
            if not isinstance(x, Tensor):
                from .._creation_core import to_tensor
                x = to_tensor(x)
            shape = list(x.shape)
            if len(shape) < n:
                if n == 3 and len(shape) == 2:
                    shape = shape + [1]
                elif n == 3 and len(shape) == 1:
                    shape = [1] + shape + [1]
                else:
                    shape = [1] * (n - len(shape)) + shape
                x = _manip.reshape(x, shape)
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
    return _manip.concat(xs, axis=0 if xs[0].ndim == 1 else 1)


def vstack(x, name=None):
    """paddle.vstack(x): concat along axis 0 after making each at least 2-D."""
    xs = atleast_2d(*x)
    return _manip.concat(xs if isinstance(xs, list) else [xs], axis=0)


def rot90(x, k=1, axes=[0, 1], name=None):   # noqa: B006 - Paddle's signature
    """paddle.rot90(x, k=1, axes=[0, 1]): rotate by 90 degrees k times in the plane `axes`."""
    k %= 4
    a0, a1 = axes
    if k == 0:
        return _manip.flip(_manip.flip(x, [a0]), [a0])
    if k == 2:
        return _manip.flip(x, [a0, a1])
    perm = list(range(x.ndim))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return _manip.transpose(_manip.flip(x, [a1]), perm)
    return _manip.flip(_manip.transpose(x, perm), [a1])


def matrix_transpose(x, name=None):
    """paddle.matrix_transpose(x): swap the last two axes."""
    return swapaxes(x, -1, -2)


def _int_like(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def tensordot(x, y, axes=2, name=None):
    """paddle.tensordot(x, y, axes=2): contraction over `axes` (an int n: the last n axes of x
    with the first n of y; [ax_x, ax_y]: those axes; a flat list: the same axes of both; the
    shorter list is completed from the longer). A contracted axis of size 1 in one operand is
    summed away (broadcast), as in Paddle.

    Built like Paddle's: sums, transpose, reshape and one matmul (static mode records those ops)."""
    from .linalg import matmul
    from .reduction import sum as _sum
    if isinstance(axes, Tensor):
        axes = axes.tolist()
    if _int_like(axes):
        if axes < 0:
            raise AssertionError(f"The 'axes' in tensordot should not be negative, but received "
                                 f"axes={axes}.")
        axes_x, axes_y = list(range(x.ndim - axes, x.ndim)), list(range(axes))
    elif not axes or _int_like(axes[0]):
        axes_x, axes_y = list(axes), []
    else:
        axes_x = axes[0].tolist() if isinstance(axes[0], Tensor) else list(axes[0])
        axes_y = [] if len(axes) < 2 else (axes[1].tolist() if isinstance(axes[1], Tensor)
                                           else list(axes[1]))
    if len(axes_x) < len(axes_y):
        axes_x.extend(axes_y[len(axes_x):])
    elif len(axes_y) < len(axes_x):
        axes_y.extend(axes_x[len(axes_y):])
    shape_x, shape_y = list(x.shape), list(y.shape)
    nx, ny = len(shape_x), len(shape_y)
    contracted_x, contracted_y = [False] * nx, [False] * ny
    size = 1
    for dx, dy in zip(axes_x, axes_y):
        sx, sy = shape_x[dx], shape_y[dy]
        if sx == 1:
            shape_y[dy] = 1
            y = _manip.reshape(_sum(y, dy), shape_y)
        elif sy == 1:
            shape_x[dx] = 1
            x = _manip.reshape(_sum(x, dx), shape_x)
        elif sx != sy:
            raise AssertionError(f"The dimensional size for 'x' and 'y' in tensordot should match "
                                 f"each other, but 'x' has size {sx} in dim {dx} while 'y' has "
                                 f"size {sy} in dim {dy}.")
        contracted_x[dx] = contracted_y[dy] = True
        size *= shape_x[dx]
    perm_x = [i for i in range(nx) if not contracted_x[i]]
    perm_y = [i for i in range(ny) if not contracted_y[i]]
    shape_out = [shape_x[i] for i in perm_x] + [shape_y[i] for i in perm_y]
    free_x = int(np.prod([shape_x[i] for i in perm_x]))
    free_y = int(np.prod([shape_y[i] for i in perm_y]))
    x = _manip.reshape(_manip.transpose(x, perm_x + axes_x), [free_x, size])
    y = _manip.reshape(_manip.transpose(y, axes_y + perm_y), [size, free_y])
    return _manip.reshape(matmul(x, y), shape_out)


def _bincount(x, w=None, minlength=0):
    if x.numel() and int(x.min()) < 0:
        raise ValueError("(InvalidArgument) The elements in input tensor must be non-negative ints")
    return torch.bincount(x, w, minlength=minlength)


_BINCOUNT = defop("bincount", _bincount, inputs=("X", "Weights"), attrs={"minlength": 0},
                  api="paddle.bincount")


def bincount(x, weights=None, minlength=0, name=None):
    """paddle.bincount(x, weights=None, minlength=0): occurrences of each non-negative int.

    Non-integer x raises TypeError, negative values ValueError, as in Paddle."""
    if x.dtype.short not in ("int32", "int64"):
        raise TypeError("Elements in Input(x) should all be integers")
    return apply_op(_BINCOUNT, (x, weights), {"minlength": minlength})


_SEARCHSORTED = defop("searchsorted", lambda s, v, out_int32=False, right=False:
                      torch.searchsorted(s, v, out_int32=out_int32, right=right),
                      inputs=("SortedSequence", "Values"),
                      attrs={"out_int32": False, "right": False}, api="paddle.searchsorted")


def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None, *, side=None,
                 out=None, sorter=None):
    """paddle.searchsorted(sorted_sequence, values, out_int32=False, right=False, *, side=None,
    out=None, sorter=None): insertion indices of `values` in the (last axis of) sorted_sequence.
    side='right' sets right=True (side='left' leaves `right` as given, as in Paddle); `sorter`
    holds the indices that sort an unsorted sequence."""
    if side is not None and side == "right":
        right = True
    if sorter is not None:
        from .indexing import take_along_axis
        sorted_sequence = take_along_axis(sorted_sequence, sorter, -1)
    return _m._out(apply_op(_SEARCHSORTED, (sorted_sequence, values),
                            {"out_int32": out_int32, "right": right}), out)


def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None):
    """paddle.bucketize(x, sorted_sequence, out_int32=False, right=False)."""
    return searchsorted(sorted_sequence, x, out_int32=out_int32, right=right)


_INDEX_ADD = defop("index_add", lambda x, index, add_value, axis=0:
                   x.index_add(axis, index, add_value), inputs=("X", "Index", "AddValue"),
                   attrs={"axis": 0}, api="paddle.index_add")
_INDEX_FILL = defop("index_fill", lambda x, index, axis=0, value=0.0:
                    x.index_fill(axis, index, value), inputs=("X", "Index"),
                    attrs={"axis": 0, "value": 0.0}, api="paddle.index_fill")


def _index_add(x, index, axis, value, alpha=1, name=None, *, out=None):
    if alpha != 1:
        value = _m.scale(value, alpha)
    return _m._out(apply_op(_INDEX_ADD, (x, index, value), {"axis": axis}), out)


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


_ISIN = defop("isin", lambda x, t, assume_unique=False, invert=False:
              torch.isin(x, t, assume_unique=assume_unique, invert=invert),
              inputs=("X", "TestX"), attrs={"assume_unique": False, "invert": False},
              api="paddle.isin")


def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """paddle.isin(x, test_x, assume_unique=False, invert=False): membership test."""
    return apply_op(_ISIN, (x, test_x), {"assume_unique": assume_unique, "invert": invert})


def ger(x, y, name=None):
    """paddle.ger(x, y): outer product (alias of paddle.outer)."""
    return METHODS["outer"](x, y)


_DIAG_EMBED = defop("diag_embed", lambda x, offset=0, dim1=-2, dim2=-1:
                    torch.diag_embed(x, offset, dim1, dim2), inputs=("Input",),
                    attrs={"offset": 0, "dim1": -2, "dim2": -1}, api="paddle.diag_embed")


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """paddle.diag_embed(input, offset=0, dim1=-2, dim2=-1): batched diagonal matrices."""
    return apply_op(_DIAG_EMBED, (input,), {"offset": offset, "dim1": dim1, "dim2": dim2})


def _indices(fn):
    def make(row, col=None, offset=0, dtype="int64"):
        from .._creation_core import to_tensor
        col = row if col is None else col
        return to_tensor(fn(row, col, offset).numpy(), dtype=dtype)
    return make


def tril_indices(row, col, offset=0, dtype="int64"):
    """paddle.tril_indices(row, col, offset=0, dtype='int64'): indices of the lower triangle."""
    return _indices(torch.tril_indices)(row, col, offset, dtype)


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """paddle.triu_indices(row, col=None, offset=0, dtype='int64'): indices of the upper triangle."""
    return _indices(torch.triu_indices)(row, col, offset, dtype)


class finfo:
    """paddle.finfo(dtype): machine limits of a floating dtype."""

    def __init__(self, dtype):
        from .._dtype import to_dtype
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
        from .._dtype import to_dtype
        d = to_dtype(dtype)
        ii = torch.iinfo(d.torch)
        self.dtype, self.bits, self.min, self.max = d.short, ii.bits, ii.min, ii.max

    def __repr__(self):
        return (f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, "
                f"dtype={self.dtype})")


def from_numpy(ndarray):
    """paddle.from_numpy(ndarray): a tensor over the array's data (dtype kept)."""
    from .._tensor import wrap
    return wrap(torch.from_numpy(np.ascontiguousarray(ndarray)))


def asarray(obj, dtype=None, place=None, copy=None, stop_gradient=True):
    """paddle.asarray(obj, dtype=None, ...): like paddle.to_tensor."""
    from .._creation_core import to_tensor
    return to_tensor(obj, dtype=dtype, place=place, stop_gradient=stop_gradient)


as_tensor = asarray


def msort(input, name=None):
    """paddle.msort(input): sorted along axis 0."""
    return METHODS["sort"](input, axis=0)


def take_along_dim(input, indices, dim=None, name=None):
    """paddle.take_along_dim(input, indices, dim=None): alias of take_along_axis (flattened when
    dim is None)."""
    from .indexing import take_along_axis
    if dim is None:
        return take_along_axis(_manip.flatten(input), _manip.flatten(indices), 0)
    return take_along_axis(input, indices, dim)


def _take(x, index, mode="raise"):
    flat = x.reshape(-1)
    n = flat.numel()
    if mode == "wrap":
        index = index % n
    elif mode == "clip":
        index = index.clamp(0, n - 1) if n > 0 else index     # Paddle: an empty x is not clipped
    else:
        # Paddle adds n to negative indices, then index_select accepts [-n, n) (a negative one
        # counting from the end again): -2n <= index < n is valid, -13 of 12 elements is x[-1].
        index = torch.where(index < 0, index + n, index)
    bad = (index >= n) | (index < -n)
    if bad.any():
        raise ValueError(f"(InvalidArgument) Variable value (index) of OP(index_select) "
                         f"expected >= {-n} and < {n}, but got {int(index[bad][0])}. Please check "
                         f"input value.")
    index = torch.where(index < 0, index + n, index)
    return flat[index.long()]


_TAKE = defop("take", _take, inputs=("X", "Index"), attrs={"mode": "raise"}, api="paddle.take")


def take(x, index, mode="raise", name=None):
    """paddle.take(x, index, mode='raise'): elements of flattened x at `index` (shape of index).

    mode 'raise': -2n <= index < n (as Paddle, whose negative indices are shifted once by n and
    then read from the end) else ValueError; 'wrap': index modulo n; 'clip': clipped to [0, n-1]."""
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"'mode' in 'take' should be 'raise', 'wrap', 'clip', but received "
                         f"{mode}.")
    if not isinstance(index, Tensor):
        raise TypeError(f"The type of 'index' must be Tensor, but got {type(index)}")
    if index.dtype.short not in ("int32", "int64"):
        raise TypeError(f"The data type of 'index' must be one of ['int32', 'int64'], but got "
                        f"{index.dtype}")
    return apply_op(_TAKE, (x, index), {"mode": mode})


_NOT_METHODS = {"positive", "ger", "searchsorted"}


def _attach():
    table = {n: globals()[n] for n in __all__
             if n not in ("finfo", "iinfo", "from_numpy", "asarray", "as_tensor", "tril_indices",
                          "triu_indices", "cat", "concatenate", "hstack", "vstack",
                          "broadcast_tensors")}
    # only the methods Paddle's Tensor has (it has no x.positive(), x.ger(), x.searchsorted())
    attach({k: v for k, v in table.items() if k not in METHODS and k not in _NOT_METHODS})


_attach()
