"""paddle.distribution.Cauchy (Paddle: cauchy.py).

Follows Paddle 3.3.1's python/paddle/distribution/cauchy.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numbers

import numpy as np

from . import ops as P
from . import distribution


class Cauchy(distribution.Distribution):
    """Cauchy(loc, scale, name=None): the Cauchy distribution.

    Differences from Paddle: none known.
    """
    loc: Tensor
    scale: Tensor
    dtype: dtype
    name: str

    def __init__(
        self,
        loc: float | Tensor,
        scale: float | Tensor,
        name: str | None = None,
    ) -> None:
        self.name = name if name is not None else 'Cauchy'

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

        self.dtype = self.loc.dtype

        super().__init__(batch_shape=self.loc.shape, event_shape=())

    @property
    def mean(self) -> Never:
        """The mean."""
        raise ValueError("Cauchy distribution has no mean.")

    @property
    def variance(self) -> Never:
        """The variance."""
        raise ValueError("Cauchy distribution has no variance.")

    @property
    def stddev(self) -> Never:
        """The standard deviation."""
        raise ValueError("Cauchy distribution has no stddev.")

    def sample(
        self, shape: Sequence[int] = [], name: str | None = None
    ) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        name = name if name is not None else (self.name + '_sample')
        with P.no_grad():
            return self.rsample(shape, name)

    def rsample(
        self, shape: Sequence[int] = [], name: str | None = None
    ) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        name = name if name is not None else (self.name + '_rsample')

        if not isinstance(
            shape,
            (np.ndarray, P.Variable, P.Variable, list, tuple),
        ):
            raise TypeError(
                f"Expected type of shape is Sequence[int], but got {type(shape)}"
            )

        shape = shape if isinstance(shape, tuple) else tuple(shape)
        shape = self._extend_shape(shape)

        loc = self.loc.expand(shape)
        scale = self.scale.expand(shape)
        uniforms = P.rand(shape, dtype=self.dtype)
        return P.add(
            loc,
            P.multiply(scale, P.tan(np.pi * (uniforms - 0.5))),
            name=name,
        )

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        name = self.name + '_prob'

        if not isinstance(value, (P.Variable)):
            raise TypeError(
                f"Expected type of value is Variable or Value, but got {type(value)}"
            )

        return self.log_prob(value).exp(name=name)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        name = self.name + '_log_prob'

        if not isinstance(value, (P.Variable)):
            raise TypeError(
                f"Expected type of value is Variable or Value, but got {type(value)}"
            )

        value = self._check_values_dtype_in_probs(self.loc, value)
        loc, scale, value = P.broadcast_tensors(
            [self.loc, self.scale, value]
        )

        return P.subtract(
            -(
                P.square(P.divide(P.subtract(value, loc), scale))
            ).log1p(),
            P.add(
                P.full(loc.shape, np.log(np.pi), dtype=self.dtype),
                scale.log(),
            ),
            name=name,
        )

    def cdf(self, value: Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        name = self.name + '_cdf'

        if not isinstance(value, (P.Variable)):
            raise TypeError(
                f"Expected type of value is Variable or Value, but got {type(value)}"
            )

        value = self._check_values_dtype_in_probs(self.loc, value)
        loc, scale, value = P.broadcast_tensors(
            [self.loc, self.scale, value]
        )

        return (
            P.atan(
                P.divide(P.subtract(value, loc), scale), name=name
            )
            / np.pi
            + 0.5
        )

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        name = self.name + '_entropy'
        return P.add(
            P.full(self.loc.shape, np.log(4 * np.pi), dtype=self.dtype),
            self.scale.log(),
            name=name,
        )

    def kl_divergence(self, other: Cauchy) -> Tensor:
        """KL(self || other)."""
        name = self.name + '_kl_divergence'

        if not isinstance(other, Cauchy):
            raise TypeError(
                f"Expected type of other is Cauchy, but got {type(other)}"
            )

        a_loc = self.loc
        b_loc = other.loc

        a_scale = self.scale
        b_scale = other.scale

        t1 = P.add(
            P.pow(P.add(a_scale, b_scale), 2),
            P.pow(P.subtract(a_loc, b_loc), 2),
        ).log()
        t2 = (4 * P.multiply(a_scale, b_scale)).log()

        return P.subtract(t1, t2, name=name)

