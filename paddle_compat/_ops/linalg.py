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
from .math import multiply as _multiply
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
    if type(x) is Tensor and type(y) is Tensor and not STATE.observed and not transpose_x \
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
    (reshape2 + matmul_v2 in a legacy static program, reshape + multiply elsewhere, as Paddle
    composes it)."""
    nx, ny = reshape(x, [-1, 1]), reshape(y, [1, -1])
    if STATE.static and not STATE.pir:
        return matmul(nx, ny)
    return _multiply(nx, ny)


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


# =================================================================================================
# The rest of paddle.linalg (paddle/tensor/linalg.py): decompositions, solvers, statistics.
# Kernel ops carry Paddle's legacy op types and slots; APIs that Paddle composes in Python (cond,
# vecdot, cov, corrcoef, cholesky_inverse, ormqr, svd_lowrank, pca_lowrank) are composed here from
# the same public ops, so their static graphs, dtype rules and errors follow.
# =================================================================================================
from .._creation_core import to_tensor as _to_tensor  # noqa: E402
from ._checks import is_tensor_like  # noqa: E402
from .creation import assign as _assign  # noqa: E402
from .creation import full as _full  # noqa: E402

__all__ += ["cond", "vecdot", "cov", "corrcoef", "matrix_rank", "slogdet", "svdvals", "lu",
            "lu_solve", "lu_unpack", "eig", "eigvals", "eigvalsh", "multi_dot", "triangular_solve",
            "cholesky_solve", "cholesky_inverse", "lstsq", "householder_product", "ormqr",
            "matrix_exp", "svd_lowrank", "pca_lowrank", "fp8_fp8_half_gemm_fused"]

_LAPACK_TYPES = "float64, complex128, float32, complex64"


def _kernel_not_registered(op, t, supported=_LAPACK_TYPES):
    name = _dn(t)
    place = "GPU" if t.is_cuda else "CPU"
    return RuntimeError(
        f"(NotFound) The kernel with key ({place}, Undefined(AnyLayout), {name}) of kernel `{op}` is "
        f"not registered. Selected wrong DataType `{name}`. Paddle support following DataTypes: "
        f"{supported}.")


def _lapack_dtype(op, t):
    if t.dtype not in (torch.float32, torch.float64, torch.complex64, torch.complex128):
        raise _kernel_not_registered(op, t)


def _assert(ok, message):
    # Paddle checks these with Python `assert`; raised explicitly so they survive `python -O`.
    if not ok:
        raise AssertionError(message)


# ---- cond, vecdot -------------------------------------------------------------------------------
def cond(x, p=None, name=None):
    """paddle.linalg.cond(x, p=None, name=None): condition number of a matrix (or a batch) in the
    norm p: None/2/-2 (ratio of extreme singular values), 'fro', 'nuc', 1, -1, inf, -inf (square
    matrices only, through the inverse).

    Differences from Paddle: none known."""
    x_shape = list(x.shape)
    if not len(x_shape) >= 2:
        raise ValueError("input should be a matrix or batches of matrices, but the dimension of "
                         f"received input is {len(x_shape)}")
    if p is None:
        p = 2

    def mat_norm(a, porder, axis):
        s = a.abs().sum(axis=axis)
        return s.max(axis=-1) if porder in (1, np.inf) else s.min(axis=-1)

    def fro_norm(a):
        return a.pow(2).sum(axis=[-1]).sum(axis=[-1]).pow(0.5)

    def svd_norm(a, porder):
        s = svd(a, full_matrices=False)[1]
        if porder == "nuc":
            return s.sum(axis=[-1])
        mx, mn = s.max(axis=[-1]), s.min(axis=[-1])
        return mx / mn if porder == 2 else mn / mx

    if p in ("fro", "nuc", 1, -1, np.inf, -np.inf):
        if x_shape[-1] != x_shape[-2]:
            raise ValueError(f"only support p is {p} when input is a square matrix or batches of "
                             f"square matrices")
        x_inv = inverse(x)
        if p == "fro":
            return fro_norm(x) * fro_norm(x_inv)
        if p == "nuc":
            return svd_norm(x, p) * svd_norm(x_inv, p)
        axis = [-2] if p in (1, -1) else [-1]
        return mat_norm(x, p, axis) * mat_norm(x_inv, p, axis)
    if p in (2, -2):
        return svd_norm(x, p)
    raise ValueError(f"unsupported {p} for p, only supporting ('fro', 'nuc', 1, -1, 2, -2, inf, "
                     f"-inf) or none")


def vecdot(x, y, axis=-1, name=None):
    """paddle.linalg.vecdot(x, y, axis=-1, name=None): sum(conj(x) * y) along axis, broadcasting.

    Differences from Paddle: none known."""
    return (x.conj() * y).sum(axis=axis)


# ---- cov, corrcoef ------------------------------------------------------------------------------
def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    """paddle.linalg.cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    covariance matrix of the variables in the rows (rowvar=True) or columns of a 1-D/2-D x, with
    integer frequency weights and observation weights as numpy.cov.

    Differences from Paddle: none known."""
    if len(x.shape) > 2 or len(x.shape) < 1:
        raise ValueError("Input(x) only support N-D (1<=N<=2) tensor in cov, but received length "
                         f"of Input(input) is {len(x.shape)}.")
    if STATE.static:
        from ._checks import check_variable_and_dtype
        check_variable_and_dtype(x, "dtype", ["float32", "float64"], "cov")
    nx = reshape(x, (1, -1)) if len(x.shape) == 1 else x
    if not rowvar and nx.shape[0] != 1:
        nx = t(nx)
    w = None
    observation_num = nx.shape[1]
    if fweights is not None:
        w = fweights.astype(nx.dtype)
        if len(w.shape) > 1:
            raise ValueError("Input(fweights) only support N-D (N<=1) tensor in cov, but received "
                             f"shape of Input(input) is {len(fweights.shape)}.")
        if fweights.shape[0] != observation_num:
            raise ValueError(f"The number of Input(fweights) should equal to x's dim[1]: "
                             f"{observation_num}, but received size of Input(fweights) is "
                             f"{fweights.shape[0]}.")
        if fweights.min() < 0:
            raise ValueError("The value of Input(fweights) cannot be negative, but received min of "
                             f"Input(fweights) is {fweights.min().item()}.")
        if not bool((fweights == fweights.astype("float64").round().astype(fweights.dtype)).all()):
            raise ValueError("Input(fweights) must be integer ")
    if aweights is not None:
        aw = aweights.astype(nx.dtype)
        if len(aw.shape) > 1:
            raise ValueError("Input(aweights) only support N-D (N<=1) tensor in cov, but received "
                             f"length of Input(input) is {len(aweights.shape)}.")
        if aweights.shape[0] != observation_num:
            raise ValueError(f"The number of Input(aweights) should equal to x's dim[1]: "
                             f"{observation_num}, but received size of Input(aweights) is "
                             f"{aweights.shape[0]}.")
        if aweights.min() < 0:
            raise ValueError("The value of Input(aweights) cannot be negative, but received min of "
                             f"Input(aweights) is {aweights.min().item()}.")
        w = aw if w is None else w * aw
    if STATE.static and STATE.pir:
        # PIR's to_tensor of a Python int: an int64 assign_value cast to the dtype
        w_sum = _assign(np.array(observation_num, dtype="int64")).astype(nx.dtype)
    else:
        w_sum = _to_tensor(observation_num, dtype=nx.dtype)
    if fweights is not None or aweights is not None:
        w_sum = w.sum()
        if w_sum.item() == 0:
            raise ValueError("The sum of weights is zero, can't be normalized.")
    if w is not None:
        nx_w = nx * w
        avg = nx_w.sum(axis=1) / w_sum
    else:
        avg = nx.sum(axis=1) / w_sum
        nx_w = nx
    if w is not None and aweights is not None and ddof:
        norm_factor = w_sum - (w * aweights.astype(w.dtype)).sum() / w_sum
    else:
        norm_factor = w_sum - ddof
    norm_factor = norm_factor.clip(min=0)
    nx = nx - avg.unsqueeze(1)
    xxt = mm(nx, t(nx_w).conj())
    return (xxt / norm_factor).squeeze()


def corrcoef(x, rowvar=True, name=None):
    """paddle.linalg.corrcoef(x, rowvar=True, name=None): Pearson correlation coefficients (the
    covariance normalized by the standard deviations, clipped to [-1, 1]).

    Differences from Paddle: none known."""
    if len(x.shape) > 2 or len(x.shape) < 1:
        raise ValueError("Input(x) only support N-D (1<=N<=2) tensor in corrcoef, but received "
                         f"length of Input(input) is {len(x.shape)}.")
    if STATE.static:
        from ._checks import check_variable_and_dtype
        check_variable_and_dtype(x, "dtype", ["float32", "float64"], "corrcoef")
    c = cov(x, rowvar)
    if len(c.shape) == 0:
        return c / c            # nan for an invalid variance, 1 otherwise
    d = c.diag()
    if d.dtype.is_complex:
        d = d.real()
    stddev = d.sqrt()
    c = c / stddev.unsqueeze(1)
    c = c / stddev.unsqueeze(0)
    if c.dtype.is_complex:
        from .creation import complex as _complex
        return _complex(c.real().clip(-1, 1), c.imag().clip(-1, 1))
    return c.clip(-1, 1)


# ---- matrix_rank, slogdet, svdvals --------------------------------------------------------------
def _rank_dims(X):
    if X.dim() < 2:
        raise invalid_argument("The dims of input must be greater than 2.")
    _lapack_dtype("matrix_rank", X)


def _matrix_rank_kernel(X, TolTensor=None, tol=0.0, use_default_tol=True, hermitian=False):
    _rank_dims(X)
    if TolTensor is not None:
        return torch.linalg.matrix_rank(X, atol=TolTensor, rtol=0.0, hermitian=hermitian)
    if use_default_tol:
        return torch.linalg.matrix_rank(X, hermitian=hermitian)
    return torch.linalg.matrix_rank(X, atol=tol, rtol=0.0, hermitian=hermitian)


def _matrix_rank_atol_rtol_kernel(x, atol, rtol=None, hermitian=False):
    _rank_dims(x)
    return torch.linalg.matrix_rank(x, atol=atol, rtol=rtol, hermitian=hermitian)


MATRIX_RANK = defop("matrix_rank", _matrix_rank_kernel, inputs=("X", "TolTensor"),
                    attrs={"tol": 0.0, "use_default_tol": True, "hermitian": False},
                    api="paddle.linalg.matrix_rank")
MATRIX_RANK_ATOL_RTOL = defop("matrix_rank_atol_rtol", _matrix_rank_atol_rtol_kernel,
                              inputs=("x", "atol", "rtol"), outputs=("out",),
                              attrs={"hermitian": False}, api="paddle.linalg.matrix_rank")


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    """paddle.linalg.matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    the number of singular values (eigenvalue magnitudes when hermitian) above the tolerance: `tol`
    alone, or max(atol, rtol * largest); by default eps * max(m, n) * largest. int64 result.

    Differences from Paddle: none known."""
    target = {"complex64": "float32", "complex128": "float64"}.get(x.dtype.short, x.dtype.short)
    if atol is not None or rtol is not None:
        if tol is not None:
            raise ValueError("Only support to use tol alone or use atol and rtol without tol.")
        if atol is None:
            atol = _full([], 0.0, target)
        if isinstance(atol, (float, int)):
            atol = _full([], atol, target)
        if atol.dtype.short != target:
            atol = atol.astype(target)
        if rtol is not None:
            if isinstance(rtol, (float, int)):
                rtol = _full([], rtol, target)
            if rtol.dtype.short != target:
                rtol = rtol.astype(target)
        return apply_op(MATRIX_RANK_ATOL_RTOL, (x, atol, rtol), {"hermitian": hermitian})
    if is_tensor_like(tol):
        tol = tol if tol.dtype.short == target else tol.astype(target)
        return apply_op(MATRIX_RANK, (x, tol), {"tol": 0.0, "use_default_tol": False,
                                                "hermitian": hermitian})
    attrs = {"tol": 0.0 if tol is None else float(tol), "use_default_tol": tol is None,
             "hermitian": hermitian}
    return apply_op(MATRIX_RANK, (x, None), attrs)


def _slogdet_kernel(Input):
    if Input.dim() < 2:
        raise invalid_argument("the input matrix dimension size should greater than 2.")
    if Input.shape[-1] != Input.shape[-2]:
        raise invalid_argument("the input matrix should be square matrix.")
    _lapack_dtype("slogdet", Input)
    sign, logabs = torch.linalg.slogdet(Input)
    return torch.stack([sign, logabs.to(sign.dtype)])


SLOGDET = defop("slogdeterminant", _slogdet_kernel, inputs=("Input",), api="paddle.linalg.slogdet")


def slogdet(x, name=None):
    """paddle.linalg.slogdet(x, name=None): sign and natural log of |det| of square matrices,
    stacked into one tensor of shape [2, *batch].

    Differences from Paddle: none known."""
    return apply_op(SLOGDET, (x,))


def _svdvals_kernel(x):
    if x.dim() < 2:
        raise invalid_argument("The rank of input tensor must be >= 2")
    return torch.linalg.svdvals(x)


SVDVALS = defop("svdvals", _svdvals_kernel, inputs=("x",), outputs=("s",), api="paddle.linalg.svdvals")


def svdvals(x, name=None):
    """paddle.linalg.svdvals(x, name=None): singular values of a matrix (or batch), descending.

    Differences from Paddle: none known."""
    return apply_op(SVDVALS, (x,))


# ---- lu, lu_unpack, lu_solve ----------------------------------------------------------------------
def _lu_kernel(X, pivot=True):
    if X.dim() < 2:
        raise invalid_argument("The rank of input must greater than 2.")
    _lapack_dtype("lu", X)
    if not pivot:
        raise invalid_argument("lu without pivoting is not implemented on the CPU, but got "
                               "pivots=False")
    lu_, piv, info = torch.linalg.lu_factor_ex(X, pivot=True)
    return lu_, piv.to(torch.int32), info.to(torch.int32)


LU = defop("lu", _lu_kernel, outputs=("Out", "Pivots", "Infos"), attrs={"pivot": True},
           api="paddle.linalg.lu")


def lu(x, pivot=True, get_infos=False, name=None):
    """paddle.linalg.lu(x, pivot=True, get_infos=False, name=None): LU factorization with partial
    pivoting: (LU packed, 1-based int32 pivots[, int32 infos]).

    Differences from Paddle: pivot=False raises Paddle's CPU error on every device."""
    out, p, info = apply_op(LU, (x,), {"pivot": pivot})
    return (out, p, info) if get_infos else (out, p)


def _lu_unpack_kernel(X, Pivots, unpack_ludata=True, unpack_pivots=True):
    P, L, U = torch.lu_unpack(X, Pivots, unpack_data=unpack_ludata, unpack_pivots=unpack_pivots)
    empty = X.new_empty([0])
    return (P.to(X.dtype) if unpack_pivots else empty, L if unpack_ludata else empty,
            U if unpack_ludata else empty)


LU_UNPACK = defop("lu_unpack", _lu_unpack_kernel, inputs=("X", "Pivots"),
                  outputs=("Pmat", "L", "U"), attrs={"unpack_ludata": True, "unpack_pivots": True},
                  api="paddle.linalg.lu_unpack")


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """paddle.linalg.lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None): the
    permutation matrix P and the factors L, U of a packed LU (x) and its pivots (y); A = P L U.

    Differences from Paddle: none known."""
    if x.ndim < 2:
        raise ValueError(f"The shape of x should be (*, M, N), but received ndim is [{x.ndim} < 2]")
    if y.ndim < 1:
        raise ValueError(f"The shape of Pivots should be (*, K), but received ndim is [{y.ndim} < 1]")
    return apply_op(LU_UNPACK, (x, y), {"unpack_ludata": unpack_ludata,
                                        "unpack_pivots": unpack_pivots})


def _lu_solve_kernel(b, lu, pivots, trans="N"):
    batch = torch.broadcast_shapes(b.shape[:-2], lu.shape[:-2], pivots.shape[:-1])
    b = b.expand(batch + b.shape[-2:])
    lu = lu.expand(batch + lu.shape[-2:])
    pivots = pivots.expand(batch + pivots.shape[-1:])
    if trans == "N":
        return torch.linalg.lu_solve(lu, pivots, b)
    # Paddle solves A^T x = b for 'T' and 'C' alike; A^T = (conj A)^H.
    return torch.linalg.lu_solve(lu.conj(), pivots, b, adjoint=True)


LU_SOLVE = defop("lu_solve", _lu_solve_kernel, inputs=("b", "lu", "pivots"), outputs=("out",),
                 attrs={"trans": "N"}, api="paddle.linalg.lu_solve")


def lu_solve(b, lu, pivots, trans="N", name=None):
    """paddle.linalg.lu_solve(b, lu, pivots, trans='N', name=None): solve A x = b (trans 'N') or
    A^T x = b ('T', and 'C' which Paddle treats as 'T') from A's LU factorization.

    Differences from Paddle: none known."""
    if b.ndim < 2:
        raise ValueError(f"`b` dimension must be gather than 2, but got {len(b.shape)}")
    if lu.ndim < 2:
        raise ValueError(f"`lu` dimension must be gather than 2, but got {len(lu.shape)}")
    if pivots.ndim < 1:
        raise ValueError(f"`pivots` dimension must be gather than 1, but got {len(pivots.shape)}")
    if b.shape[-2] != lu.shape[-2]:
        raise ValueError(f"the rows of `b` must be equal to the rows of `lu`, but got "
                         f"{b.shape[-2]} and {lu.shape[-2]}")
    if lu.shape[-1] != lu.shape[-2]:
        raise ValueError(f"`lu` shape[-1] must be equal to `lu` shape[-2], but got "
                         f"{lu.shape[-1]} and {lu.shape[-2]}")
    if pivots.shape[-1] != lu.shape[-1]:
        raise ValueError(f"`pivots` shape[-1] must be equal to `lu` shape[-1], but got "
                         f"{pivots.shape[-1]} and {lu.shape[-1]}")
    trans = trans if trans == "N" else "T"
    return apply_op(LU_SOLVE, (b, lu, pivots), {"trans": trans})


# ---- eig, eigvals, eigvalsh -----------------------------------------------------------------------
def _eig_kernel(X):
    if X.dim() < 2:
        raise invalid_argument(f"Expects input tensor x to be not less than 2 dimensions, but got "
                               f"dimension {X.dim()}")
    if X.shape[-1] != X.shape[-2]:
        raise invalid_argument(f"The input matrix must be a square matrix, but receive a matrix "
                               f"with {X.shape[-2]} rows and {X.shape[-1]} columns")
    _lapack_dtype("eig", X)
    return tuple(torch.linalg.eig(X))


EIG = defop("eig", _eig_kernel, outputs=("Eigenvalues", "Eigenvectors"), api="paddle.linalg.eig")


def eig(x, name=None):
    """paddle.linalg.eig(x, name=None): eigenvalues and right eigenvectors (unit columns) of a
    general square matrix, as complex tensors.

    Differences from Paddle: eigenvectors are unique only up to a complex phase; LAPACK through
    torch and Paddle's kernel may choose different phases."""
    return apply_op(EIG, (x,))


def _eigvals_kernel(X):
    _lapack_dtype("eigvals", X)
    return torch.linalg.eigvals(X)


EIGVALS = defop("eigvals", _eigvals_kernel, api="paddle.linalg.eigvals")


def eigvals(x, name=None):
    """paddle.linalg.eigvals(x, name=None): eigenvalues of a general square matrix (complex).

    Differences from Paddle: the order of the eigenvalues is LAPACK's through torch and may differ
    from Paddle's kernel."""
    x_shape = list(x.shape)
    if len(x_shape) < 2:
        raise ValueError(f"The dimension of Input(x) should be at least 2, but received x's "
                         f"dimension = {len(x_shape)}, x's shape = {x_shape}")
    if x_shape[-1] != x_shape[-2]:
        raise ValueError(f"The last two dimensions of Input(x) should be equal, but received x's "
                         f"shape = {x_shape}")
    return apply_op(EIGVALS, (x,))


def _eigvalsh_kernel(X, UPLO="L", is_test=False):
    if X.dim() < 2:
        raise invalid_argument(f"The Input(X) should have at least 2 dimensions.But received a "
                               f"{X.dim()} dimension tensor.")
    if X.shape[-1] != X.shape[-2]:
        raise invalid_argument(
            f"Eigvalsh op is designed for square matrix, consequently inner-most 2 dimensions of "
            f"Input(X) should be symmetric. But received X's shape[-2] = {X.shape[-2]} and "
            f"shape[-1] = {X.shape[-1]}.")
    _lapack_dtype("eigvalsh", X)
    # Paddle's kernel reads the upper triangle for "U" and the lower one for anything else.
    return tuple(torch.linalg.eigh(X, UPLO="U" if UPLO == "U" else "L"))


EIGVALSH = defop("eigvalsh", _eigvalsh_kernel, outputs=("Eigenvalues", "Eigenvectors"),
                 attrs={"UPLO": "L", "is_test": False}, api="paddle.linalg.eigvalsh")


def eigvalsh(x, UPLO="L", name=None):
    """paddle.linalg.eigvalsh(x, UPLO='L', name=None): eigenvalues (ascending, real) of a
    Hermitian matrix read from its lower ('L') or upper ('U') triangle.

    Differences from Paddle: none known."""
    if STATE.static:
        if len(x.shape) < 2:
            raise ValueError("Input(input) only support >=2 tensor, but received length of "
                             f"Input(input) is {len(x.shape)}.")
        if x.shape[-1] != x.shape[-2]:
            raise ValueError("The input matrix must be batches of square matrices. But received "
                             f"x's dimension: {list(x.shape)}")
        if UPLO not in ("L", "U"):
            raise ValueError(f"UPLO must be L or U. But received UPLO is: {UPLO}")
    return apply_op(EIGVALSH, (x,), {"UPLO": UPLO, "is_test": bool(x.stop_gradient)})[0]


# ---- multi_dot, triangular_solve, cholesky_solve, cholesky_inverse -------------------------------
def _multi_dot_kernel(X):
    if len(X) < 2:
        raise invalid_argument("The number of input tensors in multi_dot op should > 1.")
    for other in X[1:]:
        _same_dtype(other, X[0])
    if X[0].dim() not in (1, 2):
        raise invalid_argument(f"multi_dot: the first input tensor must be 1D or 2D but "
                               f"got[{X[0].dim()}]!")
    if X[-1].dim() not in (1, 2):
        raise invalid_argument(f"the last input tensor of multi_dot must be 1D or 2D but "
                               f"got[{X[-1].dim()}]!")
    for i, m in enumerate(X[1:-1]):
        if m.dim() != 2:
            raise invalid_argument(f"the input tensor of multi_dot op must be 2D dimension, but "
                                   f"got[{m.dim()}] at position {i + 1}!")
    shapes = [list(m.shape) if m.dim() == 2 else ([1, m.shape[0]] if i == 0 else [m.shape[0], 1])
              for i, m in enumerate(X)]
    if any(a[1] != b[0] for a, b in zip(shapes, shapes[1:])):
        raise invalid_argument("the input matrix does not meet the multiplication requirements.")
    return torch.linalg.multi_dot(X)


MULTI_DOT = defop("multi_dot", _multi_dot_kernel, api="paddle.linalg.multi_dot")


def multi_dot(x, name=None):
    """paddle.linalg.multi_dot(x, name=None): the product of a list of matrices (the first and
    last may be vectors), evaluated in the cheapest order.

    Differences from Paddle: none known."""
    if STATE.static:
        from ._checks import check_type
        check_type(x, "x", (list, tuple), "multi_dot")
    return apply_op(MULTI_DOT, (list(x),))


def _triangular_solve_kernel(X, Y, upper=True, transpose=False, unitriangular=False):
    for slot, m in (("X", X), ("Y", Y)):
        if m.dim() < 2:
            raise invalid_argument(
                f"The input tensor {slot}'s dimensions of TriangularSolveOp should be >=2. But "
                f"received {slot}'s dimensions = {m.dim()}, {slot}'s shape = {list(m.shape)}")
    _same_dtype(Y, X)
    if X.shape[-1] != X.shape[-2] or X.shape[-1] != Y.shape[-2]:
        # Paddle 3.3.1 reads past the data here (values vary); a clear error instead.
        raise invalid_argument(
            f"The input X of TriangularSolveOp must be batches of square matrices whose size "
            f"equals the rows of Y, but received X's shape = {list(X.shape)} and Y's shape = "
            f"{list(Y.shape)}")
    _lapack_dtype("triangular_solve", X)
    if transpose:
        X, upper = X.mT, not upper
    return torch.linalg.solve_triangular(X, Y, upper=upper, left=True,
                                         unitriangular=unitriangular)


TRIANGULAR_SOLVE = defop("triangular_solve", _triangular_solve_kernel, inputs=("X", "Y"),
                         attrs={"upper": True, "transpose": False, "unitriangular": False},
                         api="paddle.linalg.triangular_solve")


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    """paddle.linalg.triangular_solve(x, y, upper=True, transpose=False, unitriangular=False,
    name=None): solve x z = y (x^T z = y when transpose) for a triangular x, batches broadcast.

    Differences from Paddle: an x whose size differs from y's rows raises ValueError (Paddle 3.3.1
    returns values read past the data)."""
    return apply_op(TRIANGULAR_SOLVE, (x, y), {"upper": upper, "transpose": transpose,
                                               "unitriangular": unitriangular})


def _cholesky_solve_kernel(X, Y, upper=False):
    if X.shape[-2] != Y.shape[-2]:
        raise invalid_argument(f"the first dim of Matrix X must be equal to the first dim of "
                               f"Matrix Y,But Got {X.shape[-2]} and {Y.shape[-2]}")
    _same_dtype(Y, X)
    if X.dtype not in (torch.float32, torch.float64, torch.complex64, torch.complex128):
        raise _kernel_not_registered("cholesky_solve", X)
    return torch.cholesky_solve(X, Y, upper=upper)


CHOLESKY_SOLVE = defop("cholesky_solve", _cholesky_solve_kernel, inputs=("X", "Y"),
                       attrs={"upper": False}, api="paddle.linalg.cholesky_solve")


def cholesky_solve(x, y, upper=False, name=None):
    """paddle.linalg.cholesky_solve(x, y, upper=False, name=None): solve A z = x given A's
    Cholesky factor y (lower, or upper when upper=True).

    Differences from Paddle: gradients are defined (Paddle 3.3.1 crashes computing them)."""
    return apply_op(CHOLESKY_SOLVE, (x, y), {"upper": upper})


def cholesky_inverse(x, upper=False, name=None):
    """paddle.linalg.cholesky_inverse(x, upper=False, name=None): the inverse of A from its 2-D
    Cholesky factor x (A = x x^T, or x^T x when upper).

    Differences from Paddle: none known."""
    if x.ndim != 2:
        raise ValueError("The input tensor must be 2-dimensional")
    if x.shape[0] != x.shape[1]:
        raise ValueError("The input tensor must be square matrix")
    a = matmul(t(x), x) if upper else matmul(x, t(x))
    return inverse(a)


# ---- lstsq ---------------------------------------------------------------------------------------
def _lstsq_kernel(X, Y, rcond=0.0, driver="gelsy"):
    torch_driver = driver if not X.is_cuda else None
    sol, _, rank, sv = torch.linalg.lstsq(X, Y, rcond=rcond, driver=torch_driver)
    m, n = X.shape[-2], X.shape[-1]
    empty = X.new_empty([0])
    full_rank = driver == "gels" or (rank.numel() > 0 and bool((rank == n).all()))
    if m > n and driver != "gelsy" and full_rank:
        residuals = (X @ sol - Y).abs().pow(2).sum(-2)
    else:
        residuals = empty
    if driver == "gels":
        rank_out = torch.empty([0], dtype=torch.int64, device=X.device)
    else:
        rank_out = rank.to(torch.int32)
    sv_out = sv if driver in ("gelsd", "gelss") else empty
    return sol, residuals, rank_out, sv_out


LSTSQ = defop("lstsq", _lstsq_kernel, inputs=("X", "Y"),
              outputs=("Solution", "Residuals", "Rank", "SingularValues"),
              attrs={"rcond": 0.0, "driver": "gelsy"}, api="paddle.linalg.lstsq")


def lstsq(x, y, rcond=None, driver=None, name=None):
    """paddle.linalg.lstsq(x, y, rcond=None, driver=None, name=None): least-squares solution of
    x z = y: (solution, residuals, rank, singular_values); CPU drivers gels, gelsy (default),
    gelsd, gelss; residuals only where m > n at full rank (not for gelsy), rank not for gels,
    singular values only for gelsd/gelss (empty tensors otherwise).

    Differences from Paddle: gradients are defined (Paddle's lstsq has none)."""
    from .._place import current_torch_device
    if current_torch_device().type == "cpu":
        if driver not in (None, "gels", "gelss", "gelsd", "gelsy"):
            raise ValueError("Only support valid driver is 'gels', 'gelss', 'gelsd', 'gelsy' or "
                             f"None for CPU inputs. But got {driver}")
        driver = "gelsy" if driver is None else driver
    else:
        if driver not in (None, "gels"):
            raise ValueError(f"Only support valid driver is 'gels' or None for CUDA inputs. But "
                             f"got {driver}")
        driver = "gels" if driver is None else driver
    if not (x.dtype == y.dtype and x.dtype.short in ("float32", "float64")):
        raise ValueError("Only support x and y have the same dtype such as 'float32' and "
                         "'float64'.")
    if x.ndim < 2:
        raise ValueError(f"The shape of x should be (*, M, N), but received ndim is [{x.ndim} < 2]")
    if y.ndim < 2:
        raise ValueError(f"The shape of y should be (*, M, K), but received ndim is [{y.ndim} < 2]")
    if x.shape[-2] != y.shape[-2]:
        raise ValueError(f"x with shape (*, M = {x.shape[-2]}, N) and y with shape (*, M = "
                         f"{y.shape[-2]}, K) should have same M.")
    if rcond is None:
        eps = 1e-7 if x.dtype.short == "float32" else 1e-15
        rcond = eps * max(x.shape[-2], x.shape[-1])
    return apply_op(LSTSQ, (x, y), {"rcond": float(rcond), "driver": driver})


# ---- householder_product, ormqr -----------------------------------------------------------------
def _householder_one(x, tau):
    m, n = x.shape[-2], x.shape[-1]
    Q = torch.eye(m, dtype=x.dtype, device=x.device)
    for i in range(min(tau.shape[-1], n)):
        w = torch.cat([torch.ones(1, dtype=x.dtype, device=x.device), x[i + 1:, i]]).reshape(-1, 1)
        wt = w.conj().T if x.is_complex() else w.T
        Q = torch.cat([Q[:, :i], Q[:, i:] - Q[:, i:] @ w @ wt * tau[i]], dim=1)
    return Q[:, :n]


def _householder_kernel(x, tau):
    if x.dim() == 2:
        return _householder_one(x, tau)
    flat_x = x.reshape(-1, x.shape[-2], x.shape[-1])
    flat_tau = tau.reshape(-1, tau.shape[-1])
    return torch.stack([_householder_one(a, b) for a, b in zip(flat_x, flat_tau)]).reshape(x.shape)


HOUSEHOLDER = defop("householder_product", _householder_kernel, inputs=("x", "tau"),
                    outputs=("out",), api="paddle.linalg.householder_product",
                    notes="paddle_compat op type; Paddle composes it from set_value/matmul ops")


def householder_product(x, tau, name=None):
    """paddle.linalg.householder_product(x, tau, name=None): the first n columns of the product of
    Householder reflectors H_i = I - tau_i v_i v_i^H (v_i from x's columns below the diagonal).

    Differences from Paddle: recorded as one `householder_product` op (Paddle composes it), and
    gradients are defined (Paddle 3.3.1 fails computing them after its in-place writes)."""
    if STATE.static:
        from ._checks import check_dtype
        kinds = ["float16", "float32", "float64", "complex64", "complex128"]
        check_dtype(x.dtype, "x", kinds, "householder_product")
        check_dtype(tau.dtype, "tau", kinds, "householder_product")
    _assert(x.dtype == tau.dtype, "The input x must have the same dtype with input tau.\n")
    _assert(len(x.shape) >= 2 and len(tau.shape) >= 1 and len(x.shape) == len(tau.shape) + 1,
            "The input x must have more than 2 dimensions, and input tau must have more than 1 "
            "dimension,and the dimension of x is 1 larger than the dimension of tau\n")
    _assert(x.shape[-2] >= x.shape[-1],
            "The rows of input x must be greater than or equal to the columns of input x.\n")
    _assert(x.shape[-1] >= tau.shape[-1], "The last dim of x must be greater than tau.\n")
    for idx in range(len(x.shape) - 2):
        _assert(x.shape[idx] == tau.shape[idx],
                "The input x must have the same batch dimensions with input tau.\n")
    return apply_op(HOUSEHOLDER, (x, tau))


def ormqr(x, tau, y, left=True, transpose=False, name=None):
    """paddle.linalg.ormqr(x, tau, y, left=True, transpose=False, name=None): op(Q) @ y (left) or
    y @ op(Q), Q from the Householder reflectors (x, tau), op = transpose when transpose.

    Differences from Paddle: none known."""
    if STATE.static:
        from ._checks import check_dtype, check_type
        check_dtype(y.dtype, "y", ["float16", "float32", "float64", "complex64", "complex128"],
                    "ormqr")
        check_type(left, "left", bool, "ormqr")
        check_type(transpose, "transpose", bool, "ormqr")
    _assert(x.dtype == tau.dtype and x.dtype == y.dtype,
            "The input tau and y must have the same dtype with the x.\n")
    _assert(len(x.shape) >= 2 and len(y.shape) >= 2 and len(tau.shape) >= 1,
            "The input x and y must have more than 2 dimensions, and input tau must have more than "
            "1 dimension")
    _assert(len(x.shape) == len(tau.shape) + 1 and len(x.shape) == len(y.shape),
            "the dimension of x is 1 larger than the dimension of tau\n and the dimension of x is "
            "equal to the dimension of input")
    _assert(x.shape[-1] == tau.shape[-1], "The innermost dimension of x and tau should be the same")
    if transpose and left:
        _assert(x.shape[-2] == y.shape[-2], "The row dimensions of x and y should be the same")
    elif not transpose and left:
        _assert(x.shape[-1] == y.shape[-2],
                "The column dimension of x and the row dimension of y should be the same")
    elif transpose and not left:
        _assert(x.shape[-2] == y.shape[-1],
                "The row dimension of x and the column dimension of y should be the same")
    else:
        _assert(x.shape[-1] == y.shape[-1],
                "The column dimensions of Impt and Osser's should be the same")
    if len(x.shape) == 3:
        _assert(x.shape[0] == y.shape[0] and x.shape[0] == tau.shape[0],
                "The input and tau and y parameters should have the same batch")
    q = householder_product(x, tau)
    if transpose:
        q = t(q) if len(x.shape) == 2 else transpose_op(q, [0, 2, 1])
    return matmul(q, y) if left else matmul(y, q)


transpose_op = transpose      # `ormqr`'s argument named transpose shadows the op inside it


# ---- matrix_exp --------------------------------------------------------------------------------
MATRIX_EXP = defop("matrix_exp", lambda X: torch.linalg.matrix_exp(X), api="paddle.linalg.matrix_exp",
                   notes="paddle_compat op type; Paddle composes a Pade approximation with "
                         "scaling and squaring from several ops")


def matrix_exp(x, name=None):
    """paddle.linalg.matrix_exp(x, name=None): the matrix exponential of square float32/float64
    matrices (0-D and 1x1 inputs: the elementwise exponential).

    Differences from Paddle: recorded as one `matrix_exp` op on torch.linalg.matrix_exp (Paddle
    composes a Pade approximation from several ops); results agree to rounding."""
    mat_a = x if is_tensor_like(x) else _to_tensor(x)
    dtype = mat_a.dtype.short
    if dtype not in ["float32", "float64"]:
        raise ValueError(f"The input tensor's dtype must be float32 or float64, but got {dtype}")
    if mat_a.ndim == 0:
        return mat_a.exp()
    if mat_a.ndim < 2:
        raise ValueError("The input tensor must be at least two-dimensional")
    if mat_a.shape[-1] != mat_a.shape[-2]:
        raise ValueError("Last 2 dimensions of the tensor must be square")
    if list(mat_a.shape[-2:]) == [1, 1]:
        return mat_a.exp()
    return apply_op(MATRIX_EXP, (mat_a,))


# ---- svd_lowrank, pca_lowrank (Halko et al.'s randomized range finder, as Paddle) -----------------
def _swap_last(x):
    perm = list(range(len(x.shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return transpose(x, perm)


def _conj(x):
    return x.conj() if x.dtype.is_complex else x


def _approximate_basis(x, q, niter=2, M=None):
    from .random import randn
    niter = 2 if niter is None else niter
    n = x.shape[-1]
    R = randn((n, q), dtype=x.dtype)
    A_H = _conj(_swap_last(x))
    if M is None:
        Q = qr(matmul(x, R))[0]
        for _ in range(niter):
            Q = qr(matmul(A_H, Q))[0]
            Q = qr(matmul(x, Q))[0]
    else:
        M_H = _conj(_swap_last(M))
        Q = qr(matmul(x, R) - matmul(M, R))[0]
        for _ in range(niter):
            Q = qr(matmul(A_H, Q) - matmul(M_H, Q))[0]
            Q = qr(matmul(x, Q) - matmul(M, Q))[0]
    return Q


def svd_lowrank(x, q=None, niter=2, M=None, name=None):
    """paddle.linalg.svd_lowrank(x, q=None, niter=2, M=None, name=None): approximate rank-q SVD
    (U, S, V) of x - M by a randomized range finder with niter power iterations.

    Differences from Paddle: the random projection is drawn from paddle_compat's generator, so
    U, S, V equal Paddle's only where the approximation is exact (q at least the rank)."""
    if not is_tensor_like(x):
        raise ValueError(f"Input must be tensor, but got {type(x)}")
    m, n = x.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif min(m, n) != 0 and not (0 <= q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)="
                         f"{min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    M_t = None
    if M is not None:
        M = M.broadcast_to(x.shape)
        M_t = _swap_last(M)
    A_t = _swap_last(x)
    if m < n or n > q:
        Q = _approximate_basis(A_t, q, niter=niter, M=M_t)
        Q_c = _conj(Q)
        B_t = matmul(x, Q_c) if M is None else matmul(x, Q_c) - matmul(M, Q_c)
        U, S, Vh = svd(B_t, full_matrices=False)
        V = matmul(Q, _conj(_swap_last(Vh)))
    else:
        Q = _approximate_basis(x, q, niter=niter, M=M)
        Q_c = _conj(Q)
        B = matmul(A_t, Q_c) if M is None else matmul(A_t, Q_c) - matmul(M_t, Q_c)
        U, S, Vh = svd(_swap_last(B), full_matrices=False)
        V = _conj(_swap_last(Vh))
        U = matmul(Q, U)
    return U, S, V


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """paddle.linalg.pca_lowrank(x, q=None, center=True, niter=2, name=None): approximate principal
    components: svd_lowrank of x minus its column means (when center).

    Differences from Paddle: as svd_lowrank (random projection from paddle_compat's generator)."""
    if not is_tensor_like(x):
        raise ValueError(f"Input must be tensor, but got {type(x)}")
    m, n = x.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (0 <= q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)="
                         f"{min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return svd_lowrank(x, q, niter=niter, M=None)
    return svd_lowrank(x - x.mean(axis=-2, keepdim=True), q, niter=niter, M=None)


def fp8_fp8_half_gemm_fused(x, y, transpose_x=False, transpose_y=False, bias=None,
                            output_dtype="float16", scale=1.0, act="identity", name=None):
    """paddle.linalg.fp8_fp8_half_gemm_fused: a CUDA-only fused FP8 GEMM (SM89+ kernels).

    Differences from Paddle: not provided; it raises NotImplementedError naming what to use."""
    raise NotImplementedError(
        "paddle.linalg.fp8_fp8_half_gemm_fused is a CUDA-only fused FP8 kernel that paddle_compat "
        "does not provide; use paddle.matmul on float16/bfloat16 tensors (then add bias and the "
        "activation) instead")


def _attach_rest():
    # Paddle 3.3.1's Tensor has these as methods (not matrix_rank, triangular_solve, matrix_exp).
    attach({"cond": cond, "cov": cov, "corrcoef": corrcoef, "slogdet": slogdet, "lu": lu,
            "lu_unpack": lu_unpack, "eig": eig, "eigvals": eigvals, "eigvalsh": eigvalsh,
            "multi_dot": multi_dot, "cholesky_solve": cholesky_solve,
            "cholesky_inverse": cholesky_inverse, "lstsq": lstsq,
            "householder_product": householder_product, "ormqr": ormqr,
            "svd_lowrank": svd_lowrank, "pca_lowrank": pca_lowrank})


_attach_rest()


# ---- newer functions of tensor/linalg.py (Paddle 3.x): cdist, the histograms, t_ ----------------
from .creation import inplace  # noqa: E402  (the in-place helper; creation is a floor below)

_CDIST = defop("cdist", lambda x, y, p=2.0: torch.cdist(x, y, p, compute_mode="donot_use_mm_for_euclid_dist"),
               inputs=("X", "Y"), attrs={"p": 2.0}, api="paddle.cdist")


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    """paddle.cdist(x, y, p=2.0, compute_mode=...): the p-norm distance between each row pair of
    x [B.., P, M] and y [B.., R, M] -> [B.., P, R]; float32/float64 only.

    Differences from Paddle: the distance is always computed directly (compute_mode's matrix-
    multiplication shortcut is not taken), which is the more accurate of Paddle's two paths."""
    xs, ys = list(x.shape), list(y.shape)
    if len(xs) < 2 or len(ys) < 2:
        raise AssertionError(f"x and y must have at least 2 dimensions, but got {len(xs)} and "
                             f"{len(ys)}")
    if xs[-1] != ys[-1]:
        raise AssertionError("The x and y must have same last dimension, But received Input x's "
                             f"last dimension is {xs[-1]}, Input y's last dimension is {ys[-1]}.\n")
    for v in (x, y):
        if v.dtype.short not in ("float32", "float64"):
            raise RuntimeError("(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                               f"{v.dtype.short}) of kernel `p_norm` is not registered. Selected "
                               f"wrong DataType `{v.dtype.short}`. Paddle support following "
                               "DataTypes: float64, float32.")
    if p < 0:
        raise ValueError(f"cdist only supports non-negative p values, but got {p}")
    if x.dtype != y.dtype:      # Paddle promotes float32 with float64 (with a warning)
        x, y = (x.astype("float64"), y) if y.dtype.short == "float64" else (x, y.astype("float64"))
    return apply_op(_CDIST, (x, y), {"p": float(p)})


def _hist_range(x, min, max):
    lo, hi = float(min), float(max)
    if lo == 0 and hi == 0 and x.numel():
        lo, hi = float(x.min()), float(x.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    return lo, hi


def _histogram(x, weight=None, bins=100, min=0.0, max=0.0, density=False):
    lo, hi = _hist_range(x, min, max)
    v = x.reshape(-1).to(torch.float64)
    keep = (v >= lo) & (v <= hi)
    idx = ((v - lo) * bins / (hi - lo)).floor().long().clamp(0, bins - 1)
    w = torch.ones_like(v) if weight is None else weight.reshape(-1).to(torch.float64)
    counts = torch.zeros(bins, dtype=torch.float64, device=x.device).index_add_(
        0, idx[keep], w[keep])
    if density:
        counts = counts / (counts.sum() * (hi - lo) / bins)
        return counts.to(torch.float32)
    if weight is None:
        return counts.to(torch.int64)
    return counts.to(weight.dtype)


_HISTOGRAM = defop("histogram", _histogram, inputs=("X", "Weight"),
                   attrs={"bins": 100, "min": 0.0, "max": 0.0, "density": False},
                   api="paddle.histogram")


def _check_hist(bins, min, max):
    if bins <= 0:
        raise invalid_argument(f"The bins should be greater than 0. But received bins is {bins}")
    if max < min:
        raise invalid_argument(f"max must be larger or equal to min.But received max is {max:f}, "
                               f"min is {min:f}")


def histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False, name=None):
    """paddle.histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False): counts of
    the values in `bins` equal bins over [min, max] (the data's range when both are 0). int64
    counts; with `weight` the weights' dtype (which must be input's); with density float32.
    The gradient is not defined (the counts are stop_gradient)."""
    _check_hist(bins, min, max)
    if weight is not None and weight.dtype != input.dtype:
        raise invalid_argument("The type of data we are trying to retrieve "
                               f"({weight.dtype.short}) does not match the type of data "
                               f"({input.dtype.short}) currently contained in the container.")
    return apply_op(_HISTOGRAM, (input, weight), {"bins": int(bins), "min": float(min),
                                                  "max": float(max), "density": bool(density)})


def _bin_edges(x, bins=100, min=0.0, max=0.0):
    lo, hi = _hist_range(x, min, max)
    return torch.linspace(lo, hi, bins + 1, dtype=torch.float32, device=x.device)


_BIN_EDGES = defop("histogram_bin_edges", _bin_edges, attrs={"bins": 100, "min": 0.0, "max": 0.0},
                   api="paddle.histogram_bin_edges")


def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None):
    """paddle.histogram_bin_edges(input, bins=100, min=0.0, max=0.0): the bins + 1 float32 edges
    paddle.histogram uses."""
    _check_hist(bins, min, max)
    return apply_op(_BIN_EDGES, (input,), {"bins": int(bins), "min": float(min),
                                           "max": float(max)})


def _histogramdd(x, weights=None, bins=(), ranges=None, density=False):
    d = x.shape[-1]
    pts = x.reshape(-1, d).to(torch.float64)
    edges = []
    for i in range(d):
        if ranges is None:
            lo, hi = (float(pts[:, i].min()), float(pts[:, i].max())) if pts.shape[0] else (0., 0.)
        else:
            lo, hi = float(ranges[2 * i]), float(ranges[2 * i + 1])
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5    # numpy's (and Paddle's) widening of an empty range
        edges.append(torch.linspace(lo, hi, bins[i] + 1, dtype=torch.float64, device=x.device))
    hist, _ = torch.histogramdd(pts.cpu(), [e.cpu() for e in edges],
                                weight=None if weights is None else
                                weights.reshape(-1).to(torch.float64).cpu(), density=density)
    return [hist.to(x.dtype).to(x.device)] + [e.to(x.dtype) for e in edges]


_HISTOGRAMDD = defop("histogramdd", _histogramdd, inputs=("X", "Weights"),
                     outputs=("Hist", "Edges"),
                     attrs={"bins": [], "ranges": None, "density": False},
                     api="paddle.histogramdd")


def histogramdd(x, bins=10, ranges=None, density=False, weights=None, name=None):
    """paddle.histogramdd(x, bins=10, ranges=None, density=False, weights=None): the D-dimensional
    histogram of the points x [..., D]; returns (hist, [edges per dimension]).

    Differences from Paddle: `bins` as a list of edge tensors is not supported (Paddle 3.3.1
    rejects it too, with "The type of 0-th element in bins list must be int.")."""
    d = x.shape[-1]
    if isinstance(bins, int):
        bins = [bins] * d
    for i, b in enumerate(bins):
        if not isinstance(b, int):
            raise ValueError(f"The type of {i}-th element in bins list must be int.")
    if len(bins) != d:
        raise ValueError(f"The length of bins must be equal to the last dimension of x, but got "
                         f"{len(bins)} and {d}")
    if ranges is not None and len(ranges) != 2 * d:
        raise ValueError("The length of ranges must be twice the last dimension of x")
    out = apply_op(_HISTOGRAMDD, (x, weights), {
        "bins": list(bins), "ranges": None if ranges is None else [float(r) for r in ranges],
        "density": bool(density)})
    return out[0], list(out[1:])


t_ = inplace(t, "t_", reshape=True)

__all__ += ["cdist", "histogram", "histogram_bin_edges", "histogramdd", "t_"]
attach({n: globals()[n] for n in ("cdist", "histogram", "histogram_bin_edges", "histogramdd", "t_")
        if n not in METHODS})
