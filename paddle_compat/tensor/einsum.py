"""paddle.tensor.einsum: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.einsum import (einsum)
from .._ops.linalg import (matmul)
from .._ops.manipulation import (reshape, squeeze, transpose, unsqueeze)
from .._ops.math import (multiply)

__all__ = ["einsum", "matmul", "multiply", "reshape", "squeeze", "transpose", "unsqueeze"]
