"""paddle.incubate.segment_sum / segment_mean / segment_max / segment_min (Paddle:
incubate/tensor/math.py): the deprecated aliases of paddle.geometric's segment reductions. Each
warns Paddle's VisibleDeprecationWarning, then runs the paddle.geometric function."""
from ..._geometric import math as _gmath
from ..._utils.deprecated import deprecated

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]


def _alias(op):
    target = getattr(_gmath, op)

    def fn(data, segment_ids, name=None):
        return target(data, segment_ids)
    fn.__name__ = fn.__qualname__ = op
    # Paddle's warning names the function's module as Paddle spells it.
    fn.__module__ = "paddle.incubate.tensor.math"
    fn.__doc__ = (f"paddle.incubate.{op}(data, segment_ids, name=None): deprecated since 2.4.0, "
                  f"the same as paddle.geometric.{op} (see there).")
    return deprecated(since="2.4.0", update_to=f"paddle.geometric.{op}", level=1,
                      reason=f"paddle.incubate.{op} will be removed in future")(fn)


segment_sum = _alias("segment_sum")
segment_mean = _alias("segment_mean")
segment_max = _alias("segment_max")
segment_min = _alias("segment_min")
