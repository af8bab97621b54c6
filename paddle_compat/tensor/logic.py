"""paddle.tensor.logic: the functions of Paddle's module of that name that paddle_compat provides."""
from .._mode import (in_dynamic_mode)
from .._ops.creation import (full)
from .._ops.logic import (allclose, bitwise_and, bitwise_and_, bitwise_invert, bitwise_invert_,
                          bitwise_not, bitwise_not_, bitwise_or, bitwise_or_, bitwise_xor,
                          bitwise_xor_, equal, equal_, equal_all, greater_equal, greater_equal_,
                          greater_than, greater_than_, gt, is_empty, is_tensor, isclose, less_,
                          less_equal, less_equal_, less_than, less_than_, logical_and,
                          logical_and_, logical_not, logical_not_, logical_or, logical_or_,
                          logical_xor, not_equal)
from .._ops.math import (broadcast_shape)

__all__ = ["allclose", "bitwise_and", "bitwise_and_", "bitwise_invert", "bitwise_invert_",
           "bitwise_not", "bitwise_not_", "bitwise_or", "bitwise_or_", "bitwise_xor",
           "bitwise_xor_", "broadcast_shape", "equal", "equal_", "equal_all", "full",
           "greater_equal", "greater_equal_", "greater_than", "greater_than_", "gt",
           "in_dynamic_mode", "is_empty", "is_tensor", "isclose", "less_", "less_equal",
           "less_equal_", "less_than", "less_than_", "logical_and", "logical_and_", "logical_not",
           "logical_not_", "logical_or", "logical_or_", "logical_xor", "not_equal"]
