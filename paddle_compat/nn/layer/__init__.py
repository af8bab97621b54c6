"""paddle.nn.layer: the package Paddle 3.3.1 keeps its Layer classes in, one module per family
(activation, common, container, conv, distance, layers, loss, norm, pooling, rnn, transformer,
vision); the names it re-exports at its top are the same classes as paddle.nn's."""
from . import (activation, common, container, conv, distance, layers, loss, norm,  # noqa: F401
               pooling, rnn, transformer, vision)
from .activation import (  # noqa: F401
    CELU, LeakyReLU, LogSoftmax, PReLU, RReLU, ReLU, ReLU6, Sigmoid, Softmax, Softmax2D)
from .common import (  # noqa: F401
    AlphaDropout, Bilinear, ConstantPad1D, ConstantPad2D, ConstantPad3D, CosineSimilarity,
    Dropout, Dropout2D, Dropout3D, Embedding, FeatureAlphaDropout, Flatten, Fold, Identity,
    Linear, Pad1D, Pad2D, Pad3D, ReflectionPad1D, ReflectionPad2D, ReflectionPad3D,
    ReplicationPad1D, ReplicationPad2D, ReplicationPad3D, Unflatten, Upsample,
    UpsamplingBilinear2D, UpsamplingNearest2D, ZeroPad2D)
from .container import (  # noqa: F401
    LayerDict)
from .conv import (  # noqa: F401
    Conv1D, Conv1DTranspose, Conv2D, Conv2DTranspose, Conv3D, Conv3DTranspose)
from .distance import (  # noqa: F401
    PairwiseDistance)
from .layers import (  # noqa: F401
    Layer)
from .loss import (  # noqa: F401
    AdaptiveLogSoftmaxWithLoss, BCELoss, BCEWithLogitsLoss, CTCLoss, CrossEntropyLoss,
    GaussianNLLLoss, HingeEmbeddingLoss, KLDivLoss, L1Loss, MSELoss, MarginRankingLoss,
    MultiLabelMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss, NLLLoss,
    PoissonNLLLoss, RNNTLoss, SmoothL1Loss, SoftMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss)
from .norm import (  # noqa: F401
    BatchNorm1D, BatchNorm2D, BatchNorm3D, GroupNorm, LayerNorm, LocalResponseNorm,
    SpectralNorm, SyncBatchNorm)
from .pooling import (  # noqa: F401
    AdaptiveAvgPool1D, AdaptiveAvgPool2D, AdaptiveAvgPool3D, AdaptiveMaxPool1D,
    AdaptiveMaxPool2D, AdaptiveMaxPool3D, AvgPool1D, AvgPool2D, AvgPool3D,
    FractionalMaxPool2D, FractionalMaxPool3D, LPPool1D, LPPool2D, MaxPool1D, MaxPool2D,
    MaxPool3D, MaxUnPool1D, MaxUnPool2D, MaxUnPool3D)
from .vision import (  # noqa: F401
    ChannelShuffle, PixelShuffle, PixelUnshuffle)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
