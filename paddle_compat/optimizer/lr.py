"""paddle.optimizer.lr: learning-rate schedulers."""
from .._optim.lr import (LRScheduler, NoamDecay, PiecewiseDecay, NaturalExpDecay, InverseTimeDecay,
                         PolynomialDecay, LinearWarmup, ExponentialDecay, MultiStepDecay, StepDecay,
                         LambdaDecay, ReduceOnPlateau, CosineAnnealingDecay, MultiplicativeDecay,
                         LinearLR, CosineAnnealingWarmRestarts, OneCycleLR, CyclicLR)

__all__ = ["OneCycleLR", "CyclicLR", "LRScheduler", "NoamDecay", "PiecewiseDecay", "NaturalExpDecay", "InverseTimeDecay",
           "PolynomialDecay", "LinearWarmup", "ExponentialDecay", "MultiStepDecay", "StepDecay",
           "LambdaDecay", "ReduceOnPlateau", "CosineAnnealingDecay", "MultiplicativeDecay",
           "LinearLR", "CosineAnnealingWarmRestarts"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
