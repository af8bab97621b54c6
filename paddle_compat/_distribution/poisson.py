"""paddle.distribution.Poisson (Paddle: poisson.py).

Follows Paddle 3.3.1's python/paddle/distribution/poisson.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import ops as P
from .ops import convert_dtype
from . import distribution


class Poisson(distribution.Distribution):
    """Poisson(rate): the Poisson distribution.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the poisson kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    rate: Tensor
    dtype: _DTypeLiteral

    def __init__(self, rate: float | Tensor) -> None:
        self.dtype = P.get_default_dtype()
        self.rate = self._to_tensor(rate)

        batch_shape = self.rate.shape
        super().__init__(batch_shape)

    def _to_tensor(self, rate: float | Tensor) -> Tensor:
        if isinstance(rate, (float, int)):
            rate = P.to_tensor([rate], dtype=self.dtype)
        else:
            self.dtype = convert_dtype(rate.dtype)
        return rate

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.rate

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.rate

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')

        shape = tuple(shape)
        batch_shape = tuple(self.batch_shape)
        output_shape = tuple(shape + batch_shape)
        output_rate = P.broadcast_to(self.rate, shape=output_shape)

        with P.no_grad():
            return P.poisson(output_rate)

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        values = self._enumerate_bounded_support(self.rate).reshape(
            (-1,) + (1,) * len(self.batch_shape)
        )
        log_prob = self.log_prob(values)
        proposed = -(P.exp(log_prob) * log_prob).sum(0)
        mask = P.cast(
            P.not_equal(
                self.rate, P.to_tensor(0.0, dtype=self.dtype)
            ),
            dtype=self.dtype,
        )
        return P.multiply(proposed, mask)

    def _enumerate_bounded_support(self, rate: float | Tensor) -> Tensor:
        if P.in_dynamic_mode():
            s_max = (
                P.sqrt(P.max(rate))
                if P.greater_equal(
                    P.max(rate), P.to_tensor(1.0, dtype=self.dtype)
                )
                else P.ones_like(rate, dtype=self.dtype)
            )
            upper = P.max(P.cast(rate + 30 * s_max, dtype="int32"))
            values = P.arange(0, upper, dtype=self.dtype)
            return values
        else:

            def true_func():
                return P.sqrt(P.max(rate))

            def false_func():
                return P.to_tensor(1.0, dtype=self.dtype)

            s_max = P.static_cond(
                P.greater_equal(
                    P.max(rate), P.to_tensor(1.0, dtype=self.dtype)
                ),
                true_func,
                false_func,
            )
            upper = P.max(P.cast(rate + 30 * s_max, dtype="int32"))
            values = P.arange(0, upper, dtype=self.dtype)
            return values

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        value = P.cast(value, dtype=self.dtype)
        eps = P.finfo(self.rate.dtype).eps
        return P.nan_to_num(
            (
                -self.rate
                + value * P.log(self.rate)
                - P.lgamma(value + 1)
            ),
            neginf=-eps,
        )

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def kl_divergence(self, other: Poisson) -> Tensor:

        """KL(self || other)."""
        if self.batch_shape != other.batch_shape:
            raise ValueError(
                "KL divergence of two poisson distributions should share the same `batch_shape`."
            )
        rate_max = P.max(P.maximum(self.rate, other.rate))
        support_max = self._enumerate_bounded_support(rate_max)
        a_max = P.max(support_max)
        common_support = P.arange(0, a_max, dtype=self.dtype).reshape(
            (-1,) + (1,) * len(self.batch_shape)
        )

        log_prob_1 = self.log_prob(common_support)
        log_prob_2 = other.log_prob(common_support)
        return (P.exp(log_prob_1) * (log_prob_1 - log_prob_2)).sum(0)

