"""paddle.vision.models.LeNet: the classic 2-conv, 3-linear network for 1x28x28 images."""
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Linear
from ..._nn.layer.activation import ReLU
from ..._nn.layer.container import Sequential
from ..._nn.layer.conv import Conv2D
from ..._nn.layer.pooling import MaxPool2D
from ..._ops.manipulation import flatten

__all__ = []


class LeNet(Layer):
    """paddle.vision.models.LeNet(num_classes=10): `features` (Conv2D 1->6 3x3, ReLU, MaxPool,
    Conv2D 6->16 5x5, ReLU, MaxPool) then, when num_classes > 0, `fc` (400->120->84->classes,
    three Linear layers with no activation between them, as in Paddle)."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.num_classes = num_classes
        self.features = Sequential(
            Conv2D(1, 6, 3, stride=1, padding=1), ReLU(), MaxPool2D(2, 2),
            Conv2D(6, 16, 5, stride=1, padding=0), ReLU(), MaxPool2D(2, 2))
        if num_classes > 0:
            self.fc = Sequential(Linear(400, 120), Linear(120, 84), Linear(84, num_classes))

    def forward(self, inputs):
        x = self.features(inputs)
        if self.num_classes > 0:
            x = flatten(x, 1)
            x = self.fc(x)
        return x
