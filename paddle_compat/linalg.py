"""paddle.linalg: Paddle's linear-algebra namespace (explicit re-exports, no logic)."""
from ._ops.linalg import (matmul, norm, vector_norm, matrix_norm, cross, det, solve, cholesky, qr,
                          svd, eigh, matrix_power, pinv)
from ._ops.linalg import inverse as inv

__all__ = ["matmul", "norm", "vector_norm", "matrix_norm", "cross", "det", "solve", "cholesky",
           "qr", "svd", "eigh", "matrix_power", "pinv", "inv"]
