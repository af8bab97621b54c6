"""paddle.distribution.TransformedDistribution (Paddle: transformed_distribution.py).

Follows Paddle 3.3.1's python/paddle/distribution/transformed_distribution.py (Apache-2.0) call for
call, on paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and
seeded samples are Paddle's.
"""
from __future__ import annotations

import typing

from . import distribution, independent, transform


class TransformedDistribution(distribution.Distribution):
    """TransformedDistribution(base, transforms): `base` pushed through a sequence of transforms.

    Differences from Paddle: a TypeError that prints a class prints paddle_compat's module path
    (paddle_compat._distribution...).
    """
    base: Distribution
    transforms: Sequence[Transform]

    def __init__(
        self, base: Distribution, transforms: Sequence[Transform]
    ) -> None:
        if not isinstance(base, distribution.Distribution):
            raise TypeError(
                f"Expected type of 'base' is Distribution, but got {type(base)}."
            )
        if not isinstance(transforms, typing.Sequence):
            raise TypeError(
                f"Expected type of 'transforms' is Sequence[Transform] or Chain, but got {type(transforms)}."
            )
        if not all(isinstance(t, transform.Transform) for t in transforms):
            raise TypeError("All element of transforms must be Transform type.")

        chain = transform.ChainTransform(transforms)
        base_shape = base.batch_shape + base.event_shape
        self._base = base
        self._transforms = transforms
        if not transforms:
            super().__init__(base.batch_shape, base.event_shape)
            return
        if len(base.batch_shape + base.event_shape) < chain._domain.event_rank:
            raise ValueError(
                f"'base' needs to have shape with size at least {chain._domain.event_rank}, bug got {len(base_shape)}."
            )
        if chain._domain.event_rank > len(base.event_shape):
            base = independent.Independent(
                base, chain._domain.event_rank - len(base.event_shape)
            )

        transformed_shape = chain.forward_shape(
            base.batch_shape + base.event_shape
        )
        transformed_event_rank = chain._codomain.event_rank + max(
            len(base.event_shape) - chain._domain.event_rank, 0
        )
        super().__init__(
            transformed_shape[
                : len(transformed_shape) - transformed_event_rank
            ],
            transformed_shape[
                len(transformed_shape) - transformed_event_rank :
            ],
        )

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        x = self._base.sample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        x = self._base.rsample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        log_prob = 0.0
        y = value
        event_rank = len(self.event_shape)
        for t in reversed(self._transforms):
            x = t.inverse(y)
            event_rank += t._domain.event_rank - t._codomain.event_rank
            log_prob = log_prob - _sum_rightmost(
                t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank
            )
            y = x
        log_prob += _sum_rightmost(
            self._base.log_prob(y), event_rank - len(self._base.event_shape)
        )
        return log_prob


def _sum_rightmost(value: Tensor, n: int) -> Tensor:
    return value.sum(list(range(-n, 0))) if n > 0 else value

