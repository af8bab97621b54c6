"""paddle.distribution.Bernoulli (Paddle: bernoulli.py), with the relaxed (Gumbel-softmax) rsample.

Follows Paddle 3.3.1's python/paddle/distribution/bernoulli.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numpy as np

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import exponential_family
from .ops import in_dynamic_mode
from .ops import binary_cross_entropy_with_logits, sigmoid, softplus


EPS = {
    'float32': P.finfo('float32').eps,
    'float64': P.finfo('float64').eps,
}


def _clip_probs(probs, dtype):
    eps = EPS.get(dtype)
    return P.clip(probs, min=eps, max=1 - eps).astype(dtype)


class Bernoulli(exponential_family.ExponentialFamily):
    """Bernoulli(probs, name=None): 0/1 outcomes with probability `probs`.

    Differences from Paddle: none known.
    """
    name: str
    probs: Tensor
    logits: Tensor
    dtype: _DTypeLiteral

    def __init__(self, probs: float | Tensor, name: str | None = None) -> None:
        self.name = name or 'Bernoulli'
        if not in_dynamic_mode():
            check_type(
                probs,
                'probs',
                (float, Variable),
                self.name,
            )

        if self._validate_args(probs):
            self.probs = probs
            self.dtype = convert_dtype(probs.dtype)
        else:
            [self.probs] = self._to_tensor(probs)
            self.dtype = P.get_default_dtype()

        self.probs = _clip_probs(self.probs, self.dtype)
        self.logits = self._probs_to_logits(self.probs, is_binary=True)

        super().__init__(batch_shape=self.probs.shape, event_shape=())

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.probs

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return P.multiply(self.probs, (1 - self.probs))

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        name = self.name + '_sample'
        if not in_dynamic_mode():
            check_type(
                shape,
                'shape',
                (np.ndarray, Variable, list, tuple, P.Variable),
                name,
            )

        shape = shape if isinstance(shape, tuple) else tuple(shape)
        shape = self._extend_shape(shape)

        with P.no_grad():
            return P.bernoulli(self.probs.expand(shape), name=name)

    def rsample(
        self, shape: Sequence[int] = [], temperature: float = 1.0
    ) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        name = self.name + '_rsample'
        if not in_dynamic_mode():
            check_type(
                shape,
                'shape',
                (np.ndarray, Variable, P.Variable, list, tuple),
                name,
            )
            check_type(
                temperature,
                'temperature',
                (float,),
                name,
            )

        shape = shape if isinstance(shape, tuple) else tuple(shape)
        shape = self._extend_shape(shape)

        temperature = P.full(
            shape=(), fill_value=temperature, dtype=self.dtype
        )

        probs = self.probs.expand(shape)
        uniforms = P.rand(shape, dtype=self.dtype)
        return P.divide(
            P.add(
                P.subtract(uniforms.log(), (-uniforms).log1p()),
                P.subtract(probs.log(), (-probs).log1p()),
            ),
            temperature,
        )

    def cdf(self, value: Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        name = self.name + '_cdf'
        if not in_dynamic_mode():
            check_type(value, 'value', (Variable), name)

        value = self._check_values_dtype_in_probs(self.probs, value)
        probs, value = P.broadcast_tensors([self.probs, value])

        zeros = P.zeros_like(probs)
        ones = P.ones_like(probs)

        return P.where(
            value < 0,
            zeros,
            P.where(value < 1, P.subtract(ones, probs), ones),
            name=name,
        )

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        name = self.name + '_log_prob'
        if not in_dynamic_mode():
            check_type(value, 'value', (Variable), name)

        value = self._check_values_dtype_in_probs(self.probs, value)
        logits, value = P.broadcast_tensors([self.logits, value])
        return -binary_cross_entropy_with_logits(
            logits, value, reduction='none', name=name
        )

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        name = self.name + '_prob'
        if not in_dynamic_mode():
            check_type(value, 'value', (Variable), name)

        return self.log_prob(value).exp(name=name)

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        name = self.name + '_entropy'

        return binary_cross_entropy_with_logits(
            self.logits, self.probs, reduction='none', name=name
        )

    def kl_divergence(self, other: Bernoulli) -> Tensor:
        """KL(self || other)."""
        name = self.name + '_kl_divergence'
        if not in_dynamic_mode():
            check_type(other, 'other', Bernoulli, name)

        a_logits = self.logits
        b_logits = other.logits

        log_pa = -softplus(-a_logits)
        log_pb = -softplus(-b_logits)

        pa = sigmoid(a_logits)
        one_minus_pa = sigmoid(-a_logits)

        log_one_minus_pa = -softplus(a_logits)
        log_one_minus_pb = -softplus(b_logits)

        return P.add(
            P.subtract(
                P.multiply(log_pa, pa), P.multiply(log_pb, pa)
            ),
            P.subtract(
                P.multiply(log_one_minus_pa, one_minus_pa),
                P.multiply(log_one_minus_pb, one_minus_pa),
            ),
        )

