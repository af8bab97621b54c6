"""paddle.optimizer.lr: learning-rate schedulers."""
from .._optim.lr import (LRScheduler, NoamDecay, PiecewiseDecay, NaturalExpDecay, InverseTimeDecay,
                         PolynomialDecay, LinearWarmup, ExponentialDecay, MultiStepDecay, StepDecay,
                         LambdaDecay, ReduceOnPlateau, CosineAnnealingDecay, MultiplicativeDecay,
                         LinearLR, CosineAnnealingWarmRestarts)

__all__ = ["LRScheduler", "NoamDecay", "PiecewiseDecay", "NaturalExpDecay", "InverseTimeDecay",
           "PolynomialDecay", "LinearWarmup", "ExponentialDecay", "MultiStepDecay", "StepDecay",
           "LambdaDecay", "ReduceOnPlateau", "CosineAnnealingDecay", "MultiplicativeDecay",
           "LinearLR", "CosineAnnealingWarmRestarts"]
