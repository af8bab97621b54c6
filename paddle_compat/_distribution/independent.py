"""paddle.distribution.Independent (Paddle: independent.py).

Follows Paddle 3.3.1's python/paddle/distribution/independent.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from . import distribution


class Independent(distribution.Distribution):
    """Independent(base, reinterpreted_batch_rank): reinterprets the rightmost batch axes of `base` as
    event axes.

    Differences from Paddle: none known.
    """
    def __init__(
        self, base: distribution.Distribution, reinterpreted_batch_rank: int
    ) -> None:
        if not isinstance(base, distribution.Distribution):
            raise TypeError(
                f"Expected type of 'base' is Distribution, but got {type(base)}"
            )
        if not (0 < reinterpreted_batch_rank <= len(base.batch_shape)):
            raise ValueError(
                f"Expected 0 < reinterpreted_batch_rank <= {len(base.batch_shape)}, but got {reinterpreted_batch_rank}"
            )
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank

        shape = base.batch_shape + base.event_shape
        super().__init__(
            batch_shape=shape[
                : len(base.batch_shape) - reinterpreted_batch_rank
            ],
            event_shape=shape[
                len(base.batch_shape) - reinterpreted_batch_rank :
            ],
        )

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self._base.mean

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self._base.variance

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        return self._base.sample(shape)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        return self._sum_rightmost(
            self._base.log_prob(value), self._reinterpreted_batch_rank
        )

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return self.log_prob(value).exp()

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return self._sum_rightmost(
            self._base.entropy(), self._reinterpreted_batch_rank
        )

    def _sum_rightmost(self, value: Tensor, n: int) -> Tensor:
        return value.sum(list(range(-n, 0))) if n > 0 else value

