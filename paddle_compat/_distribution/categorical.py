"""paddle.distribution.Categorical (Paddle: categorical.py).

Follows Paddle 3.3.1's python/paddle/distribution/categorical.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from typing import Union

import numpy as np

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import distribution
from .ops import in_dynamic_mode
from .ops import multinomial


class Categorical(distribution.Distribution):
    """Categorical(logits, name=None): a categorical distribution over the last axis of `logits` (read
    as unnormalised probabilities, as Paddle does).

    Differences from Paddle: none known.
    """
    logits: Tensor
    dtype: _DTypeLiteral

    def __init__(
        self,
        logits: _CategoricalBoundary,
        name: str | None = None,
    ) -> None:
        if not in_dynamic_mode():
            check_type(
                logits,
                'logits',
                (np.ndarray, Variable, P.Variable, list, tuple),
                'Categorical',
            )

        self.name = name if name is not None else 'Categorical'
        self.dtype = 'float32'

        if self._validate_args(logits):
            self.logits = logits
            self.dtype = convert_dtype(logits.dtype)
        else:
            if isinstance(logits, np.ndarray) and str(logits.dtype) in [
                'float32',
                'float64',
            ]:
                self.dtype = convert_dtype(logits.dtype)
            self.logits = self._to_tensor(logits)[0]
            if self.dtype != convert_dtype(self.logits.dtype):
                self.logits = P.cast(self.logits, dtype=self.dtype)
        dist_sum = P.sum(self.logits, axis=-1, keepdim=True)
        self._prob = self.logits / dist_sum

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        name = self.name + '_sample'
        if not in_dynamic_mode():
            check_type(shape, 'shape', (list, tuple), 'sample')

        num_samples = np.prod(np.array(shape))

        logits_shape = list(self.logits.shape)
        if len(logits_shape) > 1:
            sample_shape = shape + logits_shape[:-1]
            logits = P.reshape(
                self.logits, [np.prod(logits_shape[:-1]), logits_shape[-1]]
            )
        else:
            sample_shape = shape
            logits = self.logits

        sample_index = multinomial(
            self._logits_to_probs(logits), num_samples, True
        )

        permute = list(range(sample_index.dim()))
        permute.insert(0, permute.pop(-1))
        sample_index = sample_index.transpose(permute)

        if isinstance(sample_shape, (int, np.integer)):
            # Paddle's C++ reshape takes a bare int as a one-element shape (`sample(3)` works
            # there); paddle_compat's reshape asks for a list
            sample_shape = [int(sample_shape)]
        return P.reshape(sample_index, sample_shape, name=name)

    def kl_divergence(self, other: Categorical) -> Tensor:
        """KL(self || other)."""
        name = self.name + '_kl_divergence'
        if not in_dynamic_mode():
            check_type(other, 'other', Categorical, 'kl_divergence')

        logits = self.logits - P.max(self.logits, axis=-1, keepdim=True)
        other_logits = other.logits - P.max(
            other.logits, axis=-1, keepdim=True
        )
        e_logits = P.exp(logits)
        other_e_logits = P.exp(other_logits)
        z = P.sum(e_logits, axis=-1, keepdim=True)
        other_z = P.sum(other_e_logits, axis=-1, keepdim=True)
        prob = e_logits / z
        kl = P.sum(
            prob
            * (logits - P.log(z) - other_logits + P.log(other_z)),
            axis=-1,
            keepdim=True,
            name=name,
        )

        return kl

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        name = self.name + '_entropy'
        logits = self.logits - P.max(self.logits, axis=-1, keepdim=True)
        e_logits = P.exp(logits)
        z = P.sum(e_logits, axis=-1, keepdim=True)
        prob = e_logits / z

        neg_entropy = P.sum(prob * (logits - P.log(z)), axis=-1)
        entropy = P.scale(neg_entropy, scale=-1.0, name=name)
        return entropy

    def probs(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        name = self.name + '_probs'
        if len(self._prob.shape) == 1:  # batch_shape is empty
            return P.gather(
                self._prob, value.reshape([-1], name=name), name=name
            ).reshape(value.shape, name=name)
        else:
            if len(value.shape) == 1:
                return P.take_along_axis(
                    self._prob,
                    P.reshape(
                        value,
                        (len(self._prob.shape) - 1) * [1] + [-1],
                        name=name,
                    ),
                    axis=-1,
                )
            else:
                return P.take_along_axis(self._prob, value, axis=-1)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        name = self.name + '_log_prob'

        return P.log(self.probs(value), name=name)

