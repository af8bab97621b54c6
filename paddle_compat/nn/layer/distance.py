"""paddle.nn.layer.distance: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/distance.py
(scripts import them from here, e.g. `from paddle.nn.layer.distance import ...`)."""
from ..._nn.layer.distance import (  # noqa: F401
    PairwiseDistance)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
