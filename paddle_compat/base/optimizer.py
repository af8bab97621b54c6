"""paddle.base.optimizer (paddle.fluid.optimizer; Paddle 3.3.1 keeps no such module under base): legacy optimizer spellings over paddle.optimizer, and fluid's ExponentialMovingAverage (paddle.static's).

The legacy argument names map to Paddle 3's: `parameter_list` -> `parameters`, `regularization`
-> `weight_decay`. `minimize(loss)` in static mode appends the backward and update ops as
paddle.optimizer does.
"""
from .. import optimizer as _opt
from ..static import ExponentialMovingAverage

__all__ = ["SGD", "SGDOptimizer", "Momentum", "MomentumOptimizer", "Adam", "AdamOptimizer",
           "ExponentialMovingAverage"]


class SGD(_opt.SGD):
    """fluid.optimizer.SGD(learning_rate, parameter_list=None, regularization=None,
    grad_clip=None, name=None): plain gradient descent."""

    def __init__(self, learning_rate, parameter_list=None, regularization=None, grad_clip=None,
                 name=None):
        super().__init__(learning_rate=learning_rate, parameters=parameter_list,
                         weight_decay=regularization, grad_clip=grad_clip, name=name)


class Momentum(_opt.Momentum):
    """fluid.optimizer.Momentum(learning_rate, momentum, parameter_list=None,
    use_nesterov=False, regularization=None, grad_clip=None, name=None)."""

    def __init__(self, learning_rate, momentum, parameter_list=None, use_nesterov=False,
                 regularization=None, grad_clip=None, name=None):
        super().__init__(learning_rate=learning_rate, momentum=momentum, parameters=parameter_list,
                         use_nesterov=use_nesterov, weight_decay=regularization,
                         grad_clip=grad_clip, name=name)


class Adam(_opt.Adam):
    """fluid.optimizer.Adam(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
    parameter_list=None, regularization=None, grad_clip=None, name=None, lazy_mode=False)."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 parameter_list=None, regularization=None, grad_clip=None, name=None,
                 lazy_mode=False):
        super().__init__(learning_rate=learning_rate, beta1=beta1, beta2=beta2, epsilon=epsilon,
                         parameters=parameter_list, weight_decay=regularization,
                         grad_clip=grad_clip, name=name, lazy_mode=lazy_mode)


# The classes keep Paddle 3's names (the static minimize dispatches on the class name); the
# legacy `*Optimizer` spellings are aliases.
SGDOptimizer = SGD
MomentumOptimizer = Momentum
AdamOptimizer = Adam
