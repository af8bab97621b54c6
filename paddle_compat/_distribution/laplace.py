"""paddle.distribution.Laplace (Paddle: laplace.py).

Follows Paddle 3.3.1's python/paddle/distribution/laplace.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numbers

import numpy as np

from . import ops as P
from . import distribution


class Laplace(distribution.Distribution):
    """Laplace(loc, scale): the Laplace distribution.

    Differences from Paddle: none known.
    """
    loc: Tensor
    scale: Tensor

    def __init__(self, loc: float | Tensor, scale: float | Tensor) -> None:
        if not isinstance(
            loc, (numbers.Real, P.Variable)
        ):
            raise TypeError(
                f"Expected type of loc is Real|Variable, but got {type(loc)}"
            )

        if not isinstance(
            scale, (numbers.Real, P.Variable)
        ):
            raise TypeError(
                f"Expected type of scale is Real|Variable, but got {type(scale)}"
            )

        if isinstance(loc, numbers.Real):
            loc = P.full(shape=(), fill_value=loc)

        if isinstance(scale, numbers.Real):
            scale = P.full(shape=(), fill_value=scale)

        if (len(scale.shape) > 0 or len(loc.shape) > 0) and (
            loc.dtype == scale.dtype
        ):
            self.loc, self.scale = P.broadcast_tensors([loc, scale])
        else:
            self.loc, self.scale = loc, scale

        super().__init__(self.loc.shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.loc

    @property
    def stddev(self) -> Tensor:
        """The standard deviation."""
        return (2**0.5) * self.scale

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.stddev.pow(2)

    def _validate_value(
        self, value: float | Tensor
    ) -> tuple[Tensor, Tensor, Tensor]:
        if isinstance(value, numbers.Real):
            value = P.full(shape=(), fill_value=value)
        if value.dtype != self.scale.dtype:
            value = P.cast(value, self.scale.dtype)
        if (
            len(self.scale.shape) > 0
            or len(self.loc.shape) > 0
            or len(value.shape) > 0
        ):
            loc, scale, value = P.broadcast_tensors(
                [self.loc, self.scale, value]
            )
        else:
            loc, scale = self.loc, self.scale

        return loc, scale, value

    def log_prob(self, value: float | Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        loc, scale, value = self._validate_value(value)
        log_scale = -P.log(2 * scale)

        return log_scale - P.abs(value - loc) / scale

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return 1 + P.log(2 * self.scale)

    def cdf(self, value: float | Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        loc, scale, value = self._validate_value(value)
        item = (
            0.5
            * (value - loc).sign()
            * P.expm1(-(value - loc).abs() / scale)
        )

        return 0.5 - item

    def icdf(self, value: float | Tensor) -> Tensor:
        """The inverse of the cumulative distribution function at `value`."""
        loc, scale, value = self._validate_value(value)
        term = value - 0.5

        return loc - scale * (term).sign() * P.log1p(-2 * term.abs())

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        shape = shape if isinstance(shape, tuple) else tuple(shape)
        with P.no_grad():
            return self.rsample(shape)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:

        """Reparameterized samples: gradients flow back to the parameters."""
        eps = self._get_eps()
        shape = self._extend_shape(shape)
        uniform = P.uniform(
            shape=shape,
            min=float(np.nextafter(-1, 1)) + eps / 2,
            max=1.0 - eps / 2,
            dtype=self.loc.dtype,
        )
        return self.loc - self.scale * uniform.sign() * P.log1p(
            -uniform.abs()
        )

    def _get_eps(self) -> float:
        eps = 1.19209e-07
        if (
            self.loc.dtype == 'float64'
            or self.loc.dtype == 'complex128'
        ):
            eps = 2.22045e-16

        return eps

    def kl_divergence(self, other: Laplace) -> Tensor:

        """KL(self || other)."""
        var_ratio = other.scale / self.scale
        t = P.abs(self.loc - other.loc)
        term1 = (self.scale * P.exp(-t / self.scale) + t) / other.scale
        term2 = P.log(var_ratio)

        return term1 + term2 - 1

