"""paddle.vision.models.alexnet: AlexNet and alexnet (Uniform(-1/sqrt(fan_in), ..) initialisers,
as Paddle's)."""
import math

from ..._nn.functional.activation import relu
from ..._nn.initializer import Uniform
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout, Linear
from ..._nn.layer.activation import ReLU
from ..._nn.layer.conv import Conv2D
from ..._nn.layer.pooling import MaxPool2D
from ..._ops.manipulation import flatten
from ..._param_attr import ParamAttr
from ._utils import load_pretrained

__all__ = []

model_urls = {
    "alexnet": ("https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
                "AlexNet_pretrained.pdparams", "7f0f9f737132e02732d75a1459d98a43"),
}


def _uniform(stdv):
    return ParamAttr(initializer=Uniform(-stdv, stdv))


class ConvPoolLayer(Layer):
    """Conv2D (Uniform(-stdv, stdv) weight and bias), optional ReLU, MaxPool2D(3, 2)."""

    def __init__(self, input_channels, output_channels, filter_size, stride, padding, stdv,
                 groups=1, act=None):
        super().__init__()
        self.relu = ReLU() if act == "relu" else None
        self._conv = Conv2D(in_channels=input_channels, out_channels=output_channels,
                            kernel_size=filter_size, stride=stride, padding=padding,
                            groups=groups, weight_attr=_uniform(stdv), bias_attr=_uniform(stdv))
        self._pool = MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, inputs):
        x = self._conv(inputs)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(Layer):
    """paddle.vision.models.AlexNet(num_classes=1000)."""

    def __init__(self, num_classes=1000):
        super().__init__()
        self.num_classes = num_classes
        stdv = 1.0 / math.sqrt(3 * 11 * 11)
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, stdv, act="relu")
        stdv = 1.0 / math.sqrt(64 * 5 * 5)
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, stdv, act="relu")
        stdv = 1.0 / math.sqrt(192 * 3 * 3)
        self._conv3 = Conv2D(192, 384, 3, stride=1, padding=1, weight_attr=_uniform(stdv),
                             bias_attr=_uniform(stdv))
        stdv = 1.0 / math.sqrt(384 * 3 * 3)
        self._conv4 = Conv2D(384, 256, 3, stride=1, padding=1, weight_attr=_uniform(stdv),
                             bias_attr=_uniform(stdv))
        stdv = 1.0 / math.sqrt(256 * 3 * 3)
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, stdv, act="relu")
        if self.num_classes > 0:
            stdv = 1.0 / math.sqrt(256 * 6 * 6)
            self._drop1 = Dropout(p=0.5, mode="downscale_in_infer")
            self._fc6 = Linear(in_features=256 * 6 * 6, out_features=4096,
                               weight_attr=_uniform(stdv), bias_attr=_uniform(stdv))
            self._drop2 = Dropout(p=0.5, mode="downscale_in_infer")
            self._fc7 = Linear(in_features=4096, out_features=4096, weight_attr=_uniform(stdv),
                               bias_attr=_uniform(stdv))
            self._fc8 = Linear(in_features=4096, out_features=num_classes,
                               weight_attr=_uniform(stdv), bias_attr=_uniform(stdv))

    def forward(self, inputs):
        x = self._conv2(self._conv1(inputs))
        x = relu(self._conv3(x))
        x = relu(self._conv4(x))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = flatten(x, start_axis=1, stop_axis=-1)
            x = relu(self._fc6(self._drop1(x)))
            x = relu(self._fc7(self._drop2(x)))
            x = self._fc8(x)
        return x


def alexnet(pretrained=False, **kwargs):
    """AlexNet; `pretrained=True` loads Paddle's ImageNet weights from its cache.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    model = AlexNet(**kwargs)
    if pretrained:
        load_pretrained(model, "alexnet", model_urls)
    return model
