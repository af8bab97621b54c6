"""paddle.vision.models.googlenet: GoogLeNet (Inception v1) and googlenet; forward returns the
main output and the two auxiliary outputs, as Paddle's."""
from ..._nn.functional.activation import relu
from ..._nn.initializer import Uniform
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout, Linear
from ..._nn.layer.pooling import AdaptiveAvgPool2D, AvgPool2D, MaxPool2D
from ..._nn.layer.conv import Conv2D
from ..._ops.manipulation import concat, flatten, squeeze
from ..._param_attr import ParamAttr
from ._utils import load_pretrained

__all__ = []

model_urls = {
    "googlenet": ("https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
                  "GoogLeNet_pretrained.pdparams", "80c06f038e905c53ab32c40eca6e26ae"),
}


def xavier(channels, filter_size):
    """Paddle's helper: a ParamAttr with Uniform(+-sqrt(3 / (filter_size**2 * channels)))."""
    stdv = (3.0 / (filter_size ** 2 * channels)) ** 0.5
    return ParamAttr(initializer=Uniform(-stdv, stdv))


class ConvLayer(Layer):
    """Conv2D with 'same' padding for odd kernels and no bias."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, groups=1):
        super().__init__()
        self._conv = Conv2D(in_channels=num_channels, out_channels=num_filters,
                            kernel_size=filter_size, stride=stride,
                            padding=(filter_size - 1) // 2, groups=groups, bias_attr=False)

    def forward(self, inputs):
        return self._conv(inputs)


class Inception(Layer):
    """The four-branch Inception module (1x1, 1x1-3x3, 1x1-5x5, pool-1x1), ReLU after concat."""

    def __init__(self, input_channels, output_channels, filter1, filter3R, filter3, filter5R,
                 filter5, proj):
        super().__init__()
        self._conv1 = ConvLayer(input_channels, filter1, 1)
        self._conv3r = ConvLayer(input_channels, filter3R, 1)
        self._conv3 = ConvLayer(filter3R, filter3, 3)
        self._conv5r = ConvLayer(input_channels, filter5R, 1)
        self._conv5 = ConvLayer(filter5R, filter5, 5)
        self._pool = MaxPool2D(kernel_size=3, stride=1, padding=1)
        self._convprj = ConvLayer(input_channels, proj, 1)

    def forward(self, inputs):
        conv1 = self._conv1(inputs)
        conv3 = self._conv3(self._conv3r(inputs))
        conv5 = self._conv5(self._conv5r(inputs))
        convprj = self._convprj(self._pool(inputs))
        return relu(concat([conv1, conv3, conv5, convprj], axis=1))


class GoogLeNet(Layer):
    """paddle.vision.models.GoogLeNet(num_classes=1000, with_pool=True); forward returns
    (out, out1, out2)."""

    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._conv = ConvLayer(3, 64, 7, 2)
        self._pool = MaxPool2D(kernel_size=3, stride=2)
        self._conv_1 = ConvLayer(64, 64, 1)
        self._conv_2 = ConvLayer(64, 192, 3)
        self._ince3a = Inception(192, 192, 64, 96, 128, 16, 32, 32)
        self._ince3b = Inception(256, 256, 128, 128, 192, 32, 96, 64)
        self._ince4a = Inception(480, 480, 192, 96, 208, 16, 48, 64)
        self._ince4b = Inception(512, 512, 160, 112, 224, 24, 64, 64)
        self._ince4c = Inception(512, 512, 128, 128, 256, 24, 64, 64)
        self._ince4d = Inception(512, 512, 112, 144, 288, 32, 64, 64)
        self._ince4e = Inception(528, 528, 256, 160, 320, 32, 128, 128)
        self._ince5a = Inception(832, 832, 256, 160, 320, 32, 128, 128)
        self._ince5b = Inception(832, 832, 384, 192, 384, 48, 128, 128)
        if with_pool:
            self._pool_5 = AdaptiveAvgPool2D(1)
            self._pool_o1 = AvgPool2D(kernel_size=5, stride=3)
            self._pool_o2 = AvgPool2D(kernel_size=5, stride=3)
        if num_classes > 0:
            self._drop = Dropout(p=0.4, mode="downscale_in_infer")
            self._fc_out = Linear(1024, num_classes, weight_attr=xavier(1024, 1))
            self._conv_o1 = ConvLayer(512, 128, 1)
            self._fc_o1 = Linear(1152, 1024, weight_attr=xavier(2048, 1))
            self._drop_o1 = Dropout(p=0.7, mode="downscale_in_infer")
            self._out1 = Linear(1024, num_classes, weight_attr=xavier(1024, 1))
            self._conv_o2 = ConvLayer(528, 128, 1)
            self._fc_o2 = Linear(1152, 1024, weight_attr=xavier(2048, 1))
            self._drop_o2 = Dropout(p=0.7, mode="downscale_in_infer")
            self._out2 = Linear(1024, num_classes, weight_attr=xavier(1024, 1))

    def forward(self, inputs):
        x = self._pool(self._conv(inputs))
        x = self._pool(self._conv_2(self._conv_1(x)))
        x = self._pool(self._ince3b(self._ince3a(x)))
        ince4a = self._ince4a(x)
        x = self._ince4c(self._ince4b(ince4a))
        ince4d = self._ince4d(x)
        x = self._pool(self._ince4e(ince4d))
        ince5b = self._ince5b(self._ince5a(x))
        out, out1, out2 = ince5b, ince4a, ince4d
        if self.with_pool:
            out = self._pool_5(out)
            out1 = self._pool_o1(out1)
            out2 = self._pool_o2(out2)
        if self.num_classes > 0:
            out = self._fc_out(squeeze(self._drop(out), axis=[2, 3]))
            out1 = flatten(self._conv_o1(out1), start_axis=1, stop_axis=-1)
            out1 = self._out1(self._drop_o1(relu(self._fc_o1(out1))))
            out2 = flatten(self._conv_o2(out2), start_axis=1, stop_axis=-1)
            # no ReLU after _fc_o2: Paddle's network has none there
            out2 = self._out2(self._drop_o2(self._fc_o2(out2)))
        return out, out1, out2


def googlenet(pretrained=False, **kwargs):
    """GoogLeNet (Inception v1).

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    model = GoogLeNet(**kwargs)
    if pretrained:
        load_pretrained(model, "googlenet", model_urls)
    return model
