"""paddle.tensor.to_string: the functions of Paddle's module of that name that paddle_compat provides."""
from .._tensor_format import (set_printoptions)

__all__ = ["set_printoptions"]
