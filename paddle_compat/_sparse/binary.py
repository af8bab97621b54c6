"""paddle.sparse binary ops (Paddle: python/paddle/sparse/binary.py): add, subtract, multiply,
divide, matmul, masked_matmul, mv, is_same_shape, mask_as.

Result patterns follow Paddle's kernels: add/subtract/multiply of two sparse tensors store the union
of both patterns (a product of a stored and a missing element is a stored 0); divide of two sparse
tensors stores every position (0/0 is nan, x/0 is inf, as Paddle's kernel gives); a scalar keeps the
pattern. Both operands must have the same format, shape and dtype (Paddle's errors otherwise).

Differences from Paddle (all ops here): values are computed on the dense form of the operands at
the stored positions (memory of the dense size; torch's sparse kernels cannot give Paddle's union
patterns). matmul, masked_matmul and mv run on CPU too (Paddle 3.3.1 has GPU kernels only); a
sparse @ sparse product stores the product's non-zero elements. Uncoalesced inputs are coalesced
first (Paddle 3.3.1's add gives duplicates there).
"""
import torch

from .._dtype import from_torch_dtype
from .._tensor import Tensor, wrap
from .tensor import dense_of, is_csr, is_sparse, make, make_like, parts

__all__ = ["add", "subtract", "multiply", "divide", "matmul", "masked_matmul", "mv",
           "is_same_shape", "mask_as"]


def _unimplemented(api):
    return NotImplementedError(
        f"(Unimplemented) The kernel of ({api}) for input tensors is unimplemented, please check "
        "the type of input tensors.")


def _check_pair(x, y, api):
    if not (is_sparse(x) and is_sparse(y)) or is_csr(x) != is_csr(y):
        raise _unimplemented(api)
    xs, ys = list(x._t.shape), list(y._t.shape)
    if xs != ys:
        i = next((k for k in range(min(len(xs), len(ys))) if xs[-1 - k] != ys[-1 - k]), 0)
        raise ValueError(
            "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast "
            f"together with the shape of X = {xs} and the shape of Y = {ys}. Received "
            f"[{xs[len(xs) - 1 - i]}] in X is not equal to [{ys[len(ys) - 1 - i]}] in Y at "
            f"i:{len(xs) - 1 - i}.")
    xt, yt = x._t.dtype, y._t.dtype
    if xt != yt:
        xf = xt.is_floating_point or xt.is_complex
        yf = yt.is_floating_point or yt.is_complex
        if not (xf and yf):
            raise TypeError(
                "(InvalidType) Type promotion only support calculations between floating-point "
                "numbers and between complex and real numbers. But got different data type x: "
                f"{from_torch_dtype(xt).short}, y: {from_torch_dtype(yt).short}.")


def _at(dense, idx):
    return dense[tuple(idx)]


def _union_op(x, y, api, fn):
    _check_pair(x, y, api)
    ix, _ = parts(x)
    iy, _ = parts(y)
    idx = torch.unique(torch.cat([ix, iy], dim=1), dim=1)
    vals = fn(_at(dense_of(x), idx), _at(dense_of(y), idx))
    return make(idx, vals, x._t.shape, csr=is_csr(x), coalesced=True)


def add(x, y, name=None):
    """paddle.sparse.add(x, y, name=None): x + y of two sparse tensors of one format and shape;
    the result stores the union of both patterns.

    Differences from Paddle: sparse + dense is computed (a dense result) where Paddle 3.3.1 raises
    NotImplementedError.
    """
    if is_sparse(x) and isinstance(y, Tensor) and not is_sparse(y):
        return wrap(dense_of(x) + y._t)
    return _union_op(x, y, "add", torch.add)


def subtract(x, y, name=None):
    """paddle.sparse.subtract(x, y, name=None): x - y of two sparse tensors of one format and
    shape; the result stores the union of both patterns."""
    if is_sparse(x) and isinstance(y, Tensor) and not is_sparse(y):
        return wrap(dense_of(x) - y._t)
    return _union_op(x, y, "subtract", torch.sub)


def multiply(x, y, name=None):
    """paddle.sparse.multiply(x, y, name=None): x * y; `y` a Python number scales the values
    (pattern kept), a sparse tensor of x's format and shape gives the union pattern (stored 0
    where only one side stores an element)."""
    if isinstance(y, (int, float)) and not isinstance(y, bool):
        if not is_sparse(x):
            raise _unimplemented("scale")
        _, v = parts(x)
        return make_like(x, v * y)
    return _union_op(x, y, "multiply", torch.mul)


def divide(x, y, name=None):
    """paddle.sparse.divide(x, y, name=None): x / y; `y` a Python number divides the values
    (pattern kept); a sparse `y` gives a result that stores every position of the shape (as
    Paddle's kernel: 0/0 = nan, v/0 = ±inf)."""
    if isinstance(y, (int, float)) and not isinstance(y, bool):
        if not is_sparse(x):
            raise _unimplemented("divide_scalar")
        _, v = parts(x)
        return make_like(x, v / y)
    _check_pair(x, y, "divide")
    t = x._t
    sd = t.sparse_dim()
    grid = torch.cartesian_prod(*[torch.arange(s, device=t.device) for s in t.shape[:sd]])
    idx = grid.reshape(-1, sd).t() if sd > 1 else grid.reshape(1, -1)
    vals = _at(dense_of(x), idx) / _at(dense_of(y), idx)
    return make(idx, vals, t.shape, csr=is_csr(x), coalesced=True)


def is_same_shape(x, y):
    """paddle.sparse.is_same_shape(x, y): whether x and y (dense or sparse) have the same shape."""
    return list(x._t.shape) == list(y._t.shape)


def mask_as(x, mask, name=None):
    """paddle.sparse.mask_as(x, mask, name=None): the dense tensor `x` read at the stored
    positions of the sparse `mask`; the result has mask's pattern and format."""
    if not is_sparse(mask) or is_sparse(x):
        raise _unimplemented("mask_as")
    if list(x._t.shape) != list(mask._t.shape):
        raise ValueError(f"(InvalidArgument) the shape of x {list(x.shape)} and mask "
                         f"{list(mask.shape)} must be the same")
    idx, _ = parts(mask)
    return make_like(mask, _at(x._t, idx))


def _matmul_dense(x, y, api):
    """x @ y on torch data, x and/or y sparse; checks Paddle's shape rule."""
    xs, ys = list(x._t.shape), list(y._t.shape)
    if len(xs) < 2 or len(ys) < 2 or xs[-1] != ys[-2] or xs[:-2] != ys[:-2]:
        raise ValueError(f"(InvalidArgument) The shape of x {xs} and y {ys} cannot be multiplied "
                         f"by {api}: x's last axis must equal y's second to last axis and the "
                         "batch axes must be equal.")
    xt = x._t
    if (is_sparse(x) and not is_sparse(y) and xt.dim() == 2 and xt.dense_dim() == 0
            and xt.dtype.is_floating_point):
        return torch.sparse.mm(xt, y._t)
    return dense_of(x) @ dense_of(y)


def _sparse_result(dense, csr):
    out = dense.to_sparse(dense.dim()).coalesce()
    idx, vals = out.indices(), out.values()
    if dense.requires_grad:
        vals = _at(dense, idx)
    return make(idx, vals, dense.shape, csr=csr, coalesced=True)


def matmul(x, y, name=None):
    """paddle.sparse.matmul(x, y, name=None): x @ y for 2-D or batched 3-D operands. A sparse
    (COO or CSR) x with a dense y gives a dense tensor; two sparse operands of one format give a
    sparse tensor of that format."""
    if not is_sparse(x) or (is_sparse(y) and is_csr(x) != is_csr(y)):
        raise _unimplemented("matmul")
    out = _matmul_dense(x, y, "matmul")
    if is_sparse(y):
        return _sparse_result(out, is_csr(x))
    return wrap(out)


def masked_matmul(x, y, mask, name=None):
    """paddle.sparse.masked_matmul(x, y, mask, name=None): the dense product x @ y read at the
    stored positions of the sparse CSR `mask` (a CSR result with mask's pattern)."""
    if is_sparse(x) or is_sparse(y) or not is_csr(mask):
        raise _unimplemented("masked_matmul")
    out = _matmul_dense(x, y, "masked_matmul")
    if list(out.shape) != list(mask._t.shape):
        raise ValueError(f"(InvalidArgument) The shape of mask {list(mask.shape)} must equal the "
                         f"shape of x @ y {list(out.shape)}.")
    idx, _ = parts(mask)
    return make_like(mask, _at(out, idx))


def mv(x, vec, name=None):
    """paddle.sparse.mv(x, vec, name=None): the dense vector x @ vec of a 2-D sparse (COO or
    CSR) matrix and a dense 1-D vector."""
    if not is_sparse(x) or is_sparse(vec):
        raise _unimplemented("mv")
    xs, vs = list(x._t.shape), list(vec._t.shape)
    if len(xs) != 2 or len(vs) != 1 or xs[1] != vs[0]:
        raise ValueError(f"(InvalidArgument) mv needs a 2-D x and a 1-D vec with x.shape[1] == "
                         f"vec.shape[0], but got x {xs} and vec {vs}.")
    return wrap(dense_of(x) @ vec._t)
