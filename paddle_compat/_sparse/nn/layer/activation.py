"""paddle.sparse.nn activation layers (Paddle: sparse/nn/layer/activation.py)."""
from ...._nn.layer.layers import Layer
from ..functional import activation as F

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax"]


class ReLU(Layer):
    """paddle.sparse.nn.ReLU(name=None): sparse.nn.functional.relu as a layer."""

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu(x, self._name)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class ReLU6(Layer):
    """paddle.sparse.nn.ReLU6(name=None): sparse.nn.functional.relu6 as a layer."""

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu6(x, self._name)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class LeakyReLU(Layer):
    """paddle.sparse.nn.LeakyReLU(negative_slope=0.01, name=None): sparse leaky_relu as a layer."""

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope
        self._name = name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope, self._name)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""


class Softmax(Layer):
    """paddle.sparse.nn.Softmax(axis=-1, name=None): sparse softmax as a layer."""

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.softmax(x, self._axis, self._name)

    def extra_repr(self):
        return f"name={self._name}" if self._name else ""
