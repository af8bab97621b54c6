"""Search ops (Paddle: tensor/search.py): where, masked_select, nonzero, index_select, topk, sort,
argsort, argmax, argmin, mode, kthvalue, searchsorted, bucketize, msort.

Exceptions: masked_fill and unique (Paddle: tensor/manipulation.py) are here with where and
argsort, which they are built on.

Registered under Paddle's legacy op types: `where` (Condition, X, Y -> Out), `where_index`
(Condition -> Out, for nonzero), `masked_select` (X, Mask -> Y), `index_select` (X, Index -> Out),
`top_k_v2` (X -> Out, Indices), `argsort` (X -> Out, Indices), `unique` (X -> Out, Indices, Index,
Counts).

Differences from Paddle: index outputs of `unique` are computed with torch and returned in
Paddle's order (out, index, inverse, counts); `topk` on ties may pick a different index than
Paddle's CPU kernel (values are equal). `nonzero`, `masked_select` and `unique` have
data-dependent shapes, so in static mode their recorded output shape has -1 dims.
"""
import builtins
import collections
import numbers

import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import default_float, from_torch_dtype, to_dtype
from .._mode import STATE
from .._tensor import Tensor
from .._tensor_methods import METHODS, attach
from ._checks import check_tensor_arg, invalid_argument, invalid_type, is_tensor_like
from .creation import full
from .manipulation import _int, take_along_axis, unbind
from .registry import apply_op, defop
from .registry import write_out as _out

__all__ = ["where", "where_", "masked_select", "masked_fill", "masked_fill_", "nonzero",
           "index_select", "topk", "sort", "argsort", "unique", "argmax", "argmin", "mode",
           "kthvalue", "searchsorted", "bucketize", "msort"]


def _dtname(d):
    return d.short if hasattr(d, "short") else str(d).split(".")[-1]


def _promote(x, y):
    """Paddle's eager type promotion for two tensors: only float/float and complex/real mix."""
    if x.dtype == y.dtype:
        return x.dtype
    fx, fy = x.is_floating_point() or x.is_complex(), y.is_floating_point() or y.is_complex()
    if not (fx and fy):
        raise invalid_type(
            "Type promotion only support calculations between floating-point numbers and between "
            f"complex and real numbers. But got different data type x: {_dtname(_pd(x))}, y: "
            f"{_dtname(_pd(y))}.")
    return torch.promote_types(x.dtype, y.dtype)


def _pd(t):
    return from_torch_dtype(t.dtype)


def _where_kernel(Condition, X, Y):
    dt = _promote(X, Y)
    return torch.where(Condition, X.to(dt), Y.to(dt))


WHERE = defop("where", _where_kernel, inputs=("Condition", "X", "Y"), api="paddle.where")
WHERE_INDEX = defop("where_index", lambda Condition: torch.nonzero(Condition),
                    inputs=("Condition",), api="paddle.nonzero")


def _scalar_tensor(v, like=None, dtype=None):
    """A Python scalar as a tensor. Paddle: int -> int64, float -> default float, bool -> bool,
    unless `dtype` (a DType) is given."""
    if STATE.static:
        return full([], v, dtype or _scalar_dtype(v))
    place = like.place if like is not None else None
    return to_tensor(v, dtype=dtype or _scalar_dtype(v), place=place)


def _scalar_dtype(v):
    if isinstance(v, (bool, np.bool_)):
        return "bool"
    if isinstance(v, (numbers.Integral, np.integer)):
        return "int64"
    if isinstance(v, complex):
        return "complex128" if default_float().short == "float64" else "complex64"
    return default_float().short


def where(condition, x=None, y=None, name=None):
    """paddle.where(condition, x=None, y=None, name=None): elementwise choice with broadcasting;
    Python scalars for x/y become tensors (int -> int64, float -> float32). With only `condition`
    it returns nonzero(condition, as_tuple=True)."""
    if x is None and y is None:
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if _dtname(condition.dtype) != "bool":
        raise ValueError(f"The `condition` is expected to be a boolean Tensor, but got a Tensor with "
                         f"dtype {condition.dtype}")
    if not is_tensor_like(x):
        x = _scalar_tensor(x, condition)
    if not is_tensor_like(y):
        y = _scalar_tensor(y, condition)
    if STATE.static and not list(x.shape) == list(y.shape) == list(condition.shape):
        return apply_op(WHERE, _static_broadcast(condition, x, y))
    return apply_op(WHERE, (condition, x, y))


def _static_broadcast(condition, x, y):
    """Paddle's static where (PIR and legacy alike) broadcasts its operands of different shapes
    by adding zeros of every shape: zeros_like x, y and the condition (cast to x's dtype) summed,
    added to x, y and the cast condition, the condition cast back to bool."""
    from .creation import zeros_like
    from .math import add, cast
    zx, zy = zeros_like(x), zeros_like(y)
    zc = cast(zeros_like(condition), x.dtype)
    cond = cast(condition, x.dtype)
    zeros = add(add(zx, zy), zc)
    bx, by = add(x, zeros), add(y, zeros)
    return cast(add(cond, zeros), "bool"), bx, by


def where_(condition, x=None, y=None, name=None):
    """paddle.where_: in-place form of paddle.where, writing into x."""
    out = where(condition, x, y)
    x._t = out._t
    return x


MASKED_SELECT = defop("masked_select",
                      lambda X, Mask: torch.masked_select(X, Mask),
                      inputs=("X", "Mask"), outputs=("Y",), api="paddle.masked_select")


def masked_select(x, mask, name=None):
    """paddle.masked_select(x, mask, name=None): 1-D tensor of x where the (broadcast) mask is True."""
    if _dtname(mask.dtype) != "bool":
        raise invalid_argument(f"The type of data we are trying to retrieve (bool) does not match the "
                               f"type of data ({_dtname(mask.dtype)}) currently contained in the "
                               f"container.")
    return apply_op(MASKED_SELECT, (x, mask))


MASKED_FILL = defop("masked_fill", lambda x, mask, value: torch.where(mask, value, x),
                    inputs=("x", "mask", "value"), outputs=("out",), api="paddle.masked_fill",
                    notes="recorded in PIR static programs (Paddle's pd_op.masked_fill); elsewhere "
                          "paddle.masked_fill runs the where op")


def masked_fill(x, mask, value, name=None):
    """paddle.masked_fill(x, mask, value, name=None): where(mask, value, x); `value` (scalar or
    0-D Tensor) is cast to x's dtype."""
    if not is_tensor_like(value):
        value = _scalar_tensor(value, x, dtype=x.dtype)
    elif value.dtype != x.dtype:
        value = value.astype(x.dtype)      # Tensor.astype comes from the cast op (ops-math)
    if STATE.static and STATE.pir:
        # Paddle's PIR code: cast(mask, 'bool') (its dtype test is always true there), then
        # the masked_fill op
        from .math import cast
        return apply_op(MASKED_FILL, (x, cast(mask, "bool"), value))
    return apply_op(WHERE, (mask, value, x))


def masked_fill_(x, mask, value, name=None):
    """paddle.masked_fill_: in-place form of paddle.masked_fill (returns x)."""
    out = masked_fill(x, mask, value)
    x._t = out._t
    return x


def nonzero(x, as_tuple=False):
    """paddle.nonzero(x, as_tuple=False): int64 coordinates [N, rank] of the non-zero entries, or
    a tuple of 1-D tensors, one per axis."""
    if len(x.shape) == 0:
        raise invalid_argument("Input(Condition) should have number of dimension at least 1\n  "
                               "[Hint: Expected rank >= 1UL, but received rank:0 < 1UL:1.]")
    out = apply_op(WHERE_INDEX, (x,))
    if not as_tuple:
        return out
    return tuple(unbind(out, axis=1))


def _index_select_kernel(X, Index, dim=0):
    return X.index_select(dim, Index.reshape(-1))


INDEX_SELECT = defop("index_select", _index_select_kernel, inputs=("X", "Index"), attrs={"dim": 0},
                     api="paddle.index_select")


def index_select(x, index, axis=0, name=None):
    """paddle.index_select(x, index, axis=0, name=None): entries `index` (int32/int64) along axis."""
    it = _dtname(index.dtype)
    if it not in ("int32", "int64"):
        raise invalid_argument(f"Input(Index) holds the wrong type, it holds {it}, but desires to be "
                               f"int32 or int64\n  [Hint: Expected index_type_match == true, but received "
                               f"index_type_match:0 != true:1.]")
    axis = _int(axis)
    nd = len(x.shape)
    if not -max(nd, 1) <= axis < max(nd, 1):
        raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got {axis}")
    return apply_op(INDEX_SELECT, (x, index), {"dim": axis % max(nd, 1)})


# ---- topk / sort / argsort ---------------------------------------------------------------------
TopKRetType = collections.namedtuple("TopKRetType", ["values", "indices"])


def _topk_kernel(X, k=1, axis=-1, largest=True, sorted=True):
    if X.dim() == 0:
        return X.clone(), torch.zeros((), dtype=torch.int64, device=X.device)
    v, i = torch.topk(X, k, dim=axis, largest=largest, sorted=True)
    return v, i


TOPK = defop("top_k_v2", _topk_kernel, outputs=("Out", "Indices"),
             attrs={"k": 1, "axis": -1, "largest": True, "sorted": True}, api="paddle.topk")


def topk(x, k, axis=None, largest=True, sorted=True, name=None):
    """paddle.topk(x, k, axis=None, largest=True, sorted=True, name=None): the k largest (or
    smallest) entries along `axis` (default -1) and their int64 indices, as a named tuple
    (values, indices)."""
    k = _int(k)
    axis = -1 if axis is None else _int(axis)
    shape = list(x.shape)
    nd = len(shape)
    if k < 1:
        raise invalid_argument(f"the attribute of k in the topk must >= 1 or be a Tensor, but "
                               f"received {k} .\n  [Hint: Expected k >= 1 == true, but received k "
                               f">= 1:0 != true:1.]")
    if nd:
        if not -nd <= axis < nd:
            raise invalid_argument(f"the axis of topk must be [-{nd}, {nd}), but you set axis is "
                                   f"{axis}")
        width = shape[axis % nd]
        if nd == 1 and width >= 0 and k > width:
            raise invalid_argument(f"x has only {width} element, can not find {k} top values.")
        if width >= 0 and k > width:
            raise invalid_argument(f"The rank ({k}) of the input 'k' for topk op must be less than "
                                   f"or equal to {width}.\n  [Hint: Expected k <= input_width, but "
                                   f"received k:{k} > input_width:{width}.]")
    v, i = apply_op(TOPK, (x,), {"k": k, "axis": axis, "largest": bool(largest),
                                 "sorted": bool(sorted)})
    return TopKRetType(v, i)


def _argsort_kernel(X, axis=-1, descending=False, stable=False):
    if X.dim() == 0:
        return X.clone(), torch.zeros((), dtype=torch.int64, device=X.device)
    # Paddle's CPU kernel is a stable sort in either direction; torch's stable=True matches it.
    v, i = torch.sort(X, dim=axis, descending=descending, stable=True)
    return v, i


ARGSORT = defop("argsort", _argsort_kernel, outputs=("Out", "Indices"),
                attrs={"axis": -1, "descending": False, "stable": False}, api="paddle.argsort")


def _sort_axis(x, axis):
    axis = _int(axis)
    nd = len(x.shape)
    if nd and not -nd <= axis < nd:
        raise invalid_argument(f"'axis'({axis}) must be less than num_dims({nd}).\n  [Hint: Expected "
                               f"axis < num_dims, but received axis:{axis} >= num_dims:{nd}.]")
    return axis


def argsort(x, axis=-1, descending=False, stable=False, name=None):
    """paddle.argsort(x, axis=-1, descending=False, stable=False, name=None): int64 indices that sort
    x along `axis` (ties keep their order)."""
    axis = _sort_axis(x, axis)
    return apply_op(ARGSORT, (x,), {"axis": axis, "descending": bool(descending),
                                    "stable": bool(stable)})[1]


def sort(x, axis=-1, descending=False, stable=False, name=None):
    """paddle.sort(x, axis=-1, descending=False, stable=False, name=None): sorted values."""
    axis = _sort_axis(x, axis)
    return apply_op(ARGSORT, (x,), {"axis": axis, "descending": bool(descending),
                                    "stable": bool(stable)})[0]


# ---- unique ------------------------------------------------------------------------------------
def _unique_kernel(X, dtype="int64", return_index=False, return_inverse=False,
                   return_counts=False, axis=(), is_sorted=True):
    it = to_dtype(dtype).torch
    if not axis:
        flat = X.reshape(-1)
        out, inverse, counts = torch.unique(flat, sorted=True, return_inverse=True,
                                            return_counts=True)
        n = flat.shape[0]
    else:
        out, inverse, counts = torch.unique(X, sorted=True, return_inverse=True,
                                            return_counts=True, dim=axis[0])
        n = X.shape[axis[0]]
    # First occurrence of each unique value: the smallest position mapping to it.
    pos = torch.arange(n, device=X.device)
    index = torch.full((out.shape[axis[0]] if axis else out.shape[0],), n, dtype=torch.int64,
                       device=X.device).scatter_reduce(0, inverse.reshape(-1), pos, "amin")
    return out, index.to(it), inverse.reshape(-1).to(it), counts.to(it)


UNIQUE = defop("unique", _unique_kernel, outputs=("Out", "Indices", "Index", "Counts"),
               attrs={"dtype": "int64", "return_index": False, "return_inverse": False,
                      "return_counts": False, "axis": [], "is_sorted": True}, api="paddle.unique")


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", name=None):
    """paddle.unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
    dtype='int64', name=None): sorted unique values (of the flattened x, or slices along axis),
    then the requested first-index / inverse / counts tensors (of `dtype`), as a tuple when any is
    requested."""
    dt = to_dtype(dtype).short
    if dt not in ("int32", "int64"):
        raise TypeError(f"The data type of 'dtype' in unique must be ['int32', 'int64'], but "
                        f"received {dt}. ")
    axes = []
    if axis is not None:
        nd = len(x.shape)
        a = _int(axis)
        if not -nd <= a < nd:
            raise invalid_argument(f"The axis is expected to be in range of [{-nd}, {nd}), but got "
                                   f"{a}")
        axes = [a % nd]
    out, index, inverse, counts = apply_op(UNIQUE, (x,), {
        "dtype": dt, "return_index": bool(return_index), "return_inverse": bool(return_inverse),
        "return_counts": bool(return_counts), "axis": axes, "is_sorted": True})
    extra = [t for t, want in ((index, return_index), (inverse, return_inverse),
                               (counts, return_counts)) if want]
    return tuple([out] + extra) if extra else out


_MODE = defop("mode", lambda x, axis=-1, keepdim=False: tuple(torch.mode(x, axis, keepdim)),
              outputs=("Out", "Indices"), attrs={"axis": -1, "keepdim": False},
              api="paddle.mode")


def _kthvalue(x, k=1, axis=-1, keepdim=False):
    # Paddle picks the k-th of a stable sort, so among equal values the later index wins where
    # torch.kthvalue may report another one.
    values, indices = torch.sort(x, dim=axis, stable=True)
    values, indices = values.narrow(axis, k - 1, 1), indices.narrow(axis, k - 1, 1)
    if not keepdim:
        values, indices = values.squeeze(axis), indices.squeeze(axis)
    return values, indices


_KTH = defop("kthvalue", _kthvalue, outputs=("Out", "Indices"),
             attrs={"k": 1, "axis": -1, "keepdim": False}, api="paddle.kthvalue")


def mode(x, axis=-1, keepdim=False, name=None):
    """paddle.mode(x, axis=-1, keepdim=False): most frequent value and its index.

    Differences from Paddle: for ties torch may report another index of the same value."""
    return apply_op(_MODE, (x,), {"axis": axis, "keepdim": keepdim})


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """paddle.kthvalue(x, k, axis=None, keepdim=False): k-th smallest value and its index."""
    ax = -1 if axis is None else axis
    if k < 1:
        raise ValueError(f"(InvalidArgument) the k in the kthvalue must >= 1, but received {k} .")
    if x.ndim and k > x.shape[ax]:
        raise ValueError(f"(InvalidArgument) input of kthvalue must have >= {k} columns in axis "
                         f"of {ax % x.ndim}")
    return apply_op(_KTH, (x,), {"k": k, "axis": -1 if axis is None else axis,
                                 "keepdim": keepdim})


def _arg_kernel(fn):
    # Paddle's kernels compare with `>` / `<`, so NaN never wins: it counts as -inf for argmax and
    # +inf for argmin (torch picks the NaN).
    fill = float("-inf") if fn is torch.argmax else float("inf")

    def kernel(x, axis=-1, keepdims=False, flatten=False, dtype=torch.int64):
        if x.is_floating_point():
            x = torch.where(torch.isnan(x), fill, x)
        if flatten:
            out = fn(x.reshape(-1), 0)
            if keepdims:
                out = out.reshape([1] * x.dim())
        else:
            out = fn(x, axis, keepdims)
        return out.to(dtype)
    return kernel


_ARG_OPS = {
    "argmax": defop("arg_max", _arg_kernel(torch.argmax),
                    attrs={"axis": -1, "keepdims": False, "flatten": False, "dtype": torch.int64},
                    api="paddle.argmax"),
    "argmin": defop("arg_min", _arg_kernel(torch.argmin),
                    attrs={"axis": -1, "keepdims": False, "flatten": False, "dtype": torch.int64},
                    api="paddle.argmin"),
}


def _arg(name, x, axis, keepdim, dtype):
    check_tensor_arg(x, name, "x", 0)
    if dtype is None or to_dtype(dtype).short not in ("int32", "int64"):
        d = "UNDEFINED" if dtype is None else from_torch_dtype(to_dtype(dtype).torch).short
        raise invalid_argument(f"The attribute of dtype in argmin/argmax must be [int32] or "
                               f"[int64], but received [{d}]")
    if axis is None:
        attrs = {"axis": -1, "keepdims": bool(keepdim), "flatten": True}
    else:
        if isinstance(axis, float):
            axis = int(axis)
        rank = x.ndim
        if not isinstance(axis, int):
            raise TypeError(f"The type of 'axis'  must be int or None in {name}, but received "
                            f"{type(axis)}.")
        if axis >= builtins.max(rank, 1):
            raise invalid_argument(f"'axis'({axis}) must be less than Rank(X)({rank}) of Input(X).")
        if axis < -builtins.max(rank, 1):
            raise invalid_argument(f"'axis'({axis}) must be greater than or equal to -Rank(X)"
                                   f"({-rank}).")
        attrs = {"axis": axis if rank else -1, "keepdims": bool(keepdim), "flatten": rank == 0}
    attrs["dtype"] = to_dtype(dtype).torch
    return apply_op(_ARG_OPS[name], (x,), attrs)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    """paddle.argmax(x, axis=None, keepdim=False, dtype='int64'): index of the max (first of ties);
    axis None flattens. dtype must be int32 or int64 (Paddle's ValueError otherwise)."""
    return _arg("argmax", x, axis, keepdim, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    """paddle.argmin(x, axis=None, keepdim=False, dtype='int64'): index of the min (first of ties)."""
    return _arg("argmin", x, axis, keepdim, dtype)


# ---- searchsorted, bucketize, msort -----------------------------------------------------------


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
        sorted_sequence = take_along_axis(sorted_sequence, sorter, -1)
    return _out(apply_op(_SEARCHSORTED, (sorted_sequence, values),
                            {"out_int32": out_int32, "right": right}), out)


def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None):
    """paddle.bucketize(x, sorted_sequence, out_int32=False, right=False)."""
    return searchsorted(sorted_sequence, x, out_int32=out_int32, right=right)


def msort(input, name=None, *, out=None):
    """paddle.msort(input, *, out=None): sorted along axis 0 (written into `out` when given)."""
    return _out(METHODS["sort"](input, axis=0), out)


def _attach():
    attach({n: globals()[n] for n in ("where", "where_", "masked_select", "masked_fill",
                                      "masked_fill_", "nonzero", "index_select", "topk", "sort",
                                      "argsort", "unique", "argmax", "argmin")})
    # x.searchsorted() does not exist on Paddle's Tensor
    attach({k: v for k, v in {"mode": mode, "kthvalue": kthvalue, "bucketize": bucketize,
                              "msort": msort}.items() if k not in METHODS})


_attach()


# ---- newer functions of tensor/search.py (Paddle 3.x) --------------------------------------------
def argwhere(input):
    """paddle.argwhere(input): the int64 coordinates [N, rank] of the non-zero entries (as
    paddle.nonzero(input))."""
    return nonzero(input)


def _index_sample(x, index):
    return torch.gather(x, 1, index.long())


_INDEX_SAMPLE = defop("index_sample", _index_sample, inputs=("X", "Index"),
                      api="paddle.index_sample")


def index_sample(x, index):
    """paddle.index_sample(x, index): out[i, j] = x[i, index[i, j]] for 2-D x and an int32/int64
    2-D index with x's number of rows."""
    if len(x.shape) != 2 or len(index.shape) != 2:
        raise ValueError("(InvalidArgument) Inputs(X) and Inputs(Index) of IndexSampleOp should "
                         "be 2-D.")
    if index.dtype.short not in ("int32", "int64"):
        raise invalid_argument(f"Input(Index) holds the wrong type, it holds {index.dtype.short}, "
                               "but desires to be int32 or int64")
    if x.shape[0] != index.shape[0]:
        raise ValueError("(InvalidArgument) Inputs(X)'s value of dimension 0 should be equal to "
                         "Inputs(Index)'s value of dimension 0.")
    return apply_op(_INDEX_SAMPLE, (x, index))


__all__ += ["argwhere", "index_sample"]
attach({n: globals()[n] for n in ("argwhere", "index_sample") if n not in METHODS})
