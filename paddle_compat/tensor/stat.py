"""paddle.tensor.stat: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.stat import (mean, median, std, var)

__all__ = ["mean", "median", "std", "var"]
