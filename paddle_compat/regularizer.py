"""paddle.regularizer: L1Decay and L2Decay, the per-parameter weight-decay strategies."""
from ._regularizer import WeightDecayRegularizer, L1Decay, L2Decay

__all__ = ["WeightDecayRegularizer", "L1Decay", "L2Decay"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
