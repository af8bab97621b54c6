"""paddle.nn.loss: the loss layers (Paddle's `paddle.nn.layer.loss`, reachable as `paddle.nn.loss`)."""
from .._nn.layer.loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, MSELoss,
                              NLLLoss, SmoothL1Loss, HuberLoss, KLDivLoss, MarginRankingLoss,
                              HingeEmbeddingLoss, CosineEmbeddingLoss, TripletMarginLoss,
                              TripletMarginWithDistanceLoss, SoftMarginLoss,
                              MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss,
                              GaussianNLLLoss, CTCLoss, RNNTLoss, HSigmoidLoss,
                              MultiLabelMarginLoss, AdaptiveLogSoftmaxWithLoss)

__all__ = ["CrossEntropyLoss", "MSELoss", "L1Loss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss",
           "SmoothL1Loss", "HuberLoss", "KLDivLoss", "MarginRankingLoss", "HingeEmbeddingLoss",
           "CosineEmbeddingLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss",
           "SoftMarginLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss", "PoissonNLLLoss",
           "GaussianNLLLoss", "CTCLoss", "RNNTLoss", "HSigmoidLoss", "MultiLabelMarginLoss",
           "AdaptiveLogSoftmaxWithLoss"]
