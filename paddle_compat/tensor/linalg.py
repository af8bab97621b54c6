"""paddle.tensor.linalg: the functions of Paddle's module of that name that paddle_compat provides."""
from .._mode import (in_dynamic_mode)
from .._ops.creation import (full)
from .._ops.linalg import (bincount, bmm, cdist, cholesky, cholesky_inverse, cholesky_solve, cond,
                           corrcoef, cov, cross, det, dist, dot, eig, eigh, eigvals, eigvalsh,
                           histogram, histogram_bin_edges, histogramdd, householder_product, lstsq,
                           lu, lu_solve, lu_unpack, matmul, matrix_norm, matrix_power,
                           matrix_transpose, multi_dot, mv, norm, ormqr, pca_lowrank, permute,
                           pinv, qr, slogdet, solve, svd, svd_lowrank, svdvals, t, t_, vecdot,
                           vector_norm)
from .._ops.manipulation import (transpose, transpose_)
from .._ops.math import (broadcast_shape, cast, diagonal)

__all__ = ["bincount", "bmm", "broadcast_shape", "cast", "cdist", "cholesky", "cholesky_inverse",
           "cholesky_solve", "cond", "corrcoef", "cov", "cross", "det", "diagonal", "dist", "dot",
           "eig", "eigh", "eigvals", "eigvalsh", "full", "histogram", "histogram_bin_edges",
           "histogramdd", "householder_product", "in_dynamic_mode", "lstsq", "lu", "lu_solve",
           "lu_unpack", "matmul", "matrix_norm", "matrix_power", "matrix_transpose", "multi_dot",
           "mv", "norm", "ormqr", "pca_lowrank", "permute", "pinv", "qr", "slogdet", "solve",
           "svd", "svd_lowrank", "svdvals", "t", "t_", "transpose", "transpose_", "vecdot",
           "vector_norm"]
