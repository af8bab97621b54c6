"""Record Paddle 3.3.1's paddle.linalg behaviour (the names beyond the basic ones of ops_manip.json)
into conformance/goldens/linalg.json (read by tests/test_linalg.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_linalg.py

Each case is a Python expression evaluated after SETUP with `paddle` bound to the module under test;
the golden stores the result (dtype, shape, values, stop_gradient) or the exception class and message
(Paddle's C++ "(at file:line)" suffix and "[Hint: ...]" block removed). Decompositions whose factors
are unique only up to signs/phases (eig's vectors) are recorded through invariants (A v = w v,
|v| columns); gradients through `G(fn, x)`, the gradient of sum(fn(x) * w) for a fixed weight w.
Left out on purpose (Paddle 3.3.1 bugs not copied; tests/test_linalg.py checks paddle_compat there
against finite differences or numpy): the gradients of cholesky_solve (segmentation fault),
householder_product (in-place version error), multi_dot (nullptr error), triangular_solve with
respect to x (denormal garbage) and lstsq (no gradient); triangular_solve with x's size different
from y's rows (reads past the data).
Random-projection APIs (svd_lowrank, pca_lowrank) are recorded through their singular values
(exact when q reaches the rank), which do not depend on the random draw.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = """
import numpy as np
T = paddle.to_tensor
A = T([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])
A64 = T([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]], dtype='float64')
B = T([[1., 2.], [3., 4.], [5., 6.]])
N = T([[0., 2., 1.], [1., 1., 0.], [3., 0., 1.]])
R = T([[1., 2., 3.], [2., 4., 6.], [1., 0., 1.]])
Ab = T(np.stack([np.array([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]]), np.array([[2., 0., 1.], [0., 3., 0.], [1., 0., 4.]])]).astype('float32'))
C = T(np.array([[2 + 1j, 1 - 1j], [0.5j, 3 + 0j]], dtype='complex64'))
L = T([[2., 0., 0.], [1., 3., 0.], [0.5, 1., 4.]])
U = T([[2., 1., 0.5], [0., 3., 1.], [0., 0., 4.]])
W = T([[3., 1., 2.], [2., 4., 1.], [1., 2., 5.], [0., 1., 1.]])
x1 = T([1., 2., 3.]); y1 = T([4., 5., 6.])
X = T([[1., 2., 4., 7.], [2., 1., 0., 1.], [3., 5., 1., 2.]])
def G(fn, x, dtype=None):
    x = paddle.to_tensor(x.numpy(), stop_gradient=False)
    y = fn(x)
    ys = y if isinstance(y, (list, tuple)) else [y]
    loss = 0
    for k, t in enumerate(ys):
        w = paddle.arange(t.size, dtype=str(t.dtype).replace('paddle.', '')).reshape(t.shape) / 7.0 + 1.0 + k
        loss = loss + (t * w).sum()
    (g,) = paddle.grad([loss], [x])
    return g
def EIGCHK(x):
    w, v = paddle.linalg.eig(x)
    xc = paddle.cast(x, w.dtype)
    return [w.real().sort(), (paddle.abs(xc @ v - v * w.unsqueeze(-2)).max() < 1e-4), paddle.abs(v).pow(2).sum(-2)]
def SORTC(w):
    return paddle.stack([paddle.sort(w.real()), paddle.sort(w.imag())])
"""

CASES = {
    # ---- cond ------------------------------------------------------------------------------------
    "cond": "paddle.linalg.cond(A)", "cond_fro": "paddle.linalg.cond(A, p='fro')",
    "cond_nuc": "paddle.linalg.cond(A, p='nuc')", "cond_1": "paddle.linalg.cond(A, p=1)",
    "cond_m1": "paddle.linalg.cond(A, p=-1)", "cond_inf": "paddle.linalg.cond(A, p=np.inf)",
    "cond_minf": "paddle.linalg.cond(A, p=-np.inf)", "cond_m2": "paddle.linalg.cond(A, p=-2)",
    "cond_rect": "paddle.linalg.cond(B)", "cond_rect_fro": "paddle.linalg.cond(B, p='fro')",
    "cond_batch": "paddle.linalg.cond(Ab, p=1)", "cond_1d": "paddle.linalg.cond(x1)",
    "cond_bad_p": "paddle.linalg.cond(A, p=3)", "cond_f64": "paddle.linalg.cond(A64, p='fro')",
    "cond_grad": "G(lambda x: paddle.linalg.cond(x), A64)",
    # ---- vecdot, multi_dot -------------------------------------------------------------------------
    "vecdot": "paddle.linalg.vecdot(x1, y1)", "vecdot_axis": "paddle.linalg.vecdot(B, B, axis=0)",
    "vecdot_c": "paddle.linalg.vecdot(C, C)", "vecdot_bcast": "paddle.linalg.vecdot(B, T([1., -1.]))",
    "multi_dot": "paddle.linalg.multi_dot([A, B, T([[1.], [2.]])])",
    "multi_dot_vec": "paddle.linalg.multi_dot([x1, A, y1])", "multi_dot_2": "paddle.linalg.multi_dot([A, A])",
    "multi_dot_one": "paddle.linalg.multi_dot([A])", "multi_dot_bad": "paddle.linalg.multi_dot([A, T([[1., 2.]])])",
    "multi_dot_3d": "paddle.linalg.multi_dot([Ab, A])",
    "multi_dot_dtype": "paddle.linalg.multi_dot([A, A64])",
    # ---- cov, corrcoef -----------------------------------------------------------------------------
    "cov": "paddle.linalg.cov(X)", "cov_colvar": "paddle.linalg.cov(X, rowvar=False)",
    "cov_ddof0": "paddle.linalg.cov(X, ddof=False)", "cov_1d": "paddle.linalg.cov(x1)",
    "cov_fw": "paddle.linalg.cov(X, fweights=T([1, 2, 1, 3]))",
    "cov_aw": "paddle.linalg.cov(X, aweights=T([0.5, 1., 2., 1.]))",
    "cov_fw_aw": "paddle.linalg.cov(X, fweights=T([1, 2, 1, 3]), aweights=T([0.5, 1., 2., 1.]))",
    "cov_fw_neg": "paddle.linalg.cov(X, fweights=T([1, -2, 1, 3]))",
    "cov_fw_len": "paddle.linalg.cov(X, fweights=T([1, 2]))",
    "cov_aw_2d": "paddle.linalg.cov(X, aweights=T([[1., 1., 1., 1.]]))",
    "cov_3d": "paddle.linalg.cov(Ab)", "cov_int": "paddle.linalg.cov(T([[1, 2], [3, 5]]))",
    "cov_grad": "G(lambda x: paddle.linalg.cov(x), X)",
    "corrcoef": "paddle.linalg.corrcoef(X)", "corrcoef_col": "paddle.linalg.corrcoef(X, rowvar=False)",
    "corrcoef_1d": "paddle.linalg.corrcoef(x1)", "corrcoef_3d": "paddle.linalg.corrcoef(Ab)",
    "corrcoef_int": "paddle.linalg.corrcoef(T([[1, 2], [3, 5]]))",
    # ---- matrix_rank -------------------------------------------------------------------------------
    "rank": "paddle.linalg.matrix_rank(R)", "rank_full": "paddle.linalg.matrix_rank(A)",
    "rank_batch": "paddle.linalg.matrix_rank(Ab)", "rank_tol": "paddle.linalg.matrix_rank(A, tol=2.0)",
    "rank_tol_T": "paddle.linalg.matrix_rank(A, tol=T(2.0))",
    "rank_herm": "paddle.linalg.matrix_rank(A, hermitian=True)",
    "rank_atol": "paddle.linalg.matrix_rank(A, atol=2.0)", "rank_rtol": "paddle.linalg.matrix_rank(A, rtol=0.5)",
    "rank_atol_rtol": "paddle.linalg.matrix_rank(A, atol=0.1, rtol=0.5)",
    "rank_tol_atol": "paddle.linalg.matrix_rank(A, tol=1.0, atol=2.0)",
    "rank_rect": "paddle.linalg.matrix_rank(B)", "rank_c": "paddle.linalg.matrix_rank(C)",
    "rank_1d": "paddle.linalg.matrix_rank(x1)",
    # ---- slogdet, svdvals --------------------------------------------------------------------------
    "slogdet": "paddle.linalg.slogdet(A)", "slogdet_neg": "paddle.linalg.slogdet(N)",
    "slogdet_batch": "paddle.linalg.slogdet(Ab)", "slogdet_f64": "paddle.linalg.slogdet(A64)",
    "slogdet_sing": "paddle.linalg.slogdet(R)", "slogdet_rect": "paddle.linalg.slogdet(B)",
    "slogdet_1d": "paddle.linalg.slogdet(x1)", "slogdet_int": "paddle.linalg.slogdet(T([[1, 2], [3, 4]]))",
    "slogdet_grad": "G(lambda x: paddle.linalg.slogdet(x), N)",
    "svdvals": "paddle.linalg.svdvals(B)", "svdvals_batch": "paddle.linalg.svdvals(Ab)",
    "svdvals_f64": "paddle.linalg.svdvals(A64)", "svdvals_1d": "paddle.linalg.svdvals(x1)",
    "svdvals_grad": "G(lambda x: paddle.linalg.svdvals(x), B)",
    # ---- lu, lu_unpack, lu_solve -------------------------------------------------------------------
    "lu": "paddle.linalg.lu(N)", "lu_infos": "paddle.linalg.lu(N, get_infos=True)",
    "lu_batch": "paddle.linalg.lu(Ab)", "lu_rect": "paddle.linalg.lu(B)", "lu_wide": "paddle.linalg.lu(B.T)",
    "lu_sing": "paddle.linalg.lu(R, get_infos=True)", "lu_f64": "paddle.linalg.lu(A64)",
    "lu_nopivot": "paddle.linalg.lu(A, pivot=False)", "lu_1d": "paddle.linalg.lu(x1)",
    "lu_int": "paddle.linalg.lu(T([[1, 2], [3, 4]]))",
    "lu_grad": "G(lambda x: paddle.linalg.lu(x)[0], N)",
    "lu_unpack": "paddle.linalg.lu_unpack(*paddle.linalg.lu(N))",
    "lu_unpack_rect": "paddle.linalg.lu_unpack(*paddle.linalg.lu(B))",
    "lu_unpack_wide": "paddle.linalg.lu_unpack(*paddle.linalg.lu(B.T))",
    "lu_unpack_batch": "paddle.linalg.lu_unpack(*paddle.linalg.lu(Ab))",
    "lu_unpack_noP": "paddle.linalg.lu_unpack(*paddle.linalg.lu(N), unpack_pivots=False)",
    "lu_unpack_noLU": "paddle.linalg.lu_unpack(*paddle.linalg.lu(N), unpack_ludata=False)",
    "lu_unpack_1d": "paddle.linalg.lu_unpack(x1, T([1, 2, 3], dtype='int32'))",
    "lu_unpack_grad": "G(lambda x: paddle.linalg.lu_unpack(x, paddle.linalg.lu(N)[1])[1:], N)",
    "lu_solve": "paddle.linalg.lu_solve(B, *paddle.linalg.lu(N))",
    "lu_solve_T": "paddle.linalg.lu_solve(B, *paddle.linalg.lu(N), trans='T')",
    "lu_solve_C": "paddle.linalg.lu_solve(B, *paddle.linalg.lu(N), trans='C')",
    "lu_solve_batch": "paddle.linalg.lu_solve(T(np.ones([2, 3, 1], 'float32')), *paddle.linalg.lu(Ab))",
    "lu_solve_bcast": "paddle.linalg.lu_solve(B, *paddle.linalg.lu(Ab))",
    "lu_solve_b1d": "paddle.linalg.lu_solve(x1, *paddle.linalg.lu(N))",
    "lu_solve_rows": "paddle.linalg.lu_solve(T([[1.], [2.]]), *paddle.linalg.lu(N))",
    "lu_solve_rect": "paddle.linalg.lu_solve(B, *paddle.linalg.lu(B))",
    "lu_solve_grad": "G(lambda b: paddle.linalg.lu_solve(b, *paddle.linalg.lu(N)), B)",
    # ---- eig, eigvals, eigvalsh --------------------------------------------------------------------
    "eig_chk": "EIGCHK(N)", "eig_sym_chk": "EIGCHK(A)", "eig_batch_chk": "[EIGCHK(Ab[0]), EIGCHK(Ab[1])]",
    "eig_dtype": "[t.dtype for t in paddle.linalg.eig(A)]", "eig_dtype64": "[t.dtype for t in paddle.linalg.eig(A64)]",
    "eig_shape": "[t.shape for t in paddle.linalg.eig(Ab)]",
    "eig_rect": "paddle.linalg.eig(B)", "eig_1d": "paddle.linalg.eig(x1)",
    "eigvals": "SORTC(paddle.linalg.eigvals(N))", "eigvals_sym": "SORTC(paddle.linalg.eigvals(A))",
    "eigvals_dtype": "paddle.linalg.eigvals(A64).dtype", "eigvals_c": "SORTC(paddle.linalg.eigvals(C))",
    "eigvals_rect": "paddle.linalg.eigvals(B)", "eigvals_1d": "paddle.linalg.eigvals(x1)",
    "eigvalsh": "paddle.linalg.eigvalsh(A)", "eigvalsh_U": "paddle.linalg.eigvalsh(N, UPLO='U')",
    "eigvalsh_L": "paddle.linalg.eigvalsh(N)", "eigvalsh_batch": "paddle.linalg.eigvalsh(Ab)",
    "eigvalsh_c": "paddle.linalg.eigvalsh(C)", "eigvalsh_bad_uplo": "paddle.linalg.eigvalsh(A, UPLO='X')",
    "eigvalsh_rect": "paddle.linalg.eigvalsh(B)", "eigvalsh_1d": "paddle.linalg.eigvalsh(x1)",
    "eigvalsh_grad": "G(lambda x: paddle.linalg.eigvalsh(x), A)",
    # ---- triangular_solve, cholesky_solve, cholesky_inverse ----------------------------------------
    "tri": "paddle.linalg.triangular_solve(U, B)", "tri_lower": "paddle.linalg.triangular_solve(L, B, upper=False)",
    "tri_T": "paddle.linalg.triangular_solve(U, B, transpose=True)",
    "tri_unit": "paddle.linalg.triangular_solve(U, B, unitriangular=True)",
    "tri_bcast": "paddle.linalg.triangular_solve(T(np.stack([np.triu(np.ones((3, 3))) * 2] * 2).astype('float32')), B)", "tri_1d": "paddle.linalg.triangular_solve(U, x1)",
    "tri_dtype": "paddle.linalg.triangular_solve(U, B.astype('float64'))",
    "tri_grad": "G(lambda b: paddle.linalg.triangular_solve(U, b), B)",
    "chol_solve": "paddle.linalg.cholesky_solve(B, L)", "chol_solve_up": "paddle.linalg.cholesky_solve(B, U, upper=True)",
    "chol_solve_rows": "paddle.linalg.cholesky_solve(T([[1.], [2.]]), L)",
    "chol_inv": "paddle.linalg.cholesky_inverse(L)", "chol_inv_up": "paddle.linalg.cholesky_inverse(U, upper=True)",
    "chol_inv_3d": "paddle.linalg.cholesky_inverse(Ab)", "chol_inv_rect": "paddle.linalg.cholesky_inverse(B)",
    "chol_inv_grad": "G(lambda x: paddle.linalg.cholesky_inverse(x), L)",
    # ---- lstsq -------------------------------------------------------------------------------------
    "lstsq": "paddle.linalg.lstsq(W, T([[1., 2.], [3., 4.], [5., 6.], [7., 9.]]))",
    "lstsq_gelsd": "paddle.linalg.lstsq(W, T([[1., 2.], [3., 4.], [5., 6.], [7., 9.]]), driver='gelsd')",
    "lstsq_gelss": "paddle.linalg.lstsq(W, T([[1., 2.], [3., 4.], [5., 6.], [7., 9.]]), driver='gelss')",
    "lstsq_gels": "paddle.linalg.lstsq(W, T([[1., 2.], [3., 4.], [5., 6.], [7., 9.]]), driver='gels')",
    "lstsq_square": "paddle.linalg.lstsq(A, B, driver='gelsd')", "lstsq_wide": "paddle.linalg.lstsq(B.T, T([[1.], [2.]]), driver='gelsd')",
    "lstsq_rankdef": "paddle.linalg.lstsq(R, B, driver='gelsd')", "lstsq_rankdef_gelsy": "paddle.linalg.lstsq(R, B)",
    "lstsq_rcond": "paddle.linalg.lstsq(A, B, rcond=0.5, driver='gelss')",
    "lstsq_batch": "paddle.linalg.lstsq(Ab, T(np.ones([2, 3, 2], 'float32')), driver='gelsd')",
    "lstsq_f64": "paddle.linalg.lstsq(A64, T(np.ones([3, 1])), driver='gelsd')",
    "lstsq_bad_driver": "paddle.linalg.lstsq(A, B, driver='xyz')", "lstsq_dtype": "paddle.linalg.lstsq(A, B.astype('float64'))",
    "lstsq_1d": "paddle.linalg.lstsq(A, x1)", "lstsq_rows": "paddle.linalg.lstsq(A, T([[1.], [2.]]))",
    "lstsq_int": "paddle.linalg.lstsq(T([[1, 2], [3, 4]]), T([[1], [2]]))",
    # ---- householder_product, ormqr ----------------------------------------------------------------
    "hh": "paddle.linalg.householder_product(W, T([1.2, 0.5, 1.1]))",
    "hh_k": "paddle.linalg.householder_product(W, T([1.2, 0.5]))",
    "hh_batch": "paddle.linalg.householder_product(T(np.stack([W.numpy(), W.numpy() * 0.5])), T([[1.2, 0.5, 1.1], [0.3, 0.2, 0.1]]))",
    "hh_dtype": "paddle.linalg.householder_product(W, T([1.2, 0.5, 1.1], dtype='float64'))",
    "hh_wide": "paddle.linalg.householder_product(B.T, T([1.2, 0.5]))",
    "hh_int": "paddle.linalg.householder_product(T([[1, 2], [3, 4]]), T([1, 2]))",
    "ormqr": "paddle.linalg.ormqr(A, T([1.5, 0.4, 1.0]), B)",
    "ormqr_T": "paddle.linalg.ormqr(A, T([1.5, 0.4, 1.0]), B, transpose=True)",
    "ormqr_right": "paddle.linalg.ormqr(A, T([1.5, 0.4, 1.0]), B.T, left=False)",
    "ormqr_right_T": "paddle.linalg.ormqr(A, T([1.5, 0.4, 1.0]), B.T, left=False, transpose=True)",
    "ormqr_bad_left": "paddle.linalg.ormqr(A, T([1.5, 0.4, 1.0]), B, left=1)",
    "ormqr_shape": "paddle.linalg.ormqr(A, T([1.5, 0.4, 1.0]), B.T)",
    # ---- matrix_exp --------------------------------------------------------------------------------
    "mexp": "paddle.linalg.matrix_exp(A * 0.3)", "mexp_big": "paddle.linalg.matrix_exp(A * 3)",
    "mexp_f64": "paddle.linalg.matrix_exp(A64)", "mexp_batch": "paddle.linalg.matrix_exp(Ab * 0.5)",
    "mexp_0d": "paddle.linalg.matrix_exp(T(1.5))", "mexp_11": "paddle.linalg.matrix_exp(T([[2.]]))",
    "mexp_int": "paddle.linalg.matrix_exp(T([[1, 2], [3, 4]]))", "mexp_rect": "paddle.linalg.matrix_exp(B)",
    "mexp_1d": "paddle.linalg.matrix_exp(x1)", "mexp_list": "paddle.linalg.matrix_exp([[1., 0.], [0., 1.]])",
    "mexp_grad": "G(lambda x: paddle.linalg.matrix_exp(x), A * 0.3)",
    # ---- svd_lowrank, pca_lowrank ------------------------------------------------------------------
    "svd_lr_S": "paddle.linalg.svd_lowrank(W, q=3)[1]", "svd_lr_shapes": "[t.shape for t in paddle.linalg.svd_lowrank(W)]",
    "svd_lr_q": "paddle.linalg.svd_lowrank(W, q=4)", "svd_lr_niter": "paddle.linalg.svd_lowrank(W, niter=-1)",
    "svd_lr_M_S": "paddle.linalg.svd_lowrank(W, q=3, M=T([[1., 0., 1.]]))[1]",
    "svd_lr_np": "paddle.linalg.svd_lowrank(np.ones([2, 2]))",
    "svd_lr_wide_S": "paddle.linalg.svd_lowrank(W.T, q=3)[1]",
    "pca_S": "paddle.linalg.pca_lowrank(W, q=3)[1]", "pca_nocenter_S": "paddle.linalg.pca_lowrank(W, q=3, center=False)[1]",
    "pca_shapes": "[t.shape for t in paddle.linalg.pca_lowrank(W)]", "pca_q": "paddle.linalg.pca_lowrank(W, q=5)",
    "pca_np": "paddle.linalg.pca_lowrank(np.ones([2, 2]))",
    # ---- names that were already at paddle.*: reachable through paddle.linalg --------------------------
    "diagonal": "paddle.linalg.diagonal(Ab, offset=1, axis1=1, axis2=2)",
    "matrix_transpose": "paddle.linalg.matrix_transpose(Ab)",
}


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    paddle.seed(2024)
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("linalg", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
