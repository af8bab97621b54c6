"""paddle.distribution.Dirichlet (Paddle: dirichlet.py).

Follows Paddle 3.3.1's python/paddle/distribution/dirichlet.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import math

from . import ops as P
from .ops import check_variable_and_dtype
from . import exponential_family
from .ops import in_dynamic_or_pir_mode


class Dirichlet(exponential_family.ExponentialFamily):
    """Dirichlet(concentration): the Dirichlet distribution over the last axis.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the gamma kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    concentration: Tensor

    def __init__(self, concentration: Tensor) -> None:
        if concentration.dim() < 1 or math.prod(concentration.shape) == 0:
            raise ValueError(
                "`concentration` parameter must be at least one dimensional"
            )

        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:])

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    @property
    def variance(self) -> Tensor:
        """The variance."""
        concentration0 = self.concentration.sum(-1, keepdim=True)
        return (self.concentration * (concentration0 - self.concentration)) / (
            concentration0.pow(2) * (concentration0 + 1)
        )

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        shape = shape if isinstance(shape, tuple) else tuple(shape)
        return _dirichlet(self.concentration.expand(self._extend_shape(shape)))

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        return (
            (P.log(value) * (self.concentration - 1.0)).sum(-1)
            + P.lgamma(self.concentration.sum(-1))
            - P.lgamma(self.concentration).sum(-1)
        )

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        concentration0 = self.concentration.sum(-1)
        k = self.concentration.shape[-1]
        return (
            P.lgamma(self.concentration).sum(-1)
            - P.lgamma(concentration0)
            - (k - concentration0) * P.digamma(concentration0)
            - (
                (self.concentration - 1.0) * P.digamma(self.concentration)
            ).sum(-1)
        )

    @property
    def _natural_parameters(self) -> tuple[Tensor]:
        return (self.concentration,)

    def _log_normalizer(self, x: Tensor) -> Tensor:
        return x.lgamma().sum(-1) - P.lgamma(x.sum(-1))


def _dirichlet(concentration: Tensor, name: str | None = None) -> Tensor:
    return P.dirichlet(concentration)

