"""paddle.distribution.Geometric (Paddle: geometric.py).

Follows Paddle 3.3.1's python/paddle/distribution/geometric.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numbers

import numpy as np

from . import ops as P
from . import distribution


class Geometric(distribution.Distribution):
    """Geometric(probs): trials to the first success (support 1, 2, ...; Paddle's convention).

    Differences from Paddle: none known.
    """
    probs: Tensor

    def __init__(self, probs: float | Tensor) -> None:
        if isinstance(
            probs,
            (numbers.Real, P.Tensor, P.Variable),
        ):
            if isinstance(probs, numbers.Real):
                probs = P.full(
                    shape=(), fill_value=probs, dtype='float32'
                )

            all_ones = P.full(
                shape=probs.shape, fill_value=1, dtype=probs.dtype
            )
            all_zeros = P.full(
                shape=probs.shape, fill_value=0, dtype=probs.dtype
            )
            all_false = P.full(
                shape=probs.shape, fill_value=False, dtype=bool
            )

            lessthen_0 = probs <= all_zeros
            morethen_1 = probs > all_ones

        else:
            raise TypeError(
                f"Expected type of probs is Number.Real|Tensor|framework.Variable|Value, but got {type(probs)}"
            )

        batch_shape = tuple(probs.shape)

        self.probs = probs
        super().__init__(batch_shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return 1.0 / self.probs - 1.0

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return P.to_tensor(
            (1.0 / self.probs - 1.0) / self.probs,
            dtype=self.probs.dtype,
        )

    @property
    def stddev(self) -> Tensor:
        """The standard deviation."""
        return P.sqrt(self.variance)

    def pmf(self, k: int | Tensor) -> Tensor:
        """The probability mass at `k`."""
        if isinstance(
            k, (numbers.Integral, P.Variable)
        ):
            return P.pow((1.0 - self.probs), k) * self.probs
        else:
            raise TypeError(
                f"Expected type of k is number.Real|framework.Variable|Value, but got {type(k)}"
            )

    def log_pmf(self, k: int | Tensor) -> Tensor:
        """The log probability mass at `k`."""
        if isinstance(
            k, (numbers.Integral, P.Variable)
        ):
            return P.log(self.pmf(k))
        else:
            raise TypeError(
                f"Expected type of k is number.Real|framework.Variable|Value, but got {type(k)}"
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

        uniform = P.uniform(
            shape=shape,
            min=float(np.finfo(dtype='float32').tiny),
            max=1.0,
            dtype=self.probs.dtype,
        )

        return P.floor(P.log(uniform) / P.log1p(-(self.probs)))

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        x = (1.0 - self.probs) * P.log(1.0 - self.probs)
        y = self.probs * P.log(self.probs)

        return -(x + y) / self.probs

    def cdf(self, k: int | Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        if isinstance(
            k, (numbers.Integral, P.Variable)
        ):
            return 1.0 - P.pow((1.0 - self.probs), k + 1)
        else:
            raise TypeError(
                f"Expected type of k is number.Real|framework.Variable|Value, but got {type(k)}"
            )

    def kl_divergence(self, other: Geometric) -> Tensor:
        """KL(self || other)."""
        if isinstance(other, Geometric):
            p, q = self.probs, other.probs
            return p * P.log(p / q) + (1.0 - p) * P.log(
                (1.0 - p) / (1.0 - q)
            )
        else:
            raise TypeError(
                f"Exacted type of other is geometric.Geometric, but got {type(other)}"
            )

