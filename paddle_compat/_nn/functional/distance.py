"""paddle.nn.functional distances (Paddle: nn/functional/distance.py): pairwise_distance."""
from ... import _creation_core
from ..._ops import linalg as _linalg
from ..._ops import math as _math

__all__ = ["pairwise_distance"]


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """paddle.nn.functional.pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False):
    the p-norm of (x - y + epsilon) over the last axis."""
    sub = _math.subtract(x, y)
    if epsilon != 0.0:
        sub = _math.add(sub, _creation_core.to_tensor([epsilon], dtype=sub.dtype))
    return _linalg.norm(sub, p=float(p), axis=-1, keepdim=keepdim)
