"""paddle.tensor.stat: the functions of Paddle's module of that name that paddle_compat provides."""
from .._mode import (in_dynamic_mode)
from .._ops.math import (cast)
from .._ops.stat import (mean, median, nanmedian, nanquantile, numel, quantile, std, var)

__all__ = ["cast", "in_dynamic_mode", "mean", "median", "nanmedian", "nanquantile", "numel",
           "quantile", "std", "var"]
