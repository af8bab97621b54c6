"""paddle.tensor.search: the functions of Paddle's module of that name that paddle_compat provides."""
from .._mode import (in_dynamic_mode)
from .._ops.creation import (assign)
from .._ops.search import (argmax, argmin, argsort, argwhere, bucketize, index_sample,
                           index_select, kthvalue, masked_select, mode, msort, nonzero,
                           searchsorted, sort, topk, where, where_)

__all__ = ["argmax", "argmin", "argsort", "argwhere", "assign", "bucketize", "in_dynamic_mode",
           "index_sample", "index_select", "kthvalue", "masked_select", "mode", "msort", "nonzero",
           "searchsorted", "sort", "topk", "where", "where_"]
