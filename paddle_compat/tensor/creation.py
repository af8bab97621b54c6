"""paddle.tensor.creation: the functions of Paddle's module of that name that paddle_compat provides."""
from .._creation_core import (to_tensor)
from .._nn.create_param import (create_parameter)
from .._ops.creation import (arange, assign, complex, diag, empty, empty_like, eye, fill_constant, full,
                              full_like, linspace, logspace,
                              meshgrid, ones, ones_like, zeros,
                              zeros_like)

__all__ = ["arange", "assign", "complex", "create_parameter", "diag", "empty", "empty_like", "eye", "fill_constant",
           "full", "full_like", "linspace", "logspace", "meshgrid", "ones", "ones_like",
           "to_tensor", "zeros", "zeros_like"]
