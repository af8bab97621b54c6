"""paddle.compat's torch-style functions (Paddle: compat/__init__.py): max, min, median,
nanmedian, sort, split, unique, slogdet, equal, seed, with torch's signatures (`dim`, named-tuple
results). Passing the Paddle-style keywords (`axis`, `x`, `name`) raises Paddle's TypeError naming
the paddle.* function to use instead. Each is composed of paddle_compat's own ops, so gradients and
dtype rules are those ops'.
"""
import builtins
import collections

from .. import _random
from .._tensor import Tensor
from .._ops import creation as _creation
from .._ops import linalg as _linalg
from .._ops import manipulation as _manip
from .._ops import math as _math
from .._ops import search as _search
from .._ops import stat as _stat

__all__ = ["max", "min", "median", "nanmedian", "sort", "split", "unique", "slogdet", "equal",
           "seed", "MinMaxRetType", "MedianRetType", "SortRetType", "SlogdetResult"]

MinMaxRetType = collections.namedtuple("MinMaxRetType", ["values", "indices"])
MedianRetType = collections.namedtuple("MedianRetType", ["values", "indices"])
SortRetType = collections.namedtuple("SortRetType", ["values", "indices"])
SlogdetResult = collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
_PADDLE_KEYS = ("x", "axis", "name")


def _forbid(api, kwargs, allowed=()):
    for key in kwargs:
        if key in _PADDLE_KEYS:
            raise TypeError(f"paddle.compat.{api}() received unexpected keyword argument "
                            f"'{key}'. \nDid you mean to use paddle.{api}() instead?")
        if key not in allowed:
            raise TypeError(f"{api}() got an unexpected keyword argument '{key}'")


def _min_max(api, reduce, arg, pairwise, input, args, kwargs):
    _forbid(api, kwargs, ("dim", "keepdim", "other"))
    if "other" in kwargs or (args and isinstance(args[0], Tensor)):
        other = kwargs.get("other", args[0] if args else None)
        return pairwise(input, other)
    dim = kwargs.get("dim", args[0] if args else None)
    keepdim = kwargs.get("keepdim", args[1] if len(args) > 1 else False)
    if dim is None:
        return reduce(input)
    return MinMaxRetType(reduce(input, dim, keepdim), arg(input, dim, keepdim))


def max(input, *args, out=None, **kwargs):
    """paddle.compat.max(input), max(input, dim, keepdim=False), max(input, other): torch's max:
    the largest value; (values, indices) along dim (MinMaxRetType); or the elementwise maximum."""
    return _min_max("max", _math.max, _search.argmax, _math.maximum, input, args, kwargs)


def min(input, *args, out=None, **kwargs):
    """paddle.compat.min(input), min(input, dim, keepdim=False), min(input, other): torch's min."""
    return _min_max("min", _math.min, _search.argmin, _math.minimum, input, args, kwargs)


def _median(fn, api, input, dim, keepdim, kwargs, out=None):
    _forbid(api, kwargs)
    if dim is None:
        result = fn(input, mode="min")
        result = _manip.reshape(result, [1] * len(input.shape)) if keepdim else result
        if out is not None:
            _creation.assign(result, out)
            return out
        return result
    values, indices = fn(input, axis=dim, keepdim=keepdim, mode="min")
    if out is not None:
        # torch's out=(values, indices): both written in place, the pair returned
        _creation.assign(values, out[0])
        _creation.assign(indices, out[1])
        return MedianRetType(out[0], out[1])
    return MedianRetType(values, indices)


def median(input, dim=None, keepdim=False, *, out=None, **kwargs):
    """paddle.compat.median(input, dim=None, keepdim=False): torch's median, the LOWER middle
    value; with dim, (values, indices) as MedianRetType; `out` (a Tensor, or a (values,
    indices) pair with dim) receives the result."""
    return _median(_stat.median, "median", input, dim, keepdim, kwargs, out)


def nanmedian(input, dim=None, keepdim=False, *, out=None, **kwargs):
    """paddle.compat.nanmedian(input, dim=None, keepdim=False): median ignoring NaNs, torch's
    lower middle value; with dim, (values, indices) as MedianRetType; `out` as in median."""
    return _median(_stat.nanmedian, "nanmedian", input, dim, keepdim, kwargs, out)


def sort(input, dim=-1, descending=False, stable=False, out=None, **kwargs):
    """paddle.compat.sort(input, dim=-1, descending=False, stable=False): (values, indices) as
    SortRetType."""
    _forbid("sort", kwargs)
    values = _search.sort(input, axis=dim, descending=descending, stable=stable)
    indices = _search.argsort(input, axis=dim, descending=descending, stable=stable)
    return SortRetType(values, indices)


def split(tensor, split_size_or_sections, dim=0, **kwargs):
    """paddle.compat.split(tensor, split_size_or_sections, dim=0): torch's split, a tuple of pieces
    of split_size_or_sections elements each (the last one shorter), or of the listed sizes."""
    _forbid("split", kwargs)
    if isinstance(split_size_or_sections, int):
        size = tensor.shape[dim]
        step = split_size_or_sections
        sections = [step] * (size // step) + ([size % step] if size % step else [])
    else:
        sections = list(split_size_or_sections)
    return tuple(_manip.split(tensor, sections, axis=dim))


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """paddle.compat.unique(input, sorted=True, return_inverse=False, return_counts=False,
    dim=None): torch's unique (the values always come back sorted, as in Paddle)."""
    return _search.unique(input, return_inverse=return_inverse, return_counts=return_counts,
                          axis=dim)


def slogdet(x, out=None):
    """paddle.compat.slogdet(x): (sign, logabsdet) of the determinant as SlogdetResult."""
    both = _linalg.slogdet(x)
    sign, logabsdet = _manip.unbind(both, axis=0)
    return SlogdetResult(sign, logabsdet)


def equal(input, other):
    """paddle.compat.equal(input, other): True when both have the same shape and the same values
    (a Python bool, torch's equal)."""
    if list(input.shape) != list(other.shape):
        return False
    # torch compares across dtypes (int64 [1, 2] equals float32 [1., 2.]), as Paddle's does
    return builtins.bool(input._t.eq(other._t).all())


def seed():
    """paddle.compat.seed(): seed the default generator with a fresh nondeterministic seed and
    return it (torch.seed)."""
    return _random.default_cpu_generator().seed()
