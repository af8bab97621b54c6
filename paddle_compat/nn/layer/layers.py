"""paddle.nn.layer.layers: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/layers.py
(scripts import them from here, e.g. `from paddle.nn.layer.layers import ...`)."""
from ..._nn.layer.layers import (  # noqa: F401
    HookRemoveHelper, Layer)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
