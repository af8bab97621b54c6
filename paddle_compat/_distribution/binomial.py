"""paddle.distribution.Binomial (Paddle: binomial.py).

Follows Paddle 3.3.1's python/paddle/distribution/binomial.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import ops as P
from . import distribution


class Binomial(distribution.Distribution):
    """Binomial(total_count, probs): successes in `total_count` trials.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the binomial kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    dtype: _DTypeLiteral
    total_count: Tensor
    probs: Tensor

    def __init__(
        self, total_count: int | Tensor, probs: float | Tensor
    ) -> None:
        self.dtype = P.get_default_dtype()
        self.total_count, self.probs = self._to_tensor(total_count, probs)

        batch_shape = self.total_count.shape
        super().__init__(batch_shape)

    def _to_tensor(
        self, total_count: int | Tensor, probs: float | Tensor
    ) -> list[Tensor]:
        if isinstance(probs, float):
            probs = P.to_tensor(probs, dtype=self.dtype)
        else:
            self.dtype = probs.dtype
        if isinstance(total_count, int):
            total_count = P.to_tensor(total_count, dtype=self.dtype)
        else:
            total_count = P.cast(total_count, dtype=self.dtype)

        return P.broadcast_tensors([total_count, probs])

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.total_count * self.probs

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')

        with P.set_grad_enabled(False):
            shape = tuple(shape)
            batch_shape = tuple(self.batch_shape)
            output_shape = tuple(shape + batch_shape)
            output_size = P.broadcast_to(
                self.total_count, shape=output_shape
            )
            output_prob = P.broadcast_to(self.probs, shape=output_shape)
            sample = P.binomial(
                P.cast(output_size, dtype="int32"), output_prob
            )
            return P.cast(sample, self.dtype)

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        values = self._enumerate_support()
        log_prob = self.log_prob(values)
        return -(P.exp(log_prob) * log_prob).sum(0)

    def _enumerate_support(self) -> Tensor:
        values = P.arange(
            1 + P.max(self.total_count), dtype=self.dtype
        )
        values = values.reshape((-1,) + (1,) * len(self.batch_shape))
        return values

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        value = P.cast(value, dtype=self.dtype)

        log_comb = (
            P.lgamma(self.total_count + 1.0)
            - P.lgamma(self.total_count - value + 1.0)
            - P.lgamma(value + 1.0)
        )
        eps = P.finfo(self.probs.dtype).eps
        probs = P.clip(self.probs, min=eps, max=1 - eps)
        return P.nan_to_num(
            (
                log_comb
                + value * P.log(probs)
                + (self.total_count - value) * P.log(1 - probs)
            ),
            neginf=-eps,
        )

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def kl_divergence(self, other: Binomial) -> Tensor:
        """KL(self || other)."""
        support = self._enumerate_support()
        log_prob_1 = self.log_prob(support)
        log_prob_2 = other.log_prob(support)
        return (
            P.multiply(
                P.exp(log_prob_1),
                (P.subtract(log_prob_1, log_prob_2)),
            )
        ).sum(0)

