"""paddle.nn.layer.loss: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/loss.py
(scripts import them from here, e.g. `from paddle.nn.layer.loss import ...`)."""
from ..._nn.layer.loss import (  # noqa: F401
    AdaptiveLogSoftmaxWithLoss, BCELoss, BCEWithLogitsLoss, CTCLoss, CosineEmbeddingLoss,
    CrossEntropyLoss, GaussianNLLLoss, HSigmoidLoss, HingeEmbeddingLoss, KLDivLoss, L1Loss,
    MSELoss, MarginRankingLoss, MultiLabelMarginLoss, MultiLabelSoftMarginLoss,
    MultiMarginLoss, NLLLoss, PoissonNLLLoss, RNNTLoss, SmoothL1Loss, SoftMarginLoss,
    TripletMarginLoss, TripletMarginWithDistanceLoss)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
