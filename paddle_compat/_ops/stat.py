"""Reductions: paddle.sum, mean, max, min, amax, amin, prod, argmax, argmin, std, var, median,
nansum, nanmean, all, any, count_nonzero (and the Tensor methods of the same names).

`axis` is None (all axes), an int, a list/tuple of ints, or a Tensor; an empty list means all axes.
Dtype rules (Paddle 3.3.1, recorded in conformance/goldens/ops_math.json): sum of bool/int32 gives
int64; mean of an int tensor keeps its dtype (truncated: mean([3, -4]) is 0); prod keeps int32;
max/min/prod of bool raise Paddle's kernel-not-registered RuntimeError; var of an int tensor stays
integer (Paddle's composite formula in integer arithmetic), std and median of ints give float32;
an unbiased var/std over one float element is NaN, as in Paddle.

Differences from Paddle: std/var/median/nansum/nanmean/count_nonzero are composite Python functions
in Paddle; here each is one op record (types `std`, `var`, `median`, ...).
"""
import builtins

import torch

from .._dtype import from_torch_dtype, to_dtype
from .._mode import STATE
from .._tensor import Tensor, wrap
from .._tensor_methods import attach
from ._checks import check_axis, check_tensor_arg, invalid_argument, normalize_axis
from .registry import apply_op, defop

__all__ = ["sum", "mean", "max", "min", "amax", "amin", "prod", "argmax", "argmin", "std", "var",
           "median", "nansum", "nanmean", "all", "any", "count_nonzero"]

_REDUCE_ATTRS = {"dim": None, "keep_dim": False, "reduce_all": True}


def _dims(x, dim, reduce_all):
    if reduce_all or dim is None:
        return tuple(range(x.dim()))
    return dim


def _no_bool(x, kernel):
    if x.dtype is torch.bool:
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), bool) of "
                           f"kernel `{kernel}` is not registered. Selected wrong DataType `bool`.")


def _sum_kernel(x, dim=None, keep_dim=False, reduce_all=False, out_dtype=None):
    if out_dtype is None and not keep_dim and (reduce_all or dim is None):
        return torch.sum(x)   # the common x.sum(): one torch call
    return torch.sum(x, _dims(x, dim, reduce_all), keep_dim, dtype=out_dtype)


def _mean_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    if x.is_floating_point() or x.is_complex():
        if dim is None or reduce_all:
            return torch.mean(x) if not keep_dim else torch.mean(x, tuple(range(x.dim())), True)
        return torch.mean(x, dim, keep_dim)
    d = _dims(x, dim, reduce_all)
    # Paddle keeps an integer/bool dtype and truncates: mean([3, -4]) -> 0
    return torch.mean(x.to(torch.float64), d, keep_dim).to(x.dtype)


def _max_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    _no_bool(x, "max")
    return torch.amax(x, _dims(x, dim, reduce_all), keep_dim)


def _min_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    _no_bool(x, "min")
    return torch.amin(x, _dims(x, dim, reduce_all), keep_dim)


def _prod_kernel(x, dim=None, keep_dim=False, reduce_all=False, out_dtype=None):
    _no_bool(x, "prod")
    out = x.to(out_dtype) if out_dtype is not None else x
    for d in sorted(_dims(x, dim, reduce_all), reverse=True):
        out = torch.prod(out, d, keep_dim)
    return out.to(out_dtype or x.dtype)   # torch widens int32 to int64; Paddle keeps int32


def _all_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    return torch.all(x.to(torch.bool), _dims(x, dim, reduce_all), keep_dim)


def _any_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    return torch.any(x.to(torch.bool), _dims(x, dim, reduce_all), keep_dim)


def _nansum_kernel(x, dim=None, keep_dim=False, reduce_all=False, out_dtype=None):
    return torch.nansum(x, _dims(x, dim, reduce_all), keep_dim, dtype=out_dtype)


def _nanmean_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    return torch.nanmean(x, _dims(x, dim, reduce_all), keep_dim)


def _count_nonzero_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    out = torch.sum(x != 0, _dims(x, dim, reduce_all), keep_dim, dtype=torch.int64)
    return out


def _var_kernel(x, dim=None, keep_dim=False, reduce_all=False, unbiased=True, sqrt=False):
    d = _dims(x, dim, reduce_all)
    floating = x.is_floating_point() or x.is_complex()
    u = torch.mean(x if floating else x.to(torch.float64), d, True)
    if not floating:
        u = u.to(x.dtype)       # Paddle's integer mean truncates
    diff = x - u
    out = torch.sum(diff * diff, d, keep_dim)
    n = builtins.max(x.numel(), 1) // builtins.max(out.numel(), 1)
    if unbiased:
        n = n - 1                 # a single element gives NaN (0/0) for floats, as in Paddle
    if floating:
        out = out / n if n else out / 0.0
    else:
        out = torch.div(out, builtins.max(n, 1), rounding_mode="trunc")
    if sqrt:
        return torch.sqrt(out if floating else out.to(torch.float32))
    return out


def _median_kernel(x, dim=None, keep_dim=False, reduce_all=False, mode="avg"):
    floating = x.is_floating_point()
    if dim is None or reduce_all:
        flat = x.reshape(-1)
        src, axis = flat, 0
    else:
        src, axis = x, dim[0]
    n = src.shape[axis]
    sorted_vals, sorted_idx = torch.sort(src, axis)
    lo = (n - 1) // 2
    low = sorted_vals.narrow(axis, lo, 1)
    if mode == "min":
        values, idx = low, sorted_idx.narrow(axis, lo, 1)
        if not keep_dim:
            values, idx = values.squeeze(axis), idx.squeeze(axis)
        elif dim is None or reduce_all:
            values = values.reshape([1] * x.dim())
            idx = idx.reshape([1] * x.dim())
        return values, idx
    high = sorted_vals.narrow(axis, n // 2, 1)
    calc = low if floating else low.to(torch.float32)
    out = (calc + (high if floating else high.to(torch.float32))) / 2
    if not keep_dim:
        return out.squeeze(axis)
    if dim is None or reduce_all:
        return out.reshape([1] * x.dim())
    return out


def _arg_kernel(fn):
    def kernel(x, axis=-1, keepdims=False, flatten=False, dtype=torch.int64):
        if flatten:
            out = fn(x.reshape(-1), 0)
            if keepdims:
                out = out.reshape([1] * x.dim())
        else:
            out = fn(x, axis, keepdims)
        return out.to(dtype)
    return kernel


_OPS = {
    "sum": defop("reduce_sum", _sum_kernel, attrs=dict(_REDUCE_ATTRS, out_dtype=None),
                 api="paddle.sum"),
    "mean": defop("reduce_mean", _mean_kernel, attrs=_REDUCE_ATTRS, api="paddle.mean"),
    "max": defop("reduce_max", _max_kernel, attrs=_REDUCE_ATTRS, api="paddle.max"),
    "min": defop("reduce_min", _min_kernel, attrs=_REDUCE_ATTRS, api="paddle.min"),
    "amax": defop("reduce_amax", _max_kernel, attrs=_REDUCE_ATTRS, api="paddle.amax"),
    "amin": defop("reduce_amin", _min_kernel, attrs=_REDUCE_ATTRS, api="paddle.amin"),
    "prod": defop("reduce_prod", _prod_kernel, attrs=dict(_REDUCE_ATTRS, out_dtype=None),
                  api="paddle.prod"),
    "all": defop("reduce_all", _all_kernel, attrs=_REDUCE_ATTRS, api="paddle.all"),
    "any": defop("reduce_any", _any_kernel, attrs=_REDUCE_ATTRS, api="paddle.any"),
    "nansum": defop("nansum", _nansum_kernel, attrs=dict(_REDUCE_ATTRS, out_dtype=None),
                    api="paddle.nansum"),
    "nanmean": defop("nanmean", _nanmean_kernel, attrs=_REDUCE_ATTRS, api="paddle.nanmean"),
    "count_nonzero": defop("count_nonzero", _count_nonzero_kernel, attrs=_REDUCE_ATTRS,
                           api="paddle.count_nonzero"),
    "var": defop("var", _var_kernel, attrs=dict(_REDUCE_ATTRS, unbiased=True, sqrt=False),
                 api="paddle.var"),
    "median": defop("median", _median_kernel, outputs=("Out", "MedianIndex"),
                    attrs=dict(_REDUCE_ATTRS, mode="avg"), api="paddle.median"),
    "argmax": defop("arg_max", _arg_kernel(torch.argmax),
                    attrs={"axis": -1, "keepdims": False, "flatten": False, "dtype": torch.int64},
                    api="paddle.argmax"),
    "argmin": defop("arg_min", _arg_kernel(torch.argmin),
                    attrs={"axis": -1, "keepdims": False, "flatten": False, "dtype": torch.int64},
                    api="paddle.argmin"),
}
_MEDIAN_AVG = defop("median_avg", _median_kernel, attrs=dict(_REDUCE_ATTRS, mode="avg"),
                    api="paddle.median")


def _attrs(x, axis, keepdim, api, position=1):
    if axis is None and not keepdim:
        return _REDUCE_ATTRS      # the common x.sum() / x.mean(): a shared constant
    check_axis(axis, api, position)
    _check_reduce_dims(axis, x.ndim)
    dims = normalize_axis(axis, x.ndim)
    return {"dim": dims, "keep_dim": bool(keepdim), "reduce_all": dims is None}


def _check_reduce_dims(axis, rank):
    """Paddle's reduce infermeta message for an axis out of [-rank, rank)."""
    if isinstance(axis, (list, tuple)):
        items = axis
    elif isinstance(axis, int):
        items = [axis]
    else:
        return
    rank = builtins.max(rank, 1)
    for i, a in enumerate(items):
        a = int(a)
        if a >= rank:
            raise invalid_argument(f"The reduce dim index {i} should be in the range [ "
                                   f"-dimension(X), dimension(X) ) which dimension = {rank}. But "
                                   f"received dim index = {a}.")
        if a < -rank:
            raise invalid_argument(f"The reduce dim index {i} should be in the range [ "
                                   f"-dimension(X), dimension(X) )  which dimension = {rank}. But "
                                   f"received dim index = {a}.")


def _reduce(name, x, axis, keepdim, position=1, extra=None):
    attrs = _attrs(x, axis, keepdim, name, position)
    if extra:
        attrs = dict(attrs, **extra)
    return apply_op(_OPS[name], (x,), attrs)


def sum(x, axis=None, dtype=None, keepdim=False, name=None, *, out=None):
    """paddle.sum(x, axis=None, dtype=None, keepdim=False): bool and int32 inputs give int64."""
    if axis is None and dtype is None and not keepdim and out is None and type(x) is Tensor \
            and not STATE.static:
        return wrap(torch.sum(x._t))    # dynamic fast path of the commonest call, x.sum()
    extra = None if dtype is None else {"out_dtype": to_dtype(dtype).torch}
    return _out(_reduce("sum", x, axis, keepdim, 2, extra), out)


def _out(result, out):
    if out is None:
        return result
    out._t = result._t
    return out


def mean(x, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """paddle.mean(x, axis=None, keepdim=False): an int tensor keeps its dtype (truncated mean)."""
    if type(x) is Tensor and not STATE.static and dtype is None and out is None:
        t = x._t
        if axis is None and not keepdim:
            return wrap(_mean_kernel(t))
        if type(axis) is int and -t.dim() <= axis < builtins.max(t.dim(), 1):
            return wrap(_mean_kernel(t, (axis % builtins.max(t.dim(), 1),), bool(keepdim)))
    if dtype is not None:
        from .math import cast
        x = cast(x, dtype)
    return _out(_reduce("mean", x, axis, keepdim), out)


def max(x, axis=None, keepdim=False, name=None):
    """paddle.max(x, axis=None, keepdim=False): the maximum over `axis`."""
    return _reduce("max", x, axis, keepdim)


def min(x, axis=None, keepdim=False, name=None):
    """paddle.min(x, axis=None, keepdim=False): the minimum over `axis`."""
    return _reduce("min", x, axis, keepdim)


def amax(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.amax(x, axis=None, keepdim=False): like max; ties share the gradient equally."""
    return _out(_reduce("amax", x, axis, keepdim), out)


def amin(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.amin(x, axis=None, keepdim=False): like min; ties share the gradient equally."""
    return _out(_reduce("amin", x, axis, keepdim), out)


def prod(x, axis=None, keepdim=False, dtype=None, out=None, name=None):
    """paddle.prod(x, axis=None, keepdim=False, dtype=None): the product; int32 stays int32."""
    extra = None if dtype is None else {"out_dtype": to_dtype(dtype).torch}
    return _out(_reduce("prod", x, axis, keepdim, 1, extra), out)


def all(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.all(x, axis=None, keepdim=False): logical AND over `axis` (any dtype; result bool)."""
    return _out(_reduce("all", x, axis, keepdim), out)


def any(x, axis=None, keepdim=False, name=None, *, out=None):
    """paddle.any(x, axis=None, keepdim=False): logical OR over `axis` (any dtype; result bool)."""
    return _out(_reduce("any", x, axis, keepdim), out)


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """paddle.nansum(x, axis=None, dtype=None, keepdim=False): sum treating NaN as zero."""
    extra = None if dtype is None else {"out_dtype": to_dtype(dtype).torch}
    return _reduce("nansum", x, axis, keepdim, 1, extra)


def nanmean(x, axis=None, keepdim=False, name=None):
    """paddle.nanmean(x, axis=None, keepdim=False): mean over the non-NaN values."""
    return _reduce("nanmean", x, axis, keepdim)


def count_nonzero(x, axis=None, keepdim=False, name=None):
    """paddle.count_nonzero(x, axis=None, keepdim=False): the number of non-zeros (int64)."""
    return _reduce("count_nonzero", x, axis, keepdim)


def var(x, axis=None, unbiased=None, keepdim=False, name=None, *, correction=1, out=None):
    """paddle.var(x, axis=None, unbiased=None, keepdim=False, correction=1): the variance.

    `unbiased` (default: correction == 1) divides by N-1 (NaN for a single float element).
    Differences from Paddle: `correction` other than 0 or 1 raises NotImplementedError.
    """
    if unbiased is None:
        if correction not in (0, 1):
            raise NotImplementedError("paddle.var: correction other than 0 or 1 is not supported; "
                                      "use unbiased=True/False")
        unbiased = correction == 1
    return _out(_reduce("var", x, axis, keepdim, 1, {"unbiased": bool(unbiased)}), out)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """paddle.std(x, axis=None, unbiased=True, keepdim=False): sqrt(var); int input -> float32."""
    return _reduce("var", x, axis, keepdim, 1, {"unbiased": bool(unbiased), "sqrt": True})


def median(x, axis=None, keepdim=False, mode="avg", name=None, *, out=None):
    """paddle.median(x, axis=None, keepdim=False, mode='avg'): the median over one axis (or all).

    mode 'avg' averages the two middle values (int input -> float32); mode 'min' takes the lower
    one and, with an axis, also returns its indices, as Paddle does.
    """
    check_tensor_arg(x, "median", "x", 0)
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")
    if axis is not None and not isinstance(axis, int):
        raise ValueError("In median, the axis should be none or an integer.")
    dims = None if axis is None else normalize_axis(axis, x.ndim)
    attrs = {"dim": dims, "keep_dim": bool(keepdim), "reduce_all": dims is None, "mode": mode}
    if mode == "avg":
        return _out(apply_op(_MEDIAN_AVG, (x,), attrs), out)
    values, idx = apply_op(_OPS["median"], (x,), attrs)
    return values if axis is None else (values, idx)


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
    return apply_op(_OPS[name], (x,), attrs)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    """paddle.argmax(x, axis=None, keepdim=False, dtype='int64'): index of the max (first of ties);
    axis None flattens. dtype must be int32 or int64 (Paddle's ValueError otherwise)."""
    return _arg("argmax", x, axis, keepdim, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    """paddle.argmin(x, axis=None, keepdim=False, dtype='int64'): index of the min (first of ties)."""
    return _arg("argmin", x, axis, keepdim, dtype)


attach({name: globals()[name] for name in __all__})
