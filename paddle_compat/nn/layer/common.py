"""paddle.nn.layer.common: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/common.py
(scripts import them from here, e.g. `from paddle.nn.layer.common import ...`)."""
from ..._nn.layer.common import (  # noqa: F401
    AlphaDropout, Bilinear, CircularPad1D, CircularPad2D, CircularPad3D, ConstantPad1D,
    ConstantPad2D, ConstantPad3D, CosineSimilarity, Dropout, Dropout2D, Dropout3D, Embedding,
    FeatureAlphaDropout, Flatten, Fold, Identity, Linear, Pad1D, Pad2D, Pad3D,
    ReflectionPad1D, ReflectionPad2D, ReflectionPad3D, ReplicationPad1D, ReplicationPad2D,
    ReplicationPad3D, Unflatten, Unfold, Upsample, UpsamplingBilinear2D, UpsamplingNearest2D,
    ZeroPad1D, ZeroPad2D, ZeroPad3D)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
