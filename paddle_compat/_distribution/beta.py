"""paddle.distribution.Beta (Paddle: beta.py), a two-category Dirichlet.

Follows Paddle 3.3.1's python/paddle/distribution/beta.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numbers

from . import ops as P
from . import dirichlet, exponential_family


class Beta(exponential_family.ExponentialFamily):
    """Beta(alpha, beta): the beta distribution on (0, 1).

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the gamma kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    alpha: Tensor
    beta: Tensor

    def __init__(self, alpha: float | Tensor, beta: float | Tensor) -> None:
        if isinstance(alpha, numbers.Real):
            alpha = P.full(shape=[], fill_value=alpha)

        if isinstance(beta, numbers.Real):
            beta = P.full(shape=[], fill_value=beta)

        self.alpha, self.beta = P.broadcast_tensors([alpha, beta])

        self._dirichlet = dirichlet.Dirichlet(
            P.stack([self.alpha, self.beta], -1)
        )

        super().__init__(self._dirichlet._batch_shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.alpha / (self.alpha + self.beta)

    @property
    def variance(self) -> Tensor:
        """The variance."""
        sum = self.alpha + self.beta
        return self.alpha * self.beta / (sum.pow(2) * (sum + 1))

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        return self._dirichlet.log_prob(P.stack([value, 1.0 - value], -1))

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        shape = shape if isinstance(shape, tuple) else tuple(shape)
        return P.squeeze(self._dirichlet.sample(shape)[..., 0], axis=-1)

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return self._dirichlet.entropy()

    @property
    def _natural_parameters(self) -> tuple[Tensor, Tensor]:
        return (self.alpha, self.beta)

    def _log_normalizer(self, x: Tensor, y: Tensor) -> Tensor:
        return P.lgamma(x) + P.lgamma(y) - P.lgamma(x + y)

