"""paddle.vision.models.squeezenet: SqueezeNet (versions '1.0' and '1.1') and its builders."""
from ..._nn.functional.activation import relu
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout
from ..._nn.layer.pooling import AdaptiveAvgPool2D, MaxPool2D
from ..._nn.layer.conv import Conv2D
from ..._ops.manipulation import concat, squeeze
from ..._param_attr import ParamAttr
from ._utils import load_pretrained

__all__ = []

_BASE = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
model_urls = {
    "squeezenet1_0": (_BASE + "SqueezeNet1_0_pretrained.pdparams",
                      "30b95af60a2178f03cf9b66cd77e1db1"),
    "squeezenet1_1": (_BASE + "SqueezeNet1_1_pretrained.pdparams",
                      "a11250d3a1f91d7131fd095ebbf09eee"),
}


class MakeFireConv(Layer):
    """Conv2D then ReLU."""

    def __init__(self, input_channels, output_channels, filter_size, padding=0):
        super().__init__()
        self._conv = Conv2D(input_channels, output_channels, filter_size, padding=padding,
                            weight_attr=ParamAttr(), bias_attr=ParamAttr())

    def forward(self, x):
        return relu(self._conv(x))


class MakeFire(Layer):
    """A fire module: squeeze 1x1, then expand 1x1 and 3x3 concatenated on channels."""

    def __init__(self, input_channels, squeeze_channels, expand1x1_channels, expand3x3_channels):
        super().__init__()
        self._conv = MakeFireConv(input_channels, squeeze_channels, 1)
        self._conv_path1 = MakeFireConv(squeeze_channels, expand1x1_channels, 1)
        self._conv_path2 = MakeFireConv(squeeze_channels, expand3x3_channels, 3, padding=1)

    def forward(self, inputs):
        x = self._conv(inputs)
        return concat([self._conv_path1(x), self._conv_path2(x)], axis=1)


class SqueezeNet(Layer):
    """paddle.vision.models.SqueezeNet(version, num_classes=1000, with_pool=True); version is
    '1.0' or '1.1'. The classifier conv `_conv9` is built whatever num_classes is, as in Paddle."""

    def __init__(self, version, num_classes=1000, with_pool=True):
        super().__init__()
        self.version = version
        self.num_classes = num_classes
        self.with_pool = with_pool
        supported_versions = ["1.0", "1.1"]
        assert version in supported_versions, (
            f"supported versions are {supported_versions} but input version is {version}")
        if self.version == "1.0":
            self._conv = Conv2D(3, 96, 7, stride=2, weight_attr=ParamAttr(),
                                bias_attr=ParamAttr())
            self._pool = MaxPool2D(kernel_size=3, stride=2, padding=0)
            self._conv1 = MakeFire(96, 16, 64, 64)
        else:
            self._conv = Conv2D(3, 64, 3, stride=2, padding=1, weight_attr=ParamAttr(),
                                bias_attr=ParamAttr())
            self._pool = MaxPool2D(kernel_size=3, stride=2, padding=0)
            self._conv1 = MakeFire(64, 16, 64, 64)
        self._conv2 = MakeFire(128, 16, 64, 64)
        self._conv3 = MakeFire(128, 32, 128, 128)
        self._conv4 = MakeFire(256, 32, 128, 128)
        self._conv5 = MakeFire(256, 48, 192, 192)
        self._conv6 = MakeFire(384, 48, 192, 192)
        self._conv7 = MakeFire(384, 64, 256, 256)
        self._conv8 = MakeFire(512, 64, 256, 256)
        self._drop = Dropout(p=0.5, mode="downscale_in_infer")
        self._conv9 = Conv2D(512, num_classes, 1, weight_attr=ParamAttr(), bias_attr=ParamAttr())
        self._avg_pool = AdaptiveAvgPool2D(1)

    def forward(self, inputs):
        x = self._pool(relu(self._conv(inputs)))
        if self.version == "1.0":
            x = self._conv3(self._conv2(self._conv1(x)))
            x = self._pool(x)
            x = self._conv7(self._conv6(self._conv5(self._conv4(x))))
            x = self._pool(x)
            x = self._conv8(x)
        else:
            x = self._pool(self._conv2(self._conv1(x)))
            x = self._pool(self._conv4(self._conv3(x)))
            x = self._conv8(self._conv7(self._conv6(self._conv5(x))))
        if self.num_classes > 0:
            x = self._conv9(self._drop(x))
        if self.with_pool:
            x = self._avg_pool(relu(x))
            x = squeeze(x, axis=[2, 3])
        return x


def _squeezenet(arch, version, pretrained, **kwargs):
    model = SqueezeNet(version, **kwargs)
    if pretrained:
        load_pretrained(model, arch, model_urls)
    return model


def squeezenet1_0(pretrained=False, **kwargs):
    """SqueezeNet 1.0.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _squeezenet("squeezenet1_0", "1.0", pretrained, **kwargs)


def squeezenet1_1(pretrained=False, **kwargs):
    """SqueezeNet 1.1.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _squeezenet("squeezenet1_1", "1.1", pretrained, **kwargs)
