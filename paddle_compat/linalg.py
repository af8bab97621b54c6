"""paddle.linalg: Paddle's linear-algebra namespace (explicit re-exports, no logic)."""
from ._ops.linalg import (matmul, norm, vector_norm, matrix_norm, cross, det, solve, cholesky, qr,
                          svd, eigh, matrix_power, pinv, cond, vecdot, cov, corrcoef, matrix_rank,
                          slogdet, svdvals, lu, lu_solve, lu_unpack, eig, eigvals, eigvalsh,
                          multi_dot, triangular_solve, cholesky_solve, cholesky_inverse, lstsq,
                          householder_product, ormqr, matrix_exp, svd_lowrank, pca_lowrank,
                          fp8_fp8_half_gemm_fused)
from ._ops.linalg import inverse as inv
from ._ops.linalg import matrix_transpose
from ._ops.math import diagonal

__all__ = ["matmul", "norm", "vector_norm", "matrix_norm", "cross", "det", "solve", "cholesky",
           "qr", "svd", "eigh", "matrix_power", "pinv", "inv", "cond", "vecdot", "cov", "corrcoef",
           "matrix_rank", "slogdet", "svdvals", "lu", "lu_solve", "lu_unpack", "eig", "eigvals",
           "eigvalsh", "multi_dot", "triangular_solve", "cholesky_solve", "cholesky_inverse",
           "lstsq", "householder_product", "ormqr", "matrix_exp", "svd_lowrank", "pca_lowrank",
           "fp8_fp8_half_gemm_fused", "matrix_transpose", "diagonal"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
