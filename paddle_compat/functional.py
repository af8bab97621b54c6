"""paddle.functional: atleast_1d/2d/3d, broadcast_shapes, einsum, meshgrid, norm, split (the
torch-style paddle.compat.split) and unique_consecutive."""
from ._compat.compat import split
from ._ops.creation import meshgrid
from ._ops.einsum import einsum
from ._ops.linalg import norm
from ._ops.manipulation import atleast_1d, atleast_2d, atleast_3d, unique_consecutive
from ._ops.math import broadcast_shapes

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "einsum", "meshgrid",
           "norm", "split", "unique_consecutive"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
