"""paddle.vision.models.mobilenetv1: MobileNetV1 and mobilenet_v1."""
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Linear
from ..._nn.layer.pooling import AdaptiveAvgPool2D
from ..._ops.manipulation import flatten
from ..ops import ConvNormActivation
from ._utils import load_pretrained

__all__ = []

model_urls = {
    "mobilenetv1_1.0": ("https://paddle-hapi.bj.bcebos.com/models/mobilenetv1_1.0.pdparams",
                        "3033ab1975b1670bef51545feb65fc45"),
}


class DepthwiseSeparable(Layer):
    """A depthwise 3x3 ConvNormActivation then a pointwise 1x1 one."""

    def __init__(self, in_channels, out_channels1, out_channels2, num_groups, stride, scale):
        super().__init__()
        self._depthwise_conv = ConvNormActivation(
            in_channels, int(out_channels1 * scale), kernel_size=3, stride=stride, padding=1,
            groups=int(num_groups * scale))
        self._pointwise_conv = ConvNormActivation(
            int(out_channels1 * scale), int(out_channels2 * scale), kernel_size=1, stride=1,
            padding=0)

    def forward(self, x):
        return self._pointwise_conv(self._depthwise_conv(x))


class MobileNetV1(Layer):
    """paddle.vision.models.MobileNetV1(scale=1.0, num_classes=1000, with_pool=True)."""

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.dwsl = []
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.conv1 = ConvNormActivation(in_channels=3, out_channels=int(32 * scale),
                                        kernel_size=3, stride=2, padding=1)
        # (name, in, out1, out2, groups, stride), registered in Paddle's order and names
        cfg = [("conv2_1", 32, 32, 64, 32, 1), ("conv2_2", 64, 64, 128, 64, 2),
               ("conv3_1", 128, 128, 128, 128, 1), ("conv3_2", 128, 128, 256, 128, 2),
               ("conv4_1", 256, 256, 256, 256, 1), ("conv4_2", 256, 256, 512, 256, 2)]
        cfg += [(f"conv5_{i + 1}", 512, 512, 512, 512, 1) for i in range(5)]
        cfg += [("conv5_6", 512, 512, 1024, 512, 2), ("conv6", 1024, 1024, 1024, 1024, 1)]
        for name, cin, c1, c2, groups, stride in cfg:
            self.dwsl.append(self.add_sublayer(
                sublayer=DepthwiseSeparable(in_channels=int(cin * scale), out_channels1=c1,
                                            out_channels2=c2, num_groups=groups, stride=stride,
                                            scale=scale),
                name=name))
        if with_pool:
            self.pool2d_avg = AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.fc = Linear(int(1024 * scale), num_classes)

    def forward(self, x):
        x = self.conv1(x)
        for dws in self.dwsl:
            x = dws(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = flatten(x, 1)
            x = self.fc(x)
        return x


def mobilenet_v1(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV1 with width multiplier `scale`; pretrained weights exist for scale 1.0.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    model = MobileNetV1(scale=scale, **kwargs)
    if pretrained:
        load_pretrained(model, "mobilenetv1_" + str(scale), model_urls)
    return model
