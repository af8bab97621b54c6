"""paddle.nn.loss: the loss layers (Paddle's `paddle.nn.layer.loss`, reachable as `paddle.nn.loss`)."""
from .._nn.layers_container import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, MSELoss,
                                    NLLLoss)

__all__ = ["CrossEntropyLoss", "MSELoss", "L1Loss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss"]
