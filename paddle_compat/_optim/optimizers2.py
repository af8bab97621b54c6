"""paddle.optimizer.Adamax, Adadelta, Lamb, RAdam, NAdam: Paddle's signatures and checks on top of
`Optimizer`; the arithmetic lives in `rules2.py`."""
from .optimizer import Optimizer, _as_float
from .optimizers import _check_adam_args

__all__ = ["Adamax", "Adadelta", "Lamb", "RAdam", "NAdam"]


class _Betas(Optimizer):
    _group_keys = ("beta1", "beta2", "epsilon")

    def _base_hyper(self, param):
        return {"beta1": _as_float(self._beta1), "beta2": _as_float(self._beta2),
                "epsilon": _as_float(self._epsilon)}

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        for key in ("beta1", "beta2", "epsilon"):
            hyper[key] = _as_float(hyper[key])
        return hyper


def _check_betas(epsilon, beta1, beta2):
    """RAdam's and NAdam's argument checks, with Paddle's messages."""
    if not 0.0 <= epsilon:
        raise ValueError("Invalid epsilon value: {}".format(epsilon))
    if not 0.0 <= beta1 < 1.0:
        raise ValueError("Invalid beta1 value: {}".format(beta1))
    if not 0.0 <= beta2 < 1.0:
        raise ValueError("Invalid beta2 value: {}".format(beta2))


class Adamax(_Betas):
    """paddle.optimizer.Adamax(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
    parameters=None, weight_decay=None, grad_clip=None, name=None): Adam with the infinity norm."""

    _rule = "adamax"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        for arg in (learning_rate, beta1, beta2, epsilon):
            if arg is None:
                raise AssertionError("Adamax: learning_rate, beta1, beta2 and epsilon must not be None")
        _check_adam_args(beta1, beta2, epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adamax"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._multi_precision = False


class Adadelta(Optimizer):
    """paddle.optimizer.Adadelta(learning_rate=0.001, epsilon=1e-06, rho=0.95, parameters=None,
    weight_decay=None, grad_clip=None, name=None)."""

    _rule = "adadelta"
    _group_keys = ("epsilon", "rho")

    def __init__(self, learning_rate=0.001, epsilon=1.0e-6, rho=0.95, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        for arg, label in ((learning_rate, "learning_rate"), (epsilon, "epsilon"), (rho, "rho")):
            if arg is None:
                raise ValueError(f"{label} is not set.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adadelta"
        self._epsilon, self._rho = epsilon, rho
        self._multi_precision = False

    def _base_hyper(self, param):
        return {"epsilon": float(self._epsilon), "rho": float(self._rho)}


class Lamb(_Betas):
    """paddle.optimizer.Lamb(learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
    epsilon=1e-06, parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None,
    multi_precision=False, always_adapt=False, name=None): layer-wise adaptive moments."""

    _rule = "lamb"
    _group_keys = ("beta1", "beta2", "epsilon", "lamb_weight_decay")

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
                 epsilon=1e-6, parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None,
                 multi_precision=False, always_adapt=False, name=None):
        for arg in (learning_rate, lamb_weight_decay, beta1, beta2, epsilon):
            if arg is None:
                raise AssertionError("Lamb: learning_rate, lamb_weight_decay, beta1, beta2 and "
                                     "epsilon must not be None")
        super().__init__(learning_rate, parameters, None, grad_clip, name)
        self.type = "lamb"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self._multi_precision = multi_precision
        self.always_adapt = always_adapt

    def _base_hyper(self, param):
        hyper = super()._base_hyper(param)
        hyper["lamb_weight_decay"] = float(self._lamb_weight_decay)
        hyper["always_adapt"] = bool(self.always_adapt)
        return hyper

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        fn = self._exclude_from_weight_decay_fn
        hyper["with_decay"] = not (fn is not None and fn(param))
        return hyper


class RAdam(_Betas):
    """paddle.optimizer.RAdam(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
    parameters=None, weight_decay=None, grad_clip=None, name=None): rectified Adam."""

    _rule = "radam"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1.0e-8, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if not 0.0 <= learning_rate if isinstance(learning_rate, float) else False:
            raise ValueError("Invalid learning rate: {}".format(learning_rate))
        _check_betas(epsilon, beta1, beta2)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "radam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon


class NAdam(_Betas):
    """paddle.optimizer.NAdam(learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1e-08,
    momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None, name=None)."""

    _rule = "nadam"
    _group_keys = ("beta1", "beta2", "epsilon", "momentum_decay")

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        _check_betas(epsilon, beta1, beta2)
        if not 0.0 <= momentum_decay:
            raise ValueError("Invalid momentum_decay value: {}".format(momentum_decay))
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "nadam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._momentum_decay = momentum_decay

    def _base_hyper(self, param):
        hyper = super()._base_hyper(param)
        hyper["momentum_decay"] = float(self._momentum_decay)
        return hyper
