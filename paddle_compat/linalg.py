"""paddle.linalg: Paddle's linear-algebra namespace (explicit re-exports, no logic)."""
from ._ops.linalg import (matmul, norm, vector_norm, matrix_norm, cross, det, solve, cholesky, qr,
                          svd, eigh, matrix_power, pinv)
from ._ops.linalg import inverse as inv

__all__ = ["matmul", "norm", "vector_norm", "matrix_norm", "cross", "det", "solve", "cholesky",
           "qr", "svd", "eigh", "matrix_power", "pinv", "inv"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
