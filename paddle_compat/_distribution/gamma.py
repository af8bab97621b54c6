"""paddle.distribution.Gamma (Paddle: gamma.py).

Follows Paddle 3.3.1's python/paddle/distribution/gamma.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import distribution, exponential_family
from .ops import in_dynamic_mode


class Gamma(exponential_family.ExponentialFamily):
    """Gamma(concentration, rate): the gamma distribution.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the gamma kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    concentration: Tensor
    rate: Tensor
    dtype: dtype

    def __init__(
        self, concentration: float | Tensor, rate: float | Tensor
    ) -> None:
        if not in_dynamic_mode():
            check_type(
                concentration,
                'concentration',
                (float, Variable),
                'Gamma',
            )
            check_type(
                rate,
                'rate',
                (float, Variable),
                'Gamma',
            )

        if self._validate_args(concentration, rate):
            self.concentration = concentration
            self.rate = rate
            self.dtype = convert_dtype(concentration.dtype)
        else:
            [self.concentration, self.rate] = self._to_tensor(
                concentration, rate
            )
            self.dtype = P.get_default_dtype()

        super().__init__(self.concentration.shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.concentration / self.rate

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.concentration / self.rate.pow(2)

    def prob(self, value: float | Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def log_prob(self, value: float | Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        return (
            self.concentration * P.log(self.rate)
            + (self.concentration - 1) * P.log(value)
            - self.rate * value
            - P.lgamma(self.concentration)
        )

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return (
            self.concentration
            - P.log(self.rate)
            + P.lgamma(self.concentration)
            + (1.0 - self.concentration) * P.digamma(self.concentration)
        )

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
        return P.standard_gamma(
            self.concentration.expand(shape)
        ) / self.rate.expand(shape)

    def kl_divergence(self, other: Gamma) -> Tensor:
        """KL(self || other)."""
        if not isinstance(other, Gamma):
            raise TypeError(
                f"Expected type of other is Exponential, but got {type(other)}"
            )

        t1 = other.concentration * P.log(self.rate / other.rate)
        t2 = P.lgamma(other.concentration) - P.lgamma(
            self.concentration
        )
        t3 = (self.concentration - other.concentration) * P.digamma(
            self.concentration
        )
        t4 = (other.rate - self.rate) * (self.concentration / self.rate)
        return t1 + t2 + t3 + t4

    def _natural_parameters(self) -> Tensor:
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x: Tensor, y: Tensor) -> Tensor:
        return P.lgamma(x + 1) + (x + 1) * P.log(-y.reciprocal())

