from __future__ import annotations


from . import ops as P
from . import distribution
from .ops import in_dynamic_mode


class ExponentialFamily(distribution.Distribution):

    @property
    def _natural_parameters(self):
        raise NotImplementedError

    def _log_normalizer(self):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self) -> Tensor:
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

