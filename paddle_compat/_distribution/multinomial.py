"""paddle.distribution.Multinomial (Paddle: multinomial.py).

Follows Paddle 3.3.1's python/paddle/distribution/multinomial.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from collections.abc import Iterable

from . import ops as P
from . import categorical, distribution


class Multinomial(distribution.Distribution):
    """Multinomial(total_count, probs): counts of `total_count` categorical draws.

    Differences from Paddle: none known.
    """
    total_count: int
    probs: Tensor

    def __init__(self, total_count: int, probs: Tensor) -> None:
        if not isinstance(total_count, int) or total_count < 1:
            raise ValueError(
                'input parameter total_count must be int type and grater than zero.'
            )

        if probs.dim() < 1:
            raise ValueError(
                'probs parameter should not be none and over one dimension'
            )

        self.probs = probs / probs.sum(-1, keepdim=True)
        self.total_count = total_count
        self._categorical = categorical.Categorical(
            logits=self._probs_to_logits(probs)
        )

        super().__init__(probs.shape[:-1], probs.shape[-1:])

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.probs * self.total_count

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.total_count * self.probs * (1 - self.probs)

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        if P.is_integer(value):
            value = P.cast(value, self.probs.dtype)

        logits, value = P.broadcast_tensors(
            [P.log(self.probs), value]
        )
        if P.in_dynamic_mode():
            logits[(value == 0) & (P.isinf(logits))] = 0
        else:
            logits = P.where((value == 0) & (P.isinf(logits)), P.zeros_like(logits), logits)

        return (
            P.lgamma(value.sum(-1) + 1)
            - P.lgamma(value + 1).sum(-1)
            + (value * logits).sum(-1)
        )

    def sample(self, shape: Iterable[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')

        samples = self._categorical.sample([self.total_count, *list(shape)])
        return (
            P.one_hot(samples, self.probs.shape[-1])
            .cast(self.probs.dtype)
            .sum(0)
        )

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        n = P.full(
            shape=[], fill_value=self.total_count, dtype=self.probs.dtype
        )
        support = P.arange(
            self.total_count + 1, dtype=self.probs.dtype
        ).reshape((-1,) + (1,) * len(self.probs.shape))[1:]

        binomial_pmf = P.exp(self._binomial_logpmf(n, support))

        return (n * self._categorical.entropy() - P.lgamma(n + 1)) + (
            (binomial_pmf * P.lgamma(support + 1)).sum([0, -1])
        )

    def _binomial_logpmf(self, count: Tensor, value: Tensor) -> Tensor:
        logits = self._probs_to_logits(self.probs, is_binary=True)

        factor_n = P.lgamma(count + 1)
        factor_k = P.lgamma(value + 1)
        factor_nmk = P.lgamma(count - value + 1)

        norm = (
            count * _clip_by_zero(logits)
            + count * P.log1p(P.exp(-P.abs(logits)))
            - factor_n
        )

        return value * logits - factor_k - factor_nmk - norm


def _binomial_support(count, dtype):
    return P.arange(count + 1, dtype=dtype)


def _clip_by_zero(x):
    return (x.clip(min=0) + x - x.clip(max=0)) / 2

