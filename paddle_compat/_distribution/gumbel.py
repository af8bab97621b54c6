"""paddle.distribution.Gumbel (Paddle: gumbel.py), Uniform through exp/affine transforms.

Follows Paddle 3.3.1's python/paddle/distribution/gumbel.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from . import ops as P
from .transform import AffineTransform, ExpTransform
from .transformed_distribution import TransformedDistribution
from .uniform import Uniform


class Gumbel(TransformedDistribution):
    """Gumbel(loc, scale): the Gumbel distribution.

    Differences from Paddle: none known.
    """
    loc: Tensor
    scale: Tensor
    base_dist: Uniform
    transforms: tuple[Transform, ...]

    def __init__(self, loc: float | Tensor, scale: float | Tensor) -> None:
        if not isinstance(
            loc, (numbers.Real, P.Variable)
        ):
            raise TypeError(
                f"Expected type of loc is Real|Variable|Value, but got {type(loc)}"
            )
        if not isinstance(
            scale, (numbers.Real, P.Variable)
        ):
            raise TypeError(
                f"Expected type of scale is Real|Variable|Value, but got {type(scale)}"
            )

        if isinstance(loc, numbers.Real):
            loc = P.full(shape=(), fill_value=loc)

        if isinstance(scale, numbers.Real):
            scale = P.full(shape=(), fill_value=scale)

        if loc.shape != scale.shape:
            self.loc, self.scale = P.broadcast_tensors([loc, scale])
        else:
            self.loc, self.scale = loc, scale

        finfo = np.finfo(dtype='float32')
        self.base_dist = Uniform(
            P.full_like(self.loc, float(finfo.tiny)),
            P.full_like(self.loc, float(1 - finfo.eps)),
        )

        self.transforms = ()

        super().__init__(self.base_dist, self.transforms)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.loc + self.scale * np.euler_gamma

    @property
    def variance(self) -> Tensor:
        """The variance."""
        temp = P.full(
            shape=self.loc.shape,
            fill_value=math.pi * math.pi,
            dtype=self.scale.dtype,
        )

        return P.pow(self.scale, 2) * temp / 6

    @property
    def stddev(self) -> Tensor:
        """The standard deviation."""
        return P.sqrt(self.variance)

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        y = (self.loc - value.astype(self.loc.dtype)) / self.scale.astype(
            self.loc.dtype
        )

        return P.exp(y - P.exp(y)) / self.scale.astype(y.dtype)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        return P.log(self.prob(value))

    def cdf(self, value: Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        return P.exp(
            -P.exp(
                -(value - self.loc.astype(value.dtype))
                / self.scale.astype(value.dtype)
            )
        )

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        return P.log(self.scale) + 1 + np.euler_gamma

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        with P.no_grad():
            return self.rsample(shape)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        exp_trans = ExpTransform()
        affine_trans_1 = AffineTransform(
            P.full(
                shape=self.scale.shape, fill_value=0, dtype=self.loc.dtype
            ),
            -P.ones_like(self.scale),
        )
        affine_trans_2 = AffineTransform(
            self.loc, -self.scale
        )

        return affine_trans_2.forward(
            exp_trans.inverse(
                affine_trans_1.forward(
                    exp_trans.inverse(self._base.sample(shape))
                )
            )
        )

