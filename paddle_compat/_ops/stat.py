"""Statistics (Paddle: tensor/stat.py): paddle.mean, var, std, median, quantile, nanquantile, numel (and
the Tensor methods of the same names).

`axis` is None (all axes), an int, a list/tuple of ints, or a Tensor; an empty list means all axes.
mean/var/std/median are reduce ops over math.py's reduce machinery (`_reduce` with this file's op
table). Dtype rules (Paddle 3.3.1, recorded in conformance/goldens/ops_math.json): mean of an int
tensor keeps its dtype (truncated: mean([3, -4]) is 0); var of an int tensor stays integer (Paddle's
composite formula in integer arithmetic), std and median of ints give float32; an unbiased var/std
over one float element is NaN, as in Paddle.

Differences from Paddle: std/var/median are composite Python functions in Paddle; here each is one op
record (types `var`, `median`, ...).
"""
import builtins

import torch

from .._mode import STATE
from .._tensor import Tensor, wrap
from .._tensor_methods import METHODS, attach
from ._checks import check_tensor_arg, normalize_axis
from .math import _REDUCE_ATTRS, _dims, _reduce, cast
from .reduce_order import paddle_mean
from .registry import apply_op, defop
from .registry import write_out as _out

__all__ = ["mean", "var", "std", "median", "quantile", "nanquantile", "numel"]


def _mean_kernel(x, dim=None, keep_dim=False, reduce_all=False):
    # CPU float means add in Paddle's order (reduce_order.py); None: torch's order
    exact = paddle_mean(x, None if reduce_all or dim is None else dim, keep_dim)
    if exact is not None:
        return exact
    if x.is_floating_point() or x.is_complex():
        if dim is None or reduce_all:
            return torch.mean(x) if not keep_dim else torch.mean(x, tuple(range(x.dim())), True)
        return torch.mean(x, dim, keep_dim)
    d = _dims(x, dim, reduce_all)
    # Paddle keeps an integer/bool dtype and truncates: mean([3, -4]) -> 0
    return torch.mean(x.to(torch.float64), d, keep_dim).to(x.dtype)


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
    if floating:        # Paddle's median of a slice holding NaN is NaN (torch sorts NaN last)
        has_nan = torch.isnan(src).any(axis, keepdim=True)
        low = torch.where(has_nan, float("nan"), low)
    if mode == "min":
        values, idx = low, sorted_idx.narrow(axis, lo, 1)
        if floating:    # a NaN slice reports its first NaN's index (Paddle's kernel)
            first_nan = torch.isnan(src).to(torch.uint8).argmax(axis, keepdim=True)
            idx = torch.where(has_nan, first_nan, idx)
        if not keep_dim:
            values, idx = values.squeeze(axis), idx.squeeze(axis)
        elif dim is None or reduce_all:
            values = values.reshape([1] * x.dim())
            idx = idx.reshape([1] * x.dim())
        return values, idx
    high = sorted_vals.narrow(axis, n // 2, 1)
    if floating:
        high = torch.where(has_nan, float("nan"), high)
    calc = low if floating else low.to(torch.float32)
    out = (calc + (high if floating else high.to(torch.float32))) / 2
    if not keep_dim:
        return out.squeeze(axis)
    if dim is None or reduce_all:
        return out.reshape([1] * x.dim())
    return out


_STAT_OPS = {
    "mean": defop("reduce_mean", _mean_kernel, attrs=_REDUCE_ATTRS, api="paddle.mean"),
    "var": defop("var", _var_kernel, attrs=dict(_REDUCE_ATTRS, unbiased=True, sqrt=False),
                 api="paddle.var"),
    "median": defop("median", _median_kernel, outputs=("Out", "MedianIndex"),
                    attrs=dict(_REDUCE_ATTRS, mode="avg"), api="paddle.median"),
}
# Paddle's `mean` op (PIR: mean_all), the mean of every element: what Paddle's loss functions
# call (_C_ops.mean_all) where paddle.mean would record reduce_mean
MEAN_ALL = defop("mean", lambda X: _mean_kernel(X), api="paddle.mean",
                 notes="recorded by the losses whose Paddle code calls mean_all (PIR static)")
_MEDIAN_AVG = defop("median_avg", _median_kernel, attrs=dict(_REDUCE_ATTRS, mode="avg"),
                    api="paddle.median")


def mean(x, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """paddle.mean(x, axis=None, keepdim=False): an int tensor keeps its dtype (truncated mean)."""
    if type(x) is Tensor and not STATE.observed and dtype is None and out is None:
        t = x._t
        if axis is None and not keepdim:
            return wrap(_mean_kernel(t))
        if type(axis) is int and -t.dim() <= axis < builtins.max(t.dim(), 1):
            return wrap(_mean_kernel(t, (axis % builtins.max(t.dim(), 1),), bool(keepdim)))
    if dtype is not None:
        x = cast(x, dtype)
    return _out(_reduce("mean", x, axis, keepdim, ops=_STAT_OPS), out)


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
    return _out(_reduce("var", x, axis, keepdim, 1, {"unbiased": bool(unbiased)},
                        ops=_STAT_OPS), out)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """paddle.std(x, axis=None, unbiased=True, keepdim=False): sqrt(var); int input -> float32."""
    return _reduce("var", x, axis, keepdim, 1, {"unbiased": bool(unbiased), "sqrt": True},
                   ops=_STAT_OPS)


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
    values, idx = apply_op(_STAT_OPS["median"], (x,), attrs)
    return values if axis is None else (values, idx)



def _quantile(x, q=(), axis=None, keepdim=False, interpolation="linear", ignore_nan=False):
    qt = torch.tensor(q, dtype=x.dtype, device=x.device)
    fn = torch.nanquantile if ignore_nan else torch.quantile
    if axis is None:
        out = fn(x.reshape(-1), qt, dim=0, keepdim=False, interpolation=interpolation)
        if keepdim:
            out = out.reshape(out.shape[:1] + (1,) * x.dim())
    elif isinstance(axis, (list, tuple)):
        axes = sorted(a % x.dim() for a in axis)
        rest = [d for d in range(x.dim()) if d not in axes]
        moved = x.permute(rest + axes).reshape([x.shape[d] for d in rest] + [-1])
        out = fn(moved, qt, dim=-1, interpolation=interpolation)
        if keepdim:
            shape = list(x.shape)
            for a in axes:
                shape[a] = 1
            out = out.reshape([len(q)] + shape)
    else:
        out = fn(x, qt, dim=axis, keepdim=keepdim, interpolation=interpolation)
    return out


_QUANTILE = defop("quantile", _quantile, attrs={"q": [], "axis": None, "keepdim": False,
                                                  "interpolation": "linear", "ignore_nan": False},
                  api="paddle.quantile")


_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile_call(x, q, axis, keepdim, interpolation, ignore_nan):
    # Paddle's _compute_quantile: checks in its order; one quantile (a number, or a list / tensor
    # of one) gives the unstacked result, several are stacked on a new axis 0.
    if isinstance(q, (int, float)):
        qs = [float(q)]
    elif isinstance(q, (list, tuple)):
        if len(q) <= 0:
            raise ValueError("q should not be empty")
        qs = [float(v) for v in q]
    elif isinstance(q, Tensor):
        if q.ndim > 1:
            raise ValueError("q should be a 0-D tensor or a 1-D tensor")
        qs = [float(v) for v in q.numpy().reshape(-1)]
    else:
        raise TypeError("Type of q should be int, float, list or tuple, or tensor")
    for v in qs:
        if v < 0 or v > 1:
            raise ValueError("q should be in range [0, 1]")
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"interpolation must be one of 'linear', 'lower', 'higher', 'nearest' or "
                         f"'midpoint', but got {interpolation}")
    nd = x.ndim
    for a in (axis if isinstance(axis, list) else [] if axis is None else [axis]):
        if not isinstance(a, int) or not -nd <= a < nd:
            raise ValueError("Axis should be None, int, or a list, element should in range "
                             "[-rank(x), rank(x)).")
    out = apply_op(_QUANTILE, (x,), {"q": qs, "axis": axis, "keepdim": keepdim,
                                     "interpolation": interpolation, "ignore_nan": ignore_nan})
    return out[0] if len(qs) == 1 else out


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """paddle.quantile(x, q, axis=None, keepdim=False, interpolation='linear')."""
    return _out(_quantile_call(x, q, axis, keepdim, interpolation, False), out)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None):
    """paddle.nanquantile(x, q, axis=None, keepdim=False, interpolation='linear'): NaNs ignored."""
    return _quantile_call(x, q, axis, keepdim, interpolation, True)


# ---- metadata ops ------------------------------------------------------------------------------
_SIZE = defop("size", lambda x: torch.tensor(x.numel(), dtype=torch.int64, device=x.device),
              inputs=("Input",), api="paddle.numel")


def numel(x, name=None):
    """paddle.numel(x): the element count as an int64 0-D tensor."""
    return apply_op(_SIZE, (x,))


def _attach():
    attach({"mean": mean, "var": var, "std": std, "median": median})
    attach({k: v for k, v in {"quantile": quantile, "nanquantile": nanquantile}.items()
            if k not in METHODS})


_attach()


# ---- nanmedian (Paddle 3.x) -----------------------------------------------------------------------
def _nanmedian_kernel(x, dim=None, keep_dim=False, mode="avg"):
    if isinstance(dim, (list, tuple)):      # several axes: moved last and flattened into one
        axes = sorted(dim)
        rest = [d for d in range(x.dim()) if d not in axes]
        moved = x.permute(rest + axes).reshape([x.shape[d] for d in rest] + [-1])
        val, idx = _nanmedian_kernel(moved, len(rest), False, mode)
        if keep_dim:
            for a in axes:
                val, idx = val.unsqueeze(a), idx.unsqueeze(a)
        return val, idx
    src = x.reshape(-1) if dim is None else x.movedim(dim, -1)
    s, order = torch.sort(src, dim=-1)                  # NaNs sort last
    n = (~torch.isnan(src)).sum(-1, keepdim=True)
    lo = ((n - 1).clamp(min=0) // 2)
    lo_v = torch.gather(s, -1, lo)
    if mode == "avg":
        hi_v = torch.gather(s, -1, (n // 2).clamp(max=s.shape[-1] - 1))
        # an integer tensor keeps its dtype (Paddle's kernel halves in the input type)
        val = (lo_v + hi_v) / 2 if s.is_floating_point() else torch.div(
            lo_v + hi_v, 2, rounding_mode="trunc")
    else:
        val = lo_v
    if val.is_floating_point():
        val = torch.where(n == 0, torch.full_like(val, float("nan")), val)
    idx = torch.gather(order, -1, lo)
    val, idx = val.squeeze(-1), idx.squeeze(-1)
    if keep_dim:
        if dim is None:
            val, idx = val.reshape([1] * x.dim()), idx.reshape([1] * x.dim())
        else:
            val, idx = val.unsqueeze(dim), idx.unsqueeze(dim)
    return val, idx


_NANMEDIAN = defop("nanmedian", _nanmedian_kernel, outputs=("Out", "MedianIndex"),
                   attrs={"dim": None, "keep_dim": False, "mode": "avg"}, api="paddle.nanmedian")


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """paddle.nanmedian(x, axis=None, keepdim=False, mode='avg'): the median ignoring NaNs (NaN
    where a slice is all NaN). mode 'min' takes the lower middle value and, with an axis, also
    returns its indices, as Paddle does.

    With a list of axes the median is over all of them together (values only, as in Paddle)."""
    check_tensor_arg(x, "nanmedian", "x", 0)
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")
    if x.dtype.short not in ("float16", "bfloat16", "float32", "float64", "int32", "int64"):
        raise TypeError("The data type of 'X' in nanmedian must be one of ['float16', "
                        "'float32', 'float64', 'int32', 'int64', 'uint16'], but received "
                        f"{x.dtype.short}.")
    several = isinstance(axis, (list, tuple))
    if several:
        dims = sorted({a % builtins.max(x.ndim, 1) for a in axis})
    else:
        dims = None if axis is None else axis % builtins.max(x.ndim, 1)
    values, idx = apply_op(_NANMEDIAN, (x,), {"dim": dims, "keep_dim": bool(keepdim),
                                              "mode": mode})
    return values if mode == "avg" or axis is None or several else (values, idx)


__all__ += ["nanmedian"]
attach({"nanmedian": nanmedian})
