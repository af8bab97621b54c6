"""paddle.nn.functional distances (Paddle: nn/functional/distance.py): pairwise_distance, pdist."""
from ... import _creation_core
from ..._ops import creation as _creation
from ..._ops import linalg as _linalg
from ..._ops import logic as _logic
from ..._ops import manipulation as _manip
from ..._ops import math as _math
from ..._ops import search as _search
from ..._ops.registry import apply_op

__all__ = ["pairwise_distance", "pdist"]


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """paddle.nn.functional.pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False):
    the p-norm of (x - y + epsilon) over the last axis."""
    sub = _math.subtract(x, y)
    if epsilon != 0.0:
        sub = _math.add(sub, _creation_core.to_tensor([epsilon], dtype=sub.dtype))
    # Paddle: _C_ops.p_norm(sub, p, -1, 0.0, keepdim, False), the epsilon already added
    return apply_op(_linalg.P_NORM, (sub,), {"porder": float(p), "axis": -1, "epsilon": 0.0,
                                              "keepdim": bool(keepdim), "asvector": False})


def pdist(x, p=2.0, name=None):
    """paddle.pdist(x, p=2.0) (Paddle: nn.functional.distance.pdist): the p-norm distance between
    every pair of rows of the [N, M] tensor `x`, the upper triangle (i < j) in row-major order,
    shape [N*(N-1)/2]. Composed of Paddle's own ops as Paddle composes it, so it has gradients and
    runs in static mode."""
    if len(list(x.shape)) != 2:
        raise AssertionError("The x must be 2-dimensional")
    d = _linalg.norm(_math.subtract(_manip.unsqueeze(x, -2), _manip.unsqueeze(x, -3)), p=p, axis=-1)
    mask = _logic.logical_not(_creation.tril(_creation.ones(d.shape, dtype="bool")))
    return _search.masked_select(d, mask)
