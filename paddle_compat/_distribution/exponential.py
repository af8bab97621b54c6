"""paddle.distribution.Exponential (Paddle: exponential.py).

Follows Paddle 3.3.1's python/paddle/distribution/exponential.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numpy as np

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import distribution, exponential_family
from .ops import in_dynamic_mode


class Exponential(exponential_family.ExponentialFamily):
    """Exponential(rate): the exponential distribution.

    Differences from Paddle: none known.
    """
    rate: Tensor
    dtype: dtype

    def __init__(self, rate: float | Tensor) -> None:
        if not in_dynamic_mode():
            check_type(
                rate,
                'rate',
                (float, Variable),
                'Exponential',
            )

        if self._validate_args(rate):
            self.rate = rate
            self.dtype = convert_dtype(rate.dtype)
        else:
            [self.rate] = self._to_tensor(rate)
            self.dtype = P.get_default_dtype()

        super().__init__(self.rate.shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.rate.reciprocal()

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.rate.pow(-2)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        with P.no_grad():
            return self.rsample(shape)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        shape = distribution.Distribution._extend_shape(
            self, sample_shape=shape
        )

        uniform = P.uniform(
            shape=shape,
            min=float(np.finfo(dtype='float32').tiny),
            max=1.0,
            dtype=self.rate.dtype,
        )

        return -P.log(uniform) / self.rate

    def prob(self, value: float | Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return self.rate * P.exp(-self.rate * value)

    def log_prob(self, value: float | Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        return P.log(self.rate) - self.rate * value

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return 1.0 - P.log(self.rate)

    def cdf(self, value: float | Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        return 1.0 - P.exp(-self.rate * value)

    def icdf(self, value: float | Tensor) -> Tensor:
        """The inverse of the cumulative distribution function at `value`."""
        return -P.log1p(-value) / self.rate

    def kl_divergence(self, other: Exponential) -> Tensor:
        """KL(self || other)."""
        if not isinstance(other, Exponential):
            raise TypeError(
                f"Expected type of other is Exponential, but got {type(other)}"
            )

        rate_ratio = other.rate / self.rate
        t1 = -P.log(rate_ratio)
        return t1 + rate_ratio - 1

    @property
    def _natural_parameters(self) -> tuple[Tensor]:
        return (-self.rate,)

    def _log_normalizer(self, x: Tensor) -> Tensor:
        return -P.log(-x)

