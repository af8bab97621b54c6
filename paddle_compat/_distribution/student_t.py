"""paddle.distribution.StudentT (Paddle: student_t.py).

Follows Paddle 3.3.1's python/paddle/distribution/student_t.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from . import ops as P
from .ops import check_type
from .ops import Variable
from . import distribution
from .gamma import Gamma
from .ops import in_dynamic_mode


class StudentT(distribution.Distribution):
    """StudentT(df, loc, scale, name=None): Student's t distribution.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the gamma kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    df: Tensor
    loc: Tensor
    scale: Tensor
    name: str
    dtype: dtype

    def __init__(
        self,
        df: float | Tensor,
        loc: float | Tensor,
        scale: float | Tensor,
        name: str | None = None,
    ) -> None:
        if not in_dynamic_mode():
            check_type(
                df,
                'df',
                (
                    float,
                    Variable,
                ),
                'StudentT',
            )
            check_type(
                loc,
                'loc',
                (
                    float,
                    Variable,
                ),
                'StudentT',
            )
            check_type(
                scale,
                'scale',
                (
                    float,
                    Variable,
                ),
                'StudentT',
            )

        self.name = name if name is not None else 'StudentT'
        self.df, self.loc, self.scale = self._broadcast_all(df, loc, scale)

        if not self._check_nonnegative(self.df):
            raise ValueError(
                'Every element of input parameter `df` should be nonnegative.'
            )
        if not self._check_nonnegative(self.scale):
            raise ValueError(
                'Every element of input parameter `scale` should be nonnegative.'
            )

        batch_shape = self.df.shape
        super().__init__(batch_shape)
        self._chi2 = Gamma(0.5 * self.df, P.full_like(self.df, 0.5))

    def _check_nonnegative(self, value: Tensor) -> bool:
        return (value >= 0.0).all()

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return P.where(
            self.df > 1.0,
            self.loc,
            P.full_like(self.loc, fill_value=float('nan')),
        )

    @property
    def variance(self) -> Tensor:
        """The variance."""
        var = self.df.clone().detach()
        var_condition = self.df > 2.0
        var = P.where(
            var_condition,
            self.scale.pow(2) * var / (var - 2),
            P.full_like(var, fill_value=float('nan')),
        )
        inf_condition = (self.df <= 2.0).logical_and(self.df > 1.0)
        var = P.where(
            inf_condition, P.full_like(var, fill_value=float('inf')), var
        )
        return var

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')

        output_shape = self._extend_shape(shape)
        z = P.normal(shape=output_shape)
        chi2 = self._chi2.sample(shape)
        x = z * P.rsqrt(chi2 / self.df)
        return self.loc + self.scale * x

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        lbeta = (
            P.lgamma(0.5 * self.df)
            + math.lgamma(0.5)
            - P.lgamma(0.5 * (self.df + 1))
        )
        return (
            self.scale.log()
            + 0.5
            * (self.df + 1)
            * (
                P.digamma(0.5 * (self.df + 1))
                - P.digamma(0.5 * self.df)
            )
            + 0.5 * self.df.log()
            + lbeta
        )

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        value = self._check_values_dtype_in_probs(self.df, value)
        y = (value - self.loc) / self.scale
        Z = (
            self.scale.log()
            + 0.5 * self.df.log()
            + 0.5 * math.log(math.pi)
            + P.lgamma(0.5 * self.df)
            - P.lgamma(0.5 * (self.df + 1.0))
        )
        return -0.5 * (self.df + 1.0) * P.log1p(y**2.0 / self.df) - Z

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

