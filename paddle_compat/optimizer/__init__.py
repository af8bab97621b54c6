"""paddle.optimizer: optimizers and (as `paddle.optimizer.lr`) learning-rate schedulers."""
from .._optim.optimizer import Optimizer
from .._optim.optimizers import (SGD, Momentum, Adam, AdamW, RMSProp, Adagrad, Adamax, Adadelta,
                                 Lamb, RAdam, NAdam)
from . import lr

__all__ = ["Optimizer", "SGD", "Momentum", "Adam", "AdamW", "RMSProp", "Adagrad", "Adamax", "Adadelta", "Lamb", "RAdam",
           "NAdam", "lr"]
