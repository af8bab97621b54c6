"""paddle.tensor.manipulation: the functions of Paddle's module of that name that paddle_compat provides."""
from .._mode import (in_dynamic_mode)
from .._ops.creation import (fill_constant, zeros)
from .._ops.linalg import (tensordot)
from .._ops.manipulation import (as_complex, as_real, as_strided, atleast_1d, atleast_2d,
                                 atleast_3d, block_diag, broadcast_tensors, broadcast_to, chunk,
                                 column_stack, concat, crop, diagonal_scatter, dsplit, dstack,
                                 expand, expand_as, flatten, flatten_, flip, gather, gather_nd,
                                 hsplit, hstack, index_add, index_add_, index_fill, index_fill_,
                                 index_put, index_put_, masked_scatter, masked_scatter_, moveaxis,
                                 narrow, put_along_axis, put_along_axis_, ravel, repeat_interleave,
                                 reshape, reshape_, roll, rot90, row_stack, scatter, scatter_,
                                 scatter_add, scatter_add_, scatter_nd, scatter_nd_add,
                                 scatter_reduce, select_scatter, shard_index, slice, slice_scatter,
                                 split, squeeze, squeeze_, stack, strided_slice, take_along_axis,
                                 tensor_split, tile, tolist, transpose, unbind, unflatten, unfold,
                                 unique_consecutive, unsqueeze, unsqueeze_, unstack, view, view_as,
                                 view_as_complex, view_as_real, vsplit, vstack)
from .._ops.math import (cast, cast_)
from .._ops.search import (masked_fill, masked_fill_, unique)

__all__ = ["as_complex", "as_real", "as_strided", "atleast_1d", "atleast_2d", "atleast_3d",
           "block_diag", "broadcast_tensors", "broadcast_to", "cast", "cast_", "chunk",
           "column_stack", "concat", "crop", "diagonal_scatter", "dsplit", "dstack", "expand",
           "expand_as", "fill_constant", "flatten", "flatten_", "flip", "gather", "gather_nd",
           "hsplit", "hstack", "in_dynamic_mode", "index_add", "index_add_", "index_fill",
           "index_fill_", "index_put", "index_put_", "masked_fill", "masked_fill_",
           "masked_scatter", "masked_scatter_", "moveaxis", "narrow", "put_along_axis",
           "put_along_axis_", "ravel", "repeat_interleave", "reshape", "reshape_", "roll", "rot90",
           "row_stack", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_nd",
           "scatter_nd_add", "scatter_reduce", "select_scatter", "shard_index", "slice",
           "slice_scatter", "split", "squeeze", "squeeze_", "stack", "strided_slice",
           "take_along_axis", "tensor_split", "tensordot", "tile", "tolist", "transpose", "unbind",
           "unflatten", "unfold", "unique", "unique_consecutive", "unsqueeze", "unsqueeze_",
           "unstack", "view", "view_as", "view_as_complex", "view_as_real", "vsplit", "vstack",
           "zeros"]
