"""paddle.tensor.logic: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.logic import (allclose, bitwise_and, bitwise_not, bitwise_or, bitwise_xor, equal,
                           equal_all, greater_equal, is_empty,
                           is_tensor, less_equal, less_than,
                           not_equal)

__all__ = ["allclose", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "equal",
           "equal_all", "greater_equal", "is_empty", "is_tensor", "less_equal",
           "less_than", "not_equal"]
