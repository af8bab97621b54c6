"""paddle.tensor.attribute: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.attribute import (is_complex, is_floating_point, is_integer, rank, shape)
from .._ops.creation import (assign)
from .._ops.math import (imag, real)

__all__ = ["assign", "imag", "is_complex", "is_floating_point", "is_integer", "rank", "real",
           "shape"]
