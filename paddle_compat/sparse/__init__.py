"""paddle.sparse: COO and CSR tensors, their math and sparse.nn (explicit re-exports, no logic;
the rooms are paddle_compat/_sparse/)."""
from .._sparse.creation import sparse_coo_tensor, sparse_csr_tensor
from .._sparse.unary import (sin, tan, asin, atan, sinh, asinh, atanh, tanh, square, sqrt, log1p,
                             abs, expm1, neg, pow, cast, coalesce, rad2deg, deg2rad, isnan,
                             transpose, reshape, sum, slice, pca_lowrank)
from .._sparse.binary import (add, subtract, multiply, divide, matmul, masked_matmul, mv,
                              is_same_shape, mask_as)
from .._sparse.multiary import addmm
from . import creation, nn

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor", "sin", "tan", "asin", "atan", "sinh", "tanh",
           "asinh", "atanh", "sqrt", "square", "log1p", "abs", "pow", "cast", "neg", "deg2rad",
           "rad2deg", "expm1", "mv", "matmul", "masked_matmul", "addmm", "add", "subtract",
           "transpose", "sum", "multiply", "divide", "coalesce", "is_same_shape", "reshape",
           "isnan", "slice", "pca_lowrank", "mask_as"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
