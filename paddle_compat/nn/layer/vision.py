"""paddle.nn.layer.vision: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/vision.py
(scripts import them from here, e.g. `from paddle.nn.layer.vision import ...`)."""
from ..._nn.layer.vision import (  # noqa: F401
    ChannelShuffle, PixelShuffle, PixelUnshuffle)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
