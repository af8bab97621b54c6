"""paddle.tensor.creation: the functions of Paddle's module of that name that paddle_compat provides."""
from .._creation_core import (to_tensor)
from .._mode import (in_dynamic_mode)
from .._nn.create_param import (create_parameter)
from .._ops.creation import (arange, asarray, assign, clone, complex, diag, diag_embed, diagflat,
                             empty, empty_like, eye, fill_constant, from_numpy, full, full_like,
                             linspace, logspace, meshgrid, ones, ones_like, polar, range, tensor,
                             tril, tril_, tril_indices, triu, triu_, triu_indices, zeros,
                             zeros_like)
from .._ops.random import (cauchy_, geometric_)

__all__ = ["arange", "asarray", "assign", "cauchy_", "clone", "complex", "create_parameter",
           "diag", "diag_embed", "diagflat", "empty", "empty_like", "eye", "fill_constant",
           "from_numpy", "full", "full_like", "geometric_", "in_dynamic_mode", "linspace",
           "logspace", "meshgrid", "ones", "ones_like", "polar", "range", "tensor", "to_tensor",
           "tril", "tril_", "tril_indices", "triu", "triu_", "triu_indices", "zeros", "zeros_like"]
