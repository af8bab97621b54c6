"""paddle.vision.models.mobilenetv2: MobileNetV2 and mobilenet_v2."""
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout, Linear
from ..._nn.layer.activation import ReLU6
from ..._nn.layer.container import Sequential
from ..._nn.layer.pooling import AdaptiveAvgPool2D
from ..._nn.layer.norm import BatchNorm2D
from ..._nn.layer.conv import Conv2D
from ..._ops.manipulation import flatten
from ..ops import ConvNormActivation
from ._utils import _make_divisible, load_pretrained

__all__ = []

model_urls = {
    "mobilenetv2_1.0": ("https://paddle-hapi.bj.bcebos.com/models/mobilenet_v2_x1.0.pdparams",
                        "0340af0a901346c8d46f4529882fb63d"),
}


class InvertedResidual(Layer):
    """Expand (1x1) -> depthwise 3x3 -> project (1x1), residual when stride 1 and inp == oup."""

    def __init__(self, inp, oup, stride, expand_ratio, norm_layer=BatchNorm2D):
        super().__init__()
        self.stride = stride
        assert stride in [1, 2]
        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = self.stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(ConvNormActivation(inp, hidden_dim, kernel_size=1,
                                             norm_layer=norm_layer, activation_layer=ReLU6))
        layers.extend([
            ConvNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim,
                               norm_layer=norm_layer, activation_layer=ReLU6),
            Conv2D(hidden_dim, oup, 1, 1, 0, bias_attr=False),
            norm_layer(oup)])
        self.conv = Sequential(*layers)

    def forward(self, x):
        if self.use_res_connect:
            return x + self.conv(x)
        return self.conv(x)


class MobileNetV2(Layer):
    """paddle.vision.models.MobileNetV2(scale=1.0, num_classes=1000, with_pool=True)."""

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        input_channel = 32
        last_channel = 1280
        round_nearest = 8
        norm_layer = BatchNorm2D
        inverted_residual_setting = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2],
                                     [6, 96, 3, 1], [6, 160, 3, 2], [6, 320, 1, 1]]
        input_channel = _make_divisible(input_channel * scale, round_nearest)
        self.last_channel = _make_divisible(last_channel * max(1.0, scale), round_nearest)
        features = [ConvNormActivation(3, input_channel, stride=2, norm_layer=norm_layer,
                                       activation_layer=ReLU6)]
        for t, c, n, s in inverted_residual_setting:
            output_channel = _make_divisible(c * scale, round_nearest)
            for i in range(n):
                stride = s if i == 0 else 1
                features.append(InvertedResidual(input_channel, output_channel, stride,
                                                 expand_ratio=t, norm_layer=norm_layer))
                input_channel = output_channel
        features.append(ConvNormActivation(input_channel, self.last_channel, kernel_size=1,
                                           norm_layer=norm_layer, activation_layer=ReLU6))
        self.features = Sequential(*features)
        if with_pool:
            self.pool2d_avg = AdaptiveAvgPool2D(1)
        if self.num_classes > 0:
            self.classifier = Sequential(Dropout(0.2), Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = flatten(x, 1)
            x = self.classifier(x)
        return x


def mobilenet_v2(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV2 with width multiplier `scale`; pretrained weights exist for scale 1.0.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    model = MobileNetV2(scale=scale, **kwargs)
    if pretrained:
        load_pretrained(model, "mobilenetv2_" + str(scale), model_urls)
    return model
