"""paddle.vision.models.mobilenetv3: MobileNetV3Small / MobileNetV3Large and their builders."""
from functools import partial

from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout, Linear
from ..._nn.layer.activation import Hardsigmoid, Hardswish, ReLU, Sigmoid
from ..._nn.layer.container import Sequential
from ..._nn.layer.pooling import AdaptiveAvgPool2D
from ..._nn.layer.norm import BatchNorm2D
from ..._nn.layer.conv import Conv2D
from ..._ops.manipulation import flatten
from ..._ops.math import add
from ..ops import ConvNormActivation
from ._utils import _make_divisible, load_pretrained

__all__ = []

model_urls = {
    "mobilenet_v3_small_x1.0": (
        "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_small_x1.0.pdparams",
        "34fe0e7c1f8b00b2b056ad6788d0590c"),
    "mobilenet_v3_large_x1.0": (
        "https://paddle-hapi.bj.bcebos.com/models/mobilenet_v3_large_x1.0.pdparams",
        "118db5792b4e183b925d8e8e334db3df"),
}


class SqueezeExcitation(Layer):
    """Squeeze-and-excitation: global pool, 1x1 conv down, activation, 1x1 conv up, gate."""

    def __init__(self, input_channels, squeeze_channels, activation=ReLU,
                 scale_activation=Sigmoid):
        super().__init__()
        self.avgpool = AdaptiveAvgPool2D(1)
        self.fc1 = Conv2D(input_channels, squeeze_channels, 1)
        self.fc2 = Conv2D(squeeze_channels, input_channels, 1)
        self.activation = activation()
        self.scale_activation = scale_activation()

    def _scale(self, input):
        scale = self.fc2(self.activation(self.fc1(self.avgpool(input))))
        return self.scale_activation(scale)

    def forward(self, input):
        return self._scale(input) * input


class InvertedResidualConfig:
    """One MobileNetV3 block's channels (scaled and made divisible by 8), kernel, SE, activation."""

    def __init__(self, in_channels, kernel, expanded_channels, out_channels, use_se, activation,
                 stride, scale=1.0):
        self.in_channels = self.adjust_channels(in_channels, scale=scale)
        self.kernel = kernel
        self.expanded_channels = self.adjust_channels(expanded_channels, scale=scale)
        self.out_channels = self.adjust_channels(out_channels, scale=scale)
        self.use_se = use_se
        if activation is None:
            self.activation_layer = None
        elif activation == "relu":
            self.activation_layer = ReLU
        elif activation == "hardswish":
            self.activation_layer = Hardswish
        else:
            raise RuntimeError(f"The activation function is not supported: {activation}")
        self.stride = stride

    @staticmethod
    def adjust_channels(channels, scale=1.0):
        return _make_divisible(channels * scale, 8)


class InvertedResidual(Layer):
    """Expand, depthwise, optional squeeze-excitation, linear projection, residual."""

    def __init__(self, in_channels, expanded_channels, out_channels, filter_size, stride, use_se,
                 activation_layer, norm_layer):
        super().__init__()
        self.use_res_connect = stride == 1 and in_channels == out_channels
        self.use_se = use_se
        self.expand = in_channels != expanded_channels
        if self.expand:
            self.expand_conv = ConvNormActivation(
                in_channels=in_channels, out_channels=expanded_channels, kernel_size=1, stride=1,
                padding=0, norm_layer=norm_layer, activation_layer=activation_layer)
        self.bottleneck_conv = ConvNormActivation(
            in_channels=expanded_channels, out_channels=expanded_channels,
            kernel_size=filter_size, stride=stride, padding=int((filter_size - 1) // 2),
            groups=expanded_channels, norm_layer=norm_layer, activation_layer=activation_layer)
        if self.use_se:
            self.mid_se = SqueezeExcitation(expanded_channels,
                                            _make_divisible(expanded_channels // 4),
                                            scale_activation=Hardsigmoid)
        self.linear_conv = ConvNormActivation(
            in_channels=expanded_channels, out_channels=out_channels, kernel_size=1, stride=1,
            padding=0, norm_layer=norm_layer, activation_layer=None)

    def forward(self, x):
        identity = x
        if self.expand:
            x = self.expand_conv(x)
        x = self.bottleneck_conv(x)
        if self.use_se:
            x = self.mid_se(x)
        x = self.linear_conv(x)
        if self.use_res_connect:
            x = add(identity, x)
        return x


class MobileNetV3(Layer):
    """The MobileNetV3 body shared by the Small and Large variants (BatchNorm2D with
    epsilon=0.001, momentum=0.99)."""

    def __init__(self, config, last_channel, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.config = config
        self.scale = scale
        self.last_channel = last_channel
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.firstconv_in_channels = config[0].in_channels
        self.lastconv_in_channels = config[-1].in_channels
        self.lastconv_out_channels = self.lastconv_in_channels * 6
        norm_layer = partial(BatchNorm2D, epsilon=0.001, momentum=0.99)
        self.conv = ConvNormActivation(
            in_channels=3, out_channels=self.firstconv_in_channels, kernel_size=3, stride=2,
            padding=1, groups=1, activation_layer=Hardswish, norm_layer=norm_layer)
        self.blocks = Sequential(*[
            InvertedResidual(in_channels=cfg.in_channels, expanded_channels=cfg.expanded_channels,
                             out_channels=cfg.out_channels, filter_size=cfg.kernel,
                             stride=cfg.stride, use_se=cfg.use_se,
                             activation_layer=cfg.activation_layer, norm_layer=norm_layer)
            for cfg in self.config])
        self.lastconv = ConvNormActivation(
            in_channels=self.lastconv_in_channels, out_channels=self.lastconv_out_channels,
            kernel_size=1, stride=1, padding=0, groups=1, norm_layer=norm_layer,
            activation_layer=Hardswish)
        if with_pool:
            self.avgpool = AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.classifier = Sequential(
                Linear(self.lastconv_out_channels, self.last_channel), Hardswish(),
                Dropout(p=0.2), Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.lastconv(self.blocks(self.conv(x)))
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = flatten(x, 1)
            x = self.classifier(x)
        return x


_SMALL = [(16, 3, 16, 16, True, "relu", 2), (16, 3, 72, 24, False, "relu", 2),
          (24, 3, 88, 24, False, "relu", 1), (24, 5, 96, 40, True, "hardswish", 2),
          (40, 5, 240, 40, True, "hardswish", 1), (40, 5, 240, 40, True, "hardswish", 1),
          (40, 5, 120, 48, True, "hardswish", 1), (48, 5, 144, 48, True, "hardswish", 1),
          (48, 5, 288, 96, True, "hardswish", 2), (96, 5, 576, 96, True, "hardswish", 1),
          (96, 5, 576, 96, True, "hardswish", 1)]
_LARGE = [(16, 3, 16, 16, False, "relu", 1), (16, 3, 64, 24, False, "relu", 2),
          (24, 3, 72, 24, False, "relu", 1), (24, 5, 72, 40, True, "relu", 2),
          (40, 5, 120, 40, True, "relu", 1), (40, 5, 120, 40, True, "relu", 1),
          (40, 3, 240, 80, False, "hardswish", 2), (80, 3, 200, 80, False, "hardswish", 1),
          (80, 3, 184, 80, False, "hardswish", 1), (80, 3, 184, 80, False, "hardswish", 1),
          (80, 3, 480, 112, True, "hardswish", 1), (112, 3, 672, 112, True, "hardswish", 1),
          (112, 5, 672, 160, True, "hardswish", 2), (160, 5, 960, 160, True, "hardswish", 1),
          (160, 5, 960, 160, True, "hardswish", 1)]


class MobileNetV3Small(MobileNetV3):
    """paddle.vision.models.MobileNetV3Small(scale=1.0, num_classes=1000, with_pool=True)."""

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        config = [InvertedResidualConfig(*c, scale) for c in _SMALL]
        super().__init__(config, last_channel=_make_divisible(1024 * scale, 8), scale=scale,
                         with_pool=with_pool, num_classes=num_classes)


class MobileNetV3Large(MobileNetV3):
    """paddle.vision.models.MobileNetV3Large(scale=1.0, num_classes=1000, with_pool=True)."""

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        config = [InvertedResidualConfig(*c, scale) for c in _LARGE]
        super().__init__(config, last_channel=_make_divisible(1280 * scale, 8), scale=scale,
                         with_pool=with_pool, num_classes=num_classes)


def _mobilenet_v3(arch, pretrained=False, scale=1.0, **kwargs):
    if arch == "mobilenet_v3_large":
        model = MobileNetV3Large(scale=scale, **kwargs)
    else:
        model = MobileNetV3Small(scale=scale, **kwargs)
    if pretrained:
        load_pretrained(model, f"{arch}_x{scale}", model_urls)
    return model


def mobilenet_v3_small(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV3-Small; pretrained weights exist for scale 1.0.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _mobilenet_v3("mobilenet_v3_small", scale=scale, pretrained=pretrained, **kwargs)


def mobilenet_v3_large(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV3-Large; pretrained weights exist for scale 1.0.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _mobilenet_v3("mobilenet_v3_large", scale=scale, pretrained=pretrained, **kwargs)
