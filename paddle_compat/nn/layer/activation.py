"""paddle.nn.layer.activation: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/activation.py
(scripts import them from here, e.g. `from paddle.nn.layer.activation import ...`)."""
from ..._nn.layer.activation import (  # noqa: F401
    CELU, ELU, GELU, GLU, Hardshrink, Hardsigmoid, Hardswish, Hardtanh, LeakyReLU, LogSigmoid,
    LogSoftmax, Maxout, Mish, PReLU, RReLU, ReLU, ReLU6, SELU, Sigmoid, Silu, Softmax,
    Softmax2D, Softplus, Softshrink, Softsign, Swish, Tanh, Tanhshrink, ThresholdedReLU)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
