"""paddle.tensor.linalg: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.linalg import (cholesky, cross, det, dist, eigh, matrix_norm, matrix_power, norm,
                            pinv, qr, solve, svd, t, vector_norm)
from .._ops.manipulation import (transpose)

__all__ = ["cholesky", "cross", "det", "dist", "eigh", "matrix_norm", "matrix_power", "norm",
           "pinv", "qr", "solve", "svd", "t", "transpose", "vector_norm"]
