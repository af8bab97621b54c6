"""paddle.distribution.ContinuousBernoulli (Paddle: continuous_bernoulli.py).

Follows Paddle 3.3.1's python/paddle/distribution/continuous_bernoulli.py (Apache-2.0) call for
call, on paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and
seeded samples are Paddle's.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import ops as P
from . import distribution


class ContinuousBernoulli(distribution.Distribution):
    """ContinuousBernoulli(probs, lims=(0.499, 0.501)): the continuous Bernoulli distribution on [0,
    1].

    Differences from Paddle: none known.
    """
    probs: Tensor
    lims: Tensor
    dtype: dtype

    def __init__(
        self, probs: float | Tensor, lims: tuple[float] = (0.499, 0.501)
    ) -> None:
        self.dtype = P.get_default_dtype()
        self.probs = self._to_tensor(probs)
        self.lims = P.to_tensor(lims, dtype=self.dtype)

        eps_prob = P.finfo(self.probs.dtype).eps
        self.probs = P.clip(self.probs, min=eps_prob, max=1 - eps_prob)

        batch_shape = self.probs.shape
        super().__init__(batch_shape)

    def _to_tensor(self, probs: float | Tensor) -> Tensor:
        if isinstance(probs, (float, int)):
            probs = P.to_tensor([probs], dtype=self.dtype)
        else:
            self.dtype = probs.dtype
        return probs

    def _cut_support_region(self) -> Tensor:
        return P.logical_or(
            P.less_equal(self.probs, self.lims[0]),
            P.greater_than(self.probs, self.lims[1]),
        )

    def _cut_probs(self) -> Tensor:
        return P.where(
            self._cut_support_region(),
            self.probs,
            self.lims[0] * P.ones_like(self.probs),
        )

    def _tanh_inverse(self, value: Tensor) -> Tensor:
        return 0.5 * (P.log1p(value) - P.log1p(-value))

    def _log_constant(self) -> Tensor:
        cut_probs = self._cut_probs()
        half = P.to_tensor(0.5, dtype=self.dtype)
        cut_probs_below_half = P.where(
            P.less_equal(cut_probs, half),
            cut_probs,
            P.zeros_like(cut_probs),
        )
        cut_probs_above_half = P.where(
            P.greater_equal(cut_probs, half),
            cut_probs,
            P.ones_like(cut_probs),
        )
        log_constant_propose = P.log(
            2.0 * P.abs(self._tanh_inverse(1.0 - 2.0 * cut_probs))
        ) - P.where(
            P.less_equal(cut_probs, half),
            P.log1p(-2.0 * cut_probs_below_half),
            P.log(2.0 * cut_probs_above_half - 1.0),
        )
        x = P.square(self.probs - 0.5)
        taylor_expansion = (
            P.log(P.to_tensor(2.0, dtype=self.dtype))
            + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        )
        return P.where(
            self._cut_support_region(), log_constant_propose, taylor_expansion
        )

    @property
    def mean(self) -> Tensor:
        """The mean."""
        cut_probs = self._cut_probs()
        tmp = P.divide(cut_probs, 2.0 * cut_probs - 1.0)
        propose = tmp + P.divide(
            P.to_tensor(1.0, dtype=self.dtype),
            2.0 * self._tanh_inverse(1.0 - 2.0 * cut_probs),
        )
        x = self.probs - 0.5
        taylor_expansion = (
            0.5 + (1.0 / 3.0 + 16.0 / 45.0 * P.square(x)) * x
        )
        return P.where(
            self._cut_support_region(), propose, taylor_expansion
        )

    @property
    def variance(self) -> Tensor:
        """The variance."""
        cut_probs = self._cut_probs()
        tmp = P.divide(
            cut_probs * (cut_probs - 1.0),
            P.square(1.0 - 2.0 * cut_probs),
        )
        propose = tmp + P.divide(
            P.to_tensor(1.0, dtype=self.dtype),
            P.square(P.log1p(-cut_probs) - P.log(cut_probs)),
        )
        x = P.square(self.probs - 0.5)
        taylor_expansion = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return P.where(
            self._cut_support_region(), propose, taylor_expansion
        )

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        with P.no_grad():
            return self.rsample(shape)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        shape = tuple(shape)
        batch_shape = tuple(self.batch_shape)
        output_shape = tuple(shape + batch_shape)
        u = P.uniform(shape=output_shape, dtype=self.dtype, min=0, max=1)
        return self.icdf(u)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        value = P.cast(value, dtype=self.dtype)
        eps = P.finfo(self.probs.dtype).eps
        cross_entropy = P.nan_to_num(
            value * P.log(self.probs)
            + (1.0 - value) * P.log(1 - self.probs),
            neginf=-eps,
        )
        return self._log_constant() + cross_entropy

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        log_p = P.log(self.probs)
        log_1_minus_p = P.log1p(-self.probs)

        return P.where(
            P.equal(self.probs, P.to_tensor(0.5, dtype=self.dtype)),
            P.full_like(self.probs, 0.0),
            (
                -self._log_constant()
                + self.mean * (log_1_minus_p - log_p)
                - log_1_minus_p
            ),
        )

    def cdf(self, value: Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        value = P.cast(value, dtype=self.dtype)
        cut_probs = self._cut_probs()
        cdfs = (
            P.pow(cut_probs, value)
            * P.pow(1.0 - cut_probs, 1.0 - value)
            + cut_probs
            - 1.0
        ) / (2.0 * cut_probs - 1.0)
        unbounded_cdfs = P.where(self._cut_support_region(), cdfs, value)
        return P.where(
            P.less_equal(value, P.to_tensor(0.0, dtype=self.dtype)),
            P.zeros_like(value),
            P.where(
                P.greater_equal(
                    value, P.to_tensor(1.0, dtype=self.dtype)
                ),
                P.ones_like(value),
                unbounded_cdfs,
            ),
        )

    def icdf(self, value: Tensor) -> Tensor:
        """The inverse of the cumulative distribution function at `value`."""
        value = P.cast(value, dtype=self.dtype)
        cut_probs = self._cut_probs()
        return P.where(
            self._cut_support_region(),
            (
                P.log1p(-cut_probs + value * (2.0 * cut_probs - 1.0))
                - P.log1p(-cut_probs)
            )
            / (P.log(cut_probs) - P.log1p(-cut_probs)),
            value,
        )

    def kl_divergence(self, other: ContinuousBernoulli) -> Tensor:

        """KL(self || other)."""
        if self.batch_shape != other.batch_shape:
            raise ValueError(
                "KL divergence of two Continuous Bernoulli distributions should share the same `batch_shape`."
            )
        part1 = -self.entropy()
        log_q = P.log(other.probs)
        log_1_minus_q = P.log1p(-other.probs)
        part2 = -(
            other._log_constant()
            + self.mean * (log_q - log_1_minus_q)
            + log_1_minus_q
        )
        return part1 + part2

