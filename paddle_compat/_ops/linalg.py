"""Linear algebra (Paddle: tensor/linalg.py): matmul, bmm, dot, t, norm family, dist, cross, det,
solve, cholesky, qr, svd, eigh, matrix_power, pinv, mv, swapaxes/swapdims, matrix_transpose, bincount,
permute; `mul` (fc's 2-D product).

Exceptions: mm, outer, inverse (Paddle: tensor/math.py) and tensordot (tensor/manipulation.py) are
here with the products they are built from; einsum has its own einsum.py as in Paddle.

Registered under Paddle's legacy op types and slots: `matmul_v2` (X, Y; trans_x, trans_y), `mul`
(X, Y; x_num_col_dims, y_num_col_dims), `bmm`, `dot`, `p_norm`, `frobenius_norm`, `dist`, `cross`,
`einsum` (Operands), `inverse` (Input -> Output), `determinant`, `solve`, `cholesky`, `qr`
(X -> Q, R), `svd` (X -> U, S, VH), `eigh` (X -> Eigenvalues, Eigenvectors), `matrix_power`.

Differences from Paddle: matrix norms (p in 1, -1, inf, -inf, 2, -2, 'nuc' over two axes) record
one `matrix_norm` op and `pinv` one `pinv` op (paddle_compat op types; Paddle composes them from
several ops). Results of decompositions (signs of singular/eigen vectors, Q/R signs) follow
LAPACK through torch and may differ in sign from Paddle's where the decomposition is not unique.
`einsum` has no `InnerCache`/`XShape` outputs.
"""
import math
import numbers

import numpy as np
import torch

from .._dtype import from_torch_dtype
from .._mode import STATE
from .._tensor import Tensor, wrap
from .._tensor_methods import METHODS, attach
from ._checks import invalid_argument
from .manipulation import _int, _int_list, reshape, transpose
from .math import sum as _reduce_sum
from .registry import apply_op, defop

__all__ = ["matmul", "mm", "bmm", "dot", "outer", "t", "norm", "vector_norm", "matrix_norm", "dist",
           "cross", "inverse", "det", "solve", "cholesky", "qr", "svd", "eigh",
           "matrix_power", "pinv", "mv", "swapaxes", "swapdims", "matrix_transpose", "bincount",
           "tensordot", "permute"]


def _dn(t):
    return from_torch_dtype(t.dtype).short


def _same_dtype(x, y):
    if x.dtype != y.dtype:
        raise invalid_argument(f"The type of data we are trying to retrieve ({_dn(y)}) does not match "
                               f"the type of data ({_dn(x)}) currently contained in the container.\n  [Hint: "
                               f"Expected dtype() == phi::CppTypeToDataType<T>::Type(), but received "
                               f"dtype():{from_torch_dtype(x.dtype).value} != "
                               f"phi::CppTypeToDataType<T>::Type():{from_torch_dtype(y.dtype).value}.]")


# ---- products ----------------------------------------------------------------------------------
def _matmul_kernel(X, Y, trans_x=False, trans_y=False):
    _same_dtype(X, Y)
    if X.dim() == 0 or Y.dim() == 0:
        # Paddle raises this ValueError too, but its message prints uninitialised dimensions
        raise invalid_argument(
            f"In operator matmul, the [{X.dim() - 1}] dimension of Input(X) must be equal to the "
            f"[-2] dimension of Input(Y). But received a 0-D operand: Input(X)'s shape = "
            f"{list(X.shape)}, Input(Y)'s shape = {list(Y.shape)}; matmul needs operands of at "
            f"least 1 dimension.")
    if trans_x and X.dim() >= 2:
        X = X.mT
    if trans_y and Y.dim() >= 2:
        Y = Y.mT
    kx, ky = X.shape[-1], (Y.shape[-2] if Y.dim() >= 2 else Y.shape[0])
    if kx != ky:
        ix, iy = X.dim() - 1, max(Y.dim() - 2, 0)
        raise invalid_argument(
            f"In operator matmul, the [{ix}] dimension of Input(X) must be equal to the [{iy}] "
            f"dimension of Input(Y). But receiving the [{ix}]dimension of Input(X) is [{kx}], and "
            f"the [{iy}] dimension of Input(Y) is [{ky}].\n  [Hint: Expected K_lhs == K_rhs, but "
            f"received K_lhs:{kx} != K_rhs:{ky}.]")
    return torch.matmul(X, Y)


MATMUL = defop("matmul_v2", _matmul_kernel, inputs=("X", "Y"),
               attrs={"trans_x": False, "trans_y": False}, api="paddle.matmul")


def matmul(x, y, transpose_x=False, transpose_y=False, name=None):
    """paddle.matmul(x, y, transpose_x=False, transpose_y=False, name=None): batched matrix
    product with numpy's broadcasting; 1-D operands are vectors (1-D x 1-D gives a 0-D tensor);
    transpose_* swap the last two axes first."""
    if type(x) is Tensor and type(y) is Tensor and not STATE.static and not transpose_x \
            and not transpose_y and x._t.dtype is y._t.dtype:
        try:                  # dynamic fast path; a failing shape falls through for Paddle's message
            return wrap(torch.matmul(x._t, y._t))
        except RuntimeError:
            pass
    return apply_op(MATMUL, (x, y), {"trans_x": bool(transpose_x), "trans_y": bool(transpose_y)})


def mm(input, mat2, name=None):
    """paddle.mm(input, mat2, name=None): matrix product (same op as paddle.matmul)."""
    return apply_op(MATMUL, (input, mat2), {"trans_x": False, "trans_y": False})


def _mul_kernel(X, Y, x_num_col_dims=1, y_num_col_dims=1):
    xs, ys = list(X.shape), list(Y.shape)
    x2 = X.reshape(math.prod(xs[:x_num_col_dims]), math.prod(xs[x_num_col_dims:]))
    y2 = Y.reshape(math.prod(ys[:y_num_col_dims]), math.prod(ys[y_num_col_dims:]))
    if x2.shape[1] != y2.shape[0]:
        raise invalid_argument(
            f"After flatten the input tensor X and Y to 2-D dimensions matrix X1 and Y1, the "
            f"matrix X1's width must be equal with matrix Y1's height. But received X's shape = "
            f"[{', '.join(map(str, xs))}], X1's shape = [{x2.shape[0]}, {x2.shape[1]}], X1's width "
            f"= {x2.shape[1]}; Y's shape = [{', '.join(map(str, ys))}], Y1's shape = "
            f"[{y2.shape[0]}, {y2.shape[1]}], Y1's height = {y2.shape[0]}.")
    return (x2 @ y2).reshape(xs[:x_num_col_dims] + ys[y_num_col_dims:])


# `mul` has no public paddle 3.x function; the static graph's `fc` records it (as Paddle does).
MUL = defop("mul", _mul_kernel, inputs=("X", "Y"), attrs={"x_num_col_dims": 1, "y_num_col_dims": 1},
            api="paddle.static.nn.fc")


def _bmm_kernel(X, Y):
    for name, t in (("X", X), ("Y", Y)):
        if t.dim() != 3:
            raise invalid_argument(
                f"Input({name}) of BmmOp must be 3-dimensional in BmmOp, but received {name}'s "
                f"shape: [{t.dim()}].\n  [Hint: Expected {name.lower()}_ndims "
                f"== 3, but received {name.lower()}_ndims:{t.dim()} != 3:3.]")
    if X.shape[0] != Y.shape[0]:
        raise invalid_argument(f"Input(X) and Input(Y) must have the same batch size in BmmOp, but "
                               f"received X's batch size: [{X.shape[0]}],Y's batch size [{Y.shape[0]}]")
    if X.shape[2] != Y.shape[1]:
        raise invalid_argument(f"Input(X)'s width must be equal with Input(Y)'s height in BmmOp,but "
                               f"receive X's width: [{X.shape[2]}],Y's height: [{Y.shape[1]}].")
    _same_dtype(X, Y)
    return torch.bmm(X, Y)


BMM = defop("bmm", _bmm_kernel, inputs=("X", "Y"), api="paddle.bmm")


def bmm(x, y, name=None):
    """paddle.bmm(x, y, name=None): batched product of [b, m, k] and [b, k, n] tensors."""
    return apply_op(BMM, (x, y))


def _dot_kernel(X, Y):
    if list(X.shape) != list(Y.shape):
        raise RuntimeError(f"(PreconditionNotMet) ShapeError: The shape of input tensor X: "
                           f"{list(X.shape)} should be exactly the same with input tensor Y: "
                           f"{list(Y.shape)}\n  [Hint: Expected true == shape_match, but received "
                           f"true:1 != shape_match:0.]")
    _same_dtype(X, Y)
    if X.is_complex():
        return (X.conj() * Y).sum(-1)
    return (X * Y).sum(-1)


DOT = defop("dot", _dot_kernel, inputs=("X", "Y"), api="paddle.dot")


def dot(x, y, name=None):
    """paddle.dot(x, y, name=None): inner product of 1-D tensors (0-D result) or row-wise for 2-D."""
    return apply_op(DOT, (x, y))


def outer(x, y, name=None):
    """paddle.outer(x, y, name=None): outer product of the flattened inputs, shape [x.size, y.size]
    (recorded as reshape2 + matmul_v2, as Paddle composes it)."""
    return matmul(reshape(x, [-1, 1]), reshape(y, [1, -1]))


def t(input, name=None):
    """paddle.t(input, name=None): transpose a 0-D/1-D/2-D tensor (0-D and 1-D come back as is)."""
    nd = len(input.shape)
    if nd > 2:
        raise ValueError(f"Input(input) only support N-D (N<=2) tensor, but received length of "
                         f"Input(input) is {nd}. Perhaps you can use paddle.tensor.transpose() "
                         f"instead.")
    return input if nd < 2 else transpose(input, [1, 0])


# ---- norms ------------------------------------------------------------------------------------
def _p_norm_kernel(X, porder=2.0, axis=-1, epsilon=1e-12, keepdim=False, asvector=False):
    if asvector:
        out = torch.linalg.vector_norm(X, ord=porder)
        return out.reshape([1] * X.dim()) if keepdim else out
    return torch.linalg.vector_norm(X, ord=porder, dim=axis, keepdim=keepdim)


P_NORM = defop("p_norm", _p_norm_kernel,
               attrs={"porder": 2.0, "axis": -1, "epsilon": 1e-12, "keepdim": False,
                      "asvector": False}, api="paddle.linalg.vector_norm")
FRO_NORM = defop("frobenius_norm",
                 lambda X, dim=(), keep_dim=False, reduce_all=False: torch.linalg.vector_norm(
                     X, 2, dim=None if reduce_all else list(dim), keepdim=keep_dim),
                 attrs={"dim": [], "keep_dim": False, "reduce_all": False}, api="paddle.norm")
MATRIX_NORM = defop("matrix_norm",
                    lambda X, porder="fro", axis=(-2, -1), keepdim=False: torch.linalg.matrix_norm(
                        X, ord=porder, dim=tuple(axis), keepdim=keepdim),
                    attrs={"porder": "fro", "axis": [-2, -1], "keepdim": False},
                    api="paddle.linalg.matrix_norm",
                    notes="paddle_compat op type; Paddle composes matrix norms from several ops")


def _axes(axis, nd):
    axes = _int_list(axis)
    for a in axes:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise invalid_argument(
                f"The reduce dim index {a} should be in the range [ -dimension(X), dimension(X) ) "
                f"which dimension = {nd}. But received dim index = {a}.\n  [Hint: Expected "
                f"axis[i] < x_rank, but received axis[i]:{a} >= x_rank:{nd}.]")
    return [a % max(nd, 1) for a in axes]


def _is_num(p):
    return isinstance(p, (numbers.Real, np.floating, np.integer)) and not isinstance(p, bool)


def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None):
    """paddle.linalg.vector_norm(x, p=2.0, axis=None, keepdim=False, name=None): the vector p-norm
    over `axis` (all axes when None); p may be any float, inf, -inf or 0 (count of non-zeros)."""
    if not _is_num(p):
        raise ValueError(f"only valid p type is int or float, but received {type(p)}")
    nd = len(x.shape)
    if axis is None:
        return apply_op(P_NORM, (x,), {"porder": float(p), "axis": -1, "epsilon": 1e-12,
                                       "keepdim": bool(keepdim), "asvector": True})
    axes = _axes(axis, nd)
    return apply_op(P_NORM, (x,), {"porder": float(p), "axis": axes if len(axes) > 1 else axes[0],
                                   "epsilon": 1e-12, "keepdim": bool(keepdim), "asvector": False})


_MATRIX_P = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)


def matrix_norm(x, p="fro", axis=[-2, -1], keepdim=False, name=None):
    """paddle.linalg.matrix_norm(x, p='fro', axis=[-2, -1], keepdim=False, name=None): 'fro',
    'nuc', 1, -1, 2, -2, inf or -inf over two axes."""
    axes = _axes(axis, len(x.shape))
    if len(axes) != 2:
        raise ValueError(f"The dim of frobenius norm op should be None or two elements list!")
    if p not in _MATRIX_P:
        raise ValueError(f"just support p value 'fro','nuc',1,-1,inf,-inf,2,-2 if axis is 2D, found "
                         f"{p}")
    if p == "fro":
        return apply_op(FRO_NORM, (x,), {"dim": axes, "keep_dim": bool(keepdim),
                                         "reduce_all": False})
    return apply_op(MATRIX_NORM, (x,), {"porder": p if isinstance(p, str) else float(p),
                                        "axis": axes, "keepdim": bool(keepdim)})


def norm(x, p=None, axis=None, keepdim=False, name=None):
    """paddle.norm / paddle.linalg.norm(x, p=None, axis=None, keepdim=False, name=None).

    p=None means 'fro' (2-norm over all entries) for axis None or two axes, and the 2-norm for one
    axis. A number p with axis None or one axis is a vector norm (x flattened when axis is None);
    with two axes it is a matrix norm ('fro', 'nuc', 1, -1, 2, -2, inf, -inf).

    Differences from Paddle: the `out` and `dtype` keyword arguments of Paddle 3.3.1 are not
    supported; 'nuc' with a single axis raises ValueError (Paddle fails with an unrelated
    TypeError)."""
    nd = len(x.shape)
    axes = None if axis is None else _axes(axis, nd)
    if axes is not None and len(axes) > 2:
        raise ValueError(f"except axis type int or list (length of list <=2), but received "
                         f"{list(axis)}")
    if axes is not None and len(axes) == 2:
        return matrix_norm(x, "fro" if p is None else p, axes, keepdim)
    if p is None or p == "fro":
        if axes is None:
            return apply_op(FRO_NORM, (x,), {"dim": list(range(nd)), "keep_dim": bool(keepdim),
                                             "reduce_all": True})
        return vector_norm(x, 2.0, axes, keepdim)
    if p == "nuc" and axes is None and nd == 2:
        return matrix_norm(x, "nuc", [0, 1], keepdim)
    if isinstance(p, str):
        raise ValueError(f"just support p value 'fro','nuc' if axis is 2D, found {p}" if p == "nuc"
                         else f"just support p value 'fro','nuc',1,-1,inf,-inf,2,-2 if axis is 2D, "
                              f"found {p}")
    return vector_norm(x, p, axes, keepdim)


def _dist_kernel(X, Y, p=2.0):
    return torch.linalg.vector_norm(X - Y, ord=p)


DIST = defop("dist", _dist_kernel, inputs=("X", "Y"), attrs={"p": 2.0}, api="paddle.dist")


def dist(x, y, p=2, name=None):
    """paddle.dist(x, y, p=2, name=None): the p-norm of the broadcast difference x - y (0-D);
    p=0 counts non-zeros, inf/-inf give max/min absolute difference."""
    return apply_op(DIST, (x, y), {"p": float(p)})


def _cross_kernel(X, Y, dim=9):
    if dim == 9:   # Paddle's DDim::kMaxRank sentinel: the first axis of size 3
        dims = [i for i, d in enumerate(X.shape) if d == 3]
        if not dims:
            raise invalid_argument(
                f"There must be at least one dimension 'd' so that Input(X/Y).dims()[d] is equal "
                f"to 3. But received: Input(X/Y).dims() == [{', '.join(map(str, X.shape))}].\n  "
                f"[Hint: Expected dim == DDim::kMaxRank == false, but received dim == "
                f"DDim::kMaxRank:1 != false:0.]")
        dim = dims[0]
    elif X.shape[dim] != 3:
        raise invalid_argument(f"Input(X/Y).dims()[dim] should be equal to 3.But received "
                               f"Input(X/Y).dims()[dim] = {X.shape[dim]}.")
    return torch.linalg.cross(X, Y, dim=dim)


CROSS = defop("cross", _cross_kernel, inputs=("X", "Y"), attrs={"dim": 9}, api="paddle.cross")


def cross(x, y, axis=9, name=None):
    """paddle.cross(x, y, axis=9, name=None): 3-vector cross product along `axis` (the default 9
    means the first axis of size 3)."""
    if list(x.shape) != list(y.shape):
        raise invalid_argument(f"The 'shape' of Input(X) should be equal to the 'shape' of Input(Y). "
                               f"But received Input(X).dimensions = [{', '.join(map(str, x.shape))}"
                               f"], Input(Y).dimensions = [{', '.join(map(str, y.shape))}]")
    return apply_op(CROSS, (x, y), {"dim": _int(axis)})


# ---- decompositions and solvers ----------------------------------------------------------------
def _inverse_kernel(Input):
    out, info = torch.linalg.inv_ex(Input)
    if Input.device.type != "meta" and bool((info != 0).any()):
        raise invalid_argument("Input is not invertible.\n  [Hint: Expected min_abs_pivot > "
                               "static_cast<T>(0), but received min_abs_pivot:0 <= "
                               "static_cast<T>(0):0.]")
    return out


INVERSE = defop("inverse", _inverse_kernel, inputs=("Input",), outputs=("Output",),
                api="paddle.linalg.inv")


def inverse(x, name=None):
    """paddle.inverse / paddle.linalg.inv(x, name=None): inverse of square matrices (batched)."""
    _square(x, "inverse")
    return apply_op(INVERSE, (x,))


def _square(x, api):
    s = list(x.shape)
    if api == "inverse":    # Paddle's inverse checks with its own texts
        if len(s) < 2:
            raise invalid_argument(f"The dimension of Input(Input) is expected to be no less than "
                                   f"2. But received: Input(Input)'s dimension = {len(s)}, shape = "
                                   f"{s}.")
        if s[-1] != s[-2]:
            raise invalid_argument(f"The last two dimensions are expected to be equal. But "
                                   f"received: {s[-2]} and {s[-1]}; Input(Input)'s shape = {s}.")
    if len(s) < 2:
        raise invalid_argument(f"The input tensor's dimension of {api} must be greater than or equal "
                               f"to 2. But received {len(s)}.")
    if s[-1] != s[-2]:
        raise invalid_argument(f"The inner-most 2 dimensions of Input(X) all should be square "
                               f"matrices But received X's shape[-2] = {s[-2]} and shape[-1] = "
                               f"{s[-1]}.")


DET = defop("determinant", lambda Input: torch.linalg.det(Input), inputs=("Input",),
            api="paddle.linalg.det")


def det(x, name=None):
    """paddle.linalg.det(x, name=None): determinant of square matrices (batched)."""
    _square(x, "det")
    return apply_op(DET, (x,))


def _solve_kernel(X, Y, left=True):
    if Y.dim() == 1:
        return torch.linalg.solve(X, Y.unsqueeze(-1), left=left).squeeze(-1)
    return torch.linalg.solve(X, Y, left=left)


SOLVE = defop("solve", _solve_kernel, inputs=("X", "Y"), attrs={"left": True},
              api="paddle.linalg.solve")


def solve(x, y, left=True, name=None):
    """paddle.linalg.solve(x, y, left=True, name=None): X @ out = Y (or out @ X = Y with left=False);
    a 1-D y is a single right-hand side."""
    _square(x, "solve")
    return apply_op(SOLVE, (x, y), {"left": bool(left)})


def _cholesky_kernel(X, upper=False):
    out, info = torch.linalg.cholesky_ex(X, upper=upper)
    if X.device.type != "meta" and bool((info != 0).any()):
        bad = int((info.reshape(-1) != 0).nonzero()[0])
        raise invalid_argument(f"Cholesky decomposition was not successful. The {bad}-th input "
                               f"matrice might not be not be positive definite.")
    return out


CHOLESKY = defop("cholesky", _cholesky_kernel, attrs={"upper": False},
                 api="paddle.linalg.cholesky")


def cholesky(x, upper=False, name=None):
    """paddle.linalg.cholesky(x, upper=False, name=None): Cholesky factor L (or U with upper)."""
    _square(x, "cholesky")
    return apply_op(CHOLESKY, (x,), {"upper": bool(upper)})


def _qr_kernel(X, mode="reduced"):
    q, r = torch.linalg.qr(X, mode="reduced" if mode == "r" else mode)
    return q, r


QR = defop("qr", _qr_kernel, outputs=("Q", "R"), attrs={"mode": "reduced"}, api="paddle.linalg.qr")


def qr(x, mode="reduced", name=None):
    """paddle.linalg.qr(x, mode='reduced', name=None): (Q, R); mode 'complete' gives a square Q,
    mode 'r' returns R only."""
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"The mode of qr must be one of ['reduced', 'complete', 'r'], but received "
                         f"{mode}")
    q, r = apply_op(QR, (x,), {"mode": mode})
    return r if mode == "r" else (q, r)


SVD = defop("svd", lambda X, full_matrices=False: tuple(torch.linalg.svd(
    X, full_matrices=full_matrices)), outputs=("U", "S", "VH"), attrs={"full_matrices": False},
    api="paddle.linalg.svd")


def svd(x, full_matrices=False, name=None):
    """paddle.linalg.svd(x, full_matrices=False, name=None): (U, S, VH) with X = U diag(S) VH."""
    if len(x.shape) < 2:
        raise invalid_argument(f"the input matrix dimension of svd must be greater than or equal to "
                               f"2, but received {len(x.shape)}")
    return apply_op(SVD, (x,), {"full_matrices": bool(full_matrices)})


EIGH = defop("eigh", lambda X, UPLO="L": tuple(torch.linalg.eigh(X, UPLO=UPLO)),
             outputs=("Eigenvalues", "Eigenvectors"), attrs={"UPLO": "L"},
             api="paddle.linalg.eigh")


def eigh(x, UPLO="L", name=None):
    """paddle.linalg.eigh(x, UPLO='L', name=None): ascending eigenvalues and eigenvectors of a
    Hermitian matrix, reading the lower ('L') or upper ('U') triangle."""
    if UPLO not in ("L", "U"):
        raise ValueError(f"UPLO must be L or U. But received UPLO is: {UPLO}")
    _square(x, "eigh")
    return apply_op(EIGH, (x,), {"UPLO": UPLO})


MATRIX_POWER = defop("matrix_power", lambda X, n=1: torch.linalg.matrix_power(X, n),
                     attrs={"n": 1}, api="paddle.linalg.matrix_power")


def matrix_power(x, n, name=None):
    """paddle.linalg.matrix_power(x, n, name=None): x to the integer power n (n < 0 inverts)."""
    _square(x, "matrix_power")
    return apply_op(MATRIX_POWER, (x,), {"n": _int(n)})


PINV = defop("pinv", lambda X, rcond=1e-15, hermitian=False: torch.linalg.pinv(
    X, rtol=rcond, hermitian=hermitian), attrs={"rcond": 1e-15, "hermitian": False},
    api="paddle.linalg.pinv", notes="paddle_compat op type; Paddle composes pinv from svd ops")


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """paddle.linalg.pinv(x, rcond=1e-15, hermitian=False, name=None): Moore-Penrose pseudo-inverse
    (singular values below rcond * largest are dropped)."""
    return apply_op(PINV, (x,), {"rcond": float(rcond), "hermitian": bool(hermitian)})


_MV = defop("mv", torch.mv, inputs=("X", "Vec"), api="paddle.mv")


def mv(x, vec, name=None):
    """paddle.mv(x, vec): matrix-vector product (shapes checked with Paddle's message)."""
    if len(x.shape) == 2 and len(vec.shape) == 1 and x.shape[1] != vec.shape[0]:
        raise ValueError(f"(InvalidArgument) X's second dimension is expected to be equal to Vec's "
                         f"first dimension, but received X'shape = {list(x.shape)}, Vec's shape = "
                         f"{list(vec.shape)}")
    return apply_op(_MV, (x, vec))


# ---- axis swaps, bincount, tensordot ------------------------------------------------------------


def swapaxes(x, axis0, axis1, name=None):
    """paddle.swapaxes(x, axis0, axis1) (alias swapdims): exchange two axes."""
    perm = list(range(x.ndim))
    perm[axis0], perm[axis1] = perm[axis1], perm[axis0]
    return transpose(x, perm)


swapdims = swapaxes


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
            y = reshape(_reduce_sum(y, dy), shape_y)
        elif sy == 1:
            shape_x[dx] = 1
            x = reshape(_reduce_sum(x, dx), shape_x)
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
    x = reshape(transpose(x, perm_x + axes_x), [free_x, size])
    y = reshape(transpose(y, axes_y + perm_y), [size, free_y])
    return reshape(matmul(x, y), shape_out)


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


# ---- permute (Paddle 3.x torch-style addition) -----------------------------------------------


def permute(input, *dims):
    """Tensor.permute(*dims) / paddle.permute(input, dims): transpose with `dims` given as a list or
    as separate ints."""
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = dims[0]
    return transpose(input, list(dims))


def _attach():
    attach({"matmul": matmul, "mm": mm, "bmm": bmm, "dot": dot, "outer": outer, "t": t,
            "norm": norm, "dist": dist, "cross": cross, "inverse": inverse, "cholesky": cholesky,
            "qr": qr, "matrix_power": matrix_power, "pinv": pinv, "solve": solve})
    attach({n: globals()[n] for n in ("mv", "swapaxes", "swapdims", "matrix_transpose", "bincount",
                                      "tensordot", "permute") if n not in METHODS})


_attach()
