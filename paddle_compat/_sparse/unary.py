"""paddle.sparse unary ops (Paddle: python/paddle/sparse/unary.py).

Element-wise ops act on the stored values only and keep the sparsity pattern (and the format: COO
stays COO, CSR stays CSR), as Paddle's kernels do; so `sparse.cos`-like ops that are not zero at
zero are not offered (Paddle has none either). Shape ops (transpose, reshape, slice, sum) move the
indices. A dense input is Paddle's NotImplementedError ("The kernel of (op) ... is unimplemented").

Integer inputs: the transcendental ops compute in float32, as Paddle's autocast does for sqrt;
square, log1p, abs, expm1, neg, rad2deg, deg2rad and pow raise Paddle's kernel error, their CPU
kernels being registered for float (and complex) types only.
"""
import builtins
import math

import torch

from .._dtype import to_dtype
from .._ops._checks import kernel_not_found
from .._tensor import wrap
from .tensor import is_csr, make, make_like, parts, require

__all__ = ["sin", "tan", "asin", "atan", "sinh", "asinh", "atanh", "tanh", "square", "sqrt",
           "log1p", "abs", "expm1", "neg", "pow", "cast", "coalesce", "rad2deg", "deg2rad",
           "isnan", "transpose", "reshape", "sum", "slice", "pca_lowrank"]


def _float_values(v):
    """Paddle's autocast of integer input to float32 for transcendental math."""
    return v if (v.is_floating_point() or v.is_complex()) else v.to(torch.float32)


_FLOAT_COMPLEX = "float64, complex128, float32, complex64"
_FLOAT_ONLY = "float64, float32"


def _check_kernel(x, v, kernel, supported):
    """Paddle's error for an integer or bool tensor given to a float-only sparse kernel
    (`<kernel>_coo` / `<kernel>_csr`)."""
    if supported and not (v.is_floating_point() or v.is_complex()):
        fmt = "csr" if is_csr(x) else "coo"
        raise kernel_not_found(f"{kernel}_{fmt}", str(v.dtype).replace("torch.", ""), supported)


def _valuewise(api, fn, to_float=True, kernel=None, supported=None):
    def op(x, name=None):
        require(x, kernel or api)
        _, v = parts(x)
        _check_kernel(x, v, kernel or api, supported)
        return make_like(x, fn(_float_values(v) if to_float else v))
    op.__name__ = api
    op.__doc__ = (f"paddle.sparse.{api}(x, name=None): `{api}` of the stored values of the COO or "
                  "CSR tensor `x`; the sparsity pattern and the format are kept.")
    return op


sin = _valuewise("sin", torch.sin)
tan = _valuewise("tan", torch.tan)
asin = _valuewise("asin", torch.asin)
atan = _valuewise("atan", torch.atan)
sinh = _valuewise("sinh", torch.sinh)
asinh = _valuewise("asinh", torch.asinh)
atanh = _valuewise("atanh", torch.atanh)
tanh = _valuewise("tanh", torch.tanh)
sqrt = _valuewise("sqrt", torch.sqrt)
log1p = _valuewise("log1p", torch.log1p, supported=_FLOAT_COMPLEX)
expm1 = _valuewise("expm1", torch.expm1, supported=_FLOAT_COMPLEX)
square = _valuewise("square", torch.square, to_float=False, supported=_FLOAT_COMPLEX)
abs = _valuewise("abs", torch.abs, to_float=False, supported=_FLOAT_COMPLEX)
# Paddle computes neg, rad2deg and deg2rad with its `scale` kernel (named in its error).
neg = _valuewise("neg", torch.neg, to_float=False, kernel="scale", supported=_FLOAT_ONLY)
isnan = _valuewise("isnan", torch.isnan, to_float=False)
rad2deg = _valuewise("rad2deg", lambda v: v * (180.0 / math.pi), kernel="scale",
                     supported=_FLOAT_ONLY)
deg2rad = _valuewise("deg2rad", lambda v: v * (math.pi / 180.0), kernel="scale",
                     supported=_FLOAT_ONLY)


def pow(x, factor, name=None):
    """paddle.sparse.pow(x, factor, name=None): the stored values to the power `factor` (a float);
    the pattern is kept."""
    require(x, "pow")
    _, v = parts(x)
    _check_kernel(x, v, "pow", _FLOAT_ONLY)
    return make_like(x, torch.pow(v, float(factor)).to(v.dtype))


def cast(x, index_dtype=None, value_dtype=None, name=None):
    """paddle.sparse.cast(x, index_dtype=None, value_dtype=None, name=None): the values cast to
    `value_dtype`, the indices (COO) or crows/cols (CSR) reported as `index_dtype`.

    Differences from Paddle: the indices are stored as int64 (torch's only index type) and
    converted to `index_dtype` when read (`indices()`, `crows()`, `cols()`, printing).
    """
    require(x, "cast")
    _, v = parts(x)
    if value_dtype is not None:
        v = v.to(to_dtype(value_dtype).torch)
    out = make_like(x, v)
    index = index_dtype if index_dtype is not None else (x._info or {}).get("index_dtype")
    if index is not None:
        out._ensure_info()["index_dtype"] = to_dtype(index).short
    return out


def coalesce(x, name=None):
    """paddle.sparse.coalesce(x, name=None): a COO tensor with its indices sorted and duplicate
    indices merged (their values added)."""
    require(x, "coalesce")
    if is_csr(x):
        require(wrap(torch.zeros(())), "coalesce")
    out = wrap(x._t.coalesce())
    return out


def _norm_perm(perm, ndim):
    perm = [int(p) for p in perm]
    if len(perm) != ndim:
        raise ValueError(f"(InvalidArgument) Sorry, the length of perm({len(perm)}) must be the "
                         f"same as the rank of x({ndim}).")
    perm = [p + ndim if p < 0 else p for p in perm]
    if sorted(perm) != list(range(ndim)):
        raise ValueError(f"(InvalidArgument) perm {perm} is not a permutation of the axes of a "
                         f"{ndim}-D tensor.")
    return perm


def transpose(x, perm, name=None):
    """paddle.sparse.transpose(x, perm, name=None): the axes of `x` permuted by `perm`. A COO
    result keeps the order of the stored elements (its indices are permuted, not re-sorted); a
    CSR result is in CSR order.

    Differences from Paddle: a `perm` that is not a permutation of x's axes is a ValueError
    (Paddle 3.3.1 reads past the end of its buffers); on a COO tensor with dense dimensions the
    sparse axes and the dense axes are permuted among themselves (Paddle crashes there).
    """
    require(x, "transpose")
    t = x._t
    perm = _norm_perm(perm, t.dim())
    sd = t.sparse_dim()
    if sorted(perm[:sd]) != list(range(sd)):
        raise ValueError("(InvalidArgument) transpose cannot move an axis between the sparse and "
                         f"the dense dimensions of a COO tensor (sparse_dim={sd}), perm={perm}")
    idx, v = parts(x)
    new_idx = idx[perm[:sd]]
    if t.dense_dim():
        v = v.permute([0] + [p - sd + 1 for p in perm[sd:]])
    shape = [t.shape[p] for p in perm]
    return make(new_idx, v, shape, csr=is_csr(x))


def _infer_shape(shape, numel, in_shape):
    shape = [int(s) for s in (shape.tolist() if hasattr(shape, "tolist") else shape)]
    shape = [in_shape[i] if s == 0 else s for i, s in enumerate(shape)]
    if shape.count(-1) == 1:
        known = 1
        for s in shape:
            if s != -1:
                known *= s
        shape[shape.index(-1)] = numel // known if known else 0
    cap = 1
    for s in shape:
        cap *= s
    if cap != numel:
        raise ValueError(
            "(InvalidArgument) The 'shape' in ReshapeOp is invalid. The input tensor X'size must "
            f"be equal to the capacity of 'shape'. But received X's shape = {list(in_shape)}, X's "
            f"size = {numel}, 'shape' is {shape}, the capacity of 'shape' is {cap}.")
    return shape


def reshape(x, shape, name=None):
    """paddle.sparse.reshape(x, shape, name=None): `x` with a new shape (one -1 inferred, 0 keeps
    the axis). A COO tensor keeps its dense dimensions (the new shape's trailing axes must equal
    them); CSR results must be 2-D or 3-D."""
    require(x, "reshape")
    t = x._t
    in_shape = list(t.shape)
    numel = 1
    for s in in_shape:
        numel *= s
    new_shape = _infer_shape(shape, numel, in_shape)
    sd, dd = t.sparse_dim(), t.dense_dim()
    dense_part = in_shape[sd:]
    if dd and new_shape[len(new_shape) - dd:] != dense_part:
        raise ValueError("(InvalidArgument) reshape of a COO tensor keeps its dense dimensions "
                         f"{dense_part}, but the new shape is {new_shape}")
    idx, v = parts(x)
    flat = torch.zeros(idx.shape[1], dtype=torch.int64, device=idx.device)
    for d in range(sd):
        flat = flat * in_shape[d] + idx[d]
    new_sparse = new_shape[:len(new_shape) - dd]
    rows = []
    for s in reversed(new_sparse):
        rows.append(flat % s)
        flat = flat // s
    new_idx = torch.stack(rows[::-1]) if rows else idx[:0]
    csr = is_csr(x)
    if csr and len(new_shape) not in (2, 3):
        raise ValueError("(InvalidArgument) SparseCsrTensor only support 2-D or 3-D Tensor.")
    return make(new_idx, v, new_shape, csr=csr)


def sum(x, axis=None, dtype=None, keepdim=False, name=None):
    """paddle.sparse.sum(x, axis=None, dtype=None, keepdim=False, name=None): a sparse tensor of
    the sums over `axis` (None: all axes, giving shape [1], or [1]*ndim with keepdim). A CSR
    tensor sums over None or the last axis only (Paddle's rule); the result keeps x's format.

    Differences from Paddle: a list of axes sums over each of them (Paddle 3.3.1 sums over the
    first only).
    """
    require(x, "sum")
    t = x._t
    csr = is_csr(x)
    ndim = t.dim()
    out_dtype = to_dtype(dtype).torch if dtype is not None else None
    if csr and axis is not None:
        ax = axis[0] if isinstance(axis, (list, tuple)) else axis
        if ax != -1:
            raise NotImplementedError(
                "(Unimplemented) `axis` of SumCsrKernel only support None or -1 now.More number "
                "will be supported in the future.\n  [Hint: Expected axis[0] == -1, but received "
                f"axis[0]:{ax} != -1:-1.]")
    dense = t.to_dense()
    if out_dtype is None and not (dense.is_floating_point() or dense.is_complex()):
        out_dtype = torch.int64
    if out_dtype is not None:
        dense = dense.to(out_dtype)
    if axis is None:
        total = dense.sum()
        shape = [1] * ndim if keepdim else ([1, 1] if csr else [1])
        idx = torch.zeros(len(shape), 1, dtype=torch.int64, device=dense.device)
        out = make(idx, total.reshape(1), shape, csr=csr)
        if not (keepdim or csr):
            out._ensure_info()["scalar_sum"] = True     # Paddle: 1-D indices, a 0-D value
        return out
    if csr:
        keepdim = True        # a CSR result stays 2-D/3-D: the summed axis is kept with size 1
    axes = [axis] if isinstance(axis, int) else [int(a) for a in axis]
    axes = sorted({a + ndim if a < 0 else a for a in axes})
    red = dense.sum(dim=axes, keepdim=keepdim)
    sd = t.sparse_dim()
    # Paddle keeps every output position that some stored element lands on (a zero sum stays).
    idx, _ = parts(x)
    if keepdim:
        pos = idx.clone()
        for d in axes:
            if d < sd:
                pos[d] = 0
    else:
        pos = idx[[d for d in range(sd) if d not in axes]]
    if pos.shape[0] == 0:             # every sparse axis summed: one stored row at [0]
        red = red.reshape([1] + list(red.shape))
        pos = torch.zeros(1, idx.shape[1], dtype=torch.int64, device=idx.device)
    if pos.shape[1]:
        pos = torch.unique(pos, dim=1)
    vals = red[tuple(pos)]
    return make(pos, vals, list(red.shape), csr=csr, coalesced=True)


def slice(x, axes, starts, ends, name=None):
    """paddle.sparse.slice(x, axes, starts, ends, name=None): the elements of `x` in
    [starts, ends) along `axes` (negative values count from the end, ends clamped to the axis
    size), shifted to the new origin; the format is kept."""
    require(x, "slice")
    t = x._t
    shape = list(t.shape)
    ndim = len(shape)

    def as_list(v):
        if hasattr(v, "tolist"):
            v = v.tolist()
        return [int(e.item()) if hasattr(e, "item") else int(e) for e in v]

    axes, starts, ends = as_list(axes), as_list(starts), as_list(ends)
    if not (len(axes) == len(starts) == len(ends)):
        raise ValueError("(InvalidArgument) The length of axes, starts and ends must be equal.")
    lo, hi = [0] * ndim, list(shape)
    for a, s, e in zip(axes, starts, ends):
        a = a + ndim if a < 0 else a
        n = shape[a]
        s = s + n if s < 0 else s
        e = e + n if e < 0 else e
        lo[a] = min(max(s, 0), n)
        hi[a] = min(max(e, lo[a]), n)
    new_shape = [h - l for l, h in zip(lo, hi)]
    idx, v = parts(x)
    sd = t.sparse_dim()
    keep = torch.ones(idx.shape[1], dtype=torch.bool, device=idx.device)
    for d in range(sd):
        keep &= (idx[d] >= lo[d]) & (idx[d] < hi[d])
    new_idx = idx[:, keep] - torch.tensor(lo[:sd], device=idx.device).reshape(-1, 1)
    new_v = v[keep]
    if t.dense_dim():
        new_v = new_v[(builtins.slice(None),) + tuple(builtins.slice(l, h)
                                                      for l, h in zip(lo[sd:], hi[sd:]))]
    return make(new_idx, new_v, new_shape, csr=is_csr(x))


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """paddle.sparse.pca_lowrank(x, q=None, center=True, niter=2, name=None): (U, S, V) of an
    approximate PCA of the sparse matrix `x` (torch.pca_lowrank on its data).

    Differences from Paddle: the randomized basis is drawn from torch's generator, so U and V
    equal Paddle's only up to that randomness (S agrees within the approximation).
    """
    require(x, "pca_lowrank")
    t = x._t
    m, n = t.shape[-2], t.shape[-1]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)="
                         f"{min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    data = t.coalesce() if t.dim() == 2 else t.to_dense()
    # Opting out explicitly: torch warns on every call when the invariant checks are left implicit.
    with torch.sparse.check_sparse_tensor_invariants(enable=False):
        u, s, v = torch.pca_lowrank(data if data.is_floating_point() else data.float(), q=q,
                                    center=center, niter=niter)
    return wrap(u), wrap(s), wrap(v)

