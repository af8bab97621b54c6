"""paddle.distribution.ExponentialFamily (Paddle: exponential_family.py): entropy through the Bregman
divergence of the log-normalizer.

Follows Paddle 3.3.1's python/paddle/distribution/exponential_family.py (Apache-2.0) call for call,
on paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from . import ops as P
from . import distribution
from .ops import in_dynamic_mode


class ExponentialFamily(distribution.Distribution):
    """ExponentialFamily: a distribution with natural parameters and a log-normalizer; its entropy is
    computed from the gradient of the log-normalizer (autograd).

    Differences from Paddle: none known.
    """
    @property
    def _natural_parameters(self):
        raise NotImplementedError

    def _log_normalizer(self):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        entropy_value = -self._mean_carrier_measure

        natural_parameters = []
        for parameter in self._natural_parameters:
            parameter = parameter.detach()
            parameter.stop_gradient = False
            natural_parameters.append(parameter)

        log_norm = self._log_normalizer(*natural_parameters)

        if in_dynamic_mode():
            grads = P.grad(
                log_norm.sum(), natural_parameters, create_graph=True
            )
        else:
            grads = P.static_gradients(log_norm.sum(), natural_parameters)

        entropy_value += log_norm
        for p, g in zip(natural_parameters, grads):
            entropy_value -= p * g

        return entropy_value

