"""paddle.tensor.math: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.linalg import (inverse, mm, outer)
from .._ops.math import (add, add_n, clip, cumprod, cumsum, divide, floor_divide, floor_mod,
                          fmax, fmin, increment, lerp, mod, neg, pow,
                          remainder, scale, stanh, subtract, trunc)
from .._ops.math import (count_nonzero, max, min, nanmean, nansum, prod)

__all__ = ["add", "add_n", "clip", "count_nonzero", "cumprod", "cumsum", "divide", "floor_divide",
           "floor_mod", "fmax", "fmin", "increment", "inverse", "lerp", "max", "min",
           "mm", "mod", "nanmean", "nansum", "neg", "outer", "pow", "prod", "remainder",
           "scale", "stanh", "subtract", "trunc"]
