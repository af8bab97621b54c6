"""paddle.regularizer: L1Decay and L2Decay, the per-parameter weight-decay strategies.

A regularizer is data the optimizer reads (`param.regularizer` or its own `weight_decay`); calling one
returns the decay term to add to the gradient, computed with torch on the parameter's data.
"""
import torch

from ._tensor import Tensor, wrap

__all__ = ["WeightDecayRegularizer", "L1Decay", "L2Decay"]


class WeightDecayRegularizer:
    """Base class of Paddle's weight-decay regularizers."""

    def __init__(self):
        pass

    def __call__(self, param, grad, block=None):
        raise NotImplementedError

    def __str__(self):
        raise NotImplementedError


def _raw(x):
    return x._t if isinstance(x, Tensor) else x


class _Coeff(WeightDecayRegularizer):
    """The coefficient both decays take (`coeff=None` fails as in Paddle)."""

    def __init__(self, coeff=0.0):
        assert coeff is not None
        super().__init__()
        self._coeff = coeff


class L1Decay(_Coeff):
    """paddle.regularizer.L1Decay(coeff=0.0): decay term `coeff * sign(param)`.

    Differences from Paddle: calling it in static mode returns the term computed now instead of
    appending `sign`/`scale` ops to a block (the static optimizer records its own ops).
    """

    def __call__(self, param, grad=None, block=None):
        with torch.no_grad():
            return wrap(torch.sign(_raw(param)) * self._coeff)

    def __str__(self):
        return f"L1Decay, coeff={self._coeff:f}"


class L2Decay(_Coeff):
    """paddle.regularizer.L2Decay(coeff=0.0): decay term `coeff * param`.

    Differences from Paddle: as L1Decay, the term is computed now rather than recorded as a `scale` op.
    """

    def __call__(self, param, grad=None, block=None):
        with torch.no_grad():
            return wrap(_raw(param) * self._coeff)

    def __str__(self):
        return f"L2Decay, coeff={self._coeff:f}"
