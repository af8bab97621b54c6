"""paddle.nn.loss: the loss layers (Paddle's `paddle.nn.layer.loss`, reachable as `paddle.nn.loss`)."""
from .._nn.layers_container import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, MSELoss,
                                    NLLLoss)
from .._nn.layers_loss2 import (SmoothL1Loss, HuberLoss, KLDivLoss, MarginRankingLoss,
                                HingeEmbeddingLoss, CosineEmbeddingLoss, TripletMarginLoss,
                                TripletMarginWithDistanceLoss, SoftMarginLoss,
                                MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss,
                                GaussianNLLLoss)
from .._nn import layers_loss2 as _ll2

__all__ = ["CrossEntropyLoss", "MSELoss", "L1Loss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss"]
__all__ += [n for n in _ll2.__all__ if n.endswith('Loss')]
