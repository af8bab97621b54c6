"""paddle.sparse.addmm (Paddle: python/paddle/sparse/multiary.py)."""
from .._tensor import wrap
from .binary import _matmul_dense, _sparse_result, _unimplemented
from .tensor import dense_of, is_csr, is_sparse

__all__ = ["addmm"]


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):
    """paddle.sparse.addmm(input, x, y, beta=1.0, alpha=1.0, name=None): beta * input +
    alpha * (x @ y). A dense input with a sparse x and a dense y gives a dense tensor; a sparse
    input, x and y (one format) give a sparse tensor of that format.

    Differences from Paddle: it runs on CPU too (Paddle 3.3.1 has GPU kernels only).
    """
    if not is_sparse(x):
        raise _unimplemented("addmm")
    if is_sparse(y):
        if not (is_sparse(input) and is_csr(input) == is_csr(x) == is_csr(y)):
            raise _unimplemented("addmm")
    elif is_sparse(input):
        raise _unimplemented("addmm")
    prod = _matmul_dense(x, y, "addmm")
    if list(input._t.shape) != list(prod.shape):
        raise ValueError(f"(InvalidArgument) The shape of input {list(input.shape)} must equal "
                         f"the shape of x @ y {list(prod.shape)}.")
    out = dense_of(input) * beta + prod * alpha
    if is_sparse(y):
        return _sparse_result(out, is_csr(x))
    return wrap(out)
