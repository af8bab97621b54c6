"""paddle.optimizer: optimizers and (as `paddle.optimizer.lr`) learning-rate schedulers."""
from .._optim.optimizer import Optimizer
from .._optim.optimizers import (SGD, Momentum, Adam, AdamW, RMSProp, Adagrad, Adamax, Adadelta,
                                 Lamb, RAdam, NAdam, ASGD, Rprop, LBFGS)
from . import lr

__all__ = ["Optimizer", "SGD", "Momentum", "Adam", "AdamW", "RMSProp", "Adagrad", "Adamax", "Adadelta", "Lamb", "RAdam",
           "NAdam", "ASGD", "Rprop", "LBFGS", "lr"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
