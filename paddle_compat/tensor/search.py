"""paddle.tensor.search: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.search import (argsort, index_select, masked_select, nonzero, sort, topk, where,
                            where_)

__all__ = ["argsort", "index_select", "masked_select", "nonzero", "sort", "topk", "where", "where_"]
