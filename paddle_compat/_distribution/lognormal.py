"""paddle.distribution.LogNormal (Paddle: lognormal.py), Normal through ExpTransform.

Follows Paddle 3.3.1's python/paddle/distribution/lognormal.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from . import ops as P
from .normal import Normal
from .transform import ExpTransform
from .transformed_distribution import TransformedDistribution


class LogNormal(TransformedDistribution):
    """LogNormal(loc, scale): exp of a Normal(loc, scale).

    Differences from Paddle: none known.
    """
    loc: Tensor
    scale: Tensor

    def __init__(self, loc: _LognormalLoc, scale: _LognormalScale) -> None:
        self._base = Normal(loc=loc, scale=scale)
        self.loc = self._base.loc
        self.scale = self._base.scale
        super().__init__(self._base, [ExpTransform()])

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return P.exp(self._base.mean + self._base.variance / 2)

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return P.expm1(self._base.variance) * P.exp(
            2 * self._base.mean + self._base.variance
        )

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return self._base.entropy() + self._base.mean

    def probs(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def kl_divergence(self, other: LogNormal) -> Tensor:
        """KL(self || other)."""
        return self._base.kl_divergence(other._base)

