"""paddle.tensor.manipulation: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.manipulation import (broadcast_to, chunk, concat, expand, flatten, flatten_, flip,
                                 gather, gather_nd, put_along_axis, put_along_axis_, reshape,
                                 reshape_, scatter, scatter_, scatter_nd_add, slice, split, squeeze,
                                 squeeze_, stack, strided_slice, take_along_axis, tile, transpose,
                                 unbind, unsqueeze, unsqueeze_, unstack)
from .._ops.math import (cast)
from .._ops.search import (masked_fill, masked_fill_, unique)

__all__ = ["broadcast_to", "cast", "chunk", "concat", "expand", "flatten", "flatten_", "flip",
           "gather", "gather_nd", "masked_fill", "masked_fill_", "put_along_axis",
           "put_along_axis_", "reshape", "reshape_", "scatter", "scatter_",
           "scatter_nd_add", "slice", "split", "squeeze", "squeeze_", "stack",
           "strided_slice", "take_along_axis", "tile", "transpose", "unbind", "unique",
           "unsqueeze", "unsqueeze_", "unstack"]
