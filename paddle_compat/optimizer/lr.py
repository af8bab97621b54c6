"""paddle.optimizer.lr: learning-rate schedulers."""
from .._optim.lr import (LRScheduler, NoamDecay, PiecewiseDecay, NaturalExpDecay, InverseTimeDecay,
                         PolynomialDecay, LinearWarmup, ExponentialDecay, MultiStepDecay, StepDecay,
                         LambdaDecay, ReduceOnPlateau, CosineAnnealingDecay, MultiplicativeDecay,
                         LinearLR, CosineAnnealingWarmRestarts, OneCycleLR, CyclicLR)

__all__ = ["OneCycleLR", "CyclicLR", "LRScheduler", "NoamDecay", "PiecewiseDecay", "NaturalExpDecay", "InverseTimeDecay",
           "PolynomialDecay", "LinearWarmup", "ExponentialDecay", "MultiStepDecay", "StepDecay",
           "LambdaDecay", "ReduceOnPlateau", "CosineAnnealingDecay", "MultiplicativeDecay",
           "LinearLR", "CosineAnnealingWarmRestarts"]
