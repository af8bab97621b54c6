"""paddle.regularizer: L1Decay and L2Decay, the per-parameter weight-decay strategies."""
from ._regularizer import WeightDecayRegularizer, L1Decay, L2Decay

__all__ = ["WeightDecayRegularizer", "L1Decay", "L2Decay"]
